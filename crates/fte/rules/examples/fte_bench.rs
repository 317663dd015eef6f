//! Benchmark: random games per second for each scenario, and the time to
//! compute line of sight from every hex to every hex of the largest map.
//!
//! `cargo run --release -p fte-rules --example fte_bench [GAMES] [SCENARIO]`

use fte_rules::Fte;
use std::time::Instant;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::playout;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let only = std::env::args().nth(2);
    let rules = Fte::embedded();
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
    let map = rules
        .maps
        .iter()
        .filter(|m| m.id != "examples")
        .max_by_key(|m| m.hexes().len())
        .expect("a map");
    let sc = rules
        .scenarios
        .iter()
        .find(|s| s.map == map.id)
        .expect("a scenario on that map");
    let state = rules.new_game(&Setup::new(&sc.id, 1)).expect("sets up");
    let hexes = map.hexes().to_vec();
    let start = Instant::now();
    let mut clear = 0u64;
    for &a in &hexes {
        for &b in &hexes {
            if rules.line_of_sight(&state, a, b).is_ok() {
                clear += 1;
            }
        }
    }
    let t = start.elapsed();
    let pairs = (hexes.len() * hexes.len()) as f64;
    println!(
        "LoS every hex to every hex on {} ({} hexes, {} pairs): {:.1} ms, {:.2} us per pair, {} clear",
        map.name,
        hexes.len(),
        pairs,
        t.as_secs_f64() * 1e3,
        t.as_secs_f64() * 1e6 / pairs,
        clear
    );
}
