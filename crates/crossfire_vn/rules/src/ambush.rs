//! 6.10 Ambush fire. The base game's ambush (not found in public
//! descriptions; our reading): a stand still hidden that fires reactively
//! at a mover within one stand width of it gets the ambush bonus, one die
//! more for each firer. 6.10 adds: the bonus also applies to a mover
//! passing within two stand widths of the ambush position when it is
//! moving along a trail, track, road, stream or river, or is in the open
//! passing between two terrain features no more than two stand widths
//! apart (a defile).

use crate::CrossfireVn;
use crate::event::DiceWhy;
use crate::state::{Stand, State};
use vt_core::tabletop::{Point, Shape, closest_approach};

impl CrossfireVn {
    /// The ambush bonus a hidden `firer` gets against `target` standing
    /// where it is fired at, having come from `came_from`.
    pub(crate) fn ambush(
        &self,
        s: &State,
        firer: &Stand,
        target: &Stand,
        came_from: Option<Point>,
    ) -> Option<DiceWhy> {
        if !firer.hidden {
            return None;
        }
        let r = self.rules();
        let gap = self.gap(firer, target);
        if gap < r.sw(r.ambush.base_range.value) {
            return Some(DiceWhy::Ambush);
        }
        if gap >= r.sw(r.ambush.route_range.value) {
            return None;
        }
        if let Some(from) = came_from
            && self.along_route(s, from, target.at)
        {
            return Some(DiceWhy::AmbushRoute);
        }
        if self.in_defile(s, target.at) {
            return Some(DiceWhy::AmbushDefile);
        }
        None
    }

    /// 6.10: moving along a trail, track, road, stream or river: both ends
    /// of the stretch just moved are on the same one.
    pub fn along_route(&self, s: &State, from: Point, to: Point) -> bool {
        let t = self.table_of(s);
        t.features
            .iter()
            .any(|f| self.terrain_of(f).route && f.contains(from) && f.contains(to))
    }

    /// 6.10: in the open between two terrain features no more than two
    /// stand widths apart, one on each side.
    pub fn in_defile(&self, s: &State, p: Point) -> bool {
        if self.feature_at(s, p).is_some() {
            return false;
        }
        let width = self.rules().sw(self.rules().ambush.defile_width.value);
        let t = self.table_of(s);
        let near: Vec<(f64, Point)> = t
            .features
            .iter()
            .filter_map(|f| {
                let Shape::Area(pts) = &f.shape else {
                    return None;
                };
                let mut ring = pts.clone();
                ring.push(*pts.first()?);
                let (d, q, _) = closest_approach(&ring, p)?;
                (d <= width).then_some((d, q))
            })
            .collect();
        near.iter().enumerate().any(|(i, (da, qa))| {
            near[i + 1..]
                .iter()
                .any(|(db, qb)| da + db <= width + 1e-9 && (*qa - p).dot(*qb - p) < 0.0)
        })
    }
}
