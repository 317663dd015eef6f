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
use vt_core::tabletop::{
    Base, Cover as TCover, DeadGround, EPS, Eye as TEye, Point, Seen, SightRule, SightRules,
    bases_crossed, line_of_sight,
};

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

/// What the line between two stands' centres adds to the distance between
/// their edges, at most, for squads' bases (two half-diagonals of 1.25").
const BASE_ALLOWANCE: f64 = 1.8;

/// Helicopters in the air look down on everything (level 3).
pub const AIR_LEVEL: u8 = 3;

/// The chart's line-of-sight columns as the tabletop's rules: what blocks
/// (seen into and out of to 3", a sniper twice that), the dead zone half
/// the viewer-to-obstacle distance; `exempt`: a built-up area or dense
/// jungle both ends are in, within its 5".
struct Rules<'a> {
    game: &'a PlatoonCards,
    depth: f64,
    exempt: Option<TerrainKind>,
}

impl SightRules<TerrainKind> for Rules<'_> {
    fn rule(&self, k: &TerrainKind) -> SightRule {
        let row = self.game.row(*k);
        if row.blocks_los.value && Some(*k) != self.exempt {
            SightRule::blocking(self.depth, TCover::None)
        } else {
            SightRule::OPEN
        }
    }
    fn dead_ground(&self) -> DeadGround {
        DeadGround::Fraction(self.game.charts.line_of_sight.dead_zone_share.value)
    }
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
    /// terrain (`vt_core::tabletop::line_of_sight` with the chart's rules)
    /// and smoke. `screen`: the firer's side and the two stands at the
    /// ends, when friendly stands in between count.
    pub fn sight_line(
        &self,
        s: &State,
        eye: Eye,
        to: Point,
        to_level: u8,
        screen: Option<(Side, [StandId; 2])>,
    ) -> Sight {
        let len = eye.at.distance(to);
        let close = self.charts.spotting.close_terrain.value * eye.factor;
        let fs = self.features(s);
        // The 5" is edge to edge (spotting measures it); the line between
        // centres may be a base longer.
        let exempt = if len <= close + BASE_ALLOWANCE + EPS {
            fs.iter()
                .find(|f| {
                    self.row(f.kind).close_terrain.value && f.contains(eye.at) && f.contains(to)
                })
                .map(|f| f.kind)
        } else {
            None
        };
        let rules = Rules {
            game: self,
            depth: self.charts.spotting.see_into.value * eye.factor,
            exempt,
        };
        let verdict = line_of_sight(
            TEye::new(eye.at, eye.level as f64),
            TEye::new(to, to_level as f64),
            fs,
            &rules,
        );
        match verdict.seen {
            Seen::Blocked | Seen::Dead => {
                let name = verdict
                    .by
                    .and_then(|i| fs.get(i))
                    .map_or("terrain", |f| f.kind.name());
                return if verdict.seen == Seen::Dead {
                    blocked(format!("dead ground behind the {name}"), true)
                } else {
                    blocked(
                        format!(
                            "the {name} blocks the line (one sees only {}\" into it)",
                            rules.depth
                        ),
                        false,
                    )
                };
            }
            Seen::Clear | Seen::Cover => {}
        }
        let mut out = Sight {
            clear: true,
            ..Sight::default()
        };
        if !s.smoke.is_empty() {
            let screens: Vec<Base> = s.smoke.iter().map(smoke_base).collect();
            out.smoke = !bases_crossed(eye.at, to, &screens).is_empty();
        }
        if let Some((side, ends)) = screen {
            let friends: Vec<&Stand> = s
                .on_table()
                .filter(|st| {
                    st.side == side && !ends.contains(&st.id) && !st.airborne && !st.hidden
                })
                .collect();
            let bases: Vec<Base> = friends
                .iter()
                .map(|st| geometry::base(self.unit(st), st))
                .collect();
            let crossed = bases_crossed(eye.at, to, &bases);
            let highest = crossed
                .iter()
                .map(|c| self.ground_level(s, friends[c.base].pos))
                .max()
                .unwrap_or(0);
            out.friends_crossed = crossed.len() as u8;
            if out.friends_crossed > self.charts.line_of_sight.friendly_screen.value
                && eye.level <= highest
            {
                return blocked(
                    format!(
                        "{} friendly stands in the way (one may be shot through)",
                        out.friends_crossed
                    ),
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

/// A smoke screen as a rectangle: `width` along its angle, `depth` across.
pub fn smoke_base(sm: &crate::state::SmokeScreen) -> Base {
    Base::rect(
        sm.centre,
        sm.depth,
        sm.width,
        geometry::facing_vec(sm.angle),
    )
}

/// The four corners of a smoke screen.
pub fn smoke_corners(sm: &crate::state::SmokeScreen) -> [Point; 4] {
    smoke_base(sm).corners().unwrap_or([sm.centre; 4])
}
