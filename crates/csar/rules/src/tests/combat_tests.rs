//! CSAR 4.3.1 Move, 4.3.2 Assign, 4.3.4 Play, 4.3.5 Rescue.

use super::*;
use crate::command::{Command, Dest, Target};
use crate::components::{Place, SurvivorAt, Zone};
use crate::data::{Icon, MarkerValue};
use crate::event::Event;
use crate::state::Assigned;

#[test]
fn four_aircraft_per_zone_and_no_fast_mover_with_a_helicopter() {
    // CSAR 4.3.1: a zone holds four aircraft; Fast Movers never share a zone with a helicopter.
    let c = csar();
    let mut s = blank(&c, 2);
    s.step = Step::Move;
    for a in [SANDY1, SANDY2, SANDY3, FAC7] {
        put(&mut s, a, Place::Zone(Zone::North));
    }
    let e = c
        .check(
            &s,
            &Command::Move {
                aircraft: 3,
                to: Dest::Zone(Zone::North),
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "CSAR 4.3.1");
    put(&mut s, HELO5, Place::Zone(Zone::East));
    put(&mut s, FM8, Place::Orbit);
    assert!(
        c.check(
            &s,
            &Command::Move {
                aircraft: FM8,
                to: Dest::Zone(Zone::East)
            }
        )
        .is_err()
    );
    assert!(
        c.check(
            &s,
            &Command::Move {
                aircraft: FM8,
                to: Dest::Zone(Zone::West)
            }
        )
        .is_ok()
    );
    // Orbit Box: unlimited.
    assert!(
        c.check(
            &s,
            &Command::Move {
                aircraft: SANDY1,
                to: Dest::Orbit
            }
        )
        .is_ok()
    );
}

#[test]
fn helicopters_move_one_step_and_aircraft_move_once() {
    // CSAR 4.3.1 (movement by type, reconstructed in aircraft.ron).
    let c = csar();
    let mut s = blank(&c, 2);
    s.step = Step::Move;
    assert!(
        c.check(
            &s,
            &Command::Move {
                aircraft: HELO5,
                to: Dest::Zone(Zone::Center)
            }
        )
        .is_err()
    );
    assert!(
        c.check(
            &s,
            &Command::Move {
                aircraft: HELO5,
                to: Dest::Zone(Zone::West)
            }
        )
        .is_ok()
    );
    assert!(
        c.check(
            &s,
            &Command::Move {
                aircraft: SANDY1,
                to: Dest::Zone(Zone::Center)
            }
        )
        .is_ok()
    );
    apply(
        &c,
        &mut s,
        Command::Move {
            aircraft: SANDY1,
            to: Dest::Zone(Zone::Center),
        },
    );
    assert!(
        c.check(
            &s,
            &Command::Move {
                aircraft: SANDY1,
                to: Dest::Zone(Zone::West)
            }
        )
        .is_err()
    );
}

#[test]
fn assignment_limits() {
    // CSAR 4.3.2: two Aircraft cards per zone per turn; a Sandy or FAC one,
    // a Fast Mover two; the silhouette must match; not in the Orbit Box (2.1.2).
    let c = csar();
    let mut s = blank(&c, 2);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    put(&mut s, FM8, Place::Zone(Zone::East));
    put(&mut s, SANDY2, Place::Zone(Zone::East));
    let a1 = action(&c, &mut s, "Attack");
    let a2 = action(&c, &mut s, "Attack");
    let a3 = action(&c, &mut s, "Attack");
    let mk = action(&c, &mut s, "Mark Target");
    s.hand = vec![a1, a2, a3, mk];
    s.step = Step::Assign;
    assert_eq!(
        c.check(
            &s,
            &Command::Assign {
                card: mk,
                aircraft: SANDY1
            }
        )
        .unwrap_err()
        .rule,
        "CSAR 2.2.2"
    );
    assert_eq!(
        c.check(
            &s,
            &Command::Assign {
                card: a1,
                aircraft: SANDY3
            }
        )
        .unwrap_err()
        .rule,
        "CSAR 2.1.2"
    );
    apply(
        &c,
        &mut s,
        Command::Assign {
            card: a1,
            aircraft: SANDY1,
        },
    );
    assert!(
        c.check(
            &s,
            &Command::Assign {
                card: a2,
                aircraft: SANDY1
            }
        )
        .is_err()
    );
    apply(
        &c,
        &mut s,
        Command::Assign {
            card: a2,
            aircraft: FM8,
        },
    );
    apply(
        &c,
        &mut s,
        Command::Assign {
            card: a3,
            aircraft: FM8,
        },
    );
    // The East zone has its two cards now.
    let a4 = action(&c, &mut s, "Suppress");
    s.hand.push(a4);
    assert!(
        c.check(
            &s,
            &Command::Assign {
                card: a4,
                aircraft: SANDY2
            }
        )
        .is_err()
    );
}

#[test]
fn suppress_is_played_before_the_guns_fire_others_wait() {
    // CSAR 4.3.4: Suppress may be played in any segment of the Combat Phase;
    // other Aircraft cards only in the Play Aircraft Action Cards Segment.
    let c = csar();
    let mut s = blank(&c, 2);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    put(&mut s, SANDY2, Place::Zone(Zone::North));
    let g = gun(&c, &mut s, "ZPU", Zone::North);
    let sup = action(&c, &mut s, "Suppress");
    let att = action(&c, &mut s, "Attack");
    s.assigned.push(Assigned {
        card: sup,
        aircraft: SANDY1,
        zone: Zone::North,
    });
    s.assigned.push(Assigned {
        card: att,
        aircraft: SANDY2,
        zone: Zone::North,
    });
    s.step = Step::AutoGunFire;
    run(&c, &mut s);
    assert_eq!(s.step, Step::FireWindow);
    assert!(
        c.check(
            &s,
            &Command::Play {
                card: att,
                target: Target::Gun(g),
                pilot: false
            }
        )
        .is_err()
    );
    let ev = apply(
        &c,
        &mut s,
        Command::Play {
            card: sup,
            target: Target::Gun(g),
            pilot: false,
        },
    );
    assert!(has(&ev, |e| *e == Event::GunSuppressed { gun: g }));
    // The only gun is suppressed: no fire; on to playing cards.
    assert!(!has(&ev, |e| matches!(e, Event::ZoneFire { .. })));
    assert_eq!(s.step, Step::Play);
    let ev = apply(
        &c,
        &mut s,
        Command::Play {
            card: att,
            target: Target::Gun(g),
            pilot: false,
        },
    );
    assert!(has(&ev, |e| matches!(e, Event::GunHit { hits: 1, .. })));
}

#[test]
fn troll_for_fire_turns_up_markers_and_the_new_guns_fire_at_once() {
    // Troll for Fire (reconstructed) and 9.5: newly placed guns fire at targets in range.
    let c = csar();
    let mut s = blank(&c, 2);
    put(&mut s, FAC7, Place::Zone(Zone::West));
    s.zones[Zone::West.index()].hidden = Some(MarkerValue::N(1));
    let zpu = c.data.gun_index("ZPU").unwrap();
    let counter = (0..c.data.gun_counters.len() as u8)
        .find(|&i| c.data.gun_counters[i as usize] == zpu)
        .unwrap();
    s.gun_cup = vt_core::cup::Cup::new(vec![crate::markers::Chit::Gun(counter)]);
    let card = action(&c, &mut s, "Troll for Fire");
    let keep = action(&c, &mut s, "Smoke Marker");
    s.assigned.push(Assigned {
        card,
        aircraft: FAC7,
        zone: Zone::West,
    });
    s.assigned.push(Assigned {
        card: keep,
        aircraft: FAC7,
        zone: Zone::West,
    });
    s.step = Step::Play;
    let b = res(&c, Icon::Blast);
    stack(&mut s, &b[..2]);
    let ev = apply(
        &c,
        &mut s,
        Command::Play {
            card,
            target: Target::None,
            pilot: false,
        },
    );
    assert!(has(&ev, |e| matches!(
        e,
        Event::MarkerRevealed { hidden: true, .. }
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::ZoneFire {
            zone: Zone::West,
            zfv: 2,
            ..
        }
    )));
    assert_eq!(s.step, Step::Play);
}

#[test]
fn rescue_needs_an_unmoved_helicopter_in_the_zone() {
    // CSAR 4.3.5: a helicopter in the Survivor's zone that has not moved this turn.
    let c = csar();
    let mut s = blank(&c, 2);
    put(&mut s, HELO5, Place::Zone(Zone::Center));
    s.step = Step::Rescue;
    s.aircraft[HELO5 as usize].moved = true;
    let r = Command::Rescue {
        helicopter: HELO5,
        survivor: 0,
        pilot: false,
    };
    assert_eq!(c.check(&s, &r).unwrap_err().rule, "CSAR 4.3.5");
    s.aircraft[HELO5 as usize].moved = false;
    assert!(c.check(&s, &r).is_ok());
    put(&mut s, HELO5, Place::Zone(Zone::North));
    assert!(c.check(&s, &r).is_err());
}

#[test]
fn rescue_draws_count_cool_aircraft_less_penalties_never_below_one() {
    // CSAR 4.3.5: one draw per Cool aircraft in the zone, less one each for a
    // Shaken helicopter, an Injured Survivor, CS Gas anywhere, Smoke here; at least one.
    let c = csar();
    let mut s = blank(&c, 2);
    put(&mut s, HELO5, Place::Zone(Zone::Center));
    put(&mut s, SANDY1, Place::Zone(Zone::Center));
    put(&mut s, SANDY2, Place::Zone(Zone::Center));
    put(&mut s, FAC7, Place::Zone(Zone::Center));
    assert_eq!(c.rescue_draws(&s, HELO5, 0, false).draws, 4);
    s.aircraft[HELO5 as usize].shaken = true;
    assert_eq!(
        c.rescue_draws(&s, HELO5, 0, false).draws,
        2,
        "Shaken: not Cool, and -1"
    );
    s.survivors[0].injured = true;
    s.zones[Zone::South.index()].cs = 1;
    s.zones[Zone::Center.index()].smoke_two = 1;
    let n = c.rescue_draws(&s, HELO5, 0, false);
    assert_eq!(
        (n.shaken, n.injured, n.cs_gas, n.smoke, n.draws),
        (true, true, true, true, 1)
    );
}

#[test]
fn a_rescue_reveals_nearby_markers_and_a_roundel_picks_him_up() {
    // CSAR 4.3.5: reveal Enemy and Hidden markers in this and adjacent zones,
    // place guns, new guns fire first; any roundel: rescued; Search to 0.
    let c = csar();
    let mut s = blank(&c, 2);
    put(&mut s, HELO5, Place::Zone(Zone::North));
    s.survivors[0].at = SurvivorAt::Stranded(Zone::North);
    s.search = 3;
    s.zones[Zone::South.index()].hidden = Some(MarkerValue::N(2)); // not adjacent
    s.zones[Zone::East.index()].hidden = Some(MarkerValue::N(0)); // adjacent
    s.step = Step::Rescue;
    let r = res(&c, Icon::Roundel);
    stack(&mut s, &r[..1]);
    let ev = apply(
        &c,
        &mut s,
        Command::Rescue {
            helicopter: HELO5,
            survivor: 0,
            pilot: false,
        },
    );
    assert!(has(&ev, |e| matches!(
        e,
        Event::MarkerRevealed {
            zone: Zone::East,
            ..
        }
    )));
    assert!(!has(&ev, |e| matches!(
        e,
        Event::MarkerRevealed {
            zone: Zone::South,
            ..
        }
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::RescueAttempt { draws: 1, .. }
    )));
    assert_eq!(s.survivors[0].at, SurvivorAt::Aboard(HELO5));
    assert!(has(&ev, |e| *e == Event::SearchReset));
}

#[test]
fn a_survivor_aboard_leaves_the_map_in_the_orbit_box() {
    // CSAR 4.3.5: the Survivor moves with the helicopter; 5.0: moved off the map.
    let c = csar();
    let mut s = blank(&c, 2);
    put(&mut s, HELO5, Place::Zone(Zone::North));
    s.survivors[0].at = SurvivorAt::Aboard(HELO5);
    s.step = Step::Move;
    let ev = apply(
        &c,
        &mut s,
        Command::Move {
            aircraft: HELO5,
            to: Dest::Orbit,
        },
    );
    assert!(has(&ev, |e| *e == Event::OffMap { survivor: 0 }));
    assert_eq!(s.result, Some(crate::GameResult::Win));
}

#[test]
fn suppress_held_back_silences_guns_a_rescue_turns_up() {
    // CSAR 4.3.2: cards may be assigned against guns not yet revealed; 4.3.4:
    // Suppress may be played in any segment of the Combat Phase; 4.3.5: new
    // guns fire before the rescue draw.
    let c = csar();
    let mut s = blank(&c, 2);
    put(&mut s, HELO5, Place::Zone(Zone::North));
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    s.survivors[0].at = SurvivorAt::Stranded(Zone::North);
    s.zones[Zone::North.index()].hidden = Some(MarkerValue::N(1));
    let zpu = c.data.gun_index("ZPU").unwrap();
    let counter = (0..c.data.gun_counters.len() as u8)
        .find(|&i| c.data.gun_counters[i as usize] == zpu)
        .unwrap();
    s.gun_cup = vt_core::cup::Cup::new(vec![crate::markers::Chit::Gun(counter)]);
    let sup = action(&c, &mut s, "Suppress");
    s.assigned.push(Assigned {
        card: sup,
        aircraft: SANDY1,
        zone: Zone::North,
    });
    s.step = Step::Play;
    apply(&c, &mut s, Command::Done);
    assert_eq!(s.step, Step::Rescue);
    assert_eq!(s.assigned.len(), 1, "Suppress stays for the Rescue Segment");
    apply(
        &c,
        &mut s,
        Command::Rescue {
            helicopter: HELO5,
            survivor: 0,
            pilot: false,
        },
    );
    assert_eq!(s.step, Step::FireWindow);
    stack(&mut s, &[res(&c, Icon::Roundel)[0]]);
    // The only new gun suppressed, nothing is left to decide before the draw.
    let ev = apply(
        &c,
        &mut s,
        Command::Play {
            card: sup,
            target: Target::Gun(counter),
            pilot: false,
        },
    );
    assert!(!has(&ev, |e| matches!(e, Event::ZoneFire { .. })));
    assert!(has(&ev, |e| matches!(
        e,
        Event::RescueAttempt { draws: 2, .. }
    )));
    assert_eq!(s.survivors[0].at, SurvivorAt::Aboard(HELO5));
}

#[test]
fn suppress_may_wait_until_the_fire_into_its_zone_comes() {
    // CSAR 4.3.4: Suppress may be played in any segment of the Combat Phase,
    // so also during the Enemy Gun Fire Segment between the zones (4.3.3 B:
    // the player resolves one zone, then the next): a gun aimed at a zone
    // not yet resolved may still be suppressed, and then does not fire.
    let c = csar();
    let mut s = blank(&c, 2);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    put(&mut s, SANDY2, Place::Zone(Zone::South));
    let north = gun(&c, &mut s, "ZPU", Zone::North);
    gun(&c, &mut s, "DShK", Zone::South);
    let sup = action(&c, &mut s, "Suppress");
    s.assigned.push(Assigned {
        card: sup,
        aircraft: SANDY1,
        zone: Zone::North,
    });
    s.step = Step::AutoGunFire;
    run(&c, &mut s);
    assert_eq!(s.step, Step::FireWindow);
    apply(&c, &mut s, Command::Done); // hold the Suppress back for now
    assert_eq!(s.step, Step::FireOrder);
    let play = Command::Play {
        card: sup,
        target: Target::Gun(north),
        pilot: false,
    };
    assert!(c.legal(&s).contains(&play), "Suppress between the zones");
    // The South is resolved first; the game stops again before the North.
    let blanks = res(&c, Icon::Blast);
    stack(&mut s, &blanks[..3]);
    apply(&c, &mut s, Command::ResolveZone(Zone::South));
    assert_eq!(
        s.step,
        Step::FireOrder,
        "a chance to suppress before the North fires"
    );
    assert!(c.legal(&s).contains(&play));
    let ev = apply(&c, &mut s, play);
    assert!(has(&ev, |e| *e == Event::GunSuppressed { gun: north }));
    assert!(!has(&ev, |e| matches!(
        e,
        Event::ZoneFire {
            zone: Zone::North,
            ..
        }
    )));
    // The fire is over: the turn goes on (here, with nothing to play, to the next one).
    assert_ne!(s.step, Step::FireOrder);
}

#[test]
fn an_attack_that_can_only_be_discarded_says_why() {
    // CSAR 4.3.4: an Aircraft card is played on a target in its zone; one
    // with none may only be discarded, and the player is told why (issue
    // 14). 9.3: Rules of Engagement forbid attacking enemy units there.
    let c = csar();
    let mut s = blank(&c, 2);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    let att = action(&c, &mut s, "Attack");
    s.assigned.push(Assigned {
        card: att,
        aircraft: SANDY1,
        zone: Zone::North,
    });
    s.step = Step::Play;
    let plays = |s: &State| {
        c.legal(s)
            .iter()
            .filter(|x| matches!(x, Command::Play { card, .. } if *card == att))
            .count()
    };
    // Nothing in the zone: discard only, and the reason says so.
    assert_eq!(plays(&s), 0);
    assert!(c.legal(&s).contains(&Command::DiscardAssigned(att)));
    let why = c.why_unplayable(&s, att).expect("a reason");
    assert_eq!(why.rule, "CSAR 4.3.4");
    assert!(why.message.contains("no Enemy Gun"), "{why}");
    // A gun in the zone: the card plays, no reason.
    let g = gun(&c, &mut s, "ZPU", Zone::North);
    assert!(plays(&s) > 0);
    assert_eq!(c.why_unplayable(&s, att), None);
    // The same gun under Rules of Engagement: the reason is 9.3's, not
    // the absent Barrage's.
    s.zones[Zone::North as usize].roe = true;
    assert_eq!(plays(&s), 0);
    let why = c.why_unplayable(&s, att).expect("a reason");
    assert_eq!(why.rule, "CSAR 9.3", "{why}");
    assert!(why.message.contains("Rules of Engagement"), "{why}");
    // The refusal is the one check gives that command.
    let check = c
        .check(
            &s,
            &Command::Play {
                card: att,
                target: Target::Gun(g),
                pilot: false,
            },
        )
        .unwrap_err();
    assert_eq!(check, why);
}

#[test]
fn a_command_card_that_can_only_be_discarded_says_why() {
    // CSAR 2.1.3: Request Aircraft brings a Fast Mover from the Pool; with
    // none left there it may only be discarded (4.2.3), and says so.
    let c = csar();
    let mut s = blank(&c, 2);
    let req = action(&c, &mut s, "Request Aircraft");
    s.hand.push(req);
    s.step = Step::Commands;
    let in_pool = s
        .aircraft
        .iter()
        .any(|a| a.kind == crate::components::AircraftKind::FastMover && a.place == Place::Pool);
    if in_pool {
        assert_eq!(c.why_unplayable(&s, req), None);
    }
    for a in s.aircraft.iter_mut() {
        if a.kind == crate::components::AircraftKind::FastMover {
            a.place = Place::Zone(Zone::North);
        }
    }
    assert!(
        !c.legal(&s)
            .iter()
            .any(|x| matches!(x, Command::PlayCommand { card, .. } if *card == req))
    );
    let why = c.why_unplayable(&s, req).expect("a reason");
    assert_eq!(why.rule, "CSAR 2.1.3");
    assert!(why.message.contains("Fast Mover"), "{why}");
    // A card still in the draw pile is neither: nothing to say of it.
    let undrawn = s.action.draw_pile[0];
    assert_eq!(c.why_unplayable(&s, undrawn), None);
}
