//! What happened: the record the log, the animations and the explanations
//! read. An event carries everything a screen needs (a move's path, every
//! die and modifier of a roll) without reading the state again.

use crate::state::{End, MarkerId, Side, StandId, Status};
use serde::{Deserialize, Serialize};
use vt_core::tabletop::Point;

/// A fire result (6.5: miss, pinned, suppressed, killed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Effect {
    Miss,
    Pin,
    Suppress,
    Kill,
}

impl Effect {
    pub fn name(self) -> &'static str {
        match self {
            Effect::Miss => "Miss",
            Effect::Pin => "Pinned",
            Effect::Suppress => "Suppressed",
            Effect::Kill => "Killed",
        }
    }
}

/// Why a firer's dice changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiceWhy {
    /// Target in protective cover (CF base).
    Cover,
    /// Target in a bunker: a die off and only 6s hit (CF base).
    Bunker,
    /// Ambush fire of the base game: point-blank from hiding.
    Ambush,
    /// 6.10: passing along a route.
    AmbushRoute,
    /// 6.10: passing through a defile.
    AmbushDefile,
    /// 6.11: an RPG team's die.
    Rpg(StandId),
    /// 6.11: a LAW team's die against a bunker or brick building.
    Law(StandId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceMod {
    pub why: DiceWhy,
    pub dice: i8,
}

/// One firer's roll, judged alone (6.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireRoll {
    pub firer: StandId,
    pub base_dice: u8,
    pub mods: Vec<DiceMod>,
    pub hit_on: u8,
    pub dice: Vec<u8>,
    pub hits: u8,
    /// The result of these hits alone.
    pub result: Effect,
    /// A USMC sniper team's pin read as a suppression (6.9).
    pub pin_suppresses: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FireMode {
    Direct,
    Reactive,
}

/// Why the initiative changed hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pass {
    /// The side handed it over.
    Ended,
    /// Direct fire did not suppress or kill (CF base).
    FireFailed,
    /// A rally failed (CF base).
    RallyFailed,
    /// Reactive fire suppressed or killed a mover (CF6.2).
    Seized,
    /// The attacker lost a close combat (CF8.0).
    CloseCombatLost,
    /// A barrage suppressed or killed nothing (CF7.1, Assumed).
    BarrageFailed,
    /// Recon by fire flushed nobody (6.7, an option).
    ReconFailed,
    /// Anti-tank fire did not destroy its target.
    AntiTankFailed,
    /// A flamethrower's fire was not effective (6.12).
    FlameFailed,
    /// A USMC sniper team's shot failed (6.9).
    SniperFailed,
}

/// Why a hidden stand was placed on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RevealWhy {
    Fired,
    /// 6.11: a recoilless weapon's back-blast.
    Backblast,
    Moved,
    /// An enemy stand came within reach or into its feature.
    Spotted,
    ReconByFire,
    /// Hit by a barrage.
    Barrage,
    CloseCombat,
    /// Its objective was entered.
    Objective,
    /// Flames drove it out (6.12).
    Burnt,
}

/// One side's close-combat roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatRoll {
    pub side: Side,
    pub stands: Vec<StandId>,
    pub die: u8,
    /// (label, section, value)
    pub mods: Vec<(String, String, i32)>,
    pub total: i32,
}

/// One stand under a barrage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BarrageRoll {
    pub stand: StandId,
    pub cover: bool,
    pub bunker: bool,
    pub dice: Vec<u8>,
    pub hit_on: u8,
    pub hits: u8,
    pub result: Effect,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    Placed {
        stand: StandId,
        side: Side,
        at: Point,
        facing: Point,
        hidden: bool,
    },
    SetupDone {
        side: Side,
    },
    InitiativeBegins {
        side: Side,
        number: u32,
        clock: u16,
    },
    InitiativePasses {
        from: Side,
        to: Side,
        why: Pass,
    },
    /// The moving clock (CF base, Hit the Dirt).
    ClockRoll {
        roll: u8,
        needed: u8,
        clock: u16,
        advanced: bool,
    },
    /// A stand moved along `path` (its start first).
    Moved {
        stand: StandId,
        path: Vec<Point>,
        facing: Point,
        /// Stopped short by reactive fire.
        stopped: bool,
    },
    Pivoted {
        stand: StandId,
        facing: Point,
    },
    /// The other side let a move pass.
    NoReaction {
        mover: StandId,
    },
    Fire {
        mode: FireMode,
        target: StandId,
        /// Where the target was (the point of its move, for reactive fire).
        at: Point,
        rolls: Vec<FireRoll>,
        /// The most severe of the firers' results (6.4).
        result: Effect,
        /// The firers stay hidden (an option): the enemy reads no names.
        unseen: bool,
    },
    /// A result applied to a stand (6.5).
    Hit {
        stand: StandId,
        effect: Effect,
        from: Status,
        to: Status,
    },
    /// A killed stand leaves play; its markers are put down (6.5).
    Killed {
        stand: StandId,
        at: Point,
        /// It was suppressed already and suppressed again (base 6.5.2).
        again: bool,
        casualty: Option<MarkerId>,
        equipment: Option<MarkerId>,
        dropped: Vec<MarkerId>,
    },
    /// A vehicle or helicopter destroyed.
    Destroyed {
        stand: StandId,
        at: Point,
        dropped: Vec<MarkerId>,
    },
    /// A helicopter breaks off.
    BrokeOff {
        stand: StandId,
    },
    NoFire {
        stands: Vec<StandId>,
        /// Some of them are hidden: only their side reads the names.
        unseen: Option<Side>,
    },
    Revealed {
        stand: StandId,
        at: Point,
        why: RevealWhy,
    },
    Rally {
        stand: StandId,
        die: u8,
        rating: i32,
        /// The Command Group whose rating helps.
        by: Option<StandId>,
        needed: u8,
        from: Status,
        to: Status,
    },
    CloseCombat {
        attacker: CombatRoll,
        defender: CombatRoll,
        /// Re-rolled ties before this roll.
        ties: u8,
        winner: Side,
    },
    /// Medics, Aid Posts and snipers contacted in close combat (6.5, 6.9).
    AutoKilled {
        stand: StandId,
    },
    /// Attackers thrown back before the close combat (CF8.0).
    AssaultAborted {
        stands: Vec<StandId>,
    },
    AntiTank {
        stand: StandId,
        target: StandId,
        die: u8,
        bonus: i32,
        needed: u8,
        destroyed: bool,
        unseen: bool,
    },
    ReconByFire {
        stand: StandId,
        feature: u16,
        dice: Vec<u8>,
        hit_on: u8,
        hits: u8,
        revealed: Vec<StandId>,
        /// The revealed stand the hits fall on, and their result.
        struck: Option<(StandId, Effect)>,
    },
    PickedUp {
        carrier: StandId,
        markers: Vec<MarkerId>,
    },
    SetDown {
        carrier: StandId,
        markers: Vec<MarkerId>,
        at: Point,
        /// Handed to a vehicle.
        into: Option<StandId>,
    },
    Evacuated {
        by: StandId,
        markers: Vec<MarkerId>,
    },
    Exited {
        stand: StandId,
    },
    AidPostFormed {
        medics: [StandId; 2],
        post: StandId,
        at: Point,
    },
    DustOffRequested {
        die: u8,
        aid_post: bool,
        modifier: i32,
        delay: i32,
    },
    DustOffArrives,
    DustOffLands {
        helicopter: StandId,
        at: Point,
    },
    DustOffLeaves {
        helicopter: StandId,
        markers: Vec<MarkerId>,
    },
    DustOffWavedOff,
    SniperDetached {
        team: StandId,
        sniper: StandId,
        at: Point,
        /// The team was hidden, and so is its sniper.
        hidden: bool,
    },
    SniperWithdrawn {
        sniper: StandId,
        hidden: bool,
    },
    Flame {
        stand: StandId,
        feature: u16,
        die: u8,
        needed: u8,
        effective: bool,
    },
    Burning {
        feature: u16,
    },
    /// Driven out of burning terrain (6.12).
    DrivenOut {
        stand: StandId,
        to: Point,
    },
    /// Occupants of a flamed field defence removed without markers (an
    /// option of 6.12).
    Removed {
        stand: StandId,
    },
    Barrage {
        observer: StandId,
        at: Point,
        rolls: Vec<BarrageRoll>,
    },
    SmokeLaid {
        observer: StandId,
        at: Point,
    },
    SmokeClears {
        at: Point,
    },
    EquipmentCaptured {
        marker: MarkerId,
        by: StandId,
    },
    ObjectiveHeld {
        side: Side,
        count: u8,
    },
    GameOver {
        end: End,
        points: [i32; 2],
    },
}
