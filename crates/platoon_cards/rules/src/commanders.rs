//! Chart: PLATOON & COMPANY COMMANDERS and Notes: PLATOON COMMANDERS &
//! FORWARD OBSERVERS: a PC adds his rating to one squad in close combat and
//! to his platoon's morale check; a company commander to the squad he is
//! part of, and to one platoon's check a turn; a PC with a unit is lost
//! with it, and an FO or unattached PC when every unit within 2" is lost.

use crate::PlatoonCards;
use crate::data::UnitClass;
use crate::event::Event;
use crate::state::*;

/// A PC this close to a squad is "with" it.
pub const WITH: f64 = 0.1;

impl PlatoonCards {
    /// The commander's bonus in a close combat: (the squad it goes to, the
    /// rating). The company commander's stand fights and takes his own;
    /// else a platoon commander's goes to the first squad of his platoon
    /// he is with (within 2", our reading).
    pub fn commander_bonus(&self, s: &State, ours: &[StandId]) -> Option<(StandId, i32)> {
        for &id in ours {
            let st = s.stand(id);
            if self.unit(st).class == UnitClass::CompanyCommander && st.rating != 0 {
                return Some((id, st.rating as i32));
            }
        }
        for &id in ours {
            let st = s.stand(id);
            if self.unit(st).class != UnitClass::Squad {
                continue;
            }
            let within = self.charts.close_combat.commander_within.value;
            let pc = s.members(st.platoon).find(|c| {
                c.on_table()
                    && self.unit(c).class == UnitClass::PlatoonCommander
                    && c.rating != 0
                    && self.gap_between(c, st) <= within + 1e-9
            });
            if let Some(pc) = pc {
                return Some((id, pc.rating as i32));
            }
        }
        None
    }

    /// After a loss: the PCs and FOs that go with it.
    pub fn commanders_follow(&self, s: &mut State, lost: StandId, ev: &mut Vec<Event>) {
        let l = s.stand(lost).clone();
        if self.unit(&l).single_figure || !matches!(l.gone, Some(Gone::Killed | Gone::Destroyed)) {
            return;
        }
        let within = self.charts.small_arms.single_figure_screen.value;
        let figures: Vec<StandId> = s
            .on_table()
            .filter(|f| f.side == l.side && self.unit(f).single_figure && f.id != lost)
            .map(|f| f.id)
            .collect();
        for fid in figures {
            let f = s.stand(fid).clone();
            let gap = self.gap_between(&f, &l);
            if gap > within + 1e-9 {
                continue;
            }
            let with_it = gap <= WITH && self.unit(&f).class == UnitClass::PlatoonCommander;
            let others = s.on_table().any(|o| {
                o.side == f.side
                    && o.id != f.id
                    && !self.unit(o).single_figure
                    && self.gap_between(o, &f) <= within + 1e-9
            });
            if with_it || !others {
                self.lose_stand(s, fid, Gone::Killed, ev);
            }
        }
    }
}
