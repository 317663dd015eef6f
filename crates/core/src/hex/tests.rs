//! The rulebooks' worked examples on small maps built to match them, and
//! properties of the line trace checked exhaustively.

use super::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Ground {
    Clear,
    Jungle,
    /// A terrain costing 1½ MP, as 23.18, 23.19 and 23.21 do in the FTE 6.6
    /// example (the chart row is cut in the scan; the example is what counts).
    Paddy,
}

/// The FTE 6.6 movement example's neighbourhood: a Trail through Jungle at
/// 19.17-19.19 climbing into 20.19, a ridge (level 1) holding 20.18, 20.19,
/// 21.17 and 21.18, and the route 22.17 (Jungle), 23.18 and 23.19 (1½), 23.20
/// and 22.20 (Clear), 23.21 (1½). Everything else is Jungle, so the route of
/// the example is the cheapest.
fn fte_66_map() -> HexMap<Ground> {
    ron::from_str(
        r#"(
            offset: EvenColumnsDown,
            first: "17.15", last: "25.23",
            terrain: Jungle,
            areas: [
                (Paddy, ["23.18", "23.19", "23.21"]),
                (Clear, ["23.20", "22.20"]),
            ],
            levels: [(1, ["20.18", "20.19", "21.17", "21.18"])],
            trails: [["19.17", "19.18", "19.19", "20.19"]],
        )"#,
    )
    .unwrap()
}

/// A tiny FTE-like infantry cost (the real one lives in the FTE crate):
/// a trail between two connected trail hexes costs 1 whatever the terrain
/// (chart note d), else the terrain of the hex entered; a slope adds 2.
fn infantry(map: &HexMap<Ground>, from: Hex, to: Hex) -> Option<Mp> {
    let base = if map.side(from, to).trail {
        Mp::new(1)
    } else {
        match map.get(to)? {
            Ground::Clear => Mp::new(1),
            Ground::Jungle => Mp::new(2),
            Ground::Paddy => Mp::halves(3),
        }
    };
    let slope = if map.slope(from, to).is_some() {
        Mp::new(2)
    } else {
        Mp::ZERO
    };
    Some(base + slope)
}

fn at(map: &HexMap<Ground>, s: &str) -> Hex {
    map.parse(s).unwrap()
}

fn names(map: &HexMap<Ground>, hexes: &[Hex]) -> Vec<String> {
    hexes.iter().map(|h| map.coord(*h).to_string()).collect()
}

// FTE 6.6 movement example, first unit: along the trail for 1 + 1, then into
// 20.19 for 1 (trail) + 2 (slope): all 5 MP.
#[test]
fn fte_6_6_trail_and_slope() {
    let m = fte_66_map();
    let start = at(&m, "19.17");
    let path = m.cheapest_path(start, at(&m, "20.19"), &infantry).unwrap();
    assert_eq!(names(&m, &path.hexes), ["19.17", "19.18", "19.19", "20.19"]);
    assert_eq!(
        path.spent,
        [Mp::ZERO, Mp::new(1), Mp::new(2), Mp::new(5)],
        "1 + 1 on the trail, 3 into 20.19"
    );
    let reach = m.reachable(start, Mp::new(5), &infantry);
    assert_eq!(reach.cost(at(&m, "20.19")), Some(Mp::new(5)));
    assert_eq!(reach.cost(at(&m, "19.19")), Some(Mp::new(2)));
    // Off the trail the jungle costs 2: 19.19 to 19.20 is 2 more.
    assert_eq!(reach.cost(at(&m, "19.20")), Some(Mp::new(4)));
    // The ridge beyond 20.19 needs more than the 5 MP a unit has.
    assert_eq!(reach.cost(at(&m, "21.18")), None);
}

// FTE 6.6 movement example, second unit, on Double Time (9 MP): 4 into 22.17
// (Jungle 2 + Slope 2), 1½ into 23.18, 1½ into 23.19, 1 into 23.20 = 8; 22.20
// for 1 more; not 23.21 (1½).
#[test]
fn fte_6_6_double_time() {
    let m = fte_66_map();
    let start = at(&m, "21.17");
    let reach = m.reachable(start, Mp::new(9), &infantry);
    let path = reach.path_to(at(&m, "23.20")).unwrap();
    assert_eq!(
        names(&m, &path.hexes),
        ["21.17", "22.17", "23.18", "23.19", "23.20"]
    );
    assert_eq!(
        path.spent,
        [Mp::ZERO, Mp::new(4), Mp::halves(11), Mp::new(7), Mp::new(8)]
    );
    assert_eq!(path.total().to_string(), "8");
    assert_eq!(reach.cost(at(&m, "22.20")), Some(Mp::new(9)));
    assert_eq!(reach.cost(at(&m, "23.21")), None, "8 + 1½ is more than 9");
    // With one half point more it would be reachable.
    let more = m.reachable(start, Mp::halves(19), &infantry);
    assert_eq!(more.cost(at(&m, "23.21")), Some(Mp::halves(19)));
    // Everything in the reach is within budget, and every path's steps are
    // the cost function's.
    for (h, c) in reach.hexes() {
        assert!(c <= Mp::new(9));
        let p = reach.path_to(h).unwrap();
        assert_eq!(p.total(), c);
        for (i, w) in p.hexes.windows(2).enumerate() {
            let step = infantry(&m, w[0], w[1]).unwrap();
            assert_eq!(p.spent[i] + step, p.spent[i + 1]);
        }
    }
    assert!(reach.hexes().all(|(h, _)| h != start));
    assert_eq!(reach.cost(start), Some(Mp::ZERO));
}

#[test]
fn reach_is_the_cheapest() {
    // Brute force: relax every edge until nothing changes (Bellman-Ford),
    // and compare with the Dijkstra result for every budget.
    let m = fte_66_map();
    let start = at(&m, "21.17");
    let all: Vec<Hex> = m.hexes().collect();
    let mut best: Vec<Option<Mp>> = all
        .iter()
        .map(|h| (*h == start).then_some(Mp::ZERO))
        .collect();
    loop {
        let mut changed = false;
        for (i, h) in all.iter().enumerate() {
            let Some(c) = best[i] else { continue };
            for n in m.neighbours(*h) {
                let j = m.index(n).unwrap();
                let t = c + infantry(&m, *h, n).unwrap();
                if best[j].is_none_or(|o| t < o) {
                    best[j] = Some(t);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    for budget in [0, 3, 7, 9, 12, 40] {
        let reach = m.reachable(start, Mp::new(budget), &infantry);
        for (i, h) in all.iter().enumerate() {
            let want = best[i].filter(|c| *c <= Mp::new(budget));
            assert_eq!(reach.cost(*h), want, "{} with {budget}", m.coord(*h));
        }
    }
}

/// FTE 6.5: leaving the map costs 1 MP.
struct WithExit;

impl MoveCost<Ground> for WithExit {
    fn enter(&self, map: &HexMap<Ground>, from: Hex, to: Hex) -> Option<Mp> {
        infantry(map, from, to)
    }
    fn exit(&self, _: &HexMap<Ground>, _: Hex) -> Option<Mp> {
        Some(Mp::new(1))
    }
}

#[test]
fn leaving_the_map() {
    let m = fte_66_map();
    let start = at(&m, "24.20");
    // 24.20 -> 25.20 (Jungle, 2) -> off the map (1) = 3.
    let r = m.reachable(start, Mp::new(3), &WithExit);
    assert_eq!(
        names(&m, &r.exits().iter().map(|e| e.0).collect::<Vec<_>>()),
        ["25.20", "25.21"]
    );
    assert!(r.exits().iter().all(|e| e.1 == Mp::new(3)));
    assert!(m.reachable(start, Mp::new(2), &WithExit).exits().is_empty());
    // A unit on the edge may leave straight away.
    let edge = at(&m, "25.19");
    let r = m.reachable(edge, Mp::new(1), &WithExit);
    assert_eq!(r.exits(), &[(edge, Mp::new(1))]);
    // The closure form never leaves.
    assert!(m.reachable(edge, Mp::new(9), &infantry).exits().is_empty());
}

#[test]
fn prohibited_moves_and_unreachable_goals() {
    let m = fte_66_map();
    let no_jungle = |map: &HexMap<Ground>, f: Hex, t: Hex| {
        (map.get(t) != Some(&Ground::Jungle))
            .then(|| infantry(map, f, t))
            .flatten()
    };
    let start = at(&m, "23.19");
    let r = m.reachable(start, Mp::new(20), &no_jungle);
    let got: BTreeSet<String> = r.hexes().map(|(h, _)| m.coord(h).to_string()).collect();
    let want: BTreeSet<String> = ["23.18", "23.20", "22.20", "23.21"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(got, want);
    assert_eq!(m.cheapest_path(start, at(&m, "17.15"), &no_jungle), None);
    let off = m.hex(MapCoord::new(40, 40));
    assert_eq!(m.cheapest_path(off, start, &infantry), None);
    assert_eq!(m.reachable(off, Mp::new(5), &infantry).hexes().count(), 0);
    let p = m.cheapest_path(start, start, &infantry).unwrap();
    assert_eq!(p.hexes, [start]);
    assert_eq!(p.total(), Mp::ZERO);
}

// ---------------------------------------------------------------- LoS

fn jungle_at(list: &[&str]) -> HexMap<Ground> {
    let mut m = HexMap::new(
        Offset::EvenColumnsDown,
        MapCoord::new(15, 14),
        MapCoord::new(26, 24),
        Ground::Clear,
    )
    .unwrap();
    for s in list {
        let h = at(&m, s);
        m.set(h, Ground::Jungle);
    }
    m
}

fn blocking(_: Hex, g: &Ground) -> bool {
    *g == Ground::Jungle
}

// FTE 7.3.2 LoS example: 20.20 always sees the adjacent 20.19.
#[test]
fn fte_7_3_2_adjacent_hexes_see_each_other() {
    let m = jungle_at(&["20.19", "20.20"]);
    let (a, b) = (at(&m, "20.20"), at(&m, "20.19"));
    assert!(m.los(a, b, SideRule::BothBlock, blocking).is_clear());
    assert_eq!(
        trace(a, b).steps,
        [Step::Hex(a), Step::Side { from: a, to: b }, Step::Hex(b)]
    );
}

// FTE 7.3.2 LoS example: 20.20 to 19.19 runs along the hexside between 20.19
// and 19.20; one blocking hex beside it does not block (7.3.1), two do.
#[test]
fn fte_7_3_2_along_a_hexside() {
    let (a, b) = {
        let m = jungle_at(&[]);
        (at(&m, "20.20"), at(&m, "19.19"))
    };
    let m = jungle_at(&["20.19"]);
    let t = trace(a, b);
    let side = Hexside::new(at(&m, "20.19"), at(&m, "19.20")).unwrap();
    assert_eq!(
        t.steps,
        [
            Step::Hex(a),
            Step::Along {
                side,
                from: a,
                to: b
            },
            Step::Hex(b)
        ]
    );
    assert_eq!(t.between().count(), 0);
    assert_eq!(t.alongs().collect::<Vec<_>>(), [side]);
    assert!(m.los(a, b, SideRule::BothBlock, blocking).is_clear());
    assert_eq!(
        m.los(a, b, SideRule::EitherBlocks, blocking),
        Sight::Blocked(Blocker::Along(side))
    );
    let m = jungle_at(&["19.20"]);
    assert!(m.los(a, b, SideRule::BothBlock, blocking).is_clear());
    let m = jungle_at(&["20.19", "19.20"]);
    assert_eq!(
        m.los(a, b, SideRule::BothBlock, blocking),
        Sight::Blocked(Blocker::Along(side))
    );
    // The end hexes' own terrain never matters (7.3.1).
    let m = jungle_at(&["20.20", "19.19", "20.19"]);
    assert!(m.los(a, b, SideRule::BothBlock, blocking).is_clear());
}

// FTE 7.3.2 LoS example: no LoS from 20.20 to 22.18 through Blocking 21.19.
#[test]
fn fte_7_3_2_through_a_blocking_hex() {
    let m = jungle_at(&["21.19"]);
    let (a, b) = (at(&m, "20.20"), at(&m, "22.18"));
    let t = trace(a, b);
    assert!(
        t.between().any(|h| m.coord(h).to_string() == "21.19"),
        "{:?}",
        names(&m, &t.hexes().collect::<Vec<_>>())
    );
    assert_eq!(
        m.los(a, b, SideRule::BothBlock, blocking),
        Sight::Blocked(Blocker::Hex(at(&m, "21.19")))
    );
    assert!(
        jungle_at(&[])
            .los(a, b, SideRule::BothBlock, blocking)
            .is_clear()
    );
}

/// A reconstruction of the slope situation of the FTE 7.3.2 example around
/// 62.19 (the map itself is not in the text): high ground (level 1) west of
/// a slope line running between 61.19 and 60.18/60.19, and between 60.20 and
/// 60.19/59.20.
fn fte_slope_map() -> HexMap<Ground> {
    let mut m = HexMap::new(
        Offset::EvenColumnsDown,
        MapCoord::new(55, 14),
        MapCoord::new(66, 24),
        Ground::Clear,
    )
    .unwrap();
    for h in m.hexes().collect::<Vec<_>>() {
        let c = m.coord(h);
        let high = (c.col <= 60 && c.row <= 19) || (c.col <= 59 && c.row == 20);
        m.set_level(h, if high { 1 } else { 0 });
    }
    m
}

/// FTE 7.3.1's slope bullets, written for this test only: a slope higher than
/// both units blocks; with the units at different levels, a slope at the
/// higher unit's level blocks unless it is a hexside of the higher unit's hex.
/// A slope counts when the line crosses it, runs along it, or passes between
/// its two hexes through one of its ends.
fn fte_slopes_clear(m: &HexMap<Ground>, a: Hex, b: Hex) -> bool {
    if distance(a, b) <= 1 {
        return true;
    }
    let (la, lb) = (m.level(a).unwrap(), m.level(b).unwrap());
    let (higher, top) = if la >= lb { (a, la) } else { (b, lb) };
    for (contact, slope) in m.slopes_on(&trace(a, b)) {
        if contact.contact == Contact::Touched {
            continue;
        }
        if slope.high_level > la.max(lb) {
            return false;
        }
        if la != lb && slope.high_level == top && !contact.side.touches(higher) {
            return false;
        }
    }
    true
}

// FTE 7.3.2 second situation: 62.19 sees 60.18 (the slope is a hexside of the
// higher hex) but not 59.19; from 60.20, 59.20 and 60.19 are seen, 59.19 and
// 60.18 are not.
#[test]
fn fte_7_3_2_slopes() {
    let m = fte_slope_map();
    let h = |s| at(&m, s);
    assert!(fte_slopes_clear(&m, h("62.19"), h("60.18")));
    assert!(!fte_slopes_clear(&m, h("62.19"), h("59.19")));
    assert!(fte_slopes_clear(&m, h("60.20"), h("59.20")));
    assert!(fte_slopes_clear(&m, h("60.20"), h("60.19")));
    assert!(!fte_slopes_clear(&m, h("60.20"), h("59.19")));
    assert!(!fte_slopes_clear(&m, h("60.20"), h("60.18")));
    // The facts the rule was judged on.
    let t = trace(h("62.19"), h("60.18"));
    let slopes = m.slopes_on(&t);
    assert_eq!(slopes.len(), 1);
    let (c, s) = slopes[0];
    assert_eq!(
        c.contact,
        Contact::Crossed {
            from: h("61.19"),
            to: h("60.18")
        }
    );
    assert_eq!(
        (s.high, s.low, s.high_level, s.low_level),
        (h("60.18"), h("61.19"), 1, 0)
    );
    // 60.20 to 59.19 runs along 60.19/59.20 (both high): it climbs out of
    // 60.20 through the corner where the two slopes of 60.20 meet.
    let t = trace(h("60.20"), h("59.19"));
    let along = Hexside::new(h("60.19"), h("59.20")).unwrap();
    assert_eq!(t.alongs().collect::<Vec<_>>(), [along]);
    let slopes = m.slopes_on(&t);
    assert_eq!(slopes.len(), 2);
    for (c, s) in slopes {
        assert_eq!(s.low, h("60.20"));
        assert!(matches!(c.contact, Contact::AtEnd { from, .. } if from == h("60.20")));
    }
}

// FTE 7.3.1: a slope higher than both units blocks: two hexes in a valley
// with a hill between cannot see each other; two on the hill can.
#[test]
fn fte_7_3_1_up_slope_between_low_units() {
    let mut m = jungle_at(&[]);
    for s in ["20.18", "20.19", "21.19"] {
        let h = at(&m, s);
        m.set_level(h, 1);
    }
    let h = |s| at(&m, s);
    assert!(!fte_slopes_clear(&m, h("19.19"), h("22.19")));
    assert!(fte_slopes_clear(&m, h("20.18"), h("21.19")));
    assert!(
        fte_slopes_clear(&m, h("19.15"), h("19.22")),
        "passes west of the hill"
    );
}

#[test]
fn features_on_a_line() {
    let mut m = jungle_at(&[]);
    let (a, b) = (at(&m, "18.18"), at(&m, "18.19"));
    m.set_side(
        a,
        b,
        SideFeatures {
            stream: true,
            ..Default::default()
        },
    )
    .unwrap();
    let t = trace(at(&m, "18.16"), at(&m, "18.22"));
    let f = m.features_on(&t);
    assert_eq!(f.len(), 1);
    assert!(f[0].1.stream);
    assert_eq!(f[0].0.contact, Contact::Crossed { from: a, to: b });
}

// ------------------------------------------------------ trace properties

fn region(radius: u32) -> Vec<Hex> {
    Hex::ZERO.range(radius).collect()
}

/// Checks a trace against exact rational points of the line, independently
/// of the walk: every point lies in a hex the trace names, and every hex the
/// trace says the line passes through has a point of the line strictly inside.
///
/// The times at which the line meets a hexside are fractions with
/// denominators at most 2n, so two of them are at least 1/(4n²) apart, and
/// points spaced 1/(8n²) apart put at least one inside each stretch.
fn check_against_samples(a: Hex, b: Hex) {
    let t = trace(a, b);
    let n = distance(a, b) as i64;
    let passed: BTreeSet<(i32, i32)> = t.hexes().map(|h| (h.x, h.y)).collect();
    let mut allowed = passed.clone();
    for s in t.alongs() {
        let (l, r) = s.hexes();
        allowed.insert((l.x, l.y));
        allowed.insert((r.x, r.y));
    }
    for h in t.touched() {
        allowed.insert((h.x, h.y));
    }
    let near: BTreeSet<(i32, i32)> = allowed
        .iter()
        .flat_map(|&(x, y)| Hex::new(x, y).range(1))
        .map(|h| (h.x, h.y))
        .collect();
    let cube = |h: Hex| [h.x as i64, h.y as i64, -(h.x as i64) - h.y as i64];
    let (ca, cb) = (cube(a), cube(b));
    let m = 8 * n * n + 1;
    let mut strictly: BTreeSet<(i32, i32)> = BTreeSet::new();
    for k in 0..=m {
        // Point = a + k/m (b - a), scaled by m.
        let p: Vec<i64> = (0..3).map(|i| ca[i] * m + k * (cb[i] - ca[i])).collect();
        let mut found = false;
        for &(x, y) in &near {
            let c = cube(Hex::new(x, y));
            let off: Vec<i64> = (0..3)
                .map(|i| {
                    let j = (i + 1) % 3;
                    ((p[i] - p[j]) - (c[i] - c[j]) * m).abs()
                })
                .collect();
            if off.iter().all(|o| *o <= m) {
                found = true;
                assert!(
                    allowed.contains(&(x, y)),
                    "{a:?}->{b:?}: point {k}/{m} in {x},{y}"
                );
            }
            if off.iter().all(|o| *o < m) {
                strictly.insert((x, y));
            }
        }
        assert!(
            found,
            "{a:?}->{b:?}: point {k}/{m} in no hex near the trace"
        );
    }
    assert_eq!(strictly, passed, "{a:?}->{b:?}");
}

#[test]
fn trace_matches_exact_samples() {
    let hexes = region(4);
    for &a in &hexes {
        for &b in &hexes {
            check_against_samples(a, b);
        }
    }
    for b in [
        Hex::new(-6, 1),
        Hex::new(7, -2),
        Hex::new(5, -4),
        Hex::new(9, 4),
    ] {
        check_against_samples(Hex::ZERO, b);
    }
}

#[test]
fn trace_is_a_chain_of_neighbours() {
    let hexes = region(6);
    let o = Hex::ZERO;
    for &b in &hexes {
        let t = trace(o, b);
        let n = distance(o, b) as usize;
        let hs: Vec<Hex> = t.hexes().collect();
        assert_eq!(t.start(), Some(o));
        assert_eq!(t.end(), Some(b));
        let along = t.alongs().count();
        if along == 0 {
            // At least one hex per hex of range; a line may clip more.
            assert!(hs.len() > n, "{b:?}");
            for w in hs.windows(2) {
                assert_eq!(distance(w[0], w[1]), 1);
            }
        } else {
            // Along hexsides: every second hex of range is passed through.
            assert_eq!(along * 2, n);
            assert_eq!(hs.len(), along + 1);
        }
        // Steps alternate hex, crossing, hex...
        for (i, s) in t.steps.iter().enumerate() {
            assert_eq!(
                matches!(s, Step::Hex(_)),
                i % 2 == 0,
                "{b:?}: {:?}",
                t.steps
            );
        }
        // Each crossing joins the hexes before and after it.
        for w in t.steps.windows(3).step_by(2) {
            let (Step::Hex(p), Step::Hex(q)) = (w[0], w[2]) else {
                panic!()
            };
            match w[1] {
                Step::Side { from, to } | Step::Corner { from, to, .. } => {
                    assert_eq!((from, to), (p, q));
                }
                Step::Along { side, from, to } => {
                    assert_eq!((from, to), (p, q));
                    let (l, r) = side.hexes();
                    for x in [l, r] {
                        assert_eq!(distance(x, p), 1);
                        assert_eq!(distance(x, q), 1);
                    }
                }
                Step::Hex(_) => panic!(),
            }
        }
    }
}

#[test]
fn trace_is_symmetric() {
    let hexes = region(7);
    for &a in &hexes {
        for &b in &hexes {
            let f = trace(a, b);
            let r = trace(b, a);
            let mut fh: Vec<Hex> = f.hexes().collect();
            fh.reverse();
            assert_eq!(fh, r.hexes().collect::<Vec<_>>(), "{a:?} {b:?}");
            let mut fa: Vec<Hexside> = f.alongs().collect();
            fa.reverse();
            assert_eq!(fa, r.alongs().collect::<Vec<_>>());
            let mut ft: Vec<(i32, i32)> = f.touched().map(|h| (h.x, h.y)).collect();
            ft.reverse();
            assert_eq!(ft, r.touched().map(|h| (h.x, h.y)).collect::<Vec<_>>());
            let fs: BTreeSet<Hexside> = f.sides().iter().map(|c| c.side).collect();
            let rs: BTreeSet<Hexside> = r.sides().iter().map(|c| c.side).collect();
            assert_eq!(fs, rs);
        }
    }
}

#[test]
fn corners_are_found_exactly() {
    // From the centre of 0,0 through the corner shared by (1,-1), (2,-1) and
    // (2,-2) (cube offset (5/3, -4/3, -1/3)) to (5,-4).
    let t = trace(Hex::ZERO, Hex::new(5, -4));
    let corners: Vec<&Step> = t
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Corner { .. }))
        .collect();
    assert_eq!(corners.len(), 2, "{:?}", t.steps);
    let Step::Corner { from, to, touched } = *corners[0] else {
        unreachable!()
    };
    let three: BTreeSet<(i32, i32)> = [from, to, touched].iter().map(|h| (h.x, h.y)).collect();
    assert_eq!(three, [(1, -1), (2, -1), (2, -2)].into_iter().collect());
    let mut sides = t.sides();
    sides.retain(|c| c.contact == Contact::Touched);
    assert_eq!(sides.len(), 4);
    // A touched hex never blocks under the usual conventions.
    let mut m = HexMap::new(
        Offset::EvenColumnsDown,
        MapCoord::new(-6, -6),
        MapCoord::new(9, 9),
        Ground::Clear,
    )
    .unwrap();
    for h in t.touched().collect::<Vec<_>>() {
        m.set(h, Ground::Jungle);
    }
    assert!(
        m.los(Hex::ZERO, Hex::new(5, -4), SideRule::EitherBlocks, blocking)
            .is_clear()
    );
    m.set(from, Ground::Jungle);
    assert!(
        !m.los(Hex::ZERO, Hex::new(5, -4), SideRule::EitherBlocks, blocking)
            .is_clear()
    );
}

#[test]
fn same_hex_and_range() {
    let h = Hex::new(3, -2);
    assert_eq!(trace(h, h).steps, [Step::Hex(h)]);
    assert_eq!(trace(h, h).between().count(), 0);
    let m = fte_66_map();
    assert_eq!(distance(at(&m, "21.17"), at(&m, "23.20")), 4);
    assert_eq!(distance(at(&m, "20.19"), at(&m, "20.19")), 0);
}

#[test]
fn long_lines_do_not_overflow() {
    let a = Hex::new(-20_000, 9_000);
    let b = Hex::new(30_000, -1_234);
    let t = trace(a, b);
    assert_eq!(t.end(), Some(b));
    let hs: Vec<Hex> = t.hexes().collect();
    assert!(hs.len() as u32 > distance(a, b));
    assert!(hs.windows(2).all(|w| distance(w[0], w[1]) == 1));
}

/// Distances agree with hexx's where hexx's `i32` maths holds, and do not
/// overflow where it would (the far corners of `i32`).
#[test]
fn distance_never_overflows() {
    let o = Hex::new(0, 0);
    for h in [Hex::new(3, -1), Hex::new(-7, 2), Hex::new(0, 5)] {
        assert_eq!(distance(o, h), o.unsigned_distance_to(h));
        assert_eq!(distance(h, o), distance(o, h));
    }
    let far = Hex::new(i32::MIN, i32::MIN);
    assert_eq!(distance(far, Hex::new(i32::MAX, i32::MAX)), u32::MAX);
    assert_eq!(distance(far, o), u32::MAX);
    assert_eq!(distance(Hex::new(i32::MIN, 0), o), 1 << 31);
}
