//! Setting up a scenario: the stands at their scenario positions, then
//! each side in the scenario's order may move them about its zone. A side
//! the scenario sets up hidden (CF base: hidden deployment, S17) is absent
//! from the other side's view, log and legal commands until found
//! ([`crate::hidden`]).

use crate::CrossfireVn;
use crate::command::Command;
use crate::data::{Data, Role};
use crate::event::Event;
use crate::options::Readings;
use crate::state::*;
use crate::step::Step;
use vt_core::data::DataError;
use vt_core::engine::{Setup, SetupError};
use vt_core::refusal::{Checked, ensure, ensure_with};
use vt_core::rng::GameRng;
use vt_core::tabletop::{Point, point_in_polygon};

/// Refuses data a game could not be played with, naming the file.
pub(crate) fn validate(d: &Data) -> Result<(), DataError> {
    for (sc, file) in d.scenarios.iter().zip(&d.scenario_files) {
        let file = format!("assets/{file}");
        let Some(t) = d.tabletop(&sc.tabletop) else {
            return Err(DataError::file(
                &file,
                format!("no table '{}' in crossfire_vn/tabletops", sc.tabletop),
            ));
        };
        for side in [Side::FreeWorld, Side::VcNva] {
            if sc.side(side).is_none() {
                return Err(DataError::file(
                    &file,
                    format!("no forces for {}", side.name()),
                ));
            }
        }
        for ss in &sc.sides {
            let mut snipers_by_company = 0;
            for f in &ss.forces {
                let Some(u) = d.unit(&f.unit) else {
                    return Err(DataError::file(
                        &file,
                        format!("no stand type '{}'", f.unit),
                    ));
                };
                let u = &d.units[u];
                if u.side != ss.side {
                    return Err(DataError::file(
                        &file,
                        format!("{} is not a {} stand", u.name, ss.side.name()),
                    ));
                }
                if !t.on_table(f.at) {
                    return Err(DataError::file(
                        &file,
                        format!("{} at ({}, {}) is off the table", f.label, f.at.x, f.at.y),
                    ));
                }
                if !ss.zone.is_empty() && !f.off_table && !point_in_polygon(&ss.zone, f.at) {
                    return Err(DataError::file(
                        &file,
                        format!(
                            "{} at ({}, {}) is outside its set-up zone",
                            f.label, f.at.x, f.at.y
                        ),
                    ));
                }
                if u.role == Role::SniperTeam {
                    snipers_by_company += 1;
                }
            }
            // 6.9: one USMC sniper team to a company (a scenario's force is
            // at most a company).
            if snipers_by_company > d.rules.snipers.sniper_team_per_company.value as usize {
                return Err(DataError::file(
                    &file,
                    "6.9: at most one USMC Sniper Team may be attached to a company".to_string(),
                ));
            }
            let medics = ss
                .forces
                .iter()
                .filter(|f| {
                    d.unit(&f.unit)
                        .is_some_and(|u| d.units[u].role == Role::Medic)
                })
                .count();
            if medics >= 2 && role_type(d, ss.side, Role::AidPost).is_none() {
                return Err(DataError::file(
                    &file,
                    "two medics but no Aid Post stand type in units.ron".to_string(),
                ));
            }
            if ss.dust_offs > 0 && dust_off_type(d).is_none() {
                return Err(DataError::file(
                    &file,
                    "Dust Offs but no helicopter that carries casualties in units.ron".to_string(),
                ));
            }
        }
    }
    Ok(())
}

/// The first stand type of a side with a role (an Aid Post, a sniper).
pub(crate) fn role_type(d: &Data, side: Side, role: Role) -> Option<u16> {
    d.units
        .iter()
        .position(|u| u.side == side && u.role == role)
        .map(|i| i as u16)
}

/// The Dust Off helicopter: a Free World helicopter that carries casualties.
pub(crate) fn dust_off_type(d: &Data) -> Option<u16> {
    d.units
        .iter()
        .position(|u| u.side == Side::FreeWorld && u.role == Role::Helicopter && u.carry > 0)
        .map(|i| i as u16)
}

impl CrossfireVn {
    pub(crate) fn start(&self, setup: &Setup) -> Result<State, SetupError> {
        let sc = self
            .scenario(&setup.scenario)
            .ok_or_else(|| SetupError::UnknownScenario(setup.scenario.clone()))?;
        let readings = Readings::from_setup(&self.data.rules.options, setup)?;
        let mut stands = Vec::new();
        let mut missions = Vec::new();
        let mut markers = Vec::new();
        for side in [Side::FreeWorld, Side::VcNva] {
            let ss = sc.side(side).ok_or_else(|| {
                SetupError::Data(format!("scenario {} has no {} forces", sc.id, side.name()))
            })?;
            for f in &ss.forces {
                let unit = self
                    .data
                    .unit(&f.unit)
                    .ok_or_else(|| SetupError::Data(format!("no stand type '{}'", f.unit)))?;
                let u = &self.data.units[unit];
                let id = stands.len() as StandId;
                let facing = f.facing.and_then(|p| p.normalized()).unwrap_or(match side {
                    Side::FreeWorld => Point::new(0.0, 1.0),
                    Side::VcNva => Point::new(0.0, -1.0),
                });
                stands.push(Stand {
                    id,
                    side,
                    unit: unit as u16,
                    label: f.label.clone(),
                    platoon: f.platoon,
                    squad: f.squad,
                    at: f.at,
                    facing,
                    presence: if f.off_table {
                        Presence::Waiting
                    } else {
                        Presence::Table
                    },
                    hidden: ss.hidden && !f.off_table && u.is_troops(),
                    status: Status::Ok,
                    no_fire: false,
                    carrying: Vec::new(),
                    medevac_done: false,
                    shots: 0,
                    moved: false,
                    withdrawing: false,
                    detached: false,
                });
                if u.role == Role::Observer
                    && let Some(m) = &ss.missions
                {
                    missions.push(MissionsLeft {
                        observer: id,
                        he: m.he,
                        smoke: m.smoke,
                    });
                }
            }
            for p in &ss.casualties {
                markers.push(Marker {
                    id: markers.len() as MarkerId,
                    kind: MarkerKind::Casualty,
                    side,
                    place: MarkerPlace::Ground(*p),
                    from: None,
                });
            }
        }
        let first = sc
            .setup_order
            .first()
            .copied()
            .unwrap_or(sc.attacker.other());
        Ok(State {
            rng: GameRng::seeded(setup.seed),
            scenario: sc.id.clone(),
            readings,
            steps: vec![Step::Setup { side: first }],
            initiative: sc.first,
            initiative_no: 0,
            clock: sc.clock.start,
            stands,
            markers,
            burning: Vec::new(),
            smoke: Vec::new(),
            dust_off: None,
            dust_offs_left: sc.side(Side::FreeWorld).map_or(0, |s| s.dust_offs),
            missions,
            held: 0,
            end: None,
        })
    }

    fn setup_side(&self, s: &State) -> Option<Side> {
        match s.step() {
            Step::Setup { side } => Some(*side),
            _ => None,
        }
    }

    /// Whether `p` is in `side`'s set-up zone.
    pub fn in_zone(&self, s: &State, side: Side, p: Point) -> bool {
        let t = self.table_of(s);
        match self.scenario_side(s, side) {
            Some(ss) if !ss.zone.is_empty() => point_in_polygon(&ss.zone, p) && t.on_table(p),
            _ => t.on_table(p),
        }
    }

    pub(crate) fn check_place(&self, s: &State, id: StandId, at: Point, facing: Point) -> Checked {
        let Some(side) = self.setup_side(s) else {
            return vt_core::refuse("base set-up", "Stands are placed only while setting up.");
        };
        let Some(st) = s.get(id) else {
            return vt_core::refuse("base set-up", "No such stand.");
        };
        ensure(
            st.side == side && st.on_table(),
            "base set-up",
            "Place only your own stands that start on the table.",
        )?;
        ensure(
            facing.normalized().is_some(),
            "base set-up",
            "A facing must be a direction.",
        )?;
        ensure_with(self.in_zone(s, side, at), "base set-up", || {
            format!("{} must be set up in its zone.", st.label)
        })?;
        self.check_standing(s, st, at, facing, "base set-up")
    }

    /// Whether a stand may stand here: not on another stand (C19), not in
    /// terrain closed to it, nor in a full building (CF base, S9).
    pub(crate) fn check_standing(
        &self,
        s: &State,
        st: &Stand,
        at: Point,
        facing: Point,
        rule: &'static str,
    ) -> Checked {
        let base = self.base_at(st, at, facing);
        let reach =
            |b: &vt_core::tabletop::Base| (b.width().powi(2) + b.depth().powi(2)).sqrt() / 2.0;
        let mine = reach(&base);
        for o in s.on_table() {
            if o.id == st.id || (o.side != st.side && o.hidden) {
                continue;
            }
            let ob = self.base(o);
            if o.at.distance(at) > mine + reach(&ob) {
                continue;
            }
            ensure_with(!base.overlaps(&ob), rule, || {
                format!("{} would stand on {}.", st.label, o.label)
            })?;
        }
        let u = self.unit_type(st);
        let t = self.table_of(s);
        for i in t.pieces_at(at) {
            let k = self.terrain_of(&t.features[i]);
            if u.is_vehicle() && !u.flies {
                ensure_with(k.vehicles_may_enter(u.tracked), rule, || {
                    format!("{} cannot go into {}.", u.name, t.names[i])
                })?;
            }
            ensure_with(!s.burning.contains(&(i as u16)), "6.12", || {
                format!("{} is burning.", t.names[i])
            })?;
            if let (Some(cap), true) = (k.capacity, u.counts) {
                let inside = s
                    .side_on_table(st.side)
                    .filter(|o| {
                        o.id != st.id && self.unit_type(o).counts && t.features[i].contains(o.at)
                    })
                    .count();
                ensure_with(inside < cap as usize, "base 8.4", || {
                    format!("{} holds {cap} fire teams or weapons already.", t.names[i])
                })?;
            }
        }
        Ok(())
    }

    pub(crate) fn execute_place(
        &self,
        s: &mut State,
        id: StandId,
        at: Point,
        facing: Point,
        ev: &mut Vec<Event>,
    ) {
        let facing = facing.normalized().unwrap_or(Point::new(0.0, 1.0));
        let st = s.stand_mut(id);
        st.at = at;
        st.facing = facing;
        ev.push(Event::Placed {
            stand: id,
            side: st.side,
            at,
            facing,
            hidden: st.hidden,
        });
    }

    pub(crate) fn check_setup_done(&self, s: &State) -> Checked {
        ensure(
            self.setup_side(s).is_some(),
            "base set-up",
            "The set-up is over.",
        )
    }

    pub(crate) fn execute_setup_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(side) = self.setup_side(s) else {
            return;
        };
        ev.push(Event::SetupDone { side });
        let order = self.scenario_of(s).setup_order.clone();
        let pos = order.iter().position(|x| *x == side);
        let next = pos.and_then(|p| order.get(p + 1)).copied();
        s.steps.clear();
        match next {
            Some(n) => s.steps.push(Step::Setup { side: n }),
            None => {
                // C18: the scenario's first side takes the initiative.
                s.initiative_no = 0;
                let first = self.scenario_of(s).first;
                self.begin_initiative(s, first, ev);
            }
        }
    }

    /// Set-up commands to offer: done, or each stand nudged about its zone.
    pub(crate) fn setup_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        out.push(Command::SetupDone);
        for st in s.side_on_table(side) {
            // One nudge each, the way turning with the stand's number.
            let nudge = [(2.0, 0.0), (0.0, 2.0), (-2.0, 0.0), (0.0, -2.0)][st.id as usize % 4];
            let at = Point::new(st.at.x + nudge.0, st.at.y + nudge.1)
                .snapped(vt_core::tabletop::HUNDREDTH);
            out.push(Command::Place {
                stand: st.id,
                at,
                facing: st.facing,
            });
        }
    }
}

use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_setup(&self, s: Option<&State>, e: &Event) -> LogEntry {
        match e {
            Event::Placed {
                stand,
                side,
                at,
                hidden,
                ..
            } => {
                let text = format!(
                    "{} is set up at ({:.1}, {:.1}){}.",
                    self.who(s, *stand),
                    at.x,
                    at.y,
                    if *hidden { ", hidden" } else { "" }
                );
                if *hidden {
                    LogEntry::text(text).private_to(
                        side.idx() as u8,
                        format!("{} set up a stand out of sight.", side.name()),
                    )
                } else {
                    LogEntry::text(text)
                }
            }
            Event::SetupDone { side } => LogEntry::text(format!("{} has set up.", side.name())),
            _ => LogEntry::text(format!("{e:?}")),
        }
    }
}
