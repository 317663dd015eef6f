//! Stands as bases on the table: the one place this game meets
//! `vt_core::tabletop` for them. Distances between stands are edge to edge
//! (Notes: UNIT SCALES bases), facings in whole degrees clockwise from up
//! the table.

use crate::data::UnitType;
use crate::state::Stand;
use vt_core::tabletop::{Base, HUNDREDTH, Point, trig::sin_cos_deg};

/// The unit vector of a facing in degrees clockwise from up the table
/// (whole degrees come from a table worked out once with the same maths).
pub fn facing_vec(deg: f64) -> Point {
    static WHOLE: std::sync::OnceLock<Vec<Point>> = std::sync::OnceLock::new();
    if deg.fract() == 0.0 && deg.is_finite() {
        let table = WHOLE.get_or_init(|| {
            (0..360)
                .map(|d| {
                    let (s, c) = sin_cos_deg(d as f64);
                    Point::new(s, c)
                })
                .collect()
        });
        return table[(deg as i64).rem_euclid(360) as usize];
    }
    let (s, c) = sin_cos_deg(deg);
    Point::new(s, c)
}

/// The facing, in whole degrees clockwise from up the table, of a direction.
pub fn facing_of(v: Point) -> f64 {
    if v.x == 0.0 && v.y == 0.0 {
        return 0.0;
    }
    let rad = vt_core::tabletop::trig::atan2(v.x, v.y);
    let deg = rad * (180.0 / std::f64::consts::PI);
    deg.round().rem_euclid(360.0)
}

/// The stand's base where it stands.
pub fn base(t: &UnitType, s: &Stand) -> Base {
    base_at(t, s.pos, s.facing)
}

pub fn base_at(t: &UnitType, at: Point, facing: f64) -> Base {
    Base::rect(at, t.width, t.length, facing_vec(facing))
}

/// Edge-to-edge distance between two bases, 0 when they touch or overlap.
pub fn gap(a: &Base, b: &Base) -> f64 {
    a.distance_to(b)
}

/// Distance from a base's edge to a point, 0 inside it.
pub fn gap_to_point(a: &Base, p: Point) -> f64 {
    a.distance_to_point(p)
}

pub fn overlaps(a: &Base, b: &Base) -> bool {
    a.overlaps(b)
}

/// A position rounded to 1/100 inch, as commands carry them.
pub fn snap(p: Point) -> Point {
    p.snapped(HUNDREDTH)
}
