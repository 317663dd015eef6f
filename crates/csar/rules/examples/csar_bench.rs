//! Complete random-policy games per second on one core, per scenario, with the
//! playout digest (the same for the same seed).
//!
//! cargo run --release -p csar-rules --example csar_bench [games] [seed] [scenario]

use csar_rules::Csar;
use vt_core::{Ruleset, Setup};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let only = args.next();
    let rules = Csar::embedded();
    for sc in rules.info().scenarios {
        if only.as_ref().is_some_and(|o| *o != sc.id) {
            continue;
        }
        let n = if sc.id == "campaign" {
            games / 3
        } else {
            games
        };
        match vt_core::playout::playout(&rules, &Setup::new(&sc.id, seed), n, 1) {
            Ok(p) => {
                let outcomes: Vec<String> =
                    p.outcomes.iter().map(|(k, v)| format!("{k} {v}")).collect();
                println!(
                    "{:<24} {:>8} games {:>9.0} games/s  {:>6.1} commands/game  digest {}  [{}]",
                    sc.id,
                    p.games,
                    p.games_per_second,
                    p.mean_commands,
                    p.digest,
                    outcomes.join(", ")
                );
            }
            Err(e) => println!("{:<24} error: {e}", sc.id),
        }
    }
}
