//! Line of sight: the straight line from the centre of one hex to the centre
//! of another, traced exactly.
//!
//! The trace reports, in order from the start, every hex whose inside the
//! line passes through, every hexside it crosses, and the two special cases
//! a rulebook has to rule on: the line running exactly along a hexside
//! ([`Step::Along`]), and the line passing exactly through a corner where
//! three hexes meet ([`Step::Corner`]), touching the third one at a single
//! point. The game applies its own rule to each; [`HexMap::los`] applies
//! the common ones.
//!
//! # Exactness
//!
//! All arithmetic is on integers. In cube coordinates (q, r, s) a point lies
//! in the hex with centre (hq, hr, hs) when each of the differences
//! q−r, r−s, s−q is within 1 of the centre's; the line's differences are
//! linear in its parameter t, so the time it leaves a hex through each pair
//! of opposite hexsides is a fraction with a small integer denominator.
//! Fractions are compared by cross-multiplying, so a tie (a corner) is
//! recognised exactly and the answer is the same on every platform. A line
//! whose direction keeps one difference constant runs along hexsides for a
//! third of every hex it passes; that happens only in the six directions
//! "between" two neighbours, and is handled on its own.

use super::map::{HexMap, Hexside, SideFeatures, Slope};
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// The distance between two hexes, in hexes (the range as games count it:
/// adjacent hexes are 1 apart). Worked in `i64`, so no two hexes, however
/// far apart, overflow it (hexx's own distance is `i32` maths); a distance
/// beyond `u32` reads as `u32::MAX`.
// Inlined across crates: line of sight, range and adjacency ask it in
// every inner loop.
#[inline]
pub fn distance(a: Hex, b: Hex) -> u32 {
    let dx = i64::from(a.x) - i64::from(b.x);
    let dy = i64::from(a.y) - i64::from(b.y);
    let d = dx.abs().max(dy.abs()).max((dx + dy).abs());
    u32::try_from(d).unwrap_or(u32::MAX)
}

/// One piece of a traced line, in order from the start.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// The line passes through the inside of this hex. The first and last
    /// steps are the two end hexes.
    Hex(Hex),
    /// The line passes from `from` into the adjacent `to` through the middle
    /// of the hexside between them.
    Side { from: Hex, to: Hex },
    /// The line passes from `from` into `to` exactly through a corner where
    /// they meet a third hex, `touched`, which the line meets at that single
    /// point only.
    Corner { from: Hex, to: Hex, touched: Hex },
    /// The line leaves `from` through a corner, runs exactly along `side`
    /// (the hexside between two hexes, neither of which it enters), and
    /// enters `to` through the corner at the far end.
    Along { side: Hexside, from: Hex, to: Hex },
}

/// How a line meets a hexside.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Contact {
    /// Passes from `from` to `to` through the middle of the hexside.
    Crossed { from: Hex, to: Hex },
    /// Passes from `from` towards `to` through one end (a corner) of the
    /// hexside: at a [`Step::Corner`], or where a run along a hexside
    /// begins or ends (then `to` or `from` is a hex beside that run).
    AtEnd { from: Hex, to: Hex },
    /// Runs along the hexside.
    Along,
    /// Meets one end of the hexside without passing between its two hexes.
    Touched,
}

/// A hexside the line meets, and how.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideContact {
    pub side: Hexside,
    pub contact: Contact,
}

/// A traced line: its steps in order from the start hex to the end hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    pub steps: Vec<Step>,
}

/// Traces the line from the centre of `a` to the centre of `b`.
pub fn trace(a: Hex, b: Hex) -> Trace {
    Trace {
        steps: steps(a, b).collect(),
    }
}

/// The steps of [`trace`] one at a time, without allocating.
pub fn steps(a: Hex, b: Hex) -> Steps {
    Steps::new(a, b)
}

impl Trace {
    pub fn start(&self) -> Option<Hex> {
        match self.steps.first() {
            Some(Step::Hex(h)) => Some(*h),
            _ => None,
        }
    }

    pub fn end(&self) -> Option<Hex> {
        match self.steps.last() {
            Some(Step::Hex(h)) => Some(*h),
            _ => None,
        }
    }

    /// Every hex whose inside the line passes through, ends included, in order.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.steps.iter().filter_map(|s| match s {
            Step::Hex(h) => Some(*h),
            _ => None,
        })
    }

    /// The hexes between the two ends whose inside the line passes through.
    pub fn between(&self) -> impl Iterator<Item = Hex> + '_ {
        let n = self.hexes().count();
        self.hexes().skip(1).take(n.saturating_sub(2))
    }

    /// The hexsides the line runs along.
    pub fn alongs(&self) -> impl Iterator<Item = Hexside> + '_ {
        self.steps.iter().filter_map(|s| match s {
            Step::Along { side, .. } => Some(*side),
            _ => None,
        })
    }

    /// Hexes the line meets only at a single corner.
    pub fn touched(&self) -> impl Iterator<Item = Hex> + '_ {
        self.steps.iter().filter_map(|s| match s {
            Step::Corner { touched, .. } => Some(*touched),
            _ => None,
        })
    }

    /// Every hexside the line meets, in order along the line (hexsides met
    /// at the same point in a fixed order).
    pub fn sides(&self) -> Vec<SideContact> {
        let mut out = vec![];
        let mut push = |a: Hex, b: Hex, contact: Contact| {
            if let Some(side) = Hexside::new(a, b) {
                out.push(SideContact { side, contact });
            }
        };
        for s in &self.steps {
            match *s {
                Step::Hex(_) => {}
                Step::Side { from, to } => push(from, to, Contact::Crossed { from, to }),
                Step::Corner { from, to, touched } => {
                    push(from, to, Contact::AtEnd { from, to });
                    push(from, touched, Contact::Touched);
                    push(to, touched, Contact::Touched);
                }
                Step::Along { side, from, to } => {
                    let (l, r) = side.hexes();
                    push(from, l, Contact::AtEnd { from, to: l });
                    push(from, r, Contact::AtEnd { from, to: r });
                    push(l, r, Contact::Along);
                    push(l, to, Contact::AtEnd { from: l, to });
                    push(r, to, Contact::AtEnd { from: r, to });
                }
            }
        }
        out
    }
}

/// How a run along a hexside is judged by [`HexMap::los`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SideRule {
    /// Blocked only if the hexes on both sides block (FTE 7.3.1).
    BothBlock,
    /// Blocked if either hex beside it blocks.
    EitherBlocks,
}

/// What stopped a line of sight.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Blocker {
    Hex(Hex),
    Along(Hexside),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sight {
    Clear,
    /// The first thing along the line that blocks it.
    Blocked(Blocker),
}

impl Sight {
    pub fn is_clear(self) -> bool {
        self == Sight::Clear
    }
}

impl<T> HexMap<T> {
    /// Line of sight under the usual conventions: the two end hexes never
    /// block (so adjacent hexes always see each other); a hex the line passes
    /// through blocks if `blocks` says so; a hexside the line runs along
    /// blocks according to `rule`; a hex touched only at a corner does not
    /// block. Hexes off the map do not block. Rules on elevation, counts of
    /// hexes (FTE's three paddies) and the like are the game's: build them on
    /// [`trace`] and [`HexMap::slopes_on`].
    pub fn los(
        &self,
        a: Hex,
        b: Hex,
        rule: SideRule,
        mut blocks: impl FnMut(Hex, &T) -> bool,
    ) -> Sight {
        let mut blocking = |h: Hex| self.get(h).is_some_and(|t| blocks(h, t));
        for s in steps(a, b) {
            match s {
                Step::Hex(h) if h != a && h != b && blocking(h) => {
                    return Sight::Blocked(Blocker::Hex(h));
                }
                Step::Along { side, .. } => {
                    let (l, r) = side.hexes();
                    let blocked = match rule {
                        SideRule::BothBlock => blocking(l) && blocking(r),
                        SideRule::EitherBlocks => blocking(l) || blocking(r),
                    };
                    if blocked {
                        return Sight::Blocked(Blocker::Along(side));
                    }
                }
                _ => {}
            }
        }
        Sight::Clear
    }

    /// The slopes (hexsides between different levels) the line meets, in
    /// order, with how it meets each.
    pub fn slopes_on(&self, trace: &Trace) -> Vec<(SideContact, Slope)> {
        trace
            .sides()
            .into_iter()
            .filter_map(|c| {
                let (a, b) = c.side.hexes();
                self.slope(a, b).map(|s| (c, s))
            })
            .collect()
    }

    /// The hexsides with printed features (streams, walls, roads...) the line
    /// meets, in order, with how it meets each.
    pub fn features_on(&self, trace: &Trace) -> Vec<(SideContact, SideFeatures)> {
        trace
            .sides()
            .into_iter()
            .filter_map(|c| {
                let (a, b) = c.side.hexes();
                let f = self.side(a, b);
                (!f.is_empty()).then_some((c, f))
            })
            .collect()
    }
}

/// The cube differences (q−r, r−s, s−q) of a hex.
fn diffs(h: Hex) -> [i64; 3] {
    let (q, r) = (h.x as i64, h.y as i64);
    let s = -q - r;
    [q - r, r - s, s - q]
}

/// The neighbour across the hexside where difference `c` reaches `+1`
/// (`up`) or `-1` relative to the hex.
fn across(c: usize, up: bool) -> Hex {
    match (c, up) {
        (0, true) => Hex::new(1, -1),
        (0, false) => Hex::new(-1, 1),
        (1, true) => Hex::new(0, 1),
        (1, false) => Hex::new(0, -1),
        (2, true) => Hex::new(-1, 0),
        _ => Hex::new(1, 0),
    }
}

/// A non-negative fraction n/d with d > 0.
#[derive(Copy, Clone, Debug)]
struct Frac {
    n: i64,
    d: i64,
}

impl Frac {
    fn cmp(self, o: Frac) -> std::cmp::Ordering {
        (self.n as i128 * o.d as i128).cmp(&(o.n as i128 * self.d as i128))
    }
}

#[derive(Clone, Debug)]
enum Mode {
    /// No direction component is zero: the line never runs along a hexside.
    General,
    /// Runs along hexsides: `unit` is the step between centres on the line,
    /// `e1 + e2 == unit`, and the run beside each step is between
    /// `centre + e1` and `centre + e2`.
    Along { unit: Hex, e1: Hex, e2: Hex },
}

/// Iterator over the [`Step`]s of a line; see [`steps`].
#[derive(Clone, Debug)]
pub struct Steps {
    a: [i64; 3],
    d: [i64; 3],
    cur: Hex,
    target: Hex,
    mode: Mode,
    queued: Option<Step>,
    started: bool,
    /// A bound on the number of crossings (a line of range n meets at most
    /// 4n hexsides), so a defect can never loop forever.
    left: u32,
}

impl Steps {
    fn new(a: Hex, b: Hex) -> Steps {
        let da = diffs(a);
        let db = diffs(b);
        let d = [db[0] - da[0], db[1] - da[1], db[2] - da[2]];
        let mode = if a != b && d.contains(&0) {
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let g = gcd(dx.unsigned_abs(), dy.unsigned_abs()) as i32;
            let unit = Hex::new(dx / g, dy / g);
            let n = Hex::NEIGHBORS_COORDS;
            let (e1, e2) = (0..6)
                .map(|i| (n[i], n[(i + 1) % 6]))
                .find(|(p, q)| *p + *q == unit)
                .expect("a direction keeping one cube difference constant is a diagonal");
            Mode::Along { unit, e1, e2 }
        } else {
            Mode::General
        };
        Steps {
            a: da,
            d,
            cur: a,
            target: b,
            mode,
            queued: None,
            started: false,
            left: distance(a, b).saturating_mul(4).saturating_add(2),
        }
    }

    /// Whether the line, just after time `t`, is inside hex `h`.
    fn inside_after(&self, h: Hex, t: Frac) -> bool {
        let x = diffs(h);
        (0..3).all(|c| {
            let r = (self.a[c] - x[c]) as i128 * t.d as i128 + t.n as i128 * self.d[c] as i128;
            let m = t.d as i128;
            if r.abs() < m {
                true
            } else if r == m {
                self.d[c] < 0
            } else if r == -m {
                self.d[c] > 0
            } else {
                false
            }
        })
    }

    /// Leaves the current hex: the crossing step and the next hex.
    fn general_crossing(&self) -> (Step, Hex) {
        let x = diffs(self.cur);
        // Exit time through each pair of opposite hexsides.
        let mut exits: [(Frac, usize, bool); 3] = [(Frac { n: 0, d: 1 }, 0, false); 3];
        for c in 0..3 {
            let up = self.d[c] > 0;
            let sigma = if up { 1 } else { -1 };
            exits[c] = (
                Frac {
                    n: 1 - sigma * (self.a[c] - x[c]),
                    d: self.d[c].abs(),
                },
                c,
                up,
            );
        }
        // Order the three by time (a stable sort of three: ties keep c order).
        if exits[1].0.cmp(exits[0].0).is_lt() {
            exits.swap(0, 1);
        }
        if exits[2].0.cmp(exits[1].0).is_lt() {
            exits.swap(1, 2);
            if exits[1].0.cmp(exits[0].0).is_lt() {
                exits.swap(0, 1);
            }
        }
        let (t, c1, up1) = exits[0];
        let n1 = self.cur + across(c1, up1);
        if t.cmp(exits[1].0).is_lt() {
            return (
                Step::Side {
                    from: self.cur,
                    to: n1,
                },
                n1,
            );
        }
        let (_, c2, up2) = exits[1];
        let n2 = self.cur + across(c2, up2);
        let (to, touched) = if self.inside_after(n1, t) {
            (n1, n2)
        } else {
            debug_assert!(self.inside_after(n2, t), "line lost at a corner");
            (n2, n1)
        };
        (
            Step::Corner {
                from: self.cur,
                to,
                touched,
            },
            to,
        )
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

impl Iterator for Steps {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if let Some(s) = self.queued.take() {
            return Some(s);
        }
        if !self.started {
            self.started = true;
            return Some(Step::Hex(self.cur));
        }
        if self.cur == self.target || self.left == 0 {
            debug_assert!(self.cur == self.target, "trace did not reach its end");
            return None;
        }
        self.left -= 1;
        let (step, next) = match self.mode {
            Mode::General => self.general_crossing(),
            Mode::Along { unit, e1, e2 } => {
                let c = self.cur;
                let side = Hexside::new(c + e1, c + e2).expect("e1 and e2 are adjacent");
                (
                    Step::Along {
                        side,
                        from: c,
                        to: c + unit,
                    },
                    c + unit,
                )
            }
        };
        self.cur = next;
        self.queued = Some(Step::Hex(next));
        Some(step)
    }
}
