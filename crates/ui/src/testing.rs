//! Headless test apps: a plugin's systems run with no window, no GPU and no
//! egui, driven by writing the messages clicks and keys would write.
//!
//! ```ignore
//! let mut app = vt_ui::testing::board_app(CsarPlugin);
//! vt_ui::testing::start(&mut app, Arc::new(Game::new(Csar::embedded())),
//!     Setup::new("caged-tiger", 7), vec![Controller::Person]);
//! app.world_mut().write_message(BoardClick { world: Vec2::ZERO });
//! vt_ui::testing::settle(&mut app);
//! ```
//!
//! [`board_app`] stands in for the launcher: [`StandIn`] applies what the
//! plugin submits, in [`VtSet::Rules`] as the launcher does.

use crate::game::{ActiveGame, Controller, SubmitCommand};
use crate::screen::Screen;
use crate::sets::VtSet;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use serde_json::Value;
use std::sync::Arc;
use vt_core::Setup;
use vt_core::dynamic::DynGame;

/// An app with no window: time, states, input, assets (meshes, materials,
/// and images can be added, never rendered). Add `VtUiPlugin` or the
/// launcher's plugin to it.
pub fn headless(assets: AssetPlugin) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        bevy::input::InputPlugin,
        assets,
    ));
    app.init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .init_asset::<Image>();
    app
}

/// A game plugin on vt-ui with a stand-in for the launcher.
pub fn board_app(plugin: impl Plugin) -> App {
    let mut app = headless(AssetPlugin::default());
    app.add_plugins(crate::VtUiPlugin { with_egui: false })
        .add_plugins(plugin)
        .init_resource::<StandIn>()
        .add_systems(Update, stand_in.in_set(VtSet::Rules));
    // Nothing waits for animations in a test.
    app.insert_resource(crate::anim::AnimSpeed::Off);
    app
}

/// What the stand-in launcher does with submitted commands.
#[derive(Resource, Debug)]
pub struct StandIn {
    /// Apply them (else only record them).
    pub apply: bool,
    /// After each command, show the deciding side (hot seat without the
    /// hand-over screen).
    pub follow_decider: bool,
    /// A refusal fails the test (the board should only submit legal commands).
    pub panic_on_refusal: bool,
    /// Every command submitted, in order.
    pub sent: Vec<Value>,
}

impl Default for StandIn {
    fn default() -> Self {
        StandIn {
            apply: true,
            follow_decider: false,
            panic_on_refusal: true,
            sent: Vec::new(),
        }
    }
}

impl StandIn {
    /// The commands sent since the last call, typed.
    pub fn take<C: serde::de::DeserializeOwned>(&mut self) -> Vec<C> {
        std::mem::take(&mut self.sent)
            .into_iter()
            .map(|v| serde_json::from_value(v).expect("a command of this game"))
            .collect()
    }
}

fn stand_in(
    mut msgs: MessageReader<SubmitCommand>,
    mut s: ResMut<StandIn>,
    game: Option<ResMut<ActiveGame>>,
) {
    let mut game = game;
    for SubmitCommand(v) in msgs.read() {
        s.sent.push(v.clone());
        if !s.apply {
            continue;
        }
        let Some(g) = game.as_mut() else { continue };
        match g.apply(v) {
            Ok(_) if s.follow_decider => g.viewer = g.deciding_side(),
            Ok(_) => {}
            Err(e) if s.panic_on_refusal => panic!("refused {v}: {e}"),
            Err(_) => {}
        }
    }
}

/// Starts a game on the playing screen and lets the plugin draw it.
pub fn start(app: &mut App, game: Arc<dyn DynGame>, setup: Setup, controllers: Vec<Controller>) {
    let session = game.new_session(setup).expect("the scenario sets up");
    let g = ActiveGame::new(game, session, controllers);
    app.insert_resource(g);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    settle(app);
}

/// A few frames: a message, what it submits, the sync and the drawing.
pub fn settle(app: &mut App) {
    for _ in 0..3 {
        app.update();
    }
}

/// Applies a command directly (not through the board), as the launcher
/// would; `follow` shows the deciding side afterwards.
pub fn apply(app: &mut App, command: &Value, follow: bool) {
    {
        let mut g = app.world_mut().resource_mut::<ActiveGame>();
        g.apply(command)
            .unwrap_or_else(|e| panic!("{command} refused: {e}"));
        if follow {
            g.viewer = g.deciding_side();
        }
    }
    settle(app);
}

/// One egui frame's input for a 1280×800 window, for tests that lay out
/// egui screens on a bare context (no Bevy).
pub fn egui_input() -> bevy_egui::egui::RawInput {
    use bevy_egui::egui;
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        ..Default::default()
    }
}
