//! Terrain features on the table and what a line of sight meets.

use super::geom::{EPS, Location, Point, closest_approach, locate, segment_hits};
use serde::{Deserialize, Serialize};

/// The outline of a terrain feature.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Shape {
    /// An area (a wood, a paddy, a building): a simple polygon, closed from
    /// the last point back to the first.
    Area(Vec<Point>),
    /// A linear feature (a hedge, wall, stream, road): a polyline.
    Line(Vec<Point>),
}

/// A terrain feature: a kind chosen by the game, and its shape.
///
/// In RON: `(kind: Wood, shape: Area([(0, 0), (4, 0), (4, 4), (0, 4)]))`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Feature<K> {
    pub kind: K,
    pub shape: Shape,
}

impl<K> Feature<K> {
    /// How far `p` is from the feature, in inches: 0 inside an area or on
    /// the feature, else the distance to its outline or line.
    pub fn distance_to(&self, p: Point) -> f64 {
        match &self.shape {
            Shape::Area(pts) => {
                if locate(pts, p) != Location::Outside {
                    return 0.0;
                }
                let mut ring = pts.clone();
                if let Some(first) = pts.first() {
                    ring.push(*first);
                }
                closest_approach(&ring, p).map_or(f64::INFINITY, |c| c.0)
            }
            Shape::Line(pts) => closest_approach(pts, p).map_or(f64::INFINITY, |c| c.0),
        }
    }

    /// Whether `p` is inside (or on the outline of) an area feature.
    pub fn contains(&self, p: Point) -> bool {
        match &self.shape {
            Shape::Area(pts) => locate(pts, p) != Location::Outside,
            Shape::Line(_) => false,
        }
    }
}

/// What a line of sight meets of one feature. Distances are in inches from
/// the start of the line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SightHit {
    /// Index of the feature in the list given to [`sight`].
    pub feature: usize,
    /// Area: the stretches of the line inside the area (not merely on its
    /// outline), as (enter, leave).
    pub spans: Vec<(f64, f64)>,
    /// Area: the total length of the line inside the area.
    pub inside: f64,
    /// Area: the line meets the area at all, even only along its outline
    /// or at a corner.
    pub touches: bool,
    /// Line: where the line of sight meets it (the two ends of a stretch
    /// where they run together).
    pub crossings: Vec<f64>,
}

impl SightHit {
    /// The line of sight meets a linear feature.
    pub fn crosses(&self) -> bool {
        !self.crossings.is_empty()
    }
}

/// Traces a line of sight from `from` to `to` against every feature, and
/// reports each feature it meets, in the order of `features`.
///
/// Running exactly along an area's outline or touching one of its corners
/// puts no length inside it (`inside` is 0, `touches` is true): the game
/// decides what that means.
pub fn sight<K>(from: Point, to: Point, features: &[Feature<K>]) -> Vec<SightHit> {
    let len = from.distance(to);
    let mut out = vec![];
    for (i, f) in features.iter().enumerate() {
        let hit = match &f.shape {
            Shape::Area(pts) => area_hit(i, from, to, len, pts),
            Shape::Line(pts) => line_hit(i, from, to, len, pts),
        };
        if let Some(h) = hit {
            out.push(h);
        }
    }
    out
}

fn area_hit(i: usize, a: Point, b: Point, len: f64, pts: &[Point]) -> Option<SightHit> {
    let n = pts.len();
    if n < 3 {
        return None;
    }
    let mut ts = vec![];
    for k in 0..n {
        segment_hits(a, b, pts[k], pts[(k + 1) % n], &mut ts);
    }
    let touches = !ts.is_empty() || locate(pts, a) != Location::Outside;
    if !touches {
        return None;
    }
    ts.push(0.0);
    ts.push(1.0);
    ts.sort_by(f64::total_cmp);
    ts.dedup_by(|x, y| (*x - *y).abs() * len <= EPS);
    let mut spans: Vec<(f64, f64)> = vec![];
    for w in ts.windows(2) {
        let mid = a + (b - a) * ((w[0] + w[1]) / 2.0);
        if locate(pts, mid) == Location::Inside {
            let (s, e) = (w[0] * len, w[1] * len);
            match spans.last_mut() {
                Some(last) if (last.1 - s).abs() <= EPS => last.1 = e,
                _ => spans.push((s, e)),
            }
        }
    }
    let inside = spans.iter().map(|(s, e)| e - s).sum();
    Some(SightHit {
        feature: i,
        spans,
        inside,
        touches,
        crossings: vec![],
    })
}

fn line_hit(i: usize, a: Point, b: Point, len: f64, pts: &[Point]) -> Option<SightHit> {
    let mut ts = vec![];
    for w in pts.windows(2) {
        segment_hits(a, b, w[0], w[1], &mut ts);
    }
    if ts.is_empty() {
        return None;
    }
    ts.sort_by(f64::total_cmp);
    ts.dedup_by(|x, y| (*x - *y).abs() * len <= EPS);
    Some(SightHit {
        feature: i,
        spans: vec![],
        inside: 0.0,
        touches: true,
        crossings: ts.iter().map(|t| t * len).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum Kind {
        Wood,
        Hedge,
        Paddy,
    }

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    fn wood() -> Feature<Kind> {
        Feature {
            kind: Kind::Wood,
            shape: Shape::Area(vec![p(0.0, 0.0), p(4.0, 0.0), p(4.0, 4.0), p(0.0, 4.0)]),
        }
    }

    #[test]
    fn through_a_square_wood() {
        let w = [wood()];
        // Straight through the middle: 4 inches inside, from 2 to 6.
        let h = sight(p(-2.0, 1.0), p(10.0, 1.0), &w);
        assert_eq!(h.len(), 1);
        assert_eq!(h[0].inside, 4.0);
        assert_eq!(h[0].spans, [(2.0, 6.0)]);
        assert!(h[0].touches);
        // Corner to corner: the diagonal, 4√2.
        let h = sight(p(-1.0, -1.0), p(5.0, 5.0), &w);
        assert!((h[0].inside - 4.0 * 2f64.sqrt()).abs() < 1e-12);
        assert!((h[0].spans[0].0 - 2f64.sqrt()).abs() < 1e-12);
        // Ending inside: 1.5 inches in.
        let h = sight(p(-3.0, 2.0), p(1.5, 2.0), &w);
        assert_eq!(h[0].spans, [(3.0, 4.5)]);
        // Starting inside and looking out.
        let h = sight(p(3.0, 3.0), p(3.0, 10.0), &w);
        assert_eq!(h[0].spans, [(0.0, 1.0)]);
        // Missing it.
        assert!(sight(p(-1.0, 5.0), p(9.0, 4.5), &w).is_empty());
    }

    #[test]
    fn along_an_edge_and_at_a_corner() {
        let w = [wood()];
        // Along the bottom edge: nothing inside, but it touches.
        let h = sight(p(-2.0, 0.0), p(6.0, 0.0), &w);
        assert_eq!(h.len(), 1);
        assert_eq!(h[0].inside, 0.0);
        assert!(h[0].spans.is_empty());
        assert!(h[0].touches);
        // Grazing the corner (0, 0).
        let h = sight(p(-2.0, 2.0), p(2.0, -2.0), &w);
        assert_eq!(h[0].inside, 0.0);
        assert!(h[0].touches);
        // Along the right edge, the full length of it.
        let h = sight(p(4.0, -2.0), p(4.0, 6.0), &w);
        assert_eq!(h[0].inside, 0.0);
        assert!(h[0].touches);
        // In through the left edge at (0, 3), ending inside at (2, 1).
        let h = sight(p(-1.0, 4.0), p(2.0, 1.0), &w);
        assert!((h[0].inside - 2.0 * 2f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn through_a_notched_paddy() {
        // A U shape: the line passes through both arms and the gap between.
        let u = Feature {
            kind: Kind::Paddy,
            shape: Shape::Area(vec![
                p(0.0, 0.0),
                p(6.0, 0.0),
                p(6.0, 4.0),
                p(4.0, 4.0),
                p(4.0, 1.0),
                p(2.0, 1.0),
                p(2.0, 4.0),
                p(0.0, 4.0),
            ]),
        };
        let h = sight(p(-1.0, 2.0), p(7.0, 2.0), &[u]);
        assert_eq!(h[0].spans, [(1.0, 3.0), (5.0, 7.0)]);
        assert_eq!(h[0].inside, 4.0);
    }

    #[test]
    fn crossing_a_hedge() {
        let hedge = Feature {
            kind: Kind::Hedge,
            shape: Shape::Line(vec![p(5.0, -5.0), p(5.0, 0.0), p(8.0, 3.0)]),
        };
        let fs = [wood(), hedge];
        let h = sight(p(0.0, -2.0), p(10.0, -2.0), &fs);
        assert_eq!(h.len(), 1);
        assert_eq!(h[0].feature, 1);
        assert!(h[0].crosses());
        assert_eq!(h[0].crossings, [5.0]);
        // Through the hedge's bend: one point, not two.
        let h = sight(p(0.0, 0.0), p(10.0, 0.0), &fs);
        let hedge_hit = h.iter().find(|x| x.feature == 1).unwrap();
        assert_eq!(hedge_hit.crossings, [5.0]);
        // Along the hedge: both ends of the shared stretch.
        let h = sight(p(5.0, -7.0), p(5.0, -1.0), &fs);
        assert_eq!(h[0].crossings, [2.0, 6.0]);
        // Short of it.
        assert!(sight(p(0.0, -2.0), p(4.0, -2.0), &fs).is_empty());
    }

    #[test]
    fn distances_to_features() {
        let w = wood();
        assert_eq!(w.distance_to(p(2.0, 2.0)), 0.0);
        assert_eq!(w.distance_to(p(7.0, 2.0)), 3.0);
        assert_eq!(w.distance_to(p(7.0, 8.0)), 5.0);
        assert!(w.contains(p(4.0, 4.0)));
        let hedge = Feature {
            kind: Kind::Hedge,
            shape: Shape::Line(vec![p(0.0, 0.0), p(10.0, 0.0)]),
        };
        assert_eq!(hedge.distance_to(p(3.0, -2.0)), 2.0);
        assert!(!hedge.contains(p(3.0, 0.0)));
    }

    #[test]
    fn features_in_ron() {
        let fs: Vec<Feature<Kind>> = ron::from_str(
            "[(kind: Wood, shape: Area([(0, 0), (4, 0), (4, 4), (0, 4)])),
              (kind: Hedge, shape: Line([(5, -5), (5, 0)]))]",
        )
        .unwrap();
        assert_eq!(fs[0], wood());
        let text = ron::to_string(&fs).unwrap();
        assert_eq!(ron::from_str::<Vec<Feature<Kind>>>(&text).unwrap(), fs);
    }
}
