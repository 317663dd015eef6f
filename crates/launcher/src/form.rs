//! The new-game form: game, scenario, options, who plays each side (and
//! how hard the computer thinks), seed.

use crate::catalog::Catalog;
use crate::computer::Level;
use crate::flow::{NewGame, random_seed};
use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use vt_core::Setup;
use vt_ui::Controller;

#[derive(Resource, Clone, Debug, PartialEq)]
pub struct SetupForm {
    /// Index into the catalog's games.
    pub game: usize,
    /// Index into the game's scenarios.
    pub scenario: usize,
    pub options: BTreeMap<String, String>,
    pub controllers: Vec<Controller>,
    /// How hard the computer thinks for each side, if it plays it.
    pub levels: Vec<Level>,
    /// As typed; a number.
    pub seed: String,
}

/// What the set-up screen was last started with (kept in the settings):
/// the next new game opens on the same game, scenario, options and players.
/// Ids, not indexes, so a build with other games or scenarios still finds
/// them (or falls back to the defaults).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LastChoices {
    pub game: String,
    pub scenario: String,
    pub options: BTreeMap<String, String>,
    pub controllers: Vec<Controller>,
    pub levels: Vec<Level>,
}

impl SetupForm {
    /// The form as `last` left it, where the catalog still has its game;
    /// a scenario, option value or side count the game no longer has falls
    /// back to the default. The seed is always fresh.
    pub fn remembered(catalog: &Catalog, last: Option<&LastChoices>) -> Self {
        let found = last.and_then(|l| {
            let i = catalog.games.iter().position(|g| g.info.id == l.game)?;
            Some((i, l))
        });
        let Some((i, last)) = found else {
            return Self::for_game(catalog, 0);
        };
        let mut f = Self::for_game(catalog, i);
        let info = &catalog.games[i].info;
        if let Some(s) = info.scenarios.iter().position(|s| s.id == last.scenario) {
            f.scenario = s;
        }
        for o in &info.options {
            if let Some(v) = last.options.get(&o.key)
                && o.values.contains(v)
            {
                f.options.insert(o.key.clone(), v.clone());
            }
        }
        if last.controllers.len() == f.controllers.len() {
            f.controllers = last.controllers.clone();
        }
        if last.levels.len() == f.levels.len() {
            f.levels = last.levels.clone();
        }
        f
    }

    /// What to remember of this form once its game starts.
    pub fn choices(&self, catalog: &Catalog) -> Option<LastChoices> {
        let g = catalog.games.get(self.game)?;
        Some(LastChoices {
            game: g.info.id.clone(),
            scenario: g.info.scenarios.get(self.scenario)?.id.clone(),
            options: self.options.clone(),
            controllers: self.controllers.clone(),
            levels: self.levels.clone(),
        })
    }

    /// The form for a game of the catalog, with default options, every
    /// side played by a person here, and a random seed.
    pub fn for_game(catalog: &Catalog, game: usize) -> Self {
        let mut f = SetupForm {
            game,
            scenario: 0,
            options: BTreeMap::new(),
            controllers: Vec::new(),
            levels: Vec::new(),
            seed: random_seed().to_string(),
        };
        f.reset_game(catalog);
        f
    }

    /// Defaults for the chosen game (keeps the seed).
    pub fn reset_game(&mut self, catalog: &Catalog) {
        self.scenario = 0;
        self.options.clear();
        self.controllers.clear();
        if let Some(g) = catalog.games.get(self.game) {
            for o in &g.info.options {
                self.options.insert(o.key.clone(), o.default.clone());
            }
            self.controllers = vec![Controller::Person; g.info.sides.len()];
            self.levels = vec![Level::default(); g.info.sides.len()];
        }
    }

    /// Who plays each side: as chosen, but the scenario's rules for a side
    /// they play (a solitaire game's automatic opponent).
    pub fn seats(&self, catalog: &Catalog) -> Vec<Controller> {
        let mut v = self.controllers.clone();
        if let Some(g) = catalog.games.get(self.game)
            && let Some(s) = g.info.scenarios.get(self.scenario)
        {
            for i in g.info.played_by_rules(&s.id) {
                if let Some(c) = v.get_mut(i as usize) {
                    *c = Controller::Rules;
                }
            }
        }
        v
    }

    pub fn new_seed(&mut self) {
        self.seed = random_seed().to_string();
    }

    /// The game this form starts, or what is wrong with it.
    pub fn new_game(&self, catalog: &Catalog) -> Result<NewGame, String> {
        let g = catalog.games.get(self.game).ok_or("Choose a game.")?;
        let scenario = g
            .info
            .scenarios
            .get(self.scenario)
            .ok_or("Choose a scenario.")?;
        let seed: u64 = self
            .seed
            .trim()
            .parse()
            .map_err(|_| format!("The seed must be a whole number from 0 to {}.", u64::MAX))?;
        Ok(NewGame {
            game: g.info.id.clone(),
            setup: Setup {
                scenario: scenario.id.clone(),
                options: self.options.clone(),
                seed,
            },
            controllers: self.seats(catalog),
        })
    }
}
