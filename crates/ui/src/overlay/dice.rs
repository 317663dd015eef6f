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
/// two-line purpose, its dice, the result and a two-line "needed" (each
/// cut at two rows, the whole on the card's hover).
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

/// A roll card's widest (logical points).
pub const CARD_WIDTH: f32 = 230.0;

/// A wrapping label of at most `rows` rows, the rest elided with "…": a
/// card keeps within the tray's height, and its hover shows the whole
/// adjudication (the label's own tooltip of its elided text would show
/// beside it).
fn rows_label(ui: &mut egui::Ui, text: RichText, rows: usize) -> egui::Response {
    let mut job = egui::WidgetText::from(text).into_layout_job(
        ui.style(),
        egui::FontSelection::Default,
        egui::Align::Center,
    );
    let wrap = &mut std::sync::Arc::make_mut(&mut job).wrap;
    wrap.max_rows = rows;
    wrap.break_anywhere = false;
    ui.add(egui::Label::new(job).wrap().show_tooltip_when_elided(false))
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
            ui.set_max_width(CARD_WIDTH);
            ui.vertical(|ui| {
                rows_label(ui, RichText::new(&a.purpose).strong(), 2);
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
                // The result before what was needed: a card taller than
                // the tray was cut at its last line, the result ("1 hit:
                // Pinned" half shown at 1024x700, Crossfire's long "needed").
                if !a.result.is_empty() {
                    rows_label(ui, RichText::new(&a.result).strong(), 2);
                }
                if let Some(n) = &a.needed {
                    rows_label(ui, RichText::new(format!("needed {n}")), 2);
                }
            });
        })
        .response
        .interact(Sense::click())
        .on_hover_ui(|ui| adjudication_ui(ui, a, viewer))
        .clicked()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Seen in Crossfire at 1024x700 (session 38): the 75mm RCL's card had a
    // three-line purpose and a two-line "needed", and its result, "1 hit:
    // Pinned", was cut at the tray's foot. The card in the tray as the
    // overlay lays it out (`overlay::overlay_ui`: a bottom panel of
    // `TRAY_HEIGHT`): everything, the result with it, inside the tray.
    #[test]
    fn a_roll_card_keeps_within_the_tray() {
        let mut a = Adjudication::new(
            "N RCL (NVA 75mm RCL) fires at 2 PC (US Command Group) (4 dice, \
             target in cover -1 (CF base 6.4): 3 dice)",
            "CF base 6.4",
        )
        .pool([5, 2, 4], 5);
        a.needed = Some(
            "5 or more on each die, each die judged alone; 1 hit pins, 2 suppress, \
             3 kill"
                .into(),
        );
        a.result = "1 hit: Pinned".into();
        let ctx = crate::fonts::test_context();
        let (mut panel, mut card) = (egui::Rect::NOTHING, egui::Rect::NOTHING);
        for _ in 0..3 {
            let mut out = ctx.run_ui(crate::testing::egui_input(), |root| {
                panel = egui::Panel::bottom("vt-dice")
                    .resizable(false)
                    .exact_size(TRAY_HEIGHT)
                    .show(root, |ui| {
                        card = ui
                            .horizontal(|ui| roll_card(ui, &a, true, None, None))
                            .response
                            .rect;
                    })
                    .response
                    .rect;
            });
            out.textures_delta.clear();
        }
        // A card taller than the tray pushes the panel out of the 800-high
        // window here (in the overlay the tray's scroll area cuts it).
        assert!(
            card.max.y <= panel.max.y + 0.5 && panel.max.y <= 800.5,
            "the card {card:?} runs past the foot of the tray {panel:?}"
        );
        assert!(card.width() <= CARD_WIDTH + 20.0, "the card is {card:?}");
    }
}
