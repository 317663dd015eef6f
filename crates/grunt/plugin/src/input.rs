//! Clicks and the column's buttons turned into what they mean: a command,
//! an aim, a menu when a hex offers several commands.
//!
//! A click on a hex takes the commands the decision offers there:
//! - in the Combat Phase a click on a target aims every unit that can fire
//!   at it (the column shows the odds and lets units be left out); a second
//!   click on the same target fires;
//! - landing, a click lands the next squad at once; the column's toggle
//!   makes it open the menu of loads (the commander, F.O.s, medics);
//! - otherwise one command is sent at once, several open a menu (a unit to
//!   move among several in a hex, a probe by which unit).
//!
//! Keys: Enter (or F) fires the attack being aimed; Escape puts the aim or
//! the menu away (and only then, with nothing to put away, pauses).

use crate::model;
use crate::screen::{self, GruntAction, GruntScreen, Menu, MenuItem};
use bevy::prelude::*;
use grunt_rules::map::Hex;
use grunt_rules::step::Kind as K;
use grunt_rules::{Command, Grunt};
use vt_ui::prelude::*;
use vt_ui::sync::typed_session;

/// The commands a click on `hex` may mean, in the list's order.
pub fn at_hex(g: &Synced<Grunt>, hex: Hex) -> Vec<Command> {
    let Some(view) = g.view.as_ref() else {
        return Vec::new();
    };
    let kind: Option<K> = g.kind_as();
    let mut v: Vec<Command> = g
        .legal
        .iter()
        // A strike's area is plotted by its centre hex (O9.1, O9.3): the
        // pointer there lights its eight hexes.
        .filter(|c| model::anchor(view, c) == Some(hex))
        .cloned()
        .collect();
    // Moving a unit: a click on its own hex keeps it there.
    if kind == Some(K::MoveUnit)
        && let Some(u) = view.step.unit
        && model::counter_hex(view, u) == Some(hex)
        && g.legal.contains(&Command::Stay)
    {
        v.push(Command::Stay);
    }
    v
}

/// Clicks on the map's hexes.
pub fn hex_clicks(
    mut clicks: MessageReader<HexClicked>,
    game: Option<Res<ActiveGame>>,
    g: Res<Synced<Grunt>>,
    mut st: ResMut<GruntScreen>,
    pointer: Res<BoardPointer>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    let Some(session) = typed_session::<Grunt>(game.as_deref()) else {
        clicks.clear();
        return;
    };
    let Some(rules) = g.rules.clone() else {
        clicks.clear();
        return;
    };
    for HexClicked(c) in clicks.read() {
        let hex = Hex::new(c.col, c.row);
        st.hint = None;
        st.menu = None;
        st.touch();
        if !g.to_decide {
            st.hint = Some("It is not your decision now.".into());
            continue;
        }
        let kind: Option<K> = g.kind_as();
        if kind == Some(K::Combat) {
            // Fire: the first click aims, a second on the same hex fires.
            if let Some(a) = &st.aim
                && a.hex == hex
                && a.preview.is_ok()
            {
                submit.write(SubmitCommand::typed(&a.command()));
                st.aim = None;
                continue;
            }
            let all = st
                .targets
                .iter()
                .find(|t| t.hex == hex)
                .map(|t| t.firers.clone());
            if let Some(firers) = all {
                let firers = match g.view.as_ref() {
                    Some(v) => model::default_firers(v, &firers),
                    None => firers,
                };
                st.aim = screen::aim(&rules, &session.state, &g.legal, hex, firers);
                continue;
            }
            st.aim = None;
        }
        let cmds = at_hex(&g, hex);
        let Some(view) = g.view.as_ref() else {
            continue;
        };
        if kind == Some(K::Landing)
            && cmds.len() > 1
            && !st.pick_loads
            && let Some(c) = model::default_load(&rules, view, &cmds)
        {
            submit.write(SubmitCommand::typed(c));
            continue;
        }
        match cmds.len() {
            0 => {
                st.hint = Some(nothing_here(&g, hex));
            }
            1 => {
                submit.write(SubmitCommand::typed(&cmds[0]));
            }
            _ => {
                let items = cmds
                    .iter()
                    .map(|c| MenuItem {
                        label: model::command_label(&rules, view, c),
                        command: c.clone(),
                        units: model::command_units(c),
                    })
                    .collect();
                st.menu = Some(Menu {
                    hex,
                    items,
                    at: pointer.window,
                });
            }
        }
    }
}

/// Why a click did nothing, in the words of the decision at hand.
fn nothing_here(g: &Synced<Grunt>, hex: Hex) -> String {
    let kind: Option<K> = g.kind_as();
    match kind {
        Some(K::Movement) => format!("No unit of yours in {hex} may move now."),
        Some(K::MoveUnit) => format!("The unit cannot reach {hex} (B2)."),
        Some(K::Landing) => format!(
            "No load may land in {hex}: open or broken ground, empty, beside the group (B5)."
        ),
        Some(K::Combat) => format!("Nothing in {hex} can be fired at by your units (B3)."),
        Some(K::PlaceNlf) => format!("Nothing may be placed in {hex} (B4)."),
        _ => format!("Nothing to do in {hex} now."),
    }
}

/// The panels' requests.
pub fn apply_actions(
    mut actions: MessageReader<GruntAction>,
    game: Option<Res<ActiveGame>>,
    g: Res<Synced<Grunt>>,
    mut st: ResMut<GruntScreen>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    let (Some(session), Some(rules)) = (typed_session::<Grunt>(game.as_deref()), g.rules.clone())
    else {
        actions.clear();
        return;
    };
    for a in actions.read() {
        st.touch();
        st.hint = None;
        match a {
            GruntAction::Submit(c) => {
                st.aim = None;
                st.menu = None;
                submit.write(SubmitCommand::typed(c));
            }
            GruntAction::Choose(i) => {
                if let Some(item) = st.menu.take().and_then(|m| m.items.get(*i).cloned()) {
                    submit.write(SubmitCommand::typed(&item.command));
                }
            }
            GruntAction::CloseMenu => st.menu = None,
            GruntAction::Aim(hex, firers) => {
                let firers = match g.view.as_ref() {
                    Some(v) => model::default_firers(v, firers),
                    None => firers.clone(),
                };
                st.aim = screen::aim(&rules, &session.state, &g.legal, *hex, firers);
            }
            GruntAction::AimToggle(u) => {
                if let Some(a) = st.aim.clone() {
                    let mut firers = a.firers.clone();
                    if let Some(i) = firers.iter().position(|f| f.0 == *u) {
                        firers.remove(i);
                    } else {
                        firers.push((*u, 1));
                    }
                    st.aim = screen::aim(&rules, &session.state, &g.legal, a.hex, firers);
                }
            }
            GruntAction::Confirm => {
                if let Some(a) = st.aim.take() {
                    if a.preview.is_ok() {
                        submit.write(SubmitCommand::typed(&a.command()));
                    } else {
                        st.aim = Some(a);
                    }
                }
            }
            GruntAction::CancelAim => st.aim = None,
        }
    }
}

/// Enter or F fires the attack being aimed (as its Fire button does);
/// Escape puts the aim or the click menu away, before the launcher's
/// Escape (the pause) sees the key.
pub fn keys(
    keys: Option<ResMut<ButtonInput<KeyCode>>>,
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    g: Res<Synced<Grunt>>,
    mut st: ResMut<GruntScreen>,
    mut actions: MessageWriter<GruntAction>,
) {
    let Some(mut keys) = keys else { return };
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) && (st.aim.is_some() || st.menu.is_some()) {
        keys.clear_just_pressed(KeyCode::Escape);
        st.aim = None;
        st.menu = None;
        st.touch();
        return;
    }
    if g.to_decide
        && keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::KeyF])
        && st.aim.as_ref().is_some_and(|a| a.preview.is_ok())
    {
        actions.write(GruntAction::Confirm);
    }
}

/// The hex under the pointer, for the column's terrain line.
pub fn hover(map: Res<ActiveMap>, mut st: ResMut<GruntScreen>) {
    let h = map.hovered.map(|c| Hex::new(c.col, c.row));
    if st.hovered_hex != h {
        st.hovered_hex = h;
    }
}
