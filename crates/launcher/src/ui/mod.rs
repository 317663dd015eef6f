//! The screens, drawn with egui. They read the app's resources and write
//! [`Action`]s; [`crate::flow`] does the rest.

use vt_core::sort::StableSort;
pub mod game_over;
pub mod loading;
pub mod menu;
pub mod playing;
pub mod setup;

use crate::catalog::Catalog;
use crate::flow::{Action, Notice, Settings};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::sync::OnceLock;
use tracing::{info, warn};
use vt_ui::board::BoardCamera;
use vt_ui::{PlayMode, Screen, SubmitCommand};

static PROCESS_START: OnceLock<Instant> = OnceLock::new();

/// Call first thing in `main`, for the cold-start measurement.
pub fn mark_process_start() {
    let _ = PROCESS_START.get_or_init(Instant::now);
}

pub fn plugin(app: &mut App) {
    app.init_resource::<DevHooks>()
        .add_systems(Startup, spawn_camera)
        .add_systems(OnEnter(Screen::Playing), reset_camera)
        .add_systems(Update, (dev_autostart, frame_stats))
        .add_systems(
            EguiPrimaryContextPass,
            // The frame round the board first: the games' panels sit in
            // the room it leaves them.
            (
                apply_settings,
                playing::playing_ui.run_if(in_state(Screen::Playing)),
            )
                .chain()
                .in_set(vt_ui::VtSet::Frame),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                loading::loading_ui.run_if(in_state(Screen::Loading)),
                menu::menu_ui.run_if(in_state(Screen::Menu)),
                setup::setup_ui.run_if(in_state(Screen::Setup)),
                game_over::game_over_ui.run_if(in_state(Screen::GameOver)),
                notice_ui,
                question_ui,
                // Past loading, whatever screen: VT_AUTOSTART (and the web
                // test) leaves the menu after its first frame.
                report_startup.run_if(not(in_state(Screen::Loading))),
            )
                .chain()
                .after(vt_ui::VtSet::Frame),
        );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, BoardCamera::default()));
}

fn reset_camera(mut camera: Query<&mut Transform, With<BoardCamera>>) {
    for mut t in camera.iter_mut() {
        t.translation = Vec3::new(0.0, 0.0, t.translation.z);
        t.scale = Vec3::ONE;
    }
}

fn apply_settings(mut contexts: EguiContexts, settings: Res<Settings>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - settings.ui_scale).abs() > 0.001 {
        ctx.set_zoom_factor(settings.ui_scale);
    }
    Ok(())
}

/// A Ui covering the whole window, for panels.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new("vt-root"),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// A window in the middle of the screen, for menus.
pub fn centre_window(title: &str) -> egui::Window<'_> {
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
}

/// Seconds an information notice stays (an error stays until dismissed).
const NOTICE_SECONDS: f32 = 6.0;

/// The notice (saved, refused) at the bottom of the screen, above any menu
/// (it shows the frame it is written, over the pause menu too); an error
/// until dismissed, an information for a few seconds. While a board is
/// shown it sits at the foot of the board's free room, off the panels and
/// the card row (issue 14: "Exported…" covered CSAR's Reserve card).
fn notice_ui(
    mut contexts: EguiContexts,
    mut notice: ResMut<Notice>,
    time: Res<Time<Real>>,
    screen: Option<Res<State<Screen>>>,
    board: Option<Res<vt_ui::board::BoardRect>>,
    insets: Option<Res<vt_ui::camera::BoardInsets>>,
) -> Result {
    let Some(text) = notice.text.clone() else {
        return Ok(());
    };
    notice.shown_for += time.delta_secs();
    if !notice.is_error && notice.shown_for > NOTICE_SECONDS {
        notice.text = None;
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let color = if notice.is_error {
        vt_ui::palette::ui::NOTICE_ERROR.ui()
    } else {
        vt_ui::palette::ui::NOTICE_INFO.ui()
    };
    let playing = screen.is_some_and(|s| *s.get() == Screen::Playing);
    let free = board.filter(|_| playing).and_then(|b| {
        vt_ui::camera::free_board_rect(b.0, &insets.as_deref().copied().unwrap_or_default())
    });
    let area = egui::Area::new(egui::Id::new("vt-notice"))
        // Above the pause menu's modal, which is itself in the foreground.
        .order(egui::Order::Tooltip);
    // The board's room is in logical pixels; egui's points are those over
    // the UI scale.
    let z = ctx.zoom_factor();
    let (area, width) = match free {
        Some(r) => (
            area.pivot(egui::Align2::CENTER_BOTTOM)
                .fixed_pos(egui::pos2(r.center().x / z, (r.max.y - 16.0) / z)),
            (r.width() / z - 32.0).clamp(200.0, 720.0),
        ),
        None => (
            area.anchor(egui::Align2::CENTER_BOTTOM, [0.0, -90.0]),
            720.0,
        ),
    };
    area.show(ctx, |ui| {
        egui::Frame::popup(ui.style()).fill(color).show(ui, |ui| {
            ui.set_max_width(width);
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(text).color(Color32::WHITE));
                if ui.button("OK").clicked() {
                    notice.text = None;
                }
            });
        });
    });
    Ok(())
}

/// The question the player must answer (leave with unsaved progress,
/// overwrite another game's save), over everything else.
fn question_ui(
    mut contexts: EguiContexts,
    asking: Res<crate::flow::Asking>,
    game: Option<Res<vt_ui::ActiveGame>>,
    store: Res<crate::saves::SaveStore>,
    mut actions: MessageWriter<Action>,
) -> Result {
    use crate::flow::{Question, offered_save_name};
    let Some(q) = asking.0.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let modal = egui::Modal::new(egui::Id::new("vt-question")).show(ctx, |ui| {
        ui.set_width(440.0);
        match &q {
            Question::Leave { quit } => {
                ui.heading(if *quit { "Quit the game?" } else { "Leave the game?" });
                let progress = game.as_ref().map_or(0, |g| {
                    g.session.commands().saturating_sub(g.saved_at)
                });
                ui.label(format!(
                    "{progress} command{} since the game was last saved under a name.",
                    if progress == 1 { "" } else { "s" }
                ));
                ui.weak("It is kept as \"Continue\" on the menu until another game is played.");
                ui.add_space(8.0);
                if let Some(g) = game.as_ref() {
                    let name = offered_save_name(&store, g);
                    if ui.button(format!("Save as '{name}' and leave")).clicked() {
                        actions.write(Action::Save(Some(name)));
                        actions.write(Action::Leave { quit: *quit });
                    }
                }
                ui.horizontal(|ui| {
                    if ui.button("Leave without saving").clicked() {
                        actions.write(Action::Leave { quit: *quit });
                    }
                    if ui.button("Stay (Esc)").clicked() {
                        actions.write(Action::Dismiss);
                    }
                });
            }
            Question::Overwrite(name) => {
                ui.heading("Overwrite a save?");
                ui.label(format!(
                    "A save named '{name}' already holds another game. Saving under this name replaces it."
                ));
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button(format!("Overwrite '{name}'")).clicked() {
                        actions.write(Action::SaveOver(name.clone()));
                    }
                    if game.is_some() {
                        let fresh = crate::flow::fresh_name(&store, name);
                        if ui.button(format!("Save as '{fresh}'")).clicked() {
                            actions.write(Action::Save(Some(fresh)));
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        actions.write(Action::Dismiss);
                    }
                });
            }
        }
    });
    if modal.should_close() {
        actions.write(Action::Dismiss);
    }
    Ok(())
}

/// Hooks for measuring, screenshots and the web test, read from the
/// environment natively and from the page's query string in the browser
/// (`index.html?VT_AUTOSTART=csar:40&VT_SEED=5`):
/// `VT_EXIT_AT_MENU=1` (quit once the menu is drawn, printing the time
/// since start), `VT_AUTOSTART=game[@scenario][:commands]` (start that
/// game, in that scenario or its first, e.g. `fte@hot-lz:20`, with seed
/// `VT_SEED` or 7 and play that many random commands for the persons at
/// the screen), `VT_SEATS=person,computer` (who plays each side, in the
/// game's order; a person at the screen by default), `VT_AUTOSAVE=name`
/// (then save it under that name, as the pause menu's Save does),
/// `VT_AUTOEXPORT=1` (and export that save, as the load list's Export
/// does), `VT_AUTOIMPORT=1` (open "Load from a file…" at the menu),
/// `VT_PANELS=tables,sources,help` (open them), `VT_FRAME_STATS=seconds`
/// (print frame times over that many seconds after a 3 s warm-up, then
/// quit).
#[derive(Resource, Default)]
pub struct DevHooks {
    startup_reported: u32,
    autostart_done: bool,
    autoplay_left: usize,
    autosave: Option<String>,
    stats: Vec<f32>,
    stats_clock: f32,
}

#[cfg(not(target_arch = "wasm32"))]
fn env(k: &str) -> Option<String> {
    std::env::var(k).ok().filter(|v| !v.is_empty())
}

#[cfg(target_arch = "wasm32")]
fn env(k: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(k)
        .filter(|v| !v.is_empty())
}

/// Tells the page (index.html's loader) that the menu is drawn.
#[cfg(target_arch = "wasm32")]
fn tell_page_menu_drawn() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(f) = js_sys::Reflect::get(&window, &"vtMenuDrawn".into())
        && f.is_function()
    {
        let _ = js_sys::Function::from(f).call0(&window);
    }
}

fn report_startup(mut hooks: ResMut<DevHooks>, mut exit: MessageWriter<AppExit>) {
    hooks.startup_reported += 1;
    // The second frame past loading (the first is the menu's): the menu
    // has been presented by then.
    if hooks.startup_reported == 2 {
        if let Some(start) = PROCESS_START.get() {
            info!("menu drawn {} ms after start", start.elapsed().as_millis());
        }
        #[cfg(target_arch = "wasm32")]
        tell_page_menu_drawn();
        if env("VT_EXIT_AT_MENU").is_some() {
            exit.write(AppExit::Success);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn dev_autostart(
    mut hooks: ResMut<DevHooks>,
    screen: Res<State<Screen>>,
    mode: Option<Res<State<PlayMode>>>,
    catalog: Option<Res<Catalog>>,
    game: Option<Res<vt_ui::ActiveGame>>,
    mut overlay: ResMut<vt_ui::overlay::OverlayState>,
    mut actions: MessageWriter<Action>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    if !hooks.autostart_done && *screen.get() == Screen::Menu {
        hooks.autostart_done = true;
        if env("VT_AUTOIMPORT").is_some() {
            actions.write(Action::Import);
        }
        let Some(spec) = env("VT_AUTOSTART") else {
            return;
        };
        let (id, scenario, n) = autostart_spec(&spec);
        let Some(g) = catalog.as_ref().and_then(|c| c.find(id)) else {
            warn!("VT_AUTOSTART: no game '{id}' in this build");
            return;
        };
        let scenarios = &g.info.scenarios;
        let Some(sc) = scenario.map_or(scenarios.first(), |want| {
            scenarios.iter().find(|s| s.id == want)
        }) else {
            let ids: Vec<&str> = scenarios.iter().map(|s| s.id.as_str()).collect();
            warn!("VT_AUTOSTART: {id} has no scenario '{scenario:?}'; it has {ids:?}");
            return;
        };
        let mut setup = vt_core::Setup::new(
            &sc.id,
            env("VT_SEED").and_then(|s| s.parse().ok()).unwrap_or(7),
        );
        for o in &g.info.options {
            setup.options.insert(o.key.clone(), o.default.clone());
        }
        hooks.autoplay_left = n;
        hooks.autosave = env("VT_AUTOSAVE");
        for p in env("VT_PANELS").unwrap_or_default().split(',') {
            match p.trim() {
                "tables" => overlay.tables = true,
                "sources" => overlay.sources = true,
                "help" => overlay.help = true,
                _ => {}
            }
        }
        let controllers = env("VT_SEATS")
            .unwrap_or_default()
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(|s| match s.trim() {
                "computer" => vt_ui::Controller::Computer,
                _ => vt_ui::Controller::Person,
            })
            .collect();
        actions.write(Action::Start(crate::flow::NewGame {
            game: id.to_string(),
            setup,
            controllers,
        }));
        return;
    }
    let Some(g) = game else { return };
    let on_board = *screen.get() == Screen::Playing
        && mode.is_some_and(|m| *m.get() == PlayMode::Board)
        && g.person_to_decide();
    if hooks.autoplay_left > 0 && on_board {
        let legal = g.session.legal();
        if let Some(c) = legal.get(hooks.autoplay_left % legal.len().max(1)) {
            submit.write(SubmitCommand(c.clone()));
        }
        hooks.autoplay_left -= 1;
        return;
    }
    let over = *screen.get() == Screen::GameOver;
    if (hooks.autoplay_left == 0 && on_board || over)
        && let Some(name) = hooks.autosave.take()
    {
        actions.write(Action::Save(Some(name.clone())));
        if env("VT_AUTOEXPORT").is_some() {
            actions.write(Action::Export(Some(name)));
        }
    }
}

/// `game[@scenario][:commands]` read as (game, scenario, commands); a
/// missing or unreadable count is none.
fn autostart_spec(spec: &str) -> (&str, Option<&str>, usize) {
    let (what, n) = spec.split_once(':').unwrap_or((spec, "0"));
    let (game, scenario) = match what.split_once('@') {
        Some((g, s)) => (g, Some(s)),
        None => (what, None),
    };
    (game, scenario, n.parse().unwrap_or(0))
}

fn frame_stats(
    mut hooks: ResMut<DevHooks>,
    time: Res<Time<Real>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(secs) = env("VT_FRAME_STATS").and_then(|s| s.parse::<f32>().ok()) else {
        return;
    };
    hooks.stats_clock += time.delta_secs();
    if hooks.stats_clock < 3.0 {
        return;
    }
    hooks.stats.push(time.delta_secs() * 1000.0);
    if hooks.stats_clock >= 3.0 + secs {
        let mut v = hooks.stats.clone();
        v.stable_sort_by(|a, b| a.total_cmp(b));
        let mean = v.iter().sum::<f32>() / v.len().max(1) as f32;
        let p95 = v.get(v.len() * 95 / 100).copied().unwrap_or(0.0);
        let max = v.last().copied().unwrap_or(0.0);
        info!(
            "frame time over {} frames: mean {mean:.2} ms, median {:.2} ms, p95 {p95:.2} ms, max {max:.2} ms",
            v.len(),
            v.get(v.len() / 2).copied().unwrap_or(0.0)
        );
        exit.write(AppExit::Success);
    }
}

#[cfg(test)]
mod tests {
    use super::autostart_spec;

    // VT_AUTOSTART names a game, optionally a scenario, optionally how
    // many random commands to play.
    #[test]
    fn autostart_names_a_game_a_scenario_and_a_count() {
        assert_eq!(autostart_spec("fte"), ("fte", None, 0));
        assert_eq!(autostart_spec("fte:40"), ("fte", None, 40));
        assert_eq!(autostart_spec("fte@hot-lz"), ("fte", Some("hot-lz"), 0));
        assert_eq!(autostart_spec("fte@hot-lz:12"), ("fte", Some("hot-lz"), 12));
        assert_eq!(autostart_spec("csar:x"), ("csar", None, 0));
    }
}
