//! One game between players, told as it goes: every command each side's
//! player chose (with the number of legal commands it chose from) and the
//! referee's log, for watching how the computer player plays a scenario.
//!
//! `cargo run --release -p vt-games --example watch -- GAME SCENARIO SEED POLICY [GAME]`
//! `ASSETS=DIR` reads edited game data from DIR, as `vt --assets DIR` does.
//!
//! POLICY is as for `vt playout --policy` (`us=mcts:200,nva-vc=random`).
//! The game's seeds are those of game GAME (0 unless given) of `vt
//! playout --seed SEED` or `vt balance --seed SEED`: the same deal, set-up
//! and players' draws, so a game a series lost can be watched again.

mod support;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game_id, scenario, seed, policy, index) = match &args[..] {
        [g, s, seed, p] => (g, s, seed, p, 0),
        [g, s, seed, p, i] => (g, s, seed, p, i.parse().expect("GAME is a number")),
        _ => {
            eprintln!("usage: watch GAME SCENARIO SEED POLICY [GAME]");
            std::process::exit(2);
        }
    };
    let seed: u64 = seed.parse().expect("SEED is a number");
    // ASSETS=DIR reads edited game data, as `vt --assets DIR` does.
    let assets = std::env::var_os("ASSETS").map(std::path::PathBuf::from);
    let m = support::Match::new(game_id, scenario, policy, assets.as_deref());
    let info = &m.info;
    let (mut session, mut rng) = m.start(scenario, seed, index);
    while let Some(side) = session.decision().side {
        let legal = session.legal();
        let command = m.choose(&*session, side, &mut rng);
        let kind = session.decision().kind;
        println!(
            "> {} [{kind}, {} legal]: {command}",
            info.sides[side as usize].id,
            legal.len()
        );
        for e in session.apply(&command).expect("legal") {
            println!("    {}", e.text);
        }
    }
    // The final ledger (every award, the secret ones shown at the end):
    // where each side's points came from.
    for side in 0..info.sides.len() {
        if let Some(ledger) = session.view(side as _).get("ledger") {
            println!("ledger ({}): {ledger}", info.sides[side].id);
            break;
        }
    }
    println!("outcome: {:?}", session.outcome().result);
}
