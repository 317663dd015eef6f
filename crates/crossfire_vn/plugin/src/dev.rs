//! With the `dev` feature and `VT_TARGETS=FILE`, the plugin writes, when
//! the game or the screen changes, a JSON file with the decision, the view,
//! the legal commands in words, and where each stand, marker and button of
//! the column is on the window (logical pixels), for driving the real app
//! with the mouse from outside and reading screenshots.

use crate::words::Words;
use bevy::prelude::*;
use crossfire_vn_rules::CrossfireVn;
use serde_json::{Value, json};
use vt_ui::dev::{ClickTargets, on_screen, targets_file, write_json};
use vt_ui::prelude::*;
use vt_ui::tabletop::mesh::v2;
use vt_ui::tabletop::{Table, TableTools};

/// Writes the targets file when something changed.
#[allow(clippy::too_many_arguments)]
pub fn write_targets(
    synced: Res<Synced<CrossfireVn>>,
    game: Option<Res<ActiveGame>>,
    table: Res<Table>,
    tools: Res<TableTools>,
    targets: Res<ClickTargets>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut last: Local<Option<String>>,
    mut path: Local<Option<Option<String>>>,
) {
    let Some(path) = path.get_or_insert_with(targets_file).clone() else {
        return;
    };
    let (Some(game), Some(view), Some(rules)) = (game, &synced.view, &synced.rules) else {
        return;
    };
    let Ok(cam) = camera.single() else { return };
    let mut stands = vec![];
    for s in &table.stands {
        if let Some(p) = on_screen(&cam, v2(s.base.centre())) {
            stands.push(json!({"key": s.key, "name": s.name, "side": s.side, "x": p.x.round(), "y": p.y.round(), "movable": s.movable}));
        }
    }
    let mut markers = vec![];
    for m in &table.markers {
        if let Some(p) = on_screen(&cam, v2(m.at)) {
            markers.push(json!({"key": m.key, "text": m.text, "x": p.x.round(), "y": p.y.round()}));
        }
    }
    let words = Words { rules, view };
    let legal: Vec<Value> = synced
        .legal
        .iter()
        .map(|c| json!({"command": c, "label": words.command(c)}))
        .collect();
    let buttons: Vec<Value> = (targets.buttons.iter())
        .map(|(c, p)| json!({"button": c, "x": p.x.round(), "y": p.y.round()}))
        .collect();
    let to_table =
        |p: vt_core::tabletop::Point| on_screen(&cam, v2(p)).map(|q| [q.x.round(), q.y.round()]);
    let doc = json!({
        "revision": game.revision,
        "person": synced.to_decide,
        "over": synced.finished,
        "kind": synced.kind(),
        "prompt": synced.decision.as_ref().map(|d| d.prompt.clone()),
        "selected": tools.selected,
        "view": view,
        "legal": legal,
        "stands": stands,
        "markers": markers,
        "buttons": buttons,
        "table_corner": to_table(vt_core::tabletop::Point::new(0.0, 0.0)),
        "table_far": to_table(vt_core::tabletop::Point::new(table.size.x as f64, table.size.y as f64)),
    });
    write_json(&path, &doc, &mut last);
}
