//! Chart: SNIPERS: placed hidden, marked only on the owner's copy of the
//! table, never moving; spotted (and gone) when anything moves within 3";
//! fire at any time without a card, twice the normal distances through
//! woods and built-up areas, up to 24"; always 3D6 hitting on 5-6; a single
//! figure is disrupted by one hit and killed by two; after one shot the
//! sniper's place is announced and he leaves the game unhurt.

use crate::PlatoonCards;
use crate::command::Command;
use crate::data::SpotClass;
use crate::event::{Effect, Event, Firer, Pool};
use crate::geometry;
use crate::line_of_sight::Eye;
use crate::sections::*;
use crate::spotting::{Seen, Spotter};
use crate::state::*;
use crate::step::Step;
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::tabletop::{Point, closest_approach};

impl PlatoonCards {
    fn sniper<'a>(&self, s: &'a State, id: u16) -> Option<&'a Sniper> {
        s.snipers.iter().find(|x| x.id == id && !x.gone)
    }

    /// Snipers fire in any of their side's decisions during play.
    fn sniper_may_act(&self, s: &State, side: Side) -> bool {
        match s.step() {
            Step::Activate { side: x } | Step::Reaction { side: x, .. } => *x == side,
            Step::Orders { platoon, .. } | Step::EndOverwatch { platoon } => {
                s.platoon(*platoon).side == side
            }
            _ => false,
        }
    }

    /// Can the sniper see the target (his doubled distances into cover,
    /// 24" at most)?
    pub fn sniper_sees(&self, s: &State, sn: &Sniper, tg: &Stand) -> bool {
        let c = &self.charts.snipers;
        let level = self.ground_level(s, sn.pos);
        let eye = Eye {
            at: sn.pos,
            level,
            factor: c.cover_factor.value,
        };
        let b = geometry::base(self.unit(tg), tg);
        let distance = geometry::gap_to_point(&b, sn.pos);
        if distance > c.max_range.value + 1e-9 {
            return false;
        }
        let sight = self.sight_line(s, eye, tg.pos, self.level_of(s, tg), None);
        if !sight.clear {
            return false;
        }
        let seen = Seen {
            at: tg.pos,
            level: self.level_of(s, tg),
            class: self.unit(tg).spot_class,
            moved: tg.this_turn.moved > 0.0,
            fired: tg.this_turn.fired,
            distance,
        };
        let sp = Spotter {
            eye,
            suppressed: false,
            recce: false,
        };
        let r = self.spot_range(s, &sp, &seen, sight.smoke);
        let range = if r.cover && !r.close {
            r.range * c.cover_factor.value
        } else {
            r.range
        };
        distance <= range.min(c.max_range.value) + 1e-9
    }

    pub(crate) fn sniper_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        if !self.sniper_may_act(s, side) {
            return;
        }
        for sn in s.snipers.iter().filter(|x| x.side == side && !x.gone) {
            for tg in s.on_table() {
                if tg.side != side
                    && tg.pos.distance(sn.pos) <= self.charts.snipers.max_range.value + 3.0
                {
                    out.push(Command::SniperFire {
                        sniper: sn.id,
                        target: tg.id,
                    });
                }
            }
        }
    }

    pub(crate) fn check_sniper_fire(&self, s: &State, sniper: u16, target: StandId) -> Checked {
        let Some(sn) = self.sniper(s, sniper) else {
            return refuse(SNIPERS, "No such sniper.");
        };
        ensure(self.sniper_may_act(s, sn.side), SNIPERS, "Not now.")?;
        let Some(tg) = s.stands.get(target as usize) else {
            return refuse(SNIPERS, "No such target.");
        };
        ensure(tg.side != sn.side, SNIPERS, "That is your own stand.")?;
        ensure(
            tg.on_table() && !tg.hidden && !tg.airborne,
            SNIPERS,
            "No such target in sight.",
        )?;
        ensure(
            !self.unit(tg).armour.is_vehicle(),
            SNIPERS,
            "A sniper shoots men, not vehicles.",
        )?;
        ensure(
            self.sniper_sees(s, sn, tg),
            SNIPERS,
            "The sniper cannot see that target (24\" at most, twice the distance into cover).",
        )
    }

    pub(crate) fn execute_sniper_fire(
        &self,
        s: &mut State,
        sniper: u16,
        target: StandId,
        ev: &mut Vec<Event>,
    ) {
        let c = &self.charts.snipers;
        let Some(i) = s.snipers.iter().position(|x| x.id == sniper) else {
            return;
        };
        s.snipers[i].gone = true;
        let (side, pos) = (s.snipers[i].side, s.snipers[i].pos);
        let pool = Pool {
            base: c.dice.value,
            dice_mods: Vec::new(),
            hit_on: c.hit_on.value,
            pip_mods: Vec::new(),
            rolled: Vec::new(),
            hits: 0,
        };
        let pool = self.roll_pool(s, pool);
        let tg = s.stand(target);
        let effect = if self.unit(tg).single_figure {
            if pool.hits >= c.single_kill.value {
                Effect::Killed
            } else if pool.hits >= c.single_disrupt.value {
                Effect::Disrupted
            } else {
                Effect::None
            }
        } else {
            self.effect_of(pool.hits, self.takes(s, tg))
        };
        let tp = tg.platoon;
        s.platoon_mut(tp).record.fired_on = true;
        ev.push(Event::SniperFired {
            sniper,
            side,
            pos,
            target,
            pool,
            effect,
        });
        let _ = Firer::Sniper(sniper);
        self.apply_effect(s, target, effect, ev);
    }

    /// Anything of the other side moving within 3" spots a sniper, who is
    /// then gone (killed or fled).
    pub fn snipers_spotted(
        &self,
        s: &mut State,
        mover_side: Side,
        from: Point,
        to: Point,
        by: StandId,
        ev: &mut Vec<Event>,
    ) {
        let within = self.charts.snipers.spotted_within.value;
        let t = self.unit(s.stand(by));
        if t.mover == crate::data::Mover::Helicopter && s.stand(by).airborne {
            return;
        }
        let half = t.width.min(t.length) / 2.0;
        let _ = SpotClass::Infantry;
        for i in 0..s.snipers.len() {
            let sn = s.snipers[i].clone();
            if sn.gone || sn.side == mover_side {
                continue;
            }
            let near =
                closest_approach(&[from, to], sn.pos).is_some_and(|c| c.0 - half <= within + 1e-9);
            if near {
                s.snipers[i].gone = true;
                ev.push(Event::SniperSpotted {
                    sniper: sn.id,
                    side: sn.side,
                    pos: sn.pos,
                    by,
                });
            }
        }
    }

    /// Unrevealed snipers of a side (a public count: the enemy knows how
    /// many the scenario gives and sees each one go).
    pub fn snipers_left(&self, s: &State, side: Side) -> usize {
        s.snipers
            .iter()
            .filter(|x| x.side == side && !x.gone)
            .count()
    }
}
