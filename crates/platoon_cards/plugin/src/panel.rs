//! The column beside the table: the platoon card deck and the card turned,
//! the platoons as cards (click one to activate it), the morale check with
//! its dice, the four actions, the selected stand's weapons and the shot
//! at the stand under the pointer before the roll, and every other legal
//! order in words.

use crate::words::{self, shot_lines};
use crate::{ChosenWeapon, Support, fire_ctx, known_state};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use platoon_cards_rules::PlatoonCards;
use platoon_cards_rules::command::{Action, Command};
use platoon_cards_rules::state::Side;
use platoon_cards_rules::step::Kind;
use platoon_cards_rules::view::View;
use vt_core::Decision;
use vt_ui::SubmitCommand;
use vt_ui::layout::{self, Panels};
use vt_ui::overlay::cards::{self, CardDrag, CardEvents, CardFace};
use vt_ui::overlay::dice;
use vt_ui::palette;
use vt_ui::tabletop::{TablePreview, TableTools};

const ACTIONS: [(Action, &str); 4] = [
    (
        Action::MoveAndFire,
        "Each element may move, then fire (HMGs, mortars and recoilless rifles may not do both).",
    ),
    (
        Action::MoveAndAssault,
        "Move, +2\" for men charging home; those in contact fight the close combat.",
    ),
    (
        Action::StandAndFire,
        "No movement but the pivot; every element may fire.",
    ),
    (
        Action::Overwatch,
        "Fire later this turn as targets appear; morale is checked when the first element fires, or at the end of the turn.",
    ),
];

/// The tool bar's line: what the game waits for and what a click does.
pub fn hint(view: &View, d: Option<&Decision>, to_decide: bool) -> String {
    let Some(d) = d else {
        return String::new();
    };
    if view.over {
        return "The game is over.".into();
    }
    let turn = format!("Turn {} of {}", view.turn, view.turns);
    if !to_decide {
        return format!("{turn}: {}", d.prompt);
    }
    let how = match view.kind {
        Some(Kind::Orders) => {
            " Drag a stand of the platoon to move it; select one and click an enemy to fire."
        }
        Some(Kind::Reaction) | Some(Kind::EndOverwatch) => {
            " Select a stand on overwatch and click the enemy to fire, or pass in the column."
        }
        Some(Kind::Activate) => " Click a platoon's card in the column.",
        _ => "",
    };
    format!("{turn}: {}{how}", d.prompt)
}

/// The column's width and the card row's height, in points.
const COLUMN_W: f32 = 300.0;
const CARDS_H: f32 = 150.0;

fn side_banner(side: Side) -> palette::Rgba {
    crate::table::army(side)
}

#[allow(clippy::too_many_arguments)]
pub fn panel(
    mut panels: Panels<PlatoonCards>,
    tools: Res<TableTools>,
    preview: Res<TablePreview>,
    mut chosen: ResMut<ChosenWeapon>,
    mut drag: Local<CardDrag<u16>>,
    suggested: Res<vt_ui::Suggested>,
    mut out: MessageWriter<SubmitCommand>,
) -> Result {
    let Some(open) = panels.open()? else {
        return Ok(());
    };
    let layout::Open {
        ctx,
        layout,
        game,
        synced,
        view,
        rules,
        insets,
        ..
    } = open;
    let legal = &synced.legal;
    let is_legal = |c: &Command| synced.to_decide && legal.contains(c);
    let recent: Vec<vt_core::Adjudication> =
        game.recent_adjudications(12).into_iter().cloned().collect();
    layout.column(&ctx, "vt-platoon-cards", COLUMN_W, insets, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            let heading = |ui: &mut egui::Ui, t: String| {
                ui.label(RichText::new(t).strong().color(palette::ui::HEADING.ui()));
            };
            heading(
                ui,
                format!(
                    "{} — turn {} of {}",
                    rules
                        .scenarios
                        .iter()
                        .find(|s| s.id == view.scenario)
                        .map_or(view.scenario.as_str(), |s| s.name.as_str()),
                    view.turn,
                    view.turns
                ),
            );
            if let Some(d) = &synced.decision {
                let who = d.side.map(|s| {
                    let side = Side::from_idx(s);
                    (side.name(), side_banner(side))
                });
                // The decision's own line, not the tool bar's (which
                // grows with the selection and would move the buttons).
                let line = hint(view, Some(d), synced.to_decide);
                layout::decision_header(
                    ui,
                    d,
                    who,
                    synced.to_decide,
                    Some(line.as_str()),
                    preview.refusal.as_deref(),
                );
            }
            ui.separator();
            // The morale check: the buttons, then the last check's dice.
            if view.kind == Some(Kind::Morale) {
                ui.separator();
                heading(ui, "Morale check (1D6 + modifiers)".into());
                for c in [
                    Command::RollMorale { company_commander: false },
                    Command::RollMorale { company_commander: true },
                    Command::SkipMorale,
                ] {
                    if is_legal(&c) && layout::wide_button(ui, words::words(view, Some(rules), &c), true).clicked() {
                        out.write(SubmitCommand::typed(&c));
                    }
                }
                ui.label(RichText::new("5+ OK (one level of suppression off), 3-4 Unsteady, 1-2 Shaken (no advance), below 1 Routed.").small());
            }
            // The four actions.
            if view.kind == Some(Kind::Action) {
                ui.separator();
                heading(ui, "Choose the platoon's action".into());
                for (a, why) in ACTIONS {
                    let c = Command::Choose { action: a };
                    if layout::wide_button(ui, a.name(), is_legal(&c)).on_hover_text(why).clicked() {
                        out.write(SubmitCommand::typed(&c));
                    }
                }
            }
            if let Some(a) = view.action {
                ui.label(format!("Action: {}", a.name()));
            }
            let labels: Vec<String> = legal.iter().map(|c| words::words(view, Some(rules), c)).collect();
            // The few answers a decision always has, as buttons, above the
            // selected stand so they stay put as the selection changes.
            for (i, c) in legal.iter().enumerate() {
                if matches!(
                    c,
                    Command::EndActivation
                        | Command::Pass
                        | Command::HoldFire
                        | Command::EndOverwatch
                        | Command::SetupDone
                        | Command::BombardDone
                        | Command::PlotDone
                        | Command::NoSupport
                        | Command::Advance
                        | Command::NoAdvance
                ) && layout::wide_button(ui, labels[i].clone(), synced.to_decide).clicked()
                {
                    out.write(SubmitCommand::typed(c));
                }
            }
            // The last morale check's dice, below the buttons so that
            // these stay put whether or not a check was rolled; the result
            // on its own line, wrapped to the column (a long result in a
            // row widened the column over the table).
            if let Some(a) = recent
                .iter()
                .find(|a| a.each_die_needs.is_none() && a.purpose.to_lowercase().contains("morale"))
            {
                ui.separator();
                ui.label(RichText::new(format!("Last morale check: {}", a.purpose)).small().strong());
                ui.horizontal(|ui| {
                    for d in &a.rolled {
                        dice::die_ui(ui, *d, 22.0);
                    }
                    let mods: i32 = a.modifiers.iter().map(|m| m.value).sum();
                    ui.label(format!("{:+} = {}", mods, a.total));
                });
                ui.label(RichText::new(&a.result).strong());
                for m in &a.modifiers {
                    ui.label(RichText::new(format!("{:+} {} ({})", m.value, m.label, m.rule)).small());
                }
            }
            // The selected stand: its weapons, and the shot at the stand
            // under the pointer as it would be rolled.
            ui.separator();
            let sel = tools.selected.and_then(|k| view.stands.iter().find(|s| s.id as u64 == k));
            match sel {
                Some(st) => {
                    heading(ui, st.name.clone());
                    ui.label(format!("{}; moved {:.1}\"", st.status.name(), st.moved));
                    let t = rules.types.iter().find(|t| t.id == st.unit);
                    if chosen.stand != Some(st.id as u64) {
                        *chosen = ChosenWeapon { stand: Some(st.id as u64), weapon: 0, support: None };
                    }
                    if let Some(t) = t {
                        for (i, w) in t.weapons.iter().enumerate() {
                            let on = chosen.weapon == i as u8 && chosen.support.is_none();
                            if ui.selectable_label(on, &w.name).clicked() {
                                chosen.weapon = i as u8;
                                chosen.support = None;
                            }
                        }
                        // An FO calls his side's batteries and strikes:
                        // chosen here, aimed on the table.
                        if t.observer.is_some() && st.side == view.side {
                            for b in view.batteries.iter().filter(|b| b.side == st.side) {
                                let left = b.models.saturating_sub(b.fired);
                                let mut calls = vec![(false, format!("{} HE ({left} of {} guns left)", b.name, b.models))];
                                if b.smoke != platoon_cards_rules::data::SmokeSize::None {
                                    calls.push((true, format!("{} smoke", b.name)));
                                }
                                for (smoke, label) in calls {
                                    let sup = Support::Battery { id: b.id, smoke };
                                    if ui.selectable_label(chosen.support == Some(sup), label).clicked() {
                                        chosen.support = Some(sup);
                                    }
                                }
                            }
                            for a in view.strikes.iter().filter(|a| a.side == st.side && !a.used) {
                                let sup = Support::Strike(a.id);
                                if ui.selectable_label(chosen.support == Some(sup), format!("{} (air strike)", a.name)).clicked() {
                                    chosen.support = Some(sup);
                                }
                            }
                        }
                    }
                    let target = tools
                        .hovered
                        .and_then(|k| view.stands.iter().find(|s| s.id as u64 == k))
                        .filter(|t| t.side != st.side);
                    // Planned on the game as this side knows it.
                    let state = target.and_then(|_| known_state(game, view.side));
                    if let (Some(tg), Some(state)) = (target, state.as_ref()) {
                        ui.label(RichText::new(format!("At {}:", tg.name)).strong());
                        let sup = if chosen.stand == Some(st.id as u64) { chosen.support } else { None };
                        if let (Some(sup), true) = (sup, st.side == view.side) {
                            for l in words::call_lines(view, rules, sup) {
                                ui.label(RichText::new(l).small());
                            }
                            // Whether the call may be made now, before the
                            // click (an FO that moved this activation may
                            // not call: Chart: AREA FIRE).
                            let aim = platoon_cards_rules::command::Aim::Stand(tg.id);
                            let call = match sup {
                                Support::Battery { id, smoke } => Command::CallFire { stand: st.id, battery: id, aim, smoke },
                                Support::Strike(id) => Command::CallAirStrike { stand: st.id, strike: id, aim },
                            };
                            if synced.to_decide && let Err(r) = rules.check_command(state, &call) {
                                ui.label(RichText::new(format!("cannot call: {} ({})", r.message, r.section)).small());
                            }
                        } else if st.side == view.side && synced.to_decide && tg.airborne && view.kind == Some(Kind::Reaction) {
                            // A helicopter passing: ground-to-air fire, not a
                            // shot (the shot's check refuses aircraft).
                            let target = platoon_cards_rules::command::AirTarget::Helicopter(tg.id);
                            match rules.air_defence_dice(state, st.id, target) {
                                Ok(n) => {
                                    for l in words::air_defence_lines(rules, n) {
                                        ui.label(RichText::new(l).small());
                                    }
                                }
                                Err(r) => {
                                    ui.label(RichText::new(format!("cannot fire: {} ({})", r.message, r.section)).small());
                                }
                            }
                        } else if let (Some(most), true) = (crate::rocket_pairs(rules, st, chosen.weapon), st.side == view.side && synced.to_decide) {
                            // Rockets: pairs aimed at the target, each rocket
                            // scattered (Chart: HELICOPTERS).
                            let c = Command::Rockets { stand: st.id, target: platoon_cards_rules::command::Aim::Stand(tg.id), pairs: most };
                            match rules.check_command(state, &c) {
                                Ok(()) => {
                                    let a = &rules.charts.air;
                                    ui.label(RichText::new(format!(
                                        "{most} rocket pair(s) (1 to {most} an activation): the first pair aimed at the target, each further pair {}\" on along the line of flight; every rocket diced for deviation, a 5\" template each, {}D6, each {}+ hits (PCM Chart: HELICOPTERS, AREA FIRE)",
                                        a.rocket_pair_shift.value,
                                        rules.charts.area_dice(a.rocket_band.value),
                                        rules.charts.area_fire.hit_on.value
                                    )).small());
                                }
                                Err(r) => {
                                    ui.label(RichText::new(format!("cannot fire: {} ({})", r.message, r.section)).small());
                                }
                            }
                        } else if st.side == view.side && synced.to_decide {
                            match rules.plan_shot(state, st.id, chosen.weapon, tg.id, fire_ctx(view.kind)) {
                                Ok(shot) => {
                                    let takes = rules.takes(state, state.stand(tg.id));
                                    let effects = words::effects_line(rules, takes);
                                    for l in shot_lines(&shot, &effects) {
                                        ui.label(RichText::new(l).small());
                                    }
                                }
                                Err(r) => {
                                    ui.label(RichText::new(format!("cannot fire: {} ({})", r.message, r.section)).small());
                                }
                            }
                        }
                    } else if st.side == view.side {
                        ui.label(RichText::new("Point at an enemy stand to see the dice before the roll; click it to fire.").small());
                    }
                }
                None => {
                    ui.label("Click a stand to select it.");
                }
            }
            ui.separator();
            let (clicked, _) = layout::all_commands(ui, "vt-platoon-all", &labels, synced.to_decide);
            if let Some(i) = clicked {
                out.write(SubmitCommand::typed(&legal[i]));
            }
        });
    });
    // The cards along the bottom, right of the column (resized or
    // collapsed): the decks, the card turned and the side's platoons, so
    // the column stays narrow and the table shows.
    let left = layout.column_width(&ctx, "vt-platoon-cards", COLUMN_W);
    layout.bottom_row(&ctx, "vt-platoon-card-row", left, CARDS_H, insets, |ui| {
        // The platoon card decks (cards left per side), the card turned,
        // and the side's platoons as cards: lit when the card turned may
        // activate it.
        let mine: Vec<(u16, CardFace)> = view
            .platoons
            .iter()
            // Platoons without a card (a divisional FOO) are never
            // activated by one.
            .filter(|p| p.side == view.side && p.card)
            .map(|p| {
                let act = Command::Activate { platoon: p.id };
                let mut f = CardFace::new(p.name.clone(), side_banner(p.side));
                f.lines = vec![
                    p.quality.clone(),
                    format!("activated {}x", p.activations),
                ];
                if p.overwatch {
                    f.lines.push("on overwatch".into());
                }
                if p.hidden {
                    f.lines.push("hidden".into());
                }
                f.footer = p.morale.map_or(String::new(), |m| m.name().replace("Platoon ", ""));
                f.lit = is_legal(&act);
                f.selected = view.active == Some(p.id);
                // The computer's suggestion would activate it.
                f.suggested = suggested.0.as_ref() == Some(&serde_json::to_value(&act).unwrap_or_default());
                f.tooltip = if f.lit {
                    "Click to activate this platoon with the card turned.".into()
                } else {
                    "At most two activations a turn; a second only once every platoon has had one.".into()
                };
                (p.id, f)
            })
            .collect();
        let mut events = CardEvents::default();
        ui.horizontal(|ui| {
            // One deck holds both sides' cards (Chart: TURN SEQUENCE):
            // one slot, with how many of each are left beneath it.
            let (us, vc) = (
                view.cards_left[Side::Us.idx() as usize] as usize,
                view.cards_left[Side::Vc.idx() as usize] as usize,
            );
            ui.vertical(|ui| {
                let hover = format!("{us} US and {vc} VC/NVA cards face down");
                cards::deck_ui(ui, "Deck", us + vc);
                ui.label(RichText::new(format!("US {us} · VC {vc}")).small())
                    .on_hover_text(hover);
            });
            match view.card {
                Some(side) => {
                    let mut f = CardFace::new(format!("{} card", side.name()), side_banner(side));
                    f.lines = vec!["activates one".into(), "platoon".into()];
                    f.footer = match view.active.and_then(|p| view.platoons.iter().find(|x| x.id == p)) {
                        Some(p) => p.name.clone(),
                        None => "turned".into(),
                    };
                    f.tooltip = "The card turned: its side activates any one platoon (Chart: TURN SEQUENCE).".into();
                    cards::card_group(ui, "Turned", vec![(u16::MAX, f)], "", &mut drag, &mut events);
                }
                None => {
                    cards::empty_slot(ui, "no card");
                }
            }
            ui.separator();
            cards::card_group(ui, "Your platoons", mine, "none", &mut drag, &mut events);
        });
        for p in events.clicked.drain(..) {
            let c = Command::Activate { platoon: p };
            if is_legal(&c) {
                out.write(SubmitCommand::typed(&c));
            }
        }
    });
    cards::drag_ghost(&ctx, &mut drag);
    Ok(())
}
