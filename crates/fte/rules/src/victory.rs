//! 29.0 Victory Conditions: VP never below zero, scenario objectives, the
//! most VP wins and a tie goes to the NVA/VC.

use crate::Fte;
use crate::data::Role;
use crate::describe::Names;
use crate::event::Event;
use crate::state::*;
use crate::step::Step;
use vt_core::engine::LogEntry;
use vt_core::engine::Outcome;

impl Fte {
    pub(crate) fn finish(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(sc) = self.scenario(&s.scenario) {
            for o in &sc.objectives {
                let held = s.units_at(o.hex).any(|u| {
                    u.side == o.side && !u.broken && !self.is_marker_only(u) && !self.is_heli(u)
                });
                let contested = s.units_at(o.hex).any(|u| {
                    u.side != o.side
                        && self.role(u) != Role::Civilians
                        && self.role(u) != Role::Dummy
                });
                if held && !contested {
                    let i = o.side.idx();
                    s.vp[i] = (s.vp[i] + o.vp).max(0);
                    ev.push(Event::ObjectiveHeld {
                        name: o.name.clone(),
                        side: o.side,
                        vp: o.vp,
                    });
                }
            }
        }
        let winner = if s.vp[0] > s.vp[1] {
            Side::Us
        } else {
            Side::Nva
        };
        s.result = Some(winner);
        s.steps = vec![Step::Over];
        s.activation = None;
        ev.push(Event::GameOver { winner, vp: s.vp });
    }

    pub(crate) fn make_outcome(&self, s: &State) -> Outcome {
        let score = vec![
            ("US VP".to_string(), s.vp[0]),
            ("NVA/VC VP".to_string(), s.vp[1]),
            ("Turn".to_string(), s.turn as i32),
        ];
        match s.result {
            Some(w) => Outcome {
                result: Some(if w == Side::Us {
                    "us".into()
                } else {
                    "nva-vc".into()
                }),
                summary: {
                    let (won, lost) = (s.vp[w.idx()], s.vp[w.other().idx()]);
                    let how = if won == lost {
                        "a tie goes to the NVA/VC"
                    } else {
                        "the side with more Victory Points wins"
                    };
                    format!(
                        "{} wins on Victory Points, {won} to {lost}, at the end of turn {} of {} (29.0: {how}).",
                        w.name(),
                        s.turn,
                        s.turns
                    )
                },
                score,
            },
            None => Outcome {
                result: None,
                summary: format!(
                    "Turn {} of {}: US {} VP, NVA/VC {} VP.",
                    s.turn, s.turns, s.vp[0], s.vp[1]
                ),
                score,
            },
        }
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_victory(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::Vp {
                side,
                event,
                change,
                total,
            } => LogEntry::text(if *change == 0 {
                format!(
                    "{}: {} would cost VP, but VP never fall below 0 (29.0).",
                    side.name(),
                    event.name()
                )
            } else {
                format!(
                    "{} {:+} VP for {} (now {total}) (29.0).",
                    side.name(),
                    change,
                    event.name()
                )
            }),
            Event::ObjectiveHeld { name, side, vp } => {
                LogEntry::text(format!("{} holds {name}: {vp:+} VP.", side.name()))
            }
            Event::GameOver { winner, vp } => LogEntry::text(format!(
                "Game over: {} wins, US {} VP to NVA/VC {} VP (29.0).",
                winner.name(),
                vp[0],
                vp[1]
            )),

            other => n.misrouted(other),
        }
    }
}
