//! A small builder of flat, vertex-coloured triangle meshes: polygons,
//! lines, rings and circles, merged into one mesh so a whole map layer or a
//! whole counter is one draw.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, Mesh, PrimitiveTopology};
use bevy::prelude::*;

#[derive(Default, Clone, Debug)]
pub struct ShapeBuilder {
    pub positions: Vec<[f32; 3]>,
    pub colors: Vec<[f32; 4]>,
    pub indices: Vec<u32>,
}

fn rgba(c: impl Into<Color>) -> [f32; 4] {
    c.into().to_linear().to_f32_array()
}

impl ShapeBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }

    /// Adds `other`'s triangles after this one's (one mesh, one draw).
    pub fn append(&mut self, other: &ShapeBuilder) -> &mut Self {
        let base = self.positions.len() as u32;
        self.positions.extend_from_slice(&other.positions);
        self.colors.extend_from_slice(&other.colors);
        self.indices.extend(other.indices.iter().map(|i| i + base));
        self
    }

    fn vertex(&mut self, p: Vec2, color: [f32; 4]) -> u32 {
        self.positions.push([p.x, p.y, 0.0]);
        self.colors.push(color);
        (self.positions.len() - 1) as u32
    }

    /// A convex polygon, filled (a fan from its first corner).
    pub fn polygon(&mut self, points: &[Vec2], color: impl Into<Color>) -> &mut Self {
        if points.len() < 3 {
            return self;
        }
        let c = rgba(color);
        let first = self.vertex(points[0], c);
        for w in points[1..].windows(2) {
            let a = self.vertex(w[0], c);
            let b = self.vertex(w[1], c);
            self.indices.extend([first, a, b]);
        }
        self
    }

    /// A diamond of half-width `r` about `c`, filled (a point of a move
    /// where fire may come, the end of a suggested move).
    pub fn diamond(&mut self, c: Vec2, r: f32, color: impl Into<Color>) -> &mut Self {
        self.polygon(
            &[
                c + Vec2::new(0.0, r),
                c + Vec2::new(-r, 0.0),
                c + Vec2::new(0.0, -r),
                c + Vec2::new(r, 0.0),
            ],
            color,
        )
    }

    /// An axis-aligned rectangle, filled.
    pub fn rect(&mut self, center: Vec2, size: Vec2, color: impl Into<Color>) -> &mut Self {
        let h = size / 2.0;
        self.polygon(
            &[
                center + Vec2::new(-h.x, -h.y),
                center + Vec2::new(h.x, -h.y),
                center + Vec2::new(h.x, h.y),
                center + Vec2::new(-h.x, h.y),
            ],
            color,
        )
    }

    /// The outline of a rectangle.
    pub fn rect_outline(
        &mut self,
        center: Vec2,
        size: Vec2,
        width: f32,
        color: impl Into<Color>,
    ) -> &mut Self {
        let h = size / 2.0;
        self.ring(
            &[
                center + Vec2::new(-h.x, -h.y),
                center + Vec2::new(h.x, -h.y),
                center + Vec2::new(h.x, h.y),
                center + Vec2::new(-h.x, h.y),
            ],
            width,
            color,
        )
    }

    /// A straight line of the given width.
    pub fn line(&mut self, a: Vec2, b: Vec2, width: f32, color: impl Into<Color>) -> &mut Self {
        let d = b - a;
        if d.length_squared() == 0.0 {
            return self;
        }
        let n = d.normalize().perp() * (width / 2.0);
        self.polygon(&[a + n, b + n, b - n, a - n], color)
    }

    /// A line through the points, with round-ish joints.
    pub fn polyline(&mut self, points: &[Vec2], width: f32, color: impl Into<Color>) -> &mut Self {
        let color: Color = color.into();
        for w in points.windows(2) {
            self.line(w[0], w[1], width, color);
        }
        for p in points.iter().skip(1).take(points.len().saturating_sub(2)) {
            self.circle(*p, width / 2.0, color, 8);
        }
        self
    }

    /// A dashed line: `dash` drawn, `gap` left, from `a` to `b`.
    pub fn dashed(
        &mut self,
        a: Vec2,
        b: Vec2,
        width: f32,
        dash: f32,
        gap: f32,
        color: impl Into<Color>,
    ) -> &mut Self {
        let color: Color = color.into();
        let len = a.distance(b);
        if len == 0.0 {
            return self;
        }
        let dir = (b - a) / len;
        let mut s = 0.0;
        while s < len {
            let e = (s + dash).min(len);
            self.line(a + dir * s, a + dir * e, width, color);
            s = e + gap;
        }
        self
    }

    /// The outline of a closed polygon, `width` wide, inside its edges.
    pub fn ring(&mut self, points: &[Vec2], width: f32, color: impl Into<Color>) -> &mut Self {
        let n = points.len();
        if n < 3 {
            return self;
        }
        let center = points.iter().copied().sum::<Vec2>() / n as f32;
        let c = rgba(color);
        for i in 0..n {
            let a = points[i];
            let b = points[(i + 1) % n];
            let ai = a + (center - a).normalize_or_zero() * width;
            let bi = b + (center - b).normalize_or_zero() * width;
            let va = self.vertex(a, c);
            let vb = self.vertex(b, c);
            let vbi = self.vertex(bi, c);
            let vai = self.vertex(ai, c);
            self.indices.extend([va, vb, vbi, va, vbi, vai]);
        }
        self
    }

    /// A filled circle.
    pub fn circle(
        &mut self,
        center: Vec2,
        radius: f32,
        color: impl Into<Color>,
        segments: u32,
    ) -> &mut Self {
        let pts = circle_points(center, radius, radius, segments.max(6));
        self.polygon(&pts, color)
    }

    /// The outline of an ellipse.
    pub fn ellipse_ring(
        &mut self,
        center: Vec2,
        rx: f32,
        ry: f32,
        width: f32,
        color: impl Into<Color>,
    ) -> &mut Self {
        let outer = circle_points(center, rx, ry, 28);
        let inner = circle_points(center, (rx - width).max(0.0), (ry - width).max(0.0), 28);
        let c = rgba(color);
        for i in 0..outer.len() {
            let j = (i + 1) % outer.len();
            let a = self.vertex(outer[i], c);
            let b = self.vertex(outer[j], c);
            let bi = self.vertex(inner[j], c);
            let ai = self.vertex(inner[i], c);
            self.indices.extend([a, b, bi, a, bi, ai]);
        }
        self
    }

    pub fn build(&self) -> Mesh {
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions.clone())
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, self.colors.clone())
        .with_inserted_indices(Indices::U32(self.indices.clone()))
    }
}

pub fn circle_points(center: Vec2, rx: f32, ry: f32, segments: u32) -> Vec<Vec2> {
    (0..segments)
        .map(|i| {
            let a = i as f32 / segments as f32 * std::f32::consts::TAU;
            center + Vec2::new(a.cos() * rx, a.sin() * ry)
        })
        .collect()
}

/// Spawns a built shape as a mesh entity at `z`, with a white material so
/// the vertex colours show as they are.
pub fn spawn_shape(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    shape: &ShapeBuilder,
    translation: Vec3,
) -> Entity {
    let mut material = ColorMaterial::from_color(Color::WHITE);
    // Vertex colours with alpha (shadows, soft fills) need blending.
    if shape.colors.iter().any(|c| c[3] < 1.0) {
        material.alpha_mode = bevy::sprite_render::AlphaMode2d::Blend;
    }
    commands
        .spawn((
            Mesh2d(meshes.add(shape.build())),
            MeshMaterial2d(materials.add(material)),
            Transform::from_translation(translation),
        ))
        .id()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_make_whole_triangles() {
        let mut s = ShapeBuilder::new();
        s.polygon(&[Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y], Color::BLACK);
        assert_eq!(s.indices.len(), 6);
        s.line(Vec2::ZERO, Vec2::new(10.0, 0.0), 2.0, Color::WHITE);
        s.ring(&circle_points(Vec2::ZERO, 5.0, 5.0, 6), 1.0, Color::WHITE);
        s.dashed(
            Vec2::ZERO,
            Vec2::new(10.0, 0.0),
            1.0,
            2.0,
            1.0,
            Color::WHITE,
        );
        assert_eq!(s.indices.len() % 3, 0);
        assert!(s.indices.iter().all(|&i| (i as usize) < s.positions.len()));
        assert_eq!(s.positions.len(), s.colors.len());
        // A zero-length line adds nothing.
        let before = s.indices.len();
        s.line(Vec2::ONE, Vec2::ONE, 3.0, Color::WHITE);
        assert_eq!(s.indices.len(), before);
        // 10 long, dashes of 2 with gaps of 1: 4 dashes.
        let mut d = ShapeBuilder::new();
        d.dashed(
            Vec2::ZERO,
            Vec2::new(10.0, 0.0),
            1.0,
            2.0,
            1.0,
            Color::WHITE,
        );
        assert_eq!(d.indices.len(), 4 * 6);
    }
}
