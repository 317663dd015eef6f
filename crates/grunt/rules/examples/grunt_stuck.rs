//! Finds random games that get stuck (no legal command before the end) and
//! prints where: `cargo run --release -p grunt-rules --example grunt_stuck -- SCENARIO GAMES`.

use grunt_rules::Grunt;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::{Policy, RandomPolicy, game_seeds};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let scenario = args.first().map(|s| s.as_str()).unwrap_or("basic");
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let g = Grunt::embedded();
    for i in 0..games {
        let (gs, ps) = game_seeds(1, i);
        let mut s = g.new_game(&Setup::new(scenario, gs)).expect("scenario");
        let mut p = RandomPolicy::new(ps);
        let mut last = None;
        loop {
            if g.outcome(&s).result.is_some() {
                break;
            }
            let legal = g.legal(&s);
            if legal.is_empty() {
                println!("game {i} stuck: {:?}", g.decision(&s));
                println!("  steps {:?}", s.steps);
                println!("  last command {last:?}");
                println!("  turn {} order {:?}", s.turn, s.order);
                break;
            }
            let k = Policy::<Grunt>::choose(&mut p, &g, &s, &legal);
            last = Some(legal[k].clone());
            let mut ev = Vec::new();
            g.execute(&mut s, &legal[k], &mut ev);
        }
    }
}
