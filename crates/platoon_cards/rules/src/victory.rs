//! The text gives no victory rules: each of our scenarios says what its
//! side must do by the last turn (hold objectives, get vehicles off the
//! far edge, keep or inflict losses); short of that the other side wins
//! (or a draw, where the scenario says). A side with nothing left loses at
//! once, unless what it has left got off by the far edge: then the
//! scenario's conditions are read at once.

use crate::PlatoonCards;
use crate::event::Event;
use crate::scenario::Condition;
use crate::state::*;
use crate::step::Step;
use vt_core::engine::Outcome;
use vt_core::tabletop::point_in_polygon;

impl PlatoonCards {
    /// A side's losses as a share of its strength, in percent. `public`:
    /// only losses the enemy has seen (hidden stands killed by a barrage
    /// stay secret until the end).
    pub fn losses_percent(&self, s: &State, side: Side, public: bool) -> u32 {
        let strength: u32 = s
            .platoons
            .iter()
            .filter(|p| p.side == side)
            .map(|p| p.strength as u32)
            .sum();
        let lost = s
            .stands
            .iter()
            .filter(|st| {
                let t = self.unit(st);
                st.side == side
                    && !t.single_figure
                    && (t.counts || t.armour == crate::data::Armour::Softskin)
                    && st.gone.is_some_and(|g| g.is_loss())
                    && !(public && st.hidden)
            })
            .count() as u32;
        (lost * 100).div_ceil(strength.max(1)).min(100)
    }

    /// Objectives a side holds now: a stand of its in good order inside, no
    /// enemy inside.
    pub fn objectives_held(&self, s: &State, side: Side) -> Vec<String> {
        let sc = self.scenario_of(s);
        sc.objectives
            .iter()
            .filter(|o| {
                let inside = |st: &&Stand| {
                    st.on_table() && !st.airborne && point_in_polygon(&o.area, st.pos)
                };
                s.stands
                    .iter()
                    .filter(inside)
                    .any(|st| st.side == side && st.status != Status::Disrupted)
                    && !s.stands.iter().filter(inside).any(|st| st.side != side)
            })
            .map(|o| o.name.clone())
            .collect()
    }

    pub fn exited(&self, s: &State, side: Side) -> usize {
        s.stands
            .iter()
            .filter(|st| {
                st.side == side && st.gone == Some(Gone::Exited) && self.unit(st).is_vehicle()
            })
            .count()
    }

    fn met(&self, s: &State, side: Side, c: &Condition) -> bool {
        match c {
            Condition::Hold { objectives, count } => {
                let held = self.objectives_held(s, side);
                objectives.iter().filter(|o| held.contains(o)).count() >= *count as usize
            }
            Condition::LossesAtMost { percent } => {
                self.losses_percent(s, side, false) <= *percent as u32
            }
            Condition::EnemyLossesAtLeast { percent } => {
                self.losses_percent(s, side.other(), false) >= *percent as u32
            }
            Condition::Exit { count } => self.exited(s, side) >= *count as usize,
        }
    }

    fn has_forces(&self, s: &State, side: Side) -> bool {
        s.stands.iter().any(|st| {
            st.side == side
                && (st.alive() || st.arrives.is_some())
                && st.gone.is_none()
                && !self.unit(st).single_figure
        })
    }

    /// Ends the game at once if a side has nothing left. A side whose
    /// last stands left by the far edge (a column getting through) was not
    /// beaten: nothing more can change the reckoning, so the scenario's
    /// conditions are read now, as at the end of the last turn (before, a
    /// column that got all seven vehicles off lost: "US has nothing left
    /// in the field").
    pub(crate) fn sudden_death(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.winner.is_some() {
            return;
        }
        for side in [Side::Us, Side::Vc] {
            if !self.has_forces(s, side) {
                let got_off = s
                    .stands
                    .iter()
                    .any(|st| st.side == side && st.gone == Some(Gone::Exited));
                if got_off {
                    self.finish(s, ev);
                    return;
                }
                let text = format!("{} has nothing left in the field.", side.name());
                self.declare(s, Some(side.other()), text, ev);
                return;
            }
        }
    }

    /// The end of the last turn: the scenario's conditions.
    pub(crate) fn finish(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.winner.is_some() {
            return;
        }
        let sc = self.scenario_of(s).clone();
        let v = &sc.victory;
        let all = v.all.iter().all(|c| self.met(s, v.side, c));
        let (winner, text) = if all {
            (Some(v.side), format!("{} wins: {}", v.side.name(), v.text))
        } else if v.draw.iter().any(|c| self.met(s, v.side, c)) {
            (
                None,
                format!("A draw: {} fell short of: {}", v.side.name(), v.text),
            )
        } else {
            (
                Some(v.side.other()),
                format!(
                    "{} wins: {} fell short of: {}",
                    v.side.other().name(),
                    v.side.name(),
                    v.text
                ),
            )
        };
        self.declare(s, winner, text, ev);
    }

    fn declare(&self, s: &mut State, winner: Option<Side>, text: String, ev: &mut Vec<Event>) {
        s.winner = Some(winner);
        s.result_text = text.clone();
        s.steps = vec![Step::Over];
        ev.push(Event::GameOver { winner, text });
    }

    pub fn make_outcome(&self, s: &State) -> Outcome {
        let sc = self.scenario_of(s);
        let side = sc.victory.side;
        let mut score = vec![
            ("turn".to_string(), s.turn as i32),
            ("turns".to_string(), s.turns as i32),
            (
                "US losses %".to_string(),
                self.losses_percent(s, Side::Us, s.winner.is_none()) as i32,
            ),
            (
                "VC/NVA losses %".to_string(),
                self.losses_percent(s, Side::Vc, s.winner.is_none()) as i32,
            ),
        ];
        if !sc.objectives.is_empty() {
            score.push((
                format!("objectives held by {}", side.name()),
                self.objectives_held(s, side).len() as i32,
            ));
        }
        if sc.exit_edge.is_some() {
            score.push((
                "vehicles off the far edge".to_string(),
                self.exited(s, side) as i32,
            ));
        }
        match &s.winner {
            Some(w) => Outcome {
                result: Some(w.map_or("draw".to_string(), |x| x.id().to_string())),
                summary: s.result_text.clone(),
                score,
            },
            None => Outcome {
                result: None,
                summary: format!("Turn {} of {}. {}", s.turn, s.turns, sc.victory.text),
                score,
            },
        }
    }
}
