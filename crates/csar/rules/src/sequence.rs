//! CSAR 3.0 and 4.0: the sequence of play: the start of a turn, the 4.1
//! Event Phase, the draw of 4.2.1, the tracks, and the 5.0 checks that can
//! end the game at any moment. [`crate::step`] runs these procedures in
//! order until the game needs a decision from the player (or is over).

use crate::Csar;
use crate::components::Place;
use crate::components::{AircraftKind, SurvivorAt, Zone};
use crate::data::{EventEffect, Special};
use crate::describe::misrouted;
use crate::event::{AbortWhy, Event, Purpose, RandomFor, RevealCause};
use crate::markers::RevealWhich;
use crate::state::{EndReason, State, Step};
use vt_core::engine::LogEntry;
use vt_core::sort::StableSort;

impl Csar {
    /// The turn begins: per-turn flags, and what happens before the Event
    /// Phase (7.4's Fast Mover shuttle, 7.2's end draw, 6.2 pinpointing).
    pub(crate) fn turn_start(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::TurnBegins { turn: s.turn });
        s.flags = Default::default();
        for a in s.aircraft.iter_mut() {
            a.moved = false;
            a.cards = 0;
            a.rescued_this_turn = false;
        }
        for z in s.zones.iter_mut() {
            z.cards_assigned = 0;
        }
        let sc = &self.data.scenarios[s.scenario as usize];
        for sp in &sc.specials {
            match *sp {
                // 7.4: the shuttled Fast Mover comes back on its ENTER side.
                Special::FastMoverShuttle { turns } if s.turn >= 2 && s.turn <= turns + 1 => {
                    if let Some(i) = s
                        .aircraft
                        .iter()
                        .position(|a| a.kind == AircraftKind::FastMover && a.place == Place::Pool)
                    {
                        s.aircraft[i].place = Place::Orbit;
                        s.aircraft[i].exit = false;
                        ev.push(Event::AircraftArrives {
                            aircraft: i as u8,
                            to: Place::Orbit,
                        });
                    }
                }
                // 7.2: from turn 8, a crosshairs card ends the scenario.
                Special::EndDraw { from_turn, icon } if s.turn >= from_turn => {
                    if let Some(c) = self.draw_counted(s, ev, Purpose::EndDraw) {
                        s.res.discard(c);
                        // A Wild card is read in the player's favour.
                        if self.icon(c) == icon {
                            s.end = Some(EndReason::EndDraw);
                            ev.push(Event::GameEnds {
                                reason: EndReason::EndDraw,
                            });
                            return;
                        }
                    }
                }
                _ => {}
            }
        }
        if s.options.pinpointing {
            self.pinpoint(s, ev);
        }
        s.step = Step::AutoEventPhase;
    }

    /// 4.1 Event Phase (not on turn 1), with 7.1's arrivals at its start.
    pub(crate) fn event_phase(&self, s: &mut State, ev: &mut Vec<Event>) {
        for i in 0..s.aircraft.len() {
            if s.aircraft[i].place == Place::Arriving(s.turn) {
                s.aircraft[i].place = Place::Orbit;
                ev.push(Event::AircraftArrives {
                    aircraft: i as u8,
                    to: Place::Orbit,
                });
            }
        }
        s.step = Step::AutoDraw;
        if s.turn == 1 {
            return;
        }
        let Some(card) = self.draw_event(s) else {
            return;
        };
        ev.push(Event::EventDrawn { card });
        let effect = self.data.event_kinds[self.data.event_cards[card as usize] as usize].effect;
        let done = self.event_effect(s, ev, card, effect);
        if !done {
            ev.push(Event::EventIgnored { card });
        }
        if s.flags.event_in_play != Some(card) {
            s.events.discard(card);
        }
    }

    /// Carries out an Event card; false if it cannot be implemented (2.2.3).
    fn event_effect(&self, s: &mut State, ev: &mut Vec<Event>, card: u8, e: EventEffect) -> bool {
        match e {
            EventEffect::NoEffect => {
                ev.push(Event::EventEffect { card });
                true
            }
            EventEffect::DrawFewer(n) => {
                s.flags.draw_fewer = n;
                ev.push(Event::EventEffect { card });
                true
            }
            EventEffect::SearchUp(n) => {
                if !s.any_stranded() {
                    return false;
                }
                self.move_search(s, ev, n as i32);
                true
            }
            EventEffect::AbortBack(n) => {
                if s.abort == 0 {
                    return false;
                }
                self.move_abort(s, ev, -(n as i32), crate::event::AbortWhy::Card);
                true
            }
            EventEffect::ClearSmokeAndGas => {
                let any = s.zones.iter().any(|z| z.cs > 0 || z.smoke());
                for z in s.zones.iter_mut() {
                    z.cs = 0;
                    z.smoke_one = 0;
                    z.smoke_two = 0;
                }
                if any {
                    ev.push(Event::EventEffect { card });
                }
                any
            }
            EventEffect::FastMoversDiverted => {
                let mut any = false;
                for (i, a) in s.aircraft.iter_mut().enumerate() {
                    if a.kind == AircraftKind::FastMover && a.place == Place::Orbit {
                        a.place = Place::Pool;
                        a.exit = false;
                        any = true;
                        ev.push(Event::FastMoverToPool { aircraft: i as u8 });
                    }
                }
                any
            }
            EventEffect::FastMoversGrounded => {
                s.flags.fast_movers_grounded = true;
                ev.push(Event::EventEffect { card });
                true
            }
            EventEffect::SurvivorInjured => {
                let healthy: Vec<usize> = s
                    .stranded()
                    .filter(|(_, v)| !v.injured)
                    .map(|(i, _)| i)
                    .collect();
                if healthy.is_empty() {
                    return false;
                }
                let k = self.pick(s, ev, RandomFor::EventPick, healthy.len() as u8) as usize;
                s.survivors[healthy[k]].injured = true;
                ev.push(Event::SurvivorInjured {
                    survivor: healthy[k] as u8,
                });
                true
            }
            EventEffect::SurvivorMoves => {
                let mut moves: Vec<(usize, Zone, Zone)> = Vec::new();
                for (i, v) in s.stranded() {
                    let from = v.stranded_in().unwrap_or(Zone::Center);
                    for to in Zone::ALL {
                        if from.adjacent(to)
                            && !s.zone(to).has(crate::data::ZoneMarkerKind::Impassable)
                        {
                            moves.push((i, from, to));
                        }
                    }
                }
                if moves.is_empty() {
                    return false;
                }
                let k = self.pick(s, ev, RandomFor::EventPick, moves.len() as u8) as usize;
                let (i, from, to) = moves[k];
                s.survivors[i].at = SurvivorAt::Stranded(to);
                ev.push(Event::SurvivorMoved {
                    survivor: i as u8,
                    from,
                    to,
                });
                true
            }
            EventEffect::AircraftShaken => {
                let cands: Vec<usize> = s
                    .aircraft
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| {
                        a.zone().is_some() && a.kind != AircraftKind::FastMover && !a.shaken
                    })
                    .map(|(i, _)| i)
                    .collect();
                if cands.is_empty() {
                    return false;
                }
                let k = self.pick(s, ev, RandomFor::EventPick, cands.len() as u8) as usize;
                s.aircraft[cands[k]].shaken = true;
                ev.push(Event::Shaken {
                    aircraft: cands[k] as u8,
                });
                true
            }
            EventEffect::SandyReturns => {
                let cands: Vec<usize> = s
                    .aircraft
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| a.zone().is_some() && a.kind == AircraftKind::Sandy)
                    .map(|(i, _)| i)
                    .collect();
                if cands.is_empty() {
                    return false;
                }
                let k = self.pick(s, ev, RandomFor::EventPick, cands.len() as u8) as usize;
                let i = cands[k];
                let from = s.aircraft[i].place;
                s.aircraft[i].place = Place::Orbit;
                ev.push(Event::Moved {
                    aircraft: i as u8,
                    from,
                    to: Place::Orbit,
                });
                true
            }
            EventEffect::EnemyGunArrives | EventEffect::RevealHiddenNearSurvivor => {
                let mut zones: Vec<Zone> = Vec::new();
                for (_, v) in s.stranded() {
                    if let Some(z) = v.stranded_in()
                        && !zones.contains(&z)
                        && (e == EventEffect::EnemyGunArrives
                            || (s.zone(z).hidden.is_some() && !s.zone(z).hidden_revealed))
                    {
                        zones.push(z);
                    }
                }
                if zones.is_empty() || (e == EventEffect::EnemyGunArrives && s.gun_cup.is_empty()) {
                    return false;
                }
                zones.stable_sort();
                let k = self.pick(s, ev, RandomFor::EventPick, zones.len() as u8) as usize;
                ev.push(Event::EventEffect { card });
                if e == EventEffect::EnemyGunArrives {
                    self.place_guns(s, ev, zones[k], 1);
                } else {
                    self.reveal(s, ev, zones[k], RevealWhich::Hidden, RevealCause::Event);
                }
                true
            }
            EventEffect::RulesOfEngagement => {
                let k = self.pick(s, ev, RandomFor::EventPick, 5) as usize;
                s.zones[k].roe = true;
                s.flags.event_in_play = Some(card);
                ev.push(Event::EventEffect { card });
                true
            }
        }
    }

    /// 4.2.1: draw until hand and Reserve hold the hand size.
    pub(crate) fn draw_cards(&self, s: &mut State, ev: &mut Vec<Event>) {
        let target = s.limits.hand.saturating_sub(s.flags.draw_fewer) as usize;
        while s.hand.len() + s.reserve.len() < target {
            match self.draw_action(s, ev) {
                Some(c) => s.hand.push(c),
                None => break,
            }
        }
    }

    /// Moves the Search marker, within the track and the scenario's cap.
    pub(crate) fn move_search(&self, s: &mut State, ev: &mut Vec<Event>, delta: i32) {
        let from = s.search;
        let to = (from as i32 + delta).clamp(0, s.limits.search_cap as i32) as u8;
        if to != from {
            s.search = to;
            ev.push(Event::SearchMoved { from, to });
        }
    }

    /// Moves the Abort marker; reaching Auto Abort ends the game at once (2.1.1).
    pub(crate) fn move_abort(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        delta: i32,
        why: crate::event::AbortWhy,
    ) {
        let from = s.abort;
        let to = (from as i32 + delta).clamp(0, s.limits.auto_abort as i32) as u8;
        if to != from {
            s.abort = to;
            ev.push(Event::AbortMoved { from, to, why });
        }
        if s.abort >= s.limits.auto_abort && s.end.is_none() {
            s.tally.reached_auto_abort = true;
            ev.push(Event::AutoAbort);
            s.end = Some(EndReason::AutoAbort);
            ev.push(Event::GameEnds {
                reason: EndReason::AutoAbort,
            });
        }
    }

    /// 5.0 checks that can end the game at any moment.
    pub(crate) fn check_end(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.end.is_some() {
            return;
        }
        // 5.0: all helicopters destroyed, as opposed to shot down: the crew
        // of one shot down is a Survivor, and an Exfil Team may still walk
        // Survivors out; one still to arrive is not destroyed either.
        // Asked after every fire and draw: the helicopters looked at
        // where they stand, not collected.
        let helis = || {
            s.aircraft
                .iter()
                .filter(|a| a.kind == AircraftKind::Helicopter && a.place != Place::Unused)
        };
        let any_heli = helis().next().is_some();
        let all_destroyed = any_heli && helis().all(|a| a.destroyed);
        let air_force_cross =
            self.data.scenarios[s.scenario as usize].victory == crate::data::Victory::AirForceCross;
        // 7.4: both helicopters shot down is a loss at once.
        let helis_down = air_force_cross && any_heli && helis().all(|a| a.place == Place::Removed);
        let on_map = s.survivors.iter().any(|v| match v.at {
            SurvivorAt::Stranded(_) => true,
            SurvivorAt::Aboard(h) => s.aircraft[h as usize].zone().is_some(),
            _ => false,
        });
        // 7.4: a capture is an immediate loss.
        let capture_loses =
            air_force_cross && s.survivors.iter().any(|v| v.at == SurvivorAt::Captured);
        let reason = if all_destroyed {
            Some(EndReason::AllHelicoptersDestroyed)
        } else if !on_map {
            Some(EndReason::NoSurvivorsOnMap)
        } else if capture_loses {
            Some(EndReason::SurvivorCaptured)
        } else if helis_down {
            Some(EndReason::HelicoptersShotDown)
        } else {
            None
        };
        if let Some(r) = reason {
            s.end = Some(r);
            ev.push(Event::GameEnds { reason: r });
        }
    }
}

impl Csar {
    /// The log's words for this section's events (the dispatcher is in
    /// [`crate::describe`]).
    pub(crate) fn describe_sequence(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
            Event::TurnBegins { turn } => t(format!("Turn {turn} begins.")),
            Event::EventDrawn { card } => {
                let k = &self.data.event_kinds[self.data.event_cards[card as usize] as usize];
                t(format!("Event card: {}. {}", k.name, k.text))
            }
            Event::EventIgnored { .. } => {
                t("The Event cannot be carried out and is ignored (2.2.3).".into())
            }
            Event::EventEffect { .. } => t("The Event takes effect.".into()),
            Event::AircraftArrives { aircraft, to } => t(format!(
                "{} arrives in {}.",
                self.aircraft_name(aircraft),
                self.place_name(to)
            )),
            Event::FastMoverToPool { aircraft } => t(format!(
                "{} goes back to the Pool.",
                self.aircraft_name(aircraft)
            )),
            Event::Shaken { aircraft } => t(format!("{} is Shaken.", self.aircraft_name(aircraft))),
            Event::SurvivorInjured { survivor } => {
                t(format!("Survivor {} is Injured.", survivor + 1))
            }
            Event::AbortMoved { from, to, why } => {
                let w = match why {
                    AbortWhy::ShotDown => "aircraft shot down",
                    AbortWhy::Destroyed => "aircraft destroyed",
                    AbortWhy::GunDestroyed => "Enemy Gun destroyed",
                    AbortWhy::TargetDestroyed => "Target of Opportunity destroyed",
                    AbortWhy::Card => "card",
                };
                t(format!("Abort marker {from} to {to} ({w})."))
            }
            Event::SearchMoved { from, to } => t(format!("Search marker {from} to {to}.")),
            Event::SurvivorMoved { survivor, from, to } => t(format!(
                "Survivor {} moves from the {} to the {}.",
                survivor + 1,
                from.name(),
                to.name()
            )),
            Event::AutoAbort => {
                t("The Abort marker reaches Auto Abort: the mission is aborted (2.1.1).".into())
            }
            _ => misrouted(e),
        }
    }
}
