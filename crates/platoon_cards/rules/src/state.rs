//! The game as plain data: stands, platoons, the deck, hidden cards, mines,
//! wire, snipers, smoke, artillery plots, close combats and the step stack.

use crate::step::Step;
use serde::{Deserialize, Serialize};
use vt_core::GameRng;
use vt_core::deck::Deck;
use vt_core::tabletop::Point;

pub type StandId = u16;
pub type PlatoonId = u16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    Us,
    Vc,
}

impl Side {
    pub fn idx(self) -> u8 {
        match self {
            Side::Us => 0,
            Side::Vc => 1,
        }
    }
    pub fn from_idx(i: u8) -> Side {
        if i == 0 { Side::Us } else { Side::Vc }
    }
    pub fn other(self) -> Side {
        match self {
            Side::Us => Side::Vc,
            Side::Vc => Side::Us,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Us => "US",
            Side::Vc => "VC/NVA",
        }
    }
    pub fn id(self) -> &'static str {
        match self {
            Side::Us => "us",
            Side::Vc => "vc",
        }
    }
}

/// A stand's state under fire (the levels the morale table raises and
/// lowers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Status {
    Ok,
    Suppressed,
    Disrupted,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "in good order",
            Status::Suppressed => "Suppressed",
            Status::Disrupted => "Disrupted",
        }
    }
    /// One level better (morale OK, Notes: MORALE).
    pub fn improved(self) -> Status {
        match self {
            Status::Disrupted => Status::Suppressed,
            _ => Status::Ok,
        }
    }
}

/// Why a stand is no longer on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Gone {
    Killed,
    Destroyed,
    /// Left by the far edge (a column getting through).
    Exited,
    /// A damaged helicopter or aircraft leaving the table.
    LeftTable,
}

impl Gone {
    /// Counts as a casualty for morale and victory.
    pub fn is_loss(self) -> bool {
        matches!(self, Gone::Killed | Gone::Destroyed)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aboard {
    pub carrier: StandId,
    /// Riding on top (may fire, counts as in the open) or inside.
    pub on_top: bool,
}

/// What a stand did in the current activation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ActivationLog {
    /// Allowance used, in off-road inches.
    pub moved: f64,
    /// Straight-line distance covered (the M113 rule counts inches moved).
    pub distance: f64,
    /// Bit per weapon fired.
    pub weapons: u8,
    pub fired: u8,
    pub done: bool,
    pub wire_tries: u8,
    /// Landed or took off (helicopters).
    pub landed: bool,
    pub took_off: bool,
    /// Plotted artillery (an FO may not move afterwards).
    pub plotted: bool,
    /// The target it charged.
    pub charged: Option<StandId>,
    pub rocket_pairs: u8,
    /// The main gun's target (a hull MG may join it outside its arc).
    pub gun_target: Option<StandId>,
    /// Embarked or got off.
    pub carried: bool,
    /// Stopped for the rest of the turn (a mine clearer halted by fire).
    pub halted: bool,
}

/// What a stand did this turn.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnLog {
    pub moved: f64,
    pub fired: bool,
    /// Already in a close combat this turn.
    pub close_combat: bool,
    pub overwatch_fired: bool,
    /// Helicopters it fired at from the ground this turn.
    pub air_targets: Vec<StandId>,
    pub point_blank: bool,
    /// A company commander gave his rating to a platoon's check.
    pub cc_bonus: bool,
    /// Cut wire this turn: may not fire.
    pub cut_wire: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stand {
    pub id: StandId,
    /// Index into the unit types.
    pub unit: u16,
    pub side: Side,
    pub platoon: PlatoonId,
    /// Its number in the platoon, for names.
    pub number: u8,
    pub pos: Point,
    /// Degrees clockwise from up the table.
    pub facing: f64,
    pub status: Status,
    pub gone: Option<Gone>,
    pub aboard: Option<Aboard>,
    /// Still under its platoon's hidden card.
    pub hidden: bool,
    /// Carries a grenade launcher (US squads, about one in three).
    pub grenade_launcher: bool,
    /// A commander's rating (0, +1, +2).
    pub rating: i8,
    /// Lost a track on a mine: cannot move for the rest of the game.
    pub immobile: bool,
    /// A half-track stuck in wire.
    pub stuck: bool,
    pub airborne: bool,
    pub damaged: u8,
    /// Not yet on the table: comes on at the start of this turn.
    pub arrives: Option<u8>,
    pub act: ActivationLog,
    pub this_turn: TurnLog,
}

impl Stand {
    pub fn on_table(&self) -> bool {
        self.gone.is_none() && self.arrives.is_none() && self.aboard.is_none()
    }
    /// On the table or carried: still in the game.
    pub fn alive(&self) -> bool {
        self.gone.is_none() && self.arrives.is_none()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Quality {
    Veteran,
    Regular,
    Green,
    PartVeteran,
    PartGreen,
}

impl Quality {
    pub fn name(self) -> &'static str {
        match self {
            Quality::Veteran => "veteran",
            Quality::Regular => "regular",
            Quality::Green => "green",
            Quality::PartVeteran => "part veteran",
            Quality::PartGreen => "part green",
        }
    }
}

/// Fire given and taken, for the morale check exemption (Notes: TURN
/// SEQUENCE): this turn and last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireRecord {
    pub fired: bool,
    pub fired_on: bool,
    pub fired_last: bool,
    pub fired_on_last: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OverwatchHold {
    /// Order in which platoons went on overwatch (end of turn order).
    pub seq: u16,
    /// The platoon's check for its overwatch fire is taken.
    pub morale_taken: bool,
    /// A bad check ended its overwatch: no fire.
    pub stood_down: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Platoon {
    pub id: PlatoonId,
    pub name: String,
    pub side: Side,
    pub quality: Quality,
    /// US troops (-1 on the morale check).
    pub us: bool,
    /// Has a card in the deck (a divisional FO does not).
    pub card: bool,
    /// Company-level attachments treated together as a platoon.
    pub company: bool,
    pub activations: u8,
    pub overwatch: Option<OverwatchHold>,
    pub record: FireRecord,
    /// Units counted at the start (softskin transport not counted).
    pub strength: u8,
    /// Its hidden card's marker while hidden.
    pub card_marker: Option<u16>,
    pub arrives: Option<u8>,
    pub last_morale: Option<crate::data::MoraleResult>,
}

/// A face-down card of the hidden deployment: a platoon, an FO, a company
/// commander or a bogus card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HiddenCard {
    /// Numbered at random from the seed.
    pub marker: u16,
    pub side: Side,
    pub pos: Point,
    /// `None`: bogus.
    pub platoon: Option<PlatoonId>,
    /// Full-size card (FOs, company commanders).
    pub large: bool,
    pub revealed: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MineState {
    /// Unknown to the other side.
    Laid,
    /// Shown to be real and still there.
    Real,
    /// Gone (cleared, shown bogus, destroyed by artillery).
    Gone,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MineStrip {
    pub marker: u16,
    /// The side that laid it.
    pub side: Side,
    pub pos: Point,
    pub real: bool,
    pub state: MineState,
    /// Laid unseen (a scenario's hidden mines): absent from the enemy's view
    /// until crossed.
    pub hidden: bool,
    /// A vehicle was destroyed in it: no vehicle may enter it again.
    pub wreck: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireStrip {
    pub id: u16,
    pub pos: Point,
    /// Degrees clockwise from up the table of its long side.
    pub angle: f64,
    pub gone: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sniper {
    pub id: u16,
    pub side: Side,
    pub pos: Point,
    pub gone: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SmokeScreen {
    pub centre: Point,
    pub width: f64,
    pub depth: f64,
    /// Degrees clockwise from up the table of the screen's width.
    pub angle: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battery {
    pub id: u16,
    pub side: Side,
    pub name: String,
    pub band: crate::data::AreaBand,
    pub calibre_mm: u32,
    /// Model guns (each its own template).
    pub models: u8,
    pub control: crate::data::Control,
    pub smoke: crate::data::SmokeSize,
    /// Model guns fired this turn.
    pub fired: u8,
}

/// A numbered counter of a divisional plot: public; which battery is behind
/// it, if any, is known to its side only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlotCounter {
    pub number: u8,
    pub side: Side,
    pub pos: Point,
    pub battery: Option<u16>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StrikeKind {
    Bombs,
    Napalm,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AirStrike {
    pub id: u16,
    pub side: Side,
    pub name: String,
    pub kind: StrikeKind,
    pub planes: u8,
    pub from_turn: u8,
    pub used: bool,
    /// Ground fire suppressed it: its bombs fall further off.
    pub suppressed: bool,
}

/// A close combat (Chart: CLOSE ASSAULT).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Melee {
    pub id: u16,
    pub attackers: Vec<StandId>,
    /// The stand lined up against, then a supporter if one joins.
    pub defenders: Vec<StandId>,
    /// A draw: it goes on at the next activation.
    pub drawn: bool,
    pub support_asked: bool,
}

/// The options a group may set differently (Setup options).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Options {
    /// M113 capacity 3 (the ACAV chart) instead of 2 (Unit scales).
    pub acav_three: bool,
    /// Divisional fire lands at the start of the next turn (notes) instead
    /// of the end of the turn (chart).
    pub divisional_next_turn: bool,
    /// US 105mm counts as local (notes: only the 155s are divisional).
    pub us_105_local: bool,
    /// Results escalate (a second Suppressed disrupts).
    pub escalate: bool,
    /// US platoons may be part veteran or part green (a die at set-up).
    pub part_quality: bool,
    pub hidden_deployment: bool,
    pub hidden_mines: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub rng: GameRng,
    pub scenario: String,
    /// Indexes of the scenario and its table in the loaded ruleset.
    pub scen: u16,
    pub table: u16,
    pub options: Options,
    pub turn: u8,
    pub turns: u8,
    /// The current decision is the top; procedures waiting below.
    pub steps: Vec<Step>,
    pub deck: Deck<Side>,
    /// The card in play.
    pub card: Option<Side>,
    pub stands: Vec<Stand>,
    pub platoons: Vec<Platoon>,
    pub cards: Vec<HiddenCard>,
    pub mines: Vec<MineStrip>,
    pub wire: Vec<WireStrip>,
    pub snipers: Vec<Sniper>,
    pub smoke: Vec<SmokeScreen>,
    pub batteries: Vec<Battery>,
    pub plots: Vec<PlotCounter>,
    pub strikes: Vec<AirStrike>,
    pub melees: Vec<Melee>,
    pub next_melee: u16,
    pub overwatch_seq: u16,
    /// The side that declined every further reaction in this activation.
    pub holding_fire: Option<Side>,
    /// The platoon whose activation is under way.
    pub active: Option<PlatoonId>,
    /// The pre-game bombardment, plotted and waiting to fall.
    pub bombard: Vec<crate::command::Aim>,
    pub bombard_side: Option<Side>,
    pub winner: Option<Option<Side>>,
    pub result_text: String,
}

impl State {
    pub fn stand(&self, id: StandId) -> &Stand {
        &self.stands[id as usize]
    }
    pub fn stand_mut(&mut self, id: StandId) -> &mut Stand {
        &mut self.stands[id as usize]
    }
    pub fn platoon(&self, id: PlatoonId) -> &Platoon {
        &self.platoons[id as usize]
    }
    pub fn platoon_mut(&mut self, id: PlatoonId) -> &mut Platoon {
        &mut self.platoons[id as usize]
    }
    pub fn step(&self) -> &Step {
        self.steps.last().unwrap_or(&Step::Over)
    }
    pub fn members(&self, p: PlatoonId) -> impl Iterator<Item = &Stand> {
        self.stands.iter().filter(move |s| s.platoon == p)
    }
    pub fn on_table(&self) -> impl Iterator<Item = &Stand> {
        self.stands.iter().filter(|s| s.on_table())
    }
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }
    pub fn passengers(&self, carrier: StandId) -> impl Iterator<Item = &Stand> {
        self.stands
            .iter()
            .filter(move |s| s.gone.is_none() && s.aboard.is_some_and(|a| a.carrier == carrier))
    }
    pub fn melee(&self, id: u16) -> Option<&Melee> {
        self.melees.iter().find(|m| m.id == id)
    }
}
