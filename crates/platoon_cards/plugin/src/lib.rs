//! The card-driven platoon game (`platoon-cards`) on the launcher: the
//! table board of `vt-ui` filled from the side's view, the platoon card
//! deck and the card turned as cards, the platoons to activate as cards,
//! the morale check and the four actions as buttons, and every shot's dice
//! pool (or D10 to hit and penetrate) with its modifiers shown before the
//! roll.
//!
//! On the table (see [`orders`]): the set-up by dragging stands and
//! picking up and putting down cards, snipers and mine strips; plots,
//! bombardments, smoke and barrages by clicking the aim point (or the
//! target); moves by dragging; fire, charges, calls for fire and every
//! chance (overwatch, point-blank, ground-to-air) by selecting a stand and
//! clicking the enemy. The column's list keeps every legal order too.

pub mod orders;
mod panel;
mod suggestion;
mod table;
pub mod words;

pub use orders::{Picked, Support};
pub use table::{look, table_of};
pub use words::words;

use bevy::prelude::*;
use platoon_cards_rules::command::Command;
use platoon_cards_rules::fire::FireCtx;
use platoon_cards_rules::state::Side;
use platoon_cards_rules::step::Kind;
use platoon_cards_rules::view::View;
use platoon_cards_rules::{PlatoonCards, State};
use vt_core::tabletop::{HUNDREDTH, Point};
use vt_ui::prelude::*;
use vt_ui::tabletop::{Table, TableAction, TablePlugin, TablePreview, TableSet, TableTools};
use vt_ui::{ActiveGame, SubmitCommand, board_visible};

pub const GAME_ID: &str = platoon_cards_rules::GAME_ID;

pub struct PlatoonCardsPlugin;

/// The weapon the column has chosen for the selected stand, or for an FO
/// the battery or air strike it calls.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct ChosenWeapon {
    pub stand: Option<u64>,
    pub weapon: u8,
    pub support: Option<Support>,
}

/// What the board holds between clicks: a set-up piece picked up, and the
/// stand selected before this frame's click (a click on the ground lets
/// go of the selection before the plugin reads it).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardHold {
    pub picked: Option<Picked>,
    pub selected_before: Option<u64>,
    /// The side at the screen: a new one starts with nothing selected.
    pub side: Option<Side>,
}

impl Plugin for PlatoonCardsPlugin {
    fn build(&self, app: &mut App) {
        app.register_board(BoardRegistration {
            game_id: GAME_ID.into(),
            // The column lists every legal order the table does not give.
            show_command_list: false,
        })
        .init_resource::<ChosenWeapon>()
        .init_resource::<BoardHold>()
        .add_plugins(TablePlugin)
        .add_plugins(SyncPlugin::<PlatoonCards>::default())
        .add_systems(Update, (fill_table, animate).chain().in_set(VtSet::React))
        .add_systems(
            Update,
            (respond, suggestion::show_suggestion)
                .in_set(TableSet::Respond)
                .run_if(in_state(PlayMode::Board))
                .run_if(board_visible(GAME_ID)),
        );
        if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                panel::panel
                    .run_if(in_state(PlayMode::Board))
                    .run_if(board_visible(GAME_ID))
                    .in_set(VtSet::Ui),
            );
        }
    }
}

/// The game as `side` may know it, for that side's previews and checks
/// (`PlatoonCards::known_state`: the dice to come, the deck's order and
/// every enemy secret left out); the board never checks or plans on the
/// real state.
pub fn known_state(game: &ActiveGame, side: Side) -> Option<State> {
    let s = game.typed::<PlatoonCards>()?;
    Some(s.rules.known_state(&s.state, side))
}

/// The table follows the synced view.
pub fn fill_table(
    synced: Res<Synced<PlatoonCards>>,
    chosen: Res<ChosenWeapon>,
    hold: Res<BoardHold>,
    mut changes: MessageReader<SessionChanged<PlatoonCards>>,
    mut table: ResMut<Table>,
) {
    let fresh = changes.read().last().is_none_or(|c| c.snap());
    if !synced.is_changed() && !chosen.is_changed() && !hold.is_changed() {
        return;
    }
    let (Some(view), Some(rules)) = (&synced.view, &synced.rules) else {
        if table.game == Some(GAME_ID) {
            table.stands.clear();
        }
        return;
    };
    let movable = |s: &platoon_cards_rules::view::StandView| {
        orders::draggable(rules, view, synced.to_decide, s)
    };
    let weapon_of = |s: &platoon_cards_rules::view::StandView| {
        if chosen.stand == Some(s.id as u64) {
            chosen.weapon
        } else {
            0
        }
    };
    let mut now = table_of(rules, view, &movable, &weapon_of, fresh);
    // The piece picked up in the set-up stands out until it is put down.
    if let Some(p) = hold.picked {
        let key = table::marker_key(p);
        for m in now.markers.iter_mut().filter(|m| Some(m.key) == key) {
            m.colour = vt_ui::palette::ui::HEADING;
            // ASCII: marker labels are drawn with Bevy's default font,
            // which has only the 95 ASCII glyphs (no arrow).
            m.text = format!("> {} <", m.text);
        }
    }
    if *table != now {
        *table = now;
    }
}

/// Shots and barrages flash where they land, with their result.
pub fn animate(
    mut changes: MessageReader<SessionChanged<PlatoonCards>>,
    synced: Res<Synced<PlatoonCards>>,
    mut anim: MessageWriter<Animate>,
) {
    use platoon_cards_rules::event::Event;
    let Some(view) = &synced.view else { return };
    let at = |id: u16| view.stands.iter().find(|s| s.id == id).map(|s| s.pos);
    let v2 = |p: Point| Vec2::new(p.x as f32, p.y as f32);
    for change in changes.read() {
        if !change.animate() {
            continue;
        }
        for e in &change.events {
            // A template: the aim, then where it landed after the scatter.
            if let Event::Template {
                aim,
                centre,
                diameter,
                scatter,
                ..
            } = e
            {
                if scatter.is_some() && aim.distance(*centre) > 0.05 {
                    anim.write(Animate::flash(
                        v2(*aim),
                        0.6,
                        palette::board::FLASH_MISS,
                        "aimed here",
                    ));
                }
                anim.write(Animate::flash(
                    v2(*centre),
                    (*diameter / 2.0) as f32,
                    palette::board::FLASH_BLAST,
                    format!("landed {:.1}\" from the aim", aim.distance(*centre)),
                ));
            }
            if let Some((target, text)) = words::shot_result(e)
                && let Some(p) = at(target)
            {
                anim.write(Animate::flash(v2(p), 1.2, palette::board::FLASH_HIT, text));
            }
        }
    }
}

/// The fire orders a click on an enemy may mean now, in the order tried.
pub fn fire_orders(view: &View, stand: u16, weapon: u8, target: u16) -> Vec<Command> {
    orders::click_orders(view, stand, weapon, None, target, None)
}

/// The orders a stand dropped at `to` may mean: the move, and, dropped
/// off the table's edge, leaving by it (a column getting through by the
/// scenario's exit edge; the rules say whether that edge is within its
/// move). Only a drop beyond the edge tries the exit, so a refused move
/// inside the table never takes a stand off.
pub fn drop_tries(rules: &PlatoonCards, view: &View, id: u16, to: Point) -> Vec<Command> {
    let mut tries = orders::drop_orders(view, id, to);
    let off = rules
        .tabletops
        .iter()
        .find(|t| t.id == view.tabletop)
        .is_some_and(|t| to.x < 0.0 || to.y < 0.0 || to.x > t.width || to.y > t.height);
    if off && view.kind == Some(Kind::Orders) {
        tries.push(Command::ExitTable { stand: id });
    }
    tries
}

/// The most rocket pairs an activation when `weapon` is `st`'s rockets
/// (Chart: HELICOPTERS), else `None`.
pub fn rocket_pairs(
    rules: &PlatoonCards,
    st: &platoon_cards_rules::view::StandView,
    weapon: u8,
) -> Option<u8> {
    let t = rules.types.iter().find(|t| t.id == st.unit)?;
    let w = t.weapons.get(weapon as usize)?;
    matches!(w.kind, platoon_cards_rules::data::WeaponKind::Rockets)
        .then_some(rules.charts.air.rocket_pairs_per_activation.value)
}

/// The context a shot is planned in, for the decision under way.
pub fn fire_ctx(kind: Option<Kind>) -> FireCtx {
    match kind {
        Some(Kind::Reaction) | Some(Kind::EndOverwatch) => FireCtx::Overwatch,
        _ => FireCtx::Orders,
    }
}

/// Turns the board's actions into commands, each checked first so a
/// refused one says why on the tool bar.
#[allow(clippy::too_many_arguments)]
pub fn respond(
    synced: Res<Synced<PlatoonCards>>,
    game: Option<Res<ActiveGame>>,
    mut tools: ResMut<TableTools>,
    mut chosen: ResMut<ChosenWeapon>,
    mut hold: ResMut<BoardHold>,
    mut preview: ResMut<TablePreview>,
    mut actions: MessageReader<TableAction>,
    mut out: MessageWriter<SubmitCommand>,
    mut last_tool: Local<vt_ui::tabletop::Tool>,
) {
    let (Some(view), Some(rules), Some(game)) = (&synced.view, &synced.rules, game) else {
        actions.clear();
        return;
    };
    // Another side at the screen (hot seat): nothing of the last player's
    // is left in hand.
    if hold.side != Some(view.side) {
        hold.side = Some(view.side);
        hold.picked = None;
        hold.selected_before = None;
        tools.selected = None;
        tools.tape = None;
        tools.sight = None;
        *chosen = ChosenWeapon::default();
    }
    if view.kind != Some(Kind::Setup) && hold.picked.is_some() {
        hold.picked = None;
    }
    let sel_view = |k: Option<u64>| k.and_then(|k| view.stands.iter().find(|s| s.id as u64 == k));
    let support = |k: u64, chosen: &ChosenWeapon| {
        if chosen.stand == Some(k) {
            chosen.support
        } else {
            None
        }
    };
    let mut hint = panel::hint(view, synced.decision.as_ref(), synced.to_decide);
    if synced.to_decide {
        let sel = sel_view(tools.selected);
        let sup = sel.and_then(|s| support(s.id as u64, &chosen));
        if let Some(h) = orders::click_hint(view, sel, sup, hold.picked) {
            hint = format!("{hint} {h}");
        }
    }
    if preview.hint.as_deref() != Some(&hint) {
        preview.hint = Some(hint);
    }
    if preview.refusal.is_some()
        && (synced.is_changed() || tools.drag.is_some() || *last_tool != tools.tool)
    {
        preview.refusal = None;
    }
    *last_tool = tools.tool;
    // The dragged move: where it would end and whether the rules take it.
    let wanted = tools.drag.filter(|_| synced.to_decide);
    let stale = match (&wanted, &preview.movement) {
        (Some(d), Some(m)) => m.stand != d.stand || m.path.last() != Some(&d.to),
        (None, None) => false,
        _ => true,
    };
    // The known state is worked out only when something is to be checked.
    let mut known: Option<State> = None;
    let known_state = |known: &mut Option<State>| -> Option<State> {
        if known.is_none() {
            *known = crate::known_state(&game, view.side);
        }
        known.clone()
    };
    if stale {
        let state = if wanted.is_some() {
            known_state(&mut known)
        } else {
            None
        };
        preview.movement = wanted.and_then(|d| {
            let state = state.as_ref()?;
            let st = view.stands.iter().find(|s| s.id as u64 == d.stand)?;
            let to = d.to.snapped(HUNDREDTH);
            let tries = drop_tries(rules, view, st.id, to);
            let checked = tries
                .iter()
                .map(|c| rules.check_command(state, c))
                .find(|r| r.is_ok())
                .unwrap_or_else(|| {
                    tries
                        .first()
                        .map_or(Ok(()), |c| rules.check_command(state, c))
                });
            let dist = st.pos.distance(to);
            Some(vt_ui::tabletop::MovePreview {
                stand: d.stand,
                path: vec![st.pos, to],
                end: to,
                legal: checked.is_ok(),
                note: match checked {
                    Ok(()) if view.kind == Some(Kind::Orders) => {
                        format!("{dist:.1}\" (moved {:.1}\" already)", st.moved)
                    }
                    Ok(()) => format!("{dist:.1}\""),
                    Err(r) => format!("{dist:.1}\": {}", r.message),
                },
                slow: vec![],
                marks: vec![],
                features: vec![],
            })
        });
    }
    // The selection a click on the ground found (the board lets go of it
    // before this system runs).
    let before = hold.selected_before;
    for a in actions.read() {
        if !synced.to_decide {
            continue;
        }
        preview.refusal = None;
        let own = |k: u64| sel_view(Some(k)).filter(|s| s.side == view.side);
        let tries: Vec<Command> = match a {
            TableAction::Drop { stand, to } => drop_tries(rules, view, *stand as u16, *to),
            TableAction::Click { stand } => {
                let sel = tools.selected.filter(|s| s != stand).or(before);
                match (sel.and_then(own), sel_view(Some(*stand))) {
                    (Some(me), Some(t)) if t.side != view.side => {
                        let weapon = if chosen.stand == Some(me.id as u64) {
                            chosen.weapon
                        } else {
                            0
                        };
                        orders::click_orders(
                            view,
                            me.id,
                            weapon,
                            support(me.id as u64, &chosen),
                            t.id,
                            rocket_pairs(rules, me, weapon),
                        )
                    }
                    (_, Some(t)) if t.side == view.side => {
                        // One of the side's own: it becomes the stand
                        // that acts (a stand on overwatch, a firer).
                        tools.selected = Some(*stand);
                        vec![]
                    }
                    _ => vec![],
                }
            }
            TableAction::Ground { .. } | TableAction::Template { .. } => {
                let (at, under) = match a {
                    TableAction::Template { template, .. } => {
                        let at = template.centre();
                        let under = view
                            .stands
                            .iter()
                            .filter(|s| s.side != view.side && s.aboard.is_none())
                            .find(|s| table::base_of(s).contains(at))
                            .map(|s| s.id);
                        (at, under)
                    }
                    TableAction::Ground { at } => (*at, None),
                    _ => continue,
                };
                let sel = tools.selected.or(before);
                let me = sel.and_then(own);
                let tries = orders::ground_orders(
                    view,
                    me.map(|s| s.id),
                    me.and_then(|s| support(s.id as u64, &chosen)),
                    hold.picked,
                    at,
                    under,
                );
                if tries.is_empty() && view.kind == Some(Kind::Setup) {
                    // Nothing in hand: a piece of the side's own here is
                    // picked up.
                    hold.picked = orders::pick_at(view, at);
                }
                // Orders aimed on the ground keep the stand that gave
                // them selected (the next passenger, the next call).
                if !tries.is_empty() && me.is_some() && view.kind == Some(Kind::Orders) {
                    tools.selected = sel;
                }
                tries
            }
        };
        if tries.is_empty() {
            continue;
        }
        let Some(state) = known_state(&mut known) else {
            continue;
        };
        let state = &state;
        let mut first_refusal = None;
        let mut sent = false;
        for c in &tries {
            match rules.check_command(state, c) {
                Ok(()) => {
                    out.write(SubmitCommand::typed(c));
                    sent = true;
                    break;
                }
                Err(r) => {
                    if first_refusal.is_none() {
                        let e = r.in_book(platoon_cards_rules::sections::BOOK);
                        first_refusal = Some(format!("{} ({})", e.message, e.rule));
                    }
                }
            }
        }
        if sent
            && tries.iter().any(|c| {
                matches!(
                    c,
                    Command::PlaceCard { .. }
                        | Command::PlaceMine { .. }
                        | Command::PlaceSniper { .. }
                )
            })
        {
            hold.picked = None;
        }
        if !sent && let Some(r) = first_refusal {
            preview.refusal = Some(r);
        }
    }
    if hold.selected_before != tools.selected {
        hold.selected_before = tools.selected;
    }
}
