//! 3.0 Set-Up: the scenario's forces on the map or waiting to arrive,
//! each side re-placing its units within their set-up areas in secret and
//! plotting its traps (26.0), in the scenario's order.

use crate::Fte;
use crate::command::Command;
use crate::data::{MoveClass, Role};
use crate::describe::Names;
use crate::event::Event;
use crate::geo::Hex;
use crate::map::Edge;
use crate::scenario::Force;
use crate::state::*;
use crate::step::Step;
use vt_core::cup::Cup;
use vt_core::engine::{LogEntry, SideIdx};
use vt_core::engine::{Setup, SetupError};
use vt_core::refusal::{Checked, ensure};
use vt_core::rng::GameRng;
use vt_core::sort::StableSort;

impl Fte {
    /// An empty game on `map` for placing pieces by hand (tests, tools):
    /// turn 1 of 10, no pieces, caches, traps or chits, the US to make the
    /// first activation.
    pub fn empty_game(&self, map: &str) -> State {
        let mut s = self
            .start(&Setup::new("hamlet-search", 1))
            .expect("the built-in scenario");
        s.map = map.into();
        s.units.clear();
        s.casualties.clear();
        s.caches.clear();
        s.traps.clear();
        s.missions.clear();
        s.placed.clear();
        s.to_plot = [0, 0];
        s.activation = None;
        s.turn = 1;
        s.turns = 10;
        s.vp = [0, 0];
        s.steps = vec![Step::Activate { first: true }];
        s.active = Side::Us;
        s.first_player = Side::Us;
        s.cup = vt_core::cup::Cup::new(Vec::new());
        s.chits = [0, 0];
        s.random_event_chit = false;
        s
    }

    pub(crate) fn start(&self, setup: &Setup) -> Result<State, SetupError> {
        let sc = self
            .scenario(&setup.scenario)
            .ok_or_else(|| SetupError::UnknownScenario(setup.scenario.clone()))?;
        if let Some(k) = setup.options.keys().next() {
            return Err(SetupError::BadOption {
                key: k.clone(),
                message: "Front Toward Enemy has no options".into(),
            });
        }
        let mut s = State {
            rng: GameRng::seeded(setup.seed),
            scenario: sc.id.clone(),
            map: sc.map.clone(),
            turn: 1,
            turns: sc.turns.max(1),
            steps: vec![Step::Over],
            first_player: sc.first_player,
            active: sc.first_player,
            cup: Cup::new(Vec::new()),
            chits: [sc.chits.0, sc.chits.1],
            random_event_chit: sc.random_event_chit,
            units: Vec::new(),
            casualties: Vec::new(),
            caches: Vec::new(),
            traps: Vec::new(),
            missions: Vec::new(),
            vp: [sc.vp.0.max(0), sc.vp.1.max(0)],
            activation: None,
            higher_hq: [false, false],
            aerial_observer: false,
            vc_events: 0,
            medevac_due: None,
            to_plot: [0, 0],
            claymores_to_plot: 0,
            placed: Vec::new(),
            us_carry_off: sc.us_carry_off,
            result: None,
        };
        let map = self.map_of(&s).clone();
        for (side, forces) in &sc.forces {
            for f in forces {
                self.add_force(&mut s, *side, f, None, None, None)
                    .map_err(SetupError::Data)?;
            }
        }
        for r in &sc.reinforcements {
            for f in &r.forces {
                self.add_force(&mut s, r.side, f, None, Some(r.turn), Some(r.edge))
                    .map_err(SetupError::Data)?;
            }
        }
        for u in &s.units {
            if let Some(h) = u.hex
                && !map.in_play(h)
            {
                return Err(SetupError::Data(format!(
                    "scenario {}: unit at {h}, which is not in play",
                    sc.id
                )));
            }
        }
        // 23.0: caches without a hex of their own are hidden at their
        // owner's sites, one to a site, drawn in secret.
        for (i, c) in sc.caches.iter().enumerate() {
            let hex = match c.hex {
                Some(h) => h,
                None => {
                    let mut free: Vec<Hex> = sc
                        .cache_sites
                        .iter()
                        .filter(|x| x.owner == c.owner)
                        .flat_map(|x| x.hexes.iter().copied())
                        .filter(|h| !s.caches.iter().any(|k| k.owner == c.owner && k.hex == *h))
                        .collect();
                    free.stable_sort();
                    free.dedup();
                    if free.is_empty() {
                        return Err(SetupError::Data(format!(
                            "scenario {}: no cache site left for a {}",
                            sc.id,
                            c.kind.name()
                        )));
                    }
                    free[s.rng.index(free.len())]
                }
            };
            s.caches.push(Cache {
                id: i as u16,
                owner: c.owner,
                kind: c.kind,
                hex,
                revealed: false,
                gone: false,
            });
        }
        self.scatter_defaults(&mut s);
        // 24.0, 25.0: infantry set up in a hex with their own Bunker or
        // Foxholes start inside (two at most).
        let ids: Vec<UnitId> = s.on_map().map(|u| u.id).collect();
        for u in ids {
            self.dig_in(&mut s, u);
        }
        // 26.0: the number of Booby Traps may come from a secret die roll.
        let mut traps = sc.booby_traps;
        if sc.booby_trap_die > 0 {
            let d = s.d10();
            traps += d.div_ceil(sc.booby_trap_die);
        }
        s.to_plot = [0, traps];
        s.claymores_to_plot = sc.claymores;
        s.to_plot[0] = sc.claymores;
        let mut order = sc.setup_order.clone();
        if order.is_empty() {
            order = vec![Side::Nva, Side::Us];
        }
        s.set_phase(Step::Setup { side: order[0] });
        let mut ev = Vec::new();
        self.advance(&mut s, &mut ev);
        Ok(s)
    }

    fn add_force(
        &self,
        s: &mut State,
        side: Side,
        f: &Force,
        carrier: Option<UnitId>,
        arrives: Option<u8>,
        entry: Option<Edge>,
    ) -> Result<(), String> {
        let ty = self
            .type_index(&f.unit)
            .ok_or_else(|| format!("no unit type '{}'", f.unit))?;
        for _ in 0..f.count.max(1) {
            let id = self
                .spawn(s, &f.unit, side)
                .ok_or_else(|| format!("no unit type '{}'", f.unit))?;
            let class = self.types[ty as usize].class;
            let status = if carrier.is_some() {
                UnitStatus::Loaded
            } else if arrives.is_some() {
                UnitStatus::Waiting
            } else {
                UnitStatus::OnMap
            };
            let hex = if status == UnitStatus::OnMap {
                Some(
                    f.hex
                        .ok_or_else(|| format!("'{}' set up with no hex", f.unit))?,
                )
            } else {
                None
            };
            let u = s.unit_mut(id);
            u.status = status;
            u.hex = hex;
            u.carrier = carrier;
            if class == MoveClass::Helicopter {
                u.altitude = f.altitude.unwrap_or(Altitude::Treetop);
            }
            u.arrives = if carrier.is_none() { arrives } else { None };
            u.entry = entry;
            // 18.2: infantry set up and arrive Concealed unless loaded.
            if class == MoveClass::Infantry && !f.visible && carrier.is_none() {
                self.conceal(s, id);
            }
            if let Some(a) = f.area {
                let _ = a;
                s.placed.push(id);
            }
            for c in &f.carrying {
                self.add_force(s, side, c, Some(id), None, None)?;
            }
        }
        Ok(())
    }

    /// 3.0: a unit a side may re-place in secret starts at the hex the
    /// scenario gives for one of its kind-mates: the Concealed units of one
    /// side and set-up area swap their hexes at random (Civilians only
    /// among themselves, 6.2). Otherwise the public scenario file would
    /// tell which marker hides the Dummy whenever its owner leaves a unit
    /// where it stands.
    fn scatter_defaults(&self, s: &mut State) {
        let Some(sc) = self.scenario(&s.scenario) else {
            return;
        };
        let mut groups: Vec<((Side, usize, bool), Vec<UnitId>)> = Vec::new();
        for (side, _) in &sc.forces {
            for (u, area) in self.setup_areas(s, *side) {
                let x = s.unit(u);
                if !x.concealed || x.status != UnitStatus::OnMap {
                    continue;
                }
                let key = (*side, area, self.role(x) == Role::Civilians);
                match groups.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, v)) => v.push(u),
                    None => groups.push((key, vec![u])),
                }
            }
        }
        for (_, units) in groups {
            let mut hexes: Vec<Option<Hex>> = units.iter().map(|u| s.unit(*u).hex).collect();
            s.rng.shuffle(&mut hexes);
            for (u, h) in units.into_iter().zip(hexes) {
                s.unit_mut(u).hex = h;
            }
        }
    }

    /// Whose units the other side may not see yet: a side's Concealed
    /// units are behind its screen from the start until its set-up is done
    /// (3.0), and come out from behind it under new numbers.
    pub fn setting_up(&self, s: &State, side: Side) -> bool {
        let Step::Setup { side: now } = s.phase_step() else {
            return false;
        };
        let order = self.setup_order(s);
        let at = |x: Side| order.iter().position(|o| *o == x).unwrap_or(order.len());
        at(side) >= at(*now)
    }

    fn setup_order(&self, s: &State) -> Vec<Side> {
        self.scenario(&s.scenario)
            .map(|sc| sc.setup_order.clone())
            .filter(|o| !o.is_empty())
            .unwrap_or(vec![Side::Nva, Side::Us])
    }

    /// The set-up area index of each unit a side may still re-place.
    fn setup_areas(&self, s: &State, side: Side) -> Vec<(UnitId, usize)> {
        let Some(sc) = self.scenario(&s.scenario) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut idx = 0usize;
        for (fside, forces) in &sc.forces {
            for f in forces {
                for _ in 0..f.count.max(1) {
                    let id = idx as UnitId;
                    if let Some(a) = f.area.filter(|a| *a < sc.areas.len())
                        && *fside == side
                        && s.placed.contains(&id)
                    {
                        out.push((id, a));
                    }
                    idx += 1 + count_carried(f);
                }
            }
        }
        out
    }

    /// Units a side may still re-place during set-up, and their area's
    /// hexes (the tests' view of what `setup_candidates` lists).
    #[cfg(test)]
    pub(crate) fn setup_movable(&self, s: &State, side: Side) -> Vec<(UnitId, Vec<Hex>)> {
        let Some(sc) = self.scenario(&s.scenario) else {
            return Vec::new();
        };
        self.setup_areas(s, side)
            .into_iter()
            .map(|(u, a)| (u, sc.areas[a].all_hexes()))
            .collect()
    }

    /// May `unit` be re-placed at `hex` now?
    fn setup_place_ok(&self, s: &State, side: Side, unit: UnitId, hex: Hex) -> bool {
        let Some(sc) = self.scenario(&s.scenario) else {
            return false;
        };
        self.setup_areas(s, side)
            .into_iter()
            .any(|(u, a)| u == unit && sc.areas[a].contains(hex))
    }

    pub(crate) fn next_setup(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        let order = self.setup_order(s);
        self.renumber_markers(s, side);
        s.to_plot[side.idx()] = 0;
        s.placed.retain(|u| s.units[*u as usize].side != side);
        let pos = order.iter().position(|x| *x == side).unwrap_or(order.len());
        if let Some(next) = order.get(pos + 1) {
            s.set_phase(Step::Setup { side: *next });
        } else {
            self.begin_turn(s, ev);
        }
    }

    pub(crate) fn setup_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        // Each unit a side may still re-place, in each hex of its area;
        // an area's hexes worked out once however many units share it.
        if let Some(sc) = self.scenario(&s.scenario) {
            let mut area_hexes: Vec<Option<Vec<Hex>>> = vec![None; sc.areas.len()];
            for (u, a) in self.setup_areas(s, side) {
                let hexes = area_hexes[a].get_or_insert_with(|| sc.areas[a].all_hexes());
                for &h in hexes.iter() {
                    out.push(Command::Place { unit: u, hex: h });
                }
            }
        }
        if s.to_plot[side.idx()] > 0 {
            for h in self.plot_hexes(s, side) {
                out.push(Command::Plot { hex: h });
            }
        }
        out.push(Command::SetupDone);
    }

    pub(crate) fn check_place(&self, s: &State, side: Side, unit: UnitId, hex: Hex) -> Checked {
        ensure(
            self.setup_place_ok(s, side, unit, hex),
            "3.0",
            "that unit may not be set up there",
        )?;
        ensure(
            self.map_of(s).in_play(hex),
            "1.2",
            "that hex is not in play",
        )
    }

    pub(crate) fn execute_setup(
        &self,
        s: &mut State,
        side: Side,
        c: &Command,
        ev: &mut Vec<Event>,
    ) {
        match c {
            Command::Place { unit, hex } => {
                s.unit_mut(*unit).hex = Some(*hex);
                s.unit_mut(*unit).fort = None;
                self.dig_in(s, *unit);
                s.placed.retain(|u| u != unit);
                let hidden = s.unit(*unit).concealed;
                ev.push(Event::Placed {
                    unit: *unit,
                    hex: *hex,
                    hidden,
                    secret: hidden.then_some(side),
                });
            }
            Command::Plot { hex } => {
                s.traps.push(Trap {
                    owner: side,
                    kind: if side == Side::Us {
                        TrapKind::Claymore
                    } else {
                        TrapKind::BoobyTrap
                    },
                    hex: *hex,
                    used: false,
                });
                s.to_plot[side.idx()] -= 1;
                ev.push(Event::Plotted { side });
            }
            _ => self.next_setup(s, side, ev),
        }
    }

    /// The side's set-up ends by itself when it has nothing left to place
    /// or plot; false while it has.
    pub(crate) fn settle_setup(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) -> bool {
        let more = s.to_plot[side.idx()] > 0 && self.any_plot_hex(s, side)
            || !self.setup_areas(s, side).is_empty();
        if more {
            return false;
        }
        self.next_setup(s, side, ev);
        true
    }
}

fn count_carried(f: &Force) -> usize {
    f.carrying
        .iter()
        .map(|c| c.count.max(1) as usize * (1 + count_carried(c)))
        .sum()
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_setup(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            // A Concealed unit re-placed in set-up is its owner's secret
            // (3.0): the other side reads neither which nor where. One
            // placed by a Random Event (19.7) is a new marker for all to
            // see; which piece it is stays the owner's.
            Event::Placed {
                unit,
                hex,
                hidden: true,
                secret,
            } => {
                let text = format!("{} is placed at {hex}, Concealed.", n.owner_u(*unit));
                match secret {
                    Some(side) => LogEntry::text(text).private_to(
                        side.idx() as SideIdx,
                        format!("{} re-places a unit in secret (3.0).", side.name()),
                    ),
                    None => LogEntry::text(text).private_to(
                        Side::Nva.idx() as SideIdx,
                        format!("A Concealed marker is placed at {hex}."),
                    ),
                }
            }
            Event::Placed { unit, hex, .. } => {
                LogEntry::text(format!("{} is placed at {hex}.", n.u(*unit)))
            }
            Event::Plotted { side } => {
                LogEntry::text(format!("{} plots a trap in secret (26.0).", side.name()))
            }
            other => n.misrouted(other),
        }
    }
}
