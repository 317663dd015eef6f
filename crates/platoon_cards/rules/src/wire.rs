//! Chart: BARBED WIRE: 2" x 1/2" strips. Wheeled vehicles cannot pass;
//! half-tracks take half a turn and stick on a 6, else the wire goes;
//! tanks crush it without slowing; engineers take half a turn to destroy
//! it; infantry roll 1D6 every half turn, clearing a section on 5-6, and
//! may not fire in a turn they cut wire; overwatch fire that suppresses
//! the cutter stops the cutting. Artillery destroys a strip on a kill.

use crate::PlatoonCards;
use crate::command::Command;
use crate::data::Mover;
use crate::event::{Check, Event};
use crate::geometry;
use crate::sections::*;
use crate::state::*;
use crate::step::{Pending, Step, Trigger, TriggerKind};
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::tabletop::{EPS, Feature, Point, sight};

impl PlatoonCards {
    pub fn wire_corners(&self, w: &WireStrip) -> Vec<Point> {
        let c = &self.charts.wire;
        let along = geometry::facing_vec(w.angle);
        let across = Point::new(-along.y, along.x);
        let (hl, hd) = (
            along * (c.length.value / 2.0),
            across * (c.depth.value / 2.0),
        );
        vec![
            w.pos - hl - hd,
            w.pos + hl - hd,
            w.pos + hl + hd,
            w.pos - hl + hd,
        ]
    }

    /// Wire strips a leg crosses (into or through).
    pub fn wire_on(&self, s: &State, from: Point, to: Point) -> Vec<u16> {
        let mut out = Vec::new();
        let half = self.charts.wire.length.value / 2.0 + 0.1;
        for w in s.wire.iter().filter(|w| !w.gone) {
            if vt_core::tabletop::closest_on_segment(from, to, w.pos)
                .0
                .distance(w.pos)
                > half
            {
                continue;
            }
            let f = [Feature::area((), self.wire_corners(w))];
            let starts_in = f[0].contains(from);
            if !starts_in
                && sight(from, to, &f)
                    .iter()
                    .any(|h| h.inside > EPS || h.touches && h.inside > 0.0)
            {
                out.push(w.id);
            }
        }
        out
    }

    pub fn check_wire_crossing(&self, s: &State, st: &Stand, from: Point, to: Point) -> Checked {
        if st.airborne || s.wire.is_empty() {
            return Ok(());
        }
        if self.wire_on(s, from, to).is_empty() {
            return Ok(());
        }
        match self.unit(st).mover {
            Mover::Tracked | Mover::HalfTrack => Ok(()),
            Mover::Wheeled => refuse(WIRE, "Wheeled vehicles cannot pass barbed wire."),
            _ => refuse(
                WIRE,
                "Barbed wire: move up to it and cut it first (half a turn a try).",
            ),
        }
    }

    /// Tanks crush the wire they cross; half-tracks may stick in it.
    pub fn wire_crossed(
        &self,
        s: &mut State,
        stand: StandId,
        from: Point,
        to: Point,
        ev: &mut Vec<Event>,
    ) {
        if s.stand(stand).airborne {
            return;
        }
        let mover = self.unit(s.stand(stand)).mover;
        if !matches!(mover, Mover::Tracked | Mover::HalfTrack) {
            return;
        }
        for id in self.wire_on(s, from, to) {
            let mut check = None;
            let mut stuck = false;
            if mover == Mover::HalfTrack {
                let full = self.allowance_of(s, s.stand(stand));
                s.stand_mut(stand).act.moved += self.half_turn(full);
                let roll = s.rng.die(6);
                stuck = self.charts.wire.half_track_stuck.value.contains(&roll);
                check = Some(Check {
                    die: 6,
                    roll,
                    mods: Vec::new(),
                    total: roll as i32,
                    need: 0,
                });
            }
            if stuck {
                s.stand_mut(stand).stuck = true;
            } else if let Some(w) = s.wire.iter_mut().find(|w| w.id == id) {
                w.gone = true;
            }
            ev.push(Event::WireAttempt {
                stand,
                wire: id,
                check,
                cleared: !stuck,
                stuck,
            });
            if stuck {
                return;
            }
        }
    }

    pub(crate) fn check_cut_wire(&self, s: &State, stand: StandId, wire: u16) -> Checked {
        self.check_may_move(s, stand)?;
        let st = s.stand(stand);
        let t = self.unit(st);
        ensure(
            t.on_foot() && !t.single_figure,
            WIRE,
            "Infantry or engineers cut wire.",
        )?;
        ensure(
            !st.this_turn.fired,
            WIRE,
            "Troops that fired this turn may not cut wire (no firing in a turn wire is cut).",
        )?;
        let Some(w) = s.wire.iter().find(|w| w.id == wire && !w.gone) else {
            return refuse(WIRE, "No such wire.");
        };
        let b = geometry::base(t, st);
        let near = self
            .wire_corners(w)
            .iter()
            .chain(std::iter::once(&w.pos))
            .any(|p| geometry::gap_to_point(&b, *p) <= 1.0);
        ensure(near, WIRE, "It must be at the wire (within 1\").")?;
        ensure(
            st.act.wire_tries < self.charts.wire.attempts_per_activation.value,
            WIRE,
            "A try every half turn: two in an activation.",
        )?;
        let full = self.allowance_of(s, st);
        ensure(
            self.remaining(s, st) + 1e-9 >= self.half_turn(full),
            WIRE,
            "Cutting takes half a turn; not enough of the move is left.",
        )
    }

    pub(crate) fn execute_cut_wire(
        &self,
        s: &mut State,
        stand: StandId,
        wire: u16,
        ev: &mut Vec<Event>,
    ) {
        let full = self.allowance_of(s, s.stand(stand));
        let half = self.half_turn(full);
        let st = s.stand_mut(stand);
        st.act.wire_tries += 1;
        st.act.moved += half;
        st.this_turn.cut_wire = true;
        let at = st.pos;
        s.steps
            .push(Step::Resolve(Pending::WireCut { stand, wire }));
        self.offer_reaction(
            s,
            Trigger {
                kind: TriggerKind::WireCutting { wire },
                by: stand,
                at,
            },
            ev,
        );
    }

    pub(crate) fn wire_cut(&self, s: &mut State, stand: StandId, wire: u16, ev: &mut Vec<Event>) {
        let st = s.stand(stand).clone();
        if st.gone.is_some() || !s.wire.iter().any(|w| w.id == wire && !w.gone) {
            return;
        }
        if st.status != Status::Ok {
            // Overwatch fire stopped the cutting.
            ev.push(Event::WireAttempt {
                stand,
                wire,
                check: None,
                cleared: false,
                stuck: false,
            });
            return;
        }
        let (check, cleared) = if self.unit(&st).engineers {
            (None, true)
        } else {
            let roll = s.rng.die(6);
            (
                Some(Check {
                    die: 6,
                    roll,
                    mods: Vec::new(),
                    total: roll as i32,
                    need: 5,
                }),
                self.charts.wire.infantry_clears.value.contains(&roll),
            )
        };
        if cleared && let Some(w) = s.wire.iter_mut().find(|w| w.id == wire) {
            w.gone = true;
        }
        ev.push(Event::WireAttempt {
            stand,
            wire,
            check,
            cleared,
            stuck: false,
        });
    }

    pub(crate) fn wire_candidates(&self, s: &State, st: &Stand, out: &mut Vec<Command>) {
        if !self.unit(st).on_foot() {
            return;
        }
        for w in s.wire.iter().filter(|w| !w.gone) {
            if w.pos.distance(st.pos) <= 3.0 {
                out.push(Command::CutWire {
                    stand: st.id,
                    wire: w.id,
                });
            }
        }
    }
}
