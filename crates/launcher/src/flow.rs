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
use tracing::{error, info, warn};
use vt_core::Setup;
use vt_core::data::{Layout, parse_ron, to_ron};
use vt_core::session::read_header;
use vt_ui::anim::AnimSpeed;
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
    /// Back to the main menu now (from set-up, game over, or an answer to
    /// [`Question::Leave`]); a game in progress is autosaved first.
    ToMenu,
    /// The player asks to leave the game (to the menu, or to quit the app):
    /// asked first ([`Question::Leave`]) if it has unsaved progress.
    Leave {
        quit: bool,
    },
    /// Close the question on screen without doing anything.
    Dismiss,
    /// Continue the game kept by the autosave.
    Continue,
    Undo,
    /// The legal command that ends the phase (E).
    EndPhase,
    /// The n-th legal command (keys 1-9).
    Pick(usize),
    Pause,
    Resume,
    /// Save the game in progress, under this name or a made-up one. A name
    /// that holds another game is not overwritten: the player is asked
    /// ([`Question::Overwrite`]).
    Save(Option<String>),
    /// Save under this name even if it holds another game.
    SaveOver(String),
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
    /// The player who acted has seen their result: hide the board for the
    /// next player.
    HandOverNow,
    /// The game is over and its final board seen: on to the game-over
    /// screen.
    SeeResult,
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
    /// Seconds it has been shown (an information goes by itself after a
    /// while; an error stays until dismissed).
    pub shown_for: f32,
}

impl Notice {
    pub fn info(&mut self, t: impl Into<String>) {
        self.text = Some(t.into());
        self.is_error = false;
        self.shown_for = 0.0;
    }

    pub fn error(&mut self, t: impl Into<String>) {
        self.text = Some(t.into());
        self.is_error = true;
        self.shown_for = 0.0;
    }
}

/// A question the player must answer before anything else happens.
#[derive(Clone, Debug, PartialEq)]
pub enum Question {
    /// Leaving a game with progress not saved under a name.
    Leave { quit: bool },
    /// Saving under a name that holds another game.
    Overwrite(String),
}

/// The question on screen, if any.
#[derive(Resource, Default, Clone, Debug)]
pub struct Asking(pub Option<Question>);

/// The save the app keeps by itself: written at every change of phase or
/// of the side to decide, when leaving a game and when quitting; offered as
/// "Continue" on the menu.
pub const AUTOSAVE: &str = "autosave";
/// What "Continue" shows and restores beside the autosave.
const AUTOSAVE_NOTE: &str = "autosave-note";

/// What the menu says of the autosaved game, and what the game knew of its
/// named save (so that Save goes on under that name).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ContinueNote {
    pub game: String,
    pub scenario: String,
    pub commands: usize,
    pub save_name: Option<String>,
    pub saved_at: usize,
    /// Which game this is (scenario, options, seed): a finished game removes
    /// the autosave only if the autosave is its own. Notes written before
    /// this field have none and are never taken for another game's.
    #[serde(default)]
    pub setup: Option<Setup>,
}

/// The autosaved game the menu offers to continue, read when the menu
/// opens.
#[derive(Resource, Default, Clone, Debug)]
pub struct ContinueOffer(pub Option<ContinueNote>);

/// Reads the autosave's note (none if the autosave is gone).
pub fn read_continue(store: &SaveStore) -> Option<ContinueNote> {
    use vt_ui::store::TextStore;
    if !store.exists(AUTOSAVE) {
        return None;
    }
    let text = store.read_text(AUTOSAVE_NOTE).ok()??;
    parse_ron(AUTOSAVE_NOTE, &text).ok()
}

pub fn refresh_continue(store: Res<SaveStore>, mut offer: ResMut<ContinueOffer>) {
    offer.0 = read_continue(&store);
}

/// Writes the autosave (and who plays which side, and the note for the
/// menu); a finished game's own autosave is removed: there is nothing to
/// continue. A finished game loaded to be looked at leaves the autosave of
/// another game alone (it used to delete it, and "Continue" with it).
pub fn autosave(store: &SaveStore, g: &ActiveGame) -> Result<(), String> {
    use vt_ui::store::TextStore;
    if g.session.outcome().is_finished() {
        if read_continue(store).is_some_and(|note| is_autosave_of(&note, g)) {
            store.delete(AUTOSAVE)?;
        }
        return Ok(());
    }
    store.write(AUTOSAVE, &g.session.save_ron())?;
    keep_seats(store, AUTOSAVE, &g.controllers);
    let setup = g.session.setup();
    let note = ContinueNote {
        game: g.info.name.clone(),
        scenario: g
            .info
            .scenarios
            .iter()
            .find(|s| s.id == setup.scenario)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| setup.scenario.clone()),
        commands: g.session.commands(),
        save_name: g.save_name.clone(),
        saved_at: g.saved_at,
        setup: Some(setup.clone()),
    };
    store.write_text(
        AUTOSAVE_NOTE,
        &to_ron(&note, Layout::Compact).map_err(|e| e.to_string())?,
    )
}

/// The autosave described by `note` is an earlier point of this game: the
/// same game and set-up (scenario, options, seed), no further on.
fn is_autosave_of(note: &ContinueNote, g: &ActiveGame) -> bool {
    note.game == g.info.name
        && note.setup.as_ref() == Some(g.session.setup())
        && note.commands <= g.session.commands()
}

fn autosave_or_warn(store: &SaveStore, g: &ActiveGame, notice: &mut Notice) {
    if let Err(e) = autosave(store, g) {
        notice.error(format!("Could not autosave: {e}"));
    }
}

/// Autosaves when the phase or the side to decide changes (and when the
/// game ends, which removes the autosave).
pub fn autosave_at_changes(
    game: Option<Res<ActiveGame>>,
    store: Res<SaveStore>,
    mut notice: ResMut<Notice>,
    mut last: Local<(u64, Option<PhaseKey>)>,
) {
    let Some(game) = game else { return };
    if game.is_added() {
        *last = (game.revision, Some(phase_key(&game)));
        return;
    }
    if game.revision == last.0 {
        return;
    }
    last.0 = game.revision;
    let key = phase_key(&game);
    if last.1.as_ref() != Some(&key) {
        last.1 = Some(key);
        autosave_or_warn(&store, &game, &mut notice);
    }
}

/// The side to decide and the kind of decision: a change of either is a
/// change of phase for the autosave.
type PhaseKey = (Option<u8>, String);

fn phase_key(g: &ActiveGame) -> PhaseKey {
    let d = g.session.decision();
    (d.side, d.kind.into_owned())
}

/// The app is closing (the window's close button, or Quit): the game in
/// progress is autosaved.
pub fn autosave_on_exit(
    mut exits: MessageReader<AppExit>,
    game: Option<Res<ActiveGame>>,
    store: Res<SaveStore>,
) {
    if exits.read().count() > 0
        && let Some(g) = game
        && let Err(e) = autosave(&store, &g)
    {
        error!("the game was not autosaved on quitting: {e}");
    }
}

/// The window's close button asks like Quit does (the window is not closed
/// by Bevy itself: `close_when_requested` is off).
pub fn close_requested(
    mut requests: MessageReader<bevy::window::WindowCloseRequested>,
    mut actions: MessageWriter<Action>,
) {
    if requests.read().count() > 0 {
        actions.write(Action::Leave { quit: true });
    }
}

/// A name no save has yet, from `base` (`base`, `base-2`, `base-3`…).
pub fn fresh_name(store: &SaveStore, base: &str) -> String {
    let base = crate::saves::clean_name(base);
    if !store.exists(&base) {
        return base;
    }
    (2..)
        .map(|i| format!("{base}-{i}"))
        .find(|n| !store.exists(n))
        .expect("some number is free")
}

/// The name Save offers: the game's own save if it has one, else a fresh
/// name made from the game, scenario, seed and progress.
pub fn offered_save_name(store: &SaveStore, g: &ActiveGame) -> String {
    match &g.save_name {
        Some(n) if n != AUTOSAVE => n.clone(),
        _ => fresh_name(store, &default_save_name(g, "")),
    }
}

/// The player's settings (the pause menu's "Settings"). A field the file
/// leaves out takes its default (`serde(default)`): a hand-written
/// `(ui_scale: 1.4, colours: ColourBlind)` was refused whole for want of
/// `computer_delay`, and every setting fell back to its default.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Seconds the computer waits before each of its commands (after what
    /// it did last has been shown).
    pub computer_delay: f32,
    /// Size of the interface (1 = normal).
    pub ui_scale: f32,
    /// How fast the board shows what happened: pieces sliding, hits
    /// flashing, dice rolling.
    #[serde(default)]
    pub animations: AnimSpeed,
    /// The new-game screen's last choices (it opens on them).
    #[serde(default)]
    pub last_new_game: Option<crate::form::LastChoices>,
    /// The colours of the sides and the highlights: standard, or safe for
    /// the colour-blind (Okabe–Ito).
    #[serde(default)]
    pub colours: vt_ui::palette::Scheme,
    /// Stop after each automatic segment in which something happened
    /// (That Others May Live runs several on one click).
    #[serde(default = "on")]
    pub step_through: bool,
}

fn on() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            computer_delay: 0.6,
            ui_scale: 1.0,
            animations: AnimSpeed::Normal,
            last_new_game: None,
            colours: vt_ui::palette::Scheme::Standard,
            step_through: true,
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
    match parse_ron(SETTINGS_KEY, &text) {
        Ok(s) => Some(s),
        Err(e) => {
            warn!("settings not read ({e}); using the defaults");
            None
        }
    }
}

/// Writes the settings whenever they change (not at start), and hands the
/// animation speed, the step-through choice and the colours to the board.
pub fn keep_settings(
    settings: Res<Settings>,
    store: Res<SaveStore>,
    mut speed: ResMut<AnimSpeed>,
    mut step_through: ResMut<vt_ui::anim::StepThrough>,
    mut last: Local<Option<Settings>>,
) {
    use vt_ui::store::TextStore;
    if last.as_ref() == Some(&*settings) {
        return;
    }
    *speed = settings.animations;
    step_through.0 = settings.step_through;
    vt_ui::palette::set_scheme(settings.colours);
    if last.is_some() {
        let text = to_ron(&*settings, Layout::Pretty(Default::default())).unwrap_or_default();
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

/// After the session changed (`fresh`: the entries of what was applied):
/// whose view the board shows next. When the decision passes to another
/// person at this screen who may not see what the last one saw, the board
/// is hidden (`viewer = None`) until they click; but first, if the last
/// person's command rolled dice they may read, the board stays theirs to
/// see the result ([`ActiveGame::result_first`]) until they hand over. A
/// person with no choice (one legal command: a pass, or the one target an
/// event leaves them) is not handed the screen for it: the command is given
/// for them and logged (unless it is an interrupt, whose offer itself must
/// not tell anything).
pub fn after_change(game: &mut ActiveGame, fresh: &[vt_core::LogEntry]) {
    let prev = game.viewer;
    let mut fresh = fresh.to_vec();
    // Bounded: a forced pass always moves the game on, but never trust a
    // loop to a game's rules.
    for _ in 0..64 {
        if !forced_pass_due(game, prev) {
            break;
        }
        let legal = game.session.legal();
        match game.apply(&legal[0]) {
            Ok(entries) => fresh.extend(entries),
            Err(_) => break,
        }
    }
    game.result_first = false;
    let Some(next) = game.deciding_side() else {
        return;
    };
    if game.controller(next) != Controller::Person || Some(next) == prev {
        return;
    }
    game.viewer = match prev {
        Some(p) if views_differ(game, p, next) => {
            game.hidden_from = Some(p);
            if let Some(seen) = game.seen_upto.get_mut(p as usize) {
                *seen = game.log.len();
            }
            let rolled = fresh
                .iter()
                .any(|e| !e.read_by(vt_core::Reader::Side(p)).1.is_empty());
            if rolled {
                game.result_first = true;
                game.result_from = game.log.len().saturating_sub(fresh.len());
                Some(p)
            } else {
                None
            }
        }
        None => None,
        Some(_) => Some(next),
    };
}

/// The side to decide is a person other than the one looking, a hand-over
/// would be needed to show them the board, and they have one legal command
/// (issue 14: FTE's Injury event with one possible target handed the
/// screen over to have that target clicked).
fn forced_pass_due(game: &ActiveGame, looking: Option<u8>) -> bool {
    let Some(next) = game.deciding_side() else {
        return false;
    };
    let Some(looking) = looking else {
        return false;
    };
    if next == looking
        || game.controller(next) != Controller::Person
        || !views_differ(game, looking, next)
    {
        return false;
    }
    // A chance offered while the other side acts (an interrupt) is asked
    // even when it can only be declined, so that whether the screen is
    // handed over tells the acting player nothing (Grunt B5: the NLF is
    // asked after every landing group; Crossfire's reactive fire from
    // hidden stands). The hand-over screen lets it be declined unseen.
    if game.session.decision().interrupt {
        return false;
    }
    game.session.legal().len() == 1
}

/// The player who saw their result hands the screen over.
pub fn hand_over_now(game: &mut ActiveGame) {
    if game.result_first {
        game.result_first = false;
        game.viewer = None;
    }
}

/// On the hand-over screen, the side given a chance while the other acts
/// (Opportunity Fire) declines it without looking at its board. That
/// player is still at the screen, so the side that was acting gets its
/// board back behind a hand-over of its own (and a pass that is its only
/// choice is given for it first, as after any command: [`after_change`]).
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
    let decliner = game.deciding_side();
    let Ok(entries) = game.apply(&legal[i]) else {
        return false;
    };
    // Handed over from the one who declined, who saw nothing of the board.
    game.viewer = decliner;
    after_change(game, &entries);
    if game.deciding_side() == decliner && game.session.decision().interrupt {
        // Asked again: the hand-over screen again, to decline unseen too.
        game.viewer = None;
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

pub fn default_save_name(game: &ActiveGame, prefix: &str) -> String {
    let s = game.session.setup();
    format!(
        "{prefix}{}-{}-{}-{}",
        game.info.id,
        s.scenario,
        s.seed % 100_000,
        game.session.commands()
    )
}

/// "N commands, digest D": what `vt replay` prints of the same save, for
/// the log (the web test compares the two).
pub fn game_summary(game: &ActiveGame) -> String {
    format!(
        "{} commands, digest {}",
        game.session.commands(),
        vt_core::digest::hex(game.session.digest())
    )
}

fn start_active(commands: &mut Commands, mut game: ActiveGame, overlay: &mut OverlayState) {
    opening_viewer(&mut game);
    overlay.seen_phases.clear();
    overlay.see_phase(&game.session.decision().kind);
    overlay.table = None;
    overlay.how_to = crate::howto::full_text(&game.info.id);
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
    g.saved_at = g.session.commands();
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
    let text = to_ron(&seats, Layout::Compact).unwrap_or_default();
    if let Err(e) = store.write_text(&seats_key(save), &text) {
        warn!("who plays which side was not kept: {e}");
    }
}

/// The seats kept for a save, if any and if they fit its game.
fn stored_seats(store: &SaveStore, save: &str, sides: usize) -> Option<Vec<Controller>> {
    use vt_ui::store::TextStore;
    let text = store.read_text(&seats_key(save)).ok()??;
    let seats: Vec<Controller> = parse_ron(&seats_key(save), &text).ok()?;
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
    mut asking: ResMut<Asking>,
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
                if let Some(g) = game.as_ref() {
                    autosave_or_warn(&store, g, &mut notice);
                }
                asking.0 = None;
                commands.remove_resource::<ActiveGame>();
                next_screen.set(Screen::Menu);
            }
            Action::Leave { quit } => {
                let unsaved = *screen.get() == Screen::Playing
                    && game.as_ref().is_some_and(|g| g.unsaved_progress());
                if unsaved && asking.0.is_none() {
                    asking.0 = Some(Question::Leave { quit: *quit });
                    continue;
                }
                asking.0 = None;
                if let Some(g) = game.as_ref() {
                    autosave_or_warn(&store, g, &mut notice);
                }
                if *quit {
                    exit.write(AppExit::Success);
                } else {
                    commands.remove_resource::<ActiveGame>();
                    next_screen.set(Screen::Menu);
                }
            }
            Action::Dismiss => asking.0 = None,
            Action::Continue => {
                let Some(cat) = catalog.as_ref() else {
                    continue;
                };
                let loaded = store
                    .read(AUTOSAVE)
                    .and_then(|t| load_text(cat, AUTOSAVE, &t));
                match loaded {
                    Ok(mut g) => {
                        if let Some(seats) = stored_seats(&store, AUTOSAVE, g.controllers.len()) {
                            g.controllers = seats;
                        }
                        let note = read_continue(&store);
                        g.save_name = note.as_ref().and_then(|n| n.save_name.clone());
                        g.saved_at = note.map_or(g.session.commands(), |n| n.saved_at);
                        start_active(&mut commands, g, &mut overlay);
                        notice.text = None;
                        next_screen.set(Screen::Playing);
                        next_mode.set(PlayMode::Board);
                    }
                    Err(e) => notice.error(format!("Cannot continue the last game: {e}")),
                }
            }
            Action::Undo => {
                if let Some(g) = game.as_mut()
                    && g.person_to_decide()
                    && !g.result_first
                {
                    if g.undo() {
                        g.viewer = g.natural_viewer(g.viewer);
                        after_change(g, &[]);
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
            Action::Save(_) | Action::SaveOver(_) | Action::SaveReplay if game.is_some() => {
                let g = game.as_mut().expect("checked");
                let chosen = match action {
                    Action::Save(Some(n)) | Action::SaveOver(n) => n.clone(),
                    Action::SaveReplay => fresh_name(&store, &default_save_name(g, "replay-")),
                    _ => offered_save_name(&store, g),
                };
                let clean = crate::saves::clean_name(&chosen);
                let own = g.save_name.as_deref() == Some(clean.as_str());
                let over = matches!(action, Action::SaveOver(_));
                if !own && !over && store.exists(&clean) {
                    asking.0 = Some(Question::Overwrite(clean));
                    continue;
                }
                asking.0 = None;
                match store.write(&chosen, &g.session.save_ron()) {
                    Ok(saved) => {
                        info!("Saved '{saved}': {}", game_summary(g));
                        keep_seats(&store, &saved, &g.controllers);
                        notice.info(format!("Saved as '{saved}' in {}.", store.describe()));
                        g.save_name = Some(saved);
                        g.saved_at = g.session.commands();
                    }
                    Err(e) => notice.error(format!("Could not save: {e}")),
                }
            }
            Action::Save(_) | Action::SaveOver(_) | Action::SaveReplay => {
                notice.error("There is no game to save.")
            }
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
                        info!("Loaded '{name}': {}", game_summary(&g));
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
            Action::HandOverNow => {
                if let Some(g) = game.as_mut() {
                    hand_over_now(g);
                }
            }
            Action::SeeResult => {
                if let Some(g) = game.as_mut() {
                    g.end_seen = true;
                }
            }
            Action::HandOverDone => {
                if let Some(g) = game.as_mut() {
                    g.viewer = g.natural_viewer(None);
                    next_mode.set(PlayMode::Board);
                }
            }
            Action::Quit => {
                if let Some(g) = game.as_ref() {
                    autosave_or_warn(&store, g, &mut notice);
                }
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
        if !taking || !game.person_to_decide() || game.viewer.is_none() || game.result_first {
            continue;
        }
        if let Ok(entries) = game.apply(c) {
            after_change(&mut game, &entries);
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
        // The last command's dice, draws and animations are on the board:
        // it stays, with the result in a bar, until the player has looked
        // (a CSAR abort drawn at the end of a turn went straight to the
        // game-over screen, the board and the draws gone). A board hidden
        // for a hand-over has nothing to look at.
        let on_board = mode.is_some_and(|m| *m.get() == PlayMode::Board);
        if game.end_seen || !on_board || game.viewer.is_none() {
            next_screen.set(Screen::GameOver);
        }
        return;
    }
    if game.viewer.is_none() && mode.is_some_and(|m| *m.get() == PlayMode::Board) {
        next_mode.set(PlayMode::HandOver);
    }
}

/// Seconds the hand-over screen is up before Enter shows the board.
pub const HAND_OVER_KEY_DELAY: f32 = 1.0;

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
    asking: Res<Asking>,
    game: Option<Res<ActiveGame>>,
    time: Res<Time<Real>>,
    mut hand_over_since: Local<Option<f32>>,
) {
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    if asking.0.is_some() {
        if keys.just_pressed(KeyCode::Escape) {
            actions.write(Action::Dismiss);
        }
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
    // Hot seat: Enter shows the board to the next player (keyboard-only
    // play, issue 14), once the hand-over screen has been up a moment, so
    // that the last player's Enter ("Seen: hand over (Enter)") pressed
    // twice does not show them the next side's board.
    if mode == Some(PlayMode::HandOver) {
        let now = time.elapsed_secs();
        let since = *hand_over_since.get_or_insert(now);
        if keys.just_pressed(KeyCode::Enter) && now - since >= HAND_OVER_KEY_DELAY {
            actions.write(Action::HandOverDone);
        }
    } else {
        *hand_over_since = None;
    }
    if mode != Some(PlayMode::Board) {
        return;
    }
    if game.as_ref().is_some_and(|g| g.result_first) {
        if keys.just_pressed(KeyCode::Enter) {
            actions.write(Action::HandOverNow);
        }
        return;
    }
    if game.is_some_and(|g| g.session.outcome().is_finished()) {
        if keys.just_pressed(KeyCode::Enter) {
            actions.write(Action::SeeResult);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::Level;
    use crate::form::LastChoices;
    use vt_core::testing::assert_same_as_ron;

    #[test]
    fn settings_a_file_leaves_out_keep_their_defaults() {
        // Issue 14 (settings a player edits): the fields given are kept,
        // the others take their defaults, rather than the whole file being
        // refused.
        let s: Settings =
            parse_ron(SETTINGS_KEY, "(ui_scale: 1.4, colours: ColourBlind)").expect("read");
        assert_eq!(s.ui_scale, 1.4);
        assert_eq!(s.colours, vt_ui::palette::Scheme::ColourBlind);
        assert_eq!(s.computer_delay, Settings::default().computer_delay);
        assert!(s.step_through);
    }

    /// The settings, the autosave's note and the seats are read and written
    /// through `vt_core::data`'s one RON path: the same text, values and
    /// error positions as ron's own functions.
    #[test]
    fn same_as_ron() {
        let settings = Settings {
            last_new_game: Some(LastChoices {
                game: "fte".into(),
                scenario: "hot-lz".into(),
                options: [("fog".to_string(), "on".to_string())].into(),
                controllers: vec![Controller::Person, Controller::Computer],
                levels: vec![Level::Random, Level::Strong],
            }),
            ..Settings::default()
        };
        let text = to_ron(&settings, Layout::Pretty(Default::default())).unwrap();
        let back = assert_same_as_ron::<Settings>(SETTINGS_KEY, &text).unwrap();
        assert_eq!(back, settings);
        // An older file without the later fields, and a broken one.
        let old = "(computer_delay: 1.0, ui_scale: 1.5)";
        assert!(
            assert_same_as_ron::<Settings>(SETTINGS_KEY, old)
                .unwrap()
                .step_through
        );
        let broken = text.replacen("Strong", "Hardest", 1);
        let e = assert_same_as_ron::<Settings>(SETTINGS_KEY, &broken).unwrap_err();
        assert!(e.to_string().starts_with("settings:"), "{e}");
        let note = ContinueNote {
            game: "Grunt".into(),
            scenario: "Basic".into(),
            commands: 12,
            save_name: None,
            saved_at: 3,
            setup: Some(Setup::new("basic", 9)),
        };
        let text = to_ron(&note, Layout::Compact).unwrap();
        assert_eq!(assert_same_as_ron(AUTOSAVE_NOTE, &text), Ok(note));
        let seats = vec![Controller::Rules, Controller::Computer];
        let text = to_ron(&seats, Layout::Compact).unwrap();
        assert_eq!(assert_same_as_ron("seats-g", &text), Ok(seats));
    }
}
