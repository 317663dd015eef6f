//! Checks every game's rules crate runs in its tests, and a tiny game (Pig,
//! the dice game) that exercises the contract in core's and `vt`'s tests.

use crate::ai::AiRules;
use crate::dice::{Adjudication, Dice};
use crate::digest::digest;
use crate::engine::*;
use crate::playout::{Policy, RandomPolicy, game_seeds, play_one};
use crate::rng::GameRng;
use crate::session::Session;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Plays `games` random games of `setup.scenario` and checks the contract
/// holds at every step:
/// - every command `legal` lists passes `check`, and the game never gets
///   stuck or runs past `max_commands`;
/// - every event can be described and every side's view serializes;
/// - the same seeds give the same final state;
/// - a save made mid-game loads back to the same state.
///
/// Returns the result label of each game, for the caller's own asserts.
pub fn check_contract<R: Ruleset>(
    rules: Arc<R>,
    setup: &Setup,
    games: u64,
    max_commands: usize,
) -> Vec<String> {
    let sides = rules.info().sides.len() as SideIdx;
    let mut results = Vec::new();
    for i in 0..games {
        let (gs, ps) = game_seeds(setup.seed, i);
        let s = Setup {
            seed: gs,
            ..setup.clone()
        };
        let mut session = Session::new(rules.clone(), s.clone()).expect("scenario sets up");
        let mut policy = RandomPolicy::new(ps);
        let mut saved_mid = None;
        let mut n = 0;
        while rules.outcome(&session.state).result.is_none() {
            assert_eq!(
                rules.result(&session.state),
                None,
                "game {i}, command {n}: result() has a result before the outcome"
            );
            assert!(n < max_commands, "game {i}: no result after {n} commands");
            let legal = rules.legal(&session.state);
            assert!(
                !legal.is_empty(),
                "game {i}: stuck at command {n}: {:?} has no legal command",
                rules.decision(&session.state)
            );
            let d = rules.decision(&session.state);
            assert!(
                d.side.is_some(),
                "game {i}: a decision with no side before the end"
            );
            for c in &legal {
                if let Err(e) = rules.check(&session.state, c) {
                    panic!("game {i}, command {n}: legal lists {c:?} but check refuses it: {e}");
                }
            }
            let k = Policy::<R>::choose(&mut policy, &rules, &session.state, &legal);
            let mut twin = session.state.clone();
            let mut listed = Vec::new();
            rules.execute_and_list(&mut twin, &legal[k], &mut Vec::new(), &mut listed);
            let events = session
                .apply(legal[k].clone())
                .expect("checked above")
                .to_vec();
            assert_eq!(
                digest(&twin),
                session.digest(),
                "game {i}, command {n}: execute_and_list plays differently from execute"
            );
            assert!(
                listed == rules.legal(&session.state),
                "game {i}, command {n}: execute_and_list lists other commands than legal"
            );
            for e in &events {
                let entry = rules.describe_in(&session.state, e);
                assert!(!entry.text.is_empty(), "game {i}: event {e:?} has no words");
                assert!(!rules.describe(e).text.is_empty(), "game {i}: {e:?}");
            }
            n += 1;
            if n == 25 {
                saved_mid = Some((session.save_ron(), session.digest()));
            }
        }
        assert_eq!(
            rules.decision(&session.state).side,
            None,
            "game {i}: over but still asks a side"
        );
        assert!(
            rules.legal(&session.state).is_empty(),
            "game {i}: over but lists commands"
        );
        for side in 0..sides {
            serde_json::to_string(&rules.view(&session.state, side)).expect("view serializes");
        }
        // Same seeds, same game.
        let mut p2 = RandomPolicy::new(ps);
        let again = play_one(&*rules, &s, &mut p2, max_commands).expect("sets up");
        assert_eq!(
            again.digest,
            session.digest(),
            "game {i}: same seed, different final state"
        );
        if let Some((text, d)) = saved_mid {
            let loaded =
                Session::load(rules.clone(), &text, "mid-game save").expect("mid-game save loads");
            assert_eq!(
                loaded.digest(),
                d,
                "game {i}: save did not load to the same state"
            );
        }
        let text = session.save_ron();
        let loaded = Session::load(rules.clone(), &text, "final save").expect("final save loads");
        assert_eq!(loaded.digest(), session.digest());
        let result = rules.outcome(&session.state).result.expect("finished");
        assert_eq!(
            rules.result(&session.state).as_ref(),
            Some(&result),
            "game {i}: result() differs from the outcome's result"
        );
        results.push(result);
    }
    results
}

/// What `observer` may know of a game, to compare two games that differ
/// only in another side's secret: its view, the decision as any screen
/// shows it (whose it is, the prompt, the rule, whether it is a chance
/// given while the other side acts), and, when the decision is the
/// observer's, its legal commands.
fn known_to<R: Ruleset>(rules: &R, s: &R::State, observer: SideIdx) -> serde_json::Value {
    let d = rules.decision(s);
    let legal = if d.side == Some(observer) {
        serde_json::to_value(rules.legal(s)).expect("commands serialize")
    } else {
        serde_json::Value::Null
    };
    serde_json::json!({
        "view": serde_json::to_value(rules.view(s, observer)).expect("view serializes"),
        "decision": serde_json::to_value(&d).expect("decision serializes"),
        "legal": legal,
    })
}

/// The log entries of `events` as `observer` reads them and as a
/// hand-over screen shows them (the public text), told with the game as it
/// stands after them.
fn log_read_by<R: Ruleset>(
    rules: &R,
    s: &R::State,
    events: &[R::Event],
    observer: SideIdx,
) -> serde_json::Value {
    let entries: Vec<serde_json::Value> = events
        .iter()
        .map(|e| {
            let entry = rules.describe_in(s, e);
            let (text, rolls) = entry.read_by(Reader::Side(observer));
            let (public, public_rolls) = entry.read_by(Reader::Public);
            serde_json::json!([text, rolls, public, public_rolls])
        })
        .collect();
    serde_json::Value::Array(entries)
}

fn first_difference(a: &serde_json::Value, b: &serde_json::Value, path: &str) -> String {
    use serde_json::Value as V;
    match (a, b) {
        (V::Object(x), V::Object(y)) => {
            for (k, va) in x {
                match y.get(k) {
                    Some(vb) if va != vb => {
                        return first_difference(va, vb, &format!("{path}.{k}"));
                    }
                    None => return format!("{path}.{k}: only in the first game"),
                    _ => {}
                }
            }
            format!("{path}: keys differ")
        }
        (V::Array(x), V::Array(y)) if x.len() == y.len() => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                if va != vb {
                    return first_difference(va, vb, &format!("{path}[{i}]"));
                }
            }
            format!("{path}: equal")
        }
        _ => format!("{path}: {a} vs {b}"),
    }
}

/// Paired-game secrecy check: `a` and `b` are two games that differ only
/// in a secret of a side other than `observer` (where it set up a unit,
/// whether a trap lies in a hex). Panics, naming the first difference, if
/// the observer's view, the decision any screen shows, or (when the
/// decision is the observer's) its legal list differs between them.
pub fn assert_secret_kept<R: Ruleset>(
    rules: &R,
    a: &R::State,
    b: &R::State,
    observer: SideIdx,
    at: &str,
) {
    let (ka, kb) = (known_to(rules, a, observer), known_to(rules, b, observer));
    if ka != kb {
        panic!(
            "{at}: side {observer} can tell the two games apart: {}",
            first_difference(&ka, &kb, "")
        );
    }
}

/// Plays two games that differ only in a secret of a side other than
/// `observer`, step by step, checking before each command with
/// [`assert_secret_kept`] and comparing the new log entries as the observer
/// and a hand-over screen read them. `next` gets both states and returns
/// the command for each game, or `None` to stop: the observer's must be the
/// same command in both (it decides on what it knows, which is the same),
/// the other sides' may differ (their secret). Stops after `steps`
/// commands or at the end; returns the number of commands played.
pub fn play_secret_pair<R: Ruleset>(
    rules: &R,
    a: &mut R::State,
    b: &mut R::State,
    observer: SideIdx,
    steps: usize,
    mut next: impl FnMut(&R::State, &R::State) -> Option<(R::Command, R::Command)>,
) -> usize {
    for n in 0..steps {
        assert_secret_kept(rules, a, b, observer, &format!("before command {n}"));
        let d = rules.decision(a);
        if d.side.is_none() {
            return n;
        }
        let Some((ca, cb)) = next(a, b) else {
            return n;
        };
        if d.side == Some(observer) {
            assert_eq!(
                serde_json::to_value(&ca).ok(),
                serde_json::to_value(&cb).ok(),
                "command {n}: the observer answers alike in both games"
            );
        }
        let ea = rules
            .apply(a, &ca)
            .unwrap_or_else(|e| panic!("command {n} ({ca:?}) in the first game: {e}"));
        let eb = rules
            .apply(b, &cb)
            .unwrap_or_else(|e| panic!("command {n} ({cb:?}) in the second game: {e}"));
        let (la, lb) = (
            log_read_by(rules, a, &ea, observer),
            log_read_by(rules, b, &eb, observer),
        );
        if la != lb {
            panic!(
                "command {n} ({ca:?}): side {observer} reads the log of the two games differently: {}",
                first_difference(&la, &lb, "log")
            );
        }
    }
    assert_secret_kept(rules, a, b, observer, &format!("after {steps} commands"));
    steps
}

/// Plays `games` random games and checks a game's
/// [`AiRules::determinize`] every `every` commands, for every side:
/// - the sampled state looks the same to the side: its view, and, when it
///   decides, the decision and the legal commands;
/// - the sample depends only on what the side may know: sampling again
///   from the sample (a state the side cannot tell from the real one) with
///   the same generator gives the same state;
/// - the generator is reseeded: two samples with different generators
///   differ (at least in the dice to come).
///
/// What it cannot see is whether hidden things are re-dealt at all; a
/// game's own tests check that (the samples of a concealed unit's type vary).
pub fn check_determinize<R: AiRules>(rules: Arc<R>, setup: &Setup, games: u64, every: usize) {
    let sides = rules.info().sides.len() as SideIdx;
    let json = |v: &R::View| serde_json::to_string(v).expect("view serializes");
    let cmds = |s: &R::State| serde_json::to_string(&rules.legal(s)).expect("commands serialize");
    for i in 0..games {
        let (gs, ps) = game_seeds(setup.seed, i);
        let s = Setup {
            seed: gs,
            ..setup.clone()
        };
        let mut state = rules.new_game(&s).expect("scenario sets up");
        let mut policy = RandomPolicy::new(ps);
        let mut events = Vec::new();
        let mut n = 0usize;
        while rules.outcome(&state).result.is_none() && n < DEFAULT_CHECK_COMMANDS {
            if n.is_multiple_of(every.max(1)) {
                let decision = rules.decision(&state);
                for side in 0..sides {
                    let seed = GameRng::derive_seed(gs, (n as u64) << 8 | side as u64);
                    let twin = rules.determinize(&state, side, &mut GameRng::seeded(seed));
                    assert_eq!(
                        json(&rules.view(&twin, side)),
                        json(&rules.view(&state, side)),
                        "game {i}, command {n}: a sample for side {side} looks different to it"
                    );
                    if decision.side == Some(side) {
                        assert_eq!(rules.decision(&twin), decision, "game {i}, command {n}");
                        assert_eq!(
                            cmds(&twin),
                            cmds(&state),
                            "game {i}, command {n}: side {side}'s legal commands depend on what it may not know"
                        );
                    }
                    let a = rules.determinize(&state, side, &mut GameRng::seeded(7));
                    let b = rules.determinize(&twin, side, &mut GameRng::seeded(7));
                    assert_eq!(
                        digest(&a),
                        digest(&b),
                        "game {i}, command {n}: side {side}'s sample depends on what it may not know"
                    );
                    let c = rules.determinize(&state, side, &mut GameRng::seeded(8));
                    assert_ne!(
                        digest(&a),
                        digest(&c),
                        "game {i}, command {n}: the sample keeps the real generator (the dice to come)"
                    );
                }
            }
            let legal = rules.legal(&state);
            let k = Policy::<R>::choose(&mut policy, &rules, &state, &legal);
            events.clear();
            rules.execute(&mut state, &legal[k], &mut events);
            n += 1;
        }
    }
}

/// A game's table of search rates ([`AiRules::search_rate`]) has every
/// scenario the game lists, and nothing else: a scenario added later gets
/// its own measured rate, not the game's usual one (its levels would think
/// for several times their seconds, or a fraction of them).
pub fn check_search_rates<R: AiRules>(rules: &R, rates: &[(&str, u32)]) {
    let info = rules.info();
    let listed: Vec<&str> = info.scenarios.iter().map(|s| s.id.as_str()).collect();
    for id in &listed {
        let n = rates.iter().filter(|(r, _)| r == id).count();
        assert_eq!(n, 1, "{}: scenario '{id}' has {n} search rates", info.id);
    }
    for (id, rate) in rates {
        assert!(
            listed.contains(id),
            "{}: a search rate for '{id}', which is no scenario",
            info.id
        );
        assert!(*rate > 0, "{}: '{id}' has a search rate of 0", info.id);
        assert_eq!(rules.search_rate(id), *rate, "{}: '{id}'", info.id);
    }
}

/// [`check_determinize`] for every scenario the game lists, each set up
/// with `seed`: a game's "samples keep what each side sees" test, which
/// then covers a scenario added later too.
pub fn check_determinize_every_scenario<R: AiRules>(
    rules: Arc<R>,
    seed: u64,
    games: u64,
    every: usize,
) {
    let scenarios = rules.info().scenarios;
    assert!(!scenarios.is_empty(), "the game lists no scenario");
    for sc in scenarios {
        check_determinize(rules.clone(), &Setup::new(&sc.id, seed), games, every);
    }
}

/// Checks a game's [`AiRules::margin`] over `games` random games of every
/// scenario played to the end: every side's margin lies in `[0, 1]`, a
/// two-sided game's add up to one (the search reads the other side's as
/// one less its own), and the margin is not one half everywhere (the game
/// supplies one).
pub fn check_margin<R: AiRules>(rules: Arc<R>, seed: u64, games: u64) {
    let info = rules.info();
    let sides = info.sides.len() as SideIdx;
    let mut told = false;
    for sc in &info.scenarios {
        for i in 0..games {
            let (gs, ps) = game_seeds(seed, i);
            let mut state = rules
                .new_game(&Setup::new(&sc.id, gs))
                .expect("scenario sets up");
            let mut policy = RandomPolicy::new(ps);
            let mut events = Vec::new();
            let mut n = 0usize;
            while rules.outcome(&state).result.is_none() && n < DEFAULT_CHECK_COMMANDS {
                let legal = rules.legal(&state);
                if legal.is_empty() {
                    break;
                }
                let k = Policy::<R>::choose(&mut policy, &rules, &state, &legal);
                events.clear();
                rules.execute(&mut state, &legal[k], &mut events);
                n += 1;
            }
            assert!(
                rules.outcome(&state).result.is_some(),
                "{} game {i}: not over after {n} commands",
                sc.id
            );
            let m: Vec<f64> = (0..sides).map(|side| rules.margin(&state, side)).collect();
            for (side, x) in m.iter().enumerate() {
                assert!(
                    (0.0..=1.0).contains(x),
                    "{} game {i}: side {side}'s margin {x} is not in [0, 1]",
                    sc.id
                );
            }
            if m.len() == 2 {
                assert!(
                    (m[0] + m[1] - 1.0).abs() < 1e-9,
                    "{} game {i}: the margins {m:?} do not add up to one",
                    sc.id
                );
            }
            told |= m.iter().any(|x| (x - 0.5).abs() > 1e-9);
        }
    }
    assert!(told, "every game's margin is one half: the game tells none");
}

/// Commands after which [`check_determinize`] leaves a game.
const DEFAULT_CHECK_COMMANDS: usize = 5_000;

/// Checks that `vt_core::data`'s type-erased RON path reads `text` as
/// `ron::from_str` does (the same value, or an error with the same message,
/// line and column, named after `file`), and that a value read writes back
/// to the same text as ron's `to_string` and `to_string_pretty` (default
/// layout and the saves' depth limit). Returns what was read.
pub fn assert_same_as_ron<T>(file: &str, text: &str) -> Result<T, crate::data::DataError>
where
    T: Serialize + serde::de::DeserializeOwned + std::fmt::Debug,
{
    let read = assert_reads_as_ron::<T>(file, text);
    if let Ok(v) = &read {
        assert_writes_as_ron(v);
    }
    read
}

/// The reading half of [`assert_same_as_ron`], for types only read.
pub fn assert_reads_as_ron<T>(file: &str, text: &str) -> Result<T, crate::data::DataError>
where
    T: serde::de::DeserializeOwned + std::fmt::Debug,
{
    let ours = crate::data::parse_ron::<T>(file, text);
    match (&ours, ron::from_str::<T>(text)) {
        (Ok(a), Ok(b)) => assert_eq!(format!("{a:?}"), format!("{b:?}"), "{file}: values differ"),
        (Err(a), Err(b)) => {
            assert_eq!(a.file, file);
            let at = (b.span.start.line, b.span.start.col);
            assert_eq!((a.line, a.column), at, "{file}: {a} / {b}");
            let same = a.message == b.code.to_string();
            assert!(
                same || a.message == without_outer(b.code.clone()).to_string(),
                "{a} / {b}"
            );
            assert!(
                a.to_string().starts_with(&format!("{file}:{}:", a.line)),
                "{a}"
            );
        }
        (a, b) => panic!("{file}: ours {a:?}, ron's {b:?}"),
    }
    ours
}

/// ron's error without the enum or struct it names (some of the time) for an unknown variant
/// or field, a missing or a repeated field: ron adds that name where the
/// error passes its `deserialize_enum` or `deserialize_struct`, and an error
/// that crossed the type-erased layer on its way there (`data::parse_ron`)
/// arrives as text, so the name is not added. Line, column and the rest are
/// the same.
fn without_outer(e: ron::Error) -> ron::Error {
    use ron::Error::*;
    match e {
        NoSuchEnumVariant {
            expected, found, ..
        } => NoSuchEnumVariant {
            expected,
            found,
            outer: None,
        },
        NoSuchStructField {
            expected, found, ..
        } => NoSuchStructField {
            expected,
            found,
            outer: None,
        },
        MissingStructField { field, .. } => MissingStructField { field, outer: None },
        DuplicateStructField { field, .. } => DuplicateStructField { field, outer: None },
        e => e,
    }
}

/// The writing half of [`assert_same_as_ron`]: `vt_core::data::to_ron`
/// writes the same text as ron, compact and pretty.
pub fn assert_writes_as_ron<T: Serialize>(value: &T) {
    use crate::data::{Layout, PrettyConfig, to_ron};
    let compact = to_ron(value, Layout::Compact).unwrap();
    assert_eq!(compact, ron::to_string(value).unwrap());
    for cfg in [PrettyConfig::default(), PrettyConfig::new().depth_limit(3)] {
        let pretty = to_ron(value, Layout::Pretty(cfg.clone())).unwrap();
        assert_eq!(pretty, ron::ser::to_string_pretty(value, cfg).unwrap());
    }
}

/// Pig: roll a d6 as often as you like, adding to your turn total; a 1 loses
/// it and passes the turn; holding banks it. First to the goal wins. Here
/// only to exercise the contract; not one of the five games.
pub struct Pig {
    pub goal: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PigState {
    pub rng: GameRng,
    pub banked: [u32; 2],
    pub turn_total: u32,
    pub to_move: u8,
    pub goal: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum PigCommand {
    Roll,
    Hold,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum PigEvent {
    Rolled { side: u8, die: u8 },
    Banked { side: u8, points: u32, total: u32 },
}

#[derive(Clone, Debug, Serialize)]
pub struct PigView {
    pub banked: [u32; 2],
    pub turn_total: u32,
}

impl Ruleset for Pig {
    type State = PigState;
    type Command = PigCommand;
    type Event = PigEvent;
    type View = PigView;

    fn info(&self) -> GameInfo {
        GameInfo {
            id: "pig".into(),
            name: "Pig (test game)".into(),
            sides: vec![
                SideInfo {
                    id: "first".into(),
                    name: "First".into(),
                },
                SideInfo {
                    id: "second".into(),
                    name: "Second".into(),
                },
            ],
            scenarios: vec![ScenarioInfo {
                id: "race".into(),
                name: "Race".into(),
                description: String::new(),
                played_by_rules: Vec::new(),
            }],
            options: vec![OptionInfo {
                key: "goal".into(),
                name: "Points to win".into(),
                rule: "Pig 1".into(),
                default: "30".into(),
                values: vec!["30".into(), "100".into()],
            }],
        }
    }

    fn new_game(&self, setup: &Setup) -> Result<PigState, SetupError> {
        if setup.scenario != "race" {
            return Err(SetupError::UnknownScenario(setup.scenario.clone()));
        }
        let goal = match setup.options.get("goal") {
            None => self.goal,
            Some(v) => v.parse().map_err(|_| SetupError::BadOption {
                key: "goal".into(),
                message: format!("'{v}' is not a number"),
            })?,
        };
        Ok(PigState {
            rng: GameRng::seeded(setup.seed),
            banked: [0, 0],
            turn_total: 0,
            to_move: 0,
            goal,
        })
    }

    fn decision(&self, s: &PigState) -> Decision {
        if self.outcome(s).is_finished() {
            return Decision::game_over();
        }
        Decision {
            side: Some(s.to_move),
            kind: "roll-or-hold".into(),
            prompt: format!("Turn total {}: roll or hold?", s.turn_total),
            rule: "Pig 2".into(),
            interrupt: false,
        }
    }

    fn legal(&self, s: &PigState) -> Vec<PigCommand> {
        if self.outcome(s).is_finished() {
            vec![]
        } else if s.turn_total == 0 {
            vec![PigCommand::Roll]
        } else {
            vec![PigCommand::Roll, PigCommand::Hold]
        }
    }

    fn check(&self, s: &PigState, c: &PigCommand) -> Result<(), RuleError> {
        if self.outcome(s).is_finished() {
            return Err(RuleError::new("Pig 3", "the game is over"));
        }
        if *c == PigCommand::Hold && s.turn_total == 0 {
            return Err(RuleError::new(
                "Pig 2",
                "nothing to hold: roll at least once",
            ));
        }
        Ok(())
    }

    fn execute(&self, s: &mut PigState, c: &PigCommand, events: &mut Vec<PigEvent>) {
        let side = s.to_move;
        match c {
            PigCommand::Roll => {
                let die = Dice::d6(&mut s.rng);
                events.push(PigEvent::Rolled { side, die });
                if die == 1 {
                    s.turn_total = 0;
                    s.to_move = 1 - side;
                } else {
                    s.turn_total += die as u32;
                }
            }
            PigCommand::Hold => {
                let points = s.turn_total;
                s.banked[side as usize] += points;
                s.turn_total = 0;
                s.to_move = 1 - side;
                events.push(PigEvent::Banked {
                    side,
                    points,
                    total: s.banked[side as usize],
                });
            }
        }
    }

    fn view(&self, s: &PigState, _side: SideIdx) -> PigView {
        PigView {
            banked: s.banked,
            turn_total: s.turn_total,
        }
    }

    fn outcome(&self, s: &PigState) -> Outcome {
        let winner = s.banked.iter().position(|&b| b >= s.goal);
        Outcome {
            result: winner.map(|w| {
                if w == 0 {
                    "first".into()
                } else {
                    "second".into()
                }
            }),
            summary: format!("{} to {}", s.banked[0], s.banked[1]),
            score: vec![
                ("first".into(), s.banked[0] as i32),
                ("second".into(), s.banked[1] as i32),
            ],
        }
    }

    fn describe(&self, e: &PigEvent) -> LogEntry {
        match e {
            PigEvent::Rolled { side, die } => {
                let mut a = Adjudication::new("Roll", "Pig 2");
                a.rolled = vec![*die as i32];
                a.total = *die as i32;
                a.needed = Some("2 or more".into());
                a.result = if *die == 1 {
                    "pig out".into()
                } else {
                    "add to turn".into()
                };
                LogEntry::with_rolls(format!("Side {} rolls {}", side + 1, die), vec![a])
            }
            PigEvent::Banked {
                side,
                points,
                total,
            } => LogEntry::text(format!("Side {} banks {points} (total {total})", side + 1)),
        }
    }

    fn undoable(&self, events: &[PigEvent]) -> bool {
        events.iter().all(|e| matches!(e, PigEvent::Banked { .. }))
    }
}

/// Pig has no hidden information but the dice to come.
impl AiRules for Pig {
    /// A game of Pig is a few dozen dice: a search of a second runs
    /// about this many.
    fn search_rate(&self, _scenario: &str) -> u32 {
        100_000
    }

    fn determinize(&self, state: &PigState, _side: SideIdx, rng: &mut GameRng) -> PigState {
        PigState {
            rng: GameRng::seeded(rng.next_u64()),
            ..state.clone()
        }
    }

    /// A race: the nearer to the goal, counting the turn total for the
    /// side to move, the better.
    fn evaluate(&self, s: &PigState, side: SideIdx) -> f64 {
        let mut left = [0f64; 2];
        for (k, l) in left.iter_mut().enumerate() {
            let pending = if k == s.to_move as usize {
                s.turn_total
            } else {
                0
            };
            *l = s.goal.saturating_sub(s.banked[k] + pending) as f64;
        }
        let me = side as usize;
        (left[1 - me] + 1.0) / (left[0] + left[1] + 2.0)
    }
}

/// Plays `games` random games of `setup.scenario` (game `i`'s seeds those
/// of `vt playout`'s game `i`), at most `max_commands` commands each, and
/// calls `at(i, n, state, legal)` at every decision before the random
/// command is played (`n`: the commands played so far).
fn walk_random_games<R, F>(rules: &R, setup: &Setup, games: u64, max_commands: usize, mut at: F)
where
    R: Ruleset,
    F: FnMut(u64, usize, &R::State, &[R::Command]),
{
    let mut events = Vec::new();
    for i in 0..games {
        let (gs, ps) = game_seeds(setup.seed, i);
        let s = Setup {
            seed: gs,
            ..setup.clone()
        };
        let Ok(mut state) = rules.new_game(&s) else {
            return;
        };
        let mut rng = GameRng::seeded(ps);
        let mut n = 0;
        while rules.decision(&state).side.is_some() && n < max_commands {
            let legal = rules.legal(&state);
            if legal.is_empty() {
                break;
            }
            at(i, n, &state, &legal);
            let c = legal[rng.index(legal.len())].clone();
            events.clear();
            rules.execute(&mut state, &c, &mut events);
            n += 1;
        }
    }
}

/// `state` after `c`, on a copy.
fn after<R: Ruleset>(rules: &R, state: &R::State, c: &R::Command) -> R::State {
    let mut t = state.clone();
    rules.execute(&mut t, c, &mut Vec::new());
    t
}

/// Commands that change nothing: plays `games` random games of
/// `setup.scenario` and, at every decision, executes each legal command on
/// a copy of the state. A command after which the state is the same as
/// before (same digest) is a no-op: a computer player may choose it again
/// and again and the game never moves on (platoon cards' second charge,
/// session 19). Returns a description of each one found (decision kind and
/// command), at most `limit`.
pub fn find_noops<R: Ruleset>(
    rules: &R,
    setup: &Setup,
    games: u64,
    max_commands: usize,
    limit: usize,
) -> Vec<String> {
    let mut found = Vec::new();
    walk_random_games(
        rules,
        setup,
        games,
        max_commands,
        |i, n, state: &R::State, legal: &[R::Command]| {
            let before = digest(state);
            for c in legal {
                if found.len() < limit && digest(&after(rules, state, c)) == before {
                    let kind = rules.decision(state).kind;
                    found.push(format!("game {i}, command {n}, {kind}: {c:?}"));
                }
            }
        },
    );
    found
}

/// Plays `games` random games of `setup` and, at every `every`-th decision,
/// tries each legal command on a copy of the state and then each command
/// legal after it: a pair after which the state is exactly as before (same
/// digest) is a two-command cycle, the loop [`find_noops`] cannot see. A
/// computer player may choose A, then B, then A again for ever (each side
/// finding the position no worse), and a game with a random side may never
/// end. Commands that change nothing are [`find_noops`]'s and are skipped
/// here, and so are positions with more than `max_legal` legal commands
/// (the pairs grow as its square: Grunt's landing offers ~390 hexes), and
/// pairs `known` accepts (cycles the rules give on purpose). Returns a
/// description of each other cycle found (decision kinds and commands), at
/// most `limit`.
pub fn find_cycles<R: Ruleset>(
    rules: &R,
    setup: &Setup,
    games: u64,
    (every, max_legal): (usize, usize),
    known: &dyn Fn(&R::Command, &R::Command) -> bool,
    limit: usize,
) -> Vec<String> {
    let mut found = Vec::new();
    walk_random_games(
        rules,
        setup,
        games,
        20_000,
        |i, n, state: &R::State, legal: &[R::Command]| {
            if n % every.max(1) != 0 || legal.len() > max_legal {
                return;
            }
            let before = digest(state);
            for a in legal {
                let t = after(rules, state, a);
                if digest(&t) == before || rules.decision(&t).side.is_none() {
                    continue;
                }
                for b in rules.legal(&t) {
                    if found.len() < limit
                        && !known(a, &b)
                        && digest(&after(rules, &t, &b)) == before
                    {
                        found.push(format!(
                            "game {i}, command {n}, {}: {a:?} then {}: {b:?}",
                            rules.decision(state).kind,
                            rules.decision(&t).kind
                        ));
                    }
                }
            }
        },
    );
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{LoadError, SAVE_FORMAT};

    #[test]
    fn pig_samples_keep_the_board_and_reseed_the_dice() {
        check_determinize(pig(), &Setup::new("race", 1), 10, 3);
    }

    fn pig() -> Arc<Pig> {
        Arc::new(Pig { goal: 30 })
    }

    #[test]
    fn pig_keeps_the_contract() {
        let results = check_contract(pig(), &Setup::new("race", 1), 50, 10_000);
        assert!(results.iter().any(|r| r == "first"));
        assert!(results.iter().any(|r| r == "second"));
    }

    #[test]
    fn check_names_the_rule() {
        let s = Session::new(pig(), Setup::new("race", 1)).unwrap();
        let e = s.rules.check(&s.state, &PigCommand::Hold).unwrap_err();
        assert_eq!(e.rule, "Pig 2");
    }

    #[test]
    fn undo_only_where_nothing_random_happened() {
        let mut s = Session::new(pig(), Setup::new("race", 3)).unwrap();
        s.apply(PigCommand::Roll).unwrap();
        assert!(!s.can_undo(), "a roll cannot be taken back");
        if s.state.turn_total > 0 {
            let before = s.digest();
            s.apply(PigCommand::Hold).unwrap();
            assert!(s.can_undo());
            assert!(s.undo());
            assert_eq!(s.digest(), before);
            assert_eq!(s.commands.len(), 1);
        }
    }

    #[test]
    fn tampered_save_is_refused() {
        let mut s = Session::new(pig(), Setup::new("race", 5)).unwrap();
        for _ in 0..5 {
            let legal = s.rules.legal(&s.state);
            s.apply(legal[0].clone()).unwrap();
        }
        let mut save = s.to_save();
        save.snapshot.banked[0] += 7;
        let text = ron::to_string(&save).unwrap();
        match Session::load(pig(), &text, "t.ron") {
            Err(LoadError::SnapshotMismatch { commands: 5 }) => {}
            other => panic!("expected a mismatch, got {:?}", other.err()),
        }
    }

    #[test]
    fn newer_format_is_refused_with_a_message() {
        let s = Session::new(pig(), Setup::new("race", 5)).unwrap();
        let text = s
            .save_ron()
            .replacen(&format!("format: {SAVE_FORMAT}"), "format: 99", 1);
        let err = Session::load(pig(), &text, "new.ron").err().unwrap();
        assert!(
            matches!(err, LoadError::NewerFormat { found: 99, .. }),
            "{err:?}"
        );
        assert!(err.to_string().contains("newer"));
        assert!(err.to_string().starts_with("new.ron: "), "{err}");
        let other = s.save_ron().replacen("game: \"pig\"", "game: \"chess\"", 1);
        let err = Session::load(pig(), &other, "other.ron").err().unwrap();
        assert!(err.to_string().starts_with("other.ron: "), "{err}");
        assert!(err.to_string().contains("'chess'"), "{err}");
    }

    #[test]
    fn broken_save_names_file_and_line() {
        let err = Session::load(
            pig(),
            "(\n format: 1,\n game: \"pig\",\n scenario: ,\n)",
            "broken.ron",
        )
        .err()
        .unwrap();
        let msg = err.to_string();
        assert!(msg.contains("broken.ron:4:"), "{msg}");
    }

    #[test]
    fn playout_digest_depends_on_seed_not_threads() {
        let rules = Pig { goal: 30 };
        let a = crate::playout::playout(&rules, &Setup::new("race", 1), 200, 1).unwrap();
        let b = crate::playout::playout(&rules, &Setup::new("race", 1), 200, 2).unwrap();
        let c = crate::playout::playout(&rules, &Setup::new("race", 2), 200, 1).unwrap();
        assert_eq!(a.digest, b.digest);
        assert_ne!(a.digest, c.digest);
        assert_eq!(a.outcomes.values().sum::<u64>(), 200);
        assert_eq!(a.outcomes, b.outcomes);
    }

    // The paired-game check passes two games alike and catches a
    // difference the observer could read: Pig has no secret, so two seeds
    // give games the observer tells apart at once (the first roll is on
    // the board and in the log).
    #[test]
    fn secret_pairs_pass_when_alike_and_fail_when_not() {
        let rules = Pig { goal: 30 };
        let mut a = rules.new_game(&Setup::new("race", 3)).unwrap();
        let mut b = a.clone();
        let n = play_secret_pair(&rules, &mut a, &mut b, 0, 40, |x, _| {
            let c = rules.legal(x)[0].clone();
            Some((c.clone(), c))
        });
        assert!(n > 10, "{n}");
        let caught = std::panic::catch_unwind(|| {
            let mut a = rules.new_game(&Setup::new("race", 3)).unwrap();
            let mut b = rules.new_game(&Setup::new("race", 4)).unwrap();
            play_secret_pair(&rules, &mut a, &mut b, 0, 40, |x, y| {
                Some((rules.legal(x)[0].clone(), rules.legal(y)[0].clone()))
            });
        });
        assert!(caught.is_err(), "two different games passed as alike");
    }

    #[test]
    fn options_reach_the_game() {
        let s = Session::new(pig(), Setup::new("race", 1).option("goal", "100")).unwrap();
        assert_eq!(s.state.goal, 100);
        assert!(matches!(
            Session::new(pig(), Setup::new("race", 1).option("goal", "lots")).err(),
            Some(SetupError::BadOption { .. })
        ));
        assert!(matches!(
            Session::new(pig(), Setup::new("nope", 1)).err(),
            Some(SetupError::UnknownScenario(_))
        ));
    }
}
