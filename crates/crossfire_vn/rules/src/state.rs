//! The game state: everything needed to go on, the generator included.
//!
//! Plain serializable data (vectors, no maps), so a state digests the same
//! on every platform. Stands and markers are never removed: one that leaves
//! play keeps its slot with a [`Presence`] saying why, so ids stay stable
//! for the log and the saves. The terrain is not in the state (it is the
//! scenario's table, loaded with the data); what changes on it (burning
//! features, smoke) is.

use crate::options::Readings;
use crate::step::Step;
use serde::{Deserialize, Serialize};
use vt_core::rng::GameRng;
use vt_core::tabletop::Point;

/// The two sides, in the order of `GameInfo::sides`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    FreeWorld,
    VcNva,
}

impl Side {
    pub fn idx(self) -> usize {
        match self {
            Side::FreeWorld => 0,
            Side::VcNva => 1,
        }
    }

    pub fn from_idx(i: u8) -> Side {
        if i == 0 { Side::FreeWorld } else { Side::VcNva }
    }

    pub fn other(self) -> Side {
        match self {
            Side::FreeWorld => Side::VcNva,
            Side::VcNva => Side::FreeWorld,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::FreeWorld => "Free World",
            Side::VcNva => "VC/NVA",
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Side::FreeWorld => "free-world",
            Side::VcNva => "vc-nva",
        }
    }
}

pub type StandId = u16;
pub type MarkerId = u16;

/// A stand's state of mind (CF base: pins and suppressions, S2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Status {
    #[default]
    Ok,
    /// May fire, may not move (CF6.5.1).
    Pinned,
    /// May only try to rally (CF6.5.2).
    Suppressed,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "OK",
            Status::Pinned => "Pinned",
            Status::Suppressed => "Suppressed",
        }
    }
}

/// Where a stand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Presence {
    Table,
    /// Not yet on the table (a Dust Off before it is called, an Aid Post
    /// before two medics form it).
    Waiting,
    /// Killed (6.5): a casualty marker lies where it was.
    Killed,
    /// A withdrawn sniper (6.9) or a withdrawing fire team off its edge
    /// (6.9.1).
    Withdrawn,
    /// Left the table by its own edge (a carrier that leaves with its
    /// casualties, a Dust Off that took off).
    Exited,
    /// Two medics became a Company Aid Post (6.5).
    Merged,
}

/// One stand on (or off) the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stand {
    pub id: StandId,
    pub side: Side,
    /// Index into the unit types.
    pub unit: u16,
    pub label: String,
    pub platoon: u8,
    pub squad: u8,
    /// Centre of the base, inches.
    pub at: Point,
    /// The way it faces (length 1).
    pub facing: Point,
    pub presence: Presence,
    /// Set up hidden and not yet found (CF base: hidden deployment).
    pub hidden: bool,
    pub status: Status,
    /// Fired reactively and missed: may not fire until the initiative
    /// changes (CF6.2.1).
    pub no_fire: bool,
    /// Markers it carries (6.5).
    pub carrying: Vec<MarkerId>,
    /// Has made its medevac action this initiative (6.5).
    pub medevac_done: bool,
    /// Shots this initiative (snipers, 6.9).
    pub shots: u8,
    /// Moved this initiative (USMC sniper team, 6.9).
    pub moved: bool,
    /// Detached a sniper and must leave the table (6.9.1).
    pub withdrawing: bool,
    /// Has detached its one sniper (6.9.1).
    pub detached: bool,
}

impl Stand {
    pub fn on_table(&self) -> bool {
        self.presence == Presence::Table
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MarkerKind {
    /// Casualties of a killed stand (6.5).
    Casualty,
    /// The weapon of a killed heavy weapon stand (6.5).
    Equipment,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum MarkerPlace {
    Ground(Point),
    Carried(StandId),
    /// Taken off the table by its own side (6.5).
    Evacuated,
    /// Equipment taken by the other side (6.5).
    Captured,
    /// Lost with a Dust Off shot down over the table.
    Lost,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Marker {
    pub id: MarkerId,
    pub kind: MarkerKind,
    /// Whose casualties or equipment.
    pub side: Side,
    pub place: MarkerPlace,
    /// The stand it replaced, if any (none for the scenario's wounded).
    pub from: Option<StandId>,
}

impl Marker {
    pub fn ground(&self) -> Option<Point> {
        match self.place {
            MarkerPlace::Ground(p) => Some(p),
            _ => None,
        }
    }
}

/// A Dust Off on its way (6.5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DustOffCall {
    /// Initiatives of the requesting side still to wait; it arrives at the
    /// start of the side's initiative that brings this to 0.
    pub delay: u8,
}

/// A smoke screen from a fire mission.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Smoke {
    pub at: Point,
    pub radius: f64,
    /// The side whose initiative ends it (the enemy of the caller): it lasts
    /// until the end of that side's next initiative.
    pub until_end_of: Side,
}

/// The fire missions an observer has left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MissionsLeft {
    pub observer: StandId,
    pub he: u8,
    pub smoke: u8,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum End {
    /// The clock reached the scenario's end time.
    Time,
    /// The attacker held its objective for the initiatives needed.
    ObjectiveHeld,
    /// Every Free World casualty was evacuated (an Evacuate objective).
    Evacuated,
    /// A side has no stand left on the table.
    Wiped(Side),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub rng: GameRng,
    pub scenario: String,
    pub readings: Readings,
    /// What the game waits for; the top is current (see [`Step`]).
    pub steps: Vec<Step>,
    /// Who holds the initiative.
    pub initiative: Side,
    /// Initiatives begun so far (1 is the first).
    pub initiative_no: u32,
    /// Minutes after midnight.
    pub clock: u16,
    pub stands: Vec<Stand>,
    pub markers: Vec<Marker>,
    /// Indices of burning terrain pieces (6.12).
    pub burning: Vec<u16>,
    pub smoke: Vec<Smoke>,
    pub dust_off: Option<DustOffCall>,
    pub dust_offs_left: u8,
    pub missions: Vec<MissionsLeft>,
    /// Attacker initiatives the objective has been held in a row.
    pub held: u8,
    pub end: Option<End>,
}

impl State {
    pub fn step(&self) -> &Step {
        self.steps.last().unwrap_or(&Step::Over)
    }

    pub fn stand(&self, id: StandId) -> &Stand {
        &self.stands[id as usize]
    }

    pub fn stand_mut(&mut self, id: StandId) -> &mut Stand {
        &mut self.stands[id as usize]
    }

    pub fn get(&self, id: StandId) -> Option<&Stand> {
        self.stands.get(id as usize)
    }

    pub fn marker(&self, id: MarkerId) -> &Marker {
        &self.markers[id as usize]
    }

    /// Stands on the table.
    pub fn on_table(&self) -> impl Iterator<Item = &Stand> {
        self.stands.iter().filter(|s| s.on_table())
    }

    /// A side's stands on the table.
    pub fn side_on_table(&self, side: Side) -> impl Iterator<Item = &Stand> {
        self.on_table().filter(move |s| s.side == side)
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }
}
