//! The rules audit: each test quotes (in paraphrase) the section it checks
//! and pins down a point where the crate once read the rulebook or its
//! errata differently from a player of the game.

use super::util::*;
use crate::command::Command;
use crate::state::*;
use vt_core::engine::Ruleset;

fn kind(s: &State) -> String {
    rules().decision(s).kind
}

/// Activates `unit` on its own and starts its Move action.
fn move_alone(s: &mut State, unit: UnitId, mode: MoveMode) {
    play(s, Command::ActivateUnit { unit });
    play(
        s,
        Command::Move {
            units: vec![unit],
            mode,
        },
    );
}

fn pass_opfire(s: &mut State) {
    while kind(s).starts_with("opportunity-fire") {
        play(s, Command::OpFirePass);
    }
}

// FTE 6.8: a helicopter may change altitude by one level at the start of its
// Move action and then fly on with the allowance of its new level (20 MP at
// Treetop); only a change at the end of the move ends it.
#[test]
fn helicopter_flies_on_after_climbing_at_the_start_6_8() {
    let mut s = sandbox("examples");
    let slick = add(&mut s, "us-slick", Side::Us, "20.24");
    s.unit_mut(slick).altitude = Altitude::Ground;
    move_alone(&mut s, slick, MoveMode::Normal);
    play(&mut s, Command::Climb);
    pass_opfire(&mut s);
    play(&mut s, Command::Step { hex: h("21.24") });
    pass_opfire(&mut s);
    play(&mut s, Command::Step { hex: h("22.24") });
    pass_opfire(&mut s);
    play(&mut s, Command::Step { hex: h("23.24") });
    assert_eq!(s.unit(slick).hex, Some(h("23.24")));
}
