//! Why random games end as they do: for each scenario, the results and
//! their reasons (points, the company commander lost, a Day-to-Day
//! verdict), the mean points of each side and where they came from (the
//! ledger by rule section), for plain random play and for random play in
//! which the US never declares Day-to-Day (D0: a wrong declaration loses
//! the game, and a random player makes one in almost every game).
//!
//! `cargo run --release -p grunt-rules --example grunt_outcomes [GAMES] [SCENARIO]`

use grunt_rules::state::Side;
use grunt_rules::{Command, Grunt};
use std::collections::BTreeMap;
use vt_core::engine::{Ruleset, Setup};
use vt_core::rng::GameRng;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let only = std::env::args().nth(2);
    let g = Grunt::embedded();
    for sc in g.info().scenarios {
        if only.as_ref().is_some_and(|o| *o != sc.id) {
            continue;
        }
        for declare in [true, false] {
            let mut results: BTreeMap<String, u64> = BTreeMap::new();
            let mut sections: [BTreeMap<String, i64>; 2] = Default::default();
            let mut totals = [0i64; 2];
            for n in 0..games {
                let seed = 1 + n;
                let mut s = g.new_game(&Setup::new(&sc.id, seed)).expect("sets up");
                let mut rng = GameRng::seeded(seed ^ 0x5eed);
                for _ in 0..20_000 {
                    if g.outcome(&s).is_finished() {
                        break;
                    }
                    let mut legal = g.legal(&s);
                    if !declare && legal.len() > 1 {
                        legal.retain(|c| *c != Command::DeclareDayToDay);
                    }
                    let c = legal[rng.index(legal.len())].clone();
                    if let Err(e) = g.apply(&mut s, &c) {
                        // The contract says this never happens; say so loudly.
                        println!("  seed {seed}: listed as legal but refused: {c:?}: {e}");
                        break;
                    }
                }
                let why = s
                    .summary
                    .split_once(": ")
                    .map(|(_, r)| r.split(". ").next().unwrap_or(r).to_string())
                    .unwrap_or_else(|| "unfinished".into());
                *results.entry(why).or_default() += 1;
                for side in [Side::Us, Side::Nlf] {
                    let i = side.idx() as usize;
                    totals[i] += s.points(side, None) as i64;
                    for a in s
                        .ledger
                        .iter()
                        .filter(|a| a.side == side && a.pending.is_none())
                    {
                        *sections[i].entry(a.rule.clone()).or_default() += a.points as i64;
                    }
                }
            }
            println!(
                "{} ({} games, US {} Day-to-Day):",
                sc.id,
                games,
                if declare {
                    "may declare"
                } else {
                    "never declares"
                }
            );
            for (why, n) in &results {
                println!("  {n:>4}  {why}");
            }
            for side in [Side::Us, Side::Nlf] {
                let i = side.idx() as usize;
                let by: Vec<String> = sections[i]
                    .iter()
                    .map(|(r, p)| format!("{r} {:.1}", *p as f64 / games as f64))
                    .collect();
                println!(
                    "  {} mean points {:.1}: {}",
                    side.name(),
                    totals[i] as f64 / games as f64,
                    by.join(", ")
                );
            }
            if sc.id == "solitaire" || sc.id == "basic" {
                break;
            }
        }
    }
}
