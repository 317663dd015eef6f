//! The screens of the app as Bevy states. They live here, not in the
//! launcher, so that a game's plugin can run its systems only while its game
//! is being played (`in_state(Screen::Playing)`) and own its entities with
//! `DespawnOnExit(Screen::Playing)`.

use bevy::prelude::*;

/// The screen the player is on.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Screen {
    /// The games' data files are loading from `assets/`.
    #[default]
    Loading,
    Menu,
    /// Choosing game, scenario, options, players and seed.
    Setup,
    Playing,
    /// Result, score, save the replay, back to the menu.
    GameOver,
}

/// What covers the board while a game is on.
#[derive(SubStates, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[source(Screen = Screen::Playing)]
pub enum PlayMode {
    /// The board and the overlay, taking input.
    #[default]
    Board,
    /// Control passed to a side that may not see what the last one saw: the
    /// board is hidden until the next player clicks.
    HandOver,
    /// The pause menu (resume, save, load, settings, quit to menu).
    Paused,
}
