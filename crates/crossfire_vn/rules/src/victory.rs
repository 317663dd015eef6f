//! Victory (Incoming!'s victory rules, S13, as publicly described; the
//! numbers in `rules.ron`). The game ends when the moving clock reaches
//! the scenario's end, when the attacker has held its objective for four
//! of its initiatives in a row, when every Free World casualty is out
//! (an evacuation scenario), or when a side has no stand left. Each side
//! then scores: the objective, each enemy casualty marker left on the
//! table (6.5: evacuated casualties score nothing for the enemy; dead
//! snipers count, 6.9.1), each enemy heavy weapon captured (6.5), each
//! enemy vehicle and helicopter destroyed. The Free World column of the
//! victory table was not seen and mirrors the VC/NVA one.

use crate::CrossfireVn;
use crate::data::ObjectiveKind;
use crate::event::{Event, RevealWhy};
use crate::state::*;
use vt_core::engine::Outcome;
use vt_core::tabletop::point_in_polygon;

impl CrossfireVn {
    /// Whether the attacker holds a Hold objective now: a stand of its in
    /// the area and none of the defender's.
    pub fn holds(&self, s: &State, area: &[vt_core::tabletop::Point]) -> bool {
        self.holds_seen(s, area, &|_| true)
    }

    /// As [`CrossfireVn::holds`], counting only the stands `seen` admits:
    /// a side's reading of the objective leaves out the enemy it cannot
    /// see, so a hidden defender in the area does not show in the points.
    fn holds_seen(
        &self,
        s: &State,
        area: &[vt_core::tabletop::Point],
        seen: &dyn Fn(&Stand) -> bool,
    ) -> bool {
        let att = self.scenario_of(s).attacker;
        let inside = |st: &Stand| {
            seen(st) && self.unit_type(st).is_troops() && point_in_polygon(area, st.at)
        };
        s.side_on_table(att).any(inside) && !s.side_on_table(att.other()).any(inside)
    }

    /// At the end of each attacker initiative: hidden defenders in an
    /// objective the attacker stands in are found, then the count of
    /// initiatives held goes on or starts again.
    pub(crate) fn count_objective(&self, s: &mut State, ev: &mut Vec<Event>) {
        let sc = self.scenario_of(s);
        let att = sc.attacker;
        let areas: Vec<Vec<vt_core::tabletop::Point>> = sc
            .objectives
            .iter()
            .filter(|o| o.kind == ObjectiveKind::Hold && !o.area.is_empty())
            .map(|o| o.area.clone())
            .collect();
        if areas.is_empty() {
            return;
        }
        for area in &areas {
            if s.side_on_table(att).any(|st| point_in_polygon(area, st.at)) {
                let found: Vec<StandId> = s
                    .side_on_table(att.other())
                    .filter(|o| o.hidden && point_in_polygon(area, o.at))
                    .map(|o| o.id)
                    .collect();
                for f in found {
                    self.reveal(s, f, RevealWhy::Objective, ev);
                }
            }
        }
        if areas.iter().all(|a| self.holds(s, a)) {
            s.held += 1;
            ev.push(Event::ObjectiveHeld {
                side: att,
                count: s.held,
            });
        } else {
            s.held = 0;
        }
    }

    /// Every Free World casualty is off the table (an Evacuate objective).
    pub fn all_evacuated(&self, s: &State, side: Side) -> bool {
        !s.markers.iter().any(|m| {
            m.side == side
                && m.kind == MarkerKind::Casualty
                && matches!(m.place, MarkerPlace::Ground(_) | MarkerPlace::Carried(_))
        })
    }

    /// Ends the game if it is over, with the final points.
    pub(crate) fn check_end(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.end.is_some() || s.initiative_no == 0 {
            return;
        }
        let sc = self.scenario_of(s);
        let end = if let Some(side) = [Side::FreeWorld, Side::VcNva].into_iter().find(|x| {
            s.side_on_table(*x)
                .all(|st| !self.unit_type(st).is_troops())
        }) {
            Some(End::Wiped(side))
        } else if sc
            .objectives
            .iter()
            .any(|o| o.kind == ObjectiveKind::Evacuate)
            && self.all_evacuated(s, Side::FreeWorld)
        {
            Some(End::Evacuated)
        } else if s.held >= self.rules().victory.hold_initiatives.value {
            Some(End::ObjectiveHeld)
        } else if s.clock >= sc.clock.end {
            Some(End::Time)
        } else {
            None
        };
        if let Some(end) = end {
            s.end = Some(end.clone());
            ev.push(Event::GameOver {
                end,
                points: self.points(s),
            });
        }
    }

    /// Who gets each objective's points now, as far as `seen` admits.
    fn objective_points(&self, s: &State, side: Side, seen: &dyn Fn(&Stand) -> bool) -> i32 {
        let sc = self.scenario_of(s);
        let v = self.rules().victory.objective.value;
        sc.objectives
            .iter()
            .map(|o| {
                let (winner, points) = match o.kind {
                    ObjectiveKind::Hold => {
                        if self.holds_seen(s, &o.area, seen) {
                            (sc.attacker, v)
                        } else {
                            (sc.attacker.other(), o.denied_value(v))
                        }
                    }
                    ObjectiveKind::Evacuate => {
                        if self.all_evacuated(s, Side::FreeWorld) {
                            (Side::FreeWorld, v)
                        } else {
                            (Side::VcNva, v)
                        }
                    }
                };
                if winner == side { points } else { 0 }
            })
            .sum()
    }

    /// Each side's victory points as the game stands: the score at the
    /// end of the game.
    pub fn points(&self, s: &State) -> [i32; 2] {
        self.points_seen(s, &|_| true)
    }

    /// The points as `viewer` can count them during play: stands hidden
    /// from it neither hold nor contest an objective, so the score shown
    /// never tells where a hidden stand is (S17).
    pub fn points_seen_by(&self, s: &State, viewer: Side) -> [i32; 2] {
        self.points_seen(s, &|st| self.visible_to(st, viewer))
    }

    /// The points as anyone may count them (no hidden stand counts), for
    /// the game's public summary.
    pub fn points_public(&self, s: &State) -> [i32; 2] {
        self.points_seen(s, &|st| st.on_table() && !st.hidden)
    }

    fn points_seen(&self, s: &State, seen: &dyn Fn(&Stand) -> bool) -> [i32; 2] {
        let v = &self.rules().victory;
        let mut p = [0i32; 2];
        for side in [Side::FreeWorld, Side::VcNva] {
            let enemy = side.other();
            let mut n = self.objective_points(s, side, seen);
            for m in &s.markers {
                if m.side != enemy {
                    continue;
                }
                n += match (m.kind, m.place) {
                    (MarkerKind::Casualty, MarkerPlace::Ground(_) | MarkerPlace::Carried(_)) => {
                        v.casualty.value
                    }
                    (MarkerKind::Equipment, MarkerPlace::Captured) => v.equipment.value,
                    _ => 0,
                };
            }
            for st in &s.stands {
                if st.side != enemy || st.presence != Presence::Killed {
                    continue;
                }
                let u = self.unit_type(st);
                n += if u.flies {
                    v.aircraft.value
                } else if u.armoured {
                    v.armoured_vehicle.value
                } else if u.is_vehicle() {
                    v.other_vehicle.value
                } else {
                    0
                };
            }
            p[side.idx()] = n;
        }
        p
    }

    pub(crate) fn make_outcome(&self, s: &State) -> Outcome {
        // During play the summary is public: hidden stands do not count.
        let p = if s.end.is_some() {
            self.points(s)
        } else {
            self.points_public(s)
        };
        let score = vec![
            (Side::FreeWorld.name().to_string(), p[0]),
            (Side::VcNva.name().to_string(), p[1]),
        ];
        let clock = crate::initiative::clock_text(s.clock);
        let Some(end) = &s.end else {
            return Outcome {
                result: None,
                summary: format!(
                    "{clock}: {} has the initiative. Points: Free World {}, VC/NVA {}.",
                    s.initiative.name(),
                    p[0],
                    p[1]
                ),
                score,
            };
        };
        let why = match end {
            End::Time => format!("The clock reached {clock}."),
            End::ObjectiveHeld => "The attacker held its objective.".to_string(),
            End::Evacuated => "Every Free World casualty is out.".to_string(),
            End::Wiped(side) => format!("{} has no stand left on the table.", side.name()),
        };
        let (result, who) = if p[0] > p[1] {
            (Side::FreeWorld.id().to_string(), "The Free World wins")
        } else if p[1] > p[0] {
            (Side::VcNva.id().to_string(), "The VC/NVA win")
        } else {
            ("draw".to_string(), "A draw")
        };
        Outcome {
            result: Some(result),
            summary: format!("{why} {who}, {} to {}.", p[0].max(p[1]), p[0].min(p[1])),
            score,
        }
    }
}

use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_victory(&self, _s: Option<&State>, e: &Event) -> LogEntry {
        match e {
            Event::ObjectiveHeld { side, count } => LogEntry::text(format!(
                "{} holds the objective: {} in a row.",
                side.name(),
                vt_core::words::counted(*count as u64, "initiative", "initiatives")
            )),
            Event::GameOver { end, points } => {
                let why = match end {
                    End::Time => "time is up".to_string(),
                    End::ObjectiveHeld => "the objective is held".to_string(),
                    End::Evacuated => "every Free World casualty is out".to_string(),
                    End::Wiped(side) => format!("{} has no stand left", side.name()),
                };
                LogEntry::text(format!(
                    "The game is over: {why}. Points: Free World {}, VC/NVA {}.",
                    points[0], points[1]
                ))
            }
            _ => LogEntry::text(format!("{e:?}")),
        }
    }
}
