//! The end of each of a series of games: its result and the game's score
//! lines (objectives held, losses, ...), for seeing how near a side came
//! where it never wins.
//!
//! `cargo run --release -p vt-games --example scores -- GAME SCENARIO GAMES SEED POLICY [ASSETS]`
//!
//! POLICY is as for `vt playout --policy`; game `i`'s seeds are those of
//! game `i` of `vt playout --seed SEED`. ASSETS: edited game data (as
//! `vt playout --assets`).

use vt_ai::{Player, parse_players};
use vt_core::engine::Setup;
use vt_core::playout::game_seeds;
use vt_core::rng::GameRng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game_id, scenario, games, seed, policy) = match &args[..] {
        [g, s, n, seed, p, ..] => (g, s, n, seed, p),
        _ => {
            eprintln!("usage: scores GAME SCENARIO GAMES SEED POLICY [ASSETS]");
            std::process::exit(2);
        }
    };
    let games: u64 = games.parse().expect("GAMES is a number");
    let seed: u64 = seed.parse().expect("SEED is a number");
    let entry = vt_games::entries()
        .into_iter()
        .find(|e| e.id == *game_id)
        .expect("a registered game");
    let assets = args.get(5).map(std::path::PathBuf::from);
    let game = vt_games::load(&entry, assets.as_deref()).expect("game data loads");
    let ai = (entry.ai)(&*game).expect("the game has a computer player");
    let info = game.info();
    let players = parse_players(policy, &info, &|seconds| {
        ai.iterations_for(scenario, seconds)
    })
    .expect("a policy");
    for i in 0..games {
        let (gs, ps) = game_seeds(seed, i);
        let mut session = game.new_session(Setup::new(scenario, gs)).expect("sets up");
        let mut rng = GameRng::seeded(ps);
        while let Some(side) = session.decision().side {
            let player = players
                .get(side as usize)
                .copied()
                .unwrap_or(Player::Random);
            let command = ai
                .choose(&*session, side, player, rng.next_u64())
                .unwrap_or_else(|| session.legal()[0].clone());
            session.apply(&command).expect("legal");
        }
        let o = session.outcome();
        let score: Vec<String> = o.score.iter().map(|(k, v)| format!("{k} {v}")).collect();
        println!("{i} {:?}: {}", o.result, score.join(", "));
    }
}
