//! The new-game form: game, scenario, options, who plays each side (and
//! how hard the computer thinks), seed.

use crate::catalog::Catalog;
use crate::computer::Level;
use crate::flow::{NewGame, random_seed};
use bevy::prelude::Resource;
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

impl SetupForm {
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
            controllers: self.controllers.clone(),
        })
    }
}
