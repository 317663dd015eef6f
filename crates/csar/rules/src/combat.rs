//! CSAR 4.3 Combat Phase, save Enemy Gun Fire (see [`crate::gun_fire`]):
//! moving aircraft (4.3.1), assigning Aircraft cards (4.3.2), playing them
//! (4.3.4) with the effects of each card (9.2 ordnance markers), and the
//! Rescue Segment (4.3.5).

use crate::Csar;
use crate::command::Command;
use crate::command::{Dest, Target};
use crate::components::{AircraftKind, Place, SurvivorAt, Zone};
use crate::data::{ActionEffect, Icon, OrdnanceKind, PilotAbility};
use crate::data::{CardClass, Reach, ZoneMarkerKind};
use crate::describe::misrouted;
use crate::event::{AbortWhy, Event, GunGone, Purpose, RevealCause};
use crate::markers::RevealWhich;
use crate::state::{EndReason, FireReturn, State, Step};
use vt_core::dice::{Adjudication, Modifier};
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure, refuse};

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
        if s.step == Step::FireOrder && s.end.is_none() {
            // Suppress between two zones' fire (4.3.4): on with the fire.
            self.next_fire_zone(s, ev, true);
        }
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

impl Csar {
    pub(crate) fn check_move(&self, s: &State, aircraft: u8, to: Dest) -> Checked {
        self.move_check(s, &self.move_ctx(s), aircraft, to)
    }
    /// One look at the map for checking moves.
    // Always inlined: made at every Move decision, before its list (a
    // call with its own frame otherwise).
    #[inline(always)]
    fn move_ctx(&self, s: &State) -> MoveCtx {
        let mut ctx = MoveCtx {
            counts: [0; 5],
            full: 0,
            heli: 0,
            fast: 0,
            pinpointed: !s.options.pinpointing || s.stranded().any(|(_, v)| v.pinpointed),
            arclight: self.arclight_now(s),
            one_step: self.data.one_step_kinds,
            movable: 0,
        };
        let grounded = s.flags.fast_movers_grounded;
        // At most 60 aircraft (`Data::validate`): each has its bit (`i & 63`
        // is `i`, without a count of the aircraft looked at).
        for (i, a) in s.aircraft.iter().enumerate() {
            match a.place {
                Place::Zone(z) => {
                    ctx.counts[z.index()] += 1;
                    match a.kind {
                        AircraftKind::Helicopter => ctx.heli |= z.bit(),
                        AircraftKind::FastMover => ctx.fast |= z.bit(),
                        _ => {}
                    }
                }
                // Low Clouds keep Fast Movers in the Orbit Box (2.2.3).
                Place::Orbit if grounded && a.kind == AircraftKind::FastMover => continue,
                Place::Orbit => {}
                _ => continue,
            }
            if !a.moved {
                ctx.movable |= 1 << (i & 63);
            }
        }
        if ctx.arclight {
            ctx.movable = 0;
        }
        let limit = self.data.rules.aircraft_per_zone.value;
        for z in Zone::ALL {
            if ctx.counts[z.index()] >= limit {
                ctx.full |= z.bit();
            }
        }
        ctx
    }
    fn move_check(&self, s: &State, ctx: &MoveCtx, aircraft: u8, to: Dest) -> Checked {
        let Some(a) = s.aircraft.get(aircraft as usize) else {
            return refuse("4.3.1", "no such aircraft");
        };
        if a.moved {
            return refuse("4.3.1", "that aircraft has already moved this turn");
        }
        if !matches!(a.place, Place::Orbit | Place::Zone(_)) {
            return refuse("2.1.3", "only aircraft in the Orbit Box or on the map move");
        }
        let dest = match to {
            Dest::Orbit => Place::Orbit,
            Dest::Zone(z) => Place::Zone(z),
        };
        if dest == a.place {
            return refuse("4.3.1", "the aircraft is already there");
        }
        if ctx.arclight {
            return refuse(
                "7.2",
                "all aircraft stay in the Orbit Box on the ArcLight turn",
            );
        }
        if a.kind == AircraftKind::FastMover
            && s.flags.fast_movers_grounded
            && a.place == Place::Orbit
        {
            return refuse(
                "2.2.3",
                "Low Clouds: Fast Movers stay in the Orbit Box this turn",
            );
        }
        if self.data.reach(a.kind) == Reach::OneStep {
            let ok = match (a.place, dest) {
                (Place::Orbit, Place::Zone(z)) => z.is_outer(),
                (Place::Zone(z), Place::Orbit) => z.is_outer(),
                (Place::Zone(x), Place::Zone(y)) => x.adjacent(y),
                _ => false,
            };
            if !ok {
                return refuse(
                    "4.3.1",
                    "helicopters move one step: Orbit Box and Outer Zones, or to an adjacent zone",
                );
            }
        }
        if let Place::Zone(z) = dest {
            if ctx.counts[z.index()] >= self.data.rules.aircraft_per_zone.value {
                return refuse("4.3.1", "a zone holds four aircraft at most");
            }
            let blocked = match a.kind {
                AircraftKind::FastMover => ctx.heli & z.bit() != 0,
                AircraftKind::Helicopter => ctx.fast & z.bit() != 0,
                _ => false,
            };
            if blocked {
                return refuse(
                    "4.3.1",
                    "Fast Movers may not share a zone with a helicopter",
                );
            }
            if a.kind == AircraftKind::Helicopter && a.place == Place::Orbit && !ctx.pinpointed {
                return refuse("6.2", "helicopters wait until a Survivor is pinpointed");
            }
        }
        Ok(())
    }
    pub(crate) fn check_assign(&self, s: &State, card: u8, aircraft: u8) -> Checked {
        if !s.hand.contains(&card) && !s.reserve.contains(&card) {
            return refuse("4.3.2", "that card is not in your hand or Reserve");
        }
        let def = self.card_def(card);
        if def.class != CardClass::Aircraft {
            return refuse("4.3.2", "only Aircraft cards are assigned");
        }
        if self.arclight_now(s) {
            return refuse("7.2", "no Action cards may be played on the ArcLight turn");
        }
        let Some(a) = s.aircraft.get(aircraft as usize) else {
            return refuse("4.3.2", "no such aircraft");
        };
        let Some(zone) = a.zone() else {
            return refuse(
                "2.1.2",
                "aircraft in the Orbit Box may not use Action cards",
            );
        };
        if !def.aircraft.contains(&a.kind) {
            return refuse(
                "2.2.2",
                "the card's silhouette does not match that aircraft",
            );
        }
        if a.cards >= self.card_limit(a.kind) {
            return refuse(
                "4.3.2",
                "Sandys and FACs take one card a turn, Fast Movers two",
            );
        }
        ensure(
            s.zone(zone).cards_assigned < self.data.rules.cards_per_zone.value,
            "4.3.2",
            "two Aircraft cards per zone per turn at most",
        )
    }
    /// Aircraft cards an aircraft of this kind takes a turn (4.3.2).
    fn card_limit(&self, kind: AircraftKind) -> u8 {
        let r = &self.data.rules;
        match kind {
            AircraftKind::Sandy | AircraftKind::Fac => r.cards_per_sandy_or_fac.value,
            AircraftKind::FastMover => r.cards_per_fast_mover.value,
            AircraftKind::Helicopter => 0,
        }
    }
    pub(crate) fn check_play(&self, s: &State, card: u8, target: Target, pilot: bool) -> Checked {
        let Some(x) = s.assigned.iter().find(|x| x.card == card) else {
            return refuse("4.3.4", "that card is not assigned to an aircraft");
        };
        let zone = x.zone;
        let zs = s.zone(zone);
        let effect = self.card_def(card).effect;
        if effect != ActionEffect::Suppress && s.step != Step::Play {
            return refuse(
                "4.3.4",
                "only Suppress may be played before the Play Aircraft Action Cards Segment",
            );
        }
        if pilot
            && !(matches!(
                effect,
                ActionEffect::Attack { .. } | ActionEffect::Napalm { .. }
            ) && self.has_ability(s, x.aircraft as usize, PilotAbility::ExtraHit))
        {
            return refuse("2.4", "no Pilot card on that aircraft adds to this card");
        }
        let gun_here = |g: u8| s.guns.iter().find(|x| x.counter == g && x.zone == zone);
        let enemy_target = |t: Target| -> Checked {
            match t {
                Target::Gun(g) => ensure(
                    gun_here(g).is_some(),
                    "4.3.4",
                    "no such gun in the card's zone",
                ),
                Target::TargetOfOpportunity => {
                    ensure(zs.has_too(), "9.3", "no Target of Opportunity in the zone")
                }
                _ => refuse("4.3.4", "that card needs a gun or Target of Opportunity"),
            }
        };
        let roe = |t: Target| -> Checked {
            ensure(
                !(zs.roe
                    && matches!(
                        t,
                        Target::Gun(_) | Target::TargetOfOpportunity | Target::Barrage
                    )),
                "9.3",
                "Rules of Engagement: enemy units in this zone may not be attacked",
            )
        };
        match effect {
            ActionEffect::Suppress => match target {
                Target::Gun(g) => ensure(
                    gun_here(g).is_some_and(|g| !g.suppressed),
                    "4.3.4",
                    "Suppress needs an active gun in the card's zone",
                ),
                _ => refuse("4.3.4", "Suppress needs a gun"),
            },
            ActionEffect::TrollForFire => {
                if target != Target::None {
                    return refuse("4.3.4", "Troll for Fire takes no target");
                }
                if zs.has(ZoneMarkerKind::HeavyJungle) {
                    return refuse("9.3", "Troll for Fire may not be played in Heavy Jungle");
                }
                ensure(
                    zs.face_down(),
                    "2.2.3",
                    "no face-down marker left in the zone",
                )
            }
            ActionEffect::MarkTarget => {
                if self.marks_in_play(s) >= self.data.ordnance_limit(OrdnanceKind::Mark) {
                    return refuse("9.2", "no Mark marker left (piece limit)");
                }
                match target {
                    Target::Gun(g) => ensure(
                        gun_here(g).is_some_and(|g| g.mark == 0),
                        "9.2",
                        "mark an unmarked gun in the card's zone",
                    ),
                    Target::TargetOfOpportunity => ensure(
                        zs.has_too() && zs.too_mark == 0,
                        "9.2",
                        "no unmarked Target of Opportunity in the zone",
                    ),
                    _ => refuse("9.2", "Mark Target needs a gun or Target of Opportunity"),
                }
            }
            ActionEffect::Attack { .. } => {
                roe(target)?;
                match target {
                    Target::Barrage => ensure(zs.barrages > 0, "4.3.4", "no Barrage in the zone"),
                    t => enemy_target(t),
                }
            }
            ActionEffect::Napalm { .. } => {
                if zs.has(ZoneMarkerKind::Village) {
                    return refuse("9.3", "no Napalm in a Village zone");
                }
                roe(target)?;
                enemy_target(target)
            }
            ActionEffect::Cbu { .. } => {
                if zs.has(ZoneMarkerKind::Village) {
                    return refuse("9.3", "no CBUs in a Village zone");
                }
                if self.cluster_in_play(s)
                    >= self.data.ordnance_limit(OrdnanceKind::ClusterMunitions)
                {
                    return refuse("9.2", "no Cluster Munitions marker left (piece limit)");
                }
                match target {
                    Target::SearchMarker => {
                        ensure(s.search > 0, "9.2", "the Search marker is already at 0")
                    }
                    t => {
                        roe(t)?;
                        enemy_target(t)
                    }
                }
            }
            ActionEffect::CsGas => {
                if target != Target::None {
                    return refuse("9.2", "CS Gas takes no target");
                }
                if zs.has(ZoneMarkerKind::Village) {
                    return refuse("9.3", "no CS Gas in a Village zone");
                }
                ensure(
                    self.cs_in_play(s) < self.data.ordnance_limit(OrdnanceKind::CsGas),
                    "9.2",
                    "no CS Gas marker left (piece limit)",
                )
            }
            ActionEffect::Smoke => {
                if target != Target::None {
                    return refuse("9.2", "Smoke takes no target");
                }
                ensure(
                    self.smoke_in_play(s) < self.data.ordnance_limit(OrdnanceKind::Smoke),
                    "9.2",
                    "no Smoke marker left (piece limit)",
                )
            }
            _ => refuse("4.3.4", "that card is not played that way"),
        }
    }
    pub(crate) fn check_rescue(
        &self,
        s: &State,
        helicopter: u8,
        survivor: u8,
        pilot: bool,
    ) -> Checked {
        let Some(h) = s.aircraft.get(helicopter as usize) else {
            return refuse("4.3.5", "no such aircraft");
        };
        if h.kind != AircraftKind::Helicopter {
            return refuse("4.3.5", "only a helicopter picks up a Survivor");
        }
        let Some(z) = h.zone() else {
            return refuse("4.3.5", "the helicopter must be in the Survivor's zone");
        };
        if h.moved {
            return refuse("4.3.5", "the helicopter moved this turn");
        }
        if h.rescued_this_turn {
            return refuse("4.3.5", "one rescue attempt per helicopter per segment");
        }
        let Some(v) = s.survivors.get(survivor as usize) else {
            return refuse("4.3.5", "no such Survivor");
        };
        if v.at != SurvivorAt::Stranded(z) {
            return refuse("4.3.5", "the helicopter must be in the Survivor's zone");
        }
        if s.flags.rescue_tried & (1 << (survivor & 15)) != 0 {
            return refuse(
                "4.3.5",
                "only one helicopter may try for the same Survivor in a segment",
            );
        }
        if s.options.pinpointing && !v.pinpointed {
            return refuse("6.2", "the Survivor has not been pinpointed");
        }
        if pilot
            && !(self.has_ability(s, helicopter as usize, PilotAbility::ExtraRescueDraw)
                || self.has_ability(s, helicopter as usize, PilotAbility::IgnoreInjured))
        {
            return refuse("2.4", "no PJ card on that helicopter helps a rescue");
        }
        Ok(())
    }
    /// Suppress on each active gun in its card's zone: as `check_play`
    /// accepts them (the Assign list needs no further check).
    // Inlined into the four lists that end with it (a call at most
    // decisions of the Combat Phase; `#[inline]` alone left it a call).
    #[inline(always)]
    pub(crate) fn suppress_candidates(&self, s: &State, v: &mut Vec<Command>) {
        for x in &s.assigned {
            if self.card_def(x.card).effect == ActionEffect::Suppress {
                for g in &s.guns {
                    if g.zone == x.zone && !g.suppressed {
                        v.push(Command::Play {
                            card: x.card,
                            target: Target::Gun(g.counter),
                            pilot: false,
                        });
                    }
                }
            }
        }
    }
    pub(crate) fn play_candidates(&self, s: &State, card: u8, zone: Zone, v: &mut Vec<Command>) {
        let effect = self.card_def(card).effect;
        let mut push = |t: Target| {
            v.push(Command::Play {
                card,
                target: t,
                pilot: false,
            });
            if matches!(
                effect,
                ActionEffect::Attack { .. } | ActionEffect::Napalm { .. }
            ) {
                v.push(Command::Play {
                    card,
                    target: t,
                    pilot: true,
                });
            }
        };
        match effect {
            ActionEffect::TrollForFire | ActionEffect::CsGas | ActionEffect::Smoke => {
                push(Target::None)
            }
            _ => {
                for g in &s.guns {
                    if g.zone == zone {
                        push(Target::Gun(g.counter));
                    }
                }
                push(Target::TargetOfOpportunity);
                push(Target::Barrage);
                push(Target::SearchMarker);
            }
        }
    }
}

/// The six destinations of a move, in the order of `move_targets`' bits.
const DESTS: [Dest; 6] = [
    Dest::Orbit,
    Dest::Zone(Zone::Center),
    Dest::Zone(Zone::North),
    Dest::Zone(Zone::East),
    Dest::Zone(Zone::South),
    Dest::Zone(Zone::West),
];
/// For each set of [`DESTS`] bits (`move_targets`' answer), its size
/// and its destinations lowest bit first (the size read from the table:
/// `count_ones` is a dozen instructions without the `popcnt` feature).
const DEST_LISTS: [(u8, [Dest; 6]); 64] = {
    let mut t = [(0, [Dest::Orbit; 6]); 64];
    let mut m = 0;
    while m < 64 {
        let mut n = 0;
        let mut b = 0;
        while b < 6 {
            if m & (1 << b) != 0 {
                t[m].1[n] = DESTS[b];
                n += 1;
            }
            b += 1;
        }
        t[m].0 = n as u8;
        m += 1;
    }
    t
};
const ORBIT: u8 = 1;
/// Zone `z` is bit `z.bit() << 1`.
const ZONES: u8 = 0b11_1110;
const OUTER: u8 = 0b11_1100;

/// What checking a move needs to know about the map.
struct MoveCtx {
    counts: [u8; 5],
    /// Zones (bits) holding as many aircraft as a zone may.
    full: u8,
    /// Zones (bits) holding a helicopter, a Fast Mover.
    heli: u8,
    fast: u8,
    pinpointed: bool,
    arclight: bool,
    /// Kinds (bit `kind as u8`) that move one step at a time: the
    /// movement table read once at loading, not once an aircraft.
    one_step: u8,
    /// The aircraft (bit `i` for aircraft `i`) that may move at all this
    /// segment: in the Orbit Box or a zone, not moved yet, not held by
    /// Low Clouds or the ArcLight turn. The Move list looks at these only.
    movable: u64,
}

/// The zones next to each zone (by `Zone::index`), as bits of
/// `Zone::bit`: [`Zone::adjacent`] worked out once (a test holds the
/// table to it). The Center touches the four Outer Zones; each Outer
/// Zone the Center and its two neighbours on the ring.
const NEAR: [u8; 5] = [0b11110, 0b10101, 0b01011, 0b10101, 0b01011];

/// The Combat Phase decisions save Enemy Gun Fire: what each offers and
/// what it refuses.
impl Csar {
    /// 4.3.1: every move of every aircraft, from one look at the map and
    /// the destinations of each aircraft as bits (the list needs no
    /// further check; a test holds it to `move_check`).
    pub(crate) fn move_candidates(&self, s: &State, v: &mut Vec<Command>) {
        let ctx = self.move_ctx(s);
        let mut movable = ctx.movable;
        while movable != 0 {
            let i = movable.trailing_zeros() as usize;
            movable &= movable - 1;
            let m = self.movable_targets(s, &ctx, i) as usize;
            if m == 0 {
                continue;
            }
            // The set bits, lowest first (the order of DESTS), from the
            // table: a slice's mapped iterator has an exact length, so
            // `extend` makes room once an aircraft and writes each move
            // without a check (a push a move was most of a Move list).
            let (n, to) = &DEST_LISTS[m];
            let to = &to[..*n as usize];
            v.extend(to.iter().map(|&to| Command::Move {
                aircraft: i as u8,
                to,
            }));
        }
        v.push(Command::Done);
    }

    /// True if some aircraft may move (the Move decision has a choice).
    pub(crate) fn any_move(&self, s: &State) -> bool {
        let ctx = self.move_ctx(s);
        let mut movable = ctx.movable;
        while movable != 0 {
            let i = movable.trailing_zeros() as usize;
            movable &= movable - 1;
            if self.movable_targets(s, &ctx, i) != 0 {
                return true;
            }
        }
        false
    }

    /// The destinations aircraft `i` may move to, as bits of [`DESTS`]:
    /// the rules of `move_check` (which says why not) at once for all six
    /// (the lists ask [`Csar::movable_targets`] of the movable aircraft
    /// only; the test holds this to `move_check` for every aircraft).
    #[cfg(test)]
    fn move_targets(&self, s: &State, ctx: &MoveCtx, i: usize) -> u8 {
        if i >= 64 || ctx.movable & (1 << i) == 0 {
            return 0;
        }
        self.movable_targets(s, ctx, i)
    }

    /// [`Csar::move_targets`] of an aircraft of `ctx.movable` (in the
    /// Orbit Box or a zone, free to move): where it may go.
    // Always inlined: called for every aircraft at every Move decision
    // (the commonest), and `#[inline]` alone left it a call.
    #[inline(always)]
    fn movable_targets(&self, s: &State, ctx: &MoveCtx, i: usize) -> u8 {
        let a = &s.aircraft[i];
        let here = match a.place {
            Place::Zone(z) => z.bit() << 1,
            _ => ORBIT,
        };
        let mut m = (ORBIT | ZONES) & !here;
        if ctx.one_step & (1 << (a.kind as u8)) != 0 {
            m &= match a.place {
                Place::Zone(Zone::Center) => OUTER,
                Place::Zone(z) => ORBIT | (NEAR[z.index()] << 1),
                _ => OUTER,
            };
        }
        m &= !(ctx.full << 1);
        match a.kind {
            AircraftKind::FastMover => m &= !(ctx.heli << 1),
            AircraftKind::Helicopter => {
                m &= !(ctx.fast << 1);
                if a.place == Place::Orbit && !ctx.pinpointed {
                    m &= !ZONES;
                }
            }
            _ => {}
        }
        m
    }

    /// 4.3.2: Aircraft cards to aircraft in the zones; Suppress may be
    /// played already (4.3.4). Listed as `check_assign` accepts them (the
    /// list needs no further check): the ArcLight turn, each aircraft's
    /// zone and cards, and each zone's cards are looked at once for all
    /// the cards in hand; a playout's random digests hold the list to the
    /// check, which says why not.
    pub(crate) fn assign_candidates(&self, s: &State, v: &mut Vec<Command>) {
        if !self.arclight_now(s) {
            let per_zone = self.data.rules.cards_per_zone.value;
            // The aircraft that may take a card now (bit `i` for aircraft
            // `i`: at most 60, `Data::validate`), and each one's kind as a
            // bit: looked at once for every card.
            // The open aircraft of each kind (bit `i` for aircraft `i`),
            // so a card's aircraft are its silhouettes' sets at once.
            let mut open = [0u64; 4];
            // Each kind's card limit, read once (by `kind as usize`).
            let limit = [
                AircraftKind::Sandy,
                AircraftKind::Fac,
                AircraftKind::Helicopter,
                AircraftKind::FastMover,
            ]
            .map(|k| self.card_limit(k));
            // `i & 63` is `i` (without a count of the aircraft looked at).
            for (i, a) in s.aircraft.iter().enumerate() {
                let Some(z) = a.zone() else { continue };
                let k = a.kind as usize & 3;
                if a.cards < limit[k] && s.zone(z).cards_assigned < per_zone {
                    open[k] |= 1 << (i & 63);
                }
            }
            let cards = |c: &[u8], v: &mut Vec<Command>| {
                for &c in c {
                    // 0 for a Command card: no aircraft takes it.
                    let sil = self.data.silhouettes[c as usize];
                    let mut m = 0;
                    for (k, o) in open.iter().enumerate() {
                        if sil & (1 << k) != 0 {
                            m |= o;
                        }
                    }
                    while m != 0 {
                        v.push(Command::Assign {
                            card: c,
                            aircraft: m.trailing_zeros() as u8,
                        });
                        m &= m - 1;
                    }
                }
            };
            cards(&s.hand, v);
            cards(&s.reserve, v);
        }
        self.suppress_candidates(s, v);
        v.push(Command::Done);
    }

    /// 4.3.4: each assigned card discarded, or played on each target
    /// `check_play` accepts, in the order of [`Csar::play_candidates`]
    /// (the list needs no further check; a test holds it to
    /// `check_command` over every command of the kinds it takes).
    pub(crate) fn play_segment_candidates(&self, s: &State, v: &mut Vec<Command>) {
        for x in &s.assigned {
            v.push(Command::DiscardAssigned(x.card));
            self.play_checked(s, x.card, x.zone, x.aircraft as usize, v);
        }
        v.push(Command::Done);
    }

    /// The Play segment's plays of `card` (assigned to `aircraft` in
    /// `zone`): each target as `check_play` takes it in that segment,
    /// with the Pilot card's extra hit where it adds one.
    fn play_checked(&self, s: &State, card: u8, zone: Zone, aircraft: usize, v: &mut Vec<Command>) {
        let zs = s.zone(zone);
        let effect = self.card_def(card).effect;
        let extra = matches!(
            effect,
            ActionEffect::Attack { .. } | ActionEffect::Napalm { .. }
        ) && self.has_ability(s, aircraft, PilotAbility::ExtraHit);
        let mut push = |t: Target| {
            v.push(Command::Play {
                card,
                target: t,
                pilot: false,
            });
            if extra {
                v.push(Command::Play {
                    card,
                    target: t,
                    pilot: true,
                });
            }
        };
        // Rules of Engagement forbid attacks on the zone's enemy units.
        let roe = zs.roe;
        let guns = |f: &mut dyn FnMut(&crate::markers::Gun)| {
            for g in s.guns.iter().filter(|g| g.zone == zone) {
                f(g);
            }
        };
        match effect {
            ActionEffect::Suppress => guns(&mut |g| {
                if !g.suppressed {
                    push(Target::Gun(g.counter));
                }
            }),
            ActionEffect::TrollForFire
                if !zs.has(ZoneMarkerKind::HeavyJungle) && zs.face_down() =>
            {
                push(Target::None);
            }
            ActionEffect::CsGas
                if !zs.has(ZoneMarkerKind::Village)
                    && self.cs_in_play(s) < self.data.ordnance_limit(OrdnanceKind::CsGas) =>
            {
                push(Target::None);
            }
            ActionEffect::Smoke
                if self.smoke_in_play(s) < self.data.ordnance_limit(OrdnanceKind::Smoke) =>
            {
                push(Target::None);
            }
            ActionEffect::MarkTarget
                if self.marks_in_play(s) < self.data.ordnance_limit(OrdnanceKind::Mark) =>
            {
                guns(&mut |g| {
                    if g.mark == 0 {
                        push(Target::Gun(g.counter));
                    }
                });
                if zs.has_too() && zs.too_mark == 0 {
                    push(Target::TargetOfOpportunity);
                }
            }
            ActionEffect::Attack { .. } if !roe => {
                guns(&mut |g| push(Target::Gun(g.counter)));
                if zs.has_too() {
                    push(Target::TargetOfOpportunity);
                }
                if zs.barrages > 0 {
                    push(Target::Barrage);
                }
            }
            ActionEffect::Napalm { .. } if !zs.has(ZoneMarkerKind::Village) && !roe => {
                guns(&mut |g| push(Target::Gun(g.counter)));
                if zs.has_too() {
                    push(Target::TargetOfOpportunity);
                }
            }
            ActionEffect::Cbu { .. }
                if !zs.has(ZoneMarkerKind::Village)
                    && self.cluster_in_play(s)
                        < self.data.ordnance_limit(OrdnanceKind::ClusterMunitions) =>
            {
                if !roe {
                    guns(&mut |g| push(Target::Gun(g.counter)));
                    if zs.has_too() {
                        push(Target::TargetOfOpportunity);
                    }
                }
                if s.search > 0 {
                    push(Target::SearchMarker);
                }
            }
            // Every other effect, or one whose guard fails, is refused
            // as a play (4.3.4).
            _ => {}
        }
    }

    /// 4.3.5: each helicopter for each Survivor in its zone, with or
    /// without its PJ card, as `check_rescue` accepts them; Suppress may
    /// still be played (the list needs no further check; a test holds it
    /// to `check_command`).
    pub(crate) fn rescue_candidates(&self, s: &State, v: &mut Vec<Command>) {
        for (h, a) in s.aircraft.iter().enumerate() {
            if a.kind != AircraftKind::Helicopter || a.moved || a.rescued_this_turn {
                continue;
            }
            let Some(z) = a.zone() else { continue };
            let pj = self.has_ability(s, h, PilotAbility::ExtraRescueDraw)
                || self.has_ability(s, h, PilotAbility::IgnoreInjured);
            for (i, sv) in s.stranded() {
                if sv.stranded_in() != Some(z)
                    || s.flags.rescue_tried & (1 << (i as u8 & 15)) != 0
                    || (s.options.pinpointing && !sv.pinpointed)
                {
                    continue;
                }
                v.push(Command::Rescue {
                    helicopter: h as u8,
                    survivor: i as u8,
                    pilot: false,
                });
                if pj {
                    v.push(Command::Rescue {
                        helicopter: h as u8,
                        survivor: i as u8,
                        pilot: true,
                    });
                }
            }
        }
        self.suppress_candidates(s, v);
        v.push(Command::Done);
    }

    pub(crate) fn check_discard_assigned(&self, s: &State, card: u8) -> Checked {
        ensure(
            s.assigned.iter().any(|x| x.card == card),
            "4.3.4",
            "that card is not assigned",
        )
    }

    /// The Play segment ends: Suppress may still be played in the Rescue
    /// Segment (4.3.4) and stays assigned; every other card is discarded.
    pub(crate) fn end_play_segment(&self, s: &mut State, ev: &mut Vec<Event>) {
        // In place, in the order assigned (no second list).
        let mut kept = 0;
        for i in 0..s.assigned.len() {
            let x = s.assigned[i];
            if self.card_def(x.card).effect == ActionEffect::Suppress {
                s.assigned[kept] = x;
                kept += 1;
            } else {
                s.action.discard(x.card);
                ev.push(Event::AssignedDiscarded { card: x.card });
            }
        }
        s.assigned.truncate(kept);
        s.step = Step::Rescue;
    }

    /// The Rescue Segment ends: what is still assigned is discarded; the
    /// End Turn Phase follows (4.4).
    pub(crate) fn end_rescue_segment(&self, s: &mut State, ev: &mut Vec<Event>) {
        for x in s.assigned.drain(..) {
            s.action.discard(x.card);
            ev.push(Event::AssignedDiscarded { card: x.card });
        }
        s.step = Step::AutoEndTurn;
    }
}

impl Csar {
    /// The log's words for this section's events (the dispatcher is in
    /// [`crate::describe`]).
    pub(crate) fn describe_combat(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
            Event::Moved { aircraft, from, to } => t(format!(
                "{} moves from {} to {}.",
                self.aircraft_name(aircraft),
                self.place_name(from),
                self.place_name(to)
            )),
            Event::CardAssigned { card, aircraft } => t(format!(
                "{} is assigned to {}.",
                self.card_name(card),
                self.aircraft_name(aircraft)
            )),
            Event::CardPlayed {
                card,
                aircraft,
                target,
            } => {
                let tg = match target {
                    Target::None => String::new(),
                    Target::Gun(g) => format!(" on the {}", self.gun_name(g)),
                    Target::TargetOfOpportunity => " on the Target of Opportunity".into(),
                    Target::Barrage => " on a Barrage".into(),
                    Target::SearchMarker => " on the Search marker".into(),
                };
                t(format!(
                    "{} plays {}{tg}.",
                    self.aircraft_name(aircraft),
                    self.card_name(card)
                ))
            }
            Event::AssignedDiscarded { card } => {
                t(format!("{} is discarded.", self.card_name(card)))
            }
            Event::GunSuppressed { gun } => t(format!("{} is suppressed.", self.gun_name(gun))),
            Event::GunHit {
                gun,
                hits,
                total,
                doubled,
            } => t(format!(
                "{} takes {}{}, {total} this turn.",
                self.gun_name(gun),
                crate::end_turn::counted(hits, "Hit", "Hits"),
                if doubled { " (doubled by MARK)" } else { "" }
            )),
            Event::TargetHit {
                zone,
                hits,
                total,
                doubled,
            } => t(format!(
                "Target of Opportunity in the {} takes {}{}, {total} this turn.",
                zone.name(),
                crate::end_turn::counted(hits, "Hit", "Hits"),
                if doubled { " (doubled by MARK)" } else { "" }
            )),
            Event::BarrageRemoved { zone } => {
                t(format!("A Barrage is removed from the {}.", zone.name()))
            }
            Event::GunRemoved { gun, zone, why } => t(format!(
                "{} in the {} is destroyed{}.",
                self.gun_name(gun),
                zone.name(),
                match why {
                    GunGone::Cbu => " by CBUs",
                    GunGone::BombDamage => "",
                }
            )),
            Event::TargetDestroyed { zone } => t(format!(
                "The Target of Opportunity in the {} is destroyed.",
                zone.name()
            )),
            Event::GunMarked { gun } => t(format!("{} is marked.", self.gun_name(gun))),
            Event::TargetMarked { zone } => t(format!(
                "The Target of Opportunity in the {} is marked.",
                zone.name()
            )),
            Event::OrdnancePlaced { kind, zone } => {
                t(format!("{kind:?} marker in the {}.", zone.name()))
            }
            Event::RescueAttempt {
                helicopter,
                survivor,
                cool,
                shaken,
                injured,
                cs_gas,
                smoke,
                pilot,
                draws,
            } => {
                let mut a = Adjudication::new("Rescue draws", "CSAR 4.3.5");
                a.rolled = vec![cool as i32];
                a.rolled_as = Some("Cool aircraft".into());
                if shaken {
                    a.modifiers
                        .push(Modifier::new("helicopter Shaken", "CSAR 4.3.5", -1));
                }
                if injured {
                    a.modifiers
                        .push(Modifier::new("Survivor Injured", "CSAR 4.3.5", -1));
                }
                if cs_gas {
                    a.modifiers
                        .push(Modifier::new("CS Gas on the map", "CSAR 4.3.5", -1));
                }
                if smoke {
                    a.modifiers
                        .push(Modifier::new("Smoke in the zone", "CSAR 4.3.5", -1));
                }
                if pilot {
                    a.modifiers.push(Modifier::new("PJ card", "CSAR 2.4", 0));
                }
                a.total = draws as i32;
                a.needed = Some("any roundel; never fewer than one draw".into());
                a.result = format!("{draws} draws");
                LogEntry::with_rolls(
                    format!(
                        "{} tries to pick up Survivor {}: {cool} Cool aircraft, {draws} draws.",
                        self.aircraft_name(helicopter),
                        survivor + 1
                    ),
                    vec![a],
                )
            }
            Event::RescueCancelled {
                helicopter,
                survivor,
            } => t(format!(
                "{} cannot complete the rescue of Survivor {}.",
                self.aircraft_name(helicopter),
                survivor + 1
            )),
            Event::Rescued {
                survivor,
                helicopter,
            } => t(format!(
                "Survivor {} is aboard {}!",
                survivor + 1,
                self.aircraft_name(helicopter)
            )),
            Event::RescueFailed { survivor } => t(format!(
                "No roundel: Survivor {} is still on the ground.",
                survivor + 1
            )),
            Event::OffMap { survivor } => {
                t(format!("Survivor {} is off the map, safe.", survivor + 1))
            }
            _ => misrouted(e),
        }
    }
}

#[cfg(test)]
mod move_list_tests {
    use super::*;
    use vt_core::playout::game_seeds;
    use vt_core::{GameRng, Ruleset, Setup};

    #[test]
    fn near_table_is_adjacency() {
        for z in Zone::ALL {
            let near = Zone::ALL
                .iter()
                .filter(|y| z.adjacent(**y))
                .fold(0, |b, y| b | y.bit());
            assert_eq!(NEAR[z.index()], near, "{z:?}");
        }
    }

    #[test]
    fn dest_lists_are_the_set_bits_lowest_first() {
        assert_eq!(DEST_LISTS.len(), 64);
        for (m, (n, to)) in DEST_LISTS.iter().enumerate() {
            let bits: Vec<Dest> = (0..6)
                .filter(|b| m & (1 << b) != 0)
                .map(|b| DESTS[b])
                .collect();
            assert_eq!(&to[..*n as usize], &bits[..], "{m:#b}");
        }
    }

    // 4.3.1: the Move decision lists exactly the moves `move_check`
    // accepts, in every position random play reaches, every scenario.
    #[test]
    fn listed_moves_are_the_checked_moves() {
        let rules = Csar::embedded();
        for sc in rules.info().scenarios {
            for i in 0..30 {
                let (gs, ps) = game_seeds(9, i);
                let mut s = rules.new_game(&Setup::new(&sc.id, gs)).unwrap();
                let mut rng = GameRng::seeded(ps);
                let mut ev = Vec::new();
                while s.result.is_none() {
                    if s.step == crate::state::Step::Move {
                        let ctx = rules.move_ctx(&s);
                        for i in 0..s.aircraft.len() {
                            let m = rules.move_targets(&s, &ctx, i);
                            for (bit, to) in DESTS.iter().enumerate() {
                                assert_eq!(
                                    m & (1 << bit) != 0,
                                    rules.move_check(&s, &ctx, i as u8, *to).is_ok(),
                                    "{}: aircraft {i} to {to:?} in {:?}",
                                    sc.id,
                                    s.aircraft[i]
                                );
                            }
                        }
                    }
                    let legal = rules.legal(&s);
                    let k = rng.index(legal.len());
                    ev.clear();
                    rules.execute(&mut s, &legal[k], &mut ev);
                }
            }
        }
    }
}
