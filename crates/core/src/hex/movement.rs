//! Movement over a [`HexMap`]: points counted in halves so that 1½ MP is
//! exact, costs supplied by the game, cheapest paths and the set of hexes a
//! unit can reach with the points it has.

use super::map::HexMap;
use hexx::Hex;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::fmt;
use std::ops::{Add, AddAssign};
use std::str::FromStr;

/// Movement points, exact to the half point.
///
/// Printed "1½", "4", "½". In data files write a whole number (`2`) or a
/// string (`"1½"`, `"1.5"`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Mp(u32);

impl Mp {
    pub const ZERO: Mp = Mp(0);
    pub const HALF: Mp = Mp(1);

    /// Whole movement points.
    pub const fn new(whole: u32) -> Mp {
        Mp(whole * 2)
    }

    /// A number of half points (`Mp::halves(3)` is 1½).
    pub const fn halves(halves: u32) -> Mp {
        Mp(halves)
    }

    pub const fn as_halves(self) -> u32 {
        self.0
    }

    pub fn checked_sub(self, o: Mp) -> Option<Mp> {
        self.0.checked_sub(o.0).map(Mp)
    }

    pub fn saturating_sub(self, o: Mp) -> Mp {
        Mp(self.0.saturating_sub(o.0))
    }

    pub fn checked_add(self, o: Mp) -> Option<Mp> {
        self.0.checked_add(o.0).map(Mp)
    }
}

impl Add for Mp {
    type Output = Mp;
    /// Saturates at the largest value rather than overflowing.
    fn add(self, o: Mp) -> Mp {
        Mp(self.0.saturating_add(o.0))
    }
}

impl AddAssign for Mp {
    fn add_assign(&mut self, o: Mp) {
        *self = *self + o;
    }
}

impl fmt::Display for Mp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => f.write_str("½"),
            (w, 0) => write!(f, "{w}"),
            (w, _) => write!(f, "{w}½"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MpError(pub String);

impl fmt::Display for MpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a number of movement points (like 2, 1½ or 1.5)",
            self.0
        )
    }
}

impl std::error::Error for MpError {}

impl FromStr for Mp {
    type Err = MpError;

    /// Reads "2", "1½", "½", "1.5", "1 1/2".
    fn from_str(s: &str) -> Result<Mp, MpError> {
        let err = || MpError(s.to_string());
        let t = s.trim();
        let (whole, half) = if let Some(w) = t.strip_suffix('½') {
            (w.trim_end(), true)
        } else if let Some(w) = t.strip_suffix("1/2") {
            (w.trim_end(), true)
        } else if let Some(w) = t.strip_suffix(".5") {
            (w, true)
        } else if let Some(w) = t.strip_suffix(".0") {
            (w, false)
        } else {
            (t, false)
        };
        let w: u32 = if whole.is_empty() && half {
            0
        } else if !whole.is_empty() && whole.bytes().all(|b| b.is_ascii_digit()) {
            whole.parse().map_err(|_| err())?
        } else {
            return Err(err());
        };
        w.checked_mul(2)
            .and_then(|h| h.checked_add(half as u32))
            .map(Mp)
            .ok_or_else(err)
    }
}

impl Serialize for Mp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_multiple_of(2) {
            s.serialize_u32(self.0 / 2)
        } else {
            s.collect_str(self)
        }
    }
}

impl<'de> Deserialize<'de> for Mp {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Mp, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Mp;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("movement points: a whole number or a string like \"1½\"")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Mp, E> {
                u32::try_from(v)
                    .ok()
                    .and_then(|w| w.checked_mul(2))
                    .map(Mp)
                    .ok_or_else(|| E::custom("movement points out of range"))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Mp, E> {
                u64::try_from(v)
                    .map_err(|_| E::custom("movement points may not be negative"))
                    .and_then(|v| self.visit_u64(v))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Mp, E> {
                let h = v * 2.0;
                if h >= 0.0 && h <= u32::MAX as f64 && h == h.trunc() {
                    Ok(Mp(h as u32))
                } else {
                    Err(E::custom("movement points must be whole or halves"))
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Mp, E> {
                v.parse().map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// What moving costs, supplied by the game.
///
/// A closure `Fn(&HexMap<T>, from, to) -> Option<Mp>` is one; implement the
/// trait on your own type to also let units leave the map.
pub trait MoveCost<T> {
    /// The cost of moving from `from` into the adjacent on-map hex `to`,
    /// hexside crossing included; `None` if the move is not allowed.
    fn enter(&self, map: &HexMap<T>, from: Hex, to: Hex) -> Option<Mp>;

    /// The cost of leaving the map from the edge hex `from`; `None` (the
    /// default) if units may not leave.
    fn exit(&self, map: &HexMap<T>, from: Hex) -> Option<Mp> {
        let _ = (map, from);
        None
    }
}

impl<T, F> MoveCost<T> for F
where
    F: Fn(&HexMap<T>, Hex, Hex) -> Option<Mp>,
{
    fn enter(&self, map: &HexMap<T>, from: Hex, to: Hex) -> Option<Mp> {
        self(map, from, to)
    }
}

/// A route: the hexes from start to end, with the points spent on arriving
/// at each (0 for the start).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Path {
    pub hexes: Vec<Hex>,
    /// Points spent in total on arriving at `hexes[i]`.
    pub spent: Vec<Mp>,
}

impl Path {
    pub fn total(&self) -> Mp {
        self.spent.last().copied().unwrap_or_default()
    }

    pub fn end(&self) -> Option<Hex> {
        self.hexes.last().copied()
    }
}

/// Every hex reachable from a start within a budget, with the least cost of
/// getting there and one cheapest way of doing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    start: Hex,
    budget: Mp,
    /// Reached hexes (by axial x, y): least cost, previous hex on a cheapest path.
    best: BTreeMap<(i32, i32), (Mp, Hex)>,
    /// Reached hexes in map order.
    order: Vec<Hex>,
    /// Edge hexes from which the unit can leave, with the total cost of leaving.
    exits: Vec<(Hex, Mp)>,
}

impl Reach {
    pub fn start(&self) -> Hex {
        self.start
    }

    pub fn budget(&self) -> Mp {
        self.budget
    }

    /// The least cost of reaching `h`, if it can be reached (0 for the start).
    pub fn cost(&self, h: Hex) -> Option<Mp> {
        self.best.get(&(h.x, h.y)).map(|b| b.0)
    }

    /// Reachable hexes other than the start, with their costs, in map order.
    pub fn hexes(&self) -> impl Iterator<Item = (Hex, Mp)> + '_ {
        self.order
            .iter()
            .filter(|h| **h != self.start)
            .filter_map(|h| self.cost(*h).map(|c| (*h, c)))
    }

    /// Edge hexes from which the unit can still leave the map, with the total
    /// cost including the exit, in map order.
    pub fn exits(&self) -> &[(Hex, Mp)] {
        &self.exits
    }

    /// One cheapest route to `h`.
    pub fn path_to(&self, h: Hex) -> Option<Path> {
        let mut at = h;
        let mut rev = vec![];
        loop {
            let (c, prev) = *self.best.get(&(at.x, at.y))?;
            rev.push((at, c));
            if at == self.start {
                break;
            }
            at = prev;
        }
        rev.reverse();
        Some(Path {
            hexes: rev.iter().map(|x| x.0).collect(),
            spent: rev.iter().map(|x| x.1).collect(),
        })
    }
}

impl<T> HexMap<T> {
    /// Dijkstra from `start`, stopping at `budget` (and at `goal`, if any).
    /// Ties keep the first route found; neighbours are tried in hexx's
    /// direction order, so the result is the same on every machine.
    fn dijkstra(
        &self,
        start: Hex,
        budget: Mp,
        goal: Option<Hex>,
        cost: &impl MoveCost<T>,
    ) -> Vec<Option<(Mp, usize)>> {
        let mut best: Vec<Option<(Mp, usize)>> = vec![None; self.len()];
        let mut done = vec![false; self.len()];
        let Some(s) = self.index(start) else {
            return best;
        };
        best[s] = Some((Mp::ZERO, s));
        let mut heap = BinaryHeap::new();
        heap.push(Reverse((Mp::ZERO, s)));
        while let Some(Reverse((c, i))) = heap.pop() {
            if done[i] {
                continue;
            }
            done[i] = true;
            let here = self.hex_at(i).expect("index on map");
            if Some(here) == goal {
                break;
            }
            for n in self.neighbours(here) {
                let j = self.index(n).expect("neighbour on map");
                if done[j] {
                    continue;
                }
                let Some(step) = cost.enter(self, here, n) else {
                    continue;
                };
                let Some(total) = c.checked_add(step) else {
                    continue;
                };
                if total > budget {
                    continue;
                }
                if best[j].is_none_or(|(old, _)| total < old) {
                    best[j] = Some((total, i));
                    heap.push(Reverse((total, j)));
                }
            }
        }
        best
    }

    /// Every hex a unit at `start` can reach spending at most `budget`.
    pub fn reachable(&self, start: Hex, budget: Mp, cost: &impl MoveCost<T>) -> Reach {
        let reach = self.reach(start, budget, None, cost);
        let exits = reach
            .order
            .iter()
            .filter(|h| self.is_edge(**h))
            .filter_map(|h| {
                let c = reach.cost(*h)?;
                let total = c.checked_add(cost.exit(self, *h)?)?;
                (total <= budget).then_some((*h, total))
            })
            .collect();
        Reach { exits, ..reach }
    }

    fn reach(&self, start: Hex, budget: Mp, goal: Option<Hex>, cost: &impl MoveCost<T>) -> Reach {
        let best = self.dijkstra(start, budget, goal, cost);
        let mut order = vec![];
        let mut map = BTreeMap::new();
        for (i, b) in best.iter().enumerate() {
            if let Some((c, prev)) = b {
                let h = self.hex_at(i).expect("index on map");
                order.push(h);
                map.insert((h.x, h.y), (*c, self.hex_at(*prev).expect("index on map")));
            }
        }
        Reach {
            start,
            budget,
            best: map,
            order,
            exits: vec![],
        }
    }

    /// One cheapest route from `start` to `goal`, whatever it costs.
    pub fn cheapest_path(&self, start: Hex, goal: Hex, cost: &impl MoveCost<T>) -> Option<Path> {
        self.reach(start, Mp::halves(u32::MAX), Some(goal), cost)
            .path_to(goal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_print_and_parse() {
        assert_eq!(Mp::new(4).to_string(), "4");
        assert_eq!(Mp::halves(3).to_string(), "1½");
        assert_eq!(Mp::HALF.to_string(), "½");
        assert_eq!(Mp::ZERO.to_string(), "0");
        for (s, h) in [
            ("2", 4),
            ("1½", 3),
            ("½", 1),
            ("1.5", 3),
            ("1 1/2", 3),
            ("0", 0),
            (" 3.0", 6),
            (".5", 1),
        ] {
            assert_eq!(s.parse::<Mp>(), Ok(Mp::halves(h)), "{s}");
        }
        for bad in ["", "x", "-1", "1.25", "1½½", "1..5", "½.5"] {
            assert!(bad.parse::<Mp>().is_err(), "{bad:?}");
        }
        assert_eq!(Mp::halves(3) + Mp::new(1), Mp::halves(5));
        assert_eq!(Mp::new(1).checked_sub(Mp::halves(3)), None);
        assert_eq!(Mp::new(9).saturating_sub(Mp::new(8)), Mp::new(1));
    }

    #[test]
    fn points_in_data_files() {
        let v: Vec<Mp> = ron::from_str(r#"[2, "1½", "1.5", 1.5, 0]"#).unwrap();
        assert_eq!(
            v,
            vec![
                Mp::new(2),
                Mp::halves(3),
                Mp::halves(3),
                Mp::halves(3),
                Mp::ZERO
            ]
        );
        assert!(ron::from_str::<Mp>("-2").is_err());
        assert!(ron::from_str::<Mp>("1.2").is_err());
        assert!(ron::from_str::<Mp>("\"two\"").is_err());
        let text = ron::to_string(&vec![Mp::new(2), Mp::halves(3)]).unwrap();
        assert_eq!(text, r#"[2,"1½"]"#);
        assert_eq!(
            ron::from_str::<Vec<Mp>>(&text).unwrap(),
            vec![Mp::new(2), Mp::halves(3)]
        );
    }
}
