//! 8.0 Action: Assault, with the errata's revisions: only non-Suppressed
//! units assault; attackers that become Suppressed drop out; defenders that
//! become Suppressed fight on. Three simultaneous rounds; the defenders'
//! Opportunity Fire first; Troop Quality Checks (Sappers, Leaders and units
//! stacked with an assaulting Leader pass); Civilians and Dummies removed;
//! no terrain for the attackers in round 1; defenders lose concealment
//! after it; advance into a cleared hex.

use crate::Fte;
use crate::command::{Command, Target};
use crate::data::{MoveClass, Role};
use crate::describe::{Names, verb_s};
use crate::event::{AttackKind, CheckKind, Event, Mods};
use crate::fire::Attack;
use crate::geo::{Hex, HexExt};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, Refusal, refuse};
use vt_core::sort::StableSort;

impl Fte {
    pub(crate) fn check_assault(&self, s: &State, units: &[UnitId], hex: Hex) -> Checked {
        if units.is_empty() {
            return refuse("8.0", "assault with which units?");
        }
        let side = s.active;
        let defended = s
            .units_at(hex)
            .any(|u| u.side != side && !(self.is_heli(u) && u.altitude != Altitude::Ground));
        if !defended {
            return refuse("8.0", "there is no enemy unit in that hex");
        }
        for (i, &u) in units.iter().enumerate() {
            if units[..i].contains(&u) {
                return refuse("8.0", "a unit is listed twice");
            }
            self.may_act(s, u, ActionKind::Assault)?;
            let x = s.unit(u);
            match self.class(x) {
                MoveClass::Helicopter => return refuse("8.0", "helicopters do not assault"),
                MoveClass::Vehicle if x.immobilized => {
                    return refuse("7.4", "an immobilized vehicle may not assault");
                }
                _ => {}
            }
            if self.fire_rating(x).is_none() {
                return refuse("8.0", "only Combat Units assault");
            }
            if x.suppressed {
                return refuse("8.0 (errata)", "Suppressed units may not assault");
            }
            if x.broken {
                return refuse("7.4", "a Broken unit may only Move or Recover");
            }
            if !x.hex.is_some_and(|h| h.is_adjacent(hex)) {
                return refuse(
                    "8.0",
                    "assaulting units start adjacent to the hex assaulted",
                );
            }
        }
        Ok(())
    }

    pub(crate) fn assault_declare_candidates(
        &self,
        s: &State,
        units: &[UnitId],
        out: &mut Vec<Command>,
    ) {
        let side = s.active;
        let mut hexes: Vec<Hex> = s
            .on_map()
            .filter(|u| u.side != side)
            .filter_map(|u| u.hex)
            .collect();
        hexes.stable_sort();
        hexes.dedup();
        for h in hexes {
            let able: Vec<UnitId> = units
                .iter()
                .copied()
                // Only units next to the hex may assault it (8.0): the
                // others are refused without the whole check.
                .filter(|u| {
                    s.unit(*u).hex.is_some_and(|x| x.is_adjacent(h))
                        && self.check_assault(s, &[*u], h).is_ok()
                })
                .collect();
            if !able.is_empty() {
                out.push(Command::Assault {
                    units: able,
                    hex: h,
                });
            }
        }
    }

    pub(crate) fn begin_assault(
        &self,
        s: &mut State,
        units: &[UnitId],
        hex: Hex,
        ev: &mut Vec<Event>,
    ) {
        let side = s.active;
        for &u in units {
            self.record_action(s, u, ActionKind::Assault);
            if s.unit(u).concealed {
                self.lose_concealment(s, u, ev);
            }
        }
        ev.push(Event::AssaultDeclared {
            units: units.to_vec(),
            hex,
        });
        s.push(Step::Assault(Assault {
            side,
            hex,
            attackers: units.to_vec(),
            round: 0,
            stage: AssaultStage::Opening,
            fired: Vec::new(),
            results: Vec::new(),
        }));
        // The defenders' Opportunity Fire at the assaulting units.
        let only: Vec<UnitId> = s
            .units_at(hex)
            .filter(|u| u.side != side)
            .map(|u| u.id)
            .collect();
        s.push(Step::OpportunityFire(OpFire {
            kind: TriggerKind::Assault,
            targets: units.to_vec(),
            hex,
            only,
            stealthy: false,
            on_trail: false,
            passed: Vec::new(),
        }));
    }

    /// The attack an Assault round command makes (before its roll).
    pub(crate) fn assault_attack(
        &self,
        s: &State,
        a: &Assault,
        firers: Vec<UnitId>,
        primary: UnitId,
        target: UnitId,
    ) -> Attack {
        let mut att = Attack::led_by(
            self,
            s,
            AttackKind::Assault { round: a.round },
            firers,
            primary,
            target,
        );
        // Round 1: the assaulting units get no terrain modifier.
        att.no_terrain = a.stage == AssaultStage::DefenderFire && a.round == 1;
        att
    }

    fn assault_mut(s: &mut State) -> Option<&mut Assault> {
        match s.top_mut() {
            Some(Step::Assault(a)) => Some(a),
            _ => None,
        }
    }

    /// Attackers still fighting: on the map, not Broken, not Suppressed,
    /// next to the hex (a Broken one has retreated).
    pub(crate) fn attackers_in(&self, s: &State, a: &Assault) -> Vec<UnitId> {
        a.attackers
            .iter()
            .copied()
            .filter(|u| {
                let x = s.unit(*u);
                x.status == UnitStatus::OnMap
                    && !x.broken
                    && !x.suppressed
                    && x.hex.is_some_and(|h| h.is_adjacent(a.hex))
            })
            .collect()
    }

    /// Defenders in the hex that are not Broken.
    fn defenders_in(&self, s: &State, a: &Assault) -> Vec<UnitId> {
        s.units_at(a.hex)
            .filter(|u| {
                u.side != a.side
                    && !u.broken
                    && !(self.is_heli(u) && u.altitude != Altitude::Ground)
            })
            .map(|u| u.id)
            .collect()
    }

    fn able_to_fire(&self, s: &State, a: &Assault) -> Vec<UnitId> {
        match a.stage {
            AssaultStage::AttackerFire => self
                .attackers_in(s, a)
                .into_iter()
                .filter(|u| !a.fired.contains(u))
                .collect(),
            AssaultStage::DefenderFire => self
                .defenders_in(s, a)
                .into_iter()
                .filter(|u| !a.fired.contains(u) && self.can_shoot(s.unit(*u)))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn round_targets(&self, s: &State, a: &Assault) -> Vec<UnitId> {
        match a.stage {
            AssaultStage::AttackerFire => s
                .units_at(a.hex)
                .filter(|u| u.side != a.side)
                .map(|u| u.id)
                .collect(),
            // 8.0 and errata: attackers that broke (and retreated) or
            // became Suppressed no longer take part; the defenders fire
            // only at those still in the fight.
            AssaultStage::DefenderFire => self.attackers_in(s, a),
            _ => Vec::new(),
        }
    }

    /// Automatic steps of the assault; true if it did something.
    pub(crate) fn assault_step(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Step::Assault(a) = s.step().clone() else {
            return false;
        };
        match a.stage {
            AssaultStage::Opening => {
                // Troop Quality Checks to go in (8.0).
                let leaders_hexes: Vec<Hex> = a
                    .attackers
                    .iter()
                    .filter(|u| {
                        self.is_leader(s.unit(**u)) && s.unit(**u).status == UnitStatus::OnMap
                    })
                    .filter_map(|u| s.unit(*u).hex)
                    .collect();
                let mut going = Vec::new();
                for &u in &a.attackers {
                    let x = s.unit(u).clone();
                    if x.status != UnitStatus::OnMap || x.broken || x.suppressed {
                        continue;
                    }
                    let auto = self.role(&x) == Role::Sapper
                        || self.is_leader(&x)
                        || x.hex.is_some_and(|h| leaders_hexes.contains(&h));
                    if auto || self.tq_check(s, u, CheckKind::Assault, Mods::new(), ev) {
                        going.push(u);
                    }
                }
                // Civilians and Dummies in the hex are revealed and removed.
                let fakes: Vec<UnitId> = s
                    .units_at(a.hex)
                    .filter(|u| u.side != a.side && self.is_marker_only(u))
                    .map(|u| u.id)
                    .collect();
                for f in fakes {
                    if self.role(s.unit(f)) == Role::Dummy {
                        self.remove_dummy(s, f, ev);
                    } else {
                        self.eliminate(s, f, "Civilians in an assaulted hex (8.0)", ev);
                    }
                }
                let x = Self::assault_mut(s).expect("assault on top");
                x.attackers = going;
                x.round = 1;
                x.stage = AssaultStage::AttackerFire;
                let a2 = x.clone();
                if !a2.attackers.is_empty() {
                    ev.push(Event::AssaultRound { round: 1 });
                }
                if a2.attackers.is_empty() {
                    self.end_assault(s, ev);
                } else if self.defenders_in(s, &a2).is_empty() {
                    Self::assault_mut(s).expect("assault").stage = AssaultStage::Advance;
                }
                true
            }
            AssaultStage::AttackerFire | AssaultStage::DefenderFire => {
                if self.able_to_fire(s, &a).is_empty() || self.round_targets(s, &a).is_empty() {
                    // `fired` keeps both sides' firers until the round is
                    // resolved (Sappers are removed after their attack).
                    let x = Self::assault_mut(s).expect("assault");
                    x.stage = if a.stage == AssaultStage::AttackerFire {
                        AssaultStage::DefenderFire
                    } else {
                        AssaultStage::Resolve
                    };
                    return true;
                }
                false
            }
            AssaultStage::Resolve => {
                self.resolve_round(s, ev);
                true
            }
            AssaultStage::Advance => {
                let able = self.attackers_in(s, &a);
                if able.is_empty() || !self.defenders_in(s, &a).is_empty() {
                    self.end_assault(s, ev);
                    return true;
                }
                false
            }
        }
    }

    fn resolve_round(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(Step::Assault(mut a)) = s.pop() else {
            return;
        };
        let results = std::mem::take(&mut a.results);
        let base = s.steps.len();
        // Attackers' results first, so that the defenders' retreats end up
        // on top of the stack: when both break, the defenders go first (8.0).
        let (def_res, att_res): (Vec<Pending>, Vec<Pending>) = results
            .into_iter()
            .partition(|p| s.unit(p.target).side != a.side);
        for p in att_res.iter().chain(def_res.iter()) {
            if p.sapper.is_some() {
                // 27.0: a Sapper's hit on a unit in a Bunker destroys the Bunker.
                if let Some(f) = s.unit(p.target).fort
                    && s.caches[f as usize].kind == CacheKind::Bunker
                {
                    s.caches[f as usize].gone = true;
                    ev.push(Event::CacheDestroyed {
                        cache: f,
                        kind: CacheKind::Bunker,
                    });
                    for u in s.units.iter_mut() {
                        if u.fort == Some(f) {
                            u.fort = None;
                        }
                    }
                }
            }
            let cause = s.unit(p.target).side.other();
            self.apply_effect(s, p.target, p.effect, cause, Some(p.firer_hex), false, ev);
        }
        let pushed: Vec<Step> = s.steps.drain(base..).collect();
        // Sappers go after their first attack (27.0).
        for &sp in &a.fired {
            if self.role(s.unit(sp)) == Role::Sapper && s.unit(sp).status == UnitStatus::OnMap {
                self.eliminate(s, sp, "a Sapper is removed after its attack (27.0)", ev);
            }
        }
        // Defenders lose concealment after the first round.
        if a.round == 1 {
            let ds: Vec<UnitId> = s
                .units_at(a.hex)
                .filter(|u| u.side != a.side && u.concealed)
                .map(|u| u.id)
                .collect();
            for d in ds {
                self.lose_concealment(s, d, ev);
            }
        }
        let rounds = self.tables.assault_rounds.value;
        let att_left = self.attackers_in(s, &a);
        let def_left = self.defenders_in(s, &a);
        a.fired.clear();
        if def_left.is_empty() && !att_left.is_empty() {
            a.stage = AssaultStage::Advance;
        } else if att_left.is_empty() || def_left.is_empty() || a.round >= rounds {
            // Over: nobody may advance.
            a.stage = AssaultStage::Advance;
            a.attackers.clear();
        } else {
            a.round += 1;
            a.stage = AssaultStage::AttackerFire;
            ev.push(Event::AssaultRound { round: a.round });
        }
        s.push(Step::Assault(a));
        s.steps.extend(pushed);
    }

    fn end_assault(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(pos) = s.steps.iter().rposition(|i| matches!(i, Step::Assault(_))) {
            s.steps.remove(pos);
        }
        ev.push(Event::AssaultEnds);
    }

    pub(crate) fn assault_candidates(&self, s: &State, out: &mut Vec<Command>) {
        let Step::Assault(a) = s.step() else {
            return;
        };
        if a.stage == AssaultStage::Advance {
            let able = self.attackers_in(s, a);
            for &u in &able {
                out.push(Command::Advance { units: vec![u] });
            }
            if able.len() > 1 {
                out.push(Command::Advance { units: able });
            }
            out.push(Command::NoAdvance);
            return;
        }
        let able = self.able_to_fire(s, a);
        let side = if a.stage == AssaultStage::AttackerFire {
            a.side
        } else {
            a.side.other()
        };
        for t in self.round_targets(s, a) {
            let tr = self.fire_target_ref(s, side, t);
            for &p in &able {
                out.push(Command::AssaultFire {
                    firers: vec![p],
                    primary: p,
                    target: tr,
                });
            }
            if able.len() > 1 {
                out.push(Command::AssaultFire {
                    firers: able.clone(),
                    primary: able[0],
                    target: tr,
                });
            }
        }
        out.push(Command::AssaultHold);
    }

    fn fire_target_ref(&self, s: &State, _side: Side, u: UnitId) -> Target {
        self.target_ref(s, u)
    }

    pub(crate) fn check_assault_round(&self, s: &State, c: &Command) -> Checked {
        let Step::Assault(a) = s.step() else {
            return refuse("8.0", "no assault under way");
        };
        match (a.stage, c) {
            (AssaultStage::Advance, Command::NoAdvance) => Ok(()),
            (AssaultStage::Advance, Command::Advance { units }) => {
                let able = self.attackers_in(s, a);
                if units.is_empty() || units.iter().any(|u| !able.contains(u)) {
                    return refuse(
                        "8.0",
                        "only attackers that are not Suppressed or Broken may advance",
                    );
                }
                for u in units {
                    if !self.can_stack(s, *u, a.hex) {
                        return refuse("6.2", "stacking limit");
                    }
                }
                Ok(())
            }
            (AssaultStage::AttackerFire | AssaultStage::DefenderFire, Command::AssaultHold) => {
                Ok(())
            }
            (
                AssaultStage::AttackerFire | AssaultStage::DefenderFire,
                Command::AssaultFire {
                    firers,
                    primary,
                    target,
                },
            ) => {
                let able = self.able_to_fire(s, a);
                if !firers.contains(primary) {
                    return refuse("7.1", "the Primary Firing Unit must be one of the firers");
                }
                let mut seen = Vec::new();
                for f in firers {
                    if seen.contains(f) {
                        return refuse("8.0", "a unit is listed twice");
                    }
                    seen.push(*f);
                    if !able.contains(f) {
                        return refuse(
                            "8.0",
                            "that unit may not fire in this round (one target per round)",
                        );
                    }
                }
                let side = if a.stage == AssaultStage::AttackerFire {
                    a.side
                } else {
                    a.side.other()
                };
                let t = self
                    .resolve_target(s, side, *target)
                    .filter(|t| self.round_targets(s, a).contains(t))
                    .ok_or_else(|| {
                        Refusal::new("8.0", "target a unit on the other side of this assault")
                    })?;
                let _ = t;
                Ok(())
            }
            _ => refuse("8.0", "fire, hold or advance"),
        }
    }

    pub(crate) fn execute_assault_round(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let Step::Assault(a) = s.step().clone() else {
            return;
        };
        match c {
            Command::NoAdvance => self.end_assault(s, ev),
            Command::Advance { units } => {
                for &u in units {
                    let x = s.unit_mut(u);
                    x.hex = Some(a.hex);
                    x.fort = None;
                }
                ev.push(Event::Advanced {
                    units: units.clone(),
                    hex: a.hex,
                });
                // Enter a Bunker or Foxholes there if there is room (8.0, 24.0).
                let side = a.side;
                if let Some(f) = s
                    .caches
                    .iter()
                    .find(|c| {
                        !c.gone
                            && c.hex == a.hex
                            && c.kind.is_fort()
                            && (c.owner == side || c.revealed)
                    })
                    .map(|c| c.id)
                {
                    let cap = self.tables.fire.fortification_capacity.value as usize;
                    for &u in units {
                        let inside = s.on_map().filter(|x| x.fort == Some(f)).count();
                        if inside < cap && self.is_infantry(s.unit(u)) {
                            s.unit_mut(u).fort = Some(f);
                        }
                    }
                }
                // No Opportunity Fire at the advance (8.0), but a Booby Trap
                // still goes off under the first unit in (26.0).
                self.booby_trap(s, units, a.hex, ev);
                self.overrun_markers(s, side, a.hex, ev);
                self.end_assault(s, ev);
            }
            Command::AssaultHold => {
                let able = self.able_to_fire(s, &a);
                let x = Self::assault_mut(s).expect("assault");
                x.fired.extend(able);
            }
            Command::AssaultFire {
                firers,
                primary,
                target,
            } => {
                let side = if a.stage == AssaultStage::AttackerFire {
                    a.side
                } else {
                    a.side.other()
                };
                let Some(t) = self.resolve_target(s, side, *target) else {
                    return;
                };
                let p = s.unit(*primary).clone();
                let att = self.assault_attack(s, &a, firers.clone(), *primary, t);
                let effect = self.roll_attack(s, &att, ev);
                let sapper = firers
                    .iter()
                    .copied()
                    .find(|f| self.role(s.unit(*f)) == Role::Sapper);
                let x = Self::assault_mut(s).expect("assault");
                x.fired.extend(firers.iter().copied());
                if let Some(e) = effect {
                    x.results.push(Pending {
                        target: t,
                        effect: e,
                        firer_hex: p.hex.unwrap_or(a.hex),
                        sapper,
                    });
                }
            }
            _ => {}
        }
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_assault(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::AssaultDeclared { units: us, hex } => LogEntry::text(format!(
                "{} assault{} {hex} (8.0).",
                n.units(us),
                verb_s(us.len())
            )),
            Event::AssaultRound { round } => {
                LogEntry::text(format!("Assault round {round} (8.0)."))
            }
            Event::AssaultEnds => LogEntry::text("The assault ends (8.0)."),
            Event::Advanced { units: us, hex } => LogEntry::text(format!(
                "{} advance{} into {hex} (8.0).",
                n.units(us),
                verb_s(us.len())
            )),
            other => n.misrouted(other),
        }
    }
}
