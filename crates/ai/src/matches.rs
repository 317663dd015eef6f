//! Whole games between players, for strength and balance tables
//! (`vt playout --policy`, `vt balance`).

use crate::player::{Player, Seats};
use serde::Serialize;
use std::sync::Arc;
use vt_core::playout::{PlayoutSummary, playout_with};
use vt_core::{AiRules, GameRng, Setup, SetupError};

/// One side's record over a series.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideRecord {
    pub side: String,
    pub player: String,
    pub wins: u64,
    /// Wins over games.
    pub win_rate: f64,
    /// The 95 % Wilson score interval of the win rate.
    pub low: f64,
    pub high: f64,
}

/// A series of games: the playout summary and each side's record.
#[derive(Clone, Debug, Serialize)]
pub struct MatchSummary {
    #[serde(flatten)]
    pub playout: PlayoutSummary,
    pub sides: Vec<SideRecord>,
}

/// Plays `games` games of `base` with `players` (one per side), on
/// `threads` threads. Game `i` has the same seeds as game `i` of a random
/// playout; the same seed gives the same games whatever the thread count.
pub fn play_matches<R: AiRules>(
    rules: &Arc<R>,
    base: &Setup,
    players: &[Player],
    games: u64,
    threads: usize,
) -> Result<MatchSummary, SetupError> {
    let playout = playout_with(&**rules, base, games, threads, |seed| {
        Seats::new(rules.clone(), players.to_vec(), GameRng::seeded(seed))
    })?;
    let info = rules.info();
    let solitaire = info.sides.len() == 1;
    let sides = info
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let label = if solitaire { "win" } else { s.id.as_str() };
            let wins = playout.outcomes.get(label).copied().unwrap_or(0);
            let (low, high) = wilson(wins, games);
            SideRecord {
                side: s.id.clone(),
                player: players
                    .get(i)
                    .copied()
                    .unwrap_or(Player::Random)
                    .to_string(),
                wins,
                win_rate: if games == 0 {
                    0.0
                } else {
                    wins as f64 / games as f64
                },
                low,
                high,
            }
        })
        .collect();
    Ok(MatchSummary { playout, sides })
}

/// The 95 % Wilson score interval for `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = k as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vt_core::testing::Pig;

    #[test]
    fn wilson_matches_the_textbook() {
        // 8 of 10: 0.490 to 0.943.
        let (lo, hi) = wilson(8, 10);
        assert!(
            (lo - 0.4902).abs() < 1e-3 && (hi - 0.9433).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 20);
        assert!(lo == 0.0 && (hi - 0.1611).abs() < 1e-3, "{hi}");
    }

    // Pig to 30: the search beats random play as either side (about four
    // games in five at 200 iterations; random against random, the first
    // player wins three in five), and the series is the same on one thread
    // and on two.
    #[test]
    fn search_beats_random_at_pig() {
        let rules = Arc::new(Pig { goal: 30 });
        let setup = Setup::new("race", 1);
        let m = Player::Mcts { iterations: 200 };
        for (players, side) in [([m, Player::Random], 0), ([Player::Random, m], 1)] {
            let a = play_matches(&rules, &setup, &players, 40, 1).unwrap();
            assert!(a.sides[side].win_rate >= 0.65, "{:?}", a.sides);
            let b = play_matches(&rules, &setup, &players, 40, 2).unwrap();
            assert_eq!(a.playout.digest, b.playout.digest);
            assert_eq!(a.sides, b.sides);
        }
    }
}
