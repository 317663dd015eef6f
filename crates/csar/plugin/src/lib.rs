//! That Others May Live on the launcher's screen.
//!
//! - [`layout`]: the map sheet (two concentric rings: the Center Zone and
//!   the four Outer Zones; the Orbit Box, the Fast Mover Pool and a box for
//!   aircraft not yet come or out of play) and every counter in its place;
//! - [`board`]: draws the layout with procedural counters (aircraft with
//!   their type, ID, Cool/Shaken and Enter/Exit sides and the Survivors
//!   aboard; guns with their firepower, suppressed, fired (rotated) and hit;
//!   markers face down until revealed) and the highlights of what can be
//!   clicked;
//! - [`pick`]: clicks to commands: every legal command is a route of clicks
//!   (a card, then the aircraft that takes it) or a button;
//! - [`panels`]: the egui side: the decision and its buttons, the hand, the
//!   Reserve and the zones' card boxes as cards, the tracks, the card
//!   counting (the Resolution cards left by icon and the exact odds of the
//!   draw about to be made), the draw panel that turns up each card drawn,
//!   and the record of finished games with win rates per scenario;
//! - [`draws`]: a command's events grouped into the draws the panel shows;
//! - [`records`]: the record of finished games, kept in the launcher's
//!   [`vt_ui::store::GameStore`].
//!
//! Everything reads the viewing side's view ([`csar_rules::View`]) and the
//! legal commands; nothing reads the hidden state.

pub mod board;
pub mod dev;
pub mod draws;
pub mod layout;
pub mod panels;
pub mod pick;
pub mod records;

/// The rules this plugin draws, for its users' tests.
pub use csar_rules;

use bevy::prelude::*;
use csar_rules::{Command, Csar, View};
use draws::DrawGroup;
use layout::BoardLayout;
use pick::{Picked, Picker, Routes, Thing};
use records::{RECORD_KEY, Records, SessionRecord};
use vt_core::{Decision, Ruleset};
use vt_ui::board::BoardClick;
use vt_ui::overlay::OverlayState;
use vt_ui::overlay::track::{TurnTrack, TurnTrackSpec};
use vt_ui::store::GameStore;
use vt_ui::{ActiveGame, BoardRegistration, PlayMode, RegisterBoard, Screen, SubmitCommand};

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
        .add_message::<CsarClick>()
        .init_resource::<CsarScreen>()
        .init_resource::<CsarRecords>()
        .init_resource::<dev::ClickTargets>()
        .add_systems(Startup, load_records)
        .add_systems(
            Update,
            (
                sync,
                (board_clicks, apply_clicks)
                    .chain()
                    .run_if(in_state(PlayMode::Board))
                    .run_if(vt_ui::board_visible(GAME_ID)),
                board::redraw,
                board::fit_camera.run_if(in_state(Screen::Playing)),
                panels::tick_draws,
                dev::write_targets,
            )
                .chain(),
        )
        .add_systems(OnEnter(Screen::Menu), board::clear_board)
        .add_systems(OnEnter(Screen::Setup), board::clear_board);
        // The egui panels only where egui runs (not in headless tests).
        if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                (
                    panels::play_ui
                        .run_if(in_state(PlayMode::Board))
                        .run_if(vt_ui::board_visible(GAME_ID)),
                    panels::game_over_ui.run_if(in_state(Screen::GameOver)),
                ),
            );
        }
    }
}

/// A click on something of the game: what is under the pointer, topmost
/// first. The board's clicks and the card rows' clicks both become these.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct CsarClick(pub Vec<Thing>);

/// What the screen knows of the game, refreshed when the game changes.
#[derive(Resource, Default)]
pub struct CsarScreen {
    /// The game this was built for: (revision, commands, seed).
    seen: Option<(u64, usize, u64)>,
    pub view: Option<View>,
    pub decision: Option<Decision>,
    pub legal: Vec<Command>,
    pub routes: Routes,
    pub layout: Option<BoardLayout>,
    pub picker: Picker,
    /// Why the last click did nothing.
    pub hint: Option<String>,
    /// Events already turned into draws.
    pub seen_events: usize,
    /// The last command's draws, and how many of their cards are face up.
    pub draws: Vec<DrawGroup>,
    pub shown_cards: usize,
    pub reveal_clock: f32,
    /// Seconds since the last card turned up (the panel closes after a while).
    pub draws_idle: f32,
    /// Was the game over at the last look?
    pub finished: bool,
    /// Bumped when the board must be drawn again.
    pub board_generation: u64,
    /// Fit the camera to the board at the next chance.
    pub needs_fit: bool,
    /// The rules, for names and data.
    pub rules: Option<std::sync::Arc<Csar>>,
}

impl CsarScreen {
    /// After the selection changed: redraw the highlights.
    pub fn touch(&mut self) {
        self.board_generation += 1;
    }

    /// The zone of an assigned card.
    pub fn zone_of_card(&self, card: u8) -> Option<csar_rules::Zone> {
        let v = self.view.as_ref()?;
        let a = v.assigned.iter().find(|c| c.card == card)?.aircraft?;
        match v.aircraft.iter().find(|x| x.index == a)?.place {
            csar_rules::Place::Zone(z) => Some(z),
            _ => None,
        }
    }
}

/// The record of finished games, as loaded from the store.
#[derive(Resource, Default)]
pub struct CsarRecords {
    pub records: Records,
    /// Why the record could not be read or written, if it could not.
    pub problem: Option<String>,
    pub loaded: bool,
}

fn load_records(store: Option<Res<GameStore>>, mut rec: ResMut<CsarRecords>) {
    let Some(store) = store else { return };
    rec.loaded = true;
    match store.0.read_text(RECORD_KEY) {
        Ok(Some(t)) => match Records::parse(&t) {
            Ok(r) => rec.records = r,
            Err(e) => rec.problem = Some(e),
        },
        Ok(None) => {}
        Err(e) => rec.problem = Some(e),
    }
}

/// The session's game, if it is this one.
pub fn csar_session(game: &ActiveGame) -> Option<&vt_core::session::Session<Csar>> {
    if game.info.id != GAME_ID {
        return None;
    }
    game.typed::<Csar>()
}

/// The phases of a turn for the launcher's turn track (3.0).
pub const PHASES: [&str; 12] = [
    "Event", "Draw", "Reserve", "Command", "Move", "Assign", "Gun fire", "Play", "Rescue",
    "Damage", "Search", "Abort",
];

fn phase_of(step: csar_rules::Step) -> Option<usize> {
    use csar_rules::Step::*;
    Some(match step {
        AutoEventPhase => 0,
        DiscardBeforeDraw | AutoDraw => 1,
        Reserve => 2,
        Commands => 3,
        Move => 4,
        Assign => 5,
        AutoGunFire | FireWindow | FireOrder | Burn | WildHit => 6,
        Play => 7,
        Rescue => 8,
        AutoEndTurn => 9,
        SearchBurn => 10,
        AutoAbortCheck | AbortBurn | AutoCleanup => 11,
        _ => return None,
    })
}

/// Keeps [`CsarScreen`] in step with the game: the view, the legal
/// commands, the layout, the draws of the last command; writes the record
/// when a game ends.
#[allow(clippy::too_many_arguments)]
pub fn sync(
    game: Option<Res<ActiveGame>>,
    mut st: ResMut<CsarScreen>,
    mut overlay: ResMut<OverlayState>,
    mut track: ResMut<TurnTrackSpec>,
    store: Option<Res<GameStore>>,
    mut rec: ResMut<CsarRecords>,
) {
    let Some(game) = game else {
        if st.seen.is_some() {
            *st = CsarScreen {
                board_generation: st.board_generation + 1,
                ..Default::default()
            };
        }
        return;
    };
    let Some(session) = csar_session(&game) else {
        return;
    };
    let key = (game.revision, session.commands.len(), session.setup.seed);
    let new_game = game.is_added() || st.seen.is_none();
    if !new_game && st.seen == Some(key) {
        return;
    }
    st.seen = Some(key);
    let rules = session.rules.clone();
    let decision = session.rules.decision(&session.state);
    let legal = session.rules.legal(&session.state);
    let view = game.viewer.map(|s| session.rules.view(&session.state, s));
    let finished = session.state.result.is_some();
    if new_game {
        st.seen_events = session.events.len();
        st.draws.clear();
        st.shown_cards = 0;
        st.finished = finished;
        st.picker.clear();
        st.hint = None;
        st.needs_fit = true;
        // The draw panel shows the draws; the dice tray would repeat them.
        overlay.dice = false;
    }
    if session.events.len() < st.seen_events {
        // Undone: nothing new was drawn.
        st.seen_events = session.events.len();
    } else if session.events.len() > st.seen_events {
        let groups = draws::draw_groups(&rules, &session.events[st.seen_events..]);
        st.seen_events = session.events.len();
        if !groups.is_empty() {
            st.draws = groups;
            st.shown_cards = 0;
            st.reveal_clock = 0.0;
            st.draws_idle = 0.0;
        }
    }
    if finished && !st.finished {
        let record = session_record(&game, session);
        rec.records.add(record);
        if let Some(store) = store
            && let Err(e) = store.0.write_text(RECORD_KEY, &rec.records.to_text())
        {
            rec.problem = Some(format!("the game record could not be saved: {e}"));
        }
    }
    st.finished = finished;
    st.routes = Routes::new(&legal, |c| {
        let s = &session.state;
        let a = s.assigned.iter().find(|x| x.card == c)?;
        Some(a.zone)
    });
    let routes = st.routes.clone();
    st.picker.keep_valid(&routes);
    st.layout = view.as_ref().map(BoardLayout::new);
    if let Some(v) = &view {
        track.0 = Some(TurnTrack {
            turns: (1..=v.last_turn.max(v.turn))
                .map(|t| t.to_string())
                .collect(),
            current_turn: Some(v.turn.max(1) as usize - 1),
            phases: PHASES.iter().map(|p| p.to_string()).collect(),
            current_phase: phase_of(v.step),
        });
    }
    st.decision = Some(decision);
    st.legal = legal;
    st.view = view;
    st.rules = Some(rules);
    st.touch();
}

fn session_record(game: &ActiveGame, s: &vt_core::session::Session<Csar>) -> SessionRecord {
    let view = s.rules.view(&s.state, 0);
    let scenario = s.setup.scenario.clone();
    let name = game
        .info
        .scenarios
        .iter()
        .find(|x| x.id == scenario)
        .map(|x| x.name.clone())
        .unwrap_or_else(|| view.scenario_name.clone());
    SessionRecord {
        scenario,
        scenario_name: name,
        options: s
            .setup
            .options
            .iter()
            .filter(|(_, v)| matches!(v.as_str(), "true" | "on" | "yes" | "1"))
            .map(|(k, _)| k.clone())
            .collect(),
        result: view
            .result
            .map(|r| r.label().to_string())
            .unwrap_or_default(),
        turns: view.turn.min(view.last_turn),
        date: records::unix_now()
            .map(records::date_words)
            .unwrap_or_default(),
        seed: s.setup.seed,
        commands: s.commands.len() as u32,
    }
}

/// Board clicks to the things under them.
pub fn board_clicks(
    mut clicks: MessageReader<BoardClick>,
    st: Res<CsarScreen>,
    mut out: MessageWriter<CsarClick>,
) {
    for c in clicks.read() {
        if let Some(l) = &st.layout {
            let under = l.hit(c.world);
            if !under.is_empty() {
                out.write(CsarClick(under));
            }
        }
    }
}

/// Clicks to commands, through the picker.
pub fn apply_clicks(
    mut clicks: MessageReader<CsarClick>,
    mut st: ResMut<CsarScreen>,
    game: Option<Res<ActiveGame>>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    let to_decide = game.is_some_and(|g| g.person_to_decide());
    for CsarClick(under) in clicks.read() {
        if !to_decide {
            continue;
        }
        let routes = st.routes.clone();
        match st.picker.click(&routes, under) {
            Picked::Submit(c) => {
                st.hint = None;
                submit.write(SubmitCommand::typed(&c));
            }
            Picked::Selected => st.hint = None,
            Picked::Ignored(why) => st.hint = Some(why),
        }
        st.touch();
    }
}
