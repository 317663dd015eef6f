//! Drawing the board from the viewing side's view: the map (once per
//! game); the counters and markers as pieces that stay between changes (a
//! unit that moves keeps its counter, which slides along its path); the
//! highlights, drawn again whenever the game or the selection changes; a
//! light layer for what follows the pointer (the line of sight, the units a
//! menu line would use); and the events of the commands just played turned
//! into flashes where they happened (a hit, a miss, a loss, a barrage).

use crate::model::{self, short_name};
use crate::pick::{AimKind, Tool};
use crate::screen::FteScreen;
use bevy::prelude::*;
use fte_rules::data::{Role, Terrain, Weapon};
use fte_rules::event::Event;
use fte_rules::geo::{Hex, HexExt};
use fte_rules::map::Map;
use fte_rules::state::{Altitude, CacheKind, CasualtyKind, Side};
use fte_rules::step::Kind as K;
use fte_rules::view::{UnitView, View};
use fte_rules::{Command, Fte};
use std::collections::BTreeMap;
use vt_core::sort::StableSort;
use vt_ui::counter::{
    CounterSpec, StatusMarker, UnitSymbol, spawn_counter, spawn_marker, spawn_plate,
};
use vt_ui::hexmap::{
    HexMapSpec, HexsideKind, MapCoord, MapGeometry, PathKind, TerrainStyle, TerrainSymbol,
    spawn_hex_map,
};
use vt_ui::highlight::{HighlightKind, hex_rings, highlight_shape, line_of_sight_shape};
use vt_ui::palette::{self, Rgba, army, board as lit, status};
use vt_ui::pieces::{self, PieceHome, PieceLook};
use vt_ui::prelude::*;
use vt_ui::sync::typed_session;

/// Hex circumradius in world units.
pub const HEX: f32 = 48.0;
/// Counter edge: about seven tenths of the hex's width across its flats
/// (83), as a half-inch counter sits in a hex of the printed map; the
/// square's corners stay inside the hex.
pub const COUNTER: f32 = 58.0;
/// The most the first view zooms out (world units per pixel): at 1 a hex
/// is 83 pixels across and a counter's name and numbers 12 to 13 pixels
/// high.
pub const READABLE_SCALE: f32 = 1.0;

/// Everything drawn for the current view (counters, markers, highlights).
#[derive(Component)]
pub struct FteBoard;

/// Counters and markers: pieces kept between changes.
#[derive(Component)]
pub struct FtePiece;

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

fn terrain_color(t: Terrain) -> Rgba {
    use palette::terrain::*;
    match t {
        Terrain::Clear => CLEAR,
        Terrain::Hamlet => HAMLET,
        Terrain::Grass => GRASS,
        Terrain::RicePaddy => PADDY,
        Terrain::Jungle => JUNGLE,
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
        let color = terrain_color(t)
            .mix(
                palette::terrain::HIGH_GROUND,
                (level as f32 * 0.18).min(0.6),
            )
            .color();
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

pub fn side_color(u: &UnitView) -> Rgba {
    use fte_rules::data::Nation;
    match u.nation {
        Nation::Us => army::US,
        Nation::Nva => army::NVA,
        Nation::Vc => army::VC,
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

pub fn weapon_color(w: Weapon) -> Rgba {
    match w {
        Weapon::SmallArms => palette::weapon::SMALL_ARMS,
        Weapon::DualPurpose => palette::weapon::DUAL_PURPOSE,
        Weapon::HE => palette::weapon::HE,
    }
}

/// The status markers on a unit, as the counter and the stack list show
/// them: (short word, long words, colour).
pub fn markers(view: &View, u: &UnitView) -> Vec<(String, String, Rgba)> {
    let mut v = Vec::new();
    let mut add = |short: &str, long: String, c: Rgba| v.push((short.to_string(), long, c));
    if u.concealed {
        add("CONC", "Concealed (18.1)".into(), status::CONCEALED);
    }
    if u.broken {
        add("BRKN", "Broken (7.4)".into(), status::BROKEN);
    }
    if u.suppressed {
        add("SUPP", "Suppressed (7.4)".into(), status::SUPPRESSED);
    }
    if u.exhausted {
        add("EXH", "Exhausted (6.6)".into(), status::EXHAUSTED);
    }
    if u.low_ammo {
        add("AMMO", "Low Ammo (19.2)".into(), status::LOW_AMMO);
    }
    if u.hero {
        add("HERO", "Hero (19.4)".into(), status::HERO);
    }
    if u.searching > 0 {
        add(
            &format!("SRCH{}", u.searching),
            format!("Searching -{} (9.0)", u.searching),
            status::SEARCHING,
        );
    }
    if u.op_fired {
        add("OPF", "Op Fired (21.0)".into(), status::FIRED);
    }
    if u.immobilized {
        add("IMMOB", "Immobilized (7.4)".into(), status::IMMOBILIZED);
    }
    if u.downed {
        add(
            "DOWN",
            "Downed: may only unload (7.4)".into(),
            status::DOWNED,
        );
    }
    if u.in_fort {
        let kind = view
            .caches
            .iter()
            .find(|c| Some(c.hex) == u.hex && c.kind.is_some_and(|k| k.is_fort()))
            .and_then(|c| c.kind);
        match kind {
            Some(CacheKind::Foxholes) => add("FOXH", "In Foxholes (25.0)".into(), status::FOXHOLES),
            _ => add("BNKR", "In a Bunker (24.0)".into(), status::BUNKER),
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
        add(tag, format!("{a} level (6.8)"), status::ALTITUDE);
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
            format!(
                "Carrying {} (7.5.2)",
                vt_ui::labels::with_article(c.kind.name())
            ),
            status::CARRYING,
        );
    }
    if u.activated {
        add("DONE", "Activation Complete (5.0)".into(), status::DONE);
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

/// The board's painter, tagging what it spawns as this board's.
struct Draw<'p, 'a, 'w, 's> {
    p: &'p mut Painter<'a, 'w, 's>,
}

impl Draw<'_, '_, '_, '_> {
    /// A shape of the highlights layer.
    fn shape(&mut self, b: &ShapeBuilder, at: Vec3) -> Entity {
        let e = self.p.shape(b, at);
        self.p.commands.entity(e).insert(FteBoard);
        e
    }

    /// Text of the highlights layer.
    fn text(&mut self, t: &str, at: Vec3, px: f32, color: impl Into<Color>) -> Entity {
        let e = self.p.text(t, at, px, color);
        self.p.commands.entity(e).insert(FteBoard);
        e
    }

    fn child_text(&mut self, parent: Entity, t: &str, at: Vec3, px: f32, color: impl Into<Color>) {
        self.p.child_text(parent, t, at, px, color);
    }

    fn child_shape(&mut self, parent: Entity, b: &ShapeBuilder, at: Vec3) {
        self.p.child_shape(parent, b, at);
    }

    /// A unit counter: the procedural counter, then the numbers along its
    /// foot (Fire Rating boxed in its weapon-class colour, Troop Quality
    /// boxed green for a Leader, Range), troop pips, the reduced stripe.
    fn unit(&mut self, view: &View, u: &UnitView, role: Role, at: Vec3, top: bool) -> Entity {
        let s = COUNTER;
        let mk: Vec<(String, String, Rgba)> = markers(view, u)
            .into_iter()
            .filter(|(w, _, _)| w != "DONE")
            .collect();
        let spec = CounterSpec {
            size: s,
            side_color: side_color(u).color(),
            symbol: symbol(role),
            echelon: String::new(),
            name: short_name(u),
            numbers: String::new(),
            // The top unit of a stack only: the stack window lists everyone's.
            markers: if top {
                (mk.iter())
                    .map(|(w, _, c)| StatusMarker::new(w.clone(), c.color()))
                    .collect()
            } else {
                Vec::new()
            },
            // A row above the counter, short of the next hexes' counters
            // (down the right edge they lay over them, issue 14).
            tags: vt_ui::counter::TagPlace::Above {
                max_right: next_counter_side()
                    - BADGE_GAP
                    - u.hex.map_or(0.0, |h| at.x - center(h).x),
            },
            spent: u.activated,
        };
        let e = spawn_counter(self.p, &spec, at, unit_tooltip(view, u));
        self.p
            .commands
            .entity(e)
            .insert(CounterOf(u.hex.unwrap_or(Hex::new(0, 0))));
        let ink = side_color(u).ink();
        let y = -s * 0.33;
        let bx = Vec2::splat(s * 0.27);
        let mut b = ShapeBuilder::new();
        if let Some(f) = u.fire {
            let c = weapon_color(u.weapon);
            b.rect(Vec2::new(-s * 0.3, y), bx, c);
            b.rect_outline(Vec2::new(-s * 0.3, y), bx, s * 0.02, palette::BLACK);
            self.child_text(
                e,
                &f.to_string(),
                Vec3::new(-s * 0.3, y, 0.03),
                s * 0.22,
                c.ink(),
            );
        } else {
            self.child_text(e, "-", Vec3::new(-s * 0.3, y, 0.03), s * 0.22, ink);
        }
        let leader = role == Role::Leader;
        if leader {
            b.rect(Vec2::new(0.0, y), bx, army::LEADER);
        }
        b.rect_outline(
            Vec2::new(0.0, y),
            bx,
            s * 0.02,
            if leader { palette::BLACK } else { ink },
        );
        self.child_text(
            e,
            &u.troop_quality.to_string(),
            Vec3::new(0.0, y, 0.03),
            s * 0.22,
            if leader { palette::WHITE } else { ink },
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
                status::REDUCED,
            );
        }
        if u.concealed {
            // Our own Concealed unit: a dark band round the counter.
            b.rect_outline(
                Vec2::ZERO,
                Vec2::splat(s * 1.04),
                s * 0.07,
                status::CONCEALED_BAND,
            );
        }
        self.child_shape(e, &b, Vec3::new(0.0, 0.0, 0.02));
        e
    }

    /// A Concealed marker: all the other side sees (18.1). VC markers
    /// differ from NVA ones (2.0).
    fn marker(&mut self, number: u16, owner: Side, vc: bool, at: Vec3) -> Entity {
        let s = COUNTER;
        let (face, word) = match (owner, vc) {
            (Side::Us, _) => (army::US, "US"),
            (Side::Nva, true) => (army::VC, "VC"),
            (Side::Nva, false) => (army::NVA, "NVA"),
        };
        let tip = Tooltip::new(format!("Concealed marker {number} ({word})"), s * 0.6)
            .line("What is under it stays hidden until it is revealed (18.1).")
            .line("+2 to fire at it, except HE (18.1, 7.1).");
        let e = spawn_plate(self.p, tip, s, face.mix(palette::BLACK, 0.25), at);
        let mut b = ShapeBuilder::new();
        b.rect_outline(
            Vec2::ZERO,
            Vec2::splat(s * 0.86),
            s * 0.04,
            army::MARKER_EDGE,
        );
        self.child_shape(e, &b, Vec3::new(0.0, 0.0, 0.005));
        self.child_text(
            e,
            "?",
            Vec3::new(0.0, s * 0.08, 0.01),
            s * 0.42,
            army::MARKER_PRINT,
        );
        self.child_text(
            e,
            &format!("{word} {number}"),
            Vec3::new(0.0, -s * 0.3, 0.01),
            s * 0.18,
            army::MARKER_PRINT,
        );
        e
    }

    fn small_marker(
        &mut self,
        title: String,
        lines: Vec<String>,
        word: &str,
        fill: Rgba,
        at: Vec3,
    ) -> Entity {
        spawn_marker(self.p, COUNTER * 0.72, title, lines, word, fill, at)
    }

    fn rings(&mut self, hexes: &[Hex], kind: HighlightKind, z: f32) {
        if hexes.is_empty() {
            return;
        }
        let cs: Vec<MapCoord> = hexes.iter().map(|h| coord(*h)).collect();
        let b = highlight_shape(&geometry(), &cs, kind);
        self.shape(&b, Vec3::new(0.0, 0.0, z));
    }

    fn colored_rings(&mut self, hexes: &[Hex], width: f32, color: Rgba, z: f32) {
        if !hexes.is_empty() {
            let cs: Vec<MapCoord> = hexes.iter().map(|h| coord(*h)).collect();
            self.shape(
                &hex_rings(&geometry(), &cs, width, color),
                Vec3::new(0.0, 0.0, z),
            );
        }
    }

    fn label(&mut self, h: Hex, text: &str, dy: f32, color: Rgba, bg: Rgba) {
        self.label_at(h, text, Vec2::new(0.0, dy), color, bg);
    }

    fn label_at(&mut self, h: Hex, text: &str, off: Vec2, color: Rgba, bg: Rgba) {
        for e in self.p.label(center(h) + off, text, color, bg) {
            self.p.commands.entity(e).insert(FteBoard);
        }
    }
}

/// Half the width of a stack of `n` counters as [`placed_pieces`] lays it
/// out (each counter 4 px up and right of the one under it).
fn stack_half(n: usize) -> f32 {
    COUNTER / 2.0 + 2.0 * n.saturating_sub(1) as f32
}

/// Where a target badge (a label plate of `size`) sits from its hex's
/// centre: clear of the `n` counters there and of the hex's other badge.
/// A number right of the stack when it fits in the gap before the next
/// hex's counter; "Assault" below the stack; anything else above it.
/// Drawn on the counters' edges they hid the target (issue 14).
pub fn badge_offset(size: Vec2, n: usize, assault: bool) -> Vec2 {
    let half = stack_half(n);
    if assault {
        Vec2::new(0.0, -(half + BADGE_GAP + size.y / 2.0))
    } else if half + BADGE_GAP + size.x <= next_counter_edge() - BADGE_GAP {
        Vec2::new(half + BADGE_GAP + size.x / 2.0, 0.0)
    } else {
        Vec2::new(0.0, half + BADGE_GAP + size.y / 2.0)
    }
}

/// The radius of the disc that says how many pieces a hex holds.
const STACK_COUNT_R: f32 = 8.0;

/// Where a stack of `n` pieces shows its count, from the hex's centre: left
/// of the stack, level with its middle. The hexes up-left and down-left
/// leave a band there (their counters begin 0.87 hex radii up or down): at
/// the stack's top left corner the disc lay over the up-left hex's counter
/// (issue 14), and the rows above and below hold the status tags and the
/// Assault badge; the target number takes the same band on the right.
pub fn stack_count_offset(n: usize) -> Vec2 {
    Vec2::new(-(stack_half(n) + BADGE_GAP + STACK_COUNT_R), 0.0)
}

/// The room left between a badge and what it must not touch.
const BADGE_GAP: f32 = 2.0;

/// How far right of a hex's centre the next hex's (lone) counter begins.
fn next_counter_edge() -> f32 {
    HEX * 3f32.sqrt() - COUNTER / 2.0
}

/// How far right of a hex's centre the counters of the hexes up and down
/// to the right begin (flat-topped hexes: their centres 1.5 radii across).
pub fn next_counter_side() -> f32 {
    HEX * 1.5 - COUNTER / 2.0
}

/// Draws the map once per game, the pieces that changed and the
/// highlights whenever the game or the selection changed. Nothing is drawn
/// while the board is hidden for a hand-over.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    g: Res<Synced<Fte>>,
    mut st: ResMut<FteScreen>,
    layer: Query<Entity, (With<FteBoard>, Without<PieceKey>)>,
    on_board: Query<(Entity, &PieceKey, &PieceLook, &PieceHome), With<FtePiece>>,
    maps: Query<(Entity, &FteMap)>,
    mut drawn: Local<Option<(u64, u64)>>,
    mut anim: MessageWriter<Animate>,
    mut board: BoardDraw,
) {
    let key = (g.generation, st.generation);
    if *drawn == Some(key) {
        return;
    }
    *drawn = Some(key);
    let slides = std::mem::take(&mut st.slide);
    for e in layer.iter() {
        board.commands.entity(e).despawn();
    }
    let Some(mut p) = board.painter() else { return };
    let (Some(view), Some(rules)) = (g.view.as_ref(), g.rules.as_deref()) else {
        for (e, ..) in on_board.iter() {
            p.commands.entity(e).despawn();
        }
        return;
    };
    let Some(map) = rules.maps.iter().find(|m| m.id == view.map) else {
        return;
    };
    if !maps.iter().any(|(_, m)| m.0 == map.id) {
        for (e, _) in maps.iter() {
            p.commands.entity(e).despawn();
        }
        let root = spawn_hex_map(p.commands, p.meshes, p.materials, &map_spec(map));
        p.commands.entity(root).insert(FteMap(map.id.clone()));
    }
    let mut d = Draw { p: &mut p };
    draw_objectives(&mut d, &st);
    let drawn_pieces = placed_pieces(rules, view);
    let wanted = drawn_pieces
        .iter()
        .map(|x| Wanted::new(x.key, x.look, x.at));
    let plan = pieces::plan(on_board.iter(), wanted);
    plan.apply(
        d.p,
        |p, w| {
            let mut d = Draw { p };
            let e = match drawn_pieces.iter().find(|x| x.key == w.key) {
                Some(x) => spawn_piece(&mut d, view, x),
                None => d.p.root((), Transform::from_translation(w.home)),
            };
            d.p.commands.entity(e).insert((FteBoard, FtePiece));
            e
        },
        slides.then_some(&mut anim),
    );
    draw_marks(&mut d, view, &drawn_pieces);
    draw_highlights(&mut d, &st, &g, view);
}

/// A piece of the view where it stands: who it is, how it looks, where.
struct Placed<'v> {
    key: PieceKey,
    look: u64,
    at: Vec3,
    piece: Piece,
    hex: Hex,
    top: bool,
    role: Role,
    view: std::marker::PhantomData<&'v View>,
}

/// Every piece of the view in its stack (18.1: Visible units on top of
/// Concealed ones), with its key and look.
fn placed_pieces<'v>(rules: &Fte, view: &'v View) -> Vec<Placed<'v>> {
    let mut v = Vec::new();
    for (hex, list) in pieces(view) {
        let base = center(hex);
        let n = list.len();
        for (i, piece) in list.into_iter().enumerate() {
            let off = Vec2::new(i as f32 * 4.0, i as f32 * 4.0) - Vec2::splat((n - 1) as f32 * 2.0);
            let at = (base + off).extend(2.0 + i as f32 * 0.05);
            let top = i + 1 == n;
            let mut role = Role::FireTeam;
            let (key, look) = match piece {
                Piece::Unit(k) => {
                    let u = &view.units[k];
                    role = (rules.types.iter())
                        .find(|t| t.id == u.unit_type)
                        .map(|t| t.role)
                        .unwrap_or(Role::FireTeam);
                    let still = UnitView {
                        hex: None,
                        ..u.clone()
                    };
                    let look = pieces::look_of(&(still, top, role, markers(view, u)));
                    (PieceKey("unit", u.id as u64), look)
                }
                Piece::Marker(k) => {
                    let c = &view.concealed[k];
                    (
                        PieceKey("marker", c.marker as u64),
                        pieces::look_of(&(c.vc, view.side)),
                    )
                }
                Piece::Casualty(k) => {
                    let c = &view.casualties[k];
                    (
                        PieceKey("casualty", c.id as u64),
                        pieces::look_of(&(c.kind, c.side)),
                    )
                }
                Piece::Cache(k) => {
                    let c = &view.caches[k];
                    let key = match c.id {
                        Some(id) => PieceKey("cache", id as u64),
                        None => PieceKey("cache-at", hex.col as u64 * 1000 + hex.row as u64),
                    };
                    let own = c.owner == view.side;
                    (key, pieces::look_of(&(c.kind, c.revealed, own, c.hex)))
                }
            };
            v.push(Placed {
                key,
                look,
                at,
                piece,
                hex,
                top,
                role,
                view: std::marker::PhantomData,
            });
        }
    }
    v
}

fn spawn_piece(d: &mut Draw, view: &View, x: &Placed) -> Entity {
    let at = x.at;
    match x.piece {
        Piece::Unit(k) => d.unit(view, &view.units[k], x.role, at, x.top),
        Piece::Marker(k) => {
            let c = &view.concealed[k];
            d.marker(c.marker, view.side.other(), c.vc, at)
        }
        Piece::Casualty(k) => {
            let c = &view.casualties[k];
            let fill = match c.kind {
                CasualtyKind::Kia => status::KIA,
                CasualtyKind::Wia => status::WIA,
                CasualtyKind::Injury => status::INJURY,
            };
            d.small_marker(
                format!("{} ({})", c.kind.name(), c.side.name()),
                vec![
                    "Carried off by infantry, or loaded on a vehicle or helicopter (7.5.2)".into(),
                    "Evacuating it scores VP for its side (7.5.3)".into(),
                ],
                c.kind.name(),
                fill,
                at,
            )
        }
        Piece::Cache(k) => {
            let c = &view.caches[k];
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
                    "Hidden marker: a cache, tunnel, bunker, foxholes or dummy (23.0)".into(),
                ),
            };
            let fill = if c.revealed || !own {
                status::CACHE_SEEN
            } else {
                status::CACHE_OWN
            };
            d.small_marker(title, vec![format!("In {}", c.hex)], word, fill, at)
        }
    }
}

/// What goes with the pieces but changes with every look: the size of
/// each stack, our own plotted traps (secret) and Fire Mission targets.
fn draw_marks(d: &mut Draw, view: &View, placed: &[Placed]) {
    let mut counts: BTreeMap<Hex, usize> = BTreeMap::new();
    for x in placed {
        *counts.entry(x.hex).or_default() += 1;
    }
    for (hex, n) in counts.into_iter().filter(|(_, n)| *n > 1) {
        let p = center(hex) + stack_count_offset(n);
        let mut b = ShapeBuilder::new();
        b.circle(p, STACK_COUNT_R, lit::STACK_COUNT, 16);
        d.shape(&b, Vec3::new(0.0, 0.0, 5.8));
        d.text(&n.to_string(), p.extend(5.9), 13.0, palette::WHITE);
    }
    for h in &view.traps {
        let p = center(*h) + Vec2::new(HEX * 0.45, -HEX * 0.5);
        let word = if view.side == Side::Us { "CM" } else { "BT" };
        let e = d.small_marker(
            if view.side == Side::Us {
                format!("Claymore plotted in {h} (secret)")
            } else {
                format!("Booby Trap plotted in {h} (secret)")
            },
            vec!["Only you see this (26.0)".into()],
            word,
            status::PLOT,
            p.extend(1.5),
        );
        d.p.commands.entity(e).insert(FteBoard);
    }
    for m in &view.missions {
        let (Some(t), Some(k)) = (m.target, m.kind) else {
            continue;
        };
        let p = center(t);
        let mut b = ShapeBuilder::new();
        let c = status::MISSION;
        b.ring(
            &vt_ui::shapes::circle_points(p, HEX * 0.55, HEX * 0.55, 24),
            3.0,
            c,
        );
        b.line(p - Vec2::X * HEX * 0.7, p + Vec2::X * HEX * 0.7, 2.5, c);
        b.line(p - Vec2::Y * HEX * 0.7, p + Vec2::Y * HEX * 0.7, 2.5, c);
        let e = d.shape(&b, Vec3::new(0.0, 0.0, 4.5));
        d.p.commands.entity(e).insert(Tooltip::new(
            format!("{} due turn {} (secret)", k.name(), m.turn),
            HEX * 0.2,
        ));
    }
}

fn draw_objectives(d: &mut Draw, st: &FteScreen) {
    let Some(sc) = &st.scenario else { return };
    for o in &sc.objectives {
        let p = center(o.hex);
        let mut b = ShapeBuilder::new();
        let color = match o.side {
            Side::Us => army::US,
            Side::Nva => army::NVA,
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
        d.p.commands.entity(e).insert((
            Tooltip::new(format!("Objective: {}", o.name), HEX * 0.3).line(format!(
                "{} {} VP for holding it at the end",
                o.side.name(),
                o.vp
            )),
            Transform::from_xyz(0.0, 0.0, 0.8),
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

/// The hex where a blocked line of sight is first stopped.
pub fn blocked_at(b: &fte_rules::line_of_sight::Blocked) -> Option<Hex> {
    use fte_rules::line_of_sight::Blocked::*;
    match b {
        Terrain(h) | FriendlyUnits(h) | OffMap(h) => Some(*h),
        _ => None,
    }
}

fn draw_highlights(d: &mut Draw, st: &FteScreen, g: &Synced<Fte>, view: &View) {
    let kind: Option<K> = g.kind_as();
    let unit_hexes = |units: &[u16]| -> Vec<Hex> {
        let mut v: Vec<Hex> = units
            .iter()
            .filter_map(|u| model::unit_hex(view, *u))
            .collect();
        v.stable_sort();
        v.dedup();
        v
    };
    // The units the decision can use: a soft green ring.
    if g.to_decide {
        let mut hexes: Vec<Hex> = if kind == Some(K::Activate) {
            g.legal
                .iter()
                .flat_map(|c| model::anchors(view, c))
                .collect()
        } else {
            let ctx_units: Vec<u16> = g
                .legal
                .iter()
                .filter(|c| !matches!(c, Command::EndActivation))
                .flat_map(model::command_units)
                .collect();
            unit_hexes(&ctx_units)
        };
        hexes.stable_sort();
        hexes.dedup();
        let sel = unit_hexes(&st.sel);
        hexes.retain(|h| !sel.contains(h));
        if matches!(
            kind,
            Some(K::Action | K::OpportunityFire | K::Setup | K::Activate | K::Concealment)
        ) {
            d.colored_rings(&hexes, 0.06, lit::ACTIVE, 5.0);
        }
    }
    d.rings(&unit_hexes(&st.sel), HighlightKind::Selected, 5.1);
    // Movement: every reachable hex with its cost.
    if !st.reach.is_empty() {
        let g = geometry();
        let mut b = ShapeBuilder::new();
        for (h, _) in &st.reach {
            let corners = g.corners(coord(*h));
            b.polygon(&corners, lit::REACH_FILL);
            let inner: Vec<Vec2> = corners
                .iter()
                .map(|p| center(*h) + (*p - center(*h)) * 0.9)
                .collect();
            b.ring(&inner, HEX * 0.035, lit::REACH_EDGE);
        }
        d.shape(&b, Vec3::new(0.0, 0.0, 0.5));
        for (h, c) in &st.reach {
            d.label(
                *h,
                &mp_ascii(*c),
                -HEX * 0.72,
                lit::REACH_TEXT,
                lit::REACH_LABEL,
            );
        }
    }
    if !st.plan.is_empty() {
        d.colored_rings(&st.plan, 0.08, lit::PATH, 5.2);
    }
    // Whom the selection sees, and whom it can fire at with the number.
    d.colored_rings(&st.in_sight, 0.05, lit::SIGHT, 5.0);
    // One badge per hex and kind, however many groups could fire at it
    // (badges drawn on top of each other could not be read): the best
    // number needed on offer.
    let mut badges: BTreeMap<(Hex, bool), Option<(i32, bool)>> = BTreeMap::new();
    for (a, p) in &st.aims {
        let assault = a.kind == AimKind::Assault;
        let best = badges.entry((a.hex, assault)).or_insert(None);
        if let (false, Some(p)) = (assault, p) {
            let n = (p.needed, p.hidden);
            if best.is_none_or(|(b, _)| n.0 > b) {
                *best = Some(n);
            }
        }
    }
    // How many pieces each target hex holds: the badges sit clear of them.
    let mut stacks: BTreeMap<Hex, usize> = BTreeMap::new();
    for (hex, list) in pieces(view) {
        stacks.insert(hex, list.len());
    }
    for ((hex, assault), best) in badges {
        let color = if assault { lit::ASSAULT } else { lit::TARGET };
        d.colored_rings(&[hex], 0.1, color, 5.3);
        let text = match (assault, best) {
            (true, _) => "Assault".to_string(),
            (false, Some((n, hidden))) => {
                format!("{}{}", n.clamp(1, 9), if hidden { "?" } else { "" })
            }
            (false, None) => "fire".into(),
        };
        let n = stacks.get(&hex).copied().unwrap_or(1);
        let off = badge_offset(vt_ui::draw::label_size(&text), n, assault);
        d.label_at(hex, &text, off, palette::WHITE, color.alpha(230));
    }
    if let Some(a) = &st.aim {
        d.colored_rings(&[a.hex], 0.16, palette::WHITE, 5.4);
    }
    // Set-up areas, trap plots, Fire Mission targets.
    if !st.area.is_empty() {
        let color = match st.tool {
            Tool::FireMission { .. } => lit::BARRAGE_AREA,
            Tool::Plot => lit::PLOT,
            _ => lit::AREA,
        };
        d.colored_rings(&st.area, 0.05, color, 5.0);
    }
    // Whatever else the decision offers on the board: the commands'
    // own hexes (retreat, set-down, entry hexes, events, reveals ...).
    if g.to_decide
        && !matches!(
            kind,
            Some(K::Action | K::Move | K::Setup | K::Activate | K::OpportunityFire)
        )
    {
        let mut hexes: Vec<Hex> = g
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
        hexes.stable_sort();
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
            d.colored_rings(&[h], 0.12, lit::INTERRUPT, 5.5);
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
        d.colored_rings(&[h], 0.04, palette::WHITE, 5.6);
    }
}

/// Redraws what follows the pointer: the line of sight, the units a menu
/// line or a button would use, the unit Tab moved to; and the units the
/// computer's suggestion would use, while it stands.
#[allow(clippy::too_many_arguments)]
pub fn draw_hover(
    st: Res<FteScreen>,
    g: Res<Synced<Fte>>,
    suggested: Res<vt_ui::Suggested>,
    mut fit: ResMut<vt_ui::camera::CameraFit>,
    mut followed: Local<Option<u64>>,
    old: Query<Entity, With<FteHover>>,
    mut drawn: Local<Option<u64>>,
    mut board: BoardDraw,
) {
    let suggested = suggested
        .0
        .as_ref()
        .and_then(|v| serde_json::from_value::<Command>(v.clone()).ok());
    let suggested_units = suggested
        .as_ref()
        .map(model::command_units)
        .unwrap_or_default();
    // Where it would go, act or aim (the hexes a click would choose it in).
    let suggested_hexes = match (&suggested, g.view.as_ref()) {
        (Some(c), Some(view)) => model::anchors(view, c),
        _ => Vec::new(),
    };
    let key = pieces::look_of(&(
        st.hover_generation,
        st.generation,
        g.generation,
        &st.hover_units,
        st.tabbed,
        &suggested_units,
        &suggested_hexes,
    ));
    if *drawn == Some(key) {
        return;
    }
    *drawn = Some(key);
    for e in old.iter() {
        board.commands.entity(e).despawn();
    }
    let Some(mut p) = board.painter() else { return };
    let Some(view) = g.view.as_ref() else { return };
    let geo = geometry();
    let mut b = ShapeBuilder::new();
    if let Some(l) = &st.los {
        use fte_rules::line_of_sight::Blocked::{Crest, Hexside, UpSlope};
        let trace: Vec<MapCoord> = l.trace.iter().map(|h| coord(*h)).collect();
        let cut = l.blocked.as_ref().and_then(blocked_at).map(coord);
        let edge = match &l.blocked {
            Some(Hexside(p, q) | UpSlope(p, q) | Crest(p, q)) => geo.edge(coord(*p), coord(*q)),
            _ => None,
        };
        b = line_of_sight_shape(&geo, &trace, l.blocked.is_some(), cut, edge);
    }
    let hexes: Vec<Hex> = (st.hover_units.iter().chain(&st.tabbed))
        .filter_map(|u| model::unit_hex(view, *u))
        .collect();
    for h in hexes {
        b.ring(&geo.corners(coord(h)), HEX * 0.14, lit::HOVER_UNITS);
    }
    // The suggestion: its units' hexes and where it would go or aim.
    let units: Vec<MapCoord> = suggested_units
        .iter()
        .filter_map(|u| model::unit_hex(view, *u))
        .map(coord)
        .collect();
    let targets: Vec<MapCoord> = suggested_hexes.iter().map(|h| coord(*h)).collect();
    let (rings, fill) = vt_ui::highlight::suggestion_shapes(&geo, &units, &targets);
    // A new suggestion off the screen is brought into view, once: where
    // it goes or aims, else its first unit.
    let this = pieces::look_of(&(&units, &targets));
    if *followed != Some(this) {
        *followed = Some(this);
        if let Some(h) = targets.first().or(units.first()) {
            fit.follow = Some(geo.center(*h));
        }
    }
    b.append(&rings);
    if !fill.is_empty() {
        let e = p.shape(&fill, Vec3::new(0.0, 0.0, 0.6));
        p.commands.entity(e).insert(FteHover);
    }
    if !b.is_empty() {
        let e = p.shape(&b, Vec3::new(0.0, 0.0, 6.0));
        p.commands.entity(e).insert(FteHover);
    }
}

/// The events of the commands just played, shown where they happened:
/// each unit that moved slides along its path, a fire attack flashes on
/// its target (the effect, or a miss), a unit eliminated, a barrage landing,
/// a trap going off. Only where the viewing side sees something: a unit of
/// its view, or a hex where its view has a piece.
pub fn animate_events(
    mut changes: MessageReader<SessionChanged<Fte>>,
    g: Res<Synced<Fte>>,
    game: Option<Res<ActiveGame>>,
    was: Query<(&PieceKey, &PieceHome), With<FtePiece>>,
    mut anim: MessageWriter<Animate>,
) {
    let (Some(view), Some(session)) = (g.view.as_ref(), typed_session::<Fte>(game.as_deref()))
    else {
        changes.clear();
        return;
    };
    // Where the view showed pieces before these events, and shows them now.
    let before: Vec<(PieceKey, Vec2)> = was.iter().map(|(k, h)| (*k, h.0.truncate())).collect();
    let seen = |hex: Hex| {
        let c = center(hex);
        before.iter().any(|(_, p)| p.distance(c) < HEX * 0.8) || !model_pieces_at(view, hex)
    };
    let unit_at = |u: u16| {
        before
            .iter()
            .find(|(k, _)| *k == PieceKey("unit", u as u64))
            .map(|(_, p)| *p)
            .or_else(|| model::unit_hex(view, u).map(center))
            .or_else(|| {
                // A Concealed target: the hex its marker stands in.
                let hex = session.state.units.get(u as usize)?.hex?;
                seen(hex).then(|| center(hex))
            })
    };
    for change in changes.read() {
        if !change.animate() {
            continue;
        }
        for e in &change.events {
            let flash =
                |at: Vec2, color: Rgba, word: &str| Animate::flash(at, HEX * 0.55, color, word);
            match e {
                Event::Moved {
                    units, from, to, ..
                } => {
                    for u in units {
                        if model::unit(view, *u)
                            .is_some_and(|x| x.hex.is_some() && x.loaded_on.is_none())
                        {
                            anim.write(Animate::slide(
                                PieceKey("unit", *u as u64),
                                vec![center(*from), center(*to)],
                            ));
                        }
                    }
                }
                Event::Attack {
                    target,
                    hit,
                    effect,
                    ..
                } => {
                    if let Some(at) = unit_at(*target) {
                        anim.write(match (hit, effect) {
                            (true, Some(e)) => flash(at, lit::FLASH_HIT, e.label()),
                            (true, None) => flash(at, lit::FLASH_HIT, "Hit"),
                            (false, _) => flash(at, lit::FLASH_MISS, "Miss"),
                        });
                    }
                }
                Event::Eliminated { unit, .. } => {
                    if let Some(at) = unit_at(*unit) {
                        anim.write(flash(at, lit::FLASH_LOSS, "Eliminated"));
                    }
                }
                Event::MissionLands { kind, landed, .. } => {
                    anim.write(flash(center(*landed), lit::FLASH_BLAST, kind.name()));
                }
                Event::BoobyTrap { hex } if seen(*hex) => {
                    anim.write(flash(center(*hex), lit::FLASH_BLAST, "Booby Trap"));
                }
                Event::Claymore { hex } if seen(*hex) => {
                    anim.write(flash(center(*hex), lit::FLASH_BLAST, "Claymore"));
                }
                _ => {}
            }
        }
    }
}

/// True if the view has no piece at all in the hex (nothing to hide there).
fn model_pieces_at(view: &View, hex: Hex) -> bool {
    !pieces(view).contains_key(&hex)
}

/// Where the camera looks first when the whole map is not readable at
/// once: the viewing side's units, or where they may enter.
pub fn interest(v: &View, legal: &[Command]) -> Vec<Vec2> {
    let own: Vec<Vec2> = (v.units.iter())
        .filter(|u| u.side == v.side)
        .filter_map(|u| u.hex)
        .map(center)
        .collect();
    if !own.is_empty() {
        return own;
    }
    // Nothing on the map yet (reinforcements): where it may enter.
    legal
        .iter()
        .flat_map(|c| model::anchors(v, c))
        .map(center)
        .collect()
}

#[cfg(test)]
mod badge_tests {
    use super::*;

    /// The six neighbours' centres of a flat-topped hex, in hex radii
    /// across and hex heights (√3 radii) up.
    const NEIGHBOUR_STEPS: [(f32, f32); 6] = [
        (1.5, 0.5),
        (1.5, -0.5),
        (-1.5, 0.5),
        (-1.5, -0.5),
        (0.0, 1.0),
        (0.0, -1.0),
    ];

    fn plate(text: &str, n: usize, assault: bool) -> Rect {
        let size = vt_ui::draw::label_size(text);
        Rect::from_center_size(badge_offset(size, n, assault), size)
    }

    // Issue 14: the "3" above and "Assault" below crowded the target
    // counter. For any stack, every badge is clear of the counters and of
    // the other badge, and a number stays short of the next hex's counter.
    #[test]
    fn target_badges_never_cover_the_stack_or_each_other() {
        for n in 1..=6 {
            let h = stack_half(n);
            let stack = Rect::from_center_size(Vec2::ZERO, Vec2::splat(2.0 * h));
            // A lone counter's number sits beside it.
            assert_eq!(plate("3", 1, false).center().y, 0.0);
            for fire in ["3", "9?", "1", "fire"] {
                let f = plate(fire, n, false);
                let a = plate("Assault", n, true);
                for (word, r) in [(fire, f), ("Assault", a)] {
                    assert!(stack.intersect(r).is_empty(), "{word} on {n} counters");
                }
                assert!(f.intersect(a).is_empty(), "{fire} and Assault, {n}");
                if f.center().y == 0.0 {
                    assert!(f.max.x < next_counter_edge(), "{fire} reaches the next hex");
                }
            }
        }
    }

    // Issue 14: the stack count lay over the counter of the hex up and to
    // the left. For stacks of 2-6 beside neighbours of up to 3 pieces, the
    // disc is clear of its own stack, of every neighbour's counters, of the
    // status tag row above, the Assault badge below and the target number
    // on the right.
    #[test]
    fn the_stack_count_stays_off_every_counter_and_badge() {
        let shift = |n: usize| Vec2::splat(stack_half(n) - COUNTER / 2.0);
        for n in 2..=6 {
            let c = stack_count_offset(n);
            let disc = Rect::from_center_size(c, Vec2::splat(2.0 * STACK_COUNT_R));
            let own = Rect::from_center_size(Vec2::ZERO, Vec2::splat(2.0 * stack_half(n)));
            assert!(own.intersect(disc).is_empty(), "on its own stack of {n}");
            for m in 1..=3 {
                for (dx, dy) in NEIGHBOUR_STEPS {
                    let at = Vec2::new(dx * HEX, dy * HEX * 3f32.sqrt());
                    // The neighbour's counters, bottom one to top one.
                    for k in [-shift(m), shift(m)] {
                        let nb = Rect::from_center_size(at + k, Vec2::splat(COUNTER));
                        assert!(
                            nb.intersect(disc).is_empty(),
                            "count of {n} on a neighbour's stack of {m} at {at}"
                        );
                    }
                }
            }
            for r in [
                plate("Assault", n, true),
                plate("3", n, false),
                plate("fire", n, false),
            ] {
                assert!(
                    r.intersect(disc).is_empty(),
                    "count of {n} on a badge {r:?}"
                );
            }
            let top = shift(n);
            for (at, size) in vt_ui::counter::tag_row_rects(COUNTER, next_counter_side(), 2) {
                let tag = Rect::from_center_size(top + at, size);
                assert!(tag.intersect(disc).is_empty(), "count of {n} on a tag");
            }
        }
    }

    // Issue 14: a counter's status tags (CONC, TTOP ...) ran down its right
    // edge over the counters of the next hexes. In a row above it they stay
    // clear of every neighbour's counter, however many tags it has.
    #[test]
    fn status_tags_stay_off_the_neighbouring_counters() {
        let s = COUNTER;
        let mut neighbours = Vec::new();
        for (dx, dy) in NEIGHBOUR_STEPS {
            let c = Vec2::new(dx * HEX, dy * HEX * 3f32.sqrt());
            neighbours.push(Rect::from_center_size(c, Vec2::splat(s)));
        }
        let own = Rect::from_center_size(Vec2::ZERO, Vec2::splat(s));
        let max_right = next_counter_side() - BADGE_GAP;
        for n in 1..=5 {
            let rects = vt_ui::counter::tag_row_rects(s, max_right, n);
            assert_eq!(rects.len(), n.min(vt_ui::counter::ROW_TAGS));
            for (at, size) in rects {
                let r = Rect::from_center_size(at, size);
                assert!(own.intersect(r).is_empty(), "{n} tags: on the counter");
                for nb in &neighbours {
                    assert!(nb.intersect(r).is_empty(), "{n} tags: {r:?} on {nb:?}");
                }
            }
        }
    }
}
