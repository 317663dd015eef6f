//! Drawing the board from the viewing side's view: the map (once per
//! game: paddies, broken ground, treelines, forest, hamlets, the road on
//! its berm, rivers and streams along hexsides); the counters as pieces
//! that stay between changes (a unit that moves keeps its counter, which
//! slides along its path): own units face up with Attack Strength and
//! Movement Allowance, the enemy's face-down counters as numbered markers,
//! own face-down counters with a dark band, caches, casualties, pinned
//! markers, stacks; the highlights, drawn again whenever the game or the
//! aim changes; and the events of the commands just played shown where
//! they happened (a load landing, fire and its result, a counter turned up).

use crate::model;
use crate::screen::GruntScreen;
use bevy::prelude::*;
use grunt_rules::Grunt;
use grunt_rules::data::{Role, Terrain};
use grunt_rules::event::{Event, Hit};
use grunt_rules::map::{Hex, Map};
use grunt_rules::state::Side;
use grunt_rules::view::{CounterView, View};
use std::collections::BTreeMap;
use vt_core::sort::StableSort;
use vt_ui::counter::{
    CounterSpec, StatusMarker, UnitSymbol, spawn_counter, spawn_marker, spawn_plate,
};
use vt_ui::hexmap::{
    HexMapSpec, HexsideKind, MapCoord, MapGeometry, PathKind, TerrainStyle, TerrainSymbol,
    spawn_hex_map,
};
use vt_ui::highlight::{HighlightKind, hex_rings, highlight_shape};
use vt_ui::palette::{self, Rgba, army, board as lit, status};
use vt_ui::pieces::{self, PieceHome, PieceLook};
use vt_ui::prelude::*;

/// Hex circumradius in world units.
pub const HEX: f32 = 48.0;
/// Counter edge.
pub const COUNTER: f32 = 44.0;
/// The most the first view zooms out (world units per pixel): counters
/// stay readable.
pub const READABLE_SCALE: f32 = 1.15;

/// Highlights and labels: drawn again at each change.
#[derive(Component)]
pub struct GruntBoard;

/// Counters and markers: pieces kept between changes.
#[derive(Component)]
pub struct GruntPiece;

/// What follows the pointer.
#[derive(Component)]
pub struct GruntHover;

/// The drawn map.
#[derive(Component)]
pub struct GruntMap(pub String);

/// The hex a drawn counter stands in (tests read it).
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

pub fn terrain_label(t: Terrain) -> &'static str {
    match t {
        Terrain::Open => "Open (paddies)",
        Terrain::Broken => "Broken (brush, grass)",
        Terrain::Treeline => "Treeline",
        Terrain::Forest => "Forest",
        Terrain::Buildings => "Buildings (hooches)",
        Terrain::Road => "Road on its berm",
    }
}

fn terrain_style(t: Terrain) -> (Rgba, TerrainSymbol) {
    use palette::terrain::*;
    match t {
        Terrain::Open => (PADDY, TerrainSymbol::Paddy),
        Terrain::Broken => (BRUSH, TerrainSymbol::Grass),
        Terrain::Treeline => (WOODS, TerrainSymbol::Trees),
        Terrain::Forest => (JUNGLE, TerrainSymbol::Trees),
        Terrain::Buildings => (HAMLET, TerrainSymbol::Huts),
        Terrain::Road => (CLEAR, TerrainSymbol::None),
    }
}

/// The map as the renderer takes it.
pub fn map_spec(map: &Map) -> HexMapSpec {
    let mut spec = HexMapSpec {
        hex_size: HEX,
        ..Default::default()
    };
    let mut styles = BTreeMap::new();
    for h in map.hexes() {
        let t = map.terrain(h);
        let label = terrain_label(t);
        let (color, symbol) = terrain_style(t);
        styles.insert(
            label.to_lowercase(),
            TerrainStyle {
                name: label.to_string(),
                color: color.color(),
                symbol,
            },
        );
        spec.hexes.push((coord(h), label.to_string()));
    }
    for (a, b) in map.rivers() {
        spec.hexsides
            .push((coord(a), coord(b), HexsideKind::Stream));
    }
    for (a, b) in map.roads() {
        spec.paths.push((PathKind::Road, vec![coord(a), coord(b)]));
    }
    spec.terrain = styles;
    spec
}

fn side_color(c: &CounterView) -> Rgba {
    if c.role.is_arvn() {
        army::ARVN
    } else if c.side == Side::Us {
        army::US
    } else {
        army::VC
    }
}

fn symbol(role: Role) -> UnitSymbol {
    match role {
        Role::Infantry | Role::Ranger | Role::HardCore | Role::Militia => UnitSymbol::Infantry,
        Role::Mortar => UnitSymbol::Mortar,
        Role::Commander | Role::Leader => UnitSymbol::Headquarters,
        Role::ForwardObserver => UnitSymbol::Artillery,
        Role::ArvnIntel | Role::Sniper => UnitSymbol::Recon,
        _ => UnitSymbol::Plain,
    }
}

/// The status words on a counter: (short, long, colour).
pub fn markers(view: &View, c: &CounterView) -> Vec<(String, String, Rgba)> {
    let mut v = Vec::new();
    let mut add = |short: &str, long: String, col: Rgba| v.push((short.to_string(), long, col));
    if c.pinned {
        add(
            "PIN",
            "Pinned: may not move or fire (B9)".into(),
            status::PINNED,
        );
    }
    if c.face_down {
        add(
            "DOWN",
            "Face down: the US sees only its marker (B4)".into(),
            status::CONCEALED,
        );
    }
    if c.casualties > 0 {
        add(
            &format!("{}CAS", c.casualties),
            format!(
                "{} casualties taken (O4c: six and it is gone)",
                c.casualties
            ),
            status::WIA,
        );
    }
    if let Some(a) = c.ammo
        && view
            .options
            .contains(&grunt_rules::data::Optional::Ammunition)
    {
        add(
            &format!("A{a}"),
            format!("{a} units of fire left (O3)"),
            status::LOW_AMMO,
        );
    }
    if let Some(x) = c.carrying {
        add(
            "CARRY",
            format!("Carrying {} (A3, B3.5)", model::name(view, x)),
            status::CARRYING,
        );
    }
    if c.working.is_some() {
        add(
            "CACHE",
            "On a cache since this Player Turn (B3.5)".into(),
            status::CACHE_SEEN,
        );
    }
    if c.exposed {
        add(
            "EXPOSED",
            "Exposed by interrogation: may not move (A4)".into(),
            status::SEARCHING,
        );
    }
    if c.fired {
        add("FIRED", "Fired this Player Turn".into(), status::FIRED);
    } else if c.moved {
        add("MOVED", "Moved this Player Turn".into(), status::DONE);
    }
    if c.landed {
        // B5: "exception: in the Solitaire Game they MAY move".
        let long = if view.mode == grunt_rules::data::Mode::Solitaire {
            "Landed this Player Turn: may move (solitaire) but not fire (B5)"
        } else {
            "Landed this Player Turn: may not move or fire (B5)"
        };
        add("LANDED", long.into(), status::ALTITUDE);
    }
    v
}

pub fn counter_tooltip(view: &View, c: &CounterView) -> Tooltip {
    let mut t = Tooltip::new(model::name(view, c.id), COUNTER * 0.6);
    if model::fights(c.role) || c.role == Role::Porter {
        t = t.line(format!(
            "Attack Strength {}, Movement Allowance 6 (B2)",
            model::strength(c.attack)
        ));
    }
    if let Some(mp) = c.mp_left {
        t = t.line(format!("{mp} Movement Points left"));
    }
    for (_, long, _) in markers(view, c) {
        t = t.line(long);
    }
    t
}

/// The drawn things in a hex, bottom to top.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// A counter of the view (index).
    Counter(usize),
    /// An enemy face-down counter (index into `markers`).
    Marker(usize),
    /// A loose casualty counter (index).
    Casualty(usize),
}

pub fn pieces(view: &View) -> BTreeMap<Hex, Vec<Piece>> {
    let mut m: BTreeMap<Hex, Vec<Piece>> = BTreeMap::new();
    let on_map = |c: &&CounterView| c.hex.is_some() && c.carried_by.is_none();
    let layer = |c: &CounterView| -> u8 {
        if c.role.is_cache() || matches!(c.role, Role::BoobyTrap | Role::AmmoSupply) {
            0
        } else if c.face_down {
            2
        } else {
            3
        }
    };
    let mut order: Vec<(u8, usize)> = view
        .counters
        .iter()
        .enumerate()
        .filter(|(_, c)| on_map(c))
        .map(|(i, c)| (layer(c), i))
        .collect();
    order.stable_sort();
    for (i, c) in view.casualties.iter().enumerate() {
        if c.with.is_none()
            && let Some(h) = c.hex
        {
            m.entry(h).or_default().push(Piece::Casualty(i));
        }
    }
    for (l, i) in &order {
        if *l == 0 {
            let h = view.counters[*i].hex.expect("on map");
            m.entry(h).or_default().push(Piece::Counter(*i));
        }
    }
    for (i, mk) in view.markers.iter().enumerate() {
        m.entry(mk.hex).or_default().push(Piece::Marker(i));
    }
    for (l, i) in &order {
        if *l > 0 {
            let h = view.counters[*i].hex.expect("on map");
            m.entry(h).or_default().push(Piece::Counter(*i));
        }
    }
    m
}

struct Draw<'p, 'a, 'w, 's> {
    p: &'p mut Painter<'a, 'w, 's>,
}

impl Draw<'_, '_, '_, '_> {
    fn shape(&mut self, b: &ShapeBuilder, at: Vec3) -> Entity {
        let e = self.p.shape(b, at);
        self.p.commands.entity(e).insert(GruntBoard);
        e
    }

    fn text(&mut self, t: &str, at: Vec3, px: f32, color: impl Into<Color>) -> Entity {
        let e = self.p.text(t, at, px, color);
        self.p.commands.entity(e).insert(GruntBoard);
        e
    }

    fn label(&mut self, h: Hex, text: &str, dy: f32, color: Rgba, bg: Rgba) {
        for e in self
            .p
            .label(center(h) + Vec2::new(0.0, dy), text, color, bg)
        {
            self.p.commands.entity(e).insert(GruntBoard);
        }
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

    fn fills(&mut self, hexes: &[Hex], color: Rgba, z: f32) {
        if hexes.is_empty() {
            return;
        }
        let g = geometry();
        let mut b = ShapeBuilder::new();
        for h in hexes {
            b.polygon(&g.corners(coord(*h)), color);
        }
        self.shape(&b, Vec3::new(0.0, 0.0, z));
    }

    /// A counter: the procedural counter with its short name, symbol and
    /// "Attack-Movement" along the foot; status words on the top counter.
    fn counter(&mut self, view: &View, c: &CounterView, at: Vec3, top: bool) -> Entity {
        let s = COUNTER;
        if c.role.is_cache() || matches!(c.role, Role::BoobyTrap | Role::AmmoSupply) {
            let word = match c.role {
                Role::Rice => "RICE",
                Role::Arms => "ARMS",
                Role::Ammo => "AMMO",
                Role::Radio => "RADIO",
                Role::Records => "RECS",
                Role::BoobyTrap => "TRAP",
                _ => "SUPPLY",
            };
            let fill = if c.role == Role::BoobyTrap {
                status::BROKEN
            } else if c.face_down {
                status::CACHE_OWN
            } else {
                status::CACHE_SEEN
            };
            let mut lines = vec![match c.role {
                Role::BoobyTrap => "Attacks units that enter at 3 to 1 (S6)".to_string(),
                Role::AmmoSupply => "Refills US units (O3a)".to_string(),
                _ => "Destroyed or captured by a unit that sits on it a Player Turn (B3.5)"
                    .to_string(),
            }];
            if c.face_down {
                lines.push("Face down: the US sees only its marker".into());
            }
            let e = spawn_marker(
                self.p,
                s * 0.8,
                model::name(view, c.id),
                lines,
                word,
                fill,
                at,
            );
            self.p
                .commands
                .entity(e)
                .insert(CounterOf(c.hex.unwrap_or(Hex::new(0, 0))));
            return e;
        }
        let mk = markers(view, c);
        let moves = c.role.moves();
        let numbers = if moves && c.attack > 0 {
            format!("{}-6", model::strength_ascii(c.attack))
        } else if moves {
            "0-6".to_string()
        } else {
            String::new()
        };
        let spec = CounterSpec {
            size: s,
            side_color: side_color(c).color(),
            symbol: symbol(c.role),
            echelon: String::new(),
            name: model::short(c),
            numbers,
            markers: if top {
                mk.iter()
                    .filter(|(w, _, _)| w != "MOVED" && w != "DOWN")
                    .map(|(w, _, col)| StatusMarker::new(w.clone(), col.color()))
                    .collect()
            } else {
                Vec::new()
            },
            tags: vt_ui::counter::TagPlace::RightEdge,
            spent: c.fired || c.pinned,
        };
        let e = spawn_counter(self.p, &spec, at, counter_tooltip(view, c));
        self.p
            .commands
            .entity(e)
            .insert(CounterOf(c.hex.unwrap_or(Hex::new(0, 0))));
        if c.face_down {
            // Our own face-down counter: a dark band round it.
            let mut b = ShapeBuilder::new();
            b.rect_outline(
                Vec2::ZERO,
                Vec2::splat(s * 1.04),
                s * 0.08,
                status::CONCEALED_BAND,
            );
            self.p.child_shape(e, &b, Vec3::new(0.0, 0.0, 0.02));
        }
        if c.pinned {
            let mut b = ShapeBuilder::new();
            b.line(
                Vec2::new(-s * 0.45, -s * 0.45),
                Vec2::new(s * 0.45, s * 0.45),
                s * 0.06,
                status::PINNED,
            );
            self.p.child_shape(e, &b, Vec3::new(0.0, 0.0, 0.025));
        }
        e
    }

    /// An enemy face-down counter: its marker number, nothing else (B4).
    fn marker(&mut self, number: u16, people: bool, at: Vec3) -> Entity {
        let s = COUNTER;
        let mut tip = Tooltip::new(format!("Face-down counter, marker {number}"), s * 0.6).line(
            "A unit, peasants, a cache, a trap or a dummy: probe or search to find out (B8, S5).",
        );
        if people {
            tip = tip.line("There are people under it (A6, O3b).");
        }
        let e = spawn_plate(self.p, tip, s, army::VC.mix(palette::BLACK, 0.45), at);
        let mut b = ShapeBuilder::new();
        b.rect_outline(
            Vec2::ZERO,
            Vec2::splat(s * 0.86),
            s * 0.04,
            army::MARKER_EDGE,
        );
        self.p.child_shape(e, &b, Vec3::new(0.0, 0.0, 0.005));
        self.p.child_text(
            e,
            if people { "P" } else { "?" },
            Vec3::new(0.0, s * 0.1, 0.01),
            s * 0.42,
            army::MARKER_PRINT,
        );
        self.p.child_text(
            e,
            &number.to_string(),
            Vec3::new(0.0, -s * 0.3, 0.01),
            s * 0.24,
            army::MARKER_PRINT,
        );
        e
    }
}

/// A piece of the view where it stands: who it is, how it looks, where.
struct Placed {
    key: PieceKey,
    look: u64,
    at: Vec3,
    piece: Piece,
    hex: Hex,
    top: bool,
}

fn placed_pieces(view: &View) -> Vec<Placed> {
    let mut v = Vec::new();
    for (hex, list) in pieces(view) {
        let base = center(hex);
        let n = list.len();
        for (i, piece) in list.into_iter().enumerate() {
            let step = 5.0;
            let off = Vec2::new(i as f32 * step, i as f32 * step)
                - Vec2::splat((n - 1) as f32 * step * 0.5);
            let at = (base + off).extend(2.0 + i as f32 * 0.05);
            let top = i + 1 == n;
            let (key, look) = match &piece {
                Piece::Counter(k) => {
                    let c = &view.counters[*k];
                    let still = (
                        c.role,
                        c.face_down,
                        c.pinned,
                        c.fired,
                        c.moved,
                        c.landed,
                        c.casualties,
                        c.ammo,
                        c.carrying,
                        c.working,
                        c.exposed,
                        top,
                    );
                    (PieceKey("unit", c.id as u64), pieces::look_of(&still))
                }
                Piece::Marker(k) => {
                    let m = &view.markers[*k];
                    (
                        PieceKey("marker", m.marker as u64),
                        pieces::look_of(&m.people),
                    )
                }
                Piece::Casualty(k) => {
                    let c = &view.casualties[*k];
                    (
                        PieceKey("casualty", c.id as u64),
                        pieces::look_of(&(c.kia, c.side, c.on_trap)),
                    )
                }
            };
            v.push(Placed {
                key,
                look,
                at,
                piece,
                hex,
                top,
            });
        }
    }
    v
}

fn spawn_piece(d: &mut Draw, view: &View, x: &Placed) -> Entity {
    match x.piece {
        Piece::Counter(k) => d.counter(view, &view.counters[k], x.at, x.top),
        Piece::Marker(k) => {
            let m = &view.markers[k];
            d.marker(m.marker, m.people, x.at)
        }
        Piece::Casualty(k) => {
            let c = &view.casualties[k];
            let (word, fill) = if c.kia {
                ("KIA", status::KIA)
            } else {
                ("WIA", status::WIA)
            };
            spawn_marker(
                d.p,
                COUNTER * 0.6,
                format!("{} casualty ({})", word, c.side.name()),
                vec!["Carried by a unit, taken off by a medevac helicopter (O4)".into()],
                word,
                fill,
                x.at,
            )
        }
    }
}

/// Draws the map once per game, the pieces that changed, and the
/// highlights whenever the game or the screen changed. Nothing is drawn
/// while the board is hidden for a hand-over.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    g: Res<Synced<Grunt>>,
    st: Res<GruntScreen>,
    layer: Query<Entity, (With<GruntBoard>, Without<PieceKey>)>,
    on_board: Query<(Entity, &PieceKey, &PieceLook, &PieceHome), With<GruntPiece>>,
    maps: Query<(Entity, &GruntMap)>,
    mut drawn: Local<Option<(u64, u64)>>,
    mut anim: MessageWriter<Animate>,
    mut board: BoardDraw,
) {
    let key = (g.generation, st.generation);
    if *drawn == Some(key) {
        return;
    }
    *drawn = Some(key);
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
        p.commands.entity(root).insert(GruntMap(map.id.clone()));
    }
    let mut d = Draw { p: &mut p };
    let placed = placed_pieces(view);
    let wanted = placed.iter().map(|x| Wanted::new(x.key, x.look, x.at));
    let plan = pieces::plan(on_board.iter(), wanted);
    plan.apply(
        d.p,
        |p, w| {
            let mut d = Draw { p };
            let e = match placed.iter().find(|x| x.key == w.key) {
                Some(x) => spawn_piece(&mut d, view, x),
                None => d.p.root((), Transform::from_translation(w.home)),
            };
            d.p.commands.entity(e).insert((GruntBoard, GruntPiece));
            e
        },
        st.slide.then_some(&mut anim),
    );
    draw_marks(&mut d, view, &placed);
    draw_highlights(&mut d, &st, view);
}

/// What goes with the pieces: the size of each stack, fields of fire,
/// helicopters on the ground, our own plotted air strikes.
fn draw_marks(d: &mut Draw, view: &View, placed: &[Placed]) {
    let mut counts: BTreeMap<Hex, usize> = BTreeMap::new();
    for x in placed {
        *counts.entry(x.hex).or_default() += 1;
    }
    for (hex, n) in counts.into_iter().filter(|(_, n)| *n > 1) {
        let p = center(hex) + Vec2::new(-COUNTER * 0.62, COUNTER * 0.62);
        let mut b = ShapeBuilder::new();
        b.circle(p, 9.0, lit::STACK_COUNT, 16);
        d.shape(&b, Vec3::new(0.0, 0.0, 5.8));
        d.text(&n.to_string(), p.extend(5.9), 13.0, palette::WHITE);
    }
    for z in &view.zones {
        let hexes: Vec<Hex> = z.hexes.iter().map(|(h, _)| *h).collect();
        d.fills(&hexes, lit::UNDER_FIRE, 0.45);
    }
    for h in &view.helicopters {
        let p = center(h.hex) + Vec2::new(HEX * 0.45, HEX * 0.5);
        let e = spawn_marker(
            d.p,
            COUNTER * 0.55,
            "Helicopter on the ground (O10.2)".into(),
            vec!["The NLF may fire at it while it is here".into()],
            "HELO",
            status::ALTITUDE,
            p.extend(4.0),
        );
        d.p.commands.entity(e).insert(GruntBoard);
    }
    for s in view.strikes.iter().filter(|s| !s.done) {
        d.colored_rings(&s.area, 0.05, lit::BARRAGE_AREA, 4.6);
    }
}

fn draw_highlights(d: &mut Draw, st: &GruntScreen, view: &View) {
    d.colored_rings(&st.usable, 0.06, lit::ACTIVE, 5.0);
    d.rings(&st.offered, HighlightKind::LegalTarget, 5.0);
    // The helicopters the NLF may fire at are among the group's hexes
    // (B5): they keep the lit ring, the others the group's.
    let group: Vec<Hex> = st
        .group
        .iter()
        .filter(|h| !st.offered.contains(h))
        .copied()
        .collect();
    d.rings(&group, HighlightKind::Selected, 5.1);
    if let Some(u) = st.moving
        && let Some(h) = model::counter_hex(view, u)
    {
        d.rings(&[h], HighlightKind::Selected, 5.1);
    }
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
                &format!("{c} MP"),
                -HEX * 0.72,
                lit::REACH_TEXT,
                lit::REACH_LABEL,
            );
        }
    }
    for t in &st.targets {
        d.colored_rings(&[t.hex], 0.1, lit::TARGET, 5.3);
        let text = t.column.clone().unwrap_or_else(|| "fire".into());
        d.label(
            t.hex,
            &text,
            HEX * 0.72,
            palette::WHITE,
            lit::TARGET.alpha(230),
        );
    }
    if let Some(a) = &st.aim {
        d.colored_rings(&[a.hex], 0.16, palette::WHITE, 5.4);
        let firers: Vec<Hex> = a
            .firers
            .iter()
            .filter_map(|(u, _)| model::counter_hex(view, *u))
            .collect();
        d.rings(&firers, HighlightKind::Selected, 5.45);
    }
}

/// Redraws what follows the pointer: the units a menu line or a button
/// would use, the area of an air strike; and the units the computer's
/// suggestion would use, while it stands.
#[allow(clippy::too_many_arguments)]
pub fn draw_hover(
    st: Res<GruntScreen>,
    g: Res<Synced<Grunt>>,
    suggested: Res<vt_ui::Suggested>,
    mut fit: ResMut<vt_ui::camera::CameraFit>,
    mut followed: Local<Option<u64>>,
    old: Query<Entity, With<GruntHover>>,
    mut drawn: Local<Option<u64>>,
    mut board: BoardDraw,
) {
    let suggested = suggested
        .0
        .as_ref()
        .and_then(|v| serde_json::from_value::<grunt_rules::command::Command>(v.clone()).ok());
    let suggested_units = suggested
        .as_ref()
        .map(model::command_units)
        .unwrap_or_default();
    let suggested_hexes = match (&suggested, g.view.as_ref()) {
        (Some(c), Some(view)) => model::command_hexes(view, c),
        _ => Vec::new(),
    };
    let key = pieces::look_of(&(
        st.hover_generation,
        st.generation,
        g.generation,
        &st.hover_units,
        &st.hover_area,
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
    for h in st
        .hover_units
        .iter()
        .filter_map(|u| model::counter_hex(view, *u))
    {
        b.ring(&geo.corners(coord(h)), HEX * 0.14, lit::HOVER_UNITS);
    }
    for h in &st.hover_area {
        b.ring(&geo.corners(coord(*h)), HEX * 0.1, lit::PLOT);
    }
    // The suggestion: its units' hexes and where it would go or aim.
    let units: Vec<MapCoord> = suggested_units
        .iter()
        .filter_map(|u| model::counter_hex(view, *u))
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
        p.commands.entity(e).insert(GruntHover);
    }
    if !b.is_empty() {
        let e = p.shape(&b, Vec3::new(0.0, 0.0, 6.0));
        p.commands.entity(e).insert(GruntHover);
    }
}

/// The events of the commands just played, shown where the viewing side
/// sees something happen: a unit or marker slides along its path, a load
/// lands, fire flashes its result on the target hex, face-down counters
/// turned up, a dummy removed.
pub fn animate_events(
    mut changes: MessageReader<SessionChanged<Grunt>>,
    g: Res<Synced<Grunt>>,
    mut anim: MessageWriter<Animate>,
) {
    let Some(view) = g.view.as_ref() else {
        changes.clear();
        return;
    };
    let sees_unit = |u: u16| model::counter(view, u).is_some_and(|c| c.hex.is_some());
    for change in changes.read() {
        if !change.animate() {
            continue;
        }
        for e in &change.events {
            let flash =
                |at: Vec2, color: Rgba, word: &str| Animate::flash(at, HEX * 0.55, color, word);
            match e {
                Event::Moved {
                    unit, marker, path, ..
                } => {
                    let key = if sees_unit(*unit) {
                        Some(PieceKey("unit", *unit as u64))
                    } else {
                        marker.map(|m| PieceKey("marker", m as u64))
                    };
                    if let Some(k) = key
                        && path.len() > 1
                    {
                        anim.write(Animate::slide(k, path.iter().map(|h| center(*h)).collect()));
                    }
                }
                Event::Entered { unit, path, .. } if sees_unit(*unit) && path.len() > 1 => {
                    anim.write(Animate::slide(
                        PieceKey("unit", *unit as u64),
                        path.iter().map(|h| center(*h)).collect(),
                    ));
                }
                Event::Landed { hex, .. } => {
                    anim.write(flash(center(*hex), lit::FLASH_MISS, "Landed"));
                }
                Event::Attack(a) => {
                    let hit = a.effects.iter().any(|e| e.hit != Hit::Nothing);
                    let word = if a.column.is_none() {
                        "No effect".to_string()
                    } else {
                        format!("{} {}", a.column_label, a.result.label())
                    };
                    let color = if hit { lit::FLASH_HIT } else { lit::FLASH_MISS };
                    anim.write(flash(center(a.hex), color, &word));
                }
                Event::Revealed { hex, .. } => {
                    anim.write(flash(center(*hex), lit::FLASH_BLAST, "Revealed"));
                }
                _ => {}
            }
        }
    }
}
