//! That Others May Live: Combat Search and Rescue – Vietnam, the solitaire
//! game, as rules without a screen.
//!
//! [`Csar`] is the loaded game (decks, counters, scenarios from
//! `assets/csar/`); [`State`] is one game in progress; the player answers the
//! game's decisions with [`Command`]s and reads what happened in [`Event`]s.
//! Every procedure of the rulebook (draws, gun placement, Zone Firepower,
//! Hits, marker adjustment, tracks) is carried out by the game; the player is
//! asked only what the rules leave to the player.
//!
//! Modules follow the rulebook: [`components`] (2.1, 2.4), [`decks`] (2.2),
//! [`sequence`] (3.0, 4.1), [`card_phase`] (4.2), [`combat`] (4.3.1, 4.3.2,
//! 4.3.4, 4.3.5), [`gun_fire`] (4.3.3), [`end_turn`] (4.4), [`ending`] (5.0),
//! [`optional`] (6.x), [`scenarios`] (7.x), [`campaign`] (8.0), [`markers`]
//! (9.x); [`view`] is what the player sees and [`odds`] the card counting.
//! [`step`] is the turn machine: the [`Step`] the game stands at, what the
//! player is asked, and the dispatchers into the sections.
//!
//! # Driving a game (for a screen)
//!
//! - `Ruleset::decision(&state)` says what is asked: `kind` ([`Kind`], read
//!   with `decision.kind_as::<Kind>()`) is one of
//!   `choose-pilot`, `place-pilot`, `choose-hand`, `reveal-zone`, `purchase`,
//!   `discard-reserve`, `reserve`, `command-cards`, `move`, `assign`,
//!   `suppress` (guns about to fire), `fire-zone`, `burn`, `wild-hit`,
//!   `play`, `rescue`, or `game-over`; `rule` is the section ("CSAR 4.3.3").
//!   The same kinds follow [`Step`] one to one.
//! - `Ruleset::legal(&state)` lists every [`Command`] the decision accepts;
//!   [`Command::Done`] ends a segment (cards left unplayed are discarded).
//!   `check` explains a refusal with its rule section.
//! - Names in commands and views: an aircraft is its index in
//!   `State::aircraft`, which is the order of `assets/csar/aircraft.ron` in
//!   every scenario ([`view::AircraftView::index`]); an Action card is its id
//!   in the physical deck (`Data::action_cards`, named by [`Csar::card_name`]);
//!   a gun is its counter ([`Csar::gun_name`]); a Survivor his index in
//!   `State::survivors`; Resolution cards are indices into `Data::resolution`.
//! - `Ruleset::view(&state, 0)` is a [`View`]: the map by zone (face-down
//!   markers without their number), the aircraft, the hand, Reserve and
//!   assigned cards, the tracks, the Resolution draw pile by icon, and the
//!   exact odds of the draws the current decision leads to
//!   ([`view::View::odds`], [`view::View::fire_odds`]).
//! - Events are compact (indices and enums); `Ruleset::describe` gives the
//!   words and an [`vt_core::Adjudication`] for every draw and count of draws.

mod ai;
pub mod campaign;
pub mod card_phase;
pub mod combat;
pub mod command;
pub mod components;
pub mod data;
pub mod decks;
mod describe;
pub mod end_turn;
pub mod ending;
pub mod event;
pub mod gun_fire;
pub mod markers;
pub mod odds;
pub mod optional;
pub mod scenarios;
pub mod sequence;
pub mod state;
pub mod step;
pub mod unplayable;
pub mod view;

#[cfg(test)]
mod tests;

pub use command::{Command, CommandTarget, Dest, Purchase, Target};
pub use components::{AircraftKind, Place, SurvivorAt, Zone};
pub use data::{Data, Icon};
pub use describe::purpose_words;
pub use event::Event;
pub use state::{GameResult, State};
pub use step::{Kind, Step};
pub use view::View;

use std::sync::Arc;
use vt_core::data::{DataError, DataFiles};
use vt_core::provenance::{Provenance, SourceNote};
use vt_core::{
    Decision, GameInfo, LogEntry, Outcome, RuleError, Ruleset, ScenarioInfo, Setup, SetupError,
    SideIdx, SideInfo,
};

/// The rulebook's short name, before a section in a refusal ("CSAR 4.3.1").
pub const BOOK: &str = "CSAR";

/// The game, loaded from its data.
#[derive(Clone, Debug)]
pub struct Csar {
    pub data: Arc<Data>,
}

/// The embedded data files (`assets/csar/*.ron`).
pub fn data_files() -> DataFiles {
    data::embedded_files()
}

impl Csar {
    pub fn from_files(files: &DataFiles) -> Result<Csar, DataError> {
        Ok(Csar {
            data: Arc::new(Data::load(files)?),
        })
    }

    /// The game with its embedded data.
    ///
    /// # Panics
    /// If the embedded data is broken, which the crate's tests rule out.
    pub fn embedded() -> Csar {
        match Csar::from_files(&data_files()) {
            Ok(c) => c,
            Err(e) => panic!("embedded CSAR data is broken: {e}"),
        }
    }

    /// The "Sources and assumptions" lines: every data value and rule reading
    /// not taken straight from the rulebook.
    pub fn source_notes(&self) -> Vec<SourceNote> {
        self.data.source_notes()
    }
}

/// Readings of the rules the code makes where the text is silent or could be
/// read two ways.
pub(crate) fn rules_notes() -> Vec<SourceNote> {
    let n = |item: &str, value: &str, why: &str| SourceNote {
        file: "rules (code)".into(),
        item: item.into(),
        value: value.into(),
        source: Provenance::Assumed(why.into()),
    };
    vec![
        n(
            "Wild card (2.2.1)",
            "read as the symbol best for the player; for a Hit the player picks the aircraft; never treated as a Reshuffle card",
            "every other reading, a Reshuffle included, is never better for the draw at hand, so the game does not ask",
        ),
        n(
            "Wild card in Streetcar Down's end draw (7.2)",
            "not crosshairs: the scenario goes on",
            "going on is the player's better case nearly always",
        ),
        n(
            "Aircraft shot down (4.3.3 E)",
            "the card is drawn for its icon first: a Reshuffle card does not count and another is drawn; the Wild card is no blast and its number decides Healthy or Injured",
            "2.2.1: a Reshuffle card drawn to determine an outcome does not count; its number counts only in a pure random determination (the crash draw for a Survivor aboard does use it)",
        ),
        n(
            "Survivors on the map (5.0)",
            "a Survivor aboard a helicopter in a zone is still on the map; a helicopter reaching the Orbit Box takes him off",
            "otherwise the game would end as a draw the moment the last Survivor is picked up",
        ),
        n(
            "Random determination (2.2.1)",
            "ones digit modulo the number of outcomes, digits past an even share drawn again; more than ten outcomes read the card number; the game assigns the digits, the player does not",
            "the text asks for outcomes spread as evenly as possible; asking the player to assign digits at every draw would slow play for a small edge from card counting",
        ),
        n(
            "Game end with no helicopter (5.0)",
            "the game ends when every helicopter is destroyed; with every helicopter shot down it goes on (helicopters still to arrive count as left)",
            "5.0 says destroyed, and 5.0's victory tells destroyed from shot down; an Exfil Team may still walk Survivors out; only 7.4 counts both helicopters shot down as an immediate loss",
        ),
        n(
            "Abort Check (4.4.3)",
            "held only while a Survivor is stranded; one aboard a helicopter does not call for it",
            "4.3.5 and 4.4.5 speak of Survivors on the map as the stranded ones",
        ),
        n(
            "All Survivors off the map but an aircraft destroyed (5.0)",
            "a draw",
            "5.0 gives neither the player's nor the enemy's victory for it",
        ),
        n(
            "Mark Target (9.2)",
            "Attack and Napalm hits on the gun are doubled while its MARK marker is on either side",
            "the effect lasts while a target has a MARK marker on it",
        ),
        n(
            "Newly placed guns (9.5)",
            "guns placed by a helicopter's move or an Event fire in the Enemy Gun Fire Segment; guns turned up by Troll for Fire or a rescue fire at once",
            "4.3.5 and 9.5; the Assign segment lets Suppress be assigned against them",
        ),
        n(
            "Coordinated Fire (9.3)",
            "adds one to the fire into the zone holding the marker",
            "the text says 'in this zone'",
        ),
        n(
            "Suppress (4.3.4)",
            "targets a gun in the zone of the card's aircraft",
            "card text not printed",
        ),
        n(
            "Gun removed by a CBU (9.5)",
            "moves the Abort marker one space toward 0, like one destroyed in Bomb Damage Assessment",
            "4.4.1 says each Enemy Gun removed from play does",
        ),
        n(
            "Helicopter shot down with Survivors aboard (4.3.3 E)",
            "the Survivors aboard are placed back in the zone; no separate crew marker",
            "the text places a single Survivor marker",
        ),
        n(
            "Fast Mover hit (2.1.3)",
            "removed from the game, with no Survivor and no Abort move; not counted as shot down for victory or Morale",
            "the text only removes it",
        ),
        n(
            "Enemy Search spared by 6.5",
            "no rifle captures in the rest of that Search",
            "the text speaks of a subsequent Enemy Search",
        ),
        n(
            "Danger Close (6.3)",
            "one draw for each Survivor stranded in the zone",
            "the text speaks of one Survivor",
        ),
        n(
            "Pinpointing (6.2)",
            "helicopters may leave the Orbit Box once any Survivor is pinpointed; rescues need a pinpointed Survivor; crews shot down are pinpointed",
            "the text speaks of one Survivor",
        ),
        n(
            "Hand size with 7.3",
            "hand plus Reserve is filled to 4",
            "the text reduces the hand to 4",
        ),
        n(
            "Campaign Morale (8.0)",
            "a Survivor killed counts like one captured (-3)",
            "the text lists captured or abandoned",
        ),
        n(
            "Campaign Pilots/PJs (8.0)",
            "every bought Pilot/PJ rides along each mission besides the free pick",
            "bought ones stay available for the campaign",
        ),
        n(
            "Rules of Engagement",
            "stays in play for the turn it is drawn",
            "card text not printed",
        ),
        n(
            "Bomb Damage Assessment order (4.4.1)",
            "guns are assessed in the order they were placed",
            "the order does not change the odds",
        ),
    ]
}

impl Ruleset for Csar {
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = View;

    fn source_notes(&self) -> Vec<SourceNote> {
        Csar::source_notes(self)
    }

    fn info(&self) -> GameInfo {
        let mut scenarios: Vec<ScenarioInfo> = self
            .data
            .scenarios
            .iter()
            .map(|s| ScenarioInfo {
                id: s.id.clone(),
                name: format!("{} ({})", s.name, s.section),
                description: s.description.clone(),
                played_by_rules: Vec::new(),
            })
            .collect();
        scenarios.push(ScenarioInfo {
            id: scenarios::CAMPAIGN_ID.into(),
            name: "Mini-Campaign (8.0)".into(),
            description: "Three connected missions on the Caged Tiger set-up, with Morale Points to earn and spend.".into(),
            played_by_rules: Vec::new(),
        });
        GameInfo {
            id: "csar".into(),
            name: "That Others May Live: Combat Search and Rescue – Vietnam".into(),
            sides: vec![SideInfo {
                id: "player".into(),
                name: "CSAR commander".into(),
            }],
            scenarios,
            options: optional::option_infos(),
        }
    }

    fn new_game(&self, setup: &Setup) -> Result<State, SetupError> {
        // Room for the set-up's events at once (grown push by push, three
        // allocations a game), and the same list for the procedures after.
        let mut ev = Vec::with_capacity(32);
        let mut s = self.new_state(setup, &mut ev)?;
        self.advance(&mut s, &mut ev);
        Ok(s)
    }

    fn decision(&self, state: &State) -> Decision {
        Csar::decision(self, state)
    }

    fn legal(&self, state: &State) -> Vec<Command> {
        self.legal_commands(state)
    }

    fn check(&self, state: &State, command: &Command) -> Result<(), RuleError> {
        self.check_command(state, command)
            .map_err(|r| r.in_book(BOOK))
    }

    fn execute(&self, state: &mut State, command: &Command, events: &mut Vec<Event>) {
        Csar::execute(self, state, command, events);
    }

    fn execute_and_list(
        &self,
        state: &mut State,
        command: &Command,
        events: &mut Vec<Event>,
        legal: &mut Vec<Command>,
    ) {
        // The caller's event list starts empty each game: room for a
        // command's usual events at once rather than grown push by push
        // (nothing to do once it has that room).
        events.reserve(32);
        Csar::execute_and_list(self, state, command, events, legal);
    }

    fn view(&self, state: &State, _side: SideIdx) -> View {
        self.make_view(state)
    }

    fn outcome(&self, state: &State) -> Outcome {
        match state.result {
            None => Outcome {
                result: None,
                summary: String::new(),
                score: Vec::new(),
            },
            Some(r) => self.final_outcome(state, r),
        }
    }

    fn finished(&self, state: &State) -> bool {
        // `outcome` has a result exactly when the state has one; asked
        // after every command, so without building the outcome's text.
        state.result.is_some()
    }

    fn result(&self, state: &State) -> Option<String> {
        // `final_outcome`'s result, without its summary and score.
        state.result.map(|r| r.label().to_string())
    }

    fn recycle(&self, state: State) {
        self.keep_spare(state);
    }

    fn describe(&self, event: &Event) -> LogEntry {
        self.describe_event(event)
    }

    fn undoable(&self, events: &[Event]) -> bool {
        describe::undoable(events)
    }
}
