//! How each kind of terrain looks on the table, so that its kind reads at
//! a glance: jungle as massed tree crowns, paddies as water with rows of
//! rice, dykes as raised earth lines, tree lines as a file of crowns,
//! hootches as thatched roofs in a hamlet's fenced yard, bunkers ringed with
//! sandbags, trenches as dark cuts with a parapet, trails and streams as
//! bands of their width, hills as tinted contours with their level.
//!
//! The colours here are the table's own (the ground, the water, the
//! vegetation): they mean terrain, not a state, so they sit with the
//! drawing rather than in [`crate::palette`].

use super::mesh::{dashed_outline, fill, hatch, outline, scatter_points, v2};
use crate::palette::Rgba;
use crate::shapes::ShapeBuilder;
use bevy::prelude::*;
use vt_core::tabletop::{Feature, Point, Shape, Template};

/// What a feature looks like; a game maps each of its terrain kinds to one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TerrainLook {
    Jungle,
    /// Light jungle, rough scrub.
    Scrub,
    /// Elephant grass, standing crops.
    Grass,
    /// A wet rice paddy.
    Paddy,
    DryPaddy,
    /// A clearing, a landing zone.
    Clearing,
    Hill,
    /// A hamlet's yard (fenced, beaten earth).
    Hamlet,
    Hootch,
    /// A masonry building, a pagoda.
    Building,
    Bunker,
    Trench,
    Stream,
    Trail,
    Road,
    Dyke,
    TreeLine,
    Hedge,
    Wall,
    /// Templates laid during play.
    Smoke,
    /// A blast template (area fire).
    Blast,
    Napalm,
    Mines,
    Wire,
}

/// The table's colours: [`crate::palette::table`].
pub use crate::palette::table as colours;

use colours as c;

impl TerrainLook {
    /// Lower layers are drawn first: ground cover, then hills' contours,
    /// water, routes, lines, buildings, templates.
    pub fn layer(self) -> u8 {
        use TerrainLook::*;
        match self {
            Clearing | Paddy | DryPaddy | Grass | Scrub | Hamlet => 0,
            Hill => 1,
            Jungle => 2,
            Stream => 3,
            Trail | Road => 4,
            Dyke | Hedge | Wall | TreeLine => 5,
            Trench | Bunker | Hootch | Building => 6,
            Mines | Wire => 7,
            Napalm | Smoke | Blast => 8,
        }
    }

    /// A name for the legend and tooltips.
    pub fn name(self) -> &'static str {
        use TerrainLook::*;
        match self {
            Jungle => "jungle",
            Scrub => "scrub",
            Grass => "elephant grass",
            Paddy => "rice paddy",
            DryPaddy => "dry paddy",
            Clearing => "clearing",
            Hill => "hill",
            Hamlet => "hamlet",
            Hootch => "hootch",
            Building => "building",
            Bunker => "bunker",
            Trench => "trench",
            Stream => "stream",
            Trail => "trail",
            Road => "road",
            Dyke => "dyke",
            TreeLine => "tree line",
            Hedge => "hedge",
            Wall => "wall",
            Smoke => "smoke",
            Blast => "blast",
            Napalm => "napalm",
            Mines => "minefield",
            Wire => "wire",
        }
    }
}

fn pts(v: &[Point]) -> Vec<Vec2> {
    v.iter().map(|p| v2(*p)).collect()
}

/// A crown of foliage: a dark rim, the crown, a highlight.
fn crown(b: &mut ShapeBuilder, at: Vec2, r: f32, body: Rgba, dark: Rgba) {
    b.circle(at + Vec2::new(0.06, -0.06) * r, r * 1.05, dark.color(), 10);
    b.circle(at, r, body.color(), 10);
    b.circle(
        at + Vec2::new(-0.3, 0.3) * r,
        r * 0.45,
        body.scale(1.18).color(),
        8,
    );
}

/// Points every `step` inches along a polyline.
fn along(line: &[Point], step: f64) -> Vec<Point> {
    let len = vt_core::tabletop::path_length(line);
    let n = (len / step).floor().max(1.0) as usize;
    (0..=n)
        .map(|i| vt_core::tabletop::point_along(line, len * i as f64 / n as f64))
        .collect()
}

/// Draws a feature into `b`.
pub fn draw_feature<K>(b: &mut ShapeBuilder, f: &Feature<K>, look: TerrainLook) {
    match &f.shape {
        Shape::Area(a) => draw_area(b, a, look),
        Shape::Band { line, width } => draw_band(b, line, *width, look),
        Shape::Line(line) => draw_line(b, line, look),
    }
}

fn draw_area(b: &mut ShapeBuilder, a: &[Point], look: TerrainLook) {
    use TerrainLook::*;
    let poly = pts(a);
    match look {
        Jungle => {
            fill(b, &poly, c::JUNGLE.color());
            for (i, p) in scatter_points(a, 1.5, 0.45).into_iter().enumerate() {
                let r = 0.62 + 0.12 * ((i * 7 % 5) as f32 / 4.0);
                crown(b, v2(p), r, c::JUNGLE_CROWN, c::JUNGLE_DARK);
            }
            outline(b, &poly, 0.14, c::JUNGLE_DARK.color());
        }
        Scrub => {
            fill(b, &poly, c::SCRUB.color());
            for p in scatter_points(a, 1.1, 0.3) {
                b.circle(v2(p), 0.28, c::SCRUB_TUFT.color(), 7);
            }
            outline(b, &poly, 0.08, c::SCRUB_TUFT.color());
        }
        Grass => {
            fill(b, &poly, c::GRASS.color());
            hatch(b, a, 0.45, 80.0, 0.05, c::GRASS_BLADE.color());
            outline(b, &poly, 0.08, c::GRASS_BLADE.color());
        }
        Paddy | DryPaddy => {
            let (ground, row) = if look == Paddy {
                (c::WATER, c::RICE)
            } else {
                (c::DRY_PADDY, c::MUD.scale(1.2))
            };
            fill(b, &poly, ground.color());
            hatch(b, a, 0.55, 0.0, 0.09, row.color());
            outline(b, &poly, 0.1, c::MUD.color());
        }
        Clearing => {
            fill(b, &poly, c::CLEARING.color());
            dashed_outline(b, &poly, 0.08, 0.5, c::GROUND_EDGE.color());
        }
        Hill => {
            // Each contour tints what it holds; higher contours stack, so
            // the top reads lightest. The level is written at the crest.
            fill(b, &poly, c::HILL.color());
            outline(b, &poly, 0.12, c::CONTOUR.color());
        }
        Hamlet => {
            fill(b, &poly, c::YARD.color());
            dashed_outline(b, &poly, 0.12, 0.45, c::FENCE.color());
        }
        Hootch => {
            let shadow: Vec<Vec2> = poly.iter().map(|p| *p + Vec2::new(0.12, -0.12)).collect();
            fill(b, &shadow, crate::palette::board::SHADOW.color());
            fill(b, &poly, c::THATCH.color());
            hatch(b, a, 0.22, 60.0, 0.03, c::THATCH_LINE.color());
            ridge(b, a, 0.08, c::THATCH_LINE);
            outline(b, &poly, 0.08, c::THATCH_LINE.scale(0.7).color());
        }
        Building => {
            let shadow: Vec<Vec2> = poly.iter().map(|p| *p + Vec2::new(0.15, -0.15)).collect();
            fill(b, &shadow, crate::palette::board::SHADOW.color());
            fill(b, &poly, c::STONE.color());
            hatch(b, a, 0.5, 0.0, 0.03, c::STONE_LINE.color());
            hatch(b, a, 0.5, 90.0, 0.03, c::STONE_LINE.color());
            outline(b, &poly, 0.12, c::STONE_LINE.color());
        }
        Bunker => {
            // Sandbags round a dark roof, a firing slit.
            fill(b, &poly, c::SANDBAG.color());
            let inner = shrink(&poly, 0.35);
            fill(b, &inner, c::BUNKER.color());
            for p in along(&closed(a), 0.35) {
                b.circle(v2(p), 0.16, c::SANDBAG.scale(0.85).color(), 6);
            }
            ridge(b, a, 0.14, c::SLIT);
        }
        Trench => {
            fill(b, &poly, c::PARAPET.color());
            let inner = shrink(&poly, 0.22);
            fill(b, &inner, c::TRENCH.color());
            outline(b, &poly, 0.06, c::MUD.color());
        }
        Smoke => {
            fill(b, &poly, c::SMOKE.color());
            for p in scatter_points(a, 0.8, 0.25) {
                b.circle(v2(p), 0.38, c::SMOKE_PUFF.color(), 10);
            }
        }
        Blast => {
            fill(b, &poly, c::BLAST.color());
            outline(b, &poly, 0.1, c::BLAST_EDGE.color());
            let centre = poly.iter().copied().sum::<Vec2>() / poly.len().max(1) as f32;
            let inner: Vec<Vec2> = poly.iter().map(|p| centre + (*p - centre) * 0.5).collect();
            outline(b, &inner, 0.05, c::BLAST_EDGE.color());
            b.circle(centre, 0.12, c::BLAST_EDGE.color(), 8);
        }
        Napalm => {
            fill(b, &poly, c::NAPALM.color());
            hatch(b, a, 0.5, 30.0, 0.12, c::NAPALM_CORE.color());
        }
        Mines => {
            fill(b, &poly, c::MINES.color());
            for p in scatter_points(a, 0.6, 0.2) {
                b.circle(v2(p), 0.08, c::SLIT.color(), 6);
            }
            dashed_outline(b, &poly, 0.08, 0.3, c::MINES_EDGE.color());
        }
        Wire => {
            hatch(b, a, 0.25, 45.0, 0.03, c::WIRE.color());
            hatch(b, a, 0.25, -45.0, 0.03, c::WIRE.color());
            outline(b, &poly, 0.05, c::WIRE.color());
        }
        // Lines and bands given as areas: fill plainly.
        Stream | Trail | Road | Dyke | TreeLine | Hedge | Wall => {
            let col = line_colour(look);
            fill(b, &poly, col.color());
        }
    }
}

fn line_colour(look: TerrainLook) -> Rgba {
    use TerrainLook::*;
    match look {
        Stream => c::STREAM,
        Trail => c::TRAIL,
        Road => c::ROAD,
        Dyke => c::DYKE,
        TreeLine => c::JUNGLE_CROWN,
        Hedge => c::HEDGE,
        Wall => c::WALL,
        _ => c::GROUND_EDGE,
    }
}

fn closed(a: &[Point]) -> Vec<Point> {
    let mut v = a.to_vec();
    if let Some(f) = a.first() {
        v.push(*f);
    }
    v
}

/// The polygon pulled towards its centroid by `by` inches (for insets of
/// small convex buildings).
fn shrink(poly: &[Vec2], by: f32) -> Vec<Vec2> {
    let c = poly.iter().copied().sum::<Vec2>() / poly.len().max(1) as f32;
    poly.iter()
        .map(|p| {
            let d = *p - c;
            let l = d.length();
            if l <= by { c } else { c + d * ((l - by) / l) }
        })
        .collect()
}

/// A line along the longer axis of a (roughly rectangular) outline: a
/// roof's ridge, a bunker's slit.
fn ridge(b: &mut ShapeBuilder, a: &[Point], width: f32, colour: Rgba) {
    if a.len() < 4 {
        return;
    }
    let (p0, p1, p2, p3) = (a[0], a[1], a[2], a[3]);
    let (m1, m2, m3, m4) = (
        (p0 + p1) * 0.5,
        (p2 + p3) * 0.5,
        (p1 + p2) * 0.5,
        (p3 + p0) * 0.5,
    );
    let (s, e) = if m1.distance(m2) > m3.distance(m4) {
        (m3, m4)
    } else {
        (m1, m2)
    };
    let (s, e) = (s + (e - s) * 0.12, e + (s - e) * 0.12);
    b.line(v2(s), v2(e), width, colour.color());
}

fn draw_band(b: &mut ShapeBuilder, line: &[Point], width: f64, look: TerrainLook) {
    use TerrainLook::*;
    let l = pts(line);
    let w = width as f32;
    match look {
        Stream => {
            b.polyline(&l, w + 0.3, c::BANK.color());
            b.polyline(&l, w, c::STREAM.color());
            b.polyline(&l, w * 0.3, c::STREAM_LIGHT.color());
        }
        Road => {
            b.polyline(&l, w + 0.2, c::ROAD_EDGE.color());
            b.polyline(&l, w, c::ROAD.color());
        }
        _ => {
            b.polyline(&l, w + 0.16, c::TRAIL_EDGE.color());
            b.polyline(&l, w, line_colour(look).color());
            for wpts in l.windows(2) {
                b.dashed(wpts[0], wpts[1], 0.06, 0.35, 0.35, c::TRAIL_EDGE.color());
            }
        }
    }
}

fn draw_line(b: &mut ShapeBuilder, line: &[Point], look: TerrainLook) {
    use TerrainLook::*;
    let l = pts(line);
    match look {
        Dyke => {
            b.polyline(&l, 0.45, c::MUD.color());
            b.polyline(&l, 0.28, c::DYKE.color());
            b.polyline(&l, 0.1, c::DYKE_TOP.color());
        }
        TreeLine => {
            b.polyline(&l, 1.1, c::JUNGLE_DARK.color());
            for (i, p) in along(line, 0.75).into_iter().enumerate() {
                let r = 0.58 + 0.08 * ((i % 3) as f32);
                crown(b, v2(p), r, c::JUNGLE_CROWN, c::JUNGLE_DARK);
            }
        }
        Hedge => {
            for p in along(line, 0.4) {
                crown(b, v2(p), 0.3, c::HEDGE, c::JUNGLE_DARK);
            }
        }
        Wall => {
            b.polyline(&l, 0.32, c::STONE_LINE.color());
            b.polyline(&l, 0.2, c::WALL.color());
        }
        Wire => {
            b.polyline(&l, 0.05, c::WIRE.color());
            for p in along(line, 0.3) {
                let q = v2(p);
                b.line(
                    q - Vec2::splat(0.12),
                    q + Vec2::splat(0.12),
                    0.04,
                    c::WIRE.color(),
                );
                b.line(
                    q + Vec2::new(-0.12, 0.12),
                    q + Vec2::new(0.12, -0.12),
                    0.04,
                    c::WIRE.color(),
                );
            }
        }
        _ => {
            b.polyline(&l, 0.25, line_colour(look).color());
        }
    }
}

/// The outline of a template, for drawing.
pub fn template_outline(t: &Template) -> Vec<Point> {
    match t {
        Template::Circle(c) => (0..48)
            .map(|i| {
                let a = (i as f64 * 7.5).to_radians();
                c.centre + Point::new(a.cos(), a.sin()) * c.radius
            })
            .collect(),
        Template::Rect(r) => r.corners().to_vec(),
    }
}

/// Draws a template laid on the table (smoke, a napalm strip).
pub fn draw_template(b: &mut ShapeBuilder, t: &Template, look: TerrainLook) {
    draw_area(b, &template_outline(t), look);
}

/// The bare table: the cloth and a frame.
/// Inch marks along the table's near and left edges, outside it, as on a
/// tape laid along them: every inch, longer every 6", longest every 12"
/// (where [`ruler_labels`] writes the inches).
pub fn draw_rulers(b: &mut ShapeBuilder, size: Vec2) {
    let colour = crate::palette::PAPER.alpha(180).color();
    let tick = |i: u32| match i {
        i if i % 12 == 0 => 0.6,
        i if i % 6 == 0 => 0.4,
        _ => 0.2,
    };
    for i in 0..=size.x.floor() as u32 {
        let x = i as f32;
        b.line(
            Vec2::new(x, -0.1),
            Vec2::new(x, -0.1 - tick(i)),
            0.05,
            colour,
        );
    }
    for i in 0..=size.y.floor() as u32 {
        let y = i as f32;
        b.line(
            Vec2::new(-0.1, y),
            Vec2::new(-0.1 - tick(i), y),
            0.05,
            colour,
        );
    }
}

/// Where the rulers' inches are written, how tall, and what: every 12"
/// below the near edge's longest marks, and just above them on the left.
pub fn ruler_labels(size: Vec2) -> Vec<(Vec2, f32, String)> {
    let mut v = vec![];
    for i in (12..=size.x.floor() as u32).step_by(12) {
        v.push((Vec2::new(i as f32, -1.15), 0.8, format!("{i}\"")));
    }
    for i in (12..=size.y.floor() as u32).step_by(12) {
        v.push((Vec2::new(-0.95, i as f32 + 0.55), 0.7, format!("{i}\"")));
    }
    v
}

pub fn draw_cloth(b: &mut ShapeBuilder, size: Vec2) {
    b.rect(
        size / 2.0 + Vec2::new(0.4, -0.4),
        size,
        crate::palette::board::SHADOW.color(),
    );
    b.rect(size / 2.0, size, c::GROUND.color());
    b.rect_outline(size / 2.0, size, 0.25, c::GROUND_EDGE.color());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_look_draws_something() {
        use TerrainLook::*;
        let sq = vec![
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 3.0),
            Point::new(0.0, 3.0),
        ];
        let line = vec![Point::new(0.0, 0.0), Point::new(6.0, 1.0)];
        for look in [
            Jungle, Scrub, Grass, Paddy, DryPaddy, Clearing, Hill, Hamlet, Hootch, Building,
            Bunker, Trench, Stream, Trail, Road, Dyke, TreeLine, Hedge, Wall, Smoke, Blast, Napalm,
            Mines, Wire,
        ] {
            let mut b = ShapeBuilder::new();
            draw_feature(&mut b, &Feature::area((), sq.clone()), look);
            assert!(!b.is_empty(), "{look:?} as an area");
            let mut b = ShapeBuilder::new();
            draw_feature(&mut b, &Feature::line((), line.clone()), look);
            assert!(!b.is_empty(), "{look:?} as a line");
            let mut b = ShapeBuilder::new();
            draw_feature(&mut b, &Feature::band((), line.clone(), 1.0), look);
            assert!(!b.is_empty(), "{look:?} as a band");
        }
    }
}
