//! 28.0 Civilians: NVA/VC markers that only move, never stack with NVA/VC
//! infantry, do not make anyone lose concealment, and can be interrogated
//! by a US unit entering their hex (after Opportunity Fire): a passed Troop
//! Quality Check makes the NVA/VC player reveal two Concealed units or
//! Hidden Caches within 8 hexes; the Civilians go either way.

use crate::Fte;
use crate::command::Command;
use crate::describe::Names;
use crate::event::{CheckKind, Event, Mods};
use crate::geo::{Hex, HexExt};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure};

impl Fte {
    /// The chance to interrogate lapses if the unit or the Civilians are
    /// gone (the Opportunity Fire came first); false while it stands.
    pub(crate) fn settle_interrogation(
        &self,
        s: &mut State,
        unit: UnitId,
        civilians: UnitId,
    ) -> bool {
        if self.alive(s, unit) && self.alive(s, civilians) {
            return false;
        }
        s.pop();
        true
    }

    /// The reveal ends when its count is used up or nothing is left to
    /// reveal; false while the NVA/VC player must choose.
    pub(crate) fn settle_reveal(&self, s: &mut State, near: Hex, left: u8) -> bool {
        if left > 0 && !self.reveal_candidates(s, near).is_empty() {
            return false;
        }
        s.pop();
        true
    }

    pub(crate) fn check_reveal(&self, s: &State, c: &Command) -> Checked {
        let ok = match s.step() {
            Step::Reveal { near, .. } => self.reveal_candidates(s, *near).contains(c),
            _ => false,
        };
        ensure(
            ok,
            "28.0",
            "reveal a Concealed unit or Hidden Cache within 8 hexes",
        )
    }

    pub(crate) fn reveal_candidates(&self, s: &State, near: Hex) -> Vec<Command> {
        let r = self.tables.interrogation_range.value as u32;
        let mut out: Vec<Command> = s
            .on_map()
            .filter(|u| {
                u.side == Side::Nva && u.concealed && u.hex.is_some_and(|h| h.distance(near) <= r)
            })
            .map(|u| Command::RevealUnit { unit: u.id })
            .collect();
        out.extend(
            s.caches
                .iter()
                .filter(|c| {
                    !c.gone && !c.revealed && c.owner == Side::Nva && c.hex.distance(near) <= r
                })
                .map(|c| Command::RevealCache { cache: c.id }),
        );
        out
    }

    pub(crate) fn execute_interrogate(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let Some(Step::Interrogate { unit, civilians }) = s.pop() else {
            return;
        };
        if !matches!(c, Command::Interrogate) {
            return;
        }
        let pass = self.tq_check(s, unit, CheckKind::Interrogation, Mods::new(), ev);
        ev.push(Event::Interrogated { unit, pass });
        let near = s.unit(unit).hex;
        self.eliminate(
            s,
            civilians,
            "Civilians removed after interrogation (28.0)",
            ev,
        );
        if let (true, Some(h)) = (pass, near) {
            s.push(Step::Reveal {
                near: h,
                left: self.tables.interrogation_reveals.value,
            });
        }
    }

    pub(crate) fn execute_reveal(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        match c {
            Command::RevealUnit { unit } => {
                ev.push(Event::Revealed {
                    unit: Some(*unit),
                    cache: None,
                });
                self.lose_concealment(s, *unit, ev);
            }
            Command::RevealCache { cache } => {
                ev.push(Event::Revealed {
                    unit: None,
                    cache: Some(*cache),
                });
                self.reveal_cache(s, *cache, Side::Us, ev);
            }
            _ => return,
        }
        if let Some(Step::Reveal { left, .. }) = s.top_mut() {
            *left = left.saturating_sub(1);
        }
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_civilians(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::Interrogated { unit, pass } => LogEntry::text(format!(
                "{} interrogates the Civilians: {} (28.0).",
                n.u(*unit),
                if *pass {
                    "they talk"
                } else {
                    "nothing learned"
                }
            )),
            Event::Revealed { .. } => {
                LogEntry::text("The interrogation gives something away (28.0).")
            }
            other => n.misrouted(other),
        }
    }
}
