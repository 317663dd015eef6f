//! CSAR 5.0 Ending the Game: the result when the game (or a campaign mission)
//! ends, by 5.0's conditions or a scenario's own (7.4).

use crate::Csar;
use crate::components::{AircraftKind, Place, SurvivorAt};
use crate::data::Victory;
use crate::describe::misrouted;
use crate::event::Event;
use crate::state::{EndReason, GameResult, State, Step};
use vt_core::Outcome;
use vt_core::engine::LogEntry;

/// What 5.0 (and 7.4's own conditions) look at when a mission ends,
/// counted once: the result needs only these, the words are built from
/// them when asked for.
struct Reckoning {
    /// "the mission was aborted ..." when it was (5.0, 2.1.1).
    aborted: Option<&'static str>,
    killed: usize,
    captured: usize,
    stranded: usize,
    aboard: usize,
    all: usize,
    /// Survivors brought out: off the map, and with 7.4 aboard too.
    home: usize,
    /// 7.4: every helicopter in play lost.
    helicopters_lost: bool,
    destroyed: u8,
    /// Aircraft shot down, counted against victory only by 7.4.
    shot_down: u8,
    victory: Victory,
}

impl Reckoning {
    /// 5.0: the enemy wins if any of these holds.
    fn lost(&self) -> bool {
        self.aborted.is_some()
            || self.killed > 0
            || self.captured > 0
            || self.stranded > 0
            || self.helicopters_lost
    }

    /// Short of a win: not every Survivor home, or aircraft lost.
    fn short(&self) -> bool {
        self.home < self.all || self.destroyed > 0 || self.shot_down > 0
    }

    fn result(&self) -> GameResult {
        if self.lost() {
            GameResult::Loss
        } else if self.short() {
            GameResult::Draw
        } else {
            GameResult::Win
        }
    }
}

impl Csar {
    /// The result of the mission that just ended.
    pub fn mission_result(&self, s: &State) -> GameResult {
        self.reckon(s).result()
    }

    fn reckon(&self, s: &State) -> Reckoning {
        let sc = &self.data.scenarios[s.scenario as usize];
        let count =
            |f: &dyn Fn(&SurvivorAt) -> bool| s.survivors.iter().filter(|v| f(&v.at)).count();
        let off = count(&|a| *a == SurvivorAt::OffMap);
        let aboard = count(&|a| matches!(a, SurvivorAt::Aboard(_)));
        let afc = sc.victory == Victory::AirForceCross;
        let mut helis = s
            .aircraft
            .iter()
            .filter(|a| a.kind == AircraftKind::Helicopter && a.place != Place::Unused)
            .peekable();
        let helicopters_lost =
            afc && helis.peek().is_some() && helis.all(|a| a.place == Place::Removed);
        Reckoning {
            aborted: match s.end {
                Some(EndReason::Aborted) => Some("the mission was aborted"),
                Some(EndReason::AutoAbort) => Some("the mission was aborted (Auto Abort, 2.1.1)"),
                _ => None,
            },
            killed: count(&|a| *a == SurvivorAt::Killed),
            captured: count(&|a| *a == SurvivorAt::Captured),
            stranded: count(&|a| matches!(a, SurvivorAt::Stranded(_))),
            aboard,
            all: s.survivors.len(),
            // 7.4 (Air Force Cross): a Survivor aboard counts as brought out.
            home: if afc { off + aboard } else { off },
            helicopters_lost,
            destroyed: s.tally.destroyed,
            shot_down: if afc { s.tally.shot_down } else { 0 },
            victory: sc.victory,
        }
    }

    /// The result of the mission that just ended and why, in a player's
    /// words with the rule ("the mission was aborted (5.0)").
    pub fn mission_verdict(&self, s: &State) -> (GameResult, String) {
        let r = self.reckon(s);
        let survivors = |n: usize| if n == 1 { "a Survivor" } else { "Survivors" };
        let rule = match r.victory {
            Victory::Standard => "5.0",
            Victory::AirForceCross => "7.4",
        };
        if r.lost() {
            let mut loss: Vec<String> = r.aborted.iter().map(|a| a.to_string()).collect();
            if r.killed > 0 {
                loss.push(format!("{} killed", survivors(r.killed)));
            }
            if r.captured > 0 {
                loss.push(format!("{} captured", survivors(r.captured)));
            }
            if r.stranded > 0 {
                loss.push(format!(
                    "{} left stranded on the map",
                    survivors(r.stranded)
                ));
            }
            if r.helicopters_lost {
                loss.push("every helicopter lost".into());
            }
            return (
                GameResult::Loss,
                format!("The enemy wins ({rule}): {}.", loss.join("; ")),
            );
        }
        let mut short = Vec::new();
        if r.home < r.all {
            short.push(format!(
                "{} of {} Survivors off the map{}",
                r.home,
                r.all,
                if r.aboard > 0 && r.victory == Victory::Standard {
                    format!(", {} still aboard a helicopter", r.aboard)
                } else {
                    String::new()
                }
            ));
        }
        if r.destroyed > 0 {
            short.push(format!("{} aircraft destroyed by enemy fire", r.destroyed));
        }
        if r.shot_down > 0 {
            short.push(format!("{} aircraft shot down", r.shot_down));
        }
        if short.is_empty() {
            (
                GameResult::Win,
                format!(
                    "You win ({rule}): every Survivor is off the map and no aircraft was destroyed."
                ),
            )
        } else {
            (
                GameResult::Draw,
                format!("A draw ({rule}): {}.", short.join("; ")),
            )
        }
    }

    /// The game (or a campaign mission) is over: score it and move on.
    pub(crate) fn finish_mission(&self, s: &mut State, ev: &mut Vec<Event>) {
        let result = self.mission_result(s);
        if s.campaign.is_some() {
            self.score_mission(s, ev, result);
            return;
        }
        s.result = Some(result);
        ev.push(Event::Result { result });
        s.step = Step::Over;
    }
}

impl Csar {
    /// The log's words for this section's events (the dispatcher is in
    /// [`crate::describe`]).
    pub(crate) fn describe_ending(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
            Event::GameEnds { reason } => t(match reason {
                EndReason::AllHelicoptersDestroyed => {
                    "Every helicopter is destroyed: the game ends (5.0)."
                }
                EndReason::HelicoptersShotDown => {
                    "Both helicopters are down: the mission is lost at once (7.4)."
                }
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

            _ => misrouted(e),
        }
    }
}

impl Csar {
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
            None => {
                let (_, why) = self.mission_verdict(s);
                let ended = match s.end {
                    Some(EndReason::TurnLimit) => " The turn limit has passed (5.0).",
                    Some(EndReason::NoSurvivorsOnMap) => " No Survivor is left on the map (5.0).",
                    Some(EndReason::AllHelicoptersDestroyed) => {
                        " Every helicopter is destroyed (5.0)."
                    }
                    _ => "",
                };
                format!(
                    "{why}{ended} Turn {} of {}, Abort marker {}.",
                    s.turn.min(s.last_turn),
                    s.last_turn,
                    s.abort
                )
            }
        };
        Outcome {
            result: Some(r.label().to_string()),
            summary,
            score,
        }
    }
}
