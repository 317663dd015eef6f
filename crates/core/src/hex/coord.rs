//! Map coordinates as the rulebooks print them ("23.18": column, then row)
//! and the offset layout that ties them to hexx's axial [`Hex`].

use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A hex as printed on the map: column first, then row, "23.18".
///
/// Printed with at least two digits each ("05.09"). Serialized as that
/// string, so map and scenario files read like the rulebook.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MapCoord {
    pub col: i32,
    pub row: i32,
}

impl MapCoord {
    /// The largest column or row number a printed coordinate may have (and
    /// its negative the smallest). No map is that wide ([`super::MAX_HEXES`]
    /// hexes in all), and within it every sum and difference the hex maths
    /// makes of two coordinates stays far inside `i32`: a coordinate from a
    /// command or a file beyond it is refused when read, never overflows.
    pub const LIMIT: i32 = 1 << 20;

    pub const fn new(col: i32, row: i32) -> Self {
        MapCoord { col, row }
    }

    /// The axial hex of this coordinate under the map's layout.
    #[inline]
    pub fn to_hex(self, offset: Offset) -> Hex {
        offset.to_hex(self)
    }

    /// The printed coordinate of an axial hex under the map's layout.
    #[inline]
    pub fn from_hex(hex: Hex, offset: Offset) -> Self {
        offset.to_coord(hex)
    }
}

impl fmt::Display for MapCoord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}.{:02}", self.col, self.row)
    }
}

/// Why a text is not a map coordinate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoordError(pub String);

impl fmt::Display for CoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a hex coordinate (expected column.row, like 23.18, each at most {})",
            self.0,
            MapCoord::LIMIT
        )
    }
}

impl std::error::Error for CoordError {}

impl FromStr for MapCoord {
    type Err = CoordError;

    /// Reads "23.18" (column, row). Leading zeros and surrounding spaces are
    /// accepted; a minus sign is accepted for maps that extend past 00.
    /// Numbers beyond [`MapCoord::LIMIT`] are refused.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || CoordError(crate::echo::clip(s).into_owned());
        let (c, r) = s.trim().split_once('.').ok_or_else(err)?;
        let num = |t: &str| -> Result<i32, CoordError> {
            let digits = t.strip_prefix('-').unwrap_or(t);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err());
            }
            let n: i32 = t.parse().map_err(|_| err())?;
            if n.unsigned_abs() > MapCoord::LIMIT as u32 {
                return Err(err());
            }
            Ok(n)
        };
        Ok(MapCoord {
            col: num(c)?,
            row: num(r)?,
        })
    }
}

impl Serialize for MapCoord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for MapCoord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// How a map's printed columns and rows sit on the hex grid.
///
/// Flat-topped maps have vertical columns, every other one shoved half a hex
/// down; pointy-topped maps have horizontal rows, every other one shoved half
/// a hex right. Which of the two is shoved is a property of the printed map.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Offset {
    /// Flat tops; even columns half a hex lower than odd ones ("even-q").
    /// Front Toward Enemy's maps (read off the 6.6 and 7.3.2 examples).
    #[default]
    EvenColumnsDown,
    /// Flat tops; odd columns half a hex lower ("odd-q").
    OddColumnsDown,
    /// Pointy tops; even rows half a hex to the right ("even-r").
    EvenRowsRight,
    /// Pointy tops; odd rows half a hex to the right ("odd-r").
    OddRowsRight,
}

impl Offset {
    #[inline]
    fn mode(self) -> (OffsetHexMode, HexOrientation) {
        match self {
            Offset::EvenColumnsDown => (OffsetHexMode::Even, HexOrientation::Flat),
            Offset::OddColumnsDown => (OffsetHexMode::Odd, HexOrientation::Flat),
            Offset::EvenRowsRight => (OffsetHexMode::Even, HexOrientation::Pointy),
            Offset::OddRowsRight => (OffsetHexMode::Odd, HexOrientation::Pointy),
        }
    }

    /// Flat or pointy tops, for drawing with a hexx `HexLayout`.
    ///
    /// Rows count downward on the printed map; a layout that draws with the
    /// y axis pointing up must flip it to match.
    pub fn orientation(self) -> HexOrientation {
        self.mode().1
    }

    // Inlined: the rules crates convert printed hexes millions of times a
    // playout, nearly always with a constant layout that folds the match.
    #[inline]
    pub fn to_hex(self, c: MapCoord) -> Hex {
        let (mode, orientation) = self.mode();
        Hex::from_offset_coordinates([c.col, c.row], mode, orientation)
    }

    #[inline]
    pub fn to_coord(self, h: Hex) -> MapCoord {
        let (mode, orientation) = self.mode();
        let [col, row] = h.to_offset_coordinates(mode, orientation);
        MapCoord { col, row }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> MapCoord {
        s.parse().unwrap()
    }

    fn neighbours(offset: Offset, at: &str) -> Vec<MapCoord> {
        let mut v: Vec<MapCoord> = offset
            .to_hex(c(at))
            .all_neighbors()
            .iter()
            .map(|h| offset.to_coord(*h))
            .collect();
        v.sort();
        v
    }

    fn sorted(list: &[(i32, i32)]) -> Vec<MapCoord> {
        let mut v: Vec<MapCoord> = list.iter().map(|&(c, r)| MapCoord::new(c, r)).collect();
        v.sort();
        v
    }

    #[test]
    fn display_and_parse() {
        assert_eq!(MapCoord::new(23, 18).to_string(), "23.18");
        assert_eq!(MapCoord::new(5, 9).to_string(), "05.09");
        assert_eq!(MapCoord::new(104, 7).to_string(), "104.07");
        assert_eq!(c("23.18"), MapCoord::new(23, 18));
        assert_eq!(c(" 05.09 "), MapCoord::new(5, 9));
        assert_eq!(c("-1.03"), MapCoord::new(-1, 3));
        for bad in [
            "", "23", "23.", ".18", "23.18.1", "a.18", "23.1b", "+2.3", "23 .18",
        ] {
            assert!(bad.parse::<MapCoord>().is_err(), "{bad:?} parsed");
        }
        // Numbers from input stay where the hex maths cannot overflow.
        for bad in [
            "-2147483648.-2147483648",
            "2147483647.00",
            "01.99999999999",
            "1048577.00",
        ] {
            assert!(bad.parse::<MapCoord>().is_err(), "{bad:?} parsed");
        }
        assert_eq!(c("1048576.-1048576"), MapCoord::new(1 << 20, -(1 << 20)));
        let long = format!("{}.1", "9".repeat(100_000));
        assert!(long.parse::<MapCoord>().unwrap_err().to_string().len() < 300);
        let e = "x".parse::<MapCoord>().unwrap_err();
        assert!(e.to_string().contains("column.row"));
        for s in ["00.00", "01.01", "23.18", "60.40"] {
            assert_eq!(c(s).to_string(), s);
        }
    }

    #[test]
    fn serializes_as_the_printed_text() {
        let text = ron::to_string(&c("23.18")).unwrap();
        assert_eq!(text, "\"23.18\"");
        let back: MapCoord = ron::from_str(&text).unwrap();
        assert_eq!(back, c("23.18"));
        assert!(ron::from_str::<MapCoord>("\"23-18\"").is_err());
    }

    // FTE 6.6 and 7.3.2 examples: even columns sit half a hex low.
    #[test]
    fn even_columns_down_neighbours() {
        let o = Offset::EvenColumnsDown;
        // even column: (c, r±1), (c±1, r), (c±1, r+1)
        assert_eq!(
            neighbours(o, "20.20"),
            sorted(&[(20, 19), (20, 21), (19, 20), (21, 20), (19, 21), (21, 21)])
        );
        // odd column: (c, r±1), (c±1, r-1), (c±1, r)
        assert_eq!(
            neighbours(o, "23.18"),
            sorted(&[(23, 17), (23, 19), (22, 17), (24, 17), (22, 18), (24, 18)])
        );
        // Facts from the examples.
        assert!(neighbours(o, "23.18").contains(&c("22.17")));
        assert!(neighbours(o, "23.20").contains(&c("22.20")));
        assert!(neighbours(o, "21.17").contains(&c("22.17")));
        assert!(neighbours(o, "19.19").contains(&c("20.19")));
        let h = |s| o.to_hex(c(s));
        assert_eq!(h("20.20").unsigned_distance_to(h("19.19")), 2);
        assert_eq!(h("20.20").unsigned_distance_to(h("22.18")), 3);
    }

    #[test]
    fn odd_columns_down_neighbours() {
        let o = Offset::OddColumnsDown;
        assert_eq!(
            neighbours(o, "23.18"),
            sorted(&[(23, 17), (23, 19), (22, 18), (24, 18), (22, 19), (24, 19)])
        );
        assert_eq!(
            neighbours(o, "20.20"),
            sorted(&[(20, 19), (20, 21), (19, 19), (21, 19), (19, 20), (21, 20)])
        );
    }

    #[test]
    fn pointy_rows_neighbours() {
        let o = Offset::EvenRowsRight;
        // even row shoved right: (c±1, r), (c, r±1), (c+1, r±1)
        assert_eq!(
            neighbours(o, "10.10"),
            sorted(&[(9, 10), (11, 10), (10, 9), (11, 9), (10, 11), (11, 11)])
        );
        assert_eq!(
            neighbours(o, "10.11"),
            sorted(&[(9, 11), (11, 11), (9, 10), (10, 10), (9, 12), (10, 12)])
        );
        let o = Offset::OddRowsRight;
        assert_eq!(
            neighbours(o, "10.11"),
            sorted(&[(9, 11), (11, 11), (10, 10), (11, 10), (10, 12), (11, 12)])
        );
        assert_eq!(
            neighbours(o, "10.10"),
            sorted(&[(9, 10), (11, 10), (9, 9), (10, 9), (9, 11), (10, 11)])
        );
    }

    #[test]
    fn round_trips_through_hex() {
        for o in [
            Offset::EvenColumnsDown,
            Offset::OddColumnsDown,
            Offset::EvenRowsRight,
            Offset::OddRowsRight,
        ] {
            for col in -5..30 {
                for row in -5..30 {
                    let m = MapCoord::new(col, row);
                    assert_eq!(o.to_coord(o.to_hex(m)), m, "{o:?} {m}");
                }
            }
        }
    }
}
