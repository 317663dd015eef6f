//! Chart: TERRAIN CHART and its notes: what the ground under a point is,
//! the cover it gives against spotting, direct and indirect fire, and its
//! height for the line-of-sight levels.

use crate::PlatoonCards;
use crate::data::{Cover, TerrainKind, TerrainRow};
use crate::state::State;
use vt_core::tabletop::{Feature, Point, Shape, SightHit, sight};

/// A feature crossed rather than entered (a wall, hedge, dyke, tree line).
pub fn is_line<K>(f: &Feature<K>) -> bool {
    matches!(f.shape, Shape::Line(_))
}

impl PlatoonCards {
    pub fn features<'a>(&'a self, s: &State) -> &'a [Feature<TerrainKind>] {
        &self.tabletop_of(s).features
    }

    /// What the line `from`-`to` meets of the terrain (as
    /// `vt_core::tabletop::sight`, looking only at features nearby).
    pub fn sight_of(&self, s: &State, from: Point, to: Point) -> Vec<SightHit> {
        let t = self.tabletop_of(s);
        let mut out = Vec::new();
        for i in t.near(from, to) {
            for mut h in sight(from, to, std::slice::from_ref(&t.features[i])) {
                h.feature = i;
                out.push(h);
            }
        }
        out
    }

    pub fn row(&self, k: TerrainKind) -> &TerrainRow {
        // Charts::validate insists on a row for every kind.
        self.charts
            .terrain_row(k)
            .unwrap_or_else(|| &self.charts.terrain[0])
    }

    /// Every terrain kind at a point: areas containing it and bands it is on.
    pub fn terrain_at(&self, s: &State, p: Point) -> Vec<TerrainKind> {
        let mut out = Vec::new();
        let t = self.tabletop_of(s);
        for i in t.near(p, p) {
            let f = &t.features[i];
            if f.contains(p) && !out.contains(&f.kind) {
                out.push(f.kind);
            }
        }
        out
    }

    /// The height of the ground a stand stands on (hills are level 2).
    pub fn ground_level(&self, s: &State, p: Point) -> u8 {
        vt_core::tabletop::ground_level(p, self.features(s)) as u8
    }

    /// Close terrain for spotting: a built-up area or dense jungle (paths
    /// through it count as dense jungle).
    pub fn in_close_terrain(&self, s: &State, p: Point) -> bool {
        self.terrain_at(s, p)
            .iter()
            .any(|k| self.row(*k).close_terrain.value)
    }

    /// Linear features crossed by the line `from`-`to` close to `to`
    /// (a wall or hedge the target lines).
    fn lines_near(&self, s: &State, from: Point, to: Point) -> Vec<TerrainKind> {
        let len = from.distance(to);
        let within = self.charts.line_of_sight.linear_cover_within.value;
        // Only the linear features near the line, the last inches of it.
        let near_end = from.toward(to, (len - within).max(0.0));
        let t = self.tabletop_of(s);
        t.near(near_end, to)
            .filter(|&i| is_line(&t.features[i]))
            .filter(|&i| {
                sight(from, to, std::slice::from_ref(&t.features[i]))
                    .iter()
                    .any(|h| h.crossings.iter().any(|&c| len - c <= within))
            })
            .map(|i| t.features[i].kind)
            .collect()
    }

    /// A wall, hedge or bank the target lines gives it spotting cover.
    pub fn spotting_cover_lines(&self, s: &State, at: Point, from: Point) -> bool {
        self.lines_near(s, from, at)
            .iter()
            .any(|k| self.row(*k).spotting_cover.value)
    }

    /// Cover against direct fire from `from` for a target at `at`: the
    /// best of the area it is in and a wall or bank it lines.
    pub fn direct_cover(&self, s: &State, at: Point, from: Point) -> Cover {
        let mut kinds = self.terrain_at(s, at);
        kinds.extend(self.lines_near(s, from, at));
        best(kinds.iter().map(|k| self.row(*k).direct_cover.value))
    }

    /// Cover against indirect fire and in close combat.
    pub fn indirect_cover(&self, s: &State, at: Point) -> Cover {
        best(
            self.terrain_at(s, at)
                .iter()
                .map(|k| self.row(*k).indirect_cover.value),
        )
    }

    /// Under cover for spotting (the chart's second column).
    pub fn spotting_cover(&self, s: &State, at: Point, from: Point) -> bool {
        let mut kinds = self.terrain_at(s, at);
        kinds.extend(self.lines_near(s, from, at));
        kinds.iter().any(|k| self.row(*k).spotting_cover.value)
    }

    /// The kinds of woods for the pre-game bombardment's "dug in" (those
    /// in woods are not dug in unless in trenches).
    pub fn in_woods(&self, s: &State, at: Point) -> bool {
        self.terrain_at(s, at).iter().any(|k| {
            matches!(
                k,
                TerrainKind::DenseJungle | TerrainKind::OpenJungle | TerrainKind::Trail
            )
        })
    }
}

fn best(it: impl Iterator<Item = Cover>) -> Cover {
    it.max_by_key(|c| c.times()).unwrap_or(Cover::None)
}
