//! What the computer player needs from Front Toward Enemy
//! ([`vt_core::AiRules`]): the enemy's secrets re-dealt, a position's
//! chance, and how to play on.
//!
//! What a side may not know (see [`crate::view`]): which enemy counter sits
//! under each Concealed marker (a Dummy or a Leader alike, 18.0, 22.0),
//! what each enemy "?" cache marker is (23.0-25.0), where the enemy plotted
//! its Booby Traps or Claymores (26.0), where the enemy's fire missions
//! will land (13.0), and the dice to come.

use crate::Fte;
use crate::data::Nation;
use crate::geo::Hex;
use crate::state::*;
use crate::step::Step;
use vt_core::{AiRules, GameRng, SideIdx};

impl AiRules for Fte {
    fn determinize(&self, state: &State, side: SideIdx, rng: &mut GameRng) -> State {
        let me = Side::from_idx(side);
        let mut s = state.clone();
        self.redeal_concealed(&mut s, me, rng);
        self.redeal_caches(&mut s, me, rng);
        self.replot_traps(&mut s, me, rng);
        self.retarget_missions(&mut s, me, rng);
        s.rng = GameRng::seeded(rng.next_u64());
        s
    }

    /// The VP race with what is on the board: the VP each side has, the
    /// objectives each would score if the game ended now, and a share of
    /// the combat strength each still has, read as a chance through a
    /// logistic curve (a tie goes to the NVA/VC, 29.0).
    fn evaluate(&self, s: &State, side: SideIdx) -> f64 {
        if let Some(w) = s.result {
            return (w.idx() as SideIdx == side) as u8 as f64;
        }
        let mut margin = (s.vp[0] - s.vp[1]) as f64 - 0.5;
        if let Some(sc) = self.scenario(&s.scenario) {
            for o in &sc.objectives {
                let held = s.units_at(o.hex).any(|u| {
                    u.side == o.side && !u.broken && !self.is_marker_only(u) && !self.is_heli(u)
                });
                let contested = s
                    .units_at(o.hex)
                    .any(|u| u.side != o.side && !self.is_marker_only(u));
                let share = if held && !contested { 0.8 } else { 0.2 };
                let sign = if o.side == Side::Us { 1.0 } else { -1.0 };
                margin += sign * share * o.vp as f64;
            }
        }
        let mut strength = [0.0f64; 2];
        for u in s.units.iter().filter(|u| {
            matches!(
                u.status,
                UnitStatus::OnMap | UnitStatus::Loaded | UnitStatus::Waiting
            )
        }) {
            if let Some(f) = self.fire_rating(u) {
                let mut w = f as f64;
                if u.broken {
                    w *= 0.4;
                } else if u.suppressed {
                    w *= 0.7;
                }
                strength[u.side.idx()] += w;
            }
        }
        let total = strength[0] + strength[1];
        if total > 0.0 {
            margin += 6.0 * (strength[0] - strength[1]) / total;
        }
        let us = 1.0 / (1.0 + (-margin / 4.0).exp());
        if side == 0 { us } else { 1.0 - us }
    }
}

impl Fte {
    /// Units the decision under way names by id (the activation, a move,
    /// an interrupt): their identity stays, or the state would not hold
    /// together (a Leader activation led by a Dummy).
    fn busy_units(&self, s: &State) -> Vec<UnitId> {
        let mut v = Vec::new();
        if let Some(a) = &s.activation {
            v.extend(a.eligible.iter().copied());
            v.extend(a.acted.iter().map(|x| x.unit));
            match &a.kind {
                ActivationKind::Leader(u) | ActivationKind::Unit(u) => v.push(*u),
                ActivationKind::Helicopters(us) => v.extend(us.iter().copied()),
                ActivationKind::Hex(_) => {}
            }
        }
        for step in &s.steps {
            match step {
                Step::Moving(m) => v.extend(m.units.iter().copied()),
                Step::OpportunityFire(o) => {
                    v.extend(o.targets.iter().copied());
                    v.extend(o.only.iter().copied());
                    v.extend(o.passed.iter().copied());
                }
                Step::Retreat { unit, .. } | Step::HeliDown { unit, .. } => v.push(*unit),
                Step::Assault(a) => {
                    v.extend(a.attackers.iter().copied());
                    v.extend(a.fired.iter().copied());
                    v.extend(a.results.iter().map(|r| r.target));
                    v.extend(s.units_at(a.hex).map(|u| u.id));
                }
                Step::Interrogate { unit, civilians } => v.extend([*unit, *civilians]),
                Step::PendingLoad { carrier, units, .. } => {
                    v.push(*carrier);
                    v.extend(units.iter().copied());
                }
                _ => {}
            }
        }
        v
    }

    /// 18.0, 22.0: the counters under the enemy's Concealed markers are
    /// dealt again among the markers of the same look (VC or NVA): type,
    /// reduction, Low Ammo and Hero travel with the counter, the marker's
    /// hex, number and state stay.
    fn redeal_concealed(&self, s: &mut State, me: Side, rng: &mut GameRng) {
        let busy = self.busy_units(s);
        for nation in [Nation::Nva, Nation::Vc, Nation::Us] {
            let ids: Vec<UnitId> = s
                .units
                .iter()
                .filter(|u| {
                    u.side != me
                        && u.status == UnitStatus::OnMap
                        && u.concealed
                        && self.nation(u) == nation
                        && !busy.contains(&u.id)
                })
                .map(|u| u.id)
                .collect();
            if ids.len() < 2 {
                continue;
            }
            let mut counters: Vec<(u16, bool, bool, bool)> = ids
                .iter()
                .map(|&i| {
                    let u = s.unit(i);
                    (u.ty, u.reduced, u.low_ammo, u.hero)
                })
                .collect();
            counters.sort_unstable();
            rng.shuffle(&mut counters);
            for (&i, (ty, reduced, low_ammo, hero)) in ids.iter().zip(counters) {
                let u = s.unit_mut(i);
                u.ty = ty;
                u.reduced = reduced;
                u.low_ammo = low_ammo;
                u.hero = hero;
            }
        }
    }

    /// 23.0-25.0: the enemy's face-down cache markers are dealt again among
    /// themselves; the enemy's units then sit in whichever of them turned
    /// out to be Bunkers or Foxholes.
    fn redeal_caches(&self, s: &mut State, me: Side, rng: &mut GameRng) {
        let secret: Vec<usize> = s
            .caches
            .iter()
            .enumerate()
            .filter(|(_, c)| c.owner != me && !c.revealed && !c.gone)
            .map(|(i, _)| i)
            .collect();
        if secret.len() < 2 {
            return;
        }
        let mut kinds: Vec<CacheKind> = secret.iter().map(|&i| s.caches[i].kind).collect();
        kinds.sort_unstable_by_key(|k| *k as u8);
        rng.shuffle(&mut kinds);
        for (&i, k) in secret.iter().zip(kinds) {
            s.caches[i].kind = k;
        }
        let secret_ids: Vec<u16> = secret.iter().map(|&i| s.caches[i].id).collect();
        let enemies: Vec<UnitId> = s
            .units
            .iter()
            .filter(|u| {
                u.side != me
                    && u.status == UnitStatus::OnMap
                    && (u.fort.is_none_or(|f| secret_ids.contains(&f)))
            })
            .map(|u| u.id)
            .collect();
        for &u in &enemies {
            s.unit_mut(u).fort = None;
        }
        for u in enemies {
            self.dig_in(s, u);
            // Only into a secret one: who sits in a revealed fort is known.
            if s.unit(u).fort.is_some_and(|f| !secret_ids.contains(&f)) {
                s.unit_mut(u).fort = None;
            }
        }
    }

    /// 26.0: the enemy's unspent traps are plotted again where the enemy
    /// could have plotted them.
    fn replot_traps(&self, s: &mut State, me: Side, rng: &mut GameRng) {
        let mut secret: Vec<TrapKind> = Vec::new();
        s.traps.retain(|t| {
            if t.owner != me && !t.used {
                secret.push(t.kind);
                false
            } else {
                true
            }
        });
        if secret.is_empty() {
            return;
        }
        let owner = me.other();
        secret.sort_unstable_by_key(|k| *k as u8);
        let mut hexes: Vec<Hex> = self.plot_hexes(s, owner);
        hexes.sort_unstable();
        for kind in secret {
            if hexes.is_empty() {
                break;
            }
            let h = hexes.swap_remove(rng.index(hexes.len()));
            s.traps.push(Trap {
                owner,
                kind,
                hex: h,
                used: false,
            });
        }
    }

    /// 13.0: an enemy fire mission lands on one of this side's hexes, which
    /// one unknown.
    fn retarget_missions(&self, s: &mut State, me: Side, rng: &mut GameRng) {
        let mut mine: Vec<Hex> = s
            .on_map()
            .filter(|u| u.side == me && !self.is_marker_only(u))
            .filter_map(|u| u.hex)
            .collect();
        mine.sort_unstable();
        mine.dedup();
        if mine.is_empty() {
            return;
        }
        for m in s.missions.iter_mut().filter(|m| m.side != me) {
            m.target = mine[rng.index(mine.len())];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Role;
    use std::sync::Arc;
    use vt_core::{Ruleset, Setup};

    // 18.0, 22.0, 23.0, 26.0, 13.0: a sample looks the same to the side
    // it is for, and does not depend on the enemy's secrets.
    #[test]
    fn samples_keep_what_each_side_sees() {
        for sc in ["hamlet-search", "trail-ambush", "hot-lz", "night-perimeter"] {
            vt_core::testing::check_determinize(
                Arc::new(Fte::embedded()),
                &Setup::new(sc, 2),
                2,
                11,
            );
        }
    }

    // 22.0: which Concealed marker is a Dummy is really unknown: across
    // samples for the US, the Dummy sits under more than one marker.
    #[test]
    fn dummies_move_between_markers() {
        let rules = Fte::embedded();
        let mut s = rules.new_game(&Setup::new("hamlet-search", 1)).unwrap();
        let mut ev = Vec::new();
        while matches!(s.step(), Step::Setup { .. }) {
            let c = rules.legal(&s).into_iter().last().unwrap();
            rules.execute(&mut s, &c, &mut ev);
        }
        let markers_of_dummies = |s: &State| -> Vec<u16> {
            s.units
                .iter()
                .filter(|u| u.concealed && rules.role(u) == Role::Dummy)
                .map(|u| u.marker)
                .collect()
        };
        let mut seen = std::collections::BTreeSet::new();
        let mut rng = GameRng::seeded(3);
        for _ in 0..30 {
            seen.insert(markers_of_dummies(&rules.determinize(&s, 0, &mut rng)));
        }
        assert!(seen.len() > 3, "{seen:?}");
        // The NVA/VC know their own Dummies.
        let own = rules.determinize(&s, 1, &mut rng);
        assert_eq!(markers_of_dummies(&own), markers_of_dummies(&s));
    }
}
