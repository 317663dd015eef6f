//! B3 Combat, B9 Pinning, S2 (results apply to every unit of a stack),
//! A1 (fire or move, never both), O1 (strengthened defence): who may fire,
//! at what, and how any attack of the game is resolved (ground fire, fire
//! at helicopters, fields of fire, artillery, air strikes, traps, ambushes
//! all come through [`Grunt::resolve`]).

use crate::Grunt;
use crate::data::{CrtResult, Level, Optional, Role};
use crate::event::{Attack, AttackKind, Effect, Event, Hit, RevealHow, Shown, Term};
use crate::line_of_sight::Sight;
use crate::map::NOWHERE;
use crate::map::{Hex, distance};
use crate::odds;
use crate::state::{CounterId, Reader, Side, State, Status};
use crate::step::{Ctx, Step};
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::sort::StableSort;

/// An attack about to be resolved.
#[derive(Clone, Debug)]
pub struct AttackSpec {
    pub kind: AttackKind,
    pub side: Side,
    pub firers: Vec<CounterId>,
    pub hidden_firers: bool,
    pub hex: Hex,
    pub attack: Vec<Term>,
    /// The counters subjected to it.
    pub targets: Vec<CounterId>,
    /// Helicopters defend at ½ whatever the terrain (B5).
    pub helicopter: bool,
    /// A fixed column (booby traps fire at 3 to 1 regardless of terrain).
    pub column: Option<usize>,
    pub modifier: i8,
    /// Booby traps never pin (S6).
    pub pins: bool,
    /// An air strike destroys materiel on a kill (O9.3).
    pub materiel: bool,
}

impl AttackSpec {
    pub fn new(kind: AttackKind, side: Side, hex: Hex) -> AttackSpec {
        AttackSpec {
            kind,
            side,
            firers: Vec::new(),
            hidden_firers: false,
            hex,
            attack: Vec::new(),
            targets: Vec::new(),
            helicopter: false,
            column: None,
            modifier: 0,
            pins: true,
            materiel: false,
        }
    }
}

impl Grunt {
    /// May this unit fire now (B3, B5, B9, A1, B3.5, S6, O2a, O3a)? The
    /// reason if not.
    pub fn can_fire(&self, s: &State, id: CounterId, units: u8) -> Checked {
        let c = s.c(id);
        let pt = s.pt();
        ensure(c.on_map(), "B3", "The unit is not on the map.")?;
        ensure(
            self.attack(c.role) > 0,
            "B3",
            "This counter has no Attack Strength.",
        )?;
        ensure(!c.pinned(), "B9", "Pinned units may not fire.")?;
        ensure(
            c.arrived != pt,
            "B5",
            "Units may not fire in the Player Turn they land.",
        )?;
        ensure(
            c.carrying.is_none(),
            "B3.5",
            "Units carrying caches may not fire.",
        )?;
        if c.side == Side::Us && s.standard() {
            let trap = s
                .at(c.hex.unwrap_or(NOWHERE))
                .any(|x| x.role == Role::BoobyTrap && !x.face_down);
            ensure(!trap, "S6", "Units may not fire while on a booby trap.")?;
        }
        if s.standard() && c.moved == pt {
            let mf = s.has(Optional::MoveAndFire)
                && s.mp_left(id, self.ma()) >= self.tables.move_and_fire.value;
            ensure(
                mf,
                "A1",
                if s.has(Optional::MoveAndFire) {
                    "A unit that moved may fire only with three Movement Points left (O2a)."
                } else {
                    "Units may fire or move in a Player Turn, never both."
                },
            )?;
        }
        let per_phase = self.tables.ammunition.per_phase.value;
        ensure(units >= 1, "B3", "At least one unit of fire.")?;
        if units > 1 || (c.fired == pt && c.fire_used > 0) {
            ensure(
                s.has(Optional::MoveAndFire) || s.has(Optional::Ammunition),
                "B3",
                "A unit fires once per Combat Phase.",
            )?;
        }
        let used = if c.fired == pt { c.fire_used } else { 0 };
        ensure_with(used + units <= per_phase, "O2b", || {
            format!("At most {per_phase} units of fire a Combat Phase.")
        })?;
        if c.fired == pt && used > 0 {
            ensure(
                s.has(Optional::MoveAndFire),
                "B3",
                "No unit may fire more than once per Combat Phase.",
            )?;
        }
        if s.has(Optional::Ammunition) {
            ensure_with(c.ammo >= units, "O3a", || {
                if c.ammo == 0 {
                    "Out of ammunition.".to_string()
                } else {
                    format!("Only {} units of fire left.", c.ammo)
                }
            })?;
        }
        Ok(())
    }

    /// The counters in `hex` an attack by `side` would be subjected to
    /// (S2: results apply to all units in the hex): people of the other
    /// side and civilians, face up or down, and the other side's dummies
    /// and ambush markers (a dummy hit shows it is nothing, A6); with
    /// `once`, not those already attacked this Player Turn (B3).
    pub fn subjects(&self, s: &State, side: Side, hex: Hex, once: bool) -> Vec<CounterId> {
        let pt = s.pt();
        s.at(hex)
            .filter(|c| {
                let person = c.role.is_person() && (c.side != side || c.role == Role::Peasants);
                let decoy = matches!(c.role, Role::Dummy | Role::Ambush) && c.side != side;
                person || decoy
            })
            .filter(|c| !once || c.attacked != pt)
            .map(|c| c.id)
            .collect()
    }

    /// Everyone in the hex, friend and foe (artillery, O7.2), with the NLF's
    /// dummies and ambush markers.
    pub fn everyone(&self, s: &State, hex: Hex) -> Vec<CounterId> {
        s.at(hex)
            .filter(|c| c.role.is_person() || matches!(c.role, Role::Dummy | Role::Ambush))
            .map(|c| c.id)
            .collect()
    }

    /// May `side` direct fire at `hex` (B3: only face-up units; A6: people
    /// the US has been told of; B8: not a hex probed this turn; B6: not an
    /// NLF unit revealed this Movement Phase)?
    pub fn check_target(&self, s: &State, side: Side, hex: Hex) -> Checked {
        let pt = s.pt();
        ensure(
            self.map_of(s).contains(hex),
            "B3",
            "That hex is not on the map.",
        )?;
        if side == Side::Us {
            ensure(
                !s.probed.contains(&hex),
                "B8",
                "US units may not fire into a hex probed this Player Turn.",
            )?;
        }
        let mut any = false;
        let mut fresh = false;
        for c in s.at(hex) {
            if !c.role.is_person() || c.attacked == pt {
                continue;
            }
            // Civilians are a target only under A6, a Standard-game
            // addition: the Basic Game fires "at enemy units" (B3).
            let enemy = if c.role == Role::Peasants {
                side == Side::Us && s.level == Level::Standard
            } else {
                c.side != side
            };
            if !enemy {
                continue;
            }
            let visible = !c.face_down || (side == Side::Us && c.people_known);
            if !visible {
                continue;
            }
            if s.solitaire() && side == Side::Us && c.revealed == pt && c.side == Side::Nlf {
                fresh = true;
                continue;
            }
            any = true;
        }
        if !any && fresh {
            return refuse(
                "B6",
                "US units may not fire at NLF units in the Combat Phase after they were turned face up.",
            );
        }
        ensure(
            any,
            "B3",
            "Only face-up enemy units not yet attacked this Player Turn may be fired upon.",
        )
    }

    /// Every term of the defence of `hex` for these targets (B3, B5, O1).
    pub fn defence(
        &self,
        s: &State,
        hex: Hex,
        targets: &[CounterId],
        helicopter: bool,
    ) -> Vec<Term> {
        let mut v = Vec::new();
        if helicopter {
            v.push(Term {
                label: "helicopter".into(),
                halves: self.tables.helicopter_defence.value.halves(),
                rule: "B5".into(),
            });
            return v;
        }
        let t = self.map_of(s).terrain(hex);
        let row = self.tables.terrain(t);
        v.push(Term {
            label: if t == crate::data::Terrain::Road {
                "road (defends as broken)".into()
            } else {
                t.name().to_lowercase()
            },
            halves: row.defence.value.halves(),
            rule: "B3".into(),
        });
        if s.has(Optional::StrengthenedDefense)
            && !targets.is_empty()
            && targets.iter().all(|&id| self.stationary(s, id))
        {
            v.push(Term {
                label: "stationary for a Player Turn: doubled".into(),
                halves: row.defence.value.halves(),
                rule: "O1".into(),
            });
        }
        v
    }

    /// O1: stayed put through its own last Player Turn (pinned or not).
    /// Counters placed at set-up count as having stayed put.
    pub fn stationary(&self, s: &State, id: CounterId) -> bool {
        let c = s.c(id);
        let pt = s.pt();
        let last_own = if s.active == c.side {
            pt
        } else {
            pt.saturating_sub(1)
        };
        c.moved != last_own && (c.arrived != last_own || last_own == 0) && c.arrived <= last_own
    }

    /// Resolves an attack: the odds, the die, the result on every target.
    pub fn resolve(&self, s: &mut State, spec: AttackSpec, ev: &mut Vec<Event>) -> CrtResult {
        let pt = s.pt();
        let attack_total: u16 = spec.attack.iter().map(|t| t.halves).sum();
        let targets: Vec<CounterId> = spec
            .targets
            .iter()
            .copied()
            .filter(|&id| s.c(id).at(spec.hex) || s.c(id).status == Status::Waiting)
            .collect();
        let defence = self.defence(s, spec.hex, &targets, spec.helicopter);
        let defence_total: u16 = defence.iter().map(|t| t.halves).sum();
        let columns = &self.tables.columns.value;
        let column = spec
            .column
            .or_else(|| odds::column(columns, attack_total, defence_total));
        let casualty_table = s.has(Optional::CasualtyCrt);
        let unnamed = spec.side == Side::Us
            && targets.iter().any(|&id| s.c(id).face_down)
            && !targets.iter().any(|&id| !s.c(id).face_down);
        let Some(col) = column else {
            ev.push(Event::Attack(Box::new(Attack {
                kind: spec.kind,
                side: spec.side,
                firers: spec.firers,
                hidden_firers: spec.hidden_firers,
                hex: spec.hex,
                attack: spec.attack,
                defence,
                attack_total,
                defence_total,
                column: None,
                column_label: odds::ratio_text(attack_total, defence_total),
                die: 0,
                modifier: 0,
                result: CrtResult::NE,
                casualty_table,
                effects: Vec::new(),
                unnamed_targets: unnamed,
            })));
            return CrtResult::NE;
        };
        let die = s.rng.die(6);
        let result = self
            .tables
            .cell(casualty_table, col, die as i32 + spec.modifier as i32);
        for &id in &targets {
            s.cm(id).attacked = pt;
        }
        let mut effects = Vec::new();
        for &id in &targets {
            effects.push(self.hit(s, &spec, id, result, ev));
        }
        if spec.materiel && result.kills() {
            let materiel: Vec<CounterId> = s
                .at(spec.hex)
                .filter(|c| c.role.is_materiel())
                .map(|c| c.id)
                .collect();
            for id in materiel {
                effects.push(self.destroy_materiel(s, id, ev));
            }
        }
        // Face-down counters that were hit show what they are.
        let shown: Vec<Shown> = effects
            .iter()
            .filter(|e| e.marker.is_some() && e.hit != Hit::Nothing && e.hit != Hit::Removed)
            .map(|e| Shown {
                counter: e.counter,
                role: e.role,
                marker: e.marker.unwrap_or_default(),
            })
            .collect();
        for sh in &shown {
            let c = s.cm(sh.counter);
            c.face_down = false;
            c.revealed = pt;
        }
        ev.push(Event::Attack(Box::new(Attack {
            kind: spec.kind,
            side: spec.side,
            firers: spec.firers.clone(),
            hidden_firers: spec.hidden_firers,
            hex: spec.hex,
            attack: spec.attack.clone(),
            defence,
            attack_total,
            defence_total,
            column: Some(col),
            column_label: columns[col].label.clone(),
            die,
            modifier: spec.modifier,
            result,
            casualty_table,
            effects,
            unnamed_targets: unnamed,
        })));
        if !shown.is_empty() {
            ev.push(Event::Revealed {
                hex: spec.hex,
                how: RevealHow::Hit,
                shown,
            });
        }
        self.engagement(s, &spec);
        result
    }

    /// The result on one counter.
    fn hit(
        &self,
        s: &mut State,
        spec: &AttackSpec,
        id: CounterId,
        result: CrtResult,
        ev: &mut Vec<Event>,
    ) -> Effect {
        let c = s.c(id).clone();
        let marker = c.face_down.then_some(c.marker);
        let civilians = c.role == Role::Peasants;
        let to = if civilians {
            spec.side.other()
        } else {
            c.side.other()
        };
        let mut e = Effect {
            counter: id,
            role: c.role,
            side: c.side,
            marker,
            hit: Hit::Nothing,
            pinned: false,
            points: 0,
            to,
            pending: false,
            sniper: false,
            dropped: None,
        };
        // B3.5: a unit carrying a cache drops it when fired upon.
        if let Some(cache) = c.carrying
            && s.c(cache).role.is_cache()
        {
            self.drop_carried(s, id, ev);
            e.dropped = Some(cache);
        }
        // A3: porters are removed as soon as the Americans fire at them.
        if c.role == Role::Porter && spec.side == Side::Us {
            self.remove(s, id, crate::state::Gone::Destroyed, ev);
            e.hit = Hit::Destroyed;
            e.points = self.tables.points.porter_destroyed.value;
            e.to = Side::Us;
            self.score(s, &mut e, "porters shot", "A3");
            return e;
        }
        if matches!(c.role, Role::Dummy | Role::Ambush) {
            if result != CrtResult::NE {
                self.remove(s, id, crate::state::Gone::Removed, ev);
                e.hit = Hit::Removed;
            }
            return e;
        }
        match result {
            CrtResult::NE => {}
            CrtResult::P => {
                if spec.pins {
                    self.pin(s, id, 1);
                    e.hit = Hit::Pinned;
                    e.pinned = true;
                }
            }
            CrtResult::W(n) => {
                e.hit = Hit::Wounded;
                if spec.pins {
                    self.pin(s, id, 1);
                    e.pinned = true;
                }
                e.points = n as i32;
            }
            CrtResult::K(n) => {
                self.remove(s, id, crate::state::Gone::Killed, ev);
                e.hit = Hit::Killed;
                e.points = n as i32;
            }
            CrtResult::C(k, w) => {
                let (hit, points, pinned, pending) =
                    self.take_casualties(s, id, k, w, spec.pins, ev);
                e.hit = hit;
                e.points = points;
                e.pinned = pinned;
                e.pending = pending;
            }
        }
        // B3: a sniper hit for points is destroyed as well.
        if c.role == Role::Sniper && result.scores() && s.c(id).in_play() {
            self.remove(s, id, crate::state::Gone::Killed, ev);
            e.sniper = true;
        }
        if e.points != 0 {
            let (why, rule) = match (civilians, spec.kind) {
                (true, _) => ("civilians hit", "A6"),
                (_, AttackKind::BoobyTrap) => ("booby trap", "S6"),
                (_, AttackKind::ProbedTrap) => ("booby trap", "B8"),
                _ => ("fire", "B3"),
            };
            self.score(s, &mut e, why, rule);
        }
        e
    }

    /// Books the points of an effect (casualty points under a secret
    /// schedule are read only by the US until the end, C0; body count
    /// keeps NLF casualty points pending, O11: on the casualty counters with
    /// the Casualty CRT, on the hex with the Points CRT).
    fn score(&self, s: &mut State, e: &mut Effect, why: &str, rule: &str) {
        if e.pending {
            return;
        }
        let pending = e.side == Side::Nlf
            && e.role != Role::Peasants
            && e.to == Side::Us
            && self.body_count(s);
        let reader = if e.side == Side::Us && e.to == Side::Nlf && s.chain_of_command {
            self.casualty_reader(s)
        } else {
            Reader::Both
        };
        let hex = s.c(e.counter).hex;
        let what = format!("{why}: {}", self.ty(e.role).name);
        s.award(e.to, e.points, what, rule, reader);
        if pending {
            if let Some(a) = s.ledger.last_mut() {
                a.pending = hex;
            }
            e.pending = hex.is_some();
        }
    }

    /// Takes a counter out of play, dropping what it carried.
    pub(crate) fn remove(
        &self,
        s: &mut State,
        id: CounterId,
        why: crate::state::Gone,
        ev: &mut Vec<Event>,
    ) {
        if s.c(id).carrying.is_some() {
            self.drop_carried(s, id, ev);
        }
        let c = s.cm(id);
        c.status = Status::Gone;
        c.gone = Some(why);
        c.work = None;
        c.pinned_through = None;
        let hex = c.hex;
        // Casualty counters stay where the unit fell (O4).
        for x in s.casualties.iter_mut().filter(|x| x.with == Some(id)) {
            x.with = None;
            x.hex = hex;
        }
    }

    /// B9: pinned through the end of its next own Player Turn, or `turns`
    /// of its own Player Turns (O4a).
    pub(crate) fn pin(&self, s: &mut State, id: CounterId, turns: u8) {
        let side = s.c(id).side;
        let until = s.next_own_pt(side) + 2 * (turns.max(1) as u16 - 1);
        let c = s.cm(id);
        if !c.in_play() {
            return;
        }
        c.pinned_through = Some(c.pinned_through.map_or(until, |p| p.max(until)));
        c.work = None;
    }

    /// C3: the Eagle Flight Ranger is engaged once it fires or is fired on.
    fn engagement(&self, s: &mut State, spec: &AttackSpec) {
        if s.engaged || s.order != Some(crate::data::OrderId::EagleFlight) {
            return;
        }
        let rangers = |id: &CounterId| s.c(*id).role == Role::Ranger;
        if spec.firers.iter().any(rangers) || spec.targets.iter().any(rangers) {
            s.engaged = true;
        }
    }

    // --- the Fire command (B3, O2b, O3a) ---

    pub(crate) fn check_fire(
        &self,
        s: &State,
        ctx: &mut Ctx,
        firers: &[(CounterId, u8)],
        hex: Hex,
    ) -> Checked {
        let Step::Combat { side } = *s.step() else {
            return refuse("B1", "Units fire in their own Combat Phase.");
        };
        ensure(!firers.is_empty(), "B3", "Name the units that fire.")?;
        for (i, (id, _)) in firers.iter().enumerate() {
            ensure((*id as usize) < s.counters.len(), "B3", "No such unit.")?;
            ensure(
                !firers[..i].iter().any(|(x, _)| x == id),
                "B3",
                "A unit is named twice.",
            )?;
            ensure(
                s.c(*id).side == side,
                "B3",
                "Only the active side's units fire.",
            )?;
        }
        self.check_target(s, side, hex)?;
        let blockers = ctx.blockers(self, s);
        for &(id, units) in firers {
            self.can_fire(s, id, units)?;
            let c = s.c(id);
            let from = c.hex.unwrap_or(NOWHERE);
            ensure(from != hex, "B3", "A unit does not fire into its own hex.")?;
            if let Err(b) = self.line(s, blockers, from, hex, Sight::Fire) {
                return refuse(b.rule(), format!("{}: {}", self.who(s, id), b.words()));
            }
            if c.fired == s.pt()
                && let Some(first) = c.first_target
            {
                let d = self.tables.ammunition.split_distance.value;
                ensure_with(distance(first, hex) <= d, "O2b", || {
                    format!("The second target must lie within {d} hexes of the first ({first}).")
                })?;
            }
        }
        let attack = self.fire_terms(s, firers);
        let total: u16 = attack.iter().map(|t| t.halves).sum();
        let targets = self.subjects(s, side, hex, true);
        let defence: u16 = self
            .defence(s, hex, &targets, false)
            .iter()
            .map(|t| t.halves)
            .sum();
        ensure_with(
            odds::column(&self.tables.columns.value, total, defence).is_some(),
            "B3",
            || {
                format!(
                    "At {} the fire cannot affect the target (the table starts at {}).",
                    odds::ratio_text(total, defence),
                    self.tables.columns.value[0].label
                )
            },
        )
    }

    /// Each firer's strength, doubled for two units of fire (O2b, O3a).
    pub fn fire_terms(&self, s: &State, firers: &[(CounterId, u8)]) -> Vec<Term> {
        firers
            .iter()
            .map(|&(id, units)| Term {
                label: if units > 1 {
                    format!("{}, two units of fire", self.who(s, id))
                } else {
                    self.who(s, id)
                },
                halves: self.attack(s.c(id).role) * units.max(1) as u16,
                rule: if units > 1 { "O3a".into() } else { "B3".into() },
            })
            .collect()
    }

    pub(crate) fn execute_fire(
        &self,
        s: &mut State,
        firers: &[(CounterId, u8)],
        hex: Hex,
        kind: AttackKind,
        ev: &mut Vec<Event>,
    ) {
        let Step::Combat { side } = *s.step() else {
            return;
        };
        let pt = s.pt();
        let attack = self.fire_terms(s, firers);
        let mut shown = Vec::new();
        for &(id, units) in firers {
            let c = s.cm(id);
            if c.fired != pt {
                c.fire_used = 0;
                c.first_target = Some(hex);
            }
            c.fired = pt;
            c.fire_used += units;
            if c.work.take().is_some() {
                // Firing ends the sitting on a cache (B3.5).
            }
            if s.has(Optional::Ammunition) {
                let c = s.cm(id);
                c.ammo = c.ammo.saturating_sub(units);
            }
            let c = s.cm(id);
            if c.face_down {
                c.face_down = false;
                c.revealed = pt;
                shown.push(Shown {
                    counter: id,
                    role: c.role,
                    marker: c.marker,
                });
            }
        }
        if !shown.is_empty() {
            let at = s.c(shown[0].counter).hex.unwrap_or(NOWHERE);
            ev.push(Event::Revealed {
                hex: at,
                how: RevealHow::Fired,
                shown,
            });
        }
        let mut spec = AttackSpec::new(kind, side, hex);
        spec.firers = firers.iter().map(|f| f.0).collect();
        spec.attack = attack;
        spec.targets = self.subjects(s, side, hex, true);
        self.resolve(s, spec, ev);
        if s.has(Optional::FieldsOfFire) {
            for &(id, units) in firers {
                self.field_of_fire(s, id, hex, units, ev);
            }
        }
    }
}

/// A fire attack before it is made, for the screen: every term of the
/// attack and of the defence with its section, the odds, the column they
/// are read on (rounded in the defender's favour, B3) and what each roll
/// of the die would give there.
#[derive(Clone, Debug, PartialEq)]
pub struct FirePreview {
    pub attack: Vec<Term>,
    pub defence: Vec<Term>,
    /// Totals in half points.
    pub attack_total: u16,
    pub defence_total: u16,
    /// "11 to 3".
    pub ratio: String,
    /// The column index and its label ("3-1"); `None` below the first.
    pub column: Option<usize>,
    pub column_label: String,
    /// The Casualty CRT (O4) instead of the Points CRT.
    pub casualty_table: bool,
    /// The result of each die roll 1-6 on that column.
    pub results: Vec<CrtResult>,
}

impl Grunt {
    /// What `firers` firing at `hex` now would be (the Fire command's own
    /// check first: a refusal names its rule). The defence is what the
    /// firing side may know: the terrain of the hex and, with O1, whether
    /// the counters there stayed put (which it saw).
    pub fn fire_preview(
        &self,
        s: &State,
        firers: &[(CounterId, u8)],
        hex: Hex,
    ) -> Result<FirePreview, vt_core::engine::RuleError> {
        let c = crate::Command::Fire {
            firers: firers.to_vec(),
            hex,
        };
        vt_core::engine::Ruleset::check(self, s, &c)?;
        let Step::Combat { side } = *s.step() else {
            return Err(vt_core::engine::RuleError::new("B1", "Not a Combat Phase."));
        };
        let attack = self.fire_terms(s, firers);
        let attack_total: u16 = attack.iter().map(|t| t.halves).sum();
        let targets = self.subjects(s, side, hex, true);
        let defence = self.defence(s, hex, &targets, false);
        let defence_total: u16 = defence.iter().map(|t| t.halves).sum();
        let columns = &self.tables.columns.value;
        let column = odds::column(columns, attack_total, defence_total);
        let casualty_table = s.has(Optional::CasualtyCrt);
        let results = match column {
            Some(col) => (1..=6)
                .map(|d| self.tables.cell(casualty_table, col, d))
                .collect(),
            None => Vec::new(),
        };
        Ok(FirePreview {
            ratio: odds::ratio_text(attack_total, defence_total),
            column_label: column.map(|c| columns[c].label.clone()).unwrap_or_default(),
            attack,
            defence,
            attack_total,
            defence_total,
            column,
            casualty_table,
            results,
        })
    }
}

impl Grunt {
    /// Each eligible firer alone at each target it can reach, and all of
    /// them together (the game's convention for combined fire, B3).
    pub(crate) fn fire_candidates(
        &self,
        s: &State,
        side: Side,
        ctx: &mut Ctx,
    ) -> Vec<crate::Command> {
        use crate::Command;
        let mut hexes: Vec<Hex> = s
            .on_map()
            .filter(|c| c.role.is_person() && (c.side != side || c.role == Role::Peasants))
            .filter_map(|c| c.hex)
            .collect();
        hexes.stable_sort();
        hexes.dedup();
        hexes.retain(|h| self.check_target(s, side, *h).is_ok());
        if hexes.is_empty() {
            return Vec::new();
        }
        let double = s.has(Optional::MoveAndFire) || s.has(Optional::Ammunition);
        let firers: Vec<(CounterId, Hex)> = s
            .on_map()
            .filter(|c| c.side == side && self.can_fire(s, c.id, 1).is_ok())
            .filter_map(|c| c.hex.map(|h| (c.id, h)))
            .collect();
        let blockers = ctx.blockers(self, s);
        let mut v = Vec::new();
        for t in hexes {
            let able: Vec<CounterId> = firers
                .iter()
                .filter(|(_, from)| {
                    *from != t && self.line(s, blockers, *from, t, Sight::Fire).is_ok()
                })
                .map(|(id, _)| *id)
                .collect();
            for &id in &able {
                v.push(Command::Fire {
                    firers: vec![(id, 1)],
                    hex: t,
                });
                if double {
                    v.push(Command::Fire {
                        firers: vec![(id, 2)],
                        hex: t,
                    });
                }
            }
            if able.len() > 1 {
                v.push(Command::Fire {
                    firers: able.iter().map(|id| (*id, 1)).collect(),
                    hex: t,
                });
            }
        }
        v
    }
}
