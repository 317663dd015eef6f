//! 6.4 Fire procedures: in every firing mode each participating fire team
//! or HMG makes its own attack. A fire group (CF6.4: the stands within one
//! stand width of its leader, or a platoon whose Command Group sees the
//! target, CF "crossfire") fires at one target; each firer rolls its dice
//! (CF base: three for a fire team, four for an HMG; a die off for cover,
//! and only 6s against a bunker), its hits are judged alone, and the most
//! severe of the results falls on the target (CF6.4: results are never
//! added). Direct fire that does not suppress or kill loses the initiative
//! (CF base), except a VC/NVA sniper's (6.9).

use crate::CrossfireVn;
use crate::command::Command;
use crate::data::Role;
use crate::event::{DiceMod, DiceWhy, Effect, Event, FireMode, FireRoll, Pass, RevealWhy};
use crate::state::*;
use crate::table::FireCover;
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::sort::StableSort;
use vt_core::tabletop::Point;

/// A fire group's attack, before its roll.
#[derive(Clone, Debug)]
pub struct Shot<'a> {
    pub mode: FireMode,
    pub firers: &'a [StandId],
    pub target: StandId,
    /// Where the target stands (a point of its move, for reactive fire).
    pub at: Point,
    pub support: &'a [StandId],
    /// For reactive fire: where the target's move had reached before this
    /// point (for 6.10's "moving along").
    pub came_from: Option<Point>,
}

impl<'a> Shot<'a> {
    /// A Fire command's shot (CF6.4): the target where it stands.
    pub fn direct(
        firers: &'a [StandId],
        target: StandId,
        at: Point,
        support: &'a [StandId],
    ) -> Self {
        Shot {
            mode: FireMode::Direct,
            firers,
            target,
            at,
            support,
            came_from: None,
        }
    }
}

/// One firer's dice before the roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dice {
    pub firer: StandId,
    pub base: u8,
    pub mods: Vec<DiceMod>,
    pub hit_on: u8,
    pub dice: u8,
    /// The firer sees the target there.
    pub sees: bool,
}

impl CrossfireVn {
    /// Whether a stand fires small arms at all (RPG, LAW and flame teams
    /// fire only in their own ways, 6.11, 6.12).
    pub(crate) fn fires_small_arms(&self, st: &Stand) -> bool {
        let u = self.unit_type(st);
        u.dice > 0 && !matches!(u.role, Role::Rpg | Role::Law | Role::Flame)
    }

    /// Why a stand may not fire now in this mode, if it may not.
    pub(crate) fn check_firer(&self, s: &State, st: &Stand, mode: FireMode) -> Checked {
        let u = self.unit_type(st);
        ensure_with(st.on_table(), "6.4", || {
            format!("{} is not on the table.", st.label)
        })?;
        ensure_with(self.fires_small_arms(st), "6.4", || {
            format!("{} does not fire at troops.", u.name)
        })?;
        ensure_with(st.status != Status::Suppressed, "base 6.5.2", || {
            format!("{} is suppressed and may only try to rally.", st.label)
        })?;
        self.check_backblast_position(s, st)?;
        match (mode, u.role) {
            (FireMode::Direct, _) if st.withdrawing => {
                return refuse("6.9.1", "A withdrawing stand may fire only reactively.");
            }
            (_, Role::SniperTeam) => {
                ensure(
                    st.shots == 0,
                    "6.9",
                    "A USMC sniper team fires only once in an initiative.",
                )?;
                ensure(
                    mode == FireMode::Reactive || !st.moved,
                    "6.9",
                    "A USMC sniper team fires only if it stays still this initiative.",
                )?;
            }
            (FireMode::Direct, Role::Sniper) => ensure(
                s.readings.vc_sniper_unlimited || st.shots == 0,
                "6.9",
                "A VC/NVA sniper fires directly once in each of its side's initiatives (option).",
            )?,
            (FireMode::Reactive, Role::Sniper) => {}
            (FireMode::Reactive, _) => ensure_with(!st.no_fire, "base 6.2.1", || {
                format!(
                    "{} is marked NO FIRE until the initiative changes.",
                    st.label
                )
            })?,
            _ => {}
        }
        Ok(())
    }

    /// Whether `target` may be fired at by small arms, and by these firers.
    pub(crate) fn check_target(
        &self,
        s: &State,
        side: Side,
        firers: &[StandId],
        target: StandId,
        at: Point,
    ) -> Checked {
        let Some(t) = s.get(target) else {
            return refuse("6.4", "No such target.");
        };
        ensure(
            t.side != side && t.on_table() && !t.hidden,
            "6.4",
            "Fire only at an enemy stand you can see on the table.",
        )?;
        let u = self.unit_type(t);
        ensure_with(!u.armoured, "6.11", || {
            format!("Only anti-armour fire harms {}.", u.name)
        })?;
        if u.role == Role::Command && s.readings.cg_shielded {
            let snipers = firers
                .iter()
                .all(|f| matches!(self.unit_of(s, *f).role, Role::Sniper | Role::SniperTeam));
            let ghost = Stand { at, ..t.clone() };
            // Only a fire team the firers' side can see shields it: a
            // hidden one is not on the table for them (CF base hidden
            // units), and counting it would tell the firer, by the shots
            // allowed, that a hidden team stands beside the Command Group.
            let shielded = s.side_on_table(t.side).any(|o| {
                o.id != t.id
                    && !o.hidden
                    && self.unit_type(o).role == Role::FireTeam
                    && self.within(&ghost, o, 1.0)
            });
            ensure_with(snipers || !shielded, "6.9", || {
                format!(
                    "{} is beside a fire team and cannot be singled out; only a sniper may always target a Command Group.",
                    t.label
                )
            })?;
        }
        Ok(())
    }

    /// 6.4 and CF6.4: the whole fire group's check.
    pub(crate) fn check_shot(&self, s: &State, side: Side, shot: &Shot) -> Checked {
        ensure(!shot.firers.is_empty(), "6.4", "Name the stands that fire.")?;
        for (i, f) in shot.firers.iter().enumerate() {
            ensure(
                !shot.firers[..i].contains(f),
                "6.4",
                "A stand fires once in a fire group.",
            )?;
            let Some(st) = s.get(*f) else {
                return refuse("6.4", "No such stand.");
            };
            ensure(st.side == side, "6.4", "Fire only with your own stands.")?;
            self.check_firer(s, st, shot.mode)?;
        }
        self.check_target(s, side, shot.firers, shot.target, shot.at)?;
        let target = s.stand(shot.target);
        let ghost = Stand {
            at: shot.at,
            ..target.clone()
        };
        let snipers = shot
            .firers
            .iter()
            .any(|f| matches!(self.unit_of(s, *f).role, Role::Sniper | Role::SniperTeam));
        ensure(
            !snipers || shot.firers.len() == 1,
            "6.9",
            "A sniper fires alone.",
        )?;
        self.check_group(s, shot.firers, &ghost)?;
        for sp in shot.support {
            self.check_support(s, side, shot, *sp, &ghost)?;
        }
        let dice = self.shot_dice(s, shot);
        for d in &dice {
            ensure_with(d.sees, "base 6.1", || {
                format!("{} cannot see {}.", s.stand(d.firer).label, target.label)
            })?;
        }
        ensure(
            dice.iter().any(|d| d.dice > 0),
            "6.4",
            "No firer has a die left to roll at that target.",
        )
    }

    /// CF6.4: a fire group is its leader (the first firer) and stands
    /// within one stand width of him; or stands of one platoon directed by
    /// their Command Group, who sees the target (CF "crossfire").
    fn check_group(&self, s: &State, firers: &[StandId], target: &Stand) -> Checked {
        if firers.len() < 2 {
            return Ok(());
        }
        let lead = s.stand(firers[0]);
        if firers[1..]
            .iter()
            .all(|f| self.within(lead, s.stand(*f), 1.0))
        {
            return Ok(());
        }
        let platoon = lead.platoon;
        ensure(
            platoon != 0 && firers.iter().all(|f| s.stand(*f).platoon == platoon),
            "base 6.4",
            "A fire group is its first stand and stands within one stand width of it, or one platoon directed by its Command Group.",
        )?;
        let cg = s.side_on_table(lead.side).find(|o| {
            o.platoon == platoon
                && self.unit_type(o).role == Role::Command
                && o.status != Status::Suppressed
        });
        match cg {
            Some(cg) => ensure_with(self.sees_at(s, cg, target, target.at), "base 6.4", || {
                format!(
                    "{} must see the target to direct the platoon's fire.",
                    cg.label
                )
            }),
            None => refuse(
                "base 6.4",
                "The platoon has no Command Group able to direct its fire; fire as a group within one stand width.",
            ),
        }
    }

    /// Each firer's dice against the target (6.4).
    pub fn shot_dice(&self, s: &State, shot: &Shot) -> Vec<Dice> {
        let target = s.stand(shot.target);
        let ghost = Stand {
            at: shot.at,
            ..target.clone()
        };
        let fire = &self.rules().fire;
        let mut out: Vec<Dice> = Vec::new();
        for f in shot.firers {
            let st = s.stand(*f);
            let u = self.unit_type(st);
            let mut mods = Vec::new();
            let mut hit_on = fire.hit_on.value;
            let (sees, cover) = self.sight_and_cover(s, st, &ghost, shot.at);
            match cover {
                FireCover::Open => {}
                FireCover::Cover => mods.push(DiceMod {
                    why: DiceWhy::Cover,
                    dice: fire.cover_dice.value,
                }),
                FireCover::Bunker => {
                    mods.push(DiceMod {
                        why: DiceWhy::Bunker,
                        dice: fire.bunker_dice.value,
                    });
                    hit_on = fire.bunker_hit_on.value;
                }
            }
            if shot.mode == FireMode::Reactive
                && st.hidden
                && let Some(why) = self.ambush(s, st, &ghost, shot.came_from)
            {
                mods.push(DiceMod {
                    why,
                    dice: self.rules().ambush.dice.value as i8,
                });
            }
            out.push(Dice {
                firer: *f,
                base: u.dice,
                mods,
                hit_on,
                dice: 0,
                sees,
            });
        }
        // 6.11: each support team's die goes to the first firer of its unit.
        for sp in shot.support {
            let team = s.stand(*sp);
            let why = match self.unit_type(team).role {
                Role::Law => DiceWhy::Law(*sp),
                _ => DiceWhy::Rpg(*sp),
            };
            if let Some(d) = out
                .iter_mut()
                .find(|d| self.in_unit_of(team, s.stand(d.firer)))
            {
                d.mods.push(DiceMod {
                    why,
                    dice: self.rules().support.rpg_dice.value as i8,
                });
            }
        }
        for d in &mut out {
            let n = d.base as i32 + d.mods.iter().map(|m| m.dice as i32).sum::<i32>();
            d.dice = n.max(0) as u8;
        }
        out
    }

    /// What the hits of one stand's dice do, from the data: "1 hit pins,
    /// 2 suppress, 3 kill".
    pub fn hits_scale(&self) -> String {
        let f = &self.rules().fire;
        let h = |n: u8| {
            if n == 1 {
                "1 hit".to_string()
            } else {
                format!("{n}")
            }
        };
        format!(
            "{} pins, {} suppress, {} kill",
            h(f.pin_hits.value),
            h(f.suppress_hits.value),
            h(f.kill_hits.value)
        )
    }

    /// The result of `hits` (CF6.5.1-6.5.3).
    pub fn hits_result(&self, hits: u8) -> Effect {
        let f = &self.rules().fire;
        if hits >= f.kill_hits.value {
            Effect::Kill
        } else if hits >= f.suppress_hits.value {
            Effect::Suppress
        } else if hits >= f.pin_hits.value {
            Effect::Pin
        } else {
            Effect::Miss
        }
    }

    /// Rolls a fire group's attack, applies the most severe result and
    /// reports it; hidden firers are placed on the table (CF base, 6.11).
    pub(crate) fn resolve_shot(&self, s: &mut State, shot: &Shot, ev: &mut Vec<Event>) -> Effect {
        let dice = self.shot_dice(s, shot);
        let mut rolls = Vec::new();
        let mut result = Effect::Miss;
        for d in dice {
            let rolled: Vec<u8> = (0..d.dice).map(|_| s.rng.die(6)).collect();
            let hits = rolled.iter().filter(|x| **x >= d.hit_on).count() as u8;
            let mut r = self.hits_result(hits);
            // 6.9: a USMC sniper team's pin is a suppression.
            let pin_suppresses =
                r == Effect::Pin && self.unit_of(s, d.firer).role == Role::SniperTeam;
            if pin_suppresses {
                r = Effect::Suppress;
            }
            result = result.max(r);
            rolls.push(FireRoll {
                firer: d.firer,
                base_dice: d.base,
                mods: d.mods,
                hit_on: d.hit_on,
                dice: rolled,
                hits,
                result: r,
                pin_suppresses,
            });
        }
        for f in shot.firers.iter().chain(shot.support) {
            let st = s.stand_mut(*f);
            st.shots = st.shots.saturating_add(1);
            self.reveal_firer(s, *f, ev);
        }
        let unseen = shot.firers.iter().any(|f| s.stand(*f).hidden);
        ev.push(Event::Fire {
            mode: shot.mode,
            target: shot.target,
            at: shot.at,
            rolls,
            result,
            unseen,
        });
        self.apply_effect(s, shot.target, result, ev);
        result
    }

    /// CF base: a hidden stand that fires is placed on the table (an
    /// option); 6.11: a recoilless weapon always is.
    pub(crate) fn reveal_firer(&self, s: &mut State, id: StandId, ev: &mut Vec<Event>) {
        if !s.stand(id).hidden {
            return;
        }
        if self.has_backblast(s, s.stand(id)) {
            self.reveal(s, id, RevealWhy::Backblast, ev);
        } else if s.readings.reveal_on_fire {
            self.reveal(s, id, RevealWhy::Fired, ev);
        }
    }

    pub(crate) fn check_fire(
        &self,
        s: &State,
        firers: &[StandId],
        target: StandId,
        support: &[StandId],
    ) -> Checked {
        self.in_initiative(s)?;
        let Some(t) = s.get(target) else {
            return refuse("6.4", "No such target.");
        };
        let shot = Shot::direct(firers, target, t.at, support);
        self.check_shot(s, s.initiative, &shot)
    }

    pub(crate) fn execute_fire(
        &self,
        s: &mut State,
        firers: &[StandId],
        target: StandId,
        support: &[StandId],
        ev: &mut Vec<Event>,
    ) {
        let at = s.stand(target).at;
        let shot = Shot::direct(firers, target, at, support);
        let result = self.resolve_shot(s, &shot, ev);
        if s.end.is_some() || result >= Effect::Suppress {
            return;
        }
        // 6.9: a VC/NVA sniper's failed shot keeps the initiative; a USMC
        // sniper team's loses it, as any failed fire does (CF base).
        let role = self.unit_of(s, firers[0]).role;
        if role == Role::Sniper {
            return;
        }
        let why = if role == Role::SniperTeam {
            Pass::SniperFailed
        } else {
            Pass::FireFailed
        };
        self.pass_initiative(s, s.initiative.other(), why, ev);
    }

    /// Fire groups worth offering: each stand alone at each enemy it sees,
    /// and each stand with every stand within one stand width that also
    /// sees the target (with its unit's support teams).
    pub(crate) fn fire_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        let targets: Vec<&Stand> = s
            .side_on_table(side.other())
            .filter(|t| !t.hidden && !self.unit_type(t).armoured)
            .collect();
        let firers: Vec<&Stand> = s
            .side_on_table(side)
            .filter(|f| self.check_firer(s, f, FireMode::Direct).is_ok())
            .collect();
        // Each firer at the two nearest targets it sees.
        let mut aims: Vec<(StandId, StandId)> = Vec::new();
        for f in &firers {
            let mut near: Vec<&&Stand> = targets.iter().filter(|t| self.sees(s, f, t)).collect();
            near.stable_sort_by(|a, b| {
                a.at.distance(f.at)
                    .total_cmp(&b.at.distance(f.at))
                    .then(a.id.cmp(&b.id))
            });
            aims.extend(near.iter().take(2).map(|t| (f.id, t.id)));
        }
        for t in &targets {
            let mut groups: Vec<Vec<StandId>> = Vec::new();
            let seeing: Vec<&Stand> = firers
                .iter()
                .copied()
                .filter(|f| aims.contains(&(f.id, t.id)))
                .collect();
            for (i, f) in seeing.iter().enumerate() {
                out.push(Command::Fire {
                    firers: vec![f.id],
                    target: t.id,
                    support: Vec::new(),
                });
                let sniper = matches!(self.unit_type(f).role, Role::Sniper | Role::SniperTeam);
                if sniper {
                    continue;
                }
                let group: Vec<StandId> = std::iter::once(f.id)
                    .chain(seeing.iter().enumerate().filter_map(|(j, o)| {
                        let ok = j != i
                            && !matches!(self.unit_type(o).role, Role::Sniper | Role::SniperTeam)
                            && self.within(f, o, 1.0);
                        ok.then_some(o.id)
                    }))
                    .collect();
                let mut key = group.clone();
                key.sort_unstable();
                if groups.contains(&key) {
                    continue;
                }
                groups.push(key);
                let support = self.support_for(s, &group, t);
                if group.len() > 1 || !support.is_empty() {
                    out.push(Command::Fire {
                        firers: group,
                        target: t.id,
                        support,
                    });
                }
            }
        }
    }
}

use crate::event::DiceMod as Dm;

/// "no hits", "1 hit", "3 hits".
pub fn hits_words(hits: u8) -> String {
    match hits {
        0 => "no hits".into(),
        1 => "1 hit".into(),
        n => format!("{n} hits"),
    }
}
use vt_core::dice::{Adjudication, TableCell};
use vt_core::engine::LogEntry;

/// A dice change in words.
pub fn dice_why(m: &Dm) -> (String, &'static str) {
    match m.why {
        DiceWhy::Cover => ("target in cover".into(), "base 6.4"),
        DiceWhy::Bunker => ("target in a bunker (only 6s hit)".into(), "base 6.4"),
        DiceWhy::Ambush => ("ambush, point-blank from hiding".into(), "6.10"),
        DiceWhy::AmbushRoute => ("ambush of a stand moving along a route".into(), "6.10"),
        DiceWhy::AmbushDefile => ("ambush in a defile".into(), "6.10"),
        DiceWhy::Rpg(_) => ("RPG team's die".into(), "6.11"),
        DiceWhy::Law(_) => ("LAW team's die (bunker or brick)".into(), "6.11"),
    }
}

impl CrossfireVn {
    /// One firer's roll as an adjudication: the dice it rolled (its base
    /// dice with each change and its section, in the modifiers as dice),
    /// the hits counted (the total) and the result.
    pub fn fire_adjudication(
        &self,
        s: Option<&State>,
        target: StandId,
        r: &FireRoll,
        name: &str,
    ) -> Adjudication {
        // A pool: each die is read alone, so the dice are shown as rolled
        // and add up to their sum; what changed the number of dice is said
        // in the purpose, with its section, not as a modifier of the sum.
        let mut pool = format!("{} dice", r.base_dice);
        for m in &r.mods {
            let (label, rule) = dice_why(m);
            pool.push_str(&format!(", {label} {:+} (CF {rule})", m.dice));
        }
        if !r.mods.is_empty() {
            pool.push_str(&format!(": {} dice", r.dice.len()));
        }
        let mut a = Adjudication::new(
            format!("{name} fires at {} ({pool})", self.who(s, target)),
            "6.4",
        )
        .pool(r.dice.iter().map(|d| *d as i32), r.hit_on as i32);
        a.needed = Some(format!(
            "{} on each die, each die judged alone; {}",
            if r.hit_on >= 6 {
                "6".to_string()
            } else {
                format!("{} or more", r.hit_on)
            },
            self.hits_scale()
        ));
        a.table = Some(TableCell {
            table: "fire-results".into(),
            row: r.hits.min(3).to_string(),
            column: None,
        });
        a.result = format!(
            "{}: {}{}",
            hits_words(r.hits),
            r.result.name(),
            if r.pin_suppresses {
                " (a USMC sniper's pin suppresses, 6.9)"
            } else {
                ""
            }
        );
        a
    }

    pub(crate) fn describe_fire(&self, s: Option<&State>, e: &Event) -> LogEntry {
        let Event::Fire {
            mode,
            target,
            rolls,
            result,
            unseen,
            ..
        } = e
        else {
            return LogEntry::text(format!("{e:?}"));
        };
        let how = match mode {
            FireMode::Direct => "Fire",
            FireMode::Reactive => "Reactive fire",
        };
        let names: Vec<String> = rolls.iter().map(|r| self.who(s, r.firer)).collect();
        let adj: Vec<Adjudication> = rolls
            .iter()
            .zip(&names)
            .map(|(r, n)| self.fire_adjudication(s, *target, r, n))
            .collect();
        let text = format!(
            "{how} by {} at {}: {} (each firer judged alone, 6.4).",
            names.join(", "),
            self.who(s, *target),
            result.name()
        );
        if *unseen {
            let side = s.map_or(Side::VcNva, |s| s.stand(rolls[0].firer).side);
            let open: Vec<Adjudication> = rolls
                .iter()
                .map(|r| self.fire_adjudication(s, *target, r, "A hidden stand"))
                .collect();
            LogEntry::with_rolls(text, adj).private_with_rolls(
                side.idx() as u8,
                format!(
                    "{how} from hiding at {}: {}.",
                    self.who(s, *target),
                    result.name()
                ),
                open,
            )
        } else {
            LogEntry::with_rolls(text, adj)
        }
    }
}
