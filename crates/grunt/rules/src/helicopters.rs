//! B5 Arriving by Helicopter, B7e (hard-core fire at landing helicopters),
//! S4 and O6 (landing groups), O10 (door guns, and Cobras over an
//! ammunition or medevac helicopter that stays a turn on the ground), and
//! lifting units off the map.
//!
//! One helicopter carries one squad-sized unit or two headquarters, F.O. or
//! medical units; it lands only on open or broken ground, one load to a hex
//! a Player Turn; the first landing is one continuous chain of hexes (S4:
//! groups of a platoon or more). Helicopters defend at ½ whatever the
//! terrain; they are not pinned, their passengers are. The NLF is asked
//! after every landing group whether it fires, even when it cannot, so a
//! hot-seat hand-over gives nothing away.

use crate::Grunt;
use crate::combat::AttackSpec;
use crate::command::Command;
use crate::data::{CrtResult, Load, Optional, OrderId, Role, Terrain};
use crate::event::{AttackKind, Event, Term};
use crate::line_of_sight::Sight;
use crate::map::NOWHERE;
use crate::map::{Hex, distance};
use crate::state::*;
use crate::step::{Ctx, Step};
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::sort::StableSort;

impl Grunt {
    /// B5: one squad-sized unit, or up to two small ones.
    fn check_heli_load(&self, s: &State, units: &[CounterId]) -> Checked {
        ensure(!units.is_empty(), "B5", "Name the units aboard.")?;
        for (i, id) in units.iter().enumerate() {
            ensure((*id as usize) < s.counters.len(), "B5", "No such unit.")?;
            ensure(!units[..i].contains(id), "B5", "A unit is named twice.")?;
        }
        let loads: Vec<Load> = units.iter().map(|id| self.ty(s.c(*id).role).load).collect();
        let small = self.tables.helicopter_capacity_small.value as usize;
        let ok = (loads.len() == 1 && loads[0] != Load::None)
            || (loads.len() <= small && loads.iter().all(|l| *l == Load::Small));
        ensure(
            ok,
            "B5",
            "A helicopter carries one squad-sized unit or two headquarters, F.O. or medical units.",
        )
    }

    fn heli_hex_used(&self, s: &State, h: Hex) -> bool {
        s.heli_pt == s.pt() && s.heli_hexes.contains(&h)
    }

    fn use_heli_hex(&self, s: &mut State, h: Hex) {
        let pt = s.pt();
        if s.heli_pt != pt {
            s.heli_pt = pt;
            s.heli_hexes.clear();
        }
        s.heli_hexes.push(h);
    }

    /// May a helicopter set down here (B4, B5, S2, C2, C3)?
    fn check_landing_hex(&self, s: &State, h: Hex, units: &[CounterId]) -> Checked {
        let map = self.map_of(s);
        ensure(map.contains(h), "B5", "That hex is not on the map.")?;
        ensure(
            !self.heli_hex_used(s, h),
            "B5",
            "Only one helicopter load may land or lift off in a hex each Player Turn.",
        )?;
        let t = map.terrain(h);
        let rappel = s
            .order
            .map(|o| self.order(o).forest_landing.clone())
            .unwrap_or_default();
        let may_rappel = !units.is_empty()
            && units.iter().all(|id| rappel.contains(&s.c(*id).role))
            && matches!(t, Terrain::Forest | Terrain::Treeline);
        ensure(
            self.tables.terrain(t).landing.value || may_rappel,
            "B5",
            "Helicopters land only in open or broken terrain.",
        )?;
        if s.turn <= 1 {
            ensure(
                !self.in_edge_band(s, h),
                "B4",
                "No unit may be landed within four hexes of the map edges.",
            )?;
        }
        ensure(
            !s.at(h).any(|x| !x.role.is_cache() || x.face_down),
            "S2",
            "Landing helicopters keep to the Basic Game's stacking: the hex must be empty.",
        )
    }

    fn squads(&self, s: &State, units: &[CounterId]) -> u8 {
        units
            .iter()
            .filter(|id| matches!(s.c(**id).role, Role::Infantry | Role::Mortar | Role::Ranger))
            .count() as u8
    }

    pub(crate) fn landing_candidates(&self, s: &State) -> Vec<Command> {
        let Step::Landing { group, .. } = s.step() else {
            return Vec::new();
        };
        let mut v = vec![Command::EndGroup];
        let due: Vec<CounterId> = self.due(s, Arrival::Helicopter).collect();
        // Anywhere on the map, the next load only (any load may be named);
        // beside the group, the first unit of every kind (some land where
        // others may not, C2, C3) and the first two small units together.
        let mut loads: Vec<Vec<CounterId>> = Vec::new();
        let mut roles: Vec<Role> = Vec::new();
        for &id in &due {
            let r = s.c(id).role;
            if self.ty(r).load != Load::None && !roles.contains(&r) {
                roles.push(r);
                loads.push(vec![id]);
            }
        }
        let small: Vec<CounterId> = due
            .iter()
            .copied()
            .filter(|id| self.ty(s.c(*id).role).load == Load::Small)
            .take(2)
            .collect();
        if small.len() == 2 {
            loads.push(small);
        }
        if group.is_empty() {
            loads.truncate(1);
        }
        let map = self.map_of(s);
        let hexes: Vec<Hex> = if group.is_empty() {
            map.hexes().collect()
        } else {
            let mut h: Vec<Hex> = group.iter().flat_map(|g| map.neighbours(*g)).collect();
            h.stable_sort();
            h.dedup();
            h
        };
        for units in loads {
            for &h in &hexes {
                v.push(Command::Land {
                    hex: h,
                    units: units.clone(),
                });
            }
        }
        v
    }

    pub(crate) fn check_land(&self, s: &State, h: Hex, units: &[CounterId]) -> Checked {
        let Step::Landing { group, .. } = s.step() else {
            return refuse("B5", "No helicopters are landing now.");
        };
        self.check_heli_load(s, units)?;
        for id in units {
            let c = s.c(*id);
            let due = c.status == Status::Waiting
                && c.waiting.is_some_and(|w| {
                    w.arrival == Arrival::Helicopter && w.turn.is_some_and(|t| t <= s.turn)
                });
            ensure(due, "B5", "That unit is not due to land now.")?;
        }
        if !group.is_empty() {
            ensure(
                group.iter().any(|g| distance(*g, h) == 1),
                "B5",
                "The group lands in a continuous chain of hexes: next to the group.",
            )?;
        }
        self.check_landing_hex(s, h, units)
    }

    pub(crate) fn execute_land(
        &self,
        s: &mut State,
        h: Hex,
        units: &[CounterId],
        ev: &mut Vec<Event>,
    ) {
        let pt = s.pt();
        self.use_heli_hex(s, h);
        for id in units {
            let c = s.cm(*id);
            c.status = Status::OnMap;
            c.hex = Some(h);
            c.waiting = None;
            c.arrived = pt;
        }
        let n = self.squads(s, units);
        if let Some(Step::Landing { group, squads }) = s.steps.last_mut() {
            group.push(h);
            *squads += n;
        }
        ev.push(Event::Landed {
            units: units.to_vec(),
            hex: h,
        });
    }

    /// Could any due unit still land next to the group?
    fn group_can_grow(&self, s: &State, group: &[Hex]) -> bool {
        let map = self.map_of(s);
        let due: Vec<CounterId> = self.due(s, Arrival::Helicopter).collect();
        group.iter().flat_map(|g| map.neighbours(*g)).any(|h| {
            due.iter()
                .any(|id| self.check_landing_hex(s, h, &[*id]).is_ok())
        })
    }

    pub(crate) fn check_end_group(&self, s: &State) -> Checked {
        let Step::Landing { group, squads } = s.step() else {
            return refuse("B5", "No helicopters are landing now.");
        };
        ensure(!group.is_empty(), "B5", "Land at least one load first.")?;
        let rest = self.due(s, Arrival::Helicopter).next().is_some();
        if !rest || !self.group_can_grow(s, group) {
            return Ok(());
        }
        if s.level == crate::data::Level::Basic {
            return refuse(
                "B5",
                "The initial landing is one continuous chain: land every unit in it.",
            );
        }
        let need = self.tables.landing_group_squads.value;
        ensure_with(*squads >= need, "S4", || {
            format!("No landing group may be smaller than a platoon ({need} squads).")
        })
    }

    pub(crate) fn execute_end_group(&self, s: &mut State, ev: &mut Vec<Event>) {
        let hexes = match s.steps.last_mut() {
            Some(Step::Landing { group, squads }) => {
                *squads = 0;
                std::mem::take(group)
            }
            _ => return,
        };
        ev.push(Event::GroupDown {
            hexes: hexes.clone(),
        });
        if !s.solitaire() {
            s.steps.push(Step::LandingFire {
                hexes: hexes.clone(),
                lifting: false,
            });
        }
        if s.has(Optional::HelicopterFire) {
            s.steps.push(Step::Suppress {
                guns: hexes.len() as u8,
                around: hexes,
                strength: self.tables.helicopters.door_guns.value * 2,
                cobras: false,
            });
        }
    }

    // --- O10 suppressive fire ---

    pub(crate) fn suppress_candidates(&self, s: &State, ctx: &mut Ctx) -> Vec<Command> {
        let Step::Suppress { guns, .. } = s.step() else {
            return Vec::new();
        };
        let mut v = vec![Command::EndSuppress];
        let mut hexes: Vec<Hex> = s
            .on_map()
            .filter(|c| c.side == Side::Nlf)
            .filter_map(|c| c.hex)
            .collect();
        hexes.stable_sort();
        hexes.dedup();
        for h in hexes {
            if self.check_suppress(s, ctx, h, *guns).is_ok() {
                v.push(Command::Suppress {
                    hex: h,
                    guns: *guns,
                });
            }
        }
        v
    }

    pub(crate) fn check_suppress(&self, s: &State, ctx: &mut Ctx, h: Hex, n: u8) -> Checked {
        let Step::Suppress { around, guns, .. } = s.step() else {
            return refuse("O10.1", "No helicopters are firing now.");
        };
        ensure(
            n >= 1 && n <= *guns,
            "O10.1",
            "Not that many helicopters left to fire.",
        )?;
        let map = self.map_of(s);
        ensure(map.contains(h), "O10.1", "That hex is not on the map.")?;
        ensure(
            matches!(
                map.terrain(h),
                Terrain::Open | Terrain::Broken | Terrain::Buildings | Terrain::Treeline
            ),
            "O10.1",
            "Helicopters fire only into open, broken, building or treeline hexes.",
        )?;
        ensure(!around.contains(&h), "O10.1", "Not into a landing hex.")?;
        let range = self.tables.helicopters.support_range.value;
        let blockers = ctx.blockers(self, s);
        let seen = around.iter().any(|a| {
            distance(*a, h) <= range && self.line(s, blockers, *a, h, Sight::Fire).is_ok()
        });
        ensure(
            seen,
            "O10.1",
            "Within eight hexes of the landing and in sight, not through other helicopters.",
        )
    }

    pub(crate) fn execute_suppress(&self, s: &mut State, h: Hex, n: u8, ev: &mut Vec<Event>) {
        let Some(Step::Suppress {
            strength,
            guns,
            cobras,
            ..
        }) = s.steps.last_mut()
        else {
            return;
        };
        *guns -= n;
        let (strength, cobras) = (*strength, *cobras);
        let kind = if cobras {
            AttackKind::Cobras
        } else {
            AttackKind::DoorGuns
        };
        let mut spec = AttackSpec::new(kind, Side::Us, h);
        spec.attack = vec![Term {
            label: if cobras {
                format!("{n} Cobra{}", if n > 1 { "s" } else { "" })
            } else {
                format!(
                    "door guns of {n} helicopter{}",
                    if n > 1 { "s" } else { "" }
                )
            },
            halves: strength * n as u16,
            rule: kind.rule().into(),
        }];
        spec.targets = self.subjects(s, Side::Us, h, false);
        self.resolve(s, spec, ev);
    }

    pub(crate) fn check_end_suppress(&self, s: &State) -> Checked {
        ensure(
            matches!(s.step(), Step::Suppress { .. }),
            "O10.1",
            "No helicopters are firing now.",
        )
    }

    // --- B5, B7e: NLF fire at helicopters ---

    /// The US units at `h` in a helicopter now (landing this Player Turn,
    /// or lifting off).
    fn aboard(&self, s: &State, h: Hex) -> Vec<CounterId> {
        let pt = s.pt();
        s.at(h)
            .filter(|c| c.side == Side::Us && c.role.is_person())
            .filter(|c| c.arrived == pt || s.lifting.contains(&c.id))
            .filter(|c| c.attacked != pt)
            .map(|c| c.id)
            .collect()
    }

    /// A helicopter at `h` itself a target: an ammunition or medevac run.
    fn lone_helicopter(&self, s: &State, h: Hex) -> Option<usize> {
        s.helicopters.iter().position(|x| x.hex == h && !x.gone)
    }

    pub(crate) fn heli_fire_candidates(&self, s: &State, ctx: &mut Ctx) -> Vec<Command> {
        let Step::LandingFire { hexes, .. } = s.step() else {
            return Vec::new();
        };
        let mut v = vec![Command::HoldFire];
        self.heli_fire_at(s, ctx, hexes, &mut v);
        v
    }

    fn heli_fire_at(&self, s: &State, ctx: &mut Ctx, hexes: &[Hex], v: &mut Vec<Command>) {
        let firers: Vec<CounterId> = s
            .on_map()
            .filter(|c| c.side == Side::Nlf && c.role == Role::HardCore)
            .map(|c| c.id)
            .collect();
        for &h in hexes {
            let mut able = Vec::new();
            for &f in &firers {
                if self.check_heli_fire(s, ctx, &[f], h).is_ok() {
                    v.push(Command::HeliFire {
                        firers: vec![f],
                        hex: h,
                    });
                    able.push(f);
                }
            }
            if able.len() > 1 {
                v.push(Command::HeliFire {
                    firers: able,
                    hex: h,
                });
            }
        }
    }

    pub(crate) fn grounded_heli_candidates(&self, s: &State, ctx: &mut Ctx) -> Vec<Command> {
        let hexes: Vec<Hex> = s
            .helicopters
            .iter()
            .filter(|x| !x.gone && x.landed < s.pt())
            .map(|x| x.hex)
            .collect();
        let mut v = Vec::new();
        self.heli_fire_at(s, ctx, &hexes, &mut v);
        v
    }

    pub(crate) fn check_heli_fire(
        &self,
        s: &State,
        ctx: &mut Ctx,
        firers: &[CounterId],
        h: Hex,
    ) -> Checked {
        let pt = s.pt();
        let landing = match s.step() {
            Step::LandingFire { hexes, .. } => {
                ensure(
                    hexes.contains(&h),
                    "B5",
                    "No helicopter is landing or lifting there.",
                )?;
                true
            }
            Step::Combat { side: Side::Nlf } => {
                let grounded = s
                    .helicopters
                    .iter()
                    .any(|x| !x.gone && x.hex == h && x.landed < pt);
                ensure(grounded, "O10.2", "No helicopter is on the ground there.")?;
                false
            }
            _ => return refuse("B5", "Not a time to fire at helicopters."),
        };
        ensure(
            !s.solitaire(),
            "B5",
            "Only in two-player games do the NLF fire at helicopters.",
        )?;
        ensure(!firers.is_empty(), "B5", "Name the units that fire.")?;
        let blockers = ctx.blockers(self, s);
        for (i, id) in firers.iter().enumerate() {
            ensure((*id as usize) < s.counters.len(), "B5", "No such unit.")?;
            ensure(!firers[..i].contains(id), "B5", "A unit is named twice.")?;
            let c = s.c(*id);
            ensure(
                c.side == Side::Nlf && c.role == Role::HardCore && c.on_map(),
                "B5",
                "Only VC hard-core guerrillas fire at helicopters.",
            )?;
            ensure(!c.pinned(), "B9", "Pinned units may not fire.")?;
            if landing {
                ensure(
                    c.heli_fired != pt,
                    "B5",
                    "A unit fires at the helicopters once a Movement Phase.",
                )?;
            } else {
                self.can_fire(s, *id, 1)?;
            }
            if s.has(Optional::Ammunition) {
                ensure(c.ammo > 0, "O3a", "Out of ammunition.")?;
            }
            let from = c.hex.unwrap_or(NOWHERE);
            let sight = if landing {
                Sight::Helicopter
            } else {
                Sight::Fire
            };
            if let Err(b) = self.line(s, blockers, from, h, sight) {
                return refuse(b.rule(), format!("{}: {}", self.who(s, *id), b.words()));
            }
        }
        ensure(
            !self.aboard(s, h).is_empty() || self.lone_helicopter(s, h).is_some(),
            "B3",
            "That helicopter has already been fired at.",
        )
    }

    pub(crate) fn execute_heli_fire(
        &self,
        s: &mut State,
        firers: &[CounterId],
        h: Hex,
        ev: &mut Vec<Event>,
    ) {
        let pt = s.pt();
        let landing = matches!(s.step(), Step::LandingFire { .. });
        if !landing {
            // On the ground in the NLF's own Combat Phase: ordinary fire.
            let f: Vec<(CounterId, u8)> = firers.iter().map(|x| (*x, 1)).collect();
            for &(id, _) in &f {
                let c = s.cm(id);
                c.fired = pt;
                c.fire_used = 1;
                c.first_target = Some(h);
                if c.face_down {
                    c.face_down = false;
                    c.revealed = pt;
                }
            }
        }
        for id in firers {
            let c = s.cm(*id);
            c.heli_fired = pt;
            if s.has(Optional::Ammunition) {
                let c = s.cm(*id);
                c.ammo = c.ammo.saturating_sub(1);
            }
        }
        let aboard = self.aboard(s, h);
        let mut spec = AttackSpec::new(AttackKind::Helicopter, Side::Nlf, h);
        spec.firers = firers.to_vec();
        spec.hidden_firers = landing;
        spec.attack = self.fire_terms(s, &firers.iter().map(|x| (*x, 1)).collect::<Vec<_>>());
        spec.helicopter = true;
        let lone = aboard.is_empty();
        spec.targets = aboard;
        let result = self.resolve(s, spec, ev);
        if lone && let Some(i) = self.lone_helicopter(s, h) {
            let points = match result {
                CrtResult::W(n) => n as i32,
                r if r.kills() => self.tables.points.helicopter.value,
                _ => 0,
            };
            if points > 0 {
                s.award(Side::Nlf, points, "helicopter hit", "B5", Reader::Both);
            }
            if result.kills() {
                self.helicopter_down(s, i, ev);
            }
        }
    }

    fn helicopter_down(&self, s: &mut State, i: usize, ev: &mut Vec<Event>) {
        let pt = s.pt();
        let x = s.helicopters[i].clone();
        s.helicopters[i].gone = true;
        if x.job == HeliJob::Ammo && x.landed == pt {
            // Shot down as it flew in: the supply is lost (O3a).
            let lost: Vec<CounterId> = s
                .at(x.hex)
                .filter(|c| c.role == Role::AmmoSupply && c.arrived == pt)
                .map(|c| c.id)
                .collect();
            for id in lost {
                self.remove(s, id, Gone::Destroyed, ev);
            }
        }
        ev.push(Event::HelicopterDown {
            job: x.job,
            hex: x.hex,
        });
    }

    pub(crate) fn check_hold_fire(&self, s: &State) -> Checked {
        ensure(
            matches!(s.step(), Step::LandingFire { .. }),
            "B5",
            "No helicopters are landing or lifting now.",
        )
    }

    /// The NLF is done firing at this group: a lift completes, a helicopter
    /// that does not stay leaves.
    pub(crate) fn execute_hold_fire(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(Step::LandingFire { hexes, lifting }) = s.steps.pop() else {
            return;
        };
        ev.push(Event::HeldFire {
            hexes: hexes.clone(),
        });
        let pt = s.pt();
        for h in hexes {
            if lifting {
                self.complete_lift(s, h, ev);
            }
            let stays = s.has(Optional::HelicopterFire);
            for i in 0..s.helicopters.len() {
                let x = s.helicopters[i].clone();
                if x.gone || x.hex != h {
                    continue;
                }
                if (lifting && x.landed < pt) || (!lifting && x.landed == pt && !stays) {
                    self.helicopter_leaves(s, i, ev);
                }
            }
        }
    }

    fn helicopter_leaves(&self, s: &mut State, i: usize, ev: &mut Vec<Event>) {
        let x = s.helicopters[i].clone();
        s.helicopters[i].gone = true;
        let mut evacuated = Vec::new();
        if x.job == HeliJob::Medevac {
            for c in s.casualties.iter_mut() {
                if c.side == Side::Us && c.hex == Some(x.hex) && !c.evacuated && !c.on_trap {
                    c.evacuated = true;
                    c.with = None;
                    evacuated.push(c.id);
                }
            }
        }
        ev.push(Event::HelicopterOut {
            job: x.job,
            hex: x.hex,
            evacuated,
        });
    }

    /// O10.2: helicopters on the ground since the last US turn lift off;
    /// the NLF may fire at them once more.
    pub(crate) fn grounded_helicopters_lift(&self, s: &mut State, ev: &mut Vec<Event>) {
        let pt = s.pt();
        let hexes: Vec<Hex> = s
            .helicopters
            .iter()
            .filter(|x| !x.gone && x.landed < pt)
            .map(|x| x.hex)
            .collect();
        if hexes.is_empty() {
            return;
        }
        for &h in &hexes {
            self.use_heli_hex(s, h);
        }
        if s.solitaire() {
            for i in 0..s.helicopters.len() {
                if !s.helicopters[i].gone && s.helicopters[i].landed < pt {
                    self.helicopter_leaves(s, i, ev);
                }
            }
        } else {
            s.steps.push(Step::LandingFire {
                hexes,
                lifting: true,
            });
        }
    }

    // --- ammunition and medevac runs (O3a, O4, O10.2) ---

    pub(crate) fn heli_job_candidates(&self, s: &State) -> Vec<Command> {
        let mut v = Vec::new();
        let mut hexes: Vec<Hex> = s
            .on_map()
            .filter(|c| c.side == Side::Us && c.role.is_us_unit())
            .filter_map(|c| c.hex)
            .collect();
        hexes.stable_sort();
        hexes.dedup();
        for h in hexes {
            if s.has(Optional::Ammunition) {
                v.push(Command::CallHelicopter {
                    job: HeliJob::Ammo,
                    hex: h,
                });
            }
            if s.has(Optional::CasualtyCrt) {
                v.push(Command::CallHelicopter {
                    job: HeliJob::Medevac,
                    hex: h,
                });
            }
        }
        v
    }

    pub(crate) fn check_call_helicopter(&self, s: &State, job: HeliJob, h: Hex) -> Checked {
        ensure(
            *s.step() == Step::Movement { side: Side::Us },
            "B5",
            "Helicopters come in during the US Movement Phase.",
        )?;
        match job {
            HeliJob::Ammo => ensure(
                s.has(Optional::Ammunition),
                "O3a",
                "Ammunition runs need the Ammunition and Supply rule.",
            )?,
            HeliJob::Medevac => ensure(
                s.has(Optional::CasualtyCrt),
                "O4",
                "Medevac runs need the Casualty CRT.",
            )?,
        }
        let pt = s.pt();
        ensure(
            !s.helicopters.iter().any(|x| x.job == job && x.landed == pt),
            "O10.2",
            "One such helicopter a Player Turn.",
        )?;
        let map = self.map_of(s);
        ensure(map.contains(h), "B5", "That hex is not on the map.")?;
        ensure(
            !self.heli_hex_used(s, h),
            "B5",
            "One helicopter to a hex each Player Turn.",
        )?;
        ensure(
            self.tables.terrain(map.terrain(h)).landing.value,
            "B5",
            "Helicopters land only in open or broken terrain.",
        )?;
        ensure(
            !s.helicopters.iter().any(|x| !x.gone && x.hex == h),
            "B5",
            "A helicopter is already on the ground there.",
        )?;
        ensure(
            !s.at(h)
                .any(|x| x.side == Side::Nlf && (x.face_down || x.role.is_person())),
            "B5",
            "Not onto the enemy.",
        )?;
        if job == HeliJob::Medevac {
            ensure(
                s.casualties
                    .iter()
                    .any(|c| c.side == Side::Us && c.hex == Some(h) && !c.evacuated && !c.on_trap),
                "O4",
                "No US casualties there to take out.",
            )?;
        }
        Ok(())
    }

    pub(crate) fn execute_call_helicopter(
        &self,
        s: &mut State,
        job: HeliJob,
        h: Hex,
        ev: &mut Vec<Event>,
    ) {
        let pt = s.pt();
        self.use_heli_hex(s, h);
        s.helicopters.push(Helicopter {
            job,
            hex: h,
            landed: pt,
            gone: false,
        });
        if job == HeliJob::Ammo {
            let id = s.counters.len() as CounterId;
            let mut c = Counter::new(id, Role::AmmoSupply, Side::Us);
            c.status = Status::OnMap;
            c.hex = Some(h);
            c.arrived = pt;
            c.ammo = self.tables.ammunition.supply.value;
            s.counters.push(c);
        }
        ev.push(Event::HelicopterIn { job, hex: h });
        if s.solitaire() {
            if !s.has(Optional::HelicopterFire) {
                let i = s.helicopters.len() - 1;
                self.helicopter_leaves(s, i, ev);
            }
            return;
        }
        s.steps.push(Step::LandingFire {
            hexes: vec![h],
            lifting: false,
        });
        if s.has(Optional::HelicopterFire) {
            s.steps.push(Step::Suppress {
                around: vec![h],
                strength: self.tables.helicopters.cobra.value * 2,
                guns: self.tables.helicopters.cobras.value,
                cobras: true,
            });
        }
    }

    // --- lifting units off ---

    pub(crate) fn lift_candidates(&self, s: &State) -> Vec<Command> {
        if !s.standard() {
            return Vec::new();
        }
        s.on_map()
            .filter(|c| c.side == Side::Us && c.role.is_us_unit())
            .filter(|c| {
                c.carrying.is_some_and(|x| s.c(x).role == Role::Records)
                    || s.counters.iter().any(|p| p.carried_by == Some(c.id))
            })
            .map(|c| Command::Lift { units: vec![c.id] })
            .collect()
    }

    pub(crate) fn check_lift(&self, s: &State, units: &[CounterId]) -> Checked {
        ensure(
            *s.step() == Step::Movement { side: Side::Us },
            "B5",
            "Units lift off in the US Movement Phase.",
        )?;
        ensure(
            s.standard(),
            "B5",
            "Units leave the map in the Standard Game.",
        )?;
        self.check_heli_load(s, units)?;
        let h = s.c(units[0]).hex;
        for id in units {
            let c = s.c(*id);
            ensure(
                c.side == Side::Us && c.on_map() && c.hex == h,
                "B5",
                "The units of one load stand in one hex.",
            )?;
            ensure(!c.pinned(), "B9", "Pinned units may not lift off.")?;
        }
        let h = h.unwrap_or(NOWHERE);
        let map = self.map_of(s);
        ensure(
            !self.heli_hex_used(s, h),
            "B5",
            "One helicopter to a hex each Player Turn.",
        )?;
        ensure(
            self.tables.terrain(map.terrain(h)).landing.value,
            "B5",
            "Helicopters lift off only from open or broken terrain.",
        )
    }

    pub(crate) fn execute_lift(&self, s: &mut State, units: &[CounterId], ev: &mut Vec<Event>) {
        let h = s.c(units[0]).hex.unwrap_or(NOWHERE);
        self.use_heli_hex(s, h);
        s.lifting = units.to_vec();
        if s.solitaire() {
            self.complete_lift(s, h, ev);
        } else {
            s.steps.push(Step::LandingFire {
                hexes: vec![h],
                lifting: true,
            });
        }
    }

    /// The lifting units leave the game with what they carry; records
    /// evacuated score under Search and Destroy No. Two (C1A).
    fn complete_lift(&self, s: &mut State, h: Hex, ev: &mut Vec<Event>) {
        let units: Vec<CounterId> = std::mem::take(&mut s.lifting)
            .into_iter()
            .filter(|id| s.c(*id).at(h))
            .collect();
        if units.is_empty() {
            return;
        }
        let mut records = 0;
        for &id in &units {
            if let Some(x) = s.c(id).carrying
                && s.c(x).role == Role::Records
            {
                records += 1;
            }
            let carried: Vec<CounterId> = s
                .counters
                .iter()
                .filter(|c| c.carried_by == Some(id))
                .map(|c| c.id)
                .collect();
            for x in carried {
                let c = s.cm(x);
                c.status = Status::Gone;
                c.gone = Some(Gone::Evacuated);
            }
            s.cm(id).carrying = None;
            for c in s.casualties.iter_mut() {
                if c.with == Some(id) {
                    c.evacuated = true;
                    c.with = None;
                }
            }
            let c = s.cm(id);
            c.status = Status::Gone;
            c.gone = Some(Gone::Evacuated);
        }
        if records > 0
            && let Some(o) = s.order
        {
            let per = self.order(o).records_evacuated.value;
            if per > 0 && o == OrderId::SearchDestroyTwo {
                s.award(
                    Side::Us,
                    per * records as i32,
                    "NLF records evacuated",
                    "C1A",
                    Reader::Only(Side::Us),
                );
            }
        }
        ev.push(Event::Lifted {
            units,
            hex: h,
            records,
        });
    }
}
