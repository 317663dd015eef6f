//! The board with no window: clicks on hexes become the right commands, and
//! what is drawn comes from the viewing side's view only.

use bevy::prelude::*;
use fte_plugin::pick::{AimKind, Tool};
use fte_plugin::{FteAction, FtePlugin, FteScreen};
use fte_rules::geo::Hex;
use fte_rules::state::{MoveMode, Side, UnitId, UnitStatus};
use fte_rules::step::Kind as K;
use fte_rules::{Command, Fte, Target};
use std::sync::Arc;
use vt_core::Ruleset;
use vt_core::dynamic::{DynGame, Game};
use vt_core::session::Session;
use vt_core::{SideIdx, engine::Setup};
use vt_ui::board::Tooltip;
use vt_ui::hexmap::{HexClicked, MapCoord};
use vt_ui::sync::Synced;
use vt_ui::testing::{self, StandIn};
use vt_ui::{ActiveGame, Controller};

/// The plugin on vt-ui's stand-in launcher: it applies what the board
/// sends, and the board then shows the deciding side (hot seat without the
/// hand-over screen).
fn app(scenario: &str, seed: u64, viewer: SideIdx) -> App {
    let mut app = testing::board_app(FtePlugin);
    app.world_mut().resource_mut::<StandIn>().follow_decider = true;
    let game: Arc<dyn DynGame> = Arc::new(Game::new(Fte::embedded()));
    testing::start(
        &mut app,
        game,
        Setup::new(scenario, seed),
        vec![Controller::Person, Controller::Person],
    );
    app.world_mut().resource_mut::<ActiveGame>().viewer = Some(viewer);
    settle(&mut app);
    app
}

fn session(app: &mut App) -> &mut Session<Fte> {
    app.world_mut()
        .resource_mut::<ActiveGame>()
        .into_inner()
        .session
        .as_any_mut()
        .downcast_mut::<Session<Fte>>()
        .expect("an FTE session")
}

fn apply(app: &mut App, c: Command) {
    testing::apply(app, &serde_json::to_value(&c).unwrap(), true);
}

fn settle(app: &mut App) {
    testing::settle(app);
}

fn h(s: &str) -> Hex {
    s.parse().unwrap()
}

fn click(app: &mut App, hex: &str) {
    let c = h(hex);
    app.world_mut()
        .write_message(HexClicked(MapCoord::new(c.col, c.row)));
    settle(app);
}

fn act(app: &mut App, a: FteAction) {
    app.world_mut().write_message(a);
    settle(app);
}

fn sent(app: &mut App) -> Vec<Command> {
    app.world_mut().resource_mut::<StandIn>().take()
}

fn screen(app: &App) -> &FteScreen {
    app.world().resource::<FteScreen>()
}

/// What the screen shows of the game: the view, the decision, the legal
/// commands.
fn game(app: &App) -> &Synced<Fte> {
    app.world().resource::<Synced<Fte>>()
}

/// Both sides finish set-up as the scenario placed them.
fn past_setup(app: &mut App) {
    while {
        let s = session(app);
        s.rules.decision(&s.state).kind_as() == Some(K::Setup)
    } {
        apply(app, Command::SetupDone);
    }
}

fn unit_at(app: &mut App, ty: &str, hex: &str) -> UnitId {
    let s = session(app);
    let t = s.rules.type_index(ty).expect("type");
    s.state
        .units
        .iter()
        .find(|u| u.ty == t && u.hex == Some(h(hex)) && u.status == UnitStatus::OnMap)
        .map(|u| u.id)
        .unwrap_or_else(|| panic!("no {ty} in {hex}"))
}

/// Every word the spawned entities show: texts and tooltips.
fn drawn_words(app: &mut App) -> Vec<String> {
    let mut words = Vec::new();
    let w = app.world_mut();
    let mut q = w.query::<&vt_ui::board_text::BoardText>();
    for t in q.iter(w) {
        words.push(t.text.clone());
    }
    let mut q = w.query::<&Tooltip>();
    for t in q.iter(w) {
        words.push(t.title.clone());
        words.extend(t.lines.iter().cloned());
    }
    words
}

// FTE 18.1, 22.0, 23.0: a Concealed enemy is only a marker; what is under
// it (a Sniper, a Dummy, Civilians, a Leader) never reaches the screen.
#[test]
fn the_board_is_built_from_the_viewing_sides_view() {
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    assert_eq!(game(&a).view.as_ref().map(|v| v.side), Some(Side::Us));
    let words = drawn_words(&mut a);
    assert!(!words.is_empty(), "something was drawn");
    let secret = [
        "VC Commander",
        "VC Fire Team",
        "VC Sniper",
        "Dummy",
        "Civilians",
        "Sniper",
        "Cmdr",
        "Rice Cache",
        "Medical Cache",
        "Ammo Cache",
        "Tunnel",
    ];
    for w in &words {
        for s in secret {
            assert!(!w.contains(s), "the US board shows '{w}'");
        }
    }
    // One Concealed marker per hidden VC unit, and "?" caches.
    let hidden = session(&mut a)
        .state
        .units
        .iter()
        .filter(|u| u.side == Side::Nva && u.status == UnitStatus::OnMap)
        .count();
    let markers = words
        .iter()
        .filter(|w| w.starts_with("Concealed marker"))
        .count();
    assert_eq!(markers, hidden);
    assert!(words.iter().any(|w| w.starts_with("Hidden marker")));
    // The same game seen by the NVA/VC shows its own units by name.
    let v = {
        let s = session(&mut a);
        s.rules.view(&s.state, 1)
    };
    a.world_mut().resource_mut::<ActiveGame>().viewer = Some(1);
    settle(&mut a);
    let words = drawn_words(&mut a);
    assert!(words.iter().any(|w| w.contains("VC Sniper")));
    assert!(words.iter().any(|w| w.contains("Rice Cache")));
    assert!(!v.units.is_empty());
}

// FTE 5.1: a click on a Leader offers its activation (with the units it
// brings), the hex's and the units'; choosing one sends it.
#[test]
fn a_click_on_a_stack_offers_its_activations() {
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    assert_eq!(game(&a).kind_as(), Some(K::Activate));
    let leader = unit_at(&mut a, "us-leader", "11.17");
    click(&mut a, "11.17");
    let menu = screen(&a).menu.clone().expect("a menu");
    let i = menu
        .items
        .iter()
        .position(|m| m.then == fte_plugin::pick::Click::Submit(Command::ActivateLeader { leader }))
        .expect("the Leader's activation is offered");
    assert!(
        menu.items[i].units.len() > 1,
        "it lights up the units the Leader brings"
    );
    assert!(menu.items.iter().any(|m| {
        m.then == fte_plugin::pick::Click::Submit(Command::ActivateHex { hex: h("11.17") })
    }));
    act(&mut a, FteAction::Choose(i));
    assert_eq!(sent(&mut a), vec![Command::ActivateLeader { leader }]);
    assert_eq!(game(&a).kind_as(), Some(K::Action));
    // A click on an empty field hex offers nothing.
    click(&mut a, "3.3");
    assert!(sent(&mut a).is_empty());
}

// FTE 6.0, 6.4, 21.0: a click on a far hex moves the selection there one
// hex at a time (each hex its own command), then ends the move.
#[test]
fn a_click_on_a_reachable_hex_walks_there_hex_by_hex() {
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    let leader = unit_at(&mut a, "us-leader", "9.17");
    apply(&mut a, Command::ActivateUnit { unit: leader });
    assert_eq!(game(&a).kind_as(), Some(K::Action));
    assert_eq!(screen(&a).sel, vec![leader], "a lone unit is selected");
    let reach = screen(&a).reach.clone();
    // 6.17 is three hexes west of 9.17, over the paddies.
    let dest = h("6.17");
    let cost = reach
        .iter()
        .find(|(x, _)| *x == dest)
        .map(|(_, c)| *c)
        .expect("6.17 is in reach");
    click(&mut a, "6.17");
    // Walk on: the board sends one step per frame.
    for _ in 0..20 {
        a.update();
    }
    let cmds = sent(&mut a);
    assert_eq!(
        cmds[0],
        Command::Move {
            units: vec![leader],
            mode: MoveMode::Normal
        }
    );
    let steps: Vec<Hex> = cmds
        .iter()
        .filter_map(|c| match c {
            Command::Step { hex } => Some(*hex),
            _ => None,
        })
        .collect();
    assert_eq!(steps.len(), 3, "9.17 to 6.17 is three hexes: {cmds:?}");
    assert_eq!(*steps.last().unwrap(), dest);
    assert_eq!(cmds.last(), Some(&Command::EndMove));
    assert!(cost <= 10);
    let s = session(&mut a);
    assert_eq!(s.state.unit(leader).hex, Some(dest));
}

fn conceal_next_to(app: &mut App, ty: &str, hex: &str) -> (UnitId, u16) {
    let s = session(app);
    let t = s.rules.type_index(ty).expect("type");
    let u = s
        .state
        .units
        .iter()
        .find(|u| u.ty == t && u.status == UnitStatus::OnMap)
        .map(|u| u.id)
        .expect("unit");
    let x = s.state.unit_mut(u);
    x.hex = Some(h(hex));
    x.fort = None;
    assert!(x.concealed);
    (u, x.marker)
}

// FTE 7.1, 18.1: a click on a Concealed marker aims at it; the number
// needed shows with every modifier and its section before the roll, and
// confirming sends the Fire with the marker as target.
#[test]
fn a_click_on_an_enemy_aims_and_confirming_fires() {
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    let (_, marker) = conceal_next_to(&mut a, "vc-rifle", "10.16");
    let rifle = unit_at(&mut a, "us-rifle", "10.17");
    apply(&mut a, Command::ActivateUnit { unit: rifle });
    // The target ring and its number are on the board before any click.
    let aims = screen(&a).aims.clone();
    let (aim, preview) = aims
        .iter()
        .find(|(x, _)| x.target == Some(Target::Marker(marker)))
        .expect("the marker is a target");
    assert_eq!(aim.kind, AimKind::Fire);
    let p = preview.as_ref().expect("a preview");
    assert!(p.hidden, "the marker may hide modifiers");
    click(&mut a, "10.16");
    // Next to it, the rifle team may fire or assault (8.0): a menu.
    let menu = screen(&a).menu.clone().expect("fire or assault");
    assert!(
        menu.items
            .iter()
            .any(|m| m.label.starts_with("Assault 10.16"))
    );
    let i = menu
        .items
        .iter()
        .position(|m| m.label.starts_with("Fire at Concealed marker"))
        .expect("fire");
    act(&mut a, FteAction::Choose(i));
    let st = screen(&a);
    let aim = st.aim.clone().expect("aiming");
    assert_eq!(aim.target, Some(Target::Marker(marker)));
    let adj = &st.aim_preview.as_ref().expect("a preview")[0];
    let rules: Vec<&str> = adj.modifiers.iter().map(|m| m.rule.as_str()).collect();
    assert!(
        rules.contains(&"FTE 18.1"),
        "+2 for the Concealed target: {rules:?}"
    );
    assert!(
        rules.contains(&"FTE 7.1"),
        "-1 for firing adjacent: {rules:?}"
    );
    assert!(
        adj.needed
            .as_deref()
            .unwrap()
            .starts_with(&format!("a roll of {} or less", p.needed))
    );
    assert!(
        sent(&mut a).is_empty(),
        "nothing is fired before the confirm"
    );
    act(&mut a, FteAction::Confirm);
    assert_eq!(
        sent(&mut a),
        vec![Command::Fire {
            firers: vec![rifle],
            primary: rifle,
            target: Target::Marker(marker)
        }]
    );
}

// Fewer clicks: a second click on the hex being aimed at fires, as the
// Fire button does (select, aim, fire).
#[test]
fn a_second_click_on_the_aimed_target_fires() {
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    let (_, marker) = conceal_next_to(&mut a, "vc-rifle", "10.16");
    let rifle = unit_at(&mut a, "us-rifle", "10.17");
    apply(&mut a, Command::ActivateUnit { unit: rifle });
    click(&mut a, "10.16");
    let menu = screen(&a).menu.clone().expect("fire or assault");
    let i = (menu.items.iter())
        .position(|m| m.label.starts_with("Fire at Concealed marker"))
        .expect("fire");
    act(&mut a, FteAction::Choose(i));
    assert!(screen(&a).aim.is_some());
    assert!(sent(&mut a).is_empty(), "aiming fires nothing");
    click(&mut a, "10.16");
    assert_eq!(
        sent(&mut a),
        vec![Command::Fire {
            firers: vec![rifle],
            primary: rifle,
            target: Target::Marker(marker)
        }]
    );
}

// Double Time chosen in one activation does not carry over to the next
// (nor to the other side's units).
#[test]
fn the_movement_mode_does_not_carry_over() {
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    let rifle = unit_at(&mut a, "us-rifle", "10.17");
    apply(&mut a, Command::ActivateUnit { unit: rifle });
    act(&mut a, FteAction::SetMoveMode(MoveMode::DoubleTime));
    assert_eq!(screen(&a).move_mode, MoveMode::DoubleTime);
    assert!(game(&a).legal.contains(&Command::EndActivation));
    apply(&mut a, Command::EndActivation);
    for _ in 0..5 {
        a.update();
    }
    assert_ne!(game(&a).kind_as(), Some(K::Action), "the activation ended");
    assert_eq!(screen(&a).move_mode, MoveMode::Normal);
}

/// A US Leader walks from 9.17 to 6.17 in sight of a Visible VC team in
/// 4.16: the walk stops at the VC's Opportunity Fire chance.
fn walk_into_sight() -> (App, UnitId, UnitId) {
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    let (vc, _) = conceal_next_to(&mut a, "vc-rifle", "4.16");
    session(&mut a).state.unit_mut(vc).concealed = false;
    let leader = unit_at(&mut a, "us-leader", "9.17");
    apply(&mut a, Command::ActivateUnit { unit: leader });
    click(&mut a, "6.17");
    for _ in 0..20 {
        a.update();
    }
    (a, vc, leader)
}

// FTE 21.0: a unit entering a hex in sight of an unbroken enemy gives
// that side its chance: the prompt comes up on the other side's board,
// a click on its unit ticks it, and trying sends the check.
#[test]
fn opportunity_fire_is_prompted_to_the_other_side() {
    let (mut a, vc, leader) = walk_into_sight();
    assert_eq!(game(&a).kind_as(), Some(K::OpportunityFire));
    assert_eq!(
        game(&a).view.as_ref().map(|v| v.side),
        Some(Side::Nva),
        "the NVA/VC player decides"
    );
    let st = screen(&a);
    assert!(st.plan.is_empty(), "the walk stopped for the chance");
    // Before trying, the check each unit needs (Troop Quality and markers).
    let (u, check) = st.checks.first().expect("a check preview");
    assert_eq!(*u, vc);
    assert!(check.needed.as_deref().unwrap().contains("or less"));
    match &st.situation {
        Some(fte_rules::screen::Situation::OpFire { targets, .. }) => {
            assert_eq!(targets, &vec![Target::Unit(leader)]);
        }
        other => panic!("{other:?}"),
    }
    sent(&mut a);
    click(&mut a, "4.16");
    assert_eq!(screen(&a).sel, vec![vc], "a click ticks the unit");
    act(
        &mut a,
        FteAction::Submit(Command::OpFireAttempt { units: vec![vc] }),
    );
    assert_eq!(
        sent(&mut a),
        vec![Command::OpFireAttempt { units: vec![vc] }]
    );
}

// FTE 7.3: the tool traces the line between any two hexes and says what
// blocks it, as the rules judge it.
#[test]
fn the_line_of_sight_tool_traces_and_explains() {
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    act(
        &mut a,
        FteAction::SetTool(Tool::LineOfSight {
            from: None,
            to: None,
        }),
    );
    click(&mut a, "11.17");
    click(&mut a, "11.5");
    let los = screen(&a).los.clone().expect("a line");
    assert_eq!(los.from, h("11.17"));
    assert_eq!(los.to, h("11.5"));
    assert_eq!(los.trace.first(), Some(&h("11.17")));
    assert_eq!(los.trace.last(), Some(&h("11.5")));
    assert!(los.trace.len() >= 13);
    let s = session(&mut a);
    let expect = s.rules.line_of_sight(&s.state, h("11.17"), h("11.5")).err();
    assert_eq!(los.blocked, expect);
    assert!(los.blocked.is_some(), "the hamlet and the paddies block it");
    assert!(sent(&mut a).is_empty(), "looking sends nothing");
}

// FTE 3.0, 26.0: in set-up a click picks a unit up and a click in its area
// puts it down.
#[test]
fn set_up_picks_a_unit_up_and_puts_it_down() {
    let mut a = app("hamlet-search", 5, 1);
    assert_eq!(game(&a).kind_as(), Some(K::Setup));
    let dummy = unit_at(&mut a, "vc-dummy", "14.9");
    click(&mut a, "14.9");
    assert_eq!(screen(&a).sel, vec![dummy]);
    assert!(screen(&a).area.contains(&h("13.8")), "its area is ringed");
    click(&mut a, "13.8");
    assert_eq!(
        sent(&mut a),
        vec![Command::Place {
            unit: dummy,
            hex: h("13.8")
        }]
    );
}

// FTE 3.0: set-up re-placements are secret. A unit the NVA/VC player
// picked up and left selected is not the US player's selection after the
// hand-over (the column read "unit #12 picked up" to the US).
#[test]
fn a_selection_does_not_pass_to_the_next_player() {
    let mut a = app("hamlet-search", 5, 1);
    assert_eq!(game(&a).kind_as(), Some(K::Setup));
    let dummy = unit_at(&mut a, "vc-dummy", "14.9");
    click(&mut a, "14.9");
    assert_eq!(screen(&a).sel, vec![dummy]);
    act(&mut a, FteAction::SetTool(Tool::Plot));
    // A stack window left open (issue 14: it stayed over the next
    // player's board).
    a.world_mut().resource_mut::<FteScreen>().stack = Some(h("14.9"));
    apply(&mut a, Command::SetupDone);
    assert_eq!(game(&a).kind_as(), Some(K::Setup), "the US sets up next");
    assert_eq!(screen(&a).stack, None, "the stack window is closed");
    assert_eq!(game(&a).viewer, Some(0));
    assert!(screen(&a).sel.is_empty(), "{:?}", screen(&a).sel);
    assert!(
        screen(&a).area.is_empty(),
        "no ringed area of the VC's unit"
    );
    assert_eq!(screen(&a).tool, Tool::Play);
}

// Hot seat: while the hand-over screen hides the board (no viewer), no
// counter, marker or highlight of either side stays drawn.
#[test]
fn nothing_of_either_side_is_drawn_during_a_hand_over() {
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    let count = |a: &mut App| {
        let w = a.world_mut();
        let mut q = w.query_filtered::<Entity, With<fte_plugin::board::FteBoard>>();
        q.iter(w).count()
    };
    assert!(count(&mut a) > 0);
    a.world_mut().resource_mut::<ActiveGame>().viewer = None;
    settle(&mut a);
    assert_eq!(count(&mut a), 0);
    assert!(drawn_words(&mut a).is_empty(), "{:?}", drawn_words(&mut a));
    assert!(game(&a).view.is_none());
    assert!(game(&a).legal.is_empty());
}

// FTE 21.0: after the enemy's chance, the mover may go on with one click
// to where it was going.
#[test]
fn a_walk_stopped_by_opportunity_fire_can_go_on() {
    let (mut a, _, leader) = walk_into_sight();
    assert_eq!(game(&a).kind_as(), Some(K::OpportunityFire));
    sent(&mut a);
    apply(&mut a, Command::OpFirePass);
    assert_eq!(game(&a).kind_as(), Some(K::Move));
    let st = screen(&a);
    assert_eq!(st.resume, Some((h("6.17"), true)));
    act(&mut a, FteAction::Resume);
    for _ in 0..20 {
        a.update();
        // Pass every further chance at once.
        if game(&a).kind_as() == Some(K::OpportunityFire) {
            apply(&mut a, Command::OpFirePass);
        }
    }
    let cmds = sent(&mut a);
    assert!(
        matches!(cmds.first(), Some(Command::Step { .. })),
        "{cmds:?}"
    );
    let s = session(&mut a);
    assert_eq!(s.state.unit(leader).hex, Some(h("6.17")));
}

/// Animations on, and a clock of 1 ms a frame (a test's frames come as
/// fast or slow as the machine runs them).
fn animated(a: &mut App) {
    a.insert_resource(vt_ui::anim::AnimSpeed::Normal);
    a.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(1),
    ));
}

/// The counter of a unit on the board, and where it is drawn.
fn counter_of(app: &mut App, unit: UnitId) -> (Entity, Vec3) {
    let w = app.world_mut();
    let mut q = w.query::<(Entity, &vt_ui::pieces::PieceKey, &Transform)>();
    q.iter(w)
        .find(|(_, k, _)| **k == vt_ui::pieces::PieceKey("unit", unit as u64))
        .map(|(e, _, t)| (e, t.translation))
        .expect("the unit's counter")
}

// What the computer (or the other player) just did is shown: a unit that
// moves slides hex by hex from where it was; a shot flashes on its target,
// even a Concealed marker, where the firer sees it.
#[test]
fn a_move_slides_the_counter_from_where_it_was() {
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    let leader = unit_at(&mut a, "us-leader", "9.17");
    apply(&mut a, Command::ActivateUnit { unit: leader });
    animated(&mut a);
    let (_, at) = counter_of(&mut a, leader);
    apply(
        &mut a,
        Command::Move {
            units: vec![leader],
            mode: MoveMode::Normal,
        },
    );
    apply(&mut a, Command::Step { hex: h("8.17") });
    let (_, now) = counter_of(&mut a, leader);
    assert!(
        a.world().resource::<vt_ui::anim::Animations>().busy(),
        "it slides"
    );
    assert!(now.distance(at) < 1.0, "it starts from where it was");
    a.world_mut()
        .resource_mut::<vt_ui::anim::Animations>()
        .skip();
    settle(&mut a);
    let home = fte_plugin::board::center(h("8.17"));
    assert!(counter_of(&mut a, leader).1.truncate().distance(home) < 10.0);
}

#[test]
fn a_shot_flashes_on_its_target_even_a_concealed_marker() {
    // FTE 7.1, 18.1: the firer sees the marker it fires at, so the flash
    // goes there (and nothing of what is under it).
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    let (_, marker) = conceal_next_to(&mut a, "vc-rifle", "10.16");
    let rifle = unit_at(&mut a, "us-rifle", "10.17");
    apply(&mut a, Command::ActivateUnit { unit: rifle });
    animated(&mut a);
    // The US player keeps looking (after another side's turn nothing is
    // animated: the places before were another side's view).
    let fire = Command::Fire {
        firers: vec![rifle],
        primary: rifle,
        target: Target::Marker(marker),
    };
    testing::apply(&mut a, &serde_json::to_value(&fire).unwrap(), false);
    let w = a.world_mut();
    let mut q = w.query::<(&vt_ui::anim::FlashFx, &Transform)>();
    let flashes: Vec<Vec2> = q.iter(w).map(|(_, t)| t.translation.truncate()).collect();
    let target = fte_plugin::board::center(h("10.16"));
    assert!(
        flashes.iter().any(|p| p.distance(target) < 1.0),
        "a flash on 10.16: {flashes:?}"
    );
}

// Session 41: the computer's suggestion was only read in the strip at the
// top; the units it would use are now ringed on the map while it stands.
#[test]
fn a_suggestion_rings_its_units_on_the_map() {
    let mut a = app("hamlet-search", 5, 0);
    past_setup(&mut a);
    let hovers = |app: &mut App| {
        app.world_mut()
            .query_filtered::<Entity, With<fte_plugin::board::FteHover>>()
            .iter(app.world())
            .count()
    };
    let view = a.world().resource::<Synced<Fte>>().view.clone().unwrap();
    let c = a
        .world()
        .resource::<Synced<Fte>>()
        .legal
        .iter()
        .find(|c| {
            fte_plugin::model::command_units(c)
                .iter()
                .any(|u| fte_plugin::model::unit_hex(&view, *u).is_some())
        })
        .cloned()
        .expect("a command using a unit on the map");
    assert_eq!(hovers(&mut a), 0, "nothing lit before the suggestion");
    a.world_mut().resource_mut::<vt_ui::Suggested>().0 = Some(serde_json::to_value(&c).unwrap());
    settle(&mut a);
    assert!(hovers(&mut a) >= 1, "{c:?} ringed");
    a.world_mut().resource_mut::<vt_ui::Suggested>().0 = None;
    settle(&mut a);
    assert_eq!(hovers(&mut a), 0, "gone with the suggestion");
}
