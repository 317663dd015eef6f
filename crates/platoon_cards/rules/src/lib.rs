//! The card-driven platoon miniatures rules (game id `platoon-cards`):
//! platoons activated by cards drawn one at a time, a morale check at each
//! activation, spotting ranges without rolls, D6 pools for small arms,
//! D10s for guns and close assaults, templates for area fire, on a table
//! measured in inches.
//!
//! [`PlatoonCards`] implements [`vt_core::Ruleset`]. The text has no
//! section numbers; rules are named by their chart or note as printed
//! ("PCM Chart: MORALE TABLE", "PCM Notes: SPOTTING"). Modules follow the
//! charts: [`sequence`] (TURN SEQUENCE), [`morale`], [`movement`],
//! [`terrain`], [`line_of_sight`], [`spotting`], [`small_arms`],
//! [`guns`] (GUN TO HIT, GUN PENETRATION), [`fire`] (who may fire what),
//! [`area_fire`] (AREA FIRE, INDIRECT FIRING, SMOKE), [`divisional`]
//! (DIVISIONAL ARTILLERY, PRE GAME BOMBARDMENT), [`close_assault`],
//! [`carriers`] (M113s & ACAVs, transport), [`air`] (HELICOPTERS, AIRCRAFT,
//! GROUND TO AIR FIRE), [`commanders`], [`mines`], [`wire`], [`snipers`],
//! [`hidden`] (HIDDEN DEPLOYMENT), [`overwatch`], [`victory`] and our
//! [`scenario`]s.
//!
//! # Decisions and commands
//!
//! | kind | who | commands |
//! |---|---|---|
//! | `setup` | each side, defender first | [`Command::PlaceCard`], [`Command::PlaceStand`], [`Command::PlaceMine`], [`Command::PlaceSniper`], [`Command::SetupDone`] |
//! | `bombardment` | the attacker | [`Command::Bombard`], [`Command::BombardDone`] |
//! | `plot-divisional` | a side with divisional FOs | [`Command::PlotCounter`], [`Command::AssignBattery`], [`Command::MoveObserver`], [`Command::PlotDone`] |
//! | `activate` | the side whose card was turned | [`Command::Activate`], [`Command::SniperFire`] |
//! | `morale` | the platoon's side | [`Command::RollMorale`], [`Command::SkipMorale`] |
//! | `action` | the platoon's side | [`Command::Choose`] |
//! | `orders` | the platoon's side | [`Command::Move`], [`Command::Pivot`], [`Command::Fire`], [`Command::Rockets`], [`Command::Charge`], [`Command::CallFire`], [`Command::CallAirStrike`], [`Command::CutWire`], [`Command::ClearMines`], [`Command::Embark`], [`Command::Disembark`], [`Command::Land`], [`Command::TakeOff`], [`Command::ExitTable`], [`Command::SniperFire`], [`Command::EndActivation`] |
//! | `reaction` | the other side (an interrupt) | [`Command::OverwatchFire`], [`Command::PointBlank`], [`Command::AirDefence`], [`Command::SniperFire`], [`Command::Pass`], [`Command::HoldFire`] |
//! | `support` | the defender of a close combat | [`Command::Support`], [`Command::NoSupport`] |
//! | `choose-loss` | the loser of a close combat | [`Command::Lose`] |
//! | `advance` | the winning attacker | [`Command::Advance`], [`Command::NoAdvance`] |
//! | `end-overwatch` | a platoon still on overwatch at the end of the turn | [`Command::OverwatchFire`], [`Command::EndOverwatch`] |
//!
//! Positions are inches from the bottom-left corner of the table, x to
//! the right, y up the table (the US edge is the bottom). `legal` lists a
//! useful sample of moves (toward each enemy seen, each objective, cover,
//! the eight points of the compass); `check`
//! accepts any point the rules allow.

use vt_core::sort::StableSort;
mod ai;
pub mod air;
pub mod area_fire;
pub mod carriers;
pub mod close_assault;
pub mod command;
pub mod commanders;
pub mod data;
pub mod describe;
pub mod divisional;
pub mod event;
pub mod fire;
pub mod geometry;
pub mod guns;
pub mod hidden;
pub mod line_of_sight;
pub mod mines;
pub mod morale;
pub mod movement;
pub mod overwatch;
pub mod scenario;
pub mod sections;
pub mod sequence;
pub mod setup;
pub mod small_arms;
pub mod snipers;
pub mod spotting;
pub mod state;
pub mod step;
pub mod tables;
pub mod terrain;
pub mod victory;
pub mod view;
pub mod wire;

#[cfg(test)]
mod tests;

pub use command::{Action, Aim, AirTarget, Command};
pub use event::Event;
pub use state::{Side, State};

use data::{CHARTS_FILE, Charts, UNITS_FILE, UnitType};
use scenario::{ScenarioFile, Tabletop};
use vt_core::data::{DataError, DataFiles};
use vt_core::engine::*;
use vt_core::provenance::SourceNote;

pub const GAME_ID: &str = "platoon-cards";

const TABLETOPS: [(&str, vt_core::data::Embedded); 4] = [
    vt_core::embed_asset!("platoon_cards/tabletops/ap-bau.ron"),
    vt_core::embed_asset!("platoon_cards/tabletops/route-13.ron"),
    vt_core::embed_asset!("platoon_cards/tabletops/firebase.ron"),
    vt_core::embed_asset!("platoon_cards/tabletops/lz-x-ray.ron"),
];

const SCENARIOS: [(&str, vt_core::data::Embedded); 4] = [
    vt_core::embed_asset!("platoon_cards/scenarios/hamlet-sweep.ron"),
    vt_core::embed_asset!("platoon_cards/scenarios/route-13-ambush.ron"),
    vt_core::embed_asset!("platoon_cards/scenarios/firebase-night.ron"),
    vt_core::embed_asset!("platoon_cards/scenarios/hot-lz.ron"),
];

/// Every data file, keyed by its path under `assets/`.
pub fn data_files() -> DataFiles {
    let mut f = DataFiles::new();
    for (p, t) in [
        vt_core::embed_asset!("platoon_cards/charts.ron"),
        vt_core::embed_asset!("platoon_cards/units.ron"),
    ] {
        f.insert(p, t.text());
    }
    for (p, t) in TABLETOPS.iter().chain(SCENARIOS.iter()) {
        f.insert(p, t.text());
    }
    f
}

/// The loaded ruleset: charts, unit types, tables and scenarios.
#[derive(Clone, Debug)]
pub struct PlatoonCards {
    pub charts: Charts,
    pub types: Vec<UnitType>,
    pub tabletops: Vec<Tabletop>,
    pub scenarios: Vec<ScenarioFile>,
    scenario_files: Vec<String>,
    tabletop_files: Vec<String>,
}

impl PlatoonCards {
    /// Loads from data files (the embedded ones or a player's edited copies).
    pub fn from_files(files: &DataFiles) -> Result<PlatoonCards, DataError> {
        let charts: Charts = files.parse(CHARTS_FILE)?;
        charts
            .validate()
            .map_err(|m| DataError::file(&format!("assets/{CHARTS_FILE}"), m))?;
        let types: Vec<UnitType> = files.parse(UNITS_FILE)?;
        let mut tabletops = Vec::new();
        let mut tabletop_files = Vec::new();
        let mut scenarios = Vec::new();
        let mut scenario_files = Vec::new();
        let order = |list: &[(&str, vt_core::data::Embedded)], p: &str| {
            list.iter().position(|(q, _)| *q == p).unwrap_or(usize::MAX)
        };
        let mut paths: Vec<&str> = files.paths().collect();
        paths.stable_sort_by_key(|p| (order(&TABLETOPS, p), order(&SCENARIOS, p)));
        for p in &paths {
            if p.starts_with("platoon_cards/tabletops/") {
                tabletops.push(files.parse::<Tabletop>(p)?);
                tabletop_files.push(p.to_string());
            }
        }
        for p in &paths {
            if p.starts_with("platoon_cards/scenarios/") {
                scenarios.push(files.parse::<ScenarioFile>(p)?);
                scenario_files.push(p.to_string());
            }
        }
        if tabletops.is_empty() || scenarios.is_empty() {
            return Err(DataError::file(
                "assets/platoon_cards/",
                "no tabletop or no scenario",
            ));
        }
        for t in tabletops.iter_mut() {
            t.index(&charts);
        }
        let game = PlatoonCards {
            charts,
            types,
            tabletops,
            scenarios,
            scenario_files,
            tabletop_files,
        };
        for (sc, f) in game.scenarios.iter().zip(&game.scenario_files) {
            game.validate_scenario(sc)
                .map_err(|m| DataError::file(&format!("assets/{f}"), m))?;
        }
        Ok(game)
    }

    /// The ruleset with the data compiled into the binary.
    pub fn embedded() -> PlatoonCards {
        match PlatoonCards::from_files(&data_files()) {
            Ok(g) => g,
            Err(e) => panic!("embedded platoon-cards data is broken: {e}"),
        }
    }

    pub fn unit(&self, s: &state::Stand) -> &UnitType {
        &self.types[s.unit as usize]
    }

    /// The commands the current decision accepts.
    pub fn legal_commands(&self, s: &State) -> Vec<Command> {
        if s.is_over() {
            return Vec::new();
        }
        let _memo = spotting::SpotMemo::start();
        self.candidates(s)
            .into_iter()
            .filter(|c| self.check_command(s, c).is_ok())
            .collect()
    }

    /// Every value the text does not give, with the reason we chose it.
    pub fn all_source_notes(&self) -> Vec<SourceNote> {
        let mut v = self.charts.source_notes();
        v.extend(data::unit_notes(&self.types));
        for (t, f) in self.tabletops.iter().zip(&self.tabletop_files) {
            v.push(SourceNote {
                file: f.clone(),
                item: format!("Table {}", t.name),
                value: format!(
                    "{}\" x {}\", {} features",
                    t.width,
                    t.height,
                    t.features.len()
                ),
                source: t.source.clone(),
            });
        }
        for (s, f) in self.scenarios.iter().zip(&self.scenario_files) {
            v.push(SourceNote {
                file: f.clone(),
                item: format!("Scenario {}", s.name),
                value: format!("{} turns; {}", s.turns, s.victory.text),
                source: s.source.clone(),
            });
        }
        v
    }
}

impl Ruleset for PlatoonCards {
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = view::View;

    fn info(&self) -> GameInfo {
        let switch = |key: &str, name: &str, rule: &str| OptionInfo {
            key: key.into(),
            name: name.into(),
            rule: sections::book(rule),
            default: "off".into(),
            values: vec!["off".into(), "on".into()],
        };
        GameInfo {
            id: GAME_ID.into(),
            name: "Platoon Cards (card-driven miniatures)".into(),
            sides: vec![
                SideInfo {
                    id: "us".into(),
                    name: "US".into(),
                },
                SideInfo {
                    id: "vc".into(),
                    name: "VC/NVA".into(),
                },
            ],
            scenarios: self
                .scenarios
                .iter()
                .map(|s| ScenarioInfo {
                    id: s.id.clone(),
                    name: s.name.clone(),
                    description: s.description.clone(),
                    played_by_rules: Vec::new(),
                })
                .collect(),
            options: vec![
                switch(
                    "acav-three",
                    "M113s carry 3 squads (the ACAV chart) instead of 2 (Unit scales)",
                    sections::CARRIERS,
                ),
                switch(
                    "divisional-next-turn",
                    "Divisional fire lands at the start of the next turn (notes) instead of the end of the turn (chart)",
                    sections::DIVISIONAL_NOTES,
                ),
                switch(
                    "us-105-local",
                    "US 105mm batteries are local: only the 155s are divisional (notes)",
                    sections::DIVISIONAL_NOTES,
                ),
                switch(
                    "escalate",
                    "A second Suppressed result disrupts (results escalate)",
                    sections::SMALL_ARMS,
                ),
                switch(
                    "part-quality",
                    "US platoons may be part veteran or part green",
                    sections::MORALE_NOTES,
                ),
                OptionInfo {
                    default: "on".into(),
                    ..switch(
                        "hidden-deployment",
                        "Hidden deployment with bogus cards (scenarios that use it)",
                        sections::HIDDEN,
                    )
                },
                switch(
                    "hidden-mines",
                    "Mine strips hidden from the attacker until crossed",
                    sections::MINES,
                ),
            ],
        }
    }

    fn new_game(&self, setup: &Setup) -> Result<State, SetupError> {
        let mut s = self.start(setup)?;
        let mut ev = Vec::new();
        self.advance(&mut s, &mut ev);
        Ok(s)
    }

    fn decision(&self, s: &State) -> Decision {
        if s.is_over() {
            return Decision::game_over();
        }
        self.current_decision(s)
    }

    fn legal(&self, s: &State) -> Vec<Command> {
        self.legal_commands(s)
    }

    fn check(&self, s: &State, c: &Command) -> Result<(), RuleError> {
        self.check_command(s, c)
            .map_err(|r| r.in_book(sections::BOOK))
    }

    fn execute(&self, s: &mut State, c: &Command, events: &mut Vec<Event>) {
        self.execute_command(s, c, events);
        self.advance(s, events);
    }

    fn view(&self, s: &State, side: SideIdx) -> view::View {
        self.make_view(s, Side::from_idx(side))
    }

    fn outcome(&self, s: &State) -> Outcome {
        self.make_outcome(s)
    }

    fn describe(&self, e: &Event) -> LogEntry {
        self.describe_event(None, e)
    }

    fn describe_in(&self, s: &State, e: &Event) -> LogEntry {
        self.describe_event(Some(s), e)
    }

    fn source_notes(&self) -> Vec<SourceNote> {
        self.all_source_notes()
    }

    fn tables(&self) -> Vec<TableView> {
        self.table_views()
    }

    fn undoable(&self, events: &[Event]) -> bool {
        describe::undoable(events)
    }
}
