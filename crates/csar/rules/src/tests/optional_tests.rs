//! CSAR 6.1-6.5 optional rules.

use super::*;
use crate::command::{Command, Dest, Target};
use crate::components::{Place, SurvivorAt, Zone};
use crate::data::Icon;
use crate::event::Event;
use crate::state::Assigned;

#[test]
fn options_are_switches_with_their_sections() {
    let c = csar();
    let info = c.info();
    let keys: Vec<&str> = info.options.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "bombing-effectiveness",
            "pinpointing",
            "danger-close",
            "recovering-pilots",
            "search-effectiveness"
        ]
    );
    assert_eq!(info.options[0].rule, "CSAR 6.1");
    let bad = c.new_game(&Setup::new("caged-tiger", 1).option("nope", "on"));
    assert!(bad.is_err());
}

#[test]
fn bombing_effectiveness_pools_the_draws() {
    // CSAR 6.1: draws for all Hits on guns together; each roundel removes a
    // randomly determined gun hit this turn.
    let c = csar();
    let mut s = blank(&c, 6);
    s.options.bombing_effectiveness = true;
    gun(&c, &mut s, "ZPU", Zone::North);
    gun(&c, &mut s, "DShK", Zone::East);
    gun(&c, &mut s, "DShK", Zone::South);
    s.guns[0].hits = 1;
    s.guns[1].hits = 1;
    let r = res(&c, Icon::Roundel);
    let x = res(&c, Icon::Crosshairs);
    stack(&mut s, &[r[0], x[0]]);
    let mut ev = Vec::new();
    c.end_turn(&mut s, &mut ev);
    assert_eq!(
        count(&ev, |e| matches!(
            e,
            Event::Drawn {
                purpose: crate::event::Purpose::BombDamage,
                ..
            }
        )),
        2
    );
    assert_eq!(count(&ev, |e| matches!(e, Event::GunRemoved { .. })), 1);
    assert_eq!(s.guns.len(), 2);
    assert!(
        s.guns.iter().any(|g| g.zone == Zone::South),
        "an unhit gun is never removed"
    );
}

#[test]
fn pinpointing_holds_the_helicopters_back() {
    // CSAR 6.2: helicopters wait for the Survivor to be pinpointed; at the
    // start of each turn, draws for each Cool aircraft in his zone; a roundel.
    let c = csar();
    let mut s = blank(&c, 6);
    s.options.pinpointing = true;
    s.survivors[0].pinpointed = false;
    s.step = Step::Move;
    assert_eq!(
        c.check(
            &s,
            &Command::Move {
                aircraft: HELO5,
                to: Dest::Zone(Zone::North)
            }
        )
        .unwrap_err()
        .rule,
        "CSAR 6.2"
    );
    put(&mut s, SANDY1, Place::Zone(Zone::Center));
    put(&mut s, SANDY2, Place::Zone(Zone::Center));
    let x = res(&c, Icon::Crosshairs);
    let r = res(&c, Icon::Roundel);
    stack(&mut s, &[x[0], r[0]]);
    let mut ev = Vec::new();
    c.pinpoint(&mut s, &mut ev);
    assert!(s.survivors[0].pinpointed);
    assert!(
        c.check(
            &s,
            &Command::Move {
                aircraft: HELO5,
                to: Dest::Zone(Zone::North)
            }
        )
        .is_ok()
    );
}

#[test]
fn danger_close_hurts_then_kills() {
    // CSAR 6.3: an attack in a Survivor's zone: a rifle injures him; if
    // already Injured, he is killed and the mission aborted.
    let c = csar();
    let mut s = blank(&c, 6);
    s.options.danger_close = true;
    put(&mut s, SANDY1, Place::Zone(Zone::Center));
    let g = gun(&c, &mut s, "ZPU", Zone::Center);
    let a1 = action(&c, &mut s, "Attack");
    s.assigned.push(Assigned {
        card: a1,
        aircraft: SANDY1,
        zone: Zone::Center,
    });
    s.step = Step::Play;
    let rifles = res(&c, Icon::Rifle);
    stack(&mut s, &rifles[..2]);
    let mut ev = Vec::new();
    c.execute_command(
        &mut s,
        Command::Play {
            card: a1,
            target: Target::Gun(g),
            pilot: false,
        },
        &mut ev,
    );
    assert!(s.survivors[0].injured);
    let a2 = action(&c, &mut s, "Attack");
    s.assigned.push(Assigned {
        card: a2,
        aircraft: SANDY1,
        zone: Zone::Center,
    });
    c.execute_command(
        &mut s,
        Command::Play {
            card: a2,
            target: Target::Gun(g),
            pilot: false,
        },
        &mut ev,
    );
    assert_eq!(s.survivors[0].at, SurvivorAt::Killed);
    assert!(has(&ev, |e| *e == Event::MissionAborted));
}

#[test]
fn recovering_pilots_removes_the_wild_and_cools_on_a_roundel() {
    // CSAR 6.4: after Marker Adjustment, a draw per Shaken aircraft; a roundel
    // flips it to Cool. The Wild card leaves the deck.
    let c = csar();
    let s = c
        .new_game(&Setup::new("caged-tiger", 6).option("recovering-pilots", "on"))
        .unwrap();
    let wild = res(&c, Icon::Wild)[0];
    assert!(s.res.removed.contains(&wild));
    assert!(!s.res.draw_pile.contains(&wild));
    let mut s = blank(&c, 6);
    s.options.recovering_pilots = true;
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    s.aircraft[SANDY1 as usize].shaken = true;
    stack(&mut s, &[res(&c, Icon::Roundel)[0]]);
    let mut ev = Vec::new();
    c.cleanup_and_adjust(&mut s, &mut ev);
    assert!(!s.aircraft[SANDY1 as usize].shaken);
    assert!(has(&ev, |e| *e == Event::Recovered { aircraft: SANDY1 }));
}

#[test]
fn search_effectiveness_spares_the_first_rifle_and_takes_the_wild() {
    // CSAR 6.5: the first rifle in an Enemy Search captures no one; the Wild
    // card leaves the game; a later rifle captures.
    let c = csar();
    let mut s = blank(&c, 6);
    s.options.search_effectiveness = true;
    s.search = 1;
    let rifles = res(&c, Icon::Rifle);
    stack(&mut s, &[rifles[0]]);
    let mut ev = Vec::new();
    c.enemy_search(&mut s, &mut ev);
    assert!(has(&ev, |e| *e == Event::SearchSpared));
    assert!(has(&ev, |e| matches!(e, Event::WildRemoved { rule: 5 })));
    assert_eq!(s.survivors[0].at, SurvivorAt::Stranded(Zone::Center));
    stack(&mut s, &[rifles[1]]);
    c.enemy_search(&mut s, &mut ev);
    assert_eq!(s.survivors[0].at, SurvivorAt::Captured);
}
