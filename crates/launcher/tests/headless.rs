//! Headless Bevy tests of the launcher (MinimalPlugins + StatesPlugin, no
//! window): the screens, a board plugin and the generic screen turning
//! clicks into commands, hand-over with hidden information, undo, saves.

mod common;

use bevy::prelude::*;
use bevy_egui::egui;
use common::*;
use serde_json::json;
use vietnam_tactics::backdrop::Backdrop;
use vietnam_tactics::catalog::Catalog;
use vietnam_tactics::flow::{Action, NewGame, Notice};
use vietnam_tactics::form::SetupForm;
use vietnam_tactics::saves::SaveStore;
use vt_core::Setup;
use vt_core::session::Session;
use vt_core::testing::{Pig, PigCommand};
use vt_ui::board::BoardClick;
use vt_ui::generic::{GenericAction, commands_ui};
use vt_ui::{
    ActiveGame, BoardRegistration, Controller, PlayMode, RegisterBoard, Screen, SubmitCommand,
};

fn pig_game(controllers: Vec<Controller>, seed: u64) -> NewGame {
    NewGame {
        game: "pig".into(),
        setup: Setup::new("race", seed).option("goal", "30"),
        controllers,
    }
}

fn commands(app: &App) -> usize {
    app.world().resource::<ActiveGame>().session.commands()
}

#[test]
fn screens_go_from_loading_to_game_over_and_back() {
    let mut app = app(vec![pig()], &empty_assets(), SaveStore::memory());
    assert_eq!(screen(&app), Screen::Loading);
    to_menu(&mut app);
    app.update();
    let catalog = app.world().resource::<Catalog>();
    assert_eq!(catalog.games.len(), 1);
    assert!(catalog.notices.is_empty(), "{:?}", catalog.notices);
    // The menu's backdrop belongs to the menu.
    let backdrops = |app: &mut App| {
        app.world_mut()
            .query::<&Backdrop>()
            .iter(app.world())
            .count()
    };
    assert_eq!(backdrops(&mut app), 1);

    act(&mut app, Action::OpenSetup);
    assert_eq!(screen(&app), Screen::Setup);
    assert_eq!(
        backdrops(&mut app),
        0,
        "the menu's entities despawn when it ends"
    );
    let form = app.world().resource::<SetupForm>().clone();
    assert_eq!(
        form.controllers,
        vec![Controller::Person, Controller::Person]
    );
    assert_eq!(form.options.get("goal").map(String::as_str), Some("30"));
    assert!(form.seed.parse::<u64>().is_ok(), "a random seed by default");

    // Escape on the set-up screen goes back.
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Menu);

    // Computer against computer, no pause: it plays to the end by itself.
    act(&mut app, Action::OpenSetup);
    let mut form = app.world().resource::<SetupForm>().clone();
    form.controllers = vec![Controller::Computer, Controller::Computer];
    // Random play: this is about the flow (tests/computer.rs has the search).
    app.insert_resource(vietnam_tactics::computer::Levels(vec![
        vietnam_tactics::computer::Level::Random;
        2
    ]));
    form.seed = "11".into();
    let ng = form.new_game(app.world().resource::<Catalog>()).unwrap();
    act(&mut app, Action::Start(ng));
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(play_mode(&app), Some(PlayMode::Board));
    run_game_to_end(&mut app, 2000);
    let g = app.world().resource::<ActiveGame>();
    assert!(g.session.outcome().is_finished());
    assert!(!g.log.is_empty());
    assert_eq!(g.log, g.session.log(), "the shown log is the session's");

    act(&mut app, Action::SaveReplay);
    let notice = app.world().resource::<Notice>().clone();
    assert!(!notice.is_error, "{:?}", notice.text);
    assert!(notice.text.unwrap().contains("replay-pig-race-11"));

    act(&mut app, Action::ToMenu);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(app.world().get_resource::<ActiveGame>().is_none());
    assert_eq!(backdrops(&mut app), 1);
}

/// The new-game screen opens on what was chosen last (kept in the
/// settings), with a fresh seed; choices the game no longer has fall back.
#[test]
fn new_game_remembers_the_last_choices() {
    use vietnam_tactics::computer::Level;
    use vietnam_tactics::flow::Settings;
    let mut app = app(vec![pig()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    act(&mut app, Action::OpenSetup);
    let mut form = app.world().resource::<SetupForm>().clone();
    form.options.insert("goal".into(), "100".into());
    form.controllers = vec![Controller::Person, Controller::Computer];
    form.levels = vec![Level::Normal, Level::Strong];
    let last = form.choices(app.world().resource::<Catalog>()).unwrap();
    assert_eq!(last.game, "pig");
    app.world_mut().resource_mut::<Settings>().last_new_game = Some(last.clone());
    act(&mut app, Action::ToMenu);
    act(&mut app, Action::OpenSetup);
    let again = app.world().resource::<SetupForm>().clone();
    assert_eq!(again.options.get("goal").map(String::as_str), Some("100"));
    assert_eq!(again.controllers, form.controllers);
    assert_eq!(again.levels, form.levels);
    assert_ne!(again.seed, form.seed, "a fresh seed each time");
    // A value the option does not offer, a side too many: the defaults.
    let mut odd = last;
    odd.options.insert("goal".into(), "7".into());
    odd.controllers.push(Controller::Computer);
    app.world_mut().resource_mut::<Settings>().last_new_game = Some(odd);
    act(&mut app, Action::ToMenu);
    act(&mut app, Action::OpenSetup);
    let fallback = app.world().resource::<SetupForm>().clone();
    assert_eq!(fallback.options.get("goal").map(String::as_str), Some("30"));
    assert_eq!(fallback.controllers, vec![Controller::Person; 2]);
}

#[test]
fn escape_pauses_and_resumes() {
    let mut app = app(vec![pig()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    // A seed whose first roll is not a 1, so that holding is legal after it.
    let seed = (0..100)
        .find(|&seed| {
            let mut s = Session::new(
                std::sync::Arc::new(Pig { goal: 30 }),
                Setup::new("race", seed),
            )
            .unwrap();
            s.apply(PigCommand::Roll).unwrap();
            s.state.turn_total > 0
        })
        .unwrap();
    act(&mut app, Action::Start(pig_game(vec![], seed)));
    assert_eq!(play_mode(&app), Some(PlayMode::Board));
    press(&mut app, KeyCode::Escape);
    assert_eq!(play_mode(&app), Some(PlayMode::Paused));
    // Paused: commands do not reach the game.
    app.world_mut().write_message(SubmitCommand(json!("Roll")));
    app.update();
    assert_eq!(commands(&app), 0);
    press(&mut app, KeyCode::Escape);
    assert_eq!(play_mode(&app), Some(PlayMode::Board));
    // Keys 1-9 pick from the legal commands; E ends the phase (Hold).
    press(&mut app, KeyCode::Digit1);
    assert_eq!(commands(&app), 1);
    press(&mut app, KeyCode::KeyE);
    assert_eq!(commands(&app), 2);
    let s = app.world().resource::<ActiveGame>();
    let pig = s.typed::<Pig>().unwrap();
    assert_eq!(pig.commands.last(), Some(&PigCommand::Hold));
    // Quit to the menu from the pause menu.
    act(&mut app, Action::Pause);
    act(&mut app, Action::ToMenu);
    assert_eq!(screen(&app), Screen::Menu);
}

/// A board plugin for Pig, as a game's plugin would be: clicks left of the
/// middle roll, clicks right of it hold, read through the typed session.
struct PigBoard;

#[derive(Resource, Default)]
struct SeenTurnTotal(Option<u32>);

impl Plugin for PigBoard {
    fn build(&self, app: &mut App) {
        app.register_board(BoardRegistration {
            game_id: "pig".into(),
            show_command_list: false,
        })
        .init_resource::<SeenTurnTotal>()
        .add_systems(
            Update,
            pig_clicks
                .before(vietnam_tactics::flow::handle_actions)
                .run_if(in_state(PlayMode::Board))
                .run_if(vt_ui::board_visible("pig")),
        );
    }
}

fn pig_clicks(
    mut clicks: MessageReader<BoardClick>,
    game: Res<ActiveGame>,
    mut seen: ResMut<SeenTurnTotal>,
    mut out: MessageWriter<SubmitCommand>,
) {
    // The typed session and the typed view of the side at the screen.
    let session = game.typed::<Pig>().expect("Pig is being played");
    seen.0 = game.typed_view::<Pig>().map(|v| v.turn_total);
    assert_eq!(session.rules.goal, 30);
    for c in clicks.read() {
        let cmd = if c.world.x < 0.0 {
            PigCommand::Roll
        } else {
            PigCommand::Hold
        };
        out.write(SubmitCommand::typed(&cmd));
    }
}

#[test]
fn a_board_plugin_turns_a_click_into_a_command() {
    let mut app = app(vec![pig()], &empty_assets(), SaveStore::memory());
    app.add_plugins(PigBoard);
    to_menu(&mut app);
    assert!(app.world().resource::<vt_ui::Boards>().has_board("pig"));
    act(&mut app, Action::Start(pig_game(vec![], 5)));
    app.world_mut().write_message(BoardClick {
        world: Vec2::new(-50.0, 10.0),
    });
    app.update();
    app.update();
    let g = app.world().resource::<ActiveGame>();
    let s = g.typed::<Pig>().unwrap();
    assert_eq!(s.commands, vec![PigCommand::Roll]);
    assert_eq!(g.log.len(), 1, "the roll is in the log");
    assert!(!g.log[0].adjudications.is_empty() || !g.log[0].text.is_empty());
    assert!(app.world().resource::<SeenTurnTotal>().0.is_some());
}

/// Lays out the generic screen, then clicks where the egui output drew the
/// label `text`, as a player's mouse would.
fn click_generic_button(game: &ActiveGame, text: &str) -> Option<GenericAction> {
    let ctx = vt_ui::fonts::test_context();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0));
    let input = |events: Vec<egui::Event>| egui::RawInput {
        screen_rect: Some(screen),
        events,
        ..Default::default()
    };
    let mut action = None;
    let out = ctx.run_ui(input(vec![]), |ui| {
        commands_ui(ui, game);
    });
    let rect = out
        .shapes
        .iter()
        .find_map(|s| match &s.shape {
            egui::Shape::Text(t) if t.galley.text().ends_with(text) => {
                Some(t.visual_bounding_rect())
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("no button '{text}' drawn"));
    out.drop_without_applying_deltas();
    let at = rect.center();
    let button = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    };
    for events in [
        vec![egui::Event::PointerMoved(at)],
        vec![button(true)],
        vec![button(false)],
        vec![],
    ] {
        ctx.run_ui(input(events), |ui| {
            if let Some(a) = commands_ui(ui, game) {
                action = Some(a);
            }
        })
        .drop_without_applying_deltas();
    }
    action
}

/// The board's room left by the overlay (egui points) in an 800×600 window.
fn board_room(game: &ActiveGame) -> egui::Rect {
    use vt_ui::overlay::{OverlayState, overlay_ui, track::TurnTrack};
    let ctx = vt_ui::fonts::test_context();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0));
    let mut state = OverlayState::default();
    let mut room = None;
    // Twice: egui sizes its panels on the first pass.
    for _ in 0..2 {
        let input = egui::RawInput {
            screen_rect: Some(screen),
            ..Default::default()
        };
        ctx.run_ui(input, |ui| {
            let track = TurnTrack::default();
            let out = overlay_ui(
                ui,
                game,
                &mut state,
                &track,
                true,
                false,
                Default::default(),
            );
            room = out.board_rect;
        })
        .drop_without_applying_deltas();
    }
    room.expect("the overlay leaves the board its room")
}

// Issue 14 (Grunt at 1280×800): the empty dice tray took 146 points under
// the board; it is one line until the first roll, then keeps its height.
#[test]
fn the_dice_tray_is_one_line_until_the_first_roll() {
    use vt_ui::overlay::dice::{EMPTY_TRAY_HEIGHT, TRAY_HEIGHT};
    let mut app = app(vec![pig()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let seats = vec![Controller::Person, Controller::Person];
    act(&mut app, Action::Start(pig_game(seats, 9)));
    let before = board_room(app.world().resource::<ActiveGame>());
    act(&mut app, Action::Pick(0));
    let g = app.world().resource::<ActiveGame>();
    assert!(!g.recent_adjudications(1).is_empty(), "a die was rolled");
    let after = board_room(g);
    let tray = before.max.y - after.max.y;
    assert!(
        (tray - (TRAY_HEIGHT - EMPTY_TRAY_HEIGHT)).abs() < 1.0,
        "the tray grew from {EMPTY_TRAY_HEIGHT} to {TRAY_HEIGHT} points: {before:?} then {after:?}"
    );
    assert!(
        600.0 - before.max.y < EMPTY_TRAY_HEIGHT + 12.0,
        "{before:?}"
    );
}

#[test]
fn a_click_on_the_generic_screen_plays_the_command() {
    let mut app = app(vec![pig()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    act(&mut app, Action::Start(pig_game(vec![], 9)));
    let action = click_generic_button(app.world().resource::<ActiveGame>(), "Roll");
    assert_eq!(action, Some(GenericAction::Command(json!("Roll"))));
    // What the playing screen does with it.
    let Some(GenericAction::Command(c)) = action else {
        unreachable!()
    };
    app.world_mut().write_message(SubmitCommand(c));
    app.update();
    assert_eq!(commands(&app), 1);
    // Undo is drawn but disabled: a roll cannot be taken back.
    let g = app.world().resource::<ActiveGame>();
    assert!(!g.session.can_undo());
    assert_eq!(click_generic_button(g, "Undo (U)"), None);
}

#[test]
fn hidden_information_gets_a_hand_over_screen() {
    let mut app = app(vec![secret_entry()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let ng = NewGame {
        game: "secret".into(),
        setup: Setup::new("duel", 4),
        controllers: vec![Controller::Person, Controller::Person],
    };
    act(&mut app, Action::Start(ng));
    // Two people, different views: hidden from the start.
    assert_eq!(play_mode(&app), Some(PlayMode::HandOver));
    assert_eq!(app.world().resource::<ActiveGame>().viewer, None);
    // No command gets through while the board is hidden.
    app.world_mut().write_message(SubmitCommand(json!("Pass")));
    app.update();
    assert_eq!(commands(&app), 0);
    act(&mut app, Action::HandOverDone);
    assert_eq!(play_mode(&app), Some(PlayMode::Board));
    assert_eq!(app.world().resource::<ActiveGame>().viewer, Some(0));
    // Red's view holds Red's secret only.
    let view = app.world().resource::<ActiveGame>().view().unwrap();
    assert!(view.get("my_secret").is_some());
    // A mark keeps Red deciding: no hand-over, and it can be undone.
    app.world_mut()
        .write_message(SubmitCommand(json!({"Mark": 2})));
    app.update();
    app.update();
    assert_eq!(play_mode(&app), Some(PlayMode::Board));
    assert_eq!(commands(&app), 1);
    press(&mut app, KeyCode::KeyU);
    assert_eq!(commands(&app), 0, "U takes the mark back");
    // Passing gives the decision to Blue: the board hides again.
    app.world_mut().write_message(SubmitCommand(json!("Pass")));
    app.update();
    app.update();
    assert_eq!(play_mode(&app), Some(PlayMode::HandOver));
    // Issue 14: the hand-over screen tells Blue, in public words, what
    // happened since Blue last looked: Red's turn, and nothing before.
    {
        let g = app.world().resource::<ActiveGame>();
        assert_eq!(
            g.seen_upto[0],
            g.log.len(),
            "Red handed over having seen it all"
        );
        assert!(g.seen_upto[1] < g.log.len(), "Red's pass is news to Blue");
    }
    // Issue 14: the button stays where it is whatever the summary holds,
    // and the summary comes below it.
    let (button, summary) = hand_over_layout(app.world().resource::<ActiveGame>());
    let summary = summary.expect("Red's pass is summarised");
    assert!(summary.min.y > button.max.y, "{summary:?} below {button:?}");
    let news = app.world().resource::<ActiveGame>().seen_upto[1];
    let all = app.world().resource::<ActiveGame>().log.len();
    app.world_mut().resource_mut::<ActiveGame>().seen_upto[1] = all;
    let (same, none) = hand_over_layout(app.world().resource::<ActiveGame>());
    assert_eq!(none, None, "nothing new, no summary");
    assert_eq!(same, button, "the button does not move with the summary");
    app.world_mut().resource_mut::<ActiveGame>().seen_upto[1] = news;
    act(&mut app, Action::HandOverDone);
    assert_eq!(app.world().resource::<ActiveGame>().viewer, Some(1));
}

// Issue 14 (keyboard-only play): Enter at the hand-over screen shows the
// board, but not at once: the last player's Enter, pressed twice, must not
// show them the next side's board.
#[test]
fn enter_shows_the_board_once_the_hand_over_screen_has_been_up_a_moment() {
    use bevy::time::TimeUpdateStrategy;
    use vietnam_tactics::flow::HAND_OVER_KEY_DELAY;
    let mut app = app(vec![secret_entry()], &empty_assets(), SaveStore::memory());
    // Each frame is a tenth of a second of the clock.
    let frame = std::time::Duration::from_millis(100);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    to_menu(&mut app);
    let ng = NewGame {
        game: "secret".into(),
        setup: Setup::new("duel", 4),
        controllers: vec![Controller::Person, Controller::Person],
    };
    act(&mut app, Action::Start(ng));
    assert_eq!(play_mode(&app), Some(PlayMode::HandOver));
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(play_mode(&app), Some(PlayMode::HandOver), "too soon");
    let frames = (HAND_OVER_KEY_DELAY / 0.1).ceil() as usize + 1;
    for _ in 0..frames {
        app.update();
    }
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(play_mode(&app), Some(PlayMode::Board));
    assert_eq!(app.world().resource::<ActiveGame>().viewer, Some(0));
}

/// Where the hand-over screen draws its "show the board" button's words
/// and its "Since … last looked" heading (if any), in an 800×600 window.
fn hand_over_layout(game: &ActiveGame) -> (egui::Rect, Option<egui::Rect>) {
    let ctx = vt_ui::fonts::test_context();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0));
    let mut out = None;
    // Twice: egui sizes its panels on the first pass.
    for _ in 0..2 {
        let input = egui::RawInput {
            screen_rect: Some(screen),
            ..Default::default()
        };
        let o = ctx.run_ui(input, |ui| {
            vietnam_tactics::ui::playing::hand_over_ui(ui, game, true);
        });
        let find = |what: &str| {
            o.shapes.iter().find_map(|s| match &s.shape {
                egui::Shape::Text(t) if t.galley.text().contains(what) => {
                    Some(t.visual_bounding_rect())
                }
                _ => None,
            })
        };
        out = Some((
            find("show the board").expect("the button is drawn"),
            find("last looked"),
        ));
        o.drop_without_applying_deltas();
    }
    out.unwrap()
}

#[test]
fn no_hand_over_against_the_computer() {
    let mut app = app(vec![secret_entry()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let ng = NewGame {
        game: "secret".into(),
        setup: Setup::new("duel", 4),
        controllers: vec![Controller::Person, Controller::Computer],
    };
    act(&mut app, Action::Start(ng));
    assert_eq!(play_mode(&app), Some(PlayMode::Board));
    app.world_mut().write_message(SubmitCommand(json!("Pass")));
    for _ in 0..6 {
        app.update();
        assert_ne!(play_mode(&app), Some(PlayMode::HandOver));
        // The board shows Red's view while the computer plays Blue.
        if let Some(g) = app.world().get_resource::<ActiveGame>() {
            assert_eq!(g.viewer, Some(0));
        }
    }
}

#[test]
fn save_then_load_gives_the_same_state() {
    let store = SaveStore::memory();
    let mut app = app(vec![pig()], &empty_assets(), store.clone());
    to_menu(&mut app);
    act(&mut app, Action::Start(pig_game(vec![], 21)));
    for k in [0, 0, 1, 0, 0, 1, 0] {
        act(&mut app, Action::Pick(k));
    }
    let (digest, log, n) = {
        let g = app.world().resource::<ActiveGame>();
        (g.session.digest(), g.log.clone(), g.session.commands())
    };
    assert_eq!(n, 7);
    act(&mut app, Action::Save(Some("mid game".into())));
    assert!(!app.world().resource::<Notice>().is_error);
    assert!(store.read("mid-game").is_ok());
    act(&mut app, Action::ToMenu);
    act(&mut app, Action::Load("mid-game".into()));
    assert_eq!(screen(&app), Screen::Playing);
    let g = app.world().resource::<ActiveGame>();
    assert_eq!(g.session.digest(), digest);
    assert_eq!(g.log, log);
    assert_eq!(g.session.commands(), n);
    assert_eq!(g.save_name.as_deref(), Some("mid-game"));
    // The loaded game goes on.
    act(&mut app, Action::Pick(0));
    assert_eq!(commands(&app), n + 1);
}

#[test]
fn a_bad_save_is_refused_on_screen() {
    let store = SaveStore::memory();
    let mut app = app(vec![pig()], &empty_assets(), store.clone());
    to_menu(&mut app);
    store.write("garbage", "this is not a save").unwrap();
    act(&mut app, Action::Load("garbage".into()));
    assert_eq!(screen(&app), Screen::Menu);
    let n = app.world().resource::<Notice>().clone();
    assert!(n.is_error);
    assert!(
        n.text.as_ref().unwrap().contains("Cannot load 'garbage'"),
        "{:?}",
        n.text
    );

    // A real save, edited by hand: the replay check catches it.
    let rules = std::sync::Arc::new(Pig { goal: 30 });
    let mut s = Session::new(rules, Setup::new("race", 2)).unwrap();
    s.apply(PigCommand::Roll).unwrap();
    s.apply(PigCommand::Roll).unwrap();
    let text = s.save_ron().replace("turn_total: ", "turn_total: 9");
    store.write("edited", &text).unwrap();
    act(&mut app, Action::Load("edited".into()));
    assert_eq!(screen(&app), Screen::Menu);
    let n = app.world().resource::<Notice>().clone();
    assert!(n.is_error, "{:?}", n.text);

    // A save of a game this build does not have.
    store
        .write(
            "other",
            "(format: 1, game: \"fte\", scenario: \"x\", seed: 1, commands: [], snapshot: ())",
        )
        .unwrap();
    act(&mut app, Action::Load("other".into()));
    let n = app.world().resource::<Notice>().clone();
    assert!(n.text.unwrap().contains("'fte'"));
    assert!(app.world().get_resource::<ActiveGame>().is_none());
}

fn assets_with(text: Option<&str>) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!(
        "vt-assets-{}-{}",
        std::process::id(),
        text.map(|t| t.len()).unwrap_or(0)
    ));
    let f = d.join(PIG_DATA_PATH);
    std::fs::create_dir_all(f.parent().unwrap()).unwrap();
    match text {
        Some(t) => std::fs::write(&f, t).unwrap(),
        None => {
            let _ = std::fs::remove_file(&f);
        }
    }
    d
}

fn goal_of_new_game(app: &App) -> u32 {
    let cat = app.world().resource::<Catalog>();
    let g = cat.find("pig").unwrap();
    let s = g.game.new_session(Setup::new("race", 1)).unwrap();
    s.as_any()
        .downcast_ref::<Session<Pig>>()
        .unwrap()
        .state
        .goal
}

#[test]
fn an_edited_data_file_takes_effect() {
    let mut app = app(
        vec![pig_data_entry()],
        &assets_with(Some("(goal: 12)")),
        SaveStore::memory(),
    );
    to_menu(&mut app);
    app.update();
    let cat = app.world().resource::<Catalog>();
    assert!(cat.notices.is_empty(), "{:?}", cat.notices);
    assert!(!cat.games[0].fallback);
    assert_eq!(goal_of_new_game(&app), 12);
}

// The web build reads no data file: the copy embedded in the program is the
// one shipped, so a file beside it changes nothing and nothing is refused.
#[test]
fn embedded_data_reads_no_file() {
    let mut app = common::app_reading(
        vec![pig_data_entry()],
        &assets_with(Some("(goal: 12)")),
        SaveStore::memory(),
        false,
    );
    to_menu(&mut app);
    app.update();
    let cat = app.world().resource::<Catalog>().clone();
    assert!(cat.notices.is_empty(), "{:?}", cat.notices);
    assert!(!cat.games[0].fallback);
    assert_eq!(goal_of_new_game(&app), 30, "the embedded copy");
}

#[test]
fn a_broken_data_file_falls_back_naming_file_and_line() {
    let mut app = app(
        vec![pig_data_entry()],
        &assets_with(Some("(\n  goal: twelve,\n)")),
        SaveStore::memory(),
    );
    to_menu(&mut app);
    app.update();
    let cat = app.world().resource::<Catalog>().clone();
    assert_eq!(cat.games.len(), 1, "the game is still offered");
    assert!(cat.games[0].fallback);
    assert_eq!(cat.notices.len(), 1);
    assert!(
        cat.notices[0].starts_with("assets/pigdata/rules.ron:2:"),
        "{}",
        cat.notices[0]
    );
    assert!(cat.notices[0].contains("built-in data"));
    assert_eq!(goal_of_new_game(&app), 30, "the embedded copy");
}

#[test]
fn a_missing_data_file_falls_back_too() {
    let mut app = app(
        vec![pig_data_entry()],
        &assets_with(None),
        SaveStore::memory(),
    );
    to_menu(&mut app);
    app.update();
    let cat = app.world().resource::<Catalog>().clone();
    assert_eq!(cat.games.len(), 1);
    assert!(cat.games[0].fallback);
    assert!(
        cat.notices[0].contains("assets/pigdata/rules.ron"),
        "{}",
        cat.notices[0]
    );
}

// The pause menu's settings are kept between runs, in the same store as the
// saves (a folder on the desktop, local storage in the browser).
#[test]
fn settings_are_kept_between_runs() {
    use vietnam_tactics::flow::Settings;
    let store = SaveStore::memory();
    let mut first = app(vec![pig()], &empty_assets(), store.clone());
    to_menu(&mut first);
    assert_eq!(first.world().resource::<Settings>().ui_scale, 1.0);
    first.world_mut().resource_mut::<Settings>().ui_scale = 1.5;
    first.update();
    drop(first);
    let mut second = app(vec![pig()], &empty_assets(), store);
    to_menu(&mut second);
    assert_eq!(second.world().resource::<Settings>().ui_scale, 1.5);
}

// Who plays which side is kept beside a save: a game saved against the
// computer loads against the computer (the save file itself is the game's
// alone, for `vt`).
#[test]
fn a_loaded_game_keeps_who_plays_each_side() {
    let store = SaveStore::memory();
    let mut app = app(vec![pig()], &empty_assets(), store.clone());
    to_menu(&mut app);
    let seats = vec![Controller::Person, Controller::Computer];
    act(&mut app, Action::Start(pig_game(seats.clone(), 5)));
    act(&mut app, Action::Save(Some("against the computer".into())));
    act(&mut app, Action::ToMenu);
    act(&mut app, Action::Load("against-the-computer".into()));
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(app.world().resource::<ActiveGame>().controllers, seats);

    // A save with nothing kept beside it (written by `vt`, say): a person
    // plays every side.
    let text = app.world().resource::<ActiveGame>().session.save_ron();
    store.write("from-vt", &text).unwrap();
    act(&mut app, Action::ToMenu);
    act(&mut app, Action::Load("from-vt".into()));
    assert_eq!(
        app.world().resource::<ActiveGame>().controllers,
        vec![Controller::Person; 2]
    );
}

// Hot seat, FTE 21.0: an Opportunity Fire chance hides the mover's board
// behind a hand-over; the other player may decline it there without
// looking. That player is still at the screen, so the mover's board comes
// back behind a hand-over to the mover (never shown straight away to the
// one who declined), and a move left with nothing but "End the move" is
// ended for the mover first. Played with the real game until such chances
// come up.
#[test]
fn an_opportunity_fire_chance_can_be_declined_without_looking() {
    let fte: Vec<_> = vietnam_tactics::game_entries()
        .into_iter()
        .filter(|e| e.id == "fte")
        .collect();
    let mut app = app(fte, &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let ng = NewGame {
        game: "fte".into(),
        setup: Setup::new("hamlet-search", 11),
        controllers: vec![Controller::Person, Controller::Person],
    };
    act(&mut app, Action::Start(ng));
    let mut pick = vt_core::GameRng::seeded(3);
    let mut declined = 0;
    for _ in 0..4000 {
        if screen(&app) != Screen::Playing || declined == 3 {
            break;
        }
        let g = app.world().resource::<ActiveGame>();
        if play_mode(&app) == Some(PlayMode::HandOver) {
            if !g.session.decision().interrupt {
                act(&mut app, Action::HandOverDone);
                continue;
            }
            let mover = g.hidden_from.expect("the side whose board was hidden");
            let chooser = g.deciding_side().unwrap();
            assert_ne!(mover, chooser);
            let n = g.session.commands();
            act(&mut app, Action::PassUnseen);
            let g = app.world().resource::<ActiveGame>();
            // Declined, and maybe a pass that was the mover's only choice.
            assert!(g.session.commands() > n, "the chance was declined");
            assert_ne!(g.session.decision().kind, "opportunity-fire-target");
            if g.deciding_side() == Some(mover) {
                assert_eq!(g.viewer, None, "a hand-over back to the mover");
                assert_eq!(g.hidden_from, Some(chooser));
                assert_eq!(play_mode(&app), Some(PlayMode::HandOver));
                let legal = g.session.legal();
                assert!(
                    legal.len() > 1 || vt_ui::labels::end_command(&legal) != Some(0),
                    "no hand-over just to end: {legal:?}"
                );
                declined += 1;
            }
            continue;
        }
        let legal = g.session.legal();
        // Moves more often than not, so that enemies come in sight.
        let steps: Vec<usize> = (0..legal.len())
            .filter(|&i| legal[i].get("Step").is_some() || legal[i].get("Move").is_some())
            .collect();
        let k = if !steps.is_empty() && pick.below(3) > 0 {
            steps[pick.index(steps.len())]
        } else {
            pick.index(legal.len())
        };
        act(&mut app, Action::Pick(k));
    }
    assert_eq!(declined, 3, "three chances declined unseen");
}

/// A file dialog that always picks the same file, and remembers the name
/// it was offered.
struct PicksFile {
    path: std::path::PathBuf,
    offered: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl vietnam_tactics::export::PickFiles for PicksFile {
    fn export(&self, name: String, text: String, inbox: vietnam_tactics::export::DialogInbox) {
        self.offered.lock().unwrap().push(name);
        inbox.put(vietnam_tactics::export::write_export(&self.path, &text));
    }

    fn import(&self, inbox: vietnam_tactics::export::DialogInbox) {
        inbox.put(vietnam_tactics::export::read_import(&self.path));
    }
}

#[test]
fn a_game_exported_to_a_file_imports_back() {
    use vietnam_tactics::export::FileDialogs;
    let dir = std::env::temp_dir().join(format!("vt-export-app-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("my game.ron");
    let offered = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let store = SaveStore::memory();
    let mut app = app(vec![pig()], &empty_assets(), store.clone());
    app.insert_resource(FileDialogs::with(PicksFile {
        path: file.clone(),
        offered: offered.clone(),
    }));
    to_menu(&mut app);
    act(&mut app, Action::Start(pig_game(vec![], 21)));
    for k in [0, 0, 1, 0] {
        act(&mut app, Action::Pick(k));
    }
    let digest = app.world().resource::<ActiveGame>().session.digest();
    act(&mut app, Action::Pause);
    act(&mut app, Action::Export(None));
    let n = app.world().resource::<Notice>().clone();
    assert!(!n.is_error, "{:?}", n.text);
    assert!(n.text.unwrap().contains("my game.ron"));
    assert_eq!(offered.lock().unwrap().as_slice(), ["pig-race-21-4.ron"]);
    // The file is a save `vt` reads.
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("game: \"pig\""), "{text}");

    act(&mut app, Action::ToMenu);
    act(&mut app, Action::Import);
    assert_eq!(screen(&app), Screen::Playing);
    let g = app.world().resource::<ActiveGame>();
    assert_eq!(g.session.digest(), digest);
    assert_eq!(g.save_name.as_deref(), Some("my-game"));

    // A save of the store, exported by name from the load list.
    store.write("kept", &text).unwrap();
    std::fs::remove_file(&file).unwrap();
    act(&mut app, Action::Export(Some("kept".into())));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    assert_eq!(offered.lock().unwrap().last().unwrap(), "kept.ron");

    // A file that is no save is refused on screen, and nothing changes.
    act(&mut app, Action::ToMenu);
    std::fs::write(&file, "(format: 1, game: \"pig\", scenario: [").unwrap();
    act(&mut app, Action::Import);
    let n = app.world().resource::<Notice>().clone();
    assert!(n.is_error, "{:?}", n.text);
    assert!(n.text.unwrap().contains("Cannot load 'my-game'"));
    assert_eq!(screen(&app), Screen::Menu);
    // A folder where the file would be: refused when read and when written.
    std::fs::remove_file(&file).unwrap();
    std::fs::create_dir_all(&file).unwrap();
    act(&mut app, Action::Import);
    let n = app.world().resource::<Notice>().clone();
    assert!(n.is_error && n.text.unwrap().contains("directory"));
    act(&mut app, Action::Export(Some("kept".into())));
    let n = app.world().resource::<Notice>().clone();
    assert!(n.is_error && n.text.unwrap().contains("my game.ron"));
    assert!(file.is_dir());
    let _ = std::fs::remove_dir_all(dir);
}

// Issue 14: nothing a player does is lost. A name that holds another game
// is not overwritten without asking; Save offers a fresh name.
#[test]
fn saving_over_another_game_asks_first() {
    use vietnam_tactics::flow::{Asking, Question, offered_save_name};
    let store = SaveStore::memory();
    let mut app = app(vec![pig()], &empty_assets(), store.clone());
    to_menu(&mut app);
    act(&mut app, Action::Start(pig_game(vec![], 21)));
    act(&mut app, Action::Pick(0));
    act(&mut app, Action::Save(Some("kept".into())));
    let first = store.read("kept").unwrap();
    act(&mut app, Action::ToMenu);

    // Another game: Save offers a name of its own, not "kept".
    act(&mut app, Action::Start(pig_game(vec![], 22)));
    for _ in 0..3 {
        act(&mut app, Action::Pick(0));
    }
    let offered = offered_save_name(&store, app.world().resource::<ActiveGame>());
    assert_ne!(offered, "kept");
    assert!(!store.exists(&offered));
    act(&mut app, Action::Save(Some("kept".into())));
    assert_eq!(
        app.world().resource::<Asking>().0,
        Some(Question::Overwrite("kept".into()))
    );
    assert_eq!(store.read("kept").unwrap(), first, "nothing written yet");
    act(&mut app, Action::Dismiss);
    assert_eq!(app.world().resource::<Asking>().0, None);
    assert_eq!(store.read("kept").unwrap(), first);
    // Asked and answered: overwritten. Its own save again: no question.
    act(&mut app, Action::SaveOver("kept".into()));
    assert_ne!(store.read("kept").unwrap(), first);
    act(&mut app, Action::Pick(0));
    act(&mut app, Action::Save(Some("kept".into())));
    assert_eq!(app.world().resource::<Asking>().0, None);
    assert_eq!(
        store.read("kept").unwrap(),
        app.world().resource::<ActiveGame>().session.save_ron()
    );
}

/// Plays the first legal command (ending the phase when the side is still
/// to decide) until the other side is to decide.
fn play_until_the_other_side_decides(app: &mut App) {
    let deciding = |app: &App| app.world().resource::<ActiveGame>().deciding_side();
    let first = deciding(app);
    for _ in 0..60 {
        if deciding(app) != first {
            break;
        }
        act(app, Action::Pick(0));
        if deciding(app) == first {
            act(app, Action::EndPhase);
        }
    }
    assert_ne!(deciding(app), first, "the other side never came to decide");
}

// Issue 14: the game is autosaved at each change of phase or side and on
// leaving; the menu offers to continue it; leaving with progress not saved
// under a name asks first.
#[test]
fn autosave_continue_and_leaving_asks() {
    use vietnam_tactics::flow::{AUTOSAVE, Asking, ContinueOffer, Question};
    let store = SaveStore::memory();
    let mut app = app(vec![pig()], &empty_assets(), store.clone());
    to_menu(&mut app);
    assert!(app.world().resource::<ContinueOffer>().0.is_none());
    let seats = vec![Controller::Person, Controller::Person];
    act(&mut app, Action::Start(pig_game(seats, 21)));
    // Play until the other side is to decide: that change autosaves.
    play_until_the_other_side_decides(&mut app);
    let saved = store
        .read(AUTOSAVE)
        .expect("autosaved at the change of side");
    assert_eq!(
        saved,
        app.world().resource::<ActiveGame>().session.save_ron()
    );
    // One more command, then leave: asked, since nothing was saved by name.
    act(&mut app, Action::Pick(0));
    let (digest, n) = {
        let g = app.world().resource::<ActiveGame>();
        (g.session.digest(), g.session.commands())
    };
    act(&mut app, Action::Pause);
    act(&mut app, Action::Leave { quit: false });
    assert_eq!(
        app.world().resource::<Asking>().0,
        Some(Question::Leave { quit: false })
    );
    assert_eq!(screen(&app), Screen::Playing, "still in the game");
    act(&mut app, Action::Dismiss);
    act(&mut app, Action::Leave { quit: false });
    act(&mut app, Action::Leave { quit: false });
    assert_eq!(screen(&app), Screen::Menu);
    // The last command is in the autosave, and the menu offers it.
    let offer = app.world().resource::<ContinueOffer>().0.clone().unwrap();
    assert_eq!(offer.commands, n);
    act(&mut app, Action::Continue);
    assert_eq!(screen(&app), Screen::Playing);
    let g = app.world().resource::<ActiveGame>();
    assert_eq!(g.session.digest(), digest);
    assert!(g.unsaved_progress(), "still not saved under a name");

    // Saved under a name: leaving asks nothing.
    act(&mut app, Action::Save(None));
    act(&mut app, Action::Leave { quit: false });
    assert_eq!(screen(&app), Screen::Menu);
    assert_eq!(app.world().resource::<Asking>().0, None);

    // A finished game leaves nothing to continue.
    let seats = vec![Controller::Computer, Controller::Computer];
    act(&mut app, Action::Start(pig_game(seats, 11)));
    run_game_to_end(&mut app, 2000);
    act(&mut app, Action::ToMenu);
    assert!(!store.exists(AUTOSAVE));
    assert!(app.world().resource::<ContinueOffer>().0.is_none());
}

// Issue 14, nothing a player does is lost: looking at a finished game
// (loaded from a save) and leaving it removed the autosave of another,
// unfinished game, and "Continue" with it. Only a game's own autosave goes
// when it ends.
#[test]
fn a_finished_game_loaded_leaves_another_games_autosave() {
    use vietnam_tactics::flow::{AUTOSAVE, ContinueOffer};
    let store = SaveStore::memory();
    let mut app = app(vec![pig()], &empty_assets(), store.clone());
    to_menu(&mut app);
    // A finished game, saved by name; its own autosave goes as it ends.
    let seats = vec![Controller::Computer, Controller::Computer];
    act(&mut app, Action::Start(pig_game(seats, 11)));
    run_game_to_end(&mut app, 2000);
    act(&mut app, Action::Save(Some("finished".into())));
    act(&mut app, Action::ToMenu);
    assert!(!store.exists(AUTOSAVE));
    // An unfinished game, autosaved at a change of side, then left.
    let seats = vec![Controller::Person, Controller::Person];
    act(&mut app, Action::Start(pig_game(seats, 21)));
    play_until_the_other_side_decides(&mut app);
    act(&mut app, Action::Pause);
    act(&mut app, Action::Leave { quit: false });
    act(&mut app, Action::Leave { quit: false });
    assert_eq!(screen(&app), Screen::Menu);
    let kept = store
        .read(AUTOSAVE)
        .expect("the unfinished game is autosaved");
    let offer = app.world().resource::<ContinueOffer>().0.clone().unwrap();
    // Look at the finished game, and leave it.
    act(&mut app, Action::Load("finished".into()));
    assert_eq!(screen(&app), Screen::Playing);
    assert!(
        app.world()
            .resource::<ActiveGame>()
            .session
            .outcome()
            .is_finished()
    );
    act(&mut app, Action::ToMenu);
    assert_eq!(screen(&app), Screen::Menu);
    assert_eq!(
        store.read(AUTOSAVE).ok(),
        Some(kept),
        "the other game's autosave stays"
    );
    assert_eq!(app.world().resource::<ContinueOffer>().0, Some(offer));
}

// Issue 14, hot seat: after a roll the player who made it sees the result
// before the screen goes to the next player; a side whose only choice is
// to pass is not handed the screen for it.
#[test]
fn hot_seat_shows_the_result_first_and_skips_forced_passes() {
    let mut app = app(vec![secret_entry()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let ng = NewGame {
        game: "secret".into(),
        setup: Setup::new("duel", 4),
        controllers: vec![Controller::Person, Controller::Person],
    };
    act(&mut app, Action::Start(ng));
    act(&mut app, Action::HandOverDone);
    let submit = |app: &mut App, c: serde_json::Value| {
        app.world_mut().write_message(SubmitCommand(c));
        app.update();
        app.update();
    };
    // Red shoots: Blue is to decide, but Red's board stays up with the roll.
    submit(&mut app, json!({"Shoot": {"stun": false}}));
    let g = app.world().resource::<ActiveGame>();
    assert_eq!(commands(&app), 1);
    assert_eq!(g.deciding_side(), Some(1));
    assert_eq!(g.viewer, Some(0), "Red still sees its board");
    assert!(g.result_first);
    let shown: Vec<_> = g.log[g.result_from..]
        .iter()
        .flat_map(|e| e.read_by(vt_core::Reader::Side(0)).1.to_vec())
        .collect();
    assert_eq!(shown.len(), 1, "the shot's roll is shown");
    assert_eq!(play_mode(&app), Some(PlayMode::Board));
    // Nothing more is taken from Red's screen, for either side.
    submit(&mut app, json!("Pass"));
    assert_eq!(commands(&app), 1);
    act(&mut app, Action::HandOverNow);
    app.update();
    assert_eq!(play_mode(&app), Some(PlayMode::HandOver));
    act(&mut app, Action::HandOverDone);
    assert_eq!(app.world().resource::<ActiveGame>().viewer, Some(1));

    // Blue stuns Red: Red could only pass, so the pass is given and the
    // board goes straight back to Blue, who sees its roll.
    submit(&mut app, json!({"Shoot": {"stun": true}}));
    let g = app.world().resource::<ActiveGame>();
    assert_eq!(commands(&app), 3, "the shot and Red's forced pass");
    assert_eq!(g.deciding_side(), Some(1));
    assert_eq!(g.viewer, Some(1));
    assert!(!g.result_first, "no hand-over at all: Blue goes on");
    assert_eq!(play_mode(&app), Some(PlayMode::Board));
}

// Issue 14 (FTE's Injury event with one target): a side whose one legal
// command is not a pass is not handed the screen to give it either.
#[test]
fn a_single_forced_command_is_given_without_a_hand_over() {
    let mut app = app(vec![secret_entry()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let ng = NewGame {
        game: "secret".into(),
        setup: Setup::new("cornered", 4),
        controllers: vec![Controller::Person, Controller::Person],
    };
    act(&mut app, Action::Start(ng));
    act(&mut app, Action::HandOverDone);
    // Red stuns Blue, whose only command is to call: given at once.
    app.world_mut()
        .write_message(SubmitCommand(json!({"Shoot": {"stun": true}})));
    app.update();
    app.update();
    let g = app.world().resource::<ActiveGame>();
    assert_eq!(commands(&app), 2, "the shot and Blue's forced call");
    assert!(g.session.outcome().is_finished(), "the call ends the game");
    assert_eq!(g.viewer, Some(0), "Red was never asked to hand over");
    assert_ne!(play_mode(&app), Some(PlayMode::HandOver));
}

// A chance the rules offer one side while the other acts (an interrupt:
// Grunt's landing fire, Crossfire's reactive fire) is handed over even when
// it can only be declined: if the pass were given without a hand-over, the
// acting player would learn that the other side could not act (Grunt B5,
// "the NLF is asked after every landing group").
#[test]
fn an_interrupt_that_can_only_be_declined_is_still_handed_over() {
    let mut app = app(vec![secret_entry()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let ng = NewGame {
        game: "secret".into(),
        setup: Setup::new("ambush", 4),
        controllers: vec![Controller::Person, Controller::Person],
    };
    act(&mut app, Action::Start(ng));
    act(&mut app, Action::HandOverDone);
    app.world_mut()
        .write_message(SubmitCommand(json!({"Shoot": {"stun": true}})));
    app.update();
    app.update();
    let g = app.world().resource::<ActiveGame>();
    assert!(g.session.decision().interrupt);
    assert_eq!(g.session.legal().len(), 1, "Blue can only pass");
    assert_eq!(commands(&app), 1, "Blue's pass is not given for it");
    assert_eq!(g.deciding_side(), Some(1));
    // Red reads its roll, then hands over as after any other command.
    assert_eq!(g.viewer, Some(0));
    act(&mut app, Action::HandOverNow);
    app.update();
    assert_eq!(play_mode(&app), Some(PlayMode::HandOver));
}

// Grunt B6: in the solitaire game the rules play the NLF. The new-game form
// seats the rules there whatever was picked, and a game started with a
// person on both seats (as VT_AUTOSTART does) opens on the US board: no
// hand-over screen, and no NLF decision on the way to the first combat.
#[test]
fn a_solitaire_scenario_seats_the_rules_on_the_automatic_side() {
    let grunt: Vec<_> = vietnam_tactics::game_entries()
        .into_iter()
        .filter(|e| e.id == "grunt")
        .collect();
    let mut app = app(grunt, &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let catalog = app.world().resource::<Catalog>().clone();
    let form = SetupForm::for_game(&catalog, 0);
    let solitaire = &catalog.games[0].info.scenarios[form.scenario];
    assert_eq!(solitaire.id, "solitaire");
    assert_eq!(
        form.seats(&catalog),
        vec![Controller::Person, Controller::Rules]
    );
    let mut basic = form.clone();
    basic.scenario = 1;
    assert_eq!(basic.seats(&catalog), vec![Controller::Person; 2]);

    let ng = NewGame {
        game: "grunt".into(),
        setup: Setup::new("solitaire", 11),
        controllers: vec![Controller::Person, Controller::Person],
    };
    act(&mut app, Action::Start(ng));
    assert_eq!(play_mode(&app), Some(PlayMode::Board));
    let g = app.world().resource::<ActiveGame>();
    assert_eq!(g.viewer, Some(0), "the US board, not a hand-over");
    assert_eq!(g.controller(1), Controller::Rules);
    // Play the US side (the last legal command: land, end, move on) for a
    // while: the board is never hidden and the NLF never decides.
    for _ in 0..300 {
        let g = app.world().resource::<ActiveGame>();
        if g.session.outcome().is_finished() {
            break;
        }
        assert_eq!(g.deciding_side(), Some(0), "only the US decides");
        let legal = g.session.legal();
        let c = legal.last().cloned().expect("a legal command");
        app.world_mut().write_message(SubmitCommand(c));
        app.update();
        app.update();
        if screen(&app) != Screen::Playing {
            break; // the game is over
        }
        assert_eq!(play_mode(&app), Some(PlayMode::Board));
    }
}
