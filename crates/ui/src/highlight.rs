//! Highlights on a hex map: legal targets, movement range, line of sight,
//! the selected unit. Spawned as one mesh per set under a [`Highlight`]
//! entity; despawn them with [`clear_highlights`] when the selection changes.

use crate::hexmap::{MapCoord, MapGeometry};
use crate::palette;
use crate::shapes::{ShapeBuilder, spawn_shape};
use bevy::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HighlightKind {
    /// Hexes a command can target: a bright ring.
    LegalTarget,
    /// Hexes a unit can reach: a soft fill.
    MovementRange,
    /// The selected unit's hex: a thick ring.
    Selected,
}

impl HighlightKind {
    pub fn color(self) -> Color {
        match self {
            HighlightKind::LegalTarget => palette::board::LEGAL.color(),
            HighlightKind::MovementRange => palette::board::REACH_FILL.alpha(90).color(),
            HighlightKind::Selected => palette::board::SELECTED_HEX.color(),
        }
    }
}

/// Marks highlight entities.
#[derive(Component)]
pub struct Highlight;

pub const LOS_CLEAR: palette::Rgba = palette::board::LOS_CLEAR;
pub const LOS_BLOCKED: palette::Rgba = palette::board::LOS_BLOCKED;

pub fn highlight_shape(g: &MapGeometry, hexes: &[MapCoord], kind: HighlightKind) -> ShapeBuilder {
    let mut b = ShapeBuilder::new();
    for c in hexes {
        let corners = g.corners(*c);
        match kind {
            HighlightKind::MovementRange => {
                b.polygon(&corners, kind.color());
            }
            HighlightKind::LegalTarget => {
                b.ring(&corners, g.size * 0.12, kind.color());
            }
            HighlightKind::Selected => {
                b.ring(&corners, g.size * 0.18, kind.color());
            }
        }
    }
    b
}

/// The line from `from` to `to`, green up to where it is blocked (if it is)
/// and red after, with a dot on each hex it crosses.
pub fn line_of_sight_shape(
    g: &MapGeometry,
    from: MapCoord,
    to: MapCoord,
    blocked_at: Option<MapCoord>,
) -> ShapeBuilder {
    let mut b = ShapeBuilder::new();
    let a = g.center(from);
    let z = g.center(to);
    let hexes = from.line_to(to);
    let cut = blocked_at.and_then(|h| hexes.iter().position(|c| *c == h));
    match cut {
        Some(i) => {
            let m = g.center(hexes[i]);
            b.line(a, m, g.size * 0.08, LOS_CLEAR);
            b.line(m, z, g.size * 0.08, LOS_BLOCKED);
            b.circle(m, g.size * 0.22, LOS_BLOCKED, 16);
        }
        None => {
            b.line(a, z, g.size * 0.08, LOS_CLEAR);
        }
    }
    for (i, c) in hexes.iter().enumerate() {
        let color = if cut.is_some_and(|k| i > k) {
            LOS_BLOCKED
        } else {
            LOS_CLEAR
        };
        b.circle(g.center(*c), g.size * 0.08, color, 10);
    }
    b
}

/// Spawns highlights above the map and counters (z 5).
pub fn spawn_highlights(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    g: &MapGeometry,
    hexes: &[MapCoord],
    kind: HighlightKind,
) -> Entity {
    let z = match kind {
        HighlightKind::MovementRange => 0.5,
        _ => 5.0,
    };
    let shape = highlight_shape(g, hexes, kind);
    let e = spawn_shape(commands, meshes, materials, &shape, Vec3::new(0.0, 0.0, z));
    commands.entity(e).insert(Highlight);
    e
}

pub fn spawn_line_of_sight(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    g: &MapGeometry,
    from: MapCoord,
    to: MapCoord,
    blocked_at: Option<MapCoord>,
) -> Entity {
    let shape = line_of_sight_shape(g, from, to, blocked_at);
    let e = spawn_shape(
        commands,
        meshes,
        materials,
        &shape,
        Vec3::new(0.0, 0.0, 6.0),
    );
    commands.entity(e).insert(Highlight);
    e
}

pub fn clear_highlights(commands: &mut Commands, q: &Query<Entity, With<Highlight>>) {
    for e in q.iter() {
        commands.entity(e).despawn();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocked_line_turns_red_after_the_block() {
        let g = MapGeometry::new(10.0);
        let from = MapCoord::new(1, 1);
        let to = MapCoord::new(1, 5);
        let clear = line_of_sight_shape(&g, from, to, None);
        let red = crate::shapes::ShapeBuilder::new();
        let blocked = line_of_sight_shape(&g, from, to, Some(MapCoord::new(1, 3)));
        let red_rgba = LOS_BLOCKED.color().to_linear().to_f32_array();
        assert!(!clear.colors.contains(&red_rgba));
        assert!(blocked.colors.contains(&red_rgba));
        assert!(red.is_empty());
        let fill = highlight_shape(&g, &[from, to], HighlightKind::MovementRange);
        assert_eq!(fill.indices.len(), 2 * 4 * 3);
    }
}
