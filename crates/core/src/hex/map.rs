//! A rectangular hex map: terrain of the game's choosing per hex, an
//! elevation level per hex, and features on hexsides.

use super::coord::{MapCoord, Offset};
use hexx::Hex;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

/// The hexside between two adjacent hexes, the same whichever way round it
/// is named.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hexside {
    a: Hex,
    b: Hex,
}

fn key(h: Hex) -> (i32, i32) {
    (h.x, h.y)
}

impl Hexside {
    /// The hexside between `a` and `b`, or `None` if they are not adjacent.
    pub fn new(a: Hex, b: Hex) -> Option<Self> {
        if super::los::distance(a, b) != 1 {
            return None;
        }
        Some(if key(a) <= key(b) {
            Hexside { a, b }
        } else {
            Hexside { a: b, b: a }
        })
    }

    /// The two hexes, in a fixed order.
    pub fn hexes(self) -> (Hex, Hex) {
        (self.a, self.b)
    }

    pub fn touches(self, h: Hex) -> bool {
        self.a == h || self.b == h
    }

    /// The hex across this hexside from `h`.
    pub fn other(self, h: Hex) -> Option<Hex> {
        if h == self.a {
            Some(self.b)
        } else if h == self.b {
            Some(self.a)
        } else {
            None
        }
    }
}

impl Ord for Hexside {
    fn cmp(&self, o: &Self) -> Ordering {
        (key(self.a), key(self.b)).cmp(&(key(o.a), key(o.b)))
    }
}

impl PartialOrd for Hexside {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// What is printed along a hexside. A road or trail flag means the two hexes
/// are connected by it: moving from one to the other follows the road.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct SideFeatures {
    pub road: bool,
    pub trail: bool,
    pub stream: bool,
    pub wall: bool,
    pub hedge: bool,
}

impl SideFeatures {
    pub fn is_empty(&self) -> bool {
        *self == SideFeatures::default()
    }
}

/// A hexside between hexes at different levels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slope {
    pub high: Hex,
    pub low: Hex,
    pub high_level: i8,
    pub low_level: i8,
}

/// Bad map data or a request the map cannot meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError(pub String);

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MapError {}

/// Maps larger than this many hexes are refused as broken data.
pub const MAX_HEXES: u64 = 1 << 20;

/// A rectangular map in printed coordinates `first ..= last` (both corners
/// included), with a terrain value `T` per hex chosen by the game, an
/// elevation level per hex (0 unless set) and features on hexsides.
///
/// Every method takes and returns hexx's axial [`Hex`]; [`HexMap::coord`]
/// and [`HexMap::hex`] convert to and from the printed "23.18" form.
/// Hexes are visited column by column, top to bottom.
///
/// Slopes are not stored: a hexside between two hexes at different levels
/// is a slope, its high side the higher hex ([`HexMap::slope`]).
///
/// # In a RON file
///
/// ```ron
/// (
///     offset: EvenColumnsDown,       // optional, this is the default
///     first: "01.01", last: "30.20", // corners, as printed
///     terrain: Clear,                // every hex not listed below
///     areas: [(Jungle, ["19.17", "19.18"]), (Hamlet, ["25.11"])],
///     levels: [(1, ["20.19", "20.18"])],
///     roads: [["05.01", "05.02", "06.02"]],   // chains of connected hexes
///     trails: [["19.17", "19.18", "19.19", "20.19"]],
///     streams: [("10.10", "10.11")],  // hexsides, as pairs of hexes
///     walls: [], hedges: [],
/// )
/// ```
/// Every list may be left out. Later areas and levels overwrite earlier ones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    try_from = "MapFile<T>",
    into = "MapFile<T>",
    bound(
        serialize = "T: Serialize + Clone + PartialEq",
        deserialize = "T: Deserialize<'de> + Clone"
    )
)]
pub struct HexMap<T> {
    offset: Offset,
    first: MapCoord,
    cols: u32,
    rows: u32,
    terrain: Vec<T>,
    levels: Vec<i8>,
    sides: BTreeMap<Hexside, SideFeatures>,
}

impl<T: Clone> HexMap<T> {
    /// A map covering `first ..= last` filled with `fill` at level 0.
    pub fn new(offset: Offset, first: MapCoord, last: MapCoord, fill: T) -> Result<Self, MapError> {
        if last.col < first.col || last.row < first.row {
            return Err(MapError(format!(
                "the last hex {last} is above or left of the first hex {first}"
            )));
        }
        let cols = (last.col as i64 - first.col as i64 + 1) as u64;
        let rows = (last.row as i64 - first.row as i64 + 1) as u64;
        if cols * rows > MAX_HEXES {
            return Err(MapError(format!(
                "a map of {cols} by {rows} hexes is too large"
            )));
        }
        let n = (cols * rows) as usize;
        Ok(HexMap {
            offset,
            first,
            cols: cols as u32,
            rows: rows as u32,
            terrain: vec![fill; n],
            levels: vec![0; n],
            sides: BTreeMap::new(),
        })
    }
}

impl<T> HexMap<T> {
    pub fn offset(&self) -> Offset {
        self.offset
    }

    /// The top-left corner as printed.
    pub fn first(&self) -> MapCoord {
        self.first
    }

    /// The bottom-right corner as printed.
    pub fn last(&self) -> MapCoord {
        MapCoord::new(
            self.first.col + self.cols as i32 - 1,
            self.first.row + self.rows as i32 - 1,
        )
    }

    pub fn cols(&self) -> u32 {
        self.cols
    }

    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of hexes.
    pub fn len(&self) -> usize {
        self.terrain.len()
    }

    pub fn is_empty(&self) -> bool {
        self.terrain.is_empty()
    }

    /// The axial hex of a printed coordinate (on the map or not).
    pub fn hex(&self, c: MapCoord) -> Hex {
        self.offset.to_hex(c)
    }

    /// The printed coordinate of a hex (on the map or not).
    pub fn coord(&self, h: Hex) -> MapCoord {
        self.offset.to_coord(h)
    }

    /// Reads a printed coordinate ("23.18") that must be on this map.
    pub fn parse(&self, text: &str) -> Result<Hex, MapError> {
        let c: MapCoord = text.parse().map_err(|e| MapError(format!("{e}")))?;
        let h = self.hex(c);
        if self.contains(h) {
            Ok(h)
        } else {
            Err(MapError(format!("{c} is not on the map")))
        }
    }

    fn index_of_coord(&self, c: MapCoord) -> Option<usize> {
        let dc = c.col as i64 - self.first.col as i64;
        let dr = c.row as i64 - self.first.row as i64;
        if dc < 0 || dr < 0 || dc >= self.cols as i64 || dr >= self.rows as i64 {
            return None;
        }
        Some((dc as usize) * self.rows as usize + dr as usize)
    }

    /// Position of a hex in the map's column-by-column order, if on the map.
    pub fn index(&self, h: Hex) -> Option<usize> {
        self.index_of_coord(self.coord(h))
    }

    /// The hex at a position of [`HexMap::index`].
    pub fn hex_at(&self, index: usize) -> Option<Hex> {
        if index >= self.len() {
            return None;
        }
        let col = self.first.col + (index / self.rows as usize) as i32;
        let row = self.first.row + (index % self.rows as usize) as i32;
        Some(self.hex(MapCoord::new(col, row)))
    }

    pub fn contains(&self, h: Hex) -> bool {
        self.index(h).is_some()
    }

    /// Every hex of the map, column by column, top to bottom.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.len()).filter_map(|i| self.hex_at(i))
    }

    pub fn get(&self, h: Hex) -> Option<&T> {
        self.index(h).map(|i| &self.terrain[i])
    }

    pub fn get_mut(&mut self, h: Hex) -> Option<&mut T> {
        self.index(h).map(|i| &mut self.terrain[i])
    }

    /// Sets the terrain of a hex; false if the hex is off the map.
    pub fn set(&mut self, h: Hex, t: T) -> bool {
        match self.index(h) {
            Some(i) => {
                self.terrain[i] = t;
                true
            }
            None => false,
        }
    }

    pub fn level(&self, h: Hex) -> Option<i8> {
        self.index(h).map(|i| self.levels[i])
    }

    /// Sets the elevation level of a hex; false if the hex is off the map.
    pub fn set_level(&mut self, h: Hex, level: i8) -> bool {
        match self.index(h) {
            Some(i) => {
                self.levels[i] = level;
                true
            }
            None => false,
        }
    }

    /// The neighbours of a hex that are on the map, in hexx's direction order.
    pub fn neighbours(&self, h: Hex) -> impl Iterator<Item = Hex> + '_ {
        h.all_neighbors().into_iter().filter(|n| self.contains(*n))
    }

    /// A hex on the map with at least one neighbour off it.
    pub fn is_edge(&self, h: Hex) -> bool {
        self.contains(h) && h.all_neighbors().iter().any(|n| !self.contains(*n))
    }

    /// The features of the hexside between `a` and `b` (none if they are not
    /// adjacent or nothing is printed there).
    pub fn side(&self, a: Hex, b: Hex) -> SideFeatures {
        Hexside::new(a, b)
            .and_then(|s| self.sides.get(&s).copied())
            .unwrap_or_default()
    }

    /// Sets the features of the hexside between `a` and `b`. Both hexes may
    /// not be off the map; one may, for a road leaving the map.
    pub fn set_side(&mut self, a: Hex, b: Hex, f: SideFeatures) -> Result<(), MapError> {
        let side = Hexside::new(a, b).ok_or_else(|| {
            MapError(format!(
                "{} and {} are not adjacent",
                self.coord(a),
                self.coord(b)
            ))
        })?;
        if !self.contains(a) && !self.contains(b) {
            return Err(MapError(format!(
                "the hexside {}/{} is off the map",
                self.coord(a),
                self.coord(b)
            )));
        }
        if f.is_empty() {
            self.sides.remove(&side);
        } else {
            self.sides.insert(side, f);
        }
        Ok(())
    }

    /// Every hexside with a feature, in a fixed order.
    pub fn sides(&self) -> impl Iterator<Item = (Hexside, SideFeatures)> + '_ {
        self.sides.iter().map(|(s, f)| (*s, *f))
    }

    /// The slope on the hexside between `a` and `b`: present when both are on
    /// the map, adjacent, and at different levels.
    pub fn slope(&self, a: Hex, b: Hex) -> Option<Slope> {
        Hexside::new(a, b)?;
        let (la, lb) = (self.level(a)?, self.level(b)?);
        match la.cmp(&lb) {
            Ordering::Equal => None,
            Ordering::Greater => Some(Slope {
                high: a,
                low: b,
                high_level: la,
                low_level: lb,
            }),
            Ordering::Less => Some(Slope {
                high: b,
                low: a,
                high_level: lb,
                low_level: la,
            }),
        }
    }
}

/// The RON form of a [`HexMap`] (see there).
#[derive(Serialize, Deserialize)]
struct MapFile<T> {
    #[serde(default)]
    offset: Offset,
    first: MapCoord,
    last: MapCoord,
    terrain: T,
    #[serde(default = "Vec::new")]
    areas: Vec<(T, Vec<MapCoord>)>,
    #[serde(default)]
    levels: Vec<(i8, Vec<MapCoord>)>,
    #[serde(default)]
    roads: Vec<Vec<MapCoord>>,
    #[serde(default)]
    trails: Vec<Vec<MapCoord>>,
    #[serde(default)]
    streams: Vec<(MapCoord, MapCoord)>,
    #[serde(default)]
    walls: Vec<(MapCoord, MapCoord)>,
    #[serde(default)]
    hedges: Vec<(MapCoord, MapCoord)>,
}

impl<T: Clone> TryFrom<MapFile<T>> for HexMap<T> {
    type Error = MapError;

    fn try_from(f: MapFile<T>) -> Result<Self, MapError> {
        let mut map = HexMap::new(f.offset, f.first, f.last, f.terrain)?;
        let on_map = |map: &HexMap<T>, c: MapCoord, what: &str| -> Result<Hex, MapError> {
            let h = map.hex(c);
            if map.contains(h) {
                Ok(h)
            } else {
                Err(MapError(format!(
                    "{what}: {c} is outside the map {}..{}",
                    map.first(),
                    map.last()
                )))
            }
        };
        for (t, list) in f.areas {
            for c in list {
                let h = on_map(&map, c, "areas")?;
                map.set(h, t.clone());
            }
        }
        for (level, list) in f.levels {
            for c in list {
                let h = on_map(&map, c, "levels")?;
                map.set_level(h, level);
            }
        }
        type Flag = fn(&mut SideFeatures);
        type Pairs = Vec<(MapCoord, MapCoord)>;
        let add = |map: &mut HexMap<T>, a: MapCoord, b: MapCoord, what: &str, set: Flag| {
            let (ha, hb) = (map.hex(a), map.hex(b));
            let mut feat = map.side(ha, hb);
            set(&mut feat);
            map.set_side(ha, hb, feat)
                .map_err(|e| MapError(format!("{what}: {e}")))
        };
        let chains: [(&str, Vec<Vec<MapCoord>>, Flag); 2] = [
            ("roads", f.roads, |s| s.road = true),
            ("trails", f.trails, |s| s.trail = true),
        ];
        for (what, list, set) in chains {
            for chain in list {
                for w in chain.windows(2) {
                    add(&mut map, w[0], w[1], what, set)?;
                }
            }
        }
        let pairs: [(&str, Pairs, Flag); 3] = [
            ("streams", f.streams, |s| s.stream = true),
            ("walls", f.walls, |s| s.wall = true),
            ("hedges", f.hedges, |s| s.hedge = true),
        ];
        for (what, list, set) in pairs {
            for (a, b) in list {
                add(&mut map, a, b, what, set)?;
            }
        }
        Ok(map)
    }
}

impl<T: Clone + PartialEq> From<HexMap<T>> for MapFile<T> {
    fn from(m: HexMap<T>) -> Self {
        // The most common terrain becomes the default; the rest are listed
        // in order of first appearance.
        let mut kinds: Vec<(T, Vec<MapCoord>)> = Vec::new();
        for (i, t) in m.terrain.iter().enumerate() {
            let c = m.coord(m.hex_at(i).expect("index in range"));
            match kinds.iter_mut().find(|(k, _)| k == t) {
                Some((_, list)) => list.push(c),
                None => kinds.push((t.clone(), vec![c])),
            }
        }
        let most = kinds
            .iter()
            .enumerate()
            .max_by(|(i, a), (j, b)| a.1.len().cmp(&b.1.len()).then(j.cmp(i)))
            .map(|(i, _)| i)
            .unwrap_or(0);
        let terrain = kinds.remove(most).0;
        let mut levels: BTreeMap<i8, Vec<MapCoord>> = BTreeMap::new();
        for (i, &l) in m.levels.iter().enumerate() {
            if l != 0 {
                let c = m.coord(m.hex_at(i).expect("index in range"));
                levels.entry(l).or_default().push(c);
            }
        }
        let pair = |s: Hexside| {
            let (a, b) = s.hexes();
            (m.coord(a), m.coord(b))
        };
        let (mut roads, mut trails, mut streams, mut walls, mut hedges) =
            (vec![], vec![], vec![], vec![], vec![]);
        for (s, f) in m.sides() {
            let (a, b) = pair(s);
            if f.road {
                roads.push(vec![a, b]);
            }
            if f.trail {
                trails.push(vec![a, b]);
            }
            if f.stream {
                streams.push((a, b));
            }
            if f.wall {
                walls.push((a, b));
            }
            if f.hedge {
                hedges.push((a, b));
            }
        }
        MapFile {
            offset: m.offset,
            first: m.first,
            last: m.last(),
            terrain,
            areas: kinds,
            levels: levels.into_iter().collect(),
            roads,
            trails,
            streams,
            walls,
            hedges,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum Ground {
        Clear,
        Jungle,
        Hamlet,
    }

    fn small() -> HexMap<Ground> {
        ron::from_str(
            r#"(
                first: "18.16", last: "24.22",
                terrain: Clear,
                areas: [(Jungle, ["19.17", "19.18", "19.19"]), (Hamlet, ["22.20"])],
                levels: [(1, ["20.19", "20.18"]), (2, ["24.22"])],
                trails: [["19.17", "19.18", "19.19", "20.19"]],
                streams: [("22.20", "22.21")],
                hedges: [("23.21", "24.21")],
            )"#,
        )
        .unwrap()
    }

    #[test]
    fn reads_a_map_from_ron() {
        let m = small();
        let h = |s: &str| m.parse(s).unwrap();
        assert_eq!(m.cols(), 7);
        assert_eq!(m.rows(), 7);
        assert_eq!(m.len(), 49);
        assert_eq!(m.offset(), Offset::EvenColumnsDown);
        assert_eq!(m.get(h("19.18")), Some(&Ground::Jungle));
        assert_eq!(m.get(h("22.20")), Some(&Ground::Hamlet));
        assert_eq!(m.get(h("18.16")), Some(&Ground::Clear));
        assert_eq!(m.level(h("20.19")), Some(1));
        assert_eq!(m.level(h("24.22")), Some(2));
        assert_eq!(m.level(h("19.19")), Some(0));
        assert!(m.side(h("19.18"), h("19.17")).trail);
        assert!(m.side(h("19.19"), h("20.19")).trail);
        assert!(!m.side(h("19.19"), h("20.20")).trail);
        assert!(m.side(h("22.21"), h("22.20")).stream);
        assert!(m.side(h("23.21"), h("24.21")).hedge);
        let s = m.slope(h("19.19"), h("20.19")).unwrap();
        assert_eq!(
            (s.high, s.low, s.high_level, s.low_level),
            (h("20.19"), h("19.19"), 1, 0)
        );
        assert_eq!(m.slope(h("20.18"), h("20.19")), None);
        assert_eq!(m.slope(h("19.19"), h("22.20")), None);
    }

    #[test]
    fn round_trips_through_ron() {
        let m = small();
        let text = ron::ser::to_string_pretty(&m, Default::default()).unwrap();
        let back: HexMap<Ground> = ron::from_str(&text).unwrap();
        assert_eq!(back, m);
        assert!(text.contains("terrain: Clear"), "{text}");
    }

    #[test]
    fn refuses_broken_maps() {
        let bad = [
            (
                r#"(first: "05.05", last: "01.01", terrain: Clear)"#,
                "above or left",
            ),
            (
                r#"(first: "01.01", last: "05.05", terrain: Clear, areas: [(Jungle, ["06.01"])])"#,
                "areas: 06.01 is outside",
            ),
            (
                r#"(first: "01.01", last: "05.05", terrain: Clear, trails: [["01.01", "03.01"]])"#,
                "not adjacent",
            ),
            (
                r#"(first: "01.01", last: "05.05", terrain: Clear, streams: [("09.09", "09.10")])"#,
                "off the map",
            ),
            (
                r#"(first: "01.01", last: "5000.5000", terrain: Clear)"#,
                "too large",
            ),
            (
                r#"(first: "01.01", last: "05.05", terrain: Clear, levels: [(1, ["1.x"])])"#,
                "not a hex coordinate",
            ),
        ];
        for (text, want) in bad {
            let e = crate::data::parse_ron::<HexMap<Ground>>("test/map.ron", text).unwrap_err();
            assert!(e.to_string().contains(want), "{e} / {want}");
            assert!(e.to_string().starts_with("test/map.ron:1:"), "{e}");
        }
    }

    #[test]
    fn indexing_and_edges() {
        let m = small();
        let all: Vec<Hex> = m.hexes().collect();
        assert_eq!(all.len(), 49);
        for (i, h) in all.iter().enumerate() {
            assert_eq!(m.index(*h), Some(i));
        }
        assert_eq!(m.coord(all[0]).to_string(), "18.16");
        assert_eq!(m.coord(all[1]).to_string(), "18.17");
        assert_eq!(m.coord(all[48]).to_string(), "24.22");
        assert!(m.is_edge(m.parse("18.19").unwrap()));
        assert!(m.is_edge(m.parse("21.16").unwrap()));
        assert!(!m.is_edge(m.parse("21.19").unwrap()));
        assert!(m.parse("25.19").is_err());
        let off = m.hex(MapCoord::new(25, 19));
        assert_eq!(m.get(off), None);
        // 18.16 is an even column, half a hex low: 18.17, 19.16 and 19.17 are on the map.
        assert_eq!(m.neighbours(m.parse("18.16").unwrap()).count(), 3);
        assert_eq!(m.neighbours(m.parse("21.19").unwrap()).count(), 6);
    }

    #[test]
    fn hexsides_are_unordered() {
        let a = Hex::new(3, 4);
        let b = Hex::new(4, 4);
        assert_eq!(Hexside::new(a, b), Hexside::new(b, a));
        assert_eq!(Hexside::new(a, Hex::new(5, 4)), None);
        assert_eq!(Hexside::new(a, a), None);
        let s = Hexside::new(b, a).unwrap();
        assert_eq!(s.other(a), Some(b));
        assert_eq!(s.other(Hex::ZERO), None);
        let mut m = small();
        let (x, y) = (m.parse("20.20").unwrap(), m.parse("20.21").unwrap());
        m.set_side(
            x,
            y,
            SideFeatures {
                wall: true,
                ..Default::default()
            },
        )
        .unwrap();
        assert!(m.side(y, x).wall);
        m.set_side(y, x, SideFeatures::default()).unwrap();
        assert_eq!(m.sides().filter(|(s, _)| s.touches(x)).count(), 0);
    }
}
