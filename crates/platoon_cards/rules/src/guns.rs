//! Chart: GUN TO HIT TABLE (1D10, 6 or more after the gun's accuracy and
//! the modifiers; of the starred ones only the worst counts) and Chart:
//! GUN PENETRATION TABLE (1D10 against the gun's number for the target:
//! reaching it destroys, one short disrupts, two short suppresses;
//! passengers of a destroyed or disrupted vehicle roll), with Notes: TO
//! HIT and GUN PENETRATION.

use crate::PlatoonCards;
use crate::data::{Armour, GunClass};
use crate::event::{Check, Effect, Event};
use crate::sections::*;
use crate::state::*;
use vt_core::Modifier;

/// What decides a to-hit roll.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ToHitInputs {
    pub gun: Option<GunClass>,
    pub range: f64,
    pub veteran: bool,
    pub poor: bool,
    pub suppressed: bool,
    pub cover: bool,
    pub barrels: u8,
    pub target_moved: f64,
    pub smoke: bool,
    /// The firer is a tank (or other vehicle) that moved this turn; a
    /// turreted one counts only if it moved more than 2".
    pub firer_moved: f64,
    pub firer_turreted: bool,
    pub firer_vehicle: bool,
    pub proximity: bool,
}

/// What decides a penetration roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PenInputs {
    pub gun: GunClass,
    pub armour: Armour,
    pub range: f64,
    pub barrels: u8,
    pub side_or_rear: bool,
}

impl PlatoonCards {
    /// The to-hit roll before the die: modifiers and the number needed;
    /// `Err` when the gun may not fire at that range.
    pub fn to_hit(&self, i: &ToHitInputs) -> Result<Check, String> {
        let c = &self.charts.gun_to_hit;
        let gun = i.gun.ok_or("no gun")?;
        let acc = self.charts.accuracy(gun).ok_or("no accuracy row")?;
        if i.range > acc.max_range.value + 1e-9 {
            return Err(format!(
                "{} reaches only {}\"",
                gun.name(),
                acc.max_range.value
            ));
        }
        let mut mods = Vec::new();
        let rule = book(GUN_TO_HIT);
        let mut add = |on: bool, label: &str, v: i32| {
            if on && v != 0 {
                mods.push(Modifier::new(label, rule.clone(), v));
            }
        };
        add(true, gun.name(), acc.modifier.value);
        add(
            i.range > c.long_from.value + 1e-9 && i.range <= c.long_to.value + 1e-9,
            "range over 18\"",
            c.long.value,
        );
        add(i.veteran, "veteran firers", c.veteran.value);
        add(i.poor, "poor firers", c.poor.value);
        add(i.suppressed, "firer suppressed", c.suppressed.value);
        add(i.cover, "target under cover", c.cover.value);
        add(
            i.barrels > 1,
            "extra barrels",
            c.per_extra_barrel.value * (i.barrels as i32 - 1),
        );
        // The starred modifiers: only the worst one counts.
        let moved_counts = i.firer_vehicle
            && if i.firer_turreted {
                i.firer_moved > c.turret_moved_over.value + 1e-9
            } else {
                i.firer_moved > 1e-9
            };
        let starred = [
            (
                i.target_moved > c.target_moved_over.value + 1e-9,
                "target moved over 3\"*",
                c.target_moved.value,
            ),
            (i.smoke, "through smoke*", c.smoke.value),
            (moved_counts, "firer moved this turn*", c.tank_moved.value),
            (i.proximity, "proximity fire*", c.proximity.value),
        ];
        if let Some((_, label, v)) = starred.iter().filter(|x| x.0).min_by_key(|x| x.2) {
            mods.push(Modifier::new(*label, book(GUN_TO_HIT), *v));
        }
        Ok(Check {
            die: c.die.value,
            roll: 0,
            total: 0,
            need: c.need.value,
            mods,
        })
    }

    /// The penetration number and modifiers; `None`: no chance (and no
    /// bonus makes one).
    pub fn penetration(&self, i: &PenInputs) -> Option<Check> {
        let c = &self.charts.penetration;
        let row = self.charts.penetration_row(i.gun)?;
        let need = match i.armour {
            Armour::None => return None,
            Armour::MediumTank => row.medium_tank.value,
            Armour::Apc => row.apc.value,
            Armour::LightTank | Armour::Softskin => row.light_tank.value,
        }?;
        let mut mods = Vec::new();
        let rule = book(PENETRATION);
        let mut add = |on: bool, label: &str, v: i32| {
            if on && v != 0 {
                mods.push(Modifier::new(label, rule.clone(), v));
            }
        };
        let g = &self.charts.gun_to_hit;
        add(
            i.range > g.long_from.value + 1e-9 && i.range <= g.long_to.value + 1e-9,
            "range over 18\"",
            c.long.value,
        );
        add(
            i.armour == Armour::Softskin,
            "softskin vehicle",
            c.softskin.value,
        );
        add(
            i.barrels > 1,
            "extra barrels",
            c.per_extra_barrel.value * (i.barrels as i32 - 1),
        );
        add(
            i.side_or_rear && i.armour.is_tank(),
            "tank hit on side or rear",
            c.tank_side_or_rear.value,
        );
        Some(Check {
            die: c.die.value,
            roll: 0,
            total: 0,
            need,
            mods,
        })
    }

    /// Rolls a prepared check.
    pub fn roll_check(&self, s: &mut State, mut c: Check) -> Check {
        c.roll = s.rng.die(c.die);
        c.total = c.roll as i32 + c.mods.iter().map(|m| m.value).sum::<i32>();
        c
    }

    /// What a penetration total does to the vehicle.
    pub fn penetration_effect(c: &Check) -> Effect {
        let short = c.need - c.total;
        match short {
            i32::MIN..=0 => Effect::Killed,
            1 => Effect::Disrupted,
            2 => Effect::Suppressed,
            _ => Effect::None,
        }
    }

    /// Passengers of a vehicle destroyed or disrupted by a gun: 1D6 each,
    /// 3-4 suppressed, 5 disrupted, 6 dead; -1 if the vehicle was only
    /// disrupted; no roll for a suppressed vehicle.
    pub fn passenger_rolls(
        &self,
        s: &mut State,
        carrier: StandId,
        vehicle: Effect,
        ev: &mut Vec<Event>,
    ) {
        let c = &self.charts.penetration;
        if !matches!(vehicle, Effect::Killed | Effect::Disrupted) {
            return;
        }
        let ids: Vec<StandId> = s.passengers(carrier).map(|p| p.id).collect();
        if ids.is_empty() {
            return;
        }
        let mut rolls = Vec::new();
        for id in ids {
            let mut mods = Vec::new();
            if vehicle == Effect::Disrupted {
                mods.push(Modifier::new(
                    "vehicle disrupted",
                    book(PENETRATION),
                    c.passenger_disrupted_vehicle.value,
                ));
            }
            let chk = self.roll_check(
                s,
                Check {
                    die: 6,
                    roll: 0,
                    mods,
                    total: 0,
                    need: 0,
                },
            );
            let t = chk.total.clamp(0, 6) as u8;
            let e = if c.passenger_dead.value.contains(&t) {
                Effect::Killed
            } else if c.passenger_disrupted.value.contains(&t) {
                Effect::Disrupted
            } else if c.passenger_suppressed.value.contains(&t) {
                Effect::Suppressed
            } else {
                Effect::None
            };
            rolls.push((id, chk, e));
        }
        ev.push(Event::Passengers {
            carrier,
            rolls: rolls.clone(),
        });
        for (id, _, e) in rolls {
            self.apply_effect(s, id, e, ev);
        }
        if vehicle == Effect::Killed {
            self.unload_all(s, carrier, ev);
        }
    }
}
