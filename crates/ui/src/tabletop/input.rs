//! The pointer and keys on the table: tools chosen, stands picked up and
//! dropped, tapes and sight lines pulled, templates placed.

use super::mesh::pt;
use super::{SightLine, StandDrag, Table, TableAction, TableTools, Tape, TemplateKind, Tool};
use crate::board::{BoardClick, BoardPointer};
use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use vt_core::tabletop::{HUNDREDTH, Point};

/// M, V, B choose a tool (the same key again goes back to moving; B again
/// takes the next template); R turns a template by 15° (Shift: back).
pub fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut tools: ResMut<TableTools>,
) {
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let pick = |t: Tool, tools: &mut TableTools| {
        if tools.tool == t && t != Tool::Template {
            tools.tool = Tool::Move;
        } else {
            tools.tool = t;
        }
        tools.tape = None;
        tools.sight = None;
    };
    if keys.just_pressed(KeyCode::KeyM) {
        pick(Tool::Tape, &mut tools);
    }
    if keys.just_pressed(KeyCode::KeyV) {
        pick(Tool::Sight, &mut tools);
    }
    if keys.just_pressed(KeyCode::KeyB) {
        if tools.tool == Tool::Template {
            let all = TemplateKind::ALL;
            let i = all.iter().position(|k| *k == tools.template).unwrap_or(0);
            if i + 1 == all.len() {
                tools.tool = Tool::Move;
                tools.template = all[0];
            } else {
                tools.template = all[i + 1];
            }
        } else {
            pick(Tool::Template, &mut tools);
        }
    }
    if keys.just_pressed(KeyCode::KeyR) && tools.tool == Tool::Template {
        let back = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        tools.turn = (tools.turn + if back { -15.0 } else { 15.0 }).rem_euclid(360.0);
    }
}

/// The pointer: what it is over, and what a press, drag or release does
/// with the tool in hand.
pub fn pointer(
    mouse: Res<ButtonInput<MouseButton>>,
    mut board: ResMut<BoardPointer>,
    mut clicks: MessageReader<BoardClick>,
    table: Res<Table>,
    mut tools: ResMut<TableTools>,
    mut out: MessageWriter<TableAction>,
) {
    let at = board.world.map(pt);
    let tools = &mut *tools;
    // The tools show their own readings: no stand tooltips over them.
    if tools.tool != Tool::Move && board.hovered.is_some() {
        board.hovered = None;
    }
    if tools.pointer != at {
        tools.pointer = at;
    }
    let hovered = at.and_then(|p| table.stand_at(p)).map(|s| s.key);
    if tools.hovered != hovered {
        tools.hovered = hovered;
    }
    // A selection whose stand is gone is dropped.
    if tools.selected.is_some_and(|k| table.stand(k).is_none()) {
        tools.selected = None;
    }
    // The right button lets go of what is being pulled: a dragged stand
    // stays where it was, a tape or sight line being pulled goes.
    if mouse.just_pressed(MouseButton::Right) {
        tools.drag = None;
        if tools.tape.is_some_and(|t| t.live) {
            tools.tape = None;
        }
        if tools.sight.is_some_and(|l| l.live) {
            tools.sight = None;
        }
    }
    let pressed = mouse.just_pressed(MouseButton::Left);
    let released = mouse.just_released(MouseButton::Left);
    // Taking hold of something on the table is not a click and does not
    // pan the camera: the board pointer forgets the press.
    let hold = |board: &mut BoardPointer| {
        if let Some(w) = board.window {
            board.clicks.press(w, false);
        }
    };
    match tools.tool {
        Tool::Move => {
            if pressed
                && let (Some(p), Some(s)) = (at, hovered.and_then(|k| table.stand(k)))
                && s.movable
            {
                tools.drag = Some(StandDrag {
                    stand: s.key,
                    grab: p - s.base.centre(),
                    to: s.base.centre(),
                });
                tools.selected = Some(s.key);
                hold(&mut board);
            }
            if let Some(d) = tools.drag.as_mut() {
                if let Some(p) = at {
                    let to = (p - d.grab).snapped(HUNDREDTH);
                    if d.to != to {
                        d.to = to;
                    }
                }
                if released || !mouse.pressed(MouseButton::Left) {
                    let d = *d;
                    tools.drag = None;
                    let from = table.stand(d.stand).map(|s| s.base.centre());
                    if from.is_some_and(|f| f.distance(d.to) >= 0.05) {
                        out.write(TableAction::Drop {
                            stand: d.stand,
                            to: d.to,
                        });
                    } else {
                        tools.selected = Some(d.stand);
                        out.write(TableAction::Click { stand: d.stand });
                    }
                }
            }
            for c in clicks.read() {
                let p = pt(c.world);
                match table.stand_at(p) {
                    Some(s) => {
                        let key = s.key;
                        out.write(TableAction::Click { stand: key });
                        if table
                            .stand(key)
                            .is_some_and(|s| tools.selected.is_none() || s.movable)
                        {
                            tools.selected = Some(key);
                        }
                    }
                    None => {
                        tools.selected = None;
                        out.write(TableAction::Ground { at: p });
                    }
                }
            }
        }
        Tool::Tape => {
            if pressed && let Some(p) = at {
                let (from, from_stand) = snap(&table, p);
                tools.tape = Some(Tape {
                    from,
                    from_stand,
                    to: from,
                    to_stand: from_stand,
                    live: true,
                });
                hold(&mut board);
            }
            if let Some(t) = tools.tape.as_mut().filter(|t| t.live) {
                if let Some(p) = at {
                    let (to, to_stand) = snap(&table, p);
                    let to_stand = to_stand.filter(|k| Some(*k) != t.from_stand);
                    let to = if to_stand.is_some() { to } else { p };
                    if (t.to, t.to_stand) != (to, to_stand) {
                        t.to = to;
                        t.to_stand = to_stand;
                    }
                }
                if released || !mouse.pressed(MouseButton::Left) {
                    t.live = false;
                }
            }
            clicks.clear();
        }
        Tool::Sight => {
            if pressed && let Some(p) = at {
                let (from, from_stand) = snap(&table, p);
                tools.sight = Some(SightLine {
                    from,
                    from_stand,
                    to: from,
                    live: true,
                });
                if let Some(k) = from_stand {
                    tools.selected = Some(k);
                }
                hold(&mut board);
            }
            if let Some(l) = tools.sight.as_mut().filter(|l| l.live) {
                if let Some(p) = at
                    && l.to != p
                {
                    l.to = p;
                }
                if released || !mouse.pressed(MouseButton::Left) {
                    l.live = false;
                    // A click on a stand (no drag) makes it the viewer.
                    if l.from.distance(l.to) < 0.3 {
                        tools.sight = None;
                    }
                }
            }
            clicks.clear();
        }
        Tool::Template => {
            for _ in clicks.read() {
                if let Some(t) = tools.template_now(&table) {
                    out.write(TableAction::Template {
                        kind: tools.template,
                        template: t,
                    });
                }
            }
        }
    }
}

/// A point, or the centre of the stand under it.
fn snap(table: &Table, p: Point) -> (Point, Option<u64>) {
    match table.stand_at(p) {
        Some(s) => (s.base.centre(), Some(s.key)),
        None => (p, None),
    }
}

/// Tab (Shift+Tab back) selects the next stand that may move now, and the
/// camera brings it into view.
pub fn cycle(
    mut msgs: MessageReader<crate::board::CycleUnits>,
    table: Res<Table>,
    mut tools: ResMut<TableTools>,
    mut fit: ResMut<crate::camera::CameraFit>,
) {
    for c in msgs.read() {
        let ready: Vec<&super::TableStand> = table.stands.iter().filter(|s| s.movable).collect();
        let now = tools
            .selected
            .and_then(|k| ready.iter().position(|s| s.key == k));
        if let Some(i) = c.next_index(ready.len(), now) {
            tools.selected = Some(ready[i].key);
            fit.focus = Some(super::mesh::v2(ready[i].base.centre()));
        }
    }
}
