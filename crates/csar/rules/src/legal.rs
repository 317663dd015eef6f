//! Which commands the current decision accepts, and why any other is
//! refused. `legal` lists candidates and keeps those `validate` accepts, so
//! the two can never disagree. Refusals are static (rule, message) pairs:
//! listing the legal commands allocates nothing per refused candidate.

use crate::Csar;
use crate::command::{Command, CommandTarget, Dest, Purchase, Target};
use crate::components::{AircraftKind, Place, SurvivorAt, Zone};
use crate::data::{ActionEffect, CardClass, OrdnanceKind, PilotAbility, Reach, ZoneMarkerKind};
use crate::state::{PilotStatus, State, Step};

pub type Why = (&'static str, &'static str);
pub type V = Result<(), Why>;

fn no(rule: &'static str, msg: &'static str) -> V {
    Err((rule, msg))
}

fn ok_if(cond: bool, rule: &'static str, msg: &'static str) -> V {
    if cond { Ok(()) } else { Err((rule, msg)) }
}

/// Candidate commands a decision usually offers at most.
const CANDIDATES: usize = 64;

/// The six destinations of a move, in the order of [`Csar::move_targets`]'s bits.
const DESTS: [Dest; 6] = [
    Dest::Orbit,
    Dest::Zone(Zone::Center),
    Dest::Zone(Zone::North),
    Dest::Zone(Zone::East),
    Dest::Zone(Zone::South),
    Dest::Zone(Zone::West),
];
const ORBIT: u8 = 1;
/// Zone `z` is bit `z.bit() << 1`.
const ZONES: u8 = 0b11_1110;
const OUTER: u8 = 0b11_1100;

impl Csar {
    pub(crate) fn legal_commands(&self, s: &State) -> Vec<Command> {
        // Room for the longest usual lists (Assign, Play) at once: growing
        // the vector was a quarter of a playout's time.
        let mut v = Vec::with_capacity(CANDIDATES);
        if !self.candidates(s, &mut v) {
            v.retain(|c| self.validate(s, c).is_ok());
        }
        v
    }

    /// True if the decision offers more than "done" (or has no "done").
    pub(crate) fn has_choice(&self, s: &State) -> bool {
        if s.step == Step::Move {
            // The commonest decision by far: answered without listing.
            let ctx = self.move_ctx(s);
            return (0..s.aircraft.len()).any(|i| self.move_targets(s, &ctx, i) != 0);
        }
        // Asked after every command: one list per thread, kept, rather
        // than one allocated each time.
        thread_local! {
            static SCRATCH: std::cell::RefCell<Vec<Command>> =
                std::cell::RefCell::new(Vec::with_capacity(CANDIDATES));
        }
        SCRATCH.with(|v| {
            let Ok(mut v) = v.try_borrow_mut() else {
                let mut own = Vec::with_capacity(CANDIDATES);
                return self.any_choice(s, &mut own);
            };
            v.clear();
            self.any_choice(s, &mut v)
        })
    }

    fn any_choice(&self, s: &State, v: &mut Vec<Command>) -> bool {
        let checked = self.candidates(s, v);
        v.iter()
            .any(|c| *c != Command::Done && (checked || self.validate(s, c).is_ok()))
    }

    /// The scenario's ArcLight turn (7.2): no Action cards, no leaving the Orbit Box.
    pub(crate) fn arclight_now(&self, s: &State) -> bool {
        s.limits.arclight_turn == s.turn
    }

    /// Lists candidate commands; returns true when they are already checked
    /// (the Move step checks each move against one look at the map).
    fn candidates(&self, s: &State, v: &mut Vec<Command>) -> bool {
        match s.step {
            Step::ChoosePilot => {
                for p in self.pilot_choices(s) {
                    v.push(Command::ChoosePilot(Some(p)));
                }
                v.push(Command::ChoosePilot(None));
            }
            Step::PlacePilot { card } => {
                for a in self.pilot_aircraft(s, card) {
                    v.push(Command::PlacePilot { aircraft: a });
                }
            }
            Step::ChooseHand { .. } => {
                // Exactly the kinds `validate` accepts.
                for k in self.hand_choices(s) {
                    v.push(Command::PickCard(k));
                }
                return true;
            }
            Step::RevealChoice { .. } => {
                for z in Zone::OUTER {
                    v.push(Command::RevealZone(z));
                }
            }
            Step::Purchase => {
                for c in self.campaign_cards() {
                    v.push(Command::Buy(Purchase::Card(c)));
                }
                v.push(Command::Buy(Purchase::ExtraTurn));
                for p in 0..self.data.pilots.len() as u8 {
                    v.push(Command::Buy(Purchase::Pilot(p)));
                }
                v.push(Command::Buy(Purchase::FastMover));
                v.push(Command::Done);
            }
            Step::DiscardBeforeDraw => {
                for &c in &s.reserve {
                    v.push(Command::DiscardReserve(c));
                }
                v.push(Command::Done);
            }
            Step::Reserve => {
                for &c in &s.hand {
                    v.push(Command::Reserve(c));
                }
                for &c in &s.reserve {
                    v.push(Command::DiscardReserve(c));
                }
                v.push(Command::Done);
            }
            Step::Commands => {
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
            Step::Move => {
                let ctx = self.move_ctx(s);
                for i in 0..s.aircraft.len() {
                    let m = self.move_targets(s, &ctx, i);
                    for (bit, to) in DESTS.iter().enumerate() {
                        if m & (1 << bit) != 0 {
                            v.push(Command::Move {
                                aircraft: i as u8,
                                to: *to,
                            });
                        }
                    }
                }
                v.push(Command::Done);
                return true;
            }
            Step::Assign => {
                for &c in s.hand.iter().chain(s.reserve.iter()) {
                    if self.card_def(c).class != CardClass::Aircraft {
                        continue;
                    }
                    for (i, a) in s.aircraft.iter().enumerate() {
                        if a.zone().is_some() {
                            v.push(Command::Assign {
                                card: c,
                                aircraft: i as u8,
                            });
                        }
                    }
                }
                self.suppress_candidates(s, v);
                v.push(Command::Done);
            }
            Step::FireWindow => {
                self.suppress_candidates(s, v);
                v.push(Command::Done);
            }
            Step::FireOrder => {
                for z in Zone::ALL {
                    v.push(Command::ResolveZone(z));
                }
                self.suppress_candidates(s, v);
            }
            Step::Burn => {
                for &c in &s.hand {
                    v.push(Command::Burn(c));
                }
                for (i, _) in s.aircraft_in(s.fire.zone) {
                    v.push(Command::UsePilot { aircraft: i as u8 });
                }
                v.push(Command::Done);
            }
            Step::WildHit => {
                for (i, _) in s.aircraft_in(s.fire.zone) {
                    v.push(Command::WildHit { aircraft: i as u8 });
                }
            }
            Step::Play => {
                for x in &s.assigned {
                    v.push(Command::DiscardAssigned(x.card));
                    self.play_candidates(s, x.card, x.zone, v);
                }
                v.push(Command::Done);
            }
            Step::Rescue => {
                for (h, a) in s.aircraft.iter().enumerate() {
                    if a.kind != AircraftKind::Helicopter || a.zone().is_none() {
                        continue;
                    }
                    for (i, sv) in s.stranded() {
                        if sv.stranded_in() == a.zone() {
                            v.push(Command::Rescue {
                                helicopter: h as u8,
                                survivor: i as u8,
                                pilot: false,
                            });
                            v.push(Command::Rescue {
                                helicopter: h as u8,
                                survivor: i as u8,
                                pilot: true,
                            });
                        }
                    }
                }
                self.suppress_candidates(s, v);
                v.push(Command::Done);
            }
            Step::SearchBurn | Step::AbortBurn => {
                for &c in &s.hand {
                    v.push(Command::Burn(c));
                }
                v.push(Command::Done);
            }
            _ => {}
        }
        false
    }

    fn suppress_candidates(&self, s: &State, v: &mut Vec<Command>) {
        for x in &s.assigned {
            if self.card_def(x.card).effect == ActionEffect::Suppress {
                for g in &s.guns {
                    if g.zone == x.zone {
                        v.push(Command::Play {
                            card: x.card,
                            target: Target::Gun(g.counter),
                            pilot: false,
                        });
                    }
                }
            }
        }
    }

    fn play_candidates(&self, s: &State, card: u8, zone: Zone, v: &mut Vec<Command>) {
        let effect = self.card_def(card).effect;
        let mut push = |t: Target| {
            v.push(Command::Play {
                card,
                target: t,
                pilot: false,
            });
            if matches!(
                effect,
                ActionEffect::Attack { .. } | ActionEffect::Napalm { .. }
            ) {
                v.push(Command::Play {
                    card,
                    target: t,
                    pilot: true,
                });
            }
        };
        match effect {
            ActionEffect::TrollForFire | ActionEffect::CsGas | ActionEffect::Smoke => {
                push(Target::None)
            }
            _ => {
                for g in &s.guns {
                    if g.zone == zone {
                        push(Target::Gun(g.counter));
                    }
                }
                push(Target::TargetOfOpportunity);
                push(Target::Barrage);
                push(Target::SearchMarker);
            }
        }
    }

    /// Accepts a command the current decision allows, or names the rule that forbids it.
    pub(crate) fn validate(&self, s: &State, c: &Command) -> V {
        if s.step == Step::Over {
            return no("CSAR 5.0", "the game is over");
        }
        match (s.step, *c) {
            (Step::ChoosePilot, Command::ChoosePilot(p)) => match p {
                None => ok_if(
                    !self.pilot_choices(s).is_empty(),
                    "CSAR 7.0",
                    "no Pilot/PJ card to draw",
                ),
                Some(p) => ok_if(
                    self.pilot_choices(s).contains(&p),
                    "CSAR 7.0",
                    "that Pilot/PJ card is not available for this scenario",
                ),
            },
            (Step::PlacePilot { card }, Command::PlacePilot { aircraft }) => ok_if(
                self.pilot_aircraft(s, card).any(|a| a == aircraft),
                "CSAR 7.0",
                "the counter goes on an aircraft of the card's type",
            ),
            (Step::ChooseHand { .. }, Command::PickCard(k)) => {
                let d = &self.data;
                let ok = d
                    .action_kinds
                    .get(k as usize)
                    .is_some_and(|c| c.class == CardClass::Aircraft)
                    && s.action
                        .draw_pile
                        .iter()
                        .any(|&c| d.action_cards[c as usize] == k)
                    && !s.hand.iter().any(|&c| d.action_cards[c as usize] == k);
                ok_if(
                    ok,
                    "CSAR 7.0",
                    "pick Aircraft cards, no two of the same name, from the deck",
                )
            }
            (Step::RevealChoice { .. }, Command::RevealZone(z)) => {
                let zs = s.zone(z);
                ok_if(
                    z.is_outer() && zs.enemy.is_some() && !zs.enemy_revealed,
                    "CSAR 7.4",
                    "choose an Outer Zone whose Enemy marker is still face down",
                )
            }
            (Step::Purchase, Command::Buy(p)) => self.validate_buy(s, p),
            (Step::Purchase, Command::Done) => Ok(()),
            (Step::DiscardBeforeDraw, Command::DiscardReserve(card))
            | (Step::Reserve, Command::DiscardReserve(card)) => ok_if(
                s.reserve.contains(&card),
                "CSAR 2.1.4",
                "that card is not in the Reserve",
            ),
            (Step::DiscardBeforeDraw | Step::Reserve, Command::Done) => Ok(()),
            (Step::Reserve, Command::Reserve(card)) => {
                if !s.hand.contains(&card) {
                    return no("CSAR 4.2.2", "that card is not in your hand");
                }
                if self.card_def(card).class != CardClass::Aircraft {
                    return no(
                        "CSAR 4.2.3",
                        "Command cards may not be placed in the Reserve",
                    );
                }
                ok_if(
                    s.reserve.len() < s.limits.reserve as usize,
                    "CSAR 4.2.2",
                    "the Reserve is full",
                )
            }
            (Step::Commands, Command::DiscardCommand(card)) => ok_if(
                s.hand.contains(&card) && self.is_command_card(card),
                "CSAR 4.2.3",
                "that is not a Command card in your hand",
            ),
            (Step::Commands, Command::PlayCommand { card, target }) => {
                self.validate_command_card(s, card, target)
            }
            (
                Step::Commands
                | Step::Move
                | Step::Assign
                | Step::FireWindow
                | Step::Play
                | Step::Rescue,
                Command::Done,
            ) => Ok(()),
            (Step::Move, Command::Move { aircraft, to }) => self.validate_move(s, aircraft, to),
            (Step::Assign, Command::Assign { card, aircraft }) => {
                self.validate_assign(s, card, aircraft)
            }
            (
                Step::Assign | Step::FireWindow | Step::FireOrder | Step::Play | Step::Rescue,
                Command::Play {
                    card,
                    target,
                    pilot,
                },
            ) => self.validate_play(s, card, target, pilot),
            (Step::FireOrder, Command::ResolveZone(z)) => ok_if(
                s.fire.pending & z.bit() != 0,
                "CSAR 4.3.3",
                "no guns are firing into that zone",
            ),
            (Step::Burn, Command::Burn(card)) => {
                if !s.hand.contains(&card) {
                    return no(
                        "CSAR 4.3.3",
                        "only cards in your hand may be burned, not the Reserve",
                    );
                }
                if self.card_def(card).class != CardClass::Aircraft {
                    return no("CSAR 4.3.3", "Command cards may not be burned");
                }
                ok_if(
                    s.fire.hits >= 2,
                    "CSAR 4.3.3",
                    "one Hit must be taken whatever is burned",
                )
            }
            (Step::Burn, Command::UsePilot { aircraft }) => {
                let a = aircraft as usize;
                if a >= s.aircraft.len() || s.aircraft[a].zone() != Some(s.fire.zone) {
                    return no("CSAR 4.3.3", "that aircraft is not in the zone under fire");
                }
                ok_if(
                    self.has_ability(s, a, PilotAbility::CancelHit) && s.fire.hits > 0,
                    "CSAR 2.4",
                    "no Pilot card that cancels a Hit rides on that aircraft",
                )
            }
            (Step::Burn, Command::Done) => Ok(()),
            (Step::WildHit, Command::WildHit { aircraft }) => {
                let a = aircraft as usize;
                ok_if(
                    a < s.aircraft.len()
                        && s.aircraft[a].zone() == Some(s.fire.zone)
                        && s.aircraft[a].kind != AircraftKind::FastMover,
                    "CSAR 2.2.1",
                    "the Wild card's Hit goes on an aircraft in the zone under fire",
                )
            }
            (Step::Play, Command::DiscardAssigned(card)) => ok_if(
                s.assigned.iter().any(|x| x.card == card),
                "CSAR 4.3.4",
                "that card is not assigned",
            ),
            (
                Step::Rescue,
                Command::Rescue {
                    helicopter,
                    survivor,
                    pilot,
                },
            ) => self.validate_rescue(s, helicopter, survivor, pilot),
            (Step::SearchBurn | Step::AbortBurn, Command::Burn(card)) => {
                if !s.hand.contains(&card) {
                    return no("CSAR 4.4.2", "only cards in your hand may be burned");
                }
                let track = if s.step == Step::SearchBurn {
                    s.search
                } else {
                    s.abort
                };
                ok_if(
                    track.saturating_sub(s.burned) > 1,
                    "CSAR 4.4.2",
                    "the number of draws may not go below one",
                )
            }
            (Step::SearchBurn | Step::AbortBurn, Command::Done) => Ok(()),
            _ => no(
                self.step_rule(s.step),
                "that is not an answer to the current decision",
            ),
        }
    }

    fn validate_buy(&self, s: &State, p: Purchase) -> V {
        let Some(c) = s.campaign.as_ref() else {
            return no("CSAR 8.0", "not a campaign");
        };
        if self.price(p) > c.morale {
            return no("CSAR 8.0", "not enough Morale Points");
        }
        match p {
            Purchase::Card(card) => ok_if(
                self.campaign_cards().contains(&card) && !c.bought_cards.contains(&card),
                "CSAR 8.0",
                "only the Action cards the campaign removed may be bought, each once",
            ),
            Purchase::ExtraTurn => ok_if(
                !c.extra_turn,
                "CSAR 8.0",
                "a mission may be extended by one turn only",
            ),
            Purchase::Pilot(i) => ok_if(
                c.pilots.get(i as usize) == Some(&PilotStatus::Available),
                "CSAR 8.0",
                "that Pilot/PJ is already yours or lost",
            ),
            Purchase::FastMover => ok_if(
                c.fast_movers < self.data.campaign.max_fast_movers.value,
                "CSAR 8.0",
                "no more Fast Movers to place in the Pool",
            ),
        }
    }

    fn validate_command_card(&self, s: &State, card: u8, target: CommandTarget) -> V {
        if !s.hand.contains(&card) || !self.is_command_card(card) {
            return no("CSAR 4.2.3", "that is not a Command card in your hand");
        }
        if self.arclight_now(s) {
            return no(
                "CSAR 7.2",
                "no Action cards may be played on the ArcLight turn",
            );
        }
        let fm_in_pool = s
            .aircraft
            .iter()
            .any(|a| a.kind == AircraftKind::FastMover && a.place == Place::Pool);
        match (self.card_def(card).effect, target) {
            (ActionEffect::RequestAircraft | ActionEffect::BrokenArrow, CommandTarget::None) => {
                ok_if(
                    fm_in_pool,
                    "CSAR 2.1.3",
                    "no Fast Mover is left in the Pool",
                )
            }
            (ActionEffect::SearchBack(_), CommandTarget::None) => ok_if(
                s.search > 0,
                "CSAR 2.2.2",
                "the Search marker is already at 0",
            ),
            (ActionEffect::AbortBack(_), CommandTarget::None) => ok_if(
                s.abort > 0,
                "CSAR 2.2.2",
                "the Abort marker is already at 0",
            ),
            (
                ActionEffect::MoveSurvivor { zones },
                CommandTarget::MoveSurvivor { survivor, to },
            ) => {
                let Some(v) = s.survivors.get(survivor as usize) else {
                    return no("CSAR 9.3", "no such Survivor");
                };
                let SurvivorAt::Stranded(from) = v.at else {
                    return no("CSAR 9.3", "that Survivor is not stranded on the map");
                };
                ok_if(
                    self.survivor_moves(s, from, v.injured, zones) & to.bit() != 0,
                    "CSAR 9.3",
                    "out of reach, or into, out of or through an Impassable or Cluster Munitions zone",
                )
            }
            (ActionEffect::ExfilTeam, CommandTarget::Exfil { survivor, via }) => {
                let Some(v) = s.survivors.get(survivor as usize) else {
                    return no("CSAR 9.3", "no such Survivor");
                };
                let SurvivorAt::Stranded(from) = v.at else {
                    return no("CSAR 9.3", "that Survivor is not stranded on the map");
                };
                if v.injured {
                    return no(
                        "CSAR 2.2.2",
                        "the Exfil Team walks out Healthy Survivors only",
                    );
                }
                if s.zone(from).blocks_survivor_moves() {
                    return no(
                        "CSAR 9.3",
                        "not out of an Impassable or Cluster Munitions zone",
                    );
                }
                match (from, via) {
                    (Zone::Center, Some(z)) => ok_if(
                        z.is_outer() && !s.zone(z).blocks_survivor_moves(),
                        "CSAR 9.3",
                        "not through an Impassable or Cluster Munitions zone",
                    ),
                    (Zone::Center, None) => no(
                        "CSAR 2.2.2",
                        "from the Center the team leaves through an Outer Zone",
                    ),
                    (_, None) => Ok(()),
                    (_, Some(_)) => no("CSAR 2.2.2", "from an Outer Zone the team leaves directly"),
                }
            }
            _ => no("CSAR 4.2.3", "that card is not played that way"),
        }
    }

    fn validate_move(&self, s: &State, aircraft: u8, to: Dest) -> V {
        self.move_check(s, &self.move_ctx(s), aircraft, to)
    }

    /// One look at the map for checking moves.
    fn move_ctx(&self, s: &State) -> MoveCtx {
        let mut ctx = MoveCtx {
            counts: [0; 5],
            heli: 0,
            fast: 0,
            pinpointed: !s.options.pinpointing || s.stranded().any(|(_, v)| v.pinpointed),
            arclight: self.arclight_now(s),
        };
        for a in &s.aircraft {
            if let Place::Zone(z) = a.place {
                ctx.counts[z.index()] += 1;
                match a.kind {
                    AircraftKind::Helicopter => ctx.heli |= z.bit(),
                    AircraftKind::FastMover => ctx.fast |= z.bit(),
                    _ => {}
                }
            }
        }
        ctx
    }

    /// The destinations aircraft `i` may move to, as bits of [`DESTS`]:
    /// the rules of [`Csar::move_check`] (which says why not) at once for
    /// all six, for listing the Move decision's commands.
    fn move_targets(&self, s: &State, ctx: &MoveCtx, i: usize) -> u8 {
        let a = &s.aircraft[i];
        let here = match a.place {
            Place::Orbit => ORBIT,
            Place::Zone(z) => z.bit() << 1,
            _ => return 0,
        };
        if a.moved
            || ctx.arclight
            || (a.kind == AircraftKind::FastMover
                && s.flags.fast_movers_grounded
                && a.place == Place::Orbit)
        {
            return 0;
        }
        let mut m = (ORBIT | ZONES) & !here;
        if self.data.reach(a.kind) == Reach::OneStep {
            m &= match a.place {
                Place::Zone(Zone::Center) => OUTER,
                Place::Zone(z) => {
                    ORBIT
                        | ((Zone::ALL
                            .iter()
                            .filter(|y| z.adjacent(**y))
                            .fold(0, |b, y| b | y.bit()))
                            << 1)
                }
                _ => OUTER,
            };
        }
        for z in Zone::ALL {
            if ctx.counts[z.index()] >= self.data.rules.aircraft_per_zone.value {
                m &= !(z.bit() << 1);
            }
        }
        match a.kind {
            AircraftKind::FastMover => m &= !(ctx.heli << 1),
            AircraftKind::Helicopter => {
                m &= !(ctx.fast << 1);
                if a.place == Place::Orbit && !ctx.pinpointed {
                    m &= !ZONES;
                }
            }
            _ => {}
        }
        m
    }

    fn move_check(&self, s: &State, ctx: &MoveCtx, aircraft: u8, to: Dest) -> V {
        let Some(a) = s.aircraft.get(aircraft as usize) else {
            return no("CSAR 4.3.1", "no such aircraft");
        };
        if a.moved {
            return no("CSAR 4.3.1", "that aircraft has already moved this turn");
        }
        if !matches!(a.place, Place::Orbit | Place::Zone(_)) {
            return no(
                "CSAR 2.1.3",
                "only aircraft in the Orbit Box or on the map move",
            );
        }
        let dest = match to {
            Dest::Orbit => Place::Orbit,
            Dest::Zone(z) => Place::Zone(z),
        };
        if dest == a.place {
            return no("CSAR 4.3.1", "the aircraft is already there");
        }
        if ctx.arclight {
            return no(
                "CSAR 7.2",
                "all aircraft stay in the Orbit Box on the ArcLight turn",
            );
        }
        if a.kind == AircraftKind::FastMover
            && s.flags.fast_movers_grounded
            && a.place == Place::Orbit
        {
            return no(
                "CSAR 2.2.3",
                "Low Clouds: Fast Movers stay in the Orbit Box this turn",
            );
        }
        if self.data.reach(a.kind) == Reach::OneStep {
            let ok = match (a.place, dest) {
                (Place::Orbit, Place::Zone(z)) => z.is_outer(),
                (Place::Zone(z), Place::Orbit) => z.is_outer(),
                (Place::Zone(x), Place::Zone(y)) => x.adjacent(y),
                _ => false,
            };
            if !ok {
                return no(
                    "CSAR 4.3.1",
                    "helicopters move one step: Orbit Box and Outer Zones, or to an adjacent zone",
                );
            }
        }
        if let Place::Zone(z) = dest {
            if ctx.counts[z.index()] >= self.data.rules.aircraft_per_zone.value {
                return no("CSAR 4.3.1", "a zone holds four aircraft at most");
            }
            let blocked = match a.kind {
                AircraftKind::FastMover => ctx.heli & z.bit() != 0,
                AircraftKind::Helicopter => ctx.fast & z.bit() != 0,
                _ => false,
            };
            if blocked {
                return no(
                    "CSAR 4.3.1",
                    "Fast Movers may not share a zone with a helicopter",
                );
            }
            if a.kind == AircraftKind::Helicopter && a.place == Place::Orbit && !ctx.pinpointed {
                return no(
                    "CSAR 6.2",
                    "helicopters wait until a Survivor is pinpointed",
                );
            }
        }
        Ok(())
    }

    fn validate_assign(&self, s: &State, card: u8, aircraft: u8) -> V {
        if !s.hand.contains(&card) && !s.reserve.contains(&card) {
            return no("CSAR 4.3.2", "that card is not in your hand or Reserve");
        }
        let def = self.card_def(card);
        if def.class != CardClass::Aircraft {
            return no("CSAR 4.3.2", "only Aircraft cards are assigned");
        }
        if self.arclight_now(s) {
            return no(
                "CSAR 7.2",
                "no Action cards may be played on the ArcLight turn",
            );
        }
        let Some(a) = s.aircraft.get(aircraft as usize) else {
            return no("CSAR 4.3.2", "no such aircraft");
        };
        let Some(zone) = a.zone() else {
            return no(
                "CSAR 2.1.2",
                "aircraft in the Orbit Box may not use Action cards",
            );
        };
        if !def.aircraft.contains(&a.kind) {
            return no(
                "CSAR 2.2.2",
                "the card's silhouette does not match that aircraft",
            );
        }
        let r = &self.data.rules;
        let limit = match a.kind {
            AircraftKind::Sandy | AircraftKind::Fac => r.cards_per_sandy_or_fac.value,
            AircraftKind::FastMover => r.cards_per_fast_mover.value,
            AircraftKind::Helicopter => 0,
        };
        if a.cards >= limit {
            return no(
                "CSAR 4.3.2",
                "Sandys and FACs take one card a turn, Fast Movers two",
            );
        }
        ok_if(
            s.zone(zone).cards_assigned < r.cards_per_zone.value,
            "CSAR 4.3.2",
            "two Aircraft cards per zone per turn at most",
        )
    }

    fn validate_play(&self, s: &State, card: u8, target: Target, pilot: bool) -> V {
        let Some(x) = s.assigned.iter().find(|x| x.card == card) else {
            return no("CSAR 4.3.4", "that card is not assigned to an aircraft");
        };
        let zone = x.zone;
        let zs = s.zone(zone);
        let effect = self.card_def(card).effect;
        if effect != ActionEffect::Suppress && s.step != Step::Play {
            return no(
                "CSAR 4.3.4",
                "only Suppress may be played before the Play Aircraft Action Cards Segment",
            );
        }
        if pilot
            && !(matches!(
                effect,
                ActionEffect::Attack { .. } | ActionEffect::Napalm { .. }
            ) && self.has_ability(s, x.aircraft as usize, PilotAbility::ExtraHit))
        {
            return no(
                "CSAR 2.4",
                "no Pilot card on that aircraft adds to this card",
            );
        }
        let gun_here = |g: u8| s.guns.iter().find(|x| x.counter == g && x.zone == zone);
        let enemy_target = |t: Target| -> V {
            match t {
                Target::Gun(g) => ok_if(
                    gun_here(g).is_some(),
                    "CSAR 4.3.4",
                    "no such gun in the card's zone",
                ),
                Target::TargetOfOpportunity => ok_if(
                    zs.has_too(),
                    "CSAR 9.3",
                    "no Target of Opportunity in the zone",
                ),
                _ => no(
                    "CSAR 4.3.4",
                    "that card needs a gun or Target of Opportunity",
                ),
            }
        };
        let roe = |t: Target| -> V {
            ok_if(
                !(zs.roe
                    && matches!(
                        t,
                        Target::Gun(_) | Target::TargetOfOpportunity | Target::Barrage
                    )),
                "CSAR 9.3",
                "Rules of Engagement: enemy units in this zone may not be attacked",
            )
        };
        match effect {
            ActionEffect::Suppress => match target {
                Target::Gun(g) => ok_if(
                    gun_here(g).is_some_and(|g| !g.suppressed),
                    "CSAR 4.3.4",
                    "Suppress needs an active gun in the card's zone",
                ),
                _ => no("CSAR 4.3.4", "Suppress needs a gun"),
            },
            ActionEffect::TrollForFire => {
                if target != Target::None {
                    return no("CSAR 4.3.4", "Troll for Fire takes no target");
                }
                if zs.has(ZoneMarkerKind::HeavyJungle) {
                    return no(
                        "CSAR 9.3",
                        "Troll for Fire may not be played in Heavy Jungle",
                    );
                }
                ok_if(
                    zs.face_down(),
                    "CSAR 2.2.3",
                    "no face-down marker left in the zone",
                )
            }
            ActionEffect::MarkTarget => {
                if self.marks_in_play(s) >= self.data.ordnance_limit(OrdnanceKind::Mark) {
                    return no("CSAR 9.2", "no Mark marker left (piece limit)");
                }
                match target {
                    Target::Gun(g) => ok_if(
                        gun_here(g).is_some_and(|g| g.mark == 0),
                        "CSAR 9.2",
                        "mark an unmarked gun in the card's zone",
                    ),
                    Target::TargetOfOpportunity => ok_if(
                        zs.has_too() && zs.too_mark == 0,
                        "CSAR 9.2",
                        "no unmarked Target of Opportunity in the zone",
                    ),
                    _ => no(
                        "CSAR 9.2",
                        "Mark Target needs a gun or Target of Opportunity",
                    ),
                }
            }
            ActionEffect::Attack { .. } => {
                roe(target)?;
                match target {
                    Target::Barrage => {
                        ok_if(zs.barrages > 0, "CSAR 4.3.4", "no Barrage in the zone")
                    }
                    t => enemy_target(t),
                }
            }
            ActionEffect::Napalm { .. } => {
                if zs.has(ZoneMarkerKind::Village) {
                    return no("CSAR 9.3", "no Napalm in a Village zone");
                }
                roe(target)?;
                enemy_target(target)
            }
            ActionEffect::Cbu { .. } => {
                if zs.has(ZoneMarkerKind::Village) {
                    return no("CSAR 9.3", "no CBUs in a Village zone");
                }
                if self.cluster_in_play(s)
                    >= self.data.ordnance_limit(OrdnanceKind::ClusterMunitions)
                {
                    return no("CSAR 9.2", "no Cluster Munitions marker left (piece limit)");
                }
                match target {
                    Target::SearchMarker => ok_if(
                        s.search > 0,
                        "CSAR 9.2",
                        "the Search marker is already at 0",
                    ),
                    t => {
                        roe(t)?;
                        enemy_target(t)
                    }
                }
            }
            ActionEffect::CsGas => {
                if target != Target::None {
                    return no("CSAR 9.2", "CS Gas takes no target");
                }
                if zs.has(ZoneMarkerKind::Village) {
                    return no("CSAR 9.3", "no CS Gas in a Village zone");
                }
                ok_if(
                    self.cs_in_play(s) < self.data.ordnance_limit(OrdnanceKind::CsGas),
                    "CSAR 9.2",
                    "no CS Gas marker left (piece limit)",
                )
            }
            ActionEffect::Smoke => {
                if target != Target::None {
                    return no("CSAR 9.2", "Smoke takes no target");
                }
                ok_if(
                    self.smoke_in_play(s) < self.data.ordnance_limit(OrdnanceKind::Smoke),
                    "CSAR 9.2",
                    "no Smoke marker left (piece limit)",
                )
            }
            _ => no("CSAR 4.3.4", "that card is not played that way"),
        }
    }

    fn validate_rescue(&self, s: &State, helicopter: u8, survivor: u8, pilot: bool) -> V {
        let Some(h) = s.aircraft.get(helicopter as usize) else {
            return no("CSAR 4.3.5", "no such aircraft");
        };
        if h.kind != AircraftKind::Helicopter {
            return no("CSAR 4.3.5", "only a helicopter picks up a Survivor");
        }
        let Some(z) = h.zone() else {
            return no(
                "CSAR 4.3.5",
                "the helicopter must be in the Survivor's zone",
            );
        };
        if h.moved {
            return no("CSAR 4.3.5", "the helicopter moved this turn");
        }
        if h.rescued_this_turn {
            return no(
                "CSAR 4.3.5",
                "one rescue attempt per helicopter per segment",
            );
        }
        let Some(v) = s.survivors.get(survivor as usize) else {
            return no("CSAR 4.3.5", "no such Survivor");
        };
        if v.at != SurvivorAt::Stranded(z) {
            return no(
                "CSAR 4.3.5",
                "the helicopter must be in the Survivor's zone",
            );
        }
        if s.flags.rescue_tried & (1 << (survivor & 15)) != 0 {
            return no(
                "CSAR 4.3.5",
                "only one helicopter may try for the same Survivor in a segment",
            );
        }
        if s.options.pinpointing && !v.pinpointed {
            return no("CSAR 6.2", "the Survivor has not been pinpointed");
        }
        if pilot
            && !(self.has_ability(s, helicopter as usize, PilotAbility::ExtraRescueDraw)
                || self.has_ability(s, helicopter as usize, PilotAbility::IgnoreInjured))
        {
            return no("CSAR 2.4", "no PJ card on that helicopter helps a rescue");
        }
        Ok(())
    }
}

/// What checking a move needs to know about the map.
struct MoveCtx {
    counts: [u8; 5],
    /// Zones (bits) holding a helicopter, a Fast Mover.
    heli: u8,
    fast: u8,
    pinpointed: bool,
    arclight: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use vt_core::playout::game_seeds;
    use vt_core::{GameRng, Ruleset, Setup};

    // 4.3.1: the Move decision lists exactly the moves `move_check`
    // accepts, in every position random play reaches, every scenario.
    #[test]
    fn listed_moves_are_the_checked_moves() {
        let rules = Csar::embedded();
        for sc in rules.info().scenarios {
            for i in 0..30 {
                let (gs, ps) = game_seeds(9, i);
                let mut s = rules.new_game(&Setup::new(&sc.id, gs)).unwrap();
                let mut rng = GameRng::seeded(ps);
                let mut ev = Vec::new();
                while s.result.is_none() {
                    if s.step == Step::Move {
                        let ctx = rules.move_ctx(&s);
                        for i in 0..s.aircraft.len() {
                            let m = rules.move_targets(&s, &ctx, i);
                            for (bit, to) in DESTS.iter().enumerate() {
                                assert_eq!(
                                    m & (1 << bit) != 0,
                                    rules.move_check(&s, &ctx, i as u8, *to).is_ok(),
                                    "{}: aircraft {i} to {to:?} in {:?}",
                                    sc.id,
                                    s.aircraft[i]
                                );
                            }
                        }
                    }
                    let legal = rules.legal(&s);
                    let k = rng.index(legal.len());
                    ev.clear();
                    rules.execute(&mut s, &legal[k], &mut ev);
                }
            }
        }
    }
}
