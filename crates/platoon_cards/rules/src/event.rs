//! What happened: the record the log, the animations and the explanations
//! read. Each event carries every die and modifier of its roll.

use crate::command::{Action, AirTarget};
use crate::data::MoraleResult;
use crate::state::*;
use serde::{Deserialize, Serialize};
use vt_core::Modifier;
use vt_core::tabletop::Point;

/// A pool of d6 on the small-arms table (or the area-fire, sniper and
/// ground-to-air ones, which count hits the same way).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pool {
    /// Dice the weapon has at this range, before cover and the rest.
    pub base: u8,
    /// Dice added or taken away, each with its rule.
    pub dice_mods: Vec<Modifier>,
    /// The score that hits before pip modifiers.
    pub hit_on: u8,
    /// Taken off each die (suppressed, proximity), each with its rule.
    pub pip_mods: Vec<Modifier>,
    pub rolled: Vec<u8>,
    pub hits: u8,
}

impl Pool {
    pub fn dice(&self) -> u8 {
        let n = self.base as i32 + self.dice_mods.iter().map(|m| m.value).sum::<i32>();
        n.max(0) as u8
    }
    /// The score a die must show, pip modifiers included (7: none can).
    pub fn needed(&self) -> u8 {
        let pips: i32 = self.pip_mods.iter().map(|m| m.value).sum();
        (self.hit_on as i32 - pips).clamp(1, 7) as u8
    }
}

/// One d10 (or d6) with modifiers against a number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Check {
    pub die: u8,
    pub roll: u8,
    pub mods: Vec<Modifier>,
    pub total: i32,
    pub need: i32,
}

impl Check {
    pub fn passed(&self) -> bool {
        self.total >= self.need
    }
}

/// What the hits mean on the small-arms table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    None,
    Suppressed,
    Disrupted,
    Killed,
}

impl Effect {
    pub fn name(self) -> &'static str {
        match self {
            Effect::None => "no effect",
            Effect::Suppressed => "Suppressed",
            Effect::Disrupted => "Disrupted",
            Effect::Killed => "Killed",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Firer {
    Stand(StandId),
    Sniper(u16),
}

/// How a shot was fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// The firer spots the target itself.
    Spotted,
    /// Another friend spots it: "Proximity Shooting".
    Proximity,
    Overwatch,
    PointBlank,
}

/// Where a template came from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Source {
    Battery { battery: u16 },
    Mortar { stand: StandId },
    Rocket { stand: StandId },
    Bomb { strike: u16 },
    Bombardment,
    Divisional { battery: u16, counter: u8 },
    DirectHe { stand: StandId },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scatter {
    /// The scatter die showed "Hit".
    pub on_target: bool,
    /// The arrow, degrees clockwise from up the table.
    pub degrees: f64,
    pub distance_roll: u8,
    /// Inches moved after any adjustment (bombs are more accurate).
    pub distance: f64,
}

/// One stand under a template and what its dice did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnderTemplate {
    pub stand: StandId,
    /// Share of its base under the template.
    pub share: f64,
    pub pool: Pool,
    pub effect: Effect,
    /// Hidden under its card: only its side reads this line.
    pub hidden: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MineOutcome {
    Bogus,
    Destroyed,
    LostTrack,
    Cleared,
    PassedActive,
    EngineersLost,
    Halted,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeleeRoll {
    pub stand: StandId,
    pub roll: u8,
    pub mods: Vec<Modifier>,
    pub total: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MeleeResult {
    AttackerWins,
    DefenderWins,
    Draw,
    /// No attacker got in (all stopped before contact).
    NoAttack,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AirEffect {
    None,
    Suppressed,
    Damaged,
    Crashed,
    Exploded,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Placed {
    Card(u16),
    Stand(StandId),
    Mine(u16),
    Sniper(u16),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    SetupPlaced {
        side: Side,
        what: Placed,
        at: Point,
        /// Only its side may read where.
        secret: bool,
    },
    SetupDone {
        side: Side,
    },
    BombardmentPlotted {
        side: Side,
        aims: Vec<Point>,
    },
    TurnBegins {
        turn: u8,
        us_cards: u8,
        vc_cards: u8,
    },
    Arrived {
        platoon: PlatoonId,
        stands: Vec<StandId>,
    },
    CardDrawn {
        side: Side,
        left: u8,
    },
    CardWasted {
        side: Side,
    },
    Activated {
        platoon: PlatoonId,
        side: Side,
        activation: u8,
        hidden: bool,
    },
    MoraleCheck {
        platoon: PlatoonId,
        side: Side,
        check: Check,
        result: MoraleResult,
        hidden: bool,
    },
    MoraleSkipped {
        platoon: PlatoonId,
        hidden: bool,
    },
    ActionChosen {
        platoon: PlatoonId,
        action: Action,
        hidden: bool,
    },
    Moved {
        stand: StandId,
        from: Point,
        to: Point,
        /// Allowance used, off-road inches.
        cost: f64,
        /// Falling back (rout, disrupted looking for cover).
        fallback: bool,
    },
    Pivoted {
        stand: StandId,
        facing: f64,
    },
    SmallArms {
        firer: Firer,
        weapon: String,
        target: StandId,
        range: f64,
        mode: Mode,
        pool: Pool,
        effect: Effect,
        /// The table's reading (VC charging, single figure, softskin).
        note: String,
    },
    GunFire {
        firer: StandId,
        weapon: String,
        target: StandId,
        range: f64,
        mode: Mode,
        to_hit: Check,
        penetration: Option<Check>,
        /// The vehicle's fate: destroyed, disrupted, suppressed or nothing.
        effect: Effect,
    },
    Template {
        source: Source,
        aim: Point,
        scatter: Option<Scatter>,
        centre: Point,
        diameter: f64,
        under: Vec<UnderTemplate>,
        smoke: bool,
        /// A mine or wire strip destroyed by it.
        destroyed: Option<String>,
    },
    Napalm {
        strike: u16,
        corners: [Point; 4],
        scatter: Scatter,
        under: Vec<UnderTemplate>,
    },
    StatusChanged {
        stand: StandId,
        from: Status,
        to: Status,
        hidden: bool,
    },
    StandLost {
        stand: StandId,
        gone: Gone,
        hidden: bool,
    },
    Passengers {
        carrier: StandId,
        rolls: Vec<(StandId, Check, Effect)>,
    },
    Revealed {
        marker: u16,
        side: Side,
        platoon: Option<PlatoonId>,
        stands: Vec<(StandId, Point)>,
        by: Option<StandId>,
    },
    SniperFired {
        sniper: u16,
        side: Side,
        pos: Point,
        target: StandId,
        pool: Pool,
        effect: Effect,
    },
    SniperSpotted {
        sniper: u16,
        side: Side,
        pos: Point,
        by: StandId,
    },
    MineEntered {
        stand: StandId,
        marker: u16,
        at: Point,
    },
    MineRoll {
        stand: StandId,
        marker: u16,
        real: bool,
        check: Option<Check>,
        outcome: MineOutcome,
    },
    WireAttempt {
        stand: StandId,
        wire: u16,
        check: Option<Check>,
        cleared: bool,
        stuck: bool,
    },
    Charged {
        stand: StandId,
        target: StandId,
        from: Point,
        to: Point,
    },
    StoppedShort {
        stand: StandId,
        to: Point,
    },
    Supported {
        melee: u16,
        stand: Option<StandId>,
    },
    Melee {
        melee: u16,
        attackers: Vec<MeleeRoll>,
        defenders: Vec<MeleeRoll>,
        result: MeleeResult,
    },
    Retreated {
        stand: StandId,
        from: Point,
        to: Point,
    },
    Advanced {
        stand: StandId,
        to: Point,
    },
    OverwatchStoodDown {
        platoon: PlatoonId,
    },
    OverwatchEnded {
        platoon: PlatoonId,
    },
    /// The other side is given a chance to fire (public: it says nothing
    /// of what that side has).
    ReactionOffered {
        side: Side,
    },
    ReactionDeclined {
        side: Side,
        for_activation: bool,
    },
    Plotted {
        side: Side,
        counter: u8,
        at: Point,
    },
    BatteryAssigned {
        side: Side,
        battery: u16,
        counter: u8,
    },
    DivisionalFalls {
        side: Side,
        counters: Vec<(u8, Option<u16>)>,
    },
    SmokeLaid {
        screen: SmokeScreen,
    },
    SmokeClears,
    Embarked {
        stand: StandId,
        carrier: StandId,
        on_top: bool,
    },
    Disembarked {
        stand: StandId,
        carrier: StandId,
        to: Point,
    },
    Landed {
        stand: StandId,
    },
    TookOff {
        stand: StandId,
    },
    Exited {
        stand: StandId,
    },
    AirStrikeCalled {
        strike: u16,
        fo: StandId,
        aim: Point,
    },
    GroundToAir {
        firer: StandId,
        target: AirTarget,
        pool: Pool,
        effect: AirEffect,
    },
    EndOfTurn {
        turn: u8,
    },
    GameOver {
        winner: Option<Side>,
        text: String,
    },
}
