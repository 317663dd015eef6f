//! The egui side of the board: the decision with its buttons, the tracks,
//! the card counting, the cards (hand, Reserve, the zones' card boxes), the
//! draw panel and the record of finished games.

use crate::draws::{DrawGroup, DrawnCard};
use crate::layout::BoardLayout;
use crate::pick::{Thing, command_words_in};
use crate::records::{CsarRecords, Records};
use crate::screen::{CsarClick, CsarScreen};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{
    self, Align2, FontId, Pos2, RichText, Sense, Stroke, StrokeKind, pos2, vec2,
};
use csar_rules::data::CardClass;
use csar_rules::view::{CardView, View};
use csar_rules::{Command, Csar, Icon, Step, Zone};
use std::collections::BTreeSet;
use vt_ui::dev::ClickTargets;
use vt_ui::layout::{Open, Panels, all_commands, note_frame, panel_frame};
use vt_ui::overlay::cards::{self, CardDrag, CardEvents, CardFace, SteadyRow};
use vt_ui::palette::{self, Rgba, ui as tone};
use vt_ui::prelude::*;

/// Width of the decision column on the left of the board (egui points).
pub const COLUMN_W: f32 = 256.0;
/// Height of the card row under the board.
pub const CARDS_H: f32 = 140.0;
/// Seconds between two cards of the draw panel turning up (normal speed).
pub const REVEAL_SECONDS: f32 = 0.35;
/// Seconds the draw panel stays once every card is up (unless hovered).
pub const DRAWS_LINGER: f32 = 10.0;

/// Turns up the drawn cards one by one, at the animation speed.
pub fn tick_draws(mut st: ResMut<CsarScreen>, time: Res<Time>, speed: Res<AnimSpeed>) {
    if st.draws.is_empty() {
        return;
    }
    let total: usize = st.draws.iter().map(|g| g.cards.len()).sum();
    if st.shown_cards >= total {
        st.draws_idle += time.delta_secs();
        // Stepping through waits for the player.
        if st.draws_idle > DRAWS_LINGER && st.steps.is_empty() {
            st.draws.clear();
        }
        return;
    }
    let step = speed.seconds(REVEAL_SECONDS);
    if step <= 0.0 {
        st.shown_cards = total;
        return;
    }
    st.reveal_clock += time.delta_secs();
    while st.reveal_clock >= step && st.shown_cards < total {
        st.reveal_clock -= step;
        st.shown_cards += 1;
    }
}

/// What the panels asked for this frame.
#[derive(Default)]
struct Out {
    clicks: Vec<Vec<Thing>>,
    /// Where clickable things and buttons were drawn (egui points).
    things: Vec<(Thing, Pos2)>,
    buttons: Vec<(Command, Pos2)>,
    draws_hovered: bool,
    /// Where the Reserve is drawn (a hand card dropped there is reserved).
    reserve_rect: Option<egui::Rect>,
    submit: Option<Command>,
    cards: CardEvents<Thing>,
    cancel: bool,
    undo: bool,
    close_draws: bool,
    show_all_draws: bool,
    next_step: bool,
    close_steps: bool,
}

/// Panel toggles kept between frames.
#[derive(Default)]
pub struct PanelState {
    record_open: bool,
    drag: CardDrag<Thing>,
    /// The card strip's groups and each group's cards, held in their places
    /// while the pointer is over the strip.
    groups: SteadyRow<Group>,
    rows: Vec<(Group, SteadyRow<Thing>)>,
}

/// A group of cards in the card strip.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Group {
    /// The cards offered at set-up.
    Choose,
    /// A zone's card box: the cards assigned there this turn.
    Box(Zone),
    Hand,
    Reserve,
}

#[allow(clippy::too_many_arguments)]
pub fn play_ui(
    mut panels: Panels<Csar>,
    mut st: ResMut<CsarScreen>,
    rec: Res<CsarRecords>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut panel: Local<PanelState>,
    mut targets: ResMut<ClickTargets>,
    mut clicks: MessageWriter<CsarClick>,
    mut submit: MessageWriter<SubmitCommand>,
) -> Result {
    let Some(Open {
        ctx,
        layout: l,
        game,
        synced,
        view,
        rules,
        insets,
        rect,
    }) = panels.open()?
    else {
        return Ok(());
    };
    let mut out = Out::default();
    let person = synced.to_decide;
    let can_undo = person && game.session.can_undo();
    let refusal = game.refusal.clone();
    l.column(&ctx, "csar-column", COLUMN_W, insets, |ui| {
        column(
            ui, &st, synced, view, rules, can_undo, refusal, &mut panel, &mut out,
        )
    });
    // The card row starts where the column (resized, or collapsed) ends.
    let left = l.column_width(&ctx, "csar-column", COLUMN_W);
    l.bottom_row(&ctx, "csar-cards", left, CARDS_H, insets, |ui| {
        card_row(ui, &st, view, rules, &mut panel, &mut out)
    });
    mark_cards(&ctx, &st, &out.cards.shown);
    cards::drag_ghost(&ctx, &mut panel.drag);
    draw_panel(&ctx, l.board, &st, &mut out);
    if panel.record_open {
        let mut open = true;
        egui::Window::new("Record of finished games")
            .open(&mut open)
            .default_width(420.0)
            .show(&ctx, |ui| {
                records_ui(ui, &rec.records, rec.problem.as_deref())
            });
        panel.record_open = open;
    }
    out.things.extend(out.cards.shown.iter().copied());
    targets.things = (out.things.iter())
        .map(|(t, p)| (serde_json::to_value(t).unwrap_or_default(), l.to_window(*p)))
        .collect();
    targets.buttons = (out.buttons.iter())
        .map(|(c, p)| (serde_json::to_value(c).unwrap_or_default(), l.to_window(*p)))
        .collect();
    if out.draws_hovered {
        st.draws_idle = 0.0;
    }
    // Apply what the panels asked for.
    if out.cancel {
        st.picker.clear();
        st.hint = None;
        st.touch();
    }
    if out.close_draws {
        st.draws.clear();
    }
    if out.next_step {
        st.next_step();
    }
    if out.close_steps {
        st.close_steps();
    }
    if out.show_all_draws {
        st.shown_cards = usize::MAX / 2;
    }
    out.clicks
        .extend(out.cards.clicked.iter().map(|t| vec![*t]));
    for c in out.clicks {
        clicks.write(CsarClick(c));
    }
    let drop = out.cards.dropped.and_then(|(t, at)| match t {
        Thing::Card(c) => Some((c, at)),
        _ => None,
    });
    let reserve_drop = drop.filter(|(card, at)| {
        out.reserve_rect.is_some_and(|r| r.contains(*at))
            && synced.legal.contains(&Command::Reserve(*card))
    });
    if let Some((card, _)) = reserve_drop {
        out.submit = Some(Command::Reserve(card));
    } else if let Some((card, at)) = drop {
        // A card dropped on the board: the card, then what it was dropped on.
        let cursor = l.to_window(at);
        let on_free = free_board_rect(rect, insets).is_some_and(|r| r.contains(cursor));
        if on_free
            && let Some(layout) = &st.layout
            && let Ok((cam, t)) = camera.single()
            && let Ok(world) = cam.viewport_to_world_2d(t, cursor)
        {
            let under = layout.hit(world);
            if !under.is_empty() {
                if st.picker.selection.first() != Some(&Thing::Card(card)) {
                    st.picker.clear();
                    clicks.write(CsarClick(vec![Thing::Card(card)]));
                }
                clicks.write(CsarClick(under));
            }
        }
    }
    if let Some(c) = out.submit {
        st.picker.clear();
        st.hint = None;
        st.touch();
        submit.write(SubmitCommand::typed(&c));
    }
    if out.undo && game.undo() {
        let v = game.viewer;
        game.viewer = game.natural_viewer(v);
    }
    Ok(())
}

fn step_name(step: Step) -> &'static str {
    match step {
        Step::ChoosePilot | Step::PlacePilot { .. } => "Set-up: Pilot/PJ card (7.0)",
        Step::ChooseHand { .. } => "Set-up: starting hand (7.0)",
        Step::RevealChoice { .. } => "Set-up: reveal Enemy markers (7.4)",
        Step::Purchase => "Campaign purchases (8.0)",
        Step::DiscardBeforeDraw => "Draw Action Cards (4.2.1)",
        Step::Reserve => "Reserve Aircraft cards (4.2.2)",
        Step::Commands => "Command cards (4.2.3)",
        Step::Move => "Move Aircraft (4.3.1)",
        Step::Assign => "Assign Aircraft cards (4.3.2)",
        Step::FireWindow => "Enemy Gun Fire (4.3.3)",
        Step::FireOrder => "Enemy Gun Fire: zone order (4.3.3 B)",
        Step::Burn => "Enemy Gun Fire: burn cards (4.3.3 D)",
        Step::WildHit => "Enemy Gun Fire: Wild card (4.3.3 E)",
        Step::Play => "Play Aircraft cards (4.3.4)",
        Step::Rescue => "Rescue (4.3.5)",
        Step::SearchBurn => "Enemy Search (4.4.2)",
        Step::AbortBurn => "Abort Check (4.4.3)",
        Step::Over => "Game over",
        _ => "",
    }
}

/// A thing in words, for the selection line.
pub fn thing_words(rules: &Csar, view: &View, t: Thing) -> String {
    match t {
        Thing::Card(c) => rules.card_name(c),
        Thing::CardKind(k) => rules
            .data
            .action_kinds
            .get(k as usize)
            .map(|d| d.name.clone())
            .unwrap_or_default(),
        Thing::PilotCard(p) => rules
            .data
            .pilots
            .get(p as usize)
            .map(|d| d.name.clone())
            .unwrap_or_default(),
        Thing::Aircraft(a) => rules.aircraft_name(a),
        Thing::Gun(g) => rules.gun_name(g),
        Thing::Survivor(s) => format!("Survivor {}", s + 1),
        Thing::Zone(z) => format!("the {}", z.name()),
        Thing::Orbit => "the Orbit Box".into(),
        Thing::Barrage(z) => format!("a Barrage in the {}", z.name()),
        Thing::TargetOfOpportunity(z) => format!("the Target of Opportunity in the {}", z.name()),
        Thing::SearchMarker => format!("the Search marker ({})", view.search),
    }
}

fn next_words(rules: &Csar, view: &View, next: &BTreeSet<Thing>) -> String {
    let mut kinds: Vec<&str> = Vec::new();
    for t in next {
        let k = match t {
            Thing::Card(_) => "a card",
            Thing::CardKind(_) => "a card to take",
            Thing::PilotCard(_) => "a Pilot/PJ card",
            Thing::Aircraft(_) => "an aircraft",
            Thing::Gun(_) => "a gun",
            Thing::Survivor(_) => "a Survivor",
            Thing::Zone(_) => "a zone",
            Thing::Orbit => "the Orbit Box",
            Thing::Barrage(_) => "a Barrage",
            Thing::TargetOfOpportunity(_) => "the Target of Opportunity",
            Thing::SearchMarker => "the Search marker",
        };
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    if next.len() == 1 {
        return format!(
            "Click {} (lit).",
            thing_words(
                rules,
                view,
                next.iter().copied().next().unwrap_or(Thing::Orbit)
            )
        );
    }
    match kinds.len() {
        0 => String::new(),
        1 => format!("Click {} (lit in gold).", kinds[0]),
        _ => {
            let last = kinds.pop().unwrap_or_default();
            format!("Click {} or {} (lit in gold).", kinds.join(", "), last)
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn column(
    ui: &mut egui::Ui,
    st: &CsarScreen,
    synced: &Synced<Csar>,
    view: &View,
    rules: &Csar,
    can_undo: bool,
    refusal: Option<String>,
    panel: &mut PanelState,
    out: &mut Out,
) {
    decision_ui(ui, st, synced, view, rules, can_undo, refusal, out);
    ui.separator();
    tracks_ui(ui, view, st, out);
    ui.separator();
    counting_ui(ui, view);
    decks_ui(ui, view);
    ui.separator();
    ui.horizontal(|ui| {
        if ui
            .button("Record of games")
            .on_hover_text("Finished games and win rates per scenario")
            .clicked()
        {
            panel.record_open = !panel.record_open;
        }
    });
    let labels: Vec<String> = (synced.legal.iter())
        .map(|c| command_words_in(rules, c, view))
        .collect();
    let (clicked, _) = all_commands(ui, "csar-all-commands", &labels, synced.to_decide);
    if let Some(i) = clicked {
        out.submit = Some(synced.legal[i]);
    }
}

#[allow(clippy::too_many_arguments)]
fn decision_ui(
    ui: &mut egui::Ui,
    st: &CsarScreen,
    synced: &Synced<Csar>,
    view: &View,
    rules: &Csar,
    can_undo: bool,
    refusal: Option<String>,
    out: &mut Out,
) {
    ui.label(
        RichText::new(format!(
            "{} — turn {} of {}",
            view.scenario_name, view.turn, view.last_turn
        ))
        .strong(),
    );
    if let (Some(m), Some(mp)) = (view.mission, view.morale) {
        ui.label(format!("Campaign mission {m}, {mp} Morale Points"));
    }
    let name = step_name(view.step);
    if !name.is_empty() {
        ui.label(RichText::new(name).color(tone::HEADING.ui()));
    }
    if let Some(d) = &synced.decision {
        ui.label(&d.prompt);
    }
    if let Some((z, hits)) = view.fire {
        ui.label(
            RichText::new(format!(
                "{} to take in the {}",
                vt_ui::labels::count(hits as usize, "Hit", "Hits"),
                z.name()
            ))
            .color(tone::BAD.ui())
            .strong(),
        );
    }
    if !synced.to_decide {
        // Over, nothing is awaited: the prompt says so already.
        if !synced.finished {
            ui.weak("Waiting for the game.");
        }
        return;
    }
    // The segment's buttons (Done …) and Undo come first, right under the
    // prompt, so that they stay where they are while the lines below come
    // and go ("You may: …", a selection, a hint): below them, Done moved
    // down a line as each card was assigned and a click meant for it
    // landed on a hint (issue 14, seen at both window sizes).
    for c in st.routes.buttons() {
        let b = egui::Button::new(RichText::new(command_words_in(rules, &c, view)).strong())
            .wrap()
            .fill(if c == Command::Done {
                tone::DONE_BUTTON.ui()
            } else {
                tone::BUTTON.ui()
            })
            .stroke(suggested_stroke(st, &c));
        let r = ui.add_sized([ui.available_width(), 28.0], b);
        out.buttons.push((c, r.rect.center()));
        if r.clicked() {
            out.submit = Some(c);
        }
    }
    if vt_ui::layout::undo_button(ui, can_undo) {
        out.undo = true;
    }
    let sel = &st.picker.selection;
    let next = st.routes.next(sel);
    if !sel.is_empty() {
        note_frame(tone::SELECTION_FILL).show(ui, |ui| {
            let words: Vec<String> = sel.iter().map(|t| thing_words(rules, view, *t)).collect();
            ui.label(RichText::new(format!("Selected: {}", words.join(", then "))).strong());
            // First how to play it (the clicks still wanted, or its
            // button), then, after an "or", the discard, smaller.
            let offer = st.routes.offer(sel);
            if !next.is_empty() {
                let click = next_words(rules, view, &next);
                let text = match offer.onward {
                    Some(to) => format!("To {to}: {}", lower_first(&click)),
                    None => click,
                };
                ui.label(RichText::new(text).strong().color(tone::HEADING.ui()));
            }
            for c in &offer.now {
                let words = RichText::new(command_words_in(rules, c, view)).strong();
                let b = egui::Button::new(words).wrap().fill(tone::BUTTON.ui());
                let b = ui.add(b.stroke(suggested_stroke(st, c)));
                out.buttons.push((*c, b.rect.center()));
                if b.clicked() {
                    out.submit = Some(*c);
                }
            }
            if !offer.discards.is_empty() && (offer.more || !offer.now.is_empty()) {
                ui.weak("or");
            }
            for c in &offer.discards {
                let words = RichText::new(command_words_in(rules, c, view)).small();
                let b = ui.add(
                    egui::Button::new(words)
                        .wrap()
                        .stroke(suggested_stroke(st, c)),
                );
                out.buttons.push((*c, b.rect.center()));
                if b.clicked() {
                    out.submit = Some(*c);
                }
            }
            if ui.button("Cancel the selection").clicked() {
                out.cancel = true;
            }
        });
    } else if !next.is_empty() {
        // A few choices: say what each click does; many: what to click.
        let routed: Vec<&Command> = st
            .routes
            .commands
            .iter()
            .filter(|(_, r)| r.iter().all(|x| !x.is_empty()))
            .map(|(c, _)| c)
            .collect();
        if routed.len() <= 3 {
            for c in routed {
                ui.weak(format!("You may: {}.", command_words_in(rules, c, view)));
            }
            ui.weak("Click what is lit in gold.");
        } else {
            ui.weak(format!(
                "You may {}",
                lower_first(&next_words(rules, view, &next))
            ));
        }
    }
    if let Some(h) = &st.hint {
        ui.colored_label(tone::WARN.ui(), h);
    }
    if let Some(r) = refusal {
        ui.colored_label(tone::BAD.ui(), format!("Refused: {r}"));
    }
}

/// The computer's suggested command is edged in its colour.
fn suggested_stroke(st: &CsarScreen, c: &Command) -> Stroke {
    if st.suggested.as_ref() == Some(c) {
        Stroke::new(3.0, palette::board::SUGGESTED.ui())
    } else {
        Stroke::NONE
    }
}

/// Edges the suggested card and the card Tab points at in the strip
/// (where they were drawn).
fn mark_cards(ctx: &egui::Context, st: &CsarScreen, shown: &[(Thing, Pos2)]) {
    let things = st.suggested_things();
    let p = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("csar-marked-cards"),
    ));
    for (t, at) in shown {
        let edge = |grow: f32, color: Rgba| {
            let r = egui::Rect::from_center_size(*at, cards::CARD + vec2(grow, grow));
            p.rect_stroke(r, 6.0, Stroke::new(3.0, color.ui()), StrokeKind::Outside);
        };
        if things.contains(t) {
            edge(8.0, palette::board::SUGGESTED);
        }
        if st.focus == Some(*t) {
            edge(16.0, palette::board::FOCUS);
        }
    }
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

fn track_row(
    ui: &mut egui::Ui,
    label: &str,
    cells: &[String],
    current: usize,
    lit: bool,
    tip: &str,
) -> egui::Response {
    let danger = |c: &str| c.starts_with('A');
    vt_ui::overlay::track::track_row(ui, label, cells, current, lit, danger, tip)
}

fn tracks_ui(ui: &mut egui::Ui, view: &View, st: &CsarScreen, out: &mut Out) {
    ui.label(RichText::new("Information Track (2.1.1)").strong());
    let turns: Vec<String> = (1..=view.last_turn).map(|t| t.to_string()).collect();
    track_row(
        ui,
        "Turn",
        &turns,
        view.turn.saturating_sub(1) as usize,
        false,
        "The Turn marker",
    );
    let search: Vec<String> = (0..=view.search_cap).map(|t| t.to_string()).collect();
    let lit = st
        .routes
        .next(&st.picker.selection)
        .contains(&Thing::SearchMarker);
    let r = track_row(
        ui,
        "Search",
        &search,
        view.search as usize,
        lit,
        "Enemy Search draws at the end of the turn (4.4.2)",
    );
    if lit {
        out.things.push((Thing::SearchMarker, r.rect.center()));
        if r.clicked() {
            out.clicks.push(vec![Thing::SearchMarker]);
        }
    }
    let mut abort: Vec<String> = (0..view.auto_abort).map(|t| t.to_string()).collect();
    abort.push("AUTO".into());
    track_row(
        ui,
        "Abort",
        &abort,
        view.abort as usize,
        false,
        "Abort Check draws (4.4.3); AUTO: the mission is aborted at once (2.1.1)",
    );
}

fn icon_color(i: Icon) -> egui::Color32 {
    use palette::cards::*;
    match i {
        Icon::Crosshairs => CROSSHAIRS,
        Icon::Roundel => ROUNDEL,
        Icon::Rifle => RIFLE,
        Icon::Blast => BLAST,
        Icon::Reshuffle => RESHUFFLE,
        Icon::Wild => WILD,
    }
    .ui()
}

/// A Resolution card's icon, painted.
pub fn paint_icon(p: &egui::Painter, c: Pos2, r: f32, i: Icon) {
    let col = icon_color(i);
    let s = Stroke::new((r * 0.18).max(1.2), col);
    match i {
        Icon::Crosshairs => {
            p.circle_stroke(c, r * 0.7, s);
            p.line_segment([c - vec2(r, 0.0), c + vec2(r, 0.0)], s);
            p.line_segment([c - vec2(0.0, r), c + vec2(0.0, r)], s);
        }
        Icon::Roundel => {
            p.circle_filled(c, r * 0.95, col);
            p.circle_filled(c, r * 0.55, palette::WHITE.ui());
            p.circle_filled(c, r * 0.25, palette::cards::ROUNDEL_CENTRE.ui());
        }
        Icon::Rifle => {
            let a = c + vec2(-r, r * 0.35);
            let b = c + vec2(r, -r * 0.35);
            p.line_segment([a, b], Stroke::new(r * 0.28, col));
            p.line_segment(
                [c + vec2(-r * 0.5, r * 0.2), c + vec2(-r * 0.6, r * 0.75)],
                Stroke::new(r * 0.28, col),
            );
        }
        Icon::Blast => {
            let pts: Vec<Pos2> = (0..16)
                .map(|k| {
                    let a = k as f32 / 16.0 * std::f32::consts::TAU;
                    let rr = if k % 2 == 0 { r } else { r * 0.45 };
                    c + vec2(a.cos() * rr, a.sin() * rr)
                })
                .collect();
            p.add(egui::Shape::convex_polygon(
                vec![
                    c + vec2(0.0, -r * 0.45),
                    c + vec2(r * 0.45, 0.0),
                    c + vec2(0.0, r * 0.45),
                    c + vec2(-r * 0.45, 0.0),
                ],
                col,
                Stroke::NONE,
            ));
            p.add(egui::Shape::closed_line(pts, s));
        }
        Icon::Reshuffle => {
            p.text(
                c,
                Align2::CENTER_CENTER,
                "⟳",
                FontId::proportional(r * 2.0),
                col,
            );
        }
        Icon::Wild => {
            p.text(
                c,
                Align2::CENTER_CENTER,
                "★",
                FontId::proportional(r * 2.0),
                col,
            );
        }
    }
}

/// ", N words" when there are any.
fn if_any(n: u8, words: &str) -> String {
    if n > 0 {
        format!(", {n} {words}")
    } else {
        String::new()
    }
}

fn counting_ui(ui: &mut egui::Ui, view: &View) {
    let res = &view.resolution;
    ui.label(RichText::new("Card counting (2.2.1)").strong());
    ui.label(format!(
        "Resolution deck: {} to draw, {} discarded{}{}",
        res.draw_pile,
        res.discards,
        if_any(res.aside, "Hits set aside"),
        if_any(res.removed, "out of the game"),
    ));
    let max = res
        .remaining
        .iter()
        .map(|(_, n)| *n)
        .max()
        .unwrap_or(1)
        .max(1) as f32;
    egui::Grid::new("csar-pile")
        .spacing([4.0, 2.0])
        .show(ui, |ui| {
            for ((icon, n), (_, d)) in res.remaining.iter().zip(&res.discarded) {
                let (rect, _) = ui.allocate_exact_size(vec2(16.0, 16.0), Sense::hover());
                paint_icon(ui.painter(), rect.center(), 7.0, *icon);
                ui.label(RichText::new(icon.name()).small());
                let (bar, resp) = ui.allocate_exact_size(vec2(70.0, 12.0), Sense::hover());
                ui.painter().rect_filled(bar, 2.0, tone::BAR_EMPTY.ui());
                let mut fill = bar;
                fill.set_width(bar.width() * *n as f32 / max);
                ui.painter().rect_filled(fill, 2.0, icon_color(*icon));
                resp.on_hover_text(format!(
                    "{} left to draw, {d} in the discards",
                    vt_ui::labels::count(
                        *n as usize,
                        &format!("{} card", icon.name()),
                        &format!("{} cards", icon.name())
                    )
                ));
                ui.label(RichText::new(format!("{n}")).monospace());
                ui.label(RichText::new(format!("({d} out)")).small().weak());
                ui.end_row();
            }
        });
    if !view.odds.is_empty() {
        ui.add_space(4.0);
        ui.label(RichText::new("The draw you are about to make").strong());
        for o in &view.odds {
            let pct = o.chance * 100.0;
            let bad = o.what.contains("capture") || o.what.contains("abort");
            let color = if bad { tone::BAD.ui() } else { tone::GOOD.ui() };
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!("{pct:.1}%"))
                        .monospace()
                        .strong()
                        .color(color),
                );
                ui.label(
                    RichText::new(format!(
                        "{} ({} draw{}, {})",
                        o.what,
                        o.draws,
                        if o.draws == 1 { "" } else { "s" },
                        o.rule
                    ))
                    .small(),
                );
            });
            if let Some(note) = &o.leaves_out {
                ui.label(RichText::new(note).small().weak());
            }
        }
    }
    if !view.fire_odds.is_empty() {
        ui.add_space(4.0);
        ui.label(RichText::new("If the guns fired now (4.3.3)").strong());
        for f in &view.fire_odds {
            let expected: f64 = f.hits.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
            ui.label(
                RichText::new(format!(
                    "{}: ZFV {}, {:.2} Hits expected{}",
                    f.zone.name(),
                    f.zfv,
                    expected,
                    if f.certain {
                        ""
                    } else {
                        " (some guns may pick another zone)"
                    }
                ))
                .small(),
            );
            hit_bars(ui, &f.hits);
        }
    }
}

fn hit_bars(ui: &mut egui::Ui, hits: &[f64]) {
    let shown = hits
        .iter()
        .rposition(|p| *p >= 0.005)
        .map(|i| i + 1)
        .unwrap_or(1)
        .min(hits.len());
    ui.horizontal(|ui| {
        for (k, p) in hits.iter().take(shown).enumerate() {
            let (rect, r) = ui.allocate_exact_size(vec2(28.0, 34.0), Sense::hover());
            let bar_h = 22.0 * *p as f32;
            let bar = egui::Rect::from_min_max(
                pos2(rect.min.x + 3.0, rect.min.y + 22.0 - bar_h),
                pos2(rect.max.x - 3.0, rect.min.y + 22.0),
            );
            ui.painter().rect_filled(
                bar,
                1.0,
                if k == 0 {
                    tone::MODIFIER_HELPS.ui()
                } else {
                    tone::LOST.ui()
                },
            );
            ui.painter().text(
                pos2(rect.center().x, rect.max.y - 5.0),
                Align2::CENTER_CENTER,
                k.to_string(),
                FontId::proportional(10.0),
                palette::LIGHT_GRAY.ui(),
            );
            r.on_hover_text(format!(
                "{}: {:.1}%",
                vt_ui::labels::count(k, "Hit", "Hits"),
                p * 100.0
            ));
        }
    });
}

/// An Action card as the card row shows it: red Aircraft cards, blue
/// Command cards (2.2.2).
fn card_face(rules: &Csar, c: &CardView, lit: bool, selected: bool, view: &View) -> CardFace {
    let kind = rules
        .data
        .action_cards
        .get(c.card as usize)
        .and_then(|&k| rules.data.action_kinds.get(k as usize));
    let mut lines = Vec::new();
    let mut tooltip = c.text.clone();
    if let Some(k) = kind {
        if k.class == CardClass::Aircraft {
            let s: Vec<&str> = k
                .aircraft
                .iter()
                .map(|a| match a {
                    csar_rules::AircraftKind::Sandy => "Sandy",
                    csar_rules::AircraftKind::Fac => "FAC",
                    csar_rules::AircraftKind::Helicopter => "Helo",
                    csar_rules::AircraftKind::FastMover => "FM",
                })
                .collect();
            lines.push(s.join(" · "));
        } else {
            lines.push("Command".into());
        }
        if k.remove_when_played {
            lines.push("removed when played".into());
            // Most such cards say so in their text: once is enough.
            if !tooltip.contains("Removed from the game") {
                tooltip.push_str("\nRemoved from the game when played (2.2.2).");
            }
        }
    }
    let footer = match c.aircraft {
        Some(a) => view
            .aircraft
            .iter()
            .find(|x| x.index == a)
            .map(|x| format!("on {}", x.name))
            .unwrap_or_default(),
        None => String::new(),
    };
    CardFace {
        title: c.name.clone(),
        banner: if c.command {
            palette::cards::BANNER_COMMAND
        } else {
            palette::cards::BANNER_ACTION
        },
        lines,
        footer,
        tooltip,
        lit,
        selected,
        draggable: true,
        suggested: false,
    }
}

/// A card offered at set-up (a kind for the hand, a Pilot/PJ card).
fn choice_face(title: &str, banner: Rgba, line: &str, footer: &str, tip: &str) -> CardFace {
    CardFace {
        lines: vec![line.into()],
        footer: footer.into(),
        tooltip: tip.into(),
        lit: true,
        ..CardFace::new(title, banner)
    }
}

fn card_row(
    ui: &mut egui::Ui,
    st: &CsarScreen,
    view: &View,
    rules: &Csar,
    panel: &mut PanelState,
    out: &mut Out,
) {
    let sel: BTreeSet<Thing> = st.picker.selection.iter().copied().collect();
    let next = st.next();
    let face = |c: &CardView| {
        let t = Thing::Card(c.card);
        let f = card_face(rules, c, next.contains(&t), sel.contains(&t), view);
        (t, f)
    };
    // Set-up choices come first: the cards to pick from.
    let kinds: Vec<(Thing, CardFace)> = next
        .iter()
        .filter_map(|t| match *t {
            Thing::CardKind(k) => rules.data.action_kinds.get(k as usize).map(|d| {
                let banner = palette::cards::BANNER_ACTION;
                (
                    *t,
                    choice_face(&d.name, banner, "pick for the hand", "", &d.text),
                )
            }),
            Thing::PilotCard(p) => rules.data.pilots.get(p as usize).map(|d| {
                let banner = palette::cards::BANNER_LEADER;
                (
                    *t,
                    choice_face(&d.name, banner, d.kind.name(), "Pilot/PJ", &d.text),
                )
            }),
            _ => None,
        })
        .collect();
    // The cards the decision is about come first.
    let boxes_first = matches!(
        view.step,
        Step::Play | Step::FireWindow | Step::Rescue | Step::WildHit
    );
    let in_box = |z: Zone| -> Vec<(Thing, CardFace)> {
        (view.assigned.iter())
            .filter(|c| st.zone_of_card(view, c.card) == Some(z))
            .map(face)
            .collect()
    };
    let mut groups: Vec<(Group, Vec<(Thing, CardFace)>)> = Vec::new();
    if !kinds.is_empty() {
        groups.push((Group::Choose, kinds));
    }
    let boxes: Vec<(Group, Vec<(Thing, CardFace)>)> = (Zone::ALL.iter())
        .map(|z| (Group::Box(*z), in_box(*z)))
        .filter(|(_, faces)| !faces.is_empty())
        .collect();
    if boxes_first {
        groups.extend(boxes.iter().cloned());
    }
    groups.push((Group::Hand, view.hand.iter().map(face).collect()));
    groups.push((Group::Reserve, view.reserve.iter().map(face).collect()));
    if !boxes_first {
        groups.extend(boxes);
    }
    // While the pointer is over the strip, nothing in it moves: a card
    // that leaves leaves a gap (the next card slid under the pointer and
    // took the next click), a group emptied keeps its place.
    let hovered = cards::row_hovered(ui);
    let ids: Vec<Group> = groups.iter().map(|(g, _)| *g).collect();
    panel.groups.slots(&ids, hovered);
    let order = panel.groups.held().to_vec();
    // Groups no longer shown forget their places.
    panel.rows.retain(|(g, _)| order.contains(g));
    ui.horizontal(|ui| {
        for (i, id) in order.iter().copied().enumerate() {
            let mut faces: Vec<(Thing, CardFace)> = (groups.iter_mut())
                .find(|(g, _)| *g == id)
                .map(|(_, f)| std::mem::take(f))
                .unwrap_or_default();
            let keys: Vec<Thing> = faces.iter().map(|(t, _)| *t).collect();
            let k = match panel.rows.iter().position(|(g, _)| *g == id) {
                Some(k) => k,
                None => {
                    panel.rows.push((id, SteadyRow::default()));
                    panel.rows.len() - 1
                }
            };
            let slots: Vec<Option<(Thing, CardFace)>> = (panel.rows[k].1.slots(&keys, hovered))
                .into_iter()
                .map(|key| {
                    let at = faces.iter().position(|(t, _)| Some(*t) == key)?;
                    Some(faces.swap_remove(at))
                })
                .collect();
            let (title, empty) = match id {
                Group::Choose => ("Choose".to_string(), ""),
                Group::Box(z) => (format!("{} card box", z.name()), ""),
                Group::Hand => (
                    format!("Hand ({}, fills to {})", view.hand.len(), view.hand_limit),
                    "empty",
                ),
                Group::Reserve => (
                    format!("Reserve ({}/{})", view.reserve.len(), view.reserve_limit),
                    "drop a card here",
                ),
            };
            let r = cards::card_slots(ui, title, slots, empty, &mut panel.drag, &mut out.cards);
            if id == Group::Reserve {
                out.reserve_rect = Some(r);
            }
            if i + 1 < order.len() {
                ui.separator();
            }
        }
    });
}

fn decks_ui(ui: &mut egui::Ui, view: &View) {
    ui.label(
        RichText::new(format!(
            "Action deck: {} to draw, {} discarded{}. Event deck: {} left.",
            view.action_draw_pile,
            view.action_discards,
            if_any(view.action_removed, "removed"),
            view.event_draw_pile
        ))
        .small(),
    );
    ui.label(
        RichText::new(format!(
            "Cups: {} Enemy Guns/Barrages, {} Hidden, {} Enemy markers.",
            view.guns_in_cup, view.hidden_in_cup, view.enemy_in_cup
        ))
        .small(),
    );
}

/// A Resolution card face, small.
fn res_card(ui: &mut egui::Ui, c: &DrawnCard) {
    let (rect, r) = ui.allocate_exact_size(vec2(40.0, 56.0), Sense::hover());
    let p = ui.painter();
    p.rect(
        rect,
        4.0,
        palette::cards::DIE.ui(),
        Stroke::new(1.5, icon_color(c.icon)),
        StrokeKind::Inside,
    );
    paint_icon(p, rect.center() - vec2(0.0, 5.0), 11.0, c.icon);
    p.text(
        pos2(rect.min.x + 4.0, rect.min.y + 3.0),
        Align2::LEFT_TOP,
        c.number.to_string(),
        FontId::proportional(9.0),
        palette::BLACK.ui(),
    );
    if let Some(a) = c.aircraft {
        p.text(
            pos2(rect.center().x, rect.max.y - 8.0),
            Align2::CENTER_CENTER,
            format!("✈{a}"),
            FontId::proportional(10.0),
            palette::cards::AIRCRAFT_ID.ui(),
        );
    }
    r.on_hover_text(format!(
        "Card {}: {}{}",
        c.number,
        c.icon.name(),
        c.aircraft
            .map(|a| format!(", aircraft {a}"))
            .unwrap_or_default()
    ));
}

fn draw_panel(ctx: &egui::Context, board: egui::Rect, st: &CsarScreen, out: &mut Out) {
    if st.draws.is_empty() && st.steps.is_empty() {
        return;
    }
    // Over the log when it is open (the panel shows its newest lines as
    // cards), else in the board's upper right corner.
    let screen = ctx.viewport_rect();
    let beside = screen.max.x - board.max.x;
    // Below the log's "Log" heading (its heading line and the panel's
    // margin): drawn at the log's top, it hid the heading (issue 14).
    let heading = ctx
        .global_style()
        .text_styles
        .get(&egui::TextStyle::Heading)
        .map_or(20.0, |f| f.size);
    let (w, pos) = if beside >= 220.0 {
        (
            beside - 8.0,
            pos2(board.max.x + 4.0, board.min.y + heading + 16.0),
        )
    } else {
        (300.0, pos2(board.max.x - 308.0, board.min.y + 8.0))
    };
    let total: usize = st.draws.iter().map(|g| g.cards.len()).sum();
    let shown = egui::Area::new(egui::Id::new("csar-draws"))
        .fixed_pos(pos)
        .order(egui::Order::Foreground)
        .fade_in(false)
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_width(w - 16.0);
                if let Some(seg) = st.steps.get(st.step_at) {
                    steps_ui(ui, st, seg, total, out);
                    return;
                }
                ui.horizontal(|ui| {
                    ui.label(RichText::new("Resolution draws").strong());
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if ui.small_button("Close").clicked() {
                            out.close_draws = true;
                        }
                        if st.shown_cards < total && ui.small_button("Show all").clicked() {
                            out.show_all_draws = true;
                        }
                    });
                });
                // The first few groups; a long chain of draws is in the log.
                const MOST: usize = 4;
                let mut left = st.shown_cards;
                for g in st.draws.iter().take(MOST) {
                    group_ui(ui, g, &mut left);
                }
                if st.draws.len() > MOST {
                    ui.separator();
                    ui.weak(format!(
                        "{} more draws: see the log.",
                        st.draws.len() - MOST
                    ));
                }
            });
        });
    if shown.response.contains_pointer() {
        out.draws_hovered = true;
    }
}

/// One segment of what the last command set off, with the way on.
fn steps_ui(
    ui: &mut egui::Ui,
    st: &CsarScreen,
    seg: &crate::segments::Segment,
    total: usize,
    out: &mut Out,
) {
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(format!(
                "What happened: {} of {}",
                st.step_at + 1,
                st.steps.len()
            ))
            .strong(),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .small_button("Skip")
                .on_hover_text("Close this; everything is in the log.")
                .clicked()
            {
                out.close_steps = true;
            }
            if st.shown_cards < total && ui.small_button("Show all").clicked() {
                out.show_all_draws = true;
            }
        });
    });
    ui.separator();
    ui.label(
        RichText::new(format!("{} ({})", seg.title, seg.rule))
            .color(tone::HEADING.ui())
            .strong(),
    );
    // A long segment (a whole zone's fire) keeps its first lines here.
    const LINES: usize = 8;
    // At the size of the log's lines: the small print was hard to read
    // beside the cards it explains.
    for l in seg.lines.iter().take(LINES) {
        ui.label(l);
    }
    if seg.lines.len() > LINES {
        ui.weak(format!(
            "{} more lines: see the log.",
            seg.lines.len() - LINES
        ));
    }
    let mut left = st.shown_cards;
    for g in &seg.groups {
        // The segment's heading already names a group of its own name: the
        // title was printed twice, one under the other.
        let again = g.title.eq_ignore_ascii_case(&seg.title);
        group_body(ui, g, &mut left, !again);
    }
    ui.separator();
    let label = match st.steps.get(st.step_at + 1) {
        Some(next) => format!("Next: {} (Space)", next.title),
        None => "Done (Space)".to_string(),
    };
    if ui
        .add(
            egui::Button::new(RichText::new(label).strong())
                .min_size(vec2(ui.available_width(), 26.0)),
        )
        .clicked()
    {
        out.next_step = true;
    }
}

fn group_ui(ui: &mut egui::Ui, g: &DrawGroup, left: &mut usize) {
    group_body(ui, g, left, true);
}

/// A group of draws; `heading`: with its own title line.
fn group_body(ui: &mut egui::Ui, g: &DrawGroup, left: &mut usize, heading: bool) {
    if heading {
        ui.separator();
        ui.label(
            RichText::new(format!("{} ({})", g.title, g.rule))
                .color(tone::HEADING.ui())
                .strong(),
        );
    }
    if let Some(h) = &g.header {
        ui.label(h);
    }
    let shown = (*left).min(g.cards.len());
    *left -= shown;
    ui.horizontal_wrapped(|ui| {
        for (i, c) in g.cards.iter().enumerate() {
            if i < shown {
                res_card(ui, c);
            } else {
                cards::face_down(ui, vec2(40.0, 56.0));
            }
        }
        if g.reshuffles > 0 && shown == g.cards.len() {
            ui.label(RichText::new("reshuffled").small().italics());
        }
    });
    if shown == g.cards.len() {
        for o in &g.outcome {
            if !o.is_empty() {
                ui.label(RichText::new(o).small());
            }
        }
    }
}

/// The record and the win rates, as a chart of bars.
pub fn records_ui(ui: &mut egui::Ui, records: &Records, problem: Option<&str>) {
    if let Some(p) = problem {
        ui.colored_label(tone::WARN.ui(), p);
    }
    let tallies = records.tallies();
    if tallies.is_empty() {
        ui.weak("No finished game yet.");
        return;
    }
    ui.label(RichText::new("Win rate per scenario").strong());
    for t in &tallies {
        ui.label(format!(
            "{}: {} of {} won ({:.0}%), {} drawn, {} lost",
            t.name,
            t.wins,
            t.played(),
            t.win_rate() * 100.0,
            t.draws,
            t.losses
        ));
        let (rect, r) =
            ui.allocate_exact_size(vec2(ui.available_width().min(380.0), 16.0), Sense::hover());
        let n = t.played().max(1) as f32;
        let mut x = rect.min.x;
        for (count, color) in [
            (t.wins, tone::WON.ui()),
            (t.draws, tone::DRAWN.ui()),
            (t.losses, tone::LOST.ui()),
        ] {
            let w = rect.width() * count as f32 / n;
            if w > 0.0 {
                ui.painter().rect_filled(
                    egui::Rect::from_min_size(pos2(x, rect.min.y), vec2(w, rect.height())),
                    0.0,
                    color,
                );
            }
            x += w;
        }
        r.on_hover_text("green: won, yellow: drawn, red: lost");
    }
    ui.add_space(6.0);
    ui.label(RichText::new("Last games").strong());
    egui::Grid::new("csar-record-games")
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new("Date").small());
            ui.label(RichText::new("Scenario").small());
            ui.label(RichText::new("Result").small());
            ui.label(RichText::new("Turns").small());
            ui.label(RichText::new("Options").small());
            ui.end_row();
            for g in records.games.iter().rev().take(12) {
                ui.label(RichText::new(&g.date).small());
                ui.label(RichText::new(&g.scenario_name).small());
                ui.label(RichText::new(&g.result).small());
                ui.label(RichText::new(g.turns.to_string()).small());
                ui.label(
                    RichText::new(if g.options.is_empty() {
                        "none".to_string()
                    } else {
                        g.options.join(", ")
                    })
                    .small(),
                );
                ui.end_row();
            }
        });
}

/// On the game-over screen: the record, beside the launcher's window.
pub fn game_over_ui(
    mut contexts: EguiContexts,
    game: Option<Res<ActiveGame>>,
    rec: Res<CsarRecords>,
) -> Result {
    let Some(game) = game else { return Ok(()) };
    if game.info.id != crate::GAME_ID {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Your record")
        .anchor(Align2::RIGHT_TOP, [-12.0, 12.0])
        .default_width(420.0)
        .collapsible(true)
        .resizable(false)
        .show(ctx, |ui| {
            records_ui(ui, &rec.records, rec.problem.as_deref())
        });
    Ok(())
}

/// For tests: what a layout shows, to find a thing's place.
pub fn layout_has(layout: &BoardLayout, t: Thing) -> bool {
    layout.position(t).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use vt_core::{Ruleset, Setup};

    #[test]
    fn a_card_tooltip_says_removed_once() {
        // Issue 14: "Removed from the game when played" came twice.
        let rules = Csar::embedded();
        let state = rules
            .new_game(&Setup::new("caged-tiger", 1))
            .expect("a game");
        let view = rules.view(&state, 0);
        let mut removed = 0;
        for (card, &k) in rules.data.action_cards.iter().enumerate() {
            let kind = &rules.data.action_kinds[k as usize];
            let c = CardView {
                card: card as u8,
                name: kind.name.clone(),
                command: kind.class == CardClass::Command,
                text: kind.text.clone(),
                aircraft: None,
            };
            let tip = card_face(&rules, &c, false, false, &view).tooltip;
            let says = tip.to_lowercase().matches("removed from the game").count();
            assert_eq!(says, kind.remove_when_played as usize, "{tip:?}");
            removed += says;
        }
        assert!(removed > 0);
    }
}
