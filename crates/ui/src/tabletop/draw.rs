//! Drawing the table: the cloth and terrain (again only when they
//! change), the stands as pieces that slide when they move, and the tools'
//! overlay (again when what it shows changes).

use super::look::{self, colours, draw_cloth, draw_feature, draw_template};
use super::mesh::{fill, outline, ring_around, v2};
use super::stand::{base_outline, small_text, spawn_stand};
use super::tools::{coverage, read_sight, read_tape, seen_colour};
use super::{Table, TablePreview, TableTools, Tool};
use crate::anim::Animate;
use crate::board::{BoardBounds, BoardCamera};
use crate::camera::CameraFit;
use crate::draw::{BoardDraw, Painter};
use crate::palette::{self, Rgba};
use crate::pieces::{PieceHome, PieceKey, PieceLook, Wanted, look_of, plan};
use crate::shapes::ShapeBuilder;
use bevy::prelude::*;
use vt_core::sort::StableSort;
use vt_core::tabletop::{Base, Feature, Point, Shape};

/// Heights on the table: terrain, templates, stands, the tools.
const Z_TABLE: f32 = 0.0;
const Z_STANDS: f32 = 5.0;
const Z_OVERLAY: f32 = 20.0;

/// What the board drew last, to draw again only what changed.
#[derive(Resource, Default)]
pub struct Drawn {
    game: Option<&'static str>,
    size: Vec2,
    terrain: Option<(Vec<Feature<super::TerrainInfo>>, Vec<super::PlacedTemplate>)>,
    terrain_entities: Vec<Entity>,
    overlay: Option<(TableTools, TablePreview, f32, usize)>,
    overlay_entities: Vec<Entity>,
}

/// The pieces of the table board.
#[derive(Component)]
pub struct StandPiece;

/// A table game starts: the camera's zoom limits suit inches, it fits the
/// table; leaving the game gives the camera back its own limits.
pub fn camera(
    table: Res<Table>,
    mut drawn: ResMut<Drawn>,
    mut bounds: ResMut<BoardBounds>,
    mut fit: ResMut<CameraFit>,
    mut cams: Query<&mut BoardCamera>,
) {
    if drawn.game == table.game && drawn.size == table.size {
        return;
    }
    drawn.game = table.game;
    drawn.size = table.size;
    let margin = 1.5;
    bounds.0 = Some(Rect::new(
        -margin,
        -margin,
        table.size.x + margin,
        table.size.y + margin,
    ));
    for mut c in &mut cams {
        // From a stand's width filling the screen to the whole table twice.
        c.min_scale = 0.004;
        c.max_scale = 0.5;
    }
    fit.readable_scale = None;
    fit.focus_margin = 2.0;
    fit.new_game();
}

/// Leaving the playing screen: forget the table and give the camera its
/// usual limits.
pub fn leave(
    mut table: ResMut<Table>,
    mut drawn: ResMut<Drawn>,
    mut tools: ResMut<TableTools>,
    mut insets: ResMut<crate::camera::BoardInsets>,
    mut cams: Query<&mut BoardCamera>,
) {
    if table.game.is_some() {
        for mut c in &mut cams {
            *c = BoardCamera::default();
        }
        // The tool bar's room.
        insets.top = 0.0;
    }
    *table = Table::default();
    *drawn = Drawn::default();
    *tools = TableTools::default();
}

/// The cloth, the terrain and the templates lying on it.
pub fn table(table: Res<Table>, mut drawn: ResMut<Drawn>, mut draw: BoardDraw) {
    if !table.is_changed() && drawn.terrain.is_some() {
        return;
    }
    let now = (table.features.clone(), table.templates.clone());
    if drawn.terrain.as_ref() == Some(&now) {
        return;
    }
    let Some(mut p) = draw.painter() else {
        return;
    };
    for e in drawn.terrain_entities.drain(..) {
        p.commands.entity(e).try_despawn();
    }
    let mut b = ShapeBuilder::new();
    draw_cloth(&mut b, table.size);
    look::draw_rulers(&mut b, table.size);
    let mut order: Vec<&Feature<super::TerrainInfo>> = table.features.iter().collect();
    order.stable_sort_by_key(|f| f.kind.look.layer());
    for f in &order {
        draw_feature(&mut b, f, f.kind.look);
    }
    for t in &table.templates {
        draw_template(&mut b, &t.template, t.look);
    }
    let mut ents = vec![p.shape(&b, Vec3::new(0.0, 0.0, Z_TABLE))];
    for (at, h, t) in look::ruler_labels(table.size) {
        ents.push(small_text(
            &mut p,
            None,
            &t,
            at.extend(Z_TABLE + 0.1),
            h,
            palette::PAPER.alpha(200),
        ));
    }
    // Each hill contour's level, written on its line at its top, as on a
    // map.
    for f in &table.features {
        if let (vt_core::tabletop::Elevation::Hill(h), Shape::Area(a)) = (f.elevation, &f.shape)
            && let Some(top) = a.iter().copied().max_by(|p, q| p.y.total_cmp(&q.y))
        {
            let mut chip = ShapeBuilder::new();
            chip.circle(Vec2::ZERO, 0.45, colours::HILL.alpha(255).color(), 14);
            let at = v2(top).extend(Z_TABLE + 0.5);
            ents.push(p.shape(&chip, at));
            ents.push(small_text(
                &mut p,
                None,
                &format!("{h}"),
                at + Vec3::Z * 0.1,
                0.7,
                colours::CONTOUR,
            ));
        }
    }
    drawn.terrain_entities = ents;
    drawn.terrain = Some(now);
}

/// The stands, as pieces: only what changed is drawn again; a stand that
/// moved slides.
pub fn stands(
    table: Res<Table>,
    pieces: Query<(Entity, &PieceKey, &PieceLook, &PieceHome), With<StandPiece>>,
    mut draw: BoardDraw,
    mut anim: MessageWriter<Animate>,
) {
    if !table.is_changed() {
        return;
    }
    let wanted: Vec<Wanted> = table
        .stands
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut look = s.clone();
            look.base = look.base.at(Point::default());
            Wanted::new(
                PieceKey("stand", s.key),
                look_of(&look),
                v2(s.base.centre()).extend(Z_STANDS + i as f32 * 0.01),
            )
        })
        .collect();
    let mut wanted = wanted;
    wanted.extend(table.markers.iter().enumerate().map(|(i, m)| {
        let mut look = m.clone();
        look.at = Point::default();
        Wanted::new(
            PieceKey("marker", m.key),
            look_of(&look),
            v2(m.at).extend(Z_STANDS - 0.5 + i as f32 * 0.001),
        )
    }));
    let by_key: std::collections::BTreeMap<u64, &super::TableStand> =
        table.stands.iter().map(|s| (s.key, s)).collect();
    let markers: std::collections::BTreeMap<u64, &super::TableMarker> =
        table.markers.iter().map(|m| (m.key, m)).collect();
    let Some(mut p) = draw.painter() else {
        return;
    };
    let slides = (!table.fresh).then_some(&mut anim);
    plan(pieces.iter(), wanted).apply(
        &mut p,
        |p, w| {
            let e = match w.key.0 {
                "marker" => super::stand::spawn_marker(p, markers[&w.key.1], w.home),
                _ => spawn_stand(p, by_key[&w.key.1], w.home),
            };
            p.commands.entity(e).insert(StandPiece);
            e
        },
        slides,
    );
}

/// A label's box on the table for text `t` of height `h`: the table's
/// font is monospaced, 0.6 of its height wide.
fn label_size(t: &str, h: f32) -> Vec2 {
    Vec2::new(t.chars().count() as f32 * h * 0.62 + h * 0.8, h * 1.4)
}

/// Where a label of `size` goes beside `base` (the label's centre): right
/// of the stand, left of it (level with it, raised or lowered), or above or
/// below (over its middle, running right or running left), `gap` clear of
/// its outline; the first that covers none of `others` and lies wholly
/// within `free` (the board the panels leave free: lower left, upper
/// right), else the one that covers the fewest. The suggestion's label once sat
/// on the neighbouring stand of a line of them.
pub(crate) fn label_spot(
    base: &Base,
    size: Vec2,
    gap: f64,
    others: &[Base],
    free: [Point; 2],
) -> Point {
    let c = base.centre();
    let r = base.reach() + gap;
    let (w, h) = (size.x as f64, size.y as f64);
    let (up, down) = (c.y + r + h / 2.0, c.y - r - h / 2.0);
    // Above or below: centred, or starting at the stand's left edge, or
    // ending at its right edge.
    let (mid, runs_right, runs_left) = (c.x, c.x - r + gap + w / 2.0, c.x + r - gap - w / 2.0);
    let (east, west) = (c.x + r + w / 2.0, c.x - r - w / 2.0);
    let spots = [
        Point::new(east, c.y),
        Point::new(west, c.y),
        // Beside it, raised or lowered clear of a neighbour in line.
        Point::new(east, c.y + h),
        Point::new(east, c.y - h),
        Point::new(west, c.y + h),
        Point::new(west, c.y - h),
        Point::new(mid, up),
        Point::new(runs_right, up),
        Point::new(runs_left, up),
        Point::new(mid, down),
        Point::new(runs_right, down),
        Point::new(runs_left, down),
    ];
    let cost = |p: Point| {
        let b = Base::rect(p, w, h, Point::new(0.0, 1.0));
        let covered = others.iter().filter(|o| o.overlaps(&b)).count();
        // Under a panel it cannot be read at all (Trail Contact's M60 had
        // its label under the dice tray).
        let hidden = p.x - w / 2.0 < free[0].x
            || p.x + w / 2.0 > free[1].x
            || p.y - h / 2.0 < free[0].y
            || p.y + h / 2.0 > free[1].y;
        covered + if hidden { 1000 } else { 0 }
    };
    spots
        .into_iter()
        .enumerate()
        .min_by_key(|&(i, p)| (cost(p), i))
        .map_or(c, |(_, p)| p)
}

/// World units per screen pixel now.
fn world_per_px(cams: &Query<&Transform, With<BoardCamera>>) -> f32 {
    cams.iter().next().map_or(0.05, |t| t.scale.x)
}

/// The right edge of the board left free by the panels, in table inches
/// (`None` without a window).
fn free_right_edge(
    cams: &Query<&Transform, With<BoardCamera>>,
    rect: &crate::board::BoardRect,
    insets: &crate::camera::BoardInsets,
    window: &Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Option<f64> {
    let t = cams.iter().next()?;
    let w = window.single().ok()?;
    let free = crate::camera::free_board_rect(rect.0, insets)?;
    Some((t.translation.x + (free.max.x - w.width() / 2.0) * t.scale.x) as f64)
}

/// The part of the board the panels leave free, in table inches (lower
/// left, upper right; `None` without a window).
fn free_area(
    cams: &Query<&Transform, With<BoardCamera>>,
    rect: &crate::board::BoardRect,
    insets: &crate::camera::BoardInsets,
    window: &Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Option<[Point; 2]> {
    let t = cams.iter().next()?;
    let w = window.single().ok()?;
    let free = crate::camera::free_board_rect(rect.0, insets)?;
    let world = |x: f32, y: f32| {
        Point::new(
            (t.translation.x + (x - w.width() / 2.0) * t.scale.x) as f64,
            (t.translation.y - (y - w.height() / 2.0) * t.scale.y) as f64,
        )
    };
    Some([world(free.min.x, free.max.y), world(free.max.x, free.min.y)])
}

/// The tools' overlay: selection, arcs and rings, the dragged move, the
/// tape, the sight line, the template and what it covers.
#[allow(clippy::too_many_arguments)]
pub fn overlay(
    table: Res<Table>,
    tools: Res<TableTools>,
    preview: Res<TablePreview>,
    cams: Query<&Transform, With<BoardCamera>>,
    rect: Res<crate::board::BoardRect>,
    insets: Res<crate::camera::BoardInsets>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut drawn: ResMut<Drawn>,
    mut draw: BoardDraw,
) {
    let px = world_per_px(&cams);
    let free_right = free_right_edge(&cams, &rect, &insets, &window);
    let key = (tools.clone(), preview.clone(), px, table.stands.len());
    let same = drawn.overlay.as_ref().is_some_and(|o| {
        o.0 == key.0 && o.1 == key.1 && (o.2 - key.2).abs() < o.2 * 0.02 && o.3 == key.3
    });
    if same && !table.is_changed() {
        return;
    }
    let Some(mut p) = draw.painter() else {
        return;
    };
    for e in drawn.overlay_entities.drain(..) {
        p.commands.entity(e).try_despawn();
    }
    let mut ents = vec![];
    let mut b = ShapeBuilder::new();
    let w = 2.5 * px;
    let right_edge = table.size.x as f64 * 0.6;
    let label = |p: &mut Painter, ents: &mut Vec<Entity>, t: &str, at: Point, colour: Rgba| {
        let h = (16.0 * px).max(0.25);
        let mut bg = ShapeBuilder::new();
        let size = label_size(t, h);
        bg.rect(Vec2::ZERO, size, palette::ui::PANEL.alpha(220).color());
        // Right of the point, or left of it where it would run under the
        // panel on the right (or, without a window, on the right of the
        // table).
        let runs_off = free_right.map_or(at.x > right_edge, |r| {
            at.x + ((size.x + h * 0.6) as f64) > r
        });
        let dx = if runs_off {
            -(size.x / 2.0 + h * 0.6)
        } else {
            size.x / 2.0 + h * 0.6
        };
        let at3 = v2(at).extend(Z_OVERLAY + 1.0) + Vec3::new(dx, h, 0.0);
        ents.push(p.shape(&bg, at3));
        ents.push(small_text(p, None, t, at3 + Vec3::Z * 0.1, h, colour));
    };

    // The selected stand: where it can move (shaded), a ring, its arc,
    // its range rings.
    if let Some(r) = preview.reach.as_ref().filter(|r| {
        tools.tool == Tool::Move
            && tools.drag.is_none()
            && tools.selected == Some(r.stand)
            && r.outline.len() >= 3
    }) {
        let poly: Vec<Vec2> = r.outline.iter().map(|q| v2(*q)).collect();
        let mut area = ShapeBuilder::new();
        fill(&mut area, &poly, palette::board::REACH_FILL.color());
        // Under the stands, over the ground.
        ents.push(p.shape(&area, Vec3::new(0.0, 0.0, Z_STANDS - 1.0)));
        outline(&mut b, &poly, w, palette::board::REACH_EDGE.color());
        if let Some(top) = r.outline.iter().copied().max_by(|a, c| a.y.total_cmp(&c.y)) {
            label(&mut p, &mut ents, &r.note, top, palette::board::REACH_LABEL);
        }
    }
    if let Some(s) = tools.selected.and_then(|k| table.stand(k)) {
        let ring: Vec<Vec2> = ring_around(&s.base, (3.0 * px) as f64)
            .into_iter()
            .collect();
        outline(&mut b, &ring, w, palette::board::SELECTED.color());
        if let Some(half) = s.arc.filter(|h| *h < 180.0) {
            let arc = s.base.front_arc(half);
            let (l, r) = arc.corners();
            let (dl, dr) = arc.bounds();
            let reach = s.rings.iter().copied().fold(12.0, f64::max);
            for (from, dir) in [(l, dl), (r, dr)] {
                let (a, e) = (v2(from), v2(from + dir * reach));
                b.dashed(a, e, w, 0.5, 0.3, palette::board::SELECTED.color());
            }
        }
        if tools.tool != Tool::Tape {
            rings(&mut b, &s.base, &s.rings, w);
            for (at, t) in ring_labels(&s.base, &s.rings) {
                label(&mut p, &mut ents, &t, at, palette::board::SIGHT);
            }
        }
    }
    // The computer's suggestion: what it would use, and where it would go
    // or aim, in the suggestion's own colour.
    if let Some(sg) = &preview.suggestion {
        let colour = palette::board::SUGGESTED;
        for (a, e) in &sg.lines {
            b.dashed(v2(*a), v2(*e), w * 1.2, 0.6, 0.3, colour.color());
            let r = w * 3.0;
            let c = v2(*e);
            b.diamond(c, r, colour.color());
        }
        for s in sg.stands.iter().filter_map(|k| table.stand(*k)) {
            let ring = ring_around(&s.base, (4.0 * px) as f64);
            outline(&mut b, &ring, w * 1.2, colour.color());
        }
        if let Some(s) = sg.stands.first().and_then(|k| table.stand(*k)) {
            let h = (16.0 * px).max(0.25);
            let size = label_size("suggested", h);
            // Nor over the markers, nor the suggestion's own lines and
            // where they end. Stands and markers as drawn: larger than
            // true when zoomed out (`Legible`).
            let grown = |b: Base, k: f32| match b {
                Base::Rect {
                    centre,
                    width,
                    length,
                    facing,
                } => Base::rect(centre, width * k as f64, length * k as f64, facing),
                Base::Round { centre, radius, .. } => Base::round(centre, radius * k as f64),
            };
            // A stand's plate (`spawn_stand`) grows over its base.
            let drawn = |b: Base| {
                let plate = (b.width().min(b.depth()) as f32 * 0.62).max(0.3);
                let side = (plate
                    * super::stand::Legible {
                        size: plate,
                        min_px: super::stand::LEGIBLE_PX,
                        max: super::stand::LEGIBLE_MAX,
                    }
                    .scale(px)) as f64;
                match b {
                    Base::Rect {
                        centre,
                        width,
                        length,
                        facing,
                    } => Base::rect(centre, width.max(side), length.max(side), facing),
                    Base::Round { centre, radius, .. } => {
                        Base::round(centre, radius.max(side / 2.0))
                    }
                }
            };
            let mut others: Vec<Base> = table
                .stands
                .iter()
                .filter(|o| o.key != s.key)
                .map(|o| drawn(o.base))
                .collect();
            let chip = super::stand::Legible {
                size: super::stand::MARKER_H,
                min_px: super::stand::MARKER_PX,
                max: super::stand::MARKER_MAX,
            }
            .scale(px);
            others.extend(table.markers.iter().map(|m| {
                let w = super::stand::marker_width(&m.text);
                grown(
                    Base::rect(
                        m.at,
                        w as f64,
                        super::stand::MARKER_H as f64,
                        Point::new(0.0, 1.0),
                    ),
                    chip,
                )
            }));
            for (a, e) in &sg.lines {
                let along = *e - *a;
                others.push(Base::round(*e, (w * 3.0) as f64));
                if along.length() > 1e-6 {
                    let mid = (*a + *e) * 0.5;
                    others.push(Base::rect(mid, (w * 2.0) as f64, along.length(), along));
                }
            }
            let gap = (6.0 * px) as f64;
            let free = free_area(&cams, &rect, &insets, &window).unwrap_or([
                Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
                Point::new(right_edge, f64::INFINITY),
            ]);
            let at = label_spot(&drawn(s.base), size, gap, &others, free);
            let at3 = v2(at).extend(Z_OVERLAY + 1.0);
            let mut bg = ShapeBuilder::new();
            bg.rect(Vec2::ZERO, size, palette::ui::PANEL.alpha(220).color());
            ents.push(p.shape(&bg, at3));
            ents.push(small_text(
                &mut p,
                None,
                "suggested",
                at3 + Vec3::Z * 0.1,
                h,
                colour,
            ));
        }
    }
    if let Some(s) = tools.hovered.and_then(|k| table.stand(k))
        && Some(s.key) != tools.selected
        && s.movable
        && tools.tool == Tool::Move
    {
        let ring = ring_around(&s.base, (2.0 * px) as f64);
        outline(&mut b, &ring, w * 0.8, palette::board::LIT.color());
    }

    match tools.tool {
        Tool::Move => {
            if let (Some(d), Some(m)) = (tools.drag, preview.movement.as_ref())
                && m.stand == d.stand
                && let Some(s) = table.stand(d.stand)
            {
                move_preview(&mut b, s, m, w);
                for &i in &m.features {
                    if let Some(Shape::Area(a)) = table.features.get(i).map(|f| &f.shape) {
                        let poly: Vec<Vec2> = a.iter().map(|q| v2(*q)).collect();
                        outline(&mut b, &poly, w * 1.5, palette::board::LIT.color());
                    }
                }
                for (at, word) in &m.marks {
                    let c = v2(*at);
                    let r = w * 3.0;
                    b.diamond(c, r, palette::board::INTERRUPT.color());
                    if !word.is_empty() {
                        label(&mut p, &mut ents, word, *at, palette::board::INTERRUPT);
                    }
                }
                let colour = if m.legal {
                    palette::ui::GOOD
                } else {
                    palette::ui::WARN
                };
                // The note's first line on the table (the tool bar has it
                // all): a long label would cover the table.
                let first = m.note.lines().next().unwrap_or_default();
                label(&mut p, &mut ents, first, m.end, colour);
            } else if let Some(d) = tools.drag
                && let Some(s) = table.stand(d.stand)
            {
                b.line(
                    v2(s.base.centre()),
                    v2(d.to),
                    w,
                    palette::board::PATH.color(),
                );
            }
        }
        Tool::Tape => {
            if let Some(t) = tools.tape {
                let r = read_tape(&t, &table);
                b.line(v2(t.from), v2(t.to), w * 1.4, palette::PAPER.color());
                b.dashed(
                    v2(t.from),
                    v2(t.to),
                    w * 0.8,
                    1.0,
                    1.0,
                    palette::INK.color(),
                );
                for e in [t.from, t.to] {
                    b.circle(v2(e), w * 2.0, palette::PAPER.color(), 10);
                }
                if let Some(s) = t.from_stand.and_then(|k| table.stand(k)) {
                    let marks: Vec<f64> = if s.rings.is_empty() {
                        vec![6.0, 12.0, 24.0]
                    } else {
                        s.rings.clone()
                    };
                    rings(&mut b, &s.base, &marks, w);
                    for (at, t) in ring_labels(&s.base, &marks) {
                        label(&mut p, &mut ents, &t, at, palette::board::SIGHT);
                    }
                }
                let words = format!(
                    "{:.1}\"{}",
                    r.inches,
                    if r.edge_to_edge { " edge to edge" } else { "" }
                );
                label(&mut p, &mut ents, &words, t.to, palette::PAPER);
            }
        }
        Tool::Sight => {
            if let Some(l) = tools.sight_now(&table) {
                let r = read_sight(&l, &table);
                let len = l.from.distance(l.to);
                for st in &r.profile {
                    let a = l.from.toward(l.to, st.from);
                    let e = l.from.toward(l.to, st.to);
                    b.line(v2(a), v2(e), w * 1.6, seen_colour(st.seen).color());
                }
                if len > 0.0 {
                    b.circle(v2(l.to), w * 2.2, seen_colour(r.seen).color(), 10);
                }
                // Stands the line passes over, ringed.
                for k in &r.crossed {
                    if let Some(s) = table.stand(*k) {
                        let ring = ring_around(&s.base, (2.0 * px) as f64);
                        outline(&mut b, &ring, w, palette::board::INTERRUPT.color());
                    }
                }
                let over = match r.crossed.len() {
                    0 => String::new(),
                    n => format!(", over {n} stand{}", if n == 1 { "" } else { "s" }),
                };
                label(
                    &mut p,
                    &mut ents,
                    &format!("{:.1}\" {}{over}", r.length, r.words),
                    l.to,
                    seen_colour(r.seen),
                );
            }
        }
        Tool::Template => {
            if let Some(t) = tools.template_now(&table) {
                let mut tb = ShapeBuilder::new();
                draw_template(&mut tb, &t, tools.template.look());
                ents.push(p.shape(&tb, Vec3::new(0.0, 0.0, Z_OVERLAY - 1.0)));
                let edge: Vec<Vec2> = look::template_outline(&t).iter().map(|q| v2(*q)).collect();
                outline(&mut b, &edge, w, palette::board::TARGET.color());
                for (k, frac, whole) in coverage(&t, &table) {
                    let Some(s) = table.stand(k) else { continue };
                    let colour = if whole {
                        colours::UNDER_WHOLE
                    } else if frac >= 0.5 {
                        colours::UNDER_HALF
                    } else {
                        colours::UNDER_PART
                    };
                    let poly: Vec<Vec2> = base_outline(&s.base)
                        .into_iter()
                        .map(|q| q + v2(s.base.centre()))
                        .collect();
                    let mut cb = ShapeBuilder::new();
                    fill(&mut cb, &poly, colour.color());
                    ents.push(p.shape(&cb, Vec3::new(0.0, 0.0, Z_STANDS + 1.0)));
                    label(
                        &mut p,
                        &mut ents,
                        &format!("{:.0}%", frac * 100.0),
                        s.base.centre(),
                        colour.alpha(255),
                    );
                }
            }
        }
    }
    if !b.is_empty() {
        ents.push(p.shape(&b, Vec3::new(0.0, 0.0, Z_OVERLAY)));
    }
    drawn.overlay_entities = ents;
    drawn.overlay = Some(key);
}

/// Range rings round a base, measured from its edge: a thin line each.
fn rings(b: &mut ShapeBuilder, base: &vt_core::tabletop::Base, radii: &[f64], w: f32) {
    for r in radii {
        let mut ring = ring_around(base, *r);
        if let Some(first) = ring.first().copied() {
            ring.push(first);
        }
        // Weapon ranges in the sight colour: blue is where a stand moves.
        b.polyline(&ring, w * 0.8, palette::board::SIGHT.color());
    }
}

/// Where each range ring's label goes: the ring's top.
fn ring_labels(base: &vt_core::tabletop::Base, radii: &[f64]) -> Vec<(Point, String)> {
    radii
        .iter()
        .map(|r| {
            let c = base.centre();
            (
                Point::new(c.x, c.y + base.depth().max(base.width()) / 2.0 + r),
                format!("{r}\""),
            )
        })
        .collect()
}

/// The path of a dragged stand: the part it gets along (slow stretches
/// orange), the part it cannot (red), and its base where it would end.
fn move_preview(b: &mut ShapeBuilder, s: &super::TableStand, m: &super::MovePreview, w: f32) {
    let path = &m.path;
    let total = vt_core::tabletop::path_length(path);
    let reach = {
        // How far along the path the end lies.
        let mut best = (f64::INFINITY, 0.0);
        let mut along = 0.0;
        for seg in path.windows(2) {
            let (q, t) = vt_core::tabletop::closest_on_segment(seg[0], seg[1], m.end);
            let d = q.distance(m.end);
            let l = seg[0].distance(seg[1]);
            if d < best.0 {
                best = (d, along + t * l);
            }
            along += l;
        }
        best.1
    };
    let at = |d: f64| v2(vt_core::tabletop::point_along(path, d));
    let ok = if m.legal {
        palette::ui::GOOD
    } else {
        palette::board::PATH
    };
    b.line(at(0.0), at(reach), w * 1.6, ok.color());
    for &(s0, s1) in &m.slow {
        let (a, e) = (s0.min(reach), s1.min(reach));
        if e > a {
            b.line(at(a), at(e), w * 1.6, palette::board::ASSAULT.color());
        }
    }
    if total > reach + 1e-6 {
        b.dashed(
            at(reach),
            at(total),
            w * 1.2,
            0.3,
            0.2,
            palette::board::LOS_BLOCKED.color(),
        );
    }
    // The base where it would end, and a faint one where it was asked to.
    let ghost = |c: Point| -> Vec<Vec2> {
        base_outline(&s.base)
            .into_iter()
            .map(|q| q + v2(c))
            .collect()
    };
    fill(b, &ghost(m.end), ok.alpha(90).color());
    outline(b, &ghost(m.end), w, ok.color());
    if !m.legal
        && let Some(last) = path.last()
    {
        outline(
            b,
            &ghost(*last),
            w * 0.7,
            palette::board::LOS_BLOCKED.alpha(160).color(),
        );
    }
}
