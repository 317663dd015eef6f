//! Moving a base along a path over terrain: where the path enters, leaves
//! and crosses features, what it costs, and where the move must end.

use super::base::Base;
use super::features::{Feature, Shape, merge, sight};
use super::geom::{EPS, Point, path_length, point_along};
use crate::sort::StableSort;
use serde::{Deserialize, Serialize};

/// What the centre of a moving base does at a feature.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Transit {
    /// Into an area or onto a band.
    Enter,
    /// Out of an area or off a band.
    Leave,
    /// Across a line (a hedge, a dyke, a wall).
    Cross,
}

/// Where along a path its centre enters, leaves or crosses a feature.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathEvent {
    /// Inches along the path.
    pub at: f64,
    /// Index of the feature.
    pub feature: usize,
    pub transit: Transit,
}

/// A stretch of a path with the same terrain under the base's centre.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leg {
    pub from: f64,
    pub to: f64,
    /// The areas and bands the centre is in along it, by index; empty in
    /// the open.
    pub inside: Vec<usize>,
}

/// Cuts a path (of a base's centre) into legs of the same terrain, and
/// lists in order where it enters, leaves or crosses features. Legs are
/// also cut where a line is crossed, so every event falls at the start of
/// a leg (or at the end of the path). A path that starts inside a feature
/// does not enter it; one that ends inside does not leave it; a line is
/// crossed when the centre reaches it after the start.
pub fn path_legs<K>(path: &[Point], features: &[Feature<K>]) -> (Vec<Leg>, Vec<PathEvent>) {
    let total = path_length(path);
    let mut spans: Vec<Vec<(f64, f64)>> = vec![vec![]; features.len()];
    let mut crossings: Vec<(f64, usize)> = vec![];
    let mut off = 0.0;
    for w in path.windows(2) {
        for h in sight(w[0], w[1], features) {
            match features[h.feature].shape {
                Shape::Line(_) => {
                    crossings.extend(h.crossings.iter().map(|c| (off + c, h.feature)));
                }
                _ => spans[h.feature].extend(h.spans.iter().map(|(a, b)| (off + a, off + b))),
            }
        }
        off += w[0].distance(w[1]);
    }
    let spans: Vec<Vec<(f64, f64)>> = spans.into_iter().map(merge).collect();
    let mut events = vec![];
    let mut cuts = vec![0.0, total];
    for (i, ss) in spans.iter().enumerate() {
        for &(a, b) in ss {
            cuts.push(a);
            cuts.push(b);
            if a > EPS {
                events.push(PathEvent {
                    at: a,
                    feature: i,
                    transit: Transit::Enter,
                });
            }
            if b < total - EPS {
                events.push(PathEvent {
                    at: b,
                    feature: i,
                    transit: Transit::Leave,
                });
            }
        }
    }
    crossings.stable_sort_by(|a, b| a.1.cmp(&b.1).then(a.0.total_cmp(&b.0)));
    crossings.dedup_by(|a, b| a.1 == b.1 && (a.0 - b.0).abs() <= EPS);
    for &(at, i) in &crossings {
        if at > EPS {
            cuts.push(at);
            events.push(PathEvent {
                at,
                feature: i,
                transit: Transit::Cross,
            });
        }
    }
    // Leaving before entering at the same point: out of one field, into the next.
    let order = |t: Transit| match t {
        Transit::Leave => 0,
        Transit::Cross => 1,
        Transit::Enter => 2,
    };
    events.stable_sort_by(|a, b| {
        a.at.total_cmp(&b.at)
            .then(order(a.transit).cmp(&order(b.transit)))
            .then(a.feature.cmp(&b.feature))
    });
    cuts.stable_sort_by(f64::total_cmp);
    cuts.dedup_by(|a, b| (*a - *b).abs() <= EPS);
    let mut legs = vec![];
    for c in cuts.windows(2) {
        let mid = (c[0] + c[1]) / 2.0;
        let inside = spans
            .iter()
            .enumerate()
            .filter(|(_, ss)| ss.iter().any(|&(a, b)| a <= mid && mid <= b))
            .map(|(i, _)| i)
            .collect();
        legs.push(Leg {
            from: c[0],
            to: c[1],
            inside,
        });
    }
    (legs, events)
}

/// Where a feature that ends a move stops the moving base.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StopAt {
    /// When the base first touches it (a line: the base reaches it and
    /// stands against it).
    Touch,
    /// When the base's centre enters it (a line: reaches it).
    Centre,
    /// When the whole base is in it (a line: has wholly crossed it).
    Whole,
}

/// A game's movement chart, for [`plan_move`]. Costs are in inches of
/// allowance: a move of 6" in the open costs 6; at half speed it costs 12.
pub trait Terrain<K> {
    /// Allowance per inch moved with the centre inside these features
    /// (every area and band it is in; none in the open). `None`: the mover
    /// may not go there. [`route_rate`] is a ready answer.
    fn rate(&self, inside: &[&Feature<K>]) -> Option<f64>;

    /// Allowance spent to enter an area or band ("half a turn to enter a
    /// bunker"); `None`: may not enter.
    fn enter(&self, _f: &Feature<K>) -> Option<f64> {
        Some(0.0)
    }

    /// Allowance spent to leave an area or band; `None`: may not leave.
    fn leave(&self, _f: &Feature<K>) -> Option<f64> {
        Some(0.0)
    }

    /// Allowance spent to cross a line; `None`: may not cross (a wall for
    /// wheeled vehicles).
    fn cross(&self, _f: &Feature<K>) -> Option<f64> {
        Some(0.0)
    }

    /// Whether reaching this feature ends the move, and when (Crossfire:
    /// every feature entered, every linear obstacle). The feature the base
    /// is already in or against at the start does not stop it until it has
    /// left it and comes back.
    fn stop(&self, _f: &Feature<K>) -> Option<StopAt> {
        None
    }
}

/// The usual way several features combine: on a band (a road, a trail)
/// the fastest band's rate, whatever it runs through; otherwise the
/// slowest of the areas; 1 in the open. `per_kind` gives the allowance per
/// inch of one kind, `None` where the mover may not go.
pub fn route_rate<K>(inside: &[&Feature<K>], per_kind: impl Fn(&K) -> Option<f64>) -> Option<f64> {
    let bands: Vec<Option<f64>> = inside
        .iter()
        .filter(|f| matches!(f.shape, Shape::Band { .. }))
        .map(|f| per_kind(&f.kind))
        .collect();
    if let Some(best) = bands.iter().flatten().copied().reduce(f64::min) {
        return Some(best);
    }
    let mut worst: f64 = 1.0;
    let mut any = false;
    for f in inside
        .iter()
        .filter(|f| !matches!(f.shape, Shape::Band { .. }))
    {
        let r = per_kind(&f.kind)?;
        worst = if any { worst.max(r) } else { r };
        any = true;
    }
    if !bands.is_empty() && bands.iter().all(|b| b.is_none()) {
        return None;
    }
    Some(worst)
}

/// Why a move ends before the end of its path.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Halt {
    /// The allowance is spent.
    OutOfMovement,
    /// The path goes where the mover may not: into or across this feature,
    /// or (`None`) open ground it may not cross.
    Impassable { feature: Option<usize> },
    /// The terrain ends the move here (Crossfire: a feature entered, a
    /// linear obstacle reached).
    Stopped { feature: usize },
    /// Another base is in the way: the mover stops in contact with it.
    Blocked { base: usize },
}

/// A move priced and cut short where it must end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MovePlan {
    /// The length of the path asked for.
    pub length: f64,
    /// The allowance the whole path would need, ignoring stops; `None` if
    /// it goes where the mover may not.
    pub needed: Option<f64>,
    /// How far along the path the move gets.
    pub reach: f64,
    /// Where the base's centre ends.
    pub end: Point,
    /// Allowance spent to get there.
    pub spent: f64,
    /// Why it ends short of the path's end; `None` if it gets there.
    pub halt: Option<Halt>,
    pub legs: Vec<Leg>,
    pub events: Vec<PathEvent>,
}

impl MovePlan {
    /// The whole path can be moved.
    pub fn complete(&self) -> bool {
        self.halt.is_none()
    }
}

/// Prices a move of `base` along `path` (the path of its centre, starting
/// where it stands) with `allowance` inches, and finds where it ends: the
/// first of the allowance running out, impassable terrain, a feature that
/// stops it ([`Terrain::stop`]) and a base of `others` in the way (the move
/// ends in contact). An infinite allowance prices nothing away (Crossfire
/// has no ruler) but still finds the stops.
pub fn plan_move<K>(
    base: &Base,
    path: &[Point],
    allowance: f64,
    features: &[Feature<K>],
    others: &[Base],
    terrain: &impl Terrain<K>,
) -> MovePlan {
    let length = path_length(path);
    let (legs, events) = path_legs(path, features);
    let event_cost = |e: &PathEvent| {
        let f = &features[e.feature];
        match e.transit {
            Transit::Enter => terrain.enter(f),
            Transit::Leave => terrain.leave(f),
            Transit::Cross => terrain.cross(f),
        }
    };
    let leg_rate = |l: &Leg| {
        let fs: Vec<&Feature<K>> = l.inside.iter().map(|&i| &features[i]).collect();
        terrain.rate(&fs)
    };
    let needed = (|| {
        let mut sum = 0.0;
        for e in &events {
            sum += event_cost(e)?;
        }
        for l in &legs {
            sum += (l.to - l.from) * leg_rate(l)?;
        }
        Some(sum)
    })();

    // The earliest stop the terrain or another base imposes.
    let mut limit: Option<(f64, Halt)> = None;
    let mut propose = |at: f64, why: Halt| {
        if at > EPS && limit.is_none_or(|(l, _)| at < l - EPS) {
            limit = Some((at, why));
        }
    };
    if path.len() >= 2 {
        let start = base.at(path[0]);
        // Features beyond the reach of the base anywhere on the path cannot
        // stop it: a cheap box test spares them the swept geometry.
        let reach = base.reach();
        let (lo, hi) = path.iter().fold(
            (
                Point::new(f64::INFINITY, f64::INFINITY),
                Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
            ),
            |(lo, hi), p| {
                (
                    Point::new(lo.x.min(p.x), lo.y.min(p.y)),
                    Point::new(hi.x.max(p.x), hi.y.max(p.y)),
                )
            },
        );
        for (i, f) in features.iter().enumerate() {
            if !f.may_meet(lo, hi, reach) {
                continue;
            }
            let Some(rule) = terrain.stop(f) else {
                continue;
            };
            if let Some(at) = stop_point(f, &start, path, rule) {
                propose(at, Halt::Stopped { feature: i });
            }
        }
        if let Some((at, i)) = start.first_contact(path, others) {
            propose(at, Halt::Blocked { base: i });
        }
    }
    let (limit_at, limit_why) = limit.map_or((length, None), |(a, w)| (a, Some(w)));

    let mut spent = 0.0;
    let mut ev = events.iter().peekable();
    let mut halt: Option<(f64, Halt)> = None;
    'legs: for l in &legs {
        while let Some(e) = ev.next_if(|e| e.at <= l.from + EPS) {
            if e.at > limit_at + EPS {
                break;
            }
            let Some(c) = event_cost(e) else {
                halt = Some((
                    e.at,
                    Halt::Impassable {
                        feature: Some(e.feature),
                    },
                ));
                break 'legs;
            };
            if spent + c > allowance + EPS {
                halt = Some((e.at, Halt::OutOfMovement));
                break 'legs;
            }
            spent += c;
        }
        if l.from >= limit_at - EPS {
            break;
        }
        let Some(rate) = leg_rate(l) else {
            let entered = events
                .iter()
                .find(|e| (e.at - l.from).abs() <= EPS && e.transit == Transit::Enter)
                .map(|e| e.feature)
                .or(l.inside.first().copied());
            halt = Some((l.from, Halt::Impassable { feature: entered }));
            break;
        };
        let end = l.to.min(limit_at);
        let cost = (end - l.from) * rate;
        if spent + cost > allowance + EPS {
            let reach = if rate > 0.0 {
                l.from + (allowance - spent).max(0.0) / rate
            } else {
                end
            };
            spent = allowance;
            halt = Some((reach.min(end), Halt::OutOfMovement));
            break;
        }
        spent += cost;
    }
    // Events at the very end of the path (a line crossed there).
    if halt.is_none() && limit_at >= length - EPS {
        for e in ev {
            let Some(c) = event_cost(e) else {
                halt = Some((
                    e.at,
                    Halt::Impassable {
                        feature: Some(e.feature),
                    },
                ));
                break;
            };
            if spent + c > allowance + EPS {
                halt = Some((e.at, Halt::OutOfMovement));
                break;
            }
            spent += c;
        }
    }
    let (reach, halt) = match (halt, limit_why) {
        (Some((at, why)), _) => (at, Some(why)),
        (None, Some(why)) => (limit_at, Some(why)),
        (None, None) => (length, None),
    };
    MovePlan {
        length,
        needed,
        reach,
        end: point_along(path, reach),
        spent,
        halt,
        legs,
        events,
    }
}

/// Where on the path the feature stops a base moving along it, by `rule`.
fn stop_point<K>(f: &Feature<K>, start: &Base, path: &[Point], rule: StopAt) -> Option<f64> {
    let first_new = |v: &[(f64, f64)]| v.iter().find(|s| s.0 > EPS).map(|s| s.0);
    if rule == StopAt::Centre {
        // Only the centre's path matters: no need to sweep the base.
        return first_new(&f.centre_passage(path));
    }
    let p = f.passage(start, path);
    match (rule, &f.shape) {
        (StopAt::Touch, _) => first_new(&p.touching),
        (StopAt::Centre, _) => first_new(&p.centre),
        (StopAt::Whole, Shape::Line(_)) => {
            // Across: the end of a contact with the line, short of the
            // path's end (a move ending astride it simply ends there).
            let total = path_length(path);
            p.touching
                .iter()
                .map(|s| s.1)
                .find(|&e| e > EPS && e < total - EPS)
        }
        (StopAt::Whole, _) => first_new(&p.whole),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tabletop::testing::{near, p, square};

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum K {
        Jungle,
        Paddy,
        Road,
        Bunker,
        Dyke,
        Wall,
    }

    fn close(a: f64, b: f64) {
        near(a, b, 1e-6);
    }

    /// The card-driven game's terrain chart for infantry, in part: dense
    /// jungle half speed, a road at road speed (the same as off-road for
    /// infantry: 6"), a bunker half a move (3") to enter or leave, a wall
    /// no delay, a dyke 1" (our own figure, for the test).
    struct Infantry;

    impl Terrain<K> for Infantry {
        fn rate(&self, inside: &[&Feature<K>]) -> Option<f64> {
            route_rate(inside, |k| match k {
                K::Jungle => Some(2.0),
                _ => Some(1.0),
            })
        }
        fn enter(&self, f: &Feature<K>) -> Option<f64> {
            Some(if f.kind == K::Bunker { 3.0 } else { 0.0 })
        }
        fn leave(&self, f: &Feature<K>) -> Option<f64> {
            self.enter(f)
        }
        fn cross(&self, f: &Feature<K>) -> Option<f64> {
            Some(if f.kind == K::Dyke { 1.0 } else { 0.0 })
        }
    }

    /// A tank: 12" off road, 18" on it (so a road inch costs 12/18), may
    /// not enter dense jungle or cross a wall... the chart says walls stop
    /// wheels, not tracks; here a truck.
    struct Truck;

    impl Terrain<K> for Truck {
        fn rate(&self, inside: &[&Feature<K>]) -> Option<f64> {
            route_rate(inside, |k| match k {
                K::Jungle => None,
                K::Road => Some(12.0 / 18.0),
                _ => Some(1.0),
            })
        }
        fn cross(&self, f: &Feature<K>) -> Option<f64> {
            (f.kind != K::Wall).then_some(0.0)
        }
    }

    /// Crossfire: no ruler; every feature entered and every linear obstacle
    /// reached ends the move.
    struct Crossfire(StopAt, StopAt);

    impl Terrain<K> for Crossfire {
        fn rate(&self, _: &[&Feature<K>]) -> Option<f64> {
            Some(1.0)
        }
        fn stop(&self, f: &Feature<K>) -> Option<StopAt> {
            match f.shape {
                Shape::Line(_) => Some(self.1),
                Shape::Band { .. } => None,
                Shape::Area(_) => Some(self.0),
            }
        }
    }

    /// A Crossfire move with no ruler: where does it end?
    fn cf(
        s: &Base,
        path: &[Point],
        fs: &[Feature<K>],
        others: &[Base],
        area: StopAt,
        line: StopAt,
    ) -> MovePlan {
        plan_move(s, path, f64::INFINITY, fs, others, &Crossfire(area, line))
    }

    fn stand(at: Point) -> Base {
        Base::rect(at, 1.5, 1.5, p(1.0, 0.0))
    }

    #[test]
    fn legs_and_events_along_a_path() {
        // Jungle from x = 4 to 8; a dyke at x = 10; the path east along y = 1.
        let fs = [
            square(K::Jungle, 4.0, 0.0, 8.0, 4.0),
            Feature::line(K::Dyke, vec![p(10.0, -5.0), p(10.0, 5.0)]),
        ];
        let (legs, events) = path_legs(&[p(0.0, 1.0), p(12.0, 1.0)], &fs);
        let spans: Vec<(f64, f64, Vec<usize>)> = legs
            .iter()
            .map(|l| (l.from, l.to, l.inside.clone()))
            .collect();
        assert_eq!(
            spans,
            [
                (0.0, 4.0, vec![]),
                (4.0, 8.0, vec![0]),
                (8.0, 10.0, vec![]),
                (10.0, 12.0, vec![])
            ]
        );
        let ev: Vec<(f64, usize, Transit)> = events
            .iter()
            .map(|e| (e.at, e.feature, e.transit))
            .collect();
        assert_eq!(
            ev,
            [
                (4.0, 0, Transit::Enter),
                (8.0, 0, Transit::Leave),
                (10.0, 1, Transit::Cross)
            ]
        );
        // Starting inside: no entry; a dog-leg that stays inside across
        // its corner is one stretch.
        let (legs, events) = path_legs(&[p(5.0, 1.0), p(7.0, 1.0), p(7.0, 6.0)], &fs);
        assert_eq!(legs.len(), 2);
        assert_eq!((legs[0].from, legs[0].to), (0.0, 5.0));
        assert_eq!(legs[0].inside, [0]);
        assert_eq!(events.len(), 1);
        assert_eq!((events[0].at, events[0].transit), (5.0, Transit::Leave));
    }

    // Card-driven MOVEMENT and TERRAIN CHART: infantry 6"; dense jungle
    // half speed; bunker half a turn to enter or exit.
    #[test]
    fn infantry_through_jungle_and_into_a_bunker() {
        let fs = [
            square(K::Jungle, 2.0, -2.0, 4.0, 2.0),
            square(K::Bunker, 7.0, -1.0, 8.0, 1.0),
        ];
        let s = stand(p(0.0, 0.0));
        // 2" open, 2" of jungle at 2 per inch, 2" open: 8 of allowance.
        let plan = plan_move(&s, &[p(0.0, 0.0), p(6.0, 0.0)], 8.0, &fs, &[], &Infantry);
        close(plan.needed.unwrap(), 8.0);
        assert!(plan.complete());
        close(plan.reach, 6.0);
        // 6" buys the 2" of open ground (2) and the jungle (4): it ends at
        // the jungle's far edge.
        let plan = plan_move(&s, &[p(0.0, 0.0), p(6.0, 0.0)], 6.0, &fs, &[], &Infantry);
        close(plan.reach, 4.0);
        assert_eq!(plan.halt, Some(Halt::OutOfMovement));
        // 5": 3 left at the jungle's edge buys 1.5" of it.
        let plan = plan_move(&s, &[p(0.0, 0.0), p(6.0, 0.0)], 5.0, &fs, &[], &Infantry);
        close(plan.reach, 3.5);
        // 4.5": 1.25" into it.
        let plan = plan_move(&s, &[p(0.0, 0.0), p(6.0, 0.0)], 4.5, &fs, &[], &Infantry);
        close(plan.reach, 3.25);
        close(plan.end.x, 3.25);
        close(plan.spent, 4.5);
        // Into the bunker at x = 7.5: 2 open, 4 for the jungle, 3 open, 3 to
        // enter, 0.5 inside: 12.5.
        let path = [p(0.0, 0.0), p(7.5, 0.0)];
        let plan = plan_move(&s, &path, 13.0, &fs, &[], &Infantry);
        close(plan.needed.unwrap(), 12.5);
        assert!(plan.complete());
        // With 11 the move stops at the bunker's edge: 9 spent, and 3 to
        // go in is more than the 2 left.
        let plan = plan_move(&s, &path, 11.0, &fs, &[], &Infantry);
        close(plan.reach, 7.0);
        close(plan.spent, 9.0);
        assert_eq!(plan.halt, Some(Halt::OutOfMovement));
    }

    // MOVEMENT: trucks 6" off road, 18" on road; dense jungle impassable
    // to vehicles; no wheeled vehicles over walls.
    #[test]
    fn a_truck_on_the_road_through_the_jungle() {
        let fs = [
            square(K::Jungle, 4.0, -4.0, 10.0, 4.0),
            Feature::band(K::Road, vec![p(0.0, 0.0), p(20.0, 0.0)], 2.0),
            Feature::line(K::Wall, vec![p(14.0, -1.0), p(14.0, 1.0)]),
        ];
        let truck = Base::rect(p(0.0, 0.0), 1.0, 2.0, p(1.0, 0.0));
        // On the road through the jungle: 12 inches at 2/3 = 8 of allowance.
        let plan = plan_move(&truck, &[p(0.0, 0.0), p(12.0, 0.0)], 12.0, &fs, &[], &Truck);
        close(plan.needed.unwrap(), 8.0);
        assert!(plan.complete());
        // Off the road, into the jungle: stopped at its edge.
        let plan = plan_move(&truck, &[p(0.0, 3.0), p(6.0, 3.0)], 12.0, &fs, &[], &Truck);
        assert_eq!(plan.needed, None);
        close(plan.reach, 4.0);
        assert_eq!(plan.halt, Some(Halt::Impassable { feature: Some(0) }));
        // At the wall on the road.
        let plan = plan_move(&truck, &[p(0.0, 0.0), p(18.0, 0.0)], 30.0, &fs, &[], &Truck);
        close(plan.reach, 14.0);
        assert_eq!(plan.halt, Some(Halt::Impassable { feature: Some(2) }));
        // A road 2" wide holds a 1" wide truck on its middle, not one at
        // its edge.
        assert!(fs[1].holds_base(&truck.at(p(5.0, 0.0))));
        assert!(fs[1].contains(p(5.0, 0.9)));
        assert!(!fs[1].holds_base(&truck.at(p(5.0, 0.9))));
    }

    // Crossfire: a stand moves in a straight line and stops on entering a
    // terrain feature or reaching a linear obstacle.
    #[test]
    fn crossfire_moves_feature_to_feature() {
        let fs = [
            square(K::Paddy, 0.0, -3.0, 4.0, 3.0),
            square(K::Jungle, 8.0, -5.0, 16.0, 5.0),
            Feature::line(K::Dyke, vec![p(6.0, -5.0), p(6.0, 5.0)]),
        ];
        // A 1.5" stand in the paddy at x = 2 heads east for x = 14.
        let s = stand(p(2.0, 0.0));
        let path = [p(2.0, 0.0), p(14.0, 0.0)];
        // Touch: the dyke is reached when the front edge (x + 0.75) gets
        // to 6: centre at 5.25, 3.25 along.
        let plan = cf(&s, &path, &fs, &[], StopAt::Centre, StopAt::Touch);
        close(plan.reach, 3.25);
        assert_eq!(plan.halt, Some(Halt::Stopped { feature: 2 }));
        // From against the dyke, the next move crosses it and goes on to
        // the jungle: its centre enters at x = 8, 2.75 along.
        let s2 = stand(p(5.25, 0.0));
        let path2 = [p(5.25, 0.0), p(14.0, 0.0)];
        let plan = cf(&s2, &path2, &fs, &[], StopAt::Centre, StopAt::Touch);
        close(plan.reach, 2.75);
        assert_eq!(plan.halt, Some(Halt::Stopped { feature: 1 }));
        // Reading "stops when wholly across": its back edge clears x = 6
        // with the centre at 6.75.
        let plan = cf(&s2, &path2, &fs, &[], StopAt::Centre, StopAt::Whole);
        close(plan.reach, 1.5);
        // Reading "stops when wholly in the jungle": centre at 8.75.
        let s3 = stand(p(6.75, 0.0));
        let path3 = [p(6.75, 0.0), p(14.0, 0.0)];
        let plan = cf(&s3, &path3, &fs, &[], StopAt::Whole, StopAt::Touch);
        close(plan.reach, 2.0);
        close(plan.end.x, 8.75);
        // Touch: the front edge meets the jungle at x = 8.
        let plan = cf(&s3, &path3, &fs, &[], StopAt::Touch, StopAt::Touch);
        close(plan.reach, 0.5);
        // Leaving the paddy it starts in does not stop it; a stand in its
        // way does (C19: stands may not overlap), in contact.
        let blocker = stand(p(5.0, 0.5));
        let plan = cf(&s, &path, &fs, &[blocker], StopAt::Centre, StopAt::Touch);
        close(plan.reach, 1.5);
        assert_eq!(plan.halt, Some(Halt::Blocked { base: 0 }));
    }

    #[test]
    fn passages_of_a_base() {
        let wood = square(K::Jungle, 4.0, -2.0, 8.0, 2.0);
        let s = Base::round(p(0.0, 0.0), 1.0);
        let pass = wood.passage(&s, &[p(0.0, 0.0), p(12.0, 0.0)]);
        // Touching from the front edge at x = 3 (along 3) until the back
        // edge leaves at x = 9 (along 9); centre in from 4 to 8; wholly in
        // from 5 to 7.
        assert_eq!(pass.touching.len(), 1);
        close(pass.touching[0].0, 3.0);
        close(pass.touching[0].1, 9.0);
        close(pass.centre[0].0, 4.0);
        close(pass.centre[0].1, 8.0);
        assert_eq!(pass.whole.len(), 1);
        close(pass.whole[0].0, 5.0);
        close(pass.whole[0].1, 7.0);
        // A trail 2" wide running north at x = 6: a 1"-radius disc is
        // wholly on it only with its centre exactly on the middle line.
        let trail = Feature::band(K::Road, vec![p(6.0, -10.0), p(6.0, 10.0)], 2.0);
        let pass = trail.passage(&s, &[p(0.0, 0.0), p(12.0, 0.0)]);
        close(pass.touching[0].0, 4.0);
        close(pass.touching[0].1, 8.0);
        close(pass.centre[0].0, 5.0);
        close(pass.centre[0].1, 7.0);
        assert_eq!(pass.whole.len(), 1);
        close(pass.whole[0].0, 6.0);
        close(pass.whole[0].1, 6.0);
    }

    #[test]
    fn route_rates() {
        let road = Feature::band(K::Road, vec![p(0.0, 0.0), p(1.0, 0.0)], 2.0);
        let jungle = square(K::Jungle, 0.0, 0.0, 1.0, 1.0);
        let paddy = square(K::Paddy, 0.0, 0.0, 1.0, 1.0);
        let per = |k: &K| match k {
            K::Jungle => None,
            K::Paddy => Some(1.5),
            K::Road => Some(0.5),
            _ => Some(1.0),
        };
        assert_eq!(route_rate::<K>(&[], per), Some(1.0));
        assert_eq!(route_rate(&[&paddy], per), Some(1.5));
        assert_eq!(route_rate(&[&jungle, &paddy], per), None);
        assert_eq!(route_rate(&[&jungle, &road], per), Some(0.5));
    }
}
