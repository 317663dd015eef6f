//! CSAR 4.3 Combat Phase, save Enemy Gun Fire (see [`crate::gun_fire`]):
//! moving aircraft (4.3.1), assigning Aircraft cards (4.3.2), playing them
//! (4.3.4) with the effects of each card (9.2 ordnance markers), and the
//! Rescue Segment (4.3.5).

use crate::Csar;
use crate::command::{Dest, Target};
use crate::components::{AircraftKind, Place, SurvivorAt, Zone};
use crate::data::{ActionEffect, Icon, OrdnanceKind, PilotAbility};
use crate::event::{AbortWhy, Event, GunGone, Purpose, RevealCause};
use crate::markers::RevealWhich;
use crate::state::{EndReason, FireReturn, State, Step};

impl Csar {
    /// 4.3.1: moves an aircraft. A helicopter entering a zone turns up its
    /// Enemy marker and places the guns; one reaching the Orbit Box takes its
    /// Survivors off the map.
    pub(crate) fn move_aircraft(&self, s: &mut State, ev: &mut Vec<Event>, a: u8, to: Dest) {
        let ai = a as usize;
        let from = s.aircraft[ai].place;
        let to_place = match to {
            Dest::Orbit => Place::Orbit,
            Dest::Zone(z) => Place::Zone(z),
        };
        s.aircraft[ai].place = to_place;
        s.aircraft[ai].moved = true;
        ev.push(Event::Moved {
            aircraft: a,
            from,
            to: to_place,
        });
        if s.aircraft[ai].kind != AircraftKind::Helicopter {
            return;
        }
        match to {
            Dest::Zone(z) => {
                self.reveal(s, ev, z, RevealWhich::Enemy, RevealCause::Helicopter);
            }
            Dest::Orbit => {
                self.survivors_off_map(s, ev, a);
                self.check_end(s, ev);
            }
        }
    }

    pub(crate) fn survivors_off_map(&self, s: &mut State, ev: &mut Vec<Event>, heli: u8) {
        for i in 0..s.survivors.len() {
            if s.survivors[i].at == SurvivorAt::Aboard(heli) {
                s.survivors[i].at = SurvivorAt::OffMap;
                ev.push(Event::OffMap { survivor: i as u8 });
            }
        }
    }

    /// 4.3.2: an Aircraft card from the hand or the Reserve to an aircraft.
    pub(crate) fn assign(&self, s: &mut State, ev: &mut Vec<Event>, card: u8, a: u8) {
        if let Some(i) = s.hand.iter().position(|&c| c == card) {
            s.hand.remove(i);
        } else if let Some(i) = s.reserve.iter().position(|&c| c == card) {
            s.reserve.remove(i);
        } else {
            return;
        }
        let Some(zone) = s.aircraft[a as usize].zone() else {
            return;
        };
        s.assigned.push(crate::state::Assigned {
            card,
            aircraft: a,
            zone,
        });
        s.aircraft[a as usize].cards += 1;
        s.zones[zone.index()].cards_assigned += 1;
        ev.push(Event::CardAssigned { card, aircraft: a });
    }

    pub(crate) fn discard_assigned(&self, s: &mut State, ev: &mut Vec<Event>, card: u8) {
        if let Some(i) = s.assigned.iter().position(|x| x.card == card) {
            s.assigned.remove(i);
            s.action.discard(card);
            ev.push(Event::AssignedDiscarded { card });
        }
    }

    /// 4.3.4: plays an assigned card against its target.
    pub(crate) fn play_card(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        card: u8,
        target: Target,
        pilot: bool,
    ) {
        let Some(i) = s.assigned.iter().position(|x| x.card == card) else {
            return;
        };
        let asg = s.assigned.remove(i);
        let zone = asg.zone;
        let zi = zone.index();
        let a = asg.aircraft;
        ev.push(Event::CardPlayed {
            card,
            aircraft: a,
            target,
        });
        let mut pilot_used = false;
        let effect = self.card_def(card).effect;
        let mut troll = false;
        match effect {
            ActionEffect::Suppress => {
                if let Target::Gun(g) = target
                    && let Some(gi) = self.gun_pos(s, g)
                {
                    s.guns[gi].suppressed = true;
                    ev.push(Event::GunSuppressed { gun: g });
                }
            }
            ActionEffect::TrollForFire => troll = true,
            ActionEffect::MarkTarget => match target {
                Target::Gun(g) => {
                    if let Some(gi) = self.gun_pos(s, g) {
                        s.guns[gi].mark = 1;
                        ev.push(Event::GunMarked { gun: g });
                    }
                }
                Target::TargetOfOpportunity => {
                    s.zones[zi].too_mark = 1;
                    ev.push(Event::TargetMarked { zone });
                }
                _ => {}
            },
            ActionEffect::Attack { .. } | ActionEffect::Napalm { .. } => {
                let mut hits = match effect {
                    ActionEffect::Attack {
                        hits,
                        fast_mover_hits,
                    } => {
                        if s.aircraft[a as usize].kind == AircraftKind::FastMover {
                            fast_mover_hits
                        } else {
                            hits
                        }
                    }
                    ActionEffect::Napalm { hits } => hits,
                    _ => 0,
                };
                if pilot && self.has_ability(s, a as usize, PilotAbility::ExtraHit) {
                    hits += 1;
                    pilot_used = true;
                }
                match target {
                    Target::Barrage => {
                        s.zones[zi].barrages = s.zones[zi].barrages.saturating_sub(1);
                        ev.push(Event::BarrageRemoved { zone });
                    }
                    Target::Gun(g) => {
                        if let Some(gi) = self.gun_pos(s, g) {
                            let doubled = s.guns[gi].mark > 0;
                            let h = if doubled { hits * 2 } else { hits };
                            s.guns[gi].hits += h;
                            ev.push(Event::GunHit {
                                gun: g,
                                hits: h,
                                total: s.guns[gi].hits,
                                doubled,
                            });
                        }
                    }
                    Target::TargetOfOpportunity => {
                        let doubled = s.zones[zi].too_mark > 0;
                        let h = if doubled { hits * 2 } else { hits };
                        s.zones[zi].too_hits += h;
                        ev.push(Event::TargetHit {
                            zone,
                            hits: h,
                            total: s.zones[zi].too_hits,
                            doubled,
                        });
                    }
                    _ => {}
                }
                self.danger_close(s, ev, zone);
            }
            ActionEffect::Cbu { search_back } => {
                match target {
                    Target::Gun(g) => {
                        if let Some(gi) = self.gun_pos(s, g) {
                            s.guns.remove(gi);
                            s.tally.guns_destroyed += 1;
                            ev.push(Event::GunRemoved {
                                gun: g,
                                zone,
                                why: GunGone::Cbu,
                            });
                            self.move_abort(s, ev, -1, AbortWhy::GunDestroyed);
                        }
                    }
                    Target::TargetOfOpportunity => self.target_destroyed(s, ev, zone),
                    Target::SearchMarker => self.move_search(s, ev, -(search_back as i32)),
                    _ => {}
                }
                s.zones[zi].cluster += 1;
                ev.push(Event::OrdnancePlaced {
                    kind: OrdnanceKind::ClusterMunitions,
                    zone,
                });
                self.danger_close(s, ev, zone);
            }
            ActionEffect::CsGas => {
                s.zones[zi].cs = 1;
                for g in s.guns.iter_mut().filter(|g| g.zone == zone) {
                    g.suppressed = true;
                }
                ev.push(Event::OrdnancePlaced {
                    kind: OrdnanceKind::CsGas,
                    zone,
                });
            }
            ActionEffect::Smoke => {
                s.zones[zi].smoke_one += 1;
                ev.push(Event::OrdnancePlaced {
                    kind: OrdnanceKind::Smoke,
                    zone,
                });
            }
            _ => {}
        }
        if pilot_used && let Some(p) = s.aircraft[a as usize].pilot.take() {
            ev.push(Event::PilotUsed {
                card: p,
                aircraft: a,
            });
        }
        self.finish_card(s, ev, card, true);
        self.check_end(s, ev);
        if troll && s.end.is_none() {
            // Only the guns this card turns up fire now.
            for g in s.guns.iter_mut() {
                g.fresh = false;
            }
            if self.reveal(s, ev, zone, RevealWhich::Both, RevealCause::TrollForFire) > 0 {
                let ret = if s.step == Step::Play {
                    FireReturn::Troll
                } else {
                    FireReturn::Segment
                };
                self.begin_fire(s, ev, ret, true);
            }
        }
    }

    /// 9.3: a Target of Opportunity destroyed moves the Abort marker two spaces back.
    pub(crate) fn target_destroyed(&self, s: &mut State, ev: &mut Vec<Event>, zone: Zone) {
        let z = &mut s.zones[zone.index()];
        z.markers &= !crate::data::ZoneMarkerKind::TargetOfOpportunity.bit();
        z.too_hits = 0;
        z.too_mark = 0;
        s.tally.targets_destroyed += 1;
        ev.push(Event::TargetDestroyed { zone });
        self.move_abort(s, ev, -2, AbortWhy::TargetDestroyed);
    }

    /// 6.3 Danger Close: an attack in a Survivor's zone may hurt him.
    fn danger_close(&self, s: &mut State, ev: &mut Vec<Event>, zone: Zone) {
        if !s.options.danger_close {
            return;
        }
        for i in 0..s.survivors.len() {
            if s.survivors[i].at != SurvivorAt::Stranded(zone) || s.end.is_some() {
                continue;
            }
            // The Wild card is read as no rifle.
            let rifle = self.draw_any(s, ev, Purpose::DangerClose, 1, |i| i == Icon::Rifle);
            if !rifle {
                ev.push(Event::DangerClose {
                    survivor: i as u8,
                    injured: false,
                    killed: false,
                });
            } else if !s.survivors[i].injured {
                s.survivors[i].injured = true;
                ev.push(Event::DangerClose {
                    survivor: i as u8,
                    injured: true,
                    killed: false,
                });
            } else {
                s.survivors[i].at = SurvivorAt::Killed;
                ev.push(Event::DangerClose {
                    survivor: i as u8,
                    injured: true,
                    killed: true,
                });
                ev.push(Event::MissionAborted);
                s.end = Some(EndReason::Aborted);
                ev.push(Event::GameEnds {
                    reason: EndReason::Aborted,
                });
            }
        }
    }

    /// 4.3.5: a rescue is declared: markers in this and the adjacent zones are
    /// turned up, and the new guns fire before the rescue draw.
    pub(crate) fn declare_rescue(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        heli: u8,
        survivor: u8,
        pilot: bool,
    ) {
        let Some(zone) = s.aircraft[heli as usize].zone() else {
            return;
        };
        s.aircraft[heli as usize].rescued_this_turn = true;
        s.flags.rescue_tried |= 1 << (survivor & 15);
        for g in s.guns.iter_mut() {
            g.fresh = false;
        }
        let mut placed = 0;
        for z in Zone::ALL {
            if z == zone || z.adjacent(zone) {
                placed += self.reveal(s, ev, z, RevealWhich::Both, RevealCause::Rescue);
            }
        }
        if placed > 0 {
            self.begin_fire(
                s,
                ev,
                FireReturn::Rescue {
                    helicopter: heli,
                    survivor,
                    pilot,
                },
                true,
            );
        } else {
            self.rescue_draw(s, ev, heli, survivor, pilot);
        }
    }

    /// The number of draws for a rescue (4.3.5), with its parts.
    pub fn rescue_draws(&self, s: &State, heli: u8, survivor: u8, pilot: bool) -> RescueCount {
        let h = &s.aircraft[heli as usize];
        let zone = h.zone().unwrap_or(Zone::Center);
        let cool = s.aircraft_in(zone).filter(|(_, a)| a.is_cool()).count() as u8;
        let v = &s.survivors[survivor as usize];
        let ignore_injured =
            pilot && self.has_ability(s, heli as usize, PilotAbility::IgnoreInjured);
        let extra = pilot && self.has_ability(s, heli as usize, PilotAbility::ExtraRescueDraw);
        let shaken = h.shaken;
        let injured = v.injured && !ignore_injured;
        let cs_gas = s.zones.iter().any(|z| z.cs > 0);
        let smoke = s.zone(zone).smoke();
        let raw = cool as i32 - shaken as i32 - injured as i32 - cs_gas as i32 - smoke as i32
            + extra as i32;
        RescueCount {
            cool,
            shaken,
            injured,
            cs_gas,
            smoke,
            pilot: extra || ignore_injured,
            draws: raw.max(1) as u8,
        }
    }

    /// 4.3.5: the rescue draw; a roundel puts the Survivor aboard.
    pub(crate) fn rescue_draw(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        heli: u8,
        survivor: u8,
        pilot: bool,
    ) {
        s.step = Step::Rescue;
        let h = s.aircraft[heli as usize];
        let ok = match (h.zone(), s.survivors[survivor as usize].at) {
            (Some(z), SurvivorAt::Stranded(sz)) => z == sz,
            _ => false,
        };
        if !ok || s.end.is_some() {
            ev.push(Event::RescueCancelled {
                helicopter: heli,
                survivor,
            });
            return;
        }
        let n = self.rescue_draws(s, heli, survivor, pilot);
        ev.push(Event::RescueAttempt {
            helicopter: heli,
            survivor,
            cool: n.cool,
            shaken: n.shaken,
            injured: n.injured,
            cs_gas: n.cs_gas,
            smoke: n.smoke,
            pilot: n.pilot,
            draws: n.draws,
        });
        if n.pilot
            && let Some(p) = s.aircraft[heli as usize].pilot.take()
        {
            ev.push(Event::PilotUsed {
                card: p,
                aircraft: heli,
            });
        }
        // The Wild card is read as a roundel.
        let rescued = self.draw_any(s, ev, Purpose::Rescue, n.draws, |i| {
            matches!(i, Icon::Roundel | Icon::Wild)
        });
        if rescued {
            s.survivors[survivor as usize].at = SurvivorAt::Aboard(heli);
            ev.push(Event::Rescued {
                survivor,
                helicopter: heli,
            });
            self.after_pickup(s, ev);
        } else {
            ev.push(Event::RescueFailed { survivor });
        }
        self.check_end(s, ev);
    }
}

/// The parts of a rescue's number of draws (4.3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RescueCount {
    pub cool: u8,
    pub shaken: bool,
    pub injured: bool,
    pub cs_gas: bool,
    pub smoke: bool,
    pub pilot: bool,
    pub draws: u8,
}
