//! Counters drawn procedurally: a side-coloured square with a NATO-style
//! unit symbol, the unit's name above and its numbers below, and status
//! markers stacked at its corner. Nothing copied from the published
//! counter sheets.

use crate::board::Tooltip;
use crate::draw::Painter;
use crate::palette;
use crate::shapes::ShapeBuilder;
use bevy::prelude::*;

/// The unit symbol inside the frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UnitSymbol {
    /// Crossed diagonals.
    #[default]
    Infantry,
    /// An oval (tracks).
    Armor,
    /// Crossed diagonals and an oval.
    Mechanized,
    /// A filled dot.
    Artillery,
    /// A dot under an upward arrow.
    Mortar,
    /// One diagonal.
    Recon,
    /// Rotor blades over the frame.
    Helicopter,
    /// A bar across (engineers).
    Engineer,
    /// A flag staff: headquarters or leader.
    Headquarters,
    /// An empty frame: anything else (a marker, a cache).
    Plain,
}

/// A status marker stacked on a counter ("Pinned", "Fired", "Hidden").
#[derive(Clone, Debug, PartialEq)]
pub struct StatusMarker {
    pub text: String,
    pub color: Color,
}

impl StatusMarker {
    pub fn new(text: impl Into<String>, color: Color) -> Self {
        StatusMarker {
            text: text.into(),
            color,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct CounterSpec {
    /// Edge length in world units.
    pub size: f32,
    pub side_color: Color,
    pub symbol: UnitSymbol,
    /// The size marks above the symbol ("I", "II", "•••").
    pub echelon: String,
    /// The unit's name, across the top.
    pub name: String,
    /// The numbers along the bottom ("4-6-2").
    pub numbers: String,
    pub markers: Vec<StatusMarker>,
    /// Where the status markers go.
    pub tags: TagPlace,
    /// Dim it (spent, already activated).
    pub spent: bool,
}

/// Where a counter's status markers go.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum TagPlace {
    /// Down the right edge, half off the counter (a map with room beside
    /// its counters).
    #[default]
    RightEdge,
    /// In one row above the counter's top edge, none further right of its
    /// centre than `max_right` (world units): on a hex map whose
    /// neighbouring counters sit close at the sides (FTE: tags down the
    /// right edge lay over the next hex's counter, issue 14). At most
    /// [`ROW_TAGS`] tags, the last counting the rest ("+3").
    Above { max_right: f32 },
}

impl Default for CounterSpec {
    fn default() -> Self {
        CounterSpec {
            size: 40.0,
            side_color: palette::army::US.color(),
            symbol: UnitSymbol::Infantry,
            echelon: String::new(),
            name: String::new(),
            numbers: String::new(),
            markers: Vec::new(),
            tags: TagPlace::RightEdge,
            spent: false,
        }
    }
}

/// Dark ink on light side colours and light ink on dark ones.
pub fn ink_for(background: Color) -> Color {
    palette::Rgba::from_color(background).ink().color()
}

/// The counter's body and symbol, centred on the origin.
pub fn counter_shape(spec: &CounterSpec) -> ShapeBuilder {
    let s = spec.size;
    let mut b = ShapeBuilder::new();
    let bg = if spec.spent {
        spec.side_color.mix(&palette::board::SPENT.color(), 0.55)
    } else {
        spec.side_color
    };
    let ink = ink_for(bg);
    // A drop shadow, the body, a bevel line.
    b.rect(
        Vec2::new(s * 0.06, -s * 0.06),
        Vec2::splat(s),
        palette::board::SHADOW,
    );
    b.rect(Vec2::ZERO, Vec2::splat(s), bg);
    b.rect_outline(Vec2::ZERO, Vec2::splat(s), s * 0.03, ink.with_alpha(0.6));
    // The symbol frame, a little above the centre.
    let fc = Vec2::new(0.0, s * 0.02);
    let fw = s * 0.5;
    let fh = s * 0.32;
    let w = s * 0.035;
    let (l, r, t, bt) = (
        fc.x - fw / 2.0,
        fc.x + fw / 2.0,
        fc.y + fh / 2.0,
        fc.y - fh / 2.0,
    );
    b.rect_outline(fc, Vec2::new(fw, fh), w, ink);
    let diag = |b: &mut ShapeBuilder| {
        b.line(Vec2::new(l, bt), Vec2::new(r, t), w, ink);
        b.line(Vec2::new(l, t), Vec2::new(r, bt), w, ink);
    };
    match spec.symbol {
        UnitSymbol::Infantry => diag(&mut b),
        UnitSymbol::Armor => {
            b.ellipse_ring(fc, fw * 0.36, fh * 0.28, w, ink);
        }
        UnitSymbol::Mechanized => {
            diag(&mut b);
            b.ellipse_ring(fc, fw * 0.36, fh * 0.28, w, ink);
        }
        UnitSymbol::Artillery => {
            b.circle(fc, fh * 0.2, ink, 14);
        }
        UnitSymbol::Mortar => {
            b.circle(fc - Vec2::new(0.0, fh * 0.22), fh * 0.12, ink, 12);
            b.line(
                fc - Vec2::new(0.0, fh * 0.1),
                fc + Vec2::new(0.0, fh * 0.35),
                w,
                ink,
            );
            b.line(
                fc + Vec2::new(0.0, fh * 0.38),
                fc + Vec2::new(-fw * 0.1, fh * 0.18),
                w,
                ink,
            );
            b.line(
                fc + Vec2::new(0.0, fh * 0.38),
                fc + Vec2::new(fw * 0.1, fh * 0.18),
                w,
                ink,
            );
        }
        UnitSymbol::Recon => {
            b.line(Vec2::new(l, bt), Vec2::new(r, t), w, ink);
        }
        UnitSymbol::Helicopter => {
            b.line(
                Vec2::new(l, t + fh * 0.25),
                Vec2::new(r, t + fh * 0.05),
                w,
                ink,
            );
            b.line(
                Vec2::new(l, t + fh * 0.05),
                Vec2::new(r, t + fh * 0.25),
                w,
                ink,
            );
            b.polygon(
                &[
                    fc + Vec2::new(-fw * 0.25, -fh * 0.2),
                    fc + Vec2::new(0.0, 0.0),
                    fc + Vec2::new(-fw * 0.25, fh * 0.2),
                ],
                ink,
            );
            b.polygon(
                &[
                    fc + Vec2::new(fw * 0.25, -fh * 0.2),
                    fc + Vec2::new(fw * 0.25, fh * 0.2),
                    fc + Vec2::new(0.0, 0.0),
                ],
                ink,
            );
        }
        UnitSymbol::Engineer => {
            b.line(
                Vec2::new(l + fw * 0.2, fc.y),
                Vec2::new(r - fw * 0.2, fc.y),
                w,
                ink,
            );
            b.line(
                Vec2::new(l + fw * 0.2, fc.y),
                Vec2::new(l + fw * 0.2, fc.y - fh * 0.25),
                w,
                ink,
            );
            b.line(
                Vec2::new(r - fw * 0.2, fc.y),
                Vec2::new(r - fw * 0.2, fc.y - fh * 0.25),
                w,
                ink,
            );
            b.line(
                Vec2::new(fc.x, fc.y),
                Vec2::new(fc.x, fc.y - fh * 0.25),
                w,
                ink,
            );
        }
        UnitSymbol::Headquarters => {
            b.line(Vec2::new(l, bt), Vec2::new(l, bt - fh * 0.5), w, ink);
            b.rect(Vec2::new(fc.x, fc.y), Vec2::new(fw * 0.5, fh * 0.2), ink);
        }
        UnitSymbol::Plain => {}
    }
    b
}

/// A counter entity and its children (body, texts, markers). The parent
/// carries the tooltip; move it by its `Transform`.
#[derive(Component)]
pub struct Counter;

/// Spawns a counter at `at` with its tooltip, owned by the playing screen.
/// Its status markers run down its right edge ([`spawn_tags`]).
pub fn spawn_counter(p: &mut Painter, spec: &CounterSpec, at: Vec3, tooltip: Tooltip) -> Entity {
    let s = spec.size;
    let ink = ink_for(spec.side_color);
    let id = p.root((Counter, tooltip), Transform::from_translation(at));
    p.child_shape(id, &counter_shape(spec), Vec3::ZERO);
    if !spec.name.is_empty() {
        let px = name_px(&spec.name, s);
        p.child_text(id, &spec.name, Vec3::new(0.0, s * 0.36, 0.01), px, ink);
    }
    if !spec.echelon.is_empty() {
        p.child_text(
            id,
            &spec.echelon,
            Vec3::new(0.0, s * 0.21, 0.01),
            s * 0.14,
            ink,
        );
    }
    if !spec.numbers.is_empty() {
        p.child_text(
            id,
            &spec.numbers,
            Vec3::new(0.0, -s * 0.33, 0.01),
            s * 0.24,
            ink,
        );
    }
    match spec.tags {
        TagPlace::RightEdge => spawn_tags(p, id, s, &spec.markers),
        TagPlace::Above { max_right } => spawn_tag_row(p, id, s, max_right, &spec.markers),
    }
    id
}

/// The most status tags in a row above a counter ([`TagPlace::Above`]).
pub const ROW_TAGS: usize = 2;

/// Where the tags of a row above a counter of edge `s` sit (centre, size),
/// right-aligned at `max_right` from the counter's centre and clear of the
/// stack count at its top left corner.
pub fn tag_row_rects(s: f32, max_right: f32, n: usize) -> Vec<(Vec2, Vec2)> {
    let n = n.min(ROW_TAGS);
    let gap = s * 0.03;
    let h = s * 0.25;
    let w = s * 0.52;
    let y = s * 0.5 + gap + h * 0.5;
    (0..n)
        .map(|i| {
            // The first tag rightmost when alone; in reading order when two.
            let k = (n - 1 - i) as f32;
            let x = max_right - w * 0.5 - k * (w + gap);
            (Vec2::new(x, y), Vec2::new(w, h))
        })
        .collect()
}

/// Status markers in one row above a counter (children of `parent`).
pub fn spawn_tag_row(
    p: &mut Painter,
    parent: Entity,
    s: f32,
    max_right: f32,
    markers: &[StatusMarker],
) {
    let rects = tag_row_rects(s, max_right, markers.len());
    for (i, (at, size)) in rects.iter().enumerate() {
        let (word, color) = if i + 1 == ROW_TAGS && markers.len() > ROW_TAGS {
            (
                format!("+{}", markers.len() - ROW_TAGS + 1),
                palette::status::MORE.color(),
            )
        } else {
            (markers[i].text.clone(), markers[i].color)
        };
        let mut b = ShapeBuilder::new();
        b.rect(*at, *size, color);
        b.rect_outline(*at, *size, s * 0.025, palette::BLACK);
        let z = i as f32 * 0.001;
        p.child_shape(parent, &b, Vec3::new(0.0, 0.0, 0.04 + z));
        let px = fit_px(&word, size.x * 0.92, s * 0.19);
        p.child_text(parent, &word, at.extend(0.05 + z), px, ink_for(color));
    }
}

/// The size of a counter's name: a fifth of its edge, smaller for a long
/// name so that it stays inside the counter ("Civilians" came out as
/// "ivilian"). A glyph of this face is at most about 0.62 of its size wide
/// on average over a word.
pub fn name_px(name: &str, edge: f32) -> f32 {
    fit_px(name, edge * 0.9, edge * 0.2)
}

/// The font size for `text` (one or more lines) on the board: `px`, or
/// smaller until its longest line fits `width` world units. A glyph of the
/// board's face is at most about 0.62 of its size wide on average over a
/// word ("ENTRENCH-" ran off its CSAR counter, "FAST MOVER POOL" off its box).
pub fn fit_px(text: &str, width: f32, px: f32) -> f32 {
    let widest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    px.min(width / (0.62 * widest.max(1) as f32))
}

/// The most status tags shown on a counter; past that the last tag counts
/// the rest ("+3").
pub const MAX_TAGS: usize = 5;

/// Status markers as tags down the right edge of a counter of edge `s`
/// (children of `parent`).
pub fn spawn_tags(p: &mut Painter, parent: Entity, s: f32, markers: &[StatusMarker]) {
    let (w, h) = (s * 0.64, s * 0.27);
    for (i, m) in markers.iter().enumerate().take(MAX_TAGS) {
        let (word, color) = if i + 1 == MAX_TAGS && markers.len() > MAX_TAGS {
            (
                format!("+{}", markers.len() - MAX_TAGS + 1),
                palette::status::MORE.color(),
            )
        } else {
            (m.text.clone(), m.color)
        };
        let at = Vec2::new(
            s * 0.5 + w * 0.5 - s * 0.06,
            s * 0.5 - h * 0.5 - i as f32 * (h + 1.0),
        );
        let mut b = ShapeBuilder::new();
        b.rect(at, Vec2::new(w, h), color);
        b.rect_outline(at, Vec2::new(w, h), s * 0.025, palette::BLACK);
        let z = i as f32 * 0.001;
        p.child_shape(parent, &b, Vec3::new(0.0, 0.0, 0.04 + z));
        p.child_text(parent, &word, at.extend(0.05 + z), s * 0.2, ink_for(color));
    }
}

/// A square plate of edge `s` with a drop shadow and an outline (a marker,
/// a cache, a chit), carrying `tip`; add its print with the painter's
/// `child_` methods.
pub fn spawn_plate(
    p: &mut Painter,
    tip: Tooltip,
    s: f32,
    fill: impl Into<Color>,
    at: Vec3,
) -> Entity {
    let mut b = ShapeBuilder::new();
    b.rect(
        Vec2::new(s * 0.06, -s * 0.06),
        Vec2::splat(s),
        palette::board::SHADOW,
    );
    b.rect(Vec2::ZERO, Vec2::splat(s), fill);
    b.rect_outline(Vec2::ZERO, Vec2::splat(s), s * 0.04, palette::BLACK);
    let e = p.root(tip, Transform::from_translation(at));
    p.child_shape(e, &b, Vec3::ZERO);
    e
}

/// A plate with one word on it (KIA, RICE, ?), its tooltip a title and
/// lines.
pub fn spawn_marker(
    p: &mut Painter,
    s: f32,
    title: String,
    lines: Vec<String>,
    word: &str,
    fill: palette::Rgba,
    at: Vec3,
) -> Entity {
    let mut tip = Tooltip::new(title, s * 0.6);
    for l in lines {
        tip = tip.line(l);
    }
    let e = spawn_plate(p, tip, s, fill, at);
    let px = if word.len() > 4 { s * 0.24 } else { s * 0.34 };
    p.child_text(e, word, Vec3::new(0.0, 0.0, 0.01), px, fill.ink());
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_name_is_set_smaller_to_fit_its_counter() {
        assert_eq!(name_px("Rifle", 58.0), 58.0 * 0.2);
        let long = name_px("Civilians", 58.0);
        assert!(long < 58.0 * 0.2);
        assert!(long * 0.62 * 9.0 <= 58.0 * 0.9 + 1e-3);
    }

    #[test]
    fn a_text_is_fitted_by_its_longest_line() {
        // Short enough: the size asked for.
        assert_eq!(fit_px("HELO", 60.0, 13.0), 13.0);
        // Two lines: the longer one decides, and then it fits.
        let px = fit_px("ENTRENCH-\nMENT", 54.0, 12.0);
        assert!(px < 12.0);
        assert!(px * 0.62 * 9.0 <= 54.0 + 1e-3);
        assert_eq!(fit_px("", 10.0, 8.0), 8.0);
    }

    #[test]
    fn ink_contrasts_with_the_side_colour() {
        assert_eq!(ink_for(Color::WHITE), palette::INK.color());
        assert_eq!(ink_for(Color::BLACK), palette::PAPER.color());
    }

    #[test]
    fn symbols_differ() {
        let mut seen = Vec::new();
        for symbol in [
            UnitSymbol::Infantry,
            UnitSymbol::Armor,
            UnitSymbol::Mechanized,
            UnitSymbol::Artillery,
            UnitSymbol::Mortar,
            UnitSymbol::Recon,
            UnitSymbol::Helicopter,
            UnitSymbol::Engineer,
            UnitSymbol::Headquarters,
            UnitSymbol::Plain,
        ] {
            let shape = counter_shape(&CounterSpec {
                symbol,
                ..Default::default()
            });
            assert!(shape.indices.len().is_multiple_of(3));
            assert!(
                !seen.contains(&shape.positions),
                "{symbol:?} looks like another symbol"
            );
            seen.push(shape.positions);
        }
    }
}
