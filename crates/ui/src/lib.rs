//! Bevy helpers every Vietnam Tactics game plugin reuses.
//!
//! - [`screen`]: the app's screens as states ([`Screen`], [`PlayMode`]);
//! - [`game`]: the game being played ([`ActiveGame`]), commands from the
//!   board ([`SubmitCommand`]) and the board registration;
//! - [`overlay`]: the shared egui overlay: log with expandable
//!   adjudications, dice tray, tables viewer, turn track, card widget,
//!   "Sources and assumptions", help;
//! - [`generic`]: the generic game screen, which plays any game with the
//!   mouse from its legal commands;
//! - [`board`]: the pan/zoom camera, pointer, clicks and tooltips;
//! - [`hexmap`], [`counter`], [`highlight`], [`shapes`]: a hex map on hexx,
//!   procedurally drawn counters, highlights for targets, movement range and
//!   line of sight;
//! - [`store`]: small text files a plugin keeps between runs ([`store::GameStore`]).
//!
//! # How a game plugs in
//!
//! Every game is playable from day one on the generic screen: the launcher
//! lists the games of `vt_games::entries()` and, for a game with no board
//! plugin, shows the decision, the legal commands as buttons and the
//! viewing side's view as a tree. A game's own plugin crate (for example
//! `crates/csar/plugin`, depending on `vt-ui` and its rules crate, never on
//! the launcher) draws a real board:
//!
//! ```ignore
//! use bevy::prelude::*;
//! use vt_ui::prelude::*;
//! use csar_rules::{Csar, CsarCommand};
//!
//! pub struct CsarPlugin;
//!
//! impl Plugin for CsarPlugin {
//!     fn build(&self, app: &mut App) {
//!         app.register_board(BoardRegistration {
//!             game_id: "csar".into(),
//!             // Keep the list of legal commands beside the board.
//!             show_command_list: true,
//!         })
//!         .add_systems(
//!             Update,
//!             (redraw.run_if(game_changed), click_to_command)
//!                 .run_if(in_state(PlayMode::Board))
//!                 .run_if(board_visible("csar")),
//!         );
//!     }
//! }
//!
//! // Draw from the viewing side's view only, never from the full state.
//! fn redraw(game: Res<ActiveGame>, /* meshes, materials, old entities */) {
//!     let Some(view) = game.typed_view::<Csar>() else { return };
//!     // despawn the old board, spawn_hex_map(..), spawn_counter(..) for
//!     // each unit in `view`, each with DespawnOnExit(Screen::Playing)
//! }
//!
//! // Turn a click into a command; the launcher checks it is this person's
//! // turn and the rules check it is legal (a refusal shows its rule).
//! fn click_to_command(mut hexes: MessageReader<HexClicked>, mut out: MessageWriter<SubmitCommand>) {
//!     for HexClicked(c) in hexes.read() {
//!         out.write(SubmitCommand::typed(&CsarCommand::MoveTo(c.to_string())));
//!     }
//! }
//! ```
//!
//! Then the launcher adds the plugin next to the others in its
//! `game_plugins()` (one line per game). The typed session is
//! [`ActiveGame::typed`]`::<Csar>()` (a downcast of
//! `DynSession::as_any()` to `vt_core::session::Session<Csar>`); it returns
//! `None` when another game is being played, so a plugin's systems are
//! harmless outside its game. The board hides itself during a hand-over
//! because [`ActiveGame::viewer`] is `None` then and [`board_visible`] is
//! false: despawn the board entities in that case (or give them
//! `DespawnOnExit(PlayMode::Board)`).
//!
//! Keys: the launcher turns E (end phase), U (undo), 1-9 (legal commands)
//! and the panel keys into actions; Tab arrives as a [`board::CycleUnits`]
//! message for the plugin to move its selection.

pub mod anim;
pub mod board;
pub mod camera;
pub mod counter;
pub mod dev;
pub mod draw;
pub mod game;
pub mod generic;
pub mod hexmap;
pub mod highlight;
pub mod labels;
pub mod layout;
pub mod overlay;
pub mod palette;
pub mod pieces;
pub mod screen;
pub mod sets;
pub mod shapes;
pub mod store;
pub mod sync;
pub mod tabletop;
pub mod testing;

pub use game::{
    ActiveGame, BoardRegistration, Boards, Controller, RegisterBoard, SubmitCommand, board_visible,
    game_changed,
};
pub use screen::{PlayMode, Screen};
pub use sets::{VtSet, in_game};

use bevy::prelude::*;

/// What a game plugin usually needs.
pub mod prelude {
    pub use crate::anim::{AnimSpeed, Animate, animations_idle};
    pub use crate::board::{
        BoardBounds, BoardCamera, BoardClick, BoardPointer, BoardRect, CycleUnits, Tooltip,
    };
    pub use crate::camera::{BoardInsets, CameraFit, FitKind, free_board_rect};
    pub use crate::counter::{CounterSpec, StatusMarker, UnitSymbol, spawn_counter};
    pub use crate::draw::{BoardDraw, Painter};
    pub use crate::game::{
        ActiveGame, BoardRegistration, Boards, Controller, RegisterBoard, SubmitCommand,
        board_visible, game_changed,
    };
    pub use crate::hexmap::{
        ActiveMap, HexClicked, HexMapSpec, HexsideKind, MapCoord, MapGeometry, PathKind,
        default_terrain, spawn_hex_map,
    };
    pub use crate::highlight::{
        HighlightKind, clear_highlights, spawn_highlights, spawn_line_of_sight,
    };
    pub use crate::layout::{PanelLayout, panel_frame};
    pub use crate::overlay::cards::{CardDrag, CardEvents, CardFace, card_group, card_ui};
    pub use crate::overlay::track::{TurnTrack, TurnTrackSpec};
    pub use crate::palette::{self, Rgba};
    pub use crate::pieces::{PieceHome, PieceKey, PieceLook, Wanted, look_of};
    pub use crate::screen::{PlayMode, Screen};
    pub use crate::sets::{VtSet, in_game};
    pub use crate::shapes::ShapeBuilder;
    pub use crate::sync::{Change, SessionChanged, SyncPlugin, Synced};
}

/// The states, messages and resources the launcher and the game plugins
/// share; the system sets; the board's camera, pointer and animations.
///
/// `with_egui` adds the systems that draw egui tooltips; leave it off in
/// headless tests, which have no egui context.
pub struct VtUiPlugin {
    pub with_egui: bool,
}

impl Plugin for VtUiPlugin {
    fn build(&self, app: &mut App) {
        sets::configure(app, self.with_egui);
        app.init_state::<Screen>()
            .add_sub_state::<PlayMode>()
            .add_message::<SubmitCommand>()
            .add_message::<board::BoardClick>()
            .add_message::<board::CycleUnits>()
            .add_message::<hexmap::HexClicked>()
            .add_message::<anim::Animate>()
            .init_resource::<Boards>()
            .init_resource::<overlay::OverlayState>()
            .init_resource::<overlay::track::TurnTrackSpec>()
            .init_resource::<board::BoardRect>()
            .init_resource::<board::BoardBounds>()
            .init_resource::<board::BoardPointer>()
            .init_resource::<camera::BoardInsets>()
            .init_resource::<camera::CameraFit>()
            .init_resource::<hexmap::ActiveMap>()
            .init_resource::<anim::Animations>()
            .init_resource::<anim::AnimSpeed>()
            .init_resource::<dev::ClickTargets>()
            .add_systems(OnExit(Screen::Playing), forget_board)
            .add_systems(
                Update,
                (
                    (board::update_pointer, hexmap::hex_pointer, board::pan_zoom)
                        .chain()
                        .run_if(in_state(PlayMode::Board)),
                    anim::skip_on_input,
                )
                    .in_set(VtSet::Pointer),
            )
            .add_systems(
                Update,
                (camera::fit_camera, anim::collect, anim::play)
                    .chain()
                    .in_set(VtSet::Animate),
            );
        if self.with_egui {
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                (board::tooltip_ui, hexmap::hex_label_ui)
                    .run_if(in_state(PlayMode::Board))
                    .in_set(VtSet::Ui),
            );
        }
    }
}

/// Leaving the playing screen: the board's entities go by their
/// `DespawnOnExit`; what the board told the kit goes here.
fn forget_board(mut commands: Commands) {
    commands.insert_resource(hexmap::ActiveMap::default());
    commands.insert_resource(board::BoardBounds::default());
    commands.insert_resource(overlay::track::TurnTrackSpec::default());
    commands.insert_resource(camera::BoardInsets::default());
    commands.insert_resource(camera::CameraFit::default());
    commands.insert_resource(anim::Animations::default());
    commands.insert_resource(dev::ClickTargets::default());
}
