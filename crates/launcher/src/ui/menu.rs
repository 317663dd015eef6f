//! The main menu: new game, load a saved game, help, quit; and what went
//! wrong loading the data files, if anything did.

use super::centre_window;
use crate::catalog::Catalog;
use crate::flow::Action;
use crate::saves::{SaveList, SaveStore};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, RichText};
use vt_ui::palette;

#[derive(Default)]
pub struct MenuUi {
    show_load: bool,
    show_help: bool,
    /// The game whose how-to-play Help shows (index into the catalog).
    help_game: usize,
    saves: SaveList,
}

pub fn menu_ui(
    mut contexts: EguiContexts,
    catalog: Option<Res<Catalog>>,
    store: Res<SaveStore>,
    offer: Res<crate::flow::ContinueOffer>,
    mut local: Local<MenuUi>,
    mut actions: MessageWriter<Action>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Quit sits in a corner, away from where the pause menu's "Quit to the
    // menu" was: a double click there must not close the app.
    if !cfg!(target_arch = "wasm32") {
        egui::Area::new(egui::Id::new("vt-menu-quit"))
            .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
            .show(ctx, |ui| {
                if ui.button(RichText::new("Quit").size(15.0)).clicked() {
                    actions.write(Action::Quit);
                }
            });
    }
    let empty = Catalog::default();
    let catalog = catalog.as_deref().unwrap_or(&empty);
    centre_window("Vietnam Tactics").show(ctx, |ui| {
        ui.set_width(460.0);
        ui.label(
            RichText::new(
                "Tactical wargames of the Vietnam war, with the rules kept by the computer.",
            )
            .italics(),
        );
        ui.add_space(8.0);
        if catalog.games.is_empty() {
            ui.colored_label(
                palette::ui::ASSUMED.ui(),
                "No games are registered in this build yet.",
            );
        } else {
            ui.label(RichText::new("Games").strong());
            for g in &catalog.games {
                ui.horizontal(|ui| {
                    ui.label(format!("• {}", g.info.name));
                    ui.weak(format!(
                        "{} scenario{}, {} side{}",
                        g.info.scenarios.len(),
                        if g.info.scenarios.len() == 1 { "" } else { "s" },
                        g.info.sides.len(),
                        if g.info.sides.len() == 1 { "" } else { "s" }
                    ));
                    if g.fallback {
                        ui.colored_label(palette::ui::ASSUMED.ui(), "built-in data");
                    }
                });
            }
        }
        ui.add_space(10.0);
        let big = |t: &str| {
            egui::Button::new(RichText::new(t).size(18.0)).min_size(egui::vec2(440.0, 34.0))
        };
        if let Some(note) = &offer.0 {
            // The game and scenario on a line of their own under the
            // button: in the button's 18-point text they wrapped it to two
            // lines (issue 14).
            let b = ui.add(big("Continue")).on_hover_text(format!(
                "The game left last, as it was ({} commands).",
                note.commands
            ));
            ui.weak(format!("{}, {}", note.game, note.scenario));
            if b.clicked() {
                actions.write(Action::Continue);
            }
        }
        if ui
            .add_enabled(!catalog.games.is_empty(), big("New game"))
            .clicked()
        {
            actions.write(Action::OpenSetup);
        }
        if ui.add(big("Load a saved game")).clicked() {
            local.show_load = !local.show_load;
            local.saves.invalidate();
        }
        if local.show_load {
            saves_list(ui, &store, &mut local.saves, catalog, &mut actions);
        }
        if ui.add(big("How to play")).clicked() {
            local.show_help = !local.show_help;
        }
        if !catalog.notices.is_empty() {
            ui.add_space(8.0);
            egui::Frame::group(ui.style())
                .fill(palette::ui::CAUTION_FILL.ui())
                .show(ui, |ui| {
                    ui.label(
                        RichText::new("Data files refused")
                            .strong()
                            .color(palette::ui::CAUTION_TEXT.ui()),
                    );
                    for n in &catalog.notices {
                        ui.label(RichText::new(n).monospace().size(11.0));
                    }
                });
        }
    });
    if local.show_help {
        help_window(ctx, catalog, &mut local);
    }
    Ok(())
}

/// How to play, in a window of its own as tall as the screen allows: inside
/// the menu it had the room the menu left, three lines at 1280x800.
fn help_window(ctx: &egui::Context, catalog: &Catalog, local: &mut MenuUi) {
    let screen = ctx.content_rect();
    let mut open = true;
    egui::Window::new("How to play")
        .open(&mut open)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            ui.set_width(560.0f32.min(screen.width() - 40.0));
            let names: Vec<(String, String)> = (catalog.games.iter())
                .map(|g| (g.info.id.clone(), g.info.name.clone()))
                .collect();
            let Some((id, name)) = names.get(local.help_game.min(names.len().saturating_sub(1)))
            else {
                vt_ui::overlay::help_ui(ui);
                return;
            };
            egui::ComboBox::from_id_salt("vt-help-game")
                .selected_text(name)
                .width(340.0)
                .show_ui(ui, |ui| {
                    for (i, (_, n)) in names.iter().enumerate() {
                        ui.selectable_value(&mut local.help_game, i, n);
                    }
                });
            ui.separator();
            let text = crate::howto::full_text(id);
            // As tall as the screen allows: an auto-sized window otherwise
            // gives a scroll area only the room of its first frame.
            let tall = (screen.height() - 160.0).clamp(200.0, 760.0);
            egui::ScrollArea::vertical()
                .id_salt("vt-menu-help")
                .max_height(tall)
                .min_scrolled_height(tall)
                .show(ui, |ui| match text.as_deref() {
                    Some(t) => {
                        vt_ui::overlay::how_to_ui(ui, t);
                        ui.separator();
                        egui::CollapsingHeader::new("Mouse and keys")
                            .default_open(false)
                            .show(ui, vt_ui::overlay::help_ui);
                    }
                    None => vt_ui::overlay::help_ui(ui),
                });
        });
    if !open {
        local.show_help = false;
    }
}

/// What a save holds, in the menu's words: the game's short name and the
/// scenario's ("Crossfire: Vietnam, Bunker Line at the Tree Line"),
/// not their ids ("crossfire-vn"). A game this build does not have shows
/// its id, as the save names it.
pub fn save_game_words(catalog: &Catalog, game: &str, scenario: &str) -> String {
    let Some(g) = catalog.find(game) else {
        return game.to_string();
    };
    let name = g.info.name.as_str();
    match g.info.scenarios.iter().find(|x| x.id == scenario) {
        Some(sc) => format!("{name}, {}", sc.name),
        None => name.to_string(),
    }
}

/// The saves in the store, each with Load, Export and Delete; and a save
/// from any file the player picks.
pub fn saves_list(
    ui: &mut egui::Ui,
    store: &SaveStore,
    cache: &mut SaveList,
    catalog: &Catalog,
    actions: &mut MessageWriter<Action>,
) {
    let now = ui.ctx().input(|i| i.time);
    let list = cache.get(store, now).to_vec();
    ui.horizontal(|ui| {
        ui.weak(format!("Saves in {}", store.describe()));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button("Load from a file…")
                .on_hover_text(
                    "Open a save file from anywhere (one exported, or from another computer).",
                )
                .clicked()
            {
                actions.write(Action::Import);
            }
        });
    });
    if list.is_empty() {
        ui.label("No saved games yet.");
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("vt-saves")
        .max_height(220.0)
        .show(ui, |ui| {
            for s in list {
                ui.horizontal(|ui| {
                    if ui.button("Load").clicked() {
                        actions.write(Action::Load(s.name.clone()));
                    }
                    // Export and Delete first, from the right, then the
                    // name and what it holds in the room between, cut
                    // short: a long game and scenario name ran under the
                    // buttons and pushed Delete off the row.
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if ui.small_button("Delete").clicked() {
                            let _ = store.delete(&s.name);
                            cache.invalidate();
                        }
                        if ui
                            .small_button("Export…")
                            .on_hover_text("Write this save to a file you choose.")
                            .clicked()
                        {
                            actions.write(Action::Export(Some(s.name.clone())));
                        }
                        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                            ui.label(&s.name);
                            match &s.game {
                                Some(g) => {
                                    let words = save_game_words(catalog, g, &s.scenario);
                                    ui.add(
                                        egui::Label::new(RichText::new(&words).weak()).truncate(),
                                    )
                                    .on_hover_text(words);
                                }
                                None => {
                                    ui.colored_label(palette::ui::BAD.ui(), "unreadable");
                                }
                            };
                        });
                    });
                });
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::build_catalog;

    // Seen in session 40: the load list named each save's game by its id
    // ("crossfire-vn", "csar"). It names the game and the scenario as the
    // menu does, and falls back to the id for a game this build lacks.
    #[test]
    fn a_save_is_named_by_its_game_and_scenario() {
        let cat = build_catalog(&[crate::pig_entry()], |_| Err("no file".into()));
        let info = &cat.find("pig").expect("pig is built").info;
        let sc = &info.scenarios[0];
        assert_eq!(
            save_game_words(&cat, "pig", &sc.id),
            format!("{}, {}", info.name, sc.name)
        );
        assert_ne!(info.name, "pig");
        // A save without a scenario (or one since removed): the game alone.
        assert_eq!(save_game_words(&cat, "pig", ""), info.name);
        assert_eq!(save_game_words(&cat, "nope", "x"), "nope");
    }
}
