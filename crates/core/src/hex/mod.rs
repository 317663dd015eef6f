//! Hex maps for the hex-and-counter games, on [hexx](https://docs.rs/hexx).
//!
//! - [`MapCoord`] and [`Offset`]: coordinates as printed ("23.18", column
//!   then row) and how a printed map's columns or rows are staggered;
//! - [`HexMap`]: terrain per hex (of the game's type), elevation levels,
//!   hexside features (roads, trails, streams, walls, hedges), slopes
//!   between levels, and its RON form;
//! - movement: [`Mp`] (exact half points), [`MoveCost`] supplied by the
//!   game, [`HexMap::reachable`] and [`HexMap::cheapest_path`];
//! - line of sight: [`trace`] reports every hex, hexside, run along a
//!   hexside and corner the line meets, exactly; [`HexMap::los`] applies
//!   the usual conventions; [`distance`] is the range in hexes.
//!
//! Nothing here knows any one game's rules: the facts are exposed, and the
//! game applies its own costs and blocking rules.

mod coord;
mod los;
mod map;
mod movement;

#[cfg(test)]
mod tests;

pub use coord::{CoordError, MapCoord, Offset};
pub use hexx::Hex;
pub use los::{
    Blocker, Contact, SideContact, SideRule, Sight, Step, Steps, Trace, distance, steps, trace,
};
pub use map::{HexMap, Hexside, MAX_HEXES, MapError, SideFeatures, Slope};
pub use movement::{MoveCost, Mp, MpError, Path, Reach};
