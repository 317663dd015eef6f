//! The computer player with the game types erased, for `vt` and the
//! launcher, which hold games as [`DynGame`] and sessions as
//! [`DynSession`]. Commands cross as JSON values, as everywhere else.

use crate::matches::{MatchSummary, play_matches};
use crate::mcts::{Config, Search};
use crate::player::{Player, choose};
use crate::repeats;
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;
use vt_core::dynamic::{DynGame, DynSession, Game};
use vt_core::session::Session;
use vt_core::{AiRules, GameRng, Setup, SetupError, SideIdx};

/// The computer player of one game.
pub trait DynAi: Send + Sync {
    /// Plays a series (see [`play_matches`]).
    fn play_matches(
        &self,
        setup: &Setup,
        players: &[Player],
        games: u64,
        threads: usize,
    ) -> Result<MatchSummary, SetupError>;

    /// Iterations of the search for `seconds` of thought in `scenario` (at
    /// the scenario's [`vt_core::AiRules::search_rate`]; at least one): the
    /// same for the same scenario and seconds on every machine.
    fn iterations_for(&self, scenario: &str, seconds: f64) -> u32;

    /// A search for `side` from where `session` stands (`None` if the
    /// session is not of this game). Run it in slices with
    /// [`DynSearch::run`], on any thread.
    fn search(
        &self,
        session: &dyn DynSession,
        side: SideIdx,
        config: Config,
    ) -> Option<Box<dyn DynSearch>>;

    /// What `player` plays for `side` now, at once (the random and scripted
    /// players; the search runs its iterations here, so keep it small).
    fn choose(
        &self,
        session: &dyn DynSession,
        side: SideIdx,
        player: Player,
        seed: u64,
    ) -> Option<Value>;
}

/// A search under way.
pub trait DynSearch: Send + Sync {
    fn run(&mut self, iterations: u32);
    fn iterations(&self) -> u32;
    /// Nothing to search (one command, or not this side's decision).
    fn is_trivial(&self) -> bool;
    fn thought(&self) -> Option<DynThought>;
}

/// [`crate::Thought`] with the commands as JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DynThought {
    pub command: Value,
    pub value: Option<f64>,
    pub win: Option<f64>,
    /// Every side's estimated chance after the command (see
    /// [`crate::Thought::chances`]).
    pub chances: Vec<f64>,
    pub iterations: u32,
    /// The root commands the search tried: command, visits, value, win.
    pub considered: Vec<(Value, u32, f64, f64)>,
}

/// A game's ruleset as a computer player.
pub struct Ai<R: AiRules>(pub Arc<R>);

/// The computer player of `game`, if its ruleset is `R` (the registry
/// lists `for_game::<fte_rules::Fte>` beside each game).
pub fn for_game<R: AiRules>(game: &dyn DynGame) -> Option<Arc<dyn DynAi>> {
    let g = game.as_any().downcast_ref::<Game<R>>()?;
    Some(Arc::new(Ai(g.0.clone())))
}

fn json<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

struct Running<R: AiRules>(Search<R>);

impl<R: AiRules> DynSearch for Running<R> {
    fn run(&mut self, iterations: u32) {
        self.0.run(iterations);
    }

    fn iterations(&self) -> u32 {
        self.0.iterations()
    }

    fn is_trivial(&self) -> bool {
        self.0.is_trivial()
    }

    fn thought(&self) -> Option<DynThought> {
        let t = self.0.thought()?;
        Some(DynThought {
            command: json(&t.command),
            value: t.value,
            win: t.win,
            chances: t.chances.clone(),
            iterations: t.iterations,
            considered: t
                .considered
                .iter()
                .map(|c| (json(&c.command), c.visits, c.value, c.win))
                .collect(),
        })
    }
}

impl<R: AiRules> DynAi for Ai<R> {
    fn play_matches(
        &self,
        setup: &Setup,
        players: &[Player],
        games: u64,
        threads: usize,
    ) -> Result<MatchSummary, SetupError> {
        play_matches(&self.0, setup, players, games, threads)
    }

    fn iterations_for(&self, scenario: &str, seconds: f64) -> u32 {
        (self.0.search_rate(scenario) as f64 * seconds).clamp(1.0, u32::MAX as f64) as u32
    }

    fn search(
        &self,
        session: &dyn DynSession,
        side: SideIdx,
        config: Config,
    ) -> Option<Box<dyn DynSearch>> {
        let s = session.as_any().downcast_ref::<Session<R>>()?;
        let guard = repeats::in_session(s, side);
        Some(Box::new(Running(
            Search::new(self.0.clone(), &s.state, side, config).avoiding(&guard),
        )))
    }

    fn choose(
        &self,
        session: &dyn DynSession,
        side: SideIdx,
        player: Player,
        seed: u64,
    ) -> Option<Value> {
        let s = session.as_any().downcast_ref::<Session<R>>()?;
        let legal = self.0.legal(&s.state);
        if legal.is_empty() {
            return None;
        }
        let mut rng = GameRng::seeded(seed);
        let guard = repeats::in_session(s, side);
        let (i, _) = choose(&self.0, &s.state, side, &legal, player, &guard, &mut rng);
        Some(json(&legal[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vt_core::testing::Pig;

    #[test]
    fn finds_its_game_and_searches_a_session() {
        let game: Arc<dyn DynGame> = Arc::new(Game::new(Pig { goal: 30 }));
        let ai = for_game::<Pig>(&*game).expect("Pig is Pig");
        assert!(for_game::<vt_core::testing::Pig>(&*game).is_some());
        let mut session = game.new_session(Setup::new("race", 4)).unwrap();
        session.apply(&serde_json::json!("Roll")).unwrap();
        let side = session.decision().side.unwrap();
        let mut search = ai.search(&*session, side, Config::default()).unwrap();
        if !search.is_trivial() {
            search.run(50);
            let t = search.thought().unwrap();
            assert_eq!(t.iterations, 50);
            assert!(session.legal().contains(&t.command));
        }
        let c = ai.choose(&*session, side, Player::Scripted, 3).unwrap();
        assert!(session.legal().contains(&c));
    }
}
