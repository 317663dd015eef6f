//! Drawing the table's shapes into a [`ShapeBuilder`]: any simple polygon
//! filled (ear clipping), patterns clipped to a polygon (hatching, dots),
//! outlines, arcs and the ground within a distance of a base.

use crate::shapes::ShapeBuilder;
use bevy::prelude::*;
use vt_core::tabletop::{Base, Feature, Point, point_in_polygon, sight};

/// A table point as a world position (one world unit per inch).
pub fn v2(p: Point) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

/// A world position as a table point.
pub fn pt(v: Vec2) -> Point {
    Point::new(v.x as f64, v.y as f64)
}

fn rgba(c: Color) -> [f32; 4] {
    c.to_linear().to_f32_array()
}

/// Twice the signed area: positive when anticlockwise.
fn signed_area2(p: &[Vec2]) -> f32 {
    let n = p.len();
    (0..n).map(|i| p[i].perp_dot(p[(i + 1) % n])).sum()
}

/// Triangles covering a simple polygon of either winding, by ear clipping.
pub fn triangulate(poly: &[Vec2]) -> Vec<[usize; 3]> {
    let n = poly.len();
    if n < 3 {
        return vec![];
    }
    let ccw = signed_area2(poly) >= 0.0;
    let mut idx: Vec<usize> = if ccw {
        (0..n).collect()
    } else {
        (0..n).rev().collect()
    };
    let mut out = Vec::with_capacity(n - 2);
    let mut guard = 0;
    while idx.len() > 3 && guard < n * n {
        guard += 1;
        let m = idx.len();
        let mut cut = None;
        for i in 0..m {
            let (a, b, c) = (idx[(i + m - 1) % m], idx[i], idx[(i + 1) % m]);
            let (pa, pb, pc) = (poly[a], poly[b], poly[c]);
            if (pb - pa).perp_dot(pc - pb) <= 0.0 {
                continue; // a reflex or flat corner is no ear
            }
            let inside = idx
                .iter()
                .any(|&k| k != a && k != b && k != c && in_triangle(poly[k], pa, pb, pc));
            if !inside {
                cut = Some(i);
                out.push([a, b, c]);
                break;
            }
        }
        match cut {
            Some(i) => {
                idx.remove(i);
            }
            // Degenerate input: fan what is left rather than loop.
            None => break,
        }
    }
    for k in 1..idx.len().saturating_sub(1) {
        out.push([idx[0], idx[k], idx[k + 1]]);
    }
    out
}

fn in_triangle(p: Vec2, a: Vec2, b: Vec2, c: Vec2) -> bool {
    let d1 = (b - a).perp_dot(p - a);
    let d2 = (c - b).perp_dot(p - b);
    let d3 = (a - c).perp_dot(p - c);
    d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0
}

/// Fills a simple polygon (convex or not).
pub fn fill(b: &mut ShapeBuilder, poly: &[Vec2], color: Color) {
    let c = rgba(color);
    let base = b.positions.len() as u32;
    for p in poly {
        b.positions.push([p.x, p.y, 0.0]);
        b.colors.push(c);
    }
    for t in triangulate(poly) {
        b.indices
            .extend([base + t[0] as u32, base + t[1] as u32, base + t[2] as u32]);
    }
}

/// A closed outline along the polygon's edges.
pub fn outline(b: &mut ShapeBuilder, poly: &[Vec2], width: f32, color: Color) {
    if poly.len() < 2 {
        return;
    }
    let mut ring = poly.to_vec();
    ring.push(poly[0]);
    ring.push(poly[1]);
    b.polyline(&ring, width, color);
}

/// A dashed closed outline.
pub fn dashed_outline(b: &mut ShapeBuilder, poly: &[Vec2], width: f32, dash: f32, color: Color) {
    let n = poly.len();
    for i in 0..n {
        b.dashed(poly[i], poly[(i + 1) % n], width, dash, dash * 0.8, color);
    }
}

/// The stretches of the line `a`-`b` inside the polygon.
fn inside_spans(poly: &[Point], a: Point, b: Point) -> Vec<(Point, Point)> {
    let f = [Feature::area((), poly.to_vec())];
    let len = a.distance(b);
    sight(a, b, &f)
        .into_iter()
        .flat_map(|h| h.spans)
        .map(|(s, e)| (a.toward(b, s), a.toward(b, e)))
        .filter(|_| len > 0.0)
        .collect()
}

fn bounds(poly: &[Point]) -> (Point, Point) {
    poly.iter().fold(
        (
            Point::new(f64::INFINITY, f64::INFINITY),
            Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        ),
        |(lo, hi), p| {
            (
                Point::new(lo.x.min(p.x), lo.y.min(p.y)),
                Point::new(hi.x.max(p.x), hi.y.max(p.y)),
            )
        },
    )
}

/// Parallel lines across the polygon, `spacing` apart, at `angle` degrees
/// from the x axis, clipped to it.
pub fn hatch(
    b: &mut ShapeBuilder,
    poly: &[Point],
    spacing: f64,
    angle: f64,
    width: f32,
    color: Color,
) {
    let (lo, hi) = bounds(poly);
    let c = (lo + hi) * 0.5;
    let r = lo.distance(hi) / 2.0 + spacing;
    let a = angle.to_radians();
    let (d, n) = (Point::new(a.cos(), a.sin()), Point::new(-a.sin(), a.cos()));
    let mut k = -r;
    while k <= r {
        let o = c + n * k;
        for (s, e) in inside_spans(poly, o - d * r, o + d * r) {
            b.line(v2(s), v2(e), width, color);
        }
        k += spacing;
    }
}

/// Points on a staggered grid inside the polygon, at least `margin` from
/// its edge (crowns of trees, tufts).
pub fn scatter_points(poly: &[Point], spacing: f64, margin: f64) -> Vec<Point> {
    let (lo, hi) = bounds(poly);
    let f = Feature::area((), poly.to_vec());
    let mut out = vec![];
    let mut row = 0;
    let mut y = lo.y + spacing / 2.0;
    while y < hi.y {
        let shift = if row % 2 == 0 { 0.0 } else { spacing / 2.0 };
        let mut x = lo.x + spacing / 2.0 + shift;
        while x < hi.x {
            // A little jitter from the position itself, so rows don't read
            // as a grid (the same on every run).
            let j = ((x * 12.9898 + y * 78.233).sin() * 43758.547).fract() - 0.5;
            let p = Point::new(x + j * spacing * 0.35, y - j * spacing * 0.25);
            if point_in_polygon(poly, p) && f.distance_to_outline(p) >= margin {
                out.push(p);
            }
            x += spacing;
        }
        y += spacing * 0.87;
        row += 1;
    }
    out
}

/// The edge of the ground within `r` inches of a base (a range ring
/// measured from the base's edge): a circle round a round base, a rectangle
/// with rounded corners round a rectangular one.
pub fn ring_around(base: &Base, r: f64) -> Vec<Vec2> {
    match base.corners() {
        None => {
            let c = base.centre();
            let rr = base.width() / 2.0 + r;
            (0..72)
                .map(|i| {
                    let a = (i as f64 * 5.0).to_radians();
                    v2(c + Point::new(a.cos(), a.sin()) * rr)
                })
                .collect()
        }
        Some(c) => {
            // Corners anticlockwise; at each, a quarter circle from the
            // previous edge's normal to the next edge's.
            let mut out = vec![];
            for i in 0..4 {
                let p = c[i];
                let prev = c[(i + 3) % 4];
                let next = c[(i + 1) % 4];
                let n_in = (p - prev).normalized().unwrap_or_default();
                let n_out = (next - p).normalized().unwrap_or_default();
                // Outward normals of an anticlockwise polygon: to the right.
                let from = Point::new(n_in.y, -n_in.x);
                let to = Point::new(n_out.y, -n_out.x);
                let a0 = from.y.atan2(from.x);
                let mut a1 = to.y.atan2(to.x);
                // Round the outside of the corner: anticlockwise, as the
                // outline runs.
                while a1 < a0 {
                    a1 += std::f64::consts::TAU;
                }
                let steps = 9;
                for s in 0..=steps {
                    let a = a0 + (a1 - a0) * s as f64 / steps as f64;
                    out.push(v2(p + Point::new(a.cos(), a.sin()) * r));
                }
            }
            out
        }
    }
}

/// Trait to keep `Feature::distance_to_outline` local to drawing: the
/// distance from a point inside an area to its outline.
trait OutlineDistance {
    fn distance_to_outline(&self, p: Point) -> f64;
}

impl<K> OutlineDistance for Feature<K> {
    fn distance_to_outline(&self, p: Point) -> f64 {
        match &self.shape {
            vt_core::tabletop::Shape::Area(pts) => {
                let mut ring = pts.clone();
                if let Some(f) = pts.first() {
                    ring.push(*f);
                }
                vt_core::tabletop::closest_approach(&ring, p).map_or(f64::INFINITY, |c| c.0)
            }
            _ => self.distance_to(p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(tris: &[[usize; 3]], p: &[Vec2]) -> f32 {
        tris.iter()
            .map(|t| ((p[t[1]] - p[t[0]]).perp_dot(p[t[2]] - p[t[0]]) / 2.0).abs())
            .sum()
    }

    #[test]
    fn ear_clipping_covers_a_concave_polygon() {
        // An L of area 12, given clockwise.
        let l = [
            Vec2::new(0.0, 0.0),
            Vec2::new(0.0, 4.0),
            Vec2::new(2.0, 4.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(4.0, 2.0),
            Vec2::new(4.0, 0.0),
        ];
        let t = triangulate(&l);
        assert_eq!(t.len(), 4);
        assert!((area(&t, &l) - 12.0).abs() < 1e-5);
        // No triangle's centre is in the notch.
        for tri in &t {
            let c = (l[tri[0]] + l[tri[1]] + l[tri[2]]) / 3.0;
            assert!(!(c.x > 2.0 && c.y > 2.0), "{c}");
        }
    }

    #[test]
    fn rings_round_bases() {
        // A 2x2 base: the ring 1" out runs 2" from the centre on the axes
        // and 1 + √2 at the corners' diagonals... its points are all 1"
        // from the base.
        let b = Base::rect(Point::new(0.0, 0.0), 2.0, 2.0, Point::new(0.0, 1.0));
        for v in ring_around(&b, 1.0) {
            let d = b.distance_to_point(pt(v));
            assert!((d - 1.0).abs() < 1e-4, "{v}: {d}");
        }
        let r = Base::round(Point::new(3.0, 3.0), 0.5);
        for v in ring_around(&r, 2.0) {
            assert!((r.distance_to_point(pt(v)) - 2.0).abs() < 1e-4);
        }
    }

    #[test]
    fn hatching_stays_inside() {
        let sq = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 4.0),
            Point::new(0.0, 4.0),
        ];
        let mut b = ShapeBuilder::new();
        hatch(&mut b, &sq, 1.0, 45.0, 0.05, Color::WHITE);
        assert!(!b.is_empty());
        for p in &b.positions {
            assert!(p[0] > -0.1 && p[0] < 4.1 && p[1] > -0.1 && p[1] < 4.1);
        }
        let pts = scatter_points(&sq, 1.0, 0.3);
        assert!(pts.len() > 8);
        assert!(pts.iter().all(|p| p.x > 0.29 && p.x < 3.71));
    }
}
