//! 3.0 Sequence of Play: a turn begins (chits in the cup, 4.0's
//! reinforcements first), the Activation Phase ends with the cup, and 20.0
//! End of Turn. Set-up is [`crate::setup`]; the steps that tie the phases
//! and sections together are in [`crate::step`].

use crate::Fte;
use crate::describe::Names;
use crate::event::Event;
use crate::state::*;
use crate::step::Step;
use vt_core::cup::Cup;
use vt_core::engine::LogEntry;

impl Fte {
    pub(crate) fn begin_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::TurnBegins { turn: s.turn });
        // 4.0: reinforcements may bring more chits from this turn on.
        if let Some(sc) = self.scenario(&s.scenario) {
            for r in sc.reinforcements.iter().filter(|r| r.turn == s.turn) {
                s.chits[r.side.idx()] = s.chits[r.side.idx()].saturating_add(r.chits);
            }
        }
        let mut chits = Vec::new();
        for side in [Side::Us, Side::Nva] {
            for _ in 0..s.chits[side.idx()] {
                chits.push(Chit::Side(side));
            }
        }
        if s.random_event_chit {
            chits.push(Chit::RandomEvent);
        }
        let removed = std::mem::take(&mut s.cup.removed);
        s.cup = Cup::new(chits);
        s.cup.removed = removed;
        s.active = s.first_player;
        s.higher_hq = [false, false];
        s.set_phase(Step::Reinforcements {
            side: Side::Us,
            refused: Vec::new(),
        });
    }

    /// 5.0: the cup is empty; the Fire Missions Phase follows (16.0).
    pub(crate) fn end_activation_phase(&self, s: &mut State) {
        s.set_phase(Step::FireMissions);
    }

    pub(crate) fn end_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::TurnEnds { turn: s.turn });
        // Units that must leave by now fly or drive off (4.0, 15.0, 19.6).
        let due: Vec<UnitId> = s
            .on_map()
            .filter(|u| u.leave_by.is_some_and(|t| t <= s.turn) && !u.downed)
            .map(|u| u.id)
            .collect();
        for u in due {
            self.exit_unit(s, u, ev);
        }
        for u in s.units.iter_mut() {
            u.activated = false;
            u.op_fired = false;
            u.op_fired_retreat = false;
            u.tried_concealment = false;
        }
        if s.turn >= s.turns {
            self.finish(s, ev);
            return;
        }
        s.turn += 1;
        self.begin_turn(s, ev);
    }

    // ------------------------------------------------ set-up decisions (3.0)

    // ---------------------------------------- reinforcement decisions (4.0)
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_sequence(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::TurnBegins { turn } => LogEntry::text(format!(
                "Turn {turn} begins: the chits go into the cup (20.0)."
            )),
            Event::TurnEnds { turn } => LogEntry::text(format!("Turn {turn} ends (20.0).")),
            other => n.misrouted(other),
        }
    }
}
