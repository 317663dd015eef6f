//! CSAR 9.0 markers.

use super::*;
use crate::command::{Dest, Target};
use crate::components::{Place, Zone};
use crate::data::{MarkerValue, ZoneMarkerKind};
use crate::event::{Event, RevealCause};
use crate::markers::{Chit, RevealWhich};
use vt_core::cup::Cup;

#[test]
fn the_one_plus_example() {
    // CSAR 9.4 example: a 1+ on an Enemy marker; a second Enemy marker drawn
    // shows 2; three enemy units are placed in the zone.
    let c = csar();
    let mut s = blank(&c, 3);
    s.zones[Zone::East.index()].enemy = Some(MarkerValue::OnePlus);
    s.enemy_cup = Cup::new(vec![MarkerValue::N(2)]);
    let before = s.gun_cup.len();
    let mut ev = Vec::new();
    let placed = c.reveal(
        &mut s,
        &mut ev,
        Zone::East,
        RevealWhich::Enemy,
        RevealCause::Helicopter,
    );
    assert_eq!(placed, 3);
    assert_eq!(s.gun_cup.len(), before - 3);
    assert!(has(&ev, |e| matches!(
        e,
        Event::MarkerRevealed {
            value: MarkerValue::OnePlus,
            extra: Some(MarkerValue::N(2)),
            hidden: false,
            ..
        }
    )));
    let on_map =
        s.guns.iter().filter(|g| g.zone == Zone::East).count() as u8 + s.zone(Zone::East).barrages;
    assert_eq!(on_map, 3);
    assert!(s.enemy_cup.is_empty());
}

#[test]
fn a_helicopter_entering_reveals_the_enemy_marker_only() {
    // CSAR 4.3.1: a helicopter moving into a zone reveals its Enemy marker and
    // places that many guns; the Hidden marker stays face down.
    let c = csar();
    let mut s = blank(&c, 3);
    s.zones[Zone::North.index()].enemy = Some(MarkerValue::N(2));
    s.zones[Zone::North.index()].hidden = Some(MarkerValue::N(1));
    s.gun_cup = Cup::new(vec![Chit::Gun(0), Chit::Gun(5)]);
    s.step = Step::Move;
    let ev = apply(
        &c,
        &mut s,
        crate::Command::Move {
            aircraft: HELO5,
            to: Dest::Zone(Zone::North),
        },
    );
    assert!(has(&ev, |e| matches!(
        e,
        Event::MarkerRevealed { hidden: false, .. }
    )));
    assert!(!has(&ev, |e| matches!(
        e,
        Event::MarkerRevealed { hidden: true, .. }
    )));
    assert_eq!(s.guns.iter().filter(|g| g.zone == Zone::North).count(), 2);
    assert!(s.zone(Zone::North).face_down());
}

#[test]
fn cs_gas_suppresses_guns_there_and_guns_placed_later() {
    // CSAR 9.2 CS Gas: suppresses all guns in the zone and any placed there;
    // 9.5: guns go on their active side unless CS Gas is in effect.
    let c = csar();
    let mut s = blank(&c, 3);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    let g = gun(&c, &mut s, "ZPU", Zone::North);
    let card = action(&c, &mut s, "Ordnance: CS Gas");
    s.assigned.push(crate::state::Assigned {
        card,
        aircraft: SANDY1,
        zone: Zone::North,
    });
    s.step = Step::Play;
    let mut ev = Vec::new();
    c.execute_command(
        &mut s,
        crate::Command::Play {
            card,
            target: Target::None,
            pilot: false,
        },
        &mut ev,
    );
    assert!(s.guns.iter().find(|x| x.counter == g).unwrap().suppressed);
    assert_eq!(s.zone(Zone::North).cs, 1);
    s.gun_cup = Cup::new(vec![Chit::Gun(1)]);
    c.place_guns(&mut s, &mut ev, Zone::North, 1);
    assert!(s.guns.iter().all(|x| x.suppressed));
    // Played CS Gas leaves the game (removed when played, our card text).
    assert!(s.action.removed.contains(&card));
}

#[test]
fn ordnance_markers_flip_and_go() {
    // CSAR 9.2: CS Gas, Mark and Smoke flip ONE to TWO at the Marker
    // Adjustment of their turn and leave at the next; Cluster Munitions stay.
    let c = csar();
    let mut s = blank(&c, 3);
    let g = gun(&c, &mut s, "ZPU", Zone::North);
    s.guns[0].mark = 1;
    s.zones[Zone::North.index()].cs = 1;
    s.zones[Zone::South.index()].smoke_one = 1;
    s.zones[Zone::West.index()].cluster = 1;
    s.step = Step::AutoCleanup;
    let mut ev = Vec::new();
    c.cleanup_and_adjust(&mut s, &mut ev);
    assert_eq!(s.guns[0].mark, 2);
    assert_eq!(s.zone(Zone::North).cs, 2);
    assert_eq!(s.zone(Zone::South).smoke_two, 1);
    // Still CS Gas: the gun stays suppressed even after "flip suppressed guns".
    s.guns[0].suppressed = true;
    c.cleanup_and_adjust(&mut s, &mut ev);
    assert_eq!(s.guns.iter().find(|x| x.counter == g).unwrap().mark, 0);
    assert_eq!(s.zone(Zone::North).cs, 0);
    assert!(!s.zone(Zone::South).smoke());
    assert_eq!(s.zone(Zone::West).cluster, 1);
}

#[test]
fn mark_doubles_attack_hits() {
    // CSAR 9.2 Mark Target: hits on the marked gun from Attack and Napalm are doubled.
    let c = csar();
    let mut s = blank(&c, 3);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    let g = gun(&c, &mut s, "ZPU", Zone::North);
    s.guns[0].mark = 1;
    let card = action(&c, &mut s, "Ordnance: Napalm");
    s.assigned.push(crate::state::Assigned {
        card,
        aircraft: SANDY1,
        zone: Zone::North,
    });
    s.step = Step::Play;
    let mut ev = Vec::new();
    c.execute_command(
        &mut s,
        crate::Command::Play {
            card,
            target: Target::Gun(g),
            pilot: false,
        },
        &mut ev,
    );
    assert_eq!(s.guns[0].hits, 4);
}

#[test]
fn zone_markers_forbid_cards() {
    // CSAR 9.3: Heavy Jungle: no Troll for Fire. Village: no CS Gas, CBU or Napalm.
    let c = csar();
    let mut s = blank(&c, 3);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    put(&mut s, SANDY2, Place::Zone(Zone::South));
    let g = gun(&c, &mut s, "ZPU", Zone::South);
    s.zones[Zone::North.index()].markers = ZoneMarkerKind::HeavyJungle.bit();
    s.zones[Zone::North.index()].hidden = Some(MarkerValue::N(1));
    s.zones[Zone::South.index()].markers = ZoneMarkerKind::Village.bit();
    let troll = action(&c, &mut s, "Troll for Fire");
    let napalm = action(&c, &mut s, "Ordnance: Napalm");
    s.assigned.push(crate::state::Assigned {
        card: troll,
        aircraft: SANDY1,
        zone: Zone::North,
    });
    s.assigned.push(crate::state::Assigned {
        card: napalm,
        aircraft: SANDY2,
        zone: Zone::South,
    });
    s.step = Step::Play;
    let e = c
        .check(
            &s,
            &crate::Command::Play {
                card: troll,
                target: Target::None,
                pilot: false,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "CSAR 9.3");
    let e = c
        .check(
            &s,
            &crate::Command::Play {
                card: napalm,
                target: Target::Gun(g),
                pilot: false,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "CSAR 9.3");
}

#[test]
fn barrages_shake_aircraft_and_attack_removes_them() {
    // CSAR 9.5: aircraft in a Barrage's zone are Shaken at Marker Adjustment
    // (not Fast Movers); 4.3.4: an Attack card removes the Barrage.
    let c = csar();
    let mut s = blank(&c, 3);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    s.zones[Zone::North.index()].barrages = 2;
    let mut ev = Vec::new();
    c.cleanup_and_adjust(&mut s, &mut ev);
    assert!(s.aircraft[SANDY1 as usize].shaken);
    let card = action(&c, &mut s, "Attack");
    s.assigned.push(crate::state::Assigned {
        card,
        aircraft: SANDY1,
        zone: Zone::North,
    });
    s.step = Step::Play;
    c.execute_command(
        &mut s,
        crate::Command::Play {
            card,
            target: Target::Barrage,
            pilot: false,
        },
        &mut ev,
    );
    assert_eq!(s.zone(Zone::North).barrages, 1);
}

#[test]
fn cluster_munitions_block_survivor_moves() {
    // CSAR 9.2 Cluster Munitions and 9.3 Impassable: Move Survivor may not
    // go into, out of or through such zones.
    let c = csar();
    let mut s = blank(&c, 3);
    let reach = c.survivor_moves(&s, Zone::North, false, 2);
    assert_ne!(reach & Zone::South.bit(), 0, "through the Center");
    s.zones[Zone::Center.index()].cluster = 1;
    s.zones[Zone::East.index()].markers = ZoneMarkerKind::Impassable.bit();
    let reach = c.survivor_moves(&s, Zone::North, false, 2);
    assert_eq!(reach, Zone::West.bit() | Zone::South.bit());
    assert_eq!(c.survivor_moves(&s, Zone::East, false, 2), 0);
}

#[test]
fn target_of_opportunity_destroyed_moves_abort_two_back() {
    // CSAR 9.3 Target of Opportunity: destroyed, Abort two spaces toward 0.
    let c = csar();
    let mut s = blank(&c, 3);
    s.abort = 3;
    s.zones[Zone::West.index()].markers = ZoneMarkerKind::TargetOfOpportunity.bit();
    s.zones[Zone::West.index()].too_hits = 1;
    let blast = res(&c, crate::data::Icon::Blast)[0];
    stack(&mut s, &[blast]);
    s.survivors.clear();
    let mut ev = Vec::new();
    c.end_turn(&mut s, &mut ev);
    assert_eq!(s.abort, 1);
    assert!(!s.zone(Zone::West).has_too());
}
