//! A stand on its base: the base at true size in the side's colour with
//! its front edge marked, the unit symbol upright on it, its label and its
//! markers beside it.

use super::mesh::{outline, v2};
use super::{TableMarker, TableStand};
use crate::board::Tooltip;
use crate::counter::{CounterSpec, counter_shape};
use crate::draw::Painter;
use crate::palette::{self, Rgba};
use crate::shapes::ShapeBuilder;
use bevy::prelude::*;
use vt_core::tabletop::{Base, Point};

/// Text on the table is laid out at this size and scaled down, so that it
/// stays sharp at one world unit per inch.
const TEXT_PX: f32 = 32.0;

/// Text `height` world units tall, centred at `at`, as a child of `parent`.
pub fn small_text(
    p: &mut Painter,
    parent: Option<Entity>,
    t: &str,
    at: Vec3,
    height: f32,
    colour: Rgba,
) -> Entity {
    let e = p
        .commands
        .spawn((
            crate::board_text::BoardText::new(t, TEXT_PX, colour.color()),
            Transform::from_translation(at).with_scale(Vec3::splat(height / TEXT_PX)),
        ))
        .id();
    match parent {
        Some(parent) => {
            p.commands.entity(parent).add_child(e);
        }
        None => {
            p.commands
                .entity(e)
                .insert(DespawnOnExit(crate::Screen::Playing));
        }
    }
    e
}

/// The outline of a base about its own centre.
pub fn base_outline(base: &Base) -> Vec<Vec2> {
    let b = base.at(Point::default());
    match b.corners() {
        Some(c) => c.iter().map(|p| v2(*p)).collect(),
        None => crate::shapes::circle_points(
            Vec2::ZERO,
            b.width() as f32 / 2.0,
            b.width() as f32 / 2.0,
            28,
        ),
    }
}

/// The base itself: fill, rim, front edge.
fn base_shape(s: &TableStand) -> ShapeBuilder {
    let mut b = ShapeBuilder::new();
    let body = if s.spent {
        s.colour.mix(palette::board::SPENT, 0.5)
    } else {
        s.colour
    };
    let poly = base_outline(&s.base);
    // A stand of the unit acting now (the platoon a card activated) wears
    // a band in the board's "can act" colour outside any marker's.
    if s.active {
        let band = super::mesh::ring_around(&s.base.at(Point::default()), 0.3);
        super::mesh::fill(&mut b, &band, palette::board::ACTIVE.color());
    }
    // A stand with a marker wears its colour round the base, so that a
    // pinned or suppressed stand reads at any zoom.
    if let Some(m) = s.markers.first() {
        let halo = super::mesh::ring_around(&s.base.at(Point::default()), 0.12);
        super::mesh::fill(&mut b, &halo, m.colour.color());
    }
    let shadow: Vec<Vec2> = poly.iter().map(|p| *p + Vec2::new(0.07, -0.07)).collect();
    super::mesh::fill(&mut b, &shadow, palette::board::SHADOW.color());
    super::mesh::fill(&mut b, &poly, body.color());
    // A dark rim so a stand stands out on any ground.
    outline(&mut b, &poly, 0.09, palette::INK.color());
    // The front: a light bar along the front edge (a point's notch on a
    // round base).
    let c = s.base.centre();
    let (l, r) = s.base.front_edge();
    let f = v2(s.base.facing());
    if l.distance(r) > 0.0 {
        let inset = f * 0.07;
        b.line(
            v2(l - c) - inset,
            v2(r - c) - inset,
            0.1,
            palette::PAPER.color(),
        );
    } else {
        let tip = v2(l - c);
        let side = f.perp() * 0.14;
        b.polygon(
            &[tip, tip - f * 0.22 + side, tip - f * 0.22 - side],
            palette::PAPER.color(),
        );
    }
    b
}

/// Spawns a stand at `home`; returns its root (carrying the tooltip).
pub fn spawn_stand(p: &mut Painter, s: &TableStand, home: Vec3) -> Entity {
    let mut tip = Tooltip::new(
        s.name.clone(),
        (s.base.width().max(s.base.depth()) / 2.0) as f32,
    );
    for l in &s.info {
        tip = tip.line(l.clone());
    }
    let root = p.root(tip, Transform::from_translation(home));
    p.child_shape(root, &base_shape(s), Vec3::ZERO);
    let size = (s.base.width().min(s.base.depth()) as f32 * 0.62).max(0.3);
    // What a player reads on the stand (its symbol, label and markers)
    // grows when the table is zoomed out far enough to make it unreadable
    // (a 1.5" base on a 72" table fitted to the window is a dozen pixels);
    // the base itself stays at true size, for where it is and what it
    // touches.
    let group = legible_group(
        p,
        root,
        Legible {
            size,
            min_px: LEGIBLE_PX,
            max: LEGIBLE_MAX,
        },
    );
    let root_stand = root;
    let root = group;
    if s.active {
        // The frame grows with the plate, so the acting platoon stands out
        // at the whole-table zoom too, where the band round the base is a
        // pixel or two.
        let mut f = ShapeBuilder::new();
        let side = size * 1.22;
        f.rect(
            Vec2::ZERO,
            Vec2::splat(side),
            palette::board::ACTIVE.color(),
        );
        p.child_shape(root, &f, Vec3::new(0.0, 0.0, 0.015));
    }
    let plate = counter_shape(&CounterSpec {
        size,
        side_color: s.colour.scale(1.25).color(),
        symbol: s.symbol,
        spent: s.spent,
        ..Default::default()
    });
    p.child_shape(root, &plate, Vec3::new(0.0, 0.0, 0.02));
    if !s.label.is_empty() {
        small_text(
            p,
            Some(root),
            &s.label,
            Vec3::new(0.0, -size * 0.3, 0.03),
            size * 0.32,
            palette::PAPER,
        );
    }
    // Markers to the right, stacked down from the top.
    let half = Vec2::new(
        s.base.width().max(s.base.depth()) as f32 / 2.0,
        s.base.depth().max(s.base.width()) as f32 / 2.0,
    );
    for (i, m) in s.markers.iter().enumerate() {
        let chip = Vec2::new(1.3, 0.46);
        let at = Vec3::new(
            half.x + chip.x / 2.0 + 0.1,
            half.y - chip.y / 2.0 - i as f32 * (chip.y + 0.06),
            0.04,
        );
        let mut b = ShapeBuilder::new();
        b.rect(Vec2::ZERO, chip, m.colour.color());
        b.rect_outline(Vec2::ZERO, chip, 0.03, palette::INK.color());
        p.child_shape(root, &b, at);
        small_text(
            p,
            Some(root),
            &m.text,
            at + Vec3::new(0.0, 0.0, 0.01),
            0.34,
            m.colour.ink(),
        );
    }
    root_stand
}

/// On-screen size, in pixels, below which a stand's symbol plate (and with
/// it its label and markers) is drawn larger than true.
pub const LEGIBLE_PX: f32 = 26.0;
/// At most this many times true size, so that neighbours stay apart:
/// stands in a Crossfire group stand 2" apart, and a 1.5" base's plate
/// (0.93") at 2.5 times touched its neighbour's on screen.
pub const LEGIBLE_MAX: f32 = 2.0;

/// Drawn at least `min_px` pixels across: `size` world units at true
/// scale, scaled up about its parent's centre when zoomed out.
#[derive(Component, Clone, Copy, Debug)]
pub struct Legible {
    pub size: f32,
    pub min_px: f32,
    /// At most this many times true size.
    pub max: f32,
}

impl Legible {
    /// The scale for `world_per_px` world units per pixel.
    pub fn scale(&self, world_per_px: f32) -> f32 {
        let px = self.size / world_per_px.max(f32::EPSILON);
        (self.min_px / px).clamp(1.0, self.max.max(1.0))
    }
}

/// Keeps what must be read on the table legible at the camera's zoom.
pub fn keep_legible(
    cams: Query<&Transform, (With<crate::board::BoardCamera>, Without<Legible>)>,
    mut items: Query<(&Legible, &mut Transform)>,
) {
    let Some(wpp) = cams.iter().next().map(|t| t.scale.x) else {
        return;
    };
    for (l, mut t) in &mut items {
        let f = l.scale(wpp);
        if (t.scale.x - f).abs() > 1e-3 {
            t.scale = Vec3::new(f, f, 1.0);
        }
    }
}

/// A marker chip's height at true size, in inches, and the least it is
/// drawn on screen: the word on it is about six tenths of that.
pub const MARKER_H: f32 = 0.5;
pub const MARKER_PX: f32 = 17.0;
/// Markers lie apart on the table (cards, counters, zone corners), so they
/// may grow further than stands before they crowd each other.
pub const MARKER_MAX: f32 = 5.0;

/// The chip's width for its word: room for the letters, never narrower
/// than it is tall.
pub fn marker_width(text: &str) -> f32 {
    (0.3 + 0.25 * text.chars().count() as f32).max(MARKER_H)
}

/// A child of `root` that holds what must stay readable however far the
/// table is zoomed out (it grows as [`Legible`] says; `root` keeps true size).
fn legible_group(p: &mut Painter, root: Entity, legible: Legible) -> Entity {
    let group = p
        .commands
        .spawn((Transform::default(), Visibility::default(), legible))
        .id();
    p.commands.entity(root).add_child(group);
    group
}

/// Spawns a marker chip at `home`: a tab in its colour with its word,
/// drawn at least [`MARKER_PX`] tall however far the table is zoomed out
/// (a 0.9" disc with 0.22" letters was eight pixels with unreadable text
/// with the whole table in view).
pub fn spawn_marker(p: &mut Painter, m: &TableMarker, home: Vec3) -> Entity {
    let w = marker_width(&m.text);
    let mut tip = Tooltip::new(m.name.clone(), w / 2.0);
    for l in &m.info {
        tip = tip.line(l.clone());
    }
    let root = p.root(tip, Transform::from_translation(home));
    let group = legible_group(
        p,
        root,
        Legible {
            size: MARKER_H,
            min_px: MARKER_PX,
            max: MARKER_MAX,
        },
    );
    let size = Vec2::new(w, MARKER_H);
    let mut b = ShapeBuilder::new();
    b.rect(Vec2::new(0.05, -0.05), size, palette::board::SHADOW.color());
    b.rect(Vec2::ZERO, size + Vec2::splat(0.08), palette::INK.color());
    b.rect(Vec2::ZERO, size, m.colour.color());
    p.child_shape(group, &b, Vec3::ZERO);
    small_text(
        p,
        Some(group),
        &m.text,
        Vec3::new(0.0, 0.0, 0.02),
        MARKER_H * 0.62,
        m.colour.ink(),
    );
    root
}

#[cfg(test)]
mod legible_tests {
    use super::*;

    #[test]
    fn a_stand_grows_only_when_too_small_to_read() {
        // A 1.5" base's plate (0.93") on a 72" table across 1280 pixels:
        // about 16.5 pixels, drawn 26/16.5 times larger.
        let l = Legible {
            size: 0.93,
            min_px: LEGIBLE_PX,
            max: LEGIBLE_MAX,
        };
        let f = l.scale(72.0 / 1280.0);
        assert!((f - 26.0 / (0.93 * 1280.0 / 72.0)).abs() < 1e-3, "{f}");
        // Fitted beside the side panels (about 600 pixels): the limit.
        assert_eq!(l.scale(72.0 / 600.0), LEGIBLE_MAX);
        // Zoomed in (100 pixels an inch): true size.
        assert_eq!(l.scale(0.01), 1.0);
        // The whole table twice over: no more than the limit.
        assert_eq!(l.scale(0.5), LEGIBLE_MAX);
    }

    #[test]
    fn a_marker_chip_is_readable_with_the_whole_table_in_view() {
        let l = Legible {
            size: MARKER_H,
            min_px: MARKER_PX,
            max: MARKER_MAX,
        };
        // A 72" table fitted to about 600 pixels beside the side panels:
        // the chip is drawn MARKER_PX tall, its word about ten pixels.
        let wpp = 72.0 / 600.0;
        let px = MARKER_H * l.scale(wpp) / wpp;
        assert!((px - MARKER_PX).abs() < 1e-3, "{px}");
        assert!(px * 0.62 >= 10.0, "letters {}", px * 0.62);
        // Zoomed in it is true size, and a word fits on its chip.
        assert_eq!(l.scale(0.01), 1.0);
        assert!(marker_width("CARD") > 4.0 * MARKER_H * 0.62 * 0.5);
        assert!(marker_width("7") >= MARKER_H);
        assert!(marker_width("") == MARKER_H);
    }
}
