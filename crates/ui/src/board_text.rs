//! Text on the board (a counter's name and factors, a label, a flash's
//! result) drawn as a 2D mesh of glyphs from egui's own fonts, not with
//! Bevy's text.
//!
//! Bevy's `bevy_text` brings its own layout (parley, fontique, swash, a
//! second skrifa, read-fonts and harfrust, ICU's line breaking) and its own
//! font, about 0.5-0.6 MB of the browser's .wasm before its data, for the
//! few ASCII words a board shows (issue 15). egui already lays out and
//! rasterises text with our fonts; a [`BoardText`] is laid out by a
//! [`Fonts`] of its own (egui's monospace family, Hack, as Bevy's default
//! font was a monospace one), and each row's glyph quads, as egui would
//! paint them, become one mesh with the glyph atlas as its texture.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_egui::egui::{
    self, FontFamily, FontId,
    epaint::text::{Fonts, TextOptions},
};

/// Glyphs are rasterised at this many pixels per world unit, so that text
/// stays sharp when the board is zoomed in to twice its size.
const PIXELS_PER_UNIT: f32 = 2.0;

/// Text drawn on the board, centred on its entity's transform (lines break
/// at `\n` and are centred on each other). Change it and it is drawn anew.
#[derive(Component, Clone, Debug, PartialEq)]
#[require(Transform, Visibility)]
pub struct BoardText {
    pub text: String,
    /// The height of the font in world units (as Bevy's font size was).
    pub size: f32,
    pub color: Color,
}

impl BoardText {
    pub fn new(text: impl Into<String>, size: f32, color: impl Into<Color>) -> Self {
        Self {
            text: text.into(),
            size,
            color: color.into(),
        }
    }
}

/// The fonts board text is laid out with, and the atlas image its glyphs
/// are drawn from (egui's atlas, its coverage turned into alpha).
#[derive(Resource)]
pub struct BoardFonts {
    fonts: Fonts,
    image: Option<Handle<Image>>,
    material: Option<Handle<ColorMaterial>>,
    /// The atlas size the meshes' texture coordinates were made for.
    atlas_size: [usize; 2],
}

impl Default for BoardFonts {
    fn default() -> Self {
        Self {
            fonts: Fonts::new(TextOptions::default(), crate::fonts::definitions()),
            image: None,
            material: None,
            atlas_size: [0, 0],
        }
    }
}

/// The glyph quads of `text`, centred on the origin, y up: positions in
/// world units, texture coordinates in the atlas as it is after laying it
/// out, and the vertex colours.
pub struct GlyphMesh {
    pub positions: Vec<[f32; 3]>,
    pub uvs: Vec<[f32; 2]>,
    pub colors: Vec<[f32; 4]>,
    pub indices: Vec<u32>,
    /// The laid-out block's size in world units.
    pub size: Vec2,
}

impl BoardFonts {
    /// Lays out `t` and returns its mesh. The atlas may have grown: see
    /// [`Self::atlas_image`].
    pub fn layout(&mut self, t: &BoardText) -> GlyphMesh {
        let ppu = PIXELS_PER_UNIT;
        let mut view = self.fonts.with_pixels_per_point(ppu);
        // Laid out in white and coloured here, so a text whose colour
        // changes (a fading label) is the same layout, cached.
        let mut job = egui::text::LayoutJob::simple(
            t.text.clone(),
            // Whole sizes only: each size is a set of glyphs in the atlas.
            FontId::new(t.size.round().max(1.0), FontFamily::Monospace),
            egui::Color32::WHITE,
            f32::INFINITY,
        );
        job.halign = egui::Align::Center;
        let galley = view.layout_job(job);
        let rect = galley.rect;
        let centre = rect.center();
        let mut m = GlyphMesh {
            positions: Vec::new(),
            uvs: Vec::new(),
            colors: Vec::new(),
            indices: Vec::new(),
            size: Vec2::new(rect.width(), rect.height()),
        };
        // egui's texture coordinates are atlas pixels.
        let [w, h] = self.fonts.font_image_size();
        let color = t.color.to_linear().to_f32_array();
        for row in &galley.rows {
            let mesh = &row.row.visuals.mesh;
            let base = m.positions.len() as u32;
            for v in &mesh.vertices {
                let p = row.pos + v.pos.to_vec2();
                // egui's y grows down; the board's grows up.
                m.positions.push([p.x - centre.x, centre.y - p.y, 0.0]);
                m.uvs.push([v.uv.x / w as f32, v.uv.y / h as f32]);
                m.colors.push(color);
            }
            m.indices.extend(mesh.indices.iter().map(|i| base + i));
        }
        m
    }

    /// The glyph atlas as an image: white, the glyphs' coverage as alpha.
    fn atlas_image(&self) -> Image {
        let atlas = self.fonts.image();
        let [w, h] = atlas.size;
        let mut data = Vec::with_capacity(w * h * 4);
        for p in &atlas.pixels {
            // egui's atlas is premultiplied white: its alpha is the coverage.
            data.extend_from_slice(&[255, 255, 255, p.a()]);
        }
        Image::new(
            Extent3d {
                width: w as u32,
                height: h as u32,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            data,
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
        )
    }
}

fn to_mesh(g: GlyphMesh) -> Mesh {
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, g.positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, g.uvs)
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, g.colors)
    .with_inserted_indices(Indices::U32(g.indices))
}

/// Gives each new or changed [`BoardText`] its mesh (and every text its
/// mesh again when the atlas grew, as its texture coordinates moved).
pub fn draw_board_text(
    mut commands: Commands,
    mut fonts: ResMut<BoardFonts>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<ColorMaterial>>>,
    images: Option<ResMut<Assets<Image>>>,
    changed: Query<(), Changed<BoardText>>,
    texts: Query<(Entity, &BoardText, Option<&Mesh2d>)>,
) {
    let (Some(mut meshes), Some(mut materials), Some(mut images)) = (meshes, materials, images)
    else {
        return;
    };
    if changed.is_empty() {
        return;
    }
    let fonts = &mut *fonts;
    // A new pass: egui's galley cache drops what was not used since the
    // last one, and an atlas nearly full starts again empty (then every
    // text's glyphs are somewhere else: all are laid out again).
    let fill = fonts.fonts.texture_atlas().fill_ratio();
    fonts.fonts.begin_pass(TextOptions::default());
    if fonts.fonts.texture_atlas().fill_ratio() < fill {
        fonts.atlas_size = [0, 0];
    }
    let before = fonts.fonts.font_image_size();
    let mut laid_out = Vec::new();
    for (e, t, mesh) in &texts {
        if changed.contains(e) || before != fonts.atlas_size {
            laid_out.push((e, fonts.layout(t), mesh.map(|m| m.0.clone())));
        }
    }
    let after = fonts.fonts.font_image_size();
    if after != before {
        // Laying out grew the atlas: every text's coordinates are redone.
        laid_out.clear();
        for (e, t, mesh) in &texts {
            laid_out.push((e, fonts.layout(t), mesh.map(|m| m.0.clone())));
        }
    }
    // The atlas image, new or updated with the glyphs just rasterised.
    if fonts.fonts.font_image_delta().is_some() || fonts.image.is_none() {
        let image = fonts.atlas_image();
        match &fonts.image {
            Some(h) => {
                if let Some(mut old) = images.get_mut(h) {
                    *old = image;
                }
                // A material is prepared with its texture as it was: told
                // it changed, it takes the new one (a grown atlas is a new
                // texture of another size; without this, glyphs added
                // below the old height were sampled from nothing).
                if let Some(m) = &fonts.material
                    && let Some(mut m) = materials.get_mut(m)
                {
                    // Only a mutable use marks the asset changed.
                    let m: &mut ColorMaterial = &mut m;
                    m.texture = fonts.image.clone();
                }
            }
            None => fonts.image = Some(images.add(image)),
        }
    }
    fonts.atlas_size = fonts.fonts.font_image_size();
    let material = fonts
        .material
        .get_or_insert_with(|| {
            materials.add(ColorMaterial {
                texture: fonts.image.clone(),
                alpha_mode: bevy::sprite_render::AlphaMode2d::Blend,
                ..Default::default()
            })
        })
        .clone();
    for (e, g, old) in laid_out {
        let mesh = to_mesh(g);
        match old {
            Some(h) if meshes.get(&h).is_some() => {
                let _ = meshes.insert(&h, mesh);
            }
            _ => {
                commands
                    .entity(e)
                    .insert((Mesh2d(meshes.add(mesh)), MeshMaterial2d(material.clone())));
            }
        }
    }
}

/// Registers board text: the fonts and the system that draws it (after
/// every `Update` system spawned or changed what it will).
pub fn add_to(app: &mut App) {
    app.init_resource::<BoardFonts>()
        .add_systems(PostUpdate, draw_board_text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_centred_and_lines_are_stacked() {
        let mut f = BoardFonts::default();
        let one = f.layout(&BoardText::new("Rifle", 14.0, Color::WHITE));
        // Five glyphs, four vertices and two triangles each.
        assert_eq!(one.positions.len(), 20);
        assert_eq!(one.indices.len(), 30);
        let (min_x, max_x) = one
            .positions
            .iter()
            .fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p[0]), b.max(p[0])));
        assert!((min_x + max_x).abs() < 1.0, "centred: {min_x} .. {max_x}");
        // Hack's advance is 0.6 em: five letters of 14 units are about 42.
        assert!((one.size.x - 42.0).abs() < 2.0, "{}", one.size.x);
        let two = f.layout(&BoardText::new("4-4-4\nRifle", 14.0, Color::WHITE));
        assert!(two.size.y > 1.8 * one.size.y, "two lines: {:?}", two.size);
        // The first line sits above the second (y up).
        let top = two.positions[..20].iter().map(|p| p[1]).sum::<f32>();
        let bottom = two.positions[20..].iter().map(|p| p[1]).sum::<f32>();
        assert!(top > bottom);
    }

    #[test]
    fn the_atlas_holds_the_glyphs_and_the_colour_is_the_text_colour() {
        let mut f = BoardFonts::default();
        let _ = f.layout(&BoardText::new("Rifle 4-4-4", 14.0, Color::WHITE));
        let g = f.layout(&BoardText::new("5", 32.0, Color::srgb(1.0, 0.0, 0.0)));
        let img = f.atlas_image();
        // Inked somewhere under the glyph's quad.
        // The glyph's quad: its four corners' texture coordinates.
        let (u0, u1, v0, v1) = g.uvs[..4].iter().fold(
            (f32::MAX, f32::MIN, f32::MAX, f32::MIN),
            |(a, b, c, d), [u, v]| (a.min(*u), b.max(*u), c.min(*v), d.max(*v)),
        );
        let (w, h) = (img.width() as f32, img.height() as f32);
        let data = img.data.as_ref().expect("pixels");
        let mut ink = 0u32;
        for y in (v0 * h) as u32..(v1 * h) as u32 {
            for x in (u0 * w) as u32..(u1 * w) as u32 {
                ink += u32::from(data[((y * img.width() + x) * 4 + 3) as usize]);
            }
        }
        assert!(ink > 255 * 10, "the 5 is inked ({ink})");
        assert!(
            g.colors
                .iter()
                .all(|c| c[0] > 0.99 && c[1] < 0.01 && c[3] > 0.99)
        );
    }
}

#[cfg(test)]
mod app_tests {
    use super::*;

    /// A text spawned as the tabletop spawns its ruler labels (laid out at
    /// 32 and scaled down) gets a mesh of its glyphs.
    #[test]
    fn a_spawned_text_gets_its_mesh() {
        let mut app = crate::testing::headless(AssetPlugin::default());
        add_to(&mut app);
        let e = app
            .world_mut()
            .spawn((
                BoardText::new("12\"", 32.0, Color::WHITE.with_alpha(0.8)),
                Transform::from_xyz(-0.95, 12.55, 0.1).with_scale(Vec3::splat(0.7 / 32.0)),
            ))
            .id();
        app.update();
        app.update();
        let h = app.world().get::<Mesh2d>(e).expect("a mesh").0.clone();
        let meshes = app.world().resource::<Assets<Mesh>>();
        let m = meshes.get(&h).expect("the mesh asset");
        let n = m.count_vertices();
        assert_eq!(n, 12, "three glyphs");
        assert!(
            app.world()
                .get::<MeshMaterial2d<ColorMaterial>>(e)
                .is_some()
        );
    }
}
