//! The generic game screen: plays any registered game with no plugin of its
//! own. It shows the current decision (who, what, which rule), the legal
//! commands as buttons with readable labels, undo, and the running score;
//! the centre shows the viewing side's view as a tree.

use crate::game::{ActiveGame, Controller};
use crate::labels::{command_label, words};
use bevy_egui::egui::{self, RichText};
use serde_json::Value;

/// What a click on the generic screen asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum GenericAction {
    Command(Value),
    Undo,
}

/// The decision, the legal commands and the score.
pub fn commands_ui(ui: &mut egui::Ui, game: &ActiveGame) -> Option<GenericAction> {
    let mut action = None;
    let decision = game.session.decision();
    let outcome = game.session.outcome();
    let who = decision
        .side
        .map(|s| (game.side_name(s), crate::palette::ui::HEADING));
    let refusal = game.refusal.as_deref();
    crate::layout::decision_header(ui, &decision, who, true, None, refusal);
    ui.separator();
    if decision.side.is_some() {
        if game.person_to_decide() {
            let legal = game.session.legal();
            ui.label(format!("{} legal commands", legal.len()));
            for (i, c) in legal.iter().enumerate() {
                let label = command_label(c);
                let text = if i < 9 {
                    format!("{}  {}", i + 1, label)
                } else {
                    label
                };
                let b = ui
                    .add_sized([ui.available_width(), 26.0], egui::Button::new(text))
                    .on_hover_text(serde_json::to_string(c).unwrap_or_default());
                if b.clicked() {
                    action = Some(GenericAction::Command(c.clone()));
                }
            }
        } else {
            ui.label(format!(
                "{} is played by the computer.",
                decision
                    .side
                    .map(|s| game.side_name(s).to_string())
                    .unwrap_or_default()
            ));
        }
        ui.separator();
        let can_undo = game.session.can_undo()
            && game
                .deciding_side()
                .is_some_and(|s| game.controller(s) == Controller::Person);
        if crate::layout::undo_button(ui, can_undo) {
            action = Some(GenericAction::Undo);
        }
    }
    ui.separator();
    ui.label(RichText::new("Score").strong());
    if !outcome.summary.is_empty() {
        ui.label(&outcome.summary);
    }
    egui::Grid::new("vt-score").show(ui, |ui| {
        for (k, v) in &outcome.score {
            ui.label(k);
            ui.monospace(v.to_string());
            ui.end_row();
        }
    });
    if let Some(r) = &outcome.result {
        ui.label(RichText::new(format!("Result: {r}")).strong());
    }
    action
}

/// A JSON value as a tree of labelled lines.
pub fn view_tree_ui(ui: &mut egui::Ui, v: &Value) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                entry(ui, &words(k), x);
            }
        }
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                entry(ui, &format!("{}", i + 1), x);
            }
        }
        other => {
            ui.label(scalar(other));
        }
    }
}

fn entry(ui: &mut egui::Ui, key: &str, x: &Value) {
    match x {
        Value::Object(m) if !m.is_empty() => {
            egui::CollapsingHeader::new(key)
                .id_salt(ui.next_auto_id())
                .default_open(true)
                .show(ui, |ui| view_tree_ui(ui, x));
        }
        Value::Array(a) if a.iter().any(|i| i.is_object() || i.is_array()) => {
            egui::CollapsingHeader::new(format!("{key} ({})", a.len()))
                .id_salt(ui.next_auto_id())
                .default_open(a.len() <= 12)
                .show(ui, |ui| view_tree_ui(ui, x));
        }
        _ => {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(key).strong());
                ui.label(scalar(x));
            });
        }
    }
}

fn scalar(v: &Value) -> String {
    match v {
        Value::Array(a) => a.iter().map(scalar).collect::<Vec<_>>().join(", "),
        Value::Object(m) if m.is_empty() => "-".into(),
        other => crate::labels::value_words(other),
    }
}
