//! Crossfire with the Vietnam amendments, the rules, on a tabletop in
//! inches.
//!
//! [`CrossfireVn`] implements [`vt_core::Ruleset`]. Our text holds only the
//! amendments (6.4, 6.5, 6.7, 6.9, 6.9.1, 6.10, 6.11, 6.12); the base game
//! they amend is played as publicly described, every value of it data in
//! `assets/crossfire_vn/rules.ron` marked Assumed with where the reading
//! comes from, and the readings a group may play differently are game
//! options ([`options`]).
//!
//! Modules follow the rules: [`initiative`] (no turns; the initiative and
//! how it passes; the moving clock), [`setup`] (hidden set-up),
//! [`movement`] (feature to feature, group moves, command and control,
//! structures), [`table`] (seeing into but not through a feature, cover),
//! [`fire`] (6.4 fire groups, each stand judged alone), [`results`] (6.5
//! results and markers), [`reactive_fire`] (reactive fire and NO FIRE),
//! [`ambush`] (6.10), [`close_combat`], [`rally`], [`indirect_fire`],
//! [`recon_by_fire`] (6.7), [`medevac`] (6.5 evacuation, Aid Posts, Dust
//! Off), [`snipers`] (6.9, 6.9.1), [`support_weapons`] (6.11),
//! [`flame`] (6.12), [`hidden`] (what is found and when), [`victory`].
//!
//! # Driving a game
//!
//! | kind | who | commands |
//! |---|---|---|
//! | `setup` | each side in the scenario's order | [`Command::Place`], [`Command::SetupDone`] |
//! | `initiative` | the side with the initiative | [`Command::Move`], [`Command::Pivot`], [`Command::Fire`], [`Command::AntiTank`], [`Command::Rally`], [`Command::CloseCombat`], [`Command::ReconByFire`], [`Command::Medevac`], [`Command::FormAidPost`], [`Command::RequestDustOff`], [`Command::DetachSniper`], [`Command::WithdrawSniper`], [`Command::Flame`], [`Command::CallFire`], [`Command::EndInitiative`] |
//! | `reactive-fire` | the other side, while a stand moves (an interrupt) | [`Command::ReactiveFire`], [`Command::ReactiveAntiTank`], [`Command::NoReaction`] |
//! | `dust-off` | the Free World, when the Dust Off arrives | [`Command::LandDustOff`], [`Command::WaveOff`] |
//!
//! Positions are points in inches; `legal` lists a useful sample of them
//! (the table is a plane) and `check` accepts any legal point. Helpers for
//! the screen: [`CrossfireVn::preview_move`] (where a move ends, the
//! feature it ends in and every point where reactive fire may come),
//! [`CrossfireVn::fire_preview`] (each firer's dice before the roll),
//! [`CrossfireVn::sight`] (the line-of-sight tool), [`CrossfireVn::table_of`]
//! (the features to draw).

use vt_core::sort::StableSort;
mod ai;
pub mod ambush;
pub mod close_combat;
pub mod command;
pub mod data;
pub mod describe;
pub mod event;
pub mod fire;
pub mod flame;
pub mod hidden;
pub mod indirect_fire;
pub mod initiative;
pub mod medevac;
pub mod movement;
pub mod options;
pub mod rally;
pub mod reactive_fire;
pub mod recon_by_fire;
pub mod results;
pub mod setup;
pub mod snipers;
pub mod state;
pub mod step;
pub mod support_weapons;
pub mod table;
pub mod victory;
pub mod view;

#[cfg(test)]
mod tests;

pub use command::{Command, StandMove};
pub use event::Event;
pub use state::{Side, State};

use data::{Data, RULES_FILE, Rules, Scenario, TERRAIN_FILE, UNITS_FILE, UnitType};
use table::Table;
use vt_core::data::{DataError, DataFiles};
use vt_core::engine::*;
use vt_core::provenance::SourceNote;

pub const GAME_ID: &str = "crossfire-vn";

const TABLETOPS: [(&str, vt_core::data::Embedded); 3] = [
    vt_core::embed_asset!("crossfire_vn/tabletops/song-be-trail.ron"),
    vt_core::embed_asset!("crossfire_vn/tabletops/phu-loc-bunkers.ron"),
    vt_core::embed_asset!("crossfire_vn/tabletops/hill-55-lz.ron"),
];

const SCENARIOS: [(&str, vt_core::data::Embedded); 3] = [
    vt_core::embed_asset!("crossfire_vn/scenarios/trail-contact.ron"),
    vt_core::embed_asset!("crossfire_vn/scenarios/bunker-line.ron"),
    vt_core::embed_asset!("crossfire_vn/scenarios/dust-off-under-fire.ron"),
];

/// Every data file, keyed by its path under `assets/`.
pub fn data_files() -> DataFiles {
    let mut f = DataFiles::new();
    for (p, t) in [
        vt_core::embed_asset!("crossfire_vn/rules.ron"),
        vt_core::embed_asset!("crossfire_vn/terrain.ron"),
        vt_core::embed_asset!("crossfire_vn/units.ron"),
    ] {
        f.insert(p, t.text());
    }
    for (p, t) in TABLETOPS.iter().chain(SCENARIOS.iter()) {
        f.insert(p, t.text());
    }
    f
}

/// The loaded ruleset: the values, terrain kinds, stands, our tables and
/// scenarios.
#[derive(Clone, Debug)]
pub struct CrossfireVn {
    pub data: Data,
    /// The tables, ready for geometry.
    pub tables: Vec<Table>,
}

impl CrossfireVn {
    /// Loads from data files (the embedded ones or a player's edited copies).
    pub fn from_files(files: &DataFiles) -> Result<CrossfireVn, DataError> {
        let rules: Rules = files.parse(RULES_FILE)?;
        let terrain: Vec<data::TerrainKind> = files.parse(TERRAIN_FILE)?;
        let units: Vec<UnitType> = files.parse(UNITS_FILE)?;
        let mut tabletops = Vec::new();
        let mut scenarios = Vec::new();
        let mut scenario_files = Vec::new();
        for p in files.paths() {
            if p.starts_with("crossfire_vn/tabletops/") {
                tabletops.push(files.parse::<data::Tabletop>(p)?);
            }
        }
        let order: Vec<&str> = SCENARIOS.iter().map(|(p, _)| *p).collect();
        let mut paths: Vec<&str> = files
            .paths()
            .filter(|p| p.starts_with("crossfire_vn/scenarios/"))
            .collect();
        paths.stable_sort_by_key(|p| order.iter().position(|o| o == p).unwrap_or(usize::MAX));
        for p in paths {
            scenarios.push(files.parse::<Scenario>(p)?);
            scenario_files.push(p.to_string());
        }
        let data = Data {
            rules,
            terrain,
            units,
            tabletops,
            scenarios,
            scenario_files,
        };
        setup::validate(&data)?;
        let tables = data
            .tabletops
            .iter()
            .map(|t| Table::new(t, &data))
            .collect();
        Ok(CrossfireVn { data, tables })
    }

    /// The ruleset with the data compiled into the binary.
    pub fn embedded() -> CrossfireVn {
        match CrossfireVn::from_files(&data_files()) {
            Ok(g) => g,
            Err(e) => panic!("embedded Crossfire data is broken: {e}"),
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.data.rules
    }

    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.data.scenarios.iter().find(|s| s.id == id)
    }

    pub fn scenario_of(&self, s: &State) -> &Scenario {
        self.scenario(&s.scenario)
            .unwrap_or(&self.data.scenarios[0])
    }

    pub fn scenario_side(&self, s: &State, side: Side) -> Option<&data::SideSetup> {
        self.scenario_of(s).side(side)
    }

    /// The table a game is played on.
    pub fn table_of(&self, s: &State) -> &Table {
        let id = &self.scenario_of(s).tabletop;
        self.tables
            .iter()
            .find(|t| &t.id == id)
            .unwrap_or(&self.tables[0])
    }

    pub fn unit_of(&self, s: &State, id: state::StandId) -> &UnitType {
        &self.data.units[s.stand(id).unit as usize]
    }

    pub fn unit_type(&self, st: &state::Stand) -> &UnitType {
        &self.data.units[st.unit as usize]
    }

    /// "1/2 A (US Fire Team)".
    pub fn stand_name(&self, s: &State, id: state::StandId) -> String {
        match s.get(id) {
            Some(st) => format!("{} ({})", st.label, self.unit_type(st).name),
            None => format!("stand {id}"),
        }
    }

    pub fn source_notes(&self) -> Vec<SourceNote> {
        self.data.source_notes()
    }
}

impl Ruleset for CrossfireVn {
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = view::View;

    fn info(&self) -> GameInfo {
        GameInfo {
            id: GAME_ID.into(),
            name: "Crossfire: Vietnam".into(),
            sides: [Side::FreeWorld, Side::VcNva]
                .iter()
                .map(|s| SideInfo {
                    id: s.id().into(),
                    name: s.name().into(),
                })
                .collect(),
            scenarios: self
                .data
                .scenarios
                .iter()
                .map(|s| ScenarioInfo {
                    id: s.id.clone(),
                    name: s.name.clone(),
                    description: s.description.clone(),
                    played_by_rules: Vec::new(),
                })
                .collect(),
            options: options::Readings::infos(&self.data.rules.options),
        }
    }

    fn new_game(&self, setup: &Setup) -> Result<State, SetupError> {
        self.start(setup)
    }

    fn decision(&self, s: &State) -> Decision {
        self.current_decision(s)
    }

    fn legal(&self, s: &State) -> Vec<Command> {
        if s.is_over() {
            return Vec::new();
        }
        self.candidates(s)
            .into_iter()
            .filter(|c| self.check_command(s, c).is_ok())
            .collect()
    }

    fn check(&self, s: &State, c: &Command) -> Result<(), RuleError> {
        self.check_command(s, c).map_err(|r| r.in_book("CF"))
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
        CrossfireVn::source_notes(self)
    }

    fn tables(&self) -> Vec<TableView> {
        self.data.tables()
    }

    fn undoable(&self, events: &[Event]) -> bool {
        describe::undoable(events)
    }
}
