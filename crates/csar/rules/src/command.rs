//! The player's answers to the game's decisions. Cards are named by their id
//! in the Action deck, aircraft by their index in the state's aircraft list,
//! guns by their counter, Survivors by their index.

use crate::components::Zone;
use serde::{Deserialize, Serialize};

/// What an Aircraft card is played against (4.3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// No target (Troll for Fire, Smoke, CS Gas).
    None,
    /// An Enemy Gun, by counter.
    Gun(u8),
    /// The zone's Target of Opportunity (9.3).
    TargetOfOpportunity,
    /// A Barrage in the zone (Attack only, 4.3.4).
    Barrage,
    /// CBU used on the Search marker instead (9.2).
    SearchMarker,
}

/// What a Command card is played on (4.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum CommandTarget {
    None,
    /// Move Survivor: this Survivor to this zone.
    MoveSurvivor {
        survivor: u8,
        to: Zone,
    },
    /// Exfil Team: this Survivor off the map, through `via` when leaving from the Center.
    Exfil {
        survivor: u8,
        via: Option<Zone>,
    },
}

/// A purchase between campaign missions (8.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purchase {
    /// One of the Action cards the campaign removed, by card id.
    Card(u8),
    ExtraTurn,
    /// A Pilot/PJ card, by index.
    Pilot(u8),
    FastMover,
}

/// Where an aircraft moves to (4.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Dest {
    Orbit,
    Zone(Zone),
}

// Aligned to eight bytes (five would do): a command is then written, read
// and compared as one word, and the lists of legal commands, written a
// few dozen times a command in random play, are written a word a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[repr(align(8))]
pub enum Command {
    /// Set-up: this Pilot/PJ card, or `None` to draw one at random.
    ChoosePilot(Option<u8>),
    /// Set-up: put the Pilot/PJ counter on this aircraft.
    PlacePilot {
        aircraft: u8,
    },
    /// Set-up: take a card of this kind (index into the card kinds) into the hand.
    PickCard(u8),
    /// Set-up of 7.4: reveal this zone's Enemy marker.
    RevealZone(Zone),
    /// 8.0.
    Buy(Purchase),
    /// 2.1.4: discard a card from the Reserve.
    DiscardReserve(u8),
    /// 4.2.2: move an Aircraft card from the hand to the Reserve.
    Reserve(u8),
    /// 4.2.3.
    PlayCommand {
        card: u8,
        target: CommandTarget,
    },
    DiscardCommand(u8),
    /// 4.3.1.
    Move {
        aircraft: u8,
        to: Dest,
    },
    /// 4.3.2: a card from the hand or the Reserve to an aircraft.
    Assign {
        card: u8,
        aircraft: u8,
    },
    /// 4.3.4 (and Suppress at any time in the Combat Phase). `pilot`: also
    /// discard the aircraft's Pilot card for its ability.
    Play {
        card: u8,
        target: Target,
        pilot: bool,
    },
    /// 4.3.4: discard an assigned card unplayed.
    DiscardAssigned(u8),
    /// 4.3.3 B: resolve fire into this zone next.
    ResolveZone(Zone),
    /// 4.3.3 D, 4.4.2, 4.4.3: burn this card from the hand.
    Burn(u8),
    /// Discard this aircraft's Pilot card to cancel a Hit.
    UsePilot {
        aircraft: u8,
    },
    /// 2.2.1 Wild card: this aircraft takes the Hit.
    WildHit {
        aircraft: u8,
    },
    /// 4.3.5. `pilot`: discard the helicopter's PJ card for its ability.
    Rescue {
        helicopter: u8,
        survivor: u8,
        pilot: bool,
    },
    /// Stop choosing: end the segment (cards left unplayed are discarded).
    Done,
}
