//! O4 Casualty Combat Results Table and O11 Body Count.
//!
//! Casualty counters appear where casualties are taken. A US unit with
//! casualties may not move until a medic arrives and takes them all; NLF
//! units carry theirs. A unit taking casualties is pinned two Player Turns,
//! one if within three hexes of the company commander or a medic. Six
//! casualties and the unit is gone. Abandoned casualties cost points at
//! the end. With artillery or air strikes in play, body count: the US
//! scores NLF casualties only by passing a unit over them (peasant
//! casualties score for the NLF at once).

use crate::Grunt;
use crate::data::{Optional, Role};
use crate::event::{Event, Hit};
use crate::map::NOWHERE;
use crate::map::distance;
use crate::state::*;

impl Grunt {
    /// O11 applies: body count with the artillery or air strike rules.
    pub fn body_count(&self, s: &State) -> bool {
        s.has(Optional::BodyCount) && (s.has(Optional::Artillery) || s.has(Optional::AirStrikes))
    }

    /// Under orders the NLF's points for US casualties follow the order's
    /// secret schedule (C1-C2): only the US reads them until the end.
    pub fn casualty_reader(&self, s: &State) -> Reader {
        if s.chain_of_command {
            Reader::Only(Side::Us)
        } else {
            Reader::Both
        }
    }

    /// Points to the NLF for a US WIA and KIA: the order's (C1-C2) or the
    /// default schedule.
    pub fn us_schedule(&self, s: &State) -> (i32, i32) {
        let p = &self.tables.points;
        let (mut w, mut k) = (p.us_wia.value, p.us_kia.value);
        if let Some(o) = s.order.map(|o| self.order(o)) {
            if let Some(x) = &o.us_wia {
                w = x.value;
            }
            if let Some(x) = &o.us_kia {
                k = x.value;
            }
        }
        (w, k)
    }

    /// `kia` dead and `wia` wounded to one counter (O4b: each unit of a
    /// stack takes the whole result). Returns what it did, the points, and
    /// whether it was pinned and whether the points wait for a body count.
    pub(crate) fn take_casualties(
        &self,
        s: &mut State,
        id: CounterId,
        kia: u8,
        wia: u8,
        pins: bool,
        ev: &mut Vec<Event>,
    ) -> (Hit, i32, bool, bool) {
        let c = s.c(id).clone();
        let p = &self.tables.points;
        let n = kia + wia;
        let (points, per) = match (c.side, c.role) {
            (_, Role::Peasants) => (n as i32 * p.peasant_casualty.value, 0),
            (Side::Us, _) => {
                let (w, k) = self.us_schedule(s);
                (kia as i32 * k + wia as i32 * w, 0)
            }
            (Side::Nlf, _) => (
                kia as i32 * p.nlf_kia.value + wia as i32 * p.nlf_wia.value,
                1,
            ),
        };
        let pending = per == 1 && self.body_count(s);
        if c.role != Role::Peasants {
            for i in 0..n {
                let kia_marker = i < kia;
                let value = if kia_marker {
                    p.nlf_kia.value
                } else {
                    p.nlf_wia.value
                };
                let cid = s.next_casualty;
                s.next_casualty += 1;
                s.casualties.push(Casualty {
                    id: cid,
                    side: c.side,
                    kia: kia_marker,
                    hex: c.hex,
                    with: Some(id),
                    held_by_enemy: false,
                    pending,
                    points: if pending { value } else { 0 },
                    evacuated: false,
                    on_trap: false,
                });
            }
        }
        let max = self.tables.casualties.max.value;
        let total = c.casualties.saturating_add(n);
        s.cm(id).casualties = total.min(max);
        if total >= max {
            self.remove(s, id, Gone::Killed, ev);
            return (Hit::Eliminated, points, false, pending);
        }
        let mut pinned = false;
        if pins && n > 0 {
            let near = c.side == Side::Us && {
                let r = self.tables.casualties.near.value;
                let h = c.hex.unwrap_or(NOWHERE);
                s.on_map().any(|x| {
                    x.side == Side::Us
                        && matches!(x.role, Role::Commander | Role::Medic)
                        && x.hex.is_some_and(|xh| distance(xh, h) <= r)
                })
            };
            let turns = if near {
                self.tables.casualties.pinned_near.value
            } else {
                self.tables.casualties.pinned.value
            };
            self.pin(s, id, turns);
            pinned = true;
        }
        (Hit::Casualties { kia, wia }, points, pinned, pending)
    }

    /// A medic takes every US casualty in its hex (O4a) and any NLF
    /// casualties left there (O4d: they count as abandoned unless recovered).
    pub(crate) fn medic_takes(&self, s: &mut State, medic: CounterId, ev: &mut Vec<Event>) {
        if !s.has(Optional::CasualtyCrt) {
            return;
        }
        let Some(h) = s.c(medic).hex else { return };
        let medics: Vec<CounterId> = s
            .at(h)
            .filter(|c| c.side == Side::Us && c.role == Role::Medic)
            .map(|c| c.id)
            .collect();
        let mut own = 0;
        let mut enemy = 0;
        for x in s.casualties.iter_mut() {
            if x.hex != Some(h) || x.evacuated || x.with.is_some_and(|w| medics.contains(&w)) {
                continue;
            }
            let carried_by_nlf = x.side == Side::Nlf && x.with.is_some();
            if carried_by_nlf {
                continue;
            }
            if x.side == Side::Us {
                own += 1;
            } else {
                x.held_by_enemy = true;
                enemy += 1;
            }
            x.with = Some(medic);
            x.on_trap = false;
        }
        if own + enemy > 0 {
            ev.push(Event::MedicTook {
                medic,
                count: own,
                enemy: false,
            });
            if enemy > 0 {
                ev.push(Event::MedicTook {
                    medic,
                    count: enemy,
                    enemy: true,
                });
            }
        }
    }

    /// At the start of the US Movement Phase, medics take the casualties of
    /// the units they are with.
    pub(crate) fn medics_take_casualties(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !s.has(Optional::CasualtyCrt) {
            return;
        }
        let medics: Vec<CounterId> = s
            .on_map()
            .filter(|c| c.side == Side::Us && c.role == Role::Medic)
            .map(|c| c.id)
            .collect();
        for m in medics {
            self.medic_takes(s, m, ev);
        }
    }

    /// An NLF unit recovers its own casualties left in the hex it ends in.
    pub(crate) fn pick_up_casualties(&self, s: &mut State, unit: CounterId, ev: &mut Vec<Event>) {
        if !s.has(Optional::CasualtyCrt) || !s.c(unit).role.is_nlf_combat() {
            return;
        }
        let Some(h) = s.c(unit).hex else { return };
        let mut n = 0;
        for x in s.casualties.iter_mut() {
            if x.side == Side::Nlf && x.hex == Some(h) && x.with.is_none() && !x.evacuated {
                x.with = Some(unit);
                x.held_by_enemy = false;
                n += 1;
            }
        }
        if n > 0 {
            ev.push(Event::PickedUp { unit, count: n });
        }
    }

    /// O11: a US unit passing over a hex scores the points waiting there
    /// (destroyed materiel, NLF casualties not carried away).
    pub(crate) fn pass_over(
        &self,
        s: &mut State,
        unit: CounterId,
        h: crate::map::Hex,
        ev: &mut Vec<Event>,
    ) {
        let mut points = 0;
        for a in s.ledger.iter_mut() {
            if a.pending == Some(h) {
                a.pending = None;
                points += a.points;
            }
        }
        let mut scored = 0;
        for x in s.casualties.iter_mut() {
            let carried = x.with.is_some_and(|_| !x.held_by_enemy);
            if x.side == Side::Nlf && x.pending && x.hex == Some(h) && !carried {
                x.pending = false;
                scored += x.points;
            }
        }
        if scored > 0 {
            s.award(
                Side::Us,
                scored,
                "body count: NLF casualties",
                "O11",
                Reader::Both,
            );
            points += scored;
        }
        if points > 0 {
            ev.push(Event::PendingScored {
                unit,
                hex: h,
                points,
            });
        }
    }

    /// At the end of the US Movement Phase, what lies under US units is
    /// counted too.
    pub(crate) fn score_pending_under_units(&self, s: &mut State, ev: &mut Vec<Event>) {
        let pending =
            s.ledger.iter().any(|a| a.pending.is_some()) || s.casualties.iter().any(|x| x.pending);
        if !pending {
            return;
        }
        let us: Vec<(CounterId, crate::map::Hex)> = s
            .on_map()
            .filter(|c| c.side == Side::Us && c.role.is_us_unit())
            .filter_map(|c| c.hex.map(|h| (c.id, h)))
            .collect();
        for (id, h) in us {
            self.pass_over(s, id, h, ev);
        }
    }
}
