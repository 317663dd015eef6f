//! Who may fire what at whom, and the shot before its roll (the preview
//! the board shows: the dice pool and the score needed, or the D10 and its
//! number). The tables themselves are in [`crate::small_arms`] and
//! [`crate::guns`]; area fire in [`crate::area_fire`].

use crate::PlatoonCards;
use crate::command::Aim;
use crate::data::{Armour, GunClass, SmallArm, TerrainKind, WeaponKind};
use crate::event::{Check, Effect, Event, Mode, Pool};
use crate::guns::{PenInputs, ToHitInputs};
use crate::sections::*;
use crate::small_arms::{CarrierFire, PoolInputs, Takes};
use crate::state::*;
use serde::{Deserialize, Serialize};
use vt_core::refusal::{Checked, Refusal, ensure, refuse};
use vt_core::tabletop::Point;

/// When the shot is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FireCtx {
    /// In the firer's own activation.
    Orders,
    /// From overwatch, later in the turn.
    Overwatch,
    /// At an attacker charging in (Chart: CLOSE ASSAULT).
    PointBlank,
}

/// A shot worked out before its dice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Plan {
    /// Small arms or direct HE: a D6 pool.
    Pool { pool: Pool, takes_hidden: bool },
    /// A gun (or a .50) at a vehicle: to hit, then penetration.
    Gun {
        to_hit: Check,
        penetration: Option<Check>,
    },
    /// An on-table mortar: a template where the aim scatters.
    Area { aim: Point },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shot {
    pub firer: StandId,
    pub weapon: u8,
    pub name: String,
    pub target: StandId,
    pub range: f64,
    pub mode: Mode,
    pub plan: Plan,
}

impl PlatoonCards {
    /// May this stand fire at all now (any weapon)?
    pub fn may_fire(&self, s: &State, st: &Stand, ctx: FireCtx) -> Checked {
        ensure(
            st.gone.is_none(),
            TURN,
            "That stand is no longer in the game.",
        )?;
        ensure(
            st.status != Status::Disrupted,
            SMALL_ARMS_NOTES,
            "Disrupted troops cannot fire.",
        )?;
        ensure(
            !st.act.halted,
            MINES,
            "Stopped by fire in a minefield: no more this turn.",
        )?;
        if let Some(a) = st.aboard {
            ensure(a.on_top, CARRIERS, "Squads inside an M113 may not fire.")?;
            let c = s.stand(a.carrier);
            ensure(
                !c.airborne,
                HELICOPTERS,
                "Troops aboard a helicopter do not fire.",
            )?;
            let t = self.unit(c);
            let (full, _) = crate::data::allowance(&self.charts, t.mover);
            ensure(
                c.act.distance <= full / 2.0 + 1e-9,
                CARRIERS,
                "Squads on top fire only if the vehicle moved no more than half speed.",
            )?;
            let on_top_fired = s
                .passengers(c.id)
                .filter(|p| p.id != st.id && p.act.fired > 0)
                .count() as u8;
            ensure(
                on_top_fired < self.charts.carriers.on_top_firers.value,
                CARRIERS,
                "Only one squad may shoot from the top of an M113.",
            )?;
            ensure(
                self.carrier_weapons_fired(s, c.id)
                    < self.charts.carriers.weapons_per_activation.value,
                CARRIERS,
                "Only 2 weapons may fire per activation from an M113.",
            )?;
        }
        ensure(
            !st.this_turn.overwatch_fired || ctx != FireCtx::Overwatch,
            TURN_NOTES,
            "It has fired from overwatch already.",
        )?;
        if ctx == FireCtx::PointBlank {
            ensure(
                !st.this_turn.point_blank,
                CLOSE_ASSAULT,
                "It has had its point-blank shot.",
            )?;
        } else {
            let t = self.unit(st);
            ensure(
                st.act.fired < t.max_weapons.max(1),
                TANKS_V_INFANTRY,
                "It has fired all the weapons it may this activation.",
            )?;
            if let Some(limit) = t.fire_move_limit {
                let moved = st.act.distance;
                if limit <= 0.0 {
                    ensure(
                        moved <= 1e-9,
                        MOVEMENT,
                        "HMGs, mortars and recoilless rifles may not move and fire in the same activation.",
                    )?;
                } else {
                    ensure(
                        moved <= limit + 1e-9,
                        GUN_TO_HIT,
                        "A recoilless rifle may not move more than 1\" and fire.",
                    )?;
                }
            }
        }
        ensure(
            !st.this_turn.cut_wire,
            WIRE,
            "Troops cutting wire may not fire this turn.",
        )?;
        Ok(())
    }

    /// Weapons fired this activation by a carrier and the squads on top.
    pub fn carrier_weapons_fired(&self, s: &State, carrier: StandId) -> u8 {
        s.stand(carrier).act.fired + s.passengers(carrier).map(|p| p.act.fired).sum::<u8>()
    }

    /// Notes: PCs & FOs: a PC or FO (a single figure) with other troops
    /// of his side within 2" cannot be singled out, by fire or in close
    /// combat. Only troops the other side can see screen him: a hidden
    /// squad is not on the table for it (Notes: HIDDEN DEPLOYMENT), and
    /// counting it would tell the firer, by the shots and charges allowed,
    /// that one lies within 2" of him (found by `leak_hunt`, session 30).
    pub(crate) fn screened(&self, s: &State, target: &Stand) -> bool {
        s.on_table().any(|o| {
            o.side == target.side
                && o.id != target.id
                && !o.hidden
                && !self.unit(o).single_figure
                && self.gap_between(o, target)
                    <= self.charts.small_arms.single_figure_screen.value + 1e-9
        })
    }

    /// May `firer` shoot `target` at all: a visible enemy, not hidden
    /// behind friends if a single figure, in line of sight; spotted by the
    /// firer or, by proximity, by a friend. Returns the mode and the sight.
    pub fn fire_mode(
        &self,
        s: &State,
        firer: &Stand,
        target: &Stand,
    ) -> Result<(Mode, bool), Refusal> {
        ensure(target.side != firer.side, TURN, "That stand is your own.")?;
        if let Some(a) = target.aboard {
            ensure(a.on_top, CARRIERS, "Squads inside an M113 cannot be shot.")?;
        }
        ensure(
            target.gone.is_none() && target.arrives.is_none(),
            SMALL_ARMS,
            "That target is not on the table.",
        )?;
        ensure(!target.hidden, HIDDEN, "No such target is in sight.")?;
        ensure(
            !target.airborne,
            GROUND_TO_AIR,
            "Aircraft in the air are fired on with ground-to-air fire as they pass.",
        )?;
        let tt = self.unit(target);
        if tt.single_figure {
            ensure(
                !self.screened(s, target),
                COMMANDERS_NOTES,
                "A PC or FO cannot be targeted while other troops are within 2\" of him.",
            )?;
        }
        let mode = if self.spots(s, firer, target) {
            Mode::Spotted
        } else if self.side_spots(s, firer.side, target, Some(firer.id)) {
            Mode::Proximity
        } else {
            return Err(self.unspotted_why(s, firer, target));
        };
        let sight = self.stand_sight(s, firer, target, true);
        if !sight.clear {
            return refuse(
                LOS,
                format!("No line of sight: {}.", sight.why.unwrap_or_default()),
            );
        }
        Ok((mode, sight.smoke))
    }

    /// Why nobody spots `target` for `firer`, in the firer's own terms: a
    /// target within the firer's spotting range but behind something that
    /// blocks the line is out of sight, not "beyond range" (playing the
    /// road ambush, a recoilless rifle 3" from a tank, with rough scrub
    /// between, was refused as beyond its spotting range).
    fn unspotted_why(&self, s: &State, firer: &Stand, target: &Stand) -> Refusal {
        let spotter = self.spotter_of(s, firer);
        let seen = self.seen_stand(s, firer, target);
        let r = self.spot_range(s, &spotter, &seen, false);
        if seen.distance <= r.range + 1e-9 {
            let sight = self.stand_sight(s, firer, target, false);
            if !sight.clear {
                return Refusal::new(
                    LOS,
                    format!(
                        "Nobody on your side spots that target: from here the line is blocked ({}).",
                        sight.why.unwrap_or_else(|| "terrain".into())
                    ),
                );
            }
        }
        Refusal::new(
            SPOTTING_NOTES,
            format!(
                "Nobody on your side spots that target: it is {:.1}\" away, beyond the {}\" this stand spots it at{}.",
                seen.distance,
                r.range,
                if r.cover { " (under cover)" } else { "" }
            ),
        )
    }

    /// The shot as it would be fired: every check, then the pool or the
    /// D10s before the roll.
    pub fn plan_shot(
        &self,
        s: &State,
        firer: StandId,
        weapon: u8,
        target: StandId,
        ctx: FireCtx,
    ) -> Result<Shot, Refusal> {
        let st = s.stand(firer);
        self.may_fire(s, st, ctx)?;
        let t = self.unit(st);
        let Some(w) = t.weapons.get(weapon as usize) else {
            return refuse(UNIT_SCALES, "It has no such weapon.");
        };
        if ctx == FireCtx::Orders {
            ensure(
                st.act.weapons & (1 << weapon) == 0,
                TANKS_V_INFANTRY,
                "That weapon has fired this activation.",
            )?;
        }
        let Some(tg) = s.stands.get(target as usize) else {
            return refuse(SMALL_ARMS, "No such target.");
        };
        let reach = match &w.kind {
            WeaponKind::SmallArms(_) => self.charts.small_arms.max_range.value,
            WeaponKind::Gun { class, he, .. } => {
                let g = self
                    .charts
                    .accuracy(*class)
                    .map_or(0.0, |a| a.max_range.value);
                if he.is_some() {
                    g.max(self.charts.small_arms.max_range.value)
                } else {
                    g
                }
            }
            WeaponKind::Mortar { .. } | WeaponKind::Rockets => f64::INFINITY,
        };
        if reach.is_finite() && tg.on_table() {
            ensure(
                self.gap_between(st, tg) <= reach + 1e-9,
                SMALL_ARMS,
                "Out of range.",
            )?;
        }
        let (mut mode, smoke) = self.fire_mode(s, st, tg)?;
        // Helicopters shoot at men in jungle only by proximity.
        if st.airborne
            && matches!(
                w.kind,
                WeaponKind::SmallArms(SmallArm::Cal50 | SmallArm::Minigun)
            )
            && self.terrain_at(s, tg.pos).iter().any(|k| {
                matches!(
                    k,
                    TerrainKind::DenseJungle | TerrainKind::OpenJungle | TerrainKind::Trail
                )
            })
        {
            mode = Mode::Proximity;
        }
        if let Some(arc) = w.arc {
            let same_as_gun = st.act.gun_target == Some(target);
            if !same_as_gun {
                ensure(
                    self.in_arc(st, tg.pos, arc),
                    TANKS_V_INFANTRY,
                    "Outside the arc of the hull: a hull MG fires at the main gun's target or within the hull's arc.",
                )?;
            }
        }
        let range = self.gap_between(st, tg);
        let tt = self.unit(tg);
        let proximity = mode == Mode::Proximity;
        let cover = self.direct_cover(s, tg.pos, st.pos);
        let target_cover = if tg.aboard.is_some() {
            0
        } else {
            cover.times()
        };
        let quality = s.platoon(st.platoon).quality;
        let carrier = st
            .aboard
            .map(|_| CarrierFire {
                squad: true,
                moved: s
                    .stand(st.aboard.map(|a| a.carrier).unwrap_or(st.id))
                    .act
                    .distance
                    > self.charts.carriers.moved_over.value + 1e-9,
            })
            .or_else(|| {
                (t.armour == Armour::Apc && t.carries > 0).then_some(CarrierFire {
                    squad: false,
                    moved: st.act.distance > self.charts.carriers.moved_over.value + 1e-9,
                })
            });
        let shown_mode = match ctx {
            _ if proximity => Mode::Proximity,
            FireCtx::Overwatch => Mode::Overwatch,
            FireCtx::PointBlank => Mode::PointBlank,
            FireCtx::Orders => Mode::Spotted,
        };
        let gun_vs = |class: GunClass, barrels: u8| -> Result<Plan, Refusal> {
            let th = ToHitInputs {
                gun: Some(class),
                range,
                veteran: quality == Quality::Veteran,
                poor: quality == Quality::Green,
                suppressed: st.status == Status::Suppressed,
                cover: target_cover > 0,
                barrels,
                target_moved: tg.this_turn.moved,
                smoke,
                firer_moved: st.this_turn.moved,
                firer_turreted: t.turreted,
                firer_vehicle: t.is_vehicle(),
                proximity,
            };
            let to_hit = self
                .to_hit(&th)
                .map_err(|m| Refusal::new(GUN_TO_HIT, format!("Out of range: {m}.")))?;
            let penetration = self.penetration(&PenInputs {
                gun: class,
                armour: tt.armour,
                range,
                barrels,
                side_or_rear: !self.in_arc(
                    tg,
                    st.pos,
                    self.charts.penetration.front_half_angle.value,
                ),
            });
            if penetration.is_none() {
                return refuse(
                    PENETRATION_NOTES,
                    "That gun has no chance of penetrating this target's armour.",
                );
            }
            Ok(Plan::Gun {
                to_hit,
                penetration,
            })
        };
        let pool_plan = |inputs: PoolInputs| -> Result<Plan, Refusal> {
            match self.small_arms_pool(&inputs) {
                Some(pool) if pool.dice() > 0 => Ok(Plan::Pool {
                    pool,
                    takes_hidden: false,
                }),
                Some(_) => refuse(SMALL_ARMS, "No dice left to roll at that target."),
                None => refuse(SMALL_ARMS, "Out of range."),
            }
        };
        let plan = match &w.kind {
            WeaponKind::SmallArms(sa) => {
                if tt.armour.is_armoured() {
                    match sa {
                        SmallArm::Cal50 | SmallArm::Hmg => gun_vs(GunClass::Cal50, 1)?,
                        _ => {
                            return refuse(
                                SMALL_ARMS,
                                "Small arms cannot hurt an armoured vehicle (only a .50 may try, on the penetration table).",
                            );
                        }
                    }
                } else {
                    pool_plan(PoolInputs {
                        weapon: Some(*sa),
                        direct_he: None,
                        range,
                        target_infantry: tt.is_infantry(),
                        grenade_launcher: st.grenade_launcher,
                        cover: target_cover,
                        smoke,
                        suppressed: st.status == Status::Suppressed,
                        proximity,
                        carrier,
                    })?
                }
            }
            WeaponKind::Gun {
                class,
                he,
                beehive,
                barrels,
            } => {
                if tt.armour.is_vehicle() {
                    gun_vs(*class, *barrels)?
                } else {
                    let Some(band) = he else {
                        return refuse(
                            GUN_TO_HIT,
                            "It has no HE round: it fires at vehicles only.",
                        );
                    };
                    let acc = self.charts.accuracy(*class);
                    ensure(
                        acc.is_none_or(|a| range <= a.max_range.value + 1e-9),
                        GUN_TO_HIT,
                        "Out of the gun's range.",
                    )?;
                    let beehive_band = *beehive
                        && tt.is_infantry()
                        && range <= self.charts.small_arms.close_band.value + 1e-9;
                    let dice = if beehive_band {
                        self.charts.area_dice(crate::data::AreaBand::VeryHeavy)
                    } else {
                        self.charts.area_dice(*band)
                    };
                    pool_plan(PoolInputs {
                        weapon: None,
                        direct_he: Some(dice),
                        range,
                        target_infantry: tt.is_infantry(),
                        grenade_launcher: false,
                        cover: 0,
                        smoke,
                        suppressed: st.status == Status::Suppressed,
                        proximity,
                        carrier: None,
                    })?
                }
            }
            WeaponKind::Mortar { .. } => {
                ensure(
                    !proximity || self.observer_sees(s, st.side, tg),
                    SPOTTING_NOTES,
                    "Artillery needs the target seen by the mortar or an FO: no proximity fire.",
                )?;
                ensure(
                    ctx == FireCtx::Orders,
                    INDIRECT,
                    "Mortars fire in their own activation.",
                )?;
                mode = Mode::Spotted;
                let _ = mode;
                Plan::Area { aim: tg.pos }
            }
            WeaponKind::Rockets => {
                return refuse(
                    HELICOPTERS,
                    "Rockets are fired in pairs (the Rockets order).",
                );
            }
        };
        Ok(Shot {
            firer,
            weapon,
            name: w.name.clone(),
            target,
            range,
            mode: shown_mode,
            plan,
        })
    }

    /// Is `p` in the stand's front arc, `half` degrees either side of its
    /// facing (drawn from its front edge)?
    pub fn in_arc(&self, st: &Stand, p: Point, half: f64) -> bool {
        crate::geometry::base(self.unit(st), st)
            .front_arc(half)
            .contains(p)
    }

    /// A local FO (or the firing side's recce acting as one) spots it.
    pub fn observer_sees(&self, s: &State, side: Side, tg: &Stand) -> bool {
        s.on_table().any(|o| {
            o.side == side && !o.hidden && self.unit(o).observer.is_some() && self.spots(s, o, tg)
        })
    }

    /// Fires a planned shot: rolls, applies, records.
    pub fn fire_shot(&self, s: &mut State, shot: Shot, ev: &mut Vec<Event>) {
        let firer = shot.firer;
        if s.stand(firer).hidden {
            self.reveal_platoon(s, s.stand(firer).platoon, None, ev);
        }
        self.mark_fired(s, firer, shot.weapon, Some(shot.target));
        match shot.plan {
            Plan::Pool { pool, .. } => {
                let pool = self.roll_pool(s, pool);
                let takes = self.takes(s, s.stand(shot.target));
                let effect = self.effect_of(pool.hits, takes);
                let note = match takes {
                    Takes::SingleFigure => "a PC or FO: two hits kill, a suppression does nothing",
                    Takes::Softskin => "softskin: destroyed if Disrupted",
                    Takes::ChargingVc => "VC charging: Suppressed ignored, Disrupted kills",
                    _ => "",
                };
                ev.push(Event::SmallArms {
                    firer: crate::event::Firer::Stand(firer),
                    weapon: shot.name,
                    target: shot.target,
                    range: shot.range,
                    mode: shot.mode,
                    pool,
                    effect,
                    note: note.into(),
                });
                let carrier = self.unit(s.stand(shot.target)).carries > 0;
                self.apply_effect(s, shot.target, effect, ev);
                if carrier && effect == Effect::Killed {
                    self.passenger_rolls(s, shot.target, Effect::Killed, ev);
                }
            }
            Plan::Gun {
                to_hit,
                penetration,
            } => {
                let to_hit = self.roll_check(s, to_hit);
                let (pen, effect) = match (to_hit.passed(), penetration) {
                    (true, Some(p)) => {
                        let p = self.roll_check(s, p);
                        let e = Self::penetration_effect(&p);
                        (Some(p), e)
                    }
                    _ => (None, Effect::None),
                };
                ev.push(Event::GunFire {
                    firer,
                    weapon: shot.name,
                    target: shot.target,
                    range: shot.range,
                    mode: shot.mode,
                    to_hit,
                    penetration: pen,
                    effect,
                });
                self.apply_effect(s, shot.target, effect, ev);
                self.passenger_rolls(s, shot.target, effect, ev);
            }
            Plan::Area { aim } => {
                let t = self.unit(s.stand(firer));
                let band = t
                    .weapons
                    .get(shot.weapon as usize)
                    .and_then(|w| match w.kind {
                        WeaponKind::Mortar { band, .. } => Some(band),
                        _ => None,
                    })
                    .unwrap_or(crate::data::AreaBand::Medium);
                self.template_fire(
                    s,
                    crate::area_fire::Barrage {
                        source: crate::event::Source::Mortar { stand: firer },
                        aim,
                        band,
                        scatter: true,
                        deviation: 0.0,
                        cover: crate::area_fire::CoverRule::Indirect,
                        line: None,
                    },
                    ev,
                );
            }
        }
    }

    /// Records a shot for the morale exemption, spotting and the limits.
    pub fn mark_fired(&self, s: &mut State, firer: StandId, weapon: u8, target: Option<StandId>) {
        let is_gun = matches!(
            self.unit(s.stand(firer))
                .weapons
                .get(weapon as usize)
                .map(|w| &w.kind),
            Some(WeaponKind::Gun { .. })
        );
        let st = s.stand_mut(firer);
        if is_gun {
            st.act.gun_target = target;
        }
        st.act.weapons |= 1 << weapon;
        st.act.fired += 1;
        st.this_turn.fired = true;
        let p = st.platoon;
        s.platoon_mut(p).record.fired = true;
        if let Some(t) = target {
            let tp = s.stand(t).platoon;
            s.platoon_mut(tp).record.fired_on = true;
        }
    }

    pub fn fire_check(
        &self,
        s: &State,
        stand: StandId,
        weapon: u8,
        target: Aim,
        ctx: FireCtx,
    ) -> Checked {
        match target {
            Aim::Stand(t) => self.plan_shot(s, stand, weapon, t, ctx).map(|_| ()),
            _ => refuse(
                AREA_FIRE,
                "Only artillery called by an FO aims at a point or a strip.",
            ),
        }
    }
}
