//! The computer's estimate of the CSAR commander's chance of winning (the
//! launcher's game-over chart and "Suggest"), issue 13: a chart of a lost
//! Caged Tiger game read 100 % on turn 1. The estimate is the search's
//! value of the command it would play, so it reads 100 % exactly where a
//! command wins for certain: Caged Tiger's one Survivor is Healthy, and an
//! Exfil Team drawn with him stranded walks him off the map at once (a
//! Survivor aboard a helicopter in an Outer Zone, flown to the Orbit Box,
//! is the other such move). A person who discards the card instead may
//! still lose. Everywhere else the game can go wrong and the estimate
//! says so.

use csar_rules::{Command, CommandTarget, Csar, State};
use std::sync::Arc;
use vt_ai::{Config, Search, Thought};
use vt_core::{GameRng, Ruleset, Setup};

fn think(rules: &Arc<Csar>, s: &State, iterations: u32) -> Thought<Command> {
    let mut search = Search::new(rules.clone(), s, 0, Config::default());
    search.run(iterations);
    search.thought().expect("the commander decides")
}

fn is_exfil(c: &Command) -> bool {
    matches!(
        c,
        Command::PlayCommand {
            target: CommandTarget::Exfil { .. },
            ..
        }
    )
}

// Random games of Caged Tiger until an Exfil Team may be played for the
// one Survivor with no aircraft destroyed: there the estimate is 100 % and
// the command the Exfil Team. At the first decision
// of the same games (nothing decided yet) it is far from 100 %.
#[test]
fn caged_tiger_reads_100_percent_only_with_a_sure_win_at_hand() {
    let rules = Arc::new(Csar::embedded());
    let mut sure = 0;
    for seed in 0..200 {
        let mut s = rules.new_game(&Setup::new("caged-tiger", seed)).unwrap();
        if seed < 3 {
            let first = think(&rules, &s, 1000).win.unwrap();
            assert!(first < 0.7, "seed {seed}: {first} at the first decision");
        }
        let mut rng = GameRng::seeded(seed);
        let mut ev = Vec::new();
        while s.result.is_none() {
            let legal = rules.legal(&s);
            // A sure win: the Exfil Team walks out the one Survivor, and
            // no aircraft has been destroyed (which would make it a draw).
            let alone = s.survivors.len() == 1 && s.tally.destroyed == 0;
            if alone && legal.iter().any(is_exfil) {
                let t = think(&rules, &s, 1000);
                assert!(is_exfil(&t.command), "seed {seed}: {t:?}");
                assert_eq!(t.win, Some(1.0), "seed {seed}");
                sure += 1;
                break;
            }
            ev.clear();
            rules.execute(&mut s, &legal[rng.index(legal.len())], &mut ev);
        }
        if sure == 3 {
            return;
        }
    }
    panic!("only {sure} positions with an Exfil Team to play in 200 games");
}
