//! Benchmark: random games per second for each scenario (one core), the
//! commands per game and the outcomes; and the time to judge line of sight
//! from every stand to every other at the start of each scenario.
//!
//! `cargo run --release -p crossfire-vn-rules --example crossfire_bench [GAMES] [SCENARIO]`

use crossfire_vn_rules::CrossfireVn;
use std::time::Instant;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::playout;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let only = std::env::args().nth(2);
    let rules = CrossfireVn::embedded();
    println!("Random playouts, {games} games per scenario, 1 thread:");
    for sc in rules.info().scenarios {
        if only.as_ref().is_some_and(|o| *o != sc.id) {
            continue;
        }
        let r = playout(&rules, &Setup::new(&sc.id, 1), games, 1).expect("scenario sets up");
        println!(
            "  {:<22} {:>8.1} games/s  {:>7.0} commands/game  {:?}  digest {}",
            sc.id, r.games_per_second, r.mean_commands, r.outcomes, r.digest
        );
        let s = rules.new_game(&Setup::new(&sc.id, 1)).expect("sets up");
        let start = Instant::now();
        let mut seen = 0u64;
        let mut pairs = 0u64;
        for a in s.on_table() {
            for b in s.on_table() {
                if a.id != b.id {
                    pairs += 1;
                    if rules.sees(&s, a, b) {
                        seen += 1;
                    }
                }
            }
        }
        let t = start.elapsed();
        println!(
            "  {:<22} line of sight, every stand to every other: {pairs} pairs in {:.2} ms ({:.1} us a pair), {seen} seen",
            "",
            t.as_secs_f64() * 1e3,
            t.as_secs_f64() * 1e6 / pairs.max(1) as f64
        );
    }
}
