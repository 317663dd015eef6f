//! CF base movement (CF4.0-4.2, S3, S5, S7): no ruler. A stand moves any
//! distance in a straight line and stops on entering a terrain feature or
//! reaching a linear obstacle; pinned and suppressed stands do not move;
//! stands within one stand width of each other may move as a group, each
//! member moving whatever happens to the others; a stand of a US-type army
//! needs sight of its platoon's Command Group at the start of its move
//! (CF4.0, an option); a building or bunker holds two fire teams or
//! weapons (CF8.4, S9). Every move is offered to the other side for
//! reactive fire ([`crate::reactive_fire`]).

use crate::CrossfireVn;
use crate::command::{Command, StandMove};
use crate::data::Role;
use crate::event::{Event, RevealWhy};
use crate::state::*;
use crate::step::{Leg, Moves, Reaction, Step, Then};
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::tabletop::{Base, HUNDREDTH, Halt, Point};

impl CrossfireVn {
    /// Whether a stand can take an action at all (on the table, not
    /// suppressed).
    pub(crate) fn stand_can_act(&self, s: &State, id: StandId) -> bool {
        s.get(id)
            .is_some_and(|st| st.on_table() && st.status != Status::Suppressed)
    }

    /// Why a stand may not move now, if it may not (CF-F6, 6.5, 6.9).
    pub(crate) fn check_can_move(&self, s: &State, st: &Stand) -> Checked {
        let u = self.unit_type(st);
        ensure_with(st.on_table(), "base 4.0", || {
            format!("{} is not on the table.", st.label)
        })?;
        ensure_with(st.status == Status::Ok, "base 6.5", || {
            format!("{} is {} and may not move.", st.label, st.status.name())
        })?;
        match u.role {
            Role::Sniper => {
                return refuse(
                    "6.9",
                    "A VC/NVA sniper may not move from its position; it may only be withdrawn.",
                );
            }
            Role::SniperTeam => ensure(
                st.shots == 0,
                "6.9",
                "A USMC sniper team that fired must stay where it is this initiative.",
            )?,
            Role::AidPost => ensure(
                !self.casualties_at_post(s, st),
                "6.5",
                "An Aid Post with casualties present may not move until they are all evacuated.",
            )?,
            Role::Helicopter if u.carry > 0 => {
                return refuse(
                    "6.5",
                    "A Dust Off lands and takes off; it does not move about the table.",
                );
            }
            _ => {}
        }
        Ok(())
    }

    /// CF4.0: a stand needs sight of its platoon's Command Group at the
    /// start of its move (if the platoon still has one on the table).
    pub(crate) fn check_command_control(&self, s: &State, st: &Stand) -> Checked {
        if !s.readings.command_control
            || st.platoon == 0
            || self.unit_type(st).role == Role::Command
        {
            return Ok(());
        }
        if !self.unit_type(st).is_troops() {
            return Ok(());
        }
        let cg = s
            .side_on_table(st.side)
            .find(|o| o.platoon == st.platoon && self.unit_type(o).role == Role::Command);
        match cg {
            Some(cg) => ensure_with(self.sees(s, cg, st), "base 4.0", || {
                format!(
                    "{} cannot see its Command Group {}, so it may not move.",
                    st.label, cg.label
                )
            }),
            None => Ok(()),
        }
    }

    /// The bases a move of `side` must go round: every stand it can see
    /// (its own, and enemy stands not hidden), except `skip`.
    pub(crate) fn visible_bases(
        &self,
        s: &State,
        side: Side,
        skip: &[StandId],
    ) -> (Vec<Base>, Vec<StandId>) {
        let mut bases = Vec::new();
        let mut ids = Vec::new();
        for o in s.on_table() {
            if skip.contains(&o.id) || (o.side != side && o.hidden) || self.unit_type(o).flies {
                continue;
            }
            bases.push(self.base(o));
            ids.push(o.id);
        }
        (bases, ids)
    }

    /// Where a straight move of `st` towards `to` ends, as its side knows
    /// the table, or why it cannot be made. `skip`: stands that move with it.
    pub(crate) fn plan_leg(
        &self,
        s: &State,
        st: &Stand,
        m: &StandMove,
        skip: &[StandId],
        rule: &'static str,
    ) -> Result<Leg, vt_core::Refusal> {
        let t = self.table_of(s);
        ensure(t.on_table(m.to), rule, "A move must end on the table.")?;
        let (bases, ids) = self.visible_bases(s, st.side, skip);
        let dir = (m.to - st.at).normalized().unwrap_or(st.facing);
        // CF8.0: an assaulting stand goes in facing the enemy, so its base
        // meets the target's as it will stand, turned along its way (swept
        // as it stood, a stand coming in at a slant ended overlapping the
        // target it had just touched, and no assault but straight ahead
        // could be made).
        let turned;
        let mover = if rule == "base 8.0" && m.facing.is_none() {
            turned = Stand {
                facing: dir,
                ..st.clone()
            };
            &turned
        } else {
            st
        };
        let plan = self.plan(s, mover, m.to, &bases);
        if let Some(Halt::Blocked { base }) = plan.halt {
            let o = s.stand(ids[base]);
            ensure_with(o.side == st.side || rule == "base 8.0", rule, || {
                format!("Only a close combat moves into contact with {}.", o.label)
            })?;
        }
        if let Some(Halt::Impassable { feature }) = plan.halt {
            ensure_with(plan.reach > 0.05, rule, || match feature {
                Some(i) => format!(
                    "{} cannot go into {}.",
                    st.label,
                    t.names.get(i).map_or("that", |n| n)
                ),
                None => format!("{} cannot go that way.", st.label),
            })?;
        }
        ensure_with(plan.reach > 0.05, rule, || {
            format!(
                "{} cannot move that way: something stops it where it stands.",
                st.label
            )
        })?;
        let facing = m.facing.and_then(|f| f.normalized()).unwrap_or(dir);
        // Stopped by ground it may not enter: a hair short of its edge.
        let end = match plan.halt {
            Some(Halt::Impassable { .. }) => st.at.toward(m.to, (plan.reach - 0.02).max(0.0)),
            _ => plan.end,
        }
        .snapped(HUNDREDTH);
        self.check_standing(s, st, end, facing, rule)?;
        Ok(Leg {
            stand: st.id,
            from: st.at,
            to: end,
            facing,
            exit: false,
        })
    }

    pub(crate) fn check_move(&self, s: &State, moves: &[StandMove]) -> Checked {
        self.in_initiative(s)?;
        self.plan_group(s, moves, "base 4.0").map(|_| ())
    }

    /// The legs of a group move, or why it cannot be made (CF4.2).
    pub(crate) fn plan_group(
        &self,
        s: &State,
        moves: &[StandMove],
        rule: &'static str,
    ) -> Result<Vec<Leg>, vt_core::Refusal> {
        let side = s.initiative;
        ensure(!moves.is_empty(), rule, "Name the stands that move.")?;
        let ids: Vec<StandId> = moves.iter().map(|m| m.stand).collect();
        for (i, m) in moves.iter().enumerate() {
            ensure(
                !ids[..i].contains(&m.stand),
                rule,
                "A stand moves once in a move.",
            )?;
            let Some(st) = s.get(m.stand) else {
                return refuse(rule, "No such stand.");
            };
            ensure(st.side == side, rule, "Move only your own stands.")?;
            self.check_can_move(s, st)?;
            ensure_with(st.carrying.is_empty(), "6.5", || {
                format!(
                    "{} carries casualties: it moves by its medevac action.",
                    st.label
                )
            })?;
            ensure_with(!st.withdrawing || rule != "base 8.0", "6.9.1", || {
                format!("{} is withdrawing and may not close assault.", st.label)
            })?;
            self.check_command_control(s, st)?;
        }
        if moves.len() > 1 {
            // CF4.2: the group is joined stand to stand within one stand width.
            let mut joined = vec![false; moves.len()];
            joined[0] = true;
            let mut grew = true;
            while grew {
                grew = false;
                for i in 0..moves.len() {
                    if joined[i] {
                        continue;
                    }
                    let a = s.stand(ids[i]);
                    if (0..moves.len()).any(|j| joined[j] && self.within(a, s.stand(ids[j]), 1.0)) {
                        joined[i] = true;
                        grew = true;
                    }
                }
            }
            ensure(
                joined.iter().all(|j| *j),
                "base 4.2",
                "A group moves together only when each stand is within one stand width of another.",
            )?;
        }
        let mut legs = Vec::new();
        for m in moves {
            let st = s.stand(m.stand);
            let mut leg = self.plan_leg(s, st, m, &ids, rule)?;
            // 6.9.1: a withdrawing stand makes for its own edge.
            if st.withdrawing {
                self.check_withdrawal(s, st, leg.to)?;
                leg.exit = self.at_own_edge(s, st.side, leg.to);
            }
            legs.push(leg);
        }
        // C19: the members do not end on one another.
        for (i, a) in legs.iter().enumerate() {
            for b in &legs[..i] {
                let (sa, sb) = (s.stand(a.stand), s.stand(b.stand));
                ensure_with(
                    !self
                        .base_at(sa, a.to, a.facing)
                        .overlaps(&self.base_at(sb, b.to, b.facing)),
                    rule,
                    || format!("{} and {} would end on each other.", sa.label, sb.label),
                )?;
            }
        }
        self.check_attachments(s, &legs)?;
        Ok(legs)
    }

    pub(crate) fn execute_move(&self, s: &mut State, moves: &[StandMove], _ev: &mut Vec<Event>) {
        let Ok(legs) = self.plan_group(s, moves, "base 4.0") else {
            return;
        };
        self.push_moves(s, legs, Then::Nothing);
    }

    /// Starts a move procedure of the side with the initiative.
    pub(crate) fn push_moves(&self, s: &mut State, legs: Vec<Leg>, then: Then) {
        for l in &legs {
            s.stand_mut(l.stand).moved = true;
        }
        s.steps.push(Step::Moves(Moves {
            side: s.initiative,
            legs,
            then,
            seized: false,
        }));
    }

    /// A leg begins: a hidden mover is placed on the table, a hidden enemy
    /// in the way stops it short and is found, and the other side is
    /// offered reactive fire if it might have any.
    pub(crate) fn start_leg(&self, s: &mut State, mut leg: Leg, ev: &mut Vec<Event>) {
        let Some(st) = s.get(leg.stand) else {
            return;
        };
        if !st.on_table() {
            return;
        }
        if st.hidden {
            self.reveal(s, leg.stand, RevealWhy::Moved, ev);
        }
        let st = s.stand(leg.stand).clone();
        // Hidden enemy stands in the way: the move ends against them.
        let hidden: Vec<&Stand> = s
            .on_table()
            .filter(|o| o.side != st.side && o.hidden && !self.unit_type(o).flies)
            .collect();
        if !hidden.is_empty() && leg.to != leg.from {
            let bases: Vec<Base> = hidden.iter().map(|o| self.base(o)).collect();
            let ids: Vec<StandId> = hidden.iter().map(|o| o.id).collect();
            let mover = self.base_at(&st, leg.from, leg.facing);
            if let Some((along, i)) = mover.first_contact(&[leg.from, leg.to], &bases) {
                leg.to = leg.from.toward(leg.to, along).snapped(HUNDREDTH);
                leg.exit = false;
                self.reveal(s, ids[i], RevealWhy::Spotted, ev);
            }
        }
        let points = self.react_points(s, leg.from, leg.to);
        let other = st.side.other();
        if self.reaction_possible(s, other, &st, &points) {
            s.steps.push(Step::Reaction(Reaction {
                side: other,
                leg,
                points,
                next: 0,
            }));
        } else {
            let to = leg.to;
            self.complete_leg(s, &leg, to, false, ev);
        }
    }

    /// The mover reaches `at` (its leg's end, or where reactive fire
    /// stopped it) and what that brings: hidden stands found, equipment
    /// captured, a withdrawing stand off its edge.
    pub(crate) fn complete_leg(
        &self,
        s: &mut State,
        leg: &Leg,
        at: Point,
        stopped: bool,
        ev: &mut Vec<Event>,
    ) {
        let st = s.stand_mut(leg.stand);
        if !st.on_table() {
            return;
        }
        let from = st.at;
        st.at = at;
        st.facing = leg.facing;
        // A move fired at on its last point has already been told.
        if stopped || from.distance(at) > 0.005 {
            ev.push(Event::Moved {
                stand: leg.stand,
                path: vec![from, at],
                facing: leg.facing,
                stopped,
            });
        }
        self.after_move(s, leg.stand, leg.from, ev);
        if leg.exit && !stopped && s.stand(leg.stand).withdrawing {
            self.leave_table(s, leg.stand, Presence::Withdrawn, ev);
        }
    }

    /// What a stand's arrival brings about.
    pub(crate) fn after_move(&self, s: &mut State, id: StandId, from: Point, ev: &mut Vec<Event>) {
        self.spot_after_move(s, id, from, ev);
        self.capture_equipment(s, id, ev);
    }

    /// A stand leaves play by its own edge; what it carries is evacuated.
    pub(crate) fn leave_table(
        &self,
        s: &mut State,
        id: StandId,
        why: Presence,
        ev: &mut Vec<Event>,
    ) {
        let carried = std::mem::take(&mut s.stand_mut(id).carrying);
        for m in &carried {
            s.markers[*m as usize].place = MarkerPlace::Evacuated;
        }
        if !carried.is_empty() {
            ev.push(Event::Evacuated {
                by: id,
                markers: carried,
            });
        }
        s.stand_mut(id).presence = why;
        ev.push(Event::Exited { stand: id });
        self.check_end(s, ev);
    }

    /// 6.9.1: a withdrawing stand's move must take it nearer its own edge.
    pub(crate) fn check_withdrawal(&self, s: &State, st: &Stand, to: Point) -> Checked {
        let size = self.table_of(s).size;
        let edges = self.own_edges(s, st.side);
        let dist = |p: Point| {
            edges
                .iter()
                .map(|e| e.distance(p, size))
                .fold(f64::INFINITY, f64::min)
        };
        ensure_with(dist(to) < dist(st.at), "6.9.1", || {
            format!(
                "{} is withdrawing: each move must take it nearer its own table edge.",
                st.label
            )
        })
    }

    /// The side's own table edges.
    pub fn own_edges(&self, s: &State, side: Side) -> Vec<crate::data::Edge> {
        self.scenario_side(s, side)
            .map(|x| x.edges.clone())
            .unwrap_or_default()
    }

    /// Whether a point is within the exit zone of one of the side's edges.
    pub fn at_own_edge(&self, s: &State, side: Side, p: Point) -> bool {
        let size = self.table_of(s).size;
        let zone = self.rules().sw(self.rules().medevac.exit_zone.value);
        self.own_edges(s, side)
            .iter()
            .any(|e| e.distance(p, size) < zone)
    }

    pub(crate) fn check_pivot(&self, s: &State, id: StandId, facing: Point) -> Checked {
        self.in_initiative(s)?;
        let Some(st) = s.get(id) else {
            return refuse("base 4.0", "No such stand.");
        };
        ensure(
            st.side == s.initiative && st.on_table(),
            "base 4.0",
            "Pivot only your own stands on the table.",
        )?;
        ensure_with(st.status != Status::Suppressed, "base 6.5", || {
            format!("{} is suppressed and may only try to rally.", st.label)
        })?;
        let Some(f) = facing.normalized() else {
            return refuse("base 4.0", "A facing must be a direction.");
        };
        ensure(
            (f - st.facing).length() > 1e-3,
            "base 4.0",
            "The stand already faces that way.",
        )?;
        self.check_standing(s, st, st.at, f, "base 4.0")
    }

    pub(crate) fn execute_pivot(
        &self,
        s: &mut State,
        id: StandId,
        facing: Point,
        ev: &mut Vec<Event>,
    ) {
        let f = facing.normalized().unwrap_or(Point::new(0.0, 1.0));
        s.stand_mut(id).facing = f;
        ev.push(Event::Pivoted {
            stand: id,
            facing: f,
        });
    }

    /// Pivots worth offering: vehicles turning to face the nearest enemy
    /// they see (a tank's flanks, 6.11).
    pub(crate) fn pivot_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        for st in s.side_on_table(side) {
            if !self.unit_type(st).is_vehicle() {
                continue;
            }
            let near = s
                .side_on_table(side.other())
                .filter(|o| !o.hidden)
                .min_by(|a, b| a.at.distance(st.at).total_cmp(&b.at.distance(st.at)));
            if let Some(o) = near
                && let Some(d) = (o.at - st.at).normalized()
            {
                out.push(Command::Pivot {
                    stand: st.id,
                    facing: d.snapped(HUNDREDTH),
                });
            }
        }
    }

    /// Destinations worth offering for each stand that can move: the four
    /// ways along and across the table, towards the nearest enemy it knows
    /// of and towards the objective (each stops at the first feature), and
    /// RPG/LAW teams with their squad.
    pub(crate) fn move_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        let t = self.table_of(s);
        let clamp = |p: Point| {
            Point::new(
                p.x.clamp(0.5, t.size.0 - 0.5),
                p.y.clamp(0.5, t.size.1 - 0.5),
            )
            .snapped(HUNDREDTH)
        };
        let objective = self
            .scenario_of(s)
            .objectives
            .iter()
            .find_map(|o| o.area.first().map(|_| centroid(&o.area)));
        for st in s.side_on_table(side) {
            if self.check_can_move(s, st).is_err() || !st.carrying.is_empty() {
                continue;
            }
            // Forward (away from the side's own edge) and to either side.
            let ahead = match self.own_edges(s, side).first() {
                Some(crate::data::Edge::North) => Point::new(0.0, -1.0),
                Some(crate::data::Edge::West) => Point::new(1.0, 0.0),
                Some(crate::data::Edge::East) => Point::new(-1.0, 0.0),
                _ => Point::new(0.0, 1.0),
            };
            let mut targets: Vec<Point> = [ahead * 12.0, ahead.perp() * 10.0, ahead.perp() * -10.0]
                .iter()
                .map(|d| clamp(st.at + *d))
                .collect();
            let enemy = s
                .side_on_table(side.other())
                .filter(|o| !o.hidden)
                .min_by(|a, b| a.at.distance(st.at).total_cmp(&b.at.distance(st.at)));
            match (objective, enemy) {
                (Some(c), _) if c.distance(st.at) > 4.0 => targets.push(clamp(c)),
                (_, Some(o)) => targets.push(clamp(
                    st.at.toward(o.at, (o.at.distance(st.at) - 3.0).max(1.0)),
                )),
                _ => {}
            }
            if st.withdrawing {
                let size = t.size;
                for e in self.own_edges(s, side) {
                    let p = match e {
                        crate::data::Edge::South => Point::new(st.at.x, 0.5),
                        crate::data::Edge::North => Point::new(st.at.x, size.1 - 0.5),
                        crate::data::Edge::West => Point::new(0.5, st.at.y),
                        crate::data::Edge::East => Point::new(size.0 - 0.5, st.at.y),
                    };
                    targets.push(clamp(p));
                }
            }
            for to in targets {
                out.push(Command::Move {
                    moves: vec![StandMove {
                        stand: st.id,
                        to,
                        facing: None,
                    }],
                });
            }
        }
        // Support teams move with a stand of their unit (6.11).
        for st in s.side_on_table(side) {
            if !matches!(self.unit_type(st).role, Role::Rpg | Role::Law) {
                continue;
            }
            let Some(mate) = s
                .side_on_table(side)
                .filter(|o| o.id != st.id && self.in_unit_of(st, o) && self.within(st, o, 1.0))
                .min_by(|a, b| a.at.distance(st.at).total_cmp(&b.at.distance(st.at)))
            else {
                continue;
            };
            for (dx, dy) in [(0.0, 8.0), (0.0, -8.0), (8.0, 0.0), (-8.0, 0.0)] {
                let d = Point::new(dx, dy);
                out.push(Command::Move {
                    moves: vec![
                        StandMove {
                            stand: mate.id,
                            to: clamp(mate.at + d),
                            facing: None,
                        },
                        StandMove {
                            stand: st.id,
                            to: clamp(st.at + d),
                            facing: None,
                        },
                    ],
                });
            }
        }
    }
}

/// The mean of a polygon's corners.
pub fn centroid(pts: &[Point]) -> Point {
    let n = pts.len().max(1) as f64;
    let (x, y) = pts.iter().fold((0.0, 0.0), |(x, y), p| (x + p.x, y + p.y));
    Point::new(x / n, y / n)
}

use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_movement(&self, s: Option<&State>, e: &Event) -> LogEntry {
        match e {
            Event::Moved {
                stand,
                path,
                stopped,
                ..
            } => {
                let end = path.last().copied().unwrap_or_default();
                // "into" a piece it entered, "within" one it was in.
                let start = path.first().copied().unwrap_or(end);
                let into = s
                    .and_then(|s| self.feature_at(s, end).map(|i| (s, i)))
                    .map(|(s, i)| {
                        let word = if self.feature_at(s, start) == Some(i) {
                            "within"
                        } else {
                            "into"
                        };
                        format!(" {word} {}", self.table_of(s).names[i])
                    })
                    .unwrap_or_default();
                let len = path.first().map_or(0.0, |p| p.distance(end));
                if *stopped && len < 0.01 {
                    return LogEntry::text(format!("{} is stopped there.", self.who(s, *stand)));
                }
                LogEntry::text(format!(
                    "{} moves {:.1}\"{into}{}.",
                    self.who(s, *stand),
                    len,
                    if *stopped {
                        " and is stopped there"
                    } else {
                        ""
                    }
                ))
            }
            Event::Pivoted { stand, .. } => {
                LogEntry::text(format!("{} pivots.", self.who(s, *stand)))
            }
            Event::Exited { stand } => LogEntry::text(format!(
                "{} leaves the table by its own edge.",
                self.who(s, *stand)
            )),
            _ => LogEntry::text(format!("{e:?}")),
        }
    }
}
