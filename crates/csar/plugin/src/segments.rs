//! A command's events cut into the segments of the sequence of play they
//! happened in (CSAR 3.0, 4.0), so the player can step through them: one
//! click can run the rescue, the enemy's fire, the damage assessment, the
//! search, the abort check, the clean-up and the next turn's event.
//!
//! The rules stop by themselves at every decision, burning cards included
//! (4.3.3 D, 4.4.2, 4.4.3, whenever there is a card to burn and a draw or
//! a Hit to save); what runs without a decision is what is cut here.

use crate::draws::{DrawGroup, draw_groups};
use csar_rules::Csar;
use csar_rules::event::{Event, RevealCause};
use vt_core::Ruleset;

/// Where in the sequence of play an event happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seg {
    /// What the player's command did.
    Command,
    Fire,
    Rescue,
    DamageAssessment,
    Search,
    AbortCheck,
    Cleanup,
    Markers,
    Turn(u8),
    EventPhase,
    Draw,
    End,
}

impl Seg {
    /// Its title and rule section.
    pub fn title(self) -> (String, &'static str) {
        match self {
            Seg::Command => ("Your command".into(), "4.0"),
            Seg::Fire => ("Enemy Gun Fire".into(), "4.3.3"),
            Seg::Rescue => ("Rescue".into(), "4.3.5"),
            Seg::DamageAssessment => ("Bomb Damage Assessment".into(), "4.4.1"),
            Seg::Search => ("Enemy Search".into(), "4.4.2"),
            Seg::AbortCheck => ("Abort Check".into(), "4.4.3"),
            Seg::Cleanup => ("Deck Cleanup".into(), "4.4.4"),
            Seg::Markers => ("Marker Adjustment".into(), "4.4.5"),
            Seg::Turn(t) => (format!("Turn {t} begins"), "3.0"),
            Seg::EventPhase => ("Event Phase".into(), "4.1"),
            Seg::Draw => ("Draw Action Cards".into(), "4.2.1"),
            Seg::End => ("The game ends".into(), "5.0"),
        }
    }

    /// Routine book-keeping: told in the log, not worth a stop.
    fn quiet(self) -> bool {
        matches!(self, Seg::Cleanup | Seg::Markers | Seg::Turn(_) | Seg::Draw)
    }
}

/// The segment this event opens, if it opens one (`now` is the segment
/// under way).
fn opens(e: &Event, now: Seg) -> Option<Seg> {
    let seg = match e {
        Event::MarkerRevealed {
            cause: RevealCause::Rescue,
            ..
        }
        | Event::RescueAttempt { .. } => Seg::Rescue,
        // Guns that fire during a rescue belong to it (4.3.5).
        Event::GunTargets { .. } | Event::ZoneFire { .. } if now == Seg::Rescue => return None,
        Event::GunTargets { .. } | Event::ZoneFire { .. } => Seg::Fire,
        Event::BombDamage { .. } | Event::TargetDamage { .. } => Seg::DamageAssessment,
        Event::SearchCheck { .. } => Seg::Search,
        Event::AbortCheck { .. } | Event::AbortCheckSkipped => Seg::AbortCheck,
        Event::HandDiscarded { .. } => Seg::Cleanup,
        Event::Adjusted { .. } => Seg::Markers,
        Event::TurnBegins { turn } => Seg::Turn(*turn),
        Event::EventDrawn { .. } => Seg::EventPhase,
        Event::ActionDrawn { .. } => Seg::Draw,
        Event::GameEnds { .. } => Seg::End,
        _ => return None,
    };
    (seg != now).then_some(seg)
}

/// One segment of what a command set off.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    pub seg: Seg,
    pub title: String,
    pub rule: &'static str,
    /// The log's lines that the draws below do not already tell.
    pub lines: Vec<String>,
    pub groups: Vec<DrawGroup>,
    /// Only book-keeping happened (or nothing at all).
    pub quiet: bool,
}

/// Cuts a command's events into segments, in order.
pub fn segments(csar: &Csar, events: &[Event]) -> Vec<Segment> {
    let mut cuts: Vec<(Seg, Vec<Event>)> = vec![(Seg::Command, Vec::new())];
    for e in events {
        let now = cuts.last().map(|c| c.0).unwrap_or(Seg::Command);
        if let Some(next) = opens(e, now) {
            cuts.push((next, Vec::new()));
        }
        if let Some(c) = cuts.last_mut() {
            c.1.push(*e);
        }
    }
    cuts.into_iter()
        .filter(|(_, ev)| !ev.is_empty())
        .map(|(seg, ev)| {
            let groups = draw_groups(csar, &ev);
            let told = |t: &str| {
                groups
                    .iter()
                    .any(|g| g.header.as_deref() == Some(t) || g.outcome.iter().any(|o| o == t))
            };
            let lines: Vec<String> = ev
                .iter()
                .filter(|e| {
                    !matches!(
                        e,
                        Event::Drawn { .. } | Event::Reshuffled | Event::RandomPick { .. }
                    )
                })
                .map(|e| csar.describe(e).text)
                .filter(|t| !t.is_empty() && !told(t))
                .collect();
            let quiet = seg.quiet()
                || ev
                    .iter()
                    .all(|e| matches!(e, Event::AbortCheckSkipped | Event::Adjusted { .. }));
            let (title, rule) = seg.title();
            Segment {
                seg,
                title,
                rule,
                lines,
                groups,
                quiet,
            }
        })
        .collect()
}

/// The segments worth a stop: those where something happened. Fewer than
/// two: nothing to step through.
pub fn stops(csar: &Csar, events: &[Event]) -> Vec<Segment> {
    let v: Vec<Segment> = segments(csar, events)
        .into_iter()
        .filter(|s| !s.quiet)
        .collect();
    if v.len() < 2 { Vec::new() } else { v }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csar_rules::Zone;
    use csar_rules::event::Purpose;

    #[test]
    fn a_rescue_then_the_end_of_the_turn_is_cut_where_the_segments_begin() {
        let csar = Csar::embedded();
        let events = [
            Event::RescueAttempt {
                helicopter: 4,
                survivor: 0,
                cool: 3,
                shaken: false,
                injured: false,
                cs_gas: false,
                smoke: false,
                pilot: false,
                draws: 3,
            },
            Event::Drawn {
                purpose: Purpose::Rescue,
                card: 0,
            },
            Event::Rescued {
                survivor: 0,
                helicopter: 4,
            },
            Event::AbortCheckSkipped,
            Event::HandDiscarded { cards: 3 },
            Event::TurnBegins { turn: 4 },
            Event::EventDrawn { card: 0 },
            Event::ActionDrawn { card: 1 },
            Event::ZoneFire {
                zone: Zone::West,
                guns: 1,
                base: 1,
                coordinated: false,
                smoke: false,
                zfv: 1,
            },
        ];
        let segs: Vec<Seg> = segments(&csar, &events).iter().map(|s| s.seg).collect();
        assert_eq!(
            segs,
            [
                Seg::Rescue,
                Seg::AbortCheck,
                Seg::Cleanup,
                Seg::Turn(4),
                Seg::EventPhase,
                Seg::Draw,
                Seg::Fire
            ]
        );
        let stops = stops(&csar, &events);
        let titles: Vec<&str> = stops.iter().map(|s| s.title.as_str()).collect();
        // A skipped Abort Check, the clean-up, the new turn and the cards
        // drawn are book-keeping: no stop.
        assert_eq!(titles, ["Rescue", "Event Phase", "Enemy Gun Fire"]);
        // The rescue's draw is told once, as a card with its outcome.
        let rescue = &stops[0];
        assert_eq!(rescue.groups.len(), 1);
        assert!(
            rescue
                .lines
                .iter()
                .all(|l| !rescue.groups[0].outcome.contains(l)),
            "{:?}",
            rescue.lines
        );
    }

    #[test]
    fn one_segment_is_nothing_to_step_through() {
        let csar = Csar::embedded();
        let events = [Event::Moved {
            aircraft: 0,
            from: csar_rules::Place::Orbit,
            to: csar_rules::Place::Zone(Zone::North),
        }];
        assert_eq!(segments(&csar, &events).len(), 1);
        assert!(stops(&csar, &events).is_empty());
    }
}
