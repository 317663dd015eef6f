//! Chart: AREA FIRE, Notes: INDIRECT FIRING and SMOKE: each model gun
//! picks a target, rolls the scatter die (2 "hit" faces of 6; otherwise an
//! arrow and 1D6 inches); a 5" template; infantry wholly under it and
//! vehicles at least half under are hit, each rolling the calibre's dice
//! (one fewer in indirect cover; 5-6 hit, only 6s against armour) on the
//! small-arms results. Local FOs call their batteries (and may not move in
//! that activation); smoke screens are laid the same way and clear at the
//! end of the turn.

use crate::PlatoonCards;
use crate::command::Aim;
use crate::data::{AreaBand, Control, Cover, SmokeSize};
use crate::event::{Event, Pool, Scatter, Source, UnderTemplate};
use crate::geometry;
use crate::sections::*;
use crate::small_arms::Takes;
use crate::state::*;
use vt_core::Modifier;
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::tabletop::{Circle, Direction, Point, UP_THE_TABLE, scatter};

/// What counts as cover under this template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverRule {
    /// The chart's indirect-fire cover column.
    Indirect,
    /// Pre-game bombardment: defenders dug in (not in woods unless in
    /// trenches), attackers by the chart.
    DugIn(Side),
    /// Napalm: nothing counts as cover.
    None,
}

/// One model gun's (or bomb's, or rocket's) fire.
#[derive(Clone, Debug, PartialEq)]
pub struct Barrage {
    pub source: Source,
    pub aim: Point,
    pub band: AreaBand,
    /// Deviation is rolled (not against a mine or wire strip).
    pub scatter: bool,
    /// Added to the scatter distance (bombs -1").
    pub deviation: f64,
    pub cover: CoverRule,
    /// 12 o'clock for the arrow; up the table when `None`.
    pub line: Option<Point>,
}

impl PlatoonCards {
    /// The scatter die and 1D6: where the template lands. The arrow is read
    /// to the nearest clock hour (a d12).
    pub fn roll_scatter(&self, s: &mut State, aim: Point, deviation: f64) -> (Scatter, Point) {
        let a = &self.charts.area_fire;
        let face = s.rng.die(a.scatter_faces.value);
        if face <= a.scatter_hit_faces.value {
            return (
                Scatter {
                    on_target: true,
                    degrees: 0.0,
                    distance_roll: 0,
                    distance: 0.0,
                },
                aim,
            );
        }
        let hour = s.rng.die(12);
        let roll = s.rng.die(6);
        let distance = (roll as f64 + deviation).max(0.0);
        let degrees = Direction::Clock(hour).degrees();
        let to = geometry::snap(scatter(aim, UP_THE_TABLE, Direction::Clock(hour), distance));
        (
            Scatter {
                on_target: false,
                degrees,
                distance_roll: roll,
                distance,
            },
            to,
        )
    }

    /// Every stand under a template at `centre`, with the share of its base.
    pub fn under_circle(&self, s: &State, centre: Point) -> Vec<(StandId, f64)> {
        let t = Circle::of_diameter(centre, self.charts.area_fire.template_diameter.value);
        let need = self.charts.area_fire.vehicle_share.value;
        let mut out = Vec::new();
        for st in s.on_table() {
            if st.airborne {
                continue;
            }
            let u = self.unit(st);
            let b = geometry::base(u, st);
            let share = b.fraction_under(&t);
            let hit = if u.is_vehicle() {
                share >= need - 1e-9
            } else {
                b.fully_under(&t)
            };
            if hit {
                out.push((st.id, share));
            }
        }
        out
    }

    /// The pool a stand under a template rolls.
    pub fn template_pool(&self, s: &State, st: &Stand, dice: u8, cover: CoverRule) -> Pool {
        let a = &self.charts.area_fire;
        let u = self.unit(st);
        let times = match cover {
            CoverRule::None => 0,
            CoverRule::Indirect => self.indirect_cover(s, st.pos).times(),
            CoverRule::DugIn(defender) => {
                let terrain = self.indirect_cover(s, st.pos);
                if st.side == defender && !self.in_woods(s, st.pos) {
                    terrain.times().max(Cover::Cover.times())
                } else {
                    terrain.times()
                }
            }
        };
        let mut dice_mods = Vec::new();
        if times > 0 {
            let rule = if matches!(cover, CoverRule::DugIn(_)) {
                BOMBARDMENT
            } else {
                AREA_FIRE
            };
            dice_mods.push(Modifier::new(
                "target in indirect cover",
                book(rule),
                a.indirect_cover_dice.value * times,
            ));
        }
        Pool {
            base: dice,
            dice_mods,
            hit_on: if u.armour.is_armoured() {
                a.armour_hit_on.value
            } else {
                a.hit_on.value
            },
            pip_mods: Vec::new(),
            rolled: Vec::new(),
            hits: 0,
        }
    }

    /// How a stand under a template takes its hits.
    fn takes_barrage(&self, st: &Stand) -> Takes {
        let u = self.unit(st);
        if u.single_figure {
            Takes::FigureUnderBarrage
        } else if u.armour == crate::data::Armour::Softskin {
            Takes::Softskin
        } else {
            Takes::Squad
        }
    }

    /// One template: scatter, who is under it, their dice, the results.
    pub fn template_fire(&self, s: &mut State, b: Barrage, ev: &mut Vec<Event>) {
        let (sc, centre) = if b.scatter {
            let (sc, to) = self.roll_scatter(s, b.aim, b.deviation);
            (Some(sc), to)
        } else {
            (None, b.aim)
        };
        let dice = self.charts.area_dice(b.band);
        let mut under = Vec::new();
        for (id, share) in self.under_circle(s, centre) {
            let st = s.stand(id).clone();
            let pool = self.template_pool(s, &st, dice, b.cover);
            let pool = self.roll_pool(s, pool);
            let effect = self.effect_of(pool.hits, self.takes_barrage(&st));
            under.push(UnderTemplate {
                stand: id,
                share,
                pool,
                effect,
                hidden: st.hidden,
            });
        }
        ev.push(Event::Template {
            source: b.source,
            aim: b.aim,
            scatter: sc,
            centre,
            diameter: self.charts.area_fire.template_diameter.value,
            under: under.clone(),
            smoke: false,
            destroyed: None,
        });
        self.apply_under(s, &under, ev);
    }

    pub fn apply_under(&self, s: &mut State, under: &[UnderTemplate], ev: &mut Vec<Event>) {
        for u in under {
            let p = s.stand(u.stand).platoon;
            s.platoon_mut(p).record.fired_on = true;
            let carrier = self.unit(s.stand(u.stand)).carries > 0;
            self.apply_effect(s, u.stand, u.effect, ev);
            if carrier {
                self.passenger_rolls(s, u.stand, u.effect, ev);
            }
        }
    }

    /// Artillery aimed at a mine or wire strip: no deviation, one strip,
    /// destroyed on a kill result.
    pub fn strip_fire(
        &self,
        s: &mut State,
        source: Source,
        aim: Aim,
        band: AreaBand,
        ev: &mut Vec<Event>,
    ) {
        let (centre, name) = match aim {
            Aim::Mine(m) => match s.mines.iter().find(|x| x.marker == m) {
                Some(x) => (x.pos, format!("mine strip {m}")),
                None => return,
            },
            Aim::Wire(w) => match s.wire.iter().find(|x| x.id == w) {
                Some(x) => (x.pos, format!("wire strip {w}")),
                None => return,
            },
            _ => return,
        };
        let pool = Pool {
            base: self.charts.area_dice(band),
            dice_mods: Vec::new(),
            hit_on: self.charts.area_fire.hit_on.value,
            pip_mods: Vec::new(),
            rolled: Vec::new(),
            hits: 0,
        };
        let pool = self.roll_pool(s, pool);
        let killed = self.effect_of(pool.hits, Takes::Squad) == crate::event::Effect::Killed;
        if killed {
            match aim {
                Aim::Mine(m) => {
                    if let Some(x) = s.mines.iter_mut().find(|x| x.marker == m) {
                        x.state = MineState::Gone;
                    }
                }
                Aim::Wire(w) => {
                    if let Some(x) = s.wire.iter_mut().find(|x| x.id == w) {
                        x.gone = true;
                    }
                }
                _ => {}
            }
        }
        ev.push(Event::Template {
            source,
            aim: centre,
            scatter: None,
            centre,
            diameter: self.charts.area_fire.template_diameter.value,
            under: vec![UnderTemplate {
                stand: u16::MAX,
                share: 1.0,
                pool,
                effect: if killed {
                    crate::event::Effect::Killed
                } else {
                    crate::event::Effect::None
                },
                hidden: false,
            }],
            smoke: false,
            destroyed: killed.then_some(name),
        });
    }

    /// A smoke screen where the aim scatters to, across the line from
    /// `from`.
    pub fn lay_smoke(
        &self,
        s: &mut State,
        size: SmokeSize,
        aim: Point,
        from: Point,
        ev: &mut Vec<Event>,
    ) {
        let c = &self.charts.smoke;
        let (w, d) = match size {
            SmokeSize::Large => (c.large_width.value, c.large_depth.value),
            _ => (c.small_width.value, c.small_depth.value),
        };
        let (_, centre) = self.roll_scatter(s, aim, 0.0);
        let line = aim - from;
        let angle = geometry::facing_of(Point::new(line.y, -line.x));
        let screen = SmokeScreen {
            centre,
            width: w,
            depth: d,
            angle,
        };
        s.smoke.push(screen.clone());
        ev.push(Event::SmokeLaid { screen });
    }

    /// Where an aim is on the table.
    pub fn aim_point(&self, s: &State, aim: Aim) -> Option<Point> {
        match aim {
            Aim::Stand(t) => s.stands.get(t as usize).map(|x| x.pos),
            Aim::Mine(m) => s
                .mines
                .iter()
                .find(|x| x.marker == m && x.state != MineState::Gone)
                .map(|x| x.pos),
            Aim::Wire(w) => s.wire.iter().find(|x| x.id == w && !x.gone).map(|x| x.pos),
            Aim::Point(p) => Some(p),
        }
    }

    /// Can this observer see the aim: a stand he spots himself (no
    /// proximity for artillery), or the line to a point or strip?
    pub fn observer_aim(&self, s: &State, fo: &Stand, aim: Aim) -> Checked {
        match aim {
            Aim::Stand(t) => {
                let Some(tg) = s.stands.get(t as usize) else {
                    return refuse(INDIRECT, "No such target.");
                };
                ensure(
                    tg.on_table() && !tg.hidden && tg.side != fo.side,
                    INDIRECT,
                    "No such enemy in sight.",
                )?;
                ensure(
                    self.spots(s, fo, tg),
                    SPOTTING_NOTES,
                    "Artillery observers may not use proximity fire: the FO must see the target himself.",
                )
            }
            _ => {
                let Some(p) = self.aim_point(s, aim) else {
                    return refuse(INDIRECT, "Nothing there to aim at.");
                };
                ensure(
                    self.tabletop_of(s).contains(p),
                    INDIRECT,
                    "That point is off the table.",
                )?;
                let level = self.ground_level(s, p);
                let sight = self.sight_line(s, self.eye(s, fo), p, level, None);
                ensure_with(sight.clear, LOS, || {
                    format!(
                        "The FO has no line of sight there: {}.",
                        sight.why.clone().unwrap_or_default()
                    )
                })
            }
        }
    }

    pub fn check_call_fire(
        &self,
        s: &State,
        stand: StandId,
        battery: u16,
        aim: Aim,
        smoke: bool,
    ) -> Checked {
        self.check_order_stand(s, stand)?;
        let fo = s.stand(stand);
        ensure(
            self.unit(fo).observer == Some(Control::Local),
            INDIRECT,
            "Only a local FO calls the local batteries.",
        )?;
        ensure(
            fo.status != Status::Disrupted,
            SMALL_ARMS_NOTES,
            "A disrupted FO cannot call fire.",
        )?;
        ensure(
            fo.act.distance <= 1e-9 && fo.act.moved <= 1e-9,
            AREA_FIRE,
            "FOOs may not move and plot artillery fire in the same activation.",
        )?;
        let Some(b) = s.batteries.iter().find(|b| b.id == battery) else {
            return refuse(INDIRECT, "No such battery.");
        };
        ensure(b.side == fo.side, INDIRECT, "That battery is not yours.")?;
        ensure(
            b.control == Control::Local,
            DIVISIONAL,
            "Divisional artillery is plotted at the start of the turn by a divisional FOO.",
        )?;
        ensure(
            b.fired < b.models,
            INDIRECT,
            "Every gun of that battery has fired this turn.",
        )?;
        ensure(
            !smoke || b.smoke != SmokeSize::None,
            SMOKE,
            "That battery fires no smoke.",
        )?;
        ensure(
            smoke || !matches!(aim, Aim::Point(_)),
            INDIRECT,
            "High explosive is aimed at a squad, a vehicle or a strip.",
        )?;
        self.observer_aim(s, fo, aim)
    }

    pub fn execute_call_fire(
        &self,
        s: &mut State,
        stand: StandId,
        battery: u16,
        aim: Aim,
        smoke: bool,
        ev: &mut Vec<Event>,
    ) {
        s.stand_mut(stand).act.plotted = true;
        let from = s.stand(stand).pos;
        let Some(bi) = s.batteries.iter().position(|b| b.id == battery) else {
            return;
        };
        s.batteries[bi].fired += 1;
        let (band, size) = (s.batteries[bi].band, s.batteries[bi].smoke);
        let Some(p) = self.aim_point(s, aim) else {
            return;
        };
        if smoke {
            self.lay_smoke(s, size, p, from, ev);
        } else if matches!(aim, Aim::Mine(_) | Aim::Wire(_)) {
            self.strip_fire(s, Source::Battery { battery }, aim, band, ev);
        } else {
            self.template_fire(
                s,
                Barrage {
                    source: Source::Battery { battery },
                    aim: p,
                    band,
                    scatter: true,
                    deviation: 0.0,
                    cover: CoverRule::Indirect,
                    line: None,
                },
                ev,
            );
        }
    }
}
