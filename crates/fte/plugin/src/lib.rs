//! Front Toward Enemy on the launcher's screen.
//!
//! - [`screen`]: what the screen keeps beside the synced view (the
//!   selection, the tool, the attack being aimed, the path being walked) and
//!   what the board works out for it: where the selection can move with the
//!   cost of each hex, whom it sees and can fire at with the number needed,
//!   the line of sight;
//! - [`input`]: clicks to commands (select, move along a path hex by hex,
//!   aim and confirm fire and assaults, menus where a hex offers several
//!   commands), the column's requests, Tab through the units;
//! - [`board`]: the hex map (terrain, hill levels, slopes with their high
//!   side, trails, roads, streams, objectives), the counters with their
//!   Fire Rating in its weapon-class colour, Troop Quality, Range and troops,
//!   stacks you can open, status markers, Concealed markers, KIA/WIA and
//!   "?" caches, the highlights, and the events of each command shown where
//!   they happen (a unit slides along its path, a hit flashes);
//! - [`pick`]: what a click on a hex means;
//! - [`panels`]: the egui column: turn, VP and the chit cup, the decision
//!   and its buttons, the number needed with every modifier and its section
//!   before any fire or assault, the Opportunity Fire prompt, the hex under
//!   the pointer with its Terrain Effects Chart row, the scenario, and every
//!   legal command as a fallback; the stack window and the click menu;
//! - [`model`]: names and labels read off the view.
//!
//! The board is drawn from the viewing side's [`fte_rules::view::View`]
//! only (through [`vt_ui::sync::Synced`]). The rules' helpers (`reachable`,
//! `fire_preview`, `check`) answer the viewing side's questions about its
//! own moves; nothing else is read from the whole state.

pub use fte_rules;

pub mod board;
pub mod input;
pub mod model;
pub mod panels;
pub mod pick;
pub mod screen;

pub use screen::{FteAction, FteScreen, LosShown, Menu};

use bevy::prelude::*;
use fte_rules::Fte;
use vt_ui::prelude::*;

/// The game's id in the launcher.
pub const GAME_ID: &str = "fte";

pub struct FtePlugin;

impl Plugin for FtePlugin {
    fn build(&self, app: &mut App) {
        app.register_board(BoardRegistration {
            game_id: GAME_ID.into(),
            // The plugin's column keeps the full list as a fallback.
            show_command_list: false,
        })
        .add_plugins(SyncPlugin::<Fte>::default())
        .init_resource::<FteScreen>()
        .add_message::<FteAction>()
        .add_systems(
            Update,
            (
                input::hex_clicks
                    .run_if(in_state(PlayMode::Board))
                    .run_if(board_visible(GAME_ID)),
                input::cycle.run_if(in_state(PlayMode::Board)),
                input::keys.run_if(in_state(PlayMode::Board)),
                input::apply_actions,
                input::walk.run_if(in_state(PlayMode::Board)),
                input::batch.run_if(in_state(PlayMode::Board)),
                input::hover,
            )
                .chain()
                .in_set(VtSet::Input)
                .run_if(in_game(GAME_ID)),
        )
        .add_systems(
            Update,
            (board::animate_events, screen::follow)
                .chain()
                .in_set(VtSet::React),
        )
        .add_systems(
            Update,
            (board::draw, board::draw_hover)
                .chain()
                .in_set(VtSet::Draw)
                .run_if(in_state(Screen::Playing))
                .run_if(in_game(GAME_ID)),
        );
        if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                panels::play_ui
                    .run_if(in_state(PlayMode::Board))
                    .run_if(board_visible(GAME_ID))
                    .in_set(VtSet::Ui),
            );
        }
    }
}
