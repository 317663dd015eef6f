//! Paired games (issue 16): two games that differ only in one side's
//! secret, played in step with `vt_core::testing`; the other side's view,
//! its reading of the log, the decision any screen shows and its own legal
//! commands must be the same in both. The secrets of Crossfire Vietnam:
//! where the VC/NVA set up hidden (CF base hidden set-up, S17), which
//! hidden fire team detached a sniper and where (6.9.1), and when the Free
//! World's Dust Off comes (6.5: the enemy hears the call, not the delay).

use super::util::*;
use crate::CrossfireVn;
use crate::command::Command;
use crate::state::*;
use crate::step::Step;
use vt_core::engine::{Ruleset, Setup};
use vt_core::rng::GameRng;
use vt_core::tabletop::Point;
use vt_core::testing::{assert_secret_kept, play_secret_pair};

const FW: u8 = 0;
const VC: u8 = 1;

/// Every point of a straight move, half an inch apart.
fn path(from: Point, to: Point) -> Vec<Point> {
    let len = from.distance(to);
    let n = (len / 0.5).ceil().max(1.0) as usize;
    (0..=n)
        .map(|k| from.toward(to, len * k as f64 / n as f64))
        .collect()
}

/// Whether a Free World command cannot find what is hidden at `secrets`,
/// whichever game it is played in: it does not fire into the unknown
/// (barrages, recon by fire, flame, close combat) and moves nowhere near
/// a secret point nor into the terrain piece around one. Such commands
/// must play out alike in both games.
fn keeps_clear(g: &CrossfireVn, s: &State, c: &Command, secrets: &[Point]) -> bool {
    let t = g.table_of(s);
    let pieces: Vec<usize> = secrets.iter().filter_map(|p| g.feature_at(s, *p)).collect();
    let clear = |from: Point, to: Point| {
        path(from, to).iter().all(|p| {
            secrets.iter().all(|x| x.distance(*p) > 10.0)
                && pieces.iter().all(|i| !t.features[*i].contains(*p))
        })
    };
    match c {
        Command::Move { moves } => moves.iter().all(|m| clear(s.stand(m.stand).at, m.to)),
        Command::Place { .. }
        | Command::SetupDone
        | Command::Pivot { .. }
        | Command::Fire { .. }
        | Command::AntiTank { .. }
        | Command::Rally { .. }
        | Command::FormAidPost { .. }
        | Command::RequestDustOff
        | Command::EndInitiative
        | Command::NoReaction => true,
        _ => false,
    }
}

/// The VC/NVA let the moment pass, alike in both games.
fn vc_holds(g: &CrossfireVn, a: &State, b: &State) -> Option<(Command, Command)> {
    let (la, lb) = (g.legal(a), g.legal(b));
    [
        Command::NoReaction,
        Command::EndInitiative,
        Command::SetupDone,
    ]
    .into_iter()
    .find(|c| la.contains(c) && lb.contains(c))
    .map(|c| (c.clone(), c))
}

/// `script` first, then the Free World plays commands drawn with `seed`
/// that keep clear of `secrets`, and the VC/NVA hold. A Dust Off landing
/// (the Free World's choice) takes the first place offered.
fn lockstep<'a>(
    g: &'a CrossfireVn,
    script: Vec<(Command, Command)>,
    secrets: Vec<Point>,
    seed: u64,
) -> impl FnMut(&State, &State) -> Option<(Command, Command)> + 'a {
    let mut script = script.into_iter();
    let mut rng = GameRng::seeded(seed);
    move |a, b| {
        if let Some(p) = script.next() {
            return Some(p);
        }
        if g.decision(a).side != Some(FW) {
            return vc_holds(g, a, b);
        }
        let quiet: Vec<Command> = g
            .legal(a)
            .into_iter()
            .filter(|c| keeps_clear(g, a, c, &secrets))
            .collect();
        // Hand the initiative over now and then, so the clock runs.
        let c = if rng.index(6) == 0 && quiet.contains(&Command::EndInitiative) {
            Command::EndInitiative
        } else {
            quiet.get(rng.index(quiet.len().max(1)))?.clone()
        };
        Some((c.clone(), c))
    }
}

/// A point of the VC/NVA set-up zone, at least 15" from `away`, where
/// `stand` may be set up (the first found on a 3" grid).
fn another_place(g: &CrossfireVn, s: &State, stand: StandId, away: Point) -> Command {
    let facing = s.stand(stand).facing;
    (0..24)
        .flat_map(|i| (0..16).map(move |j| Point::new(1.5 + 3.0 * i as f64, 1.5 + 3.0 * j as f64)))
        .filter(|p| p.distance(away) >= 15.0)
        .map(|at| Command::Place { stand, at, facing })
        .find(|c| g.check(s, c).is_ok())
        .expect("somewhere else to set up")
}

// CF base hidden set-up (S17): the VC/NVA set up out of sight. Two games
// in which one hidden stand is set up at two places 15" or more apart look
// the same to the Free World (view, log, decisions, its legal commands)
// through its own set-up and every initiative it plays away from both
// places, with the reactive-fire offers the VC/NVA get and let pass.
#[test]
fn where_a_stand_is_set_up_hidden_is_secret() {
    let g = CrossfireVn::embedded();
    let mut played = 0;
    for (k, scenario) in ["trail-contact", "bunker-line", "dust-off-under-fire"]
        .into_iter()
        .enumerate()
    {
        for seed in 1..=2u64 {
            let setup = Setup::new(scenario, seed);
            let mut a = g.new_game(&setup).unwrap();
            let mut b = a.clone();
            assert!(matches!(a.step(), Step::Setup { side: Side::VcNva }));
            let x = a
                .stands
                .iter()
                .find(|st| st.side == Side::VcNva && st.hidden)
                .expect("a hidden stand")
                .clone();
            let here = Command::Place {
                stand: x.id,
                at: x.at,
                facing: x.facing,
            };
            let there = another_place(&g, &b, x.id, x.at);
            let Command::Place { at: elsewhere, .. } = there else {
                unreachable!()
            };
            let script = vec![(here, there)];
            let next = lockstep(&g, script, vec![x.at, elsewhere], seed * 31 + k as u64);
            let start = g.new_game(&setup).unwrap();
            played += play_secret_pair(&g, &mut a, &mut b, FW, 150, next);
            // The Free World did move about, and the initiative changed.
            let moved = (a.stands.iter().zip(&start.stands))
                .filter(|(x, y)| x.side == Side::FreeWorld && x.at.distance(y.at) > 3.0)
                .count();
            assert!(moved > 0, "{scenario} {seed}: no Free World stand moved");
            assert!(
                a.initiative_no > 2,
                "{scenario} {seed}: {}",
                a.initiative_no
            );
            // The two games still differ where the secret is.
            assert_ne!(a.stand(x.id).at, b.stand(x.id).at);
            assert!(a.stand(x.id).hidden && b.stand(x.id).hidden);
        }
    }
    // Set-up, and then some initiatives of play, in every game.
    assert!(played > 6 * 20, "only {played} commands played");
}

/// A state of the laboratory with two hidden VC fire teams in jungle (J1
/// and J2) and a Free World fire team far off, the VC/NVA to act.
fn two_hidden_teams() -> (CrossfireVn, State, [StandId; 2], StandId) {
    let mut l = Lab::new();
    let fw = l.add("us-ft", Side::FreeWorld, 60.0, 44.0);
    let t1 = l.add("vc-ft", Side::VcNva, 15.0, 15.0);
    let t2 = l.add("vc-ft", Side::VcNva, 35.0, 15.0);
    l.hide(t1);
    l.hide(t2);
    l.turn(Side::VcNva);
    (l.g, l.s, [t1, t2], fw)
}

// 6.9.1: a VC/NVA fire team in cover may detach a sniper. Which hidden
// team did it, and where the hidden sniper sits, is the VC/NVA's secret:
// the Free World reads "VC/NVA act out of sight" and one more hidden
// stand, the same in both games, then plays on.
#[test]
fn which_hidden_team_detached_a_sniper_is_secret() {
    let (g, s, [t1, t2], _) = two_hidden_teams();
    let (mut a, mut b) = (s.clone(), s);
    let script = vec![
        (
            Command::DetachSniper {
                team: t1,
                at: p(16.5, 15.0),
            },
            Command::DetachSniper {
                team: t2,
                at: p(36.5, 15.0),
            },
        ),
        (Command::EndInitiative, Command::EndInitiative),
    ];
    for (ca, cb) in &script {
        assert_eq!(g.check(&a, ca), Ok(()), "{ca:?}");
        assert_eq!(g.check(&b, cb), Ok(()), "{cb:?}");
    }
    let secrets = vec![p(15.0, 15.0), p(35.0, 15.0)];
    let n = play_secret_pair(&g, &mut a, &mut b, FW, 60, lockstep(&g, script, secrets, 5));
    assert!(n >= 10, "only {n} commands played");
    assert!(a.stand(t1).detached && !a.stand(t2).detached);
    assert!(b.stand(t2).detached && !b.stand(t1).detached);
    assert_eq!(g.view(&a, FW).enemy_hidden, 3);
}

// 6.5: the Free World rolls the Dust Off's delay; the VC/NVA hear the call
// but not when the helicopter comes (until it does). Two games whose delay
// rolls differ look the same to the VC/NVA while the helicopter is on its
// way.
#[test]
fn when_the_dust_off_comes_is_secret_until_it_does() {
    let mut l = Lab::new();
    l.add("us-ft", Side::FreeWorld, 3.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 66.0, 44.0);
    l.casualty(Side::FreeWorld, 4.0, 4.0);
    let (g, s) = (l.g, l.s);
    let (mut a, mut b) = (s.clone(), s);
    // No Aid Post: the delay is the die (6.5), 6 in one game, 5 in the
    // other.
    a.rng.force(&[6]);
    b.rng.force(&[5]);
    let script = vec![(Command::RequestDustOff, Command::RequestDustOff)];
    let mut rng = GameRng::seeded(9);
    let mut script = script.into_iter();
    let next = |a: &State, b: &State| {
        if let Some(c) = script.next() {
            return Some(c);
        }
        // Stop before the first of the two helicopters could come.
        let soonest = [a, b]
            .iter()
            .filter_map(|s| s.dust_off.as_ref().map(|d| d.delay))
            .min()?;
        if soonest <= 1 {
            return None;
        }
        let side = g.decision(a).side?;
        let legal = g.legal(a);
        let c = if side == VC {
            // The VC/NVA (the observer) move their fire team about and hand
            // the initiative over.
            let moves: Vec<&Command> = legal
                .iter()
                .filter(|c| matches!(c, Command::Move { .. } | Command::Pivot { .. }))
                .collect();
            if rng.index(3) == 0 || moves.is_empty() {
                Command::EndInitiative
            } else {
                moves[rng.index(moves.len())].clone()
            }
        } else {
            [Command::NoReaction, Command::EndInitiative]
                .into_iter()
                .find(|c| legal.contains(c))?
        };
        Some((c.clone(), c))
    };
    let n = play_secret_pair(&g, &mut a, &mut b, VC, 40, next);
    let (da, db) = (a.dust_off.as_ref().unwrap(), b.dust_off.as_ref().unwrap());
    assert_ne!(da.delay, db.delay, "the two games' secret is the delay");
    assert!(n >= 3, "only {n} commands played");
    assert_secret_kept(&g, &a, &b, VC, "at the end");
    // The VC/NVA moved about while they waited.
    assert_ne!(a.stand(v).at, p(66.0, 44.0));
}

// The pairs are not blind: a Free World move that comes upon the hidden
// stand in one game and not the other is told apart at once.
#[test]
fn a_found_stand_tells_the_games_apart() {
    let (g, s, [t1, _], fw) = two_hidden_teams();
    let (mut a, mut b) = (s.clone(), s);
    b.stand_mut(t1).at = p(68.0, 3.0);
    a.steps = vec![Step::Initiative {
        side: Side::FreeWorld,
    }];
    a.initiative = Side::FreeWorld;
    b.steps = a.steps.clone();
    b.initiative = Side::FreeWorld;
    a.stand_mut(fw).at = p(15.0, 22.0);
    b.stand_mut(fw).at = p(15.0, 22.0);
    let c = mv(fw, 15.0, 18.5);
    let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let next = lockstep(&g, vec![(c.clone(), c.clone())], vec![], 1);
        play_secret_pair(&g, &mut a, &mut b, FW, 8, next);
    }));
    let why = found.expect_err("the pair did not tell a found stand");
    let why = why.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        why.contains("can tell the two games apart") || why.contains("reads the log"),
        "{why}"
    );
}
