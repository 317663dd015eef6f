//! Points, distances, point-in-polygon and closest approach, in inches.

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
}

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
}
