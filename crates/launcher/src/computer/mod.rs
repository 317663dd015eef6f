//! The computer at the table: it plays the sides the set-up gave it with
//! the game's search (`vt-ai`), suggests a move to a person who asks, and
//! keeps its estimate of every side's chance at every decision for the
//! chart at the end.
//!
//! The estimates: every decision with a choice gets one, from the
//! knowledge of the side deciding there, giving every side's chance (at
//! a decision they add up to one, less the chance of a draw; the chart
//! joins each side's own estimates and rings the others). A
//! person's decisions are queued with the position as it stood and
//! searched one after the other in the background, however quickly the
//! person plays; the computer's own moves give theirs as they are found.
//!
//! The search never runs in the frame: natively it runs on a thread of its
//! own; in the browser (no threads) it runs in slices of a few
//! milliseconds a frame, one iteration at a time. Its budget is a number of
//! iterations (a level's seconds at the scenario's `search_rate`), so a game
//! replays the same for the same seed on any machine; only a machine
//! several times slower than the reference is cut short, at [`CAP`] times
//! the level's time of searching (in the browser the slices' time, not the
//! frames': a page that draws slowly still searches its whole budget).
//! Either way the window keeps drawing while the computer thinks, and
//! [`panel`] shows that it does. Its commands go
//! through the same [`ActiveGame::apply`] as a person's, so they are
//! logged and animated alike. The search reads only the deciding side's
//! knowledge: it samples what that side may not see (see `vt-ai`).

use vt_core::sort::StableSort;
pub mod panel;

use crate::catalog::Catalog;
use crate::flow::{Settings, after_change};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use vt_ai::{Config, DynAi, DynSearch, DynThought};
use vt_core::digest::digest;
use vt_core::{GameRng, SideIdx};
use vt_ui::overlay::OverlayState;
use vt_ui::{ActiveGame, Controller, PlayMode, Screen};

/// How hard the computer thinks about each decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    /// A random legal command, at once: for learning the rules.
    Random,
    /// About a third of a second a decision.
    Quick,
    /// About a second a decision.
    #[default]
    Normal,
    /// About three seconds a decision.
    Strong,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Quick, Level::Normal, Level::Strong];

    pub fn label(self) -> &'static str {
        match self {
            Level::Random => "Random",
            Level::Quick => "Quick",
            Level::Normal => "Normal",
            Level::Strong => "Strong",
        }
    }

    pub fn hint(self) -> &'static str {
        match self {
            Level::Random => "plays any legal command: for learning the rules",
            Level::Quick => "searches about a third of a second a decision",
            Level::Normal => "searches about a second a decision",
            Level::Strong => "searches about three seconds a decision",
        }
    }

    /// The seconds of thought on the reference machine, `None` for
    /// random play: `vt`'s levels of the same names ([`vt_ai::LEVELS`]),
    /// so `vt balance ... --policy us=normal` measures what the launcher's
    /// Normal plays.
    pub fn seconds(self) -> Option<f64> {
        match self {
            Level::Random => None,
            Level::Quick => vt_ai::level_seconds("quick"),
            Level::Normal => vt_ai::level_seconds("normal"),
            Level::Strong => vt_ai::level_seconds("strong"),
        }
    }
}

/// The level of each side the computer plays (in the game's side order),
/// as last chosen on the set-up screen; a side without one plays at the
/// default level.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Levels(pub Vec<Level>);

impl Levels {
    pub fn of(&self, side: SideIdx) -> Level {
        self.0.get(side as usize).copied().unwrap_or_default()
    }
}

/// Why the computer is searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Its own move, for a side it plays.
    Move,
    /// The move it would make for a person who asked.
    Suggest,
    /// Its estimate for the chart, of a decision a person made or is
    /// making.
    Estimate,
}

/// The chance the search gave a side at one decision of the game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Commands played before the decision.
    pub at: usize,
    /// The side that decided there: the chance is from its knowledge.
    pub by: SideIdx,
    pub side: SideIdx,
    /// Its estimated chance of winning, 0 to 1 (not a number where there
    /// was nothing to search: the chart skips it).
    pub win: f64,
}

/// A person's decision waiting for its estimate: the search holds the
/// position as it stood.
struct Pending {
    at: usize,
    side: SideIdx,
    search: Box<dyn DynSearch>,
}

/// What the computer suggested to a person.
#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion {
    pub revision: u64,
    pub side: SideIdx,
    pub command: Value,
    pub win: Option<f64>,
    pub iterations: u32,
    /// How many of them began with its command (the search plays the
    /// command it looked at most).
    pub looks: u32,
    /// The other commands it weighed most, with how often it looked at
    /// each and the chance it gave the person after it (most looked at
    /// first; at most [`WEIGHED`]).
    pub weighed: Vec<(Value, u32, f64)>,
    /// What it answered before at this position, when asked to think
    /// longer: (positions searched, its estimate, its command), oldest
    /// first.
    pub earlier: Vec<(u32, Option<f64>, Value)>,
}

/// How many other commands a suggestion shows.
pub const WEIGHED: usize = 3;

impl Suggestion {
    fn new(revision: u64, side: SideIdx, thought: &DynThought) -> Suggestion {
        // `considered` is sorted by visits, most first.
        let mut weighed: Vec<(Value, u32, f64)> = thought
            .considered
            .iter()
            .filter(|c| c.0 != thought.command && c.1 > 0)
            .map(|c| (c.0.clone(), c.1, c.3))
            .collect();
        weighed.truncate(WEIGHED);
        let looks = thought
            .considered
            .iter()
            .find(|c| c.0 == thought.command)
            .map_or(0, |c| c.1);
        Suggestion {
            revision,
            side,
            command: thought.command.clone(),
            win: thought.win,
            iterations: thought.iterations,
            looks,
            weighed,
            earlier: Vec::new(),
        }
    }
}

/// A search under way.
pub struct Thinking {
    pub side: SideIdx,
    pub purpose: Purpose,
    /// Commands played before the decision it is about.
    pub at: usize,
    /// The game's revision it started from: any change makes a move or a
    /// suggestion moot (an estimate goes on: its position is its own).
    pub revision: u64,
    pub started: Instant,
    pub budget: Budget,
    runner: Runner,
    #[cfg(target_arch = "wasm32")]
    frames: FrameLog,
}

impl Thinking {
    /// Positions searched so far.
    pub fn iterations(&self) -> u32 {
        self.runner.iterations()
    }
}

/// The computer's state between frames.
#[derive(Resource)]
pub struct Computer {
    /// A move or a suggestion under way.
    pub thinking: Option<Thinking>,
    /// An estimate for the chart under way.
    pub estimating: Option<Thinking>,
    /// Decisions waiting for their estimate, oldest first.
    backlog: Vec<Pending>,
    /// A command found and waiting out the pause between moves.
    pub ready: Option<(u64, Value)>,
    pub waited: f32,
    pub suggestion: Option<Suggestion>,
    /// The search behind the suggestion standing, kept for "Think longer".
    suggesting: Option<Box<dyn DynSearch>>,
    /// A person asked for a suggestion at this revision.
    pub asked: Option<u64>,
    /// A person asked the computer to think longer about the suggestion
    /// standing at this revision.
    pub longer: Option<u64>,
    pub estimates: Vec<Estimate>,
    /// The session these belong to (a new game or a load starts afresh).
    session: usize,
    pub rng: GameRng,
    /// A fixed budget for suggestions instead of [`SUGGEST_SECONDS`] at the
    /// scenario's rate (tests: a budget no busy machine's time cap cuts).
    pub suggest_budget: Option<Budget>,
}

impl Computer {
    pub fn new(seed: u64) -> Self {
        Computer {
            thinking: None,
            estimating: None,
            backlog: Vec::new(),
            ready: None,
            waited: 0.0,
            suggestion: None,
            suggesting: None,
            asked: None,
            longer: None,
            estimates: Vec::new(),
            session: 0,
            rng: GameRng::seeded(seed),
            suggest_budget: None,
        }
    }

    fn reset(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.runner.cancel();
        }
        if let Some(t) = self.estimating.take() {
            t.runner.cancel();
        }
        self.backlog.clear();
        self.ready = None;
        self.waited = 0.0;
        self.suggestion = None;
        self.suggesting = None;
        self.asked = None;
        self.longer = None;
        self.estimates.clear();
    }

    /// Puts the suggestion away (dismissed, or the game moved on), and the
    /// search behind it.
    pub fn dismiss(&mut self) {
        if self
            .thinking
            .as_ref()
            .is_some_and(|t| t.purpose == Purpose::Suggest)
            && let Some(t) = self.thinking.take()
        {
            t.runner.cancel();
        }
        self.suggestion = None;
        self.suggesting = None;
        self.longer = None;
    }

    /// Whether the search behind the suggestion standing is kept, so it
    /// can think longer.
    pub fn can_think_longer(&self) -> bool {
        self.suggesting.is_some()
    }

    /// Keeps every side's chance from a search for `by` at decision `at`
    /// (only `by`'s where the search gives no other).
    fn record(&mut self, at: usize, by: SideIdx, t: &DynThought) {
        let Some(win) = t.win else { return };
        self.estimates.retain(|e| e.at != at);
        if t.chances.is_empty() {
            self.estimates.push(Estimate {
                at,
                by,
                side: by,
                win,
            });
        }
        for (side, &win) in t.chances.iter().enumerate() {
            self.estimates.push(Estimate {
                at,
                by,
                side: side as SideIdx,
                win,
            });
        }
        self.estimates.stable_sort_by_key(|e| (e.at, e.side));
    }

    /// Whether decision `at` has its estimate, or is waiting for it.
    fn estimated(&self, at: usize) -> bool {
        self.estimates.iter().any(|e| e.at == at)
            || self.backlog.iter().any(|p| p.at == at)
            || self.estimating.as_ref().is_some_and(|t| t.at == at)
    }

    /// Decisions still waiting for their estimate (the one under way
    /// included).
    pub fn estimates_pending(&self) -> usize {
        self.backlog.len() + usize::from(self.estimating.is_some())
    }

    /// The estimate under way: a slice of it (in the browser), and when it
    /// is done its chances kept; then the next decision waiting, unless a
    /// move or a suggestion is being searched.
    fn run_estimates(&mut self, ai: Option<&Arc<dyn DynAi>>, scenario: &str) {
        if let Some(t) = self.estimating.as_mut() {
            #[cfg(target_arch = "wasm32")]
            if self.thinking.is_none() {
                t.runner.step(t.budget, Instant::now);
            }
            if t.runner.finished(t.budget) {
                let t = self.estimating.take().expect("checked");
                let (at, side) = (t.at, t.side);
                if let (Some(thought), _) = t.runner.finish() {
                    self.record(at, side, &thought);
                }
            }
        }
        if self.estimating.is_some() || self.thinking.is_some() || self.backlog.is_empty() {
            return;
        }
        let Some(ai) = ai else {
            self.backlog.clear();
            return;
        };
        let p = self.backlog.remove(0);
        let budget = Budget::new(&**ai, scenario, ESTIMATE_SECONDS);
        self.estimating = Some(start(p.search, p.side, Purpose::Estimate, p.at, 0, budget));
    }
}

/// Seconds an estimate for the chart may take while a person thinks.
const ESTIMATE_SECONDS: f64 = 0.4;
/// Seconds a suggestion takes.
const SUGGEST_SECONDS: f64 = 1.5;
/// A search stops at this many times its seconds even short of its
/// iterations (a machine much slower than the reference).
pub const CAP: f64 = 3.0;

/// How long a search runs: its iterations, and the time it may take at most.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub iterations: u32,
    pub cap: Duration,
}

impl Budget {
    /// `seconds` of thought in `scenario`: its iterations at the
    /// scenario's rate, whatever the machine.
    pub fn new(ai: &dyn DynAi, scenario: &str, seconds: f64) -> Budget {
        Budget {
            iterations: ai.iterations_for(scenario, seconds),
            cap: Duration::from_secs_f64(seconds * CAP),
        }
    }

    /// Whether a search is done after `iterations` and `searching` time.
    fn over(&self, iterations: u32, searching: Duration) -> bool {
        iterations >= self.iterations || searching >= self.cap
    }
}

/// In the browser: the search's share of a frame whose other work is short.
const SLICE: Duration = Duration::from_millis(8);
/// In the browser: the longest slice, when the rest of the frame is slow
/// (the search takes at most as long as the rest of the frame, so the page
/// draws at no less than half its rate, and never pauses for longer).
const MAX_SLICE: Duration = Duration::from_millis(50);

/// The seed of the computer's move for `side` where `session` stands: from
/// the game's seed and how many commands were played, so a game set up
/// with the same seed and played the same way gets the same answers from
/// the computer, whatever else it was asked meanwhile (suggestions and
/// the chart's estimates draw from [`Computer::rng`]), and an undone move
/// is found again. (The level's iterations are fixed too: [`Budget`].)
pub fn move_seed(session: &dyn vt_core::dynamic::DynSession, side: SideIdx) -> u64 {
    digest(&(
        "computer move",
        session.setup().seed,
        session.commands(),
        side,
    ))
}

/// The game's computer player, if the build has one for it.
pub fn ai_of(catalog: Option<&Catalog>, game: &ActiveGame) -> Option<Arc<dyn DynAi>> {
    catalog?.find(&game.info.id)?.ai.clone()
}

fn session_id(game: &ActiveGame) -> usize {
    (&*game.session as *const dyn vt_core::dynamic::DynSession).cast::<()>() as usize
}

/// The seed of a suggestion for `side` where `session` stands, as
/// [`move_seed`]: asked twice at the same position, the computer gives the
/// same answer (at a level's fixed iterations), where a seed from its
/// running generator once gave 59 % and then 45 %.
pub fn suggestion_seed(session: &dyn vt_core::dynamic::DynSession, side: SideIdx) -> u64 {
    digest(&(
        "computer suggestion",
        session.setup().seed,
        session.commands(),
        side,
    ))
}

/// Asks for a suggestion for the person to decide (the panel's button).
pub fn ask(computer: &mut Computer, game: &ActiveGame) {
    computer.dismiss();
    computer.asked = Some(game.revision);
}

/// Asks the computer to go on searching from where the suggestion standing
/// left off, for as long again (the panel's "Think longer").
pub fn think_longer(computer: &mut Computer, game: &ActiveGame) {
    if computer
        .suggestion
        .as_ref()
        .is_some_and(|s| s.revision == game.revision)
        && computer.suggesting.is_some()
    {
        computer.longer = Some(game.revision);
    }
}

/// Every frame while a game is on: starts, runs, finishes and plays the
/// computer's searches.
#[allow(clippy::too_many_arguments)]
pub fn computer_turns(
    game: Option<ResMut<ActiveGame>>,
    catalog: Option<Res<Catalog>>,
    mut computer: ResMut<Computer>,
    levels: Res<Levels>,
    settings: Res<Settings>,
    time: Res<Time>,
    screen: Res<State<Screen>>,
    mode: Option<Res<State<PlayMode>>>,
    mut overlay: ResMut<OverlayState>,
    anims: Res<vt_ui::anim::Animations>,
) {
    let Some(mut game) = game else {
        computer.reset();
        computer.session = 0;
        return;
    };
    let id = session_id(&game);
    if computer.session != id {
        computer.reset();
        computer.session = id;
    }
    let at = game.session.commands();
    // An undo takes back the estimates of the decisions it undid.
    computer.estimates.retain(|e| e.at <= at);
    computer.backlog.retain(|p| p.at <= at);
    if computer.estimating.as_ref().is_some_and(|t| t.at > at)
        && let Some(t) = computer.estimating.take()
    {
        t.runner.cancel();
    }
    // A change of the game (a command, an undo) makes a move or a
    // suggestion moot.
    if computer
        .thinking
        .as_ref()
        .is_some_and(|t| t.revision != game.revision)
        && let Some(t) = computer.thinking.take()
    {
        t.runner.cancel();
    }
    if computer
        .ready
        .as_ref()
        .is_some_and(|(r, _)| *r != game.revision)
    {
        computer.ready = None;
    }
    if computer
        .suggestion
        .as_ref()
        .is_some_and(|s| s.revision != game.revision)
    {
        computer.dismiss();
    }
    let ai = ai_of(catalog.as_deref(), &game);
    // A person's decision is queued for its estimate as soon as it is
    // there, whatever the screen (a hand-over too): the chart has every
    // decision, however quickly it was made.
    if let (Some(side), Some(ai)) = (game.deciding_side(), ai.as_ref())
        && !matches!(
            game.controller(side),
            Controller::Computer | Controller::Rules
        )
        && !computer.estimated(at)
    {
        let config = Config {
            seed: computer.rng.next_u64(),
            ..Config::default()
        };
        if let Some(search) = ai.search(&*game.session, side, config) {
            if search.is_trivial() {
                // Nothing to estimate from one command: the chart skips it.
                computer.estimates.push(Estimate {
                    at,
                    by: side,
                    side,
                    win: f64::NAN,
                });
            } else {
                computer.backlog.push(Pending { at, side, search });
            }
        }
    }
    // The estimates go on after the game is over, until the chart has
    // them all.
    computer.run_estimates(ai.as_ref(), &game.session.setup().scenario);
    if game.session.outcome().is_finished() {
        return;
    }
    // The search under way: a slice of it, or its answer.
    if let Some(t) = computer.thinking.as_mut() {
        #[cfg(target_arch = "wasm32")]
        let slice = Instant::now();
        t.runner.step(t.budget, Instant::now);
        #[cfg(target_arch = "wasm32")]
        t.frames.note(slice);
        if t.runner.finished(t.budget) {
            let t = computer.thinking.take().expect("checked");
            #[cfg(target_arch = "wasm32")]
            t.frames.log(&t);
            let purpose = t.purpose;
            let side = t.side;
            let revision = t.revision;
            let (thought, search) = t.runner.finish();
            match thought {
                Some(thought) => {
                    computer.record(t.at, side, &thought);
                    match purpose {
                        Purpose::Move => computer.ready = Some((revision, thought.command.clone())),
                        Purpose::Suggest => {
                            // The chart keeps this estimate, the longer
                            // search's, over a quick one still to come.
                            computer.backlog.retain(|p| p.at != t.at);
                            if computer.estimating.as_ref().is_some_and(|e| e.at == t.at)
                                && let Some(e) = computer.estimating.take()
                            {
                                e.runner.cancel();
                            }
                            computer.asked = None;
                            computer.longer = None;
                            let mut s = Suggestion::new(revision, side, &thought);
                            // Thought longer: what it said before stays in view.
                            if let Some(old) = computer
                                .suggestion
                                .take()
                                .filter(|o| o.revision == revision)
                            {
                                s.earlier = old.earlier;
                                s.earlier.push((old.iterations, old.win, old.command));
                            }
                            computer.suggestion = Some(s);
                            computer.suggesting = search;
                        }
                        Purpose::Estimate => {}
                    }
                }
                // No answer (no thread to be had): the move is a random one.
                None if purpose == Purpose::Move => {
                    let legal = game.session.legal();
                    if !legal.is_empty() {
                        let k = computer.rng.index(legal.len());
                        computer.ready = Some((revision, legal[k].clone()));
                    }
                }
                None => {
                    computer.asked = None;
                    computer.longer = None;
                }
            }
        }
    }
    let Some(side) = game.deciding_side() else {
        return;
    };
    let playing =
        *screen.get() == Screen::Playing && mode.is_some_and(|m| *m.get() == PlayMode::Board);
    if !playing {
        return;
    }
    // A side the scenario's rules play never decides; should it ever have
    // to, the computer answers rather than leave the game stuck.
    if matches!(
        game.controller(side),
        Controller::Computer | Controller::Rules
    ) {
        // A found move, played after the player's chosen pause, once the
        // board has shown what happened last.
        if let Some((_, command)) = computer.ready.clone() {
            if anims.busy() {
                return;
            }
            computer.waited += time.delta_secs();
            if computer.waited < settings.computer_delay {
                return;
            }
            computer.waited = 0.0;
            computer.ready = None;
            if let Ok(entries) = game.apply(&command) {
                after_change(&mut game, &entries);
                let kind = game.session.decision().kind;
                overlay.see_phase(&kind);
            }
            return;
        }
        if computer.thinking.is_some() {
            return;
        }
        let level = levels.of(side);
        let seed = move_seed(&*game.session, side);
        match (level.seconds(), ai.as_ref()) {
            (Some(seconds), Some(ai)) => {
                let budget = Budget::new(&**ai, &game.session.setup().scenario, seconds);
                let config = Config {
                    seed,
                    ..Config::default()
                };
                if let Some(search) = ai.search(&*game.session, side, config) {
                    if search.is_trivial() {
                        // One command: nothing to think about.
                        if let Some(t) = search.thought() {
                            computer.ready = Some((game.revision, t.command));
                        }
                    } else {
                        computer.thinking = Some(start(
                            search,
                            side,
                            Purpose::Move,
                            at,
                            game.revision,
                            budget,
                        ));
                    }
                }
            }
            _ => {
                // Random play (the level, or a game without a player).
                let legal = game.session.legal();
                if !legal.is_empty() {
                    let k = GameRng::seeded(seed).index(legal.len());
                    computer.ready = Some((game.revision, legal[k].clone()));
                }
            }
        }
        return;
    }
    // A person decides: a suggestion if asked.
    computer.waited = 0.0;
    let Some(ai) = ai else { return };
    if computer.thinking.is_some() {
        return;
    }
    let budget = computer
        .suggest_budget
        .unwrap_or_else(|| Budget::new(&*ai, &game.session.setup().scenario, SUGGEST_SECONDS));
    if computer.longer == Some(game.revision)
        && let Some(search) = computer.suggesting.take()
    {
        // As long again, on from where it stopped: its tree is kept.
        let budget = Budget {
            iterations: search.iterations().saturating_add(budget.iterations),
            ..budget
        };
        computer.thinking = Some(start(
            search,
            side,
            Purpose::Suggest,
            at,
            game.revision,
            budget,
        ));
        return;
    }
    if computer.asked != Some(game.revision) {
        return;
    }
    let config = Config {
        seed: suggestion_seed(&*game.session, side),
        ..Config::default()
    };
    let Some(search) = ai.search(&*game.session, side, config) else {
        return;
    };
    if search.is_trivial() {
        if let Some(t) = search.thought() {
            computer.suggestion = Some(Suggestion {
                revision: game.revision,
                side,
                command: t.command,
                win: None,
                iterations: 0,
                looks: 0,
                weighed: Vec::new(),
                earlier: Vec::new(),
            });
        }
        computer.asked = None;
        return;
    }
    computer.thinking = Some(start(
        search,
        side,
        Purpose::Suggest,
        at,
        game.revision,
        budget,
    ));
}

/// Lets the boards mark the suggestion while it stands.
pub fn share_suggestion(
    game: Option<Res<ActiveGame>>,
    computer: Res<Computer>,
    mut shared: ResMut<vt_ui::Suggested>,
) {
    let now = game.and_then(|g| suggestion_command(&computer, &g));
    shared.set_if_neq(vt_ui::Suggested(now));
}

/// Plays the suggestion (the panel's "Play it").
pub fn suggestion_command(computer: &Computer, game: &ActiveGame) -> Option<Value> {
    computer
        .suggestion
        .as_ref()
        .filter(|s| s.revision == game.revision)
        .map(|s| s.command.clone())
}

fn start(
    search: Box<dyn DynSearch>,
    side: SideIdx,
    purpose: Purpose,
    at: usize,
    revision: u64,
    budget: Budget,
) -> Thinking {
    let started = Instant::now();
    Thinking {
        side,
        purpose,
        at,
        revision,
        started,
        budget,
        runner: Runner::start(search, budget),
        #[cfg(target_arch = "wasm32")]
        frames: FrameLog::default(),
    }
}

/// In the browser, where the search shares the page's one thread: how the
/// frames went while it ran, logged when it ends (`computer: … frames`),
/// which web/test.mjs reads to check that the page kept drawing.
#[cfg(target_arch = "wasm32")]
#[derive(Default)]
struct FrameLog {
    frames: u32,
    /// When the last frame's slice began.
    last: Option<Instant>,
    /// The longest time from one frame's slice to the next: a frame.
    longest_gap: Duration,
    longest_slice: Duration,
}

#[cfg(target_arch = "wasm32")]
impl FrameLog {
    /// A frame's slice of search, begun at `slice`.
    fn note(&mut self, slice: Instant) {
        self.frames += 1;
        self.longest_slice = self.longest_slice.max(slice.elapsed());
        if let Some(last) = self.last {
            self.longest_gap = self.longest_gap.max(slice.duration_since(last));
        }
        self.last = Some(slice);
    }

    fn log(&self, t: &Thinking) {
        tracing::info!(
            "computer: {:?} for side {} searched {} of {} positions in {} ms over {} frames \
             (longest frame {} ms, longest slice {} ms); {} ms of search (cap {} ms)",
            t.purpose,
            t.side,
            t.iterations(),
            t.budget.iterations,
            t.started.elapsed().as_millis(),
            self.frames,
            self.longest_gap.as_millis(),
            self.longest_slice.as_millis(),
            t.runner.searching().as_millis(),
            t.budget.cap.as_millis(),
        );
    }
}

/// Natively: iterations run between looks at the clock and the budget.
#[cfg(not(target_arch = "wasm32"))]
const CHUNK: u32 = 16;

/// How a search runs: on its own thread natively, in slices in the browser.
enum Runner {
    #[cfg(not(target_arch = "wasm32"))]
    Thread(threaded::Handle),
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    Frames(Slices),
}

/// A search run in slices of frames (the browser's one thread).
struct Slices {
    search: Box<dyn DynSearch>,
    /// The slices' time so far: what the budget's cap counts.
    searching: Duration,
    /// When the last slice ended: the time from then to the next slice is
    /// the rest of a frame's work.
    last_end: Option<Instant>,
}

impl Slices {
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn new(search: Box<dyn DynSearch>) -> Slices {
        Slices {
            search,
            searching: Duration::ZERO,
            last_end: None,
        }
    }

    /// This frame's slice: [`SLICE`], or as long as the rest of the last
    /// frame took, up to [`MAX_SLICE`].
    fn length(&self, now: Instant) -> Duration {
        let rest = self
            .last_end
            .map_or(Duration::ZERO, |e| now.duration_since(e));
        rest.clamp(SLICE, MAX_SLICE)
    }

    /// Runs one slice: an iteration at a time (one iteration of a big game
    /// takes milliseconds in the browser) until the slice is used or the
    /// budget met. `now` is the clock (a test's own).
    fn step(&mut self, budget: Budget, mut now: impl FnMut() -> Instant) {
        let begun = now();
        let length = self.length(begun);
        let mut at = begun;
        while at.duration_since(begun) < length
            && !budget.over(self.search.iterations(), self.searching + (at - begun))
        {
            self.search.run(1);
            at = now();
        }
        self.searching += at - begun;
        self.last_end = Some(at);
    }

    fn finished(&self, budget: Budget) -> bool {
        budget.over(self.search.iterations(), self.searching)
    }
}

impl Runner {
    #[cfg(not(target_arch = "wasm32"))]
    fn start(search: Box<dyn DynSearch>, budget: Budget) -> Runner {
        Runner::Thread(threaded::Handle::spawn(search, budget))
    }

    #[cfg(target_arch = "wasm32")]
    fn start(search: Box<dyn DynSearch>, _budget: Budget) -> Runner {
        Runner::Frames(Slices::new(search))
    }

    /// In the browser: search for a slice of this frame.
    #[allow(irrefutable_let_patterns)] // only Frames in the browser
    fn step(&mut self, budget: Budget, now: impl FnMut() -> Instant) {
        if let Runner::Frames(s) = self {
            s.step(budget, now);
        }
    }

    fn finished(&self, budget: Budget) -> bool {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Runner::Thread(h) => h.done(),
            Runner::Frames(s) => s.finished(budget),
        }
    }

    fn iterations(&self) -> u32 {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Runner::Thread(h) => h.iterations(),
            Runner::Frames(s) => s.search.iterations(),
        }
    }

    /// In the browser: the slices' time so far.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn searching(&self) -> Duration {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Runner::Thread(_) => Duration::ZERO,
            Runner::Frames(s) => s.searching,
        }
    }

    /// Its answer, and the search (to go on with, if asked).
    fn finish(self) -> (Option<DynThought>, Option<Box<dyn DynSearch>>) {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Runner::Thread(h) => h.join(),
            Runner::Frames(s) => (s.search.thought(), Some(s.search)),
        }
    }

    fn cancel(self) {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Runner::Thread(h) => h.cancel(),
            Runner::Frames(_) => {}
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod threaded {
    use super::*;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

    /// A search on a thread of its own, until its time is up or it is
    /// called off.
    pub struct Handle {
        pub(super) cancel: Arc<AtomicBool>,
        done: Arc<AtomicBool>,
        iterations: Arc<AtomicU32>,
        result: Arc<Mutex<Option<DynThought>>>,
        /// The search, handed back when it is done.
        search: Arc<Mutex<Option<Box<dyn DynSearch>>>>,
    }

    impl Handle {
        pub fn spawn(mut search: Box<dyn DynSearch>, budget: Budget) -> Handle {
            let h = Handle {
                cancel: Arc::new(AtomicBool::new(false)),
                done: Arc::new(AtomicBool::new(false)),
                iterations: Arc::new(AtomicU32::new(0)),
                result: Arc::new(Mutex::new(None)),
                search: Arc::new(Mutex::new(None)),
            };
            let (cancel, done, iterations, result, back) = (
                h.cancel.clone(),
                h.done.clone(),
                h.iterations.clone(),
                h.result.clone(),
                h.search.clone(),
            );
            let work = move || {
                let started = Instant::now();
                while !budget.over(search.iterations(), started.elapsed())
                    && !cancel.load(Ordering::Relaxed)
                {
                    search.run(CHUNK.min(budget.iterations - search.iterations()));
                    iterations.store(search.iterations(), Ordering::Relaxed);
                }
                if !cancel.load(Ordering::Relaxed)
                    && let Ok(mut r) = result.lock()
                {
                    *r = search.thought();
                    if let Ok(mut b) = back.lock() {
                        *b = Some(search);
                    }
                }
                done.store(true, Ordering::Release);
            };
            if std::thread::Builder::new()
                .name("vt-computer".into())
                .spawn(work)
                .is_err()
            {
                // No thread to be had: done, with no answer.
                h.done.store(true, Ordering::Release);
            }
            h
        }

        pub fn done(&self) -> bool {
            self.done.load(Ordering::Acquire)
        }

        pub fn iterations(&self) -> u32 {
            self.iterations.load(Ordering::Relaxed)
        }

        pub fn join(self) -> (Option<DynThought>, Option<Box<dyn DynSearch>>) {
            let thought = self.result.lock().ok().and_then(|mut r| r.take());
            let search = self.search.lock().ok().and_then(|mut s| s.take());
            (thought, search)
        }

        pub fn cancel(self) {
            self.cancel.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vt_core::Setup;

    /// The FTE computer's search for the side to decide at the start of the
    /// first scenario.
    fn fte_search(seed: u64) -> (Box<dyn DynSearch>, Arc<dyn DynAi>) {
        let entry = vt_games::entry("fte").unwrap();
        let game = vt_games::load(&entry, None).unwrap();
        let ai = (entry.ai)(&*game).unwrap();
        let info = game.info();
        let session = game
            .new_session(Setup::new(&info.scenarios[0].id, 4))
            .unwrap();
        let side = session.decision().side.unwrap();
        let config = Config {
            seed,
            ..Config::default()
        };
        let search = ai.search(&*session, side, config).unwrap();
        assert!(!search.is_trivial());
        (search, ai)
    }

    // The computer's move is seeded by the game's seed and the commands
    // played, not by the launcher's running generator: the same game set
    // up with the same seed and played the same way gets the same moves,
    // whatever suggestions or estimates were asked for between.
    #[test]
    fn a_move_is_seeded_by_the_game_and_where_it_stands() {
        let entry = vt_games::entry("fte").unwrap();
        let game = vt_games::load(&entry, None).unwrap();
        let scenario = game.info().scenarios[0].id.clone();
        let new = |seed| game.new_session(Setup::new(&scenario, seed)).unwrap();
        let (a, b, other) = (new(4), new(4), new(5));
        let side = a.decision().side.unwrap();
        assert_eq!(move_seed(&*a, side), move_seed(&*b, side));
        assert_ne!(move_seed(&*a, side), move_seed(&*other, side));
        assert_ne!(move_seed(&*a, 0), move_seed(&*a, 1));
        let mut later = new(4);
        let first = later.legal()[0].clone();
        later.apply(&first).unwrap();
        assert_ne!(move_seed(&*a, side), move_seed(&*later, side));
    }

    /// Waits for a search on its thread, and takes its answer and search.
    #[cfg(not(target_arch = "wasm32"))]
    fn wait(h: threaded::Handle) -> (Option<DynThought>, Option<Box<dyn DynSearch>>) {
        while !h.done() {
            std::thread::sleep(Duration::from_millis(1));
        }
        h.join()
    }

    // "Think longer" goes on with the search that gave the suggestion: the
    // thread hands it back with its answer, and a second budget on from
    // there gives what one search of both budgets at once gives (its tree
    // kept, not a fresh search of the same length).
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn thinking_longer_goes_on_with_the_same_search() {
        let budget = Budget {
            iterations: 30,
            cap: Duration::from_secs(600),
        };
        let (search, _) = fte_search(5);
        let (first, search) = wait(threaded::Handle::spawn(search, budget));
        assert_eq!(first.expect("an answer").iterations, 30);
        let search = search.expect("the search handed back");
        let longer = Budget {
            iterations: 60,
            ..budget
        };
        let (second, _) = wait(threaded::Handle::spawn(search, longer));
        let second = second.expect("an answer");
        assert_eq!(second.iterations, 60);
        let (mut whole, _) = fte_search(5);
        whole.run(60);
        let whole = whole.thought().unwrap();
        assert_eq!(second.command, whole.command);
        assert_eq!(second.considered, whole.considered);
        // A fresh search of 30 more is not the same thing.
        let (mut fresh, _) = fte_search(5);
        fresh.run(30);
        assert_ne!(second.considered, fresh.thought().unwrap().considered);
    }

    // A search called off hands back nothing to go on with.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_search_called_off_is_not_kept() {
        let budget = Budget {
            iterations: 1_000_000,
            cap: Duration::from_secs(600),
        };
        let (search, _) = fte_search(6);
        let h = threaded::Handle::spawn(search, budget);
        let cancel = h.cancel.clone();
        cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        let (thought, search) = wait(h);
        assert!(thought.is_none() && search.is_none());
    }

    /// A clock for the slices: each look at it is `step` later; between
    /// frames the page spends `frame` on its other work.
    struct Clock {
        at: Instant,
        step: Duration,
    }

    impl Clock {
        fn look(&mut self) -> Instant {
            self.at += self.step;
            self.at
        }
    }

    // In the browser the search runs an iteration at a time in short slices,
    // counting only its own time against the cap: on a page drawing one
    // frame a second it still searches its whole budget, and gives the
    // move the same search on the thread gives (same seed, same budget).
    #[test]
    fn slices_reach_the_budget_and_the_same_move() {
        let budget = Budget {
            iterations: 40,
            cap: Duration::from_millis(300),
        };
        let (search, _) = fte_search(9);
        let mut slices = Slices::new(search);
        // 3 ms an iteration; frames of a second.
        let mut clock = Clock {
            at: Instant::now(),
            step: Duration::from_millis(3),
        };
        let mut frames = 0;
        while !slices.finished(budget) {
            frames += 1;
            assert!(frames < 1000, "the search never ends");
            let before = slices.search.iterations();
            slices.step(budget, || clock.look());
            let ran = slices.search.iterations() - before;
            // The slice: the rest of the frame's second clamps to 50 ms.
            let most = if frames == 1 { SLICE } else { MAX_SLICE };
            assert!(ran >= 1 && ran as u128 <= most.as_millis() / 3 + 1, "{ran}");
            clock.at += Duration::from_secs(1);
        }
        assert_eq!(slices.search.iterations(), 40, "the whole budget");
        assert!(frames > 1, "over several frames");
        assert!(slices.searching < budget.cap, "{:?}", slices.searching);
        let sliced = slices.search.thought().unwrap();

        let (mut whole, _) = fte_search(9);
        whole.run(40);
        let straight = whole.thought().unwrap();
        assert_eq!(sliced.command, straight.command);
        assert_eq!(sliced.considered, straight.considered);
    }

    // A search slower than the cap allows stops at the cap: of its own
    // time, not the frames'.
    #[test]
    fn a_slow_search_stops_at_the_cap_of_its_own_time() {
        let budget = Budget {
            iterations: 1_000_000,
            cap: Duration::from_millis(120),
        };
        let (search, _) = fte_search(2);
        let mut slices = Slices::new(search);
        let mut clock = Clock {
            at: Instant::now(),
            step: Duration::from_millis(4),
        };
        let mut frames = 0;
        while !slices.finished(budget) {
            frames += 1;
            assert!(frames < 1000, "the search never ends");
            slices.step(budget, || clock.look());
            clock.at += Duration::from_millis(20);
        }
        // 120 ms at 4 ms an iteration, in slices as long as the rest of
        // each frame (the 20 ms and a look at the clock).
        assert_eq!(slices.search.iterations(), 30);
        assert_eq!(slices.searching, Duration::from_millis(120));
        assert!(slices.search.thought().is_some());
    }
}
