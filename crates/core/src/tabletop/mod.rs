//! Geometry in inches for the miniatures rules: positions and distances,
//! bases with a facing, terrain, templates, arcs, movement and line of
//! sight.
//!
//! Everything is computed with IEEE basic operations and `sqrt` (angles by
//! the series in [`trig`]), so results are the same on every platform and
//! may decide a rule. Shapes serialize to RON for `assets/<game>/`.
//!
//! # Conventions
//!
//! - One unit is one inch. `x` runs to the right along the bottom edge, `y`
//!   up the table, away from the player whose edge is at the bottom.
//!   Commands carry positions rounded to 1/100" ([`Point::snapped`],
//!   [`HUNDREDTH`]).
//! - A base ([`Base`]) is round or rectangular and has a facing. Distances
//!   between bases are edge to edge ([`Base::distance_to`]): Crossfire's
//!   "within one stand width" is `a.distance_to(&b) < width`. Bases closer
//!   than [`CONTACT`] are in contact; bases may not [`Base::overlaps`].
//! - Terrain is a list of [`Feature`]s with a kind the game chooses (an
//!   enum of its terrain chart's rows): areas (polygons), lines (hedges,
//!   dykes, walls: crossed, not entered) and bands (roads, trails, streams:
//!   a polyline with a width, entered like an area), each with an
//!   [`Elevation`] for line of sight.
//! - Templates ([`Circle`], [`Rect`], either as [`Template`]) report how much
//!   of each base lies under them ([`Base::fraction_under`]) and whether the
//!   whole base does ([`Base::fully_under`]).
//! - Arcs of fire ([`FireArc`], [`Base::front_arc`]) are drawn from the
//!   front corners of a rectangular base or the centre of a round one.
//!
//! # Movement
//!
//! A move is a path of the base's centre (a polyline); the base keeps its
//! facing (turning is the game's own action). [`path_legs`] cuts the path
//! where it enters, leaves or crosses features; [`plan_move`] prices it
//! with the game's [`Terrain`] (allowance per inch inside each feature kind,
//! costs to enter, leave or cross, impassable kinds) and finds where it
//! must end: allowance spent, impassable ground, a feature the terrain
//! says stops a move (Crossfire: the first feature entered, the first
//! linear obstacle reached, with [`StopAt`] choosing whether that is when
//! the base touches it, its centre is in, or it is wholly in or across),
//! or another base in the way ([`Base::first_contact`]).
//!
//! # Line of sight
//!
//! [`line_of_sight`] judges one line from an [`Eye`] to another against the
//! game's [`SightRules`] and answers [`Seen::Clear`], [`Seen::Cover`],
//! [`Seen::Blocked`] or [`Seen::Dead`], naming the feature that decided it;
//! [`sight_profile`] gives the same answer for every point along a line,
//! for a tool that colours it; [`sight_along`] for every point of a move
//! (where reactive fire or overwatch may fire at the mover). A feature that blocks sight may still be
//! seen into (and out of) to a depth ([`SightRule::blocks`]: the card game's
//! 3", Crossfire's "into but not through" is an unlimited depth). Heights
//! follow the card game's levels: a feature lower than both ends is seen
//! over; one between a higher viewer and a lower target hides the ground
//! behind it for a distance ([`DeadGround`]: the card game's half the
//! viewer-to-obstacle distance, or true geometry). Stands in the way of a
//! line are counted by [`bases_crossed`]; which of them block is the game's
//! rule.
//!
//! [`sight`] is the raw trace the rest is built on: for each feature, the
//! stretches of the line inside it and where it crosses lines.
//!
//! [`skirmish`] is a small test game on all of this (as Pig is for the
//! engine), for the table board's tests and to try it by hand.

mod arc;
mod base;
mod features;
mod geom;
mod los;
mod movement;
mod scatter;
pub mod skirmish;
mod template;
#[cfg(test)]
mod testing;
pub mod trig;

pub use arc::FireArc;
pub use base::{Base, CONTACT};
pub use features::{Elevation, Feature, Passage, Shape, SightHit, sight};
pub use geom::{
    EPS, HUNDREDTH, Location, Point, closest_approach, closest_on_segment, convex_overlap_area,
    distance, distance_to_segment, locate, path_length, point_along, point_in_polygon,
    polygon_area, segment_distance,
};
pub use los::{
    BaseCrossing, Cover, DeadGround, Eye, SIGHT_SAMPLES_PER_INCH, Seen, Sight, SightRule,
    SightRules, SightStretch, bases_crossed, ground_level, line_of_sight, sight_along,
    sight_profile,
};
pub use movement::{
    Halt, Leg, MovePlan, PathEvent, StopAt, Terrain, Transit, path_legs, plan_move, route_rate,
};
pub use scatter::{Direction, UP_THE_TABLE, heading, scatter};
pub use template::{Circle, Covers, Rect, Template};
