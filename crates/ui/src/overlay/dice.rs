//! The dice tray: the last rolls, what they were for, what was needed and
//! what came of it.

use super::log::adjudication_ui;
use bevy_egui::egui::{self, Align2, Color32, FontId, RichText, Sense, Stroke, StrokeKind, vec2};
use vt_core::Adjudication;

/// Draws one die (or card number) with its number.
pub fn die_ui(ui: &mut egui::Ui, value: i32, size: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(vec2(size, size), Sense::hover());
    let p = ui.painter();
    p.rect(
        rect,
        size * 0.18,
        Color32::from_rgb(240, 236, 222),
        Stroke::new(1.5, Color32::from_rgb(60, 60, 60)),
        StrokeKind::Inside,
    );
    // The number, never pips: FTE rolls d10s (and a d6 in the same scatter
    // roll), CSAR "rolls" are Resolution card numbers; pips would show a
    // d10's 4 as a d6 face.
    p.text(
        rect.center(),
        Align2::CENTER_CENTER,
        value,
        FontId::monospace(size * 0.55),
        Color32::from_rgb(30, 30, 30),
    );
    response.on_hover_text(format!("rolled {value}"))
}

/// The most recent rolls, newest first, each on a line with its dice.
pub fn dice_tray_ui(ui: &mut egui::Ui, recent: &[&Adjudication]) {
    if recent.is_empty() {
        ui.weak("No dice rolled yet.");
        return;
    }
    egui::ScrollArea::horizontal()
        .id_salt("vt-dice-tray")
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                for (i, a) in recent.iter().enumerate() {
                    ui.push_id(i, |ui| roll_card(ui, a, i == 0));
                }
            });
        });
}

fn roll_card(ui: &mut egui::Ui, a: &Adjudication, newest: bool) {
    let frame = egui::Frame::group(ui.style()).fill(if newest {
        Color32::from_rgb(52, 60, 48)
    } else {
        ui.visuals().faint_bg_color
    });
    frame
        .show(ui, |ui| {
            ui.set_max_width(230.0);
            ui.vertical(|ui| {
                ui.label(RichText::new(&a.purpose).strong());
                ui.horizontal(|ui| {
                    for d in &a.rolled {
                        die_ui(ui, *d, 26.0);
                    }
                    let m = a.modifier_sum();
                    if m != 0 {
                        ui.label(RichText::new(format!("{m:+}")).monospace());
                    }
                    if !a.modifiers.is_empty() || a.rolled.len() > 1 {
                        ui.label(RichText::new(format!("= {}", a.total)).monospace().strong());
                    }
                });
                if let Some(n) = &a.needed {
                    ui.label(format!("needed {n}"));
                }
                if !a.result.is_empty() {
                    ui.label(RichText::new(&a.result).strong());
                }
            });
        })
        .response
        .on_hover_ui(|ui| adjudication_ui(ui, a));
}
