//! The board with no window: clicks on hexes become the right commands, a
//! solitaire game can be played from the board's clicks, and the US sees
//! only markers where the NLF has face-down counters.

use bevy::prelude::*;
use grunt_plugin::{GruntAction, GruntPlugin, GruntScreen};
use grunt_rules::map::Hex;
use grunt_rules::state::Side;
use grunt_rules::step::Kind as K;
use grunt_rules::{Command, Grunt};
use std::sync::Arc;
use vt_core::Ruleset;
use vt_core::dynamic::{DynGame, Game};
use vt_core::engine::Setup;
use vt_core::session::Session;
use vt_ui::hexmap::{HexClicked, MapCoord};
use vt_ui::sync::Synced;
use vt_ui::testing::{self, StandIn};
use vt_ui::{ActiveGame, Controller};

fn app(scenario: &str, seed: u64) -> App {
    let mut app = testing::board_app(GruntPlugin);
    app.world_mut().resource_mut::<StandIn>().follow_decider = true;
    let game: Arc<dyn DynGame> = Arc::new(Game::new(Grunt::embedded()));
    testing::start(
        &mut app,
        game,
        Setup::new(scenario, seed),
        vec![Controller::Person, Controller::Person],
    );
    app.world_mut().resource_mut::<ActiveGame>().viewer = Some(Side::Us.idx());
    testing::settle(&mut app);
    app
}

fn session(app: &App) -> &Session<Grunt> {
    app.world()
        .resource::<ActiveGame>()
        .session
        .as_any()
        .downcast_ref::<Session<Grunt>>()
        .expect("a Grunt session")
}

fn synced(app: &App) -> &Synced<Grunt> {
    app.world().resource::<Synced<Grunt>>()
}

fn screen(app: &App) -> &GruntScreen {
    app.world().resource::<GruntScreen>()
}

fn click(app: &mut App, h: Hex) {
    app.world_mut()
        .write_message(HexClicked(MapCoord::new(h.col, h.row)));
    testing::settle(app);
}

fn sent(app: &mut App) -> Vec<Command> {
    app.world_mut().resource_mut::<StandIn>().take()
}

fn kind(app: &App) -> Option<K> {
    synced(app).kind_as()
}

/// One click's worth of play, as a player would: click a lit hex (the
/// first the screen offers), choose the first menu line, or press the
/// column's end button. Returns false if nothing could be done.
fn play_one(app: &mut App, n: usize) -> bool {
    let g = synced(app);
    if !g.to_decide || g.legal.is_empty() {
        return false;
    }
    let k = kind(app);
    let st = screen(app);
    let pick = |v: &[Hex]| (!v.is_empty()).then(|| v[n % v.len()]);
    let targets: Vec<Hex> = st.targets.iter().map(|t| t.hex).collect();
    let reach: Vec<Hex> = st.reach.iter().map(|r| r.0).collect();
    let hex = match k {
        Some(K::Combat) => pick(&targets),
        Some(K::MoveUnit) => pick(&reach),
        Some(K::Movement) => pick(&st.usable),
        _ => pick(&st.offered).or(pick(&st.usable)),
    };
    let before = session(app).commands.len();
    if k == Some(K::MoveUnit) {
        // B2: a unit is picked only if it has somewhere to go, and the
        // board lights where.
        assert!(!st.reach.is_empty(), "the picked unit's reach is lit");
    }
    if let Some(h) = hex {
        click(app, h);
        if k == Some(K::Combat) {
            // The first click aims; the second fires.
            assert!(screen(app).aim.is_some(), "a click on a target aims");
            click(app, h);
        }
        if screen(app).menu.is_some() {
            app.world_mut().write_message(GruntAction::Choose(0));
            testing::settle(app);
        }
    }
    if session(app).commands.len() == before {
        // Nothing on the map: the column's end button.
        let end = synced(app).legal.iter().find(|c| c.is_end()).cloned();
        let c = end.unwrap_or_else(|| synced(app).legal[0].clone());
        app.world_mut().write_message(GruntAction::Submit(c));
        testing::settle(app);
    }
    session(app).commands.len() > before
}

// B5: the first click of the solitaire game lands a load where the screen
// lit a hex; the command is the rules' own Land.
#[test]
fn a_click_on_a_lit_hex_lands_a_load() {
    let mut app = app("solitaire", 3);
    assert_eq!(kind(&app), Some(K::Landing));
    let h = *screen(&app).offered.first().expect("landing hexes lit");
    click(&mut app, h);
    let s = sent(&mut app);
    assert!(
        matches!(s.as_slice(), [Command::Land { hex, .. }] if *hex == h),
        "{s:?}"
    );
}

// B5: beside the landing group a click lands the next squad at once (no
// menu of squad-or-commander for each of a dozen loads); with the column's
// toggle on, a click opens the menu of loads, the company commander among
// them.
#[test]
fn a_landing_click_lands_a_squad_and_the_toggle_offers_the_commander() {
    let mut app = app("solitaire", 3);
    let h = *screen(&app).offered.first().expect("landing hexes lit");
    click(&mut app, h);
    sent(&mut app);
    assert_eq!(kind(&app), Some(K::Landing));
    let next = *screen(&app)
        .offered
        .first()
        .expect("hexes beside the group");
    click(&mut app, next);
    assert!(screen(&app).menu.is_none(), "no menu for the common case");
    let s = sent(&mut app);
    let view = synced(&app).view.as_ref().expect("a view");
    let role = |id: u16| view.counters.iter().find(|c| c.id == id).map(|c| c.role);
    assert!(
        matches!(s.as_slice(), [Command::Land { units, .. }]
            if units.len() == 1 && role(units[0]) == Some(grunt_rules::data::Role::Infantry)),
        "{s:?}"
    );
    app.world_mut().resource_mut::<GruntScreen>().pick_loads = true;
    let next = *screen(&app)
        .offered
        .first()
        .expect("hexes beside the group");
    click(&mut app, next);
    let menu = screen(&app)
        .menu
        .clone()
        .expect("the toggle opens the menu");
    let view = synced(&app).view.as_ref().expect("a view");
    assert!(
        menu.items.iter().any(|i| i.units.iter().any(|u| view
            .counters
            .iter()
            .any(|c| c.id == *u && c.role == grunt_rules::data::Role::Commander))),
        "the commander is offered: {:?}",
        menu.items.iter().map(|i| &i.label).collect::<Vec<_>>()
    );
}

// B4, B6: the US view shows the NLF's face-down counters as markers only,
// and the board draws no NLF counter face up before it is revealed.
#[test]
fn the_us_sees_markers_not_counters() {
    let app = app("solitaire", 5);
    let v = synced(&app).view.as_ref().expect("a view");
    assert!(!v.markers.is_empty(), "face-down NLF counters are markers");
    assert!(
        v.counters
            .iter()
            .all(|c| c.side == Side::Us || !c.face_down),
        "no face-down NLF counter is in the US view"
    );
}

// B3: the odds shown for a target before firing are those of the fire
// preview, which the rules test against the attack itself; a solitaire
// game is played from board clicks alone to its end.
#[test]
fn a_solitaire_game_is_played_from_the_board() {
    let mut app = app("solitaire", 11);
    let mut aimed = false;
    for n in 0..4000 {
        if synced(&app).finished {
            break;
        }
        if kind(&app) == Some(K::Combat)
            && let Some(t) = screen(&app).targets.first().cloned()
        {
            click(&mut app, t.hex);
            let aim = screen(&app).aim.clone().expect("aimed");
            if let Ok(p) = &aim.preview {
                let attack: u16 = p.attack.iter().map(|t| t.halves).sum();
                let defence: u16 = p.defence.iter().map(|t| t.halves).sum();
                assert_eq!(attack, p.attack_total, "the attack terms add up");
                assert_eq!(defence, p.defence_total, "the defence terms add up");
                assert_eq!(t.column.as_deref(), Some(p.column_label.as_str()));
                // The tables viewer lights the column the attack is read on.
                if p.column.is_some() {
                    let lit = app
                        .world()
                        .resource::<vt_ui::overlay::OverlayState>()
                        .preview_cell
                        .clone()
                        .expect("the aimed column is lit");
                    assert_eq!(lit.table, "points-crt");
                    assert_eq!(lit.column.as_deref(), Some(p.column_label.as_str()));
                }
                aimed = true;
            }
            app.world_mut().write_message(GruntAction::CancelAim);
            testing::settle(&mut app);
        }
        if !play_one(&mut app, n * 7 + 3) {
            break;
        }
    }
    let _ = sent(&mut app);
    let last: Vec<&Command> = session(&app).commands.iter().rev().take(12).collect();
    assert!(
        synced(&app).finished,
        "the game reached its end; stopped at {:?} after {:?}",
        kind(&app),
        last
    );
    assert!(aimed, "some attack was aimed on the way");
    assert!(
        session(&app)
            .rules
            .outcome(&session(&app).state)
            .result
            .is_some()
    );
}

// Session 41: the computer's suggestion was only read in the strip at the
// top; the units it would use are now ringed on the map while it stands.
#[test]
fn a_suggestion_rings_its_units_on_the_map() {
    let mut app = app("solitaire", 3);
    let hovers = |app: &mut App| {
        app.world_mut()
            .query_filtered::<Entity, With<grunt_plugin::board::GruntHover>>()
            .iter(app.world())
            .count()
    };
    // On until a command offered uses a unit the US sees on the map.
    let mut suggestion = None;
    for n in 0..400 {
        let view = synced(&app).view.clone().unwrap();
        suggestion = synced(&app).legal.iter().find_map(|c| {
            let units = grunt_plugin::model::command_units(c);
            units
                .iter()
                .any(|u| grunt_plugin::model::counter_hex(&view, *u).is_some())
                .then(|| c.clone())
        });
        if suggestion.is_some() || !play_one(&mut app, n) {
            break;
        }
    }
    let c = suggestion.expect("a command using a unit on the map");
    assert_eq!(hovers(&mut app), 0, "nothing lit before the suggestion");
    app.world_mut().resource_mut::<vt_ui::Suggested>().0 = Some(serde_json::to_value(&c).unwrap());
    testing::settle(&mut app);
    assert!(hovers(&mut app) >= 1, "{c:?} ringed");
    app.world_mut().resource_mut::<vt_ui::Suggested>().0 = None;
    testing::settle(&mut app);
    assert_eq!(hovers(&mut app), 0, "gone with the suggestion");
}
