//! The game's data (`assets/csar/*.ron`): the three decks, the Pilot/PJ cards,
//! aircraft and enemy counters, scenarios and the campaign. Every entry carries
//! its [`Provenance`]; [`Data::source_notes`] lists the ones not read straight
//! from the rulebook for the "Sources and assumptions" view.
//!
//! Loading checks the data as a whole (every card a scenario names exists,
//! every aircraft ID has Resolution cards, ...) and reports the file at fault.

use crate::components::{AircraftKind, Zone};
use serde::{Deserialize, Serialize};
use vt_core::data::{DataError, DataFiles};
use vt_core::provenance::{Provenance, SourceNote, Sourced};

pub const RESOLUTION: &str = "csar/resolution_deck.ron";
pub const ACTION: &str = "csar/action_deck.ron";
pub const EVENT: &str = "csar/event_deck.ron";
pub const PILOTS: &str = "csar/pilots.ron";
pub const AIRCRAFT: &str = "csar/aircraft.ron";
pub const ENEMY: &str = "csar/enemy.ron";
pub const RULES: &str = "csar/rules.ron";
pub const SCENARIOS: &str = "csar/scenarios.ron";
pub const CAMPAIGN: &str = "csar/campaign.ron";

/// Every data file the game reads, embedded at compile time.
pub fn embedded_files() -> DataFiles {
    let mut f = DataFiles::new();
    for (path, text) in [
        vt_core::embed_asset!("csar/resolution_deck.ron"),
        vt_core::embed_asset!("csar/action_deck.ron"),
        vt_core::embed_asset!("csar/event_deck.ron"),
        vt_core::embed_asset!("csar/pilots.ron"),
        vt_core::embed_asset!("csar/aircraft.ron"),
        vt_core::embed_asset!("csar/enemy.ron"),
        vt_core::embed_asset!("csar/rules.ron"),
        vt_core::embed_asset!("csar/scenarios.ron"),
        vt_core::embed_asset!("csar/campaign.ron"),
    ] {
        f.insert(path, text.text());
    }
    f
}

/// The icon printed on a Resolution card (2.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Icon {
    Crosshairs,
    Roundel,
    Rifle,
    Blast,
    Reshuffle,
    Wild,
}

impl Icon {
    pub const ALL: [Icon; 6] = [
        Icon::Crosshairs,
        Icon::Roundel,
        Icon::Rifle,
        Icon::Blast,
        Icon::Reshuffle,
        Icon::Wild,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Icon::Crosshairs => "crosshairs",
            Icon::Roundel => "roundel",
            Icon::Rifle => "rifle",
            Icon::Blast => "blast",
            Icon::Reshuffle => "Reshuffle",
            Icon::Wild => "Wild",
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ResCardDef {
    pub number: u8,
    pub icon: Icon,
    /// The aircraft ID printed on the card (2.2.1, 4.3.3 E).
    pub aircraft: Option<u8>,
    pub source: Provenance,
}

#[derive(Clone, Debug, Deserialize)]
struct ResolutionFile {
    cards: Vec<ResCardDef>,
}

/// Red banner (Aircraft) or blue (Command), 2.2.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardClass {
    Aircraft,
    Command,
}

/// What an Action card does when played (reconstructed; see the data file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionEffect {
    TrollForFire,
    MarkTarget,
    Attack { hits: u8, fast_mover_hits: u8 },
    Suppress,
    Napalm { hits: u8 },
    Cbu { search_back: u8 },
    CsGas,
    Smoke,
    RequestAircraft,
    MoveSurvivor { zones: u8 },
    ExfilTeam,
    BrokenArrow,
    SearchBack(u8),
    AbortBack(u8),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ActionCardDef {
    pub name: String,
    pub class: CardClass,
    /// Silhouettes: the aircraft types that may take the card.
    pub aircraft: Vec<AircraftKind>,
    pub copies: u8,
    pub effect: ActionEffect,
    pub remove_when_played: bool,
    pub text: String,
    pub source: Provenance,
}

#[derive(Clone, Debug, Deserialize)]
struct ActionFile {
    cards: Vec<ActionCardDef>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventEffect {
    DrawFewer(u8),
    SurvivorMoves,
    AircraftShaken,
    EnemyGunArrives,
    ClearSmokeAndGas,
    FastMoversDiverted,
    RulesOfEngagement,
    SurvivorInjured,
    NoEffect,
    SearchUp(u8),
    RevealHiddenNearSurvivor,
    FastMoversGrounded,
    SandyReturns,
    AbortBack(u8),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EventCardDef {
    pub name: String,
    pub effect: EventEffect,
    pub copies: u8,
    pub text: String,
    pub source: Provenance,
}

#[derive(Clone, Debug, Deserialize)]
struct EventFile {
    cards: Vec<EventCardDef>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PilotAbility {
    /// +1 Hit on an Attack or Napalm card this aircraft plays.
    ExtraHit,
    /// Cancel one Hit in this aircraft's zone, even the last one.
    CancelHit,
    /// +1 draw on this helicopter's rescue attempt.
    ExtraRescueDraw,
    /// The Injured penalty does not apply to this helicopter's rescue attempt.
    IgnoreInjured,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PilotDef {
    pub name: String,
    pub kind: AircraftKind,
    pub ability: PilotAbility,
    pub text: String,
    pub source: Provenance,
}

#[derive(Clone, Debug, Deserialize)]
struct PilotFile {
    cards: Vec<PilotDef>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AircraftDef {
    pub id: u8,
    pub kind: AircraftKind,
    pub name: String,
    pub source: Provenance,
}

/// How far an aircraft type moves in one Move Aircraft Segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reach {
    /// Any zone or the Orbit Box.
    AnyZone,
    /// Orbit Box to an Outer Zone, a zone to an adjacent zone, an Outer Zone to the Orbit Box.
    OneStep,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MoveRule {
    pub kind: AircraftKind,
    pub reach: Reach,
    pub source: Provenance,
}

#[derive(Clone, Debug, Deserialize)]
struct AircraftFile {
    counters: Vec<AircraftDef>,
    movement: Vec<MoveRule>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GunDef {
    pub name: String,
    /// Firepower into its own zone.
    pub near: u8,
    /// Firepower into adjacent zones; `None` for a gun with one number.
    pub far: Option<u8>,
    /// The asterisk: the far firepower reaches non-adjacent zones too.
    pub any_range: bool,
    pub count: u8,
    /// Where the firepower comes from.
    pub source: Provenance,
    /// Where the number of counters comes from, when not from the same place.
    #[serde(default)]
    pub count_source: Option<Provenance>,
}

/// The number side of a Hidden or Enemy marker (9.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MarkerValue {
    N(u8),
    /// "1+": one gun plus the number on another marker of the same cup.
    OnePlus,
}

impl MarkerValue {
    /// The value for "markers with a value of 1 or greater" (7.1, 7.4).
    pub fn at_least(self, min: u8) -> bool {
        match self {
            MarkerValue::N(n) => n >= min,
            MarkerValue::OnePlus => 1 >= min,
        }
    }
    pub fn label(self) -> String {
        match self {
            MarkerValue::N(n) => n.to_string(),
            MarkerValue::OnePlus => "1+".into(),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MarkerDef {
    pub value: MarkerValue,
    pub count: u8,
    pub source: Provenance,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ZoneMarkerKind {
    CoordinatedFire,
    Entrenchment,
    HeavyJungle,
    Impassable,
    TargetOfOpportunity,
    Village,
}

impl ZoneMarkerKind {
    pub const ALL: [ZoneMarkerKind; 6] = [
        ZoneMarkerKind::CoordinatedFire,
        ZoneMarkerKind::Entrenchment,
        ZoneMarkerKind::HeavyJungle,
        ZoneMarkerKind::Impassable,
        ZoneMarkerKind::TargetOfOpportunity,
        ZoneMarkerKind::Village,
    ];
    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }
    pub fn name(self) -> &'static str {
        match self {
            ZoneMarkerKind::CoordinatedFire => "Coordinated Fire",
            ZoneMarkerKind::Entrenchment => "Entrenchment",
            ZoneMarkerKind::HeavyJungle => "Heavy Jungle",
            ZoneMarkerKind::Impassable => "Impassable",
            ZoneMarkerKind::TargetOfOpportunity => "Target of Opportunity",
            ZoneMarkerKind::Village => "Village",
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ZoneMarkerDef {
    pub kind: ZoneMarkerKind,
    pub count: u8,
    pub source: Provenance,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OrdnanceKind {
    CsGas,
    Mark,
    Smoke,
    ClusterMunitions,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OrdnanceLimit {
    pub kind: OrdnanceKind,
    pub count: u8,
    pub source: Provenance,
}

#[derive(Clone, Debug, Deserialize)]
struct EnemyFile {
    guns: Vec<GunDef>,
    barrages: Sourced<u8>,
    hidden: Vec<MarkerDef>,
    enemy: Vec<MarkerDef>,
    zone_markers: Vec<ZoneMarkerDef>,
    ordnance_limits: Vec<OrdnanceLimit>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct RulesNumbers {
    pub hand_size: Sourced<u8>,
    pub reserve_size: Sourced<u8>,
    pub aircraft_per_zone: Sourced<u8>,
    pub cards_per_zone: Sourced<u8>,
    pub cards_per_sandy_or_fac: Sourced<u8>,
    pub cards_per_fast_mover: Sourced<u8>,
    pub abort_last_numbered_space: Sourced<u8>,
    pub search_track_max: Sourced<u8>,
}

/// Where an aircraft starts a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    /// Orbit Box, Cool side up.
    Orbit,
    /// Orbit Box on the ENTER side (Fast Movers).
    OrbitEnter,
    /// Fast Mover Pool.
    Pool,
    /// Arrives in the Orbit Box at the start of that turn's Event Phase.
    Arrives(u8),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AircraftSetup {
    pub id: u8,
    pub at: Start,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SurvivorSetup {
    pub zone: Zone,
    pub injured: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GunSetup {
    pub gun: String,
    pub zone: Zone,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ZoneMarkerSetup {
    pub zone: Zone,
    pub kind: ZoneMarkerKind,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum HandSetup {
    /// The player picks this many Aircraft cards of different names.
    ChooseDistinct(u8),
    /// These cards, by name.
    Fixed(Vec<String>),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Removal {
    pub name: String,
    /// `None`: every copy.
    pub count: Option<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum PilotRule {
    NoPilot,
    /// Draw at random or choose any Pilot/PJ card; its counter goes on an aircraft of its type.
    Any,
    /// Choose one of these; its counter goes on this aircraft ID.
    OneOf {
        names: Vec<String>,
        aircraft: u8,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Special {
    HandLimit(u8),
    ReserveLimit(u8),
    SearchCap(u8),
    /// From this turn on, draw a Resolution card at the start of each turn;
    /// this icon ends the scenario.
    EndDraw {
        from_turn: u8,
        icon: Icon,
    },
    /// B-52 strike on this turn: aircraft leave the zones at the end of the
    /// turn before and stay in the Orbit Box; no Action cards played.
    ArcLight {
        turn: u8,
    },
    /// For the first turns, Fast Movers shuttle Orbit Box -> Pool -> Orbit Box.
    FastMoverShuttle {
        turns: u8,
    },
    ForceOption(String),
    /// Every Survivor starts pinpointed (6.2).
    Pinpointed,
    /// At set-up the player reveals the Enemy markers of this many zones and
    /// places this Zone marker there.
    RevealEnemyChoice {
        zones: u8,
        marker: ZoneMarkerKind,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Victory {
    /// 5.0.
    Standard,
    /// 7.4's own conditions.
    AirForceCross,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ScenarioDef {
    pub id: String,
    pub name: String,
    pub section: String,
    pub description: String,
    pub turns: u8,
    pub aircraft: Vec<AircraftSetup>,
    pub survivors: Vec<SurvivorSetup>,
    pub guns: Vec<GunSetup>,
    /// Hidden marker cup: `None` unused, `Some(n)` markers of value n or more.
    pub hidden_cup: Option<u8>,
    pub enemy_cup: Option<u8>,
    pub zone_cup: bool,
    pub remove_enemy_markers: Vec<MarkerValue>,
    pub exclude_guns: Vec<String>,
    pub enemy_markers: Vec<Zone>,
    pub hidden_markers: Vec<Zone>,
    pub zone_markers: Vec<ZoneMarkerSetup>,
    pub random_zone_markers: Vec<Zone>,
    pub search: u8,
    pub abort: u8,
    pub hand: HandSetup,
    pub remove_action: Vec<Removal>,
    pub remove_events: Vec<String>,
    pub pilot: PilotRule,
    pub specials: Vec<Special>,
    pub victory: Victory,
}

#[derive(Clone, Debug, Deserialize)]
struct ScenarioFile {
    scenarios: Vec<ScenarioDef>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CampaignDef {
    pub base_scenario: String,
    pub missions: Sourced<u8>,
    pub turns: Sourced<u8>,
    pub start_morale: Sourced<i32>,
    pub removed_cards: Vec<Removal>,
    pub price_card: Sourced<i32>,
    pub price_turn: Sourced<i32>,
    pub price_pilot: Sourced<i32>,
    pub price_fast_mover: Sourced<i32>,
    pub max_fast_movers: Sourced<u8>,
    pub award_no_losses: Sourced<i32>,
    pub award_all_rescued: Sourced<i32>,
    pub penalty_survivor_lost: Sourced<i32>,
    pub penalty_abort_space: Sourced<i32>,
    pub penalty_auto_abort: Sourced<i32>,
    pub penalty_pilot_lost: Sourced<i32>,
    pub award_pilot_recovered: Sourced<i32>,
}

/// All the game's data, loaded and checked.
#[derive(Clone, Debug)]
pub struct Data {
    pub resolution: Vec<ResCardDef>,
    /// Action card kinds (one entry per name).
    pub action_kinds: Vec<ActionCardDef>,
    /// The physical Action deck: the kind of each card, by card id.
    pub action_cards: Vec<u8>,
    pub event_kinds: Vec<EventCardDef>,
    /// The physical Event deck: kind of each card.
    pub event_cards: Vec<u8>,
    pub pilots: Vec<PilotDef>,
    pub aircraft: Vec<AircraftDef>,
    pub movement: Vec<MoveRule>,
    pub guns: Vec<GunDef>,
    /// Physical gun counters: the gun type of each (index into `guns`).
    pub gun_counters: Vec<u8>,
    pub barrages: Sourced<u8>,
    pub hidden: Vec<MarkerDef>,
    pub enemy: Vec<MarkerDef>,
    pub zone_markers: Vec<ZoneMarkerDef>,
    pub ordnance_limits: Vec<OrdnanceLimit>,
    pub rules: RulesNumbers,
    pub scenarios: Vec<ScenarioDef>,
    pub campaign: CampaignDef,
    /// Each physical Action card's kind as a bit (kind `k` is bit `k`; 0
    /// for a kind past 127), from `action_cards`: the set-up's choice of a
    /// starting hand ORs them over the whole deck after every pick.
    pub(crate) card_kind_bits: Vec<u128>,
    /// The Aircraft-card kinds among the first 128, as bits.
    pub(crate) aircraft_kind_bits: u128,
    /// The kinds of every physical card of the deck, as bits (the OR of
    /// `card_kind_bits`): the kinds in a draw pile that holds every card
    /// but the starting hand, without reading the pile.
    pub(crate) deck_kind_bits: u128,
    /// Each physical Action card's silhouettes as bits (`AircraftKind` `k`
    /// is bit `k as u8`), 0 for a Command card: the Assign list reads
    /// them once a card rather than searching `aircraft` per aircraft.
    pub(crate) silhouettes: Vec<u8>,
    /// The aircraft kinds (bits as in `silhouettes`) whose movement
    /// rule is one step at a time ([`Data::reach`] for every kind).
    pub(crate) one_step_kinds: u8,
    /// Each scenario's set-up guns, cups and Event deck before any draw
    /// (by scenario index): the same every game, worked out at loading.
    pub(crate) setup_lists: Vec<crate::scenarios::SetupLists>,
}

fn bad(file: &str, msg: impl Into<String>) -> DataError {
    DataError::file(&format!("assets/{file}"), msg)
}

impl Data {
    pub fn load(files: &DataFiles) -> Result<Data, DataError> {
        let res: ResolutionFile = files.parse(RESOLUTION)?;
        let act: ActionFile = files.parse(ACTION)?;
        let evt: EventFile = files.parse(EVENT)?;
        let pil: PilotFile = files.parse(PILOTS)?;
        let air: AircraftFile = files.parse(AIRCRAFT)?;
        let ene: EnemyFile = files.parse(ENEMY)?;
        let rules: RulesNumbers = files.parse(RULES)?;
        let scn: ScenarioFile = files.parse(SCENARIOS)?;
        let campaign: CampaignDef = files.parse(CAMPAIGN)?;

        let mut action_cards = Vec::new();
        for (k, c) in act.cards.iter().enumerate() {
            for _ in 0..c.copies {
                action_cards.push(k as u8);
            }
        }
        let mut event_cards = Vec::new();
        for (k, c) in evt.cards.iter().enumerate() {
            for _ in 0..c.copies {
                event_cards.push(k as u8);
            }
        }
        let mut gun_counters = Vec::new();
        for (k, g) in ene.guns.iter().enumerate() {
            for _ in 0..g.count {
                gun_counters.push(k as u8);
            }
        }
        let card_kind_bits: Vec<u128> = action_cards
            .iter()
            .map(|&k| 1u128.checked_shl(k as u32).unwrap_or(0))
            .collect();
        let deck_kind_bits = card_kind_bits.iter().fold(0, |b, &k| b | k);
        let aircraft_kind_bits = act
            .cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.class == CardClass::Aircraft)
            .fold(0u128, |b, (k, _)| {
                b | 1u128.checked_shl(k as u32).unwrap_or(0)
            });
        let silhouettes = action_cards
            .iter()
            .map(|&k| {
                let def = &act.cards[k as usize];
                if def.class == CardClass::Aircraft {
                    def.aircraft.iter().fold(0u8, |b, a| b | 1 << (*a as u8))
                } else {
                    0
                }
            })
            .collect();
        let mut d = Data {
            card_kind_bits,
            aircraft_kind_bits,
            deck_kind_bits,
            silhouettes,
            one_step_kinds: 0,
            resolution: res.cards,
            action_kinds: act.cards,
            action_cards,
            event_kinds: evt.cards,
            event_cards,
            pilots: pil.cards,
            aircraft: air.counters,
            movement: air.movement,
            guns: ene.guns,
            gun_counters,
            barrages: ene.barrages,
            hidden: ene.hidden,
            enemy: ene.enemy,
            zone_markers: ene.zone_markers,
            ordnance_limits: ene.ordnance_limits,
            rules,
            scenarios: scn.scenarios,
            campaign,
            setup_lists: Vec::new(),
        };
        d.validate()?;
        d.setup_lists = d
            .scenarios
            .iter()
            .map(|sc| crate::scenarios::setup_lists(&d, sc))
            .collect();
        d.one_step_kinds = [
            AircraftKind::Sandy,
            AircraftKind::Fac,
            AircraftKind::Helicopter,
            AircraftKind::FastMover,
        ]
        .iter()
        .filter(|k| d.reach(**k) == Reach::OneStep)
        .fold(0, |b, k| b | 1 << (*k as u8));
        Ok(d)
    }

    fn validate(&self) -> Result<(), DataError> {
        let n = self.resolution.len();
        if n == 0 || n > 60 {
            return Err(bad(RESOLUTION, format!("{n} cards; expected 1 to 60")));
        }
        if self
            .resolution
            .iter()
            .filter(|c| c.icon == Icon::Reshuffle)
            .count()
            != 1
        {
            return Err(bad(
                RESOLUTION,
                "the deck needs exactly one Reshuffle card (2.2.1)",
            ));
        }
        if self
            .resolution
            .iter()
            .filter(|c| c.icon == Icon::Wild)
            .count()
            > 1
        {
            return Err(bad(RESOLUTION, "at most one Wild card (2.2.1, 6.4, 6.5)"));
        }
        if self.action_cards.is_empty() || self.action_cards.len() > 250 {
            return Err(bad(ACTION, "the Action deck must have 1 to 250 cards"));
        }
        if self.event_cards.is_empty() || self.event_cards.len() > 250 {
            return Err(bad(EVENT, "the Event deck must have 1 to 250 cards"));
        }
        if self.gun_counters.len() + self.barrages.value as usize > 200 {
            return Err(bad(ENEMY, "too many gun counters"));
        }
        for c in &self.action_kinds {
            if c.class == CardClass::Aircraft && c.aircraft.is_empty() {
                return Err(bad(
                    ACTION,
                    format!("'{}' is an Aircraft card without a silhouette", c.name),
                ));
            }
            if c.aircraft.contains(&AircraftKind::Helicopter) {
                return Err(bad(
                    ACTION,
                    format!(
                        "'{}': no Aircraft card is flown by a helicopter here",
                        c.name
                    ),
                ));
            }
        }
        for k in [
            AircraftKind::Sandy,
            AircraftKind::Fac,
            AircraftKind::Helicopter,
            AircraftKind::FastMover,
        ] {
            if !self.movement.iter().any(|m| m.kind == k) {
                return Err(bad(AIRCRAFT, format!("no movement rule for {k:?}")));
            }
        }
        if self.aircraft.len() > 60 {
            return Err(bad(AIRCRAFT, "too many aircraft counters"));
        }
        // The set-up's choice of a Pilot/PJ card is a set of bits, one a card.
        if self.pilots.len() > 64 {
            return Err(bad(PILOTS, "more than 64 Pilot/PJ cards"));
        }
        if self.rules.abort_last_numbered_space.value == 0 {
            return Err(bad(
                RULES,
                "the Abort track needs at least one numbered space above 0",
            ));
        }
        for s in &self.scenarios {
            let f = SCENARIOS;
            for a in &s.aircraft {
                let Some(def) = self.aircraft.iter().find(|d| d.id == a.id) else {
                    return Err(bad(f, format!("{}: no aircraft with ID {}", s.id, a.id)));
                };
                if def.kind != AircraftKind::FastMover
                    && !self.resolution.iter().any(|c| c.aircraft == Some(a.id))
                {
                    return Err(bad(
                        RESOLUTION,
                        format!(
                            "no Resolution card shows aircraft {} ({}), which {} uses: hits could never find it (4.3.3 E)",
                            a.id, def.name, s.id
                        ),
                    ));
                }
            }
            for g in &s.guns {
                if self.gun_index(&g.gun).is_none() {
                    return Err(bad(f, format!("{}: no gun called '{}'", s.id, g.gun)));
                }
            }
            for g in &s.exclude_guns {
                if self.gun_index(g).is_none() {
                    return Err(bad(f, format!("{}: no gun called '{}'", s.id, g)));
                }
            }
            if let HandSetup::Fixed(names) = &s.hand {
                for nm in names {
                    if self.action_kind(nm).is_none() {
                        return Err(bad(f, format!("{}: no Action card called '{}'", s.id, nm)));
                    }
                }
            }
            for r in &s.remove_action {
                if self.action_kind(&r.name).is_none() {
                    return Err(bad(
                        f,
                        format!("{}: no Action card called '{}'", s.id, r.name),
                    ));
                }
            }
            for nm in &s.remove_events {
                if !self.event_kinds.iter().any(|e| &e.name == nm) {
                    return Err(bad(f, format!("{}: no Event card called '{}'", s.id, nm)));
                }
            }
            if let PilotRule::OneOf { names, aircraft } = &s.pilot {
                for nm in names {
                    if !self.pilots.iter().any(|p| &p.name == nm) {
                        return Err(bad(
                            f,
                            format!("{}: no Pilot/PJ card called '{}'", s.id, nm),
                        ));
                    }
                }
                if !s.aircraft.iter().any(|a| a.id == *aircraft) {
                    return Err(bad(
                        f,
                        format!(
                            "{}: the pilot's aircraft {} is not in the scenario",
                            s.id, aircraft
                        ),
                    ));
                }
            }
            if s.turns == 0 || s.turns > 30 {
                return Err(bad(f, format!("{}: {} turns", s.id, s.turns)));
            }
            if s.survivors.is_empty() {
                return Err(bad(f, format!("{}: no Survivor to rescue", s.id)));
            }
        }
        if self.scenario_index(&self.campaign.base_scenario).is_none() {
            return Err(bad(
                CAMPAIGN,
                format!("no scenario '{}'", self.campaign.base_scenario),
            ));
        }
        for r in &self.campaign.removed_cards {
            if self.action_kind(&r.name).is_none() {
                return Err(bad(CAMPAIGN, format!("no Action card called '{}'", r.name)));
            }
        }
        Ok(())
    }

    pub fn gun_index(&self, name: &str) -> Option<u8> {
        self.guns
            .iter()
            .position(|g| g.name == name)
            .map(|i| i as u8)
    }

    pub fn action_kind(&self, name: &str) -> Option<u8> {
        self.action_kinds
            .iter()
            .position(|c| c.name == name)
            .map(|i| i as u8)
    }

    pub fn scenario_index(&self, id: &str) -> Option<usize> {
        self.scenarios.iter().position(|s| s.id == id)
    }

    pub fn aircraft_def(&self, id: u8) -> &AircraftDef {
        self.aircraft
            .iter()
            .find(|d| d.id == id)
            .unwrap_or(&self.aircraft[0])
    }

    pub fn ordnance_limit(&self, k: OrdnanceKind) -> u8 {
        self.ordnance_limits
            .iter()
            .filter(|o| o.kind == k)
            .map(|o| o.count)
            .sum()
    }

    pub fn reach(&self, k: AircraftKind) -> Reach {
        self.movement
            .iter()
            .find(|m| m.kind == k)
            .map(|m| m.reach)
            .unwrap_or(Reach::OneStep)
    }

    /// Every value not read straight from the rulebook, one line each.
    pub fn source_notes(&self) -> Vec<SourceNote> {
        let mut v = Vec::new();
        let mut push = |file: &str, item: String, value: String, source: &Provenance| {
            if !source.is_rulebook() {
                v.push(SourceNote {
                    file: file.to_string(),
                    item,
                    value,
                    source: source.clone(),
                });
            }
        };
        for c in &self.resolution {
            let ac = c
                .aircraft
                .map(|a| format!(", aircraft {a}"))
                .unwrap_or_default();
            push(
                RESOLUTION,
                format!("Resolution card {}", c.number),
                format!("{}{}", c.icon.name(), ac),
                &c.source,
            );
        }
        for c in &self.action_kinds {
            push(
                ACTION,
                format!("Action card '{}' ({} copies)", c.name, c.copies),
                c.text.clone(),
                &c.source,
            );
        }
        for c in &self.event_kinds {
            push(
                EVENT,
                format!("Event card '{}' ({} copies)", c.name, c.copies),
                c.text.clone(),
                &c.source,
            );
        }
        for p in &self.pilots {
            push(
                PILOTS,
                format!("Pilot/PJ card '{}'", p.name),
                p.text.clone(),
                &p.source,
            );
        }
        for a in &self.aircraft {
            push(
                AIRCRAFT,
                format!("aircraft counter {}", a.id),
                format!("{} ({:?})", a.name, a.kind),
                &a.source,
            );
        }
        for m in &self.movement {
            push(
                AIRCRAFT,
                format!("movement of {:?}", m.kind),
                format!("{:?}", m.reach),
                &m.source,
            );
        }
        for g in &self.guns {
            let fp = match g.far {
                Some(f) => format!("{}/{}{}", g.near, f, if g.any_range { "*" } else { "" }),
                None => g.near.to_string(),
            };
            push(
                ENEMY,
                format!("Enemy Gun {}", g.name),
                format!("firepower {fp}, {} counters", g.count),
                &g.source,
            );
            if let Some(cs) = &g.count_source {
                push(
                    ENEMY,
                    format!("Enemy Gun {} counters", g.name),
                    format!("{} counters", g.count),
                    cs,
                );
            }
        }
        push(
            ENEMY,
            "Barrage counters".into(),
            self.barrages.value.to_string(),
            &self.barrages.source,
        );
        for m in &self.hidden {
            push(
                ENEMY,
                format!("Hidden markers showing {}", m.value.label()),
                m.count.to_string(),
                &m.source,
            );
        }
        for m in &self.enemy {
            push(
                ENEMY,
                format!("Enemy markers showing {}", m.value.label()),
                m.count.to_string(),
                &m.source,
            );
        }
        for z in &self.zone_markers {
            push(
                ENEMY,
                format!("{} zone markers", z.kind.name()),
                z.count.to_string(),
                &z.source,
            );
        }
        for o in &self.ordnance_limits {
            push(
                ENEMY,
                format!("{:?} markers", o.kind),
                o.count.to_string(),
                &o.source,
            );
        }
        let r = &self.rules;
        for (name, s) in [
            ("hand size", &r.hand_size),
            ("Reserve size", &r.reserve_size),
            ("aircraft per zone", &r.aircraft_per_zone),
            ("Aircraft cards per zone", &r.cards_per_zone),
            ("cards per Sandy or FAC", &r.cards_per_sandy_or_fac),
            ("cards per Fast Mover", &r.cards_per_fast_mover),
            ("last numbered Abort space", &r.abort_last_numbered_space),
            ("Search track length", &r.search_track_max),
        ] {
            push(RULES, name.into(), s.value.to_string(), &s.source);
        }
        let c = &self.campaign;
        for (name, s) in [
            ("price of an Action card", &c.price_card),
            ("price of an extra turn", &c.price_turn),
            ("price of a Pilot or PJ", &c.price_pilot),
            ("price of a Fast Mover", &c.price_fast_mover),
        ] {
            push(
                CAMPAIGN,
                name.into(),
                format!("{} Morale Points", s.value),
                &s.source,
            );
        }
        push(
            CAMPAIGN,
            "Fast Movers for sale".into(),
            c.max_fast_movers.value.to_string(),
            &c.max_fast_movers.source,
        );
        v.extend(crate::rules_notes());
        v
    }
}
