//! Which events random games produce, per scenario: a rule no random game
//! reaches is either unreachable or badly offered.
//!
//! `cargo run --release -p platoon-cards-rules --example platoon_event_census [GAMES]`

use platoon_cards_rules::PlatoonCards;
use std::collections::BTreeMap;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::{Policy, RandomPolicy, game_seeds};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let rules = PlatoonCards::embedded();
    for sc in rules.info().scenarios {
        let mut census: BTreeMap<String, u64> = BTreeMap::new();
        let mut results: BTreeMap<String, u64> = BTreeMap::new();
        let mut commands = 0u64;
        for i in 0..games {
            let (gs, ps) = game_seeds(7, i);
            let mut s = rules.new_game(&Setup::new(&sc.id, gs)).expect("sets up");
            let mut policy = RandomPolicy::new(ps);
            while rules.outcome(&s).result.is_none() && commands < 10_000_000 {
                let legal = rules.legal(&s);
                if legal.is_empty() {
                    *results.entry("stuck".into()).or_default() += 1;
                    break;
                }
                let k = Policy::<PlatoonCards>::choose(&mut policy, &rules, &s, &legal);
                let mut ev = Vec::new();
                rules.execute(&mut s, &legal[k], &mut ev);
                commands += 1;
                for e in ev {
                    let name = format!("{e:?}");
                    let name = name.split([' ', '{', '(']).next().unwrap_or("").to_string();
                    *census.entry(name).or_default() += 1;
                }
            }
            if let Some(r) = rules.outcome(&s).result {
                *results.entry(r).or_default() += 1;
            }
        }
        println!(
            "{} ({games} games, {} commands/game): {results:?}",
            sc.id,
            commands / games
        );
        for (k, v) in census {
            println!("    {k:<22} {v}");
        }
    }
}
