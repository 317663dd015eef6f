//! 7.5 KIA and WIA markers (placing, carrying, evacuating) and 17.0 Check
//! Casualties with Medics (17.1), scored as in the errata's clarification.

use crate::Fte;
use crate::command::Command;
use crate::data::{Role, VpEvent};
use crate::describe::{Names, modifiers, total};
use crate::event::{CasualtyResult, Drm, Event, Mods};
use crate::geo::Hex;
use crate::state::*;
use crate::step::Step;
use vt_core::dice::Adjudication;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure};

impl Fte {
    /// How many KIA/WIA an infantry unit can carry (7.5.2): four men two,
    /// three men one, fewer none.
    pub fn carry_capacity(&self, u: &Unit) -> usize {
        if !self.is_infantry(u) || self.is_marker_only(u) {
            return 0;
        }
        match self.troops(u) {
            4.. => 2,
            3 => 1,
            _ => 0,
        }
    }

    pub(crate) fn place_casualty(
        &self,
        s: &mut State,
        side: Side,
        kind: CasualtyKind,
        hex: Hex,
        ev: &mut Vec<Event>,
    ) {
        let id = s.casualties.len() as u16;
        s.casualties.push(Casualty {
            id,
            side,
            kind,
            hex: Some(hex),
            carrier: None,
            gone: false,
        });
        ev.push(Event::CasualtyPlaced {
            casualty: id,
            kind,
            hex,
        });
        if !self.carry_candidates(s, id).is_empty() {
            s.push(Step::Carry { casualty: id });
        }
    }

    /// Friendly infantry in the casualty's hex with room to carry it.
    pub(crate) fn carry_candidates(&self, s: &State, casualty: u16) -> Vec<UnitId> {
        let Some(c) = s.casualties.get(casualty as usize) else {
            return Vec::new();
        };
        if c.gone || c.carrier.is_some() {
            return Vec::new();
        }
        let Some(h) = c.hex else {
            return Vec::new();
        };
        s.units_at(h)
            .filter(|u| {
                u.side == c.side
                    && s.carried_by(u.id).count() < self.carry_capacity(u)
                    && !(u.side == Side::Nva && self.role(u) == Role::Civilians)
            })
            .map(|u| u.id)
            .collect()
    }

    /// 7.5.2: who may pick up the new casualty now, or leave it.
    pub(crate) fn carry_choices(&self, s: &State, casualty: u16, out: &mut Vec<Command>) {
        for u in self.carry_candidates(s, casualty) {
            out.push(Command::Carry { unit: u });
        }
        out.push(Command::LeaveCasualty);
    }

    pub(crate) fn check_carry(&self, s: &State, casualty: u16, unit: UnitId) -> Checked {
        ensure(
            self.carry_candidates(s, casualty).contains(&unit),
            "7.5.2",
            "only an Infantry Unit of three or four men in the hex, with room, may carry it",
        )
    }

    pub(crate) fn execute_carry(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let Some(Step::Carry { casualty }) = s.pop() else {
            return;
        };
        if let Command::Carry { unit } = c {
            let cas = &mut s.casualties[casualty as usize];
            cas.carrier = Some(*unit);
            cas.hex = None;
            ev.push(Event::Carried {
                marked: None,
                casualty,
                unit: *unit,
            });
        }
    }

    /// The chance to pick it up lapses when no one can; false while
    /// someone can.
    pub(crate) fn settle_carry(&self, s: &mut State, casualty: u16) -> bool {
        if !self.carry_candidates(s, casualty).is_empty() {
            return false;
        }
        s.pop();
        true
    }

    /// A KIA/WIA/Injury leaves the map with its carrier: its side scores (7.5.3).
    pub(crate) fn evacuate(&self, s: &mut State, casualty: u16, ev: &mut Vec<Event>) {
        let c = s.casualties[casualty as usize].clone();
        if c.gone {
            return;
        }
        s.casualties[casualty as usize].gone = true;
        ev.push(Event::Evacuated {
            casualty,
            side: c.side,
            kind: c.kind,
        });
        let e = if c.kind == CasualtyKind::Kia {
            VpEvent::EvacuateKia
        } else {
            VpEvent::EvacuateWia
        };
        self.award(s, c.side, e, ev);
    }

    /// 17.0: each WIA rolls; 9-10 dies of wounds (a KIA now), 1-2 returns to
    /// duty, a Medic in the hex gives -1. US markers first.
    pub(crate) fn check_casualties(&self, s: &mut State, ev: &mut Vec<Event>) {
        for side in [Side::Us, Side::Nva] {
            let wias: Vec<u16> = s
                .casualties
                .iter()
                .filter(|c| !c.gone && c.side == side && c.kind == CasualtyKind::Wia)
                .map(|c| c.id)
                .collect();
            for id in wias {
                self.casualty_check(s, id, ev);
            }
        }
    }

    pub(crate) fn casualty_check(&self, s: &mut State, id: u16, ev: &mut Vec<Event>) {
        let c = s.casualties[id as usize].clone();
        let hex = s.casualty_hex(&c);
        let medic = hex.is_some_and(|h| {
            s.units_at(h)
                .any(|u| u.side == c.side && self.role(u) == Role::Medic)
        });
        let mut mods = Mods::new();
        if medic {
            mods.push((Drm::Medic, self.tables.casualties.medic.value as i8));
        }
        let roll = s.d10();
        let total = roll as i32 + crate::counters::mod_sum(&mods);
        let cd = &self.tables.casualties;
        let result = if total >= cd.dow_min.value as i32 {
            CasualtyResult::DiedOfWounds
        } else if total <= cd.rtd_max.value as i32 {
            CasualtyResult::ReturnedToDuty
        } else {
            CasualtyResult::NoChange
        };
        ev.push(Event::CasualtyCheck {
            casualty: id,
            side: c.side,
            roll,
            mods,
            result,
        });
        match result {
            CasualtyResult::DiedOfWounds => {
                s.casualties[id as usize].kind = CasualtyKind::Kia;
                self.award(s, c.side, VpEvent::DiedOfWounds, ev);
            }
            CasualtyResult::ReturnedToDuty => {
                s.casualties[id as usize].gone = true;
                self.award(s, c.side, VpEvent::ReturnedToDuty, ev);
            }
            CasualtyResult::NoChange => {}
        }
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_casualties(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::Evacuated { side, kind, .. } => LogEntry::text(format!(
                "A {} {} is evacuated (7.5.3).",
                side.name(),
                kind.name()
            )),
            Event::CasualtyPlaced { kind, hex, .. } => LogEntry::text(format!(
                "A {} marker is placed at {hex} (7.5.1).",
                kind.name()
            )),
            Event::Carried {
                casualty,
                unit,
                marked,
            } => n.naming(marked, &[*unit], None, |who, _| {
                format!("{who} carries casualty {casualty} (7.5.2).")
            }),
            Event::Captured { .. } => LogEntry::text(
                "An enemy casualty alone with our units is captured or removed (7.5.3).",
            ),
            Event::CasualtyCheck {
                casualty,
                side,
                roll,
                mods,
                result,
            } => {
                let mut a =
                    Adjudication::new(format!("{} WIA {casualty}", side.name()), "FTE 17.0");
                // The casualty's side: low returns to duty.
                a = a.rolled_by(side.idx() as vt_core::SideIdx, true);
                a.rolled = vec![*roll as i32];
                a.modifiers = modifiers(mods);
                a.total = total(*roll, mods);
                let cd = &self.tables.casualties;
                a.needed = Some(format!(
                    "{} or more dies of wounds, {} or less returns to duty",
                    cd.dow_min.value, cd.rtd_max.value
                ));
                a.result = match result {
                    CasualtyResult::DiedOfWounds => "DOW".into(),
                    CasualtyResult::ReturnedToDuty => "RTD".into(),
                    CasualtyResult::NoChange => "no change".into(),
                };
                LogEntry::with_rolls(format!("Casualty check: {}.", a.result), vec![a])
            }
            other => n.misrouted(other),
        }
    }
}
