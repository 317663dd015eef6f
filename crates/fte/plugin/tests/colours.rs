//! The colour-blind scheme (issue 14): switching it redraws the board with
//! the sides in the Okabe–Ito colours. A test binary of its own: the
//! scheme is one for the whole app, and other tests read colours.

use bevy::mesh::VertexAttributeValues;
use bevy::prelude::*;
use fte_plugin::FtePlugin;
use fte_rules::Fte;
use std::sync::Arc;
use vt_core::dynamic::{DynGame, Game};
use vt_core::engine::Setup;
use vt_ui::palette::{self, Scheme, army, okabe_ito};
use vt_ui::testing;
use vt_ui::{ActiveGame, Controller};

/// Every vertex colour drawn on the board, as linear RGBA.
fn drawn_colours(app: &mut App) -> Vec<[f32; 4]> {
    let w = app.world_mut();
    let handles: Vec<Handle<Mesh>> = w.query::<&Mesh2d>().iter(w).map(|m| m.0.clone()).collect();
    let meshes = w.resource::<Assets<Mesh>>();
    let mut v = Vec::new();
    for h in handles {
        if let Some(VertexAttributeValues::Float32x4(c)) = meshes
            .get(&h)
            .and_then(|m| m.attribute(Mesh::ATTRIBUTE_COLOR))
        {
            v.extend(c.iter().copied());
        }
    }
    v
}

fn linear(c: palette::Rgba) -> [f32; 4] {
    Color::srgba_u8(c.0, c.1, c.2, c.3)
        .to_linear()
        .to_f32_array()
}

fn has(colours: &[[f32; 4]], c: palette::Rgba) -> bool {
    let want = linear(c);
    colours
        .iter()
        .any(|x| x.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-4))
}

#[test]
fn switching_to_the_colour_blind_scheme_redraws_the_sides() {
    palette::set_scheme(Scheme::Standard);
    let mut app = testing::board_app(FtePlugin);
    let game: Arc<dyn DynGame> = Arc::new(Game::new(Fte::embedded()));
    testing::start(
        &mut app,
        game,
        Setup::new("hamlet-search", 5),
        vec![Controller::Person, Controller::Person],
    );
    // The US view: its own units are drawn in its colour.
    app.world_mut().resource_mut::<ActiveGame>().viewer = Some(0);
    testing::settle(&mut app);
    let before = drawn_colours(&mut app);
    assert!(has(&before, army::US), "US counters in the standard green");
    assert!(!has(&before, okabe_ito::BLUE));

    palette::set_scheme(Scheme::ColourBlind);
    testing::settle(&mut app);
    let after = drawn_colours(&mut app);
    assert!(
        has(&after, okabe_ito::BLUE),
        "US counters in Okabe–Ito blue"
    );
    assert!(!has(&after, army::US), "no standard green left");

    palette::set_scheme(Scheme::Standard);
    testing::settle(&mut app);
    let back = drawn_colours(&mut app);
    assert!(has(&back, army::US) && !has(&back, okabe_ito::BLUE));
}
