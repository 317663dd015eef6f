//! The map sheet and its counters, drawn from the [`BoardLayout`]: flat
//! vertex-coloured meshes and 2D text, nothing copied from the published
//! counter sheet.

use crate::CsarScreen;
use crate::layout::{
    self, BOX_W, BoardLayout, COUNTER, HEADER, Item, ItemKind, R1, R2, zone_angle,
};
use crate::pick::Thing;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::{Justify, LineBreak, TextLayout};
use bevy::window::PrimaryWindow;
use csar_rules::data::ZoneMarkerKind;
use csar_rules::view::{AircraftView, GunView, MarkerView, SurvivorView};
use csar_rules::{AircraftKind, Place, Zone};
use std::collections::BTreeSet;
use vt_ui::board::{BoardBounds, BoardCamera, BoardRect, Tooltip};
use vt_ui::shapes::{ShapeBuilder, circle_points};

/// Everything the board spawned (roots only).
#[derive(Component)]
pub struct CsarBoard;

/// A counter on the board and what clicking it means.
#[derive(Component, Clone, Debug)]
pub struct CsarCounter(pub Option<Thing>);

const INK: Color = Color::srgb(0.08, 0.08, 0.07);
const PAPER: Color = Color::srgb(0.95, 0.93, 0.86);
const GOLD: Color = Color::srgba(1.0, 0.82, 0.15, 0.95);
const SELECTED: Color = Color::srgba(0.35, 0.9, 1.0, 1.0);

fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color::srgb_u8(r, g, b)
}

/// Despawns the board (leaving a game for the menu).
pub fn clear_board(mut commands: Commands, old: Query<Entity, With<CsarBoard>>) {
    for e in &old {
        commands.entity(e).despawn();
    }
}

/// Draws the board again when the game or the selection changed.
pub fn redraw(
    mut commands: Commands,
    st: Res<CsarScreen>,
    old: Query<Entity, With<CsarBoard>>,
    mut drawn: Local<Option<u64>>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<ColorMaterial>>>,
    mut bounds: ResMut<BoardBounds>,
) {
    if *drawn == Some(st.board_generation) {
        return;
    }
    *drawn = Some(st.board_generation);
    for e in &old {
        commands.entity(e).despawn();
    }
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        return;
    };
    let Some(layout) = &st.layout else { return };
    bounds.0 = Some(layout.bounds);
    let next: BTreeSet<Thing> = st.routes.next(&st.picker.selection);
    let selected: BTreeSet<Thing> = st.picker.selection.iter().copied().collect();
    let fire_zone = st.view.as_ref().and_then(|v| v.fire.map(|(z, _)| z));
    // One material for the whole board, blending: vertex colours with
    // alpha (shadows, the tint of the zone under fire) show through.
    let material = materials.add(ColorMaterial {
        alpha_mode: bevy::sprite_render::AlphaMode2d::Blend,
        ..Default::default()
    });
    let mut ctx = Draw {
        commands: &mut commands,
        meshes: &mut meshes,
        material,
    };
    ctx.sheet(layout, &next, fire_zone, st.view.as_ref());
    for (i, item) in layout.items.iter().enumerate() {
        let mark = match item.thing {
            Some(t) if selected.contains(&t) => Some(SELECTED),
            Some(t) if next.contains(&t) => Some(GOLD),
            _ => None,
        };
        ctx.counter(item, 2.0 + i as f32 * 0.02, mark);
    }
}

struct Draw<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    meshes: &'a mut Assets<Mesh>,
    material: Handle<ColorMaterial>,
}

fn annular_sector(b: &mut ShapeBuilder, r0: f32, r1: f32, a0: f32, a1: f32, color: Color) {
    let n = 24;
    for i in 0..n {
        let t0 = a0 + (a1 - a0) * i as f32 / n as f32;
        let t1 = a0 + (a1 - a0) * (i + 1) as f32 / n as f32;
        let (d0, d1) = (Vec2::from_angle(t0), Vec2::from_angle(t1));
        b.polygon(&[d0 * r0, d0 * r1, d1 * r1, d1 * r0], color);
    }
}

fn zone_shape(b: &mut ShapeBuilder, z: Zone, color: Color) {
    if z == Zone::Center {
        b.circle(Vec2::ZERO, R1, color, 64);
    } else {
        let a = zone_angle(z);
        let q = std::f32::consts::FRAC_PI_4;
        annular_sector(b, R1, R2, a - q, a + q, color);
    }
}

fn zone_outline(b: &mut ShapeBuilder, z: Zone, width: f32, color: Color) {
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

impl Draw<'_, '_, '_> {
    fn shape(&mut self, b: &ShapeBuilder, at: Vec3) -> Entity {
        self.commands
            .spawn((
                Mesh2d(self.meshes.add(b.build())),
                MeshMaterial2d(self.material.clone()),
                Transform::from_translation(at),
            ))
            .id()
    }

    fn text(&mut self, t: &str, at: Vec3, px: f32, color: Color) -> Entity {
        self.commands
            .spawn((
                Text2d::new(t),
                TextFont::from_font_size(px),
                TextColor(color),
                TextLayout::new(Justify::Center, LineBreak::WordBoundary),
                Anchor::CENTER,
                Transform::from_translation(at),
            ))
            .id()
    }

    fn root(&mut self, children: Vec<Entity>) {
        let id = self
            .commands
            .spawn((CsarBoard, Transform::default(), Visibility::default()))
            .id();
        self.commands.entity(id).add_children(&children);
    }

    /// The sheet: the rings, the boxes beside them, their names, and the
    /// zones that can be clicked now.
    fn sheet(
        &mut self,
        l: &BoardLayout,
        next: &BTreeSet<Thing>,
        fire_zone: Option<Zone>,
        view: Option<&csar_rules::View>,
    ) {
        let mut b = ShapeBuilder::new();
        b.rect(l.bounds.center(), l.bounds.size(), rgb(38, 46, 34));
        b.circle(Vec2::ZERO, R2 + 6.0, rgb(20, 26, 18), 96);
        for z in Zone::OUTER {
            let c = match z {
                Zone::North | Zone::South => rgb(62, 86, 52),
                _ => rgb(70, 94, 56),
            };
            zone_shape(&mut b, z, c);
        }
        zone_shape(&mut b, Zone::Center, rgb(96, 116, 70));
        if let Some(z) = fire_zone {
            zone_shape(&mut b, z, Color::srgba(0.9, 0.15, 0.1, 0.22));
        }
        for z in Zone::ALL {
            zone_outline(&mut b, z, 2.0, rgb(20, 26, 18));
        }
        for z in Zone::ALL {
            if next.contains(&Thing::Zone(z)) {
                zone_outline(&mut b, z, 6.0, GOLD);
            }
        }
        for (r, orbit) in [(l.orbit, true), (l.pool, false), (l.offmap, false)] {
            b.rect(r.center(), r.size(), rgb(30, 40, 52));
            b.rect(
                Vec2::new(r.center().x, r.max.y - HEADER / 2.0),
                Vec2::new(r.width(), HEADER),
                rgb(44, 58, 76),
            );
            let lit = orbit && next.contains(&Thing::Orbit);
            b.rect_outline(
                r.center(),
                r.size(),
                if lit { 6.0 } else { 2.0 },
                if lit { GOLD } else { rgb(120, 140, 160) },
            );
        }
        let base = self.shape(&b, Vec3::ZERO);
        let mut children = vec![base];
        for z in Zone::ALL {
            let mut name = z.name().to_uppercase();
            if let Some(zv) = view.and_then(|v| v.zones.iter().find(|x| x.zone == z))
                && zv.cards_assigned > 0
            {
                name = format!("{name} - {}/2 cards", zv.cards_assigned);
            }
            let p = layout::zone_label_at(z);
            children.push(self.text(&name, p.extend(1.0), 20.0, rgb(225, 230, 200)));
        }
        for (r, title) in [
            (l.orbit, "ORBIT BOX"),
            (l.pool, "FAST MOVER POOL"),
            (l.offmap, "NOT ON THE MAP"),
        ] {
            children.push(self.text(
                title,
                Vec3::new(r.center().x, r.max.y - HEADER / 2.0, 1.0),
                20.0,
                rgb(220, 228, 236),
            ));
        }
        let _ = BOX_W;
        self.root(children);
    }

    /// One counter with its tooltip, highlighted if it can be clicked now.
    fn counter(&mut self, item: &Item, z: f32, mark: Option<Color>) {
        let spec = counter_spec(item);
        let s = COUNTER;
        let mut b = ShapeBuilder::new();
        if let Some(c) = mark {
            b.rect_outline(Vec2::ZERO, Vec2::splat(s + 14.0), 5.0, c);
        }
        b.rect(
            Vec2::new(s * 0.06, -s * 0.06),
            Vec2::splat(s),
            Color::srgba(0.0, 0.0, 0.0, 0.45),
        );
        let bg = if spec.dim {
            spec.bg.mix(&rgb(110, 110, 110), 0.6)
        } else {
            spec.bg
        };
        b.rect(Vec2::ZERO, Vec2::splat(s), bg);
        b.rect_outline(Vec2::ZERO, Vec2::splat(s), 1.5, spec.ink.with_alpha(0.7));
        (spec.symbol)(&mut b, spec.ink);
        for (i, badge) in spec.badges.iter().enumerate() {
            let c = Vec2::new(s * 0.5 - 1.0, s * 0.5 - 1.0 - i as f32 * 19.0);
            b.rect(c, Vec2::new(22.0, 17.0), badge.1);
            b.rect_outline(c, Vec2::new(22.0, 17.0), 1.0, INK);
        }
        let body = self.shape(&b, Vec3::new(0.0, 0.0, 0.0));
        let mut children = vec![body];
        if !spec.top.is_empty() {
            children.push(self.text(&spec.top, Vec3::new(0.0, s * 0.35, 0.05), 13.0, spec.ink));
        }
        if !spec.middle.is_empty() {
            children.push(self.text(
                &spec.middle,
                Vec3::new(0.0, spec.middle_y, 0.05),
                spec.middle_px,
                spec.ink,
            ));
        }
        if !spec.bottom.is_empty() {
            children.push(self.text(
                &spec.bottom,
                Vec3::new(0.0, -s * 0.32, 0.05),
                spec.bottom_px,
                spec.ink,
            ));
        }
        for (i, badge) in spec.badges.iter().enumerate() {
            let c = Vec3::new(s * 0.5 - 1.0, s * 0.5 - 1.0 - i as f32 * 19.0, 0.06);
            children.push(self.text(&badge.0, c, 13.0, crate::board::ink_on(badge.1)));
        }
        let mut t = Transform::from_translation(item.at.extend(z));
        if spec.rotated {
            // Fired guns and pinpointed Survivors turn ninety degrees right.
            t.rotate_z(-std::f32::consts::FRAC_PI_2);
        }
        let id = self
            .commands
            .spawn((
                CsarBoard,
                CsarCounter(item.thing),
                spec.tooltip,
                t,
                Visibility::default(),
            ))
            .id();
        self.commands.entity(id).add_children(&children);
    }
}

/// Dark ink on light colours, light ink on dark ones.
pub fn ink_on(bg: Color) -> Color {
    let l = bg.to_srgba();
    if 0.299 * l.red + 0.587 * l.green + 0.114 * l.blue > 0.5 {
        INK
    } else {
        PAPER
    }
}

type Symbol = fn(&mut ShapeBuilder, Color);

/// How one counter looks.
pub struct CounterLook {
    pub bg: Color,
    pub ink: Color,
    pub top: String,
    pub middle: String,
    pub middle_px: f32,
    pub middle_y: f32,
    pub bottom: String,
    pub bottom_px: f32,
    /// Small tabs at the upper right: (text, colour).
    pub badges: Vec<(String, Color)>,
    pub rotated: bool,
    pub dim: bool,
    pub symbol: Symbol,
    pub tooltip: Tooltip,
}

fn no_symbol(_: &mut ShapeBuilder, _: Color) {}

fn look(bg: Color, top: &str, tooltip: Tooltip) -> CounterLook {
    CounterLook {
        bg,
        ink: ink_on(bg),
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
        tooltip,
    }
}

fn sandy(b: &mut ShapeBuilder, ink: Color) {
    // A straight-winged propeller aircraft seen from above.
    b.line(Vec2::new(-22.0, 4.0), Vec2::new(22.0, 4.0), 5.0, ink);
    b.line(Vec2::new(0.0, 14.0), Vec2::new(0.0, -14.0), 5.0, ink);
    b.line(Vec2::new(-8.0, -12.0), Vec2::new(8.0, -12.0), 3.5, ink);
    b.line(Vec2::new(-6.0, 16.0), Vec2::new(6.0, 16.0), 2.0, ink);
}

fn fac(b: &mut ShapeBuilder, ink: Color) {
    // A small high-wing spotter with twin booms.
    b.line(Vec2::new(-20.0, 6.0), Vec2::new(20.0, 6.0), 3.5, ink);
    b.line(Vec2::new(-5.0, 6.0), Vec2::new(-5.0, -12.0), 2.0, ink);
    b.line(Vec2::new(5.0, 6.0), Vec2::new(5.0, -12.0), 2.0, ink);
    b.line(Vec2::new(-7.0, -12.0), Vec2::new(7.0, -12.0), 2.5, ink);
    b.circle(Vec2::new(0.0, 9.0), 4.0, ink, 10);
}

fn helicopter(b: &mut ShapeBuilder, ink: Color) {
    b.line(Vec2::new(-20.0, 14.0), Vec2::new(20.0, -6.0), 2.5, ink);
    b.line(Vec2::new(-20.0, -6.0), Vec2::new(20.0, 14.0), 2.5, ink);
    b.ellipse_ring(Vec2::new(0.0, 4.0), 8.0, 6.0, 3.0, ink);
    b.line(Vec2::new(0.0, -2.0), Vec2::new(0.0, -16.0), 2.5, ink);
    b.line(Vec2::new(-5.0, -16.0), Vec2::new(5.0, -16.0), 2.5, ink);
}

fn fast_mover(b: &mut ShapeBuilder, ink: Color) {
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

fn gun(b: &mut ShapeBuilder, ink: Color) {
    b.circle(Vec2::new(0.0, 2.0), 6.0, ink, 12);
    b.line(Vec2::new(0.0, 2.0), Vec2::new(14.0, 14.0), 3.0, ink);
    b.line(Vec2::new(0.0, 2.0), Vec2::new(-14.0, 14.0), 3.0, ink);
}

fn survivor(b: &mut ShapeBuilder, ink: Color) {
    // A canopy over a figure.
    let pts = circle_points(Vec2::new(0.0, 10.0), 16.0, 9.0, 20);
    let top: Vec<Vec2> = pts.into_iter().filter(|p| p.y >= 10.0).collect();
    if top.len() >= 3 {
        b.polygon(&top, ink);
    }
    b.line(Vec2::new(-15.0, 10.0), Vec2::new(0.0, -4.0), 1.0, ink);
    b.line(Vec2::new(15.0, 10.0), Vec2::new(0.0, -4.0), 1.0, ink);
    b.circle(Vec2::new(0.0, -3.0), 3.0, ink, 10);
    b.line(Vec2::new(0.0, -5.0), Vec2::new(0.0, -13.0), 2.5, ink);
}

fn barrage(b: &mut ShapeBuilder, ink: Color) {
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

fn face_down(b: &mut ShapeBuilder, ink: Color) {
    b.ellipse_ring(Vec2::new(0.0, 2.0), 14.0, 14.0, 2.0, ink.with_alpha(0.5));
}

fn aircraft_look(a: &AircraftView, aboard: u8) -> CounterLook {
    let (bg, kind, symbol): (Color, &str, Symbol) = match a.kind {
        AircraftKind::Sandy => (rgb(176, 196, 214), "SANDY", sandy),
        AircraftKind::Fac => (rgb(196, 210, 170), "FAC", fac),
        AircraftKind::Helicopter => (rgb(214, 200, 150), "HELO", helicopter),
        AircraftKind::FastMover => (rgb(170, 176, 196), "FAST", fast_mover),
    };
    let bg = if a.shaken { rgb(232, 138, 78) } else { bg };
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
                rgb(240, 120, 60)
            } else {
                rgb(120, 210, 120)
            },
        ));
        tip = tip.line(format!("{side} side up (2.1.3)"));
    }
    if a.shaken {
        l.badges.push(("SH".into(), rgb(200, 50, 30)));
    }
    if aboard > 0 {
        l.badges.push((format!("+{aboard}"), rgb(250, 250, 250)));
        tip = tip.line(format!("{aboard} Survivor(s) aboard"));
    }
    if a.cards > 0 {
        l.badges.push((format!("C{}", a.cards), rgb(200, 60, 50)));
        tip = tip.line(format!("{} Aircraft card(s) assigned", a.cards));
    }
    if let Some(p) = &a.pilot {
        l.badges.push(("P".into(), rgb(250, 210, 60)));
        tip = tip.line(format!("Pilot/PJ: {p}"));
    }
    if a.moved && a.kind == AircraftKind::Helicopter {
        tip = tip.line("Moved this turn: no rescue this turn (4.3.5)");
    }
    match a.place {
        Place::Arriving(t) => {
            l.dim = true;
            l.badges.push((format!("T{t}"), rgb(120, 180, 240)));
            tip = tip.line(format!("Arrives in the Orbit Box on turn {t}"));
        }
        Place::Removed => {
            l.dim = true;
            l.symbol = match a.kind {
                AircraftKind::Sandy => |b, c| {
                    sandy(b, c);
                    cross(b);
                },
                AircraftKind::Fac => |b, c| {
                    fac(b, c);
                    cross(b);
                },
                AircraftKind::Helicopter => |b, c| {
                    helicopter(b, c);
                    cross(b);
                },
                AircraftKind::FastMover => |b, c| {
                    fast_mover(b, c);
                    cross(b);
                },
            };
            tip = tip.line("Out of play");
        }
        _ => {}
    }
    l.tooltip = tip;
    l
}

fn cross(b: &mut ShapeBuilder) {
    let c = Color::srgba(0.8, 0.05, 0.05, 0.9);
    b.line(Vec2::new(-26.0, -26.0), Vec2::new(26.0, 26.0), 4.0, c);
    b.line(Vec2::new(-26.0, 26.0), Vec2::new(26.0, -26.0), 4.0, c);
}

fn gun_look(g: &GunView) -> CounterLook {
    let active = rgb(150, 52, 40);
    let bg = if g.suppressed {
        rgb(128, 128, 124)
    } else {
        active
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
        l.badges.push((format!("H{}", g.hits), rgb(230, 40, 40)));
        tip = tip.line(format!("{} Hit(s) this turn (9.1)", g.hits));
    }
    if g.mark > 0 {
        l.badges.push((format!("M{}", g.mark), rgb(250, 220, 60)));
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
        (rgb(44, 52, 60), "HIDDEN")
    } else {
        (rgb(92, 34, 34), "ENEMY")
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
        rgb(214, 170, 96)
    } else {
        rgb(204, 188, 140)
    };
    let mut l = look(bg, "", Tooltip::default());
    l.middle = short.into();
    l.middle_px = 12.0;
    let mut tip = Tooltip::new(kind.name(), COUNTER / 2.0).line(format!("{what} (9.3)"));
    if hits > 0 {
        l.badges.push((format!("H{hits}"), rgb(230, 40, 40)));
        tip = tip.line(format!("{hits} Hit(s) this turn"));
    }
    if mark > 0 {
        l.badges.push((format!("M{mark}"), rgb(250, 220, 60)));
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
        rgb(236, 190, 180)
    } else {
        rgb(240, 236, 220)
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
                rgb(230, 230, 240),
                "",
                Tooltip::new("Rules of Engagement", r).line("Event card in play in this zone"),
            );
            l.middle = "RULES OF\nENGAGE-\nMENT".into();
            l.middle_px = 11.0;
            l
        }
        ItemKind::CsGas { side } => {
            let mut l = look(
                rgb(226, 210, 80),
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
                rgb(200, 204, 210),
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
                rgb(60, 58, 50),
                "CLUSTER",
                Tooltip::new("Cluster Munitions", r)
                    .line("No Survivor moves into, out of or through this zone (9.2)"),
            );
            l.middle = "CBU".into();
            l.middle_px = 20.0;
            l.ink = rgb(250, 170, 60);
            l
        }
        ItemKind::Barrage { count } => {
            let mut l = look(
                rgb(210, 110, 40),
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

/// Where the camera was put by the last fit, and for which free rectangle.
#[derive(Default)]
pub struct LastFit {
    free: Option<Rect>,
    put: Option<Transform>,
}

/// Fits the board into the part of the window the panels leave free: at
/// the start of a game, and again when that part changes (the window or a
/// panel resized) unless the player has moved the camera since.
pub fn fit_camera(
    mut st: ResMut<CsarScreen>,
    rect: Res<BoardRect>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut camera: Query<&mut Transform, With<BoardCamera>>,
    mut last: Local<LastFit>,
) {
    let Some(layout) = &st.layout else { return };
    let Some(free) = crate::panels::free_board_rect(rect.0) else {
        return;
    };
    let Ok(w) = window.single() else { return };
    let Ok(mut t) = camera.single_mut() else {
        return;
    };
    let untouched = last.put.is_some_and(|p| p == *t);
    let changed = last.free.is_none_or(|f| f != free);
    if !(st.needs_fit || (untouched && changed)) {
        return;
    }
    let win = Vec2::new(w.width(), w.height());
    let b = layout.bounds;
    let scale = (b.width() / free.width().max(1.0)).max(b.height() / free.height().max(1.0)) * 1.02;
    // The world point b.center() shows at the free rectangle's centre.
    let offset = free.center() - win / 2.0;
    t.scale = Vec3::new(scale, scale, 1.0);
    t.translation.x = b.center().x - offset.x * scale;
    t.translation.y = b.center().y + offset.y * scale;
    last.free = Some(free);
    last.put = Some(*t);
    st.needs_fit = false;
}
