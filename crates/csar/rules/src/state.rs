//! The game state: everything needed to go on, the generator included. Cards,
//! counters and aircraft are small indices into the loaded data, so cloning a
//! state is a handful of short vectors.

use crate::components::{Aircraft, Survivor, SurvivorAt, Zone};
use crate::data::{MarkerValue, ZoneMarkerKind};
use crate::markers::{Chit, Gun, ZoneState};
use serde::{Deserialize, Serialize};
use vt_core::GameRng;
use vt_core::cup::Cup;
use vt_core::deck::Deck;

pub use crate::step::Step;

/// The optional rules of 6.0, as switched on in the set-up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// 6.1 Bombing Effectiveness.
    pub bombing_effectiveness: bool,
    /// 6.2 Pinpointing Survivors.
    pub pinpointing: bool,
    /// 6.3 Danger Close.
    pub danger_close: bool,
    /// 6.4 Recovering Pilots (removes the Wild card).
    pub recovering_pilots: bool,
    /// 6.5 Search Effectiveness (removes the Wild card on its first use).
    pub search_effectiveness: bool,
}

/// Limits that scenarios change (7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Hand plus Reserve after the Draw Action Cards Segment (4.2.1).
    pub hand: u8,
    pub reserve: u8,
    /// The Search marker never goes beyond this space.
    pub search_cap: u8,
    /// Auto Abort: the space after the last numbered one (2.1.1).
    pub auto_abort: u8,
    /// 7.2: the ArcLight turn (0: none).
    pub arclight_turn: u8,
}

/// An Aircraft card assigned to an aircraft in a zone this turn (4.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assigned {
    pub card: u8,
    /// Index into [`State::aircraft`].
    pub aircraft: u8,
    pub zone: Zone,
}

/// Where the game goes when a fire resolution is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FireReturn {
    /// The Enemy Gun Fire Segment (4.3.3): on to the Play Aircraft Action Cards Segment.
    Segment,
    /// Guns turned up by Troll for Fire: back to playing cards.
    Troll,
    /// Guns turned up by a rescue attempt (4.3.5): then the rescue draw.
    Rescue {
        helicopter: u8,
        survivor: u8,
        pilot: bool,
    },
}

/// A fire resolution in progress (4.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireProc {
    pub ret: FireReturn,
    /// Only newly placed guns fire.
    pub fresh_only: bool,
    /// Zones still to be resolved, as zone bits.
    pub pending: u8,
    /// The zone being resolved and its Hits not yet implemented.
    pub zone: Zone,
    pub hits: u8,
}

impl Default for FireProc {
    fn default() -> Self {
        FireProc {
            ret: FireReturn::Segment,
            fresh_only: false,
            pending: 0,
            zone: Zone::Center,
            hits: 0,
        }
    }
}

/// Why the game (or a campaign mission) ended (5.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// 5.0: every helicopter is destroyed (shot down is not enough).
    #[serde(alias = "AllHelicoptersLost")]
    AllHelicoptersDestroyed,
    /// 7.4: both helicopters are shot down (or destroyed): a loss at once.
    HelicoptersShotDown,
    Aborted,
    AutoAbort,
    NoSurvivorsOnMap,
    TurnLimit,
    /// 7.2: the end-of-scenario draw came up.
    EndDraw,
    /// 7.4: a Survivor was captured: the player loses at once.
    SurvivorCaptured,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    Win,
    Loss,
    Draw,
}

impl GameResult {
    pub fn label(self) -> &'static str {
        match self {
            GameResult::Win => "win",
            GameResult::Loss => "loss",
            GameResult::Draw => "draw",
        }
    }
}

/// Losses and gains during a mission, for victory and Morale Points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub shot_down: u8,
    pub destroyed: u8,
    pub fast_movers_lost: u8,
    pub guns_destroyed: u8,
    pub targets_destroyed: u8,
    pub reached_auto_abort: bool,
    /// Pilot/PJ cards (bits) whose aircraft was destroyed with them aboard.
    pub pilots_killed: u8,
}

/// Per-turn effects of Event cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnFlags {
    /// Comms Trouble: draw this many fewer Action cards.
    pub draw_fewer: u8,
    /// Low Clouds: Fast Movers stay in the Orbit Box.
    pub fast_movers_grounded: bool,
    /// The Event card in play this turn (Rules of Engagement), to discard at cleanup.
    pub event_in_play: Option<u8>,
    /// Survivors (bits) a rescue was tried for in this Rescue Segment (4.3.5).
    pub rescue_tried: u16,
}

/// A Pilot/PJ card over a campaign (8.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PilotStatus {
    Available,
    /// Bought: comes on every mission.
    Roster,
    /// Killed or captured: gone for the campaign.
    Lost,
}

/// One mission's account of Morale Points (8.0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionScore {
    pub no_losses: i32,
    pub all_rescued: i32,
    pub survivors_lost: i32,
    pub abort: i32,
    pub pilots_lost: i32,
    pub pilots_recovered: i32,
}

impl MissionScore {
    pub fn total(&self) -> i32 {
        self.no_losses
            + self.all_rescued
            + self.survivors_lost
            + self.abort
            + self.pilots_lost
            + self.pilots_recovered
    }
}

/// The mini-campaign (8.0) around the current mission.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaign {
    /// 1-based.
    pub mission: u8,
    pub morale: i32,
    pub pilots: Vec<PilotStatus>,
    /// Action cards bought for the next mission (card ids).
    pub bought_cards: Vec<u8>,
    pub extra_turn: bool,
    pub fast_movers: u8,
    /// Results of the missions played.
    pub results: Vec<(GameResult, i32)>,
    /// Pilots to place at this mission's set-up (cards).
    pub to_place: Vec<u8>,
}

/// Everything needed to go on.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub rng: GameRng,
    /// Index of the scenario in the data.
    pub scenario: u8,
    pub options: Options,
    pub limits: Limits,
    /// Turn marker (2.1.1), from 1.
    pub turn: u8,
    pub last_turn: u8,
    /// Search marker position.
    pub search: u8,
    /// Abort marker position; `limits.auto_abort` is Auto Abort.
    pub abort: u8,
    pub step: Step,
    /// Resolution deck (card indices); the hits set aside in a fire resolution.
    pub res: Deck<u8>,
    pub res_aside: Vec<u8>,
    /// 6.5 has spared a Survivor once.
    pub search_spared: bool,
    /// Action deck (card ids), the hand, the Reserve, the cards assigned.
    pub action: Deck<u8>,
    pub hand: Vec<u8>,
    pub reserve: Vec<u8>,
    pub assigned: Vec<Assigned>,
    pub events: Deck<u8>,
    pub aircraft: Vec<Aircraft>,
    pub survivors: Vec<Survivor>,
    pub guns: Vec<Gun>,
    pub gun_cup: Cup<Chit>,
    pub hidden_cup: Cup<MarkerValue>,
    pub enemy_cup: Cup<MarkerValue>,
    pub zone_cup: Cup<ZoneMarkerKind>,
    pub zones: [ZoneState; 5],
    pub fire: FireProc,
    /// Cards burned for the current Enemy Search or Abort Check (4.4.2, 4.4.3).
    pub burned: u8,
    pub flags: TurnFlags,
    pub tally: Tally,
    pub end: Option<EndReason>,
    pub result: Option<GameResult>,
    pub campaign: Option<Campaign>,
}

impl State {
    pub fn zone(&self, z: Zone) -> &ZoneState {
        &self.zones[z.index()]
    }

    pub fn aircraft_in(&self, z: Zone) -> impl Iterator<Item = (usize, &Aircraft)> {
        self.aircraft
            .iter()
            .enumerate()
            .filter(move |(_, a)| a.place == crate::components::Place::Zone(z))
    }

    pub fn count_in(&self, z: Zone) -> u8 {
        self.aircraft_in(z).count() as u8
    }

    pub fn stranded(&self) -> impl Iterator<Item = (usize, &Survivor)> {
        self.survivors
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.at, SurvivorAt::Stranded(_)))
    }

    pub fn any_stranded(&self) -> bool {
        self.survivors
            .iter()
            .any(|s| matches!(s.at, SurvivorAt::Stranded(_)))
    }

    pub fn is_over(&self) -> bool {
        self.step == Step::Over
    }
}
