//! Paired games (`vt_core::testing`): two games that differ only in one
//! side's secret are played in step, and the other side's view, its
//! reading of the log (and a hand-over screen's), the decision any screen
//! shows and its own legal commands must stay the same in both.
//!
//! Secrets: what lies under a face-down NLF counter (B4: a dummy, a
//! Hard-core unit, a booby trap), the US's pre-planned air strikes (O9.1)
//! and its written reinforcement calls (D6).

use super::util::*;
use crate::Command;
use crate::Grunt;
use crate::data::{Deployment, Role};
use crate::state::*;
use vt_core::engine::{Ruleset, Setup};
use vt_core::rng::GameRng;
use vt_core::testing::{assert_secret_kept, play_secret_pair};

/// A US command whose outcome cannot depend on the other side's secret (no
/// fire, probe, challenge or interrogation: those may reveal it, as they
/// should; no calls or strikes: those are the US's own secrets).
fn quiet_us(c: &Command) -> bool {
    use Command as C;
    matches!(
        c,
        C::Land { .. }
            | C::EndGroup
            | C::EndSuppress
            | C::Select { .. }
            | C::Stay
            | C::Move { .. }
            | C::EndMovement
            | C::EndDiscovery
            | C::EndCombat
            | C::PlanDone
    )
}

/// The NLF lets every moment pass.
const NLF_HOLDS: [Command; 6] = [
    Command::HoldFire,
    Command::EndMovement,
    Command::EndCombat,
    Command::EndTurn,
    Command::PlaceRest,
    Command::PlacementDone,
];

/// Both games' next command: the US picks at random among its quiet
/// commands legal in both, the NLF holds; `None` once nothing fits or at
/// `until` (a Game Turn where the secret may rightly come out).
fn lockstep(
    g: &Grunt,
    rng: &mut GameRng,
    until: u8,
    a: &State,
    b: &State,
) -> Option<(Command, Command)> {
    if a.turn >= until {
        return None;
    }
    let (la, lb) = (g.legal(a), g.legal(b));
    let c = if g.decision(a).side == Some(Side::Us.idx()) {
        let quiet: Vec<&Command> = la
            .iter()
            .filter(|c| quiet_us(c) && lb.contains(c))
            .collect();
        if quiet.is_empty() {
            return None;
        }
        // Ending a phase now and then keeps the game going.
        let end = quiet.iter().find(|c| c.is_end()).copied();
        match end {
            Some(e) if rng.below(8) == 0 => e.clone(),
            _ => quiet[rng.below(quiet.len() as u32) as usize].clone(),
        }
    } else {
        // The NLF's order of battle is the first column in both games.
        let oob = la
            .iter()
            .find(|c| matches!(c, Command::ChooseOob { .. }) && lb.contains(c));
        NLF_HOLDS
            .iter()
            .find(|c| la.contains(c) && lb.contains(c))
            .or(oob)?
            .clone()
    };
    Some((c.clone(), c))
}

/// Face-down NLF counters of `role` on the map.
fn face_down(s: &State, role: Role) -> Vec<CounterId> {
    s.counters
        .iter()
        .filter(|c| c.side == Side::Nlf && c.on_map() && c.face_down && c.role == role)
        .map(|c| c.id)
        .collect()
}

// Grunt B4, B8: what lies under a face-down counter is the NLF's secret.
// Two Basic games where a dummy is a Hard-core unit in one and a booby trap
// in the other: through landings, movement and combat phases in which
// nothing is fired, probed or revealed, the US reads both games alike.
#[test]
fn b4_what_lies_face_down_stays_secret_in_play() {
    for seed in [9, 14] {
        let (g, a) = landing_game("basic", seed);
        let mut b = a.clone();
        let mut c = a.clone();
        let dummy = face_down(&a, Role::Dummy)[0];
        let hc = face_down(&a, Role::HardCore)[0];
        let trap = face_down(&a, Role::BoobyTrap)[0];
        b.cm(dummy).role = Role::HardCore;
        b.cm(hc).role = Role::Dummy;
        c.cm(dummy).role = Role::BoobyTrap;
        c.cm(trap).role = Role::Dummy;
        for other in [&mut b, &mut c] {
            let mut a = a.clone();
            let mut rng = GameRng::seeded(seed);
            let n = play_secret_pair(&g, &mut a, other, Side::Us.idx(), 400, |x, y| {
                lockstep(&g, &mut rng, 6, x, y)
            });
            assert!(n > 40, "seed {seed}: only {n} commands in step");
            assert!(a.turn >= 3, "seed {seed}: the pair got to Game Turn 3");
        }
    }
}

/// A Standard game with the optional air strikes, set up to the US's
/// deployment (Bait, so that the company may be called) and, if `plan`,
/// a strike written for Game Turn 5.
fn standard_with(plan: bool, seed: u64) -> (Grunt, State) {
    let g = Grunt::embedded();
    let mut s = g
        .new_game(&Setup::new("standard", seed).option("air-strikes", "on"))
        .unwrap();
    ok(
        &g,
        &mut s,
        Command::ChooseDeployment {
            deployment: Deployment::Bait,
        },
    );
    if plan {
        ok(
            &g,
            &mut s,
            Command::PlanStrike {
                turn: 5,
                area: Vec::new(),
            },
        );
    }
    (g, s)
}

// Grunt O9.1, D5, D6: the US's pre-planned strike and its written call for
// the rest of the company are its secrets (and so are the NLF's points they
// earn): the NLF reads a game with them exactly as one without, until the
// strike or the reinforcements arrive.
#[test]
fn o9_d6_planned_strikes_and_calls_stay_secret() {
    for seed in [3, 8] {
        let (g, mut a) = standard_with(true, seed);
        let (_, mut b) = standard_with(false, seed);
        assert_secret_kept(&g, &a, &b, Side::Nlf.idx(), "after the plan");
        let mut rng = GameRng::seeded(seed);
        // To the first US Movement Phase...
        let first = play_secret_pair(&g, &mut a, &mut b, Side::Nlf.idx(), 400, |x, y| {
            if g.decision(x).kind == "movement" && x.phase == Phase::UsMovement {
                return None;
            }
            lockstep(&g, &mut rng, 2, x, y)
        });
        assert_eq!(a.phase, Phase::UsMovement, "seed {seed}");
        // ...where the first game's US writes its call; the other does not.
        let call = g
            .legal(&a)
            .into_iter()
            .find(|c| matches!(c, Command::Call { .. }))
            .expect("the company may be called (D2)");
        ok(&g, &mut a, call);
        // Through Game Turn 2: the call made on Game Turn 1 lands at the
        // start of Game Turn 4 (D6), in plain sight.
        let n = play_secret_pair(&g, &mut a, &mut b, Side::Nlf.idx(), 600, |x, y| {
            lockstep(&g, &mut rng, 3, x, y)
        });
        assert!(
            first + n > 15,
            "seed {seed}: only {} commands in step",
            first + n
        );
        assert_eq!(a.turn, 3, "seed {seed}: the pair got to Game Turn 3");
    }
}
