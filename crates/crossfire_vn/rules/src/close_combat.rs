//! CF8.0 Close combat (S7, S10; the numbers are our reading, data in
//! `rules.ron`): attackers move into contact with an enemy stand (each
//! move offered to reactive fire); if none was suppressed or killed on the
//! way in, every stand of the defender within one stand width of the
//! target fights (in a building or bunker: all and only its occupants,
//! CF8.4). Each side rolls a die, +1 for each stand past the first, +its
//! best commander's rating, -1 for each crew-served weapon, -2 if a
//! suppressed stand is engaged, -1 if a pinned one is; ties are rolled
//! again; every engaged stand of the loser is killed. An attacker that
//! loses has failed (the initiative passes). An assault whose approach was
//! shot up is aborted and the stands that reached contact fall back one
//! stand width.
//!
//! 6.5: medics and Aid Posts contacted in close combat are eliminated;
//! 6.9: so are VC/NVA snipers and USMC sniper teams. 6.11: RPG and LAW
//! teams fight as crew-served weapons and do not count as stands engaged.

use crate::CrossfireVn;
use crate::command::{Command, StandMove};
use crate::data::Role;
use crate::event::{CombatRoll, Event, Pass, RevealWhy};
use crate::state::*;
use crate::step::Then;
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::tabletop::{HUNDREDTH, Point};

/// In contact: bases closer than this (inches), allowing for rounding.
const TOUCH: f64 = 0.05;

impl CrossfireVn {
    fn may_assault(&self, st: &Stand) -> bool {
        matches!(
            self.unit_type(st).role,
            Role::FireTeam | Role::Command | Role::Hmg | Role::Rcl | Role::Rpg | Role::Law
        )
    }

    /// Stands that are eliminated outright when contacted (6.5, 6.9).
    pub fn dies_if_contacted(&self, st: &Stand) -> bool {
        matches!(
            self.unit_type(st).role,
            Role::Medic | Role::AidPost | Role::Sniper | Role::SniperTeam
        )
    }

    pub(crate) fn check_close_combat(
        &self,
        s: &State,
        moves: &[StandMove],
        target: StandId,
    ) -> Checked {
        self.in_initiative(s)?;
        let side = s.initiative;
        let Some(t) = s.get(target) else {
            return refuse("base 8.0", "No such target.");
        };
        ensure(
            t.side != side && t.on_table() && !t.hidden && self.unit_type(t).is_troops(),
            "base 8.0",
            "Close combat is with an enemy stand of troops you can see.",
        )?;
        for m in moves {
            let Some(st) = s.get(m.stand) else {
                return refuse("base 8.0", "No such stand.");
            };
            ensure_with(!st.withdrawing, "6.9.1", || {
                format!("{} is withdrawing and may not close assault.", st.label)
            })?;
            ensure_with(self.may_assault(st), "base 8.0", || {
                format!("{} does not close assault.", self.unit_type(st).name)
            })?;
        }
        let legs = self.plan_group(s, moves, "base 8.0")?;
        let tb = self.base(t);
        for l in &legs {
            let st = s.stand(l.stand);
            ensure_with(
                self.base_at(st, l.to, l.facing).distance_to(&tb) < TOUCH,
                "base 8.0",
                || {
                    format!(
                        "{} would stop before it reaches {} (a feature or a stand is in the way).",
                        st.label, t.label
                    )
                },
            )?;
        }
        Ok(())
    }

    pub(crate) fn execute_close_combat(
        &self,
        s: &mut State,
        moves: &[StandMove],
        target: StandId,
        _ev: &mut Vec<Event>,
    ) {
        let Ok(legs) = self.plan_group(s, moves, "base 8.0") else {
            return;
        };
        let attackers = legs.iter().map(|l| l.stand).collect();
        self.push_moves(s, legs, Then::CloseCombat { target, attackers });
    }

    /// The defender's stands engaged with `target` (CF8.0, CF8.4).
    pub fn defenders_of(&self, s: &State, target: StandId) -> Vec<StandId> {
        let t = s.stand(target);
        let table = self.table_of(s);
        let structure = table
            .pieces_at(t.at)
            .find(|&i| self.terrain_of(&table.features[i]).structure());
        s.side_on_table(t.side)
            .filter(|o| self.unit_type(o).is_troops())
            .filter(|o| match structure {
                Some(i) => table.features[i].contains(o.at),
                None => o.id == target || self.within(t, o, self.rules().close_combat.range.value),
            })
            .map(|o| o.id)
            .collect()
    }

    /// One side's roll (CF8.0 as read, data in `rules.ron`).
    fn combat_roll(&self, s: &mut State, side: Side, stands: &[StandId]) -> CombatRoll {
        let cc = &self.rules().close_combat;
        let mut mods = Vec::new();
        let counted = stands
            .iter()
            .filter(|id| !self.unit_of(s, **id).crew_served)
            .count() as i32;
        if counted > 1 {
            mods.push((
                format!("{} more stands", counted - 1),
                "base 8.0".to_string(),
                (counted - 1) * cc.extra_stand.value,
            ));
        }
        let crew = stands
            .iter()
            .filter(|id| self.unit_of(s, **id).crew_served)
            .count() as i32;
        if crew > 0 {
            mods.push((
                format!("{crew} crew-served (6.11: RPG/LAW teams too)"),
                "base 8.0, 6.11".to_string(),
                crew * cc.crew_served.value,
            ));
        }
        let range = self.rules().command.range.value;
        let rating = s
            .side_on_table(side)
            .filter(|c| self.unit_type(c).role == Role::Command && c.status != Status::Suppressed)
            .filter(|c| {
                stands.contains(&c.id) || stands.iter().any(|x| self.within(c, s.stand(*x), range))
            })
            .map(|c| self.unit_type(c).rating)
            .max()
            .unwrap_or(0);
        if rating != 0 {
            mods.push(("commander".to_string(), "base 2.3".to_string(), rating));
        }
        if stands
            .iter()
            .any(|x| s.stand(*x).status == Status::Suppressed)
        {
            mods.push((
                "a suppressed stand engaged".into(),
                "base 8.0".into(),
                cc.suppressed.value,
            ));
        } else if stands.iter().any(|x| s.stand(*x).status == Status::Pinned) {
            mods.push((
                "a pinned stand engaged".into(),
                "base 8.0".into(),
                cc.pinned.value,
            ));
        }
        let die = s.rng.die(6);
        let total = die as i32 + mods.iter().map(|m| m.2).sum::<i32>();
        CombatRoll {
            side,
            stands: stands.to_vec(),
            die,
            mods,
            total,
        }
    }

    /// Fights the close combat the attackers moved into.
    pub(crate) fn resolve_close_combat(
        &self,
        s: &mut State,
        side: Side,
        attackers: &[StandId],
        target: StandId,
        ev: &mut Vec<Event>,
    ) {
        if !s.stand(target).on_table() {
            return;
        }
        let tb = self.base(s.stand(target));
        let attackers: Vec<StandId> = attackers
            .iter()
            .copied()
            .filter(|a| {
                let st = s.stand(*a);
                st.on_table()
                    && st.status != Status::Suppressed
                    && self.base(st).distance_to(&tb) < TOUCH
            })
            .collect();
        if attackers.is_empty() {
            return;
        }
        let mut defenders = self.defenders_of(s, target);
        for d in &defenders {
            self.reveal(s, *d, RevealWhy::CloseCombat, ev);
        }
        let contacted: Vec<StandId> = defenders
            .iter()
            .copied()
            .filter(|d| self.dies_if_contacted(s.stand(*d)))
            .collect();
        for d in &contacted {
            self.auto_kill(s, *d, ev);
        }
        defenders.retain(|d| !contacted.contains(d));
        if defenders.is_empty() || s.end.is_some() {
            return;
        }
        let mut ties = 0u8;
        loop {
            let a = self.combat_roll(s, side, &attackers);
            let d = self.combat_roll(s, side.other(), &defenders);
            if a.total == d.total && ties < 20 {
                ties += 1;
                continue;
            }
            let winner = if a.total >= d.total {
                side
            } else {
                side.other()
            };
            ev.push(Event::CloseCombat {
                attacker: a,
                defender: d,
                ties,
                winner,
            });
            let losers = if winner == side {
                &defenders
            } else {
                &attackers
            };
            for l in losers.clone() {
                self.kill(s, l, ev);
            }
            if winner != side && s.end.is_none() {
                self.pass_initiative(s, side.other(), Pass::CloseCombatLost, ev);
            }
            return;
        }
    }

    /// CF8.0: an assault shot up on the way in is aborted; those that
    /// reached contact fall back one stand width.
    pub(crate) fn abort_close_combat(
        &self,
        s: &mut State,
        attackers: &[StandId],
        target: StandId,
        ev: &mut Vec<Event>,
    ) {
        let t = s.stand(target).clone();
        let tb = self.base(&t);
        let back = self.rules().stand_width.value;
        let mut moved = Vec::new();
        for a in attackers {
            let st = s.stand(*a).clone();
            if !st.on_table() || self.base(&st).distance_to(&tb) >= TOUCH {
                continue;
            }
            let away = (st.at - t.at).normalized().unwrap_or(st.facing * -1.0);
            let to = (st.at + away * back).snapped(HUNDREDTH);
            if self.table_of(s).on_table(to)
                && self
                    .check_standing(s, &st, to, st.facing, "base 8.0")
                    .is_ok()
            {
                s.stand_mut(*a).at = to;
                ev.push(Event::Moved {
                    stand: *a,
                    path: vec![st.at, to],
                    facing: st.facing,
                    stopped: true,
                });
            }
            moved.push(*a);
        }
        if !moved.is_empty() {
            ev.push(Event::AssaultAborted { stands: moved });
        }
    }

    /// Assaults worth offering: each stand that may assault, alone, at
    /// each enemy it could reach in one move; and two together where they
    /// are joined (CF4.2: within one stand width, so they may move as a
    /// group; CF8.0: +1 for the stand past the first), going in side by
    /// side (each aimed half a stand width off the target's centre) or
    /// each straight at it. Only those the rules allow are kept.
    pub(crate) fn close_combat_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        let able: Vec<&Stand> = s
            .side_on_table(side)
            .filter(|st| {
                self.may_assault(st) && !st.withdrawing && self.check_can_move(s, st).is_ok()
            })
            .collect();
        let half = self.rules().stand_width.value / 2.0;
        for t in s.side_on_table(side.other()) {
            if t.hidden || !self.unit_type(t).is_troops() {
                continue;
            }
            let near: Vec<&Stand> = able
                .iter()
                .copied()
                .filter(|st| t.at.distance(st.at) <= 12.0)
                .collect();
            for (i, st) in near.iter().enumerate() {
                out.push(Command::CloseCombat {
                    moves: vec![StandMove {
                        stand: st.id,
                        to: t.at,
                        facing: None,
                    }],
                    target: t.id,
                });
                // Crew-served weapons do not count in close combat (6.11):
                // not offered as the second stand.
                for o in &near[i + 1..] {
                    if self.unit_type(st).crew_served
                        || self.unit_type(o).crew_served
                        || !self.within(st, o, 1.0)
                    {
                        continue;
                    }
                    let Some(dir) = (t.at - st.at).normalized() else {
                        continue;
                    };
                    let across = Point::new(-dir.y, dir.x);
                    // The one further along `across` takes that side.
                    let side_of = if (o.at - st.at).dot(across) >= 0.0 {
                        1.0
                    } else {
                        -1.0
                    };
                    let abreast = [
                        (t.at - across * (half * side_of)).snapped(HUNDREDTH),
                        (t.at + across * (half * side_of)).snapped(HUNDREDTH),
                    ];
                    for [a, b] in [abreast, [t.at, t.at]] {
                        let c = Command::CloseCombat {
                            moves: vec![
                                StandMove {
                                    stand: st.id,
                                    to: a,
                                    facing: None,
                                },
                                StandMove {
                                    stand: o.id,
                                    to: b,
                                    facing: None,
                                },
                            ],
                            target: t.id,
                        };
                        if self.check_close_combat(s, moves_of(&c), t.id).is_ok() {
                            out.push(c);
                            break;
                        }
                    }
                }
            }
        }
    }
}

fn moves_of(c: &Command) -> &[StandMove] {
    match c {
        Command::CloseCombat { moves, .. } => moves,
        _ => &[],
    }
}

use vt_core::dice::{Adjudication, Modifier};
use vt_core::engine::LogEntry;

impl CrossfireVn {
    fn combat_adjudication(&self, s: Option<&State>, r: &CombatRoll) -> Adjudication {
        let names: Vec<String> = r.stands.iter().map(|x| self.who(s, *x)).collect();
        let mut a = Adjudication::new(
            format!("{} in close combat: {}", r.side.name(), names.join(", ")),
            "base 8.0",
        );
        a.rolled = vec![r.die as i32];
        a.modifiers = r
            .mods
            .iter()
            .map(|(l, rule, v)| Modifier::new(l.clone(), rule.clone(), *v))
            .collect();
        a.total = r.total;
        a.needed = Some("more than the other side".into());
        a
    }

    pub(crate) fn describe_close_combat(&self, s: Option<&State>, e: &Event) -> LogEntry {
        match e {
            Event::CloseCombat {
                attacker,
                defender,
                ties,
                winner,
            } => {
                let mut a = self.combat_adjudication(s, attacker);
                let mut d = self.combat_adjudication(s, defender);
                let won = |x: &mut Adjudication, side: Side| {
                    x.result = if side == *winner {
                        "wins".into()
                    } else {
                        "loses: all killed".into()
                    };
                };
                won(&mut a, attacker.side);
                won(&mut d, defender.side);
                LogEntry::with_rolls(
                    format!(
                        "Close combat: {} {} to {}{}; {} wins and every engaged stand of the other side is killed.",
                        attacker.side.name(),
                        attacker.total,
                        defender.total,
                        if *ties > 0 {
                            format!(" after {ties} tie(s) rolled again")
                        } else {
                            String::new()
                        },
                        winner.name()
                    ),
                    vec![a, d],
                )
            }
            Event::AutoKilled { stand } => LogEntry::text(format!(
                "{} is contacted in close combat and eliminated (6.5, 6.9).",
                self.who(s, *stand)
            )),
            Event::AssaultAborted { stands } => LogEntry::text(format!(
                "The assault is aborted: {} fall back.",
                stands
                    .iter()
                    .map(|x| self.who(s, *x))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            _ => LogEntry::text(format!("{e:?}")),
        }
    }
}
