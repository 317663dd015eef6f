//! The table: its terrain kinds with their movement and sight rules, the
//! layout, and the stands' bases. All of it the test game's own invention,
//! in the spirit of the two miniatures games.

use crate::tabletop::{
    Base, Cover, DeadGround, Elevation, Feature, Point, SightRule, SightRules, StopAt, Terrain,
    route_rate,
};
use serde::{Deserialize, Serialize};

/// The table is 48" wide and 36" deep; the US edge is at the bottom.
pub const TABLE: Point = Point::new(48.0, 36.0);

/// Every kind of terrain the table board draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ground {
    Jungle,
    Paddy,
    Dyke,
    TreeLine,
    Hootch,
    Hamlet,
    Bunker,
    Trench,
    Trail,
    Stream,
    Hill,
    /// A smoke screen laid during the game (not on the map).
    Smoke,
}

impl Ground {
    pub fn name(self) -> &'static str {
        match self {
            Ground::Jungle => "jungle",
            Ground::Paddy => "rice paddy",
            Ground::Dyke => "paddy dyke",
            Ground::TreeLine => "tree line",
            Ground::Hootch => "hootch",
            Ground::Hamlet => "hamlet",
            Ground::Bunker => "bunker",
            Ground::Trench => "trench",
            Ground::Trail => "trail",
            Ground::Stream => "stream",
            Ground::Hill => "hill",
            Ground::Smoke => "smoke",
        }
    }

    /// How the kind treats a line of sight (Skirmish 4).
    pub fn sight(self) -> SightRule {
        match self {
            // Seen 2" into, never through; cover inside.
            Ground::Jungle => SightRule::blocking(2.0, Cover::Inside),
            // Seen into but not through.
            Ground::Hootch => SightRule::blocking(f64::INFINITY, Cover::Inside),
            // Blocks, except for stands lining it (within 1").
            Ground::TreeLine => SightRule::blocking(1.0, Cover::Behind(1.0)),
            Ground::Dyke => SightRule::cover(Cover::Behind(1.0)),
            Ground::Bunker | Ground::Trench => SightRule::cover(Cover::Inside),
            Ground::Smoke => SightRule::blocking(0.0, Cover::None),
            Ground::Paddy | Ground::Hamlet | Ground::Trail | Ground::Stream | Ground::Hill => {
                SightRule::OPEN
            }
        }
    }

    /// Allowance per inch moved in it (Skirmish 3); `None`: impassable.
    pub fn rate(self) -> Option<f64> {
        match self {
            Ground::Jungle | Ground::Stream => Some(2.0),
            Ground::Paddy => Some(1.5),
            Ground::Smoke => Some(1.0),
            _ => Some(1.0),
        }
    }

    /// Allowance to get into or out of it, or over it (a line).
    pub fn step(self) -> f64 {
        match self {
            Ground::Bunker => 2.0,
            Ground::Trench | Ground::Dyke | Ground::TreeLine => 1.0,
            _ => 0.0,
        }
    }
}

/// Skirmish's sight rules: each kind's, and dead ground for half the
/// distance from the viewer to the obstacle (as the card-driven game).
pub struct Sight;

impl SightRules<Ground> for Sight {
    fn rule(&self, k: &Ground) -> SightRule {
        k.sight()
    }

    fn dead_ground(&self) -> DeadGround {
        DeadGround::Fraction(0.5)
    }
}

/// Skirmish's movement chart.
pub struct Going;

impl Terrain<Ground> for Going {
    fn rate(&self, inside: &[&Feature<Ground>]) -> Option<f64> {
        route_rate(inside, |k| k.rate())
    }
    fn enter(&self, f: &Feature<Ground>) -> Option<f64> {
        Some(f.kind.step())
    }
    fn leave(&self, f: &Feature<Ground>) -> Option<f64> {
        Some(f.kind.step())
    }
    fn cross(&self, f: &Feature<Ground>) -> Option<f64> {
        Some(f.kind.step())
    }
    fn stop(&self, _f: &Feature<Ground>) -> Option<StopAt> {
        None
    }
}

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn area(k: Ground, pts: &[(f64, f64)]) -> Feature<Ground> {
    Feature::area(k, pts.iter().map(|&(x, y)| p(x, y)).collect())
}

fn square(k: Ground, x: f64, y: f64, w: f64, h: f64) -> Feature<Ground> {
    area(k, &[(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
}

/// The table's terrain, in drawing order (ground first, lines and
/// buildings on top).
pub fn layout() -> Vec<Feature<Ground>> {
    let mut f = vec![
        // A two-step hill on the US left: the HMG's perch.
        area(
            Ground::Hill,
            &[
                (1.0, 3.0),
                (6.0, 1.0),
                (12.0, 2.0),
                (15.0, 6.0),
                (13.0, 11.0),
                (7.0, 13.0),
                (2.0, 10.0),
            ],
        )
        .with_elevation(Elevation::Hill(1.0)),
        area(
            Ground::Hill,
            &[
                (4.5, 5.0),
                (8.0, 3.5),
                (11.5, 5.0),
                (11.0, 8.5),
                (7.0, 10.0),
                (4.0, 8.0),
            ],
        )
        .with_elevation(Elevation::Hill(2.0)),
        // Paddies in the middle, split by a dyke.
        square(Ground::Paddy, 16.0, 5.0, 8.0, 10.0),
        square(Ground::Paddy, 24.0, 5.0, 8.0, 10.0),
        // Jungle on the US right, and behind the VC's left.
        area(
            Ground::Jungle,
            &[
                (35.0, 0.0),
                (48.0, 0.0),
                (48.0, 15.0),
                (42.0, 16.0),
                (37.0, 12.0),
                (34.0, 6.0),
            ],
        )
        .with_elevation(Elevation::Tall(1.0)),
        area(
            Ground::Jungle,
            &[
                (0.0, 23.0),
                (9.0, 24.0),
                (14.0, 28.0),
                (13.0, 36.0),
                (0.0, 36.0),
            ],
        )
        .with_elevation(Elevation::Tall(1.0)),
        // The hamlet's yard, its hootches, and the VC's bunker and trench.
        area(
            Ground::Hamlet,
            &[(19.0, 24.0), (31.0, 24.0), (32.0, 33.0), (18.0, 33.0)],
        ),
        square(Ground::Hootch, 20.5, 28.0, 2.0, 2.0).with_elevation(Elevation::Tall(1.0)),
        square(Ground::Hootch, 27.0, 29.5, 2.5, 2.0).with_elevation(Elevation::Tall(1.0)),
        square(Ground::Hootch, 25.0, 25.5, 2.0, 1.5).with_elevation(Elevation::Tall(1.0)),
        square(Ground::Trench, 34.0, 23.5, 10.0, 1.2),
        square(Ground::Bunker, 38.0, 26.0, 2.5, 2.0),
        // The stream across the table, the trail fording it.
        Feature::band(
            Ground::Stream,
            vec![
                p(0.0, 20.0),
                p(12.0, 18.5),
                p(24.0, 19.5),
                p(36.0, 18.0),
                p(48.0, 19.0),
            ],
            1.5,
        ),
        Feature::band(
            Ground::Trail,
            vec![
                p(26.0, 0.0),
                p(25.0, 6.0),
                p(24.0, 15.0),
                p(25.0, 22.0),
                p(24.0, 27.5),
                p(23.0, 36.0),
            ],
            1.0,
        ),
        Feature::line(Ground::Dyke, vec![p(24.0, 5.0), p(24.0, 15.0)]),
        Feature::line(Ground::Dyke, vec![p(16.0, 15.0), p(32.0, 15.0)]),
        Feature::line(
            Ground::TreeLine,
            vec![p(13.0, 21.5), p(22.0, 22.5), p(33.0, 21.0)],
        )
        .with_elevation(Elevation::Tall(1.0)),
    ];
    // Keep the order the board draws in: hills, fields, jungle, the rest.
    f.shrink_to_fit();
    f
}

/// What a stand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StandKind {
    /// A rifle fire team: 3 dice.
    Rifle,
    /// A heavy machine gun: 4 dice, in its 90° front arc only.
    Hmg,
    /// A forward observer / leader: 2 dice, calls the side's support.
    Leader,
}

impl StandKind {
    pub fn name(self) -> &'static str {
        match self {
            StandKind::Rifle => "rifle team",
            StandKind::Hmg => "HMG",
            StandKind::Leader => "leader",
        }
    }

    pub fn dice(self) -> u8 {
        match self {
            StandKind::Rifle => 3,
            StandKind::Hmg => 4,
            StandKind::Leader => 2,
        }
    }

    /// Inches of movement per activation.
    pub fn allowance(self) -> f64 {
        match self {
            StandKind::Hmg => 4.0,
            _ => 6.0,
        }
    }

    /// Half the front arc, in degrees (180: all round).
    pub fn arc(self) -> f64 {
        match self {
            StandKind::Hmg => 45.0,
            _ => 180.0,
        }
    }

    /// Its base at `at`, facing `facing`: teams 1.5" x 1", the HMG 1.5"
    /// square, the leader a 1" round base.
    pub fn base(self, at: Point, facing: Point) -> Base {
        match self {
            StandKind::Rifle => Base::rect(at, 1.5, 1.0, facing),
            StandKind::Hmg => Base::rect(at, 1.5, 1.5, facing),
            StandKind::Leader => Base::round(at, 0.5).facing_dir(facing),
        }
    }
}

/// The stands at the start: side, kind, where, facing.
pub fn order_of_battle() -> Vec<(u8, StandKind, Point, Point)> {
    let up = p(0.0, 1.0);
    let down = p(0.0, -1.0);
    vec![
        (0, StandKind::Rifle, p(17.0, 2.5), up),
        (0, StandKind::Rifle, p(29.0, 2.5), up),
        (0, StandKind::Rifle, p(33.0, 8.0), up),
        (0, StandKind::Hmg, p(8.0, 7.0), p(1.0, 1.0)),
        (0, StandKind::Leader, p(21.0, 2.0), up),
        (1, StandKind::Rifle, p(22.0, 31.5), down),
        (1, StandKind::Rifle, p(30.0, 27.0), down),
        (1, StandKind::Rifle, p(36.0, 24.1), down),
        (1, StandKind::Hmg, p(39.25, 27.0), p(-1.0, -1.0)),
        (1, StandKind::Leader, p(26.0, 34.0), down),
    ]
}
