//! The log of events in words; each adjudication opens to its rolls and
//! every modifier with its rule section.

use bevy_egui::egui::{self, RichText};
use vt_core::{Adjudication, LogEntry, Reader};

/// The side reading, if one side is (its modifiers are coloured by whether
/// they help it).
pub fn reading_side(reader: Reader) -> Option<vt_core::SideIdx> {
    match reader {
        Reader::Side(s) => Some(s),
        _ => None,
    }
}

/// A modifier's value, coloured by whether it helps the side reading (not
/// by its sign); plain where nobody in particular reads or the game did not
/// say whose roll it is. The hover says which.
pub fn modifier_value(
    ui: &mut egui::Ui,
    a: &Adjudication,
    m: &vt_core::Modifier,
    viewer: Option<vt_core::SideIdx>,
) -> egui::Response {
    let text = RichText::new(format!("{:+}", m.value)).monospace();
    match a.helps(m, viewer) {
        Some(true) => ui
            .label(text.color(crate::palette::ui::MODIFIER_HELPS.ui()))
            .on_hover_text("This modifier helps you."),
        Some(false) => ui
            .label(text.color(crate::palette::ui::MODIFIER_HURTS.ui()))
            .on_hover_text("This modifier hurts you."),
        None => ui.label(text),
    }
}

/// The whole log, newest at the bottom, scrolled to the end. When entries
/// arrive, the newest one with dice opens and the one opened before closes;
/// `seen` is the log's length last time (kept by the caller). `reader`
/// reads another side's private entries only as their public text.
pub fn log_ui(ui: &mut egui::Ui, log: &[LogEntry], reader: Reader, seen: &mut usize) {
    let rolls = |e: &LogEntry| !e.read_by(reader).1.is_empty();
    let newest = log.iter().rposition(rolls);
    let before = log[..(*seen).min(log.len())].iter().rposition(rolls);
    let arrived = log.len() != *seen;
    *seen = log.len();
    egui::ScrollArea::vertical()
        .id_salt("vt-log")
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            // Only what the reader may read something of, numbered among
            // themselves (`LogEntry::readable_by`).
            let mut shown = 0;
            for (i, entry) in log.iter().enumerate() {
                let Some(reading) = entry.readable_by(reader) else {
                    continue;
                };
                shown += 1;
                let force = match (arrived, Some(i) == newest, Some(i) == before) {
                    (true, true, _) => Some(true),
                    (true, false, true) => Some(false),
                    _ => None,
                };
                entry_ui(ui, i, shown, reading, force, reading_side(reader));
            }
            if shown == 0 {
                ui.weak("Nothing has happened yet.");
            }
        });
}

/// One entry: plain text, or a header that opens to its adjudications
/// (`open` forces it open or shut this frame). `index` is its place in the
/// log (what keeps it open), `number` the one shown.
pub fn entry_ui(
    ui: &mut egui::Ui,
    index: usize,
    number: usize,
    (text, adjudications): (&str, &[Adjudication]),
    open: Option<bool>,
    viewer: Option<vt_core::SideIdx>,
) {
    if adjudications.is_empty() {
        ui.label(format!("{number}. {text}"));
        return;
    }
    // Not `CollapsingHeader`: its title never wraps, and a long one widened
    // the log panel over the dice tray. Here the title is a wrapping label
    // that also opens and shuts the entry.
    let id = ui.make_persistent_id(("vt-log-entry", index));
    let mut state =
        egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, false);
    if let Some(o) = open {
        state.set_open(o);
    }
    let mut clicked = false;
    let mut header = state.show_header(ui, |ui| {
        let title = egui::Label::new(RichText::new(format!("{number}. {text}")).strong())
            .wrap()
            .sense(egui::Sense::click());
        clicked = ui.add(title).clicked();
    });
    if clicked {
        header.toggle();
    }
    header.body(|ui| {
        for (k, a) in adjudications.iter().enumerate() {
            ui.push_id(k, |ui| adjudication_ui(ui, a, viewer));
            ui.separator();
        }
    });
}

/// An adjudication before its roll: what it is for, each modifier with its
/// rule, and the number needed (what the player weighs before firing).
pub fn preview_ui(ui: &mut egui::Ui, a: &Adjudication, viewer: Option<vt_core::SideIdx>) {
    ui.label(RichText::new(&a.purpose).strong());
    if !a.modifiers.is_empty() {
        // A grid column grows to its longest text: "Concealed unit's
        // Opportunity Fire" pushed FTE's fire box 30 px past its column,
        // over the board, where a click went to the hex under it (issue
        // 14). Long modifier names wrap within the room there is.
        egui::Grid::new(ui.next_auto_id())
            .num_columns(3)
            .striped(true)
            .max_col_width(preview_label_width(ui.available_width()))
            .show(ui, |ui| {
                for m in &a.modifiers {
                    ui.label(&m.label);
                    modifier_value(ui, a, m, viewer);
                    ui.weak(&m.rule);
                    ui.end_row();
                }
            });
    } else if a.needed.is_some() {
        ui.weak("No modifiers.");
    }
    if let Some(n) = &a.needed {
        ui.label(RichText::new(format!("Needs {n}")).color(crate::palette::ui::GOOD.ui()));
    }
    if !a.result.is_empty() {
        ui.weak(&a.result);
    }
}

/// The widest a column of [`preview_ui`]'s modifier grid may be in `room`
/// points: the name wraps, and the value and rule columns still fit.
pub fn preview_label_width(room: f32) -> f32 {
    (room - PREVIEW_VALUE_AND_RULE).max(80.0)
}

/// What a modifier's value and rule columns take beside its name.
const PREVIEW_VALUE_AND_RULE: f32 = 110.0;

/// The widest the name and the rule columns of [`adjudication_ui`]'s grid
/// may be in `room` points: each half of what the value column (a signed
/// number or a count of hits) and the spacing leave.
pub fn adjudication_text_width(room: f32) -> f32 {
    ((room - ADJUDICATION_VALUE) / 2.0).max(60.0)
}

/// What the value column of [`adjudication_ui`]'s grid takes, with the
/// spacing on both sides of it.
const ADJUDICATION_VALUE: f32 = 64.0;

/// An adjudication in full: what it was for, the dice, each modifier with
/// its rule, the total, what was needed, the table cell and the result.
pub fn adjudication_ui(ui: &mut egui::Ui, a: &Adjudication, viewer: Option<vt_core::SideIdx>) {
    let room = ui.available_width();
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&a.purpose).strong());
        if !a.rule.is_empty() {
            ui.weak(format!("({})", a.rule));
        }
    });
    // The dice on a line of their own, wrapping: in the grid, a pool of
    // eight dice set the value column's width for every row.
    ui.horizontal_wrapped(|ui| {
        ui.label(a.rolled_label());
        if a.each_die_needs.is_some() {
            // Each die against its score, not a sum.
            for (i, d) in a.rolled.iter().enumerate() {
                super::dice::judged_die_ui(ui, *d, 18.0, a.die_hits(i));
            }
        } else {
            let dice: Vec<String> = a.rolled.iter().map(|d| d.to_string()).collect();
            ui.label(RichText::new(dice.join(" + ")).monospace());
        }
    });
    // A grid column grows to its longest text: the platoon game's
    // "Recoilless rifle / Russian 76.2mm" beside "PCM Chart: GUN TO HIT
    // TABLE" ran the log past the window's edge and under the dice tray
    // (seen at 1280x800). The name and rule columns share what the value
    // column leaves, each wrapping in its half.
    // Nothing to put in it (a single die, no modifiers): no grid, whose
    // empty row left a gap under the roll.
    let rows = !a.modifiers.is_empty() || a.hits().is_some() || a.shows_total();
    if rows {
        egui::Grid::new("adjudication")
            .num_columns(3)
            .striped(true)
            .max_col_width(adjudication_text_width(room))
            .show(ui, |ui| {
                for m in &a.modifiers {
                    ui.label(&m.label);
                    modifier_value(ui, a, m, viewer);
                    ui.weak(&m.rule)
                        .on_hover_text(format!("Given by rule {}", m.rule));
                    ui.end_row();
                }
                if let (Some(hits), Some(needs)) = (a.hits(), a.each_die_needs) {
                    ui.label(RichText::new("Hits").strong());
                    ui.label(RichText::new(hits.to_string()).monospace().strong());
                    ui.weak(format!("dice scoring {needs} or more, each alone"));
                    ui.end_row();
                } else if a.shows_total() {
                    ui.label(RichText::new("Total").strong());
                    ui.label(RichText::new(a.total.to_string()).monospace().strong());
                    ui.label("");
                    ui.end_row();
                }
            });
    }
    // Below the grid, not in it: a grid column grows to its longest text,
    // and these lines are long enough to push the log panel over the dice
    // tray. Here they wrap to the panel's width.
    if let Some(n) = &a.needed {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Needed").strong());
            ui.label(n);
        });
    }
    if let Some(t) = &a.table {
        let mut s = format!("{}, row {}", t.table, t.row);
        if let Some(c) = &t.column {
            s.push_str(&format!(", column {c}"));
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Table").strong());
            ui.label(s);
        });
    }
    if !a.result.is_empty() {
        ui.label(RichText::new(format!("Result: {}", a.result)).strong());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vt_core::{Adjudication, LogEntry, Modifier, Reader};

    // Issue 14: FTE's fire box grew past its 300 px column over the board
    // (a grid column as wide as "Concealed unit's Opportunity Fire" and its
    // rule). In a column of that room, the preview keeps within it.
    #[test]
    fn a_fire_preview_keeps_within_its_column() {
        let mut a = Adjudication::new("Opportunity Fire at UH-1 Slick #17", "FTE 7.1");
        a.modifiers = vec![
            Modifier::new("firing into an adjacent hex", "FTE 7.1", -1),
            Modifier::new("Concealed unit's Opportunity Fire", "FTE 21.0", -1),
            Modifier::new("Helicopter at Treetop level over Jungle", "FTE 6.8", 2),
        ];
        a.needed = Some("a roll of 4 or less: 2 or less after the modifiers".into());
        // The preview's width in `room` points (a fresh context each time:
        // a grid remembers its column widths from the frame before).
        let measure = |room: f32| {
            let ctx = crate::fonts::test_context();
            let mut width = f32::INFINITY;
            for _ in 0..2 {
                let input = crate::testing::egui_input();
                let mut out = ctx.run_ui(input, |ui| {
                    let ctx = ui.ctx().clone();
                    egui::Area::new(egui::Id::new("column")).show(&ctx, |ui| {
                        width = egui::Frame::new()
                            .show(ui, |ui| {
                                ui.set_max_width(room);
                                preview_ui(ui, &a, None);
                            })
                            .response
                            .rect
                            .width();
                    });
                });
                // Nothing draws here: the font atlas is not uploaded.
                out.textures_delta.clear();
            }
            width
        };
        // With the app's fonts, in FTE's column (300 points less its
        // margins): the grid's names wrap rather than push the box wider.
        let natural = measure(10_000.0);
        let room = 284.0;
        assert!(natural > room, "the test's preview fits anyway ({natural})");
        let width = measure(room);
        assert!(width <= room + 0.5, "the preview is {width} wide in {room}");
    }

    // Seen at 1280x800 in the platoon game: the log's 75mm recoilless
    // rifle to-hit, opened, ran past the window's right edge and under the
    // dice tray (a grid column as wide as "Recoilless rifle / Russian
    // 76.2mm", another as "PCM Chart: GUN TO HIT TABLE"). In the log's
    // room, the adjudication keeps within it, pools of many dice too.
    #[test]
    fn an_adjudication_in_the_log_keeps_within_the_panel() {
        let rule = "PCM Chart: GUN TO HIT TABLE";
        let mut gun = Adjudication::new("75mm RR to hit at 17.8\"", rule);
        gun.rolled = vec![1];
        gun.total = -1;
        gun.modifiers = vec![
            Modifier::new("Recoilless rifle / Russian 76.2mm", rule, -1),
            Modifier::new("Target moved over 3\"*", rule, -1),
        ];
        gun.needed = Some("6 or more".into());
        gun.result = "miss".into();
        let mut pool = Adjudication::new("M60s at 1.6\" (PCM Chart: SMALL ARMS)", rule)
            .pool([3, 3, 5, 6, 1, 2, 4, 5, 6, 2], 5);
        pool.modifiers = vec![Modifier::new(
            "Target in cover (PCM Chart: SMALL ARMS FIRE TABLE)",
            rule,
            -1,
        )];
        // The log as the overlay shows it (`overlay::overlay_ui`): a panel
        // on the right, 340 points by default, 400 at most, with the entry
        // just logged open. Its width, and how far its content reaches.
        let measure = |a: &Adjudication| {
            let ctx = crate::fonts::test_context();
            let log = vec![LogEntry::with_rolls("The gun fires.", vec![a.clone()])];
            let (mut panel, mut content) = (egui::Rect::NOTHING, egui::Rect::NOTHING);
            for _ in 0..3 {
                let input = crate::testing::egui_input();
                let mut out = ctx.run_ui(input, |root| {
                    let mut seen = 0;
                    panel = egui::Panel::right("vt-log")
                        .resizable(true)
                        .default_size(340.0)
                        .max_size(400.0)
                        .show(root, |ui| {
                            ui.heading("Log");
                            log_ui(ui, &log, Reader::Referee, &mut seen);
                            content = ui.min_rect();
                        })
                        .response
                        .rect;
                });
                out.textures_delta.clear();
            }
            (panel, content)
        };
        for a in [&gun, &pool] {
            let (panel, content) = measure(a);
            assert!(
                panel.width() <= 340.5,
                "{}: the log panel grew to {}",
                a.purpose,
                panel.width()
            );
            assert!(
                content.max.x <= panel.max.x + 0.5 && content.min.x >= panel.min.x - 0.5,
                "{}: the log's content {content:?} runs out of its panel {panel:?}",
                a.purpose
            );
        }
    }
}
