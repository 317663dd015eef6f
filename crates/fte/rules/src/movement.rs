//! 6.0 Action: Move. Movement classes and the Terrain Effects Chart (6.1),
//! stacking (6.2), allowances (6.3), double time and Exhausted (6.6),
//! stealthy movement (6.7), helicopter altitudes (6.8), carrying casualties
//! (7.5.2), exiting the map and tunnels (7.5.3), Bunkers and Foxholes
//! (24.0, 25.0). Every hex entered gives the other side its Opportunity
//! Fire chance (21.0).

use crate::Fte;
use crate::command::Command;
use crate::data::{MoveClass, Role, Terrain};
use crate::describe::{Names, verb_s};
use crate::event::{CheckKind, Drm, EntryKind, Event, Mods};
use crate::geo::{Hex, HexExt};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, Refusal, ensure, refuse};
use vt_core::sort::StableSort;

/// Why the moving stack may not enter a hex ([`Fte::step_cost`]), before
/// it is put in words.
enum NoStep {
    Rule(&'static str, &'static str),
    Impassable(Hex),
    Mp { needed: u8, left: u8 },
}

impl NoStep {
    fn refusal(self) -> Refusal {
        match self {
            NoStep::Rule(section, why) => Refusal::new(section, why),
            NoStep::Impassable(to) => Refusal::new(
                "6.1",
                format!("{to} may not be entered (Terrain Effects Chart)"),
            ),
            NoStep::Mp { needed, left } => Refusal::new(
                "6.4",
                format!(
                    "not enough movement points: {} needed, {} left",
                    crate::data::half_mp(needed),
                    crate::data::half_mp(left)
                ),
            ),
        }
    }
}

impl Fte {
    /// Half-MP cost for `unit` to move from `from` into the adjacent `to`;
    /// None when it may not enter (P on the chart, off the map).
    pub fn move_cost(&self, s: &State, unit: &Unit, from: Hex, to: Hex) -> Option<u8> {
        self.move_cost_on(self.map_of(s), unit, from, to)
    }

    /// [`Fte::move_cost`] on a map already looked up.
    pub(crate) fn move_cost_on(
        &self,
        map: &crate::map::Map,
        unit: &Unit,
        from: Hex,
        to: Hex,
    ) -> Option<u8> {
        let t = map.terrain(to)?;
        let dir = from.direction_to(to)?;
        let row = self.tables.terrain(t);
        let class = self.class(unit);
        if class == MoveClass::Helicopter {
            return if unit.altitude == Altitude::Ground {
                row.helicopter_ground.value
            } else {
                row.helicopter_air.value
            };
        }
        let vehicle = class == MoveClass::Vehicle;
        let side = map.hexside(from, dir);
        let (road, trail) = (side.road, side.trail);
        // 6.1 note c: no vehicle trail through jungle.
        let trail_ok = trail && !(vehicle && t == Terrain::Jungle);
        let mut cost = if road {
            if vehicle {
                self.tables.road.vehicle.value
            } else {
                self.tables.road.infantry.value
            }
        } else if trail_ok {
            if vehicle {
                self.tables.trail.vehicle.value
            } else {
                self.tables.trail.infantry.value
            }
        } else if vehicle {
            row.vehicle.value?
        } else {
            row.infantry.value?
        };
        // 6.1 note d: Trail and Road negate terrain, but not a Slope.
        let (lf, lt) = (map.level(from), map.level(to));
        if lt > lf || (lt < lf && self.tables.slope.downhill_too.value) {
            cost += if vehicle {
                self.tables.slope.vehicle.value
            } else {
                self.tables.slope.infantry.value
            };
        }
        if side.stream && !road && !trail_ok {
            cost += if vehicle {
                self.tables.stream.vehicle.value
            } else {
                self.tables.stream.infantry.value
            };
        }
        Some(cost)
    }

    /// Half MP a unit starts a move with (6.3, 6.6, 7.5.2).
    pub fn allowance(&self, s: &State, u: &Unit, mode: MoveMode) -> u8 {
        let a = &self.tables.allowance;
        match self.class(u) {
            MoveClass::Vehicle => a.vehicle.value,
            MoveClass::Helicopter => {
                if u.altitude == Altitude::Ground {
                    a.helicopter_ground.value
                } else {
                    a.helicopter_air.value
                }
            }
            MoveClass::Infantry => {
                let base = if mode == MoveMode::DoubleTime {
                    a.double_time.value
                } else {
                    a.infantry.value
                };
                let carried = s.carried_by(u.id).count() as u8;
                base.saturating_sub(carried * a.carry_penalty.value)
            }
        }
    }

    pub(crate) fn check_move(&self, s: &State, units: &[UnitId], mode: MoveMode) -> Checked {
        let Some(&first) = units.first() else {
            return refuse("6.1", "move which units?");
        };
        for (i, &u) in units.iter().enumerate() {
            if units[..i].contains(&u) {
                return refuse("6.1", "a unit is listed twice");
            }
            self.may_act(s, u, ActionKind::Move)?;
        }
        let hex = s.unit(first).hex;
        let class = self.class(s.unit(first));
        for &u in units {
            let x = s.unit(u);
            if x.hex != hex {
                return refuse("6.1", "a stack that moves together starts in one hex");
            }
            if self.class(x) != class {
                return refuse("6.1", "units of different movement classes move separately");
            }
            if x.immobilized {
                return refuse("6.10", "an immobilized vehicle may only be abandoned");
            }
        }
        if class != MoveClass::Infantry && units.len() > 1 {
            return refuse("5.1", "vehicles and helicopters move one at a time");
        }
        match mode {
            MoveMode::Normal => {}
            MoveMode::DoubleTime => {
                if class != MoveClass::Infantry {
                    return refuse("6.6", "only infantry may use Double Time");
                }
                if units.iter().any(|u| s.unit(*u).exhausted) {
                    return refuse("6.6", "an Exhausted unit may not use Double Time");
                }
            }
            MoveMode::Stealthy => {
                if class != MoveClass::Infantry {
                    return refuse("6.7", "only infantry may use Stealthy Movement");
                }
            }
        }
        Ok(())
    }

    pub(crate) fn begin_move(
        &self,
        s: &mut State,
        units: &[UnitId],
        mode: MoveMode,
        ev: &mut Vec<Event>,
    ) {
        for &u in units {
            self.record_action(s, u, ActionKind::Move);
        }
        let left = units
            .iter()
            .map(|u| self.allowance(s, s.unit(*u), mode))
            .min()
            .unwrap_or(0);
        if let Some(a) = s.activation.as_mut() {
            if mode == MoveMode::DoubleTime {
                a.exhaust.extend(units.iter().copied());
            }
            s.push(Step::Moving(Moving {
                units: units.to_vec(),
                mode,
                left,
                hexes: 0,
                on_trail: false,
                fort_used: false,
                altitude_changed: false,
                refused: Vec::new(),
            }));
        }
        ev.push(Event::MoveBegins {
            units: units.to_vec(),
            mode,
            marked: s.marked(units),
        });
    }

    fn moving(&self, s: &State) -> Option<Moving> {
        s.moving().cloned()
    }

    fn moving_hex(&self, s: &State, m: &Moving) -> Option<Hex> {
        m.units.first().and_then(|u| s.unit(*u).hex)
    }

    /// The hexes the moving stack may step into now, with their cost.
    pub fn steps(&self, s: &State) -> Vec<(Hex, u8)> {
        let Some(m) = s.moving() else {
            return Vec::new();
        };
        let Some(from) = self.moving_hex(s, m) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if m.mode == MoveMode::Stealthy && m.hexes >= 1 {
            return out;
        }
        for to in self.map_of(s).neighbors(from) {
            if let Ok(c) = self.step_cost(s, m, from, to) {
                out.push((to, c));
            }
        }
        out
    }

    fn step_ok(&self, s: &State, m: &Moving, from: Hex, to: Hex) -> Result<u8, Refusal> {
        self.step_cost(s, m, from, to).map_err(NoStep::refusal)
    }

    /// [`Fte::step_ok`] with the refusal left a code: the lists ask it for
    /// every neighbour and show none of the reasons.
    fn step_cost(&self, s: &State, m: &Moving, from: Hex, to: Hex) -> Result<u8, NoStep> {
        if m.mode == MoveMode::Stealthy && m.hexes >= 1 {
            return Err(NoStep::Rule("6.7", "Stealthy Movement is one hex"));
        }
        let map = self.map_of(s);
        // The units already in the hex, found once for every check below.
        let occupants: Vec<&Unit> = s.units_at(to).collect();
        let mut cost = 0;
        for &u in &m.units {
            let unit = s.unit(u);
            let c = self
                .move_cost_on(map, unit, from, to)
                .ok_or(NoStep::Impassable(to))?;
            cost = cost.max(c);
            if !self.stacks_with(unit, occupants.iter().copied()) {
                return Err(NoStep::Rule(
                    "6.2",
                    "stacking limit: two vehicles or one helicopter per hex; Civilians never with NVA/VC infantry",
                ));
            }
        }
        // 7.4: a Broken helicopter may only move to leave the map.
        let lead = s.unit(m.units[0]);
        if self.is_heli(lead) && lead.broken {
            let to_edge = |h: Hex| {
                map.all_edge_hexes()
                    .iter()
                    .map(|e| e.distance(h))
                    .min()
                    .unwrap_or(0)
            };
            if to_edge(to) >= to_edge(from) {
                return Err(NoStep::Rule(
                    "7.4",
                    "a Broken helicopter may only fly off the map",
                ));
            }
        }
        if cost > m.left {
            return Err(NoStep::Mp {
                needed: cost,
                left: m.left,
            });
        }
        let side = s.unit(m.units[0]).side;
        let heli_air = m
            .units
            .iter()
            .all(|u| self.is_heli(s.unit(*u)) && s.unit(*u).altitude != Altitude::Ground);
        if !heli_air {
            // 6.2: no entering a hex that holds enemy units, Concealed ones
            // too. But the mover knows only what it sees: a Concealed marker
            // may hide Civilians or a lone Medic, whose hex may be entered
            // (28.0, 17.1), so stepping onto a marker is an attempt settled
            // when it is made ([`Fte::hidden_blocker`]), and a hex found
            // held is known for the rest of the move.
            let seen = occupants
                .iter()
                .any(|o| self.sees_unit(s, side, o) && self.blocks_entry(o, side));
            if seen || m.refused.contains(&to) {
                return Err(NoStep::Rule(
                    "6.2",
                    "a unit may not enter a hex holding enemy units (Concealed ones too)",
                ));
            }
        }
        Ok(cost)
    }

    /// Whether an enemy unit `o` keeps units of `side` out of its hex
    /// (6.2): any but a Medic (17.1), Civilians to the US (28.0) and a
    /// helicopter in the air.
    pub(crate) fn blocks_entry(&self, o: &Unit, side: Side) -> bool {
        if o.side == side {
            return false;
        }
        if self.is_heli(o) {
            return o.altitude == Altitude::Ground;
        }
        self.role(o) != Role::Medic && !(self.role(o) == Role::Civilians && side == Side::Us)
    }

    /// 6.2 as units of `side` know it: whether an enemy unit they see
    /// (`seen`), or one hidden from them under a Concealed marker
    /// (`!seen`), keeps them out of `hex`. Whatever takes units into a
    /// hex (a step, a retreat, a downed helicopter coming down, a
    /// helicopter landing, an unload) offers the hexes only a seen unit
    /// holds as refused and settles the hidden ones when it is tried.
    pub(crate) fn held_for(&self, s: &State, side: Side, hex: Hex, seen: bool) -> bool {
        s.units_at(hex)
            .any(|o| self.sees_unit(s, side, o) == seen && self.blocks_entry(o, side))
    }

    /// 6.2: whether a step onto Concealed markers finds the hex held by a
    /// unit the mover could not see (the step is then not made).
    fn hidden_blocker(&self, s: &State, m: &Moving, to: Hex) -> bool {
        let lead = s.unit(m.units[0]);
        let heli_air = m
            .units
            .iter()
            .all(|u| self.is_heli(s.unit(*u)) && s.unit(*u).altitude != Altitude::Ground);
        !heli_air && self.held_for(s, lead.side, to, false)
    }

    /// 6.2: units that tried to enter `hex` (`how`: a step, a retreat, a
    /// landing, an unload, a placement) and found it held by Concealed
    /// enemy units stay where they are; the markers stay on.
    pub(crate) fn refuse_entry(
        &self,
        s: &State,
        units: &[UnitId],
        hex: Hex,
        how: EntryKind,
        ev: &mut Vec<Event>,
    ) {
        ev.push(Event::EntryRefused {
            units: units.to_vec(),
            hex,
            marked: s.marked(units),
            how,
        });
    }

    pub(crate) fn move_candidates(&self, s: &State, out: &mut Vec<Command>) {
        for (h, _) in self.steps(s) {
            out.push(Command::Step { hex: h });
        }
        let Some(m) = s.moving() else {
            return;
        };
        for &u in &m.units {
            for c in s.carried_by(u) {
                out.push(Command::Drop { casualty: c.id });
            }
        }
        for c in [
            Command::Climb,
            Command::Descend,
            Command::EnterFort,
            Command::LeaveFort,
            Command::ExitMap,
            Command::EnterTunnel,
        ] {
            out.push(c);
        }
        out.push(Command::EndMove);
    }

    fn fort_here(&self, s: &State, side: Side, hex: Hex) -> Option<u16> {
        s.caches
            .iter()
            .find(|c| {
                !c.gone && c.hex == hex && c.kind.is_fort() && (c.owner == side || c.revealed)
            })
            .map(|c| c.id)
    }

    pub(crate) fn check_move_step(&self, s: &State, c: &Command) -> Checked {
        let Some(m) = s.moving() else {
            return refuse("6.0", "no move under way");
        };
        let Some(here) = self.moving_hex(s, m) else {
            return refuse("6.0", "the moving units are gone");
        };
        let side = s.unit(m.units[0]).side;
        let lead = s.unit(m.units[0]);
        match c {
            Command::Step { hex } => self.step_ok(s, m, here, *hex).map(|_| ()),
            Command::EndMove => Ok(()),
            Command::Drop { casualty } => {
                let ok = s
                    .casualties
                    .get(*casualty as usize)
                    .is_some_and(|c| !c.gone && c.carrier.is_some_and(|u| m.units.contains(&u)));
                ensure(
                    ok,
                    "7.5.2",
                    "only a casualty one of the moving units carries can be dropped",
                )
            }
            Command::Climb | Command::Descend => {
                if !self.is_heli(lead) {
                    return refuse("6.8", "only helicopters change altitude");
                }
                if m.altitude_changed {
                    return refuse("6.8", "one altitude change per move");
                }
                if lead.downed {
                    return refuse("7.4", "a downed helicopter may not fly");
                }
                match (c, lead.altitude) {
                    (Command::Climb, Altitude::High) => refuse("6.8", "already at High level"),
                    (Command::Descend, Altitude::Ground) => {
                        refuse("6.8", "already at Ground level")
                    }
                    (Command::Descend, Altitude::Treetop) => {
                        let t = self.map_of(s).terrain(here);
                        let ok = t.is_some_and(|t| {
                            self.tables.terrain(t).helicopter_ground.value.is_some()
                        });
                        if !ok {
                            return refuse(
                                "6.8",
                                "a helicopter may not be at Ground level in Jungle or Hamlet",
                            );
                        }
                        // 6.2: landing is entering the hex at Ground level;
                        // Concealed markers make it an attempt, settled
                        // when made (and then known for the move).
                        if self.held_for(s, side, here, true) || m.refused.contains(&here) {
                            return refuse("6.2", "not at Ground level among enemy units");
                        }
                        Ok(())
                    }
                    _ => Ok(()),
                }
            }
            Command::EnterFort | Command::LeaveFort => {
                if !self.is_infantry(lead) {
                    return refuse("24.0", "only infantry use Bunkers and Foxholes");
                }
                if m.fort_used {
                    return refuse("24.0", "one entry or exit per move");
                }
                let Some(f) = self.fort_here(s, side, here) else {
                    return refuse("24.0", "no Bunker or Foxholes you can use here");
                };
                if matches!(c, Command::LeaveFort) {
                    if m.units.iter().all(|u| s.unit(*u).fort == Some(f)) {
                        return Ok(());
                    }
                    return refuse("24.0", "the moving units are not in it");
                }
                if m.units.iter().any(|u| s.unit(*u).fort.is_some()) {
                    return refuse("24.0", "already inside");
                }
                let inside = s.on_map().filter(|u| u.fort == Some(f)).count();
                let cap = self.tables.fire.fortification_capacity.value as usize;
                if inside + m.units.len() > cap {
                    return refuse("24.0", "it protects at most two units");
                }
                Ok(())
            }
            Command::ExitMap => {
                let map = self.map_of(s);
                if !map.is_edge(here) {
                    return refuse("6.1", "exit from a map-edge hex");
                }
                if self.tables.exit_map.value > m.left {
                    return refuse("6.5", "exiting the map costs 1 MP");
                }
                let carrying = m.units.iter().all(|u| s.carried_by(*u).next().is_some());
                match self.class(lead) {
                    MoveClass::Helicopter => {
                        if lead.altitude == Altitude::Ground {
                            return refuse("6.8", "take off before leaving the map");
                        }
                        Ok(())
                    }
                    MoveClass::Vehicle => {
                        let any = s.units.iter().any(|u| u.carrier == Some(lead.id))
                            || s.carried_by(lead.id).next().is_some();
                        ensure(any, "6.1", "units leave the map only to evacuate KIA/WIA")
                    }
                    MoveClass::Infantry => {
                        if !carrying {
                            return refuse("6.1", "units leave the map only to evacuate KIA/WIA");
                        }
                        match side {
                            Side::Nva => Ok(()),
                            Side::Us => match s.us_carry_off {
                                Some(e) if map.on_edge(here, e) => Ok(()),
                                _ => refuse(
                                    "7.5.3",
                                    "US infantry may carry casualties off only where the scenario allows",
                                ),
                            },
                        }
                    }
                }
            }
            Command::EnterTunnel => {
                if side != Side::Nva || !self.is_infantry(lead) {
                    return refuse("7.5.3", "only NVA/VC infantry use Tunnels");
                }
                let tunnel = s.caches.iter().any(|c| {
                    !c.gone && c.hex == here && c.kind == CacheKind::Tunnel && c.owner == Side::Nva
                });
                if !tunnel {
                    return refuse("7.5.3", "no Tunnel in this hex");
                }
                if !m.units.iter().all(|u| s.carried_by(*u).next().is_some()) {
                    return refuse("7.5.3", "the Tunnel is for carrying KIA/WIA away");
                }
                if self.tables.exit_map.value > m.left {
                    return refuse("7.5.3", "entering the Tunnel costs 1 MP");
                }
                Ok(())
            }
            _ => refuse("6.0", "finish the move first"),
        }
    }

    pub(crate) fn execute_move_step(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let Some(m) = self.moving(s) else {
            return;
        };
        let Some(here) = self.moving_hex(s, &m) else {
            return;
        };
        match c {
            Command::Step { hex } if self.hidden_blocker(s, &m, *hex) => {
                // 6.2: the units stay where they are, spending nothing; the
                // markers stay on (the rules reveal only that the hex is held).
                if let Some(mm) = s.moving_mut() {
                    mm.refused.push(*hex);
                }
                self.refuse_entry(s, &m.units, *hex, EntryKind::Step, ev);
            }
            Command::Step { hex } => {
                let cost = self.step_ok(s, &m, here, *hex).unwrap_or(0);
                let map = self.map_of(s);
                // 6.1 notes a and e: the trail modifier is for units using
                // the trail; helicopters never do (and ignore Fire Modifiers
                // in the air).
                let on_trail = (map.trail_between(here, *hex) || map.road_between(here, *hex))
                    && !self.is_heli(s.unit(m.units[0]));
                let left = m.left.saturating_sub(cost);
                for &u in &m.units {
                    let x = s.unit_mut(u);
                    x.hex = Some(*hex);
                    x.fort = None;
                }
                if let Some(mm) = s.moving_mut() {
                    mm.left = left;
                    mm.hexes += 1;
                    mm.on_trail = on_trail;
                }
                ev.push(Event::Moved {
                    units: m.units.clone(),
                    from: here,
                    to: *hex,
                    cost,
                    left,
                    marked: s.marked(&m.units),
                });
                self.entered_hex(
                    s,
                    &m.units,
                    *hex,
                    m.mode == MoveMode::Stealthy,
                    on_trail,
                    ev,
                );
            }
            Command::EndMove => {
                s.end_move();
                // 5.1: a hovering helicopter is still subject to Opportunity Fire.
                if m.hexes == 0 && !m.altitude_changed && self.is_heli(s.unit(m.units[0])) {
                    self.trigger_opfire(s, TriggerKind::Move, &m.units, here, false, false);
                }
            }
            Command::Drop { casualty } => {
                let cas = &mut s.casualties[*casualty as usize];
                cas.carrier = None;
                cas.hex = Some(here);
                ev.push(Event::Dropped {
                    casualty: *casualty,
                    hex: here,
                });
            }
            Command::Descend
                if s.unit(m.units[0]).altitude == Altitude::Treetop
                    && self.held_for(s, s.unit(m.units[0]).side, here, false) =>
            {
                // 6.2: the helicopter stays at Treetop level, spending
                // nothing; the hex is known held for the move.
                if let Some(mm) = s.moving_mut() {
                    mm.refused.push(here);
                }
                self.refuse_entry(s, &m.units[..1], here, EntryKind::Landing, ev);
            }
            Command::Climb | Command::Descend => {
                let u = m.units[0];
                let alt = s.unit(u).altitude;
                let new = match (c, alt) {
                    (Command::Climb, Altitude::Ground) => Altitude::Treetop,
                    (Command::Climb, _) => Altitude::High,
                    (_, Altitude::High) => Altitude::Treetop,
                    _ => Altitude::Ground,
                };
                s.unit_mut(u).altitude = new;
                ev.push(Event::AltitudeChanged {
                    unit: u,
                    altitude: new,
                });
                if new == Altitude::Ground {
                    // Landing enters the hex: a lone enemy Medic there is
                    // eliminated (17.1), lone casualties taken (7.5.3).
                    let side = s.unit(u).side;
                    self.overrun_markers(s, side, here, ev);
                }
                let ends = m.hexes > 0;
                let fresh_left = self.allowance(s, s.unit(u), MoveMode::Normal);
                if ends {
                    s.end_move();
                } else if let Some(mm) = s.moving_mut() {
                    mm.altitude_changed = true;
                    mm.left = fresh_left;
                }
                // Errata clarification: an altitude change is like entering a hex.
                self.trigger_opfire(s, TriggerKind::Move, &[u], here, false, false);
            }
            Command::EnterFort | Command::LeaveFort => {
                let side = s.unit(m.units[0]).side;
                let f = self.fort_here(s, side, here);
                let entering = matches!(c, Command::EnterFort);
                for &u in &m.units {
                    s.unit_mut(u).fort = if entering { f } else { None };
                }
                if let Some(mm) = s.moving_mut() {
                    mm.fort_used = true;
                }
                ev.push(Event::FortChanged {
                    units: m.units.clone(),
                    entered: entering,
                    marked: s.marked(&m.units),
                });
                // 24.0: Opportunity Fire at a unit going in or out takes
                // place outside the fortification.
                self.trigger_opfire(s, TriggerKind::Fort, &m.units, here, false, false);
            }
            Command::ExitMap => {
                s.end_move();
                for &u in &m.units {
                    self.exit_unit(s, u, ev);
                }
            }
            Command::EnterTunnel => {
                s.end_move();
                for &u in &m.units {
                    self.exit_unit(s, u, ev);
                }
            }
            _ => {}
        }
    }

    /// Everything that happens when units enter a hex (6.1, 6.7, 17.1, 7.5.3,
    /// 26.0, 28.0, 21.0), in that order; Opportunity Fire comes first and
    /// interrogation after it (28.0).
    pub(crate) fn entered_hex(
        &self,
        s: &mut State,
        units: &[UnitId],
        hex: Hex,
        stealthy: bool,
        on_trail: bool,
        ev: &mut Vec<Event>,
    ) {
        let side = s.unit(units[0]).side;
        // Concealment: Stealthy Movement checks, otherwise LoS to a Visible enemy.
        for &u in units {
            if !s.unit(u).concealed {
                continue;
            }
            let lose = if stealthy {
                let t = self.map_of(s).terrain(hex).unwrap_or(Terrain::Clear);
                let cm = self.tables.terrain(t).concealment.value;
                let mut mods = Mods::new();
                if cm != 0 {
                    mods.push((Drm::Concealment(t), cm as i8));
                }
                !self.tq_check(s, u, CheckKind::Stealthy, mods, ev)
            } else {
                self.seen_by_visible_enemy(s, u)
            };
            if lose {
                self.lose_concealment(s, u, ev);
            }
        }
        let still: Vec<UnitId> = units
            .iter()
            .copied()
            .filter(|u| s.unit(*u).status == UnitStatus::OnMap)
            .collect();
        if still.is_empty() {
            s.end_move();
            return;
        }
        // A helicopter flying over (Treetop or High) sets off no Booby Trap,
        // overruns no one and questions no Civilians (26.0, 7.5.3, 17.1, 28.0).
        let flying = still.iter().all(|u| {
            let x = s.unit(*u);
            self.is_heli(x) && x.altitude != Altitude::Ground
        });
        if !flying {
            self.booby_trap(s, &still, hex, ev);
            self.overrun_markers(s, side, hex, ev);
        }
        let still: Vec<UnitId> = still
            .into_iter()
            .filter(|u| s.unit(*u).status == UnitStatus::OnMap)
            .collect();
        if still.is_empty() {
            return;
        }
        if side == Side::Us && !flying {
            let civ = s
                .units_at(hex)
                .find(|o| o.side == Side::Nva && self.role(o) == Role::Civilians)
                .map(|o| o.id);
            if let Some(civ) = civ {
                s.push(Step::Interrogate {
                    unit: still[0],
                    civilians: civ,
                });
            }
        }
        // A plotted Claymore here is offered with this chance (26.0).
        self.trigger_opfire(s, TriggerKind::Move, &still, hex, stealthy, on_trail);
    }

    /// 17.1, 7.5.3, 19.1: enemy Medics alone are eliminated; enemy KIA alone
    /// are removed, enemy WIA/Injury alone are captured.
    pub(crate) fn overrun_markers(&self, s: &mut State, side: Side, hex: Hex, ev: &mut Vec<Event>) {
        let enemies: Vec<UnitId> = s
            .units_at(hex)
            .filter(|u| u.side != side && !self.is_heli(u))
            .map(|u| u.id)
            .collect();
        let only_medics =
            !enemies.is_empty() && enemies.iter().all(|u| self.role(s.unit(*u)) == Role::Medic);
        if only_medics {
            for u in enemies {
                self.eliminate(s, u, "a Medic alone with the enemy (17.1)", ev);
                let cause = if side == Side::Us {
                    Side::Us
                } else {
                    Side::Nva
                };
                self.award(s, cause, crate::data::VpEvent::CauseKia, ev);
            }
        }
        let nobody = !s
            .units_at(hex)
            .any(|u| u.side != side && self.is_infantry(u) && !self.is_marker_only(u));
        if nobody {
            let lying: Vec<u16> = s
                .casualties
                .iter()
                .filter(|c| !c.gone && c.side != side && c.hex == Some(hex) && c.carrier.is_none())
                .map(|c| c.id)
                .collect();
            for c in lying {
                let kind = s.casualties[c as usize].kind;
                s.casualties[c as usize].gone = true;
                if kind != CasualtyKind::Kia {
                    ev.push(Event::Captured { casualty: c });
                    self.award(s, side, crate::data::VpEvent::CaptureWia, ev);
                } else {
                    ev.push(Event::Captured { casualty: c });
                }
            }
        }
    }
}

impl Fte {
    /// Where `units` (one stack) could move in a Move action of `mode`
    /// from where they stand (or, for the move under way, with what it has
    /// left), with the cheapest cost in half MP: the display of reachable
    /// hexes. Uses the core map's search; hexes with enemy units the side
    /// sees, found held this move, or over the stacking limit are left out
    /// (a Concealed marker's hex is in: entering it is an attempt, 6.2).
    pub fn reachable(&self, s: &State, units: &[UnitId], mode: MoveMode) -> Vec<(Hex, u8)> {
        use vt_core::hex::Mp;
        let Some(start) = units.first().and_then(|u| s.unit(*u).hex) else {
            return Vec::new();
        };
        let map = self.map_of(s);
        // A move under way keeps what it has left.
        let under_way = s.moving().filter(|m| m.units == units);
        let budget = under_way.map(|m| m.left).unwrap_or_else(|| {
            units
                .iter()
                .map(|u| self.allowance(s, s.unit(*u), mode))
                .min()
                .unwrap_or(0)
        });
        let moving = Moving {
            units: units.to_vec(),
            mode: MoveMode::Normal,
            left: u8::MAX,
            hexes: 0,
            on_trail: false,
            fort_used: false,
            altitude_changed: false,
            refused: under_way.map(|m| m.refused.clone()).unwrap_or_default(),
        };
        let cost = |_: &vt_core::hex::HexMap<Option<Terrain>>,
                    from: vt_core::hex::Hex,
                    to: vt_core::hex::Hex|
         -> Option<Mp> {
            self.step_cost(s, &moving, Hex::from_axial(from), Hex::from_axial(to))
                .ok()
                .map(|c| Mp::halves(c as u32))
        };
        let reach = map
            .grid()
            .reachable(start.axial(), Mp::halves(budget as u32), &cost);
        let mut out: Vec<(Hex, u8)> = reach
            .hexes()
            .map(|(h, c)| (Hex::from_axial(h), c.as_halves() as u8))
            .filter(|(h, _)| mode != MoveMode::Stealthy || h.is_adjacent(start))
            .collect();
        out.stable_sort();
        out
    }

    /// A unit leaves the map with everything it carries (7.5.3, 6.1).
    pub(crate) fn exit_unit(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let broken_heli = self.is_heli(s.unit(unit)) && s.unit(unit).broken;
        let mut all = vec![unit];
        all.extend(
            s.units
                .iter()
                .filter(|u| u.carrier == Some(unit) && u.status == UnitStatus::Loaded)
                .map(|u| u.id),
        );
        for &u in &all {
            let cas: Vec<u16> = s.carried_by(u).map(|c| c.id).collect();
            for c in cas {
                self.evacuate(s, c, ev);
            }
            let side = s.unit(u).side;
            let leader = self.is_leader(s.unit(u));
            let broken = s.unit(u).broken;
            // Errata: a Leader aboard a helicopter that is Broken and leaves
            // the map costs a chit like a lost one. The sentence may also be
            // read as the Leader being Broken: either way the chit goes.
            if leader && u != unit && (broken || broken_heli) {
                self.lose_chit(s, side, ev);
            }
            let x = s.unit_mut(u);
            x.status = UnitStatus::Exited;
            x.hex = None;
            x.fort = None;
        }
        if s.unit(unit).medevac {
            s.medevac_due = None;
        }
        ev.push(Event::ExitedMap { units: all });
    }
}

/// After a retreat or a downed helicopter found a hex held.
const AGAIN: &str = "; another hex must be chosen";

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_movement(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::MoveBegins {
                units: us,
                mode,
                marked,
            } => {
                let us_len = us.len();
                n.naming(marked, us, None, |us, _| {
                    format!("{us} begin{} a {mode:?} move (6.0).", verb_s(us_len))
                })
            }
            Event::Moved {
                units: us,
                from,
                to,
                cost,
                left,
                marked,
            } => {
                let us_len = us.len();
                n.naming(marked, us, None, |us, _| {
                    format!(
                        "{us} move{} {from} to {to} for {} ({} left) (6.4).",
                        verb_s(us_len),
                        crate::data::half_mp(*cost),
                        crate::data::half_mp(*left)
                    )
                })
            }
            Event::EntryRefused {
                units: us,
                hex,
                marked,
                how,
            } => {
                let one = us.len() == 1;
                let (tries, stays) = if one {
                    ("tries", "stays")
                } else {
                    ("try", "stay")
                };
                // What was tried, what follows, and the rules (6.2 with
                // the section of the way in).
                let (tried, then, rules) = match how {
                    EntryKind::Step => (
                        format!("to enter {hex}"),
                        format!(", and {stays} put"),
                        "6.2",
                    ),
                    EntryKind::Retreat => {
                        (format!("to retreat into {hex}"), AGAIN.into(), "7.4, 6.2")
                    }
                    EntryKind::SetDown => {
                        (format!("to come down at {hex}"), AGAIN.into(), "7.4, 6.2")
                    }
                    EntryKind::Landing => (
                        format!("to land at {hex}"),
                        format!(", and {stays} at Treetop level"),
                        "6.8, 6.2",
                    ),
                    EntryKind::Unload => (
                        format!("to unload at {hex}"),
                        format!(", and {stays} aboard"),
                        "15.0, 6.2",
                    ),
                    EntryKind::Reinforcement => (
                        format!("to enter the map at {hex}"),
                        "; another entry hex must be chosen".into(),
                        "4.0, 6.2",
                    ),
                };
                n.naming(marked, us, None, |us, _| {
                    format!("{us} {tries} {tried}, but enemy units hold it{then} ({rules}).")
                })
            }
            Event::AltitudeChanged { unit, altitude } => LogEntry::text(format!(
                "{} goes to {:?} level (6.8).",
                n.u(*unit),
                altitude
            )),
            Event::FortChanged {
                units: us,
                entered,
                marked,
            } => {
                let us_len = us.len();
                n.naming(marked, us, None, |us, _| {
                    format!(
                        "{us} {}{} the Bunker/Foxholes (24.0, 25.0).",
                        if *entered { "enter" } else { "leave" },
                        verb_s(us_len)
                    )
                })
            }
            Event::Dropped { casualty, hex } => {
                LogEntry::text(format!("Casualty {casualty} is left at {hex} (7.5.2)."))
            }
            Event::ExitedMap { units: us } => LogEntry::text(format!(
                "{} leave{} the map.",
                n.units(us),
                verb_s(us.len())
            )),
            other => n.misrouted(other),
        }
    }
}
