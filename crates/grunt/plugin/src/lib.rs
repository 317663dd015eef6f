//! Grunt on the launcher's screen.
//!
//! - [`screen`]: what the screen keeps beside the synced view (the unit
//!   picked, the attack being aimed, the menu a click opened) and what the
//!   board works out for it: where the unit can go and what each hex costs,
//!   the hexes the decision offers, the odds of every attack on offer;
//!   [`screen::follow`] keeps it in step when the game changes;
//! - [`input`]: clicks and the column's buttons to commands;
//! - [`board`]: the map (terrain, rivers along hexsides, roads on their
//!   berms), the counters (face down as the viewing side may see them,
//!   stacks, pinned, casualties, caches), the highlights, and the events of
//!   each command shown where they happen;
//! - [`panels`]: the column: turn and points, the decision and its buttons,
//!   the odds of the attack being aimed with every term and its section,
//!   the Combat Results Table column it will be read on, the hex under the
//!   pointer, the ledger, every legal command as a fallback;
//! - [`model`]: names and labels read off the view.
//!
//! The board is drawn from the viewing side's [`grunt_rules::view::View`]
//! only. The rules' helpers (`reachable`, `fire_preview`) answer the
//! viewing side's questions about its own units.

pub use grunt_rules;

pub mod board;
pub mod input;
pub mod model;
pub mod panels;
pub mod screen;

pub use screen::{GruntAction, GruntScreen};

use bevy::prelude::*;
use grunt_rules::Grunt;
use vt_ui::prelude::*;

/// The game's id in the launcher.
pub const GAME_ID: &str = "grunt";

pub struct GruntPlugin;

impl Plugin for GruntPlugin {
    fn build(&self, app: &mut App) {
        app.register_board(BoardRegistration {
            game_id: GAME_ID.into(),
            // The column keeps the full list as a fallback.
            show_command_list: false,
        })
        .add_plugins(SyncPlugin::<Grunt>::default())
        .init_resource::<GruntScreen>()
        .add_message::<GruntAction>()
        // Before the launcher's keys (VtSet::Input), which pause on Escape.
        .add_systems(
            Update,
            input::keys
                .in_set(VtSet::Pointer)
                .run_if(in_state(PlayMode::Board))
                .run_if(board_visible(GAME_ID))
                .run_if(in_game(GAME_ID)),
        )
        .add_systems(
            Update,
            (
                input::hex_clicks
                    .run_if(in_state(PlayMode::Board))
                    .run_if(board_visible(GAME_ID)),
                input::apply_actions,
                input::hover,
                screen::crt_preview,
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
