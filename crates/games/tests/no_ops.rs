//! No game offers a command that changes nothing.
//!
//! A legal command after which the game is exactly as before is a rules
//! bug the computer player cannot survive: it looks no worse than the best
//! command, so the search may choose it, find the same position, and
//! choose it again for ever. Platoon cards' second charge at the same
//! target (session 19) hung a `vt balance` run and would have hung the
//! launcher's computer. (The search also leaves such a command out, as a
//! guard: `vt_ai`'s `no_ops`.) Random games of every scenario of every game,
//! every legal command at every decision tried on a copy of the state.
//!
//! Nor, but for the pairs the rules give on purpose, two commands that undo
//! each other (A, then B, and the game is exactly where it was): a loop
//! the no-op guard cannot see (session 28). The computer player goes round
//! those the rules give at most once (`vt_ai::repeats`, `loops.rs`).

use vt_core::dynamic::{DynGame, Game};
use vt_core::engine::{Ruleset, Setup};
use vt_core::testing::{find_cycles, find_noops};

/// The no-ops found in `games` random games of each of the game's
/// scenarios, if `game` is a `Game<R>`.
fn no_ops_of<R: Ruleset>(game: &dyn DynGame, games: u64) -> Option<Vec<String>> {
    let game = game.as_any().downcast_ref::<Game<R>>()?;
    let info = game.0.info();
    let mut found = Vec::new();
    for sc in &info.scenarios {
        for f in find_noops(&*game.0, &Setup::new(&sc.id, 1), games, 20_000, 3) {
            found.push(format!("{} {}: {f}", info.id, sc.id));
        }
    }
    Some(found)
}

#[test]
fn no_legal_command_changes_nothing() {
    let mut checked = Vec::new();
    for entry in vt_games::entries() {
        let game = vt_games::load(&entry, None).expect("embedded data loads");
        let found = no_ops_of::<fte_rules::Fte>(&*game, 2)
            .or_else(|| no_ops_of::<grunt_rules::Grunt>(&*game, 2))
            .or_else(|| no_ops_of::<csar_rules::Csar>(&*game, 2))
            .or_else(|| no_ops_of::<crossfire_vn_rules::CrossfireVn>(&*game, 2))
            .or_else(|| no_ops_of::<platoon_cards_rules::PlatoonCards>(&*game, 2))
            .unwrap_or_else(|| panic!("{}: a game this test does not know", entry.id));
        assert!(
            found.is_empty(),
            "commands that change nothing:\n{}",
            found.join("\n")
        );
        checked.push(entry.id);
    }
    assert_eq!(checked.len(), 5, "{checked:?}");
}

/// The two-command cycles found in `games` random games of each of the
/// game's scenarios (every `every`-th decision with at most 150 legal
/// commands tried), other than those `known` accepts, if `game` is a
/// `Game<R>`.
fn cycles_of<R: Ruleset>(
    game: &dyn DynGame,
    games: u64,
    every: usize,
    known: &dyn Fn(&R::Command, &R::Command) -> bool,
) -> Option<Vec<String>> {
    let game = game.as_any().downcast_ref::<Game<R>>()?;
    let info = game.0.info();
    let mut found = Vec::new();
    for sc in &info.scenarios {
        let setup = Setup::new(&sc.id, 1);
        for f in find_cycles(&*game.0, &setup, games, (every, 150), known, 3) {
            found.push(format!("{} {}: {f}", info.id, sc.id));
        }
    }
    Some(found)
}

/// Pairs of commands that undo each other, on purpose: a player may change
/// their mind. A computer player may still go round them (`cargo run
/// --release -p vt-games --example repeats` counts how often it does).
mod known {
    /// Grunt (B2): picking a unit to move and then leaving it where it
    /// stands (`Select`, `Stay`) is picking a counter up and putting it
    /// back; the units move in any order, so it may be picked again.
    pub fn grunt(a: &grunt_rules::Command, b: &grunt_rules::Command) -> bool {
        use grunt_rules::Command::{Select, Stay};
        matches!((a, b), (Select { .. }, Stay) | (Stay, Select { .. }))
    }

    /// Crossfire: a stand moves as often as its side keeps the initiative,
    /// with no allowance (CF4.2), so it may move away and back; in play
    /// the enemy's reactive fire (dice) usually makes the position new.
    pub fn crossfire(a: &crossfire_vn_rules::Command, b: &crossfire_vn_rules::Command) -> bool {
        use crossfire_vn_rules::Command::Move;
        let stands = |m: &[crossfire_vn_rules::StandMove]| {
            let mut v: Vec<_> = m.iter().map(|s| s.stand).collect();
            v.sort_unstable();
            v
        };
        match (a, b) {
            (Move { moves: x }, Move { moves: y }) => stands(x) == stands(y),
            _ => false,
        }
    }

    /// Platoon cards: a card, stand, mine or sniper placed at the set-up
    /// may be placed again elsewhere until the side is done (`SetupDone`).
    pub fn platoon(a: &platoon_cards_rules::Command, b: &platoon_cards_rules::Command) -> bool {
        use platoon_cards_rules::Command::{PlaceCard, PlaceMine, PlaceSniper, PlaceStand};
        match (a, b) {
            (PlaceCard { marker: x, .. }, PlaceCard { marker: y, .. })
            | (PlaceMine { marker: x, .. }, PlaceMine { marker: y, .. })
            | (PlaceSniper { sniper: x, .. }, PlaceSniper { sniper: y, .. }) => x == y,
            (PlaceStand { stand: x, .. }, PlaceStand { stand: y, .. }) => x == y,
            _ => false,
        }
    }

    pub fn none<C>(_: &C, _: &C) -> bool {
        false
    }
}

/// No two commands undo each other, except the pairs in `known`: a pair
/// found here is a loop the computer player can fall into and random play
/// can waste a game on (A, then B, and the game is exactly where it was).
/// Random games of every scenario of all five games, every fifth decision
/// tried: each legal command, then each command legal after it.
#[test]
fn no_two_commands_undo_each_other_but_the_known_ones() {
    let mut checked = Vec::new();
    for entry in vt_games::entries() {
        let game = vt_games::load(&entry, None).expect("embedded data loads");
        let g = &*game;
        let found = cycles_of::<fte_rules::Fte>(g, 1, 5, &known::none)
            .or_else(|| cycles_of::<grunt_rules::Grunt>(g, 1, 5, &known::grunt))
            .or_else(|| cycles_of::<csar_rules::Csar>(g, 1, 5, &known::none))
            .or_else(|| cycles_of::<crossfire_vn_rules::CrossfireVn>(g, 1, 5, &known::crossfire))
            .or_else(|| cycles_of::<platoon_cards_rules::PlatoonCards>(g, 1, 5, &known::platoon))
            .unwrap_or_else(|| panic!("{}: a game this test does not know", entry.id));
        assert!(
            found.is_empty(),
            "pairs of commands that undo each other:\n{}",
            found.join("\n")
        );
        checked.push(entry.id);
    }
    assert_eq!(checked.len(), 5, "{checked:?}");
}

/// The known pairs are there to be found: each game's own list finds them
/// when told to accept none (so the test above is not passing for want of
/// looking).
#[test]
fn the_known_pairs_are_found_when_not_accepted() {
    for entry in vt_games::entries() {
        let game = vt_games::load(&entry, None).expect("embedded data loads");
        let g = &*game;
        let none = |id: &str| -> Option<Vec<String>> {
            match id {
                "grunt" => cycles_of::<grunt_rules::Grunt>(g, 1, 5, &known::none),
                "crossfire-vn" => {
                    cycles_of::<crossfire_vn_rules::CrossfireVn>(g, 1, 5, &known::none)
                }
                "platoon-cards" => {
                    cycles_of::<platoon_cards_rules::PlatoonCards>(g, 1, 5, &known::none)
                }
                _ => None,
            }
        };
        if let Some(found) = none(entry.id) {
            assert!(!found.is_empty(), "{}: no known pair found", entry.id);
        }
    }
}
