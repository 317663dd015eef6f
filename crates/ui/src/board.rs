//! The board's camera and pointer: pan and zoom with mouse drag, wheel and
//! keys; clicks on the board (not on a panel) as [`BoardClick`] messages;
//! tooltips for anything on the board with a [`Tooltip`].

use crate::camera::{BoardInsets, free_board_rect};
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

/// Put on the 2D camera that looks at the board.
#[derive(Component, Clone, Debug)]
pub struct BoardCamera {
    pub min_scale: f32,
    pub max_scale: f32,
}

impl Default for BoardCamera {
    fn default() -> Self {
        BoardCamera {
            min_scale: 0.1,
            max_scale: 8.0,
        }
    }
}

/// The part of the window left to the board by the overlay, in logical
/// pixels from the top left; `None` means the whole window.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct BoardRect(pub Option<Rect>);

/// The board's extent in world units, for fitting the camera
/// ([`crate::camera`]). A plugin sets it when it draws its board.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct BoardBounds(pub Option<Rect>);

/// Where the pointer is on the board this frame.
#[derive(Resource, Default, Clone, Debug)]
pub struct BoardPointer {
    /// The pointer in world coordinates, if it is over the board.
    pub world: Option<Vec2>,
    /// The pointer in window coordinates (logical pixels).
    pub window: Option<Vec2>,
    /// How far the pointer moved in the window since the last frame
    /// (logical pixels, y down): what a drag pans by.
    pub moved: Vec2,
    /// The entity under the pointer with a [`Tooltip`], nearest first.
    pub hovered: Option<Entity>,
    pub clicks: ClickTracker,
}

/// Tells a click from a drag: a press on the board, then a release within
/// [`CLICK_SLOP`] pixels of it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ClickTracker {
    press: Option<Vec2>,
    dragged: bool,
    /// A press made in the frame the pointer jumped onto the board, while
    /// egui's word on the pointer was still from where it had been: it is
    /// decided a frame later ([`ClickTracker::settle`]).
    deferred: Option<Deferred>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Deferred {
    at: Vec2,
    counts: bool,
    released: bool,
}

impl ClickTracker {
    pub fn press(&mut self, at: Vec2, on_board: bool) {
        self.press = on_board.then_some(at);
        self.dragged = false;
    }

    /// A press to decide next frame, when egui has seen the pointer where
    /// it is (`counts`: the click guard let it through).
    pub fn defer(&mut self, at: Vec2, counts: bool) {
        self.press = None;
        self.dragged = false;
        self.deferred = Some(Deferred {
            at,
            counts,
            released: false,
        });
    }

    /// Decides a deferred press now that egui has seen the pointer:
    /// `on_board` is today's word. True if it was a whole click (its
    /// release came too).
    pub fn settle(&mut self, on_board: bool, at: Vec2) -> bool {
        let Some(d) = self.deferred.take() else {
            return false;
        };
        if !on_board || d.at.distance(at) > CLICK_SLOP {
            return false;
        }
        self.press(d.at, d.counts);
        d.released && self.release()
    }

    pub fn moved(&mut self, to: Vec2) {
        if self.press.is_some_and(|p| p.distance(to) > CLICK_SLOP) {
            self.dragged = true;
        }
    }

    /// True if this release ends a click.
    pub fn release(&mut self) -> bool {
        if let Some(d) = self.deferred.as_mut() {
            d.released = true;
            return false;
        }
        let click = self.press.is_some() && !self.dragged;
        self.press = None;
        self.dragged = false;
        click
    }

    /// A left-button drag that started on the board is under way.
    pub fn dragging(&self) -> bool {
        self.press.is_some() && self.dragged
    }

    pub fn pressed(&self) -> bool {
        self.press.is_some()
    }

    /// Forget the press under way: its release is no click.
    pub fn cancel(&mut self) {
        self.press = None;
        self.dragged = false;
        self.deferred = None;
    }
}

/// A left click on the board that was not a drag and not on a panel.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct BoardClick {
    pub world: Vec2,
}

/// What a thing on the board is and its current state, shown on hover.
#[derive(Component, Clone, Debug, Default)]
pub struct Tooltip {
    pub title: String,
    pub lines: Vec<String>,
    /// How far from its centre the pointer still counts as over it (world units).
    pub radius: f32,
}

impl Tooltip {
    pub fn new(title: impl Into<String>, radius: f32) -> Self {
        Tooltip {
            title: title.into(),
            lines: Vec::new(),
            radius,
        }
    }

    pub fn line(mut self, l: impl Into<String>) -> Self {
        self.lines.push(l.into());
        self
    }
}

/// Cycle through units (Tab); a board plugin moves its selection on it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CycleUnits {
    pub backwards: bool,
}

impl CycleUnits {
    /// Where Tab goes among `len` things from the one at `current` (the
    /// first, or the last going back, when none is).
    pub fn next_index(self, len: usize, current: Option<usize>) -> Option<usize> {
        if len == 0 {
            return None;
        }
        Some(match (current.filter(|i| *i < len), self.backwards) {
            (None, false) => 0,
            (None, true) => len - 1,
            (Some(i), false) => (i + 1) % len,
            (Some(i), true) => (i + len - 1) % len,
        })
    }
}

/// Pixels the pointer may move between press and release and still click.
pub const CLICK_SLOP: f32 = 5.0;

/// True if the window point is on the free part of the board rectangle
/// (not under the launcher's overlay nor the game's own panels,
/// [`BoardInsets`]) and egui is not taking the pointer (a window, a popup, a
/// drag on a widget). The panels are checked by their place, not only by
/// egui's word: egui says whether the pointer is over a panel as of the last
/// frame, so a pointer that has just jumped onto a panel and clicks there
/// (slow frames, a quick hand) would otherwise click the hex under the
/// panel too, and the panel's buttons shift under the pointer.
///
/// `covered` says that one of egui's windows or popups lies over the board
/// at that point ([`egui_window_at`]): the same holds for them as for the
/// panels (issue 14: a click on the activation menu or the stack window's
/// close box, over the board, also clicked the hex under it).
pub fn pointer_on_board(
    window_pos: Vec2,
    rect: &BoardRect,
    insets: &BoardInsets,
    covered: bool,
    egui: Option<&EguiWantsInput>,
) -> bool {
    let inside = !covered
        && match rect.0 {
            None => true,
            Some(_) => free_board_rect(rect.0, insets).is_some_and(|r| r.contains(window_pos)),
        };
    let egui_busy = egui.is_some_and(|e| e.wants_any_pointer_input());
    inside && !egui_busy
}

/// Whether one of egui's windows or popups (an area a player can click:
/// not a plain tooltip, not a panel) covers the window point `window_pos`
/// (logical pixels), by where egui drew its areas last frame. Unlike egui's
/// "is the pointer over an area", this does not depend on where the
/// pointer was last frame, which is wrong when it jumps onto a popup and
/// presses in one slow frame.
pub fn egui_window_at(ctx: &bevy_egui::egui::Context, window_pos: Vec2) -> bool {
    let z = ctx.zoom_factor();
    ctx.layer_id_at(bevy_egui::egui::pos2(window_pos.x / z, window_pos.y / z))
        .is_some_and(|l| l.order != bevy_egui::egui::Order::Background)
}

/// Zooms around a fixed world point: returns the camera's new position.
pub fn zoom_about(cam: Vec2, fixed: Vec2, old_scale: f32, new_scale: f32) -> Vec2 {
    fixed - (fixed - cam) * (new_scale / old_scale)
}

#[allow(clippy::too_many_arguments)]
pub fn update_pointer(
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    rect: Res<BoardRect>,
    insets: Res<BoardInsets>,
    egui: Option<Res<EguiWantsInput>>,
    mut egui_ctx: Query<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>,
    mouse: Res<ButtonInput<MouseButton>>,
    tips: Query<(Entity, &GlobalTransform, &Tooltip, &InheritedVisibility)>,
    mut pointer: ResMut<BoardPointer>,
    mut clicks: MessageWriter<BoardClick>,
    time: Res<Time<Real>>,
    mut guard: ResMut<crate::guard::ClickGuard>,
) {
    let now = time.elapsed_secs_f64();
    let cursor = window.iter().next().and_then(|w| w.cursor_position());
    pointer.moved = match (pointer.window, cursor) {
        (Some(was), Some(now)) => now - was,
        _ => Vec2::ZERO,
    };
    pointer.window = cursor;
    let Some(cursor) = cursor else {
        pointer.world = None;
        pointer.hovered = None;
        return;
    };
    // The guard counts a press only once the player has stirred since the
    // new screen came up (crate::guard).
    guard.board_pointer(cursor);
    if mouse.get_just_released().next().is_some() {
        guard.board_release();
    }
    let covered = egui_ctx
        .single_mut()
        .is_ok_and(|mut c| egui_window_at(c.get_mut(), cursor));
    let inside = pointer_on_board(cursor, &rect, &insets, covered, None);
    let on_board = pointer_on_board(cursor, &rect, &insets, covered, egui.as_deref());
    let world = camera
        .iter()
        .next()
        .and_then(|(c, t)| c.viewport_to_world_2d(t, cursor).ok());
    pointer.world = if on_board { world } else { None };
    pointer.hovered = pointer.world.and_then(|w| {
        tips.iter()
            .filter(|(_, _, _, v)| v.get())
            .map(|(e, t, tip, _)| {
                (
                    e,
                    t.translation().truncate().distance(w),
                    tip.radius,
                    t.translation().z,
                )
            })
            .filter(|(_, d, r, _)| d <= r)
            .min_by(|a, b| b.3.total_cmp(&a.3).then(a.1.total_cmp(&b.1)))
            .map(|(e, ..)| e)
    });
    // A press held back last frame, decided on egui's fresh word.
    if pointer.clicks.settle(on_board, cursor)
        && guard.board_release_counts(now)
        && let Some(w) = pointer.world
    {
        clicks.write(BoardClick { world: w });
    }
    if mouse.just_pressed(MouseButton::Left) {
        // Not while the decision has just changed (crate::guard).
        let counts = guard.board_press_counts(now);
        // egui says whether the pointer is over one of its panels as of
        // the last frame. In a slow frame (a loaded machine, a quick hand)
        // the pointer can come from a panel onto the board and press in
        // one go: egui still speaks of the panel, and the first click on
        // the board after a click on a panel was lost. Such a press waits
        // a frame for egui to see the pointer where it is.
        let jumped = pointer.moved.length() > CLICK_SLOP;
        if inside && !on_board && jumped {
            pointer.clicks.defer(cursor, counts);
        } else {
            pointer.clicks.press(cursor, on_board && counts);
        }
    }
    pointer.clicks.moved(cursor);
    if mouse.just_released(MouseButton::Left)
        && pointer.clicks.release()
        && guard.board_release_counts(now)
        && let Some(w) = pointer.world
    {
        clicks.write(BoardClick { world: w });
    }
}

#[allow(clippy::too_many_arguments)]
pub fn pan_zoom(
    mut camera: Query<(&mut Transform, &BoardCamera)>,
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    scroll: Res<AccumulatedMouseScroll>,
    pointer: Res<BoardPointer>,
    egui: Option<Res<EguiWantsInput>>,
    mut fit: ResMut<crate::camera::CameraFit>,
    time: Res<Time>,
) {
    let Ok((mut t, cfg)) = camera.single_mut() else {
        return;
    };
    let scale = t.scale.x;
    // Drag: right or middle button anywhere on the board; left once it has
    // moved far enough not to be a click. The board follows the pointer's
    // own movement in the window, not the mouse's raw motion: raw motion is
    // in the device's units (pointer acceleration, high-resolution mice),
    // so the ground slid away under the cursor, and a pointer moved by
    // other means (a tablet, X11's XTest under Xvfb) sent none at all and
    // a drag did nothing.
    let dragging = (pointer.world.is_some() || pointer.clicks.pressed())
        && (mouse.pressed(MouseButton::Right)
            || mouse.pressed(MouseButton::Middle)
            || (mouse.pressed(MouseButton::Left) && pointer.clicks.dragging()));
    if dragging && pointer.moved != Vec2::ZERO {
        t.translation.x -= pointer.moved.x * scale;
        t.translation.y += pointer.moved.y * scale;
    }
    let keyboard_free = !egui
        .as_deref()
        .is_some_and(|e| e.wants_any_keyboard_input());
    if keyboard_free {
        let mut dir = Vec2::ZERO;
        if keys.pressed(KeyCode::ArrowLeft) {
            dir.x -= 1.0;
        }
        if keys.pressed(KeyCode::ArrowRight) {
            dir.x += 1.0;
        }
        if keys.pressed(KeyCode::ArrowUp) {
            dir.y += 1.0;
        }
        if keys.pressed(KeyCode::ArrowDown) {
            dir.y -= 1.0;
        }
        let step = 600.0 * scale * time.delta_secs();
        t.translation += (dir * step).extend(0.0);
    }
    let mut factor = 1.0;
    if pointer.world.is_some() && scroll.delta.y != 0.0 {
        let lines = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y,
            MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
        };
        factor *= 0.9f32.powf(lines);
    }
    if keyboard_free {
        if keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd) {
            factor *= 0.8;
        }
        if keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract) {
            factor *= 1.25;
        }
    }
    if factor != 1.0 {
        let new_scale = (scale * factor).clamp(cfg.min_scale, cfg.max_scale);
        let fixed = pointer.world.unwrap_or(t.translation.truncate());
        let p = zoom_about(t.translation.truncate(), fixed, scale, new_scale);
        t.translation.x = p.x;
        t.translation.y = p.y;
        t.scale = Vec3::new(new_scale, new_scale, 1.0);
    }
    if keyboard_free && keys.just_pressed(KeyCode::Home) {
        // The whole board, in the room the panels leave.
        fit.pending = Some(crate::camera::FitKind::Whole);
    }
}

/// While the board is played, the keys are the board's (Tab, the arrows,
/// +/-, Home, E, U...) unless a text field has focus. egui gives its first
/// button the keyboard focus at the first Tab, and from then on says it
/// wants the keyboard: Home, the arrows and +/- did nothing, and Tab
/// walked egui's buttons instead of the units. So a focus egui holds on
/// anything but a text field is let go at the end of each pass (run after
/// the panels, in `PlayMode::Board`).
pub fn keys_stay_with_the_board(mut contexts: bevy_egui::EguiContexts) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    if ctx.text_edit_focused() {
        return;
    }
    if let Some(id) = ctx.memory(|m| m.focused()) {
        ctx.memory_mut(|m| m.surrender_focus(id));
    }
}

/// Shows the tooltip of the hovered board entity in the board's info box
/// ([`info_box_ui`]).
pub fn tooltip_ui(
    mut contexts: bevy_egui::EguiContexts,
    pointer: Res<BoardPointer>,
    rect: Res<BoardRect>,
    insets: Res<BoardInsets>,
    tips: Query<&Tooltip>,
) -> Result {
    let Some(tip) = pointer.hovered.and_then(|e| tips.get(e).ok()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let free = free_board_rect(rect.0, &insets);
    info_box_ui(ctx, "vt-board-tooltip", free, pointer.window, |ui| {
        tooltip_body(ui, &tip.title, &tip.lines)
    });
    Ok(())
}

/// Room kept between the info box and the free board's edge (logical px).
pub const INFO_BOX_MARGIN: f32 = 8.0;

/// How far round the pointer the info box keeps clear (logical px): about
/// a hex at the opening zoom, so the neighbours of the thing read stay seen.
pub const INFO_BOX_CLEAR: f32 = 70.0;

/// Where the board's info box goes (logical window pixels): a top corner of
/// the free board `free`, on the side away from the pointer, so that it
/// never lies over the thing pointed at nor its neighbours (issue 14: the
/// tooltip at the pointer covered the counters next to the one read). When
/// that corner is too near the pointer (a narrow board, a wide box), the
/// bottom corner of that side, then the corners of the pointer's side; if
/// none is clear, the one farthest from the pointer.
pub fn info_box_rect(free: Rect, pointer: Option<Vec2>, size: Vec2) -> Rect {
    let p = pointer.unwrap_or(free.min);
    let left = free.min.x + INFO_BOX_MARGIN;
    let right = free.max.x - INFO_BOX_MARGIN - size.x;
    let top = free.min.y + INFO_BOX_MARGIN;
    let bottom = free.max.y - INFO_BOX_MARGIN - size.y;
    let (far, near) = if p.x < free.center().x {
        (right, left)
    } else {
        (left, right)
    };
    let corners = [(far, top), (far, bottom), (near, top), (near, bottom)]
        .map(|(x, y)| Rect::from_corners(Vec2::new(x, y), Vec2::new(x + size.x, y + size.y)));
    let clear = Rect::from_center_size(p, Vec2::splat(2.0 * INFO_BOX_CLEAR));
    corners
        .iter()
        .find(|r| r.intersect(clear).is_empty())
        .copied()
        .unwrap_or_else(|| {
            let d = |r: &Rect| r.center().distance_squared(p);
            corners
                .into_iter()
                .max_by(|a, b| d(a).total_cmp(&d(b)))
                .expect("four corners")
        })
}

/// A box of facts about what the pointer is over (a counter, a hex), at a
/// fixed corner of the free board ([`info_box_rect`]) rather than at the
/// pointer. It takes no clicks, so the board under it still answers the
/// pointer. `free` is the free board in logical pixels (`None`: the window).
pub fn info_box_ui(
    ctx: &bevy_egui::egui::Context,
    id: &str,
    free: Option<Rect>,
    pointer: Option<Vec2>,
    body: impl FnOnce(&mut bevy_egui::egui::Ui),
) {
    use bevy_egui::egui;
    let id = egui::Id::new(id);
    // Logical pixels over the UI scale are egui's points.
    let z = ctx.zoom_factor();
    let free = free.unwrap_or_else(|| {
        let r = ctx.content_rect();
        Rect::new(r.min.x * z, r.min.y * z, r.max.x * z, r.max.y * z)
    });
    // The box's size as last drawn (its first frame guesses).
    let size = ctx
        .memory(|m| m.area_rect(id))
        .map(|r| Vec2::new(r.width(), r.height()) * z)
        .unwrap_or(Vec2::new(240.0, 60.0));
    let at = info_box_rect(free, pointer, size);
    egui::Area::new(id)
        .order(egui::Order::Tooltip)
        .interactable(false)
        .fixed_pos(egui::pos2(at.min.x / z, at.min.y / z))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width((free.width() / z - 2.0 * INFO_BOX_MARGIN).max(120.0));
                body(ui)
            });
        });
}

/// A board tooltip's text: short lines never wrap (a tooltip sized by its
/// first frame wrapped "Jungle, level 1" into three lines); long ones wrap
/// at a readable width.
pub fn tooltip_body(ui: &mut bevy_egui::egui::Ui, title: &str, lines: &[String]) {
    use bevy_egui::egui::{Label, RichText, TextWrapMode};
    const LONG: usize = 60;
    ui.add(Label::new(RichText::new(title).strong()).wrap_mode(TextWrapMode::Extend));
    if lines.iter().any(|l| l.chars().count() > LONG) {
        ui.set_min_width(360.0);
    }
    for l in lines {
        let mode = if l.chars().count() > LONG {
            TextWrapMode::Wrap
        } else {
            TextWrapMode::Extend
        };
        ui.add(Label::new(l.as_str()).wrap_mode(mode));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 14: the hover tooltip covered the counters next to the one
    // pointed at. The info box sits in a corner away from the pointer: for
    // every pointer on the free board it lies inside the board and off the
    // pointer and the hexes round it (a 70 px hex each way).
    #[test]
    fn the_info_box_stays_off_the_pointer_and_its_neighbours() {
        let free = Rect::new(300.0, 60.0, 940.0, 650.0);
        for size in [Vec2::new(240.0, 60.0), Vec2::new(360.0, 140.0)] {
            for i in 0..=32 {
                for j in 0..=30 {
                    let p = Vec2::new(300.0 + 20.0 * i as f32, 60.0 + 19.7 * j as f32);
                    let r = info_box_rect(free, Some(p), size);
                    assert!(
                        free.contains(r.min) && free.contains(r.max),
                        "{r:?} leaves the board {free:?}"
                    );
                    let near = Rect::from_center_size(p, Vec2::splat(2.0 * INFO_BOX_CLEAR));
                    assert!(
                        r.intersect(near).is_empty(),
                        "the box {r:?} covers the pointer {p} or its neighbours"
                    );
                }
            }
        }
        // A board narrower than two boxes: the box goes down when the
        // pointer is at the top, up when it is at the foot.
        let narrow = Rect::new(0.0, 0.0, 300.0, 600.0);
        let size = Vec2::new(280.0, 80.0);
        let r = info_box_rect(narrow, Some(Vec2::new(100.0, 30.0)), size);
        assert!(r.min.y > 300.0, "{r:?}");
        let r = info_box_rect(narrow, Some(Vec2::new(100.0, 580.0)), size);
        assert!(r.max.y < 300.0, "{r:?}");
    }

    #[test]
    fn zoom_keeps_the_point_under_the_cursor() {
        let cam = Vec2::new(100.0, 50.0);
        let fixed = Vec2::new(140.0, 10.0);
        let p = zoom_about(cam, fixed, 1.0, 0.5);
        // The fixed point is now half as far from the camera centre.
        assert_eq!(fixed - p, (fixed - cam) * 0.5);
        assert_eq!(zoom_about(cam, cam, 1.0, 3.0), cam);
    }

    #[test]
    fn a_click_is_a_press_and_release_in_place() {
        let mut t = ClickTracker::default();
        t.press(Vec2::new(100.0, 100.0), true);
        t.moved(Vec2::new(102.0, 101.0));
        assert!(t.release(), "a small wobble is still a click");
        t.press(Vec2::new(100.0, 100.0), true);
        t.moved(Vec2::new(140.0, 100.0));
        assert!(t.dragging());
        t.moved(Vec2::new(100.0, 100.0));
        assert!(!t.release(), "a drag that came back is not a click");
        t.press(Vec2::new(10.0, 10.0), false);
        assert!(!t.release(), "a press on a panel is not a board click");
        assert!(!t.release(), "a release without a press is not a click");
    }

    // Issue 14: dragging on the board did not pan (Grunt, the platoon
    // game's table). The pan followed the mouse's raw motion, which a
    // pointer moved by other means never sends; it follows the pointer's
    // movement in the window now, so the ground stays under the cursor.
    #[test]
    fn a_drag_pans_by_the_pointers_own_movement() {
        let mut app = App::new();
        app.init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<AccumulatedMouseScroll>()
            .init_resource::<BoardRect>()
            .init_resource::<BoardInsets>()
            .init_resource::<BoardPointer>()
            .init_resource::<crate::camera::CameraFit>()
            .init_resource::<crate::guard::ClickGuard>()
            .init_resource::<Time>()
            .init_resource::<Time<Real>>()
            .add_message::<BoardClick>()
            .add_systems(Update, (update_pointer, pan_zoom).chain());
        let win = app
            .world_mut()
            .spawn((Window::default(), PrimaryWindow))
            .id();
        let cam = app
            .world_mut()
            .spawn((
                Transform::from_scale(Vec3::new(2.0, 2.0, 1.0)),
                BoardCamera::default(),
            ))
            .id();
        let point = |app: &mut App, at: Vec2| {
            let mut w = app.world_mut().get_mut::<Window>(win).unwrap();
            w.set_cursor_position(Some(at));
            app.update();
            app.world()
                .get::<Transform>(cam)
                .unwrap()
                .translation
                .truncate()
        };
        assert_eq!(point(&mut app, Vec2::new(400.0, 300.0)), Vec2::ZERO);
        // The left button pressed on the board (no panel in the way).
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Left);
        assert_eq!(point(&mut app, Vec2::new(400.0, 300.0)), Vec2::ZERO);
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .clear();
        // A wobble within the click slop is no drag yet.
        assert_eq!(point(&mut app, Vec2::new(402.0, 300.0)), Vec2::ZERO);
        // Past it the board moves with the pointer, at the camera's scale
        // (two world units a pixel), y up in the world.
        let at = point(&mut app, Vec2::new(432.0, 290.0));
        assert_eq!(at, Vec2::new(-60.0, -20.0));
        let at = point(&mut app, Vec2::new(442.0, 290.0));
        assert_eq!(at, Vec2::new(-80.0, -20.0));
        // Released: moving the pointer no longer pans, and it was no click.
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .release(MouseButton::Left);
        assert_eq!(point(&mut app, Vec2::new(500.0, 200.0)), at);
        let clicks = app.world().resource::<Messages<BoardClick>>();
        assert!(clicks.is_empty(), "a drag is not a click");
    }

    // Issue 14 (a loaded machine): the pointer comes from a panel onto a
    // counter and clicks within one slow frame; egui's word is still that
    // of the panel. The press waits a frame and then counts as a click if
    // the board has the pointer after all.
    #[test]
    fn a_press_made_as_the_pointer_jumped_is_decided_a_frame_later() {
        let at = Vec2::new(600.0, 300.0);
        let mut t = ClickTracker::default();
        t.defer(at, true);
        assert!(!t.release(), "not yet: egui has not seen the pointer here");
        assert!(t.settle(true, at), "the board has it: a click");
        assert!(!t.settle(true, at), "once");
        // egui had it after all (a window over the board): no click.
        t.defer(at, true);
        t.release();
        assert!(!t.settle(false, at));
        assert!(!t.release());
        // Held, not yet released: a press under way, then a click.
        t.defer(at, true);
        assert!(!t.settle(true, at));
        assert!(t.pressed());
        assert!(t.release());
        // Held back by the click guard: no click.
        t.defer(at, false);
        t.release();
        assert!(!t.settle(true, at));
    }

    #[test]
    fn tab_goes_round() {
        let on = CycleUnits { backwards: false };
        let back = CycleUnits { backwards: true };
        assert_eq!(on.next_index(3, None), Some(0));
        assert_eq!(back.next_index(3, None), Some(2));
        assert_eq!(on.next_index(3, Some(2)), Some(0));
        assert_eq!(back.next_index(3, Some(0)), Some(2));
        assert_eq!(on.next_index(0, None), None);
    }

    #[test]
    fn pointer_outside_the_board_rect_is_not_on_the_board() {
        let r = BoardRect(Some(Rect::new(200.0, 50.0, 900.0, 700.0)));
        let none = BoardInsets::default();
        assert!(pointer_on_board(
            Vec2::new(300.0, 300.0),
            &r,
            &none,
            false,
            None
        ));
        assert!(!pointer_on_board(
            Vec2::new(100.0, 300.0),
            &r,
            &none,
            false,
            None
        ));
        assert!(pointer_on_board(
            Vec2::new(5.0, 5.0),
            &BoardRect(None),
            &none,
            false,
            None
        ));
    }

    // Issue 14: a click on a popup over the board (the activation menu, the
    // stack window's close box) also clicked the hex under it when the
    // pointer jumped onto it and pressed in one slow frame: egui spoke of
    // where the pointer had been. The popup now covers the board by its
    // place; a plain hover tooltip (which nobody clicks) does not.
    #[test]
    fn a_popup_over_the_board_covers_it_and_a_tooltip_does_not() {
        use bevy_egui::egui;
        let ctx = egui::Context::default();
        let frame = |ctx: &egui::Context| {
            let input = crate::testing::egui_input();
            let mut out = ctx.run_ui(input, |ui| {
                let ctx = ui.ctx().clone();
                egui::Window::new("Activate")
                    .fixed_pos(egui::pos2(400.0, 300.0))
                    .show(&ctx, |ui| {
                        let _ = ui.button("Fire");
                    });
                egui::Tooltip::always_open(
                    ctx.clone(),
                    egui::LayerId::background(),
                    egui::Id::new("tip"),
                    egui::PopupAnchor::Position(egui::pos2(900.0, 500.0)),
                )
                .show(|ui| ui.label("Jungle, level 1"));
            });
            // Nothing draws here: the font atlas is not uploaded.
            out.textures_delta.clear();
        };
        frame(&ctx);
        frame(&ctx);
        assert!(egui_window_at(&ctx, Vec2::new(420.0, 320.0)), "the window");
        assert!(!egui_window_at(&ctx, Vec2::new(200.0, 200.0)), "bare board");
        // Somewhere the tooltip is drawn: not a cover.
        let drawn = ctx.memory(|m| {
            m.layer_ids()
                .filter(|l| l.order == egui::Order::Tooltip)
                .filter_map(|l| m.area_rect(l.id))
                .next()
        });
        let drawn = drawn.expect("the tooltip was drawn");
        let c = drawn.center();
        assert!(!egui_window_at(&ctx, Vec2::new(c.x, c.y)), "a tooltip");
        // At UI scale 2 the window's egui points are twice as far out in
        // window pixels.
        ctx.set_zoom_factor(2.0);
        frame(&ctx);
        frame(&ctx);
        assert!(egui_window_at(&ctx, Vec2::new(840.0, 640.0)));
        assert!(!egui_window_at(&ctx, Vec2::new(420.0, 320.0)));
    }

    // Issue 14: a click on a game's own side panel (FTE's column) also
    // clicked the hex under it when egui had not yet seen the pointer
    // there: a hint line appeared, the buttons moved, and the release
    // pressed the wrong one (a Medevac request nobody chose).
    #[test]
    fn pointer_over_a_games_own_panel_is_not_on_the_board() {
        let r = BoardRect(Some(Rect::new(0.0, 50.0, 940.0, 780.0)));
        let column = BoardInsets {
            left: 300.0,
            ..Default::default()
        };
        assert!(!pointer_on_board(
            Vec2::new(150.0, 346.0),
            &r,
            &column,
            false,
            None
        ));
        assert!(pointer_on_board(
            Vec2::new(584.0, 510.0),
            &r,
            &column,
            false,
            None
        ));
        let all = BoardInsets {
            left: 470.0,
            right: 470.0,
            ..Default::default()
        };
        assert!(!pointer_on_board(
            Vec2::new(470.0, 300.0),
            &r,
            &all,
            false,
            None
        ));
    }
}
