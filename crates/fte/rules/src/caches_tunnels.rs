//! 11.0 Action: Destroy Cache and 23.0-25.0 Hidden Caches, Tunnels,
//! Bunkers and Foxholes (the hidden markers themselves are set up from the
//! scenario; searching is in [`crate::search`], their fire modifiers in
//! [`crate::fire`], entering and leaving them in [`crate::movement`]).

use crate::Fte;
use crate::data::VpEvent;
use crate::describe::Names;
use crate::event::Event;
use crate::state::*;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, refuse};

impl Fte {
    /// Revealed enemy markers in the hex that a Destroy Cache action removes.
    pub(crate) fn destroyable(&self, s: &State, side: Side, hex: crate::geo::Hex) -> Vec<u16> {
        s.caches
            .iter()
            .filter(|c| {
                !c.gone
                    && c.revealed
                    && c.owner != side
                    && c.hex == hex
                    && c.kind != CacheKind::Foxholes
            })
            .map(|c| c.id)
            .collect()
    }

    pub(crate) fn check_destroy_cache(&self, s: &State, unit: UnitId) -> Checked {
        self.may_act(s, unit, ActionKind::DestroyCache)?;
        let u = s.unit(unit);
        if u.side != Side::Us || !self.is_infantry(u) || self.is_marker_only(u) {
            return refuse("11.0", "only American Infantry Units destroy caches");
        }
        if u.suppressed {
            return refuse("11.0", "a Suppressed unit may not destroy a cache");
        }
        let Some(h) = u.hex else {
            return refuse("11.0", "not on the map");
        };
        if self.destroyable(s, u.side, h).is_empty() {
            return refuse(
                "11.0",
                "no revealed Cache, Tunnel or Bunker here (Foxholes cannot be destroyed)",
            );
        }
        Ok(())
    }

    pub(crate) fn destroy_cache(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        self.record_action(s, unit, ActionKind::DestroyCache);
        let u = s.unit(unit).clone();
        let Some(hex) = u.hex else { return };
        for c in self.destroyable(s, u.side, hex) {
            let kind = s.caches[c as usize].kind;
            s.caches[c as usize].gone = true;
            for x in s.units.iter_mut() {
                if x.fort == Some(c) {
                    x.fort = None;
                }
            }
            ev.push(Event::CacheDestroyed { cache: c, kind });
            let vp = match kind {
                CacheKind::Bunker => VpEvent::DestroyBunker,
                CacheKind::Tunnel => VpEvent::DestroyTunnel,
                _ => VpEvent::DestroyCache,
            };
            self.award(s, u.side, vp, ev);
        }
        if self.seen_by_visible_enemy(s, unit) {
            self.lose_concealment(s, unit, ev);
        }
        self.trigger_opfire(s, TriggerKind::DestroyCache, &[unit], hex, false, false);
    }

    /// At set-up: an infantry unit in a hex with its side's Bunker or
    /// Foxholes goes inside if there is room (24.0, 25.0).
    pub(crate) fn dig_in(&self, s: &mut State, unit: UnitId) {
        let u = s.unit(unit);
        if !self.is_infantry(u) || self.is_marker_only(u) {
            return;
        }
        let (side, hex) = (u.side, u.hex);
        let cap = self.tables.fire.fortification_capacity.value as usize;
        let fort = s
            .caches
            .iter()
            .find(|c| !c.gone && c.kind.is_fort() && c.owner == side && Some(c.hex) == hex)
            .map(|c| c.id);
        if let Some(f) = fort
            && s.on_map().filter(|x| x.fort == Some(f)).count() < cap
        {
            s.unit_mut(unit).fort = Some(f);
        }
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_caches_tunnels(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::CacheRevealed { kind, .. } => LogEntry::text(format!(
                "A hidden marker is revealed: {} (23.0).",
                kind.name()
            )),
            Event::CacheDestroyed { kind, .. } => {
                LogEntry::text(format!("{} destroyed (11.0).", kind.name()))
            }
            other => n.misrouted(other),
        }
    }
}
