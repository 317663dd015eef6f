//! The dice tray: the last rolls, what they were for, what was needed and
//! what came of it. New rolls tumble for a moment before they show their
//! numbers (the animation speed setting; a click on the tray stops it).

use super::log::adjudication_ui;
use crate::palette;
use bevy_egui::egui::{self, Align2, FontId, RichText, Sense, Stroke, StrokeKind, vec2};
use vt_core::Adjudication;

/// Draws one die (or card number) with its number.
pub fn die_ui(ui: &mut egui::Ui, value: i32, size: f32) -> egui::Response {
    judged_die_ui(ui, value, size, None)
}

/// Draws one die of a pool judged die by die: a hit gets a thick edge in
/// the "good" colour, a miss is drawn faded, so the hits read at a glance
/// without adding anything up. `None`: not judged alone (a plain die).
pub fn judged_die_ui(
    ui: &mut egui::Ui,
    value: i32,
    size: f32,
    hit: Option<bool>,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(vec2(size, size), Sense::hover());
    let p = ui.painter();
    let (fill, edge) = match hit {
        Some(true) => (
            palette::cards::DIE.ui(),
            Stroke::new(3.0, palette::ui::GOOD.ui()),
        ),
        Some(false) => (
            palette::cards::DIE.ui().gamma_multiply(0.55),
            Stroke::new(1.0, palette::cards::DIE_EDGE.ui()),
        ),
        None => (
            palette::cards::DIE.ui(),
            Stroke::new(1.5, palette::cards::DIE_EDGE.ui()),
        ),
    };
    p.rect(rect, size * 0.18, fill, edge, StrokeKind::Inside);
    // The number, never pips: FTE rolls d10s (and a d6 in the same scatter
    // roll), CSAR "rolls" are Resolution card numbers; pips would show a
    // d10's 4 as a d6 face.
    p.text(
        rect.center(),
        Align2::CENTER_CENTER,
        value,
        FontId::monospace(size * 0.55),
        palette::cards::DIE_PIPS.ui(),
    );
    response.on_hover_text(match hit {
        Some(true) => format!("rolled {value}: a hit"),
        Some(false) => format!("rolled {value}: a miss"),
        None => format!("rolled {value}"),
    })
}

/// A number a tumbling die shows at `t` seconds (not a roll: the game's
/// dice are rolled by the rules; this only moves).
pub fn tumbling(value: i32, i: usize, t: f64) -> i32 {
    let faces = value.max(6) as u64;
    let tick = (t * 14.0) as u64 + i as u64 * 7;
    let x = tick.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40;
    1 + (x % faces) as i32
}

/// The dice tray's height (logical points): room for a card with a
/// two-line purpose, its dice, a two-line "needed" and the result; a taller
/// card scrolls inside the tray rather than growing it.
pub const TRAY_HEIGHT: f32 = 146.0;
/// The tray's height before the first roll: its one line.
pub const EMPTY_TRAY_HEIGHT: f32 = 24.0;

/// The tray's height: one line until there is a roll to show.
pub fn tray_height(any_roll: bool) -> f32 {
    if any_roll {
        TRAY_HEIGHT
    } else {
        EMPTY_TRAY_HEIGHT
    }
}

/// The most recent rolls, newest first, each on a line with its dice.
/// `rolling`: seconds the newest roll has been tumbling, while it does.
/// Returns true if the tray was clicked (to stop the tumbling).
pub fn dice_tray_ui(
    ui: &mut egui::Ui,
    recent: &[&Adjudication],
    rolling: Option<f64>,
    viewer: Option<vt_core::SideIdx>,
) -> bool {
    if recent.is_empty() {
        ui.weak("No dice rolled yet.");
        return false;
    }
    let mut clicked = false;
    egui::ScrollArea::both()
        .id_salt("vt-dice-tray")
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                for (i, a) in recent.iter().enumerate() {
                    let roll = if i == 0 { rolling } else { None };
                    clicked |= ui
                        .push_id(i, |ui| roll_card(ui, a, i == 0, roll, viewer))
                        .inner;
                }
            });
        });
    if rolling.is_some() {
        ui.ctx().request_repaint();
    }
    clicked
}

fn roll_card(
    ui: &mut egui::Ui,
    a: &Adjudication,
    newest: bool,
    rolling: Option<f64>,
    viewer: Option<vt_core::SideIdx>,
) -> bool {
    let frame = egui::Frame::group(ui.style()).fill(if newest {
        palette::ui::NEWEST_ROLL.ui()
    } else {
        ui.visuals().faint_bg_color
    });
    frame
        .show(ui, |ui| {
            ui.set_max_width(230.0);
            ui.vertical(|ui| {
                ui.label(RichText::new(&a.purpose).strong());
                ui.horizontal(|ui| {
                    for (i, d) in a.rolled.iter().enumerate() {
                        match rolling {
                            Some(t) => die_ui(ui, tumbling(*d, i, t), 26.0),
                            None => judged_die_ui(ui, *d, 26.0, a.die_hits(i)),
                        };
                    }
                    if rolling.is_some() {
                        return;
                    }
                    let m = a.modifier_sum();
                    if m != 0 {
                        ui.label(RichText::new(format!("{m:+}")).monospace());
                    }
                    if let Some(hits) = a.hits() {
                        ui.label(
                            RichText::new(format!(
                                "{hits} hit{}",
                                if hits == 1 { "" } else { "s" }
                            ))
                            .monospace()
                            .strong(),
                        );
                    } else if a.shows_total() {
                        ui.label(RichText::new(format!("= {}", a.total)).monospace().strong());
                    }
                });
                if rolling.is_some() {
                    ui.weak("rolling...");
                    return;
                }
                if let Some(n) = &a.needed {
                    ui.label(format!("needed {n}"));
                }
                if !a.result.is_empty() {
                    ui.label(RichText::new(&a.result).strong());
                }
            });
        })
        .response
        .interact(Sense::click())
        .on_hover_ui(|ui| adjudication_ui(ui, a, viewer))
        .clicked()
}
