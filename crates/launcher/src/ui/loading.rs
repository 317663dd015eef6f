//! The loading screen: a progress bar while the data files load.

use super::centre_window;
use crate::catalog::{DataHandles, progress};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

pub fn loading_ui(
    mut contexts: EguiContexts,
    handles: Option<Res<DataHandles>>,
    server: Res<AssetServer>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (done, total) = handles
        .as_deref()
        .map(|h| progress(h, &server))
        .unwrap_or((0, 0));
    centre_window("Vietnam Tactics").show(ctx, |ui| {
        ui.set_width(420.0);
        ui.label(format!("Loading the games' data: {done} of {total} files"));
        let f = if total == 0 {
            1.0
        } else {
            done as f32 / total as f32
        };
        ui.add(egui::ProgressBar::new(f).show_percentage());
    });
    Ok(())
}
