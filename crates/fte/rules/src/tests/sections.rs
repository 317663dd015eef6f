//! One test (or more) per rule section, each quoting (in paraphrase) what
//! it checks. Most run on the flat, clear south-west corner of the examples
//! map (columns 17-25, rows 23-25).

use super::util::*;
use crate::command::{Command, Target};
use crate::counters::judge;
use crate::data::{Effect, MissionKind, RandomEvent, StatusMarker, Terrain};
use crate::event::{Drm, Event, Mods};
use crate::geo::HexExt;
use crate::line_of_sight::{Blocked, Eye, los};
use crate::map::{Map, MapFile};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::Ruleset;
use vt_core::provenance::Provenance;

fn kind(s: &State) -> String {
    rules().decision(s).kind.into_owned()
}

fn decider(s: &State) -> Option<u8> {
    rules().decision(s).side
}

/// Starts a new activation of `unit` as if it had not acted this turn.
fn fresh_activation(s: &mut State, unit: UnitId) {
    s.activation = None;
    s.set_phase(Step::Activate { first: true });
    s.active = s.unit(unit).side;
    s.unit_mut(unit).activated = false;
    play(s, Command::ActivateUnit { unit });
}

/// Answers every Opportunity Fire prompt with a pass.
fn pass_opfire(s: &mut State) {
    while kind(s).starts_with("opportunity-fire") {
        play(s, Command::OpFirePass);
    }
}

// FTE 1.2: a 1 always succeeds and a 10 always fails; modifiers change the
// roll, not the rating. Errata to 1.2: marker DRMs are cumulative.
#[test]
fn rolls_and_cumulative_markers_1_2() {
    let big: Mods = vec![(Drm::Status(StatusMarker::Exhausted), 9)];
    assert!(judge(1, &big, 1), "a 1 always succeeds");
    assert!(!judge(10, &Mods::new(), 10), "a 10 always fails");
    assert!(judge(5, &vec![(Drm::Adjacent, -1)], 4));
    let r = rules();
    let mut s = sandbox("examples");
    let u = add(&mut s, "us-rifle", Side::Us, "20.24");
    {
        let x = s.unit_mut(u);
        x.exhausted = true;
        x.low_ammo = true;
        x.suppressed = true;
    }
    let m = r.status_mods(&s, s.unit(u), true);
    let total: i32 = m.iter().map(|(_, v)| *v as i32).sum();
    let (e, _) = r.tables.marker(StatusMarker::Exhausted);
    let (l, _) = r.tables.marker(StatusMarker::LowAmmo);
    let (su, _) = r.tables.marker(StatusMarker::Suppressed);
    assert_eq!(total, e + l + su, "{m:?}");
    assert_eq!(m.len(), 3);
}

// FTE 2.0 and 7.5.1: a four or three man unit that takes a KIA or WIA flips
// to its reduced side; a one or two man (or reduced) unit is removed and
// replaced by the marker.
#[test]
fn reduced_sides_2_0_and_7_5_1() {
    let r = rules();
    let mut s = sandbox("examples");
    let ft = add(&mut s, "nva-rifle", Side::Nva, "20.24");
    let rpg = add(&mut s, "nva-rpg", Side::Nva, "22.24");
    let mut ev = Vec::new();
    r.apply_effect(&mut s, ft, Effect::WIA, Side::Us, None, false, &mut ev);
    assert!(s.unit(ft).reduced);
    assert_eq!(r.fire_rating(s.unit(ft)), Some(3));
    assert_eq!(r.troops(s.unit(ft)), 2);
    r.apply_effect(&mut s, ft, Effect::KIA, Side::Us, None, false, &mut ev);
    assert_eq!(s.unit(ft).status, UnitStatus::Eliminated);
    r.apply_effect(&mut s, rpg, Effect::KIA, Side::Us, None, false, &mut ev);
    assert_eq!(
        s.unit(rpg).status,
        UnitStatus::Eliminated,
        "two men: removed"
    );
    assert_eq!(
        s.casualties.iter().filter(|c| c.side == Side::Nva).count(),
        3
    );
    let (kia, wia) = (
        r.tables.vp(crate::data::VpEvent::CauseKia).0,
        r.tables.vp(crate::data::VpEvent::CauseWia).0,
    );
    assert_eq!(s.vp[0], 2 * kia + wia);
}

// FTE 3.0, 20.0, 29.0: each turn the chits go into the cup; the turn ends
// when the cup is empty (after fire missions, casualties and concealment);
// Activation Complete markers come off; after the last turn the side with
// more VP wins and a tie goes to the NVA/VC.
#[test]
fn sequence_of_play_and_end_3_0_20_0_29_0() {
    let r = rules();
    let mut s = sandbox("examples");
    s.turns = 2;
    s.chits = [1, 1];
    let u = add(&mut s, "us-rifle", Side::Us, "20.24");
    let n = add(&mut s, "nva-rifle", Side::Nva, "25.25");
    s.unit_mut(u).activated = true;
    // First activation of turn 1 (no chit): pass. The cup is empty, so the
    // turn runs through missions, casualties and concealment to turn 2.
    play(&mut s, Command::Pass);
    assert_eq!(s.turn, 2);
    assert!(
        !s.unit(u).activated,
        "20.0: Activation Complete markers removed"
    );
    assert_eq!(s.cup.len(), 2, "one chit each back in the cup");
    // Turn 2: the US activates first without a chit.
    assert_eq!(*s.step(), Step::Activate { first: true });
    play(&mut s, Command::Pass);
    while r.outcome(&s).result.is_none() {
        let c = r
            .legal(&s)
            .into_iter()
            .find(|c| {
                matches!(
                    c,
                    Command::Pass | Command::ConcealDone | Command::EndActivation
                )
            })
            .expect("a way on");
        play(&mut s, c);
    }
    assert_eq!(s.vp, [0, 0]);
    assert_eq!(
        r.outcome(&s).result.as_deref(),
        Some("nva-vc"),
        "29.0: a tie goes to the NVA/VC"
    );
    let _ = n;
}

// FTE 5.0 and 5.1: after the first activation, the drawn chit says who is
// active; passing draws the next; a helicopter's chit goes back into the
// cup.
#[test]
fn chit_cup_and_helicopter_chit_5_0_5_1() {
    let mut s = sandbox("examples");
    s.cup = vt_core::cup::Cup::new(vec![Chit::Side(Side::Nva)]);
    let heli = add(&mut s, "us-slick", Side::Us, "23.24");
    s.unit_mut(heli).altitude = Altitude::Treetop;
    let nva = add(&mut s, "nva-rifle", Side::Nva, "17.25");
    // The first activation needs no chit: the scenario's first player (US).
    assert_eq!(decider(&s), Some(0));
    play(&mut s, Command::Pass);
    // The NVA chit is drawn.
    assert_eq!(decider(&s), Some(1));
    assert_eq!(s.active, Side::Nva);
    play(&mut s, Command::Pass);
    // A US chit in the cup; a helicopter activation puts it back.
    s.set_phase(Step::Activate { first: false });
    s.active = Side::Us;
    s.cup = vt_core::cup::Cup::new(vec![]);
    play(&mut s, Command::ActivateUnit { unit: heli });
    assert_eq!(
        s.cup.count(|c| *c == Chit::Side(Side::Us)),
        1,
        "5.1: the chit goes back"
    );
    let _ = nva;
}

// FTE 5.1: activating a hex whose units are just those a Leader among them
// would activate (a lone Leader, or a Leader with no one else within two
// hexes) is the Leader Activation offered twice; it is offered once, as
// the Leader's. A hex with fewer units than the Leader's group keeps its own.
#[test]
fn a_lone_leader_is_activated_one_way_5_1() {
    let r = rules();
    let mut s = sandbox("examples");
    let lone = add(&mut s, "us-leader", Side::Us, "20.24");
    let hex = Command::ActivateHex { hex: h("20.24") };
    let leader = Command::ActivateLeader { leader: lone };
    assert!(r.legal(&s).contains(&leader));
    assert!(!r.legal(&s).contains(&hex));
    assert_eq!(refused(&s, hex.clone()), "FTE 5.1");
    // With a Fire Team in his hex and no one else near: still one way.
    add(&mut s, "us-rifle", Side::Us, "20.24");
    assert!(!r.legal(&s).contains(&hex));
    // A Fire Team two hexes off joins the Leader's group only: the hex
    // activation is another choice.
    add(&mut s, "us-rifle", Side::Us, "22.24");
    assert!(r.legal(&s).contains(&hex));
    assert!(r.legal(&s).contains(&leader));
}

// FTE 5.1 and 7.4: a Leader's KIA or WIA removes one of his side's chits
// from the cup for good, or from the pool if the cup has none.
#[test]
fn leader_loss_costs_a_chit_5_1() {
    let r = rules();
    let mut s = sandbox("examples");
    s.chits = [3, 3];
    s.cup = vt_core::cup::Cup::new(vec![Chit::Side(Side::Us), Chit::Side(Side::Nva)]);
    let l1 = add(&mut s, "us-leader", Side::Us, "20.24");
    let l2 = add(&mut s, "us-leader", Side::Us, "22.24");
    let mut ev = Vec::new();
    r.apply_effect(&mut s, l1, Effect::KIA, Side::Nva, None, false, &mut ev);
    assert_eq!(s.cup.count(|c| *c == Chit::Side(Side::Us)), 0);
    assert_eq!(s.chits[0], 2);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChitLost { from_cup: true, .. }))
    );
    ev.clear();
    r.apply_effect(&mut s, l2, Effect::WIA, Side::Nva, None, false, &mut ev);
    assert_eq!(s.chits[0], 1, "none left in the cup: from the pool");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ChitLost {
            from_cup: false,
            ..
        }
    )));
}

// FTE 5.0 and 5.1: infantry one action; vehicles two different actions;
// helicopters two, one of them a Move; helicopters activated together only
// Move, Load and Unload.
#[test]
fn actions_per_activation_5_0_5_1() {
    let mut s = sandbox("examples");
    let acav = add(&mut s, "us-acav", Side::Us, "20.24");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "23.24");
    play(&mut s, Command::ActivateUnit { unit: acav });
    play(
        &mut s,
        Command::Move {
            units: vec![acav],
            mode: MoveMode::Normal,
        },
    );
    play(&mut s, Command::Step { hex: h("21.24") });
    pass_opfire(&mut s);
    play(&mut s, Command::EndMove);
    assert_eq!(
        refused(
            &s,
            Command::Move {
                units: vec![acav],
                mode: MoveMode::Normal
            }
        ),
        "FTE 5.1"
    );
    s.rng.force(&[10]);
    play(
        &mut s,
        Command::Fire {
            firers: vec![acav],
            primary: acav,
            target: Target::Unit(nva),
        },
    );
    assert!(
        s.activation.is_none(),
        "two actions done: the activation ends"
    );

    let mut s = sandbox("examples");
    let heli = add(&mut s, "us-hog", Side::Us, "20.24");
    s.unit_mut(heli).altitude = Altitude::Treetop;
    let nva = add(&mut s, "nva-rifle", Side::Nva, "23.24");
    play(&mut s, Command::ActivateUnit { unit: heli });
    s.rng.force(&[10]);
    play(
        &mut s,
        Command::Fire {
            firers: vec![heli],
            primary: heli,
            target: Target::Unit(nva),
        },
    );
    assert_eq!(
        refused(&s, Command::EndActivation),
        "FTE 5.1",
        "it must still Move (it may hover)"
    );
    assert_eq!(
        refused(
            &s,
            Command::Fire {
                firers: vec![heli],
                primary: heli,
                target: Target::Unit(nva)
            }
        ),
        "FTE 5.1"
    );
    play(
        &mut s,
        Command::Move {
            units: vec![heli],
            mode: MoveMode::Normal,
        },
    );
    play(&mut s, Command::EndMove);
    // A hover is still subject to Opportunity Fire.
    assert_eq!(kind(&s), "opportunity-fire");
}

// FTE 6.2: two vehicles or one helicopter per hex; no entering a hex with
// enemy units, Concealed ones included, unless the only unit is a Medic,
// which is then eliminated (17.1).
#[test]
fn stacking_6_2_and_medics_17_1() {
    let r = rules();
    let mut s = sandbox("examples");
    let v1 = add(&mut s, "us-acav", Side::Us, "20.24");
    add(&mut s, "us-acav", Side::Us, "21.24");
    add(&mut s, "us-acav", Side::Us, "21.24");
    assert!(!r.can_stack(&s, v1, h("21.24")));
    let ft = add(&mut s, "us-rifle", Side::Us, "18.24");
    let hidden = add(&mut s, "nva-dummy", Side::Nva, "18.23");
    conceal(&mut s, hidden);
    let medic = add(&mut s, "nva-medic", Side::Nva, "17.24");
    play(&mut s, Command::ActivateUnit { unit: ft });
    play(
        &mut s,
        Command::Move {
            units: vec![ft],
            mode: MoveMode::Normal,
        },
    );
    // A Concealed marker's hex may be tried (it could hide a Medic); the
    // Dummy under it keeps the Fire Team out, and the hex is then known.
    play(&mut s, Command::Step { hex: h("18.23") });
    assert_eq!(s.unit(ft).hex, Some(h("18.24")));
    assert_eq!(refused(&s, Command::Step { hex: h("18.23") }), "FTE 6.2");
    play(&mut s, Command::Step { hex: h("17.24") });
    assert_eq!(s.unit(medic).status, UnitStatus::Eliminated);
    assert_eq!(
        s.vp[0],
        r.tables.vp(crate::data::VpEvent::CauseKia).0,
        "VP as a KIA"
    );
}

// FTE 6.2 errata and 7.1: -1 for each unit beyond four in the target hex.
#[test]
fn crowded_target_hex_errata_6_2() {
    let r = rules();
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    let mut t = 0;
    for _ in 0..6 {
        t = add(&mut s, "nva-rifle", Side::Nva, "22.24");
    }
    play(&mut s, Command::ActivateUnit { unit: us });
    let a = r.check_fire(&s, &[us], us, Target::Unit(t)).unwrap();
    let m = r.attack_mods(&s, &a);
    assert_eq!(
        m.iter()
            .filter(|(d, _)| *d == Drm::Crowded)
            .map(|(_, v)| *v as i32)
            .sum::<i32>(),
        -2
    );
}

// FTE 6.7: Stealthy Movement is one hex; a Concealed unit checks against
// Troop Quality with the entered hex's concealment modifier and keeps its
// marker if it passes; Opportunity Fire against it gets +1.
#[test]
fn stealthy_movement_6_7() {
    let r = rules();
    let mut s = sandbox("examples");
    let ft = add(&mut s, "us-rifle", Side::Us, "20.24");
    conceal(&mut s, ft);
    let nva = add(&mut s, "nva-rifle", Side::Nva, "23.24");
    play(&mut s, Command::ActivateUnit { unit: ft });
    play(
        &mut s,
        Command::Move {
            units: vec![ft],
            mode: MoveMode::Stealthy,
        },
    );
    s.rng.force(&[3]);
    let ev = play(&mut s, Command::Step { hex: h("21.24") });
    let check = ev.iter().find_map(|e| match e {
        Event::Check { mods, pass, .. } => Some((mods.clone(), *pass)),
        _ => None,
    });
    let (mods, pass) = check.expect("a Stealthy check");
    assert!(
        mods.contains(&(Drm::Concealment(Terrain::Clear), 1)),
        "{mods:?}"
    );
    assert!(pass, "3 + 1 = 4: passes Troop Quality 4");
    assert!(s.unit(ft).concealed);
    assert!(r.steps(&s).is_empty(), "one hex only");
    // The NVA gets its Opportunity Fire chance, with +1 against Stealthy.
    assert_eq!(kind(&s), "opportunity-fire");
    s.rng.force(&[1]);
    play(&mut s, Command::OpFireAttempt { units: vec![nva] });
    let Some(Step::OpportunityFire(o)) = s.steps.last().cloned() else {
        panic!()
    };
    assert!(o.stealthy);
    let marker = s.unit(ft).marker;
    s.rng.force(&[10]);
    let ev = play(
        &mut s,
        Command::OpFire {
            primary: nva,
            supporters: vec![],
            target: Target::Marker(marker),
        },
    );
    let mods = attacks(&ev).first().map(|e| match e {
        Event::Attack { mods, .. } => mods.clone(),
        _ => unreachable!(),
    });
    let mods = mods.unwrap();
    assert!(
        mods.contains(&(Drm::Stealthy, 1)) && mods.contains(&(Drm::ConcealedTarget, 2)),
        "{mods:?}"
    );
}

// FTE 6.8: helicopters have 20 MP at High or Treetop and 2 at Ground; they
// change altitude by one at the start or end of a move; never at Ground in
// Jungle or Hamlet. Range to a helicopter at High is doubled.
#[test]
fn helicopter_movement_6_8() {
    let r = rules();
    let mut s = sandbox("examples");
    let slick = add(&mut s, "us-slick", Side::Us, "20.24");
    s.unit_mut(slick).altitude = Altitude::Ground;
    assert_eq!(
        r.allowance(&s, s.unit(slick), MoveMode::Normal),
        4,
        "2 MP at Ground"
    );
    play(&mut s, Command::ActivateUnit { unit: slick });
    play(
        &mut s,
        Command::Move {
            units: vec![slick],
            mode: MoveMode::Normal,
        },
    );
    play(&mut s, Command::Climb);
    pass_opfire(&mut s);
    assert_eq!(s.moving().unwrap().left, 40, "20 MP in the air");
    assert_eq!(
        refused(&s, Command::Climb),
        "FTE 6.8",
        "one change per move"
    );
    // Over the jungle at 19.18 it may not come down.
    let mut s2 = sandbox("examples");
    let hog = add(&mut s2, "us-hog", Side::Us, "19.18");
    s2.unit_mut(hog).altitude = Altitude::Treetop;
    play(&mut s2, Command::ActivateUnit { unit: hog });
    play(
        &mut s2,
        Command::Move {
            units: vec![hog],
            mode: MoveMode::Normal,
        },
    );
    assert_eq!(refused(&s2, Command::Descend), "FTE 6.8");
    // Range doubles to a helicopter at High.
    let nva = add(&mut s2, "nva-rifle", Side::Nva, "19.21");
    s2.unit_mut(hog).altitude = Altitude::High;
    assert_eq!(r.range_between(&s2, nva, hog), Some(6));
}

// FTE 6.9, 14.0, 15.0, 4.0: a Slick carries 7 troops (KIA/WIA count one
// each); a helicopter loads and unloads at Ground level; unloaded units
// count as activated; a Slick that brought troops then only moves and
// leaves next turn.
#[test]
fn transport_6_9_14_15() {
    let r = rules();
    let mut s = sandbox("examples");
    let slick = add(&mut s, "us-slick", Side::Us, "20.24");
    s.unit_mut(slick).altitude = Altitude::Ground;
    let a = add(&mut s, "us-rifle", Side::Us, "20.24");
    let b = add(&mut s, "us-rifle", Side::Us, "20.24");
    let c = add(&mut s, "us-mg", Side::Us, "20.24");
    play(&mut s, Command::ActivateUnit { unit: slick });
    assert_eq!(
        refused(
            &s,
            Command::Load {
                carrier: slick,
                units: vec![a, b],
                casualties: vec![]
            }
        ),
        "FTE 6.9",
        "8 troops in a Slick"
    );
    play(
        &mut s,
        Command::Load {
            carrier: slick,
            units: vec![a, c],
            casualties: vec![],
        },
    );
    pass_opfire(&mut s);
    assert_eq!(r.aboard(&s, slick), 7);
    assert_eq!(s.unit(a).status, UnitStatus::Loaded);
    assert_eq!(
        refused(&s, Command::Unload { carrier: slick }),
        "FTE 5.1",
        "a helicopter's second action must be a Move"
    );
    fresh_activation(&mut s, slick);
    play(&mut s, Command::Unload { carrier: slick });
    pass_opfire(&mut s);
    assert_eq!(s.unit(a).status, UnitStatus::OnMap);
    assert!(
        s.unit(a).activated,
        "15.0: unloaded units have been activated"
    );
    assert!(s.unit(slick).move_only);
    assert_eq!(s.unit(slick).leave_by, Some(s.turn + 1));
    let _ = b;
}

// FTE 7.4 and 6.10: a vehicle's WIA immobilizes it, a second destroys it;
// an immobilized vehicle may be abandoned: a Suppressed reduced Fire Team
// takes its place, Activation Complete.
#[test]
fn vehicle_results_and_abandoning_7_4_6_10() {
    let r = rules();
    let mut s = sandbox("examples");
    let v = add(&mut s, "us-acav", Side::Us, "20.24");
    s.cup.put(Chit::Side(Side::Nva));
    let mut ev = Vec::new();
    r.apply_effect(&mut s, v, Effect::WIA, Side::Nva, None, false, &mut ev);
    assert!(s.unit(v).immobilized);
    play(&mut s, Command::ActivateUnit { unit: v });
    assert_eq!(
        refused(
            &s,
            Command::Move {
                units: vec![v],
                mode: MoveMode::Normal
            }
        ),
        "FTE 6.10"
    );
    let ev = play(&mut s, Command::Abandon { vehicle: v });
    let crew = ev.iter().find_map(|e| match e {
        Event::Abandoned { crew, .. } => Some(*crew),
        _ => None,
    });
    let crew = s.unit(crew.expect("crew"));
    assert!(crew.reduced && crew.suppressed && crew.activated);
    assert_eq!(s.unit(v).status, UnitStatus::Exited);
    let mut s = sandbox("examples");
    let v = add(&mut s, "us-acav", Side::Us, "20.24");
    let mut ev = Vec::new();
    r.apply_effect(&mut s, v, Effect::WIA, Side::Nva, None, false, &mut ev);
    r.apply_effect(&mut s, v, Effect::WIA, Side::Nva, None, false, &mut ev);
    assert_eq!(s.unit(v).status, UnitStatus::Eliminated);
}

// FTE 7.1: +1 beyond Range up to double; no fire beyond double; -1 for
// each supporting unit.
#[test]
fn range_and_supporting_units_7_1() {
    let r = rules();
    let mut s = sandbox("examples");
    let leader = add(&mut s, "us-leader", Side::Us, "57.23");
    let a = add(&mut s, "us-rifle", Side::Us, "57.23");
    let b = add(&mut s, "us-rifle", Side::Us, "57.24");
    let near = add(&mut s, "nva-rifle", Side::Nva, "63.23");
    let far = add(&mut s, "nva-rifle", Side::Nva, "57.15");
    play(&mut s, Command::ActivateLeader { leader });
    assert_eq!(h("57.23").distance(h("63.23")), 6);
    let att = r.check_fire(&s, &[a, b], a, Target::Unit(near)).unwrap();
    let m = r.attack_mods(&s, &att);
    assert!(m.contains(&(Drm::BeyondRange, 1)), "6 hexes at Range 4");
    assert!(m.contains(&(Drm::Supporting, -1)));
    assert_eq!(h("57.23").distance(h("57.15")), 8);
    assert!(
        r.check_fire(&s, &[a], a, Target::Unit(far)).is_ok(),
        "8 = double Range"
    );
    s.unit_mut(far).hex = Some(h("57.14"));
    assert_eq!(
        refused(
            &s,
            Command::Fire {
                firers: vec![a],
                primary: a,
                target: Target::Unit(far)
            }
        ),
        "FTE 7.1"
    );
}

// FTE 7.1: "A roll of 1 always hits. A roll of 10 always misses." The
// log shows the modified total against the Fire Rating, so where the
// natural roll decided against those numbers the result must say why (a
// roll of 1, +1 and +2 is a total of 4 against "3 or less": a hit).
#[test]
fn natural_rolls_explain_the_result_7_1() {
    use crate::data::Weapon;
    use crate::event::AttackKind;
    let r = rules();
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "22.24");
    let attack = |roll: u8, mods: Mods, hit: bool| Event::Attack {
        kind: AttackKind::Fire,
        firers: vec![us],
        primary: Some(us),
        primary_ty: Some(s.unit(us).ty),
        target: nva,
        target_ty: s.unit(nva).ty,
        target_concealed: false,
        rating: 3,
        weapon: Weapon::SmallArms,
        mods,
        roll,
        hit,
        effect_roll: None,
        effect: None,
        marked: None,
    };
    let up: Mods = vec![(Drm::BeyondRange, 1), (Drm::Terrain(Terrain::Jungle), 2)];
    assert!(judge(1, &up, 3), "1 + 3 = 4 against 3: the 1 hits");
    let e = r.describe_in(&s, &attack(1, up.clone(), true));
    let a = &e.adjudications[0];
    assert_eq!(
        (a.total, a.result.as_str()),
        (4, "hit: a roll of 1 always hits (FTE 7.1)")
    );
    // A 10 brought under the rating by the modifiers still misses.
    let down: Mods = vec![
        (Drm::Adjacent, -1),
        (Drm::Supporting, -1),
        (Drm::Supporting, -1),
        (Drm::Supporting, -1),
        (Drm::Supporting, -1),
        (Drm::Supporting, -1),
        (Drm::Supporting, -1),
        (Drm::Supporting, -1),
    ];
    assert!(!judge(10, &down, 3));
    let e = r.describe_in(&s, &attack(10, down, false));
    let a = &e.adjudications[0];
    assert_eq!(
        (a.total, a.result.as_str()),
        (2, "miss: a roll of 10 always misses (FTE 7.1)")
    );
    // Where the numbers agree the result is the plain word.
    let e = r.describe_in(&s, &attack(2, vec![(Drm::Adjacent, -1)], true));
    assert_eq!(e.adjudications[0].result, "hit");
    let e = r.describe_in(&s, &attack(1, up, true));
    assert!(e.text.ends_with(": hit."), "{}", e.text);

    // FTE 1.2: a Troop Quality Check's 1 always succeeds, its 10 always
    // fails; 18.2 says it again of the Concealment check.
    let mut ev = Vec::new();
    s.rng.force(&[1]);
    let big: Mods = vec![(Drm::Status(StatusMarker::Exhausted), 9)];
    assert!(r.tq_check(&mut s, us, crate::event::CheckKind::Assault, big, &mut ev));
    s.rng.force(&[10]);
    let help: Mods = vec![(Drm::Searching, -9)];
    assert!(!r.tq_check(
        &mut s,
        us,
        crate::event::CheckKind::Concealment,
        help,
        &mut ev
    ));
    let results: Vec<String> = ev
        .iter()
        .filter(|e| matches!(e, Event::Check { .. }))
        .map(|e| r.describe_in(&s, e).adjudications[0].result.clone())
        .collect();
    assert_eq!(
        results,
        [
            "passed: a roll of 1 always passes (FTE 1.2)",
            "failed: a roll of 10 always fails (FTE 18.2)"
        ]
    );
}

// FTE 18.0: a Concealed unit is known to the enemy by its marker only.
// When a Concealed unit fires at a Concealed unit each side reads its own
// unit by name and the enemy's by marker (the firer's owner was shown his
// own unit as "Concealed marker 28"); the target's own modifiers stay with
// the target's owner, and the hand-over screen names neither.
#[test]
fn concealed_fire_at_concealed_reads_per_side_18_0() {
    use crate::data::Weapon;
    use crate::event::{AttackKind, Marked};
    use vt_core::Reader;
    let r = rules();
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "22.24");
    let (us_name, nva_name) = (
        format!("{} #{us}", r.ty(s.unit(us)).name),
        format!("{} #{nva}", r.ty(s.unit(nva)).name),
    );
    let attack = |target_concealed: bool, marked: Option<Marked>| Event::Attack {
        kind: AttackKind::Fire,
        firers: vec![us],
        primary: Some(us),
        primary_ty: None,
        target: nva,
        target_ty: s.unit(nva).ty,
        target_concealed,
        rating: 4,
        weapon: Weapon::SmallArms,
        mods: vec![(Drm::ConcealedTarget, 1), (Drm::Defense, 1)],
        roll: 5,
        hit: false,
        effect_roll: None,
        effect: None,
        marked,
    };
    let marked = Some(Marked {
        side: Side::Us,
        markers: vec![(us, 28)],
    });
    let e = r.describe_in(&s, &attack(true, marked.clone()));
    let read = |reader| {
        let (t, rolls) = e.read_by(reader);
        (t.to_string(), rolls.to_vec())
    };
    let (us_text, us_rolls) = read(Reader::Side(Side::Us.idx() as u8));
    let (nva_text, nva_rolls) = read(Reader::Side(Side::Nva.idx() as u8));
    let (public, _) = read(Reader::Public);
    assert!(
        us_text.contains(&us_name)
            && !us_text.contains("marker 28")
            && us_text.contains("a Concealed unit")
            && !us_text.contains(&nva_name),
        "{us_text}"
    );
    assert!(
        nva_text.contains("Concealed marker 28")
            && !nva_text.contains(&us_name)
            && nva_text.contains(&nva_name),
        "{nva_text}"
    );
    assert!(
        public.contains("Concealed marker 28") && !public.contains('#'),
        "{public}"
    );
    let labels = |rolls: &[vt_core::dice::Adjudication]| -> Vec<String> {
        rolls[0].modifiers.iter().map(|m| m.label.clone()).collect()
    };
    assert_eq!(
        labels(&nva_rolls).len(),
        2,
        "the target's owner reads its Defense"
    );
    assert_eq!(
        labels(&us_rolls).len(),
        1,
        "the firer does not: {:?}",
        labels(&us_rolls)
    );
    assert!(e.read_by(Reader::Referee).0.contains(&us_name));
    // One secret only: a Concealed firer at a Visible target; a Visible
    // firer at a Concealed target.
    let e = r.describe_in(&s, &attack(false, marked));
    assert!(
        e.read_by(Reader::Side(Side::Us.idx() as u8))
            .0
            .contains(&us_name)
    );
    let nva_text = e.read_by(Reader::Side(Side::Nva.idx() as u8)).0;
    assert!(
        nva_text.contains("Concealed marker 28") && nva_text.contains(&nva_name),
        "{nva_text}"
    );
    let e = r.describe_in(&s, &attack(true, None));
    let us_text = e.read_by(Reader::Side(Side::Us.idx() as u8)).0;
    assert!(
        us_text.contains("Rifle") && us_text.contains("a Concealed unit"),
        "{us_text}"
    );
    assert!(
        e.read_by(Reader::Side(Side::Nva.idx() as u8))
            .0
            .contains(&nva_name)
    );
}

// FTE 13.0: "A roll of 10 is always Request Denied. A roll of 1 is always an
// immediate Battalion (BN) Mortar Fire Mission with a delay of 0": the row
// read is the die's, and the result says why when the total points
// elsewhere.
#[test]
fn natural_fire_requests_13_0() {
    let r = rules();
    let s = sandbox("examples");
    let req = |roll: u8, result| Event::FireMissionRequested {
        side: Side::Us,
        roll,
        mods: vec![(Drm::PendingMissions, 2)],
        result,
    };
    let e = r.describe_in(&s, &req(1, Some((MissionKind::BnMortar, 0))));
    let a = &e.adjudications[0];
    assert_eq!(a.total, 3);
    assert_eq!(a.table.as_ref().unwrap().row, "1");
    assert!(
        a.result.starts_with("Battalion Mortars in 0 turns")
            && a.result.ends_with(
                ": a roll of 1 is always an immediate BN Mortar Fire Mission (FTE 13.0)"
            ),
        "{}",
        a.result
    );
    assert!(!e.text.contains("always"), "{}", e.text);
    let e = r.describe_in(&s, &req(4, Some((MissionKind::Artillery, 2))));
    assert_eq!(e.adjudications[0].table.as_ref().unwrap().row, "6");
    assert!(!e.adjudications[0].result.contains("always"));
}

// FTE 7.0 and 7.3.2: friendly infantry block fire (not a mortar's); enemy
// units do not.
#[test]
fn friendly_units_block_fire_7_3_2() {
    let r = rules();
    let mut s = sandbox("examples");
    let a = add(&mut s, "us-rifle", Side::Us, "17.24");
    let m = add(&mut s, "us-mortar", Side::Us, "17.24");
    add(&mut s, "us-rifle", Side::Us, "19.24");
    let t = add(&mut s, "nva-rifle", Side::Nva, "21.24");
    add(&mut s, "nva-rifle", Side::Nva, "20.24");
    play(&mut s, Command::ActivateHex { hex: h("17.24") });
    assert_eq!(
        refused(
            &s,
            Command::Fire {
                firers: vec![a],
                primary: a,
                target: Target::Unit(t)
            }
        ),
        "FTE 7.3"
    );
    assert!(
        r.check_fire(&s, &[m], m, Target::Unit(t)).is_ok(),
        "mortars fire over friendly units"
    );
}

// FTE 7.3.1: three or more Rice Paddy hexes along the line block it.
#[test]
fn rice_paddies_7_3_1() {
    let r = rules();
    let f = MapFile {
        id: "paddies".into(),
        name: "paddies".into(),
        source: Provenance::Assumed("test".into()),
        origin: h("1.1"),
        terrain: [".", "P", "P", "P", ".", "P", "P", "."]
            .iter()
            .map(|x| x.to_string())
            .collect(),
        levels: vec![],
        trails: vec![],
        roads: vec![],
        streams: vec![],
    };
    let m = Map::build(f).unwrap();
    let see = |a: &str, b: &str| los(r, &m, Eye::ground(h(a)), Eye::ground(h(b)), &|_| false);
    assert_eq!(
        see("1.1", "1.5"),
        Err(Blocked::RicePaddies),
        "three paddies"
    );
    assert!(see("1.5", "1.8").is_ok(), "two paddies");
    assert!(see("1.1", "1.4").is_ok(), "the end hexes do not count");
}

// FTE 7.3.3: to a helicopter at High only Blocking Terrain next to the
// ground unit blocks; at Treetop also next to the helicopter.
#[test]
fn helicopter_line_of_sight_7_3_3() {
    let r = rules();
    let s = sandbox("examples");
    let m = r.map_of(&s);
    let heli = |hex: &str, alt| Eye { hex: h(hex), alt };
    // From 20.20 (Clear) to a helicopter over 17.16: the line passes the
    // jungle at 18.17/18.18, next to the helicopter but not to 20.20.
    let ground = Eye::ground(h("20.21"));
    assert!(los(r, m, ground, heli("18.16", Altitude::High), &|_| false).is_ok());
    assert!(los(r, m, ground, heli("18.16", Altitude::Treetop), &|_| false).is_err());
    assert!(los(r, m, ground, heli("18.16", Altitude::Ground), &|_| false).is_err());
}

// FTE 7.4: S on a Suppressed unit breaks it; a Broken unit retreats two
// hexes away from the firer, or is eliminated as a KIA if it cannot; a
// Broken result from a Fire Mission stays put; S? is a Troop Quality check.
#[test]
fn target_effects_on_infantry_7_4() {
    let r = rules();
    let mut s = sandbox("examples");
    let u = add(&mut s, "us-rifle", Side::Us, "21.24");
    let mut ev = Vec::new();
    r.apply_effect(
        &mut s,
        u,
        Effect::S,
        Side::Nva,
        Some(h("20.24")),
        false,
        &mut ev,
    );
    assert!(s.unit(u).suppressed && s.unit(u).activated);
    r.apply_effect(
        &mut s,
        u,
        Effect::S,
        Side::Nva,
        Some(h("20.24")),
        false,
        &mut ev,
    );
    assert!(s.unit(u).broken && !s.unit(u).suppressed);
    assert!(matches!(
        s.steps.last(),
        Some(Step::Retreat { left: 2, .. })
    ));
    let away = r.retreat_hexes(&s);
    assert!(away.iter().all(|x| x.distance(h("20.24")) == 2), "{away:?}");
    // Hemmed in: eliminated as a KIA.
    let mut s = sandbox("examples");
    let u = add(&mut s, "us-rifle", Side::Us, "17.25");
    for x in ["17.24", "18.24", "18.25"] {
        add(&mut s, "nva-rifle", Side::Nva, x);
    }
    s.set_phase(Step::Acting);
    s.activation = None;
    let mut ev = Vec::new();
    r.apply_effect(
        &mut s,
        u,
        Effect::B,
        Side::Nva,
        Some(h("18.24")),
        false,
        &mut ev,
    );
    r.advance(&mut s, &mut ev);
    assert_eq!(s.unit(u).status, UnitStatus::Eliminated);
    assert_eq!(s.vp[1], r.tables.vp(crate::data::VpEvent::CauseKia).1);
    // Fire Mission: Broken, stays put.
    let mut s = sandbox("examples");
    let u = add(&mut s, "us-rifle", Side::Us, "21.24");
    let mut ev = Vec::new();
    r.apply_effect(
        &mut s,
        u,
        Effect::B,
        Side::Nva,
        Some(h("20.24")),
        true,
        &mut ev,
    );
    assert!(s.unit(u).broken && s.interrupt().is_none());
    // S?: a passed check does nothing, a failed one suppresses.
    let v = add(&mut s, "us-rifle", Side::Us, "23.24");
    s.rng.force(&[4]);
    r.apply_effect(&mut s, v, Effect::SQ, Side::Nva, None, false, &mut ev);
    assert!(!s.unit(v).suppressed);
    s.rng.force(&[5]);
    r.apply_effect(&mut s, v, Effect::SQ, Side::Nva, None, false, &mut ev);
    assert!(s.unit(v).suppressed);
}

// FTE 7.4: helicopters: WIA downs it (placed at Ground within 3 hexes from
// High); a second Broken is a WIA; KIA destroys it with everyone aboard.
#[test]
fn helicopter_results_7_4() {
    let r = rules();
    let mut s = sandbox("examples");
    let slick = add(&mut s, "us-slick", Side::Us, "20.24");
    s.unit_mut(slick).altitude = Altitude::High;
    let aboard = add(&mut s, "us-rifle", Side::Us, "20.24");
    s.unit_mut(aboard).status = UnitStatus::Loaded;
    s.unit_mut(aboard).carrier = Some(slick);
    let mut ev = Vec::new();
    r.apply_effect(&mut s, slick, Effect::WIA, Side::Nva, None, false, &mut ev);
    assert!(s.unit(slick).downed);
    assert!(matches!(
        s.steps.last(),
        Some(Step::HeliDown { radius: 3, .. })
    ));
    let spot = r.setdown_hexes(&s)[0];
    s.set_phase(Step::Acting);
    play(&mut s, Command::SetDown { hex: spot });
    assert_eq!(s.unit(slick).altitude, Altitude::Ground);
    assert_eq!(
        s.vp[1],
        r.tables.vp(crate::data::VpEvent::HelicopterDowned).1
    );

    let mut s = sandbox("examples");
    let slick = add(&mut s, "us-slick", Side::Us, "20.24");
    let rifle = add(&mut s, "us-rifle", Side::Us, "20.24");
    s.unit_mut(rifle).status = UnitStatus::Loaded;
    s.unit_mut(rifle).carrier = Some(slick);
    let mut ev = Vec::new();
    r.apply_effect(&mut s, slick, Effect::B, Side::Nva, None, false, &mut ev);
    assert!(s.unit(slick).broken);
    r.apply_effect(&mut s, slick, Effect::KIA, Side::Nva, None, false, &mut ev);
    assert_eq!(s.unit(rifle).status, UnitStatus::Eliminated);
    let (_, heli) = r.tables.vp(crate::data::VpEvent::HelicopterDestroyed);
    let (_, kia) = r.tables.vp(crate::data::VpEvent::CauseKia);
    assert_eq!(s.vp[1], heli + kia);
}

// FTE 7.5.2: four men carry two, three men one, fewer none; -1 MP for each
// carried; +1 on Troop Quality checks when carrying a KIA.
#[test]
fn carrying_casualties_7_5_2() {
    let r = rules();
    let mut s = sandbox("examples");
    let four = add(&mut s, "us-rifle", Side::Us, "20.24");
    let three = add(&mut s, "us-mg", Side::Us, "20.24");
    let one = add(&mut s, "us-leader", Side::Us, "20.24");
    assert_eq!(r.carry_capacity(s.unit(four)), 2);
    assert_eq!(r.carry_capacity(s.unit(three)), 1);
    assert_eq!(r.carry_capacity(s.unit(one)), 0);
    let mut ev = Vec::new();
    r.place_casualty(&mut s, Side::Us, CasualtyKind::Kia, h("20.24"), &mut ev);
    assert_eq!(kind(&s), "carry");
    s.set_phase(Step::Acting);
    play(&mut s, Command::Carry { unit: four });
    assert_eq!(r.allowance(&s, s.unit(four), MoveMode::Normal), 8, "4 MP");
    let m = r.status_mods(&s, s.unit(four), false);
    assert!(m.contains(&(Drm::Status(StatusMarker::CarryingKia), 1)));
}

// FTE 9.0: a failed search gives a Searching marker (-1 on later searches);
// a successful one reveals every cache in the hex, removes Dummy Caches and
// scores VP; the searcher is then open to Opportunity Fire.
#[test]
fn search_9_0() {
    let r = rules();
    let mut s = sandbox("examples");
    let u = add(&mut s, "us-rifle", Side::Us, "20.24");
    s.caches.push(Cache {
        id: 0,
        owner: Side::Nva,
        kind: CacheKind::Rice,
        hex: h("20.24"),
        revealed: false,
        gone: false,
    });
    s.caches.push(Cache {
        id: 1,
        owner: Side::Nva,
        kind: CacheKind::Dummy,
        hex: h("20.24"),
        revealed: false,
        gone: false,
    });
    play(&mut s, Command::ActivateUnit { unit: u });
    s.rng.force(&[6]);
    play(&mut s, Command::Search { unit: u });
    assert_eq!(s.unit(u).searching, 1);
    s.unit_mut(u).activated = false;
    s.set_phase(Step::Activate { first: true });
    s.activation = None;
    play(&mut s, Command::ActivateUnit { unit: u });
    s.rng.force(&[5]);
    let ev = play(&mut s, Command::Search { unit: u });
    assert!(ev.iter().any(|e| matches!(e, Event::Check { mods, pass: true, .. } if mods.contains(&(Drm::Searching, -1)))));
    assert!(s.caches[0].revealed && s.caches[1].gone);
    assert_eq!(s.vp[0], r.tables.vp(crate::data::VpEvent::RevealCache).0);
    assert_eq!(s.unit(u).searching, 0);
}

// FTE 10.0 and 19.2: Recover removes Exhausted, turns Broken into
// Suppressed, and clears Low Ammo when stacked with another friendly
// non-Leader Combat Unit.
#[test]
fn recover_10_0() {
    let mut s = sandbox("examples");
    let u = add(&mut s, "us-rifle", Side::Us, "20.24");
    add(&mut s, "us-mg", Side::Us, "20.24");
    {
        let x = s.unit_mut(u);
        x.broken = true;
        x.exhausted = true;
        x.low_ammo = true;
    }
    play(&mut s, Command::ActivateUnit { unit: u });
    assert_eq!(refused(&s, Command::Search { unit: u }), "FTE 7.4");
    play(
        &mut s,
        Command::Recover {
            unit: u,
            pick_up: None,
            transfer: None,
        },
    );
    let x = s.unit(u);
    assert!(!x.broken && x.suppressed && !x.exhausted && !x.low_ammo);
}

// FTE 11.0: US infantry destroy a revealed Cache, Tunnel or Bunker (not
// Foxholes) for VP.
#[test]
fn destroy_cache_11_0() {
    let r = rules();
    let mut s = sandbox("examples");
    let u = add(&mut s, "us-rifle", Side::Us, "20.24");
    s.caches.push(Cache {
        id: 0,
        owner: Side::Nva,
        kind: CacheKind::Foxholes,
        hex: h("20.24"),
        revealed: true,
        gone: false,
    });
    play(&mut s, Command::ActivateUnit { unit: u });
    assert_eq!(refused(&s, Command::DestroyCache { unit: u }), "FTE 11.0");
    s.caches.push(Cache {
        id: 1,
        owner: Side::Nva,
        kind: CacheKind::Ammo,
        hex: h("20.24"),
        revealed: true,
        gone: false,
    });
    play(&mut s, Command::DestroyCache { unit: u });
    assert!(s.caches[1].gone && !s.caches[0].gone);
    assert_eq!(s.vp[0], r.tables.vp(crate::data::VpEvent::DestroyCache).0);
}

// FTE 12.0: a roll of 1 brings a Slick next turn; one request at a time.
#[test]
fn medevac_12_0() {
    let mut s = sandbox("examples");
    let l = add(&mut s, "us-leader", Side::Us, "20.24");
    let l2 = add(&mut s, "us-leader", Side::Us, "22.24");
    play(&mut s, Command::ActivateUnit { unit: l });
    s.rng.force(&[1]);
    play(&mut s, Command::RequestMedevac { unit: l });
    let slick = s.units.iter().find(|u| u.medevac).expect("a medevac slick");
    assert_eq!(slick.arrives, Some(2));
    s.set_phase(Step::Activate { first: true });
    s.activation = None;
    play(&mut s, Command::ActivateUnit { unit: l2 });
    assert_eq!(
        refused(&s, Command::RequestMedevac { unit: l2 }),
        "FTE 12.0"
    );
}

// FTE 12.0: a request needs no casualty. The rule asks for an American
// Leader that is not Broken or Suppressed, and one request pending at a
// time; nothing about KIA or WIA on the map. The Slick comes one to five
// turns after the call (or never), so calling it before anyone is hit is a
// leader's choice the rules leave open: offered on turn 1 with no
// casualties is right (issue 14 asked).
#[test]
fn medevac_needs_no_casualty_12_0() {
    let mut s = sandbox("examples");
    let l = add(&mut s, "us-leader", Side::Us, "20.24");
    assert!(s.casualties.is_empty());
    play(&mut s, Command::ActivateUnit { unit: l });
    let c = Command::RequestMedevac { unit: l };
    assert!(rules().check(&s, &c).is_ok(), "{:?}", rules().check(&s, &c));
    assert!(rules().legal(&s).contains(&c));
    s.unit_mut(l).suppressed = true;
    assert_eq!(refused(&s, c), "FTE 12.0", "not a Suppressed Leader");
}

// FTE 13.0 and errata: -1 for an FO, +1 per pending mission; a natural 1 is
// always Battalion Mortars with no delay and a 10 always denied; VC Leaders
// cannot request.
#[test]
fn fire_requests_13_0() {
    let mut s = sandbox("examples");
    let fo = add(&mut s, "us-fo", Side::Us, "20.24");
    add(&mut s, "nva-rifle", Side::Nva, "23.24");
    s.missions.push(Mission {
        side: Side::Us,
        kind: MissionKind::Artillery,
        target: h("25.25"),
        turn: 5,
    });
    play(&mut s, Command::ActivateUnit { unit: fo });
    s.rng.force(&[4]);
    let ev = play(
        &mut s,
        Command::RequestFireMission {
            unit: fo,
            hex: h("23.24"),
        },
    );
    let got = ev.iter().find_map(|e| match e {
        Event::FireMissionRequested { mods, result, .. } => Some((mods.clone(), *result)),
        _ => None,
    });
    let (mods, result) = got.unwrap();
    assert!(
        mods.contains(&(Drm::ForwardObserver, -1)) && mods.contains(&(Drm::PendingMissions, 1))
    );
    assert_eq!(
        result,
        Some((MissionKind::Artillery, 1)),
        "4 - 1 + 1 = row 4: ARTY 1"
    );
    assert_eq!(s.missions.len(), 2);

    let mut s = sandbox("examples");
    let vc = add(&mut s, "vc-leader", Side::Nva, "20.24");
    add(&mut s, "us-rifle", Side::Us, "23.24");
    s.active = Side::Nva;
    play(&mut s, Command::ActivateUnit { unit: vc });
    assert_eq!(
        refused(
            &s,
            Command::RequestFireMission {
                unit: vc,
                hex: h("23.24")
            }
        ),
        "FTE 13.0 (errata)"
    );
}

// FTE 16.0: a roll of 1-6 lands on target, 7-10 scatters by a d6 direction
// and d10/5 (mortars) hexes; every unit in the target hex and the six
// around is attacked; the requester may cancel.
#[test]
fn fire_missions_16_0() {
    let r = rules();
    let mut s = sandbox("examples");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "21.24");
    let m = Mission {
        side: Side::Us,
        kind: MissionKind::BnMortar,
        target: h("20.24"),
        turn: 1,
    };
    let mut ev = Vec::new();
    // Accurate (3); the NVA next door is attacked: miss (10).
    s.rng.force(&[3, 10]);
    r.execute_mission(&mut s, &m, &mut ev);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MissionLands { landed, .. } if *landed == h("20.24")))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Attack { target, .. } if *target == nva))
    );
    // Scatters (8): direction 4 (south), d10 = 7 -> 2 hexes.
    let mut ev = Vec::new();
    s.rng.force(&[8, 4, 7]);
    r.execute_mission(&mut s, &m, &mut ev);
    assert!(ev.iter().any(|e| matches!(e, Event::MissionLands { landed, scatter: Some((4, 2)), .. } if *landed == h("20.26"))));
    // Cancelled before the accuracy roll.
    s.missions.push(m.clone());
    s.set_phase(Step::FireMissions);
    assert_eq!(kind(&s), "fire-mission");
    let ev = play(&mut s, Command::CancelMission);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MissionCancelled { .. }))
    );
}

// FTE 17.0 and 17.1: 9-10 dies of wounds, 1-2 returns to duty, a Medic in
// the hex gives -1.
#[test]
fn casualty_checks_with_medics_17_0() {
    let r = rules();
    let mut s = sandbox("examples");
    add(&mut s, "us-medic", Side::Us, "20.24");
    let mut ev = Vec::new();
    r.place_casualty(&mut s, Side::Us, CasualtyKind::Wia, h("20.24"), &mut ev);
    s.steps.retain(|x| !x.is_interrupt());
    s.rng.force(&[3]);
    r.casualty_check(&mut s, 0, &mut ev);
    assert!(s.casualties[0].gone, "3 - 1 = 2: returned to duty");
    r.place_casualty(&mut s, Side::Us, CasualtyKind::Wia, h("22.24"), &mut ev);
    s.rng.force(&[9]);
    r.casualty_check(&mut s, 1, &mut ev);
    assert_eq!(
        s.casualties[1].kind,
        CasualtyKind::Kia,
        "no Medic there: died of wounds"
    );
}

// FTE 18.1 and 18.2: out of sight of Visible enemies a unit not in Clear
// becomes Concealed at once; in sight it checks with the terrain modifier
// and +1 per Visible enemy with a LoS; never in Clear; firing in sight of a
// Visible enemy gives the position away, except for Snipers.
#[test]
fn concealment_18() {
    let r = rules();
    let mut s = sandbox("examples");
    let hidden = add(&mut s, "nva-rifle", Side::Nva, "19.17");
    let seen = add(&mut s, "nva-rifle", Side::Nva, "23.18");
    let open = add(&mut s, "nva-rifle", Side::Nva, "25.25");
    add(&mut s, "us-rifle", Side::Us, "24.19");
    add(&mut s, "us-rifle", Side::Us, "24.20");
    let c = r.conceal_candidates(&s, Side::Nva);
    assert!(
        c.contains(&hidden) && c.contains(&seen) && !c.contains(&open),
        "{c:?}"
    );
    s.set_phase(Step::Concealment { side: Side::Nva });
    let ev = play(&mut s, Command::Conceal { unit: hidden });
    assert!(s.unit(hidden).concealed, "no Visible enemy sees it");
    // 18.0: the US reads the marker only; the NVA reads which of its own
    // units went under it (not "Concealed marker 5 becomes Concealed").
    let gained = ev
        .iter()
        .find(|e| matches!(e, Event::GainedConcealment { .. }))
        .expect("it becomes Concealed");
    let entry = r.describe_in(&s, gained);
    let marker = format!("Concealed marker {}", s.unit(hidden).marker);
    let (nva, _) = entry.read_by(vt_core::Reader::Side(Side::Nva.idx() as u8));
    let (us, _) = entry.read_by(vt_core::Reader::Side(Side::Us.idx() as u8));
    assert!(nva.contains("Fire Team") && nva.contains(&marker), "{nva}");
    assert!(!us.contains("Fire Team") && us.contains(&marker), "{us}");
    s.rng.force(&[3]);
    let ev = play(&mut s, Command::Conceal { unit: seen });
    let mods = ev.iter().find_map(|e| match e {
        Event::Check { mods, .. } => Some(mods.clone()),
        _ => None,
    });
    assert_eq!(
        mods.unwrap(),
        vec![
            (Drm::Concealment(Terrain::RicePaddy), 0),
            (Drm::VisibleEnemies, 2)
        ]
        .into_iter()
        .filter(|(_, v)| *v != 0)
        .collect::<Vec<_>>()
    );
    assert!(!s.unit(seen).concealed, "3 + 2 = 5 fails Troop Quality 4");

    let mut s = sandbox("examples");
    let sniper = add(&mut s, "nva-sniper", Side::Nva, "20.24");
    let rifle = add(&mut s, "nva-rifle", Side::Nva, "20.25");
    let us = add(&mut s, "us-rifle", Side::Us, "23.24");
    conceal(&mut s, sniper);
    conceal(&mut s, rifle);
    s.active = Side::Nva;
    play(&mut s, Command::ActivateUnit { unit: sniper });
    s.rng.force(&[10]);
    play(
        &mut s,
        Command::Fire {
            firers: vec![sniper],
            primary: sniper,
            target: Target::Unit(us),
        },
    );
    assert!(s.unit(sniper).concealed, "18.1: Snipers keep their marker");
}

// FTE 19.0: even roll: US event; the table gives the event. Higher HQ
// stops Leader Activations; Check Fire cancels pending missions; VC places
// a Commander, Fire Team, Dummy and Civilians and adds a chit (errata).
#[test]
fn random_events_19() {
    let r = rules();
    let mut s = sandbox("examples");
    let l = add(&mut s, "us-leader", Side::Us, "20.24");
    s.missions.push(Mission {
        side: Side::Us,
        kind: MissionKind::BnMortar,
        target: h("25.25"),
        turn: 3,
    });
    let mut ev = Vec::new();
    s.rng.force(&[2, 5]);
    r.random_event(&mut s, &mut ev);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::RandomEvent {
            side: Side::Us,
            event: RandomEvent::HigherHq,
            ..
        }
    )));
    assert_eq!(
        refused(&s, Command::ActivateLeader { leader: l }),
        "FTE 19.5"
    );
    s.rng.force(&[4, 6]);
    r.random_event(&mut s, &mut ev);
    assert!(s.missions.is_empty(), "19.10: pending missions cancelled");
    // VC (odd side roll, 8).
    add(&mut s, "nva-rifle", Side::Nva, "59.24");
    let mut s2 = sandbox("song-tra");
    s2.chits = [2, 2];
    let mut ev = Vec::new();
    s2.rng.force(&[1, 8]);
    r.random_event(&mut s2, &mut ev);
    assert_eq!(s2.chits[1], 3);
    assert_eq!(s2.cup.count(|c| *c == Chit::Side(Side::Nva)), 1);
    s2.set_phase(Step::Acting);
    for _ in 0..4 {
        let c = r.legal(&s2)[0].clone();
        play(&mut s2, c);
    }
    // All four pieces, all Concealed; in which order they came is the
    // subject of the secrecy tests.
    let mut placed: Vec<&str> = s2.units.iter().map(|u| r.ty(u).id.as_str()).collect();
    placed.sort();
    assert_eq!(
        placed,
        vec!["civilians", "vc-dummy", "vc-leader", "vc-rifle"]
    );
    assert!(s2.units.iter().all(|u| u.concealed));
}

// FTE 21.0: entering a hex in sight of the enemy gives it a chance: a Troop
// Quality check (the Op Fired marker goes on either way); a Concealed firer
// gets -1 and loses its marker only if it fires; any result ends the
// target's activation; each unit tries once per activation.
#[test]
fn opportunity_fire_21_0() {
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "17.24");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "23.24");
    conceal(&mut s, nva);
    play(&mut s, Command::ActivateUnit { unit: us });
    play(
        &mut s,
        Command::Move {
            units: vec![us],
            mode: MoveMode::Normal,
        },
    );
    play(&mut s, Command::Step { hex: h("18.24") });
    assert_eq!(kind(&s), "opportunity-fire");
    assert_eq!(decider(&s), Some(1));
    s.rng.force(&[2]);
    play(&mut s, Command::OpFireAttempt { units: vec![nva] });
    assert!(s.unit(nva).op_fired && s.unit(nva).concealed);
    assert_eq!(kind(&s), "opportunity-fire-target");
    s.rng.force(&[1, 6]);
    let ev = play(
        &mut s,
        Command::OpFire {
            primary: nva,
            supporters: vec![],
            target: Target::Unit(us),
        },
    );
    match attacks(&ev)[0] {
        Event::Attack { mods, .. } => {
            assert!(mods.contains(&(Drm::ConcealedOpFire, -1)), "{mods:?}")
        }
        _ => unreachable!(),
    }
    assert!(
        !s.unit(nva).concealed,
        "it fired in sight of a Visible enemy"
    );
    assert!(s.unit(us).suppressed);
    assert!(
        s.activation.is_none(),
        "the result ended the mover's activation"
    );
}

// FTE 21.0 and 7.4: a retreating Broken unit may be fired on again, once,
// even by units already marked Op Fired.
#[test]
fn retreat_opportunity_fire_exception_21_0() {
    let r = rules();
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "22.24");
    s.unit_mut(nva).op_fired = true;
    s.set_phase(Step::Acting);
    let mut ev = Vec::new();
    r.apply_effect(
        &mut s,
        us,
        Effect::B,
        Side::Nva,
        Some(h("22.24")),
        false,
        &mut ev,
    );
    let to = r.retreat_hexes(&s)[0];
    play(&mut s, Command::Retreat { hex: to });
    assert_eq!(
        kind(&s),
        "opportunity-fire",
        "marked, but may fire at the retreat"
    );
    s.rng.force(&[9]);
    play(&mut s, Command::OpFireAttempt { units: vec![nva] });
    let to = r.retreat_hexes(&s)[0];
    play(&mut s, Command::Retreat { hex: to });
    assert_ne!(kind(&s), "opportunity-fire", "only once during the retreat");
}

// FTE 22.0: Dummies only move; losing the Concealed marker removes them.
#[test]
fn dummies_22_0() {
    let mut s = sandbox("examples");
    let d = add(&mut s, "nva-dummy", Side::Nva, "17.24");
    conceal(&mut s, d);
    add(&mut s, "us-rifle", Side::Us, "23.24");
    s.active = Side::Nva;
    play(&mut s, Command::ActivateUnit { unit: d });
    assert_eq!(refused(&s, Command::Search { unit: d }), "FTE 22.0, 28.0");
    play(
        &mut s,
        Command::Move {
            units: vec![d],
            mode: MoveMode::Normal,
        },
    );
    let ev = play(&mut s, Command::Step { hex: h("18.24") });
    assert!(ev.iter().any(|e| matches!(e, Event::DummyRemoved { .. })));
    assert_eq!(s.unit(d).status, UnitStatus::Eliminated);
}

// FTE 24.0 and 23.0: a Bunker gives +2 against up to two units in it and
// is revealed when its modifier is used (no VP for that).
#[test]
fn bunkers_24_0() {
    let r = rules();
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "22.24");
    s.caches.push(Cache {
        id: 0,
        owner: Side::Nva,
        kind: CacheKind::Bunker,
        hex: h("22.24"),
        revealed: false,
        gone: false,
    });
    s.unit_mut(nva).fort = Some(0);
    play(&mut s, Command::ActivateUnit { unit: us });
    s.rng.force(&[10]);
    let ev = play(
        &mut s,
        Command::Fire {
            firers: vec![us],
            primary: us,
            target: Target::Unit(nva),
        },
    );
    match attacks(&ev)[0] {
        Event::Attack { mods, .. } => assert!(mods.contains(&(Drm::Bunker, 2))),
        _ => unreachable!(),
    }
    assert!(s.caches[0].revealed);
    assert_eq!(s.vp, [0, 0]);
    let _ = r;
}

// FTE 26.0: the first enemy unit into a Booby Trap hex checks its Troop
// Quality and takes a WIA if it fails; the trap is then spent.
#[test]
fn booby_traps_26_0() {
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    s.traps.push(Trap {
        owner: Side::Nva,
        kind: TrapKind::BoobyTrap,
        hex: h("21.24"),
        used: false,
    });
    play(&mut s, Command::ActivateUnit { unit: us });
    play(
        &mut s,
        Command::Move {
            units: vec![us],
            mode: MoveMode::Normal,
        },
    );
    s.rng.force(&[7]);
    let ev = play(&mut s, Command::Step { hex: h("21.24") });
    assert!(ev.iter().any(|e| matches!(e, Event::BoobyTrap { .. })));
    assert!(s.unit(us).reduced, "WIA");
    assert!(s.traps[0].used);
    assert_eq!(s.vp[1], rules().tables.vp(crate::data::VpEvent::CauseWia).1);
}

// FTE 26.0: a Claymore fires when the US chooses, with US infantry in or
// next to its hex: a 4 HE attack on each enemy unit there.
#[test]
fn claymores_26_0() {
    let mut s = sandbox("examples");
    add(&mut s, "us-rifle", Side::Us, "20.24");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "23.24");
    s.traps.push(Trap {
        owner: Side::Us,
        kind: TrapKind::Claymore,
        hex: h("21.24"),
        used: false,
    });
    s.active = Side::Nva;
    play(&mut s, Command::ActivateUnit { unit: nva });
    play(
        &mut s,
        Command::Move {
            units: vec![nva],
            mode: MoveMode::Normal,
        },
    );
    play(&mut s, Command::Step { hex: h("22.24") });
    pass_opfire(&mut s);
    play(&mut s, Command::Step { hex: h("21.24") });
    // Offered with the Opportunity Fire chance the move gives anyway.
    assert_eq!(kind(&s), "opportunity-fire");
    assert_eq!(decider(&s), Some(0));
    assert!(rules().legal(&s).contains(&Command::Detonate));
    s.rng.force(&[1, 1]);
    let ev = play(&mut s, Command::Detonate);
    match attacks(&ev)[0] {
        Event::Attack {
            rating: 4,
            weapon: crate::data::Weapon::HE,
            hit: true,
            ..
        } => {}
        other => panic!("{other:?}"),
    }
    assert!(s.traps[0].used);
    assert!(s.unit(nva).reduced);
    // The chance to fire at the unit stays open; the Claymore is spent.
    assert_eq!(kind(&s), "opportunity-fire");
    assert!(!rules().legal(&s).contains(&Command::Detonate));
}

// FTE 27.0: Sappers only assault, pass the assault check, take -1 when
// fired on, ignore S and S?, and are removed after their first attack.
#[test]
fn sappers_27_0() {
    let r = rules();
    let mut s = sandbox("examples");
    let sapper = add(&mut s, "nva-sapper", Side::Nva, "21.24");
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    s.active = Side::Nva;
    play(&mut s, Command::ActivateUnit { unit: sapper });
    assert_eq!(
        refused(
            &s,
            Command::Fire {
                firers: vec![sapper],
                primary: sapper,
                target: Target::Unit(us)
            }
        ),
        "FTE 27.0"
    );
    let mut ev = Vec::new();
    r.apply_effect(&mut s, sapper, Effect::S, Side::Us, None, false, &mut ev);
    assert!(!s.unit(sapper).suppressed);
    play(
        &mut s,
        Command::Assault {
            units: vec![sapper],
            hex: h("20.24"),
        },
    );
    pass_opfire(&mut s);
    // No assault check for a Sapper: straight to round 1.
    assert_eq!(kind(&s), "assault-attack");
    s.rng.force(&[10]);
    play(
        &mut s,
        Command::AssaultFire {
            firers: vec![sapper],
            primary: sapper,
            target: Target::Unit(us),
        },
    );
    s.rng.force(&[10]);
    let ev = play(
        &mut s,
        Command::AssaultFire {
            firers: vec![us],
            primary: us,
            target: Target::Unit(sapper),
        },
    );
    match attacks(&ev)[0] {
        Event::Attack { mods, .. } => assert!(mods.contains(&(Drm::Sapper, -1))),
        _ => unreachable!(),
    }
    assert_eq!(
        s.unit(sapper).status,
        UnitStatus::Eliminated,
        "removed after its attack"
    );
}

// FTE 28.0: a US unit entering a Civilians hex may interrogate (after any
// Opportunity Fire); a passed check makes the NVA/VC reveal two Concealed
// units or Hidden Caches within 8 hexes; the Civilians go either way.
#[test]
fn civilians_28_0() {
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    let civ = add(&mut s, "civilians", Side::Nva, "21.24");
    conceal(&mut s, civ);
    let vc = add(&mut s, "vc-rifle", Side::Nva, "19.17");
    conceal(&mut s, vc);
    s.caches.push(Cache {
        id: 0,
        owner: Side::Nva,
        kind: CacheKind::Rice,
        hex: h("22.22"),
        revealed: false,
        gone: false,
    });
    play(&mut s, Command::ActivateUnit { unit: us });
    play(
        &mut s,
        Command::Move {
            units: vec![us],
            mode: MoveMode::Normal,
        },
    );
    play(&mut s, Command::Step { hex: h("21.24") });
    pass_opfire(&mut s);
    assert_eq!(kind(&s), "interrogate");
    s.rng.force(&[2]);
    play(&mut s, Command::Interrogate);
    assert_eq!(s.unit(civ).status, UnitStatus::Eliminated);
    assert_eq!(kind(&s), "reveal");
    assert_eq!(decider(&s), Some(1));
    play(&mut s, Command::RevealUnit { unit: vc });
    play(&mut s, Command::RevealCache { cache: 0 });
    assert!(!s.unit(vc).concealed && s.caches[0].revealed);
    assert_eq!(kind(&s), "move");
}

// FTE 29.0: VP never fall below zero.
#[test]
fn victory_points_floor_29_0() {
    let r = rules();
    let mut s = sandbox("examples");
    let mut ev = Vec::new();
    r.award(
        &mut s,
        Side::Us,
        crate::data::VpEvent::DiedOfWounds,
        &mut ev,
    );
    assert_eq!(s.vp[0], 0);
}

// Hidden information: the NVA view shows a Concealed US unit only as a
// marker, hidden caches as "?" and no US traps or mission targets.
#[test]
fn views_hide_what_the_other_side_may_not_see() {
    let r = rules();
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    conceal(&mut s, us);
    let d = add(&mut s, "nva-dummy", Side::Nva, "23.24");
    conceal(&mut s, d);
    s.caches.push(Cache {
        id: 0,
        owner: Side::Nva,
        kind: CacheKind::Ammo,
        hex: h("22.22"),
        revealed: false,
        gone: false,
    });
    s.traps.push(Trap {
        owner: Side::Us,
        kind: TrapKind::Claymore,
        hex: h("21.24"),
        used: false,
    });
    s.missions.push(Mission {
        side: Side::Us,
        kind: MissionKind::Artillery,
        target: h("23.24"),
        turn: 3,
    });
    let nva = r.make_view(&s, Side::Nva);
    assert!(nva.units.iter().all(|u| u.id != us));
    assert_eq!(nva.concealed.len(), 1);
    assert!(nva.traps.is_empty());
    assert!(nva.missions[0].target.is_none() && nva.missions[0].kind.is_none());
    let text = serde_json::to_string(&nva).unwrap();
    assert!(!text.contains("us-rifle"));
    let usv = r.make_view(&s, Side::Us);
    assert!(
        usv.units.iter().all(|u| u.id != d),
        "the Dummy is only a marker"
    );
    assert!(usv.caches[0].kind.is_none() && usv.caches[0].id.is_none());
    assert!(!serde_json::to_string(&usv).unwrap().contains("dummy"));
    assert_eq!(usv.traps, vec![h("21.24")]);
    assert_eq!(usv.missions[0].target, Some(h("23.24")));
}

// FTE 6.1 and data: every value that is not read from the rulebook is in
// the Sources and assumptions list, with its reason.
#[test]
fn assumptions_are_listed() {
    let r = rules();
    let notes = r.source_notes();
    assert!(
        notes
            .iter()
            .any(|n| n.item == "TEC Jungle: infantry movement" && n.source.kind() == "Derived")
    );
    assert!(notes.iter().any(|n| {
        n.item
            .starts_with("Target Effects Table Small Arms, roll 8")
            && n.source.kind() == "Derived"
    }));
    assert!(notes.iter().any(|n| n.item.starts_with("Scenario ")));
    // Our readings of what the text leaves open, with why (6.2, 7.4).
    for section in ["6.2", "7.4", "6.8", "15.0"] {
        let prefix = format!("Reading of {section}: ");
        assert!(
            notes.iter().any(|n| n.item.starts_with(&prefix)
                && n.value.contains("Concealed")
                && n.source.kind() == "Assumed"),
            "{section}"
        );
    }
    assert!(notes.iter().all(|n| !n.source.is_rulebook()));
    assert!(
        r.tables()
            .iter()
            .any(|t| t.id == "Target Effects Table" && t.rows.len() == 10)
    );
}

// FTE 3.0, 23.0-26.0 with the project's scenarios: set-up is a sequence of
// secret decisions (the NVA/VC first): re-placing units in their area and
// plotting Booby Traps in Trail or Cache hexes; the US then sets up and
// plots Claymores next to its infantry; units start inside their own
// Bunkers and Foxholes, which the enemy's view does not show.
#[test]
fn scenario_setup_3_0_26_0() {
    let r = rules();
    let mut s = r
        .new_game(&vt_core::engine::Setup::new("hamlet-search", 3))
        .unwrap();
    assert_eq!(kind(&s), "setup");
    assert_eq!(decider(&s), Some(1));
    let traps = s.to_plot[1];
    assert!(
        (2..=3).contains(&traps),
        "1 plus a d10/5 rounded up: {traps}"
    );
    let map = r.map_of(&s).clone();
    for c in r.legal(&s) {
        if let Command::Plot { hex } = c {
            assert!(
                map.has_trail(hex) || s.caches.iter().any(|k| k.hex == hex),
                "{hex}"
            );
        }
    }
    let plot = r
        .legal(&s)
        .into_iter()
        .find(|c| matches!(c, Command::Plot { .. }))
        .unwrap();
    let ev = play(&mut s, plot);
    assert!(r.describe(&ev[0]).text.contains("secret"));
    assert_eq!(s.traps.len(), 1);
    assert!(
        r.make_view(&s, Side::Us).traps.is_empty(),
        "the US cannot see it"
    );
    play(&mut s, Command::SetupDone);
    assert_eq!(decider(&s), Some(0), "then the US sets up");
    play(&mut s, Command::SetupDone);
    assert_eq!(kind(&s), "activate");
    assert_eq!(s.turn, 1);

    let s = r
        .new_game(&vt_core::engine::Setup::new("night-perimeter", 1))
        .unwrap();
    // Which Concealed unit starts where is drawn from the scenario's hexes
    // (3.0); whoever starts on the crest is dug in.
    let crest = s
        .units
        .iter()
        .filter(|u| u.side == Side::Us && u.hex == Some(h("13.10")))
        .collect::<Vec<_>>();
    assert_eq!(crest.len(), 2);
    assert!(
        crest.iter().all(|u| u.fort.is_some()),
        "dug in on the crest"
    );
    let nva_view = r.make_view(&s, Side::Nva);
    assert!(
        nva_view
            .units
            .iter()
            .filter(|u| u.side == Side::Us)
            .all(|u| !u.in_fort)
    );
    assert!(
        nva_view
            .caches
            .iter()
            .all(|c| c.owner == Side::Nva || c.kind.is_none())
    );
}

// FTE 19.1-19.9: the remaining events. Injury goes on a three or four man
// Visible unit of the side that rolled it, chosen by the opponent (-1 MP,
// carried like a WIA); Low Ammo likewise (+1 to its fire); Hero and Rally
// are the roller's own; the Aerial Observer gives -2 to accuracy and a
// turn off new requests; Cobras come in on an edge for three turns; NVA
// Artillery is plotted in secret for d10/3 turns.
#[test]
fn random_events_each_19() {
    let r = rules();
    let mut s = sandbox("examples");
    s.set_phase(Step::Acting);
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "23.24");
    s.unit_mut(nva).broken = true;
    let mut ev = Vec::new();
    // US Injury (even side roll, 1): the NVA player chooses.
    s.rng.force(&[2, 1]);
    r.random_event(&mut s, &mut ev);
    assert_eq!(decider(&s), Some(1));
    play(&mut s, Command::EventUnit { unit: us });
    assert_eq!(r.allowance(&s, s.unit(us), MoveMode::Normal), 8, "-1 MP");
    // US Low Ammo (2): again the NVA player's choice.
    s.rng.force(&[2, 2]);
    r.random_event(&mut s, &mut ev);
    assert_eq!(decider(&s), Some(1));
    play(&mut s, Command::EventUnit { unit: us });
    assert!(
        r.status_mods(&s, s.unit(us), true)
            .contains(&(Drm::Status(StatusMarker::LowAmmo), 1))
    );
    // NVA Rally (odd, 4): the Broken marker comes off.
    s.rng.force(&[1, 4]);
    r.random_event(&mut s, &mut ev);
    assert_eq!(decider(&s), Some(1));
    play(&mut s, Command::EventUnit { unit: nva });
    assert!(!s.unit(nva).broken);
    // US Hero (3), removed at the next US event check.
    s.rng.force(&[2, 3]);
    r.random_event(&mut s, &mut ev);
    play(&mut s, Command::EventUnit { unit: us });
    assert!(s.unit(us).hero);
    // US Aerial Observer (7).
    s.rng.force(&[4, 7]);
    r.random_event(&mut s, &mut ev);
    assert!(
        !s.unit(us).hero,
        "19.4: gone at the next friendly event check"
    );
    assert!(s.aerial_observer);
    let m = Mission {
        side: Side::Us,
        kind: MissionKind::BnMortar,
        target: h("17.25"),
        turn: 1,
    };
    let mut ev2 = Vec::new();
    s.rng.force(&[8]);
    r.execute_mission(&mut s, &m, &mut ev2);
    assert!(ev2.iter().any(|e| matches!(e, Event::MissionLands { scatter: None, mods, .. } if mods.contains(&(Drm::AerialObserver, -2)))));
    // US Cobras (8): two placed on map edges, gone by the end of the third turn.
    s.rng.force(&[6, 8]);
    r.random_event(&mut s, &mut ev);
    assert!(
        !s.aerial_observer,
        "19.8: gone at the next friendly event check"
    );
    for _ in 0..2 {
        let c = r.legal(&s)[0].clone();
        play(&mut s, c);
    }
    let cobras: Vec<&Unit> = s
        .units
        .iter()
        .filter(|u| r.ty(u).id == "us-cobra")
        .collect();
    assert_eq!(cobras.len(), 2);
    assert!(cobras.iter().all(|c| c.leave_by == Some(s.turn + 2)));
    // NVA Artillery (odd, 7): plotted on a Visible US unit's hex.
    s.rng.force(&[3, 7]);
    r.random_event(&mut s, &mut ev);
    assert_eq!(decider(&s), Some(1));
    s.rng.force(&[7]);
    play(&mut s, Command::EventHex { hex: h("20.24") });
    let m = s.missions.last().unwrap();
    assert_eq!(
        (m.side, m.kind, m.turn),
        (Side::Nva, MissionKind::Artillery, s.turn + 3)
    );
    assert!(
        r.make_view(&s, Side::Us)
            .missions
            .iter()
            .all(|m| m.target.is_none())
    );
}

// FTE 21.0: units that passed may combine: one fires, each other gives -1;
// they must be in the same hex or next to one they combine with.
#[test]
fn opportunity_fire_combines_21_0() {
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "17.24");
    let a = add(&mut s, "nva-rifle", Side::Nva, "23.24");
    let b = add(&mut s, "nva-rifle", Side::Nva, "23.23");
    let far = add(&mut s, "nva-rifle", Side::Nva, "25.25");
    play(&mut s, Command::ActivateUnit { unit: us });
    play(
        &mut s,
        Command::Move {
            units: vec![us],
            mode: MoveMode::Normal,
        },
    );
    play(&mut s, Command::Step { hex: h("18.24") });
    s.rng.force(&[1, 1, 1]);
    play(
        &mut s,
        Command::OpFireAttempt {
            units: vec![a, b, far],
        },
    );
    assert_eq!(
        refused(
            &s,
            Command::OpFire {
                primary: a,
                supporters: vec![far],
                target: Target::Unit(us)
            }
        ),
        "FTE 21.0"
    );
    s.rng.force(&[10]);
    let ev = play(
        &mut s,
        Command::OpFire {
            primary: a,
            supporters: vec![b],
            target: Target::Unit(us),
        },
    );
    match attacks(&ev)[0] {
        Event::Attack { mods, .. } => assert!(mods.contains(&(Drm::Supporting, -1))),
        _ => unreachable!(),
    }
    // All three tried: no one else may this activation.
    assert_ne!(kind(&s), "opportunity-fire");
}

// FTE 25.0: Foxholes give +1; 7.5.3: NVA/VC carry casualties into a Tunnel
// for 1 MP and score the evacuation; the carriers leave play.
#[test]
fn foxholes_and_tunnels_25_0_7_5_3() {
    let r = rules();
    let mut s = sandbox("examples");
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "22.24");
    s.caches.push(Cache {
        id: 0,
        owner: Side::Nva,
        kind: CacheKind::Foxholes,
        hex: h("22.24"),
        revealed: true,
        gone: false,
    });
    s.caches.push(Cache {
        id: 1,
        owner: Side::Nva,
        kind: CacheKind::Tunnel,
        hex: h("22.24"),
        revealed: false,
        gone: false,
    });
    s.unit_mut(nva).fort = Some(0);
    play(&mut s, Command::ActivateUnit { unit: us });
    let a = r.check_fire(&s, &[us], us, Target::Unit(nva)).unwrap();
    assert!(r.attack_mods(&s, &a).contains(&(Drm::Foxholes, 1)));
    // The NVA carries a WIA into the Tunnel.
    let mut ev = Vec::new();
    r.place_casualty(&mut s, Side::Nva, CasualtyKind::Wia, h("22.24"), &mut ev);
    s.steps.retain(|x| !x.is_interrupt());
    s.casualties[0].carrier = Some(nva);
    s.casualties[0].hex = None;
    s.activation = None;
    s.set_phase(Step::Activate { first: true });
    s.active = Side::Nva;
    play(&mut s, Command::ActivateUnit { unit: nva });
    play(
        &mut s,
        Command::Move {
            units: vec![nva],
            mode: MoveMode::Normal,
        },
    );
    play(&mut s, Command::EnterTunnel);
    assert_eq!(s.unit(nva).status, UnitStatus::Exited);
    assert_eq!(s.vp[1], r.tables.vp(crate::data::VpEvent::EvacuateWia).1);
}

// FTE 7.5.2 and errata: a carried casualty may be dropped during a move
// before entering the next hex.
#[test]
fn dropping_casualties_7_5_2() {
    let r = rules();
    let mut s = sandbox("examples");
    let u = add(&mut s, "us-rifle", Side::Us, "20.24");
    let mut ev = Vec::new();
    r.place_casualty(&mut s, Side::Us, CasualtyKind::Wia, h("20.24"), &mut ev);
    s.steps.retain(|x| !x.is_interrupt());
    s.casualties[0].carrier = Some(u);
    s.casualties[0].hex = None;
    play(&mut s, Command::ActivateUnit { unit: u });
    play(
        &mut s,
        Command::Move {
            units: vec![u],
            mode: MoveMode::Normal,
        },
    );
    play(&mut s, Command::Drop { casualty: 0 });
    play(&mut s, Command::Step { hex: h("21.24") });
    assert_eq!(s.casualties[0].hex, Some(h("20.24")));
    assert_eq!(s.casualties[0].carrier, None);
}

// Errata clarification: a Broken Leader flown off the map costs a chit.
#[test]
fn broken_leader_flown_off_costs_a_chit() {
    let mut s = sandbox("examples");
    s.chits = [3, 3];
    let slick = add(&mut s, "us-slick", Side::Us, "17.24");
    s.unit_mut(slick).altitude = Altitude::Treetop;
    let l = add(&mut s, "us-leader", Side::Us, "17.24");
    {
        let x = s.unit_mut(l);
        x.status = UnitStatus::Loaded;
        x.carrier = Some(slick);
        x.hex = None;
        x.broken = true;
    }
    play(&mut s, Command::ActivateUnit { unit: slick });
    play(
        &mut s,
        Command::Move {
            units: vec![slick],
            mode: MoveMode::Normal,
        },
    );
    let ev = play(&mut s, Command::ExitMap);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChitLost { side: Side::Us, .. }))
    );
    assert_eq!(s.chits[0], 2);
}

// FTE 4.0: reinforcements arrive on their edge (infantry Concealed,
// helicopters at Treetop or High with their loads), and a scenario may add
// chits to the cup with them.
#[test]
fn reinforcements_4_0() {
    let r = rules();
    let mut s = r
        .new_game(&vt_core::engine::Setup::new("hot-lz", 2))
        .unwrap();
    while kind(&s) == "setup" {
        play(&mut s, Command::SetupDone);
    }
    assert_eq!(kind(&s), "reinforcements");
    let Command::Enter { unit, .. } = r.legal(&s)[0].clone() else {
        panic!("an Enter command");
    };
    assert_eq!(
        refused(
            &s,
            Command::Enter {
                unit,
                hex: h("1.10"),
                altitude: Altitude::Treetop
            }
        ),
        "FTE 4.0"
    );
    assert_eq!(
        refused(
            &s,
            Command::Enter {
                unit,
                hex: h("26.10"),
                altitude: Altitude::Ground
            }
        ),
        "FTE 4.0"
    );
    play(
        &mut s,
        Command::Enter {
            unit,
            hex: h("26.10"),
            altitude: Altitude::High,
        },
    );
    assert_eq!(s.unit(unit).status, UnitStatus::OnMap);
    assert!(r.passengers(&s, unit).iter().all(|p| !s.unit(*p).concealed));
    let before = s.chits[0];
    let mut ev = Vec::new();
    s.turn = 2;
    r.begin_turn(&mut s, &mut ev);
    assert_eq!(s.chits[0], before + 1);
    assert_eq!(
        s.cup.count(|c| *c == Chit::Side(Side::Us)),
        before as usize + 1
    );
}

// FTE 26.0: the US may fire a Claymore at any time, e.g. on its own
// activation, at enemies already in the plotted hex.
#[test]
fn claymore_at_any_time_26_0() {
    let mut s = sandbox("examples");
    add(&mut s, "us-rifle", Side::Us, "20.24");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "21.24");
    s.traps.push(Trap {
        owner: Side::Us,
        kind: TrapKind::Claymore,
        hex: h("21.24"),
        used: false,
    });
    assert!(
        rules()
            .legal(&s)
            .contains(&Command::DetonateAt { hex: h("21.24") })
    );
    assert_eq!(
        refused(&s, Command::DetonateAt { hex: h("22.24") }),
        "FTE 26.0"
    );
    s.rng.force(&[1, 1]);
    play(&mut s, Command::DetonateAt { hex: h("21.24") });
    assert!(s.unit(nva).reduced);
    assert_eq!(kind(&s), "activate", "the US still has its activation");
}
