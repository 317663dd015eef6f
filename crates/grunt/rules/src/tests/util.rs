//! Helpers for the tests: a bare game on a small map of our own.

use crate::Grunt;
use crate::data::{Level, Role, Terrain};
use crate::map::{Hex, Map, MapFile};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::{Ruleset, Setup};
use vt_core::provenance::Provenance;

pub fn h(s: &str) -> Hex {
    s.parse().expect("a hex")
}

/// A game on a map of these rows (all open, `.`), nothing on it, Game Turn
/// 1, the US Movement Phase.
pub fn bare(level: Level, rows: &[&str]) -> (Grunt, State) {
    let mut g = Grunt::embedded();
    let map = Map::build(MapFile {
        id: "test".into(),
        name: "test".into(),
        source: Provenance::Assumed("test".into()),
        origin: h("1.01"),
        terrain: rows.iter().map(|r| r.to_string()).collect(),
        roads: vec![],
        rivers: vec![],
        entries: vec![],
        areas: vec![],
    })
    .expect("test map");
    g.maps.insert(0, map);
    let scenario = match level {
        Level::Basic => "basic",
        Level::Standard => "standard",
    };
    let mut s = g.new_game(&Setup::new(scenario, 1)).expect("sets up");
    s.map = "test".into();
    s.counters.clear();
    s.ledger.clear();
    s.turn = 1;
    s.active = Side::Us;
    s.phase = Phase::UsMovement;
    s.placed = true;
    s.planned = true;
    s.steps = vec![Step::Movement { side: Side::Us }];
    (g, s)
}

pub fn set_terrain(g: &mut Grunt, hex: &str, t: Terrain) {
    g.maps[0].set_terrain(h(hex), t);
}

/// A counter of `role` on the map at `hex`, face up.
pub fn put(g: &Grunt, s: &mut State, role: Role, hex: &str) -> CounterId {
    let id = s.counters.len() as CounterId;
    let side = if role.is_us() { Side::Us } else { Side::Nlf };
    let mut c = Counter::new(id, role, side);
    c.status = Status::OnMap;
    c.hex = Some(h(hex));
    c.marker = 100 + id;
    c.ammo = if side == Side::Us {
        g.tables.ammunition.us.value
    } else {
        g.tables.ammunition.nlf.value
    };
    s.counters.push(c);
    id
}

pub fn first_hex(g: &Grunt, s: &State, pred: impl Fn(Terrain) -> bool) -> Hex {
    all_hexes(g, s, pred)[0]
}

pub fn all_hexes(g: &Grunt, s: &State, pred: impl Fn(Terrain) -> bool) -> Vec<Hex> {
    let map = g.map_of(s);
    map.hexes()
        .filter(|x| !g.in_edge_band(s, *x) && pred(map.terrain(*x)))
        .collect()
}

/// The step the game waits for, with its side active.
pub fn at_step(s: &mut State, step: Step) {
    match &step {
        Step::Movement { side } | Step::Combat { side } => s.active = *side,
        Step::NlfEnd | Step::LandingFire { .. } => {}
        _ => {}
    }
    s.steps = vec![step];
}

/// Applies a command that must be legal.
pub fn ok(g: &Grunt, s: &mut State, c: crate::Command) -> Vec<crate::Event> {
    match g.apply(s, &c) {
        Ok(ev) => ev,
        Err(e) => panic!("{c:?} refused: {e}"),
    }
}

/// The rule a refused command names.
pub fn refused(g: &Grunt, s: &State, c: crate::Command) -> String {
    match g.check(s, &c) {
        Ok(()) => panic!("{c:?} was accepted"),
        Err(e) => e.rule,
    }
}

/// The attacks among events.
pub fn attacks(ev: &[crate::Event]) -> Vec<crate::event::Attack> {
    ev.iter()
        .filter_map(|e| match e {
            crate::Event::Attack(a) => Some((**a).clone()),
            _ => None,
        })
        .collect()
}

/// A new game of a scenario with the NLF placed at random and the set-up
/// choices made (the first of each): the US about to land.
pub fn landing_game(scenario: &str, seed: u64) -> (Grunt, State) {
    let g = Grunt::embedded();
    let mut s = g.new_game(&Setup::new(scenario, seed)).expect("sets up");
    for _ in 0..10 {
        let c = match g.decision(&s).kind_as::<crate::step::Kind>() {
            Some(crate::step::Kind::PlaceNlf) => {
                if g.legal(&s).contains(&crate::Command::PlaceRest) {
                    crate::Command::PlaceRest
                } else {
                    crate::Command::PlacementDone
                }
            }
            Some(crate::step::Kind::Landing) | None => break,
            _ => g.legal(&s)[0].clone(),
        };
        ok(&g, &mut s, c);
    }
    (g, s)
}
