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
use crate::geo::Hex;
use serde::{Deserialize, Serialize};
use vt_core::data::{DataError, DataFiles};
use vt_core::provenance::Provenance;

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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edge {
    North,
    South,
    East,
    West,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cell {
    in_play: bool,
    terrain: Option<Terrain>,
    level: u8,
    /// Bit i: trail to neighbour i (direction order of [`Hex::neighbors`]).
    trail: u8,
    road: u8,
    stream: u8,
}

/// A loaded map.
#[derive(Clone, Debug)]
pub struct Map {
    pub id: String,
    pub name: String,
    pub source: Provenance,
    c0: i32,
    r0: i32,
    w: i32,
    h: i32,
    cells: Vec<Cell>,
    hexes: Vec<Hex>,
}

fn dir_index(from: Hex, to: Hex) -> Option<usize> {
    from.neighbors().iter().position(|n| *n == to)
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
        let mut cells = vec![Cell::default(); (w * h) as usize];
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
                let c = &mut cells[ri * w as usize + ci];
                c.in_play = t.is_some();
                c.terrain = t;
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
                cells[ri * w as usize + ci].level = d as u8;
            }
        }
        let mut map = Map {
            id: f.id,
            name: f.name,
            source: f.source,
            c0: f.origin.col,
            r0: f.origin.row,
            w,
            h,
            cells,
            hexes: Vec::new(),
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
        let mut hexes = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if map.cells[(r * w + c) as usize].in_play {
                    hexes.push(Hex::new(map.c0 + c, map.r0 + r));
                }
            }
        }
        hexes.sort();
        map.hexes = hexes;
        Ok(map)
    }

    fn link(&mut self, kind: &str, a: Hex, b: Hex) -> Result<(), String> {
        if !self.in_play(a) || !self.in_play(b) {
            return Err(format!("{kind} {a}-{b}: both hexes must be in play"));
        }
        let (Some(i), Some(j)) = (dir_index(a, b), dir_index(b, a)) else {
            return Err(format!("{kind} {a}-{b}: the hexes are not adjacent"));
        };
        for (h, d) in [(a, i), (b, j)] {
            let k = self.index(h).unwrap_or(0);
            let c = &mut self.cells[k];
            match kind {
                "trail" => c.trail |= 1 << d,
                "road" => c.road |= 1 << d,
                _ => c.stream |= 1 << d,
            }
        }
        Ok(())
    }

    fn index(&self, h: Hex) -> Option<usize> {
        let c = h.col - self.c0;
        let r = h.row - self.r0;
        if c < 0 || r < 0 || c >= self.w || r >= self.h {
            None
        } else {
            Some((r * self.w + c) as usize)
        }
    }

    fn cell(&self, h: Hex) -> Option<&Cell> {
        self.index(h).map(|i| &self.cells[i]).filter(|c| c.in_play)
    }

    /// Every hex in play, sorted.
    pub fn hexes(&self) -> &[Hex] {
        &self.hexes
    }

    pub fn in_play(&self, h: Hex) -> bool {
        self.cell(h).is_some()
    }

    pub fn terrain(&self, h: Hex) -> Option<Terrain> {
        self.cell(h).and_then(|c| c.terrain)
    }

    pub fn level(&self, h: Hex) -> u8 {
        self.cell(h).map(|c| c.level).unwrap_or(0)
    }

    fn bit(&self, a: Hex, b: Hex, f: impl Fn(&Cell) -> u8) -> bool {
        match (self.cell(a), dir_index(a, b)) {
            (Some(c), Some(d)) => f(c) & (1 << d) != 0,
            _ => false,
        }
    }

    pub fn trail_between(&self, a: Hex, b: Hex) -> bool {
        self.bit(a, b, |c| c.trail)
    }

    pub fn road_between(&self, a: Hex, b: Hex) -> bool {
        self.bit(a, b, |c| c.road)
    }

    pub fn stream_between(&self, a: Hex, b: Hex) -> bool {
        self.bit(a, b, |c| c.stream)
    }

    pub fn has_trail(&self, h: Hex) -> bool {
        self.cell(h).map(|c| c.trail | c.road != 0).unwrap_or(false)
    }

    /// Some(high side) if a Slope runs along the hexside a-b.
    pub fn slope_between(&self, a: Hex, b: Hex) -> Option<Hex> {
        let (la, lb) = (self.level(a), self.level(b));
        if !a.is_adjacent(b) || la == lb || !self.in_play(a) || !self.in_play(b) {
            None
        } else if la > lb {
            Some(a)
        } else {
            Some(b)
        }
    }

    pub fn neighbors(&self, h: Hex) -> Vec<Hex> {
        h.neighbors()
            .into_iter()
            .filter(|n| self.in_play(*n))
            .collect()
    }

    pub fn on_edge(&self, h: Hex, edge: Edge) -> bool {
        if !self.in_play(h) {
            return false;
        }
        let n = h.neighbors();
        match edge {
            Edge::North => !self.in_play(n[0]),
            Edge::South => !self.in_play(n[3]),
            Edge::West => h.col == self.c0 || !self.in_play(n[4]) && !self.in_play(n[5]),
            Edge::East => {
                h.col == self.c0 + self.w - 1 || !self.in_play(n[1]) && !self.in_play(n[2])
            }
        }
    }

    /// On any map edge (a unit here may exit the map).
    pub fn is_edge(&self, h: Hex) -> bool {
        self.in_play(h) && h.neighbors().iter().any(|n| !self.in_play(*n))
    }

    pub fn edge_hexes(&self, edge: Edge) -> Vec<Hex> {
        self.hexes
            .iter()
            .copied()
            .filter(|h| self.on_edge(*h, edge))
            .collect()
    }

    pub fn size(&self) -> (i32, i32) {
        (self.w, self.h)
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
