//! B3 and S1: range and line of sight; O6c (fire at helicopters over units
//! and buildings); O7.2 (the Forward Observer sees without limit over open
//! terrain).
//!
//! Basic Game (B3): fire may not pass through hexes with units (either
//! side), buildings, forest or road-berm; an adjacent hex may always be
//! fired into; range eight. Standard Game (S1): the straight line from
//! centre to centre is blocked at the first hex with buildings, forest,
//! treeline, berm or units; broken ground blocks four or more hexes from the
//! firer and, closer, cuts the range to four; rivers never block.
//!
//! Readings (README): any face-down counter blocks (the firer sees a
//! counter, not what it is); face-up caches, traps and markers do not
//! (B3.5 says caches do not obstruct fire). A line running exactly along a
//! hexside is blocked only when the hexes on both sides block; a hex the
//! line touches at a corner never blocks.

use crate::Grunt;
use crate::data::{Level, Optional, Terrain};
use crate::map::{Hex, Map, axial, distance, from_axial};
use crate::state::State;
use serde::{Deserialize, Serialize};
use vt_core::hex::{Step as LineStep, steps};

/// Why a line of fire does not reach its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Blocked {
    /// Beyond the range (B3: eight hexes).
    Range { max: u32 },
    /// Blocking terrain in an intervening hex.
    Terrain { hex: Hex, terrain: Terrain },
    /// A counter in an intervening hex.
    Counter { hex: Hex },
    /// Broken ground within four hexes cuts the range to four (S1).
    BrokenRange { hex: Hex, max: u32 },
}

impl Blocked {
    pub fn words(&self) -> String {
        match self {
            Blocked::Range { max } => format!("out of range (range {max})"),
            Blocked::Terrain { hex, terrain } => {
                format!("blocked by {} at {hex}", terrain.name())
            }
            Blocked::Counter { hex } => format!("blocked by the counter at {hex}"),
            Blocked::BrokenRange { hex, max } => {
                format!("broken ground at {hex} limits the range to {max}")
            }
        }
    }

    pub fn rule(&self) -> &'static str {
        match self {
            Blocked::Range { .. } => "B3",
            Blocked::BrokenRange { .. } => "S1",
            _ => "B3, S1",
        }
    }
}

/// What kind of sight is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// Ground fire (B3, S1).
    Fire,
    /// NLF fire at a landing or lifting helicopter: over units and
    /// buildings with O6c.
    Helicopter,
    /// A Forward Observer or any US unit watching a Center of Impact (O7.2,
    /// O7.5): unlimited over open terrain.
    Observer,
    /// Hiding (S3): may the US see this hex at all (range included).
    Spotting,
}

impl Grunt {
    /// Hexes (by map index) holding a counter that blocks fire: any
    /// face-down counter, and face-up people (units, peasants, porters).
    pub fn blockers(&self, s: &State) -> Vec<bool> {
        let map = self.map_of(s);
        let mut v = vec![false; map.len()];
        for c in s.on_map() {
            if (c.face_down || c.role.is_person())
                && let Some(i) = c.hex.and_then(|h| map.index(h))
            {
                v[i] = true;
            }
        }
        v
    }

    /// The line of sight from `from` to `to`, or why it is blocked.
    /// `blockers` as from [`Grunt::blockers`].
    pub fn line(
        &self,
        s: &State,
        blockers: &[bool],
        from: Hex,
        to: Hex,
        sight: Sight,
    ) -> Result<(), Blocked> {
        let map = self.map_of(s);
        let d = distance(from, to);
        if d <= 1 {
            return Ok(());
        }
        let range = self.tables.range.value;
        if sight == Sight::Observer && s.standard() && self.open_line(map, blockers, from, to) {
            return Ok(());
        }
        if d > range {
            return Err(Blocked::Range { max: range });
        }
        let over_units = sight == Sight::Helicopter && s.has(Optional::Landings);
        let check = |h: Hex| -> Result<(), Blocked> {
            self.hex_blocks(s, map, blockers, from, to, h, over_units)
        };
        for st in steps(axial(from), axial(to)) {
            match st {
                LineStep::Hex(a) => {
                    let h = from_axial(a);
                    if h != from && h != to {
                        check(h)?;
                    }
                }
                LineStep::Along { side, .. } => {
                    let (a, b) = side.hexes();
                    let (ha, hb) = (from_axial(a), from_axial(b));
                    if let (Err(e), Err(_)) = (check(ha), check(hb)) {
                        return Err(e);
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Every intervening hex is open terrain with no counter in it.
    fn open_line(&self, map: &Map, blockers: &[bool], from: Hex, to: Hex) -> bool {
        let open = |h: Hex| {
            !map.contains(h)
                || (map.terrain(h) == Terrain::Open && !map.index(h).is_some_and(|i| blockers[i]))
        };
        steps(axial(from), axial(to)).all(|st| match st {
            LineStep::Hex(a) => {
                let h = from_axial(a);
                h == from || h == to || open(h)
            }
            LineStep::Along { side, .. } => {
                let (a, b) = side.hexes();
                open(from_axial(a)) || open(from_axial(b))
            }
            _ => true,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn hex_blocks(
        &self,
        s: &State,
        map: &Map,
        blockers: &[bool],
        from: Hex,
        to: Hex,
        h: Hex,
        over_units: bool,
    ) -> Result<(), Blocked> {
        let Some(i) = map.index(h) else {
            return Ok(());
        };
        if blockers[i] && !over_units {
            return Err(Blocked::Counter { hex: h });
        }
        let t = map.terrain(h);
        let row = self.tables.terrain(t);
        match s.level {
            Level::Basic => {
                if row.blocks_basic.value && !(over_units && t == Terrain::Buildings) {
                    return Err(Blocked::Terrain { hex: h, terrain: t });
                }
            }
            Level::Standard => {
                if t == Terrain::Broken {
                    let k = distance(from, h);
                    if k >= self.tables.broken_blocks_at.value {
                        return Err(Blocked::Terrain { hex: h, terrain: t });
                    }
                    let cap = self.tables.broken_range_cap.value;
                    if distance(from, to) > cap {
                        return Err(Blocked::BrokenRange { hex: h, max: cap });
                    }
                } else if row.blocks_standard.value && !(over_units && t == Terrain::Buildings) {
                    return Err(Blocked::Terrain { hex: h, terrain: t });
                }
            }
        }
        Ok(())
    }

    /// The line of sight for the screen's LoS tool: computes the blockers.
    pub fn sight(&self, s: &State, from: Hex, to: Hex) -> Result<(), Blocked> {
        let b = self.blockers(s);
        self.line(s, &b, from, to, Sight::Fire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::util::*;

    // Lines run down column 2 of a narrow map: north-south lines pass
    // through hex centres.
    const TALL: [&str; 24] = ["..."; 24];

    // Grunt B3: units may always fire into an adjacent hex; range is eight.
    #[test]
    fn b3_adjacent_always_and_range_eight() {
        let (mut g, s) = bare(Level::Basic, &TALL);
        let b = g.blockers(&s);
        assert_eq!(g.line(&s, &b, h("2.02"), h("2.10"), Sight::Fire), Ok(()));
        assert_eq!(
            g.line(&s, &b, h("2.02"), h("2.11"), Sight::Fire),
            Err(Blocked::Range { max: 8 })
        );
        set_terrain(&mut g, "2.03", Terrain::Forest);
        assert_eq!(g.line(&s, &b, h("2.02"), h("2.03"), Sight::Fire), Ok(()));
    }

    // Grunt B3: no fire through units, buildings, forest or road-berm; in
    // the Basic Game treeline and broken ground do not block.
    #[test]
    fn b3_basic_blocking_terrain() {
        for (t, blocks) in [
            (Terrain::Forest, true),
            (Terrain::Buildings, true),
            (Terrain::Road, true),
            (Terrain::Treeline, false),
            (Terrain::Broken, false),
            (Terrain::Open, false),
        ] {
            let (mut g, s) = bare(Level::Basic, &TALL);
            set_terrain(&mut g, "2.05", t);
            let b = g.blockers(&s);
            assert_eq!(
                g.line(&s, &b, h("2.03"), h("2.07"), Sight::Fire).is_err(),
                blocks,
                "{t:?}"
            );
        }
    }

    // Grunt S1: treeline and berm block; broken ground four or more hexes
    // from the firer blocks, closer it limits the range to four; a unit in
    // a treeline may fire at broken terrain across open hexes.
    #[test]
    fn s1_standard_line_of_sight() {
        let (mut g, s) = bare(Level::Standard, &TALL);
        set_terrain(&mut g, "2.05", Terrain::Treeline);
        let b = g.blockers(&s);
        assert!(g.line(&s, &b, h("2.03"), h("2.07"), Sight::Fire).is_err());

        let (mut g, s) = bare(Level::Standard, &TALL);
        set_terrain(&mut g, "2.06", Terrain::Broken);
        let b = g.blockers(&s);
        // Three hexes out: within four, so only the range is cut to four.
        assert_eq!(g.line(&s, &b, h("2.03"), h("2.07"), Sight::Fire), Ok(()));
        assert_eq!(
            g.line(&s, &b, h("2.03"), h("2.09"), Sight::Fire),
            Err(Blocked::BrokenRange {
                hex: h("2.06"),
                max: 4
            })
        );
        // Four hexes out: blocks.
        assert!(matches!(
            g.line(&s, &b, h("2.02"), h("2.08"), Sight::Fire),
            Err(Blocked::Terrain { .. })
        ));

        let (mut g, s) = bare(Level::Standard, &TALL);
        set_terrain(&mut g, "2.02", Terrain::Treeline);
        set_terrain(&mut g, "2.08", Terrain::Broken);
        let b = g.blockers(&s);
        assert_eq!(g.line(&s, &b, h("2.02"), h("2.08"), Sight::Fire), Ok(()));
    }

    // Grunt B3/S1: units block; so does a face-down counter whatever it is.
    #[test]
    fn counters_block_fire() {
        let (g, mut s) = bare(Level::Standard, &TALL);
        let id = put(&g, &mut s, crate::data::Role::Rice, "2.05");
        s.cm(id).face_down = true;
        let b = g.blockers(&s);
        assert_eq!(
            g.line(&s, &b, h("2.03"), h("2.07"), Sight::Fire),
            Err(Blocked::Counter { hex: h("2.05") })
        );
        // Face up, a cache does not obstruct fire (B3.5).
        s.cm(id).face_down = false;
        let b = g.blockers(&s);
        assert_eq!(g.line(&s, &b, h("2.03"), h("2.07"), Sight::Fire), Ok(()));
    }

    // Grunt O7.2: the F.O.'s sight runs on without limit over open terrain.
    #[test]
    fn o7_observer_sees_far_over_open_ground() {
        let (mut g, s) = bare(Level::Standard, &TALL);
        let b = g.blockers(&s);
        assert_eq!(
            g.line(&s, &b, h("2.01"), h("2.20"), Sight::Observer),
            Ok(())
        );
        set_terrain(&mut g, "2.05", Terrain::Broken);
        let b = g.blockers(&s);
        assert!(
            g.line(&s, &b, h("2.01"), h("2.20"), Sight::Observer)
                .is_err()
        );
    }
}
