//! Plays random games of each scenario and counts the kinds of events, to
//! see that every mechanism comes up in play.
//!
//! `cargo run --release -p fte-rules --example event_census [GAMES]`

use fte_rules::Fte;
use std::collections::BTreeMap;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::{Policy, RandomPolicy, game_seeds};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let rules = Fte::embedded();
    for sc in rules.info().scenarios {
        let mut counts: BTreeMap<String, u64> = BTreeMap::new();
        let mut decisions: BTreeMap<String, u64> = BTreeMap::new();
        for i in 0..games {
            let (gs, ps) = game_seeds(1, i);
            let mut s = rules.new_game(&Setup::new(&sc.id, gs)).expect("sets up");
            let mut policy = RandomPolicy::new(ps);
            while rules.outcome(&s).result.is_none() {
                let legal = rules.legal(&s);
                *decisions
                    .entry(rules.decision(&s).kind.into_owned())
                    .or_default() += 1;
                let k = Policy::<Fte>::choose(&mut policy, &rules, &s, &legal);
                let mut ev = Vec::new();
                rules.execute(&mut s, &legal[k], &mut ev);
                for e in ev {
                    let name = format!("{e:?}");
                    let key = name.split([' ', '{', '(']).next().unwrap_or("").to_string();
                    let key = match &e {
                        fte_rules::Event::RandomEvent { event, .. } => {
                            format!("RandomEvent {event:?}")
                        }
                        fte_rules::Event::Effect { effect, .. } => format!("Effect {effect:?}"),
                        _ => key,
                    };
                    *counts.entry(key).or_default() += 1;
                }
            }
        }
        println!("== {} ({games} games)", sc.id);
        println!("  events: {counts:?}");
        println!("  decisions: {decisions:?}");
    }
}
