//! CSAR 4.3.3 Enemy Gun Fire: target zones (A), Zone Firepower Value (B),
//! the Hits drawn (C), burning Aircraft cards (D) and implementing Hits (E).
//! The same procedure serves guns turned up by Troll for Fire and by a
//! rescue attempt (4.3.5), where only the newly placed guns fire.

use crate::Csar;
use crate::command::Command;
use crate::components::{AircraftKind, Place, Survivor, SurvivorAt, Zone};
use crate::data::CardClass;
use crate::data::{Icon, PilotAbility, ZoneMarkerKind};
use crate::describe::misrouted;
use crate::event::{AbortWhy, Event, Purpose, RandomFor};
use crate::state::{FireProc, FireReturn, State, Step};
use vt_core::dice::{Adjudication, Modifier};
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure, refuse};

impl Csar {
    /// Opens a fire resolution: first the chance to play Suppress (4.3.4).
    pub(crate) fn begin_fire(
        &self,
        s: &mut State,
        _ev: &mut Vec<Event>,
        ret: FireReturn,
        fresh_only: bool,
    ) {
        s.fire = FireProc {
            ret,
            fresh_only,
            pending: 0,
            zone: Zone::Center,
            hits: 0,
        };
        s.step = Step::FireWindow;
    }

    fn may_fire(&self, s: &State, i: usize) -> bool {
        let g = &s.guns[i];
        !g.suppressed && !g.fired && (!s.fire.fresh_only || g.fresh)
    }

    /// The firepower of a gun into a zone, if the zone is in its range (9.5).
    pub fn firepower_into(&self, kind: u8, from: Zone, to: Zone) -> Option<u8> {
        let d = &self.data.guns[kind as usize];
        if from == to {
            return Some(d.near);
        }
        let far = d.far?;
        if from.adjacent(to) || d.any_range {
            Some(far)
        } else {
            None
        }
    }

    /// 4.3.3 A: each gun that may fire picks its target zone.
    pub(crate) fn fire_targets(&self, s: &mut State, ev: &mut Vec<Event>) {
        let mut counts = [0u8; 5];
        for a in &s.aircraft {
            if let Place::Zone(z) = a.place {
                counts[z.index()] += 1;
            }
        }
        for i in 0..s.guns.len() {
            if !self.may_fire(s, i) {
                continue;
            }
            let g = s.guns[i];
            let target = if counts[g.zone.index()] > 0 {
                Some(g.zone)
            } else {
                let mut best = 0u8;
                let mut tied: [Zone; 5] = [Zone::Center; 5];
                let mut n = 0usize;
                for z in Zone::ALL {
                    if z == g.zone
                        || counts[z.index()] == 0
                        || self.firepower_into(g.kind, g.zone, z).is_none()
                    {
                        continue;
                    }
                    let c = counts[z.index()];
                    if c > best {
                        best = c;
                        n = 0;
                    }
                    if c == best {
                        tied[n] = z;
                        n += 1;
                    }
                }
                match n {
                    0 => None,
                    1 => Some(tied[0]),
                    _ => {
                        let k = self.pick(s, ev, RandomFor::GunTarget, n as u8) as usize;
                        Some(tied[k])
                    }
                }
            };
            if let Some(z) = target {
                s.guns[i].target = Some(z);
                s.fire.pending |= z.bit();
                ev.push(Event::GunTargets {
                    gun: g.counter,
                    zone: z,
                });
            }
        }
        self.next_fire_zone(s, ev, false);
    }

    /// 4.3.3 B: the player chooses the next zone when several are under fire.
    /// After a zone is resolved the game also stops before the last one if a
    /// Suppress card could still silence a gun aimed at it (4.3.4: Suppress
    /// may be played in any segment of the Combat Phase).
    pub(crate) fn next_fire_zone(&self, s: &mut State, ev: &mut Vec<Event>, after_zone: bool) {
        // Zones whose guns have all been suppressed meanwhile are not fired into.
        for z in Zone::ALL {
            if s.fire.pending & z.bit() != 0
                && !s.guns.iter().any(|g| g.target == Some(z) && !g.suppressed)
            {
                s.fire.pending &= !z.bit();
            }
        }
        match s.fire.pending.count_ones() {
            0 => self.fire_finish(s, ev),
            1 if !(after_zone && self.suppress_pending(s)) => {
                let z = Zone::from_index(s.fire.pending.trailing_zeros() as usize);
                self.resolve_zone(s, ev, z);
            }
            _ => s.step = Step::FireOrder,
        }
    }

    /// An assigned Suppress card could silence a gun aimed at a zone not yet resolved.
    fn suppress_pending(&self, s: &State) -> bool {
        s.assigned.iter().any(|x| {
            self.card_def(x.card).effect == crate::data::ActionEffect::Suppress
                && s.guns.iter().any(|g| {
                    g.zone == x.zone
                        && !g.suppressed
                        && g.target.is_some_and(|t| s.fire.pending & t.bit() != 0)
                })
        })
    }

    /// 4.3.3 B-C: Zone Firepower Value and the Hits it draws.
    pub(crate) fn resolve_zone(&self, s: &mut State, ev: &mut Vec<Event>, z: Zone) {
        s.fire.pending &= !z.bit();
        let mut base = 0u8;
        let mut n = 0u8;
        for g in s.guns.iter_mut() {
            if g.target == Some(z) && !g.suppressed {
                let fp = self.firepower_into(g.kind, g.zone, z).unwrap_or(0);
                base = base.max(fp);
                n += 1;
                g.fired = true;
                g.target = None;
                g.fresh = false;
            }
        }
        let coordinated = n > 0 && s.zone(z).has(ZoneMarkerKind::CoordinatedFire);
        let smoke = s.zone(z).smoke();
        let zfv = (base + n.saturating_sub(1) + coordinated as u8).saturating_sub(smoke as u8);
        ev.push(Event::ZoneFire {
            zone: z,
            guns: n,
            base,
            coordinated,
            smoke,
            zfv,
        });
        for _ in 0..zfv {
            let Some(c) = self.draw_counted(s, ev, Purpose::ZoneFire) else {
                break;
            };
            match self.icon(c) {
                Icon::Crosshairs => s.res_aside.push(c),
                // A roundel (or the Wild card read as one, the player's best
                // reading) throws out the Hits drawn so far.
                Icon::Roundel | Icon::Wild => {
                    if !s.res_aside.is_empty() {
                        ev.push(Event::HitsDiscarded {
                            zone: z,
                            hits: s.res_aside.len() as u8,
                        });
                        s.res.discards.append(&mut s.res_aside);
                    }
                    s.res.discard(c);
                }
                _ => s.res.discard(c),
            }
        }
        let hits = s.res_aside.len() as u8;
        ev.push(Event::HitsScored { zone: z, hits });
        s.fire.zone = z;
        s.fire.hits = hits;
        if hits == 0 {
            self.zone_done(s, ev);
        } else {
            // 4.3.3 D: the player may burn cards (passed over if there are none).
            s.step = Step::Burn;
        }
    }

    /// 4.3.3 D: burning one Aircraft card cancels one Hit; one Hit always stays.
    pub(crate) fn burn_hit(&self, s: &mut State, ev: &mut Vec<Event>, card: u8) {
        if let Some(i) = s.hand.iter().position(|&c| c == card) {
            s.hand.remove(i);
            s.action.discard(card);
            ev.push(Event::Burned { card });
            s.fire.hits = s.fire.hits.saturating_sub(1);
        }
    }

    /// A Pilot card that cancels a Hit (pilots.ron), even the last one.
    pub(crate) fn pilot_cancel(&self, s: &mut State, ev: &mut Vec<Event>, aircraft: u8) {
        if let Some(card) = s.aircraft[aircraft as usize].pilot {
            s.aircraft[aircraft as usize].pilot = None;
            ev.push(Event::PilotUsed { card, aircraft });
            s.fire.hits = s.fire.hits.saturating_sub(1);
        }
    }

    pub(crate) fn has_ability(&self, s: &State, aircraft: usize, ab: PilotAbility) -> bool {
        s.aircraft[aircraft]
            .pilot
            .is_some_and(|p| self.data.pilots[p as usize].ability == ab)
    }

    /// 4.3.3 E: Fast Movers first, then draws for the aircraft hit.
    pub(crate) fn implement_hits(&self, s: &mut State, ev: &mut Vec<Event>) {
        let z = s.fire.zone;
        let mut guard = 0;
        while s.fire.hits > 0 && s.end.is_none() {
            guard += 1;
            if guard > 400 {
                break;
            }
            let fm = s
                .aircraft_in(z)
                .find(|(_, a)| a.kind == AircraftKind::FastMover)
                .map(|(i, _)| i);
            if let Some(i) = fm {
                s.aircraft[i].place = Place::Removed;
                s.tally.fast_movers_lost += 1;
                ev.push(Event::FastMoverLost { aircraft: i as u8 });
                self.drop_assigned(s, ev, i as u8);
                s.fire.hits -= 1;
                continue;
            }
            let mut others = [0u8; 8];
            let mut n = 0;
            let mut needed = 0u8;
            for (i, a) in s.aircraft_in(z) {
                if n < others.len() {
                    others[n] = i as u8;
                    n += 1;
                    needed += if a.shaken { 1 } else { 2 };
                }
            }
            if n == 0 {
                break;
            }
            if n == 1 {
                self.hit_aircraft(s, ev, others[0]);
                s.fire.hits -= 1;
                continue;
            }
            if s.fire.hits >= needed {
                // Enough to bring every aircraft down: no draws needed.
                for &a in &others[..n] {
                    while s.aircraft[a as usize].place == Place::Zone(z) && s.end.is_none() {
                        self.hit_aircraft(s, ev, a);
                        s.fire.hits -= 1;
                    }
                }
                continue;
            }
            // Draw until a card shows an aircraft in the zone.
            let mut found = None;
            for _ in 0..200 {
                let Some(c) = self.draw_counted(s, ev, Purpose::HitAllocation) else {
                    break;
                };
                s.res.discard(c);
                let icon = self.icon(c);
                if icon == Icon::Wild {
                    // The player chooses which aircraft takes the Hit.
                    s.step = Step::WildHit;
                    return;
                }
                let id = self.data.resolution[c as usize].aircraft;
                if let Some(&a) = others[..n]
                    .iter()
                    .find(|&&a| Some(s.aircraft[a as usize].id) == id)
                {
                    found = Some(a);
                    break;
                }
            }
            match found {
                Some(a) => {
                    self.hit_aircraft(s, ev, a);
                    s.fire.hits -= 1;
                }
                None => break,
            }
        }
        self.zone_done(s, ev);
    }

    /// The Wild card's Hit lands on the aircraft the player chose.
    pub(crate) fn wild_hit(&self, s: &mut State, ev: &mut Vec<Event>, aircraft: u8) {
        self.hit_aircraft(s, ev, aircraft);
        s.fire.hits = s.fire.hits.saturating_sub(1);
        self.implement_hits(s, ev);
    }

    fn zone_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.res.discards.append(&mut s.res_aside);
        s.fire.hits = 0;
        if s.end.is_some() {
            return;
        }
        self.next_fire_zone(s, ev, true);
    }

    /// The resolution is over: back to where it was opened.
    fn fire_finish(&self, s: &mut State, ev: &mut Vec<Event>) {
        for g in s.guns.iter_mut() {
            g.fresh = false;
            g.target = None;
        }
        match s.fire.ret {
            FireReturn::Segment | FireReturn::Troll => s.step = Step::Play,
            FireReturn::Rescue {
                helicopter,
                survivor,
                pilot,
            } => {
                self.rescue_draw(s, ev, helicopter, survivor, pilot);
            }
        }
    }

    /// Discards the cards assigned to an aircraft (4.3.3 E).
    pub(crate) fn drop_assigned(&self, s: &mut State, ev: &mut Vec<Event>, aircraft: u8) {
        let mut i = 0;
        while i < s.assigned.len() {
            if s.assigned[i].aircraft == aircraft {
                let card = s.assigned.remove(i).card;
                s.action.discard(card);
                ev.push(Event::AssignedDiscarded { card });
            } else {
                i += 1;
            }
        }
    }

    /// One Hit on a non-Fast Mover: Cool to Shaken; Shaken to out of play (4.3.3 E).
    pub(crate) fn hit_aircraft(&self, s: &mut State, ev: &mut Vec<Event>, a: u8) {
        if !s.aircraft[a as usize].shaken {
            s.aircraft[a as usize].shaken = true;
            ev.push(Event::Shaken { aircraft: a });
            self.drop_assigned(s, ev, a);
        } else {
            self.shoot_down(s, ev, a);
        }
    }

    /// 4.3.3 E: the aircraft leaves play; a blast destroys it, otherwise the
    /// crew is down in the zone, Healthy on an even card, Injured on an odd one.
    fn shoot_down(&self, s: &mut State, ev: &mut Vec<Event>, a: u8) {
        let ai = a as usize;
        let Some(zone) = s.aircraft[ai].zone() else {
            return;
        };
        s.aircraft[ai].place = Place::Removed;
        self.drop_assigned(s, ev, a);
        let Some(c) = self.draw_counted(s, ev, Purpose::ShootDown) else {
            return;
        };
        s.res.discard(c);
        // The Wild card is read as "no blast", the player's best reading.
        let blast = self.icon(c) == Icon::Blast;
        let pilot = s.aircraft[ai].pilot;
        if blast {
            s.tally.destroyed += 1;
            s.aircraft[ai].destroyed = true;
            let mut killed = 0;
            for v in s.survivors.iter_mut() {
                if v.at == SurvivorAt::Aboard(a) {
                    v.at = SurvivorAt::Killed;
                    killed += 1;
                }
            }
            if let Some(p) = pilot {
                s.tally.pilots_killed |= 1 << (p & 7);
            }
            ev.push(Event::Destroyed {
                aircraft: a,
                survivors_killed: killed,
            });
            self.move_abort(s, ev, 2, AbortWhy::Destroyed);
        } else {
            s.tally.shot_down += 1;
            ev.push(Event::ShotDown { aircraft: a });
            let aboard: Vec<usize> = (0..s.survivors.len())
                .filter(|&i| s.survivors[i].at == SurvivorAt::Aboard(a))
                .collect();
            if aboard.is_empty() {
                let injured = self.number(c) % 2 == 1;
                s.survivors.push(Survivor {
                    at: SurvivorAt::Stranded(zone),
                    injured,
                    pinpointed: true,
                    pilot,
                });
                let i = (s.survivors.len() - 1) as u8;
                ev.push(Event::SurvivorPlaced {
                    survivor: i,
                    zone,
                    injured,
                });
            } else {
                // A helicopter carrying Survivors: they are down again, and a
                // Healthy one may be hurt in the crash.
                for (k, &i) in aboard.iter().enumerate() {
                    s.survivors[i].at = SurvivorAt::Stranded(zone);
                    if k == 0 && s.survivors[i].pilot.is_none() {
                        s.survivors[i].pilot = pilot;
                    }
                    // A random determination by the card number (2.2.1).
                    if !s.survivors[i].injured
                        && let Some(c2) = self.draw_for_number(s, ev, Purpose::CrashInjury)
                        && self.number(c2) % 2 == 1
                    {
                        s.survivors[i].injured = true;
                    }
                    ev.push(Event::SurvivorPlaced {
                        survivor: i as u8,
                        zone,
                        injured: s.survivors[i].injured,
                    });
                }
            }
            self.move_abort(s, ev, 1, AbortWhy::ShotDown);
        }
        self.check_end(s, ev);
    }
}

/// The Enemy Gun Fire decisions: what each offers and what it refuses.
impl Csar {
    /// Suppress before the guns fire (4.3.4), or let them fire.
    /// (`suppress_candidates` lists as `check_play` accepts.)
    pub(crate) fn fire_window_candidates(&self, s: &State, v: &mut Vec<Command>) {
        self.suppress_candidates(s, v);
        v.push(Command::Done);
    }

    /// 4.3.3 B: each zone still to be resolved, as `check_resolve_zone`
    /// accepts (Suppress may come first).
    pub(crate) fn fire_order_candidates(&self, s: &State, v: &mut Vec<Command>) {
        for z in Zone::ALL {
            if s.fire.pending & z.bit() != 0 {
                v.push(Command::ResolveZone(z));
            }
        }
        self.suppress_candidates(s, v);
    }

    /// 4.3.3 D: Aircraft cards to burn while more than one Hit is left,
    /// Pilot cards that cancel a Hit: as `check_burn_hit` and
    /// `check_use_pilot` accept them.
    pub(crate) fn burn_candidates(&self, s: &State, v: &mut Vec<Command>) {
        if s.fire.hits >= 2 {
            for &c in &s.hand {
                if self.card_def(c).class == CardClass::Aircraft {
                    v.push(Command::Burn(c));
                }
            }
        }
        if s.fire.hits > 0 {
            for (i, _) in s.aircraft_in(s.fire.zone) {
                if self.has_ability(s, i, PilotAbility::CancelHit) {
                    v.push(Command::UsePilot { aircraft: i as u8 });
                }
            }
        }
        v.push(Command::Done);
    }

    /// 4.3.3 E: the aircraft a Wild card's Hit goes on (no Fast Mover), as
    /// `check_wild_hit` accepts.
    pub(crate) fn wild_hit_candidates(&self, s: &State, v: &mut Vec<Command>) {
        for (i, a) in s.aircraft_in(s.fire.zone) {
            if a.kind != AircraftKind::FastMover {
                v.push(Command::WildHit { aircraft: i as u8 });
            }
        }
    }

    pub(crate) fn check_resolve_zone(&self, s: &State, z: Zone) -> Checked {
        ensure(
            s.fire.pending & z.bit() != 0,
            "4.3.3",
            "no guns are firing into that zone",
        )
    }

    pub(crate) fn check_burn_hit(&self, s: &State, card: u8) -> Checked {
        if !s.hand.contains(&card) {
            return refuse(
                "4.3.3",
                "only cards in your hand may be burned, not the Reserve",
            );
        }
        if self.card_def(card).class != CardClass::Aircraft {
            return refuse("4.3.3", "Command cards may not be burned");
        }
        ensure(
            s.fire.hits >= 2,
            "4.3.3",
            "one Hit must be taken whatever is burned",
        )
    }

    pub(crate) fn check_use_pilot(&self, s: &State, aircraft: u8) -> Checked {
        let a = aircraft as usize;
        if a >= s.aircraft.len() || s.aircraft[a].zone() != Some(s.fire.zone) {
            return refuse("4.3.3", "that aircraft is not in the zone under fire");
        }
        ensure(
            self.has_ability(s, a, PilotAbility::CancelHit) && s.fire.hits > 0,
            "2.4",
            "no Pilot card that cancels a Hit rides on that aircraft",
        )
    }

    pub(crate) fn check_wild_hit(&self, s: &State, aircraft: u8) -> Checked {
        let a = aircraft as usize;
        ensure(
            a < s.aircraft.len()
                && s.aircraft[a].zone() == Some(s.fire.zone)
                && s.aircraft[a].kind != AircraftKind::FastMover,
            "2.2.1",
            "the Wild card's Hit goes on an aircraft in the zone under fire",
        )
    }
}

impl Csar {
    /// The log's words for this section's events (the dispatcher is in
    /// [`crate::describe`]).
    pub(crate) fn describe_gun_fire(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
            Event::GunTargets { gun, zone } => t(format!(
                "{} fires into the {} (4.3.3 A).",
                self.gun_name(gun),
                zone.name()
            )),
            Event::ZoneFire {
                zone,
                guns,
                base,
                coordinated,
                smoke,
                zfv,
            } => {
                let mut a = Adjudication::new(
                    format!("Zone Firepower into the {}", zone.name()),
                    "CSAR 4.3.3 B",
                );
                a.rolled = vec![base as i32];
                a.rolled_as = Some("Base firepower".into());
                if guns > 1 {
                    a.modifiers.push(Modifier::new(
                        "other guns firing",
                        "CSAR 4.3.3 B",
                        guns as i32 - 1,
                    ));
                }
                if coordinated {
                    a.modifiers
                        .push(Modifier::new("Coordinated Fire", "CSAR 9.3", 1));
                }
                if smoke {
                    a.modifiers.push(Modifier::new("Smoke", "CSAR 9.2", -1));
                }
                a.total = zfv as i32;
                a.result = format!("draw {zfv} Resolution cards");
                LogEntry::with_rolls(
                    format!(
                        "{} into the {}: Zone Firepower Value {zfv}.",
                        if guns == 1 {
                            "1 gun fires".to_string()
                        } else {
                            format!("{guns} guns fire")
                        },
                        zone.name()
                    ),
                    vec![a],
                )
            }
            Event::HitsDiscarded { zone, hits } => t(format!(
                "A roundel throws out {} on the {}.",
                crate::end_turn::counted(hits, "Hit", "Hits"),
                zone.name()
            )),
            Event::HitsScored { zone, hits } => t(format!(
                "{} on the {}.",
                crate::end_turn::counted(hits, "Hit", "Hits"),
                zone.name()
            )),
            Event::Burned { card } => t(format!("{} is burned.", self.card_name(card))),
            Event::PilotUsed { card, aircraft } => t(format!(
                "{} ({}) uses the card and leaves play.",
                self.data.pilots[card as usize].name,
                self.aircraft_name(aircraft)
            )),
            Event::FastMoverLost { aircraft } => t(format!(
                "{} is hit and leaves the game (4.3.3 E).",
                self.aircraft_name(aircraft)
            )),
            Event::ShotDown { aircraft } => {
                t(format!("{} is shot down.", self.aircraft_name(aircraft)))
            }
            Event::Destroyed {
                aircraft,
                survivors_killed,
            } => t(format!(
                "{} is destroyed{}.",
                self.aircraft_name(aircraft),
                if survivors_killed > 0 {
                    format!(
                        " with {} aboard",
                        crate::end_turn::counted(survivors_killed, "Survivor", "Survivors")
                    )
                } else {
                    String::new()
                }
            )),
            Event::SurvivorPlaced {
                survivor,
                zone,
                injured,
            } => t(format!(
                "Survivor {} is down in the {}, {}.",
                survivor + 1,
                zone.name(),
                if injured { "Injured" } else { "Healthy" }
            )),
            Event::SurvivorKilled { survivor } => {
                t(format!("Survivor {} is killed.", survivor + 1))
            }
            _ => misrouted(e),
        }
    }
}
