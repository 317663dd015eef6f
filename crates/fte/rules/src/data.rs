//! The game's data files as types: charts and tables (`fte/tables.ron`), the
//! counters (`fte/units.ron`), maps and scenarios. Every value carries its
//! [`Provenance`]; [`Tables::source_notes`] lists the ones that are not plain
//! rulebook values.

use serde::{Deserialize, Serialize};
use vt_core::provenance::{Provenance, SourceNote, Sourced};

/// Terrain in the centre of a hex (the colour of its dot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Clear,
    Hamlet,
    Grass,
    RicePaddy,
    Jungle,
}

impl Terrain {
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "Clear",
            Terrain::Hamlet => "Hamlet",
            Terrain::Grass => "Grass",
            Terrain::RicePaddy => "Rice Paddy",
            Terrain::Jungle => "Jungle",
        }
    }
}

/// One row of the Terrain Effects Chart. Movement in half MP; `None` = P.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TerrainRow {
    pub terrain: Terrain,
    pub concealment: Sourced<i32>,
    pub fire: Sourced<i32>,
    pub infantry: Sourced<Option<u8>>,
    pub vehicle: Sourced<Option<u8>>,
    pub helicopter_air: Sourced<Option<u8>>,
    pub helicopter_ground: Sourced<Option<u8>>,
    pub blocking: Sourced<bool>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PathRow {
    pub infantry: Sourced<u8>,
    pub vehicle: Sourced<u8>,
    pub opportunity_fire: Sourced<i32>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SlopeRow {
    pub infantry: Sourced<u8>,
    pub vehicle: Sourced<u8>,
    pub downhill_too: Sourced<bool>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StreamRow {
    pub infantry: Sourced<u8>,
    pub vehicle: Sourced<u8>,
}

/// Movement allowances in half MP (6.3, 6.6, 7.5.2).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Allowance {
    pub infantry: Sourced<u8>,
    pub double_time: Sourced<u8>,
    pub vehicle: Sourced<u8>,
    pub helicopter_air: Sourced<u8>,
    pub helicopter_ground: Sourced<u8>,
    pub carry_penalty: Sourced<u8>,
}

/// A Target Effects Table result (7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    KIA,
    WIA,
    /// Break.
    B,
    /// Suppression.
    S,
    /// Possible Suppression ("S?").
    SQ,
}

impl Effect {
    pub fn label(self) -> &'static str {
        match self {
            Effect::KIA => "KIA",
            Effect::WIA => "WIA",
            Effect::B => "Broken",
            Effect::S => "Suppressed",
            Effect::SQ => "Possible Suppression",
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EffectRow {
    pub roll: u8,
    pub small_arms: Sourced<Effect>,
    pub dual_purpose: Sourced<Effect>,
    pub he: Sourced<Effect>,
}

/// Weapon class of a Combat Unit (2.0): the colour of its Fire Rating box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Weapon {
    SmallArms,
    DualPurpose,
    HE,
}

impl Weapon {
    pub fn name(self) -> &'static str {
        match self {
            Weapon::SmallArms => "Small Arms",
            Weapon::DualPurpose => "Dual Purpose",
            Weapon::HE => "HE",
        }
    }
}

/// Status markers whose die-roll modifiers apply to the unit's own rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatusMarker {
    Exhausted,
    LowAmmo,
    Suppressed,
    Broken,
    Hero,
    CarryingKia,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MarkerRow {
    pub marker: StatusMarker,
    pub fire: Sourced<i32>,
    pub troop_quality: Sourced<i32>,
}

/// The fixed die-roll modifiers of fire combat (7.1 and friends).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FireDrms {
    pub beyond_range: Sourced<i32>,
    pub adjacent: Sourced<i32>,
    pub supporting_unit: Sourced<i32>,
    pub crowded_target_hex: Sourced<i32>,
    pub crowded_threshold: Sourced<u8>,
    pub concealed_target: Sourced<i32>,
    pub concealed_opportunity_firer: Sourced<i32>,
    pub stealthy_target: Sourced<i32>,
    pub observed_mortar: Sourced<i32>,
    pub bunker: Sourced<i32>,
    pub foxholes: Sourced<i32>,
    pub fortification_capacity: Sourced<u8>,
    pub sapper_target: Sourced<i32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MissionKind {
    BnMortar,
    Artillery,
}

impl MissionKind {
    pub fn name(self) -> &'static str {
        match self {
            MissionKind::BnMortar => "Battalion Mortars",
            MissionKind::Artillery => "Artillery",
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FireRequestRow {
    pub roll: u8,
    /// (kind, delay in turns); None = Request Denied.
    pub us: Sourced<Option<(MissionKind, u8)>>,
    pub nva: Sourced<Option<(MissionKind, u8)>>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MedevacRow {
    pub roll: u8,
    /// Turns until the Slick arrives; None = Request Denied.
    pub turns: Sourced<Option<u8>>,
}

/// Hex directions, clockwise from north (flat-topped hexes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Compass {
    North,
    NorthEast,
    SouthEast,
    South,
    SouthWest,
    NorthWest,
}

impl Compass {
    /// 0 for north, clockwise to 5.
    pub fn index(self) -> u8 {
        self as u8
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FireMissionData {
    /// The direction a scatter roll of 1 points to; 2-6 follow clockwise.
    pub scatter_one: Sourced<Compass>,
    pub accurate_max: Sourced<u8>,
    pub aerial_observer: Sourced<i32>,
    pub mortar_scatter_divisor: Sourced<u8>,
    pub artillery_scatter_divisor: Sourced<u8>,
    pub mortar_radius: Sourced<u8>,
    pub artillery_radius: Sourced<u8>,
    pub mortar_fire: Sourced<u8>,
    pub artillery_fire: Sourced<u8>,
    pub nva_artillery_divisor: Sourced<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CasualtyData {
    pub dow_min: Sourced<u8>,
    pub rtd_max: Sourced<u8>,
    pub medic: Sourced<i32>,
}

/// The ten Random Events (19.1 to 19.10) and No Event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RandomEvent {
    Injury,
    LowAmmo,
    Hero,
    Rally,
    HigherHq,
    CheckFire,
    AerialObserver,
    Cobras,
    NvaArtillery,
    Vc,
    NoEvent,
}

impl RandomEvent {
    pub fn name(self) -> &'static str {
        match self {
            RandomEvent::Injury => "Injury (19.1)",
            RandomEvent::LowAmmo => "Low Ammo (19.2)",
            RandomEvent::Hero => "Hero (19.4)",
            RandomEvent::Rally => "Rally (19.3)",
            RandomEvent::HigherHq => "Higher HQ (19.5)",
            RandomEvent::CheckFire => "Check Fire! (19.10)",
            RandomEvent::AerialObserver => "Aerial Observer (19.8)",
            RandomEvent::Cobras => "AH-1 Cobras (19.6)",
            RandomEvent::NvaArtillery => "NVA Artillery (19.9)",
            RandomEvent::Vc => "VC (19.7)",
            RandomEvent::NoEvent => "No Event",
        }
    }

    /// The section that rules the event.
    pub fn section(self) -> &'static str {
        match self {
            RandomEvent::Injury => "19.1",
            RandomEvent::LowAmmo => "19.2",
            RandomEvent::Rally => "19.3",
            RandomEvent::Hero => "19.4",
            RandomEvent::HigherHq => "19.5",
            RandomEvent::Cobras => "19.6",
            RandomEvent::Vc => "19.7",
            RandomEvent::AerialObserver => "19.8",
            RandomEvent::NvaArtillery => "19.9",
            RandomEvent::CheckFire => "19.10",
            RandomEvent::NoEvent => "19.0",
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RandomEventRow {
    pub roll: u8,
    pub us: Sourced<RandomEvent>,
    pub nva: Sourced<RandomEvent>,
}

/// Lines of the Victory Point Chart (29.0), and the project's additions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VpEvent {
    CauseKia,
    CauseWia,
    CaptureWia,
    EvacuateWia,
    EvacuateKia,
    DiedOfWounds,
    ReturnedToDuty,
    HelicopterDestroyed,
    HelicopterDowned,
    VehicleDestroyed,
    VehicleImmobilized,
    RevealCache,
    DestroyCache,
    RevealBunker,
    DestroyBunker,
    RevealTunnel,
    DestroyTunnel,
    CivilianCasualty,
}

impl VpEvent {
    pub fn name(self) -> &'static str {
        match self {
            VpEvent::CauseKia => "Cause enemy KIA",
            VpEvent::CauseWia => "Cause enemy WIA",
            VpEvent::CaptureWia => "Capture enemy WIA/Injury",
            VpEvent::EvacuateWia => "Friendly WIA/Injury evacuated",
            VpEvent::EvacuateKia => "Friendly KIA evacuated",
            VpEvent::DiedOfWounds => "Friendly DOW",
            VpEvent::ReturnedToDuty => "Friendly RTD",
            VpEvent::HelicopterDestroyed => "Helicopter destroyed",
            VpEvent::HelicopterDowned => "Helicopter downed",
            VpEvent::VehicleDestroyed => "Vehicle destroyed",
            VpEvent::VehicleImmobilized => "Vehicle immobilized",
            VpEvent::RevealCache => "Cache revealed",
            VpEvent::DestroyCache => "Cache destroyed",
            VpEvent::RevealBunker => "Bunker revealed",
            VpEvent::DestroyBunker => "Bunker destroyed",
            VpEvent::RevealTunnel => "Tunnel revealed",
            VpEvent::DestroyTunnel => "Tunnel destroyed",
            VpEvent::CivilianCasualty => "Civilian casualty caused",
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VpRow {
    pub event: VpEvent,
    pub us: Sourced<i32>,
    pub nva: Sourced<i32>,
}

/// `fte/tables.ron`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tables {
    pub terrain: Vec<TerrainRow>,
    pub trail: PathRow,
    pub road: PathRow,
    pub slope: SlopeRow,
    pub stream: StreamRow,
    pub rice_paddies_block: Sourced<u8>,
    pub exit_map: Sourced<u8>,
    pub allowance: Allowance,
    pub target_effects: Vec<EffectRow>,
    pub markers: Vec<MarkerRow>,
    pub searching: Sourced<i32>,
    pub fire: FireDrms,
    pub fire_request: Vec<FireRequestRow>,
    pub fire_request_fo: Sourced<i32>,
    pub fire_request_pending: Sourced<i32>,
    pub medevac: Vec<MedevacRow>,
    pub fire_missions: FireMissionData,
    pub casualties: CasualtyData,
    pub random_events: Vec<RandomEventRow>,
    pub vc_event_limit: Sourced<u8>,
    pub vc_event_range: Sourced<u8>,
    pub cobra_turns: Sourced<u8>,
    pub hog_turns: Sourced<u8>,
    pub interrogation_range: Sourced<u8>,
    pub interrogation_reveals: Sourced<u8>,
    pub claymore_fire: Sourced<u8>,
    pub leader_range: Sourced<u8>,
    pub vehicle_leader_range: Sourced<u8>,
    pub retreat_hexes: Sourced<u8>,
    pub assault_rounds: Sourced<u8>,
    pub victory_points: Vec<VpRow>,
    /// Our readings of rules the text leaves open, shown with the data.
    #[serde(default)]
    pub readings: Vec<Reading>,
}

/// How the project reads a rule the text leaves open (`section`): what the
/// game does, and (in `source`) why. Shown in "Sources and assumptions";
/// the code carries the reading out, so editing one here changes only the
/// words shown.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Reading {
    pub section: String,
    /// A few words on what it is about ("entering a Concealed marker's hex").
    pub about: String,
    pub reading: String,
    pub source: Provenance,
}

pub const TABLES_FILE: &str = "fte/tables.ron";
pub const UNITS_FILE: &str = "fte/units.ron";

impl Tables {
    /// Checks the shape: every terrain has a row, every table has its ten rows.
    pub fn validate(&self) -> Result<(), String> {
        for t in [
            Terrain::Clear,
            Terrain::Hamlet,
            Terrain::Grass,
            Terrain::RicePaddy,
            Terrain::Jungle,
        ] {
            if !self.terrain.iter().any(|r| r.terrain == t) {
                return Err(format!("Terrain Effects Chart has no row for {}", t.name()));
            }
        }
        let ten = |name: &str, rolls: Vec<u8>| -> Result<(), String> {
            for r in 1..=10u8 {
                if !rolls.contains(&r) {
                    return Err(format!("{name} has no row for a roll of {r}"));
                }
            }
            Ok(())
        };
        ten(
            "Target Effects Table",
            self.target_effects.iter().map(|r| r.roll).collect(),
        )?;
        ten(
            "Fire Request Table",
            self.fire_request.iter().map(|r| r.roll).collect(),
        )?;
        ten(
            "Medevac Request Table",
            self.medevac.iter().map(|r| r.roll).collect(),
        )?;
        ten(
            "Random Event Table",
            self.random_events.iter().map(|r| r.roll).collect(),
        )?;
        Ok(())
    }

    #[inline]
    pub fn terrain(&self, t: Terrain) -> &TerrainRow {
        // The file lists the rows in the enum's order: look there first
        // (every line of sight asks, millions of times a playout).
        match self.terrain.get(t as usize) {
            Some(r) if r.terrain == t => r,
            _ => self
                .terrain
                .iter()
                .find(|r| r.terrain == t)
                .unwrap_or(&self.terrain[0]),
        }
    }

    pub fn effect(&self, weapon: Weapon, roll: u8) -> Effect {
        let row = self
            .target_effects
            .iter()
            .find(|r| r.roll == roll)
            .unwrap_or(&self.target_effects[0]);
        match weapon {
            Weapon::SmallArms => row.small_arms.value,
            Weapon::DualPurpose => row.dual_purpose.value,
            Weapon::HE => row.he.value,
        }
    }

    pub fn marker(&self, m: StatusMarker) -> (i32, i32) {
        self.markers
            .iter()
            .find(|r| r.marker == m)
            .map(|r| (r.fire.value, r.troop_quality.value))
            .unwrap_or((0, 0))
    }

    /// VP for an event: (what the US scores, what the NVA/VC score).
    pub fn vp(&self, e: VpEvent) -> (i32, i32) {
        self.victory_points
            .iter()
            .find(|r| r.event == e)
            .map(|r| (r.us.value, r.nva.value))
            .unwrap_or((0, 0))
    }

    /// Every value that is not plainly read from the rulebook.
    pub fn source_notes(&self) -> Vec<SourceNote> {
        let mut v = Vec::new();
        let mut add = |item: String, value: String, source: &Provenance| {
            if !source.is_rulebook() {
                v.push(SourceNote {
                    file: TABLES_FILE.into(),
                    item,
                    value,
                    source: source.clone(),
                });
            }
        };
        let mp = |x: &Option<u8>| match x {
            Some(h) => half_mp(*h),
            None => "P".into(),
        };
        for r in &self.terrain {
            let n = r.terrain.name();
            add(
                format!("TEC {n}: concealment"),
                format!("{:+}", r.concealment.value),
                &r.concealment.source,
            );
            add(
                format!("TEC {n}: fire"),
                format!("{:+}", r.fire.value),
                &r.fire.source,
            );
            add(
                format!("TEC {n}: infantry movement"),
                mp(&r.infantry.value),
                &r.infantry.source,
            );
            add(
                format!("TEC {n}: vehicle movement"),
                mp(&r.vehicle.value),
                &r.vehicle.source,
            );
            add(
                format!("TEC {n}: helicopter movement (High/Treetop)"),
                mp(&r.helicopter_air.value),
                &r.helicopter_air.source,
            );
            add(
                format!("TEC {n}: helicopter at Ground"),
                mp(&r.helicopter_ground.value),
                &r.helicopter_ground.source,
            );
        }
        for (name, p) in [("Trail", &self.trail), ("Road", &self.road)] {
            add(
                format!("TEC {name}: infantry movement"),
                half_mp(p.infantry.value),
                &p.infantry.source,
            );
            add(
                format!("TEC {name}: vehicle movement"),
                half_mp(p.vehicle.value),
                &p.vehicle.source,
            );
        }
        add(
            "TEC Slope: infantry".into(),
            format!("+{}", half_mp(self.slope.infantry.value)),
            &self.slope.infantry.source,
        );
        add(
            "TEC Slope: vehicle".into(),
            format!("+{}", half_mp(self.slope.vehicle.value)),
            &self.slope.vehicle.source,
        );
        add(
            "TEC Slope: cost also going down".into(),
            self.slope.downhill_too.value.to_string(),
            &self.slope.downhill_too.source,
        );
        add(
            "TEC Stream: infantry".into(),
            format!("+{}", half_mp(self.stream.infantry.value)),
            &self.stream.infantry.source,
        );
        add(
            "TEC Stream: vehicle".into(),
            format!("+{}", half_mp(self.stream.vehicle.value)),
            &self.stream.vehicle.source,
        );
        for r in &self.target_effects {
            for (col, s) in [
                ("Small Arms", &r.small_arms),
                ("Dual Purpose", &r.dual_purpose),
                ("HE", &r.he),
            ] {
                add(
                    format!("Target Effects Table {col}, roll {}", r.roll),
                    s.value.label().into(),
                    &s.source,
                );
            }
        }
        for r in &self.markers {
            add(
                format!("{:?} marker: fire DRM", r.marker),
                format!("{:+}", r.fire.value),
                &r.fire.source,
            );
            add(
                format!("{:?} marker: troop quality DRM", r.marker),
                format!("{:+}", r.troop_quality.value),
                &r.troop_quality.source,
            );
        }
        let fr = |x: &Option<(MissionKind, u8)>| match x {
            Some((k, d)) => format!("{} {d}", k.name()),
            None => "Request Denied".into(),
        };
        for r in &self.fire_request {
            add(
                format!("Fire Request Table US, roll {}", r.roll),
                fr(&r.us.value),
                &r.us.source,
            );
            add(
                format!("Fire Request Table NVA, roll {}", r.roll),
                fr(&r.nva.value),
                &r.nva.source,
            );
        }
        let fm = &self.fire_missions;
        add(
            "Scatter direction of a 1 (then clockwise)".into(),
            format!("{:?}", fm.scatter_one.value),
            &fm.scatter_one.source,
        );
        add(
            "Battalion Mortar fire rating".into(),
            fm.mortar_fire.value.to_string(),
            &fm.mortar_fire.source,
        );
        add(
            "Artillery fire rating".into(),
            fm.artillery_fire.value.to_string(),
            &fm.artillery_fire.source,
        );
        for r in &self.random_events {
            add(
                format!("Random Event Table US, roll {}", r.roll),
                r.us.value.name().into(),
                &r.us.source,
            );
            add(
                format!("Random Event Table NVA/VC, roll {}", r.roll),
                r.nva.value.name().into(),
                &r.nva.source,
            );
        }
        for r in &self.victory_points {
            add(
                format!("Victory Points, {}: US", r.event.name()),
                r.us.value.to_string(),
                &r.us.source,
            );
            add(
                format!("Victory Points, {}: NVA/VC", r.event.name()),
                r.nva.value.to_string(),
                &r.nva.source,
            );
        }
        for r in &self.readings {
            add(
                format!("Reading of {}: {}", r.section, r.about),
                r.reading.clone(),
                &r.source,
            );
        }
        v
    }
}

/// "1", "1½", "2".
pub fn half_mp(h: u8) -> String {
    if h.is_multiple_of(2) {
        format!("{} MP", h / 2)
    } else if h == 1 {
        "½ MP".into()
    } else {
        format!("{}½ MP", h / 2)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Nation {
    Us,
    Nva,
    Vc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveClass {
    Infantry,
    Vehicle,
    Helicopter,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    FireTeam,
    WeaponsTeam,
    Mortar,
    Leader,
    Medic,
    ForwardObserver,
    Sniper,
    Sapper,
    Dummy,
    Civilians,
    Vehicle,
    Slick,
    Hog,
    Cobra,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReducedSide {
    #[serde(default)]
    pub fire: Option<u8>,
    pub troop_quality: u8,
    pub troops: u8,
}

/// One counter type (`fte/units.ron`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UnitType {
    pub id: String,
    pub name: String,
    pub nation: Nation,
    pub class: MoveClass,
    pub role: Role,
    #[serde(default)]
    pub fire: Option<u8>,
    #[serde(default = "small_arms")]
    pub weapon: Weapon,
    #[serde(default)]
    pub range: Option<u8>,
    pub troop_quality: u8,
    pub troops: u8,
    #[serde(default)]
    pub defense: i32,
    #[serde(default)]
    pub capacity: u8,
    #[serde(default)]
    pub reduced: Option<ReducedSide>,
    pub source: Provenance,
}

fn small_arms() -> Weapon {
    Weapon::SmallArms
}

impl Tables {
    /// The charts for the tables viewer; ids match the `TableCell`s the log
    /// points into.
    pub fn views(&self) -> Vec<vt_core::engine::TableView> {
        use vt_core::engine::TableView;
        let s = |x: &str| x.to_string();
        let mp = |x: Option<u8>| x.map(half_mp).unwrap_or_else(|| "P".into());
        let mut v = Vec::new();
        let mut rows: Vec<Vec<String>> = self
            .terrain
            .iter()
            .map(|r| {
                vec![
                    s(r.terrain.name()),
                    format!("{:+}", r.concealment.value),
                    format!("{:+}", r.fire.value),
                    mp(r.infantry.value),
                    mp(r.vehicle.value),
                    mp(r.helicopter_air.value),
                    mp(r.helicopter_ground.value),
                    if r.blocking.value { s("yes") } else { s("no") },
                ]
            })
            .collect();
        rows.push(vec![
            s("Trail"),
            s("-"),
            format!(
                "{:+} vs Opportunity Fire",
                self.trail.opportunity_fire.value
            ),
            half_mp(self.trail.infantry.value),
            half_mp(self.trail.vehicle.value),
            s("-"),
            s("-"),
            s("no"),
        ]);
        rows.push(vec![
            s("Road"),
            s("-"),
            format!("{:+} vs Opportunity Fire", self.road.opportunity_fire.value),
            half_mp(self.road.infantry.value),
            half_mp(self.road.vehicle.value),
            s("-"),
            s("-"),
            s("no"),
        ]);
        rows.push(vec![
            s("Slope (climbing)"),
            s("-"),
            s("-"),
            format!("+{}", half_mp(self.slope.infantry.value)),
            format!("+{}", half_mp(self.slope.vehicle.value)),
            s("-"),
            s("-"),
            s("see 7.3.1"),
        ]);
        rows.push(vec![
            s("Stream (hexside)"),
            s("-"),
            s("-"),
            format!("+{}", half_mp(self.stream.infantry.value)),
            format!("+{}", half_mp(self.stream.vehicle.value)),
            s("-"),
            s("-"),
            s("no"),
        ]);
        v.push(TableView {
            id: s("Terrain Effects Chart"),
            name: s("Terrain Effects Chart"),
            rule: s("6.1"),
            columns: [
                "Terrain",
                "Concealment",
                "Fire",
                "Infantry",
                "Vehicle",
                "Helicopter High/Treetop",
                "Helicopter Ground",
                "Blocking",
            ]
            .iter()
            .map(|x| s(x))
            .collect(),
            rows,
        });
        v.push(TableView {
            id: s("Target Effects Table"),
            name: s("Target Effects Table"),
            rule: s("7.4"),
            columns: vec![s("Die Roll"), s("Small Arms"), s("Dual Purpose"), s("HE")],
            rows: self
                .target_effects
                .iter()
                .map(|r| {
                    vec![
                        r.roll.to_string(),
                        s(r.small_arms.value.label()),
                        s(r.dual_purpose.value.label()),
                        s(r.he.value.label()),
                    ]
                })
                .collect(),
        });
        let fr = |x: Option<(MissionKind, u8)>| match x {
            Some((k, d)) => format!("{} {d}", k.name()),
            None => s("Request Denied"),
        };
        v.push(TableView {
            id: s("Fire Request Table"),
            name: s("Fire Request Table"),
            rule: s("13.0"),
            columns: vec![s("Die Roll"), s("US"), s("NVA")],
            rows: self
                .fire_request
                .iter()
                .map(|r| vec![r.roll.to_string(), fr(r.us.value), fr(r.nva.value)])
                .collect(),
        });
        v.push(TableView {
            id: s("Medevac Request Table"),
            name: s("Medevac Request Table"),
            rule: s("12.0"),
            columns: vec![s("Die Roll"), s("Arrival")],
            rows: self
                .medevac
                .iter()
                .map(|r| {
                    vec![
                        r.roll.to_string(),
                        match r.turns.value {
                            Some(t) => format!(
                                "1 UH-1 Slick in {t} {}",
                                if t == 1 { "turn" } else { "turns" }
                            ),
                            None => s("Request Denied"),
                        },
                    ]
                })
                .collect(),
        });
        v.push(TableView {
            id: s("Random Event Table"),
            name: s("Random Event Table"),
            rule: s("19.0"),
            columns: vec![s("Die Roll"), s("US"), s("NVA/VC")],
            rows: self
                .random_events
                .iter()
                .map(|r| {
                    vec![
                        r.roll.to_string(),
                        s(r.us.value.name()),
                        s(r.nva.value.name()),
                    ]
                })
                .collect(),
        });
        v.push(TableView {
            id: s("Victory Point Chart"),
            name: s("Victory Point Chart"),
            rule: s("29.0"),
            columns: vec![s("Event"), s("US VP"), s("NVA/VC VP")],
            rows: self
                .victory_points
                .iter()
                .map(|r| {
                    vec![
                        s(r.event.name()),
                        r.us.value.to_string(),
                        r.nva.value.to_string(),
                    ]
                })
                .collect(),
        });
        v.push(TableView {
            id: s("Status markers"),
            name: s("Status marker DRMs (cumulative)"),
            rule: s("1.2"),
            columns: vec![s("Marker"), s("Fire"), s("Troop Quality")],
            rows: self
                .markers
                .iter()
                .map(|r| {
                    vec![
                        format!("{:?}", r.marker),
                        format!("{:+}", r.fire.value),
                        format!("{:+}", r.troop_quality.value),
                    ]
                })
                .collect(),
        });
        v
    }
}
