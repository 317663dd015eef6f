//! B10 Victory Conditions, O12 the levels of victory, D0 (the awards for the
//! orders of battle and deployments, shown only at the end, and the
//! Day-to-Day declaration), O4d (abandoned casualties), C0 (the orders'
//! awards): the ledger closed and the result.
//!
//! The player with more points may declare himself the winner; equal
//! points, both may. If the US company commander is destroyed the US may
//! not win and the NLF may declare victory whatever the points.

use crate::Grunt;
use crate::data::{Column, Optional, Role};
use crate::event::Event;
use crate::state::*;
use vt_core::engine::Outcome;

impl Grunt {
    pub(crate) fn end_game(&self, s: &mut State, ev: &mut Vec<Event>) {
        for c in s.counters.iter_mut() {
            if c.status == Status::Waiting && c.side == Side::Us {
                c.status = Status::Gone;
                c.gone = Some(Gone::NeverArrived);
            }
        }
        // O4d: abandoned casualties.
        if s.has(Optional::CasualtyCrt) {
            let per = self.tables.points.abandoned.value;
            let (us, nlf) = self.abandoned(s);
            if us > 0 {
                s.award(
                    Side::Nlf,
                    us * per,
                    format!("{us} US casualties abandoned"),
                    "O4d",
                    Reader::Both,
                );
            }
            if nlf > 0 {
                s.award(
                    Side::Us,
                    nlf * per,
                    format!("{nlf} NLF casualties in US hands"),
                    "O4d",
                    Reader::Both,
                );
            }
        }
        // Secrets are shown: every award is read by both.
        for a in s.ledger.iter_mut() {
            a.reader = Reader::Both;
        }
        let us = s.points(Side::Us, None);
        let nlf = s.points(Side::Nlf, None);
        let cc_lost = s.commander_lost();
        let day_to_day = s.column == Some(Column::DayToDay);
        let dtd_loss = match (s.standard(), day_to_day, s.day_to_day) {
            (true, true, None) => Some(
                "the NLF set up Day-to-Day and the US did not declare it by its fourth Player Turn (D0)",
            ),
            (true, false, Some(_)) => Some("the US declared Day-to-Day wrongly (D0)"),
            _ => None,
        };
        let (result, why) = if cc_lost {
            (
                "nlf".to_string(),
                "the US company commander was destroyed: the US may not declare victory (B10)"
                    .to_string(),
            )
        } else if let Some(why) = dtd_loss {
            ("nlf".to_string(), why.to_string())
        } else if us > nlf {
            ("us".to_string(), "more points (B10)".to_string())
        } else if nlf > us {
            ("nlf".to_string(), "more points (B10)".to_string())
        } else {
            (
                "draw".to_string(),
                "equal points: both may declare victory (B10)".to_string(),
            )
        };
        let mut summary = format!("US {us}, NLF {nlf}: ");
        summary.push_str(match result.as_str() {
            "us" => "US victory",
            "nlf" => "NLF victory",
            _ => "both claim victory",
        });
        summary.push_str(&format!(", {why}"));
        if s.has(Optional::VictoryLevels)
            && result != "draw"
            && let Some(level) = self.victory_level(us, nlf, &result)
        {
            summary.push_str(&format!(". {level} (O12)"));
        }
        if let Some(o) = s.order {
            summary.push_str(&format!(
                ". Orders: {} ({})",
                self.order(o).name,
                self.orders_assessment(s, o)
            ));
        }
        if let Some(c) = s.column.and_then(|c| self.oob.column(c)) {
            summary.push_str(&format!(". NLF order of battle: {}", c.name));
        }
        s.result = Some(result.clone());
        s.summary = summary.clone();
        s.phase = Phase::Over;
        s.steps.clear();
        ev.push(Event::GameEnds { result, summary });
    }

    /// O4d: the US casualties that would be abandoned if the game ended
    /// now (neither evacuated nor with a medic, or left on a booby trap),
    /// and the NLF casualties a US medic holds.
    pub(crate) fn abandoned(&self, s: &State) -> (i32, i32) {
        let medic = |w: Option<CounterId>| {
            w.is_some_and(|w| s.c(w).role == Role::Medic && s.c(w).in_play())
        };
        let us = s
            .casualties
            .iter()
            .filter(|x| x.side == Side::Us && !x.evacuated)
            .filter(|x| x.on_trap || !medic(x.with))
            .count() as i32;
        let nlf = s
            .casualties
            .iter()
            .filter(|x| x.side == Side::Nlf && x.held_by_enemy && !x.evacuated)
            .filter(|x| medic(x.with))
            .count() as i32;
        (us, nlf)
    }

    /// How the orders were carried out (C0: the US's "additional
    /// satisfaction"; no points).
    pub fn orders_assessment(&self, s: &State, o: crate::data::OrderId) -> String {
        use crate::data::OrderId::*;
        let taken = s
            .counters
            .iter()
            .filter(|c| c.side == Side::Nlf && c.role.is_cache())
            .filter(|c| {
                matches!(c.gone, Some(Gone::Destroyed))
                    || c.carried_by.is_some_and(|u| s.c(u).side == Side::Us)
            })
            .count();
        let lost = s
            .counters
            .iter()
            .filter(|c| c.side == Side::Us && c.gone == Some(Gone::Killed))
            .count();
        match o {
            SearchDestroyOne => {
                format!("{taken} caches destroyed or captured, {lost} US units lost")
            }
            SearchDestroyTwo => {
                let records = s
                    .counters
                    .iter()
                    .filter(|c| c.role == Role::Records)
                    .filter(|c| {
                        c.gone == Some(Gone::Evacuated)
                            || c.carried_by.is_some_and(|u| s.c(u).side == Side::Us)
                    })
                    .count();
                let total = s
                    .counters
                    .iter()
                    .filter(|c| c.role == Role::Records)
                    .count();
                format!("{records} of {total} records caches secured")
            }
            SecureLz => {
                let lz = self
                    .map_of(s)
                    .area("battalion-lz")
                    .map(|a| a.hexes.clone())
                    .unwrap_or_default();
                let near = s.on_map().any(|c| {
                    c.side == Side::Nlf
                        && c.role.is_nlf_combat()
                        && c.hex
                            .is_some_and(|h| lz.iter().any(|l| crate::map::distance(*l, h) <= 3))
                });
                if near {
                    "NLF units remain within three hexes of the landing zone".into()
                } else {
                    "the landing zone is clear".into()
                }
            }
            EagleFlight => match s.committed {
                Some(t) => format!("the company was committed on Game Turn {t}"),
                None => "the company was never committed".into(),
            },
        }
    }

    /// O12: the winner's points as a share of the loser's.
    pub fn victory_level(&self, us: i32, nlf: i32, result: &str) -> Option<String> {
        let (win, lose) = if result == "us" { (us, nlf) } else { (nlf, us) };
        if win <= 0 {
            return None;
        }
        let pct: i64 = if lose <= 0 {
            i64::MAX
        } else {
            win as i64 * 100 / lose as i64
        };
        self.tables
            .victory_levels
            .iter()
            .rev()
            .find(|l| pct > l.above.value as i64)
            .map(|l| l.name.clone())
    }

    pub(crate) fn make_outcome(&self, s: &State) -> Outcome {
        let pub_us = if s.is_over() {
            s.points(Side::Us, None)
        } else {
            public_points(s, Side::Us)
        };
        let pub_nlf = if s.is_over() {
            s.points(Side::Nlf, None)
        } else {
            public_points(s, Side::Nlf)
        };
        Outcome {
            result: s.result.clone(),
            summary: if s.is_over() {
                s.summary.clone()
            } else if s.turn == 0 {
                "Setting up.".into()
            } else {
                format!("Game Turn {} of {}", s.turn, self.last_turn(s))
            },
            score: vec![
                ("US points".into(), pub_us),
                ("NLF points".into(), pub_nlf),
                ("Game Turn".into(), s.turn as i32),
            ],
        }
    }
}

/// Points every reader may know during play.
pub fn public_points(s: &State, side: Side) -> i32 {
    s.ledger
        .iter()
        .filter(|a| a.side == side && a.pending.is_none() && a.reader == Reader::Both)
        .map(|a| a.points)
        .sum()
}

#[cfg(test)]
mod tests {
    use crate::Grunt;

    // Grunt O12: 100-150 % Reported Victory, 150-200 % Notable Success,
    // over 200 % Turning Point.
    #[test]
    fn o12_levels() {
        let g = Grunt::embedded();
        assert_eq!(
            g.victory_level(120, 100, "us").as_deref(),
            Some("Reported Victory")
        );
        assert_eq!(
            g.victory_level(100, 160, "nlf").as_deref(),
            Some("Notable Success")
        );
        assert_eq!(
            g.victory_level(201, 100, "us").as_deref(),
            Some("Turning Point")
        );
        assert_eq!(
            g.victory_level(200, 100, "us").as_deref(),
            Some("Notable Success")
        );
        assert_eq!(
            g.victory_level(150, 100, "us").as_deref(),
            Some("Reported Victory")
        );
        assert_eq!(
            g.victory_level(10, 0, "us").as_deref(),
            Some("Turning Point")
        );
    }
}
