//! The turn track: the turns, and the phases of a turn, with markers on the
//! current ones.

use crate::palette;
use bevy::prelude::Resource;
use bevy_egui::egui::{self, Align2, Color32, FontId, Sense, Stroke, StrokeKind, vec2};

/// What the turn track shows. A game's plugin that knows its sequence of
/// play sets [`TurnTrackSpec`]; otherwise the launcher builds one from the
/// score (an entry named "turn") and the decision kinds seen so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnTrack {
    /// The labels of the turn boxes ("1", "2", ...).
    pub turns: Vec<String>,
    pub current_turn: Option<usize>,
    /// The phases or segments of a turn, in order.
    pub phases: Vec<String>,
    pub current_phase: Option<usize>,
}

/// A turn track a game's plugin provides; wins over the inferred one.
#[derive(Resource, Clone, Debug, Default)]
pub struct TurnTrackSpec(pub Option<TurnTrack>);

impl TurnTrack {
    /// Builds a track from the running score and the phases seen.
    ///
    /// The turn is the score entry named "turn" (any case); the track shows
    /// at least `min_turns` boxes and always one past the current turn.
    pub fn infer(
        score: &[(String, i32)],
        seen_phases: &[String],
        phase: &str,
        min_turns: usize,
    ) -> Self {
        let turn = score
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("turn"))
            .map(|(_, v)| *v);
        let (turns, current_turn) = match turn {
            Some(t) if t >= 1 => {
                let n = (t as usize + 1).max(min_turns);
                (
                    (1..=n).map(|i| i.to_string()).collect(),
                    Some(t as usize - 1),
                )
            }
            _ => (Vec::new(), None),
        };
        TurnTrack {
            turns,
            current_turn,
            phases: seen_phases.to_vec(),
            current_phase: seen_phases.iter().position(|p| p == phase),
        }
    }
}

/// Draws the track on one line: turn boxes, then phase boxes.
pub fn turn_track_ui(ui: &mut egui::Ui, track: &TurnTrack) {
    ui.horizontal(|ui| {
        if !track.turns.is_empty() {
            ui.label("Turn");
            for (i, t) in track.turns.iter().enumerate() {
                marker_box(ui, t, Some(i) == track.current_turn, 24.0);
            }
            ui.separator();
        }
        if !track.phases.is_empty() {
            ui.label("Phase");
            for (i, p) in track.phases.iter().enumerate() {
                let w = 14.0 + 7.0 * p.chars().count() as f32;
                marker_box(ui, p, Some(i) == track.current_phase, w);
            }
        }
    });
}

fn marker_box(ui: &mut egui::Ui, text: &str, current: bool, width: f32) {
    let (rect, response) = ui.allocate_exact_size(vec2(width, 22.0), Sense::hover());
    let (fill, fg) = if current {
        (palette::ui::TRACK_NOW.egui(), Color32::BLACK)
    } else {
        (ui.visuals().faint_bg_color, ui.visuals().text_color())
    };
    ui.painter().rect(
        rect,
        3.0,
        fill,
        Stroke::new(1.0, Color32::GRAY),
        StrokeKind::Inside,
    );
    ui.painter().text(
        rect.center(),
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(12.0),
        fg,
    );
    if current {
        response.on_hover_text("Now");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infers_turn_and_phase() {
        let score = vec![("VP".to_string(), 3), ("Turn".to_string(), 4)];
        let seen = vec!["command".to_string(), "fire".to_string()];
        let t = TurnTrack::infer(&score, &seen, "fire", 6);
        assert_eq!(t.turns.len(), 6);
        assert_eq!(t.current_turn, Some(3));
        assert_eq!(t.current_phase, Some(1));
        let late = TurnTrack::infer(&[("turn".into(), 9)], &seen, "other", 6);
        assert_eq!(late.turns.len(), 10);
        assert_eq!(late.current_phase, None);
        let none = TurnTrack::infer(&[], &seen, "fire", 6);
        assert!(none.turns.is_empty());
    }
}
