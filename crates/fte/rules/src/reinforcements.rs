//! 4.0 Place Reinforcements: units due this turn enter on their map edge,
//! the US first.

use crate::Fte;
use crate::command::Command;
use crate::data::Role;
use crate::describe::Names;
use crate::event::{EntryKind, Event};
use crate::geo::Hex;
use crate::map::Edge;
use crate::state::*;
use crate::step::Step;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::sort::StableSort;

impl Fte {
    /// 4.0: units due this turn that have not yet been placed.
    pub(crate) fn arrivals(&self, s: &State, side: Side) -> Vec<UnitId> {
        s.units
            .iter()
            .filter(|u| {
                u.side == side
                    && u.status == UnitStatus::Waiting
                    && u.carrier.is_none()
                    && u.arrives.is_some_and(|t| t <= s.turn)
            })
            .map(|u| u.id)
            .collect()
    }

    /// 4.0, 6.2: the hexes of the unit's map edge where its side may try
    /// to place it, judged on what the side sees: within the stacking
    /// limit, not among enemy units it sees that keep it out (6.2; a
    /// helicopter comes in flying, over anyone), and not a hex already
    /// found held this phase. A hex under enemy Concealed markers is
    /// offered whatever they hide and settled when tried
    /// ([`Fte::execute_enter`]).
    pub(crate) fn entry_hexes(&self, s: &State, u: UnitId) -> Vec<Hex> {
        let map = self.map_of(s);
        let unit = s.unit(u);
        let side = unit.side;
        let edges = match unit.entry {
            Some(e) => vec![e],
            None => vec![Edge::North, Edge::South, Edge::East, Edge::West],
        };
        let mut v: Vec<Hex> = edges.iter().flat_map(|e| map.edge_hexes(*e)).collect();
        v.stable_sort();
        v.dedup();
        let refused: &[Hex] = match s.step() {
            Step::Reinforcements { refused, .. } => refused,
            _ => &[],
        };
        // The units the side sees on these edges, found in one pass (not a
        // scan of every unit at each of the ~90 edge hexes).
        let occupants: Vec<&Unit> = s
            .units
            .iter()
            .filter(|o| {
                o.status == UnitStatus::OnMap
                    && o.hex.is_some_and(|h| v.binary_search(&h).is_ok())
                    && self.sees_unit(s, side, o)
            })
            .collect();
        let flying = self.is_heli(unit);
        v.retain(|h| {
            let here = || occupants.iter().copied().filter(|o| o.hex == Some(*h));
            !refused.contains(h)
                && self.stacks_with(unit, here())
                && (flying || !here().any(|o| self.blocks_entry(o, side)))
        });
        if self.is_vehicle(unit) {
            v.retain(|h| {
                map.terrain(*h)
                    .is_some_and(|t| self.tables.terrain(t).vehicle.value.is_some())
            });
        }
        v
    }

    pub(crate) fn reinforcement_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        for u in self.arrivals(s, side) {
            let alts = if self.is_heli(s.unit(u)) {
                vec![Altitude::Treetop, Altitude::High]
            } else {
                vec![Altitude::Ground]
            };
            for h in self.entry_hexes(s, u) {
                for a in &alts {
                    out.push(Command::Enter {
                        unit: u,
                        hex: h,
                        altitude: *a,
                    });
                }
            }
        }
    }

    pub(crate) fn check_enter(
        &self,
        s: &State,
        side: Side,
        unit: UnitId,
        hex: Hex,
        altitude: Altitude,
    ) -> Checked {
        ensure(
            self.arrivals(s, side).contains(&unit),
            "4.0",
            "that unit is not arriving now",
        )?;
        ensure(
            self.entry_hexes(s, unit).contains(&hex),
            "4.0",
            "reinforcements enter on their map edge, not overstacked",
        )?;
        let heli = self.is_heli(s.unit(unit));
        if heli && altitude == Altitude::Ground || !heli && altitude != Altitude::Ground {
            return refuse("4.0", "helicopters enter at Treetop or High level");
        }
        Ok(())
    }

    pub(crate) fn execute_enter(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let Command::Enter {
            unit,
            hex,
            altitude,
        } = c
        else {
            return;
        };
        let side = s.unit(*unit).side;
        if !self.is_heli(s.unit(*unit)) && self.held_for(s, side, *hex, false) {
            // 6.2: Concealed enemy units hold the hex. The unit stays off
            // the map, the markers stay on, and the side chooses again.
            if let Some(Step::Reinforcements { refused, .. }) = s.step_mut() {
                refused.push(*hex);
            }
            self.refuse_entry(s, &[*unit], *hex, EntryKind::Reinforcement, ev);
            return;
        }
        self.enter_unit(s, *unit, *hex, *altitude, ev);
        if !self.is_heli(s.unit(*unit)) {
            // Placing enters the hex: a lone enemy Medic there is
            // eliminated (17.1), lone enemy casualties taken (7.5.3).
            self.overrun_markers(s, side, *hex, ev);
        }
    }

    /// The side's reinforcements phase ends when none of its arrivals can
    /// enter; false while one can. Those that cannot (every edge hex full)
    /// wait; the first activation of the turn follows (5.0).
    pub(crate) fn settle_reinforcements(&self, s: &mut State, side: Side) -> bool {
        if self
            .arrivals(s, side)
            .iter()
            .any(|u| !self.entry_hexes(s, *u).is_empty())
        {
            return false;
        }
        s.set_phase(match side {
            Side::Us => Step::Reinforcements {
                side: Side::Nva,
                refused: Vec::new(),
            },
            Side::Nva => Step::Activate { first: true },
        });
        true
    }

    /// 4.0: an arriving unit (with whatever it carries) enters.
    pub(crate) fn enter_unit(
        &self,
        s: &mut State,
        unit: UnitId,
        hex: Hex,
        altitude: Altitude,
        ev: &mut Vec<Event>,
    ) {
        let turn = s.turn;
        let role = self.role(s.unit(unit));
        let hog_turns = self.tables.hog_turns.value;
        let u = s.unit_mut(unit);
        u.status = UnitStatus::OnMap;
        u.hex = Some(hex);
        u.altitude = altitude;
        u.arrives = None;
        if role == Role::Hog {
            // 15.0: escorting Hogs leave three turns after entering.
            u.leave_by = Some(turn + hog_turns);
        }
        ev.push(Event::Entered { unit, hex });
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_reinforcements(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::Entered { unit, hex } => {
                LogEntry::text(format!("{} enters at {hex} (4.0).", n.u(*unit)))
            }
            other => n.misrouted(other),
        }
    }
}
