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
        let sc = &self.data.scenarios[s.scenario as usize];
        let aborted = matches!(s.end, Some(EndReason::Aborted | EndReason::AutoAbort));
        let lost = s
            .survivors
            .iter()
            .any(|v| matches!(v.at, SurvivorAt::Captured | SurvivorAt::Killed));
        let stranded = s.any_stranded();
        match sc.victory {
            Victory::Standard => {
                // 5.0: enemy victory; player victory; otherwise a draw
                // (a Survivor still aboard a helicopter, or an aircraft destroyed).
                if aborted || lost || stranded {
                    GameResult::Loss
                } else if s.survivors.iter().all(|v| v.at == SurvivorAt::OffMap)
                    && s.tally.destroyed == 0
                {
                    GameResult::Win
                } else {
                    GameResult::Draw
                }
            }
            Victory::AirForceCross => {
                let helis: Vec<_> = s
                    .aircraft
                    .iter()
                    .filter(|a| a.kind == AircraftKind::Helicopter && a.place != Place::Unused)
                    .collect();
                let helis_down =
                    !helis.is_empty() && helis.iter().all(|a| a.place == Place::Removed);
                if aborted || lost || stranded || helis_down {
                    GameResult::Loss
                } else if s
                    .survivors
                    .iter()
                    .all(|v| matches!(v.at, SurvivorAt::OffMap | SurvivorAt::Aboard(_)))
                    && s.tally.shot_down == 0
                    && s.tally.destroyed == 0
                {
                    GameResult::Win
                } else {
                    GameResult::Draw
                }
            }
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
