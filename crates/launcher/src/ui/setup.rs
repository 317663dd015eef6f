//! The new-game set-up screen.

use crate::catalog::Catalog;
use crate::computer::Level;
use crate::flow::Action;
use crate::form::SetupForm;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, RichText};
use vt_ui::Controller;

/// The form each time the screen opens: the last game's choices, a fresh
/// random seed.
pub fn init_form(
    mut commands: Commands,
    catalog: Option<Res<Catalog>>,
    settings: Res<crate::flow::Settings>,
) {
    let empty = Catalog::default();
    commands.insert_resource(SetupForm::remembered(
        catalog.as_deref().unwrap_or(&empty),
        settings.last_new_game.as_ref(),
    ));
}

pub fn setup_ui(
    mut contexts: EguiContexts,
    catalog: Option<Res<Catalog>>,
    form: Option<ResMut<SetupForm>>,
    mut levels: ResMut<crate::computer::Levels>,
    mut settings: ResMut<crate::flow::Settings>,
    mut actions: MessageWriter<Action>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (Some(catalog), Some(mut form)) = (catalog, form) else {
        return Ok(());
    };
    // The window keeps its place and its size whatever the game: it hangs
    // from a fixed point near the top, and the part that changes with the
    // game (scenarios, options, sides) has one height and scrolls when it
    // needs more. It re-centred on its new height when the game changed, so
    // Start moved under the pointer.
    let screen = ctx.content_rect();
    let body_h = (screen.height() - 280.0).clamp(200.0, 420.0);
    let top = ((screen.height() - body_h - 230.0) / 2.0).max(8.0);
    egui::Window::new("New game")
        .anchor(egui::Align2::CENTER_TOP, [0.0, top])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.set_width(520.0);
            let before = form.game;
            egui::Grid::new("vt-setup")
                .num_columns(2)
                .spacing([12.0, 8.0])
                .show(ui, |ui| {
                    ui.label("Game");
                    egui::ComboBox::from_id_salt("vt-game")
                        .selected_text(
                            catalog
                                .games
                                .get(form.game)
                                .map(|g| g.info.name.clone())
                                .unwrap_or_default(),
                        )
                        .width(300.0)
                        .show_ui(ui, |ui| {
                            for (i, g) in catalog.games.iter().enumerate() {
                                ui.selectable_value(&mut form.game, i, &g.info.name);
                            }
                        });
                    ui.end_row();
                });
            if form.game != before {
                form.reset_game(&catalog);
            }
            let Some(g) = catalog.games.get(form.game) else {
                return;
            };
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt("vt-setup-body")
                .min_scrolled_height(body_h)
                .max_height(body_h)
                .show(ui, |ui| {
                    ui.set_min_height(body_h);
                    ui.set_width(520.0);
                    ui.label(RichText::new("Scenario").strong());
                    // The names first, then the chosen one's description
                    // below them: under its own name it pushed the names
                    // after it down, away from the pointer (issue 14).
                    for (i, s) in g.info.scenarios.iter().enumerate() {
                        ui.radio_value(&mut form.scenario, i, &s.name);
                    }
                    if let Some(s) = g.info.scenarios.get(form.scenario)
                        && !s.description.is_empty()
                    {
                        ui.add_space(4.0);
                        egui::Frame::group(ui.style()).show(ui, |ui| {
                            ui.set_width(ui.available_width());
                            ui.label(RichText::new(&s.name).strong());
                            ui.weak(&s.description);
                        });
                    }
                    if !g.info.options.is_empty() {
                        ui.separator();
                        ui.label(RichText::new("Options").strong());
                        egui::Grid::new("vt-options").num_columns(3).show(ui, |ui| {
                            for o in &g.info.options {
                                ui.label(&o.name);
                                let cur = form
                                    .options
                                    .get(&o.key)
                                    .cloned()
                                    .unwrap_or_else(|| o.default.clone());
                                let mut chosen = cur.clone();
                                egui::ComboBox::from_id_salt(("vt-opt", &o.key))
                                    .selected_text(&cur)
                                    .show_ui(ui, |ui| {
                                        for v in &o.values {
                                            ui.selectable_value(&mut chosen, v.clone(), v);
                                        }
                                    });
                                if chosen != cur {
                                    form.options.insert(o.key.clone(), chosen);
                                }
                                ui.weak(if o.rule.is_empty() {
                                    String::new()
                                } else {
                                    format!("rule {}", o.rule)
                                });
                                ui.end_row();
                            }
                        });
                    }
                    ui.separator();
                    ui.label(RichText::new("Who plays each side").strong());
                    let by_rules = g
                        .info
                        .scenarios
                        .get(form.scenario)
                        .map(|s| g.info.played_by_rules(&s.id))
                        .unwrap_or_default();
                    egui::Grid::new("vt-sides").num_columns(4).show(ui, |ui| {
            let form = &mut *form;
            form.levels.resize(form.controllers.len(), Level::default());
            for (i, side) in g.info.sides.iter().enumerate() {
                ui.label(&side.name);
                if by_rules.contains(&(i as u8)) {
                    ui.label(Controller::Rules.label()).on_hover_text(
                        "This scenario's own rules play this side: it never decides.",
                    );
                    ui.end_row();
                    continue;
                }
                if let Some(c) = form.controllers.get_mut(i) {
                    ui.radio_value(c, Controller::Person, Controller::Person.label());
                    ui.radio_value(c, Controller::Computer, Controller::Computer.label())
                        .on_hover_text(
                            "The computer searches for its move from what its side can see.",
                        );
                    if *c == Controller::Computer {
                        crate::computer::panel::level_picker(ui, i, &mut form.levels[i]);
                    }
                }
                ui.end_row();
            }
        });
                });
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Seed");
                ui.add(egui::TextEdit::singleline(&mut form.seed).desired_width(220.0))
                    .on_hover_text("The same seed and commands give the same game.");
                if ui.button("Random").clicked() {
                    form.new_seed();
                }
                ui.weak("same seed, same game");
            });
            let ready = form.new_game(&catalog);
            if let Err(e) = &ready {
                ui.colored_label(vt_ui::palette::ui::BAD.ui(), e);
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button("Back").clicked() {
                    actions.write(Action::ToMenu);
                }
                if ui
                    .add_enabled(
                        ready.is_ok(),
                        egui::Button::new(RichText::new("Start").strong()),
                    )
                    .clicked()
                    && let Ok(ng) = ready
                {
                    levels.0 = form.levels.clone();
                    let last = form.choices(&catalog);
                    if settings.last_new_game != last {
                        settings.last_new_game = last;
                    }
                    actions.write(Action::Start(ng));
                }
            });
        });
    Ok(())
}
