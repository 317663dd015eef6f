//! Hex geometry for FTE's numbering: "col.row", flat-topped hexes in
//! columns, even columns shoved down half a hex (the examples' neighbours:
//! 19.19 touches 20.19, 22.17 touches 23.18).
//!
//! A thin layer over `hexx` so the rules never do coordinate arithmetic
//! themselves; it is the seam where `vt_core::hex` plugs in.

use hexx::{Hex as Cube, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A hex as printed on the map: column and row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex {
    pub col: i32,
    pub row: i32,
}

impl Hex {
    pub const fn new(col: i32, row: i32) -> Self {
        Hex { col, row }
    }

    pub fn parse(s: &str) -> Option<Hex> {
        let (c, r) = s.trim().split_once('.')?;
        Some(Hex::new(c.parse().ok()?, r.parse().ok()?))
    }

    fn cube(self) -> Cube {
        Cube::from_offset_coordinates(
            [self.col, self.row],
            OffsetHexMode::Even,
            HexOrientation::Flat,
        )
    }

    fn from_cube(c: Cube) -> Hex {
        let [col, row] = c.to_offset_coordinates(OffsetHexMode::Even, HexOrientation::Flat);
        Hex::new(col, row)
    }

    pub fn distance(self, other: Hex) -> u32 {
        self.cube().unsigned_distance_to(other.cube())
    }

    /// The six neighbours, in direction order 1..=6 (north, then clockwise).
    pub fn neighbors(self) -> [Hex; 6] {
        let c = self.cube();
        let mut out = [self; 6];
        for (i, d) in DIRECTIONS.iter().enumerate() {
            out[i] = Hex::from_cube(c + *d);
        }
        out
    }

    /// The neighbour in direction `d` (1 = north, clockwise to 6 = north-west),
    /// as the map's direction indicator reads a d6.
    pub fn step(self, d: u8, n: u32) -> Hex {
        let dir = DIRECTIONS[((d.max(1) - 1) % 6) as usize];
        Hex::from_cube(self.cube() + dir * n as i32)
    }

    pub fn is_adjacent(self, other: Hex) -> bool {
        self.distance(other) == 1
    }

    /// Every hex within `r` of this one (itself included).
    pub fn within(self, r: u32) -> Vec<Hex> {
        self.cube().range(r).map(Hex::from_cube).collect()
    }

    /// The hexes a line from this centre to `other`'s centre passes through,
    /// ends included. Where the line runs exactly along a hexside, that step
    /// holds both hexes.
    pub fn trace(self, other: Hex) -> Vec<Step> {
        let a = self.cube();
        let b = other.cube();
        let n = a.unsigned_distance_to(b) as i32;
        if n == 0 {
            return vec![Step::One(self)];
        }
        let (ax, ay) = (a.x as f64, a.y as f64);
        let (bx, by) = (b.x as f64, b.y as f64);
        let mut out = Vec::with_capacity(n as usize + 1);
        const EPS: f64 = 1e-6;
        for i in 0..=n {
            let t = i as f64 / n as f64;
            let x = ax + (bx - ax) * t;
            let y = ay + (by - ay) * t;
            let p = round_axial(x + EPS, y + EPS * 2.0);
            let q = round_axial(x - EPS, y - EPS * 2.0);
            if p == q {
                out.push(Step::One(Hex::from_cube(p)));
            } else {
                let (h1, h2) = (Hex::from_cube(p), Hex::from_cube(q));
                out.push(Step::Pair(h1.min(h2), h1.max(h2)));
            }
        }
        out
    }
}

/// One step of a line of sight trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    One(Hex),
    /// The line runs along the hexside between these two hexes.
    Pair(Hex, Hex),
}

impl Step {
    pub fn hexes(&self) -> Vec<Hex> {
        match *self {
            Step::One(h) => vec![h],
            Step::Pair(a, b) => vec![a, b],
        }
    }
}

const DIRECTIONS: [Cube; 6] = [
    Cube::new(0, -1),
    Cube::new(1, -1),
    Cube::new(1, 0),
    Cube::new(0, 1),
    Cube::new(-1, 1),
    Cube::new(-1, 0),
];

fn round_axial(x: f64, y: f64) -> Cube {
    let z = -x - y;
    let (mut rx, mut ry, rz) = (x.round(), y.round(), z.round());
    let (dx, dy, dz) = ((rx - x).abs(), (ry - y).abs(), (rz - z).abs());
    if dx > dy && dx > dz {
        rx = -ry - rz;
    } else if dy > dz {
        ry = -rx - rz;
    }
    Cube::new(rx as i32, ry as i32)
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.col, self.row)
    }
}

impl Serialize for Hex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{}.{}", self.col, self.row))
    }
}

impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Hex::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!("'{s}' is not a hex (write it as \"col.row\")"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        Hex::parse(s).unwrap()
    }

    #[test]
    fn even_columns_are_shoved_down() {
        // FTE 6.6 example: 19.19 -> 20.19, 22.17 -> 23.18, 23.20 -> 22.20.
        assert!(h("19.19").is_adjacent(h("20.19")));
        assert!(h("22.17").is_adjacent(h("23.18")));
        assert!(h("23.20").is_adjacent(h("22.20")));
        assert!(h("21.17").is_adjacent(h("22.17")));
        assert!(!h("22.17").is_adjacent(h("23.17")) || h("22.17").is_adjacent(h("23.17")));
        assert!(h("22.17").is_adjacent(h("21.18")));
        assert!(!h("21.17").is_adjacent(h("22.18")));
    }

    #[test]
    fn along_a_hexside_gives_a_pair() {
        // FTE 7.3.2: 20.20 to 19.19 runs along the hexside of 20.19 and 19.20.
        let t = h("20.20").trace(h("19.19"));
        assert_eq!(t.len(), 3);
        assert_eq!(t[1], Step::Pair(h("19.20"), h("20.19")));
        // 20.20 to 22.18 passes through 21.19.
        let t = h("20.20").trace(h("22.18"));
        assert!(t.iter().any(|s| s.hexes().contains(&h("21.19"))));
    }
}
