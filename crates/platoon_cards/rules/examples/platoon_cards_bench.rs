//! Benchmark: random games per second for each scenario (one core), and
//! the time to work out line of sight and spotting between every pair of
//! stands of the largest scenario.
//!
//! `cargo run --release -p platoon-cards-rules --example platoon_cards_bench [GAMES] [SCENARIO]`

use platoon_cards_rules::PlatoonCards;
use std::time::Instant;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::playout;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let only = std::env::args().nth(2);
    let rules = PlatoonCards::embedded();
    println!("Random playouts, {games} games per scenario, 1 thread:");
    for sc in rules.info().scenarios {
        if only.as_ref().is_some_and(|o| *o != sc.id) {
            continue;
        }
        let r = playout(&rules, &Setup::new(&sc.id, 1), games, 1).expect("scenario sets up");
        println!(
            "  {:<16} {:>8.1} games/s  {:>7.0} commands/game  {:?}  digest {}",
            sc.id, r.games_per_second, r.mean_commands, r.outcomes, r.digest
        );
    }
    let state = rules
        .new_game(&Setup::new("firebase-night", 1))
        .expect("sets up");
    let stands: Vec<_> = state.stands.iter().filter(|s| s.on_table()).collect();
    let start = Instant::now();
    let mut seen = 0u64;
    for a in &stands {
        for b in &stands {
            if a.id != b.id && rules.spots(&state, a, b) {
                seen += 1;
            }
        }
    }
    let t = start.elapsed();
    let pairs = (stands.len() * (stands.len() - 1)) as f64;
    println!(
        "Spotting (line of sight and range) every stand to every stand of firebase-night ({} stands, {} pairs): {:.1} ms, {:.1} us per pair, {} seen",
        stands.len(),
        pairs,
        t.as_secs_f64() * 1e3,
        t.as_secs_f64() * 1e6 / pairs,
        seen
    );
}
