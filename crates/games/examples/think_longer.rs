//! How a suggestion firms up when the player asks the computer to think
//! longer: at each of a game's first decisions with a choice, the search
//! for the side to decide runs the Suggest budget (1.5 s of the scenario's
//! search rate), then on from there to twice, four and eight times it, as
//! "Think longer" does; printed: the command and its estimate at each, and
//! at the end how often the command changed and by how much the estimate
//! moved.
//!
//! `cargo run --release -p vt-games --example think_longer -- GAME SCENARIO SEED DECISIONS POLICY`
//!
//! POLICY (as for `vt playout --policy`) plays the game on between the
//! decisions looked at (the searches above are only looked at).

mod support;

use vt_ai::Config;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game_id, scenario, seed, decisions, policy, ..] = &args[..] else {
        eprintln!("usage: think_longer GAME SCENARIO SEED DECISIONS POLICY");
        std::process::exit(2);
    };
    let seed: u64 = seed.parse().expect("SEED is a number");
    let decisions: usize = decisions.parse().expect("DECISIONS is a number");
    let m = support::Match::new(game_id, scenario, policy, None);
    let budget = m.ai.iterations_for(scenario, 1.5);
    let steps = [1u32, 2, 4, 8];
    let (mut session, mut rng) = m.start(scenario, seed, 0);
    let mut looked = 0;
    // Per step after the first: (commands changed, sum of |estimate moved|).
    let mut changed = [0usize; 3];
    let mut moved = [0f64; 3];
    let mut from_first = [0usize; 3];
    println!("{game_id} {scenario} seed {seed}: Suggest budget {budget} positions");
    while let Some(side) = session.decision().side {
        if looked >= decisions {
            break;
        }
        if session.legal().len() > 1 {
            let config = Config {
                seed: seed ^ (session.commands() as u64).wrapping_mul(0x9E37_79B9),
                ..Config::default()
            };
            let mut search = m.ai.search(&*session, side, config).expect("a search");
            let mut answers = Vec::new();
            for k in steps {
                search.run(budget * k - search.iterations());
                let t = search.thought().expect("an answer");
                answers.push((t.command, t.win.unwrap_or(f64::NAN)));
            }
            let line: Vec<String> = steps
                .iter()
                .zip(&answers)
                .map(|(k, (c, w))| {
                    let same = if *c == answers[0].0 { "" } else { " (other)" };
                    format!("x{k} {:.0} %{same}", 100.0 * w)
                })
                .collect();
            println!(
                "decision {} (side {side}): {}",
                session.commands(),
                line.join(", ")
            );
            for i in 1..steps.len() {
                changed[i - 1] += usize::from(answers[i].0 != answers[i - 1].0);
                from_first[i - 1] += usize::from(answers[i].0 != answers[0].0);
                moved[i - 1] += (answers[i].1 - answers[i - 1].1).abs();
            }
            looked += 1;
        }
        let command = m.choose(&*session, side, &mut rng);
        session.apply(&command).expect("legal");
    }
    let n = looked.max(1) as f64;
    for i in 1..steps.len() {
        println!(
            "x{} against x{}: the command changed at {} of {looked} decisions ({} differ from x1); the estimate moved {:.1} points on average",
            steps[i],
            steps[i - 1],
            changed[i - 1],
            from_first[i - 1],
            100.0 * moved[i - 1] / n
        );
    }
}
