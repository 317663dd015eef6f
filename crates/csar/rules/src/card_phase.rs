//! CSAR 4.2 Card Phase: drawing (4.2.1), the Reserve (4.2.2, 2.1.4) and
//! Command cards (4.2.3), with the effects of each Command card.

use crate::Csar;
use crate::command::Command;
use crate::command::CommandTarget;
use crate::components::{AircraftKind, Place, SurvivorAt, Zone};
use crate::data::{ActionEffect, CardClass, Icon};
use crate::describe::misrouted;
use crate::event::{AbortWhy, Event, Purpose};
use crate::state::State;
use crate::state::Step;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure, refuse};

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

impl Csar {
    pub(crate) fn check_command_card(&self, s: &State, card: u8, target: CommandTarget) -> Checked {
        if !s.hand.contains(&card) || !self.is_command_card(card) {
            return refuse("4.2.3", "that is not a Command card in your hand");
        }
        if self.arclight_now(s) {
            return refuse("7.2", "no Action cards may be played on the ArcLight turn");
        }
        let fm_in_pool = s
            .aircraft
            .iter()
            .any(|a| a.kind == AircraftKind::FastMover && a.place == Place::Pool);
        match (self.card_def(card).effect, target) {
            (ActionEffect::RequestAircraft | ActionEffect::BrokenArrow, CommandTarget::None) => {
                ensure(fm_in_pool, "2.1.3", "no Fast Mover is left in the Pool")
            }
            (ActionEffect::SearchBack(_), CommandTarget::None) => {
                ensure(s.search > 0, "2.2.2", "the Search marker is already at 0")
            }
            (ActionEffect::AbortBack(_), CommandTarget::None) => {
                ensure(s.abort > 0, "2.2.2", "the Abort marker is already at 0")
            }
            (
                ActionEffect::MoveSurvivor { zones },
                CommandTarget::MoveSurvivor { survivor, to },
            ) => {
                let Some(v) = s.survivors.get(survivor as usize) else {
                    return refuse("9.3", "no such Survivor");
                };
                let SurvivorAt::Stranded(from) = v.at else {
                    return refuse("9.3", "that Survivor is not stranded on the map");
                };
                ensure(
                    self.survivor_moves(s, from, v.injured, zones) & to.bit() != 0,
                    "9.3",
                    "out of reach, or into, out of or through an Impassable or Cluster Munitions zone",
                )
            }
            (ActionEffect::ExfilTeam, CommandTarget::Exfil { survivor, via }) => {
                let Some(v) = s.survivors.get(survivor as usize) else {
                    return refuse("9.3", "no such Survivor");
                };
                let SurvivorAt::Stranded(from) = v.at else {
                    return refuse("9.3", "that Survivor is not stranded on the map");
                };
                if v.injured {
                    return refuse("2.2.2", "the Exfil Team walks out Healthy Survivors only");
                }
                if s.zone(from).blocks_survivor_moves() {
                    return refuse("9.3", "not out of an Impassable or Cluster Munitions zone");
                }
                match (from, via) {
                    (Zone::Center, Some(z)) => ensure(
                        z.is_outer() && !s.zone(z).blocks_survivor_moves(),
                        "9.3",
                        "not through an Impassable or Cluster Munitions zone",
                    ),
                    (Zone::Center, None) => refuse(
                        "2.2.2",
                        "from the Center the team leaves through an Outer Zone",
                    ),
                    (_, None) => Ok(()),
                    (_, Some(_)) => refuse("2.2.2", "from an Outer Zone the team leaves directly"),
                }
            }
            _ => refuse("4.2.3", "that card is not played that way"),
        }
    }
}

/// The Card Phase decisions: what each offers and what it refuses.
impl Csar {
    /// 4.2.1: Reserve cards may be discarded before drawing (each as
    /// `check_discard_reserve` accepts it).
    pub(crate) fn discard_before_draw_candidates(&self, s: &State, v: &mut Vec<Command>) {
        for &c in &s.reserve {
            v.push(Command::DiscardReserve(c));
        }
        v.push(Command::Done);
    }

    /// 4.2.2: Aircraft cards go to the Reserve while it has room; Reserve
    /// cards may be discarded. As `check_reserve` and
    /// `check_discard_reserve` accept them.
    pub(crate) fn reserve_candidates(&self, s: &State, v: &mut Vec<Command>) {
        if s.reserve.len() < s.limits.reserve as usize {
            for &c in &s.hand {
                if self.card_def(c).class == CardClass::Aircraft {
                    v.push(Command::Reserve(c));
                }
            }
        }
        for &c in &s.reserve {
            v.push(Command::DiscardReserve(c));
        }
        v.push(Command::Done);
    }

    /// 4.2.3: each Command card is played (with each target it may take)
    /// or discarded.
    pub(crate) fn command_card_candidates(&self, s: &State, v: &mut Vec<Command>) {
        for &c in &s.hand {
            if !self.is_command_card(c) {
                continue;
            }
            v.push(Command::DiscardCommand(c));
            match self.card_def(c).effect {
                ActionEffect::MoveSurvivor { .. } => {
                    for (i, _) in s.stranded() {
                        for z in Zone::ALL {
                            v.push(Command::PlayCommand {
                                card: c,
                                target: CommandTarget::MoveSurvivor {
                                    survivor: i as u8,
                                    to: z,
                                },
                            });
                        }
                    }
                }
                ActionEffect::ExfilTeam => {
                    for (i, sv) in s.stranded() {
                        if sv.stranded_in() == Some(Zone::Center) {
                            for z in Zone::OUTER {
                                v.push(Command::PlayCommand {
                                    card: c,
                                    target: CommandTarget::Exfil {
                                        survivor: i as u8,
                                        via: Some(z),
                                    },
                                });
                            }
                        } else {
                            v.push(Command::PlayCommand {
                                card: c,
                                target: CommandTarget::Exfil {
                                    survivor: i as u8,
                                    via: None,
                                },
                            });
                        }
                    }
                }
                _ => v.push(Command::PlayCommand {
                    card: c,
                    target: CommandTarget::None,
                }),
            }
        }
        v.push(Command::Done);
    }

    /// 4.2.3 as `check_command_card` and `check_discard_command` accept
    /// them, in the order of [`Csar::command_card_candidates`] (the list
    /// the Commands decision offers, with no further check; a test holds
    /// it to `check_command` over every command of the kinds it takes):
    /// each Command card may be discarded; played, not on the ArcLight
    /// turn, only where its effect has something to act on.
    pub(crate) fn command_card_checked(&self, s: &State, v: &mut Vec<Command>) {
        let arclight = self.arclight_now(s);
        for &c in &s.hand {
            if !self.is_command_card(c) {
                continue;
            }
            v.push(Command::DiscardCommand(c));
            if arclight {
                continue;
            }
            let play = |target| Command::PlayCommand { card: c, target };
            match self.card_def(c).effect {
                ActionEffect::RequestAircraft | ActionEffect::BrokenArrow
                    if s.aircraft
                        .iter()
                        .any(|a| a.kind == AircraftKind::FastMover && a.place == Place::Pool) =>
                {
                    v.push(play(CommandTarget::None));
                }
                ActionEffect::SearchBack(_) if s.search > 0 => {
                    v.push(play(CommandTarget::None));
                }
                ActionEffect::AbortBack(_) if s.abort > 0 => {
                    v.push(play(CommandTarget::None));
                }
                ActionEffect::MoveSurvivor { zones } => {
                    for (i, sv) in s.stranded() {
                        let Some(from) = sv.stranded_in() else {
                            continue;
                        };
                        let reach = self.survivor_moves(s, from, sv.injured, zones);
                        for z in Zone::ALL {
                            if reach & z.bit() != 0 {
                                v.push(play(CommandTarget::MoveSurvivor {
                                    survivor: i as u8,
                                    to: z,
                                }));
                            }
                        }
                    }
                }
                ActionEffect::ExfilTeam => {
                    for (i, sv) in s.stranded() {
                        let Some(from) = sv.stranded_in() else {
                            continue;
                        };
                        if sv.injured || s.zone(from).blocks_survivor_moves() {
                            continue;
                        }
                        if from == Zone::Center {
                            for z in Zone::OUTER {
                                if !s.zone(z).blocks_survivor_moves() {
                                    v.push(play(CommandTarget::Exfil {
                                        survivor: i as u8,
                                        via: Some(z),
                                    }));
                                }
                            }
                        } else {
                            v.push(play(CommandTarget::Exfil {
                                survivor: i as u8,
                                via: None,
                            }));
                        }
                    }
                }
                // Every other effect (or one with nothing to act on) is
                // refused as a Command card's play.
                _ => {}
            }
        }
        v.push(Command::Done);
    }

    pub(crate) fn check_discard_reserve(&self, s: &State, card: u8) -> Checked {
        ensure(
            s.reserve.contains(&card),
            "2.1.4",
            "that card is not in the Reserve",
        )
    }

    pub(crate) fn check_reserve(&self, s: &State, card: u8) -> Checked {
        if !s.hand.contains(&card) {
            return refuse("4.2.2", "that card is not in your hand");
        }
        if self.card_def(card).class != CardClass::Aircraft {
            return refuse("4.2.3", "Command cards may not be placed in the Reserve");
        }
        ensure(
            s.reserve.len() < s.limits.reserve as usize,
            "4.2.2",
            "the Reserve is full",
        )
    }

    pub(crate) fn check_discard_command(&self, s: &State, card: u8) -> Checked {
        ensure(
            s.hand.contains(&card) && self.is_command_card(card),
            "4.2.3",
            "that is not a Command card in your hand",
        )
    }

    /// 4.2.3: Command cards left unplayed are discarded; the Move Segment
    /// follows (4.3.1).
    pub(crate) fn end_command_cards(&self, s: &mut State, ev: &mut Vec<Event>) {
        // In hand order, each found afresh (no list of them is made):
        // discarding one takes it out of the hand.
        while let Some(c) = s.hand.iter().copied().find(|&c| self.is_command_card(c)) {
            self.discard_command(s, ev, c);
        }
        s.step = Step::Move;
    }
}

impl Csar {
    /// 4.2.1 Draw Action Cards Segment: none on turn 1 (3.0); with cards
    /// in the Reserve the player may first discard some.
    pub(crate) fn draw_segment(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.turn == 1 {
            s.step = Step::Reserve;
        } else if !s.reserve.is_empty() {
            s.step = Step::DiscardBeforeDraw;
        } else {
            self.draw_cards(s, ev);
            s.step = Step::Reserve;
        }
    }
}

impl Csar {
    /// The log's words for this section's events (the dispatcher is in
    /// [`crate::describe`]).
    pub(crate) fn describe_card_phase(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
            Event::Reserved { card } => t(format!("{} goes to the Reserve.", self.card_name(card))),
            Event::ReserveDiscarded { card } => t(format!(
                "{} is discarded from the Reserve.",
                self.card_name(card)
            )),
            Event::CommandPlayed { card } => {
                t(format!("Command card played: {}.", self.card_name(card)))
            }
            Event::CommandDiscarded { card } => {
                t(format!("{} is discarded.", self.card_name(card)))
            }
            Event::RequestFailed => t("The request for aircraft is turned down.".into()),
            Event::SearchReset => {
                t("No Survivor left stranded: the Search marker goes to 0.".into())
            }
            _ => misrouted(e),
        }
    }
}
