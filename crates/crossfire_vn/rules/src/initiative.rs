//! CF base: no turns. The side with the initiative acts with any stands, in
//! any order, as often as it likes, until an action fails (a fire that does
//! not suppress or kill, a failed rally, a mover suppressed or killed by
//! reactive fire, a lost close combat); then the initiative passes. A side
//! may also hand it over (CF-I3, our own: a computer game needs a way out).
//! NO FIRE markers go when the initiative changes (CF6.2.1).
//!
//! The moving clock (CF base, from Hit the Dirt): at the end of each
//! initiative of the defender a die is rolled; on the scenario's number the
//! clock moves on by its step, and the game ends at the scenario's end time.

use crate::CrossfireVn;
use crate::command::Command;
use crate::event::{Event, Pass};
use crate::state::{Side, State};
use crate::step::Step;
use vt_core::refusal::{Checked, ensure};

/// "0730".
pub fn clock_text(minutes: u16) -> String {
    format!("{:02}{:02}", minutes / 60, minutes % 60)
}

impl CrossfireVn {
    /// The defender: the side that is not the scenario's attacker.
    pub fn defender(&self, s: &State) -> Side {
        self.scenario_of(s).attacker.other()
    }

    /// Starts `side`'s initiative: per-initiative marks are cleared, and a
    /// Dust Off on its way may arrive (6.5).
    pub(crate) fn begin_initiative(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        s.initiative = side;
        s.initiative_no += 1;
        for st in &mut s.stands {
            st.no_fire = false;
            st.medevac_done = false;
            st.shots = 0;
            st.moved = false;
        }
        ev.push(Event::InitiativeBegins {
            side,
            number: s.initiative_no,
            clock: s.clock,
        });
        s.steps.clear();
        s.steps.push(Step::Initiative { side });
        self.dust_off_countdown(s, side, ev);
    }

    /// The initiative changes hands: the end of `from`'s initiative (its
    /// smoke, the objective count, the clock), then the other side's.
    pub(crate) fn pass_initiative(&self, s: &mut State, to: Side, why: Pass, ev: &mut Vec<Event>) {
        let from = s.initiative;
        ev.push(Event::InitiativePasses { from, to, why });
        self.end_of_initiative(s, from, ev);
        if s.end.is_some() {
            s.steps.clear();
            s.steps.push(Step::Over);
            return;
        }
        self.begin_initiative(s, to, ev);
    }

    fn end_of_initiative(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        self.clear_smoke(s, side, ev);
        if side == self.scenario_of(s).attacker {
            self.count_objective(s, ev);
        }
        if side == self.defender(s) {
            self.clock_roll(s, ev);
        }
        self.check_end(s, ev);
    }

    /// CF base (Hit the Dirt moving clock): roll at the end of a defender
    /// initiative.
    fn clock_roll(&self, s: &mut State, ev: &mut Vec<Event>) {
        let c = &self.scenario_of(s).clock;
        let (needed, step, end) = (c.roll, c.step, c.end);
        let roll = s.rng.die(6);
        let advanced = roll >= needed;
        if advanced {
            s.clock = (s.clock + step).min(end.max(s.clock));
        }
        ev.push(Event::ClockRoll {
            roll,
            needed,
            clock: s.clock,
            advanced,
        });
    }

    pub(crate) fn check_end_initiative(&self, s: &State, side: Side) -> Checked {
        ensure(
            matches!(s.step(), Step::Initiative { side: x } if *x == side),
            "base initiative",
            "Only the side with the initiative can hand it over.",
        )
    }

    pub(crate) fn execute_end_initiative(&self, s: &mut State, ev: &mut Vec<Event>) {
        let to = s.initiative.other();
        self.pass_initiative(s, to, Pass::Ended, ev);
    }

    /// Every action the side with the initiative might take.
    pub(crate) fn initiative_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        out.push(Command::EndInitiative);
        self.move_candidates(s, side, out);
        self.pivot_candidates(s, side, out);
        self.fire_candidates(s, side, out);
        self.anti_tank_candidates(s, side, out);
        self.rally_candidates(s, side, out);
        self.close_combat_candidates(s, side, out);
        self.recon_candidates(s, side, out);
        self.medevac_candidates(s, side, out);
        self.sniper_candidates(s, side, out);
        self.flame_candidates(s, side, out);
        self.indirect_candidates(s, side, out);
    }

    /// The side holding the initiative, if the step is its initiative.
    pub(crate) fn acting(&self, s: &State) -> Option<Side> {
        match s.step() {
            Step::Initiative { side } => Some(*side),
            _ => None,
        }
    }

    /// Refuses a command given outside its side's initiative.
    pub(crate) fn in_initiative(&self, s: &State) -> Checked {
        ensure(
            self.acting(s).is_some(),
            "base initiative",
            "That is done only by the side with the initiative, between actions.",
        )
    }
}

use vt_core::dice::{Adjudication, TableCell};
use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_initiative(&self, _s: Option<&State>, e: &Event) -> LogEntry {
        match e {
            Event::InitiativeBegins {
                side,
                number,
                clock,
            } => LogEntry::text(format!(
                "Initiative {number}: {} ({}).",
                side.name(),
                clock_text(*clock)
            )),
            Event::InitiativePasses { from, to, why } => {
                let why = match why {
                    Pass::Ended => format!("{} hands it over", from.name()),
                    Pass::FireFailed => "a fire did not suppress or kill".into(),
                    Pass::RallyFailed => "a rally failed".into(),
                    Pass::Seized => format!("{}'s reactive fire seized it", to.name()),
                    Pass::CloseCombatLost => "the attacker lost the close combat".into(),
                    Pass::BarrageFailed => "the barrage suppressed and killed nothing".into(),
                    Pass::ReconFailed => "the recon by fire found nobody (6.7)".into(),
                    Pass::AntiTankFailed => "the anti-armour shot failed (6.11)".into(),
                    Pass::FlameFailed => "the flame was not effective (6.12)".into(),
                    Pass::SniperFailed => "the USMC sniper team's shot failed (6.9)".into(),
                };
                LogEntry::text(format!(
                    "The initiative passes from {} to {}: {why}.",
                    from.name(),
                    to.name()
                ))
            }
            Event::ClockRoll {
                roll,
                needed,
                clock,
                advanced,
            } => {
                let mut a = Adjudication::new("Moving clock", "base clock");
                a.rolled = vec![*roll as i32];
                a.total = *roll as i32;
                a.needed = Some(format!("{needed} or more to move the clock on"));
                a.table = Some(TableCell {
                    table: "clock".into(),
                    row: roll.to_string(),
                    column: None,
                });
                a.result = if *advanced {
                    format!("the clock moves on to {}", clock_text(*clock))
                } else {
                    format!("the clock stays at {}", clock_text(*clock))
                };
                LogEntry::with_rolls(
                    format!("End of the defender's initiative: {}.", a.result),
                    vec![a],
                )
            }
            _ => LogEntry::text(format!("{e:?}")),
        }
    }
}
