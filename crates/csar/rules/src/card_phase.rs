//! CSAR 4.2 Card Phase: drawing (4.2.1), the Reserve (4.2.2, 2.1.4) and
//! Command cards (4.2.3), with the effects of each Command card.

use crate::Csar;
use crate::command::CommandTarget;
use crate::components::{AircraftKind, Place, SurvivorAt, Zone};
use crate::data::{ActionEffect, CardClass, Icon};
use crate::event::{AbortWhy, Event, Purpose};
use crate::state::State;

impl Csar {
    pub(crate) fn is_command_card(&self, card: u8) -> bool {
        self.card_def(card).class == CardClass::Command
    }

    pub(crate) fn reserve_card(&self, s: &mut State, ev: &mut Vec<Event>, card: u8) {
        if let Some(i) = s.hand.iter().position(|&c| c == card) {
            s.hand.remove(i);
            s.reserve.push(card);
            ev.push(Event::Reserved { card });
        }
    }

    pub(crate) fn discard_reserve(&self, s: &mut State, ev: &mut Vec<Event>, card: u8) {
        if let Some(i) = s.reserve.iter().position(|&c| c == card) {
            s.reserve.remove(i);
            s.action.discard(card);
            ev.push(Event::ReserveDiscarded { card });
        }
    }

    pub(crate) fn discard_command(&self, s: &mut State, ev: &mut Vec<Event>, card: u8) {
        if let Some(i) = s.hand.iter().position(|&c| c == card) {
            s.hand.remove(i);
            self.finish_card(s, ev, card, false);
            ev.push(Event::CommandDiscarded { card });
        }
    }

    /// 4.2.3: plays a Command card from the hand.
    pub(crate) fn play_command(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        card: u8,
        target: CommandTarget,
    ) {
        let Some(i) = s.hand.iter().position(|&c| c == card) else {
            return;
        };
        s.hand.remove(i);
        ev.push(Event::CommandPlayed { card });
        match self.card_def(card).effect {
            ActionEffect::RequestAircraft => {
                // Reconstructed: the request succeeds unless a rifle comes up.
                let failed =
                    self.draw_any(s, ev, Purpose::RequestAircraft, 1, |i| i == Icon::Rifle);
                if failed {
                    ev.push(Event::RequestFailed);
                } else if let Some(a) = s
                    .aircraft
                    .iter()
                    .position(|a| a.kind == AircraftKind::FastMover && a.place == Place::Pool)
                {
                    s.aircraft[a].place = Place::Orbit;
                    s.aircraft[a].exit = false;
                    ev.push(Event::AircraftArrives {
                        aircraft: a as u8,
                        to: Place::Orbit,
                    });
                }
            }
            ActionEffect::BrokenArrow => {
                for a in 0..s.aircraft.len() {
                    if s.aircraft[a].kind == AircraftKind::FastMover
                        && s.aircraft[a].place == Place::Pool
                    {
                        s.aircraft[a].place = Place::Orbit;
                        s.aircraft[a].exit = false;
                        ev.push(Event::AircraftArrives {
                            aircraft: a as u8,
                            to: Place::Orbit,
                        });
                    }
                }
            }
            ActionEffect::SearchBack(n) => self.move_search(s, ev, -(n as i32)),
            ActionEffect::AbortBack(n) => self.move_abort(s, ev, -(n as i32), AbortWhy::Card),
            ActionEffect::MoveSurvivor { .. } => {
                if let CommandTarget::MoveSurvivor { survivor, to } = target
                    && let SurvivorAt::Stranded(from) = s.survivors[survivor as usize].at
                {
                    s.survivors[survivor as usize].at = SurvivorAt::Stranded(to);
                    ev.push(Event::SurvivorMoved { survivor, from, to });
                }
            }
            ActionEffect::ExfilTeam => {
                if let CommandTarget::Exfil { survivor, .. } = target {
                    s.survivors[survivor as usize].at = SurvivorAt::OffMap;
                    ev.push(Event::OffMap { survivor });
                    self.after_pickup(s, ev);
                }
            }
            _ => {}
        }
        self.finish_card(s, ev, card, true);
        self.check_end(s, ev);
    }

    /// Zones a Survivor may be moved to by Move Survivor: up to `zones` steps
    /// (one when Injured), never into, out of or through a blocked zone.
    pub(crate) fn survivor_moves(&self, s: &State, from: Zone, injured: bool, zones: u8) -> u8 {
        if s.zone(from).blocks_survivor_moves() {
            return 0;
        }
        let steps = if injured { 1 } else { zones };
        let mut reach = from.bit();
        let mut frontier = from.bit();
        for _ in 0..steps {
            let mut next = 0u8;
            for a in Zone::ALL {
                if frontier & a.bit() == 0 {
                    continue;
                }
                for b in Zone::ALL {
                    if a.adjacent(b) && !s.zone(b).blocks_survivor_moves() && reach & b.bit() == 0 {
                        next |= b.bit();
                    }
                }
            }
            reach |= next;
            frontier = next;
        }
        reach & !from.bit()
    }

    /// After a pick-up or an exfiltration: with no Survivor left stranded,
    /// the Search marker goes to 0 (4.3.5).
    pub(crate) fn after_pickup(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !s.any_stranded() && s.search != 0 {
            s.search = 0;
            ev.push(Event::SearchReset);
        }
    }
}
