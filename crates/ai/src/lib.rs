//! The computer player of Vietnam Tactics, for every game, with no Bevy.
//!
//! [`mcts`]: an information-set Monte Carlo tree search over the
//! [`vt_core::Ruleset`] contract. It decides for one side from that side's
//! knowledge only: every iteration samples the hidden information with the
//! game's [`vt_core::AiRules::determinize`], and the real state is never
//! read past that. The game supplies the sampler, an evaluation and a
//! rollout policy ([`vt_core::ai`]).
//!
//! [`player`]: who plays a side (random, the game's scripted player, the
//! search) and how `vt` names them; [`matches`]: series of games with each
//! side's win rate and its 95 % interval; [`repeats`]: the guard against
//! going round a loop of the side's own commands; [`dynamic`]: the same
//! with the game types erased, for `vt` and the launcher.

pub mod dynamic;
pub mod matches;
pub mod mcts;
pub mod player;
pub mod repeats;

pub use dynamic::{Ai, DynAi, DynSearch, DynThought, for_game};
pub use matches::{MatchSummary, SideRecord, play_matches, wilson};
pub use mcts::{Config, Considered, Search, Thought};
pub use player::{DEFAULT_ITERATIONS, LEVELS, Player, level_seconds, parse_players};
