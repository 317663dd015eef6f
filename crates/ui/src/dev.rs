//! Aids for driving the real app from outside (an X11 tool clicking under
//! Xvfb) and for reading screenshots: where each clickable thing was drawn.
//!
//! Plugins note their clickable things and buttons in [`ClickTargets`]
//! (window logical pixels) whatever the build; only with the `dev` cargo
//! feature does anything write them out: [`write_json`] puts a plugin's
//! document in the file named by `VT_TARGETS` (desktop only).

use bevy::prelude::*;
use serde_json::Value;

/// Where the panels drew their clickable things and buttons this frame
/// (window logical pixels, centres), each named by the plugin's own JSON.
#[derive(Resource, Default, Clone, Debug)]
pub struct ClickTargets {
    pub things: Vec<(Value, Vec2)>,
    pub buttons: Vec<(Value, Vec2)>,
}

/// The file the targets go to: `VT_TARGETS`, in a `dev` build on the
/// desktop; `None` otherwise.
pub fn targets_file() -> Option<String> {
    if !cfg!(feature = "dev") || cfg!(target_arch = "wasm32") {
        return None;
    }
    std::env::var("VT_TARGETS").ok().filter(|v| !v.is_empty())
}

/// Writes `doc` to `path` if it differs from the last one written, whole or
/// not at all (a reader never sees half of it).
pub fn write_json(path: &str, doc: &Value, last: &mut Option<String>) {
    let text = doc.to_string();
    if last.as_deref() == Some(text.as_str()) {
        return;
    }
    let _ = vt_core::files::write_atomic(std::path::Path::new(path), text.as_bytes());
    *last = Some(text);
}

/// A point of the board in window logical pixels, if the camera shows it.
pub fn on_screen(camera: &(&Camera, &GlobalTransform), world: Vec2) -> Option<Vec2> {
    camera.0.world_to_viewport(camera.1, world.extend(0.0)).ok()
}
