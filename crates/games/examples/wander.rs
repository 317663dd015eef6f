//! How often an FTE unit steps back into a hex it already stood in during
//! the same move (04.19, 04.20, 04.19, ...): the wandering a player reads
//! as aimless. The loop guard (`vt_ai::repeats`) does not see it: an FTE
//! step is not undoable (a step that draws no Opportunity Fire check tells
//! the mover no enemy watches the hex), so the session keeps no state
//! before it and the guard's run ends there; and each step leaves fewer
//! Movement Points, so no position repeats.
//!
//! `cargo run --release -p vt-games --example wander -- SCENARIO GAMES SEED POLICY`
//!
//! Read from the log ("X moves A to B for ..."): for each move, the hexes
//! each unit stood in; a step into one of them counts as a return.

mod support;

use std::collections::HashMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [scenario, games, seed, policy] = &args[..] else {
        eprintln!("usage: wander SCENARIO GAMES SEED POLICY");
        std::process::exit(2);
    };
    let games: u64 = games.parse().expect("GAMES is a number");
    let seed: u64 = seed.parse().expect("SEED is a number");
    let m = support::Match::new("fte", scenario, policy, None);
    let (mut steps, mut returns) = (0usize, 0usize);
    for index in 0..games {
        let (mut session, mut rng) = m.start(scenario, seed, index);
        let mut stood: HashMap<String, Vec<String>> = HashMap::new();
        let (mut game_steps, mut game_returns) = (0usize, 0usize);
        while let Some(side) = session.decision().side {
            let command = m.choose(&*session, side, &mut rng);
            for entry in session.apply(&command).expect("legal") {
                let text = entry.text;
                if text.contains(" begins a ") || text.contains("activation is complete") {
                    stood.clear();
                }
                let Some((unit, rest)) = text.split_once(" moves ") else {
                    continue;
                };
                let Some((from, rest)) = rest.split_once(" to ") else {
                    continue;
                };
                let Some((to, _)) = rest.split_once(" for ") else {
                    continue;
                };
                let hexes = stood.entry(unit.to_string()).or_default();
                if hexes.is_empty() {
                    hexes.push(from.to_string());
                }
                game_steps += 1;
                if hexes.iter().any(|h| h == to) {
                    game_returns += 1;
                }
                hexes.push(to.to_string());
            }
        }
        println!(
            "game {index}: {game_steps} steps, {game_returns} back into a hex of the same move, {:?}",
            session.outcome().result
        );
        steps += game_steps;
        returns += game_returns;
    }
    println!("{games} games: {steps} steps, {returns} back into a hex of the same move");
}
