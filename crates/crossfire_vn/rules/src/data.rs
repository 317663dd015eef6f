//! The game's data files as types: the values the game plays by
//! (`crossfire_vn/rules.ron`), terrain kinds (`terrain.ron`), stands
//! (`units.ron`), our tables (`tabletops/*.ron`) and scenarios
//! (`scenarios/*.ron`). Every value carries its [`Provenance`];
//! [`Data::source_notes`] lists the ones the amendments do not give.

use crate::state::Side;
use serde::{Deserialize, Serialize};
use vt_core::engine::TableView;
use vt_core::provenance::{Provenance, SourceNote, Sourced};
use vt_core::tabletop::{Point, Shape};

pub const RULES_FILE: &str = "crossfire_vn/rules.ron";
pub const TERRAIN_FILE: &str = "crossfire_vn/terrain.ron";
pub const UNITS_FILE: &str = "crossfire_vn/units.ron";

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FireValues {
    pub hit_on: Sourced<u8>,
    pub cover_dice: Sourced<i8>,
    pub bunker_dice: Sourced<i8>,
    pub bunker_hit_on: Sourced<u8>,
    pub pin_hits: Sourced<u8>,
    pub suppress_hits: Sourced<u8>,
    pub kill_hits: Sourced<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReactiveValues {
    /// Stand widths between the points of a move where reactive fire may come.
    pub point_spacing: Sourced<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AmbushValues {
    pub dice: Sourced<u8>,
    /// Stand widths: the base game's ambush (point-blank).
    pub base_range: Sourced<f64>,
    /// Stand widths: 6.10's passing target on a route or in a defile.
    pub route_range: Sourced<f64>,
    /// Stand widths: the widest gap that is a defile (6.10).
    pub defile_width: Sourced<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RallyValues {
    pub needed: Sourced<u8>,
    pub steps: Sourced<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CommandValues {
    pub range: Sourced<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CloseCombatValues {
    pub extra_stand: Sourced<i32>,
    pub crew_served: Sourced<i32>,
    pub suppressed: Sourced<i32>,
    pub pinned: Sourced<i32>,
    pub range: Sourced<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RbfValues {
    pub hit_on: Sourced<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct IndirectValues {
    pub he_dice: Sourced<u8>,
    pub radius: Sourced<f64>,
    pub smoke_radius: Sourced<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MedevacValues {
    pub pickup_range: Sourced<f64>,
    pub aid_post_range: Sourced<f64>,
    pub casualties_present: Sourced<f64>,
    pub dust_off_die: Sourced<u8>,
    pub aid_post_modifier: Sourced<i32>,
    pub dust_off_load_range: Sourced<f64>,
    pub landing_range: Sourced<f64>,
    pub exit_zone: Sourced<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EquipmentValues {
    pub capture_range: Sourced<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SniperValues {
    pub sniper_team_per_company: Sourced<u8>,
    pub detach_range: Sourced<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FlameValues {
    pub effective: Sourced<u8>,
    /// Inches.
    pub hand_width: Sourced<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SupportValues {
    pub rpg_dice: Sourced<u8>,
    pub min_range: Sourced<f64>,
    pub attach_range: Sourced<f64>,
    pub flank_bonus: Sourced<i32>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HiddenValues {
    pub spot_range: Sourced<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VictoryValues {
    pub objective: Sourced<i32>,
    pub hold_initiatives: Sourced<u8>,
    pub casualty: Sourced<i32>,
    pub equipment: Sourced<i32>,
    pub armoured_vehicle: Sourced<i32>,
    pub other_vehicle: Sourced<i32>,
    pub aircraft: Sourced<i32>,
}

/// A reading a group may play differently: a game option with its values.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OptionDef {
    pub key: String,
    pub name: String,
    pub rule: String,
    pub values: Vec<String>,
    pub default: String,
    pub source: Provenance,
}

/// `rules.ron`: every base value and amendment number.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Rules {
    /// Inches.
    pub stand_width: Sourced<f64>,
    pub fire: FireValues,
    pub reactive: ReactiveValues,
    pub ambush: AmbushValues,
    pub rally: RallyValues,
    pub command: CommandValues,
    pub close_combat: CloseCombatValues,
    pub recon_by_fire: RbfValues,
    pub indirect: IndirectValues,
    pub medevac: MedevacValues,
    pub equipment: EquipmentValues,
    pub snipers: SniperValues,
    pub flame: FlameValues,
    pub support: SupportValues,
    pub hidden: HiddenValues,
    pub victory: VictoryValues,
    pub options: Vec<OptionDef>,
}

impl Rules {
    /// `n` stand widths in inches.
    pub fn sw(&self, n: f64) -> f64 {
        n * self.stand_width.value
    }
}

/// Kinds of terrain feature on our tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Kind {
    Jungle,
    Scrub,
    ElephantGrass,
    WetPaddy,
    DryPaddy,
    Hootch,
    Masonry,
    Bunker,
    Trench,
    Hill,
    Dyke,
    TreeLine,
    Trail,
    Road,
    Stream,
    /// Laid by a fire mission; not a piece of a table.
    Smoke,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Building {
    /// Light wooden or similar (6.11: no LAW bonus).
    Light,
    /// Substantial brick or concrete (6.11).
    Substantial,
}

/// One row of `terrain.ron`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TerrainKind {
    pub kind: Kind,
    pub name: String,
    pub line: bool,
    #[serde(default)]
    pub width: f64,
    pub blocks_sight: bool,
    pub direct_cover: bool,
    pub indirect_cover: bool,
    /// "none", "tracked" or "all".
    pub vehicles: String,
    #[serde(default)]
    pub capacity: Option<u8>,
    #[serde(default)]
    pub vegetation: bool,
    #[serde(default)]
    pub building: Option<Building>,
    #[serde(default)]
    pub bunker: bool,
    #[serde(default)]
    pub field_defence: bool,
    /// Entering it (a line: reaching it) ends a move.
    pub stops: bool,
    /// Levels it rises above the ground.
    #[serde(default)]
    pub tall: f64,
    #[serde(default)]
    pub route: bool,
    #[serde(default)]
    pub lz: bool,
    #[serde(default)]
    pub level: u8,
    pub source: Provenance,
}

impl TerrainKind {
    pub fn vehicles_may_enter(&self, tracked: bool) -> bool {
        match self.vehicles.as_str() {
            "all" => true,
            "tracked" => tracked,
            _ => false,
        }
    }

    /// A structure: a building or a bunker (6.11 'bunkers or buildings').
    pub fn structure(&self) -> bool {
        self.building.is_some() || self.bunker
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    FireTeam,
    Command,
    Hmg,
    Rcl,
    Rpg,
    Law,
    Flame,
    Medic,
    AidPost,
    Observer,
    /// A VC/NVA sniper (6.9).
    Sniper,
    /// A USMC sniper team (6.9).
    SniperTeam,
    Porter,
    Vehicle,
    Helicopter,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum BaseShape {
    /// Width across the front, depth along the facing, inches.
    Rect(f64, f64),
    Round(f64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FlameKind {
    Manpack,
    Vehicle,
}

/// One row of `units.ron`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UnitType {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub role: Role,
    pub base: BaseShape,
    pub dice: u8,
    pub rbf_dice: u8,
    pub carry: u8,
    #[serde(default)]
    pub rating: i32,
    #[serde(default)]
    pub heavy: bool,
    #[serde(default)]
    pub crew_served: bool,
    #[serde(default)]
    pub counts: bool,
    #[serde(default)]
    pub armoured: bool,
    #[serde(default)]
    pub tracked: bool,
    #[serde(default)]
    pub tank: bool,
    #[serde(default)]
    pub flies: bool,
    #[serde(default)]
    pub at_number: Option<u8>,
    #[serde(default)]
    pub anti_tank: bool,
    #[serde(default)]
    pub flame: Option<FlameKind>,
    #[serde(default)]
    pub backblast: bool,
    pub source: Provenance,
}

impl UnitType {
    pub fn is_vehicle(&self) -> bool {
        matches!(self.role, Role::Vehicle) || self.at_number.is_some() && !self.flies
    }

    /// Ground troops: what fire, pins and close combat apply to as stands.
    pub fn is_troops(&self) -> bool {
        !self.is_vehicle() && !self.flies
    }

    pub fn depth(&self) -> f64 {
        match self.base {
            BaseShape::Rect(_, d) => d,
            BaseShape::Round(r) => 2.0 * r,
        }
    }
}

/// A terrain piece of one of our tables.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub name: String,
    pub kind: Kind,
    pub shape: Shape,
}

/// `tabletops/<id>.ron`: one of our tables.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tabletop {
    pub id: String,
    pub name: String,
    /// Inches across (x) and deep (y).
    pub size: (f64, f64),
    pub pieces: Vec<Piece>,
    pub source: Provenance,
}

impl Tabletop {
    pub fn on_table(&self, p: Point) -> bool {
        p.x >= 0.0 && p.y >= 0.0 && p.x <= self.size.0 && p.y <= self.size.1
    }
}

/// A table edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edge {
    /// y = 0.
    South,
    /// y = depth.
    North,
    /// x = 0.
    West,
    /// x = width.
    East,
}

impl Edge {
    pub fn name(self) -> &'static str {
        match self {
            Edge::South => "south",
            Edge::North => "north",
            Edge::West => "west",
            Edge::East => "east",
        }
    }

    /// How far `p` is from this edge of a table `size` across.
    pub fn distance(self, p: Point, size: (f64, f64)) -> f64 {
        match self {
            Edge::South => p.y,
            Edge::North => size.1 - p.y,
            Edge::West => p.x,
            Edge::East => size.0 - p.x,
        }
    }
}

/// A stand of a scenario's force.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ForceStand {
    #[serde(rename = "type")]
    pub unit: String,
    /// Its label on the table ("1/2 A": platoon 1, squad 2, team A).
    pub label: String,
    /// Platoon number (0: company level).
    #[serde(default)]
    pub platoon: u8,
    /// Squad number within the platoon (0: none), for RPG/LAW attachment.
    #[serde(default)]
    pub squad: u8,
    /// Where the scenario sets it up (the player may move it in its zone).
    pub at: Point,
    /// The way it faces, a direction; default up the table for the Free
    /// World and down it for the VC/NVA.
    #[serde(default)]
    pub facing: Option<Point>,
    /// Not on the table at the start (a Dust Off, an Aid Post made later).
    #[serde(default)]
    pub off_table: bool,
}

/// A fire mission allotment of one observer (indirect fire).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Missions {
    pub he: u8,
    pub smoke: u8,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SideSetup {
    pub side: Side,
    /// Set up hidden (CF base: the defender's hidden deployment).
    pub hidden: bool,
    /// Where it may set up; empty: anywhere on the table.
    #[serde(default)]
    pub zone: Vec<Point>,
    /// Its own edges (carrying off, withdrawing).
    pub edges: Vec<Edge>,
    pub forces: Vec<ForceStand>,
    /// Dust Off requests it may make (Free World).
    #[serde(default)]
    pub dust_offs: u8,
    /// Fire missions for each observer of the side.
    #[serde(default)]
    pub missions: Option<Missions>,
    /// Casualty markers already on the table at the start.
    #[serde(default)]
    pub casualties: Vec<Point>,
    /// US/ARVN/USMC, VC, NVA: the army's command and control rating applies
    /// (CF4.0); all OK in Vietnam (Assumed).
    #[serde(default)]
    pub nation: String,
}

/// What an objective asks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ObjectiveKind {
    /// The attacker holds the area (its stands in it, no enemy stand) at
    /// the end of its initiatives (Incoming!, S13).
    #[default]
    Hold,
    /// The Free World gets every one of its casualties off (6.5).
    Evacuate,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Objective {
    pub name: String,
    #[serde(default)]
    pub kind: ObjectiveKind,
    /// The objective area (Hold).
    #[serde(default)]
    pub area: Vec<Point>,
    /// What the defender scores for a Hold objective the attacker does
    /// not hold at the end; `None` for the rules' objective value
    /// (`rules.ron`, S13). A scenario whose defender fights for
    /// casualties rather than ground sets it lower (Bunker Line: 0).
    #[serde(default)]
    pub denied: Option<i32>,
}

impl Objective {
    /// The defender's points for denying this objective, `value` being the
    /// rules' objective value.
    pub fn denied_value(&self, value: i32) -> i32 {
        self.denied.unwrap_or(value)
    }
}

/// The moving clock (CF base, from Hit the Dirt).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Clock {
    /// Minutes after midnight.
    pub start: u16,
    pub end: u16,
    /// Roll this or more at the end of each defender initiative...
    pub roll: u8,
    /// ...to move the clock on this many minutes.
    pub step: u16,
}

/// `scenarios/<id>.ron`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Scenario {
    pub id: String,
    pub name: String,
    pub description: String,
    pub tabletop: String,
    pub attacker: Side,
    /// Who holds the initiative first (C18: the attacker).
    pub first: Side,
    /// Who sets up first.
    pub setup_order: Vec<Side>,
    pub clock: Clock,
    pub sides: Vec<SideSetup>,
    pub objectives: Vec<Objective>,
    /// What each side must do, in words (the victory conditions).
    pub victory: Vec<String>,
    pub source: Provenance,
}

impl Scenario {
    pub fn side(&self, side: Side) -> Option<&SideSetup> {
        self.sides.iter().find(|s| s.side == side)
    }
}

/// Everything loaded.
#[derive(Clone, Debug)]
pub struct Data {
    pub rules: Rules,
    pub terrain: Vec<TerrainKind>,
    pub units: Vec<UnitType>,
    pub tabletops: Vec<Tabletop>,
    pub scenarios: Vec<Scenario>,
    pub scenario_files: Vec<String>,
}

fn note<T: std::fmt::Debug>(file: &str, item: &str, v: &Sourced<T>, out: &mut Vec<SourceNote>) {
    if !v.source.is_rulebook() {
        out.push(SourceNote {
            file: file.into(),
            item: item.into(),
            value: format!("{:?}", v.value),
            source: v.source.clone(),
        });
    }
}

impl Data {
    pub fn terrain(&self, k: Kind) -> &TerrainKind {
        self.terrain
            .iter()
            .find(|t| t.kind == k)
            .unwrap_or(&self.terrain[0])
    }

    pub fn unit(&self, id: &str) -> Option<usize> {
        self.units.iter().position(|u| u.id == id)
    }

    pub fn tabletop(&self, id: &str) -> Option<&Tabletop> {
        self.tabletops.iter().find(|t| t.id == id)
    }

    /// Every value that is not the amendments' own: "Sources and assumptions".
    pub fn source_notes(&self) -> Vec<SourceNote> {
        let r = &self.rules;
        let f = RULES_FILE;
        let mut v = Vec::new();
        v.push(SourceNote {
            file: f.into(),
            item: "Sections 6.6 and 6.8".into(),
            value: "absent from the transcribed amendments".into(),
            source: Provenance::Assumed(
                "the text jumps from 6.5 to 6.7 and from 6.7 to 6.9; nothing is played for them"
                    .into(),
            ),
        });
        note(f, "Stand width (inches)", &r.stand_width, &mut v);
        note(f, "Fire: a die hits on", &r.fire.hit_on, &mut v);
        note(f, "Fire: target in cover, dice", &r.fire.cover_dice, &mut v);
        note(
            f,
            "Fire: target in a bunker, dice",
            &r.fire.bunker_dice,
            &mut v,
        );
        note(
            f,
            "Fire: in a bunker only hits on",
            &r.fire.bunker_hit_on,
            &mut v,
        );
        note(f, "Result: hits to pin", &r.fire.pin_hits, &mut v);
        note(f, "Result: hits to suppress", &r.fire.suppress_hits, &mut v);
        note(f, "Result: hits to kill", &r.fire.kill_hits, &mut v);
        note(
            f,
            "Reactive fire: points of a move, every (SW)",
            &r.reactive.point_spacing,
            &mut v,
        );
        note(f, "Ambush: extra dice", &r.ambush.dice, &mut v);
        note(f, "Ambush (base): range (SW)", &r.ambush.base_range, &mut v);
        note(f, "Rally: needed", &r.rally.needed, &mut v);
        note(f, "Rally: steps lifted", &r.rally.steps, &mut v);
        note(f, "Commander's help: range (SW)", &r.command.range, &mut v);
        note(
            f,
            "Close combat: each stand past the first",
            &r.close_combat.extra_stand,
            &mut v,
        );
        note(
            f,
            "Close combat: each crew-served weapon",
            &r.close_combat.crew_served,
            &mut v,
        );
        note(
            f,
            "Close combat: a suppressed stand engaged",
            &r.close_combat.suppressed,
            &mut v,
        );
        note(
            f,
            "Close combat: a pinned stand engaged",
            &r.close_combat.pinned,
            &mut v,
        );
        note(
            f,
            "Close combat: defenders' range (SW)",
            &r.close_combat.range,
            &mut v,
        );
        note(
            f,
            "Recon by fire: a die hits on",
            &r.recon_by_fire.hit_on,
            &mut v,
        );
        note(f, "Barrage: dice", &r.indirect.he_dice, &mut v);
        note(f, "Barrage: radius (SW)", &r.indirect.radius, &mut v);
        note(f, "Smoke: radius (SW)", &r.indirect.smoke_radius, &mut v);
        note(
            f,
            "Medevac: pick-up range (SW)",
            &r.medevac.pickup_range,
            &mut v,
        );
        note(
            f,
            "Aid Post: casualties present within (SW)",
            &r.medevac.casualties_present,
            &mut v,
        );
        note(
            f,
            "Dust Off: loads within (SW)",
            &r.medevac.dust_off_load_range,
            &mut v,
        );
        note(
            f,
            "Dust Off: lands within (SW) of an Aid Post or casualty",
            &r.medevac.landing_range,
            &mut v,
        );
        note(
            f,
            "Carrying off: table edge within (SW)",
            &r.medevac.exit_zone,
            &mut v,
        );
        note(
            f,
            "Equipment: captured within (SW)",
            &r.equipment.capture_range,
            &mut v,
        );
        note(
            f,
            "Detached sniper: placed within (SW)",
            &r.snipers.detach_range,
            &mut v,
        );
        note(
            f,
            "Flame: a hand width (inches)",
            &r.flame.hand_width,
            &mut v,
        );
        note(
            f,
            "Anti-tank: flank or rear",
            &r.support.flank_bonus,
            &mut v,
        );
        note(
            f,
            "Hidden stands: found within (SW)",
            &r.hidden.spot_range,
            &mut v,
        );
        note(f, "Victory: objective", &r.victory.objective, &mut v);
        note(
            f,
            "Victory: initiatives held",
            &r.victory.hold_initiatives,
            &mut v,
        );
        note(f, "Victory: casualty marker", &r.victory.casualty, &mut v);
        note(
            f,
            "Victory: equipment captured",
            &r.victory.equipment,
            &mut v,
        );
        note(
            f,
            "Victory: armoured vehicle",
            &r.victory.armoured_vehicle,
            &mut v,
        );
        note(
            f,
            "Victory: other vehicle",
            &r.victory.other_vehicle,
            &mut v,
        );
        note(f, "Victory: aircraft", &r.victory.aircraft, &mut v);
        for o in &r.options {
            v.push(SourceNote {
                file: f.into(),
                item: format!("Option: {} ({})", o.name, o.key),
                value: format!("{} (or {})", o.default, o.values.join(", ")),
                source: o.source.clone(),
            });
        }
        for t in &self.terrain {
            if !t.source.is_rulebook() {
                v.push(SourceNote {
                    file: TERRAIN_FILE.into(),
                    item: format!("Terrain {}", t.name),
                    value: terrain_summary(t),
                    source: t.source.clone(),
                });
            }
        }
        for u in &self.units {
            if !u.source.is_rulebook() {
                v.push(SourceNote {
                    file: UNITS_FILE.into(),
                    item: format!("Stand {}", u.name),
                    value: unit_summary(u),
                    source: u.source.clone(),
                });
            }
        }
        for t in &self.tabletops {
            v.push(SourceNote {
                file: format!("crossfire_vn/tabletops/{}.ron", t.id),
                item: format!("Table {}", t.name),
                value: format!(
                    "{} x {} inches, {} terrain pieces",
                    t.size.0,
                    t.size.1,
                    t.pieces.len()
                ),
                source: t.source.clone(),
            });
        }
        for (s, file) in self.scenarios.iter().zip(&self.scenario_files) {
            v.push(SourceNote {
                file: file.clone(),
                item: format!("Scenario {}", s.name),
                value: format!("on {}", s.tabletop),
                source: s.source.clone(),
            });
        }
        v
    }

    /// The charts the tables viewer shows.
    pub fn tables(&self) -> Vec<TableView> {
        let r = &self.rules;
        let fire = TableView {
            id: "fire-results".into(),
            name: "Fire results (each firer alone)".into(),
            rule: "6.4, 6.5".into(),
            columns: vec!["Hits".into(), "Result".into()],
            rows: vec![
                vec!["0".into(), "Miss".into()],
                vec![r.fire.pin_hits.value.to_string(), "Pinned".into()],
                vec![r.fire.suppress_hits.value.to_string(), "Suppressed".into()],
                vec![
                    format!("{}+", r.fire.kill_hits.value),
                    "Killed: casualty marker (and equipment marker for a heavy weapon)".into(),
                ],
            ],
        };
        let dice = TableView {
            id: "fire-dice".into(),
            name: "Fire dice".into(),
            rule: "6.4".into(),
            columns: vec!["Stand".into(), "Dice".into(), "Recon by fire".into()],
            rows: self
                .units
                .iter()
                .filter(|u| u.dice > 0 || u.rbf_dice > 0)
                .map(|u| vec![u.name.clone(), u.dice.to_string(), u.rbf_dice.to_string()])
                .collect(),
        };
        let carry = TableView {
            id: "carrying".into(),
            name: "Carrying casualties".into(),
            rule: "6.5".into(),
            columns: vec!["Stand".into(), "Markers".into()],
            rows: self
                .units
                .iter()
                .map(|u| vec![u.name.clone(), u.carry.to_string()])
                .collect(),
        };
        let terrain = TableView {
            id: "terrain".into(),
            name: "Terrain features".into(),
            rule: "base".into(),
            columns: vec![
                "Feature".into(),
                "Blocks sight".into(),
                "Cover".into(),
                "Barrage cover".into(),
                "Vehicles".into(),
                "Holds".into(),
            ],
            rows: self
                .terrain
                .iter()
                .map(|t| {
                    vec![
                        t.name.clone(),
                        yes(t.blocks_sight),
                        if t.bunker {
                            "bunker".into()
                        } else {
                            yes(t.direct_cover)
                        },
                        yes(t.indirect_cover),
                        t.vehicles.clone(),
                        t.capacity.map_or("-".into(), |c| c.to_string()),
                    ]
                })
                .collect(),
        };
        let dust_off = TableView {
            id: "dust-off".into(),
            name: "Dust Off delay".into(),
            rule: "6.5".into(),
            columns: vec!["Roll".into(), "No Aid Post".into(), "Aid Post".into()],
            rows: (1..=r.medevac.dust_off_die.value as i32)
                .map(|d| {
                    let with = d + r.medevac.aid_post_modifier.value;
                    let f = |n: i32| {
                        if n < 1 {
                            "at once".to_string()
                        } else {
                            format!("{n} initiatives")
                        }
                    };
                    vec![d.to_string(), f(d), f(with)]
                })
                .collect(),
        };
        vec![fire, dice, carry, terrain, dust_off]
    }
}

fn yes(b: bool) -> String {
    if b { "yes".into() } else { "no".into() }
}

fn terrain_summary(t: &TerrainKind) -> String {
    format!(
        "{}, sight {}, cover {}, barrage cover {}, vehicles {}",
        if t.line { "line" } else { "area" },
        if t.blocks_sight { "blocked" } else { "open" },
        if t.bunker {
            "bunker".to_string()
        } else {
            yes(t.direct_cover)
        },
        yes(t.indirect_cover),
        t.vehicles
    )
}

fn unit_summary(u: &UnitType) -> String {
    let mut s = format!(
        "{} dice, recon {} dice, carries {}",
        u.dice, u.rbf_dice, u.carry
    );
    if u.rating != 0 {
        s.push_str(&format!(", rating {:+}", u.rating));
    }
    if let Some(a) = u.at_number {
        s.push_str(&format!(", anti-tank {a}+"));
    }
    s
}
