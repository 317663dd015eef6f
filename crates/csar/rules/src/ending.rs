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

impl Csar {
    /// The result of the mission that just ended.
    pub fn mission_result(&self, s: &State) -> GameResult {
        self.mission_verdict(s).0
    }

    /// The result of the mission that just ended and why, in a player's
    /// words with the rule ("the mission was aborted (5.0)").
    pub fn mission_verdict(&self, s: &State) -> (GameResult, String) {
        let sc = &self.data.scenarios[s.scenario as usize];
        let count =
            |f: &dyn Fn(&SurvivorAt) -> bool| s.survivors.iter().filter(|v| f(&v.at)).count();
        let killed = count(&|a| *a == SurvivorAt::Killed);
        let captured = count(&|a| *a == SurvivorAt::Captured);
        let stranded = count(&|a| matches!(a, SurvivorAt::Stranded(_)));
        let off = count(&|a| *a == SurvivorAt::OffMap);
        let aboard = count(&|a| matches!(a, SurvivorAt::Aboard(_)));
        let all = s.survivors.len();
        let survivors = |n: usize| if n == 1 { "a Survivor" } else { "Survivors" };
        // 5.0: the enemy wins if any of these holds.
        let mut loss = Vec::new();
        match s.end {
            Some(EndReason::Aborted) => loss.push("the mission was aborted".to_string()),
            Some(EndReason::AutoAbort) => {
                loss.push("the mission was aborted (Auto Abort, 2.1.1)".to_string())
            }
            _ => {}
        }
        if killed > 0 {
            loss.push(format!("{} killed", survivors(killed)));
        }
        if captured > 0 {
            loss.push(format!("{} captured", survivors(captured)));
        }
        if stranded > 0 {
            loss.push(format!("{} left stranded on the map", survivors(stranded)));
        }
        let rule = match sc.victory {
            Victory::Standard => "5.0",
            Victory::AirForceCross => "7.4",
        };
        if sc.victory == Victory::AirForceCross {
            let helis: Vec<_> = s
                .aircraft
                .iter()
                .filter(|a| a.kind == AircraftKind::Helicopter && a.place != Place::Unused)
                .collect();
            if !helis.is_empty() && helis.iter().all(|a| a.place == Place::Removed) {
                loss.push("every helicopter lost".into());
            }
        }
        if !loss.is_empty() {
            return (
                GameResult::Loss,
                format!("The enemy wins ({rule}): {}.", loss.join("; ")),
            );
        }
        let home = match sc.victory {
            // 7.4 (Air Force Cross): a Survivor aboard counts as brought out.
            Victory::AirForceCross => off + aboard,
            Victory::Standard => off,
        };
        let mut short = Vec::new();
        if home < all {
            short.push(format!(
                "{} of {all} Survivors off the map{}",
                home,
                if aboard > 0 && sc.victory == Victory::Standard {
                    format!(", {aboard} still aboard a helicopter")
                } else {
                    String::new()
                }
            ));
        }
        if s.tally.destroyed > 0 {
            short.push(format!(
                "{} aircraft destroyed by enemy fire",
                s.tally.destroyed
            ));
        }
        if sc.victory == Victory::AirForceCross && s.tally.shot_down > 0 {
            short.push(format!("{} aircraft shot down", s.tally.shot_down));
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
