//! Points, distances, point-in-polygon and closest approach, in inches.

use crate::sort::StableSort;
use serde::{Deserialize, Serialize};
use std::ops::{Add, Mul, Neg, Sub};

/// Tolerance, in inches, for "on a line" and "the same point": far below
/// anything a tape measure can tell apart.
pub const EPS: f64 = 1e-9;

/// A position on the table in inches: x to the right, y away from the
/// player whose edge is at the bottom. Also used as a vector.
///
/// Written `(x, y)` in RON: `(12, 4.5)`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "(f64, f64)", into = "(f64, f64)")]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl From<(f64, f64)> for Point {
    fn from((x, y): (f64, f64)) -> Self {
        Point { x, y }
    }
}

impl From<Point> for (f64, f64) {
    fn from(p: Point) -> Self {
        (p.x, p.y)
    }
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    pub fn dot(self, o: Point) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// The z component of the cross product: positive when `o` is
    /// anticlockwise of `self`.
    pub fn cross(self, o: Point) -> f64 {
        self.x * o.y - self.y * o.x
    }

    pub fn length(self) -> f64 {
        self.dot(self).sqrt()
    }

    pub fn distance(self, o: Point) -> f64 {
        (o - self).length()
    }

    /// The same direction with length 1; `None` for a zero vector.
    pub fn normalized(self) -> Option<Point> {
        let l = self.length();
        (l > 0.0 && l.is_finite()).then(|| self * (1.0 / l))
    }

    /// The point `dist` inches from here towards `target` (beyond it if
    /// `dist` is longer; here if the two are the same point).
    pub fn toward(self, target: Point, dist: f64) -> Point {
        match (target - self).normalized() {
            Some(u) => self + u * dist,
            None => self,
        }
    }

    /// The vector turned a quarter turn anticlockwise (to the left of a
    /// direction of travel).
    pub fn perp(self) -> Point {
        Point::new(-self.y, self.x)
    }

    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// Rounded to the nearest multiple of `step` inches. Commands carry
    /// positions rounded to 1/100" ([`HUNDREDTH`]) so that saves read well
    /// and a replay never depends on the 17th digit of a dragged point.
    pub fn snapped(self, step: f64) -> Point {
        if step.is_nan() || step <= 0.0 {
            return self;
        }
        // A step that divides the inch (1/100") rounds by multiplying with
        // its whole reciprocal and dividing back, so the result is the
        // double nearest the decimal (7.31, not 7.3100000000000005) and
        // reads as written in a save.
        let per_inch = (1.0 / step).round();
        if per_inch >= 1.0 && (per_inch * step - 1.0).abs() < 1e-12 {
            let r = |v: f64| (v * per_inch).round() / per_inch;
            return Point::new(r(self.x), r(self.y));
        }
        Point::new(
            (self.x / step).round() * step,
            (self.y / step).round() * step,
        )
    }
}

/// One hundredth of an inch: the resolution of positions in commands.
pub const HUNDREDTH: f64 = 0.01;

impl Add for Point {
    type Output = Point;
    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for Point {
    type Output = Point;
    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f64> for Point {
    type Output = Point;
    fn mul(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }
}

impl Neg for Point {
    type Output = Point;
    fn neg(self) -> Point {
        Point::new(-self.x, -self.y)
    }
}

/// The distance between two points, in inches.
pub fn distance(a: Point, b: Point) -> f64 {
    a.distance(b)
}

/// The nearest point to `p` on the segment `a`-`b`, and how far along the
/// segment it is (0 at `a`, 1 at `b`).
pub fn closest_on_segment(a: Point, b: Point, p: Point) -> (Point, f64) {
    let d = b - a;
    let len2 = d.dot(d);
    if len2 == 0.0 {
        return (a, 0.0);
    }
    let t = ((p - a).dot(d) / len2).clamp(0.0, 1.0);
    (a + d * t, t)
}

/// How close a path (a polyline: a move, a helicopter's flight) comes to a
/// point: the distance, the nearest point of the path, and how far along
/// the path that is, in inches. `None` for an empty path.
pub fn closest_approach(path: &[Point], p: Point) -> Option<(f64, Point, f64)> {
    if path.len() == 1 {
        return Some((path[0].distance(p), path[0], 0.0));
    }
    let mut best: Option<(f64, Point, f64)> = None;
    let mut along = 0.0;
    for w in path.windows(2) {
        let (q, t) = closest_on_segment(w[0], w[1], p);
        let d = q.distance(p);
        let seg = w[0].distance(w[1]);
        if best.is_none_or(|b| d < b.0) {
            best = Some((d, q, along + t * seg));
        }
        along += seg;
    }
    best
}

/// How far `p` is from the segment `a`-`b`.
pub fn distance_to_segment(p: Point, a: Point, b: Point) -> f64 {
    closest_on_segment(a, b, p).0.distance(p)
}

/// The shortest distance between the segments `a`-`b` and `c`-`d`; 0 when
/// they meet.
pub fn segment_distance(a: Point, b: Point, c: Point, d: Point) -> f64 {
    let mut hits = vec![];
    segment_hits(a, b, c, d, &mut hits);
    if !hits.is_empty() {
        return 0.0;
    }
    distance_to_segment(a, c, d)
        .min(distance_to_segment(b, c, d))
        .min(distance_to_segment(c, a, b))
        .min(distance_to_segment(d, a, b))
}

/// The length of a path (a polyline), in inches.
pub fn path_length(path: &[Point]) -> f64 {
    path.windows(2).map(|w| w[0].distance(w[1])).sum()
}

/// The point `along` inches along a path, clamped to its ends.
pub fn point_along(path: &[Point], along: f64) -> Point {
    let Some(first) = path.first() else {
        return Point::default();
    };
    let mut left = along.max(0.0);
    for w in path.windows(2) {
        let seg = w[0].distance(w[1]);
        if left <= seg {
            return if seg > 0.0 {
                w[0] + (w[1] - w[0]) * (left / seg)
            } else {
                w[0]
            };
        }
        left -= seg;
    }
    *path.last().unwrap_or(first)
}

/// Where a point lies relative to a polygon.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Location {
    Inside,
    /// On the outline (within [`EPS`]).
    Boundary,
    Outside,
}

/// Whether `p` is inside the polygon `outline` (a simple polygon, either
/// winding, closed implicitly from the last point to the first).
pub fn locate(outline: &[Point], p: Point) -> Location {
    let n = outline.len();
    if n == 0 {
        return Location::Outside;
    }
    for i in 0..n {
        let (a, b) = (outline[i], outline[(i + 1) % n]);
        // An edge whose box, grown by EPS, misses p is farther than EPS
        // from it: skipped without the projection and the square root
        // (the same answer, most edges of most tests; this was a fifth of
        // a Crossfire search's time).
        if p.x < a.x.min(b.x) - EPS
            || p.x > a.x.max(b.x) + EPS
            || p.y < a.y.min(b.y) - EPS
            || p.y > a.y.max(b.y) + EPS
        {
            continue;
        }
        let (q, _) = closest_on_segment(a, b, p);
        if q.distance(p) <= EPS {
            return Location::Boundary;
        }
    }
    if n < 3 {
        return Location::Outside;
    }
    // Crossing number: count edges crossing the ray to the right of p.
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (outline[i], outline[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if x > p.x {
                inside = !inside;
            }
        }
    }
    if inside {
        Location::Inside
    } else {
        Location::Outside
    }
}

/// Whether `p` is inside or on the outline of the polygon.
pub fn point_in_polygon(outline: &[Point], p: Point) -> bool {
    locate(outline, p) != Location::Outside
}

/// The area of a polygon (either winding).
pub fn polygon_area(outline: &[Point]) -> f64 {
    let n = outline.len();
    let twice: f64 = (0..n).map(|i| outline[i].cross(outline[(i + 1) % n])).sum();
    twice.abs() / 2.0
}

/// Where the segment `a`-`b` meets the segment `p`-`q`, as fractions of the
/// way from `a` to `b`: one for a crossing or touching point, two (the ends
/// of the overlap) when they run along each other.
pub(crate) fn segment_hits(a: Point, b: Point, p: Point, q: Point, out: &mut Vec<f64>) {
    let r = b - a;
    let s = q - p;
    let rl = r.length();
    let sl = s.length();
    if rl == 0.0 {
        return;
    }
    let denom = r.cross(s);
    let ap = p - a;
    if denom.abs() > EPS * rl * sl.max(EPS) {
        let t = ap.cross(s) / denom;
        let u = ap.cross(r) / denom;
        let (te, ue) = (EPS / rl, if sl > 0.0 { EPS / sl } else { 0.0 });
        if (-te..=1.0 + te).contains(&t) && (-ue..=1.0 + ue).contains(&u) {
            out.push(t.clamp(0.0, 1.0));
        }
    } else if (ap.cross(r) / rl).abs() <= EPS {
        // Parallel and on the same line: the overlap's ends.
        let r2 = r.dot(r);
        let tp = ap.dot(r) / r2;
        let tq = (q - a).dot(r) / r2;
        let (lo, hi) = (tp.min(tq).max(0.0), tp.max(tq).min(1.0));
        if lo <= hi + EPS / rl {
            out.push(lo);
            out.push(hi.max(lo));
        }
    }
}

/// The convex hull of `pts`, anticlockwise, without collinear points: one
/// point, two (a segment) or a polygon. Empty for no points.
pub(crate) fn convex_hull(pts: &[Point]) -> Vec<Point> {
    let mut p = pts.to_vec();
    p.stable_sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    p.dedup_by(|a, b| a.distance(*b) <= EPS);
    if p.len() < 3 {
        return p;
    }
    let turn = |o: Point, a: Point, b: Point| (a - o).cross(b - o);
    let mut lower: Vec<Point> = vec![];
    for &q in &p {
        while lower.len() >= 2 && turn(lower[lower.len() - 2], lower[lower.len() - 1], q) <= 0.0 {
            lower.pop();
        }
        lower.push(q);
    }
    let mut upper: Vec<Point> = vec![];
    for &q in p.iter().rev() {
        while upper.len() >= 2 && turn(upper[upper.len() - 2], upper[upper.len() - 1], q) <= 0.0 {
            upper.pop();
        }
        upper.push(q);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// The part of the segment `a`-`b` inside (or on) a convex polygon given
/// anticlockwise, as fractions of the way from `a` to `b` (Cyrus-Beck).
pub(crate) fn clip_segment_convex(a: Point, b: Point, poly: &[Point]) -> Option<(f64, f64)> {
    let n = poly.len();
    if n < 3 {
        return None;
    }
    let d = b - a;
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for i in 0..n {
        let (p, q) = (poly[i], poly[(i + 1) % n]);
        let edge = q - p;
        let el = edge.length();
        if el == 0.0 {
            continue;
        }
        // Inside is to the left of each edge; the normal is of unit length
        // so that the tolerance is in inches on every edge.
        let normal = edge.perp() * (1.0 / el);
        let start = (a - p).dot(normal) + EPS;
        let rate = d.dot(normal);
        if rate == 0.0 {
            if start < 0.0 {
                return None;
            }
            continue;
        }
        let t = -start / rate;
        if rate > 0.0 {
            lo = lo.max(t);
        } else {
            hi = hi.min(t);
        }
        if lo > hi {
            return None;
        }
    }
    Some((lo, hi))
}

/// The part of the segment `a`-`b` inside (or on) the circle about `c` of
/// radius `r`, as fractions of the way from `a` to `b`.
pub(crate) fn clip_segment_circle(a: Point, b: Point, c: Point, r: f64) -> Option<(f64, f64)> {
    let d = b - a;
    let f = a - c;
    let dd = d.dot(d);
    let rr = (r + EPS) * (r + EPS);
    if dd == 0.0 {
        return (f.dot(f) <= rr).then_some((0.0, 1.0));
    }
    let half_b = f.dot(d);
    let disc = half_b * half_b - dd * (f.dot(f) - rr);
    if disc < 0.0 {
        return None;
    }
    let sq = disc.sqrt();
    let (t0, t1) = ((-half_b - sq) / dd, (-half_b + sq) / dd);
    let (lo, hi) = (t0.max(0.0), t1.min(1.0));
    (lo <= hi).then_some((lo, hi))
}

/// The part of `subject` inside the convex polygon `clip` (anticlockwise),
/// by Sutherland-Hodgman. `subject` must be convex too for the result to
/// be a single polygon.
pub(crate) fn clip_polygon(subject: &[Point], clip: &[Point]) -> Vec<Point> {
    let mut out = subject.to_vec();
    let n = clip.len();
    for i in 0..n {
        if out.is_empty() {
            break;
        }
        let (p, q) = (clip[i], clip[(i + 1) % n]);
        let edge = q - p;
        let side = |x: Point| edge.cross(x - p);
        let input = std::mem::take(&mut out);
        let m = input.len();
        for k in 0..m {
            let (cur, next) = (input[k], input[(k + 1) % m]);
            let (sc, sn) = (side(cur), side(next));
            if sc >= 0.0 {
                out.push(cur);
            }
            if (sc >= 0.0) != (sn >= 0.0) {
                let t = sc / (sc - sn);
                out.push(cur + (next - cur) * t);
            }
        }
    }
    out
}

/// The area two convex polygons (anticlockwise) share.
pub fn convex_overlap_area(a: &[Point], b: &[Point]) -> f64 {
    polygon_area(&clip_polygon(a, b))
}

/// A convex shape grown by a radius: a point grown is a disc, a segment a
/// capsule, a polygon a rounded polygon. Bases, segments of terrain and
/// roads with their width are all of this form, so one set of routines
/// measures between any two of them.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Blob {
    /// A convex hull, anticlockwise: one point, two, or a polygon.
    pub hull: Vec<Point>,
    pub radius: f64,
}

impl Blob {
    pub fn new(hull: Vec<Point>, radius: f64) -> Self {
        Blob {
            hull,
            radius: radius.max(0.0),
        }
    }

    /// The translations that bring `mover` into contact with `self`
    /// (`self` grown by `mover` reflected): moving `mover` by `v` makes
    /// them touch or overlap exactly when `v` is in this blob.
    pub fn minus(&self, mover: &Blob) -> Blob {
        let mut pts = Vec::with_capacity(self.hull.len() * mover.hull.len());
        for &p in &self.hull {
            for &q in &mover.hull {
                pts.push(p - q);
            }
        }
        Blob::new(convex_hull(&pts), self.radius + mover.radius)
    }

    /// Moving `mover` by `travel` (from where it is now), the stretch of
    /// the move, as fractions of it, during which it touches or overlaps
    /// this blob.
    pub fn swept_by(&self, mover: &Blob, travel: Point) -> Option<(f64, f64)> {
        self.minus(mover).clip_segment(Point::default(), travel)
    }

    fn edges(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        let n = self.hull.len();
        let count = match n {
            0 | 1 => 0,
            2 => 1,
            _ => n,
        };
        (0..count).map(move |i| (self.hull[i], self.hull[(i + 1) % n]))
    }

    /// Whether `p` is in the hull itself (before growing).
    fn hull_contains(&self, p: Point) -> bool {
        self.hull.len() >= 3 && point_in_polygon(&self.hull, p)
    }

    /// The distance between the two hulls (0 when they meet), before
    /// either is grown.
    fn hull_distance(&self, o: &Blob) -> f64 {
        if self.hull.is_empty() || o.hull.is_empty() {
            return f64::INFINITY;
        }
        if o.hull.iter().any(|p| self.hull_contains(*p))
            || self.hull.iter().any(|p| o.hull_contains(*p))
        {
            return 0.0;
        }
        let seg = |b: &Blob| -> Vec<(Point, Point)> {
            if b.hull.len() == 1 {
                vec![(b.hull[0], b.hull[0])]
            } else {
                b.edges().collect()
            }
        };
        let (sa, sb) = (seg(self), seg(o));
        let mut best = f64::INFINITY;
        for &(a, b) in &sa {
            for &(c, d) in &sb {
                best = best.min(segment_distance(a, b, c, d));
            }
        }
        best
    }

    /// The gap between two blobs; 0 when they touch or overlap.
    pub fn distance_to(&self, o: &Blob) -> f64 {
        (self.hull_distance(o) - self.radius - o.radius).max(0.0)
    }

    /// The part of the segment `a`-`b` in the blob (its edge included), as
    /// fractions of the way from `a` to `b`. A grown convex shape is
    /// convex, so the part is one stretch: the union of the stretches in
    /// the hull, in the band along each edge and in the disc at each corner.
    pub fn clip_segment(&self, a: Point, b: Point) -> Option<(f64, f64)> {
        let mut acc: Option<(f64, f64)> = None;
        let mut take = |x: Option<(f64, f64)>| {
            if let Some((lo, hi)) = x {
                acc = Some(acc.map_or((lo, hi), |(l, h)| (l.min(lo), h.max(hi))));
            }
        };
        if self.hull.len() >= 3 {
            take(clip_segment_convex(a, b, &self.hull));
        }
        let r = self.radius;
        if r > 0.0 {
            for &p in &self.hull {
                take(clip_segment_circle(a, b, p, r));
            }
            for (p, q) in self.edges().collect::<Vec<_>>() {
                if let Some(n) = (q - p).normalized() {
                    let off = n.perp() * r;
                    let band = [p - off, q - off, q + off, p + off];
                    take(clip_segment_convex(a, b, &band));
                }
            }
        } else if self.hull.len() == 2 {
            let mut hits = vec![];
            segment_hits(a, b, self.hull[0], self.hull[1], &mut hits);
            for t in hits {
                take(Some((t, t)));
            }
        } else if self.hull.len() == 1 && distance_to_segment(self.hull[0], a, b) <= EPS {
            let (_, t) = closest_on_segment(a, b, self.hull[0]);
            take(Some((t, t)));
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Vec<Point> {
        vec![
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 4.0),
            Point::new(0.0, 4.0),
        ]
    }

    #[test]
    fn points_in_polygons() {
        let sq = square();
        assert_eq!(locate(&sq, Point::new(2.0, 2.0)), Location::Inside);
        assert_eq!(locate(&sq, Point::new(4.0, 2.0)), Location::Boundary);
        assert_eq!(locate(&sq, Point::new(0.0, 0.0)), Location::Boundary);
        assert_eq!(locate(&sq, Point::new(4.5, 2.0)), Location::Outside);
        assert_eq!(locate(&sq, Point::new(2.0, -1e-6)), Location::Outside);
        let mut rev = sq.clone();
        rev.reverse();
        assert_eq!(locate(&rev, Point::new(1.0, 3.0)), Location::Inside);
        // An L shape: the notch is outside.
        let l = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 2.0),
            Point::new(2.0, 2.0),
            Point::new(2.0, 4.0),
            Point::new(0.0, 4.0),
        ];
        assert!(point_in_polygon(&l, Point::new(1.0, 3.0)));
        assert!(!point_in_polygon(&l, Point::new(3.0, 3.0)));
        assert!(point_in_polygon(&l, Point::new(3.0, 2.0)));
        assert_eq!(polygon_area(&l), 12.0);
        assert_eq!(polygon_area(&sq), 16.0);
        assert_eq!(locate(&[], Point::default()), Location::Outside);
    }

    // `locate` skips an edge whose box grown by EPS misses the point: the
    // same answers as testing every edge's distance, on the outline, a
    // hair inside and outside it (within and beyond EPS), at corners and
    // across a slanted polygon's box.
    #[test]
    fn locate_skips_far_edges_without_changing_an_answer() {
        fn every_edge(outline: &[Point], p: Point) -> Location {
            let n = outline.len();
            for i in 0..n {
                let (q, _) = closest_on_segment(outline[i], outline[(i + 1) % n], p);
                if q.distance(p) <= EPS {
                    return Location::Boundary;
                }
            }
            if point_in_polygon_by_crossings(outline, p) {
                Location::Inside
            } else {
                Location::Outside
            }
        }
        fn point_in_polygon_by_crossings(outline: &[Point], p: Point) -> bool {
            let n = outline.len();
            let mut inside = false;
            for i in 0..n {
                let (a, b) = (outline[i], outline[(i + 1) % n]);
                if (a.y > p.y) != (b.y > p.y) && a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) > p.x
                {
                    inside = !inside;
                }
            }
            inside
        }
        let slanted = vec![
            Point::new(10.3, 7.1),
            Point::new(17.9, 9.4),
            Point::new(16.2, 15.05),
            Point::new(12.0, 13.0),
            Point::new(11.1, 16.7),
            Point::new(9.0, 11.0),
        ];
        let (mut counts, mut rng) = ([0; 3], crate::rng::GameRng::seeded(5));
        for outline in [square(), slanted] {
            let n = outline.len();
            let mut points = Vec::new();
            for i in 0..n {
                let (a, b) = (outline[i], outline[(i + 1) % n]);
                let normal = Point::new(a.y - b.y, b.x - a.x) * (1.0 / a.distance(b));
                for k in 0..=8 {
                    let on = a + (b - a) * (k as f64 / 8.0);
                    for off in [0.0, 0.5, -0.5, 0.999, -0.999, 1.001, -1.001, 2.0, -2.0, 1e3] {
                        points.push(on + normal * (off * EPS));
                    }
                }
            }
            for _ in 0..2000 {
                let r = |rng: &mut crate::rng::GameRng| rng.below(25_000) as f64 / 1000.0 - 2.0;
                points.push(Point::new(r(&mut rng), r(&mut rng)));
            }
            for p in points {
                let want = every_edge(&outline, p);
                assert_eq!(locate(&outline, p), want, "{p:?}");
                counts[want as usize] += 1;
            }
        }
        assert!(counts.iter().all(|&c| c > 50), "{counts:?}");
    }

    #[test]
    fn closest_approach_of_a_path() {
        let path = [Point::new(-10.0, 5.0), Point::new(10.0, 5.0)];
        let (d, at, along) = closest_approach(&path, Point::new(0.0, 0.0)).unwrap();
        assert_eq!((d, at, along), (5.0, Point::new(0.0, 5.0), 10.0));
        // Beyond the end: the end point is nearest.
        let (d, at, along) = closest_approach(&path, Point::new(13.0, 9.0)).unwrap();
        assert_eq!((d, at, along), (5.0, Point::new(10.0, 5.0), 20.0));
        // A dog-leg: the second leg passes closer.
        let path = [
            Point::new(0.0, 10.0),
            Point::new(10.0, 10.0),
            Point::new(10.0, 0.0),
        ];
        let (d, at, along) = closest_approach(&path, Point::new(7.0, 3.0)).unwrap();
        assert_eq!((d, at, along), (3.0, Point::new(10.0, 3.0), 17.0));
        assert_eq!(closest_approach(&[], Point::default()), None);
        assert_eq!(
            closest_approach(&[Point::new(3.0, 4.0)], Point::default()),
            Some((5.0, Point::new(3.0, 4.0), 0.0))
        );
    }

    #[test]
    fn moving_toward() {
        let p = Point::new(1.0, 1.0).toward(Point::new(4.0, 5.0), 2.5);
        assert_eq!(p, Point::new(2.5, 3.0));
        assert_eq!(
            Point::new(1.0, 1.0).toward(Point::new(1.0, 1.0), 3.0),
            Point::new(1.0, 1.0)
        );
        assert_eq!(distance(Point::new(0.0, 0.0), Point::new(3.0, 4.0)), 5.0);
    }

    #[test]
    fn written_as_pairs() {
        let p: Point = ron::from_str("(12, 4.5)").unwrap();
        assert_eq!(p, Point::new(12.0, 4.5));
        assert_eq!(ron::to_string(&p).unwrap(), "(12.0,4.5)");
    }

    #[test]
    fn snapping_and_paths() {
        assert_eq!(
            Point::new(1.234, -5.678).snapped(HUNDREDTH),
            Point::new(1.23, -5.68)
        );
        assert_eq!(Point::new(1.25, 2.0).snapped(0.5), Point::new(1.5, 2.0));
        // Hundredths read as written.
        let q = Point::new(7.309_999, 20.650_001).snapped(HUNDREDTH);
        assert_eq!(format!("{} {}", q.x, q.y), "7.31 20.65");
        assert_eq!(q.snapped(HUNDREDTH), q);
        assert_eq!(Point::new(2.4, 0.0).snapped(1.5), Point::new(3.0, 0.0));
        assert!(!Point::new(f64::NAN, 0.0).is_finite());
        let path = [
            Point::new(0.0, 0.0),
            Point::new(3.0, 4.0),
            Point::new(3.0, 10.0),
        ];
        assert_eq!(path_length(&path), 11.0);
        assert_eq!(point_along(&path, 2.5), Point::new(1.5, 2.0));
        assert_eq!(point_along(&path, 8.0), Point::new(3.0, 7.0));
        assert_eq!(point_along(&path, 20.0), Point::new(3.0, 10.0));
        assert_eq!(point_along(&path, -1.0), Point::new(0.0, 0.0));
        assert_eq!(Point::new(1.0, 0.0).perp(), Point::new(0.0, 1.0));
    }

    #[test]
    fn segments_hulls_and_overlaps() {
        let p = Point::new;
        assert_eq!(
            segment_distance(p(0.0, 0.0), p(4.0, 0.0), p(2.0, 3.0), p(6.0, 3.0)),
            3.0
        );
        assert_eq!(
            segment_distance(p(0.0, 0.0), p(4.0, 4.0), p(0.0, 4.0), p(4.0, 0.0)),
            0.0
        );
        assert_eq!(
            segment_distance(p(0.0, 0.0), p(1.0, 0.0), p(4.0, 4.0), p(4.0, 5.0)),
            5.0
        );
        assert_eq!(
            distance_to_segment(p(2.0, 2.0), p(0.0, 0.0), p(4.0, 0.0)),
            2.0
        );
        // A hull drops the inner and collinear points, anticlockwise.
        let h = convex_hull(&[
            p(0.0, 0.0),
            p(2.0, 0.0),
            p(4.0, 0.0),
            p(4.0, 4.0),
            p(1.0, 1.0),
            p(0.0, 4.0),
        ]);
        assert_eq!(h, [p(0.0, 0.0), p(4.0, 0.0), p(4.0, 4.0), p(0.0, 4.0)]);
        assert_eq!(convex_hull(&[p(1.0, 1.0), p(1.0, 1.0)]), [p(1.0, 1.0)]);
        // Two squares offset by (1, 1): a 1x1 overlap.
        let a = [p(0.0, 0.0), p(2.0, 0.0), p(2.0, 2.0), p(0.0, 2.0)];
        let b = [p(1.0, 1.0), p(3.0, 1.0), p(3.0, 3.0), p(1.0, 3.0)];
        assert_eq!(convex_overlap_area(&a, &b), 1.0);
        assert_eq!(
            convex_overlap_area(&a, &[p(5.0, 5.0), p(6.0, 5.0), p(6.0, 6.0)]),
            0.0
        );
        // A capsule (a 2"-wide road piece): a crossing line is on it 2".
        let road = Blob::new(vec![p(0.0, 0.0), p(10.0, 0.0)], 1.0);
        let (s, e) = road.clip_segment(p(5.0, -5.0), p(5.0, 5.0)).unwrap();
        assert!(((e - s) * 10.0 - 2.0).abs() < 1e-8);
        assert!(road.clip_segment(p(-5.0, 5.0), p(15.0, 5.0)).is_none());
        assert_eq!(road.distance_to(&Blob::new(vec![p(12.0, 0.0)], 0.5)), 0.5);
    }
}
