//! Plays random games and reports, per decision kind, how often it comes,
//! how many commands `legal` lists and how long listing them takes; and
//! which events the games produce (to see every mechanism come up).
//!
//! `cargo run --release -p crossfire-vn-rules --example census [GAMES]`

use crossfire_vn_rules::CrossfireVn;
use std::collections::BTreeMap;
use std::time::Instant;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::{Policy, RandomPolicy, game_seeds};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let rules = CrossfireVn::embedded();
    for sc in rules.info().scenarios {
        let mut kinds: BTreeMap<String, (u64, u64, f64)> = BTreeMap::new();
        let mut commands: BTreeMap<String, u64> = BTreeMap::new();
        let mut events: BTreeMap<String, u64> = BTreeMap::new();
        let mut ends: BTreeMap<String, u64> = BTreeMap::new();
        let mut listed: BTreeMap<String, u64> = BTreeMap::new();
        for i in 0..games {
            let (gs, ps) = game_seeds(1, i);
            let mut s = rules.new_game(&Setup::new(&sc.id, gs)).expect("sets up");
            let mut policy = RandomPolicy::new(ps);
            while rules.outcome(&s).result.is_none() {
                let t = Instant::now();
                let legal = rules.legal(&s);
                let dt = t.elapsed().as_secs_f64();
                let k = kinds
                    .entry(rules.decision(&s).kind.into_owned())
                    .or_default();
                k.0 += 1;
                k.1 += legal.len() as u64;
                k.2 += dt;
                for c in &legal {
                    let name = format!("{c:?}");
                    *listed
                        .entry(name.split([' ', '{', '(']).next().unwrap_or("").to_string())
                        .or_default() += 1;
                }
                let n = Policy::<CrossfireVn>::choose(&mut policy, &rules, &s, &legal);
                let name = format!("{:?}", legal[n]);
                *commands
                    .entry(name.split([' ', '{', '(']).next().unwrap_or("").to_string())
                    .or_default() += 1;
                let mut ev = Vec::new();
                rules.execute(&mut s, &legal[n], &mut ev);
                for e in ev {
                    let name = format!("{e:?}");
                    *events
                        .entry(name.split([' ', '{', '(']).next().unwrap_or("").to_string())
                        .or_default() += 1;
                }
            }
            *ends.entry(format!("{:?}", s.end)).or_default() += 1;
        }
        println!("== {} ({games} games)", sc.id);
        for (k, (n, c, t)) in &kinds {
            println!(
                "  {k:<16} {n:>6} decisions, {:>6.1} commands each, {:>8.3} ms to list",
                *c as f64 / *n as f64,
                t * 1e3 / *n as f64
            );
        }
        println!("  listed: {listed:?}");
        println!("  chosen: {commands:?}");
        println!("  events: {events:?}");
        println!("  ends: {ends:?}");
    }
}
