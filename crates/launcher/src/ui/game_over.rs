//! The game-over screen: the result, the score, save the replay, back.

use crate::flow::Action;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, RichText};
use vt_ui::ActiveGame;

/// The result in words: a side's id becomes "<side> wins".
pub fn result_words(game: &ActiveGame, result: &str) -> String {
    if let Some(s) = game.info.sides.iter().find(|s| s.id == result) {
        return format!("{} wins", s.name);
    }
    match result {
        "draw" => "A draw".into(),
        "win" => "Victory".into(),
        "loss" => "Defeat".into(),
        other => vt_ui::labels::words(other),
    }
}

/// A final score's name as a row heading: "survivors off the map" reads
/// "Survivors off the map" (the rules' keys stay as `vt` prints them; the
/// lower-case row names read as a debug dump, issue 14).
pub fn score_label(key: &str) -> String {
    let mut c = key.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

pub fn game_over_ui(
    mut contexts: EguiContexts,
    game: Option<Res<ActiveGame>>,
    computer: Option<Res<crate::computer::Computer>>,
    mut actions: MessageWriter<Action>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(game) = game else {
        return Ok(());
    };
    let outcome = game.session.outcome();
    // The final board was looked at under the result bar before this
    // screen (flow::watch_game); here the board is gone, so the window sits
    // in the middle of the screen, not in its top left corner with the rest
    // empty (seen at 1920x1080). It moves and folds to its title bar; a
    // game's own window (CSAR's record) sits on the right.
    // The middle of what the record window (up to ~440 points on the
    // right) leaves free, so that at 1280 wide the two do not overlap.
    let middle = ((ctx.viewport_rect().width() - 440.0) / 2.0).max(260.0);
    egui::Window::new("Game over")
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos([middle, 40.0])
        .collapsible(true)
        .resizable(false)
        .show(ctx, |ui| {
            ui.set_width(480.0);
            ui.label(RichText::new(&game.info.name).strong());
            if let Some(r) = &outcome.result {
                ui.heading(result_words(&game, r));
            }
            ui.label(RichText::new(&outcome.summary).size(15.0));
            egui::Grid::new("vt-final-score")
                .striped(true)
                .show(ui, |ui| {
                    for (k, v) in &outcome.score {
                        ui.label(score_label(k));
                        ui.monospace(v.to_string());
                        ui.end_row();
                    }
                });
            if let Some(c) = computer.as_deref() {
                crate::computer::panel::chart_ui(ui, c, &game);
            }
            ui.weak(format!(
                "{} commands, seed {}",
                game.session.commands(),
                game.session.setup().seed
            ));
            egui::CollapsingHeader::new("The log").show(ui, |ui| {
                ui.set_max_height(300.0);
                // Nothing forced open or shut here: the player opens what they want.
                let mut seen = game.log.len();
                // The game is over: every side reads everything.
                vt_ui::overlay::log::log_ui(ui, &game.log, vt_core::Reader::Referee, &mut seen);
            });
            ui.horizontal(|ui| {
                if ui.button("Save the replay").clicked() {
                    actions.write(Action::SaveReplay);
                }
                if ui
                    .button("Export the replay…")
                    .on_hover_text("Write the whole game to a file you choose.")
                    .clicked()
                {
                    actions.write(Action::Export(None));
                }
                if ui.button("Back to the menu").clicked() {
                    actions.write(Action::ToMenu);
                }
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::score_label;

    #[test]
    fn score_rows_read_as_headings() {
        assert_eq!(
            score_label("survivors off the map"),
            "Survivors off the map"
        );
        assert_eq!(score_label("US VP"), "US VP");
        assert_eq!(score_label("turn"), "Turn");
        assert_eq!(score_label(""), "");
    }
}
