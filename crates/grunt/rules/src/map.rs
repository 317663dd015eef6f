//! The map (`assets/grunt/maps/*.ron`, B0): terrain per hex, rivers and
//! streams along hexsides, roads on their berms, the road entries of a
//! Ground Drive (D3) and named areas (hamlets, the battalion landing zone
//! of C2); and the geometry the rules use on it.
//!
//! The file format, one string per row and one character per column:
//! `.` Open (paddies), `b` Broken, `t` Treeline, `F` Forest, `B` Buildings,
//! `=` Road on its berm. Roads are chains of hexes; rivers are hexsides
//! given as pairs of hexes. Hexes are flat-topped in columns, even columns
//! half a hex lower, north at the top (so north and south run straight
//! along a column, as the artillery's range error of O7.5 needs).

use crate::data::Terrain;
use serde::{Deserialize, Serialize};
use vt_core::data::{DataError, DataFiles};
use vt_core::hex::{Hex as Axial, HexMap, MapCoord, Offset, SideFeatures};
use vt_core::provenance::Provenance;

/// A hex as printed: "23.18", column then row.
pub type Hex = MapCoord;

pub const OFFSET: Offset = Offset::EvenColumnsDown;

/// A hex off every map, for a counter that has none.
pub const NOWHERE: Hex = MapCoord::new(-99, -99);

/// The six directions, 0 = north, then clockwise, in axial steps.
pub const DIRECTIONS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

pub fn axial(h: Hex) -> Axial {
    OFFSET.to_hex(h)
}

pub fn from_axial(a: Axial) -> Hex {
    OFFSET.to_coord(a)
}

pub fn distance(a: Hex, b: Hex) -> u32 {
    axial(a).unsigned_distance_to(axial(b))
}

/// The neighbour of `h` in direction `d` (0 = north, clockwise).
pub fn step(h: Hex, d: usize) -> Hex {
    let (x, y) = DIRECTIONS[d % 6];
    from_axial(axial(h) + Axial::new(x, y))
}

/// Map edges, for road entries (D3, D6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edge {
    North,
    South,
    East,
    West,
}

/// A road leaving the map: where ground units enter (D3, D6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub name: String,
    pub hex: Hex,
    pub edge: Edge,
}

/// A named group of hexes (a hamlet, the battalion landing zone).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Area {
    pub id: String,
    pub name: String,
    pub hexes: Vec<Hex>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MapFile {
    pub id: String,
    pub name: String,
    pub source: Provenance,
    /// The hex of the first character of the first row.
    pub origin: Hex,
    pub terrain: Vec<String>,
    #[serde(default)]
    pub roads: Vec<Vec<Hex>>,
    #[serde(default)]
    pub rivers: Vec<(Hex, Hex)>,
    #[serde(default)]
    pub entries: Vec<Entry>,
    #[serde(default)]
    pub areas: Vec<Area>,
}

/// A loaded map. Hexes are also numbered densely (`index`) for the
/// per-hex tables the rules keep while they work.
#[derive(Clone, Debug)]
pub struct Map {
    pub id: String,
    pub name: String,
    pub source: Provenance,
    pub entries: Vec<Entry>,
    pub areas: Vec<Area>,
    grid: HexMap<Terrain>,
    origin: Hex,
    cols: i32,
    rows: i32,
    /// Per index: bit d set when a river runs along the hexside towards
    /// direction d; the same for roads.
    river: Vec<u8>,
    road: Vec<u8>,
    /// Per index: distance in hexes to the nearest edge hex (0 on the edge).
    edge_distance: Vec<u8>,
    /// Per index: the terrain, and the index of the neighbour in each
    /// direction (`NONE` off the map): the hot paths work on numbers.
    terrain_at: Vec<Terrain>,
    nbrs: Vec<[u32; 6]>,
}

/// No hex (a neighbour off the map).
pub const NONE: u32 = u32::MAX;

impl Map {
    pub fn load(files: &DataFiles, path: &str) -> Result<Map, DataError> {
        let f: MapFile = files.parse(path)?;
        Map::build(f).map_err(|m| DataError::file(&format!("assets/{path}"), m))
    }

    pub fn build(f: MapFile) -> Result<Map, String> {
        let rows = f.terrain.len() as i32;
        let cols = f
            .terrain
            .iter()
            .map(|r| r.chars().count())
            .max()
            .unwrap_or(0) as i32;
        if rows == 0 || cols == 0 {
            return Err("the map has no hexes".into());
        }
        let last = Hex::new(f.origin.col + cols - 1, f.origin.row + rows - 1);
        let mut grid =
            HexMap::new(OFFSET, f.origin, last, Terrain::Open).map_err(|e| e.to_string())?;
        for (ri, row) in f.terrain.iter().enumerate() {
            if row.chars().count() as i32 != cols {
                return Err(format!(
                    "terrain row {} has {} hexes, the first has {cols}",
                    ri + 1,
                    row.chars().count()
                ));
            }
            for (ci, ch) in row.chars().enumerate() {
                let t = match ch {
                    '.' => Terrain::Open,
                    'b' => Terrain::Broken,
                    't' => Terrain::Treeline,
                    'F' => Terrain::Forest,
                    'B' => Terrain::Buildings,
                    '=' => Terrain::Road,
                    other => {
                        return Err(format!(
                            "terrain row {} column {}: '{other}' is not a terrain letter (. b t F B =)",
                            ri + 1,
                            ci + 1
                        ));
                    }
                };
                let h = Hex::new(f.origin.col + ci as i32, f.origin.row + ri as i32);
                grid.set(axial(h), t);
            }
        }
        let n = (cols * rows) as usize;
        let mut map = Map {
            id: f.id,
            name: f.name,
            source: f.source,
            entries: f.entries,
            areas: f.areas,
            grid,
            origin: f.origin,
            cols,
            rows,
            river: vec![0; n],
            road: vec![0; n],
            edge_distance: vec![0; n],
            terrain_at: Vec::new(),
            nbrs: Vec::new(),
        };
        map.reindex();
        for line in &f.roads {
            for pair in line.windows(2) {
                map.link(true, pair[0], pair[1])?;
            }
        }
        for (a, b) in &f.rivers {
            map.link(false, *a, *b)?;
        }
        for e in &map.entries {
            if !map.contains(e.hex) || !map.is_edge(e.hex) {
                return Err(format!("entry '{}' at {}: not an edge hex", e.name, e.hex));
            }
        }
        for a in &map.areas {
            if let Some(h) = a.hexes.iter().find(|h| !map.contains(**h)) {
                return Err(format!("area '{}': {h} is off the map", a.name));
            }
        }
        // Distances to the edge, by a breadth-first sweep from the edge hexes.
        let mut dist = vec![u8::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        for (i, d) in dist.iter_mut().enumerate() {
            if map.is_edge(map.hex_at(i)) {
                *d = 0;
                queue.push_back(i);
            }
        }
        while let Some(i) = queue.pop_front() {
            let h = map.hex_at(i);
            for nb in map.neighbours(h) {
                let j = map.index(nb).expect("on the map");
                if dist[j] == u8::MAX {
                    dist[j] = dist[i].saturating_add(1);
                    queue.push_back(j);
                }
            }
        }
        map.edge_distance = dist;
        Ok(map)
    }

    /// Rebuilds the dense tables from the grid.
    fn reindex(&mut self) {
        let n = self.len();
        self.terrain_at = (0..n)
            .map(|i| {
                self.grid
                    .get(axial(self.hex_at(i)))
                    .copied()
                    .unwrap_or(Terrain::Open)
            })
            .collect();
        self.nbrs = (0..n)
            .map(|i| {
                let h = self.hex_at(i);
                let mut v = [NONE; 6];
                for (d, slot) in v.iter_mut().enumerate() {
                    if let Some(j) = self.index(step(h, d)) {
                        *slot = j as u32;
                    }
                }
                v
            })
            .collect();
    }

    /// Terrain by index.
    pub fn terrain_i(&self, i: usize) -> Terrain {
        self.terrain_at[i]
    }

    /// The neighbours of index `i`, by direction (`NONE` off the map).
    pub fn nbrs_i(&self, i: usize) -> &[u32; 6] {
        &self.nbrs[i]
    }

    /// A river along the hexside of index `i` in direction `d`.
    pub fn river_i(&self, i: usize, d: usize) -> bool {
        self.river[i] & (1 << d) != 0
    }

    fn link(&mut self, road: bool, a: Hex, b: Hex) -> Result<(), String> {
        let what = if road { "road" } else { "river" };
        if !self.contains(a) || !self.contains(b) {
            return Err(format!("{what} {a}-{b}: both hexes must be on the map"));
        }
        let Some(d) = self.direction(a, b) else {
            return Err(format!("{what} {a}-{b}: the hexes are not adjacent"));
        };
        let (ia, ib) = (self.index(a).unwrap(), self.index(b).unwrap());
        let bits = if road {
            &mut self.road
        } else {
            &mut self.river
        };
        bits[ia] |= 1 << d;
        bits[ib] |= 1 << ((d + 3) % 6);
        let mut f = self.grid.side(axial(a), axial(b));
        if road {
            f.road = true;
        } else {
            f.stream = true;
        }
        self.grid
            .set_side(axial(a), axial(b), f)
            .map_err(|e| e.to_string())
    }

    /// The core map: terrain per hex and hexside features (for drawing and
    /// for `features_on`).
    pub fn grid(&self) -> &HexMap<Terrain> {
        &self.grid
    }

    pub fn first(&self) -> Hex {
        self.origin
    }

    pub fn last(&self) -> Hex {
        Hex::new(
            self.origin.col + self.cols - 1,
            self.origin.row + self.rows - 1,
        )
    }

    pub fn len(&self) -> usize {
        (self.cols * self.rows) as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn contains(&self, h: Hex) -> bool {
        h.col >= self.origin.col
            && h.row >= self.origin.row
            && h.col < self.origin.col + self.cols
            && h.row < self.origin.row + self.rows
    }

    /// Dense number of a hex, row by row.
    pub fn index(&self, h: Hex) -> Option<usize> {
        self.contains(h)
            .then(|| ((h.row - self.origin.row) * self.cols + (h.col - self.origin.col)) as usize)
    }

    pub fn hex_at(&self, i: usize) -> Hex {
        let i = i as i32;
        Hex::new(
            self.origin.col + i % self.cols,
            self.origin.row + i / self.cols,
        )
    }

    /// Every hex, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.len()).map(|i| self.hex_at(i))
    }

    /// Changes a hex's terrain (map editing, tests).
    pub fn set_terrain(&mut self, h: Hex, t: Terrain) {
        self.grid.set(axial(h), t);
        if let Some(i) = self.index(h) {
            self.terrain_at[i] = t;
        }
    }

    pub fn terrain(&self, h: Hex) -> Terrain {
        self.index(h).map_or(Terrain::Open, |i| self.terrain_at[i])
    }

    pub fn neighbours(&self, h: Hex) -> impl Iterator<Item = Hex> + '_ {
        let i = self.index(h);
        (0..6).filter_map(move |d| match i {
            Some(i) if !self.nbrs.is_empty() => {
                let j = self.nbrs[i][d];
                (j != NONE).then(|| self.hex_at(j as usize))
            }
            _ => Some(step(h, d)).filter(|n| self.contains(*n)),
        })
    }

    /// Direction 0-5 from `a` to the adjacent `b`.
    pub fn direction(&self, a: Hex, b: Hex) -> Option<usize> {
        if let (Some(i), Some(j)) = (self.index(a), self.index(b)) {
            return self.nbrs[i].iter().position(|&x| x == j as u32);
        }
        (0..6).find(|&d| step(a, d) == b)
    }

    pub fn is_edge(&self, h: Hex) -> bool {
        self.contains(h) && (0..6).any(|d| !self.contains(step(h, d)))
    }

    /// Hexes between `h` and the nearest edge hex (0 on the edge).
    pub fn edge_distance(&self, h: Hex) -> u32 {
        self.index(h)
            .map(|i| self.edge_distance[i] as u32)
            .unwrap_or(0)
    }

    /// A river or stream runs along the hexside between adjacent `a` and `b`.
    pub fn river_between(&self, a: Hex, b: Hex) -> bool {
        match (self.index(a), self.direction(a, b)) {
            (Some(i), Some(d)) => self.river[i] & (1 << d) != 0,
            _ => false,
        }
    }

    pub fn road_between(&self, a: Hex, b: Hex) -> bool {
        match (self.index(a), self.direction(a, b)) {
            (Some(i), Some(d)) => self.road[i] & (1 << d) != 0,
            _ => false,
        }
    }

    /// Every river hexside, once each.
    pub fn rivers(&self) -> Vec<(Hex, Hex)> {
        self.grid
            .sides()
            .filter(|(_, f)| f.stream)
            .map(|(s, _)| {
                let (a, b) = s.hexes();
                (from_axial(a), from_axial(b))
            })
            .collect()
    }

    /// Every road link, once each.
    pub fn roads(&self) -> Vec<(Hex, Hex)> {
        self.grid
            .sides()
            .filter(|(_, f): &(_, SideFeatures)| f.road)
            .map(|(s, _)| {
                let (a, b) = s.hexes();
                (from_axial(a), from_axial(b))
            })
            .collect()
    }

    /// Does a river or stream lie across the straight line from `a` to `b`?
    /// (O9.3: a stream between the friendly units and the impact area.)
    pub fn river_across(&self, a: Hex, b: Hex) -> bool {
        let t = vt_core::hex::trace(axial(a), axial(b));
        self.grid.features_on(&t).iter().any(|(c, f)| {
            f.stream
                && matches!(
                    c.contact,
                    vt_core::hex::Contact::Crossed { .. } | vt_core::hex::Contact::Along
                )
        })
    }

    pub fn area(&self, id: &str) -> Option<&Area> {
        self.areas.iter().find(|a| a.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    #[test]
    fn directions_run_clockwise_from_north() {
        assert_eq!(step(h("20.20"), 0), h("20.19"));
        assert_eq!(step(h("20.20"), 3), h("20.21"));
        // Even columns sit half a hex low: north-east of 20.20 is 21.20.
        assert_eq!(step(h("20.20"), 1), h("21.20"));
        assert_eq!(step(h("21.20"), 1), h("22.19"));
        assert_eq!(distance(h("20.20"), h("22.20")), 2);
    }

    #[test]
    fn a_small_map_loads_and_measures_its_edges() {
        let f = MapFile {
            id: "t".into(),
            name: "t".into(),
            source: Provenance::Assumed("test".into()),
            origin: h("1.01"),
            terrain: vec![
                ".........".into(),
                "..bbtF...".into(),
                "..B=.....".into(),
                ".........".into(),
                ".........".into(),
            ],
            roads: vec![vec![h("4.03"), h("5.03")]],
            rivers: vec![(h("2.02"), h("2.03"))],
            entries: vec![],
            areas: vec![],
        };
        let m = Map::build(f).unwrap();
        assert_eq!(m.terrain(h("6.02")), Terrain::Forest);
        assert_eq!(m.terrain(h("4.03")), Terrain::Road);
        assert!(m.river_between(h("2.03"), h("2.02")));
        assert!(m.road_between(h("5.03"), h("4.03")));
        assert_eq!(m.edge_distance(h("1.01")), 0);
        assert_eq!(m.edge_distance(h("5.03")), 2);
        assert_eq!(m.index(h("9.05")), Some(44));
        assert_eq!(m.hex_at(44), h("9.05"));
        let bad = MapFile {
            terrain: vec!["..x".into()],
            ..MapFile {
                id: "t".into(),
                name: "t".into(),
                source: Provenance::Assumed("test".into()),
                origin: h("1.01"),
                terrain: vec![],
                roads: vec![],
                rivers: vec![],
                entries: vec![],
                areas: vec![],
            }
        };
        assert!(Map::build(bad).unwrap_err().contains("'x'"));
    }
}
