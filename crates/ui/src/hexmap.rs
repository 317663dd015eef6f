//! A hex map renderer on hexx, for the hex-and-counter games.
//!
//! Maps are addressed as printed: column and row, "12.05", with flat-topped
//! hexes in columns and the even columns shoved down half a hex. The
//! renderer draws terrain colours with simple drawn symbols, hexside slopes
//! and streams, roads and trails, and a faint grid; hovering shows the
//! hex's "col.row" label. All drawn here; no art from the published maps.
//!
//! (`vt_core::hex` is getting its own `MapCoord`; [`MapCoord::hex`] and
//! [`MapCoord::from_hex`] go through hexx's even-q offset coordinates, so the
//! two agree and this one can become a re-export.)

use crate::board::{BoardBounds, BoardClick, BoardPointer};
use crate::palette;
use crate::shapes::{ShapeBuilder, spawn_shape};
use bevy::prelude::*;
use hexx::{Hex, HexLayout, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A hex by its printed column and row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MapCoord {
    pub col: i32,
    pub row: i32,
}

impl MapCoord {
    pub const fn new(col: i32, row: i32) -> Self {
        MapCoord { col, row }
    }

    /// Reads "12.05" (or "1205" with four digits).
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim();
        let (c, r) = match s.split_once('.') {
            Some(p) => p,
            None if s.len() == 4 => s.split_at(2),
            None => return None,
        };
        Some(MapCoord {
            col: c.parse().ok()?,
            row: r.parse().ok()?,
        })
    }

    /// The hexx axial coordinate (flat-topped, even columns shoved down).
    pub fn hex(self) -> Hex {
        Hex::from_offset_coordinates(
            [self.col, self.row],
            OffsetHexMode::Even,
            HexOrientation::Flat,
        )
    }

    pub fn from_hex(h: Hex) -> Self {
        let [col, row] = h.to_offset_coordinates(OffsetHexMode::Even, HexOrientation::Flat);
        MapCoord { col, row }
    }

    pub fn neighbors(self) -> [MapCoord; 6] {
        self.hex().all_neighbors().map(MapCoord::from_hex)
    }

    pub fn distance(self, other: MapCoord) -> u32 {
        self.hex().unsigned_distance_to(other.hex())
    }

    /// The hexes a straight line from here to `other` passes through.
    pub fn line_to(self, other: MapCoord) -> Vec<MapCoord> {
        self.hex()
            .line_to(other.hex())
            .map(MapCoord::from_hex)
            .collect()
    }
}

impl fmt::Display for MapCoord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}.{:02}", self.col, self.row)
    }
}

/// World positions of hexes: flat-topped, rows going down the screen.
#[derive(Resource, Clone, Debug)]
pub struct MapGeometry {
    pub layout: HexLayout,
    /// Circumradius in world units.
    pub size: f32,
}

impl MapGeometry {
    pub fn new(size: f32) -> Self {
        let mut layout = HexLayout::new(HexOrientation::Flat).with_hex_size(size);
        layout.invert_y();
        MapGeometry { layout, size }
    }

    pub fn center(&self, c: MapCoord) -> Vec2 {
        self.layout.hex_to_world_pos(c.hex())
    }

    pub fn coord_at(&self, world: Vec2) -> MapCoord {
        MapCoord::from_hex(self.layout.world_pos_to_hex(world))
    }

    pub fn corners(&self, c: MapCoord) -> [Vec2; 6] {
        self.layout.hex_corners(c.hex())
    }

    /// The shared edge of two neighbouring hexes, if they are neighbours.
    pub fn edge(&self, a: MapCoord, b: MapCoord) -> Option<[Vec2; 2]> {
        if a.distance(b) != 1 {
            return None;
        }
        let ca = self.corners(a);
        let cb = self.corners(b);
        let shared: Vec<Vec2> = ca
            .iter()
            .copied()
            .filter(|p| cb.iter().any(|q| p.distance(*q) < self.size * 0.01))
            .collect();
        (shared.len() == 2).then(|| [shared[0], shared[1]])
    }
}

/// A simple drawn symbol for a terrain type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TerrainSymbol {
    #[default]
    None,
    /// Tree crowns: jungle, woods.
    Trees,
    /// Short strokes: grass, brush.
    Grass,
    /// Flooded field lines: rice paddy, swamp.
    Paddy,
    /// Small huts: village, hamlet.
    Huts,
    /// A contour: hill.
    Contour,
    /// Waves: river, lake.
    Water,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TerrainStyle {
    pub name: String,
    pub color: Color,
    pub symbol: TerrainSymbol,
}

/// What can lie along a hexside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HexsideKind {
    Slope,
    Stream,
    Cliff,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PathKind {
    Road,
    Trail,
}

/// Everything a map needs to be drawn.
#[derive(Clone, Debug, Default)]
pub struct HexMapSpec {
    pub hex_size: f32,
    /// Each hex with its terrain id.
    pub hexes: Vec<(MapCoord, String)>,
    pub terrain: BTreeMap<String, TerrainStyle>,
    pub hexsides: Vec<(MapCoord, MapCoord, HexsideKind)>,
    /// Roads and trails, from hex centre to hex centre.
    pub paths: Vec<(PathKind, Vec<MapCoord>)>,
}

/// The usual colours and symbols; a game adds or overrides its own.
pub fn default_terrain() -> BTreeMap<String, TerrainStyle> {
    use palette::terrain as c;
    let t = |name: &str, color: palette::Rgba, symbol| {
        (
            name.to_lowercase(),
            TerrainStyle {
                name: name.into(),
                color: color.color(),
                symbol,
            },
        )
    };
    [
        t("Clear", c::OPEN, TerrainSymbol::None),
        t("Jungle", c::JUNGLE, TerrainSymbol::Trees),
        t("Woods", c::WOODS, TerrainSymbol::Trees),
        t("Brush", c::BRUSH, TerrainSymbol::Grass),
        t("Grass", c::GRASS, TerrainSymbol::Grass),
        t("Paddy", c::PADDY, TerrainSymbol::Paddy),
        t("Swamp", c::SWAMP, TerrainSymbol::Paddy),
        t("Village", c::HAMLET, TerrainSymbol::Huts),
        t("Hill", c::HILL, TerrainSymbol::Contour),
        t("Water", c::WATER, TerrainSymbol::Water),
    ]
    .into_iter()
    .collect()
}

/// The map on screen: hover label and clicks work against it.
#[derive(Resource, Clone, Debug, Default)]
pub struct ActiveMap {
    pub geometry: Option<MapGeometry>,
    pub terrain_of: BTreeMap<MapCoord, String>,
    /// The hex under the pointer, if it is on the map.
    pub hovered: Option<MapCoord>,
}

/// A click on a hex of the map.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexClicked(pub MapCoord);

/// Marks the root entity of a drawn map.
#[derive(Component)]
pub struct HexMapRoot;

/// Small pseudo-random offsets, the same for the same hex every time.
fn jitter(c: MapCoord, k: u32) -> Vec2 {
    let mut x = (c.col as u32).wrapping_mul(73_856_093)
        ^ (c.row as u32).wrapping_mul(19_349_663)
        ^ k.wrapping_mul(83_492_791);
    x ^= x >> 13;
    x = x.wrapping_mul(0x5bd1_e995);
    x ^= x >> 15;
    Vec2::new(
        (x & 0xff) as f32 / 255.0 - 0.5,
        ((x >> 8) & 0xff) as f32 / 255.0 - 0.5,
    )
}

fn darker(c: Color, f: f32) -> Color {
    let s = c.to_srgba();
    Color::srgba(s.red * f, s.green * f, s.blue * f, s.alpha)
}

fn symbol(b: &mut ShapeBuilder, style: &TerrainStyle, c: MapCoord, center: Vec2, size: f32) {
    let ink = darker(style.color, 0.65);
    match style.symbol {
        TerrainSymbol::None => {}
        TerrainSymbol::Trees => {
            for k in 0..5 {
                let p = center + jitter(c, k) * size * 1.1;
                b.circle(p, size * 0.13, ink, 10);
            }
        }
        TerrainSymbol::Grass => {
            for k in 0..4 {
                let p = center + jitter(c, k) * size;
                b.line(
                    p,
                    p + Vec2::new(-size * 0.06, size * 0.14),
                    size * 0.03,
                    ink,
                );
                b.line(p, p + Vec2::new(size * 0.06, size * 0.14), size * 0.03, ink);
            }
        }
        TerrainSymbol::Paddy => {
            for k in -1..=1 {
                let y = center.y + k as f32 * size * 0.25;
                b.line(
                    Vec2::new(center.x - size * 0.45, y),
                    Vec2::new(center.x + size * 0.45, y),
                    size * 0.03,
                    ink,
                );
            }
        }
        TerrainSymbol::Huts => {
            for k in 0..3 {
                let p = center + jitter(c, k) * size * 0.9;
                b.rect(p, Vec2::splat(size * 0.16), ink);
            }
        }
        TerrainSymbol::Contour => {
            b.ellipse_ring(center, size * 0.55, size * 0.35, size * 0.04, ink);
            b.ellipse_ring(center, size * 0.28, size * 0.16, size * 0.04, ink);
        }
        TerrainSymbol::Water => {
            for k in -1..=1 {
                let y = center.y + k as f32 * size * 0.22;
                let pts: Vec<Vec2> = (0..7)
                    .map(|i| {
                        let x = center.x - size * 0.45 + i as f32 * size * 0.15;
                        Vec2::new(x, y + if i % 2 == 0 { 0.0 } else { size * 0.06 })
                    })
                    .collect();
                b.polyline(&pts, size * 0.03, palette::terrain::RIPPLE);
            }
        }
    }
}

pub const SLOPE_COLOR: palette::Rgba = palette::terrain::SLOPE;
pub const STREAM_COLOR: palette::Rgba = palette::terrain::STREAM;
pub const CLIFF_COLOR: palette::Rgba = palette::terrain::CLIFF;
pub const ROAD_COLOR: palette::Rgba = palette::terrain::ROAD;
pub const TRAIL_COLOR: palette::Rgba = palette::terrain::TRAIL;

/// The meshes of a map, layer by layer (terrain, grid, hexsides, paths).
pub fn map_layers(spec: &HexMapSpec) -> [ShapeBuilder; 4] {
    let g = MapGeometry::new(spec.hex_size);
    let s = spec.hex_size;
    let mut terrain = ShapeBuilder::new();
    let mut grid = ShapeBuilder::new();
    let fallback = TerrainStyle {
        name: "Unknown".into(),
        color: palette::terrain::UNKNOWN.color(),
        symbol: TerrainSymbol::None,
    };
    for (c, t) in &spec.hexes {
        let style = spec.terrain.get(&t.to_lowercase()).unwrap_or(&fallback);
        let corners = g.corners(*c);
        terrain.polygon(&corners, style.color);
        symbol(&mut terrain, style, *c, g.center(*c), s);
        grid.ring(&corners, s * 0.025, palette::terrain::GRID);
    }
    let mut sides = ShapeBuilder::new();
    for (a, b, kind) in &spec.hexsides {
        let Some([p, q]) = g.edge(*a, *b) else {
            continue;
        };
        match kind {
            HexsideKind::Stream => {
                sides.polyline(&[p, q], s * 0.1, STREAM_COLOR);
            }
            HexsideKind::Cliff => {
                sides.line(p, q, s * 0.12, CLIFF_COLOR);
            }
            HexsideKind::Slope => {
                // A line with ticks pointing down into the lower hex (`b`).
                sides.line(p, q, s * 0.06, SLOPE_COLOR);
                let down = (g.center(*b) - (p + q) / 2.0).normalize_or_zero();
                for i in 1..5 {
                    let m = p.lerp(q, i as f32 / 5.0);
                    sides.line(m, m + down * s * 0.14, s * 0.04, SLOPE_COLOR);
                }
            }
        }
    }
    let mut paths = ShapeBuilder::new();
    for (kind, hexes) in &spec.paths {
        let pts: Vec<Vec2> = hexes.iter().map(|c| g.center(*c)).collect();
        match kind {
            PathKind::Road => {
                paths.polyline(&pts, s * 0.12, ROAD_COLOR);
            }
            PathKind::Trail => {
                for w in pts.windows(2) {
                    paths.dashed(w[0], w[1], s * 0.06, s * 0.16, s * 0.1, TRAIL_COLOR);
                }
            }
        }
    }
    [terrain, grid, sides, paths]
}

/// The map's extent in world units.
pub fn map_bounds(spec: &HexMapSpec) -> Option<Rect> {
    let g = MapGeometry::new(spec.hex_size);
    let mut it = spec.hexes.iter().flat_map(|(c, _)| g.corners(*c));
    let first = it.next()?;
    Some(it.fold(Rect::from_corners(first, first), |r, p| r.union_point(p)))
}

/// Draws a map under a new root entity (at z 0 to 0.3) and makes it the
/// active map for hover and clicks. The map goes with the playing screen.
pub fn spawn_hex_map(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    spec: &HexMapSpec,
) -> Entity {
    let root = commands
        .spawn((
            HexMapRoot,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(crate::screen::Screen::Playing),
        ))
        .id();
    for (i, layer) in map_layers(spec).iter().enumerate() {
        if layer.is_empty() {
            continue;
        }
        let e = spawn_shape(
            commands,
            meshes,
            materials,
            layer,
            Vec3::new(0.0, 0.0, i as f32 * 0.1),
        );
        commands.entity(root).add_child(e);
    }
    commands.insert_resource(ActiveMap {
        geometry: Some(MapGeometry::new(spec.hex_size)),
        terrain_of: spec.hexes.iter().cloned().collect(),
        hovered: None,
    });
    commands.insert_resource(BoardBounds(map_bounds(spec)));
    root
}

/// Tracks the hovered hex and turns board clicks into hex clicks.
pub fn hex_pointer(
    pointer: Res<BoardPointer>,
    mut map: ResMut<ActiveMap>,
    mut clicks: MessageReader<BoardClick>,
    mut hex_clicks: MessageWriter<HexClicked>,
) {
    let Some(g) = map.geometry.clone() else {
        clicks.clear();
        return;
    };
    let hovered = pointer
        .world
        .map(|w| g.coord_at(w))
        .filter(|c| map.terrain_of.contains_key(c));
    if map.hovered != hovered {
        map.hovered = hovered;
    }
    for click in clicks.read() {
        let c = g.coord_at(click.world);
        if map.terrain_of.contains_key(&c) {
            hex_clicks.write(HexClicked(c));
        }
    }
}

/// Shows "col.row terrain" in the board's info box when no unit's tooltip
/// does ([`crate::board::info_box_ui`]).
pub fn hex_label_ui(
    mut contexts: bevy_egui::EguiContexts,
    map: Res<ActiveMap>,
    pointer: Res<BoardPointer>,
    rect: Res<crate::board::BoardRect>,
    insets: Res<crate::camera::BoardInsets>,
) -> Result {
    let Some(c) = map.hovered else {
        return Ok(());
    };
    if pointer.hovered.is_some() {
        return Ok(());
    }
    let terrain = map.terrain_of.get(&c).cloned().unwrap_or_default();
    let ctx = contexts.ctx_mut()?;
    let free = crate::camera::free_board_rect(rect.0, &insets);
    // The same box as the counters' (one id): it does not jump between two
    // places as the pointer goes from a counter to the hex beside it.
    crate::board::info_box_ui(ctx, "vt-board-tooltip", free, pointer.window, |ui| {
        let lines: Vec<String> = (!terrain.is_empty())
            .then_some(terrain)
            .into_iter()
            .collect();
        crate::board::tooltip_body(ui, &c.to_string(), &lines);
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_as_printed() {
        let c = MapCoord::new(12, 5);
        assert_eq!(c.to_string(), "12.05");
        assert_eq!(MapCoord::parse("12.05"), Some(c));
        assert_eq!(MapCoord::parse("1205"), Some(c));
        assert_eq!(MapCoord::parse("12-05"), None);
        assert_eq!(MapCoord::from_hex(c.hex()), c);
    }

    #[test]
    fn even_columns_sit_half_a_hex_lower() {
        let g = MapGeometry::new(10.0);
        let odd = g.center(MapCoord::new(1, 1));
        let even = g.center(MapCoord::new(2, 1));
        let h = 10.0 * 3f32.sqrt();
        // Rows go down the screen (y falls), even columns are shoved down.
        assert!((g.center(MapCoord::new(1, 2)).y - (odd.y - h)).abs() < 1e-3);
        assert!((even.y - (odd.y - h / 2.0)).abs() < 1e-3);
        assert!((even.x - odd.x - 15.0).abs() < 1e-3);
        // Column 2 row 1 touches column 1 rows 1 and 2.
        let n = MapCoord::new(2, 1).neighbors();
        assert!(n.contains(&MapCoord::new(1, 1)));
        assert!(n.contains(&MapCoord::new(1, 2)));
        assert!(!n.contains(&MapCoord::new(1, 0)));
    }

    #[test]
    fn pointer_positions_find_their_hex() {
        let g = MapGeometry::new(20.0);
        for col in 1..8 {
            for row in 1..8 {
                let c = MapCoord::new(col, row);
                let p = g.center(c);
                assert_eq!(g.coord_at(p), c);
                assert_eq!(g.coord_at(p + Vec2::new(8.0, -8.0)), c);
            }
        }
    }

    #[test]
    fn neighbours_share_an_edge_and_others_do_not() {
        let g = MapGeometry::new(20.0);
        let a = MapCoord::new(3, 3);
        for n in a.neighbors() {
            let [p, q] = g.edge(a, n).expect("neighbours share an edge");
            assert!((p.distance(q) - 20.0).abs() < 1e-3);
        }
        assert!(g.edge(a, MapCoord::new(5, 3)).is_none());
        assert_eq!(a.line_to(MapCoord::new(3, 6)).len(), 4);
    }

    #[test]
    fn every_feature_is_drawn() {
        let spec = HexMapSpec {
            hex_size: 10.0,
            hexes: vec![
                (MapCoord::new(1, 1), "Jungle".into()),
                (MapCoord::new(1, 2), "clear".into()),
                (MapCoord::new(2, 1), "Swamp".into()),
            ],
            terrain: default_terrain(),
            hexsides: vec![(MapCoord::new(1, 1), MapCoord::new(1, 2), HexsideKind::Slope)],
            paths: vec![(
                PathKind::Trail,
                vec![MapCoord::new(1, 1), MapCoord::new(2, 1)],
            )],
        };
        let [terrain, grid, sides, paths] = map_layers(&spec);
        // Three hexes of 4 triangles each, plus five tree crowns.
        assert!(terrain.indices.len() >= 3 * 4 * 3);
        assert_eq!(grid.indices.len(), 3 * 6 * 6);
        assert!(!sides.is_empty());
        assert!(!paths.is_empty());
        let b = map_bounds(&spec).unwrap();
        assert!(b.width() > 30.0 && b.height() > 30.0);
    }
}
