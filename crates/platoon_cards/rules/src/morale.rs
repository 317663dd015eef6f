//! Chart: MORALE TABLE, MORALE CHECK and Notes: MORALE: at the start of
//! every activation the platoon rolls 1D6 with the modifiers: 5+ OK (every
//! squad one suppression level better), 3-4 Unsteady (as they are), 1-2
//! Shaken (every squad at least Suppressed), below 1 Routed (every squad
//! Disrupted and falling back a full move or to cover). One roll covers
//! the whole platoon and its attachments.

use crate::PlatoonCards;
use crate::command::Command;
use crate::data::{MoraleResult, UnitClass};
use crate::event::{Check, Event};
use crate::sections::*;
use crate::state::*;
use crate::step::{MoraleWhy, Pending, Step};
use vt_core::Modifier;
use vt_core::refusal::{Checked, ensure, refuse};

impl PlatoonCards {
    /// The band a modified roll falls in.
    pub fn morale_result(&self, total: i32) -> MoraleResult {
        self.charts
            .morale
            .bands
            .iter()
            .find(|b| b.min.is_none_or(|m| total >= m))
            .map_or(MoraleResult::Routed, |b| b.result)
    }

    /// Share of the platoon lost, in percent: softskin transport is not in
    /// the count but its loss is (Notes: MORALE).
    pub fn dead_percent(&self, s: &State, p: PlatoonId) -> u32 {
        let strength = s.platoon(p).strength.max(1) as u32;
        let lost = s
            .members(p)
            .filter(|st| {
                let t = self.unit(st);
                !t.single_figure
                    && (t.counts || t.armour == crate::data::Armour::Softskin)
                    && st.gone.is_some_and(|g| g.is_loss())
            })
            .count() as u32;
        (lost * 100).div_ceil(strength).min(100)
    }

    /// The company commander's rating, if he may give it to this
    /// platoon's check this turn.
    pub fn company_bonus(&self, s: &State, p: PlatoonId) -> Option<(StandId, i8)> {
        let side = s.platoon(p).side;
        s.stands
            .iter()
            .find(|st| {
                st.side == side
                    && st.alive()
                    && self.unit(st).class == UnitClass::CompanyCommander
                    && st.platoon != p
                    && !st.this_turn.cc_bonus
            })
            .map(|st| (st.id, st.rating))
            .filter(|(_, r)| *r > 0)
    }

    /// The platoon's commander rating (its PC, or the CC in his own
    /// company platoon).
    pub fn platoon_rating(&self, s: &State, p: PlatoonId) -> i8 {
        s.members(p)
            .filter(|st| st.alive() && self.is_commander(st))
            .map(|st| st.rating)
            .max()
            .unwrap_or(0)
    }

    /// Every modifier of the check, each with its chart line.
    pub fn morale_mods(&self, s: &State, p: PlatoonId, company: bool) -> Vec<Modifier> {
        let c = &self.charts.morale;
        let pl = s.platoon(p);
        let mut mods = Vec::new();
        let mut add = |on: bool, label: &str, v: i32| {
            if on && v != 0 {
                mods.push(Modifier::new(label, book(MORALE_CHECK), v));
            }
        };
        let alive: Vec<&Stand> = s
            .members(p)
            .filter(|st| st.alive() && !self.unit(st).single_figure)
            .collect();
        let disrupted = alive
            .iter()
            .filter(|st| st.status == Status::Disrupted)
            .count();
        add(disrupted == 0, "no one disrupted", c.none_disrupted.value);
        let dead = self.dead_percent(s, p);
        if let Some(b) = c.dead.iter().find(|b| dead <= b.up_to_percent) {
            let label = format!("{dead}% dead");
            add(dead > 0, &label, b.modifier.value);
        }
        let on_table: Vec<&Stand> = s.members(p).filter(|st| st.on_table()).collect();
        let enemies: Vec<&Stand> = s
            .on_table()
            .filter(|e| e.side != pl.side && !e.hidden && !e.airborne)
            .collect();
        let friends: Vec<&Stand> = s
            .on_table()
            .filter(|f| f.side == pl.side && f.platoon != p)
            .collect();
        let within = |a: &Stand, b: &Stand, d: f64| self.gap_between(a, b) <= d + 1e-9;
        let lonely = !on_table.is_empty()
            && !on_table
                .iter()
                .any(|m| friends.iter().any(|f| within(m, f, c.friends_within.value)));
        add(lonely, "no friends within 10\"", c.no_friends.value);
        let infantry = |st: &Stand| {
            let t = self.unit(st);
            t.is_infantry() && !t.single_figure
        };
        let tanks_exposed = on_table.iter().any(|m| {
            self.unit(m).armour.is_tank()
                && enemies
                    .iter()
                    .any(|e| infantry(e) && within(m, e, c.tanks_near_enemy_infantry.value))
                && !s.on_table().any(|f| {
                    f.side == pl.side
                        && infantry(f)
                        && within(m, f, c.tanks_friendly_infantry_within.value)
                })
        });
        add(
            tanks_exposed,
            "tanks near enemy infantry, no infantry within 5\"",
            c.tanks_exposed.value,
        );
        let infantry_exposed = on_table.iter().any(|m| {
            infantry(m)
                && enemies.iter().any(|e| {
                    self.unit(e).armour.is_tank() && within(m, e, c.infantry_near_enemy_tanks.value)
                })
                && !s.on_table().any(|f| {
                    let t = self.unit(f);
                    f.side == pl.side
                        && (t.armour.is_tank() || t.anti_tank || t.class == UnitClass::Recoilless)
                        && within(m, f, c.infantry_support_within.value)
                })
        });
        add(
            infantry_exposed,
            "infantry near enemy tanks, no tanks, RPG or RR within 5\"",
            c.infantry_exposed.value,
        );
        add(
            !alive.is_empty() && disrupted == alive.len(),
            "whole platoon disrupted",
            c.whole_platoon_disrupted.value,
        );
        let rating = if company {
            self.company_bonus(s, p).map_or(0, |(_, r)| r)
        } else {
            self.platoon_rating(s, p)
        };
        let label = if company {
            "company commander"
        } else {
            "platoon commander"
        };
        if rating != 0 {
            mods.push(Modifier::new(label, book(COMMANDERS), rating as i32));
        }
        let q = match pl.quality {
            Quality::Veteran => Some(("veteran platoon", c.veteran.value)),
            Quality::Green => Some(("green platoon", c.green.value)),
            Quality::PartVeteran => Some(("part of platoon veteran", c.part_veteran.value)),
            Quality::PartGreen => Some(("part of platoon green", c.part_green.value)),
            Quality::Regular => None,
        };
        if let Some((label, v)) = q {
            mods.push(Modifier::new(label, book(MORALE_CHECK), v));
        }
        if pl.us {
            mods.push(Modifier::new(
                "USA troops",
                book(MORALE_CHECK),
                c.us_troops.value,
            ));
        }
        mods
    }

    pub(crate) fn morale_candidates(&self, s: &State, out: &mut Vec<Command>) {
        let Step::Morale { platoon, why } = s.step() else {
            return;
        };
        out.push(Command::RollMorale {
            company_commander: false,
        });
        if self.company_bonus(s, *platoon).is_some() {
            out.push(Command::RollMorale {
                company_commander: true,
            });
        }
        if matches!(why, MoraleWhy::Activation { optional: true }) {
            out.push(Command::SkipMorale);
        }
    }

    pub(crate) fn check_roll_morale(&self, s: &State, company: bool) -> Checked {
        let Step::Morale { platoon, .. } = s.step() else {
            return refuse(MORALE, "No morale check is due.");
        };
        ensure(
            !company || self.company_bonus(s, *platoon).is_some(),
            COMMANDERS,
            "The company commander's bonus is not available (given this turn, or he is gone).",
        )
    }

    pub(crate) fn check_skip_morale(&self, s: &State) -> Checked {
        ensure(
            matches!(
                s.step(),
                Step::Morale {
                    why: MoraleWhy::Activation { optional: true },
                    ..
                }
            ),
            TURN_NOTES,
            "The check is forced: the platoon fired or was fired upon last turn.",
        )
    }

    pub(crate) fn execute_skip_morale(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(Step::Morale { platoon, .. }) = s.steps.pop() else {
            return;
        };
        let hidden = s.platoon(platoon).card_marker.is_some();
        ev.push(Event::MoraleSkipped { platoon, hidden });
        s.steps.push(Step::Action { platoon });
    }

    pub(crate) fn execute_roll_morale(&self, s: &mut State, company: bool, ev: &mut Vec<Event>) {
        let Some(Step::Morale { platoon, why }) = s.steps.pop() else {
            return;
        };
        let mods = self.morale_mods(s, platoon, company);
        if company && let Some((cc, _)) = self.company_bonus(s, platoon) {
            s.stand_mut(cc).this_turn.cc_bonus = true;
        }
        let roll = s.rng.die(self.charts.morale.die.value);
        let total = roll as i32 + mods.iter().map(|m| m.value).sum::<i32>();
        let result = self.morale_result(total);
        let p = s.platoon(platoon);
        let (side, hidden) = (p.side, p.card_marker.is_some());
        ev.push(Event::MoraleCheck {
            platoon,
            side,
            check: Check {
                die: self.charts.morale.die.value,
                roll,
                mods,
                total,
                need: 0,
            },
            result,
            hidden,
        });
        s.platoon_mut(platoon).last_morale = Some(result);
        self.apply_morale(s, platoon, result, ev);
        let routed = result == MoraleResult::Routed;
        match why {
            MoraleWhy::Activation { .. } => {
                if routed {
                    s.steps
                        .push(Step::Resolve(Pending::EndActivation { platoon }));
                    s.steps.push(Step::Resolve(Pending::Rout { platoon }));
                } else {
                    s.steps.push(Step::Action { platoon });
                }
            }
            MoraleWhy::Overwatch | MoraleWhy::EndOfTurn => {
                if let Some(o) = s.platoon_mut(platoon).overwatch.as_mut() {
                    o.morale_taken = true;
                    if routed {
                        o.stood_down = true;
                    }
                }
                if routed {
                    ev.push(Event::OverwatchStoodDown { platoon });
                    s.steps.push(Step::Resolve(Pending::Rout { platoon }));
                }
            }
        }
    }

    /// What the result does to each squad (Notes: MORALE: those already
    /// disrupted stay so when Shaken).
    pub fn apply_morale(&self, s: &mut State, p: PlatoonId, r: MoraleResult, ev: &mut Vec<Event>) {
        let ids: Vec<StandId> = s
            .members(p)
            .filter(|st| st.alive())
            .map(|st| st.id)
            .collect();
        for id in ids {
            let st = s.stand(id);
            let from = st.status;
            let to = match r {
                MoraleResult::Ok => from.improved(),
                MoraleResult::Unsteady => from,
                MoraleResult::Shaken => from.max(Status::Suppressed),
                MoraleResult::Routed => Status::Disrupted,
            };
            if to != from {
                let hidden = st.hidden;
                s.stand_mut(id).status = to;
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
    }

    /// A routed platoon: every element falls back.
    pub(crate) fn fall_back_platoon(&self, s: &mut State, p: PlatoonId, ev: &mut Vec<Event>) {
        // A hidden platoon that routs runs: moving shows it (our reading of
        // Notes: HIDDEN DEPLOYMENT), so its card is turned up first. Left
        // under its card, it would end its activation at once and tell the
        // enemy it had routed without being seen.
        self.reveal_platoon(s, p, None, ev);
        let ids: Vec<StandId> = s
            .members(p)
            .filter(|st| st.on_table() && !st.hidden)
            .map(|st| st.id)
            .collect();
        for id in ids {
            self.fall_back_stand(s, id, ev);
        }
    }
}
