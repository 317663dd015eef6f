//! Before turn 1 each side places what it places (the defender first):
//! hidden cards in its zone (Notes: HIDDEN DEPLOYMENT), mine strips on its
//! side of the table (Chart: MINES), snipers on its own copy of the table
//! (Chart: SNIPERS), and its visible stands in its zone. The scenario's
//! places, drawn at random among its spots, stand if nothing is moved.

use crate::PlatoonCards;
use crate::command::Command;
use crate::event::{Event, Placed};
use crate::geometry;
use crate::sections::*;
use crate::state::*;
use crate::step::Step;
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::tabletop::Point;

impl PlatoonCards {
    fn setup_side(&self, s: &State) -> Option<Side> {
        match s.step() {
            Step::Setup { side } => Some(*side),
            _ => None,
        }
    }

    /// The half of the table a side's zones lie in: its "side of the
    /// board" for mines (y below or above the middle).
    pub fn own_half(&self, s: &State, side: Side, p: Point) -> bool {
        let sc = self.scenario_of(s);
        let t = self.tabletop_of(s);
        let pts: Vec<Point> = sc
            .zones
            .iter()
            .filter(|z| z.side == side)
            .flat_map(|z| z.area.iter().copied())
            .collect();
        if pts.is_empty() {
            return true;
        }
        let cy = pts.iter().map(|p| p.y).sum::<f64>() / pts.len() as f64;
        if cy >= t.height / 2.0 {
            p.y >= t.height / 2.0
        } else {
            p.y <= t.height / 2.0
        }
    }

    pub(crate) fn setup_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        let sc = self.scenario_of(s);
        for c in s.cards.iter().filter(|c| c.side == side) {
            for &at in sc
                .card_spots
                .iter()
                .filter(|p| p.distance(c.pos) > 1.0)
                .take(2)
            {
                out.push(Command::PlaceCard {
                    marker: c.marker,
                    at,
                });
            }
        }
        if let Some(m) = &sc.mines
            && m.side == side
        {
            for strip in s.mines.iter().take(3) {
                for &at in m
                    .spots
                    .iter()
                    .filter(|p| p.distance(strip.pos) > 2.5)
                    .take(2)
                {
                    out.push(Command::PlaceMine {
                        marker: strip.marker,
                        at,
                    });
                }
            }
        }
        if let Some(sn) = &sc.snipers
            && sn.side == side
        {
            for x in s.snipers.iter() {
                for &at in sn.spots.iter().filter(|p| p.distance(x.pos) > 1.0).take(2) {
                    out.push(Command::PlaceSniper { sniper: x.id, at });
                }
            }
        }
        for st in s
            .stands
            .iter()
            .filter(|st| st.side == side && st.on_table() && !st.hidden)
            .take(4)
        {
            out.push(Command::PlaceStand {
                stand: st.id,
                at: geometry::snap(st.pos + Point::new(2.0, 0.0)),
            });
        }
        out.push(Command::SetupDone);
    }

    fn in_own_zone(&self, s: &State, side: Side, at: Point) -> Checked {
        ensure(
            at.x.is_finite() && at.y.is_finite() && self.tabletop_of(s).contains(at),
            HIDDEN,
            "That is off the table.",
        )?;
        ensure(
            self.in_zone(s, side, at),
            SCENARIO,
            "Set up inside your deployment zone.",
        )
    }

    pub(crate) fn check_place_card(&self, s: &State, marker: u16, at: Point) -> Checked {
        let Some(side) = self.setup_side(s) else {
            return refuse(HIDDEN, "Cards are placed in the set-up.");
        };
        let Some(c) = s
            .cards
            .iter()
            .find(|c| c.marker == marker && c.side == side)
        else {
            return refuse(HIDDEN, "No such card of yours.");
        };
        self.in_own_zone(s, side, at)?;
        if let Some(p) = c.platoon {
            let shift = at - c.pos;
            for st in s.members(p).filter(|st| st.on_table()) {
                let moved = st.pos + shift;
                ensure(
                    self.tabletop_of(s).contains(moved),
                    HIDDEN,
                    "The platoon under the card would be off the table.",
                )?;
                let b = geometry::base_at(self.unit(st), moved, st.facing);
                for o in s.on_table() {
                    if o.platoon == p || o.side != side {
                        continue;
                    }
                    ensure(
                        !geometry::overlaps(&b, &geometry::base(self.unit(o), o)),
                        UNIT_SCALES,
                        "The platoon under the card would sit on other stands of yours.",
                    )?;
                }
            }
        }
        Ok(())
    }

    pub(crate) fn execute_place_card(
        &self,
        s: &mut State,
        marker: u16,
        at: Point,
        ev: &mut Vec<Event>,
    ) {
        let Some(i) = s.cards.iter().position(|c| c.marker == marker) else {
            return;
        };
        let shift = at - s.cards[i].pos;
        s.cards[i].pos = at;
        let side = s.cards[i].side;
        if let Some(p) = s.cards[i].platoon {
            for st in s.stands.iter_mut().filter(|st| st.platoon == p) {
                st.pos = st.pos + shift;
            }
        }
        ev.push(Event::SetupPlaced {
            side,
            what: Placed::Card(marker),
            at,
            secret: false,
        });
    }

    pub(crate) fn check_place_stand(&self, s: &State, stand: StandId, at: Point) -> Checked {
        let Some(side) = self.setup_side(s) else {
            return refuse(SCENARIO, "Stands are placed in the set-up.");
        };
        let Some(st) = s.stands.get(stand as usize) else {
            return refuse(SCENARIO, "No such stand.");
        };
        ensure(st.side == side, SCENARIO, "That stand is not yours.")?;
        ensure(
            st.on_table() && !st.hidden,
            HIDDEN,
            "Move a hidden platoon by its card; reserves arrive where the scenario says.",
        )?;
        self.in_own_zone(s, side, at)?;
        self.check_place(s, st, at)
    }

    pub(crate) fn execute_place_stand(
        &self,
        s: &mut State,
        stand: StandId,
        at: Point,
        ev: &mut Vec<Event>,
    ) {
        s.stand_mut(stand).pos = at;
        let riders: Vec<StandId> = s.passengers(stand).map(|p| p.id).collect();
        for r in riders {
            s.stand_mut(r).pos = at;
        }
        let side = s.stand(stand).side;
        ev.push(Event::SetupPlaced {
            side,
            what: Placed::Stand(stand),
            at,
            secret: false,
        });
    }

    pub(crate) fn check_place_mine(&self, s: &State, marker: u16, at: Point) -> Checked {
        let Some(side) = self.setup_side(s) else {
            return refuse(MINES, "Mines are laid in the set-up.");
        };
        let Some(m) = s
            .mines
            .iter()
            .find(|m| m.marker == marker && m.side == side)
        else {
            return refuse(MINES, "No such strip of yours.");
        };
        let _ = m;
        ensure(
            at.x.is_finite() && at.y.is_finite() && self.tabletop_of(s).contains(at),
            MINES,
            "That is off the table.",
        )?;
        ensure(
            self.own_half(s, side, at),
            MINES,
            "Mines go anywhere on the defender's side of the table.",
        )?;
        let size = self.charts.mines.strip.value;
        ensure(
            !s.mines.iter().any(|o| {
                o.marker != marker && (o.pos.x - at.x).abs() < size && (o.pos.y - at.y).abs() < size
            }),
            MINES,
            "Strips may not overlap.",
        )
    }

    pub(crate) fn execute_place_mine(
        &self,
        s: &mut State,
        marker: u16,
        at: Point,
        ev: &mut Vec<Event>,
    ) {
        let Some(m) = s.mines.iter_mut().find(|m| m.marker == marker) else {
            return;
        };
        m.pos = at;
        let (side, hidden) = (m.side, m.hidden);
        ev.push(Event::SetupPlaced {
            side,
            what: Placed::Mine(marker),
            at,
            secret: hidden,
        });
    }

    pub(crate) fn check_place_sniper(&self, s: &State, sniper: u16, at: Point) -> Checked {
        let Some(side) = self.setup_side(s) else {
            return refuse(SNIPERS, "Snipers are placed in the set-up.");
        };
        ensure(
            s.snipers.iter().any(|x| x.id == sniper && x.side == side),
            SNIPERS,
            "No such sniper of yours.",
        )?;
        ensure(
            at.x.is_finite() && at.y.is_finite() && self.tabletop_of(s).contains(at),
            SNIPERS,
            "That is off the table.",
        )?;
        ensure(
            self.own_half(s, side, at),
            SNIPERS,
            "Snipers are placed on your side of the table.",
        )
    }

    pub(crate) fn execute_place_sniper(
        &self,
        s: &mut State,
        sniper: u16,
        at: Point,
        ev: &mut Vec<Event>,
    ) {
        let Some(x) = s.snipers.iter_mut().find(|x| x.id == sniper) else {
            return;
        };
        x.pos = at;
        let side = x.side;
        ev.push(Event::SetupPlaced {
            side,
            what: Placed::Sniper(sniper),
            at,
            secret: true,
        });
    }

    pub(crate) fn check_setup_done(&self, s: &State) -> Checked {
        ensure(
            self.setup_side(s).is_some(),
            SCENARIO,
            "The set-up is over.",
        )
    }

    pub(crate) fn execute_setup_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(Step::Setup { side }) = s.steps.pop() {
            ev.push(Event::SetupDone { side });
        }
    }
}
