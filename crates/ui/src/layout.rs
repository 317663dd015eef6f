//! Where a plugin's egui panels go beside the board: a column on the left,
//! a row along the bottom, each in the panel frame of the palette. Laying a
//! panel out with [`PanelLayout`] records the room it takes in
//! [`BoardInsets`], so the camera fits the board into what is left.

use crate::board::BoardRect;
use crate::camera::BoardInsets;
use crate::palette;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{self, RichText};
use vt_core::Decision;

/// The frame of every panel a plugin draws.
pub fn panel_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(palette::ui::PANEL.ui())
        .stroke(egui::Stroke::new(1.0, palette::ui::PANEL_EDGE.ui()))
        .inner_margin(8.0)
}

/// A box inside a panel, filled with `fill` (a selection, an aim, a warning).
pub fn note_frame(fill: palette::Rgba) -> egui::Frame {
    egui::Frame::new()
        .fill(fill.ui())
        .inner_margin(6.0)
        .corner_radius(4.0)
}

/// The board rectangle in egui points, and how to go back to window pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PanelLayout {
    /// The board rectangle the launcher's overlay leaves, in egui points.
    pub board: egui::Rect,
    /// Window logical pixels per egui point.
    pub ratio: f32,
}

/// Window logical pixels per egui point (the interface size setting).
pub fn pixels_per_point(ctx: &egui::Context, window: &Query<&Window, With<PrimaryWindow>>) -> f32 {
    let scale = window
        .iter()
        .next()
        .map(|w| w.scale_factor())
        .unwrap_or(1.0);
    ctx.pixels_per_point() / scale
}

impl PanelLayout {
    /// `None` until the overlay has laid the board out (or while a hand-over
    /// hides it).
    pub fn new(
        ctx: &egui::Context,
        rect: &BoardRect,
        window: &Query<&Window, With<PrimaryWindow>>,
    ) -> Option<Self> {
        let b = rect.0?;
        let ratio = pixels_per_point(ctx, window);
        let board = egui::Rect::from_min_max(
            egui::pos2(b.min.x / ratio, b.min.y / ratio),
            egui::pos2(b.max.x / ratio, b.max.y / ratio),
        );
        (board.height() >= 120.0 && board.width() >= 200.0).then_some(PanelLayout { board, ratio })
    }

    /// An egui point in window logical pixels.
    pub fn to_window(&self, p: egui::Pos2) -> Vec2 {
        Vec2::new(p.x * self.ratio, p.y * self.ratio)
    }

    /// The width the column `id` takes now: `width` (the plugin's default)
    /// as the player resized it, or the thin strip it leaves collapsed.
    pub fn column_width(&self, ctx: &egui::Context, id: &str, width: f32) -> f32 {
        let st = ColumnState::load(ctx, id);
        if st.collapsed {
            COLLAPSED_W
        } else {
            st.width
                .unwrap_or(width)
                .clamp(MIN_COLUMN_W, (self.board.width() * 0.6).max(MIN_COLUMN_W))
        }
    }

    /// The column along the board's left edge, `width` points wide by
    /// default, with a vertical scroll; notes its room in `insets`. The
    /// player drags its right edge to resize it and collapses it to a thin
    /// strip with the button at its top (both kept for the session); `None`
    /// while it is collapsed.
    pub fn column<R>(
        &self,
        ctx: &egui::Context,
        id: &str,
        width: f32,
        insets: &mut BoardInsets,
        add: impl FnOnce(&mut egui::Ui) -> R,
    ) -> Option<R> {
        let mut st = ColumnState::load(ctx, id);
        let width = self.column_width(ctx, id, width);
        let r = egui::Rect::from_min_size(self.board.min, egui::vec2(width, self.board.height()));
        set(&mut insets.left, width * self.ratio);
        if st.collapsed {
            area(id, r).show(ctx, |ui| {
                panel_frame().inner_margin(2.0).show(ui, |ui| {
                    ui.set_height((r.height() - 4.0).max(0.0));
                    if ui.button("»").on_hover_text("Show the panel").clicked() {
                        st.collapsed = false;
                    }
                });
            });
            st.store(ctx, id);
            return None;
        }
        let out = area(id, r)
            .show(ctx, |ui| {
                panel_frame()
                    .show(ui, |ui| {
                        let inner = (r.width() - 16.0).max(0.0);
                        ui.set_width(inner);
                        ui.set_max_width(inner);
                        ui.set_height((r.height() - 16.0).max(0.0));
                        ui.horizontal(|ui| {
                            ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                                if ui
                                    .small_button("«")
                                    .on_hover_text("Hide the panel (the board takes the room)")
                                    .clicked()
                                {
                                    st.collapsed = true;
                                }
                            });
                        });
                        egui::ScrollArea::vertical()
                            .id_salt((id, "scroll"))
                            .auto_shrink([false, false])
                            .show(ui, add)
                            .inner
                    })
                    .inner
            })
            .inner;
        // The right edge: drag to resize.
        let edge = egui::Rect::from_min_max(
            egui::pos2(r.max.x - 3.0, r.min.y),
            egui::pos2(r.max.x + 3.0, r.max.y),
        );
        egui::Area::new(egui::Id::new((id, "edge")))
            .fixed_pos(edge.min)
            .order(egui::Order::Middle)
            .show(ctx, |ui| {
                let resp = ui
                    .allocate_response(edge.size(), egui::Sense::drag())
                    .on_hover_cursor(egui::CursorIcon::ResizeHorizontal);
                if resp.dragged() {
                    st.width = Some(
                        (width + resp.drag_delta().x)
                            .clamp(MIN_COLUMN_W, (self.board.width() * 0.6).max(MIN_COLUMN_W)),
                    );
                }
            });
        st.store(ctx, id);
        Some(out)
    }

    /// The row along the board's bottom edge, `height` points high, right of
    /// `left` points (a column), with a horizontal scroll; notes its room.
    pub fn bottom_row<R>(
        &self,
        ctx: &egui::Context,
        id: &str,
        left: f32,
        height: f32,
        insets: &mut BoardInsets,
        add: impl FnOnce(&mut egui::Ui) -> R,
    ) -> R {
        let r = egui::Rect::from_min_max(
            egui::pos2(self.board.min.x + left, self.board.max.y - height),
            self.board.max,
        );
        set(&mut insets.bottom, height * self.ratio);
        // The mouse wheel scrolls the row sideways (a plain wheel has no
        // sideways motion, and the row has nothing to scroll up or down).
        let wheel = if ctx.pointer_hover_pos().is_some_and(|p| r.contains(p)) {
            ctx.input(|i| i.smooth_scroll_delta)
        } else {
            egui::Vec2::ZERO
        };
        area(id, r)
            .show(ctx, |ui| {
                panel_frame()
                    .show(ui, |ui| {
                        ui.set_width((r.width() - 16.0).max(0.0));
                        ui.set_height((r.height() - 16.0).max(0.0));
                        egui::ScrollArea::horizontal()
                            .id_salt((id, "scroll"))
                            .show(ui, |ui| {
                                if wheel.x == 0.0 && wheel.y != 0.0 {
                                    ui.scroll_with_delta_animation(
                                        egui::vec2(wheel.y, 0.0),
                                        egui::style::ScrollAnimation::none(),
                                    );
                                }
                                add(ui)
                            })
                            .inner
                    })
                    .inner
            })
            .inner
    }
}

/// The narrowest a column is dragged to, and its collapsed strip.
const MIN_COLUMN_W: f32 = 200.0;
const COLLAPSED_W: f32 = 26.0;

/// A column's size as the player left it (in egui's memory, for the
/// session).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct ColumnState {
    collapsed: bool,
    width: Option<f32>,
}

impl ColumnState {
    fn key(id: &str) -> egui::Id {
        egui::Id::new((id, "column-state"))
    }

    fn load(ctx: &egui::Context, id: &str) -> Self {
        ctx.data(|d| d.get_temp::<ColumnState>(Self::key(id)))
            .unwrap_or_default()
    }

    fn store(self, ctx: &egui::Context, id: &str) {
        ctx.data_mut(|d| d.insert_temp(Self::key(id), self));
    }
}

fn set(v: &mut f32, to: f32) {
    if (*v - to).abs() > 0.5 {
        *v = to;
    }
}

/// A fixed area at `rect`, drawn above the board and below windows.
pub fn area(id: &str, rect: egui::Rect) -> egui::Area {
    egui::Area::new(egui::Id::new(id))
        .fixed_pos(rect.min)
        .order(egui::Order::Middle)
        .constrain(false)
        .fade_in(false)
}

/// A full-width button of the column.
pub fn wide_button(
    ui: &mut egui::Ui,
    label: impl Into<egui::WidgetText>,
    enabled: bool,
) -> egui::Response {
    ui.add_enabled(
        enabled,
        egui::Button::new(label)
            .wrap()
            .min_size(egui::vec2(ui.available_width(), 24.0)),
    )
}

/// The head of a decision: who decides (in their colour) or who is
/// awaited, what they are asked and under which rule; then why the last
/// click did nothing (`hint`) and the last refusal, naming its rule.
pub fn decision_header(
    ui: &mut egui::Ui,
    d: &Decision,
    who: Option<(&str, palette::Rgba)>,
    to_decide: bool,
    hint: Option<&str>,
    refusal: Option<&str>,
) {
    match (d.side, who) {
        (Some(_), Some((name, color))) => {
            let text = if to_decide {
                format!("{name} to decide")
            } else {
                format!("Waiting for {name}")
            };
            ui.label(RichText::new(text).heading().color(color.scale(1.7).ui()));
        }
        (Some(_), None) => {}
        (None, _) => {
            ui.heading("Game over");
        }
    }
    if d.side.is_some() {
        ui.label(decision_line(d, who.map(|w| w.0), to_decide));
        if !d.rule.is_empty() {
            ui.weak(format!("Rule {}", d.rule));
        }
    }
    if let Some(h) = hint {
        ui.colored_label(palette::ui::WARN.ui(), h);
    }
    if let Some(r) = refusal {
        ui.colored_label(palette::ui::BAD.ui(), format!("Refused: {r}"));
    }
}

/// The line under the decision's header. The prompt speaks to the side
/// deciding ("Your chit was drawn: …"); a side waiting in hot seat or
/// against the computer is told who is choosing instead, never given the
/// other side's "Your …".
pub fn decision_line(d: &Decision, who: Option<&str>, to_decide: bool) -> String {
    if to_decide {
        return d.prompt.clone();
    }
    let who = who.unwrap_or("The other side");
    format!("{who} is choosing. You may look over the board and the log meanwhile.")
}

/// The undo button (U); true when clicked. Disabled, it says why.
pub fn undo_button(ui: &mut egui::Ui, can_undo: bool) -> bool {
    ui.add_enabled(can_undo, egui::Button::new("Undo (U)"))
        .on_disabled_hover_text(
            "Nothing to take back: the last command rolled a die, drew a card or revealed something",
        )
        .clicked()
}

/// What the player did with a [`click_menu`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MenuChoice {
    /// The line clicked.
    pub chosen: Option<usize>,
    /// The line under the pointer (to light up what it would use).
    pub hovered: Option<usize>,
    pub cancelled: bool,
}

impl PanelLayout {
    /// The menu a click on the board opens when the place offers several
    /// commands: `title`, one button per line and Cancel, just above and to
    /// the right of `at` (the click, in window pixels; the board's middle
    /// if `None`), so the tooltip of what was clicked stays readable.
    pub fn click_menu(
        &self,
        ctx: &egui::Context,
        id: &str,
        at: Option<Vec2>,
        title: &str,
        lines: &[String],
    ) -> MenuChoice {
        let pos = at
            .map(|p| egui::pos2(p.x / self.ratio + 14.0, p.y / self.ratio - 10.0))
            .unwrap_or(self.board.center());
        let mut out = MenuChoice::default();
        egui::Area::new(egui::Id::new(id))
            .fixed_pos(pos)
            .pivot(egui::Align2::LEFT_BOTTOM)
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.strong(title);
                    for (i, line) in lines.iter().enumerate() {
                        let b = ui.button(line);
                        if b.hovered() {
                            out.hovered = Some(i);
                        }
                        if b.clicked() {
                            out.chosen = Some(i);
                        }
                    }
                    out.cancelled = ui.button("Cancel").clicked();
                });
            });
        out
    }

    /// Why a click on the board did nothing, said on the board where it
    /// was clicked (`at`, window pixels), above and to the right like
    /// [`PanelLayout::click_menu`]: a line added to the column above its
    /// buttons moved them under the pointer. The note takes no clicks.
    pub fn board_note(&self, ctx: &egui::Context, id: &str, at: Vec2, text: &str) {
        let pos = egui::pos2(at.x / self.ratio + 14.0, at.y / self.ratio - 10.0);
        egui::Area::new(egui::Id::new(id))
            .fixed_pos(pos)
            .pivot(egui::Align2::LEFT_BOTTOM)
            .order(egui::Order::Foreground)
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(320.0);
                    ui.colored_label(palette::ui::WARN.ui(), text);
                });
            });
    }
}

/// Every legal command as a button, folded away: the fallback for what the
/// board does not show. Returns the line clicked and the line under the
/// pointer.
pub fn all_commands(
    ui: &mut egui::Ui,
    id: &str,
    labels: &[String],
    enabled: bool,
) -> (Option<usize>, Option<usize>) {
    let (mut clicked, mut hovered) = (None, None);
    egui::CollapsingHeader::new(format!("Every legal command ({})", labels.len()))
        .id_salt(id)
        .default_open(false)
        .show(ui, |ui| {
            for (i, l) in labels.iter().enumerate() {
                let b = wide_button(ui, l.as_str(), enabled);
                if b.hovered() {
                    hovered = Some(i);
                }
                if b.clicked() {
                    clicked = Some(i);
                }
            }
        });
    (clicked, hovered)
}

/// What a plugin's panel system starts from: the egui context, the game,
/// the synced view, and where the board is.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Panels<'w, 's, R: vt_core::Ruleset>
where
    R::View: Send + Sync,
{
    contexts: bevy_egui::EguiContexts<'w, 's>,
    game: Option<ResMut<'w, crate::ActiveGame>>,
    synced: Res<'w, crate::sync::Synced<R>>,
    rect: Res<'w, BoardRect>,
    insets: ResMut<'w, BoardInsets>,
    window: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
}

/// An open frame of a plugin's panels: `None` from [`Panels::open`] while
/// another game is played, the board is hidden or not laid out yet.
pub struct Open<'a, R: vt_core::Ruleset> {
    pub ctx: egui::Context,
    pub layout: PanelLayout,
    pub game: &'a mut crate::ActiveGame,
    pub synced: &'a crate::sync::Synced<R>,
    pub view: &'a R::View,
    pub rules: &'a R,
    pub insets: &'a mut BoardInsets,
    /// What the board rectangle is, in window pixels.
    pub rect: Option<Rect>,
}

impl<R: vt_core::Ruleset> Panels<'_, '_, R>
where
    R::View: Send + Sync,
{
    pub fn open(&mut self) -> Result<Option<Open<'_, R>>> {
        let ctx = self.contexts.ctx_mut()?.clone();
        let layout = PanelLayout::new(&ctx, &self.rect, &self.window);
        let (Some(game), Some(view), Some(rules), Some(layout)) = (
            self.game.as_deref_mut(),
            self.synced.view.as_ref(),
            self.synced.rules.as_deref(),
            layout,
        ) else {
            return Ok(None);
        };
        Ok(Some(Open {
            ctx,
            layout,
            game,
            synced: &self.synced,
            view,
            rules,
            insets: &mut self.insets,
            rect: self.rect.0,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // A waiting side is told who is choosing, never the decider's "Your …"
    // prompt; the decider reads the prompt.
    #[test]
    fn a_waiting_side_reads_who_is_choosing() {
        let d = Decision {
            side: Some(1),
            kind: "activate".into(),
            prompt: "Your chit was drawn: activate a Leader, a hex or a unit, or pass.".into(),
            rule: "FTE 5.1".into(),
            interrupt: false,
        };
        assert_eq!(decision_line(&d, Some("NVA/VC"), true), d.prompt);
        let waiting = decision_line(&d, Some("NVA/VC"), false);
        assert!(waiting.starts_with("NVA/VC is choosing"), "{waiting}");
        assert!(!waiting.contains("Your"), "{waiting}");
        assert!(decision_line(&d, None, false).starts_with("The other side is choosing"));
    }
}
