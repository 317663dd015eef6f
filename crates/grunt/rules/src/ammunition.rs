//! O3 Ammunition and Supply: six units of fire for a US unit, four for an
//! NLF unit; one or two (doubling the strength) a Combat Phase; empty, no
//! fire. NLF units refill at an ammunition cache (unlimited), US units at an
//! Ammo Supply counter (24 units of fire); either costs three Movement
//! Points. Reconnaissance by fire (O3b) is in [`crate::discovery`].

use crate::Grunt;
use crate::command::Command;
use crate::data::{Optional, Role};
use crate::event::Event;
use crate::state::*;
use crate::step::Step;
use vt_core::refusal::{Checked, ensure};

impl Grunt {
    fn full_ammo(&self, side: Side) -> u8 {
        match side {
            Side::Us => self.tables.ammunition.us.value,
            Side::Nlf => self.tables.ammunition.nlf.value,
        }
    }

    /// The supply in the unit's hex it may refill from.
    fn supply_for(&self, s: &State, id: CounterId) -> Option<CounterId> {
        let c = s.c(id);
        let h = c.hex?;
        s.at(h)
            .find(|x| match c.side {
                Side::Nlf => x.side == Side::Nlf && x.role == Role::Ammo,
                Side::Us => x.role == Role::AmmoSupply && x.ammo > 0,
            })
            .map(|x| x.id)
    }

    pub(crate) fn resupply_candidates(&self, s: &State, side: Side) -> Vec<Command> {
        s.on_map()
            .filter(|c| c.side == side && self.attack(c.role) > 0)
            .filter(|c| c.ammo < self.full_ammo(side) && self.supply_for(s, c.id).is_some())
            .map(|c| Command::Resupply { unit: c.id })
            .collect()
    }

    pub(crate) fn check_resupply(&self, s: &State, id: CounterId) -> Checked {
        ensure(
            s.has(Optional::Ammunition),
            "O3a",
            "An Ammunition and Supply rule.",
        )?;
        let Step::Movement { side } = *s.step() else {
            return vt_core::refuse("O3a", "Units refill in their Movement Phase.");
        };
        ensure((id as usize) < s.counters.len(), "O3a", "No such unit.")?;
        let c = s.c(id);
        ensure(
            c.side == side && c.on_map(),
            "O3a",
            "Not one of the active side's units on the map.",
        )?;
        ensure(
            c.ammo < self.full_ammo(side),
            "O3a",
            "The unit has all its units of fire.",
        )?;
        ensure(
            self.supply_for(s, id).is_some(),
            "O3a",
            "No ammunition cache or Ammo Supply counter in the unit's hex.",
        )?;
        ensure(
            s.mp_left(id, self.ma()) >= self.tables.ammunition.resupply_cost.value,
            "O3a",
            "Refilling costs three Movement Points.",
        )
    }

    pub(crate) fn execute_resupply(&self, s: &mut State, id: CounterId, ev: &mut Vec<Event>) {
        let Some(from) = self.supply_for(s, id) else {
            return;
        };
        let ma = self.ma();
        s.spend_mp(id, ma, self.tables.ammunition.resupply_cost.value);
        let side = s.c(id).side;
        let want = self.full_ammo(side) - s.c(id).ammo;
        let got = if side == Side::Us {
            let n = want.min(s.c(from).ammo);
            s.cm(from).ammo -= n;
            n
        } else {
            want
        };
        s.cm(id).ammo += got;
        ev.push(Event::Resupplied {
            unit: id,
            ammo: got,
            from,
        });
    }
}
