//! A digest of what the players see along random games, for every scenario
//! of every registered game: each decision, each legal list, each side's
//! view, each log entry and the outcome. Unlike `vt playout` (which hashes
//! the final states) it does not depend on the state's shape, so it tells a
//! refactor that moves the state around from one that changes the game.
//!
//! `cargo run --release -p vt-games --example trace -- [GAMES] [SEED]`
//!
//! Prints one line per scenario: `game scenario seen=<digest>
//! views=<digest>`; `seen` covers decisions, legal lists, log entries and
//! outcomes, `views` the views of every side (apart, as a view's shape may
//! change on purpose).

use vt_core::digest::{Fnv64, hex};
use vt_core::engine::Setup;
use vt_core::playout::game_seeds;
use vt_core::rng::GameRng;

fn feed<T: serde::Serialize>(h: &mut Fnv64, v: &T) {
    serde_json::to_writer(&mut *h, v).expect("serializes");
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    for entry in vt_games::entries() {
        let game = vt_games::load(&entry, None).expect("embedded data loads");
        let info = game.info();
        for sc in &info.scenarios {
            let mut seen = Fnv64::default();
            let mut views = Fnv64::default();
            for i in 0..games {
                let (gs, ps) = game_seeds(seed, i);
                let mut session = game
                    .new_session(Setup::new(&sc.id, gs))
                    .expect("scenario sets up");
                let mut policy = GameRng::seeded(ps);
                loop {
                    feed(&mut seen, &session.decision());
                    feed(&mut seen, &session.outcome());
                    for side in 0..info.sides.len() {
                        feed(&mut views, &session.view(side as u8));
                    }
                    if session.outcome().result.is_some() {
                        break;
                    }
                    let legal = session.legal();
                    feed(&mut seen, &legal);
                    if legal.is_empty() || session.commands() > 200_000 {
                        feed(&mut seen, &"stuck");
                        break;
                    }
                    let k = policy.index(legal.len());
                    let log = session.apply(&legal[k]).expect("legal command applies");
                    feed(&mut seen, &log);
                }
            }
            println!(
                "{} {} seen={} views={}",
                info.id,
                sc.id,
                hex(seen.0),
                hex(views.0)
            );
        }
    }
}
