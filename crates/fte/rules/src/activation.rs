//! 5.0 Activation Phase and 5.1 Activating Units: chits, the first
//! activation without a chit, Leader activation within two hexes (VC and
//! NVA Leaders only their own, Broken and Suppressed Leaders), activating a
//! hex, single vehicles and helicopters (the chit goes back), one action for
//! infantry and two for vehicles and helicopters, passing.

use crate::Fte;
use crate::command::Command;
use crate::data::{MoveClass, Nation, Role};
use crate::describe::Names;
use crate::event::Event;
use crate::geo::{Hex, HexExt};
use crate::state::*;
use crate::step::Step;
use std::borrow::Cow;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, Refusal, ensure, refuse};
use vt_core::sort::StableSort;

impl Fte {
    /// May this unit be activated now (on the map, the active side's, not
    /// yet activated this turn)?
    pub(crate) fn fresh(&self, s: &State, u: &Unit) -> bool {
        u.status == UnitStatus::OnMap && u.side == s.active && !u.activated
    }

    /// The units a Leader's activation brings with it (5.1).
    pub fn leader_group(&self, s: &State, leader: UnitId) -> Result<Vec<UnitId>, Refusal> {
        let l = s.unit(leader);
        if !self.fresh(s, l) {
            return refuse("5.1", "that Leader cannot be activated now");
        }
        if s.higher_hq[l.side.idx()] {
            return refuse("19.5", "Higher HQ: no Leader Activations this turn");
        }
        let Some(lh) = l.hex else {
            return refuse("5.1", "that Leader is not on the map");
        };
        // A vehicle carrying a Leader acts as a Leader for vehicles within 4.
        if self.is_vehicle(l) {
            let carries_leader = s.units.iter().any(|u| {
                u.carrier == Some(leader) && u.status == UnitStatus::Loaded && self.is_leader(u)
            });
            if !carries_leader {
                return refuse(
                    "5.1",
                    "only a vehicle carrying a Leader activates other vehicles",
                );
            }
            let r = self.tables.vehicle_leader_range.value as u32;
            let mut v: Vec<UnitId> = s
                .on_map()
                .filter(|u| {
                    self.fresh(s, u)
                        && self.is_vehicle(u)
                        && u.hex.is_some_and(|h| h.distance(lh) <= r)
                })
                .map(|u| u.id)
                .collect();
            v.stable_sort();
            return Ok(v);
        }
        if !self.is_leader(l) {
            return refuse("5.1", "that unit is not a Leader");
        }
        if l.broken {
            return Ok(vec![leader]);
        }
        let range = if l.suppressed {
            0
        } else {
            self.tables.leader_range.value as u32
        };
        let nation = self.nation(l);
        let mut v: Vec<UnitId> = s
            .on_map()
            .filter(|u| {
                self.fresh(s, u)
                    && self.is_infantry(u)
                    && u.hex.is_some_and(|h| h.distance(lh) <= range)
                    && match nation {
                        Nation::Us => true,
                        n => self.nation(u) == n || self.role(u) == Role::Civilians,
                    }
            })
            .map(|u| u.id)
            .collect();
        v.stable_sort();
        Ok(v)
    }

    fn heli_group_ok(&self, s: &State, units: &[UnitId]) -> bool {
        if units.len() < 2 {
            return false;
        }
        let mut sorted = units.to_vec();
        sorted.stable_sort();
        sorted.dedup();
        if sorted.len() != units.len() {
            return false;
        }
        if !units.iter().all(|u| {
            let x = s.unit(*u);
            self.fresh(s, x) && self.is_heli(x) && !x.downed
        }) {
            return false;
        }
        // Connected by adjacency.
        let mut reached = vec![units[0]];
        let mut changed = true;
        while changed {
            changed = false;
            for u in units {
                if reached.contains(u) {
                    continue;
                }
                let h = s.unit(*u).hex;
                if reached
                    .iter()
                    .any(|r| s.unit(*r).hex.zip(h).is_some_and(|(a, b)| a.is_adjacent(b)))
                {
                    reached.push(*u);
                    changed = true;
                }
            }
        }
        reached.len() == units.len()
    }

    pub(crate) fn activation_candidates(&self, s: &State, out: &mut Vec<Command>) {
        let mut hexes: Vec<Hex> = Vec::new();
        for u in s.on_map() {
            if !self.fresh(s, u) {
                continue;
            }
            match self.class(u) {
                MoveClass::Infantry => {
                    if self.is_leader(u) {
                        out.push(Command::ActivateLeader { leader: u.id });
                    }
                    if let Some(h) = u.hex
                        && !hexes.contains(&h)
                    {
                        hexes.push(h);
                    }
                }
                MoveClass::Vehicle => {
                    out.push(Command::ActivateUnit { unit: u.id });
                    out.push(Command::ActivateLeader { leader: u.id });
                }
                MoveClass::Helicopter => {
                    out.push(Command::ActivateUnit { unit: u.id });
                    // All fresh helicopters connected to this one.
                    let group: Vec<UnitId> = s
                        .on_map()
                        .filter(|o| self.fresh(s, o) && self.is_heli(o) && !o.downed)
                        .map(|o| o.id)
                        .collect();
                    if group.len() >= 2 && group[0] == u.id && self.heli_group_ok(s, &group) {
                        out.push(Command::ActivateHelicopters { units: group });
                    }
                }
            }
        }
        hexes.stable_sort();
        for h in hexes {
            out.push(Command::ActivateHex { hex: h });
        }
        self.claymore_candidates(s, out);
        out.push(Command::Pass);
    }

    pub(crate) fn check_activation(&self, s: &State, c: &Command) -> Checked {
        match c {
            Command::Pass => Ok(()),
            Command::DetonateAt { hex } => self.check_detonate_at(s, *hex),
            Command::ActivateLeader { leader } => {
                self.leader_group(s, *leader)?;
                Ok(())
            }
            Command::ActivateHex { hex } => {
                self.check_activate_hex(s, *hex, |l| self.leader_group(s, l).ok().map(Cow::Owned))
            }
            Command::ActivateUnit { unit } => {
                let u = s.unit(*unit);
                ensure(
                    self.fresh(s, u),
                    "5.0",
                    "that unit cannot be activated (each unit once per turn)",
                )
            }
            Command::ActivateHelicopters { units } => ensure(
                self.heli_group_ok(s, units),
                "5.1",
                "only adjacent helicopters may be activated together",
            ),
            _ => refuse("5.1", "activate a Leader, a hex or a unit, or pass"),
        }
    }

    /// A Hex Activation (5.1), with `group_of(leader)` giving a Leader's
    /// group (None when he may not be activated).
    fn check_activate_hex<'g>(
        &self,
        s: &State,
        hex: Hex,
        mut group_of: impl FnMut(UnitId) -> Option<Cow<'g, [UnitId]>>,
    ) -> Checked {
        let mut group: Vec<UnitId> = s
            .units_at(hex)
            .filter(|u| self.fresh(s, u) && self.is_infantry(u))
            .map(|u| u.id)
            .collect();
        if group.is_empty() {
            return refuse("5.1", "no friendly infantry in that hex can be activated");
        }
        group.stable_sort();
        // The same units as a Leader Activation of a Leader among
        // them (a lone Leader, say): one choice, offered once, as
        // the Leader's.
        let same = group
            .iter()
            .any(|u| self.is_leader(s.unit(*u)) && group_of(*u).is_some_and(|g| *g == group[..]));
        ensure(
            !same,
            "5.1",
            "these are the units the Leader activates: activate the Leader",
        )
    }

    /// `legal` for an activation: the candidates [`Fte::check_activation`]
    /// accepts, each Leader's group worked out once (a Hex Activation's
    /// check asks for the group of every Leader in the hex, and the
    /// Leader's own command for his again).
    pub(crate) fn activation_legal(&self, s: &State, candidates: Vec<Command>) -> Vec<Command> {
        let groups: Vec<(UnitId, Option<Vec<UnitId>>)> = candidates
            .iter()
            .filter_map(|c| match c {
                Command::ActivateLeader { leader } => {
                    Some((*leader, self.leader_group(s, *leader).ok()))
                }
                _ => None,
            })
            .collect();
        let group_of = |l: UnitId| match groups.iter().find(|(u, _)| *u == l) {
            Some((_, g)) => g.as_deref().map(Cow::Borrowed),
            None => self.leader_group(s, l).ok().map(Cow::Owned),
        };
        candidates
            .into_iter()
            .filter(|c| {
                self.ids_exist(s, c).is_ok()
                    && match c {
                        Command::ActivateLeader { leader } => group_of(*leader).is_some(),
                        Command::ActivateHex { hex } => {
                            self.check_activate_hex(s, *hex, group_of).is_ok()
                        }
                        _ => self.check_activation(s, c).is_ok(),
                    }
            })
            .collect()
    }

    pub(crate) fn execute_activation(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let side = s.active;
        let first = matches!(s.step(), Step::Activate { first: true });
        let (kind, eligible, leader) = match c {
            Command::DetonateAt { hex } => {
                self.detonate(s, *hex, ev);
                return;
            }
            Command::Pass => {
                ev.push(Event::Passed { side });
                s.set_phase(Step::DrawChit);
                return;
            }
            Command::ActivateLeader { leader } => {
                let g = self.leader_group(s, *leader).unwrap_or_default();
                (ActivationKind::Leader(*leader), g, Some(*leader))
            }
            Command::ActivateHex { hex } => {
                let g: Vec<UnitId> = s
                    .units_at(*hex)
                    .filter(|u| self.fresh(s, u) && self.is_infantry(u))
                    .map(|u| u.id)
                    .collect();
                (ActivationKind::Hex(*hex), g, None)
            }
            Command::ActivateUnit { unit } => (ActivationKind::Unit(*unit), vec![*unit], None),
            Command::ActivateHelicopters { units } => (
                ActivationKind::Helicopters(units.clone()),
                units.clone(),
                None,
            ),
            _ => return,
        };
        let helis = eligible.iter().any(|u| self.is_heli(s.unit(*u)));
        if helis && !first {
            // 5.1: the chit goes back into the cup for a helicopter.
            s.cup.put(Chit::Side(side));
            ev.push(Event::ChitReturned);
        }
        let broken_leader = leader.is_some_and(|l| {
            let u = s.unit(l);
            u.broken && self.is_leader(u)
        });
        let named: Vec<UnitId> = eligible.iter().copied().chain(leader).collect();
        ev.push(Event::Activated {
            side,
            units: eligible.clone(),
            leader,
            marked: s.marked(&named),
        });
        s.activation = Some(Activation {
            side,
            kind,
            eligible,
            acted: Vec::new(),
            exhaust: Vec::new(),
            broken_leader,
        });
        s.set_phase(Step::Acting);
    }

    /// Whether `unit` in the current activation may start an action of `kind`.
    pub fn may_act(&self, s: &State, unit: UnitId, kind: ActionKind) -> Checked {
        let Some(a) = &s.activation else {
            return refuse("5.1", "no activation is under way");
        };
        if !a.eligible.contains(&unit) {
            return refuse("5.1", "that unit is not part of this activation");
        }
        let u = s.unit(unit);
        if u.status != UnitStatus::OnMap {
            return refuse(
                "6.9",
                "that unit is not on the map (loaded units may not act)",
            );
        }
        const ENDED: [ActionKind; 2] = [ActionKind::Move, ActionKind::Move];
        let done: &[ActionKind] = a
            .acted
            .iter()
            .find(|x| x.unit == unit)
            .map_or(&[], |x| if x.ended { &ENDED } else { &x.actions[..] });
        if a.acted.iter().any(|x| x.unit == unit && x.ended) {
            return refuse("7.4", "that unit's activation has ended");
        }
        match self.class(u) {
            MoveClass::Infantry => {
                if !done.is_empty() {
                    return refuse("5.0", "an infantry unit performs one action per activation");
                }
            }
            MoveClass::Vehicle => {
                if done.len() >= 2 {
                    return refuse("5.0", "a vehicle performs two actions per activation");
                }
                if done.contains(&kind) {
                    return refuse("5.1", "a vehicle's two actions must be different");
                }
            }
            MoveClass::Helicopter => {
                if done.len() >= 2 {
                    return refuse("5.0", "a helicopter performs two actions per activation");
                }
                if done.len() == 1 && done[0] != ActionKind::Move && kind != ActionKind::Move {
                    return refuse("5.1", "one of a helicopter's two actions must be a Move");
                }
                if matches!(a.kind, ActivationKind::Helicopters(_))
                    && !matches!(
                        kind,
                        ActionKind::Move | ActionKind::Load | ActionKind::Unload
                    )
                {
                    return refuse(
                        "5.1",
                        "helicopters activated together may only Move, Load and Unload",
                    );
                }

                // 5.1: helicopters activated together perform the same
                // actions, one helicopter at a time.
                if matches!(a.kind, ActivationKind::Helicopters(_)) {
                    let n = done.len();
                    let other = a
                        .acted
                        .iter()
                        .filter(|x| x.unit != unit)
                        .find_map(|x| x.actions.get(n).copied());
                    if other.is_some_and(|o| o != kind) {
                        return refuse(
                            "5.1",
                            "helicopters activated together perform the same actions",
                        );
                    }
                } // 4.0, 15.0; the errata lets it still Load KIA/WIA markers.
                if u.move_only && !matches!(kind, ActionKind::Move | ActionKind::Load) {
                    return refuse(
                        "4.0",
                        "this Slick has unloaded its reinforcements and may only move",
                    );
                }
                if u.downed && kind != ActionKind::Unload {
                    return refuse("7.4", "a downed helicopter may only Unload");
                }
            }
        }
        if (u.broken || a.broken_leader) && !matches!(kind, ActionKind::Move | ActionKind::Recover)
        {
            return refuse("7.4", "a Broken unit may only Move or Recover");
        }
        if self.is_heli(u) && u.broken && kind != ActionKind::Move {
            return refuse("7.4", "a Broken helicopter may only move off the map");
        }
        match self.role(u) {
            Role::Dummy | Role::Civilians if kind != ActionKind::Move => {
                return refuse("22.0, 28.0", "Dummies and Civilians may only Move");
            }
            Role::Sapper
                if !matches!(
                    kind,
                    ActionKind::Move | ActionKind::Assault | ActionKind::Recover
                ) =>
            {
                return refuse("27.0", "Sappers only attack in Assaults");
            }
            _ => {}
        }
        Ok(())
    }

    pub(crate) fn record_action(&self, s: &mut State, unit: UnitId, kind: ActionKind) {
        let keep_search = kind == ActionKind::Search;
        if let Some(a) = s.activation.as_mut() {
            match a.acted.iter_mut().find(|x| x.unit == unit) {
                Some(x) => x.actions.push(kind),
                None => a.acted.push(Acted {
                    unit,
                    actions: vec![kind],
                    ended: false,
                }),
            }
        }
        let u = s.unit_mut(unit);
        u.activated = true;
        if !keep_search {
            // 9.0: Searching markers go when the unit does anything else.
            u.searching = 0;
        }
    }

    /// 7.4: an Opportunity Fire result (or a Broken result) ends a unit's activation.
    pub(crate) fn end_unit_activation(&self, s: &mut State, unit: UnitId) {
        s.unit_mut(unit).activated = true;
        let Some(a) = s.activation.as_mut() else {
            return;
        };
        if !a.eligible.contains(&unit) {
            return;
        }
        match a.acted.iter_mut().find(|x| x.unit == unit) {
            Some(x) => x.ended = true,
            None => a.acted.push(Acted {
                unit,
                actions: Vec::new(),
                ended: true,
            }),
        }
        if let Some(m) = s.moving_mut() {
            m.units.retain(|u| *u != unit);
            if m.units.is_empty() {
                s.end_move();
            }
        }
    }

    /// True when no unit of the activation can do anything more.
    pub(crate) fn activation_spent(&self, s: &State) -> bool {
        let Some(a) = &s.activation else {
            return true;
        };
        if s.moving().is_some() {
            return false;
        }
        a.eligible.iter().all(|u| {
            let unit = s.unit(*u);
            if unit.status != UnitStatus::OnMap {
                return true;
            }
            match a.acted.iter().find(|x| x.unit == *u) {
                None => false,
                Some(x) => {
                    x.ended
                        || match self.class(unit) {
                            MoveClass::Infantry => !x.actions.is_empty(),
                            _ => x.actions.len() >= 2,
                        }
                }
            }
        })
    }

    pub(crate) fn end_activation(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(a) = s.activation.take() {
            for u in a.exhaust {
                s.unit_mut(u).exhausted = true;
            }
            for x in &a.acted {
                s.unit_mut(x.unit).activated = true;
            }
            // 5.1: the Leader (or the unit, or the helicopters) the chit was
            // spent on has been activated, whether or not it took an action;
            // the units around a Leader join only if given one.
            let chosen = match &a.kind {
                ActivationKind::Leader(u) | ActivationKind::Unit(u) => vec![*u],
                ActivationKind::Helicopters(v) => v.clone(),
                ActivationKind::Hex(_) => Vec::new(),
            };
            for u in chosen {
                s.unit_mut(u).activated = true;
            }
            ev.push(Event::ActivationEnds { side: a.side });
        }
        // 26.0: a Claymore with no US infantry in or next to it is lost.
        self.prune_claymores(s);
        // 5.0: Op Fired markers come off after each activation.
        for u in s.units.iter_mut() {
            u.op_fired = false;
            u.op_fired_retreat = false;
        }
        s.set_phase(Step::DrawChit);
    }

    /// 5.0: the next chit from the cup: a side's chit gives it the next
    /// activation; the Random Event chit rolls one (19.0); an empty cup
    /// ends the Activation Phase.
    pub(crate) fn draw_chit(&self, s: &mut State, ev: &mut Vec<Event>) {
        match s.cup.draw(&mut s.rng) {
            None => self.end_activation_phase(s),
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
                s.set_phase(Step::Activate { first: false });
            }
        }
    }

    /// The activation ends by itself once none of its units can do more;
    /// false while one can.
    pub(crate) fn settle_activation(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        if !self.activation_spent(s) {
            return false;
        }
        self.end_activation(s, ev);
        true
    }

    /// A helicopter that acted must have moved (5.1) before the activation ends.
    pub(crate) fn check_end_activation(&self, s: &State) -> Checked {
        let Some(a) = &s.activation else {
            return Ok(());
        };
        for x in &a.acted {
            let u = s.unit(x.unit);
            if self.is_heli(u)
                && u.status == UnitStatus::OnMap
                && !x.ended
                && !x.actions.is_empty()
                && !x.actions.contains(&ActionKind::Move)
                && !u.downed
            {
                return refuse(
                    "5.1",
                    "a helicopter that acts must also take a Move action (it may hover)",
                );
            }
        }
        Ok(())
    }

    /// An infantry unit that may not Move has acted (or its activation has
    /// ended): `may_act` refuses it every action, so the lists leave out
    /// the commands of its own whose check starts there (Move, Search,
    /// Recover, Destroy Cache, Medevac, Fire Mission; 5.0) rather than
    /// build each and check it only to drop it.
    fn infantry_done(&self, s: &State, unit: &Unit) -> bool {
        self.class(unit) == MoveClass::Infantry
            && self.may_act(s, unit.id, ActionKind::Move).is_err()
    }

    pub(crate) fn action_candidates(&self, s: &State, out: &mut Vec<Command>) {
        let Some(a) = &s.activation else {
            return;
        };
        let units: Vec<UnitId> = a.eligible.clone();
        let mut stacks: Vec<(Hex, MoveClass, Vec<UnitId>)> = Vec::new();
        for &u in &units {
            let unit = s.unit(u);
            if unit.status != UnitStatus::OnMap {
                continue;
            }
            if let Some(h) = unit.hex {
                let cl = self.class(unit);
                match stacks.iter_mut().find(|(sh, sc, _)| *sh == h && *sc == cl) {
                    Some((_, _, v)) => v.push(u),
                    None => stacks.push((h, cl, vec![u])),
                }
            }
            if self.infantry_done(s, unit) {
                self.transport_candidates(s, u, out);
                continue;
            }
            for mode in [MoveMode::Normal, MoveMode::DoubleTime, MoveMode::Stealthy] {
                out.push(Command::Move {
                    units: vec![u],
                    mode,
                });
            }
            out.push(Command::Search { unit: u });
            out.push(Command::Recover {
                unit: u,
                pick_up: None,
                transfer: None,
            });
            for c in s
                .casualties
                .iter()
                .filter(|c| !c.gone && c.hex == unit.hex && c.carrier.is_none())
            {
                out.push(Command::Recover {
                    unit: u,
                    pick_up: Some(c.id),
                    transfer: None,
                });
            }
            out.push(Command::DestroyCache { unit: u });
            out.push(Command::RequestMedevac { unit: u });
            self.fire_mission_candidates(s, u, out);
            self.transport_candidates(s, u, out);
        }
        for (_, _, v) in stacks {
            if v.len() > 1 {
                out.push(Command::Move {
                    units: v,
                    mode: MoveMode::Normal,
                });
            }
        }
        self.fire_candidates(s, &units, out);
        self.assault_declare_candidates(s, &units, out);
        self.claymore_candidates(s, out);
        out.push(Command::EndActivation);
    }

    pub(crate) fn check_action(&self, s: &State, c: &Command) -> Checked {
        match c {
            Command::Move { units, mode } => self.check_move(s, units, *mode),
            Command::Fire {
                firers,
                primary,
                target,
            } => self.check_fire(s, firers, *primary, *target).map(|_| ()),
            Command::Assault { units, hex } => self.check_assault(s, units, *hex),
            Command::Search { unit } => self.check_search(s, *unit),
            Command::Recover {
                unit,
                pick_up,
                transfer,
            } => self.check_recover(s, *unit, *pick_up, *transfer),
            Command::DestroyCache { unit } => self.check_destroy_cache(s, *unit),
            Command::RequestMedevac { unit } => self.check_medevac(s, *unit),
            Command::RequestFireMission { unit, hex } => self.check_fire_mission(s, *unit, *hex),
            Command::Load {
                carrier,
                units,
                casualties,
            } => self.check_load(s, *carrier, units, casualties),
            Command::Unload { carrier } => self.check_unload(s, *carrier),
            Command::Abandon { vehicle } => self.check_abandon(s, *vehicle),
            Command::EndActivation => self.check_end_activation(s),
            Command::DetonateAt { hex } => self.check_detonate_at(s, *hex),
            _ => refuse(
                "5.1",
                "give an activated unit an action, or end the activation",
            ),
        }
    }

    pub(crate) fn execute_action(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        match c {
            Command::Move { units, mode } => self.begin_move(s, units, *mode, ev),
            Command::Fire {
                firers,
                primary,
                target,
            } => self.fire_action(s, firers, *primary, *target, ev),
            Command::Assault { units, hex } => self.begin_assault(s, units, *hex, ev),
            Command::Search { unit } => self.search(s, *unit, ev),
            Command::Recover {
                unit,
                pick_up,
                transfer,
            } => self.recover(s, *unit, *pick_up, *transfer, ev),
            Command::DestroyCache { unit } => self.destroy_cache(s, *unit, ev),
            Command::RequestMedevac { unit } => self.request_medevac(s, *unit, ev),
            Command::RequestFireMission { unit, hex } => {
                self.request_fire_mission(s, *unit, *hex, ev)
            }
            Command::Load {
                carrier,
                units,
                casualties,
            } => self.load(s, *carrier, units, casualties, ev),
            Command::Unload { carrier } => self.unload(s, *carrier, ev),
            Command::Abandon { vehicle } => self.abandon(s, *vehicle, ev),
            Command::EndActivation => self.end_activation(s, ev),
            Command::DetonateAt { hex } => self.detonate(s, *hex, ev),
            _ => {}
        }
    }

    /// Removes an activation chit for a lost Leader (5.1, 7.4).
    pub(crate) fn lose_chit(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        let from_cup = s.cup.remove_permanently(&Chit::Side(side));
        s.chits[side.idx()] = s.chits[side.idx()].saturating_sub(1);
        ev.push(Event::ChitLost { side, from_cup });
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_activation(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::ChitDrawn { chit } => LogEntry::text(match chit {
                Chit::Side(s) => format!("A {} Activation Chit is drawn (5.0).", s.name()),
                Chit::RandomEvent => "The Random Event Chit is drawn (19.0).".into(),
            }),
            Event::ChitReturned => {
                LogEntry::text("A helicopter activates: the chit goes back into the cup (5.1).")
            }
            Event::ChitLost { side, from_cup } => LogEntry::text(format!(
                "{} loses an Activation Chit for the rest of the scenario ({}) (5.1).",
                side.name(),
                if *from_cup {
                    "taken from the cup"
                } else {
                    "taken from the pool"
                }
            )),
            Event::Activated {
                side,
                units: us,
                leader,
                marked,
            } => {
                // The Leader is among the units he activates; name him once.
                let others: Vec<u16> = us.iter().copied().filter(|u| Some(*u) != *leader).collect();
                n.naming(marked, &others, *leader, |us, leader| match leader {
                    Some(l) if us.is_empty() => format!("{} activates {l} (5.1).", side.name()),
                    Some(l) => format!("{} activates {l} with {us} (5.1).", side.name()),
                    None => format!("{} activates {us} (5.1).", side.name()),
                })
            }
            Event::Passed { side } => LogEntry::text(format!("{} passes (5.1).", side.name())),
            Event::ActivationEnds { side } => {
                LogEntry::text(format!("{}'s activation is complete.", side.name()))
            }
            other => n.misrouted(other),
        }
    }
}
