//! Hidden information (2.0, 3.0, 18.0, 21.0, 23.0, 26.0): pairs of games
//! that differ only in one side's secret, played in step; the other side's
//! view, its reading of the log, the decision any screen shows and its own
//! legal commands must be the same in both (`vt_core::testing`).

use super::util::*;
use crate::command::Command;
use crate::data::Effect;
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

/// A sandbox with a Visible US Fire Team at 20.24 and a `ty` of the
/// NVA/VC under Concealed marker 7 at `at`.
fn marker_game(ty: &str, at: &str) -> (State, UnitId) {
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    hide(&mut s, ty, at);
    (s, us)
}

// FTE 21.0, 22.0: whether the NVA/VC are given an Opportunity Fire chance
// depends only on what the US sees. A US unit stepping into sight of a
// Concealed marker gives the chance whether a Fire Team or a Dummy is
// under it (a Dummy's owner just holds fire), so the US learns nothing
// from being asked; nor from the log.
#[test]
fn opportunity_fire_is_offered_on_what_the_mover_sees_21_0() {
    let r = rules();
    let (mut a, us) = marker_game("nva-rifle", "23.24");
    let (mut b, _) = marker_game("nva-dummy", "23.24");
    let script = vec![
        (
            Command::ActivateUnit { unit: us },
            Command::ActivateUnit { unit: us },
        ),
        (
            Command::Move {
                units: vec![us],
                mode: MoveMode::Normal,
            },
            Command::Move {
                units: vec![us],
                mode: MoveMode::Normal,
            },
        ),
        (
            Command::Step { hex: h("21.24") },
            Command::Step { hex: h("21.24") },
        ),
    ];
    let mut next = lockstep(script, 5);
    for n in 0..3 {
        assert_secret_kept(r, &a, &b, US, &format!("step {n}"));
        let (ca, cb) = next(&a, &b).unwrap();
        play(&mut a, ca);
        play(&mut b, cb);
    }
    // Asked in both games; only the Fire Team may really try.
    assert_eq!(r.decision(&a).kind, "opportunity-fire");
    assert_eq!(r.decision(&b).kind, "opportunity-fire");
    assert_eq!(r.decision(&b).side, Some(NVA));
    assert!(r.legal(&a).len() > 1);
    assert_eq!(r.legal(&b), vec![Command::OpFirePass]);
    let n = play_secret_pair(r, &mut a, &mut b, US, 30, next);
    assert!(n >= 5, "{n}");
    // A Visible unit that cannot fire gives no chance: a Broken one.
    let mut s = sandbox("examples");
    let mover = add(&mut s, "us-rifle", Side::Us, "20.24");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "23.24");
    s.unit_mut(nva).broken = true;
    play(&mut s, Command::ActivateUnit { unit: mover });
    play(
        &mut s,
        Command::Move {
            units: vec![mover],
            mode: MoveMode::Normal,
        },
    );
    play(&mut s, Command::Step { hex: h("21.24") });
    assert_eq!(
        r.decision(&s).kind,
        "move",
        "a Broken unit may not fire (7.0)"
    );
}

// FTE 26.0: a US Claymore plotted where the NVA/VC step is offered with the
// Opportunity Fire chance the step gives anyway (a US unit next to the hex
// always sees it), never as a decision of its own: the NVA/VC player, who
// sees the hand-over screen and the decision, cannot tell a hex with a
// Claymore from one without, even when the US lets it be.
#[test]
fn a_claymore_chance_gives_nothing_away_26_0() {
    let r = rules();
    let pair = [Some("21.24"), None].map(|plot| {
        let mut s = sandbox("examples");
        // A Medic cannot fire: only the Claymore could answer the step.
        add(&mut s, "us-medic", Side::Us, "20.24");
        let nva = add(&mut s, "nva-rifle", Side::Nva, "23.24");
        if let Some(hex) = plot {
            s.traps.push(Trap {
                owner: Side::Us,
                kind: TrapKind::Claymore,
                hex: h(hex),
                used: false,
            });
        }
        s.active = Side::Nva;
        (s, nva)
    });
    let [(mut a, nva), (mut b, _)] = pair;
    let go = |hex: &str| (Command::Step { hex: h(hex) }, Command::Step { hex: h(hex) });
    let script = vec![
        (
            Command::ActivateUnit { unit: nva },
            Command::ActivateUnit { unit: nva },
        ),
        (
            Command::Move {
                units: vec![nva],
                mode: MoveMode::Normal,
            },
            Command::Move {
                units: vec![nva],
                mode: MoveMode::Normal,
            },
        ),
        go("22.24"),
        go("21.24"),
    ];
    let mut next = lockstep(script, 1);
    let mut us_side = |a: &State, b: &State| {
        // The US holds in both games; the NVA/VC moves on.
        if r.decision(a).side == Some(US) {
            let pass = Command::OpFirePass;
            return r.legal(a).contains(&pass).then(|| (pass.clone(), pass));
        }
        next(a, b)
    };
    for n in 0..4 {
        assert_secret_kept(r, &a, &b, NVA, &format!("step {n}"));
        let (ca, cb) = us_side(&a, &b).unwrap();
        play(&mut a, ca);
        play(&mut b, cb);
    }
    // On the Claymore: the US is asked in both games, with the same words.
    assert_eq!(r.decision(&a), r.decision(&b));
    assert_eq!(r.decision(&a).kind, "opportunity-fire");
    assert!(r.decision(&a).interrupt);
    assert!(!r.decision(&a).prompt.contains("Claymore"));
    assert!(r.legal(&a).contains(&Command::Detonate));
    assert!(!r.legal(&b).contains(&Command::Detonate));
    match r.situation(&a, Side::Us) {
        Some(crate::screen::Situation::OpFire { claymore, .. }) => assert!(claymore),
        other => panic!("{other:?}"),
    }
    match r.situation(&a, Side::Nva) {
        Some(crate::screen::Situation::OpFire { claymore, .. }) => assert!(!claymore),
        other => panic!("{other:?}"),
    }
    let n = play_secret_pair(r, &mut a, &mut b, NVA, 12, us_side);
    assert!(n >= 2, "{n}");
}

// FTE 23.0: Hidden Caches are set up unknown and may not be inspected by
// the other side. The scenario gives the sites; which cache goes to which
// site is drawn in secret, one to a site, and the US sees "?" markers
// listed by hex, never in the scenario's order.
#[test]
fn hidden_caches_are_placed_in_secret_23_0() {
    let r = rules();
    let sc = r.scenario("hamlet-search").unwrap();
    let sites = &sc.cache_sites[0].hexes;
    let mut rice_at = Vec::new();
    for seed in 1..=12 {
        let s = game("hamlet-search", seed);
        assert_eq!(s.caches.len(), 5);
        let mut hexes: Vec<_> = s.caches.iter().map(|c| c.hex).collect();
        assert!(hexes.iter().all(|h| sites.contains(h)), "{hexes:?}");
        hexes.sort();
        hexes.dedup();
        assert_eq!(hexes.len(), 5, "one cache to a site");
        rice_at.push(s.caches[0].hex);
        let v = r.make_view(&s, Side::Us);
        assert!(v.caches.iter().all(|c| c.kind.is_none() && c.id.is_none()));
        assert!(v.caches.windows(2).all(|w| w[0].hex <= w[1].hex));
        // The owner sees its own.
        let nv = r.make_view(&s, Side::Nva);
        assert!(nv.caches.iter().all(|c| c.kind.is_some()));
    }
    rice_at.sort();
    rice_at.dedup();
    assert!(rice_at.len() > 4, "the Rice Cache keeps to {rice_at:?}");
    // And the Sources and assumptions view says where the sites come from.
    assert!(
        r.source_notes()
            .iter()
            .any(|n| n.item.contains("cache sites"))
    );
}

// FTE 23.0: two games alike but for which cache lies where (the Rice and
// the Dummy Cache trade hexes) look the same to the US until it searches.
#[test]
fn which_cache_is_where_stays_secret_23_0() {
    let r = rules();
    let mut a = game("hamlet-search", 11);
    let mut b = a.clone();
    let (rice, dummy) = (0usize, 3usize);
    assert_eq!(b.caches[rice].kind, CacheKind::Rice);
    assert_eq!(b.caches[dummy].kind, CacheKind::Dummy);
    let (hr, hd) = (b.caches[rice].hex, b.caches[dummy].hex);
    b.caches[rice].hex = hd;
    b.caches[dummy].hex = hr;
    let n = play_secret_pair(r, &mut a, &mut b, US, 60, lockstep(Vec::new(), 8));
    assert!(n >= 20, "only {n} commands");
}

// FTE 6.2, 17.1, 28.0: a hex holding enemy units may not be entered, even
// under Concealed markers, but Civilians and a lone Medic do not keep the
// US (or the NVA/VC) out. The mover sees only a marker, so what it may try
// and the hexes shown as reachable are the same whatever the marker
// hides; the step settles it: into a Civilians or Medic hex, or back with
// nothing spent from a held one, which stays known for the move.
#[test]
fn a_concealed_marker_hex_may_be_tried_whatever_it_hides_6_2() {
    let r = rules();
    let start = |ty: &str| {
        let (mut s, us) = marker_game(ty, "21.24");
        begin_move(&mut s, us);
        (s, us)
    };
    for (open, held) in [("civilians", "vc-rifle"), ("nva-medic", "nva-rifle")] {
        let (mut a, us) = start(open);
        let (mut b, _) = start(held);
        assert_secret_kept(r, &a, &b, US, &format!("{open} or {held}"));
        let step = Command::Step { hex: h("21.24") };
        assert_eq!(r.legal(&a), r.legal(&b), "{open} or {held}");
        assert!(
            r.legal(&b).contains(&step),
            "{held}: the attempt is allowed"
        );
        assert_eq!(
            r.reachable(&a, &[us], MoveMode::Normal),
            r.reachable(&b, &[us], MoveMode::Normal),
            "{open} or {held}: the highlighted hexes"
        );
        let left = b.moving().unwrap().left;
        play(&mut a, step.clone());
        assert_eq!(a.unit(us).hex, Some(h("21.24")), "{open} may be entered");
        let ev = play(&mut b, step.clone());
        assert!(
            ev.iter()
                .any(|e| matches!(e, crate::Event::EntryRefused { .. })),
            "{ev:?}"
        );
        assert_eq!(b.unit(us).hex, Some(h("20.24")), "{held} keeps it out");
        assert_eq!(b.moving().unwrap().left, left, "nothing spent");
        assert_eq!(refused(&b, step.clone()), "FTE 6.2");
        assert!(!r.legal(&b).contains(&step), "known held for the move");
        // The held marker stays a marker; the log tells the US only that
        // the hex is held.
        let held_unit = b.units.iter().find(|u| u.side == Side::Nva).unwrap();
        assert!(held_unit.concealed);
        let entry = r.describe_in(&b, ev.last().unwrap());
        let text = entry.read_by(vt_core::engine::Reader::Side(US)).0;
        assert!(text.contains("enemy units hold it"), "{text}");
        assert!(!text.contains("NVA") && !text.contains("VC"), "{text}");
    }
    // A Visible enemy unit's hex is not even tried.
    let (mut s, us) = marker_game("nva-rifle", "21.24");
    let nva = s.units.iter().find(|u| u.side == Side::Nva).unwrap().id;
    s.unit_mut(nva).concealed = false;
    begin_move(&mut s, us);
    assert_eq!(refused(&s, Command::Step { hex: h("21.24") }), "FTE 6.2");
}

/// Puts an NVA/VC unit of type `ty` at `at` under Concealed marker 7.
fn hide(s: &mut State, ty: &str, at: &str) -> UnitId {
    let nva = add(s, ty, Side::Nva, at);
    conceal(s, nva);
    s.unit_mut(nva).marker = 7;
    nva
}

/// FTE 6.2 for every way US units come into a hex: `build(ty)` makes a
/// game where the US is about to `attempt` it into a hex under a
/// Concealed marker hiding a `ty`. Whether the marker hides units that
/// let the US in (Civilians, 28.0; a lone Medic, 17.1) or units that keep
/// it out, the US sees the same and may try the same commands; the
/// attempt is then settled: in for the first (`entered`), for the second
/// an `EntryRefused` that names no one behind the marker, the markers
/// kept on, and the attempt no longer offered; the log's words say what
/// was tried (`words`). Returns each game with units that keep the US out,
/// for the caller's own checks.
fn tried_whatever_it_hides(
    case: &str,
    build: impl Fn(&str) -> State,
    attempt: Command,
    words: &str,
    entered: impl Fn(&State) -> bool,
) -> Vec<State> {
    let r = rules();
    let mut held_games = Vec::new();
    for (open, held) in [("civilians", "vc-rifle"), ("nva-medic", "nva-rifle")] {
        let at = format!("{case}: {open} or {held}");
        let (mut a, mut b) = (build(open), build(held));
        assert_secret_kept(r, &a, &b, US, &at);
        assert_eq!(r.legal(&a), r.legal(&b), "{at}");
        assert!(r.legal(&b).contains(&attempt), "{at}: may be tried");
        play(&mut a, attempt.clone());
        assert!(entered(&a), "{at}: {open} lets the US in");
        let ev = play(&mut b, attempt.clone());
        assert!(!entered(&b), "{at}: {held} keeps the US out");
        let refusal = ev
            .iter()
            .find(|e| matches!(e, crate::Event::EntryRefused { .. }))
            .unwrap_or_else(|| panic!("{at}: {ev:?}"));
        let entry = r.describe_in(&b, refusal);
        let text = entry.read_by(vt_core::engine::Reader::Side(US)).0;
        assert!(text.contains("enemy units hold it"), "{at}: {text}");
        assert!(text.contains(words), "{at}: {text}");
        assert!(!text.contains("put"), "{at}: not a step: {text}");
        assert!(!text.contains("NVA") && !text.contains("VC"), "{text}");
        assert!(
            b.units.iter().any(|u| u.side == Side::Nva && u.concealed),
            "{at}: the marker stays on"
        );
        assert!(!r.legal(&b).contains(&attempt), "{at}: known held");
        assert!(r.check(&b, &attempt).is_err(), "{at}");
        held_games.push(b);
    }
    held_games
}

// FTE 7.4, 6.2: a Broken unit retreats two hexes away from the unit that
// broke it, into hexes it may enter, and is eliminated if it cannot. A hex
// under a Concealed marker is one it may try whatever the marker hides;
// found held, the unit stays, may choose another hex, and is eliminated
// (as a KIA) when none is left.
#[test]
fn a_retreat_may_try_a_concealed_marker_hex_7_4() {
    let r = rules();
    let broken = |s: &mut State| {
        let us = add(s, "us-rifle", Side::Us, "21.24");
        let mut ev = Vec::new();
        let from = Some(h("20.24"));
        r.apply_effect(s, us, Effect::B, Side::Nva, from, false, &mut ev);
        us
    };
    let mut probe = sandbox("examples");
    let us = broken(&mut probe);
    let to = r.retreat_hexes(&probe)[0];
    let build = |ty: &str| {
        let mut s = sandbox("examples");
        broken(&mut s);
        hide(&mut s, ty, &to.to_string());
        s
    };
    let attempt = Command::Retreat { hex: to };
    let held = tried_whatever_it_hides(
        "7.4 retreat",
        build,
        attempt.clone(),
        "to retreat into",
        |s| s.unit(us).hex == Some(to),
    );
    for mut b in held {
        assert_eq!(b.unit(us).hex, Some(h("21.24")), "stays put");
        assert_eq!(refused(&b, attempt.clone()), "FTE 7.4");
        // Every other way out found held too: eliminated as a KIA.
        while let Some(&other) = r.retreat_hexes(&b).first() {
            hide(&mut b, "nva-rifle", &other.to_string());
            play(&mut b, Command::Retreat { hex: other });
        }
        assert_eq!(b.unit(us).status, UnitStatus::Eliminated);
    }
}

// FTE 7.4, 6.2: a downed helicopter comes down at Ground level within
// three hexes of where it flew at High level, in a hex where it may be
// at Ground level, or is destroyed. A hex under a Concealed marker may be
// chosen whatever it hides; found held, the owner chooses again.
#[test]
fn a_downed_helicopter_may_try_a_concealed_marker_hex_7_4() {
    let r = rules();
    let downed = |s: &mut State| {
        let slick = add(s, "us-slick", Side::Us, "20.24");
        s.unit_mut(slick).altitude = Altitude::High;
        let aboard = add(s, "us-rifle", Side::Us, "20.24");
        s.unit_mut(aboard).status = UnitStatus::Loaded;
        s.unit_mut(aboard).carrier = Some(slick);
        let mut ev = Vec::new();
        r.apply_effect(s, slick, Effect::WIA, Side::Nva, None, false, &mut ev);
        slick
    };
    let mut probe = sandbox("examples");
    let slick = downed(&mut probe);
    let spot = r.setdown_hexes(&probe)[0];
    let build = |ty: &str| {
        let mut s = sandbox("examples");
        downed(&mut s);
        hide(&mut s, ty, &spot.to_string());
        s
    };
    let attempt = Command::SetDown { hex: spot };
    let held = tried_whatever_it_hides(
        "7.4 set-down",
        build,
        attempt.clone(),
        "to come down at",
        |s| s.unit(slick).altitude == Altitude::Ground && s.unit(slick).hex == Some(spot),
    );
    for b in held {
        assert!(matches!(b.step(), Step::HeliDown { .. }), "chooses again");
        assert_eq!(refused(&b, attempt.clone()), "FTE 7.4");
    }
}

/// A Slick at `altitude` over 20.24 with a Fire Team aboard and a marker
/// hiding a `ty` below; returns the game, the Slick and the Fire Team.
fn slick_over_marker(ty: &str, altitude: Altitude) -> (State, UnitId, UnitId) {
    let mut s = sandbox("examples");
    let slick = add(&mut s, "us-slick", Side::Us, "20.24");
    s.unit_mut(slick).altitude = altitude;
    let aboard = add(&mut s, "us-rifle", Side::Us, "20.24");
    s.unit_mut(aboard).status = UnitStatus::Loaded;
    s.unit_mut(aboard).carrier = Some(slick);
    hide(&mut s, ty, "20.24");
    (s, slick, aboard)
}

// FTE 6.8, 6.2: a helicopter over a hex may come down to Ground level
// there (not in Jungle or Hamlet), but no unit enters a hex holding enemy
// units. Over a Concealed marker it may try whatever the marker hides;
// found held, it stays at Treetop level with its move not spent.
#[test]
fn a_helicopter_may_try_to_land_on_a_concealed_marker_6_8() {
    let (_, slick, _) = slick_over_marker("civilians", Altitude::Treetop);
    let build = |ty: &str| {
        let (mut s, slick, _) = slick_over_marker(ty, Altitude::Treetop);
        begin_move(&mut s, slick);
        s
    };
    let held = tried_whatever_it_hides(
        "6.8 landing",
        build,
        Command::Descend,
        "at Treetop level",
        |s| s.unit(slick).altitude == Altitude::Ground,
    );
    for b in held {
        assert_eq!(b.unit(slick).altitude, Altitude::Treetop);
        assert!(!b.moving().unwrap().altitude_changed, "nothing spent");
        assert_eq!(refused(&b, Command::Descend), "FTE 6.2");
    }
}

// FTE 15.0, 6.2: a helicopter unloads at Ground level, and unloading
// units enter its hex. With a Concealed marker in the hex (it cannot be
// told from the air what is under it) the Unload may be tried whatever
// the marker hides; found held, everyone stays aboard and the action is
// spent.
#[test]
fn an_unload_may_be_tried_beside_a_concealed_marker_15_0() {
    let (_, slick, aboard) = slick_over_marker("civilians", Altitude::Ground);
    let build = |ty: &str| {
        let (mut s, slick, _) = slick_over_marker(ty, Altitude::Ground);
        play(&mut s, Command::ActivateUnit { unit: slick });
        s
    };
    let attempt = Command::Unload { carrier: slick };
    let held = tried_whatever_it_hides("15.0 unload", build, attempt, "to unload at", |s| {
        s.unit(aboard).status == UnitStatus::OnMap
    });
    for b in held {
        assert_eq!(b.unit(aboard).status, UnitStatus::Loaded);
    }
}

/// A game in the US Place Reinforcements phase (4.0) with a Fire Team
/// (or `ty`) arriving on the West edge; the unit and its first entry hex.
fn arriving(ty: &str) -> (State, UnitId, crate::geo::Hex) {
    let r = rules();
    let mut s = sandbox("examples");
    let u = r.spawn(&mut s, ty, Side::Us).expect("unit type");
    let turn = s.turn;
    let x = s.unit_mut(u);
    x.status = UnitStatus::Waiting;
    x.hex = None;
    x.arrives = Some(turn);
    x.entry = Some(crate::map::Edge::West);
    s.set_phase(Step::Reinforcements {
        side: Side::Us,
        refused: Vec::new(),
    });
    let at = r.entry_hexes(&s, u)[3];
    (s, u, at)
}

// FTE 4.0, 6.2: reinforcements are placed in any hex of their map edge,
// not overstacked, and no unit enters a hex holding enemy units, even
// Concealed ones (but Civilians, 28.0, and a lone Medic, 17.1, let the US
// in). The entry hexes offered depend only on what the placer sees: a
// marker's hex may be tried whatever it hides; found held, the unit stays
// off the map, the log names no one behind the marker, and the side
// chooses another hex.
#[test]
fn a_reinforcement_may_try_a_concealed_marker_hex_4_0() {
    let r = rules();
    let (_, unit, at) = arriving("us-rifle");
    let build = |ty: &str| {
        let (mut s, _, _) = arriving("us-rifle");
        hide(&mut s, ty, &at.to_string());
        s
    };
    let attempt = Command::Enter {
        unit,
        hex: at,
        altitude: Altitude::Ground,
    };
    let held = tried_whatever_it_hides(
        "4.0 placement",
        build,
        attempt.clone(),
        "to enter the map at",
        |s| s.unit(unit).status == UnitStatus::OnMap && s.unit(unit).hex == Some(at),
    );
    for mut b in held {
        assert_eq!(b.unit(unit).status, UnitStatus::Waiting, "stays off");
        assert!(matches!(b.step(), Step::Reinforcements { .. }));
        assert_eq!(refused(&b, attempt.clone()), "FTE 4.0");
        // Another hex of the edge may be chosen.
        let other = r.entry_hexes(&b, unit)[0];
        play(
            &mut b,
            Command::Enter {
                unit,
                hex: other,
                altitude: Altitude::Ground,
            },
        );
        assert_eq!(b.unit(unit).hex, Some(other));
    }
    // A lone enemy Medic's hex is entered, and the Medic eliminated (17.1).
    let (mut s, _, _) = arriving("us-rifle");
    let medic = hide(&mut s, "nva-medic", &at.to_string());
    play(&mut s, attempt.clone());
    assert_eq!(s.unit(medic).status, UnitStatus::Eliminated);
    // A Visible enemy's hex is not offered at all.
    let (mut s, _, _) = arriving("us-rifle");
    let nva = hide(&mut s, "nva-rifle", &at.to_string());
    s.unit_mut(nva).concealed = false;
    assert!(!r.legal(&s).contains(&attempt));
    assert_eq!(refused(&s, attempt), "FTE 4.0");
    // A helicopter comes in flying (6.8), over a marker whatever it hides.
    for ty in ["civilians", "nva-rifle"] {
        let (mut s, slick, _) = arriving("us-slick");
        hide(&mut s, ty, &at.to_string());
        play(
            &mut s,
            Command::Enter {
                unit: slick,
                hex: at,
                altitude: Altitude::Treetop,
            },
        );
        assert_eq!(s.unit(slick).hex, Some(at), "{ty}");
    }
}
