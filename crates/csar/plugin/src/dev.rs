//! With the `dev` feature and `VT_TARGETS=FILE`, the plugin writes, whenever
//! the game or the screen changes, a JSON file with the decision, the view,
//! the legal commands with their routes of clicks, and the window position
//! (logical pixels) of every thing and button ([`vt_ui::dev`]), for driving
//! the real app with the mouse from outside and reading screenshots.

use crate::pick::{Thing, command_words_in};
use crate::screen::CsarScreen;
use bevy::prelude::*;
use csar_rules::Csar;
use serde_json::{Value, json};
use vt_ui::dev::{ClickTargets, on_screen, targets_file, write_json};
use vt_ui::prelude::*;

/// Writes the targets file when something changed.
pub fn write_targets(
    st: Res<CsarScreen>,
    synced: Res<Synced<Csar>>,
    game: Option<Res<ActiveGame>>,
    targets: Res<ClickTargets>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut last: Local<Option<String>>,
    mut path: Local<Option<Option<String>>>,
) {
    let Some(path) = path.get_or_insert_with(targets_file).clone() else {
        return;
    };
    let (Some(game), Some(view), Some(layout), Some(rules)) =
        (game, &synced.view, &st.layout, &synced.rules)
    else {
        return;
    };
    let Ok(cam) = camera.single() else { return };
    let mut things: Vec<Value> = Vec::new();
    let mut push = |thing: Value, p: Vec2| {
        things.push(json!({"thing": thing, "x": p.x.round(), "y": p.y.round()}));
    };
    let mut on_sheet: Vec<(Thing, Vec2)> = (layout.items.iter())
        .filter_map(|i| Some((i.thing?, i.at)))
        .collect();
    on_sheet
        .extend(csar_rules::Zone::ALL.map(|z| (Thing::Zone(z), crate::layout::zone_label_at(z))));
    let header = crate::layout::HEADER / 2.0;
    on_sheet.push((
        Thing::Orbit,
        Vec2::new(layout.orbit.center().x, layout.orbit.max.y - header),
    ));
    for (t, at) in on_sheet {
        if let Some(p) = on_screen(&cam, at) {
            push(json!(t), p);
        }
    }
    for (th, p) in &targets.things {
        push(th.clone(), *p);
    }
    let buttons: Vec<Value> = (targets.buttons.iter())
        .map(|(c, p)| json!({"command": c, "x": p.x.round(), "y": p.y.round()}))
        .collect();
    let legal: Vec<Value> = (st.routes.commands.iter())
        .map(|(c, r)| json!({"command": c, "routes": r, "label": command_words_in(rules, c, view)}))
        .collect();
    let doc = json!({
        "revision": game.revision,
        "commands": game.session.commands(),
        "person": synced.to_decide,
        "over": view.result.is_some(),
        "step": format!("{:?}", view.step),
        "prompt": synced.decision.as_ref().map(|d| d.prompt.clone()),
        "selection": st.picker.selection,
        "hint": st.hint,
        "view": view,
        "legal": legal,
        "things": things,
        "buttons": buttons,
    });
    write_json(&path, &doc, &mut last);
}
