//! The game state: everything needed to go on, the generator included.
//!
//! Plain serializable data (Vec, no maps), so a state digests the same on
//! every platform. Units, casualty markers, caches and traps are kept in
//! vectors and never removed: a unit that leaves play keeps its slot with a
//! [`UnitStatus`] saying why, so ids stay stable for the log and the saves.

use crate::data::MissionKind;
use crate::geo::Hex;
use crate::step::Step;
use serde::{Deserialize, Serialize};
use vt_core::cup::Cup;
use vt_core::rng::GameRng;

/// The two sides. Index 0 is the US, 1 the NVA/VC (the order of
/// `GameInfo::sides`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    Us,
    Nva,
}

impl Side {
    pub fn idx(self) -> usize {
        match self {
            Side::Us => 0,
            Side::Nva => 1,
        }
    }

    pub fn from_idx(i: u8) -> Side {
        if i == 0 { Side::Us } else { Side::Nva }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Us => Side::Nva,
            Side::Nva => Side::Us,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Us => "US",
            Side::Nva => "NVA/VC",
        }
    }
}

pub type UnitId = u16;

/// Helicopter altitude (6.8). Ground units are always at `Ground`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Altitude {
    Ground,
    Treetop,
    High,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnitStatus {
    /// Not yet arrived (reinforcement, medevac, Cobras, VC event).
    Waiting,
    OnMap,
    /// Transported inside a vehicle or helicopter (`carrier`).
    Loaded,
    /// Removed by combat (replaced by a KIA/WIA marker, or no marker).
    Eliminated,
    /// Left the map (evacuating, or a helicopter flying off).
    Exited,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    /// Index into the ruleset's unit types.
    pub ty: u16,
    pub side: Side,
    pub status: UnitStatus,
    pub hex: Option<Hex>,
    pub carrier: Option<UnitId>,
    pub altitude: Altitude,
    pub reduced: bool,
    pub concealed: bool,
    /// The number on its Concealed marker while concealed: what the other
    /// side sees instead of the unit.
    pub marker: u16,
    pub suppressed: bool,
    pub broken: bool,
    pub exhausted: bool,
    pub low_ammo: bool,
    pub hero: bool,
    pub searching: u8,
    /// Activation Complete marker (5.0).
    pub activated: bool,
    /// Op Fired marker (21.0).
    pub op_fired: bool,
    /// Has used its one extra attempt against the current retreat (21.0).
    pub op_fired_retreat: bool,
    /// Has tried to become Concealed this Concealment Phase (18.2).
    pub tried_concealment: bool,
    pub immobilized: bool,
    /// Helicopter downed (WIA result, 7.4): may only unload.
    pub downed: bool,
    /// The Bunker or Foxholes (cache index) it sits in.
    pub fort: Option<u16>,
    /// Turn it arrives, while Waiting.
    pub arrives: Option<u8>,
    pub entry: Option<crate::map::Edge>,
    /// Must be off the map by the end of this turn (4.0, 15.0, 19.6, 12.0).
    pub leave_by: Option<u8>,
    /// May only conduct Move actions (4.0: a Slick after unloading).
    pub move_only: bool,
    /// A Medevac Slick (12.0): only KIA/WIA may board.
    pub medevac: bool,
}

impl Unit {
    /// A new counter of type `ty` for `side`, not on the map, with no
    /// markers: what [`Fte::spawn`](crate::Fte::spawn) adds and what the
    /// computer player's route planning walks with.
    pub fn fresh(id: UnitId, ty: u16, side: Side, status: UnitStatus, altitude: Altitude) -> Unit {
        Unit {
            id,
            ty,
            side,
            status,
            hex: None,
            carrier: None,
            altitude,
            reduced: false,
            concealed: false,
            marker: 0,
            suppressed: false,
            broken: false,
            exhausted: false,
            low_ammo: false,
            hero: false,
            searching: 0,
            activated: false,
            op_fired: false,
            op_fired_retreat: false,
            tried_concealment: false,
            immobilized: false,
            downed: false,
            fort: None,
            arrives: None,
            entry: None,
            leave_by: None,
            move_only: false,
            medevac: false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CasualtyKind {
    Kia,
    Wia,
    Injury,
}

impl CasualtyKind {
    pub fn name(self) -> &'static str {
        match self {
            CasualtyKind::Kia => "KIA",
            CasualtyKind::Wia => "WIA",
            CasualtyKind::Injury => "Injury",
        }
    }
}

/// A KIA, WIA or Injury marker (7.5, 19.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Casualty {
    pub id: u16,
    /// Whose man it is.
    pub side: Side,
    pub kind: CasualtyKind,
    /// On the map, not carried.
    pub hex: Option<Hex>,
    /// Carried by an infantry unit, or transported in a vehicle/helicopter.
    pub carrier: Option<UnitId>,
    pub gone: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CacheKind {
    Rice,
    Medical,
    Ammo,
    Dummy,
    Tunnel,
    Bunker,
    Foxholes,
}

impl CacheKind {
    pub fn name(self) -> &'static str {
        match self {
            CacheKind::Rice => "Rice Cache",
            CacheKind::Medical => "Medical Cache",
            CacheKind::Ammo => "Ammo Cache",
            CacheKind::Dummy => "Dummy Cache",
            CacheKind::Tunnel => "Tunnel",
            CacheKind::Bunker => "Bunker",
            CacheKind::Foxholes => "Foxholes",
        }
    }

    pub fn is_fort(self) -> bool {
        matches!(self, CacheKind::Bunker | CacheKind::Foxholes)
    }
}

/// A Hidden Cache, Dummy Cache, Tunnel, Bunker or Foxholes marker (23.0-25.0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cache {
    pub id: u16,
    pub owner: Side,
    pub kind: CacheKind,
    pub hex: Hex,
    pub revealed: bool,
    pub gone: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrapKind {
    BoobyTrap,
    Claymore,
}

/// A plotted Booby Trap or Claymore Mine (26.0): secret until set off.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trap {
    pub owner: Side,
    pub kind: TrapKind,
    pub hex: Hex,
    pub used: bool,
}

/// A requested fire mission (13.0, 16.0, 19.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mission {
    pub side: Side,
    pub kind: MissionKind,
    pub target: Hex,
    /// The turn it executes.
    pub turn: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Chit {
    Side(Side),
    RandomEvent,
}

/// How the current activation was made (5.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActivationKind {
    Leader(UnitId),
    Hex(Hex),
    Unit(UnitId),
    Helicopters(Vec<UnitId>),
}

/// What an activated unit has done so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Acted {
    pub unit: UnitId,
    pub actions: Vec<ActionKind>,
    /// Its activation was ended early (an Opportunity Fire result, 7.4).
    pub ended: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionKind {
    Move,
    Fire,
    Assault,
    Search,
    Recover,
    DestroyCache,
    Medevac,
    FireMission,
    Load,
    Unload,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveMode {
    Normal,
    DoubleTime,
    Stealthy,
}

/// A Move action under way (6.0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moving {
    pub units: Vec<UnitId>,
    pub mode: MoveMode,
    /// Half movement points left.
    pub left: u8,
    pub hexes: u8,
    /// Entered the last hex along a trail or road (6.1 note a).
    pub on_trail: bool,
    pub fort_used: bool,
    pub altitude_changed: bool,
    /// Hexes this move tried to enter and found held by Concealed enemy
    /// units (6.2): known blocked for the rest of the move.
    #[serde(default)]
    pub refused: Vec<crate::geo::Hex>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    pub side: Side,
    pub kind: ActivationKind,
    /// Units this activation may use (5.1).
    pub eligible: Vec<UnitId>,
    pub acted: Vec<Acted>,
    /// Units that used Double Time: Exhausted when the activation ends (6.6).
    pub exhaust: Vec<UnitId>,
    /// A Broken Leader activated alone may only Recover or Move (5.1).
    pub broken_leader: bool,
}

/// What set off an Opportunity Fire chance (21.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TriggerKind {
    Move,
    Search,
    DestroyCache,
    Load,
    Unload,
    Retreat,
    /// Defenders firing at assaulting units (8.0).
    Assault,
    /// Entering or leaving a Bunker or Foxholes (24.0, 25.0).
    Fort,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpFire {
    pub kind: TriggerKind,
    /// The units that may be fired on.
    pub targets: Vec<UnitId>,
    pub hex: Hex,
    /// Only these may fire (the defenders of an assault); empty: any.
    pub only: Vec<UnitId>,
    pub stealthy: bool,
    pub on_trail: bool,
    /// Units that passed the Troop Quality Check and may now fire.
    pub passed: Vec<UnitId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AssaultStage {
    /// Defenders' Opportunity Fire, then the Troop Quality Checks.
    Opening,
    /// Attackers declare their fire for this round.
    AttackerFire,
    DefenderFire,
    /// Apply the round's results.
    Resolve,
    Advance,
}

/// A result waiting to be applied at the end of a simultaneous round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub target: UnitId,
    pub effect: crate::data::Effect,
    pub firer_hex: Hex,
    pub sapper: Option<UnitId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assault {
    pub side: Side,
    pub hex: Hex,
    pub attackers: Vec<UnitId>,
    pub round: u8,
    pub stage: AssaultStage,
    pub fired: Vec<UnitId>,
    pub results: Vec<Pending>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Every die, shuffle and draw (tests queue dice with `rng.force`,
    /// the `forced-dice` feature).
    pub rng: GameRng,
    pub scenario: String,
    pub map: String,
    pub turn: u8,
    pub turns: u8,
    /// Where the game stands: the phase of the turn at the bottom, a Move
    /// under way above it, and on top the interrupts still to answer
    /// (the top is the current decision; see [`crate::step`]).
    pub steps: Vec<Step>,
    pub first_player: Side,
    /// The side whose activation it is (5.0).
    pub active: Side,
    pub cup: Cup<Chit>,
    /// Activation chits each side puts in the cup each turn.
    pub chits: [u8; 2],
    pub random_event_chit: bool,
    pub units: Vec<Unit>,
    pub casualties: Vec<Casualty>,
    pub caches: Vec<Cache>,
    pub traps: Vec<Trap>,
    pub missions: Vec<Mission>,
    pub vp: [i32; 2],
    pub activation: Option<Activation>,
    /// Higher HQ (19.5): no Leader Activations this turn.
    pub higher_hq: [bool; 2],
    pub aerial_observer: bool,
    pub vc_events: u8,
    pub medevac_due: Option<u8>,
    /// Set-up units still to place, per side (plotting order).
    pub to_plot: [u8; 2],
    pub claymores_to_plot: u8,
    pub placed: Vec<UnitId>,
    /// Scenario special: US infantry may carry casualties off this edge.
    pub us_carry_off: Option<crate::map::Edge>,
    pub result: Option<Side>,
}

impl State {
    /// The current step: what the game waits for.
    pub fn step(&self) -> &Step {
        self.steps.last().unwrap_or(&Step::Over)
    }

    /// The phase of the turn: the bottom step.
    pub fn phase_step(&self) -> &Step {
        self.steps.first().unwrap_or(&Step::Over)
    }

    /// The next phase of the turn: replaces the bottom step. A Move under
    /// way belongs to the activation and ends with it; interrupts still to
    /// answer stay on top.
    pub fn set_phase(&mut self, phase: Step) {
        self.end_move();
        match self.steps.first_mut() {
            Some(bottom) => *bottom = phase,
            None => self.steps.push(phase),
        }
    }

    /// Puts a step on top: it is answered before the ones below go on.
    pub fn push(&mut self, step: Step) {
        self.steps.push(step);
    }

    /// Takes the top step off, never the phase at the bottom.
    pub fn pop(&mut self) -> Option<Step> {
        if self.steps.len() > 1 {
            self.steps.pop()
        } else {
            None
        }
    }

    /// The top step, for its section to change.
    pub fn top_mut(&mut self) -> Option<&mut Step> {
        self.steps.last_mut()
    }

    /// The interrupt on top, if the current step is one.
    pub fn interrupt(&self) -> Option<&Step> {
        Some(self.step()).filter(|x| x.is_interrupt())
    }

    /// The Move action under way (6.0), wherever it stands in the stack.
    pub fn moving(&self) -> Option<&Moving> {
        self.steps.iter().rev().find_map(|x| match x {
            Step::Moving(m) => Some(m),
            _ => None,
        })
    }

    /// The step on top, to change what it carries.
    pub(crate) fn step_mut(&mut self) -> Option<&mut Step> {
        self.steps.last_mut()
    }

    pub fn moving_mut(&mut self) -> Option<&mut Moving> {
        self.steps.iter_mut().rev().find_map(|x| match x {
            Step::Moving(m) => Some(m),
            _ => None,
        })
    }

    /// The Move action under way ends.
    pub fn end_move(&mut self) {
        self.steps.retain(|x| !matches!(x, Step::Moving(_)));
    }

    /// Which of `units` sit under Concealed markers now (for the log).
    pub fn marked(&self, units: &[UnitId]) -> Option<crate::event::Marked> {
        let markers: Vec<(UnitId, u16)> = units
            .iter()
            .map(|&u| self.unit(u))
            .filter(|u| u.concealed)
            .map(|u| (u.id, u.marker))
            .collect();
        let side = self.unit(*units.first()?).side;
        (!markers.is_empty()).then_some(crate::event::Marked { side, markers })
    }

    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id as usize]
    }

    pub fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        &mut self.units[id as usize]
    }

    /// A d10 (1-10; the 0 face is ten).
    pub fn d10(&mut self) -> u8 {
        self.rng.die(10)
    }

    pub fn d6(&mut self) -> u8 {
        self.rng.die(6)
    }

    pub fn on_map(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.status == UnitStatus::OnMap)
    }

    pub fn units_at(&self, h: Hex) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .filter(move |u| u.status == UnitStatus::OnMap && u.hex == Some(h))
    }

    pub fn casualty_hex(&self, c: &Casualty) -> Option<Hex> {
        if c.gone {
            return None;
        }
        match c.carrier {
            Some(u) => {
                let u = self.unit(u);
                if u.status == UnitStatus::OnMap {
                    u.hex
                } else if let Some(cr) = u.carrier {
                    self.unit(cr).hex
                } else {
                    None
                }
            }
            None => c.hex,
        }
    }

    pub fn carried_by(&self, u: UnitId) -> impl Iterator<Item = &Casualty> {
        self.casualties
            .iter()
            .filter(move |c| !c.gone && c.carrier == Some(u))
    }
}
