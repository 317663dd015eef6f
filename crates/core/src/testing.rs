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
            let events = session
                .apply(legal[k].clone())
                .expect("checked above")
                .to_vec();
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
        results.push(rules.outcome(&session.state).result.expect("finished"));
    }
    results
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

/// Commands after which [`check_determinize`] leaves a game.
const DEFAULT_CHECK_COMMANDS: usize = 5_000;

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
    fn search_rate(&self) -> u32 {
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
