//! 19.0 Random Events: the chit, the side roll (even: US), the table, and
//! all ten events (19.1 to 19.10).

use crate::Fte;
use crate::command::Command;
use crate::data::{MissionKind, MoveClass, RandomEvent, Role};
use crate::describe::Names;
use crate::event::Event;
use crate::geo::Hex;
use crate::state::*;
use crate::step::Step;
use vt_core::dice::{Adjudication, TableCell};
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure};

/// The Random Event choice on top of the steps: the event, who chooses,
/// how many pieces are placed, and the order they come in (19.7).
fn event_on_top(s: &State) -> Option<(RandomEvent, Side, u8, &[u8])> {
    match s.step() {
        Step::RandomEvent {
            event,
            side,
            placed,
            order,
        } => Some((*event, *side, *placed, order)),
        _ => None,
    }
}

impl Fte {
    /// Who makes the choice for an event rolled by `side`: the opponent
    /// places Injury and Low Ammo (19.1, 19.2), the side itself the rest.
    pub fn event_chooser(event: RandomEvent, side: Side) -> Side {
        match event {
            RandomEvent::Injury | RandomEvent::LowAmmo => side.other(),
            RandomEvent::NvaArtillery | RandomEvent::Vc => Side::Nva,
            RandomEvent::Cobras | RandomEvent::AerialObserver => Side::Us,
            _ => side,
        }
    }

    pub(crate) fn random_event(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side_roll = s.d10();
        let side = if side_roll.is_multiple_of(2) {
            Side::Us
        } else {
            Side::Nva
        };
        let roll = s.d10();
        let row = self.tables.random_events.iter().find(|r| r.roll == roll);
        let mut event = row
            .map(|r| {
                if side == Side::Us {
                    r.us.value
                } else {
                    r.nva.value
                }
            })
            .unwrap_or(RandomEvent::NoEvent);
        // 19.4, 19.8: Hero and Aerial Observer end at the side's next event check.
        for u in s.units.iter_mut() {
            if u.side == side {
                u.hero = false;
            }
        }
        if side == Side::Us {
            s.aerial_observer = false;
        }
        match event {
            RandomEvent::Injury
                if s.casualties
                    .iter()
                    .any(|c| !c.gone && c.side == side && c.kind == CasualtyKind::Injury) =>
            {
                event = RandomEvent::NoEvent;
            }
            RandomEvent::Cobras if s.on_map().any(|u| self.role(u) == Role::Cobra) => {
                event = RandomEvent::NoEvent;
            }
            RandomEvent::Vc if s.vc_events >= self.tables.vc_event_limit.value => {
                event = RandomEvent::NoEvent;
            }
            _ => {}
        }
        ev.push(Event::RandomEvent {
            side_roll,
            side,
            roll,
            event,
        });
        match event {
            RandomEvent::HigherHq => s.higher_hq[side.idx()] = true,
            RandomEvent::CheckFire => self.cancel_missions(s, side, ev),
            RandomEvent::AerialObserver => s.aerial_observer = true,
            RandomEvent::NoEvent => {}
            RandomEvent::Vc => {
                s.vc_events += 1;
                s.cup.put(Chit::Side(Side::Nva));
                s.chits[Side::Nva.idx()] += 1;
                // The pieces come in an order drawn at random, so the
                // order the new markers appear in tells nothing of which
                // is the Dummy.
                let mut order: Vec<u8> = (0..Self::VC_PIECES.len() as u8).collect();
                s.rng.shuffle(&mut order);
                s.push(Step::RandomEvent {
                    event,
                    side,
                    placed: 0,
                    order,
                });
            }
            _ => s.push(Step::RandomEvent {
                event,
                side,
                placed: 0,
                order: Vec::new(),
            }),
        }
    }

    const VC_PIECES: [&'static str; 4] = ["vc-leader", "vc-rifle", "vc-dummy", "civilians"];

    /// The VC piece placed `placed`-th (19.7), in the event's drawn order.
    fn vc_piece(order: &[u8], placed: u8) -> Option<&'static str> {
        let i = match order.get(placed as usize) {
            Some(i) => *i as usize,
            None if order.is_empty() => placed as usize,
            None => return None,
        };
        Self::VC_PIECES.get(i).copied()
    }

    /// May this unit take the event (19.1-19.4)?
    fn event_unit_ok(&self, event: RandomEvent, side: Side, u: &Unit) -> bool {
        if u.side != side || u.status != UnitStatus::OnMap {
            return false;
        }
        match event {
            RandomEvent::Injury => {
                self.is_infantry(u)
                    && !self.is_marker_only(u)
                    && !u.concealed
                    && self.troops(u) >= 3
            }
            // The enemy places it, so only on a unit he can see (19.2).
            RandomEvent::LowAmmo => self.fire_rating(u).is_some() && !u.low_ammo && !u.concealed,
            RandomEvent::Hero => !self.is_marker_only(u) && self.class(u) == MoveClass::Infantry,
            RandomEvent::Rally => u.broken || u.suppressed,
            _ => false,
        }
    }

    /// The test of whether the event's next piece or target may go in a
    /// hex (19.6, 19.7, 19.9), with what it needs looked up once for a
    /// whole list of hexes: the map, the NVA Artillery's spotters and the
    /// VC piece's kind.
    fn event_hex_test<'a>(
        &'a self,
        s: &'a State,
        event: RandomEvent,
        placed: u8,
        order: &[u8],
    ) -> impl Fn(Hex) -> bool + 'a {
        let map = self.map_of(s);
        // 19.9: in the LoS of an NVA Leader, or holding or next to a
        // Visible American unit (the fire mission's own target rule).
        let spotting = (event == RandomEvent::NvaArtillery && placed == 0)
            .then(|| self.spotting(s, Side::Nva, None));
        let piece = match event {
            RandomEvent::Vc => Self::vc_piece(order, placed).map(|p| self.role_of(p)),
            _ => None,
        };
        let vc_range = self.tables.vc_event_range.value as u32;
        move |hex: Hex| {
            if !map.in_play(hex) {
                return false;
            }
            match event {
                RandomEvent::Cobras => {
                    placed < 2 && map.is_edge(hex) && !s.units_at(hex).any(|u| self.is_heli(u))
                }
                RandomEvent::NvaArtillery => spotting.as_ref().is_some_and(|x| x.sees(hex)),
                RandomEvent::Vc => {
                    let Some(role) = piece else {
                        return false;
                    };
                    if !map.near_hamlet(hex, vc_range)
                        || s.units_at(hex).any(|u| u.side == Side::Us)
                    {
                        return false;
                    }
                    let nva_inf = s
                        .units_at(hex)
                        .any(|u| u.side == Side::Nva && !self.is_marker_only(u));
                    let has_civ = s.units_at(hex).any(|u| self.role(u) == Role::Civilians);
                    match role {
                        Some(Role::Civilians) => !nva_inf,
                        Some(Role::Dummy) => true,
                        _ => !has_civ,
                    }
                }
                _ => false,
            }
        }
    }

    /// The hexes an event's pieces or target may go in, before the test
    /// (19.6: Cobras enter at an edge).
    fn event_hexes(&self, s: &State, event: RandomEvent) -> &[Hex] {
        let map = self.map_of(s);
        match event {
            RandomEvent::Cobras => map.all_edge_hexes(),
            RandomEvent::NvaArtillery | RandomEvent::Vc => map.hexes(),
            _ => &[],
        }
    }

    /// Whether the event has any choice (`event_candidates` not empty),
    /// stopping at the first: asked once per event before it is listed.
    fn has_event_choice(&self, s: &State) -> bool {
        let Some((event, side, placed, order)) = event_on_top(s) else {
            return false;
        };
        // Low Ammo's pass comes only with a unit to choose.
        s.on_map().any(|u| self.event_unit_ok(event, side, u)) || {
            let ok = self.event_hex_test(s, event, placed, order);
            self.event_hexes(s, event).iter().any(|h| ok(*h))
        }
    }

    /// The event lapses when it has no choice to make; false while it has.
    pub(crate) fn settle_event(&self, s: &mut State) -> bool {
        if self.has_event_choice(s) {
            return false;
        }
        // 19.7: a VC piece with nowhere to go is left out; the others
        // still come.
        if let Step::RandomEvent {
            event: RandomEvent::Vc,
            placed,
            ..
        } = s.step()
        {
            let placed = *placed;
            self.bump_event(s, placed, Self::VC_PIECES.len() as u8);
        } else {
            s.pop();
        }
        true
    }

    /// The unit type of the VC piece to place now (19.7), for its owner.
    pub fn vc_piece_now(&self, s: &State) -> Option<&'static str> {
        match s.step() {
            Step::RandomEvent {
                event: RandomEvent::Vc,
                placed,
                order,
                ..
            } => Self::vc_piece(order, *placed),
            _ => None,
        }
    }

    pub(crate) fn check_event_choice(&self, s: &State, c: &Command) -> Checked {
        let section = match s.step() {
            Step::RandomEvent { event, .. } => event.section(),
            _ => "19.0",
        };
        ensure(
            self.event_choice_ok(s, c),
            section,
            "not a valid choice for this Random Event",
        )
    }

    /// Whether a command answers the Random Event choice on top.
    fn event_choice_ok(&self, s: &State, c: &Command) -> bool {
        let Some((event, side, placed, order)) = event_on_top(s) else {
            return false;
        };
        match c {
            Command::EventUnit { unit } => self.event_unit_ok(event, side, s.unit(*unit)),
            Command::EventHex { hex } => self.event_hex_test(s, event, placed, order)(*hex),
            Command::EventPass => {
                event == RandomEvent::LowAmmo
                    && s.on_map().any(|u| self.event_unit_ok(event, side, u))
            }
            _ => false,
        }
    }

    pub(crate) fn event_candidates(&self, s: &State, out: &mut Vec<Command>) {
        let Some((event, side, placed, order)) = event_on_top(s) else {
            return;
        };
        let units_from = out.len();
        out.extend(
            s.on_map()
                .filter(|u| self.event_unit_ok(event, side, u))
                .map(|u| Command::EventUnit { unit: u.id }),
        );
        if event == RandomEvent::LowAmmo && out.len() > units_from {
            out.push(Command::EventPass);
        }
        let ok = self.event_hex_test(s, event, placed, order);
        out.extend(
            self.event_hexes(s, event)
                .iter()
                .filter(|h| ok(**h))
                .map(|&h| Command::EventHex { hex: h }),
        );
    }

    fn role_of(&self, ty: &str) -> Option<Role> {
        self.types.iter().find(|t| t.id == ty).map(|t| t.role)
    }

    pub(crate) fn execute_event_choice(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let Step::RandomEvent {
            event,
            side,
            placed,
            order,
        } = s.step().clone()
        else {
            return;
        };
        match (event, c) {
            (_, Command::EventPass) => {
                s.pop();
            }
            (_, Command::EventUnit { unit }) => {
                s.pop();
                let unit = *unit;
                match event {
                    // 19.1: carried and evacuated like a WIA.
                    RandomEvent::Injury => {
                        let id = s.casualties.len() as u16;
                        s.casualties.push(Casualty {
                            id,
                            side,
                            kind: CasualtyKind::Injury,
                            hex: None,
                            carrier: Some(unit),
                            gone: false,
                        });
                    }
                    RandomEvent::LowAmmo => s.unit_mut(unit).low_ammo = true,
                    RandomEvent::Hero => s.unit_mut(unit).hero = true,
                    _ => {
                        // 19.3 Rally: one Broken or Suppressed marker comes off.
                        let u = s.unit_mut(unit);
                        if u.broken {
                            u.broken = false;
                        } else {
                            u.suppressed = false;
                        }
                    }
                }
                ev.push(Event::EventApplied {
                    marked: None,
                    event,
                    unit: Some(unit),
                    hex: None,
                });
            }
            (RandomEvent::Cobras, Command::EventHex { hex }) => {
                if let Some(id) = self.spawn(s, "us-cobra", Side::Us) {
                    let turn = s.turn;
                    let stay = self.tables.cobra_turns.value;
                    let u = s.unit_mut(id);
                    u.status = UnitStatus::OnMap;
                    u.hex = Some(*hex);
                    u.altitude = Altitude::Treetop;
                    // On the map for three turns, off by the end of the third.
                    u.leave_by = Some(turn + stay.saturating_sub(1));
                    ev.push(Event::EventApplied {
                        marked: None,
                        event,
                        unit: Some(id),
                        hex: Some(*hex),
                    });
                }
                self.bump_event(s, placed, 2);
            }
            (RandomEvent::NvaArtillery, Command::EventHex { hex }) => {
                s.pop();
                let d = s.d10();
                let delay =
                    d.div_ceil(self.tables.fire_missions.nva_artillery_divisor.value.max(1));
                s.missions.push(Mission {
                    side: Side::Nva,
                    kind: MissionKind::Artillery,
                    target: *hex,
                    turn: s.turn + delay,
                });
                ev.push(Event::EventApplied {
                    marked: None,
                    event,
                    unit: None,
                    hex: None,
                });
            }
            (RandomEvent::Vc, Command::EventHex { hex }) => {
                if let Some(piece) = Self::vc_piece(&order, placed)
                    && let Some(id) = self.spawn(s, piece, Side::Nva)
                {
                    let u = s.unit_mut(id);
                    u.status = UnitStatus::OnMap;
                    u.hex = Some(*hex);
                    self.conceal(s, id);
                    ev.push(Event::Placed {
                        unit: id,
                        hex: *hex,
                        hidden: true,
                        secret: None,
                    });
                }
                self.bump_event(s, placed, Self::VC_PIECES.len() as u8);
            }
            _ => {
                s.pop();
            }
        }
    }

    fn bump_event(&self, s: &mut State, placed: u8, limit: u8) {
        if placed + 1 >= limit {
            s.pop();
        } else if let Some(Step::RandomEvent { placed: p, .. }) = s.top_mut() {
            *p += 1;
        }
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_random_events(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::RandomEvent {
                side_roll,
                side,
                roll,
                event,
            } => {
                let mut a = Adjudication::new("Random Event side", "FTE 19.0");
                a.rolled = vec![*side_roll as i32];
                a.total = *side_roll as i32;
                a.needed = Some("even: US event, odd: NVA/VC event".into());
                a.result = side.name().into();
                let mut b = Adjudication::new("Random Event Table", "FTE 19.0");
                b.rolled = vec![*roll as i32];
                b.total = *roll as i32;
                b.table = Some(TableCell {
                    table: "Random Event Table".into(),
                    row: roll.to_string(),
                    column: Some(if *side == Side::Us {
                        "US".into()
                    } else {
                        "NVA/VC".into()
                    }),
                });
                b.result = event.name().into();
                LogEntry::with_rolls(
                    format!("Random Event for {}: {}.", side.name(), event.name()),
                    vec![a, b],
                )
            }
            Event::EventApplied {
                event,
                unit,
                hex,
                marked,
            } => n.naming(marked, &[], *unit, |_, who| {
                format!(
                    "{}{}{}.",
                    event.name(),
                    who.map(|x| format!(": {x}")).unwrap_or_default(),
                    hex.map(|h| format!(" at {h}")).unwrap_or_default()
                )
            }),
            other => n.misrouted(other),
        }
    }
}
