//! 6.11 Recoilless weapons, RPGs and LAWs.
//!
//! An RPG team is attached to an infantry squad (or a platoon) as its own
//! support weapon: it moves with the unit and must stay within one base
//! width of one of its stands. It fires either by adding one die to its
//! unit's fire or in the anti-armour role; never at a target closer than
//! one stand width. In close combat it is a crew-served weapon and does not
//! count as a stand engaged ([`crate::close_combat`]). A US LAW team adds
//! its die only against a bunker or a substantial brick or concrete
//! building; otherwise it is as an RPG team. Heavier RCLs are crew-served
//! stands firing anti-personnel rounds; a recoilless weapon is placed on
//! the table when it fires and may not fire from inside a bunker or a
//! building. (Whether RPG and LAW teams have back-blast too is an option.)
//!
//! The base game's anti-tank fire was not found: our reading is one die,
//! the vehicle destroyed on its anti-tank number or more, +1 against a
//! tank's flank or rear; a shot that does not destroy is a failed action.

use crate::CrossfireVn;
use crate::command::Command;
use crate::data::{Building, Role};
use crate::event::{Effect, Event, FireMode, Pass, RevealWhy};
use crate::state::*;
use crate::step::{Leg, Step};
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::tabletop::{Base, Point};

impl CrossfireVn {
    /// Whether `other` is a stand of `team`'s unit (its squad, or its
    /// platoon when attached to the platoon).
    pub fn in_unit_of(&self, team: &Stand, other: &Stand) -> bool {
        other.id != team.id
            && other.side == team.side
            && team.platoon != 0
            && other.platoon == team.platoon
            && (team.squad == 0 || other.squad == team.squad)
            && !matches!(self.unit_type(other).role, Role::Rpg | Role::Law)
            && self.unit_type(other).is_troops()
    }

    /// 6.11: recoilless back-blast (RCLs; RPG and LAW teams as an option).
    pub fn has_backblast(&self, s: &State, st: &Stand) -> bool {
        let u = self.unit_type(st);
        u.backblast || (s.readings.rpg_backblast && matches!(u.role, Role::Rpg | Role::Law))
    }

    /// 6.11: a recoilless weapon may not fire from inside a bunker or a
    /// building.
    pub(crate) fn check_backblast_position(&self, s: &State, st: &Stand) -> Checked {
        if !self.has_backblast(s, st) {
            return Ok(());
        }
        let t = self.table_of(s);
        ensure_with(
            !t.pieces_at(st.at)
                .any(|i| self.terrain_of(&t.features[i]).structure()),
            "6.11",
            || {
                format!(
                    "{} may not fire from inside a bunker or a building.",
                    st.label
                )
            },
        )
    }

    /// 6.11: after these legs (the stands' new places), every RPG or LAW
    /// team of the side is within one base width of a stand of its unit
    /// (when its unit still has one on the table).
    pub(crate) fn check_attachments(&self, s: &State, legs: &[Leg]) -> Checked {
        let side = match legs.first() {
            Some(l) => s.stand(l.stand).side,
            None => return Ok(()),
        };
        let range = self.rules().sw(self.rules().support.attach_range.value);
        let base_now = |st: &Stand| -> Base {
            match legs.iter().find(|l| l.stand == st.id) {
                Some(l) => self.base_at(st, l.to, l.facing),
                None => self.base(st),
            }
        };
        for team in s.side_on_table(side) {
            if !matches!(self.unit_type(team).role, Role::Rpg | Role::Law) {
                continue;
            }
            let unit: Vec<&Stand> = s
                .side_on_table(side)
                .filter(|o| self.in_unit_of(team, o))
                .collect();
            let involved = legs
                .iter()
                .any(|l| l.stand == team.id || unit.iter().any(|o| o.id == l.stand));
            if unit.is_empty() || !involved {
                continue;
            }
            let tb = base_now(team);
            ensure_with(
                unit.iter().any(|o| base_now(o).distance_to(&tb) < range),
                "6.11",
                || {
                    format!(
                        "{} must stay within one base width of a stand of its unit.",
                        team.label
                    )
                },
            )?;
        }
        Ok(())
    }

    /// 6.11: may this RPG or LAW team add its die to this fire?
    pub(crate) fn check_support(
        &self,
        s: &State,
        side: Side,
        shot: &crate::fire::Shot,
        id: StandId,
        target: &Stand,
    ) -> Checked {
        let Some(st) = s.get(id) else {
            return refuse("6.11", "No such stand.");
        };
        let u = self.unit_type(st);
        ensure(
            st.side == side && st.on_table() && matches!(u.role, Role::Rpg | Role::Law),
            "6.11",
            "Only your own RPG or LAW teams add a die to a fire.",
        )?;
        ensure(
            !shot.firers.contains(&id) && shot.support.iter().filter(|x| **x == id).count() == 1,
            "6.11",
            "A support team adds its die once.",
        )?;
        ensure_with(st.status != Status::Suppressed, "base 6.5.2", || {
            format!("{} is suppressed.", st.label)
        })?;
        if shot.mode == FireMode::Reactive {
            ensure_with(!st.no_fire, "base 6.2.1", || {
                format!("{} is marked NO FIRE.", st.label)
            })?;
        }
        ensure_with(
            shot.firers.iter().any(|f| self.in_unit_of(st, s.stand(*f))),
            "6.11",
            || {
                format!(
                    "{} adds its die only to the fire of its own squad or platoon.",
                    st.label
                )
            },
        )?;
        self.check_backblast_position(s, st)?;
        ensure_with(self.sees_at(s, st, target, target.at), "6.11", || {
            format!("{} cannot see the target.", st.label)
        })?;
        ensure_with(
            self.gap(st, target) >= self.rules().sw(self.rules().support.min_range.value),
            "6.11",
            || {
                format!(
                    "{} may not fire at a target closer than one stand width.",
                    st.label
                )
            },
        )?;
        if u.role == Role::Law {
            ensure(
                self.in_hard_cover(s, target.at),
                "6.11",
                "A LAW team adds its die only against a bunker or a substantial brick or concrete building.",
            )?;
        }
        Ok(())
    }

    /// A bunker or a substantial building holds this point (6.11).
    pub fn in_hard_cover(&self, s: &State, p: Point) -> bool {
        let t = self.table_of(s);
        t.pieces_at(p).any(|i| {
            let k = self.terrain_of(&t.features[i]);
            k.bunker || k.building == Some(Building::Substantial)
        })
    }

    /// The support teams that may add their die to a group's fire.
    pub(crate) fn support_for(&self, s: &State, group: &[StandId], target: &Stand) -> Vec<StandId> {
        let Some(lead) = group.first().map(|f| s.stand(*f)) else {
            return Vec::new();
        };
        let mode = if self.acting(s) == Some(lead.side) {
            FireMode::Direct
        } else {
            FireMode::Reactive
        };
        let mut out = Vec::new();
        for st in s.side_on_table(lead.side) {
            if !matches!(self.unit_type(st).role, Role::Rpg | Role::Law) {
                continue;
            }
            let mut support = out.clone();
            support.push(st.id);
            let shot = crate::fire::Shot {
                mode,
                firers: group,
                target: target.id,
                at: target.at,
                support: &support,
                came_from: None,
            };
            if self
                .check_support(s, lead.side, &shot, st.id, target)
                .is_ok()
            {
                out.push(st.id);
            }
        }
        out
    }

    // ---- anti-armour fire ----

    pub(crate) fn check_anti_tank_firer(&self, s: &State, st: &Stand, mode: FireMode) -> Checked {
        let u = self.unit_type(st);
        ensure_with(st.on_table() && u.anti_tank, "6.11", || {
            format!("{} has no anti-armour weapon.", u.name)
        })?;
        ensure_with(st.status != Status::Suppressed, "base 6.5.2", || {
            format!("{} is suppressed.", st.label)
        })?;
        match mode {
            FireMode::Direct => ensure(
                !st.withdrawing,
                "6.9.1",
                "A withdrawing stand may fire only reactively.",
            )?,
            FireMode::Reactive => ensure_with(!st.no_fire, "base 6.2.1", || {
                format!("{} is marked NO FIRE.", st.label)
            })?,
        }
        self.check_backblast_position(s, st)
    }

    pub(crate) fn check_at_target(
        &self,
        s: &State,
        st: &Stand,
        target: &Stand,
        at: Point,
    ) -> Checked {
        let tu = self.unit_type(target);
        ensure(
            target.side != st.side && target.on_table() && !target.hidden && tu.at_number.is_some(),
            "6.11",
            "Anti-armour fire is at an enemy vehicle or helicopter you can see.",
        )?;
        let ghost = Stand {
            at,
            ..target.clone()
        };
        ensure_with(self.sees_at(s, st, &ghost, at), "base 6.1", || {
            format!("{} cannot see {}.", st.label, target.label)
        })?;
        if matches!(self.unit_type(st).role, Role::Rpg | Role::Law) {
            ensure_with(
                self.gap(st, &ghost) >= self.rules().sw(self.rules().support.min_range.value),
                "6.11",
                || {
                    format!(
                        "{} may not fire at a target closer than one stand width.",
                        st.label
                    )
                },
            )?;
        }
        Ok(())
    }

    pub(crate) fn check_anti_tank(&self, s: &State, id: StandId, target: StandId) -> Checked {
        self.in_initiative(s)?;
        let (Some(st), Some(t)) = (s.get(id), s.get(target)) else {
            return refuse("6.11", "No such stand.");
        };
        ensure(
            st.side == s.initiative,
            "6.11",
            "Fire only with your own stands.",
        )?;
        self.check_anti_tank_firer(s, st, FireMode::Direct)?;
        self.check_at_target(s, st, t, t.at)
    }

    /// Rolls an anti-armour shot at `target` standing at `at`: true if it
    /// destroys it.
    fn anti_tank_shot(
        &self,
        s: &mut State,
        id: StandId,
        target: StandId,
        at: Point,
        ev: &mut Vec<Event>,
    ) -> bool {
        let st = s.stand(id).clone();
        let t = s.stand(target).clone();
        let tu = self.unit_type(&t);
        let needed = tu.at_number.unwrap_or(7);
        let tank_base = self.base_at(&t, at, t.facing);
        let bonus = if tu.tank && !tank_base.front_arc(45.0).contains(st.at) {
            self.rules().support.flank_bonus.value
        } else {
            0
        };
        let die = s.rng.die(6);
        let destroyed = die as i32 + bonus >= needed as i32;
        let x = s.stand_mut(id);
        x.shots = x.shots.saturating_add(1);
        if st.hidden {
            if self.has_backblast(s, &st) {
                self.reveal(s, id, RevealWhy::Backblast, ev);
            } else if s.readings.reveal_on_fire {
                self.reveal(s, id, RevealWhy::Fired, ev);
            }
        }
        ev.push(Event::AntiTank {
            stand: id,
            target,
            die,
            bonus,
            needed,
            destroyed,
            unseen: s.stand(id).hidden,
        });
        if destroyed {
            self.destroy(s, target, ev);
        }
        destroyed
    }

    pub(crate) fn execute_anti_tank(
        &self,
        s: &mut State,
        id: StandId,
        target: StandId,
        ev: &mut Vec<Event>,
    ) {
        let at = s.stand(target).at;
        if !self.anti_tank_shot(s, id, target, at, ev) && s.end.is_none() {
            self.pass_initiative(s, s.initiative.other(), Pass::AntiTankFailed, ev);
        }
    }

    pub(crate) fn check_reactive_anti_tank(&self, s: &State, id: StandId, point: u16) -> Checked {
        let Step::Reaction(r) = s.step() else {
            return refuse(
                "base 6.2.1",
                "Reactive fire comes only while an enemy stand moves.",
            );
        };
        self.check_point(r, point)?;
        let Some(st) = s.get(id) else {
            return refuse("6.11", "No such stand.");
        };
        ensure(st.side == r.side, "6.11", "Fire only with your own stands.")?;
        self.check_anti_tank_firer(s, st, FireMode::Reactive)?;
        self.check_at_target(s, st, s.stand(r.leg.stand), r.points[point as usize].at)
    }

    pub(crate) fn execute_reactive_anti_tank(
        &self,
        s: &mut State,
        id: StandId,
        point: u16,
        ev: &mut Vec<Event>,
    ) {
        let Step::Reaction(r) = s.step().clone() else {
            return;
        };
        s.steps.pop();
        self.move_to_point(s, &r, point, ev);
        let at = r.points[point as usize].at;
        let destroyed = self.anti_tank_shot(s, id, r.leg.stand, at, ev);
        if !destroyed {
            s.stand_mut(id).no_fire = true;
            let st = s.stand(id);
            ev.push(Event::NoFire {
                stands: vec![id],
                unseen: st.hidden.then_some(st.side),
            });
        }
        let result = if destroyed {
            Effect::Kill
        } else {
            Effect::Miss
        };
        self.after_reaction(s, r, point, result, ev);
    }

    pub(crate) fn anti_tank_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        for st in s.side_on_table(side) {
            if self.check_anti_tank_firer(s, st, FireMode::Direct).is_err() {
                continue;
            }
            for t in s.side_on_table(side.other()) {
                if !t.hidden && self.unit_type(t).at_number.is_some() {
                    out.push(Command::AntiTank {
                        stand: st.id,
                        target: t.id,
                    });
                }
            }
        }
    }
}

use vt_core::dice::{Adjudication, Modifier};
use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_support(&self, s: Option<&State>, e: &Event) -> LogEntry {
        let Event::AntiTank {
            stand,
            target,
            die,
            bonus,
            needed,
            destroyed,
            unseen,
        } = e
        else {
            return LogEntry::text(format!("{e:?}"));
        };
        let mk = |name: String| {
            let mut a = Adjudication::new(
                format!("Anti-armour fire by {name} at {}", self.who(s, *target)),
                "6.11",
            );
            a.rolled = vec![*die as i32];
            if *bonus != 0 {
                a.modifiers
                    .push(Modifier::new("flank or rear", "6.11", *bonus));
            }
            a.total = *die as i32 + bonus;
            a.needed = Some(format!("{needed} or more"));
            a.result = if *destroyed {
                "destroyed".into()
            } else {
                "no effect".into()
            };
            a
        };
        let a = mk(self.who(s, *stand));
        let text = format!("{}: {}.", a.purpose, a.result);
        if *unseen {
            let side = s.map_or(Side::VcNva, |s| s.stand(*stand).side);
            let open = mk("a hidden stand".into());
            let public = format!("{}: {}.", open.purpose, open.result);
            LogEntry::with_rolls(text, vec![a]).private_with_rolls(
                side.idx() as u8,
                public,
                vec![open],
            )
        } else {
            LogEntry::with_rolls(text, vec![a])
        }
    }
}
