//! Pilot/PJ cards (2.4, 7.0) and Event cards (2.2.3, 4.1).

use super::*;
use crate::command::{Command, Target};
use crate::components::{Place, SurvivorAt, Zone};
use crate::data::Icon;
use crate::event::Event;
use crate::state::Assigned;

fn pilot(c: &Csar, name: &str) -> u8 {
    c.data.pilots.iter().position(|p| p.name == name).unwrap() as u8
}

#[test]
fn claws_adds_a_hit_and_leaves_play() {
    let c = csar();
    let mut s = blank(&c, 31);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    s.aircraft[SANDY1 as usize].pilot = Some(pilot(&c, "Claws"));
    let g = gun(&c, &mut s, "ZPU", Zone::North);
    let card = action(&c, &mut s, "Attack");
    s.assigned.push(Assigned {
        card,
        aircraft: SANDY1,
        zone: Zone::North,
    });
    s.step = Step::Play;
    let mut ev = Vec::new();
    c.execute_command(
        &mut s,
        Command::Play {
            card,
            target: Target::Gun(g),
            pilot: true,
        },
        &mut ev,
    );
    assert_eq!(s.guns[0].hits, 2);
    assert_eq!(s.aircraft[SANDY1 as usize].pilot, None);
    assert!(has(&ev, |e| matches!(e, Event::PilotUsed { .. })));
}

#[test]
fn piney_cancels_even_the_last_hit() {
    let c = csar();
    let mut s = blank(&c, 31);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    s.aircraft[SANDY1 as usize].pilot = Some(pilot(&c, "Piney"));
    s.fire.zone = Zone::North;
    s.fire.hits = 1;
    s.step = Step::Burn;
    let ev = apply(&c, &mut s, Command::UsePilot { aircraft: SANDY1 });
    assert!(has(&ev, |e| matches!(e, Event::PilotUsed { .. })));
    assert!(!s.aircraft[SANDY1 as usize].shaken);
}

#[test]
fn pits_adds_a_rescue_draw_and_doc_waives_the_injury() {
    let c = csar();
    let mut s = blank(&c, 31);
    put(&mut s, HELO5, Place::Zone(Zone::Center));
    s.survivors[0].injured = true;
    s.aircraft[HELO5 as usize].pilot = Some(pilot(&c, "Pits"));
    assert_eq!(c.rescue_draws(&s, HELO5, 0, false).draws, 1);
    assert_eq!(
        c.rescue_draws(&s, HELO5, 0, true).draws,
        1,
        "1 cool - injured + PJ = 1"
    );
    put(&mut s, SANDY1, Place::Zone(Zone::Center));
    assert_eq!(c.rescue_draws(&s, HELO5, 0, true).draws, 2);
    s.aircraft[HELO5 as usize].pilot = Some(pilot(&c, "Doc"));
    assert_eq!(c.rescue_draws(&s, HELO5, 0, true).draws, 2);
    assert_eq!(c.rescue_draws(&s, HELO5, 0, false).draws, 1);
}

#[test]
fn a_pilot_shot_down_becomes_the_survivor() {
    // 8.0: a Pilot shot down and rescued returns; his counter is the crew.
    let c = csar();
    let mut s = blank(&c, 31);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    s.aircraft[SANDY1 as usize].shaken = true;
    s.aircraft[SANDY1 as usize].pilot = Some(1);
    stack(&mut s, &[res(&c, Icon::Roundel)[0]]);
    s.fire.zone = Zone::North;
    s.fire.hits = 1;
    let mut ev = Vec::new();
    c.implement_hits(&mut s, &mut ev);
    assert_eq!(s.survivors[1].pilot, Some(1));
    assert_eq!(s.survivors[1].at, SurvivorAt::Stranded(Zone::North));
}

fn event_on_top(c: &Csar, s: &mut State, name: &str) -> u8 {
    let k = c
        .data
        .event_kinds
        .iter()
        .position(|e| e.name == name)
        .unwrap() as u8;
    let card = (0..c.data.event_cards.len() as u8)
        .find(|&i| c.data.event_cards[i as usize] == k)
        .unwrap();
    s.events.draw_pile.retain(|&x| x != card);
    s.events.discards.retain(|&x| x != card);
    s.events.draw_pile.insert(0, card);
    s.turn = 2;
    s.step = Step::AutoEventPhase;
    card
}

#[test]
fn wind_shift_clears_smoke_and_gas_migs_divert_fast_movers() {
    let c = csar();
    let mut s = blank(&c, 32);
    s.zones[Zone::North.index()].smoke_one = 1;
    s.zones[Zone::East.index()].cs = 2;
    event_on_top(&c, &mut s, "Wind Shift");
    let mut ev = Vec::new();
    c.advance(&mut s, &mut ev);
    assert!(!s.zone(Zone::North).smoke() && s.zone(Zone::East).cs == 0);
    let mut s = blank(&c, 32);
    put(&mut s, FM8, Place::Orbit);
    event_on_top(&c, &mut s, "MiGs!");
    c.advance(&mut s, &mut ev);
    assert_eq!(s.aircraft[FM8 as usize].place, Place::Pool);
}

#[test]
fn rules_of_engagement_forbid_attacks_in_its_zone_for_the_turn() {
    let c = csar();
    let mut s = blank(&c, 33);
    let card = event_on_top(&c, &mut s, "Rules of Engagement");
    let mut ev = Vec::new();
    c.advance(&mut s, &mut ev);
    let z = Zone::ALL
        .into_iter()
        .find(|&z| s.zone(z).roe)
        .expect("a zone under ROE");
    put(&mut s, SANDY1, Place::Zone(z));
    let g = gun(&c, &mut s, "ZPU", z);
    let att = action(&c, &mut s, "Attack");
    s.assigned.push(Assigned {
        card: att,
        aircraft: SANDY1,
        zone: z,
    });
    s.step = Step::Play;
    assert_eq!(
        c.check(
            &s,
            &Command::Play {
                card: att,
                target: Target::Gun(g),
                pilot: false
            }
        )
        .unwrap_err()
        .rule,
        "CSAR 9.3"
    );
    c.cleanup_and_adjust(&mut s, &mut ev);
    assert!(!s.zone(z).roe);
    assert!(s.events.discards.contains(&card));
}

#[test]
fn every_event_card_either_acts_or_is_ignored() {
    // 2.2.3: drawn and carried out at once, or ignored and discarded.
    let c = csar();
    for k in &c.data.event_kinds {
        let mut s = blank(&c, 34);
        put(&mut s, SANDY1, Place::Zone(Zone::Center));
        put(&mut s, FM8, Place::Orbit);
        event_on_top(&c, &mut s, &k.name);
        let mut ev = Vec::new();
        c.advance(&mut s, &mut ev);
        let acted = ev
            .iter()
            .any(|e| !matches!(e, Event::EventDrawn { .. } | Event::EventIgnored { .. }));
        assert!(
            has(&ev, |e| matches!(e, Event::EventDrawn { .. })),
            "{}",
            k.name
        );
        assert!(
            acted || has(&ev, |e| matches!(e, Event::EventIgnored { .. })),
            "{}",
            k.name
        );
    }
}
