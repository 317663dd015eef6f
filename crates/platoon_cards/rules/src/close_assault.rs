//! Chart: CLOSE ASSAULT and CLOSE COMBAT MODIFIERS: attackers move into
//! contact (+2" for infantry charging); the defending platoon gets a
//! point-blank shot unless already in close combat this turn; attackers
//! suppressed or worse never arrive; one more defender of the platoon
//! within 2" may join; each side rolls 1D10 per unit with better than 1:1
//! odds (the highest counts), else one; the loser loses a unit of its
//! choice and the rest fall back 2"; the winning attacker may advance; a
//! draw fights on at the next activation.

use crate::PlatoonCards;
use crate::command::{Action, Command};
use crate::data::{Armour, GunClass, SmallArm, UnitClass, WeaponKind};
use crate::event::{Effect, Event, MeleeResult, MeleeRoll};
use crate::geometry;
use crate::sections::*;
use crate::state::*;
use crate::step::{Pending, Step, Trigger, TriggerKind};
use vt_core::Modifier;
use vt_core::refusal::{Checked, Refusal, ensure, refuse};
use vt_core::tabletop::{EPS, Point};

/// Bases this close are in contact (1/100" snapping leaves them within it).
pub const CONTACT: f64 = 0.02;

impl PlatoonCards {
    /// Where a charger stops, touching the target, coming straight at it
    /// (its base turned to face it).
    pub fn contact_point(&self, s: &State, st: &Stand, target: &Stand) -> Option<Point> {
        let _ = s;
        let tb = geometry::base(self.unit(target), target);
        let dir = target.pos - st.pos;
        dir.normalized()?;
        let me = geometry::base_at(self.unit(st), st.pos, geometry::facing_of(dir));
        if me.distance_to(&tb) <= CONTACT {
            return Some(st.pos);
        }
        let (at, _) = me.first_contact(&[st.pos, target.pos], &[tb])?;
        // Rounded toward the charger so the bases touch without overlapping.
        let p = st.pos.toward(target.pos, (at - 0.005).max(0.0));
        Some(geometry::snap(p))
    }

    pub(crate) fn check_charge(
        &self,
        s: &State,
        stand: StandId,
        target: StandId,
    ) -> Result<Point, Refusal> {
        self.check_may_move(s, stand)?;
        let Step::Orders { action, .. } = s.step() else {
            return refuse(TURN, "No activation is under way.");
        };
        ensure(
            *action == Action::MoveAndAssault,
            TURN,
            "Only Move & Close Assault goes into close combat.",
        )?;
        let st = s.stand(stand);
        let t = self.unit(st);
        ensure(
            t.mover != crate::data::Mover::Helicopter,
            CLOSE_ASSAULT,
            "Helicopters do not close assault.",
        )?;
        let Some(tg) = s.stands.get(target as usize) else {
            return refuse(CLOSE_ASSAULT, "No such target.");
        };
        ensure(tg.side != st.side, CLOSE_ASSAULT, "That is your own stand.")?;
        ensure(
            tg.on_table() && !tg.hidden && !tg.airborne,
            CLOSE_ASSAULT,
            "No such enemy in sight.",
        )?;
        if self.unit(tg).single_figure {
            ensure(
                !self.screened(s, tg),
                COMMANDERS_NOTES,
                "A PC or FO cannot be targeted in close combat while other troops are within 2\" of him.",
            )?;
        }
        let sight = self.stand_sight(s, st, tg, false);
        ensure(sight.clear, LOS, "It cannot see that target to charge it.")?;
        let Some(to) = self.contact_point(s, st, tg) else {
            return refuse(CLOSE_ASSAULT, "It is on top of the target.");
        };
        let cost = self.leg_cost(s, st, st.pos, to)?;
        let bonus = self
            .charts
            .movement_row(t.mover)
            .map_or(0.0, |r| r.charge_bonus.value);
        let left = self.remaining(s, st) + bonus;
        if cost > left + 1e-6 {
            return refuse(
                MOVEMENT,
                format!(
                    "Contact is {cost:.1}\" of movement away; {left:.1}\" with the charge bonus."
                ),
            );
        }
        // The end point: may touch the target, not overlap anyone.
        let b = geometry::base_at(t, to, geometry::facing_of(tg.pos - st.pos));
        for o in s.on_table() {
            if o.id == st.id || o.id == tg.id || o.airborne || (o.hidden && o.side != st.side) {
                continue;
            }
            let ob = geometry::base(self.unit(o), o);
            ensure(
                !geometry::overlaps(&b, &ob),
                UNIT_SCALES,
                "Another stand is in the way of the charge.",
            )?;
        }
        self.check_wire_crossing(s, st, st.pos, to)?;
        self.check_wrecks(s, st, st.pos, to)?;
        Ok(to)
    }

    pub(crate) fn execute_charge(
        &self,
        s: &mut State,
        stand: StandId,
        target: StandId,
        ev: &mut Vec<Event>,
    ) {
        let Ok(to) = self.check_charge(s, stand, target) else {
            return;
        };
        let from = s.stand(stand).pos;
        if let Some((marker, at)) = self.first_mine_on(s, stand, from, to) {
            // The charge runs into a minefield and stops there.
            let cost = self.leg_cost(s, s.stand(stand), from, at).unwrap_or(0.0);
            self.place_stand(s, stand, at, ev, cost, false);
            ev.push(Event::MineEntered { stand, marker, at });
            self.mine_entered(s, stand, marker, ev);
            return;
        }
        let cost = self.leg_cost(s, s.stand(stand), from, to).unwrap_or(0.0);
        self.place_stand(s, stand, to, ev, cost, false);
        {
            let st = s.stand_mut(stand);
            st.act.charged = Some(target);
            st.this_turn.close_combat = true;
        }
        ev.push(Event::Charged {
            stand,
            target,
            from,
            to,
        });
        match s.melees.iter_mut().find(|m| m.defenders.contains(&target)) {
            Some(m) => {
                if !m.attackers.contains(&stand) {
                    m.attackers.push(stand);
                }
                // Another platoon joining a drawn fight: it is fought again.
                m.drawn = false;
            }
            None => {
                let id = s.next_melee;
                s.next_melee += 1;
                s.melees.push(Melee {
                    id,
                    attackers: vec![stand],
                    defenders: vec![target],
                    drawn: false,
                    support_asked: false,
                });
            }
        }
        self.offer_reaction(
            s,
            Trigger {
                kind: TriggerKind::Charged { target },
                by: stand,
                at: to,
            },
            ev,
        );
    }

    pub(crate) fn charge_candidates(&self, s: &State, st: &Stand, out: &mut Vec<Command>) {
        if !st.on_table() || st.hidden {
            return;
        }
        let reach = self.remaining(s, st) + 4.0;
        for e in s.on_table() {
            if e.side != st.side
                && !e.hidden
                && !e.airborne
                && e.pos.distance(st.pos) <= reach + 2.0
            {
                out.push(Command::Charge {
                    stand: st.id,
                    target: e.id,
                });
            }
        }
    }

    /// Stands that may fire point-blank at a charger: the one charged and
    /// its platoon's stands within 2", not yet in close combat this turn.
    pub fn point_blank_firers(&self, s: &State, defender: StandId) -> Vec<StandId> {
        let d = s.stand(defender);
        let within = self.charts.close_combat.support_within.value;
        s.on_table()
            .filter(|o| {
                o.platoon == d.platoon
                    && !o.hidden
                    && !o.this_turn.close_combat
                    && !o.this_turn.point_blank
                    && (o.id == defender || self.gap_between(o, d) <= within + 1e-9)
            })
            .map(|o| o.id)
            .collect()
    }

    pub(crate) fn support_candidates(&self, s: &State, melee: u16, out: &mut Vec<Command>) {
        for id in self.supporters(s, melee) {
            out.push(Command::Support { stand: id });
        }
        out.push(Command::NoSupport);
    }

    /// One more defender may come: same platoon, within 2", not in combat.
    pub fn supporters(&self, s: &State, melee: u16) -> Vec<StandId> {
        let Some(m) = s.melee(melee) else {
            return Vec::new();
        };
        let Some(&lead) = m.defenders.first() else {
            return Vec::new();
        };
        if m.defenders.len() > 1 {
            return Vec::new();
        }
        let d = s.stand(lead);
        let within = self.charts.close_combat.support_within.value;
        s.on_table()
            .filter(|o| {
                o.platoon == d.platoon
                    && o.id != lead
                    && !o.hidden
                    && o.status != Status::Disrupted
                    && !self.unit(o).single_figure
                    && !s
                        .melees
                        .iter()
                        .any(|x| x.attackers.contains(&o.id) || x.defenders.contains(&o.id))
                    && self.gap_between(o, d) <= within + 1e-9
            })
            .map(|o| o.id)
            .collect()
    }

    pub(crate) fn check_support(&self, s: &State, stand: Option<StandId>) -> Checked {
        let Step::Support { melee } = s.step() else {
            return refuse(CLOSE_ASSAULT, "No close combat asks for support now.");
        };
        if let Some(id) = stand {
            ensure(
                self.supporters(s, *melee).contains(&id),
                CLOSE_ASSAULT,
                "Only a stand of the defender's platoon within 2\" and not in combat may join.",
            )?;
        }
        Ok(())
    }

    pub(crate) fn execute_support(
        &self,
        s: &mut State,
        stand: Option<StandId>,
        ev: &mut Vec<Event>,
    ) {
        let Some(Step::Support { melee }) = s.steps.pop() else {
            return;
        };
        if let Some(m) = s.melees.iter_mut().find(|m| m.id == melee) {
            m.support_asked = true;
            if let Some(id) = stand {
                m.defenders.push(id);
            }
        }
        ev.push(Event::Supported { melee, stand });
    }

    /// One unit's close-combat modifiers against the other side's lead.
    pub fn melee_mods(
        &self,
        s: &State,
        st: &Stand,
        foe: &Stand,
        attacking: bool,
        commander: i32,
    ) -> Vec<Modifier> {
        let c = &self.charts.close_combat;
        let t = self.unit(st);
        let ft = self.unit(foe);
        let mut mods = Vec::new();
        let mut add = |on: bool, label: &str, v: i32| {
            if on {
                mods.push(Modifier::new(label, book(CLOSE_COMBAT_MODS), v));
            }
        };
        let rocket = t.weapons.iter().any(|w| {
            matches!(
                w.kind,
                WeaponKind::Gun {
                    class: GunClass::Rocket,
                    ..
                }
            )
        });
        add(
            rocket && ft.is_vehicle(),
            "RPG or LAW against a vehicle",
            c.rocket_v_vehicle.value,
        );
        add(t.armour == Armour::Apc, "M113", c.m113.value);
        add(
            t.armour.is_tank() && t.turreted,
            "turreted tank",
            c.turreted_tank.value,
        );
        add(
            attacking && t.armour.is_armoured(),
            "armoured vehicle initiating",
            c.armour_initiating.value,
        );
        let ar = t.small_arms().any(|w| w == SmallArm::AssaultRifle);
        if ar && (t.class == UnitClass::Squad || t.fights) && !ft.is_vehicle() {
            mods.push(Modifier::new(
                "assault rifle squad against infantry or gun",
                book(CLOSE_COMBAT_MODS),
                c.assault_rifle_v_inf.value,
            ));
        }
        let heavy = matches!(
            t.class,
            UnitClass::Hmg | UnitClass::Recoilless | UnitClass::Gun | UnitClass::Mortar
        ) || t.armour == Armour::Softskin;
        if heavy {
            mods.push(Modifier::new(
                "RR, HMG, gun, mortar or truck",
                book(CLOSE_COMBAT_MODS),
                c.heavy_weapon.value,
            ));
        }
        match s.platoon(st.platoon).quality {
            Quality::Veteran => mods.push(Modifier::new(
                "veterans",
                book(CLOSE_COMBAT_MODS),
                c.veterans.value,
            )),
            Quality::Green => mods.push(Modifier::new(
                "poor troops",
                book(CLOSE_COMBAT_MODS),
                c.poor.value,
            )),
            _ => {}
        }
        if commander != 0 {
            mods.push(Modifier::new("commander", book(COMMANDERS), commander));
        }
        if !attacking {
            let cover = self.indirect_cover(s, st.pos).times();
            if cover > 0 {
                mods.push(Modifier::new(
                    "defender in cover",
                    book(CLOSE_COMBAT_MODS),
                    c.defender_cover.value * cover,
                ));
            }
            match st.status {
                Status::Suppressed => mods.push(Modifier::new(
                    "defender suppressed",
                    book(CLOSE_COMBAT_MODS),
                    c.defender_suppressed.value,
                )),
                Status::Disrupted => mods.push(Modifier::new(
                    "defender disrupted",
                    book(CLOSE_COMBAT_MODS),
                    c.defender_disrupted.value,
                )),
                Status::Ok => {}
            }
        }
        mods
    }

    /// Rolls one side's dice: one per unit with better odds (the highest
    /// counts), else the lead unit's one.
    fn melee_side(
        &self,
        s: &mut State,
        ours: &[StandId],
        foe: StandId,
        attacking: bool,
        more: bool,
    ) -> Vec<MeleeRoll> {
        let rollers: Vec<StandId> = if more {
            ours.to_vec()
        } else {
            ours[..1].to_vec()
        };
        let bonus = self.commander_bonus(s, ours);
        let mut out = Vec::new();
        for id in rollers {
            let st = s.stand(id).clone();
            let f = s.stand(foe).clone();
            let cmd = bonus.filter(|(sq, _)| *sq == id).map_or(0, |(_, r)| r);
            let mods = self.melee_mods(s, &st, &f, attacking, cmd);
            let roll = s.rng.die(self.charts.close_combat.die.value);
            let total = roll as i32 + mods.iter().map(|m| m.value).sum::<i32>();
            out.push(MeleeRoll {
                stand: id,
                roll,
                mods,
                total,
            });
        }
        out
    }

    pub(crate) fn resolve_melee(&self, s: &mut State, melee: u16, ev: &mut Vec<Event>) {
        let Some(m) = s.melee(melee).cloned() else {
            return;
        };
        // Attackers suppressed or worse on the way in never arrive.
        let mut attackers = Vec::new();
        for &a in &m.attackers {
            let st = s.stand(a);
            if st.gone.is_some() {
                continue;
            }
            let touching = m
                .defenders
                .iter()
                .any(|d| self.gap_between(st, s.stand(*d)) <= CONTACT + 1e-6);
            if st.status == Status::Ok && touching {
                attackers.push(a);
            } else if st.on_table() && st.status != Status::Ok {
                let back = m
                    .defenders
                    .first()
                    .map(|d| st.pos.toward(s.stand(*d).pos, -1.0))
                    .map(geometry::snap);
                if let Some(to) = back
                    && self.check_place(s, st, to).is_ok()
                {
                    self.place_stand(s, a, to, ev, 0.0, true);
                    ev.push(Event::StoppedShort { stand: a, to });
                }
            }
        }
        let defenders: Vec<StandId> = m
            .defenders
            .iter()
            .copied()
            .filter(|d| s.stand(*d).on_table())
            .collect();
        if attackers.is_empty() || defenders.is_empty() {
            ev.push(Event::Melee {
                melee,
                attackers: Vec::new(),
                defenders: Vec::new(),
                result: MeleeResult::NoAttack,
            });
            s.melees.retain(|x| x.id != melee);
            return;
        }
        if !m.support_asked && !self.supporters(s, melee).is_empty() {
            if let Some(x) = s.melees.iter_mut().find(|x| x.id == melee) {
                x.attackers = attackers;
            }
            s.steps.push(Step::Resolve(Pending::Melee { melee }));
            s.steps.push(Step::Support { melee });
            return;
        }
        for id in attackers.iter().chain(defenders.iter()) {
            s.stand_mut(*id).this_turn.close_combat = true;
        }
        let more_att = attackers.len() > defenders.len();
        let more_def = defenders.len() > attackers.len();
        let a_rolls = self.melee_side(s, &attackers, defenders[0], true, more_att);
        let d_rolls = self.melee_side(s, &defenders, attackers[0], false, more_def);
        let best = |r: &[MeleeRoll]| r.iter().map(|x| x.total).max().unwrap_or(i32::MIN);
        let (a, d) = (best(&a_rolls), best(&d_rolls));
        let result = if a > d {
            MeleeResult::AttackerWins
        } else if d > a {
            MeleeResult::DefenderWins
        } else {
            MeleeResult::Draw
        };
        ev.push(Event::Melee {
            melee,
            attackers: a_rolls,
            defenders: d_rolls,
            result,
        });
        if let Some(x) = s.melees.iter_mut().find(|x| x.id == melee) {
            x.attackers = attackers.clone();
            x.defenders = defenders.clone();
            x.drawn = result == MeleeResult::Draw;
        }
        let (losers, loser_side) = match result {
            MeleeResult::AttackerWins => (defenders.clone(), s.stand(defenders[0]).side),
            MeleeResult::DefenderWins => (attackers.clone(), s.stand(attackers[0]).side),
            _ => return,
        };
        if result == MeleeResult::AttackerWins {
            let lead = attackers[0];
            let to = s.stand(defenders[0]).pos;
            s.steps.push(Step::Advance {
                melee,
                stand: lead,
                to,
            });
        }
        if losers.len() > 1 {
            s.steps.push(Step::Loss {
                melee,
                side: loser_side,
                candidates: losers,
            });
        } else {
            self.melee_loss(s, melee, losers[0], ev);
        }
    }

    /// The loser's unit is lost; the rest of its side fall back 2".
    fn melee_loss(&self, s: &mut State, melee: u16, lost: StandId, ev: &mut Vec<Event>) {
        let Some(m) = s.melee(melee).cloned() else {
            return;
        };
        let side = s.stand(lost).side;
        let carrier = self.unit(s.stand(lost)).carries > 0;
        self.lose_stand(s, lost, Gone::Killed, ev);
        if carrier {
            self.passenger_rolls(s, lost, Effect::Killed, ev);
        }
        let (ours, theirs): (Vec<StandId>, Vec<StandId>) =
            if m.defenders.iter().any(|d| s.stand(*d).side == side) {
                (m.defenders.clone(), m.attackers.clone())
            } else {
                (m.attackers.clone(), m.defenders.clone())
            };
        for id in ours {
            if s.stand(id).on_table() {
                self.melee_retreat(s, id, &theirs, ev);
            }
        }
        s.melees.retain(|x| x.id != melee);
    }

    /// Falls back 2" directly away from the nearest winner; a stand that
    /// cannot is lost (Assumed).
    fn melee_retreat(&self, s: &mut State, id: StandId, winners: &[StandId], ev: &mut Vec<Event>) {
        let st = s.stand(id).clone();
        let away = winners
            .iter()
            .map(|w| s.stand(*w))
            .filter(|w| w.gone.is_none())
            .min_by(|a, b| a.pos.distance(st.pos).total_cmp(&b.pos.distance(st.pos)))
            .and_then(|w| (st.pos - w.pos).normalized());
        let Some(away) = away else {
            return;
        };
        let dist = self.charts.close_combat.retreat.value;
        // The full 2" if there is room, else as far as there is.
        for k in (1..=8).rev() {
            let to = geometry::snap(st.pos + away * (dist * k as f64 / 8.0));
            if self.check_place(s, &st, to).is_ok() {
                let from = st.pos;
                s.stand_mut(id).pos = to;
                ev.push(Event::Retreated {
                    stand: id,
                    from,
                    to,
                });
                let riders: Vec<StandId> = s.passengers(id).map(|p| p.id).collect();
                for r in riders {
                    s.stand_mut(r).pos = to;
                }
                return;
            }
        }
        if st.immobile || st.stuck || self.unit(&st).mover == crate::data::Mover::Static {
            return;
        }
        self.lose_stand(s, id, Gone::Killed, ev);
    }

    pub(crate) fn check_lose(&self, s: &State, stand: StandId) -> Checked {
        let Step::Loss { candidates, .. } = s.step() else {
            return refuse(CLOSE_ASSAULT, "No close combat loss to choose.");
        };
        ensure(
            candidates.contains(&stand),
            CLOSE_ASSAULT,
            "The loser chooses among the units it had in the fight.",
        )
    }

    pub(crate) fn execute_lose(&self, s: &mut State, stand: StandId, ev: &mut Vec<Event>) {
        let Some(Step::Loss { melee, .. }) = s.steps.pop() else {
            return;
        };
        self.melee_loss(s, melee, stand, ev);
    }

    pub(crate) fn check_advance(&self, s: &State, go: bool) -> Checked {
        let Step::Advance { stand, to, .. } = s.step() else {
            return refuse(CLOSE_ASSAULT, "No advance is offered.");
        };
        if go {
            let st = s.stand(*stand);
            ensure(st.on_table(), CLOSE_ASSAULT, "The winner is gone.")?;
            self.check_place(s, st, *to)?;
        }
        Ok(())
    }

    pub(crate) fn execute_advance(&self, s: &mut State, go: bool, ev: &mut Vec<Event>) {
        let Some(Step::Advance { stand, to, .. }) = s.steps.pop() else {
            return;
        };
        if go && s.stand(stand).on_table() && s.stand(stand).pos.distance(to) > EPS {
            let from = s.stand(stand).pos;
            s.stand_mut(stand).pos = to;
            let riders: Vec<StandId> = s.passengers(stand).map(|p| p.id).collect();
            for r in riders {
                s.stand_mut(r).pos = to;
            }
            let _ = from;
            ev.push(Event::Advanced { stand, to });
            self.reveal_check(s, ev);
        }
    }
}
