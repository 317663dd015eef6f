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

use vt_core::dynamic::{DynGame, Game};
use vt_core::engine::{Ruleset, Setup};
use vt_core::testing::find_noops;

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
