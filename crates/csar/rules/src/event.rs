//! What happened, compactly: indices and enums only. [`crate::Csar`]'s
//! `describe` turns each event into words and adjudications for the log.

use crate::command::{Purchase, Target};
use crate::components::{Place, Zone};
use crate::data::{MarkerValue, OrdnanceKind, ZoneMarkerKind};
use crate::state::{EndReason, GameResult, MissionScore};
use serde::{Deserialize, Serialize};

/// Why a Resolution card was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    /// 4.3.3 C: Hits from a zone's fire.
    ZoneFire,
    /// 4.3.3 E: which aircraft takes a Hit.
    HitAllocation,
    /// 4.3.3 E: shot down or destroyed, Healthy or Injured.
    ShootDown,
    /// 4.3.3 E: a Healthy Survivor aboard a helicopter shot down.
    CrashInjury,
    /// 4.3.5.
    Rescue,
    /// 4.4.1 (and 6.1).
    BombDamage,
    /// 4.4.2.
    Search,
    /// 4.4.3.
    AbortCheck,
    /// A Request Aircraft card.
    RequestAircraft,
    /// 6.2.
    Pinpoint,
    /// 6.3.
    DangerClose,
    /// 6.4.
    Recovery,
    /// 7.2: does the scenario end now?
    EndDraw,
    /// 2.2.1 random determination (ones digit).
    Random,
}

/// What a random determination chose between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RandomFor {
    /// 4.3.3 A: a gun's target among equal zones.
    GunTarget,
    /// 4.4.2: which Survivor is captured.
    Capture,
    /// 6.1: which hit gun is removed.
    BombingGun,
    /// An Event card's random pick.
    EventPick,
    /// Pilot/PJ card drawn at random (7.0).
    PilotCard,
}

/// What turned a marker up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RevealCause {
    Helicopter,
    TrollForFire,
    Rescue,
    SetUp,
    Event,
}

/// Why the Abort marker moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AbortWhy {
    ShotDown,
    Destroyed,
    GunDestroyed,
    TargetDestroyed,
    Card,
}

/// Why a gun left the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GunGone {
    Cbu,
    BombDamage,
}

/// A step of the Marker Adjustment Segment (4.4.5), in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Adjust {
    HitMarkersRemoved,
    TwoSidesRemoved,
    OneSidesFlipped,
    GunsActive,
    GunsUnrotated,
    ExitFastMoversToPool,
    FastMoversToOrbit,
    FastMoversToExit,
    OrbitAircraftCool,
    BarragesShake,
    SearchAdvanced,
    TurnAdvanced,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    ScenarioBegins {
        scenario: u8,
    },
    MissionBegins {
        mission: u8,
        turns: u8,
    },
    PilotChosen {
        card: u8,
        random: bool,
    },
    PilotPlaced {
        card: u8,
        aircraft: u8,
    },
    CardPicked {
        card: u8,
    },
    ZoneMarkerPlaced {
        zone: Zone,
        kind: ZoneMarkerKind,
    },
    TurnBegins {
        turn: u8,
    },
    /// A Resolution card drawn. `counted`: it counts toward the draws asked for.
    Drawn {
        purpose: Purpose,
        card: u8,
    },
    /// The Reshuffle card (or a Wild used as one) reshuffled the deck.
    Reshuffled,
    /// A random determination: `options` outcomes, `picked` chosen, from card `card`.
    RandomPick {
        why: RandomFor,
        card: u8,
        options: u8,
        picked: u8,
    },
    WildRemoved {
        rule: u8,
    },
    EventDrawn {
        card: u8,
    },
    EventIgnored {
        card: u8,
    },
    ActionDrawn {
        card: u8,
    },
    ActionDeckReshuffled,
    Reserved {
        card: u8,
    },
    ReserveDiscarded {
        card: u8,
    },
    CommandPlayed {
        card: u8,
    },
    CommandDiscarded {
        card: u8,
    },
    RequestFailed,
    CardRemovedFromGame {
        card: u8,
    },
    AircraftArrives {
        aircraft: u8,
        to: Place,
    },
    FastMoverToPool {
        aircraft: u8,
    },
    Moved {
        aircraft: u8,
        from: Place,
        to: Place,
    },
    MarkerRevealed {
        zone: Zone,
        hidden: bool,
        value: MarkerValue,
        extra: Option<MarkerValue>,
        cause: RevealCause,
    },
    GunPlaced {
        gun: u8,
        zone: Zone,
        suppressed: bool,
    },
    BarragePlaced {
        zone: Zone,
    },
    GunCupEmpty {
        zone: Zone,
    },
    CardAssigned {
        card: u8,
        aircraft: u8,
    },
    CardPlayed {
        card: u8,
        aircraft: u8,
        target: Target,
    },
    AssignedDiscarded {
        card: u8,
    },
    GunSuppressed {
        gun: u8,
    },
    GunTargets {
        gun: u8,
        zone: Zone,
    },
    ZoneFire {
        zone: Zone,
        guns: u8,
        base: u8,
        coordinated: bool,
        smoke: bool,
        zfv: u8,
    },
    HitsDiscarded {
        zone: Zone,
        hits: u8,
    },
    HitsScored {
        zone: Zone,
        hits: u8,
    },
    Burned {
        card: u8,
    },
    PilotUsed {
        card: u8,
        aircraft: u8,
    },
    FastMoverLost {
        aircraft: u8,
    },
    Shaken {
        aircraft: u8,
    },
    ShotDown {
        aircraft: u8,
    },
    Destroyed {
        aircraft: u8,
        survivors_killed: u8,
    },
    SurvivorPlaced {
        survivor: u8,
        zone: Zone,
        injured: bool,
    },
    SurvivorInjured {
        survivor: u8,
    },
    SurvivorKilled {
        survivor: u8,
    },
    AbortMoved {
        from: u8,
        to: u8,
        why: AbortWhy,
    },
    SearchMoved {
        from: u8,
        to: u8,
    },
    GunHit {
        gun: u8,
        hits: u8,
        total: u8,
        doubled: bool,
    },
    TargetHit {
        zone: Zone,
        hits: u8,
        total: u8,
        doubled: bool,
    },
    BarrageRemoved {
        zone: Zone,
    },
    GunRemoved {
        gun: u8,
        zone: Zone,
        why: GunGone,
    },
    TargetDestroyed {
        zone: Zone,
    },
    GunMarked {
        gun: u8,
    },
    TargetMarked {
        zone: Zone,
    },
    OrdnancePlaced {
        kind: OrdnanceKind,
        zone: Zone,
    },
    RescueAttempt {
        helicopter: u8,
        survivor: u8,
        cool: u8,
        shaken: bool,
        injured: bool,
        cs_gas: bool,
        smoke: bool,
        pilot: bool,
        draws: u8,
    },
    RescueCancelled {
        helicopter: u8,
        survivor: u8,
    },
    Rescued {
        survivor: u8,
        helicopter: u8,
    },
    RescueFailed {
        survivor: u8,
    },
    SearchReset,
    OffMap {
        survivor: u8,
    },
    SurvivorMoved {
        survivor: u8,
        from: Zone,
        to: Zone,
    },
    BombDamage {
        gun: u8,
        draws: u8,
        destroyed: bool,
    },
    TargetDamage {
        zone: Zone,
        draws: u8,
        destroyed: bool,
    },
    SearchCheck {
        draws: u8,
        burned: u8,
    },
    SearchSpared,
    Captured {
        survivor: u8,
    },
    AbortCheck {
        draws: u8,
        burned: u8,
    },
    AbortCheckSkipped,
    MissionAborted,
    AutoAbort,
    HandDiscarded {
        cards: u8,
    },
    Adjusted {
        step: Adjust,
    },
    Pinpointed {
        survivor: u8,
    },
    Recovered {
        aircraft: u8,
    },
    DangerClose {
        survivor: u8,
        injured: bool,
        killed: bool,
    },
    ArcLightClears,
    EventEffect {
        card: u8,
    },
    Bought {
        what: Purchase,
        cost: i32,
    },
    MissionScored {
        mission: u8,
        score: MissionScore,
        morale: i32,
        result: GameResult,
    },
    PilotLost {
        card: u8,
    },
    PilotRecovered {
        card: u8,
    },
    GameEnds {
        reason: EndReason,
    },
    Result {
        result: GameResult,
    },
}
