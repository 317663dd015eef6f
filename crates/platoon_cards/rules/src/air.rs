//! Chart: HELICOPTERS, AIRCRAFT and GROUND TO AIR FIRE: helicopters move
//! 36" or 18" with a landing or take-off; a slick's .50 and a gunship's
//! minigun fire at men in jungle by proximity; rockets go in pairs, each
//! further pair's aim 2" along the line of flight, every rocket its own
//! template; aircraft make one pass: bombs as 150mm with 1" less
//! deviation, napalm a 4" x 8" strip per plane, 5D6, no cover, survivors
//! disrupted. Anything within 10" of an aircraft's path may fire 3D6 at it
//! (a dedicated AA HMG 4D6 within 20"): 2 hits suppress, 3 damage (it
//! leaves; a second damage crashes it), 4 destroy.

use crate::PlatoonCards;
use crate::area_fire::{Barrage, CoverRule};
use crate::command::{Aim, AirTarget, Command};
use crate::data::{Mover, TerrainKind, WeaponKind};
use crate::event::{AirEffect, Effect, Event, Pool, Scatter, Source, UnderTemplate};
use crate::geometry;
use crate::sections::*;
use crate::small_arms::Takes;
use crate::state::*;
use crate::step::{Pending, Step, Trigger, TriggerKind};
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::tabletop::{Point, Rect, closest_approach};

impl PlatoonCards {
    fn helicopter(&self, s: &State, stand: StandId) -> Checked {
        self.check_order_stand(s, stand)?;
        ensure(
            self.unit(s.stand(stand)).mover == Mover::Helicopter,
            HELICOPTERS,
            "Only helicopters land and take off.",
        )
    }

    pub(crate) fn check_land(&self, s: &State, stand: StandId) -> Checked {
        self.helicopter(s, stand)?;
        let Step::Orders { action, .. } = s.step() else {
            return refuse(TURN, "No activation is under way.");
        };
        ensure(action.may_move(), TURN, "Stand & Fire: nothing moves.")?;
        let st = s.stand(stand);
        ensure(st.airborne, HELICOPTERS, "It is on the ground.")?;
        ensure(
            !st.act.took_off,
            HELICOPTERS,
            "It took off this activation.",
        )?;
        ensure(
            st.act.moved <= self.charts.movement.helicopter_with_landing.value + 1e-9,
            HELICOPTERS,
            "A helicopter moves 36\", or 18\" and a landing: it has flown too far to land.",
        )?;
        let bad = self.terrain_at(s, st.pos).into_iter().find(|k| {
            (self.row(*k).blocks_los.value && *k != TerrainKind::ElephantGrass)
                || matches!(
                    k,
                    TerrainKind::River | TerrainKind::Bunker | TerrainKind::Trench
                )
        });
        if let Some(k) = bad {
            return refuse(HELICOPTERS, format!("No landing in {}.", k.name()));
        }
        let grounded = Stand {
            airborne: false,
            ..st.clone()
        };
        self.check_place(s, &grounded, st.pos)
    }

    pub(crate) fn execute_land(&self, s: &mut State, stand: StandId, ev: &mut Vec<Event>) {
        let st = s.stand_mut(stand);
        st.airborne = false;
        st.act.landed = true;
        ev.push(Event::Landed { stand });
    }

    pub(crate) fn check_take_off(&self, s: &State, stand: StandId) -> Checked {
        self.helicopter(s, stand)?;
        let Step::Orders { action, .. } = s.step() else {
            return refuse(TURN, "No activation is under way.");
        };
        ensure(action.may_move(), TURN, "Stand & Fire: nothing moves.")?;
        let st = s.stand(stand);
        ensure(!st.airborne, HELICOPTERS, "It is in the air.")?;
        ensure(!st.act.landed, HELICOPTERS, "It landed this activation.")?;
        ensure(
            st.status != Status::Disrupted,
            MORALE_NOTES,
            "Disrupted: it stays put.",
        )
    }

    pub(crate) fn execute_take_off(&self, s: &mut State, stand: StandId, ev: &mut Vec<Event>) {
        let st = s.stand_mut(stand);
        st.airborne = true;
        st.act.took_off = true;
        ev.push(Event::TookOff { stand });
    }

    fn rocket_weapon(&self, st: &Stand) -> Option<u8> {
        self.unit(st)
            .weapons
            .iter()
            .position(|w| matches!(w.kind, WeaponKind::Rockets))
            .map(|i| i as u8)
    }

    pub(crate) fn check_rockets(
        &self,
        s: &State,
        stand: StandId,
        target: Aim,
        pairs: u8,
    ) -> Checked {
        self.check_order_stand(s, stand)?;
        let Step::Orders { action, .. } = s.step() else {
            return refuse(TURN, "No activation is under way.");
        };
        ensure(
            matches!(
                action,
                crate::Action::MoveAndFire | crate::Action::StandAndFire
            ),
            TURN,
            "Rockets are fired under Move & Fire or Stand & Fire.",
        )?;
        let st = s.stand(stand);
        self.may_fire(s, st, crate::fire::FireCtx::Orders)?;
        let Some(w) = self.rocket_weapon(st) else {
            return refuse(HELICOPTERS, "It carries no rockets.");
        };
        ensure(st.airborne, HELICOPTERS, "Rockets are fired in flight.")?;
        ensure(
            st.act.weapons & (1 << w) == 0,
            HELICOPTERS,
            "It has fired its rockets this activation.",
        )?;
        ensure(
            pairs >= 1 && pairs <= self.charts.air.rocket_pairs_per_activation.value,
            HELICOPTERS,
            "Rockets go in pairs: one or two pairs an activation.",
        )?;
        let Aim::Stand(t) = target else {
            return refuse(HELICOPTERS, "The first pair is aimed at a target.");
        };
        let Some(tg) = s.stands.get(t as usize) else {
            return refuse(HELICOPTERS, "No such target.");
        };
        self.fire_mode(s, st, tg)?;
        ensure(
            self.gap_between(st, tg) <= self.charts.air.rocket_range.value + 1e-9,
            HELICOPTERS,
            "Out of rocket range (24\").",
        )
    }

    pub(crate) fn execute_rockets(
        &self,
        s: &mut State,
        stand: StandId,
        target: Aim,
        pairs: u8,
        ev: &mut Vec<Event>,
    ) {
        let Aim::Stand(t) = target else {
            return;
        };
        let Some(w) = self.rocket_weapon(s.stand(stand)) else {
            return;
        };
        self.mark_fired(s, stand, w, Some(t));
        let aim = s.stand(t).pos;
        let heading = geometry::facing_vec(s.stand(stand).facing);
        let shift = self.charts.air.rocket_pair_shift.value;
        let band = self.charts.air.rocket_band.value;
        for k in 0..pairs {
            let p = geometry::snap(aim + heading * (shift * k as f64));
            for _ in 0..2 {
                self.template_fire(
                    s,
                    Barrage {
                        source: Source::Rocket { stand },
                        aim: p,
                        band,
                        scatter: true,
                        deviation: 0.0,
                        cover: CoverRule::Indirect,
                        line: Some(heading),
                    },
                    ev,
                );
            }
        }
        s.stand_mut(stand).act.rocket_pairs += pairs;
        self.offer_reaction(
            s,
            Trigger {
                kind: TriggerKind::Fired,
                by: stand,
                at: s.stand(stand).pos,
            },
            ev,
        );
    }

    pub(crate) fn check_air_strike(
        &self,
        s: &State,
        stand: StandId,
        strike: u16,
        aim: Aim,
    ) -> Checked {
        self.check_order_stand(s, stand)?;
        let fo = s.stand(stand);
        ensure(
            self.unit(fo).observer.is_some(),
            AIRCRAFT,
            "An FO calls the aircraft in.",
        )?;
        ensure(
            fo.status != Status::Disrupted,
            SMALL_ARMS_NOTES,
            "A disrupted FO calls nothing.",
        )?;
        ensure(
            fo.act.distance <= 1e-9 && fo.act.moved <= 1e-9,
            AREA_FIRE,
            "FOOs may not move and call fire in the same activation.",
        )?;
        let Some(a) = s.strikes.iter().find(|a| a.id == strike) else {
            return refuse(AIRCRAFT, "No such air strike.");
        };
        ensure(a.side == fo.side, AIRCRAFT, "That strike is not yours.")?;
        ensure(
            !a.used,
            AIRCRAFT,
            "Aircraft make one pass: that strike is spent.",
        )?;
        ensure(
            s.turn >= a.from_turn,
            SCENARIO,
            "That strike is not on station yet.",
        )?;
        ensure(
            !matches!(aim, Aim::Mine(_) | Aim::Wire(_)),
            AIRCRAFT,
            "Aim an air strike at a stand or a point.",
        )?;
        self.observer_aim(s, fo, aim)
    }

    /// The pass of a strike: from its run-in to its run-out.
    pub fn strike_path(&self, aim: Point, heading: Point) -> Vec<Point> {
        let a = &self.charts.air;
        vec![
            aim - heading * a.run_in.value,
            aim + heading * a.run_out.value,
        ]
    }

    pub(crate) fn execute_air_strike(
        &self,
        s: &mut State,
        stand: StandId,
        strike: u16,
        aim: Aim,
        ev: &mut Vec<Event>,
    ) {
        let Some(p) = self.aim_point(s, aim) else {
            return;
        };
        let fo = s.stand(stand).pos;
        let heading = (p - fo).normalized().unwrap_or(Point::new(0.0, 1.0));
        s.stand_mut(stand).act.plotted = true;
        if let Some(a) = s.strikes.iter_mut().find(|a| a.id == strike) {
            a.used = true;
        }
        ev.push(Event::AirStrikeCalled {
            strike,
            fo: stand,
            aim: p,
        });
        s.steps.push(Step::Resolve(Pending::AirStrike {
            strike,
            fo: stand,
            aim: p,
            heading,
        }));
        let path = self.strike_path(p, heading);
        self.offer_reaction(
            s,
            Trigger {
                kind: TriggerKind::AirStrike { strike, path },
                by: stand,
                at: p,
            },
            ev,
        );
    }

    pub(crate) fn run_air_strike(
        &self,
        s: &mut State,
        strike: u16,
        _fo: StandId,
        aim: Point,
        heading: Point,
        ev: &mut Vec<Event>,
    ) {
        let Some(a) = s.strikes.iter().find(|a| a.id == strike).cloned() else {
            return;
        };
        let c = self.charts.air.clone();
        let extra = if a.suppressed {
            c.suppressed_deviation.value
        } else {
            0.0
        };
        for _ in 0..a.planes {
            match a.kind {
                StrikeKind::Bombs => self.template_fire(
                    s,
                    Barrage {
                        source: Source::Bomb { strike },
                        aim,
                        band: c.bomb_band.value,
                        scatter: true,
                        deviation: c.bomb_deviation.value + extra,
                        cover: CoverRule::Indirect,
                        line: Some(heading),
                    },
                    ev,
                ),
                StrikeKind::Napalm => self.napalm(s, strike, aim, heading, extra, ev),
            }
        }
    }

    /// One plane's napalm: a 4" x 8" strip along the line of flight where
    /// the aim scatters to; 5D6 on everything under it, no cover; the
    /// survivors disrupted.
    fn napalm(
        &self,
        s: &mut State,
        strike: u16,
        aim: Point,
        heading: Point,
        extra: f64,
        ev: &mut Vec<Event>,
    ) {
        let c = self.charts.air.clone();
        let (sc, centre) = self.roll_scatter(s, aim, extra);
        let half = heading * (c.napalm_length.value / 2.0);
        let strip = Rect::strip(centre - half, centre + half, c.napalm_width.value);
        let corners = strip.corners();
        let need = self.charts.area_fire.vehicle_share.value;
        let mut under = Vec::new();
        let ids: Vec<StandId> = s
            .on_table()
            .filter(|st| !st.airborne)
            .map(|st| st.id)
            .collect();
        for id in ids {
            let st = s.stand(id).clone();
            let u = self.unit(&st);
            let b = geometry::base(u, &st);
            let share = b.fraction_under(&strip);
            let hit = if u.is_vehicle() {
                share >= need - 1e-9
            } else {
                b.fully_under(&strip)
            };
            if !hit {
                continue;
            }
            let pool = Pool {
                base: c.napalm_dice.value,
                dice_mods: Vec::new(),
                hit_on: if u.armour.is_armoured() {
                    self.charts.area_fire.armour_hit_on.value
                } else {
                    self.charts.area_fire.hit_on.value
                },
                pip_mods: Vec::new(),
                rolled: Vec::new(),
                hits: 0,
            };
            let pool = self.roll_pool(s, pool);
            let takes = if u.single_figure {
                Takes::FigureUnderBarrage
            } else if u.armour == crate::data::Armour::Softskin {
                Takes::Softskin
            } else {
                Takes::Squad
            };
            let mut effect = self.effect_of(pool.hits, takes);
            if effect != Effect::Killed {
                // Any survivors are automatically disrupted.
                effect = Effect::Disrupted;
            }
            under.push(UnderTemplate {
                stand: id,
                share,
                pool,
                effect,
                hidden: st.hidden,
            });
        }
        ev.push(Event::Napalm {
            strike,
            corners,
            scatter: sc,
            under: under.clone(),
        });
        self.apply_under(s, &under, ev);
        let _: Option<Scatter> = None;
    }

    /// May this stand fire at the aircraft (within reach of its path, not
    /// disrupted, not yet at it this turn)? Returns its dice.
    pub fn air_defence(
        &self,
        s: &State,
        stand: StandId,
        target: AirTarget,
        path: &[Point],
    ) -> Result<u8, vt_core::Refusal> {
        let g = &self.charts.ground_to_air;
        let Some(st) = s.stands.get(stand as usize) else {
            return refuse(GROUND_TO_AIR, "No such stand.");
        };
        ensure(
            st.on_table() && !st.airborne,
            GROUND_TO_AIR,
            "It is not on the ground.",
        )?;
        ensure(
            st.status != Status::Disrupted,
            SMALL_ARMS_NOTES,
            "Disrupted troops cannot fire.",
        )?;
        let t = self.unit(st);
        ensure(
            t.small_arms().next().is_some(),
            GROUND_TO_AIR,
            "It has no weapon to fire at aircraft.",
        )?;
        let key = match target {
            AirTarget::Helicopter(h) => h,
            AirTarget::Strike(k) => u16::MAX - k,
        };
        ensure(
            !st.this_turn.air_targets.contains(&key),
            GROUND_TO_AIR,
            "It has fired at that aircraft this turn.",
        )?;
        let (range, dice) = if t.anti_aircraft {
            (g.aa_range.value, g.aa_dice.value)
        } else {
            (g.range.value, g.dice.value)
        };
        let reach = (t.width.max(t.length)) / 2.0;
        let near = closest_approach(path, st.pos).is_some_and(|c| c.0 - reach <= range + 1e-9);
        ensure(
            near,
            GROUND_TO_AIR,
            "The aircraft did not pass within reach (10\", 20\" for an AA HMG).",
        )?;
        Ok(dice)
    }

    pub(crate) fn execute_air_defence(
        &self,
        s: &mut State,
        stand: StandId,
        target: AirTarget,
        path: &[Point],
        ev: &mut Vec<Event>,
    ) {
        let Ok(dice) = self.air_defence(s, stand, target, path) else {
            return;
        };
        if s.stand(stand).hidden {
            self.reveal_platoon(s, s.stand(stand).platoon, None, ev);
        }
        let key = match target {
            AirTarget::Helicopter(h) => h,
            AirTarget::Strike(k) => u16::MAX - k,
        };
        {
            let st = s.stand_mut(stand);
            st.this_turn.air_targets.push(key);
            st.this_turn.fired = true;
            let p = st.platoon;
            s.platoon_mut(p).record.fired = true;
        }
        let g = self.charts.ground_to_air.clone();
        let pool = Pool {
            base: dice,
            dice_mods: Vec::new(),
            hit_on: g.hit_on.value,
            pip_mods: Vec::new(),
            rolled: Vec::new(),
            hits: 0,
        };
        let pool = self.roll_pool(s, pool);
        let effect = if pool.hits >= g.explode_at.value {
            AirEffect::Exploded
        } else if pool.hits >= g.damage_at.value {
            AirEffect::Damaged
        } else if pool.hits >= g.suppress_at.value {
            AirEffect::Suppressed
        } else {
            AirEffect::None
        };
        let effect = match (target, effect) {
            (AirTarget::Helicopter(h), AirEffect::Damaged)
                if s.stand(h).damaged + 1 >= g.damages_to_crash.value =>
            {
                AirEffect::Crashed
            }
            _ => effect,
        };
        ev.push(Event::GroundToAir {
            firer: stand,
            target,
            pool,
            effect,
        });
        match target {
            AirTarget::Helicopter(h) => {
                let p = s.stand(h).platoon;
                s.platoon_mut(p).record.fired_on = true;
                match effect {
                    AirEffect::None => {}
                    AirEffect::Suppressed => self.apply_effect(s, h, Effect::Suppressed, ev),
                    AirEffect::Damaged => {
                        s.stand_mut(h).damaged += 1;
                        let aboard: Vec<StandId> = s.passengers(h).map(|p| p.id).collect();
                        for id in std::iter::once(h).chain(aboard) {
                            s.stand_mut(id).gone = Some(Gone::LeftTable);
                            ev.push(Event::StandLost {
                                stand: id,
                                gone: Gone::LeftTable,
                                hidden: false,
                            });
                        }
                    }
                    AirEffect::Crashed | AirEffect::Exploded => {
                        let aboard: Vec<StandId> = s.passengers(h).map(|p| p.id).collect();
                        self.lose_stand(s, h, Gone::Destroyed, ev);
                        for id in aboard {
                            self.lose_stand(s, id, Gone::Killed, ev);
                        }
                    }
                }
            }
            AirTarget::Strike(k) => {
                if let Some(a) = s.strikes.iter_mut().find(|a| a.id == k) {
                    match effect {
                        AirEffect::None => {}
                        AirEffect::Suppressed => a.suppressed = true,
                        // One plane turned back or lost.
                        _ => a.planes = a.planes.saturating_sub(1),
                    }
                }
            }
        }
    }

    /// The FO and helicopter orders beyond moving and firing.
    pub(crate) fn special_candidates(
        &self,
        s: &State,
        st: &Stand,
        action: crate::Action,
        out: &mut Vec<Command>,
    ) {
        let t = self.unit(st);
        if t.mover == Mover::Helicopter {
            out.push(Command::Land { stand: st.id });
            out.push(Command::TakeOff { stand: st.id });
            if self.rocket_weapon(st).is_some() {
                for e in s.on_table() {
                    if e.side != st.side && !e.hidden && e.pos.distance(st.pos) <= 26.0 {
                        out.push(Command::Rockets {
                            stand: st.id,
                            target: Aim::Stand(e.id),
                            pairs: 2,
                        });
                    }
                }
            }
        }
        if t.observer.is_some() && !st.hidden {
            let targets: Vec<StandId> = s
                .on_table()
                .filter(|e| e.side != st.side && !e.hidden && !e.airborne)
                .map(|e| e.id)
                .collect();
            for b in s
                .batteries
                .iter()
                .filter(|b| b.side == st.side && b.fired < b.models)
            {
                for &e in &targets {
                    out.push(Command::CallFire {
                        stand: st.id,
                        battery: b.id,
                        aim: Aim::Stand(e),
                        smoke: false,
                    });
                }
                if b.smoke != crate::data::SmokeSize::None
                    && let Some(&e) = targets.first()
                {
                    let p = s.stand(e).pos;
                    let mid = geometry::snap(st.pos + (p - st.pos) * 0.5);
                    out.push(Command::CallFire {
                        stand: st.id,
                        battery: b.id,
                        aim: Aim::Point(mid),
                        smoke: true,
                    });
                }
                for m in s
                    .mines
                    .iter()
                    .filter(|m| m.side != st.side && m.state != MineState::Gone && !m.hidden)
                {
                    out.push(Command::CallFire {
                        stand: st.id,
                        battery: b.id,
                        aim: Aim::Mine(m.marker),
                        smoke: false,
                    });
                }
            }
            for a in s.strikes.iter().filter(|a| a.side == st.side && !a.used) {
                for &e in &targets {
                    out.push(Command::CallAirStrike {
                        stand: st.id,
                        strike: a.id,
                        aim: Aim::Stand(e),
                    });
                }
            }
        }
        if action.may_move() {
            self.carrier_candidates(s, st, action, out);
            self.wire_candidates(s, st, out);
            self.mine_candidates(s, st, out);
        }
    }
}
