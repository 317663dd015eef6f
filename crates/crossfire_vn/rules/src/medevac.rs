//! 6.5 Casualty evacuation, Company Aid Posts and Dust Off.
//!
//! Casualty markers are taken off the battlefield (carried to the side's
//! own edge, our reading of "removed directly", C4) or gathered for
//! treatment and evacuation. A fire team, Command Group or medic carries
//! one marker, a VC/NVA porter two, a heavy weapon none; a Dust Off
//! three, a truck or APC six, a jeep one. A carrier makes one medevac
//! action per initiative, which may include a pivot at its start or end.
//! Evacuated casualties lower the enemy's points.
//!
//! Two medics within one base width may form a Company Aid Post during
//! their side's initiative (no reactive fire; for good); with casualties
//! present it may not move until all are evacuated, and it takes 2 off
//! the Dust Off roll. A Dust Off is called during the initiative: a die
//! gives the initiatives of delay, less 2 with an Aid Post, arriving at
//! once below 1. Medics and Aid Posts contacted in close combat are
//! eliminated ([`crate::close_combat`]).

use crate::CrossfireVn;
use crate::command::Command;
use crate::data::Role;
use crate::event::Event;
use crate::setup::{dust_off_type, role_type};
use crate::state::*;
use crate::step::{Leg, Step, Then};
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::sort::StableSort;
use vt_core::tabletop::{HUNDREDTH, Point};

impl CrossfireVn {
    /// 6.5: casualties present at an Aid Post (within reach of it).
    pub fn casualties_at_post(&self, s: &State, post: &Stand) -> bool {
        let range = self
            .rules()
            .sw(self.rules().medevac.casualties_present.value);
        let b = self.base(post);
        s.markers.iter().any(|m| {
            m.side == post.side
                && m.kind == MarkerKind::Casualty
                && m.ground().is_some_and(|p| b.distance_to_point(p) < range)
        })
    }

    /// Markers of the carrier's side lying within reach of it.
    pub fn markers_near(&self, s: &State, st: &Stand, range_sw: f64) -> Vec<MarkerId> {
        let range = self.rules().sw(range_sw);
        let b = self.base(st);
        s.markers
            .iter()
            .filter(|m| {
                m.side == st.side && m.ground().is_some_and(|p| b.distance_to_point(p) < range)
            })
            .map(|m| m.id)
            .collect()
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn check_medevac(
        &self,
        s: &State,
        id: StandId,
        pick_up: &[MarkerId],
        to: Point,
        facing: Option<Point>,
        drop: bool,
    ) -> Checked {
        self.in_initiative(s)?;
        let Some(st) = s.get(id) else {
            return refuse("6.5", "No such stand.");
        };
        let u = self.unit_type(st);
        ensure(
            st.side == s.initiative && st.on_table(),
            "6.5",
            "Evacuate with your own stands.",
        )?;
        ensure_with(u.carry > 0, "6.5", || {
            format!("{} may not move casualties.", u.name)
        })?;
        ensure_with(!st.medevac_done, "6.5", || {
            format!(
                "{} has made its one medevac action this initiative.",
                st.label
            )
        })?;
        ensure_with(st.status != Status::Suppressed, "base 6.5.2", || {
            format!("{} is suppressed and may only try to rally.", st.label)
        })?;
        let near = self.markers_near(s, st, self.rules().medevac.pickup_range.value);
        for (i, m) in pick_up.iter().enumerate() {
            ensure(!pick_up[..i].contains(m), "6.5", "Pick a marker up once.")?;
            ensure(
                near.contains(m),
                "6.5",
                "Pick up only your own markers lying within one stand width.",
            )?;
        }
        ensure_with(
            st.carrying.len() + pick_up.len() <= u.carry as usize,
            "6.5",
            || {
                format!(
                    "{} carries at most {}.",
                    u.name,
                    vt_core::words::counted(u.carry as u64, "marker", "markers")
                )
            },
        )?;
        ensure(
            !(pick_up.is_empty() && st.carrying.is_empty()),
            "6.5",
            "A medevac action carries casualties: pick some up first.",
        )?;
        if let Some(f) = facing {
            ensure(
                f.normalized().is_some(),
                "6.5",
                "A facing must be a direction.",
            )?;
        }
        if to.distance(st.at) > HUNDREDTH {
            self.check_can_move(s, st)?;
            self.check_command_control(s, st)?;
            let m = crate::command::StandMove {
                stand: id,
                to,
                facing,
            };
            let leg = self.plan_leg(s, st, &m, &[id], "6.5")?;
            if st.withdrawing {
                self.check_withdrawal(s, st, leg.to)?;
            }
        } else {
            ensure(
                drop || !pick_up.is_empty(),
                "6.5",
                "That medevac action does nothing.",
            )?;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn execute_medevac(
        &self,
        s: &mut State,
        id: StandId,
        pick_up: &[MarkerId],
        to: Point,
        facing: Option<Point>,
        drop: bool,
        ev: &mut Vec<Event>,
    ) {
        s.stand_mut(id).medevac_done = true;
        for m in pick_up {
            s.markers[*m as usize].place = MarkerPlace::Carried(id);
            s.stand_mut(id).carrying.push(*m);
        }
        if !pick_up.is_empty() {
            ev.push(Event::PickedUp {
                carrier: id,
                markers: pick_up.to_vec(),
            });
        }
        let st = s.stand(id).clone();
        if to.distance(st.at) > HUNDREDTH {
            let m = crate::command::StandMove {
                stand: id,
                to,
                facing,
            };
            if let Ok(leg) = self.plan_leg(s, &st, &m, &[id], "6.5") {
                self.push_moves(s, vec![leg], Then::Medevac { carrier: id, drop });
                return;
            }
        }
        if let Some(f) = facing.and_then(|f| f.normalized()) {
            s.stand_mut(id).facing = f;
        }
        self.end_medevac(s, id, drop, ev);
    }

    /// The end of a medevac action: at the side's own edge the casualties
    /// are carried off; otherwise they are set down if asked (onto a
    /// vehicle with room within reach, else the ground).
    pub(crate) fn end_medevac(&self, s: &mut State, id: StandId, drop: bool, ev: &mut Vec<Event>) {
        let st = s.stand(id).clone();
        if !st.on_table() || st.carrying.is_empty() {
            return;
        }
        if self.at_own_edge(s, st.side, st.at) {
            // 6.9.1: a withdrawing fire team leaves with what it carries.
            if st.withdrawing {
                self.leave_table(s, id, Presence::Withdrawn, ev);
            } else if s.readings.carriers_leave {
                self.leave_table(s, id, Presence::Exited, ev);
            } else {
                let markers = std::mem::take(&mut s.stand_mut(id).carrying);
                for m in &markers {
                    s.markers[*m as usize].place = MarkerPlace::Evacuated;
                }
                ev.push(Event::Evacuated { by: id, markers });
                self.check_end(s, ev);
            }
            return;
        }
        if !drop {
            return;
        }
        let range = self.rules().sw(self.rules().medevac.pickup_range.value);
        let vehicle = s
            .side_on_table(st.side)
            .find(|v| {
                let u = self.unit_type(v);
                v.id != id
                    && u.is_vehicle()
                    && v.carrying.len() + st.carrying.len() <= u.carry as usize
                    && self.gap(v, &st) < range
            })
            .map(|v| v.id);
        let markers = std::mem::take(&mut s.stand_mut(id).carrying);
        for m in &markers {
            s.markers[*m as usize].place = match vehicle {
                Some(v) => MarkerPlace::Carried(v),
                None => MarkerPlace::Ground(st.at),
            };
        }
        if let Some(v) = vehicle {
            s.stand_mut(v).carrying.extend(markers.iter().copied());
        }
        ev.push(Event::SetDown {
            carrier: id,
            markers,
            at: st.at,
            into: vehicle,
        });
    }

    pub(crate) fn check_form_aid_post(&self, s: &State, medics: [StandId; 2]) -> Checked {
        self.in_initiative(s)?;
        ensure(
            medics[0] != medics[1],
            "6.5",
            "Two different medics form an Aid Post.",
        )?;
        for m in medics {
            let Some(st) = s.get(m) else {
                return refuse("6.5", "No such stand.");
            };
            ensure(
                st.side == s.initiative && st.on_table() && self.unit_type(st).role == Role::Medic,
                "6.5",
                "Two of your medic stands form an Aid Post.",
            )?;
            ensure_with(st.status != Status::Suppressed, "base 6.5.2", || {
                format!("{} is suppressed.", st.label)
            })?;
        }
        ensure(
            role_type(&self.data, s.initiative, Role::AidPost).is_some(),
            "6.5",
            "Your side has no Aid Post stand.",
        )?;
        let (a, b) = (s.stand(medics[0]), s.stand(medics[1]));
        ensure(
            self.within(a, b, self.rules().medevac.aid_post_range.value),
            "6.5",
            "The medics must be within one base width of each other.",
        )
    }

    pub(crate) fn execute_form_aid_post(
        &self,
        s: &mut State,
        medics: [StandId; 2],
        ev: &mut Vec<Event>,
    ) {
        let side = s.initiative;
        let Some(unit) = role_type(&self.data, side, Role::AidPost) else {
            return;
        };
        let a = s.stand(medics[0]).clone();
        for m in medics {
            self.drop_all(s, m, ev);
            s.stand_mut(m).presence = Presence::Merged;
        }
        let id = s.stands.len() as StandId;
        s.stands.push(Stand {
            id,
            unit,
            label: "CAP".into(),
            platoon: 0,
            squad: 0,
            status: Status::Ok,
            carrying: Vec::new(),
            no_fire: false,
            medevac_done: false,
            shots: 0,
            moved: false,
            withdrawing: false,
            detached: false,
            ..a
        });
        ev.push(Event::AidPostFormed {
            medics,
            post: id,
            at: a.at,
        });
    }

    pub(crate) fn check_request_dust_off(&self, s: &State) -> Checked {
        self.in_initiative(s)?;
        ensure(
            s.initiative == Side::FreeWorld,
            "6.5",
            "Only the Free World calls Dust Off; VC/NVA casualties are carried off by their comrades.",
        )?;
        ensure(
            s.dust_offs_left > 0,
            "6.5",
            "The scenario gives no more Dust Offs.",
        )?;
        ensure(
            s.dust_off.is_none() && !matches!(s.step(), Step::DustOff { .. }),
            "6.5",
            "A Dust Off is already on its way.",
        )?;
        ensure(
            dust_off_type(&self.data).is_some(),
            "6.5",
            "No Dust Off helicopter in the data.",
        )
    }

    pub fn aid_post_on_table(&self, s: &State, side: Side) -> bool {
        s.side_on_table(side)
            .any(|st| self.unit_type(st).role == Role::AidPost)
    }

    pub(crate) fn execute_request_dust_off(&self, s: &mut State, ev: &mut Vec<Event>) {
        let m = &self.rules().medevac;
        let die = s.rng.die(m.dust_off_die.value);
        let aid_post = self.aid_post_on_table(s, Side::FreeWorld);
        let modifier = if aid_post {
            m.aid_post_modifier.value
        } else {
            0
        };
        let delay = die as i32 + modifier;
        s.dust_offs_left -= 1;
        ev.push(Event::DustOffRequested {
            die,
            aid_post,
            modifier,
            delay,
        });
        if delay < 1 {
            ev.push(Event::DustOffArrives);
            s.steps.push(Step::DustOff {
                side: Side::FreeWorld,
            });
        } else {
            s.dust_off = Some(DustOffCall { delay: delay as u8 });
        }
    }

    /// At the start of each of its side's initiatives a Dust Off on its
    /// way comes one initiative nearer, and arrives when its delay is out.
    pub(crate) fn dust_off_countdown(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        if side != Side::FreeWorld {
            return;
        }
        let Some(call) = s.dust_off.as_mut() else {
            return;
        };
        call.delay = call.delay.saturating_sub(1);
        if call.delay == 0 {
            s.dust_off = None;
            ev.push(Event::DustOffArrives);
            s.steps.push(Step::DustOff { side });
        }
    }

    fn dust_off_side(&self, s: &State) -> Result<Side, vt_core::Refusal> {
        match s.step() {
            Step::DustOff { side } => Ok(*side),
            _ => refuse("6.5", "No Dust Off is overhead."),
        }
    }

    pub(crate) fn check_land_dust_off(&self, s: &State, at: Point) -> Checked {
        let side = self.dust_off_side(s)?;
        let Some(unit) = dust_off_type(&self.data) else {
            return refuse("6.5", "No Dust Off helicopter in the data.");
        };
        let t = self.table_of(s);
        ensure(t.on_table(at), "6.5", "The Dust Off lands on the table.")?;
        for i in t.pieces_at(at) {
            let k = self.terrain_of(&t.features[i]);
            ensure_with(k.lz || k.route, "6.5", || {
                format!("A helicopter cannot land in {}.", t.names[i])
            })?;
        }
        let ghost = dust_off_stand(u16::MAX, side, unit, at);
        let base = self.base(&ghost);
        for o in s.on_table() {
            if o.side != side && o.hidden {
                continue;
            }
            ensure_with(!base.overlaps(&self.base(o)), "6.5", || {
                format!("The Dust Off would land on {}.", o.label)
            })?;
        }
        let range = self.rules().sw(self.rules().medevac.landing_range.value);
        let near_post = s.side_on_table(side).any(|p| {
            self.unit_type(p).role == Role::AidPost && self.base(p).distance_to(&base) < range
        });
        let near_casualty = s.markers.iter().any(|m| {
            m.side == side
                && m.kind == MarkerKind::Casualty
                && m.ground()
                    .is_some_and(|p| base.distance_to_point(p) < range)
        });
        ensure(
            near_post || near_casualty,
            "6.5",
            "The Dust Off lands near an Aid Post or a casualty.",
        )
    }

    pub(crate) fn execute_land_dust_off(&self, s: &mut State, at: Point, ev: &mut Vec<Event>) {
        let Ok(side) = self.dust_off_side(s) else {
            return;
        };
        let Some(unit) = dust_off_type(&self.data) else {
            return;
        };
        s.steps.pop();
        let id = s.stands.len() as StandId;
        s.stands.push(dust_off_stand(id, side, unit, at));
        ev.push(Event::DustOffLands { helicopter: id, at });
        let leg = Leg {
            stand: id,
            from: at,
            to: at,
            facing: Point::new(0.0, 1.0),
            exit: false,
        };
        self.push_moves(s, vec![leg], Then::DustOff { helicopter: id });
    }

    /// A Dust Off that came through its landing takes the casualties near
    /// it, nearest first, and leaves with them.
    pub(crate) fn dust_off_lifts(&self, s: &mut State, id: StandId, ev: &mut Vec<Event>) {
        let st = s.stand(id).clone();
        if !st.on_table() {
            return;
        }
        let load = self.dust_off_load(s, &st);
        for m in &load {
            s.markers[*m as usize].place = MarkerPlace::Evacuated;
        }
        s.stand_mut(id).presence = Presence::Exited;
        ev.push(Event::DustOffLeaves {
            helicopter: id,
            markers: load,
        });
        self.check_end(s, ev);
    }

    /// The casualties a landed Dust Off takes: its side's markers on the
    /// ground within reach of it, nearest first, as many as it has room
    /// for.
    fn dust_off_load(&self, s: &State, st: &Stand) -> Vec<MarkerId> {
        let room = (self.unit_type(st).carry as usize).saturating_sub(st.carrying.len());
        let range = self
            .rules()
            .sw(self.rules().medevac.dust_off_load_range.value);
        let b = self.base(st);
        let mut near: Vec<(f64, MarkerId)> = s
            .markers
            .iter()
            .filter(|m| m.side == st.side && m.kind == MarkerKind::Casualty)
            .filter_map(|m| m.ground().map(|p| (b.distance_to_point(p), m.id)))
            .filter(|(d, _)| *d < range)
            .collect();
        near.stable_sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        near.iter().take(room).map(|x| x.1).collect()
    }

    /// For the screen: the casualties a Dust Off overhead would take if it
    /// landed at `at` and came through its landing (none when no Dust Off
    /// is overhead).
    pub fn dust_off_load_at(&self, s: &State, at: Point) -> Vec<MarkerId> {
        let (Ok(side), Some(unit)) = (self.dust_off_side(s), dust_off_type(&self.data)) else {
            return Vec::new();
        };
        self.dust_off_load(s, &dust_off_stand(u16::MAX, side, unit, at))
    }

    pub(crate) fn check_wave_off(&self, s: &State) -> Checked {
        self.dust_off_side(s).map(|_| ())
    }

    pub(crate) fn execute_wave_off(&self, s: &mut State, ev: &mut Vec<Event>) {
        if self.dust_off_side(s).is_ok() {
            s.steps.pop();
            ev.push(Event::DustOffWavedOff);
        }
    }

    pub(crate) fn dust_off_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        out.push(Command::WaveOff);
        let mut spots: Vec<Point> = s
            .side_on_table(side)
            .filter(|p| self.unit_type(p).role == Role::AidPost)
            .map(|p| p.at)
            .collect();
        let wounded: Vec<Point> = s
            .markers
            .iter()
            .filter(|m| m.side == side && m.kind == MarkerKind::Casualty)
            .filter_map(|m| m.ground())
            .collect();
        spots.extend(wounded.iter().copied());
        // On the spot too: a Dust Off lifts only what lies within one
        // stand width of it, so the places beside were never worth it.
        let mut offered: Vec<Point> = Vec::new();
        for p in spots {
            for (dx, dy) in [(0.0, 0.0), (3.0, 0.0), (-3.0, 0.0), (0.0, 3.5), (0.0, -3.5)] {
                offered.push(Point::new(p.x + dx, p.y + dy).snapped(HUNDREDTH));
            }
        }
        offered.extend(self.group_landings(side, &wounded));
        let mut seen: Vec<Point> = Vec::with_capacity(offered.len());
        for at in offered {
            if seen.iter().all(|q| q.distance(at) > HUNDREDTH) {
                seen.push(at);
                out.push(Command::LandDustOff { at });
            }
        }
    }

    /// 6.5 (a Dust Off carries three casualty markers): where a Dust Off
    /// would take every casualty of a group of two or three lying near one
    /// another, the middle of the group. The places by one marker alone
    /// (above) seldom reach a second or third: in Dust Off under Fire the
    /// five wounded lie about 2" apart and no place offered took three, so
    /// a player (and the computer, which lands only where it is offered)
    /// needed three Dust Offs for five wounded. A player can still land
    /// anywhere by clicking the table.
    fn group_landings(&self, side: Side, wounded: &[Point]) -> Vec<Point> {
        let Some(unit) = dust_off_type(&self.data) else {
            return Vec::new();
        };
        let ghost = dust_off_stand(u16::MAX, side, unit, Point::new(0.0, 0.0));
        let room = self.unit_type(&ghost).carry as usize;
        let range = self
            .rules()
            .sw(self.rules().medevac.dust_off_load_range.value);
        // The farthest two markers a Dust Off's reach could span, with its
        // base between them: a looser bound first, the exact test below.
        let span = match self.unit_type(&ghost).base {
            crate::data::BaseShape::Rect(w, d) => w.max(d) + 2.0 * range,
            crate::data::BaseShape::Round(r) => 2.0 * (r + range),
        };
        let n = wounded.len().min(12);
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if wounded[i].distance(wounded[j]) >= span {
                    continue;
                }
                groups.push(vec![i, j]);
                if room < 3 {
                    continue;
                }
                for k in j + 1..n {
                    if wounded[i].distance(wounded[k]) < span
                        && wounded[j].distance(wounded[k]) < span
                    {
                        groups.push(vec![i, j, k]);
                    }
                }
            }
        }
        let mut out = Vec::new();
        for g in groups {
            let (mut lo, mut hi) = (wounded[g[0]], wounded[g[0]]);
            for &i in &g[1..] {
                let p = wounded[i];
                lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
                hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
            }
            let at = Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0).snapped(HUNDREDTH);
            let base = self.base_at(&ghost, at, ghost.facing);
            if g.iter()
                .all(|&i| base.distance_to_point(wounded[i]) < range)
            {
                out.push(at);
            }
        }
        out
    }

    /// Medevac actions, Aid Posts and Dust Off calls worth offering.
    pub(crate) fn medevac_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        let t = self.table_of(s);
        let range = self.rules().medevac.pickup_range.value;
        for st in s.side_on_table(side) {
            let u = self.unit_type(st);
            if u.carry == 0 || st.medevac_done || st.status == Status::Suppressed || u.flies {
                continue;
            }
            let near = self.markers_near(s, st, range);
            let room = (u.carry as usize).saturating_sub(st.carrying.len());
            let pick: Vec<MarkerId> = near.into_iter().take(room).collect();
            if pick.is_empty() && st.carrying.is_empty() {
                continue;
            }
            // Towards the own edge, towards an Aid Post or vehicle, or set
            // down here.
            let mut dests = Vec::new();
            for e in self.own_edges(s, side) {
                let p = match e {
                    crate::data::Edge::South => Point::new(st.at.x, 0.5),
                    crate::data::Edge::North => Point::new(st.at.x, t.size.1 - 0.5),
                    crate::data::Edge::West => Point::new(0.5, st.at.y),
                    crate::data::Edge::East => Point::new(t.size.0 - 0.5, st.at.y),
                };
                dests.push(p);
            }
            for o in s.side_on_table(side) {
                let ou = self.unit_type(o);
                if o.id != st.id && (ou.role == Role::AidPost || (ou.is_vehicle() && ou.carry > 0))
                {
                    dests.push(st.at.toward(o.at, (o.at.distance(st.at) - 2.0).max(0.0)));
                }
            }
            for d in dests {
                out.push(Command::Medevac {
                    carrier: st.id,
                    pick_up: pick.clone(),
                    to: d.snapped(HUNDREDTH),
                    facing: None,
                    drop: true,
                });
            }
            if !pick.is_empty() {
                out.push(Command::Medevac {
                    carrier: st.id,
                    pick_up: pick.clone(),
                    to: st.at,
                    facing: None,
                    drop: false,
                });
            }
        }
        let medics: Vec<&Stand> = s
            .side_on_table(side)
            .filter(|m| self.unit_type(m).role == Role::Medic)
            .collect();
        for (i, a) in medics.iter().enumerate() {
            for b in &medics[i + 1..] {
                out.push(Command::FormAidPost {
                    medics: [a.id, b.id],
                });
            }
        }
        if side == Side::FreeWorld {
            out.push(Command::RequestDustOff);
        }
    }
}

/// A Dust Off helicopter standing at `at` (landing, or a ghost to test a
/// landing place).
fn dust_off_stand(id: StandId, side: Side, unit: u16, at: Point) -> Stand {
    Stand {
        id,
        side,
        unit,
        label: "Dust Off".into(),
        platoon: 0,
        squad: 0,
        at,
        facing: Point::new(0.0, 1.0),
        presence: Presence::Table,
        hidden: false,
        status: Status::Ok,
        no_fire: false,
        carrying: Vec::new(),
        medevac_done: false,
        shots: 0,
        moved: false,
        withdrawing: false,
        detached: false,
    }
}

use vt_core::dice::{Adjudication, Modifier, TableCell};
use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_medevac(&self, s: Option<&State>, e: &Event) -> LogEntry {
        let t = match e {
            Event::PickedUp { carrier, markers } => format!(
                "{} picks up {} (6.5).",
                self.who(s, *carrier),
                vt_core::words::counted(markers.len() as u64, "marker", "markers")
            ),
            Event::SetDown {
                carrier,
                markers,
                into,
                ..
            } => match into {
                Some(v) => format!(
                    "{} puts {} aboard {} (6.5).",
                    self.who(s, *carrier),
                    vt_core::words::counted(markers.len() as u64, "marker", "markers"),
                    self.who(s, *v)
                ),
                None => format!(
                    "{} sets down {}.",
                    self.who(s, *carrier),
                    vt_core::words::counted(markers.len() as u64, "marker", "markers")
                ),
            },
            Event::Evacuated { by, markers } => format!(
                "{} carries {} off the battlefield (6.5).",
                self.who(s, *by),
                vt_core::words::counted(
                    markers.len() as u64,
                    "casualty marker",
                    "casualty markers"
                )
            ),
            Event::AidPostFormed { medics, .. } => format!(
                "{} and {} form a Company Aid Post (6.5).",
                self.who(s, medics[0]),
                self.who(s, medics[1])
            ),
            Event::DustOffRequested {
                die,
                aid_post,
                modifier,
                delay,
            } => {
                let mut a = Adjudication::new("Dust Off delay", "6.5");
                a.rolled = vec![*die as i32];
                if *aid_post {
                    a.modifiers
                        .push(Modifier::new("Company Aid Post", "6.5", *modifier));
                }
                a.total = *delay;
                a.needed = Some("less than 1 arrives at once".into());
                a.table = Some(TableCell {
                    table: "dust-off".into(),
                    row: die.to_string(),
                    column: Some(if *aid_post { "Aid Post" } else { "No Aid Post" }.into()),
                });
                a.result = if *delay < 1 {
                    "arrives at once".into()
                } else {
                    format!(
                        "arrives in {}",
                        vt_core::words::counted(
                            (*delay).max(0) as u64,
                            "initiative",
                            "initiatives"
                        )
                    )
                };
                // The enemy hears the call, not when the helicopter comes.
                return LogEntry::with_rolls(
                    format!("Dust Off requested: it {}.", a.result),
                    vec![a],
                )
                .private_to(
                    Side::FreeWorld.idx() as u8,
                    "The Free World calls a Dust Off.",
                );
            }
            Event::DustOffArrives => "The Dust Off is overhead (6.5).".into(),
            Event::DustOffLands { at, .. } => {
                format!(
                    "The Dust Off comes in to land at ({:.1}, {:.1}).",
                    at.x, at.y
                )
            }
            Event::DustOffLeaves { markers, .. } => format!(
                "The Dust Off lifts off with {} casualty marker(s) (6.5).",
                markers.len()
            ),
            Event::DustOffWavedOff => "The Dust Off is waved off.".into(),
            _ => format!("{e:?}"),
        };
        LogEntry::text(t)
    }
}
