//! 22.0 Dummy Units: they start Concealed, may only Move (like infantry,
//! with a Troop Quality Check for Stealthy Movement), and leave the game
//! when they lose their Concealed marker.

use crate::Fte;
use crate::event::Event;
use crate::state::*;

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
