//! Drawing the board from the viewing side's view: the map (once per
//! game), then the counters, markers and highlights whenever the game or
//! the selection changes, and a light layer for what follows the pointer
//! (the line of sight, the units a menu line would use).

use crate::model::{self, short_name};
use crate::pick::{AimKind, Tool};
use crate::{FteScreen, panels};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::window::PrimaryWindow;
use fte_rules::data::{Role, Terrain, Weapon};
use fte_rules::geo::{Hex, HexExt};
use fte_rules::map::Map;
use fte_rules::state::{Altitude, CacheKind, CasualtyKind, Side};
use fte_rules::view::{UnitView, View};
use fte_rules::{Command, Fte};
use std::collections::BTreeMap;
use vt_ui::board::{BoardBounds, BoardCamera, BoardRect, Tooltip};
use vt_ui::counter::{CounterSpec, UnitSymbol, spawn_counter};
use vt_ui::hexmap::{
    HexMapSpec, HexsideKind, MapCoord, MapGeometry, PathKind, TerrainStyle, TerrainSymbol,
    spawn_hex_map,
};
use vt_ui::highlight::{HighlightKind, highlight_shape};
use vt_ui::screen::Screen;
use vt_ui::shapes::{ShapeBuilder, spawn_shape};

/// Hex circumradius in world units.
pub const HEX: f32 = 48.0;
/// Counter edge.
pub const COUNTER: f32 = 44.0;
/// The most the first view zooms out (world units per pixel): hexes stay
/// big enough to read the counters.
pub const READABLE_SCALE: f32 = 1.15;

/// Everything drawn for the current view (counters, markers, highlights).
#[derive(Component)]
pub struct FteBoard;

/// What follows the pointer.
#[derive(Component)]
pub struct FteHover;

/// The drawn map.
#[derive(Component)]
pub struct FteMap(pub String);

/// What a counter on the board shows, for tests and the stack window.
#[derive(Component, Clone, Debug)]
pub struct CounterOf(pub Hex);

pub fn coord(h: Hex) -> MapCoord {
    MapCoord::new(h.col, h.row)
}

pub fn geometry() -> MapGeometry {
    MapGeometry::new(HEX)
}

pub fn center(h: Hex) -> Vec2 {
    geometry().center(coord(h))
}

fn terrain_color(t: Terrain) -> (u8, u8, u8) {
    match t {
        Terrain::Clear => (200, 192, 138),
        Terrain::Hamlet => (188, 158, 118),
        Terrain::Grass => (168, 178, 104),
        Terrain::RicePaddy => (146, 180, 150),
        Terrain::Jungle => (58, 104, 54),
    }
}

fn terrain_symbol(t: Terrain) -> TerrainSymbol {
    match t {
        Terrain::Clear => TerrainSymbol::None,
        Terrain::Hamlet => TerrainSymbol::Huts,
        Terrain::Grass => TerrainSymbol::Grass,
        Terrain::RicePaddy => TerrainSymbol::Paddy,
        Terrain::Jungle => TerrainSymbol::Trees,
    }
}

/// The hex's terrain as the hover label reads it ("Jungle, level 1").
pub fn terrain_label(t: Terrain, level: u8) -> String {
    if level == 0 {
        t.name().to_string()
    } else {
        format!("{}, level {level}", t.name())
    }
}

/// The map as the renderer takes it: terrain (higher ground lighter and
/// browner), slopes along hexsides with their high side, streams, trails
/// and roads.
pub fn map_spec(map: &Map) -> HexMapSpec {
    let mut spec = HexMapSpec {
        hex_size: HEX,
        ..Default::default()
    };
    let mut styles = BTreeMap::new();
    for &h in map.hexes() {
        let Some(t) = map.terrain(h) else { continue };
        let level = map.level(h);
        let label = terrain_label(t, level);
        let (r, g, b) = terrain_color(t);
        let base = Color::srgb_u8(r, g, b);
        let color = base.mix(
            &Color::srgb(0.72, 0.6, 0.42),
            (level as f32 * 0.18).min(0.6),
        );
        styles.insert(
            label.to_lowercase(),
            TerrainStyle {
                name: label.clone(),
                color,
                symbol: terrain_symbol(t),
            },
        );
        spec.hexes.push((coord(h), label));
        for n in h.neighbors() {
            if n <= h || !map.in_play(n) {
                continue;
            }
            if let Some(high) = map.slope_between(h, n) {
                let low = if high == h { n } else { h };
                spec.hexsides
                    .push((coord(high), coord(low), HexsideKind::Slope));
            }
            if map.stream_between(h, n) {
                spec.hexsides
                    .push((coord(h), coord(n), HexsideKind::Stream));
            }
            if map.road_between(h, n) {
                spec.paths.push((PathKind::Road, vec![coord(h), coord(n)]));
            } else if map.trail_between(h, n) {
                spec.paths.push((PathKind::Trail, vec![coord(h), coord(n)]));
            }
        }
    }
    spec.terrain = styles;
    spec
}

const US: Color = Color::srgb(0.33, 0.47, 0.27);
const NVA: Color = Color::srgb(0.55, 0.38, 0.22);
const VC: Color = Color::srgb(0.52, 0.52, 0.5);

pub fn side_color(u: &UnitView) -> Color {
    use fte_rules::data::Nation;
    match u.nation {
        Nation::Us => US,
        Nation::Nva => NVA,
        Nation::Vc => VC,
    }
}

fn symbol(role: Role) -> UnitSymbol {
    match role {
        Role::FireTeam | Role::Dummy => UnitSymbol::Infantry,
        Role::WeaponsTeam => UnitSymbol::Mechanized,
        Role::Mortar => UnitSymbol::Mortar,
        Role::Leader => UnitSymbol::Headquarters,
        Role::ForwardObserver => UnitSymbol::Artillery,
        Role::Sniper => UnitSymbol::Recon,
        Role::Sapper => UnitSymbol::Engineer,
        Role::Medic | Role::Civilians => UnitSymbol::Plain,
        Role::Vehicle => UnitSymbol::Armor,
        Role::Slick | Role::Hog | Role::Cobra => UnitSymbol::Helicopter,
    }
}

pub fn weapon_color(w: Weapon) -> Color {
    match w {
        Weapon::SmallArms => Color::srgb(0.78, 0.12, 0.1),
        Weapon::DualPurpose => Color::srgb(0.95, 0.95, 0.93),
        Weapon::HE => Color::srgb(0.95, 0.8, 0.15),
    }
}

/// The status markers on a unit, as the counter and the stack list show
/// them: (short word, long words, colour).
pub fn markers(view: &View, u: &UnitView) -> Vec<(String, String, Color)> {
    let mut v = Vec::new();
    let mut add = |short: &str, long: String, c: (f32, f32, f32)| {
        v.push((short.to_string(), long, Color::srgb(c.0, c.1, c.2)))
    };
    if u.concealed {
        add("CONC", "Concealed (18.1)".into(), (0.2, 0.25, 0.35));
    }
    if u.broken {
        add("BRKN", "Broken (7.4)".into(), (0.8, 0.15, 0.12));
    }
    if u.suppressed {
        add("SUPP", "Suppressed (7.4)".into(), (0.95, 0.8, 0.2));
    }
    if u.exhausted {
        add("EXH", "Exhausted (6.6)".into(), (0.9, 0.5, 0.15));
    }
    if u.low_ammo {
        add("AMMO", "Low Ammo (19.2)".into(), (0.55, 0.4, 0.3));
    }
    if u.hero {
        add("HERO", "Hero (19.4)".into(), (0.95, 0.75, 0.2));
    }
    if u.searching > 0 {
        add(
            &format!("SRCH{}", u.searching),
            format!("Searching -{} (9.0)", u.searching),
            (0.55, 0.35, 0.7),
        );
    }
    if u.op_fired {
        add("OPF", "Op Fired (21.0)".into(), (0.2, 0.6, 0.6));
    }
    if u.immobilized {
        add("IMMOB", "Immobilized (7.4)".into(), (0.5, 0.5, 0.5));
    }
    if u.downed {
        add(
            "DOWN",
            "Downed: may only unload (7.4)".into(),
            (0.6, 0.2, 0.2),
        );
    }
    if u.in_fort {
        let kind = view
            .caches
            .iter()
            .find(|c| Some(c.hex) == u.hex && c.kind.is_some_and(|k| k.is_fort()))
            .and_then(|c| c.kind);
        match kind {
            Some(CacheKind::Foxholes) => {
                add("FOXH", "In Foxholes (25.0)".into(), (0.45, 0.4, 0.25))
            }
            _ => add("BNKR", "In a Bunker (24.0)".into(), (0.35, 0.3, 0.2)),
        }
    }
    if matches!(u.altitude, Altitude::Treetop | Altitude::High)
        || matches!(u.unit_type.as_str(), "us-slick" | "us-hog" | "us-cobra")
    {
        let a = model::altitude_word(u.altitude);
        let tag = match u.altitude {
            Altitude::High => "HIGH",
            Altitude::Treetop => "TTOP",
            Altitude::Ground => "GRND",
        };
        add(tag, format!("{a} level (6.8)"), (0.3, 0.5, 0.8));
    }
    for c in view
        .casualties
        .iter()
        .filter(|c| c.carried_by == Some(u.id))
    {
        add(
            match c.kind {
                CasualtyKind::Kia => "+KIA",
                CasualtyKind::Wia => "+WIA",
                CasualtyKind::Injury => "+INJ",
            },
            format!("Carrying a {} (7.5.2)", c.kind.name()),
            (0.9, 0.9, 0.9),
        );
    }
    if u.activated {
        add("DONE", "Activation Complete (5.0)".into(), (0.3, 0.3, 0.3));
    }
    v
}

/// The tooltip of a unit.
pub fn unit_tooltip(view: &View, u: &UnitView) -> Tooltip {
    let mut t = Tooltip::new(model::unit_name(view, u.id), COUNTER * 0.6);
    let fire = match u.fire {
        Some(f) => format!("Fire Rating {f} ({})", u.weapon.name()),
        None => "no Fire Rating".into(),
    };
    let range = u.range.map(|r| format!(", Range {r}")).unwrap_or_default();
    t = t.line(format!("{fire}{range}"));
    t = t.line(format!(
        "Troop Quality {}{}, {} troops",
        u.troop_quality,
        if u.unit_type.ends_with("leader") {
            " (Leader)"
        } else {
            ""
        },
        u.troops
    ));
    if u.defense != 0 {
        t = t.line(format!("Defensive Modifier {:+}", u.defense));
    }
    if u.reduced {
        t = t.line("Reduced");
    }
    for (_, long, _) in markers(view, u) {
        t = t.line(long);
    }
    t
}

/// The drawn things in a hex, bottom to top (18.1: Visible units on top of
/// Concealed ones).
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    Cache(usize),
    Casualty(usize),
    Unit(usize),
    Marker(usize),
}

pub fn pieces(view: &View) -> BTreeMap<Hex, Vec<Piece>> {
    let mut m: BTreeMap<Hex, Vec<Piece>> = BTreeMap::new();
    for (i, c) in view.caches.iter().enumerate() {
        m.entry(c.hex).or_default().push(Piece::Cache(i));
    }
    for (i, c) in view.casualties.iter().enumerate() {
        if c.carried_by.is_none()
            && let Some(h) = c.hex
        {
            m.entry(h).or_default().push(Piece::Casualty(i));
        }
    }
    let on_map = |u: &&UnitView| u.hex.is_some() && u.loaded_on.is_none();
    for (i, u) in view.units.iter().enumerate().filter(|(_, u)| on_map(u)) {
        if u.concealed {
            m.entry(u.hex.expect("on map"))
                .or_default()
                .push(Piece::Unit(i));
        }
    }
    for (i, c) in view.concealed.iter().enumerate() {
        m.entry(c.hex).or_default().push(Piece::Marker(i));
    }
    for (i, u) in view.units.iter().enumerate().filter(|(_, u)| on_map(u)) {
        if !u.concealed {
            m.entry(u.hex.expect("on map"))
                .or_default()
                .push(Piece::Unit(i));
        }
    }
    m
}

struct Draw<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    meshes: &'a mut Assets<Mesh>,
    materials: &'a mut Assets<ColorMaterial>,
}

impl Draw<'_, '_, '_> {
    fn shape(&mut self, b: &ShapeBuilder, at: Vec3) -> Entity {
        let e = spawn_shape(self.commands, self.meshes, self.materials, b, at);
        self.commands.entity(e).insert(FteBoard);
        e
    }

    fn text(&mut self, t: &str, at: Vec3, px: f32, color: Color) -> Entity {
        self.commands
            .spawn((
                FteBoard,
                Text2d::new(t),
                TextFont::from_font_size(px),
                TextColor(color),
                Anchor::CENTER,
                Transform::from_translation(at),
            ))
            .id()
    }

    fn child_text(&mut self, parent: Entity, t: &str, at: Vec3, px: f32, color: Color) {
        let e = self
            .commands
            .spawn((
                Text2d::new(t),
                TextFont::from_font_size(px),
                TextColor(color),
                Anchor::CENTER,
                Transform::from_translation(at),
            ))
            .id();
        self.commands.entity(parent).add_child(e);
    }

    fn child_shape(&mut self, parent: Entity, b: &ShapeBuilder, at: Vec3) {
        let e = spawn_shape(self.commands, self.meshes, self.materials, b, at);
        self.commands.entity(parent).add_child(e);
    }

    /// A unit counter: the procedural counter, then the numbers along its
    /// foot (Fire Rating boxed in its weapon-class colour, Troop Quality
    /// boxed green for a Leader, Range), troop pips, the reduced stripe.
    fn unit(&mut self, view: &View, u: &UnitView, role: Role, at: Vec3, top: bool) -> Entity {
        let s = COUNTER;
        let mk: Vec<(String, String, Color)> = markers(view, u)
            .into_iter()
            .filter(|(w, _, _)| w != "DONE")
            .collect();
        let spec = CounterSpec {
            size: s,
            side_color: side_color(u),
            symbol: symbol(role),
            echelon: String::new(),
            name: short_name(u),
            numbers: String::new(),
            markers: Vec::new(),
            spent: u.activated,
        };
        let e = spawn_counter(
            self.commands,
            self.meshes,
            self.materials,
            &spec,
            at,
            unit_tooltip(view, u),
        );
        self.commands
            .entity(e)
            .insert((FteBoard, CounterOf(u.hex.unwrap_or(Hex::new(0, 0)))));
        let ink = vt_ui::counter::ink_for(side_color(u));
        let y = -s * 0.33;
        let bx = Vec2::splat(s * 0.27);
        let mut b = ShapeBuilder::new();
        if let Some(f) = u.fire {
            let c = weapon_color(u.weapon);
            b.rect(Vec2::new(-s * 0.3, y), bx, c);
            b.rect_outline(Vec2::new(-s * 0.3, y), bx, s * 0.02, Color::BLACK);
            self.child_text(
                e,
                &f.to_string(),
                Vec3::new(-s * 0.3, y, 0.03),
                s * 0.22,
                vt_ui::counter::ink_for(c),
            );
        } else {
            self.child_text(e, "-", Vec3::new(-s * 0.3, y, 0.03), s * 0.22, ink);
        }
        let leader = role == Role::Leader;
        if leader {
            b.rect(Vec2::new(0.0, y), bx, Color::srgb(0.15, 0.55, 0.2));
        }
        b.rect_outline(
            Vec2::new(0.0, y),
            bx,
            s * 0.02,
            if leader { Color::BLACK } else { ink },
        );
        self.child_text(
            e,
            &u.troop_quality.to_string(),
            Vec3::new(0.0, y, 0.03),
            s * 0.22,
            if leader { Color::WHITE } else { ink },
        );
        if let Some(r) = u.range {
            self.child_text(
                e,
                &r.to_string(),
                Vec3::new(s * 0.3, y, 0.03),
                s * 0.22,
                ink,
            );
        }
        if u.defense != 0 {
            self.child_text(
                e,
                &format!("{:+}", u.defense),
                Vec3::new(s * 0.36, s * 0.05, 0.03),
                s * 0.17,
                ink,
            );
        }
        for i in 0..u.troops.min(4) {
            b.circle(
                Vec2::new(-s * 0.4, s * 0.16 - i as f32 * s * 0.1),
                s * 0.035,
                ink,
                8,
            );
        }
        if u.reduced {
            b.rect(
                Vec2::new(0.0, s * 0.02),
                Vec2::new(s * 0.62, s * 0.07),
                Color::srgba(1.0, 1.0, 1.0, 0.9),
            );
        }
        if u.concealed {
            // Our own Concealed unit: a dark band round the counter.
            b.rect_outline(
                Vec2::ZERO,
                Vec2::splat(s * 1.04),
                s * 0.07,
                Color::srgba(0.1, 0.12, 0.2, 0.85),
            );
        }
        self.child_shape(e, &b, Vec3::new(0.0, 0.0, 0.02));
        if top {
            self.tags(e, &mk);
        }
        e
    }

    /// Status markers as tags down the counter's right edge (the top unit
    /// of a stack only; the stack window lists everyone's).
    fn tags(&mut self, parent: Entity, mk: &[(String, String, Color)]) {
        let s = COUNTER;
        let (w, h) = (s * 0.64, s * 0.27);
        let max = 5;
        for (i, (word, _, color)) in mk.iter().enumerate().take(max) {
            let (word, color) = if i + 1 == max && mk.len() > max {
                (
                    format!("+{}", mk.len() - max + 1),
                    Color::srgb(0.15, 0.15, 0.15),
                )
            } else {
                (word.clone(), *color)
            };
            let p = Vec2::new(
                s * 0.5 + w * 0.5 - s * 0.06,
                s * 0.5 - h * 0.5 - i as f32 * (h + 1.0),
            );
            let mut b = ShapeBuilder::new();
            b.rect(p, Vec2::new(w, h), color);
            b.rect_outline(p, Vec2::new(w, h), s * 0.025, Color::BLACK);
            self.child_shape(parent, &b, Vec3::new(0.0, 0.0, 0.04 + i as f32 * 0.001));
            self.child_text(
                parent,
                &word,
                p.extend(0.05 + i as f32 * 0.001),
                s * 0.2,
                vt_ui::counter::ink_for(color),
            );
        }
    }

    /// A Concealed marker: all the other side sees (18.1). VC markers
    /// differ from NVA ones (2.0).
    fn marker(&mut self, number: u16, owner: Side, vc: bool, at: Vec3) -> Entity {
        let s = COUNTER;
        let (face, word) = match (owner, vc) {
            (Side::Us, _) => (US, "US"),
            (Side::Nva, true) => (VC, "VC"),
            (Side::Nva, false) => (NVA, "NVA"),
        };
        let tip = Tooltip::new(format!("Concealed marker {number} ({word})"), s * 0.6)
            .line("What is under it stays hidden until it is revealed (18.1).")
            .line("+2 to fire at it, except HE (18.1, 7.1).");
        let e = self.plate(tip, s, face.mix(&Color::BLACK, 0.25), at);
        let mut b = ShapeBuilder::new();
        b.rect_outline(
            Vec2::ZERO,
            Vec2::splat(s * 0.86),
            s * 0.04,
            Color::srgb(0.9, 0.85, 0.6),
        );
        self.child_shape(e, &b, Vec3::new(0.0, 0.0, 0.005));
        self.child_text(
            e,
            "?",
            Vec3::new(0.0, s * 0.08, 0.01),
            s * 0.42,
            Color::srgb(0.95, 0.9, 0.65),
        );
        self.child_text(
            e,
            &format!("{word} {number}"),
            Vec3::new(0.0, -s * 0.3, 0.01),
            s * 0.18,
            Color::srgb(0.95, 0.9, 0.65),
        );
        e
    }

    /// A square marker with a drop shadow and an outline, carrying `tip`.
    fn plate(&mut self, tip: Tooltip, s: f32, fill: Color, at: Vec3) -> Entity {
        let mut b = ShapeBuilder::new();
        b.rect(
            Vec2::new(s * 0.06, -s * 0.06),
            Vec2::splat(s),
            Color::srgba(0.0, 0.0, 0.0, 0.42),
        );
        b.rect(Vec2::ZERO, Vec2::splat(s), fill);
        b.rect_outline(Vec2::ZERO, Vec2::splat(s), s * 0.04, Color::BLACK);
        let e = self
            .commands
            .spawn((
                FteBoard,
                tip,
                Transform::from_translation(at),
                Visibility::default(),
            ))
            .id();
        self.child_shape(e, &b, Vec3::ZERO);
        e
    }

    fn small_marker(
        &mut self,
        title: String,
        lines: Vec<String>,
        word: &str,
        fill: Color,
        at: Vec3,
    ) -> Entity {
        let s = COUNTER * 0.72;
        let mut tip = Tooltip::new(title, s * 0.6);
        for l in lines {
            tip = tip.line(l);
        }
        let e = self.plate(tip, s, fill, at);
        let ink = vt_ui::counter::ink_for(fill);
        let px = if word.len() > 4 { s * 0.24 } else { s * 0.34 };
        self.child_text(e, word, Vec3::new(0.0, 0.0, 0.01), px, ink);
        e
    }

    fn rings(&mut self, hexes: &[Hex], kind: HighlightKind, z: f32) {
        if hexes.is_empty() {
            return;
        }
        let cs: Vec<MapCoord> = hexes.iter().map(|h| coord(*h)).collect();
        let b = highlight_shape(&geometry(), &cs, kind);
        self.shape(&b, Vec3::new(0.0, 0.0, z));
    }

    fn colored_rings(&mut self, hexes: &[Hex], width: f32, color: Color, z: f32) {
        if hexes.is_empty() {
            return;
        }
        let g = geometry();
        let mut b = ShapeBuilder::new();
        for h in hexes {
            let corners = g.corners(coord(*h));
            let inner: Vec<Vec2> = corners
                .iter()
                .map(|p| center(*h) + (*p - center(*h)) * 0.93)
                .collect();
            b.ring(&inner, HEX * width, color);
        }
        self.shape(&b, Vec3::new(0.0, 0.0, z));
    }

    fn label(&mut self, h: Hex, text: &str, dy: f32, color: Color, bg: Color) {
        let p = center(h) + Vec2::new(0.0, dy);
        let w = 8.0 + 7.5 * text.chars().count() as f32;
        let mut b = ShapeBuilder::new();
        b.rect(p, Vec2::new(w, 17.0), bg);
        self.shape(&b, Vec3::new(0.0, 0.0, 7.0));
        self.text(text, p.extend(7.1), 14.0, color);
    }
}

/// Despawns the board (counters, highlights) of the view.
pub fn clear(commands: &mut Commands, old: &Query<Entity, With<FteBoard>>) {
    for e in old.iter() {
        commands.entity(e).despawn();
    }
}

/// Draws the map once per game, and the pieces and highlights whenever
/// the game or the selection changed. Nothing is drawn while the board is
/// hidden for a hand-over.
#[allow(clippy::too_many_arguments)]
pub fn redraw(
    mut commands: Commands,
    st: Res<FteScreen>,
    old: Query<Entity, With<FteBoard>>,
    maps: Query<(Entity, &FteMap)>,
    mut drawn: Local<Option<u64>>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<ColorMaterial>>>,
    screen: Option<Res<State<Screen>>>,
) {
    if *drawn == Some(st.generation) {
        return;
    }
    *drawn = Some(st.generation);
    clear(&mut commands, &old);
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        return;
    };
    let playing = screen.is_some_and(|s| *s.get() == Screen::Playing);
    let (Some(view), Some(rules)) = (st.view.as_ref(), st.rules.as_ref()) else {
        return;
    };
    if !playing {
        return;
    }
    let Some(map) = rules.maps.iter().find(|m| m.id == view.map) else {
        return;
    };
    if !maps.iter().any(|(_, m)| m.0 == map.id) {
        for (e, _) in maps.iter() {
            commands.entity(e).despawn();
        }
        let root = spawn_hex_map(&mut commands, &mut meshes, &mut materials, &map_spec(map));
        commands
            .entity(root)
            .insert((FteMap(map.id.clone()), DespawnOnExit(Screen::Playing)));
    }
    let mut d = Draw {
        commands: &mut commands,
        meshes: &mut meshes,
        materials: &mut materials,
    };
    draw_objectives(&mut d, &st);
    draw_pieces(&mut d, rules, view);
    draw_highlights(&mut d, &st, view);
}

fn draw_objectives(d: &mut Draw, st: &FteScreen) {
    let Some(sc) = &st.scenario else { return };
    for o in &sc.objectives {
        let p = center(o.hex);
        let mut b = ShapeBuilder::new();
        let color = match o.side {
            Side::Us => US,
            Side::Nva => NVA,
        };
        let star: Vec<Vec2> = (0..10)
            .map(|i| {
                let a = std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
                let r = if i % 2 == 0 { HEX * 0.3 } else { HEX * 0.13 };
                p + Vec2::new(a.cos(), a.sin()) * r + Vec2::new(HEX * 0.45, HEX * 0.45)
            })
            .collect();
        let c = p + Vec2::new(HEX * 0.45, HEX * 0.45);
        for i in 0..10 {
            b.polygon(&[c, star[i], star[(i + 1) % 10]], color);
        }
        let e = d.shape(&b, Vec3::new(0.0, 0.0, 0.8));
        d.commands.entity(e).insert((
            Tooltip::new(format!("Objective: {}", o.name), HEX * 0.3).line(format!(
                "{} {} VP for holding it at the end",
                o.side.name(),
                o.vp
            )),
            Transform::from_xyz(0.0, 0.0, 0.8),
        ));
    }
}

fn draw_pieces(d: &mut Draw, rules: &Fte, view: &View) {
    for (hex, list) in pieces(view) {
        let base = center(hex);
        let n = list.len();
        for (i, p) in list.iter().enumerate() {
            let off = Vec2::new(i as f32 * 4.0, i as f32 * 4.0) - Vec2::splat((n - 1) as f32 * 2.0);
            let at = (base + off).extend(2.0 + i as f32 * 0.05);
            let top = i + 1 == n;
            match p {
                Piece::Unit(k) => {
                    let u = &view.units[*k];
                    let role = rules
                        .types
                        .iter()
                        .find(|t| t.id == u.unit_type)
                        .map(|t| t.role)
                        .unwrap_or(Role::FireTeam);
                    d.unit(view, u, role, at, top);
                }
                Piece::Marker(k) => {
                    let c = &view.concealed[*k];
                    d.marker(c.marker, view.side.other(), c.vc, at);
                }
                Piece::Casualty(k) => {
                    let c = &view.casualties[*k];
                    let fill = match c.kind {
                        CasualtyKind::Kia => Color::srgb(0.15, 0.15, 0.15),
                        CasualtyKind::Wia => Color::srgb(0.85, 0.2, 0.2),
                        CasualtyKind::Injury => Color::srgb(0.95, 0.6, 0.6),
                    };
                    d.small_marker(
                        format!("{} ({})", c.kind.name(), c.side.name()),
                        vec![
                            "Carried off by infantry, or loaded on a vehicle or helicopter (7.5.2)"
                                .into(),
                            "Evacuating it scores VP for its side (7.5.3)".into(),
                        ],
                        c.kind.name(),
                        fill,
                        at,
                    );
                }
                Piece::Cache(k) => {
                    let c = &view.caches[*k];
                    let own = c.owner == view.side;
                    let (word, title) = match c.kind {
                        Some(k) => (
                            cache_word(k),
                            format!(
                                "{}{}",
                                k.name(),
                                if c.revealed {
                                    " (revealed)"
                                } else if own {
                                    " (hidden from the enemy)"
                                } else {
                                    ""
                                }
                            ),
                        ),
                        None => (
                            "?",
                            "Hidden marker: a cache, tunnel, bunker, foxholes or dummy (23.0)"
                                .into(),
                        ),
                    };
                    let fill = if c.revealed || !own {
                        Color::srgb(0.85, 0.78, 0.55)
                    } else {
                        Color::srgb(0.55, 0.5, 0.38)
                    };
                    d.small_marker(title, vec![format!("In {}", c.hex)], word, fill, at);
                }
            }
        }
        if n > 1 {
            let p = base + Vec2::new(-COUNTER * 0.62, COUNTER * 0.62);
            let mut b = ShapeBuilder::new();
            b.circle(p, 9.0, Color::srgb(0.1, 0.1, 0.1), 16);
            d.shape(&b, Vec3::new(0.0, 0.0, 5.8));
            d.text(&n.to_string(), p.extend(5.9), 13.0, Color::WHITE);
        }
    }
    // Our own plotted traps (secret) and Fire Mission targets.
    for h in &view.traps {
        let p = center(*h) + Vec2::new(HEX * 0.45, -HEX * 0.5);
        let word = if view.side == Side::Us { "CM" } else { "BT" };
        d.small_marker(
            if view.side == Side::Us {
                format!("Claymore plotted in {h} (secret)")
            } else {
                format!("Booby Trap plotted in {h} (secret)")
            },
            vec!["Only you see this (26.0)".into()],
            word,
            Color::srgb(0.75, 0.65, 0.2),
            p.extend(1.5),
        );
    }
    for m in &view.missions {
        let (Some(t), Some(k)) = (m.target, m.kind) else {
            continue;
        };
        let p = center(t);
        let mut b = ShapeBuilder::new();
        let c = Color::srgb(0.9, 0.2, 0.1);
        b.ring(
            &vt_ui::shapes::circle_points(p, HEX * 0.55, HEX * 0.55, 24),
            3.0,
            c,
        );
        b.line(p - Vec2::X * HEX * 0.7, p + Vec2::X * HEX * 0.7, 2.5, c);
        b.line(p - Vec2::Y * HEX * 0.7, p + Vec2::Y * HEX * 0.7, 2.5, c);
        let e = d.shape(&b, Vec3::new(0.0, 0.0, 4.5));
        d.commands.entity(e).insert(Tooltip::new(
            format!("{} due turn {} (secret)", k.name(), m.turn),
            HEX * 0.2,
        ));
    }
}

fn cache_word(k: CacheKind) -> &'static str {
    match k {
        CacheKind::Rice => "RICE",
        CacheKind::Medical => "MED",
        CacheKind::Ammo => "AMMO",
        CacheKind::Dummy => "DUMMY",
        CacheKind::Tunnel => "TUNNEL",
        CacheKind::Bunker => "BUNKER",
        CacheKind::Foxholes => "FOXH",
    }
}

/// Half MP for the board's font, which has no "½": "4.5".
fn mp_ascii(h: u8) -> String {
    if h.is_multiple_of(2) {
        (h / 2).to_string()
    } else {
        format!("{}.5", h / 2)
    }
}

const REACH_TEXT: Color = Color::srgb(0.05, 0.1, 0.25);
const TARGET: Color = Color::srgba(0.95, 0.15, 0.1, 0.95);
const ASSAULT: Color = Color::srgba(1.0, 0.55, 0.05, 0.95);
const SIGHT: Color = Color::srgba(1.0, 0.85, 0.55, 0.8);
const ACTIVE: Color = Color::srgba(0.55, 1.0, 0.45, 0.9);

fn draw_highlights(d: &mut Draw, st: &FteScreen, view: &View) {
    let kind = st.kind();
    let unit_hexes = |units: &[u16]| -> Vec<Hex> {
        let mut v: Vec<Hex> = units
            .iter()
            .filter_map(|u| model::unit_hex(view, *u))
            .collect();
        v.sort();
        v.dedup();
        v
    };
    // The units the decision can use: a soft green ring.
    if st.to_decide {
        let mut hexes: Vec<Hex> = if kind == "activate" {
            st.legal
                .iter()
                .flat_map(|c| model::anchors(view, c))
                .collect()
        } else {
            let ctx_units: Vec<u16> = st
                .legal
                .iter()
                .filter(|c| !matches!(c, Command::EndActivation))
                .flat_map(model::command_units)
                .collect();
            unit_hexes(&ctx_units)
        };
        hexes.sort();
        hexes.dedup();
        let sel = unit_hexes(&st.sel);
        hexes.retain(|h| !sel.contains(h));
        if matches!(
            kind,
            "action" | "opportunity-fire" | "setup" | "activate" | "concealment"
        ) {
            d.colored_rings(&hexes, 0.06, ACTIVE, 5.0);
        }
    }
    d.rings(&unit_hexes(&st.sel), HighlightKind::Selected, 5.1);
    // Movement: every reachable hex with its cost.
    if !st.reach.is_empty() {
        let g = geometry();
        let mut b = ShapeBuilder::new();
        for (h, _) in &st.reach {
            let corners = g.corners(coord(*h));
            b.polygon(&corners, Color::srgba(0.35, 0.65, 1.0, 0.22));
            let inner: Vec<Vec2> = corners
                .iter()
                .map(|p| center(*h) + (*p - center(*h)) * 0.9)
                .collect();
            b.ring(&inner, HEX * 0.035, Color::srgba(0.3, 0.6, 1.0, 0.8));
        }
        d.shape(&b, Vec3::new(0.0, 0.0, 0.5));
        for (h, c) in &st.reach {
            d.label(
                *h,
                &mp_ascii(*c),
                -HEX * 0.72,
                REACH_TEXT,
                Color::srgba(0.85, 0.93, 1.0, 0.85),
            );
        }
    }
    if !st.plan.is_empty() {
        d.colored_rings(&st.plan, 0.08, Color::srgba(0.3, 0.7, 1.0, 0.95), 5.2);
    }
    // Whom the selection sees, and whom it can fire at with the number.
    d.colored_rings(&st.in_sight, 0.05, SIGHT, 5.0);
    for (a, p) in &st.aims {
        let color = if a.kind == AimKind::Assault {
            ASSAULT
        } else {
            TARGET
        };
        d.colored_rings(&[a.hex], 0.1, color, 5.3);
        let text = match (a.kind, p) {
            (AimKind::Assault, _) => "Assault".to_string(),
            (_, Some(p)) => format!(
                "{}{}",
                p.needed.clamp(1, 9),
                if p.hidden { "?" } else { "" }
            ),
            (_, None) => "fire".into(),
        };
        let dy = if a.kind == AimKind::Assault {
            -HEX * 0.72
        } else {
            HEX * 0.72
        };
        d.label(a.hex, &text, dy, Color::WHITE, color.with_alpha(0.9));
    }
    if let Some(a) = &st.aim {
        d.colored_rings(&[a.hex], 0.16, Color::WHITE, 5.4);
    }
    // Set-up areas, trap plots, Fire Mission targets.
    if !st.area.is_empty() {
        let color = match st.tool {
            Tool::FireMission { .. } => Color::srgba(1.0, 0.35, 0.2, 0.8),
            Tool::Plot => Color::srgba(0.9, 0.8, 0.2, 0.8),
            _ => Color::srgba(0.6, 0.9, 1.0, 0.8),
        };
        d.colored_rings(&st.area, 0.05, color, 5.0);
    }
    // Whatever else the decision offers on the board: the commands'
    // own hexes (retreat, set-down, entry hexes, events, reveals ...).
    if st.to_decide
        && !matches!(
            kind,
            "action" | "move" | "setup" | "activate" | "opportunity-fire"
        )
    {
        let mut hexes: Vec<Hex> = st
            .legal
            .iter()
            .filter(|c| {
                !matches!(
                    c,
                    Command::Fire { .. } | Command::OpFire { .. } | Command::AssaultFire { .. }
                )
            })
            .flat_map(|c| model::anchors(view, c))
            .collect();
        hexes.sort();
        hexes.dedup();
        d.rings(&hexes, HighlightKind::LegalTarget, 5.0);
    }
    // The interrupt under way.
    if let Some(s) = &st.situation {
        use fte_rules::screen::Situation;
        let hex = match s {
            Situation::OpFire { hex, .. } | Situation::Assault { hex, .. } => Some(*hex),
            Situation::Retreat { away, .. } => Some(*away),
            Situation::HeliDown { from, .. } => Some(*from),
            _ => None,
        };
        if let Some(h) = hex {
            d.colored_rings(&[h], 0.12, Color::srgba(1.0, 0.2, 0.6, 0.95), 5.5);
        }
        // The unit the interrupt is about.
        let about = match s {
            Situation::Retreat { unit, .. } => model::target_hex(view, *unit),
            Situation::HeliDown { unit, .. } | Situation::Load { carrier: unit } => {
                model::unit_hex(view, *unit)
            }
            Situation::Interrogate { hex, .. } => *hex,
            Situation::Carry { hex, .. } => *hex,
            _ => None,
        };
        if let Some(h) = about {
            d.rings(&[h], HighlightKind::Selected, 5.45);
        }
    }
    if let Some(h) = st.stack {
        d.colored_rings(&[h], 0.04, Color::WHITE, 5.6);
    }
}

/// Redraws what follows the pointer: the line of sight, the units a menu
/// line or a button would use.
#[allow(clippy::too_many_arguments)]
pub fn redraw_hover(
    mut commands: Commands,
    st: Res<FteScreen>,
    old: Query<Entity, With<FteHover>>,
    mut drawn: Local<Option<(u64, u64, Vec<u16>)>>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<ColorMaterial>>>,
) {
    let key = (st.hover_generation, st.generation, st.hover_units.clone());
    if drawn.as_ref() == Some(&key) {
        return;
    }
    *drawn = Some(key);
    for e in old.iter() {
        commands.entity(e).despawn();
    }
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        return;
    };
    let Some(view) = st.view.as_ref() else { return };
    let g = geometry();
    let mut b = ShapeBuilder::new();
    if let Some(l) = &st.los {
        let a = center(l.from);
        let z = center(l.to);
        let cut = l.blocked.as_ref().and_then(blocked_at);
        let ok = vt_ui::highlight::LOS_CLEAR;
        let bad = vt_ui::highlight::LOS_BLOCKED;
        let cut_i = cut.and_then(|h| l.trace.iter().position(|x| *x == h));
        for (i, h) in l.trace.iter().enumerate() {
            let c = if cut_i.is_some_and(|k| i >= k) {
                bad
            } else {
                ok
            };
            b.ring(&g.corners(coord(*h)), HEX * 0.05, c.with_alpha(0.6));
        }
        let line = if l.blocked.is_some() { bad } else { ok };
        b.line(a, z, HEX * 0.07, line);
        b.circle(a, HEX * 0.12, ok, 14);
        b.circle(z, HEX * 0.12, line, 14);
        if let Some(h) = cut {
            b.ring(&g.corners(coord(h)), HEX * 0.12, bad);
        }
        if let Some(
            fte_rules::line_of_sight::Blocked::Hexside(p, q)
            | fte_rules::line_of_sight::Blocked::UpSlope(p, q)
            | fte_rules::line_of_sight::Blocked::Crest(p, q),
        ) = &l.blocked
            && let Some([x, y]) = g.edge(coord(*p), coord(*q))
        {
            b.line(x, y, HEX * 0.16, bad);
        }
    }
    let hexes: Vec<Hex> = st
        .hover_units
        .iter()
        .filter_map(|u| model::unit_hex(view, *u))
        .collect();
    for h in hexes {
        b.ring(
            &g.corners(coord(h)),
            HEX * 0.14,
            Color::srgba(0.4, 1.0, 1.0, 0.95),
        );
    }
    if !b.is_empty() {
        let e = spawn_shape(
            &mut commands,
            &mut meshes,
            &mut materials,
            &b,
            Vec3::new(0.0, 0.0, 6.0),
        );
        commands.entity(e).insert(FteHover);
    }
}

/// The hex where a blocked line of sight is first stopped.
pub fn blocked_at(b: &fte_rules::line_of_sight::Blocked) -> Option<Hex> {
    use fte_rules::line_of_sight::Blocked::*;
    match b {
        Terrain(h) | FriendlyUnits(h) | OffMap(h) => Some(*h),
        _ => None,
    }
}

/// Where the last fit left the camera, to refit when the free board area
/// changes and the player has not moved the camera since; and each side's
/// own camera in hot seat.
#[derive(Default)]
pub struct LastFit {
    free: Option<Rect>,
    put: Option<Transform>,
    side: Option<Side>,
    cameras: [Option<Transform>; 2],
    focus: Option<Hex>,
}

/// Fits the map into the board area left by the panels: the whole map if
/// the counters stay readable, else the viewing side's units at a readable
/// zoom (Home shows the whole map). In hot seat each side gets its camera
/// back after a hand-over.
pub fn fit_camera(
    mut st: ResMut<FteScreen>,
    rect: Res<BoardRect>,
    bounds: Res<BoardBounds>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut camera: Query<&mut Transform, With<BoardCamera>>,
    mut last: Local<LastFit>,
) {
    let Some((side, own)) = st.view.as_ref().map(|v| {
        let mut own: Vec<Vec2> = v
            .units
            .iter()
            .filter(|u| u.side == v.side)
            .filter_map(|u| u.hex)
            .map(center)
            .collect();
        if own.is_empty() {
            // Nothing on the map yet (reinforcements): where it may enter.
            own = st
                .legal
                .iter()
                .flat_map(|c| model::anchors(v, c))
                .map(center)
                .collect();
        }
        (v.side, own)
    }) else {
        return;
    };
    let Some(b) = bounds.0 else { return };
    let Some(free) = panels::free_board_rect(rect.0) else {
        return;
    };
    let Ok(w) = window.single() else { return };
    let Ok(mut t) = camera.single_mut() else {
        return;
    };
    if st.needs_fit && last.side.is_none() {
        last.cameras = [None, None];
    }
    if last.side != Some(side) {
        if let Some(prev) = last.side {
            last.cameras[prev.idx()] = Some(*t);
        }
        last.side = Some(side);
        if let Some(saved) = last.cameras[side.idx()] {
            *t = saved;
            last.put = Some(*t);
            last.free = Some(free);
            st.needs_fit = false;
            return;
        }
        st.needs_fit = true;
    }
    let win = Vec2::new(w.width(), w.height());
    let offset = free.center() - win / 2.0;
    // Bring the decision at hand into view (keeping the zoom).
    if st.focus != last.focus && !st.needs_fit {
        last.focus = st.focus;
        if let Some(h) = st.focus {
            let scale = t.scale.x;
            let seen = Vec2::new(
                t.translation.x + offset.x * scale,
                t.translation.y - offset.y * scale,
            );
            let half = free.size() * scale / 2.0 - Vec2::splat(HEX * 1.2);
            let p = center(h);
            let d = p - seen;
            if d.x.abs() > half.x.max(0.0) || d.y.abs() > half.y.max(0.0) {
                t.translation.x += d.x;
                t.translation.y += d.y;
                last.put = Some(*t);
            }
        }
    }
    let untouched = last.put.is_some_and(|p| p == *t);
    let changed = last.free.is_none_or(|f| f != free);
    if !(st.needs_fit || (untouched && changed)) {
        return;
    }
    let whole = (b.width() / free.width().max(1.0)).max(b.height() / free.height().max(1.0)) * 1.04;
    let scale = whole.min(READABLE_SCALE);
    let look_at = if whole <= READABLE_SCALE {
        b.center()
    } else {
        let c = if own.is_empty() {
            b.center()
        } else {
            own.iter().copied().sum::<Vec2>() / own.len() as f32
        };
        // Keep the map filling the view.
        let half = free.size() * scale / 2.0;
        Vec2::new(
            c.x.clamp(b.min.x + half.x, (b.max.x - half.x).max(b.min.x + half.x)),
            c.y.clamp(b.min.y + half.y, (b.max.y - half.y).max(b.min.y + half.y)),
        )
    };
    t.scale = Vec3::new(scale, scale, 1.0);
    t.translation.x = look_at.x - offset.x * scale;
    t.translation.y = look_at.y + offset.y * scale;
    last.free = Some(free);
    last.put = Some(*t);
    st.needs_fit = false;
}
