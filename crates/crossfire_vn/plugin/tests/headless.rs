//! Headless Bevy tests of the Crossfire board (no window, no egui): the
//! table is filled from the view, hidden enemy stands are absent from it, a
//! dragged stand becomes a set-up placement or a move that stops where the
//! rules stop it, and a click on an enemy with a stand selected fires.

use bevy::prelude::*;
use crossfire_vn_plugin::CrossfireVnPlugin;
use crossfire_vn_rules::command::Command;
use crossfire_vn_rules::state::Side;
use crossfire_vn_rules::step::{Kind, Step};
use crossfire_vn_rules::{CrossfireVn, State};
use std::sync::Arc;
use vt_core::dynamic::{DynGame, Game};
use vt_core::tabletop::Point;
use vt_core::{Ruleset, Setup};
use vt_ui::tabletop::{Table, TableAction, TableTools};
use vt_ui::testing::{self, StandIn};
use vt_ui::{ActiveGame, Controller};

fn start(scenario: &str) -> App {
    let mut app = testing::board_app(CrossfireVnPlugin);
    app.world_mut().resource_mut::<StandIn>().follow_decider = true;
    let game: Arc<dyn DynGame> = Arc::new(Game::new(CrossfireVn::embedded()));
    testing::start(
        &mut app,
        game,
        Setup::new(scenario, 3),
        vec![Controller::Person, Controller::Person],
    );
    let viewer = app.world().resource::<ActiveGame>().deciding_side();
    app.world_mut().resource_mut::<ActiveGame>().viewer = viewer;
    testing::settle(&mut app);
    app
}

fn state(app: &App) -> &State {
    &app.world()
        .resource::<ActiveGame>()
        .typed::<CrossfireVn>()
        .expect("a Crossfire game")
        .state
}

fn act(app: &mut App, a: TableAction) {
    app.world_mut().write_message(a);
    testing::settle(app);
}

fn decide(app: &mut App, c: &Command) {
    testing::apply(app, &serde_json::to_value(c).unwrap(), true);
}

#[test]
fn the_table_shows_what_the_side_sees() {
    let app = start("trail-contact");
    let table = app.world().resource::<Table>();
    let s = state(&app);
    let rules = CrossfireVn::embedded();
    let viewer = Side::from_idx(app.world().resource::<ActiveGame>().viewer.unwrap());
    assert!(!table.features.is_empty());
    let seen = s
        .stands
        .iter()
        .filter(|st| rules.visible_to(st, viewer))
        .count();
    assert_eq!(table.stands.len(), seen);
    // Hidden enemy stands are absent, not drawn.
    for st in s.stands.iter().filter(|st| st.side != viewer && st.hidden) {
        assert!(table.stand(st.id as u64).is_none());
    }
}

#[test]
fn set_up_by_dragging_then_move_and_fire() {
    let mut app = start("trail-contact");
    let rules = CrossfireVn::embedded();
    // Set-up: drag a stand a little within its zone.
    let (stand, at) = {
        let s = state(&app);
        assert!(matches!(s.step(), Step::Setup { .. }));
        let Step::Setup { side } = s.step() else {
            panic!()
        };
        let st = s.stands.iter().find(|st| st.side == *side).unwrap();
        (st.id, st.at)
    };
    let legal_place = {
        let s = state(&app);
        [(0.5, 0.0), (-0.5, 0.0), (0.0, 0.5), (0.0, -0.5)]
            .iter()
            .map(|(dx, dy)| Point::new(at.x + dx, at.y + dy))
            .find(|p| {
                let st = s.stand(stand);
                rules
                    .check(
                        s,
                        &Command::Place {
                            stand,
                            at: *p,
                            facing: *p + (st.facing - st.at),
                        },
                    )
                    .is_ok()
            })
            .expect("a nudge inside the zone")
    };
    act(
        &mut app,
        TableAction::Drop {
            stand: stand as u64,
            to: legal_place,
        },
    );
    let sent: Vec<Command> = app.world_mut().resource_mut::<StandIn>().take();
    assert!(
        matches!(sent.as_slice(), [Command::Place { .. }]),
        "{sent:?}"
    );
    // Both sides finish setting up.
    while matches!(state(&app).step(), Step::Setup { .. }) {
        decide(&mut app, &Command::SetupDone);
    }
    let synced = app
        .world()
        .resource::<vt_ui::prelude::Synced<CrossfireVn>>();
    assert_eq!(synced.kind_as::<Kind>(), Some(Kind::Initiative));
    // A move: the first legal single-stand move, given by a drop far
    // beyond where it ends; the stand goes as far as the rules let it.
    let (mover, to) = synced
        .legal
        .iter()
        .find_map(|c| match c {
            Command::Move { moves } if moves.len() == 1 => Some((moves[0].stand, moves[0].to)),
            _ => None,
        })
        .expect("a move");
    act(
        &mut app,
        TableAction::Drop {
            stand: mover as u64,
            to,
        },
    );
    let sent: Vec<Command> = app.world_mut().resource_mut::<StandIn>().take();
    assert!(
        matches!(sent.as_slice(), [Command::Move { moves }] if moves[0].stand == mover),
        "{sent:?}"
    );
    // If the enemy may now fire reactively, let it go on.
    while matches!(state(&app).step(), Step::Reaction(_)) {
        decide(&mut app, &Command::NoReaction);
    }
    // Fire: select a stand that may fire, click its target.
    let synced = app
        .world()
        .resource::<vt_ui::prelude::Synced<CrossfireVn>>();
    if let Some((firer, target)) = synced.legal.iter().find_map(|c| match c {
        Command::Fire { firers, target, .. } if firers.len() == 1 => Some((firers[0], *target)),
        _ => None,
    }) {
        app.world_mut().resource_mut::<TableTools>().selected = Some(firer as u64);
        act(
            &mut app,
            TableAction::Click {
                stand: target as u64,
            },
        );
        let sent: Vec<Command> = app.world_mut().resource_mut::<StandIn>().take();
        assert!(
            matches!(sent.as_slice(), [Command::Fire { firers, target: t, .. }] if firers[0] == firer && *t == target),
            "{sent:?}"
        );
    }
}

/// Both sides done setting up a scenario: the Free World to act.
fn after_setup(scenario: &str) -> App {
    let mut app = start(scenario);
    while matches!(state(&app).step(), Step::Setup { .. }) {
        decide(&mut app, &Command::SetupDone);
    }
    app
}

// A real click's press and release come frames apart, and the board
// selects a stand that may move as soon as the button goes down: Shift+
// click must still add the stand to the group of the one selected before
// (found playing with the mouse: the group was replaced, not grown).
#[test]
fn shift_click_grows_the_group_across_frames() {
    let mut app = after_setup("dust-off-under-fire");
    let (a, b) = {
        let s = state(&app);
        let mut fts = s
            .stands
            .iter()
            .filter(|st| st.side == Side::FreeWorld && st.label.starts_with("1/"));
        (fts.next().unwrap().id as u64, fts.next().unwrap().id as u64)
    };
    app.world_mut().resource_mut::<TableTools>().selected = Some(a);
    testing::settle(&mut app);
    // Button down on b, Shift held: the board selects b at once.
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::ShiftLeft);
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Left);
    app.world_mut().resource_mut::<TableTools>().selected = Some(b);
    app.update();
    app.update();
    // Released a few frames later: the click.
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .release(MouseButton::Left);
    app.world_mut()
        .write_message(TableAction::Click { stand: b });
    app.update();
    assert_eq!(app.world().resource::<TableTools>().selected, Some(a));
    let group = app
        .world()
        .resource::<crossfire_vn_plugin::board::FireGroup>();
    assert_eq!(group.extra, vec![b as u16]);
}

// 6.5: a carrier dragged from beside a casualty carries it (a medevac
// action), not a plain move that leaves it lying.
#[test]
fn a_dragged_carrier_beside_a_casualty_carries_it() {
    let mut app = after_setup("dust-off-under-fire");
    let rules = CrossfireVn::embedded();
    // Doc 1 steps beside the casualty at (31, 19).
    let doc = state(&app)
        .stands
        .iter()
        .find(|st| st.label == "Doc 1")
        .unwrap()
        .id;
    decide(
        &mut app,
        &Command::Move {
            moves: vec![crossfire_vn_rules::command::StandMove {
                stand: doc,
                to: Point::new(31.8, 19.8),
                facing: None,
            }],
        },
    );
    while matches!(state(&app).step(), Step::Reaction(_)) {
        decide(&mut app, &Command::NoReaction);
    }
    let (carrier, at) = {
        let s = state(&app);
        let range = rules.rules().medevac.pickup_range.value;
        let st = s
            .stands
            .iter()
            .find(|st| {
                st.side == Side::FreeWorld
                    && rules.unit_type(st).carry > 0
                    && !rules.markers_near(s, st, range).is_empty()
            })
            .expect("a Marine beside a casualty");
        (st.id, st.at)
    };
    act(
        &mut app,
        TableAction::Drop {
            stand: carrier as u64,
            to: Point::new(at.x, at.y - 3.0),
        },
    );
    let sent: Vec<Command> = app.world_mut().resource_mut::<StandIn>().take();
    assert!(
        matches!(sent.as_slice(), [Command::Medevac { carrier: c, pick_up, drop: true, .. }] if *c == carrier && !pick_up.is_empty()),
        "{sent:?}"
    );
}

// Session 41: the computer's suggestion was only read in the strip at the
// top ("Move 1/1 B to Trail at (36, 32)"), the stand left to be found
// among a dozen small bases. It is marked on the table while it stands:
// the stands it uses ringed, a line to where each goes or what it aims at.
#[test]
fn a_suggestion_is_marked_on_the_table() {
    let mut app = after_setup("trail-contact");
    let legal = {
        let g = app.world().resource::<ActiveGame>();
        g.session.legal()
    };
    // A move the rules stop short of where it was aimed (base 4.0: at
    // the edge of the first feature it enters): the line ends there.
    let rules = CrossfireVn::embedded();
    let (c, stand, end) = legal
        .iter()
        .filter_map(|v| serde_json::from_value::<Command>(v.clone()).ok())
        .find_map(|c| match &c {
            Command::Move { moves } if moves.len() == 1 => {
                let end = rules
                    .preview_move(state(&app), moves[0].stand, moves[0].to)
                    .to;
                (end.distance(moves[0].to) > 1.0).then(|| (c.clone(), moves[0].stand, end))
            }
            _ => None,
        })
        .expect("a move offered that stops short");
    let from = state(&app).get(stand).unwrap().at;
    app.world_mut().resource_mut::<vt_ui::Suggested>().0 = Some(serde_json::to_value(&c).unwrap());
    testing::settle(&mut app);
    let marks = app
        .world()
        .resource::<vt_ui::tabletop::TablePreview>()
        .suggestion
        .clone()
        .expect("the suggestion marked");
    assert_eq!(marks.stands, vec![stand as u64]);
    assert_eq!(marks.lines, vec![(from, end)]);
    // Every stand marked is on the table, to be ringed.
    let table = app.world().resource::<Table>();
    assert!(marks.stands.iter().all(|k| table.stand(*k).is_some()));
    // Dismissed (or played): the marks go with it.
    app.world_mut().resource_mut::<vt_ui::Suggested>().0 = None;
    testing::settle(&mut app);
    assert_eq!(
        app.world()
            .resource::<vt_ui::tabletop::TablePreview>()
            .suggestion,
        None
    );
}
