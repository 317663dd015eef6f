//! CSAR 4.4 End Turn Phase and 5.0 Ending the Game.

use super::*;
use crate::command::Command;
use crate::components::{AircraftKind, Place, SurvivorAt, Zone};
use crate::data::{Icon, ZoneMarkerKind};
use crate::event::{Adjust, Event};
use crate::state::{EndReason, GameResult};

#[test]
fn bomb_damage_one_draw_per_hit_a_blast_destroys() {
    // CSAR 4.4.1: one draw per Hit; a blast removes the gun; Abort one toward 0.
    let c = csar();
    let mut s = blank(&c, 5);
    s.abort = 2;
    gun(&c, &mut s, "ZPU", Zone::North);
    s.guns[0].hits = 2;
    let x = res(&c, Icon::Crosshairs);
    let b = res(&c, Icon::Blast);
    stack(&mut s, &[x[0], b[0]]);
    let mut ev = Vec::new();
    c.end_turn(&mut s, &mut ev);
    assert!(has(&ev, |e| matches!(
        e,
        Event::BombDamage {
            draws: 2,
            destroyed: true,
            ..
        }
    )));
    assert!(s.guns.is_empty());
    assert_eq!(s.abort, 1);
}

#[test]
fn entrenchment_draws_one_less_but_at_least_one() {
    // CSAR 9.3 Entrenchment: one card fewer in Bomb Damage Assessment, minimum one.
    let c = csar();
    let mut s = blank(&c, 5);
    s.zones[Zone::North.index()].markers = ZoneMarkerKind::Entrenchment.bit();
    gun(&c, &mut s, "ZPU", Zone::North);
    gun(&c, &mut s, "DShK", Zone::North);
    s.guns[0].hits = 3;
    s.guns[1].hits = 1;
    let x = res(&c, Icon::Crosshairs);
    stack(&mut s, &x[..3]);
    let mut ev = Vec::new();
    c.end_turn(&mut s, &mut ev);
    assert!(has(&ev, |e| matches!(
        e,
        Event::BombDamage {
            draws: 2,
            destroyed: false,
            ..
        }
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::BombDamage {
            draws: 1,
            destroyed: false,
            ..
        }
    )));
}

#[test]
fn enemy_search_draws_the_search_value_less_burned_cards() {
    // CSAR 4.4.2: draws equal to the Search marker; burning hand cards draws
    // fewer, never below one; a rifle captures a Survivor.
    let c = csar();
    let mut s = blank(&c, 5);
    s.search = 3;
    let h: Vec<u8> = (0..3).map(|_| action(&c, &mut s, "Attack")).collect();
    s.hand = h.clone();
    let rifle = res(&c, Icon::Rifle)[0];
    stack(&mut s, &[rifle]);
    let mut ev = Vec::new();
    c.end_turn(&mut s, &mut ev);
    assert_eq!(s.step, Step::SearchBurn);
    apply(&c, &mut s, Command::Burn(h[0]));
    let mut probe = s.clone();
    probe.burned = 2;
    assert_eq!(
        c.check(&probe, &Command::Burn(h[2])).unwrap_err().rule,
        "CSAR 4.4.2"
    );
    // The second burn leaves one draw: nothing more to decide, the search is drawn.
    let ev = apply(&c, &mut s, Command::Burn(h[1]));
    assert!(has(&ev, |e| matches!(
        e,
        Event::SearchCheck {
            draws: 1,
            burned: 2
        }
    )));
    assert!(has(&ev, |e| *e == Event::Captured { survivor: 0 }));
    // All Survivors captured: the game ends at once, a loss.
    assert_eq!(s.end, Some(EndReason::NoSurvivorsOnMap));
    assert_eq!(s.result, Some(GameResult::Loss));
}

#[test]
fn abort_check_only_with_a_survivor_on_the_map_and_abort_above_zero() {
    // CSAR 4.4.3: skipped with no stranded Survivor or Abort at 0; else
    // draws equal to the Abort marker; a rifle aborts: a loss.
    let c = csar();
    let mut s = blank(&c, 5);
    let mut ev = Vec::new();
    c.abort_check_start(&mut s, &mut ev);
    assert!(has(&ev, |e| *e == Event::AbortCheckSkipped));
    s.abort = 2;
    let rifle = res(&c, Icon::Rifle)[0];
    let blank_card = res(&c, Icon::Blast)[0];
    stack(&mut s, &[blank_card, rifle]);
    s.step = Step::AutoAbortCheck;
    let ev = run(&c, &mut s);
    assert!(has(&ev, |e| matches!(
        e,
        Event::AbortCheck { draws: 2, .. }
    )));
    assert!(has(&ev, |e| *e == Event::MissionAborted));
    assert_eq!(s.result, Some(GameResult::Loss));
}

#[test]
fn auto_abort_ends_the_game_at_once() {
    // CSAR 2.1.1: the Abort marker reaching Auto Abort ends the game: a loss.
    let c = csar();
    let mut s = blank(&c, 5);
    s.abort = s.limits.auto_abort - 1;
    let mut ev = Vec::new();
    c.move_abort(&mut s, &mut ev, 2, crate::event::AbortWhy::Destroyed);
    assert_eq!(s.end, Some(EndReason::AutoAbort));
    assert!(s.tally.reached_auto_abort);
    c.advance(&mut s, &mut ev);
    assert_eq!(s.result, Some(GameResult::Loss));
    // The game-over text says who won and why, with the rule.
    let (r, why) = c.mission_verdict(&s);
    assert_eq!(r, GameResult::Loss);
    assert!(why.starts_with("The enemy wins (5.0)"), "{why}");
    assert!(why.contains("Auto Abort, 2.1.1"), "{why}");
}

#[test]
fn the_verdict_names_what_fell_short_of_a_win() {
    // CSAR 5.0: every Survivor off the map and no aircraft destroyed is a
    // win; one still aboard a helicopter when the game ends is a draw.
    let c = csar();
    let mut s = blank(&c, 5);
    for v in s.survivors.iter_mut() {
        v.at = crate::components::SurvivorAt::OffMap;
    }
    let (r, why) = c.mission_verdict(&s);
    assert_eq!(r, GameResult::Win, "{why}");
    assert!(why.starts_with("You win (5.0)"), "{why}");
    s.survivors[0].at = crate::components::SurvivorAt::Aboard(0);
    let (r, why) = c.mission_verdict(&s);
    assert_eq!(r, GameResult::Draw);
    assert!(why.contains("still aboard a helicopter"), "{why}");
    assert_eq!(r, c.mission_result(&s));
}

#[test]
fn deck_cleanup_and_marker_adjustment_in_order() {
    // CSAR 4.4.4: the hand is discarded. 4.4.5: the twelve adjustments in order.
    let c = csar();
    let mut s = blank(&c, 5);
    let card = action(&c, &mut s, "Attack");
    s.hand = vec![card];
    put(&mut s, FM8, Place::Zone(Zone::North));
    put(&mut s, FM9, Place::Orbit);
    s.aircraft[FM9 as usize].exit = true;
    put(&mut s, SANDY1, Place::Orbit);
    s.aircraft[SANDY1 as usize].shaken = true;
    gun(&c, &mut s, "ZPU", Zone::North);
    s.guns[0].suppressed = true;
    s.guns[0].fired = true;
    s.guns[0].hits = 1;
    let mut ev = Vec::new();
    c.cleanup_and_adjust(&mut s, &mut ev);
    assert!(s.hand.is_empty() && s.action.discards.contains(&card));
    let steps: Vec<Adjust> = ev
        .iter()
        .filter_map(|e| {
            if let Event::Adjusted { step } = e {
                Some(*step)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        steps,
        vec![
            Adjust::HitMarkersRemoved,
            Adjust::TwoSidesRemoved,
            Adjust::OneSidesFlipped,
            Adjust::GunsActive,
            Adjust::GunsUnrotated,
            Adjust::ExitFastMoversToPool,
            Adjust::FastMoversToOrbit,
            Adjust::FastMoversToExit,
            Adjust::OrbitAircraftCool,
            Adjust::BarragesShake,
            Adjust::SearchAdvanced,
            Adjust::TurnAdvanced,
        ]
    );
    let g = s.guns[0];
    assert!(!g.suppressed && !g.fired && g.hits == 0);
    assert_eq!(
        s.aircraft[FM9 as usize].place,
        Place::Pool,
        "EXIT Fast Mover to the Pool"
    );
    assert_eq!(s.aircraft[FM8 as usize].place, Place::Orbit);
    assert!(s.aircraft[FM8 as usize].exit, "then flipped to EXIT");
    assert!(!s.aircraft[SANDY1 as usize].shaken);
    assert_eq!(s.search, 1);
    assert_eq!(s.turn, 2);
}

#[test]
fn a_fast_mover_flies_two_turns() {
    // CSAR 2.1.3: requested (ENTER), flies, goes EXIT, flies again, back to the Pool.
    let c = csar();
    let mut s = blank(&c, 5);
    put(&mut s, FM8, Place::Orbit);
    let mut ev = Vec::new();
    c.cleanup_and_adjust(&mut s, &mut ev);
    assert!(s.aircraft[FM8 as usize].exit && s.aircraft[FM8 as usize].place == Place::Orbit);
    c.cleanup_and_adjust(&mut s, &mut ev);
    assert_eq!(s.aircraft[FM8 as usize].place, Place::Pool);
}

#[test]
fn the_turn_limit_ends_the_game() {
    // CSAR 5.0: the scenario's turn limit has passed; stranded Survivors: a loss.
    let c = csar();
    let mut s = blank(&c, 5);
    s.turn = s.last_turn;
    let mut ev = Vec::new();
    c.cleanup_and_adjust(&mut s, &mut ev);
    assert_eq!(s.end, Some(EndReason::TurnLimit));
    assert_eq!(c.mission_result(&s), GameResult::Loss);
}

#[test]
fn victory_draw_and_loss() {
    // CSAR 5.0: all off the map and nothing destroyed: win; one still aboard a
    // helicopter: draw; one captured or killed: loss; an aircraft destroyed
    // spoils a win.
    let c = csar();
    let mut s = blank(&c, 5);
    s.survivors[0].at = SurvivorAt::OffMap;
    assert_eq!(c.mission_result(&s), GameResult::Win);
    s.tally.destroyed = 1;
    assert_eq!(c.mission_result(&s), GameResult::Draw);
    s.tally.destroyed = 0;
    put(&mut s, HELO5, Place::Zone(Zone::North));
    s.survivors[0].at = SurvivorAt::Aboard(HELO5);
    assert_eq!(c.mission_result(&s), GameResult::Draw);
    s.survivors[0].at = SurvivorAt::Captured;
    assert_eq!(c.mission_result(&s), GameResult::Loss);
}

#[test]
fn only_destroyed_helicopters_end_the_game() {
    // CSAR 5.0: the game ends when all helicopters are destroyed, "as
    // opposed to shot down" (5.0's victory; 4.3.3 E tells the two apart):
    // with every helicopter shot down the game goes on.
    let c = csar();
    let mut s = blank(&c, 5);
    let helis: Vec<usize> = (0..s.aircraft.len())
        .filter(|&i| s.aircraft[i].kind == AircraftKind::Helicopter)
        .collect();
    for &i in &helis {
        s.aircraft[i].place = Place::Removed;
    }
    let mut ev = Vec::new();
    c.check_end(&mut s, &mut ev);
    assert_eq!(s.end, None, "shot down, not destroyed: the game goes on");
    s.aircraft[helis[0]].destroyed = true;
    c.check_end(&mut s, &mut ev);
    assert_eq!(s.end, None, "one helicopter is only shot down");
    for &i in &helis {
        s.aircraft[i].destroyed = true;
    }
    c.check_end(&mut s, &mut ev);
    assert_eq!(s.end, Some(EndReason::AllHelicoptersDestroyed));
}

#[test]
fn an_exfil_team_still_rescues_when_every_helicopter_is_shot_down() {
    // CSAR 5.0 and the Exfil Team card (2.2.2): shot-down helicopters do
    // not end the game, so a Healthy Survivor in an Outer Zone can still be
    // walked off the map; nothing destroyed: a win.
    let c = csar();
    let mut s = blank(&c, 5);
    s.survivors[0].at = SurvivorAt::Stranded(Zone::North);
    for a in s.aircraft.iter_mut() {
        if a.kind == AircraftKind::Helicopter {
            a.place = Place::Removed;
        }
    }
    s.tally.shot_down = 2;
    let exfil = action(&c, &mut s, "Exfil Team");
    s.hand.push(exfil);
    until(&c, &mut s, crate::state::Step::Commands);
    assert_eq!(s.end, None);
    let ev = apply(
        &c,
        &mut s,
        Command::PlayCommand {
            card: exfil,
            target: crate::command::CommandTarget::Exfil {
                survivor: 0,
                via: None,
            },
        },
    );
    assert!(has(&ev, |e| matches!(e, Event::OffMap { survivor: 0 })));
    assert_eq!(s.end, Some(EndReason::NoSurvivorsOnMap));
    assert_eq!(c.mission_result(&s), GameResult::Win);
}
