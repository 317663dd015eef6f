//! Terrain features on the table (areas, lines, and bands with a width),
//! what a line of sight meets, and how a moving base meets them.

use super::base::{Base, SNUG};
use super::geom::{
    Blob, EPS, Location, Point, closest_approach, convex_hull, distance_to_segment, locate,
    point_along, segment_hits,
};
use crate::sort::StableSort;
use serde::{Deserialize, Serialize};

/// The outline of a terrain feature.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Shape {
    /// An area (a wood, a paddy, a building): a simple polygon, closed from
    /// the last point back to the first.
    Area(Vec<Point>),
    /// A linear feature with no width on the table (a hedge, a wall, a
    /// dyke): a polyline, crossed rather than entered.
    Line(Vec<Point>),
    /// A linear feature with a width (a road, a trail, a stream): every
    /// point within `width / 2` of the polyline. It is entered and left
    /// like an area; a stand is "on the road" when its centre is on it
    /// ([`Feature::contains`]) or, stricter, its whole base
    /// ([`Feature::holds_base`]).
    ///
    /// In RON: `Band(line: [(0, 24), (72, 20)], width: 2)`.
    Band { line: Vec<Point>, width: f64 },
}

/// How high a feature stands, in levels (the card-driven game's "ordinary
/// ground 0, trees and buildings 1, hills 2"). Only line of sight
/// ([`super::line_of_sight`]) reads it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Elevation {
    /// No height: its sight rule applies whatever the levels of the two
    /// ends (a paddy, smoke).
    #[default]
    Flat,
    /// A hill, or one contour of it: the ground inside stands at this level.
    /// Give each contour of a stepped hill its own feature, nested.
    Hill(f64),
    /// Rises this many levels above the ground it stands on (trees, a
    /// building, a hedge): seen over from higher up.
    Tall(f64),
}

impl Elevation {
    pub fn is_flat(&self) -> bool {
        *self == Elevation::Flat
    }
}

/// A terrain feature: a kind chosen by the game, its shape and its height.
///
/// In RON: `(kind: Wood, shape: Area([(0, 0), (4, 0), (4, 4), (0, 4)]))`,
/// with `elevation: Tall(1)` or `elevation: Hill(2)` where it has one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Feature<K> {
    pub kind: K,
    pub shape: Shape,
    #[serde(default, skip_serializing_if = "Elevation::is_flat")]
    pub elevation: Elevation,
}

impl<K> Feature<K> {
    pub fn area(kind: K, outline: Vec<Point>) -> Self {
        Feature {
            kind,
            shape: Shape::Area(outline),
            elevation: Elevation::Flat,
        }
    }

    pub fn line(kind: K, line: Vec<Point>) -> Self {
        Feature {
            kind,
            shape: Shape::Line(line),
            elevation: Elevation::Flat,
        }
    }

    pub fn band(kind: K, line: Vec<Point>, width: f64) -> Self {
        Feature {
            kind,
            shape: Shape::Band { line, width },
            elevation: Elevation::Flat,
        }
    }

    pub fn with_elevation(mut self, e: Elevation) -> Self {
        self.elevation = e;
        self
    }

    /// The smallest upright box holding the feature (a band with its
    /// width), as (lowest corner, highest corner): a cheap first test
    /// before the exact geometry.
    pub fn bounds(&self) -> (Point, Point) {
        let (pts, grow) = match &self.shape {
            Shape::Area(pts) | Shape::Line(pts) => (pts, 0.0),
            Shape::Band { line, width } => (line, width / 2.0),
        };
        let mut lo = Point::new(f64::INFINITY, f64::INFINITY);
        let mut hi = Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY);
        for p in pts {
            lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
        }
        (
            Point::new(lo.x - grow, lo.y - grow),
            Point::new(hi.x + grow, hi.y + grow),
        )
    }

    /// Whether the feature's box meets the box from `lo` to `hi` grown by
    /// `pad` inches: when it does not, nothing within `pad` of that box
    /// can touch the feature.
    pub fn may_meet(&self, lo: Point, hi: Point, pad: f64) -> bool {
        let (a, b) = self.bounds();
        let pad = pad + EPS;
        a.x <= hi.x + pad && b.x >= lo.x - pad && a.y <= hi.y + pad && b.y >= lo.y - pad
    }

    /// An area or a band: something one is in, not merely across.
    pub fn has_inside(&self) -> bool {
        !matches!(self.shape, Shape::Line(_))
    }

    /// How far `p` is from the feature, in inches: 0 inside an area or a
    /// band or on a line, else the distance to its outline or line.
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
            Shape::Band { line, width } => {
                closest_approach(line, p).map_or(f64::INFINITY, |c| (c.0 - width / 2.0).max(0.0))
            }
        }
    }

    /// Whether `p` is inside (or on the outline of) an area or a band.
    pub fn contains(&self, p: Point) -> bool {
        match &self.shape {
            Shape::Area(pts) => locate(pts, p) != Location::Outside,
            Shape::Line(_) => false,
            Shape::Band { line, width } => {
                closest_approach(line, p).is_some_and(|c| c.0 <= width / 2.0 + EPS)
            }
        }
    }

    /// The feature's outline or line as convex pieces: an area's edges, a
    /// line's segments, a band's segments grown by half its width.
    pub(crate) fn pieces(&self) -> Vec<Blob> {
        let segs = |pts: &[Point], r: f64| -> Vec<Blob> {
            if pts.len() == 1 {
                return vec![Blob::new(pts.to_vec(), r)];
            }
            pts.windows(2)
                .map(|w| Blob::new(convex_hull(w), r))
                .collect()
        };
        match &self.shape {
            Shape::Area(pts) => {
                let mut ring = pts.clone();
                if let Some(first) = pts.first() {
                    ring.push(*first);
                }
                segs(&ring, 0.0)
            }
            Shape::Line(pts) => segs(pts, 0.0),
            Shape::Band { line, width } => segs(line, width / 2.0),
        }
    }

    /// Some part of the base is on the feature (an area: in it or on its
    /// outline; a line: on it; a band: on it).
    pub fn touches_base(&self, base: &Base) -> bool {
        let blob = base.blob();
        (matches!(self.shape, Shape::Area(_)) && self.contains(base.centre()))
            || self.pieces().iter().any(|p| p.distance_to(&blob) <= EPS)
    }

    /// How far the base's edge is from the feature; 0 when it touches it.
    pub fn distance_to_base(&self, base: &Base) -> f64 {
        if matches!(self.shape, Shape::Area(_)) && self.contains(base.centre()) {
            return 0.0;
        }
        let blob = base.blob();
        self.pieces()
            .iter()
            .map(|p| p.distance_to(&blob))
            .fold(f64::INFINITY, f64::min)
    }

    /// The whole base is in an area or on a band (touching its outline
    /// allowed). On a band, each corner of a rectangular base must be on
    /// it; a round base must be within one straight stretch of it.
    pub fn holds_base(&self, base: &Base) -> bool {
        match &self.shape {
            Shape::Line(_) => false,
            Shape::Area(_) => {
                let inner = base.shrunk(SNUG).blob();
                self.contains(base.centre())
                    && self.pieces().iter().all(|p| p.distance_to(&inner) > 0.0)
            }
            Shape::Band { line, width } => match base.corners() {
                Some(c) => c.iter().all(|p| self.contains(*p)),
                None => {
                    let r = base.width() / 2.0;
                    line.windows(2).any(|w| {
                        distance_to_segment(base.centre(), w[0], w[1]) + r <= width / 2.0 + EPS
                    }) || (line.len() == 1
                        && line[0].distance(base.centre()) + r <= width / 2.0 + EPS)
                }
            },
        }
    }

    /// Where the centre of a base moving along `path` is in this area or
    /// band (a line: where it crosses, as stretches of no length), in
    /// inches along the path, merged: [`Passage::centre`] without the
    /// swept geometry.
    pub fn centre_passage(&self, path: &[Point]) -> Vec<(f64, f64)> {
        let mut centre = vec![];
        let mut off = 0.0;
        for w in path.windows(2) {
            if let Some(h) = sight(w[0], w[1], std::slice::from_ref(self)).pop() {
                match &self.shape {
                    Shape::Line(_) => centre.extend(h.crossings.iter().map(|c| (off + c, off + c))),
                    _ => centre.extend(h.spans.iter().map(|(a, b)| (off + a, off + b))),
                }
            }
            off += w[0].distance(w[1]);
        }
        merge(centre)
    }

    /// How a base moving along `path` meets this feature: see [`Passage`].
    /// The base starts with its centre at the path's first point and keeps
    /// its facing.
    pub fn passage(&self, base: &Base, path: &[Point]) -> Passage {
        let mut touching = vec![];
        let mut centre = vec![];
        let mut whole = vec![];
        let pieces = self.pieces();
        let mut off = 0.0;
        for w in path.windows(2) {
            let len = w[0].distance(w[1]);
            let here = base.at(w[0]);
            let travel = w[1] - w[0];
            let blob = here.blob();
            let scale = |(a, b): (f64, f64)| (off + a * len, off + b * len);
            let mut touch_seg = vec![];
            for p in &pieces {
                if let Some(x) = p.swept_by(&blob, travel) {
                    touch_seg.push(scale(x));
                }
            }
            let hit = sight(w[0], w[1], std::slice::from_ref(self)).pop();
            let spans: Vec<(f64, f64)> = match (&hit, &self.shape) {
                (Some(h), Shape::Line(_)) => {
                    h.crossings.iter().map(|c| (off + c, off + c)).collect()
                }
                (Some(h), _) => h.spans.iter().map(|(a, b)| (off + a, off + b)).collect(),
                (None, _) => vec![],
            };
            centre.extend(spans.iter().copied());
            match &self.shape {
                Shape::Line(_) => {}
                Shape::Area(_) => {
                    // The base touches the area while it touches the outline
                    // or has its centre inside; it is wholly inside in the
                    // gaps between outline contacts where its centre is in.
                    touching.extend(spans.iter().copied());
                    let inner = here.shrunk(SNUG).blob();
                    let edge_contacts: Vec<(f64, f64)> = pieces
                        .iter()
                        .filter_map(|p| p.swept_by(&inner, travel).map(scale))
                        .collect();
                    for (a, b) in complement(&merge(edge_contacts), off, off + len) {
                        let mid = point_along(w, (a + b) / 2.0 - off);
                        if self.contains(mid) {
                            whole.push((a, b));
                        }
                    }
                }
                Shape::Band { line, width } => {
                    // Wholly on the band while every corner (or the disc
                    // shrunk to its centre) is on it.
                    let r = width / 2.0;
                    let mut on: Option<Vec<(f64, f64)>> = None;
                    let probes: Vec<(Point, f64)> = match here.corners() {
                        Some(c) => c.iter().map(|p| (*p, r)).collect(),
                        None => vec![(w[0], r - here.width() / 2.0)],
                    };
                    for (start, reach) in probes {
                        let mut ivs = vec![];
                        if reach >= 0.0 {
                            for seg in band_pieces(line, reach) {
                                if let Some(x) = seg.clip_segment(start, start + travel) {
                                    ivs.push(scale(x));
                                }
                            }
                        }
                        let ivs = merge(ivs);
                        on = Some(match on {
                            None => ivs,
                            Some(prev) => intersect(&prev, &ivs),
                        });
                    }
                    whole.extend(on.unwrap_or_default());
                }
            }
            touching.extend(touch_seg);
            off += len;
        }
        Passage {
            touching: merge(touching),
            centre: merge(centre),
            whole: merge(whole),
        }
    }
}

fn band_pieces(line: &[Point], r: f64) -> Vec<Blob> {
    if line.len() == 1 {
        return vec![Blob::new(line.to_vec(), r)];
    }
    line.windows(2)
        .map(|w| Blob::new(convex_hull(w), r))
        .collect()
}

/// How a base moving along a path meets one feature; every stretch is in
/// inches along the path, merged where stretches meet.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Passage {
    /// While some part of the base is on the feature (an area: touching
    /// its outline or inside; a line: touching it; a band: on it).
    pub touching: Vec<(f64, f64)>,
    /// An area or a band: while the centre is inside. A line: the points
    /// where the centre crosses it, as stretches of no length.
    pub centre: Vec<(f64, f64)>,
    /// An area or a band: while the whole base is inside. Empty for a line.
    pub whole: Vec<(f64, f64)>,
}

/// Sorts stretches and joins those that meet or overlap.
pub(crate) fn merge(mut v: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    v.stable_sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let mut out: Vec<(f64, f64)> = vec![];
    for (a, b) in v {
        match out.last_mut() {
            Some(last) if a <= last.1 + EPS => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// The parts of `lo..hi` outside the merged stretches `v`.
fn complement(v: &[(f64, f64)], lo: f64, hi: f64) -> Vec<(f64, f64)> {
    let mut out = vec![];
    let mut at = lo;
    for &(a, b) in v {
        if a > at + EPS {
            out.push((at, a.min(hi)));
        }
        at = at.max(b);
    }
    if hi > at + EPS {
        out.push((at, hi));
    }
    out
}

/// Where two sets of merged stretches overlap.
fn intersect(a: &[(f64, f64)], b: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut out = vec![];
    for &(a0, a1) in a {
        for &(b0, b1) in b {
            let (lo, hi) = (a0.max(b0), a1.min(b1));
            if lo <= hi {
                out.push((lo, hi));
            }
        }
    }
    merge(out)
}

/// What a line of sight meets of one feature. Distances are in inches from
/// the start of the line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SightHit {
    /// Index of the feature in the list given to [`sight`].
    pub feature: usize,
    /// Area or band: the stretches of the line inside it (for an area, not
    /// merely on its outline), as (enter, leave).
    pub spans: Vec<(f64, f64)>,
    /// Area or band: the total length of the line inside it.
    pub inside: f64,
    /// Area or band: the line meets it at all, even only along an area's
    /// outline or at a corner.
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
    let (lo, hi) = (
        Point::new(from.x.min(to.x), from.y.min(to.y)),
        Point::new(from.x.max(to.x), from.y.max(to.y)),
    );
    let mut out = vec![];
    for (i, f) in features.iter().enumerate() {
        if !f.may_meet(lo, hi, 0.0) {
            continue;
        }
        let hit = match &f.shape {
            Shape::Area(pts) => area_hit(i, from, to, len, pts),
            Shape::Line(pts) => line_hit(i, from, to, len, pts),
            Shape::Band { line, width } => band_hit(i, from, to, len, line, *width),
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
    ts.stable_sort_by(f64::total_cmp);
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

fn band_hit(
    i: usize,
    a: Point,
    b: Point,
    len: f64,
    line: &[Point],
    width: f64,
) -> Option<SightHit> {
    let spans = merge(
        band_pieces(line, width / 2.0)
            .iter()
            .filter_map(|p| p.clip_segment(a, b))
            .map(|(s, e)| (s * len, e * len))
            .collect(),
    );
    if spans.is_empty() {
        return None;
    }
    let inside = spans.iter().map(|(s, e)| e - s).sum();
    Some(SightHit {
        feature: i,
        spans,
        inside,
        touches: true,
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
    ts.stable_sort_by(f64::total_cmp);
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
        Feature::area(
            Kind::Wood,
            vec![p(0.0, 0.0), p(4.0, 0.0), p(4.0, 4.0), p(0.0, 4.0)],
        )
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
        let u = Feature::area(
            Kind::Paddy,
            vec![
                p(0.0, 0.0),
                p(6.0, 0.0),
                p(6.0, 4.0),
                p(4.0, 4.0),
                p(4.0, 1.0),
                p(2.0, 1.0),
                p(2.0, 4.0),
                p(0.0, 4.0),
            ],
        );
        let h = sight(p(-1.0, 2.0), p(7.0, 2.0), &[u]);
        assert_eq!(h[0].spans, [(1.0, 3.0), (5.0, 7.0)]);
        assert_eq!(h[0].inside, 4.0);
    }

    #[test]
    fn crossing_a_hedge() {
        let hedge = Feature::line(Kind::Hedge, vec![p(5.0, -5.0), p(5.0, 0.0), p(8.0, 3.0)]);
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
        let hedge = Feature::line(Kind::Hedge, vec![p(0.0, 0.0), p(10.0, 0.0)]);
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

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-8, "{a} vs {b}");
    }

    #[test]
    fn roads_and_trails_have_a_width() {
        let road = Feature::band(Kind::Paddy, vec![p(0.0, 0.0), p(10.0, 0.0)], 2.0);
        // Straight across it: 2" on the road.
        let h = sight(p(5.0, -5.0), p(5.0, 5.0), std::slice::from_ref(&road));
        close(h[0].spans[0].0, 4.0);
        close(h[0].spans[0].1, 6.0);
        // At 45°: the line y = x - 5 is on it from (4, -1) to (6, 1), 2√2
        // to 4√2 from (2, -3).
        let h = sight(p(2.0, -3.0), p(8.0, 3.0), std::slice::from_ref(&road));
        close(h[0].spans[0].0, 2.0 * 2f64.sqrt());
        close(h[0].inside, 2.0 * 2f64.sqrt());
        // Along a road with a bend at (10, 0): the rounded ends reach 1"
        // past each point, one stretch from x = -1 to 11.
        let bend = Feature::band(
            Kind::Paddy,
            vec![p(0.0, 0.0), p(10.0, 0.0), p(10.0, 10.0)],
            2.0,
        );
        let h = sight(p(-5.0, 0.0), p(20.0, 0.0), std::slice::from_ref(&bend));
        assert_eq!(h[0].spans.len(), 1);
        close(h[0].spans[0].0, 4.0);
        close(h[0].spans[0].1, 16.0);
        assert!(bend.contains(p(10.9, 5.0)));
        assert!(!bend.contains(p(11.1, 5.0)));
        close(bend.distance_to(p(13.0, 5.0)), 2.0);
        assert_eq!(bend.distance_to(p(10.5, 5.0)), 0.0);
    }

    #[test]
    fn bases_on_features() {
        let w = wood();
        let hedge = Feature::line(Kind::Hedge, vec![p(6.0, -5.0), p(6.0, 5.0)]);
        let stand = Base::rect(p(2.0, 2.0), 1.5, 1.5, p(0.0, 1.0));
        assert!(w.holds_base(&stand));
        assert!(w.touches_base(&stand));
        // Flush against the wood's edge from inside: still wholly in.
        assert!(w.holds_base(&stand.at(p(3.25, 2.0))));
        // Astride the edge: touches, not held.
        assert!(!w.holds_base(&stand.at(p(4.0, 2.0))));
        assert!(w.touches_base(&stand.at(p(4.0, 2.0))));
        // Against it from outside: touches only.
        assert!(w.touches_base(&stand.at(p(4.75, 2.0))));
        assert!(!w.touches_base(&stand.at(p(4.8, 2.0))));
        close(w.distance_to_base(&stand.at(p(6.0, 2.0))), 1.25);
        assert_eq!(w.distance_to_base(&stand), 0.0);
        // Lining the hedge, and half an inch short of it.
        assert!(hedge.touches_base(&stand.at(p(5.25, 0.0))));
        assert!(!hedge.touches_base(&stand.at(p(4.75, 0.0))));
        assert!(!hedge.holds_base(&stand.at(p(6.0, 0.0))));
    }

    #[test]
    fn bands_and_heights_in_ron() {
        let fs: Vec<Feature<Kind>> = ron::from_str(
            "[(kind: Paddy, shape: Band(line: [(0, 24), (72, 20)], width: 2)),
              (kind: Wood, shape: Area([(0, 0), (4, 0), (4, 4)]), elevation: Tall(1)),
              (kind: Wood, shape: Area([(0, 0), (4, 0), (4, 4)]), elevation: Hill(2))]",
        )
        .unwrap();
        assert_eq!(
            fs[0].shape,
            Shape::Band {
                line: vec![p(0.0, 24.0), p(72.0, 20.0)],
                width: 2.0
            }
        );
        assert_eq!(fs[1].elevation, Elevation::Tall(1.0));
        assert_eq!(fs[2].elevation, Elevation::Hill(2.0));
        assert_eq!(fs[0].elevation, Elevation::Flat);
        let text = ron::to_string(&fs).unwrap();
        assert!(!text.contains("Flat"), "flat is left out: {text}");
        assert_eq!(ron::from_str::<Vec<Feature<Kind>>>(&text).unwrap(), fs);
    }
}
