//! What happened: the record the log, the animations and the explanations
//! read. An event carries what a screen needs to show it (the path of a
//! move, every number of an attack) and, for a counter that was face down
//! when it happened, the marker the other side saw.

use crate::data::{Column, CrtResult, Deployment, OrderId, Role};
use crate::map::Hex;
use crate::state::{CounterId, Group, HeliJob, Side, StrikeKind};
use serde::{Deserialize, Serialize};

/// Why an attack happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    /// Ground fire in a Combat Phase (B3).
    Fire,
    /// Hard-core fire at a helicopter (B5, B7e, O10.2).
    Helicopter,
    /// Door guns and escorts while landing (O10.1).
    DoorGuns,
    /// Huey Cobras covering an ammunition or medevac helicopter (O10.2).
    Cobras,
    /// A field of fire beyond the target (O8), or its half-strength band.
    KillZone,
    /// A unit moving into a field of fire (O8).
    KillZoneMove,
    /// A gun of the battery (O7.2).
    Artillery,
    /// A bomb run (O9.3).
    AirStrike,
    /// An anti-personnel trap entered in the Standard Game (S6) at 3 to 1;
    /// it never pins.
    BoobyTrap,
    /// An anti-personnel trap uncovered in a Probe (B8), or turned up beside
    /// US units in the Solitaire Game (B6), at 3 to 1: a plain attack of the
    /// Basic Game, so a "P" pins (the no-pinning rule is the Standard
    /// Game's S6).
    ProbedTrap,
    /// An ambush sprung (O5) with +2.
    Ambush,
    /// Reconnaissance by fire into a hex with people (O3b).
    ReconByFire,
    /// Solitaire: a revealed NLF unit must fire (B6).
    Solitaire,
}

impl AttackKind {
    pub fn name(self) -> &'static str {
        match self {
            AttackKind::Fire => "Fire",
            AttackKind::Helicopter => "Fire at a helicopter",
            AttackKind::DoorGuns => "Door guns",
            AttackKind::Cobras => "Cobras",
            AttackKind::KillZone => "Field of fire",
            AttackKind::KillZoneMove => "Moving into a field of fire",
            AttackKind::Artillery => "Artillery",
            AttackKind::AirStrike => "Air strike",
            AttackKind::BoobyTrap | AttackKind::ProbedTrap => "Booby trap",
            AttackKind::Ambush => "Ambush",
            AttackKind::ReconByFire => "Reconnaissance by fire",
            AttackKind::Solitaire => "NLF fire",
        }
    }

    /// A booby trap's attack, at 3 to 1 whatever the terrain (B8, S6).
    pub fn is_trap(self) -> bool {
        matches!(self, AttackKind::BoobyTrap | AttackKind::ProbedTrap)
    }

    pub fn rule(self) -> &'static str {
        match self {
            AttackKind::Fire => "B3",
            AttackKind::Helicopter => "B5",
            AttackKind::DoorGuns => "O10.1",
            AttackKind::Cobras => "O10.2",
            AttackKind::KillZone | AttackKind::KillZoneMove => "O8",
            AttackKind::Artillery => "O7.2",
            AttackKind::AirStrike => "O9.3",
            AttackKind::BoobyTrap => "S6",
            AttackKind::ProbedTrap => "B8",
            AttackKind::Ambush => "O5",
            AttackKind::ReconByFire => "O3b",
            AttackKind::Solitaire => "B6",
        }
    }
}

/// One term of a strength: what it is, how much (half points), the rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    pub label: String,
    pub halves: u16,
    pub rule: String,
}

/// What an attack did to one counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hit {
    Nothing,
    Pinned,
    /// Wounded on the Points table: pinned (traps do not pin, S6).
    Wounded,
    Killed,
    Casualties {
        kia: u8,
        wia: u8,
    },
    /// Removed after its sixth casualty (O4c).
    Eliminated,
    /// A dummy turned out to be nothing (A6).
    Removed,
    /// Materiel destroyed (O9.3) or a porter shot (A3).
    Destroyed,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    pub counter: CounterId,
    pub role: Role,
    pub side: Side,
    /// Its marker if it was face down when hit.
    pub marker: Option<u16>,
    pub hit: Hit,
    /// Also pinned (a casualty result, a wound).
    pub pinned: bool,
    /// Points scored for it, and by whom.
    pub points: i32,
    pub to: Side,
    /// Points wait for a US unit to pass over (O11).
    pub pending: bool,
    /// A sniper hit for points is also removed (B3).
    pub sniper: bool,
    /// A carried cache it dropped (B3.5).
    pub dropped: Option<CounterId>,
}

/// An attack with every number that went into it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    pub kind: AttackKind,
    pub side: Side,
    pub firers: Vec<CounterId>,
    /// B7e: the firers stay face down and unnamed to the other side.
    pub hidden_firers: bool,
    pub hex: Hex,
    pub attack: Vec<Term>,
    pub defence: Vec<Term>,
    /// Totals in half points.
    pub attack_total: u16,
    pub defence_total: u16,
    /// `None`: worse than the first column, the attack cannot affect the target.
    pub column: Option<usize>,
    pub column_label: String,
    pub die: u8,
    pub modifier: i8,
    pub result: CrtResult,
    pub casualty_table: bool,
    pub effects: Vec<Effect>,
    /// A face-down defender seen only as people (A6), not named.
    pub unnamed_targets: bool,
}

impl Attack {
    pub fn total(&self) -> i32 {
        self.die as i32 + self.modifier as i32
    }
}

/// How face-down counters were turned up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RevealHow {
    /// B6: a US unit came beside it (solitaire).
    Adjacent,
    Probe,
    Search,
    Challenge,
    /// It fired (B3).
    Fired,
    /// Hit by fire, artillery or an air strike.
    Hit,
    Interrogation,
    Trap,
    ReconByFire,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StopWhy {
    /// B6: beside a face-down counter.
    Beside,
    /// S5: on top of face-down counters.
    Search,
    /// O8: hit in a field of fire.
    KillZone,
    /// S6.
    Trap,
    /// O5.
    Ambush,
    /// A3: a porter captured.
    Capture,
    /// Killed on the way.
    Killed,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shown {
    pub counter: CounterId,
    pub role: Role,
    /// The marker it had while face down.
    pub marker: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    // --- set-up ---
    OrdersChosen {
        order: OrderId,
        drawn: bool,
    },
    DeploymentChosen {
        deployment: Deployment,
    },
    StrikePlanned {
        turn: u8,
        area: Vec<Hex>,
    },
    OobChosen {
        column: Column,
    },
    Placed {
        counter: CounterId,
        role: Role,
        marker: u16,
        hex: Hex,
    },
    PlacedAtRandom {
        count: u16,
    },
    /// B6: the solitaire scatter.
    Scattered {
        count: u16,
    },
    // --- the sequence ---
    TurnBegins {
        turn: u8,
        side: Side,
    },
    /// Forces due this turn (a later lift, a call coming in, D6).
    Arriving {
        group: Group,
        called: Option<u8>,
        units: Vec<CounterId>,
    },
    // --- helicopters ---
    Landed {
        units: Vec<CounterId>,
        hex: Hex,
    },
    GroupDown {
        hexes: Vec<Hex>,
    },
    /// B7e: the NLF's answer to a landing group (always asked).
    HeldFire {
        hexes: Vec<Hex>,
    },
    HelicopterIn {
        job: HeliJob,
        hex: Hex,
    },
    HelicopterOut {
        job: HeliJob,
        hex: Hex,
        evacuated: Vec<u16>,
    },
    HelicopterDown {
        job: HeliJob,
        hex: Hex,
    },
    Lifted {
        units: Vec<CounterId>,
        hex: Hex,
        records: u8,
    },
    // --- movement ---
    Moved {
        unit: CounterId,
        marker: Option<u16>,
        path: Vec<Hex>,
        cost: u8,
        stopped: Option<StopWhy>,
    },
    Entered {
        unit: CounterId,
        path: Vec<Hex>,
        cost: u8,
        stopped: Option<StopWhy>,
    },
    SearchReport {
        unit: CounterId,
        hex: Hex,
        combat_units: bool,
        back_to: Option<Hex>,
    },
    Uncovered {
        unit: CounterId,
        hex: Hex,
        cost: u8,
    },
    Revealed {
        hex: Hex,
        how: RevealHow,
        shown: Vec<Shown>,
    },
    DummyRemoved {
        hex: Hex,
        marker: u16,
        counter: CounterId,
    },
    /// A6, O3b: the NLF says whether there are people in the hex.
    People {
        hex: Hex,
        markers: Vec<u16>,
        people: bool,
    },
    Captured {
        unit: CounterId,
        counter: CounterId,
        role: Role,
        hex: Hex,
        points: i32,
    },
    Resupplied {
        unit: CounterId,
        ammo: u8,
        from: CounterId,
    },
    Loaded {
        porter: CounterId,
        cache: CounterId,
        marker: Option<u16>,
    },
    Unloaded {
        porter: CounterId,
        cache: CounterId,
        marker: Option<u16>,
    },
    /// D6: a call written down (the NLF reads only that something was written).
    CallWritten {
        group: Group,
        turn: u8,
        arrives: u8,
        entry: Option<u8>,
    },
    AirStrikeRequested {
        die: u8,
        turn: u8,
    },
    HelicopterCalled {
        job: HeliJob,
        hex: Hex,
    },
    DayToDayDeclared {
        turn: u8,
    },
    // --- discovery ---
    Probed {
        unit: CounterId,
        hex: Hex,
    },
    Challenged {
        unit: CounterId,
        hex: Hex,
    },
    InterrogationStarted {
        arvn: CounterId,
        subject: CounterId,
    },
    InterrogationRoll {
        die: u8,
        second: bool,
        exposed: Option<Shown>,
        hex: Option<Hex>,
        why: String,
    },
    InterrogationLapsed {
        arvn: CounterId,
        subject: CounterId,
    },
    // --- combat ---
    Attack(Box<Attack>),
    /// B6: why a solitaire NLF unit fires where it does.
    SolitaireChoice {
        unit: CounterId,
        hex: Hex,
        why: String,
    },
    ZoneSet {
        firer: CounterId,
        hexes: Vec<(Hex, bool)>,
    },
    ArtilleryRequested {
        fo: CounterId,
        die: u8,
        turns: u8,
        ready: u8,
    },
    ArtilleryFired {
        coi: Hex,
        intended: Hex,
        /// O7.5: range and deflection dice, and the tie die if one was needed.
        scatter: Option<(u8, u8, Option<u8>)>,
        guns: u8,
        hexes: Vec<Hex>,
    },
    StrikeIn {
        kind: StrikeKind,
        area: Vec<Hex>,
    },
    StrikeCancelled {
        kind: StrikeKind,
    },
    ReconByFire {
        hex: Hex,
        people: bool,
        firers: Vec<CounterId>,
    },
    // --- caches, casualties, points ---
    WorkBegins {
        unit: CounterId,
        cache: CounterId,
    },
    CacheTaken {
        unit: CounterId,
        cache: CounterId,
        role: Role,
        hex: Hex,
        points: i32,
        captured: bool,
    },
    CacheLost {
        cache: CounterId,
        role: Role,
        hex: Hex,
        points: i32,
        trap: bool,
    },
    Dropped {
        unit: CounterId,
        cache: CounterId,
        hex: Hex,
    },
    MedicTook {
        medic: CounterId,
        count: u8,
        enemy: bool,
    },
    PickedUp {
        unit: CounterId,
        count: u8,
    },
    PendingScored {
        unit: CounterId,
        hex: Hex,
        points: i32,
    },
    Unpinned {
        units: Vec<CounterId>,
    },
    // --- end of turn ---
    Hidden {
        unit: CounterId,
        marker: u16,
    },
    AmbushLaid {
        unit: CounterId,
        hex: Hex,
        marker: u16,
    },
    GameEnds {
        result: String,
        summary: String,
    },
    Award {
        side: Side,
        points: i32,
        why: String,
        rule: String,
    },
}
