//! Skirmish, vt-core's tabletop test game, on the table board: the example
//! of a miniatures game's plugin (fill the [`Table`] from the synced view,
//! price the dragged move with the rules, turn the board's actions into
//! orders). The launcher lists it only in debug builds or with its
//! `test-game` feature.

use super::{
    MovePreview, PlacedTemplate, StandMarker, Table, TableAction, TablePlugin, TablePreview,
    TableSet, TableStand, TableTools, TemplateKind, TerrainInfo, TerrainLook,
};
use crate::prelude::*;
use bevy::prelude::*;
use vt_core::sort::StableSort;
use vt_core::tabletop::skirmish::{
    self, Event, Ground, Order, Skirmish, StandKind, Status, Support, View, side_name,
    table::{Going, Sight},
};
use vt_core::tabletop::{Feature, HUNDREDTH, Halt, Point, SightRules, Template, Terrain};

pub const GAME_ID: &str = skirmish::ID;

pub struct SkirmishPlugin;

impl Plugin for SkirmishPlugin {
    fn build(&self, app: &mut App) {
        app.register_board(BoardRegistration {
            game_id: GAME_ID.into(),
            // Its own column has the orders the board does not give.
            show_command_list: false,
        })
        .add_plugins(TablePlugin)
        .add_plugins(SyncPlugin::<Skirmish>::default())
        .add_systems(Update, (fill_table, animate).chain().in_set(VtSet::React))
        .add_systems(
            Update,
            (face_key, respond)
                .chain()
                .in_set(TableSet::Respond)
                .run_if(in_state(PlayMode::Board))
                .run_if(board_visible(GAME_ID)),
        );
        if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                panel
                    .run_if(in_state(PlayMode::Board))
                    .run_if(board_visible(GAME_ID))
                    .in_set(VtSet::Ui)
                    .before(super::tools::toolbar),
            );
        }
    }
}

/// F turns the selected stand to face the pointer.
pub fn face_key(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    synced: Res<Synced<Skirmish>>,
    tools: Res<TableTools>,
    mut preview: ResMut<TablePreview>,
    mut out: MessageWriter<SubmitCommand>,
) {
    if !keys.just_pressed(KeyCode::KeyF) || egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let (Some(view), Some(rules)) = (&synced.view, &synced.rules) else {
        return;
    };
    let (Some(sel), Some(at)) = (tools.selected, tools.pointer) else {
        return;
    };
    let o = Order::Face {
        stand: sel as u8,
        toward: at.snapped(HUNDREDTH),
    };
    match rules.check_in_view(view, &o) {
        Ok(()) => {
            out.write(SubmitCommand::typed(&o));
        }
        Err(e) => preview.refusal = Some(format!("{} ({})", e.message, e.rule)),
    }
}

/// The column beside the table: whose turn, the score, the selected
/// stand and the orders the table itself does not give (rally, pass).
pub fn panel(
    mut panels: crate::layout::Panels<Skirmish>,
    tools: Res<TableTools>,
    mut out: MessageWriter<SubmitCommand>,
) -> Result {
    use bevy_egui::egui;
    let Some(open) = panels.open()? else {
        return Ok(());
    };
    let crate::layout::Open {
        ctx,
        layout,
        synced,
        view,
        rules,
        insets,
        ..
    } = open;
    let ok = |o: &Order| synced.to_decide && rules.check_in_view(view, o).is_ok();
    layout.column(&ctx, "vt-skirmish", 230.0, insets, |ui| {
        let heading = |ui: &mut egui::Ui, t: String| {
            ui.label(
                egui::RichText::new(t)
                    .strong()
                    .color(palette::ui::HEADING.ui()),
            );
        };
        match view.to_act() {
            Some(side) => heading(
                ui,
                format!(
                    "Turn {} of {}: {} to act",
                    view.turn,
                    skirmish::TURNS,
                    side_name(side)
                ),
            ),
            None => heading(ui, "The game is over".into()),
        }
        ui.label(format!("Kills: US {}, VC {}", view.kills[0], view.kills[1]));
        ui.separator();
        if let Some(st) = tools.selected.and_then(|k| view.stands.get(k as usize)) {
            heading(ui, st.label());
            ui.label(format!(
                "{}; {} dice; moves {}\"{}",
                st.status.name(),
                st.kind.dice(),
                st.kind.allowance(),
                if st.acted { "; has acted" } else { "" }
            ));
            let rally = Order::Rally { stand: st.id };
            if crate::layout::wide_button(ui, "Rally (a 4 or more)", ok(&rally)).clicked() {
                out.write(SubmitCommand::typed(&rally));
            }
            ui.label(
                egui::RichText::new("Drag it to move. Click an enemy to fire. F: face the pointer.")
                    .small(),
            );
            if st.kind == StandKind::Leader {
                for (sup, left) in &view.support[st.side as usize] {
                    ui.label(format!("{}: {left} left", sup.name()));
                }
                ui.label(
                    egui::RichText::new("B: the template tool; click to call it where it lies.")
                        .small(),
                );
            }
        } else {
            ui.label("Click one of your stands to select it.");
        }
        ui.separator();
        let pass = "Pass: no more activations this turn";
        if crate::layout::wide_button(ui, pass, ok(&Order::Pass)).clicked() {
            out.write(SubmitCommand::typed(&Order::Pass));
        }
        ui.separator();
        ui.label(
            egui::RichText::new(
                "Tools: M tape, V line of sight, B templates (B again: the next), R turns a template.",
            )
            .small(),
        );
        let labels: Vec<String> = synced.legal.iter().map(|o| words(view, o)).collect();
        let (clicked, _) =
            crate::layout::all_commands(ui, "vt-skirmish-all", &labels, synced.to_decide);
        if let Some(i) = clicked {
            out.write(SubmitCommand::typed(&synced.legal[i]));
        }
    });
    Ok(())
}

/// An order in words, for the list of every legal order.
pub fn words(view: &View, o: &Order) -> String {
    let name = |id: u8| {
        view.stands
            .get(id as usize)
            .map_or(format!("stand {id}"), |s| s.label())
    };
    let at = |p: Point| format!("({:.2}, {:.2})", p.x, p.y);
    match *o {
        Order::Move { stand, to } => format!("Move {} to {}", name(stand), at(to)),
        Order::Face { stand, toward } => format!("Turn {} to face {}", name(stand), at(toward)),
        Order::Fire { stand, target } => format!("{} fires at {}", name(stand), name(target)),
        Order::Rally { stand } => format!("Rally {}", name(stand)),
        Order::Call {
            stand,
            support,
            at: p,
        } => {
            format!("{} calls {} on {}", name(stand), support.name(), at(p))
        }
        Order::Pass => "Pass".into(),
    }
}

/// How each kind of Skirmish's ground looks.
pub fn look(g: Ground) -> TerrainLook {
    match g {
        Ground::Jungle => TerrainLook::Jungle,
        Ground::Paddy => TerrainLook::Paddy,
        Ground::Dyke => TerrainLook::Dyke,
        Ground::TreeLine => TerrainLook::TreeLine,
        Ground::Hootch => TerrainLook::Hootch,
        Ground::Hamlet => TerrainLook::Hamlet,
        Ground::Bunker => TerrainLook::Bunker,
        Ground::Trench => TerrainLook::Trench,
        Ground::Trail => TerrainLook::Trail,
        Ground::Stream => TerrainLook::Stream,
        Ground::Hill => TerrainLook::Hill,
        Ground::Smoke => TerrainLook::Smoke,
    }
}

fn symbol(k: StandKind) -> UnitSymbol {
    match k {
        StandKind::Rifle => UnitSymbol::Infantry,
        StandKind::Hmg => UnitSymbol::Recon,
        StandKind::Leader => UnitSymbol::Headquarters,
    }
}

fn army(side: u8) -> palette::Rgba {
    if side == skirmish::US {
        palette::army::US
    } else {
        palette::army::VC
    }
}

/// The table as the view has it.
pub fn table_of(view: &View, to_decide: bool, fresh: bool) -> Table {
    let features = view
        .features
        .iter()
        .map(|f| Feature {
            kind: TerrainInfo {
                look: look(f.kind),
                name: f.kind.name().into(),
                sight: f.kind.sight(),
            },
            shape: f.shape.clone(),
            elevation: f.elevation,
        })
        .collect();
    let acting = view.to_act().filter(|_| to_decide);
    let stands = view
        .stands
        .iter()
        .filter(|s| s.alive())
        .map(|s| {
            let mut markers = vec![];
            match s.status {
                Status::Pinned => {
                    markers.push(StandMarker::new("PINNED", palette::status::EXHAUSTED))
                }
                Status::Suppressed => {
                    markers.push(StandMarker::new("SUPPR.", palette::status::BROKEN))
                }
                _ => {}
            }
            let mut info = vec![
                format!("{} dice, {}", s.kind.dice(), s.status.name()),
                format!("moves {}\"", s.kind.allowance()),
            ];
            if s.acted {
                info.push("has acted this turn".into());
            }
            TableStand {
                key: s.id as u64,
                side: s.side,
                base: s.base,
                colour: army(s.side),
                symbol: symbol(s.kind),
                label: match s.kind {
                    StandKind::Hmg => "HMG".into(),
                    StandKind::Leader => "LDR".into(),
                    StandKind::Rifle => s.label().rsplit(' ').next().unwrap_or("").into(),
                },
                name: s.label(),
                info,
                markers,
                eye: 0.0,
                arc: (s.kind.arc() < 180.0).then_some(s.kind.arc()),
                rings: vec![skirmish::orders::RANGE],
                movable: acting == Some(s.side) && !s.acted && s.status == Status::Ok,
                spent: s.acted,
                active: false,
            }
        })
        .collect();
    // A killed stand leaves a marker where it fell.
    let markers = view
        .stands
        .iter()
        .filter(|s| !s.alive())
        .map(|s| super::TableMarker {
            key: s.id as u64,
            at: s.base.centre(),
            text: "KIA".into(),
            colour: palette::board::FLASH_LOSS.alpha(255),
            name: format!("{} (killed)", s.label()),
            info: vec![],
        })
        .collect();
    let templates = view
        .smoke
        .iter()
        .map(|m| PlacedTemplate {
            template: m.rect.into(),
            look: TerrainLook::Smoke,
            label: format!("smoke, clears at the end of turn {}", m.until),
        })
        .collect();
    Table {
        game: Some(GAME_ID),
        size: Vec2::new(view.table.x as f32, view.table.y as f32),
        features,
        dead_ground: Some(SightRules::<Ground>::dead_ground(&Sight)),
        stands,
        templates,
        markers,
        fresh,
    }
}

/// The table follows the synced view.
pub fn fill_table(
    synced: Res<Synced<Skirmish>>,
    mut changes: MessageReader<SessionChanged<Skirmish>>,
    mut table: ResMut<Table>,
) {
    let fresh = changes.read().last().is_none_or(|c| c.snap());
    if !synced.is_changed() {
        return;
    }
    let Some(view) = &synced.view else {
        if table.game == Some(GAME_ID) {
            table.stands.clear();
        }
        return;
    };
    let now = table_of(view, synced.to_decide, fresh);
    if *table != now {
        *table = now;
    }
}

/// Fire and support flash where they land.
pub fn animate(
    mut changes: MessageReader<SessionChanged<Skirmish>>,
    synced: Res<Synced<Skirmish>>,
    mut anim: MessageWriter<Animate>,
) {
    let Some(view) = &synced.view else { return };
    let at = |id: u8| view.stands.get(id as usize).map(|s| s.base.centre());
    for change in changes.read() {
        if !change.animate() {
            continue;
        }
        for e in &change.events {
            match e {
                Event::Fired { attack, .. } => {
                    if let Some(p) = at(attack.target) {
                        let colour = if attack.hits == 0 {
                            palette::board::FLASH_MISS
                        } else {
                            palette::board::FLASH_HIT
                        };
                        anim.write(Animate::flash(
                            super::mesh::v2(p),
                            1.2,
                            colour,
                            attack.result.name(),
                        ));
                    }
                }
                Event::Called {
                    landed, support, ..
                } => {
                    let r = match landed {
                        Template::Circle(c) => c.radius,
                        Template::Rect(r) => r.length.max(r.width) / 2.0,
                    };
                    anim.write(Animate::flash(
                        super::mesh::v2(landed.centre()),
                        r as f32,
                        palette::board::FLASH_BLAST,
                        support.name(),
                    ));
                }
                _ => {}
            }
        }
    }
}

fn why(h: Halt) -> String {
    match h {
        Halt::OutOfMovement => "no movement left".into(),
        Halt::Impassable { .. } => "cannot go on".into(),
        Halt::Stopped { .. } => "the ground stops it here".into(),
        Halt::Blocked { .. } => "another stand is in the way".into(),
    }
}

/// The support a template tool shape calls.
fn support_of(k: TemplateKind) -> Option<Support> {
    match k {
        TemplateKind::Blast => Some(Support::Mortar),
        TemplateKind::Napalm => Some(Support::Napalm),
        TemplateKind::Smoke => Some(Support::Smoke),
        TemplateKind::Mines | TemplateKind::Wire => None,
    }
}

/// Prices the dragged move, and turns the board's actions into orders.
pub fn respond(
    synced: Res<Synced<Skirmish>>,
    tools: Res<TableTools>,
    mut preview: ResMut<TablePreview>,
    mut actions: MessageReader<TableAction>,
    mut out: MessageWriter<SubmitCommand>,
    mut last_tool: Local<super::Tool>,
) {
    let (Some(view), Some(rules)) = (&synced.view, &synced.rules) else {
        return;
    };
    let scene = view.scene();
    let plan_to = |stand: u64, to: Point| {
        let st = scene.stand(stand as u8)?;
        let from = st.base.centre();
        let plan = rules.plan(scene, stand as u8, to)?;
        let fs = rules.features_now(scene.smoke);
        let rate = |l: &vt_core::tabletop::Leg| {
            let inside: Vec<&Feature<Ground>> = l.inside.iter().map(|&i| &fs[i]).collect();
            Going.rate(&inside)
        };
        let mut m =
            MovePreview::from_plan(stand, vec![from, to], &plan, st.kind.allowance(), rate, why);
        m.marks = first_seen(&fs, scene, st.side, from, plan.end);
        Some(m)
    };
    // Where the selected stand can get to: a Skirmish move is straight to
    // where it is sent, so the rules are asked ray by ray.
    let movable = |k: u64| {
        scene.stand(k as u8).filter(|st| {
            synced.to_decide
                && view.to_act() == Some(st.side)
                && !st.acted
                && st.status == Status::Ok
        })
    };
    let want_reach = tools.selected.and_then(movable);
    let reach_stale = synced.is_changed()
        || preview.reach.as_ref().map(|r| r.stand) != want_reach.map(|st| st.id as u64);
    if reach_stale {
        preview.reach = want_reach.map(|st| {
            let allowance = st.kind.allowance();
            super::Reach::by_rays(
                st.id as u64,
                st.base.centre(),
                allowance,
                72,
                Vec2::new(view.table.x as f32, view.table.y as f32),
                |to| rules.plan(scene, st.id, to).map(|p| p.end),
                format!("moves up to {allowance}\""),
            )
        });
    }
    // The dragged move, priced again only when the point changes.
    let wanted = tools.drag.filter(|_| synced.to_decide);
    let stale = match (&wanted, &preview.movement) {
        (Some(d), Some(m)) => m.stand != d.stand || m.path.last() != Some(&d.to),
        (None, None) => false,
        _ => true,
    };
    if stale {
        preview.movement = wanted.and_then(|d| plan_to(d.stand, d.to));
    }
    let hint = match view.to_act() {
        Some(side) if synced.to_decide => format!(
            "Turn {}: {} to act. Drag a stand to move it; select one and click an enemy to fire; a leader calls support with the template tool.",
            view.turn,
            side_name(side)
        ),
        Some(side) => format!("Turn {}: {} to act.", view.turn, side_name(side)),
        None => "The game is over.".into(),
    };
    if preview.hint.as_deref() != Some(&hint) {
        preview.hint = Some(hint);
    }
    // A refusal stays until the game changes or the player does something
    // else (picks up a stand, takes another tool).
    if preview.refusal.is_some()
        && (synced.is_changed() || tools.drag.is_some() || *last_tool != tools.tool)
    {
        preview.refusal = None;
    }
    *last_tool = tools.tool;
    for a in actions.read() {
        if !synced.to_decide {
            continue;
        }
        preview.refusal = None;
        let order = match *a {
            TableAction::Drop { stand, to } => {
                // Dropped beyond where it stops: it goes as far as it can.
                let Some(m) = plan_to(stand, to) else {
                    continue;
                };
                let end = if m.legal {
                    to
                } else {
                    m.end.snapped(HUNDREDTH)
                };
                let end = back_off(
                    &plan_to,
                    stand,
                    scene.stand(stand as u8).map(|s| s.base.centre()),
                    end,
                );
                end.map(|to| Order::Move {
                    stand: stand as u8,
                    to,
                })
            }
            TableAction::Click { stand } => tools
                .selected
                .filter(|sel| *sel != stand)
                .filter(|sel| {
                    scene.stand(*sel as u8).map(|s| s.side)
                        != scene.stand(stand as u8).map(|s| s.side)
                })
                .map(|sel| Order::Fire {
                    stand: sel as u8,
                    target: stand as u8,
                }),
            TableAction::Template { kind, template } => match (tools.selected, support_of(kind)) {
                (Some(sel), Some(support)) => Some(Order::Call {
                    stand: sel as u8,
                    support,
                    at: template.centre().snapped(HUNDREDTH),
                }),
                _ => None,
            },
            TableAction::Ground { .. } => None,
        };
        if let Some(o) = order {
            match rules_check_err(rules, view, &o) {
                Ok(()) => {
                    out.write(SubmitCommand::typed(&o));
                }
                Err(e) => preview.refusal = Some(format!("{} ({})", e.message, e.rule)),
            }
        }
    }
}

/// Where on the way each enemy stand first sees the mover (the first
/// three along the move): what reactive fire would use in a game that has
/// it.
fn first_seen(
    fs: &[Feature<Ground>],
    scene: skirmish::Scene,
    side: u8,
    from: Point,
    to: Point,
) -> Vec<(Point, String)> {
    use vt_core::tabletop::{Eye, Seen, sight_along};
    let path = [from, to];
    let mut seen: Vec<(f64, String)> = scene
        .stands
        .iter()
        .filter(|e| e.side != side && e.alive())
        .filter_map(|e| {
            let eye = Eye::standing(e.base.centre(), 0.0, fs);
            sight_along(eye, &path, 0.0, fs, &Sight)
                .into_iter()
                .find(|s| matches!(s.seen, Seen::Clear | Seen::Cover))
                .map(|s| (s.from, e.label()))
        })
        .collect();
    seen.stable_sort_by(|a, b| a.0.total_cmp(&b.0));
    // Those who first see it at the same place share one mark.
    let mut marks: Vec<(f64, Vec<String>)> = vec![];
    for (d, who) in seen {
        match marks.last_mut() {
            Some((at, names)) if d - *at < 0.25 => names.push(who),
            _ => marks.push((d, vec![who])),
        }
    }
    marks
        .into_iter()
        .take(3)
        .map(|(d, names)| (from.toward(to, d), format!("seen by {}", names.join(", "))))
        .collect()
}

/// A move to `to`, or a hundredth back along the way while the rounded
/// point is just beyond what the rules allow.
fn back_off(
    plan_to: &impl Fn(u64, Point) -> Option<MovePreview>,
    stand: u64,
    from: Option<Point>,
    to: Point,
) -> Option<Point> {
    let from = from?;
    let mut at = to;
    for _ in 0..5 {
        if plan_to(stand, at).is_some_and(|m| m.legal) && at.distance(from) >= 0.1 {
            return Some(at);
        }
        at = from
            .toward(at, (from.distance(at) - HUNDREDTH).max(0.0))
            .snapped(HUNDREDTH);
    }
    None
}

fn rules_check_err(rules: &Skirmish, view: &View, o: &Order) -> Result<(), vt_core::RuleError> {
    rules.check_in_view(view, o)
}
