//! The end of each of a series of games: its result and the game's score
//! lines (objectives held, losses, ...), for seeing how near a side came
//! where it never wins.
//!
//! `cargo run --release -p vt-games --example scores -- GAME SCENARIO GAMES SEED POLICY [ASSETS]`
//!
//! POLICY is as for `vt playout --policy`; game `i`'s seeds are those of
//! game `i` of `vt playout --seed SEED`. ASSETS: edited game data (as
//! `vt playout --assets`).

mod support;

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
    let assets = args.get(5).map(std::path::PathBuf::from);
    let m = support::Match::new(game_id, scenario, policy, assets.as_deref());
    for i in 0..games {
        let (mut session, mut rng) = m.start(scenario, seed, i);
        while let Some(side) = session.decision().side {
            let command = m.choose(&*session, side, &mut rng);
            session.apply(&command).expect("legal");
        }
        let o = session.outcome();
        let score: Vec<String> = o.score.iter().map(|(k, v)| format!("{k} {v}")).collect();
        println!("{i} {:?}: {}", o.result, score.join(", "));
    }
}
