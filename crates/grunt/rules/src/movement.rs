//! B2 Movement of Units, A2 Terrain Restrictions, A5 Command Control, S2
//! Stacking, and what happens along a path: B6 (solitaire: stop beside a
//! face-down counter), S5 (stop on top of face-down counters), S6 (booby
//! traps), O5 (ambush), O8 (fields of fire), A3 (porters captured), O4 and
//! O11 (casualties picked up, body count), B3.5 (stopping on a cache),
//! D3 (entering on a road).
//!
//! Every unit has six Movement Points; in the Basic Game each hex costs
//! one, in the Standard Game the terrain entered decides (A2) and a river
//! hexside adds one. Units may pass through friendly units, never through
//! enemy units; there are no zones of control. Once moved, a unit is done
//! for the phase.

use crate::Grunt;
use crate::command::Command;
use crate::data::{Level, Optional, Role, Terrain};
use crate::event::{Event, StopWhy};
use crate::map::{Hex, Map, NONE, distance};
use crate::state::*;
use crate::step::{Ctx, Occupancy, Step};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};

/// What a hex means to a unit moving through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    Free,
    /// May be entered but the move ends there.
    Stop,
    Blocked,
}

impl Grunt {
    /// The cost of moving from `from` into the adjacent `to` (B2, A2).
    pub fn step_cost(&self, s: &State, from: Option<Hex>, to: Hex) -> u8 {
        if s.level == Level::Basic {
            return 1;
        }
        let map = self.map_of(s);
        let mut c = self.tables.terrain(map.terrain(to)).cost.value;
        if let Some(f) = from
            && map.river_between(f, to)
        {
            c += self.tables.river_cost.value;
        }
        c
    }

    /// May this unit start a move now (B2, B5, B9, B6, A4, A5, O4)?
    pub(crate) fn may_move(&self, s: &State, id: CounterId, entering: bool) -> Checked {
        let side = match *s.step() {
            Step::Movement { side } => side,
            Step::Moving { side, unit } => {
                ensure(unit == id, "B2", "Another unit is picked to move.")?;
                side
            }
            _ => return refuse("B1", "Units move in their own Movement Phase."),
        };
        ensure((id as usize) < s.counters.len(), "B2", "No such unit.")?;
        let c = s.c(id);
        let pt = s.pt();
        ensure(c.side == side, "B2", "Only the active side's units move.")?;
        ensure(
            c.role.moves(),
            "B2",
            "This counter has no Movement Allowance.",
        )?;
        if entering {
            let due = c.status == Status::Waiting
                && c.waiting.is_some_and(|w| {
                    w.arrival == Arrival::Road && w.turn.is_some_and(|t| t <= s.turn)
                });
            ensure(
                due,
                "D3",
                "Only ground units due this turn enter on a road.",
            )?;
            return Ok(());
        }
        ensure(c.on_map(), "B2", "The unit is not on the map.")?;
        ensure(!c.pinned(), "B9", "Pinned units may not move.")?;
        ensure(
            c.moved != pt,
            "B2",
            "A unit once moved may not move again this Movement Phase.",
        )?;
        if c.arrived == pt && !s.solitaire() {
            return refuse(
                "B7d",
                "Units may not move in the Player Turn they land by helicopter.",
            );
        }
        ensure(
            s.mp_left(id, self.ma()) > 0,
            "B2",
            "No Movement Points left.",
        )?;
        if side == Side::Us {
            if s.has(Optional::CasualtyCrt) && c.role != Role::Medic {
                // Casualties taken on a booby trap stay there (S6).
                let hurt = s
                    .casualties
                    .iter()
                    .any(|x| x.with == Some(id) && !x.evacuated && !x.on_trap);
                ensure(
                    !hurt,
                    "O4a",
                    "A unit with casualties may not move until a medic removes them all.",
                )?;
            }
            let locked = c.locked_by.iter().any(|n| s.c(*n).in_play());
            ensure(
                !locked,
                "B6",
                "A unit that discovered an NLF unit may not move away until it is destroyed.",
            )?;
        } else {
            ensure(
                !c.exposed,
                "A4",
                "Units exposed by interrogation may not be moved.",
            )?;
            if s.standard() && !matches!(c.role, Role::Leader | Role::Sniper) {
                self.command_control(s, id)?;
            }
        }
        Ok(())
    }

    /// A5: within five hexes of a leader (three in forest terrain).
    fn command_control(&self, s: &State, id: CounterId) -> Checked {
        let c = s.c(id);
        let Some(h) = c.hex else { return Ok(()) };
        let t = self.map_of(s).terrain(h);
        let range = if matches!(t, Terrain::Forest | Terrain::Treeline) {
            self.tables.command_range_forest.value
        } else {
            self.tables.command_range_open.value
        };
        let led = s.on_map().any(|l| {
            l.side == Side::Nlf
                && l.role == Role::Leader
                && l.id != id
                && l.hex.is_some_and(|lh| distance(lh, h) <= range)
        });
        ensure_with(led, "A5", || {
            format!("NLF units move only within {range} hexes of a leader here.")
        })
    }

    /// What each hex means to a unit of `side` moving through it
    /// (counted once for every unit of a `legal` call).
    pub(crate) fn pass_table(&self, s: &State, occ: &Occupancy, side: Side) -> Vec<Pass> {
        let map = self.map_of(s);
        let n = map.len();
        let mut v = vec![Pass::Free; n];
        let mut face_down = vec![false; n];
        for (i, slot) in v.iter_mut().enumerate() {
            let mut stop = false;
            for &xid in occ.at(i) {
                let x = s.c(xid);
                if x.side == Side::Nlf && x.face_down {
                    face_down[i] = true;
                }
                if side == Side::Us {
                    if x.side == Side::Nlf {
                        if x.face_down {
                            if s.level == Level::Basic {
                                *slot = Pass::Blocked;
                                break;
                            }
                            stop = true;
                        } else if x.role.is_nlf_combat() {
                            *slot = Pass::Blocked;
                            break;
                        } else if x.role == Role::Porter {
                            stop = true;
                        }
                    }
                } else if x.side == Side::Us && x.role.is_us_unit() {
                    *slot = Pass::Blocked;
                    break;
                }
            }
            if stop && *slot == Pass::Free {
                *slot = Pass::Stop;
            }
        }
        if side == Side::Us && s.solitaire() {
            for (i, slot) in v.iter_mut().enumerate() {
                if *slot == Pass::Free
                    && map
                        .nbrs_i(i)
                        .iter()
                        .any(|&j| j != NONE && face_down[j as usize])
                {
                    *slot = Pass::Stop;
                }
            }
        }
        v
    }

    /// What the hex of index `i` means to `c` moving through it.
    fn pass(
        &self,
        _s: &State,
        _map: &Map,
        occ: &Occupancy,
        c: &Counter,
        i: usize,
        _start: usize,
    ) -> Pass {
        occ.pass(c.side, i)
    }

    /// The cost of entering index `to`, across the hexside in direction `d`
    /// of the hex it comes from (none for a road entry), A2.
    fn cost_i(&self, s: &State, map: &Map, from: Option<(usize, usize)>, to: usize) -> u8 {
        if s.level == Level::Basic {
            return 1;
        }
        let mut c = self.costs[map.terrain_i(to) as usize];
        if let Some((f, d)) = from
            && map.river_i(f, d)
        {
            c += self.tables.river_cost.value;
        }
        c
    }

    /// May `c` end its move in the hex of index `i` (B2 one unit a hex in
    /// the Basic Game, S6 face-down units not on traps)?
    fn may_end(&self, s: &State, occ: &Occupancy, c: &Counter, i: usize) -> Checked {
        let others = || occ.at(i).iter().filter(|x| **x != c.id).map(|x| s.c(*x));
        if s.level == Level::Basic {
            let taken = others().any(|x| {
                if c.side == Side::Us {
                    x.side == Side::Us || x.role.is_person()
                } else {
                    true
                }
            });
            ensure(!taken, "B2", "Only one unit to a hex in the Basic Game.")?;
        }
        if c.side == Side::Nlf && c.face_down {
            ensure(
                !others().any(|x| x.role == Role::BoobyTrap),
                "S6",
                "Face-down units may move through a booby trap but not stop on it.",
            )?;
        }
        Ok(())
    }

    pub(crate) fn check_move(
        &self,
        s: &State,
        ctx: &mut Ctx,
        id: CounterId,
        path: &[Hex],
        entering: bool,
    ) -> Checked {
        self.may_move(s, id, entering)?;
        let map = self.map_of(s);
        let occ = ctx.occ(self, s);
        let c = s.c(id);
        let allowance = if entering {
            self.ma()
        } else {
            s.mp_left(id, self.ma())
        };
        let Some(&h0) = path.first() else {
            return refuse("B2", "An empty path.");
        };
        let Some(i0) = map.index(h0) else {
            return refuse("B2", "The path leaves the map.");
        };
        let first = if entering {
            let entry = c.waiting.and_then(|w| w.entry);
            let ok = map
                .entries
                .iter()
                .enumerate()
                .any(|(i, e)| e.hex == h0 && entry.is_none_or(|x| x as usize == i));
            ensure(
                ok,
                "D3",
                "Ground units enter at a road's map edge (the one written down).",
            )?;
            0
        } else {
            ensure(
                path.len() >= 2,
                "B2",
                "A move needs at least one hex to enter.",
            )?;
            ensure(
                c.hex == Some(h0),
                "B2",
                "The path starts in the unit's hex.",
            )?;
            1
        };
        let mut cost: u32 = 0;
        let mut prev: Option<usize> = if entering { None } else { Some(i0) };
        let mut last_i = i0;
        for (k, &h) in path.iter().enumerate().skip(first) {
            let Some(i) = map.index(h) else {
                return refuse("B2", format!("{h} is off the map."));
            };
            let from = match prev {
                Some(p) => {
                    let Some(d) = map.nbrs_i(p).iter().position(|&x| x == i as u32) else {
                        return refuse("B2", "Each hex of the path must touch the last.");
                    };
                    Some((p, d))
                }
                None => None,
            };
            let last = k + 1 == path.len();
            match self.pass(s, map, occ, c, i, i0) {
                Pass::Blocked => {
                    return refuse(
                        "B2",
                        if s.level == Level::Basic && c.side == Side::Us {
                            format!(
                                "{h}: not through enemy units, nor onto face-down counters (probe them, B8)."
                            )
                        } else {
                            format!("{h}: units may not move through enemy units.")
                        },
                    );
                }
                Pass::Stop if !last => {
                    return refuse(
                        if s.solitaire() { "B6" } else { "S5" },
                        format!("{h}: the move must end there."),
                    );
                }
                _ => {}
            }
            // The entry hex costs its terrain; a move pays for every hex after its first.
            cost += self.cost_i(s, map, from, i) as u32;
            prev = Some(i);
            last_i = i;
        }
        ensure_with(cost <= allowance as u32, "B2", || {
            format!("The path costs {cost} Movement Points; {allowance} left.")
        })?;
        self.may_end(s, occ, c, last_i)
    }

    /// Hexes `id` can reach now with a path to each (for the screen and the
    /// candidate list).
    pub fn reachable(&self, s: &State, id: CounterId) -> Vec<(Hex, Vec<Hex>, u8)> {
        let occ = Occupancy::build(self, s);
        self.reachable_with(s, &occ, id)
    }

    fn reachable_with(
        &self,
        s: &State,
        occ: &Occupancy,
        id: CounterId,
    ) -> Vec<(Hex, Vec<Hex>, u8)> {
        let c = s.c(id);
        let Some(start) = c.hex else {
            return Vec::new();
        };
        self.reach_from(s, occ, c, start, 0, s.mp_left(id, self.ma()))
    }

    fn reach_from(
        &self,
        s: &State,
        occ: &Occupancy,
        c: &Counter,
        start: Hex,
        start_cost: u8,
        mp: u8,
    ) -> Vec<(Hex, Vec<Hex>, u8)> {
        let map = self.map_of(s);
        let n = map.len();
        let Some(si) = map.index(start) else {
            return Vec::new();
        };
        if start_cost > mp {
            return Vec::new();
        }
        let mut best = vec![u8::MAX; n];
        let mut prev = vec![u32::MAX; n];
        let mut depth = vec![0u8; n];
        best[si] = start_cost;
        let mut heap = BinaryHeap::new();
        heap.push(Reverse((start_cost, si as u32)));
        let mut out = Vec::new();
        while let Some(Reverse((cost, i))) = heap.pop() {
            let i = i as usize;
            if cost > best[i] {
                continue;
            }
            if i != si || start_cost > 0 {
                out.push(i);
            }
            // A hex that stops a move ends it, the road entry hex of a unit
            // coming on (start_cost > 0, D3) too; only a unit already
            // standing there leaves it freely.
            if (i != si || start_cost > 0) && self.pass(s, map, occ, c, i, si) == Pass::Stop {
                continue;
            }
            for (d, &j) in map.nbrs_i(i).iter().enumerate() {
                if j == NONE {
                    continue;
                }
                let j = j as usize;
                let nc = cost as u32 + self.cost_i(s, map, Some((i, d)), j) as u32;
                if nc > mp as u32 || (nc as u8) >= best[j] {
                    continue;
                }
                if self.pass(s, map, occ, c, j, si) == Pass::Blocked {
                    continue;
                }
                best[j] = nc as u8;
                prev[j] = i as u32;
                depth[j] = depth[i] + 1;
                heap.push(Reverse((nc as u8, j as u32)));
            }
        }
        out.sort_unstable();
        out.into_iter()
            .map(|i| {
                let len = depth[i] as usize + 1;
                let mut path = vec![map.hex_at(i); len];
                let mut k = i;
                for slot in path.iter_mut().rev().skip(1) {
                    k = prev[k] as usize;
                    *slot = map.hex_at(k);
                }
                (map.hex_at(i), path, best[i])
            })
            .collect()
    }

    /// The units that may move now (B2): each is picked, then moved.
    pub(crate) fn move_candidates(&self, s: &State, side: Side) -> Vec<Command> {
        s.counters
            .iter()
            .filter(|c| c.side == side && c.role.moves())
            .filter(|c| {
                (c.on_map() && self.may_move(s, c.id, false).is_ok())
                    || (c.status == Status::Waiting && self.may_move(s, c.id, true).is_ok())
            })
            .map(|c| Command::Select { unit: c.id })
            .collect()
    }

    pub(crate) fn check_select(&self, s: &State, ctx: &mut Ctx, id: CounterId) -> Checked {
        ensure(
            matches!(s.step(), Step::Movement { .. }),
            "B2",
            "Pick a unit in the Movement Phase.",
        )?;
        ensure((id as usize) < s.counters.len(), "B2", "No such unit.")?;
        let entering = s.c(id).status == Status::Waiting;
        self.may_move(s, id, entering)?;
        // A unit hemmed in (every hex beside it taken or barred, B2, B6)
        // is not offered: picking it could only end in staying put.
        let occ = ctx.occ(self, s);
        let somewhere = if entering {
            !self.entry_candidates(s, occ, id).is_empty()
        } else {
            let c = s.c(id);
            let map = self.map_of(s);
            self.reachable_with(s, occ, id)
                .iter()
                .any(|(h, _, _)| self.may_end(s, occ, c, map.index(*h).unwrap_or(0)).is_ok())
        };
        ensure(somewhere, "B2", "The unit has nowhere it may go.")
    }

    pub(crate) fn check_stay(&self, s: &State) -> Checked {
        ensure(
            matches!(s.step(), Step::Moving { .. }),
            "B2",
            "No unit is picked to move.",
        )
    }

    /// Where the picked unit may go: every destination with its cheapest
    /// path, or stay.
    pub(crate) fn unit_move_candidates(
        &self,
        s: &State,
        id: CounterId,
        ctx: &mut Ctx,
    ) -> Vec<Command> {
        let occ = ctx.occ(self, s);
        let mut v = vec![Command::Stay];
        let c = s.c(id);
        if c.on_map() {
            if self.may_move(s, id, false).is_err() {
                return v;
            }
            let map = self.map_of(s);
            for (h, path, _) in self.reachable_with(s, occ, id) {
                let end = map.index(h).unwrap_or(0);
                if self.may_end(s, occ, c, end).is_ok() {
                    v.push(Command::Move { unit: id, path });
                }
            }
        } else {
            v.extend(self.entry_candidates(s, occ, id));
        }
        v
    }

    /// D3: the road entries a due ground unit may take, and where to.
    pub(crate) fn entry_candidates(
        &self,
        s: &State,
        occ: &Occupancy,
        id: CounterId,
    ) -> Vec<Command> {
        if self.may_move(s, id, true).is_err() {
            return Vec::new();
        }
        let c = s.c(id);
        let entry = c.waiting.and_then(|w| w.entry);
        let map = self.map_of(s);
        let mut v = Vec::new();
        for (i, e) in map.entries.iter().enumerate() {
            if entry.is_some_and(|x| x as usize != i) {
                continue;
            }
            let Some(ei) = map.index(e.hex) else { continue };
            if self.pass(s, map, occ, c, ei, ei) == Pass::Blocked {
                continue;
            }
            let first = self.cost_i(s, map, None, ei);
            for (h, path, _) in self.reach_from(s, occ, c, e.hex, first, self.ma()) {
                let end = map.index(h).unwrap_or(0);
                if self.may_end(s, occ, c, end).is_ok() {
                    v.push(Command::Enter { unit: id, path });
                }
            }
        }
        v
    }

    /// Moves the unit along its path, handling what it meets; the move may
    /// end early (a field of fire, a trap, an ambush, a capture).
    pub(crate) fn execute_move(
        &self,
        s: &mut State,
        id: CounterId,
        path: &[Hex],
        entering: bool,
        ev: &mut Vec<Event>,
    ) {
        let pt = s.pt();
        let ma = self.ma();
        let allowance = if entering { ma } else { s.mp_left(id, ma) };
        let marker = {
            let c = s.c(id);
            (c.side == Side::Nlf && c.face_down).then_some(c.marker)
        };
        {
            let c = s.cm(id);
            c.moved = pt;
            c.work = None;
            c.may_uncover = false;
            c.search_from = None;
            if entering {
                c.status = Status::OnMap;
                c.waiting = None;
                c.arrived = pt;
            }
        }
        for x in s.casualties.iter_mut() {
            if x.with == Some(id) && x.on_trap {
                x.with = None;
            }
        }
        let first = if entering { 0 } else { 1 };
        let mut walked = if entering { Vec::new() } else { vec![path[0]] };
        let mut cost: u8 = 0;
        let mut stopped = None;
        for i in first..path.len() {
            let h = path[i];
            let prev = if i == 0 { None } else { Some(path[i - 1]) };
            cost = cost.saturating_add(self.step_cost(s, prev, h));
            self.place(s, id, h);
            walked.push(h);
            if let Some(why) = self.on_entering(s, id, h, ev) {
                stopped = Some(why);
                break;
            }
        }
        if !s.c(id).in_play() {
            stopped = Some(StopWhy::Killed);
        }
        s.spend_mp(id, ma, cost.min(allowance));
        let end = *walked.last().unwrap_or(&path[0]);
        if s.c(id).in_play() {
            self.on_stopping(
                s,
                id,
                end,
                walked.get(walked.len().wrapping_sub(2)).copied(),
                ev,
            );
        }
        if stopped.is_none() && s.c(id).search_from.is_some() {
            stopped = Some(StopWhy::Search);
        }
        if stopped.is_none()
            && s.solitaire()
            && s.c(id).side == Side::Us
            && walked.len() > 1
            && self
                .map_of(s)
                .neighbours(end)
                .any(|n| s.at(n).any(|x| x.side == Side::Nlf && x.face_down))
        {
            stopped = Some(StopWhy::Beside);
        }
        if entering {
            ev.push(Event::Entered {
                unit: id,
                path: walked,
                cost,
                stopped,
            });
        } else {
            ev.push(Event::Moved {
                unit: id,
                marker,
                path: walked,
                cost,
                stopped,
            });
        }
        if matches!(s.step(), Step::Moving { .. }) {
            s.steps.pop();
        }
    }

    /// Puts a counter (and what it carries) in `h`.
    pub(crate) fn place(&self, s: &mut State, id: CounterId, h: Hex) {
        s.cm(id).hex = Some(h);
        if let Some(x) = s.c(id).carrying {
            s.cm(x).hex = Some(h);
        }
        for x in s.counters.iter_mut() {
            if x.carried_by == Some(id) {
                x.hex = Some(h);
            }
        }
        for x in s.casualties.iter_mut() {
            if x.with == Some(id) {
                x.hex = Some(h);
            }
        }
    }

    /// What happens as the unit enters `h`; `Some` ends the move.
    fn on_entering(
        &self,
        s: &mut State,
        id: CounterId,
        h: Hex,
        ev: &mut Vec<Event>,
    ) -> Option<StopWhy> {
        let side = s.c(id).side;
        if side == Side::Us {
            self.pass_over(s, id, h, ev);
        }
        if s.has(Optional::FieldsOfFire) && self.zone_attacks(s, id, h, ev) {
            return Some(if s.c(id).in_play() {
                StopWhy::KillZone
            } else {
                StopWhy::Killed
            });
        }
        if side != Side::Us {
            return None;
        }
        let mut why = None;
        let traps: Vec<CounterId> = s
            .at(h)
            .filter(|x| x.role == Role::BoobyTrap)
            .map(|x| x.id)
            .collect();
        for t in traps {
            let hidden = s.c(t).face_down;
            self.spring_trap(s, t, vec![id], ev);
            if hidden {
                why = Some(StopWhy::Trap);
            }
            if !s.c(id).in_play() {
                return Some(StopWhy::Killed);
            }
        }
        let ambushes: Vec<CounterId> = s
            .at(h)
            .filter(|x| x.role == Role::Ambush)
            .map(|x| x.id)
            .collect();
        for a in ambushes {
            self.spring_ambush(s, a, id, ev);
            why = Some(StopWhy::Ambush);
            if !s.c(id).in_play() {
                return Some(StopWhy::Killed);
            }
        }
        let porters: Vec<CounterId> = s
            .at(h)
            .filter(|x| x.role == Role::Porter && x.side == Side::Nlf)
            .map(|x| x.id)
            .collect();
        for p in porters {
            self.capture_porter(s, id, p, ev);
            why = why.or(Some(StopWhy::Capture));
        }
        if why.is_none() && s.at(h).any(|x| x.side == Side::Nlf && x.face_down) {
            why = Some(StopWhy::Search);
        }
        why.filter(|w| *w != StopWhy::Search)
    }

    /// Where the unit ends its move: searches begin (S5), caches are sat
    /// on (B3.5), casualties are picked up (O4).
    fn on_stopping(
        &self,
        s: &mut State,
        id: CounterId,
        h: Hex,
        from: Option<Hex>,
        ev: &mut Vec<Event>,
    ) {
        let c = s.c(id).clone();
        let pt = s.pt();
        if c.side == Side::Us {
            if s.standard() && s.at(h).any(|x| x.side == Side::Nlf && x.face_down) {
                s.cm(id).search_from = Some(from.unwrap_or(h));
            }
            if c.role == Role::Medic {
                self.medic_takes(s, id, ev);
            }
            let cache = s
                .at(h)
                .find(|x| x.side == Side::Nlf && x.role.is_cache() && !x.face_down)
                .map(|x| x.id);
            if let Some(cache) = cache
                && c.role.is_us_unit()
                && c.carrying.is_none()
            {
                s.cm(id).work = Some(Work { cache, since: pt });
                ev.push(Event::WorkBegins { unit: id, cache });
            }
        } else {
            self.pick_up_casualties(s, id, ev);
        }
    }
}
