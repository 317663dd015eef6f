//! Crossfire: Vietnam on vt-ui's table board.
//!
//! The board draws the table ([`table`]); this crate fills it from the
//! synced view, prices a dragged move with the rules (where it ends, every
//! point where reactive fire may come and how many enemy stands the mover
//! knows of see it there), turns the board's clicks into commands (drag to
//! move or set up; select a stand, Shift+click more of yours to make a fire
//! group, click an enemy to fire), draws the move under way when the other
//! side is offered reactive fire ([`board`]), and keeps the column: the
//! initiative, the clock, the Dust Off, the selected stand's orders, the
//! fire group's dice before the roll ([`panel`]).

pub mod board;
pub mod dev;
pub mod panel;
pub mod table;
pub mod words;

use bevy::prelude::*;
use crossfire_vn_rules::CrossfireVn;
use vt_ui::prelude::*;
use vt_ui::tabletop::{TablePlugin, TableSet};

pub use table::GAME_ID;

pub struct CrossfireVnPlugin;

impl Plugin for CrossfireVnPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(TablePlugin);
        app.register_board(BoardRegistration {
            game_id: GAME_ID.into(),
            // The column lists every legal command itself, in words.
            show_command_list: false,
        })
        .add_plugins(SyncPlugin::<CrossfireVn>::default())
        .init_resource::<board::FireGroup>()
        .add_systems(
            Update,
            (board::fill_table, board::animate, board::moving_overlay)
                .chain()
                .in_set(VtSet::React),
        )
        .add_systems(
            Update,
            (board::respond, board::show_suggestion)
                .in_set(TableSet::Respond)
                .run_if(in_state(PlayMode::Board))
                .run_if(board_visible(GAME_ID)),
        );
        if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                panel::panel
                    .run_if(in_state(PlayMode::Board))
                    .run_if(board_visible(GAME_ID))
                    .in_set(VtSet::Ui),
            );
        }
        app.add_systems(
            Update,
            dev::write_targets
                .after(VtSet::Draw)
                .run_if(board_visible(GAME_ID)),
        );
    }
}
