//! Is the computer's estimate of the CSAR commander's chance (the
//! launcher's chart and "Suggest") calibrated? GAMES games of SCENARIO
//! (seeds 1000 on), each decision with a choice searched with ITERATIONS
//! iterations; the search's move is played, or with `random` a random one
//! (a player who ignores the advice). Each estimate is paired with the
//! game's result: per tenth of estimate, how many decisions and the share
//! of them in games won, and every 100 % estimate in a game lost.
//!
//! `cargo run --release -p vt-games --example csar_calibration -- [SCENARIO] [GAMES] [ITERATIONS] [random]`
//!
//! Issue 13, 3 December 2026 (caged-tiger 200 200): estimates read low
//! (0.3 -> 54 % won: the rollouts play the rules of thumb, the search
//! better); the 268 of 95 % and more were all in games won, none of
//! 100 % in a game lost.

use std::sync::Arc;
use vt_ai::{Config, Search};
use vt_core::{GameRng, Ruleset, Setup};

fn main() {
    let mut args = std::env::args().skip(1);
    let scenario = args.next().unwrap_or("caged-tiger".into());
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let iters: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    // "random": the moves are random, the search only estimates.
    let random = args.next().as_deref() == Some("random");
    let rules = Arc::new(csar_rules::Csar::embedded());
    let mut buckets = [(0u32, 0u32); 11];
    let mut sure_lost = Vec::new();
    for g in 0..games {
        let mut s = rules.new_game(&Setup::new(&scenario, 1000 + g)).unwrap();
        let mut rng = GameRng::seeded(g);
        let mut est = Vec::new();
        while s.result.is_none() {
            let legal = rules.legal(&s);
            let mut search = Search::new(
                rules.clone(),
                &s,
                0,
                Config {
                    seed: rng.next_u64(),
                    ..Config::default()
                },
            );
            let i = if search.is_trivial() {
                0
            } else {
                search.run(iters);
                let t = search.thought().unwrap();
                if let Some(w) = t.win {
                    est.push((w, s.turn, format!("{:?}", s.step), t.considered.len()));
                }
                if random {
                    rng.index(legal.len())
                } else {
                    t.index
                }
            };
            let mut ev = Vec::new();
            rules.execute(&mut s, &legal[i], &mut ev);
        }
        let won = s.result == Some(csar_rules::GameResult::Win);
        let top =
            est.iter().cloned().fold(
                (0.0, 0, String::new(), 0),
                |a, e| if e.0 > a.0 { e } else { a },
            );
        println!(
            "game {g}: {:?}, highest estimate {:.3} (turn {}, {})",
            s.result, top.0, top.1, top.2
        );
        for (w, turn, step, n) in est {
            let b = (w * 10.0).round() as usize;
            buckets[b].0 += 1;
            buckets[b].1 += won as u32;
            if w >= 0.999 && !won {
                sure_lost.push((g, turn, step, n));
            }
        }
    }
    for (b, (n, w)) in buckets.iter().enumerate() {
        if *n > 0 {
            println!(
                "estimate {:.1}: {n} decisions, {:.3} in games won",
                b as f64 / 10.0,
                *w as f64 / *n as f64
            );
        }
    }
    println!("estimates of 100 % in games lost: {sure_lost:?}");
}
