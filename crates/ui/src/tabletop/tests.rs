//! Headless tests of the table board with Skirmish (MinimalPlugins, no
//! window, no egui): the table and its stands are drawn, a dragged stand's
//! move is priced by the rules and dropped as an order (as far as it can
//! go), a click on an enemy fires, a template calls support; the tools
//! measure with the rules' geometry; the pointer drives the tools.

use super::skirmish::{SkirmishPlugin, table_of};
use super::tools::{SightLine, Tape, coverage, read_sight, read_tape};
use super::*;
use crate::board::BoardPointer;
use crate::testing::{self, StandIn};
use crate::{ActiveGame, Controller};
use std::sync::Arc;
use vt_core::dynamic::Game;
use vt_core::tabletop::skirmish::{Order, Skirmish, View};
use vt_core::tabletop::{Circle, Seen};
use vt_core::{Ruleset, Setup};

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn app() -> App {
    let mut app = testing::board_app(SkirmishPlugin);
    testing::start(
        &mut app,
        Arc::new(Game::new(Skirmish::default())),
        Setup::new("hamlet", 7),
        vec![Controller::Person, Controller::Person],
    );
    app.world_mut().resource_mut::<StandIn>().follow_decider = true;
    app
}

/// Holds the left button down (a drag under way) or lets it go.
fn button(app: &mut App, down: bool) {
    let mut m = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
    if down {
        m.press(MouseButton::Left);
    } else {
        m.release(MouseButton::Left);
    }
}

fn view(app: &App) -> View {
    app.world()
        .resource::<ActiveGame>()
        .typed_view::<Skirmish>()
        .expect("a Skirmish game")
}

/// A stand held at `to` (the button held down): the rules' preview.
fn drag(app: &mut App, stand: u64, to: Point) -> MovePreview {
    app.world_mut().resource_mut::<TableTools>().drag = Some(StandDrag {
        stand,
        grab: Point::default(),
        to,
    });
    testing::settle(app);
    app.world()
        .resource::<TablePreview>()
        .movement
        .clone()
        .expect("a preview")
}

fn sent(app: &mut App) -> Vec<Order> {
    app.world_mut().resource_mut::<StandIn>().take()
}

fn stand_pieces(app: &mut App) -> usize {
    app.world_mut()
        .query::<&draw::StandPiece>()
        .iter(app.world())
        .count()
}

#[test]
fn the_table_and_its_stands_are_drawn() {
    let mut app = app();
    let t = app.world().resource::<Table>().clone();
    assert_eq!(t.game, Some(skirmish::GAME_ID));
    assert_eq!(t.size, Vec2::new(48.0, 36.0));
    assert_eq!(t.features.len(), Skirmish::default().features.len());
    assert_eq!(t.stands.len(), 10);
    // The US acts first: its stands may be dragged, the VC's not.
    assert!(t.stands.iter().filter(|s| s.side == 0).all(|s| s.movable));
    assert!(t.stands.iter().filter(|s| s.side == 1).all(|s| !s.movable));
    assert_eq!(stand_pieces(&mut app), 10);
    // The board fits the table with room for a stand's width round it.
    let b = app
        .world()
        .resource::<crate::board::BoardBounds>()
        .0
        .unwrap();
    assert_eq!(b, Rect::new(-1.5, -1.5, 49.5, 37.5));
}

// A drag is priced by the rules: 2.5" of open ground and 2" of paddy at 1.5
// is 5.5 of the rifle team's 6"; dropped beyond, it goes as far as it can.
#[test]
fn a_dragged_stand_shows_where_it_stops_and_moves_there() {
    let mut app = app();
    button(&mut app, true);
    let m = drag(&mut app, 0, p(17.0, 7.0));
    assert!(m.legal);
    assert_eq!(m.note, "5.5\" of 6\"");
    assert_eq!(m.slow.len(), 1, "the paddy is slow going: {:?}", m.slow);
    // Further: it stops 3.5 / 1.5 into the paddy.
    let m = drag(&mut app, 0, p(17.0, 12.0));
    assert!(!m.legal);
    assert!((m.end.y - (5.0 + 3.5 / 1.5)).abs() < 1e-6, "{:?}", m.end);
    assert_eq!(m.note, "stops after 6.0\" of 6\": no movement left");
    // Let go there: the order moves it to where it stops.
    button(&mut app, false);
    testing::settle(&mut app);
    assert_eq!(app.world().resource::<TableTools>().drag, None);
    let orders = sent(&mut app);
    let [Order::Move { stand: 0, to }] = orders.as_slice() else {
        panic!("{orders:?}")
    };
    assert!((to.y - 7.33).abs() <= 0.011, "{to:?}");
    let v = view(&app);
    assert_eq!(v.stands[0].base.centre(), *to);
    // The VC to act now: the table shows it.
    let t = app.world().resource::<Table>();
    assert!(t.stands.iter().filter(|s| s.side == 1).all(|s| s.movable));
    assert!(t.stand(0).unwrap().spent);
}

#[test]
fn a_click_on_an_enemy_fires_and_a_template_calls_support() {
    let mut app = app();
    // The US rifle team at (33, 8) sees the VC team in the trench.
    app.world_mut().resource_mut::<TableTools>().selected = Some(2);
    app.world_mut()
        .write_message(TableAction::Click { stand: 7 });
    testing::settle(&mut app);
    assert_eq!(
        sent(&mut app),
        vec![Order::Fire {
            stand: 2,
            target: 7
        }]
    );
    // The VC's turn; then the US leader calls a smoke screen with the
    // template tool.
    testing::apply(&mut app, &serde_json::to_value(Order::Pass).unwrap(), true);
    assert_eq!(view(&app).to_act(), Some(0));
    app.world_mut().resource_mut::<TableTools>().selected = Some(4);
    let at = p(21.0, 8.0);
    let template = TemplateKind::Smoke.at(at, p(0.0, 1.0));
    app.world_mut().write_message(TableAction::Template {
        kind: TemplateKind::Smoke,
        template,
    });
    testing::settle(&mut app);
    let orders = sent(&mut app);
    assert!(
        matches!(orders.as_slice(), [Order::Call { stand: 4, at: a, .. }] if *a == at),
        "{orders:?}"
    );
    // The smoke lies on the table now.
    assert_eq!(app.world().resource::<Table>().templates.len(), 1);
}

// Tab goes through the stands that may move now.
#[test]
fn tab_selects_the_next_ready_stand() {
    let mut app = app();
    for want in [0, 1, 2, 3, 4, 0] {
        app.world_mut()
            .write_message(crate::board::CycleUnits { backwards: false });
        testing::settle(&mut app);
        assert_eq!(app.world().resource::<TableTools>().selected, Some(want));
    }
    app.world_mut()
        .write_message(crate::board::CycleUnits { backwards: true });
    testing::settle(&mut app);
    assert_eq!(app.world().resource::<TableTools>().selected, Some(4));
}

#[test]
fn a_refused_click_says_why() {
    let mut app = app();
    // The HMG on the hill and the VC leader at the far edge: out of range.
    app.world_mut().resource_mut::<TableTools>().selected = Some(3);
    app.world_mut()
        .write_message(TableAction::Click { stand: 9 });
    testing::settle(&mut app);
    assert!(sent(&mut app).is_empty());
    let why = app
        .world()
        .resource::<TablePreview>()
        .refusal
        .clone()
        .unwrap();
    assert!(
        why.contains("the longest shot is 24\"") && why.contains("(Skirmish 5)"),
        "{why}"
    );
}

fn start_table() -> Table {
    let g = Skirmish::default();
    let s = g.new_game(&Setup::new("hamlet", 1)).unwrap();
    table_of(&g.view(&s, 0), true, true)
}

// The tape reads edge to edge between stands, point to point elsewhere.
#[test]
fn the_tape_measures_edge_to_edge() {
    let t = start_table();
    // US rifle 1 (1.5" wide, 1" deep, at (17, 2.5)) to the leader (a 1"
    // round base at (21, 2)): √(4² + 0.5²) - 0.5 between centres... edge
    // to edge it is the rules' own distance.
    let want = t
        .stand(0)
        .unwrap()
        .base
        .distance_to(&t.stand(4).unwrap().base);
    let r = read_tape(
        &Tape {
            from: p(17.0, 2.5),
            from_stand: Some(0),
            to: p(21.0, 2.0),
            to_stand: Some(4),
            live: false,
        },
        &t,
    );
    assert!(r.edge_to_edge);
    assert_eq!(r.inches, want);
    assert!((r.inches - (3.25 - 0.5 + 0.0)).abs() < 0.2);
    let r = read_tape(
        &Tape {
            from: p(0.0, 0.0),
            from_stand: None,
            to: p(3.0, 4.0),
            to_stand: None,
            live: false,
        },
        &t,
    );
    assert_eq!((r.inches, r.edge_to_edge), (5.0, false));
}

// The sight tool: clear across the paddies, cover in the trench, blocked
// deep in the jungle, dead ground behind the trees from the hill.
#[test]
fn the_sight_tool_reads_as_the_rules() {
    let t = start_table();
    let look = |from: Point, from_stand: Option<u64>, to: Point| {
        read_sight(
            &SightLine {
                from,
                from_stand,
                to,
                live: false,
            },
            &t,
        )
    };
    // From US rifle 3 at (33, 8) to the VC team in the trench.
    let r = look(p(33.0, 8.0), Some(2), p(36.0, 24.1));
    assert_eq!(r.seen, Seen::Cover);
    assert!(r.words.contains("trench"), "{}", r.words);
    // Into the jungle 5" deep: blocked.
    let r = look(p(30.0, 5.0), None, p(40.0, 5.0));
    assert_eq!(r.seen, Seen::Blocked);
    assert!(r.words.contains("jungle"));
    // The profile colours every stretch: clear, then 2" of cover, then
    // blocked.
    let kinds: Vec<Seen> = r.profile.iter().map(|s| s.seen).collect();
    assert_eq!(kinds, [Seen::Clear, Seen::Cover, Seen::Blocked]);
    // The same verdicts as the rules' own.
    let g = Skirmish::default();
    let s = g.new_game(&Setup::new("hamlet", 1)).unwrap();
    let rules = g.sight_to(s.scene(), 2, p(36.0, 24.1)).unwrap();
    assert_eq!(rules.seen, Seen::Cover);
}

// A template shows how much of each base it covers.
#[test]
fn templates_cover_bases() {
    let t = start_table();
    // A 5" blast on the US rifle team at (17, 2.5): wholly under.
    let blast: vt_core::tabletop::Template = Circle::of_diameter(p(17.0, 2.5), 5.0).into();
    let c = coverage(&blast, &t);
    assert_eq!(c, vec![(0, 1.0, true)]);
    // Moved 2.5" off: about half, not wholly.
    let off: vt_core::tabletop::Template = Circle::of_diameter(p(19.5, 2.5), 5.0).into();
    let c = coverage(&off, &t);
    let team = c.iter().find(|x| x.0 == 0).unwrap();
    assert!(team.1 > 0.3 && team.1 < 0.7 && !team.2, "{team:?}");
    // The leader at (21, 2) is under it too.
    assert!(c.iter().any(|x| x.0 == 4));
}

/// The pointer drives the tools: a stand picked up and dropped, a tape
/// pulled from a stand. Only the board's input systems, with the pointer
/// set by hand (no window).
#[test]
fn the_pointer_drives_the_tools() {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .init_resource::<ButtonInput<MouseButton>>()
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<BoardPointer>()
        .init_resource::<TableTools>()
        .add_message::<crate::board::BoardClick>()
        .add_message::<TableAction>()
        .insert_resource(start_table())
        .add_systems(Update, (input::keys, input::pointer).chain());
    let at = |app: &mut App, x: f64, y: f64| {
        let mut bp = app.world_mut().resource_mut::<BoardPointer>();
        bp.world = Some(Vec2::new(x as f32, y as f32));
        bp.window = Some(Vec2::new(500.0, 400.0));
    };
    let mouse = |app: &mut App, down: bool| {
        let mut m = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
        m.clear();
        if down {
            m.press(MouseButton::Left);
        } else {
            m.release(MouseButton::Left);
        }
    };
    // Pick up US rifle 1 a little off its centre and drag it.
    at(&mut app, 17.3, 2.6);
    mouse(&mut app, true);
    app.update();
    let d = app.world().resource::<TableTools>().drag.unwrap();
    assert_eq!(d.stand, 0);
    at(&mut app, 17.3, 6.6);
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .clear();
    app.update();
    assert_eq!(
        app.world().resource::<TableTools>().drag.unwrap().to,
        p(17.0, 6.5)
    );
    mouse(&mut app, false);
    app.update();
    let actions: Vec<TableAction> = app
        .world_mut()
        .resource_mut::<Messages<TableAction>>()
        .drain()
        .collect();
    assert_eq!(
        actions,
        vec![TableAction::Drop {
            stand: 0,
            to: p(17.0, 6.5)
        }]
    );
    // M: the tape, pulled from the leader to a point.
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::KeyM);
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .reset_all();
    assert_eq!(app.world().resource::<TableTools>().tool, Tool::Tape);
    at(&mut app, 21.1, 2.1);
    mouse(&mut app, true);
    app.update();
    at(&mut app, 21.0, 10.0);
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .clear();
    app.update();
    let tape = app.world().resource::<TableTools>().tape.unwrap();
    assert_eq!((tape.from, tape.from_stand), (p(21.0, 2.0), Some(4)));
    assert_eq!(tape.to, p(21.0, 10.0));
    // From a round base of radius 0.5: 7.5" to the point.
    let r = read_tape(&tape, app.world().resource::<Table>());
    assert!((r.inches - 7.5).abs() < 1e-5);
}

/// Where each stand's piece is, by the game's key.
fn piece_at(app: &mut App, key: u64) -> Option<Vec3> {
    app.world_mut()
        .query_filtered::<(&crate::pieces::PieceKey, &Transform), With<draw::StandPiece>>()
        .iter(app.world())
        .find(|(k, _)| **k == crate::pieces::PieceKey("stand", key))
        .map(|(_, t)| t.translation)
}

// One piece per stand the table holds, at its base's centre; a stand the
// game leaves out (a hidden enemy, absent from the view) has none, and
// one that leaves the table loses its piece.
#[test]
fn pieces_are_the_stands_the_view_holds() {
    let mut app = app();
    let t = app.world().resource::<Table>().clone();
    for s in &t.stands {
        let at = piece_at(&mut app, s.key).expect("a piece for every stand");
        assert_eq!(at.truncate(), super::mesh::v2(s.base.centre()));
    }
    // The VC leader goes out of sight, as a game with hidden stands would
    // leave it out of the viewer's table.
    app.world_mut()
        .resource_mut::<Table>()
        .stands
        .retain(|s| s.key != 9);
    testing::settle(&mut app);
    assert_eq!(stand_pieces(&mut app), 9);
    assert_eq!(piece_at(&mut app, 9), None);
    // The tools forget it too: Tab and clicks only find the stands drawn.
    assert_eq!(
        app.world().resource::<Table>().stand_at(p(24.0, 33.0)),
        None
    );
}

// A stand that moves slides from where it was to where it went (at the
// normal animation speed), and rests there.
#[test]
fn a_move_slides_the_stand() {
    use crate::anim::{AnimSpeed, Animations};
    use bevy::time::TimeUpdateStrategy;
    let mut app = app();
    // The US keeps the view (no hand-over: another side's view is drawn
    // afresh, without slides).
    app.world_mut().resource_mut::<StandIn>().follow_decider = false;
    app.insert_resource(AnimSpeed::Normal)
        .insert_resource(TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(30),
        ));
    let from = piece_at(&mut app, 0).unwrap();
    let order = Order::Move {
        stand: 0,
        to: p(17.0, 6.5),
    };
    app.world_mut()
        .write_message(crate::SubmitCommand::typed(&order));
    let mut xs = vec![];
    for _ in 0..40 {
        app.update();
        xs.push(piece_at(&mut app, 0).unwrap());
    }
    let home = super::mesh::v2(p(17.0, 6.5));
    assert_eq!(
        xs.last().unwrap().truncate(),
        home,
        "it rests where it went"
    );
    assert_eq!(xs.last().unwrap().z, from.z, "at its height");
    assert!(
        xs.iter().any(|a| a.y > from.y + 0.5 && a.y < home.y - 0.5),
        "it passes between: {xs:?}"
    );
    assert!(!app.world().resource::<Animations>().busy());
}

// A selected stand that may move shows where it can get to: 6" over open
// ground, less through the paddy (1.5 an inch), as the rules price it.
#[test]
fn a_selected_stand_shows_its_reach() {
    let mut app = app();
    app.world_mut().resource_mut::<TableTools>().selected = Some(0);
    testing::settle(&mut app);
    let r = app
        .world()
        .resource::<TablePreview>()
        .reach
        .clone()
        .expect("a reach");
    assert_eq!((r.stand, r.outline.len()), (0, 72));
    let c = p(17.0, 2.5);
    assert!(r.outline.iter().all(|q| q.distance(c) <= 6.0 + 1e-6));
    // Straight up (a quarter round): 2.5" of open ground, then 3.5 / 1.5
    // into the paddy.
    let up = r.outline[18];
    assert!((up.y - (5.0 + 3.5 / 1.5)).abs() < 1e-6, "{up:?}");
    assert!((up.x - 17.0).abs() < 1e-6);
    // Nearer the table's edge than its allowance: kept on the table.
    assert!(r.outline.iter().all(|q| q.y >= -1e-9));
    // A VC stand (not the US's to move) shows none.
    app.world_mut().resource_mut::<TableTools>().selected = Some(7);
    testing::settle(&mut app);
    assert_eq!(app.world().resource::<TablePreview>().reach, None);
}

// The suggestion's label goes beside the stand where it covers no other:
// in a line of stands abreast it goes clear of the line, not onto the
// neighbour on the right; where there is room on the right it goes
// there; and it keeps out from under the panel on the right.
#[test]
fn the_suggestion_label_keeps_off_other_stands() {
    use super::draw::label_spot;
    let base = |x: f64, y: f64| vt_core::tabletop::Base::rect(p(x, y), 1.5, 0.75, p(0.0, 1.0));
    let size = Vec2::new(5.0, 1.0);
    const ALL: [Point; 2] = [Point { x: -1e9, y: -1e9 }, Point { x: 1e9, y: 1e9 }];
    let me = base(20.0, 10.0);
    let covers = |at: Point, others: &[vt_core::tabletop::Base]| {
        let b = vt_core::tabletop::Base::rect(at, 5.0, 1.0, p(0.0, 1.0));
        others.iter().filter(|o| o.overlaps(&b)).count()
    };
    // Alone: on the right.
    let at = label_spot(&me, size, 0.2, &[], ALL);
    assert!(at.x > 20.0 && (at.y - 10.0).abs() < 1e-9, "{at:?}");
    // A line abreast, 2" apart: neither right nor left is clear.
    let line: Vec<_> = [14.0, 16.0, 18.0, 22.0, 24.0, 26.0]
        .iter()
        .map(|&x| base(x, 10.0))
        .collect();
    let at = label_spot(&me, size, 0.2, &line, ALL);
    assert_eq!(covers(at, &line), 0, "{at:?}");
    assert!((at.y - 10.0).abs() > 0.5, "{at:?}");
    // Stands above the line as well: below it.
    let mut boxed = line.clone();
    boxed.extend([16.0, 18.0, 20.0, 22.0, 24.0].map(|x| base(x, 11.5)));
    let at = label_spot(&me, size, 0.2, &boxed, ALL);
    assert_eq!(covers(at, &boxed), 0);
    assert!(at.y < 10.0, "{at:?}");
    // Trail Contact's set-up (session 42's screenshot): a stand on the
    // right and the next row up and to the left; the label above, running
    // right from the stand.
    let rows = vec![
        base(22.0, 10.0),
        base(16.5, 12.0),
        base(18.0, 12.0),
        base(17.0, 10.0),
    ];
    let at = label_spot(&me, size, 0.2, &rows, ALL);
    assert_eq!(covers(at, &rows), 0, "{at:?}");
    assert!(at.y > 10.0 && at.x > 20.0, "{at:?}");
    // By the panel's edge on the right: the left.
    let at = label_spot(&me, size, 0.2, &[], [p(0.0, 0.0), p(24.0, 40.0)]);
    assert!(at.x < 20.0, "{at:?}");
    // Stands all round but below, where the dice tray's edge is: the
    // label covers a stand rather than go under the tray, where the free
    // board alone would have put it.
    let mut low = vec![base(22.0, 10.0), base(18.0, 10.0)];
    low.extend([16.0, 18.0, 20.0, 22.0, 24.0].map(|x| base(x, 11.5)));
    let clear = label_spot(&me, size, 0.2, &low, ALL);
    assert!(clear.y < 10.0 && covers(clear, &low) == 0, "{clear:?}");
    let at = label_spot(&me, size, 0.2, &low, [p(0.0, 8.9), p(72.0, 40.0)]);
    assert!(at.y - 0.5 >= 8.9, "{at:?}");
}
