//! CF6.2.1 Reactive fire: the side without the initiative may fire at an
//! enemy stand as it moves, at any point of its move in sight (S2, S4).
//! A reactive fire group that misses is marked NO FIRE and may not fire
//! again until the initiative changes (CF6.2.1; an option extends it to a
//! pin). A pin stops the mover where it was hit; a suppression or a kill
//! stops it and seizes the initiative (S2, S14). A VC/NVA sniper is never
//! marked NO FIRE and may seize the initiative (6.9); flame weapons never
//! fire reactively (6.12); a withdrawing fire team may (6.9.1).
//!
//! The move is offered to the other side as one decision listing every
//! point of it ([`crate::table`]); it is offered whenever that side still
//! has hidden stands (so the offer itself says nothing of where they are),
//! and otherwise only when one of its stands could fire.

use crate::CrossfireVn;
use crate::command::Command;
use crate::data::Role;
use crate::event::{Effect, Event, FireMode};
use crate::fire::Shot;
use crate::state::*;
use crate::step::{ReactPoint, Reaction, Step};
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::tabletop::Point;

impl CrossfireVn {
    /// Whether `side` is offered reactive fire at `mover` moving through
    /// `points`.
    pub(crate) fn reaction_possible(
        &self,
        s: &State,
        side: Side,
        mover: &Stand,
        points: &[ReactPoint],
    ) -> bool {
        if points.is_empty() {
            return false;
        }
        if self.hidden_count(s, side) > 0 {
            return true;
        }
        s.side_on_table(side).any(|st| {
            self.could_react(s, st, mover)
                && points.iter().any(|p| self.sees_at(s, st, mover, p.at))
        })
    }

    /// A stand that might fire reactively at this mover at all.
    fn could_react(&self, s: &State, st: &Stand, mover: &Stand) -> bool {
        let armoured = self.unit_type(mover).armoured;
        let small_arms = !armoured && self.check_firer(s, st, FireMode::Reactive).is_ok();
        let at = self.unit_type(mover).at_number.is_some()
            && self
                .check_anti_tank_firer(s, st, FireMode::Reactive)
                .is_ok();
        small_arms || at
    }

    pub(crate) fn reaction(&self, s: &State) -> Result<Reaction, vt_core::Refusal> {
        match s.step() {
            Step::Reaction(r) => Ok(r.clone()),
            _ => refuse(
                "base 6.2.1",
                "Reactive fire comes only while an enemy stand moves.",
            ),
        }
    }

    /// The shot of a reactive fire command, once checked.
    pub(crate) fn reactive_shot<'a>(
        &self,
        r: &Reaction,
        firers: &'a [StandId],
        point: u16,
        support: &'a [StandId],
    ) -> Shot<'a> {
        let k = point as usize;
        Shot {
            mode: FireMode::Reactive,
            firers,
            target: r.leg.stand,
            at: r.points[k].at,
            support,
            came_from: Some(if k == 0 {
                r.leg.from
            } else {
                r.points[k - 1].at
            }),
        }
    }

    pub(crate) fn check_point(&self, r: &Reaction, point: u16) -> Checked {
        ensure_with(
            (point as usize) < r.points.len() && point >= r.next,
            "base 6.2.1",
            || {
                format!(
                    "Choose a point of the move still ahead of the mover ({} to {}).",
                    r.next,
                    r.points.len().saturating_sub(1)
                )
            },
        )
    }

    pub(crate) fn check_reactive_fire(
        &self,
        s: &State,
        firers: &[StandId],
        point: u16,
        support: &[StandId],
    ) -> Checked {
        let r = self.reaction(s)?;
        self.check_point(&r, point)?;
        for f in firers {
            if let Some(st) = s.get(*f) {
                ensure(
                    self.unit_type(st).flame.is_none(),
                    "6.12",
                    "Flame weapons may not fire reactively.",
                )?;
            }
        }
        let shot = self.reactive_shot(&r, firers, point, support);
        self.check_shot(s, r.side, &shot)
    }

    pub(crate) fn execute_reactive_fire(
        &self,
        s: &mut State,
        firers: &[StandId],
        point: u16,
        support: &[StandId],
        ev: &mut Vec<Event>,
    ) {
        let Ok(r) = self.reaction(s) else {
            return;
        };
        s.steps.pop();
        let mover = r.leg.stand;
        self.move_to_point(s, &r, point, ev);
        let shot = self.reactive_shot(&r, firers, point, support);
        let result = self.resolve_shot(s, &shot, ev);
        let marks: Vec<StandId> = firers
            .iter()
            .chain(support)
            .copied()
            .filter(|f| self.unit_of(s, *f).role != Role::Sniper)
            .collect();
        if result == Effect::Miss || (result == Effect::Pin && s.readings.no_fire_on_pin) {
            for f in &marks {
                s.stand_mut(*f).no_fire = true;
            }
            if !marks.is_empty() {
                let unseen = marks
                    .iter()
                    .find(|f| s.stand(**f).hidden)
                    .map(|f| s.stand(*f).side);
                ev.push(Event::NoFire {
                    stands: marks,
                    unseen,
                });
            }
        }
        self.after_reaction(s, r, point, result, ev);
        let _ = mover;
    }

    /// The mover goes on to the point where it is fired at.
    pub(crate) fn move_to_point(
        &self,
        s: &mut State,
        r: &Reaction,
        point: u16,
        ev: &mut Vec<Event>,
    ) {
        let at = r.points[point as usize].at;
        let st = s.stand_mut(r.leg.stand);
        let from = st.at;
        st.at = at;
        st.facing = r.leg.facing;
        if from != at {
            ev.push(Event::Moved {
                stand: r.leg.stand,
                path: vec![from, at],
                facing: r.leg.facing,
                stopped: false,
            });
        }
    }

    /// After reactive fire at point `point`: a miss lets the move go on
    /// (offered again for the rest of it), a pin stops it there, a
    /// suppression or a kill stops it and seizes the initiative (CF6.2).
    pub(crate) fn after_reaction(
        &self,
        s: &mut State,
        r: Reaction,
        point: u16,
        result: Effect,
        ev: &mut Vec<Event>,
    ) {
        let at = r.points[point as usize].at;
        match result {
            Effect::Miss => {
                let next = point + 1;
                let rest = &r.points[next as usize..];
                let mover = s.stand(r.leg.stand).clone();
                if mover.on_table() && self.reaction_possible(s, r.side, &mover, rest) {
                    s.steps.push(Step::Reaction(Reaction { next, ..r }));
                } else {
                    let to = r.leg.to;
                    self.complete_leg(s, &r.leg, to, false, ev);
                }
            }
            Effect::Pin => self.complete_leg(s, &r.leg, at, true, ev),
            Effect::Suppress | Effect::Kill => {
                self.complete_leg(s, &r.leg, at, true, ev);
                if let Some(Step::Moves(m)) = s.steps.last_mut() {
                    m.seized = true;
                }
            }
        }
    }

    pub(crate) fn check_no_reaction(&self, s: &State) -> Checked {
        self.reaction(s).map(|_| ())
    }

    pub(crate) fn execute_no_reaction(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Ok(r) = self.reaction(s) else {
            return;
        };
        s.steps.pop();
        ev.push(Event::NoReaction { mover: r.leg.stand });
        let to = r.leg.to;
        self.complete_leg(s, &r.leg, to, false, ev);
    }

    /// Reactive fire worth offering: each stand that might fire, alone and
    /// with the stands within one stand width of it, at the first point
    /// where it sees the mover and at the point nearest it (an ambush).
    pub(crate) fn reaction_candidates(&self, s: &State, r: &Reaction, out: &mut Vec<Command>) {
        out.push(Command::NoReaction);
        let Some(mover) = s.get(r.leg.stand) else {
            return;
        };
        let ahead: Vec<(u16, Point)> = r
            .points
            .iter()
            .enumerate()
            .skip(r.next as usize)
            .map(|(i, p)| (i as u16, p.at))
            .collect();
        let firers: Vec<&Stand> = s
            .side_on_table(r.side)
            .filter(|st| self.could_react(s, st, mover))
            .collect();
        for st in &firers {
            let seen: Vec<u16> = ahead
                .iter()
                .filter(|(_, p)| self.sees_at(s, st, mover, *p))
                .map(|(i, _)| *i)
                .collect();
            let Some(&first) = seen.first() else {
                continue;
            };
            let nearest = *seen
                .iter()
                .min_by(|a, b| {
                    let da = r.points[**a as usize].at.distance(st.at);
                    let db = r.points[**b as usize].at.distance(st.at);
                    da.total_cmp(&db)
                })
                .unwrap_or(&first);
            let mut points = vec![first];
            if nearest != first {
                points.push(nearest);
            }
            let anti_tank = self.unit_type(mover).at_number.is_some()
                && self
                    .check_anti_tank_firer(s, st, FireMode::Reactive)
                    .is_ok();
            for p in points {
                if anti_tank {
                    out.push(Command::ReactiveAntiTank {
                        stand: st.id,
                        point: p,
                    });
                }
                if !self.fires_small_arms(st) {
                    continue;
                }
                out.push(Command::ReactiveFire {
                    firers: vec![st.id],
                    point: p,
                    support: Vec::new(),
                });
                if matches!(self.unit_type(st).role, Role::Sniper | Role::SniperTeam) {
                    continue;
                }
                let ghost = Stand {
                    at: r.points[p as usize].at,
                    ..mover.clone()
                };
                let group: Vec<StandId> = std::iter::once(st.id)
                    .chain(firers.iter().filter_map(|o| {
                        let ok = o.id != st.id
                            && self.fires_small_arms(o)
                            && !matches!(self.unit_type(o).role, Role::Sniper | Role::SniperTeam)
                            && self.within(st, o, 1.0)
                            && self.sees_at(s, o, &ghost, ghost.at);
                        ok.then_some(o.id)
                    }))
                    .collect();
                let support = self.support_for(s, &group, &ghost);
                if group.len() > 1 || !support.is_empty() {
                    out.push(Command::ReactiveFire {
                        firers: group,
                        point: p,
                        support,
                    });
                }
            }
        }
    }
}

use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_reactive(&self, s: Option<&State>, e: &Event) -> LogEntry {
        match e {
            Event::NoReaction { mover } => {
                LogEntry::text(format!("No reactive fire at {}.", self.who(s, *mover)))
            }
            Event::NoFire { stands, unseen } => {
                let names: Vec<String> = stands.iter().map(|f| self.who(s, *f)).collect();
                let text = format!(
                    "NO FIRE on {} until the initiative changes (CF base 6.2.1).",
                    names.join(", ")
                );
                match unseen {
                    Some(side) => LogEntry::text(text).private_to(
                        side.idx() as u8,
                        "A hidden stand is marked NO FIRE (CF base 6.2.1).",
                    ),
                    None => LogEntry::text(text),
                }
            }
            _ => LogEntry::text(format!("{e:?}")),
        }
    }
}
