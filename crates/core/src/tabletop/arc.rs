//! Arcs of fire: the ground a base can fire into, to its front.
//!
//! An arc is drawn from a base's front edge (a rectangular base: the two
//! lines leave the front corners) or from a point (a round base's centre, a
//! turret), `half_angle` degrees either side of the facing: 45° gives the
//! usual 90° front arc, 90° everything ahead of the front edge, 180° all
//! round. Decided without trigonometry beyond the arc's own angle, so a
//! target on the line is in the arc on every platform.

use super::base::Base;
use super::geom::{EPS, Point, closest_on_segment};
use super::trig::sin_cos_deg;
use crate::sort::StableSort;
use serde::{Deserialize, Serialize};

/// An arc of fire.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FireArc {
    /// The middle of the edge the arc is drawn from (or its point).
    pub apex: Point,
    /// The direction of the arc's middle, of length 1.
    pub facing: Point,
    /// Half the width of that edge; 0 for an arc from a point.
    pub half_width: f64,
    /// Degrees either side of the facing, 0 to 180.
    pub half_angle: f64,
}

impl FireArc {
    /// An arc from a point (a turret, a round base's centre).
    pub fn from_point(apex: Point, facing: Point, half_angle: f64) -> Self {
        FireArc {
            apex,
            facing: facing.normalized().unwrap_or(super::UP_THE_TABLE),
            half_width: 0.0,
            half_angle: half_angle.clamp(0.0, 180.0),
        }
    }

    /// The ends of the edge the arc is drawn from: left, then right.
    pub fn corners(&self) -> (Point, Point) {
        let side = self.facing.perp() * self.half_width;
        (self.apex + side, self.apex - side)
    }

    /// The directions of the arc's left and right boundary lines.
    pub fn bounds(&self) -> (Point, Point) {
        let (s, c) = sin_cos_deg(self.half_angle);
        let (f, l) = (self.facing, self.facing.perp());
        (f * c + l * s, f * c - l * s)
    }

    /// Whether the point is in the arc (its boundary lines included).
    pub fn contains(&self, p: Point) -> bool {
        if self.half_angle >= 180.0 {
            return true;
        }
        // From the nearest point of the front edge, the angle off the
        // facing is atan2(e, a); it is within the half angle θ exactly
        // when e cos θ - a sin θ <= 0 (both angles lie in [0, π]).
        let v = p - self.apex;
        let a = v.dot(self.facing);
        let e = (v.dot(self.facing.perp()).abs() - self.half_width).max(0.0);
        let (s, c) = sin_cos_deg(self.half_angle);
        e * c - a * s <= EPS
    }

    /// The arc's boundary as segments long enough to pass `reach` inches
    /// beyond the apex: the two side lines, and the front edge where it is
    /// part of the boundary (arcs up to 90° either side).
    fn boundary(&self, reach: f64) -> Vec<(Point, Point)> {
        if self.half_angle >= 180.0 {
            return vec![];
        }
        let (l, r) = self.corners();
        let (dl, dr) = self.bounds();
        let mut out = vec![(l, l + dl * reach), (r, r + dr * reach)];
        if self.half_angle <= 90.0 && self.half_width > 0.0 {
            out.push((l, r));
        }
        out
    }

    fn reach_to(&self, b: &Base) -> f64 {
        self.apex.distance(b.centre()) + b.width() + b.depth() + self.half_width + 1.0
    }

    /// Some part of the base is in the arc (the usual test: "a target is in
    /// arc if any part of it is").
    pub fn reaches(&self, b: &Base) -> bool {
        if self.contains(b.centre()) {
            return true;
        }
        // Otherwise the base, being in one piece, must meet the boundary.
        let blob = b.blob();
        self.boundary(self.reach_to(b))
            .iter()
            .any(|&(p, q)| blob.clip_segment(p, q).is_some())
    }

    /// The whole base is in the arc (touching its lines allowed).
    pub fn holds(&self, b: &Base) -> bool {
        if !self.contains(b.centre()) {
            return false;
        }
        let bounds = self.boundary(self.reach_to(b));
        match *b {
            Base::Round { centre, radius, .. } => bounds
                .iter()
                .all(|&(p, q)| closest_on_segment(p, q, centre).0.distance(centre) >= radius - EPS),
            Base::Rect { .. } => {
                let Some(c) = b.corners() else { return false };
                // Each side of the base, cut where it meets the arc's
                // boundary, has every piece inside.
                (0..4).all(|i| {
                    let (u, w) = (c[i], c[(i + 1) % 4]);
                    let mut ts = vec![0.0, 1.0];
                    for &(p, q) in &bounds {
                        super::geom::segment_hits(u, w, p, q, &mut ts);
                    }
                    ts.stable_sort_by(f64::total_cmp);
                    ts.windows(2).all(|t| {
                        let mid = u + (w - u) * ((t[0] + t[1]) / 2.0);
                        self.contains(mid)
                    }) && self.contains(u)
                })
            }
        }
    }
}

impl Base {
    /// The base's front arc, `half_angle` degrees either side of its facing:
    /// from the front corners of a rectangular base, from the centre of a
    /// round one.
    pub fn front_arc(&self, half_angle: f64) -> FireArc {
        match self {
            Base::Rect { .. } => {
                let (l, r) = self.front_edge();
                FireArc {
                    apex: (l + r) * 0.5,
                    facing: self.facing(),
                    half_width: self.width() / 2.0,
                    half_angle: half_angle.clamp(0.0, 180.0),
                }
            }
            Base::Round { .. } => FireArc::from_point(self.centre(), self.facing(), half_angle),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    const UP: Point = Point::new(0.0, 1.0);

    #[test]
    fn a_ninety_degree_front_arc_from_the_corners() {
        // A 2" wide stand facing up, front edge from (-1, 1) to (1, 1); its
        // 90° arc is bounded by lines at 45° from those corners.
        let arc = Base::rect(p(0.0, 0.0), 2.0, 2.0, UP).front_arc(45.0);
        assert_eq!(arc.apex, p(0.0, 1.0));
        assert!(arc.contains(p(0.0, 10.0)));
        // 9" up and 9" across from the right corner (1, 1): on the line.
        assert!(arc.contains(p(10.0, 10.0)));
        assert!(!arc.contains(p(10.1, 10.0)));
        // Straight ahead of the front edge's end, just in front of it.
        assert!(arc.contains(p(1.0, 1.01)));
        // Beside the stand, level with its front: outside.
        assert!(!arc.contains(p(1.5, 1.0)));
        assert!(!arc.contains(p(0.0, 0.5)));
        // Behind: outside.
        assert!(!arc.contains(p(0.0, -5.0)));
    }

    #[test]
    fn arcs_from_a_point_and_all_round() {
        // A turret facing east with a 60° half angle: (1, tan 60°) is on
        // the line, (1, 1.8) beyond it (√3 = 1.732).
        let t = FireArc::from_point(p(0.0, 0.0), p(1.0, 0.0), 60.0);
        assert!(t.contains(p(1.0, 1.7)));
        assert!(!t.contains(p(1.0, 1.8)));
        assert!(!t.contains(p(-1.0, 0.0)));
        // 90°: the half plane ahead.
        let h = FireArc::from_point(p(0.0, 0.0), UP, 90.0);
        assert!(h.contains(p(-100.0, 0.0)));
        assert!(!h.contains(p(-100.0, -0.01)));
        // 135°: all but a 90° wedge behind.
        let w = FireArc::from_point(p(0.0, 0.0), UP, 135.0);
        assert!(w.contains(p(-3.0, -2.0)));
        assert!(!w.contains(p(-1.0, -2.0)));
        assert!(FireArc::from_point(p(0.0, 0.0), UP, 180.0).contains(p(0.0, -1.0)));
        // A round base's arc is from its centre.
        let r = Base::round(p(5.0, 5.0), 0.5)
            .facing_dir(p(-1.0, 0.0))
            .front_arc(45.0);
        assert!(r.contains(p(0.0, 9.9)));
        assert!(!r.contains(p(0.0, 10.1)));
    }

    #[test]
    fn bases_in_and_partly_in_an_arc() {
        let arc = Base::rect(p(0.0, 0.0), 2.0, 2.0, UP).front_arc(45.0);
        // A target at (10.5, 10) spans x 9.75..11.25, y 9.25..10.75. Its
        // centre is right of the arc's right line (x = y beyond (1, 1)),
        // but the point (10, 10) of that line lies on it: part is in.
        let t = Base::rect(p(10.5, 10.0), 1.5, 1.5, UP);
        assert!(!arc.contains(t.centre()));
        assert!(arc.reaches(&t));
        assert!(!arc.holds(&t));
        // Well inside.
        let u = Base::rect(p(0.0, 8.0), 1.5, 1.5, UP);
        assert!(arc.holds(&u));
        assert!(arc.reaches(&u));
        // Wholly outside to the right.
        let v = Base::rect(p(12.0, 8.0), 1.5, 1.5, UP);
        assert!(!arc.reaches(&v));
        // A round base touching the line from inside: held.
        // The right line is x - y = 0 from (1, 1); a disc of radius
        // √2/2 at (5, 6) is exactly √2/2 from it.
        let d = Base::round(p(5.0, 6.0), 0.5f64.sqrt());
        assert!(arc.holds(&d));
        assert!(!arc.holds(&Base::round(p(5.0, 6.0), 0.75)));
        assert!(arc.reaches(&Base::round(p(7.0, 6.0), 0.75)));
        assert!(!arc.reaches(&Base::round(p(7.0, 6.0), 0.7)));
        // A wide arc (135°) leaves out the wedge |x| < -y behind. A long
        // thin base from x = -10 to 2 at y = -1 has its corners and centre
        // in the arc, but its middle crosses the wedge: not wholly in.
        let wide = FireArc::from_point(p(0.0, 0.0), UP, 135.0);
        let across = Base::rect(p(-4.0, -1.0), 0.2, 12.0, p(1.0, 0.0));
        assert!(across.corners().unwrap().iter().all(|c| wide.contains(*c)));
        assert!(wide.contains(across.centre()));
        assert!(!wide.holds(&across));
        assert!(wide.reaches(&across));
        assert!(wide.holds(&across.at(p(-14.0, -1.0))));
    }
}
