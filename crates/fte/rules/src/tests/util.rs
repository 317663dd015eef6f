//! A sandbox for tests: an empty game on any map, units placed by hand,
//! dice forced through `state.rng.force` (the `forced-dice` feature).

use crate::geo::{Hex, HexExt};
use crate::state::*;
use crate::{Command, Fte};
use std::sync::OnceLock;
use vt_core::engine::Ruleset;

pub fn rules() -> &'static Fte {
    static R: OnceLock<Fte> = OnceLock::new();
    R.get_or_init(Fte::embedded)
}

pub fn h(s: &str) -> Hex {
    Hex::parse(s).expect("hex")
}

/// An empty game on `map`, turn 1 of 10, the US to make the first
/// activation, no chits in the cup.
pub fn sandbox(map: &str) -> State {
    rules().empty_game(map)
}

/// Puts a unit of type `ty` on the map, Visible.
pub fn add(s: &mut State, ty: &str, side: Side, hex: &str) -> UnitId {
    let r = rules();
    let id = r.spawn(s, ty, side).expect("unit type");
    let u = s.unit_mut(id);
    u.status = UnitStatus::OnMap;
    u.hex = Some(h(hex));
    id
}

pub fn conceal(s: &mut State, u: UnitId) {
    rules().conceal(s, u);
}

/// Applies a command, panicking with the rule if it is refused.
pub fn play(s: &mut State, c: Command) -> Vec<crate::Event> {
    let r = rules();
    if let Err(e) = r.check(s, &c) {
        panic!("{c:?} refused: {e}");
    }
    let mut ev = Vec::new();
    r.execute(s, &c, &mut ev);
    ev
}

/// Activates `unit` alone and begins a Normal move with it (5.1, 6.0).
pub fn begin_move(s: &mut State, unit: UnitId) {
    play(s, Command::ActivateUnit { unit });
    play(
        s,
        Command::Move {
            units: vec![unit],
            mode: MoveMode::Normal,
        },
    );
}

pub fn refused(s: &State, c: Command) -> String {
    match rules().check(s, &c) {
        Ok(()) => panic!("{c:?} was accepted"),
        Err(e) => e.rule,
    }
}

/// The number needed to hit (Fire Rating minus the DRMs), as a player says it.
pub fn needed(rating: u8, mods: &crate::event::Mods) -> i32 {
    rating as i32 - crate::counters::mod_sum(mods)
}

pub fn attacks(ev: &[crate::Event]) -> Vec<&crate::Event> {
    ev.iter()
        .filter(|e| matches!(e, crate::Event::Attack { .. }))
        .collect()
}

/// The first attack among the events: (number needed, hit, effect).
pub fn first_attack(ev: &[crate::Event]) -> (i32, bool, Option<crate::data::Effect>) {
    match attacks(ev).first() {
        Some(crate::Event::Attack {
            mods,
            rating,
            hit,
            effect,
            ..
        }) => (needed(*rating, mods), *hit, *effect),
        _ => panic!("no attack in {ev:?}"),
    }
}

/// Puts `unit` aboard the vehicle or helicopter `carrier` (6.9).
pub fn put_aboard(s: &mut State, unit: UnitId, carrier: UnitId) {
    let x = s.unit_mut(unit);
    x.status = UnitStatus::Loaded;
    x.carrier = Some(carrier);
    x.hex = None;
}

/// Plots an NVA/VC Booby Trap at `hex` (26.0).
pub fn booby_trap_at(s: &mut State, hex: &str) {
    s.traps.push(Trap {
        owner: Side::Nva,
        kind: TrapKind::BoobyTrap,
        hex: h(hex),
        used: false,
    });
}
