//! Chart: SMALL ARMS SHOOTING and its notes (and Notes: TANKS V INFANTRY
//! for direct HE): each squad or machine gun rolls its dice for the range;
//! at up to 16" a 5 or 6 hits, beyond it a 6 for rifles, assault rifles and
//! LMGs and a 5 or 6 for machine guns and direct HE; a target under cover
//! takes one die away (not against direct HE), a suppressed firer takes
//! one off every die, proximity shooting does both. Hits per firing unit:
//! 1 suppresses, 2 disrupt, 3 or more kill.

use crate::PlatoonCards;
use crate::data::SmallArm;
use crate::event::{Effect, Event, Pool};
use crate::sections::*;
use crate::state::*;
use vt_core::Modifier;

/// What decides a pool, before any die is rolled.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PoolInputs {
    /// `None` with `direct_he` set: a gun's HE on the small-arms table.
    pub weapon: Option<SmallArm>,
    /// Direct HE dice (the calibre's area-fire dice).
    pub direct_he: Option<u8>,
    pub range: f64,
    pub target_infantry: bool,
    pub grenade_launcher: bool,
    /// Times the target counts as under cover (a bunker counts twice).
    pub cover: i32,
    pub smoke: bool,
    pub suppressed: bool,
    pub proximity: bool,
    /// Fired from an M113 or ACAV (Chart: M113's & ACAV's).
    pub carrier: Option<CarrierFire>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CarrierFire {
    /// A squad riding on top (not the vehicle's HMG).
    pub squad: bool,
    /// The vehicle moved more than 2".
    pub moved: bool,
}

/// How the target takes its hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    Squad,
    /// A PC or FO alone: two hits kill, a suppression does nothing.
    SingleFigure,
    /// A lorry: destroyed if Disrupted.
    Softskin,
    /// VC charging into close combat: Suppressed ignored, Disrupted kills.
    ChargingVc,
    /// Under a barrage, a PC or FO dies if Disrupted or worse.
    FigureUnderBarrage,
}

impl PlatoonCards {
    /// The dice and the score needed, with every adjustment and its rule;
    /// `None` out of range.
    pub fn small_arms_pool(&self, i: &PoolInputs) -> Option<Pool> {
        let c = &self.charts.small_arms;
        if i.range > c.max_range.value + 1e-9 {
            return None;
        }
        let close = i.range <= c.close_band.value + 1e-9;
        let (base, long_hit, label) = match (i.weapon, i.direct_he) {
            (_, Some(d)) => (d, c.direct_he_long_hit.value, "direct HE"),
            (Some(w), None) => {
                let row = self.charts.small_arm(w)?;
                let band = row.dice.value.iter().find(|b| i.range <= b.up_to + 1e-9)?;
                (band.dice, row.long_hit.value, w.name())
            }
            (None, None) => return None,
        };
        let _ = label;
        let hit_on = if close { c.close_hit.value } else { long_hit };
        let mut dice_mods = Vec::new();
        let mut pip_mods = Vec::new();
        let gl = &c.grenade_launcher_from;
        if i.grenade_launcher
            && i.target_infantry
            && i.range > gl.value + 1e-9
            && i.range <= c.grenade_launcher_to.value + 1e-9
        {
            dice_mods.push(Modifier::new(
                "grenade launcher",
                book(SMALL_ARMS_NOTES),
                c.grenade_launcher_dice.value as i32,
            ));
        }
        let he = i.direct_he.is_some();
        match i.carrier {
            Some(cf) => {
                let cr = &self.charts.carriers;
                // One die for moving over 2" or for being suppressed, not
                // both; cover one more; never below 2D6.
                if cf.squad && (cf.moved || i.suppressed) {
                    let why = if cf.moved {
                        "carrier moved over 2\""
                    } else {
                        "firing suppressed"
                    };
                    dice_mods.push(Modifier::new(why, book(CARRIERS), cr.moved_dice.value));
                } else if i.suppressed {
                    pip_mods.push(Modifier::new(
                        "firer suppressed",
                        book(SMALL_ARMS),
                        c.suppressed_pips.value,
                    ));
                }
                if i.cover > 0 && !he {
                    dice_mods.push(Modifier::new(
                        "target under cover",
                        book(CARRIERS),
                        cr.cover_dice.value * i.cover,
                    ));
                }
            }
            None => {
                if i.cover > 0 && !he {
                    dice_mods.push(Modifier::new(
                        "target under cover",
                        book(SMALL_ARMS),
                        c.cover_dice.value * i.cover,
                    ));
                }
                if i.suppressed {
                    pip_mods.push(Modifier::new(
                        "firer suppressed",
                        book(SMALL_ARMS),
                        c.suppressed_pips.value,
                    ));
                }
            }
        }
        if i.smoke {
            dice_mods.push(Modifier::new(
                "through smoke",
                book(SMOKE),
                c.smoke_dice.value,
            ));
        }
        if i.proximity {
            dice_mods.push(Modifier::new(
                "proximity shooting",
                book(SPOTTING_NOTES),
                c.cover_dice.value,
            ));
            pip_mods.push(Modifier::new(
                "proximity shooting",
                book(SPOTTING_NOTES),
                c.suppressed_pips.value,
            ));
        }
        let mut pool = Pool {
            base,
            dice_mods,
            hit_on,
            pip_mods,
            rolled: Vec::new(),
            hits: 0,
        };
        if let Some(_cf) = i.carrier {
            let min = self.charts.carriers.min_dice.value;
            let n = pool.dice();
            if n < min && base >= min {
                pool.dice_mods.push(Modifier::new(
                    "never below 2D6",
                    book(CARRIERS),
                    (min - n) as i32,
                ));
            }
        }
        Some(pool)
    }

    /// Rolls a pool and counts its hits.
    pub fn roll_pool(&self, s: &mut State, mut pool: Pool) -> Pool {
        let n = pool.dice();
        pool.rolled = (0..n).map(|_| s.rng.die(6)).collect();
        let need = pool.needed();
        pool.hits = pool.rolled.iter().filter(|&&d| d >= need).count() as u8;
        pool
    }

    /// What the hits do (Chart: SMALL ARMS SHOOTING, and the notes for PCs,
    /// FOs, lorries and VC charging).
    pub fn effect_of(&self, hits: u8, takes: Takes) -> Effect {
        let c = &self.charts.small_arms;
        let table = if hits >= c.killed_at.value {
            Effect::Killed
        } else if hits >= c.disrupted_at.value {
            Effect::Disrupted
        } else if hits >= c.suppressed_at.value {
            Effect::Suppressed
        } else {
            Effect::None
        };
        match takes {
            Takes::Squad => table,
            Takes::SingleFigure => {
                if hits >= c.single_figure_kill.value {
                    Effect::Killed
                } else {
                    Effect::None
                }
            }
            Takes::FigureUnderBarrage => match table {
                Effect::Disrupted | Effect::Killed => Effect::Killed,
                _ => Effect::None,
            },
            Takes::Softskin => match table {
                Effect::Disrupted | Effect::Killed => Effect::Killed,
                e => e,
            },
            Takes::ChargingVc => match table {
                Effect::Suppressed => Effect::None,
                Effect::Disrupted | Effect::Killed => Effect::Killed,
                Effect::None => Effect::None,
            },
        }
    }

    /// How a stand takes small-arms hits.
    pub fn takes(&self, s: &State, st: &Stand) -> Takes {
        let t = self.unit(st);
        if t.single_figure {
            Takes::SingleFigure
        } else if t.armour == crate::data::Armour::Softskin {
            Takes::Softskin
        } else if st.side == Side::Vc && st.act.charged.is_some() && s.card == Some(Side::Vc) {
            Takes::ChargingVc
        } else {
            Takes::Squad
        }
    }

    /// Puts a result on a stand: the worse of its state and the result (a
    /// second Suppressed does nothing unless results escalate); Killed
    /// removes it (and whatever it carries inside, and a commander with it).
    pub fn apply_effect(&self, s: &mut State, id: StandId, e: Effect, ev: &mut Vec<Event>) {
        let st = s.stand(id);
        if st.gone.is_some() {
            return;
        }
        let hidden = st.hidden;
        let from = st.status;
        let to = match e {
            Effect::None => return,
            Effect::Killed => {
                self.lose_stand(s, id, Gone::Killed, ev);
                return;
            }
            Effect::Suppressed => Status::Suppressed,
            Effect::Disrupted => Status::Disrupted,
        };
        let to = if s.options.escalate && from >= to {
            match from {
                Status::Suppressed => Status::Disrupted,
                Status::Disrupted if to == Status::Disrupted => {
                    self.lose_stand(s, id, Gone::Killed, ev);
                    return;
                }
                other => other,
            }
        } else {
            from.max(to)
        };
        if to != from {
            s.stand_mut(id).status = to;
            // A hidden stand's fate is told by the event that hit it, to
            // its side only.
            if !hidden {
                ev.push(Event::StatusChanged {
                    stand: id,
                    from,
                    to,
                    hidden,
                });
            }
        }
    }

    /// Takes a stand off the table: killed or destroyed. Passengers inside
    /// a lost carrier are handled by the caller's chart (guns, mines).
    pub fn lose_stand(&self, s: &mut State, id: StandId, how: Gone, ev: &mut Vec<Event>) {
        if s.stand(id).gone.is_some() {
            return;
        }
        let how = if self.unit(s.stand(id)).is_vehicle() && how == Gone::Killed {
            Gone::Destroyed
        } else {
            how
        };
        let hidden = s.stand(id).hidden;
        s.stand_mut(id).gone = Some(how);
        if !hidden {
            ev.push(Event::StandLost {
                stand: id,
                gone: how,
                hidden,
            });
        }
        for m in s.melees.iter_mut() {
            m.attackers.retain(|&a| a != id);
            m.defenders.retain(|&d| d != id);
        }
        s.melees
            .retain(|m| !m.attackers.is_empty() && !m.defenders.is_empty());
        self.commanders_follow(s, id, ev);
    }
}
