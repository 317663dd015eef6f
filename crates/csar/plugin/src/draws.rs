//! The Resolution cards a command drew, grouped by what they were drawn
//! for, with the words of what they decided: the draw panel turns them up
//! one by one.

use csar_rules::event::{Event, Purpose};
use csar_rules::{Csar, Icon};
use vt_core::Ruleset;

/// One Resolution card as the panel shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnCard {
    /// Index into the Resolution deck data.
    pub card: u8,
    pub number: u8,
    pub icon: Icon,
    /// The aircraft ID printed on it.
    pub aircraft: Option<u8>,
}

/// The cards drawn for one purpose, and what came of them.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawGroup {
    /// What the draw was for ("Enemy fire", "Rescue").
    pub title: String,
    pub rule: String,
    /// What the count of draws was made of, when the rules say.
    pub header: Option<String>,
    pub cards: Vec<DrawnCard>,
    /// Reshuffles during the draw.
    pub reshuffles: u8,
    /// What the cards decided, in the log's words.
    pub outcome: Vec<String>,
}

/// The words for a draw's purpose: (title, rule), as the log has them.
pub fn purpose_title(p: Purpose) -> (&'static str, &'static str) {
    let (what, rule, _) = csar_rules::purpose_words(p);
    (what, rule)
}

/// Events that announce a count of draws (their words head the group).
fn is_header(e: &Event) -> bool {
    matches!(
        e,
        Event::ZoneFire { .. }
            | Event::RescueAttempt { .. }
            | Event::SearchCheck { .. }
            | Event::AbortCheck { .. }
    )
}

/// Events that say what a draw decided (they close the group).
fn is_outcome(e: &Event) -> bool {
    matches!(
        e,
        Event::HitsScored { .. }
            | Event::Rescued { .. }
            | Event::RescueFailed { .. }
            | Event::BombDamage { .. }
            | Event::TargetDamage { .. }
            | Event::Captured { .. }
            | Event::SearchSpared
            | Event::MissionAborted
            | Event::Shaken { .. }
            | Event::ShotDown { .. }
            | Event::Destroyed { .. }
            | Event::SurvivorPlaced { .. }
            | Event::SurvivorInjured { .. }
            | Event::SurvivorKilled { .. }
            | Event::FastMoverLost { .. }
            | Event::Pinpointed { .. }
            | Event::Recovered { .. }
            | Event::DangerClose { .. }
            | Event::RequestFailed
            | Event::AircraftArrives { .. }
            | Event::GameEnds { .. }
    )
}

/// Events told inside an open group without closing it.
fn is_aside(e: &Event) -> bool {
    matches!(
        e,
        Event::HitsDiscarded { .. } | Event::WildRemoved { .. } | Event::ActionDeckReshuffled
    )
}

/// Groups a command's events into the draws the panel shows.
pub fn draw_groups(csar: &Csar, events: &[Event]) -> Vec<DrawGroup> {
    let mut groups: Vec<DrawGroup> = Vec::new();
    // The purpose of the open group; `None` when no group is open.
    let mut open: Option<Option<Purpose>> = None;
    let mut header: Option<String> = None;
    let card = |c: u8| {
        let d = &csar.data.resolution[c as usize];
        DrawnCard {
            card: c,
            number: d.number,
            icon: d.icon,
            aircraft: d.aircraft,
        }
    };
    for e in events {
        let words = || csar.describe(e).text;
        match *e {
            Event::Drawn { purpose, card: c } => {
                let continues = matches!(open, Some(p) if p.is_none_or(|p| p == purpose));
                if !continues {
                    let (t, r) = purpose_title(purpose);
                    groups.push(DrawGroup {
                        title: t.into(),
                        rule: r.into(),
                        header: header.take(),
                        cards: Vec::new(),
                        reshuffles: 0,
                        outcome: Vec::new(),
                    });
                }
                open = Some(Some(purpose));
                if let Some(g) = groups.last_mut() {
                    if g.header.is_none() {
                        g.header = header.take();
                    }
                    g.cards.push(card(c));
                }
            }
            Event::RandomPick { card: c, .. } => {
                // The cards drawn for it came just before, as Random draws.
                if open == Some(Some(Purpose::Random))
                    && let Some(g) = groups.last_mut()
                    && g.cards.last().is_some_and(|x| x.card == c)
                {
                    g.outcome.push(words());
                    open = None;
                    continue;
                }
                let (t, r) = purpose_title(Purpose::Random);
                groups.push(DrawGroup {
                    title: t.into(),
                    rule: r.into(),
                    header: None,
                    cards: vec![card(c)],
                    reshuffles: 0,
                    outcome: vec![words()],
                });
                open = None;
            }
            Event::Reshuffled => {
                if let (Some(_), Some(g)) = (open, groups.last_mut()) {
                    g.reshuffles += 1;
                }
            }
            _ if is_header(e) => {
                header = Some(words());
                // A count of draws opens a group of its own even before its
                // first card (a Zone Firepower of 0 draws none).
                open = Some(None);
                let (t, r) = match e {
                    Event::ZoneFire { .. } => purpose_title(Purpose::ZoneFire),
                    Event::RescueAttempt { .. } => purpose_title(Purpose::Rescue),
                    Event::SearchCheck { .. } => purpose_title(Purpose::Search),
                    _ => purpose_title(Purpose::AbortCheck),
                };
                groups.push(DrawGroup {
                    title: t.into(),
                    rule: r.into(),
                    header: header.take(),
                    cards: Vec::new(),
                    reshuffles: 0,
                    outcome: Vec::new(),
                });
            }
            _ if open.is_some() && is_aside(e) => {
                if let Some(g) = groups.last_mut() {
                    g.outcome.push(words());
                }
            }
            _ if open.is_some() && is_outcome(e) => {
                if let Some(g) = groups.last_mut() {
                    g.outcome.push(words());
                }
                // Hits land one after another: keep the hit draws together.
                if !matches!(e, Event::Shaken { .. } | Event::HitsScored { .. }) {
                    open = None;
                }
            }
            _ => {
                open = None;
            }
        }
    }
    groups.retain(|g| !g.cards.is_empty() || !g.outcome.is_empty() || g.header.is_some());
    for g in &mut groups {
        if g.outcome.is_empty() {
            g.outcome.push(quiet_outcome(g));
        }
    }
    groups
}

/// What a draw decided when no event says so (nothing happened).
fn quiet_outcome(g: &DrawGroup) -> String {
    match g.title.as_str() {
        "Enemy Search" => "No rifle: nobody is captured.".into(),
        "Abort Check" => "No rifle: the mission goes on.".into(),
        "Enemy fire" => "No Hits.".into(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csar_rules::Zone;

    #[test]
    fn a_zones_fire_is_one_group_with_its_count_and_its_hits() {
        let csar = Csar::embedded();
        let c = |icon: Icon| {
            csar.data
                .resolution
                .iter()
                .position(|d| d.icon == icon)
                .unwrap() as u8
        };
        let events = [
            Event::ZoneFire {
                zone: Zone::North,
                guns: 2,
                base: 2,
                coordinated: false,
                smoke: false,
                zfv: 3,
            },
            Event::Drawn {
                purpose: Purpose::ZoneFire,
                card: c(Icon::Crosshairs),
            },
            Event::Drawn {
                purpose: Purpose::ZoneFire,
                card: c(Icon::Roundel),
            },
            Event::HitsDiscarded {
                zone: Zone::North,
                hits: 1,
            },
            Event::Drawn {
                purpose: Purpose::ZoneFire,
                card: c(Icon::Blast),
            },
            Event::HitsScored {
                zone: Zone::North,
                hits: 0,
            },
            Event::SearchCheck {
                draws: 1,
                burned: 0,
            },
            Event::Drawn {
                purpose: Purpose::Search,
                card: c(Icon::Roundel),
            },
        ];
        let g = draw_groups(&csar, &events);
        assert_eq!(g.len(), 2, "{g:#?}");
        assert_eq!(g[0].title, "Enemy fire");
        assert_eq!(g[0].cards.len(), 3);
        assert!(
            g[0].header
                .as_deref()
                .unwrap()
                .contains("Zone Firepower Value 3")
        );
        assert_eq!(g[0].outcome.len(), 2, "the roundel's discard and the Hits");
        assert_eq!(g[1].title, "Enemy Search");
        assert_eq!(g[1].cards.len(), 1);
        assert_eq!(
            g[1].outcome,
            vec!["No rifle: nobody is captured.".to_string()]
        );
    }

    #[test]
    fn a_random_determination_shows_its_cards_once() {
        // CSAR 2.2.1: the ones digit picks; a digit past the even share is drawn again.
        let csar = Csar::embedded();
        let events = [
            Event::Drawn {
                purpose: Purpose::Random,
                card: 3,
            },
            Event::Drawn {
                purpose: Purpose::Random,
                card: 5,
            },
            Event::RandomPick {
                why: csar_rules::event::RandomFor::Capture,
                card: 5,
                options: 3,
                picked: 1,
            },
        ];
        let g = draw_groups(&csar, &events);
        assert_eq!(g.len(), 1, "{g:#?}");
        assert_eq!(g[0].cards.len(), 2);
        assert!(g[0].outcome[0].contains("outcome 2 of 3"));
    }
}
