//! Spawning what a board shows: flat shapes with one shared blending
//! material and text ([`crate::board_text`]), every root owned by the playing screen
//! (`DespawnOnExit(Screen::Playing)`), so leaving a game clears the board
//! without any system of the plugin's.
//!
//! A drawing system takes [`BoardDraw`] and asks it for a [`Painter`]
//! (`None` in a test app without meshes).

use crate::screen::Screen;
use crate::shapes::ShapeBuilder;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The system parameter a board's drawing system takes.
#[derive(SystemParam)]
pub struct BoardDraw<'w, 's> {
    pub commands: Commands<'w, 's>,
    meshes: Option<ResMut<'w, Assets<Mesh>>>,
    materials: Option<ResMut<'w, Assets<ColorMaterial>>>,
    shared: Local<'s, Option<Handle<ColorMaterial>>>,
}

impl<'w, 's> BoardDraw<'w, 's> {
    /// The painter, or `None` where there are no mesh assets.
    pub fn painter(&mut self) -> Option<Painter<'_, 'w, 's>> {
        let meshes = self.meshes.as_deref_mut()?;
        let materials = self.materials.as_deref_mut()?;
        let material = self
            .shared
            .get_or_insert_with(|| {
                materials.add(ColorMaterial {
                    // Vertex colours with alpha (shadows, tints) show through.
                    alpha_mode: bevy::sprite_render::AlphaMode2d::Blend,
                    ..Default::default()
                })
            })
            .clone();
        Some(Painter {
            commands: &mut self.commands,
            meshes,
            materials,
            material,
        })
    }
}

/// Spawns shapes and text on the board.
pub struct Painter<'a, 'w, 's> {
    pub commands: &'a mut Commands<'w, 's>,
    pub meshes: &'a mut Assets<Mesh>,
    pub materials: &'a mut Assets<ColorMaterial>,
    /// The shared material (white, blending).
    pub material: Handle<ColorMaterial>,
}

impl Painter<'_, '_, '_> {
    /// A shape at `at`, owned by the playing screen.
    pub fn shape(&mut self, b: &ShapeBuilder, at: Vec3) -> Entity {
        let e = self.mesh(b, at);
        self.commands
            .entity(e)
            .insert(DespawnOnExit(Screen::Playing));
        e
    }

    /// A shape with its own material, to fade it (animations).
    pub fn fading_shape(&mut self, b: &ShapeBuilder, at: Vec3) -> (Entity, Handle<ColorMaterial>) {
        let m = self.materials.add(ColorMaterial {
            alpha_mode: bevy::sprite_render::AlphaMode2d::Blend,
            ..Default::default()
        });
        let e = self
            .commands
            .spawn((
                Mesh2d(self.meshes.add(b.build())),
                MeshMaterial2d(m.clone()),
                Transform::from_translation(at),
                DespawnOnExit(Screen::Playing),
            ))
            .id();
        (e, m)
    }

    fn mesh(&mut self, b: &ShapeBuilder, at: Vec3) -> Entity {
        self.commands
            .spawn((
                Mesh2d(self.meshes.add(b.build())),
                MeshMaterial2d(self.material.clone()),
                Transform::from_translation(at),
            ))
            .id()
    }

    /// One line of text centred on `at`, owned by the playing screen.
    pub fn text(&mut self, t: &str, at: Vec3, px: f32, color: impl Into<Color>) -> Entity {
        let e = self.text_entity(t, at, px, color.into());
        self.commands
            .entity(e)
            .insert(DespawnOnExit(Screen::Playing));
        e
    }

    fn text_entity(&mut self, t: &str, at: Vec3, px: f32, color: Color) -> Entity {
        self.commands
            .spawn((
                crate::board_text::BoardText::new(t, px, color),
                Transform::from_translation(at),
            ))
            .id()
    }

    /// A shape as a child of `parent` (moves with it).
    pub fn child_shape(&mut self, parent: Entity, b: &ShapeBuilder, at: Vec3) -> Entity {
        let e = self.mesh(b, at);
        self.commands.entity(parent).add_child(e);
        e
    }

    /// Text as a child of `parent`; lines break where the text has `\n`.
    pub fn child_text(
        &mut self,
        parent: Entity,
        t: &str,
        at: Vec3,
        px: f32,
        color: impl Into<Color>,
    ) -> Entity {
        let e = self.text_entity(t, at, px, color.into());
        self.commands.entity(parent).add_child(e);
        e
    }

    /// A short label in a box at `at` (a cost, a number needed), above the
    /// pieces.
    pub fn label(
        &mut self,
        at: Vec2,
        text: &str,
        color: crate::palette::Rgba,
        bg: crate::palette::Rgba,
    ) -> [Entity; 2] {
        let mut b = ShapeBuilder::new();
        b.rect(at, label_size(text), bg);
        let back = self.shape(&b, Vec3::new(0.0, 0.0, 7.0));
        [back, self.text(text, at.extend(7.1), 14.0, color)]
    }

    /// An empty root at `at` carrying `bundle` (a piece, a tooltip), owned
    /// by the playing screen; add its look with the `child_` methods.
    pub fn root(&mut self, bundle: impl Bundle, at: Transform) -> Entity {
        self.commands
            .spawn((
                bundle,
                at,
                Visibility::default(),
                DespawnOnExit(Screen::Playing),
            ))
            .id()
    }
}

/// The world size of a [`Painter::label`]'s plate for `text`, for laying
/// labels out clear of what is around them.
pub fn label_size(text: &str) -> Vec2 {
    Vec2::new(8.0 + 7.5 * text.chars().count() as f32, 17.0)
}
