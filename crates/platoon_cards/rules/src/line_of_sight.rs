//! Chart: LINE OF SIGHT and Notes: LINE OF SIGHT, TERRAIN CHART: woods,
//! buildings and scrub block the line through them but one sees about 3"
//! into them and out of them; walls and hedges do not block; levels 0
//! (ground), 1 (trees, buildings), 2 (hills); the dead zone behind an
//! obstacle seen from above is half the firer-to-obstacle distance deep;
//! one friendly stand may be shot through, no more unless firing from
//! higher ground.

use crate::PlatoonCards;
use crate::data::TerrainKind;
use crate::geometry;
use crate::state::{Side, Stand, StandId, State};
use serde::{Deserialize, Serialize};
use vt_core::tabletop::{EPS, Feature, Point, Shape, sight};

/// Where a line of sight starts: a point, its height, and how far its
/// owner sees into cover (a sniper sees twice as far).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eye {
    pub at: Point,
    pub level: u8,
    pub factor: f64,
}

/// What a line of sight meets.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sight {
    pub clear: bool,
    /// Why not, in words, with the rule.
    pub why: Option<String>,
    pub smoke: bool,
    pub dead_ground: bool,
    pub friends_crossed: u8,
}

/// Helicopters in the air look down on everything (level 3).
pub const AIR_LEVEL: u8 = 3;

fn is_hill(k: TerrainKind) -> bool {
    matches!(k, TerrainKind::Hill | TerrainKind::HillCrest)
}

impl PlatoonCards {
    pub fn level_of(&self, s: &State, st: &Stand) -> u8 {
        if st.airborne {
            AIR_LEVEL
        } else {
            self.ground_level(s, st.pos)
        }
    }

    pub fn eye(&self, s: &State, st: &Stand) -> Eye {
        Eye {
            at: st.pos,
            level: self.level_of(s, st),
            factor: 1.0,
        }
    }

    /// The line from `eye` to a point at height `to_level`, against the
    /// terrain and smoke. `screen`: the firer's side and the two stands at
    /// the ends, when friendly stands in between count.
    pub fn sight_line(
        &self,
        s: &State,
        eye: Eye,
        to: Point,
        to_level: u8,
        screen: Option<(Side, [StandId; 2])>,
    ) -> Sight {
        let len = eye.at.distance(to);
        let see = self.charts.spotting.see_into.value * eye.factor;
        let close = self.charts.spotting.close_terrain.value * eye.factor;
        let share = self.charts.line_of_sight.dead_zone_share.value;
        let fs = self.features(s);
        let mut out = Sight {
            clear: true,
            ..Sight::default()
        };
        for h in self.sight_of(s, eye.at, to) {
            let f = &fs[h.feature];
            if !matches!(f.shape, Shape::Area(_)) {
                continue;
            }
            let row = self.row(f.kind);
            let lvl = row.level.value;
            if is_hill(f.kind) {
                // A hill hides what is behind it from anyone below its top.
                let (a_on, b_on) = (f.contains(eye.at), f.contains(to));
                if !a_on && !b_on && h.inside > EPS && eye.level < lvl && to_level < lvl {
                    return blocked(format!("the {} is in the way", f.kind.name()), false);
                }
                continue;
            }
            if !row.blocks_los.value {
                continue;
            }
            let target_inside = f.contains(to);
            let eye_inside = f.contains(eye.at);
            for &(a, b) in &h.spans {
                let seen_out = a <= EPS && b <= see + EPS;
                let seen_in = b >= len - EPS && a >= len - see - EPS;
                let same_close =
                    eye_inside && target_inside && row.close_terrain.value && len <= close + EPS;
                if seen_out || seen_in || same_close {
                    continue;
                }
                if !target_inside && !eye_inside {
                    // Looking over it from above (or up at a target above it).
                    if eye.level > lvl && to_level < lvl {
                        let (first, last) = (h.spans[0].0, h.spans[h.spans.len() - 1].1);
                        if len <= last + share * first + EPS {
                            return blocked(
                                format!("dead ground behind the {}", f.kind.name()),
                                true,
                            );
                        }
                        continue;
                    }
                    if to_level > lvl && eye.level < lvl {
                        let (first, last) =
                            (len - h.spans[h.spans.len() - 1].1, len - h.spans[0].0);
                        if len <= last + share * first + EPS {
                            return blocked(
                                format!("dead ground behind the {}", f.kind.name()),
                                true,
                            );
                        }
                        continue;
                    }
                    if eye.level > lvl && to_level > lvl {
                        continue;
                    }
                }
                return blocked(
                    format!(
                        "the {} blocks the line (one sees only {}\" into it)",
                        f.kind.name(),
                        see
                    ),
                    false,
                );
            }
        }
        if !s.smoke.is_empty() {
            let screens: Vec<Feature<()>> = s
                .smoke
                .iter()
                .map(|sm| Feature {
                    kind: (),
                    shape: Shape::Area(smoke_corners(sm).to_vec()),
                })
                .collect();
            out.smoke = sight(eye.at, to, &screens).iter().any(|h| h.inside > EPS);
        }
        if let Some((side, ends)) = screen {
            let mut crossed = 0u8;
            let mut highest = 0u8;
            for st in s.on_table() {
                if st.side != side || ends.contains(&st.id) || st.airborne || st.hidden {
                    continue;
                }
                let t = self.unit(st);
                let reach = (t.width * t.width + t.length * t.length).sqrt() / 2.0;
                let (q, _) = vt_core::tabletop::closest_on_segment(eye.at, to, st.pos);
                if q.distance(st.pos) > reach {
                    continue;
                }
                let b = geometry::base(t, st);
                let Some(c) = b.corners() else { continue };
                let f = [Feature {
                    kind: (),
                    shape: Shape::Area(c.to_vec()),
                }];
                if sight(eye.at, to, &f).iter().any(|h| h.inside > EPS) {
                    crossed += 1;
                    highest = highest.max(self.ground_level(s, st.pos));
                }
            }
            out.friends_crossed = crossed;
            if crossed > self.charts.line_of_sight.friendly_screen.value && eye.level <= highest {
                return blocked(
                    format!("{crossed} friendly stands in the way (one may be shot through)"),
                    false,
                );
            }
        }
        out
    }

    /// Line of sight from one stand to another (friendly stands in
    /// between count for a firer).
    pub fn stand_sight(&self, s: &State, from: &Stand, to: &Stand, firing: bool) -> Sight {
        let screen = firing.then_some((from.side, [from.id, to.id]));
        self.sight_line(s, self.eye(s, from), to.pos, self.level_of(s, to), screen)
    }
}

fn blocked(why: String, dead: bool) -> Sight {
    Sight {
        clear: false,
        why: Some(why),
        dead_ground: dead,
        ..Sight::default()
    }
}

/// The four corners of a smoke screen.
pub fn smoke_corners(sm: &crate::state::SmokeScreen) -> [Point; 4] {
    let along = geometry::facing_vec(sm.angle);
    let across = Point::new(-along.y, along.x);
    let (hw, hd) = (along * (sm.width / 2.0), across * (sm.depth / 2.0));
    [
        sm.centre - hw - hd,
        sm.centre + hw - hd,
        sm.centre + hw + hd,
        sm.centre - hw + hd,
    ]
}
