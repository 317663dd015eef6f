//! Vietnam Tactics, the app: one window for all the games, native and in
//! the browser.
//!
//! Screens are the states of [`vt_ui::Screen`]: loading (the games' data
//! files from `assets/`, with a progress bar), the main menu, the new-game
//! set-up, playing (with the pause menu and the hand-over screen as
//! [`vt_ui::PlayMode`]) and game over. The logic of each screen lives in
//! [`flow`] and is driven by [`flow::Action`] messages; the egui screens in
//! [`ui`] only draw and write actions, so the headless tests drive the same
//! code with no window.

pub mod backdrop;
pub mod catalog;
pub mod computer;
pub mod export;
pub mod flow;
pub mod form;
pub mod howto;
pub mod saves;
pub mod ui;

use bevy::prelude::*;
use bevy_asset_loader::prelude::*;
use catalog::{
    DATA_KEY, DataHandles, DataSource, DataText, DataTextLoader, Entries, GameDataCollection,
    GameDataFiles,
};
use flow::{Action, Asking, ContinueOffer, Notice, Settings};
use saves::SaveStore;
use std::sync::Arc;
use vt_core::data::DataFiles;
use vt_core::dynamic::Game;
use vt_core::testing::Pig;
use vt_games::GameEntry;
use vt_ui::{Screen, VtSet, VtUiPlugin};

/// Pig, the dice game core uses in its tests. Only in debug builds or with
/// the `test-game` feature: never in a player's release build.
pub fn pig_entry() -> GameEntry {
    GameEntry {
        id: "pig",
        data_files: DataFiles::new,
        build: |_| Ok(Arc::new(Game::new(Pig { goal: 30 }))),
        ai: vt_ai::for_game::<Pig>,
    }
}

/// Skirmish, the tabletop test game (vt-core's, drawn on vt-ui's table
/// board). Only in debug builds or with the `test-game` feature.
pub fn skirmish_entry() -> GameEntry {
    GameEntry {
        id: vt_core::tabletop::skirmish::ID,
        data_files: DataFiles::new,
        build: |_| {
            Ok(Arc::new(Game::new(
                vt_core::tabletop::skirmish::Skirmish::default(),
            )))
        },
        ai: vt_ai::for_game::<vt_core::tabletop::skirmish::Skirmish>,
    }
}

/// The test games are listed: debug builds, or the `test-game` feature.
pub const TEST_GAMES: bool = cfg!(any(debug_assertions, feature = "test-game"));

/// The games of this build, in menu order.
pub fn game_entries() -> Vec<GameEntry> {
    let mut v = vt_games::entries();
    if TEST_GAMES {
        v.push(pig_entry());
        v.push(skirmish_entry());
    }
    v
}

/// The game plugins of this build (one line per game with a board plugin).
pub fn game_plugins(app: &mut App) {
    app.add_plugins(csar_plugin::CsarPlugin);
    app.add_plugins(fte_plugin::FtePlugin);
    app.add_plugins(platoon_cards_plugin::PlatoonCardsPlugin);
    if TEST_GAMES {
        app.add_plugins(vt_ui::tabletop::skirmish::SkirmishPlugin);
    }
    app.add_plugins(grunt_plugin::GruntPlugin);
    app.add_plugins(crossfire_vn_plugin::CrossfireVnPlugin);
}

pub struct LauncherPlugin {
    pub entries: Vec<GameEntry>,
    pub saves: SaveStore,
    pub settings: Settings,
    /// Draw the screens with egui (off in headless tests).
    pub with_egui: bool,
    /// Read the games' data files from `assets/` (on the desktop, so a
    /// player's edit takes effect); when false, the copies embedded in the
    /// program are used and nothing is read (the web build: one download
    /// holds the program and its data, and the menu waits for no fetch).
    pub data_files: bool,
}

impl Default for LauncherPlugin {
    fn default() -> Self {
        LauncherPlugin {
            entries: game_entries(),
            saves: SaveStore::platform_default(),
            settings: Settings::default(),
            with_egui: true,
            data_files: !cfg!(target_arch = "wasm32"),
        }
    }
}

impl Plugin for LauncherPlugin {
    fn build(&self, app: &mut App) {
        let entries = Entries(self.entries.clone());
        let source = if self.data_files {
            DataSource::Files
        } else {
            DataSource::Embedded
        };
        let paths = match source {
            DataSource::Files => entries.data_paths(),
            DataSource::Embedded => Vec::new(),
        };
        app.add_plugins(VtUiPlugin {
            with_egui: self.with_egui,
        })
        .init_asset::<DataText>()
        .register_asset_loader(DataTextLoader)
        .add_message::<Action>()
        // The window's (none in headless tests) close button.
        .add_message::<bevy::window::WindowCloseRequested>()
        .insert_resource(entries)
        .insert_resource(source)
        .insert_resource(self.saves.clone())
        .insert_resource(vt_ui::store::GameStore(Arc::new(self.saves.clone())))
        .insert_resource(flow::stored_settings(&self.saves).unwrap_or(self.settings.clone()))
        .init_resource::<Notice>()
        .init_resource::<Asking>()
        .init_resource::<ContinueOffer>()
        .init_resource::<export::DialogInbox>()
        .init_resource::<export::FileDialogs>()
        .init_resource::<DataHandles>()
        .insert_resource(computer::Computer::new(flow::random_seed()))
        .init_resource::<computer::Levels>()
        .add_loading_state(
            LoadingState::new(Screen::Loading)
                .continue_to_state(Screen::Menu)
                .on_failure_continue_to_state(Screen::Menu)
                .load_collection::<GameDataCollection>(),
        );
        app.world_mut()
            .resource_mut::<DynamicAssets>()
            .register_asset(DATA_KEY, Box::new(GameDataFiles { paths }));
        app.add_systems(Startup, catalog::start_loading)
            .add_systems(OnExit(Screen::Loading), catalog::finish_loading)
            .add_systems(
                OnEnter(Screen::Menu),
                (backdrop::spawn_backdrop, flow::refresh_continue),
            )
            .add_systems(OnEnter(Screen::Setup), ui::setup::init_form)
            .add_systems(
                Update,
                (flow::close_requested, flow::keys).in_set(VtSet::Input),
            )
            .add_systems(
                Update,
                (
                    flow::handle_actions,
                    flow::apply_commands,
                    computer::computer_turns,
                    computer::share_suggestion,
                )
                    .chain()
                    .in_set(VtSet::Rules),
            )
            .add_systems(
                Update,
                (flow::watch_game, flow::autosave_at_changes)
                    .chain()
                    .run_if(in_state(Screen::Playing))
                    .in_set(VtSet::Sync),
            )
            .add_systems(Last, flow::autosave_on_exit)
            .add_systems(Update, (flow::keep_settings, export::dialog_answers));
        game_plugins(app);
        if self.with_egui {
            ui::plugin(app);
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                computer::panel::computer_panel
                    .run_if(in_state(Screen::Playing))
                    .after(ui::playing::playing_ui),
            );
        }
    }
}

/// The browser's console as the program's log.
///
/// Natively Bevy's `LogPlugin` (feature `bevy_log`, which vt-ui turns on
/// for native targets) shows the `tracing` lines; the browser build has no
/// `bevy_log` (its `EnvFilter` brought regex and its Unicode tables into the
/// .wasm: issue 15), so this gives the same lines the same way: `tracing-wasm`
/// to the console, at LogPlugin's default filter (info, and wgpu's errors
/// and naga's warnings only).
#[cfg(target_arch = "wasm32")]
pub fn start_web_log() {
    use tracing_subscriber::filter::{LevelFilter, Targets};
    use tracing_subscriber::layer::SubscriberExt;
    let filter = Targets::new()
        .with_default(LevelFilter::INFO)
        .with_target("wgpu", LevelFilter::ERROR)
        .with_target("naga", LevelFilter::WARN);
    let console = tracing_wasm::WASMLayer::new(tracing_wasm::WASMLayerConfig::default());
    let subscriber = tracing_subscriber::registry().with(filter).with(console);
    // Fails only if a subscriber is already set (then that one logs).
    let _ = tracing::subscriber::set_global_default(subscriber);
}
