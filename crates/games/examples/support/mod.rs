//! What the measuring examples (`scores`, `watch`, `repeats`) share: a game
//! loaded by its id, its computer player, and the players a `--policy`
//! string names.

// Each example is its own program and uses only part of this.
#![allow(dead_code)]

use std::path::Path;
use std::sync::Arc;
use vt_ai::{DynAi, Player, parse_players};
use vt_core::dynamic::{DynGame, DynSession};
use vt_core::engine::Setup;
use vt_core::playout::game_seeds;
use vt_core::rng::GameRng;
use vt_core::{GameInfo, SideIdx};

/// A game, its computer player, its description and who plays each side.
pub struct Match {
    pub game: Arc<dyn DynGame>,
    pub ai: Arc<dyn DynAi>,
    pub info: GameInfo,
    pub players: Vec<Player>,
}

impl Match {
    /// `game_id`'s game (with `assets`' edited data if given), the players
    /// `policy` names at `scenario`'s search rate. Panics with a message on
    /// a bad argument (these are measuring tools).
    pub fn new(game_id: &str, scenario: &str, policy: &str, assets: Option<&Path>) -> Match {
        let entry = vt_games::entries()
            .into_iter()
            .find(|e| e.id == game_id)
            .expect("a registered game");
        let game = vt_games::load(&entry, assets).expect("game data loads");
        let ai = (entry.ai)(&*game).expect("the game has a computer player");
        let info = game.info();
        let players = parse_players(policy, &info, &|seconds| {
            ai.iterations_for(scenario, seconds)
        })
        .expect("a policy");
        Match {
            game,
            ai,
            info,
            players,
        }
    }

    /// Who plays `side` (random where the policy names nobody).
    pub fn player(&self, side: SideIdx) -> Player {
        self.players
            .get(side as usize)
            .copied()
            .unwrap_or(Player::Random)
    }

    /// Game `index` of a series from `seed` (its seeds those of `vt
    /// playout --seed SEED`'s game `index`): the session and the players'
    /// generator.
    pub fn start(&self, scenario: &str, seed: u64, index: u64) -> (Box<dyn DynSession>, GameRng) {
        let (gs, ps) = game_seeds(seed, index);
        let session = self
            .game
            .new_session(Setup::new(scenario, gs))
            .expect("sets up");
        (session, GameRng::seeded(ps))
    }

    /// The command the player of the side to decide chooses.
    pub fn choose(
        &self,
        session: &dyn DynSession,
        side: SideIdx,
        rng: &mut GameRng,
    ) -> serde_json::Value {
        self.ai
            .choose(session, side, self.player(side), rng.next_u64())
            .unwrap_or_else(|| session.legal()[0].clone())
    }
}
