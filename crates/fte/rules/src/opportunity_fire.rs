//! 21.0 Opportunity Fire: a decision for the other side at each hex entered
//! and each triggering action. The units that try take a Troop Quality
//! Check (a Concealed unit keeps its marker unless it fires); those that
//! pass may combine (same hex or adjacent), with -1 for a Concealed Primary
//! Firing Unit; any result ends the target's activation; a retreating
//! Broken unit may be fired on again, once, even by units already marked.

use crate::Fte;
use crate::command::Command;
use crate::data::Effect;
use crate::describe::Names;
use crate::event::{AttackKind, CheckKind, Event, Mods};
use crate::fire::{Attack, OpFireCtx};
use crate::geo::{Hex, HexExt};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, Refusal, refuse};

impl Fte {
    pub(crate) fn trigger_opfire(
        &self,
        s: &mut State,
        kind: TriggerKind,
        targets: &[UnitId],
        hex: Hex,
        stealthy: bool,
        on_trail: bool,
    ) {
        let targets: Vec<UnitId> = targets
            .iter()
            .copied()
            .filter(|u| s.unit(*u).status == UnitStatus::OnMap)
            .collect();
        if targets.is_empty() {
            return;
        }
        s.push(Step::OpportunityFire(OpFire {
            kind,
            targets,
            hex,
            only: Vec::new(),
            stealthy,
            on_trail,
            passed: Vec::new(),
        }));
    }

    /// The attack an Opportunity Fire command makes (before its roll).
    pub(crate) fn opfire_attack(
        &self,
        s: &State,
        o: &OpFire,
        firers: Vec<UnitId>,
        primary: UnitId,
        target: UnitId,
    ) -> Attack {
        let mut a = Attack::led_by(self, s, AttackKind::OpFire, firers, primary, target);
        a.opfire = Some(OpFireCtx {
            stealthy: o.stealthy,
            on_trail: o.on_trail,
            fort: o.kind == TriggerKind::Fort,
            primary_concealed: s.unit(primary).concealed,
        });
        a
    }

    pub(crate) fn opfire_side(&self, s: &State, o: &OpFire) -> Side {
        o.targets
            .first()
            .map(|u| s.unit(*u).side.other())
            .unwrap_or(s.active.other())
    }

    pub(crate) fn live_targets(&self, s: &State, o: &OpFire) -> Vec<UnitId> {
        o.targets
            .iter()
            .copied()
            .filter(|u| {
                let x = s.unit(*u);
                x.status == UnitStatus::OnMap
                    && (o.kind == TriggerKind::Assault || x.hex == Some(o.hex))
            })
            .collect()
    }

    /// Units that may still attempt Opportunity Fire at this trigger.
    pub fn opfire_eligible(&self, s: &State, o: &OpFire) -> Vec<UnitId> {
        let side = self.opfire_side(s, o);
        let targets = self.live_targets(s, o);
        if targets.is_empty() {
            return Vec::new();
        }
        let blockers = self.fire_blockers(s, side);
        s.on_map()
            .filter(|u| {
                u.side == side
                    && self.can_shoot(u)
                    && !u.broken
                    && (o.only.is_empty() || o.only.contains(&u.id))
                    && if o.kind == TriggerKind::Retreat {
                        !u.op_fired_retreat
                    } else {
                        !u.op_fired
                    }
                    && targets
                        .iter()
                        .any(|t| self.fire_reach(s, u.id, *t, false, &blockers).is_ok())
            })
            .map(|u| u.id)
            .collect()
    }

    /// 21.0 as the mover may know it. Whether the other side is given the
    /// chance, and when, may not tell the mover more than its own view
    /// does: were the chance given only when a real unit could fire, the
    /// mover, who sees only Concealed markers, would learn that one of
    /// them is a Fire Team with a line of sight and not a Dummy, and a US
    /// unit waiting on a plotted Claymore would give the Claymore away
    /// (26.0). So the chance is given whenever any enemy unit or marker
    /// could see a target from where the mover sees it: a Concealed marker
    /// always counts (anything may be under it); a Visible unit counts
    /// unless it is Broken, or cannot fire (no Fire Rating, already Op
    /// Fired), all of which the mover sees. A Visible US infantry unit in
    /// or next to the hex also counts when the NVA/VC act, since it could
    /// fire a Claymore there. The side given a chance no unit of its can
    /// take just holds fire (a hot-seat screen lets it do so unseen).
    /// Chosen over standing orders set in secret: it keeps the book's
    /// procedure (the other player is asked at each hex, 21.0) and needs
    /// nothing set up in advance.
    pub fn opfire_offered(&self, s: &State, o: &OpFire) -> bool {
        let side = self.opfire_side(s, o);
        let mut eyes: Vec<crate::line_of_sight::Eye> = self
            .live_targets(s, o)
            .into_iter()
            .filter_map(|t| self.eye(s, t))
            .collect();
        // A moving stack is several targets in one place: one line of
        // sight from each firer serves them all.
        eyes.dedup();
        if eyes.is_empty() {
            return false;
        }
        let spent = |u: &Unit| {
            if o.kind == TriggerKind::Retreat {
                u.op_fired_retreat
            } else {
                u.op_fired
            }
        };
        let map = self.map_of(s);
        s.on_map().any(|u| {
            if u.side != side {
                return false;
            }
            let claymore_man = side == Side::Us
                && !u.broken
                && self.is_infantry(u)
                && u.hex.is_some_and(|h| h == o.hex || h.is_adjacent(o.hex));
            let could_fire = (o.only.is_empty() || o.only.contains(&u.id))
                && (u.concealed || !u.broken && self.can_shoot(u) && !spent(u));
            (claymore_man || could_fire)
                && self
                    .eye(s, u.id)
                    .is_some_and(|e| eyes.iter().any(|t| self.sight_on(map, e, *t)))
        })
    }

    /// The chance lapses when it is not offered (see
    /// [`Fte::opfire_offered`]), or when its targets are gone; false while
    /// it stands.
    pub(crate) fn settle_opfire(&self, s: &mut State, o: &OpFire) -> bool {
        let lapses = if o.passed.is_empty() {
            !self.opfire_offered(s, o)
        } else {
            self.live_targets(s, o).is_empty()
        };
        if lapses {
            s.pop();
        }
        lapses
    }

    pub(crate) fn opfire_candidates(&self, s: &State, out: &mut Vec<Command>) {
        let Step::OpportunityFire(o) = s.step() else {
            return;
        };
        if o.passed.is_empty() {
            let el = self.opfire_eligible(s, o);
            for &u in &el {
                out.push(Command::OpFireAttempt { units: vec![u] });
            }
            if el.len() > 1 {
                out.push(Command::OpFireAttempt { units: el });
            }
        } else {
            for t in self.live_targets(s, o) {
                let tr = self.target_ref(s, t);
                for &p in &o.passed {
                    out.push(Command::OpFire {
                        primary: p,
                        supporters: Vec::new(),
                        target: tr,
                    });
                    let group = self.combine_group(s, p, &o.passed);
                    if group.len() > 1 {
                        out.push(Command::OpFire {
                            primary: p,
                            supporters: group.into_iter().filter(|u| *u != p).collect(),
                            target: tr,
                        });
                    }
                }
            }
        }
        if self.claymore_chance(s, o) {
            out.push(Command::Detonate);
        }
        out.push(Command::OpFirePass);
    }

    /// 26.0: the US may fire a plotted Claymore when the NVA/VC enter its
    /// hex or assault it. The chance comes with the Opportunity Fire chance
    /// the move gives anyway, so that being asked gives the Claymore away
    /// to nobody.
    pub(crate) fn claymore_chance(&self, s: &State, o: &OpFire) -> bool {
        self.opfire_side(s, o) == Side::Us && self.claymore_ready(s, o.hex)
    }

    /// The passed units connected to `p` by being in the same or adjacent hexes.
    fn combine_group(&self, s: &State, p: UnitId, passed: &[UnitId]) -> Vec<UnitId> {
        let mut g = vec![p];
        let mut changed = true;
        while changed {
            changed = false;
            for &u in passed {
                if g.contains(&u) {
                    continue;
                }
                let h = s.unit(u).hex;
                let near = g.iter().any(|x| {
                    s.unit(*x)
                        .hex
                        .zip(h)
                        .is_some_and(|(a, b)| a == b || a.is_adjacent(b))
                });
                if near {
                    g.push(u);
                    changed = true;
                }
            }
        }
        g
    }

    pub(crate) fn check_opfire(&self, s: &State, c: &Command) -> Checked {
        let Step::OpportunityFire(o) = s.step() else {
            return refuse("21.0", "no Opportunity Fire chance now");
        };
        match c {
            Command::OpFirePass => Ok(()),
            Command::Detonate => {
                if self.claymore_chance(s, o) {
                    Ok(())
                } else {
                    refuse(
                        "26.0",
                        "no Claymore plotted here with unbroken US infantry in or next to it",
                    )
                }
            }
            Command::OpFireAttempt { units } => {
                if !o.passed.is_empty() {
                    return refuse("21.0", "fire with the units that passed, or hold fire");
                }
                if units.is_empty() {
                    return refuse("21.0", "attempt with which units?");
                }
                let el = self.opfire_eligible(s, o);
                let mut seen = Vec::new();
                for u in units {
                    if seen.contains(u) {
                        return refuse("21.0", "a unit is listed twice");
                    }
                    seen.push(*u);
                    if !el.contains(u) {
                        return refuse(
                            "21.0",
                            "only unbroken Combat Units with a LoS, not yet marked Op Fired this activation, may try",
                        );
                    }
                }
                Ok(())
            }
            Command::OpFire {
                primary,
                supporters,
                target,
            } => {
                if o.passed.is_empty() {
                    return refuse("21.0", "take the Troop Quality Check first");
                }
                if !o.passed.contains(primary) || supporters.iter().any(|u| !o.passed.contains(u)) {
                    return refuse("21.0", "only units that passed their check may fire");
                }
                let mut all = vec![*primary];
                for u in supporters {
                    if all.contains(u) {
                        return refuse("21.0", "a unit is listed twice");
                    }
                    all.push(*u);
                }
                let group = self.combine_group(s, *primary, &all);
                if group.len() != all.len() {
                    return refuse(
                        "21.0",
                        "combining units must be in the same hex as, or next to, a unit they combine with",
                    );
                }
                let side = self.opfire_side(s, o);
                let t = self
                    .resolve_target(s, side, *target)
                    .filter(|t| self.live_targets(s, o).contains(t))
                    .ok_or_else(|| {
                        Refusal::new(
                            "21.0",
                            "Opportunity Fire only at the unit that triggered it",
                        )
                    })?;
                let blockers = self.fire_blockers(s, side);
                for u in &all {
                    if self.fire_reach(s, *u, t, false, &blockers).is_err() {
                        return refuse(
                            "7.3",
                            "a firing unit has no line of sight or is out of range",
                        );
                    }
                }
                Ok(())
            }
            _ => refuse("21.0", "attempt Opportunity Fire or pass"),
        }
    }

    pub(crate) fn execute_opfire(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let Step::OpportunityFire(o) = s.step().clone() else {
            return;
        };
        let side = self.opfire_side(s, &o);
        match c {
            // The Claymore goes off; the chance to fire stays open for
            // whoever is left to fire at.
            Command::Detonate => self.detonate(s, o.hex, ev),
            Command::OpFirePass => {
                if o.passed.is_empty() {
                    s.pop();
                    ev.push(Event::OpFireDeclined { side });
                } else {
                    // Held fire: those units keep their concealment.
                    if let Some(Step::OpportunityFire(x)) = s.top_mut() {
                        x.passed.clear();
                    }
                    ev.push(Event::OpFireDeclined { side });
                }
            }
            Command::OpFireAttempt { units } => {
                let mut passed = Vec::new();
                for &u in units {
                    let ok = self.tq_check(s, u, CheckKind::OpFire, Mods::new(), ev);
                    let x = s.unit_mut(u);
                    if o.kind == TriggerKind::Retreat {
                        x.op_fired_retreat = true;
                    }
                    x.op_fired = true;
                    if ok {
                        passed.push(u);
                    }
                }
                if let Some(Step::OpportunityFire(x)) = s.top_mut() {
                    x.passed = passed;
                }
            }
            Command::OpFire {
                primary,
                supporters,
                target,
            } => {
                let Some(t) = self.resolve_target(s, side, *target) else {
                    return;
                };
                if let Some(Step::OpportunityFire(x)) = s.top_mut() {
                    x.passed.clear();
                }
                let mut firers = vec![*primary];
                firers.extend(supporters.iter().copied());
                let p = s.unit(*primary).clone();
                let a = self.opfire_attack(s, &o, firers.clone(), *primary, t);
                // The -1 for a Concealed firer was taken above; firing in
                // sight of a Visible enemy then gives the firers away.
                self.firing_reveals(s, &firers, ev);
                let effect = self.roll_attack(s, &a, ev);
                if let Some(e) = effect {
                    let from = ev.len();
                    self.apply_effect(s, t, e, side, p.hex, false, ev);
                    // 7.4: any result ends the target unit's activation,
                    // whatever it did to the unit (an Immobilized vehicle, an
                    // S on one already Suppressed); only an S? whose check
                    // was passed is no result, and S and S? do nothing to
                    // a Sapper (27.0).
                    let sapper_s = matches!(e, Effect::S | Effect::SQ)
                        && self.role(s.unit(t)) == crate::data::Role::Sapper;
                    let shrugged_off = sapper_s
                        || e == Effect::SQ
                            && ev[from..].iter().any(|x| {
                                matches!(
                                    x,
                                    Event::Check {
                                        unit,
                                        kind: CheckKind::PossibleSuppression,
                                        pass: true,
                                        ..
                                    } if *unit == t
                                )
                            });
                    if !shrugged_off {
                        self.end_unit_activation(s, t);
                    }
                }
            }
            _ => {}
        }
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_opportunity_fire(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::OpFireDeclined { side } => {
                LogEntry::text(format!("{} holds its fire (21.0).", side.name()))
            }
            other => n.misrouted(other),
        }
    }
}
