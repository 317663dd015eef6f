//! The table: our terrain pieces as `vt_core::tabletop` features, and the
//! base game's terrain rules on them.
//!
//! - CF base: stands move in straight lines from feature to feature:
//!   entering a feature ends the move (its centre in), reaching a linear
//!   obstacle ends it (the base against it); the feature a stand starts
//!   in or against does not stop it (S3, S5, S7).
//! - CF base: a stand sees into a feature that blocks sight but not
//!   through it; sight out of the feature it stands in is open; a line
//!   that blocks sight is seen past only by a stand lining it (S3, S7,
//!   S14). Lines are measured centre to centre (S7).
//! - Cover: a target inside a cover feature, or lining a cover line on
//!   the firer's side, loses a die per firer; a bunker also lets only 6s
//!   hit (S6).
//! - "Within N stand widths" is edge to edge and strict (S7).
//!
//! The geometry is `vt_core::tabletop`'s; this module only says what each
//! kind of terrain does.

use crate::CrossfireVn;
use crate::data::{Data, Kind, Tabletop, TerrainKind};
use crate::state::{Stand, State};
use crate::step::ReactPoint;
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use vt_core::sort::StableSort;
use vt_core::tabletop::{
    Base, Cover, Elevation, Eye, Feature, MovePlan, Point, Seen, Shape, Sight, SightRule, StopAt,
    Terrain, line_of_sight, path_legs, plan_move, trig,
};

/// The lines of sight remembered on this thread (a pure function of its
/// key: the table, both eyes and the smoke).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct SightKey {
    table: u64,
    ends: [u64; 6],
    smoke: u64,
    burning: usize,
}

const SIGHT_MEMORY: usize = 1 << 16;
const PLAN_MEMORY: usize = 1 << 14;

thread_local! {
    static SIGHTS: RefCell<HashMap<SightKey, Sight>> = RefCell::new(HashMap::new());
    /// Moves planned on this thread, keyed by everything the plan reads.
    static PLANS: RefCell<HashMap<Vec<u64>, MovePlan>> = RefCell::new(HashMap::new());
}

/// Half a base's diagonal: no point of it is farther from its centre.
pub fn reach(b: &Base) -> f64 {
    (b.width() * b.width() + b.depth() * b.depth()).sqrt() / 2.0
}

/// A feature's kind and which piece of the table it is (smoke is no
/// piece: `u16::MAX`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tag {
    pub kind: Kind,
    pub piece: u16,
}

/// One of our tables, ready for geometry.
#[derive(Clone, Debug)]
pub struct Table {
    pub id: String,
    pub name: String,
    pub size: (f64, f64),
    pub features: Vec<Feature<Tag>>,
    pub names: Vec<String>,
    /// A hash of everything a line of sight on it depends on (its pieces,
    /// their kinds' rules, the stand width), for the remembered sights.
    pub fingerprint: u64,
}

impl Table {
    pub fn new(t: &Tabletop, data: &Data) -> Table {
        let features = t
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let k = data.terrain(p.kind);
                let shape = match (&p.shape, k.route) {
                    (Shape::Line(line), true) => Shape::Band {
                        line: line.clone(),
                        width: k.width,
                    },
                    (s, _) => s.clone(),
                };
                let elevation = if k.level > 0 {
                    Elevation::Hill(k.level as f64)
                } else if k.tall > 0.0 {
                    Elevation::Tall(k.tall)
                } else {
                    Elevation::Flat
                };
                Feature {
                    kind: Tag {
                        kind: p.kind,
                        piece: i as u16,
                    },
                    shape,
                    elevation,
                }
            })
            .collect();
        let mut h = vt_core::digest::Fnv64::default();
        h.bytes(format!("{features:?}").as_bytes());
        h.bytes(format!("{:?}", data.terrain).as_bytes());
        h.u64(data.rules.stand_width.value.to_bits());
        Table {
            id: t.id.clone(),
            name: t.name.clone(),
            size: t.size,
            features,
            names: t.pieces.iter().map(|p| p.name.clone()).collect(),
            fingerprint: h.0,
        }
    }

    pub fn on_table(&self, p: Point) -> bool {
        p.x >= 0.0 && p.y >= 0.0 && p.x <= self.size.0 && p.y <= self.size.1
    }

    /// The area or band pieces that hold `p`.
    pub fn pieces_at(&self, p: Point) -> impl Iterator<Item = usize> + '_ {
        self.features
            .iter()
            .enumerate()
            .filter(move |(_, f)| f.has_inside() && f.contains(p))
            .map(|(i, _)| i)
    }
}

/// How the base game's terrain treats a mover (CF-M1), for `plan_move`.
struct Mover<'a> {
    data: &'a Data,
    vehicle: bool,
    tracked: bool,
    flies: bool,
    burning: &'a [u16],
}

impl Mover<'_> {
    fn passable(&self, f: &Feature<Tag>) -> bool {
        if self.flies {
            return true;
        }
        // 6.12: troops may not enter burning terrain.
        if self.burning.contains(&f.kind.piece) {
            return false;
        }
        !self.vehicle
            || self
                .data
                .terrain(f.kind.kind)
                .vehicles_may_enter(self.tracked)
    }
}

impl Terrain<Tag> for Mover<'_> {
    fn rate(&self, inside: &[&Feature<Tag>]) -> Option<f64> {
        // No ruler: every inch costs the same; where it may not go is
        // found at the feature's edge (`enter`).
        let _ = inside;
        Some(1.0)
    }

    fn enter(&self, f: &Feature<Tag>) -> Option<f64> {
        self.passable(f).then_some(0.0)
    }

    fn cross(&self, f: &Feature<Tag>) -> Option<f64> {
        self.passable(f).then_some(0.0)
    }

    fn stop(&self, f: &Feature<Tag>) -> Option<StopAt> {
        let t = self.data.terrain(f.kind.kind);
        if self.flies || !t.stops {
            return None;
        }
        Some(if t.line && !t.route {
            StopAt::Touch
        } else {
            StopAt::Centre
        })
    }
}

/// What a line of fire meets, as the firer's dice feel it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireCover {
    Open,
    Cover,
    /// In a bunker: a die off and only 6s hit.
    Bunker,
}

/// A regular polygon around a circle, for smoke.
pub fn circle_outline(c: Point, r: f64) -> Vec<Point> {
    (0..12)
        .map(|k| {
            let (s, co) = trig::sin_cos_deg(30.0 * k as f64);
            Point::new(c.x + r * co, c.y + r * s)
        })
        .collect()
}

impl CrossfireVn {
    pub fn terrain_of(&self, f: &Feature<Tag>) -> &TerrainKind {
        self.data.terrain(f.kind.kind)
    }

    /// The table's features with the smoke now on it.
    pub fn features<'a>(&'a self, s: &State) -> Cow<'a, [Feature<Tag>]> {
        let t = self.table_of(s);
        if s.smoke.is_empty() {
            return Cow::Borrowed(&t.features);
        }
        let mut v = t.features.clone();
        v.extend(s.smoke.iter().map(|sm| {
            Feature::area(
                Tag {
                    kind: Kind::Smoke,
                    piece: u16::MAX,
                },
                circle_outline(sm.at, sm.radius),
            )
        }));
        Cow::Owned(v)
    }

    /// The stand's base where it stands.
    pub fn base(&self, st: &Stand) -> Base {
        self.base_at(st, st.at, st.facing)
    }

    /// The stand's base at another place.
    pub fn base_at(&self, st: &Stand, at: Point, facing: Point) -> Base {
        match self.unit_type(st).base {
            crate::data::BaseShape::Rect(w, d) => Base::rect(at, w, d, facing),
            crate::data::BaseShape::Round(r) => Base::round(at, r).facing_dir(facing),
        }
    }

    /// Edge-to-edge distance between two stands, inches.
    pub fn gap(&self, a: &Stand, b: &Stand) -> f64 {
        self.base(a).distance_to(&self.base(b))
    }

    /// Strictly within `n` stand widths, edge to edge (CF-T2).
    pub fn within(&self, a: &Stand, b: &Stand, n: f64) -> bool {
        let (ba, bb) = (self.base(a), self.base(b));
        let limit = self.rules().sw(n);
        // Far apart whatever the facings: no need for the exact distance.
        if a.at.distance(b.at) - reach(&ba) - reach(&bb) >= limit {
            return false;
        }
        ba.distance_to(&bb) < limit
    }

    /// The pieces (areas and bands) whose inside holds the stand's centre.
    pub fn pieces_under(&self, s: &State, p: Point) -> Vec<usize> {
        self.table_of(s).pieces_at(p).collect()
    }

    /// The area piece (not a route) a point is in, if any: the feature a
    /// stand "is in" for the rules.
    pub fn feature_at(&self, s: &State, p: Point) -> Option<usize> {
        let t = self.table_of(s);
        t.pieces_at(p)
            .find(|&i| !self.terrain_of(&t.features[i]).line)
    }

    /// The sight rule of each kind (CF-V1, cover CF-F2).
    pub fn sight_rule(&self, k: &Tag) -> SightRule {
        let t = self.data.terrain(k.kind);
        let sw = self.rules().stand_width.value;
        let cover = match (t.direct_cover, t.line) {
            (false, _) => Cover::None,
            (true, false) => Cover::Inside,
            (true, true) => Cover::Behind(sw),
        };
        if t.blocks_sight {
            SightRule::blocking(if t.line { sw } else { f64::INFINITY }, cover)
        } else {
            SightRule::cover(cover)
        }
    }

    /// How high a stand's eye is: on the ground for troops and vehicles, a
    /// helicopter in flight two levels up (over the jungle canopy).
    fn eye(&self, s: &State, st: &Stand, at: Point, features: &[Feature<Tag>]) -> Eye {
        let flying = self.unit_type(st).flies && st.presence == crate::state::Presence::Table;
        let _ = s;
        Eye::standing(at, if flying { 2.0 } else { 0.0 }, features)
    }

    /// The line of sight from `from` to `to` standing at `at` (centre to
    /// centre).
    pub fn sight_between(&self, s: &State, from: &Stand, to: &Stand, at: Point) -> Sight {
        let fs = self.features(s);
        let a = self.eye(s, from, from.at, &fs);
        let b = self.eye(s, to, at, &fs);
        self.judge_sight(s, a, b, &fs)
    }

    /// `line_of_sight` on this table, remembered: the same two eyes on the
    /// same table with the same smoke always give the same answer, and a
    /// legal list asks the same lines again and again.
    fn judge_sight(&self, s: &State, a: Eye, b: Eye, fs: &[Feature<Tag>]) -> Sight {
        let key = SightKey {
            table: self.table_of(s).fingerprint,
            ends: [
                a.at.x.to_bits(),
                a.at.y.to_bits(),
                a.level.to_bits(),
                b.at.x.to_bits(),
                b.at.y.to_bits(),
                b.level.to_bits(),
            ],
            smoke: s.smoke.iter().fold(0u64, |h, sm| {
                h.rotate_left(7) ^ sm.at.x.to_bits() ^ sm.at.y.to_bits().rotate_left(13)
            }),
            burning: s.burning.len(),
        };
        SIGHTS.with(|c| {
            if let Some(hit) = c.borrow().get(&key) {
                return hit.clone();
            }
            let r = line_of_sight(a, b, fs, &|k: &Tag| self.sight_rule(k));
            let mut c = c.borrow_mut();
            if c.len() >= SIGHT_MEMORY {
                c.clear();
            }
            c.insert(key, r.clone());
            r
        })
    }

    /// Whether `from` sees `to` standing at `at`.
    pub fn sees_at(&self, s: &State, from: &Stand, to: &Stand, at: Point) -> bool {
        matches!(
            self.sight_between(s, from, to, at).seen,
            Seen::Clear | Seen::Cover
        )
    }

    pub fn sees(&self, s: &State, from: &Stand, to: &Stand) -> bool {
        self.sees_at(s, from, to, to.at)
    }

    /// Whether a stand sees a point on the ground (an observer's barrage,
    /// recon by fire into a feature).
    pub fn sees_point(&self, s: &State, from: &Stand, p: Point) -> bool {
        let fs = self.features(s);
        let a = self.eye(s, from, from.at, &fs);
        let b = Eye::standing(p, 0.0, &fs);
        matches!(
            self.judge_sight(s, a, b, &fs).seen,
            Seen::Clear | Seen::Cover
        )
    }

    /// Whether `from` sees a target standing at `at`, and the cover it has
    /// there (CF-V1, CF-F2), from one line of sight.
    pub fn sight_and_cover(
        &self,
        s: &State,
        from: &Stand,
        to: &Stand,
        at: Point,
    ) -> (bool, FireCover) {
        let sight = self.sight_between(s, from, to, at);
        let seen = matches!(sight.seen, Seen::Clear | Seen::Cover);
        (seen, self.cover_of(s, &sight, at))
    }

    /// The cover a target standing at `at` has from `from` (CF-F2).
    pub fn fire_cover(&self, s: &State, from: &Stand, to: &Stand, at: Point) -> FireCover {
        let sight = self.sight_between(s, from, to, at);
        self.cover_of(s, &sight, at)
    }

    fn cover_of(&self, s: &State, sight: &Sight, at: Point) -> FireCover {
        let fs = self.features(s);
        if sight
            .cover
            .iter()
            .any(|&i| self.terrain_of(&fs[i]).bunker && fs[i].contains(at))
        {
            return FireCover::Bunker;
        }
        if sight.cover.is_empty() {
            FireCover::Open
        } else {
            FireCover::Cover
        }
    }

    /// In cover from a barrage: inside an area, or lining a line, that
    /// gives it; a bunker as for direct fire.
    pub fn barrage_cover(&self, s: &State, st: &Stand) -> FireCover {
        let t = self.table_of(s);
        let sw = self.rules().stand_width.value;
        let base = self.base(st);
        let mut cover = FireCover::Open;
        for f in &t.features {
            let k = self.terrain_of(f);
            if !k.indirect_cover {
                continue;
            }
            let holds = if k.line && !k.route {
                f.distance_to(st.at) < sw / 2.0 + base.depth() / 2.0
            } else {
                f.contains(st.at)
            };
            if holds {
                if k.bunker {
                    return FireCover::Bunker;
                }
                cover = FireCover::Cover;
            }
        }
        cover
    }

    /// Plans a straight move of `st` to `to` ending facing `facing`, with
    /// the bases of `others` in the way (CF-M1, C19).
    pub fn plan(&self, s: &State, st: &Stand, to: Point, others: &[Base]) -> MovePlan {
        let u = self.unit_type(st);
        let t = self.table_of(s);
        let base = self.base(st);
        // Only the bases the moving base could reach matter; they and the
        // rest of the question make the key of a remembered answer (the
        // same move is asked again and again while other stands act).
        let mine = reach(&base);
        let near: Vec<usize> = (0..others.len())
            .filter(|&i| {
                vt_core::tabletop::distance_to_segment(others[i].centre(), st.at, to)
                    <= mine + reach(&others[i]) + 0.05
            })
            .collect();
        let mut key = vec![
            t.fingerprint,
            base.centre().x.to_bits(),
            base.centre().y.to_bits(),
            base.facing().x.to_bits(),
            base.facing().y.to_bits(),
            base.width().to_bits(),
            base.depth().to_bits(),
            to.x.to_bits(),
            to.y.to_bits(),
            (u.is_vehicle() as u64) | (u.tracked as u64) << 1 | (u.flies as u64) << 2,
            s.burning
                .iter()
                .fold(s.burning.len() as u64, |h, b| h.rotate_left(9) ^ *b as u64),
        ];
        for &i in &near {
            let o = &others[i];
            key.extend([
                o.centre().x.to_bits(),
                o.centre().y.to_bits(),
                o.facing().x.to_bits(),
                o.facing().y.to_bits(),
                o.width().to_bits(),
                o.depth().to_bits(),
            ]);
        }
        let remap = |mut p: MovePlan| {
            if let Some(vt_core::tabletop::Halt::Blocked { base }) = p.halt.as_mut() {
                *base = near[*base];
            }
            p
        };
        if let Some(hit) = PLANS.with(|c| c.borrow().get(&key).cloned()) {
            return remap(hit);
        }
        let mover = Mover {
            data: &self.data,
            vehicle: u.is_vehicle(),
            tracked: u.tracked,
            flies: u.flies,
            burning: &s.burning,
        };
        let bases: Vec<Base> = near.iter().map(|&i| others[i]).collect();
        let plan = plan_move(
            &base,
            &[st.at, to],
            f64::INFINITY,
            &t.features,
            &bases,
            &mover,
        );
        PLANS.with(|c| {
            let mut c = c.borrow_mut();
            if c.len() >= PLAN_MEMORY {
                c.clear();
            }
            c.insert(key, plan.clone());
        });
        remap(plan)
    }

    /// The points of a straight move from `from` to `to` where reactive
    /// fire may come: every stand width along it, where it leaves or enters
    /// a feature, and its end (never the start). They depend only on the
    /// path and the table, never on where hidden stands are.
    pub fn react_points(&self, s: &State, from: Point, to: Point) -> Vec<ReactPoint> {
        let len = from.distance(to);
        if len <= 1e-6 {
            return vec![ReactPoint { at: to, along: 0.0 }];
        }
        let step = self.rules().sw(self.rules().reactive.point_spacing.value);
        let mut along: Vec<f64> = Vec::new();
        let mut d = step;
        while d < len - 0.25 {
            along.push(d);
            d += step;
        }
        let (_, events) = path_legs(&[from, to], &self.table_of(s).features);
        for e in events {
            along.push((e.at + 0.05).min(len));
        }
        along.push(len);
        along.stable_sort_by(f64::total_cmp);
        let mut out: Vec<ReactPoint> = Vec::new();
        for a in along {
            if a <= 1e-6 {
                continue;
            }
            if let Some(last) = out.last_mut()
                && a - last.along < 0.25
            {
                if (len - a).abs() < 1e-9 {
                    *last = ReactPoint { at: to, along: len };
                }
                continue;
            }
            out.push(ReactPoint {
                at: from.toward(to, a),
                along: a,
            });
        }
        out
    }
}
