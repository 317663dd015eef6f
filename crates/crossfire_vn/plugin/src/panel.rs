//! The column beside the table: who decides and why the last click did
//! nothing; the initiative, the moving clock, the points, the enemy still
//! hidden, the Dust Off; the selected stand, its fire group and each
//! firer's dice before the roll; what the stand may do; the points of a
//! move under way for reactive fire; every legal command in words.

use crate::board::{FireGroup, fire_command, state_of, support_for};
use crate::table::{clock, side_colour};
use crate::words::Words;
use bevy::prelude::*;
use bevy_egui::egui;
use crossfire_vn_rules::CrossfireVn;
use crossfire_vn_rules::command::Command;
use crossfire_vn_rules::event::DiceWhy;
use crossfire_vn_rules::state::Side;
use crossfire_vn_rules::step::Kind;
use vt_core::Ruleset;
use vt_core::sort::StableSort;
use vt_ui::layout::{Panels, all_commands, decision_header, wide_button};
use vt_ui::prelude::*;
use vt_ui::tabletop::{TablePreview, TableTools};

fn dice_why(w: DiceWhy) -> &'static str {
    match w {
        DiceWhy::Cover => "cover, base 6.4",
        DiceWhy::Bunker => "bunker: 6s only, base 6.4",
        DiceWhy::Ambush => "ambush, base",
        DiceWhy::AmbushRoute => "ambush on a route, 6.10",
        DiceWhy::AmbushDefile => "ambush in a defile, 6.10",
        DiceWhy::Rpg(_) => "RPG, 6.11",
        DiceWhy::Law(_) => "LAW, 6.11",
    }
}

/// The panel's heading and clock line: the initiative under way and when
/// the game ends, or at game over the initiative it ended in and the
/// hour (the heading read as if that side still had the initiative).
fn status_words(view: &crossfire_vn_rules::view::View, over: bool) -> (String, String) {
    let initiative = if view.initiative_no == 0 {
        "Set-up".to_string()
    } else if over {
        format!(
            "Ended in initiative {} ({})",
            view.initiative_no,
            view.initiative.name()
        )
    } else {
        format!(
            "Initiative {}: {}",
            view.initiative_no,
            view.initiative.name()
        )
    };
    let clock_words = if over {
        format!("Clock {}: the game is over", clock(view.clock))
    } else {
        format!(
            "Clock {} (the game ends at {})",
            clock(view.clock),
            clock(view.clock_end)
        )
    };
    (initiative, clock_words)
}

/// The scenario's briefing and its victory terms (what each side scores),
/// folded away: the points above are counted by these.
fn scenario_ui(ui: &mut egui::Ui, sc: &crossfire_vn_rules::data::Scenario) {
    egui::CollapsingHeader::new(format!("Scenario: {}", sc.name))
        .id_salt("crossfire-scenario")
        .default_open(false)
        .show(ui, |ui| {
            ui.label(&sc.description);
            for line in &sc.victory {
                ui.label(format!("★ {line}"));
            }
        });
}

fn heading(ui: &mut egui::Ui, t: impl Into<String>) {
    ui.label(
        egui::RichText::new(t.into())
            .strong()
            .color(palette::ui::HEADING.ui()),
    );
}

pub fn panel(
    mut panels: Panels<CrossfireVn>,
    mut tools: ResMut<TableTools>,
    mut group: ResMut<FireGroup>,
    preview: Res<TablePreview>,
    mut out: MessageWriter<SubmitCommand>,
    mut targets: ResMut<vt_ui::dev::ClickTargets>,
) -> Result {
    let Some(open) = panels.open()? else {
        return Ok(());
    };
    let vt_ui::layout::Open {
        ctx,
        layout,
        game,
        synced,
        view,
        rules,
        insets,
        ..
    } = open;
    let Some(s) = state_of(Some(&*game)) else {
        return Ok(());
    };
    let words = Words { rules, view };
    let kind = synced.kind_as::<Kind>();
    let mut send: Option<Command> = None;
    // Where each button was drawn (egui points), for the dev targets.
    let mut buttons: Vec<(String, egui::Pos2)> = vec![];
    layout.column(&ctx, "vt-crossfire", 270.0, insets, |ui| {
        ui.vertical(|ui| {
            if let Some(d) = &synced.decision {
                let who = d.side.map(|i| {
                    let side = Side::from_idx(i);
                    (side.name(), side_colour(side))
                });
                decision_header(
                    ui,
                    d,
                    who,
                    synced.to_decide,
                    None,
                    preview.refusal.as_deref(),
                );
            }
            ui.separator();
            let over = s.is_over();
            let (initiative, clock_words) = status_words(view, over);
            heading(ui, initiative);
            ui.label(clock_words);
            ui.label(format!(
                "Points: Free World {}, VC/NVA {}",
                view.points[0], view.points[1]
            ));
            if view.enemy_hidden > 0 {
                ui.label(format!("Enemy stands still hidden: {}", view.enemy_hidden));
            }
            scenario_ui(ui, rules.scenario_of(s));
            if view.held > 0 {
                ui.label(format!(
                    "Objective held {} ({} ends the game)",
                    vt_ui::labels::count(
                        view.held as usize,
                        "attacker initiative",
                        "attacker initiatives"
                    ),
                    rules.rules().victory.hold_initiatives.value
                ));
            }
            // At game over no Dust Off comes and none can be called.
            match (view.dust_off, view.dust_off_called) {
                _ if over => {}
                (Some(0), _) => {
                    ui.colored_label(palette::ui::GOOD.ui(), "Dust Off arriving now (6.5)");
                }
                (Some(d), _) => {
                    ui.colored_label(
                        palette::ui::WARN.ui(),
                        format!(
                            "Dust Off on its way: {} (6.5)",
                            vt_ui::labels::count(d as usize, "initiative", "initiatives")
                        ),
                    );
                }
                (None, true) => {
                    ui.label("The enemy has called a Dust Off (6.5)");
                }
                _ => {}
            }
            if view.side == Side::FreeWorld && view.dust_offs_left > 0 && !over {
                ui.label(format!("Dust Off calls left: {}", view.dust_offs_left));
            }
            // The evacuation chain (6.5): the Aid Post, and where the
            // side's own casualties are.
            for post in view.stands.iter().filter(|st| {
                st.side == view.side && st.role == crossfire_vn_rules::data::Role::AidPost
            }) {
                let present = s
                    .get(post.id)
                    .is_some_and(|p| rules.casualties_at_post(s, p));
                ui.label(format!(
                    "Aid Post {}: -2 on the Dust Off delay{} (6.5)",
                    post.label,
                    if present {
                        "; casualties present, it stays"
                    } else {
                        ""
                    }
                ));
            }
            {
                use crossfire_vn_rules::state::{MarkerKind, MarkerPlace};
                let own = |p: fn(&MarkerPlace) -> bool| {
                    s.markers
                        .iter()
                        .filter(|m| {
                            m.side == view.side && m.kind == MarkerKind::Casualty && p(&m.place)
                        })
                        .count()
                };
                let ground = own(|p| matches!(p, MarkerPlace::Ground(_)));
                let carried = own(|p| matches!(p, MarkerPlace::Carried(_)));
                let out = own(|p| matches!(p, MarkerPlace::Evacuated));
                if ground + carried + out > 0 {
                    ui.label(format!(
                        "Own casualties: {ground} on the ground, {carried} carried, {out} evacuated"
                    ));
                }
            }
            for (obs, he, smoke) in &view.missions {
                ui.label(format!(
                    "{}: {he} HE, {smoke} smoke missions left",
                    words.stand(*obs)
                ));
            }
            ui.separator();

            // A move under way: the points where reactive fire may come.
            if let Some(m) = &view.moving {
                heading(ui, format!("{} is moving", words.stand(m.mover)));
                for (i, p) in m.points.iter().enumerate().skip(m.next as usize) {
                    let chosen = group.point == Some(i as u16);
                    let text = format!(
                        "{} point {}: {:.1}\" along, {}",
                        if chosen { "▶" } else { " " },
                        i + 1,
                        p.along,
                        words.place(p.at)
                    );
                    let b = ui.add_enabled(
                        synced.to_decide,
                        egui::Button::new(text.clone()).selected(chosen),
                    );
                    buttons.push((format!("point {}", i + 1), b.rect.center()));
                    if b.clicked() {
                        group.point = if chosen { None } else { Some(i as u16) };
                    }
                }
                ui.separator();
            }

            // The selected stand, its group, and the dice before the roll.
            let firers = group.firers(tools.selected);
            if let Some(st) = tools
                .selected
                .and_then(|k| view.stands.iter().find(|s| s.id as u64 == k))
            {
                heading(ui, format!("{} ({})", st.label, st.name));
                for l in crate::table::info(rules, st) {
                    ui.label(l);
                }
                if st.side == view.side && firers.len() > 1 {
                    ui.label("Fire group (Shift+click adds or removes):");
                    for f in &firers {
                        ui.label(format!("  {}", words.stand(*f)));
                    }
                }
                if st.side == view.side && !support_for(rules, s, &firers).is_empty() {
                    let mut support = !group.no_support;
                    if ui
                        .checkbox(&mut support, "RPG/LAW teams add their die (6.11)")
                        .changed()
                    {
                        group.no_support = !support;
                    }
                }
                // A carrier: what a drag does with the markers (6.5).
                if st.side == view.side
                    && kind == Some(Kind::Initiative)
                    && let Some(full) = s.get(st.id)
                    && rules.unit_type(full).carry > 0
                    && !rules.unit_type(full).flies
                {
                    let near = rules
                        .markers_near(s, full, rules.rules().medevac.pickup_range.value)
                        .len();
                    if !full.carrying.is_empty() {
                        ui.label(format!(
                            "Carrying {}: a drag is its medevac action (6.5)",
                            vt_ui::labels::count(full.carrying.len(), "marker", "markers")
                        ));
                    }
                    if near > 0 {
                        let mut pick = !group.no_pick_up;
                        if ui
                            .checkbox(
                                &mut pick,
                                format!(
                                    "A drag picks up the {} beside it (6.5)",
                                    vt_ui::labels::count(near, "marker", "markers")
                                ),
                            )
                            .changed()
                        {
                            group.no_pick_up = !pick;
                        }
                    }
                    if near > 0 || !full.carrying.is_empty() {
                        let mut drop = !group.keep_carrying;
                        if ui
                            .checkbox(
                                &mut drop,
                                "…and sets them down where it ends (off the table at its own edge)",
                            )
                            .changed()
                        {
                            group.keep_carrying = !drop;
                        }
                    }
                }
                // The dice against the enemy under the pointer, before the
                // roll; each firer is judged alone (6.4).
                if st.side == view.side
                    && synced.to_decide
                    && let Some(t) = tools.hovered.and_then(|k| {
                        view.stands
                            .iter()
                            .find(|s| s.id as u64 == k && s.side != view.side)
                    })
                {
                    let cmd = fire_command(rules, s, kind, &firers, t.id, &group);
                    let support = match &cmd {
                        Some(Command::Fire { support, .. })
                        | Some(Command::ReactiveFire { support, .. }) => support.clone(),
                        _ => vec![],
                    };
                    heading(ui, format!("Fire at {}", t.label));
                    for f in rules.fire_preview(s, &firers, t.id, &support) {
                        let mut line = format!("{}: {} dice", words.stand(f.firer), f.base);
                        for m in &f.mods {
                            line += &format!(" {:+} ({})", m.dice, dice_why(m.why));
                        }
                        line += &format!(" = {} dice, each hits on {}+", f.dice, f.hit_on);
                        ui.label(line);
                    }
                    ui.label(
                        egui::RichText::new(
                            "1 hit pins, 2 suppress, 3 kill; each firer alone (6.4)",
                        )
                        .small(),
                    );
                    if let Some(c) = cmd
                        && let Err(e) = rules.check(s, &c)
                    {
                        ui.colored_label(
                            palette::ui::BAD.ui(),
                            format!("{} ({})", e.message, e.rule),
                        );
                    }
                }
                // What the stand may do now.
                let mine: Vec<(usize, String)> = synced
                    .legal
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| Words::actor(c).first() == Some(&st.id))
                    .map(|(i, c)| (i, words.command(c)))
                    .collect();
                if !mine.is_empty() {
                    heading(ui, "It may:");
                    for (i, l) in mine.iter().take(14) {
                        let b = wide_button(ui, l.as_str(), synced.to_decide);
                        buttons.push((l.clone(), b.rect.center()));
                        if b.clicked() {
                            send = Some(synced.legal[*i].clone());
                        }
                    }
                }
                ui.separator();
            } else if synced.to_decide {
                ui.label("Click one of your stands to select it (Tab: the next that may move).");
                ui.separator();
            }

            // The side's general choices (the Aid Post too: two medics
            // together, 6.5; found playing Dust Off under Fire, it was
            // only in the list of every legal command, 50 long).
            for c in synced.legal.iter().filter(|c| {
                matches!(
                    c,
                    Command::EndInitiative
                        | Command::SetupDone
                        | Command::NoReaction
                        | Command::RequestDustOff
                        | Command::FormAidPost { .. }
                        | Command::WaveOff
                )
            }) {
                let l = words.command(c);
                let b = wide_button(ui, l.as_str(), synced.to_decide);
                buttons.push((l, b.rect.center()));
                if b.clicked() {
                    send = Some(c.clone());
                }
            }
            if kind == Some(Kind::DustOff) {
                ui.label("Or click the table where it lands.");
                // The places that lift the most first (6.5: three at most).
                let mut landings: Vec<(&Command, usize)> = synced
                    .legal
                    .iter()
                    .filter_map(|c| match c {
                        Command::LandDustOff { at } => {
                            Some((c, rules.dust_off_load_at(s, *at).len()))
                        }
                        _ => None,
                    })
                    .collect();
                landings.stable_sort_by_key(|(_, n)| std::cmp::Reverse(*n));
                for (c, n) in landings.into_iter().take(6) {
                    let l = format!(
                        "{}: lifts {n} casualt{}",
                        words.command(c),
                        if n == 1 { "y" } else { "ies" }
                    );
                    let b = wide_button(ui, l.as_str(), synced.to_decide);
                    buttons.push((l, b.rect.center()));
                    if b.clicked() {
                        send = Some(c.clone());
                    }
                }
            }
            ui.separator();
            ui.label(
                egui::RichText::new(
                    "Tools: M tape, V line of sight. Drag to move; Shift+click for a fire group.",
                )
                .small(),
            );
            let labels: Vec<String> = synced.legal.iter().map(|c| words.command(c)).collect();
            let (clicked, _) = all_commands(ui, "vt-crossfire-all", &labels, synced.to_decide);
            if let Some(i) = clicked {
                send = Some(synced.legal[i].clone());
            }
        });
    });
    targets.buttons = buttons
        .into_iter()
        .map(|(l, p)| (l.into(), layout.to_window(p)))
        .collect();
    if let Some(c) = send {
        // A command that moves the selected stand away keeps it selected;
        // a new group starts after each command.
        group.extra.clear();
        group.point = None;
        if matches!(c, Command::NoReaction | Command::EndInitiative) {
            tools.selected = None;
        }
        out.write(SubmitCommand::typed(&c));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use vt_core::{GameRng, Setup};

    // Seen in session 40 (Trail Contact played to the end, loaded in the
    // launcher): under "Game over" the panel's heading still read
    // "Initiative 42: VC/NVA" with "the game ends at 11:00" below, as if
    // play went on.
    #[test]
    fn game_over_reads_as_ended() {
        let rules = CrossfireVn::embedded();
        let mut s = rules.new_game(&Setup::new("trail-contact", 4)).unwrap();
        let mut rng = GameRng::seeded(4);
        let mut events = Vec::new();
        while !s.is_over() {
            let legal = rules.legal(&s);
            let c = &legal[rng.below(legal.len() as u32) as usize];
            rules.execute(&mut s, c, &mut events);
        }
        let view = rules.view(&s, Side::FreeWorld.idx() as u8);
        let n = view.initiative_no;
        let (heading, clock_words) = status_words(&view, true);
        assert!(
            heading.starts_with(&format!("Ended in initiative {n} (")),
            "{heading}"
        );
        assert!(clock_words.ends_with("the game is over"), "{clock_words}");
        // In play: the initiative under way and the hour the game ends.
        let (heading, clock_words) = status_words(&view, false);
        assert!(
            heading.starts_with(&format!("Initiative {n}: ")),
            "{heading}"
        );
        assert!(clock_words.contains("(the game ends at "), "{clock_words}");
    }
}
