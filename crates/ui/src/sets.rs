//! The named system sets every game plugin and the launcher put their
//! systems in, so that one frame always runs in the same order:
//!
//! | set | in `Update` | who |
//! |---|---|---|
//! | [`VtSet::Pointer`] | pointer, hovered hex, pan and zoom, skipping animations | vt-ui |
//! | [`VtSet::Input`] | clicks and keys to commands (`SubmitCommand`) | plugins, launcher keys |
//! | [`VtSet::Rules`] | commands applied, undo, loads, the computer's moves | launcher |
//! | [`VtSet::Sync`] | the session compared with the screen: [`crate::sync`] | vt-ui |
//! | [`VtSet::React`] | the plugin's screen state follows the change; events become animations | plugins |
//! | [`VtSet::Draw`] | the board drawn from the view; the camera fitted | plugins, vt-ui |
//! | [`VtSet::Animate`] | animations move and fade what was drawn | vt-ui |
//!
//! and [`VtSet::Frame`] then [`VtSet::Ui`] in `EguiPrimaryContextPass`:
//! the launcher's frame round the board, then the egui panels. Each
//! set sees what the sets before it did in the same frame: a click in
//! `Input` is applied in `Rules`, synced, drawn and animated before the
//! frame is shown.

use bevy::prelude::*;

#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VtSet {
    Pointer,
    Input,
    Rules,
    Sync,
    React,
    Draw,
    Animate,
    /// The launcher's frame round the board (its bar, log, the board's
    /// room), before the panels that sit in that room.
    Frame,
    /// The egui panels (in `bevy_egui::EguiPrimaryContextPass`).
    Ui,
}

/// Orders the sets; [`crate::VtUiPlugin`] calls it.
pub fn configure(app: &mut App, with_egui: bool) {
    app.configure_sets(
        Update,
        (
            VtSet::Pointer,
            VtSet::Input,
            VtSet::Rules,
            VtSet::Sync,
            VtSet::React,
            VtSet::Draw,
            VtSet::Animate,
        )
            .chain(),
    );
    if with_egui {
        // The panels read the board's room the frame laid out this very
        // pass: after a hand-over the column was missing for a frame.
        app.configure_sets(
            bevy_egui::EguiPrimaryContextPass,
            (VtSet::Frame, VtSet::Ui).chain(),
        );
    }
}

/// Run condition: this game is being played (its board may be hidden by a
/// hand-over screen).
pub fn in_game(
    game_id: &'static str,
) -> impl FnMut(Option<Res<crate::ActiveGame>>) -> bool + Clone {
    move |g: Option<Res<crate::ActiveGame>>| g.is_some_and(|g| g.info.id == game_id)
}
