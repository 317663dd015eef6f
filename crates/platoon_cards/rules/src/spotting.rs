//! Chart: SPOTTING TABLE and Notes: SPOTTING: no rolls: a target is seen
//! if it is within its spotting range (by target class and cover, moved
//! along the ladder 80/60/40/30/20/10/5/2 by the modifiers) and in line of
//! sight; built-up areas and dense jungle limit spotting to 5"; whatever
//! one friend spots, the others may shoot at by "proximity".

use crate::PlatoonCards;
use crate::data::SpotClass;
use crate::geometry;
use crate::line_of_sight::{Eye, Sight};
use crate::sections::*;
use crate::state::{Side, Stand, StandId, State};
use serde::{Deserialize, Serialize};
use vt_core::Modifier;
use vt_core::tabletop::Point;

thread_local! {
    /// Answers of [`PlatoonCards::side_spots`] while a legal list is drawn
    /// up: per (side, target), up to two stands of the side that spot it.
    static SPOT_MEMO: std::cell::RefCell<Option<std::collections::BTreeMap<(Side, StandId), Spotters>>> =
        const { std::cell::RefCell::new(None) };
}

/// The first two spotters of a target found (in stand order): enough to
/// answer "does a stand other than this one spot it" for any one stand.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Spotters([Option<StandId>; 2]);

impl Spotters {
    fn other_than(self, except: Option<StandId>) -> bool {
        self.0.iter().flatten().any(|id| Some(*id) != except)
    }
}

/// Keeps [`PlatoonCards::side_spots`]'s answers for the life of the guard
/// (one `legal` list, the state untouched).
pub struct SpotMemo(bool);

impl SpotMemo {
    pub fn start() -> SpotMemo {
        let fresh = SPOT_MEMO.with(|m| {
            let mut m = m.borrow_mut();
            let fresh = m.is_none();
            if fresh {
                *m = Some(Default::default());
            }
            fresh
        });
        SpotMemo(fresh)
    }
}

impl Drop for SpotMemo {
    fn drop(&mut self) {
        if self.0 {
            SPOT_MEMO.with(|m| *m.borrow_mut() = None);
        }
    }
}

/// A spotting range worked out: the base from the chart, the modifiers
/// and the range they give.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpotRange {
    pub base: f64,
    pub cover: bool,
    pub mods: Vec<Modifier>,
    pub range: f64,
    /// Both in a built-up area or dense jungle: the 5" rule.
    pub close: bool,
}

/// What is being looked at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seen {
    pub at: Point,
    pub level: u8,
    pub class: SpotClass,
    pub moved: bool,
    pub fired: bool,
    /// Edge-to-edge distance from the spotter.
    pub distance: f64,
}

/// The spotter's side of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spotter {
    pub eye: Eye,
    pub suppressed: bool,
    pub recce: bool,
}

impl PlatoonCards {
    /// The ladder step a range sits on (or the next shorter one).
    fn ladder_index(&self, r: f64) -> usize {
        let l = &self.charts.spotting.ladder.value;
        l.iter().position(|&x| x <= r + 1e-9).unwrap_or(l.len() - 1)
    }

    /// Moves a base range along the ladder: each +1 one step longer, each
    /// -1 one step shorter, stopping at the ends.
    pub fn shift_range(&self, base: f64, steps: i32) -> f64 {
        let l = &self.charts.spotting.ladder.value;
        let i = self.ladder_index(base) as i32 - steps;
        l[i.clamp(0, l.len() as i32 - 1) as usize]
    }

    pub fn base_spot_range(&self, class: SpotClass, cover: bool) -> f64 {
        self.charts
            .spotting
            .base
            .iter()
            .find(|r| r.target == class)
            .map_or(0.0, |r| if cover { r.cover.value } else { r.open.value })
    }

    /// How far `spotter` can spot `seen`: the chart's range with every
    /// modifier (whether the line is clear is [`PlatoonCards::sight_line`]).
    pub fn spot_range(&self, s: &State, spotter: &Spotter, seen: &Seen, smoke: bool) -> SpotRange {
        let c = &self.charts.spotting;
        let here = self.terrain_at(s, seen.at);
        let cover = here.iter().any(|k| self.row(*k).spotting_cover.value)
            || self.spotting_cover_lines(s, seen.at, spotter.eye.at);
        let base = self.base_spot_range(seen.class, cover);
        let mut mods = Vec::new();
        let mut add = |on: bool, label: &str, rule: &str, v: i32| {
            if on && v != 0 {
                mods.push(Modifier::new(label, book(rule), v));
            }
        };
        add(
            spotter.suppressed,
            "spotter suppressed",
            SPOTTING,
            c.spotter_suppressed.value,
        );
        add(smoke, "through smoke", SPOTTING, c.through_smoke.value);
        add(seen.moved, "target moving", SPOTTING, c.target_moving.value);
        add(seen.fired, "target firing", SPOTTING, c.target_firing.value);
        add(
            spotter.eye.level > seen.level,
            "spotter higher",
            SPOTTING,
            c.spotter_higher.value,
        );
        add(
            spotter.recce,
            "recce or FO",
            SPOTTING_NOTES,
            c.recce_or_fo.value,
        );
        add(self.scenario_of(s).night, "night", SCENARIO, c.night.value);
        let steps: i32 = mods.iter().map(|m| m.value).sum();
        let mut range = self.shift_range(base, steps);
        let close = here.iter().any(|k| self.row(*k).close_terrain.value)
            && self.in_close_terrain(s, spotter.eye.at);
        if close {
            // Notes: SPOTTING: in a built-up area or dense jungle anyone
            // within 5" is seen, nobody further.
            range = c.close_terrain.value * spotter.eye.factor;
        }
        SpotRange {
            base,
            cover,
            mods,
            range,
            close,
        }
    }

    pub fn spotter_of(&self, s: &State, st: &Stand) -> Spotter {
        let t = self.unit(st);
        Spotter {
            eye: self.eye(s, st),
            suppressed: st.status == crate::state::Status::Suppressed,
            recce: t.recce || t.observer.is_some(),
        }
    }

    pub fn seen_stand(&self, s: &State, from: &Stand, st: &Stand) -> Seen {
        let t = self.unit(st);
        Seen {
            at: st.pos,
            level: self.level_of(s, st),
            class: t.spot_class,
            moved: st.this_turn.moved > 0.0,
            fired: st.this_turn.fired,
            distance: self.gap_between(from, st),
        }
    }

    /// Edge-to-edge distance between two stands.
    pub fn gap_between(&self, a: &Stand, b: &Stand) -> f64 {
        geometry::gap(
            &geometry::base(self.unit(a), a),
            &geometry::base(self.unit(b), b),
        )
    }

    /// Does `from` spot `target` itself? The line and the range.
    pub fn spots(&self, s: &State, from: &Stand, target: &Stand) -> bool {
        self.spot_detail(s, from, target).0
    }

    pub fn spot_detail(&self, s: &State, from: &Stand, target: &Stand) -> (bool, SpotRange, Sight) {
        // Bounds on the edge-to-edge distance from the centres: each base
        // lies within half its diagonal of its centre and holds a disc of
        // half its shorter side.
        let (a, b) = (self.unit(from), self.unit(target));
        let centre = from.pos.distance(target.pos);
        let lower = centre - (a.width.hypot(a.length) + b.width.hypot(b.length)) / 2.0;
        let upper = centre - (a.width.min(a.length) + b.width.min(b.length)) / 2.0;
        let nothing = |range: f64| SpotRange {
            base: 0.0,
            cover: false,
            mods: Vec::new(),
            range,
            close: false,
        };
        let top = self
            .charts
            .spotting
            .ladder
            .value
            .first()
            .copied()
            .unwrap_or(80.0);
        if lower > top {
            return (false, nothing(0.0), Sight::default());
        }
        let spotter = self.spotter_of(s, from);
        // An upper bound on the range without looking at the ground: the
        // open-ground figure moved by every modifier that could lengthen it.
        let c = &self.charts.spotting;
        let moved = target.this_turn.moved > 0.0;
        let fired = target.this_turn.fired;
        let steps = c.spotter_higher.value.max(0)
            + if moved {
                c.target_moving.value.max(0)
            } else {
                0
            }
            + if fired {
                c.target_firing.value.max(0)
            } else {
                0
            }
            + if spotter.recce {
                c.recce_or_fo.value.max(0)
            } else {
                0
            };
        let open = self.shift_range(self.base_spot_range(b.spot_class, false), steps);
        if lower > open.max(c.close_terrain.value * spotter.eye.factor) + 1e-9 {
            return (false, nothing(0.0), Sight::default());
        }
        let mut seen = Seen {
            at: target.pos,
            level: self.level_of(s, target),
            class: b.spot_class,
            moved: target.this_turn.moved > 0.0,
            fired: target.this_turn.fired,
            distance: lower.max(0.0),
        };
        // The range first (without smoke, which only shortens it): most
        // pairs are out of range, and the line need not be traced.
        let r = self.spot_range(s, &spotter, &seen, false);
        if lower > r.range + 1e-9 {
            return (false, r, Sight::default());
        }
        // Within range for certain: the exact distance changes nothing.
        seen.distance = if upper <= r.range {
            upper.max(0.0)
        } else {
            let d = self.gap_between(from, target);
            if d > r.range + 1e-9 {
                return (false, r, Sight::default());
            }
            d
        };
        let sight = self.stand_sight(s, from, target, false);
        let r = if sight.smoke {
            self.spot_range(s, &spotter, &seen, true)
        } else {
            r
        };
        (sight.clear && seen.distance <= r.range + 1e-9, r, sight)
    }

    /// Some stand of `side` other than `except` spots the target (for
    /// proximity shooting). While a legal list is drawn up the first two
    /// spotters found are kept (the state does not change meanwhile), which
    /// answers rightly whichever stand is left out and whoever asks first.
    pub fn side_spots(
        &self,
        s: &State,
        side: Side,
        target: &Stand,
        except: Option<StandId>,
    ) -> bool {
        let key = (side, target.id);
        if let Some(v) = SPOT_MEMO.with(|m| m.borrow().as_ref().and_then(|m| m.get(&key).copied()))
        {
            return v.other_than(except);
        }
        let memo = SPOT_MEMO.with(|m| m.borrow().is_some());
        if !memo {
            return s.on_table().any(|o| {
                o.side == side && !o.hidden && Some(o.id) != except && self.spots(s, o, target)
            });
        }
        let mut found = s
            .on_table()
            .filter(|o| o.side == side && !o.hidden && self.spots(s, o, target))
            .map(|o| o.id);
        let v = Spotters([found.next(), found.next()]);
        SPOT_MEMO.with(|m| {
            if let Some(m) = m.borrow_mut().as_mut() {
                m.insert(key, v);
            }
        });
        v.other_than(except)
    }

    /// Could `side` see something of infantry size at `at` (a hidden card)?
    pub fn side_spots_point(&self, s: &State, side: Side, at: Point, size: f64) -> Option<StandId> {
        let level = self.ground_level(s, at);
        for o in s.on_table() {
            if o.side != side || o.hidden {
                continue;
            }
            let sp = self.spotter_of(s, o);
            let b = geometry::base(self.unit(o), o);
            let distance = (geometry::gap_to_point(&b, at) - size / 2.0).max(0.0);
            let seen = Seen {
                at,
                level,
                class: SpotClass::Infantry,
                moved: false,
                fired: false,
                distance,
            };
            if distance > self.spot_range(s, &sp, &seen, false).range + 1e-9 {
                continue;
            }
            let sight = self.sight_line(s, sp.eye, at, level, None);
            if !sight.clear {
                continue;
            }
            let r = self.spot_range(s, &sp, &seen, sight.smoke);
            if distance <= r.range + 1e-9 {
                return Some(o.id);
            }
        }
        None
    }
}
