//! Hidden information (2.0, 3.0, 18.0, 21.0, 23.0, 26.0): pairs of games
//! that differ only in one side's secret, played in step; the other side's
//! view, its reading of the log, the decision any screen shows and its own
//! legal commands must be the same in both (`vt_core::testing`).

use super::util::*;
use crate::command::Command;
use crate::state::*;
use crate::step::Step;
use vt_core::engine::{Ruleset, Setup};
use vt_core::rng::GameRng;
use vt_core::testing::{assert_secret_kept, play_secret_pair};

const US: u8 = 0;
const NVA: u8 = 1;

/// A US command whose outcome cannot depend on what the NVA/VC hides (no
/// fire, assault, search or interrogation: those may reveal it, as they
/// should).
fn quiet_us(c: &Command) -> bool {
    use Command as C;
    matches!(
        c,
        C::Place { .. }
            | C::Plot { .. }
            | C::SetupDone
            | C::Enter { .. }
            | C::ActivateLeader { .. }
            | C::ActivateHex { .. }
            | C::ActivateUnit { .. }
            | C::Pass
            | C::Move { .. }
            | C::Step { .. }
            | C::EndMove
            | C::EndActivation
            | C::OpFirePass
            | C::NoInterrogation
            | C::ConcealDone
            | C::Conceal { .. }
            | C::NoAdvance
    )
}

/// The NVA/VC lets the moment pass in both games alike.
fn nva_holds(a: &State, b: &State) -> Option<(Command, Command)> {
    use Command as C;
    let r = rules();
    let (la, lb) = (r.legal(a), r.legal(b));
    [
        C::OpFirePass,
        C::Pass,
        C::EndActivation,
        C::EndMove,
        C::ConcealDone,
        C::SetupDone,
        C::EventPass,
        C::NoAdvance,
    ]
    .into_iter()
    .find(|c| la.contains(c) && lb.contains(c))
    .map(|c| (c.clone(), c))
}

/// `script` first (a pair of commands per step), then the US plays quiet
/// commands drawn with `seed` and the NVA/VC holds.
fn lockstep(
    script: Vec<(Command, Command)>,
    seed: u64,
) -> impl FnMut(&State, &State) -> Option<(Command, Command)> {
    let mut script = script.into_iter();
    let mut rng = GameRng::seeded(seed);
    move |a, b| {
        if let Some(p) = script.next() {
            return Some(p);
        }
        let r = rules();
        if r.decision(a).side == Some(US) {
            let quiet: Vec<Command> = r.legal(a).into_iter().filter(quiet_us).collect();
            let c = quiet.get(rng.index(quiet.len()))?.clone();
            Some((c.clone(), c))
        } else {
            nva_holds(a, b)
        }
    }
}

fn game(scenario: &str, seed: u64) -> State {
    rules()
        .new_game(&Setup::new(scenario, seed))
        .expect("scenario")
}

fn of_type(s: &State, ty: &str) -> Vec<UnitId> {
    let r = rules();
    s.units
        .iter()
        .filter(|u| r.ty(u).id == ty)
        .map(|u| u.id)
        .collect()
}

// FTE 3.0, 18.0, 22.0: the NVA/VC set up Concealed and may re-place their
// units in secret. A marker's number tells nothing of the counter under
// it: it is not the scenario's order (the Dummies' numbers and hexes change
// from game to game), and once the set-up is done every marker is
// numbered anew, so the US cannot follow one from where the scenario put
// it.
#[test]
fn concealed_markers_are_numbered_at_random_3_0_18_0() {
    let r = rules();
    let mut numbers = Vec::new();
    let mut hexes = Vec::new();
    for seed in 1..=12 {
        let mut s = game("hamlet-search", seed);
        let dummies = of_type(&s, "vc-dummy");
        assert_eq!(dummies.len(), 2);
        hexes.push(dummies.iter().map(|d| s.unit(*d).hex).collect::<Vec<_>>());
        let before: Vec<u16> = dummies.iter().map(|d| s.unit(*d).marker).collect();
        play(&mut s, Command::SetupDone);
        let after: Vec<u16> = dummies.iter().map(|d| s.unit(*d).marker).collect();
        assert!(
            before.iter().chain(&after).all(|m| (1..=99).contains(m)),
            "{before:?} {after:?}"
        );
        numbers.push(after);
        // Numbers are never shared by two markers.
        let mut all: Vec<u16> = s
            .units
            .iter()
            .filter(|u| u.concealed)
            .map(|u| u.marker)
            .collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n, "seed {seed}");
        // The US sees markers, never which is the Dummy.
        let v = r.make_view(&s, Side::Us);
        assert!(v.units.iter().all(|u| u.side == Side::Us));
        let hidden = s
            .on_map()
            .filter(|u| u.side == Side::Nva && u.concealed)
            .count();
        assert_eq!(v.concealed.len(), hidden);
    }
    numbers.sort();
    numbers.dedup();
    assert!(
        numbers.len() > 6,
        "the Dummies' numbers repeat: {numbers:?}"
    );
    hexes.sort();
    hexes.dedup();
    assert!(
        hexes.len() > 3,
        "the Dummies always start at the same hexes"
    );
}

// FTE 3.0: while the NVA/VC set up behind their screen the US sees none of
// their re-placeable markers; the log tells the US only that a unit was
// re-placed. Two games where a Fire Team and a Dummy trade the hexes they
// are re-placed to look the same to the US throughout, and after the
// set-up (new numbers) and into the first turn.
#[test]
fn a_marker_replaced_in_secret_cannot_be_followed_3_0() {
    let r = rules();
    let a = game("hamlet-search", 7);
    let rifle = of_type(&a, "vc-rifle")[0];
    let dummy = of_type(&a, "vc-dummy")[0];
    let movable = r.setup_movable(&a, Side::Nva);
    let area = &movable.iter().find(|(u, _)| *u == rifle).unwrap().1;
    let free: Vec<_> = area
        .iter()
        .copied()
        .filter(|h| a.units_at(*h).next().is_none())
        .collect();
    let (h1, h2) = (free[0], free[free.len() - 1]);
    let place = |unit, hex| Command::Place { unit, hex };
    let script = vec![
        (place(rifle, h1), place(dummy, h1)),
        (place(dummy, h2), place(rifle, h2)),
    ];
    let (mut a, mut b) = (a.clone(), a);
    // The US view before anything is placed: no NVA/VC marker at all.
    assert!(r.make_view(&a, Side::Us).concealed.is_empty());
    let n = play_secret_pair(r, &mut a, &mut b, US, 40, lockstep(script, 3));
    assert!(n >= 10, "only {n} commands");
    assert!(
        matches!(
            a.phase_step(),
            Step::Activate { .. } | Step::Acting | Step::DrawChit
        ) || a.turn > 1
    );
    // The NVA/VC know their own: the two games differ for them.
    assert_ne!(a.unit(rifle).hex, b.unit(rifle).hex);
    let _ = NVA;
}

// FTE 19.7: the VC event's four pieces come in an order drawn at random;
// the Dummy is not always the third marker to appear. The US reads only
// that a Concealed marker is placed; the NVA/VC read which piece.
#[test]
fn vc_event_pieces_come_in_a_random_order_19_7() {
    let r = rules();
    let mut dummy_at = Vec::new();
    for seed in 0..24 {
        let mut s = sandbox("song-tra");
        s.rng = GameRng::seeded(seed);
        s.chits = [2, 2];
        s.set_phase(Step::Acting);
        let mut ev = Vec::new();
        s.rng.force(&[1, 8]);
        r.random_event(&mut s, &mut ev);
        let mut pieces = Vec::new();
        for _ in 0..4 {
            let c = r.legal(&s)[0].clone();
            let ev = play(&mut s, c);
            let placed = ev
                .iter()
                .find(|e| matches!(e, crate::Event::Placed { .. }))
                .unwrap();
            let entry = r.describe_in(&s, placed);
            let (us, _) = entry.read_by(vt_core::engine::Reader::Side(US));
            assert!(us.starts_with("A Concealed marker is placed at"), "{us}");
            let (nva, _) = entry.read_by(vt_core::engine::Reader::Side(NVA));
            let crate::Event::Placed { unit, .. } = placed else {
                unreachable!()
            };
            pieces.push(r.ty(s.unit(*unit)).id.clone());
            assert!(nva.contains(&r.ty(s.unit(*unit)).name), "{nva}");
        }
        dummy_at.push(pieces.iter().position(|p| p == "vc-dummy").unwrap());
    }
    dummy_at.sort();
    dummy_at.dedup();
    assert_eq!(
        dummy_at,
        vec![0, 1, 2, 3],
        "the Dummy comes at every place in turn"
    );
}

#[allow(dead_code)]
fn secret_kept(a: &State, b: &State, observer: u8, at: &str) {
    assert_secret_kept(rules(), a, b, observer, at);
}
