//! That Others May Live on the launcher's screen.
//!
//! - [`screen`]: what the screen keeps beside the synced view (the routes
//!   of clicks, the layout, the selection, the draws) and the systems that
//!   turn clicks, Tab and Enter into commands;
//! - [`layout`]: the map sheet (two concentric rings: the Center Zone and
//!   the four Outer Zones; the Orbit Box, the Fast Mover Pool and a box for
//!   aircraft not yet come or out of play) and every counter in its place;
//! - [`board`]: draws the layout with procedural counters (aircraft with
//!   their type, ID, Cool/Shaken and Enter/Exit sides and the Survivors
//!   aboard; guns with their firepower, suppressed, fired (rotated) and hit;
//!   markers face down until revealed), the highlights of what can be
//!   clicked, and flashes where a command's events happened;
//! - [`pick`]: clicks to commands: every legal command is a route of clicks
//!   (a card, then the aircraft that takes it) or a button;
//! - [`panels`]: the egui side: the decision and its buttons, the hand, the
//!   Reserve and the zones' card boxes as cards, the tracks, the card
//!   counting (the Resolution cards left by icon and the exact odds of the
//!   draw about to be made), the draw panel that turns up each card drawn,
//!   and the record of finished games with win rates per scenario;
//! - [`draws`]: a command's events grouped into the draws the panel shows;
//! - [`segments`]: a command's events cut into the segments of the
//!   sequence of play, for the player who steps through them;
//! - [`records`]: the record of finished games, kept in the launcher's
//!   [`vt_ui::store::GameStore`].
//!
//! Everything reads the viewing side's view ([`csar_rules::View`]) and the
//! legal commands through [`vt_ui::sync::Synced`]; nothing reads the hidden
//! state.

pub mod board;
#[cfg(feature = "dev")]
pub mod dev;
pub mod draws;
pub mod layout;
pub mod panels;
pub mod pick;
pub mod records;
pub mod screen;
pub mod segments;

/// The rules this plugin draws, for its users' tests.
pub use csar_rules;
pub use records::CsarRecords;
pub use screen::{CsarClick, CsarScreen};

use bevy::prelude::*;
use csar_rules::Csar;
use vt_ui::prelude::*;

/// The game's id in the launcher.
pub const GAME_ID: &str = "csar";

pub struct CsarPlugin;

impl Plugin for CsarPlugin {
    fn build(&self, app: &mut App) {
        app.register_board(BoardRegistration {
            game_id: GAME_ID.into(),
            // The plugin's own panel keeps the full list as a fallback.
            show_command_list: false,
        })
        .add_plugins(SyncPlugin::<Csar>::default())
        .add_message::<CsarClick>()
        .init_resource::<CsarScreen>()
        .init_resource::<CsarRecords>()
        .add_systems(Startup, records::load)
        .add_systems(
            Update,
            (
                screen::board_clicks,
                screen::cycle,
                screen::step_keys,
                screen::apply_clicks,
            )
                .chain()
                .in_set(VtSet::Input)
                .run_if(in_state(PlayMode::Board))
                .run_if(board_visible(GAME_ID)),
        )
        .add_systems(
            Update,
            (
                screen::follow,
                screen::follow_suggestion,
                board::animate_events,
                records::keep,
            )
                .chain()
                .in_set(VtSet::React),
        )
        .add_systems(
            Update,
            (board::draw, panels::tick_draws)
                .in_set(VtSet::Draw)
                .run_if(in_game(GAME_ID)),
        );
        #[cfg(feature = "dev")]
        app.add_systems(Update, dev::write_targets.in_set(VtSet::Animate));
        // The egui panels only where egui runs (not in headless tests).
        if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                (
                    panels::play_ui
                        .run_if(in_state(PlayMode::Board))
                        .run_if(board_visible(GAME_ID)),
                    panels::game_over_ui.run_if(in_state(Screen::GameOver)),
                )
                    .in_set(VtSet::Ui),
            );
        }
    }
}
