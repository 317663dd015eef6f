//! The shared overlay every game gets: the log with expandable
//! adjudications, the dice tray, the tables viewer, the turn track, the
//! "Sources and assumptions" view and the help panel with the keys.
//!
//! Each widget is a plain egui function, usable by a game's plugin in its own
//! windows; [`overlay_ui`] lays them all out around the board and returns the
//! rectangle left for the board.

pub mod cards;
pub mod dice;
pub mod log;
pub mod sources;
pub mod tables;
pub mod track;

use crate::game::ActiveGame;
use crate::generic::{GenericAction, commands_ui, view_tree_ui};
use bevy::prelude::Resource;
use bevy_egui::egui::{self, RichText};
use track::TurnTrack;

/// Which panels are open.
#[derive(Resource, Clone, Debug)]
pub struct OverlayState {
    /// The whole overlay (O hides it to look at the board).
    pub shown: bool,
    pub log: bool,
    pub dice: bool,
    pub tables: bool,
    pub track: bool,
    pub sources: bool,
    pub help: bool,
    /// The table the viewer shows.
    pub table: Option<String>,
    pub source_filter: String,
    /// Decision kinds in the order first seen, for the inferred turn track.
    pub seen_phases: Vec<String>,
    /// The log's length when last drawn (to open the newest roll).
    pub log_seen: usize,
    /// Rolls the tray has shown, and when the newest began to tumble (egui
    /// seconds).
    pub rolls_seen: usize,
    pub roll_started: Option<f64>,
    /// The cell a board lights before any roll (the column of the attack
    /// being aimed); the tables viewer shows it instead of the last roll's.
    pub preview_cell: Option<vt_core::dice::TableCell>,
    /// The game's how-to-play ([`how_to_ui`] markup), shown first in Help.
    pub how_to: Option<String>,
    /// Where the top bar's title and buttons end, in egui points from the
    /// window's left (0 before the bar is drawn): what sits at the bar's
    /// right end (the computer's "thinking") keeps right of it.
    pub top_bar_end: f32,
}

impl Default for OverlayState {
    fn default() -> Self {
        OverlayState {
            shown: true,
            log: true,
            dice: true,
            tables: false,
            track: true,
            sources: false,
            help: false,
            table: None,
            source_filter: String::new(),
            seen_phases: Vec::new(),
            log_seen: 0,
            rolls_seen: 0,
            roll_started: None,
            preview_cell: None,
            how_to: None,
            top_bar_end: 0.0,
        }
    }
}

/// The overlay's panels, for toggling by key or button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    All,
    Log,
    Dice,
    Tables,
    Track,
    Sources,
    Help,
}

impl OverlayState {
    pub fn toggle(&mut self, p: Panel) {
        let f = match p {
            Panel::All => &mut self.shown,
            Panel::Log => &mut self.log,
            Panel::Dice => &mut self.dice,
            Panel::Tables => &mut self.tables,
            Panel::Track => &mut self.track,
            Panel::Sources => &mut self.sources,
            Panel::Help => &mut self.help,
        };
        *f = !*f;
        if p != Panel::All && !self.shown {
            self.shown = true;
        }
    }

    /// How long the newest roll has tumbled, while it still does: a roll
    /// the reader may see arrived since the last look.
    pub fn rolling(
        &mut self,
        game: &ActiveGame,
        now: f64,
        speed: crate::anim::AnimSpeed,
    ) -> Option<f64> {
        let reader = game.reader();
        let rolls: usize = game.log.iter().map(|e| e.read_by(reader).1.len()).sum();
        if rolls > self.rolls_seen && self.rolls_seen > 0 {
            self.roll_started = Some(now);
        }
        if rolls < self.rolls_seen || self.rolls_seen == 0 {
            // Undone, or a game just opened: nothing tumbles.
            self.roll_started = None;
        }
        self.rolls_seen = rolls.max(1);
        let t = now - self.roll_started?;
        if t >= speed.seconds(crate::anim::DICE_ROLL) as f64 {
            self.roll_started = None;
            return None;
        }
        Some(t)
    }

    /// Notes a decision kind for the inferred turn track.
    pub fn see_phase(&mut self, kind: &str) {
        if kind != "game-over" && !self.seen_phases.iter().any(|k| k == kind) {
            self.seen_phases.push(kind.to_string());
        }
    }
}

/// The keys, as the help panel lists them: (keys, action).
pub const KEYS: &[(&str, &str)] = &[
    (
        "Esc",
        "Pause menu: resume, save, load, settings, quit to menu",
    ),
    (
        "1 - 9",
        "Choose that command from the list of legal commands",
    ),
    (
        "E",
        "End phase: the legal command that ends, passes or holds",
    ),
    (
        "U, Ctrl+Z",
        "Undo the last command (only while nothing random or hidden came out)",
    ),
    (
        "Tab, Shift+Tab",
        "Go through the units (or things) you can use now; on a card board, Enter clicks the one Tab points at",
    ),
    (
        "Space, a click",
        "Skip the animations of what just happened",
    ),
    (
        "Enter",
        "Hot seat: hand over after seeing your result; then, at the hand-over screen, show the board to the next player",
    ),
    ("L", "Show or hide the log"),
    ("D", "Show or hide the dice tray"),
    ("T", "Show or hide the tables"),
    ("K", "Show or hide the turn track"),
    ("S", "Show or hide Sources and assumptions"),
    ("H, F1", "Show or hide this help"),
    ("O", "Hide or show the whole overlay"),
    ("Arrows", "Pan the board"),
    ("+ / -, wheel", "Zoom the board"),
    ("Home", "Fit the board in the window"),
    (
        "Mouse drag",
        "Pan the board (right or middle button, or left on empty ground)",
    ),
];

/// A how-to-play text: `## ` starts a heading, `- ` a bullet, anything
/// else is a paragraph.
pub fn how_to_ui(ui: &mut egui::Ui, text: &str) {
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(h) = line.strip_prefix("## ") {
            ui.add_space(4.0);
            ui.label(RichText::new(h).strong().size(15.0));
        } else if let Some(b) = line.strip_prefix("- ") {
            ui.horizontal_top(|ui| {
                ui.label("•");
                ui.add(egui::Label::new(b).wrap());
            });
        } else {
            ui.add(egui::Label::new(line).wrap());
        }
    }
}

/// The in-game Help: the game's how-to-play, then the keys.
pub fn game_help_ui(ui: &mut egui::Ui, how_to: Option<&str>) {
    egui::ScrollArea::vertical()
        .id_salt("vt-help-scroll")
        .max_height(520.0)
        .show(ui, |ui| {
            if let Some(t) = how_to {
                how_to_ui(ui, t);
                ui.separator();
                egui::CollapsingHeader::new("Mouse and keys")
                    .default_open(false)
                    .show(ui, help_ui);
            } else {
                help_ui(ui);
            }
        });
}

pub fn help_ui(ui: &mut egui::Ui) {
    ui.label("Everything can be done with the mouse; these keys are shortcuts.");
    egui::Grid::new("vt-help").striped(true).show(ui, |ui| {
        for (k, a) in KEYS {
            ui.label(RichText::new(*k).monospace().strong());
            ui.label(*a);
            ui.end_row();
        }
    });
}

/// What the player did in the overlay this frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OverlayOutput {
    /// The space left for the board, in egui points.
    pub board_rect: Option<egui::Rect>,
    pub action: Option<GenericAction>,
    pub pause: bool,
    /// "Fit board" was clicked: the whole board in the room the panels
    /// leave (as Home).
    pub fit_board: bool,
}

/// Lays out the overlay around the board. `has_board` is false for a game
/// with no plugin: the centre then shows the viewing side's view as a tree.
pub fn overlay_ui(
    root: &mut egui::Ui,
    game: &ActiveGame,
    state: &mut OverlayState,
    track: &TurnTrack,
    has_board: bool,
    show_commands: bool,
    speed: crate::anim::AnimSpeed,
) -> OverlayOutput {
    let mut out = OverlayOutput::default();
    egui::Panel::top("vt-top").show(root, |ui| {
        let bar = ui.horizontal(|ui| {
            if ui
                .button("☰ Menu")
                .on_hover_text("Pause menu (Esc)")
                .clicked()
            {
                out.pause = true;
            }
            ui.label(RichText::new(&game.info.name).strong());
            let scenario = game.session.setup().scenario.clone();
            let sname = game
                .info
                .scenarios
                .iter()
                .find(|s| s.id == scenario)
                .map(|s| s.name.clone())
                .unwrap_or(scenario);
            ui.label(sname);
            // With the seed and `vt` every roll and draw to come could be
            // worked out in advance: it shows once the game is over (and on
            // the game-over screen), never during play.
            if game.session.outcome().is_finished() {
                ui.weak(format!("seed {}", game.session.setup().seed));
            }
            ui.separator();
            for (label, panel, on) in [
                ("Log", Panel::Log, state.log),
                ("Dice", Panel::Dice, state.dice),
                ("Tables", Panel::Tables, state.tables),
                ("Track", Panel::Track, state.track),
                ("Sources", Panel::Sources, state.sources),
                ("Help", Panel::Help, state.help),
            ] {
                if ui.selectable_label(on, label).clicked() {
                    state.toggle(panel);
                }
            }
            if ui
                .selectable_label(!state.shown, "Hide overlay")
                .on_hover_text("O")
                .clicked()
            {
                state.toggle(Panel::All);
            }
            // Home, for the mouse: the whole board in the room between
            // the panels, none of it under them.
            if has_board
                && ui
                    .button("Fit board")
                    .on_hover_text("The whole board between the panels (Home)")
                    .clicked()
            {
                out.fit_board = true;
            }
        });
        state.top_bar_end = bar.response.rect.max.x;
        if state.shown && state.track {
            track::turn_track_ui(ui, track);
        }
    });
    if state.shown {
        if show_commands {
            egui::Panel::left("vt-commands")
                .resizable(true)
                .default_size(280.0)
                .show(root, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("vt-commands-scroll")
                        .show(ui, |ui| {
                            if let Some(a) = commands_ui(ui, game) {
                                out.action = Some(a);
                            }
                        });
                });
        }
        if state.log {
            egui::Panel::right("vt-log")
                .resizable(true)
                .default_size(340.0)
                .max_size(400.0)
                .show(root, |ui| {
                    ui.heading("Log");
                    log::log_ui(ui, &game.log, game.reader(), &mut state.log_seen);
                });
        }
        if state.dice {
            // One height whatever the rolls say: a tray that grew from a
            // line to two-line cards moved the board and the column under
            // the pointer (issue 14). Before the first roll, one line: the
            // empty tray took 146 points of a 800-high window in Grunt.
            let recent = game.recent_adjudications(8);
            egui::Panel::bottom("vt-dice")
                .resizable(false)
                .exact_size(dice::tray_height(!recent.is_empty()))
                .show(root, |ui| {
                    let rolling = state.rolling(game, ui.ctx().input(|i| i.time), speed);
                    if dice::dice_tray_ui(ui, &recent, rolling, log::reading_side(game.reader())) {
                        state.roll_started = None;
                    }
                });
        }
        let last_cell = state.preview_cell.clone().or_else(|| {
            game.recent_adjudications(64)
                .into_iter()
                .find_map(|a| a.table.clone())
        });
        let ctx = root.ctx().clone();
        let mut open = state.tables;
        egui::Window::new("Tables")
            .open(&mut open)
            .default_pos([320.0, 90.0])
            .default_width(480.0)
            .show(&ctx, |ui| {
                tables::tables_ui(ui, &game.tables, &mut state.table, last_cell.as_ref());
            });
        state.tables = open;
        let mut open = state.sources;
        egui::Window::new("Sources and assumptions")
            .open(&mut open)
            .default_pos([300.0, 120.0])
            .default_width(640.0)
            .default_height(360.0)
            .show(&ctx, |ui| {
                sources::sources_ui(ui, &game.source_notes, &mut state.source_filter);
            });
        state.sources = open;
        let mut open = state.help;
        let how_to = state.how_to.clone();
        egui::Window::new(if how_to.is_some() {
            "How to play"
        } else {
            "Help: mouse and keys"
        })
        .open(&mut open)
        .default_pos([340.0, 70.0])
        .default_width(440.0)
        .show(&ctx, |ui| game_help_ui(ui, how_to.as_deref()));
        state.help = open;
    }
    if has_board {
        out.board_rect = Some(root.available_rect_before_wrap());
    } else {
        egui::CentralPanel::default().show(root, |ui| {
            let rect = ui.max_rect();
            match (game.viewer, game.view()) {
                (Some(side), Some(view)) => {
                    ui.heading(format!("What {} sees", game.side_name(side)));
                    egui::ScrollArea::vertical()
                        .id_salt("vt-view")
                        .show(ui, |ui| view_tree_ui(ui, &view));
                }
                _ => {
                    ui.weak("The board is hidden.");
                }
            }
            out.board_rect = Some(rect);
        });
    }
    out
}
