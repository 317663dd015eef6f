//! Line of sight: clear, in cover, blocked or in dead ground, with the
//! game's own terrain rules, levels and stands in the way.

use super::base::Base;
use super::features::{Elevation, Feature, Shape, SightHit, sight};
use super::geom::{EPS, Point};
use crate::sort::StableSort;
use serde::{Deserialize, Serialize};

/// One end of a line of sight: a point and how high it stands, in levels
/// (the ground's level plus the model's own height: a man 0, a helicopter
/// in the air 3, as the game says).
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Eye {
    pub at: Point,
    pub level: f64,
}

impl Eye {
    pub fn new(at: Point, level: f64) -> Self {
        Eye { at, level }
    }

    /// Standing `height` levels above the ground at `at`.
    pub fn standing<K>(at: Point, height: f64, features: &[Feature<K>]) -> Self {
        Eye {
            at,
            level: ground_level(at, features) + height,
        }
    }
}

/// The level of the ground at `p`: the highest hill or contour it is on, 0
/// off every hill.
pub fn ground_level<K>(p: Point, features: &[Feature<K>]) -> f64 {
    features
        .iter()
        .filter_map(|f| match f.elevation {
            Elevation::Hill(h) if f.contains(p) => Some(h),
            _ => None,
        })
        .fold(0.0, f64::max)
}

/// What a feature gives a target behind or in it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Cover {
    #[default]
    None,
    /// A target inside the area or band is in cover (jungle, a bunker).
    Inside,
    /// A target no more than this many inches beyond it along the line is
    /// in cover (a wall, a dyke, a hedge: a stand lining it).
    Behind(f64),
}

/// How a kind of feature treats a line of sight passing through it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SightRule {
    /// `None`: sight passes through. `Some(depth)`: sight may go this many
    /// inches into it from outside, and out of it from inside, but never
    /// through (the card game: 3"; Crossfire's "see into but not through":
    /// `f64::INFINITY`). A line is seen past only by a viewer or target
    /// within `depth` of it (0: not at all).
    pub blocks: Option<f64>,
    pub cover: Cover,
}

impl SightRule {
    /// Sight passes; no cover.
    pub const OPEN: SightRule = SightRule {
        blocks: None,
        cover: Cover::None,
    };

    pub fn blocking(depth: f64, cover: Cover) -> Self {
        SightRule {
            blocks: Some(depth),
            cover,
        }
    }

    pub fn cover(cover: Cover) -> Self {
        SightRule {
            blocks: None,
            cover,
        }
    }
}

/// How far behind an obstacle a lower target is out of sight from a
/// higher viewer.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DeadGround {
    /// Where the line from the viewer over the obstacle's top comes down to
    /// the target's level: `d × (obstacle - target) / (viewer - obstacle)`,
    /// `d` the distance from the viewer to where the line leaves the
    /// obstacle.
    Geometric,
    /// This fraction of that distance `d`, whatever the levels (the card
    /// game's LINE OF SIGHT: half).
    Fraction(f64),
}

impl DeadGround {
    /// The length of dead ground behind an obstacle `d` inches from the
    /// viewer.
    fn length(self, d: f64, viewer: f64, obstacle: f64, target: f64) -> f64 {
        match self {
            DeadGround::Geometric => {
                if viewer > obstacle {
                    d * (obstacle - target) / (viewer - obstacle)
                } else {
                    f64::INFINITY
                }
            }
            DeadGround::Fraction(k) => k * d,
        }
    }
}

/// A game's sight rules, by feature kind. A closure `Fn(&K) -> SightRule`
/// is one, with geometric dead ground.
pub trait SightRules<K> {
    fn rule(&self, kind: &K) -> SightRule;
    fn dead_ground(&self) -> DeadGround {
        DeadGround::Geometric
    }
}

impl<K, F: Fn(&K) -> SightRule> SightRules<K> for F {
    fn rule(&self, kind: &K) -> SightRule {
        self(kind)
    }
}

/// What a viewer sees of a target, from best to worst.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Seen {
    Clear,
    /// Seen, in cover.
    Cover,
    /// Hidden behind a crest or an obstacle lower than the viewer.
    Dead,
    Blocked,
}

/// The verdict on one line of sight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sight {
    pub seen: Seen,
    /// Blocked or dead: the feature that hides the target.
    pub by: Option<usize>,
    /// Blocked or dead: how far along the line that feature hides it.
    pub at: Option<f64>,
    /// The features that give the target cover (also when hidden, for
    /// the explanation).
    pub cover: Vec<usize>,
}

/// Judges the line of sight from `from` to `to`.
///
/// Each feature the line meets is taken in turn:
/// - **Heights.** A hill or a tall feature that neither end stands on
///   is seen over when it is lower than both ends. Between a higher viewer
///   and a lower target it hides the ground behind it for the
///   [`DeadGround`] length (and the other way round); an obstacle as high
///   as both ends is not seen over: a hill then blocks, a tall feature
///   leaves it to its sight rule. A flat feature is never seen over.
/// - **Sight rule.** A feature that blocks is seen into and out of to its
///   depth, never through; cover as its rule says.
pub fn line_of_sight<K>(
    from: Eye,
    to: Eye,
    features: &[Feature<K>],
    rules: &impl SightRules<K>,
) -> Sight {
    let len = from.at.distance(to.at);
    let hits = sight(from.at, to.at, features);
    judge(len, &hits, from, to, features, rules)
}

fn judge<K>(
    len: f64,
    hits: &[SightHit],
    from: Eye,
    to: Eye,
    features: &[Feature<K>],
    rules: &impl SightRules<K>,
) -> Sight {
    let along = |t: f64| {
        if len > 0.0 {
            from.at + (to.at - from.at) * (t / len)
        } else {
            from.at
        }
    };
    let dead = rules.dead_ground();
    let mut hidden: Option<(f64, Seen, usize)> = None;
    let mut hide = |at: f64, seen: Seen, i: usize| {
        if hidden.is_none_or(|h| at < h.0 - EPS) {
            hidden = Some((at, seen, i));
        }
    };
    let mut cover = vec![];
    for h in hits {
        let f = &features[h.feature];
        let rule = rules.rule(&f.kind);
        let is_line = matches!(f.shape, Shape::Line(_));
        let stretches: Vec<(f64, f64)> = if is_line {
            h.crossings.iter().map(|&c| (c, c)).collect()
        } else {
            h.spans.clone()
        };
        for (a, b) in stretches {
            let (has_viewer, has_target) = if is_line {
                (false, false)
            } else {
                (a <= EPS, b >= len - EPS)
            };
            // Heights first: is the feature seen over?
            if !has_viewer && !has_target {
                let top = match f.elevation {
                    Elevation::Flat => None,
                    Elevation::Hill(l) => Some(l),
                    Elevation::Tall(t) => Some(ground_level(along((a + b) / 2.0), features) + t),
                };
                if let Some(top) = top {
                    let (lv, lt) = (from.level, to.level);
                    if top < lv && top < lt {
                        continue;
                    }
                    if top >= lv && top >= lt {
                        if matches!(f.elevation, Elevation::Hill(_)) {
                            hide(a, Seen::Blocked, h.feature);
                            continue;
                        }
                    } else if top < lv {
                        // Looking down over it: dead ground behind it.
                        if top > lt && len - b <= dead.length(b, lv, top, lt) + EPS {
                            hide(b, Seen::Dead, h.feature);
                        }
                        continue;
                    } else {
                        // Looking up over it: the viewer is in the target's
                        // dead ground.
                        if top > lv && a <= dead.length(len - a, lt, top, lv) + EPS {
                            hide(a, Seen::Dead, h.feature);
                        }
                        continue;
                    }
                }
            }
            if let Some(depth) = rule.blocks {
                let limit = depth + EPS;
                if is_line {
                    if a > limit && len - a > limit {
                        hide(a, Seen::Blocked, h.feature);
                    }
                } else if has_viewer && has_target {
                    if len > limit {
                        hide(depth, Seen::Blocked, h.feature);
                    }
                } else if has_viewer {
                    if b > limit {
                        hide(depth.min(b), Seen::Blocked, h.feature);
                    }
                } else if has_target {
                    if b - a > limit {
                        hide(a + depth, Seen::Blocked, h.feature);
                    }
                } else {
                    hide(a, Seen::Blocked, h.feature);
                }
            }
            let covered = match rule.cover {
                Cover::None => false,
                Cover::Inside => has_target,
                Cover::Behind(w) => !has_target && len - b <= w + EPS,
            };
            if covered && !cover.contains(&h.feature) {
                cover.push(h.feature);
            }
        }
    }
    match hidden {
        Some((at, seen, by)) => Sight {
            seen,
            by: Some(by),
            at: Some(at),
            cover,
        },
        None => Sight {
            seen: if cover.is_empty() {
                Seen::Clear
            } else {
                Seen::Cover
            },
            by: None,
            at: None,
            cover,
        },
    }
}

/// A stretch of a line of sight where a target would be seen alike.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SightStretch {
    pub from: f64,
    pub to: f64,
    pub seen: Seen,
}

/// What `from` would see of a target standing `target_height` levels above
/// the ground at each point of the line to `to`: the stretches of the line,
/// each with one verdict ([`line_of_sight`] to any point of it). For a
/// tool that colours the line.
pub fn sight_profile<K>(
    from: Eye,
    to: Point,
    target_height: f64,
    features: &[Feature<K>],
    rules: &impl SightRules<K>,
) -> Vec<SightStretch> {
    let len = from.at.distance(to);
    if len <= EPS {
        return vec![];
    }
    let hits = sight(from.at, to, features);
    let point = |t: f64| from.at + (to - from.at) * (t / len);
    let dead = rules.dead_ground();
    // The target's possible levels: off every hill, or on one.
    let mut levels: Vec<f64> = features
        .iter()
        .filter_map(|f| match f.elevation {
            Elevation::Hill(h) => Some(h + target_height),
            _ => None,
        })
        .collect();
    levels.push(target_height);
    let mut cuts = vec![0.0, len];
    for h in &hits {
        let f = &features[h.feature];
        let rule = rules.rule(&f.kind);
        let mut stretches: Vec<(f64, f64)> = h.spans.clone();
        stretches.extend(h.crossings.iter().map(|&c| (c, c)));
        for (a, b) in stretches {
            cuts.extend([a, b]);
            if let Some(d) = rule.blocks {
                cuts.extend([a + d, d]);
            }
            if let Cover::Behind(w) = rule.cover {
                cuts.push(b + w);
            }
            let top = match f.elevation {
                Elevation::Flat => None,
                Elevation::Hill(l) => Some(l),
                Elevation::Tall(t) => Some(ground_level(point((a + b) / 2.0), features) + t),
            };
            if let Some(top) = top {
                for &lt in &levels {
                    if top < from.level {
                        cuts.push(b + dead.length(b, from.level, top, lt));
                    } else if lt > top {
                        // a <= D(t - a): solve for the target's distance t.
                        let per = dead.length(1.0, lt, top, from.level);
                        if per > 0.0 && per.is_finite() {
                            cuts.push(a + a / per);
                        }
                    }
                }
            }
        }
    }
    let mut cuts: Vec<f64> = cuts
        .into_iter()
        .filter(|c| c.is_finite() && *c >= 0.0 && *c <= len)
        .collect();
    cuts.stable_sort_by(f64::total_cmp);
    cuts.dedup_by(|a, b| (*a - *b).abs() <= EPS);
    let mut out: Vec<SightStretch> = vec![];
    for c in cuts.windows(2) {
        let t = (c[0] + c[1]) / 2.0;
        let upto: Vec<SightHit> = hits
            .iter()
            .filter_map(|h| {
                let spans: Vec<(f64, f64)> = h
                    .spans
                    .iter()
                    .filter(|s| s.0 < t)
                    .map(|&(a, b)| (a, b.min(t)))
                    .collect();
                let crossings: Vec<f64> = h.crossings.iter().copied().filter(|&x| x <= t).collect();
                (!spans.is_empty() || !crossings.is_empty()).then(|| SightHit {
                    feature: h.feature,
                    inside: spans.iter().map(|(a, b)| b - a).sum(),
                    spans,
                    touches: true,
                    crossings,
                })
            })
            .collect();
        let target = Eye::standing(point(t), target_height, features);
        let seen = judge(t, &upto, from, target, features, rules).seen;
        match out.last_mut() {
            Some(last) if last.seen == seen => last.to = c[1],
            _ => out.push(SightStretch {
                from: c[0],
                to: c[1],
                seen,
            }),
        }
    }
    out
}

/// Samples per inch [`sight_along`] takes before it narrows each change
/// down: a window of sight narrower than a tenth of an inch may be missed.
pub const SIGHT_SAMPLES_PER_INCH: f64 = 10.0;

/// What a viewer sees of a stand moving along `path` (standing
/// `target_height` levels above the ground): the stretches of the path, in
/// inches along it, each with one verdict. For reactive fire and overwatch:
/// the viewer may fire wherever the mover is not blocked or in dead ground.
///
/// The path is sampled [`SIGHT_SAMPLES_PER_INCH`] times an inch and each
/// change of verdict is narrowed down to a millionth of the sample step,
/// all in the fixed arithmetic of this module, so the stretches are the
/// same on every platform.
pub fn sight_along<K>(
    viewer: Eye,
    path: &[Point],
    target_height: f64,
    features: &[Feature<K>],
    rules: &impl SightRules<K>,
) -> Vec<SightStretch> {
    let len = super::geom::path_length(path);
    let seen_at = |d: f64| {
        let at = super::geom::point_along(path, d);
        line_of_sight(
            viewer,
            Eye::standing(at, target_height, features),
            features,
            rules,
        )
        .seen
    };
    if path.is_empty() {
        return vec![];
    }
    let n = ((len * SIGHT_SAMPLES_PER_INCH).ceil() as usize).max(1);
    let at = |i: usize| len * i as f64 / n as f64;
    let mut out: Vec<SightStretch> = vec![];
    let mut prev = seen_at(0.0);
    let mut start = 0.0;
    for i in 1..=n {
        let now = seen_at(at(i));
        if now != prev {
            // Narrow the change down between the two samples.
            let (mut lo, mut hi) = (at(i - 1), at(i));
            for _ in 0..20 {
                let mid = (lo + hi) / 2.0;
                if seen_at(mid) == prev {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            out.push(SightStretch {
                from: start,
                to: hi,
                seen: prev,
            });
            start = hi;
            prev = now;
        }
    }
    out.push(SightStretch {
        from: start,
        to: len,
        seen: prev,
    });
    out
}

/// A base a line passes over, and where, in inches from the line's start.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BaseCrossing {
    /// Index into the bases given.
    pub base: usize,
    pub enter: f64,
    pub leave: f64,
}

/// The bases the line from `from` to `to` passes over (touching one
/// counts), in order along the line. Leave out the firer's and the
/// target's own bases; which of the others block (the card game: more
/// than one friendly stand, unless firing from higher ground) is the
/// game's rule.
pub fn bases_crossed(from: Point, to: Point, bases: &[Base]) -> Vec<BaseCrossing> {
    let len = from.distance(to);
    let mut out: Vec<BaseCrossing> = bases
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            b.blob().clip_segment(from, to).map(|(s, e)| BaseCrossing {
                base: i,
                enter: s * len,
                leave: e * len,
            })
        })
        .collect();
    out.stable_sort_by(|a, b| a.enter.total_cmp(&b.enter).then(a.base.cmp(&b.base)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tabletop::testing::{near, p, square};

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum K {
        Jungle,
        Wall,
        Hedge,
        Hill,
        Bunker,
        Smoke,
    }

    fn close(a: f64, b: f64) {
        near(a, b, 1e-8);
    }

    /// The card-driven game's chart: jungle blocks but is seen 3" into and
    /// out of, with cover; walls and hedges do not block, walls give cover
    /// to a stand lining them (within 1", our figure); smoke blocks
    /// outright; dead ground is half the viewer-to-obstacle distance.
    struct Card;

    impl SightRules<K> for Card {
        fn rule(&self, k: &K) -> SightRule {
            match k {
                K::Jungle => SightRule::blocking(3.0, Cover::Inside),
                K::Wall => SightRule::cover(Cover::Behind(1.0)),
                K::Hedge => SightRule::OPEN,
                K::Hill => SightRule::OPEN,
                K::Bunker => SightRule::cover(Cover::Inside),
                K::Smoke => SightRule::blocking(0.0, Cover::None),
            }
        }
        fn dead_ground(&self) -> DeadGround {
            DeadGround::Fraction(0.5)
        }
    }

    fn seen(from: Eye, to: Eye, fs: &[Feature<K>], rules: &impl SightRules<K>) -> Seen {
        line_of_sight(from, to, fs, rules).seen
    }

    fn ground(at: Point) -> Eye {
        Eye::new(at, 0.0)
    }

    // Card-driven TERRAIN CHART note: blocking terrain blocks sight through
    // it, but units see about 3" into it and out of it.
    #[test]
    fn seeing_into_and_out_of_jungle() {
        let fs = [square(K::Jungle, 10.0, -5.0, 20.0, 5.0)];
        let v = ground(p(0.0, 0.0));
        // 2" in: seen, in cover.
        let s = line_of_sight(v, ground(p(12.0, 0.0)), &fs, &Card);
        assert_eq!(s.seen, Seen::Cover);
        assert_eq!(s.cover, [0]);
        // Exactly 3" in: still seen.
        assert_eq!(seen(v, ground(p(13.0, 0.0)), &fs, &Card), Seen::Cover);
        // 4" in: blocked, at 13 along the line.
        let s = line_of_sight(v, ground(p(14.0, 0.0)), &fs, &Card);
        assert_eq!(s.seen, Seen::Blocked);
        assert_eq!((s.by, s.at), (Some(0), Some(13.0)));
        // Beyond it: blocked where the line enters.
        let s = line_of_sight(v, ground(p(25.0, 0.0)), &fs, &Card);
        assert_eq!((s.seen, s.at), (Seen::Blocked, Some(10.0)));
        // Out of it: 2" in, looking out, sees the open; 4" in does not.
        assert_eq!(seen(ground(p(12.0, 0.0)), v, &fs, &Card), Seen::Clear);
        assert_eq!(seen(ground(p(14.0, 0.0)), v, &fs, &Card), Seen::Blocked);
        // Two stands 2.5" apart inside it see each other; 3.5" do not.
        assert_eq!(
            seen(ground(p(14.0, 0.0)), ground(p(16.5, 0.0)), &fs, &Card),
            Seen::Cover
        );
        assert_eq!(
            seen(ground(p(14.0, 0.0)), ground(p(17.5, 0.0)), &fs, &Card),
            Seen::Blocked
        );
        // Crossfire's "into but not through": any depth in, never through.
        let cf = |k: &K| match k {
            K::Jungle => SightRule::blocking(f64::INFINITY, Cover::Inside),
            _ => SightRule::OPEN,
        };
        assert_eq!(seen(v, ground(p(19.0, 0.0)), &fs, &cf), Seen::Cover);
        assert_eq!(seen(v, ground(p(21.0, 0.0)), &fs, &cf), Seen::Blocked);
    }

    // LINE OF SIGHT: walls and hedges give cover but do not block sight
    // past them.
    #[test]
    fn walls_hedges_and_smoke() {
        let fs = [
            Feature::line(K::Wall, vec![p(10.0, -5.0), p(10.0, 5.0)]),
            Feature::line(K::Hedge, vec![p(5.0, -5.0), p(5.0, 5.0)]),
        ];
        let v = ground(p(0.0, 0.0));
        // Lining the wall (half an inch behind it): in cover.
        let s = line_of_sight(v, ground(p(10.5, 0.0)), &fs, &Card);
        assert_eq!((s.seen, s.cover.clone()), (Seen::Cover, vec![0]));
        // 3" behind it: seen in the open.
        assert_eq!(seen(v, ground(p(13.0, 0.0)), &fs, &Card), Seen::Clear);
        // The viewer's side of the wall gives the target nothing.
        assert_eq!(seen(ground(p(10.5, 0.0)), v, &fs, &Card), Seen::Clear);
        // Smoke across the line blocks whatever the depth.
        let smoke = [Feature::area(
            K::Smoke,
            vec![p(4.0, -1.5), p(7.0, -1.5), p(7.0, 1.5), p(4.0, 1.5)],
        )];
        let s = line_of_sight(v, ground(p(12.0, 0.0)), &smoke, &Card);
        assert_eq!((s.seen, s.at), (Seen::Blocked, Some(4.0)));
        // A target in the smoke is not seen either.
        assert_eq!(seen(v, ground(p(5.0, 0.0)), &smoke, &Card), Seen::Blocked);
        // A blocking hedge seen past only by stands lining it (0.5").
        let lining = |k: &K| match k {
            K::Hedge => SightRule::blocking(0.5, Cover::Behind(0.5)),
            _ => SightRule::OPEN,
        };
        assert_eq!(seen(v, ground(p(5.4, 0.0)), &fs, &lining), Seen::Cover);
        assert_eq!(seen(v, ground(p(6.0, 0.0)), &fs, &lining), Seen::Blocked);
        assert_eq!(
            seen(ground(p(4.6, 0.0)), ground(p(9.0, 0.0)), &fs, &lining),
            Seen::Clear
        );
    }

    // Card-driven LINE OF SIGHT: a firer on a hill (level 2) over trees
    // (level 1) at a target on low ground (level 0) has a dead spot beyond
    // the trees of half the firer-to-obstacle distance.
    #[test]
    fn dead_ground_behind_trees() {
        let fs = [
            square(K::Hill, -5.0, -5.0, 5.0, 5.0).with_elevation(Elevation::Hill(2.0)),
            square(K::Jungle, 16.0, -5.0, 20.0, 5.0).with_elevation(Elevation::Tall(1.0)),
        ];
        let v = Eye::standing(p(0.0, 0.0), 0.0, &fs);
        assert_eq!(v.level, 2.0);
        // The line leaves the trees 20" from the firer: dead for 10", to 30.
        let s = line_of_sight(v, Eye::standing(p(29.0, 0.0), 0.0, &fs), &fs, &Card);
        assert_eq!((s.seen, s.by, s.at), (Seen::Dead, Some(1), Some(20.0)));
        assert_eq!(
            seen(v, Eye::standing(p(31.0, 0.0), 0.0, &fs), &fs, &Card),
            Seen::Clear
        );
        // From low ground the trees block: the 3" see-into rule.
        let low = ground(p(8.0, 0.0));
        assert_eq!(seen(low, ground(p(31.0, 0.0)), &fs, &Card), Seen::Blocked);
        // The other way round: the target on the hill sees the man 5"
        // beyond the trees? He is in its dead ground (10"), so neither sees.
        assert_eq!(seen(ground(p(25.0, 0.0)), v, &fs, &Card), Seen::Dead);
        assert_eq!(seen(ground(p(31.0, 0.0)), v, &fs, &Card), Seen::Clear);
        // True geometry: over a level-1 top from level 2, the line drops one
        // level in 20", so it reaches the ground 20" behind: dead to 40.
        let geo = |k: &K| Card.rule(k);
        assert_eq!(
            seen(v, Eye::standing(p(39.0, 0.0), 0.0, &fs), &fs, &geo),
            Seen::Dead
        );
        assert_eq!(
            seen(v, Eye::standing(p(41.0, 0.0), 0.0, &fs), &fs, &geo),
            Seen::Clear
        );
    }

    // A target behind a crest: hills as high as both ends block; a higher
    // viewer sees over a lower hill, except the dead ground behind it.
    #[test]
    fn hidden_behind_a_crest() {
        let hill = square(K::Hill, 10.0, -5.0, 14.0, 5.0).with_elevation(Elevation::Hill(2.0));
        let fs = [hill];
        let v = ground(p(0.0, 0.0));
        // On the hill: seen (the hill is the target's ground).
        let on = Eye::standing(p(12.0, 0.0), 0.0, &fs);
        assert_eq!(on.level, 2.0);
        assert_eq!(seen(v, on, &fs, &Card), Seen::Clear);
        // Behind it on the flat: blocked at the hill's edge.
        let s = line_of_sight(v, ground(p(20.0, 0.0)), &fs, &Card);
        assert_eq!((s.seen, s.at), (Seen::Blocked, Some(10.0)));
        // From a level-3 tower 14" from the crest line's far side... the
        // line leaves the hill 14" along: dead for 7", to 21.
        let tower = Eye::new(p(0.0, 0.0), 3.0);
        assert_eq!(seen(tower, ground(p(20.0, 0.0)), &fs, &Card), Seen::Dead);
        assert_eq!(seen(tower, ground(p(22.0, 0.0)), &fs, &Card), Seen::Clear);
        // From the hill itself the flat beyond is in plain view.
        assert_eq!(seen(on, ground(p(30.0, 0.0)), &fs, &Card), Seen::Clear);
    }

    #[test]
    fn a_profile_along_the_line() {
        // Jungle from 10 to 20, a wall at 25; looking along y = 0 to 30.
        let fs = [
            square(K::Jungle, 10.0, -5.0, 20.0, 5.0),
            Feature::line(K::Wall, vec![p(25.0, -5.0), p(25.0, 5.0)]),
        ];
        let prof = sight_profile(ground(p(0.0, 0.0)), p(30.0, 0.0), 0.0, &fs, &Card);
        let got: Vec<(f64, f64, Seen)> = prof.iter().map(|s| (s.from, s.to, s.seen)).collect();
        assert_eq!(
            got,
            [
                (0.0, 10.0, Seen::Clear),
                (10.0, 13.0, Seen::Cover),
                (13.0, 30.0, Seen::Blocked)
            ]
        );
        // From the hill of the dead-ground test: clear, trees blocked
        // beyond 3" in? No: seen over from level 2, the trees' top is
        // level 1 so a target in them is in them (see-into applies), and
        // beyond them dead ground for 10", then clear.
        let fs = [
            square(K::Hill, -5.0, -5.0, 5.0, 5.0).with_elevation(Elevation::Hill(2.0)),
            square(K::Jungle, 16.0, -5.0, 20.0, 5.0).with_elevation(Elevation::Tall(1.0)),
        ];
        let v = Eye::standing(p(0.0, 0.0), 0.0, &fs);
        let prof = sight_profile(v, p(40.0, 0.0), 0.0, &fs, &Card);
        let got: Vec<(f64, f64, Seen)> = prof.iter().map(|s| (s.from, s.to, s.seen)).collect();
        assert_eq!(
            got,
            [
                (0.0, 16.0, Seen::Clear),
                (16.0, 19.0, Seen::Cover),
                (19.0, 20.0, Seen::Blocked),
                (20.0, 30.0, Seen::Dead),
                (30.0, 40.0, Seen::Clear)
            ]
        );
    }

    // LINE OF SIGHT: fire may pass through one friendly vehicle or squad.
    #[test]
    fn stands_in_the_way() {
        let bases = [
            Base::rect(p(10.0, 0.5), 1.25, 1.25, p(0.0, 1.0)),
            Base::rect(p(20.0, 3.0), 1.25, 1.25, p(0.0, 1.0)),
            Base::round(p(5.0, -0.5), 0.625),
        ];
        let c = bases_crossed(p(0.0, 0.0), p(30.0, 0.0), &bases);
        let got: Vec<usize> = c.iter().map(|x| x.base).collect();
        assert_eq!(got, [2, 0]);
        // The round base touches the line at one point (its edge at y = 0
        // ... its centre 0.5 off, radius 0.625: chord half-length
        // √(0.625² - 0.5²) = 0.375).
        close(c[0].enter, 5.0 - 0.375);
        close(c[0].leave, 5.0 + 0.375);
        close(c[1].enter, 10.0 - 0.625);
        close(c[1].leave, 10.0 + 0.625);
    }

    // Reactive fire: where along a move behind a wood the viewer sees the
    // mover. From (0, 0), a wood over x 10..14, y -5..5 hides the line x =
    // 20 wherever the sight line passes through it: |y| < 10.
    #[test]
    fn sight_along_a_move() {
        let fs = [square(K::Smoke, 10.0, -5.0, 14.0, 5.0)];
        let v = ground(p(0.0, 0.0));
        let path = [p(20.0, -20.0), p(20.0, 20.0)];
        let s = sight_along(v, &path, 0.0, &fs, &Card);
        let got: Vec<Seen> = s.iter().map(|x| x.seen).collect();
        assert_eq!(got, [Seen::Clear, Seen::Blocked, Seen::Clear]);
        assert!((s[0].to - 10.0).abs() < 1e-6, "{:?}", s);
        assert!((s[1].to - 30.0).abs() < 1e-6, "{:?}", s);
        assert_eq!(s[2].to, 40.0);
        // A stand that never leaves the wood's shadow is never seen.
        let s = sight_along(v, &[p(20.0, -5.0), p(20.0, 5.0)], 0.0, &fs, &Card);
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].seen, Seen::Blocked);
    }

    #[test]
    fn levels_of_the_ground() {
        let fs = [
            square(K::Hill, 0.0, 0.0, 10.0, 10.0).with_elevation(Elevation::Hill(1.0)),
            square(K::Hill, 3.0, 3.0, 7.0, 7.0).with_elevation(Elevation::Hill(2.0)),
            square(K::Bunker, 4.0, 4.0, 5.0, 5.0),
        ];
        assert_eq!(ground_level(p(1.0, 1.0), &fs), 1.0);
        assert_eq!(ground_level(p(4.5, 4.5), &fs), 2.0);
        assert_eq!(ground_level(p(11.0, 1.0), &fs), 0.0);
        assert_eq!(Eye::standing(p(5.0, 5.0), 0.5, &fs).level, 2.5);
    }
}
