//! Rule tests, by rulebook section. Each test quotes (in paraphrase) the
//! section it checks. Helpers here build states with the draw piles stacked
//! so that every draw is known.

mod cards_and_decks;
mod combat_tests;
mod data_and_view;
mod end_turn_tests;
mod fire_tests;
mod markers_tests;
mod odds_tests;
mod optional_tests;
mod pilots_events;
mod scenario_tests;
mod scripted;
mod secrecy_tests;

use crate::Csar;
use crate::command::Command;
use crate::components::{Place, Survivor, SurvivorAt, Zone};
use crate::data::Icon;
use crate::event::Event;
use crate::markers::{Gun, ZoneState};
use crate::state::{State, Step};
use vt_core::{Ruleset, Setup};

pub(crate) const SANDY1: u8 = 0;
pub(crate) const SANDY2: u8 = 1;
pub(crate) const SANDY3: u8 = 2;
pub(crate) const HELO5: u8 = 4;
pub(crate) const HELO6: u8 = 5;
pub(crate) const FAC7: u8 = 6;
pub(crate) const FM8: u8 = 7;
pub(crate) const FM9: u8 = 8;

pub(crate) fn csar() -> Csar {
    Csar::embedded()
}

pub(crate) fn new(c: &Csar, id: &str, seed: u64) -> State {
    c.new_game(&Setup::new(id, seed)).expect("scenario sets up")
}

/// Answers set-up decisions with the first legal command.
pub(crate) fn past_setup(c: &Csar, s: &mut State) {
    while matches!(
        s.step,
        Step::ChoosePilot
            | Step::PlacePilot { .. }
            | Step::ChooseHand { .. }
            | Step::RevealChoice { .. }
            | Step::Purchase
    ) {
        let cmd = c.legal(s)[0];
        apply(c, s, cmd);
    }
}

/// Caged Tiger at its first decision, with the map emptied: no markers, no
/// guns, one Healthy Survivor in the Center, an empty hand.
pub(crate) fn blank(c: &Csar, seed: u64) -> State {
    let mut s = new(c, "caged-tiger", seed);
    past_setup(c, &mut s);
    s.zones = [ZoneState::default(); 5];
    s.guns.clear();
    for card in std::mem::take(&mut s.hand) {
        s.action.discard(card);
    }
    s.survivors = vec![Survivor {
        at: SurvivorAt::Stranded(Zone::Center),
        injured: false,
        pinpointed: true,
        pilot: None,
    }];
    for a in s.aircraft.iter_mut() {
        a.pilot = None;
    }
    s
}

/// Indices of the Resolution cards with this icon.
pub(crate) fn res(c: &Csar, icon: Icon) -> Vec<u8> {
    (0..c.data.resolution.len() as u8)
        .filter(|&i| c.icon(i) == icon)
        .collect()
}

/// A Resolution card with this icon showing this aircraft ID.
pub(crate) fn res_for(c: &Csar, icon: Icon, aircraft: u8) -> u8 {
    (0..c.data.resolution.len() as u8)
        .find(|&i| c.icon(i) == icon && c.data.resolution[i as usize].aircraft == Some(aircraft))
        .expect("such a card")
}

/// Puts these cards on top of the Resolution draw pile, first drawn first.
pub(crate) fn stack(s: &mut State, cards: &[u8]) {
    for &card in cards {
        s.res.draw_pile.retain(|&x| x != card);
        s.res.discards.retain(|&x| x != card);
    }
    let mut pile = cards.to_vec();
    pile.append(&mut s.res.draw_pile);
    s.res.draw_pile = pile;
}

/// The action card id of the first card of this name not already in use.
pub(crate) fn action(c: &Csar, s: &mut State, name: &str) -> u8 {
    let k = c.data.action_kind(name).expect("card name");
    let card = (0..c.data.action_cards.len() as u8)
        .find(|&i| {
            c.data.action_cards[i as usize] == k
                && !s.hand.contains(&i)
                && !s.reserve.contains(&i)
                && !s.assigned.iter().any(|x| x.card == i)
        })
        .expect("a free copy");
    s.action.draw_pile.retain(|&x| x != card);
    s.action.discards.retain(|&x| x != card);
    s.action.removed.retain(|&x| x != card);
    card
}

pub(crate) fn put(s: &mut State, aircraft: u8, place: Place) {
    s.aircraft[aircraft as usize].place = place;
}

/// Places a gun of this type (a counter not already on the map); returns its counter.
pub(crate) fn gun(c: &Csar, s: &mut State, name: &str, zone: Zone) -> u8 {
    let kind = c.data.gun_index(name).expect("gun name");
    let counter = (0..c.data.gun_counters.len() as u8)
        .find(|&i| {
            c.data.gun_counters[i as usize] == kind && !s.guns.iter().any(|g| g.counter == i)
        })
        .expect("a free counter");
    s.gun_cup
        .chits
        .retain(|ch| *ch != crate::markers::Chit::Gun(counter));
    s.guns.push(Gun {
        counter,
        kind,
        zone,
        suppressed: false,
        fired: false,
        hits: 0,
        mark: 0,
        fresh: false,
        target: None,
    });
    counter
}

/// Checks and executes a command, panicking with the rule if refused.
pub(crate) fn apply(c: &Csar, s: &mut State, cmd: Command) -> Vec<Event> {
    if let Err(e) = c.check(s, &cmd) {
        panic!("{cmd:?} refused at {:?}: {e}", s.step);
    }
    let mut ev = Vec::new();
    c.execute(s, &cmd, &mut ev);
    ev
}

/// Says "done" until the game stands at `step`.
pub(crate) fn until(c: &Csar, s: &mut State, step: Step) -> Vec<Event> {
    let mut all = Vec::new();
    for _ in 0..200 {
        if s.step == step {
            return all;
        }
        let legal = c.legal(s);
        let cmd = if legal.contains(&Command::Done) {
            Command::Done
        } else {
            legal[0]
        };
        all.extend(apply(c, s, cmd));
    }
    panic!("never reached {step:?}; at {:?}", s.step);
}

/// Runs the game's procedures from a hand-made state at an automatic step.
pub(crate) fn run(c: &Csar, s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    c.advance(s, &mut ev);
    ev
}

pub(crate) fn has(ev: &[Event], pred: impl Fn(&Event) -> bool) -> bool {
    ev.iter().any(pred)
}

pub(crate) fn count(ev: &[Event], pred: impl Fn(&Event) -> bool) -> usize {
    ev.iter().filter(|e| pred(e)).count()
}

/// `legal` is every candidate `check_command` accepts, in order, in random
/// games of every scenario: the lists built already checked (the pick of a
/// card kind, the moves) offer nothing the check refuses and leave out
/// nothing it accepts.
#[test]
fn legal_is_the_checked_candidates() {
    use vt_core::playout::{Policy, RandomPolicy};
    let c = Csar::embedded();
    let mut picks = 0;
    for sc in c.info().scenarios {
        for seed in 0..20u64 {
            let mut s = c.new_game(&Setup::new(&sc.id, 40 + seed)).unwrap();
            let mut p = RandomPolicy::new(seed);
            while c.outcome(&s).result.is_none() {
                let legal = c.legal(&s);
                let mut all = Vec::new();
                c.candidates(&s, &mut all);
                let checked: Vec<_> = all
                    .into_iter()
                    .filter(|x| c.check_command(&s, x).is_ok())
                    .collect();
                assert_eq!(legal, checked, "{} seed {seed}: {:?}", sc.id, s.step);
                if matches!(s.step, Step::ChooseHand { .. }) {
                    picks += 1;
                }
                let k = Policy::<Csar>::choose(&mut p, &c, &s, &legal);
                let mut ev = Vec::new();
                c.execute(&mut s, &legal[k], &mut ev);
            }
        }
    }
    assert!(picks > 100, "{picks} lists of card kinds to pick");
}
