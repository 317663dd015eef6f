//! The charts, unit types and terrain of the card-driven rules as data
//! (`assets/platoon_cards/charts.ron`, `units.ron`), every value with its
//! provenance; "Sources and assumptions" and the tables viewer read them.

use serde::{Deserialize, Serialize};
use vt_core::provenance::{Provenance, SourceNote, Sourced};

pub const CHARTS_FILE: &str = "platoon_cards/charts.ron";
pub const UNITS_FILE: &str = "platoon_cards/units.ron";

type S<T> = Sourced<T>;

/// Who moves how (Chart: MOVEMENT).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Mover {
    Infantry,
    /// Platoon and company commanders.
    Commander,
    /// An HMG or light gun pushed by its crew.
    PushedGun,
    /// Tank or APC.
    Tracked,
    HalfTrack,
    /// Truck, jeep.
    Wheeled,
    Helicopter,
    /// Snipers, off-table batteries: never move.
    Static,
}

impl Mover {
    pub fn is_vehicle(self) -> bool {
        matches!(self, Mover::Tracked | Mover::HalfTrack | Mover::Wheeled)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MovementRow {
    pub mover: Mover,
    /// Inches per activation across open ground off roads.
    pub off_road: S<f64>,
    /// Inches per activation on roads only; `None`: the off-road figure.
    pub road: S<Option<f64>>,
    /// Extra inches when the move ends in hand-to-hand.
    pub charge_bonus: S<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Movement {
    pub rows: Vec<MovementRow>,
    /// A helicopter's move with a landing or take-off (the full move is the
    /// row's off-road figure).
    pub helicopter_with_landing: S<f64>,
    /// "Half a move" / "half a turn" (bunker, trench, mines, wire): the
    /// share of the activation's allowance it costs.
    pub half_turn: S<f64>,
}

/// The four morale results (Chart: MORALE TABLE).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MoraleResult {
    Ok,
    Unsteady,
    Shaken,
    Routed,
}

impl MoraleResult {
    pub fn name(self) -> &'static str {
        match self {
            MoraleResult::Ok => "Platoon OK",
            MoraleResult::Unsteady => "Platoon Unsteady",
            MoraleResult::Shaken => "Platoon Shaken",
            MoraleResult::Routed => "Platoon Routed",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoraleBand {
    /// The lowest modified roll that gives this result; `None`: anything lower.
    pub min: Option<i32>,
    pub result: MoraleResult,
    pub source: Provenance,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeadBand {
    /// Up to this share of the platoon dead, in percent (0 = none).
    pub up_to_percent: u32,
    pub modifier: S<i32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Morale {
    pub die: S<u8>,
    pub bands: Vec<MoraleBand>,
    pub none_disrupted: S<i32>,
    pub dead: Vec<DeadBand>,
    pub friends_within: S<f64>,
    pub no_friends: S<i32>,
    pub tanks_near_enemy_infantry: S<f64>,
    pub tanks_friendly_infantry_within: S<f64>,
    pub tanks_exposed: S<i32>,
    pub infantry_near_enemy_tanks: S<f64>,
    pub infantry_support_within: S<f64>,
    pub infantry_exposed: S<i32>,
    pub whole_platoon_disrupted: S<i32>,
    /// The ratings a commander may have (0, +1, +2).
    pub commander_ratings: S<Vec<i32>>,
    pub veteran: S<i32>,
    pub green: S<i32>,
    pub part_veteran: S<i32>,
    pub part_green: S<i32>,
    pub us_troops: S<i32>,
    /// Optional rule (Notes: MORALE): a US platoon rolls 1d6 for a
    /// veteran or green share: the faces that give each.
    pub part_roll_green: S<Vec<u8>>,
    pub part_roll_veteran: S<Vec<u8>>,
}

/// What a target is for spotting (Chart: SPOTTING TABLE columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SpotClass {
    LargeVehicle,
    /// Medium vehicle or large gun.
    MediumVehicle,
    /// Small vehicle or medium gun.
    SmallVehicle,
    /// Infantry squad, small gun or a dummy card.
    Infantry,
}

impl SpotClass {
    pub fn name(self) -> &'static str {
        match self {
            SpotClass::LargeVehicle => "Large vehicle",
            SpotClass::MediumVehicle => "Medium vehicle / large gun",
            SpotClass::SmallVehicle => "Small vehicle / medium gun",
            SpotClass::Infantry => "Infantry squad / small gun / dummy card",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpotRow {
    pub target: SpotClass,
    pub open: S<f64>,
    pub cover: S<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spotting {
    pub base: Vec<SpotRow>,
    /// The ranges a modifier moves along, longest first.
    pub ladder: S<Vec<f64>>,
    pub spotter_suppressed: S<i32>,
    pub through_smoke: S<i32>,
    pub target_moving: S<i32>,
    pub target_firing: S<i32>,
    pub spotter_higher: S<i32>,
    pub recce_or_fo: S<i32>,
    /// Built-up area or dense jungle: spot only this close.
    pub close_terrain: S<f64>,
    /// How far one sees into (and out of) terrain that blocks the line.
    pub see_into: S<f64>,
    /// A night scenario's shift of every spotting range (steps).
    pub night: S<i32>,
}

/// Small arms (Chart: SMALL ARMS SHOOTING, Notes: TANKS V INFANTRY).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SmallArm {
    Rifle,
    Lmg,
    AssaultRifle,
    Minigun,
    /// .50 cal on a vehicle (pintle, ACAV, slick door gun).
    Cal50,
    /// .30 cal on a vehicle.
    Cal30,
    /// A tank's coaxial or hull machine gun.
    TankMg,
    /// A machine gun on the ground, crew-served.
    Hmg,
}

impl SmallArm {
    pub fn name(self) -> &'static str {
        match self {
            SmallArm::Rifle => "Rifle",
            SmallArm::Lmg => "LMG",
            SmallArm::AssaultRifle => "Assault rifle",
            SmallArm::Minigun => "Minigun",
            SmallArm::Cal50 => ".50 cal",
            SmallArm::Cal30 => ".30 cal",
            SmallArm::TankMg => "Tank MG",
            SmallArm::Hmg => "HMG",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DiceBand {
    /// Up to this range, inches.
    pub up_to: f64,
    pub dice: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SmallArmRow {
    pub weapon: SmallArm,
    pub dice: S<Vec<DiceBand>>,
    /// The score that hits beyond the close band.
    pub long_hit: S<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SmallArms {
    pub weapons: Vec<SmallArmRow>,
    pub close_band: S<f64>,
    pub max_range: S<f64>,
    pub close_hit: S<u8>,
    /// Direct HE beyond the close band.
    pub direct_he_long_hit: S<u8>,
    pub grenade_launcher_from: S<f64>,
    pub grenade_launcher_to: S<f64>,
    pub grenade_launcher_dice: S<u8>,
    pub cover_dice: S<i32>,
    pub suppressed_pips: S<i32>,
    pub smoke_dice: S<i32>,
    pub suppressed_at: S<u8>,
    pub disrupted_at: S<u8>,
    pub killed_at: S<u8>,
    /// Single figures (PCs, FOs): hits that kill.
    pub single_figure_kill: S<u8>,
    /// No PC or FO may be shot at with friends this close.
    pub single_figure_screen: S<f64>,
}

/// Area fire calibres (Chart: AREA FIRE).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AreaBand {
    /// Guns <75mm.
    Light,
    /// 50mm mortar, guns 75-85mm.
    Medium,
    /// 80mm mortar, guns 88-122mm, aerial rockets.
    Heavy,
    /// Guns >122mm, 120mm mortars, 90mm beehive.
    VeryHeavy,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AreaRow {
    pub band: AreaBand,
    pub label: String,
    pub dice: S<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AreaFire {
    pub bands: Vec<AreaRow>,
    pub indirect_cover_dice: S<i32>,
    pub template_diameter: S<f64>,
    pub vehicle_share: S<f64>,
    pub hit_on: S<u8>,
    pub armour_hit_on: S<u8>,
    /// Faces of the scatter die that are "Hit", of six.
    pub scatter_hit_faces: S<u8>,
    pub scatter_faces: S<u8>,
}

/// Divisional artillery and the pre-game bombardment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Divisional {
    pub counters: S<u8>,
    pub bombardment_band: S<AreaBand>,
    /// US guns of this size or smaller are local.
    pub us_local_up_to_mm: S<u32>,
}

/// A gun's class on the to-hit and penetration charts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum GunClass {
    /// LAW M72, RPG, bazooka.
    Rocket,
    /// Recoilless rifle, Russian early 76.2mm.
    Recoilless,
    /// Russian 85mm, US 90mm.
    Heavy,
    /// .50 cal against armour.
    Cal50,
    /// Light automatic cannon (twin 40mm).
    Autocannon,
}

impl GunClass {
    pub fn name(self) -> &'static str {
        match self {
            GunClass::Rocket => "LAW M72 / RPG",
            GunClass::Recoilless => "Recoilless rifle / Russian 76.2mm",
            GunClass::Heavy => "US 90mm / Russian 85mm",
            GunClass::Cal50 => ".50 cal",
            GunClass::Autocannon => "Light cannon (40mm)",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Accuracy {
    pub gun: GunClass,
    pub modifier: S<i32>,
    /// Longest range it may fire at.
    pub max_range: S<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GunToHit {
    pub die: S<u8>,
    pub need: S<i32>,
    pub accuracy: Vec<Accuracy>,
    pub long_from: S<f64>,
    pub long_to: S<f64>,
    pub long: S<i32>,
    pub veteran: S<i32>,
    pub poor: S<i32>,
    pub suppressed: S<i32>,
    pub cover: S<i32>,
    pub per_extra_barrel: S<i32>,
    pub target_moved: S<i32>,
    pub target_moved_over: S<f64>,
    pub smoke: S<i32>,
    pub tank_moved: S<i32>,
    pub turret_moved_over: S<f64>,
    pub proximity: S<i32>,
    pub rr_move_limit: S<f64>,
}

/// Armour columns of the penetration chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Armour {
    /// Men, guns: not a vehicle.
    None,
    /// Lorries, jeeps: the light tank column with a bonus.
    Softskin,
    Apc,
    LightTank,
    MediumTank,
}

impl Armour {
    pub fn is_vehicle(self) -> bool {
        self != Armour::None
    }
    pub fn is_armoured(self) -> bool {
        matches!(self, Armour::Apc | Armour::LightTank | Armour::MediumTank)
    }
    pub fn is_tank(self) -> bool {
        matches!(self, Armour::LightTank | Armour::MediumTank)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PenetrationRow {
    pub gun: GunClass,
    /// `None`: no chance.
    pub medium_tank: S<Option<i32>>,
    pub apc: S<Option<i32>>,
    pub light_tank: S<Option<i32>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Penetration {
    pub die: S<u8>,
    pub rows: Vec<PenetrationRow>,
    pub long: S<i32>,
    pub softskin: S<i32>,
    pub per_extra_barrel: S<i32>,
    pub tank_side_or_rear: S<i32>,
    /// A tank's front arc, half-angle in degrees (side or rear outside it).
    pub front_half_angle: S<f64>,
    pub passenger_suppressed: S<Vec<u8>>,
    pub passenger_disrupted: S<Vec<u8>>,
    pub passenger_dead: S<Vec<u8>>,
    pub passenger_disrupted_vehicle: S<i32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CloseCombat {
    pub die: S<u8>,
    pub rocket_v_vehicle: S<i32>,
    pub m113: S<i32>,
    pub turreted_tank: S<i32>,
    pub armour_initiating: S<i32>,
    pub assault_rifle_v_inf: S<i32>,
    pub lmg: S<i32>,
    pub defender_cover: S<i32>,
    pub defender_suppressed: S<i32>,
    pub defender_disrupted: S<i32>,
    pub heavy_weapon: S<i32>,
    pub veterans: S<i32>,
    pub poor: S<i32>,
    pub support_within: S<f64>,
    pub retreat: S<f64>,
    /// A platoon commander gives his rating to a squad this close to him.
    pub commander_within: S<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Carriers {
    pub m113_capacity: S<u8>,
    pub m113_capacity_acav: S<u8>,
    pub on_top_firers: S<u8>,
    pub weapons_per_activation: S<u8>,
    pub moved_over: S<f64>,
    pub moved_dice: S<i32>,
    pub cover_dice: S<i32>,
    pub min_dice: S<u8>,
    pub small_vehicle_capacity: S<u8>,
    pub lorry_capacity: S<u8>,
    pub large_truck_capacity: S<u8>,
    pub slick_capacity: S<u8>,
    /// How close a squad must be to get on or off.
    pub embark_within: S<f64>,
}

/// Terrain kinds: the eleven chart rows and the Vietnam rows we add.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TerrainKind {
    River,
    Building,
    DenseJungle,
    OpenJungle,
    Bunker,
    Road,
    HillCrest,
    /// The hill itself (level 2).
    Hill,
    Trench,
    Wall,
    Hedge,
    RoughScrub,
    RicePaddy,
    PaddyDyke,
    ElephantGrass,
    Hootch,
    Stream,
    Trail,
    TreeLine,
}

impl TerrainKind {
    pub fn name(self) -> &'static str {
        match self {
            TerrainKind::River => "River",
            TerrainKind::Building => "Building",
            TerrainKind::DenseJungle => "Dense jungle",
            TerrainKind::OpenJungle => "Open jungle",
            TerrainKind::Bunker => "Bunker",
            TerrainKind::Road => "Road",
            TerrainKind::HillCrest => "Hill crest",
            TerrainKind::Hill => "Hill",
            TerrainKind::Trench => "Trench",
            TerrainKind::Wall => "Wall",
            TerrainKind::Hedge => "Hedge",
            TerrainKind::RoughScrub => "Rough scrub",
            TerrainKind::RicePaddy => "Rice paddy",
            TerrainKind::PaddyDyke => "Paddy dyke",
            TerrainKind::ElephantGrass => "Elephant grass",
            TerrainKind::Hootch => "Hootch",
            TerrainKind::Stream => "Stream",
            TerrainKind::Trail => "Trail",
            TerrainKind::TreeLine => "Tree line",
        }
    }
}

/// What moving through terrain costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Going {
    Full,
    Half,
    /// Road speed (the second figure of the movement chart).
    Road,
    /// Half a turn to enter or to leave.
    HalfTurnInOut,
    Impassable,
}

/// How much a feature covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cover {
    None,
    Cover,
    /// "Yes*2" on the chart (bunker): counts twice.
    Double,
}

impl Cover {
    pub fn times(self) -> i32 {
        match self {
            Cover::None => 0,
            Cover::Cover => 1,
            Cover::Double => 2,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainRow {
    pub kind: TerrainKind,
    pub infantry: S<Going>,
    pub vehicles: S<Going>,
    /// Pushed guns (HMG, light guns) on foot.
    pub guns: S<Going>,
    pub wheeled: S<Going>,
    pub half_tracks: S<Going>,
    pub spotting_cover: S<bool>,
    pub blocks_los: S<bool>,
    pub direct_cover: S<Cover>,
    /// Indirect fire or close combat.
    pub indirect_cover: S<Cover>,
    /// Height (0 ground, 1 trees and buildings, 2 hills).
    pub level: S<u8>,
    /// Counts as "Built Up Area or Dense Jungle": spot only close.
    pub close_terrain: S<bool>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineOfSight {
    pub friendly_screen: S<u8>,
    pub dead_zone_share: S<f64>,
    /// A linear feature this close to a target covers it.
    pub linear_cover_within: S<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroundToAir {
    pub range: S<f64>,
    pub dice: S<u8>,
    pub aa_range: S<f64>,
    pub aa_dice: S<u8>,
    pub hit_on: S<u8>,
    pub suppress_at: S<u8>,
    pub damage_at: S<u8>,
    pub explode_at: S<u8>,
    pub damages_to_crash: S<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Air {
    pub rocket_range: S<f64>,
    pub rocket_pair_shift: S<f64>,
    pub rocket_pairs_per_activation: S<u8>,
    pub rocket_band: S<AreaBand>,
    pub bomb_band: S<AreaBand>,
    pub bomb_deviation: S<f64>,
    pub napalm_dice: S<u8>,
    pub napalm_width: S<f64>,
    pub napalm_length: S<f64>,
    /// A suppressed aircraft's bombs deviate this much further.
    pub suppressed_deviation: S<f64>,
    /// The run an air strike flies: inches before the aim and after it.
    pub run_in: S<f64>,
    pub run_out: S<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mines {
    pub strip: S<f64>,
    pub bogus_per_real: S<u8>,
    pub tracked_destroyed: S<Vec<u8>>,
    pub tracked_track: S<Vec<u8>>,
    pub wheeled_destroyed: S<Vec<u8>>,
    pub infantry_destroyed: S<Vec<u8>>,
    pub infantry_pass: S<Vec<u8>>,
    pub engineers_destroyed: S<Vec<u8>>,
    pub riders_thrown_dice: S<u8>,
    pub track_inside_dice: S<u8>,
    pub wheeled_passenger_dice: S<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Wire {
    pub length: S<f64>,
    pub depth: S<f64>,
    pub half_track_stuck: S<Vec<u8>>,
    pub infantry_clears: S<Vec<u8>>,
    pub attempts_per_activation: S<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snipers {
    pub spotted_within: S<f64>,
    pub max_range: S<f64>,
    pub dice: S<u8>,
    pub hit_on: S<u8>,
    pub single_disrupt: S<u8>,
    pub single_kill: S<u8>,
    pub cover_factor: S<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hidden {
    pub real_per_bogus: S<u8>,
    pub commander_within: S<f64>,
    pub card_size: S<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Smoke {
    pub small_up_to_mm: S<u32>,
    pub small_width: S<f64>,
    pub small_depth: S<f64>,
    pub large_width: S<f64>,
    pub large_depth: S<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sequence {
    pub max_activations: S<u8>,
    pub extra_us: S<u8>,
    pub extra_vc: S<u8>,
    pub extra_attacker: S<u8>,
}

/// Every chart of the text as data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Charts {
    pub sequence: Sequence,
    pub movement: Movement,
    pub morale: Morale,
    pub spotting: Spotting,
    pub small_arms: SmallArms,
    pub area_fire: AreaFire,
    pub divisional: Divisional,
    pub gun_to_hit: GunToHit,
    pub penetration: Penetration,
    pub close_combat: CloseCombat,
    pub carriers: Carriers,
    pub terrain: Vec<TerrainRow>,
    pub line_of_sight: LineOfSight,
    pub ground_to_air: GroundToAir,
    pub air: Air,
    pub mines: Mines,
    pub wire: Wire,
    pub snipers: Snipers,
    pub hidden: Hidden,
    pub smoke: Smoke,
}

impl Charts {
    pub fn movement_row(&self, m: Mover) -> Option<&MovementRow> {
        self.movement.rows.iter().find(|r| r.mover == m)
    }

    pub fn terrain_row(&self, k: TerrainKind) -> Option<&TerrainRow> {
        self.terrain.iter().find(|r| r.kind == k)
    }

    pub fn small_arm(&self, w: SmallArm) -> Option<&SmallArmRow> {
        self.small_arms.weapons.iter().find(|r| r.weapon == w)
    }

    pub fn area_dice(&self, b: AreaBand) -> u8 {
        self.area_fire
            .bands
            .iter()
            .find(|r| r.band == b)
            .map_or(0, |r| r.dice.value)
    }

    pub fn accuracy(&self, g: GunClass) -> Option<&Accuracy> {
        self.gun_to_hit.accuracy.iter().find(|a| a.gun == g)
    }

    pub fn penetration_row(&self, g: GunClass) -> Option<&PenetrationRow> {
        self.penetration.rows.iter().find(|r| r.gun == g)
    }

    /// What the loader insists on: a row for every mover, terrain kind,
    /// weapon and gun the rules look up.
    pub fn validate(&self) -> Result<(), String> {
        for m in [
            Mover::Infantry,
            Mover::Commander,
            Mover::PushedGun,
            Mover::Tracked,
            Mover::HalfTrack,
            Mover::Wheeled,
            Mover::Helicopter,
        ] {
            if self.movement_row(m).is_none() {
                return Err(format!("movement: no row for {m:?}"));
            }
        }
        for k in ALL_TERRAIN {
            if self.terrain_row(k).is_none() {
                return Err(format!("terrain: no row for {k:?}"));
            }
        }
        for w in [
            SmallArm::Rifle,
            SmallArm::Lmg,
            SmallArm::AssaultRifle,
            SmallArm::Minigun,
            SmallArm::Cal50,
            SmallArm::Cal30,
            SmallArm::TankMg,
            SmallArm::Hmg,
        ] {
            match self.small_arm(w) {
                None => return Err(format!("small_arms: no row for {w:?}")),
                Some(r) if r.dice.value.is_empty() => {
                    return Err(format!("small_arms: {w:?} has no dice"));
                }
                _ => {}
            }
        }
        for g in [
            GunClass::Rocket,
            GunClass::Recoilless,
            GunClass::Heavy,
            GunClass::Cal50,
            GunClass::Autocannon,
        ] {
            if self.accuracy(g).is_none() || self.penetration_row(g).is_none() {
                return Err(format!("guns: no accuracy or penetration row for {g:?}"));
            }
        }
        for b in [
            AreaBand::Light,
            AreaBand::Medium,
            AreaBand::Heavy,
            AreaBand::VeryHeavy,
        ] {
            if self.area_dice(b) == 0 {
                return Err(format!("area_fire: no dice for {b:?}"));
            }
        }
        if self.spotting.ladder.value.is_empty() {
            return Err("spotting: the ladder is empty".into());
        }
        if self.morale.bands.is_empty() {
            return Err("morale: no bands".into());
        }
        Ok(())
    }

    /// Every value of the charts not read from the text, named by where it
    /// sits in the file ("morale / part roll green").
    pub fn source_notes(&self) -> Vec<SourceNote> {
        let mut out = Vec::new();
        if let Ok(v) = serde_json::to_value(self) {
            walk_sources(CHARTS_FILE, &v, &mut Vec::new(), &mut out);
        }
        out
    }
}

pub const ALL_TERRAIN: [TerrainKind; 19] = [
    TerrainKind::River,
    TerrainKind::Building,
    TerrainKind::DenseJungle,
    TerrainKind::OpenJungle,
    TerrainKind::Bunker,
    TerrainKind::Road,
    TerrainKind::HillCrest,
    TerrainKind::Hill,
    TerrainKind::Trench,
    TerrainKind::Wall,
    TerrainKind::Hedge,
    TerrainKind::RoughScrub,
    TerrainKind::RicePaddy,
    TerrainKind::PaddyDyke,
    TerrainKind::ElephantGrass,
    TerrainKind::Hootch,
    TerrainKind::Stream,
    TerrainKind::Trail,
    TerrainKind::TreeLine,
];

/// Finds every `{value, source}` pair (a [`Sourced`]) and every object with
/// a `source` beside other fields (a row) whose source is not the
/// rulebook, naming it by its path.
pub fn walk_sources(
    file: &str,
    v: &serde_json::Value,
    path: &mut Vec<String>,
    out: &mut Vec<SourceNote>,
) {
    use serde_json::Value;
    match v {
        Value::Object(map) => {
            if let Some(src) = map.get("source")
                && let Ok(p) = serde_json::from_value::<Provenance>(src.clone())
            {
                if !p.is_rulebook() {
                    let value = match map.get("value") {
                        Some(x) => plain(x),
                        None => map
                            .iter()
                            .filter(|(k, _)| k.as_str() != "source")
                            .map(|(k, x)| format!("{} {}", words(k), plain(x)))
                            .collect::<Vec<_>>()
                            .join(", "),
                    };
                    out.push(SourceNote {
                        file: file.into(),
                        item: path.join(" / "),
                        value,
                        source: p,
                    });
                }
                if map.contains_key("value") {
                    return;
                }
            }
            for (k, x) in map {
                if k == "source" {
                    continue;
                }
                path.push(words(k));
                walk_sources(file, x, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for x in items.iter() {
                // Rows name themselves by their first text field (a kind).
                let label = match x {
                    Value::Object(m) => m
                        .values()
                        .find_map(|y| y.as_str().map(words))
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                if label.is_empty() {
                    walk_sources(file, x, path, out);
                } else {
                    path.push(label);
                    walk_sources(file, x, path, out);
                    path.pop();
                }
            }
        }
        _ => {}
    }
}

fn words(k: &str) -> String {
    let mut s = String::new();
    for (i, c) in k.chars().enumerate() {
        if c == '_' {
            s.push(' ');
        } else if c.is_uppercase() && i > 0 {
            s.push(' ');
            s.extend(c.to_lowercase());
        } else {
            s.push(c);
        }
    }
    s
}

fn plain(v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        Value::Null => "none".into(),
        Value::String(s) => words(s),
        Value::Array(a) => a.iter().map(plain).collect::<Vec<_>>().join(", "),
        Value::Object(m) => m
            .iter()
            .map(|(k, x)| {
                if k == "Some" {
                    plain(x)
                } else {
                    format!("{} {}", words(k), plain(x))
                }
            })
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}

/// What a unit is, for the rules that name kinds of unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum UnitClass {
    Squad,
    PlatoonCommander,
    CompanyCommander,
    ForwardObserver,
    Hmg,
    Mortar,
    Recoilless,
    Gun,
    Vehicle,
    Helicopter,
}

/// A forward observer's link (Chart: DIVISIONAL ARTILLERY).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Control {
    Local,
    Divisional,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SmokeSize {
    None,
    /// Mortars and guns up to 105mm.
    Small,
    Large,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WeaponKind {
    SmallArms(SmallArm),
    /// Direct-fire gun: to hit and penetration against vehicles; `he`
    /// dice on the small-arms table against anything else.
    Gun {
        class: GunClass,
        he: Option<AreaBand>,
        /// Beehive rounds (5D6) against men in the close band.
        #[serde(default)]
        beehive: bool,
        #[serde(default = "one")]
        barrels: u8,
    },
    /// An on-table mortar: area fire at a target it or a friendly FO sees.
    Mortar {
        band: AreaBand,
        smoke: SmokeSize,
        calibre_mm: u32,
    },
    /// Aerial rockets, fired in pairs.
    Rockets,
}

fn one() -> u8 {
    1
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WeaponSpec {
    pub name: String,
    pub kind: WeaponKind,
    /// Arc about the hull facing, half-angle in degrees; `None` all round.
    #[serde(default)]
    pub arc: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitType {
    pub id: String,
    pub name: String,
    /// Short label on the stand.
    pub short: String,
    pub class: UnitClass,
    /// Base across and along its facing, inches.
    pub width: f64,
    pub length: f64,
    pub mover: Mover,
    pub spot_class: SpotClass,
    pub armour: Armour,
    #[serde(default)]
    pub turreted: bool,
    pub weapons: Vec<WeaponSpec>,
    /// Weapons it may fire in one activation.
    #[serde(default = "one")]
    pub max_weapons: u8,
    /// `Some(d)`: may fire only if it moved no more than `d` inches this
    /// activation (0: no move and fire).
    #[serde(default)]
    pub fire_move_limit: Option<f64>,
    /// Squads it carries (PCs and FOs ride free).
    #[serde(default)]
    pub carries: u8,
    /// A single figure (PC, FO): shielded by friends within 2", killed by
    /// two hits, unmoved by a suppression.
    #[serde(default)]
    pub single_figure: bool,
    #[serde(default)]
    pub engineers: bool,
    #[serde(default)]
    pub recce: bool,
    /// RPG or RR troops (steady infantry against tanks).
    #[serde(default)]
    pub anti_tank: bool,
    /// A dedicated AA HMG.
    #[serde(default)]
    pub anti_aircraft: bool,
    #[serde(default)]
    pub observer: Option<Control>,
    /// Counts in its platoon's strength (softskin transport does not).
    #[serde(default = "yes")]
    pub counts: bool,
    /// Fights in close combat as a squad (a company commander's stand).
    #[serde(default)]
    pub fights: bool,
    pub source: Provenance,
}

fn yes() -> bool {
    true
}

impl UnitType {
    pub fn is_vehicle(&self) -> bool {
        self.armour.is_vehicle() && self.class == UnitClass::Vehicle
    }
    pub fn is_infantry(&self) -> bool {
        matches!(
            self.class,
            UnitClass::Squad
                | UnitClass::PlatoonCommander
                | UnitClass::CompanyCommander
                | UnitClass::ForwardObserver
        )
    }
    /// Men on foot, as the chart counts them for terrain (crews pushing a
    /// gun move as the gun).
    pub fn on_foot(&self) -> bool {
        matches!(self.mover, Mover::Infantry | Mover::Commander)
    }
    pub fn is_air(&self) -> bool {
        self.class == UnitClass::Helicopter
    }
    pub fn small_arms(&self) -> impl Iterator<Item = SmallArm> + '_ {
        self.weapons.iter().filter_map(|w| match w.kind {
            WeaponKind::SmallArms(s) => Some(s),
            _ => None,
        })
    }
}

/// A mover's allowance in off-road inches, and what a road inch costs.
pub fn allowance(charts: &Charts, m: Mover) -> (f64, f64) {
    match charts.movement_row(m) {
        Some(r) => (r.off_road.value, r.road.value.unwrap_or(r.off_road.value)),
        None => (0.0, 0.0),
    }
}

/// Provenance notes for the unit types that are not straight from the text.
pub fn unit_notes(types: &[UnitType]) -> Vec<SourceNote> {
    types
        .iter()
        .filter(|t| !t.source.is_rulebook())
        .map(|t| SourceNote {
            file: UNITS_FILE.into(),
            item: format!("Unit {}", t.name),
            value: format!(
                "{:?}, base {}\"x{}\", {}",
                t.class,
                t.width,
                t.length,
                t.weapons
                    .iter()
                    .map(|w| w.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            source: t.source.clone(),
        })
        .collect()
}
