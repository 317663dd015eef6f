//! 12.0 Action: Request Medevac: one pending request at a time, one Medevac
//! Slick on the map, KIA/WIA only aboard, and it leaves the turn after it
//! loads.

use crate::Fte;
use crate::describe::Names;
use crate::event::Event;
use crate::state::*;
use vt_core::dice::{Adjudication, TableCell};
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, refuse};

impl Fte {
    pub(crate) fn check_medevac(&self, s: &State, unit: UnitId) -> Checked {
        self.may_act(s, unit, ActionKind::Medevac)?;
        let u = s.unit(unit);
        if u.side != Side::Us || !self.is_leader(u) {
            return refuse("12.0", "only an American Leader requests a Medevac");
        }
        if u.broken || u.suppressed {
            return refuse(
                "12.0",
                "a Broken or Suppressed Leader may not request a Medevac",
            );
        }
        let pending = s
            .units
            .iter()
            .any(|x| x.medevac && matches!(x.status, UnitStatus::Waiting | UnitStatus::OnMap));
        if pending {
            return refuse(
                "12.0",
                "only one Medevac at a time: wait until it has come and gone",
            );
        }
        Ok(())
    }

    pub(crate) fn request_medevac(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        self.record_action(s, unit, ActionKind::Medevac);
        let roll = s.d10();
        let turns = self
            .tables
            .medevac
            .iter()
            .find(|r| r.roll == roll)
            .and_then(|r| r.turns.value);
        let arrives = turns.map(|t| s.turn.saturating_add(t));
        ev.push(Event::MedevacRequested { roll, arrives });
        if let Some(t) = arrives
            && let Some(id) = self.spawn(s, "us-slick", Side::Us)
        {
            let u = s.unit_mut(id);
            u.status = UnitStatus::Waiting;
            u.arrives = Some(t);
            u.medevac = true;
            s.medevac_due = Some(t);
        }
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_medevac(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::MedevacRequested { roll, arrives } => {
                let mut a = Adjudication::new("Medevac Request", "FTE 12.0");
                a.rolled = vec![*roll as i32];
                a.total = *roll as i32;
                a.table = Some(TableCell {
                    table: "Medevac Request Table".into(),
                    row: roll.to_string(),
                    column: None,
                });
                a.result = match arrives {
                    Some(t) => format!("Slick arrives on turn {t}"),
                    None => "Request Denied".into(),
                };
                LogEntry::with_rolls(format!("Medevac requested: {}.", a.result), vec![a])
            }
            other => n.misrouted(other),
        }
    }
}
