//! The turn track: the turns, and the phases of a turn, with markers on the
//! current ones.

use crate::palette;
use bevy::prelude::Resource;
use bevy_egui::egui::{self, Align2, Color32, FontId, Sense, Stroke, StrokeKind};

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
    /// A printed track: turns 1 to `last` (or to the current turn if the
    /// game runs over), the current one lit (none before turn 1), and the
    /// phases of a turn.
    pub fn numbered(last: u8, turn: u8, phases: &[&str], current_phase: Option<usize>) -> Self {
        TurnTrack {
            turns: (1..=last.max(turn)).map(|t| t.to_string()).collect(),
            current_turn: (turn >= 1).then(|| turn as usize - 1),
            phases: phases.iter().map(|p| p.to_string()).collect(),
            current_phase,
        }
    }

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
        // A game that says how many turns it has ("turns") gets exactly
        // those boxes (more only if it runs over); otherwise one past the
        // current turn, since the end is not known.
        let last = score
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("turns"))
            .map(|(_, v)| *v)
            .filter(|&v| v >= 1);
        let (turns, current_turn) = match turn {
            Some(t) if t >= 1 => {
                let n = match last {
                    Some(l) => (l as usize).max(t as usize),
                    None => (t as usize + 1).max(min_turns),
                };
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

/// Draws the track: turn boxes, then phase boxes, on one line where the
/// window is wide enough and wrapped onto the next where it is not (That
/// Others May Live's ten turns and twelve phases run to about 1,060
/// points: in a 1024-wide window its last phases, Search and Abort, were
/// off the screen).
pub fn turn_track_ui(ui: &mut egui::Ui, track: &TurnTrack) {
    ui.horizontal_wrapped(|ui| {
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

/// One box of a track, lit when it is the current one.
pub fn marker_box(ui: &mut egui::Ui, text: &str, current: bool, width: f32) -> egui::Response {
    track_box(
        ui,
        text,
        current,
        false,
        false,
        egui::vec2(width, 22.0),
        12.0,
    )
}

/// A box of a track: the current one gold (with a bright edge when it can
/// be clicked, `lit`), a `danger` one dark red, the others plain.
pub fn track_box(
    ui: &mut egui::Ui,
    text: &str,
    current: bool,
    lit: bool,
    danger: bool,
    size: egui::Vec2,
    px: f32,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    let (fill, fg) = if current {
        (palette::ui::TRACK_NOW.ui(), Color32::BLACK)
    } else if danger {
        (palette::ui::TRACK_DANGER.ui(), palette::LIGHT_GRAY.ui())
    } else {
        (ui.visuals().faint_bg_color, ui.visuals().text_color())
    };
    let stroke = if lit && current {
        Stroke::new(2.5, palette::ui::TRACK_NOW_EDGE.ui())
    } else {
        Stroke::new(1.0, Color32::GRAY)
    };
    ui.painter()
        .rect(rect, 2.5, fill, stroke, StrokeKind::Inside);
    ui.painter().text(
        rect.center(),
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(px),
        fg,
    );
    if current {
        response.on_hover_text("Now")
    } else {
        response
    }
}

/// A printed track in a narrow column: its name, then one small box per
/// cell across the room left, the current one lit; the cells for which
/// `danger` holds are dark red. Returns the row's response (hover `tip`).
pub fn track_row(
    ui: &mut egui::Ui,
    label: &str,
    cells: &[String],
    current: usize,
    lit: bool,
    danger: impl Fn(&str) -> bool,
    tip: &str,
) -> egui::Response {
    let width = ui.available_width();
    ui.horizontal(|ui| {
        ui.add_sized(
            [42.0, 18.0],
            egui::Label::new(egui::RichText::new(label).small()),
        );
        ui.spacing_mut().item_spacing.x = 1.0;
        let w = ((width - 66.0) / cells.len().max(1) as f32).clamp(10.0, 22.0);
        let mut any: Option<egui::Response> = None;
        for (i, c) in cells.iter().enumerate() {
            // A word ("AUTO" on CSAR's Abort track) gets the room it needs;
            // it ran past its box.
            let need = 6.5 * c.chars().count() as f32 + 4.0;
            let size = egui::vec2((w - 1.0).max(need), 18.0);
            let r = track_box(ui, c, i == current, lit, danger(c), size, 10.0);
            any = Some(match any {
                Some(a) => a.union(r),
                None => r,
            });
        }
        any.unwrap_or_else(|| ui.label("")).on_hover_text(tip)
    })
    .inner
}

#[cfg(test)]
mod tests {
    use super::*;

    /// That Others May Live's track (`csar-plugin`'s `PHASES`) in the top
    /// bar of a 1024-wide window: every box inside the window.
    #[test]
    fn the_track_keeps_within_a_narrow_window() {
        let phases = [
            "Event", "Draw", "Reserve", "Command", "Move", "Assign", "Gun fire", "Play", "Rescue",
            "Damage", "Search", "Abort",
        ];
        let track = TurnTrack::numbered(10, 3, &phases, Some(11));
        let ctx = crate::fonts::test_context();
        let mut input = crate::testing::egui_input();
        input.screen_rect = Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1024.0, 700.0),
        ));
        let (mut bar, mut content) = (egui::Rect::NOTHING, egui::Rect::NOTHING);
        for _ in 0..3 {
            let mut out = ctx.run_ui(input.clone(), |root| {
                bar = egui::Panel::top("vt-top")
                    .show(root, |ui| {
                        turn_track_ui(ui, &track);
                        content = ui.min_rect();
                    })
                    .response
                    .rect;
            });
            out.textures_delta.clear();
        }
        assert!(
            content.max.x <= 1024.5 && bar.max.x <= 1024.5,
            "the track {content:?} runs past the window's edge (the bar {bar:?})"
        );
    }

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

    /// Seen in the platoon game: turn 6 of 6 showed a box "7" (one past the
    /// current turn) although the game says it has 6 turns.
    #[test]
    fn a_game_that_gives_its_turns_gets_exactly_those_boxes() {
        let seen = vec!["action".to_string()];
        let last = [("turn".to_string(), 6), ("turns".to_string(), 6)];
        let t = TurnTrack::infer(&last, &seen, "action", 6);
        assert_eq!(t.turns, ["1", "2", "3", "4", "5", "6"]);
        assert_eq!(t.current_turn, Some(5));
        let short = [("turn".to_string(), 2), ("turns".to_string(), 8)];
        assert_eq!(TurnTrack::infer(&short, &seen, "action", 6).turns.len(), 8);
        // Running over the stated length still shows the current turn.
        let over = [("turn".to_string(), 9), ("turns".to_string(), 8)];
        let t = TurnTrack::infer(&over, &seen, "action", 6);
        assert_eq!((t.turns.len(), t.current_turn), (9, Some(8)));
    }
}
