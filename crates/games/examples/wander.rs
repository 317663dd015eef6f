//! How often an FTE unit steps back into a hex it already stood in during
//! the same move (04.19, 04.20, 04.19, ...): the wandering a player reads
//! as aimless. Session 43 measured it to make the loop guard
//! (`vt_ai::repeats`) see a step out and back at all (an FTE step is not
//! undoable, and each step leaves fewer Movement Points, so no position
//! repeated); session 44 to see a walk out and back the same way, and a
//! return in the enemy's sight.
//!
//! `cargo run --release -p vt-games --example wander -- SCENARIO GAMES SEED POLICY`
//!
//! Read from the log ("X moves A to B for ..."): for each move, the hexes
//! each unit stood in; a step into one of them counts as a return, and
//! is printed with the unit's walk so far and the side deciding. A return
//! with nothing but steps and held fire since the unit stood in the hex
//! is aimless (the loop guard's business); one after a roll (an
//! Opportunity Fire check, a shot) may be a retreat.

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
    let (mut steps, mut returns, mut aimless) = (0usize, 0usize, 0usize);
    for index in 0..games {
        let (mut session, mut rng) = m.start(scenario, seed, index);
        // Each unit's hexes this move, with the log line it entered each.
        let mut stood: HashMap<String, Vec<(String, usize)>> = HashMap::new();
        let mut lines: Vec<String> = Vec::new();
        let (mut game_steps, mut game_returns, mut game_aimless) = (0usize, 0usize, 0usize);
        while let Some(side) = session.decision().side {
            let command = m.choose(&*session, side, &mut rng);
            for entry in session.apply(&command).expect("legal") {
                let text = entry.text;
                if text.contains(" begins a ") || text.contains("activation is complete") {
                    stood.clear();
                    lines.clear();
                }
                lines.push(text.clone());
                let Some((unit, rest)) = text.split_once(" moves ") else {
                    continue;
                };
                let Some((from, rest)) = rest.split_once(" to ") else {
                    continue;
                };
                let Some((to, _)) = rest.split_once(" for ") else {
                    continue;
                };
                let now = lines.len() - 1;
                let hexes = stood.entry(unit.to_string()).or_default();
                if hexes.is_empty() {
                    hexes.push((from.to_string(), now));
                }
                game_steps += 1;
                let before = hexes.iter().rev().find(|(h, _)| h == to).map(|&(_, i)| i);
                hexes.push((to.to_string(), now));
                let Some(before) = before else {
                    continue;
                };
                game_returns += 1;
                // Aimless: nothing rolled or seen since the unit stood
                // there (steps and held fire only), so the whole game is
                // as it was but for the Movement Points spent.
                let quiet = lines[before + 1..now]
                    .iter()
                    .all(|l| l.contains(" moves ") || l.contains("holds its fire"));
                game_aimless += quiet as usize;
                let walk: Vec<&str> = hexes.iter().map(|(h, _)| h.as_str()).collect();
                let why = if quiet { "aimless" } else { "after a roll" };
                println!("  {unit} (side {side}, {why}): {}", walk.join(", "));
            }
        }
        println!(
            "game {index}: {game_steps} steps, {game_returns} back into a hex of the same move ({game_aimless} aimless), {:?}",
            session.outcome().result
        );
        steps += game_steps;
        returns += game_returns;
        aimless += game_aimless;
    }
    println!(
        "{games} games: {steps} steps, {returns} back into a hex of the same move ({aimless} aimless)"
    );
}
