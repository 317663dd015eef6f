//! Chart: MOVEMENT, Notes: MOVEMENT and the movement column of the
//! TERRAIN CHART: infantry 6" (+2" charging into hand-to-hand), commanders
//! 8" (+2"), pushed guns 6", tanks and APCs 12" off road / 18" on roads,
//! trucks 6"/18"; half speed, impassable, road speed or half a turn to get
//! in or out of terrain by type; suppressed troops do not move, disrupted
//! ones only look for cover; a routed platoon falls back.

use crate::PlatoonCards;
use crate::command::{Action, Command};
use crate::data::{Going, Mover, TerrainKind, TerrainRow, UnitType};
use crate::event::Event;
use crate::geometry;
use crate::scenario::Edge;
use crate::sections::*;
use crate::state::*;
use crate::step::{Step, Trigger, TriggerKind};
use crate::terrain::is_band;
use vt_core::refusal::{Checked, Refusal, ensure, refuse};
use vt_core::tabletop::{EPS, Point, Shape};

/// How the terrain slows a mover (the chart's movement column).
pub fn going(t: &UnitType, row: &TerrainRow) -> Going {
    match t.mover {
        Mover::Infantry | Mover::Commander => row.infantry.value,
        Mover::PushedGun => row.guns.value,
        Mover::Tracked => row.vehicles.value,
        Mover::HalfTrack => row.half_tracks.value,
        Mover::Wheeled => row.wheeled.value,
        Mover::Helicopter | Mover::Static => Going::Full,
    }
}

/// A leg worked out stretch by stretch ([`PlatoonCards::leg_profile`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    pub len: f64,
    /// (from, to, allowance per inch), in order along the leg.
    pub spans: Vec<(f64, f64, f64)>,
    /// Half turns paid where a bunker or trench is entered or left.
    pub penalties: Vec<(f64, f64)>,
    /// Where the ground stops the unit, and why.
    pub blocked: Option<(f64, String)>,
}

impl Profile {
    pub fn total(&self) -> f64 {
        self.spans.iter().map(|(a, b, f)| (b - a) * f).sum::<f64>()
            + self.penalties.iter().map(|p| p.1).sum::<f64>()
    }

    /// How far along the leg `allowance` takes the unit (stopping short of
    /// where it is blocked).
    pub fn reach(&self, allowance: f64) -> f64 {
        let stop = self
            .blocked
            .as_ref()
            .map_or(self.len, |b| (b.0 - 0.05).max(0.0));
        let mut pens: Vec<(f64, f64)> = self.penalties.clone();
        pens.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut left = allowance;
        let mut at: f64 = 0.0;
        let mut k = 0;
        for &(a, b, f) in &self.spans {
            while k < pens.len() && pens[k].0 <= a + EPS {
                if pens[k].1 > left + 1e-9 {
                    return at.min(stop);
                }
                left -= pens[k].1;
                k += 1;
            }
            let need = (b - a) * f;
            if need > left + 1e-9 {
                return (a + left / f).min(stop);
            }
            left -= need;
            at = b;
        }
        at.min(stop)
    }
}

/// Where along the leg `a`-`b` (inches from `a`) it runs within `r` of
/// the segment `c`-`d` (a stretch of road of half-width `r`): the line
/// against the capsule round `c`-`d`, which is convex, so one stretch.
fn band_interval(a: Point, b: Point, c: Point, d: Point, r: f64) -> Option<(f64, f64)> {
    let len = a.distance(b);
    if len <= EPS {
        return None;
    }
    let u = (b - a) * (1.0 / len);
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    let mut take = |x: f64, y: f64| {
        if x <= y {
            lo = lo.min(x);
            hi = hi.max(y);
        }
    };
    // The two round ends: |a + u t - p|^2 <= r^2.
    for p in [c, d] {
        let w = a - p;
        let (bq, cq) = (w.dot(u), w.dot(w) - r * r);
        let disc = bq * bq - cq;
        if disc >= 0.0 {
            let sq = disc.sqrt();
            take(-bq - sq, -bq + sq);
        }
    }
    // The straight part: 0 <= along <= |cd|, |across| <= r, each linear in t.
    let cd = d - c;
    let l = cd.length();
    if l > EPS {
        let v = cd * (1.0 / l);
        let n = Point::new(-v.y, v.x);
        let (mut t0, mut t1) = (f64::NEG_INFINITY, f64::INFINITY);
        for (k0, k1, min, max) in [
            ((a - c).dot(v), u.dot(v), 0.0, l),
            ((a - c).dot(n), u.dot(n), -r, r),
        ] {
            // min <= k0 + k1 t <= max
            if k1.abs() <= 1e-15 {
                if k0 < min || k0 > max {
                    t0 = f64::INFINITY;
                }
            } else {
                let (x, y) = ((min - k0) / k1, (max - k0) / k1);
                t0 = t0.max(x.min(y));
                t1 = t1.min(x.max(y));
            }
        }
        take(t0, t1);
    }
    let (lo, hi) = (lo.max(0.0), hi.min(len));
    (lo < hi).then_some((lo, hi))
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

    /// What a straight leg costs this stand, in off-road inches; refused
    /// where the ground is impassable to it.
    pub fn leg_cost(&self, s: &State, st: &Stand, from: Point, to: Point) -> Result<f64, Refusal> {
        let p = self.leg_profile(s, st, from, to);
        if let Some((_, why)) = p.blocked {
            return refuse(TERRAIN, why);
        }
        Ok(p.total())
    }

    /// The leg stretch by stretch: what each inch costs, the half turns
    /// to get into or out of a bunker or trench, and where (if anywhere)
    /// the ground stops this unit.
    pub fn leg_profile(&self, s: &State, st: &Stand, from: Point, to: Point) -> Profile {
        let t = self.unit(st);
        let len = from.distance(to);
        let mut out = Profile {
            len,
            spans: Vec::new(),
            penalties: Vec::new(),
            blocked: None,
        };
        if len <= EPS {
            return out;
        }
        if t.mover == Mover::Helicopter {
            out.spans.push((0.0, len, 1.0));
            return out;
        }
        let (off, road) = crate::data::allowance(&self.charts, t.mover);
        let road_factor = if road > 0.0 { off / road } else { 1.0 };
        let full = self.allowance_of(s, st);
        let fs = self.features(s);
        let mut cuts = vec![0.0, len];
        let block = |at: f64, why: String, out: &mut Profile| {
            if out.blocked.as_ref().is_none_or(|b| at < b.0) {
                out.blocked = Some((at, why));
            }
        };
        for h in self.sight_of(s, from, to) {
            let f = &fs[h.feature];
            let row = self.row(f.kind);
            match &f.shape {
                Shape::Area(_) => {
                    for &(a, b) in &h.spans {
                        cuts.push(a);
                        cuts.push(b);
                        if going(t, row) == Going::HalfTurnInOut {
                            // Half a turn to get in, half to get out.
                            if a > EPS {
                                out.penalties.push((a, self.half_turn(full)));
                            }
                            if b < len - EPS {
                                out.penalties.push((b, self.half_turn(full)));
                            }
                        }
                    }
                }
                Shape::Line(_) if is_band(f.kind) => {}
                Shape::Line(_) => {
                    if going(t, row) == Going::Impassable
                        && let Some(&at) = h.crossings.first()
                    {
                        block(
                            at,
                            format!("A {} cannot be crossed by this unit.", f.kind.name()),
                            &mut out,
                        );
                    }
                }
            }
        }
        // Roads and trails have a width: where along the leg is it on them?
        let table = self.tabletop_of(s);
        for i in table.near(from, to) {
            let f = &table.features[i];
            if let Shape::Line(pts) = &f.shape
                && is_band(f.kind)
            {
                let r = self.band_width(f.kind) / 2.0;
                for w in pts.windows(2) {
                    if let Some((a, b)) = band_interval(from, to, w[0], w[1], r) {
                        cuts.push(a);
                        cuts.push(b);
                    }
                }
            }
        }
        cuts.sort_by(f64::total_cmp);
        cuts.dedup_by(|a, b| (*a - *b).abs() <= EPS);
        let dir = (to - from) * (1.0 / len);
        for w in cuts.windows(2) {
            if w[1] - w[0] <= EPS {
                continue;
            }
            let mid = from + dir * ((w[0] + w[1]) / 2.0);
            let kinds = self.terrain_at(s, mid);
            match self.factor_at(t, &kinds, road_factor) {
                Ok(f) => out.spans.push((w[0], w[1], f)),
                Err(r) => {
                    block(w[0], r.message.to_string(), &mut out);
                    break;
                }
            }
        }
        out
    }

    /// Inches of allowance one inch of this ground costs.
    fn factor_at(
        &self,
        t: &UnitType,
        kinds: &[TerrainKind],
        road_factor: f64,
    ) -> Result<f64, Refusal> {
        if kinds.contains(&TerrainKind::Road)
            && going(t, self.row(TerrainKind::Road)) == Going::Road
        {
            return Ok(road_factor.min(1.0));
        }
        // A path through the jungle counts as open jungle (Notes: TERRAIN CHART).
        let on_trail = kinds.contains(&TerrainKind::Trail);
        let mut f: f64 = 1.0;
        for k in kinds {
            if on_trail && matches!(k, TerrainKind::DenseJungle | TerrainKind::OpenJungle) {
                continue;
            }
            match going(t, self.row(*k)) {
                Going::Full | Going::Road | Going::HalfTurnInOut => {}
                Going::Half => f = f.max(2.0),
                Going::Impassable => {
                    return refuse(TERRAIN, format!("{} is impassable to it.", k.name()));
                }
            }
        }
        Ok(f)
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
        let cost = self.leg_cost(s, st, st.pos, to)?;
        let left = self.remaining(s, st);
        if cost > left + 1e-6 {
            return refuse(
                MOVEMENT,
                format!("That costs {cost:.1}\" of movement; {left:.1}\" is left."),
            );
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
        // A mine strip entered stops the move where it is entered.
        let entered = self.first_mine_on(s, stand, from, to);
        let end = entered.map_or(to, |(_, at)| at);
        let cost = {
            let st = s.stand(stand);
            self.leg_cost(s, st, from, end).unwrap_or(0.0)
        };
        self.place_stand(s, stand, end, ev, cost, false);
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
        let prof = self.leg_profile(s, st, st.pos, want);
        let d = prof.reach(left);
        if d <= 0.25 {
            return None;
        }
        // Snapping to 1/100" may not add an inch's worth of cost: back off
        // a hair.
        let p = geometry::snap(st.pos.toward(want, (d - 0.02).max(0.0)));
        (p.distance(st.pos) > 0.25).then_some(p)
    }

    /// A sample of moves for `legal`: toward enemies seen, objectives,
    /// and the eight points of the compass, at full and half allowance.
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
        enemies.sort_by(|a, b| a.0.total_cmp(&b.0));
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
            if k % 2 == 0 {
                wants.push(st.pos + v * (left / 2.0));
            }
        }
        for w in wants {
            if let Some(to) = self.reach_toward(s, st, w)
                && !out.iter().any(|c| matches!(c, Command::Move { stand, to: t } if *stand == st.id && t.distance(to) < 0.5))
            {
                out.push(Command::Move { stand: st.id, to });
            }
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
