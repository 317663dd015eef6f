//! 6.9 Transporting Infantry Units, 14.0 Action: Load, 15.0 Action: Unload,
//! 6.10 Immobilized Vehicles (abandoning them).

use crate::Fte;
use crate::command::Command;
use crate::data::Role;
use crate::describe::Names;
use crate::event::{EntryKind, Event};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, refuse};

impl Fte {
    /// The units a vehicle or helicopter transports.
    pub fn passengers(&self, s: &State, carrier: UnitId) -> Vec<UnitId> {
        s.units
            .iter()
            .filter(|p| p.carrier == Some(carrier) && p.status == UnitStatus::Loaded)
            .map(|p| p.id)
            .collect()
    }

    /// Troops aboard (each KIA/WIA/Injury marker counts as one, 6.9).
    pub fn aboard(&self, s: &State, carrier: UnitId) -> u8 {
        let men: u8 = s
            .units
            .iter()
            .filter(|u| u.carrier == Some(carrier) && u.status == UnitStatus::Loaded)
            .map(|u| self.troops(u))
            .sum();
        men + s.carried_by(carrier).count() as u8
    }

    pub(crate) fn check_load(
        &self,
        s: &State,
        carrier: UnitId,
        units: &[UnitId],
        casualties: &[u16],
    ) -> Checked {
        self.may_act(s, carrier, ActionKind::Load)?;
        let c = s.unit(carrier);
        if self.is_infantry(c) {
            return refuse("14.0", "only vehicles and helicopters load");
        }
        if self.is_heli(c) && c.altitude != Altitude::Ground {
            return refuse("14.0", "a helicopter must be at Ground level to load");
        }
        if units.is_empty() && casualties.is_empty() {
            return refuse("14.0", "load what?");
        }
        if c.medevac && !units.is_empty() {
            return refuse("12.0", "only KIA and WIA board a Medevac");
        }
        if c.move_only && !units.is_empty() {
            return refuse(
                "15.0 (errata)",
                "after unloading reinforcements a Slick may load only KIA/WIA markers",
            );
        }
        let cap = self.ty(c).capacity;
        let mut n = self.aboard(s, carrier) as u32;
        for &u in units {
            let x = s.unit(u);
            if x.side != c.side
                || x.status != UnitStatus::OnMap
                || x.hex != c.hex
                || !self.is_infantry(x)
                || self.is_marker_only(x)
            {
                return refuse("14.0", "load friendly Infantry Units in the same hex");
            }
            n += self.troops(x) as u32;
        }
        let infantry_here = s
            .units_at(c.hex.unwrap_or(crate::geo::Hex::new(0, 0)))
            .any(|x| x.side == c.side && self.is_infantry(x) && !self.is_marker_only(x));
        for &k in casualties {
            let ok = s.casualties.get(k as usize).is_some_and(|x| {
                !x.gone
                    && x.side == c.side
                    && s.casualty_hex(x) == c.hex
                    && x.carrier.is_none_or(|cu| {
                        s.unit(cu).status == UnitStatus::OnMap && self.is_infantry(s.unit(cu))
                    })
            });
            if !ok {
                return refuse("14.0", "load friendly KIA/WIA markers in the same hex");
            }
            if !infantry_here {
                return refuse(
                    "14.0",
                    "KIA/WIA markers are loaded only by an Infantry Unit in the hex",
                );
            }
            n += 1;
        }
        if n > cap as u32 {
            return refuse("6.9", format!("over capacity: {n} troops for {cap}"));
        }
        Ok(())
    }

    /// 14.0: the Load action. The enemy may fire at the carrier and the
    /// loading units first; then the survivors in the hex go aboard.
    pub(crate) fn load(
        &self,
        s: &mut State,
        carrier: UnitId,
        units: &[UnitId],
        casualties: &[u16],
        ev: &mut Vec<Event>,
    ) {
        self.record_action(s, carrier, ActionKind::Load);
        let Some(hex) = s.unit(carrier).hex else {
            return;
        };
        s.push(Step::PendingLoad {
            carrier,
            units: units.to_vec(),
            casualties: casualties.to_vec(),
        });
        let mut targets = vec![carrier];
        targets.extend_from_slice(units);
        self.trigger_opfire(s, TriggerKind::Load, &targets, hex, false, false);
        let _ = ev;
    }

    pub(crate) fn complete_load(
        &self,
        s: &mut State,
        carrier: UnitId,
        units: &[UnitId],
        casualties: &[u16],
        ev: &mut Vec<Event>,
    ) {
        let c = s.unit(carrier).clone();
        if c.status != UnitStatus::OnMap
            || c.downed
            || (self.is_heli(&c) && c.altitude != Altitude::Ground)
        {
            return;
        }
        let hex = c.hex;
        let units: Vec<UnitId> = units
            .iter()
            .copied()
            .filter(|u| {
                let x = s.unit(*u);
                // Still there after the Opportunity Fire (a unit it broke
                // has retreated); Broken units may board (14.0).
                x.status == UnitStatus::OnMap && x.hex == hex
            })
            .collect();
        let casualties: Vec<u16> = casualties
            .iter()
            .copied()
            .filter(|k| {
                let x = &s.casualties[*k as usize];
                !x.gone && s.casualty_hex(x) == hex
            })
            .collect();
        for &u in &units {
            let x = s.unit_mut(u);
            x.status = UnitStatus::Loaded;
            x.carrier = Some(carrier);
            x.concealed = false;
            x.fort = None;
        }
        for &k in &casualties {
            let c = &mut s.casualties[k as usize];
            c.carrier = Some(carrier);
            c.hex = None;
        }
        ev.push(Event::Loaded {
            carrier,
            units,
            casualties,
        });
        if s.unit(carrier).medevac {
            // 12.0: loaded, it must leave on the following turn.
            s.unit_mut(carrier).leave_by = Some(s.turn + 1);
        }
    }

    pub(crate) fn check_unload(&self, s: &State, carrier: UnitId) -> Checked {
        self.may_act(s, carrier, ActionKind::Unload)?;
        let c = s.unit(carrier);
        if self.is_infantry(c) {
            return refuse("15.0", "only vehicles and helicopters unload");
        }
        if self.is_heli(c) && c.altitude != Altitude::Ground {
            return refuse("15.0", "a helicopter must be at Ground level to unload");
        }
        let any = s
            .units
            .iter()
            .any(|u| u.carrier == Some(carrier) && u.status == UnitStatus::Loaded)
            || s.carried_by(carrier).next().is_some();
        if !any {
            return refuse("15.0", "nothing aboard");
        }
        // 6.2: unloading enters the hex. Only enemy units the carrier's
        // side sees refuse it here; ones under Concealed markers settle it
        // when it is tried ([`Fte::unload`]).
        if let Some(h) = c.hex
            && self.held_for(s, c.side, h, true)
        {
            return refuse("6.2", "may not unload among enemy units");
        }
        Ok(())
    }

    pub(crate) fn unload(&self, s: &mut State, carrier: UnitId, ev: &mut Vec<Event>) {
        self.record_action(s, carrier, ActionKind::Unload);
        let hex = s.unit(carrier).hex;
        let units: Vec<UnitId> = self.passengers(s, carrier);
        if let Some(h) = hex
            && self.held_for(s, s.unit(carrier).side, h, false)
        {
            // 6.2: Concealed enemy units hold the hex; everyone stays
            // aboard and the action is spent.
            let who = if units.is_empty() {
                vec![carrier]
            } else {
                units
            };
            self.refuse_entry(s, &who, h, EntryKind::Unload, ev);
            return;
        }
        for &u in &units {
            let x = s.unit_mut(u);
            x.status = UnitStatus::OnMap;
            x.carrier = None;
            x.hex = hex;
            // 15.0: unloaded units count as activated this turn.
            x.activated = true;
        }
        // Clarification: KIA/WIA aboard may be carried off at once.
        let cas: Vec<u16> = s.carried_by(carrier).map(|c| c.id).collect();
        for k in cas {
            let bearer = units
                .iter()
                .copied()
                .find(|u| s.carried_by(*u).count() < self.carry_capacity(s.unit(*u)));
            let c = &mut s.casualties[k as usize];
            match bearer {
                Some(b) => c.carrier = Some(b),
                None => {
                    c.carrier = None;
                    c.hex = hex;
                }
            }
        }
        ev.push(Event::Unloaded {
            carrier,
            units: units.clone(),
        });
        let c = s.unit(carrier).clone();
        if self.role(&c) == Role::Slick && !c.medevac && !units.is_empty() && c.side == Side::Us {
            // 4.0, 15.0: a Slick that brought troops only moves and leaves next turn.
            let turn = s.turn;
            let x = s.unit_mut(carrier);
            x.move_only = true;
            x.leave_by = Some(turn + 1);
        }
        if c.downed {
            self.eliminate(s, carrier, "downed helicopter emptied (7.4)", ev);
        }
        if let Some(h) = hex {
            let mut targets = vec![carrier];
            targets.extend(units);
            self.trigger_opfire(s, TriggerKind::Unload, &targets, h, false, false);
        }
    }

    pub(crate) fn transport_candidates(&self, s: &State, u: UnitId, out: &mut Vec<Command>) {
        let c = s.unit(u);
        if self.is_infantry(c) {
            return;
        }
        out.push(Command::Unload { carrier: u });
        if c.immobilized {
            out.push(Command::Abandon { vehicle: u });
        }
        let Some(h) = c.hex else { return };
        let mut room = self.ty(c).capacity.saturating_sub(self.aboard(s, u));
        let mut units = Vec::new();
        if !c.medevac {
            for x in s.units_at(h) {
                if x.side == c.side && self.is_infantry(x) && !self.is_marker_only(x) {
                    out.push(Command::Load {
                        carrier: u,
                        units: vec![x.id],
                        casualties: Vec::new(),
                    });
                    if self.troops(x) <= room {
                        room -= self.troops(x);
                        units.push(x.id);
                    }
                }
            }
        }
        let mut cas = Vec::new();
        for k in s
            .casualties
            .iter()
            .filter(|k| !k.gone && k.side == c.side && s.casualty_hex(k) == Some(h))
        {
            if k.carrier == Some(u) {
                continue;
            }
            if room > 0 {
                room -= 1;
                cas.push(k.id);
            }
        }
        if !units.is_empty() || !cas.is_empty() {
            out.push(Command::Load {
                carrier: u,
                units,
                casualties: cas,
            });
        }
    }

    pub(crate) fn check_abandon(&self, s: &State, vehicle: UnitId) -> Checked {
        self.may_act(s, vehicle, ActionKind::Move)?;
        let v = s.unit(vehicle);
        if !self.is_vehicle(v) || !v.immobilized {
            return refuse("6.10", "only an immobilized vehicle is abandoned");
        }
        Ok(())
    }

    /// 6.10: the crew becomes a Suppressed reduced Fire Team; passengers
    /// and casualties are set down, all marked Activation Complete.
    pub(crate) fn abandon(&self, s: &mut State, vehicle: UnitId, ev: &mut Vec<Event>) {
        self.record_action(s, vehicle, ActionKind::Move);
        let v = s.unit(vehicle).clone();
        let hex = v.hex;
        let passengers: Vec<UnitId> = self.passengers(s, vehicle);
        for p in passengers {
            let x = s.unit_mut(p);
            x.status = UnitStatus::OnMap;
            x.carrier = None;
            x.hex = hex;
            x.activated = true;
        }
        for c in s.casualties.iter_mut() {
            if !c.gone && c.carrier == Some(vehicle) {
                c.carrier = None;
                c.hex = hex;
            }
        }
        let x = s.unit_mut(vehicle);
        x.status = UnitStatus::Exited;
        x.hex = None;
        if let Some(crew) = self.spawn(s, "us-rifle", v.side) {
            let c = s.unit_mut(crew);
            c.status = UnitStatus::OnMap;
            c.hex = hex;
            c.reduced = true;
            c.suppressed = true;
            c.activated = true;
            ev.push(Event::Abandoned { vehicle, crew });
        }
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_transport(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::Loaded {
                carrier,
                units: us,
                casualties,
            } => LogEntry::text(format!(
                "{} loads {}{} (14.0).",
                n.u(*carrier),
                n.units(us),
                if casualties.is_empty() {
                    String::new()
                } else {
                    format!(" and {} casualties", casualties.len())
                }
            )),
            Event::Unloaded { carrier, units: us } => {
                LogEntry::text(format!("{} unloads {} (15.0).", n.u(*carrier), n.units(us)))
            }
            Event::Abandoned { vehicle, crew } => LogEntry::text(format!(
                "{} is abandoned; its crew becomes {} (6.10).",
                n.u(*vehicle),
                n.u(*crew)
            )),
            other => n.misrouted(other),
        }
    }
}
