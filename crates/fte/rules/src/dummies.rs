//! 22.0 Dummy Units: they start Concealed, may only Move (like infantry,
//! with a Troop Quality Check for Stealthy Movement), and leave the game
//! when they lose their Concealed marker.

use crate::Fte;
use crate::describe::Names;
use crate::event::Event;
use crate::state::*;
use vt_core::engine::LogEntry;

impl Fte {
    pub(crate) fn remove_dummy(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let x = s.unit_mut(unit);
        if x.status != UnitStatus::OnMap {
            return;
        }
        x.status = UnitStatus::Eliminated;
        x.hex = None;
        x.concealed = false;
        self.end_unit_activation(s, unit);
        ev.push(Event::DummyRemoved { unit });
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_dummies(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::DummyRemoved { .. } => LogEntry::text("A Dummy is revealed and removed (22.0)."),
            other => n.misrouted(other),
        }
    }
}
