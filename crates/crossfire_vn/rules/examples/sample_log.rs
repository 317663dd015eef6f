//! Plays one random game and prints its log as the Free World reads it,
//! to read the words.
//!
//! `cargo run --release -p crossfire-vn-rules --example sample_log [SCENARIO] [SEED]`

use crossfire_vn_rules::CrossfireVn;
use std::sync::Arc;
use vt_core::engine::{Reader, Ruleset, Setup};
use vt_core::playout::{Policy, RandomPolicy};
use vt_core::session::Session;

fn main() {
    let sc = std::env::args().nth(1).unwrap_or("trail-contact".into());
    let seed: u64 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let rules = Arc::new(CrossfireVn::embedded());
    let mut s = Session::new(rules.clone(), Setup::new(&sc, seed)).expect("sets up");
    let mut p = RandomPolicy::new(seed);
    while rules.outcome(&s.state).result.is_none() {
        let legal = rules.legal(&s.state);
        let k = Policy::<CrossfireVn>::choose(&mut p, &rules, &s.state, &legal);
        s.apply(legal[k].clone()).expect("legal");
    }
    for e in s.log() {
        let (text, rolls) = e.read_by(Reader::Side(0));
        println!("{text}");
        for a in rolls {
            println!("    {}", a.summary());
        }
    }
    println!("{}", rules.outcome(&s.state).summary);
}
