//! How often a game comes back to a position it was already in: the
//! loops a player can fall into (a stand moved away and back in Crossfire,
//! a Grunt unit selected and then left where it stood), and whether the
//! computer player falls into them.
//!
//! `cargo run --release -p vt-games --example repeats -- GAME SCENARIO GAMES SEED POLICY`
//!
//! For each game: its commands, how many decisions found the game in a
//! position it had been in before (same digest: the whole state, dice
//! included), and the commands of the first few returns.

mod support;

use std::collections::HashMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game_id, scenario, games, seed, policy] = &args[..] else {
        eprintln!("usage: repeats GAME SCENARIO GAMES SEED POLICY");
        std::process::exit(2);
    };
    let games: u64 = games.parse().expect("GAMES is a number");
    let seed: u64 = seed.parse().expect("SEED is a number");
    let m = support::Match::new(game_id, scenario, policy, None);
    let (mut total, mut repeats) = (0, 0);
    for index in 0..games {
        let (mut session, mut rng) = m.start(scenario, seed, index);
        let mut seen: HashMap<u64, usize> = HashMap::new();
        let mut last: Vec<String> = Vec::new();
        let mut returns = Vec::new();
        while let Some(side) = session.decision().side {
            let d = session.digest();
            if let Some(&at) = seen.get(&d) {
                returns.push(format!(
                    "command {} back to the position of command {at} after: {}",
                    session.commands(),
                    last[at..].join(" | ")
                ));
            } else {
                seen.insert(d, session.commands());
            }
            let command = m.choose(&*session, side, &mut rng);
            last.push(format!("{}: {command}", m.info.sides[side as usize].id));
            session.apply(&command).expect("legal");
        }
        total += session.commands();
        repeats += returns.len();
        println!(
            "game {index}: {} commands, {} returns to an earlier position, {:?}",
            session.commands(),
            returns.len(),
            session.outcome().result
        );
        for r in returns.iter().take(3) {
            println!("    {r}");
        }
    }
    println!("{games} games, {total} commands, {repeats} returns to an earlier position");
}
