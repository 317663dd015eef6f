//! Grunt: Tactical Combat in Vietnam, 1965 (SPI 1971), the rules.
//!
//! [`Grunt`] implements [`vt_core::Ruleset`]. A game is a sequence of
//! decisions ([`step::Step`], the top of [`State::steps`]) answered by
//! [`Command`]s. [`view::View`] is what one side may see: face-down NLF
//! counters are only numbered markers to the US, the NLF order of battle,
//! the US deployment, orders, reinforcement calls, air strikes and the
//! secret rolls are absent from the other side's view and log.
//!
//! The transcription has no section numbers; it cites "Combat 3.5" and
//! "10.1". The crate cites the reconstruction of `README.md`: B0-B10 the
//! Basic Game, S1-S6 and A1-A7 the Standard Game, O1-O12 the Optional
//! Rules, D0-D6 the orders of battle and Deployment Options, C0-C3 the
//! Chain of Command.
//!
//! Modules follow the rulebook: [`sequence`] (B1), [`movement`] (B2, A2,
//! A5), [`combat`] and [`odds`] (B3, B9, S2), [`line_of_sight`] (B3, S1),
//! [`caches`] (B3.5), [`setup`] (B4, B6 scatter, B7b), [`helicopters`] (B5,
//! S4, O6, O10), [`solitaire`] (B6), [`discovery`] (B8 Probe, S5 Search, A6
//! Civilians, O3b reconnaissance by fire), [`victory`] (B10, O12, D0),
//! [`hiding`] (S3), [`booby_traps`] (S6), [`porters`] (A3),
//! [`interrogation`] (A4), [`ammunition`] (O3), [`casualties`] (O4, O11),
//! [`ambush`] (O5), [`artillery`] (O7), [`fields_of_fire`] (O8),
//! [`air_strikes`] (O9), [`deployment`] (D0-D6), [`orders`] (C0-C3).
//!
//! # Driving a game
//!
//! Everything goes through [`vt_core::Ruleset`]. Decision kinds
//! ([`step::Kind`]) and the commands that answer them:
//!
//! | kind | who | commands |
//! |---|---|---|
//! | `choose-orders` | US | [`Command::ChooseOrders`], [`Command::DrawOrders`] |
//! | `choose-deployment` | US | [`Command::ChooseDeployment`] |
//! | `plan-strikes` | US | [`Command::PlanStrike`], [`Command::PlanDone`] |
//! | `choose-oob` | NLF | [`Command::ChooseOob`] |
//! | `place-nlf` | NLF | [`Command::Place`], [`Command::PlaceRest`], [`Command::PlacementDone`] |
//! | `air-strike` | US | [`Command::Strike`], [`Command::CancelStrike`] |
//! | `landing` | US | [`Command::Land`], [`Command::EndGroup`] |
//! | `suppressive-fire` | US | [`Command::Suppress`], [`Command::EndSuppress`] |
//! | `landing-fire` | NLF (interrupt) | [`Command::HeliFire`], [`Command::HoldFire`] |
//! | `movement` | active side | [`Command::Move`], [`Command::Enter`], [`Command::Uncover`], [`Command::Resupply`], [`Command::Load`], [`Command::Unload`], [`Command::Call`], [`Command::RequestAirStrike`], [`Command::CallHelicopter`], [`Command::Lift`], [`Command::DeclareDayToDay`], [`Command::EndMovement`] |
//! | `discovery` | US | [`Command::Probe`], [`Command::Challenge`], [`Command::Interrogate`], [`Command::EndDiscovery`] |
//! | `combat` | active side | [`Command::Fire`], [`Command::HeliFire`] (NLF, at a helicopter on the ground), [`Command::ReconByFire`], [`Command::RequestArtillery`], [`Command::Artillery`], [`Command::EndCombat`] |
//! | `cache` | US | [`Command::DestroyCache`], [`Command::CaptureCache`] |
//! | `end-of-turn` | NLF | [`Command::Hide`], [`Command::PlaceAmbush`], [`Command::EndTurn`] |
//!
//! For combined fire `legal` lists each firer alone and all eligible
//! together; `check` accepts any group the rules allow. Helpers for the
//! screen: [`Grunt::odds_preview`] (the odds before an attack, each step
//! of the sum with its section), [`Grunt::reachable`], [`Grunt::sight`]
//! (the line of sight with the reason it is blocked), [`Grunt::map_of`].

use vt_core::sort::StableSort;
mod ai;
pub mod air_strikes;
pub mod ambush;
pub mod ammunition;
pub mod artillery;
pub mod booby_traps;
pub mod caches;
pub mod casualties;
pub mod combat;
pub mod command;
pub mod data;
pub mod deployment;
pub mod describe;
pub mod discovery;
pub mod event;
pub mod fields_of_fire;
pub mod helicopters;
pub mod hiding;
pub mod interrogation;
pub mod line_of_sight;
pub mod map;
pub mod movement;
pub mod odds;
pub mod orders;
pub mod porters;
pub mod sequence;
pub mod setup;
pub mod solitaire;
pub mod state;
pub mod step;
pub mod victory;
pub mod view;

#[cfg(test)]
mod tests;

pub use command::Command;
pub use event::Event;
pub use state::{Side, State};

use data::*;
use map::Map;
use vt_core::data::{DataError, DataFiles};
use vt_core::engine::*;
use vt_core::provenance::SourceNote;

pub const GAME_ID: &str = "grunt";

const MAPS: [(&str, vt_core::data::Embedded); 1] =
    [vt_core::embed_asset!("grunt/maps/song-ve.ron")];

const SCENARIOS: [(&str, vt_core::data::Embedded); 5] = [
    vt_core::embed_asset!("grunt/scenarios/solitaire.ron"),
    vt_core::embed_asset!("grunt/scenarios/basic.ron"),
    vt_core::embed_asset!("grunt/scenarios/standard.ron"),
    vt_core::embed_asset!("grunt/scenarios/standard-optional.ron"),
    vt_core::embed_asset!("grunt/scenarios/chain-of-command.ron"),
];

/// Every data file, keyed by its path under `assets/`.
pub fn data_files() -> DataFiles {
    let mut f = DataFiles::new();
    for (p, t) in [
        vt_core::embed_asset!("grunt/tables.ron"),
        vt_core::embed_asset!("grunt/units.ron"),
        vt_core::embed_asset!("grunt/oob.ron"),
        vt_core::embed_asset!("grunt/orders.ron"),
    ] {
        f.insert(p, t.text());
    }
    for (p, t) in MAPS.iter().chain(SCENARIOS.iter()) {
        f.insert(p, t.text());
    }
    f
}

/// The loaded ruleset: tables, counters, orders of battle, orders, maps and
/// scenarios.
#[derive(Clone, Debug)]
pub struct Grunt {
    pub tables: Tables,
    pub types: Vec<UnitType>,
    pub oob: Oob,
    pub orders: Vec<Order>,
    pub maps: Vec<Map>,
    pub scenarios: Vec<ScenarioFile>,
    scenario_files: Vec<String>,
    /// Movement cost by terrain (A2), indexed by `Terrain as usize`.
    pub costs: [u8; 6],
}

impl Grunt {
    /// Loads from data files (the embedded ones or a player's edited copies).
    pub fn from_files(files: &DataFiles) -> Result<Grunt, DataError> {
        let tables: Tables = files.parse(TABLES_FILE)?;
        tables
            .validate()
            .map_err(|m| DataError::file(&format!("assets/{TABLES_FILE}"), m))?;
        let types: Vec<UnitType> = files.parse(UNITS_FILE)?;
        for r in Role::ALL {
            if !types.iter().any(|t| t.role == r) {
                return Err(DataError::file(
                    &format!("assets/{UNITS_FILE}"),
                    format!("no counter for {r:?}"),
                ));
            }
        }
        let oob: Oob = files.parse(OOB_FILE)?;
        let oob_file = format!("assets/{OOB_FILE}");
        for f in [Force::Basic, Force::Company, Force::Platoon] {
            if oob.force(f).is_none() {
                return Err(DataError::file(&oob_file, format!("no US force {f:?}")));
            }
        }
        for d in [
            Deployment::Assault,
            Deployment::Bait,
            Deployment::GroundAssault,
            Deployment::GroundBait,
        ] {
            if oob.deployment(d).is_none() {
                return Err(DataError::file(&oob_file, format!("no deployment {d:?}")));
            }
        }
        let orders: OrdersFile = files.parse(ORDERS_FILE)?;
        for o in [
            OrderId::SearchDestroyOne,
            OrderId::SearchDestroyTwo,
            OrderId::SecureLz,
            OrderId::EagleFlight,
        ] {
            if !orders.orders.iter().any(|x| x.order == o) {
                return Err(DataError::file(
                    &format!("assets/{ORDERS_FILE}"),
                    format!("no order {o:?}"),
                ));
            }
        }
        let mut maps = Vec::new();
        for p in files.paths() {
            if p.starts_with("grunt/maps/") {
                maps.push(Map::load(files, p)?);
            }
        }
        let mut scenarios = Vec::new();
        let mut scenario_files = Vec::new();
        for p in files.paths() {
            if p.starts_with("grunt/scenarios/") {
                let s: ScenarioFile = files.parse(p)?;
                let file = format!("assets/{p}");
                if !maps.iter().any(|m| m.id == s.map) {
                    return Err(DataError::file(&file, format!("no map '{}'", s.map)));
                }
                if let Some(c) = s.nlf_column
                    && oob.column(c).is_none()
                {
                    return Err(DataError::file(&file, format!("no NLF column {c:?}")));
                }
                if s.chain_of_command
                    && !maps
                        .iter()
                        .any(|m| m.id == s.map && m.area("battalion-lz").is_some())
                {
                    return Err(DataError::file(
                        &file,
                        "Chain of Command needs the map's 'battalion-lz' area (C2)",
                    ));
                }
                scenario_files.push(p.to_string());
                scenarios.push(s);
            }
        }
        let order: Vec<&str> = SCENARIOS.iter().map(|(p, _)| *p).collect();
        let mut idx: Vec<usize> = (0..scenarios.len()).collect();
        idx.stable_sort_by_key(|&i| {
            order
                .iter()
                .position(|p| *p == scenario_files[i])
                .unwrap_or(usize::MAX)
        });
        let scenarios = idx.iter().map(|&i| scenarios[i].clone()).collect();
        let scenario_files = idx.iter().map(|&i| scenario_files[i].clone()).collect();
        let mut costs = [1u8; 6];
        for r in &tables.terrain {
            costs[r.terrain as usize] = r.cost.value;
        }
        Ok(Grunt {
            costs,
            tables,
            types,
            oob,
            orders: orders.orders,
            maps,
            scenarios,
            scenario_files,
        })
    }

    /// The ruleset with the data compiled into the binary.
    pub fn embedded() -> Grunt {
        match Grunt::from_files(&data_files()) {
            Ok(g) => g,
            Err(e) => panic!("embedded Grunt data is broken: {e}"),
        }
    }

    pub fn map_of(&self, s: &State) -> &Map {
        if self.maps.len() == 1 {
            return &self.maps[0];
        }
        self.maps
            .iter()
            .find(|m| m.id == s.map)
            .unwrap_or(&self.maps[0])
    }

    pub fn scenario(&self, id: &str) -> Option<&ScenarioFile> {
        self.scenarios.iter().find(|s| s.id == id)
    }

    pub fn ty(&self, r: Role) -> &UnitType {
        self.types
            .iter()
            .find(|t| t.role == r)
            .expect("checked at load: every role has a counter")
    }

    pub fn order(&self, o: OrderId) -> &Order {
        self.orders
            .iter()
            .find(|x| x.order == o)
            .expect("checked at load: every order is there")
    }

    /// Attack Strength in half points.
    pub fn attack(&self, r: Role) -> u16 {
        self.ty(r).attack.value * 2
    }

    /// The Movement Allowance (B2).
    pub fn ma(&self) -> u8 {
        self.tables.movement_allowance.value
    }

    /// "Infantry squad #3": a counter by its type and number.
    pub fn who(&self, s: &State, id: state::CounterId) -> String {
        let c = s.c(id);
        format!("{} #{}", self.ty(c.role).name, id)
    }

    pub fn table_views(&self) -> Vec<TableView> {
        self.tables.views()
    }

    /// Every value in the data that is Derived or Assumed: the "Sources and
    /// assumptions" view.
    pub fn source_notes(&self) -> Vec<SourceNote> {
        let mut v = self.tables.source_notes();
        for t in &self.types {
            if !t.attack.source.is_rulebook() {
                v.push(SourceNote {
                    file: UNITS_FILE.into(),
                    item: format!("{}: Attack Strength", t.name),
                    value: t.attack.value.to_string(),
                    source: t.attack.source.clone(),
                });
            }
        }
        for c in &self.oob.nlf {
            v.extend(counts_notes(
                OOB_FILE,
                &format!("NLF {}", c.name),
                &c.counts,
            ));
            if !c.award.source.is_rulebook() {
                v.push(SourceNote {
                    file: OOB_FILE.into(),
                    item: format!("NLF {}: Game Points to the US", c.name),
                    value: c.award.value.to_string(),
                    source: c.award.source.clone(),
                });
            }
        }
        for o in &self.orders {
            v.extend(counts_notes(
                ORDERS_FILE,
                &format!("{}: first lift", o.name),
                &o.first_lift,
            ));
            v.extend(counts_notes(
                ORDERS_FILE,
                &format!("{}: second lift", o.name),
                &o.second_lift,
            ));
            for (what, s) in [
                ("second lift turn", &o.second_turn),
                ("commitment delay", &o.commit_delay),
            ] {
                if let Some(s) = s
                    && !s.source.is_rulebook()
                {
                    v.push(SourceNote {
                        file: ORDERS_FILE.into(),
                        item: format!("{}: {what}", o.name),
                        value: s.value.to_string(),
                        source: s.source.clone(),
                    });
                }
            }
        }
        for m in &self.maps {
            v.push(SourceNote {
                file: format!("grunt/maps/{}.ron", m.id),
                item: format!("Map {}", m.name),
                value: format!("{} hexes", m.len()),
                source: m.source.clone(),
            });
        }
        for (s, f) in self.scenarios.iter().zip(&self.scenario_files) {
            if !s.source.is_rulebook() {
                v.push(SourceNote {
                    file: f.clone(),
                    item: format!("Scenario {}", s.name),
                    value: s.map.clone(),
                    source: s.source.clone(),
                });
            }
        }
        v
    }
}

impl Ruleset for Grunt {
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = view::View;

    fn info(&self) -> GameInfo {
        let mut options: Vec<OptionInfo> = Optional::ALL
            .iter()
            .map(|o| OptionInfo {
                key: o.key().into(),
                // Every option combines with every other; the Basic and
                // solitaire games play without them (the text adds the
                // optional rules to the Standard Game only).
                name: format!("{} (Standard Game)", o.name()),
                rule: o.rule().into(),
                default: "off".into(),
                values: if *o == Optional::FieldsOfFire {
                    vec!["off".into(), "on".into(), "extended".into()]
                } else {
                    vec!["off".into(), "on".into()]
                },
            })
            .collect();
        options.push(OptionInfo {
            key: "turns".into(),
            name: "Game Turns (agreed before play)".into(),
            rule: "D0".into(),
            default: self.tables.turns.value.to_string(),
            values: ["10", "12", "15", "20", "30", "40", "80"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
        });
        GameInfo {
            id: GAME_ID.into(),
            name: "Grunt".into(),
            sides: vec![
                SideInfo {
                    id: "us".into(),
                    name: "US".into(),
                },
                SideInfo {
                    id: "nlf".into(),
                    name: "NLF".into(),
                },
            ],
            scenarios: self
                .scenarios
                .iter()
                .map(|s| ScenarioInfo {
                    id: s.id.clone(),
                    name: s.name.clone(),
                    description: s.description.clone(),
                    // B6: the rules play the NLF; it never decides.
                    played_by_rules: if s.mode == Mode::Solitaire {
                        vec!["nlf".into()]
                    } else {
                        Vec::new()
                    },
                })
                .collect(),
            options,
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
        let mut ctx = step::Ctx::new(self, s);
        self.candidates(s, &mut ctx)
            .into_iter()
            .filter(|c| {
                // Moves are listed from the paths the movement rules allow
                // (the contract tests check each against `check`); the
                // rest are filtered here.
                matches!(c, Command::Move { .. } | Command::Enter { .. })
                    || self.check_in(s, c, &mut ctx).is_ok()
            })
            .collect()
    }

    fn check(&self, s: &State, c: &Command) -> Result<(), RuleError> {
        let mut ctx = step::Ctx::new(self, s);
        self.check_in(s, c, &mut ctx)
            .map_err(|r| r.in_book("Grunt"))
    }

    fn execute(&self, s: &mut State, c: &Command, events: &mut Vec<Event>) {
        self.execute_command(s, c, events);
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
        Grunt::source_notes(self)
    }

    fn tables(&self) -> Vec<TableView> {
        self.table_views()
    }

    fn undoable(&self, events: &[Event]) -> bool {
        describe::undoable(events)
    }
}
