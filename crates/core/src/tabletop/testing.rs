//! Helpers the tabletop tests share.

use super::{Feature, Point};

pub fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// An axis-aligned rectangular area from (x0, y0) to (x1, y1).
pub fn square<K>(k: K, x0: f64, y0: f64, x1: f64, y1: f64) -> Feature<K> {
    Feature::area(k, vec![p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)])
}

/// `a` and `b` agree to `tol`.
#[track_caller]
pub fn near(a: f64, b: f64, tol: f64) {
    assert!((a - b).abs() <= tol, "{a} vs {b}");
}
