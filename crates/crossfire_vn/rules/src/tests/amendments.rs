//! Every clause of the Vietnam amendments, each test quoting (in our
//! words) the clause it checks.

use super::util::*;
use crate::Command;
use crate::event::{DiceWhy, Effect, Event, Pass};
use crate::state::{MarkerKind, MarkerPlace, Presence, Side, Status};
use crate::step::Step;
use vt_core::engine::{Ruleset, Setup};

fn rolls(ev: &[Event]) -> Vec<crate::event::FireRoll> {
    ev.iter()
        .find_map(|e| match e {
            Event::Fire { rolls, .. } => Some(rolls.clone()),
            _ => None,
        })
        .expect("a fire event")
}

fn passed(ev: &[Event]) -> Option<Pass> {
    ev.iter().find_map(|e| match e {
        Event::InitiativePasses { why, .. } => Some(*why),
        _ => None,
    })
}

// ---- 6.4 Fire procedures ----

// 6.4: in every firing mode one attack is adjudicated for each fire team
// or HMG taking part: three fire teams scoring a hit each pin, they do not
// kill.
#[test]
fn s6_4_each_firer_is_judged_alone() {
    let mut l = Lab::new();
    let a = l.add("us-ft", Side::FreeWorld, 28.0, 3.0);
    let b = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let c = l.add("us-m60", Side::FreeWorld, 26.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
    l.force(&[5, 1, 1, 6, 1, 1, 5, 1, 1, 1]);
    l.ok(fire(&[a, b, c], v));
    let r = rolls(&l.ev);
    assert_eq!(r.len(), 3);
    assert_eq!(
        r.iter().map(|x| x.dice.len()).collect::<Vec<_>>(),
        [3, 3, 4]
    );
    assert!(r.iter().all(|x| x.result == Effect::Pin));
    assert_eq!(l.st(v).status, Status::Pinned);
}

// 6.4: the same holds for reactive fire.
#[test]
fn s6_4_reactive_fire_is_judged_alone_too() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 25.0, 3.0);
    let a = l.add("vc-ft", Side::VcNva, 24.0, 8.0);
    let b = l.add("vc-ft", Side::VcNva, 26.0, 8.0);
    l.ok(mv(f, 5.5, 3.0));
    l.force(&[5, 1, 1, 5, 1, 1]);
    l.ok(Command::ReactiveFire {
        firers: vec![a, b],
        point: 0,
        support: vec![],
    });
    assert_eq!(rolls(&l.ev).len(), 2);
    assert_eq!(l.st(f).status, Status::Pinned);
}

// ---- 6.5 Fire effects and results ----

// 6.5: a killed stand is removed from play and one casualty marker takes
// its place.
#[test]
fn s6_5_a_killed_stand_becomes_a_casualty_marker() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    l.force(&[5, 5, 5]);
    l.ok(fire(&[f], v));
    assert_eq!(l.st(v).presence, Presence::Killed);
    let m: Vec<_> = l.s.markers.iter().filter(|m| m.from == Some(v)).collect();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].kind, MarkerKind::Casualty);
    assert_eq!(m[0].place, MarkerPlace::Ground(p(30.0, 8.0)));
}

// 6.5: a killed heavy weapon also leaves an equipment marker; captured
// equipment adds to the captor's points.
#[test]
fn s6_5_a_killed_heavy_weapon_leaves_equipment_that_can_be_captured() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let h = l.add("nva-hmg", Side::VcNva, 30.0, 8.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    l.force(&[6, 6, 6]);
    l.ok(fire(&[f], h));
    let kinds: Vec<MarkerKind> =
        l.s.markers
            .iter()
            .filter(|m| m.from == Some(h))
            .map(|m| m.kind)
            .collect();
    assert_eq!(kinds, [MarkerKind::Casualty, MarkerKind::Equipment]);
    let before = l.g.points(&l.s)[0];
    l.ok(mv(f, 30.0, 6.5));
    l.settle();
    assert!(
        l.ev.iter()
            .any(|e| matches!(e, Event::EquipmentCaptured { .. }))
    );
    let v = &l.g.rules().victory;
    assert_eq!(l.g.points(&l.s)[0], before + v.equipment.value);
}

// 6.5: casualties evacuated reduce the enemy's points; one left on the
// table scores for the enemy.
#[test]
fn s6_5_evacuated_casualties_score_nothing_for_the_enemy() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 4.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    let m = l.casualty(Side::FreeWorld, 30.0, 5.5);
    let before = l.g.points(&l.s)[1];
    l.ok(Command::Medevac {
        carrier: f,
        pick_up: vec![m],
        to: p(30.0, 1.0),
        facing: None,
        drop: true,
    });
    l.settle();
    assert_eq!(l.s.markers[m as usize].place, MarkerPlace::Evacuated);
    assert_eq!(
        l.g.points(&l.s)[1],
        before - l.g.rules().victory.casualty.value
    );
    assert!(l.st(f).on_table(), "the carrier hands them over and stays");
}

// 6.5: a fire team, Command Group or medic carries one casualty marker,
// heavy weapons none, a VC/NVA porter two; Dust Off three, truck or APC
// six, jeep one.
#[test]
fn s6_5_carrying_limits() {
    let g = lab_rules();
    let carry = |id: &str| g.data.units[g.data.unit(id).unwrap()].carry;
    assert_eq!(
        [
            carry("us-ft"),
            carry("us-cg"),
            carry("us-medic"),
            carry("vc-ft"),
            carry("us-m60"),
            carry("nva-hmg"),
            carry("vc-porter"),
            carry("dust-off"),
            carry("truck"),
            carry("m113-acav"),
            carry("jeep"),
        ],
        [1, 1, 1, 1, 0, 0, 2, 3, 6, 6, 1]
    );
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 4.0);
    let h = l.add("us-m60", Side::FreeWorld, 34.0, 4.0);
    let a = l.casualty(Side::FreeWorld, 30.0, 5.5);
    let b = l.casualty(Side::FreeWorld, 31.0, 5.5);
    let two = Command::Medevac {
        carrier: f,
        pick_up: vec![a, b],
        to: p(30.0, 1.0),
        facing: None,
        drop: true,
    };
    assert_eq!(l.refused(two).rule, "CF 6.5");
    let hmg = Command::Medevac {
        carrier: h,
        pick_up: vec![b],
        to: p(34.0, 1.0),
        facing: None,
        drop: true,
    };
    assert!(l.refused(hmg).message.contains("may not move casualties"));
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let porter = l.add("vc-porter", Side::VcNva, 30.0, 40.0);
    let a = l.casualty(Side::VcNva, 30.0, 38.5);
    let b = l.casualty(Side::VcNva, 31.0, 38.5);
    l.ok(Command::Medevac {
        carrier: porter,
        pick_up: vec![a, b],
        to: p(30.0, 40.0),
        facing: None,
        drop: false,
    });
    assert_eq!(l.st(porter).carrying.len(), 2);
}

// 6.5: one medevac action per initiative, which may include a pivot.
#[test]
fn s6_5_one_medevac_action_per_initiative_with_a_pivot() {
    let mut l = Lab::new();
    let f = l.add("us-medic", Side::FreeWorld, 30.0, 4.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    let a = l.casualty(Side::FreeWorld, 30.0, 5.5);
    let b = l.casualty(Side::FreeWorld, 32.0, 4.0);
    l.ok(Command::Medevac {
        carrier: f,
        pick_up: vec![a],
        to: p(30.0, 4.0),
        facing: Some(p(1.0, 0.0)),
        drop: true,
    });
    assert_eq!(l.st(f).facing, p(1.0, 0.0));
    let again = Command::Medevac {
        carrier: f,
        pick_up: vec![b],
        to: p(30.0, 4.0),
        facing: None,
        drop: true,
    };
    assert!(
        l.refused(again.clone())
            .message
            .contains("one medevac action")
    );
    l.ok(Command::EndInitiative);
    l.ok(Command::EndInitiative);
    l.g.check(&l.s, &again)
        .expect("a new initiative, a new action");
}

// 6.5: two medics within one base width form a Company Aid Post: a
// voluntary action that does not bring reactive fire, for good.
#[test]
fn s6_5_two_medics_form_an_aid_post() {
    let mut l = Lab::new();
    let a = l.add("us-medic", Side::FreeWorld, 30.0, 4.0);
    let b = l.add("us-medic", Side::FreeWorld, 32.0, 4.0);
    let far = l.add("us-medic", Side::FreeWorld, 40.0, 4.0);
    l.add("vc-ft", Side::VcNva, 30.0, 9.0);
    assert!(
        l.refused(Command::FormAidPost { medics: [b, far] })
            .message
            .contains("one base width")
    );
    l.ok(Command::FormAidPost { medics: [a, b] });
    assert!(
        l.has_initiative(Side::FreeWorld),
        "no reactive fire, no failure"
    );
    assert_eq!(l.st(a).presence, Presence::Merged);
    assert_eq!(l.st(b).presence, Presence::Merged);
    let post = l.s.stands.last().unwrap().id;
    assert_eq!(l.g.unit_of(&l.s, post).role, crate::data::Role::AidPost);
    // With casualties present it may not move until all are evacuated.
    l.casualty(Side::FreeWorld, 30.0, 5.5);
    assert_eq!(l.refused(mv(post, 20.0, 4.0)).rule, "CF 6.5");
}

// 6.5: Dust Off: a die of delay in initiatives, -2 with an Aid Post, below
// 1 it arrives at once.
#[test]
fn s6_5_dust_off_delay() {
    // No Aid Post: a 3 is three of the Free World's initiatives.
    let mut l = Lab::new();
    l.add("us-ft", Side::FreeWorld, 30.0, 4.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    l.casualty(Side::FreeWorld, 30.0, 12.0);
    l.force(&[3]);
    l.ok(Command::RequestDustOff);
    for _ in 0..2 {
        l.ok(Command::EndInitiative);
        l.force(&[1]);
        l.ok(Command::EndInitiative);
        assert!(l.has_initiative(Side::FreeWorld));
    }
    l.ok(Command::EndInitiative);
    l.force(&[1]);
    l.ok(Command::EndInitiative);
    assert!(matches!(l.step(), Step::DustOff { .. }), "{:?}", l.step());
    // With an Aid Post: 2 - 2 = 0, at once.
    let mut l = Lab::new();
    l.add("us-cap", Side::FreeWorld, 30.0, 4.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    l.force(&[2]);
    l.ok(Command::RequestDustOff);
    assert!(matches!(l.step(), Step::DustOff { .. }));
    assert!(l.ev.iter().any(|e| matches!(
        e,
        Event::DustOffRequested {
            die: 2,
            aid_post: true,
            modifier: -2,
            delay: 0
        }
    )));
}

/// Casualty markers evacuated so far.
fn evacuated(l: &Lab) -> usize {
    l.s.markers
        .iter()
        .filter(|m| m.place == MarkerPlace::Evacuated)
        .count()
}

// 6.5: a Dust Off lands, takes up to three casualties and leaves; it may
// be fired at as it comes in.
#[test]
fn s6_5_a_dust_off_takes_three() {
    let mut l = Lab::new();
    l.add("us-cap", Side::FreeWorld, 24.0, 3.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    for (x, y) in [(26.5, 5.5), (27.0, 5.3), (27.5, 5.5), (28.5, 5.5)] {
        l.casualty(Side::FreeWorld, x, y);
    }
    l.force(&[1]);
    l.ok(Command::RequestDustOff);
    // The screen's reading of a landing place names the three it takes
    // (of four within reach), and none far from them.
    assert_eq!(l.g.dust_off_load_at(&l.s, p(27.0, 8.0)).len(), 3);
    assert!(l.g.dust_off_load_at(&l.s, p(40.0, 8.0)).is_empty());
    // Some landing place the legal list offers lifts casualties.
    assert!(l.g.legal(&l.s).iter().any(|c| matches!(
        c,
        Command::LandDustOff { at } if !l.g.dust_off_load_at(&l.s, *at).is_empty()
    )));
    l.ok(Command::LandDustOff { at: p(27.0, 8.0) });
    l.settle();
    assert_eq!(evacuated(&l), 3);
    assert!(l.has_initiative(Side::FreeWorld));
}

// 6.5: "Dust Off helicopters may carry 3 casualty markers": where three lie
// near one another but no one marker has the other two within reach, the
// legal list still offers a landing place that takes all three (the five
// wounded of Dust Off under Fire lie so: before, no place offered took
// three, and five wounded needed three Dust Offs of the scenario's three).
#[test]
fn s6_5_a_landing_between_three_wounded_is_offered() {
    let mut l = Lab::new();
    l.add("us-cap", Side::FreeWorld, 20.0, 3.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    // Dust Off under Fire's eastern three, moved to the lab's LZ.
    let three = [(28.0, 9.0), (29.5, 7.5), (27.0, 5.5)];
    for (x, y) in three {
        l.casualty(Side::FreeWorld, x, y);
    }
    l.force(&[1]);
    l.ok(Command::RequestDustOff);
    let loads: Vec<(vt_core::tabletop::Point, usize)> =
        l.g.legal(&l.s)
            .iter()
            .filter_map(|c| match c {
                Command::LandDustOff { at } => Some((*at, l.g.dust_off_load_at(&l.s, *at).len())),
                _ => None,
            })
            .collect();
    // No place by one marker alone takes all three ...
    for (x, y) in three {
        for (dx, dy) in [(0.0, 0.0), (3.0, 0.0), (-3.0, 0.0), (0.0, 3.5), (0.0, -3.5)] {
            assert!(l.g.dust_off_load_at(&l.s, p(x + dx, y + dy)).len() < 3);
        }
    }
    // ... but one offered does, and each place is offered once.
    let (at, _) = *loads
        .iter()
        .find(|(_, n)| *n == 3)
        .expect("a place for three");
    for (i, (a, _)) in loads.iter().enumerate() {
        assert!(loads[i + 1..].iter().all(|(b, _)| b.distance(*a) > 0.005));
    }
    l.ok(Command::LandDustOff { at });
    l.settle();
    assert_eq!(evacuated(&l), 3);
}

// 6.5: medic and Aid Post stands are eliminated if contacted in close
// combat.
#[test]
fn s6_5_medics_and_aid_posts_die_when_contacted() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let v = l.add("vc-ft", Side::VcNva, 27.0, 9.0);
    let medic = l.add("us-medic", Side::FreeWorld, 27.0, 5.0);
    l.add("us-ft", Side::FreeWorld, 50.0, 3.0);
    l.ok(Command::CloseCombat {
        moves: vec![crate::StandMove {
            stand: v,
            to: p(27.0, 5.0),
            facing: None,
        }],
        target: medic,
    });
    l.settle();
    assert_eq!(l.st(medic).presence, Presence::Killed);
    assert!(l.ev.iter().any(|e| matches!(e, Event::AutoKilled { .. })));
    assert!(
        !l.ev.iter().any(|e| matches!(e, Event::CloseCombat { .. })),
        "no roll"
    );
}

// ---- 6.7 Recon by fire ----

// 6.7: an ACAV, tank or armed gunship throws two dice, other troop stands
// and helicopters one.
#[test]
fn s6_7_recon_dice() {
    let g = lab_rules();
    let rbf = |id: &str| g.data.units[g.data.unit(id).unwrap()].rbf_dice;
    assert_eq!(
        [
            rbf("m113-acav"),
            rbf("m48"),
            rbf("gunship"),
            rbf("us-ft"),
            rbf("dust-off")
        ],
        [2, 2, 2, 1, 1]
    );
}

// 6.7: recon by fire that hits flushes the hidden stands of the piece; the
// hits fall on the nearest.
#[test]
fn s6_7_recon_by_fire_flushes_hidden_stands() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 15.0, 5.0);
    let v = l.add("vc-ft", Side::VcNva, 15.0, 13.0);
    let w = l.add("vc-ft", Side::VcNva, 17.0, 17.0);
    l.hide(v);
    l.hide(w);
    l.force(&[5]);
    l.ok(Command::ReconByFire {
        stand: f,
        feature: 0,
        moving_to: None,
    });
    assert!(!l.st(v).hidden && !l.st(w).hidden);
    assert_eq!(l.st(v).status, Status::Pinned);
    assert!(l.has_initiative(Side::FreeWorld));
    // A miss finds nobody and, by default, loses the initiative.
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 15.0, 5.0);
    let v = l.add("vc-ft", Side::VcNva, 15.0, 13.0);
    l.hide(v);
    l.force(&[4]);
    l.ok(Command::ReconByFire {
        stand: f,
        feature: 0,
        moving_to: None,
    });
    assert!(l.st(v).hidden);
    assert_eq!(passed(&l.ev), Some(Pass::ReconFailed));
}

// 6.7: armoured vehicles may recon by fire while moving; others may not.
#[test]
fn s6_7_armour_recons_while_moving() {
    let mut l = Lab::new();
    let acav = l.add("m113-acav", Side::FreeWorld, 35.0, 3.0);
    let ft = l.add("us-ft", Side::FreeWorld, 25.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 15.0, 13.0);
    l.hide(v);
    let on_foot = Command::ReconByFire {
        stand: ft,
        feature: 0,
        moving_to: Some(p(25.0, 6.0)),
    };
    assert!(
        l.refused(on_foot)
            .message
            .contains("Only armoured vehicles")
    );
    l.force(&[6, 6]);
    l.ok(Command::ReconByFire {
        stand: acav,
        feature: 0,
        moving_to: Some(p(28.0, 6.0)),
    });
    l.settle();
    assert!((l.st(acav).at.y - 6.0).abs() < 0.02);
    assert!(!l.st(v).hidden);
    assert_eq!(l.st(v).status, Status::Suppressed);
}

// ---- 6.9 Snipers ----

// 6.9: a failed VC/NVA sniper shot does not lose the initiative; it fires
// as a fire team (three dice) and pins apply.
#[test]
fn s6_9_a_vc_sniper_miss_keeps_the_initiative() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let s = l.add("vc-sniper", Side::VcNva, 30.0, 10.0);
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    l.force(&[1, 1, 5]);
    l.ok(fire(&[s], f));
    assert_eq!(rolls(&l.ev)[0].dice.len(), 3);
    assert_eq!(l.st(f).status, Status::Pinned);
    assert!(l.has_initiative(Side::VcNva));
    // Our reading (option): once in each of its initiatives.
    assert_eq!(l.refused(fire(&[s], f)).rule, "CF 6.9");
}

// 6.9: VC/NVA snipers may fire reactively (never marked NO FIRE) and may
// seize the initiative.
#[test]
fn s6_9_a_vc_sniper_reacts_and_seizes() {
    let mut l = Lab::new();
    let s = l.add("vc-sniper", Side::VcNva, 25.0, 10.0);
    let f = l.add("us-ft", Side::FreeWorld, 25.0, 3.0);
    l.ok(mv(f, 5.5, 3.0));
    l.force(&[1, 1, 1]);
    l.ok(Command::ReactiveFire {
        firers: vec![s],
        point: 0,
        support: vec![],
    });
    assert!(!l.st(s).no_fire);
    assert!(matches!(l.step(), Step::Reaction(_)), "offered again");
    l.force(&[5, 6, 1]);
    let Step::Reaction(r) = l.step().clone() else {
        panic!()
    };
    l.ok(Command::ReactiveFire {
        firers: vec![s],
        point: r.next,
        support: vec![],
    });
    assert!(l.has_initiative(Side::VcNva));
}

// 6.9: a sniper may not move, only be withdrawn, and then takes no
// further part.
#[test]
fn s6_9_a_sniper_stays_put_or_is_withdrawn() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let s = l.add("vc-sniper", Side::VcNva, 30.0, 10.0);
    l.add("us-ft", Side::FreeWorld, 50.0, 3.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    assert_eq!(l.refused(mv(s, 30.0, 20.0)).rule, "CF 6.9");
    l.ok(Command::WithdrawSniper { sniper: s });
    assert_eq!(l.st(s).presence, Presence::Withdrawn);
}

// 6.9: a sniper engaged in close combat is killed outright, and a killed
// sniper leaves a casualty marker.
#[test]
fn s6_9_a_sniper_in_close_combat_dies() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let s = l.add("vc-sniper", Side::VcNva, 30.0, 8.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    l.ok(Command::CloseCombat {
        moves: vec![crate::StandMove {
            stand: f,
            to: p(30.0, 8.0),
            facing: None,
        }],
        target: s,
    });
    l.settle();
    assert_eq!(l.st(s).presence, Presence::Killed);
    assert!(
        l.s.markers
            .iter()
            .any(|m| m.from == Some(s) && m.kind == MarkerKind::Casualty)
    );
}

// 6.9: a sniper may always target a Command Group in sight; other fire may
// not single one out beside a fire team (our reading, an option).
#[test]
fn s6_9_snipers_may_always_target_a_command_group() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let s = l.add("vc-sniper", Side::VcNva, 30.0, 12.0);
    let v = l.add("vc-ft", Side::VcNva, 34.0, 12.0);
    let cg = l.add("us-cg", Side::FreeWorld, 31.0, 3.0);
    l.add("us-ft", Side::FreeWorld, 33.0, 3.0);
    assert_eq!(l.refused(fire(&[v], cg)).rule, "CF 6.9");
    l.force(&[1, 1, 1]);
    l.ok(fire(&[s], cg));
}

// 6.9: a USMC sniper team's pins are suppressions; it fires once an
// initiative, only if it stays still; a failed shot loses the initiative.
#[test]
fn s6_9_the_usmc_sniper_team() {
    let mut l = Lab::new();
    let t = l.add("usmc-sniper", Side::FreeWorld, 27.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 27.0, 9.0);
    let w = l.add("vc-ft", Side::VcNva, 24.0, 9.0);
    l.force(&[5, 1, 1]);
    l.ok(fire(&[t], v));
    assert_eq!(l.st(v).status, Status::Suppressed);
    assert!(rolls(&l.ev)[0].pin_suppresses);
    assert!(l.has_initiative(Side::FreeWorld));
    assert!(l.refused(fire(&[t], w)).message.contains("only once"));
    assert!(l.refused(mv(t, 30.0, 5.0)).message.contains("stay"));
    // A new initiative: it moves, and then may not fire.
    l.ok(Command::EndInitiative);
    l.ok(Command::EndInitiative);
    l.ok(mv(t, 22.0, 3.0));
    l.settle();
    assert!(l.refused(fire(&[t], w)).message.contains("stays still"));
    // Another: a miss loses the initiative.
    l.ok(Command::EndInitiative);
    l.ok(Command::EndInitiative);
    l.force(&[1, 1, 1]);
    l.ok(fire(&[t], w));
    assert_eq!(passed(&l.ev), Some(Pass::SniperFailed));
}

// 6.9: one USMC sniper team to a company.
#[test]
fn s6_9_one_sniper_team_to_a_company() {
    let sc = super::util::LAB_SCENARIO.replace(
        r#"forces: [(type: "us-ft", label: "F", platoon: 1, squad: 1, at: (1, 1))]"#,
        r#"forces: [(type: "usmc-sniper", label: "S1", at: (1, 1)), (type: "usmc-sniper", label: "S2", at: (4, 1))]"#,
    );
    let files = crate::data_files()
        .with("crossfire_vn/tabletops/lab.ron", super::util::LAB_TABLE)
        .with("crossfire_vn/scenarios/lab.ron", &sc);
    let e = crate::CrossfireVn::from_files(&files).unwrap_err();
    assert!(e.message.contains("6.9"), "{e}");
}

// ---- 6.9.1 Detaching snipers ----

// 6.9.1: a VC/NVA fire team with the initiative in cover detaches one
// sniper, then withdraws: reactive fire only, no direct fire or assault.
#[test]
fn s6_9_1_detaching_a_sniper() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let v = l.add("vc-ft", Side::VcNva, 15.0, 15.0);
    let open = l.add("vc-ft", Side::VcNva, 25.0, 35.0);
    let f = l.add("us-ft", Side::FreeWorld, 15.0, 5.0);
    let in_open = Command::DetachSniper {
        team: open,
        at: p(26.6, 35.0),
    };
    assert!(l.refused(in_open).message.contains("cover"));
    l.ok(Command::DetachSniper {
        team: v,
        at: p(16.6, 15.0),
    });
    let sniper = l.s.stands.last().unwrap().id;
    assert_eq!(l.g.unit_of(&l.s, sniper).role, crate::data::Role::Sniper);
    assert!(l.st(v).withdrawing);
    assert!(
        l.refused(Command::DetachSniper {
            team: v,
            at: p(13.4, 15.0)
        })
        .message
        .contains("at most one")
    );
    assert!(l.refused(fire(&[v], f)).message.contains("only reactively"));
    // The sniper may not move.
    assert_eq!(l.refused(mv(sniper, 16.6, 18.0)).rule, "CF 6.9");
    // It withdraws towards its edge and off it.
    l.ok(mv(v, 15.0, 19.5));
    l.settle();
    assert!(l.refused(mv(v, 15.0, 12.0)).message.contains("nearer"));
}

// 6.9.1: dead snipers count towards the enemy's points (their casualty
// marker).
#[test]
fn s6_9_1_a_dead_sniper_scores_for_the_enemy() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let s = l.add("vc-sniper", Side::VcNva, 30.0, 8.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    let before = l.g.points(&l.s)[0];
    l.force(&[5, 5, 5]);
    l.ok(fire(&[f], s));
    assert_eq!(
        l.g.points(&l.s)[0],
        before + l.g.rules().victory.casualty.value
    );
}

// ---- 6.10 Ambush fire ----

// 6.10: ambush against a stand passing within two stand widths while it
// moves along a trail.
#[test]
fn s6_10_ambush_on_a_trail() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 5.0, 2.0);
    let v = l.add("vc-ft", Side::VcNva, 8.5, 12.0);
    l.hide(v);
    l.ok(mv(f, 5.0, 20.0));
    let Step::Reaction(r) = l.step().clone() else {
        panic!()
    };
    let k = r
        .points
        .iter()
        .position(|q| (q.at.y - 12.0).abs() < 0.6)
        .unwrap() as u16;
    l.force(&[1, 1, 1, 1]);
    l.ok(Command::ReactiveFire {
        firers: vec![v],
        point: k,
        support: vec![],
    });
    let r = &rolls(&l.ev)[0];
    assert_eq!(r.mods[0].why, DiceWhy::AmbushRoute);
    assert_eq!(r.dice.len(), 4);
    assert!(!l.st(v).hidden, "firing gave it away");
}

// 6.10: ambush in the open between two features no more than two stand
// widths apart (a defile); the same distance in the open elsewhere gets
// nothing.
#[test]
fn s6_10_ambush_in_a_defile_only() {
    let setup = |x: f64| {
        let mut l = Lab::new();
        let f = l.add("us-ft", Side::FreeWorld, x, 26.0);
        let v = l.add("vc-ft", Side::VcNva, 53.0, 35.0);
        l.hide(v);
        (l, f, v)
    };
    let (mut l, f, v) = setup(56.25);
    l.ok(mv(f, 56.25, 45.0));
    let Step::Reaction(r) = l.step().clone() else {
        panic!()
    };
    let k = r
        .points
        .iter()
        .position(|q| (q.at.y - 35.0).abs() < 0.6)
        .unwrap() as u16;
    assert!(l.g.in_defile(&l.s, r.points[k as usize].at));
    l.force(&[1, 1, 1, 1]);
    l.ok(Command::ReactiveFire {
        firers: vec![v],
        point: k,
        support: vec![],
    });
    assert_eq!(rolls(&l.ev)[0].mods[0].why, DiceWhy::AmbushDefile);
    // In the open with no defile, at the same distance: no bonus.
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 45.0, 26.0);
    let v = l.add("vc-ft", Side::VcNva, 41.75, 35.0);
    l.hide(v);
    l.ok(mv(f, 45.0, 38.0));
    let Step::Reaction(r) = l.step().clone() else {
        panic!()
    };
    let k = r
        .points
        .iter()
        .position(|q| (q.at.y - 35.0).abs() < 0.6)
        .unwrap() as u16;
    l.force(&[1, 1, 1]);
    l.ok(Command::ReactiveFire {
        firers: vec![v],
        point: k,
        support: vec![],
    });
    assert!(rolls(&l.ev)[0].mods.is_empty());
}

// ---- 6.11 Recoilless weapons, RPGs and LAWs ----

// 6.11: an RPG team adds one die to its parent squad's fire, not at a
// target closer than one stand width.
#[test]
fn s6_11_an_rpg_adds_a_die() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 12.0);
    let rpg = l.add("vc-rpg", Side::VcNva, 32.0, 12.0);
    let f = l.add("us-ft", Side::FreeWorld, 31.0, 4.0);
    l.force(&[1, 1, 1, 1]);
    l.ok(Command::Fire {
        firers: vec![v],
        target: f,
        support: vec![rpg],
    });
    let r = &rolls(&l.ev)[0];
    assert_eq!(r.dice.len(), 4);
    assert_eq!(r.mods[0].why, DiceWhy::Rpg(rpg));
    // Too close: the target within one stand width of the RPG.
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let v = l.add("vc-ft", Side::VcNva, 29.0, 6.0);
    let rpg = l.add("vc-rpg", Side::VcNva, 31.0, 6.0);
    let f = l.add("us-ft", Side::FreeWorld, 31.0, 3.5);
    let c = Command::Fire {
        firers: vec![v],
        target: f,
        support: vec![rpg],
    };
    assert!(l.refused(c).message.contains("closer than one stand width"));
}

// 6.11: the RPG team must stay within one base width of a stand of its
// unit.
#[test]
fn s6_11_the_rpg_stays_with_its_squad() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 36.0);
    let rpg = l.add("vc-rpg", Side::VcNva, 32.0, 36.0);
    l.add("us-ft", Side::FreeWorld, 60.0, 3.0);
    assert_eq!(l.refused(mv(v, 20.0, 36.0)).rule, "CF 6.11");
    assert_eq!(l.refused(mv(rpg, 40.0, 36.0)).rule, "CF 6.11");
    l.ok(Command::Move {
        moves: vec![
            crate::StandMove {
                stand: v,
                to: p(30.0, 33.0),
                facing: None,
            },
            crate::StandMove {
                stand: rpg,
                to: p(32.0, 33.0),
                facing: None,
            },
        ],
    });
}

// 6.11: RPG/LAW teams in close combat are crew-served and do not count as
// stands engaged.
#[test]
fn s6_11_rpgs_in_close_combat_are_crew_served() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
    l.add("vc-rpg", Side::VcNva, 31.75, 8.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    l.ok(Command::CloseCombat {
        moves: vec![crate::StandMove {
            stand: f,
            to: p(30.0, 8.0),
            facing: None,
        }],
        target: v,
    });
    l.force(&[4, 4]);
    l.ok(Command::NoReaction);
    let d =
        l.ev.iter()
            .find_map(|e| match e {
                Event::CloseCombat { defender, .. } => Some(defender.clone()),
                _ => None,
            })
            .unwrap();
    assert_eq!(d.stands.len(), 2);
    assert_eq!(d.mods.len(), 1, "{:?}", d.mods);
    assert_eq!(d.mods[0].2, -1);
    assert_eq!(d.total, 3);
}

// 6.11: a LAW team adds its die only against a bunker or a substantial
// building, not a light one.
#[test]
fn s6_11_a_law_only_against_bunkers_and_brick() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 62.0, 1.5);
    let law = l.add("us-law", Side::FreeWorld, 64.0, 1.5);
    let pagoda = l.add("vc-ft", Side::VcNva, 62.0, 7.0);
    l.force(&[1, 1, 1]);
    l.ok(Command::Fire {
        firers: vec![f],
        target: pagoda,
        support: vec![law],
    });
    assert_eq!(
        rolls(&l.ev)[0]
            .mods
            .iter()
            .filter(|m| matches!(m.why, DiceWhy::Law(_)))
            .count(),
        1
    );
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 66.5, 8.0);
    let law = l.add("us-law", Side::FreeWorld, 68.5, 8.0);
    let hootch = l.add("vc-ft", Side::VcNva, 67.5, 13.5);
    let c = Command::Fire {
        firers: vec![f],
        target: hootch,
        support: vec![law],
    };
    assert!(l.refused(c).message.contains("bunker or a substantial"));
}

// 6.11: a recoilless weapon is placed on the table when it fires, even
// where hidden stands that fire stay hidden (the option), and may not fire
// from inside a bunker or building.
#[test]
fn s6_11_recoilless_back_blast() {
    let mut l = Lab::with(Setup::new("lab", 1).option("reveal-on-fire", "stays-hidden"));
    l.turn(Side::VcNva);
    let rcl = l.add("nva-rcl", Side::VcNva, 30.0, 12.0);
    let ft = l.add("vc-ft", Side::VcNva, 28.0, 12.0);
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    l.add("us-ft", Side::FreeWorld, 60.0, 3.0);
    l.hide(rcl);
    l.hide(ft);
    l.force(&[6, 6, 1]);
    l.ok(fire(&[ft], f));
    assert!(
        l.st(ft).hidden,
        "an ordinary stand stays hidden with the option"
    );
    l.force(&[6, 6, 1, 1]);
    l.ok(fire(&[rcl], f));
    assert!(!l.st(rcl).hidden);
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let rcl = l.add("nva-rcl", Side::VcNva, 41.25, 41.25);
    let f = l.add("us-ft", Side::FreeWorld, 41.25, 30.5);
    assert!(
        l.refused(fire(&[rcl], f))
            .message
            .contains("bunker or a building")
    );
}

// 6.11: anti-armour fire: an RPG destroys an ACAV on 3 or more.
#[test]
fn s6_11_rpg_against_armour() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let rpg = l.add("vc-rpg", Side::VcNva, 30.0, 12.0);
    let acav = l.add("m113-acav", Side::FreeWorld, 30.0, 3.0);
    l.add("us-ft", Side::FreeWorld, 60.0, 3.0);
    let ft = l.add("vc-ft", Side::VcNva, 28.0, 12.0);
    assert!(l.refused(fire(&[ft], acav)).message.contains("anti-armour"));
    l.force(&[3]);
    l.ok(Command::AntiTank {
        stand: rpg,
        target: acav,
    });
    assert_eq!(l.st(acav).presence, Presence::Killed);
}

// ---- 6.12 Flame weapons ----

// 6.12: flame weapons fire only directly: never reactively.
#[test]
fn s6_12_no_reactive_flame() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let v = l.add("vc-ft", Side::VcNva, 25.0, 12.0);
    let flame = l.add("us-flame", Side::FreeWorld, 25.0, 3.0);
    l.add("us-ft", Side::FreeWorld, 28.0, 3.0);
    l.ok(mv(v, 25.0, 8.0));
    assert!(matches!(l.step(), Step::Reaction(_)));
    let c = Command::ReactiveFire {
        firers: vec![flame],
        point: 0,
        support: vec![],
    };
    assert_eq!(l.refused(c).rule, "CF 6.12");
}

// 6.12: a manpack flamethrower reaches one base width, a vehicle one hand
// width; 3 or more is effective; the occupants of a field defence are
// destroyed.
#[test]
fn s6_12_flame_against_a_bunker() {
    let mut l = Lab::new();
    let far = l.add("us-flame", Side::FreeWorld, 41.25, 37.5);
    let zippo = l.add("m132-zippo", Side::FreeWorld, 47.0, 41.25);
    let v = l.add("vc-ft", Side::VcNva, 41.25, 41.25);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    l.s.stand_mut(zippo).facing = p(-1.0, 0.0);
    let c = Command::Flame {
        stand: far,
        feature: 6,
    };
    assert!(l.refused(c).message.contains("reaches 1.5"));
    l.force(&[3]);
    l.ok(Command::Flame {
        stand: zippo,
        feature: 6,
    });
    assert_eq!(l.st(v).presence, Presence::Killed);
    assert!(l.s.burning.is_empty(), "a bunker does not burn");
}

// 6.12: vegetation set on fire burns for the rest of the game: its
// occupants are put outside it in contact, and no stand may enter it. A
// failed flame loses the initiative (our reading).
#[test]
fn s6_12_burning_vegetation() {
    let mut l = Lab::new();
    let flame = l.add("us-flame", Side::FreeWorld, 15.0, 8.5);
    let v = l.add("vc-ft", Side::VcNva, 15.0, 15.0);
    let f = l.add("us-ft", Side::FreeWorld, 25.0, 15.0);
    l.hide(v);
    l.force(&[2]);
    l.ok(Command::Flame {
        stand: flame,
        feature: 0,
    });
    assert_eq!(passed(&l.ev), Some(Pass::FlameFailed));
    l.ok(Command::EndInitiative);
    l.force(&[4]);
    l.ok(Command::Flame {
        stand: flame,
        feature: 0,
    });
    assert_eq!(l.s.burning, [0]);
    assert!(!l.st(v).hidden);
    assert!(!l.g.table_of(&l.s).features[0].contains(l.st(v).at));
    // Nobody may enter burning terrain: a move into it stops at its edge.
    l.ok(mv(f, 12.0, 15.0));
    l.settle();
    assert!(
        !l.g.table_of(&l.s).features[0].contains(l.st(f).at),
        "{:?}",
        l.st(f).at
    );
}

// 6.5: the Free World may use vehicles to remove wounded: a fire team puts
// its casualty aboard an ACAV (an APC carries six), which takes it off.
#[test]
fn s6_5_a_vehicle_carries_casualties_off() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 24.0, 8.0);
    let acav = l.add("m113-acav", Side::FreeWorld, 27.0, 8.0);
    l.add("vc-ft", Side::VcNva, 66.0, 46.0);
    let m = l.casualty(Side::FreeWorld, 24.0, 9.5);
    l.ok(Command::Medevac {
        carrier: f,
        pick_up: vec![m],
        to: p(24.0, 8.0),
        facing: None,
        drop: true,
    });
    assert_eq!(l.s.markers[m as usize].place, MarkerPlace::Carried(acav));
    l.ok(Command::Medevac {
        carrier: acav,
        pick_up: vec![],
        to: p(27.0, 1.2),
        facing: None,
        drop: true,
    });
    l.settle();
    assert_eq!(l.s.markers[m as usize].place, MarkerPlace::Evacuated);
}

// 6.5: VC/NVA casualties will invariably have to be carried off by their
// comrades: no Dust Off for them.
#[test]
fn s6_5_no_dust_off_for_the_vc() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    assert_eq!(l.refused(Command::RequestDustOff).rule, "CF 6.5");
}

// 6.9: snipers remain on the playing table when they have fired.
#[test]
fn s6_9_a_sniper_stays_on_the_table_after_firing() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let s = l.add("vc-sniper", Side::VcNva, 30.0, 12.0);
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    l.hide(s);
    l.force(&[1, 1, 1]);
    l.ok(fire(&[s], f));
    assert!(l.st(s).on_table() && !l.st(s).hidden);
}

// 6.9.1: the withdrawing fire team exits the table along with any
// casualties or equipment it carries.
#[test]
fn s6_9_1_the_withdrawing_team_takes_its_casualties_off() {
    let mut l = Lab::new();
    l.turn(Side::VcNva);
    let v = l.add("vc-ft", Side::VcNva, 15.0, 44.0);
    l.add("vc-ft", Side::VcNva, 40.0, 46.0);
    l.add("us-ft", Side::FreeWorld, 60.0, 3.0);
    l.s.stand_mut(v).withdrawing = true;
    let m = l.casualty(Side::VcNva, 15.0, 42.5);
    let back = Command::Medevac {
        carrier: v,
        pick_up: vec![m],
        to: p(15.0, 40.0),
        facing: None,
        drop: false,
    };
    assert_eq!(l.refused(back).rule, "CF 6.9.1");
    l.ok(Command::Medevac {
        carrier: v,
        pick_up: vec![m],
        to: p(15.0, 47.0),
        facing: None,
        drop: false,
    });
    l.settle();
    assert_eq!(l.st(v).presence, Presence::Withdrawn);
    assert_eq!(l.s.markers[m as usize].place, MarkerPlace::Evacuated);
}

// 6.10: ambush fire as per the base rules (our reading): a hidden stand
// firing at a mover within one stand width, wherever it is.
#[test]
fn s6_10_the_base_ambush_is_point_blank() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 45.0, 26.0);
    let v = l.add("vc-ft", Side::VcNva, 42.5, 35.0);
    l.hide(v);
    l.ok(mv(f, 45.0, 38.0));
    let Step::Reaction(r) = l.step().clone() else {
        panic!()
    };
    let k = r
        .points
        .iter()
        .position(|q| (q.at.y - 35.0).abs() < 0.6)
        .unwrap() as u16;
    l.force(&[1, 1, 1, 1]);
    l.ok(Command::ReactiveFire {
        firers: vec![v],
        point: k,
        support: vec![],
    });
    assert_eq!(rolls(&l.ev)[0].mods[0].why, DiceWhy::Ambush);
}

// 6.12: only identified enemy field defences: a bunker whose occupants are
// all hidden is no flame target.
#[test]
fn s6_12_only_identified_field_defences() {
    let mut l = Lab::new();
    let flame = l.add("us-flame", Side::FreeWorld, 41.25, 38.5);
    let v = l.add("vc-ft", Side::VcNva, 41.25, 41.25);
    l.hide(v);
    let c = Command::Flame {
        stand: flame,
        feature: 6,
    };
    assert!(l.refused(c.clone()).message.contains("identified"));
    l.s.stand_mut(v).hidden = false;
    l.g.check(&l.s, &c).expect("identified now");
}

// 6.11 with the base game's anti-tank fire (our reading): +1 against a
// tank's flank or rear.
#[test]
fn s6_11_a_tank_is_weaker_in_the_flank() {
    for (x, y, bonus) in [(30.0, 14.0, 0), (38.0, 4.0, 1)] {
        let mut l = Lab::new();
        l.turn(Side::VcNva);
        let rpg = l.add("vc-rpg", Side::VcNva, x, y);
        let tank = l.add("m48", Side::FreeWorld, 30.0, 4.0);
        l.add("us-ft", Side::FreeWorld, 60.0, 3.0);
        l.force(&[4]);
        l.ok(Command::AntiTank {
            stand: rpg,
            target: tank,
        });
        let got = l.ev.iter().find_map(|e| match e {
            Event::AntiTank {
                bonus, destroyed, ..
            } => Some((*bonus, *destroyed)),
            _ => None,
        });
        assert_eq!(got, Some((bonus, bonus == 1)), "from ({x}, {y})");
    }
}
