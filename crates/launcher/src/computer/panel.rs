//! What the computer shows: that it is thinking, the move it suggests to
//! a person who asks (with its estimated chance of winning from there),
//! and at the end of the game a chart of its estimates decision by
//! decision.

use super::{Computer, Estimate, Purpose, ask, suggestion_command, think_longer};
use crate::catalog::Catalog;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32, RichText, Stroke, pos2, vec2};
use serde_json::Value;
use vt_core::SideIdx;
use vt_core::dynamic::Game;
use vt_core::session::Session;
use vt_ui::{ActiveGame, Controller, PlayMode, SubmitCommand};

/// The computer's strip at the top of the board: "thinking" while it
/// searches for a side it plays; for a person, Suggest and its answer.
pub fn computer_panel(
    mut contexts: EguiContexts,
    game: Option<Res<ActiveGame>>,
    catalog: Option<Res<Catalog>>,
    mut computer: ResMut<Computer>,
    mode: Option<Res<State<PlayMode>>>,
    overlay: Option<Res<vt_ui::overlay::OverlayState>>,
    mut submit: MessageWriter<SubmitCommand>,
) -> Result {
    let Some(game) = game else { return Ok(()) };
    if !mode.is_some_and(|m| *m.get() == PlayMode::Board) || game.session.outcome().is_finished() {
        return Ok(());
    }
    let Some(side) = game.deciding_side() else {
        return Ok(());
    };
    let has_ai = super::ai_of(catalog.as_deref(), &game).is_some();
    let computer_side = matches!(
        game.controller(side),
        Controller::Computer | Controller::Rules
    );
    if !computer_side && !has_ai {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // The room the top bar leaves at its right end: CSAR's long title and
    // scenario name took most of a 1280-wide window, and the whole line
    // ran over "Help", "Hide overlay" and "Fit board".
    let room = ctx.content_rect().width()
        - overlay
            .as_ref()
            .filter(|o| o.shown)
            .map_or(0.0, |o| o.top_bar_end)
        - 20.0;
    // One line (Suggest, "looking", "thinking") sits at the right end of
    // the overlay's top bar, where the bar leaves room, not over the top
    // row of the map (it hid the hexes there, in FTE against the computer
    // and in hot seat alike). The answer, asked for and dismissed by the
    // player, opens below it on the right.
    let card = !computer_side && suggestion_command(&computer, &game).is_some();
    let (id, at) = if card {
        ("vt-computer-card", vec2(-8.0, 48.0))
    } else {
        ("vt-computer", vec2(-8.0, 1.0))
    };
    egui::Area::new(egui::Id::new(id))
        .anchor(egui::Align2::RIGHT_TOP, at)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            let frame = if card {
                egui::Frame::popup(ui.style())
            } else {
                egui::Frame::NONE
            };
            frame.show(ui, |ui| {
                // The answer stays over the log's column (about 340 wide):
                // wider, it covered CSAR's Orbit Box, where the move it
                // suggested was to be made.
                ui.set_max_width(if card { 320.0 } else { 520.0 });
                if computer_side {
                    thinking_line(ui, &game, &computer, side, room);
                    return;
                }
                suggest_ui(ui, &game, &mut computer, &mut submit, room);
            });
        });
    Ok(())
}

/// "The computer is thinking" in the words that fit in `room` points
/// (shorter forms as the room shrinks, the whole sentence on hover).
fn thinking_line(
    ui: &mut egui::Ui,
    game: &ActiveGame,
    computer: &Computer,
    side: SideIdx,
    room: f32,
) {
    let name = game.side_name(side);
    ui.horizontal(|ui| {
        match computer
            .thinking
            .as_ref()
            .filter(|t| t.purpose == Purpose::Move)
        {
            Some(t) => {
                let secs = t.started.elapsed().as_secs_f32();
                let (full, words) =
                    thinking_words(ui, name, secs, (t.iterations(), t.budget.iterations), room);
                ui.add(egui::Spinner::new()).on_hover_text(&full);
                if let Some(w) = words {
                    ui.add(egui::Label::new(w).wrap_mode(egui::TextWrapMode::Extend))
                        .on_hover_text(full);
                }
            }
            None => {
                let full = format!("The computer ({name}) moves.");
                let words = [full.clone(), format!("{name} moves.")]
                    .into_iter()
                    .find(|w| text_width(ui, w) <= room)
                    .unwrap_or_else(|| "Moves.".into());
                ui.label(words).on_hover_text(full);
            }
        }
    });
}

/// The thinking line in full, and the longest of its forms that fits in
/// `room` points beside the spinner (`None`: the spinner alone).
fn thinking_words(
    ui: &egui::Ui,
    name: &str,
    secs: f32,
    (done, of): (u32, u32),
    room: f32,
) -> (String, Option<String>) {
    let full = format!("The computer ({name}) is thinking: {secs:.1} s, {done} of {of} positions");
    let spinner = ui.spacing().interact_size.y + ui.spacing().item_spacing.x;
    let words = [
        full.clone(),
        format!("{name} thinking: {secs:.1} s, {done} of {of}"),
        format!("Thinking: {secs:.1} s, {done} of {of}"),
        format!("Thinking: {secs:.1} s"),
    ]
    .into_iter()
    .find(|w| spinner + text_width(ui, w) <= room);
    (full, words)
}

/// The width of `text` in the body font, unwrapped.
fn text_width(ui: &egui::Ui, text: &str) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    ui.painter()
        .layout_no_wrap(text.to_string(), font, Color32::WHITE)
        .size()
        .x
}

fn suggest_ui(
    ui: &mut egui::Ui,
    game: &ActiveGame,
    computer: &mut Computer,
    submit: &mut MessageWriter<SubmitCommand>,
    room: f32,
) {
    if let Some(command) = suggestion_command(computer, game) {
        let s = computer.suggestion.clone().expect("checked");
        ui.label(RichText::new("The computer suggests").strong());
        ui.label(command_words(game, &command));
        match s.win {
            Some(w) => ui.label(format!(
                "Its estimate of your chance of winning if you play this and go on as it would: {:.0} % ({} positions searched, {} of them after this move).",
                100.0 * w,
                s.iterations,
                s.looks
            )),
            None => ui.label("It is the only command."),
        };
        for line in earlier_lines(game, &s) {
            ui.label(RichText::new(line).weak());
        }
        if !s.weighed.is_empty() {
            egui::CollapsingHeader::new(format!("Other moves it weighed ({})", s.weighed.len()))
                .id_salt("vt-suggest-weighed")
                .show(ui, |ui| {
                    for (c, looks, win) in &s.weighed {
                        ui.label(format!(
                            "{}: {:.0} % ({looks} positions)",
                            command_words(game, c),
                            100.0 * win
                        ));
                    }
                })
                .header_response
                .on_hover_text(
                    "The search spends its positions on the moves that look best to it and \
                     plays the one it searched most: a move searched a few times has a rough \
                     estimate.",
                );
        }
        let longer = computer
            .thinking
            .as_ref()
            .filter(|t| t.purpose == Purpose::Suggest)
            .map(|t| (t.iterations(), t.budget.iterations));
        if let Some((done, of)) = longer {
            ui.horizontal(|ui| {
                ui.add(egui::Spinner::new());
                ui.label(format!("Thinking longer: {done} of {of} positions"));
            });
        }
        ui.horizontal(|ui| {
            if ui.button("Play it").clicked() {
                submit.write(SubmitCommand(command.clone()));
            }
            if longer.is_none()
                && computer.can_think_longer()
                && ui
                    .button("Think longer")
                    .on_hover_text(
                        "The computer goes on searching from where it stopped, as long again: \
                         its estimate firms up, and its suggestion may change.",
                    )
                    .clicked()
            {
                think_longer(computer, game);
            }
            if ui.button("Dismiss").clicked() {
                computer.dismiss();
            }
        });
        return;
    }
    let asked = computer.asked == Some(game.revision);
    if asked {
        ui.horizontal(|ui| {
            let n = computer.thinking.as_ref().map(|t| t.iterations()).unwrap_or(0);
            // Shorter where the top bar leaves little room (FTE's at 1280
            // wide cut it to "Lookin").
            let full = format!("Looking for a move: {n} positions");
            let spinner = ui.spacing().interact_size.y + ui.spacing().item_spacing.x;
            let words = [full.clone(), format!("Looking: {n}")]
                .into_iter()
                .find(|w| spinner + text_width(ui, w) <= room);
            ui.add(egui::Spinner::new()).on_hover_text(&full);
            // Never wrapped: the count changes every frame, and a wrapped
            // line read "Looking for a move: 61  6 positions" once.
            if let Some(w) = words {
                ui.add(egui::Label::new(w).wrap_mode(egui::TextWrapMode::Extend))
                    .on_hover_text(full);
            }
        });
    } else if ui
        .button("Suggest")
        .on_hover_text("The move the computer would make for you, and its estimate of your chance of winning from here. It looks only at what you can see.")
        .clicked()
    {
        ask(computer, game);
    }
}

/// How many earlier answers the suggestion shows.
const EARLIER_SHOWN: usize = 3;

/// What the computer said before at this position, when it was asked to
/// think longer: "After 180 positions: 31 %.", naming the command where it
/// has changed its mind.
pub fn earlier_lines(game: &ActiveGame, s: &super::Suggestion) -> Vec<String> {
    let percent =
        |w: Option<f64>| w.map_or_else(|| "no estimate".into(), |w| format!("{:.0} %", 100.0 * w));
    // The last few: a player who asks again and again reads how it settled.
    s.earlier
        .iter()
        .skip(s.earlier.len().saturating_sub(EARLIER_SHOWN))
        .map(|(n, win, c)| {
            if *c == s.command {
                format!("After {n} positions: {}.", percent(*win))
            } else {
                format!(
                    "After {n} positions it suggested {} ({}).",
                    command_words(game, c),
                    percent(*win)
                )
            }
        })
        .collect()
}

/// A command in the game's own words, as its board's panel names it
/// (aircraft, cards, units and stands by their labels, places by the
/// terrain they are in), else the generic label. Named from the deciding
/// side's view: nothing it may not see. Grunt, Crossfire and the platoon
/// game's suggestions read "Move: moves [(facing none, stand 4, to [36.0,
/// 32.0])]" until session 41.
pub fn command_words(game: &ActiveGame, command: &Value) -> String {
    if let Some(w) = typed_words::<grunt_rules::Grunt>(game, command, |rules, _, view, c| {
        grunt_plugin::model::command_label(rules, view, c)
    }) {
        return w;
    }
    if let Some(w) = typed_words::<crossfire_vn_rules::CrossfireVn>(game, command, crossfire_words)
    {
        return w;
    }
    if let Some(w) =
        typed_words::<platoon_cards_rules::PlatoonCards>(game, command, |rules, _, view, c| {
            platoon_cards_plugin::words::words(view, Some(rules), c)
        })
    {
        return w;
    }
    let any = game.game.as_any();
    if let Some(g) = any.downcast_ref::<Game<csar_rules::Csar>>()
        && let Some(s) = game
            .session
            .as_any()
            .downcast_ref::<Session<csar_rules::Csar>>()
        && let Ok(c) = serde_json::from_value::<csar_rules::Command>(command.clone())
    {
        return csar_plugin::pick::command_words(&g.0, &c, s.state.step);
    }
    if let Some(g) = any.downcast_ref::<Game<fte_rules::Fte>>()
        && let Some(side) = game.deciding_side()
        && let Some(s) = game
            .session
            .as_any()
            .downcast_ref::<Session<fte_rules::Fte>>()
        && let Ok(c) = serde_json::from_value::<fte_rules::Command>(command.clone())
    {
        use vt_core::Ruleset;
        // Named from the deciding side's view: nothing it may not see.
        return fte_plugin::model::command_label(&g.0.view(&s.state, side), &c);
    }
    vt_ui::labels::command_label(command)
}

/// `command` in the words `name` gives it, if the game is `R`'s and the
/// command one of its own: from the deciding side's view.
fn typed_words<R: vt_core::Ruleset + 'static>(
    game: &ActiveGame,
    command: &Value,
    name: impl Fn(&R, &R::State, &R::View, &R::Command) -> String,
) -> Option<String> {
    let g = game.game.as_any().downcast_ref::<Game<R>>()?;
    let s = game.session.as_any().downcast_ref::<Session<R>>()?;
    let side = game.deciding_side()?;
    let c = serde_json::from_value::<R::Command>(command.clone()).ok()?;
    Some(name(&g.0, &s.state, &g.0.view(&s.state, side), &c))
}

/// A Crossfire command in the panel's words; a move the rules stop short
/// of where it is aimed says where (base 4.0: on entering the first
/// feature), as the table's line shows it.
fn crossfire_words(
    rules: &crossfire_vn_rules::CrossfireVn,
    s: &crossfire_vn_rules::State,
    view: &crossfire_vn_rules::view::View,
    c: &crossfire_vn_rules::command::Command,
) -> String {
    let words = crossfire_vn_plugin::words::Words { rules, view }.command(c);
    let crossfire_vn_rules::command::Command::Move { moves } = c else {
        return words;
    };
    let [m] = moves.as_slice() else {
        return words;
    };
    let p = rules.preview_move(s, m.stand, m.to);
    if p.to.distance(m.to) <= 0.5 {
        return words;
    }
    use crossfire_vn_rules::view::Stop;
    match (p.ends_in, p.stopped) {
        (Some(piece), _) => format!("{words}: it stops on entering {piece} (base 4.0)"),
        (None, Some(Stop::Terrain(piece))) => format!("{words}: it stops at {piece} (base 4.0)"),
        (None, Some(Stop::Stand(label))) => {
            format!("{words}: it stops against {label}, in the way (base 4.0)")
        }
        (None, Some(Stop::Impassable(Some(piece)))) => {
            format!("{words}: it stops at the edge of {piece}, which it may not enter (base 4.0)")
        }
        (None, _) => format!(
            "{words}: it stops at ({:.0}, {:.0}) (base 4.0)",
            p.to.x, p.to.y
        ),
    }
}

/// The colours of the sides' lines on the chart.
const SIDE_COLOURS: [Color32; 4] = [
    Color32::from_rgb(90, 160, 240),
    Color32::from_rgb(230, 110, 90),
    Color32::from_rgb(120, 200, 120),
    Color32::from_rgb(220, 200, 90),
];

/// The game-over chart: the computer's estimate of every side's chance of
/// winning at every decision with a choice (its own moves, and a short
/// search of each of a person's), each from the knowledge of the side
/// deciding there; the sides' chances at a decision add up to one, less
/// the chance of a draw. Each side's line joins its own estimates
/// ([`chart_lines`]).
pub fn chart_ui(ui: &mut egui::Ui, computer: &Computer, game: &ActiveGame) {
    let points: Vec<_> = computer
        .estimates
        .iter()
        .filter(|e| e.win.is_finite())
        .collect();
    let pending = computer.estimates_pending();
    if pending > 0 {
        ui.horizontal(|ui| {
            ui.add(egui::Spinner::new());
            ui.label(format!(
                "The computer is still weighing {pending} decision(s) for the chart of each side's chance."
            ));
        });
    }
    if points.len() < 2 {
        return;
    }
    ui.label(RichText::new("The computer's estimate of each side's chance").strong())
        .on_hover_text(
            "Each point is the computer's estimate, at that decision, of the side's chance of \
             winning if play goes on as its search plays (the best moves it finds): a side that \
             plays less well wins less often. A sure win within reach reads 100 %.",
        );
    let last = game.session.commands().max(1) as f32;
    let (whole, response) = ui.allocate_exact_size(
        vec2(ui.available_width().min(460.0), 150.0),
        egui::Sense::hover(),
    );
    // The scale in a gutter on the left, off the lines (a 0 % label sat on
    // a lost game's line).
    let gutter = 36.0;
    let rect = egui::Rect::from_min_max(pos2(whole.left() + gutter, whole.top()), whole.max);
    let p = ui.painter_at(whole);
    p.rect_stroke(
        rect,
        2.0,
        Stroke::new(1.0, Color32::GRAY),
        egui::StrokeKind::Inside,
    );
    let y = |w: f64| rect.bottom() - (w as f32) * rect.height();
    p.line_segment(
        [pos2(rect.left(), y(0.5)), pos2(rect.right(), y(0.5))],
        Stroke::new(1.0, Color32::from_gray(90)),
    );
    // The scale, so the line reads as a chance, not a shape.
    for (w, label, align) in [
        (1.0, "100 %", egui::Align2::RIGHT_TOP),
        (0.5, "50 %", egui::Align2::RIGHT_CENTER),
        (0.0, "0 %", egui::Align2::RIGHT_BOTTOM),
    ] {
        p.text(
            pos2(rect.left() - 4.0, y(w)),
            align,
            label,
            egui::FontId::proportional(11.0),
            Color32::from_gray(150),
        );
    }
    let at = |e: &Estimate| pos2(rect.left() + rect.width() * e.at as f32 / last, y(e.win));
    let lines = chart_lines(&points, game.info.sides.len());
    for l in &lines {
        let colour = SIDE_COLOURS[l.side as usize % SIDE_COLOURS.len()];
        // The other sides' estimates of this side: faint dots off the line.
        for e in &l.others {
            p.circle_stroke(at(e), 2.0, Stroke::new(1.0, colour.gamma_multiply(0.5)));
        }
        let line: Vec<egui::Pos2> = l.line.iter().map(|e| at(e)).collect();
        if line.len() >= 2 {
            p.add(egui::Shape::line(line.clone(), Stroke::new(2.0, colour)));
        }
        for q in line {
            p.circle_filled(q, 2.0, colour);
        }
    }
    // The point under the pointer, in words.
    if let Some(h) = response.hover_pos() {
        let near = points.iter().min_by(|a, b| {
            let xa = rect.left() + rect.width() * a.at as f32 / last;
            let xb = rect.left() + rect.width() * b.at as f32 / last;
            (xa - h.x).abs().total_cmp(&(xb - h.x).abs())
        });
        if let Some(e) = near {
            let side = game.side_name(e.side);
            let by = if e.by == e.side {
                "by its own reckoning".to_string()
            } else {
                format!("as {} saw it", game.side_name(e.by))
            };
            response.on_hover_text_at_pointer(format!(
                "After {} of {} commands: {} {:.0} % ({by})",
                e.at,
                last as usize,
                side,
                100.0 * e.win
            ));
        }
    }
    ui.horizontal_wrapped(|ui| {
        for (i, s) in game.info.sides.iter().enumerate() {
            let n = points.iter().filter(|e| e.side as usize == i).count();
            if n > 0 {
                ui.colored_label(
                    SIDE_COLOURS[i % SIDE_COLOURS.len()],
                    format!("■ {}", s.name),
                );
            }
        }
        ui.weak(
            "left: the first decision, right: the last; the middle line is even. \
             A side's line joins its own estimates at its own decisions; the rings \
             are the other side's estimate of it at the other side's decisions.",
        );
    });
}

/// One side's line on the chart.
#[derive(Debug, PartialEq)]
pub struct ChartLine<'a> {
    pub side: SideIdx,
    /// Joined: the side's chance as the side saw it at its own decisions.
    pub line: Vec<&'a Estimate>,
    /// Drawn apart: the other sides' estimates of its chance.
    pub others: Vec<&'a Estimate>,
}

/// Each side's line through its own estimates only. A line through every
/// estimate of a side zigzagged: each side's search is more hopeful for
/// itself than the other's is for it (Trail Contact, session 42: the Free
/// World's own estimates about 20-30 %, the VC/NVA's of it 0-10 %), so
/// the line jumped at every change of side and read as noise. A side with
/// fewer than two decisions of its own (a side the computer weighed only
/// as the other's opponent) keeps the line through every estimate of it.
pub fn chart_lines<'a>(points: &[&'a Estimate], sides: usize) -> Vec<ChartLine<'a>> {
    (0..sides as SideIdx)
        .map(|side| {
            let all: Vec<&Estimate> = points.iter().copied().filter(|e| e.side == side).collect();
            let own = all.iter().filter(|e| e.by == side).count();
            let (line, others) = if own >= 2 {
                all.into_iter().partition(|e| e.by == side)
            } else {
                (all, Vec::new())
            };
            ChartLine { side, line, others }
        })
        .collect()
}

/// The set-up screen's choice of how hard the computer thinks for a side.
pub fn level_picker(ui: &mut egui::Ui, side: usize, level: &mut super::Level) {
    egui::ComboBox::from_id_salt(("vt-level", side))
        .selected_text(level.label())
        .show_ui(ui, |ui| {
            for l in super::Level::ALL {
                ui.selectable_value(level, l, l.label())
                    .on_hover_text(l.hint());
            }
        })
        .response
        .on_hover_text(level.hint());
}

#[cfg(test)]
mod tests {
    use super::*;

    // Each side's line joins its own estimates; the other side's estimates
    // of it stand apart. A side with one decision of its own keeps the
    // line through all its estimates.
    #[test]
    fn a_sides_line_joins_its_own_estimates() {
        let e = |at, by, side, win| Estimate { at, by, side, win };
        let points = [
            e(0, 0, 0, 0.3),
            e(0, 0, 1, 0.7),
            e(1, 1, 0, 0.05),
            e(1, 1, 1, 0.95),
            e(2, 0, 0, 0.25),
            e(2, 0, 1, 0.75),
            e(3, 1, 0, 0.1),
            e(3, 1, 1, 0.9),
        ];
        let refs: Vec<&Estimate> = points.iter().collect();
        let lines = chart_lines(&refs, 2);
        let ats = |v: &[&Estimate]| v.iter().map(|e| e.at).collect::<Vec<_>>();
        assert_eq!(ats(&lines[0].line), vec![0, 2]);
        assert_eq!(ats(&lines[0].others), vec![1, 3]);
        assert_eq!(ats(&lines[1].line), vec![1, 3]);
        assert_eq!(ats(&lines[1].others), vec![0, 2]);
        // Side 1 decided once: its line is every estimate of it.
        let few: Vec<&Estimate> = points.iter().filter(|e| e.at != 3).collect();
        let lines = chart_lines(&few, 2);
        assert_eq!(ats(&lines[1].line), vec![0, 1, 2]);
        assert!(lines[1].others.is_empty());
        assert_eq!(ats(&lines[0].line), vec![0, 2]);
    }

    // Seen at 1280x800 in That Others May Live: "The computer (CSAR
    // commander) is thinking: ..." ran over the top bar's "Help", "Hide
    // overlay" and "Fit board" (the bar's long title left about 290 points
    // at its right end). The line takes the longest form that fits.
    #[test]
    fn the_thinking_line_fits_the_room_the_top_bar_leaves() {
        let ctx = vt_ui::fonts::test_context();
        let input = vt_ui::testing::egui_input();
        let mut out = ctx.run_ui(input, |ui| {
            let spinner = ui.spacing().interact_size.y + ui.spacing().item_spacing.x;
            let words = |room: f32| {
                let (full, w) = thinking_words(ui, "CSAR commander", 1.0, (3872, 24500), room);
                if let Some(w) = &w {
                    let width = spinner + text_width(ui, w);
                    assert!(width <= room, "{w:?} is {width} wide in {room}");
                }
                (full, w)
            };
            let (full, wide) = words(1000.0);
            assert_eq!(wide.as_deref(), Some(full.as_str()));
            let (_, narrow) = words(290.0);
            assert_eq!(narrow.as_deref(), Some("Thinking: 1.0 s, 3872 of 24500"));
            let (_, tight) = words(120.0);
            assert_eq!(tight.as_deref(), Some("Thinking: 1.0 s"));
            let (_, none) = words(30.0);
            assert_eq!(none, None);
        });
        out.textures_delta.clear();
    }

    /// Every game's legal commands at its first decisions, named for the
    /// suggestion box: (the generic label, the game's words).
    fn words_of(game_id: &str, plays: usize) -> Vec<(String, String)> {
        let entry = vt_games::entry(game_id).unwrap();
        let game = vt_games::load(&entry, None).unwrap();
        let scenario = game.info().scenarios[0].id.clone();
        let session = game.new_session(vt_core::Setup::new(&scenario, 3)).unwrap();
        let mut g = ActiveGame::new(game.clone(), session, Vec::new());
        let mut out = Vec::new();
        for i in 0..plays {
            let legal = g.session.legal();
            if legal.is_empty() {
                break;
            }
            for c in &legal {
                out.push((vt_ui::labels::command_label(c), command_words(&g, c)));
            }
            // On through set-up to the first moves: the last command
            // offered is the one that ends a step in these games.
            let next = legal[(i * 7919) % legal.len()].clone();
            let next = legal
                .iter()
                .find(|c| c.as_str().is_some_and(|s| s.contains("Done")))
                .cloned()
                .unwrap_or(next);
            g.apply(&next).unwrap();
        }
        out
    }

    // Seen in session 41: the Crossfire "Suggest" box read "Move: moves
    // [(facing none, stand 4, to [36.0, 32.0])]". Grunt's, Crossfire's and
    // the platoon game's suggestions now read as their panels' buttons do.
    #[test]
    fn a_suggestion_is_named_in_the_games_words() {
        for game in ["grunt", "crossfire-vn", "platoon-cards"] {
            let words = words_of(game, 6);
            assert!(!words.is_empty(), "{game}: no commands");
            for (generic, named) in &words {
                assert!(
                    !named.contains('[') && !named.contains("stand ") && !named.contains('{'),
                    "{game}: {generic:?} named {named:?}"
                );
            }
            let moves: Vec<&(String, String)> = words
                .iter()
                .filter(|(generic, named)| generic != named)
                .collect();
            assert!(
                moves.len() * 2 >= words.len(),
                "{game}: most commands still in the generic words: {words:?}"
            );
            // Crossfire base 4.0: a move stops on entering a feature; the
            // words say where, as the table's line shows it.
            if game == "crossfire-vn" {
                assert!(
                    words
                        .iter()
                        .any(|(_, w)| w.contains(": it stops on entering ")),
                    "no move said where it stops: {words:?}"
                );
            }
        }
    }
}
