//! A complete scripted game with a known seed: a fixed command list (in
//! `scripted_caged_tiger.ron`) gives a known result, and replaying it from
//! the seed gives the same final state.
//!
//! The list was written by `plan`, a plain plan of play (Sandys to the
//! Survivor, a helicopter in by the North, rescue, out to the Orbit Box);
//! `cargo test -p csar-rules write_script -- --ignored --nocapture` prints a
//! new one if the rules change on purpose.

use super::*;
use crate::command::{Command, Dest};
use crate::components::{AircraftKind, Place, Zone};
use vt_core::digest::digest;

const SEED: u64 = SCRIPT_SEED;
const SCRIPT_SEED: u64 = 4;

/// The plan of play: picks a command from the legal ones.
fn plan(c: &Csar, s: &State, legal: &[Command]) -> Command {
    let heli = HELO5;
    let h = s.aircraft[heli as usize];
    let first = |f: &dyn Fn(&Command) -> bool| legal.iter().copied().find(|x| f(x));
    let pick = match s.step {
        Step::Move => {
            let want: Option<Command> = match h.place {
                Place::Orbit
                    if !s
                        .survivors
                        .iter()
                        .any(|v| v.at == crate::SurvivorAt::Aboard(heli)) =>
                {
                    Some(Command::Move {
                        aircraft: heli,
                        to: Dest::Zone(Zone::North),
                    })
                }
                Place::Zone(Zone::North) if s.any_stranded() => Some(Command::Move {
                    aircraft: heli,
                    to: Dest::Zone(Zone::Center),
                }),
                Place::Zone(Zone::Center) if !s.any_stranded() => Some(Command::Move {
                    aircraft: heli,
                    to: Dest::Zone(Zone::North),
                }),
                Place::Zone(Zone::North) => Some(Command::Move {
                    aircraft: heli,
                    to: Dest::Orbit,
                }),
                _ => None,
            }
            .filter(|w| legal.contains(w) && !h.moved);
            want.or_else(|| {
                first(&|x| {
                    matches!(x, Command::Move { aircraft, to: Dest::Zone(Zone::Center) }
                        if s.aircraft[*aircraft as usize].kind == AircraftKind::Sandy && *aircraft < 3)
                })
            })
        }
        Step::Assign => first(&|x| matches!(x, Command::Assign { .. })),
        Step::FireWindow | Step::Play => first(&|x| matches!(x, Command::Play { .. })),
        Step::Burn | Step::SearchBurn | Step::AbortBurn => {
            first(&|x| matches!(x, Command::Burn(_)))
        }
        Step::Rescue => first(&|x| matches!(x, Command::Rescue { pilot: false, .. })),
        Step::Reserve | Step::DiscardBeforeDraw => None,
        Step::Commands => first(&|x| {
            matches!(
                x,
                Command::PlayCommand {
                    target: crate::CommandTarget::None,
                    ..
                }
            )
        }),
        _ => legal.first().copied(),
    };
    let _ = c;
    pick.unwrap_or(Command::Done)
}

fn play_plan(c: &Csar, seed: u64) -> (Vec<Command>, State) {
    let mut s = new(c, "caged-tiger", seed);
    let mut cmds = Vec::new();
    while s.result.is_none() && cmds.len() < 3000 {
        let legal = c.legal(&s);
        let cmd = plan(c, &s, &legal);
        cmds.push(cmd);
        apply(c, &mut s, cmd);
    }
    (cmds, s)
}

#[test]
#[ignore]
fn write_script() {
    let c = csar();
    for seed in 1..200 {
        let (cmds, s) = play_plan(&c, seed);
        if s.result == Some(crate::GameResult::Win) {
            println!("seed {seed}, {} commands, turn {}", cmds.len(), s.turn);
            println!("{}", ron::to_string(&cmds).unwrap());
            return;
        }
    }
}

#[test]
fn a_whole_caged_tiger_game_from_a_fixed_command_list() {
    let c = csar();
    let text = include_str!("scripted_caged_tiger.ron");
    let cmds: Vec<Command> = ron::from_str(text).expect("script parses");
    let mut s = new(&c, "caged-tiger", SEED);
    let mut events = Vec::new();
    for (i, &cmd) in cmds.iter().enumerate() {
        if let Err(e) = c.check(&s, &cmd) {
            panic!("command {i} {cmd:?} refused: {e}");
        }
        events.extend(apply(&c, &mut s, cmd));
    }
    assert_eq!(s.step, Step::Over);
    assert_eq!(s.result, Some(crate::GameResult::Win));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, crate::Event::Rescued { .. }))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, crate::Event::OffMap { .. }))
    );
    // The plan reproduces the list, and the same commands give the same game.
    let (again_cmds, again) = play_plan(&c, SEED);
    assert_eq!(again_cmds, cmds);
    assert_eq!(digest(&again), digest(&s));
    for e in &events {
        assert!(!c.describe(e).text.is_empty());
    }
}

#[test]
fn state_stays_small() {
    // Cheap to clone and to digest: the final state's JSON stays small.
    let c = csar();
    let (_, s) = play_plan(&c, SEED);
    let json = serde_json::to_string(&s).unwrap();
    assert!(json.len() < 4000, "{} bytes", json.len());
}

/// Diagnostic: how the plan fares in each scenario (a sanity check of the
/// reconstructed deck balance), `--ignored --nocapture` to print.
#[test]
#[ignore]
fn plan_win_rates() {
    let c = csar();
    for id in [
        "caged-tiger",
        "cauldron-of-fire",
        "streetcar-down",
        "youve-got-your-troubles",
        "air-force-cross",
    ] {
        let mut tally = std::collections::BTreeMap::new();
        for seed in 0..300 {
            let mut s = new(&c, id, seed);
            let mut n = 0;
            while s.result.is_none() && n < 3000 {
                let legal = c.legal(&s);
                let cmd = plan(&c, &s, &legal);
                apply(&c, &mut s, cmd);
                n += 1;
            }
            *tally
                .entry(format!("{:?}/{:?}", s.result, s.end))
                .or_insert(0) += 1;
        }
        println!("{id}: {tally:?}");
    }
}
