//! Plays one random game and prints its log as the referee reads it:
//! `cargo run --release -p grunt-rules --example grunt_log -- SCENARIO SEED [KEY=VALUE...]`.

use grunt_rules::Grunt;
use vt_core::engine::{Reader, Ruleset, Setup};
use vt_core::playout::{Policy, RandomPolicy};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let scenario = args.first().map(|s| s.as_str()).unwrap_or("basic");
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut setup = Setup::new(scenario, seed);
    for kv in args.iter().skip(2) {
        if let Some((k, v)) = kv.split_once('=') {
            setup = setup.option(k, v);
        }
    }
    let g = Grunt::embedded();
    let mut s = g.new_game(&setup).expect("scenario");
    let mut p = RandomPolicy::new(seed ^ 0x5eed);
    let mut n = 0;
    while g.outcome(&s).result.is_none() && n < 100_000 {
        let legal = g.legal(&s);
        let k = Policy::<Grunt>::choose(&mut p, &g, &s, &legal);
        let mut ev = Vec::new();
        g.execute(&mut s, &legal[k], &mut ev);
        for e in &ev {
            let entry = g.describe_in(&s, e);
            println!("{}", entry.read_by(Reader::Referee).0);
            for a in &entry.adjudications {
                println!("    {}", a.summary());
            }
        }
        n += 1;
    }
    println!("{:?}", g.outcome(&s));
}
