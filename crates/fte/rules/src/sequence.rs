//! 3.0 Set-Up and the Sequence of Play, 4.0 Place Reinforcements, 20.0 End
//! of Turn; and the decision machine that ties the sections together: which
//! side must choose what, the commands each decision accepts, and the
//! automatic steps between decisions.

use crate::Fte;
use crate::command::Command;
use crate::data::{MoveClass, Role};
use crate::event::Event;
use crate::geo::{Hex, HexExt};
use crate::map::Edge;
use crate::scenario::Force;
use crate::state::*;
use vt_core::cup::Cup;
use vt_core::engine::{Decision, Setup, SetupError};
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::rng::GameRng;

/// What the game is waiting for: the decision, in the rules' terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    Setup(Side),
    Reinforce(Side),
    Choose,
    Act,
    Moving,
    OpFireDeclare,
    OpFireFire,
    Retreat,
    Carry,
    HeliDown,
    AssaultAttack,
    AssaultDefend,
    Advance,
    Event,
    Interrogate,
    Reveal,
    Claymore,
    Mission,
    Conceal(Side),
    Over,
}

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
            phase: Phase::GameOver,
            first_player: sc.first_player,
            active: sc.first_player,
            first_activation: true,
            drawn: false,
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
            stack: Vec::new(),
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
        s.phase = Phase::Setup(order[0]);
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
        s.first_activation = true;
        s.drawn = false;
        s.active = s.first_player;
        s.higher_hq = [false, false];
        s.phase = Phase::Reinforcements(Side::Us);
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

    fn end_activation_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        let _ = ev;
        s.phase = Phase::FireMissions;
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

    // --------------------------------------------------- automatic progress

    /// Runs the automatic steps until a side must decide.
    pub(crate) fn advance(&self, s: &mut State, ev: &mut Vec<Event>) {
        for _ in 0..10_000 {
            if s.phase == Phase::GameOver {
                s.stack.clear();
                return;
            }
            if !s.stack.is_empty() {
                if self.settle_interrupt(s, ev) {
                    continue;
                }
                return;
            }
            match s.phase {
                Phase::Setup(side) => {
                    let more = s.to_plot[side.idx()] > 0 && !self.plot_hexes(s, side).is_empty()
                        || !self.setup_movable(s, side).is_empty();
                    if more {
                        return;
                    }
                    self.next_setup(s, side, ev);
                }
                Phase::Reinforcements(side) => {
                    if self
                        .arrivals(s, side)
                        .iter()
                        .any(|u| !self.entry_hexes(s, *u).is_empty())
                    {
                        return;
                    }
                    // Nobody can enter (every edge hex full): they wait.
                    s.phase = match side {
                        Side::Us => Phase::Reinforcements(Side::Nva),
                        Side::Nva => Phase::Activation,
                    };
                }
                Phase::Activation => {
                    if s.first_activation || s.drawn {
                        return;
                    }
                    match s.cup.draw(&mut s.rng) {
                        None => self.end_activation_phase(s, ev),
                        Some(Chit::RandomEvent) => {
                            ev.push(Event::ChitDrawn {
                                chit: Chit::RandomEvent,
                            });
                            self.random_event(s, ev);
                        }
                        Some(Chit::Side(side)) => {
                            ev.push(Event::ChitDrawn {
                                chit: Chit::Side(side),
                            });
                            s.active = side;
                            s.drawn = true;
                        }
                    }
                }
                Phase::Acting => {
                    if self.activation_spent(s) {
                        self.end_activation(s, ev);
                        continue;
                    }
                    return;
                }
                Phase::FireMissions => {
                    if s.missions.iter().any(|m| m.turn <= s.turn) {
                        return;
                    }
                    self.check_casualties(s, ev);
                    s.phase = Phase::Concealment(Side::Us);
                }
                Phase::Concealment(side) => {
                    if !self.conceal_candidates(s, side).is_empty() {
                        return;
                    }
                    match side {
                        Side::Us => s.phase = Phase::Concealment(Side::Nva),
                        Side::Nva => self.end_turn(s, ev),
                    }
                }
                Phase::GameOver => return,
            }
        }
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
            s.phase = Phase::Setup(*next);
        } else {
            self.begin_turn(s, ev);
        }
    }

    /// Handles the top interrupt if it needs no decision; true if it did.
    fn settle_interrupt(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(top) = s.stack.last().cloned() else {
            return false;
        };
        match top {
            Interrupt::OpFire(o) => {
                if o.passed.is_empty() && self.opfire_eligible(s, &o).is_empty() {
                    s.stack.pop();
                    return true;
                }
                if !o.passed.is_empty() && self.live_targets(s, &o).is_empty() {
                    s.stack.pop();
                    return true;
                }
                if o.passed.is_empty() && self.live_targets(s, &o).is_empty() {
                    s.stack.pop();
                    return true;
                }
                false
            }
            Interrupt::Retreat { unit, .. } => {
                if !self.alive(s, unit) || s.unit(unit).status != UnitStatus::OnMap {
                    s.stack.pop();
                    return true;
                }
                if self.retreat_hexes(s).is_empty() {
                    s.stack.pop();
                    self.retreat_fails(s, unit, ev);
                    return true;
                }
                false
            }
            Interrupt::Carry { casualty } => {
                if self.carry_candidates(s, casualty).is_empty() {
                    s.stack.pop();
                    return true;
                }
                false
            }
            Interrupt::HeliDown { unit, .. } => {
                if self.setdown_hexes(s).is_empty() {
                    s.stack.pop();
                    self.destroy_helicopter(s, unit, ev);
                    return true;
                }
                false
            }
            Interrupt::Assault(_) => self.assault_step(s, ev),
            Interrupt::Event { .. } => {
                if self.event_candidates(s).is_empty() {
                    s.stack.pop();
                    return true;
                }
                false
            }
            Interrupt::Interrogate { unit, civilians } => {
                if !self.alive(s, unit) || !self.alive(s, civilians) {
                    s.stack.pop();
                    return true;
                }
                false
            }
            Interrupt::Reveal { near, left } => {
                if left == 0 || self.reveal_candidates(s, near).is_empty() {
                    s.stack.pop();
                    return true;
                }
                false
            }
            Interrupt::PendingLoad {
                carrier,
                units,
                casualties,
            } => {
                s.stack.pop();
                self.complete_load(s, carrier, &units, &casualties, ev);
                true
            }
            Interrupt::Claymore { hex } => {
                if !self.claymore_ready(s, hex) {
                    s.stack.pop();
                    return true;
                }
                false
            }
        }
    }

    // ------------------------------------------------------------ decisions

    pub fn expect(&self, s: &State) -> Expect {
        if s.phase == Phase::GameOver {
            return Expect::Over;
        }
        if let Some(top) = s.stack.last() {
            return match top {
                Interrupt::OpFire(o) => {
                    if o.passed.is_empty() {
                        Expect::OpFireDeclare
                    } else {
                        Expect::OpFireFire
                    }
                }
                Interrupt::Retreat { .. } => Expect::Retreat,
                Interrupt::Carry { .. } => Expect::Carry,
                Interrupt::HeliDown { .. } => Expect::HeliDown,
                Interrupt::Assault(a) => match a.stage {
                    AssaultStage::DefenderFire => Expect::AssaultDefend,
                    AssaultStage::Advance => Expect::Advance,
                    _ => Expect::AssaultAttack,
                },
                Interrupt::Event { .. } => Expect::Event,
                Interrupt::Interrogate { .. } => Expect::Interrogate,
                Interrupt::Reveal { .. } => Expect::Reveal,
                Interrupt::Claymore { .. } => Expect::Claymore,
                Interrupt::PendingLoad { .. } => Expect::Act,
            };
        }
        match s.phase {
            Phase::Setup(side) => Expect::Setup(side),
            Phase::Reinforcements(side) => Expect::Reinforce(side),
            Phase::Activation => Expect::Choose,
            Phase::Acting => {
                if s.activation.as_ref().is_some_and(|a| a.moving.is_some()) {
                    Expect::Moving
                } else {
                    Expect::Act
                }
            }
            Phase::FireMissions => Expect::Mission,
            Phase::Concealment(side) => Expect::Conceal(side),
            Phase::GameOver => Expect::Over,
        }
    }

    /// The side that must answer the current decision.
    pub fn deciding_side(&self, s: &State) -> Option<Side> {
        Some(match self.expect(s) {
            Expect::Over => return None,
            Expect::Setup(x) | Expect::Reinforce(x) | Expect::Conceal(x) => x,
            Expect::Choose | Expect::Act | Expect::Moving => s.active,
            Expect::OpFireDeclare | Expect::OpFireFire => match s.stack.last() {
                Some(Interrupt::OpFire(o)) => self.opfire_side(s, o),
                _ => s.active.other(),
            },
            Expect::Retreat => match s.stack.last() {
                Some(Interrupt::Retreat { unit, .. }) => s.unit(*unit).side,
                _ => s.active,
            },
            Expect::Carry => match s.stack.last() {
                Some(Interrupt::Carry { casualty }) => s.casualties[*casualty as usize].side,
                _ => s.active,
            },
            Expect::HeliDown => Side::Us,
            Expect::AssaultAttack | Expect::Advance => match s.stack.last() {
                Some(Interrupt::Assault(a)) => a.side,
                _ => s.active,
            },
            Expect::AssaultDefend => match s.stack.last() {
                Some(Interrupt::Assault(a)) => a.side.other(),
                _ => s.active.other(),
            },
            Expect::Event => match s.stack.last() {
                Some(Interrupt::Event { event, side, .. }) => Self::event_chooser(*event, *side),
                _ => s.active,
            },
            Expect::Interrogate | Expect::Claymore => Side::Us,
            Expect::Reveal => Side::Nva,
            Expect::Mission => s
                .missions
                .iter()
                .find(|m| m.turn <= s.turn)
                .map(|m| m.side)
                .unwrap_or(Side::Us),
        })
    }

    pub(crate) fn current_decision(&self, s: &State) -> Decision {
        let e = self.expect(s);
        if e == Expect::Over {
            return Decision::game_over();
        }
        let side = self.deciding_side(s).unwrap_or(Side::Us);
        let (kind, prompt, rule) = match e {
            Expect::Setup(_) => (
                "setup",
                "Set up: place units in their areas and plot traps in secret, then finish.",
                "3.0, 26.0",
            ),
            Expect::Reinforce(_) => (
                "reinforcements",
                "Place arriving units on their map edge.",
                "4.0",
            ),
            Expect::Choose => (
                "activate",
                if s.first_activation {
                    "First activation of the turn (no chit): activate a Leader, a hex or a unit, or pass."
                } else {
                    "Your chit was drawn: activate a Leader, a hex or a unit, or pass."
                },
                "5.1",
            ),
            Expect::Act => (
                "action",
                "Give the activated units their actions, or end the activation.",
                "5.1",
            ),
            Expect::Moving => (
                "move",
                "Move on: enter the next hex, or end the move.",
                "6.0",
            ),
            Expect::OpFireDeclare => (
                "opportunity-fire",
                "An enemy acts in sight: attempt Opportunity Fire with which units?",
                "21.0",
            ),
            Expect::OpFireFire => (
                "opportunity-fire-target",
                "Opportunity Fire: choose the firing units and the target, or hold fire.",
                "21.0",
            ),
            Expect::Retreat => (
                "retreat",
                "A Broken unit retreats: choose the next hex away from the enemy.",
                "7.4",
            ),
            Expect::Carry => (
                "carry",
                "A new casualty: pick it up with a unit in the hex?",
                "7.5.2",
            ),
            Expect::HeliDown => (
                "set-down",
                "A downed helicopter: choose where it comes down.",
                "7.4",
            ),
            Expect::AssaultAttack => (
                "assault-attack",
                "Assault: the attackers fire (one target per unit).",
                "8.0",
            ),
            Expect::AssaultDefend => (
                "assault-defend",
                "Assault: the defenders fire back (one target per unit).",
                "8.0",
            ),
            Expect::Advance => ("advance", "The hex is cleared: advance into it?", "8.0"),
            Expect::Event => (
                "random-event",
                "Random Event: make its choice.",
                match s.stack.last() {
                    Some(Interrupt::Event { event, .. }) => event.section(),
                    _ => "19.0",
                },
            ),
            Expect::Interrogate => (
                "interrogate",
                "Civilians here: attempt an Interrogation?",
                "28.0",
            ),
            Expect::Reveal => (
                "reveal",
                "Interrogation: reveal Concealed units or Hidden Caches nearby.",
                "28.0",
            ),
            Expect::Claymore => (
                "claymore",
                "The enemy is at a plotted Claymore: detonate it?",
                "26.0",
            ),
            Expect::Mission => (
                "fire-mission",
                "A Fire Mission is due: execute it or cancel it.",
                "16.0",
            ),
            Expect::Conceal(_) => (
                "concealment",
                "Check for Concealment: choose units to conceal, then finish.",
                "18.0",
            ),
            Expect::Over => unreachable!(),
        };
        // Say where and what, when the interrupt has a place.
        let detail = match s.stack.last() {
            Some(Interrupt::OpFire(o)) => format!(
                " ({:?} at {}{}{})",
                o.kind,
                o.hex,
                if o.stealthy { ", Stealthy" } else { "" },
                if o.on_trail { ", along a trail" } else { "" }
            ),
            Some(Interrupt::Retreat { unit, away, left }) => {
                format!(" (#{unit}, {left} hex(es) to go, away from {away})")
            }
            Some(Interrupt::Assault(a)) => format!(" ({}, round {})", a.hex, a.round),
            Some(Interrupt::Claymore { hex }) => format!(" ({hex})"),
            Some(Interrupt::Event { event, side, .. }) => {
                format!(" ({} for the {})", event.name(), side.name())
            }
            _ => String::new(),
        };
        Decision {
            side: Some(side.idx() as u8),
            kind: kind.into(),
            prompt: format!("{prompt}{detail}"),
            rule: format!("FTE {rule}"),
            // Chances given while the other side acts; declining needs no
            // look at the board.
            interrupt: matches!(kind, "opportunity-fire" | "claymore"),
        }
    }

    // ------------------------------------------------------ legal commands

    /// Candidate commands for the current decision (before `check`).
    pub(crate) fn candidates(&self, s: &State) -> Vec<Command> {
        let mut out = Vec::new();
        match self.expect(s) {
            Expect::Over => {}
            Expect::Setup(side) => {
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
            Expect::Reinforce(side) => {
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
            Expect::Choose => self.activation_candidates(s, &mut out),
            Expect::Act => self.action_candidates(s, &mut out),
            Expect::Moving => self.move_candidates(s, &mut out),
            Expect::OpFireDeclare | Expect::OpFireFire => self.opfire_candidates(s, &mut out),
            Expect::Retreat => {
                for h in self.retreat_hexes(s) {
                    out.push(Command::Retreat { hex: h });
                }
            }
            Expect::Carry => {
                if let Some(Interrupt::Carry { casualty }) = s.stack.last() {
                    for u in self.carry_candidates(s, *casualty) {
                        out.push(Command::Carry { unit: u });
                    }
                }
                out.push(Command::LeaveCasualty);
            }
            Expect::HeliDown => {
                for h in self.setdown_hexes(s) {
                    out.push(Command::SetDown { hex: h });
                }
            }
            Expect::AssaultAttack | Expect::AssaultDefend | Expect::Advance => {
                self.assault_candidates(s, &mut out)
            }
            Expect::Event => out.extend(self.event_candidates(s)),
            Expect::Interrogate => {
                out.push(Command::Interrogate);
                out.push(Command::NoInterrogation);
            }
            Expect::Reveal => {
                if let Some(Interrupt::Reveal { near, .. }) = s.stack.last() {
                    out.extend(self.reveal_candidates(s, *near));
                }
            }
            Expect::Claymore => {
                out.push(Command::Detonate);
                out.push(Command::NoDetonate);
            }
            Expect::Mission => {
                out.push(Command::ExecuteMission);
                out.push(Command::CancelMission);
            }
            Expect::Conceal(side) => {
                for u in self.conceal_candidates(s, side) {
                    out.push(Command::Conceal { unit: u });
                }
                out.push(Command::ConcealDone);
            }
        }
        out
    }

    // --------------------------------------------------------------- check

    /// Every unit, casualty and cache number in a command must exist.
    fn ids_exist(&self, s: &State, c: &Command) -> Checked {
        use Command as C;
        let mut units: Vec<UnitId> = Vec::new();
        let mut cas: Vec<u16> = Vec::new();
        let mut caches: Vec<u16> = Vec::new();
        match c {
            C::Place { unit, .. }
            | C::Enter { unit, .. }
            | C::ActivateUnit { unit }
            | C::Search { unit }
            | C::DestroyCache { unit }
            | C::RequestMedevac { unit }
            | C::RequestFireMission { unit, .. }
            | C::Carry { unit }
            | C::EventUnit { unit }
            | C::RevealUnit { unit }
            | C::Conceal { unit } => units.push(*unit),
            C::ActivateLeader { leader } => units.push(*leader),
            C::Unload { carrier } => units.push(*carrier),
            C::Abandon { vehicle } => units.push(*vehicle),
            C::ActivateHelicopters { units: us }
            | C::Move { units: us, .. }
            | C::Assault { units: us, .. }
            | C::OpFireAttempt { units: us }
            | C::Advance { units: us } => units.extend(us),
            C::Fire {
                firers, primary, ..
            }
            | C::AssaultFire {
                firers, primary, ..
            } => {
                units.extend(firers);
                units.push(*primary);
            }
            C::OpFire {
                primary,
                supporters,
                ..
            } => {
                units.push(*primary);
                units.extend(supporters);
            }
            C::Recover {
                unit,
                pick_up,
                transfer,
            } => {
                units.push(*unit);
                cas.extend(pick_up);
                if let Some((k, to)) = transfer {
                    cas.push(*k);
                    units.push(*to);
                }
            }
            C::Load {
                carrier,
                units: us,
                casualties,
            } => {
                units.push(*carrier);
                units.extend(us);
                cas.extend(casualties);
            }
            C::Drop { casualty } => cas.push(*casualty),
            C::RevealCache { cache } => caches.push(*cache),
            _ => {}
        }
        if units.iter().any(|u| *u as usize >= s.units.len())
            || cas.iter().any(|k| *k as usize >= s.casualties.len())
            || caches.iter().any(|k| *k as usize >= s.caches.len())
        {
            return refuse("2.0", "no such unit, marker or cache");
        }
        Ok(())
    }

    pub(crate) fn check_command(&self, s: &State, c: &Command) -> Checked {
        self.ids_exist(s, c)?;
        let e = self.expect(s);
        use Command as C;
        match (&e, c) {
            (Expect::Over, _) => refuse("29.0", "the game is over"),
            (Expect::Setup(side), C::Place { unit, hex }) => {
                if !self.setup_place_ok(s, *side, *unit, *hex) {
                    return refuse("3.0", "that unit may not be set up there");
                }
                if !self.map_of(s).in_play(*hex) {
                    return refuse("1.2", "that hex is not in play");
                }
                Ok(())
            }
            (Expect::Setup(side), C::Plot { hex }) => {
                if s.to_plot[side.idx()] == 0 {
                    return refuse("26.0", "nothing left to plot");
                }
                if !self.plot_ok(s, *side, *hex) {
                    return refuse(
                        "26.0",
                        match side {
                            Side::Nva => "Booby Traps go in Trail or Cache hexes, one per hex",
                            Side::Us => {
                                "Claymores go in or next to a US Infantry Unit, one per hex"
                            }
                        },
                    );
                }
                Ok(())
            }
            (Expect::Setup(_), C::SetupDone) => Ok(()),
            (
                Expect::Reinforce(side),
                C::Enter {
                    unit,
                    hex,
                    altitude,
                },
            ) => {
                if !self.arrivals(s, *side).contains(unit) {
                    return refuse("4.0", "that unit is not arriving now");
                }
                if !self.entry_hexes(s, *unit).contains(hex) {
                    return refuse(
                        "4.0",
                        "reinforcements enter on their map edge, not overstacked",
                    );
                }
                let heli = self.is_heli(s.unit(*unit));
                if heli && *altitude == Altitude::Ground || !heli && *altitude != Altitude::Ground {
                    return refuse("4.0", "helicopters enter at Treetop or High level");
                }
                Ok(())
            }
            (Expect::Choose, _) => self.check_activation(s, c),
            (Expect::Act, _) => self.check_action(s, c),
            (Expect::Moving, _) => self.check_move_step(s, c),
            (Expect::OpFireDeclare | Expect::OpFireFire, _) => self.check_opfire(s, c),
            (Expect::Retreat, C::Retreat { hex }) => ensure(
                self.retreat_hexes(s).contains(hex),
                "7.4",
                "a Broken unit retreats away from the unit that broke it, into a hex it may enter",
            ),
            (Expect::Carry, C::Carry { unit }) => match s.stack.last() {
                Some(Interrupt::Carry { casualty })
                    if self.carry_candidates(s, *casualty).contains(unit) =>
                {
                    Ok(())
                }
                _ => refuse(
                    "7.5.2",
                    "only an Infantry Unit of three or four men in the hex, with room, may carry it",
                ),
            },
            (Expect::Carry, C::LeaveCasualty) => Ok(()),
            (Expect::HeliDown, C::SetDown { hex }) => ensure(
                self.setdown_hexes(s).contains(hex),
                "7.4",
                "a downed helicopter lands within range in a hex it may be at Ground level",
            ),
            (Expect::AssaultAttack | Expect::AssaultDefend | Expect::Advance, _) => {
                self.check_assault_round(s, c)
            }
            (Expect::Event, _) => {
                if self.event_choice_ok(s, c) {
                    Ok(())
                } else {
                    let section = match s.stack.last() {
                        Some(Interrupt::Event { event, .. }) => event.section(),
                        _ => "19.0",
                    };
                    refuse(section, "not a valid choice for this Random Event")
                }
            }
            (Expect::Interrogate, C::Interrogate | C::NoInterrogation) => Ok(()),
            (Expect::Reveal, _) => match s.stack.last() {
                Some(Interrupt::Reveal { near, .. })
                    if self.reveal_candidates(s, *near).contains(c) =>
                {
                    Ok(())
                }
                _ => refuse(
                    "28.0",
                    "reveal a Concealed unit or Hidden Cache within 8 hexes",
                ),
            },
            (Expect::Claymore, C::Detonate | C::NoDetonate) => Ok(()),
            (Expect::Mission, C::ExecuteMission | C::CancelMission) => Ok(()),
            (Expect::Conceal(side), C::Conceal { unit }) => ensure(
                self.conceal_candidates(s, *side).contains(unit),
                "18.2",
                "only Visible infantry not in Clear terrain may try to become Concealed",
            ),
            (Expect::Conceal(_), C::ConcealDone) => Ok(()),
            _ => refuse(
                "3.0",
                format!("that is not an answer to the current decision ({:?})", e),
            ),
        }
    }

    // ------------------------------------------------------------- execute

    pub(crate) fn execute_command(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        use Command as C;
        match self.expect(s) {
            Expect::Over => {}
            Expect::Setup(side) => match c {
                C::Place { unit, hex } => {
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
                C::Plot { hex } => {
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
            },
            Expect::Reinforce(_) => {
                if let C::Enter {
                    unit,
                    hex,
                    altitude,
                } = c
                {
                    self.enter_unit(s, *unit, *hex, *altitude, ev);
                }
            }
            Expect::Choose => self.execute_activation(s, c, ev),
            Expect::Act => self.execute_action(s, c, ev),
            Expect::Moving => self.execute_move_step(s, c, ev),
            Expect::OpFireDeclare | Expect::OpFireFire => self.execute_opfire(s, c, ev),
            Expect::Retreat => {
                if let C::Retreat { hex } = c {
                    self.retreat_step(s, *hex, ev);
                }
            }
            Expect::Carry => {
                let Some(Interrupt::Carry { casualty }) = s.stack.pop() else {
                    return;
                };
                if let C::Carry { unit } = c {
                    let cas = &mut s.casualties[casualty as usize];
                    cas.carrier = Some(*unit);
                    cas.hex = None;
                    ev.push(Event::Carried {
                        marked: None,
                        casualty,
                        unit: *unit,
                    });
                }
            }
            Expect::HeliDown => {
                if let (Some(Interrupt::HeliDown { unit, .. }), C::SetDown { hex }) =
                    (s.stack.pop(), c)
                {
                    let u = s.unit_mut(unit);
                    u.hex = Some(*hex);
                    u.altitude = Altitude::Ground;
                    ev.push(Event::AltitudeChanged {
                        unit,
                        altitude: Altitude::Ground,
                    });
                }
            }
            Expect::AssaultAttack | Expect::AssaultDefend | Expect::Advance => {
                self.execute_assault_round(s, c, ev)
            }
            Expect::Event => self.execute_event_choice(s, c, ev),
            Expect::Interrogate => self.execute_interrogate(s, c, ev),
            Expect::Reveal => self.execute_reveal(s, c, ev),
            Expect::Claymore => self.execute_claymore(s, c, ev),
            Expect::Mission => self.execute_mission_choice(s, c, ev),
            Expect::Conceal(side) => match c {
                C::Conceal { unit } => self.try_conceal(s, *unit, ev),
                _ => {
                    s.phase = match side {
                        Side::Us => Phase::Concealment(Side::Nva),
                        Side::Nva => {
                            // Hand over to the end of turn through advance.
                            Phase::Concealment(Side::Nva)
                        }
                    };
                    if side == Side::Nva {
                        self.end_turn(s, ev);
                    }
                }
            },
        }
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
