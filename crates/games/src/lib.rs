//! The games this build knows, by id, each with its data files.
//!
//! A game's data is embedded in its rules crate; `load` can replace any of
//! the files with a copy from an `assets/` folder, which is how a player's
//! edit of an assumption reaches the game.

use std::path::Path;
use std::sync::Arc;
use vt_ai::DynAi;
use vt_core::data::{DataError, DataFiles};
use vt_core::dynamic::{DynGame, Game};

/// One game of the registry.
#[derive(Clone, Copy)]
pub struct GameEntry {
    pub id: &'static str,
    /// The embedded data files, keyed by path under `assets/`.
    pub data_files: fn() -> DataFiles,
    /// Builds the ruleset from (possibly edited) data.
    pub build: fn(&DataFiles) -> Result<Arc<dyn DynGame>, DataError>,
    /// The computer player of a game `build` made:
    /// `vt_ai::for_game::<TheRuleset>`, which needs the ruleset to
    /// implement `vt_core::AiRules` (docs/adding-a-game.md); `None` until the
    /// game has one, and the computer then plays that game at random.
    pub ai: fn(&dyn DynGame) -> Option<Arc<dyn DynAi>>,
}

/// Every game of this build, in menu order.
pub fn entries() -> Vec<GameEntry> {
    vec![
        GameEntry {
            id: "fte",
            data_files: fte_rules::data_files,
            build: |files| Ok(Arc::new(Game::new(fte_rules::Fte::from_files(files)?))),
            ai: vt_ai::for_game::<fte_rules::Fte>,
        },
        GameEntry {
            id: "grunt",
            data_files: grunt_rules::data_files,
            build: |files| Ok(Arc::new(Game::new(grunt_rules::Grunt::from_files(files)?))),
            ai: vt_ai::for_game::<grunt_rules::Grunt>,
        },
        GameEntry {
            id: "csar",
            data_files: csar_rules::data_files,
            build: |files| Ok(Arc::new(Game::new(csar_rules::Csar::from_files(files)?))),
            ai: vt_ai::for_game::<csar_rules::Csar>,
        },
        GameEntry {
            id: "crossfire-vn",
            data_files: crossfire_vn_rules::data_files,
            build: |files| {
                Ok(Arc::new(Game::new(
                    crossfire_vn_rules::CrossfireVn::from_files(files)?,
                )))
            },
            ai: vt_ai::for_game::<crossfire_vn_rules::CrossfireVn>,
        },
        GameEntry {
            id: "platoon-cards",
            data_files: platoon_cards_rules::data_files,
            build: |files| {
                Ok(Arc::new(Game::new(
                    platoon_cards_rules::PlatoonCards::from_files(files)?,
                )))
            },
            ai: vt_ai::for_game::<platoon_cards_rules::PlatoonCards>,
        },
    ]
}

pub fn entry(id: &str) -> Option<GameEntry> {
    entries().into_iter().find(|e| e.id == id)
}

/// Builds a game from its embedded data, overridden by the files under
/// `assets_dir` where given.
pub fn load(entry: &GameEntry, assets_dir: Option<&Path>) -> Result<Arc<dyn DynGame>, DataError> {
    let mut files = (entry.data_files)();
    if let Some(dir) = assets_dir {
        files.override_from_dir(dir)?;
    }
    (entry.build)(&files)
}

/// Every game, built from embedded data (or `assets_dir` overrides).
pub fn load_all(assets_dir: Option<&Path>) -> Result<Vec<Arc<dyn DynGame>>, DataError> {
    entries().iter().map(|e| load(e, assets_dir)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_kebab_case() {
        let es = entries();
        for (i, e) in es.iter().enumerate() {
            assert!(
                e.id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{}",
                e.id
            );
            assert!(es[i + 1..].iter().all(|o| o.id != e.id));
        }
    }

    #[test]
    fn every_game_builds_from_embedded_data_and_names_itself() {
        for e in entries() {
            let g = load(&e, None).unwrap_or_else(|err| panic!("{}: {err}", e.id));
            let info = g.info();
            assert_eq!(info.id, e.id);
            assert!(!info.scenarios.is_empty());
            assert!(!info.sides.is_empty());
            // Every game has its search hooks (issue 13): a sampler of what
            // a side may know, an evaluation and a rollout policy.
            assert!((e.ai)(&*g).is_some(), "{}: computer player", e.id);
        }
    }

    // A level's seconds become iterations at the scenario's rate: Crossfire's
    // bunker line (dozens of stands in cover) searches at about a quarter of
    // the patrol's rate, so its levels get a quarter of the iterations and
    // think about as long. The same scenario and seconds always give the
    // same count; a scenario the game does not know gets the game's usual.
    #[test]
    fn levels_think_in_iterations_at_each_scenarios_rate() {
        let e = entries()
            .into_iter()
            .find(|e| e.id == "crossfire-vn")
            .unwrap();
        let ai = (e.ai)(&*load(&e, None).unwrap()).unwrap();
        let bunkers = ai.iterations_for("bunker-line", 2.0);
        let patrol = ai.iterations_for("trail-contact", 2.0);
        assert!(bunkers * 3 < patrol, "{bunkers} {patrol}");
        assert_eq!(bunkers, ai.iterations_for("bunker-line", 2.0));
        assert_eq!(ai.iterations_for("edited", 1.0), 240);
        assert_eq!(ai.iterations_for("bunker-line", 0.0), 1);
    }
}
