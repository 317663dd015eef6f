//! Headless Bevy tests of the platoon card board (no window, no egui): the
//! table is filled from the side's view (hidden VC/NVA stands absent), a
//! stand dragged on the table becomes a move, a click on an enemy with a
//! stand selected fires, and a whole game is played from the board (drags
//! and clicks where the table gives the order, the column's list for the
//! rest) to its end.

use bevy::prelude::*;
use platoon_cards_plugin::{ChosenWeapon, Picked, PlatoonCardsPlugin, Support, orders};
use platoon_cards_rules::command::{Action, Aim, AirTarget, Command};
use platoon_cards_rules::state::Side;
use platoon_cards_rules::step::{Kind, Step};
use platoon_cards_rules::{PlatoonCards, State};
use std::sync::Arc;
use vt_core::dynamic::{DynGame, Game};
use vt_core::tabletop::Point;
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
    // One HIDDEN tab a hidden platoon: a tab on each of its stands ran into
    // one another where they stood together ("HIDDENHIDDEN").
    let tabs = |p: u16| {
        (table.stands.iter())
            .filter(|t| {
                let st = state(&app).stands.iter().find(|s| s.id as u64 == t.key);
                st.is_some_and(|s| s.platoon == p)
            })
            .filter(|t| t.markers.iter().any(|m| m.text == "HIDDEN"))
            .count()
    };
    let mut platoons: Vec<u16> = (state(&app).stands.iter())
        .filter(|st| st.hidden)
        .map(|st| st.platoon)
        .collect();
    platoons.sort();
    platoons.dedup();
    assert!(platoons.iter().all(|p| tabs(*p) == 1));
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

/// How the board gives a command: the stand to select first (with its
/// weapon or the battery or strike chosen in the column), then the
/// actions on the table (a set-up piece is picked up by a click on it,
/// then put down by a click where it goes).
struct ByBoard {
    select: Option<(u16, u8, Option<Support>)>,
    actions: Vec<TableAction>,
}

fn ground(at: Point) -> TableAction {
    TableAction::Ground { at }
}

/// The board's way to give `c` now, if it has one that gives exactly
/// `c`: the same tries the board makes, the first the rules take.
fn by_board(app: &App, c: &Command) -> Option<ByBoard> {
    let view = synced(app).view.clone()?;
    let rules = PlatoonCards::embedded();
    let st = state(app);
    let first_legal = |tries: Vec<Command>| {
        tries
            .into_iter()
            .find(|t| rules.check_command(st, t).is_ok())
    };
    let pick = |p: Picked, at: Point| orders::pick_at(&view, at).filter(|q| *q == p).map(|_| at);
    let b = match c {
        Command::Move { stand, to }
        | Command::PlaceStand { stand, at: to }
        | Command::MoveObserver { stand, to } => ByBoard {
            select: None,
            actions: vec![TableAction::Drop {
                stand: *stand as u64,
                to: *to,
            }],
        },
        Command::PlaceCard { marker, at } => {
            let card = view.cards.iter().find(|x| x.marker == *marker)?;
            ByBoard {
                select: None,
                actions: vec![ground(pick(Picked::Card(*marker), card.pos)?), ground(*at)],
            }
        }
        Command::PlaceSniper { sniper, at } => {
            let x = view.snipers.iter().find(|x| x.id == *sniper)?;
            ByBoard {
                select: None,
                actions: vec![ground(pick(Picked::Sniper(*sniper), x.pos)?), ground(*at)],
            }
        }
        Command::PlaceMine { marker, at } => {
            let m = view.mines.iter().find(|x| x.marker == *marker)?;
            ByBoard {
                select: None,
                actions: vec![ground(pick(Picked::Mine(*marker), m.pos)?), ground(*at)],
            }
        }
        Command::PlotCounter { at } => ByBoard {
            select: None,
            actions: vec![ground(*at)],
        },
        Command::Bombard { aim } => {
            let at = match aim {
                Aim::Point(p) => *p,
                Aim::Mine(m) => view.mines.iter().find(|x| x.marker == *m)?.pos,
                _ => return None,
            };
            ByBoard {
                select: None,
                actions: vec![ground(at)],
            }
        }
        Command::Fire {
            stand,
            weapon,
            target: Aim::Stand(t),
        }
        | Command::OverwatchFire {
            stand,
            weapon,
            target: Aim::Stand(t),
        }
        | Command::PointBlank {
            stand,
            weapon,
            target: t,
        } => ByBoard {
            select: Some((*stand, *weapon, None)),
            actions: vec![TableAction::Click { stand: *t as u64 }],
        },
        Command::Rockets {
            stand,
            target: Aim::Stand(t),
            ..
        } => {
            // The rockets chosen in the column, then the target clicked.
            let unit = &view.stands.iter().find(|x| x.id == *stand)?.unit;
            let w = rules
                .types
                .iter()
                .find(|x| &x.id == unit)?
                .weapons
                .iter()
                .position(|w| matches!(w.kind, platoon_cards_rules::data::WeaponKind::Rockets))?;
            ByBoard {
                select: Some((*stand, w as u8, None)),
                actions: vec![TableAction::Click { stand: *t as u64 }],
            }
        }
        Command::Charge { stand, target } => ByBoard {
            select: Some((*stand, 0, None)),
            actions: vec![TableAction::Click {
                stand: *target as u64,
            }],
        },
        Command::AirDefence {
            stand,
            target: AirTarget::Helicopter(t),
        } => ByBoard {
            select: Some((*stand, 0, None)),
            actions: vec![TableAction::Click { stand: *t as u64 }],
        },
        Command::CallFire {
            stand,
            battery,
            aim,
            smoke,
        } => {
            let sup = Some(Support::Battery {
                id: *battery,
                smoke: *smoke,
            });
            let action = match aim {
                Aim::Stand(t) => TableAction::Click { stand: *t as u64 },
                Aim::Point(p) => ground(*p),
                Aim::Mine(m) => ground(view.mines.iter().find(|x| x.marker == *m)?.pos),
                Aim::Wire(w) => ground(view.wire.iter().find(|x| x.id == *w)?.pos),
            };
            ByBoard {
                select: Some((*stand, 0, sup)),
                actions: vec![action],
            }
        }
        Command::CallAirStrike { stand, strike, aim } => {
            let action = match aim {
                Aim::Stand(t) => TableAction::Click { stand: *t as u64 },
                Aim::Point(p) => ground(*p),
                _ => return None,
            };
            ByBoard {
                select: Some((*stand, 0, Some(Support::Strike(*strike)))),
                actions: vec![action],
            }
        }
        Command::Disembark { stand, to } => {
            let carrier = view.stands.iter().find(|s| s.id == *stand)?.aboard?.0;
            ByBoard {
                select: Some((carrier, 0, None)),
                actions: vec![ground(*to)],
            }
        }
        _ => return None,
    };
    // A stand riding inside another is not on the table to select.
    if let Some((sel, ..)) = b.select
        && view
            .stands
            .iter()
            .any(|s| s.id == sel && s.aboard.is_some())
    {
        return None;
    }
    // Only where the board's own tries come to exactly `c`.
    let last = b.actions.last()?.clone();
    let (sel, weapon, sup) = b.select.unwrap_or((u16::MAX, 0, None));
    let tries = match &last {
        TableAction::Drop { stand, to } => orders::drop_orders(&view, *stand as u16, *to),
        TableAction::Click { stand } => {
            let rockets = view
                .stands
                .iter()
                .find(|x| x.id == sel)
                .and_then(|x| platoon_cards_plugin::rocket_pairs(&rules, x, weapon));
            orders::click_orders(&view, sel, weapon, sup, *stand as u16, rockets)
        }
        TableAction::Ground { at } => {
            let picked = match c {
                Command::PlaceCard { marker, .. } => Some(Picked::Card(*marker)),
                Command::PlaceSniper { sniper, .. } => Some(Picked::Sniper(*sniper)),
                Command::PlaceMine { marker, .. } => Some(Picked::Mine(*marker)),
                _ => None,
            };
            orders::ground_orders(&view, b.select.map(|s| s.0), sup, picked, *at, None)
        }
        TableAction::Template { .. } => return None,
    };
    (first_legal(tries).as_ref() == Some(c)).then_some(b)
}

/// Gives `c` the way a player would: from the table where the board
/// gives it (see [`by_board`]), else from the column's list. Returns
/// whether the board gave it.
fn give(app: &mut App, c: &Command) -> bool {
    let Some(b) = by_board(app, c) else {
        app.world_mut().write_message(SubmitCommand::typed(c));
        testing::settle(app);
        return false;
    };
    if let Some((stand, weapon, support)) = b.select {
        app.world_mut().resource_mut::<TableTools>().selected = Some(stand as u64);
        *app.world_mut().resource_mut::<ChosenWeapon>() = ChosenWeapon {
            stand: Some(stand as u64),
            weapon,
            support,
        };
        testing::settle(app);
    }
    for a in b.actions {
        act(app, a);
    }
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
        assert_eq!(
            sent,
            before + 1,
            "{c:?} sent nothing: {:?}",
            app.world()
                .resource::<vt_ui::tabletop::TablePreview>()
                .refusal
        );
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

/// Gives every legal command of the decision under way that is not
/// `done` from the table, then `done`; returns how many the table gave
/// and the commands it could not.
fn place_all_from_the_table(app: &mut App, done: &Command, counted: &mut Vec<Command>) {
    let legal = synced(app).legal.clone();
    for c in legal.iter().filter(|c| *c != done) {
        // Earlier placings move things: only what is still legal.
        if PlatoonCards::embedded()
            .check_command(state(app), c)
            .is_err()
        {
            continue;
        }
        let before = app.world().resource::<StandIn>().sent.len();
        if give(app, c) {
            let sent: Vec<Command> = app.world().resource::<StandIn>().sent[before..]
                .iter()
                .map(|v| serde_json::from_value(v.clone()).unwrap())
                .collect();
            assert_eq!(sent, vec![c.clone()], "the table gave another order");
            counted.push(c.clone());
        }
    }
    // The last barrage may have ended the plotting by itself.
    if PlatoonCards::embedded()
        .check_command(state(app), done)
        .is_ok()
    {
        decide(app, done);
    }
}

#[test]
fn the_set_up_plots_and_barrages_are_given_from_the_table() {
    // Hamlet sweep: hidden VC cards, snipers and mines, US stands placed
    // in their zone, divisional plots at the start of the turn.
    let mut app = start("hamlet-sweep", 3);
    // The side setting up sees the corners of its zones.
    let zones = app
        .world()
        .resource::<Table>()
        .markers
        .iter()
        .filter(|m| m.text == "ZONE")
        .count();
    assert!(zones >= 4, "no zone corners drawn in the set-up");
    let mut by_board = vec![];
    // The scenario's mine spots are all taken by its strips, so the list
    // offers no strip a move; on the table one goes anywhere allowed.
    let m = state(&app).mines[0].clone();
    let to = [(0.0, 3.0), (0.0, -3.0), (3.0, 0.0), (-3.0, 0.0)]
        .into_iter()
        .map(|(x, y)| m.pos + Point::new(x, y))
        .map(|at| Command::PlaceMine {
            marker: m.marker,
            at,
        })
        .find(|c| {
            PlatoonCards::embedded()
                .check_command(state(&app), c)
                .is_ok()
        })
        .expect("somewhere the strip may go");
    assert!(give(&mut app, &to), "the strip was not moved on the table");
    let sent: Vec<Command> = app.world_mut().resource_mut::<StandIn>().take();
    assert_eq!(sent, vec![to.clone()]);
    by_board.push(to);
    while matches!(state(&app).step(), Step::Setup { .. }) {
        place_all_from_the_table(&mut app, &Command::SetupDone, &mut by_board);
    }
    for kind in ["PlaceCard", "PlaceSniper", "PlaceMine", "PlaceStand"] {
        assert!(
            by_board.iter().any(|c| format!("{c:?}").starts_with(kind)),
            "no {kind} from the table: {by_board:?}"
        );
    }
    let mut plotted = vec![];
    while matches!(state(&app).step(), Step::PlotDivisional { .. }) {
        place_all_from_the_table(&mut app, &Command::PlotDone, &mut plotted);
    }
    assert!(
        plotted
            .iter()
            .any(|c| matches!(c, Command::PlotCounter { .. })),
        "no plot from the table: {plotted:?}"
    );
    assert!(
        plotted
            .iter()
            .any(|c| matches!(c, Command::MoveObserver { .. })),
        "no FOO moved on the table: {plotted:?}"
    );

    // Firebase night: the pre-game bombardment aimed on the table.
    let mut app = start("firebase-night", 2);
    while matches!(state(&app).step(), Step::Setup { .. }) {
        decide(&mut app, &Command::SetupDone);
    }
    let mut aimed = vec![];
    while matches!(state(&app).step(), Step::Bombardment { .. }) {
        place_all_from_the_table(&mut app, &Command::BombardDone, &mut aimed);
    }
    assert!(
        aimed.iter().any(|c| matches!(c, Command::Bombard { .. })),
        "no barrage aimed on the table"
    );
}

#[test]
fn a_hidden_stand_dragged_in_the_set_up_carries_its_card_and_platoon() {
    let mut app = start("hamlet-sweep", 3);
    let view = synced(&app).view.clone().unwrap();
    assert_eq!(view.side, Side::Vc);
    // A stand under one of the VC's cards, dragged 2" along the table.
    let (card, st) = view
        .cards
        .iter()
        .filter_map(|c| match c.platoon {
            Some(Some(p)) => view
                .stands
                .iter()
                .find(|s| s.platoon == p && s.hidden)
                .map(|s| (c.clone(), s.clone())),
            _ => None,
        })
        .find(|(c, _)| {
            PlatoonCards::embedded()
                .check_command(
                    state(&app),
                    &Command::PlaceCard {
                        marker: c.marker,
                        at: c.pos + Point::new(2.0, 0.0),
                    },
                )
                .is_ok()
        })
        .expect("a card that may move 2\"");
    act(
        &mut app,
        TableAction::Drop {
            stand: st.id as u64,
            to: st.pos + Point::new(2.0, 0.0),
        },
    );
    let sent: Vec<Command> = app.world_mut().resource_mut::<StandIn>().take();
    assert_eq!(
        sent,
        vec![Command::PlaceCard {
            marker: card.marker,
            at: (card.pos + Point::new(2.0, 0.0)).snapped(vt_core::tabletop::HUNDREDTH),
        }]
    );
    // The next side at the screen starts with nothing in hand.
    app.world_mut().resource_mut::<TableTools>().selected = Some(st.id as u64);
    testing::settle(&mut app);
    decide(&mut app, &Command::SetupDone);
    view_as(&mut app, Side::Us);
    assert_eq!(app.world().resource::<TableTools>().selected, None);
}
