//! Headless Bevy tests of the platoon card board (no window, no egui): the
//! table is filled from the side's view (hidden VC/NVA stands absent), a
//! stand dragged on the table becomes a move, a click on an enemy with a
//! stand selected fires, and a whole game is played from the board (drags
//! and clicks where the table gives the order, the column's list for the
//! rest) to its end.

use bevy::prelude::*;
use platoon_cards_plugin::{ChosenWeapon, PlatoonCardsPlugin};
use platoon_cards_rules::command::{Action, Aim, Command};
use platoon_cards_rules::state::Side;
use platoon_cards_rules::step::{Kind, Step};
use platoon_cards_rules::{PlatoonCards, State};
use std::sync::Arc;
use vt_core::dynamic::{DynGame, Game};
use vt_core::{GameRng, Ruleset, Setup};
use vt_ui::prelude::Synced;
use vt_ui::tabletop::{Table, TableAction, TableTools};
use vt_ui::testing::{self, StandIn};
use vt_ui::{ActiveGame, Controller, SubmitCommand};

fn start(scenario: &str, seed: u64) -> App {
    let mut app = testing::board_app(PlatoonCardsPlugin);
    app.world_mut().resource_mut::<StandIn>().follow_decider = true;
    let game: Arc<dyn DynGame> = Arc::new(Game::new(PlatoonCards::embedded()));
    testing::start(
        &mut app,
        game,
        Setup::new(scenario, seed),
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
        .typed::<PlatoonCards>()
        .expect("a platoon-cards game")
        .state
}

fn synced(app: &App) -> &Synced<PlatoonCards> {
    app.world().resource::<Synced<PlatoonCards>>()
}

fn act(app: &mut App, a: TableAction) {
    app.world_mut().write_message(a);
    testing::settle(app);
}

fn decide(app: &mut App, c: &Command) {
    testing::apply(app, &serde_json::to_value(c).unwrap(), true);
}

fn view_as(app: &mut App, side: Side) {
    app.world_mut().resource_mut::<ActiveGame>().viewer = Some(side.idx());
    testing::settle(app);
}

#[test]
fn the_game_starts_and_the_table_shows_what_the_side_sees() {
    let mut app = start("hamlet-sweep", 3);
    // The VC/NVA set up first (the defender), then the US.
    assert!(matches!(state(&app).step(), Step::Setup { side: Side::Vc }));
    let table = app.world().resource::<Table>();
    assert!(!table.features.is_empty(), "the terrain is drawn");
    let view = synced(&app).view.clone().expect("a view");
    assert_eq!(view.side, Side::Vc);
    assert_eq!(table.stands.len(), view.stands.len());
    // The VC/NVA see their own stands under their cards; the US does not.
    let hidden: Vec<u16> = state(&app)
        .stands
        .iter()
        .filter(|st| st.hidden)
        .map(|st| st.id)
        .collect();
    assert!(!hidden.is_empty());
    assert!(hidden.iter().all(|id| table.stand(*id as u64).is_some()));
    view_as(&mut app, Side::Us);
    let table = app.world().resource::<Table>();
    for id in &hidden {
        assert!(table.stand(*id as u64).is_none(), "hidden stand {id} drawn");
    }
    let us_view = synced(&app).view.clone().unwrap();
    assert_eq!(table.stands.len(), us_view.stands.len());
    assert!(us_view.cards.iter().all(|c| c.platoon.is_none()));
}

/// Both set-ups done, the plots passed: the first card is up.
fn to_first_card(app: &mut App) {
    while matches!(state(app).step(), Step::Setup { .. }) {
        decide(app, &Command::SetupDone);
    }
    while matches!(state(app).step(), Step::PlotDivisional { .. }) {
        decide(app, &Command::PlotDone);
    }
}

#[test]
fn a_dragged_stand_moves_and_a_refused_drag_says_why() {
    let mut app = start("route-13-ambush", 2);
    to_first_card(&mut app);
    // Play the list until a side has a platoon under orders that may move.
    let mut rng = GameRng::seeded(9);
    let mut moved = false;
    for _ in 0..400 {
        let legal = synced(&app).legal.clone();
        if legal.is_empty() {
            break;
        }
        if synced(&app).kind_as::<Kind>() == Some(Kind::Orders)
            && let Some((stand, to)) = legal.iter().find_map(|c| match c {
                Command::Move { stand, to } => Some((*stand, *to)),
                _ => None,
            })
        {
            act(
                &mut app,
                TableAction::Drop {
                    stand: stand as u64,
                    to,
                },
            );
            let sent: Vec<Command> = app.world_mut().resource_mut::<StandIn>().take();
            assert_eq!(sent, vec![Command::Move { stand, to }]);
            moved = true;
            break;
        }
        let pick = legal
            .iter()
            .find(|c| {
                matches!(
                    c,
                    Command::Choose {
                        action: Action::MoveAndFire
                    }
                )
            })
            .unwrap_or(&legal[rng.index(legal.len())])
            .clone();
        decide(&mut app, &pick);
    }
    assert!(moved, "no move was offered");
    // A refused drag says why, with the rule, and sends nothing.
    let view = synced(&app).view.clone().unwrap();
    if let Some(st) = view
        .stands
        .iter()
        .find(|s| s.side == view.side && Some(s.platoon) != view.active)
    {
        act(
            &mut app,
            TableAction::Drop {
                stand: st.id as u64,
                to: st.pos + vt_core::tabletop::Point::new(0.0, 1.0),
            },
        );
        let sent: Vec<Command> = app.world_mut().resource_mut::<StandIn>().take();
        assert!(sent.is_empty(), "{sent:?}");
        let refusal = app
            .world()
            .resource::<vt_ui::tabletop::TablePreview>()
            .refusal
            .clone();
        assert!(refusal.is_some_and(|r| r.contains("PCM")), "no rule named");
    }
}

/// Gives `c` the way a player would: a move by dragging the stand, a shot
/// at a stand by selecting the firer (and its weapon in the column) and
/// clicking the target, anything else from the column's list. Returns
/// whether the board gave it (else the list did).
fn give(app: &mut App, c: &Command) -> bool {
    let click_fire = |stand: u16, weapon: u8, target: u16| {
        (
            stand,
            weapon,
            TableAction::Click {
                stand: target as u64,
            },
        )
    };
    let by_board = match c {
        Command::Move { stand, to } => Some((
            None,
            TableAction::Drop {
                stand: *stand as u64,
                to: *to,
            },
        )),
        Command::Fire {
            stand,
            weapon,
            target: Aim::Stand(t),
        }
        | Command::OverwatchFire {
            stand,
            weapon,
            target: Aim::Stand(t),
        } => {
            let (s, w, a) = click_fire(*stand, *weapon, *t);
            Some((Some((s, w)), a))
        }
        _ => None,
    };
    let Some((fire, action)) = by_board else {
        app.world_mut().write_message(SubmitCommand::typed(c));
        testing::settle(app);
        return false;
    };
    if let Some((stand, weapon)) = fire {
        app.world_mut().resource_mut::<TableTools>().selected = Some(stand as u64);
        *app.world_mut().resource_mut::<ChosenWeapon>() = ChosenWeapon {
            stand: Some(stand as u64),
            weapon,
        };
        testing::settle(app);
    }
    act(app, action);
    app.world_mut().resource_mut::<TableTools>().selected = None;
    true
}

#[test]
fn a_game_is_played_from_the_board_to_its_end() {
    let mut app = start("hot-lz", 4);
    let mut rng = GameRng::seeded(4);
    let (mut by_board, mut commands) = (0, 0);
    for _ in 0..6000 {
        if state(&app).is_over() {
            break;
        }
        let legal = synced(&app).legal.clone();
        assert!(!legal.is_empty(), "a decision with nothing to do");
        // The synced list is the deciding side's: it matches the rules'.
        assert_eq!(legal, PlatoonCards::embedded().legal(state(&app)));
        let c = legal[rng.index(legal.len())].clone();
        let before = app.world().resource::<StandIn>().sent.len();
        if give(&mut app, &c) {
            by_board += 1;
        }
        let sent = app.world().resource::<StandIn>().sent.len();
        assert_eq!(sent, before + 1, "{c:?} sent nothing");
        commands += 1;
    }
    assert!(state(&app).is_over(), "the game did not end");
    assert!(
        by_board >= 10,
        "only {by_board} of {commands} from the table"
    );
    // The board shows the end to either side.
    view_as(&mut app, Side::Us);
    let view = synced(&app).view.clone().expect("the US view at the end");
    assert!(view.over);
}
