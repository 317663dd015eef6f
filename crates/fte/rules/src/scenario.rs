//! Scenarios (`assets/fte/scenarios/*.ron`). The rulebook's FRAGOs are not in
//! the transcribed text, so every scenario here is the project's own, marked
//! with an `Assumed` source.

use crate::geo::{Hex, HexExt};
use crate::map::Edge;
use crate::state::{Altitude, CacheKind, Side};
use serde::{Deserialize, Serialize};
use vt_core::provenance::Provenance;
use vt_core::sort::StableSort;

/// One counter (or several alike) in a scenario.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Force {
    /// A unit type id from `fte/units.ron`.
    pub unit: String,
    #[serde(default = "one")]
    pub count: u8,
    /// Where it starts (set-up forces); reinforcements enter on their edge.
    #[serde(default)]
    pub hex: Option<Hex>,
    /// Starts Concealed (18.1); infantry set up hidden by default.
    #[serde(default)]
    pub visible: bool,
    /// Helicopters only.
    #[serde(default)]
    pub altitude: Option<Altitude>,
    /// May be re-placed anywhere in this set-up area before play.
    #[serde(default)]
    pub area: Option<usize>,
    /// Units transported by this vehicle or helicopter.
    #[serde(default)]
    pub carrying: Vec<Force>,
}

fn one() -> u8 {
    1
}

fn yes() -> bool {
    true
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SetupArea {
    pub side: Side,
    pub name: String,
    pub hexes: Vec<Hex>,
    /// Or every hex within `radius` of `center`.
    #[serde(default)]
    pub center: Option<Hex>,
    #[serde(default)]
    pub radius: u8,
    /// Hexes nearer `center` than this are not in the area (a ring round
    /// another side's area: the two may not share a hex, 6.2).
    #[serde(default)]
    pub min_radius: u8,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Reinforcement {
    pub turn: u8,
    pub side: Side,
    pub edge: Edge,
    pub forces: Vec<Force>,
    /// Activation chits added to the side's pool from this turn on (4.0).
    #[serde(default)]
    pub chits: u8,
}

/// A Hidden Cache, Tunnel, Bunker or Foxholes marker (23.0-25.0).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CacheSetup {
    pub owner: Side,
    pub kind: CacheKind,
    /// Where it is. Without one it goes to one of its owner's
    /// [`CacheSites`], drawn in secret when the game is set up: the
    /// scenario file is public, so a hex named here is no secret.
    #[serde(default)]
    pub hex: Option<Hex>,
}

/// 23.0: the hexes where a side's caches without a hex of their own may be
/// hidden, one cache to a hex, each drawn in secret at set-up; and why
/// these hexes (they are the scenario's choice, not the rulebook's).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CacheSites {
    pub owner: Side,
    pub hexes: Vec<Hex>,
    pub source: Provenance,
}

/// Victory Points for holding a hex at the end (scenario special rule).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Objective {
    pub name: String,
    pub hex: Hex,
    pub side: Side,
    pub vp: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ScenarioFile {
    pub id: String,
    pub name: String,
    pub description: String,
    pub source: Provenance,
    pub map: String,
    pub turns: u8,
    pub first_player: Side,
    /// Activation chits per side: (US, NVA/VC).
    pub chits: (u8, u8),
    #[serde(default = "yes")]
    pub random_event_chit: bool,
    #[serde(default)]
    pub vp: (i32, i32),
    /// Who sets up first (their plotting and free placement).
    #[serde(default)]
    pub setup_order: Vec<Side>,
    #[serde(default)]
    pub areas: Vec<SetupArea>,
    pub forces: Vec<(Side, Vec<Force>)>,
    #[serde(default)]
    pub caches: Vec<CacheSetup>,
    #[serde(default)]
    pub cache_sites: Vec<CacheSites>,
    /// NVA/VC Booby Traps: this many plus a d10 divided by `booby_trap_die`
    /// (rounded up; 0: no die). The number is kept secret (26.0).
    #[serde(default)]
    pub booby_traps: u8,
    #[serde(default)]
    pub booby_trap_die: u8,
    #[serde(default)]
    pub claymores: u8,
    #[serde(default)]
    pub reinforcements: Vec<Reinforcement>,
    #[serde(default)]
    pub objectives: Vec<Objective>,
    /// Edge the US may carry KIA/WIA off on foot (7.5.3 special rule).
    #[serde(default)]
    pub us_carry_off: Option<Edge>,
    #[serde(default)]
    pub special_rules: Vec<String>,
}

impl SetupArea {
    pub fn contains(&self, h: Hex) -> bool {
        self.hexes.contains(&h)
            || self.center.is_some_and(|c| {
                let d = c.distance(h);
                d <= self.radius as u32 && d >= self.min_radius as u32
            })
    }

    pub fn all_hexes(&self) -> Vec<Hex> {
        let mut v = self.hexes.clone();
        if let Some(c) = self.center {
            let min = self.min_radius as u32;
            v.extend(
                c.within(self.radius as u32)
                    .into_iter()
                    .filter(|h| c.distance(*h) >= min),
            );
        }
        v.stable_sort();
        v.dedup();
        v
    }
}
