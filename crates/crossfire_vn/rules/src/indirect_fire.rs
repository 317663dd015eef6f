//! CF7.1 Indirect fire (S2, S7; the procedure our reading, numbers in
//! `rules.ron`): a forward observer calls a barrage or smoke from off the
//! table on a point he sees, from the scenario's allotment of missions. A
//! barrage attacks every stand within one stand width of its aim, friend or
//! foe, with four dice each (a die off in cover from barrages, only 6s in a
//! bunker); it is a failed action if it suppresses or kills no enemy stand.
//! Smoke blocks sight through it until the end of the enemy's next
//! initiative.

use crate::CrossfireVn;
use crate::command::Command;
use crate::data::Role;
use crate::event::{BarrageRoll, Effect, Event, Pass};
use crate::state::*;
use crate::table::FireCover;
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::tabletop::{HUNDREDTH, Point};

impl CrossfireVn {
    pub fn missions_left<'a>(&self, s: &'a State, observer: StandId) -> Option<&'a MissionsLeft> {
        s.missions.iter().find(|m| m.observer == observer)
    }

    pub(crate) fn check_call_fire(
        &self,
        s: &State,
        id: StandId,
        at: Point,
        smoke: bool,
    ) -> Checked {
        self.in_initiative(s)?;
        let Some(st) = s.get(id) else {
            return refuse("base 7.1", "No such stand.");
        };
        ensure(
            st.side == s.initiative && st.on_table() && self.unit_type(st).role == Role::Observer,
            "base 7.1",
            "Only your forward observer calls fire.",
        )?;
        ensure_with(st.status != Status::Suppressed, "base 6.5.2", || {
            format!("{} is suppressed.", st.label)
        })?;
        let left = self.missions_left(s, id);
        ensure(
            left.is_some_and(|m| if smoke { m.smoke > 0 } else { m.he > 0 }),
            "base 7.1",
            "The observer has no such mission left.",
        )?;
        ensure(
            self.table_of(s).on_table(at),
            "base 7.1",
            "Fire falls on the table.",
        )?;
        ensure(
            self.sees_point(s, st, at),
            "base 7.1",
            "The observer must see the point he calls fire on.",
        )
    }

    pub(crate) fn execute_call_fire(
        &self,
        s: &mut State,
        id: StandId,
        at: Point,
        smoke: bool,
        ev: &mut Vec<Event>,
    ) {
        if let Some(m) = s.missions.iter_mut().find(|m| m.observer == id) {
            if smoke {
                m.smoke = m.smoke.saturating_sub(1);
            } else {
                m.he = m.he.saturating_sub(1);
            }
        }
        let side = s.stand(id).side;
        if smoke {
            s.smoke.push(Smoke {
                at,
                radius: self.rules().sw(self.rules().indirect.smoke_radius.value),
                until_end_of: side.other(),
            });
            ev.push(Event::SmokeLaid { observer: id, at });
            return;
        }
        let r = self.rules();
        let radius = r.sw(r.indirect.radius.value);
        let under: Vec<StandId> = s
            .on_table()
            .filter(|st| {
                let u = self.unit_type(st);
                !u.flies && !u.armoured && self.base(st).distance_to_point(at) < radius
            })
            .map(|st| st.id)
            .collect();
        let mut rolls = Vec::new();
        let mut effects = Vec::new();
        for t in under {
            let st = s.stand(t).clone();
            let cover = self.barrage_cover(s, &st);
            let mut n = r.indirect.he_dice.value as i32;
            let mut hit_on = r.fire.hit_on.value;
            match cover {
                FireCover::Open => {}
                FireCover::Cover => n += r.fire.cover_dice.value as i32,
                FireCover::Bunker => {
                    n += r.fire.bunker_dice.value as i32;
                    hit_on = r.fire.bunker_hit_on.value;
                }
            }
            let dice: Vec<u8> = (0..n.max(0)).map(|_| s.rng.die(6)).collect();
            let hits = dice.iter().filter(|d| **d >= hit_on).count() as u8;
            let result = self.hits_result(hits);
            // A hidden stand the barrage misses stays unknown: its roll is
            // not told.
            if !(st.hidden && result == Effect::Miss) {
                rolls.push(BarrageRoll {
                    stand: t,
                    cover: cover != FireCover::Open,
                    bunker: cover == FireCover::Bunker,
                    dice,
                    hit_on,
                    hits,
                    result,
                });
            }
            effects.push((t, result));
        }
        ev.push(Event::Barrage {
            observer: id,
            at,
            rolls,
        });
        let mut success = false;
        for (t, e) in effects {
            if s.stand(t).side != side && e >= Effect::Suppress {
                success = true;
            }
            self.apply_effect(s, t, e, ev);
        }
        if !success && s.end.is_none() {
            self.pass_initiative(s, s.initiative.other(), Pass::BarrageFailed, ev);
        }
    }

    /// Smoke laid by the side's enemy clears at the end of this side's
    /// initiative.
    pub(crate) fn clear_smoke(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        let (gone, kept): (Vec<Smoke>, Vec<Smoke>) =
            s.smoke.drain(..).partition(|sm| sm.until_end_of == side);
        s.smoke = kept;
        for sm in gone {
            ev.push(Event::SmokeClears { at: sm.at });
        }
    }

    pub(crate) fn indirect_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        for m in &s.missions {
            let obs = s.stand(m.observer);
            if obs.side != side || !obs.on_table() {
                continue;
            }
            for t in s.side_on_table(side.other()).filter(|t| !t.hidden) {
                let at = t.at.snapped(HUNDREDTH);
                if m.he > 0 {
                    out.push(Command::CallFire {
                        observer: m.observer,
                        at,
                        smoke: false,
                    });
                }
                if m.smoke > 0 {
                    out.push(Command::CallFire {
                        observer: m.observer,
                        at: obs
                            .at
                            .toward(t.at, obs.at.distance(t.at) / 2.0)
                            .snapped(HUNDREDTH),
                        smoke: true,
                    });
                }
            }
        }
    }
}

use vt_core::dice::Adjudication;
use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_indirect(&self, s: Option<&State>, e: &Event) -> LogEntry {
        match e {
            Event::Barrage {
                observer,
                at,
                rolls,
            } => {
                let adj: Vec<Adjudication> = rolls
                    .iter()
                    .map(|r| {
                        let pool = match (r.cover, r.bunker) {
                            (true, true) => ", in a bunker: a die off, only 6s hit",
                            (true, false) => ", in cover from barrages: a die off",
                            _ => "",
                        };
                        let mut a = Adjudication::new(
                            format!(
                                "Barrage on {} ({} dice{pool})",
                                self.who(s, r.stand),
                                r.dice.len()
                            ),
                            "base 7.1",
                        );
                        a = a.pool(r.dice.iter().map(|d| *d as i32), r.hit_on as i32);
                        a.needed = Some(format!(
                            "{} or more on each die, each die judged alone; {}",
                            r.hit_on,
                            self.hits_scale()
                        ));
                        a.result =
                            format!("{}: {}", crate::fire::hits_words(r.hits), r.result.name());
                        a
                    })
                    .collect();
                LogEntry::with_rolls(
                    format!(
                        "{} calls a barrage at ({:.1}, {:.1}).",
                        self.who(s, *observer),
                        at.x,
                        at.y
                    ),
                    adj,
                )
            }
            Event::SmokeLaid { observer, at } => LogEntry::text(format!(
                "{} calls smoke at ({:.1}, {:.1}).",
                self.who(s, *observer),
                at.x,
                at.y
            )),
            Event::SmokeClears { .. } => LogEntry::text("The smoke clears."),
            _ => LogEntry::text(format!("{e:?}")),
        }
    }
}
