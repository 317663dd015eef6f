//! 1.2 and 2.0: reading the counters (ratings, reduced sides, troops,
//! weapon class) and the status markers whose DRMs add up (errata to 1.2);
//! the Troop Quality Check; Victory Point awards.

use crate::Fte;
use crate::data::{MoveClass, Nation, Role, StatusMarker, UnitType, VpEvent, Weapon};
use crate::describe::{Names, modifiers, total};
use crate::event::{CheckKind, Drm, Event, Mods};
use crate::geo::Hex;
use crate::state::{Side, State, Unit, UnitId, UnitStatus};
use vt_core::dice::Adjudication;
use vt_core::engine::{LogEntry, SideIdx};
use vt_core::sort::StableSort;

impl Fte {
    pub fn ty(&self, u: &Unit) -> &UnitType {
        &self.types[u.ty as usize]
    }

    pub fn type_index(&self, id: &str) -> Option<u16> {
        self.types.iter().position(|t| t.id == id).map(|i| i as u16)
    }

    pub fn class(&self, u: &Unit) -> MoveClass {
        self.ty(u).class
    }

    pub fn role(&self, u: &Unit) -> Role {
        self.ty(u).role
    }

    pub fn nation(&self, u: &Unit) -> Nation {
        self.ty(u).nation
    }

    pub fn is_infantry(&self, u: &Unit) -> bool {
        self.class(u) == MoveClass::Infantry
    }

    pub fn is_vehicle(&self, u: &Unit) -> bool {
        self.class(u) == MoveClass::Vehicle
    }

    pub fn is_heli(&self, u: &Unit) -> bool {
        self.class(u) == MoveClass::Helicopter
    }

    pub fn is_leader(&self, u: &Unit) -> bool {
        self.role(u) == Role::Leader
    }

    /// Dummies and Civilians: markers, not fighting men.
    pub fn is_marker_only(&self, u: &Unit) -> bool {
        matches!(self.role(u), Role::Dummy | Role::Civilians)
    }

    /// Current Fire Rating (the reduced side's when reduced); None: not a
    /// Combat Unit (2.0).
    pub fn fire_rating(&self, u: &Unit) -> Option<u8> {
        let t = self.ty(u);
        if u.reduced {
            t.reduced.as_ref().and_then(|r| r.fire)
        } else {
            t.fire
        }
    }

    pub fn weapon(&self, u: &Unit) -> Weapon {
        self.ty(u).weapon
    }

    pub fn troop_quality(&self, u: &Unit) -> u8 {
        let t = self.ty(u);
        match (&t.reduced, u.reduced) {
            (Some(r), true) => r.troop_quality,
            _ => t.troop_quality,
        }
    }

    /// Figures on the counter (6.9).
    pub fn troops(&self, u: &Unit) -> u8 {
        let t = self.ty(u);
        match (&t.reduced, u.reduced) {
            (Some(r), true) => r.troops,
            _ => t.troops,
        }
    }

    /// A Combat Unit that may fire (not a Sapper, which only assaults, 27.0).
    pub fn can_shoot(&self, u: &Unit) -> bool {
        self.fire_rating(u).is_some() && self.role(u) != Role::Sapper
    }

    /// The status markers on a unit and what they add to its fire
    /// (`fire`) or Troop Quality rolls. They are cumulative (errata, 1.2).
    pub fn status_mods(&self, s: &State, u: &Unit, fire: bool) -> Mods {
        let mut m = Mods::new();
        let mut add = |mk: StatusMarker, on: bool| {
            if on {
                let (f, q) = self.tables.marker(mk);
                let v = if fire { f } else { q };
                if v != 0 {
                    m.push((Drm::Status(mk), v as i8));
                }
            }
        };
        add(StatusMarker::Exhausted, u.exhausted);
        add(StatusMarker::LowAmmo, u.low_ammo);
        add(StatusMarker::Suppressed, u.suppressed);
        add(StatusMarker::Broken, u.broken);
        add(StatusMarker::Hero, u.hero);
        let kia = s
            .carried_by(u.id)
            .any(|c| c.kind == crate::state::CasualtyKind::Kia);
        add(StatusMarker::CarryingKia, kia && self.is_infantry(u));
        m
    }

    /// A Troop Quality Check (1.2): pass on a modified roll at or under the
    /// unit's Troop Quality; a 1 always passes and a 10 always fails.
    pub fn tq_check(
        &self,
        s: &mut State,
        unit: UnitId,
        kind: CheckKind,
        extra: Mods,
        ev: &mut Vec<Event>,
    ) -> bool {
        let u = s.unit(unit).clone();
        let mut mods = self.status_mods(s, &u, false);
        mods.extend(extra);
        let quality = self.troop_quality(&u);
        let roll = s.d10();
        let pass = judge(roll, &mods, quality);
        ev.push(Event::Check {
            unit,
            ty: u.ty,
            concealed: u.concealed,
            marked: s.marked(&[unit]),
            kind,
            quality,
            roll,
            mods,
            pass,
        });
        pass
    }

    /// Gives `side` the VP it scores for `event` (29.0); totals never fall
    /// below zero.
    pub fn award(&self, s: &mut State, side: Side, event: VpEvent, ev: &mut Vec<Event>) {
        let (us, nva) = self.tables.vp(event);
        let change = if side == Side::Us { us } else { nva };
        if change == 0 {
            return;
        }
        let i = side.idx();
        let before = s.vp[i];
        s.vp[i] = (before + change).max(0);
        ev.push(Event::Vp {
            side,
            event,
            change: s.vp[i] - before,
            total: s.vp[i],
        });
    }

    /// Scores `event` for `cause` against a unit of `victim`: nothing for
    /// casualties a side inflicts on itself.
    pub fn award_against(
        &self,
        s: &mut State,
        cause: Side,
        victim: Side,
        event: VpEvent,
        ev: &mut Vec<Event>,
    ) {
        if cause != victim {
            self.award(s, cause, event, ev);
        }
    }

    /// Units of `side` on the map in `hex`.
    pub fn friendly_at(&self, s: &State, side: Side, hex: Hex) -> Vec<UnitId> {
        s.units_at(hex)
            .filter(|u| u.side == side)
            .map(|u| u.id)
            .collect()
    }

    /// Enemy units (of `side`'s enemy) in the hex, civilians included.
    pub fn enemies_at(&self, s: &State, side: Side, hex: Hex) -> Vec<UnitId> {
        s.units_at(hex)
            .filter(|u| u.side != side)
            .map(|u| u.id)
            .collect()
    }

    pub fn alive(&self, s: &State, u: UnitId) -> bool {
        matches!(s.unit(u).status, UnitStatus::OnMap | UnitStatus::Loaded)
    }

    /// Puts a unit under a new Concealed marker (18.0).
    pub fn conceal(&self, s: &mut State, u: UnitId) {
        let m = fresh_marker(s);
        let unit = s.unit_mut(u);
        unit.concealed = true;
        unit.marker = m;
    }

    /// 3.0, 18.0: once a side has set up in secret, each of its Concealed
    /// markers on the map gets a new number, drawn at random, so the other
    /// side can follow no marker from where the scenario put its counter to
    /// where its owner re-placed it. The markers are taken in the order of
    /// their hexes (public), never in the order of the counters under them.
    pub(crate) fn renumber_markers(&self, s: &mut State, side: Side) {
        let mut mine: Vec<(crate::geo::Hex, UnitId)> = s
            .on_map()
            .filter(|u| u.side == side && u.concealed)
            .filter_map(|u| u.hex.map(|h| (h, u.id)))
            .collect();
        mine.stable_sort();
        for &(_, u) in &mine {
            s.unit_mut(u).marker = 0;
        }
        for (_, u) in mine {
            let m = fresh_marker(s);
            s.unit_mut(u).marker = m;
        }
    }
}

/// A Concealed marker number drawn at random from the game's generator
/// among those no other marker shows, so the number says nothing about the
/// counter under it (not the scenario's order, not the order in which a
/// Random Event places its pieces). Numbers run 1-99 (1-999 once half of
/// those are taken). 0 is no number.
fn fresh_marker(s: &mut State) -> u16 {
    let taken: Vec<u16> = s
        .units
        .iter()
        .filter(|u| u.concealed && u.marker != 0)
        .map(|u| u.marker)
        .collect();
    let top = match taken.len() {
        0..50 => 99,
        50..500 => 999,
        _ => u16::MAX as u32 - 1,
    };
    loop {
        let m = s.rng.below(top) as u16 + 1;
        if !taken.contains(&m) {
            return m;
        }
    }
}

/// Modified roll against a target number: 1 always passes, 10 always fails.
pub fn judge(roll: u8, mods: &Mods, target: u8) -> bool {
    if roll == 1 {
        return true;
    }
    if roll >= 10 {
        return false;
    }
    let total = roll as i32 + mods.iter().map(|(_, v)| *v as i32).sum::<i32>();
    total <= target as i32
}

/// The words of a result judged as [`judge`] does: `pass` and `fail` are
/// the result (`("hit", "hits")`, `("miss", "misses")`). Where a natural 1
/// or 10 decided against what the shown `total` says next to `target`
/// (a 1 with modifiers that push it over, a 10 with modifiers that bring it
/// under), the result names the rule of `rule` that decided it, or a hit
/// would read as a miss.
pub(crate) fn judged(
    roll: u8,
    total: i32,
    target: u8,
    passed: bool,
    pass: (&str, &str),
    fail: (&str, &str),
    rule: &str,
) -> String {
    let by_numbers = total <= target as i32;
    // Only the natural rolls: a result that differs from the shown numbers
    // for another reason (a Concealed target's hidden modifiers, 18.0) is
    // explained by the number needed, not here.
    match (passed, by_numbers, roll) {
        (true, false, 1) => format!("{}: a roll of 1 always {} ({rule})", pass.0, pass.1),
        (false, true, 10) => format!("{}: a roll of 10 always {} ({rule})", fail.0, fail.1),
        (true, ..) => pass.0.to_string(),
        (false, ..) => fail.0.to_string(),
    }
}

pub fn mod_sum(mods: &Mods) -> i32 {
    mods.iter().map(|(_, v)| *v as i32).sum()
}

impl Fte {
    /// Adds a new counter (a Medevac Slick, Cobras, VC event units) off the
    /// map; the caller places it.
    pub fn spawn(&self, s: &mut State, ty: &str, side: Side) -> Option<UnitId> {
        let t = self.type_index(ty)?;
        let id = s.units.len() as UnitId;
        let heli = self.types[t as usize].class == MoveClass::Helicopter;
        let altitude = if heli {
            crate::state::Altitude::Treetop
        } else {
            crate::state::Altitude::Ground
        };
        s.units
            .push(Unit::fresh(id, t, side, UnitStatus::Waiting, altitude));
        Some(id)
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_counters(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::Check {
                unit,
                ty,
                concealed,
                kind,
                quality,
                roll,
                mods,
                pass,
                marked,
            } => {
                let (purpose, rule) = kind.name();
                // The owner reads which unit it was; the other side only
                // the marker and whether the check passed.
                let marker = marked.as_ref().and_then(|m| m.marker(*unit));
                let who = match marker {
                    Some(n) => format!("{} (Concealed marker {n})", self.who(*unit, *ty)),
                    None if *concealed => format!("Concealed unit #{unit}"),
                    None => self.who(*unit, *ty),
                };
                let mut a = Adjudication::new(format!("{purpose} for {who}"), rule);
                // The checking unit's roll: low passes.
                if let Some(side) = self.side_of_type(*ty) {
                    a = a.rolled_by(side, true);
                }
                a.rolled = vec![*roll as i32];
                a.modifiers = modifiers(mods);
                a.total = total(*roll, mods);
                a.needed = Some(format!(
                    "{quality} or less (Troop Quality; 1 always passes, 10 always fails)"
                ));
                // 1.2: a 1 always passes, a 10 always fails; the
                // Concealment check repeats it (18.2).
                let natural = match kind {
                    CheckKind::Concealment => "FTE 18.2",
                    _ => "FTE 1.2",
                };
                a.result = judged(
                    *roll,
                    a.total,
                    *quality,
                    *pass,
                    ("passed", "passes"),
                    ("failed", "fails"),
                    natural,
                );
                let result = if *pass { "passed" } else { "failed" };
                let entry =
                    LogEntry::with_rolls(format!("{purpose} for {who}: {result}."), vec![a]);
                match (marked, marker) {
                    (Some(m), Some(n)) => entry.private_to(
                        m.side.idx() as SideIdx,
                        format!("{purpose} for Concealed marker {n}: {result}."),
                    ),
                    _ => entry,
                }
            }
            other => n.misrouted(other),
        }
    }
}
