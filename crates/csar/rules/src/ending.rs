//! CSAR 5.0 Ending the Game: the result when the game (or a campaign mission)
//! ends, by 5.0's conditions or a scenario's own (7.4).

use crate::Csar;
use crate::components::{AircraftKind, Place, SurvivorAt};
use crate::data::Victory;
use crate::event::Event;
use crate::state::{EndReason, GameResult, State, Step};

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
