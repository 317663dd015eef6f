//! 7.3 Line of Sight: blocking terrain, hexside traces, rice paddies, slopes,
//! helicopters at altitude, and friendly units that block fire.

use crate::Fte;
use crate::data::Terrain;
use crate::geo::{Hex, HexExt};
use crate::map::Map;
use crate::state::{Altitude, Side, State, UnitStatus};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use vt_core::hex::{Hex as Axial, Step, distance, steps};

/// Why a line of sight is blocked, for the LoS tool and the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Blocked {
    Terrain(Hex),
    /// Along a hexside with Blocking Terrain on both sides.
    Hexside(Hex, Hex),
    RicePaddies,
    /// A Slope higher than both ends.
    UpSlope(Hex, Hex),
    /// A Slope at the higher unit's level that is not on its own hexside.
    Crest(Hex, Hex),
    FriendlyUnits(Hex),
    OffMap(Hex),
}

impl Blocked {
    pub fn describe(&self) -> String {
        match self {
            Blocked::Terrain(h) => format!("Blocking Terrain in {h} (7.3.1)"),
            Blocked::Hexside(a, b) => {
                format!("along the hexside of {a} and {b}, both Blocking Terrain (7.3.1)")
            }
            Blocked::RicePaddies => "three or more Rice Paddy hexes (7.3.1)".into(),
            Blocked::UpSlope(a, b) => {
                format!("the Slope between {a} and {b} is higher than both units (7.3.1)")
            }
            Blocked::Crest(a, b) => format!(
                "the Slope between {a} and {b} is at the higher unit's level but not on its hexside (7.3.1)"
            ),
            Blocked::FriendlyUnits(h) => format!("friendly units in {h} block the fire (7.3.2)"),
            Blocked::OffMap(h) => format!("{h} is not in play (1.2)"),
        }
    }
}

/// The hexes holding units of one side that block that side's fire
/// (7.3.2), by grid index: built once for a list of fire checks
/// ([`Fte::fire_blockers`]) instead of scanning every unit at each hex a
/// line passes.
#[derive(Clone, Debug)]
pub(crate) struct Blockers {
    pub(crate) side: Side,
    bits: Vec<u64>,
    /// Units off the map's grid (none in a game from the scenario files).
    off_grid: Vec<Hex>,
}

impl Blockers {
    fn at(&self, map: &Map, h: Hex) -> bool {
        match map.index(h) {
            Some(i) => self
                .bits
                .get(i / 64)
                .is_some_and(|w| w & (1 << (i % 64)) != 0),
            None => self.off_grid.contains(&h),
        }
    }
}

/// Where a unit looks from or is looked at: its hex and, for a helicopter,
/// its altitude.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eye {
    pub hex: Hex,
    pub alt: Altitude,
}

impl Eye {
    pub fn ground(hex: Hex) -> Eye {
        Eye {
            hex,
            alt: Altitude::Ground,
        }
    }
}

/// A hexside the line crosses from one set of hexes into the next: a
/// Slope counts only if every way across is a Slope (a run along a hexside
/// may be read on either side, 7.3.1).
///
/// Each side holds one hex or the two beside a run: kept inline (`n*` of
/// the two used) so that tracing a line allocates nothing per crossing —
/// three allocations per crossing were half of a trace's cost.
struct Crossing {
    from: [Hex; 2],
    nfrom: usize,
    to: [Hex; 2],
    nto: usize,
}

impl Crossing {
    fn one_to_one(from: Hex, to: Hex) -> Crossing {
        Crossing {
            from: [from, from],
            nfrom: 1,
            to: [to, to],
            nto: 1,
        }
    }
}

/// Where friendly units could still block a ground line of sight (7.3.2)
/// before the terrain does: a hex the line passes through, or the two
/// hexes of a hexside it runs along.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Probe {
    Hex(Hex),
    Along(Hex, Hex),
}

/// The terrain's answer for a ground line of sight between two hexes, and
/// the places before any terrain block where units could block it. The
/// map does not change in a game, so [`Map`] keeps one per pair of hexes
/// ([`Map::los_trace`]).
#[derive(Clone, Debug)]
pub(crate) struct Trace {
    probes: Box<[Probe]>,
    terrain: Result<(), Blocked>,
}

impl Trace {
    /// The line under 7.3 with `blocks(hex)` saying where friendly units
    /// block fire: the first unit block along the line, else the
    /// terrain's answer (the same as tracing it with the units).
    fn with_units(
        &self,
        rules: &Fte,
        map: &Map,
        blocks: Option<&dyn Fn(Hex) -> bool>,
    ) -> Result<(), Blocked> {
        if let Some(blocks) = blocks {
            for p in self.probes.iter() {
                match *p {
                    // The terrain here does not block (the trace went on).
                    Probe::Hex(h) => {
                        if blocks(h) {
                            return Err(Blocked::FriendlyUnits(h));
                        }
                    }
                    Probe::Along(l, r) => {
                        let bl = terrain_blocks(rules, map, l) || blocks(l);
                        let br = terrain_blocks(rules, map, r) || blocks(r);
                        if bl && br {
                            return Err(Blocked::Hexside(l.min(r), l.max(r)));
                        }
                    }
                }
            }
        }
        self.terrain.clone()
    }
}

/// What the terrain table says about line of sight, as one number: the
/// cache of a map serves one such table.
pub(crate) fn los_key(rules: &Fte) -> u64 {
    let mut k = rules.tables.rice_paddies_block.value as u64;
    for (i, t) in [
        Terrain::Clear,
        Terrain::Hamlet,
        Terrain::Grass,
        Terrain::RicePaddy,
        Terrain::Jungle,
    ]
    .into_iter()
    .enumerate()
    {
        k |= (rules.tables.terrain(t).blocking.value as u64) << (8 + i);
    }
    k
}

/// The line of sight between two points under 7.3, traced exactly by
/// [`vt_core::hex::steps`], with `blocks(hex)` saying where friendly units
/// block fire (7.3.2). `Ok(())` when clear.
pub fn los(
    rules: &Fte,
    map: &Map,
    a: Eye,
    b: Eye,
    blocks: &dyn Fn(Hex) -> bool,
) -> Result<(), Blocked> {
    los_with(rules, map, a, b, Some(blocks))
}

/// [`los`], with `None` when no unit blocks (sighting, mortars): then the
/// terrain's cached answer is all.
fn los_with(
    rules: &Fte,
    map: &Map,
    a: Eye,
    b: Eye,
    blocks: Option<&dyn Fn(Hex) -> bool>,
) -> Result<(), Blocked> {
    if a.hex == b.hex || a.hex.is_adjacent(b.hex) {
        return Ok(());
    }
    let air_a = a.alt != Altitude::Ground;
    let air_b = b.alt != Altitude::Ground;
    if air_a && air_b {
        return Ok(());
    }
    if air_a || air_b {
        return los_air(rules, map, a, b, blocks.unwrap_or(&|_| false));
    }
    match map.los_trace(rules, a.hex, b.hex) {
        Some(t) => t.with_units(rules, map, blocks),
        None => trace(rules, map, a.hex, b.hex).with_units(rules, map, blocks),
    }
}

/// 7.3.3: only Blocking Terrain next to the ground unit (and, at Treetop,
/// next to the helicopter) can block.
fn los_air(
    rules: &Fte,
    map: &Map,
    a: Eye,
    b: Eye,
    blocks: &dyn Fn(Hex) -> bool,
) -> Result<(), Blocked> {
    let blocking = |h: Hex| -> bool {
        match map.terrain(h) {
            None => true,
            Some(t) => rules.tables.terrain(t).blocking.value || blocks(h),
        }
    };
    let why = |h: Hex| -> Blocked {
        if !map.in_play(h) {
            Blocked::OffMap(h)
        } else if blocks(h) && !terrain_blocks(rules, map, h) {
            Blocked::FriendlyUnits(h)
        } else {
            Blocked::Terrain(h)
        }
    };
    let (ground, heli) = if a.alt != Altitude::Ground {
        (b, a)
    } else {
        (a, b)
    };
    let treetop = heli.alt == Altitude::Treetop;
    // Every block below is a `near` hex that is `blocking`: when no hex
    // next to the ground unit (or the Treetop helicopter) blocks, the line
    // is clear without tracing it.
    let treetop_hexes = treetop.then(|| heli.hex.neighbors());
    let mut near_hexes = ground
        .hex
        .neighbors()
        .into_iter()
        .chain(treetop_hexes.into_iter().flatten());
    if !near_hexes.any(&blocking) {
        return Ok(());
    }
    let (gx, hx) = (ground.hex.axial(), heli.hex.axial());
    // `near` in axial terms: most steps are not, and are never converted
    // back to printed hexes.
    let near = |x: Axial| distance(x, gx) == 1 || (treetop && distance(x, hx) == 1);
    let block_at = |st: Step| -> Option<Blocked> {
        match st {
            Step::Hex(x) if x != gx && x != hx && near(x) => {
                let h = Hex::from_axial(x);
                blocking(h).then(|| why(h))
            }
            Step::Along { side, .. } => {
                let (l, r) = side.hexes();
                if !(near(l) && near(r)) {
                    return None;
                }
                let (l, r) = (Hex::from_axial(l), Hex::from_axial(r));
                (blocking(l) && blocking(r)).then(|| Blocked::Hexside(l.min(r), l.max(r)))
            }
            _ => None,
        }
    };
    let first = if treetop {
        // Both ends count: the whole line, from `a`.
        steps(a.hex.axial(), b.hex.axial()).find_map(block_at)
    } else {
        // Only the ground end counts, and every hex next to it is met
        // within the first steps out from it: a hex 3 or more away holds
        // only points over 2 away, and the line only gets farther. So walk
        // out from the ground unit and stop there, instead of the whole
        // line. The trace from `b` is the trace from `a` reversed
        // (vt_core's `trace_is_symmetric`): the block met first from `a`
        // is the last met walking out from `b`.
        let mut out = steps(gx, hx)
            .take_while(|st| !matches!(st, Step::Hex(x) if distance(*x, gx) >= 3))
            .filter_map(block_at);
        if ground == a { out.next() } else { out.last() }
    };
    first.map_or(Ok(()), Err)
}

/// Traces the ground line of sight between two hexes (neither the same
/// nor adjacent) through the terrain alone, noting where units could
/// block it before the terrain does.
pub(crate) fn trace(rules: &Fte, map: &Map, a: Hex, b: Hex) -> Trace {
    // The walk's working vectors are kept per thread and cleared for each
    // line: the kept trace then costs one allocation of exactly its
    // probes, instead of growing one vector, shrinking it to fit and
    // allocating and freeing another for the crossings. `trace` calls
    // nothing that traces, so the borrow is never taken twice.
    thread_local! {
        static SCRATCH: RefCell<(Vec<Probe>, Vec<Crossing>)> = const {
            RefCell::new((Vec::new(), Vec::new()))
        };
    }
    SCRATCH.with_borrow_mut(|(probes, crossings)| {
        probes.clear();
        crossings.clear();
        let terrain = trace_terrain(rules, map, a, b, probes, crossings);
        Trace {
            probes: Box::from(&probes[..]),
            terrain,
        }
    })
}

fn trace_terrain(
    rules: &Fte,
    map: &Map,
    a: Hex,
    b: Hex,
    probes: &mut Vec<Probe>,
    crossings: &mut Vec<Crossing>,
) -> Result<(), Blocked> {
    let blocking = |h: Hex| terrain_blocks(rules, map, h);
    let why = |h: Hex| -> Blocked {
        if !map.in_play(h) {
            Blocked::OffMap(h)
        } else {
            Blocked::Terrain(h)
        }
    };
    let (ax, bx) = (a.axial(), b.axial());
    let mut paddies = 0u8;
    for st in steps(ax, bx) {
        match st {
            Step::Hex(x) => {
                if x == ax || x == bx {
                    continue;
                }
                let h = Hex::from_axial(x);
                if blocking(h) {
                    return Err(why(h));
                }
                probes.push(Probe::Hex(h));
                if map.terrain(h) == Some(Terrain::RicePaddy) {
                    paddies += 1;
                }
            }
            Step::Side { from, to } | Step::Corner { from, to, .. } => crossings.push(
                Crossing::one_to_one(Hex::from_axial(from), Hex::from_axial(to)),
            ),
            Step::Along { side, from, to } => {
                let (l, r) = side.hexes();
                let (l, r) = (Hex::from_axial(l), Hex::from_axial(r));
                if blocking(l) && blocking(r) {
                    return Err(Blocked::Hexside(l.min(r), l.max(r)));
                }
                probes.push(Probe::Along(l, r));
                if map.terrain(l) == Some(Terrain::RicePaddy)
                    && map.terrain(r) == Some(Terrain::RicePaddy)
                {
                    paddies += 1;
                }
                let (from, to) = (Hex::from_axial(from), Hex::from_axial(to));
                crossings.push(Crossing {
                    from: [from, from],
                    nfrom: 1,
                    to: [l, r],
                    nto: 2,
                });
                crossings.push(Crossing {
                    from: [l, r],
                    nfrom: 2,
                    to: [to, to],
                    nto: 1,
                });
            }
        }
    }
    if paddies >= rules.tables.rice_paddies_block.value {
        return Err(Blocked::RicePaddies);
    }
    // Slopes (7.3.1): higher than both ends blocks; at the higher unit's
    // level blocks unless it is on that unit's own hexside.
    let (la, lb) = (map.level(a), map.level(b));
    let top = la.max(lb);
    let higher = if la > lb {
        Some(a)
    } else if lb > la {
        Some(b)
    } else {
        None
    };
    for c in crossings.iter() {
        let mut lowest: Option<(u8, Hex, Hex)> = None;
        let mut all = true;
        for &x in &c.from[..c.nfrom] {
            for &y in &c.to[..c.nto] {
                if !x.is_adjacent(y) {
                    continue;
                }
                match map.slope_between(x, y) {
                    Some(_) => {
                        let e = map.level(x).max(map.level(y));
                        if lowest.is_none_or(|(old, _, _)| e < old) {
                            lowest = Some((e, x, y));
                        }
                    }
                    None => all = false,
                }
            }
        }
        let Some((e, x, y)) = lowest else { continue };
        if !all {
            continue;
        }
        if e > top {
            return Err(Blocked::UpSlope(x, y));
        }
        if let Some(hh) = higher
            && e == top
            && x != hh
            && y != hh
        {
            return Err(Blocked::Crest(x, y));
        }
    }
    Ok(())
}

fn terrain_blocks(rules: &Fte, map: &Map, h: Hex) -> bool {
    map.terrain(h)
        .map(|t| rules.tables.terrain(t).blocking.value)
        .unwrap_or(true)
}

impl Fte {
    pub(crate) fn eye(&self, s: &State, u: crate::state::UnitId) -> Option<Eye> {
        let u = s.unit(u);
        if u.status != UnitStatus::OnMap {
            return None;
        }
        Some(Eye {
            hex: u.hex?,
            alt: u.altitude,
        })
    }

    /// Sighting LoS (concealment, 18.0): units do not block it.
    pub fn sight(&self, s: &State, a: Eye, b: Eye) -> bool {
        self.sight_on(self.map_of(s), a, b)
    }

    /// [`Fte::sight`] on a map already looked up, for loops over many pairs.
    pub(crate) fn sight_on(&self, map: &Map, a: Eye, b: Eye) -> bool {
        los_with(self, map, a, b, None).is_ok()
    }

    /// LoS for a fire attack by `side`: that side's own infantry, vehicles
    /// and grounded helicopters block it, except for mortars (7.3.2).
    pub fn fire_los(
        &self,
        s: &State,
        side: Side,
        a: Eye,
        b: Eye,
        mortar: bool,
    ) -> Result<(), Blocked> {
        if mortar {
            return los_with(self, self.map_of(s), a, b, None);
        }
        self.fire_los_among(s, a, b, mortar, &self.fire_blockers(s, side))
    }

    /// [`Fte::fire_los`] with the firing side's blocking hexes worked out
    /// beforehand ([`Fte::fire_blockers`]).
    pub(crate) fn fire_los_among(
        &self,
        s: &State,
        a: Eye,
        b: Eye,
        mortar: bool,
        blockers: &Blockers,
    ) -> Result<(), Blocked> {
        let map = self.map_of(s);
        if mortar {
            return los_with(self, map, a, b, None);
        }
        los(self, map, a, b, &|h: Hex| blockers.at(map, h))
    }

    /// The hexes where `side`'s own units block its fire (7.3.2): infantry,
    /// vehicles and grounded helicopters, not Dummies or Civilians.
    pub(crate) fn fire_blockers(&self, s: &State, side: Side) -> Blockers {
        let map = self.map_of(s);
        let mut b = Blockers {
            side,
            bits: vec![0; map.grid().len().div_ceil(64)],
            off_grid: Vec::new(),
        };
        for u in s.on_map() {
            if u.side != side || u.altitude != Altitude::Ground || self.is_marker_only(u) {
                continue;
            }
            let Some(h) = u.hex else { continue };
            match map.index(h) {
                Some(i) => b.bits[i / 64] |= 1 << (i % 64),
                None => b.off_grid.push(h),
            }
        }
        b
    }
    /// The LoS tool: clear or why not, between two hexes at ground level.
    pub fn line_of_sight(&self, s: &State, a: Hex, b: Hex) -> Result<(), Blocked> {
        los_with(self, self.map_of(s), Eye::ground(a), Eye::ground(b), None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::util::rules;

    // The kept traces answer for the pair asked (grid index, order), with
    // and without units, as a fresh trace of the same two hexes does.
    #[test]
    fn cached_traces_match_fresh_ones() {
        let r = rules();
        let blocks = |h: Hex| (h.col * 7 + h.row * 3) % 5 == 0;
        for map in &r.maps {
            let hexes = map.hexes();
            for (n, &a) in hexes.iter().enumerate() {
                for &b in hexes.iter().skip(n % 3).step_by(3) {
                    if a == b || a.is_adjacent(b) {
                        continue;
                    }
                    let fresh = trace(r, map, a, b);
                    let (ea, eb) = (Eye::ground(a), Eye::ground(b));
                    assert_eq!(
                        los(r, map, ea, eb, &blocks),
                        fresh.with_units(r, map, Some(&blocks)),
                        "{} {a} {b}",
                        map.id
                    );
                    assert_eq!(
                        los_with(r, map, ea, eb, None),
                        fresh.terrain,
                        "{} {a} {b}",
                        map.id
                    );
                }
            }
        }
    }

    // The walk as it was before crossings kept their hexes inline (each
    // side of a crossing its own Vec): the reference the trace must agree
    // with.
    fn reference_terrain(
        rules: &Fte,
        map: &Map,
        a: Hex,
        b: Hex,
        probes: &mut Vec<Probe>,
    ) -> Result<(), Blocked> {
        let blocking = |h: Hex| terrain_blocks(rules, map, h);
        let why = |h: Hex| -> Blocked {
            if !map.in_play(h) {
                Blocked::OffMap(h)
            } else {
                Blocked::Terrain(h)
            }
        };
        let (ax, bx) = (a.axial(), b.axial());
        let mut paddies = 0u8;
        let mut crossings: Vec<(Vec<Hex>, Vec<Hex>)> = Vec::new();
        for st in steps(ax, bx) {
            match st {
                Step::Hex(x) => {
                    if x == ax || x == bx {
                        continue;
                    }
                    let h = Hex::from_axial(x);
                    if blocking(h) {
                        return Err(why(h));
                    }
                    probes.push(Probe::Hex(h));
                    if map.terrain(h) == Some(Terrain::RicePaddy) {
                        paddies += 1;
                    }
                }
                Step::Side { from, to } | Step::Corner { from, to, .. } => {
                    crossings.push((vec![Hex::from_axial(from)], vec![Hex::from_axial(to)]))
                }
                Step::Along { side, from, to } => {
                    let (l, r) = side.hexes();
                    let (l, r) = (Hex::from_axial(l), Hex::from_axial(r));
                    if blocking(l) && blocking(r) {
                        return Err(Blocked::Hexside(l.min(r), l.max(r)));
                    }
                    probes.push(Probe::Along(l, r));
                    if map.terrain(l) == Some(Terrain::RicePaddy)
                        && map.terrain(r) == Some(Terrain::RicePaddy)
                    {
                        paddies += 1;
                    }
                    crossings.push((vec![Hex::from_axial(from)], vec![l, r]));
                    crossings.push((vec![l, r], vec![Hex::from_axial(to)]));
                }
            }
        }
        if paddies >= rules.tables.rice_paddies_block.value {
            return Err(Blocked::RicePaddies);
        }
        // Slopes (7.3.1): higher than both ends blocks; at the higher unit's
        // level blocks unless it is on that unit's own hexside.
        let (la, lb) = (map.level(a), map.level(b));
        let top = la.max(lb);
        let higher = if la > lb {
            Some(a)
        } else if lb > la {
            Some(b)
        } else {
            None
        };
        for (from, to) in &crossings {
            let mut lowest: Option<(u8, Hex, Hex)> = None;
            let mut all = true;
            for &x in from {
                for &y in to {
                    if !x.is_adjacent(y) {
                        continue;
                    }
                    match map.slope_between(x, y) {
                        Some(_) => {
                            let e = map.level(x).max(map.level(y));
                            if lowest.is_none_or(|(old, _, _)| e < old) {
                                lowest = Some((e, x, y));
                            }
                        }
                        None => all = false,
                    }
                }
            }
            let Some((e, x, y)) = lowest else { continue };
            if !all {
                continue;
            }
            if e > top {
                return Err(Blocked::UpSlope(x, y));
            }
            if let Some(hh) = higher
                && e == top
                && x != hh
                && y != hh
            {
                return Err(Blocked::Crest(x, y));
            }
        }
        Ok(())
    }

    // The trace keeps each hexside crossing's one or two hexes inline; the
    // reference keeps them in Vecs. Both must give the same answer and
    // the same places units could block, on every map, for a spread of
    // pairs (about one in three, both orders).
    #[test]
    fn trace_matches_the_reference_walk() {
        let r = rules();
        let mut slopes = 0;
        for map in &r.maps {
            let hexes = map.hexes();
            for (n, &a) in hexes.iter().enumerate() {
                for &b in hexes.iter().skip(n % 3).step_by(3) {
                    if a == b || a.is_adjacent(b) {
                        continue;
                    }
                    let mut want_probes = Vec::new();
                    let want = reference_terrain(r, map, a, b, &mut want_probes);
                    let got = trace(r, map, a, b);
                    assert_eq!(got.terrain, want, "{} {a} {b}", map.id);
                    assert_eq!(&got.probes[..], &want_probes[..], "{} {a} {b}", map.id);
                    slopes += usize::from(matches!(
                        want,
                        Err(Blocked::UpSlope(..) | Blocked::Crest(..))
                    ));
                }
            }
        }
        // Lines blocked by Slopes were among those compared.
        assert!(slopes > 100, "{slopes}");
    }

    // Another terrain table is not answered from the cache filled for the
    // first one.
    #[test]
    fn another_terrain_table_bypasses_the_cache() {
        let r = rules();
        let map = &r.maps[0];
        let (a, b) = (map.hexes()[0], *map.hexes().last().unwrap());
        assert!(map.los_trace(r, a, b).is_some());
        let mut other = r.clone();
        other.tables.rice_paddies_block.value += 1;
        assert!(map.los_trace(&other, a, b).is_none());
    }
}
