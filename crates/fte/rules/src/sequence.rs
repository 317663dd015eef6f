//! 3.0 Set-Up and the Sequence of Play, 4.0 Place Reinforcements, 20.0 End
//! of Turn. The steps that tie the sections together are in [`crate::step`].

use crate::Fte;
use crate::command::Command;
use crate::data::{MoveClass, Role};
use crate::event::Event;
use crate::geo::{Hex, HexExt};
use crate::map::Edge;
use crate::scenario::Force;
use crate::state::*;
use crate::step::Step;
use vt_core::cup::Cup;
use vt_core::engine::{Setup, SetupError};
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::rng::GameRng;

impl Fte {
    // ---------------------------------------------------------------- set-up

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
            next_marker: 0,
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
        for (i, c) in sc.caches.iter().enumerate() {
            s.caches.push(Cache {
                id: i as u16,
                owner: c.owner,
                kind: c.kind,
                hex: c.hex,
                revealed: false,
                gone: false,
            });
        }
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

    /// At set-up: an infantry unit in a hex with its side's Bunker or
    /// Foxholes goes inside if there is room (24.0, 25.0).
    pub(crate) fn dig_in(&self, s: &mut State, unit: UnitId) {
        let u = s.unit(unit);
        if !self.is_infantry(u) || self.is_marker_only(u) {
            return;
        }
        let (side, hex) = (u.side, u.hex);
        let cap = self.tables.fire.fortification_capacity.value as usize;
        let fort = s
            .caches
            .iter()
            .find(|c| !c.gone && c.kind.is_fort() && c.owner == side && Some(c.hex) == hex)
            .map(|c| c.id);
        if let Some(f) = fort
            && s.on_map().filter(|x| x.fort == Some(f)).count() < cap
        {
            s.unit_mut(unit).fort = Some(f);
        }
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

    /// Units a side may still re-place during set-up, and their area.
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

    /// May `side` plot a trap in `hex` (26.0)?
    pub(crate) fn plot_ok(&self, s: &State, side: Side, hex: Hex) -> bool {
        let map = self.map_of(s);
        if !map.in_play(hex) || s.traps.iter().any(|t| t.hex == hex) {
            return false;
        }
        match side {
            // NVA/VC Booby Traps only in Trail or Cache hexes.
            Side::Nva => map.has_trail(hex) || s.caches.iter().any(|c| c.hex == hex && !c.gone),
            // Claymores in or next to a US Infantry Unit.
            Side::Us => s.on_map().any(|u| {
                u.side == Side::Us
                    && self.is_infantry(u)
                    && !self.is_marker_only(u)
                    && u.hex.is_some_and(|uh| uh == hex || uh.is_adjacent(hex))
            }),
        }
    }

    pub(crate) fn plot_hexes(&self, s: &State, side: Side) -> Vec<Hex> {
        let map = self.map_of(s);
        let mut near: Vec<Hex> = match side {
            Side::Nva => map.hexes().to_vec(),
            Side::Us => s
                .on_map()
                .filter(|u| u.side == Side::Us && self.is_infantry(u) && !self.is_marker_only(u))
                .filter_map(|u| u.hex)
                .flat_map(|h| h.within(1))
                .collect(),
        };
        near.sort();
        near.dedup();
        near.retain(|h| self.plot_ok(s, side, *h));
        near
    }

    // ------------------------------------------------------------ the turn

    pub(crate) fn begin_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::TurnBegins { turn: s.turn });
        // 4.0: reinforcements may bring more chits from this turn on.
        if let Some(sc) = self.scenario(&s.scenario) {
            for r in sc.reinforcements.iter().filter(|r| r.turn == s.turn) {
                s.chits[r.side.idx()] = s.chits[r.side.idx()].saturating_add(r.chits);
            }
        }
        let mut chits = Vec::new();
        for side in [Side::Us, Side::Nva] {
            for _ in 0..s.chits[side.idx()] {
                chits.push(Chit::Side(side));
            }
        }
        if s.random_event_chit {
            chits.push(Chit::RandomEvent);
        }
        let removed = std::mem::take(&mut s.cup.removed);
        s.cup = Cup::new(chits);
        s.cup.removed = removed;
        s.active = s.first_player;
        s.higher_hq = [false, false];
        s.set_phase(Step::Reinforcements { side: Side::Us });
    }

    /// 4.0: units due this turn that have not yet been placed.
    pub(crate) fn arrivals(&self, s: &State, side: Side) -> Vec<UnitId> {
        s.units
            .iter()
            .filter(|u| {
                u.side == side
                    && u.status == UnitStatus::Waiting
                    && u.carrier.is_none()
                    && u.arrives.is_some_and(|t| t <= s.turn)
            })
            .map(|u| u.id)
            .collect()
    }

    pub(crate) fn entry_hexes(&self, s: &State, u: UnitId) -> Vec<Hex> {
        let map = self.map_of(s);
        let unit = s.unit(u);
        let edges = match unit.entry {
            Some(e) => vec![e],
            None => vec![Edge::North, Edge::South, Edge::East, Edge::West],
        };
        let mut v: Vec<Hex> = edges.iter().flat_map(|e| map.edge_hexes(*e)).collect();
        v.sort();
        v.dedup();
        v.retain(|h| self.can_stack(s, u, *h) && self.enemies_at(s, unit.side, *h).is_empty());
        if self.is_vehicle(unit) {
            v.retain(|h| {
                map.terrain(*h)
                    .is_some_and(|t| self.tables.terrain(t).vehicle.value.is_some())
            });
        }
        v
    }

    /// 5.0: the cup is empty; the Fire Missions Phase follows (16.0).
    pub(crate) fn end_activation_phase(&self, s: &mut State) {
        s.set_phase(Step::FireMissions);
    }

    pub(crate) fn end_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::TurnEnds { turn: s.turn });
        // Units that must leave by now fly or drive off (4.0, 15.0, 19.6).
        let due: Vec<UnitId> = s
            .on_map()
            .filter(|u| u.leave_by.is_some_and(|t| t <= s.turn) && !u.downed)
            .map(|u| u.id)
            .collect();
        for u in due {
            self.exit_unit(s, u, ev);
        }
        for u in s.units.iter_mut() {
            u.activated = false;
            u.op_fired = false;
            u.op_fired_retreat = false;
            u.tried_concealment = false;
        }
        if s.turn >= s.turns {
            self.finish(s, ev);
            return;
        }
        s.turn += 1;
        self.begin_turn(s, ev);
    }

    pub(crate) fn next_setup(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        let sc = self.scenario(&s.scenario);
        let order = sc
            .map(|sc| sc.setup_order.clone())
            .filter(|o| !o.is_empty())
            .unwrap_or(vec![Side::Nva, Side::Us]);
        s.to_plot[side.idx()] = 0;
        s.placed.retain(|u| s.units[*u as usize].side != side);
        let pos = order.iter().position(|x| *x == side).unwrap_or(order.len());
        if let Some(next) = order.get(pos + 1) {
            s.set_phase(Step::Setup { side: *next });
        } else {
            self.begin_turn(s, ev);
        }
    }

    // ------------------------------------------------ set-up decisions (3.0)

    pub(crate) fn setup_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        for (u, hexes) in self.setup_movable(s, side) {
            for h in hexes {
                out.push(Command::Place { unit: u, hex: h });
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

    /// 26.0: traps and Claymores are plotted in secret at set-up.
    pub(crate) fn check_plot(&self, s: &State, side: Side, hex: Hex) -> Checked {
        ensure(s.to_plot[side.idx()] > 0, "26.0", "nothing left to plot")?;
        ensure(
            self.plot_ok(s, side, hex),
            "26.0",
            match side {
                Side::Nva => "Booby Traps go in Trail or Cache hexes, one per hex",
                Side::Us => "Claymores go in or next to a US Infantry Unit, one per hex",
            },
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
        let more = s.to_plot[side.idx()] > 0 && !self.plot_hexes(s, side).is_empty()
            || !self.setup_movable(s, side).is_empty();
        if more {
            return false;
        }
        self.next_setup(s, side, ev);
        true
    }

    // ---------------------------------------- reinforcement decisions (4.0)

    pub(crate) fn reinforcement_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        for u in self.arrivals(s, side) {
            let alts = if self.is_heli(s.unit(u)) {
                vec![Altitude::Treetop, Altitude::High]
            } else {
                vec![Altitude::Ground]
            };
            for h in self.entry_hexes(s, u) {
                for a in &alts {
                    out.push(Command::Enter {
                        unit: u,
                        hex: h,
                        altitude: *a,
                    });
                }
            }
        }
    }

    pub(crate) fn check_enter(
        &self,
        s: &State,
        side: Side,
        unit: UnitId,
        hex: Hex,
        altitude: Altitude,
    ) -> Checked {
        ensure(
            self.arrivals(s, side).contains(&unit),
            "4.0",
            "that unit is not arriving now",
        )?;
        ensure(
            self.entry_hexes(s, unit).contains(&hex),
            "4.0",
            "reinforcements enter on their map edge, not overstacked",
        )?;
        let heli = self.is_heli(s.unit(unit));
        if heli && altitude == Altitude::Ground || !heli && altitude != Altitude::Ground {
            return refuse("4.0", "helicopters enter at Treetop or High level");
        }
        Ok(())
    }

    pub(crate) fn execute_enter(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        if let Command::Enter {
            unit,
            hex,
            altitude,
        } = c
        {
            self.enter_unit(s, *unit, *hex, *altitude, ev);
        }
    }

    /// The side's reinforcements phase ends when none of its arrivals can
    /// enter; false while one can. Those that cannot (every edge hex full)
    /// wait; the first activation of the turn follows (5.0).
    pub(crate) fn settle_reinforcements(&self, s: &mut State, side: Side) -> bool {
        if self
            .arrivals(s, side)
            .iter()
            .any(|u| !self.entry_hexes(s, *u).is_empty())
        {
            return false;
        }
        s.set_phase(match side {
            Side::Us => Step::Reinforcements { side: Side::Nva },
            Side::Nva => Step::Activate { first: true },
        });
        true
    }

    /// 4.0: an arriving unit (with whatever it carries) enters.
    pub(crate) fn enter_unit(
        &self,
        s: &mut State,
        unit: UnitId,
        hex: Hex,
        altitude: Altitude,
        ev: &mut Vec<Event>,
    ) {
        let turn = s.turn;
        let role = self.role(s.unit(unit));
        let hog_turns = self.tables.hog_turns.value;
        let u = s.unit_mut(unit);
        u.status = UnitStatus::OnMap;
        u.hex = Some(hex);
        u.altitude = altitude;
        u.arrives = None;
        if role == Role::Hog {
            // 15.0: escorting Hogs leave three turns after entering.
            u.leave_by = Some(turn + hog_turns);
        }
        ev.push(Event::Entered { unit, hex });
    }

    /// Stacking (6.2): two vehicles or one helicopter per hex; Civilians
    /// never with NVA/VC infantry.
    pub fn can_stack(&self, s: &State, unit: UnitId, hex: Hex) -> bool {
        let u = s.unit(unit);
        let here = s.units_at(hex).filter(|o| o.id != unit);
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

    /// Removes an activation chit for a lost Leader (5.1, 7.4).
    pub(crate) fn lose_chit(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        let from_cup = s.cup.remove_permanently(&Chit::Side(side));
        s.chits[side.idx()] = s.chits[side.idx()].saturating_sub(1);
        ev.push(Event::ChitLost { side, from_cup });
    }
}

fn count_carried(f: &Force) -> usize {
    f.carrying
        .iter()
        .map(|c| c.count.max(1) as usize * (1 + count_carried(c)))
        .sum()
}
