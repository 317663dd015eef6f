//! Templates: circular (blast, area fire) and rectangular (napalm strips,
//! smoke screens, mine and wire strips), and how much of a base lies under
//! one, by exact intersection areas.

use super::base::Base;
use super::geom::{
    EPS, Point, closest_approach, convex_overlap_area, point_in_polygon, polygon_area,
};
use super::trig::atan2;
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// A circular template.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Circle {
    pub centre: Point,
    pub radius: f64,
}

impl Circle {
    /// A template of the given diameter (templates are usually sold by it:
    /// "a 5-inch template").
    pub fn of_diameter(centre: Point, diameter: f64) -> Self {
        Circle {
            centre,
            radius: diameter / 2.0,
        }
    }

    pub fn area(&self) -> f64 {
        PI * self.radius * self.radius
    }

    /// Whether `p` is under the template (its edge included).
    pub fn contains(&self, p: Point) -> bool {
        self.centre.distance(p) <= self.radius + EPS
    }

    /// The area shared with another circle (the lens between them).
    pub fn overlap_circle(&self, o: &Circle) -> f64 {
        let (r1, r2) = (self.radius.max(0.0), o.radius.max(0.0));
        let d = self.centre.distance(o.centre);
        if d >= r1 + r2 {
            return 0.0;
        }
        if d <= (r1 - r2).abs() {
            let r = r1.min(r2);
            return PI * r * r;
        }
        // Four times the area of the triangle of the two centres and a
        // crossing point; each circle's share of the lens is a segment of
        // angle 2a, where tan a = k / c for that circle.
        let k = ((-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2))
            .max(0.0)
            .sqrt();
        let segment = |r: f64, other: f64| {
            let c = (d - other) * (d + other) + r * r;
            let theta = 2.0 * atan2(k, c);
            let sin_theta = 2.0 * k * c / (k * k + c * c);
            r * r / 2.0 * theta_minus_sin(theta, sin_theta)
        };
        segment(r1, r2) + segment(r2, r1)
    }

    /// The area shared with a simple polygon (either winding).
    pub fn overlap_polygon(&self, outline: &[Point]) -> f64 {
        let n = outline.len();
        if n < 3 {
            return 0.0;
        }
        let r = self.radius.max(0.0);
        if outline.iter().all(|p| self.contains(*p)) {
            return polygon_area(outline);
        }
        let mut ring = outline.to_vec();
        ring.push(outline[0]);
        let nearest = closest_approach(&ring, self.centre).map_or(f64::INFINITY, |c| c.0);
        if nearest >= r && !point_in_polygon(outline, self.centre) {
            return 0.0;
        }
        let sum: f64 = (0..n)
            .map(|i| {
                let a = outline[i] - self.centre;
                let b = outline[(i + 1) % n] - self.centre;
                triangle_in_circle(a, b, r)
            })
            .sum();
        sum.abs()
    }
}

/// θ − sin θ for 0 <= θ <= 2π, given sin θ; by its series for small θ,
/// where the subtraction would lose the answer (a sliver of a huge template).
fn theta_minus_sin(theta: f64, sin_theta: f64) -> f64 {
    if theta > 0.5 {
        return theta - sin_theta;
    }
    // θ³/3! − θ⁵/5! + θ⁷/7! − ...
    let t2 = theta * theta;
    let mut term = theta * t2 / 6.0;
    let mut sum: f64 = 0.0;
    let mut k = 3.0;
    while term.abs() > 1e-18 * sum.abs().max(f64::MIN_POSITIVE) && k < 40.0 {
        sum += term;
        term *= -t2 / ((k + 1.0) * (k + 2.0));
        k += 2.0;
    }
    sum
}

/// Signed area of the triangle (origin, a, b) that lies inside the circle of
/// radius `r` about the origin.
fn triangle_in_circle(a: Point, b: Point, r: f64) -> f64 {
    let sector = |u: Point, v: Point| r * r * atan2(u.cross(v), u.dot(v)) / 2.0;
    let tri = |u: Point, v: Point| u.cross(v) / 2.0;
    let r2 = r * r;
    let (a_in, b_in) = (a.dot(a) <= r2, b.dot(b) <= r2);
    if a_in && b_in {
        return tri(a, b);
    }
    // Where the segment a + t(b - a) meets the circle: t² dd + 2t ad + aa - r² = 0.
    let d = b - a;
    let dd = d.dot(d);
    if dd == 0.0 {
        return 0.0;
    }
    let ad = a.dot(d);
    let disc = ad * ad - dd * (a.dot(a) - r2);
    if disc <= 0.0 {
        return sector(a, b);
    }
    let sq = disc.sqrt();
    let t1 = (-ad - sq) / dd;
    let t2 = (-ad + sq) / dd;
    let at = |t: f64| a + d * t;
    match (a_in, b_in) {
        (true, false) => {
            let p = at(t2);
            tri(a, p) + sector(p, b)
        }
        (false, true) => {
            let p = at(t1);
            sector(a, p) + tri(p, b)
        }
        _ => {
            if t1 >= 1.0 || t2 <= 0.0 || t1 >= t2 {
                sector(a, b)
            } else {
                let (p, q) = (at(t1.max(0.0)), at(t2.min(1.0)));
                sector(a, p) + tri(p, q) + sector(q, b)
            }
        }
    }
}

/// A rectangular template: a napalm strip, a smoke screen, a mine or wire
/// strip. `width` across, `length` along `facing` (a direction vector of
/// any length; a zero vector faces up the table).
///
/// In RON: `(centre: (20, 12), width: 4, length: 8, facing: (1, 0))`.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rect {
    pub centre: Point,
    pub width: f64,
    pub length: f64,
    pub facing: Point,
}

impl Rect {
    pub fn new(centre: Point, width: f64, length: f64, facing: Point) -> Self {
        Rect {
            centre,
            width,
            length,
            facing,
        }
    }

    /// A strip `width` wide whose centre line runs from `from` to `to`
    /// (a napalm run along its flight line, a belt of wire between two
    /// stakes).
    pub fn strip(from: Point, to: Point, width: f64) -> Self {
        Rect {
            centre: (from + to) * 0.5,
            width,
            length: from.distance(to),
            facing: to - from,
        }
    }

    /// The corners, anticlockwise from front left (as a base's).
    pub fn corners(&self) -> [Point; 4] {
        Base::rect(self.centre, self.width, self.length, self.facing)
            .corners()
            .unwrap_or([self.centre; 4])
    }

    pub fn area(&self) -> f64 {
        self.width.max(0.0) * self.length.max(0.0)
    }

    /// Whether `p` is under the template (its edge included).
    pub fn contains(&self, p: Point) -> bool {
        self.as_base().contains(p)
    }

    fn as_base(&self) -> Base {
        Base::rect(self.centre, self.width, self.length, self.facing)
    }
}

/// A template of either shape, for data and commands that may hold both.
///
/// In RON: `Circle((centre: (5, 5), radius: 2.5))` or
/// `Rect((centre: (20, 12), width: 4, length: 8, facing: (1, 0)))`.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Template {
    Circle(Circle),
    Rect(Rect),
}

impl From<Circle> for Template {
    fn from(c: Circle) -> Self {
        Template::Circle(c)
    }
}

impl From<Rect> for Template {
    fn from(r: Rect) -> Self {
        Template::Rect(r)
    }
}

impl Template {
    pub fn centre(&self) -> Point {
        match self {
            Template::Circle(c) => c.centre,
            Template::Rect(r) => r.centre,
        }
    }

    pub fn contains(&self, p: Point) -> bool {
        match self {
            Template::Circle(c) => c.contains(p),
            Template::Rect(r) => r.contains(p),
        }
    }

    /// The same template with its centre moved to `to` (after scatter).
    pub fn at(self, to: Point) -> Template {
        match self {
            Template::Circle(c) => Template::Circle(Circle { centre: to, ..c }),
            Template::Rect(r) => Template::Rect(Rect { centre: to, ..r }),
        }
    }
}

/// A shape laid over bases: how much of a base it covers.
pub trait Covers {
    /// The area of `base` under the template, in square inches.
    fn area_over(&self, base: &Base) -> f64;
    /// The whole base is under the template, decided on the geometry.
    fn covers_whole(&self, base: &Base) -> bool;
}

impl Covers for Circle {
    fn area_over(&self, base: &Base) -> f64 {
        match *base {
            Base::Round { centre, radius, .. } => self.overlap_circle(&Circle { centre, radius }),
            Base::Rect { .. } => base.corners().map_or(0.0, |c| self.overlap_polygon(&c)),
        }
    }

    fn covers_whole(&self, base: &Base) -> bool {
        match *base {
            Base::Round { centre, radius, .. } => {
                centre.distance(self.centre) + radius <= self.radius + EPS
            }
            Base::Rect { .. } => base
                .corners()
                .is_some_and(|c| c.iter().all(|p| self.contains(*p))),
        }
    }
}

impl Covers for Rect {
    fn area_over(&self, base: &Base) -> f64 {
        match *base {
            Base::Round { centre, radius, .. } => {
                Circle { centre, radius }.overlap_polygon(&self.corners())
            }
            Base::Rect { .. } => base
                .corners()
                .map_or(0.0, |c| convex_overlap_area(&c, &self.corners())),
        }
    }

    fn covers_whole(&self, base: &Base) -> bool {
        match *base {
            // The disc is inside when its centre is at least its radius
            // inside every edge.
            Base::Round { centre, radius, .. } => {
                let f = self.as_base().facing();
                let v = centre - self.centre;
                v.dot(f).abs() + radius <= self.length / 2.0 + EPS
                    && v.dot(f.perp()).abs() + radius <= self.width / 2.0 + EPS
            }
            Base::Rect { .. } => base
                .corners()
                .is_some_and(|c| c.iter().all(|p| self.contains(*p))),
        }
    }
}

impl Covers for Template {
    fn area_over(&self, base: &Base) -> f64 {
        match self {
            Template::Circle(c) => c.area_over(base),
            Template::Rect(r) => r.area_over(base),
        }
    }

    fn covers_whole(&self, base: &Base) -> bool {
        match self {
            Template::Circle(c) => c.covers_whole(base),
            Template::Rect(r) => r.covers_whole(base),
        }
    }
}

impl Base {
    /// The fraction of the base under the template, 0 to 1. The card
    /// game's "infantry 100% under" is [`Base::fully_under`], decided on
    /// the geometry rather than on this number; "vehicles at least 50%" is
    /// `fraction_under(t) >= 0.5`.
    pub fn fraction_under<T: Covers + ?Sized>(&self, t: &T) -> f64 {
        let area = self.area();
        if area <= 0.0 {
            return if t.covers_whole(self) { 1.0 } else { 0.0 };
        }
        if t.covers_whole(self) {
            return 1.0;
        }
        (t.area_over(self) / area).clamp(0.0, 1.0)
    }

    /// The whole base is under the template (decided exactly on the
    /// geometry, not on the computed fraction).
    pub fn fully_under<T: Covers + ?Sized>(&self, t: &T) -> bool {
        t.covers_whole(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    fn round(x: f64, y: f64, r: f64) -> Base {
        Base::round(p(x, y), r)
    }

    const UP: Point = Point::new(0.0, 1.0);

    fn rect(centre: Point, width: f64, length: f64, facing: Point) -> Base {
        Base::Rect {
            centre,
            width,
            length,
            facing,
        }
    }

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} vs {b}");
    }

    #[test]
    fn round_base_coverage() {
        let t = Circle::of_diameter(p(0.0, 0.0), 5.0);
        assert_eq!(t.radius, 2.5);
        // Fully inside, fully outside, just touching.
        assert_eq!(round(1.0, 1.0, 0.5).fraction_under(&t), 1.0);
        assert!(round(1.0, 1.0, 0.5).fully_under(&t));
        assert_eq!(round(4.0, 0.0, 0.5).fraction_under(&t), 0.0);
        assert_eq!(round(3.0, 0.0, 0.5).fraction_under(&t), 0.0);
        assert!(round(2.0, 0.0, 0.5).fully_under(&t));
        // Two equal circles, each centre on the other's edge: the lens is
        // r²(2π/3 − √3/2), a fraction 2/3 − √3/(2π) = 0.391002218...
        let unit = Circle {
            centre: p(0.0, 0.0),
            radius: 1.0,
        };
        let f = round(1.0, 0.0, 1.0).fraction_under(&unit);
        close(f, 2.0 / 3.0 - 3f64.sqrt() / (2.0 * PI), 1e-14);
        close(f, 0.391_002_218_955_771, 1e-14);
        // Half under: the edge of a very large template through the centre.
        let big = Circle {
            centre: p(-1e6, 0.0),
            radius: 1e6,
        };
        close(round(0.0, 0.0, 1.0).fraction_under(&big), 0.5, 1e-6);
        // A base bigger than the template: the template's whole area.
        let f = round(0.0, 0.0, 5.0).fraction_under(&t);
        close(f, (2.5f64 * 2.5) / 25.0, 1e-15);
        assert!(!round(0.0, 0.0, 5.0).fully_under(&t));
    }

    // Card-driven miniatures, indirect fire notes: a 5" template that scatters
    // 2" leaves a 1.25" base 1.125" under it, just short of fully covered; a
    // scatter of 1" still covers it.
    #[test]
    fn card_driven_blast_note() {
        let target = round(0.0, 0.0, 0.625);
        let two = Circle::of_diameter(p(2.0, 0.0), 5.0);
        assert!(!target.fully_under(&two));
        let covered_across = (two.radius - 2.0) + 0.625;
        assert_eq!(covered_across, 1.125);
        assert!(target.fraction_under(&two) < 1.0);
        assert!(target.fraction_under(&two) > 0.9);
        let one = Circle::of_diameter(p(0.0, 1.0), 5.0);
        assert!(target.fully_under(&one));
        assert_eq!(target.fraction_under(&one), 1.0);
    }

    #[test]
    fn rectangular_base_coverage() {
        let unit = Circle {
            centre: p(0.0, 0.0),
            radius: 1.0,
        };
        // The unit square [0,1]²: a quarter of the unit circle lies on it.
        let sq = rect(p(0.5, 0.5), 1.0, 1.0, UP);
        close(sq.fraction_under(&unit), PI / 4.0, 1e-14);
        // [-1,1] x [0,2]: the upper half circle, π/2 of 4.
        let r = rect(p(0.0, 1.0), 2.0, 2.0, UP);
        close(r.fraction_under(&unit), PI / 8.0, 1e-14);
        // A tank turned 45°, well inside a 5" template.
        let tank = rect(p(0.5, 0.0), 1.0, 2.0, p(1.0, 1.0));
        let t = Circle::of_diameter(p(0.0, 0.0), 5.0);
        assert_eq!(tank.fraction_under(&t), 1.0);
        assert!(tank.fully_under(&t));
        close(tank.area(), 2.0, 1e-15);
        // Half under a very large template's straight-looking edge.
        let big = Circle {
            centre: p(-1e6, 0.0),
            radius: 1e6,
        };
        close(
            tank.fraction_under(&Circle {
                centre: p(-1e6 + 0.5, 0.0),
                ..big
            }),
            0.5,
            1e-6,
        );
        // Far away.
        let away = Circle {
            centre: p(10.0, 10.0),
            radius: 2.5,
        };
        assert_eq!(tank.fraction_under(&away), 0.0);
    }

    /// Counting tiny squares: an independent check of the exact areas.
    fn grid_fraction(base: &Base, t: &Circle) -> f64 {
        let c = base.corners().unwrap();
        let n = 600;
        let (mut inside, mut total) = (0u64, 0u64);
        for i in 0..n {
            for j in 0..n {
                let (u, v) = ((i as f64 + 0.5) / n as f64, (j as f64 + 0.5) / n as f64);
                // Bilinear point in the rectangle.
                let q = c[1] + (c[0] - c[1]) * u + (c[2] - c[1]) * v;
                total += 1;
                if t.contains(q) {
                    inside += 1;
                }
            }
        }
        inside as f64 / total as f64
    }

    #[test]
    fn rectangle_against_counting() {
        let cases = [
            (p(2.0, 0.5), 1.0, 3.0, p(1.0, 0.3), p(0.0, 0.0), 2.5),
            (p(-1.7, 2.2), 2.0, 4.0, p(-0.2, 1.0), p(0.3, -0.1), 2.5),
            (p(0.0, 0.0), 3.0, 3.0, p(0.0, 1.0), p(1.0, 1.0), 1.2),
            (p(0.0, 0.0), 0.5, 6.0, p(1.0, 0.0), p(0.0, 0.4), 1.0),
        ];
        for (centre, width, length, facing, tc, r) in cases {
            let b = rect(centre, width, length, facing);
            let t = Circle {
                centre: tc,
                radius: r,
            };
            close(b.fraction_under(&t), grid_fraction(&b, &t), 3e-3);
        }
        // The lens formula against the polygon code on a 720-gon.
        let t = Circle {
            centre: p(0.3, 0.2),
            radius: 1.3,
        };
        let gon: Vec<Point> = (0..720)
            .map(|k| {
                let (s, c) = crate::tabletop::trig::sin_cos_deg(k as f64 / 2.0);
                p(1.0 + 0.8 * c, -0.4 + 0.8 * s)
            })
            .collect();
        let by_polygon = t.overlap_polygon(&gon) / polygon_area(&gon);
        let by_lens = round(1.0, -0.4, 0.8).fraction_under(&t);
        close(by_polygon, by_lens, 1e-4);
    }

    // The card-driven game's napalm: a strip 4" x 8" per plane along the
    // flight line; nothing counts as cover. Here laid from (0, 0) to (8, 0).
    #[test]
    fn napalm_strip_over_stands() {
        let napalm = Rect::strip(p(0.0, 0.0), p(8.0, 0.0), 4.0);
        assert_eq!(napalm.area(), 32.0);
        assert_eq!(napalm.centre, p(4.0, 0.0));
        // A 1.5" stand at (1, 1.5) reaches 0.25" past the strip's side
        // (y = 2): 1.25 of its 1.5" depth is under, 5/6 of it.
        let stand = rect(p(1.0, 1.5), 1.5, 1.5, UP);
        close(stand.fraction_under(&napalm), 5.0 / 6.0, 1e-14);
        assert!(!stand.fully_under(&napalm));
        // In the middle: all of it.
        let mid = rect(p(4.0, 0.0), 1.5, 1.5, UP);
        assert_eq!(mid.fraction_under(&napalm), 1.0);
        assert!(mid.fully_under(&napalm));
        // A round base centred on the strip's far end: half under.
        close(round(8.0, 0.0, 0.5).fraction_under(&napalm), 0.5, 1e-12);
        // Touching the end and the side from inside: wholly under.
        assert!(round(7.5, 1.5, 0.5).fully_under(&napalm));
        assert!(!round(7.5, 1.6, 0.5).fully_under(&napalm));
        // Clear of it.
        assert_eq!(rect(p(4.0, 3.0), 1.5, 1.5, UP).fraction_under(&napalm), 0.0);
    }

    // Card-driven wire (2" x 1/2") and mine (2" x 2") strips.
    #[test]
    fn wire_and_mine_strips() {
        let wire = Rect::strip(p(0.0, 0.0), p(2.0, 0.0), 0.5);
        // A 1.5" stand straddling the wire's edge: 1.5 x 0.25 of its 2.25
        // square inches, a sixth.
        let stand = rect(p(1.0, 0.75), 1.5, 1.5, UP);
        close(stand.fraction_under(&wire), 1.0 / 6.0, 1e-14);
        // A mine strip turned 45°: its corners are √2 from the centre on
        // the axes, so a 1" square stand on it (|x| + |y| <= 1 at its
        // corners) is wholly on it.
        let mines = Rect::new(p(0.0, 0.0), 2.0, 2.0, p(1.0, 1.0));
        let small = rect(p(0.0, 0.0), 1.0, 1.0, UP);
        assert!(small.fully_under(&mines));
        assert!(mines.contains(p(1.4, 0.0)));
        assert!(!mines.contains(p(1.0, 0.5)));
        // A 2" square stand on the same point overlaps the diamond in an
        // octagon: the square less four corner triangles with legs
        // 2 - √2, area 4 - 2(2 - √2)².
        let big = rect(p(0.0, 0.0), 2.0, 2.0, UP);
        let octagon = 4.0 - 2.0 * (2.0 - 2f64.sqrt()).powi(2);
        close(big.fraction_under(&mines), octagon / 4.0, 1e-14);
    }

    #[test]
    fn rectangles_against_counting() {
        let cases = [
            (
                rect(p(0.3, 0.2), 1.5, 1.5, p(0.3, 1.0)),
                Rect::new(p(1.0, 0.0), 3.0, 1.5, p(1.0, 0.2)),
            ),
            (
                rect(p(-1.0, 2.0), 1.0, 2.5, p(-1.0, 0.4)),
                Rect::new(p(0.0, 1.0), 5.0, 2.0, p(0.0, 1.0)),
            ),
        ];
        for (b, t) in cases {
            let c = b.corners().unwrap();
            let n = 600;
            let mut inside = 0u64;
            for i in 0..n {
                for j in 0..n {
                    let (u, v) = ((i as f64 + 0.5) / n as f64, (j as f64 + 0.5) / n as f64);
                    if t.contains(c[1] + (c[0] - c[1]) * u + (c[2] - c[1]) * v) {
                        inside += 1;
                    }
                }
            }
            close(b.fraction_under(&t), inside as f64 / (n * n) as f64, 3e-3);
            // The same through the enum.
            let e = Template::from(t);
            assert_eq!(b.fraction_under(&e), b.fraction_under(&t));
        }
    }

    #[test]
    fn templates_in_ron() {
        let t: Template =
            ron::from_str("Rect((centre: (20, 12), width: 4, length: 8, facing: (1, 0)))").unwrap();
        assert_eq!(
            t,
            Template::Rect(Rect::new(p(20.0, 12.0), 4.0, 8.0, p(1.0, 0.0)))
        );
        let c: Template = ron::from_str("Circle((centre: (5, 5), radius: 2.5))").unwrap();
        assert_eq!(c.centre(), p(5.0, 5.0));
        assert!(c.contains(p(7.5, 5.0)));
        assert_eq!(c.at(p(1.0, 1.0)).centre(), p(1.0, 1.0));
        let text = ron::to_string(&t).unwrap();
        assert_eq!(ron::from_str::<Template>(&text).unwrap(), t);
    }
}
