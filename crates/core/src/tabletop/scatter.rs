//! Scatter: moving a point a distance in a direction given as a clock
//! hour or in degrees.

use super::geom::Point;
use super::trig::sin_cos_deg;
use serde::{Deserialize, Serialize};

/// A direction measured clockwise from a reference ("12 o'clock").
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Direction {
    /// A clock hour, 1 to 12; 12 is the reference direction, 3 is a right
    /// angle clockwise from it. Other numbers wrap round (0 is 12, 13 is 1).
    Clock(u8),
    /// Degrees clockwise from the reference.
    Degrees(f64),
}

impl Direction {
    /// Degrees clockwise from the reference, in [0, 360).
    pub fn degrees(self) -> f64 {
        match self {
            Direction::Clock(h) => 30.0 * (h % 12) as f64,
            Direction::Degrees(d) if d.is_finite() => {
                let r = d - 360.0 * (d / 360.0).floor();
                if r >= 360.0 { 0.0 } else { r }
            }
            Direction::Degrees(_) => 0.0,
        }
    }
}

/// Up the table (+y): the usual reference for "12 o'clock".
pub const UP_THE_TABLE: Point = Point::new(0.0, 1.0);

/// The unit vector pointing `dir` from `twelve` (the direction of 12
/// o'clock: up the table, the line of fire, a vehicle's facing; a zero
/// vector means up the table).
pub fn heading(twelve: Point, dir: Direction) -> Point {
    let h = twelve.normalized().unwrap_or(UP_THE_TABLE);
    let (s, c) = sin_cos_deg(dir.degrees());
    // Clockwise rotation with y up the table.
    Point::new(h.x * c + h.y * s, -h.x * s + h.y * c)
}

/// Where a point ends up after scattering `distance` inches in direction
/// `dir`, measured from `twelve`.
pub fn scatter(from: Point, twelve: Point, dir: Direction, distance: f64) -> Point {
    from + heading(twelve, dir) * distance
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    fn close(a: Point, b: Point) {
        assert!(a.distance(b) < 1e-14, "{a:?} vs {b:?}");
    }

    #[test]
    fn clock_directions_up_the_table() {
        let o = p(10.0, 10.0);
        let up = UP_THE_TABLE;
        assert_eq!(scatter(o, up, Direction::Clock(12), 2.0), p(10.0, 12.0));
        assert_eq!(scatter(o, up, Direction::Clock(3), 2.0), p(12.0, 10.0));
        assert_eq!(scatter(o, up, Direction::Clock(6), 2.0), p(10.0, 8.0));
        assert_eq!(scatter(o, up, Direction::Clock(9), 2.0), p(8.0, 10.0));
        // 1 o'clock is 30° right of 12: (2 sin 30°, 2 cos 30°) = (1, √3).
        assert_eq!(
            scatter(o, up, Direction::Clock(1), 2.0),
            p(11.0, 10.0 + 3f64.sqrt())
        );
        assert_eq!(scatter(o, up, Direction::Clock(0), 2.0), p(10.0, 12.0));
        assert_eq!(scatter(o, up, Direction::Clock(15), 2.0), p(12.0, 10.0));
        assert_eq!(
            scatter(o, up, Direction::Clock(4), 6.0),
            scatter(o, up, Direction::Degrees(120.0), 6.0)
        );
    }

    #[test]
    fn degrees_and_other_references() {
        let o = p(0.0, 0.0);
        let r2 = 2f64.sqrt();
        close(
            scatter(o, UP_THE_TABLE, Direction::Degrees(45.0), 2.0),
            p(r2, r2),
        );
        close(
            scatter(o, UP_THE_TABLE, Direction::Degrees(-90.0), 3.0),
            p(-3.0, 0.0),
        );
        close(
            scatter(o, UP_THE_TABLE, Direction::Degrees(450.0), 3.0),
            p(3.0, 0.0),
        );
        let (s, c) = (17.0f64.to_radians().sin(), 17.0f64.to_radians().cos());
        close(
            scatter(o, UP_THE_TABLE, Direction::Degrees(17.0), 1.0),
            p(s, c),
        );
        // 12 o'clock along a line of fire heading east (down the x axis).
        let east = p(5.0, 0.0);
        assert_eq!(scatter(o, east, Direction::Clock(12), 4.0), p(4.0, 0.0));
        assert_eq!(scatter(o, east, Direction::Clock(3), 4.0), p(0.0, -4.0));
        close(
            scatter(o, p(1.0, 1.0), Direction::Clock(6), r2),
            p(-1.0, -1.0),
        );
        // No reference: up the table.
        assert_eq!(
            scatter(o, p(0.0, 0.0), Direction::Clock(3), 1.0),
            p(1.0, 0.0)
        );
        assert_eq!(Direction::Degrees(f64::NAN).degrees(), 0.0);
        assert_eq!(Direction::Degrees(-30.0).degrees(), 330.0);
    }
}
