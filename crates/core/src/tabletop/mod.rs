//! Geometry in inches for the miniatures rules: positions and distances,
//! terrain features as polygons and polylines with a kind chosen by the
//! game, line of sight against them (how much of the line is inside each
//! area, where it crosses each linear feature), circular templates and the
//! fraction of a round or rectangular base under one, scatter by clock
//! direction or degrees, point-in-polygon and closest approach.
//!
//! Everything is computed with IEEE basic operations and `sqrt` (angles by
//! the series in [`trig`]), so results are the same on every platform.
//! Shapes serialize to RON for `assets/<game>/`.

mod features;
mod geom;
mod scatter;
mod template;
pub mod trig;

pub use features::{Feature, Shape, SightHit, sight};
pub use geom::{
    EPS, Location, Point, closest_approach, closest_on_segment, distance, locate, point_in_polygon,
    polygon_area,
};
pub use scatter::{Direction, UP_THE_TABLE, heading, scatter};
pub use template::{Base, Circle};
