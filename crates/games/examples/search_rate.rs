//! How many iterations of the computer player's search one core runs in a
//! second, for every scenario of every registered game: the numbers behind
//! each game's `SEARCH_RATES`, read by `AiRules::search_rate` (a level's
//! seconds in a scenario become that many iterations, so the search is the
//! same on every machine).
//!
//! `cargo run --release -p vt-games --example search_rate -- [GAMES] [SECONDS]`
//!
//! For each scenario, GAMES random games (default 4) are played to the
//! middle of their commands; the side to decide there is searched for
//! SECONDS of wall time (default 1), in chunks. Prints the iterations a
//! second per scenario and their median per game. Where the system tells
//! it (Linux), the seconds are this thread's CPU time, so other loads on
//! the machine do not lower the figures; elsewhere they are wall time.

use std::time::Instant;
use vt_ai::Config;
use vt_core::engine::Setup;
use vt_core::playout::game_seeds;
use vt_core::rng::GameRng;

/// This thread's CPU seconds (user and system) from
/// `/proc/thread-self/stat`, or `None` where there is no such file.
fn thread_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command name in parentheses: state is the 3rd
    // field, utime the 14th and stime the 15th, in clock ticks (100 a second).
    let rest = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// CPU time of this thread where known, else wall time.
struct Clock {
    wall: Instant,
    cpu: Option<f64>,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: thread_cpu(),
        }
    }

    fn elapsed(&self) -> f64 {
        match (self.cpu, thread_cpu()) {
            (Some(a), Some(b)) => b - a,
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let seconds: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1.0);
    for entry in vt_games::entries() {
        let game = vt_games::load(&entry, None).expect("embedded data loads");
        let Some(ai) = (entry.ai)(&*game) else {
            continue;
        };
        let mut rates = Vec::new();
        for sc in &game.info().scenarios {
            let mut per = Vec::new();
            for i in 0..games {
                let (gs, ps) = game_seeds(1, i);
                let setup = Setup::new(&sc.id, gs);
                // The game's length, then the game again to its middle.
                let mut rng = GameRng::seeded(ps);
                let mut s = game.new_session(setup.clone()).expect("sets up");
                while !s.outcome().is_finished() {
                    let legal = s.legal();
                    s.apply(&legal[rng.index(legal.len())]).expect("legal");
                }
                let half = s.commands() / 2;
                let mut rng = GameRng::seeded(ps);
                let mut s = game.new_session(setup).expect("sets up");
                while s.commands() < half || s.legal().len() < 2 {
                    if s.outcome().is_finished() {
                        break;
                    }
                    let legal = s.legal();
                    s.apply(&legal[rng.index(legal.len())]).expect("legal");
                }
                let Some(side) = s.decision().side else {
                    continue;
                };
                let Some(mut search) = ai.search(&*s, side, Config::default()) else {
                    continue;
                };
                if search.is_trivial() {
                    continue;
                }
                let t = Clock::start();
                while t.elapsed() < seconds {
                    search.run(8);
                }
                per.push(search.iterations() as f64 / t.elapsed());
            }
            let mean = per.iter().sum::<f64>() / per.len().max(1) as f64;
            println!("{} {}: {:.0} iterations/s", entry.id, sc.id, mean);
            rates.push(mean);
        }
        rates.sort_by(f64::total_cmp);
        if let Some(m) = rates.get(rates.len() / 2) {
            println!("{}: median {:.0} iterations/s", entry.id, m);
        }
    }
}
