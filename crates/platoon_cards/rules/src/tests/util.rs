//! Test helpers: the ruleset with the test range, a game on it, stands by
//! name, and placing things.

use crate::command::Command;
use crate::state::*;
use crate::step::Step;
use crate::{PlatoonCards, data_files};
use vt_core::engine::{Ruleset, Setup};
use vt_core::tabletop::Point;

pub fn game() -> PlatoonCards {
    let files = data_files()
        .with(
            "platoon_cards/tabletops/test-range.ron",
            include_str!("data/test-range.ron"),
        )
        .with(
            "platoon_cards/scenarios/test-range.ron",
            include_str!("data/test-range-scenario.ron"),
        );
    PlatoonCards::from_files(&files).expect("test data loads")
}

pub fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// A fresh game of the test range, both set-ups done, before any plot.
pub fn setup_done(g: &PlatoonCards, seed: u64) -> State {
    let mut s = g
        .new_game(&Setup::new("test-range", seed))
        .expect("sets up");
    apply(g, &mut s, Command::SetupDone);
    apply(g, &mut s, Command::SetupDone);
    s
}

/// Turn 1 under way, the divisional plots done: a card waits.
pub fn started(g: &PlatoonCards, seed: u64) -> State {
    let mut s = setup_done(g, seed);
    while matches!(s.step(), Step::PlotDivisional { .. }) {
        apply(g, &mut s, Command::PlotDone);
    }
    s
}

pub fn apply(g: &PlatoonCards, s: &mut State, c: Command) -> Vec<crate::Event> {
    match g.apply(s, &c) {
        Ok(ev) => ev,
        Err(e) => panic!("{c:?} refused: {e} (step {:?})", s.step()),
    }
}

pub fn refused(g: &PlatoonCards, s: &State, c: Command) -> String {
    match g.check(s, &c) {
        Ok(()) => panic!("{c:?} was accepted"),
        Err(e) => e.to_string(),
    }
}

/// The `nth` stand (0-based) of unit type `unit` in the platoon named.
pub fn stand(g: &PlatoonCards, s: &State, platoon: &str, unit: &str, nth: usize) -> StandId {
    s.stands
        .iter()
        .filter(|st| s.platoon(st.platoon).name == platoon && g.unit(st).id == unit)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {unit} #{nth} in {platoon}"))
        .id
}

pub fn platoon(s: &State, name: &str) -> PlatoonId {
    s.platoons
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no platoon {name}"))
        .id
}

pub fn put(s: &mut State, id: StandId, x: f64, y: f64, facing: f64) {
    let st = s.stand_mut(id);
    st.pos = p(x, y);
    st.facing = facing;
    let riders: Vec<StandId> = s.passengers(id).map(|r| r.id).collect();
    for r in riders {
        s.stand_mut(r).pos = p(x, y);
    }
}

/// Moves every stand far off to the corners so a test places only what
/// it needs (stands stay on the table, out of anyone's way).
pub fn clear_table(s: &mut State) {
    let n = s.stands.len();
    for i in 0..n {
        let side = s.stands[i].side;
        let y = if side == Side::Us { 1.0 } else { 47.0 };
        let x = 1.5 + (i % 24) as f64 * 2.9;
        if s.stands[i].aboard.is_none() {
            s.stands[i].pos = p(x, y);
            s.stands[i].airborne = false;
        } else {
            s.stands[i].pos = p(x, y);
        }
    }
    // Riders sit with their carriers.
    for i in 0..n {
        if let Some(a) = s.stands[i].aboard {
            s.stands[i].pos = s.stands[a.carrier as usize].pos;
        }
    }
}

/// Gives `side` the card in play and activates the platoon named with the
/// action (a forced 6 for its morale check, unless it may skip it).
pub fn activate(g: &PlatoonCards, s: &mut State, name: &str, action: crate::Action) -> PlatoonId {
    let pl = platoon(s, name);
    let side = s.platoon(pl).side;
    s.steps = vec![Step::Activate { side }];
    s.card = Some(side);
    apply(g, s, Command::Activate { platoon: pl });
    if g.legal(s).contains(&Command::SkipMorale) {
        apply(g, s, Command::SkipMorale);
    } else {
        s.rng.force(&[6]);
        apply(
            g,
            s,
            Command::RollMorale {
                company_commander: false,
            },
        );
    }
    apply(g, s, Command::Choose { action });
    pl
}

/// Passes every chance the other side is given.
pub fn pass_reactions(g: &PlatoonCards, s: &mut State) {
    while matches!(s.step(), Step::Reaction { .. }) {
        apply(g, s, Command::Pass);
    }
}
