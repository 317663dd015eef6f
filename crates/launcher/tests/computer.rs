//! The computer at the table, headless: it searches off the frame and plays
//! its side like a person would (the command logged), suggests a move to a
//! person who asks, keeps its estimates for the chart, and never sees the
//! other side's secret.

mod common;

use bevy::prelude::*;
use common::*;
use std::time::Duration;
use vietnam_tactics::computer::{Budget, Computer, Level, Levels, Purpose, ask};
use vietnam_tactics::flow::{Action, NewGame};
use vietnam_tactics::saves::SaveStore;
use vt_core::Setup;
use vt_ui::{ActiveGame, Controller, SubmitCommand};

fn pig_against_computer(app: &mut App, level: Level, seed: u64) -> NewGame {
    app.insert_resource(Levels(vec![level, Level::Normal]));
    NewGame {
        game: "pig".into(),
        setup: Setup::new("race", seed).option("goal", "30"),
        controllers: vec![Controller::Computer, Controller::Person],
    }
}

fn commands(app: &App) -> usize {
    app.world().resource::<ActiveGame>().session.commands()
}

// The computer's side searches off the frame: frames go on while it
// thinks (its search spans many of them), a "thinking" state is there to
// show, and its command arrives and is logged like a person's. (How long
// a frame takes while it thinks is measured with VT_FRAME_STATS, not here.)
#[test]
fn the_computer_thinks_off_the_frame_and_moves() {
    let mut app = app(vec![pig()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let ng = pig_against_computer(&mut app, Level::Quick, 5);
    act(&mut app, Action::Start(ng));
    let mut frames_thinking = 0;
    let start = commands(&app);
    let mut frames = 0;
    while commands(&app) < start + 6 && frames < 20_000 {
        app.update();
        frames += 1;
        let c = app.world().resource::<Computer>();
        if c.thinking
            .as_ref()
            .is_some_and(|t| t.purpose == Purpose::Move)
        {
            frames_thinking += 1;
        }
        let g = app.world().resource::<ActiveGame>();
        if g.person_to_decide() {
            // The person holds at once, handing the die back.
            let legal = g.session.legal();
            let c = legal.last().cloned().unwrap();
            app.world_mut().write_message(SubmitCommand(c));
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(commands(&app) >= start + 6, "the computer did not move");
    assert!(
        frames_thinking > 6,
        "the search did not span frames ({frames_thinking} frames)"
    );
    let g = app.world().resource::<ActiveGame>();
    assert_eq!(
        g.log,
        g.session.log(),
        "its moves are in the log like anyone's"
    );
    // Its own decisions left estimates for the chart.
    let c = app.world().resource::<Computer>();
    assert!(c.estimates.iter().any(|e| e.side == 0 && e.win.is_finite()));
}

// A person asks for a suggestion: the computer answers with a legal
// command and its estimate, and "Play it" plays it.
#[test]
fn a_suggestion_is_a_legal_move_with_an_estimate() {
    let mut app = app(vec![pig()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let ng = NewGame {
        game: "pig".into(),
        setup: Setup::new("race", 3).option("goal", "30"),
        controllers: vec![Controller::Person, Controller::Person],
    };
    act(&mut app, Action::Start(ng));
    // Roll until there is a choice (roll or hold).
    run_until(&mut app, 200, "a choice", |w| {
        let g = w.resource::<ActiveGame>();
        let legal = g.session.legal();
        if legal.len() > 1 {
            return true;
        }
        let c = legal[0].clone();
        w.write_message(SubmitCommand(c));
        false
    });
    {
        let world = app.world_mut();
        let game = world.remove_resource::<ActiveGame>().unwrap();
        ask(&mut world.resource_mut::<Computer>(), &game);
        world.insert_resource(game);
    }
    run_until(&mut app, 5000, "a suggestion", |w| {
        w.resource::<Computer>().suggestion.is_some()
    });
    let g = app.world().resource::<ActiveGame>();
    let s = app
        .world()
        .resource::<Computer>()
        .suggestion
        .clone()
        .unwrap();
    assert!(g.session.legal().contains(&s.command));
    let win = s.win.expect("an estimate");
    assert!((0.0..=1.0).contains(&win));
    assert!(s.iterations > 0);
    let before = g.session.commands();
    app.world_mut().write_message(SubmitCommand(s.command));
    app.update();
    assert_eq!(commands(&app), before + 1);
}

// Asked twice at the same position, the computer gives the same answer
// (session 41 saw 59 % and then 45 %: each ask drew a new seed); asked to
// think longer, it goes on from there for as long again, its earlier
// answer kept in view, and the chart's estimate of the decision is the
// longer one's.
#[test]
fn asked_again_it_answers_the_same_and_thinks_longer_on_request() {
    use vietnam_tactics::computer::think_longer;
    let mut app = app(vec![pig()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let ng = NewGame {
        game: "pig".into(),
        setup: Setup::new("race", 6).option("goal", "30"),
        controllers: vec![Controller::Person, Controller::Person],
    };
    act(&mut app, Action::Start(ng));
    // A budget in iterations that no time cap cuts on a busy machine (1.5
    // seconds of Pig is 145,000 positions, cut short in a debug build).
    app.world_mut().resource_mut::<Computer>().suggest_budget = Some(Budget {
        iterations: 3000,
        cap: Duration::from_secs(600),
    });
    run_until(&mut app, 200, "a choice", |w| {
        let g = w.resource::<ActiveGame>();
        let legal = g.session.legal();
        if legal.len() > 1 {
            return true;
        }
        let c = legal[0].clone();
        w.write_message(SubmitCommand(c));
        false
    });
    let with_computer = |app: &mut App, f: &dyn Fn(&mut Computer, &ActiveGame)| {
        let world = app.world_mut();
        let game = world.remove_resource::<ActiveGame>().unwrap();
        f(&mut world.resource_mut::<Computer>(), &game);
        world.insert_resource(game);
    };
    let answer = |app: &mut App| {
        with_computer(app, &|c, g| ask(c, g));
        run_until(app, 5000, "a suggestion", |w| {
            w.resource::<Computer>().suggestion.is_some()
        });
        app.world()
            .resource::<Computer>()
            .suggestion
            .clone()
            .unwrap()
    };
    let first = answer(&mut app);
    app.world_mut().resource_mut::<Computer>().dismiss();
    let again = answer(&mut app);
    assert_eq!(first, again, "the same answer at the same position");
    assert!(first.earlier.is_empty());
    assert!(first.looks > 0 && first.looks <= first.iterations);
    assert!(
        first
            .weighed
            .iter()
            .all(|w| w.0 != first.command && w.1 <= first.looks)
    );
    assert!(app.world().resource::<Computer>().can_think_longer());

    with_computer(&mut app, &|c, g| think_longer(c, g));
    run_until(&mut app, 5000, "a longer answer", |w| {
        w.resource::<Computer>()
            .suggestion
            .as_ref()
            .is_some_and(|s| s.iterations > first.iterations)
    });
    let longer = app
        .world()
        .resource::<Computer>()
        .suggestion
        .clone()
        .unwrap();
    assert_eq!(longer.iterations, 2 * first.iterations, "as long again");
    assert_eq!(
        longer.earlier,
        vec![(first.iterations, first.win, first.command.clone())]
    );
    let g = app.world().resource::<ActiveGame>();
    assert!(g.session.legal().contains(&longer.command));
    let at = g.session.commands();
    let side = g.deciding_side().unwrap();
    let chart = app
        .world()
        .resource::<Computer>()
        .estimates
        .iter()
        .find(|e| e.at == at && e.side == side)
        .map(|e| e.win);
    assert_eq!(chart, longer.win, "the chart has the longer estimate");
    // Moving on puts the suggestion and its search away.
    let c = longer.command.clone();
    app.world_mut().write_message(SubmitCommand(c));
    app.update();
    app.update();
    let c = app.world().resource::<Computer>();
    assert!(c.suggestion.is_none() && !c.can_think_longer());
}

// The computer plays the hidden-information test game's Blue without
// looking at Red's secret: its choices do not change when only Red's
// secret does (it searches from samples of what Blue may know).
#[test]
fn the_computer_does_not_read_the_other_sides_secret() {
    use vt_ai::{Config, for_game};
    use vt_core::dynamic::{DynGame, Game};
    let game: std::sync::Arc<dyn DynGame> = std::sync::Arc::new(Game::new(Secret));
    let ai = for_game::<Secret>(&*game).unwrap();
    let choose = |red_secret: u8| {
        let mut s = game.new_session(Setup::new("duel", 9)).unwrap();
        // Red passes; Blue (side 1) decides.
        s.apply(&serde_json::json!("Pass")).unwrap();
        let typed = s
            .as_any_mut()
            .downcast_mut::<vt_core::session::Session<Secret>>()
            .unwrap();
        typed.state.secret[0] = red_secret;
        let mut search = ai.search(&*s, 1, Config::default()).unwrap();
        search.run(300);
        search.thought().unwrap()
    };
    let a = choose(1);
    let b = choose(6);
    assert_eq!(a.command, b.command);
    assert_eq!(a.considered, b.considered);
}

// Two people at the screen playing as fast as they can: every decision
// with a choice still gets the chart's estimate (queued with its position
// and searched in the background, finishing after the game is over), and
// each estimate gives every side's chance from the deciding side's
// knowledge, so the chart's lines add up (Pig has no draws). The chart
// of a hot-seat Crossfire game once showed the last third of the game
// only: a person's decision lost its estimate when the person moved
// before the search was done; and each side's line was its own estimate
// at its own decisions, so the lines did not mirror each other.
#[test]
fn every_decision_gets_every_sides_chance() {
    let mut app = app(vec![pig()], &empty_assets(), SaveStore::memory());
    to_menu(&mut app);
    let ng = NewGame {
        game: "pig".into(),
        setup: Setup::new("race", 8).option("goal", "30"),
        controllers: vec![Controller::Person, Controller::Person],
    };
    act(&mut app, Action::Start(ng));
    let mut choices = Vec::new();
    let mut rng = vt_core::GameRng::seeded(8);
    let mut seen = None;
    for _ in 0..2000 {
        app.update();
        let world = app.world_mut();
        let g = world.resource::<ActiveGame>();
        if g.session.outcome().is_finished() {
            break;
        }
        // A command the frame after the decision is first there (a frame
        // has run with it), as fast as a person could click.
        let at = g.session.commands();
        if seen != Some(at) {
            seen = Some(at);
            continue;
        }
        if !g.person_to_decide() {
            continue;
        }
        let legal = g.session.legal();
        if legal.len() > 1 {
            choices.push((g.session.commands(), g.deciding_side().unwrap()));
        }
        // Roll four times in five.
        let c = legal[if rng.below(5) == 0 {
            legal.len() - 1
        } else {
            0
        }]
        .clone();
        world.write_message(SubmitCommand(c));
    }
    assert!(
        app.world()
            .resource::<ActiveGame>()
            .session
            .outcome()
            .is_finished(),
        "the game ends"
    );
    assert!(choices.len() > 5, "{choices:?}");
    run_until(&mut app, 20_000, "every estimate", |w| {
        w.resource::<Computer>().estimates_pending() == 0
    });
    let c = app.world().resource::<Computer>();
    for (at, by) in choices {
        let e: Vec<_> = c.estimates.iter().filter(|e| e.at == at).collect();
        assert_eq!(e.len(), 2, "decision {at}: {e:?}");
        assert!(e.iter().all(|e| e.by == by && e.win.is_finite()), "{e:?}");
        assert_eq!((e[0].side, e[1].side), (0, 1));
        let sum = e[0].win + e[1].win;
        assert!((sum - 1.0).abs() < 1e-9, "decision {at}: {e:?}");
    }
}
