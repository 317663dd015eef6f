//! The egui column on the left of the board: the turn, the phase and the
//! points as this side may know them; the decision and what can be done
//! about it; in the Combat Phase every target with its odds and the attack
//! being aimed, each term of the attack and the defence with its section,
//! the odds rounded for the defender and the column of the Combat Results
//! Table it will be read on; the hex under the pointer with its terrain's
//! defence and cost; the ledger; every legal command as a fallback; and
//! the menu a click opens.

use crate::board::terrain_label;
use crate::model::{self, command_label, command_units, strength};
use crate::screen::{GruntAction, GruntScreen};
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use grunt_rules::data::Mode;
use grunt_rules::map::Hex;
use grunt_rules::state::Side;
use grunt_rules::step::Kind as K;
use grunt_rules::view::View;
use grunt_rules::{Command, Grunt};
use vt_ui::layout::{
    Open, Panels, all_commands, decision_header, note_frame, undo_button, wide_button,
};
use vt_ui::palette::{self, army, ui as tone};

/// Width of the column on the left of the board (egui points).
pub const COLUMN_W: f32 = 320.0;
/// The hovered-hex section: terrain, its line, and a counter or two.
const HEX_SECTION_H: f32 = 84.0;

/// Colours in the scheme the player chose (Settings: colour-blind).
fn warn() -> Color32 {
    tone::WARN.ui()
}

fn good() -> Color32 {
    tone::GOOD.ui()
}

fn side_rgba(s: Side) -> palette::Rgba {
    match s {
        Side::Us => army::US,
        Side::Nlf => army::VC,
    }
}

/// A side's colour lightened for text on the dark column, in the chosen
/// scheme.
fn side_text(s: Side) -> Color32 {
    side_rgba(s).shown().scale(1.7).egui()
}

/// What the column asks for.
#[derive(Default)]
struct Out {
    actions: Vec<GruntAction>,
    hover_units: Option<Vec<u16>>,
    hover_area: Option<Vec<Hex>>,
    undo: bool,
    /// The landing toggle: pick each load from a menu (B5).
    pick_loads: Option<bool>,
}

/// The column and the click menu.
pub fn play_ui(
    mut panels: Panels<Grunt>,
    mut st: ResMut<GruntScreen>,
    mut actions: MessageWriter<GruntAction>,
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
    let st_: &GruntScreen = &st;
    l.column(&ctx, "grunt-column", COLUMN_W, insets, |ui| {
        header_ui(ui, rules, view);
        ui.separator();
        let who = g.decision.as_ref().and_then(|d| d.side).map(|s| {
            if s == Side::Us.idx() {
                Side::Us
            } else {
                Side::Nlf
            }
        });
        if let Some(d) = &g.decision {
            let name = who.map(|s| (s.name(), side_rgba(s)));
            decision_header(
                ui,
                d,
                name,
                g.to_decide,
                st_.hint.as_deref(),
                refusal.as_deref(),
            );
        }
        if undo_button(ui, can_undo) {
            out.undo = true;
        }
        ui.separator();
        if g.to_decide {
            if g.kind_as::<K>() == Some(K::Combat) {
                combat_ui(ui, st_, view, &mut out);
            }
            buttons_ui(
                ui,
                rules,
                view,
                &g.legal,
                g.kind_as(),
                st_.pick_loads,
                &mut out,
            );
        }
        if !view.summary.is_empty() && view.result.is_some() {
            ui.separator();
            ui.label(RichText::new("The game is over").heading());
            ui.label(&view.summary);
        }
        ui.separator();
        // A fixed height, so that what is below does not jump as the
        // pointer crosses the board.
        ui.vertical(|ui| {
            ui.set_min_height(HEX_SECTION_H);
            hex_ui(ui, st_, rules, view);
        });
        ui.separator();
        ledger_ui(ui, view);
        let labels: Vec<String> = g
            .legal
            .iter()
            .map(|c| command_label(rules, view, c))
            .collect();
        let (clicked, hovered) = all_commands(ui, "grunt-all", &labels, g.to_decide);
        if let Some(i) = clicked {
            out.actions.push(GruntAction::Submit(g.legal[i].clone()));
        }
        if let Some(i) = hovered {
            out.hover_units = Some(command_units(&g.legal[i]));
        }
    });
    if let Some(m) = &st.menu {
        let lines: Vec<String> = m.items.iter().map(|x| x.label.clone()).collect();
        let title = format!("In {}", m.hex);
        let c = l.click_menu(&ctx, "grunt-menu", m.at, &title, &lines);
        if let Some(i) = c.hovered {
            out.hover_units = Some(m.items[i].units.clone());
        }
        if let Some(i) = c.chosen {
            out.actions.push(GruntAction::Choose(i));
        }
        if c.cancelled {
            out.actions.push(GruntAction::CloseMenu);
        }
    }
    // A clicked button keeps egui's keyboard focus, and while any widget
    // has it bevy_egui reports that egui wants the keyboard, so Enter, F,
    // Escape, E and U would be ignored after a click in the column. Only a
    // text field needs the keys.
    if !ctx.text_edit_focused() {
        ctx.memory_mut(|m| {
            if let Some(id) = m.focused() {
                m.surrender_focus(id);
            }
        });
    }
    let hu = out.hover_units.unwrap_or_default();
    if st.hover_units != hu {
        st.hover_units = hu;
        st.hover_generation += 1;
    }
    // O9.1, O9.3: the pointer on a strike's centre (lit on the map) shows
    // the eight hexes a click there would strike.
    if out.hover_area.is_none()
        && let Some(h) = st.hovered_hex
    {
        out.hover_area = g.legal.iter().find_map(|c| match c {
            Command::Strike { area } | Command::PlanStrike { area, .. }
                if area.first() == Some(&h) =>
            {
                Some(area.clone())
            }
            _ => None,
        });
    }
    let ha = out.hover_area.unwrap_or_default();
    if st.hover_area != ha {
        st.hover_area = ha;
        st.hover_generation += 1;
    }
    if out.undo && game.undo() {
        st.hint = None;
    }
    if let Some(p) = out.pick_loads {
        st.pick_loads = p;
        st.menu = None;
        st.touch();
    }
    for a in out.actions {
        actions.write(a);
    }
    Ok(())
}

/// The scenario, the turn, the phase, the points as this side may know them.
fn header_ui(ui: &mut egui::Ui, rules: &Grunt, view: &View) {
    let name = rules
        .scenario(&view.scenario)
        .map(|s| s.name.clone())
        .unwrap_or_else(|| view.scenario.clone());
    ui.label(RichText::new(format!("Grunt: {name}")).strong());
    let mode = match view.mode {
        Mode::Solitaire => "solitaire: the rules play the NLF (B6)",
        Mode::TwoPlayer => "two players",
    };
    ui.weak(format!("{:?} Game, {mode}", view.level));
    if view.turn > 0 {
        let phase = match view.phase {
            grunt_rules::state::Phase::SetUp => "set-up",
            grunt_rules::state::Phase::UsMovement => "US Movement Phase",
            grunt_rules::state::Phase::UsCombat => "US Combat Phase",
            grunt_rules::state::Phase::NlfMovement => "NLF Movement Phase",
            grunt_rules::state::Phase::NlfCombat => "NLF Combat Phase",
            grunt_rules::state::Phase::Over => "game over",
        };
        ui.label(format!(
            "Game Turn {} of {}: {phase}",
            view.turn, view.last_turn
        ));
    } else {
        ui.label("Setting up (B4)");
    }
    ui.horizontal(|ui| {
        ui.colored_label(side_text(Side::Us), format!("US {} points", view.points[0]));
        ui.colored_label(
            side_text(Side::Nlf),
            format!("NLF {} points", view.points[1]),
        );
    });
    if view.commander_lost {
        ui.colored_label(
            warn(),
            "The US company commander was destroyed: the US can no longer win; the NLF wins whatever the points (B10).",
        );
    }
    let secret = view.ledger.iter().any(|a| a.secret);
    ui.weak(if secret {
        "Points as you may know them: your secret awards are counted, the other side's are not (B10)."
    } else {
        "Points as both sides know them (B10)."
    });
    if view.us_kia + view.us_wia > 0 {
        ui.weak(format!(
            "US casualties: {} killed, {} wounded",
            view.us_kia, view.us_wia
        ));
    }
    if !view.options.is_empty() {
        let names: Vec<&str> = view.options.iter().map(|o| o.name()).collect();
        ui.weak(format!("Optional rules: {}", names.join(", ")));
    }
}

/// The Combat Phase: every target with its best odds, and the attack being
/// aimed with every term.
fn combat_ui(ui: &mut egui::Ui, st: &GruntScreen, view: &View, out: &mut Out) {
    if st.targets.is_empty() {
        ui.weak("No enemy unit in range and sight of a unit that may fire (B3).");
    } else {
        ui.label(RichText::new("Targets (click one on the map, or here)").strong());
        for t in &st.targets {
            let col = t.column.clone().unwrap_or_else(|| "no effect".into());
            let b = wide_button(
                ui,
                format!(
                    "{}: {}, best {col}",
                    t.hex,
                    vt_core::words::counted(t.firers.len() as u64, "unit", "units")
                ),
                true,
            );
            if b.hovered() {
                out.hover_units = Some(t.firers.iter().map(|f| f.0).collect());
            }
            if b.clicked() {
                out.actions.push(GruntAction::Aim(t.hex, t.firers.clone()));
            }
        }
    }
    let Some(a) = &st.aim else {
        return;
    };
    ui.add_space(4.0);
    note_frame(palette::ui::AIM_FILL).show(ui, |ui| {
        ui.label(RichText::new(format!("Fire at {}", a.hex)).strong());
        // The verdict and the buttons first, so they never scroll away
        // below the terms.
        if let Ok(p) = &a.preview {
            match p.column {
                Some(_) => ui.label(
                    RichText::new(format!(
                        "{} = read on {} (rounded for the defender, B3)",
                        p.ratio, p.column_label
                    ))
                    .color(good()),
                ),
                None => ui.colored_label(
                    warn(),
                    format!("{}: worse than the first column, no effect", p.ratio),
                ),
            };
            if view
                .counters
                .iter()
                .any(|c| c.hex == Some(a.hex) && c.role == grunt_rules::data::Role::Peasants)
            {
                ui.colored_label(
                    warn(),
                    "Civilians in the hex: what they take scores for the NLF (A6).",
                );
            }
            ui.horizontal(|ui| {
                if ui
                    .button(RichText::new("Fire (Enter)").strong())
                    .on_hover_text("Or press F, or click the target again")
                    .clicked()
                {
                    out.actions.push(GruntAction::Confirm);
                }
                if ui.button("Cancel (Esc)").clicked() {
                    out.actions.push(GruntAction::CancelAim);
                }
            });
        }
        ui.weak("Tick the units that fire together (B3: one attack a target a turn).");
        for id in &a.able {
            let mut on = a.firers.iter().any(|f| f.0 == *id);
            let mut label = model::name(view, *id);
            if view
                .counters
                .iter()
                .any(|c| c.id == *id && c.working.is_some())
            {
                label.push_str(" (on a cache: firing gives it up, B3.5)");
            }
            if ui.checkbox(&mut on, label).changed() {
                out.actions.push(GruntAction::AimToggle(*id));
            }
        }
        match &a.preview {
            Ok(p) => {
                egui::Grid::new("grunt-odds")
                    .num_columns(3)
                    .striped(true)
                    .show(ui, |ui| {
                        ui.strong("Attack");
                        ui.label("");
                        ui.label("");
                        ui.end_row();
                        for t in &p.attack {
                            ui.label(&t.label);
                            ui.monospace(strength(t.halves));
                            ui.weak(&t.rule);
                            ui.end_row();
                        }
                        ui.strong("total");
                        ui.monospace(RichText::new(strength(p.attack_total)).strong());
                        ui.label("");
                        ui.end_row();
                        ui.strong("Defence");
                        ui.label("");
                        ui.label("");
                        ui.end_row();
                        for t in &p.defence {
                            ui.label(&t.label);
                            ui.monospace(strength(t.halves));
                            ui.weak(&t.rule);
                            ui.end_row();
                        }
                        ui.strong("total");
                        ui.monospace(RichText::new(strength(p.defence_total)).strong());
                        ui.label("");
                        ui.end_row();
                    });
                if p.column.is_some() {
                    let table = if p.casualty_table {
                        "Casualty CRT (O4)"
                    } else {
                        "Points CRT (B3)"
                    };
                    ui.weak(format!(
                        "{table}, column {} (lit in the Tables window, T):",
                        p.column_label
                    ));
                    egui::Grid::new("grunt-crt-col")
                        .num_columns(6)
                        .show(ui, |ui| {
                            for d in 1..=p.results.len() {
                                ui.monospace(format!("{d}"));
                            }
                            ui.end_row();
                            for r in &p.results {
                                ui.monospace(r.label()).on_hover_text(r.words());
                            }
                            ui.end_row();
                        });
                }
            }
            Err(e) => {
                ui.colored_label(warn(), e);
                if ui.button("Cancel").clicked() {
                    out.actions.push(GruntAction::CancelAim);
                }
            }
        }
    });
}

/// The decision's commands that are not chosen on the map: set-up
/// choices, the end of a phase, calls and requests; an air strike's area
/// lights up under the pointer.
fn buttons_ui(
    ui: &mut egui::Ui,
    rules: &Grunt,
    view: &View,
    legal: &[Command],
    kind: Option<K>,
    pick_loads: bool,
    out: &mut Out,
) {
    // Strikes with an area are plotted on the map by their centre hex.
    let on_map = |c: &Command| model::anchor(view, c).is_some();
    let mut ends = Vec::new();
    for c in legal.iter().filter(|c| !on_map(c)) {
        if c.is_end() {
            ends.push(c);
            continue;
        }
        let b = wide_button(ui, command_label(rules, view, c), true);
        if b.hovered() {
            match c {
                Command::Strike { area } | Command::PlanStrike { area, .. } => {
                    out.hover_area = Some(area.clone());
                }
                _ => out.hover_units = Some(command_units(c)),
            }
        }
        if b.clicked() {
            out.actions.push(GruntAction::Submit(c.clone()));
        }
    }
    let probe = legal.iter().any(|c| matches!(c, Command::Probe { .. }));
    let challenge = legal.iter().any(|c| matches!(c, Command::Challenge { .. }));
    let small_loads = kind == Some(K::Landing)
        && legal.iter().any(|c| match c {
            Command::Land { units, .. } => units.iter().any(|u| {
                view.counters
                    .iter()
                    .any(|x| x.id == *u && rules.ty(x.role).load != grunt_rules::data::Load::Squad)
            }),
            _ => false,
        });
    if small_loads {
        let mut on = pick_loads;
        if ui
            .checkbox(&mut on, "Choose each load from a menu")
            .on_hover_text(
                "Off: a click on a lit hex lands the next squad. On: a click opens the list of loads, to land the company commander, an F.O. or medics (B5).",
            )
            .changed()
        {
            out.pick_loads = Some(on);
        }
    }
    let discovery = match (probe, challenge) {
        (true, true) => "Click a lit hex to probe or challenge it (B8, A6).",
        (false, true) => "Click a lit hex to challenge it (A6).",
        _ => "Click a lit hex to probe it (B8).",
    };
    let landing = if small_loads && !pick_loads {
        "Click a lit hex to land the next squad there (B5); tick the box above for the commander, an F.O. or medics."
    } else {
        "Click a lit hex to land the next load there (B5)."
    };
    let hint = match kind {
        Some(K::Movement) => Some("Click a lit unit to move it (green rings)."),
        Some(K::MoveUnit) => Some("Click a lit hex to go there; the label is the MP it costs."),
        Some(K::Landing) => Some(landing),
        Some(K::PlaceNlf) => Some("Click a lit hex to place the next counter face down (B4)."),
        Some(K::Discovery) => Some(discovery),
        Some(K::LandingFire) => Some("Click a lit landing hex to fire at the helicopter there."),
        Some(K::Suppress) => Some("Click a lit hex for the door guns."),
        Some(K::EndOfTurn) => Some("Click a lit unit to hide it again, or a hex for an ambush."),
        Some(K::AirStrike) | Some(K::PlanStrikes) => Some(
            "Point at a lit hex to see the eight hexes struck around it; click to strike there (O9.3).",
        ),
        Some(K::Combat) if legal.iter().any(|c| matches!(c, Command::Artillery { .. })) => Some(
            "Artillery: click a lit hex to call the Centre of Impact there (O7); targets are aimed as above.",
        ),
        _ => None,
    };
    if let Some(h) = hint {
        ui.weak(h);
    }
    for c in ends {
        let b = wide_button(
            ui,
            RichText::new(command_label(rules, view, c)).strong(),
            true,
        );
        if b.clicked() {
            out.actions.push(GruntAction::Submit(c.clone()));
        }
    }
}

/// The hex under the pointer: its terrain with the defence and movement
/// cost of the Terrain table, and what this side sees there.
fn hex_ui(ui: &mut egui::Ui, st: &GruntScreen, rules: &Grunt, view: &View) {
    let Some(h) = st.hovered_hex else {
        ui.weak("Point at a hex for its terrain.");
        return;
    };
    let Some(map) = rules.maps.iter().find(|m| m.id == view.map) else {
        return;
    };
    if !map.contains(h) {
        return;
    }
    let t = map.terrain(h);
    let row = rules.tables.terrain(t);
    ui.label(RichText::new(format!("{h}: {}", terrain_label(t))).strong());
    // B2: one MP a hex whatever the terrain in the Basic Game; the terrain
    // costs are the Standard Game's (A2).
    let (cost, cost_rule) = match view.level {
        grunt_rules::data::Level::Basic => (1, "B2"),
        grunt_rules::data::Level::Standard => (row.cost.value, "A2"),
    };
    ui.weak(format!(
        "Defence {} (B3); {cost} MP to enter ({cost_rule}){}",
        row.defence.value,
        if row.landing.value {
            "; helicopters may land"
        } else {
            ""
        }
    ));
    for c in view.counters.iter().filter(|c| c.hex == Some(h)) {
        ui.label(format!(
            "{}{}",
            model::name(view, c.id),
            if c.face_down { " (face down)" } else { "" }
        ));
    }
    for m in view.markers.iter().filter(|m| m.hex == h) {
        ui.label(format!(
            "Face-down counter, marker {}{}",
            m.marker,
            if m.people { ": people" } else { "" }
        ));
    }
}

/// The ledger as this side may read it.
fn ledger_ui(ui: &mut egui::Ui, view: &View) {
    egui::CollapsingHeader::new(format!("Points ledger ({})", view.ledger.len()))
        .id_salt("grunt-ledger")
        .default_open(false)
        .show(ui, |ui| {
            for side in [Side::Us, Side::Nlf] {
                side_ledger_ui(ui, view, side);
            }
        });
}

/// One side's points as the viewing side may know them: the total, the
/// subtotal of each rule section, then every award (turn, points, what
/// scored, section), newest first; secret and pending awards marked.
fn side_ledger_ui(ui: &mut egui::Ui, view: &View, side: Side) {
    let lines: Vec<_> = view.ledger.iter().filter(|a| a.side == side).collect();
    let total = view.points[side.idx() as usize];
    ui.colored_label(
        side_text(side),
        RichText::new(format!("{}: {total} points", side.name())).strong(),
    );
    if lines.is_empty() {
        ui.weak("Nothing scored yet.");
        return;
    }
    let mut by_rule: Vec<(String, i32)> = Vec::new();
    for a in lines.iter().filter(|a| a.pending.is_none()) {
        match by_rule.iter_mut().find(|(r, _)| *r == a.rule) {
            Some(x) => x.1 += a.points,
            None => by_rule.push((a.rule.clone(), a.points)),
        }
    }
    let sums: Vec<String> = by_rule.iter().map(|(r, p)| format!("{r} {p:+}")).collect();
    ui.weak(format!("By rule: {}", sums.join(", ")));
    // One wrapped line an award: a grid would not wrap and would push the
    // column over the board.
    for a in lines.iter().rev() {
        let mut what = a.why.clone();
        if a.secret {
            what.push_str(" (secret until the end)");
        }
        if let Some(h) = a.pending {
            what.push_str(&format!(" (scores when a US unit passes {h}, O11)"));
        }
        ui.horizontal_wrapped(|ui| {
            ui.monospace(format!("T{:<2} {:+4}", a.turn, a.points));
            ui.label(what);
            ui.weak(&a.rule);
        });
    }
    ui.add_space(4.0);
}
