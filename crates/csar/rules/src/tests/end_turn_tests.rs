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

/// CSAR 4.4.5 steps 1-9 as printed, each step over the whole board before
/// the next: the reference for the one-pass segment.
fn adjust_step_by_step(s: &mut State, ev: &mut Vec<Event>, shuttle: bool) {
    use crate::event::Adjust;
    // 1. Hit markers off.
    for g in s.guns.iter_mut() {
        g.hits = 0;
    }
    for z in s.zones.iter_mut() {
        z.too_hits = 0;
    }
    ev.push(Event::Adjusted {
        step: Adjust::HitMarkersRemoved,
    });
    // 2. TWO sides off.
    for g in s.guns.iter_mut() {
        if g.mark == 2 {
            g.mark = 0;
        }
    }
    for z in s.zones.iter_mut() {
        if z.cs == 2 {
            z.cs = 0;
        }
        if z.too_mark == 2 {
            z.too_mark = 0;
        }
        z.smoke_two = 0;
    }
    ev.push(Event::Adjusted {
        step: Adjust::TwoSidesRemoved,
    });
    // 3. ONE sides flipped to TWO.
    for g in s.guns.iter_mut() {
        if g.mark == 1 {
            g.mark = 2;
        }
    }
    for z in s.zones.iter_mut() {
        if z.cs == 1 {
            z.cs = 2;
        }
        if z.too_mark == 1 {
            z.too_mark = 2;
        }
        z.smoke_two = z.smoke_one;
        z.smoke_one = 0;
    }
    ev.push(Event::Adjusted {
        step: Adjust::OneSidesFlipped,
    });
    // 4. Suppressed guns active again (CS Gas keeps its zone suppressed, 9.2).
    for g in s.guns.iter_mut() {
        g.suppressed = s.zones[g.zone.index()].cs > 0;
    }
    ev.push(Event::Adjusted {
        step: Adjust::GunsActive,
    });
    // 5. Fired guns unrotated.
    for g in s.guns.iter_mut() {
        g.fired = false;
    }
    ev.push(Event::Adjusted {
        step: Adjust::GunsUnrotated,
    });
    // 6. EXIT Fast Movers to the Pool.
    for a in s.aircraft.iter_mut() {
        if a.kind == AircraftKind::FastMover
            && a.exit
            && matches!(a.place, Place::Orbit | Place::Zone(_))
        {
            a.place = Place::Pool;
            a.exit = false;
        }
    }
    ev.push(Event::Adjusted {
        step: Adjust::ExitFastMoversToPool,
    });
    // 7. Fast Movers on the map to the Orbit Box.
    for a in s.aircraft.iter_mut() {
        if a.kind == AircraftKind::FastMover && matches!(a.place, Place::Zone(_)) {
            a.place = Place::Orbit;
        }
    }
    ev.push(Event::Adjusted {
        step: Adjust::FastMoversToOrbit,
    });
    // 8. Fast Movers in the Orbit Box to EXIT (7.4: to the Pool, early on).
    for (i, a) in s.aircraft.iter_mut().enumerate() {
        if a.kind == AircraftKind::FastMover && a.place == Place::Orbit {
            if shuttle {
                a.place = Place::Pool;
                a.exit = false;
                ev.push(Event::FastMoverToPool { aircraft: i as u8 });
            } else {
                a.exit = true;
            }
        }
    }
    ev.push(Event::Adjusted {
        step: Adjust::FastMoversToExit,
    });
    // 9. Shaken aircraft in the Orbit Box recover.
    for a in s.aircraft.iter_mut() {
        if a.place == Place::Orbit {
            a.shaken = false;
        }
    }
    ev.push(Event::Adjusted {
        step: Adjust::OrbitAircraftCool,
    });
}

/// Sets the sides of the markers and guns of `s` from `n`, so that
/// positions differ in their CS Gas, marks, smoke, hits and gun states.
fn vary_markers(s: &mut State, n: usize) {
    for (i, z) in s.zones.iter_mut().enumerate() {
        let k = n + i;
        z.cs = (k % 3) as u8;
        z.too_mark = (k / 3 % 3) as u8;
        z.smoke_one = (k / 9 % 2) as u8;
        z.smoke_two = (k / 2 % 2) as u8;
        z.too_hits = (k % 4) as u8;
    }
    for (i, g) in s.guns.iter_mut().enumerate() {
        let k = n + 2 * i;
        g.mark = (k % 3) as u8;
        g.hits = (k % 2) as u8;
        g.suppressed = k % 5 < 2;
        g.fired = k % 7 < 3;
    }
}

/// CSAR 4.4.5: the Marker Adjustment Segment's steps 1-9 are taken in the
/// printed order. The one pass over the board (each piece through every
/// step) leaves the board and the log exactly as the steps taken one after
/// the other, in every position random games of every scenario reach,
/// with and without 7.4's Fast Mover shuttle; the positions include CS
/// Gas, marks, smoke, hits, fired and suppressed guns and shaken aircraft.
#[test]
fn marker_adjustment_in_one_pass_is_the_printed_order() {
    use vt_core::digest::digest;
    use vt_core::playout::{Policy, RandomPolicy};
    let c = csar();
    let (mut positions, mut changed, mut cs, mut to_pool) = (0, 0, 0, 0);
    for sc in c.info().scenarios {
        for seed in 0..12u64 {
            let mut s = new(&c, &sc.id, 500 + seed);
            let mut p = RandomPolicy::new(seed);
            while s.result.is_none() {
                // The position as reached, and with its markers' sides
                // varied (random play seldom lays CS Gas).
                let mut varied = s.clone();
                vary_markers(&mut varied, positions);
                for (shuttle, s) in [(false, &s), (true, &s), (false, &varied), (true, &varied)] {
                    let (mut a, mut b) = (s.clone(), s.clone());
                    let (mut ea, mut eb) = (Vec::new(), Vec::new());
                    c.adjust_markers_1_to_9(&mut a, &mut ea, shuttle);
                    adjust_step_by_step(&mut b, &mut eb, shuttle);
                    assert_eq!(ea, eb, "{} seed {seed}: the log", sc.id);
                    assert_eq!(digest(&a), digest(&b), "{} seed {seed}: the board", sc.id);
                    positions += 1;
                    changed += usize::from(digest(&a) != digest(&s));
                    cs += usize::from(s.zones.iter().any(|z| z.cs > 0));
                    to_pool += usize::from(
                        eb.iter()
                            .any(|e| matches!(e, Event::FastMoverToPool { .. })),
                    );
                }
                let legal = c.legal(&s);
                let k = Policy::<Csar>::choose(&mut p, &c, &s, &legal);
                apply(&c, &mut s, legal[k]);
            }
        }
    }
    assert!(
        positions > 4000 && changed > 1000 && cs > 1000 && to_pool > 100,
        "{positions} positions, {changed} changed, {cs} with CS Gas, {to_pool} to the Pool"
    );
}
