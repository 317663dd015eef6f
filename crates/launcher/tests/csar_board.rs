//! That Others May Live on its board, through the whole launcher (no
//! window, no egui): a Caged Tiger game from the set-up to the game-over
//! screen given only by clicks on the board and the cards (and the panel's
//! buttons), and the record of finished games written to the save store.

mod common;

use bevy::prelude::*;
use common::*;
use csar_plugin::csar_rules::{Command, Csar};
use csar_plugin::layout::{HEADER, zone_label_at};
use csar_plugin::pick::{Thing, routes};
use csar_plugin::records::{RECORD_KEY, Records};
use csar_plugin::{CsarClick, CsarScreen};
use vietnam_tactics::flow::{Action, NewGame};
use vietnam_tactics::saves::SaveStore;
use vt_core::{GameRng, Setup};
use vt_ui::board::BoardClick;
use vt_ui::store::TextStore;
use vt_ui::{ActiveGame, Boards, Screen, SubmitCommand};

fn commands(app: &App) -> usize {
    app.world().resource::<ActiveGame>().session.commands()
}

/// Where a thing of the board is clicked: a counter where it stands, a zone
/// on its name, the Orbit Box on its header.
fn board_point(st: &CsarScreen, t: Thing) -> Option<Vec2> {
    let l = st.layout.as_ref()?;
    match t {
        Thing::Zone(z) => Some(zone_label_at(z)),
        Thing::Orbit => Some(Vec2::new(l.orbit.center().x, l.orbit.max.y - HEADER / 2.0)),
        Thing::Card(_) | Thing::CardKind(_) | Thing::PilotCard(_) | Thing::SearchMarker => None,
        _ => l.position(t),
    }
}

/// Gives a command the way a player does: its route of clicks, then its
/// button if several commands end at the last click.
fn give(app: &mut App, c: Command) {
    let state = &app
        .world()
        .resource::<ActiveGame>()
        .typed::<Csar>()
        .unwrap()
        .state;
    let route = routes(&c, |card| {
        state
            .assigned
            .iter()
            .find(|x| x.card == card)
            .map(|x| x.zone)
    })
    .remove(0);
    let before = commands(app);
    for t in route {
        let st = app.world().resource::<CsarScreen>();
        match board_point(st, t) {
            Some(p) => {
                app.world_mut().write_message(BoardClick { world: p });
            }
            None => {
                app.world_mut().write_message(CsarClick(vec![t]));
            }
        }
        app.update();
        app.update();
    }
    if commands(app) == before {
        let st = app.world().resource::<CsarScreen>();
        // Issue 14: a card that may only be discarded says why it cannot
        // be played, with the rule (CSAR 4.2.3, 4.3.4).
        let offer = st.routes.offer(&st.picker.selection);
        if matches!(c, Command::DiscardAssigned(_) | Command::DiscardCommand(_))
            && offer.now.is_empty()
            && !offer.more
        {
            let hint = st.hint.clone().unwrap_or_default();
            assert!(
                hint.starts_with("It cannot be played: ") && hint.contains("(CSAR "),
                "{c:?}: {hint:?}"
            );
        }
        let offered =
            st.routes.exact(&st.picker.selection).contains(&c) || st.routes.buttons().contains(&c);
        assert!(offered, "{c:?} is neither clicked nor offered as a button");
        app.world_mut().write_message(SubmitCommand::typed(&c));
        app.update();
        app.update();
    }
    assert_eq!(commands(app), before + 1, "{c:?} was not given");
}

#[test]
fn a_caged_tiger_game_is_played_by_clicks_to_the_game_over_screen() {
    let saves = SaveStore::memory();
    let mut app = app(vt_games::entries(), &empty_assets(), saves.clone());
    to_menu(&mut app);
    assert!(app.world().resource::<Boards>().has_board("csar"));
    act(
        &mut app,
        Action::Start(NewGame {
            game: "csar".into(),
            setup: Setup::new("caged-tiger", 12),
            controllers: Vec::new(),
        }),
    );
    assert_eq!(screen(&app), Screen::Playing);
    let mut rng = GameRng::seeded(3);
    for _ in 0..2000 {
        if (app.world().resource::<ActiveGame>())
            .session
            .outcome()
            .is_finished()
        {
            break;
        }
        let legal = (app.world())
            .resource::<vt_ui::sync::Synced<Csar>>()
            .legal
            .clone();
        assert!(!legal.is_empty(), "a decision with nothing to do");
        // Mostly anything but "done", so the game goes on a while.
        let others: Vec<Command> = legal
            .iter()
            .copied()
            .filter(|c| *c != Command::Done)
            .collect();
        let c = if !others.is_empty() && rng.index(3) > 0 {
            others[rng.index(others.len())]
        } else {
            legal[rng.index(legal.len())]
        };
        give(&mut app, c);
    }
    for _ in 0..3 {
        app.update();
    }
    // The final board stays, with the last draws, until the player goes on
    // (Enter, or the bar's button).
    assert_eq!(screen(&app), Screen::Playing);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(screen(&app), Screen::GameOver);
    let text = saves
        .read_text(RECORD_KEY)
        .unwrap()
        .expect("the record is written when the game ends");
    let r = Records::parse(&text).unwrap();
    assert_eq!(r.games.len(), 1);
    assert_eq!(r.games[0].scenario, "caged-tiger");
    let outcome = app.world().resource::<ActiveGame>().session.outcome();
    assert_eq!(Some(r.games[0].result.clone()), outcome.result);
    // The record is not a save.
    assert!(saves.list().is_empty(), "{:?}", saves.list());
}
