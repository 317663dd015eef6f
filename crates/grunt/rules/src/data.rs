//! The data files (`assets/grunt/*.ron`): tables, counters, orders of
//! battle, orders, maps and scenarios, every value with its source; the
//! "Sources and assumptions" notes and the tables viewer's tables.

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use vt_core::engine::TableView;
use vt_core::provenance::{Provenance, SourceNote, Sourced};

pub const TABLES_FILE: &str = "grunt/tables.ron";
pub const UNITS_FILE: &str = "grunt/units.ron";
pub const OOB_FILE: &str = "grunt/oob.ron";
pub const ORDERS_FILE: &str = "grunt/orders.ron";

/// Every kind of counter (B0 counter key).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Role {
    // US
    Infantry,
    Mortar,
    Commander,
    ForwardObserver,
    Medic,
    ArvnIntel,
    Ranger,
    AmmoSupply,
    // NLF
    HardCore,
    Militia,
    Leader,
    Sniper,
    Porter,
    Peasants,
    Dummy,
    Rice,
    Arms,
    Ammo,
    Radio,
    Records,
    BoobyTrap,
    Ambush,
}

impl Role {
    pub const ALL: [Role; 22] = [
        Role::Infantry,
        Role::Mortar,
        Role::Commander,
        Role::ForwardObserver,
        Role::Medic,
        Role::ArvnIntel,
        Role::Ranger,
        Role::AmmoSupply,
        Role::HardCore,
        Role::Militia,
        Role::Leader,
        Role::Sniper,
        Role::Porter,
        Role::Peasants,
        Role::Dummy,
        Role::Rice,
        Role::Arms,
        Role::Ammo,
        Role::Radio,
        Role::Records,
        Role::BoobyTrap,
        Role::Ambush,
    ];

    pub fn is_us(self) -> bool {
        (self as u8) <= Role::AmmoSupply as u8
    }

    /// A US unit that can be shot and moves (everything but the ammo supply).
    pub fn is_us_unit(self) -> bool {
        self.is_us() && self != Role::AmmoSupply
    }

    /// NLF combat units: the ones Search reports (S5).
    pub fn is_nlf_combat(self) -> bool {
        matches!(
            self,
            Role::HardCore | Role::Militia | Role::Leader | Role::Sniper
        )
    }

    /// People: what artillery attacks (O7.2) and civilians challenge finds (A6).
    pub fn is_person(self) -> bool {
        self.is_us_unit() || self.is_nlf_combat() || matches!(self, Role::Porter | Role::Peasants)
    }

    /// Caches and equipment (B3.5): destroyed or captured, never shot.
    pub fn is_cache(self) -> bool {
        matches!(
            self,
            Role::Rice | Role::Arms | Role::Ammo | Role::Radio | Role::Records
        )
    }

    /// Materiel an air strike destroys (O9.3).
    pub fn is_materiel(self) -> bool {
        self.is_cache() || self == Role::AmmoSupply
    }

    /// Has the Movement Allowance of six (B2): not caches, traps, peasants.
    pub fn moves(self) -> bool {
        self.is_us_unit() || self.is_nlf_combat() || matches!(self, Role::Porter | Role::Dummy)
    }

    /// ARVN units interrogate (A4).
    pub fn is_arvn(self) -> bool {
        matches!(self, Role::ArvnIntel | Role::Ranger)
    }
}

/// Helicopter load class (B5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Load {
    Squad,
    Small,
    None,
}

/// Terrain of a hex (B0). Rivers run along hexsides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Open,
    Broken,
    Treeline,
    Forest,
    Buildings,
    Road,
}

impl Terrain {
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Open => "Open",
            Terrain::Broken => "Broken",
            Terrain::Treeline => "Treeline",
            Terrain::Forest => "Forest",
            Terrain::Buildings => "Buildings",
            Terrain::Road => "Road (berm)",
        }
    }
}

/// The three classes of cover the optional rules name: clear (open),
/// broken and forest (O7.4, O8, O9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cover {
    Clear,
    Broken,
    Forest,
}

/// A strength exact to the half point (helicopters defend at ½, B5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Strength(pub u16);

impl Strength {
    pub const fn whole(n: u16) -> Strength {
        Strength(n * 2)
    }
    pub fn halves(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => f.write_str("½"),
            (w, 0) => write!(f, "{w}"),
            (w, _) => write!(f, "{w}½"),
        }
    }
}

impl Serialize for Strength {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_multiple_of(2) {
            s.serialize_u16(self.0 / 2)
        } else {
            s.collect_str(self)
        }
    }
}

impl<'de> Deserialize<'de> for Strength {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strength, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Strength;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a strength: a whole number or a string like \"½\" or \"1½\"")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Strength, E> {
                u16::try_from(v)
                    .ok()
                    .and_then(|w| w.checked_mul(2))
                    .map(Strength)
                    .ok_or_else(|| E::custom("strength out of range"))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Strength, E> {
                u64::try_from(v)
                    .map_err(|_| E::custom("a strength may not be negative"))
                    .and_then(|v| self.visit_u64(v))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Strength, E> {
                let t = v.trim();
                let (w, half) = match t.strip_suffix('½') {
                    Some(w) => (w.trim(), true),
                    None => (t, false),
                };
                let whole: u16 = if w.is_empty() && half {
                    0
                } else {
                    w.parse()
                        .map_err(|_| E::custom(format!("\"{v}\" is not a strength")))?
                };
                Ok(Strength(whole * 2 + half as u16))
            }
        }
        d.deserialize_any(V)
    }
}

/// One cell of a Combat Results Table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CrtResult {
    /// No effect.
    NE,
    /// Pinned (B9).
    P,
    /// Wounded: pinned, and the points to the firer for each unit hit.
    W(u8),
    /// Killed: removed, and the points to the firer for each unit hit.
    K(u8),
    /// Casualty CRT (O4): dead and wounded to each unit hit.
    C(u8, u8),
}

impl CrtResult {
    pub fn label(self) -> String {
        match self {
            CrtResult::NE => "—".into(),
            CrtResult::P => "P".into(),
            CrtResult::W(n) => format!("W{n}"),
            CrtResult::K(n) => format!("K{n}"),
            CrtResult::C(0, w) => format!("{w}W"),
            CrtResult::C(k, 0) => format!("{k}K"),
            CrtResult::C(k, w) => format!("{k}K{w}W"),
        }
    }

    pub fn words(self) -> String {
        match self {
            CrtResult::NE => "no effect".into(),
            CrtResult::P => "pinned".into(),
            CrtResult::W(n) => format!("wounded, pinned, {n} points each"),
            CrtResult::K(n) => format!("killed, {n} points each"),
            CrtResult::C(k, w) => format!("{k} dead and {w} wounded each, pinned"),
        }
    }

    /// A result that scores points: a Sniper hit by one is also removed (B3).
    pub fn scores(self) -> bool {
        match self {
            CrtResult::W(_) | CrtResult::K(_) => true,
            CrtResult::C(k, w) => k + w > 0,
            _ => false,
        }
    }

    /// "KIA" for materiel in an air strike (O9.3).
    pub fn kills(self) -> bool {
        matches!(self, CrtResult::K(_)) || matches!(self, CrtResult::C(k, _) if k > 0)
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TerrainRow {
    pub terrain: Terrain,
    pub defence: Sourced<Strength>,
    pub cost: Sourced<u8>,
    pub landing: Sourced<bool>,
    pub blocks_basic: Sourced<bool>,
    pub blocks_standard: Sourced<bool>,
    pub cover: Sourced<Cover>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OddsColumn {
    pub label: String,
    pub attack: u16,
    pub defence: u16,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CrtRow {
    pub die: u8,
    pub cells: Vec<CrtResult>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Crt {
    pub source: Provenance,
    pub rows: Vec<CrtRow>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Points {
    pub cache_rice: Sourced<i32>,
    pub cache_arms: Sourced<i32>,
    pub cache_ammo: Sourced<i32>,
    pub cache_radio: Sourced<i32>,
    pub cache_records: Sourced<i32>,
    pub porter_captured: Sourced<i32>,
    pub porter_destroyed: Sourced<i32>,
    pub us_wia: Sourced<i32>,
    pub us_kia: Sourced<i32>,
    pub nlf_wia: Sourced<i32>,
    pub nlf_kia: Sourced<i32>,
    pub peasant_casualty: Sourced<i32>,
    pub abandoned: Sourced<i32>,
    pub helicopter: Sourced<i32>,
}

impl Points {
    pub fn cache(&self, r: Role) -> i32 {
        match r {
            Role::Rice => self.cache_rice.value,
            Role::Arms => self.cache_arms.value,
            Role::Ammo => self.cache_ammo.value,
            Role::Radio => self.cache_radio.value,
            Role::Records => self.cache_records.value,
            _ => 0,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AdjustmentRow {
    pub low: u8,
    pub high: u8,
    pub turns: Sourced<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArtilleryTable {
    pub guns: Sourced<u8>,
    pub strength: Sourced<u16>,
    pub shift: Sourced<u32>,
    pub subsequent_shift: Sourced<u32>,
    pub safety_open: Sourced<u32>,
    pub safety_forest: Sourced<u32>,
    pub forward_open: Sourced<u32>,
    pub forward_forest: Sourced<u32>,
    pub pattern: Sourced<Vec<u8>>,
    pub tie_low: Sourced<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FieldsOfFireTable {
    pub clear: Sourced<u32>,
    pub broken: Sourced<u32>,
    pub forest: Sourced<u32>,
    pub extended_clear: Sourced<u32>,
    pub extended_broken: Sourced<u32>,
    pub extended_forest: Sourced<u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AirStrikeTable {
    pub hexes: Sourced<usize>,
    pub neighbours: Sourced<usize>,
    pub runs: Sourced<u8>,
    pub strength: Sourced<u16>,
    pub safety_open: Sourced<u32>,
    pub safety_forest: Sourced<u32>,
    pub safety_stream: Sourced<u32>,
    pub award: Sourced<i32>,
    pub per_turn: Sourced<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HelicopterTable {
    pub door_guns: Sourced<u16>,
    pub cobra: Sourced<u16>,
    pub cobras: Sourced<u8>,
    pub support_range: Sourced<u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AmmunitionTable {
    pub us: Sourced<u8>,
    pub nlf: Sourced<u8>,
    pub supply: Sourced<u8>,
    pub resupply_cost: Sourced<u8>,
    pub per_phase: Sourced<u8>,
    pub split_distance: Sourced<u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CasualtyRules {
    pub max: Sourced<u8>,
    pub pinned: Sourced<u8>,
    pub pinned_near: Sourced<u8>,
    pub near: Sourced<u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct InterrogationRow {
    pub low: u8,
    pub high: u8,
    pub exposes: Vec<Role>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct InterrogationTable {
    pub source: Provenance,
    pub rows: Vec<InterrogationRow>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VictoryLevel {
    pub above: Sourced<u32>,
    pub name: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tables {
    pub terrain: Vec<TerrainRow>,
    pub helicopter_defence: Sourced<Strength>,
    pub river_cost: Sourced<u8>,
    pub movement_allowance: Sourced<u8>,
    pub range: Sourced<u32>,
    pub broken_blocks_at: Sourced<u32>,
    pub broken_range_cap: Sourced<u32>,
    pub edge_band: Sourced<u32>,
    pub basic_stacking: Sourced<u8>,
    pub trap_column: Sourced<String>,
    pub ambush_modifier: Sourced<i8>,
    pub search_cost: Sourced<u8>,
    pub porter_cost: Sourced<u8>,
    pub command_range_open: Sourced<u32>,
    pub command_range_forest: Sourced<u32>,
    pub landing_group_squads: Sourced<u8>,
    pub helicopter_capacity_small: Sourced<u8>,
    pub columns: Sourced<Vec<OddsColumn>>,
    pub points_crt: Crt,
    pub casualty_crt: Crt,
    pub points: Points,
    pub adjustment: Vec<AdjustmentRow>,
    pub artillery: ArtilleryTable,
    pub fields_of_fire: FieldsOfFireTable,
    pub air_strike: AirStrikeTable,
    pub helicopters: HelicopterTable,
    pub ammunition: AmmunitionTable,
    pub casualties: CasualtyRules,
    pub move_and_fire: Sourced<u8>,
    pub on_call_die: Sourced<u8>,
    pub interrogation: InterrogationTable,
    pub victory_levels: Vec<VictoryLevel>,
    pub scatter_spacing: Sourced<u32>,
    pub peasants_in_treeline: Sourced<u8>,
    pub max_turns: Sourced<u8>,
    pub turns: Sourced<u8>,
    pub reinforcement_delay: Sourced<u8>,
}

impl Tables {
    /// Checks the shape the rules rely on.
    pub fn validate(&self) -> Result<(), String> {
        for t in [
            Terrain::Open,
            Terrain::Broken,
            Terrain::Treeline,
            Terrain::Forest,
            Terrain::Buildings,
            Terrain::Road,
        ] {
            if !self.terrain.iter().any(|r| r.terrain == t) {
                return Err(format!("terrain: no row for {t:?}"));
            }
        }
        let cols = self.columns.value.len();
        if cols == 0 {
            return Err("columns: none".into());
        }
        for c in &self.columns.value {
            if c.attack == 0 || c.defence == 0 {
                return Err(format!("columns: {} has a zero side", c.label));
            }
        }
        for w in self.columns.value.windows(2) {
            // Columns must run from worst to best odds.
            if (w[0].attack as u32) * (w[1].defence as u32)
                >= (w[1].attack as u32) * (w[0].defence as u32)
            {
                return Err(format!(
                    "columns: {} must come before {} (worst odds first)",
                    w[0].label, w[1].label
                ));
            }
        }
        if !self
            .columns
            .value
            .iter()
            .any(|c| c.label == self.trap_column.value)
        {
            return Err(format!(
                "trap_column: no column '{}'",
                self.trap_column.value
            ));
        }
        for (name, crt) in [
            ("points_crt", &self.points_crt),
            ("casualty_crt", &self.casualty_crt),
        ] {
            for (i, r) in crt.rows.iter().enumerate() {
                if r.die as usize != i + 1 {
                    return Err(format!("{name}: rows must be dice 1, 2, 3... in order"));
                }
                if r.cells.len() != cols {
                    return Err(format!(
                        "{name}: row {} has {} cells for {cols} columns",
                        r.die,
                        r.cells.len()
                    ));
                }
            }
            if crt.rows.len() < 6 {
                return Err(format!("{name}: fewer than six rows"));
            }
        }
        for d in 1..=6u8 {
            if !self.adjustment.iter().any(|r| r.low <= d && d <= r.high) {
                return Err(format!("adjustment: no row for a roll of {d}"));
            }
            if !self
                .interrogation
                .rows
                .iter()
                .any(|r| r.low <= d && d <= r.high)
            {
                return Err(format!("interrogation: no row for a roll of {d}"));
            }
        }
        let p = &self.artillery.pattern.value;
        if p.len() != 6 || p.iter().any(|&d| d > 5) {
            return Err("artillery.pattern: six directions 0-5".into());
        }
        if self.turns.value == 0 || self.turns.value > self.max_turns.value {
            return Err("turns: between 1 and max_turns".into());
        }
        Ok(())
    }

    pub fn terrain(&self, t: Terrain) -> &TerrainRow {
        self.terrain
            .iter()
            .find(|r| r.terrain == t)
            .expect("validated: every terrain has a row")
    }

    pub fn column_index(&self, label: &str) -> Option<usize> {
        self.columns.value.iter().position(|c| c.label == label)
    }

    /// The table's cell, the die clamped to its rows.
    pub fn cell(&self, casualty: bool, column: usize, die: i32) -> CrtResult {
        let crt = if casualty {
            &self.casualty_crt
        } else {
            &self.points_crt
        };
        let row = (die.max(1) as usize).min(crt.rows.len()) - 1;
        crt.rows[row].cells[column]
    }

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
        for r in &self.terrain {
            let n = r.terrain.name();
            add(
                format!("Terrain {n}: defence"),
                r.defence.value.to_string(),
                &r.defence.source,
            );
            add(
                format!("Terrain {n}: cover class"),
                format!("{:?}", r.cover.value),
                &r.cover.source,
            );
            add(
                format!("Terrain {n}: blocks fire (Basic)"),
                r.blocks_basic.value.to_string(),
                &r.blocks_basic.source,
            );
        }
        add(
            "Odds columns".into(),
            self.columns
                .value
                .iter()
                .map(|c| c.label.clone())
                .collect::<Vec<_>>()
                .join(" "),
            &self.columns.source,
        );
        add(
            "Points Combat Results Table".into(),
            "8 columns x 8 rows".into(),
            &self.points_crt.source,
        );
        add(
            "Casualty Combat Results Table".into(),
            "8 columns x 8 rows".into(),
            &self.casualty_crt.source,
        );
        let p = &self.points;
        for (item, s) in [
            ("Points: rice cache", &p.cache_rice),
            ("Points: arms cache", &p.cache_arms),
            ("Points: ammunition cache", &p.cache_ammo),
            ("Points: radio", &p.cache_radio),
            ("Points: records", &p.cache_records),
            ("Points: porter captured", &p.porter_captured),
            ("Points: porter destroyed", &p.porter_destroyed),
            ("Points to the NLF per US WIA (Casualty CRT)", &p.us_wia),
            ("Points to the NLF per US KIA (Casualty CRT)", &p.us_kia),
            ("Points to the US per NLF WIA (Casualty CRT)", &p.nlf_wia),
            ("Points to the US per NLF KIA (Casualty CRT)", &p.nlf_kia),
            ("Points per peasant casualty", &p.peasant_casualty),
            ("Points per abandoned casualty", &p.abandoned),
            ("Points for a helicopter hit", &p.helicopter),
        ] {
            add(item.into(), s.value.to_string(), &s.source);
        }
        add(
            "Artillery impact pattern".into(),
            "CoI and five neighbours".into(),
            &self.artillery.pattern.source,
        );
        add(
            "Artillery: tie between two hexes".into(),
            format!("1-{} north", self.artillery.tie_low.value),
            &self.artillery.tie_low.source,
        );
        add(
            "Air strike: stream rule".into(),
            self.air_strike.safety_stream.value.to_string(),
            &self.air_strike.safety_stream.source,
        );
        add(
            "Air strikes a Game Turn".into(),
            self.air_strike.per_turn.value.to_string(),
            &self.air_strike.per_turn.source,
        );
        add(
            "Interrogation Results Table".into(),
            "1-2 nothing, 3 trap, 4 militia/sniper, 5 hard-core/leader, 6 cache".into(),
            &self.interrogation.source,
        );
        add(
            "Map edge band".into(),
            self.edge_band.value.to_string(),
            &self.edge_band.source,
        );
        add(
            "Solitaire scatter spacing".into(),
            self.scatter_spacing.value.to_string(),
            &self.scatter_spacing.source,
        );
        add(
            "Air strike: safety with a stream between".into(),
            self.air_strike.safety_stream.value.to_string(),
            &self.air_strike.safety_stream.source,
        );
        v
    }

    pub fn views(&self) -> Vec<TableView> {
        let s = |x: &str| x.to_string();
        let mut v = Vec::new();
        let cols: Vec<String> = std::iter::once(s("Die"))
            .chain(self.columns.value.iter().map(|c| c.label.clone()))
            .collect();
        for (id, name, crt) in [
            (
                "points-crt",
                "Points Combat Results Table (Assumed)",
                &self.points_crt,
            ),
            (
                "casualty-crt",
                "Casualty Combat Results Table (Assumed)",
                &self.casualty_crt,
            ),
        ] {
            v.push(TableView {
                id: id.into(),
                name: name.into(),
                rule: if id == "points-crt" { s("B3") } else { s("O4") },
                columns: cols.clone(),
                rows: crt
                    .rows
                    .iter()
                    .map(|r| {
                        std::iter::once(r.die.to_string())
                            .chain(r.cells.iter().map(|c| c.label()))
                            .collect()
                    })
                    .collect(),
            });
        }
        v.push(TableView {
            id: "terrain".into(),
            name: "Terrain".into(),
            rule: "B3, A2, S1".into(),
            columns: vec![
                s("Terrain"),
                s("Defence"),
                s("Move cost (Standard)"),
                s("Helicopters land"),
                s("Blocks fire (Basic)"),
                s("Blocks fire (Standard)"),
            ],
            rows: self
                .terrain
                .iter()
                .map(|r| {
                    vec![
                        s(r.terrain.name()),
                        r.defence.value.to_string(),
                        r.cost.value.to_string(),
                        yes(r.landing.value),
                        yes(r.blocks_basic.value),
                        if r.terrain == Terrain::Broken {
                            format!("at {}+ hexes", self.broken_blocks_at.value)
                        } else {
                            yes(r.blocks_standard.value)
                        },
                    ]
                })
                .chain([
                    vec![
                        s("Helicopter"),
                        self.helicopter_defence.value.to_string(),
                        s("-"),
                        s("-"),
                        s("-"),
                        s("-"),
                    ],
                    vec![
                        s("River hexside"),
                        s("-"),
                        format!("+{}", self.river_cost.value),
                        s("-"),
                        s("no"),
                        s("no"),
                    ],
                ])
                .collect(),
        });
        v.push(TableView {
            id: "adjustment".into(),
            name: "Artillery Adjustment".into(),
            rule: "O7.1".into(),
            columns: vec![s("Die"), s("Fire for effect")],
            rows: self
                .adjustment
                .iter()
                .map(|r| {
                    vec![
                        format!("{}-{}", r.low, r.high),
                        match r.turns.value {
                            1 => s("next Game Turn"),
                            n => format!("{n} Game Turns away"),
                        },
                    ]
                })
                .collect(),
        });
        v.push(TableView {
            id: "interrogation".into(),
            name: "Interrogation Results (Assumed)".into(),
            rule: "A4".into(),
            columns: vec![s("Die"), s("Exposes the nearest")],
            rows: self
                .interrogation
                .rows
                .iter()
                .map(|r| {
                    vec![
                        if r.low == r.high {
                            r.low.to_string()
                        } else {
                            format!("{}-{}", r.low, r.high)
                        },
                        if r.exposes.is_empty() {
                            s("nothing learned")
                        } else {
                            r.exposes
                                .iter()
                                .map(|x| format!("{x:?}"))
                                .collect::<Vec<_>>()
                                .join(" or ")
                        },
                    ]
                })
                .collect(),
        });
        v
    }
}

fn yes(b: bool) -> String {
    if b { "yes".into() } else { "no".into() }
}

/// One counter type (`units.ron`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UnitType {
    pub role: Role,
    pub name: String,
    pub short: String,
    pub load: Load,
    pub attack: Sourced<u16>,
}

/// The NLF order-of-battle columns (D0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Column {
    Basic,
    MobileBaseCamp,
    MobileTrainingCamp,
    DayToDay,
    SupplyDepot,
    InfantryCompany,
    NlfHeldArea,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Force {
    Basic,
    Company,
    Platoon,
}

/// The Deployment Options (D1-D3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Deployment {
    Assault,
    Bait,
    GroundAssault,
    GroundBait,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NlfColumn {
    pub column: Column,
    pub name: String,
    pub standard: bool,
    pub award: Sourced<i32>,
    pub counts: Vec<(Role, Sourced<u8>)>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UsForce {
    pub force: Force,
    pub name: String,
    pub counts: Vec<(Role, Sourced<u8>)>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DeploymentRow {
    pub deployment: Deployment,
    pub name: String,
    pub ground: bool,
    pub bait: bool,
    pub award: Sourced<i32>,
    pub remainder: Sourced<i32>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Oob {
    pub nlf: Vec<NlfColumn>,
    pub us: Vec<UsForce>,
    pub deployments: Vec<DeploymentRow>,
    pub second_company: Sourced<i32>,
}

impl Oob {
    pub fn column(&self, c: Column) -> Option<&NlfColumn> {
        self.nlf.iter().find(|x| x.column == c)
    }
    pub fn force(&self, f: Force) -> Option<&UsForce> {
        self.us.iter().find(|x| x.force == f)
    }
    pub fn deployment(&self, d: Deployment) -> Option<&DeploymentRow> {
        self.deployments.iter().find(|x| x.deployment == d)
    }
}

/// The four orders from higher headquarters (C1-C3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum OrderId {
    SearchDestroyOne,
    SearchDestroyTwo,
    SecureLz,
    EagleFlight,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Order {
    pub order: OrderId,
    pub situation: String,
    pub name: String,
    pub summary: String,
    pub award: Sourced<i32>,
    pub us_wia: Option<Sourced<i32>>,
    pub us_kia: Option<Sourced<i32>>,
    pub records_evacuated: Sourced<i32>,
    pub half_cache_points: bool,
    pub on_call_strikes: Sourced<u8>,
    pub lz_strike: bool,
    pub forest_landing: Vec<Role>,
    pub first_lift: Vec<(Role, Sourced<u8>)>,
    pub second_lift: Vec<(Role, Sourced<u8>)>,
    pub second_turn: Option<Sourced<u8>>,
    pub commit_delay: Option<Sourced<u8>>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OrdersFile {
    pub orders: Vec<Order>,
}

/// Rules level (B0): the Basic Game or the Standard Game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    Basic,
    Standard,
}

/// Who plays the NLF.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// The rules play the NLF (B6).
    Solitaire,
    TwoPlayer,
}

/// The optional rules (O1-O12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Optional {
    StrengthenedDefense,
    MoveAndFire,
    Ammunition,
    CasualtyCrt,
    Ambush,
    Landings,
    Artillery,
    FieldsOfFire,
    AirStrikes,
    HelicopterFire,
    BodyCount,
    VictoryLevels,
}

impl Optional {
    pub const ALL: [Optional; 12] = [
        Optional::StrengthenedDefense,
        Optional::MoveAndFire,
        Optional::Ammunition,
        Optional::CasualtyCrt,
        Optional::Ambush,
        Optional::Landings,
        Optional::Artillery,
        Optional::FieldsOfFire,
        Optional::AirStrikes,
        Optional::HelicopterFire,
        Optional::BodyCount,
        Optional::VictoryLevels,
    ];

    /// The option key of the set-up screen and `vt --option`.
    pub fn key(self) -> &'static str {
        match self {
            Optional::StrengthenedDefense => "strengthened-defense",
            Optional::MoveAndFire => "move-and-fire",
            Optional::Ammunition => "ammunition",
            Optional::CasualtyCrt => "casualty-crt",
            Optional::Ambush => "ambush",
            Optional::Landings => "landings",
            Optional::Artillery => "artillery",
            Optional::FieldsOfFire => "fields-of-fire",
            Optional::AirStrikes => "air-strikes",
            Optional::HelicopterFire => "helicopter-fire",
            Optional::BodyCount => "body-count",
            Optional::VictoryLevels => "victory-levels",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Optional::StrengthenedDefense => "Strengthened Defense",
            Optional::MoveAndFire => "Move and Fire",
            Optional::Ammunition => "Ammunition and Supply",
            Optional::CasualtyCrt => "Casualty Combat Results Table",
            Optional::Ambush => "Ambush",
            Optional::Landings => "Landings",
            Optional::Artillery => "Artillery",
            Optional::FieldsOfFire => "Fields of Fire",
            Optional::AirStrikes => "Air Strikes",
            Optional::HelicopterFire => "Helicopter Suppressive Fire and Cobras",
            Optional::BodyCount => "Body Count",
            Optional::VictoryLevels => "Variable Victory Levels",
        }
    }

    pub fn rule(self) -> &'static str {
        match self {
            Optional::StrengthenedDefense => "O1",
            Optional::MoveAndFire => "O2",
            Optional::Ammunition => "O3",
            Optional::CasualtyCrt => "O4",
            Optional::Ambush => "O5",
            Optional::Landings => "O6",
            Optional::Artillery => "O7",
            Optional::FieldsOfFire => "O8",
            Optional::AirStrikes => "O9",
            Optional::HelicopterFire => "O10",
            Optional::BodyCount => "O11",
            Optional::VictoryLevels => "O12",
        }
    }
}

/// A scenario (`scenarios/*.ron`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ScenarioFile {
    pub id: String,
    pub name: String,
    pub description: String,
    pub source: Provenance,
    pub level: Level,
    pub mode: Mode,
    pub map: String,
    pub us_force: Force,
    /// Fixed NLF column, or the NLF chooses among the Standard ones.
    pub nlf_column: Option<Column>,
    /// The US chooses a Deployment Option (D1-D5).
    pub deployment: bool,
    /// The US operates under orders (C0-C3).
    pub chain_of_command: bool,
    /// Optional rules this scenario always uses.
    pub optional: Vec<Optional>,
}

pub fn counts_notes(file: &str, what: &str, counts: &[(Role, Sourced<u8>)]) -> Vec<SourceNote> {
    counts
        .iter()
        .filter(|(_, s)| !s.source.is_rulebook())
        .map(|(r, s)| SourceNote {
            file: file.into(),
            item: format!("{what}: {r:?}"),
            value: s.value.to_string(),
            source: s.source.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strengths_read_halves() {
        let v: Vec<Strength> = vec![
            vt_core::data::parse_ron("t", "\"½\"").unwrap(),
            vt_core::data::parse_ron("t", "3").unwrap(),
            vt_core::data::parse_ron("t", "\"1½\"").unwrap(),
        ];
        assert_eq!(v, vec![Strength(1), Strength(6), Strength(3)]);
        assert_eq!(v[0].to_string(), "½");
        assert_eq!(v[2].to_string(), "1½");
        assert!(vt_core::data::parse_ron::<Strength>("t", "\"x\"").is_err());
    }
}
