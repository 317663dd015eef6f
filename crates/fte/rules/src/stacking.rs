//! 6.2 Stacking: two vehicles or one helicopter per hex; Civilians never
//! with NVA/VC infantry.

use crate::Fte;
use crate::data::{MoveClass, Role};
use crate::geo::Hex;
use crate::state::*;

impl Fte {
    /// Stacking (6.2): two vehicles or one helicopter per hex; Civilians
    /// never with NVA/VC infantry.
    pub fn can_stack(&self, s: &State, unit: UnitId, hex: Hex) -> bool {
        self.stacks_with(s.unit(unit), s.units_at(hex))
    }

    /// [`Fte::can_stack`] with the units in the hex already found (`here`
    /// may include `u` itself, which does not count).
    pub(crate) fn stacks_with<'a>(&self, u: &Unit, here: impl Iterator<Item = &'a Unit>) -> bool {
        let here = here.filter(|o| o.id != u.id);
        let mut vehicles = 0;
        let mut helis = 0;
        let mut nva_inf = false;
        let mut civ = false;
        for o in here {
            match self.class(o) {
                MoveClass::Vehicle => vehicles += 1,
                MoveClass::Helicopter => {
                    // Destroyed helicopters do not count; downed ones do.
                    helis += 1
                }
                MoveClass::Infantry => {
                    if self.role(o) == Role::Civilians {
                        civ = true;
                    } else if o.side == Side::Nva && self.role(o) != Role::Dummy {
                        nva_inf = true;
                    }
                }
            }
        }
        match self.class(u) {
            MoveClass::Vehicle => vehicles < 2,
            MoveClass::Helicopter => helis < 1,
            MoveClass::Infantry => match self.role(u) {
                Role::Civilians => !nva_inf,
                Role::Dummy => true,
                _ => !(u.side == Side::Nva && civ),
            },
        }
    }
}
