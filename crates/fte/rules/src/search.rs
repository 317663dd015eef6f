//! 9.0 Action: Search, with Searching markers (-1 each on later searches).

use crate::Fte;
use crate::data::VpEvent;
use crate::describe::Names;
use crate::event::{CheckKind, Drm, Event, Mods};
use crate::state::*;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, refuse};

impl Fte {
    /// Hidden markers of the enemy of `side` in the unit's hex.
    pub(crate) fn hidden_enemy_caches(
        &self,
        s: &State,
        side: Side,
        hex: crate::geo::Hex,
    ) -> Vec<u16> {
        s.caches
            .iter()
            .filter(|c| !c.gone && !c.revealed && c.owner != side && c.hex == hex)
            .map(|c| c.id)
            .collect()
    }

    pub(crate) fn check_search(&self, s: &State, unit: UnitId) -> Checked {
        self.may_act(s, unit, ActionKind::Search)?;
        let u = s.unit(unit);
        if !self.is_infantry(u) || self.is_marker_only(u) {
            return refuse("9.0", "only Infantry Units search");
        }
        let Some(h) = u.hex else {
            return refuse("9.0", "not on the map");
        };
        if self.hidden_enemy_caches(s, u.side, h).is_empty() {
            return refuse("9.0", "there is no hidden marker in this hex");
        }
        Ok(())
    }

    pub(crate) fn search(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        self.record_action(s, unit, ActionKind::Search);
        let u = s.unit(unit).clone();
        let Some(hex) = u.hex else { return };
        let mut mods = Mods::new();
        if u.searching > 0 {
            mods.push((
                Drm::Searching,
                (u.searching as i32 * self.tables.searching.value) as i8,
            ));
        }
        let pass = self.tq_check(s, unit, CheckKind::Search, mods, ev);
        let mut found = Vec::new();
        if pass {
            s.unit_mut(unit).searching = 0;
            for c in self.hidden_enemy_caches(s, u.side, hex) {
                found.push((c, s.caches[c as usize].kind));
                self.reveal_cache(s, c, u.side, ev);
            }
        } else {
            s.unit_mut(unit).searching += 1;
        }
        ev.push(Event::Searched {
            unit,
            found,
            marked: s.marked(&[unit]),
        });
        if self.seen_by_visible_enemy(s, unit) {
            self.lose_concealment(s, unit, ev);
        }
        // 9.0: subject to Opportunity Fire after the check.
        self.trigger_opfire(s, TriggerKind::Search, &[unit], hex, false, false);
    }

    /// Reveals a hidden marker for `by` (a search or an interrogation):
    /// Dummy Caches are removed; VP for caches, bunkers and tunnels.
    pub(crate) fn reveal_cache(&self, s: &mut State, cache: u16, by: Side, ev: &mut Vec<Event>) {
        let c = &mut s.caches[cache as usize];
        if c.revealed || c.gone {
            return;
        }
        c.revealed = true;
        let kind = c.kind;
        if kind == CacheKind::Dummy {
            c.gone = true;
        }
        ev.push(Event::CacheRevealed { cache, kind });
        if let Some(e) = Self::reveal_vp(kind) {
            self.award(s, by, e, ev);
        }
    }

    /// What finding a marker of this kind scores (29.0), if anything.
    pub(crate) fn reveal_vp(kind: CacheKind) -> Option<VpEvent> {
        match kind {
            CacheKind::Rice | CacheKind::Medical | CacheKind::Ammo => Some(VpEvent::RevealCache),
            CacheKind::Bunker => Some(VpEvent::RevealBunker),
            CacheKind::Tunnel => Some(VpEvent::RevealTunnel),
            CacheKind::Dummy | CacheKind::Foxholes => None,
        }
    }

    /// What a patrol searches for: caches and tunnels (23.0, 25.0; VP
    /// when found, 29.0). Bunkers and foxholes are fighting positions, a
    /// Dummy nothing.
    pub(crate) fn searched_for(&self, kind: CacheKind) -> bool {
        matches!(
            Self::reveal_vp(kind),
            Some(VpEvent::RevealCache | VpEvent::RevealTunnel)
        )
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_search(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::Searched {
                unit,
                found,
                marked,
            } => n.naming(marked, &[*unit], None, |who, _| {
                if found.is_empty() {
                    format!("{who} searches (9.0).")
                } else {
                    format!(
                        "{who} searches and finds {} (9.0).",
                        found
                            .iter()
                            .map(|(_, k)| k.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            }),
            other => n.misrouted(other),
        }
    }
}
