//! Events in words, with an adjudication for every draw and every count of
//! draws (what made it up, with the rule sections).

use crate::Csar;
use crate::command::{Purchase, Target};
use crate::components::Place;
use crate::data::{Icon, MarkerValue};
use crate::event::{AbortWhy, Adjust, Event, GunGone, Purpose, RandomFor, RevealCause};
use crate::state::{EndReason, GameResult, State};
use vt_core::{Adjudication, LogEntry, Modifier, Outcome};

/// A draw's purpose in words: (what it is for, the rule, what the icons
/// mean for it).
pub fn purpose_words(p: Purpose) -> (&'static str, &'static str, &'static str) {
    match p {
        Purpose::ZoneFire => (
            "Enemy fire",
            "CSAR 4.3.3 C",
            "crosshairs: a Hit; roundel: Hits so far discarded",
        ),
        Purpose::HitAllocation => (
            "Which aircraft is hit",
            "CSAR 4.3.3 E",
            "the aircraft ID must match one in the zone",
        ),
        Purpose::ShootDown => (
            "Aircraft down",
            "CSAR 4.3.3 E",
            "blast: destroyed; else even Healthy, odd Injured",
        ),
        Purpose::CrashInjury => (
            "Survivor in the crash",
            "CSAR 4.3.3 E",
            "odd: Injured (random determination: a Reshuffle card counts)",
        ),
        Purpose::Rescue => ("Rescue", "CSAR 4.3.5", "any roundel"),
        Purpose::BombDamage => ("Bomb Damage Assessment", "CSAR 4.4.1", "any blast"),
        Purpose::Search => ("Enemy Search", "CSAR 4.4.2", "no rifle"),
        Purpose::AbortCheck => ("Abort Check", "CSAR 4.4.3", "no rifle"),
        Purpose::RequestAircraft => ("Request Aircraft", "CSAR 2.1.3", "no rifle"),
        Purpose::Pinpoint => ("Pinpointing", "CSAR 6.2", "any roundel"),
        Purpose::DangerClose => ("Danger Close", "CSAR 6.3", "no rifle"),
        Purpose::Recovery => ("Recovering pilot", "CSAR 6.4", "a roundel"),
        Purpose::EndDraw => ("Does the scenario end?", "CSAR 7.2", "crosshairs ends it"),
        Purpose::Random => (
            "Random determination",
            "CSAR 2.2.1",
            "ones digit of the card number",
        ),
    }
}

/// What one drawn card decides for its purpose: a few words for the log
/// line and the longer reading for its adjudication (the Wild card read as
/// the rules code reads it: the player's best reading).
fn verdict(p: Purpose, icon: Icon, number: u8, aircraft: Option<u8>) -> (String, String) {
    let odd = number % 2 == 1;
    let w = |short: &str, long: &str| (short.to_string(), long.to_string());
    if icon == Icon::Reshuffle && p != Purpose::Random {
        return w(
            "reshuffle, not counted",
            "the Reshuffle card: the deck is reshuffled and the card does not count",
        );
    }
    match p {
        Purpose::ZoneFire => match icon {
            Icon::Crosshairs => w("a Hit", "crosshairs: a Hit"),
            Icon::Roundel => w(
                "Hits thrown out",
                "a roundel: the Hits drawn so far are thrown out",
            ),
            Icon::Wild => w(
                "Hits thrown out",
                "Wild, read as a roundel: the Hits drawn so far are thrown out",
            ),
            _ => w("no Hit", "no crosshairs, no roundel: nothing"),
        },
        Purpose::HitAllocation => match (icon, aircraft) {
            (Icon::Wild, _) => w("you choose", "Wild: you choose the aircraft hit"),
            (_, Some(a)) => (
                format!("aircraft {a}"),
                format!("aircraft ID {a}: hit if it is in the zone, else draw again"),
            ),
            (_, None) => w("no aircraft", "no aircraft ID: draw again"),
        },
        Purpose::ShootDown => match (icon, odd) {
            (Icon::Blast, _) => w("destroyed", "a blast: destroyed, all aboard killed"),
            (_, false) => w(
                "down, Healthy",
                "no blast, even: shot down, the crew is down Healthy",
            ),
            (_, true) => w(
                "down, Injured",
                "no blast, odd: shot down, the crew is down Injured",
            ),
        },
        Purpose::CrashInjury => {
            if odd {
                w("Injured", "odd: the Survivor is Injured")
            } else {
                w("Healthy", "even: the Survivor stays Healthy")
            }
        }
        Purpose::Rescue | Purpose::Pinpoint => match icon {
            Icon::Roundel => w("success", "a roundel: success"),
            Icon::Wild => w("success", "Wild, read as a roundel: success"),
            _ => w("no roundel", "no roundel"),
        },
        Purpose::Recovery => match icon {
            Icon::Roundel => w("Cool again", "a roundel: back to Cool"),
            _ => w("no roundel", "no roundel: stays Shaken"),
        },
        Purpose::BombDamage => match icon {
            Icon::Blast => w("destroyed", "a blast: destroyed"),
            Icon::Wild => w("destroyed", "Wild, read as a blast: destroyed"),
            _ => w("no blast", "no blast"),
        },
        Purpose::Search => match icon {
            Icon::Rifle => w("a rifle!", "a rifle: a Survivor is found"),
            Icon::Wild => w("no rifle", "Wild, read as no rifle"),
            _ => w("no rifle", "no rifle"),
        },
        Purpose::AbortCheck => match icon {
            Icon::Rifle => w("a rifle: abort!", "a rifle: the mission is aborted"),
            Icon::Wild => w("no rifle", "Wild, read as no rifle"),
            _ => w("no rifle", "no rifle"),
        },
        Purpose::RequestAircraft => match icon {
            Icon::Rifle => w("turned down", "a rifle: the request is turned down"),
            _ => w("granted", "no rifle: granted"),
        },
        Purpose::DangerClose => match icon {
            Icon::Rifle => w("hurt", "a rifle: the Survivor is hurt"),
            _ => w("unhurt", "no rifle: unhurt"),
        },
        Purpose::EndDraw => match icon {
            Icon::Crosshairs => w("the end", "crosshairs: the scenario ends"),
            _ => w("goes on", "no crosshairs: the scenario goes on"),
        },
        Purpose::Random => (
            format!("ones digit {}", number % 10),
            format!("read by its ones digit, {}", number % 10),
        ),
    }
}

fn random_words(w: RandomFor) -> &'static str {
    match w {
        RandomFor::GunTarget => "target zone among equals (4.3.3 A)",
        RandomFor::Capture => "which Survivor is captured (4.4.2)",
        RandomFor::BombingGun => "which hit gun is removed (6.1)",
        RandomFor::EventPick => "the Event card's pick (2.2.3)",
        RandomFor::PilotCard => "the Pilot/PJ card (7.0)",
    }
}

fn marker(v: MarkerValue) -> String {
    v.label()
}

impl Csar {
    pub fn aircraft_name(&self, i: u8) -> String {
        self.data
            .aircraft
            .get(i as usize)
            .map(|a| a.name.clone())
            .unwrap_or_else(|| format!("aircraft {i}"))
    }

    pub fn card_name(&self, card: u8) -> String {
        self.data
            .action_cards
            .get(card as usize)
            .map(|&k| self.data.action_kinds[k as usize].name.clone())
            .unwrap_or_else(|| format!("card {card}"))
    }

    pub fn gun_name(&self, counter: u8) -> String {
        self.data
            .gun_counters
            .get(counter as usize)
            .map(|&k| {
                let g = &self.data.guns[k as usize];
                match g.far {
                    Some(f) => format!(
                        "{} ({}/{}{})",
                        g.name,
                        g.near,
                        f,
                        if g.any_range { "*" } else { "" }
                    ),
                    None => format!("{} ({})", g.name, g.near),
                }
            })
            .unwrap_or_else(|| format!("gun {counter}"))
    }

    fn res_label(&self, card: u8) -> String {
        let c = &self.data.resolution[card as usize];
        match c.aircraft {
            Some(a) => format!("card {} ({}, aircraft {})", c.number, c.icon.name(), a),
            None => format!("card {} ({})", c.number, c.icon.name()),
        }
    }

    fn place_name(&self, p: Place) -> String {
        match p {
            Place::Orbit => "the Orbit Box".into(),
            Place::Zone(z) => format!("the {}", z.name()),
            Place::Pool => "the Fast Mover Pool".into(),
            Place::Arriving(t) => format!("arriving on turn {t}"),
            Place::Removed => "out of play".into(),
            Place::Unused => "not in the scenario".into(),
        }
    }

    pub(crate) fn describe_event(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
            Event::ScenarioBegins { scenario } => {
                let sc = &self.data.scenarios[scenario as usize];
                t(format!("{} ({}) is set up.", sc.name, sc.section))
            }
            Event::MissionBegins { mission, turns } => t(format!(
                "Campaign mission {mission} begins: {turns} turns (8.0)."
            )),
            Event::PilotChosen { card, random } => t(format!(
                "Pilot/PJ card {} {}.",
                self.data.pilots[card as usize].name,
                if random { "drawn at random" } else { "chosen" }
            )),
            Event::PilotPlaced { card, aircraft } => t(format!(
                "{}'s counter rides on {}.",
                self.data.pilots[card as usize].name,
                self.aircraft_name(aircraft)
            )),
            Event::CardPicked { card } => t(format!(
                "{} goes into the starting hand.",
                self.card_name(card)
            )),
            Event::ZoneMarkerPlaced { zone, kind } => {
                t(format!("{} marker in the {}.", kind.name(), zone.name()))
            }
            Event::TurnBegins { turn } => t(format!("Turn {turn} begins.")),
            Event::Drawn { purpose, card } => {
                let (what, rule, needed) = purpose_words(purpose);
                let mut a = Adjudication::new(what, rule);
                a.rolled = vec![self.number(card) as i32];
                a.total = self.number(card) as i32;
                a.needed = Some(needed.into());
                let d = &self.data.resolution[card as usize];
                let (short, long) = verdict(purpose, d.icon, d.number, d.aircraft);
                a.result = format!("{}: {long}", self.res_label(card));
                // Short: the log shows it as a one-line header.
                let id = match (purpose, d.aircraft) {
                    (Purpose::HitAllocation, Some(x)) => format!(" id {x}"),
                    _ => String::new(),
                };
                LogEntry::with_rolls(
                    format!("{what}: card {} {}{id}: {short}.", d.number, d.icon.name()),
                    vec![a],
                )
            }
            Event::Reshuffled => t("The Resolution deck is reshuffled (2.2.1).".into()),
            Event::RandomPick {
                why,
                card,
                options,
                picked,
            } => {
                let mut a = Adjudication::new(
                    format!("Random determination: {}", random_words(why)),
                    "CSAR 2.2.1",
                );
                a.rolled = vec![self.number(card) as i32];
                a.total = self.number(card) as i32;
                a.needed = Some(format!("{options} outcomes spread over the ones digit"));
                a.result = format!("outcome {} of {options}", picked + 1);
                LogEntry::with_rolls(
                    format!(
                        "Random determination ({}): outcome {} of {options}.",
                        random_words(why),
                        picked + 1
                    ),
                    vec![a],
                )
            }
            Event::WildRemoved { rule } => t(format!("The Wild card leaves the game (6.{rule}).")),
            Event::EventDrawn { card } => {
                let k = &self.data.event_kinds[self.data.event_cards[card as usize] as usize];
                t(format!("Event card: {}. {}", k.name, k.text))
            }
            Event::EventIgnored { .. } => {
                t("The Event cannot be carried out and is ignored (2.2.3).".into())
            }
            Event::EventEffect { .. } => t("The Event takes effect.".into()),
            Event::ActionDrawn { card } => t(format!("Drew {}.", self.card_name(card))),
            Event::ActionDeckReshuffled => {
                t("The Action discards are reshuffled into a new deck (2.2.2).".into())
            }
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
            Event::CardRemovedFromGame { card } => t(format!(
                "{} is removed from the game (2.2.2).",
                self.card_name(card)
            )),
            Event::AircraftArrives { aircraft, to } => t(format!(
                "{} arrives in {}.",
                self.aircraft_name(aircraft),
                self.place_name(to)
            )),
            Event::FastMoverToPool { aircraft } => t(format!(
                "{} goes back to the Pool.",
                self.aircraft_name(aircraft)
            )),
            Event::Moved { aircraft, from, to } => t(format!(
                "{} moves from {} to {}.",
                self.aircraft_name(aircraft),
                self.place_name(from),
                self.place_name(to)
            )),
            Event::MarkerRevealed {
                zone,
                hidden,
                value,
                extra,
                cause,
            } => {
                let kind = if hidden { "Hidden" } else { "Enemy" };
                let why = match cause {
                    RevealCause::Helicopter => " as a helicopter enters (4.3.1)",
                    RevealCause::TrollForFire => " by Troll for Fire",
                    RevealCause::Rescue => " by the rescue attempt (4.3.5)",
                    RevealCause::SetUp => " at set-up",
                    RevealCause::Event => " by an Event",
                };
                let extra = match extra {
                    Some(x) => format!(
                        "; a second {kind} marker shows {}, so {} guns (9.4)",
                        marker(x),
                        1 + match x {
                            MarkerValue::N(n) => n,
                            MarkerValue::OnePlus => 1,
                        }
                    ),
                    None => String::new(),
                };
                t(format!(
                    "{kind} marker in the {} revealed{why}: {}{extra}.",
                    zone.name(),
                    marker(value)
                ))
            }
            Event::GunPlaced {
                gun,
                zone,
                suppressed,
            } => t(format!(
                "{} placed in the {}{}.",
                self.gun_name(gun),
                zone.name(),
                if suppressed {
                    ", suppressed by CS Gas"
                } else {
                    ""
                }
            )),
            Event::BarragePlaced { zone } => {
                t(format!("A Barrage is placed in the {}.", zone.name()))
            }
            Event::GunCupEmpty { zone } => t(format!(
                "The Enemy Guns cup is empty: nothing more for the {}.",
                zone.name()
            )),
            Event::CardAssigned { card, aircraft } => t(format!(
                "{} is assigned to {}.",
                self.card_name(card),
                self.aircraft_name(aircraft)
            )),
            Event::CardPlayed {
                card,
                aircraft,
                target,
            } => {
                let tg = match target {
                    Target::None => String::new(),
                    Target::Gun(g) => format!(" on the {}", self.gun_name(g)),
                    Target::TargetOfOpportunity => " on the Target of Opportunity".into(),
                    Target::Barrage => " on a Barrage".into(),
                    Target::SearchMarker => " on the Search marker".into(),
                };
                t(format!(
                    "{} plays {}{tg}.",
                    self.aircraft_name(aircraft),
                    self.card_name(card)
                ))
            }
            Event::AssignedDiscarded { card } => {
                t(format!("{} is discarded.", self.card_name(card)))
            }
            Event::GunSuppressed { gun } => t(format!("{} is suppressed.", self.gun_name(gun))),
            Event::GunTargets { gun, zone } => t(format!(
                "{} fires into the {} (4.3.3 A).",
                self.gun_name(gun),
                zone.name()
            )),
            Event::ZoneFire {
                zone,
                guns,
                base,
                coordinated,
                smoke,
                zfv,
            } => {
                let mut a = Adjudication::new(
                    format!("Zone Firepower into the {}", zone.name()),
                    "CSAR 4.3.3 B",
                );
                a.rolled = vec![base as i32];
                if guns > 1 {
                    a.modifiers.push(Modifier::new(
                        "other guns firing",
                        "CSAR 4.3.3 B",
                        guns as i32 - 1,
                    ));
                }
                if coordinated {
                    a.modifiers
                        .push(Modifier::new("Coordinated Fire", "CSAR 9.3", 1));
                }
                if smoke {
                    a.modifiers.push(Modifier::new("Smoke", "CSAR 9.2", -1));
                }
                a.total = zfv as i32;
                a.result = format!("draw {zfv} Resolution cards");
                LogEntry::with_rolls(
                    format!(
                        "{guns} gun(s) fire into the {}: Zone Firepower Value {zfv}.",
                        zone.name()
                    ),
                    vec![a],
                )
            }
            Event::HitsDiscarded { zone, hits } => t(format!(
                "A roundel throws out {hits} Hit(s) on the {}.",
                zone.name()
            )),
            Event::HitsScored { zone, hits } => t(format!("{hits} Hit(s) on the {}.", zone.name())),
            Event::Burned { card } => t(format!("{} is burned.", self.card_name(card))),
            Event::PilotUsed { card, aircraft } => t(format!(
                "{} ({}) uses the card and leaves play.",
                self.data.pilots[card as usize].name,
                self.aircraft_name(aircraft)
            )),
            Event::FastMoverLost { aircraft } => t(format!(
                "{} is hit and leaves the game (4.3.3 E).",
                self.aircraft_name(aircraft)
            )),
            Event::Shaken { aircraft } => t(format!("{} is Shaken.", self.aircraft_name(aircraft))),
            Event::ShotDown { aircraft } => {
                t(format!("{} is shot down.", self.aircraft_name(aircraft)))
            }
            Event::Destroyed {
                aircraft,
                survivors_killed,
            } => t(format!(
                "{} is destroyed{}.",
                self.aircraft_name(aircraft),
                if survivors_killed > 0 {
                    format!(" with {survivors_killed} Survivor(s) aboard")
                } else {
                    String::new()
                }
            )),
            Event::SurvivorPlaced {
                survivor,
                zone,
                injured,
            } => t(format!(
                "Survivor {} is down in the {}, {}.",
                survivor + 1,
                zone.name(),
                if injured { "Injured" } else { "Healthy" }
            )),
            Event::SurvivorInjured { survivor } => {
                t(format!("Survivor {} is Injured.", survivor + 1))
            }
            Event::SurvivorKilled { survivor } => {
                t(format!("Survivor {} is killed.", survivor + 1))
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
            Event::GunHit {
                gun,
                hits,
                total,
                doubled,
            } => t(format!(
                "{} takes {hits} Hit(s){}, {total} this turn.",
                self.gun_name(gun),
                if doubled { " (doubled by MARK)" } else { "" }
            )),
            Event::TargetHit {
                zone,
                hits,
                total,
                doubled,
            } => t(format!(
                "Target of Opportunity in the {} takes {hits} Hit(s){}, {total} this turn.",
                zone.name(),
                if doubled { " (doubled by MARK)" } else { "" }
            )),
            Event::BarrageRemoved { zone } => {
                t(format!("A Barrage is removed from the {}.", zone.name()))
            }
            Event::GunRemoved { gun, zone, why } => t(format!(
                "{} in the {} is destroyed{}.",
                self.gun_name(gun),
                zone.name(),
                match why {
                    GunGone::Cbu => " by CBUs",
                    GunGone::BombDamage => "",
                }
            )),
            Event::TargetDestroyed { zone } => t(format!(
                "The Target of Opportunity in the {} is destroyed.",
                zone.name()
            )),
            Event::GunMarked { gun } => t(format!("{} is marked.", self.gun_name(gun))),
            Event::TargetMarked { zone } => t(format!(
                "The Target of Opportunity in the {} is marked.",
                zone.name()
            )),
            Event::OrdnancePlaced { kind, zone } => {
                t(format!("{kind:?} marker in the {}.", zone.name()))
            }
            Event::RescueAttempt {
                helicopter,
                survivor,
                cool,
                shaken,
                injured,
                cs_gas,
                smoke,
                pilot,
                draws,
            } => {
                let mut a = Adjudication::new("Rescue draws", "CSAR 4.3.5");
                a.rolled = vec![cool as i32];
                if shaken {
                    a.modifiers
                        .push(Modifier::new("helicopter Shaken", "CSAR 4.3.5", -1));
                }
                if injured {
                    a.modifiers
                        .push(Modifier::new("Survivor Injured", "CSAR 4.3.5", -1));
                }
                if cs_gas {
                    a.modifiers
                        .push(Modifier::new("CS Gas on the map", "CSAR 4.3.5", -1));
                }
                if smoke {
                    a.modifiers
                        .push(Modifier::new("Smoke in the zone", "CSAR 4.3.5", -1));
                }
                if pilot {
                    a.modifiers.push(Modifier::new("PJ card", "CSAR 2.4", 0));
                }
                a.total = draws as i32;
                a.needed = Some("any roundel; never fewer than one draw".into());
                a.result = format!("{draws} draws");
                LogEntry::with_rolls(
                    format!(
                        "{} tries to pick up Survivor {}: {cool} Cool aircraft, {draws} draws.",
                        self.aircraft_name(helicopter),
                        survivor + 1
                    ),
                    vec![a],
                )
            }
            Event::RescueCancelled {
                helicopter,
                survivor,
            } => t(format!(
                "{} cannot complete the rescue of Survivor {}.",
                self.aircraft_name(helicopter),
                survivor + 1
            )),
            Event::Rescued {
                survivor,
                helicopter,
            } => t(format!(
                "Survivor {} is aboard {}!",
                survivor + 1,
                self.aircraft_name(helicopter)
            )),
            Event::RescueFailed { survivor } => t(format!(
                "No roundel: Survivor {} is still on the ground.",
                survivor + 1
            )),
            Event::SearchReset => {
                t("No Survivor left stranded: the Search marker goes to 0.".into())
            }
            Event::OffMap { survivor } => {
                t(format!("Survivor {} is off the map, safe.", survivor + 1))
            }
            Event::SurvivorMoved { survivor, from, to } => t(format!(
                "Survivor {} moves from the {} to the {}.",
                survivor + 1,
                from.name(),
                to.name()
            )),
            Event::BombDamage {
                gun,
                draws,
                destroyed,
            } => {
                let mut a = Adjudication::new(
                    format!("Bomb Damage on the {}", self.gun_name(gun)),
                    "CSAR 4.4.1",
                );
                a.rolled = vec![draws as i32];
                a.total = draws as i32;
                a.needed = Some("any blast".into());
                a.result = if destroyed {
                    "destroyed".into()
                } else {
                    "survives".into()
                };
                LogEntry::with_rolls(
                    format!("{}: {draws} draw(s), {}.", self.gun_name(gun), a.result),
                    vec![a],
                )
            }
            Event::TargetDamage {
                zone,
                draws,
                destroyed,
            } => t(format!(
                "Target of Opportunity in the {}: {draws} draw(s), {}.",
                zone.name(),
                if destroyed { "destroyed" } else { "survives" }
            )),
            Event::SearchCheck { draws, burned } => {
                let mut a = Adjudication::new("Enemy Search draws", "CSAR 4.4.2");
                a.rolled = vec![(draws + burned) as i32];
                if burned > 0 {
                    a.modifiers.push(Modifier::new(
                        "cards burned",
                        "CSAR 4.4.2",
                        -(burned as i32),
                    ));
                }
                a.total = draws as i32;
                a.needed = Some("no rifle".into());
                LogEntry::with_rolls(format!("Enemy Search: {draws} draw(s)."), vec![a])
            }
            Event::SearchSpared => {
                t("A rifle, but Search Effectiveness spares the Survivor this once (6.5).".into())
            }
            Event::Captured { survivor } => t(format!("Survivor {} is captured!", survivor + 1)),
            Event::AbortCheck { draws, burned } => {
                let mut a = Adjudication::new("Abort Check draws", "CSAR 4.4.3");
                a.rolled = vec![(draws + burned) as i32];
                if burned > 0 {
                    a.modifiers.push(Modifier::new(
                        "cards burned",
                        "CSAR 4.4.3",
                        -(burned as i32),
                    ));
                }
                a.total = draws as i32;
                a.needed = Some("no rifle".into());
                LogEntry::with_rolls(format!("Abort Check: {draws} draw(s)."), vec![a])
            }
            Event::AbortCheckSkipped => t("No Abort Check this turn (4.4.3).".into()),
            Event::MissionAborted => t("The mission is aborted.".into()),
            Event::AutoAbort => {
                t("The Abort marker reaches Auto Abort: the mission is aborted (2.1.1).".into())
            }
            Event::HandDiscarded { cards } => t(format!(
                "{cards} card(s) left in hand are discarded (4.4.4)."
            )),
            Event::Adjusted { step } => t(match step {
                Adjust::HitMarkersRemoved => "Hit markers removed.",
                Adjust::TwoSidesRemoved => "CS GAS TWO, SMOKE TWO and MARK TWO markers removed.",
                Adjust::OneSidesFlipped => "ONE-side markers flipped to TWO.",
                Adjust::GunsActive => {
                    "Suppressed guns flipped to Active (CS Gas zones stay suppressed)."
                }
                Adjust::GunsUnrotated => "Fired guns rotated back.",
                Adjust::ExitFastMoversToPool => "Fast Movers on EXIT return to the Pool.",
                Adjust::FastMoversToOrbit => "Fast Movers on the map return to the Orbit Box.",
                Adjust::FastMoversToExit => "Fast Movers in the Orbit Box flip to EXIT.",
                Adjust::OrbitAircraftCool => "Shaken aircraft in the Orbit Box flip to Cool.",
                Adjust::BarragesShake => "Aircraft with a Barrage in their zone are Shaken.",
                Adjust::SearchAdvanced => "A Survivor is still stranded: Search marker up one.",
                Adjust::TurnAdvanced => "Turn marker moves ahead.",
            }
            .into()),
            Event::Pinpointed { survivor } => {
                t(format!("Survivor {} is pinpointed (6.2).", survivor + 1))
            }
            Event::Recovered { aircraft } => t(format!(
                "{} recovers to Cool (6.4).",
                self.aircraft_name(aircraft)
            )),
            Event::DangerClose {
                survivor,
                injured,
                killed,
            } => t(format!(
                "Danger Close for Survivor {}: {} (6.3).",
                survivor + 1,
                if killed {
                    "killed, and the mission is aborted"
                } else if injured {
                    "Injured"
                } else {
                    "unhurt"
                }
            )),
            Event::ArcLightClears => {
                t("The ArcLight strike is due: every aircraft leaves the zones (7.2).".into())
            }
            Event::Bought { what, cost } => t(format!(
                "Bought {} for {cost} Morale Points.",
                match what {
                    Purchase::Card(c) => self.card_name(c),
                    Purchase::ExtraTurn => "an extra turn".into(),
                    Purchase::Pilot(p) => self.data.pilots[p as usize].name.clone(),
                    Purchase::FastMover => "a Fast Mover".into(),
                }
            )),
            Event::MissionScored {
                mission,
                score,
                morale,
                result,
            } => {
                let mut a =
                    Adjudication::new(format!("Morale Points for mission {mission}"), "CSAR 8.0");
                for (label, v) in [
                    ("no CSAR aircraft lost", score.no_losses),
                    ("all Survivors rescued", score.all_rescued),
                    (
                        "Survivors captured, killed or abandoned",
                        score.survivors_lost,
                    ),
                    ("Abort marker", score.abort),
                    ("Pilots/PJs lost", score.pilots_lost),
                    ("Pilots/PJs recovered", score.pilots_recovered),
                ] {
                    if v != 0 {
                        a.modifiers.push(Modifier::new(label, "CSAR 8.0", v));
                    }
                }
                a.total = score.total();
                a.result = format!("{morale} Morale Points");
                LogEntry::with_rolls(
                    format!(
                        "Mission {mission}: {} ; {:+} Morale, now {morale}.",
                        result.label(),
                        score.total()
                    ),
                    vec![a],
                )
            }
            Event::PilotLost { card } => t(format!(
                "{} is lost for the campaign.",
                self.data.pilots[card as usize].name
            )),
            Event::PilotRecovered { card } => t(format!(
                "{} is recovered.",
                self.data.pilots[card as usize].name
            )),
            Event::GameEnds { reason } => t(match reason {
                EndReason::AllHelicoptersLost => "No helicopter is left: the game ends (5.0).",
                EndReason::Aborted => "The mission is aborted: the game ends (5.0).",
                EndReason::AutoAbort => "Auto Abort: the game ends (2.1.1).",
                EndReason::NoSurvivorsOnMap => {
                    "No Survivor is left on the map: the game ends (5.0)."
                }
                EndReason::TurnLimit => "The last turn is over: the game ends (5.0).",
                EndReason::EndDraw => "Crosshairs: the scenario ends now (7.2).",
                EndReason::SurvivorCaptured => {
                    "A Survivor is captured: the mission is lost at once (7.4)."
                }
            }
            .into()),
            Event::Result { result } => t(format!("Result: {}.", result.label())),
        }
    }

    pub(crate) fn final_outcome(&self, s: &State, r: GameResult) -> Outcome {
        let rescued = s
            .survivors
            .iter()
            .filter(|v| v.at == crate::components::SurvivorAt::OffMap)
            .count();
        let mut score = vec![
            ("turn".to_string(), s.turn.min(s.last_turn) as i32),
            ("survivors off the map".to_string(), rescued as i32),
            ("abort".to_string(), s.abort as i32),
            ("search".to_string(), s.search as i32),
        ];
        let summary = match &s.campaign {
            Some(c) => {
                score.push(("morale".to_string(), c.morale));
                format!(
                    "Campaign {}: {} Morale Points after {} missions.",
                    r.label(),
                    c.morale,
                    c.results.len()
                )
            }
            None => format!(
                "{}: {rescued} of {} Survivors off the map, Abort marker {}.",
                r.label(),
                s.survivors.len(),
                s.abort
            ),
        };
        Outcome {
            result: Some(r.label().to_string()),
            summary,
            score,
        }
    }
}

/// True when no event of the command revealed anything random or hidden.
pub(crate) fn undoable(events: &[Event]) -> bool {
    events.iter().all(|e| {
        matches!(
            e,
            Event::Reserved { .. }
                | Event::ReserveDiscarded { .. }
                | Event::CommandDiscarded { .. }
                | Event::CardAssigned { .. }
                | Event::AssignedDiscarded { .. }
                | Event::Moved { .. }
                | Event::PilotPlaced { .. }
                | Event::CardPicked { .. }
                | Event::GunSuppressed { .. }
                | Event::CardPlayed { .. }
                | Event::Bought { .. }
                | Event::Burned { .. }
        )
    })
}
