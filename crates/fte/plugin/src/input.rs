//! Clicks, menu lines, the column's buttons and keys, turned into what
//! they mean: a command (a path walked one hex at a time, so the enemy's
//! Opportunity Fire comes at every hex), a selection, an aim, a menu.

use crate::model;
use crate::pick::{Click, Tool};
use crate::screen::{FteAction, FteScreen, Menu};
use bevy::prelude::*;
use fte_rules::geo::Hex;
use fte_rules::state::UnitId;
use fte_rules::step::Kind as K;
use fte_rules::{Command, Fte};
use vt_core::sort::StableSort;
use vt_ui::board::CycleUnits;
use vt_ui::camera::CameraFit;
use vt_ui::prelude::*;
use vt_ui::sync::typed_session;

/// Clicks on the map's hexes.
pub fn hex_clicks(
    mut clicks: MessageReader<HexClicked>,
    game: Option<Res<ActiveGame>>,
    g: Res<Synced<Fte>>,
    mut st: ResMut<FteScreen>,
    pointer: Res<BoardPointer>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    let Some(session) = typed_session::<Fte>(game.as_deref()) else {
        clicks.clear();
        return;
    };
    let revision = game.as_ref().map(|g| g.revision).unwrap_or(0);
    for HexClicked(c) in clicks.read() {
        let hex = Hex::new(c.col, c.row);
        st.hint = None;
        st.menu = None;
        if let Tool::LineOfSight { from, to } = st.tool.clone() {
            st.tool = match (from, to) {
                (None, _) | (Some(_), Some(_)) => Tool::LineOfSight {
                    from: Some(hex),
                    to: None,
                },
                (Some(f), None) => Tool::LineOfSight {
                    from: Some(f),
                    to: Some(hex),
                },
            };
            st.los = None;
            st.derive_los(&g, &session.state);
            continue;
        }
        // A second click on the target being aimed at fires: select, aim,
        // fire is three clicks.
        if g.to_decide
            && let Some(c) = st
                .aim
                .as_ref()
                .filter(|a| a.hex == hex)
                .and_then(|a| a.command())
        {
            st.aim = None;
            submit.write(SubmitCommand::typed(&c));
            continue;
        }
        let click = match st.ctx(&g, &session.state) {
            Some(ctx) => ctx.click(hex),
            None => continue,
        };
        // Anything but looking needs the player to be deciding.
        let acts = !matches!(click, Click::OpenStack(_) | Click::Hint(_));
        if acts && !g.to_decide {
            st.hint = Some("It is not your decision now.".into());
            st.hint_at = pointer.window;
            continue;
        }
        let at = pointer.window;
        apply_click(&mut st, click, hex, at, revision, &mut submit);
        st.derive(&g, &session.state);
    }
}

/// Carries out what a click means.
pub fn apply_click(
    st: &mut FteScreen,
    click: Click,
    hex: Hex,
    at: Option<Vec2>,
    revision: u64,
    submit: &mut MessageWriter<SubmitCommand>,
) {
    match click {
        Click::Submit(c) => {
            st.aim = None;
            if matches!(c, Command::RequestFireMission { .. } | Command::Plot { .. }) {
                st.tool = Tool::Play;
            }
            submit.write(SubmitCommand::typed(&c));
        }
        Click::Walk { first, rest } => {
            st.aim = None;
            st.plan = rest;
            st.plan_end = st.auto_end;
            st.plan_rev = Some(revision);
            submit.write(SubmitCommand::typed(&first));
        }
        Click::Select(units) => {
            st.aim = None;
            st.sel = units;
        }
        Click::Toggle(units) => {
            for u in units {
                if let Some(i) = st.sel.iter().position(|x| *x == u) {
                    st.sel.remove(i);
                } else {
                    st.sel.push(u);
                }
            }
        }
        Click::OpenStack(h) => {
            st.stack = if st.stack == Some(h) { None } else { Some(h) };
        }
        Click::Aim(a) => st.aim = Some(a),
        Click::Menu(mut items) => {
            // A menu of one line would only cost a click.
            if items.len() == 1 {
                let then = items.remove(0).then;
                apply_click(st, then, hex, at, revision, submit);
            } else {
                st.menu = Some(Menu { hex, items, at });
            }
        }
        Click::Hint(h) => {
            st.hint = Some(h);
            st.hint_at = at;
        }
    }
}

/// The panels' requests.
pub fn apply_actions(
    mut actions: MessageReader<FteAction>,
    game: Option<Res<ActiveGame>>,
    g: Res<Synced<Fte>>,
    mut st: ResMut<FteScreen>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    let session = typed_session::<Fte>(game.as_deref());
    let mut changed = false;
    for a in actions.read() {
        changed = true;
        match a.clone() {
            FteAction::Submit(c) => {
                st.aim = None;
                st.menu = None;
                submit.write(SubmitCommand::typed(&c));
            }
            FteAction::Choose(i) => {
                let Some(m) = st.menu.take() else { continue };
                if let Some(then) = m.items.get(i).map(|x| x.then.clone()) {
                    let rev = game.as_ref().map(|g| g.revision).unwrap_or(0);
                    apply_click(&mut st, then, m.hex, m.at, rev, &mut submit);
                }
            }
            FteAction::CloseMenu => st.menu = None,
            FteAction::Confirm => {
                if let Some(c) = st.aim.take().and_then(|a| a.command()) {
                    submit.write(SubmitCommand::typed(&c));
                }
            }
            FteAction::CancelAim => st.aim = None,
            FteAction::Batch(cmds) => {
                st.aim = None;
                st.menu = None;
                st.batch = cmds;
                st.batch_rev = None;
            }
            FteAction::SetAim(a) => st.aim = Some(*a),
            FteAction::AimToggle(u) => {
                if let Some(a) = st.aim.as_mut() {
                    a.toggle(u);
                }
            }
            FteAction::AimPrimary(u) => {
                if let Some(a) = st.aim.as_mut() {
                    a.set_primary(u);
                }
            }
            FteAction::Select(units) => {
                st.sel = units;
                st.aim = None;
            }
            FteAction::Toggle(u) => {
                if let Some(i) = st.sel.iter().position(|x| *x == u) {
                    st.sel.remove(i);
                } else {
                    st.sel.push(u);
                }
                st.aim = None;
            }
            FteAction::OpenStack(h) => st.stack = h,
            FteAction::SetTool(t) => {
                st.tool = t;
                st.los = None;
            }
            FteAction::SetMoveMode(m) => st.move_mode = m,
            FteAction::SetAltitude(a) => st.altitude = a,
            FteAction::SetAutoEnd(b) => st.auto_end = b,
            FteAction::Resume => {
                let (Some(s), Some((dest, end))) = (session, st.resume.take()) else {
                    continue;
                };
                let click = st.ctx(&g, &s.state).map(|c| c.click(dest));
                let rev = game.as_ref().map(|g| g.revision).unwrap_or(0);
                match click {
                    Some(c @ (Click::Walk { .. } | Click::Submit(Command::Step { .. }))) => {
                        apply_click(&mut st, c, dest, None, rev, &mut submit);
                        st.plan_end = end;
                        st.plan_rev = Some(rev);
                    }
                    _ => {
                        st.hint = Some(format!("{dest} is out of reach now."));
                        st.hint_at = None;
                    }
                }
            }
        }
    }
    if changed && let Some(s) = session {
        st.derive(&g, &s.state);
        st.derive_los(&g, &s.state);
    }
}

/// Walks a clicked path one hex at a time: each step is a command of its
/// own, so the enemy's Opportunity Fire chance comes at every hex.
pub fn walk(
    game: Option<Res<ActiveGame>>,
    g: Res<Synced<Fte>>,
    mut st: ResMut<FteScreen>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    let Some(game) = game else { return };
    if st.plan.is_empty() && !st.plan_end {
        return;
    }
    if st.plan_rev == Some(game.revision) {
        // Still waiting for the last command; a refusal ends the walk.
        if game.refusal.is_some() {
            st.plan.clear();
            st.plan_end = false;
        }
        return;
    }
    if !g.to_decide || g.kind_as() != Some(K::Move) {
        return;
    }
    if let Some(next) = st.plan.first().copied() {
        let step = Command::Step { hex: next };
        if g.legal.contains(&step) {
            st.plan.remove(0);
            st.plan_rev = Some(game.revision);
            submit.write(SubmitCommand::typed(&step));
        } else {
            st.plan.clear();
            st.plan_end = false;
            st.hint = Some(format!("The walk stopped before {next}."));
            st.hint_at = None;
        }
        return;
    }
    if st.plan_end {
        st.plan_end = false;
        if g.legal.contains(&Command::EndMove) {
            st.plan_rev = Some(game.revision);
            submit.write(SubmitCommand::typed(&Command::EndMove));
        }
    }
}

/// Sends a batch of commands one at a time ("Try to conceal all"): the
/// next when the last has been played, skipping any the rules no longer
/// take; it stops at a refusal or when the decision is no longer ours.
pub fn batch(
    game: Option<Res<ActiveGame>>,
    g: Res<Synced<Fte>>,
    mut st: ResMut<FteScreen>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    let Some(game) = game else { return };
    if st.batch.is_empty() {
        return;
    }
    if st.batch_rev == Some(game.revision) {
        if game.refusal.is_some() {
            st.batch.clear();
        }
        return;
    }
    if !g.to_decide {
        st.batch.clear();
        return;
    }
    while !st.batch.is_empty() {
        let c = st.batch.remove(0);
        if g.legal.contains(&c) {
            st.batch_rev = Some(game.revision);
            submit.write(SubmitCommand::typed(&c));
            return;
        }
    }
}

/// Enter fires the attack being aimed (as its Fire button does).
pub fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    g: Res<Synced<Fte>>,
    mut actions: MessageWriter<FteAction>,
    st: Res<FteScreen>,
) {
    let Some(keys) = keys else { return };
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) || !g.to_decide {
        return;
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter])
        && st.aim.as_ref().is_some_and(|a| a.command().is_some())
    {
        actions.write(FteAction::Confirm);
    }
}

/// Follows the hex under the pointer (for the LoS tool and the hex panel).
pub fn hover(
    map: Res<ActiveMap>,
    game: Option<Res<ActiveGame>>,
    g: Res<Synced<Fte>>,
    mut st: ResMut<FteScreen>,
) {
    let h = map.hovered.map(|c| Hex::new(c.col, c.row));
    if h == st.hovered_hex {
        return;
    }
    st.hovered_hex = h;
    if let Some(s) = typed_session::<Fte>(game.as_deref()) {
        st.derive_los(&g, &s.state);
    }
}

/// Tab goes through the units the decision can use (Shift+Tab back): it
/// selects the unit where a selection means something, else lights it up,
/// and brings it into view.
pub fn cycle(
    mut tabs: MessageReader<CycleUnits>,
    game: Option<Res<ActiveGame>>,
    g: Res<Synced<Fte>>,
    mut st: ResMut<FteScreen>,
    mut fit: ResMut<CameraFit>,
) {
    let Some(view) = g.view.as_ref() else {
        tabs.clear();
        return;
    };
    for t in tabs.read() {
        let mut units: Vec<UnitId> = (g.legal.iter())
            .flat_map(model::command_units)
            .filter(|u| model::unit_hex(view, *u).is_some())
            .collect();
        if units.is_empty() {
            units = (view.units.iter())
                .filter(|u| u.side == view.side && u.hex.is_some() && u.loaded_on.is_none())
                .map(|u| u.id)
                .collect();
        }
        units.stable_sort();
        units.dedup();
        let current = st.sel.first().copied().or(st.tabbed);
        let at = current.and_then(|c| units.iter().position(|u| *u == c));
        let Some(i) = t.next_index(units.len(), at) else {
            continue;
        };
        let u = units[i];
        if matches!(
            g.kind_as::<K>(),
            Some(K::Action | K::OpportunityFire | K::Setup | K::Reinforcements)
        ) {
            st.sel = vec![u];
            st.aim = None;
            st.tabbed = None;
            if let Some(s) = typed_session::<Fte>(game.as_deref()) {
                st.derive(&g, &s.state);
            }
        } else {
            st.tabbed = Some(u);
            st.hover_generation += 1;
        }
        fit.focus = model::unit_hex(view, u).map(crate::board::center);
        st.touch();
    }
}
