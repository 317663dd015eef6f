//! Hex geometry for FTE's numbering, on `vt_core::hex`: a hex is a printed
//! [`vt_core::hex::MapCoord`] ("col.row"); flat-topped hexes in columns, even columns
//! shoved down half a hex (the examples' neighbours: 19.19 touches 20.19,
//! 22.17 touches 23.18). Distances, neighbours and rings come from the core
//! module through [`HexExt`]; line-of-sight traces from
//! [`vt_core::hex::steps`] (see [`crate::line_of_sight`]).

pub use vt_core::hex::MapCoord as Hex;
use vt_core::hex::{Hex as Axial, Offset, distance};

/// FTE maps: even columns half a hex lower (read off the 6.6 and 7.3.2 examples).
pub const OFFSET: Offset = Offset::EvenColumnsDown;

/// The six directions as the map's direction indicator numbers them for a
/// d6 (1 = north, then clockwise), in axial steps.
const DIRECTIONS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

/// Geometry on printed coordinates.
pub trait HexExt: Sized + Copy {
    fn parse(s: &str) -> Option<Self>;
    fn axial(self) -> Axial;
    fn from_axial(a: Axial) -> Self;
    fn distance(self, other: Self) -> u32;
    fn is_adjacent(&self, other: Self) -> bool {
        (*self).distance(other) == 1
    }
    /// The six neighbours in direction order 1..=6.
    fn neighbors(self) -> [Self; 6];
    /// Where `other` is among [`HexExt::neighbors`] (0..6), None when it is
    /// not adjacent: one subtraction instead of building all six.
    fn direction_to(self, other: Self) -> Option<usize>;
    /// `n` hexes in direction `d` (1..=6), as a scatter roll reads it.
    fn step(self, d: u8, n: u32) -> Self;
    /// Every hex within `r` (itself included).
    fn within(self, r: u32) -> Vec<Self>;
}

// The conversions are inlined (marked so across the crate's codegen
// units): movement, fire and line of sight call them in every inner loop.
impl HexExt for Hex {
    fn parse(s: &str) -> Option<Hex> {
        s.parse().ok()
    }

    #[inline]
    fn axial(self) -> Axial {
        OFFSET.to_hex(self)
    }

    #[inline]
    fn from_axial(a: Axial) -> Hex {
        OFFSET.to_coord(a)
    }

    #[inline]
    fn distance(self, other: Hex) -> u32 {
        distance(self.axial(), other.axial())
    }

    fn neighbors(self) -> [Hex; 6] {
        let a = self.axial();
        DIRECTIONS.map(|(x, y)| Hex::from_axial(a + Axial::new(x, y)))
    }

    fn direction_to(self, other: Hex) -> Option<usize> {
        let d = other.axial() - self.axial();
        DIRECTIONS.iter().position(|&(x, y)| d == Axial::new(x, y))
    }

    fn step(self, d: u8, n: u32) -> Hex {
        let (x, y) = DIRECTIONS[((d.max(1) - 1) % 6) as usize];
        Hex::from_axial(self.axial() + Axial::new(x, y) * n as i32)
    }

    fn within(self, r: u32) -> Vec<Hex> {
        self.axial().range(r).map(Hex::from_axial).collect()
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
        assert!(h("22.17").is_adjacent(h("21.18")));
        assert!(!h("21.17").is_adjacent(h("22.18")));
        assert_eq!(
            h("19.19").neighbors()[0],
            h("19.18"),
            "direction 1 is north"
        );
        assert_eq!(h("19.19").step(4, 2), h("19.21"));
        assert_eq!(h("20.20").within(1).len(), 7);
    }
}
