//! The flow of a game: what the screens ask for ([`Action`]), commands from
//! the board or the generic screen, computer players, the hand-over screen
//! for hidden information, undo, saving and loading (and exporting to and
//! importing from files, through [`crate::export`]), game over, keys.
//!
//! Screens only write actions; these systems carry them out. The headless
//! tests drive the app the same way.

use crate::catalog::Catalog;
use crate::saves::SaveStore;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use vt_core::Setup;
use vt_core::session::read_header;
use vt_ui::board::CycleUnits;
use vt_ui::labels::end_command;
use vt_ui::overlay::{OverlayState, Panel};
use vt_ui::{ActiveGame, Controller, PlayMode, Screen, SubmitCommand};

/// A new game as the set-up screen describes it.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub game: String,
    pub setup: Setup,
    pub controllers: Vec<Controller>,
}

/// What a player asked for on a screen (or by key).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Action {
    /// Menu: on to the set-up screen.
    OpenSetup,
    /// Set-up: start this game.
    Start(NewGame),
    /// Back to the main menu (from set-up, game over or the pause menu).
    ToMenu,
    Undo,
    /// The legal command that ends the phase (E).
    EndPhase,
    /// The n-th legal command (keys 1-9).
    Pick(usize),
    Pause,
    Resume,
    /// Save the game in progress, under this name or a made-up one.
    Save(Option<String>),
    /// Save the finished game's replay.
    SaveReplay,
    /// Load a save from the store by name.
    Load(String),
    /// Load a save's text read from elsewhere (a file the player picked).
    LoadText {
        name: String,
        text: String,
    },
    /// Export to a file the player picks: the game in progress (`None`) or
    /// a save from the store by name.
    Export(Option<String>),
    /// Load a save from a file the player picks.
    Import,
    /// The next player is at the screen: show the board.
    HandOverDone,
    /// On the hand-over screen: decline the chance without looking.
    PassUnseen,
    Quit,
}

/// A message on screen: what was saved, what was refused.
#[derive(Resource, Default, Clone, Debug)]
pub struct Notice {
    pub text: Option<String>,
    pub is_error: bool,
}

impl Notice {
    pub fn info(&mut self, t: impl Into<String>) {
        self.text = Some(t.into());
        self.is_error = false;
    }

    pub fn error(&mut self, t: impl Into<String>) {
        self.text = Some(t.into());
        self.is_error = true;
    }
}

/// The player's settings (the pause menu's "Settings").
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// Seconds the computer waits before each of its commands.
    pub computer_delay: f32,
    /// Size of the interface (1 = normal).
    pub ui_scale: f32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            computer_delay: 0.6,
            ui_scale: 1.0,
        }
    }
}

/// Where the settings are kept between runs (the store's `data/`, or the
/// browser's local storage).
const SETTINGS_KEY: &str = "settings";

/// The settings kept from the last run, if any (an unreadable file is
/// ignored: the defaults are a fine start).
pub fn stored_settings(store: &SaveStore) -> Option<Settings> {
    use vt_ui::store::TextStore;
    let text = store.read_text(SETTINGS_KEY).ok()??;
    match ron::from_str(&text) {
        Ok(s) => Some(s),
        Err(e) => {
            warn!("settings not read ({e}); using the defaults");
            None
        }
    }
}

/// Writes the settings whenever they change (not at start).
pub fn keep_settings(
    settings: Res<Settings>,
    store: Res<SaveStore>,
    mut last: Local<Option<Settings>>,
) {
    use vt_ui::store::TextStore;
    if last.as_ref() == Some(&*settings) {
        return;
    }
    if last.is_some() {
        let text = ron::ser::to_string_pretty(&*settings, Default::default()).unwrap_or_default();
        if let Err(e) = store.write_text(SETTINGS_KEY, &text) {
            warn!("settings not kept: {e}");
        }
    }
    *last = Some(settings.clone());
}

/// A fresh random seed (the set-up screen's default).
pub fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    match getrandom::fill(&mut b) {
        Ok(()) => u64::from_le_bytes(b),
        // No OS generator: the clock is random enough for a game seed.
        Err(_) => {
            bevy::platform::time::Instant::now().elapsed().as_nanos() as u64 ^ 0x9e37_79b9_7f4a_7c15
        }
    }
}

/// True if two sides may not see the same things right now.
pub fn views_differ(game: &ActiveGame, a: u8, b: u8) -> bool {
    game.session.view(a) != game.session.view(b)
}

/// After the session changed: whose view the board shows next. When the
/// decision passes to another person at this screen who may not see what
/// the last one saw, the board is hidden (`viewer = None`) until they click.
pub fn after_change(game: &mut ActiveGame) {
    let prev = game.viewer;
    let Some(next) = game.deciding_side() else {
        return;
    };
    if game.controller(next) != Controller::Person || Some(next) == prev {
        return;
    }
    game.viewer = match prev {
        Some(p) if views_differ(game, p, next) => {
            game.hidden_from = Some(p);
            None
        }
        None => None,
        Some(_) => Some(next),
    };
}

/// On the hand-over screen, the side given a chance while the other acts
/// (Opportunity Fire) declines it without looking at its board; the board
/// comes back to the side that was acting, with no second hand-over.
/// Returns false if there is no such chance to decline.
pub fn pass_unseen(game: &mut ActiveGame) -> bool {
    let decision = game.session.decision();
    if game.viewer.is_some() || !decision.interrupt || !game.person_to_decide() {
        return false;
    }
    let legal = game.session.legal();
    let Some(i) = end_command(&legal) else {
        return false;
    };
    if game.apply(&legal[i]).is_err() {
        return false;
    }
    let back = game.hidden_from;
    match (game.deciding_side(), back) {
        // Back to the side that was acting, or to the last person if the
        // computer or nobody is next.
        (Some(s), Some(b)) if s == b => game.viewer = Some(b),
        (Some(s), Some(b)) if game.controller(s) != Controller::Person => game.viewer = Some(b),
        (None, Some(b)) => game.viewer = Some(b),
        // Someone else must decide: the board stays hidden for them.
        _ => {}
    }
    true
}

/// At the start of a game or after a load: hide the board first if more
/// than one person plays and their views differ.
pub fn opening_viewer(game: &mut ActiveGame) {
    let persons: Vec<u8> = (0..game.info.sides.len() as u8)
        .filter(|&s| game.controller(s) == Controller::Person)
        .collect();
    let hidden = persons.len() > 1 && persons.windows(2).any(|w| views_differ(game, w[0], w[1]));
    game.viewer = if hidden && game.person_to_decide() {
        None
    } else {
        game.natural_viewer(None)
    };
}

fn default_save_name(game: &ActiveGame, prefix: &str) -> String {
    let s = game.session.setup();
    format!(
        "{prefix}{}-{}-{}-{}",
        game.info.id,
        s.scenario,
        s.seed % 100_000,
        game.session.commands()
    )
}

fn start_active(commands: &mut Commands, mut game: ActiveGame, overlay: &mut OverlayState) {
    opening_viewer(&mut game);
    overlay.seen_phases.clear();
    overlay.see_phase(&game.session.decision().kind);
    overlay.table = None;
    commands.insert_resource(game);
}

/// Loads a save's text: picks the game from its header, replays it, and
/// refuses it with a message on screen if anything is wrong.
pub fn load_text(catalog: &Catalog, name: &str, text: &str) -> Result<ActiveGame, String> {
    let header = read_header(text, name).map_err(|e| e.to_string())?;
    let entry = catalog.find(&header.game).ok_or_else(|| {
        format!(
            "this save is for '{}', a game this build does not have",
            header.game
        )
    })?;
    let session = entry.game.load(text, name).map_err(|e| e.to_string())?;
    let mut g = ActiveGame::new(entry.game.clone(), session, Vec::new());
    g.save_name = Some(name.to_string());
    Ok(g)
}

/// Who played each side of a saved game is kept beside the save (the save
/// file holds the game alone, for `vt` and for any build): a game saved
/// against the computer loads against the computer.
fn seats_key(save: &str) -> String {
    format!("seats-{}", crate::saves::clean_name(save))
}

fn keep_seats(store: &SaveStore, save: &str, seats: &[Controller]) {
    use vt_ui::store::TextStore;
    let text = ron::to_string(seats).unwrap_or_default();
    if let Err(e) = store.write_text(&seats_key(save), &text) {
        warn!("who plays which side was not kept: {e}");
    }
}

/// The seats kept for a save, if any and if they fit its game.
fn stored_seats(store: &SaveStore, save: &str, sides: usize) -> Option<Vec<Controller>> {
    use vt_ui::store::TextStore;
    let text = store.read_text(&seats_key(save)).ok()??;
    let seats: Vec<Controller> = ron::from_str(&text).ok()?;
    (seats.len() == sides).then_some(seats)
}

#[allow(clippy::too_many_arguments)]
pub fn handle_actions(
    mut actions: MessageReader<Action>,
    mut commands: Commands,
    catalog: Option<Res<Catalog>>,
    mut game: Option<ResMut<ActiveGame>>,
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut next_mode: ResMut<NextState<PlayMode>>,
    store: Res<SaveStore>,
    mut notice: ResMut<Notice>,
    mut overlay: ResMut<OverlayState>,
    mut submit: MessageWriter<SubmitCommand>,
    mut exit: MessageWriter<AppExit>,
    mut dialogs: ResMut<crate::export::FileDialogs>,
    inbox: Res<crate::export::DialogInbox>,
) {
    for action in actions.read() {
        match action {
            Action::OpenSetup => next_screen.set(Screen::Setup),
            Action::Start(ng) => {
                let Some(entry) = catalog.as_ref().and_then(|c| c.find(&ng.game)) else {
                    notice.error(format!("No game '{}' in this build.", ng.game));
                    continue;
                };
                match entry.game.new_session(ng.setup.clone()) {
                    Ok(session) => {
                        let g =
                            ActiveGame::new(entry.game.clone(), session, ng.controllers.clone());
                        start_active(&mut commands, g, &mut overlay);
                        notice.text = None;
                        next_screen.set(Screen::Playing);
                    }
                    Err(e) => notice.error(format!("Cannot set up this game: {e}")),
                }
            }
            Action::ToMenu => {
                commands.remove_resource::<ActiveGame>();
                next_screen.set(Screen::Menu);
            }
            Action::Undo => {
                if let Some(g) = game.as_mut()
                    && g.person_to_decide()
                {
                    if g.undo() {
                        g.viewer = g.natural_viewer(g.viewer);
                        after_change(g);
                    } else {
                        notice.info("Nothing to undo: the last command rolled a die, drew a card or revealed something.");
                    }
                }
            }
            Action::EndPhase => {
                if let Some(g) = game.as_ref() {
                    let legal = g.session.legal();
                    match end_command(&legal) {
                        Some(i) => {
                            submit.write(SubmitCommand(legal[i].clone()));
                        }
                        None => notice.info("No command ends the phase now."),
                    }
                }
            }
            Action::Pick(n) => {
                if let Some(g) = game.as_ref()
                    && let Some(c) = g.session.legal().get(*n)
                {
                    submit.write(SubmitCommand(c.clone()));
                }
            }
            Action::Pause => {
                if *screen.get() == Screen::Playing {
                    next_mode.set(PlayMode::Paused);
                }
            }
            Action::Resume => {
                let hidden = game.as_ref().is_some_and(|g| g.viewer.is_none());
                next_mode.set(if hidden {
                    PlayMode::HandOver
                } else {
                    PlayMode::Board
                });
            }
            Action::Save(_) | Action::SaveReplay if game.is_some() => {
                let g = game.as_mut().expect("checked");
                let chosen = match action {
                    Action::Save(Some(n)) => n.clone(),
                    Action::SaveReplay => default_save_name(g, "replay-"),
                    _ => g
                        .save_name
                        .clone()
                        .unwrap_or_else(|| default_save_name(g, "")),
                };
                match store.write(&chosen, &g.session.save_ron()) {
                    Ok(saved) => {
                        keep_seats(&store, &saved, &g.controllers);
                        notice.info(format!("Saved as '{saved}' in {}.", store.describe()));
                        g.save_name = Some(saved);
                    }
                    Err(e) => notice.error(format!("Could not save: {e}")),
                }
            }
            Action::Save(_) | Action::SaveReplay => notice.error("There is no game to save."),
            Action::Load(name) | Action::LoadText { name, .. } => {
                let Some(cat) = catalog.as_ref() else {
                    continue;
                };
                let text = match action {
                    Action::LoadText { text, .. } => Ok(text.clone()),
                    _ => store.read(name),
                };
                match text.and_then(|t| load_text(cat, name, &t)) {
                    Ok(mut g) => {
                        // Who played which side is kept only beside a save
                        // of the store; an imported file has no seats.
                        if matches!(action, Action::Load(_))
                            && let Some(seats) = stored_seats(&store, name, g.controllers.len())
                        {
                            g.controllers = seats;
                            g.viewer = g.natural_viewer(None);
                        }
                        start_active(&mut commands, g, &mut overlay);
                        notice.info(format!("Loaded '{name}'."));
                        next_screen.set(Screen::Playing);
                        next_mode.set(PlayMode::Board);
                    }
                    Err(e) => notice.error(format!("Cannot load '{name}': {e}")),
                }
            }
            Action::Export(which) => {
                let found = match (which, game.as_ref()) {
                    (None, Some(g)) => Ok((
                        g.save_name
                            .clone()
                            .unwrap_or_else(|| default_save_name(g, "")),
                        g.session.save_ron(),
                    )),
                    (None, None) => Err("There is no game to export.".to_string()),
                    (Some(name), _) => store
                        .read(name)
                        .map(|t| (name.clone(), t))
                        .map_err(|e| format!("Cannot export '{name}': {e}")),
                };
                match found {
                    Ok((name, text)) => {
                        crate::export::start_export(&mut dialogs, &inbox, &name, text)
                    }
                    Err(e) => notice.error(e),
                }
            }
            Action::Import => crate::export::start_import(&mut dialogs, &inbox),
            Action::PassUnseen => {
                if let Some(g) = game.as_mut()
                    && pass_unseen(g)
                {
                    let kind = g.session.decision().kind;
                    overlay.see_phase(&kind);
                    if g.viewer.is_some() {
                        next_mode.set(PlayMode::Board);
                    }
                }
            }
            Action::HandOverDone => {
                if let Some(g) = game.as_mut() {
                    g.viewer = g.natural_viewer(None);
                    next_mode.set(PlayMode::Board);
                }
            }
            Action::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}

/// Applies commands from the board or the generic screen, when a person at
/// this screen is to decide.
pub fn apply_commands(
    mut submitted: MessageReader<SubmitCommand>,
    game: Option<ResMut<ActiveGame>>,
    mode: Option<Res<State<PlayMode>>>,
    mut overlay: ResMut<OverlayState>,
) {
    let Some(mut game) = game else {
        submitted.clear();
        return;
    };
    let taking = mode.is_some_and(|m| *m.get() == PlayMode::Board);
    for SubmitCommand(c) in submitted.read() {
        if !taking || !game.person_to_decide() || game.viewer.is_none() {
            continue;
        }
        if game.apply(c).is_ok() {
            after_change(&mut game);
            let kind = game.session.decision().kind;
            overlay.see_phase(&kind);
        }
    }
}

/// Hides the board when the viewer is gone; ends the game when it is over.
pub fn watch_game(
    game: Option<Res<ActiveGame>>,
    mode: Option<Res<State<PlayMode>>>,
    mut next_mode: ResMut<NextState<PlayMode>>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let Some(game) = game else { return };
    if game.session.outcome().is_finished() {
        next_screen.set(Screen::GameOver);
        return;
    }
    if game.viewer.is_none() && mode.is_some_and(|m| *m.get() == PlayMode::Board) {
        next_mode.set(PlayMode::HandOver);
    }
}

/// The keys of the help panel.
#[allow(clippy::too_many_arguments)]
pub fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    mode: Option<Res<State<PlayMode>>>,
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut actions: MessageWriter<Action>,
    mut overlay: ResMut<OverlayState>,
    mut cycle: MessageWriter<CycleUnits>,
) {
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let mode = mode.map(|m| *m.get());
    if keys.just_pressed(KeyCode::Escape) {
        match (screen.get(), mode) {
            (Screen::Playing, Some(PlayMode::Paused)) => {
                actions.write(Action::Resume);
            }
            (Screen::Playing, _) => {
                actions.write(Action::Pause);
            }
            (Screen::Setup, _) => {
                actions.write(Action::ToMenu);
            }
            _ => {}
        }
    }
    if mode != Some(PlayMode::Board) {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if keys.just_pressed(KeyCode::KeyU) || (ctrl && keys.just_pressed(KeyCode::KeyZ)) {
        actions.write(Action::Undo);
    }
    if keys.just_pressed(KeyCode::KeyE) {
        actions.write(Action::EndPhase);
    }
    const DIGITS: [KeyCode; 9] = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    for (i, k) in DIGITS.iter().enumerate() {
        if keys.just_pressed(*k) {
            actions.write(Action::Pick(i));
        }
    }
    if keys.just_pressed(KeyCode::Tab) {
        let backwards = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        cycle.write(CycleUnits { backwards });
    }
    for (k, p) in [
        (KeyCode::KeyL, Panel::Log),
        (KeyCode::KeyD, Panel::Dice),
        (KeyCode::KeyT, Panel::Tables),
        (KeyCode::KeyK, Panel::Track),
        (KeyCode::KeyS, Panel::Sources),
        (KeyCode::KeyH, Panel::Help),
        (KeyCode::F1, Panel::Help),
        (KeyCode::KeyO, Panel::All),
    ] {
        if keys.just_pressed(k) && !ctrl {
            overlay.toggle(p);
        }
    }
}
