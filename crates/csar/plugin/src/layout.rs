//! Where everything goes on the map sheet, without a screen: the two
//! concentric rings (the Center Zone and the four Outer Zones), the Orbit
//! Box, the Fast Mover Pool and a box for aircraft not on the sheet, and
//! every counter and marker of the view in its zone. The board draws this
//! layout and clicks are hit-tested against it, so what is drawn is what is
//! clicked.

use crate::pick::Thing;
use bevy::math::{Rect, Vec2};
use csar_rules::data::ZoneMarkerKind;
use csar_rules::view::{AircraftView, GunView, MarkerView, SurvivorView, View};
use csar_rules::{Place, SurvivorAt, Zone};
use vt_core::sort::StableSort;

/// Radius of the Center Zone.
pub const R1: f32 = 190.0;
/// Outer radius of the Outer Zones.
pub const R2: f32 = 470.0;
/// A counter's edge.
pub const COUNTER: f32 = 60.0;
/// Distance between counter centres.
pub const PITCH: f32 = 68.0;
/// Header band of the boxes beside the map.
pub const HEADER: f32 = 34.0;
const MARGIN: f32 = 4.0;
/// Left edge of the boxes beside the map.
pub const BOX_X: f32 = R2 + 30.0;
const BOX_COLS: usize = 2;
/// Width of the boxes beside the map.
pub const BOX_W: f32 = BOX_COLS as f32 * PITCH + 16.0;

/// The regions of the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    Zone(Zone),
    Orbit,
    Pool,
    /// Aircraft still to arrive and aircraft out of play.
    OffMap,
}

/// What a counter on the sheet shows.
#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    Aircraft {
        view: AircraftView,
        /// Survivors riding with it.
        aboard: u8,
    },
    Gun(GunView),
    Hidden(MarkerView),
    Enemy(MarkerView),
    ZoneMarker {
        kind: ZoneMarkerKind,
        /// Target of Opportunity: Hits this turn and MARK side.
        hits: u8,
        mark: u8,
    },
    RulesOfEngagement,
    /// `side`: 1 for the ONE side, 2 for the TWO side.
    CsGas {
        side: u8,
    },
    Smoke {
        side: u8,
    },
    Cluster,
    Barrage {
        count: u8,
    },
    /// `turned`: pinpointed under 6.2 (the counter is rotated).
    Survivor {
        view: SurvivorView,
        turned: bool,
    },
}

/// One counter or marker and where it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub kind: ItemKind,
    /// What clicking it means, if anything.
    pub thing: Option<Thing>,
    pub at: Vec2,
    pub region: Region,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoardLayout {
    pub items: Vec<Item>,
    /// Each item's region and key, in the order of `items`.
    keys: Vec<(Region, Key)>,
    pub orbit: Rect,
    pub pool: Rect,
    pub offmap: Rect,
    pub bounds: Rect,
}

/// The direction an Outer Zone faces, in radians from east.
pub fn zone_angle(z: Zone) -> f32 {
    use std::f32::consts::{FRAC_PI_2, PI};
    match z {
        Zone::East | Zone::Center => 0.0,
        Zone::North => FRAC_PI_2,
        Zone::West => PI,
        Zone::South => 3.0 * FRAC_PI_2,
    }
}

/// From a zone's own frame (facing up the screen) to the sheet.
fn to_world(z: Zone, local: Vec2) -> Vec2 {
    if z == Zone::Center {
        return local;
    }
    let a = zone_angle(z) - std::f32::consts::FRAC_PI_2;
    Vec2::from_angle(a).rotate(local)
}

/// The zone under a point of the sheet, if any.
pub fn zone_at(p: Vec2) -> Option<Zone> {
    let r = p.length();
    if r <= R1 {
        return Some(Zone::Center);
    }
    if r > R2 {
        return None;
    }
    let deg = p.y.atan2(p.x).to_degrees().rem_euclid(360.0);
    Some(if !(45.0..315.0).contains(&deg) {
        Zone::East
    } else if deg < 135.0 {
        Zone::North
    } else if deg < 225.0 {
        Zone::West
    } else {
        Zone::South
    })
}

fn corners(c: Vec2) -> [Vec2; 4] {
    let h = COUNTER / 2.0;
    [
        c + Vec2::new(-h, -h),
        c + Vec2::new(h, -h),
        c + Vec2::new(h, h),
        c + Vec2::new(-h, h),
    ]
}

/// Where counters may stand in a zone, in filling order: the Center
/// from the top, an Outer Zone from its inner edge outwards, each row from
/// its middle.
pub fn zone_slots(z: Zone) -> Vec<Vec2> {
    let mut v = Vec::new();
    if z == Zone::Center {
        for j in -3i32..=3 {
            for k in -4i32..=4 {
                let c = Vec2::new(k as f32 * PITCH, -(j as f32) * PITCH - PITCH * 0.35);
                if corners(c).iter().all(|p| p.length() <= R1 - MARGIN) {
                    v.push((j, k.abs(), k, c));
                }
            }
        }
    } else {
        for j in 0..8 {
            let y = R1 + COUNTER / 2.0 + 12.0 + j as f32 * PITCH;
            for k in -8i32..=8 {
                let c = Vec2::new(k as f32 * PITCH, y);
                let ok = corners(c).iter().all(|p| {
                    let r = p.length();
                    (R1 + MARGIN..=R2 - 30.0).contains(&r) && p.x.abs() <= p.y - MARGIN * 2.0
                });
                if ok {
                    v.push((j, k.abs(), k, c));
                }
            }
        }
    }
    v.stable_sort_by_key(|&(j, a, k, _)| (j, a, k));
    v.into_iter().map(|(.., c)| to_world(z, c)).collect()
}

/// Where a zone's name is written (inside its rim).
pub fn zone_label_at(z: Zone) -> Vec2 {
    match z {
        Zone::Center => Vec2::new(0.0, R1 - 22.0),
        // The names run across the ring: East and West need more room.
        Zone::East | Zone::West => to_world(z, Vec2::new(0.0, R2 - 62.0)),
        _ => to_world(z, Vec2::new(0.0, R2 - 16.0)),
    }
}

/// The middle of a zone (where what happens to the whole zone flashes:
/// placed by the zone's name, the North Zone's flash and its word went
/// over the ring's edge, under the window's top bar).
pub fn zone_middle(z: Zone) -> Vec2 {
    if z == Zone::Center {
        Vec2::ZERO
    } else {
        to_world(z, Vec2::new(0.0, (R1 + R2) / 2.0))
    }
}

fn box_slots(rect: Rect) -> Vec<Vec2> {
    let mut v = Vec::new();
    let mut y = rect.max.y - HEADER - PITCH / 2.0;
    while y - COUNTER / 2.0 >= rect.min.y {
        for k in 0..BOX_COLS {
            v.push(Vec2::new(
                rect.min.x + 8.0 + PITCH / 2.0 + k as f32 * PITCH,
                y,
            ));
        }
        y -= PITCH;
    }
    v
}

fn box_rect(top: f32, rows: usize) -> Rect {
    let h = HEADER + rows as f32 * PITCH + 8.0;
    Rect::new(BOX_X, top - h, BOX_X + BOX_W, top)
}

/// Who a counter is, so that it keeps its place from one layout to the
/// next: what clicking it means, or, for a marker nobody clicks, its kind
/// and how many of that kind came before it in its region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Thing(Thing),
    Marker(Region, u8, u8),
}

fn kind_tag(k: &ItemKind) -> u8 {
    match k {
        ItemKind::Aircraft { .. } => 0,
        ItemKind::Gun(_) => 1,
        ItemKind::Hidden(_) => 2,
        ItemKind::Enemy(_) => 3,
        ItemKind::ZoneMarker { kind, .. } => 16 + *kind as u8,
        ItemKind::RulesOfEngagement => 4,
        ItemKind::CsGas { .. } => 5,
        ItemKind::Smoke { side } => 6 + side,
        ItemKind::Cluster => 9,
        ItemKind::Barrage { .. } => 10,
        ItemKind::Survivor { .. } => 11,
    }
}

fn keys(items: &[(ItemKind, Option<Thing>)], region: Region) -> Vec<Key> {
    let mut seen: Vec<u8> = Vec::new();
    items
        .iter()
        .map(|(kind, thing)| match thing {
            Some(t) => Key::Thing(*t),
            None => {
                let tag = kind_tag(kind);
                let n = seen.iter().filter(|&&x| x == tag).count() as u8;
                seen.push(tag);
                Key::Marker(region, tag, n)
            }
        })
        .collect()
}

/// Puts `items` on `slots`. A counter that stood on a slot of this region
/// in `before` stays there, so nothing moves under the player's hand when
/// another counter comes or goes; newcomers take the first free slots in
/// filling order. Past the last slot they pile up on it, a little offset,
/// like a stack.
fn place(
    slots: &[Vec2],
    items: Vec<(ItemKind, Option<Thing>)>,
    region: Region,
    before: Option<&BoardLayout>,
) -> Vec<Item> {
    let keys = keys(&items, region);
    let mut taken = vec![false; slots.len()];
    let mut at: Vec<Option<Vec2>> = vec![None; items.len()];
    if let Some(b) = before {
        let old: Vec<(Key, Vec2)> = b
            .items
            .iter()
            .filter(|i| i.region == region)
            .zip(b.keys.iter().filter(|(r, _)| *r == region))
            .map(|(i, (_, k))| (*k, i.at))
            .collect();
        for (n, key) in keys.iter().enumerate() {
            let Some((_, p)) = old.iter().find(|(k, _)| k == key) else {
                continue;
            };
            if let Some(s) = (0..slots.len()).find(|&s| !taken[s] && slots[s].distance(*p) < 0.5) {
                taken[s] = true;
                at[n] = Some(slots[s]);
            }
        }
    }
    let fallback = slots.last().copied().unwrap_or(Vec2::ZERO);
    let mut over = 0.0;
    let mut next = 0;
    items
        .into_iter()
        .zip(at)
        .map(|((kind, thing), kept)| {
            let at = kept.unwrap_or_else(|| {
                while next < slots.len() && taken[next] {
                    next += 1;
                }
                if next < slots.len() {
                    taken[next] = true;
                    slots[next]
                } else {
                    over += 1.0;
                    fallback + Vec2::splat(6.0) * over
                }
            });
            Item {
                kind,
                thing,
                at,
                region,
            }
        })
        .collect()
}

impl BoardLayout {
    /// The layout of `view`; counters that were on the sheet in `before`
    /// (the layout of the view before the last change) keep their places.
    pub fn new(view: &View, before: Option<&BoardLayout>) -> Self {
        let mut keys = Vec::new();
        let aboard = |a: u8| {
            view.survivors
                .iter()
                .filter(|s| s.at == SurvivorAt::Aboard(a))
                .count() as u8
        };
        let aircraft_item = |i: u8| {
            view.aircraft.iter().find(|a| a.index == i).map(|a| {
                (
                    ItemKind::Aircraft {
                        view: a.clone(),
                        aboard: aboard(a.index),
                    },
                    Some(Thing::Aircraft(a.index)),
                )
            })
        };
        let mut items = Vec::new();
        for zv in &view.zones {
            let z = zv.zone;
            let mut v: Vec<(ItemKind, Option<Thing>)> = Vec::new();
            if zv.hidden != MarkerView::None {
                v.push((ItemKind::Hidden(zv.hidden.clone()), None));
            }
            if zv.enemy != MarkerView::None {
                v.push((ItemKind::Enemy(zv.enemy.clone()), None));
            }
            for &k in &zv.markers {
                let too = k == ZoneMarkerKind::TargetOfOpportunity;
                v.push((
                    ItemKind::ZoneMarker {
                        kind: k,
                        hits: if too { zv.target_hits } else { 0 },
                        mark: if too { zv.target_mark } else { 0 },
                    },
                    too.then_some(Thing::TargetOfOpportunity(z)),
                ));
            }
            if zv.rules_of_engagement {
                v.push((ItemKind::RulesOfEngagement, None));
            }
            if zv.cs_gas > 0 {
                v.push((ItemKind::CsGas { side: zv.cs_gas }, None));
            }
            for _ in 0..zv.smoke_one {
                v.push((ItemKind::Smoke { side: 1 }, None));
            }
            for _ in 0..zv.smoke_two {
                v.push((ItemKind::Smoke { side: 2 }, None));
            }
            for _ in 0..zv.cluster {
                v.push((ItemKind::Cluster, None));
            }
            if zv.barrages > 0 {
                v.push((
                    ItemKind::Barrage { count: zv.barrages },
                    Some(Thing::Barrage(z)),
                ));
            }
            for g in &zv.guns {
                v.push((ItemKind::Gun(g.clone()), Some(Thing::Gun(g.counter))));
            }
            for &s in &zv.survivors {
                if let Some(sv) = view.survivors.get(s as usize) {
                    v.push((
                        ItemKind::Survivor {
                            view: sv.clone(),
                            turned: view.options.pinpointing && sv.pinpointed,
                        },
                        Some(Thing::Survivor(s)),
                    ));
                }
            }
            for &a in &zv.aircraft {
                v.extend(aircraft_item(a));
            }
            let r = Region::Zone(z);
            keys.extend(self::keys(&v, r).into_iter().map(|k| (r, k)));
            items.extend(place(&zone_slots(z), v, r, before));
        }
        let total_h = (HEADER + 8.0) * 3.0 + PITCH * 10.0 + 40.0;
        let top = total_h / 2.0;
        let orbit = box_rect(top, 6);
        let pool = box_rect(orbit.min.y - 20.0, 2);
        let offmap = box_rect(pool.min.y - 20.0, 2);
        let orbit_items: Vec<_> = view
            .orbit
            .iter()
            .filter_map(|&a| aircraft_item(a))
            .collect();
        let pool_items: Vec<_> = view.pool.iter().filter_map(|&a| aircraft_item(a)).collect();
        let off: Vec<_> = view
            .aircraft
            .iter()
            .filter(|a| matches!(a.place, Place::Arriving(_) | Place::Removed))
            .filter_map(|a| aircraft_item(a.index))
            .collect();
        for (rect, v, r) in [
            (orbit, orbit_items, Region::Orbit),
            (pool, pool_items, Region::Pool),
            (offmap, off, Region::OffMap),
        ] {
            keys.extend(self::keys(&v, r).into_iter().map(|k| (r, k)));
            items.extend(place(&box_slots(rect), v, r, before));
        }
        let bounds = Rect::new(-R2 - 10.0, -R2 - 10.0, BOX_X + BOX_W + 10.0, R2 + 10.0);
        BoardLayout {
            items,
            keys,
            orbit,
            pool,
            offmap,
            bounds,
        }
    }

    /// What is under a point of the sheet, topmost first: a counter, then
    /// the zone or box it stands in.
    pub fn hit(&self, p: Vec2) -> Vec<Thing> {
        let h = COUNTER / 2.0;
        let mut v: Vec<Thing> = self
            .items
            .iter()
            .rev()
            .filter(|i| (p.x - i.at.x).abs() <= h && (p.y - i.at.y).abs() <= h)
            .filter_map(|i| i.thing)
            .collect();
        if let Some(z) = zone_at(p) {
            v.push(Thing::Zone(z));
        } else if self.orbit.contains(p) {
            v.push(Thing::Orbit);
        }
        v
    }

    /// Where a thing is drawn, if it is on the sheet.
    pub fn position(&self, t: Thing) -> Option<Vec2> {
        match t {
            Thing::Zone(z) => Some(zone_middle(z)),
            Thing::Orbit => Some(self.orbit.center()),
            _ => self.items.iter().find(|i| i.thing == Some(t)).map(|i| i.at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_are_two_rings_split_into_the_four_directions() {
        // CSAR 2.1: the inner circle and four Outer Zones.
        assert_eq!(zone_at(Vec2::new(10.0, -20.0)), Some(Zone::Center));
        assert_eq!(zone_at(Vec2::new(0.0, 400.0)), Some(Zone::North));
        assert_eq!(zone_at(Vec2::new(400.0, 30.0)), Some(Zone::East));
        assert_eq!(zone_at(Vec2::new(0.0, -400.0)), Some(Zone::South));
        assert_eq!(zone_at(Vec2::new(-400.0, 0.0)), Some(Zone::West));
        assert_eq!(zone_at(Vec2::new(0.0, 700.0)), None);
    }

    #[test]
    fn every_zone_has_room_and_its_slots_stay_inside_it() {
        for z in Zone::ALL {
            let slots = zone_slots(z);
            // Four aircraft (4.3.1), the markers, guns and Survivors.
            assert!(slots.len() >= 14, "{z:?} has {} slots", slots.len());
            for s in &slots {
                for c in corners(*s) {
                    assert_eq!(zone_at(c), Some(z), "{z:?} slot {s} spills over");
                }
            }
            for (i, a) in slots.iter().enumerate() {
                for b in &slots[i + 1..] {
                    assert!(a.distance(*b) >= PITCH - 0.5, "{z:?}: slots overlap");
                }
            }
        }
    }
}
