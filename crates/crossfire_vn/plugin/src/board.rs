//! The table's answers: the table filled from the view, a dragged move
//! priced by the rules, clicks turned into commands, the move under way
//! drawn while reactive fire is offered, and what fire did flashed where it
//! landed.

use crate::table::{GAME_ID, table_of};
use crate::words::Words;
use bevy::prelude::*;
use crossfire_vn_rules::command::{Command, StandMove};
use crossfire_vn_rules::event::{Effect, Event};
use crossfire_vn_rules::state::{Side, StandId};
use crossfire_vn_rules::step::Kind;
use crossfire_vn_rules::view::View;
use crossfire_vn_rules::{CrossfireVn, State};
use vt_core::Ruleset;
use vt_core::tabletop::{HUNDREDTH, Point};
use vt_ui::prelude::*;
use vt_ui::shapes::ShapeBuilder;
use vt_ui::tabletop::mesh::v2;
use vt_ui::tabletop::{MovePreview, SuggestionMarks, Table, TableAction, TablePreview, TableTools};

/// The stands that fire together at the next click on an enemy: the
/// selected one and those added with Shift+click; the point of a move under
/// way they fire at; whether RPG/LAW teams add their die (6.11). And what
/// a dragged carrier does (6.5): it picks up the markers beside it unless
/// `no_pick_up`, and sets what it carries down where it ends unless
/// `keep_carrying`.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct FireGroup {
    pub extra: Vec<StandId>,
    pub point: Option<u16>,
    pub no_support: bool,
    pub no_pick_up: bool,
    pub keep_carrying: bool,
}

impl FireGroup {
    /// The firers: the selected stand first, then the others.
    pub fn firers(&self, selected: Option<u64>) -> Vec<StandId> {
        let mut v: Vec<StandId> = selected.map(|k| k as StandId).into_iter().collect();
        for e in &self.extra {
            if !v.contains(e) {
                v.push(*e);
            }
        }
        v
    }
}

/// The state of the game on screen (the plugin's previews need it; what
/// they tell is what the side may know: hidden stands are not counted).
pub fn state_of(game: Option<&ActiveGame>) -> Option<&State> {
    Some(&game?.typed::<CrossfireVn>()?.state)
}

/// The table follows the synced view.
pub fn fill_table(
    synced: Res<Synced<CrossfireVn>>,
    mut changes: MessageReader<SessionChanged<CrossfireVn>>,
    mut table: ResMut<Table>,
    mut group: ResMut<FireGroup>,
    mut tools: ResMut<TableTools>,
    mut viewer: Local<Option<Side>>,
) {
    let fresh = changes.read().last().is_none_or(|c| c.snap());
    if !synced.is_changed() {
        return;
    }
    let (Some(view), Some(rules)) = (&synced.view, &synced.rules) else {
        if table.game == Some(GAME_ID) {
            table.stands.clear();
        }
        return;
    };
    // A hand-over: the next player starts with nothing selected (the last
    // player's selection and fire group are theirs).
    if viewer.replace(view.side).is_some_and(|v| v != view.side) {
        tools.selected = None;
        *group = FireGroup::default();
    }
    let now = table_of(rules, view, &synced.legal, fresh);
    if *table != now {
        *table = now;
    }
    // A fire group keeps only stands still on the table; the point of a
    // move is forgotten when the move changes.
    group.extra.retain(|k| {
        view.stands
            .iter()
            .any(|s| s.id == *k && s.side == view.side)
    });
    if let (Some(p), Some(m)) = (group.point, &view.moving) {
        if p < m.next || p as usize >= m.points.len() {
            group.point = None;
        }
    } else if view.moving.is_none() {
        group.point = None;
    }
}

/// Fire, close combat and barrages flash where they land, on what the
/// viewing side sees.
pub fn animate(
    mut changes: MessageReader<SessionChanged<CrossfireVn>>,
    synced: Res<Synced<CrossfireVn>>,
    mut anim: MessageWriter<Animate>,
) {
    let Some(view) = &synced.view else { return };
    let seen = |id: StandId| view.stands.iter().any(|s| s.id == id);
    for change in changes.read() {
        if !change.animate() {
            continue;
        }
        for e in &change.events {
            match e {
                Event::Fire {
                    target, at, result, ..
                } if seen(*target) || *result == Effect::Kill => {
                    let colour = match result {
                        Effect::Miss => palette::board::FLASH_MISS,
                        _ => palette::board::FLASH_HIT,
                    };
                    let word = match result {
                        Effect::Miss => "Miss",
                        Effect::Pin => "Pinned",
                        Effect::Suppress => "Suppressed",
                        Effect::Kill => "Killed",
                    };
                    anim.write(Animate::flash(v2(*at), 1.5, colour, word));
                }
                Event::Killed { at, .. } | Event::Destroyed { at, .. } => {
                    anim.write(Animate::flash(v2(*at), 1.2, palette::board::FLASH_LOSS, ""));
                }
                _ => {}
            }
        }
    }
}

/// Entities of the move-under-way overlay.
#[derive(Component)]
pub struct MovingMark;

/// While reactive fire is offered, the move under way: its line and every
/// point where the mover may be fired at, numbered (the ones it has passed
/// dimmed). The board draws a move only while it is dragged.
pub fn moving_overlay(
    synced: Res<Synced<CrossfireVn>>,
    group: Res<FireGroup>,
    cams: Query<&Transform, With<BoardCamera>>,
    old: Query<Entity, With<MovingMark>>,
    mut last: Local<Option<(u64, Option<u16>, i32)>>,
    mut draw: BoardDraw,
) {
    let px = cams.iter().next().map_or(0.05, |t| t.scale.x);
    let key = (synced.generation, group.point, (px * 200.0) as i32);
    if *last == Some(key) {
        return;
    }
    *last = Some(key);
    let Some(mut p) = draw.painter() else { return };
    for e in &old {
        p.commands.entity(e).try_despawn();
    }
    let Some(m) = synced.view.as_ref().and_then(|v| v.moving.as_ref()) else {
        return;
    };
    let w = 2.5 * px;
    let mut b = ShapeBuilder::new();
    b.dashed(
        v2(m.from),
        v2(m.to),
        w,
        0.6,
        0.3,
        palette::board::INTERRUPT.color(),
    );
    for (i, pt) in m.points.iter().enumerate() {
        let c = v2(pt.at);
        let r = w * 3.5;
        let colour = if (i as u16) < m.next {
            palette::board::PATH
        } else if group.point == Some(i as u16) {
            palette::board::SELECTED
        } else {
            palette::board::INTERRUPT
        };
        b.diamond(c, r, colour.color());
    }
    let e = p.shape(&b, Vec3::new(0.0, 0.0, 60.0));
    p.commands.entity(e).insert(MovingMark);
    // Numbers far enough apart to read: a point too close to the last one
    // numbered goes without (the column lists them all), the last never.
    let mut last_label: Option<Point> = None;
    for (i, pt) in m.points.iter().enumerate() {
        if (i as u16) < m.next {
            continue;
        }
        let crowded = last_label.is_some_and(|q| (q.distance(pt.at) as f32) < 22.0 * px);
        if crowded && i + 1 < m.points.len() {
            continue;
        }
        last_label = Some(pt.at);
        let at = v2(pt.at) + Vec2::new(0.0, 14.0 * px);
        let e = p.text(
            &format!("{}", i + 1),
            at.extend(61.0),
            16.0,
            palette::ui::HEADING.color(),
        );
        p.commands.entity(e).insert((
            MovingMark,
            Transform::from_translation(at.extend(61.0)).with_scale(Vec3::splat(px)),
        ));
    }
}

/// Why a planned move stops, for the preview; `carry` is the medevac
/// action the drag makes, if it carries (6.5).
fn move_note(
    rules: &CrossfireVn,
    s: &State,
    stand: StandId,
    to: Point,
    carry: Option<&Command>,
) -> MovePreview {
    let mut pv = rules.preview_move(s, stand, to);
    if let Some(c) = carry {
        pv.refusal = rules
            .check(s, c)
            .err()
            .map(|e| format!("{} ({})", e.message, e.rule));
    }
    let t = rules.table_of(s);
    let features = rules
        .feature_at(s, pv.to)
        .into_iter()
        .filter(|i| t.features.get(*i).is_some())
        .collect();
    // The last point goes unnumbered: the note is written there.
    let last = pv.points.len().saturating_sub(1);
    let marks = pv
        .points
        .iter()
        .zip(&pv.exposed)
        .enumerate()
        .map(|(i, (p, n))| {
            let word = if i == last {
                String::new()
            } else if *n > 0 {
                format!("{}: {n} see it", i + 1)
            } else {
                format!("{}", i + 1)
            };
            (p.at, word)
        })
        .collect();
    let seen: u8 = pv.exposed.iter().copied().max().unwrap_or(0);
    use crossfire_vn_rules::view::Stop;
    let ends = match (&pv.ends_in, &pv.stopped) {
        (Some(n), _) => format!("ends in {n}"),
        // A stream or a hedge is reached, not entered (base 4.0).
        (None, Some(Stop::Terrain(n))) => format!("stops at {n}"),
        (None, Some(Stop::Stand(l))) => format!("stops against {l}"),
        (None, Some(Stop::Impassable(Some(n)))) => format!("stops at the edge of {n}"),
        _ => "ends in the open".to_string(),
    };
    let carries = match carry {
        Some(Command::Medevac {
            carrier, pick_up, ..
        }) => {
            let n = pick_up.len() + s.get(*carrier).map_or(0, |c| c.carrying.len());
            format!("carries {n} marker{}; ", if n == 1 { "" } else { "s" })
        }
        _ => String::new(),
    };
    let note = match &pv.refusal {
        Some(r) if carry.is_some() || pv.to.distance(pv.from) < 0.05 => r.clone(),
        _ => format!(
            "{carries}{ends}\n{} point{} where reactive fire may come{}",
            pv.points.len(),
            if pv.points.len() == 1 { "" } else { "s" },
            if seen > 0 {
                format!(
                    "; up to {seen} enemy stand{} you know of see it",
                    if seen == 1 { "" } else { "s" }
                )
            } else {
                String::new()
            }
        ),
    };
    MovePreview {
        stand: stand as u64,
        path: vec![pv.from, to],
        end: pv.to,
        legal: pv.to.distance(pv.from) >= 0.05 && (carry.is_none() || pv.refusal.is_none()),
        note,
        slow: vec![],
        marks,
        features,
    }
}

/// The command a drop makes, if any.
fn drop_command(
    rules: &CrossfireVn,
    s: &State,
    kind: Option<Kind>,
    stand: StandId,
    to: Point,
    group: &FireGroup,
) -> Option<Command> {
    match kind? {
        Kind::Setup => {
            let st = s.get(stand)?;
            let facing = (to + (st.facing - st.at)).snapped(HUNDREDTH);
            Some(Command::Place {
                stand,
                at: to.snapped(HUNDREDTH),
                facing,
            })
        }
        Kind::Initiative => {
            if let Some(c) = carry_command(rules, s, stand, to, group) {
                return Some(c);
            }
            // Dropped beyond where it stops: it goes as far as it may.
            let pv = rules.preview_move(s, stand, to);
            let end = if pv.refusal.is_none() {
                to
            } else {
                pv.to.snapped(HUNDREDTH)
            };
            Some(Command::Move {
                moves: vec![StandMove {
                    stand,
                    to: end,
                    facing: None,
                }],
            })
        }
        _ => None,
    }
}

/// A dragged carrier's medevac action (6.5): a stand that carries markers,
/// or has its side's markers beside it (unless the column says not to pick
/// them up), takes them along and goes as far as the rules let it; it sets
/// them down there unless the column says to keep carrying (at its own
/// edge they are evacuated either way). `None`: a plain move.
pub fn carry_command(
    rules: &CrossfireVn,
    s: &State,
    stand: StandId,
    to: Point,
    group: &FireGroup,
) -> Option<Command> {
    let st = s.get(stand)?;
    let u = rules.unit_type(st);
    if u.carry == 0 || u.flies {
        return None;
    }
    let room = (u.carry as usize).saturating_sub(st.carrying.len());
    let pick_up: Vec<_> = if group.no_pick_up {
        vec![]
    } else {
        rules
            .markers_near(s, st, rules.rules().medevac.pickup_range.value)
            .into_iter()
            .take(room)
            .collect()
    };
    if pick_up.is_empty() && st.carrying.is_empty() {
        return None;
    }
    // As far as it may go; a move that cannot start keeps the point asked
    // for, so the refusal names what stops it.
    let pv = rules.preview_move(s, stand, to);
    let end = if pv.to.distance(pv.from) < 0.05 {
        to
    } else {
        pv.to
    };
    Some(Command::Medevac {
        carrier: stand,
        pick_up,
        to: end.snapped(HUNDREDTH),
        facing: None,
        drop: !group.keep_carrying,
    })
}

/// The command a click on an enemy makes with the fire group.
pub fn fire_command(
    rules: &CrossfireVn,
    s: &State,
    kind: Option<Kind>,
    firers: &[StandId],
    target: StandId,
    group: &FireGroup,
) -> Option<Command> {
    let first = *firers.first()?;
    let armoured = s.get(target).is_some_and(|t| rules.unit_type(t).armoured);
    let support: Vec<StandId> = if group.no_support {
        vec![]
    } else {
        support_for(rules, s, firers)
    };
    let with_support = |c: &dyn Fn(Vec<StandId>) -> Command| {
        let full = c(support.clone());
        if rules.check(s, &full).is_ok() || support.is_empty() {
            full
        } else {
            c(vec![])
        }
    };
    match kind? {
        Kind::Initiative if armoured => Some(Command::AntiTank {
            stand: first,
            target,
        }),
        Kind::Initiative => Some(with_support(&|support| Command::Fire {
            firers: firers.to_vec(),
            target,
            support,
        })),
        Kind::ReactiveFire => {
            let crossfire_vn_rules::step::Step::Reaction(r) = s.step() else {
                return None;
            };
            if r.leg.stand != target {
                return None;
            }
            // The point chosen in the column, else the first ahead where
            // the group may fire.
            let points: Vec<u16> = match group.point {
                Some(p) => vec![p],
                None => (r.next..r.points.len() as u16).collect(),
            };
            let make = |point: u16, support: Vec<StandId>| {
                if armoured {
                    Command::ReactiveAntiTank {
                        stand: first,
                        point,
                    }
                } else {
                    Command::ReactiveFire {
                        firers: firers.to_vec(),
                        point,
                        support,
                    }
                }
            };
            points
                .iter()
                .map(|&p| with_support(&|sup| make(p, sup)))
                .find(|c| rules.check(s, c).is_ok())
                .or_else(|| points.first().map(|&p| make(p, vec![])))
        }
        _ => None,
    }
}

/// The RPG/LAW teams of the firers' squads that may add their die.
pub fn support_for(rules: &CrossfireVn, s: &State, firers: &[StandId]) -> Vec<StandId> {
    use crossfire_vn_rules::data::Role;
    let Some(f) = firers.first().and_then(|f| s.get(*f)) else {
        return vec![];
    };
    s.stands
        .iter()
        .filter(|o| {
            o.side == f.side
                && o.on_table()
                && matches!(rules.unit_type(o).role, Role::Rpg | Role::Law)
                && o.platoon == f.platoon
                && !firers.contains(&o.id)
        })
        .map(|o| o.id)
        .take(1)
        .collect()
}

/// The Dust Off's hint: where it may land, and what it would lift at the
/// point under the pointer.
fn dust_off_hint(rules: &CrossfireVn, s: &State, pointer: Option<Point>) -> String {
    let head = "The Dust Off is overhead: click the table where it lands (in the open or an LZ, near the Aid Post or a casualty), or wave it off (column).";
    let Some(at) = pointer.map(|p| p.snapped(0.5)) else {
        return head.into();
    };
    match rules.check(s, &Command::LandDustOff { at }) {
        Ok(()) => {
            let n = rules.dust_off_load_at(s, at).len();
            format!(
                "{head}\nHere: it lifts {n} casualt{} (within one stand width).",
                if n == 1 { "y" } else { "ies" }
            )
        }
        Err(e) => format!("{head}\nHere: {} ({})", e.message, e.rule),
    }
}

/// Prices the dragged move; turns the board's actions into commands.
#[allow(clippy::too_many_arguments)]
pub fn respond(
    synced: Res<Synced<CrossfireVn>>,
    game: Option<Res<ActiveGame>>,
    mut tools: ResMut<TableTools>,
    keys: Res<ButtonInput<KeyCode>>,
    mut group: ResMut<FireGroup>,
    mut preview: ResMut<TablePreview>,
    mut actions: MessageReader<TableAction>,
    mut out: MessageWriter<SubmitCommand>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut last_selected: Local<Option<u64>>,
) {
    // The selection before the button went down: the board selects a
    // stand that may move as soon as it is pressed, and a Shift+click (its
    // release comes frames later) adds to the group of the stand selected
    // before.
    let before = *last_selected;
    if !(mouse.pressed(MouseButton::Left) || mouse.just_released(MouseButton::Left)) {
        *last_selected = tools.selected;
    }
    let (Some(view), Some(rules), Some(s)) = (
        &synced.view,
        synced.rules.as_deref(),
        state_of(game.as_deref()),
    ) else {
        actions.clear();
        return;
    };
    let kind = synced.kind_as::<Kind>().filter(|_| synced.to_decide);
    // The dragged move, priced again only when the point changes.
    let wanted = tools.drag.filter(|_| synced.to_decide);
    let stale = match (&wanted, &preview.movement) {
        (Some(d), Some(m)) => m.stand != d.stand || m.path.last() != Some(&d.to),
        (None, None) => false,
        _ => true,
    };
    if stale {
        preview.movement = wanted.and_then(|d| {
            let stand = d.stand as StandId;
            match kind? {
                Kind::Initiative => {
                    let carry = carry_command(rules, s, stand, d.to, &group);
                    Some(move_note(rules, s, stand, d.to, carry.as_ref()))
                }
                Kind::Setup => {
                    let c = drop_command(rules, s, kind, stand, d.to, &group)?;
                    let from = s.get(stand)?.at;
                    let why = rules.check(s, &c).err();
                    Some(MovePreview {
                        stand: d.stand,
                        path: vec![from, d.to],
                        end: d.to,
                        legal: why.is_none(),
                        note: why.map_or("set up here".into(), |e| {
                            format!("{} ({})", e.message, e.rule)
                        }),
                        slow: vec![],
                        marks: vec![],
                        features: vec![],
                    })
                }
                _ => None,
            }
        });
    }
    let hint = match (kind, &view.moving) {
        (Some(Kind::Setup), _) => "Set-up: drag your stands into your zone, then Set-up done.".to_string(),
        (Some(Kind::Initiative), _) => "Drag a stand to move it (it stops entering a feature). Select a stand, Shift+click more of yours, click an enemy to fire.".into(),
        (Some(Kind::ReactiveFire), Some(m)) => format!(
            "Reactive fire: {} is moving. Select your stands (Shift+click for a group), pick a point in the column, click the mover to fire; or let it go on.",
            crate::words::Words { rules, view }.stand(m.mover)
        ),
        (Some(Kind::DustOff), _) => dust_off_hint(rules, s, tools.pointer),
        _ => match synced.decision.as_ref().and_then(|d| d.side) {
            Some(side) => format!("Waiting for {}.", Side::from_idx(side).name()),
            None => "The game is over.".into(),
        },
    };
    if preview.hint.as_deref() != Some(hint.as_str()) {
        preview.hint = Some(hint);
    }
    if preview.refusal.is_some() && (synced.is_changed() || tools.drag.is_some()) {
        preview.refusal = None;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let own = |k: u64| {
        view.stands
            .iter()
            .any(|st| st.id as u64 == k && st.side == view.side)
    };
    for a in actions.read() {
        if !synced.to_decide {
            continue;
        }
        let cmd = match *a {
            TableAction::Drop { stand, to } => drop_command(
                rules,
                s,
                kind,
                stand as StandId,
                to.snapped(HUNDREDTH),
                &group,
            ),
            TableAction::Click { stand } if own(stand) => {
                if shift {
                    // Shift+click: the stand joins (or leaves) the group.
                    // The board selected it if it may move: the group's
                    // leader stays the one selected before.
                    let id = stand as StandId;
                    if before.is_some() {
                        tools.selected = before;
                    }
                    if tools.selected.is_none() {
                        tools.selected = Some(stand);
                    } else if Some(stand) != tools.selected {
                        if let Some(i) = group.extra.iter().position(|e| *e == id) {
                            group.extra.remove(i);
                        } else {
                            group.extra.push(id);
                        }
                    }
                    None
                } else {
                    // Another stand selected: a new group.
                    if !group.firers(tools.selected).contains(&(stand as StandId)) {
                        group.extra.clear();
                    }
                    tools.selected = Some(stand);
                    None
                }
            }
            TableAction::Click { stand } => {
                let firers = group.firers(tools.selected);
                if firers.is_empty() {
                    preview.refusal =
                        Some("Select one of your stands first, then click the enemy.".into());
                    None
                } else {
                    fire_command(rules, s, kind, &firers, stand as StandId, &group)
                }
            }
            // A Dust Off overhead lands where the table is clicked (6.5).
            TableAction::Ground { at } if kind == Some(Kind::DustOff) => {
                Some(Command::LandDustOff {
                    at: at.snapped(HUNDREDTH),
                })
            }
            TableAction::Ground { .. } => {
                group.extra.clear();
                None
            }
            TableAction::Template { .. } => None,
        };
        *last_selected = tools.selected;
        if let Some(c) = cmd {
            match rules.check(s, &c) {
                Ok(()) => {
                    preview.refusal = None;
                    out.write(SubmitCommand::typed(&c));
                }
                Err(e) => preview.refusal = Some(format!("{} ({})", e.message, e.rule)),
            }
        }
    }
}

/// What a suggested command would use, for the table
/// ([`TablePreview::suggestion`]): the stands that act, and a line from
/// each to where it goes (a move, an assault, a set-up place, a carrier's
/// way) or to what it aims at (the target, the point of a move under way,
/// a barrage's centre).
pub fn suggestion_marks(view: &View, c: &Command) -> SuggestionMarks {
    let at = |id: StandId| view.stands.iter().find(|s| s.id == id).map(|s| s.at);
    let mut lines = Vec::new();
    let mut aim = |from: &[StandId], to: Option<Point>| {
        if let Some(to) = to {
            lines.extend(from.iter().filter_map(|f| at(*f)).map(|a| (a, to)));
        }
    };
    match c {
        Command::Move { moves } => {
            for m in moves {
                aim(&[m.stand], Some(m.to));
            }
        }
        Command::CloseCombat { moves, target } => {
            for m in moves {
                aim(&[m.stand], Some(m.to));
            }
            let movers: Vec<StandId> = moves.iter().map(|m| m.stand).collect();
            aim(&movers, at(*target));
        }
        Command::Fire { firers, target, .. } => aim(firers, at(*target)),
        Command::AntiTank { stand, target } => aim(&[*stand], at(*target)),
        Command::ReactiveFire { firers, point, .. } => {
            let p = view
                .moving
                .as_ref()
                .and_then(|m| m.points.get(*point as usize));
            aim(firers, p.map(|p| p.at));
        }
        Command::ReactiveAntiTank { stand, point } => {
            let p = view
                .moving
                .as_ref()
                .and_then(|m| m.points.get(*point as usize));
            aim(&[*stand], p.map(|p| p.at));
        }
        Command::Place { stand, at: to, .. } => aim(&[*stand], Some(*to)),
        Command::Medevac { carrier, to, .. } => aim(&[*carrier], Some(*to)),
        Command::DetachSniper { team, at: to } => aim(&[*team], Some(*to)),
        Command::CallFire {
            observer, at: to, ..
        } => aim(&[*observer], Some(*to)),
        _ => {}
    }
    SuggestionMarks {
        stands: Words::actor(c).into_iter().map(|s| s as u64).collect(),
        lines,
    }
}

/// The computer's suggestion, shown on the table while it stands; a move's
/// line ends where the rules would stop it (base 4.0: at the edge of the
/// first feature it enters), as a dragged move's preview does.
pub fn show_suggestion(
    suggested: Res<vt_ui::Suggested>,
    synced: Res<Synced<CrossfireVn>>,
    game: Option<Res<ActiveGame>>,
    mut preview: ResMut<TablePreview>,
    mut fit: ResMut<vt_ui::camera::CameraFit>,
) {
    let view = synced.view.as_ref();
    let state = state_of(game.as_deref());
    let rules = synced.rules.as_deref();
    vt_ui::tabletop::show_suggestion(&suggested, view, &mut preview, &mut fit, |v, c| {
        let mut marks = suggestion_marks(v, c);
        if let (Command::Move { moves }, Some(s), Some(r)) = (c, state, rules) {
            for (line, m) in marks.lines.iter_mut().zip(moves) {
                line.1 = r.preview_move(s, m.stand, m.to).to;
            }
        }
        marks
    });
}
