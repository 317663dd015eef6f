//! 19.0 Random Events: the chit, the side roll (even: US), the table, and
//! all ten events (19.1 to 19.10).

use crate::Fte;
use crate::command::Command;
use crate::data::{MissionKind, MoveClass, RandomEvent, Role, Terrain};
use crate::event::Event;
use crate::geo::{Hex, HexExt};
use crate::map::Edge;
use crate::state::*;

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
                s.stack.push(Interrupt::Event {
                    event,
                    side,
                    placed: 0,
                });
            }
            _ => s.stack.push(Interrupt::Event {
                event,
                side,
                placed: 0,
            }),
        }
    }

    fn vc_hexes(&self, s: &State) -> Vec<Hex> {
        let map = self.map_of(s);
        let r = self.tables.vc_event_range.value as u32;
        let hamlets: Vec<Hex> = map
            .hexes()
            .iter()
            .copied()
            .filter(|h| map.terrain(*h) == Some(Terrain::Hamlet))
            .collect();
        map.hexes()
            .iter()
            .copied()
            .filter(|h| hamlets.iter().any(|x| x.distance(*h) <= r))
            .filter(|h| !s.units_at(*h).any(|u| u.side == Side::Us))
            .collect()
    }

    const VC_PIECES: [&'static str; 4] = ["vc-leader", "vc-rifle", "vc-dummy", "civilians"];

    pub(crate) fn event_candidates(&self, s: &State) -> Vec<Command> {
        let Some(Interrupt::Event {
            event,
            side,
            placed,
        }) = s.stack.last()
        else {
            return Vec::new();
        };
        let (event, side, placed) = (*event, *side, *placed);
        let mut out = Vec::new();
        let units_of = |f: &dyn Fn(&Unit) -> bool| -> Vec<Command> {
            s.on_map()
                .filter(|u| u.side == side && f(u))
                .map(|u| Command::EventUnit { unit: u.id })
                .collect()
        };
        match event {
            RandomEvent::Injury => {
                out = units_of(&|u| {
                    self.is_infantry(u)
                        && !self.is_marker_only(u)
                        && !u.concealed
                        && self.troops(u) >= 3
                });
            }
            RandomEvent::LowAmmo => {
                out = units_of(&|u| self.fire_rating(u).is_some() && !u.low_ammo);
                if !out.is_empty() {
                    out.push(Command::EventPass);
                }
            }
            RandomEvent::Hero => {
                out =
                    units_of(&|u| !self.is_marker_only(u) && self.class(u) == MoveClass::Infantry);
            }
            RandomEvent::Rally => {
                out = units_of(&|u| u.broken || u.suppressed);
            }
            RandomEvent::Cobras if placed < 2 => {
                let map = self.map_of(s);
                let mut hs: Vec<Hex> = [Edge::North, Edge::South, Edge::East, Edge::West]
                    .iter()
                    .flat_map(|e| map.edge_hexes(*e))
                    .filter(|h| !s.units_at(*h).any(|u| self.is_heli(u)))
                    .collect();
                hs.sort();
                hs.dedup();
                out = hs
                    .into_iter()
                    .map(|h| Command::EventHex { hex: h })
                    .collect();
            }
            RandomEvent::NvaArtillery if placed == 0 => {
                let map = self.map_of(s);
                out = map
                    .hexes()
                    .iter()
                    .copied()
                    .filter(|h| {
                        s.on_map().any(|u| {
                            u.side == Side::Us && !u.concealed && u.hex.is_some_and(|x| x == *h)
                        })
                    })
                    .map(|h| Command::EventHex { hex: h })
                    .collect();
            }
            RandomEvent::Vc if (placed as usize) < Self::VC_PIECES.len() => {
                let piece = Self::VC_PIECES[placed as usize];
                let civ = piece == "civilians";
                out = self
                    .vc_hexes(s)
                    .into_iter()
                    .filter(|h| {
                        let nva_inf = s
                            .units_at(*h)
                            .any(|u| u.side == Side::Nva && !self.is_marker_only(u));
                        let has_civ = s.units_at(*h).any(|u| self.role(u) == Role::Civilians);
                        if civ {
                            !nva_inf
                        } else {
                            !has_civ || self.role_of(piece) == Some(Role::Dummy)
                        }
                    })
                    .map(|h| Command::EventHex { hex: h })
                    .collect();
            }
            _ => {}
        }
        out
    }

    fn role_of(&self, ty: &str) -> Option<Role> {
        self.types.iter().find(|t| t.id == ty).map(|t| t.role)
    }

    pub(crate) fn execute_event_choice(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let Some(Interrupt::Event {
            event,
            side,
            placed,
        }) = s.stack.last().cloned()
        else {
            return;
        };
        match (event, c) {
            (_, Command::EventPass) => {
                s.stack.pop();
            }
            (RandomEvent::Injury, Command::EventUnit { unit }) => {
                s.stack.pop();
                let id = s.casualties.len() as u16;
                s.casualties.push(Casualty {
                    id,
                    side,
                    kind: CasualtyKind::Injury,
                    hex: None,
                    carrier: Some(*unit),
                    gone: false,
                });
                ev.push(Event::EventApplied {
                    event,
                    unit: Some(*unit),
                    hex: None,
                });
            }
            (RandomEvent::LowAmmo, Command::EventUnit { unit }) => {
                s.stack.pop();
                s.unit_mut(*unit).low_ammo = true;
                ev.push(Event::EventApplied {
                    event,
                    unit: Some(*unit),
                    hex: None,
                });
            }
            (RandomEvent::Hero, Command::EventUnit { unit }) => {
                s.stack.pop();
                s.unit_mut(*unit).hero = true;
                ev.push(Event::EventApplied {
                    event,
                    unit: Some(*unit),
                    hex: None,
                });
            }
            (RandomEvent::Rally, Command::EventUnit { unit }) => {
                s.stack.pop();
                let u = s.unit_mut(*unit);
                if u.broken {
                    u.broken = false;
                } else {
                    u.suppressed = false;
                }
                ev.push(Event::EventApplied {
                    event,
                    unit: Some(*unit),
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
                        event,
                        unit: Some(id),
                        hex: Some(*hex),
                    });
                }
                self.bump_event(s, placed, 2);
            }
            (RandomEvent::NvaArtillery, Command::EventHex { hex }) => {
                s.stack.pop();
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
                    event,
                    unit: None,
                    hex: None,
                });
            }
            (RandomEvent::Vc, Command::EventHex { hex }) => {
                let piece = Self::VC_PIECES[placed as usize % Self::VC_PIECES.len()];
                if let Some(id) = self.spawn(s, piece, Side::Nva) {
                    let u = s.unit_mut(id);
                    u.status = UnitStatus::OnMap;
                    u.hex = Some(*hex);
                    self.conceal(s, id);
                    ev.push(Event::Placed {
                        unit: id,
                        hex: *hex,
                        hidden: true,
                    });
                }
                self.bump_event(s, placed, Self::VC_PIECES.len() as u8);
            }
            _ => {
                s.stack.pop();
            }
        }
    }

    fn bump_event(&self, s: &mut State, placed: u8, limit: u8) {
        if placed + 1 >= limit {
            s.stack.pop();
        } else if let Some(Interrupt::Event { placed: p, .. }) = s.stack.last_mut() {
            *p += 1;
        }
    }
}
