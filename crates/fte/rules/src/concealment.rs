//! 18.0 Check for Concealment (the US first), 18.1 Concealment and its loss,
//! 18.2 Becoming Concealed.

use crate::Fte;
use crate::command::Command;
use crate::data::{Role, Terrain};
use crate::describe::Names;
use crate::event::{CheckKind, Drm, Event, Mods};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure};

impl Fte {
    pub(crate) fn concealment_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        for u in self.conceal_candidates(s, side) {
            out.push(Command::Conceal { unit: u });
        }
        out.push(Command::ConcealDone);
    }

    pub(crate) fn check_conceal(&self, s: &State, side: Side, unit: UnitId) -> Checked {
        ensure(
            self.conceal_candidates(s, side).contains(&unit),
            "18.2",
            "only Visible infantry not in Clear terrain may try to become Concealed",
        )
    }

    pub(crate) fn execute_concealment(
        &self,
        s: &mut State,
        side: Side,
        c: &Command,
        ev: &mut Vec<Event>,
    ) {
        match c {
            Command::Conceal { unit } => self.try_conceal(s, *unit, ev),
            _ => self.end_concealment(s, side, ev),
        }
    }

    /// The side's check ends by itself when none of its units may try;
    /// false while one may.
    pub(crate) fn settle_concealment(
        &self,
        s: &mut State,
        side: Side,
        ev: &mut Vec<Event>,
    ) -> bool {
        if !self.conceal_candidates(s, side).is_empty() {
            return false;
        }
        self.end_concealment(s, side, ev);
        true
    }

    /// 18.0: the US checks first, then the NVA/VC; then the turn ends (20.0).
    fn end_concealment(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        match side {
            Side::Us => s.set_phase(Step::Concealment { side: Side::Nva }),
            Side::Nva => self.end_turn(s, ev),
        }
    }

    /// Visible enemy units (not Civilians, not loaded) with a LoS to `unit`.
    pub fn visible_enemies_seeing(&self, s: &State, unit: UnitId) -> Vec<UnitId> {
        let Some(me) = self.eye(s, unit) else {
            return Vec::new();
        };
        let side = s.unit(unit).side;
        s.on_map()
            .filter(|e| {
                e.side != side
                    && !e.concealed
                    && !self.is_marker_only(e)
                    && self.eye(s, e.id).is_some_and(|ee| self.sight(s, ee, me))
            })
            .map(|e| e.id)
            .collect()
    }

    pub fn seen_by_visible_enemy(&self, s: &State, unit: UnitId) -> bool {
        let Some(me) = self.eye(s, unit) else {
            return false;
        };
        let side = s.unit(unit).side;
        // The map looked up once, not for every enemy.
        let map = self.map_of(s);
        s.on_map().any(|e| {
            e.side != side
                && !e.concealed
                && !self.is_marker_only(e)
                && self
                    .eye(s, e.id)
                    .is_some_and(|ee| self.sight_on(map, ee, me))
        })
    }

    /// Removes a Concealed marker; a Dummy that loses it is removed (22.0).
    pub(crate) fn lose_concealment(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        if !s.unit(unit).concealed {
            return;
        }
        s.unit_mut(unit).concealed = false;
        ev.push(Event::LostConcealment { unit });
        if self.role(s.unit(unit)) == Role::Dummy {
            self.remove_dummy(s, unit, ev);
        }
    }

    /// Units of `side` that may become Concealed now (18.2).
    pub(crate) fn conceal_candidates(&self, s: &State, side: Side) -> Vec<UnitId> {
        let map = self.map_of(s);
        s.on_map()
            .filter(|u| {
                u.side == side
                    && !u.concealed
                    && !u.tried_concealment
                    && self.is_infantry(u)
                    && self.role(u) != Role::Civilians
                    && u.hex
                        .and_then(|h| map.terrain(h))
                        .is_some_and(|t| t != Terrain::Clear)
            })
            .map(|u| u.id)
            .collect()
    }

    /// 18.2: automatic out of sight of Visible enemies; otherwise a Troop
    /// Quality Check with the terrain's Concealment Modifier and +1 for each
    /// Visible enemy unit with a LoS.
    pub(crate) fn try_conceal(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let seers = self.visible_enemies_seeing(s, unit);
        let ok = if seers.is_empty() {
            true
        } else {
            let t = s
                .unit(unit)
                .hex
                .and_then(|h| self.map_of(s).terrain(h))
                .unwrap_or(Terrain::Clear);
            let mut mods = Mods::new();
            let cm = self.tables.terrain(t).concealment.value;
            if cm != 0 {
                mods.push((Drm::Concealment(t), cm as i8));
            }
            mods.push((Drm::VisibleEnemies, seers.len() as i8));
            self.tq_check(s, unit, CheckKind::Concealment, mods, ev)
        };
        if ok {
            self.conceal(s, unit);
            ev.push(Event::GainedConcealment { unit });
        } else {
            // Tried and failed: it may not try again this phase.
            s.unit_mut(unit).tried_concealment = true;
        }
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_concealment(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::LostConcealment { unit } => {
                LogEntry::text(format!("{} loses its Concealed marker (18.1).", n.u(*unit)))
            }
            Event::GainedConcealment { unit } => {
                // The other side reads the marker only (18.0); the owner
                // reads which of its units went under it (it read
                // "Concealed marker 15 becomes Concealed" of its own team).
                let public = format!("{} becomes Concealed (18.2).", n.u(*unit));
                match n.owner(*unit) {
                    Some(side) => LogEntry::text(format!(
                        "{} becomes Concealed (18.2).",
                        n.owner_marked(*unit)
                    ))
                    .private_to(side, public),
                    None => LogEntry::text(public),
                }
            }
            other => n.misrouted(other),
        }
    }
}
