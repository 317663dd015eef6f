//! 6.7 Recon by fire: as in the base game, and AFVs and helicopters may use
//! it too: an ACAV, a tank or an armed gunship throws two dice, other
//! stands and helicopters one; armoured vehicles may recon by fire while
//! moving.
//!
//! The base procedure was not found (our reading): a stand fires into one
//! terrain piece it sees into; each die of 5 or 6 hits; with at least one
//! hit every hidden enemy stand in the piece is found, and the hits fall as
//! fire on the one nearest the firer. Recon that finds nobody loses the
//! initiative (an option keeps it).

use crate::CrossfireVn;
use crate::command::Command;
use crate::data::Role;
use crate::event::{Event, Pass, RevealWhy};
use crate::state::*;
use crate::step::Then;
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::sort::StableSort;
use vt_core::tabletop::{Point, Shape, closest_approach};

impl CrossfireVn {
    /// The point of a terrain piece nearest to `p` (on its outline).
    pub fn nearest_point_of(&self, s: &State, feature: usize, p: Point) -> Option<Point> {
        let f = self.table_of(s).features.get(feature)?;
        let Shape::Area(pts) = &f.shape else {
            return None;
        };
        let mut ring = pts.clone();
        ring.push(*pts.first()?);
        closest_approach(&ring, p).map(|c| c.1)
    }

    /// Whether a stand standing at `at` sees into a terrain piece.
    fn sees_into(&self, s: &State, st: &Stand, at: Point, feature: usize) -> bool {
        let Some(q) = self.nearest_point_of(s, feature, at) else {
            return false;
        };
        let here = Stand { at, ..st.clone() };
        self.sees_point(s, &here, q)
    }

    pub(crate) fn check_recon(
        &self,
        s: &State,
        id: StandId,
        feature: u16,
        moving_to: Option<Point>,
    ) -> Checked {
        self.in_initiative(s)?;
        let Some(st) = s.get(id) else {
            return refuse("6.7", "No such stand.");
        };
        let u = self.unit_type(st);
        ensure(
            st.side == s.initiative && st.on_table(),
            "6.7",
            "Recon only with your own stands.",
        )?;
        ensure_with(u.rbf_dice > 0, "6.7", || {
            format!("{} does not recon by fire.", u.name)
        })?;
        ensure_with(st.status != Status::Suppressed, "base 6.5.2", || {
            format!("{} is suppressed.", st.label)
        })?;
        ensure(
            !st.withdrawing,
            "6.9.1",
            "A withdrawing stand may fire only reactively.",
        )?;
        let t = self.table_of(s);
        let Some(f) = t.features.get(feature as usize) else {
            return refuse("6.7", "No such terrain piece.");
        };
        ensure(
            matches!(f.shape, Shape::Area(_)),
            "6.7",
            "Recon by fire is into a piece of terrain (an area).",
        )?;
        let mut at = st.at;
        if let Some(to) = moving_to {
            ensure(
                u.armoured,
                "6.7",
                "Only armoured vehicles recon by fire while moving.",
            )?;
            let m = crate::command::StandMove {
                stand: id,
                to,
                facing: None,
            };
            at = self.plan_leg(s, st, &m, &[id], "6.7")?.to;
        }
        ensure(
            !f.contains(at),
            "6.7",
            "Recon by fire is into another piece of terrain.",
        )?;
        ensure_with(self.sees_into(s, st, at, feature as usize), "6.7", || {
            format!(
                "{} cannot see into {}.",
                st.label, t.names[feature as usize]
            )
        })
    }

    pub(crate) fn execute_recon(
        &self,
        s: &mut State,
        id: StandId,
        feature: u16,
        moving_to: Option<Point>,
        ev: &mut Vec<Event>,
    ) {
        match moving_to {
            Some(to) => {
                let st = s.stand(id).clone();
                let m = crate::command::StandMove {
                    stand: id,
                    to,
                    facing: None,
                };
                if let Ok(leg) = self.plan_leg(s, &st, &m, &[id], "6.7") {
                    self.push_moves(s, vec![leg], Then::Recon { stand: id, feature });
                }
            }
            None => self.recon_by_fire(s, id, feature, ev),
        }
    }

    /// Fires into the piece; finds and strikes what is hidden in it.
    pub(crate) fn recon_by_fire(
        &self,
        s: &mut State,
        id: StandId,
        feature: u16,
        ev: &mut Vec<Event>,
    ) {
        let st = s.stand(id).clone();
        let n = self.unit_type(&st).rbf_dice;
        let hit_on = self.rules().recon_by_fire.hit_on.value;
        let dice: Vec<u8> = (0..n).map(|_| s.rng.die(6)).collect();
        let hits = dice.iter().filter(|d| **d >= hit_on).count() as u8;
        let f = &self.table_of(s).features[feature as usize];
        let mut hidden: Vec<&Stand> = s
            .side_on_table(st.side.other())
            .filter(|o| o.hidden && f.contains(o.at))
            .collect();
        hidden.stable_sort_by(|a, b| {
            a.at.distance(st.at)
                .total_cmp(&b.at.distance(st.at))
                .then(a.id.cmp(&b.id))
        });
        let revealed: Vec<StandId> = if hits > 0 {
            hidden.iter().map(|o| o.id).collect()
        } else {
            Vec::new()
        };
        let struck = revealed.first().map(|o| (*o, self.hits_result(hits)));
        ev.push(Event::ReconByFire {
            stand: id,
            feature,
            dice,
            hit_on,
            hits,
            revealed: revealed.clone(),
            struck,
        });
        if st.hidden {
            self.reveal_firer(s, id, ev);
        }
        for r in &revealed {
            self.reveal(s, *r, RevealWhy::ReconByFire, ev);
        }
        if let Some((t, e)) = struck {
            self.apply_effect(s, t, e, ev);
        }
        if revealed.is_empty()
            && s.readings.rbf_empty_loses
            && s.end.is_none()
            && s.initiative == st.side
        {
            self.pass_initiative(s, st.side.other(), Pass::ReconFailed, ev);
        }
    }

    /// Recon worth offering while the enemy still has hidden stands: each
    /// stand into the two nearest pieces of cover within 12 inches.
    pub(crate) fn recon_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        if self.hidden_count(s, side.other()) == 0 {
            return;
        }
        let t = self.table_of(s);
        for st in s.side_on_table(side) {
            let u = self.unit_type(st);
            if u.rbf_dice == 0
                || st.status == Status::Suppressed
                || st.withdrawing
                || u.role == Role::AidPost
            {
                continue;
            }
            let mut near: Vec<(f64, usize)> = t
                .features
                .iter()
                .enumerate()
                .filter(|(_, f)| {
                    matches!(f.shape, Shape::Area(_)) && self.terrain_of(f).direct_cover
                })
                .map(|(i, f)| (f.distance_to(st.at), i))
                .filter(|(d, _)| *d > 0.0 && *d <= 12.0)
                .collect();
            near.stable_sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            for (_, i) in near.into_iter().take(2) {
                out.push(Command::ReconByFire {
                    stand: st.id,
                    feature: i as u16,
                    moving_to: None,
                });
            }
        }
    }
}

use vt_core::dice::Adjudication;
use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_recon(&self, s: Option<&State>, e: &Event) -> LogEntry {
        let Event::ReconByFire {
            stand,
            feature,
            dice,
            hit_on,
            hits,
            revealed,
            struck,
        } = e
        else {
            return LogEntry::text(format!("{e:?}"));
        };
        let mut a = Adjudication::new(
            format!(
                "Recon by fire: {} into {}",
                self.who(s, *stand),
                self.piece_name(s, *feature)
            ),
            "6.7",
        );
        a = a.pool(dice.iter().map(|d| *d as i32), *hit_on as i32);
        a.needed = Some(format!(
            "{hit_on} or more on each die, each die judged alone; any hit finds who hides there"
        ));
        let hits = crate::fire::hits_words(*hits);
        a.result = if revealed.is_empty() {
            format!("{hits}: nobody found")
        } else {
            format!("{hits}: {} found", revealed.len())
        };
        let mut text = format!("{}: {}.", a.purpose, a.result);
        if let Some((t, eff)) = struck {
            text.push_str(&format!(
                " {} takes the hits: {}.",
                self.who(s, *t),
                eff.name()
            ));
        }
        // A firer still hidden (an option) is not named to the enemy.
        if let Some(st) = s.and_then(|s| s.get(*stand)).filter(|st| st.hidden) {
            let public = format!(
                "Recon by fire from hiding into {}: {}.",
                self.piece_name(s, *feature),
                a.result
            );
            return LogEntry::with_rolls(text, vec![a.clone()]).private_with_rolls(
                st.side.idx() as u8,
                public,
                vec![a],
            );
        }
        LogEntry::with_rolls(text, vec![a])
    }
}
