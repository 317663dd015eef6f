//! Where each clickable thing is on the screen, for driving the real app
//! with the mouse from outside (an X11 tool under Xvfb) and for looking at
//! screenshots: with `VT_CSAR_TARGETS=FILE` the plugin writes, whenever the
//! game or the screen changes, a JSON file with the decision, the view, the
//! legal commands with their routes of clicks, and the window position
//! (logical pixels) of every thing and button. Desktop only.

use crate::CsarScreen;
use crate::pick::{Thing, command_words};
use bevy::prelude::*;
use csar_rules::Command;
use serde_json::{Value, json};
use vt_ui::ActiveGame;
use vt_ui::board::BoardCamera;

/// Where the panels drew their clickable things and buttons this frame
/// (window logical pixels, centres).
#[derive(Resource, Default, Clone, Debug)]
pub struct ClickTargets {
    pub things: Vec<(Thing, Vec2)>,
    pub buttons: Vec<(Command, Vec2)>,
}

fn file() -> Option<String> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    std::env::var("VT_CSAR_TARGETS")
        .ok()
        .filter(|v| !v.is_empty())
}

/// Writes the targets file when something changed.
pub fn write_targets(
    st: Res<CsarScreen>,
    game: Option<Res<ActiveGame>>,
    targets: Res<ClickTargets>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut last: Local<Option<String>>,
    mut path: Local<Option<Option<String>>>,
) {
    let Some(path) = path.get_or_insert_with(file).clone() else {
        return;
    };
    let (Some(game), Some(view), Some(layout), Some(rules)) =
        (game, &st.view, &st.layout, &st.rules)
    else {
        return;
    };
    let Ok((cam, t)) = camera.single() else {
        return;
    };
    let mut things: Vec<Value> = Vec::new();
    let mut push = |thing: Thing, p: Vec2| {
        things.push(json!({"thing": thing, "x": p.x.round(), "y": p.y.round()}));
    };
    for item in &layout.items {
        if let Some(th) = item.thing
            && let Ok(p) = cam.world_to_viewport(t, item.at.extend(0.0))
        {
            push(th, p);
        }
    }
    for z in csar_rules::Zone::ALL {
        if let Ok(p) = cam.world_to_viewport(t, crate::layout::zone_label_at(z).extend(0.0)) {
            push(Thing::Zone(z), p);
        }
    }
    let orbit_header = Vec2::new(
        layout.orbit.center().x,
        layout.orbit.max.y - crate::layout::HEADER / 2.0,
    );
    if let Ok(p) = cam.world_to_viewport(t, orbit_header.extend(0.0)) {
        push(Thing::Orbit, p);
    }
    for (th, p) in &targets.things {
        push(*th, *p);
    }
    let buttons: Vec<Value> = targets
        .buttons
        .iter()
        .map(|(c, p)| json!({"command": c, "x": p.x.round(), "y": p.y.round()}))
        .collect();
    let legal: Vec<Value> = st
        .routes
        .commands
        .iter()
        .map(|(c, r)| {
            json!({"command": c, "routes": r, "label": command_words(rules, c, view.step)})
        })
        .collect();
    let doc = json!({
        "revision": game.revision,
        "commands": game.session.commands(),
        "person": game.person_to_decide(),
        "over": view.result.is_some(),
        "step": format!("{:?}", view.step),
        "prompt": st.decision.as_ref().map(|d| d.prompt.clone()),
        "selection": st.picker.selection,
        "hint": st.hint,
        "view": view,
        "legal": legal,
        "things": things,
        "buttons": buttons,
    });
    let text = doc.to_string();
    if last.as_deref() == Some(text.as_str()) {
        return;
    }
    // Whole or not at all: a reader never sees half a document.
    let _ = vt_core::files::write_atomic(std::path::Path::new(&path), text.as_bytes());
    *last = Some(text);
}
