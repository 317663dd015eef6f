//! 7.3 Line of Sight: blocking terrain, hexside traces, rice paddies, slopes,
//! helicopters at altitude, and friendly units that block fire.

use crate::Fte;
use crate::data::Terrain;
use crate::geo::{Hex, HexExt};
use crate::map::Map;
use crate::state::{Altitude, Side, State, UnitStatus};
use serde::{Deserialize, Serialize};
use vt_core::hex::{Step, steps};

/// Why a line of sight is blocked, for the LoS tool and the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Blocked {
    Terrain(Hex),
    /// Along a hexside with Blocking Terrain on both sides.
    Hexside(Hex, Hex),
    RicePaddies,
    /// A Slope higher than both ends.
    UpSlope(Hex, Hex),
    /// A Slope at the higher unit's level that is not on its own hexside.
    Crest(Hex, Hex),
    FriendlyUnits(Hex),
    OffMap(Hex),
}

impl Blocked {
    pub fn describe(&self) -> String {
        match self {
            Blocked::Terrain(h) => format!("Blocking Terrain in {h} (7.3.1)"),
            Blocked::Hexside(a, b) => {
                format!("along the hexside of {a} and {b}, both Blocking Terrain (7.3.1)")
            }
            Blocked::RicePaddies => "three or more Rice Paddy hexes (7.3.1)".into(),
            Blocked::UpSlope(a, b) => {
                format!("the Slope between {a} and {b} is higher than both units (7.3.1)")
            }
            Blocked::Crest(a, b) => format!(
                "the Slope between {a} and {b} is at the higher unit's level but not on its hexside (7.3.1)"
            ),
            Blocked::FriendlyUnits(h) => format!("friendly units in {h} block the fire (7.3.2)"),
            Blocked::OffMap(h) => format!("{h} is not in play (1.2)"),
        }
    }
}

/// Where a unit looks from or is looked at: its hex and, for a helicopter,
/// its altitude.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eye {
    pub hex: Hex,
    pub alt: Altitude,
}

impl Eye {
    pub fn ground(hex: Hex) -> Eye {
        Eye {
            hex,
            alt: Altitude::Ground,
        }
    }
}

/// A hexside the line crosses from one set of hexes into the next: a
/// Slope counts only if every way across is a Slope (a run along a hexside
/// may be read on either side, 7.3.1).
struct Crossing {
    from: Vec<Hex>,
    to: Vec<Hex>,
}

/// The line of sight between two points under 7.3, traced exactly by
/// [`vt_core::hex::steps`], with `blocks(hex)` saying where friendly units
/// block fire (7.3.2). `Ok(())` when clear.
pub fn los(
    rules: &Fte,
    map: &Map,
    a: Eye,
    b: Eye,
    blocks: &dyn Fn(Hex) -> bool,
) -> Result<(), Blocked> {
    if a.hex == b.hex || a.hex.is_adjacent(b.hex) {
        return Ok(());
    }
    // A hex with no dot blocks like Blocking Terrain (1.2).
    let blocking = |h: Hex| -> bool {
        match map.terrain(h) {
            None => true,
            Some(t) => rules.tables.terrain(t).blocking.value || blocks(h),
        }
    };
    let why = |h: Hex| -> Blocked {
        if !map.in_play(h) {
            Blocked::OffMap(h)
        } else if blocks(h) && !terrain_blocks(rules, map, h) {
            Blocked::FriendlyUnits(h)
        } else {
            Blocked::Terrain(h)
        }
    };
    let (ax, bx) = (a.hex.axial(), b.hex.axial());
    let air_a = a.alt != Altitude::Ground;
    let air_b = b.alt != Altitude::Ground;
    if air_a && air_b {
        return Ok(());
    }
    if air_a || air_b {
        // 7.3.3: only Blocking Terrain next to the ground unit (and, at
        // Treetop, next to the helicopter) can block.
        let (ground, heli) = if air_a { (b, a) } else { (a, b) };
        let near = |h: Hex| {
            h.is_adjacent(ground.hex) || (heli.alt == Altitude::Treetop && h.is_adjacent(heli.hex))
        };
        for st in steps(ax, bx) {
            match st {
                Step::Hex(x) if x != ax && x != bx => {
                    let h = Hex::from_axial(x);
                    if near(h) && blocking(h) {
                        return Err(why(h));
                    }
                }
                Step::Along { side, .. } => {
                    let (l, r) = side.hexes();
                    let (l, r) = (Hex::from_axial(l), Hex::from_axial(r));
                    if near(l) && near(r) && blocking(l) && blocking(r) {
                        return Err(Blocked::Hexside(l.min(r), l.max(r)));
                    }
                }
                _ => {}
            }
        }
        return Ok(());
    }
    let mut paddies = 0u8;
    let mut crossings: Vec<Crossing> = Vec::new();
    for st in steps(ax, bx) {
        match st {
            Step::Hex(x) => {
                if x == ax || x == bx {
                    continue;
                }
                let h = Hex::from_axial(x);
                if blocking(h) {
                    return Err(why(h));
                }
                if map.terrain(h) == Some(Terrain::RicePaddy) {
                    paddies += 1;
                }
            }
            Step::Side { from, to } | Step::Corner { from, to, .. } => crossings.push(Crossing {
                from: vec![Hex::from_axial(from)],
                to: vec![Hex::from_axial(to)],
            }),
            Step::Along { side, from, to } => {
                let (l, r) = side.hexes();
                let (l, r) = (Hex::from_axial(l), Hex::from_axial(r));
                if blocking(l) && blocking(r) {
                    return Err(Blocked::Hexside(l.min(r), l.max(r)));
                }
                if map.terrain(l) == Some(Terrain::RicePaddy)
                    && map.terrain(r) == Some(Terrain::RicePaddy)
                {
                    paddies += 1;
                }
                crossings.push(Crossing {
                    from: vec![Hex::from_axial(from)],
                    to: vec![l, r],
                });
                crossings.push(Crossing {
                    from: vec![l, r],
                    to: vec![Hex::from_axial(to)],
                });
            }
        }
    }
    if paddies >= rules.tables.rice_paddies_block.value {
        return Err(Blocked::RicePaddies);
    }
    // Slopes (7.3.1): higher than both ends blocks; at the higher unit's
    // level blocks unless it is on that unit's own hexside.
    let (la, lb) = (map.level(a.hex), map.level(b.hex));
    let top = la.max(lb);
    let higher = if la > lb {
        Some(a.hex)
    } else if lb > la {
        Some(b.hex)
    } else {
        None
    };
    for c in &crossings {
        let mut lowest: Option<(u8, Hex, Hex)> = None;
        let mut all = true;
        for &x in &c.from {
            for &y in &c.to {
                if !x.is_adjacent(y) {
                    continue;
                }
                match map.slope_between(x, y) {
                    Some(_) => {
                        let e = map.level(x).max(map.level(y));
                        if lowest.is_none_or(|(old, _, _)| e < old) {
                            lowest = Some((e, x, y));
                        }
                    }
                    None => all = false,
                }
            }
        }
        let Some((e, x, y)) = lowest else { continue };
        if !all {
            continue;
        }
        if e > top {
            return Err(Blocked::UpSlope(x, y));
        }
        if let Some(hh) = higher
            && e == top
            && x != hh
            && y != hh
        {
            return Err(Blocked::Crest(x, y));
        }
    }
    Ok(())
}

fn terrain_blocks(rules: &Fte, map: &Map, h: Hex) -> bool {
    map.terrain(h)
        .map(|t| rules.tables.terrain(t).blocking.value)
        .unwrap_or(true)
}

impl Fte {
    pub(crate) fn eye(&self, s: &State, u: crate::state::UnitId) -> Option<Eye> {
        let u = s.unit(u);
        if u.status != UnitStatus::OnMap {
            return None;
        }
        Some(Eye {
            hex: u.hex?,
            alt: u.altitude,
        })
    }

    /// Sighting LoS (concealment, 18.0): units do not block it.
    pub fn sight(&self, s: &State, a: Eye, b: Eye) -> bool {
        let map = self.map_of(s);
        los(self, map, a, b, &|_| false).is_ok()
    }

    /// LoS for a fire attack by `side`: that side's own infantry, vehicles
    /// and grounded helicopters block it, except for mortars (7.3.2).
    pub fn fire_los(
        &self,
        s: &State,
        side: Side,
        a: Eye,
        b: Eye,
        mortar: bool,
    ) -> Result<(), Blocked> {
        let map = self.map_of(s);
        if mortar {
            return los(self, map, a, b, &|_| false);
        }
        let blocks = |h: Hex| {
            s.units_at(h).any(|u| {
                u.side == side && u.altitude == Altitude::Ground && !self.is_marker_only(u)
            })
        };
        los(self, map, a, b, &blocks)
    }

    /// The LoS tool: clear or why not, between two hexes at ground level.
    pub fn line_of_sight(&self, s: &State, a: Hex, b: Hex) -> Result<(), Blocked> {
        los(
            self,
            self.map_of(s),
            Eye::ground(a),
            Eye::ground(b),
            &|_| false,
        )
    }
}
