//! Bases: round and rectangular, each with a facing; the distance between
//! two of them edge to edge, contact and overlap, and where a base moving
//! along a path first meets another.

use super::geom::{Blob, EPS, Point, distance_to_segment, polygon_area};
use super::scatter::UP_THE_TABLE;
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// Bases closer than this, in inches, are in contact, and bases that
/// overlap by less than this only touch. Positions in commands are rounded
/// to 1/100" ([`super::HUNDREDTH`]), so two stands put in contact and then
/// rounded are still in contact.
pub const CONTACT: f64 = 0.01;

/// How much a base is shrunk to ask "wholly inside, touching the outline
/// allowed": enough to clear the tolerance of the intersection tests.
pub(crate) const SNUG: f64 = 1e-7;

/// A model's base, placed on the table.
///
/// `facing` is a direction vector of any length; a zero vector faces up
/// the table. A rectangle is `width` across and `length` along its facing
/// (a stand 1.5" wide and 1" deep faces across its long side). A round
/// base's facing does not change its outline but gives it a front, for
/// arcs of fire.
///
/// In RON: `Rect(centre: (10, 4), width: 1.5, length: 1.5, facing: (0, 1))`,
/// `Round(centre: (3, 3), radius: 0.5)` (the facing may be left out).
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Base {
    Round {
        centre: Point,
        radius: f64,
        #[serde(default)]
        facing: Point,
    },
    Rect {
        centre: Point,
        width: f64,
        length: f64,
        facing: Point,
    },
}

impl Base {
    /// A round base facing up the table.
    pub fn round(centre: Point, radius: f64) -> Base {
        Base::Round {
            centre,
            radius,
            facing: Point::default(),
        }
    }

    /// A rectangular base `width` across and `length` along `facing`.
    pub fn rect(centre: Point, width: f64, length: f64, facing: Point) -> Base {
        Base::Rect {
            centre,
            width,
            length,
            facing,
        }
    }

    pub fn centre(&self) -> Point {
        match *self {
            Base::Round { centre, .. } | Base::Rect { centre, .. } => centre,
        }
    }

    /// The direction the base faces, of length 1.
    pub fn facing(&self) -> Point {
        let (Base::Round { facing, .. } | Base::Rect { facing, .. }) = *self;
        facing.normalized().unwrap_or(UP_THE_TABLE)
    }

    /// Across the base, side to side (a round base's diameter).
    pub fn width(&self) -> f64 {
        match *self {
            Base::Round { radius, .. } => 2.0 * radius,
            Base::Rect { width, .. } => width,
        }
    }

    /// Front to back (a round base's diameter).
    pub fn depth(&self) -> f64 {
        match *self {
            Base::Round { radius, .. } => 2.0 * radius,
            Base::Rect { length, .. } => length,
        }
    }

    /// The same base with its centre at `centre`.
    pub fn at(mut self, to: Point) -> Base {
        let (Base::Round { centre, .. } | Base::Rect { centre, .. }) = &mut self;
        *centre = to;
        self
    }

    /// The same base moved by `v`.
    pub fn moved_by(self, v: Point) -> Base {
        let c = self.centre();
        self.at(c + v)
    }

    /// The same base turned to face `dir` (a zero vector: up the table).
    pub fn facing_dir(mut self, dir: Point) -> Base {
        let (Base::Round { facing, .. } | Base::Rect { facing, .. }) = &mut self;
        *facing = dir;
        self
    }

    /// The same base turned to face the point `p` (unchanged if `p` is its
    /// centre).
    pub fn facing_toward(self, p: Point) -> Base {
        match (p - self.centre()).normalized() {
            Some(d) => self.facing_dir(d),
            None => self,
        }
    }

    /// The four corners of a rectangular base, anticlockwise from front left.
    pub fn corners(&self) -> Option<[Point; 4]> {
        let Base::Rect {
            centre,
            width,
            length,
            ..
        } = *self
        else {
            return None;
        };
        let f = self.facing();
        let side = Point::new(f.y, -f.x);
        let (hf, hs) = (f * (length / 2.0), side * (width / 2.0));
        Some([
            centre + hf - hs,
            centre - hf - hs,
            centre - hf + hs,
            centre + hf + hs,
        ])
    }

    /// The front edge, left end then right end (as seen from the base); a
    /// round base's front is one point.
    pub fn front_edge(&self) -> (Point, Point) {
        match self.corners() {
            Some(c) => (c[0], c[3]),
            None => {
                let p = self.centre() + self.facing() * (self.width() / 2.0);
                (p, p)
            }
        }
    }

    /// How far the base's outline reaches from its centre: its radius, or
    /// half a rectangle's diagonal.
    pub fn reach(&self) -> f64 {
        match *self {
            Base::Round { radius, .. } => radius,
            Base::Rect { width, length, .. } => (width * width + length * length).sqrt() / 2.0,
        }
    }

    pub fn area(&self) -> f64 {
        match *self {
            Base::Round { radius, .. } => PI * radius * radius,
            Base::Rect { .. } => self.corners().map_or(0.0, |c| polygon_area(&c)),
        }
    }

    pub(crate) fn blob(&self) -> Blob {
        match *self {
            Base::Round { centre, radius, .. } => Blob::new(vec![centre], radius),
            Base::Rect { .. } => {
                let mut c = self.corners().map_or(vec![], |c| c.to_vec());
                // A zero-sized rectangle: its corners coincide.
                c.dedup_by(|a, b| a.distance(*b) <= EPS);
                if c.len() >= 2 && c[0].distance(c[c.len() - 1]) <= EPS {
                    c.pop();
                }
                Blob::new(super::geom::convex_hull(&c), 0.0)
            }
        }
    }

    /// The same base made smaller by `by` all round (for "wholly inside,
    /// touching the outline allowed").
    pub(crate) fn shrunk(self, by: f64) -> Base {
        match self {
            Base::Round {
                centre,
                radius,
                facing,
            } => Base::Round {
                centre,
                radius: (radius - by).max(0.0),
                facing,
            },
            Base::Rect {
                centre,
                width,
                length,
                facing,
            } => Base::Rect {
                centre,
                width: (width - 2.0 * by).max(0.0),
                length: (length - 2.0 * by).max(0.0),
                facing,
            },
        }
    }

    /// How far `p` is outside the base, negative inside (minus the distance
    /// to the edge).
    fn signed_distance(&self, p: Point) -> f64 {
        match *self {
            Base::Round { centre, radius, .. } => centre.distance(p) - radius,
            Base::Rect { width, length, .. } => {
                let f = self.facing();
                let v = p - self.centre();
                let qx = v.dot(f).abs() - length / 2.0;
                let qy = v.dot(f.perp()).abs() - width / 2.0;
                let outside = Point::new(qx.max(0.0), qy.max(0.0)).length();
                outside + qx.max(qy).min(0.0)
            }
        }
    }

    /// Whether `p` is on the base (its edge included).
    pub fn contains(&self, p: Point) -> bool {
        self.signed_distance(p) <= EPS
    }

    /// How far `p` is from the base's edge; 0 on or inside it.
    pub fn distance_to_point(&self, p: Point) -> f64 {
        self.signed_distance(p).max(0.0)
    }

    /// The distance between the two bases, edge to edge; 0 when they touch
    /// or overlap. "Within one stand width" is `a.distance_to(&b) < w`.
    pub fn distance_to(&self, other: &Base) -> f64 {
        match (self, other) {
            // With a round base the overlap depth is exact both ways: the
            // gap is minus the depth.
            (Base::Round { .. }, _) | (_, Base::Round { .. }) => {
                (-self.overlap_depth(other)).max(0.0)
            }
            _ => self.blob().distance_to(&other.blob()),
        }
    }

    /// How deep the two bases overlap, in inches (how far one would have
    /// to move to clear the other); 0 or less when they do not.
    pub fn overlap_depth(&self, other: &Base) -> f64 {
        match (*self, *other) {
            (
                Base::Round {
                    centre: a,
                    radius: ra,
                    ..
                },
                Base::Round {
                    centre: b,
                    radius: rb,
                    ..
                },
            ) => ra + rb - a.distance(b),
            (Base::Round { centre, radius, .. }, r @ Base::Rect { .. })
            | (r @ Base::Rect { .. }, Base::Round { centre, radius, .. }) => {
                radius - r.signed_distance(centre)
            }
            _ => {
                // Separating axes: the overlap is the least of the overlaps
                // of the two shadows on each side's normal.
                let (Some(a), Some(b)) = (self.corners(), other.corners()) else {
                    return 0.0;
                };
                let axes = [
                    self.facing(),
                    self.facing().perp(),
                    other.facing(),
                    other.facing().perp(),
                ];
                let shadow = |c: &[Point; 4], ax: Point| {
                    c.iter()
                        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                            (lo.min(p.dot(ax)), hi.max(p.dot(ax)))
                        })
                };
                axes.iter()
                    .map(|&ax| {
                        let (a0, a1) = shadow(&a, ax);
                        let (b0, b1) = shadow(&b, ax);
                        a1.min(b1) - a0.max(b0)
                    })
                    .fold(f64::INFINITY, f64::min)
            }
        }
    }

    /// The bases overlap by more than [`CONTACT`]: two stands may not stand
    /// like this.
    pub fn overlaps(&self, other: &Base) -> bool {
        self.overlap_depth(other) > CONTACT
    }

    /// The bases touch: closer than [`CONTACT`] and not overlapping.
    pub fn in_contact(&self, other: &Base) -> bool {
        self.distance_to(other) < CONTACT && !self.overlaps(other)
    }

    /// Moving this base's centre in a straight line to `to` (its facing
    /// unchanged), the stretch of the move during which it touches or
    /// overlaps `other`, in inches from the start.
    pub fn touch_along(&self, to: Point, other: &Base) -> Option<(f64, f64)> {
        let from = self.centre();
        let len = from.distance(to);
        other
            .blob()
            .swept_by(&self.blob(), to - from)
            .map(|(a, b)| (a * len, b * len))
    }

    /// Moving this base along `path` (from its first point, which is where
    /// the base's centre starts; the facing unchanged), the first distance
    /// along the path at which it would overlap one of `others`, and which.
    /// The move must end there, in contact. Bases it starts in contact with
    /// and moves away from or slides along do not stop it.
    pub fn first_contact(&self, path: &[Point], others: &[Base]) -> Option<(f64, usize)> {
        let mut along = 0.0;
        let mut best: Option<(f64, usize)> = None;
        let mine = self.reach();
        for w in path.windows(2) {
            let seg = w[0].distance(w[1]);
            let here = self.at(w[0]);
            for (i, o) in others.iter().enumerate() {
                // Too far from this stretch to be touched: skip the sweep.
                if distance_to_segment(o.centre(), w[0], w[1]) > mine + o.reach() + EPS {
                    continue;
                }
                let Some((t0, t1)) = here.touch_along(w[1], o) else {
                    continue;
                };
                // Touching along the whole stretch only matters if the
                // bases come to overlap in it.
                let mid = here.at(w[0].toward(w[1], (t0 + t1) / 2.0));
                let into = if t1 - t0 > EPS {
                    mid.overlaps(o)
                } else {
                    here.at(w[0].toward(w[1], t0)).overlaps(o)
                };
                if into && best.is_none_or(|b| along + t0 < b.0) {
                    best = Some((along + t0, i));
                }
            }
            if best.is_some() {
                return best;
            }
            along += seg;
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-8, "{a} vs {b}");
    }

    const UP: Point = Point::new(0.0, 1.0);

    // Crossfire stands are 1.5" square (Incoming!'s recommended bases);
    // "within one stand width" is edge to edge and strictly less.
    #[test]
    fn stand_widths_edge_to_edge() {
        let a = Base::rect(p(0.0, 0.0), 1.5, 1.5, UP);
        // Side by side 3" apart centre to centre: a 1.5" gap, one stand
        // width: another stand would fit between, so not "within".
        let b = a.at(p(3.0, 0.0));
        assert_eq!(a.distance_to(&b), 1.5);
        assert!(a.distance_to(&b) >= 1.5);
        // 2.9" apart: a 1.4" gap, within one stand width.
        close(a.distance_to(&a.at(p(2.9, 0.0))), 1.4);
        // Corner to corner: offset (3, 4) leaves a (1.5, 2.5) gap, √8.5.
        close(a.distance_to(&a.at(p(3.0, 4.0))), 8.5f64.sqrt());
        // Touching side to side.
        let c = a.at(p(1.5, 0.0));
        assert_eq!(a.distance_to(&c), 0.0);
        assert!(a.in_contact(&c));
        assert!(!a.overlaps(&c));
        // Overlapping by half a stand.
        let d = a.at(p(0.75, 0.0));
        assert!(a.overlaps(&d));
        close(a.overlap_depth(&d), 0.75);
        assert!(!a.in_contact(&d));
    }

    #[test]
    fn turned_and_round_bases() {
        // A 2x2 square turned 45°: its corner reaches √2 from the centre.
        let diamond = Base::rect(p(0.0, 0.0), 2.0, 2.0, p(1.0, 1.0));
        let square = Base::rect(p(4.0, 0.0), 2.0, 2.0, UP);
        close(diamond.distance_to(&square), 3.0 - 2f64.sqrt());
        // Round to round: 5 apart, radii 1 and 0.5.
        let r1 = Base::round(p(0.0, 0.0), 1.0);
        let r2 = Base::round(p(3.0, 4.0), 0.5);
        close(r1.distance_to(&r2), 3.5);
        // Round to square: the nearest edge of the square at x = 3.
        let r3 = Base::round(p(0.0, 0.0), 0.625);
        close(r3.distance_to(&square), 3.0 - 0.625);
        // Round to the square's corner (3, 1) from (0, 5): distance 5.
        close(Base::round(p(0.0, 5.0), 1.0).distance_to(&square), 4.0);
        // A small round base on top of a big one.
        assert_eq!(Base::round(p(4.0, 0.2), 0.3).distance_to(&square), 0.0);
        assert!(Base::round(p(4.0, 0.2), 0.3).overlaps(&square));
        close(
            Base::round(p(4.0, 0.2), 0.3).overlap_depth(&square),
            0.3 + 0.8,
        );
        assert!(square.contains(p(5.0, 1.0)));
        assert!(!square.contains(p(5.1, 1.0)));
        close(square.distance_to_point(p(6.0, 3.0)), 5f64.sqrt());
    }

    #[test]
    fn corners_and_front() {
        let b = Base::rect(p(0.0, 0.0), 1.0, 2.0, p(1.0, 0.0));
        // Facing east: front edge at x = 1, left end north.
        assert_eq!(b.front_edge(), (p(1.0, 0.5), p(1.0, -0.5)));
        assert_eq!(b.width(), 1.0);
        assert_eq!(b.depth(), 2.0);
        let r = Base::round(p(2.0, 2.0), 0.5).facing_toward(p(2.0, 0.0));
        assert_eq!(r.facing(), p(0.0, -1.0));
        assert_eq!(r.front_edge().0, p(2.0, 1.5));
        assert_eq!(Base::round(p(0.0, 0.0), 1.0).facing(), UP);
        // A 3" x 4" rectangle reaches 2.5" from its centre, a disc its radius.
        assert_eq!(Base::rect(p(0.0, 0.0), 3.0, 4.0, UP).reach(), 2.5);
        assert_eq!(Base::round(p(0.0, 0.0), 0.75).reach(), 0.75);
    }

    #[test]
    fn moving_into_contact() {
        // A 1.5" stand moving east towards another 6" away centre to centre
        // touches it after 4.5" and is clear of it after 7.5".
        let a = Base::rect(p(0.0, 0.0), 1.5, 1.5, UP);
        let b = a.at(p(6.0, 0.0));
        let (t0, t1) = a.touch_along(p(10.0, 0.0), &b).unwrap();
        close(t0, 4.5);
        close(t1, 7.5);
        let (at, i) = a.first_contact(&[p(0.0, 0.0), p(10.0, 0.0)], &[b]).unwrap();
        close(at, 4.5);
        assert_eq!(i, 0);
        // Passing 1.5" to one side: they only slide along each other.
        let c = a.at(p(6.0, 1.5));
        assert_eq!(a.first_contact(&[p(0.0, 0.0), p(10.0, 0.0)], &[c]), None);
        // Round bases: radius 1 and 1 along the x axis from 5 apart,
        // offset 1.2 sideways: contact when the centres are 2 apart,
        // x = 5 - √(4 - 1.44) = 5 - 1.6.
        let r = Base::round(p(0.0, 0.0), 1.0);
        let s = Base::round(p(5.0, 1.2), 1.0);
        let (t0, _) = r.touch_along(p(9.0, 0.0), &s).unwrap();
        close(t0, 3.4);
        // A dog-leg path: the second leg runs into the stand.
        let path = [p(0.0, 0.0), p(0.0, 5.0), p(6.0, 5.0)];
        let blocker = a.at(p(4.0, 5.0));
        let (at, i) = a.first_contact(&path, &[c, blocker]).unwrap();
        assert_eq!(i, 1);
        close(at, 5.0 + 2.5);
        // Starting in contact and backing away is free.
        let touching = a.at(p(1.5, 0.0));
        assert_eq!(
            a.first_contact(&[p(0.0, 0.0), p(-5.0, 0.0)], &[touching]),
            None
        );
    }

    #[test]
    fn written_in_ron() {
        let b: Base = ron::from_str("Round(centre: (3, 3), radius: 0.5)").unwrap();
        assert_eq!(b, Base::round(p(3.0, 3.0), 0.5));
        let r: Base =
            ron::from_str("Rect(centre: (10, 4), width: 1.5, length: 1.5, facing: (0, 1))")
                .unwrap();
        assert_eq!(r, Base::rect(p(10.0, 4.0), 1.5, 1.5, UP));
        let text = ron::to_string(&r).unwrap();
        assert_eq!(ron::from_str::<Base>(&text).unwrap(), r);
    }
}
