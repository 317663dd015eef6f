//! `vietnam-tactics`: the app players run.

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use vietnam_tactics::LauncherPlugin;

/// Where the games' data files are: `VT_ASSETS`, else `assets/` beside the
/// program, else `assets/` in the working folder, else the source tree's
/// (for `cargo run`). On the web, `assets/` beside the page.
fn assets_dir() -> String {
    if cfg!(target_arch = "wasm32") {
        return "assets".into();
    }
    let mut candidates = Vec::new();
    if let Ok(d) = std::env::var("VT_ASSETS") {
        candidates.push(std::path::PathBuf::from(d));
    }
    if let Ok(exe) = std::env::current_exe()
        && let Some(dir) = exe.parent()
    {
        candidates.push(dir.join("assets"));
    }
    if let Ok(cwd) = std::env::current_dir() {
        candidates.push(cwd.join("assets"));
    }
    candidates.push(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets"));
    candidates
        .into_iter()
        .find(|p| p.is_dir())
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "assets".into())
}

/// The window's size: `VT_WINDOW=WIDTHxHEIGHT` (for screenshots at other
/// sizes), else 1280×800.
fn window_size() -> (u32, u32) {
    std::env::var("VT_WINDOW")
        .ok()
        .filter(|_| !cfg!(target_arch = "wasm32"))
        .and_then(|v| {
            let (w, h) = v.split_once('x')?;
            Some((w.trim().parse().ok()?, h.trim().parse().ok()?))
        })
        .unwrap_or((1280, 800))
}

fn main() {
    vietnam_tactics::ui::mark_process_start();
    #[cfg(target_arch = "wasm32")]
    vietnam_tactics::start_web_log();
    let (width, height) = window_size();
    App::new()
        .insert_resource(ClearColor(vt_ui::palette::ui::BACKGROUND.color()))
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Vietnam Tactics".into(),
                        resolution: WindowResolution::new(width, height),
                        fit_canvas_to_parent: true,
                        canvas: Some("#vietnam-tactics".into()),
                        prevent_default_event_handling: true,
                        // VT_NO_VSYNC=1 lets frames run free, for measuring.
                        present_mode: if std::env::var_os("VT_NO_VSYNC").is_some() {
                            PresentMode::AutoNoVsync
                        } else {
                            PresentMode::AutoVsync
                        },
                        ..default()
                    }),
                    // The close button asks first if a game has unsaved
                    // progress (flow::close_requested).
                    close_when_requested: false,
                    ..default()
                })
                .set(AssetPlugin {
                    file_path: assets_dir(),
                    meta_check: AssetMetaCheck::Never,
                    ..default()
                }),
        )
        .add_plugins(bevy_egui::EguiPlugin::default())
        .add_plugins(LauncherPlugin::default())
        .run();
}
