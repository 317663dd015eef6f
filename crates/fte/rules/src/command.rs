//! Commands: a side's answer to the current decision.
//!
//! `Fte::legal` (the `Ruleset` method) lists a useful set of commands for the decision (for
//! combined fire and groups of units it lists each unit alone and the whole
//! group); `Fte::check` accepts any group the rules allow, so a UI
//! may build its own subset and ask `check` before sending it.

use crate::geo::Hex;
use crate::state::{MoveMode, UnitId};
use serde::{Deserialize, Serialize};

/// How a player points at an enemy unit: a Visible unit by id, a Concealed
/// one by the number on its Concealed marker (all the player can see).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    Unit(UnitId),
    Marker(u16),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    // -- Set-up (3.0, 26.0) --
    /// Re-place a set-up unit anywhere in its set-up area.
    Place {
        unit: UnitId,
        hex: Hex,
    },
    /// Plot a Booby Trap (NVA/VC) or Claymore (US) in secret.
    Plot {
        hex: Hex,
    },
    SetupDone,

    // -- Reinforcements (4.0) --
    /// Place an arriving unit (and what it carries) on its entry edge.
    Enter {
        unit: UnitId,
        hex: Hex,
        altitude: crate::state::Altitude,
    },

    // -- Activation (5.1) --
    ActivateLeader {
        leader: UnitId,
    },
    ActivateHex {
        hex: Hex,
    },
    /// A single vehicle, helicopter or infantry unit.
    ActivateUnit {
        unit: UnitId,
    },
    /// Adjacent helicopters together (Move, Load, Unload only).
    ActivateHelicopters {
        units: Vec<UnitId>,
    },
    Pass,

    // -- Move (6.0) --
    Move {
        units: Vec<UnitId>,
        mode: MoveMode,
    },
    Step {
        hex: Hex,
    },
    /// Helicopter altitude change at the start or end of its move (6.8).
    Climb,
    Descend,
    /// Into or out of a Bunker or Foxholes in the hex (24.0, 25.0).
    EnterFort,
    LeaveFort,
    /// Leave a carried KIA/WIA in the hex before moving on (7.5.2).
    Drop {
        casualty: u16,
    },
    ExitMap,
    /// NVA/VC carrying KIA/WIA into a Tunnel (7.5.3).
    EnterTunnel,
    EndMove,

    // -- Other actions (7.0-15.0) --
    Fire {
        firers: Vec<UnitId>,
        primary: UnitId,
        target: Target,
    },
    Assault {
        units: Vec<UnitId>,
        hex: Hex,
    },
    Search {
        unit: UnitId,
    },
    /// Recover (10.0): removes what markers it can; optionally picks up a
    /// KIA/WIA in the hex, or hands one it carries to `to`.
    Recover {
        unit: UnitId,
        pick_up: Option<u16>,
        transfer: Option<(u16, UnitId)>,
    },
    DestroyCache {
        unit: UnitId,
    },
    RequestMedevac {
        unit: UnitId,
    },
    RequestFireMission {
        unit: UnitId,
        hex: Hex,
    },
    Load {
        carrier: UnitId,
        units: Vec<UnitId>,
        casualties: Vec<u16>,
    },
    Unload {
        carrier: UnitId,
    },
    /// Abandon an immobilized vehicle (6.10).
    Abandon {
        vehicle: UnitId,
    },
    EndActivation,

    // -- Opportunity Fire (21.0), by the other side --
    /// These units take the Troop Quality Check to fire.
    OpFireAttempt {
        units: Vec<UnitId>,
    },
    /// Fire with units that passed.
    OpFire {
        primary: UnitId,
        supporters: Vec<UnitId>,
        target: Target,
    },
    /// Let this chance go (or do not fire after passing, keeping concealment).
    OpFirePass,

    // -- Assault rounds (8.0) --
    AssaultFire {
        firers: Vec<UnitId>,
        primary: UnitId,
        target: Target,
    },
    /// The remaining units hold their fire this round.
    AssaultHold,
    Advance {
        units: Vec<UnitId>,
    },
    NoAdvance,

    // -- Other interrupts --
    Retreat {
        hex: Hex,
    },
    /// Pick up the new KIA/WIA with this unit (7.5.2).
    Carry {
        unit: UnitId,
    },
    LeaveCasualty,
    /// Where a downed helicopter lands (7.4).
    SetDown {
        hex: Hex,
    },
    /// A Random Event's choice of unit or hex (19.x).
    EventUnit {
        unit: UnitId,
    },
    EventHex {
        hex: Hex,
    },
    EventPass,
    Interrogate,
    NoInterrogation,
    RevealUnit {
        unit: UnitId,
    },
    RevealCache {
        cache: u16,
    },
    /// Fire the plotted Claymore where the NVA/VC just moved or assault
    /// (26.0), offered with the Opportunity Fire chance.
    Detonate,
    /// The US fires a Claymore on its own turn (26.0: at any time), before
    /// or instead of an activation.
    DetonateAt {
        hex: Hex,
    },

    // -- Execute Fire Missions (16.0) --
    ExecuteMission,
    CancelMission,

    // -- Check for Concealment (18.0) --
    Conceal {
        unit: UnitId,
    },
    ConcealDone,
}
