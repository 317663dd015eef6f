//! Circular templates (blast, area fire) and how much of a base lies under
//! one, by exact intersection areas.

use super::geom::{EPS, Point, closest_approach, point_in_polygon, polygon_area};
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

/// A model's base.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Base {
    Round {
        centre: Point,
        radius: f64,
    },
    /// A rectangle `width` across and `length` along `facing` (a direction
    /// vector, of any length; a zero vector faces up the table).
    Rect {
        centre: Point,
        width: f64,
        length: f64,
        facing: Point,
    },
}

impl Base {
    pub fn centre(&self) -> Point {
        match *self {
            Base::Round { centre, .. } | Base::Rect { centre, .. } => centre,
        }
    }

    /// The four corners of a rectangular base, anticlockwise from front left.
    pub fn corners(&self) -> Option<[Point; 4]> {
        let Base::Rect {
            centre,
            width,
            length,
            facing,
        } = *self
        else {
            return None;
        };
        let f = facing.normalized().unwrap_or(Point::new(0.0, 1.0));
        let side = Point::new(f.y, -f.x);
        let (hf, hs) = (f * (length / 2.0), side * (width / 2.0));
        Some([
            centre + hf - hs,
            centre - hf - hs,
            centre - hf + hs,
            centre + hf + hs,
        ])
    }

    pub fn area(&self) -> f64 {
        match *self {
            Base::Round { radius, .. } => PI * radius * radius,
            Base::Rect { .. } => self.corners().map_or(0.0, |c| polygon_area(&c)),
        }
    }

    /// The fraction of the base under the template, 0 to 1.
    pub fn fraction_under(&self, t: &Circle) -> f64 {
        let area = self.area();
        if area <= 0.0 {
            return if t.contains(self.centre()) { 1.0 } else { 0.0 };
        }
        let covered = match *self {
            Base::Round { centre, radius } => t.overlap_circle(&Circle { centre, radius }),
            Base::Rect { .. } => self.corners().map_or(0.0, |c| t.overlap_polygon(&c)),
        };
        (covered / area).clamp(0.0, 1.0)
    }

    /// The whole base is under the template (decided exactly on the
    /// geometry, not on the computed fraction).
    pub fn fully_under(&self, t: &Circle) -> bool {
        match *self {
            Base::Round { centre, radius } => centre.distance(t.centre) + radius <= t.radius + EPS,
            Base::Rect { .. } => self
                .corners()
                .is_some_and(|c| c.iter().all(|p| t.contains(*p))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    fn round(x: f64, y: f64, r: f64) -> Base {
        Base::Round {
            centre: p(x, y),
            radius: r,
        }
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
}
