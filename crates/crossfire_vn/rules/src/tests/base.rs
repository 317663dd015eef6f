//! The base game as we play it: each test names the reading (CF-xx of the
//! design notes) and the value from `rules.ron` it checks.

use super::util::*;
use crate::Command;
use crate::CrossfireVn;
use crate::event::{Event, Pass};
use crate::state::{MarkerKind, Side, Status};
use crate::step::Step;
use vt_core::engine::{Ruleset, Setup};

fn fire_rolls(ev: &[Event]) -> Vec<crate::event::FireRoll> {
    ev.iter()
        .find_map(|e| match e {
            Event::Fire { rolls, .. } => Some(rolls.clone()),
            _ => None,
        })
        .expect("a fire event")
}

// CF-F1: a fire team rolls three dice, each 5 or 6 a hit; CF-F3: two hits
// suppress, and a fire that suppresses keeps the initiative.
#[test]
fn a_fire_team_rolls_three_dice_hitting_on_five() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
    l.force(&[5, 6, 4]);
    l.ok(fire(&[f], v));
    let r = &fire_rolls(&l.ev)[0];
    assert_eq!((r.base_dice, r.dice.len(), r.hit_on, r.hits), (3, 3, 5, 2));
    assert_eq!(l.st(v).status, Status::Suppressed);
    assert!(l.has_initiative(Side::FreeWorld));
}

// CF-F1: an HMG rolls four dice.
#[test]
fn an_hmg_rolls_four_dice() {
    let mut l = Lab::new();
    let f = l.add("us-m60", Side::FreeWorld, 30.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
    l.force(&[1, 1, 1, 1]);
    l.ok(fire(&[f], v));
    assert_eq!(fire_rolls(&l.ev)[0].dice.len(), 4);
}

// CF-F2: a target in protective cover takes one die off each firer.
#[test]
fn cover_takes_a_die_off() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 15.0, 5.0);
    let v = l.add("vc-ft", Side::VcNva, 15.0, 12.0);
    l.force(&[6, 6]);
    l.ok(fire(&[f], v));
    let r = &fire_rolls(&l.ev)[0];
    assert_eq!(r.dice.len(), 2);
    assert_eq!(r.mods[0].why, crate::event::DiceWhy::Cover);
    assert_eq!(l.st(v).status, Status::Suppressed);
}

// CF-F2: a bunker takes a die off and only 6s hit.
#[test]
fn a_bunker_takes_a_die_off_and_only_sixes_hit() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 41.25, 35.0);
    let v = l.add("vc-ft", Side::VcNva, 41.25, 41.25);
    l.force(&[5, 6]);
    l.ok(fire(&[f], v));
    let r = &fire_rolls(&l.ev)[0];
    assert_eq!((r.dice.len(), r.hit_on, r.hits), (2, 6, 1));
    assert_eq!(l.st(v).status, Status::Pinned);
}

// CF-F3/CF-I2: a miss or a mere pin is a failed fire: the initiative passes.
#[test]
fn a_fire_that_only_pins_loses_the_initiative() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
    l.force(&[5, 1, 1]);
    l.ok(fire(&[f], v));
    assert_eq!(l.st(v).status, Status::Pinned);
    assert!(l.has_initiative(Side::VcNva));
    assert!(l.ev.iter().any(|e| matches!(
        e,
        Event::InitiativePasses {
            why: Pass::FireFailed,
            ..
        }
    )));
}

// CF-F3: three hits kill.
#[test]
fn three_hits_kill() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    l.force(&[5, 6, 5]);
    l.ok(fire(&[f], v));
    assert!(!l.st(v).on_table());
    assert!(l.has_initiative(Side::FreeWorld));
}

// CF-F7 (option "second-suppression"): a suppression on a suppressed
// stand kills it; with "no-effect" it stays suppressed.
#[test]
fn a_second_suppression_kills_unless_the_option_says_not() {
    for (opt, killed) in [("kills", true), ("no-effect", false)] {
        let mut l =
            Lab::with(vt_core::engine::Setup::new("lab", 1).option("second-suppression", opt));
        let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
        let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
        l.add("vc-ft", Side::VcNva, 60.0, 45.0);
        l.s.stand_mut(v).status = Status::Suppressed;
        l.force(&[5, 6, 1]);
        l.ok(fire(&[f], v));
        assert_eq!(!l.st(v).on_table(), killed, "{opt}");
    }
}

// CF-V1: a stand sees into a feature that blocks sight, not through it.
#[test]
fn sight_goes_into_a_jungle_but_not_through_it() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 35.0, 5.0);
    let inside = l.add("vc-ft", Side::VcNva, 35.0, 12.0);
    let beyond = l.add("vc-ft", Side::VcNva, 35.0, 23.0);
    assert!(l.g.sees(&l.s, l.st(f), l.st(inside)));
    assert!(!l.g.sees(&l.s, l.st(f), l.st(beyond)));
    let e = l.refused(fire(&[f], beyond));
    assert_eq!(e.rule, "CF base 6.1");
}

// CF-V1: a stand inside a jungle sees out of it.
#[test]
fn a_stand_in_a_jungle_sees_out() {
    let mut l = Lab::new();
    let inside = l.add("vc-ft", Side::VcNva, 35.0, 12.0);
    let out = l.add("us-ft", Side::FreeWorld, 35.0, 3.0);
    assert!(l.g.sees(&l.s, l.st(inside), l.st(out)));
}

// CF-M1: a straight move stops where the stand enters a feature.
#[test]
fn a_move_stops_on_entering_a_feature() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 15.0, 3.0);
    l.ok(mv(f, 15.0, 30.0));
    assert!((l.st(f).at.y - 10.0).abs() < 0.02, "{:?}", l.st(f).at);
    assert_eq!(l.g.feature_at(&l.s, l.st(f).at), Some(0));
    // CF-M1: the feature it is in does not stop it again: it moves on
    // inside it and stops when it enters the next one.
    l.ok(mv(f, 15.0, 19.0));
    assert!((l.st(f).at.y - 19.0).abs() < 0.02);
}

// CF-M1: reaching a linear obstacle stops the move; the next move crosses.
#[test]
fn a_dyke_stops_a_move_and_the_next_crosses_it() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 8.0, 21.0);
    l.ok(mv(f, 8.0, 35.0));
    assert!((l.st(f).at.y - 24.25).abs() < 0.02, "{:?}", l.st(f).at);
    l.ok(mv(f, 8.0, 35.0));
    assert!((l.st(f).at.y - 35.0).abs() < 0.02, "{:?}", l.st(f).at);
}

// Base 4.0, in the move's preview: what stops a move short is named, a
// linear obstacle reached (it ends in no feature: the Suggest box once read
// "it stops at (36, 31)" for the Song Be stream), a feature entered, a
// stand of its own side in the way; a move that gets where it was aimed
// names nothing.
#[test]
fn a_move_preview_names_what_stops_it() {
    use crate::view::Stop;
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 8.0, 21.0);
    let pv = l.g.preview_move(&l.s, f, p(8.0, 35.0));
    assert_eq!(pv.ends_in, None);
    assert_eq!(pv.stopped, Some(Stop::Terrain("Dyke".into())));
    assert!((pv.to.y - 24.25).abs() < 0.02, "{:?}", pv.to);
    let g = l.add("us-ft", Side::FreeWorld, 15.0, 3.0);
    let pv = l.g.preview_move(&l.s, g, p(15.0, 30.0));
    assert_eq!(pv.ends_in.as_deref(), Some("J1"));
    assert_eq!(pv.stopped, Some(Stop::Terrain("J1".into())));
    let a = l.add("us-ft", Side::FreeWorld, 45.0, 30.0);
    let b = l.add("us-ft", Side::FreeWorld, 45.0, 34.0);
    let pv = l.g.preview_move(&l.s, a, p(45.0, 38.0));
    assert_eq!(pv.stopped, Some(Stop::Stand(l.st(b).label.clone())));
    assert!(pv.to.y < 34.0, "{:?}", pv.to);
    let pv = l.g.preview_move(&l.s, a, p(48.0, 30.0));
    assert_eq!((pv.ends_in, pv.stopped), (None, None));
}

// CF-F6: a pinned stand may not move, but may fire.
#[test]
fn a_pinned_stand_fires_but_does_not_move() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
    l.s.stand_mut(f).status = Status::Pinned;
    assert_eq!(l.refused(mv(f, 20.0, 3.0)).rule, "CF base 6.5");
    l.force(&[5, 5, 1]);
    l.ok(fire(&[f], v));
}

// CF-F6: a suppressed stand may only rally.
#[test]
fn a_suppressed_stand_only_rallies() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
    l.s.stand_mut(f).status = Status::Suppressed;
    assert_eq!(l.refused(fire(&[f], v)).rule, "CF base 6.5.2");
    // CF-K2: 4 or more rallies one step, Suppressed to Pinned.
    l.force(&[4]);
    l.ok(Command::Rally { stand: f });
    assert_eq!(l.st(f).status, Status::Pinned);
    assert!(l.has_initiative(Side::FreeWorld));
    // A failed rally loses the initiative.
    l.force(&[3]);
    l.ok(Command::Rally { stand: f });
    assert_eq!(l.st(f).status, Status::Pinned);
    assert!(l.has_initiative(Side::VcNva));
}

// CF-K1/K2: a Command Group within one stand width adds its rating.
#[test]
fn a_command_group_helps_a_rally() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    l.add("us-cg", Side::FreeWorld, 32.0, 3.0);
    l.s.stand_mut(f).status = Status::Pinned;
    l.force(&[3]);
    l.ok(Command::Rally { stand: f });
    assert_eq!(l.st(f).status, Status::Ok);
}

// CF-R1/R2: a move is offered to the other side; a reactive miss marks the
// firer NO FIRE and the move goes on.
#[test]
fn a_reactive_miss_marks_no_fire_and_the_move_goes_on() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 25.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 25.0, 8.0);
    l.ok(mv(f, 5.5, 3.0));
    let Step::Reaction(r) = l.step().clone() else {
        panic!("no reaction offered: {:?}", l.step());
    };
    assert_eq!(r.side, Side::VcNva);
    assert!(l.g.decision(&l.s).interrupt);
    l.force(&[1, 2, 3]);
    l.ok(Command::ReactiveFire {
        firers: vec![v],
        point: 2,
        support: vec![],
    });
    assert!(l.st(v).no_fire);
    assert!(l.has_initiative(Side::FreeWorld));
    assert!((l.st(f).at.x - 5.5).abs() < 0.02, "{:?}", l.st(f).at);
    // CF6.2.1: a NO FIRE stand may not fire again until the initiative changes.
    l.ok(mv(f, 5.5, 8.0));
    assert!(l.has_initiative(Side::FreeWorld), "no reaction possible");
    l.ok(Command::EndInitiative);
    assert!(!l.st(v).no_fire);
}

// CF-R3: a reactive pin stops the mover where it was hit.
#[test]
fn a_reactive_pin_stops_the_mover() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 25.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 25.0, 8.0);
    l.ok(mv(f, 5.5, 3.0));
    let Step::Reaction(r) = l.step().clone() else {
        panic!()
    };
    l.force(&[6, 1, 1]);
    l.ok(Command::ReactiveFire {
        firers: vec![v],
        point: 1,
        support: vec![],
    });
    assert_eq!(l.st(f).status, Status::Pinned);
    assert_eq!(l.st(f).at, r.points[1].at);
    assert!(!l.st(v).no_fire, "a pin is no miss (C20 default)");
    assert!(l.has_initiative(Side::FreeWorld));
}

// C20 option: NO FIRE on a miss or a pin.
#[test]
fn the_no_fire_option_reads_a_pin_as_a_miss() {
    let mut l =
        Lab::with(vt_core::engine::Setup::new("lab", 1).option("no-fire-on", "miss-or-pin"));
    let f = l.add("us-ft", Side::FreeWorld, 25.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 25.0, 8.0);
    l.ok(mv(f, 5.5, 3.0));
    l.force(&[6, 1, 1]);
    l.ok(Command::ReactiveFire {
        firers: vec![v],
        point: 1,
        support: vec![],
    });
    assert!(l.st(v).no_fire);
}

// CF-R3: a reactive suppression stops the mover and seizes the initiative.
#[test]
fn a_reactive_suppression_seizes_the_initiative() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 25.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 25.0, 8.0);
    l.ok(mv(f, 5.5, 3.0));
    l.force(&[6, 6, 1]);
    l.ok(Command::ReactiveFire {
        firers: vec![v],
        point: 0,
        support: vec![],
    });
    assert_eq!(l.st(f).status, Status::Suppressed);
    assert!(l.has_initiative(Side::VcNva));
}

// CF-M4 (option): a stand needs sight of its Command Group to move.
#[test]
fn command_and_control_needs_sight_of_the_command_group() {
    for (opt, refused) in [("on", true), ("off", false)] {
        let mut l = Lab::with(vt_core::engine::Setup::new("lab", 1).option("command-control", opt));
        let f = l.add("us-ft", Side::FreeWorld, 35.0, 3.0);
        l.add("us-cg", Side::FreeWorld, 35.0, 25.0);
        let c = mv(f, 25.0, 3.0);
        assert_eq!(l.g.check(&l.s, &c).is_err(), refused, "{opt}");
    }
}

// CF-I4: the moving clock rolls at the end of each defender initiative.
#[test]
fn the_clock_moves_on_a_five_at_the_end_of_a_defender_initiative() {
    let mut l = Lab::new();
    l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    l.ok(Command::EndInitiative);
    assert_eq!(l.s.clock, 420, "no roll at the end of the attacker's");
    l.force(&[4]);
    l.ok(Command::EndInitiative);
    assert_eq!(l.s.clock, 420);
    l.ok(Command::EndInitiative);
    l.force(&[5]);
    l.ok(Command::EndInitiative);
    assert_eq!(l.s.clock, 450);
}

// CF-V4: the attacker holding its objective four initiatives running wins.
#[test]
fn holding_the_objective_four_initiatives_ends_the_game() {
    let mut l = Lab::new();
    l.add("us-ft", Side::FreeWorld, 4.0, 46.0);
    l.add("vc-ft", Side::VcNva, 60.0, 20.0);
    for _ in 0..3 {
        l.ok(Command::EndInitiative);
        l.force(&[1]);
        l.ok(Command::EndInitiative);
    }
    assert_eq!(l.s.held, 3);
    l.ok(Command::EndInitiative);
    assert_eq!(l.s.end, Some(crate::state::End::ObjectiveHeld));
    let o = l.g.outcome(&l.s);
    assert_eq!(o.result.as_deref(), Some("free-world"));
}

// S13 as a scenario may amend it: a Hold objective scores the defender
// the rules' objective value when the attacker does not hold it, unless
// the scenario sets what denying it is worth (Bunker Line: nothing). The
// attacker's points for holding it do not change.
#[test]
fn a_scenario_may_give_the_defender_nothing_for_denying_its_objective() {
    let mut l = Lab::new();
    l.add("us-ft", Side::FreeWorld, 4.0, 46.0);
    let v = l.add("vc-ft", Side::VcNva, 6.0, 46.0);
    let obj = l.g.rules().victory.objective.value;
    assert_eq!(l.g.points(&l.s), [0, obj], "contested: the defender's");
    for sc in l.g.data.scenarios.iter_mut().filter(|x| x.id == "lab") {
        sc.objectives[0].denied = Some(0);
    }
    assert_eq!(l.g.points(&l.s), [0, 0], "denied, worth nothing");
    l.s.stand_mut(v).at = p(60.0, 20.0);
    assert_eq!(l.g.points(&l.s), [obj, 0], "held, worth the rules' value");
    // The search's reading of the approach is half the swing either way:
    // taking a line worth 10 to the attacker and nothing to the defender
    // swings the margin by 10, not 20.
    l.s.stand_mut(v).at = p(6.0, 46.0);
    let near = l.g.approach(&l.s);
    assert!(near > 0.0 && near <= 0.25 * obj as f64, "{near}");
}

// The shipped scenarios: Bunker Line's NVA score nothing for the line
// (its own victory terms), so the game starts level; Trail Contact's VC
// are ahead by the ford's 10 points until the Free World takes it.
#[test]
fn bunker_line_starts_level_and_trail_contact_does_not() {
    let g = CrossfireVn::embedded();
    let start = |id: &str| {
        let s = g.new_game(&Setup::new(id, 1)).expect("sets up");
        g.points(&s)
    };
    let obj = g.rules().victory.objective.value;
    assert_eq!(start("bunker-line"), [0, 0]);
    assert_eq!(start("trail-contact"), [0, obj]);
}

// CF-C2 with forced dice: 5 against 2, the defender dies.
#[test]
fn close_combat_with_forced_dice() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    l.ok(Command::CloseCombat {
        moves: vec![crate::StandMove {
            stand: f,
            to: p(30.0, 8.0),
            facing: None,
        }],
        target: v,
    });
    l.force(&[5, 2]);
    l.ok(Command::NoReaction);
    assert!(!l.st(v).on_table());
    assert!(l.s.markers.iter().any(|m| m.kind == MarkerKind::Casualty));
    assert!(l.has_initiative(Side::FreeWorld));
}

// CF-M5/CF8.4: a building holds two fire teams or weapons; a Command
// Group takes no place.
#[test]
fn a_hootch_holds_two_fire_teams() {
    let mut l = Lab::new();
    l.add("us-ft", Side::FreeWorld, 66.75, 14.25);
    l.add("us-ft", Side::FreeWorld, 68.25, 14.25);
    let c = l.add("us-ft", Side::FreeWorld, 67.5, 9.0);
    assert_eq!(l.refused(mv(c, 67.5, 13.5)).rule, "CF base 8.4");
    let g = l.add("us-cg", Side::FreeWorld, 63.0, 10.5);
    l.s.stand_mut(c).at = p(67.5, 5.0);
    l.ok(mv(g, 67.5, 12.5));
    assert!(l.g.feature_at(&l.s, l.st(g).at).is_some());
}

// CF-M3: stands within one stand width of each other move as a group.
#[test]
fn a_group_moves_together() {
    let mut l = Lab::new();
    let a = l.add("us-ft", Side::FreeWorld, 25.0, 3.0);
    let b = l.add("us-ft", Side::FreeWorld, 27.0, 3.0);
    let far = l.add("us-ft", Side::FreeWorld, 40.0, 3.0);
    let group = |stands: &[(u16, f64)]| Command::Move {
        moves: stands
            .iter()
            .map(|(s, x)| crate::StandMove {
                stand: *s,
                to: p(*x, 6.0),
                facing: None,
            })
            .collect(),
    };
    l.ok(group(&[(a, 25.0), (b, 27.0)]));
    assert!((l.st(a).at.y - 6.0).abs() < 0.02 && (l.st(b).at.y - 6.0).abs() < 0.02);
    assert_eq!(
        l.refused(group(&[(a, 25.0), (far, 40.0)])).rule,
        "CF base 4.2"
    );
}

// CF7.1: an observer's barrage: four dice at each stand within one stand
// width of the aim, one die off in cover from barrages.
#[test]
fn a_barrage_rolls_four_dice_each() {
    let mut l = Lab::new();
    let o = l.add("us-fo", Side::FreeWorld, 30.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 30.0, 8.0);
    l.force(&[5, 5, 5, 1]);
    l.ok(Command::CallFire {
        observer: o,
        at: p(30.0, 8.0),
        smoke: false,
    });
    assert!(!l.st(v).on_table());
    let rolls =
        l.ev.iter()
            .find_map(|e| match e {
                Event::Barrage { rolls, .. } => Some(rolls.clone()),
                _ => None,
            })
            .unwrap();
    assert_eq!(rolls[0].dice.len(), 4);
}

// Every scenario's stands stand where the rules let them stand.
#[test]
fn scenario_set_ups_are_legal() {
    let g = crate::CrossfireVn::embedded();
    for sc in g.info().scenarios {
        let s = g.new_game(&vt_core::engine::Setup::new(&sc.id, 1)).unwrap();
        for st in s.on_table() {
            g.check_standing(&s, st, st.at, st.facing, "set-up")
                .unwrap_or_else(|e| panic!("{}: {}: {e}", sc.id, st.label));
        }
        let legs: Vec<crate::step::Leg> = s
            .on_table()
            .map(|st| crate::step::Leg {
                stand: st.id,
                from: st.at,
                to: st.at,
                facing: st.facing,
                exit: false,
            })
            .collect();
        for side in [Side::FreeWorld, Side::VcNva] {
            let mine: Vec<_> = legs
                .iter()
                .filter(|l| s.stand(l.stand).side == side)
                .cloned()
                .collect();
            g.check_attachments(&s, &mine)
                .unwrap_or_else(|e| panic!("{}: {e}", sc.id));
        }
    }
}

// CF7.1 smoke: blocks sight through it until the end of the enemy's next
// initiative.
#[test]
fn smoke_blocks_sight_until_the_enemy_initiative_ends() {
    let mut l = Lab::new();
    let o = l.add("us-fo", Side::FreeWorld, 25.0, 3.0);
    let f = l.add("us-ft", Side::FreeWorld, 27.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 27.0, 9.0);
    assert!(l.g.sees(&l.s, l.st(f), l.st(v)));
    l.ok(Command::CallFire {
        observer: o,
        at: p(27.0, 6.0),
        smoke: true,
    });
    assert!(!l.g.sees(&l.s, l.st(f), l.st(v)));
    assert!(l.has_initiative(Side::FreeWorld), "smoke never fails");
    l.ok(Command::EndInitiative);
    assert!(!l.g.sees(&l.s, l.st(f), l.st(v)));
    l.ok(Command::EndInitiative);
    assert!(l.g.sees(&l.s, l.st(f), l.st(v)));
}

// The log: a fire's dice are shown as rolled, each judged alone against
// 5 or 6 (6.4: no sum); what changed the number of dice is said with its
// section; the result counts the hits.
#[test]
fn a_fire_in_the_log_judges_each_die_alone() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 15.0, 5.0);
    let v = l.add("vc-ft", Side::VcNva, 15.0, 12.0);
    l.force(&[4, 6]);
    l.ok(fire(&[f], v));
    let e =
        l.ev.iter()
            .find(|e| matches!(e, Event::Fire { .. }))
            .unwrap();
    let entry = l.g.describe_in(&l.s, e);
    let a = &entry.adjudications[0];
    assert_eq!(a.rolled, [4, 6]);
    assert_eq!(a.each_die_needs, Some(5));
    assert_eq!((a.die_hits(0), a.die_hits(1)), (Some(false), Some(true)));
    // The total is the count of hits, and no screen adds the dice up.
    assert_eq!(a.total, 1);
    assert!(!a.shows_total());
    assert!(a.modifiers.is_empty());
    assert!(
        a.purpose
            .contains("target in cover -1 (CF base 6.4): 2 dice"),
        "{}",
        a.purpose
    );
    assert_eq!(
        a.needed.as_deref(),
        Some("5 or more on each die, each die judged alone; 1 hit pins, 2 suppress, 3 kill")
    );
    assert_eq!(a.result, "1 hit: Pinned");
    assert!(
        a.summary().contains("rolled 4 6 (5+ each: 1 hit)"),
        "{}",
        a.summary()
    );
    assert_eq!(a.rule, "CF 6.4");
}

// CF8.0 (+1 for each stand past the first) with CF4.2 (a group moves
// when each stand is within one stand width of another): fire teams side
// by side are offered a close assault together, and it is legal.
#[test]
fn stands_side_by_side_are_offered_an_assault_together() {
    let mut l = Lab::new();
    l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    l.add("us-ft", Side::FreeWorld, 32.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 31.0, 8.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    let legal = vt_core::engine::Ruleset::legal(&l.g, &l.s);
    let together: Vec<&Command> = legal
        .iter()
        .filter(|c| matches!(c, Command::CloseCombat { moves, target } if moves.len() == 2 && *target == v))
        .collect();
    assert!(!together.is_empty(), "no assault by two offered: {legal:?}");
    let c = together[0].clone();
    l.ok(c);
    l.force(&[2, 2]);
    l.ok(Command::NoReaction);
    l.ok(Command::NoReaction);
    let fought = l.ev.iter().find_map(|e| match e {
        Event::CloseCombat { attacker, .. } => Some(attacker.clone()),
        _ => None,
    });
    let rolled = fought.expect("the close combat is fought");
    assert_eq!(rolled.stands.len(), 2, "{rolled:?}");
    assert!(!l.st(v).on_table(), "2 + 1 beats 2");
}

// CF8.0: a stand may assault an enemy that is not straight ahead of it:
// it goes in facing the enemy. (Swept as it stood, a stand coming in at a
// slant ended on the target and the assault was refused.)
#[test]
fn a_stand_assaults_an_enemy_off_to_one_side() {
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 30.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 33.0, 8.0);
    l.add("vc-ft", Side::VcNva, 60.0, 45.0);
    let c = Command::CloseCombat {
        moves: vec![crate::StandMove {
            stand: f,
            to: p(33.0, 8.0),
            facing: None,
        }],
        target: v,
    };
    assert!(vt_core::engine::Ruleset::legal(&l.g, &l.s).contains(&c));
    l.ok(c);
    l.force(&[5, 2]);
    l.ok(Command::NoReaction);
    assert!(!l.st(v).on_table(), "the assault was fought and won");
}
