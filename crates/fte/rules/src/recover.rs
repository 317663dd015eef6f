//! 10.0 Action: Recover: Exhausted off, Suppressed off or Broken to
//! Suppressed, Low Ammo off when cross-levelling (19.2), picking up or
//! handing over a KIA/WIA (7.5.2).

use crate::Fte;
use crate::describe::Names;
use crate::event::Event;
use crate::state::*;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, refuse};

impl Fte {
    pub(crate) fn check_recover(
        &self,
        s: &State,
        unit: UnitId,
        pick_up: Option<u16>,
        transfer: Option<(u16, UnitId)>,
    ) -> Checked {
        self.may_act(s, unit, ActionKind::Recover)?;
        let u = s.unit(unit);
        if let Some(c) = pick_up {
            let ok = s.casualties.get(c as usize).is_some_and(|c| {
                !c.gone && c.side == u.side && c.carrier.is_none() && c.hex == u.hex
            });
            if !ok {
                return refuse("10.0", "pick up a friendly KIA/WIA lying in this hex");
            }
            if s.carried_by(unit).count() >= self.carry_capacity(u) {
                return refuse("7.5.2", "four men carry two, three men one, fewer none");
            }
        }
        if let Some((c, to)) = transfer {
            let ok = s
                .casualties
                .get(c as usize)
                .is_some_and(|c| !c.gone && c.carrier == Some(unit));
            let t = s.unit(to);
            if !ok
                || to == unit
                || t.side != u.side
                || t.hex != u.hex
                || t.status != UnitStatus::OnMap
            {
                return refuse(
                    "10.0",
                    "hand a casualty you carry to another unit in the hex",
                );
            }
            if s.carried_by(to).count() >= self.carry_capacity(t) {
                return refuse("7.5.2", "the receiving unit has no room");
            }
        }
        Ok(())
    }

    pub(crate) fn recover(
        &self,
        s: &mut State,
        unit: UnitId,
        pick_up: Option<u16>,
        transfer: Option<(u16, UnitId)>,
        ev: &mut Vec<Event>,
    ) {
        self.record_action(s, unit, ActionKind::Recover);
        let u = s.unit(unit).clone();
        let mut removed = Vec::new();
        let infantry = self.is_infantry(&u);
        if u.exhausted {
            s.unit_mut(unit).exhausted = false;
            removed.push("Exhausted".to_string());
        }
        if u.broken {
            if infantry {
                let x = s.unit_mut(unit);
                x.broken = false;
                x.suppressed = true;
                removed.push("Broken (now Suppressed)".to_string());
            }
        } else if u.suppressed {
            s.unit_mut(unit).suppressed = false;
            removed.push("Suppressed".to_string());
        }
        if u.low_ammo && infantry {
            let hex = u.hex;
            let partner = s
                .units_at(hex.unwrap_or(crate::geo::Hex::new(0, 0)))
                .any(|o| {
                    o.id != unit
                        && o.side == u.side
                        && !o.low_ammo
                        && self.fire_rating(o).is_some()
                        && !self.is_leader(o)
                });
            let ammo_cache = u.side == Side::Nva
                && s.caches.iter().any(|c| {
                    !c.gone
                        && c.kind == CacheKind::Ammo
                        && Some(c.hex) == hex
                        && c.owner == Side::Nva
                });
            if partner || ammo_cache {
                s.unit_mut(unit).low_ammo = false;
                removed.push("Low Ammo".to_string());
            }
        }
        if let Some(c) = pick_up {
            let cas = &mut s.casualties[c as usize];
            cas.carrier = Some(unit);
            cas.hex = None;
            ev.push(Event::Carried {
                marked: None,
                casualty: c,
                unit,
            });
        }
        if let Some((c, to)) = transfer {
            s.casualties[c as usize].carrier = Some(to);
            ev.push(Event::Carried {
                marked: None,
                casualty: c,
                unit: to,
            });
        }
        ev.push(Event::Recovered {
            marked: None,
            unit,
            removed,
        });
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_recover(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::Recovered {
                unit,
                removed,
                marked,
            } => n.naming(marked, &[*unit], None, |who, _| {
                format!(
                    "{who} recovers{} (10.0).",
                    if removed.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", removed.join(", "))
                    }
                )
            }),
            other => n.misrouted(other),
        }
    }
}
