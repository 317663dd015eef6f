//! Front Toward Enemy: Vietnam Firefights, the rules.
//!
//! [`Fte`] implements [`vt_core::Ruleset`]. Its [`State`] is plain data; a
//! game is a sequence of [`vt_core::Decision`]s answered by [`Command`]s,
//! including the other side's Opportunity Fire chances in the middle of an
//! action (21.0). [`view::View`] is what one side may see: concealed enemy
//! units appear only as Concealed markers, and dummies, hidden caches,
//! plotted traps and secret fire-mission targets are absent.
//!
//! Modules follow the rulebook: [`setup`] (3.0 set-up), [`sequence`]
//! (3.0 sequence of play, 20.0), [`reinforcements`] (4.0), [`activation`]
//! (5.0), [`movement`] (6.0), [`stacking`] (6.2), [`fire`] (7.0-7.2),
//! [`line_of_sight`] (7.3), [`target_effects`] (7.4), [`casualties`] (7.5,
//! 17.0), [`assault`] (8.0), [`search`] (9.0), [`recover`] (10.0),
//! [`caches_tunnels`] (11.0, 23.0-25.0), [`medevac`] (12.0),
//! [`fire_missions`] (13.0, 16.0), [`transport`] (14.0, 15.0, 6.9),
//! [`concealment`] (18.0), [`random_events`] (19.0), [`opportunity_fire`]
//! (21.0), [`dummies`] (22.0), [`booby_traps`] (26.0), [`sappers`] (27.0),
//! [`civilians`] (28.0), [`victory`] (29.0). [`step`] is the turn
//! machine: the [`step::Step`] stack, who decides what, and the
//! dispatchers into the sections.
//!
//! # Driving a game (for the plugin and other front ends)
//!
//! Everything goes through [`vt_core::Ruleset`]: `decision(state)` says
//! which side answers and its `kind`; `legal(state)` lists commands for it;
//! `check` refuses anything else with the rule section; `execute` applies a
//! command and returns [`Event`]s; `describe(event)` gives the log line with
//! every roll's [`vt_core::Adjudication`] (each modifier with its section).
//! Draw only from `view(state, side)` ([`view::View`]): it holds what that
//! side may see (its own units in full, the enemy's Visible units, enemy
//! Concealed units only as markers with a number, "?" caches, its own
//! plotted traps and mission targets).
//!
//! Decision kinds ([`step::Kind`]; read one with
//! `decision.kind_as::<step::Kind>()`), and the commands that answer them:
//!
//! | kind | who | commands |
//! |---|---|---|
//! | `setup` | each side in turn | [`Command::Place`], [`Command::Plot`] (secret traps/claymores), [`Command::SetupDone`] |
//! | `reinforcements` | arriving side | [`Command::Enter`] (edge hex, helicopter altitude) |
//! | `activate` | active side | [`Command::ActivateLeader`], [`Command::ActivateHex`], [`Command::ActivateUnit`], [`Command::ActivateHelicopters`], [`Command::Pass`] |
//! | `action` | active side | [`Command::Move`], [`Command::Fire`], [`Command::Assault`], [`Command::Search`], [`Command::Recover`], [`Command::DestroyCache`], [`Command::RequestMedevac`], [`Command::RequestFireMission`], [`Command::Load`], [`Command::Unload`], [`Command::Abandon`], [`Command::EndActivation`] |
//! | `move` | active side | [`Command::Step`] one hex at a time, [`Command::Climb`]/[`Command::Descend`], [`Command::EnterFort`]/[`Command::LeaveFort`], [`Command::Drop`], [`Command::ExitMap`], [`Command::EnterTunnel`], [`Command::EndMove`] |
//! | `opportunity-fire` | the other side | [`Command::OpFireAttempt`] (the units take their check), [`Command::Detonate`] (the US, when the NVA/VC are on a plotted Claymore, 26.0), [`Command::OpFirePass`] |
//! | `opportunity-fire-target` | the other side | [`Command::OpFire`] (primary, supporters, target) or [`Command::OpFirePass`] (hold fire, keep concealment) |
//! | `assault-attack` / `assault-defend` | attacker / defender | [`Command::AssaultFire`], [`Command::AssaultHold`] |
//! | `advance` | attacker | [`Command::Advance`], [`Command::NoAdvance`] |
//! | `retreat` | owner of a Broken unit | [`Command::Retreat`] (one hex at a time, each farther from the firer) |
//! | `carry` | owner of a new casualty | [`Command::Carry`], [`Command::LeaveCasualty`] |
//! | `set-down` | US | [`Command::SetDown`] (a downed helicopter) |
//! | `random-event` | see [`Fte::event_chooser`] | [`Command::EventUnit`], [`Command::EventHex`], [`Command::EventPass`] |
//! | `interrogate` / `reveal` | US / NVA | [`Command::Interrogate`], [`Command::NoInterrogation`] / [`Command::RevealUnit`], [`Command::RevealCache`] |
//! | (26.0) | US | [`Command::DetonateAt`] on its own `activate` and `action` decisions; [`Command::Detonate`] with an Opportunity Fire chance |
//! | `fire-mission` | its requester | [`Command::ExecuteMission`], [`Command::CancelMission`] |
//! | `concealment` | US, then NVA/VC | [`Command::Conceal`], [`Command::ConcealDone`] |
//!
//! For groups (combined fire, stacks, assaults, loads) `legal` lists each
//! unit alone and the whole group; `check` accepts any group the rules
//! allow, so a UI can build its own. Enemy units are named with
//! [`Target::Unit`] when Visible and [`Target::Marker`] (the Concealed
//! marker's number) when not.
//!
//! Helpers for the screen: [`Fte::reachable`] (hexes and costs a stack can
//! reach), [`Fte::steps`] (the next hexes of a move under way),
//! [`Fte::preview`] (the number needed with every modifier and its section,
//! before any fire, opportunity fire or assault fire), [`Fte::line_of_sight`] (the LoS tool, with the
//! reason when blocked), [`Fte::leader_group`] (who a Leader brings),
//! [`Fte::table_views`], [`Fte::source_notes`], and [`Fte::map_of`] with
//! [`map::Map::grid`] for drawing terrain, levels and hexside features.
//! [`screen`]: [`Fte::situation`] (the interrupt under way as one side
//! may see it), [`Fte::fire_preview`] (the preview without the modifiers a
//! Concealed target or a hidden Bunker keeps from the firer) and
//! [`Fte::assault_preview`] (each unit's check to go in).

use vt_core::sort::StableSort;
pub mod activation;
mod ai;
pub mod assault;
pub mod booby_traps;
pub mod caches_tunnels;
pub mod casualties;
pub mod civilians;
pub mod command;
pub mod concealment;
pub mod counters;
pub mod data;
pub mod describe;
pub mod dummies;
pub mod event;
pub mod fire;
pub mod fire_missions;
pub mod geo;
pub mod line_of_sight;
pub mod map;
pub mod medevac;
pub mod movement;
pub mod opportunity_fire;
pub mod random_events;
pub mod recover;
pub mod reinforcements;
pub mod sappers;
pub mod scenario;
pub mod screen;
pub mod search;
pub mod sequence;
pub mod setup;
pub mod stacking;
pub mod state;
pub mod step;
pub mod target_effects;
pub mod transport;
pub mod victory;
pub mod view;

#[cfg(test)]
mod tests;

pub use command::{Command, Target};
pub use event::Event;
pub use state::{Side, State};

use data::{TABLES_FILE, Tables, UNITS_FILE, UnitType};
use map::Map;
use scenario::ScenarioFile;
use vt_core::data::{DataError, DataFiles};
use vt_core::engine::*;
use vt_core::provenance::SourceNote;

pub const GAME_ID: &str = "fte";

/// The rulebook's short name, before a section in a refusal ("FTE 6.2").
pub const BOOK: &str = "FTE";

/// The map files and scenario files the game ships.
const MAPS: [(&str, vt_core::data::Embedded); 3] = [
    vt_core::embed_asset!("fte/maps/song-tra.ron"),
    vt_core::embed_asset!("fte/maps/hill-203.ron"),
    vt_core::embed_asset!("fte/maps/examples.ron"),
];

const SCENARIOS: [(&str, vt_core::data::Embedded); 4] = [
    vt_core::embed_asset!("fte/scenarios/hamlet-search.ron"),
    vt_core::embed_asset!("fte/scenarios/trail-ambush.ron"),
    vt_core::embed_asset!("fte/scenarios/hot-lz.ron"),
    vt_core::embed_asset!("fte/scenarios/night-perimeter.ron"),
];

/// Every data file, keyed by its path under `assets/`.
pub fn data_files() -> DataFiles {
    let mut f = DataFiles::new();
    for (p, t) in [
        vt_core::embed_asset!("fte/tables.ron"),
        vt_core::embed_asset!("fte/units.ron"),
    ] {
        f.insert(p, t.text());
    }
    for (p, t) in MAPS.iter().chain(SCENARIOS.iter()) {
        f.insert(p, t.text());
    }
    f
}

/// The loaded ruleset: tables, counters, maps and scenarios.
#[derive(Clone, Debug)]
pub struct Fte {
    pub tables: Tables,
    pub types: Vec<UnitType>,
    pub maps: Vec<Map>,
    pub scenarios: Vec<ScenarioFile>,
    scenario_files: Vec<String>,
    /// The computer player's way to each scenario objective (ai.rs).
    routes: Vec<ai::Route>,
}

impl Fte {
    /// Loads from data files (the embedded ones or a player's edited copies).
    pub fn from_files(files: &DataFiles) -> Result<Fte, DataError> {
        let tables: Tables = files.parse(TABLES_FILE)?;
        tables
            .validate()
            .map_err(|m| DataError::file(&format!("assets/{TABLES_FILE}"), m))?;
        let types: Vec<UnitType> = files.parse(UNITS_FILE)?;
        let mut maps = Vec::new();
        let mut scenarios = Vec::new();
        let mut scenario_files = Vec::new();
        for p in files.paths() {
            if p.starts_with("fte/maps/") {
                maps.push(Map::load(files, p)?);
            }
        }
        for p in files.paths() {
            if p.starts_with("fte/scenarios/") {
                let s: ScenarioFile = files.parse(p)?;
                let file = format!("assets/{p}");
                if !maps.iter().any(|m| m.id == s.map) {
                    return Err(DataError::file(&file, format!("no map '{}'", s.map)));
                }
                let check = |fs: &Vec<scenario::Force>| -> Result<(), DataError> {
                    let mut all: Vec<&scenario::Force> = fs.iter().collect();
                    while let Some(f) = all.pop() {
                        if !types.iter().any(|t| t.id == f.unit) {
                            return Err(DataError::file(
                                &file,
                                format!("no unit type '{}'", f.unit),
                            ));
                        }
                        all.extend(f.carrying.iter());
                    }
                    Ok(())
                };
                for (_, fs) in &s.forces {
                    check(fs)?;
                }
                // Every hex the scenario names must be in play on its map.
                let map = maps.iter().find(|m| m.id == s.map).expect("checked above");
                let mut named: Vec<(String, geo::Hex)> = Vec::new();
                for (_, fs) in &s.forces {
                    named.extend(fs.iter().filter_map(|f| f.hex.map(|h| (f.unit.clone(), h))));
                }
                named.extend(
                    s.caches
                        .iter()
                        .filter_map(|c| c.hex.map(|h| (c.kind.name().to_string(), h))),
                );
                for site in &s.cache_sites {
                    named.extend(site.hexes.iter().map(|h| ("a cache site".to_string(), *h)));
                }
                // 23.0: every cache without a hex needs a site of its own.
                for side in [state::Side::Us, state::Side::Nva] {
                    let wanted = s
                        .caches
                        .iter()
                        .filter(|c| c.owner == side && c.hex.is_none())
                        .count();
                    let mut sites: Vec<geo::Hex> = s
                        .cache_sites
                        .iter()
                        .filter(|x| x.owner == side)
                        .flat_map(|x| x.hexes.iter().copied())
                        .collect();
                    sites.stable_sort();
                    sites.dedup();
                    if wanted > sites.len() {
                        return Err(DataError::file(
                            &file,
                            format!(
                                "{wanted} {} cache(s) without a hex but {} cache site(s) for them",
                                side.name(),
                                sites.len()
                            ),
                        ));
                    }
                }
                named.extend(s.objectives.iter().map(|o| (o.name.clone(), o.hex)));
                for a in &s.areas {
                    named.extend(a.hexes.iter().map(|h| (a.name.clone(), *h)));
                }
                if let Some((what, h)) = named.iter().find(|(_, h)| !map.in_play(*h)) {
                    return Err(DataError::file(
                        &file,
                        format!("{what} at {h}: not a hex in play on map '{}'", s.map),
                    ));
                }
                // 6.2: a unit may never share a hex with an enemy unit. Set-up
                // cannot stack the sides only if no hex is open to both: no
                // hex in set-up areas of both sides, and no force set up in
                // (or placed into) the other side's area.
                for a in &s.areas {
                    let theirs = || s.areas.iter().filter(|b| b.side != a.side);
                    let own = a.all_hexes();
                    let clash = own.iter().find(|h| theirs().any(|b| b.contains(**h)));
                    let placed = s
                        .forces
                        .iter()
                        .filter(|(side, _)| *side != a.side)
                        .flat_map(|(_, fs)| fs.iter())
                        .filter_map(|f| f.hex.map(|h| (f.unit.clone(), h)))
                        .find(|(_, h)| a.contains(*h));
                    if let Some(h) = clash.filter(|h| map.in_play(**h)) {
                        return Err(DataError::file(
                            &file,
                            format!(
                                "set-up area '{}' shares {h} with another side's area: units may not stand with enemy units (6.2)",
                                a.name
                            ),
                        ));
                    }
                    if let Some((unit, h)) = placed {
                        return Err(DataError::file(
                            &file,
                            format!(
                                "{unit} at {h} is in the other side's set-up area '{}': units may not stand with enemy units (6.2)",
                                a.name
                            ),
                        ));
                    }
                }
                for r in &s.reinforcements {
                    check(&r.forces)?;
                }
                scenario_files.push(p.to_string());
                scenarios.push(s);
            }
        }
        // Scenario order: as listed in SCENARIOS when embedded.
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
        let mut fte = Fte {
            tables,
            types,
            maps,
            scenarios,
            scenario_files,
            routes: Vec::new(),
        };
        fte.routes = fte.plan_routes();
        Ok(fte)
    }

    /// The ruleset with the data compiled into the binary.
    pub fn embedded() -> Fte {
        match Fte::from_files(&data_files()) {
            Ok(f) => f,
            Err(e) => panic!("embedded FTE data is broken: {e}"),
        }
    }

    pub fn map_of(&self, s: &State) -> &Map {
        self.maps
            .iter()
            .find(|m| m.id == s.map)
            .unwrap_or(&self.maps[0])
    }

    pub fn scenario(&self, id: &str) -> Option<&ScenarioFile> {
        self.scenarios.iter().find(|s| s.id == id)
    }

    pub fn table_views(&self) -> Vec<TableView> {
        self.tables.views()
    }

    /// Every value in the data that is Derived or Assumed: the "Sources and
    /// assumptions" view.
    pub fn source_notes(&self) -> Vec<SourceNote> {
        let mut v = self.tables.source_notes();
        for t in &self.types {
            if !t.source.is_rulebook() {
                v.push(SourceNote {
                    file: UNITS_FILE.into(),
                    item: format!("Counter {}", t.name),
                    value: format!(
                        "fire {} {}, range {}, troop quality {}, {} troops",
                        t.fire.map(|f| f.to_string()).unwrap_or("-".into()),
                        t.weapon.name(),
                        t.range.map(|f| f.to_string()).unwrap_or("-".into()),
                        t.troop_quality,
                        t.troops
                    ),
                    source: t.source.clone(),
                });
            }
        }
        for m in &self.maps {
            v.push(SourceNote {
                file: format!("fte/maps/{}.ron", m.id),
                item: format!("Map {}", m.name),
                value: format!("{} hexes", m.hexes().len()),
                source: m.source.clone(),
            });
        }
        for (s, f) in self.scenarios.iter().zip(&self.scenario_files) {
            v.push(SourceNote {
                file: f.clone(),
                item: format!("Scenario {}", s.name),
                value: format!("{} turns on {}", s.turns, s.map),
                source: s.source.clone(),
            });
            for site in &s.cache_sites {
                let hexes: Vec<String> = site.hexes.iter().map(|h| h.to_string()).collect();
                v.push(SourceNote {
                    file: f.clone(),
                    item: format!(
                        "Scenario {}: {} cache sites (23.0)",
                        s.name,
                        site.owner.name()
                    ),
                    value: hexes.join(", "),
                    source: site.source.clone(),
                });
            }
        }
        v
    }
}

impl Ruleset for Fte {
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = view::View;

    fn info(&self) -> GameInfo {
        GameInfo {
            id: GAME_ID.into(),
            name: "Front Toward Enemy".into(),
            sides: vec![
                SideInfo {
                    id: "us".into(),
                    name: "US".into(),
                },
                SideInfo {
                    id: "nva-vc".into(),
                    name: "NVA/VC".into(),
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
            options: Vec::new(),
        }
    }

    fn new_game(&self, setup: &Setup) -> Result<State, SetupError> {
        self.start(setup)
    }

    fn decision(&self, s: &State) -> Decision {
        Fte::decision(self, s)
    }

    fn legal(&self, s: &State) -> Vec<Command> {
        if *s.step() == step::Step::Over {
            return Vec::new();
        }
        let candidates = self.candidates(s);
        match s.step() {
            // A Random Event's choices are listed by the check itself
            // (`event_choice_ok`): checking them again is work for nothing.
            step::Step::RandomEvent { .. } => return candidates,
            // An activation's list asks for each Leader's group once.
            step::Step::DrawChit | step::Step::Activate { .. } => {
                return self.activation_legal(s, candidates);
            }
            // Set-up lists each movable unit in its own area's hexes and
            // the hexes a trap may be plotted in (`plot_ok`): of the
            // checks only "in play" is left (3.0, 26.0).
            step::Step::Setup { .. } => {
                let map = self.map_of(s);
                return candidates
                    .into_iter()
                    .filter(|c| match c {
                        Command::Place { hex, .. } => map.in_play(*hex),
                        _ => true,
                    })
                    .collect();
            }
            // An Opportunity Fire chance before any check lists exactly
            // the units that may attempt it (`opfire_eligible`), alone and
            // together, a Claymore only when `claymore_chance`, and the
            // pass (21.0, 26.0).
            step::Step::OpportunityFire(o) if o.passed.is_empty() => return candidates,
            // Reinforcements are listed as each arrival (`arrivals`) in each
            // of its `entry_hexes` at the altitudes its kind enters at: what
            // `check_enter` accepts, and nothing else (4.0).
            step::Step::Reinforcements { .. } => return candidates,
            // The units listed are `conceal_candidates`, all the check
            // accepts (18.2), and the end of the check.
            step::Step::Concealment { .. } => return candidates,
            // A move's Step commands are the hexes `steps` found open by
            // the `step_cost` the check itself runs (6.0-6.2): only the
            // rest (altitude, forts, drops, exits) is checked here.
            step::Step::Moving(_) => {
                return candidates
                    .into_iter()
                    .filter(|c| {
                        matches!(c, Command::Step { .. }) || self.check_command(s, c).is_ok()
                    })
                    .collect();
            }
            _ => {}
        }
        candidates
            .into_iter()
            .filter(|c| self.check_command(s, c).is_ok())
            .collect()
    }

    fn check(&self, s: &State, c: &Command) -> Result<(), RuleError> {
        self.check_command(s, c).map_err(|r| r.in_book(BOOK))
    }

    fn execute(&self, s: &mut State, c: &Command, events: &mut Vec<Event>) {
        let start = events.len();
        self.execute_command(s, c, events);
        self.advance(s, events);
        for e in &mut events[start..] {
            e.mark_concealed(s);
        }
    }

    fn view(&self, s: &State, side: SideIdx) -> view::View {
        self.make_view(s, Side::from_idx(side))
    }

    fn outcome(&self, s: &State) -> Outcome {
        self.make_outcome(s)
    }

    fn finished(&self, s: &State) -> bool {
        // `make_outcome` has a result exactly when the state has one.
        s.result.is_some()
    }

    fn describe(&self, e: &Event) -> LogEntry {
        self.describe_event(None, e)
    }

    fn describe_in(&self, s: &State, e: &Event) -> LogEntry {
        self.describe_event(Some(s), e)
    }

    fn source_notes(&self) -> Vec<SourceNote> {
        Fte::source_notes(self)
    }

    fn tables(&self) -> Vec<TableView> {
        self.table_views()
    }

    fn undoable(&self, events: &[Event]) -> bool {
        describe::undoable(events)
    }

    fn transparent(&self, events: &[Event]) -> bool {
        describe::transparent(events)
    }
}
