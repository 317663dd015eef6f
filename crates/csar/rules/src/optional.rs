//! CSAR 6.0 optional rules. 6.1 Bombing Effectiveness lives in the Bomb
//! Damage Assessment ([`crate::end_turn`]), 6.3 Danger Close with the attack
//! cards ([`crate::combat`]), 6.5 Search Effectiveness in the Enemy Search;
//! here are 6.2 Pinpointing Survivors and 6.4 Recovering Pilots, and the
//! option list the set-up screen offers.

use crate::Csar;
use crate::components::SurvivorAt;
use crate::data::Icon;
use crate::describe::misrouted;
use crate::event::{Event, Purpose};
use crate::scenarios::OPTION_KEYS;
use crate::state::State;
use vt_core::OptionInfo;
use vt_core::engine::LogEntry;

/// The switches of 6.1-6.5.
pub fn option_infos() -> Vec<OptionInfo> {
    let names = [
        ("Bombing Effectiveness", "6.1"),
        ("Pinpointing Survivors", "6.2"),
        ("Danger Close", "6.3"),
        ("Recovering Pilots (removes the Wild card)", "6.4"),
        (
            "Search Effectiveness (removes the Wild card when used)",
            "6.5",
        ),
    ];
    OPTION_KEYS
        .iter()
        .zip(names)
        .map(|(k, (n, r))| OptionInfo {
            key: (*k).into(),
            name: n.into(),
            rule: format!("CSAR {r}"),
            default: "off".into(),
            values: vec!["off".into(), "on".into()],
        })
        .collect()
}

impl Csar {
    /// 6.2: at the start of each turn, before the Event Phase, each Survivor
    /// not yet pinpointed draws one card per Cool aircraft in his zone; a
    /// roundel pinpoints him.
    pub(crate) fn pinpoint(&self, s: &mut State, ev: &mut Vec<Event>) {
        for i in 0..s.survivors.len() {
            let v = s.survivors[i];
            let SurvivorAt::Stranded(z) = v.at else {
                continue;
            };
            if v.pinpointed {
                continue;
            }
            let cool = s.aircraft_in(z).filter(|(_, a)| a.is_cool()).count() as u8;
            if cool == 0 {
                continue;
            }
            // The Wild card is read as a roundel.
            if self.draw_any(s, ev, Purpose::Pinpoint, cool, |i| {
                matches!(i, Icon::Roundel | Icon::Wild)
            }) {
                s.survivors[i].pinpointed = true;
                ev.push(Event::Pinpointed { survivor: i as u8 });
            }
        }
    }

    /// 6.4: after the Marker Adjustment Segment, one draw per Shaken
    /// aircraft; a roundel brings it back to Cool.
    pub(crate) fn recovering_pilots(&self, s: &mut State, ev: &mut Vec<Event>) {
        for i in 0..s.aircraft.len() {
            let a = s.aircraft[i];
            if !a.shaken || a.zone().is_none() {
                continue;
            }
            if self.draw_any(s, ev, Purpose::Recovery, 1, |i| i == Icon::Roundel) {
                s.aircraft[i].shaken = false;
                ev.push(Event::Recovered { aircraft: i as u8 });
            }
        }
    }
}

impl Csar {
    /// The log's words for this section's events (the dispatcher is in
    /// [`crate::describe`]).
    pub(crate) fn describe_optional(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
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
            _ => misrouted(e),
        }
    }
}
