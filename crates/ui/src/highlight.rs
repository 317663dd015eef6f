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

/// What a line of sight tool shows: the line from the first hex of
/// `trace` to the last, each hex it crosses ringed, green up to where it is
/// blocked and red from there (red all along when `blocked` by something
/// with no place, say a count of hexes); the blocking hex ringed thick, or
/// the blocking hexside (`blocked_edge`, its two corners) drawn thick.
pub fn line_of_sight_shape(
    g: &MapGeometry,
    trace: &[MapCoord],
    blocked: bool,
    blocked_at: Option<MapCoord>,
    blocked_edge: Option<[Vec2; 2]>,
) -> ShapeBuilder {
    let mut b = ShapeBuilder::new();
    let (Some(from), Some(to)) = (trace.first(), trace.last()) else {
        return b;
    };
    let (a, z) = (g.center(*from), g.center(*to));
    let cut = blocked_at.and_then(|h| trace.iter().position(|x| *x == h));
    for (i, h) in trace.iter().enumerate() {
        let c = if cut.is_some_and(|k| i >= k) {
            LOS_BLOCKED
        } else {
            LOS_CLEAR
        };
        b.ring(&g.corners(*h), g.size * 0.05, c.alpha(153));
    }
    let blocked = blocked || blocked_at.is_some() || blocked_edge.is_some();
    let line = if blocked { LOS_BLOCKED } else { LOS_CLEAR };
    b.line(a, z, g.size * 0.07, line);
    b.circle(a, g.size * 0.12, LOS_CLEAR, 14);
    b.circle(z, g.size * 0.12, line, 14);
    if let Some(h) = blocked_at {
        b.ring(&g.corners(h), g.size * 0.12, LOS_BLOCKED);
    }
    if let Some([x, y]) = blocked_edge {
        b.line(x, y, g.size * 0.16, LOS_BLOCKED);
    }
    b
}

/// Rings just inside each hex's edge, `width` (a fraction of the hex
/// size) wide, in one colour: targets, sight, areas, a path.
pub fn hex_rings(
    g: &MapGeometry,
    hexes: &[MapCoord],
    width: f32,
    color: palette::Rgba,
) -> ShapeBuilder {
    let mut b = ShapeBuilder::new();
    for h in hexes {
        let c = g.center(*h);
        let inner: Vec<Vec2> = g.corners(*h).iter().map(|p| c + (*p - c) * 0.93).collect();
        b.ring(&inner, g.size * width, color);
    }
    b
}

/// The computer's suggestion on a hex map: the hexes of the units it
/// would use and those it would go to, act in or aim at, ringed (drawn
/// over the counters), and the latter shaded where none of its units
/// stands (drawn under the counters, whose faces stay readable). Returns
/// (rings, shading).
pub fn suggestion_shapes(
    g: &MapGeometry,
    units: &[MapCoord],
    targets: &[MapCoord],
) -> (ShapeBuilder, ShapeBuilder) {
    let colour = palette::board::SUGGESTED;
    let mut rings = ShapeBuilder::new();
    let mut fill = ShapeBuilder::new();
    for h in units {
        rings.ring(&g.corners(*h), g.size * 0.12, colour);
    }
    for h in targets {
        let corners = g.corners(*h);
        if !units.contains(h) {
            fill.polygon(&corners, colour.alpha(110));
        }
        rings.ring(&corners, g.size * 0.12, colour);
    }
    (rings, fill)
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
    commands
        .entity(e)
        .insert((Highlight, DespawnOnExit(crate::screen::Screen::Playing)));
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
    let shape = line_of_sight_shape(g, &from.line_to(to), false, blocked_at, None);
    let e = spawn_shape(
        commands,
        meshes,
        materials,
        &shape,
        Vec3::new(0.0, 0.0, 6.0),
    );
    commands
        .entity(e)
        .insert((Highlight, DespawnOnExit(crate::screen::Screen::Playing)));
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
        let trace = from.line_to(to);
        let clear = line_of_sight_shape(&g, &trace, false, None, None);
        let red = crate::shapes::ShapeBuilder::new();
        let blocked = line_of_sight_shape(&g, &trace, false, Some(MapCoord::new(1, 3)), None);
        let red_rgba = LOS_BLOCKED.color().to_linear().to_f32_array();
        assert!(!clear.colors.contains(&red_rgba));
        assert!(blocked.colors.contains(&red_rgba));
        assert!(red.is_empty());
        let fill = highlight_shape(&g, &[from, to], HighlightKind::MovementRange);
        assert_eq!(fill.indices.len(), 2 * 4 * 3);
    }

    // A suggestion's units ringed, where it goes ringed and shaded, but no
    // shade over its own units' hexes (their counters stay readable).
    #[test]
    fn a_suggestion_shades_only_where_its_units_are_not() {
        let g = MapGeometry::new(10.0);
        let (a, b) = (MapCoord::new(1, 1), MapCoord::new(3, 2));
        let (rings, fill) = suggestion_shapes(&g, &[a], &[a, b]);
        let mut one = ShapeBuilder::new();
        one.ring(&g.corners(a), 1.2, palette::board::SUGGESTED);
        assert_eq!(rings.indices.len(), 3 * one.indices.len());
        assert_eq!(
            fill.indices.len(),
            4 * 3,
            "one hex shaded, as a fan of four"
        );
        let (_, none) = suggestion_shapes(&g, &[a], &[a]);
        assert!(none.is_empty());
        // Appended, the rings keep their own vertices.
        let mut all = fill.clone();
        all.append(&rings);
        assert_eq!(all.indices.len(), fill.indices.len() + rings.indices.len());
        assert!(
            all.indices
                .iter()
                .all(|i| (*i as usize) < all.positions.len())
        );
    }
}
