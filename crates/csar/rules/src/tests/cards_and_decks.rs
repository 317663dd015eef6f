//! CSAR 2.0-2.4 components and decks, 3.0 and 4.1-4.2 (turn order, cards).

use super::*;
use crate::command::{Command, CommandTarget};
use crate::components::{AircraftKind, Place, Zone};
use crate::data::{CardClass, Icon};
use crate::event::{Event, Purpose, RandomFor};

#[test]
fn the_map_has_a_center_and_four_outer_zones() {
    // CSAR 2.1: two concentric circles; the Center touches every Outer Zone.
    for z in Zone::OUTER {
        assert!(Zone::Center.adjacent(z));
    }
    assert!(Zone::North.adjacent(Zone::East) && Zone::North.adjacent(Zone::West));
    assert!(!Zone::North.adjacent(Zone::South) && !Zone::East.adjacent(Zone::West));
}

#[test]
fn the_decks_have_their_printed_sizes() {
    // CSAR 2.0: 30 Resolution, 37 Action, 16 Event cards.
    let c = csar();
    assert_eq!(c.data.resolution.len(), 30);
    assert_eq!(c.data.action_cards.len(), 37);
    assert_eq!(c.data.event_cards.len(), 16);
    let aircraft_cards = c
        .data
        .action_cards
        .iter()
        .filter(|&&k| c.data.action_kinds[k as usize].class == CardClass::Aircraft)
        .count();
    assert_eq!(aircraft_cards, 28);
    assert_eq!(res(&c, Icon::Reshuffle).len(), 1);
    assert_eq!(res(&c, Icon::Wild).len(), 1);
}

#[test]
fn every_card_the_rules_name_exists() {
    // The rulebook's card names (7.0-7.4, 8.0, 9.x) must all be in the data.
    let c = csar();
    for n in [
        "Request Aircraft",
        "Troll for Fire",
        "Mark Target",
        "Attack",
        "Suppress",
        "Ordnance: Napalm",
        "Ordnance: CBU",
        "Ordnance: CS Gas",
        "Ordnance: Smoke",
        "Smoke Marker",
        "Move Survivor",
        "Exfil Team",
        "Broken Arrow",
    ] {
        assert!(c.data.action_kind(n).is_some(), "{n}");
    }
    for n in [
        "Comms Trouble",
        "Evacuation",
        "Hydraulics Failure",
        "Reinforcements",
        "Wind Shift",
        "MiGs!",
        "Rules of Engagement",
        "Survivor Injured",
    ] {
        assert!(c.data.event_kinds.iter().any(|e| e.name == n), "{n}");
    }
    assert!(c.data.pilots.iter().any(|p| p.name == "Claws"));
    assert!(c.data.pilots.iter().any(|p| p.name == "Piney"));
}

#[test]
fn random_determination_reads_the_ones_digit() {
    // CSAR 2.2.1: two outcomes by odd or even ones digit (0 is even).
    let c = csar();
    let mut s = blank(&c, 4);
    let ten = (0..30u8).find(|&i| c.number(i) == 10).unwrap();
    let seven = (0..30u8).find(|&i| c.number(i) == 7).unwrap();
    stack(&mut s, &[ten, seven]);
    let mut ev = Vec::new();
    assert_eq!(c.pick(&mut s, &mut ev, RandomFor::Capture, 2), 0);
    assert_eq!(c.pick(&mut s, &mut ev, RandomFor::Capture, 2), 1);
    // Three outcomes: digits 0-8 spread evenly, a 9 is drawn again.
    let nine = (0..30u8).find(|&i| c.number(i) == 9).unwrap();
    let five = (0..30u8).find(|&i| c.number(i) == 5).unwrap();
    stack(&mut s, &[nine, five]);
    assert_eq!(c.pick(&mut s, &mut ev, RandomFor::Capture, 3), 2);
}

#[test]
fn the_reshuffle_card_is_used_for_its_number_in_a_random_determination() {
    // CSAR 2.2.1: drawn for a random determination, the Reshuffle card's
    // number is used, then the deck is reshuffled.
    let c = csar();
    let mut s = blank(&c, 4);
    let rs = res(&c, Icon::Reshuffle)[0];
    stack(&mut s, &[rs]);
    let mut ev = Vec::new();
    let k = c.pick(&mut s, &mut ev, RandomFor::Capture, 2);
    assert_eq!(k, c.number(rs) % 2);
    assert!(has(&ev, |e| *e == Event::Reshuffled));
    assert!(s.res.discards.is_empty());
}

#[test]
fn drawing_for_resolution_draws_them_all() {
    // CSAR 2.2.1: always draw the required number, even after a success.
    let c = csar();
    let mut s = blank(&c, 4);
    let r = res(&c, Icon::Roundel);
    stack(&mut s, &r[..3]);
    let mut ev = Vec::new();
    assert!(c.draw_any(&mut s, &mut ev, Purpose::Rescue, 3, |i| i == Icon::Roundel));
    assert_eq!(count(&ev, |e| matches!(e, Event::Drawn { .. })), 3);
}

#[test]
fn cards_removed_only_when_played() {
    // CSAR 2.2.2: bold "remove" cards leave only when played; discarded, they
    // go to the discard pile; the discards make a new deck when it runs out.
    let c = csar();
    let mut s = blank(&c, 4);
    let cbu = action(&c, &mut s, "Ordnance: CBU");
    let mut ev = Vec::new();
    c.finish_card(&mut s, &mut ev, cbu, false);
    assert!(s.action.discards.contains(&cbu));
    s.action.discards.retain(|&x| x != cbu);
    c.finish_card(&mut s, &mut ev, cbu, true);
    assert!(s.action.removed.contains(&cbu));
    let mut all = std::mem::take(&mut s.action.draw_pile);
    s.action.discards.append(&mut all);
    let n = c.draw_action(&mut s, &mut ev);
    assert!(n.is_some());
    assert!(has(&ev, |e| *e == Event::ActionDeckReshuffled));
}

#[test]
fn turn_one_skips_the_event_and_the_draw() {
    // CSAR 3.0: no Event Phase and no Draw Action Cards Segment on turn 1.
    let c = csar();
    let mut s = new(&c, "cauldron-of-fire", 9);
    assert_eq!(s.turn, 1);
    assert_eq!(s.hand.len(), 5);
    assert_eq!(
        s.events.draw_pile.len(),
        15,
        "Wind Shift removed, none drawn"
    );
    let ev = until(&c, &mut s, Step::Move);
    assert!(!has(&ev, |e| matches!(
        e,
        Event::ActionDrawn { .. } | Event::EventDrawn { .. }
    )));
}

#[test]
fn later_turns_draw_an_event_and_fill_hand_and_reserve_to_five() {
    // CSAR 4.1 and 4.2.1: one Event card; draw until hand + Reserve = 5.
    let c = csar();
    let mut s = blank(&c, 4);
    s.step = Step::Reserve;
    let keep = s
        .action
        .draw_pile
        .iter()
        .copied()
        .find(|&k| c.card_def(k).class == CardClass::Aircraft)
        .unwrap();
    s.action.draw_pile.retain(|&x| x != keep);
    s.reserve.push(keep);
    let ev = until(&c, &mut s, Step::DiscardBeforeDraw);
    assert!(has(&ev, |e| matches!(e, Event::EventDrawn { .. })) || s.turn == 1);
    apply(&c, &mut s, Command::Done);
    assert_eq!(
        s.hand.len() + s.reserve.len(),
        5 - s.flags.draw_fewer as usize
    );
}

#[test]
fn reserve_takes_aircraft_cards_up_to_three() {
    // CSAR 4.2.2: Aircraft cards to the Reserve, at most three; 4.2.3: no Command cards.
    let c = csar();
    let mut s = blank(&c, 4);
    let cards: Vec<u8> = (0..4).map(|_| action(&c, &mut s, "Attack")).collect();
    let req = action(&c, &mut s, "Request Aircraft");
    s.hand = cards.clone();
    s.hand.push(req);
    s.step = Step::Reserve;
    assert_eq!(
        c.check(&s, &Command::Reserve(req)).unwrap_err().rule,
        "CSAR 4.2.3"
    );
    for &k in &cards[..3] {
        apply(&c, &mut s, Command::Reserve(k));
    }
    assert_eq!(
        c.check(&s, &Command::Reserve(cards[3])).unwrap_err().rule,
        "CSAR 4.2.2"
    );
}

#[test]
fn command_cards_are_played_or_discarded() {
    // CSAR 4.2.3: every Command card in hand is played or discarded; Request
    // Aircraft (reconstructed) brings a Fast Mover from the Pool on ENTER.
    let c = csar();
    let mut s = blank(&c, 4);
    let req = action(&c, &mut s, "Request Aircraft");
    let mv = action(&c, &mut s, "Move Survivor");
    s.hand = vec![req, mv];
    s.step = Step::Commands;
    let b = res(&c, Icon::Blast);
    stack(&mut s, &b[..1]);
    let ev = apply(
        &c,
        &mut s,
        Command::PlayCommand {
            card: req,
            target: CommandTarget::None,
        },
    );
    assert!(has(&ev, |e| matches!(
        e,
        Event::AircraftArrives {
            to: Place::Orbit,
            ..
        }
    )));
    let fm_orbit = s
        .aircraft
        .iter()
        .filter(|a| a.kind == AircraftKind::FastMover && a.place == Place::Orbit)
        .count();
    assert_eq!(fm_orbit, 1);
    // Done discards the rest.
    apply(&c, &mut s, Command::Done);
    assert!(s.action.discards.contains(&mv));
    assert!(s.hand.is_empty());
}

#[test]
fn an_event_that_cannot_happen_is_ignored() {
    // CSAR 2.2.3: an Event that cannot be implemented is discarded; no new card.
    let c = csar();
    let mut s = blank(&c, 4);
    s.turn = 2;
    let injured = c
        .data
        .event_kinds
        .iter()
        .position(|e| e.name == "Survivor Injured")
        .unwrap() as u8;
    let card = (0..16u8)
        .find(|&i| c.data.event_cards[i as usize] == injured)
        .unwrap();
    s.events.draw_pile.retain(|&x| x != card);
    s.events.draw_pile.insert(0, card);
    s.survivors[0].injured = true;
    s.step = Step::AutoEventPhase;
    let ev = run(&c, &mut s);
    assert!(has(&ev, |e| *e == Event::EventIgnored { card }));
    assert_eq!(count(&ev, |e| matches!(e, Event::EventDrawn { .. })), 1);
}

#[test]
fn each_draw_in_the_log_says_what_it_decided() {
    // CSAR 4.3.3 C: crosshairs are Hits, a roundel throws out the Hits so far;
    // 2.2.1: the Reshuffle card does not count; 4.3.5: a roundel rescues.
    let c = csar();
    let line = |purpose, icon| {
        let card = res(&c, icon)[0];
        c.describe_event(&Event::Drawn { purpose, card }).text
    };
    assert!(line(Purpose::ZoneFire, Icon::Crosshairs).ends_with(": a Hit."));
    assert!(line(Purpose::ZoneFire, Icon::Roundel).ends_with(": Hits thrown out."));
    assert!(line(Purpose::ZoneFire, Icon::Reshuffle).contains("not counted"));
    assert!(line(Purpose::Rescue, Icon::Roundel).contains("success"));
    assert!(line(Purpose::Rescue, Icon::Rifle).contains("no roundel"));
    // A result reads as a sentence: "abort!." had two stops.
    assert!(line(Purpose::AbortCheck, Icon::Rifle).ends_with("rifle: the mission is aborted."));
    assert!(line(Purpose::BombDamage, Icon::Wild).ends_with(": destroyed."));
    let e = c.describe_event(&Event::Drawn {
        purpose: Purpose::ShootDown,
        card: res(&c, Icon::Roundel)[0],
    });
    let n = c.data.resolution[res(&c, Icon::Roundel)[0] as usize].number;
    let want = if n.is_multiple_of(2) {
        "Healthy"
    } else {
        "Injured"
    };
    assert!(e.text.contains(want), "{}", e.text);
    assert!(e.adjudications[0].result.contains(want));
}
