//! The playing screen: the shared overlay around the board (or the generic
//! screen for a game with no plugin), the hand-over screen, the pause menu.

use super::root_ui;
use crate::flow::{Action, Settings};
use crate::saves::SaveStore;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, RichText};
use vt_ui::board::BoardRect;
use vt_ui::generic::GenericAction;
use vt_ui::overlay::track::{TurnTrack, TurnTrackSpec};
use vt_ui::overlay::{OverlayState, overlay_ui};
use vt_ui::{ActiveGame, Boards, PlayMode, SubmitCommand};

#[derive(Default)]
pub struct PauseUi {
    save_name: String,
    /// The game and save the name field was filled for: another game (or
    /// a save under another name) fills it afresh, never with the name of
    /// the game before.
    filled_for: Option<(String, u64, Option<String>)>,
    show_load: bool,
    saves: crate::saves::SaveList,
    show_settings: bool,
}

/// Whether the hand-over screen covers the board this frame. Also in the
/// frame the viewer leaves, before the switch to [`PlayMode::HandOver`]
/// takes effect (the next frame): the board's pieces and panels are already
/// hidden then, and a bare map with the log showed for that frame (slow
/// frames made it a visible flash, issue 14).
pub fn hand_over_covers(mode: PlayMode, viewer_gone: bool, finished: bool) -> bool {
    match mode {
        PlayMode::HandOver => true,
        PlayMode::Paused => viewer_gone,
        PlayMode::Board => viewer_gone && !finished,
    }
}

#[allow(clippy::too_many_arguments)]
pub fn playing_ui(
    mut contexts: EguiContexts,
    game: Option<Res<ActiveGame>>,
    mode: Option<Res<State<PlayMode>>>,
    mut overlay: ResMut<OverlayState>,
    spec: Res<TurnTrackSpec>,
    boards: Res<Boards>,
    mut board_rect: ResMut<BoardRect>,
    window: Query<&Window, With<PrimaryWindow>>,
    store: Res<SaveStore>,
    mut settings: ResMut<Settings>,
    mut pause: Local<PauseUi>,
    mut actions: MessageWriter<Action>,
    mut submit: MessageWriter<SubmitCommand>,
    mut fit: ResMut<vt_ui::camera::CameraFit>,
    catalog: Option<Res<crate::catalog::Catalog>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(game) = game else {
        return Ok(());
    };
    let mode = mode.map(|m| *m.get()).unwrap_or_default();
    let mut root = root_ui(&ctx);
    let finished = game.session.outcome().is_finished();
    if hand_over_covers(mode, game.viewer.is_none(), finished) {
        board_rect.0 = Some(Rect::new(0.0, 0.0, 0.0, 0.0));
        if let Some(a) = hand_over_ui(&mut root, &game, mode != PlayMode::Paused) {
            actions.write(a);
        }
    } else {
        let track = spec.0.clone().unwrap_or_else(|| {
            TurnTrack::infer(
                &game.session.outcome().score,
                &overlay.seen_phases,
                &game.session.decision().kind,
                6,
            )
        });
        let reg = boards.by_game.get(&game.info.id);
        let has_board = reg.is_some();
        let show_commands = reg.is_none_or(|r| r.show_command_list);
        let out = overlay_ui(
            &mut root,
            &game,
            &mut overlay,
            &track,
            has_board,
            show_commands,
            settings.animations,
        );
        if let Some(r) = out.board_rect {
            // egui points to logical window pixels.
            let scale = ctx.pixels_per_point()
                / window
                    .iter()
                    .next()
                    .map(|w| w.scale_factor())
                    .unwrap_or(1.0);
            board_rect.0 = Some(Rect::new(
                r.min.x * scale,
                r.min.y * scale,
                r.max.x * scale,
                r.max.y * scale,
            ));
        }
        match out.action {
            Some(GenericAction::Command(c)) => {
                submit.write(SubmitCommand(c));
            }
            Some(GenericAction::Undo) => {
                actions.write(Action::Undo);
            }
            None => {}
        }
        if out.pause {
            actions.write(Action::Pause);
        }
        if out.fit_board {
            fit.pending = Some(vt_ui::camera::FitKind::Whole);
        }
        if game.result_first && mode == PlayMode::Board {
            result_first_ui(&ctx, &game, &mut actions);
        }
        if mode == PlayMode::Board && game.session.outcome().is_finished() && !game.end_seen {
            game_end_bar(&ctx, &game, &mut actions);
        }
    }
    if mode == PlayMode::Paused {
        let empty = crate::catalog::Catalog::default();
        let catalog = catalog.as_deref().unwrap_or(&empty);
        pause_menu(
            &ctx,
            &game,
            &store,
            catalog,
            &mut settings,
            &mut pause,
            &mut actions,
        );
    }
    Ok(())
}

/// A window over the foot of the board, for what the player reads before
/// going on (a hot-seat result, the end of the game).
fn bottom_bar(title: impl Into<egui::WidgetText>, id: &str) -> egui::Window<'static> {
    egui::Window::new(title)
        .id(egui::Id::new(id))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .collapsible(false)
        .resizable(false)
        .order(egui::Order::Foreground)
}

/// The game is over: the final board stays, with what the last command
/// set off (its dice and draws, CSAR's segments), and this bar says how it
/// ended until the player goes on to the game-over screen.
fn game_end_bar(ctx: &egui::Context, game: &ActiveGame, actions: &mut MessageWriter<Action>) {
    let outcome = game.session.outcome();
    bottom_bar("The game is over", "vt-game-end").show(ctx, |ui| {
        ui.set_max_width(520.0);
        if let Some(r) = &outcome.result {
            ui.heading(super::game_over::result_words(game, r));
        }
        ui.label(RichText::new(&outcome.summary).size(15.0));
        ui.add_space(6.0);
        let b = egui::Button::new(RichText::new("See the result (Enter)").size(18.0));
        if ui.add(b).clicked() {
            actions.write(Action::SeeResult);
        }
        ui.weak("The board stays as it ended until you go on.");
    });
}

/// Hot seat: the player who just acted sees what their command rolled
/// (dice, each modifier, what was needed, the effect) before the screen goes
/// to the next player.
fn result_first_ui(ctx: &egui::Context, game: &ActiveGame, actions: &mut MessageWriter<Action>) {
    let Some(me) = game.viewer else {
        return;
    };
    let next = game
        .deciding_side()
        .map(|s| game.side_name(s).to_string())
        .unwrap_or_default();
    let reader = vt_core::Reader::Side(me);
    bottom_bar(
        format!("{}: your result", game.side_name(me)),
        "vt-result-first",
    )
    .show(ctx, |ui| {
        ui.set_max_width(520.0);
        egui::ScrollArea::vertical()
            .max_height(320.0)
            .show(ui, |ui| {
                for e in game.log.iter().skip(game.result_from) {
                    let (text, rolls) = e.read_by(reader);
                    ui.label(RichText::new(text).strong());
                    for (k, a) in rolls.iter().enumerate() {
                        ui.push_id((text, k), |ui| {
                            vt_ui::overlay::log::adjudication_ui(ui, a, Some(me))
                        });
                    }
                }
            });
        ui.add_space(6.0);
        let b = egui::Button::new(
            RichText::new(format!("Seen: hand over to {next} (Enter)")).size(18.0),
        );
        if ui.add(b).clicked() {
            actions.write(Action::HandOverNow);
        }
        ui.weak("The board is yours until you hand over; nothing more can be given.");
    });
}

/// The hot-seat hand-over screen (the board hidden); `active` is false
/// while paused over it. Returns what the player pressed.
pub fn hand_over_ui(root: &mut egui::Ui, game: &ActiveGame, active: bool) -> Option<Action> {
    let mut action = None;
    let next = game
        .deciding_side()
        .map(|s| game.side_name(s).to_string())
        .unwrap_or_default();
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.fill(vt_ui::palette::ui::BACKGROUND.ui()))
        .show(root, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() * 0.3);
                ui.label(
                    RichText::new(format!("Hand over to {next}"))
                        .size(30.0)
                        .strong(),
                );
                ui.add_space(8.0);
                // The first hand-over of a game has no last player to hide
                // anything from (issue 14: it spoke of one).
                let why = match game.hidden_from {
                    Some(last) => format!("{next} may not see what {} saw.", game.side_name(last)),
                    None => format!("{next} begins. Each side sees only what it may see."),
                };
                ui.label(format!(
                    "{why} The board stays hidden until {next} is at the screen."
                ));
                ui.add_space(16.0);
                if active
                    && ui
                        .add(egui::Button::new(
                            RichText::new(format!("I am {next}: show the board (Enter)"))
                                .size(20.0),
                        ))
                        .clicked()
                {
                    action = Some(Action::HandOverDone);
                }
                // Menu right under the button, both at a place that does not
                // depend on what happened (issue 14: the summary used to sit
                // above the button and moved it from one hand-over to the next).
                ui.add_space(8.0);
                if active && ui.button("Menu").clicked() {
                    action = Some(Action::Pause);
                }
                let decision = game.session.decision();
                let legal = game.session.legal();
                if active
                    && decision.interrupt
                    && let Some(i) = vt_ui::labels::end_command(&legal)
                {
                    // A chance given while the other side acts: what it is
                    // about is public (the prompt, the last public lines of
                    // the log), and declining needs no look at the board.
                    ui.add_space(20.0);
                    ui.label(RichText::new(&decision.prompt).strong());
                    ui.weak(&decision.rule);
                    ui.add_space(6.0);
                    let label = vt_ui::labels::command_label(&legal[i]);
                    if ui
                        .button(format!("{next} declines without looking ({label})"))
                        .on_hover_text("Then hand the screen back to the player who was acting.")
                        .clicked()
                    {
                        action = Some(Action::PassUnseen);
                    }
                }
                if game.hidden_from.is_some() {
                    since_last_look(ui, game);
                }
            });
        });
    action
}

/// Lines of the "since you last looked" summary shown at most (the rest
/// are in the log once the board is shown).
const SINCE_LINES: usize = 8;

/// On a hand-over screen: what happened since the next side last handed
/// the screen over, in the log's public words only (whoever is at the
/// screen may read it). Issue 14: after Opportunity Fire the hand-over
/// said nothing of it.
fn since_last_look(ui: &mut egui::Ui, game: &ActiveGame) {
    let Some(next) = game.deciding_side() else {
        return;
    };
    let from = game.seen_upto.get(next as usize).copied().unwrap_or(0);
    let lines: Vec<&str> = game
        .log
        .iter()
        .skip(from)
        .map(|e| e.read_by(vt_core::Reader::Public).0)
        .filter(|t| !t.trim().is_empty())
        .collect();
    if lines.is_empty() {
        return;
    }
    ui.add_space(14.0);
    ui.label(RichText::new(format!("Since {} last looked", game.side_name(next))).strong());
    let skipped = lines.len().saturating_sub(SINCE_LINES);
    if skipped > 0 {
        ui.weak(format!("… {skipped} earlier lines in the log"));
    }
    for l in &lines[skipped..] {
        ui.label(*l);
    }
}

fn pause_menu(
    ctx: &egui::Context,
    game: &ActiveGame,
    store: &SaveStore,
    catalog: &crate::catalog::Catalog,
    settings: &mut Settings,
    ui_state: &mut PauseUi,
    actions: &mut MessageWriter<Action>,
) {
    egui::Modal::new(egui::Id::new("vt-pause")).show(ctx, |ui| {
        ui.set_width(420.0);
        ui.heading("Paused");
        // Two lines that never wrap: after a save the one line grew to
        // two and the buttons below moved under the pointer (issue 14).
        let line = |ui: &mut egui::Ui, t: String| {
            ui.add(egui::Label::new(RichText::new(t).weak()).truncate());
        };
        line(
            ui,
            format!(
                "{}, {} commands so far",
                game.info.name,
                game.session.commands()
            ),
        );
        line(
            ui,
            match (&game.save_name, game.unsaved_progress()) {
                (Some(n), false) => format!("Saved as '{n}'"),
                (Some(n), true) => format!("Last saved as '{n}'; autosaved since"),
                (None, _) => "Autosaved at each phase".to_string(),
            },
        );
        ui.add_space(6.0);
        let wide = |t: &str| egui::Button::new(t).min_size(egui::vec2(400.0, 28.0));
        if ui.add(wide("Resume (Esc)")).clicked() {
            actions.write(Action::Resume);
        }
        ui.separator();
        ui.horizontal(|ui| {
            ui.label("Save as");
            let setup = game.session.setup();
            let key = (
                format!("{}/{}", game.info.id, setup.scenario),
                setup.seed,
                game.save_name.clone(),
            );
            if ui_state.filled_for.as_ref() != Some(&key) || ui_state.save_name.trim().is_empty() {
                ui_state.save_name = crate::flow::offered_save_name(store, game);
                ui_state.filled_for = Some(key);
            }
            ui.add(
                egui::TextEdit::singleline(&mut ui_state.save_name)
                    .hint_text("a name")
                    .desired_width(200.0),
            );
            if ui.button("Save").clicked() {
                let n = ui_state.save_name.trim().to_string();
                actions.write(Action::Save((!n.is_empty()).then_some(n)));
            }
            if ui
                .button("Export…")
                .on_hover_text("Write the game to a file you choose (to keep, or to play on another computer).")
                .clicked()
            {
                actions.write(Action::Export(None));
            }
        });
        if ui.add(wide("Load a saved game")).clicked() {
            ui_state.show_load = !ui_state.show_load;
            ui_state.saves.invalidate();
        }
        if ui_state.show_load {
            super::menu::saves_list(ui, store, &mut ui_state.saves, catalog, actions);
        }
        if ui.add(wide("Settings")).clicked() {
            ui_state.show_settings = !ui_state.show_settings;
        }
        if ui_state.show_settings {
            egui::Grid::new("vt-settings")
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label("Computer's pause (s)");
                    ui.add(egui::Slider::new(&mut settings.computer_delay, 0.0..=3.0));
                    ui.end_row();
                    ui.label("Interface size");
                    ui.add(egui::Slider::new(&mut settings.ui_scale, 0.75..=2.0));
                    ui.end_row();
                    ui.label("Animations")
                        .on_hover_text("Pieces slide, hits flash and dice roll so you can follow what happened. A click or Space skips them.");
                    ui.horizontal(|ui| {
                        for s in vt_ui::anim::AnimSpeed::ALL {
                            ui.selectable_value(&mut settings.animations, s, s.label());
                        }
                    });
                    ui.end_row();
                    ui.label("Colours").on_hover_text(
                        "Colour-blind safe: the sides and the highlights in the Okabe–Ito colours (blue against vermillion, never red against green).",
                    );
                    ui.horizontal(|ui| {
                        for s in vt_ui::palette::Scheme::ALL {
                            ui.selectable_value(&mut settings.colours, s, s.label());
                        }
                    });
                    ui.end_row();
                    ui.label("Automatic steps").on_hover_text(
                        "When one command sets off several segments of the turn (a rescue, the enemy's fire, the search, the abort check, the next event), show them one at a time. Space goes on.",
                    );
                    ui.checkbox(&mut settings.step_through, "Step through them");
                    ui.end_row();
                });
        }
        ui.separator();
        if ui.add(wide("Quit to the menu")).clicked() {
            actions.write(Action::Leave { quit: false });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::hand_over_covers;
    use vt_ui::PlayMode;

    // Issue 14: in the frame the viewer left, the board showed without its
    // pieces or panels before the hand-over screen came up. The hand-over
    // covers from that frame on; a finished game's board stays (its result
    // is shown over it), and a seated viewer's board is never covered.
    #[test]
    fn the_hand_over_covers_from_the_frame_the_viewer_leaves() {
        assert!(hand_over_covers(PlayMode::Board, true, false));
        assert!(!hand_over_covers(PlayMode::Board, false, false));
        assert!(!hand_over_covers(PlayMode::Board, true, true));
        assert!(hand_over_covers(PlayMode::HandOver, true, false));
        assert!(hand_over_covers(PlayMode::Paused, true, false));
        assert!(!hand_over_covers(PlayMode::Paused, false, false));
    }
}
