//! Hunts for hidden information that leaks into a side's decisions, over
//! many more random games than the games' own tests play: at every
//! `EVERY`th command of `GAMES` random games of each scenario,
//! [`vt_core::testing::check_determinize`] samples a full state from each
//! side's view and asserts that the side sees the same view, the same
//! decision and the same legal commands in the sample as in the game (a
//! rule that consults a hidden stand or card shows there as a command
//! offered in one and not the other).
//!
//! `cargo run --release -p vt-games --example leak_hunt -- GAME [SEED] [GAMES] [EVERY]`
//!
//! GAME is `fte`, `csar`, `crossfire`, `grunt` or `platoon`. Prints a line
//! per scenario, `ok` or `LEAK` (the assertion's message above it names the
//! game, the command and the two lists). Session 30 found two this way, the
//! same reading in two games: a hidden team screening a Command Group
//! (Crossfire 6.9) and a hidden squad screening a PC (platoon cards, Notes:
//! PCs & FOs).

use std::sync::Arc;
use vt_core::engine::Setup;

fn hunt<R: vt_core::AiRules + 'static>(
    name: &str,
    rules: Arc<R>,
    seed: u64,
    games: u64,
    every: usize,
) {
    for sc in rules.info().scenarios {
        let r = rules.clone();
        let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            vt_core::testing::check_determinize(r, &Setup::new(&sc.id, seed), games, every)
        }));
        println!(
            "{name} {}: {}",
            sc.id,
            if found.is_ok() { "ok" } else { "LEAK" }
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (seed, games, every) = (num(1, 11), num(2, 10), num(3, 3).max(1) as usize);
    match args.first().map(String::as_str) {
        Some("fte") => hunt(
            "fte",
            Arc::new(fte_rules::Fte::embedded()),
            seed,
            games,
            every,
        ),
        Some("csar") => hunt(
            "csar",
            Arc::new(csar_rules::Csar::embedded()),
            seed,
            games,
            every,
        ),
        Some("crossfire") => hunt(
            "crossfire",
            Arc::new(crossfire_vn_rules::CrossfireVn::embedded()),
            seed,
            games,
            every,
        ),
        Some("grunt") => hunt(
            "grunt",
            Arc::new(grunt_rules::Grunt::embedded()),
            seed,
            games,
            every,
        ),
        Some("platoon") => hunt(
            "platoon",
            Arc::new(platoon_cards_rules::PlatoonCards::embedded()),
            seed,
            games,
            every,
        ),
        _ => {
            eprintln!("usage: leak_hunt fte|csar|crossfire|grunt|platoon [SEED] [GAMES] [EVERY]");
            std::process::exit(2);
        }
    }
}
