//! 7.0 Action: Fire, 7.1 Fire Procedures (every die-roll modifier), 7.2
//! Observed Mortar Fire. The same attack routine serves Opportunity Fire
//! (21.0), Assault rounds (8.0), Fire Missions (16.0) and Claymores (26.0).

use crate::Fte;
use crate::command::{Command, Target};
use crate::counters::judge;
use crate::data::{Effect, MoveClass, Role, Terrain, Weapon};
use crate::describe::{Names, modifiers, total};
use crate::event::{AttackKind, Drm, Event, Mods};
use crate::geo::{Hex, HexExt};
use crate::line_of_sight::{Blocked, Blockers};
use crate::state::*;
use crate::step::Step;
use vt_core::dice::{Adjudication, Modifier, TableCell};
use vt_core::engine::RuleError;
use vt_core::engine::{LogEntry, SideIdx};
use vt_core::refusal::{Refusal, refuse};

/// Why a unit may not fire at another ([`Fte::fire_reach`]), before it is
/// put in words.
#[derive(Clone, Debug)]
pub(crate) enum NoFire {
    Rule(&'static str, &'static str),
    NoLos(Blocked),
}

impl NoFire {
    pub(crate) fn refusal(self) -> Refusal {
        match self {
            NoFire::Rule(section, why) => Refusal::new(section, why),
            NoFire::NoLos(b) => Refusal::new("7.3", format!("no line of sight: {}", b.describe())),
        }
    }
}

/// One fire attack, before its roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    pub kind: AttackKind,
    pub firers: Vec<UnitId>,
    pub primary: Option<UnitId>,
    pub rating: u8,
    pub weapon: Weapon,
    pub target: UnitId,
    /// The primary firer's hex (for range, adjacency and retreats).
    pub from: Option<Hex>,
    pub observed: bool,
    pub opfire: Option<OpFireCtx>,
    /// Assault round 1: the assaulting unit gets no terrain modifier.
    pub no_terrain: bool,
    /// Defender still Concealed in an assault round.
    pub concealed_override: Option<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpFireCtx {
    pub stealthy: bool,
    pub on_trail: bool,
    pub fort: bool,
    pub primary_concealed: bool,
}

impl Attack {
    /// An attack led by a unit on the map: its rating, weapon class and hex.
    pub fn led_by(
        rules: &Fte,
        s: &State,
        kind: AttackKind,
        firers: Vec<UnitId>,
        primary: UnitId,
        target: UnitId,
    ) -> Attack {
        let p = s.unit(primary);
        Attack {
            kind,
            firers,
            primary: Some(primary),
            rating: rules.fire_rating(p).unwrap_or(0),
            weapon: rules.weapon(p),
            target,
            from: p.hex,
            observed: false,
            opfire: None,
            no_terrain: false,
            concealed_override: None,
        }
    }
}

impl Fte {
    /// Range between two units' positions, doubled to a helicopter at High
    /// level (6.8).
    pub fn range_between(&self, s: &State, a: UnitId, b: UnitId) -> Option<u32> {
        let (ua, ub) = (s.unit(a), s.unit(b));
        let d = ua.hex?.distance(ub.hex?);
        let high = (self.is_heli(ua) && ua.altitude == Altitude::High)
            || (self.is_heli(ub) && ub.altitude == Altitude::High);
        Some(if high { d * 2 } else { d })
    }

    /// The die-roll modifiers of an attack (7.1), each with its rule.
    pub fn attack_mods(&self, s: &State, a: &Attack) -> Mods {
        let mut m = Mods::new();
        let t = s.unit(a.target);
        let map = self.map_of(s);
        let he = a.weapon == Weapon::HE;
        let mission = matches!(a.kind, AttackKind::Mission(_));
        // Terrain of the target hex (with its notes b and e).
        if let Some(th) = t.hex {
            let terrain = map.terrain(th).unwrap_or(Terrain::Clear);
            let airborne = self.is_heli(t) && t.altitude != Altitude::Ground;
            let jungle_he = terrain == Terrain::Jungle && (he || mission);
            let v = self.tables.terrain(terrain).fire.value;
            if !airborne && !jungle_he && !a.no_terrain && v != 0 {
                m.push((Drm::Terrain(terrain), v as i8));
            }
        }
        if let Some(o) = a.opfire
            && o.on_trail
        {
            m.push((
                Drm::TrailOpFire,
                self.tables.trail.opportunity_fire.value as i8,
            ));
        }
        // Target defensive modifiers.
        let concealed = a.concealed_override.unwrap_or(t.concealed);
        if concealed && !he && !mission {
            m.push((
                Drm::ConcealedTarget,
                self.tables.fire.concealed_target.value as i8,
            ));
        }
        let outside = a.opfire.is_some_and(|o| o.fort);
        if let (Some(f), false) = (t.fort, outside)
            && let Some(c) = s.caches.get(f as usize).filter(|c| !c.gone)
        {
            let (d, v) = if c.kind == CacheKind::Bunker {
                (Drm::Bunker, self.tables.fire.bunker.value)
            } else {
                (Drm::Foxholes, self.tables.fire.foxholes.value)
            };
            m.push((d, v as i8));
        }
        let def = self.ty(t).defense;
        if def != 0 {
            m.push((Drm::Defense, def as i8));
        }
        if self.role(t) == Role::Sapper {
            m.push((Drm::Sapper, self.tables.fire.sapper_target.value as i8));
        }
        // The Primary Firing Unit.
        if let Some(p) = a.primary {
            let pu = s.unit(p);
            m.extend(self.status_mods(s, pu, true));
            if let (Some(range), Some(d)) = (self.ty(pu).range, self.range_between(s, p, a.target))
                && d > range as u32
            {
                m.push((Drm::BeyondRange, self.tables.fire.beyond_range.value as i8));
            }
            if let (Some(ph), Some(th)) = (pu.hex, t.hex)
                && ph.is_adjacent(th)
                && !he
            {
                m.push((Drm::Adjacent, self.tables.fire.adjacent.value as i8));
            }
        }
        let support = a.firers.iter().filter(|f| Some(**f) != a.primary).count();
        for _ in 0..support {
            m.push((
                Drm::Supporting,
                self.tables.fire.supporting_unit.value as i8,
            ));
        }
        if let Some(th) = t.hex {
            let n = s.units_at(th).count() as i32;
            let over = n - self.tables.fire.crowded_threshold.value as i32;
            for _ in 0..over.max(0) {
                m.push((
                    Drm::Crowded,
                    self.tables.fire.crowded_target_hex.value as i8,
                ));
            }
        }
        if let Some(o) = a.opfire {
            if o.primary_concealed {
                m.push((
                    Drm::ConcealedOpFire,
                    self.tables.fire.concealed_opportunity_firer.value as i8,
                ));
            }
            if o.stealthy {
                m.push((Drm::Stealthy, self.tables.fire.stealthy_target.value as i8));
            }
        }
        if a.observed {
            m.push((
                Drm::ObservedMortar,
                self.tables.fire.observed_mortar.value as i8,
            ));
        }
        m
    }

    /// Rolls an attack; on a hit rolls the Target Effects Table.
    pub fn roll_attack(&self, s: &mut State, a: &Attack, ev: &mut Vec<Event>) -> Option<Effect> {
        let mods = self.attack_mods(s, a);
        // 23.0-25.0: a hidden Bunker or Foxholes whose DRM is used is
        // revealed (no VP for that, 24.0).
        if mods
            .iter()
            .any(|(d, _)| matches!(d, Drm::Bunker | Drm::Foxholes))
            && let Some(f) = s.unit(a.target).fort
            && !s.caches[f as usize].revealed
        {
            s.caches[f as usize].revealed = true;
            ev.push(Event::CacheRevealed {
                cache: f,
                kind: s.caches[f as usize].kind,
            });
        }
        let roll = s.d10();
        let hit = judge(roll, &mods, a.rating);
        let (effect_roll, effect) = if hit {
            let r = s.d10();
            (Some(r), Some(self.tables.effect(a.weapon, r)))
        } else {
            (None, None)
        };
        ev.push(Event::Attack {
            marked: None,
            kind: a.kind,
            firers: a.firers.clone(),
            primary: a.primary,
            // A firer that is still Concealed is not named in the log.
            primary_ty: a
                .primary
                .filter(|p| !s.unit(*p).concealed)
                .map(|p| s.unit(p).ty),
            target: a.target,
            target_ty: s.unit(a.target).ty,
            target_concealed: a.concealed_override.unwrap_or(s.unit(a.target).concealed),
            rating: a.rating,
            weapon: a.weapon,
            mods,
            roll,
            hit,
            effect_roll,
            effect,
        });
        effect
    }

    /// Resolves a target reference against what the firing side can see.
    pub fn resolve_target(&self, s: &State, side: Side, t: Target) -> Option<UnitId> {
        match t {
            Target::Unit(u) => {
                let x = s.units.get(u as usize)?;
                (x.side != side && !x.concealed && x.status == UnitStatus::OnMap).then_some(u)
            }
            Target::Marker(m) => s
                .on_map()
                .find(|x| x.side != side && x.concealed && x.marker == m)
                .map(|x| x.id),
        }
    }

    /// How the firing side names a unit.
    pub fn target_ref(&self, s: &State, u: UnitId) -> Target {
        let x = s.unit(u);
        if x.concealed {
            Target::Marker(x.marker)
        } else {
            Target::Unit(u)
        }
    }

    fn friendly_observer(&self, s: &State, side: Side, target: UnitId) -> bool {
        let Some(te) = self.eye(s, target) else {
            return false;
        };
        s.on_map().any(|l| {
            l.side == side
                && self.is_leader(l)
                && !l.broken
                && !l.suppressed
                && self.eye(s, l.id).is_some_and(|le| self.sight(s, le, te))
        })
    }

    /// Can `firer` shoot at `target` (LoS or observed mortar fire, range up to
    /// double)? Returns whether it is Observed Mortar Fire.
    pub fn can_fire_at(&self, s: &State, firer: UnitId, target: UnitId) -> Result<bool, Refusal> {
        let blockers = self.fire_blockers(s, s.unit(firer).side);
        self.fire_reach(s, firer, target, true, &blockers)
            .map_err(NoFire::refusal)
    }

    /// [`Fte::can_fire_at`] for the lists (`legal`, Opportunity Fire
    /// chances), which ask it for every pair: the refusal stays a code, put
    /// in words only when shown, and the hexes where the firer's side
    /// blocks fire (7.3.2) are worked out once for the whole list.
    /// `observed`: Observed Mortar Fire counts (7.2); without it, only
    /// fire along a line of sight does.
    pub(crate) fn fire_reach(
        &self,
        s: &State,
        firer: UnitId,
        target: UnitId,
        observed: bool,
        blockers: &Blockers,
    ) -> Result<bool, NoFire> {
        let f = s.unit(firer);
        let t = s.unit(target);
        if !self.can_shoot(f) {
            return Err(NoFire::Rule(
                "2.0",
                "that unit has no Fire Rating (Sappers fire only in Assaults)",
            ));
        }
        if f.broken {
            return Err(NoFire::Rule("7.0", "Broken units may not fire"));
        }
        if t.status != UnitStatus::OnMap || f.status != UnitStatus::OnMap {
            return Err(NoFire::Rule(
                "6.9",
                "loaded units may not fire or be fired at",
            ));
        }
        let mortar = self.role(f) == Role::Mortar;
        if mortar && self.is_heli(t) && t.altitude == Altitude::High {
            return Err(NoFire::Rule(
                "7.0",
                "mortars cannot attack helicopters at High level",
            ));
        }
        if let (Some(r), Some(d)) = (self.ty(f).range, self.range_between(s, firer, target))
            && d > 2 * r as u32
        {
            return Err(NoFire::Rule("7.1", "beyond double the unit's Range"));
        }
        let (Some(fe), Some(te)) = (self.eye(s, firer), self.eye(s, target)) else {
            return Err(NoFire::Rule("7.3", "not on the map"));
        };
        let own;
        let blockers = if blockers.side == f.side {
            blockers
        } else {
            own = self.fire_blockers(s, f.side);
            &own
        };
        match self.fire_los_among(s, fe, te, mortar, blockers) {
            Ok(()) => Ok(false),
            Err(b) => {
                if observed && mortar && self.friendly_observer(s, f.side, target) {
                    Ok(true)
                } else {
                    Err(NoFire::NoLos(b))
                }
            }
        }
    }

    /// Checks a Fire action; returns the attack it would make.
    pub fn check_fire(
        &self,
        s: &State,
        firers: &[UnitId],
        primary: UnitId,
        target: Target,
    ) -> Result<Attack, Refusal> {
        if !firers.contains(&primary) {
            return refuse("7.1", "the Primary Firing Unit must be one of the firers");
        }
        let side = s.unit(primary).side;
        let t = self
            .resolve_target(s, side, target)
            .ok_or_else(|| Refusal::new("7.1", "no such enemy unit in sight"))?;
        let blockers = self.fire_blockers(s, side);
        let mut observed = false;
        for (i, &f) in firers.iter().enumerate() {
            if firers[..i].contains(&f) {
                return refuse("7.1", "a unit is listed twice");
            }
            self.may_act(s, f, ActionKind::Fire)?;
            let o = self
                .fire_reach(s, f, t, true, &blockers)
                .map_err(NoFire::refusal)?;
            if f == primary {
                observed = o;
            }
        }
        let mut a = Attack::led_by(self, s, AttackKind::Fire, firers.to_vec(), primary, t);
        a.observed = observed;
        Ok(a)
    }

    /// What a fire command would need, before it is made: every modifier
    /// with its rule section and the number to roll (7.1). Works for
    /// [`Command::Fire`], [`Command::OpFire`] and [`Command::AssaultFire`];
    /// refuses anything `check` refuses.
    pub fn preview(&self, s: &State, c: &Command) -> Result<Adjudication, RuleError> {
        self.attack_preview(s, c)
            .map_err(|r| r.in_book(crate::BOOK))
    }

    pub(crate) fn attack_preview(&self, s: &State, c: &Command) -> Result<Adjudication, Refusal> {
        self.check_command(s, c)?;
        let a = match c {
            Command::Fire {
                firers,
                primary,
                target,
            } => self.check_fire(s, firers, *primary, *target)?,
            Command::OpFire {
                primary,
                supporters,
                target,
            } => {
                let Step::OpportunityFire(o) = s.step() else {
                    return refuse("21.0", "no Opportunity Fire chance now");
                };
                let side = self.opfire_side(s, o);
                let t = self
                    .resolve_target(s, side, *target)
                    .ok_or_else(|| Refusal::new("21.0", "no such target"))?;
                let mut firers = vec![*primary];
                firers.extend(supporters.iter().copied());
                self.opfire_attack(s, o, firers, *primary, t)
            }
            Command::AssaultFire {
                firers,
                primary,
                target,
            } => {
                let Step::Assault(a) = s.step() else {
                    return refuse("8.0", "no assault under way");
                };
                let side = s.unit(*primary).side;
                let t = self
                    .resolve_target(s, side, *target)
                    .ok_or_else(|| Refusal::new("8.0", "no such target"))?;
                self.assault_attack(s, a, firers.clone(), *primary, t)
            }
            _ => return refuse("7.1", "only fire commands have a preview"),
        };
        let mods = self.attack_mods(s, &a);
        let firing = s.unit(a.target).side.other().idx() as vt_core::SideIdx;
        let mut adj = Adjudication::new("To hit", "FTE 7.1").rolled_by(firing, true);
        adj.modifiers = mods
            .iter()
            .map(|(d, v)| Modifier::new(d.label(), d.rule(), *v as i32))
            .collect();
        adj.needed = Some(crate::screen::roll_needed(
            a.rating,
            crate::counters::mod_sum(&mods),
            "Fire Rating",
            "hits",
            "misses",
        ));
        adj.result = format!("{} on a hit", a.weapon.name());
        Ok(adj)
    }

    /// 7.0, 18.1, 21.0: firers in sight of a Visible enemy lose their
    /// Concealed markers, Snipers excepted.
    pub(crate) fn firing_reveals(&self, s: &mut State, firers: &[UnitId], ev: &mut Vec<Event>) {
        for &f in firers {
            if s.unit(f).concealed
                && self.role(s.unit(f)) != Role::Sniper
                && self.seen_by_visible_enemy(s, f)
            {
                self.lose_concealment(s, f, ev);
            }
        }
    }

    pub(crate) fn fire_candidates(&self, s: &State, units: &[UnitId], out: &mut Vec<Command>) {
        let side = s.active;
        let shooters: Vec<UnitId> = units
            .iter()
            .copied()
            .filter(|u| {
                let x = s.unit(*u);
                x.status == UnitStatus::OnMap
                    && self.can_shoot(x)
                    && !x.broken
                    && self.may_act(s, *u, ActionKind::Fire).is_ok()
            })
            .collect();
        if shooters.is_empty() {
            return;
        }
        let blockers = self.fire_blockers(s, side);
        let targets: Vec<UnitId> = s
            .on_map()
            .filter(|t| t.side != side)
            .map(|t| t.id)
            .collect();
        for t in targets {
            let able: Vec<UnitId> = shooters
                .iter()
                .copied()
                .filter(|f| self.fire_reach(s, *f, t, true, &blockers).is_ok())
                .collect();
            let tr = self.target_ref(s, t);
            for &p in &able {
                out.push(Command::Fire {
                    firers: vec![p],
                    primary: p,
                    target: tr,
                });
            }
            if able.len() > 1 {
                out.push(Command::Fire {
                    firers: able.clone(),
                    primary: able[0],
                    target: tr,
                });
            }
        }
    }

    pub(crate) fn fire_action(
        &self,
        s: &mut State,
        firers: &[UnitId],
        primary: UnitId,
        target: Target,
        ev: &mut Vec<Event>,
    ) {
        let Ok(a) = self.check_fire(s, firers, primary, target) else {
            return;
        };
        for &f in firers {
            self.record_action(s, f, ActionKind::Fire);
        }
        let side = s.unit(primary).side;
        // 7.0: a unit activated to fire within LoS of a Visible enemy gives
        // its position away (Snipers excepted, 18.1).
        self.firing_reveals(s, firers, ev);
        let effect = self.roll_attack(s, &a, ev);
        if let Some(e) = effect {
            self.apply_effect(s, a.target, e, side, a.from, false, ev);
        } else if self.role(s.unit(a.target)) == Role::Dummy {
            // nothing: a miss reveals nothing
        }
        let _ = MoveClass::Infantry;
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_fire(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::Attack {
                kind,
                firers,
                primary,
                primary_ty,
                target,
                target_ty,
                target_concealed,
                rating,
                weapon,
                mods,
                roll,
                hit,
                effect_roll,
                effect,
                marked,
            } => {
                // A Concealed target is named to its owner only.
                let tname = |named: bool| {
                    if *target_concealed && !named {
                        "a Concealed unit".to_string()
                    } else {
                        self.who(*target, *target_ty)
                    }
                };
                let (what, rule) = match kind {
                    AttackKind::Fire => ("Fire", "FTE 7.1"),
                    AttackKind::OpFire => ("Opportunity Fire", "FTE 21.0"),
                    AttackKind::Assault { .. } => ("Assault fire", "FTE 8.0"),
                    AttackKind::Mission(_) => ("Fire Mission", "FTE 16.0"),
                    AttackKind::Claymore => ("Claymore", "FTE 26.0"),
                    AttackKind::Passenger => ("Passenger of a destroyed vehicle", "FTE 7.4"),
                    AttackKind::BoobyTrap => ("Booby Trap", "FTE 26.0"),
                };
                // Firers still under Concealed markers are named by marker
                // to the other side, and their type stays unsaid; their
                // owner reads them by name, even while they stay Concealed
                // (issue 14: the US read "Fire by Concealed marker 43" of its
                // own Platoon Leader).
                let by_marker = |x: u16| marked.as_ref().and_then(|m| m.marker(x));
                let firer_name = |x: u16, open: bool| match by_marker(x) {
                    Some(k) if !open => format!("Concealed marker {k}"),
                    Some(_) => n.owner_u(x),
                    None => n.u(x),
                };
                let primary_name = |open: bool| match (primary, primary_ty) {
                    (Some(p), _) if !open && by_marker(*p).is_some() => {
                        format!(" of {}", firer_name(*p, false))
                    }
                    (Some(p), Some(t)) => format!(" of {}", self.who(*p, *t)),
                    (Some(p), None) => format!(" of {}", n.u(*p)),
                    _ => String::new(),
                };
                let result = match (hit, effect) {
                    (true, Some(ef)) => ef.label().to_string(),
                    (true, None) => "hit".into(),
                    _ => "miss".into(),
                };
                // `open`: the firers by number; `all_mods`: the target's own
                // modifiers too (and the target by name).
                let render = |open: bool, all_mods: bool| -> (String, Vec<Adjudication>) {
                    let tname = tname(all_mods);
                    let mut adj = Vec::new();
                    if *kind != AttackKind::Passenger {
                        let mut a = Adjudication::new(format!("{what} at {tname}"), rule);
                        // The firer's roll: low hits (7.1).
                        if let Some(t) = self.side_of_type(*target_ty) {
                            a = a.rolled_by(1 - t, true);
                        }
                        a.rolled = vec![*roll as i32];
                        a.modifiers = modifiers(mods);
                        a.total = total(*roll, mods);
                        // 7.1: the modified roll against the Fire Rating;
                        // the modifiers are in the total, not taken off the
                        // number needed as well.
                        a.needed = Some(format!(
                            "{rating} or less (Fire Rating {rating}{}; 1 always hits, 10 always misses)",
                            primary_name(open)
                        ));
                        // 18.0: a Concealed target keeps its own modifiers
                        // (its Defense, a Sapper's, a hidden Bunker's or
                        // Foxholes') from the firer.
                        if !all_mods {
                            let secret = [Drm::Defense, Drm::Sapper, Drm::Bunker, Drm::Foxholes];
                            let before = a.modifiers.len();
                            a.modifiers.retain(|m| {
                                !secret
                                    .iter()
                                    .any(|d| m.label == d.label() && m.rule == d.rule())
                            });
                            if a.modifiers.len() != before {
                                let open_sum: i32 = a.modifiers.iter().map(|m| m.value).sum();
                                a.total = *roll as i32 + open_sum;
                                a.needed = Some(format!(
                                    "{rating} or less with the modifiers the Concealed target keeps hidden (Fire Rating {rating}{}; 1 always hits, 10 always misses)",
                                    primary_name(open)
                                ));
                            }
                        }
                        // 7.1: a 1 always hits, a 10 always misses,
                        // whatever the total shown.
                        a.result = crate::counters::judged(
                            *roll,
                            a.total,
                            *rating,
                            *hit,
                            ("hit", "hits"),
                            ("miss", "misses"),
                            "FTE 7.1",
                        );
                        adj.push(a);
                    }
                    if let (Some(r), Some(ef)) = (effect_roll, effect) {
                        let mut b = Adjudication::new(
                            format!("Target Effects Table, {}", weapon.name()),
                            "FTE 7.4",
                        );
                        b.rolled = vec![*r as i32];
                        b.total = *r as i32;
                        b.table = Some(TableCell {
                            table: "Target Effects Table".into(),
                            row: r.to_string(),
                            column: Some(weapon.name().into()),
                        });
                        b.result = ef.label().into();
                        adj.push(b);
                    }
                    let by = if firers.is_empty() {
                        String::new()
                    } else {
                        let names: Vec<String> =
                            firers.iter().map(|x| firer_name(*x, open)).collect();
                        format!(" by {}", names.join(", "))
                    };
                    (format!("{what}{by} at {tname}: {result}."), adj)
                };
                if !*target_concealed && marked.is_none() {
                    let (text, adj) = render(true, true);
                    return LogEntry::with_rolls(text, adj);
                }
                // Each side reads its own units by name and the enemy's
                // Concealed ones by marker (18.0): the target's owner its
                // target and all the modifiers, the firers' owner its
                // firers; the hand-over screen reads markers only.
                let target_side = match self.types.get(*target_ty as usize).map(|t| t.nation) {
                    Some(crate::data::Nation::Us) => Side::Us,
                    _ => Side::Nva,
                };
                let (text, adj) = render(true, true);
                let (public, open) = render(false, !*target_concealed);
                let mut entry = LogEntry::with_rolls(text, adj).private_with_rolls(
                    target_side.idx() as SideIdx,
                    public,
                    open,
                );
                if marked.is_some() {
                    let (t, r) = render(false, true);
                    entry = entry.read_as(target_side.idx() as SideIdx, t, r);
                }
                let (t, r) = render(true, !*target_concealed);
                entry.read_as(target_side.other().idx() as SideIdx, t, r)
            }
            other => n.misrouted(other),
        }
    }
}
