//! The egui side of the board: a column on the left with the turn, the VP
//! and the chit cup, the decision and what can be done about it (the
//! number needed with every modifier before any fire or assault, the
//! Opportunity Fire prompt), the hex under the pointer with its row of the
//! Terrain Effects Chart, the line-of-sight tool, the scenario and every
//! legal command; the stack window; the menu a click opens.

use crate::board::{Piece, markers, pieces, terrain_label};
use crate::model::{self, command_label, command_units, mp, target_name, unit_name};
use crate::pick::{AimKind, Tool};
use crate::screen::{FteAction, FteScreen};
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText, Sense, Stroke, vec2};
use fte_rules::data::Terrain;
use fte_rules::geo::Hex;
use fte_rules::screen::Situation;
use fte_rules::state::{Altitude, MoveMode, Side, TriggerKind, UnitId};
use fte_rules::step::Kind as K;
use fte_rules::step::Phase;
use fte_rules::view::View;
use fte_rules::{Command, Fte};
use vt_core::Decision;
use vt_core::sort::StableSort;
use vt_ui::layout::{
    Open, Panels, all_commands, decision_header, note_frame, undo_button, wide_button,
};
use vt_ui::overlay::log::preview_ui;
use vt_ui::palette::{self, army, ui as tone};
use vt_ui::prelude::*;

/// Width of the column on the left of the board (egui points).
pub const COLUMN_W: f32 = 300.0;

/// The room the hovered hex's section always takes (egui points): its
/// title, the Terrain Effects Chart row and a line of hexsides.
const HEX_SECTION_H: f32 = 178.0;

fn side_rgba(s: Side) -> palette::Rgba {
    match s {
        Side::Us => army::US,
        Side::Nva => army::NVA,
    }
}

fn side_color(s: Side) -> Color32 {
    side_rgba(s).ui()
}

/// What the column reads: the screen's own state and the synced game.
struct Look<'a> {
    st: &'a FteScreen,
    legal: &'a [Command],
    to_decide: bool,
    decision: &'a Option<Decision>,
    g: &'a Synced<Fte>,
}

impl std::ops::Deref for Look<'_> {
    type Target = FteScreen;
    fn deref(&self) -> &FteScreen {
        self.st
    }
}

impl Look<'_> {
    fn kind(&self) -> Option<K> {
        self.g.kind_as()
    }
}

/// The column, the stack window and the click menu.
pub fn play_ui(
    mut panels: Panels<Fte>,
    mut st: ResMut<FteScreen>,
    mut actions: MessageWriter<FteAction>,
) -> Result {
    let Some(Open {
        ctx,
        layout: l,
        game,
        synced: g,
        view,
        rules,
        insets,
        ..
    }) = panels.open()?
    else {
        return Ok(());
    };
    let mut out = Out::default();
    let can_undo = g.to_decide && game.session.can_undo();
    let refusal = game.refusal.clone();
    let look = Look {
        st: &st,
        legal: &g.legal,
        to_decide: g.to_decide,
        decision: &g.decision,
        g,
    };
    let st_ = &look;
    l.column(&ctx, "fte-column", COLUMN_W, insets, |ui| {
        header_ui(ui, view);
        ui.separator();
        decision_ui(ui, st_, view, can_undo, refusal.as_deref(), &mut out);
        ui.separator();
        tools_ui(ui, st_, &mut out);
        ui.separator();
        // The hex section keeps its height whether the pointer is on the
        // map or not, so nothing below it jumps as the pointer comes and
        // goes.
        let top = ui.cursor().top();
        hex_ui(ui, st_, view, rules);
        let used = ui.cursor().top() - top;
        if used < HEX_SECTION_H {
            ui.add_space(HEX_SECTION_H - used);
        }
        ui.separator();
        scenario_ui(ui, st_);
        all_commands_ui(ui, st_, view, &mut out);
    });
    if let Some(h) = st_.stack {
        stack_window(&ctx, h, st_, view, &mut out);
    }
    if let (Some(h), Some(at)) = (st_.hint.as_deref(), st_.hint_at) {
        l.board_note(&ctx, "fte-hint", at, h);
    }
    if let Some(m) = &st_.menu {
        let lines: Vec<String> = m.items.iter().map(|x| x.label.clone()).collect();
        let title = format!("In {}", m.hex);
        let c = l.click_menu(&ctx, "fte-menu", m.at, &title, &lines);
        if let Some(i) = c.hovered {
            out.hover = Some(m.items[i].units.clone());
        }
        if let Some(i) = c.chosen {
            out.actions.push(FteAction::Choose(i));
        }
        if c.cancelled {
            out.actions.push(FteAction::CloseMenu);
        }
    }
    let hover = out.hover.unwrap_or_default();
    if st.hover_units != hover {
        st.hover_units = hover;
    }
    if out.undo && game.undo() {
        st.hint = None;
    }
    for a in out.actions {
        actions.write(a);
    }
    Ok(())
}

#[derive(Default)]
struct Out {
    actions: Vec<FteAction>,
    hover: Option<Vec<UnitId>>,
    undo: bool,
}

/// Turn, phase, VP, and the chit cup with what is left per side.
fn header_ui(ui: &mut egui::Ui, v: &View) {
    // Wrapped: a long phase name ("Check for Concealment (18.0), NVA/VC")
    // widened the column over the map and moved the board under the
    // pointer.
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!("Turn {} of {}", v.turn.max(1), v.turns))
                .strong()
                .size(16.0),
        );
        ui.weak(v.phase.words());
    });
    ui.horizontal(|ui| {
        ui.label("VP");
        ui.label(
            RichText::new(format!("US {}", v.vp[0]))
                .color(side_color(Side::Us).gamma_multiply(1.6))
                .strong(),
        );
        ui.label("·");
        ui.label(
            RichText::new(format!("NVA/VC {}", v.vp[1]))
                .color(side_color(Side::Nva).gamma_multiply(1.6))
                .strong(),
        );
    })
    .response
    .on_hover_text("Victory Points (29.0): the side with more wins; a tie goes to the NVA/VC.");
    ui.horizontal(|ui| {
        ui.label("Chit cup").on_hover_text(
            "Activation Chits left in the cup this turn (5.0). The first activation of a turn needs no chit.",
        );
        let (us, nva, ev) = v.cup;
        chits(ui, us, v.chits[0], side_color(Side::Us), "US");
        chits(ui, nva, v.chits[1], side_color(Side::Nva), "NVA/VC");
        let (r, resp) = ui.allocate_exact_size(vec2(14.0, 14.0), Sense::hover());
        let fill = if ev {
            palette::cards::EVENT_CHIT
        } else {
            palette::cards::USED_CHIT
        }
        .ui();
        ui.painter().circle_filled(r.center(), 6.0, fill);
        resp.on_hover_text(if ev {
            "The Random Event chit is still in the cup (19.0)"
        } else {
            "The Random Event chit has been drawn, or is not used"
        });
    });
    for n in header_notes(v) {
        ui.weak(n);
    }
}

/// The header's notes on the turn under way: who is active, the random
/// events in force (19.5, 19.8), the Medevac Slick and the enemy's Fire
/// Missions to come. None at game over: the game has no turn under way,
/// a Slick due on turn 10 of 8 never comes, and missions still plotted
/// never fire ("pending" read as if the game went on).
fn header_notes(v: &View) -> Vec<String> {
    let mut notes = Vec::new();
    if v.phase == Phase::GameOver {
        return notes;
    }
    if v.phase == Phase::Activation {
        notes.push(format!("Active: {}", v.active.name()));
    }
    if v.higher_hq[0] {
        notes.push("US: Higher HQ, no Leader activations (19.5)".into());
    }
    if v.higher_hq[1] {
        notes.push("NVA/VC: Higher HQ, no Leader activations (19.5)".into());
    }
    if v.aerial_observer {
        notes.push("Aerial Observer up (19.8)".into());
    }
    if let Some(t) = v.medevac_due {
        notes.push(format!("Medevac Slick due turn {t} (12.0)"));
    }
    let missions = v.missions.iter().filter(|m| m.side != v.side).count();
    if missions > 0 {
        notes.push(format!(
            "Enemy Fire Missions pending: {missions} (targets secret)"
        ));
    }
    notes
}

fn chits(ui: &mut egui::Ui, left: u8, per_turn: u8, color: Color32, who: &str) {
    let total = per_turn.max(left);
    let (r, resp) = ui.allocate_exact_size(vec2(10.0 * total as f32 + 4.0, 14.0), Sense::hover());
    for i in 0..total {
        let x = r.min.x + 2.0 + i as f32 * 10.0;
        let c = egui::Rect::from_min_size(egui::pos2(x, r.min.y + 2.0), vec2(8.0, 10.0));
        if i < left {
            ui.painter().rect_filled(c, 1.5, color);
        } else {
            ui.painter()
                .rect_stroke(c, 1.5, Stroke::new(1.0, color), egui::StrokeKind::Inside);
        }
    }
    resp.on_hover_text(format!("{who}: {left} of {per_turn} chits left in the cup"));
}

fn button(ui: &mut egui::Ui, label: &str, enabled: bool) -> egui::Response {
    wide_button(ui, label, enabled)
}

/// A command as a full-width button; lights up its units on hover.
fn command_button(ui: &mut egui::Ui, view: &View, c: &Command, out: &mut Out) {
    let b = button(ui, &command_label(view, c), true);
    if b.hovered() {
        out.hover = Some(command_units(c));
    }
    if b.clicked() {
        out.actions.push(FteAction::Submit(c.clone()));
    }
}

#[allow(clippy::too_many_arguments)]
fn decision_ui(
    ui: &mut egui::Ui,
    st: &Look,
    view: &View,
    can_undo: bool,
    refusal: Option<&str>,
    out: &mut Out,
) {
    let Some(d) = &st.decision else { return };
    let who = d.side.map(Side::from_idx).map(|s| (s.name(), side_rgba(s)));
    // A hint about a click on the board is said there (below).
    let hint = st.hint.as_deref().filter(|_| st.hint_at.is_none());
    decision_header(ui, d, who, st.to_decide, hint, refusal);
    situation_ui(ui, st, view);
    if !st.to_decide {
        return;
    }
    ui.add_space(4.0);
    if let Some(a) = &st.aim {
        aim_ui(ui, st, view, a, out);
        ui.add_space(4.0);
    }
    match st.kind() {
        Some(K::Setup) => setup_ui(ui, st, view, out),
        Some(K::Activate) => {
            ui.label("Click a Leader, a stack or a unit on the map to activate it.");
            egui::CollapsingHeader::new(format!("Activation options ({})", st.activations.len()))
                .id_salt("fte-activations")
                .default_open(st.activations.len() <= 8)
                .show(ui, |ui| {
                    for item in &st.activations {
                        let b = button(ui, &item.label, true);
                        if b.hovered() {
                            out.hover = Some(item.units.clone());
                        }
                        if b.clicked()
                            && let crate::pick::Click::Submit(c) = &item.then
                        {
                            out.actions.push(FteAction::Submit(c.clone()));
                        }
                    }
                });
            if st.legal.contains(&Command::Pass) {
                command_button(ui, view, &Command::Pass, out);
            }
        }
        Some(K::Action) => action_ui(ui, st, view, out),
        Some(K::Move) => move_ui(ui, st, view, out),
        Some(K::OpportunityFire) => opfire_ui(ui, st, view, out),
        Some(K::OpportunityFireTarget | K::AssaultAttack | K::AssaultDefend) => {
            targets_ui(ui, st, view, out);
            for c in st.legal.iter().filter(|c| {
                matches!(
                    c,
                    Command::Detonate | Command::OpFirePass | Command::AssaultHold
                )
            }) {
                command_button(ui, view, c, out);
            }
        }
        Some(K::Reinforcements) => {
            let helis = st.legal.iter().any(
                |c| matches!(c, Command::Enter { altitude, .. } if *altitude != Altitude::Ground),
            );
            let mut arriving: Vec<UnitId> = st
                .legal
                .iter()
                .filter_map(|c| match c {
                    Command::Enter { unit, .. } => Some(*unit),
                    _ => None,
                })
                .collect();
            arriving.dedup();
            let chosen = st
                .sel
                .first()
                .copied()
                .filter(|u| arriving.contains(u))
                .or(arriving.first().copied());
            ui.label("Arriving (4.0): pick one, then click a ringed hex of its edge.");
            for u in &arriving {
                let aboard: Vec<String> = view
                    .units
                    .iter()
                    .filter(|x| x.loaded_on == Some(*u))
                    .map(|x| unit_name(view, x.id))
                    .collect();
                let mut label = unit_name(view, *u);
                if !aboard.is_empty() {
                    label.push_str(&format!(" carrying {}", aboard.join(", ")));
                }
                if ui.radio(chosen == Some(*u), label).clicked() {
                    out.actions.push(FteAction::Select(vec![*u]));
                }
            }
            if helis {
                ui.horizontal(|ui| {
                    ui.label("Enter at");
                    for a in [Altitude::Treetop, Altitude::High] {
                        if ui
                            .radio(st.altitude == a, model::altitude_word(a))
                            .clicked()
                        {
                            out.actions.push(FteAction::SetAltitude(a));
                        }
                    }
                });
            }
        }
        _ => {
            let conceal: Vec<Command> = (st.legal.iter())
                .filter(|c| matches!(c, Command::Conceal { .. }))
                .cloned()
                .collect();
            if conceal.len() > 1
                && button(ui, &format!("Try to conceal all ({})", conceal.len()), true)
                    .on_hover_text(
                        "Each unit that may tries in turn, a check each (18.2); the log keeps every roll.",
                    )
                    .clicked()
            {
                out.actions.push(FteAction::Batch(conceal));
            }
            let on_board = st.legal.iter().any(|c| !model::anchors(view, c).is_empty());
            let off_board = st.legal.iter().any(|c| model::anchors(view, c).is_empty());
            // "or choose below" only when something is below (issue 14:
            // the Injury event's one target said so over an empty list).
            match (on_board, off_board) {
                (true, true) => {
                    ui.label("Click a highlighted hex on the map, or choose below.");
                }
                (true, false) if st.legal.len() == 1 => {
                    ui.label("Click the highlighted hex on the map (or press 1).");
                }
                (true, false) => {
                    ui.label("Click a highlighted hex on the map.");
                }
                _ => {}
            }
            for c in st
                .legal
                .iter()
                .filter(|c| model::anchors(view, c).is_empty())
            {
                command_button(ui, view, c, out);
            }
        }
    }
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        if undo_button(ui, can_undo) {
            out.undo = true;
        }
        if (!st.sel.is_empty() || st.aim.is_some()) && ui.button("Clear selection").clicked() {
            out.actions.push(FteAction::Select(Vec::new()));
        }
    });
}

/// What the game is in the middle of (an Opportunity Fire chance, an
/// assault, a retreat ...), as this side may know it.
fn situation_ui(ui: &mut egui::Ui, st: &Look, view: &View) {
    let Some(s) = &st.situation else { return };
    let text = match s {
        Situation::OpFire {
            kind,
            hex,
            firing,
            targets,
            stealthy,
            on_trail,
            claymore,
            ..
        } => {
            let who: Vec<String> = targets.iter().map(|t| target_name(view, *t)).collect();
            let what = match kind {
                TriggerKind::Move => format!("entered {hex}"),
                TriggerKind::Search => format!("searches in {hex}"),
                TriggerKind::DestroyCache => format!("destroys a cache in {hex}"),
                TriggerKind::Load => format!("loads in {hex}"),
                TriggerKind::Unload => format!("unloads in {hex}"),
                TriggerKind::Retreat => format!("retreats into {hex}"),
                TriggerKind::Assault => format!("assaults {hex}"),
                TriggerKind::Fort => format!("enters or leaves a Bunker/Foxholes in {hex}"),
            };
            let mut t = format!(
                "Opportunity Fire chance for {} (21.0): {} {what}.",
                firing.name(),
                who.join(", ")
            );
            if *stealthy {
                t.push_str(" Stealthy Movement: +1 to fire (6.7).");
            }
            if *on_trail {
                t.push_str(" On a trail or road: -1 to fire (6.1 a).");
            }
            if *claymore {
                t.push_str(&format!(
                    " They are on your plotted Claymore in {hex}: you may fire it (26.0)."
                ));
            }
            t
        }
        Situation::Retreat { unit, away, left } => format!(
            "{} is Broken and retreats away from {away}: {left} more hex(es) (7.4).",
            target_name(view, *unit)
        ),
        Situation::Carry { kind, hex, .. } => format!(
            "A new {} in {} may be picked up at once (7.5.2).",
            kind.name(),
            hex.map(|h| h.to_string()).unwrap_or_default()
        ),
        Situation::HeliDown { unit, from, radius } => format!(
            "{} is Downed: it comes down within {radius} hex(es) of {from} (7.4).",
            unit_name(view, *unit)
        ),
        Situation::Assault {
            side,
            hex,
            attackers,
            round,
            ..
        } => {
            let who: Vec<String> = attackers.iter().map(|t| target_name(view, *t)).collect();
            format!(
                "{} assault {hex}, round {} of 3 (8.0): {}.",
                side.name(),
                round.max(&1),
                who.join(", ")
            )
        }
        Situation::Event {
            event, side, piece, ..
        } => match piece {
            Some(p) => format!(
                "Random Event for {}: {}. Place the {p}, Concealed.",
                side.name(),
                event.name()
            ),
            None => format!("Random Event for {}: {}.", side.name(), event.name()),
        },
        Situation::Interrogate { hex, .. } => format!(
            "Civilians in {}: interrogate them (28.0)?",
            hex.map(|h| h.to_string()).unwrap_or_default()
        ),
        Situation::Reveal { near, left } => format!(
            "Interrogation: reveal {} within 8 hexes of {near} (28.0).",
            if *left == 1 {
                "1 Concealed unit or Hidden Cache".to_string()
            } else {
                format!("{left} Concealed units or Hidden Caches")
            }
        ),
        Situation::Load { carrier } => format!("{} loads (14.0).", unit_name(view, *carrier)),
        Situation::Mission { side, kind, target } => match (kind, target) {
            (Some(k), Some(t)) => format!("Your {} on {t} is due (16.0).", k.name()),
            _ => format!("A {} Fire Mission is due (16.0).", side.name()),
        },
    };
    note_frame(tone::SITUATION_FILL).show(ui, |ui| {
        ui.label(RichText::new(text).color(tone::SITUATION_TEXT.ui()));
    });
}

fn setup_ui(ui: &mut egui::Ui, st: &Look, view: &View, out: &mut Out) {
    match st.sel.as_slice() {
        [u] => {
            ui.label(format!(
                "{} picked up: click a ringed hex of its set-up area.",
                unit_name(view, *u)
            ));
        }
        _ => {
            ui.label("Click one of your ringed units to pick it up and place it elsewhere in its set-up area; or finish.");
        }
    }
    let plots = st.legal.iter().any(|c| matches!(c, Command::Plot { .. }));
    if plots {
        let (word, rule) = if view.side == Side::Us {
            ("Claymores", "in or next to a US infantry hex")
        } else {
            ("Booby Traps", "in trail or cache hexes")
        };
        let on = st.tool == Tool::Plot;
        if ui
            .selectable_label(on, format!("Plot {word} in secret ({rule}, 26.0)"))
            .clicked()
        {
            out.actions
                .push(FteAction::SetTool(if on { Tool::Play } else { Tool::Plot }));
        }
        if !view.traps.is_empty() {
            let list: Vec<String> = view.traps.iter().map(|h| h.to_string()).collect();
            ui.weak(format!("Plotted: {}", list.join(", ")));
        }
    }
    if st.legal.contains(&Command::SetupDone) {
        command_button(ui, view, &Command::SetupDone, out);
    }
}

fn selection_ui(ui: &mut egui::Ui, st: &Look, view: &View, out: &mut Out) {
    if st.sel.is_empty() {
        ui.label("Click one of your ringed units to select it.");
        return;
    }
    ui.label(RichText::new("Selected").strong());
    for u in &st.sel {
        let r = ui.label(format!("• {}", unit_name(view, *u)));
        if r.hovered() {
            out.hover = Some(vec![*u]);
        }
    }
    ui.weak("Click the stack again to choose which of its units act together.");
}

fn action_ui(ui: &mut egui::Ui, st: &Look, view: &View, out: &mut Out) {
    selection_ui(ui, st, view, out);
    let sel = &st.sel;
    let mine = |c: &Command| {
        let us = command_units(c);
        !us.is_empty() && us.iter().all(|u| sel.contains(u))
    };
    // Move modes the rules allow for the selection.
    let modes: Vec<MoveMode> = [MoveMode::Normal, MoveMode::DoubleTime, MoveMode::Stealthy]
        .into_iter()
        .filter(|m| {
            st.legal.iter().any(|c| {
                matches!(c, Command::Move { units, mode } if mode == m && units.iter().all(|u| sel.contains(u)))
            })
        })
        .collect();
    if !sel.is_empty() && !modes.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Move");
            for m in modes {
                let (w, tip) = match m {
                    MoveMode::Normal => ("Normal", "5 MP for infantry (6.3)"),
                    MoveMode::DoubleTime => ("Double Time", "9 MP, Exhausted at the end of the activation (6.6)"),
                    MoveMode::Stealthy => ("Stealthy", "one hex; a Concealed unit checks to keep its marker; +1 to Opportunity Fire at it (6.7)"),
                };
                if ui.radio(st.move_mode == m, w).on_hover_text(tip).clicked() {
                    out.actions.push(FteAction::SetMoveMode(m));
                }
            }
        });
        let mut auto = st.auto_end;
        if ui
            .checkbox(&mut auto, "End the move in the hex I click")
            .on_hover_text(
                "Off: the move stays open there, to go on, drop a casualty or enter a Bunker",
            )
            .changed()
        {
            out.actions.push(FteAction::SetAutoEnd(auto));
        }
        let mv = Command::Move {
            units: sel.clone(),
            mode: st.move_mode,
        };
        if st.move_ok && (st.reach.is_empty() || st.sel_heli) {
            let b = button(ui, "Start a move here (hover, climb or descend, 6.8)", true);
            if b.clicked() {
                out.actions.push(FteAction::Submit(mv.clone()));
            }
        }
        if st.reach.is_empty() {
            ui.weak("No hex to move into for the selection in this mode.");
        } else {
            ui.weak("Blue hexes: where it can move, with the MP it costs to get there. Click one to walk there hex by hex.");
        }
    }
    targets_ui(ui, st, view, out);
    // The selection's other actions.
    let others: Vec<&Command> = st
        .legal
        .iter()
        .filter(|c| {
            let pointless_recover = matches!(
                c,
                Command::Recover { unit, pick_up: None, transfer: None }
                    if model::unit(view, *unit).is_some_and(|u| {
                        !(u.suppressed || u.broken || u.exhausted || u.low_ammo)
                    })
            );
            !pointless_recover
                && matches!(
                    c,
                    Command::Search { .. }
                        | Command::Recover { .. }
                        | Command::DestroyCache { .. }
                        | Command::RequestMedevac { .. }
                        | Command::Load { .. }
                        | Command::Unload { .. }
                        | Command::Abandon { .. }
                )
                && (sel.is_empty() || mine(c))
        })
        .collect();
    if !others.is_empty() {
        ui.label(RichText::new("Other actions").strong());
        for c in others {
            command_button(ui, view, c, out);
        }
    }
    let mut requesters: Vec<UnitId> = st
        .legal
        .iter()
        .filter_map(|c| match c {
            Command::RequestFireMission { unit, .. } if sel.is_empty() || sel.contains(unit) => {
                Some(*unit)
            }
            _ => None,
        })
        .collect();
    requesters.stable_sort();
    requesters.dedup();
    for u in requesters {
        let on = st.tool == Tool::FireMission { unit: u };
        if ui
            .selectable_label(
                on,
                format!("Request a Fire Mission ({}): click its target hex", unit_name(view, u)),
            )
            .on_hover_text("13.0: in the requester's LoS, or in or next to a Visible enemy; the target stays secret")
            .clicked()
        {
            out.actions.push(FteAction::SetTool(if on {
                Tool::Play
            } else {
                Tool::FireMission { unit: u }
            }));
        }
    }
    for c in st
        .legal
        .iter()
        .filter(|c| matches!(c, Command::DetonateAt { .. }))
    {
        command_button(ui, view, c, out);
    }
    if st.legal.contains(&Command::EndActivation) {
        command_button(ui, view, &Command::EndActivation, out);
    }
}

/// The attacks on offer, with the number needed on each.
fn targets_ui(ui: &mut egui::Ui, st: &Look, view: &View, out: &mut Out) {
    if st.aims.is_empty() {
        return;
    }
    ui.label(RichText::new("Targets").strong())
        .on_hover_text("Red rings on the map: units you can fire at, with the number needed. Orange: hexes you can assault.");
    for (a, p) in &st.aims {
        let label = match (a.kind, a.target) {
            (AimKind::Assault, _) => format!(
                "Assault {} ({})",
                a.hex,
                vt_ui::labels::count(a.units.len(), "unit", "units")
            ),
            (_, Some(t)) => {
                let need = p
                    .as_ref()
                    .map(|p| {
                        format!(
                            ": needs {}{}",
                            p.needed.clamp(1, 9),
                            if p.hidden { "?" } else { "" }
                        )
                    })
                    .unwrap_or_default();
                format!("{} in {}{need}", target_name(view, t), a.hex)
            }
            _ => continue,
        };
        let b = button(ui, &label, true);
        if b.hovered() {
            out.hover = Some(a.units.clone());
        }
        if b.clicked() {
            out.actions.push(FteAction::SetAim(Box::new(a.clone())));
        }
    }
}

/// The attack being aimed: its units, its Primary Firing Unit, and the
/// number needed with every modifier before the roll.
fn aim_ui(ui: &mut egui::Ui, st: &Look, view: &View, a: &crate::pick::Aim, out: &mut Out) {
    note_frame(tone::AIM_FILL).show(ui, |ui| {
            let title = match (a.kind, a.target) {
                (AimKind::Assault, _) => format!("Assault {}", a.hex),
                (AimKind::OpFire, Some(t)) => format!("Opportunity Fire at {}", target_name(view, t)),
                (AimKind::AssaultFire, Some(t)) => format!("Assault fire at {}", target_name(view, t)),
                (_, Some(t)) => format!("Fire at {} in {}", target_name(view, t), a.hex),
                _ => "Fire".into(),
            };
            ui.label(RichText::new(title).strong().size(15.0));
            ui.weak(if a.kind == AimKind::Assault {
                "Assaulting units (tick to include):"
            } else {
                "Firing units: tick to include; the round button marks the Primary Firing Unit (7.1)."
            });
            for u in &a.choices {
                // Wrapped, so a long unit name does not widen the column.
                ui.horizontal_wrapped(|ui| {
                    let mut on = a.units.contains(u);
                    if ui.checkbox(&mut on, "").changed() {
                        out.actions.push(FteAction::AimToggle(*u));
                    }
                    if a.kind != AimKind::Assault
                        && ui
                            .radio(a.primary == Some(*u), "")
                            .on_hover_text("Primary Firing Unit: its Fire Rating, weapon class, range and markers count")
                            .clicked()
                    {
                        out.actions.push(FteAction::AimPrimary(*u));
                    }
                    let fire = model::unit(view, *u)
                        .and_then(|x| x.fire.map(|f| format!(" ({f} {})", x.weapon.name())))
                        .unwrap_or_default();
                    let r = ui.label(format!("{}{fire}", unit_name(view, *u)));
                    if r.hovered() {
                        out.hover = Some(vec![*u]);
                    }
                });
            }
            match &st.aim_preview {
                Ok(adjs) => {
                    for adj in adjs {
                        // The acting side's own roll.
                        preview_ui(ui, adj, adj.stake.map(|s| s.side));
                    }
                    if st.aim_hidden {
                        ui.colored_label(
                            tone::WARN.ui(),
                            "The target is Concealed: its own modifiers (a Bunker, Foxholes, a Sapper's -1, a Defensive Modifier) show only when the dice are rolled.",
                        );
                    }
                }
                Err(e) => {
                    ui.colored_label(tone::BAD.ui(), e);
                }
            }
            ui.horizontal(|ui| {
                let word = match a.kind {
                    AimKind::Assault => "Assault",
                    _ => "Fire",
                };
                if ui
                    .add_enabled(
                        st.aim_preview.is_ok(),
                        egui::Button::new(RichText::new(word).strong().size(16.0)),
                    )
                    .on_hover_text(format!("Or click {} again, or press Enter", a.hex))
                    .clicked()
                {
                    out.actions.push(FteAction::Confirm);
                }
                if ui.button("Cancel").clicked() {
                    out.actions.push(FteAction::CancelAim);
                }
            });
        });
}

fn move_ui(ui: &mut egui::Ui, st: &Look, view: &View, out: &mut Out) {
    if let Some(m) = &view.moving {
        let names: Vec<String> = m.units.iter().map(|u| unit_name(view, *u)).collect();
        let mode = match m.mode {
            MoveMode::Normal => "",
            MoveMode::DoubleTime => " (Double Time)",
            MoveMode::Stealthy => " (Stealthy: one hex)",
        };
        ui.label(format!("Moving{mode}: {}", names.join(", ")));
        ui.label(RichText::new(format!("{} MP left", mp(m.left_half_mp))).strong());
    }
    if let Some((dest, _)) = st.resume {
        ui.colored_label(
            tone::WARN.ui(),
            "The enemy had a chance to react: the walk stopped.",
        );
        if button(ui, &format!("Go on to {dest}"), true).clicked() {
            out.actions.push(FteAction::Resume);
        }
    }
    if !st.plan.is_empty() {
        let list: Vec<String> = st.plan.iter().map(|h| h.to_string()).collect();
        ui.weak(format!("Walking on: {}", list.join(", ")));
    } else if st.legal.iter().any(|c| matches!(c, Command::Step { .. })) {
        ui.weak("Click a blue hex to go on (each hex entered gives the enemy an Opportunity Fire chance, 21.0).");
    } else {
        // No blue hex to click: say why rather than ask for one.
        ui.weak(no_step_left(view.moving.as_ref().map(|m| m.mode)));
    }
    for c in st
        .legal
        .iter()
        .filter(|c| !matches!(c, Command::Step { .. }))
    {
        command_button(ui, view, c, out);
    }
}

/// What the move panel says when no hex can be entered: a Stealthy move
/// is one hex (6.7); otherwise the MP left, stacking or the enemy leave no
/// neighbouring hex to enter.
fn no_step_left(mode: Option<MoveMode>) -> &'static str {
    match mode {
        Some(MoveMode::Stealthy) => {
            "No hex can be entered now (a Stealthy move is one hex, 6.7): end the move to finish it."
        }
        _ => "No neighbouring hex can be entered now: end the move to finish it.",
    }
}

fn opfire_ui(ui: &mut egui::Ui, st: &Look, view: &View, out: &mut Out) {
    let eligible: Vec<UnitId> = st
        .legal
        .iter()
        .filter_map(|c| match c {
            Command::OpFireAttempt { units } if units.len() == 1 => Some(units[0]),
            _ => None,
        })
        .collect();
    ui.label(RichText::new("Opportunity Fire").strong().size(15.0));
    ui.label("Tick the units that try: each takes a Troop Quality Check (modified by its markers); those that pass may fire, alone or combined. A Concealed unit keeps its marker unless it fires.");
    let chosen: Vec<UnitId> = st
        .sel
        .iter()
        .copied()
        .filter(|u| eligible.contains(u))
        .collect();
    for u in &eligible {
        ui.horizontal(|ui| {
            let mut on = chosen.contains(u);
            if ui.checkbox(&mut on, "").changed() {
                out.actions.push(FteAction::Toggle(*u));
            }
            let check = st.checks.iter().find(|(x, _)| x == u).map(|(_, a)| a);
            let need = check
                .and_then(|a| a.needed.as_deref())
                .and_then(|n| n.split(" or less").next())
                .map(|n| format!(": needs {n} or less"))
                .unwrap_or_default();
            let r = ui.label(format!("{}{need}", unit_name(view, *u)));
            if r.hovered() {
                out.hover = Some(vec![*u]);
            }
            if let Some(a) = check {
                r.on_hover_ui(|ui| preview_ui(ui, a, a.stake.map(|s| s.side)));
            }
        });
    }
    let try_cmd = Command::OpFireAttempt {
        units: chosen.clone(),
    };
    if !chosen.is_empty()
        && button(ui, &format!("Try with the {} ticked", chosen.len()), true).clicked()
    {
        out.actions.push(FteAction::Submit(try_cmd));
    }
    if eligible.len() > 1 {
        let all = Command::OpFireAttempt {
            units: eligible.clone(),
        };
        if button(ui, &format!("Try with all {}", eligible.len()), true).clicked() {
            out.actions.push(FteAction::Submit(all));
        }
    } else if let [u] = eligible.as_slice() {
        let one = Command::OpFireAttempt { units: vec![*u] };
        if chosen.is_empty()
            && button(ui, &format!("Try with {}", unit_name(view, *u)), true).clicked()
        {
            out.actions.push(FteAction::Submit(one));
        }
    }
    if st.legal.contains(&Command::Detonate) {
        command_button(ui, view, &Command::Detonate, out);
    }
    if st.legal.contains(&Command::OpFirePass) {
        command_button(ui, view, &Command::OpFirePass, out);
    }
}

fn tools_ui(ui: &mut egui::Ui, st: &Look, out: &mut Out) {
    let on = matches!(st.tool, Tool::LineOfSight { .. });
    if ui
        .selectable_label(on, "👁 Line of sight tool")
        .on_hover_text("Click a hex, then point at (or click) another: the traced hexes and what blocks (7.3). Free to use at any time.")
        .clicked()
    {
        out.actions.push(FteAction::SetTool(if on {
            Tool::Play
        } else {
            Tool::LineOfSight { from: None, to: None }
        }));
    }
    if on {
        match &st.los {
            None => {
                ui.weak("Click the hex to look from.");
            }
            Some(l) => {
                let trace: Vec<String> = l.trace.iter().map(|h| h.to_string()).collect();
                ui.label(format!("From {} to {}", l.from, l.to));
                match &l.blocked {
                    None => {
                        ui.colored_label(tone::GOOD.ui(), "Clear line of sight (7.3.1)");
                    }
                    Some(b) => {
                        ui.colored_label(tone::BAD.ui(), format!("Blocked: {}", b.describe()));
                    }
                }
                ui.weak(format!("Through: {}", trace.join(", ")));
                ui.weak("Ground level, terrain only: friendly units that block fire and helicopters at altitude are checked when firing.");
            }
        }
    }
}

/// The hex under the pointer: terrain and its row of the Terrain Effects
/// Chart, hexside features, and what is in it.
fn hex_ui(ui: &mut egui::Ui, st: &Look, view: &View, rules: &Fte) {
    let Some(h) = st.hovered_hex.or(st.stack) else {
        ui.weak("Point at a hex for its terrain and Terrain Effects Chart row.");
        return;
    };
    let Some(map) = rules.maps.iter().find(|m| m.id == view.map) else {
        return;
    };
    let Some(t) = map.terrain(h) else { return };
    let level = map.level(h);
    ui.label(RichText::new(format!("{h}  {}", terrain_label(t, level))).strong());
    let row = rules.tables.terrain(t);
    let p = |x: Option<u8>| x.map(mp).unwrap_or_else(|| "P".into());
    egui::Grid::new("fte-tec-row")
        .num_columns(2)
        .show(ui, |ui| {
            ui.weak("Concealment");
            ui.label(format!("{:+}", row.concealment.value));
            ui.end_row();
            ui.weak("Fire");
            ui.label(if t == Terrain::Jungle {
                format!("{:+} (not for HE, 6.1 b)", row.fire.value)
            } else {
                format!("{:+}", row.fire.value)
            });
            ui.end_row();
            for (what, a, b) in [
                (
                    "Infantry / Vehicle MP",
                    row.infantry.value,
                    row.vehicle.value,
                ),
                (
                    "Helicopter air / ground",
                    row.helicopter_air.value,
                    row.helicopter_ground.value,
                ),
            ] {
                ui.weak(what);
                ui.label(format!("{} / {}", p(a), p(b)));
                ui.end_row();
            }
            ui.weak("Blocks LoS");
            ui.label(if row.blocking.value {
                "yes (7.3.2)"
            } else {
                "no"
            });
            ui.end_row();
        });
    let mut sides = Vec::new();
    for n in map.neighbors(h) {
        if map.road_between(h, n) {
            sides.push(format!("road to {n}"));
        } else if map.trail_between(h, n) {
            sides.push(format!("trail to {n}"));
        }
        if let Some(high) = map.slope_between(h, n) {
            if high == h {
                sides.push(format!("slope down to {n}"));
            } else {
                sides.push(format!("slope up to {n}"));
            }
        }
        if map.stream_between(h, n) {
            sides.push(format!("stream towards {n}"));
        }
    }
    if !sides.is_empty() {
        ui.weak(sides.join(", "));
    }
    let here = pieces(view).remove(&h).unwrap_or_default();
    if !here.is_empty() {
        ui.weak(format!(
            "{} here: click the hex to open the stack.",
            vt_ui::labels::count(here.len(), "piece", "pieces")
        ));
    }
}

fn scenario_ui(ui: &mut egui::Ui, st: &Look) {
    let Some(sc) = &st.scenario else { return };
    egui::CollapsingHeader::new(format!("Scenario: {}", sc.name))
        .id_salt("fte-scenario")
        .default_open(false)
        .show(ui, |ui| {
            ui.label(&sc.description);
            for o in &sc.objectives {
                ui.label(format!(
                    "★ {} ({}): {} {} VP",
                    o.name,
                    o.hex,
                    o.side.name(),
                    o.vp
                ));
            }
            for r in &sc.special_rules {
                ui.weak(format!("• {r}"));
            }
            ui.weak("The project's own scenario (the rulebook's FRAGOs are not in the text).");
        });
}

fn all_commands_ui(ui: &mut egui::Ui, st: &Look, view: &View, out: &mut Out) {
    if !st.to_decide {
        return;
    }
    let labels: Vec<String> = st.legal.iter().map(|c| command_label(view, c)).collect();
    let (clicked, hovered) = all_commands(ui, "fte-all-commands", &labels, true);
    if let Some(i) = hovered {
        out.hover = Some(command_units(&st.legal[i]));
    }
    if let Some(i) = clicked {
        out.actions.push(FteAction::Submit(st.legal[i].clone()));
    }
}

/// Everything in a hex, with what each unit is and carries; own units of
/// the decision can be ticked in or out of the selection.
fn stack_window(ctx: &egui::Context, h: Hex, st: &Look, view: &View, out: &mut Out) {
    let mut open = true;
    let selectable: Vec<UnitId> = match st.kind() {
        Some(K::Action | K::OpportunityFire) if st.to_decide => st
            .legal
            .iter()
            .filter(|c| !matches!(c, Command::EndActivation))
            .flat_map(command_units)
            .collect(),
        _ => Vec::new(),
    };
    egui::Window::new(format!("Stack in {h}"))
        .id(egui::Id::new("fte-stack"))
        .open(&mut open)
        .default_width(300.0)
        .default_pos(egui::pos2(COLUMN_W + 40.0, 90.0))
        .show(ctx, |ui| {
            let here = pieces(view).remove(&h).unwrap_or_default();
            if here.is_empty() {
                ui.weak("Nothing here.");
            }
            // Top of the stack first.
            for p in here.iter().rev() {
                match p {
                    Piece::Unit(k) => {
                        let u = &view.units[*k];
                        ui.horizontal(|ui| {
                            if selectable.contains(&u.id) {
                                let mut on = st.sel.contains(&u.id);
                                if ui.checkbox(&mut on, "").changed() {
                                    out.actions.push(FteAction::Toggle(u.id));
                                }
                            }
                            let who = if u.side == view.side { "" } else { "enemy " };
                            let r = ui.label(
                                RichText::new(format!("{who}{}", unit_name(view, u.id))).strong(),
                            );
                            if r.hovered() {
                                out.hover = Some(vec![u.id]);
                            }
                        });
                        let fire = u
                            .fire
                            .map(|f| format!("Fire {f} {}", u.weapon.name()))
                            .unwrap_or_else(|| "no Fire Rating".into());
                        let range = u.range.map(|r| format!(", Range {r}")).unwrap_or_default();
                        ui.weak(format!(
                            "{fire}{range}, TQ {}, {} troops{}",
                            u.troop_quality,
                            u.troops,
                            if u.reduced { ", reduced" } else { "" }
                        ));
                        let mk: Vec<String> = markers(view, u).into_iter().map(|m| m.1).collect();
                        if !mk.is_empty() {
                            ui.weak(mk.join(", "));
                        }
                        let aboard: Vec<String> = view
                            .units
                            .iter()
                            .filter(|x| x.loaded_on == Some(u.id))
                            .map(|x| unit_name(view, x.id))
                            .collect();
                        if !aboard.is_empty() {
                            ui.weak(format!("Aboard: {}", aboard.join(", ")));
                        }
                    }
                    Piece::Marker(k) => {
                        let c = &view.concealed[*k];
                        ui.label(format!(
                            "Concealed marker {} ({})",
                            c.marker,
                            match (view.side, c.vc) {
                                (Side::Nva, _) => "US",
                                (Side::Us, true) => "VC",
                                (Side::Us, false) => "NVA",
                            }
                        ));
                    }
                    Piece::Casualty(k) => {
                        let c = &view.casualties[*k];
                        ui.label(format!("{} marker ({})", c.kind.name(), c.side.name()));
                    }
                    Piece::Cache(k) => {
                        let c = &view.caches[*k];
                        ui.label(match c.kind {
                            Some(k) => format!(
                                "{}{}",
                                k.name(),
                                if c.revealed {
                                    " (revealed)"
                                } else {
                                    " (hidden)"
                                }
                            ),
                            None => "\"?\" marker (hidden)".into(),
                        });
                    }
                }
                ui.separator();
            }
        });
    if !open {
        out.actions.push(FteAction::OpenStack(None));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fte_rules::view::MissionView;
    use vt_core::{Ruleset, Setup};

    /// Hamlet Search's US view with a Slick called, an enemy mission
    /// plotted and both random events in force, in `phase`.
    fn view_in(phase: Phase) -> View {
        let r = Fte::embedded();
        let s = r.new_game(&Setup::new("hamlet-search", 3)).unwrap();
        let mut v = r.view(&s, 0); // side 0: the US
        v.phase = phase;
        v.medevac_due = Some(10);
        v.missions = vec![MissionView {
            side: Side::Nva,
            kind: None,
            target: None,
            turn: 9,
        }];
        v.higher_hq = [true, true];
        v.aerial_observer = true;
        v
    }

    // Seen in session 40 (Song Tra, a game over at the end of turn 8): the
    // header still said "Medevac Slick due turn 10 (12.0)". At game over
    // nothing is due and no mission will fire; in play each note shows.
    #[test]
    fn game_over_shows_nothing_still_to_come() {
        let live = header_notes(&view_in(Phase::Activation));
        for want in [
            "Active:",
            "US: Higher HQ",
            "NVA/VC: Higher HQ",
            "Aerial Observer up",
            "Medevac Slick due turn 10",
            "Enemy Fire Missions pending: 1",
        ] {
            assert!(
                live.iter().any(|n| n.starts_with(want)),
                "{want} missing from {live:?}"
            );
        }
        assert_eq!(
            header_notes(&view_in(Phase::GameOver)),
            Vec::<String>::new()
        );
    }
}
