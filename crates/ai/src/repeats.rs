//! Loops of the computer's own making.
//!
//! Some games let a side take a command back with its next one, on
//! purpose: a Grunt unit picked up and put back where it stood (`Select`,
//! then `Stay`: B2), a Crossfire stand moved away and back (CF4.2: it may
//! move as long as its side keeps the initiative), a platoon cards piece
//! placed again during the set-up (`vt_core::testing::find_cycles` finds
//! exactly these; `crates/games/tests/no_ops.rs`). The search sees one
//! position at a time and remembers nothing, so it can go round such a
//! loop: here it picks A, after A it picks B, which brings the game back
//! here, and here it may pick A again. Session 28's `repeats` example
//! counted 44 such returns in 20 Grunt Standard games with both sides at
//! the launcher's Quick level, two decisions of thought each, which in the
//! launcher reads as dithering.
//!
//! The guard: in a position the side has already been in during its own
//! unbroken run of commands (no other side decided between, and none of
//! its commands rolled a die, drew a card or revealed anything, so the
//! whole game is exactly as it was), the commands it played from there are
//! left out ([`crate::Search::avoiding`]; the scripted player draws from
//! the rest too). So a loop is gone round at most once. And a command that
//! would bring the side back to a position it has already come back to
//! is left out too (tried on a sample, the side's view compared): after a
//! Grunt unit is picked up and put back, the next unit picked up there is
//! moved. None is left out when nothing else would be left. The position is compared whole (its
//! digest), but only along the side's own commands that hid nothing and
//! drew nothing: it learns nothing it did not know.

use vt_core::digest::digest;
use vt_core::session::Session;
use vt_core::{AiRules, SideIdx};

/// The key of a position for the guard: its digest as far as loops go
/// ([`AiRules::loop_position`]).
pub fn position_key<R: AiRules>(rules: &R, state: &R::State) -> u64 {
    digest(&*rules.loop_position(state))
}

/// The key of `side`'s view of a position for the guard (a sample's
/// hidden part differs from the game's, its view does not).
pub fn view_key<R: AiRules>(rules: &R, state: &R::State, side: SideIdx) -> u64 {
    digest(&rules.view(&rules.loop_position(state), side))
}

/// What the guard leaves out for a side at a decision.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Guard {
    /// The keys ([`digest`]) of the commands the side played from this very
    /// position before in its run.
    pub commands: Vec<u64>,
    /// The side's views (digests of [`vt_core::Ruleset::view`]) of the
    /// positions of its run it has already come back to: a command that
    /// would bring it back to one of them again is left out too. So after
    /// a Grunt unit is picked up and put back, the next one picked up from
    /// there is moved, not put back as well (session 28's games showed
    /// "Select 0 | Stay | Select 2 | Stay"). A view, because the search
    /// tries commands on samples, whose hidden part differs from the game.
    pub returned: Vec<u64>,
}

impl Guard {
    pub fn is_empty(&self) -> bool {
        self.commands.is_empty() && self.returned.is_empty()
    }
}

/// The guard for `side` where `session` stands: its run is the latest
/// commands that rolled and revealed nothing ([`Session::undoable_tail`]),
/// of which this side's own count. Another side's in between (an FTE
/// NVA/VC holding its fire at each step of a US move, 21.0) does not end
/// the run: if the whole position comes back, it is a loop all the same.
pub fn in_session<R: AiRules>(session: &Session<R>, side: SideIdx) -> Guard {
    let rules = &session.rules;
    let run: Vec<(&R::State, &R::Command)> = session
        .undoable_tail()
        .filter(|(before, _)| rules.to_move(before) == Some(side))
        .collect();
    let mut guard = Guard::default();
    if run.is_empty() {
        return guard;
    }
    let now = position_key(&**rules, &session.state);
    let positions: Vec<u64> = run
        .iter()
        .map(|(b, _)| position_key(&**rules, *b))
        .collect();
    for (&(_, command), &p) in run.iter().zip(&positions) {
        if p == now {
            guard.commands.push(digest(command));
        }
    }
    // Positions met twice or more in the run (now included): come back to.
    let mut seen: Vec<u64> = Vec::new();
    let all = std::iter::once((&session.state, now))
        .chain(run.iter().map(|(b, _)| *b).zip(positions.iter().copied()));
    for (state, p) in all {
        if seen.contains(&p) {
            let view = view_key(&**rules, state, side);
            if !guard.returned.contains(&view) {
                guard.returned.push(view);
            }
        } else {
            seen.push(p);
        }
    }
    guard
}

/// The same kept as a game is played, for players that see the states one
/// by one (a playout's [`vt_core::playout::Policy`]): each decision's side,
/// position and command since the side to decide last changed. A die
/// rolled or a card drawn changes the game's generator, part of the
/// position, so no later position matches one before it.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    steps: Vec<(SideIdx, u64, u64)>,
    returned: Vec<u64>,
}

impl Trail {
    /// The guard for `side` at the position whose digest is `position`
    /// (`view`: the side's view of it, digested, asked for only when the
    /// position is one the run has been in before).
    pub fn guard(&mut self, side: SideIdx, position: u64, view: impl FnOnce() -> u64) -> Guard {
        if self.steps.first().is_some_and(|&(s, _, _)| s != side) {
            self.clear();
        }
        let commands: Vec<u64> = self
            .steps
            .iter()
            .filter(|&&(_, p, _)| p == position)
            .map(|&(_, _, c)| c)
            .collect();
        if !commands.is_empty() {
            let v = view();
            if !self.returned.contains(&v) {
                self.returned.push(v);
            }
        }
        Guard {
            commands,
            returned: self.returned.clone(),
        }
    }

    /// `side` played the command with key `command` from `position`.
    pub fn record(&mut self, side: SideIdx, position: u64, command: u64) {
        if self.steps.first().is_some_and(|&(s, _, _)| s != side) {
            self.clear();
        }
        self.steps.push((side, position, command));
    }

    /// Another side decided: the run is over.
    pub fn clear(&mut self) {
        self.steps.clear();
        self.returned.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use vt_core::Setup;
    use vt_core::testing::{Pig, PigCommand};

    #[test]
    fn a_trail_remembers_one_sides_run_only() {
        let mut t = Trail::default();
        let view = |v: u64| move || v;
        assert!(t.guard(0, 10, view(100)).is_empty());
        t.record(0, 10, 1);
        t.record(0, 11, 2);
        // Back at 10: what was played there, and 10's view is come back to.
        assert_eq!(
            t.guard(0, 10, view(100)),
            Guard {
                commands: vec![1],
                returned: vec![100]
            }
        );
        assert_eq!(t.guard(0, 11, view(110)).commands, vec![2]);
        assert_eq!(t.guard(0, 12, view(120)).commands, Vec::<u64>::new());
        assert_eq!(t.guard(0, 12, view(120)).returned, vec![100, 110]);
        t.record(0, 10, 3);
        assert_eq!(t.guard(0, 10, view(100)).commands, vec![1, 3]);
        // The other side decides: the first side's run is over.
        assert!(t.guard(1, 10, view(100)).is_empty());
        t.record(1, 10, 4);
        assert!(t.guard(0, 10, view(100)).is_empty());
        t.record(0, 10, 5);
        t.clear();
        assert!(t.guard(0, 10, view(100)).is_empty());
    }

    /// A walk along a line: each step spends a movement point; `End`
    /// ends the game. With `aside` the points left are put aside for the
    /// guard ([`AiRules::loop_position`]).
    struct Walk {
        aside: bool,
    }

    #[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
    struct At {
        hex: i8,
        points: u8,
        over: bool,
    }

    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    enum Go {
        Step(i8),
        End,
    }

    impl vt_core::Ruleset for Walk {
        type State = At;
        type Command = Go;
        type Event = ();
        type View = (i8, u8);
        fn info(&self) -> vt_core::GameInfo {
            Pig { goal: 30 }.info()
        }
        fn new_game(&self, _: &Setup) -> Result<At, vt_core::SetupError> {
            Ok(At {
                hex: 0,
                points: 9,
                over: false,
            })
        }
        fn decision(&self, s: &At) -> vt_core::engine::Decision {
            if s.over {
                return vt_core::engine::Decision::game_over();
            }
            vt_core::engine::Decision {
                side: Some(0),
                kind: "walk".into(),
                prompt: "Step or stop".into(),
                rule: "test".into(),
                interrupt: false,
            }
        }
        fn legal(&self, s: &At) -> Vec<Go> {
            let mut v = vec![Go::End];
            if !s.over && s.points > 0 {
                v.extend([Go::Step(-1), Go::Step(1)]);
            }
            v
        }
        fn check(&self, _: &At, _: &Go) -> Result<(), vt_core::engine::RuleError> {
            Ok(())
        }
        fn execute(&self, s: &mut At, c: &Go, _: &mut Vec<()>) {
            match c {
                Go::Step(d) => {
                    s.hex += d;
                    s.points -= 1;
                }
                Go::End => s.over = true,
            }
        }
        fn view(&self, s: &At, _: SideIdx) -> (i8, u8) {
            (s.hex, s.points)
        }
        fn outcome(&self, s: &At) -> vt_core::engine::Outcome {
            vt_core::engine::Outcome {
                result: s.over.then(|| "first".to_string()),
                summary: String::new(),
                score: Vec::new(),
            }
        }
        fn describe(&self, _: &()) -> vt_core::engine::LogEntry {
            vt_core::engine::LogEntry::text("")
        }
        // As an FTE step: not to be taken back (it may have told the
        // walker something), but it rolled and revealed nothing.
        fn transparent(&self, _: &[()]) -> bool {
            true
        }
    }

    impl AiRules for Walk {
        fn determinize(&self, s: &At, _: SideIdx, _: &mut vt_core::GameRng) -> At {
            s.clone()
        }
        fn loop_position<'a>(&self, s: &'a At) -> std::borrow::Cow<'a, At> {
            if !self.aside {
                return std::borrow::Cow::Borrowed(s);
            }
            std::borrow::Cow::Owned(At {
                points: 0,
                ..s.clone()
            })
        }
    }

    // A step out and back spends points, so the whole position differs:
    // only with the points put aside does the guard see the return, leave
    // out the step out, and (the hex come back to) the step back in
    // from the next hex. The steps cannot be taken back, but they rolled
    // and revealed nothing (`transparent`): the session keeps the states
    // before them for the guard. FTE Hot LZ, session 43: a VC Fire Team
    // walked in circles round 04.19 in one move.
    #[test]
    fn a_return_with_fewer_points_left_is_a_loop_where_the_game_says_so() {
        for aside in [false, true] {
            let mut session =
                Session::new(Arc::new(Walk { aside }), Setup::new("race", 1)).unwrap();
            session.apply(Go::Step(1)).unwrap();
            session.apply(Go::Step(-1)).unwrap();
            assert!(!session.can_undo());
            let guard = in_session(&session, 0);
            if !aside {
                assert!(guard.is_empty(), "{guard:?}");
                continue;
            }
            assert_eq!(guard.commands, vec![digest(&Go::Step(1))]);
            let at_zero = view_key(&*session.rules, &session.state, 0);
            assert_eq!(guard.returned, vec![at_zero]);
            // Stepped out the other way and about to come back: coming
            // back is left out by the search.
            session.apply(Go::Step(-1)).unwrap();
            let guard = in_session(&session, 0);
            let mut t = crate::mcts::Search::new(
                session.rules.clone(),
                &session.state,
                0,
                crate::mcts::Config::default(),
            )
            .avoiding(&guard);
            t.run(50);
            let thought = t.thought().unwrap();
            assert!(
                thought.considered.iter().all(|c| c.command != Go::Step(1)),
                "{thought:?}"
            );
        }
    }

    #[test]
    fn a_session_without_a_loop_has_no_repeats() {
        // Pig's commands roll a die or pass the turn: nothing comes back.
        let rules = Arc::new(Pig { goal: 30 });
        let mut session = Session::new(rules, Setup::new("race", 4)).unwrap();
        assert!(in_session(&session, 0).is_empty());
        session.apply(PigCommand::Roll).unwrap();
        let side = session.rules.to_move(&session.state).unwrap();
        assert!(in_session(&session, side).is_empty());
    }
}
