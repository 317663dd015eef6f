//! Headless Bevy tests of the board plugin (MinimalPlugins + StatesPlugin,
//! no window, no egui): clicks on cards and on the map become the right
//! commands, every legal command can be given by clicking, the draw panel
//! gets every card a command drew, and the record of finished games is
//! written when a game ends.

use bevy::prelude::*;
use csar_plugin::layout::BoardLayout;
use csar_plugin::pick::{Picked, Picker, Routes, Thing};
use csar_plugin::records::{RECORD_KEY, Records};
use csar_plugin::{CsarClick, CsarPlugin, CsarRecords, CsarScreen};
use csar_rules::event::Event;
use csar_rules::{Command, Csar, Dest, Place, State, Step};
use std::sync::Arc;
use vt_core::dynamic::{DynGame, Game};
use vt_core::session::Session;
use vt_core::{GameRng, Ruleset, Setup};
use vt_ui::board::BoardClick;
use vt_ui::store::GameStore;
use vt_ui::testing;
use vt_ui::{ActiveGame, Controller, SubmitCommand};

/// The plugin in an app with no window; vt-ui's stand-in for the launcher
/// applies the commands the plugin submits.
fn app(store: GameStore) -> App {
    let mut app = testing::board_app(CsarPlugin);
    app.insert_resource(store);
    app
}

fn start(app: &mut App, scenario: &str, seed: u64) {
    let game: Arc<dyn DynGame> = Arc::new(Game::new(Csar::embedded()));
    testing::start(
        app,
        game,
        Setup::new(scenario, seed),
        vec![Controller::Person],
    );
}

fn settle(app: &mut App) {
    testing::settle(app);
}

fn session(app: &App) -> &Session<Csar> {
    app.world()
        .resource::<ActiveGame>()
        .typed::<Csar>()
        .expect("a CSAR game")
}

fn state(app: &App) -> &State {
    &session(app).state
}

fn commands(app: &App) -> usize {
    session(app).commands.len()
}

/// Applies the first legal command (not "done" when there is another)
/// until `stop` holds.
fn advance(app: &mut App, stop: impl Fn(&State) -> bool) {
    for _ in 0..200 {
        if stop(state(app)) {
            return;
        }
        let legal = session(app).rules.legal(state(app));
        // Keep the cards: no discards, no reserving (the Reserve step would
        // go round in circles), no burning.
        let keeps = |c: &&Command| {
            !matches!(
                c,
                Command::Done
                    | Command::DiscardReserve(_)
                    | Command::Reserve(_)
                    | Command::DiscardCommand(_)
                    | Command::DiscardAssigned(_)
                    | Command::Burn(_)
            )
        };
        let c = legal
            .iter()
            .find(keeps)
            .or(legal.iter().find(|c| **c == Command::Done))
            .or(legal.first())
            .copied()
            .expect("a decision");
        app.world_mut()
            .resource_mut::<ActiveGame>()
            .apply(&serde_json::to_value(c).unwrap())
            .unwrap();
        settle(app);
    }
    panic!("never reached the wanted step");
}

fn layout(app: &App) -> BoardLayout {
    app.world()
        .resource::<CsarScreen>()
        .layout
        .clone()
        .expect("the board is laid out")
}

fn click_board(app: &mut App, at: Vec2) {
    app.world_mut().write_message(BoardClick { world: at });
    settle(app);
}

fn click_thing(app: &mut App, t: Thing) {
    app.world_mut().write_message(CsarClick(vec![t]));
    settle(app);
}

#[test]
fn a_click_on_a_hand_card_in_the_reserve_segment_reserves_it() {
    // CSAR 4.2.2: Aircraft cards go from the hand to the Reserve.
    let mut app = app(GameStore::memory());
    start(&mut app, "caged-tiger", 3);
    advance(&mut app, |s| s.step == Step::Reserve);
    let card = state(&app).hand[1];
    let before = commands(&app);
    click_thing(&mut app, Thing::Card(card));
    assert_eq!(commands(&app), before + 1, "one click, one command");
    assert_eq!(session(&app).commands.last(), Some(&Command::Reserve(card)));
    assert!(state(&app).reserve.contains(&card));
    assert!(!state(&app).hand.contains(&card));
}

#[test]
fn an_aircraft_then_a_zone_on_the_map_moves_it() {
    // CSAR 4.3.1: the player moves aircraft between the Orbit Box and the zones.
    let mut app = app(GameStore::memory());
    start(&mut app, "caged-tiger", 5);
    advance(&mut app, |s| s.step == Step::Move);
    let legal = session(&app).rules.legal(state(&app));
    let (a, z) = legal
        .iter()
        .find_map(|c| match *c {
            Command::Move {
                aircraft,
                to: Dest::Zone(z),
            } => Some((aircraft, z)),
            _ => None,
        })
        .expect("a move into a zone");
    let l = layout(&app);
    let from = l
        .position(Thing::Aircraft(a))
        .expect("the aircraft is drawn");
    click_board(&mut app, from);
    assert_eq!(
        app.world().resource::<CsarScreen>().picker.selection,
        vec![Thing::Aircraft(a)],
        "a click on the counter selects it"
    );
    let before = commands(&app);
    // A click on empty ground in the zone (its name, say) is a click on the zone.
    click_board(&mut app, csar_plugin::layout::zone_label_at(z));
    assert_eq!(commands(&app), before + 1);
    assert_eq!(state(&app).aircraft[a as usize].place, Place::Zone(z));
    // The board follows: the counter is now drawn in that zone.
    let l = layout(&app);
    assert_eq!(
        csar_plugin::layout::zone_at(l.position(Thing::Aircraft(a)).unwrap()),
        Some(z)
    );
}

// Issue 14: a refused click says why, with the rule: an aircraft sent to
// a zone it may not reach this move.
#[test]
fn a_refused_move_says_why_with_the_rule() {
    let mut app = app(GameStore::memory());
    start(&mut app, "caged-tiger", 5);
    advance(&mut app, |s| s.step == Step::Move);
    let legal = session(&app).rules.legal(state(&app));
    // An aircraft that may move, and a zone it may not move to.
    let (a, z) = legal
        .iter()
        .filter_map(|c| match *c {
            Command::Move { aircraft, .. } => Some(aircraft),
            _ => None,
        })
        .find_map(|a| {
            csar_rules::Zone::ALL.iter().copied().find_map(|z| {
                let m = Command::Move {
                    aircraft: a,
                    to: Dest::Zone(z),
                };
                let drawn = layout(&app).position(Thing::Aircraft(a)).is_some();
                (drawn
                    && !legal.contains(&m)
                    && state(&app).aircraft[a as usize].place != Place::Zone(z))
                .then_some((a, z))
            })
        })
        .expect("an aircraft and a zone out of its reach");
    let from = layout(&app).position(Thing::Aircraft(a)).unwrap();
    click_board(&mut app, from);
    let before = commands(&app);
    click_board(&mut app, csar_plugin::layout::zone_label_at(z));
    assert_eq!(commands(&app), before, "nothing sent");
    let hint = app.world().resource::<CsarScreen>().hint.clone().unwrap();
    let why = session(&app)
        .rules
        .check(
            state(&app),
            &Command::Move {
                aircraft: a,
                to: Dest::Zone(z),
            },
        )
        .unwrap_err();
    assert!(hint.contains(&why.rule), "{hint}");
    assert!(hint.contains(&why.message), "{hint}");
}

/// A move into a zone of an aircraft that can take one of the cards in
/// hand or Reserve (CSAR 4.3.2: cards go to aircraft in the zones).
fn move_for_a_card(app: &App) -> Command {
    let rules = session(app).rules.clone();
    let kinds: Vec<csar_rules::AircraftKind> = state(app)
        .hand
        .iter()
        .chain(&state(app).reserve)
        .flat_map(|&c| {
            let k = rules.data.action_cards[c as usize];
            rules.data.action_kinds[k as usize].aircraft.clone()
        })
        .collect();
    let legal = rules.legal(state(app));
    legal
        .iter()
        .find(|c| {
            matches!(c, Command::Move { aircraft, to: Dest::Zone(_) }
                if kinds.contains(&state(app).aircraft[*aircraft as usize].kind))
        })
        .copied()
        .unwrap_or_else(|| {
            panic!(
                "no move for {kinds:?}: {legal:?} turn {} step {:?}",
                state(app).turn,
                state(app).step
            )
        })
}

#[test]
fn a_card_then_an_aircraft_on_the_map_assigns_it() {
    // CSAR 4.3.2: Aircraft cards are assigned to aircraft in the zones.
    let mut app = app(GameStore::memory());
    start(&mut app, "caged-tiger", 8);
    advance(&mut app, |s| s.step == Step::Move);
    // An aircraft that can take one of the cards flies into a zone.
    let m = move_for_a_card(&app);
    app.world_mut().write_message(SubmitCommand::typed(&m));
    settle(&mut app);
    app.world_mut()
        .write_message(SubmitCommand::typed(&Command::Done));
    settle(&mut app);
    assert_eq!(state(&app).step, Step::Assign);
    let legal = session(&app).rules.legal(state(&app));
    let Some((card, aircraft)) = legal.iter().find_map(|c| match *c {
        Command::Assign { card, aircraft } => Some((card, aircraft)),
        _ => None,
    }) else {
        panic!("no card to assign: {legal:?}");
    };
    click_thing(&mut app, Thing::Card(card));
    let at = layout(&app).position(Thing::Aircraft(aircraft)).unwrap();
    let before = commands(&app);
    click_board(&mut app, at);
    assert_eq!(commands(&app), before + 1);
    assert_eq!(
        session(&app).commands.last(),
        Some(&Command::Assign { card, aircraft })
    );
    // A click where nothing fits leaves a hint and sends nothing.
    click_board(&mut app, Vec2::new(5000.0, 5000.0));
    click_board(
        &mut app,
        csar_plugin::layout::zone_label_at(csar_rules::Zone::Center),
    );
    assert_eq!(commands(&app), before + 1);
}

/// Can a player give `c` by clicking? Every thing of one of its routes is
/// on the board or in the card rows, clicking there finds it, and the
/// clicks end in `c` (at once, or as a button among the commands ending at
/// that click).
fn reachable(c: &Command, routes: &Routes, l: &BoardLayout, s: &State) -> Result<(), String> {
    let rs = csar_plugin::pick::routes(c, |card| {
        s.assigned.iter().find(|x| x.card == card).map(|x| x.zone)
    });
    let mut why = String::new();
    for route in rs {
        if route.is_empty() {
            if routes.buttons().contains(c) {
                return Ok(());
            }
            why = "no button".into();
            continue;
        }
        let shown = route.iter().all(|t| match *t {
            Thing::Card(card) => {
                s.hand.contains(&card)
                    || s.reserve.contains(&card)
                    || s.assigned.iter().any(|x| x.card == card)
            }
            Thing::CardKind(_) | Thing::PilotCard(_) => routes.next(&[]).contains(t),
            Thing::SearchMarker => true,
            _ => l.position(*t).is_some_and(|p| l.hit(p).contains(t)),
        });
        if !shown {
            why = format!("{route:?} is not all on the screen");
            continue;
        }
        let mut p = Picker::default();
        for (i, t) in route.iter().enumerate() {
            match p.click(routes, &[*t]) {
                Picked::Submit(x) if i + 1 == route.len() && x == *c => return Ok(()),
                Picked::Selected if i + 1 < route.len() => {}
                Picked::Selected if routes.exact(&p.selection).contains(c) => return Ok(()),
                other => {
                    why = format!("{route:?}: click {i} gave {other:?}");
                    break;
                }
            }
        }
    }
    Err(why)
}

#[test]
fn every_legal_command_can_be_given_by_clicking() {
    // Random games of every scenario and the campaign, with the optional
    // rules on: at every decision, every legal command has a route of
    // clicks on things the screen shows.
    let csar = Arc::new(Csar::embedded());
    let mut scenarios: Vec<String> = csar.data.scenarios.iter().map(|s| s.id.clone()).collect();
    scenarios.push("campaign".into());
    let mut checked = 0usize;
    for (n, scenario) in scenarios.iter().enumerate() {
        for seed in 0..3u64 {
            let mut setup = Setup::new(scenario, seed + 10 * n as u64);
            if seed == 1 {
                for k in csar_rules::scenarios::OPTION_KEYS {
                    setup = setup.option(k, "on");
                }
            }
            let mut s = Session::new(csar.clone(), setup).unwrap();
            let mut rng = GameRng::seeded(seed);
            for _ in 0..400 {
                let legal = csar.legal(&s.state);
                if legal.is_empty() {
                    break;
                }
                let view = csar.view(&s.state, 0);
                let l = BoardLayout::new(&view, None);
                let routes = Routes::new(&legal, |card| {
                    s.state
                        .assigned
                        .iter()
                        .find(|x| x.card == card)
                        .map(|x| x.zone)
                });
                for c in &legal {
                    if let Err(why) = reachable(c, &routes, &l, &s.state) {
                        panic!("{scenario} seed {seed}: {c:?} cannot be clicked: {why}");
                    }
                    checked += 1;
                }
                let c = legal[rng.index(legal.len())];
                s.apply(c).unwrap();
            }
        }
    }
    assert!(checked > 10_000, "only {checked} commands checked");
}

#[test]
fn the_draw_panel_gets_every_card_a_command_drew() {
    let mut app = app(GameStore::memory());
    start(&mut app, "caged-tiger", 21);
    let mut rng = GameRng::seeded(4);
    let mut with_draws = 0;
    for _ in 0..300 {
        let legal = session(&app).rules.legal(state(&app));
        if legal.is_empty() {
            break;
        }
        let before = session(&app).events.len();
        let c = legal[rng.index(legal.len())];
        app.world_mut().write_message(SubmitCommand::typed(&c));
        settle(&mut app);
        let new = &session(&app).events[before..];
        // Each card once: a random determination's pick names the card
        // its last draw turned up.
        let drawn = new
            .iter()
            .enumerate()
            .filter(|(i, e)| match e {
                Event::Drawn { .. } => true,
                Event::RandomPick { card, .. } => !matches!(
                    new[..*i].iter().rev().find(|e| !matches!(e, Event::Reshuffled)),
                    Some(Event::Drawn { card: c, .. }) if c == card
                ),
                _ => false,
            })
            .count();
        if drawn > 0 {
            with_draws += 1;
            let st = app.world().resource::<CsarScreen>();
            // Stepping through (the default), each segment shows its own.
            let shown: usize = if st.steps.is_empty() {
                st.draws.iter().map(|g| g.cards.len()).sum()
            } else {
                (st.steps.iter().flat_map(|s| &s.groups))
                    .map(|g| g.cards.len())
                    .sum()
            };
            assert_eq!(shown, drawn, "{c:?}: {:#?}", st.draws);
            // And each is in the log with what it decided.
            let log = &app.world().resource::<ActiveGame>().log;
            let drew_lines = log
                .iter()
                .rev()
                .take(new.len())
                .filter(|e| e.text.contains(": card "))
                .count();
            let counted = new
                .iter()
                .filter(|e| matches!(e, Event::Drawn { .. }))
                .count();
            assert_eq!(drew_lines, counted);
        }
    }
    assert!(with_draws >= 5, "only {with_draws} commands drew cards");
}

fn play_to_the_end(app: &mut App, seed: u64) {
    let mut rng = GameRng::seeded(seed);
    for _ in 0..3000 {
        let legal = session(app).rules.legal(state(app));
        if legal.is_empty() {
            return;
        }
        // Mostly anything but "done", so the game goes on a while.
        let c = if legal.len() > 1 && rng.index(4) > 0 {
            let others: Vec<_> = legal.iter().filter(|c| **c != Command::Done).collect();
            *others[rng.index(others.len())]
        } else {
            legal[rng.index(legal.len())]
        };
        app.world_mut().write_message(SubmitCommand::typed(&c));
        app.update();
    }
    panic!("the game did not end");
}

#[test]
fn the_record_is_written_when_a_game_ends() {
    let store = GameStore::memory();
    let mut app = app(store.clone());
    start(&mut app, "caged-tiger", 31);
    assert!(store.0.read_text(RECORD_KEY).unwrap().is_none());
    play_to_the_end(&mut app, 1);
    settle(&mut app);
    let result = state(&app).result.expect("over").label();
    let text = store
        .0
        .read_text(RECORD_KEY)
        .unwrap()
        .expect("the record is written at game over");
    let r = Records::parse(&text).unwrap();
    assert_eq!(r.games.len(), 1);
    let g = &r.games[0];
    assert_eq!(g.scenario, "caged-tiger");
    assert_eq!(g.result, result);
    assert_eq!(g.seed, 31);
    assert_eq!(g.turns, state(&app).turn.min(state(&app).last_turn));
    assert_eq!(g.commands as usize, commands(&app));
    assert!(g.date.starts_with("20"), "{}", g.date);
    // Nothing more is written while the finished game stays on screen.
    settle(&mut app);
    assert_eq!(
        Records::parse(&store.0.read_text(RECORD_KEY).unwrap().unwrap())
            .unwrap()
            .games
            .len(),
        1
    );

    // A second game, with an optional rule on, adds to it.
    let game: Arc<dyn DynGame> = Arc::new(Game::new(Csar::embedded()));
    let session = game
        .new_session(Setup::new("caged-tiger", 32).option("search-effectiveness", "on"))
        .unwrap();
    app.insert_resource(ActiveGame::new(game, session, vec![Controller::Person]));
    settle(&mut app);
    play_to_the_end(&mut app, 2);
    settle(&mut app);
    let r = Records::parse(&store.0.read_text(RECORD_KEY).unwrap().unwrap()).unwrap();
    assert_eq!(r.games.len(), 2);
    assert_eq!(r.games[1].seed, 32);
    assert_eq!(r.tallies()[0].played(), 2);
    assert_eq!(app.world().resource::<CsarRecords>().records, r);

    // The next run reads it back.
    let app2 = {
        let mut a = self::app(store.clone());
        a.update();
        a
    };
    assert_eq!(app2.world().resource::<CsarRecords>().records, r);
}

fn counters(app: &mut App) -> Vec<(Entity, vt_ui::pieces::PieceKey)> {
    let w = app.world_mut();
    let mut q = w.query_filtered::<(Entity, &vt_ui::pieces::PieceKey), With<csar_plugin::board::CsarCounter>>();
    let mut v: Vec<_> = q.iter(w).map(|(e, k)| (e, *k)).collect();
    v.sort_by_key(|(_, k)| *k);
    v
}

#[test]
fn a_move_slides_the_aircraft_and_leaves_the_other_counters_alone() {
    // CSAR 4.3.1: an aircraft flies from the Orbit Box into a zone.
    let mut app = app(GameStore::memory());
    app.insert_resource(vt_ui::anim::AnimSpeed::Normal);
    start(&mut app, "caged-tiger", 5);
    advance(&mut app, |s| s.step == Step::Move);
    let legal = session(&app).rules.legal(state(&app));
    let view = session(&app).rules.view(state(&app), 0);
    // Not a helicopter: its counter tells that it moved (no rescue this
    // turn, 4.3.5), so it is drawn again as it slides.
    let fixed_wing = |a: u8| {
        view.aircraft
            .iter()
            .any(|x| x.index == a && x.kind != csar_rules::AircraftKind::Helicopter)
    };
    let (a, z) = legal
        .iter()
        .find_map(|c| match *c {
            Command::Move {
                aircraft,
                to: Dest::Zone(z),
            } if fixed_wing(aircraft) => Some((aircraft, z)),
            _ => None,
        })
        .expect("a move into a zone");
    let before = counters(&mut app);
    let plane = before
        .iter()
        .find(|(_, k)| *k == vt_ui::pieces::PieceKey("aircraft", a as u64))
        .map(|(e, _)| *e)
        .expect("the aircraft is a piece");
    app.world_mut()
        .write_message(SubmitCommand::typed(&Command::Move {
            aircraft: a,
            to: Dest::Zone(z),
        }));
    settle(&mut app);
    let after = counters(&mut app);
    assert!(
        after.contains(&(plane, vt_ui::pieces::PieceKey("aircraft", a as u64))),
        "the aircraft keeps its entity: it moved, it did not change"
    );
    let kept = before.iter().filter(|x| after.contains(x)).count();
    assert!(
        kept + 2 >= before.len(),
        "only what changed is drawn again ({kept} of {} kept)",
        before.len()
    );
    assert!(
        app.world().resource::<vt_ui::anim::Animations>().busy(),
        "the move is shown: the aircraft slides to its zone"
    );
    // A click skips it.
    app.world_mut()
        .resource_mut::<vt_ui::anim::Animations>()
        .skip();
    settle(&mut app);
    assert!(!app.world().resource::<vt_ui::anim::Animations>().busy());
    let home = app
        .world()
        .get::<vt_ui::pieces::PieceHome>(plane)
        .expect("a piece")
        .0;
    let at = app.world().get::<Transform>(plane).unwrap().translation;
    assert_eq!(
        at, home,
        "after the slide the counter rests where it belongs"
    );
    assert_eq!(
        csar_plugin::layout::zone_at(home.truncate()),
        Some(z),
        "in the zone it flew to"
    );
}

/// Presses and lets go of Enter.
fn press_enter(app: &mut App) {
    for state in [
        bevy::input::ButtonState::Pressed,
        bevy::input::ButtonState::Released,
    ] {
        app.world_mut()
            .write_message(bevy::input::keyboard::KeyboardInput {
                key_code: KeyCode::Enter,
                logical_key: bevy::input::keyboard::Key::Enter,
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
        app.update();
    }
}

#[test]
fn tab_moves_among_what_can_be_clicked_and_enter_clicks_it() {
    let mut app = app(GameStore::memory());
    start(&mut app, "caged-tiger", 5);
    advance(&mut app, |s| s.step == Step::Move);
    let lit = app.world().resource::<CsarScreen>().next();
    app.world_mut()
        .write_message(vt_ui::board::CycleUnits { backwards: false });
    settle(&mut app);
    let focus = app
        .world()
        .resource::<CsarScreen>()
        .focus
        .expect("Tab points at something");
    assert!(lit.contains(&focus), "{focus:?} can be clicked now");
    assert!(matches!(focus, Thing::Aircraft(_)), "an aircraft to move");
    press_enter(&mut app);
    settle(&mut app);
    assert_eq!(
        app.world().resource::<CsarScreen>().picker.selection,
        vec![focus],
        "Enter clicks it"
    );
}

/// Tab until it points at `t`, then Enter.
fn tab_to(app: &mut App, t: Thing) {
    for _ in 0..60 {
        if app.world().resource::<CsarScreen>().focus == Some(t) {
            break;
        }
        app.world_mut()
            .write_message(vt_ui::board::CycleUnits { backwards: false });
        settle(app);
    }
    assert_eq!(
        app.world().resource::<CsarScreen>().focus,
        Some(t),
        "Tab reaches {t:?}"
    );
    press_enter(app);
    settle(app);
}

// Issue 14, keyboard-only play: Tab reaches the cards of the strip and the
// zones too (an aircraft could be picked with Tab but not moved).
#[test]
fn tab_and_enter_alone_move_an_aircraft_and_assign_a_card() {
    let mut app = app(GameStore::memory());
    start(&mut app, "caged-tiger", 8);
    advance(&mut app, |s| s.step == Step::Move);
    let m = move_for_a_card(&app);
    let Command::Move {
        aircraft,
        to: Dest::Zone(z),
    } = m
    else {
        unreachable!("a move into a zone")
    };
    tab_to(&mut app, Thing::Aircraft(aircraft));
    tab_to(&mut app, Thing::Zone(z));
    assert_eq!(session(&app).commands.last(), Some(&m), "moved by keys");
    app.world_mut()
        .write_message(SubmitCommand::typed(&Command::Done));
    settle(&mut app);
    // CSAR 4.3.2: a card from the hand, then an aircraft in a zone.
    assert_eq!(state(&app).step, Step::Assign);
    let legal = session(&app).rules.legal(state(&app));
    let assign = legal
        .iter()
        .find(|c| matches!(c, Command::Assign { .. }))
        .copied()
        .expect("a card to assign");
    let Command::Assign { card, aircraft } = assign else {
        unreachable!()
    };
    tab_to(&mut app, Thing::Card(card));
    tab_to(&mut app, Thing::Aircraft(aircraft));
    assert_eq!(
        session(&app).commands.last(),
        Some(&assign),
        "assigned by keys"
    );
}

#[test]
fn leaving_the_game_clears_the_board() {
    let mut app = app(GameStore::memory());
    start(&mut app, "caged-tiger", 5);
    assert!(!counters(&mut app).is_empty());
    app.world_mut().remove_resource::<ActiveGame>();
    app.world_mut()
        .resource_mut::<NextState<vt_ui::Screen>>()
        .set(vt_ui::Screen::Menu);
    settle(&mut app);
    assert!(counters(&mut app).is_empty(), "DespawnOnExit took them");
    let w = app.world_mut();
    let mut sheet = w.query_filtered::<Entity, With<csar_plugin::board::CsarSheet>>();
    assert_eq!(sheet.iter(w).count(), 0);
    assert!(
        app.world().resource::<CsarScreen>().layout.is_none(),
        "the screen forgot the game"
    );
}

// Issue 14: CSAR re-laid out a zone's counters after every move, so the
// next click landed on the wrong counter. A counter keeps its place while
// others come and go.
#[test]
fn counters_keep_their_places_when_others_come_and_go() {
    let mut app = app(GameStore::memory());
    start(&mut app, "caged-tiger", 5);
    advance(&mut app, |s| s.step == Step::Move);
    for _ in 0..2 {
        let before = layout(&app);
        let legal = session(&app).rules.legal(state(&app));
        let view = session(&app).rules.view(state(&app), 0);
        // Not a helicopter: one would turn up guns (4.3.1).
        let fixed_wing = |a: u8| {
            view.aircraft
                .iter()
                .any(|x| x.index == a && x.kind != csar_rules::AircraftKind::Helicopter)
        };
        let (a, z) = legal
            .iter()
            .find_map(|c| match *c {
                Command::Move {
                    aircraft,
                    to: Dest::Zone(z),
                } if fixed_wing(aircraft) => Some((aircraft, z)),
                _ => None,
            })
            .expect("a move into a zone");
        app.world_mut()
            .write_message(SubmitCommand::typed(&Command::Move {
                aircraft: a,
                to: Dest::Zone(z),
            }));
        settle(&mut app);
        let after = layout(&app);
        let mut kept = 0;
        for i in &before.items {
            let Some(t) = i.thing else { continue };
            if t == Thing::Aircraft(a) {
                continue;
            }
            let now = after.position(t).expect("still on the sheet");
            assert_eq!(now, i.at, "{t:?} moved when {a} flew to {z:?}");
            kept += 1;
        }
        assert!(kept >= 8, "only {kept} counters checked");
        // Markers nobody clicks stay too.
        let markers = |l: &BoardLayout| {
            let mut v: Vec<Vec2> = (l.items.iter())
                .filter(|i| i.thing.is_none())
                .map(|i| i.at)
                .collect();
            v.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
            v
        };
        assert_eq!(markers(&before), markers(&after));
        // And the newcomer stands on a free spot, not on another counter.
        let p = after.position(Thing::Aircraft(a)).unwrap();
        assert_eq!(
            after
                .items
                .iter()
                .filter(|i| i.at.distance(p) < 1.0)
                .count(),
            1
        );
    }
}

/// Plays "done" (or the first legal command) until one command sets off
/// at least two segments worth a stop; returns the command.
fn play_until_a_chain(app: &mut App) -> Command {
    for _ in 0..400 {
        let legal = session(app).rules.legal(state(app));
        let c = legal
            .iter()
            .find(|c| **c == Command::Done)
            .or(legal.first())
            .copied()
            .expect("a decision");
        app.world_mut().write_message(SubmitCommand::typed(&c));
        settle(app);
        if app.world().resource::<CsarScreen>().steps.len() >= 2 {
            return c;
        }
    }
    panic!("no command set off a chain of segments");
}

// Issue 14: one click ran rescue, fire, damage assessment, search, abort
// check, clean-up and the next event with no pause. With Step-through on
// the player sees them one segment at a time; Space goes on.
#[test]
fn a_chain_of_automatic_segments_is_shown_one_at_a_time() {
    let mut app = app(GameStore::memory());
    app.insert_resource(vt_ui::anim::StepThrough(true));
    start(&mut app, "caged-tiger", 3);
    play_until_a_chain(&mut app);
    let st = app.world().resource::<CsarScreen>();
    let n = st.steps.len();
    assert_eq!(st.step_at, 0);
    assert_eq!(st.draws, st.steps[0].groups, "the first segment's draws");
    assert!(st.steps.iter().all(|s| !s.quiet));
    let titles: Vec<String> = st.steps.iter().map(|s| s.title.clone()).collect();
    // Each stop is a segment of the sequence of play, in order, once.
    for w in titles.windows(2) {
        assert_ne!(w[0], w[1], "{titles:?}");
    }
    for k in 1..=n {
        for state in [
            bevy::input::ButtonState::Pressed,
            bevy::input::ButtonState::Released,
        ] {
            app.world_mut()
                .write_message(bevy::input::keyboard::KeyboardInput {
                    key_code: KeyCode::Space,
                    logical_key: bevy::input::keyboard::Key::Space,
                    state,
                    text: None,
                    repeat: false,
                    window: Entity::PLACEHOLDER,
                });
            app.update();
        }
        let st = app.world().resource::<CsarScreen>();
        if k < n {
            assert_eq!(st.step_at, k);
            assert_eq!(st.draws, st.steps[k].groups);
        } else {
            assert!(st.steps.is_empty(), "Space after the last one closes it");
        }
    }

    // Off: the same game, the same command, no stepping.
    let mut app2 = app_with_step_through(false);
    start(&mut app2, "caged-tiger", 3);
    let mut app3 = app_with_step_through(true);
    start(&mut app3, "caged-tiger", 3);
    let c = play_until_a_chain(&mut app3);
    let played = session(&app3).commands.clone();
    for c in &played[..played.len() - 1] {
        app2.world_mut().write_message(SubmitCommand::typed(c));
        settle(&mut app2);
    }
    app2.world_mut().write_message(SubmitCommand::typed(&c));
    settle(&mut app2);
    assert_eq!(session(&app2).commands, played);
    assert!(app2.world().resource::<CsarScreen>().steps.is_empty());
}

fn app_with_step_through(on: bool) -> App {
    let mut app = app(GameStore::memory());
    app.insert_resource(vt_ui::anim::StepThrough(on));
    app
}
