//! Events in words, with an adjudication for every draw and every count of
//! draws (what made it up, with the rule sections). This module holds the
//! dispatcher (each event family to the section that owns it, whose
//! `describe_*` gives the words) and the names and verdicts they share.

use crate::Csar;
use crate::components::Place;
use crate::data::{Icon, MarkerValue};
use crate::event::{Event, Purpose, RandomFor};
use vt_core::LogEntry;

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
pub(crate) fn verdict(
    p: Purpose,
    icon: Icon,
    number: u8,
    aircraft: Option<u8>,
) -> (String, String) {
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
            Icon::Rifle => w("a Survivor is found", "a rifle: a Survivor is found"),
            Icon::Wild => w("no rifle", "Wild, read as no rifle"),
            _ => w("no rifle", "no rifle"),
        },
        Purpose::AbortCheck => match icon {
            Icon::Rifle => w("the mission is aborted", "a rifle: the mission is aborted"),
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

pub(crate) fn random_words(w: RandomFor) -> &'static str {
    match w {
        RandomFor::GunTarget => "target zone among equals (4.3.3 A)",
        RandomFor::Capture => "which Survivor is captured (4.4.2)",
        RandomFor::BombingGun => "which hit gun is removed (6.1)",
        RandomFor::EventPick => "the Event card's pick (2.2.3)",
        RandomFor::PilotCard => "the Pilot/PJ card (7.0)",
    }
}

pub(crate) fn marker(v: MarkerValue) -> String {
    v.label()
}

/// An event sent to a section that does not own it: the dispatcher never
/// does, but the log still gets words rather than a panic.
pub(crate) fn misrouted(e: &Event) -> LogEntry {
    LogEntry::text(format!("{e:?}"))
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

    pub(crate) fn res_label(&self, card: u8) -> String {
        let c = &self.data.resolution[card as usize];
        match c.aircraft {
            Some(a) => format!("card {} ({}, aircraft {})", c.number, c.icon.name(), a),
            None => format!("card {} ({})", c.number, c.icon.name()),
        }
    }

    pub(crate) fn place_name(&self, p: Place) -> String {
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
        use Event as E;
        // Each event family to the section that owns it.
        match e {
            E::ScenarioBegins { .. }
            | E::PilotChosen { .. }
            | E::PilotPlaced { .. }
            | E::CardPicked { .. }
            | E::ArcLightClears => self.describe_scenarios(e),
            E::MissionBegins { .. }
            | E::Bought { .. }
            | E::MissionScored { .. }
            | E::PilotLost { .. }
            | E::PilotRecovered { .. } => self.describe_campaign(e),
            E::Drawn { .. }
            | E::Reshuffled
            | E::RandomPick { .. }
            | E::WildRemoved { .. }
            | E::ActionDrawn { .. }
            | E::ActionDeckReshuffled
            | E::CardRemovedFromGame { .. } => self.describe_decks(e),
            E::TurnBegins { .. }
            | E::EventDrawn { .. }
            | E::EventIgnored { .. }
            | E::EventEffect { .. }
            | E::SearchMoved { .. }
            | E::AbortMoved { .. }
            | E::AutoAbort
            | E::FastMoverToPool { .. }
            | E::AircraftArrives { .. }
            | E::Shaken { .. }
            | E::SurvivorInjured { .. }
            | E::SurvivorMoved { .. } => self.describe_sequence(e),
            E::Reserved { .. }
            | E::ReserveDiscarded { .. }
            | E::CommandPlayed { .. }
            | E::CommandDiscarded { .. }
            | E::RequestFailed
            | E::SearchReset => self.describe_card_phase(e),
            E::Moved { .. }
            | E::CardAssigned { .. }
            | E::CardPlayed { .. }
            | E::AssignedDiscarded { .. }
            | E::GunSuppressed { .. }
            | E::GunHit { .. }
            | E::TargetHit { .. }
            | E::BarrageRemoved { .. }
            | E::GunRemoved { .. }
            | E::TargetDestroyed { .. }
            | E::GunMarked { .. }
            | E::TargetMarked { .. }
            | E::OrdnancePlaced { .. }
            | E::RescueAttempt { .. }
            | E::RescueCancelled { .. }
            | E::Rescued { .. }
            | E::RescueFailed { .. }
            | E::OffMap { .. } => self.describe_combat(e),
            E::GunTargets { .. }
            | E::ZoneFire { .. }
            | E::HitsDiscarded { .. }
            | E::HitsScored { .. }
            | E::Burned { .. }
            | E::PilotUsed { .. }
            | E::FastMoverLost { .. }
            | E::ShotDown { .. }
            | E::Destroyed { .. }
            | E::SurvivorPlaced { .. }
            | E::SurvivorKilled { .. } => self.describe_gun_fire(e),
            E::ZoneMarkerPlaced { .. }
            | E::MarkerRevealed { .. }
            | E::GunPlaced { .. }
            | E::BarragePlaced { .. }
            | E::GunCupEmpty { .. } => self.describe_markers(e),
            E::BombDamage { .. }
            | E::TargetDamage { .. }
            | E::SearchCheck { .. }
            | E::SearchSpared
            | E::Captured { .. }
            | E::AbortCheck { .. }
            | E::AbortCheckSkipped
            | E::MissionAborted
            | E::HandDiscarded { .. }
            | E::Adjusted { .. } => self.describe_end_turn(e),
            E::Pinpointed { .. } | E::Recovered { .. } | E::DangerClose { .. } => {
                self.describe_optional(e)
            }
            E::GameEnds { .. } | E::Result { .. } => self.describe_ending(e),
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
