//! Fitting the board camera to the free board rectangle: the part of the
//! window neither the launcher's overlay ([`BoardRect`]) nor the plugin's own
//! panels ([`BoardInsets`]) cover.
//!
//! A plugin sets [`BoardBounds`] when it draws its board, its panels' room
//! in [`BoardInsets`] (the [`crate::layout`] helpers do it), and asks for a
//! fit with [`CameraFit::new_game`]. [`fit_camera`] then fits the whole
//! board, or, when [`CameraFit::readable_scale`] says the pieces would be too
//! small, the [`CameraFit::interest`] points at a readable zoom. It fits
//! again when the free rectangle changes (a panel or the window resized)
//! unless the player has moved the camera since; it brings
//! [`CameraFit::focus`] into view when that changes. In hot seat each side
//! keeps its own camera ([`CameraFit::viewer`]): a hand-over puts back where
//! that side last looked, and a side's first look opens on its own pieces
//! (its set-up area), not on the other side's framing. Home fits the whole
//! board.

use crate::board::{BoardBounds, BoardCamera, BoardRect};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use vt_core::SideIdx;

/// What the plugin's own panels cover of the board rectangle, in logical
/// window pixels from each edge.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct BoardInsets {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

/// The part of the board rectangle the panels leave free; `None` when there
/// is too little room for a board.
pub fn free_board_rect(board: Option<Rect>, insets: &BoardInsets) -> Option<Rect> {
    let b = board?;
    let r = Rect::new(
        b.min.x + insets.left,
        b.min.y + insets.top,
        b.max.x - insets.right,
        b.max.y - insets.bottom,
    );
    (r.width() > 50.0 && r.height() > 50.0).then_some(r)
}

/// How the camera should fit the board; see the module docs.
#[derive(Resource, Clone, Debug, Default)]
pub struct CameraFit {
    /// Fit at the next chance.
    pub pending: Option<FitKind>,
    /// The most world units per pixel the opening fit zooms out to; `None`
    /// fits the whole board whatever the zoom.
    pub readable_scale: Option<f32>,
    /// Where to look when the whole board is not readable at once (the
    /// viewing side's pieces).
    pub interest: Vec<Vec2>,
    /// Bring this point into view, keeping the zoom, when it changes (where
    /// the decision at hand happens).
    pub focus: Option<Vec2>,
    /// How close to the free rectangle's edge a focus may stay (world units).
    pub focus_margin: f32,
    /// Bring this point into view, keeping the zoom, if it is off screen;
    /// taken once ([`crate::anim::follow`]: where a move or a shot the
    /// viewing side sees is played out, the computer's above all). Unlike
    /// `focus` a point already on screen, however near the edge, moves
    /// nothing: a player's own click never shifts the board under the
    /// pointer (issue 14).
    pub follow: Option<Vec2>,
    /// The side whose view is shown: each side keeps its own camera.
    pub viewer: Option<SideIdx>,
    last: LastFit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FitKind {
    /// At the start: readable, on the interest points if need be.
    Opening,
    /// The whole board (Home).
    Whole,
}

#[derive(Clone, Debug, Default)]
struct LastFit {
    free: Option<Rect>,
    put: Option<Transform>,
    viewer: Option<SideIdx>,
    focus: Option<Vec2>,
    /// How the camera was last fitted.
    kind: Option<FitKind>,
    /// Where each side last left the camera.
    seats: Vec<(SideIdx, Transform)>,
}

impl LastFit {
    /// A hand-over from `from` to `to`: keeps where `from` looked and says
    /// where `to` last did (`None`: `to` has not looked yet).
    fn hand_over(
        &mut self,
        from: Option<SideIdx>,
        to: Option<SideIdx>,
        now: Transform,
    ) -> Option<Transform> {
        if let Some(f) = from {
            self.seats.retain(|(s, _)| *s != f);
            self.seats.push((f, now));
        }
        let to = to?;
        self.seats.iter().find(|(s, _)| *s == to).map(|(_, t)| *t)
    }
}

impl CameraFit {
    /// A new game: fit afresh.
    pub fn new_game(&mut self) {
        *self = CameraFit {
            readable_scale: self.readable_scale,
            focus_margin: self.focus_margin,
            pending: Some(FitKind::Opening),
            ..Default::default()
        };
    }
}

/// The camera scale and the world point at the centre of `free` that fit
/// `bounds`: the whole board if it is readable, else the interest points'
/// centre at the readable scale, kept inside the board.
pub fn fit_view(bounds: Rect, free: Vec2, readable: Option<f32>, interest: &[Vec2]) -> (f32, Vec2) {
    let whole = (bounds.width() / free.x.max(1.0)).max(bounds.height() / free.y.max(1.0)) * 1.04;
    let Some(readable) = readable.filter(|r| whole > *r) else {
        return (whole.max(0.01), bounds.center());
    };
    let c = if interest.is_empty() {
        bounds.center()
    } else {
        interest.iter().copied().sum::<Vec2>() / interest.len() as f32
    };
    let half = free * readable / 2.0;
    let keep = |v: f32, lo: f32, hi: f32, h: f32| v.clamp(lo + h, (hi - h).max(lo + h));
    (
        readable,
        Vec2::new(
            keep(c.x, bounds.min.x, bounds.max.x, half.x),
            keep(c.y, bounds.min.y, bounds.max.y, half.y),
        ),
    )
}

/// Fits the camera as [`CameraFit`] asks; see the module docs.
pub fn fit_camera(
    mut fit: ResMut<CameraFit>,
    rect: Res<BoardRect>,
    insets: Res<BoardInsets>,
    bounds: Res<BoardBounds>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut camera: Query<&mut Transform, With<BoardCamera>>,
) {
    let Some(b) = bounds.0 else { return };
    let Ok(w) = window.single() else { return };
    let Ok(mut t) = camera.single_mut() else {
        return;
    };
    let fit = &mut *fit;
    if fit.last.viewer != fit.viewer {
        // Hot seat: each side keeps its own camera. At the US set-up the
        // camera kept the NVA/VC's framing and the US units were off
        // screen until Home; re-framing at every hand-over would cost a
        // player their bearings instead. So a side finds the board where
        // it left it, and its first look opens on its own pieces (even if
        // the camera was fitted before anyone looked). Done as soon as the
        // viewer changes, while the hand-over screen still hides the
        // board: put back once the board showed, the camera jumped under
        // the player's first click.
        let from = fit.last.viewer;
        fit.last.viewer = fit.viewer;
        match fit.last.hand_over(from, fit.viewer, *t) {
            Some(back) => {
                *t = back;
                fit.last.put = Some(*t);
            }
            None if fit.viewer.is_some() => {
                fit.pending = Some(FitKind::Opening);
            }
            None => {}
        }
    }
    // While the board is hidden, fit for the room it had when last shown.
    let Some(free) = free_board_rect(rect.0, &insets).or(fit.last.free) else {
        return;
    };
    let win = Vec2::new(w.width(), w.height());
    // The free rectangle's centre, from the window's centre (y down).
    let offset = free.center() - win / 2.0;
    if fit.focus != fit.last.focus && fit.pending.is_none() {
        fit.last.focus = fit.focus;
        if let Some(p) = fit.focus
            && centre_if_outside(&mut t, p, free.size(), offset, fit.focus_margin, b)
        {
            fit.last.put = Some(*t);
        }
    }
    if fit.pending.is_none()
        && let Some(p) = fit.follow.take()
        && centre_if_outside(&mut t, p, free.size(), offset, 0.0, b)
    {
        fit.last.put = Some(*t);
    }
    let untouched = fit.last.put.is_some_and(|p| p == *t);
    let moved = fit.last.free.is_none_or(|f| f != free);
    let refit = fit.pending.is_none();
    let kind = match fit.pending {
        Some(k) => k,
        // Fitted the same way again: "Fit board" keeps fitting the whole
        // board into the room left (it went back to the opening zoom).
        None if untouched && moved => fit.last.kind.unwrap_or(FitKind::Opening),
        None => return,
    };
    let readable = match kind {
        FitKind::Opening => fit.readable_scale,
        FitKind::Whole => None,
    };
    let (scale, look_at) = fit_view(b, free.size(), readable, &fit.interest);
    if refit && kind == FitKind::Opening && holds_still(*t, scale, win, free, &fit.interest) {
        // Issue 14: a tray coming up under the board (the dice after the
        // first roll) re-centred the view, and everything moved up under
        // the pointer. At the same zoom, with what the side looks at still
        // in the room left, the camera holds still.
        fit.last.free = Some(free);
        return;
    }
    t.scale = Vec3::new(scale, scale, 1.0);
    t.translation.x = look_at.x - offset.x * scale;
    t.translation.y = look_at.y + offset.y * scale;
    fit.last.free = Some(free);
    fit.last.put = Some(*t);
    fit.last.focus = fit.focus;
    fit.last.kind = Some(kind);
    fit.pending = None;
}

/// Centres the world point `p` in the free rectangle (of size `free`, its
/// centre `offset` pixels from the window's) if it lies outside it, less
/// `margin` world units at each edge; keeps the zoom. Whether it moved.
fn centre_if_outside(
    t: &mut Transform,
    p: Vec2,
    free: Vec2,
    offset: Vec2,
    margin: f32,
    bounds: Rect,
) -> bool {
    let scale = t.scale.x;
    let seen = Vec2::new(
        t.translation.x + offset.x * scale,
        t.translation.y - offset.y * scale,
    );
    let half = free * scale / 2.0 - Vec2::splat(margin);
    let d = p - seen;
    let outside = d.x.abs() > half.x.max(0.0) || d.y.abs() > half.y.max(0.0);
    if outside {
        // Centred, but the view kept on the board where the board is
        // larger than it: FTE's suggested entry hex on the east edge put
        // the edge mid-screen, half the view empty.
        let view = free * scale / 2.0;
        let keep = |v: f32, lo: f32, hi: f32, h: f32| v.clamp(lo + h, (hi - h).max(lo + h));
        let c = Vec2::new(
            keep(p.x, bounds.min.x, bounds.max.x, view.x),
            keep(p.y, bounds.min.y, bounds.max.y, view.y),
        );
        let d = c - seen;
        t.translation.x += d.x;
        t.translation.y += d.y;
    }
    outside
}

/// Whether a camera at `t`, to be fitted at `scale` in the free rectangle
/// `free` of a window of size `win`, may stay where it is: the zoom would
/// not change and each point of `interest` is already in `free`.
fn holds_still(t: Transform, scale: f32, win: Vec2, free: Rect, interest: &[Vec2]) -> bool {
    if (t.scale.x - scale).abs() > scale * 1e-4 {
        return false;
    }
    let on_screen = |p: Vec2| {
        win / 2.0
            + Vec2::new(
                (p.x - t.translation.x) / scale,
                (t.translation.y - p.y) / scale,
            )
    };
    interest.iter().all(|p| free.contains(on_screen(*p)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_free_rect_leaves_the_panels_out() {
        let r = free_board_rect(
            Some(Rect::new(0.0, 40.0, 1000.0, 800.0)),
            &BoardInsets {
                left: 300.0,
                bottom: 140.0,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(r, Rect::new(300.0, 40.0, 1000.0, 660.0));
        let none = free_board_rect(
            Some(Rect::new(0.0, 0.0, 320.0, 800.0)),
            &BoardInsets {
                left: 300.0,
                ..Default::default()
            },
        );
        assert!(none.is_none(), "no room for a board");
    }

    /// A board of 4000 by 2000 world units in `board` (window pixels), and
    /// its camera.
    fn camera_app(board: Rect) -> (App, Entity) {
        let mut app = App::new();
        app.insert_resource(BoardRect(Some(board)))
            .init_resource::<BoardInsets>()
            .insert_resource(BoardBounds(Some(Rect::new(0.0, 0.0, 4000.0, 2000.0))))
            .init_resource::<CameraFit>()
            .add_systems(Update, fit_camera);
        app.world_mut().spawn((Window::default(), PrimaryWindow));
        let cam = app
            .world_mut()
            .spawn((Transform::default(), BoardCamera::default()))
            .id();
        (app, cam)
    }

    // Issue 14: at the US hot-seat set-up the camera kept the NVA/VC's
    // framing. Each side keeps its own camera; a side's first look opens on
    // its own pieces; a hand-over back puts the camera where that side left it.
    #[test]
    fn each_side_keeps_its_own_camera() {
        let (mut app, cam) = camera_app(Rect::new(0.0, 0.0, 1280.0, 720.0));
        let look = |app: &mut App, side: SideIdx, at: Vec2| {
            let mut f = app.world_mut().resource_mut::<CameraFit>();
            f.viewer = Some(side);
            f.interest = vec![at];
            app.update();
            *app.world().get::<Transform>(cam).unwrap()
        };
        {
            let mut f = app.world_mut().resource_mut::<CameraFit>();
            f.readable_scale = Some(1.0);
            f.new_game();
        }
        // The NVA/VC sets up first, in the far corner: 1280x720 at scale
        // 1 round (3500, 1800), kept inside the board.
        let nva = look(&mut app, 1, Vec2::new(3500.0, 1800.0));
        assert_eq!(nva.translation.truncate(), Vec2::new(3360.0, 1640.0));
        // The NVA/VC player pans; then the US looks for the first time.
        app.world_mut()
            .get_mut::<Transform>(cam)
            .unwrap()
            .translation
            .x -= 300.0;
        let nva_left = *app.world().get::<Transform>(cam).unwrap();
        let us = look(&mut app, 0, Vec2::new(300.0, 200.0));
        assert_eq!(us.translation.truncate(), Vec2::new(640.0, 360.0));
        // The US player zooms; back to the NVA/VC: where they left it.
        app.world_mut().get_mut::<Transform>(cam).unwrap().scale = Vec3::new(0.5, 0.5, 1.0);
        let us_left = *app.world().get::<Transform>(cam).unwrap();
        assert_eq!(look(&mut app, 1, Vec2::new(3500.0, 1800.0)), nva_left);
        // Nothing re-frames while the same side goes on looking.
        assert_eq!(look(&mut app, 1, Vec2::new(100.0, 100.0)), nva_left);
        assert_eq!(look(&mut app, 0, Vec2::new(300.0, 200.0)), us_left);
    }

    // Issue 14: the camera jumped to the side's view right after "show the
    // board", so the first click landed on an empty hex. It is put in place
    // while the hand-over screen still hides the board (no board room), and
    // holds still when the board comes back; a side's first look frames its
    // own pieces even if the camera was fitted before anyone looked.
    #[test]
    fn the_camera_is_in_place_before_the_board_shows() {
        let shown = Rect::new(0.0, 0.0, 1280.0, 720.0);
        let hidden = Rect::new(0.0, 0.0, 0.0, 0.0);
        let (mut app, cam) = camera_app(shown);
        let at = |app: &App| *app.world().get::<Transform>(cam).unwrap();
        {
            let mut f = app.world_mut().resource_mut::<CameraFit>();
            f.readable_scale = Some(1.0);
            f.new_game();
        }
        // Fitted before anyone looks (no pieces of interest yet).
        app.update();
        assert_eq!(at(&app).translation.truncate(), Vec2::new(2000.0, 1000.0));
        let show = |app: &mut App, rect: Rect, side: Option<SideIdx>, interest: Vec2| {
            app.world_mut().resource_mut::<BoardRect>().0 = Some(rect);
            let mut f = app.world_mut().resource_mut::<CameraFit>();
            f.viewer = side;
            f.interest = vec![interest];
            app.update();
            at(app)
        };
        // The NVA/VC's first look, the board still hidden: on its pieces.
        let nva = show(&mut app, hidden, Some(1), Vec2::new(3500.0, 1800.0));
        assert_eq!(nva.translation.truncate(), Vec2::new(3360.0, 1640.0));
        assert_eq!(show(&mut app, shown, Some(1), Vec2::ZERO), nva, "no jump");
        // Hand-over to the US: framed behind the hand-over screen.
        let us = show(&mut app, hidden, Some(0), Vec2::new(300.0, 200.0));
        assert_eq!(us.translation.truncate(), Vec2::new(640.0, 360.0));
        assert_eq!(show(&mut app, shown, Some(0), Vec2::ZERO), us, "no jump");
        // Back to the NVA/VC: where they left it, before the board shows.
        assert_eq!(show(&mut app, hidden, Some(1), Vec2::ZERO), nva);
        assert_eq!(show(&mut app, shown, Some(1), Vec2::ZERO), nva);
    }

    // Session 27: the computer played off screen. A followed point off
    // screen is centred, at the same zoom; one on screen moves nothing,
    // however near the edge (a player's own click never shifts the board
    // under the pointer, issue 14), unlike a focus, which keeps its margin.
    #[test]
    fn a_followed_point_off_screen_is_brought_into_view() {
        let (mut app, cam) = camera_app(Rect::new(0.0, 0.0, 1280.0, 720.0));
        let at = |app: &App| *app.world().get::<Transform>(cam).unwrap();
        {
            let mut f = app.world_mut().resource_mut::<CameraFit>();
            f.readable_scale = Some(1.0);
            f.focus_margin = 100.0;
            f.new_game();
            f.interest = vec![Vec2::new(1000.0, 1000.0)];
        }
        app.update();
        let opened = at(&app);
        // The view is x 360..1640, y 640..1360 (1280x720 at scale 1).
        assert_eq!(opened.translation.truncate(), Vec2::new(1000.0, 1000.0));
        let follow = |app: &mut App, p: Vec2| {
            app.world_mut().resource_mut::<CameraFit>().follow = Some(p);
            app.update();
            assert_eq!(app.world().resource::<CameraFit>().follow, None, "taken");
            at(app)
        };
        // On screen, 40 units from the right edge: nothing moves.
        assert_eq!(follow(&mut app, Vec2::new(1600.0, 1000.0)), opened);
        // Off screen: centred, the zoom kept.
        let moved = follow(&mut app, Vec2::new(3000.0, 400.0));
        assert_eq!(moved.translation.truncate(), Vec2::new(3000.0, 400.0));
        assert_eq!(moved.scale, opened.scale);
        // The same near-edge point as a focus is centred (its margin), as
        // far as the board goes: the view x 2720..4000.
        app.world_mut().resource_mut::<CameraFit>().focus = Some(Vec2::new(3600.0, 400.0));
        app.update();
        assert_eq!(at(&app).translation.truncate(), Vec2::new(3360.0, 400.0));
        // A point at the board's corner: the view stays on the board (it
        // was centred there, three quarters of the view off the board).
        let corner = follow(&mut app, Vec2::new(60.0, 1990.0));
        assert_eq!(corner.translation.truncate(), Vec2::new(640.0, 1640.0));
        assert_eq!(corner.scale, opened.scale);
    }

    // Issue 14: the dice tray came up under the board after the first
    // roll and the view re-centred: the counters moved up under the
    // pointer. At the opening zoom the camera holds still when the room
    // changes and the side's pieces are still in it; it moves when they
    // would be hidden; after "Fit board" it keeps fitting the whole board.
    #[test]
    fn the_view_holds_still_when_a_tray_comes_up() {
        let (mut app, cam) = camera_app(Rect::new(0.0, 0.0, 1280.0, 720.0));
        let at = |app: &App| *app.world().get::<Transform>(cam).unwrap();
        let room = |app: &mut App, insets: BoardInsets| {
            *app.world_mut().resource_mut::<BoardInsets>() = insets;
            app.update();
            at(app)
        };
        {
            let mut f = app.world_mut().resource_mut::<CameraFit>();
            f.readable_scale = Some(1.0);
            // new_game() starts a fresh fit (interest too): the side's
            // pieces are named after it.
            f.new_game();
            f.interest = vec![Vec2::new(1000.0, 1000.0)];
        }
        let column = BoardInsets {
            left: 300.0,
            ..Default::default()
        };
        let opened = room(&mut app, column);
        assert_eq!(opened.translation.truncate(), Vec2::new(850.0, 1000.0));
        // The tray: 160 pixels at the bottom. Nothing moves.
        let tray = BoardInsets {
            bottom: 160.0,
            ..column
        };
        assert_eq!(room(&mut app, tray), opened);
        // A wide column would hide the pieces (they sit at x 790 on the
        // window): the view moves to show them.
        let wide = BoardInsets {
            left: 900.0,
            ..tray
        };
        let moved = room(&mut app, wide);
        assert_ne!(moved, opened);
        assert_eq!(moved.scale, opened.scale);
        // "Fit board" (Whole), then the tray goes: the whole board again,
        // fitted into the larger room.
        app.world_mut().resource_mut::<CameraFit>().pending = Some(FitKind::Whole);
        let whole = room(&mut app, tray);
        assert!(whole.scale.x > 1.0, "the whole board: {whole:?}");
        let bigger = room(&mut app, BoardInsets::default());
        assert!(bigger.scale.x < whole.scale.x, "fitted to the room");
    }

    #[test]
    fn a_big_board_opens_readable_on_the_interest() {
        let b = Rect::new(0.0, 0.0, 4000.0, 2000.0);
        // Whole at once: 4000/800 * 1.04 = 5.2 world units per pixel.
        let (s, c) = fit_view(b, Vec2::new(800.0, 600.0), None, &[]);
        assert!((s - 5.2).abs() < 1e-4);
        assert_eq!(c, b.center());
        // Readable at 1: look at the interest, kept inside the board.
        let (s, c) = fit_view(
            b,
            Vec2::new(800.0, 600.0),
            Some(1.0),
            &[Vec2::new(100.0, 100.0)],
        );
        assert_eq!(s, 1.0);
        assert_eq!(c, Vec2::new(400.0, 300.0));
        // A small board fits whole even when a readable scale is set.
        let small = Rect::new(0.0, 0.0, 400.0, 300.0);
        let (s, c) = fit_view(small, Vec2::new(800.0, 600.0), Some(1.0), &[Vec2::ZERO]);
        assert!(s < 1.0);
        assert_eq!(c, small.center());
    }
}
