//! Maps (`assets/fte/maps/*.ron`): terrain per hex, hill levels (a Slope runs
//! along every hexside between hexes of different levels, its high side on
//! the higher hex), trails, roads and streams, map edges.
//!
//! The file format, one string per row and one character per column:
//! `.` Clear, `H` Hamlet, `G` Grass, `P` Rice Paddy, `J` Jungle, `x` or a
//! space: not in play (no dot: may not be entered, LoS may not cross it).
//! `levels` has the same shape with a digit per hex (missing rows are 0).
//! Trails and roads are lists of hexes, each consecutive pair connected;
//! streams are hexsides given as pairs of hexes.

use crate::data::Terrain;
use crate::geo::{Hex, HexExt, OFFSET};
use crate::line_of_sight::Trace;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};
use vt_core::data::{DataError, DataFiles};
use vt_core::hex::HexMap;
use vt_core::provenance::Provenance;
use vt_core::sort::StableSort;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MapFile {
    pub id: String,
    pub name: String,
    pub source: Provenance,
    /// The hex of the first character of the first row.
    pub origin: Hex,
    pub terrain: Vec<String>,
    #[serde(default)]
    pub levels: Vec<String>,
    #[serde(default)]
    pub trails: Vec<Vec<Hex>>,
    #[serde(default)]
    pub roads: Vec<Vec<Hex>>,
    #[serde(default)]
    pub streams: Vec<(Hex, Hex)>,
}

/// What runs along one hexside (6.1: trails, roads, streams).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hexside {
    pub trail: bool,
    pub road: bool,
    pub stream: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edge {
    North,
    South,
    East,
    West,
}

/// A loaded map: a [`HexMap`] of terrain (None: no dot, not in play) with
/// levels and trail, road and stream hexsides.
#[derive(Clone, Debug)]
pub struct Map {
    pub id: String,
    pub name: String,
    pub source: Provenance,
    grid: HexMap<Option<Terrain>>,
    hexes: Vec<Hex>,
    /// Per grid index: bit d set when a trail, road or stream crosses the
    /// hexside towards neighbour d (a cache of the grid's hexside features).
    sides: Vec<[u8; 3]>,
    /// Edge hexes, sorted: any edge, then North, South, East, West.
    edges: [Vec<Hex>; 5],
    /// The hexes a Trail or Road leaves ([`Map::has_trail`]), sorted.
    trails: Vec<Hex>,
    /// Per grid index (see [`Map::index`]): the terrain and the level, read
    /// without converting the printed coordinate to axial and back.
    cells: Vec<(Option<Terrain>, u8)>,
    /// The ground line of sight of every ordered pair of grid hexes,
    /// traced when first asked (the terrain does not change in a game);
    /// shared by clones of the map.
    los: Arc<LosCache>,
}

/// A map's traced lines of sight, for one terrain table
/// ([`crate::line_of_sight::los_key`]), and which hexes are near a Hamlet.
#[derive(Default)]
struct LosCache {
    traces: OnceLock<(u64, Box<[OnceLock<Trace>]>)>,
    near_hamlet: OnceLock<(u32, Box<[bool]>)>,
}

impl std::fmt::Debug for LosCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LosCache")
    }
}

impl Map {
    pub fn load(files: &DataFiles, path: &str) -> Result<Map, DataError> {
        let f: MapFile = files.parse(path)?;
        Map::build(f).map_err(|m| DataError::file(&format!("assets/{path}"), m))
    }

    pub fn build(f: MapFile) -> Result<Map, String> {
        let h = f.terrain.len() as i32;
        let w = f
            .terrain
            .iter()
            .map(|r| r.chars().count())
            .max()
            .unwrap_or(0) as i32;
        if w == 0 || h == 0 {
            return Err("map has no hexes".into());
        }
        let last = Hex::new(f.origin.col + w - 1, f.origin.row + h - 1);
        let mut grid = HexMap::new(OFFSET, f.origin, last, None).map_err(|e| e.to_string())?;
        for (ri, row) in f.terrain.iter().enumerate() {
            for (ci, ch) in row.chars().enumerate() {
                let t = match ch {
                    '.' => Some(Terrain::Clear),
                    'H' => Some(Terrain::Hamlet),
                    'G' => Some(Terrain::Grass),
                    'P' => Some(Terrain::RicePaddy),
                    'J' => Some(Terrain::Jungle),
                    'x' | ' ' => None,
                    other => {
                        return Err(format!(
                            "terrain row {} column {}: '{other}' is not a terrain letter (. H G P J x)",
                            ri + 1,
                            ci + 1
                        ));
                    }
                };
                let c = Hex::new(f.origin.col + ci as i32, f.origin.row + ri as i32);
                grid.set(c.axial(), t);
            }
        }
        for (ri, row) in f.levels.iter().enumerate() {
            for (ci, ch) in row.chars().enumerate() {
                if ri as i32 >= h || ci as i32 >= w {
                    return Err(format!("levels row {} is outside the map", ri + 1));
                }
                let d = ch.to_digit(10).ok_or_else(|| {
                    format!(
                        "levels row {} column {}: '{ch}' is not a digit",
                        ri + 1,
                        ci + 1
                    )
                })?;
                let c = Hex::new(f.origin.col + ci as i32, f.origin.row + ri as i32);
                grid.set_level(c.axial(), d as i8);
            }
        }
        let cells: Vec<(Option<Terrain>, u8)> = (0..grid.len())
            .map(|i| {
                let t = grid.hex_at(i).and_then(|a| grid.get(a).copied().flatten());
                let l = grid
                    .hex_at(i)
                    .and_then(|a| grid.level(a))
                    .unwrap_or(0)
                    .max(0) as u8;
                (t, l)
            })
            .collect();
        let mut map = Map {
            id: f.id,
            name: f.name,
            source: f.source,
            grid,
            hexes: Vec::new(),
            sides: Vec::new(),
            edges: Default::default(),
            trails: Vec::new(),
            cells,
            los: Arc::default(),
        };
        for (kind, lines) in [("trail", &f.trails), ("road", &f.roads)] {
            for line in lines {
                for pair in line.windows(2) {
                    map.link(kind, pair[0], pair[1])?;
                }
            }
        }
        for (a, b) in &f.streams {
            map.link("stream", *a, *b)?;
        }
        let mut hexes: Vec<Hex> = map
            .grid
            .hexes()
            .filter(|a| map.grid.get(*a).is_some_and(|t| t.is_some()))
            .map(Hex::from_axial)
            .collect();
        hexes.stable_sort();
        map.hexes = hexes;
        map.sides = vec![[0; 3]; map.grid.len()];
        for i in 0..map.grid.len() {
            let Some(a) = map.grid.hex_at(i) else {
                continue;
            };
            let h = Hex::from_axial(a);
            for (d, n) in h.neighbors().iter().enumerate() {
                let f = map.grid.side(a, n.axial());
                for (k, on) in [f.trail, f.road, f.stream].into_iter().enumerate() {
                    if on {
                        map.sides[i][k] |= 1 << d;
                    }
                }
            }
        }
        map.trails = map
            .hexes
            .iter()
            .copied()
            .filter(|h| map.has_trail(*h))
            .collect();
        let edge_list = |m: &Map, e: Option<Edge>| -> Vec<Hex> {
            m.hexes
                .iter()
                .copied()
                .filter(|h| match e {
                    None => h.neighbors().iter().any(|n| !m.in_play(*n)),
                    Some(e) => m.edge_test(*h, e),
                })
                .collect()
        };
        map.edges = [
            edge_list(&map, None),
            edge_list(&map, Some(Edge::North)),
            edge_list(&map, Some(Edge::South)),
            edge_list(&map, Some(Edge::East)),
            edge_list(&map, Some(Edge::West)),
        ];
        Ok(map)
    }

    fn link(&mut self, kind: &str, a: Hex, b: Hex) -> Result<(), String> {
        if !self.in_play(a) || !self.in_play(b) {
            return Err(format!("{kind} {a}-{b}: both hexes must be in play"));
        }
        if !a.is_adjacent(b) {
            return Err(format!("{kind} {a}-{b}: the hexes are not adjacent"));
        }
        let (x, y) = (a.axial(), b.axial());
        let mut f = self.grid.side(x, y);
        match kind {
            "trail" => f.trail = true,
            "road" => f.road = true,
            _ => f.stream = true,
        }
        self.grid.set_side(x, y, f).map_err(|e| e.to_string())
    }

    /// The core map: terrain per hex, levels and hexside features.
    pub fn grid(&self) -> &HexMap<Option<Terrain>> {
        &self.grid
    }

    /// Every hex in play, sorted.
    pub fn hexes(&self) -> &[Hex] {
        &self.hexes
    }

    pub fn in_play(&self, h: Hex) -> bool {
        self.terrain(h).is_some()
    }

    /// The hex's position in the grid's column-by-column order (the same
    /// as `grid().index(h.axial())`), if on the grid.
    #[inline]
    pub fn index(&self, h: Hex) -> Option<usize> {
        let first = self.grid.first();
        let (dc, dr) = (
            h.col as i64 - first.col as i64,
            h.row as i64 - first.row as i64,
        );
        let (cols, rows) = (self.grid.cols() as i64, self.grid.rows() as i64);
        if dc < 0 || dr < 0 || dc >= cols || dr >= rows {
            return None;
        }
        Some((dc * rows + dr) as usize)
    }

    #[inline]
    pub fn terrain(&self, h: Hex) -> Option<Terrain> {
        self.index(h).and_then(|i| self.cells[i].0)
    }

    pub fn level(&self, h: Hex) -> u8 {
        self.index(h).map_or(0, |i| self.cells[i].1)
    }

    /// The traced ground line of sight from `a` to `b` (two hexes of the
    /// grid, neither the same nor adjacent), traced once and kept. `None`
    /// off the grid, or for rules whose terrain table differs from the
    /// one the cache was filled for.
    pub(crate) fn los_trace(&self, rules: &crate::Fte, a: Hex, b: Hex) -> Option<&Trace> {
        let (i, j) = (self.index(a)?, self.index(b)?);
        let n = self.grid.len();
        let key = crate::line_of_sight::los_key(rules);
        let (k, traces) = self.los.traces.get_or_init(|| {
            (
                key,
                (0..n * n)
                    .map(|_| OnceLock::new())
                    .collect::<Vec<_>>()
                    .into_boxed_slice(),
            )
        });
        if *k != key {
            return None;
        }
        Some(traces[i * n + j].get_or_init(|| crate::line_of_sight::trace(rules, self, a, b)))
    }

    /// A Hamlet hex within `r` hexes of `h` (the VC event's pieces, 19.7).
    pub fn near_hamlet(&self, h: Hex, r: u32) -> bool {
        let scan = |h: Hex| {
            h.axial()
                .range(r)
                .any(|x| self.terrain(Hex::from_axial(x)) == Some(Terrain::Hamlet))
        };
        let Some(i) = self.index(h) else {
            return scan(h);
        };
        let (k, near) = self.los.near_hamlet.get_or_init(|| {
            let all = (0..self.grid.len())
                .map(|i| {
                    self.grid
                        .hex_at(i)
                        .is_some_and(|a| scan(Hex::from_axial(a)))
                })
                .collect();
            (r, all)
        });
        if *k == r { near[i] } else { scan(h) }
    }

    /// The trail, road and stream on the hexside between `a` and its
    /// neighbour in direction `d` ([`HexExt::direction_to`]); none off the
    /// grid. Movement asks for all three at every step, so the direction
    /// is found once by the caller.
    pub fn hexside(&self, a: Hex, d: usize) -> Hexside {
        let bits = self.index(a).map_or([0; 3], |i| self.sides[i]);
        let on = |k: usize| bits[k] & (1 << d) != 0;
        Hexside {
            trail: on(0),
            road: on(1),
            stream: on(2),
        }
    }

    /// The hexside between `a` and `b`; none when they are not adjacent.
    fn hexside_between(&self, a: Hex, b: Hex) -> Hexside {
        a.direction_to(b)
            .map_or(Hexside::default(), |d| self.hexside(a, d))
    }

    pub fn trail_between(&self, a: Hex, b: Hex) -> bool {
        self.hexside_between(a, b).trail
    }

    pub fn road_between(&self, a: Hex, b: Hex) -> bool {
        self.hexside_between(a, b).road
    }

    pub fn stream_between(&self, a: Hex, b: Hex) -> bool {
        self.hexside_between(a, b).stream
    }

    /// Every hex a Trail or Road leaves, sorted (where Booby Traps may go,
    /// 26.0, caches aside).
    pub fn trail_hexes(&self) -> &[Hex] {
        &self.trails
    }

    /// A Trail or Road leaves this hex.
    pub fn has_trail(&self, h: Hex) -> bool {
        self.index(h)
            .is_some_and(|i| self.sides[i][0] | self.sides[i][1] != 0)
    }

    /// Some(high side) if a Slope runs along the hexside a-b.
    pub fn slope_between(&self, a: Hex, b: Hex) -> Option<Hex> {
        if !self.in_play(a) || !self.in_play(b) {
            return None;
        }
        self.grid
            .slope(a.axial(), b.axial())
            .map(|s| Hex::from_axial(s.high))
    }

    pub fn neighbors(&self, h: Hex) -> Vec<Hex> {
        h.neighbors()
            .into_iter()
            .filter(|n| self.in_play(*n))
            .collect()
    }

    fn edge_test(&self, h: Hex, edge: Edge) -> bool {
        if !self.in_play(h) {
            return false;
        }
        let n = h.neighbors();
        let first = self.grid.first();
        let last = self.grid.last();
        match edge {
            Edge::North => !self.in_play(n[0]),
            Edge::South => !self.in_play(n[3]),
            Edge::West => h.col == first.col || !self.in_play(n[4]) && !self.in_play(n[5]),
            Edge::East => h.col == last.col || !self.in_play(n[1]) && !self.in_play(n[2]),
        }
    }

    fn edge_index(edge: Edge) -> usize {
        match edge {
            Edge::North => 1,
            Edge::South => 2,
            Edge::East => 3,
            Edge::West => 4,
        }
    }

    pub fn on_edge(&self, h: Hex, edge: Edge) -> bool {
        self.edges[Self::edge_index(edge)].binary_search(&h).is_ok()
    }

    /// On any map edge (a unit here may exit the map).
    pub fn is_edge(&self, h: Hex) -> bool {
        self.edges[0].binary_search(&h).is_ok()
    }

    pub fn edge_hexes(&self, edge: Edge) -> Vec<Hex> {
        self.edges[Self::edge_index(edge)].clone()
    }

    /// Every hex on any edge, sorted.
    pub fn all_edge_hexes(&self) -> &[Hex] {
        &self.edges[0]
    }

    /// Columns and rows.
    pub fn size(&self) -> (u32, u32) {
        (self.grid.cols(), self.grid.rows())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_and_refuses_bad_letters() {
        let f = MapFile {
            id: "t".into(),
            name: "t".into(),
            source: Provenance::Assumed("test".into()),
            origin: Hex::new(1, 1),
            terrain: vec!["..J".into(), "PGH".into()],
            levels: vec!["001".into()],
            trails: vec![vec![Hex::new(1, 1), Hex::new(1, 2)]],
            roads: vec![],
            streams: vec![],
        };
        let m = Map::build(f.clone()).unwrap();
        assert_eq!(m.terrain(Hex::new(3, 1)), Some(Terrain::Jungle));
        assert_eq!(m.terrain(Hex::new(1, 2)), Some(Terrain::RicePaddy));
        assert!(m.trail_between(Hex::new(1, 2), Hex::new(1, 1)));
        assert_eq!(m.level(Hex::new(3, 1)), 1);
        assert_eq!(m.hexes().len(), 6);
        let mut bad = f;
        bad.terrain[0] = "..Q".into();
        assert!(Map::build(bad).unwrap_err().contains("'Q'"));
    }
}
