//! The map sheet and its counters, drawn from the [`BoardLayout`]: flat
//! vertex-coloured meshes and 2D text, nothing copied from the published
//! counter sheet. The counters are pieces that stay between changes (an
//! aircraft flown to another zone slides there); the sheet and the
//! highlights of what can be clicked are drawn again at each change; the
//! events of a command flash where they happen (hits, losses, rescues).

use crate::layout::{self, BoardLayout, COUNTER, HEADER, Item, ItemKind, R1, R2, zone_angle};
use crate::pick::Thing;
use crate::screen::CsarScreen;
use bevy::prelude::*;
use csar_rules::data::ZoneMarkerKind;
use csar_rules::event::Event;
use csar_rules::view::{AircraftView, GunView, MarkerView, SurvivorView};
use csar_rules::{AircraftKind, Csar, Place, Zone};
use std::collections::BTreeSet;
use vt_ui::palette::{self, Rgba, air, board as lit};
use vt_ui::pieces::{self, PieceHome, PieceLook};
use vt_ui::prelude::*;
use vt_ui::shapes::circle_points;

/// The sheet and the highlights, drawn again at each change.
#[derive(Component)]
pub struct CsarSheet;

/// A counter on the board and what clicking it means.
#[derive(Component, Clone, Debug)]
pub struct CsarCounter(pub Option<Thing>);

const INK: Rgba = palette::INK;

/// Draws the board again when the game or the selection changed.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    synced: Res<Synced<Csar>>,
    mut st: ResMut<CsarScreen>,
    sheet: Query<Entity, With<CsarSheet>>,
    counters: Query<(Entity, &PieceKey, &PieceLook, &PieceHome), With<CsarCounter>>,
    mut drawn: Local<Option<(u64, u64)>>,
    mut bounds: ResMut<BoardBounds>,
    mut anim: MessageWriter<Animate>,
    mut board: BoardDraw,
) {
    let key = (synced.generation, st.generation);
    if *drawn == Some(key) {
        return;
    }
    *drawn = Some(key);
    let slides = std::mem::take(&mut st.slide);
    for e in &sheet {
        board.commands.entity(e).despawn();
    }
    let Some(mut p) = board.painter() else { return };
    let Some(layout) = &st.layout else {
        for (e, ..) in &counters {
            p.commands.entity(e).despawn();
        }
        return;
    };
    bounds.0 = Some(layout.bounds);
    let next: BTreeSet<Thing> = st.next();
    let selected: BTreeSet<Thing> = st.picker.selection.iter().copied().collect();
    let view = synced.view.as_ref();
    let fire_zone = view.and_then(|v| v.fire.map(|(z, _)| z));
    let suggested = st.suggested_things();
    let marked = Marked {
        next: &next,
        suggested: &suggested,
        focus: st.focus,
    };
    draw_sheet(&mut p, layout, &marked, fire_zone, view);
    // What can be clicked is ringed; the counters themselves stay.
    let mut marks = ShapeBuilder::new();
    let mut over = ShapeBuilder::new();
    for item in &layout.items {
        // The computer's suggestion, drawn over the counters: under them,
        // its ring showed only between the neighbours in the Orbit Box.
        if item.thing.is_some_and(|t| suggested.contains(&t)) {
            over.rect_outline(item.at, Vec2::splat(COUNTER + 8.0), 4.0, lit::SUGGESTED);
        }
        let ring = match item.thing {
            Some(t) if selected.contains(&t) => Some(lit::SELECTED),
            Some(t) if next.contains(&t) => Some(lit::LIT),
            _ => None,
        };
        if let Some(c) = ring {
            marks.rect_outline(item.at, Vec2::splat(COUNTER + 14.0), 5.0, c);
        }
        if item.thing.is_some() && item.thing == st.focus {
            marks.rect_outline(item.at, Vec2::splat(COUNTER + 26.0), 3.0, lit::FOCUS);
        }
    }
    if !marks.is_empty() {
        let e = p.shape(&marks, Vec3::new(0.0, 0.0, 1.9));
        p.commands.entity(e).insert(CsarSheet);
    }
    if !over.is_empty() {
        let e = p.shape(&over, Vec3::new(0.0, 0.0, 6.9));
        p.commands.entity(e).insert(CsarSheet);
    }
    // The suggestion's first thing on the sheet says what the ring means.
    let first = suggested.iter().find_map(|t| match t {
        Thing::Zone(z) => Some(layout::zone_label_at(*z) - Vec2::new(0.0, 26.0)),
        Thing::Orbit => Some(Vec2::new(
            layout.orbit.center().x,
            layout.orbit.max.y + 14.0,
        )),
        // On the ring's top edge: above it, among the Orbit Box's rows,
        // it sat on the number of the counter above and named that one.
        _ => layout
            .position(*t)
            .map(|at| at + Vec2::new(0.0, COUNTER / 2.0 - 2.0)),
    });
    if let Some(at) = first {
        for e in p.label(at, "suggested", palette::WHITE, lit::SUGGESTED.alpha(230)) {
            p.commands.entity(e).insert(CsarSheet);
        }
    }
    let keys = item_keys(layout);
    // Counters only pile up past a zone's last slot: each a little above
    // the ones it covers, so moving one elsewhere leaves the others' heights.
    let height = |i: usize, at: Vec2| {
        let under = (layout.items[..i].iter())
            .filter(|o| (o.at - at).abs().max_element() < COUNTER)
            .count();
        2.0 + under as f32 * 0.02
    };
    let wanted = (layout.items.iter().zip(&keys).enumerate()).map(|(i, (item, k))| {
        Wanted::new(
            *k,
            counter_spec(item).look(),
            item.at.extend(height(i, item.at)),
        )
    });
    let plan = pieces::plan(counters.iter(), wanted);
    let by_key: Vec<(PieceKey, &Item)> = keys.iter().copied().zip(&layout.items).collect();
    plan.apply(
        &mut p,
        |p, w| {
            let item = by_key.iter().find(|(k, _)| *k == w.key).map(|(_, i)| *i);
            match item {
                Some(item) => counter(p, item, w.home),
                None => p.root((), Transform::from_translation(w.home)),
            }
        },
        slides.then_some(&mut anim),
    );
}

/// A stable name for each counter of the layout: what it is, or its kind
/// and place for markers that are not clicked.
pub fn item_keys(layout: &BoardLayout) -> Vec<PieceKey> {
    let mut seen: Vec<(&'static str, u64)> = Vec::new();
    layout
        .items
        .iter()
        .map(|item| {
            let zone = |z: Zone| Zone::ALL.iter().position(|x| *x == z).unwrap_or(9) as u64;
            match item.thing {
                Some(Thing::Aircraft(a)) => PieceKey("aircraft", a as u64),
                Some(Thing::Gun(g)) => PieceKey("gun", g as u64),
                Some(Thing::Survivor(s)) => PieceKey("survivor", s as u64),
                Some(Thing::Barrage(z)) => PieceKey("barrage", zone(z)),
                Some(Thing::TargetOfOpportunity(z)) => PieceKey("target", zone(z)),
                _ => {
                    let kind = match &item.kind {
                        ItemKind::Hidden(_) => "hidden",
                        ItemKind::Enemy(_) => "enemy",
                        ItemKind::ZoneMarker { .. } => "zone-marker",
                        ItemKind::RulesOfEngagement => "roe",
                        ItemKind::CsGas { .. } => "cs-gas",
                        ItemKind::Smoke { .. } => "smoke",
                        ItemKind::Cluster => "cluster",
                        _ => "other",
                    };
                    let region = match item.region {
                        layout::Region::Zone(z) => zone(z),
                        layout::Region::Orbit => 10,
                        layout::Region::Pool => 11,
                        layout::Region::OffMap => 12,
                    };
                    let n = seen
                        .iter()
                        .filter(|(k, r)| *k == kind && *r == region)
                        .count();
                    seen.push((kind, region));
                    PieceKey(kind, region * 100 + n as u64)
                }
            }
        })
        .collect()
}

/// Where the events of the commands just played happened flash: hits,
/// losses, rescues, reveals; where the thing was when it happened.
pub fn animate_events(
    mut changes: MessageReader<SessionChanged<Csar>>,
    st: Res<CsarScreen>,
    mut anim: MessageWriter<Animate>,
) {
    for change in changes.read() {
        if !change.animate() {
            continue;
        }
        let at = |t: Thing| {
            let find = |l: &Option<BoardLayout>| l.as_ref().and_then(|l| l.position(t));
            find(&st.before).or_else(|| find(&st.layout))
        };
        let zone = |z: Zone| Some(layout::zone_middle(z));
        for e in &change.events {
            let (place, color, word) = match *e {
                Event::HitsScored { zone: z, hits } if hits > 0 => (
                    zone(z),
                    lit::FLASH_HIT,
                    vt_ui::labels::count(hits as usize, "Hit", "Hits"),
                ),
                Event::Shaken { aircraft } => (
                    at(Thing::Aircraft(aircraft)),
                    lit::FLASH_BLAST,
                    "Shaken".into(),
                ),
                Event::ShotDown { aircraft } => (
                    at(Thing::Aircraft(aircraft)),
                    lit::FLASH_LOSS,
                    "Shot down".into(),
                ),
                Event::Destroyed { aircraft, .. } => (
                    at(Thing::Aircraft(aircraft)),
                    lit::FLASH_LOSS,
                    "Destroyed".into(),
                ),
                Event::FastMoverLost { aircraft } => (
                    at(Thing::Aircraft(aircraft)),
                    lit::FLASH_LOSS,
                    "Lost".into(),
                ),
                Event::GunHit { gun, hits, .. } => (
                    at(Thing::Gun(gun)),
                    lit::FLASH_HIT,
                    vt_ui::labels::count(hits as usize, "Hit", "Hits"),
                ),
                Event::GunRemoved { gun, .. } => {
                    (at(Thing::Gun(gun)), lit::FLASH_BLAST, "Gun out".into())
                }
                Event::TargetHit { zone: z, hits, .. } => (
                    at(Thing::TargetOfOpportunity(z)),
                    lit::FLASH_HIT,
                    vt_ui::labels::count(hits as usize, "Hit", "Hits"),
                ),
                Event::TargetDestroyed { zone: z } => (
                    at(Thing::TargetOfOpportunity(z)),
                    lit::FLASH_BLAST,
                    "Destroyed".into(),
                ),
                Event::Rescued { survivor, .. } => (
                    at(Thing::Survivor(survivor)),
                    lit::FLASH_GOOD,
                    "Rescued".into(),
                ),
                Event::Captured { survivor } => (
                    at(Thing::Survivor(survivor)),
                    lit::FLASH_LOSS,
                    "Captured".into(),
                ),
                Event::SurvivorKilled { survivor } => (
                    at(Thing::Survivor(survivor)),
                    lit::FLASH_LOSS,
                    "Killed".into(),
                ),
                Event::SurvivorInjured { survivor } => (
                    at(Thing::Survivor(survivor)),
                    lit::FLASH_HIT,
                    "Injured".into(),
                ),
                Event::MarkerRevealed { zone: z, .. } => {
                    (zone(z), lit::FLASH_INFO, "Revealed".into())
                }
                _ => continue,
            };
            if let Some(p) = place {
                anim.write(Animate::flash(p, FLASH_R, color, word));
            }
        }
    }
}

/// The radius of a flash where something happened.
const FLASH_R: f32 = COUNTER * 0.8;

fn annular_sector(b: &mut ShapeBuilder, r0: f32, r1: f32, a0: f32, a1: f32, color: Rgba) {
    let n = 24;
    for i in 0..n {
        let t0 = a0 + (a1 - a0) * i as f32 / n as f32;
        let t1 = a0 + (a1 - a0) * (i + 1) as f32 / n as f32;
        let (d0, d1) = (Vec2::from_angle(t0), Vec2::from_angle(t1));
        b.polygon(&[d0 * r0, d0 * r1, d1 * r1, d1 * r0], color);
    }
}

fn zone_shape(b: &mut ShapeBuilder, z: Zone, color: Rgba) {
    if z == Zone::Center {
        b.circle(Vec2::ZERO, R1, color, 64);
    } else {
        let a = zone_angle(z);
        let q = std::f32::consts::FRAC_PI_4;
        annular_sector(b, R1, R2, a - q, a + q, color);
    }
}

fn zone_outline(b: &mut ShapeBuilder, z: Zone, width: f32, color: Rgba) {
    if z == Zone::Center {
        b.ellipse_ring(Vec2::ZERO, R1, R1, width, color);
    } else {
        let a = zone_angle(z);
        let q = std::f32::consts::FRAC_PI_4;
        annular_sector(b, R2 - width, R2, a - q, a + q, color);
        annular_sector(b, R1, R1 + width, a - q, a + q, color);
        for edge in [a - q, a + q] {
            let d = Vec2::from_angle(edge);
            b.line(d * R1, d * R2, width * 2.0, color);
        }
    }
}

/// The sheet: the rings, the boxes beside them, their names, and the zones
/// that can be clicked now.
/// What the sheet marks: what can be clicked, the computer's suggestion,
/// what Tab points at.
struct Marked<'a> {
    next: &'a BTreeSet<Thing>,
    suggested: &'a [Thing],
    focus: Option<Thing>,
}

fn draw_sheet(
    p: &mut Painter,
    l: &BoardLayout,
    marked: &Marked,
    fire_zone: Option<Zone>,
    view: Option<&csar_rules::View>,
) {
    let Marked {
        next,
        suggested,
        focus,
    } = *marked;
    let mut b = ShapeBuilder::new();
    b.rect(l.bounds.center(), l.bounds.size(), air::SHEET);
    b.circle(Vec2::ZERO, R2 + 6.0, air::RIM, 96);
    for z in Zone::OUTER {
        let c = match z {
            Zone::North | Zone::South => air::ZONE_NS,
            _ => air::ZONE_EW,
        };
        zone_shape(&mut b, z, c);
    }
    zone_shape(&mut b, Zone::Center, air::ZONE_CENTER);
    if let Some(z) = fire_zone {
        zone_shape(&mut b, z, lit::UNDER_FIRE);
    }
    for z in Zone::ALL {
        zone_outline(&mut b, z, 2.0, air::RIM);
    }
    for z in Zone::ALL {
        if next.contains(&Thing::Zone(z)) {
            zone_outline(&mut b, z, 6.0, lit::LIT);
        }
        if suggested.contains(&Thing::Zone(z)) {
            zone_outline(&mut b, z, 3.0, lit::SUGGESTED);
        }
        if focus == Some(Thing::Zone(z)) {
            zone_outline(&mut b, z, 10.0, lit::FOCUS);
        }
    }
    for (r, orbit) in [(l.orbit, true), (l.pool, false), (l.offmap, false)] {
        b.rect(r.center(), r.size(), air::BOX);
        b.rect(
            Vec2::new(r.center().x, r.max.y - HEADER / 2.0),
            Vec2::new(r.width(), HEADER),
            air::BOX_HEADER,
        );
        let on = orbit && next.contains(&Thing::Orbit);
        b.rect_outline(
            r.center(),
            r.size(),
            if on { 6.0 } else { 2.0 },
            if on { lit::LIT } else { air::BOX_EDGE },
        );
        if orbit && focus == Some(Thing::Orbit) {
            b.rect_outline(r.center(), r.size() + Vec2::splat(26.0), 3.0, lit::FOCUS);
        }
        if orbit && suggested.contains(&Thing::Orbit) {
            b.rect_outline(
                r.center(),
                r.size() + Vec2::splat(14.0),
                4.0,
                lit::SUGGESTED,
            );
        }
    }
    let root = p.root(CsarSheet, Transform::default());
    p.child_shape(root, &b, Vec3::ZERO);
    for z in Zone::ALL {
        let cards = view
            .and_then(|v| v.zones.iter().find(|x| x.zone == z))
            .map_or(0, |zv| zv.cards_assigned);
        let name = zone_title(z, cards);
        let at = layout::zone_label_at(z).extend(1.0);
        p.child_text(root, &name, at, 20.0, air::ZONE_NAME);
    }
    for (r, title) in [
        (l.orbit, "ORBIT BOX"),
        (l.pool, "FAST MOVER POOL"),
        (l.offmap, "NOT ON THE MAP"),
    ] {
        let at = Vec3::new(r.center().x, r.max.y - HEADER / 2.0, 1.0);
        let px = vt_ui::counter::fit_px(title, r.width() - 10.0, 20.0);
        p.child_text(root, title, at, px, air::BOX_NAME);
    }
}

/// A zone's name on the sheet, with the cards assigned there this turn.
/// East and West take the count on a second line: their names run across
/// the ring, and "WEST ZONE - 1/2 cards" ran past the rim, under the panel.
pub fn zone_title(z: Zone, cards: u8) -> String {
    let name = z.name().to_uppercase();
    match (cards, z) {
        (0, _) => name,
        (_, Zone::East | Zone::West) => format!("{name}\n{cards}/2 cards"),
        _ => format!("{name} - {cards}/2 cards"),
    }
}

/// One counter with its tooltip.
fn counter(p: &mut Painter, item: &Item, home: Vec3) -> Entity {
    let spec = counter_spec(item);
    let s = COUNTER;
    let mut b = ShapeBuilder::new();
    b.rect(Vec2::new(s * 0.06, -s * 0.06), Vec2::splat(s), lit::SHADOW);
    let bg = if spec.dim {
        spec.bg.mix(lit::SPENT, 0.6)
    } else {
        spec.bg
    };
    b.rect(Vec2::ZERO, Vec2::splat(s), bg);
    b.rect_outline(Vec2::ZERO, Vec2::splat(s), 1.5, spec.ink.alpha(180));
    append(&mut b, &spec.fitted_symbol());
    if spec.crossed {
        cross(&mut b);
    }
    for (i, badge) in spec.badges.iter().enumerate() {
        let c = Vec2::new(s * 0.5 - 1.0, s * 0.5 - 1.0 - i as f32 * 19.0);
        b.rect(c, Vec2::new(22.0, 17.0), badge.1);
        b.rect_outline(c, Vec2::new(22.0, 17.0), 1.0, INK);
    }
    let mut t = Transform::from_translation(home);
    if spec.rotated {
        // Fired guns and pinpointed Survivors turn ninety degrees right.
        t.rotate_z(-std::f32::consts::FRAC_PI_2);
    }
    let id = p.root((CsarCounter(item.thing), spec.tooltip), t);
    p.child_shape(id, &b, Vec3::ZERO);
    // Every word inside the counter's edge, whatever its length.
    let fit = |text: &str, px: f32| vt_ui::counter::fit_px(text, s * 0.9, px);
    if !spec.top.is_empty() {
        let at = Vec3::new(0.0, s * 0.35, 0.05);
        p.child_text(id, &spec.top, at, fit(&spec.top, 13.0), spec.ink);
    }
    if !spec.middle.is_empty() {
        let at = Vec3::new(0.0, spec.middle_y, 0.05);
        let px = fit(&spec.middle, spec.middle_px);
        p.child_text(id, &spec.middle, at, px, spec.ink);
    }
    if !spec.bottom.is_empty() {
        let px = fit(&spec.bottom, spec.bottom_px);
        // Lowered by the letters' rise, so the number's figures (not its
        // line box) centre on the bottom line, clear of the symbol.
        let at = Vec3::new(0.0, -s * 0.32 - GLYPH_RISE * px, 0.05);
        p.child_text(id, &spec.bottom, at, px, spec.ink);
    }
    for (i, badge) in spec.badges.iter().enumerate() {
        let c = Vec3::new(s * 0.5 - 1.0, s * 0.5 - 1.0 - i as f32 * 19.0, 0.06);
        p.child_text(id, &badge.0, c, 13.0, badge.1.ink());
    }
    id
}

type Symbol = fn(&mut ShapeBuilder, Rgba);

/// How one counter looks.
pub struct CounterLook {
    pub bg: Rgba,
    pub ink: Rgba,
    pub top: String,
    pub middle: String,
    pub middle_px: f32,
    pub middle_y: f32,
    pub bottom: String,
    pub bottom_px: f32,
    /// Small tabs at the upper right: (text, colour).
    pub badges: Vec<(String, Rgba)>,
    pub rotated: bool,
    pub dim: bool,
    pub symbol: Symbol,
    /// Out of play: crossed out.
    pub crossed: bool,
    pub tooltip: Tooltip,
}

/// The size of the top word's letters (at most: a long word is smaller).
const TOP_PX: f32 = 13.0;

/// How far a line's capitals and figures stand above the point it is
/// centred on, in its own points: the line box holds the descenders too.
/// Measured on screen (issue 14: a Sandy's "1" reached up to the plane's
/// tail, the number's figures centred a fifth of its size above the line).
const GLYPH_RISE: f32 = 0.2;

/// Half the height of capitals and figures, in the line's points (0.68 of
/// its size, measured on screen).
const CAP_HALF: f32 = 0.34;

impl CounterLook {
    /// The band between the top word and the bottom line where the symbol
    /// goes (counter units, bottom to top): "SANDY" touched the wing.
    pub fn symbol_band(&self) -> (f32, f32) {
        let s = COUNTER;
        // Half a line of capitals and a point of air.
        let hi = if self.top.is_empty() {
            s * 0.45
        } else {
            s * 0.35 - 0.4 * TOP_PX - 1.0
        };
        let lo = if self.bottom.is_empty() {
            -s * 0.45
        } else {
            // The figures are centred on the line (see `counter`).
            -s * 0.32 + CAP_HALF * self.bottom_px + 1.0
        };
        (lo, hi)
    }

    /// The symbol, made smaller and moved where it would touch the words.
    pub fn fitted_symbol(&self) -> ShapeBuilder {
        let mut sym = ShapeBuilder::new();
        (self.symbol)(&mut sym, self.ink);
        let (lo, hi) = self.symbol_band();
        let ys = || sym.positions.iter().map(|p| p[1]);
        let (Some(min), Some(max)) = (ys().reduce(f32::min), ys().reduce(f32::max)) else {
            return sym;
        };
        let k = ((hi - lo) / (max - min)).min(1.0);
        let mid = (min + max) / 2.0;
        let half = (max - min) * k / 2.0;
        let to = mid.clamp(lo + half, hi - half);
        for p in &mut sym.positions {
            p[0] *= k;
            p[1] = to + (p[1] - mid) * k;
        }
        sym
    }
}

/// Adds `more`'s triangles to `b`.
fn append(b: &mut ShapeBuilder, more: &ShapeBuilder) {
    let base = b.positions.len() as u32;
    b.positions.extend_from_slice(&more.positions);
    b.colors.extend_from_slice(&more.colors);
    b.indices.extend(more.indices.iter().map(|i| i + base));
}

impl CounterLook {
    /// What is drawn, as a hash (not where: a counter that only moves keeps
    /// its entity and slides).
    pub fn look(&self) -> u64 {
        let mut shape = ShapeBuilder::new();
        (self.symbol)(&mut shape, self.ink);
        pieces::look_of(&(
            (self.bg, self.ink, &self.top, &self.middle, &self.bottom),
            (
                self.middle_px.to_bits(),
                self.middle_y.to_bits(),
                self.bottom_px.to_bits(),
            ),
            (&self.badges, self.rotated, self.dim, self.crossed),
            &self.tooltip,
            shape.indices.len(),
        ))
    }
}

fn no_symbol(_: &mut ShapeBuilder, _: Rgba) {}

fn look(bg: Rgba, top: &str, tooltip: Tooltip) -> CounterLook {
    CounterLook {
        bg,
        ink: bg.ink(),
        top: top.into(),
        middle: String::new(),
        middle_px: 22.0,
        middle_y: 0.0,
        bottom: String::new(),
        bottom_px: 20.0,
        badges: Vec::new(),
        rotated: false,
        dim: false,
        symbol: no_symbol,
        crossed: false,
        tooltip,
    }
}

fn sandy(b: &mut ShapeBuilder, ink: Rgba) {
    // A straight-winged propeller aircraft seen from above.
    b.line(Vec2::new(-22.0, 4.0), Vec2::new(22.0, 4.0), 5.0, ink);
    b.line(Vec2::new(0.0, 14.0), Vec2::new(0.0, -14.0), 5.0, ink);
    b.line(Vec2::new(-8.0, -12.0), Vec2::new(8.0, -12.0), 3.5, ink);
    b.line(Vec2::new(-6.0, 16.0), Vec2::new(6.0, 16.0), 2.0, ink);
}

fn fac(b: &mut ShapeBuilder, ink: Rgba) {
    // A small high-wing spotter with twin booms.
    b.line(Vec2::new(-20.0, 6.0), Vec2::new(20.0, 6.0), 3.5, ink);
    b.line(Vec2::new(-5.0, 6.0), Vec2::new(-5.0, -12.0), 2.0, ink);
    b.line(Vec2::new(5.0, 6.0), Vec2::new(5.0, -12.0), 2.0, ink);
    b.line(Vec2::new(-7.0, -12.0), Vec2::new(7.0, -12.0), 2.5, ink);
    b.circle(Vec2::new(0.0, 9.0), 4.0, ink, 10);
}

fn helicopter(b: &mut ShapeBuilder, ink: Rgba) {
    b.line(Vec2::new(-20.0, 14.0), Vec2::new(20.0, -6.0), 2.5, ink);
    b.line(Vec2::new(-20.0, -6.0), Vec2::new(20.0, 14.0), 2.5, ink);
    b.ellipse_ring(Vec2::new(0.0, 4.0), 8.0, 6.0, 3.0, ink);
    b.line(Vec2::new(0.0, -2.0), Vec2::new(0.0, -16.0), 2.5, ink);
    b.line(Vec2::new(-5.0, -16.0), Vec2::new(5.0, -16.0), 2.5, ink);
}

fn fast_mover(b: &mut ShapeBuilder, ink: Rgba) {
    // Swept wings.
    b.polygon(
        &[
            Vec2::new(0.0, 17.0),
            Vec2::new(-19.0, -6.0),
            Vec2::new(-4.0, -3.0),
            Vec2::new(0.0, 0.0),
        ],
        ink,
    );
    b.polygon(
        &[
            Vec2::new(0.0, 17.0),
            Vec2::new(0.0, 0.0),
            Vec2::new(4.0, -3.0),
            Vec2::new(19.0, -6.0),
        ],
        ink,
    );
    b.line(Vec2::new(0.0, 14.0), Vec2::new(0.0, -14.0), 4.0, ink);
    b.line(Vec2::new(-8.0, -13.0), Vec2::new(8.0, -13.0), 3.0, ink);
}

fn gun(b: &mut ShapeBuilder, ink: Rgba) {
    b.circle(Vec2::new(0.0, 2.0), 6.0, ink, 12);
    b.line(Vec2::new(0.0, 2.0), Vec2::new(14.0, 14.0), 3.0, ink);
    b.line(Vec2::new(0.0, 2.0), Vec2::new(-14.0, 14.0), 3.0, ink);
}

fn survivor(b: &mut ShapeBuilder, ink: Rgba) {
    // A canopy over a figure, between the name and the state: a taller
    // one covered the foot of "SURV 1".
    let pts = circle_points(Vec2::new(0.0, 5.0), 16.0, 8.0, 20);
    let top: Vec<Vec2> = pts.into_iter().filter(|p| p.y >= 5.0).collect();
    if top.len() >= 3 {
        b.polygon(&top, ink);
    }
    b.line(Vec2::new(-15.0, 5.0), Vec2::new(0.0, -5.0), 1.0, ink);
    b.line(Vec2::new(15.0, 5.0), Vec2::new(0.0, -5.0), 1.0, ink);
    b.circle(Vec2::new(0.0, -4.0), 2.5, ink, 10);
    b.line(Vec2::new(0.0, -6.0), Vec2::new(0.0, -12.0), 2.5, ink);
}

fn barrage(b: &mut ShapeBuilder, ink: Rgba) {
    for (x, y) in [
        (-12.0, 6.0),
        (0.0, 12.0),
        (12.0, 6.0),
        (-6.0, -4.0),
        (6.0, -4.0),
    ] {
        b.circle(Vec2::new(x, y), 3.5, ink, 8);
    }
}

fn face_down(b: &mut ShapeBuilder, ink: Rgba) {
    b.ellipse_ring(Vec2::new(0.0, 2.0), 14.0, 14.0, 2.0, ink.alpha(128));
}

fn aircraft_look(a: &AircraftView, aboard: u8) -> CounterLook {
    let (bg, kind, symbol): (Rgba, &str, Symbol) = match a.kind {
        AircraftKind::Sandy => (air::SANDY, "SANDY", sandy),
        AircraftKind::Fac => (air::FAC, "FAC", fac),
        AircraftKind::Helicopter => (air::HELICOPTER, "HELO", helicopter),
        AircraftKind::FastMover => (air::FAST_MOVER, "FAST", fast_mover),
    };
    let bg = if a.shaken { air::SHAKEN } else { bg };
    let mut tip = Tooltip::new(a.name.clone(), COUNTER / 2.0).line(format!(
        "{}, {} side up",
        a.kind.name(),
        if a.shaken { "Shaken" } else { "Cool" }
    ));
    let mut l = look(bg, kind, Tooltip::default());
    l.symbol = symbol;
    l.middle_y = 2.0;
    l.bottom = a.id.to_string();
    l.bottom_px = 22.0;
    if a.kind == AircraftKind::FastMover {
        let side = if a.exit { "EXIT" } else { "ENTER" };
        l.badges.push((
            if a.exit { "EX" } else { "EN" }.into(),
            if a.exit {
                air::BADGE_EXIT
            } else {
                air::BADGE_ENTER
            },
        ));
        tip = tip.line(format!("{side} side up (2.1.3)"));
    }
    if a.shaken {
        l.badges.push(("SH".into(), air::BADGE_SHAKEN));
    }
    if aboard > 0 {
        l.badges.push((format!("+{aboard}"), air::BADGE_ABOARD));
        tip = tip.line(format!(
            "{} aboard",
            vt_ui::labels::count(aboard as usize, "Survivor", "Survivors")
        ));
    }
    if a.cards > 0 {
        l.badges.push((format!("C{}", a.cards), air::BADGE_CARDS));
        tip = tip.line(format!(
            "{} assigned",
            vt_ui::labels::count(a.cards as usize, "Aircraft card", "Aircraft cards")
        ));
    }
    if let Some(p) = &a.pilot {
        l.badges.push(("P".into(), air::BADGE_PILOT));
        tip = tip.line(format!("Pilot/PJ: {p}"));
    }
    if a.moved && a.kind == AircraftKind::Helicopter {
        tip = tip.line("Moved this turn: no rescue this turn (4.3.5)");
    }
    match a.place {
        Place::Arriving(t) => {
            l.dim = true;
            l.badges.push((format!("T{t}"), air::BADGE_TURN));
            tip = tip.line(format!("Arrives in the Orbit Box on turn {t}"));
        }
        Place::Removed => {
            l.dim = true;
            l.crossed = true;
            tip = tip.line("Out of play");
        }
        _ => {}
    }
    l.tooltip = tip;
    l
}

fn cross(b: &mut ShapeBuilder) {
    let c = lit::OUT_OF_PLAY;
    b.line(Vec2::new(-26.0, -26.0), Vec2::new(26.0, 26.0), 4.0, c);
    b.line(Vec2::new(-26.0, 26.0), Vec2::new(26.0, -26.0), 4.0, c);
}

fn gun_look(g: &GunView) -> CounterLook {
    let bg = if g.suppressed {
        air::GUN_SUPPRESSED
    } else {
        air::GUN
    };
    let fp = match g.far {
        Some(f) => format!("{}/{}{}", g.near, f, if g.any_range { "*" } else { "" }),
        None => g.near.to_string(),
    };
    let mut tip = Tooltip::new(format!("{} ({fp})", g.name), COUNTER / 2.0).line(match g.far {
        Some(f) => format!(
            "Firepower {} into its own zone, {f} into {} (9.5)",
            g.near,
            if g.any_range {
                "any zone"
            } else {
                "adjacent zones"
            }
        ),
        None => format!("Firepower {}, its own zone only (9.5)", g.near),
    });
    let mut l = look(bg, &g.name, Tooltip::default());
    l.symbol = gun;
    l.bottom = fp;
    l.bottom_px = 22.0;
    if g.suppressed {
        l.top = format!("{} SUPP.", g.name);
        tip = tip.line("Suppressed: cannot fire");
    } else {
        tip = tip.line("Active");
    }
    if g.fired {
        l.rotated = true;
        tip = tip.line("Fired this turn (rotated)");
    }
    if g.hits > 0 {
        l.badges.push((format!("H{}", g.hits), air::BADGE_HITS));
        tip = tip.line(format!(
            "{} this turn (9.1)",
            vt_ui::labels::count(g.hits as usize, "Hit", "Hits")
        ));
    }
    if g.mark > 0 {
        l.badges.push((format!("M{}", g.mark), air::BADGE_MARK));
        tip = tip.line(format!(
            "MARK {}: Attack and Napalm hits doubled (9.2)",
            if g.mark == 1 { "ONE" } else { "TWO" }
        ));
    }
    l.tooltip = tip;
    l
}

fn marker_look(m: &MarkerView, hidden: bool) -> CounterLook {
    let (bg, name) = if hidden {
        (air::HIDDEN, "HIDDEN")
    } else {
        (air::ENEMY, "ENEMY")
    };
    let mut l = look(bg, name, Tooltip::default());
    let mut tip = Tooltip::new(
        format!("{} marker", if hidden { "Hidden" } else { "Enemy" }),
        COUNTER / 2.0,
    );
    match m {
        MarkerView::Revealed(v) => {
            l.middle = v.label();
            l.middle_px = 28.0;
            l.middle_y = -6.0;
            tip = tip.line(format!("Revealed: {} (9.4)", v.label()));
        }
        _ => {
            l.symbol = face_down;
            l.middle = "?".into();
            l.middle_px = 22.0;
            l.middle_y = 0.0;
            tip = tip.line("Face down: revealed by a helicopter, Troll for Fire or a rescue (9.4)");
        }
    }
    l.tooltip = tip;
    l
}

fn zone_marker_look(kind: ZoneMarkerKind, hits: u8, mark: u8) -> CounterLook {
    let (short, what) = match kind {
        ZoneMarkerKind::CoordinatedFire => {
            ("COORD.\nFIRE", "+1 to the Zone Firepower into this zone")
        }
        ZoneMarkerKind::Entrenchment => (
            "ENTRENCH-\nMENT",
            "one draw fewer in Bomb Damage Assessment here",
        ),
        ZoneMarkerKind::HeavyJungle => ("HEAVY\nJUNGLE", "no Troll for Fire here"),
        ZoneMarkerKind::Impassable => (
            "IMPASS-\nABLE",
            "no Move Survivor or Exfil Team into, out of or through",
        ),
        ZoneMarkerKind::TargetOfOpportunity => (
            "TARGET\nOF OPP.",
            "can be attacked like a gun; destroyed: Abort marker two toward 0",
        ),
        ZoneMarkerKind::Village => ("VILLAGE", "no CS Gas, CBU or Napalm by aircraft here"),
    };
    let bg = if kind == ZoneMarkerKind::TargetOfOpportunity {
        air::TARGET_OF_OPPORTUNITY
    } else {
        air::ZONE_MARKER
    };
    let mut l = look(bg, "", Tooltip::default());
    l.middle = short.into();
    l.middle_px = 12.0;
    let mut tip = Tooltip::new(kind.name(), COUNTER / 2.0).line(format!("{what} (9.3)"));
    if hits > 0 {
        l.badges.push((format!("H{hits}"), air::BADGE_HITS));
        tip = tip.line(format!(
            "{} this turn",
            vt_ui::labels::count(hits as usize, "Hit", "Hits")
        ));
    }
    if mark > 0 {
        l.badges.push((format!("M{mark}"), air::BADGE_MARK));
        tip = tip.line("Marked: Attack and Napalm hits doubled");
    }
    l.tooltip = tip;
    l
}

fn side_word(side: u8) -> &'static str {
    if side <= 1 { "ONE" } else { "TWO" }
}

fn survivor_look(s: &SurvivorView) -> CounterLook {
    let bg = if s.injured {
        air::SURVIVOR_INJURED
    } else {
        air::SURVIVOR
    };
    let mut l = look(bg, &format!("SURV {}", s.index + 1), Tooltip::default());
    l.symbol = survivor;
    l.bottom = if s.injured { "INJURED" } else { "HEALTHY" }.into();
    l.bottom_px = 12.0;
    let mut tip = Tooltip::new(format!("Survivor {}", s.index + 1), COUNTER / 2.0)
        .line(if s.injured { "Injured" } else { "Healthy" });
    if let Some(p) = &s.pilot {
        tip = tip.line(format!("Crew of the Pilot/PJ card {p}"));
    }
    if !s.pinpointed {
        tip = tip.line("Not yet pinpointed (6.2)");
    }
    l.tooltip = tip;
    l
}

fn counter_spec(item: &Item) -> CounterLook {
    let r = COUNTER / 2.0;
    match &item.kind {
        ItemKind::Aircraft { view, aboard } => aircraft_look(view, *aboard),
        ItemKind::Gun(g) => gun_look(g),
        ItemKind::Hidden(m) => marker_look(m, true),
        ItemKind::Enemy(m) => marker_look(m, false),
        ItemKind::ZoneMarker { kind, hits, mark } => zone_marker_look(*kind, *hits, *mark),
        ItemKind::RulesOfEngagement => {
            let mut l = look(
                air::RULES_OF_ENGAGEMENT,
                "",
                Tooltip::new("Rules of Engagement", r).line("Event card in play in this zone"),
            );
            l.middle = "RULES OF\nENGAGE-\nMENT".into();
            l.middle_px = 11.0;
            l
        }
        ItemKind::CsGas { side } => {
            let mut l = look(
                air::CS_GAS,
                "CS GAS",
                Tooltip::new(format!("CS Gas {}", side_word(*side)), r)
                    .line("Suppresses the guns in this zone (9.2)")
                    .line("Rescues anywhere draw one card fewer (4.3.5)"),
            );
            l.middle = side_word(*side).into();
            l.middle_px = 18.0;
            l
        }
        ItemKind::Smoke { side } => {
            let mut l = look(
                air::SMOKE,
                "SMOKE",
                Tooltip::new(format!("Smoke {}", side_word(*side)), r)
                    .line("Zone Firepower into this zone -1 (9.2)")
                    .line("Rescues here draw one card fewer (4.3.5)"),
            );
            l.middle = side_word(*side).into();
            l.middle_px = 18.0;
            l
        }
        ItemKind::Cluster => {
            let mut l = look(
                air::CLUSTER,
                "CLUSTER",
                Tooltip::new("Cluster Munitions", r)
                    .line("No Survivor moves into, out of or through this zone (9.2)"),
            );
            l.middle = "CBU".into();
            l.middle_px = 20.0;
            l.ink = air::CLUSTER_PRINT;
            l
        }
        ItemKind::Barrage { count } => {
            let mut l = look(
                air::BARRAGE,
                "BARRAGE",
                Tooltip::new(format!("Barrage x{count}"), r)
                    .line("Aircraft here turn Shaken at Marker Adjustment (9.5)")
                    .line("An Attack card removes one"),
            );
            l.symbol = barrage;
            if *count > 1 {
                l.bottom = format!("x{count}");
            }
            l
        }
        ItemKind::Survivor { view, turned } => {
            let mut l = survivor_look(view);
            l.rotated = *turned;
            l
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zone_flash_and_its_word_stay_on_the_rings() {
        // Issue 14: "Revealed" at North went over the ring, under the top
        // bar. The word stands 1.25 radii above the flash, some 20 high.
        for z in Zone::ALL {
            let top = layout::zone_middle(z) + Vec2::new(0.0, FLASH_R * 1.25 + 12.0);
            assert!(top.length() < R2, "{z:?}: {top}");
            assert_eq!(layout::zone_at(layout::zone_middle(z)), Some(z));
        }
    }

    #[test]
    fn east_and_west_titles_stay_inside_the_ring() {
        // Issue 14: "WEST ZONE - 1/2 cards" ran past the rim, under the
        // left panel. Capitals at 20 px are some 12 wide ("WEST ZONE"
        // measured 108 on screen); 12.5 leaves a margin.
        for z in [Zone::East, Zone::West] {
            for cards in 0..=2 {
                let title = zone_title(z, cards);
                let at = layout::zone_label_at(z);
                for line in title.lines() {
                    let half = line.chars().count() as f32 * 12.5 / 2.0;
                    assert!(at.x.abs() + half < R2, "{line:?} leaves the ring");
                }
                assert_eq!(title.contains("/2 cards"), cards > 0);
            }
        }
    }

    #[test]
    fn aircraft_symbols_keep_off_the_words() {
        // Issue 14: the "SANDY" label touched the plane symbol.
        for kind in [
            AircraftKind::Sandy,
            AircraftKind::Fac,
            AircraftKind::Helicopter,
            AircraftKind::FastMover,
        ] {
            let a = AircraftView {
                index: 0,
                id: 8,
                name: "Sandy 8".into(),
                kind,
                place: Place::Orbit,
                shaken: false,
                exit: false,
                moved: false,
                cards: 0,
                pilot: None,
            };
            let look = aircraft_look(&a, 0);
            let (lo, hi) = look.symbol_band();
            assert!(lo < hi);
            // The number's figures, centred on the bottom line, stay below
            // the band and on the counter ("1" reached the Sandy's tail).
            let line = -COUNTER * 0.32;
            assert!(line + CAP_HALF * look.bottom_px < lo, "{kind:?}");
            assert!(
                line - CAP_HALF * look.bottom_px > -COUNTER / 2.0,
                "{kind:?}"
            );
            let sym = look.fitted_symbol();
            assert!(!sym.positions.is_empty());
            for p in &sym.positions {
                assert!(
                    p[1] >= lo - 0.01 && p[1] <= hi + 0.01,
                    "{kind:?}: {p:?} outside {lo}..{hi}"
                );
                assert!(
                    p[0].abs() <= COUNTER / 2.0,
                    "{kind:?}: {p:?} off the counter"
                );
            }
        }
    }
}
