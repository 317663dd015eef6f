//! The kit on its own, with Pig (core's test game) and a board of one
//! piece: the sync tells a plugin what changed and what happened, and the
//! animations move a piece along its path and let it rest where it belongs.

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use std::sync::Arc;
use std::time::Duration;
use vt_core::Setup;
use vt_core::dynamic::{DynGame, Game};
use vt_core::testing::{Pig, PigCommand};
use vt_ui::anim::{AnimSpeed, Animate, Animations};
use vt_ui::pieces::{PieceHome, PieceKey};
use vt_ui::prelude::*;
use vt_ui::testing::{self, StandIn};

/// What the plugin under test heard from the sync.
#[derive(Resource, Default)]
struct Heard(Vec<(Change, Vec<String>, bool)>);

fn listen(mut changes: MessageReader<SessionChanged<Pig>>, mut heard: ResMut<Heard>) {
    for c in changes.read() {
        let events = c.events.iter().map(|e| format!("{e:?}")).collect();
        heard.0.push((c.change, events, c.viewer_changed));
    }
}

struct PigBoard;

impl Plugin for PigBoard {
    fn build(&self, app: &mut App) {
        app.add_plugins(SyncPlugin::<Pig>::default())
            .init_resource::<Heard>()
            .add_systems(Update, listen.in_set(VtSet::React));
    }
}

fn pig() -> Arc<dyn DynGame> {
    Arc::new(Game::new(Pig { goal: 30 }))
}

fn heard(app: &mut App) -> Vec<(Change, Vec<String>, bool)> {
    std::mem::take(&mut app.world_mut().resource_mut::<Heard>().0)
}

fn send(app: &mut App, c: PigCommand) {
    app.world_mut().write_message(SubmitCommand::typed(&c));
    testing::settle(app);
}

#[test]
fn the_sync_says_what_changed_and_what_happened() {
    let mut app = testing::board_app(PigBoard);
    let people = vec![Controller::Person, Controller::Person];
    testing::start(&mut app, pig(), Setup::new("race", 3), people);
    assert_eq!(heard(&mut app), vec![(Change::NewGame, vec![], false)]);
    let synced = app.world().resource::<Synced<Pig>>();
    assert!(synced.to_decide && synced.view.is_some());
    assert_eq!(synced.legal, vec![PigCommand::Roll], "nothing to hold yet");
    // One command, its events, once.
    send(&mut app, PigCommand::Roll);
    let h = heard(&mut app);
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].0, Change::Played);
    assert!(h[0].1[0].starts_with("Rolled"), "{:?}", h[0].1);
    assert_eq!(app.world().resource::<StandIn>().sent.len(), 1);
    // Another side looks: nothing to animate.
    app.world_mut().resource_mut::<ActiveGame>().viewer = Some(1);
    testing::settle(&mut app);
    assert_eq!(heard(&mut app), vec![(Change::Viewer, vec![], true)]);
    // The board hidden for a hand-over: no view, nobody to decide here.
    app.world_mut().resource_mut::<ActiveGame>().viewer = None;
    testing::settle(&mut app);
    assert!(app.world().resource::<Synced<Pig>>().view.is_none());
    assert!(app.world().resource::<Synced<Pig>>().legal.is_empty());
    heard(&mut app);
    // A loaded game is a new game; leaving says so.
    testing::start(&mut app, pig(), Setup::new("race", 4), vec![]);
    assert_eq!(heard(&mut app)[0].0, Change::NewGame);
    app.world_mut().remove_resource::<ActiveGame>();
    testing::settle(&mut app);
    assert_eq!(heard(&mut app), vec![(Change::Left, vec![], false)]);
    assert!(!app.world().resource::<Synced<Pig>>().active());
}

#[test]
fn an_undo_is_told_as_such() {
    let mut app = testing::board_app(PigBoard);
    let people = vec![Controller::Person, Controller::Person];
    testing::start(&mut app, pig(), Setup::new("race", 3), people);
    // Roll until there is something to bank, then hold (undoable in Pig).
    for _ in 0..50 {
        let total = app
            .world()
            .resource::<ActiveGame>()
            .typed::<Pig>()
            .unwrap()
            .state
            .turn_total;
        if total > 0 {
            break;
        }
        send(&mut app, PigCommand::Roll);
    }
    send(&mut app, PigCommand::Hold);
    heard(&mut app);
    assert!(app.world_mut().resource_mut::<ActiveGame>().undo());
    testing::settle(&mut app);
    assert_eq!(heard(&mut app)[0].0, Change::Undone);
}

#[test]
fn a_piece_slides_along_its_path_and_rests_at_home() {
    let mut app = testing::board_app(PigBoard);
    app.insert_resource(AnimSpeed::Normal)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )));
    let people = vec![Controller::Person, Controller::Person];
    testing::start(&mut app, pig(), Setup::new("race", 3), people);
    let key = PieceKey("unit", 1);
    let home = Vec3::new(100.0, 0.0, 2.0);
    let piece = app
        .world_mut()
        .spawn((key, PieceHome(home), Transform::from_translation(home)))
        .id();
    let path = vec![Vec2::ZERO, Vec2::new(50.0, 0.0), Vec2::new(100.0, 0.0)];
    app.world_mut().write_message(Animate::slide(key, path));
    app.update();
    let at = |app: &App| app.world().get::<Transform>(piece).unwrap().translation;
    assert!(app.world().resource::<Animations>().busy());
    assert!(
        at(&app).x < 10.0,
        "it starts at the path's start: {}",
        at(&app)
    );
    // Two legs of 0.3 s at normal speed: half way after 0.3 s.
    for _ in 0..6 {
        app.update();
    }
    assert!((40.0..=60.0).contains(&at(&app).x), "{}", at(&app));
    assert_eq!(at(&app).z, 2.0, "slides keep their height");
    for _ in 0..10 {
        app.update();
    }
    assert!(!app.world().resource::<Animations>().busy());
    assert_eq!(at(&app), home);
    // A second slide, skipped: at home at once.
    app.world_mut()
        .write_message(Animate::slide(key, vec![Vec2::ZERO, Vec2::new(100.0, 0.0)]));
    app.update();
    assert!(at(&app).x < 10.0);
    app.world_mut().resource_mut::<Animations>().skip();
    app.update();
    assert_eq!(at(&app), home);
    // Off: nothing plays.
    app.insert_resource(AnimSpeed::Off);
    app.world_mut()
        .write_message(Animate::slide(key, vec![Vec2::ZERO, Vec2::new(100.0, 0.0)]));
    app.update();
    assert!(!app.world().resource::<Animations>().busy());
    assert_eq!(at(&app), home);
}

// Issue 14: a button changed under a click ("End the move" became "Pass"
// as the walk's queued end landed). For a moment after the decision a
// person faces changes, clicks are held back; the computer's moves while
// no person decides hold nothing back.
#[test]
fn clicks_wait_a_moment_after_the_decision_changes() {
    use vt_ui::guard::{ClickGuard, GUARD_FRAMES, GUARD_SECS, STILL_SECS};
    let mut app = testing::board_app(PigBoard);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    let people = vec![Controller::Person, Controller::Person];
    testing::start(&mut app, pig(), Setup::new("race", 3), people);
    let held = |app: &App| {
        let now = app.world().resource::<Time<Real>>().elapsed_secs_f64();
        app.world().resource::<ClickGuard>().active(now)
    };
    for _ in 0..5 {
        app.update();
    }
    assert!(!held(&app), "nothing changed");
    app.world_mut()
        .write_message(SubmitCommand::typed(&PigCommand::Roll));
    app.update();
    assert!(held(&app), "the decision changed this frame");
    // No pointer here: held still, it counts as having looked at the new
    // screen once that has been up a while.
    let frames = (GUARD_SECS.max(STILL_SECS) / 0.1).ceil() as u32 + GUARD_FRAMES + 1;
    for _ in 0..GUARD_FRAMES + 1 {
        app.update();
    }
    assert!(held(&app), "drawn, but not looked at yet");
    for _ in GUARD_FRAMES + 1..frames {
        app.update();
    }
    assert!(
        !held(&app),
        "{STILL_SECS} s after it was drawn, clicks count again"
    );
}
