//! The shared core of Vietnam Tactics: everything the five games have in
//! common, with no Bevy anywhere in its dependency tree.
//!
//! - [`rng`], [`dice`]: the seeded generator and the record of adjudications;
//! - [`deck`], [`cup`], [`track`]: cards, chits and tracks;
//! - [`hex`]: hex maps on hexx with line of sight and movement costs;
//! - [`tabletop`]: geometry in inches for the miniatures rules;
//! - [`provenance`], [`data`]: data values with their sources, RON loading;
//! - [`engine`]: the trait every game implements, typed decision kinds;
//!   [`refusal`]: the one way a check refuses; [`session`]: saves and
//!   replays; [`dynamic`]: the same with types erased; [`playout`]: whole
//!   games played by a policy; [`testing`]: the contract checks;
//!   [`ai`]: what a game supplies to the computer player.
//! - [`files`]: saves and settings written whole or not at all; [`echo`]:
//!   input quoted back in messages at a readable length.

/// `deflated!("path", ...)`: a file under the calling crate's directory,
/// embedded deflated (`data::Embedded` reads it back; issue 15).
pub use vt_embed::deflated;
/// `stored!("path", ...)`: the same, in deflate's stored blocks (the bytes as
/// they are; `embed_asset!`'s data files: vt-embed says why).
pub use vt_embed::stored;

pub mod ai;
pub mod cup;
pub mod data;
pub mod deck;
pub mod dice;
pub mod digest;
pub mod dynamic;
pub mod echo;
pub mod engine;
pub mod files;
pub mod hex;
pub mod playout;
pub mod provenance;
pub mod refusal;
pub mod rng;
pub mod ron_text;
pub mod session;
pub mod sort;
pub mod tabletop;
pub mod testing;
pub mod track;
pub mod words;

pub use ai::AiRules;
pub use dice::{Adjudication, Dice, Modifier};
pub use engine::*;
pub use refusal::{Checked, Refusal, ensure, ensure_with, refuse};
pub use rng::GameRng;
