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
//! the rest too). So a loop is gone round at most once. None is left out
//! when nothing else would be left. The position is compared whole (its
//! digest), but only along the side's own commands that hid nothing and
//! drew nothing: it learns nothing it did not know.

use vt_core::digest::digest;
use vt_core::session::Session;
use vt_core::{AiRules, SideIdx};

/// The keys ([`digest`]) of the commands `side` has played from the
/// position `session` is in now, earlier in its run of commands that could
/// be taken back ([`Session::undoable_tail`]) with no other side deciding
/// between.
pub fn in_session<R: AiRules>(session: &Session<R>, side: SideIdx) -> Vec<u64> {
    let mut found = Vec::new();
    let mut now = None;
    for (before, command) in session.undoable_tail() {
        if session.rules.to_move(before) != Some(side) {
            break;
        }
        let now = *now.get_or_insert_with(|| digest(&session.state));
        if digest(before) == now {
            found.push(digest(command));
        }
    }
    found
}

/// The same kept as a game is played, for players that see the states one
/// by one (a playout's [`vt_core::playout::Policy`]): each decision's side,
/// position and command since the side to decide last changed. A die
/// rolled or a card drawn changes the game's generator, part of the
/// position, so no later position matches one before it.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    steps: Vec<(SideIdx, u64, u64)>,
}

impl Trail {
    /// The keys of the commands `side` played before from the position
    /// whose digest is `position`, in its present run.
    pub fn repeats(&mut self, side: SideIdx, position: u64) -> Vec<u64> {
        if self.steps.first().is_some_and(|&(s, _, _)| s != side) {
            self.steps.clear();
        }
        self.steps
            .iter()
            .filter(|&&(_, p, _)| p == position)
            .map(|&(_, _, c)| c)
            .collect()
    }

    /// `side` played the command with key `command` from `position`.
    pub fn record(&mut self, side: SideIdx, position: u64, command: u64) {
        if self.steps.first().is_some_and(|&(s, _, _)| s != side) {
            self.steps.clear();
        }
        self.steps.push((side, position, command));
    }

    /// Another side decided: the run is over.
    pub fn clear(&mut self) {
        self.steps.clear();
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
        assert!(t.repeats(0, 10).is_empty());
        t.record(0, 10, 1);
        t.record(0, 11, 2);
        assert_eq!(t.repeats(0, 10), vec![1]);
        assert_eq!(t.repeats(0, 11), vec![2]);
        assert!(t.repeats(0, 12).is_empty());
        t.record(0, 10, 3);
        assert_eq!(t.repeats(0, 10), vec![1, 3]);
        // The other side decides: the first side's run is over.
        assert!(t.repeats(1, 10).is_empty());
        t.record(1, 10, 4);
        assert!(t.repeats(0, 10).is_empty());
        t.record(0, 10, 5);
        t.clear();
        assert!(t.repeats(0, 10).is_empty());
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
