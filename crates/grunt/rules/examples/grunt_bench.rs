//! Benchmark: random games per second for each scenario (and the Standard
//! Game with each optional rule), and the time to trace fire from every hex
//! to every hex of the map.
//!
//! `cargo run --release -p grunt-rules --example grunt_bench [GAMES] [SCENARIO]`

use grunt_rules::Grunt;
use grunt_rules::data::Optional;
use grunt_rules::line_of_sight::Sight;
use std::time::Instant;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::playout;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let only = std::env::args().nth(2);
    let rules = Grunt::embedded();
    println!("Random playouts, {games} games per scenario, 1 thread:");
    let mut setups: Vec<(String, Setup)> = rules
        .info()
        .scenarios
        .iter()
        .map(|sc| (sc.id.clone(), Setup::new(&sc.id, 1)))
        .collect();
    if only.is_none() {
        for o in Optional::ALL {
            setups.push((
                format!("standard +{}", o.key()),
                Setup::new("standard", 1).option(o.key(), "on"),
            ));
        }
    }
    for (name, setup) in setups {
        if only.as_ref().is_some_and(|o| *o != setup.scenario) {
            continue;
        }
        let r = playout(&rules, &setup, games, 1).expect("scenario sets up");
        println!(
            "  {:<34} {:>7.1} games/s  {:>6.0} commands/game  {:?}  digest {}",
            name, r.games_per_second, r.mean_commands, r.outcomes, r.digest
        );
    }
    let state = rules.new_game(&Setup::new("standard", 1)).expect("sets up");
    let map = rules.map_of(&state);
    let hexes: Vec<_> = map.hexes().collect();
    let blockers = rules.blockers(&state);
    let start = Instant::now();
    let mut clear = 0u64;
    for &a in &hexes {
        for &b in &hexes {
            if rules.line(&state, &blockers, a, b, Sight::Fire).is_ok() {
                clear += 1;
            }
        }
    }
    let t = start.elapsed();
    let pairs = (hexes.len() * hexes.len()) as f64;
    println!(
        "Fire lines every hex to every hex on {} ({} hexes): {:.1} ms, {:.3} us per pair, {} clear",
        map.name,
        hexes.len(),
        t.as_secs_f64() * 1e3,
        t.as_secs_f64() * 1e6 / pairs,
        clear
    );
}
