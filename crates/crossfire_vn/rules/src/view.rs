//! What one side may see: its own stands in full (its hidden ones marked
//! so), the enemy's stands on the table that are not hidden, the markers
//! not carried by a hidden enemy, and how many enemy stands are still
//! hidden (the forces are public; only where they are is secret). Hidden
//! enemy stands are absent, not flagged.
//!
//! Helpers for the screen: [`CrossfireVn::preview_move`],
//! [`CrossfireVn::fire_preview`], [`CrossfireVn::sight`].

use crate::CrossfireVn;
use crate::command::StandMove;
use crate::data::Role;
use crate::event::{DiceMod, FireMode};
use crate::fire::Shot;
use crate::state::*;
use crate::step::{ReactPoint, Step};
use serde::Serialize;
use vt_core::tabletop::{Halt, Point, Seen};

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StandView {
    pub id: StandId,
    pub side: Side,
    /// The stand type's id ("us-ft").
    pub unit: String,
    pub name: String,
    pub label: String,
    pub role: Role,
    pub platoon: u8,
    pub squad: u8,
    pub at: Point,
    pub facing: Point,
    /// Base width and depth (a round base: its diameter twice).
    pub base: (f64, f64),
    pub round: bool,
    /// Own stands only: set up hidden and not yet found.
    pub hidden: bool,
    pub status: Status,
    pub no_fire: bool,
    pub carrying: Vec<MarkerId>,
    pub withdrawing: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MarkerView {
    pub id: MarkerId,
    pub kind: MarkerKind,
    pub side: Side,
    /// On the ground here; `None` when carried.
    pub at: Option<Point>,
    pub carried_by: Option<StandId>,
}

/// A move under way, offered for reactive fire.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveView {
    pub mover: StandId,
    pub from: Point,
    pub to: Point,
    pub points: Vec<ReactPoint>,
    pub next: u16,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub side: Side,
    pub scenario: String,
    pub table: String,
    pub initiative: Side,
    pub initiative_no: u32,
    /// Minutes after midnight; the game ends at `clock_end`.
    pub clock: u16,
    pub clock_end: u16,
    pub stands: Vec<StandView>,
    /// Enemy stands still hidden.
    pub enemy_hidden: usize,
    pub markers: Vec<MarkerView>,
    pub burning: Vec<u16>,
    pub smoke: Vec<(Point, f64)>,
    /// Own Dust Off on its way: initiatives to wait.
    pub dust_off: Option<u8>,
    /// A Dust Off has been called and has not come yet (both sides know).
    pub dust_off_called: bool,
    pub dust_offs_left: u8,
    /// Observers' missions left: (observer, HE, smoke) (every call is heard).
    pub missions: Vec<(StandId, u8, u8)>,
    /// Attacker initiatives the objective has been held.
    pub held: u8,
    pub points: [i32; 2],
    pub moving: Option<MoveView>,
}

impl CrossfireVn {
    /// Whether `side` sees this stand at all.
    pub fn visible_to(&self, st: &Stand, side: Side) -> bool {
        st.on_table() && (st.side == side || !st.hidden)
    }

    pub(crate) fn make_view(&self, s: &State, side: Side) -> View {
        let stands = s
            .stands
            .iter()
            .filter(|st| self.visible_to(st, side))
            .map(|st| {
                let u = self.unit_type(st);
                let (w, d, round) = match u.base {
                    crate::data::BaseShape::Rect(w, d) => (w, d, false),
                    crate::data::BaseShape::Round(r) => (2.0 * r, 2.0 * r, true),
                };
                StandView {
                    id: st.id,
                    side: st.side,
                    unit: u.id.clone(),
                    name: u.name.clone(),
                    label: st.label.clone(),
                    role: u.role,
                    platoon: st.platoon,
                    squad: st.squad,
                    at: st.at,
                    facing: st.facing,
                    base: (w, d),
                    round,
                    hidden: st.hidden,
                    status: st.status,
                    no_fire: st.no_fire,
                    carrying: st.carrying.clone(),
                    withdrawing: st.withdrawing,
                }
            })
            .collect();
        let markers = s
            .markers
            .iter()
            .filter_map(|m| {
                let (at, carried_by) = match m.place {
                    MarkerPlace::Ground(p) => (Some(p), None),
                    MarkerPlace::Carried(c) if self.visible_to(s.stand(c), side) => (None, Some(c)),
                    _ => return None,
                };
                Some(MarkerView {
                    id: m.id,
                    kind: m.kind,
                    side: m.side,
                    at,
                    carried_by,
                })
            })
            .collect();
        let moving = match s.step() {
            Step::Reaction(r) => Some(MoveView {
                mover: r.leg.stand,
                from: r.leg.from,
                to: r.leg.to,
                points: r.points.clone(),
                next: r.next,
            }),
            _ => None,
        };
        View {
            side,
            scenario: s.scenario.clone(),
            table: self.table_of(s).id.clone(),
            initiative: s.initiative,
            initiative_no: s.initiative_no,
            clock: s.clock,
            clock_end: self.scenario_of(s).clock.end,
            stands,
            enemy_hidden: self.hidden_count(s, side.other()),
            markers,
            burning: s.burning.clone(),
            smoke: s.smoke.iter().map(|sm| (sm.at, sm.radius)).collect(),
            dust_off: if side == Side::FreeWorld {
                s.dust_off.as_ref().map(|d| d.delay)
            } else {
                None
            },
            dust_off_called: s.dust_off.is_some(),
            dust_offs_left: s.dust_offs_left,
            missions: s
                .missions
                .iter()
                .filter(|m| self.visible_to(s.stand(m.observer), side))
                .map(|m| (m.observer, m.he, m.smoke))
                .collect(),
            held: s.held,
            points: self.points_seen_by(s, side),
            moving,
        }
    }
}

/// Where a move would end, and what may happen on the way.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MovePreview {
    pub from: Point,
    pub to: Point,
    /// The terrain piece it ends in.
    pub ends_in: Option<String>,
    /// What stops it short of where it was aimed, if anything does.
    pub stopped: Option<Stop>,
    /// Every point where reactive fire may come.
    pub points: Vec<ReactPoint>,
    /// For each point, how many enemy stands the mover's side sees there
    /// that see the mover there (hidden ones are not counted).
    pub exposed: Vec<u8>,
    /// Why it may not be made, if it may not.
    pub refusal: Option<String>,
}

/// What ends a move short of where it was aimed (base 4.0), as the
/// mover's side knows the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Stop {
    /// A terrain piece entered, or reached (a stream or a hedge, which a
    /// move stops at rather than in).
    Terrain(String),
    /// Another stand in the way: it stops in contact.
    Stand(String),
    /// Ground it may not enter (`None`: open ground it may not cross).
    Impassable(Option<String>),
}

/// A firer's dice before the roll.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirerPreview {
    pub firer: StandId,
    pub base: u8,
    pub mods: Vec<DiceMod>,
    pub hit_on: u8,
    pub dice: u8,
}

/// The line-of-sight tool's answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SightView {
    pub seen: Seen,
    /// The piece that blocks it, if blocked.
    pub by: Option<String>,
    /// The pieces that give cover.
    pub cover: Vec<String>,
}

impl CrossfireVn {
    /// Where a stand's move towards `to` would end, the piece it ends in and
    /// the points where reactive fire may come (as its side knows the
    /// table).
    pub fn preview_move(&self, s: &State, stand: StandId, to: Point) -> MovePreview {
        let m = StandMove {
            stand,
            to,
            facing: None,
        };
        let st = s.stand(stand);
        let check = self.check_command(
            s,
            &crate::Command::Move {
                moves: vec![m.clone()],
            },
        );
        let leg = self.plan_leg(s, st, &m, &[stand], "base 4.0");
        let end = leg.as_ref().map_or(st.at, |l| l.to);
        let points = self.react_points(s, st.at, end);
        let t = self.table_of(s);
        let exposed = points
            .iter()
            .map(|p| {
                s.side_on_table(st.side.other())
                    .filter(|o| !o.hidden && self.sees_at(s, o, st, p.at))
                    .count() as u8
            })
            .collect();
        // Why it stops short: the same plan the move is made by.
        let (bases, ids) = self.visible_bases(s, st.side, &[stand]);
        let stopped = match self.plan(s, st, to, &bases).halt {
            Some(Halt::Stopped { feature }) => t.names.get(feature).cloned().map(Stop::Terrain),
            Some(Halt::Blocked { base }) => ids
                .get(base)
                .map(|&o| Stop::Stand(s.stand(o).label.clone())),
            Some(Halt::Impassable { feature }) => Some(Stop::Impassable(
                feature.and_then(|i| t.names.get(i).cloned()),
            )),
            Some(Halt::OutOfMovement) | None => None,
        };
        MovePreview {
            from: st.at,
            to: end,
            ends_in: self.feature_at(s, end).map(|i| t.names[i].clone()),
            stopped,
            points,
            exposed,
            refusal: check.err().map(|r| r.in_book("CF").to_string()),
        }
    }

    /// Each firer's dice against `target` (where it stands) before the roll.
    pub fn fire_preview(
        &self,
        s: &State,
        firers: &[StandId],
        target: StandId,
        support: &[StandId],
    ) -> Vec<FirerPreview> {
        let Some(t) = s.get(target) else {
            return Vec::new();
        };
        let shot = Shot {
            mode: if self.acting(s).is_some() {
                FireMode::Direct
            } else {
                FireMode::Reactive
            },
            firers,
            target,
            at: t.at,
            support,
            came_from: None,
        };
        self.shot_dice(s, &shot)
            .into_iter()
            .map(|d| FirerPreview {
                firer: d.firer,
                base: d.base,
                mods: d.mods,
                hit_on: d.hit_on,
                dice: d.dice,
            })
            .collect()
    }

    /// The line of sight from a stand to a point, as a stand there would
    /// be seen.
    pub fn sight(&self, s: &State, from: StandId, to: Point) -> SightView {
        let st = s.stand(from);
        let ghost = Stand {
            at: to,
            ..st.clone()
        };
        let r = self.sight_between(s, st, &ghost, to);
        let t = self.table_of(s);
        let name = |i: usize| {
            t.names
                .get(i)
                .cloned()
                .unwrap_or_else(|| "smoke".to_string())
        };
        SightView {
            seen: r.seen,
            by: r.by.map(name),
            cover: r.cover.into_iter().map(name).collect(),
        }
    }
}
