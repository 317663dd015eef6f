//! Random playouts of one scenario, without `vt` and the other games: for a
//! profiler (`valgrind --tool=callgrind`) and quick timing of the rules
//! alone. The same games and digest as `vt playout csar SCENARIO --games N
//! --seed SEED`.
//!
//! `cargo run --release -p csar-rules --example playout -- [SCENARIO] [GAMES] [SEED]`

use vt_core::Setup;
use vt_core::playout::playout;

fn main() {
    let mut args = std::env::args().skip(1);
    let scenario = args.next().unwrap_or_else(|| "caged-tiger".into());
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let rules = csar_rules::Csar::embedded();
    match playout(&rules, &Setup::new(&scenario, seed), games, 1) {
        Ok(s) => println!(
            "{scenario}: {} games, digest {}, {:.0} games/s, {:.1} commands a game, {:?}",
            s.games, s.digest, s.games_per_second, s.mean_commands, s.outcomes
        ),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
