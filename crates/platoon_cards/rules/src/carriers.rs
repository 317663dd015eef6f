//! Chart: M113's & ACAV's and Notes: UNIT SCALES (carrying): an M113 or
//! small lorry carries 2 squads (the ACAV chart says 2 or 3: an option), a
//! large truck 3, an AFV or jeep 1 (riding outside); PCs and FOs ride free.
//! Squads inside may neither fire nor be shot; one squad on top may fire
//! (counted among the vehicle's two weapons) and counts as in the open.

use crate::PlatoonCards;
use crate::command::{Action, Command};
use crate::data::{Armour, Mover};
use crate::event::Event;
use crate::geometry;
use crate::sections::*;
use crate::state::*;
use crate::step::Step;
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::tabletop::Point;

impl PlatoonCards {
    /// Squads a carrier takes (PCs and FOs not counted).
    pub fn capacity(&self, s: &State, carrier: &Stand) -> u8 {
        let t = self.unit(carrier);
        if t.armour == Armour::Apc && t.carries > 0 {
            let c = &self.charts.carriers;
            if s.options.acav_three {
                c.m113_capacity_acav.value
            } else {
                c.m113_capacity.value
            }
        } else {
            t.carries
        }
    }

    pub fn load(&self, s: &State, carrier: StandId) -> u8 {
        s.passengers(carrier)
            .filter(|p| !self.unit(p).single_figure)
            .count() as u8
    }

    pub(crate) fn check_embark(
        &self,
        s: &State,
        stand: StandId,
        carrier: StandId,
        on_top: bool,
    ) -> Checked {
        self.check_may_move(s, stand)?;
        let st = s.stand(stand);
        let t = self.unit(st);
        ensure(
            !t.is_vehicle() && !t.is_air(),
            CARRIERS,
            "Only men (squads, teams, commanders) are carried.",
        )?;
        let Some(c) = s.stands.get(carrier as usize) else {
            return refuse(CARRIERS, "No such vehicle.");
        };
        ensure(
            c.side == st.side && c.on_table() && !c.hidden,
            CARRIERS,
            "No such vehicle of yours.",
        )?;
        let ct = self.unit(c);
        ensure(ct.carries > 0, UNIT_SCALES, "That vehicle carries nobody.")?;
        ensure(!c.airborne, HELICOPTERS, "The helicopter must be landed.")?;
        match (ct.armour, ct.mover) {
            (_, Mover::Helicopter) | (Armour::Softskin, _) => ensure(
                !on_top,
                UNIT_SCALES,
                "Trucks, jeeps and helicopters carry inside.",
            )?,
            (a, _) if a.is_tank() => {
                ensure(on_top, CARRIERS, "Tanks carry riders on the outside.")?
            }
            _ => {}
        }
        ensure(
            t.single_figure || self.load(s, carrier) < self.capacity(s, c),
            CARRIERS,
            "It is full.",
        )?;
        let gap = self.gap_between(st, c);
        ensure(
            gap <= self.charts.carriers.embark_within.value + 1e-9,
            CARRIERS,
            "It must be within 2\" of the vehicle to get on.",
        )?;
        let full = self.allowance_of(s, st);
        ensure(
            self.remaining(s, st) + 1e-9 >= self.half_turn(full),
            CARRIERS,
            "Getting on takes half a move; not enough is left.",
        )
    }

    pub(crate) fn execute_embark(
        &self,
        s: &mut State,
        stand: StandId,
        carrier: StandId,
        on_top: bool,
        ev: &mut Vec<Event>,
    ) {
        let full = self.allowance_of(s, s.stand(stand));
        let half = self.half_turn(full);
        let at = s.stand(carrier).pos;
        let st = s.stand_mut(stand);
        st.aboard = Some(Aboard { carrier, on_top });
        st.pos = at;
        st.act.moved += half;
        st.act.carried = true;
        ev.push(Event::Embarked {
            stand,
            carrier,
            on_top,
        });
    }

    pub(crate) fn check_disembark(&self, s: &State, stand: StandId, to: Point) -> Checked {
        self.check_order_stand(s, stand)?;
        let Step::Orders { action, .. } = s.step() else {
            return refuse(TURN, "No activation is under way.");
        };
        ensure(action.may_move(), TURN, "Stand & Fire: nobody moves.")?;
        let st = s.stand(stand);
        let Some(a) = st.aboard else {
            return refuse(CARRIERS, "It is not aboard anything.");
        };
        ensure(
            st.status != Status::Suppressed && st.status != Status::Disrupted,
            MORALE_NOTES,
            "Suppressed or disrupted troops do not move.",
        )?;
        ensure(st.act.fired == 0, TURN, "It has fired: it moves first.")?;
        let c = s.stand(a.carrier);
        ensure(!c.airborne, HELICOPTERS, "The helicopter must land first.")?;
        let full = self.allowance_of(s, st);
        ensure(
            self.remaining(s, st) + 1e-9 >= self.half_turn(full),
            CARRIERS,
            "Getting off takes half a move; not enough is left.",
        )?;
        let placed = Stand {
            aboard: None,
            ..st.clone()
        };
        self.check_place(s, &placed, to)?;
        let b = geometry::base_at(self.unit(st), to, st.facing);
        let cb = geometry::base(self.unit(c), c);
        ensure(
            geometry::gap(&b, &cb) <= self.charts.carriers.embark_within.value + 1e-9,
            CARRIERS,
            "Get off within 2\" of the vehicle.",
        )?;
        self.check_wire_crossing(s, st, c.pos, to)
    }

    pub(crate) fn execute_disembark(
        &self,
        s: &mut State,
        stand: StandId,
        to: Point,
        ev: &mut Vec<Event>,
    ) {
        let full = self.allowance_of(s, s.stand(stand));
        let half = self.half_turn(full);
        let carrier = s.stand(stand).aboard.map(|a| a.carrier).unwrap_or(stand);
        let st = s.stand_mut(stand);
        st.aboard = None;
        st.pos = to;
        st.act.moved += half;
        st.act.carried = true;
        ev.push(Event::Disembarked { stand, carrier, to });
        self.reveal_check(s, ev);
    }

    /// Places beside the vehicle whoever survives aboard it.
    pub fn unload_all(&self, s: &mut State, carrier: StandId, ev: &mut Vec<Event>) {
        self.unload_where(s, carrier, false, ev);
    }

    /// Gets passengers off beside the vehicle (only those on top, if asked).
    pub fn unload_where(
        &self,
        s: &mut State,
        carrier: StandId,
        on_top_only: bool,
        ev: &mut Vec<Event>,
    ) {
        let ids: Vec<StandId> = s
            .passengers(carrier)
            .filter(|p| !on_top_only || p.aboard.is_some_and(|a| a.on_top))
            .map(|p| p.id)
            .collect();
        let c = s.stand(carrier).clone();
        let ct = self.unit(&c);
        for id in ids {
            let mut placed = s.stand(id).clone();
            placed.aboard = None;
            let ring = ct.length / 2.0 + 1.0;
            let mut to = c.pos;
            for k in 0..16 {
                let r = ring + (k / 8) as f64 * 1.5;
                let p =
                    geometry::snap(c.pos + geometry::facing_vec(45.0 * (k % 8) as f64 + 180.0) * r);
                if self.check_place(s, &placed, p).is_ok() {
                    to = p;
                    break;
                }
            }
            let st = s.stand_mut(id);
            st.aboard = None;
            st.pos = to;
            ev.push(Event::Disembarked {
                stand: id,
                carrier,
                to,
            });
        }
    }

    pub(crate) fn carrier_candidates(
        &self,
        s: &State,
        st: &Stand,
        action: Action,
        out: &mut Vec<Command>,
    ) {
        if !action.may_move() {
            return;
        }
        if let Some(a) = st.aboard {
            let c = s.stand(a.carrier);
            let ct = self.unit(c);
            for k in 0..4 {
                let v = geometry::facing_vec(c.facing + 90.0 * k as f64 + 180.0);
                let to = geometry::snap(
                    c.pos + v * (ct.length / 2.0 + self.unit(st).length / 2.0 + 0.3),
                );
                out.push(Command::Disembark { stand: st.id, to });
            }
            return;
        }
        if !st.on_table() {
            return;
        }
        for c in s.on_table() {
            if c.side == st.side && self.unit(c).carries > 0 && c.pos.distance(st.pos) <= 5.0 {
                out.push(Command::Embark {
                    stand: st.id,
                    carrier: c.id,
                    on_top: false,
                });
                out.push(Command::Embark {
                    stand: st.id,
                    carrier: c.id,
                    on_top: true,
                });
            }
        }
    }
}
