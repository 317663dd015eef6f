//! Hidden set-up is absent from the other side's view, log reading, legal
//! list and decisions; reactive fire is offered in a way that says nothing
//! of where hidden stands are.

use crate::state::Side;
use crate::{Command, CrossfireVn};
use std::sync::Arc;
use vt_core::engine::{Reader, Ruleset, Setup};
use vt_core::session::Session;
use vt_core::tabletop::Point;

/// What the Free World may know of a game.
fn fw_knows(s: &Session<CrossfireVn>) -> (String, String, String, Vec<String>) {
    let g = &s.rules;
    let view = serde_json::to_string(&g.view(&s.state, 0)).unwrap();
    let d = g.decision(&s.state);
    let decision = format!("{:?} {} {}", d.side, d.kind, d.prompt);
    let legal = if d.side == Some(0) {
        format!("{:?}", g.legal(&s.state))
    } else {
        String::new()
    };
    let log = s
        .log()
        .iter()
        .map(|e| e.read_by(Reader::Side(0)).0.to_string())
        .collect();
    (view, decision, legal, log)
}

// Two games that differ only in where one hidden VC fire team stands: the
// Free World sees the same view, decision, legal commands and log, through
// set-up, its moves and the reactive-fire chances the VC are given.
#[test]
fn a_hidden_stand_tells_the_other_side_nothing() {
    let rules = Arc::new(CrossfireVn::embedded());
    let setup = Setup::new("trail-contact", 11);
    let base = rules.new_game(&setup).unwrap();
    let v = base.stands.iter().find(|s| s.label == "V1/3 A").unwrap().id;
    let fw = base.stands.iter().find(|s| s.label == "1/3 B").unwrap().id;
    let mut games: Vec<Session<CrossfireVn>> = [Point::new(14.0, 34.5), Point::new(66.0, 40.0)]
        .iter()
        .map(|at| {
            let mut s = Session::new(rules.clone(), setup.clone()).unwrap();
            s.apply(Command::Place {
                stand: v,
                at: *at,
                facing: Point::new(0.0, -1.0),
            })
            .unwrap();
            s.apply(Command::SetupDone).unwrap();
            s
        })
        .collect();
    assert_eq!(fw_knows(&games[0]), fw_knows(&games[1]));
    let script = [
        Command::SetupDone,
        Command::Move {
            moves: vec![crate::StandMove {
                stand: fw,
                to: Point::new(46.0, 8.0),
                facing: None,
            }],
        },
        Command::NoReaction,
        Command::EndInitiative,
    ];
    for c in script {
        for g in &mut games {
            g.apply(c.clone()).unwrap_or_else(|e| panic!("{c:?}: {e}"));
        }
        assert_eq!(fw_knows(&games[0]), fw_knows(&games[1]), "after {c:?}");
    }
}

// The view leaves hidden enemy stands out and says only how many there are.
#[test]
fn hidden_stands_are_absent_from_the_enemy_view() {
    let g = CrossfireVn::embedded();
    let s = g.new_game(&Setup::new("bunker-line", 3)).unwrap();
    let fw = g.view(&s, 0);
    let vc = g.view(&s, 1);
    assert!(fw.stands.iter().all(|x| x.side == Side::FreeWorld));
    assert_eq!(fw.enemy_hidden, 11);
    assert!(
        vc.stands
            .iter()
            .filter(|x| x.side == Side::VcNva)
            .all(|x| x.hidden)
    );
    assert_eq!(vc.enemy_hidden, 0);
}

// Reactive fire is offered at every Free World move while the VC/NVA have
// hidden stands, wherever they are; once none is hidden, only when one of
// theirs could fire.
#[test]
fn the_offer_of_reactive_fire_depends_only_on_what_the_mover_knows() {
    use super::util::*;
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 25.0, 3.0);
    let v = l.add("vc-ft", Side::VcNva, 66.0, 45.0);
    l.hide(v);
    l.ok(mv(f, 25.0, 6.0));
    assert!(matches!(l.step(), crate::step::Step::Reaction(_)));
    l.ok(Command::NoReaction);
    l.s.stand_mut(v).hidden = false;
    // In the open but out of its sight (behind the jungle): no offer.
    l.s.stand_mut(v).at = Point::new(35.0, 25.0);
    l.ok(mv(f, 25.0, 8.0));
    assert!(l.has_initiative(Side::FreeWorld));
}

// 6.9 (our option "cg-shielded", on by default): a Command Group beside a
// fire team cannot be singled out, but only a fire team the firers can see
// shields it. Counted, a hidden team beside it showed in the shots allowed
// (found by `samples_keep_what_each_side_sees`: a sample with a hidden team
// set up elsewhere allowed a shot the game refused).
#[test]
fn only_a_fire_team_the_firer_sees_shields_a_command_group() {
    use super::util::*;
    let mut l = Lab::new();
    let f = l.add("us-ft", Side::FreeWorld, 46.0, 16.0);
    let cg = l.add("vc-cg", Side::VcNva, 50.0, 22.0);
    let team = l.add("vc-ft", Side::VcNva, 51.8, 22.0);
    let shot = || fire(&[f], cg);
    // Seen beside it, the team shields it.
    assert_eq!(l.refused(shot()).rule, "CF 6.9");
    // Hidden, the firer does not know it is there: the shot is allowed,
    // as it is with the team set up far away.
    l.hide(team);
    l.g.check(&l.s, &shot())
        .expect("a hidden team does not shield");
    l.s.stand_mut(team).at = Point::new(66.0, 45.0);
    l.g.check(&l.s, &shot()).expect("nor a team far away");
}
