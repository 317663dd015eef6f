//! Stands as bases on the table: the one place this game meets
//! `vt_core::tabletop`. Distances between stands are edge to edge (the
//! miniatures norm, Notes: UNIT SCALES bases).

use crate::data::UnitType;
use crate::state::Stand;
use vt_core::tabletop::{Base, Point, closest_on_segment, point_in_polygon, trig::sin_cos_deg};

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

/// The facing, in degrees clockwise from up the table, of a direction.
pub fn facing_of(v: Point) -> f64 {
    if v.x == 0.0 && v.y == 0.0 {
        return 0.0;
    }
    let rad = vt_core::tabletop::trig::atan2(v.x, v.y);
    let deg = rad * (180.0 / std::f64::consts::PI);
    let d = if deg < 0.0 { deg + 360.0 } else { deg };
    // Whole degrees: a stand's facing is set by hand to no finer.
    d.round().rem_euclid(360.0)
}

/// The stand's base where it stands.
pub fn base(t: &UnitType, s: &Stand) -> Base {
    base_at(t, s.pos, s.facing)
}

pub fn base_at(t: &UnitType, at: Point, facing: f64) -> Base {
    Base::Rect {
        centre: at,
        width: t.width,
        length: t.length,
        facing: facing_vec(facing),
    }
}

// Until `vt_core::tabletop` has base-to-base distances (the tabletop
// helper's work), the three below measure rectangles by their corners and
// edges; they go when `Base::distance_to` lands.
fn outline(b: &Base) -> [Point; 4] {
    match b.corners() {
        Some(c) => c,
        None => [b.centre(); 4],
    }
}

/// Half the diagonal: no point of the base is further from its centre.
fn reach(b: &Base) -> f64 {
    match *b {
        Base::Round { radius, .. } => radius,
        Base::Rect { width, length, .. } => (width * width + length * length).sqrt() / 2.0,
    }
}

fn to_ring(p: Point, ring: &[Point; 4]) -> f64 {
    (0..4)
        .map(|i| {
            closest_on_segment(ring[i], ring[(i + 1) % 4], p)
                .0
                .distance(p)
        })
        .fold(f64::INFINITY, f64::min)
}

/// Edge-to-edge distance between two bases, 0 when they touch or overlap.
pub fn gap(a: &Base, b: &Base) -> f64 {
    if overlaps(a, b) {
        return 0.0;
    }
    let (pa, pb) = (outline(a), outline(b));
    let mut best = f64::INFINITY;
    for p in pa {
        best = best.min(to_ring(p, &pb));
    }
    for p in pb {
        best = best.min(to_ring(p, &pa));
    }
    best
}

/// Distance from a base's edge to a point, 0 inside it.
pub fn gap_to_point(a: &Base, p: Point) -> f64 {
    let pa = outline(a);
    if point_in_polygon(&pa, p) {
        return 0.0;
    }
    to_ring(p, &pa)
}

pub fn overlaps(a: &Base, b: &Base) -> bool {
    if a.centre().distance(b.centre()) >= reach(a) + reach(b) {
        return false;
    }
    let (pa, pb) = (outline(a), outline(b));
    // Separating axis test on both rectangles' edge normals.
    for poly in [&pa, &pb] {
        for i in 0..4 {
            let e = poly[(i + 1) % 4] - poly[i];
            let axis = Point::new(-e.y, e.x);
            let proj = |q: &[Point; 4]| {
                q.iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                        let d = axis.dot(*p);
                        (lo.min(d), hi.max(d))
                    })
            };
            let (a0, a1) = proj(&pa);
            let (b0, b1) = proj(&pb);
            if a1 <= b0 + 1e-9 || b1 <= a0 + 1e-9 {
                return false;
            }
        }
    }
    true
}

/// A position rounded to 1/100 inch, so commands and saves read well and
/// replays never hang on a 17-digit float.
pub fn snap(p: Point) -> Point {
    Point::new((p.x * 100.0).round() / 100.0, (p.y * 100.0).round() / 100.0)
}
