//! Clicks held back after the decision changes, in every game.
//!
//! A button can change under a click: the player aims at "End the move", a
//! queued end of the walk is applied a frame earlier, and the same place in
//! the column now says "Pass" (egui keeps a widget's id by its place, so the
//! press on one and the release on the other make a click on "Pass"). The
//! log then shows a pass nobody chose. A timer alone was not enough: on a
//! loaded machine a slow first click on "Setup done", clicked again, landed
//! on "Pass" in the same place, the second click aimed at a button the
//! screen no longer showed. So after the decision a person at this screen
//! faces changes, or the board is shown to another side, a press counts
//! only when all of these hold: [`GUARD_FRAMES`] frames have been drawn
//! since (the new screen is up), [`GUARD_SECS`] have gone by, and since
//! those frames the pointer has moved or a button has come up (the player
//! has done something after seeing the new screen: a second click of a
//! double click aimed at the old one has not), or it has rested there for
//! [`STILL_SECS`] since they were drawn. A press held back takes its
//! release with it, and a release whose press came before the change is no
//! click: on the panels (the egui input is filtered before egui reads it)
//! and on the board ([`crate::board::BoardClick`]).

use crate::board::BoardPointer;
use crate::game::ActiveGame;
use bevy::prelude::*;
use bevy_egui::egui;
use vt_core::SideIdx;

/// How long clicks are held back at least after the decision changes
/// (seconds).
pub const GUARD_SECS: f64 = 0.3;
/// At least this many frames, whatever the clock says: the frame that
/// first draws the new decision and the one after.
pub const GUARD_FRAMES: u32 = 2;
/// A pointer held still this long over the new screen once it is drawn
/// counts as having looked at it (seconds): a player who rests the mouse
/// and clicks a button that came up under it is not ignored for good.
pub const STILL_SECS: f64 = 1.0;

/// Far off any widget: a pointer "moved" here before a release spoils the
/// click (egui counts a release as a click only near its press).
const FAR: egui::Pos2 = egui::Pos2::new(-100_000.0, -100_000.0);

/// What the screen asks of its person: when it changes, the guard goes up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuardKey {
    pub revision: u64,
    pub viewer: Option<SideIdx>,
    pub result_first: bool,
    pub person_to_decide: bool,
}

impl GuardKey {
    pub fn of(game: &ActiveGame) -> Self {
        GuardKey {
            revision: game.revision,
            viewer: game.viewer,
            result_first: game.result_first,
            person_to_decide: game.person_to_decide(),
        }
    }
}

/// See the module docs.
#[derive(Resource, Debug, Default)]
pub struct ClickGuard {
    seen: Option<GuardKey>,
    until: f64,
    frames_left: u32,
    /// Presses held back: their releases are held back too.
    dropped: [bool; egui::NUM_POINTER_BUTTONS],
    /// Buttons down when the guard went up: their release is no click.
    spoiled: [bool; egui::NUM_POINTER_BUTTONS],
    /// The board's left button was down when the guard went up.
    board_spoiled: bool,
    /// Since the guard went up, the pointer has not moved nor a button
    /// come up after the new screen was drawn.
    still: bool,
    /// When the guard's frames were done (the new screen drawn).
    drawn_at: Option<f64>,
    /// Where egui last saw the pointer (egui points).
    egui_at: Option<egui::Pos2>,
    /// Where the board last saw the pointer (logical window pixels).
    board_at: Option<Vec2>,
}

impl ClickGuard {
    /// The screen now shows `key` at `now` (seconds). Returns true if the
    /// guard went up: a person faces a new decision, or the board was
    /// shown to another side or hidden. A change the computer makes while
    /// no person decides raises nothing: there are no decision buttons
    /// then, and the menus stay usable.
    pub fn observe(&mut self, key: Option<GuardKey>, now: f64) -> bool {
        let before = self.seen;
        self.seen = key;
        let (Some(b), Some(k)) = (before, key) else {
            return false;
        };
        if b == k {
            return false;
        }
        let raise = k.person_to_decide || k.viewer != b.viewer || k.result_first != b.result_first;
        if raise {
            self.until = now + GUARD_SECS;
            self.frames_left = GUARD_FRAMES;
            // Whatever is down now was pressed on what was there before.
            self.spoiled = [true; egui::NUM_POINTER_BUTTONS];
            self.board_spoiled = true;
            self.still = true;
            self.drawn_at = None;
        }
        raise
    }

    /// Clicks are held back now.
    pub fn active(&self, now: f64) -> bool {
        let looked = self.drawn_at.is_some_and(|d| now >= d + STILL_SECS);
        self.frames_left > 0 || now < self.until || (self.still && !looked)
    }

    /// The player did something after the new screen was drawn.
    fn stirred(&mut self) {
        if self.frames_left == 0 {
            self.still = false;
        }
    }

    /// The board saw the pointer at `at` (logical window pixels).
    pub fn board_pointer(&mut self, at: Vec2) {
        if self.board_at.is_some_and(|was| was != at) {
            self.stirred();
        }
        self.board_at = Some(at);
    }

    /// The board saw a button come up.
    pub fn board_release(&mut self) {
        self.stirred();
    }

    /// One frame has been drawn (at `now`).
    pub fn frame_done(&mut self, now: f64) {
        self.frames_left = self.frames_left.saturating_sub(1);
        if self.frames_left == 0 && self.drawn_at.is_none() {
            self.drawn_at = Some(now);
        }
    }

    /// Takes out of egui's input what must not click: presses while the
    /// guard is up, their releases whenever they come, and releases of
    /// presses made before the guard went up.
    pub fn filter(&mut self, events: &mut Vec<egui::Event>, now: f64) {
        let mut out = Vec::with_capacity(events.len());
        for e in events.drain(..) {
            if let egui::Event::PointerMoved(p) = e {
                if self.egui_at.is_some_and(|was| was != p) {
                    self.stirred();
                }
                self.egui_at = Some(p);
            }
            let egui::Event::PointerButton {
                pos,
                button,
                pressed,
                modifiers,
            } = e
            else {
                out.push(e);
                continue;
            };
            let b = button as usize;
            let active = self.active(now);
            if pressed {
                if active {
                    self.dropped[b] = true;
                } else {
                    // A fresh press, made on what the player sees now.
                    self.spoiled[b] = false;
                    out.push(e);
                }
                continue;
            }
            // A button came up: the next press is a new one.
            self.stirred();
            if std::mem::take(&mut self.dropped[b]) {
                continue;
            }
            if std::mem::take(&mut self.spoiled[b]) || active {
                // egui saw the press: let it see the release too (or it
                // would think the button still down), but far from where
                // it was pressed, which is no click; then put the pointer
                // back where it is.
                out.push(egui::Event::PointerMoved(FAR));
                out.push(egui::Event::PointerButton {
                    pos: FAR,
                    button,
                    pressed,
                    modifiers,
                });
                out.push(egui::Event::PointerMoved(pos));
                continue;
            }
            out.push(e);
        }
        *events = out;
    }

    /// A press on the board now counts (not while the guard is up).
    pub fn board_press_counts(&mut self, now: f64) -> bool {
        let ok = !self.active(now);
        if ok {
            self.board_spoiled = false;
        }
        ok
    }

    /// A release on the board ends a click only if its press came after
    /// the guard went up and the guard is down.
    pub fn board_release_counts(&mut self, now: f64) -> bool {
        !std::mem::take(&mut self.board_spoiled) && !self.active(now)
    }
}

/// Raises the guard when the decision changes (in [`crate::VtSet::Sync`],
/// after the commands of the frame are applied, before the panels are
/// drawn); counts the frames drawn since.
pub fn watch_decision(
    game: Option<Res<ActiveGame>>,
    time: Res<Time<Real>>,
    mut guard: ResMut<ClickGuard>,
    mut pointer: ResMut<BoardPointer>,
) {
    let now = time.elapsed_secs_f64();
    guard.frame_done(now);
    let key = game.as_deref().map(GuardKey::of);
    if guard.observe(key, now) && !pointer.clicks.dragging() {
        // A press on the board before the change is no click on what the
        // board shows now (a drag to pan goes on).
        pointer.clicks.cancel();
    }
}

/// Filters the egui input of this frame (in `PostUpdate`, before egui's
/// pass reads it).
pub fn filter_egui_input(
    time: Res<Time<Real>>,
    mut guard: ResMut<ClickGuard>,
    mut inputs: Query<&mut bevy_egui::EguiInput>,
) {
    let now = time.elapsed_secs_f64();
    for mut input in &mut inputs {
        if input.0.events.is_empty() {
            continue;
        }
        guard.filter(&mut input.0.events, now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(revision: u64, person: bool) -> Option<GuardKey> {
        Some(GuardKey {
            revision,
            viewer: Some(0),
            result_first: false,
            person_to_decide: person,
        })
    }

    fn button(x: f32, pressed: bool) -> egui::Event {
        egui::Event::PointerButton {
            pos: egui::pos2(x, 10.0),
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        }
    }

    /// Runs the filter and tells whether egui would read a click: a press
    /// and a release at the same place, with no far move between.
    fn clicks(guard: &mut ClickGuard, events: Vec<egui::Event>, now: f64) -> Vec<egui::Event> {
        let mut e = events;
        guard.filter(&mut e, now);
        e
    }

    /// The pointer moves a little (after the new screen is up, it counts).
    fn nudge(guard: &mut ClickGuard, now: f64) {
        let x = guard.egui_at.map_or(0.0, |p| p.x);
        let mut e = vec![
            egui::Event::PointerMoved(egui::pos2(x + 1.0, 10.0)),
            egui::Event::PointerMoved(egui::pos2(x + 2.0, 10.0)),
        ];
        guard.filter(&mut e, now);
    }

    fn is_far_release(e: &egui::Event) -> bool {
        matches!(e, egui::Event::PointerButton { pos, pressed: false, .. } if *pos == FAR)
    }

    #[test]
    fn a_new_decision_for_a_person_raises_the_guard() {
        let mut g = ClickGuard::default();
        assert!(
            !g.observe(key(1, true), 0.0),
            "the first look raises nothing"
        );
        assert!(!g.observe(key(1, true), 0.1), "nothing changed");
        assert!(g.observe(key(2, true), 1.0));
        assert!(g.active(1.0));
        g.frame_done(1.05);
        g.frame_done(1.1);
        nudge(&mut g, 1.1);
        assert!(g.active(1.2), "0.3 s");
        assert!(!g.active(1.31));
        // The computer's moves while no person decides raise nothing.
        assert!(!g.observe(key(3, false), 5.0));
        assert!(!g.active(5.0));
    }

    #[test]
    fn a_slow_frame_still_shows_the_new_decision_before_a_click_counts() {
        let mut g = ClickGuard::default();
        g.observe(key(1, true), 0.0);
        g.observe(key(2, true), 1.0);
        // Frames of a second each: the time is up, the frames are not.
        nudge(&mut g, 1.5);
        assert!(g.active(2.0));
        g.frame_done(2.0);
        nudge(&mut g, 2.5);
        assert!(
            g.active(3.0),
            "a move before the new screen is drawn is none"
        );
        g.frame_done(3.0);
        assert!(g.active(3.5), "the pointer has not moved since");
        nudge(&mut g, 3.6);
        assert!(!g.active(3.6));
        // Or it rests on the new screen long enough to have read it.
        g.observe(key(3, true), 5.0);
        g.frame_done(5.5);
        g.frame_done(6.0);
        assert!(g.active(6.9));
        assert!(!g.active(7.0));
    }

    #[test]
    fn a_hand_over_raises_the_guard() {
        let mut g = ClickGuard::default();
        g.observe(key(1, false), 0.0);
        let mut k = key(1, false).unwrap();
        k.viewer = Some(1);
        assert!(g.observe(Some(k), 1.0));
    }

    // The click of issue 14: pressed on "End the move", the walk's queued
    // end lands, released on "Pass" in the same place.
    #[test]
    fn a_release_after_the_change_is_no_click() {
        let mut g = ClickGuard::default();
        g.observe(key(1, true), 0.0);
        let out = clicks(&mut g, vec![button(5.0, true)], 0.5);
        assert_eq!(out.len(), 1, "a press before any change goes through");
        g.observe(key(2, true), 1.0);
        let out = clicks(&mut g, vec![button(5.0, false)], 1.05);
        assert!(out.iter().any(is_far_release), "{out:?}");
        assert!(
            matches!(out.last(), Some(egui::Event::PointerMoved(p)) if p.x == 5.0),
            "the pointer is put back"
        );
    }

    #[test]
    fn a_release_long_after_the_change_is_still_no_click_if_pressed_before() {
        let mut g = ClickGuard::default();
        g.observe(key(1, true), 0.0);
        clicks(&mut g, vec![button(5.0, true)], 0.5);
        g.observe(key(2, true), 1.0);
        g.frame_done(1.1);
        g.frame_done(1.2);
        let out = clicks(&mut g, vec![button(5.0, false)], 3.0);
        assert!(out.iter().any(is_far_release), "{out:?}");
    }

    #[test]
    fn a_click_while_the_guard_is_up_is_dropped_whole() {
        let mut g = ClickGuard::default();
        g.observe(key(1, true), 0.0);
        g.observe(key(2, true), 1.0);
        assert!(clicks(&mut g, vec![button(5.0, true)], 1.1).is_empty());
        g.frame_done(1.2);
        g.frame_done(1.3);
        // Its release comes after the guard is down: dropped with it.
        assert!(clicks(&mut g, vec![button(5.0, false)], 1.5).is_empty());
        // A button came up after the new screen was drawn: the next click
        // is a click.
        let out = clicks(&mut g, vec![button(5.0, true), button(5.0, false)], 2.0);
        assert_eq!(out, vec![button(5.0, true), button(5.0, false)]);
    }

    #[test]
    fn other_input_goes_through() {
        let mut g = ClickGuard::default();
        g.observe(key(1, true), 0.0);
        g.observe(key(2, true), 1.0);
        let moved = egui::Event::PointerMoved(egui::pos2(1.0, 2.0));
        let text = egui::Event::Text("a".into());
        let out = clicks(&mut g, vec![moved.clone(), text.clone()], 1.1);
        assert_eq!(out, vec![moved, text]);
    }

    #[test]
    fn the_board_counts_no_click_across_the_change() {
        let mut g = ClickGuard::default();
        g.observe(key(1, true), 0.0);
        assert!(g.board_press_counts(0.5));
        g.observe(key(2, true), 1.0);
        assert!(!g.board_release_counts(1.1));
        assert!(!g.board_press_counts(1.1), "the guard is up");
        g.board_pointer(Vec2::new(5.0, 5.0));
        g.frame_done(1.4);
        g.frame_done(1.5);
        assert!(!g.board_press_counts(2.0), "the pointer has not moved");
        g.board_pointer(Vec2::new(6.0, 5.0));
        assert!(g.board_press_counts(2.0));
        assert!(g.board_release_counts(2.1));
    }

    // Issue 14: a slow first click on "Setup done", clicked again, landed
    // on "Pass" in the same place. The second click of a double click at a
    // pointer that has not moved is aimed at what was there: dropped, even
    // on a machine drawing slow frames.
    #[test]
    fn a_second_click_of_a_double_click_is_no_click_on_the_new_button() {
        let mut g = ClickGuard::default();
        g.observe(key(1, true), 0.0);
        nudge(&mut g, 0.1);
        let first = clicks(&mut g, vec![button(5.0, true), button(5.0, false)], 0.2);
        assert_eq!(first.len(), 2, "the first click counts");
        g.observe(key(2, true), 0.3);
        // Frames of 0.4 s: the new screen is up at 1.1.
        g.frame_done(0.7);
        g.frame_done(1.1);
        // Pressed again, the pointer still, past the frames and 0.3 s.
        assert!(clicks(&mut g, vec![button(5.0, true)], 1.5).is_empty());
        assert!(clicks(&mut g, vec![button(5.0, false)], 1.6).is_empty());
        // Having let go, the player clicks what is there now.
        let out = clicks(&mut g, vec![button(5.0, true), button(5.0, false)], 1.9);
        assert_eq!(out, vec![button(5.0, true), button(5.0, false)]);
        // Or moves to it first.
        g.observe(key(3, true), 4.0);
        g.frame_done(4.1);
        g.frame_done(4.2);
        nudge(&mut g, 4.5);
        let out = clicks(&mut g, vec![button(6.0, true), button(6.0, false)], 4.6);
        assert_eq!(out.len(), 2);
    }
}
