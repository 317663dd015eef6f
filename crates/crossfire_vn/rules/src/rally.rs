//! CF base rally (S7, S2; numbers our reading, in `rules.ron`): a pinned
//! or suppressed stand rolls a die plus the rating of the best Command
//! Group of its platoon (or of its company) within one stand width, or its
//! own if it is one; on the number needed it lifts one step (Suppressed to
//! Pinned, Pinned to OK). A failed rally loses the initiative.

use crate::CrossfireVn;
use crate::command::Command;
use crate::data::Role;
use crate::event::{Event, Pass};
use crate::state::*;
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};

impl CrossfireVn {
    /// The Command Group that helps a stand rally, and its rating.
    pub fn rally_help(&self, s: &State, st: &Stand) -> Option<(StandId, i32)> {
        let range = self.rules().command.range.value;
        s.side_on_table(st.side)
            .filter(|c| self.unit_type(c).role == Role::Command && c.status != Status::Suppressed)
            .filter(|c| {
                c.id == st.id
                    || ((c.platoon == st.platoon || c.platoon == 0) && self.within(c, st, range))
            })
            .map(|c| (c.id, self.unit_type(c).rating))
            .max_by_key(|(id, r)| (*r, std::cmp::Reverse(*id)))
    }

    pub(crate) fn check_rally(&self, s: &State, id: StandId) -> Checked {
        self.in_initiative(s)?;
        let Some(st) = s.get(id) else {
            return refuse("base rally", "No such stand.");
        };
        ensure(
            st.side == s.initiative && st.on_table(),
            "base rally",
            "Rally only your own stands.",
        )?;
        ensure_with(st.status != Status::Ok, "base rally", || {
            format!("{} is neither pinned nor suppressed.", st.label)
        })
    }

    pub(crate) fn execute_rally(&self, s: &mut State, id: StandId, ev: &mut Vec<Event>) {
        let st = s.stand(id).clone();
        let help = self.rally_help(s, &st);
        let rating = help.map_or(0, |h| h.1);
        let needed = self.rules().rally.needed.value;
        let die = s.rng.die(6);
        let from = st.status;
        let ok = die as i32 + rating >= needed as i32;
        let mut to = from;
        if ok {
            for _ in 0..self.rules().rally.steps.value {
                to = match to {
                    Status::Suppressed => Status::Pinned,
                    _ => Status::Ok,
                };
            }
        }
        s.stand_mut(id).status = to;
        ev.push(Event::Rally {
            stand: id,
            die,
            rating,
            by: help.map(|h| h.0),
            needed,
            from,
            to,
        });
        if !ok {
            self.pass_initiative(s, s.initiative.other(), Pass::RallyFailed, ev);
        }
    }

    pub(crate) fn rally_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        for st in s.side_on_table(side) {
            if st.status != Status::Ok {
                out.push(Command::Rally { stand: st.id });
            }
        }
    }
}

use vt_core::dice::{Adjudication, Modifier};
use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_rally(&self, s: Option<&State>, e: &Event) -> LogEntry {
        let Event::Rally {
            stand,
            die,
            rating,
            by,
            needed,
            from,
            to,
        } = e
        else {
            return LogEntry::text(format!("{e:?}"));
        };
        let mut a = Adjudication::new(format!("Rally {}", self.who(s, *stand)), "base rally");
        a.rolled = vec![*die as i32];
        if let Some(b) = by {
            a.modifiers.push(Modifier::new(
                format!("{} rating", self.who(s, *b)),
                "base 2.3",
                *rating,
            ));
        }
        a.total = *die as i32 + rating;
        a.needed = Some(format!("{needed} or more"));
        a.result = if from == to {
            "fails: the initiative passes".into()
        } else {
            format!("{} to {}", from.name(), to.name())
        };
        LogEntry::with_rolls(
            format!("{} tries to rally: {}.", self.who(s, *stand), a.result),
            vec![a],
        )
    }
}
