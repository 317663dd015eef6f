//! 7.4 Fire Effects: every Target Effects Table result for infantry,
//! Civilians, Dummies, Sappers, vehicles and helicopters; retreats of
//! Broken units; Leaders' chits lost with them.

use crate::Fte;
use crate::command::Command;
use crate::data::{Effect, MoveClass, Role, VpEvent, Weapon};
use crate::describe::Names;
use crate::event::{AttackKind, CheckKind, EntryKind, Event, Mods};
use crate::geo::{Hex, HexExt};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure};
use vt_core::sort::StableSort;

impl Fte {
    /// Applies a result to `unit`. `cause` is the side whose fire it was;
    /// `from` the Primary Firing Unit's hex (retreats go away from it);
    /// `mission`: a Fire Mission result (a Broken unit stays put).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn apply_effect(
        &self,
        s: &mut State,
        unit: UnitId,
        effect: Effect,
        cause: Side,
        from: Option<Hex>,
        mission: bool,
        ev: &mut Vec<Event>,
    ) {
        let u = s.unit(unit).clone();
        if u.status != UnitStatus::OnMap {
            return;
        }
        let role = self.role(&u);
        // Possible Suppression first becomes S or nothing.
        let effect = if effect == Effect::SQ {
            if role == Role::Sapper {
                ev.push(Event::Effect {
                    marked: None,
                    unit,
                    effect,
                    outcome: "no effect on a Sapper (27.0)".into(),
                });
                return;
            }
            if self.tq_check(s, unit, CheckKind::PossibleSuppression, Mods::new(), ev) {
                ev.push(Event::Effect {
                    marked: None,
                    unit,
                    effect,
                    outcome: "no effect".into(),
                });
                return;
            }
            Effect::S
        } else {
            effect
        };
        match role {
            Role::Dummy => {
                ev.push(Event::Effect {
                    marked: None,
                    unit,
                    effect,
                    outcome: "a Dummy: revealed and removed (22.0)".into(),
                });
                self.remove_dummy(s, unit, ev);
                return;
            }
            Role::Civilians => {
                ev.push(Event::Effect {
                    marked: None,
                    unit,
                    effect,
                    outcome: "Civilians removed (7.4, 28.0)".into(),
                });
                self.eliminate(s, unit, "Civilians hit", ev);
                if matches!(effect, Effect::KIA | Effect::WIA) {
                    self.award(s, cause, VpEvent::CivilianCasualty, ev);
                }
                return;
            }
            Role::Sapper => {
                if matches!(effect, Effect::KIA | Effect::WIA | Effect::B) {
                    ev.push(Event::Effect {
                        marked: None,
                        unit,
                        effect,
                        outcome: "the Sapper is eliminated; no marker, no VP (27.0)".into(),
                    });
                    self.eliminate(s, unit, "Sapper hit", ev);
                } else {
                    ev.push(Event::Effect {
                        marked: None,
                        unit,
                        effect,
                        outcome: "no effect on a Sapper (27.0)".into(),
                    });
                }
                return;
            }
            _ => {}
        }
        match self.class(&u) {
            MoveClass::Infantry => self.infantry_effect(s, unit, effect, cause, from, mission, ev),
            MoveClass::Vehicle => self.vehicle_effect(s, unit, effect, cause, from, mission, ev),
            MoveClass::Helicopter => self.heli_effect(s, unit, effect, cause, ev),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn infantry_effect(
        &self,
        s: &mut State,
        unit: UnitId,
        effect: Effect,
        cause: Side,
        from: Option<Hex>,
        mission: bool,
        ev: &mut Vec<Event>,
    ) {
        if s.unit(unit).concealed {
            s.unit_mut(unit).concealed = false;
            ev.push(Event::LostConcealment { unit });
        }
        match effect {
            Effect::KIA | Effect::WIA => {
                let kind = if effect == Effect::KIA {
                    CasualtyKind::Kia
                } else {
                    CasualtyKind::Wia
                };
                let u = s.unit(unit).clone();
                let hex = u.hex.unwrap_or(Hex::new(0, 0));
                let flips = !u.reduced && self.troops(&u) >= 3 && self.ty(&u).reduced.is_some();
                if flips {
                    s.unit_mut(unit).reduced = true;
                    ev.push(Event::Effect {
                        marked: None,
                        unit,
                        effect,
                        outcome: format!(
                            "flipped to its reduced side; a {} marker is placed",
                            kind.name()
                        ),
                    });
                    // 7.5.2: fewer men carry less; the rest is put down here
                    // (an Injury, part of the unit, last).
                    let mut carried: Vec<(bool, u16)> = s
                        .carried_by(unit)
                        .map(|c| (c.kind == CasualtyKind::Injury, c.id))
                        .collect();
                    carried.stable_sort();
                    let keep = self.carry_capacity(s.unit(unit));
                    let drop = carried.len().saturating_sub(keep);
                    for &(_, c) in carried.iter().take(drop) {
                        let cas = &mut s.casualties[c as usize];
                        cas.carrier = None;
                        cas.hex = Some(hex);
                        ev.push(Event::Dropped { casualty: c, hex });
                    }
                } else {
                    ev.push(Event::Effect {
                        marked: None,
                        unit,
                        effect,
                        outcome: format!("removed and replaced by a {} marker", kind.name()),
                    });
                    self.eliminate(s, unit, "casualty", ev);
                }
                // 29.0: the side causing enemy casualties scores (not for its own).
                if cause != u.side {
                    self.award(
                        s,
                        cause,
                        if kind == CasualtyKind::Kia {
                            VpEvent::CauseKia
                        } else {
                            VpEvent::CauseWia
                        },
                        ev,
                    );
                }
                if self.is_leader(&u) {
                    self.lose_chit(s, u.side, ev);
                }
                self.place_casualty(s, u.side, kind, hex, ev);
            }
            Effect::B => {
                ev.push(Event::Effect {
                    marked: None,
                    unit,
                    effect,
                    outcome: if mission {
                        "Broken; stays in place (Fire Mission)".into()
                    } else {
                        "Broken: retreats two hexes".into()
                    },
                });
                self.break_unit(s, unit, from, mission);
            }
            Effect::S | Effect::SQ => {
                let u = s.unit(unit).clone();
                if u.suppressed || u.broken {
                    ev.push(Event::Effect {
                        marked: None,
                        unit,
                        effect,
                        outcome: "already Suppressed or Broken: Broken and retreats".into(),
                    });
                    self.break_unit(s, unit, from, mission);
                } else {
                    s.unit_mut(unit).suppressed = true;
                    ev.push(Event::Effect {
                        marked: None,
                        unit,
                        effect,
                        outcome: "Suppressed".into(),
                    });
                }
                self.end_unit_activation(s, unit);
            }
        }
    }

    fn break_unit(&self, s: &mut State, unit: UnitId, from: Option<Hex>, mission: bool) {
        let x = s.unit_mut(unit);
        x.broken = true;
        x.suppressed = false;
        self.end_unit_activation(s, unit);
        if mission {
            return;
        }
        let away = from.or(s.unit(unit).hex).unwrap_or(Hex::new(0, 0));
        for u in s.units.iter_mut() {
            u.op_fired_retreat = false;
        }
        s.push(Step::Retreat {
            unit,
            away,
            left: self.tables.retreat_hexes.value,
            refused: Vec::new(),
        });
    }

    #[allow(clippy::too_many_arguments)]
    fn vehicle_effect(
        &self,
        s: &mut State,
        unit: UnitId,
        effect: Effect,
        cause: Side,
        from: Option<Hex>,
        mission: bool,
        ev: &mut Vec<Event>,
    ) {
        match effect {
            Effect::KIA => self.destroy_vehicle(s, unit, cause, from, mission, ev),
            Effect::WIA => {
                if s.unit(unit).immobilized {
                    self.destroy_vehicle(s, unit, cause, from, mission, ev);
                } else {
                    s.unit_mut(unit).immobilized = true;
                    ev.push(Event::Effect {
                        marked: None,
                        unit,
                        effect,
                        outcome: "Immobilized".into(),
                    });
                    self.award_against(
                        s,
                        cause,
                        s.unit(unit).side,
                        VpEvent::VehicleImmobilized,
                        ev,
                    );
                }
            }
            Effect::B => self.machine_mark(s, unit, effect, "Broken", ev),
            Effect::S | Effect::SQ => self.machine_mark(s, unit, effect, "Suppressed", ev),
        }
    }

    /// B and S on a vehicle or helicopter: the marker (a Broken one ends its
    /// activation); a repeat has no further effect (7.4).
    fn machine_mark(
        &self,
        s: &mut State,
        unit: UnitId,
        effect: Effect,
        outcome: &str,
        ev: &mut Vec<Event>,
    ) {
        let x = s.unit(unit);
        let outcome = if effect == Effect::B {
            s.unit_mut(unit).broken = true;
            self.end_unit_activation(s, unit);
            outcome
        } else if x.broken || x.suppressed {
            "already Suppressed or Broken: no additional effect"
        } else {
            s.unit_mut(unit).suppressed = true;
            outcome
        };
        ev.push(Event::Effect {
            marked: None,
            unit,
            effect,
            outcome: outcome.into(),
        });
    }

    /// 7.4: the passengers take their Dual Purpose results as if fired on
    /// by the same attack (a Broken one retreats from the firer unless it
    /// was a Fire Mission).
    fn destroy_vehicle(
        &self,
        s: &mut State,
        unit: UnitId,
        cause: Side,
        from: Option<Hex>,
        mission: bool,
        ev: &mut Vec<Event>,
    ) {
        let u = s.unit(unit).clone();
        let hex = u.hex.unwrap_or(Hex::new(0, 0));
        ev.push(Event::Effect {
            marked: None,
            unit,
            effect: Effect::KIA,
            outcome: "Destroyed: passengers dismount and roll on the Dual Purpose column".into(),
        });
        let passengers: Vec<UnitId> = self.passengers(s, unit);
        for c in s.casualties.iter_mut() {
            if !c.gone && c.carrier == Some(unit) {
                c.carrier = None;
                c.hex = Some(hex);
            }
        }
        self.eliminate(s, unit, "vehicle destroyed", ev);
        self.award_against(s, cause, u.side, VpEvent::VehicleDestroyed, ev);
        self.place_casualty(s, u.side, CasualtyKind::Kia, hex, ev);
        for p in passengers {
            let x = s.unit_mut(p);
            x.status = UnitStatus::OnMap;
            x.hex = Some(hex);
            x.carrier = None;
            let r = s.d10();
            let e = self.tables.effect(Weapon::DualPurpose, r);
            ev.push(Event::Attack {
                marked: None,
                kind: AttackKind::Passenger,
                firers: Vec::new(),
                primary: None,
                primary_ty: None,
                target: p,
                target_ty: s.unit(p).ty,
                target_concealed: false,
                rating: 0,
                weapon: Weapon::DualPurpose,
                mods: Mods::new(),
                roll: 0,
                hit: true,
                effect_roll: Some(r),
                effect: Some(e),
            });
            self.apply_effect(s, p, e, cause, from, mission, ev);
        }
    }

    fn heli_effect(
        &self,
        s: &mut State,
        unit: UnitId,
        effect: Effect,
        cause: Side,
        ev: &mut Vec<Event>,
    ) {
        let u = s.unit(unit).clone();
        match effect {
            Effect::KIA => self.destroy_helicopter_by(s, unit, Some(cause), ev),
            Effect::WIA => self.down_helicopter(s, unit, cause, ev),
            Effect::B => {
                if u.broken {
                    self.down_helicopter(s, unit, cause, ev);
                } else {
                    self.machine_mark(s, unit, effect, "Broken: may only move off the map", ev);
                }
            }
            Effect::S | Effect::SQ => self.machine_mark(s, unit, effect, "Suppressed", ev),
        }
    }

    fn down_helicopter(&self, s: &mut State, unit: UnitId, cause: Side, ev: &mut Vec<Event>) {
        let u = s.unit(unit).clone();
        if u.downed {
            self.destroy_helicopter_by(s, unit, Some(cause), ev);
            return;
        }
        ev.push(Event::Effect {
            marked: None,
            unit,
            effect: Effect::WIA,
            outcome: "Downed: comes down at Ground level".into(),
        });
        self.award_against(s, cause, u.side, VpEvent::HelicopterDowned, ev);
        let hex = u.hex.unwrap_or(Hex::new(0, 0));
        let radius = match u.altitude {
            Altitude::High => 3,
            Altitude::Treetop => 1,
            Altitude::Ground => 0,
        };
        {
            let x = s.unit_mut(unit);
            x.downed = true;
            x.broken = false;
            x.suppressed = false;
        }
        self.end_unit_activation(s, unit);
        // The WIA marker shows it is Downed; it is not a wounded man (the
        // chart scores it as "Helicopter Downed (WIA)"). With nobody and
        // nothing aboard to unload, the helicopter is removed at once.
        let aboard = !self.passengers(s, unit).is_empty() || s.carried_by(unit).next().is_some();
        if !aboard {
            self.eliminate(s, unit, "downed with nothing aboard to unload (7.4)", ev);
            return;
        }
        if u.altitude != Altitude::Ground {
            s.push(Step::HeliDown {
                unit,
                from: hex,
                radius,
                refused: Vec::new(),
            });
        }
    }

    /// Where a downed helicopter may come down: in range, in terrain where
    /// a helicopter may be at Ground level, within the stacking limit, and
    /// not a hex its side sees held by the enemy or has found held (6.2).
    /// A hex under Concealed markers is offered and settled when chosen
    /// ([`Fte::execute_set_down`]), so the choices do not tell what the
    /// markers hide.
    pub(crate) fn setdown_hexes(&self, s: &State) -> Vec<Hex> {
        let Step::HeliDown {
            unit,
            from,
            radius,
            refused,
        } = s.step()
        else {
            return Vec::new();
        };
        let map = self.map_of(s);
        let side = s.unit(*unit).side;
        from.within(*radius as u32)
            .into_iter()
            .filter(|h| {
                map.terrain(*h)
                    .is_some_and(|t| self.tables.terrain(t).helicopter_ground.value.is_some())
                    && !self.held_for(s, side, *h, true)
                    && !refused.contains(h)
                    && self.can_stack(s, *unit, *h)
            })
            .collect()
    }

    pub(crate) fn set_down_candidates(&self, s: &State, out: &mut Vec<Command>) {
        for h in self.setdown_hexes(s) {
            out.push(Command::SetDown { hex: h });
        }
    }

    pub(crate) fn check_set_down(&self, s: &State, hex: Hex) -> Checked {
        ensure(
            self.setdown_hexes(s).contains(&hex),
            "7.4",
            "a downed helicopter lands within range in a hex it may be at Ground level, not among enemy units",
        )
    }

    pub(crate) fn execute_set_down(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let (Step::HeliDown { unit, .. }, Command::SetDown { hex }) = (s.step().clone(), c) else {
            return;
        };
        let side = s.unit(unit).side;
        if self.held_for(s, side, *hex, false) {
            // 6.2: Concealed enemy units hold the hex; the owner chooses
            // again (with no hex left, it is destroyed: 7.4).
            if let Some(Step::HeliDown { refused, .. }) = s.step_mut() {
                refused.push(*hex);
            }
            self.refuse_entry(s, &[unit], *hex, EntryKind::SetDown, ev);
            return;
        }
        s.pop();
        let u = s.unit_mut(unit);
        u.hex = Some(*hex);
        u.altitude = Altitude::Ground;
        ev.push(Event::AltitudeChanged {
            unit,
            altitude: Altitude::Ground,
        });
        self.overrun_markers(s, side, *hex, ev);
    }

    /// A downed helicopter with nowhere to come down is destroyed (7.4);
    /// false while it has a choice.
    pub(crate) fn settle_heli_down(
        &self,
        s: &mut State,
        unit: UnitId,
        ev: &mut Vec<Event>,
    ) -> bool {
        if !self.setdown_hexes(s).is_empty() {
            return false;
        }
        s.pop();
        self.destroy_helicopter(s, unit, ev);
        true
    }

    pub(crate) fn destroy_helicopter(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        self.destroy_helicopter_by(s, unit, Some(Side::Nva), ev)
    }

    fn destroy_helicopter_by(
        &self,
        s: &mut State,
        unit: UnitId,
        cause: Option<Side>,
        ev: &mut Vec<Event>,
    ) {
        let u = s.unit(unit).clone();
        ev.push(Event::Effect {
            marked: None,
            unit,
            effect: Effect::KIA,
            outcome: "Destroyed with everyone aboard".into(),
        });
        let hex = u.hex.unwrap_or(Hex::new(0, 0));
        let passengers: Vec<UnitId> = self.passengers(s, unit);
        for c in s.casualties.iter_mut() {
            if !c.gone && c.carrier == Some(unit) {
                c.gone = true;
            }
        }
        self.eliminate(s, unit, "helicopter destroyed", ev);
        if let Some(cause) = cause {
            self.award(s, cause, VpEvent::HelicopterDestroyed, ev);
        }
        for p in passengers {
            let leader = self.is_leader(s.unit(p));
            self.eliminate(s, p, "killed aboard a destroyed helicopter", ev);
            if let Some(cause) = cause {
                self.award(s, cause, VpEvent::CauseKia, ev);
            }
            if leader {
                self.lose_chit(s, u.side, ev);
            }
            self.place_casualty(s, u.side, CasualtyKind::Kia, hex, ev);
            let last = s.casualties.len() - 1;
            s.casualties[last].gone = true;
        }
    }

    /// Removes a unit from play; what it carried stays in the hex.
    pub(crate) fn eliminate(&self, s: &mut State, unit: UnitId, why: &str, ev: &mut Vec<Event>) {
        let hex = s.unit(unit).hex;
        for c in s.casualties.iter_mut() {
            if !c.gone && c.carrier == Some(unit) {
                c.carrier = None;
                c.hex = hex;
            }
        }
        let x = s.unit_mut(unit);
        x.status = UnitStatus::Eliminated;
        x.hex = None;
        x.fort = None;
        x.concealed = false;
        self.end_unit_activation(s, unit);
        ev.push(Event::Eliminated {
            unit,
            why: why.into(),
        });
    }

    /// The hexes a retreating unit may step into next: away from the
    /// unit that broke it (7.4), into a hex it may enter, not one its side
    /// sees held by the enemy or has found held (6.2). A hex under
    /// Concealed markers is offered and settled when chosen
    /// ([`Fte::execute_retreat`]), so the choices do not tell what the
    /// markers hide.
    pub(crate) fn retreat_hexes(&self, s: &State) -> Vec<Hex> {
        let Step::Retreat {
            unit,
            away,
            refused,
            ..
        } = s.step()
        else {
            return Vec::new();
        };
        let u = s.unit(*unit);
        let Some(here) = u.hex else {
            return Vec::new();
        };
        let d0 = here.distance(*away);
        self.map_of(s)
            .neighbors(here)
            .into_iter()
            .filter(|n| {
                n.distance(*away) > d0
                    && !refused.contains(n)
                    && self.move_cost(s, u, here, *n).is_some()
                    && self.can_stack(s, *unit, *n)
                    && !self.held_for(s, u.side, *n, true)
            })
            .collect()
    }

    pub(crate) fn retreat_candidates(&self, s: &State, out: &mut Vec<Command>) {
        for h in self.retreat_hexes(s) {
            out.push(Command::Retreat { hex: h });
        }
    }

    pub(crate) fn check_retreat(&self, s: &State, hex: Hex) -> Checked {
        ensure(
            self.retreat_hexes(s).contains(&hex),
            "7.4",
            "a Broken unit retreats away from the unit that broke it, into a hex it may enter",
        )
    }

    pub(crate) fn execute_retreat(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let (Step::Retreat { unit, .. }, Command::Retreat { hex }) = (s.step().clone(), c) else {
            return;
        };
        if self.held_for(s, s.unit(unit).side, *hex, false) {
            // 6.2: Concealed enemy units hold the hex; the unit stays and
            // chooses again (with no hex left it is eliminated: 7.4).
            if let Some(Step::Retreat { refused, .. }) = s.step_mut() {
                refused.push(*hex);
            }
            self.refuse_entry(s, &[unit], *hex, EntryKind::Retreat, ev);
            return;
        }
        self.retreat_step(s, *hex, ev);
    }

    /// The retreat ends when its unit is gone; a unit with nowhere to go
    /// is eliminated (7.4). False while it must choose a hex.
    pub(crate) fn settle_retreat(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) -> bool {
        if !self.alive(s, unit) || s.unit(unit).status != UnitStatus::OnMap {
            s.pop();
            return true;
        }
        if self.retreat_hexes(s).is_empty() {
            s.pop();
            self.retreat_fails(s, unit, ev);
            return true;
        }
        false
    }

    pub(crate) fn retreat_step(&self, s: &mut State, hex: Hex, ev: &mut Vec<Event>) {
        let Some(Step::Retreat {
            unit, away, left, ..
        }) = s.pop()
        else {
            return;
        };
        {
            let x = s.unit_mut(unit);
            x.hex = Some(hex);
            x.fort = None;
        }
        ev.push(Event::Retreated { unit, to: hex });
        if left > 1 {
            s.push(Step::Retreat {
                unit,
                away,
                left: left - 1,
                refused: Vec::new(),
            });
        }
        let side = s.unit(unit).side;
        self.booby_trap(s, &[unit], hex, ev);
        self.overrun_markers(s, side, hex, ev);
        if s.unit(unit).status == UnitStatus::OnMap {
            self.trigger_opfire(s, TriggerKind::Retreat, &[unit], hex, false, false);
        }
    }

    /// 7.4: a Broken unit that cannot retreat is eliminated as a KIA.
    pub(crate) fn retreat_fails(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit(unit).clone();
        let hex = u.hex.unwrap_or(Hex::new(0, 0));
        ev.push(Event::Effect {
            marked: None,
            unit,
            effect: Effect::B,
            outcome: "cannot retreat: eliminated as a KIA".into(),
        });
        self.eliminate(s, unit, "could not retreat", ev);
        if self.is_marker_only(&u) {
            return;
        }
        self.award(s, u.side.other(), VpEvent::CauseKia, ev);
        if self.is_leader(&u) {
            self.lose_chit(s, u.side, ev);
        }
        self.place_casualty(s, u.side, CasualtyKind::Kia, hex, ev);
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_target_effects(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::Effect {
                unit,
                effect,
                outcome,
                marked,
            } => n.naming(marked, &[*unit], None, |who, _| {
                format!("{who} ({}): {outcome} (7.4).", effect.label())
            }),
            Event::Retreated { unit, to } => {
                LogEntry::text(format!("{} retreats to {to} (7.4).", n.u(*unit)))
            }
            Event::Eliminated { unit, why } => {
                LogEntry::text(format!("{} is removed from play: {why}.", n.u(*unit)))
            }
            other => n.misrouted(other),
        }
    }
}
