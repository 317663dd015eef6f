//! 29.0 Victory Conditions: VP never below zero, scenario objectives, the
//! most VP wins and a tie goes to the NVA/VC.

use crate::Fte;
use crate::data::Role;
use crate::event::Event;
use crate::state::*;
use crate::step::Step;
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
                summary: format!(
                    "{} win, {} VP to {} (turn {} of {}).",
                    w.name(),
                    s.vp[w.idx()],
                    s.vp[w.other().idx()],
                    s.turn,
                    s.turns
                ),
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
