//! The main menu's backdrop: a small hex map with a trail, a stream, a
//! slope and two counters, drawn with the same helpers the games use. Its
//! entities belong to the menu and go when it ends.

use bevy::prelude::*;
use vt_ui::Screen;
use vt_ui::board::{BoardCamera, Tooltip};
use vt_ui::counter::{CounterSpec, StatusMarker, TagPlace, UnitSymbol, spawn_counter};
use vt_ui::draw::BoardDraw;
use vt_ui::hexmap::{
    HexMapSpec, HexsideKind, MapCoord, MapGeometry, PathKind, default_terrain, map_layers,
};
use vt_ui::palette;

/// Marks the backdrop's root.
#[derive(Component)]
pub struct Backdrop;

pub const HEX: f32 = 48.0;

pub fn backdrop_spec() -> HexMapSpec {
    let terrain = [
        "jungle", "jungle", "paddy", "clear", "jungle", "brush", "village", "paddy", "hill",
        "jungle", "swamp",
    ];
    let mut hexes = Vec::new();
    for col in 1..=13 {
        for row in 1..=8 {
            let k = ((col * 7 + row * 13 + col * row) % terrain.len() as i32) as usize;
            hexes.push((MapCoord::new(col, row), terrain[k].to_string()));
        }
    }
    HexMapSpec {
        hex_size: HEX,
        hexes,
        terrain: default_terrain(),
        // A stream zigzags down between columns 2 and 3; a slope faces
        // south-east off the hill at 09.02.
        hexsides: vec![
            (
                MapCoord::new(2, 1),
                MapCoord::new(3, 2),
                HexsideKind::Stream,
            ),
            (
                MapCoord::new(2, 2),
                MapCoord::new(3, 2),
                HexsideKind::Stream,
            ),
            (
                MapCoord::new(2, 2),
                MapCoord::new(3, 3),
                HexsideKind::Stream,
            ),
            (
                MapCoord::new(2, 3),
                MapCoord::new(3, 3),
                HexsideKind::Stream,
            ),
            (
                MapCoord::new(2, 3),
                MapCoord::new(3, 4),
                HexsideKind::Stream,
            ),
            (
                MapCoord::new(2, 4),
                MapCoord::new(3, 4),
                HexsideKind::Stream,
            ),
            (MapCoord::new(9, 2), MapCoord::new(9, 3), HexsideKind::Slope),
            (
                MapCoord::new(9, 2),
                MapCoord::new(10, 2),
                HexsideKind::Slope,
            ),
        ],
        paths: vec![
            (
                PathKind::Trail,
                vec![
                    MapCoord::new(1, 6),
                    MapCoord::new(2, 5),
                    MapCoord::new(3, 5),
                    MapCoord::new(4, 4),
                    MapCoord::new(5, 4),
                    MapCoord::new(6, 3),
                    MapCoord::new(7, 3),
                    MapCoord::new(8, 2),
                ],
            ),
            (
                PathKind::Road,
                vec![
                    MapCoord::new(7, 8),
                    MapCoord::new(7, 7),
                    MapCoord::new(8, 6),
                    MapCoord::new(9, 6),
                    MapCoord::new(10, 5),
                    MapCoord::new(11, 5),
                    MapCoord::new(12, 4),
                    MapCoord::new(13, 4),
                ],
            ),
        ],
    }
}

pub fn spawn_backdrop(mut draw: BoardDraw, mut camera: Query<&mut Transform, With<BoardCamera>>) {
    let Some(mut p) = draw.painter() else { return };
    let spec = backdrop_spec();
    let g = MapGeometry::new(HEX);
    let root = p
        .commands
        .spawn((
            Backdrop,
            DespawnOnExit(Screen::Menu),
            Transform::default(),
            Visibility::default(),
        ))
        .id();
    for (i, layer) in map_layers(&spec).iter().enumerate() {
        p.child_shape(root, layer, Vec3::new(0.0, 0.0, i as f32 * 0.1));
    }
    let us = CounterSpec {
        size: HEX * 0.9,
        side_color: palette::army::US.color(),
        symbol: UnitSymbol::Infantry,
        echelon: "•••".into(),
        name: "1/B".into(),
        numbers: "5-4-6".into(),
        markers: vec![StatusMarker::new(
            "Fired",
            palette::status::SUPPRESSED.color(),
        )],
        tags: TagPlace::RightEdge,
        spent: false,
    };
    let vc = CounterSpec {
        size: HEX * 0.9,
        side_color: palette::army::VC.scale(0.4).color(),
        symbol: UnitSymbol::Infantry,
        echelon: "••".into(),
        name: "C2".into(),
        numbers: "3-3-5".into(),
        markers: vec![StatusMarker::new("Pinned", palette::status::PINNED.color())],
        tags: TagPlace::RightEdge,
        spent: false,
    };
    let heli = CounterSpec {
        size: HEX * 0.9,
        side_color: palette::army::US.color(),
        symbol: UnitSymbol::Helicopter,
        name: "UH-1".into(),
        numbers: "2-8".into(),
        ..Default::default()
    };
    for (spec, at) in [
        (us, MapCoord::new(3, 5)),
        (vc, MapCoord::new(10, 3)),
        (heli, MapCoord::new(7, 6)),
    ] {
        let tip = Tooltip::new(spec.name.clone(), HEX * 0.45);
        let c = spawn_counter(&mut p, &spec, g.center(at).extend(1.0), tip);
        // The menu's, not a game's: it goes when the menu does.
        p.commands.entity(c).insert(DespawnOnExit(Screen::Menu));
        p.commands.entity(root).add_child(c);
    }
    // Centre the camera on the map.
    let centre = (g.center(MapCoord::new(1, 1)) + g.center(MapCoord::new(13, 8))) / 2.0;
    for mut t in camera.iter_mut() {
        t.translation = centre.extend(t.translation.z);
        t.scale = Vec3::ONE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hexside_lies_between_neighbours_on_the_map() {
        let spec = backdrop_spec();
        let g = MapGeometry::new(HEX);
        let on_map = |c: &MapCoord| spec.hexes.iter().any(|(h, _)| h == c);
        for (a, b, _) in &spec.hexsides {
            assert!(on_map(a) && on_map(b), "{a} {b}");
            assert!(g.edge(*a, *b).is_some(), "{a} and {b} share no edge");
        }
        for (_, path) in &spec.paths {
            for w in path.windows(2) {
                assert_eq!(w[0].distance(w[1]), 1, "{} to {} skips a hex", w[0], w[1]);
            }
        }
    }
}
