//! Events: what happened, compact during play; `Fte::describe` turns
//! them into log lines with adjudications.

use crate::data::{Effect, MissionKind, RandomEvent, StatusMarker, Terrain, VpEvent, Weapon};
use crate::geo::Hex;
use crate::state::{CacheKind, CasualtyKind, Side, UnitId};
use serde::{Deserialize, Serialize};

/// The units of an event that sat under Concealed markers, with each
/// marker's number: the other side knows them only by it (18.0), and the
/// log, read by both players, names them so for that side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marked {
    pub side: Side,
    pub markers: Vec<(UnitId, u16)>,
}

impl Marked {
    pub fn marker(&self, unit: UnitId) -> Option<u16> {
        self.markers
            .iter()
            .find(|(u, _)| *u == unit)
            .map(|(_, m)| *m)
    }
}

/// One die-roll modifier, with the rule that gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Drm {
    Terrain(Terrain),
    TrailOpFire,
    ConcealedTarget,
    Bunker,
    Foxholes,
    Defense,
    Sapper,
    Status(StatusMarker),
    BeyondRange,
    Adjacent,
    Supporting,
    Crowded,
    ConcealedOpFire,
    Stealthy,
    ObservedMortar,
    Searching,
    Concealment(Terrain),
    VisibleEnemies,
    Medic,
    ForwardObserver,
    PendingMissions,
    AerialObserver,
}

impl Drm {
    pub fn label(self) -> String {
        match self {
            Drm::Terrain(t) => t.name().to_string(),
            Drm::TrailOpFire => "moving along a trail or road".into(),
            Drm::ConcealedTarget => "target Concealed".into(),
            Drm::Bunker => "Bunker".into(),
            Drm::Foxholes => "Foxholes".into(),
            Drm::Defense => "Defensive Modifier".into(),
            Drm::Sapper => "target is a Sapper".into(),
            Drm::Status(m) => match m {
                StatusMarker::Exhausted => "Exhausted".into(),
                StatusMarker::LowAmmo => "Low Ammo".into(),
                StatusMarker::Suppressed => "Suppressed".into(),
                StatusMarker::Broken => "Broken".into(),
                StatusMarker::Hero => "Hero".into(),
                StatusMarker::CarryingKia => "carrying a KIA".into(),
            },
            Drm::BeyondRange => "beyond Range".into(),
            Drm::Adjacent => "firing into an adjacent hex".into(),
            Drm::Supporting => "supporting unit".into(),
            Drm::Crowded => "units beyond four in the target hex".into(),
            Drm::ConcealedOpFire => "Concealed unit's Opportunity Fire".into(),
            Drm::Stealthy => "target using Stealthy Movement".into(),
            Drm::ObservedMortar => "Observed Mortar Fire".into(),
            Drm::Searching => "Searching markers".into(),
            Drm::Concealment(t) => format!("{} concealment", t.name()),
            Drm::VisibleEnemies => "Visible enemy units with LoS".into(),
            Drm::Medic => "Medic in the hex".into(),
            Drm::ForwardObserver => "Forward Observer".into(),
            Drm::PendingMissions => "pending Fire Missions".into(),
            Drm::AerialObserver => "Aerial Observer".into(),
        }
    }

    pub fn rule(self) -> &'static str {
        match self {
            Drm::Terrain(_) => "FTE 6.1, 7.1",
            Drm::TrailOpFire => "FTE 6.1 note a",
            Drm::ConcealedTarget => "FTE 18.1",
            Drm::Bunker => "FTE 24.0",
            Drm::Foxholes => "FTE 25.0",
            Drm::Defense => "FTE 2.0, 7.1",
            Drm::Sapper => "FTE 27.0",
            Drm::Status(StatusMarker::Exhausted) => "FTE 6.6",
            Drm::Status(StatusMarker::LowAmmo) => "FTE 19.2",
            Drm::Status(StatusMarker::Hero) => "FTE 19.4",
            Drm::Status(StatusMarker::CarryingKia) => "FTE 7.5.2",
            Drm::Status(_) => "FTE 1.2",
            Drm::BeyondRange => "FTE 7.1",
            Drm::Adjacent => "FTE 7.1",
            Drm::Supporting => "FTE 7.1",
            Drm::Crowded => "FTE 6.2, 7.1",
            Drm::ConcealedOpFire => "FTE 21.0",
            Drm::Stealthy => "FTE 6.7",
            Drm::ObservedMortar => "FTE 7.2",
            Drm::Searching => "FTE 9.0",
            // The Terrain Effects Chart column, used by 6.7 and 18.2.
            Drm::Concealment(_) => "FTE 6.1, 6.7, 18.2",
            Drm::VisibleEnemies => "FTE 18.2",
            Drm::Medic => "FTE 17.1",
            Drm::ForwardObserver => "FTE 13.0",
            Drm::PendingMissions => "FTE 13.0",
            Drm::AerialObserver => "FTE 16.0, 19.8",
        }
    }
}

pub type Mods = Vec<(Drm, i8)>;

/// How units tried to come into a hex found held by Concealed enemy units
/// (6.2), for the log's words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntryKind {
    /// A step of a Move (6.4).
    #[default]
    Step,
    /// A Broken unit's retreat (7.4).
    Retreat,
    /// A downed helicopter coming down (7.4).
    SetDown,
    /// A helicopter landing from Treetop level (6.8).
    Landing,
    /// Units unloading from a helicopter or vehicle (15.0).
    Unload,
    /// A reinforcement placed on its map edge (4.0).
    Reinforcement,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    Fire,
    OpFire,
    Assault {
        round: u8,
    },
    Mission(MissionKind),
    Claymore,
    /// A passenger of a destroyed vehicle (7.4): straight to the DP column.
    Passenger,
    BoobyTrap,
}

/// What a Troop Quality Check was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CheckKind {
    OpFire,
    Assault,
    PossibleSuppression,
    Stealthy,
    Search,
    Concealment,
    BoobyTrap,
    Interrogation,
}

impl CheckKind {
    pub fn name(self) -> (&'static str, &'static str) {
        match self {
            CheckKind::OpFire => ("Opportunity Fire check", "FTE 21.0"),
            CheckKind::Assault => ("Assault check", "FTE 8.0"),
            CheckKind::PossibleSuppression => ("Possible Suppression check", "FTE 7.4"),
            CheckKind::Stealthy => ("Stealthy Movement check", "FTE 6.7"),
            CheckKind::Search => ("Search", "FTE 9.0"),
            CheckKind::Concealment => ("Concealment check", "FTE 18.2"),
            CheckKind::BoobyTrap => ("Booby Trap", "FTE 26.0"),
            CheckKind::Interrogation => ("Interrogation", "FTE 28.0"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnBegins {
        turn: u8,
    },
    ChitDrawn {
        chit: crate::state::Chit,
    },
    ChitReturned,
    ChitLost {
        side: Side,
        from_cup: bool,
    },
    Activated {
        side: Side,
        units: Vec<UnitId>,
        leader: Option<UnitId>,
        #[serde(default)]
        marked: Option<Marked>,
    },
    Passed {
        side: Side,
    },
    ActivationEnds {
        side: Side,
    },
    Placed {
        unit: UnitId,
        hex: Hex,
        /// Shown only as "a unit" when it is set up hidden.
        hidden: bool,
        /// Re-placed by this side in set-up, in secret (3.0): the other
        /// side reads neither which unit nor where.
        #[serde(default)]
        secret: Option<Side>,
    },
    Plotted {
        side: Side,
    },
    Entered {
        unit: UnitId,
        hex: Hex,
    },
    MoveBegins {
        units: Vec<UnitId>,
        mode: crate::state::MoveMode,
        #[serde(default)]
        marked: Option<Marked>,
    },
    Moved {
        units: Vec<UnitId>,
        from: Hex,
        to: Hex,
        cost: u8,
        left: u8,
        #[serde(default)]
        marked: Option<Marked>,
    },
    /// Units tried to enter a hex (`how`: a step, a retreat, a downed or
    /// landing helicopter, an unload, a reinforcement's placement) that
    /// turned out to hold Concealed enemy units, and stay where they were
    /// (6.2).
    EntryRefused {
        units: Vec<UnitId>,
        hex: Hex,
        #[serde(default)]
        marked: Option<Marked>,
        #[serde(default)]
        how: EntryKind,
    },
    AltitudeChanged {
        unit: UnitId,
        altitude: crate::state::Altitude,
    },
    FortChanged {
        units: Vec<UnitId>,
        entered: bool,
        #[serde(default)]
        marked: Option<Marked>,
    },
    Dropped {
        casualty: u16,
        hex: Hex,
    },
    ExitedMap {
        units: Vec<UnitId>,
    },
    Evacuated {
        casualty: u16,
        side: Side,
        kind: CasualtyKind,
    },
    LostConcealment {
        unit: UnitId,
    },
    GainedConcealment {
        unit: UnitId,
    },
    DummyRemoved {
        unit: UnitId,
    },
    Check {
        unit: UnitId,
        /// Its counter type (index into the unit types), for the log.
        ty: u16,
        /// Concealed at the time: the log does not name its type.
        concealed: bool,
        kind: CheckKind,
        quality: u8,
        roll: u8,
        mods: Mods,
        pass: bool,
        #[serde(default)]
        marked: Option<Marked>,
    },
    /// A fire attack's to-hit roll and, on a hit, its effect roll.
    Attack {
        kind: AttackKind,
        firers: Vec<UnitId>,
        primary: Option<UnitId>,
        /// Counter types of the Primary Firing Unit and the target, for the log.
        primary_ty: Option<u16>,
        target: UnitId,
        target_ty: u16,
        target_concealed: bool,
        rating: u8,
        weapon: Weapon,
        mods: Mods,
        roll: u8,
        hit: bool,
        effect_roll: Option<u8>,
        effect: Option<Effect>,
        #[serde(default)]
        marked: Option<Marked>,
    },
    /// An effect applied to a unit.
    Effect {
        unit: UnitId,
        effect: Effect,
        outcome: String,
        #[serde(default)]
        marked: Option<Marked>,
    },
    CasualtyPlaced {
        casualty: u16,
        kind: CasualtyKind,
        hex: Hex,
    },
    Carried {
        casualty: u16,
        unit: UnitId,
        #[serde(default)]
        marked: Option<Marked>,
    },
    Captured {
        casualty: u16,
    },
    Retreated {
        unit: UnitId,
        to: Hex,
    },
    Eliminated {
        unit: UnitId,
        why: String,
    },
    Vp {
        side: Side,
        event: VpEvent,
        change: i32,
        total: i32,
    },
    Searched {
        unit: UnitId,
        found: Vec<(u16, CacheKind)>,
        #[serde(default)]
        marked: Option<Marked>,
    },
    CacheRevealed {
        cache: u16,
        kind: CacheKind,
    },
    CacheDestroyed {
        cache: u16,
        kind: CacheKind,
    },
    Recovered {
        unit: UnitId,
        removed: Vec<String>,
        #[serde(default)]
        marked: Option<Marked>,
    },
    MedevacRequested {
        roll: u8,
        arrives: Option<u8>,
    },
    FireMissionRequested {
        side: Side,
        roll: u8,
        mods: Mods,
        result: Option<(MissionKind, u8)>,
    },
    MissionCancelled {
        side: Side,
    },
    MissionLands {
        side: Side,
        kind: MissionKind,
        target: Hex,
        accuracy: u8,
        mods: Mods,
        /// (direction d6, distance in hexes) when it scatters.
        scatter: Option<(u8, u8)>,
        /// The d10 the scatter distance was worked out from (16.0).
        #[serde(default)]
        distance_roll: Option<u8>,
        landed: Hex,
    },
    Loaded {
        carrier: UnitId,
        units: Vec<UnitId>,
        casualties: Vec<u16>,
    },
    Unloaded {
        carrier: UnitId,
        units: Vec<UnitId>,
    },
    AssaultDeclared {
        units: Vec<UnitId>,
        hex: Hex,
    },
    AssaultRound {
        round: u8,
    },
    AssaultEnds,
    Advanced {
        units: Vec<UnitId>,
        hex: Hex,
    },
    OpFireDeclined {
        side: Side,
    },
    RandomEvent {
        side_roll: u8,
        side: Side,
        roll: u8,
        event: RandomEvent,
    },
    EventApplied {
        event: RandomEvent,
        unit: Option<UnitId>,
        hex: Option<Hex>,
        #[serde(default)]
        marked: Option<Marked>,
    },
    BoobyTrap {
        hex: Hex,
    },
    Claymore {
        hex: Hex,
    },
    Interrogated {
        unit: UnitId,
        pass: bool,
    },
    Revealed {
        unit: Option<UnitId>,
        cache: Option<u16>,
    },
    CasualtyCheck {
        casualty: u16,
        side: Side,
        roll: u8,
        mods: Mods,
        result: CasualtyResult,
    },
    Abandoned {
        vehicle: UnitId,
        crew: UnitId,
    },
    TurnEnds {
        turn: u8,
    },
    ObjectiveHeld {
        name: String,
        side: Side,
        vp: i32,
    },
    GameOver {
        winner: Side,
        vp: [i32; 2],
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CasualtyResult {
    DiedOfWounds,
    ReturnedToDuty,
    NoChange,
}

impl Event {
    /// Notes which of the units an event names still sit under Concealed
    /// markers once its command is done, for events that did not note it
    /// when they happened (the log names those units by marker to the
    /// enemy; a unit that lost its marker in the same command was revealed
    /// to him anyway).
    pub(crate) fn mark_concealed(&mut self, s: &crate::state::State) {
        match self {
            Event::Effect { unit, marked, .. }
            | Event::Carried { unit, marked, .. }
            | Event::Recovered { unit, marked, .. }
            | Event::EventApplied {
                unit: Some(unit),
                marked,
                ..
            } if marked.is_none() => *marked = s.marked(&[*unit]),
            Event::Attack {
                firers,
                primary,
                marked,
                ..
            } if marked.is_none() => {
                let mut named = firers.clone();
                named.extend(*primary);
                *marked = s.marked(&named);
            }
            _ => {}
        }
    }
}
