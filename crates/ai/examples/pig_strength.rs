//! Strength of the search at Pig against random and scripted play.
use std::sync::Arc;
use vt_ai::{Player, play_matches};
use vt_core::Setup;
use vt_core::testing::Pig;

fn main() {
    let rules = Arc::new(Pig { goal: 30 });
    let setup = Setup::new("race", 1);
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let m = Player::Mcts { iterations: n };
    for players in [
        [m, Player::Random],
        [Player::Random, m],
        [m, m],
        [Player::Random, Player::Random],
    ] {
        let a = play_matches(&rules, &setup, &players, 200, 2).unwrap();
        println!(
            "{:?}",
            a.sides
                .iter()
                .map(|s| (s.player.clone(), s.win_rate))
                .collect::<Vec<_>>()
        );
    }
}
