//! Chart: MOVEMENT, Notes: MOVEMENT and the movement column of the
//! TERRAIN CHART: infantry 6" (+2" charging into hand-to-hand), commanders
//! 8" (+2"), pushed guns 6", tanks and APCs 12" off road / 18" on roads,
//! trucks 6"/18"; half speed, impassable, road speed or half a turn to get
//! in or out of terrain by type; suppressed troops do not move, disrupted
//! ones only look for cover; a routed platoon falls back.

use crate::PlatoonCards;
use crate::command::{Action, Command};
use crate::data::{Going as Going_, Mover, TerrainKind, TerrainRow, UnitType};
use crate::event::Event;
use crate::geometry;
use crate::scenario::Edge;
use crate::sections::*;
use crate::state::*;
use crate::step::{Step, Trigger, TriggerKind};
use vt_core::refusal::{Checked, Refusal, ensure, refuse};
use vt_core::sort::StableSort;
use vt_core::tabletop::{
    Base, EPS, Feature, Halt, MovePlan, Point, Shape, Terrain, closest_approach, plan_move,
    point_along, route_rate,
};

/// How the terrain slows a mover (the chart's movement column).
pub fn going(t: &UnitType, row: &TerrainRow) -> Going_ {
    match t.mover {
        Mover::Infantry | Mover::Commander => row.infantry.value,
        Mover::PushedGun => row.guns.value,
        Mover::Tracked => row.vehicles.value,
        Mover::HalfTrack => row.half_tracks.value,
        Mover::Wheeled => row.wheeled.value,
        Mover::Helicopter | Mover::Static => Going_::Full,
    }
}

/// The movement chart for one mover, as the tabletop's [`Terrain`]: an
/// inch costs 1 at full speed, 2 at half, the off-road/road ratio on a
/// road; half the allowance to get into or out of a bunker or trench.
pub struct Going<'a> {
    game: &'a PlatoonCards,
    unit: &'a UnitType,
    half: f64,
    road: f64,
}

impl Terrain<TerrainKind> for Going<'_> {
    fn rate(&self, inside: &[&Feature<TerrainKind>]) -> Option<f64> {
        if self.unit.mover == Mover::Helicopter {
            return Some(1.0);
        }
        route_rate(inside, |k| match going(self.unit, self.game.row(*k)) {
            Going_::Full | Going_::HalfTurnInOut => Some(1.0),
            Going_::Half => Some(2.0),
            Going_::Road => Some(self.road.min(1.0)),
            Going_::Impassable => None,
        })
    }
    fn enter(&self, f: &Feature<TerrainKind>) -> Option<f64> {
        if self.unit.mover == Mover::Helicopter {
            return Some(0.0);
        }
        match going(self.unit, self.game.row(f.kind)) {
            Going_::HalfTurnInOut => Some(self.half),
            Going_::Impassable => None,
            _ => Some(0.0),
        }
    }
    fn leave(&self, f: &Feature<TerrainKind>) -> Option<f64> {
        if self.unit.mover == Mover::Helicopter {
            return Some(0.0);
        }
        match going(self.unit, self.game.row(f.kind)) {
            Going_::HalfTurnInOut => Some(self.half),
            _ => Some(0.0),
        }
    }
    fn cross(&self, f: &Feature<TerrainKind>) -> Option<f64> {
        if self.unit.mover == Mover::Helicopter {
            return Some(0.0);
        }
        match going(self.unit, self.game.row(f.kind)) {
            Going_::Impassable => None,
            _ => Some(0.0),
        }
    }
}

impl PlatoonCards {
    /// The stand's move this activation: off-road inches, and what an inch
    /// of road costs of them.
    pub fn allowance_of(&self, s: &State, st: &Stand) -> f64 {
        let t = self.unit(st);
        if t.mover == Mover::Helicopter {
            let c = &self.charts.movement;
            return if st.act.landed || st.act.took_off {
                c.helicopter_with_landing.value
            } else {
                crate::data::allowance(&self.charts, Mover::Helicopter).0
            };
        }
        let _ = s;
        crate::data::allowance(&self.charts, t.mover).0
    }

    /// Half a move / half a turn (Assumed: half the allowance).
    pub fn half_turn(&self, st_allowance: f64) -> f64 {
        st_allowance * self.charts.movement.half_turn.value
    }

    /// The movement chart for this stand.
    pub fn going_of<'a>(&'a self, s: &State, st: &'a Stand) -> Going<'a> {
        let unit = self.unit(st);
        let (off, road) = crate::data::allowance(&self.charts, unit.mover);
        Going {
            game: self,
            unit,
            half: self.half_turn(self.allowance_of(s, st)),
            road: if road > 0.0 { off / road } else { 1.0 },
        }
    }

    /// The bases a moving stand may not pass through: every other stand on
    /// the table (not its riders, not aircraft; a flying helicopter passes
    /// over all), hidden enemies only where the move is carried out.
    fn obstacles(&self, s: &State, st: &Stand, hidden_too: bool) -> Vec<(StandId, Base)> {
        if st.airborne {
            return Vec::new();
        }
        s.on_table()
            .filter(|o| {
                o.id != st.id
                    && !o.airborne
                    && o.aboard.is_none_or(|a| a.carrier != st.id)
                    && (hidden_too || !(o.hidden && o.side != st.side))
            })
            .map(|o| (o.id, geometry::base(self.unit(o), o)))
            .collect()
    }

    /// A straight move of `st` to `to` with `allowance`: priced, and cut
    /// where it must end (`vt_core::tabletop::plan_move`). The base turns
    /// to face its way first.
    pub fn plan(
        &self,
        s: &State,
        st: &Stand,
        to: Point,
        allowance: f64,
        hidden_too: bool,
    ) -> (MovePlan, Vec<StandId>) {
        let t = self.unit(st);
        let facing = if to.distance(st.pos) > EPS {
            geometry::facing_of(to - st.pos)
        } else {
            st.facing
        };
        let base = geometry::base_at(t, st.pos, facing);
        let others = self.obstacles(s, st, hidden_too);
        let bases: Vec<Base> = others.iter().map(|o| o.1).collect();
        let plan = plan_move(
            &base,
            &[st.pos, to],
            allowance,
            self.features(s),
            &bases,
            &self.going_of(s, st),
        );
        (plan, others.into_iter().map(|o| o.0).collect())
    }

    /// What a straight leg costs this stand, in off-road inches, other
    /// stands aside; refused where the ground is impassable to it.
    pub fn leg_cost(&self, s: &State, st: &Stand, from: Point, to: Point) -> Result<f64, Refusal> {
        let t = self.unit(st);
        let base = geometry::base_at(t, from, st.facing);
        let plan = plan_move(
            &base,
            &[from, to],
            f64::INFINITY,
            self.features(s),
            &[],
            &self.going_of(s, st),
        );
        match plan.needed {
            Some(c) => Ok(c),
            None => refuse(TERRAIN, self.halt_words(s, plan.halt, 0.0, 0.0)),
        }
    }

    /// Why a planned move stops short, in words.
    pub fn halt_words(&self, s: &State, halt: Option<Halt>, needed: f64, left: f64) -> String {
        match halt {
            None => "It gets there.".into(),
            Some(Halt::OutOfMovement) => {
                format!("That costs {needed:.1}\" of movement; {left:.1}\" is left.")
            }
            Some(Halt::Impassable { feature }) => {
                match feature.and_then(|i| self.features(s).get(i)) {
                    Some(f) => format!("{} is impassable to it.", f.kind.name()),
                    None => "The ground is impassable to it.".into(),
                }
            }
            Some(Halt::Stopped { .. }) => "The terrain stops it.".into(),
            Some(Halt::Blocked { .. }) => {
                "Another stand is in the way: bases may not overlap.".into()
            }
        }
    }

    /// Inches of allowance left this activation.
    pub fn remaining(&self, s: &State, st: &Stand) -> f64 {
        (self.allowance_of(s, st) - st.act.moved).max(0.0)
    }

    /// Common to every move and charge of an element in its activation.
    pub fn check_may_move(&self, s: &State, stand: StandId) -> Checked {
        self.check_order_stand(s, stand)?;
        let Step::Orders { action, .. } = s.step() else {
            return refuse(TURN, "No activation is under way.");
        };
        ensure(
            action.may_move(),
            TURN,
            "Stand & Fire: the platoon does not move (a pivot only).",
        )?;
        let st = s.stand(stand);
        ensure(st.on_table(), CARRIERS, "It is aboard: get off first.")?;
        ensure(!st.hidden, HIDDEN, "It is still hidden.")?;
        ensure(
            st.status != Status::Suppressed,
            MORALE_NOTES,
            "Suppressed troops can fire with a penalty but cannot move.",
        )?;
        ensure(
            st.status != Status::Disrupted,
            MORALE_NOTES,
            "Disrupted troops cannot advance.",
        )?;
        ensure(
            !st.immobile,
            MINES,
            "It lost a track and cannot move for the rest of the game.",
        )?;
        ensure(!st.stuck, WIRE, "It is stuck in the wire.")?;
        ensure(
            !st.act.halted,
            MINES,
            "Stopped by fire in a minefield for the rest of the turn.",
        )?;
        ensure(
            st.act.fired == 0,
            TURN,
            "Move & Fire: an element moves, then fires; it has fired already.",
        )?;
        ensure(
            !st.act.plotted,
            AREA_FIRE,
            "FOOs may not plot artillery fire and move in the same activation.",
        )?;
        ensure(st.act.wire_tries == 0, WIRE, "It is cutting wire.")?;
        // Chart: CLOSE ASSAULT: a charger has moved into contact and is in
        // the fight until it is fought at the end of the activation; it
        // neither charges again nor moves off. (Before, a second charge at
        // the same target was legal and did nothing, and the search, which
        // found it no worse than anything else, could play it for ever.)
        ensure(
            st.act.charged.is_none(),
            CLOSE_ASSAULT,
            "It has charged: it is in close combat until the fight is fought.",
        )?;
        let t = self.unit(st);
        ensure(t.mover != Mover::Static, MOVEMENT, "It does not move.")?;
        if t.mover == Mover::Helicopter {
            ensure(
                st.airborne,
                HELICOPTERS,
                "It is on the ground: take off first.",
            )?;
            ensure(
                !st.act.landed,
                HELICOPTERS,
                "It has landed this activation.",
            )?;
        }
        Ok(())
    }

    /// Where a stand may stand: on the table, off every other base.
    pub fn check_place(&self, s: &State, st: &Stand, to: Point) -> Checked {
        ensure(
            to.x.is_finite() && to.y.is_finite(),
            MOVEMENT,
            "That is not a point on the table.",
        )?;
        ensure(
            self.tabletop_of(s).contains(to),
            MOVEMENT,
            "That is off the table.",
        )?;
        if st.airborne {
            return Ok(());
        }
        let b = geometry::base_at(self.unit(st), to, st.facing);
        for o in s.on_table() {
            if o.id == st.id || o.airborne || o.hidden && o.side != st.side {
                continue;
            }
            let ob = geometry::base(self.unit(o), o);
            ensure(
                !geometry::overlaps(&b, &ob),
                UNIT_SCALES,
                "Another stand is there: bases may not overlap.",
            )?;
        }
        Ok(())
    }

    pub(crate) fn check_move(&self, s: &State, stand: StandId, to: Point) -> Checked {
        self.check_may_move(s, stand)?;
        let st = s.stand(stand);
        self.check_place(s, st, to)?;
        let left = self.remaining(s, st);
        let (plan, _) = self.plan(s, st, to, left, false);
        if !plan.complete() {
            let needed = plan.needed.unwrap_or(f64::INFINITY);
            let rule = if matches!(plan.halt, Some(Halt::OutOfMovement)) {
                MOVEMENT
            } else if matches!(plan.halt, Some(Halt::Blocked { .. })) {
                UNIT_SCALES
            } else {
                TERRAIN
            };
            return refuse(rule, self.halt_words(s, plan.halt, needed, left));
        }
        self.check_wire_crossing(s, st, st.pos, to)?;
        self.check_wrecks(s, st, st.pos, to)
    }

    pub(crate) fn execute_move(
        &self,
        s: &mut State,
        stand: StandId,
        to: Point,
        ev: &mut Vec<Event>,
    ) {
        let from = s.stand(stand).pos;
        // Carried out against every stand, hidden ones too: bumping into a
        // hidden platoon stops the move in contact and shows it.
        let left = self.remaining(s, s.stand(stand));
        let (plan, ids) = self.plan(s, s.stand(stand), to, left, true);
        let mut end = geometry::snap(plan.end);
        let mut bumped = None;
        if let Some(Halt::Blocked { base }) = plan.halt
            && let Some(&id) = ids.get(base)
            && s.stand(id).hidden
        {
            bumped = Some(s.stand(id).platoon);
            // Snapping must not push it into the other base.
            end = geometry::snap(from.toward(plan.end, (from.distance(plan.end) - 0.01).max(0.0)));
        }
        // A mine strip entered stops the move where it is entered.
        let entered = self.first_mine_on(s, stand, from, end);
        if let Some((_, at)) = entered {
            end = at;
        }
        let cost = {
            let st = s.stand(stand);
            self.leg_cost(s, st, from, end).unwrap_or(plan.spent)
        };
        self.place_stand(s, stand, end, ev, cost, false);
        if let Some(p) = bumped {
            self.reveal_platoon(s, p, Some(stand), ev);
        }
        self.wire_crossed(s, stand, from, end, ev);
        let airborne = s.stand(stand).airborne;
        match entered {
            Some((marker, at)) => {
                ev.push(Event::MineEntered { stand, marker, at });
                self.mine_entered(s, stand, marker, ev);
            }
            None => {
                let kind = if airborne {
                    TriggerKind::Flew {
                        path: vec![from, end],
                    }
                } else {
                    TriggerKind::Moved
                };
                self.offer_reaction(
                    s,
                    Trigger {
                        kind,
                        by: stand,
                        at: end,
                    },
                    ev,
                );
            }
        }
    }

    /// Moves a stand (and what it carries), facing the way it went.
    pub fn place_stand(
        &self,
        s: &mut State,
        stand: StandId,
        to: Point,
        ev: &mut Vec<Event>,
        cost: f64,
        fallback: bool,
    ) {
        let from = s.stand(stand).pos;
        let d = from.distance(to);
        let st = s.stand_mut(stand);
        st.pos = to;
        if d > EPS {
            st.facing = geometry::facing_of(to - from);
        }
        st.act.moved += cost;
        st.act.distance += d;
        st.this_turn.moved += d;
        let (side, facing) = (st.side, st.facing);
        let riders: Vec<StandId> = s.passengers(stand).map(|p| p.id).collect();
        for r in riders {
            let p = s.stand_mut(r);
            p.pos = to;
            p.facing = facing;
        }
        ev.push(Event::Moved {
            stand,
            from,
            to,
            cost,
            fallback,
        });
        self.snipers_spotted(s, side, from, to, stand, ev);
        self.reveal_check(s, ev);
    }

    pub(crate) fn check_pivot(&self, s: &State, stand: StandId, facing: f64) -> Checked {
        self.check_order_stand(s, stand)?;
        ensure(facing.is_finite(), MOVEMENT, "That is not a direction.")?;
        let st = s.stand(stand);
        ensure(st.on_table(), CARRIERS, "It is aboard.")?;
        ensure(!st.hidden, HIDDEN, "It is still hidden.")?;
        ensure(
            !st.immobile || self.unit(st).turreted,
            MINES,
            "It cannot move.",
        )?;
        ensure(
            (st.facing - facing).abs() > 1e-6,
            MOVEMENT,
            "It faces that way already.",
        )
    }

    pub(crate) fn execute_pivot(
        &self,
        s: &mut State,
        stand: StandId,
        facing: f64,
        ev: &mut Vec<Event>,
    ) {
        let f = facing.rem_euclid(360.0);
        s.stand_mut(stand).facing = f;
        ev.push(Event::Pivoted { stand, facing: f });
    }

    /// The farthest point toward `want` the stand can reach this
    /// activation (for the sample of moves `legal` lists).
    pub fn reach_toward(&self, s: &State, st: &Stand, want: Point) -> Option<Point> {
        let left = self.remaining(s, st);
        if left <= 0.05 {
            return None;
        }
        let table = self.tabletop_of(s);
        let want = Point::new(
            want.x.clamp(0.7, table.width - 0.7),
            want.y.clamp(0.7, table.height - 0.7),
        );
        let (plan, _) = self.plan(s, st, want, left, false);
        // Snapped to 1/100", backed off a hair so the cost and any contact
        // stay within the allowance.
        let d = (plan.reach - 0.02).max(0.0);
        let p = geometry::snap(st.pos.toward(want, d));
        (p.distance(st.pos) > 0.25).then_some(p)
    }

    /// A sample of moves for `legal`: toward enemies seen, objectives,
    /// and the eight points of the compass.
    pub(crate) fn move_candidates(&self, s: &State, st: &Stand, out: &mut Vec<Command>) {
        let left = self.remaining(s, st);
        if left <= 0.05 {
            return;
        }
        let mut wants: Vec<Point> = Vec::new();
        let mut enemies: Vec<(f64, Point)> = s
            .on_table()
            .filter(|e| e.side != st.side && !e.hidden)
            .map(|e| (e.pos.distance(st.pos), e.pos))
            .collect();
        enemies.stable_sort_by(|a, b| a.0.total_cmp(&b.0));
        for (d, p) in enemies.into_iter().take(2) {
            // Stop short of contact: charging is its own order.
            let stop = (d - 2.5).max(0.0);
            wants.push(st.pos.toward(p, stop.min(left * 2.0)));
        }
        for o in &self.scenario_of(s).objectives {
            let n = o.area.len().max(1) as f64;
            let c = o.area.iter().fold(Point::new(0.0, 0.0), |a, p| a + *p) * (1.0 / n);
            wants.push(c);
        }
        for k in 0..8 {
            let v = geometry::facing_vec(45.0 * k as f64);
            wants.push(st.pos + v * left);
        }
        self.road_wants(s, st, left, &mut wants);
        for w in wants {
            if let Some(to) = self.reach_toward(s, st, w)
                && !out.iter().any(|c| matches!(c, Command::Move { stand, to: t } if *stand == st.id && t.distance(to) < 0.5))
            {
                out.push(Command::Move { stand: st.id, to });
            }
        }
    }

    /// Chart: MOVEMENT (tank or APC 12" off road / 18" on roads, truck
    /// 6"/18"; the second figure "for roads only") and the TERRAIN CHART
    /// (Road: road speed): what a driver on or beside a road does with a
    /// move, for the sample of moves. The compass points are a full
    /// off-road move away, so they spend a third of an APC's road move
    /// and leave the road where it bends; a column then needed two or
    /// three Moves for one dash, and blocked itself nose to tail. Here, for
    /// each road the stand is on or within 2" of, and only for movers the
    /// road speeds up:
    /// - the full road move along the road (as far as the allowance left
    ///   goes at road speed), ahead in each lane and back in its own;
    ///   `reach_toward` cuts it where another base is in the way (bases
    ///   may not overlap, Notes: UNIT SCALES), so a blocked stand still
    ///   closes up to the one ahead;
    /// - a short move (2" on) into each other lane, to pull out and pass,
    ///   and for vehicles one straight across to beside the road (0" on:
    ///   out of a mine strip's line from a standstill at its edge).
    ///
    /// The lanes (Assumed: the rules say nothing of passing, only that
    /// bases may not overlap): the crown, either side of it at 0.7 of the
    /// half-width (two APCs pass on a 2" road), either shoulder 0.6"
    /// off the road (anything passes there, at off-road speed), and for
    /// vehicles either side beside the road, the whole base half an inch
    /// clear of it. A mine strip is 2" across (Chart: MINES), the width
    /// of Route 13's road, and a vehicle stopped or wrecked in one closes
    /// it; on the
    /// shoulder lane a base still hangs over the road's edge (an M48 by
    /// 0.15"), so before the outer lanes no move offered took a vehicle
    /// past a strip on the road: the column stopped at the mine belt.
    /// "Ahead" is the way the stand faces along the road.
    fn road_wants(&self, s: &State, st: &Stand, left: f64, wants: &mut Vec<Point>) {
        let road_rate = self.going_of(s, st).road;
        if road_rate >= 1.0 || st.airborne {
            return;
        }
        let unit = self.unit(st);
        let ahead_of_me = geometry::facing_vec(st.facing);
        for f in self.features(s) {
            let Shape::Band { line, width } = &f.shape else {
                continue;
            };
            if line.len() < 2 || going(unit, self.row(f.kind)) != Going_::Road {
                continue;
            }
            let half = width / 2.0;
            let Some((off, _, along)) = closest_approach(line, st.pos) else {
                continue;
            };
            if off > half + 2.0 {
                continue;
            }
            // The road's way and its left-hand normal at `along`.
            let tangent = |at: f64| {
                let a = point_along(line, (at - 0.05).max(0.0));
                let b = point_along(line, at + 0.05);
                (b - a).normalized().unwrap_or(Point::new(1.0, 0.0))
            };
            let t = tangent(along);
            let own = (st.pos - point_along(line, along)).dot(t.perp());
            let sign = if t.dot(ahead_of_me) >= 0.0 { 1.0 } else { -1.0 };
            // The whole allowance left at road speed, a little over so the
            // plan, not this sum, says where it ends.
            let far = left / road_rate + 0.5;
            let at = |dist: f64, lane: f64| {
                let a = along + dist;
                point_along(line, a) + tangent(a).perp() * lane
            };
            let mut lanes = vec![0.0, -0.7 * half, 0.7 * half, -(half + 0.6), half + 0.6];
            if unit.is_vehicle() {
                let beside = half + unit.width / 2.0 + 0.5;
                lanes.extend([-beside, beside]);
                // Straight across to beside the road where it stands: a
                // vehicle at a strip's edge (the sample's moves toward a
                // strip end there) enters it with any pull-out that also
                // goes on, and stood there for the rest of the game.
                for lane in [-beside, beside] {
                    if (lane - own).abs() > 0.3 {
                        wants.push(at(0.0, lane));
                    }
                }
            }
            for lane in lanes {
                wants.push(at(sign * far, lane));
                if (lane - own).abs() > 0.3 {
                    wants.push(at(sign * 2.0, lane));
                }
            }
            wants.push(at(-sign * far, own.clamp(-half, half)));
        }
    }

    /// Falls back a full move directly away from the nearest enemy in
    /// sight, stopping on reaching cover; one that starts in cover leaves
    /// it for the next (Chart: MORALE TABLE, Routed).
    pub fn fall_back_stand(&self, s: &mut State, id: StandId, ev: &mut Vec<Event>) {
        let st = s.stand(id).clone();
        let t = self.unit(&st);
        if !st.on_table() || st.immobile || st.stuck || t.mover == Mover::Static || st.airborne {
            return;
        }
        let away = s
            .on_table()
            .filter(|e| e.side != st.side && !e.hidden)
            .min_by(|a, b| a.pos.distance(st.pos).total_cmp(&b.pos.distance(st.pos)))
            .and_then(|e| (st.pos - e.pos).normalized())
            .unwrap_or(if st.side == Side::Us {
                Point::new(0.0, -1.0)
            } else {
                Point::new(0.0, 1.0)
            });
        let full = self.allowance_of(s, &st);
        let covered = |p: Point| self.direct_cover(s, p, p).times() > 0;
        let mut left_cover = !covered(st.pos);
        let mut best = st.pos;
        let step = 0.25;
        let mut k = 1;
        loop {
            let p = geometry::snap(st.pos + away * (step * k as f64));
            let Ok(c) = self.leg_cost(s, &st, st.pos, p) else {
                break;
            };
            if c > full + 1e-6
                || self.check_place(s, &st, p).is_err() && !self.tabletop_of(s).contains(p)
            {
                break;
            }
            if self.check_place(s, &st, p).is_ok()
                && self.check_wire_crossing(s, &st, st.pos, p).is_ok()
            {
                best = p;
                if left_cover && covered(p) {
                    break;
                }
            }
            if !covered(p) {
                left_cover = true;
            }
            k += 1;
            if k > 400 {
                break;
            }
        }
        if best.distance(st.pos) > EPS {
            let cost = self.leg_cost(s, &st, st.pos, best).unwrap_or(0.0);
            self.place_stand(s, id, best, ev, cost, true);
        }
    }

    /// Off by the scenario's exit edge (a column getting through).
    pub(crate) fn check_exit(&self, s: &State, stand: StandId) -> Checked {
        self.check_may_move(s, stand)?;
        let Some(edge) = self.scenario_of(s).exit_edge else {
            return refuse(SCENARIO, "This scenario has no exit edge.");
        };
        let st = s.stand(stand);
        let t = self.tabletop_of(s);
        let target = match edge {
            Edge::North => Point::new(st.pos.x, t.height),
            Edge::South => Point::new(st.pos.x, 0.0),
            Edge::East => Point::new(t.width, st.pos.y),
            Edge::West => Point::new(0.0, st.pos.y),
        };
        let cost = self.leg_cost(s, st, st.pos, target)?;
        ensure(
            cost <= self.remaining(s, st) + 1e-6,
            MOVEMENT,
            "The exit edge is beyond its move.",
        )
    }

    pub(crate) fn execute_exit(&self, s: &mut State, stand: StandId, ev: &mut Vec<Event>) {
        let riders: Vec<StandId> = s.passengers(stand).map(|p| p.id).collect();
        for id in std::iter::once(stand).chain(riders) {
            s.stand_mut(id).gone = Some(Gone::Exited);
            ev.push(Event::Exited { stand: id });
        }
    }

    /// The orders the platoon's elements may be given (a sample of moves).
    pub(crate) fn order_candidates(
        &self,
        s: &State,
        platoon: PlatoonId,
        action: Action,
        out: &mut Vec<Command>,
    ) {
        let ids: Vec<StandId> = s
            .members(platoon)
            .filter(|st| st.alive())
            .map(|st| st.id)
            .collect();
        for id in ids {
            let st = s.stand(id);
            if action.may_move() && !st.hidden && st.on_table() && st.act.fired == 0 {
                self.move_candidates(s, st, out);
                out.push(Command::ExitTable { stand: id });
            }
            if action == Action::MoveAndAssault {
                self.charge_candidates(s, st, out);
            } else {
                self.fire_candidates(s, st, out);
            }
            self.special_candidates(s, st, action, out);
        }
        out.push(Command::EndActivation);
    }
}
