//! The rules audit: each test quotes (in paraphrase) the section it checks
//! and pins down a point where the crate once read the rulebook or its
//! errata differently from a player of the game.

use super::util::*;
use crate::command::{Command, Target};
use crate::data::{Effect, RandomEvent};
use crate::event::{CheckKind, Event};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::Ruleset;

fn kind(s: &State) -> String {
    rules().decision(s).kind.into_owned()
}

/// Activates `unit` on its own and starts its Move action.
fn move_alone(s: &mut State, unit: UnitId, mode: MoveMode) {
    play(s, Command::ActivateUnit { unit });
    play(
        s,
        Command::Move {
            units: vec![unit],
            mode,
        },
    );
}

fn pass_opfire(s: &mut State) {
    while kind(s).starts_with("opportunity-fire") {
        play(s, Command::OpFirePass);
    }
}

// FTE 6.8: a helicopter may change altitude by one level at the start of its
// Move action and then fly on with the allowance of its new level (20 MP at
// Treetop); only a change at the end of the move ends it.
#[test]
fn helicopter_flies_on_after_climbing_at_the_start_6_8() {
    let mut s = sandbox("examples");
    let slick = add(&mut s, "us-slick", Side::Us, "20.24");
    s.unit_mut(slick).altitude = Altitude::Ground;
    move_alone(&mut s, slick, MoveMode::Normal);
    play(&mut s, Command::Climb);
    pass_opfire(&mut s);
    play(&mut s, Command::Step { hex: h("21.24") });
    pass_opfire(&mut s);
    play(&mut s, Command::Step { hex: h("22.24") });
    pass_opfire(&mut s);
    play(&mut s, Command::Step { hex: h("23.24") });
    assert_eq!(s.unit(slick).hex, Some(h("23.24")));
}

// FTE 7.4 (Opportunity Fire): any result on the Target Effects Table ends the
// target unit's Activation. A vehicle Immobilized (WIA) in the middle of its
// move stops there and takes no second action.
#[test]
fn opportunity_fire_result_ends_a_vehicle_activation_7_4() {
    // Check passed (1), hit (1), then small arms 2 = WIA (Immobilized), or
    // 6 = S on a vehicle that is already Suppressed.
    for (suppressed, effect) in [(false, 2), (true, 6)] {
        let mut s = sandbox("examples");
        s.cup.put(Chit::Side(Side::Nva));
        let acav = add(&mut s, "us-acav", Side::Us, "20.24");
        s.unit_mut(acav).suppressed = suppressed;
        let nva = add(&mut s, "nva-rifle", Side::Nva, "23.24");
        move_alone(&mut s, acav, MoveMode::Normal);
        play(&mut s, Command::Step { hex: h("21.24") });
        assert_eq!(kind(&s), "opportunity-fire");
        s.rng.force(&[1, 1, effect]);
        play(&mut s, Command::OpFireAttempt { units: vec![nva] });
        play(
            &mut s,
            Command::OpFire {
                primary: nva,
                supporters: vec![],
                target: Target::Unit(acav),
            },
        );
        assert_eq!(s.unit(acav).immobilized, !suppressed);
        assert!(
            s.activation.is_none(),
            "its activation is over: no more steps, no second action"
        );
    }
}

// FTE 6.1 notes a and e: the -1 against a unit using a Trail or Road is a
// Fire Modifier, and Fire Modifiers are ignored for helicopters at High or
// Treetop level (a helicopter does not use trails anyway).
#[test]
fn no_trail_modifier_against_helicopters_6_1_notes_a_e() {
    let r = rules();
    let mut s = sandbox("examples");
    let hog = add(&mut s, "us-hog", Side::Us, "19.17");
    s.unit_mut(hog).altitude = Altitude::Treetop;
    let nva = add(&mut s, "nva-rifle", Side::Nva, "19.21");
    move_alone(&mut s, hog, MoveMode::Normal);
    play(&mut s, Command::Step { hex: h("19.18") });
    assert_eq!(kind(&s), "opportunity-fire");
    s.rng.force(&[1]);
    play(&mut s, Command::OpFireAttempt { units: vec![nva] });
    let adj = r
        .preview(
            &s,
            &Command::OpFire {
                primary: nva,
                supporters: vec![],
                target: Target::Unit(hog),
            },
        )
        .unwrap();
    assert!(
        adj.modifiers.iter().all(|m| m.rule != "FTE 6.1 note a"),
        "{:?}",
        adj.modifiers
    );
}

// FTE 19.9 NVA Artillery: the target hex is in the LoS of an NVA Leader, or
// holds or is next to a Visible American unit.
#[test]
fn nva_artillery_targets_19_9() {
    let r = rules();
    let mut s = sandbox("examples");
    s.set_phase(Step::Acting);
    add(&mut s, "us-rifle", Side::Us, "20.24");
    let mut ev = Vec::new();
    s.rng.force(&[3, 7]);
    r.random_event(&mut s, &mut ev);
    assert!(matches!(
        s.steps.last(),
        Some(Step::RandomEvent {
            event: RandomEvent::NvaArtillery,
            ..
        })
    ));
    assert!(
        r.check(&s, &Command::EventHex { hex: h("21.24") }).is_ok(),
        "next to a Visible US unit"
    );
    assert_eq!(r.decision(&s).rule, "FTE 19.9");
    assert_eq!(
        refused(&s, Command::EventHex { hex: h("17.21") }),
        "FTE 19.9",
        "not near the US and no NVA Leader to see it"
    );
    add(&mut s, "nva-leader", Side::Nva, "17.25");
    assert!(
        r.check(&s, &Command::EventHex { hex: h("17.21") }).is_ok(),
        "in the NVA Leader's LoS"
    );
    assert!(r.legal(&s).contains(&Command::EventHex { hex: h("17.21") }));
}

// FTE 26.0, 7.5.3, 17.1, 28.0: a Booby Trap goes off under the first enemy
// unit to enter its hex, a lone Medic or casualty is overrun by an enemy unit
// in the hex, Civilians are interrogated by a US unit entering theirs: none
// of that happens to a helicopter flying over at Treetop or High level.
#[test]
fn flying_helicopters_do_not_touch_the_ground_26_0_7_5_3_28_0() {
    let mut s = sandbox("examples");
    booby_trap_at(&mut s, "19.18");
    let medic = add(&mut s, "nva-medic", Side::Nva, "19.19");
    s.casualties.push(Casualty {
        id: 0,
        side: Side::Nva,
        kind: CasualtyKind::Wia,
        hex: Some(h("19.20")),
        carrier: None,
        gone: false,
    });
    let civ = add(&mut s, "civilians", Side::Nva, "19.21");
    let hog = add(&mut s, "us-hog", Side::Us, "19.17");
    s.unit_mut(hog).altitude = Altitude::Treetop;
    move_alone(&mut s, hog, MoveMode::Normal);
    let mut ev = Vec::new();
    for to in ["19.18", "19.19", "19.20", "19.21"] {
        ev.extend(play(&mut s, Command::Step { hex: h(to) }));
        pass_opfire(&mut s);
        assert_ne!(kind(&s), "interrogate", "no interrogation from the air");
    }
    assert!(!ev.iter().any(|e| matches!(e, Event::BoobyTrap { .. })));
    assert!(!s.traps[0].used, "the trap waits for someone on foot");
    assert_eq!(s.unit(medic).status, UnitStatus::OnMap);
    assert!(!s.casualties[0].gone, "no capture from the air");
    assert_eq!(s.unit(civ).status, UnitStatus::OnMap);
    assert_eq!(s.vp, [0, 0]);
}

// FTE 14.0: a vehicle or helicopter loads the Infantry Units in its hex; the
// text bars none for being Broken (and the errata's Broken Leader flown off
// assumes they may board).
#[test]
fn broken_infantry_can_be_loaded_14_0() {
    let mut s = sandbox("examples");
    let slick = add(&mut s, "us-slick", Side::Us, "20.24");
    s.unit_mut(slick).altitude = Altitude::Ground;
    let rifle = add(&mut s, "us-rifle", Side::Us, "20.24");
    s.unit_mut(rifle).broken = true;
    play(&mut s, Command::ActivateUnit { unit: slick });
    play(
        &mut s,
        Command::Load {
            carrier: slick,
            units: vec![rifle],
            casualties: vec![],
        },
    );
    pass_opfire(&mut s);
    assert_eq!(s.unit(rifle).status, UnitStatus::Loaded);
    assert_eq!(s.unit(rifle).carrier, Some(slick));
}

// FTE 7.4: an S on a vehicle or helicopter that is already Suppressed or
// Broken has no additional effect (a Broken one does not also become
// Suppressed).
#[test]
fn suppression_on_a_broken_machine_has_no_effect_7_4() {
    let r = rules();
    for ty in ["us-acav", "us-hog"] {
        let mut s = sandbox("examples");
        let v = add(&mut s, ty, Side::Us, "20.24");
        s.unit_mut(v).broken = true;
        let mut ev = Vec::new();
        r.apply_effect(&mut s, v, Effect::S, Side::Nva, None, false, &mut ev);
        assert!(s.unit(v).broken);
        assert!(!s.unit(v).suppressed, "{ty}: no additional effect");
    }
}

// FTE errata (clarifications): for each Leader aboard a helicopter that is
// Broken and leaves the map, a chit of the Leader's side is lost for good.
#[test]
fn leader_aboard_a_broken_helicopter_costs_a_chit_errata() {
    let mut s = sandbox("examples");
    s.chits = [3, 3];
    let slick = add(&mut s, "us-slick", Side::Us, "17.24");
    {
        let x = s.unit_mut(slick);
        x.altitude = Altitude::Treetop;
        x.broken = true;
    }
    let l = add(&mut s, "us-leader", Side::Us, "17.24");
    put_aboard(&mut s, l, slick);
    move_alone(&mut s, slick, MoveMode::Normal);
    let ev = play(&mut s, Command::ExitMap);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChitLost { side: Side::Us, .. }))
    );
    assert_eq!(s.chits[0], 2);
}

// FTE 7.4: a destroyed vehicle's passengers each roll on the Dual Purpose
// column and take the result; a Broken one retreats two hexes away from the
// Primary Firing Unit like any Broken infantry (only a Fire Mission's Broken
// units stay put).
#[test]
fn broken_passenger_of_a_destroyed_vehicle_retreats_7_4() {
    let r = rules();
    let mut s = sandbox("examples");
    let acav = add(&mut s, "us-acav", Side::Us, "20.24");
    let rifle = add(&mut s, "us-rifle", Side::Us, "20.24");
    put_aboard(&mut s, rifle, acav);
    let mut ev = Vec::new();
    // Dual Purpose 5 = B for the passenger.
    s.rng.force(&[5]);
    r.apply_effect(
        &mut s,
        acav,
        Effect::KIA,
        Side::Nva,
        Some(h("23.24")),
        false,
        &mut ev,
    );
    assert!(s.unit(rifle).broken);
    assert!(
        s.steps.iter().any(|i| matches!(
            i,
            Step::Retreat { unit, away, .. } if *unit == rifle && *away == h("23.24")
        )),
        "{:?}",
        s.steps
    );
}

// FTE 7.4 and 29.0: a Downed helicopter gets a WIA marker to show it is
// Downed (the chart scores it as "Helicopter Downed (WIA)"); that marker is
// not a wounded man: no casualty check, no evacuation or capture VP, no room
// taken aboard. Once nothing is left aboard the helicopter is removed.
#[test]
fn downed_helicopter_marker_is_not_a_casualty_7_4() {
    let r = rules();
    let mut s = sandbox("examples");
    let slick = add(&mut s, "us-slick", Side::Us, "20.24");
    s.unit_mut(slick).altitude = Altitude::Treetop;
    let rifle = add(&mut s, "us-rifle", Side::Us, "20.24");
    put_aboard(&mut s, rifle, slick);
    let mut ev = Vec::new();
    r.apply_effect(&mut s, slick, Effect::WIA, Side::Nva, None, false, &mut ev);
    assert!(s.unit(slick).downed);
    assert!(s.casualties.is_empty(), "{:?}", s.casualties);
    assert_eq!(r.aboard(&s, slick), 4);

    // Nothing aboard: downed and removed at once.
    let mut s = sandbox("examples");
    let slick = add(&mut s, "us-slick", Side::Us, "20.24");
    s.unit_mut(slick).altitude = Altitude::High;
    let mut ev = Vec::new();
    r.apply_effect(&mut s, slick, Effect::WIA, Side::Nva, None, false, &mut ev);
    assert!(s.casualties.is_empty());
    assert_ne!(s.unit(slick).status, UnitStatus::OnMap);
    assert!(
        s.interrupt().is_none(),
        "nothing to set down: {:?}",
        s.steps
    );
    assert_eq!(
        s.vp[1],
        r.tables.vp(crate::data::VpEvent::HelicopterDowned).1
    );
}

// FTE 7.5.2: a four man unit carries two KIA/WIA, a three man unit one, a one
// or two man unit none. A unit reduced to two men puts down what it carried.
#[test]
fn reduced_unit_puts_down_what_it_cannot_carry_7_5_2() {
    let r = rules();
    let mut s = sandbox("examples");
    let rifle = add(&mut s, "us-rifle", Side::Us, "20.24");
    for id in 0..2u16 {
        s.casualties.push(Casualty {
            id,
            side: Side::Us,
            kind: CasualtyKind::Kia,
            hex: None,
            carrier: Some(rifle),
            gone: false,
        });
    }
    let mut ev = Vec::new();
    r.apply_effect(&mut s, rifle, Effect::WIA, Side::Nva, None, false, &mut ev);
    assert!(s.unit(rifle).reduced);
    assert_eq!(r.carry_capacity(s.unit(rifle)), 0);
    assert_eq!(s.carried_by(rifle).count(), 0);
    assert!(
        s.casualties[..2]
            .iter()
            .all(|c| c.hex == Some(h("20.24")) && c.carrier.is_none())
    );
}

// FTE 5.1: activating a Leader activates him (the units around him join as
// the player chooses): he is Activation Complete afterwards even if he took
// no action himself, and cannot bring another group with the next chit. The
// same for a single unit or helicopter activated on its own.
#[test]
fn an_activated_leader_is_activation_complete_5_1() {
    let r = rules();
    let mut s = sandbox("examples");
    s.cup.put(Chit::Side(Side::Nva));
    let leader = add(&mut s, "us-leader", Side::Us, "20.24");
    let a = add(&mut s, "us-rifle", Side::Us, "21.24");
    let b = add(&mut s, "us-rifle", Side::Us, "19.24");
    play(&mut s, Command::ActivateLeader { leader });
    play(
        &mut s,
        Command::Recover {
            unit: a,
            pick_up: None,
            transfer: None,
        },
    );
    play(&mut s, Command::EndActivation);
    assert!(s.unit(leader).activated, "the Leader was activated");
    assert!(!s.unit(b).activated, "b was not given an action");
    assert!(r.leader_group(&s, leader).is_err());

    let mut s = sandbox("examples");
    s.cup.put(Chit::Side(Side::Nva));
    let hog = add(&mut s, "us-hog", Side::Us, "20.24");
    s.unit_mut(hog).altitude = Altitude::Treetop;
    play(&mut s, Command::ActivateUnit { unit: hog });
    play(&mut s, Command::EndActivation);
    assert!(s.unit(hog).activated);
}

// FTE 19.2 Low Ammo: the enemy player places the marker. He may only name
// units he can see: offering him Concealed markers would tell him which of
// them are Combat Units and which are Dummies or Civilians.
#[test]
fn low_ammo_is_placed_on_a_unit_the_chooser_sees_19_2() {
    let r = rules();
    let mut s = sandbox("examples");
    s.set_phase(Step::Acting);
    let seen = add(&mut s, "nva-rifle", Side::Nva, "23.24");
    let hidden = add(&mut s, "nva-rifle", Side::Nva, "24.24");
    conceal(&mut s, hidden);
    let mut ev = Vec::new();
    // NVA event (odd), Low Ammo (2): the US player chooses.
    s.rng.force(&[1, 2]);
    r.random_event(&mut s, &mut ev);
    let legal = r.legal(&s);
    assert!(legal.contains(&Command::EventUnit { unit: seen }));
    assert!(!legal.contains(&Command::EventUnit { unit: hidden }));
    assert!(r.check(&s, &Command::EventUnit { unit: hidden }).is_err());
}

// FTE 6.7 and 6.1: the Stealthy Movement check is modified by the Concealment
// Modifier of the hex entered; the log names the rules that give it.
#[test]
fn stealthy_check_names_its_modifier_rules_6_7() {
    let r = rules();
    let mut s = sandbox("examples");
    let u = add(&mut s, "us-rifle", Side::Us, "20.24");
    conceal(&mut s, u);
    move_alone(&mut s, u, MoveMode::Stealthy);
    s.rng.force(&[3]);
    let ev = play(&mut s, Command::Step { hex: h("21.24") });
    let check = ev
        .iter()
        .find(|e| {
            matches!(
                e,
                Event::Check {
                    kind: CheckKind::Stealthy,
                    ..
                }
            )
        })
        .expect("a Stealthy Movement check");
    let log = r.describe(check);
    let m = &log.adjudications[0].modifiers;
    assert!(
        m.iter()
            .any(|m| m.rule.contains("6.1") && m.rule.contains("6.7")),
        "{m:?}"
    );
}

// FTE 16.0: a Fire Mission that scatters goes a d6 direction and a d10
// distance (divided by 5 for Battalion Mortars, rounded up); the log shows
// each roll, not only the result.
#[test]
fn fire_mission_scatter_shows_its_rolls_16_0() {
    let r = rules();
    let mut s = sandbox("examples");
    let m = Mission {
        side: Side::Us,
        kind: crate::data::MissionKind::BnMortar,
        target: h("21.20"),
        turn: 1,
    };
    let mut ev = Vec::new();
    // Accuracy 8 scatters; direction 2; distance 7 / 5 = 2 hexes.
    s.rng.force(&[8, 2, 7]);
    r.execute_mission(&mut s, &m, &mut ev);
    let lands = ev
        .iter()
        .find(|e| matches!(e, Event::MissionLands { .. }))
        .expect("the mission lands");
    // Each roll on its own (issue 14: the scatter dice are not part of the
    // accuracy total, so the shown numbers add up).
    let rolls = &r.describe(lands).adjudications;
    let dice: Vec<Vec<i32>> = rolls.iter().map(|a| a.rolled.clone()).collect();
    assert_eq!(dice, vec![vec![8], vec![2], vec![7]], "{rolls:?}");
    assert_eq!(rolls[0].total, 8);
    assert!(rolls[0].result.contains("7/5"), "{}", rolls[0].result);
    assert!(
        rolls[2].result.contains("7/5 rounded up = 2"),
        "{}",
        rolls[2].result
    );
}

// FTE 8.0 and 26.0: advancing into the cleared hex draws no Opportunity
// Fire, but the first enemy unit to enter a Booby Trap hex sets it off, and
// an advance enters the hex.
#[test]
fn advancing_into_a_booby_trap_hex_sets_it_off_8_0_26_0() {
    let mut s = sandbox("examples");
    s.set_phase(Step::Acting);
    let us = add(&mut s, "us-rifle", Side::Us, "20.24");
    booby_trap_at(&mut s, "21.24");
    s.push(Step::Assault(Assault {
        side: Side::Us,
        hex: h("21.24"),
        attackers: vec![us],
        round: 1,
        stage: AssaultStage::Advance,
        fired: vec![],
        results: vec![],
    }));
    s.rng.force(&[10]);
    let ev = play(&mut s, Command::Advance { units: vec![us] });
    assert!(ev.iter().any(|e| matches!(e, Event::BoobyTrap { .. })));
    assert!(s.traps[0].used);
    assert!(s.unit(us).reduced, "a failed check is a WIA");
}
