//! The game state: everything needed to go on, the generator included.
//!
//! Plain serializable data (vectors, no hash maps), so a state digests the
//! same on every platform. Counters are never removed: one that leaves play
//! keeps its slot with the reason, so ids stay stable for the log and saves.
//! Things done "this Player Turn" are kept as the number of the Player Turn
//! they were done in ([`State::pt`]): nothing has to be reset.

use crate::data::{Column, Deployment, Level, Mode, Optional, OrderId, Role};
use crate::map::Hex;
use crate::step::Step;
use serde::{Deserialize, Serialize};
use vt_core::rng::GameRng;

/// The two sides: index 0 is the US, 1 the NLF (the order of `GameInfo::sides`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    Us,
    Nlf,
}

impl Side {
    pub fn idx(self) -> u8 {
        match self {
            Side::Us => 0,
            Side::Nlf => 1,
        }
    }

    pub fn from_idx(i: u8) -> Side {
        if i == 0 { Side::Us } else { Side::Nlf }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Us => Side::Nlf,
            Side::Nlf => Side::Us,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Us => "US",
            Side::Nlf => "NLF",
        }
    }
}

pub type CounterId = u16;

/// Where a counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Not yet arrived (a later lift, a reinforcement, a called company).
    Waiting,
    OnMap,
    /// Carried by another counter (a cache by a unit or porter, a prisoner).
    Carried,
    Gone,
}

/// Why a counter left play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gone {
    Killed,
    Destroyed,
    Captured,
    /// A dummy or an ambush marker taken off the map.
    Removed,
    /// Lifted out by helicopter.
    Evacuated,
    /// A waiting force that never came.
    NeverArrived,
}

/// How a waiting US counter arrives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arrival {
    Helicopter,
    /// On a road from the map edge (D3).
    Road,
}

/// A unit sitting on a cache to destroy or capture it (B3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Work {
    pub cache: CounterId,
    /// The Player Turn it stopped on the cache.
    pub since: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    pub id: CounterId,
    pub role: Role,
    pub side: Side,
    pub status: Status,
    pub gone: Option<Gone>,
    pub hex: Option<Hex>,
    /// NLF counters start face down (B4); what the US sees then is the marker.
    pub face_down: bool,
    /// The number on the back of the counter: what the other side reads
    /// while it is face down (drawn at random from the seed).
    pub marker: u16,
    pub carried_by: Option<CounterId>,
    pub carrying: Option<CounterId>,
    /// Pinned through the end of this Player Turn (B9).
    pub pinned_through: Option<u16>,
    /// The Player Turn it last moved, fired, was attacked, arrived.
    pub moved: u16,
    pub fired: u16,
    pub attacked: u16,
    pub arrived: u16,
    /// The Player Turn it was turned face up (B6: no US fire at it that turn).
    pub revealed: u16,
    /// Movement points left in Player Turn `mp_turn` (others: full).
    pub mp_turn: u16,
    pub mp_left: u8,
    /// Units of fire spent in Player Turn `fired` (O2b, O3a) and the first target.
    pub fire_used: u8,
    pub first_target: Option<Hex>,
    /// The Player Turn it fired at helicopters (B5, B7e).
    pub heli_fired: u16,
    /// The Player Turn it probed (B8), challenged (A6).
    pub probed: u16,
    pub challenged: u16,
    /// Units of fire left (O3).
    pub ammo: u8,
    /// Casualties taken (O4c: six and it is gone).
    pub casualties: u8,
    /// The US has been told there are people under this counter (A6, O3b).
    pub people_known: bool,
    /// Exposed by interrogation: the NLF may not move it (A4).
    pub exposed: bool,
    /// Solitaire: the NLF units this US unit discovered (B6).
    pub locked_by: Vec<CounterId>,
    pub work: Option<Work>,
    /// S5: stopped on face-down counters, entered from this hex.
    pub search_from: Option<Hex>,
    /// S5: may uncover its hex for the search cost (no combat units there).
    pub may_uncover: bool,
    /// While waiting to arrive: when and how.
    pub waiting: Option<WaitingFor>,
    /// Ambush counter (O5): the unit that laid it.
    pub ambusher: Option<CounterId>,
    /// Arrival on a ground-held (already sprung) booby trap this Player Turn.
    pub trapped: u16,
    /// The Player Turn it last laid an ambush (O5) or hid (S3).
    pub hid: u16,
}

/// When and how a waiting force arrives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitingFor {
    /// The Game Turn it arrives; `None` while it waits to be called.
    pub turn: Option<u8>,
    pub arrival: Arrival,
    pub group: Group,
    /// The road it must enter by (index into the map's entries), if written.
    pub entry: Option<u8>,
}

/// Which force a waiting counter belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Group {
    /// The initial landing or drive.
    First,
    /// The second lift of an order (C1-C2) or the remainder of a Bait company (D2).
    Second,
    /// The reinforcing company (D4) or Eagle Flight's company (C3).
    Company,
}

impl Counter {
    pub fn new(id: CounterId, role: Role, side: Side) -> Counter {
        Counter {
            id,
            role,
            side,
            status: Status::Waiting,
            gone: None,
            hex: None,
            face_down: false,
            marker: 0,
            carried_by: None,
            carrying: None,
            pinned_through: None,
            moved: 0,
            fired: 0,
            attacked: 0,
            arrived: 0,
            revealed: 0,
            mp_turn: 0,
            mp_left: 0,
            fire_used: 0,
            first_target: None,
            heli_fired: 0,
            probed: 0,
            challenged: 0,
            ammo: 0,
            casualties: 0,
            people_known: false,
            exposed: false,
            locked_by: Vec::new(),
            work: None,
            search_from: None,
            may_uncover: false,
            waiting: None,
            ambusher: None,
            trapped: 0,
            hid: 0,
        }
    }

    pub fn on_map(&self) -> bool {
        self.status == Status::OnMap
    }

    /// On the map or carried (a captured cache, a prisoner).
    pub fn in_play(&self) -> bool {
        matches!(self.status, Status::OnMap | Status::Carried)
    }

    pub fn at(&self, h: Hex) -> bool {
        self.status == Status::OnMap && self.hex == Some(h)
    }

    pub fn pinned(&self) -> bool {
        self.pinned_through.is_some()
    }
}

/// A casualty counter (O4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Casualty {
    pub id: u16,
    /// Whose man.
    pub side: Side,
    pub kia: bool,
    pub hex: Option<Hex>,
    /// With the unit that took it, or carried by a medic or an NLF unit.
    pub with: Option<CounterId>,
    /// Picked up by the other side's medic (O4d: held by the enemy).
    pub held_by_enemy: bool,
    /// Points for it still wait for a US unit to pass over (O11).
    pub pending: bool,
    /// The points it is worth when it is scored.
    pub points: i32,
    pub evacuated: bool,
    /// Left on a booby trap (O4d, S6).
    pub on_trap: bool,
}

/// Who may read a ledger entry before the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reader {
    Both,
    /// Only this side until the end (its own secret choices).
    Only(Side),
}

/// One line of the points ledger (B3, B10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Award {
    /// Who scores.
    pub side: Side,
    pub points: i32,
    pub why: String,
    pub rule: String,
    pub turn: u8,
    pub reader: Reader,
    /// Body count (O11): not scored until a US unit passes over this hex.
    pub pending: Option<Hex>,
}

/// A field of fire that lasts into the enemy's Movement Phase (O8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zone {
    pub side: Side,
    pub firer: CounterId,
    /// The firing unit's Attack Strength, in half points.
    pub strength: u16,
    /// The hexes, and whether each lies in the extended half-strength band.
    pub hexes: Vec<(Hex, bool)>,
    /// Lasts through the Movement Phase of this Player Turn.
    pub until: u16,
    /// Units it has already attacked as they moved.
    pub struck: Vec<CounterId>,
}

/// The battery (O7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battery {
    /// Game Turn from whose Combat Phase it may fire for effect.
    pub ready: Option<u8>,
    /// The last Center of Impact (O7.4).
    pub coi: Option<Hex>,
    /// The Player Turn it last fired.
    pub fired: u16,
    /// The F.O. that asked for the adjustment.
    pub fo: Option<CounterId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StrikeKind {
    PrePlanned,
    OnCall,
}

/// An air strike (O9), secret until it comes in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strike {
    pub kind: StrikeKind,
    /// Game Turn it comes in.
    pub turn: u8,
    /// The impact area written down in advance (the LZ preparation).
    pub area: Vec<Hex>,
    pub done: bool,
    pub cancelled: bool,
    /// Counts for the D5 award (orders' strikes do not).
    pub award: bool,
}

/// What a helicopter is doing on the ground (O3a, O10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HeliJob {
    Ammo,
    Medevac,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Helicopter {
    pub job: HeliJob,
    pub hex: Hex,
    /// Player Turn it landed.
    pub landed: u16,
    pub gone: bool,
}

/// An interrogation under way (A4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interrogation {
    pub arvn: CounterId,
    /// The peasants or the captured porter.
    pub subject: CounterId,
    pub started: u8,
    pub done: bool,
}

/// What the US has been told about a hex (S5 search, A6, O3b).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    pub hex: Hex,
    pub turn: u8,
    pub combat_units: bool,
}

/// A reinforcement call written down (D6, C3), secret until it lands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Call {
    pub group: Group,
    pub turn: u8,
    pub arrives: u8,
    /// The road entry, for ground reinforcements (index into the map's entries).
    pub entry: Option<u8>,
}

/// The phase of the Game Turn (B1), for the turn track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    SetUp,
    UsMovement,
    UsCombat,
    NlfMovement,
    NlfCombat,
    Over,
}

/// The optional rules in play (O1-O12).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub on: Vec<Optional>,
    /// O8's further half-strength band.
    pub extended_fields: bool,
}

impl Options {
    pub fn has(&self, o: Optional) -> bool {
        self.on.contains(&o)
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub rng: GameRng,
    pub scenario: String,
    pub map: String,
    pub level: Level,
    pub mode: Mode,
    pub options: Options,
    pub chain_of_command: bool,
    pub deployment_choice: bool,
    /// Game Turn (1-based) and how many there are.
    pub turn: u8,
    pub turns: u8,
    pub active: Side,
    pub phase: Phase,
    /// What the game waits for: the top is current.
    pub steps: Vec<Step>,
    pub counters: Vec<Counter>,
    pub casualties: Vec<Casualty>,
    pub ledger: Vec<Award>,
    pub zones: Vec<Zone>,
    pub battery: Battery,
    pub strikes: Vec<Strike>,
    pub helicopters: Vec<Helicopter>,
    pub interrogations: Vec<Interrogation>,
    /// The Game Turn of the last interrogation roll (one a Game Turn, A4).
    pub interrogated: u8,
    /// Types already exposed this game (A4).
    pub exposed: Vec<Role>,
    pub reports: Vec<Report>,
    pub calls: Vec<Call>,
    /// Hexes where a helicopter landed or lifted this Player Turn (B5).
    pub heli_hexes: Vec<Hex>,
    pub heli_pt: u16,
    /// Hexes probed this Player Turn (B8: no fire into them).
    pub probed: Vec<Hex>,
    /// Units lifting off, waiting for the NLF's fire (B5).
    pub lifting: Vec<CounterId>,
    pub next_marker: u16,
    pub next_casualty: u16,
    /// Secret set-up choices.
    pub order: Option<OrderId>,
    pub order_drawn: bool,
    pub column: Option<Column>,
    pub deployment: Option<Deployment>,
    /// US Player Turn in which the US declared Day-to-Day (D0).
    pub day_to_day: Option<u8>,
    /// Eagle Flight: the Game Turn the company was committed (C3).
    pub committed: Option<u8>,
    /// Eagle Flight: the Ranger is engaged or found a cache (C3).
    pub engaged: bool,
    /// Strikes that came in this Game Turn (O9).
    pub strikes_this_turn: u8,
    /// On-call strikes the US may still ask for (None: as many as it likes,
    /// each giving the NLF points, D5).
    pub strikes_left: Option<u8>,
    /// Set-up stages done: pre-planned strikes written (O9.1), NLF placed (B4).
    pub planned: bool,
    pub placed: bool,
    pub result: Option<String>,
    pub summary: String,
}

impl State {
    /// The Player Turn number: Game Turn t has US Player Turn 2t-1 and
    /// NLF Player Turn 2t. Set-up is 0.
    pub fn pt(&self) -> u16 {
        if self.turn == 0 {
            return 0;
        }
        2 * self.turn as u16 - if self.active == Side::Us { 1 } else { 0 }
    }

    /// The next Player Turn of `side` strictly after the current one.
    pub fn next_own_pt(&self, side: Side) -> u16 {
        let pt = self.pt();
        let own = if side == Side::Us { 1 } else { 0 };
        // US turns are odd, NLF turns even.
        let mut n = pt + 1;
        while n % 2 != own {
            n += 1;
        }
        n
    }

    pub fn step(&self) -> &Step {
        self.steps.last().unwrap_or(&Step::Over)
    }

    pub fn c(&self, id: CounterId) -> &Counter {
        &self.counters[id as usize]
    }

    pub fn cm(&mut self, id: CounterId) -> &mut Counter {
        &mut self.counters[id as usize]
    }

    pub fn has(&self, o: Optional) -> bool {
        self.options.has(o)
    }

    pub fn standard(&self) -> bool {
        self.level == Level::Standard
    }

    pub fn solitaire(&self) -> bool {
        self.mode == Mode::Solitaire
    }

    /// B10: the US company commander was destroyed, so the US may not win
    /// (public: the commander is a face-up US unit).
    pub fn commander_lost(&self) -> bool {
        self.counters
            .iter()
            .any(|c| c.role == Role::Commander && c.gone == Some(Gone::Killed))
    }

    /// Counters on the map in `h`.
    pub fn at(&self, h: Hex) -> impl Iterator<Item = &Counter> {
        self.counters.iter().filter(move |c| c.at(h))
    }

    pub fn ids_at(&self, h: Hex) -> Vec<CounterId> {
        self.at(h).map(|c| c.id).collect()
    }

    /// Counters on the map.
    pub fn on_map(&self) -> impl Iterator<Item = &Counter> {
        self.counters.iter().filter(|c| c.on_map())
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Movement points left this Player Turn.
    pub fn mp_left(&self, id: CounterId, allowance: u8) -> u8 {
        let c = self.c(id);
        if c.mp_turn == self.pt() {
            c.mp_left
        } else {
            allowance
        }
    }

    pub fn spend_mp(&mut self, id: CounterId, allowance: u8, cost: u8) {
        let left = self.mp_left(id, allowance).saturating_sub(cost);
        let pt = self.pt();
        let c = self.cm(id);
        c.mp_turn = pt;
        c.mp_left = left;
    }

    pub fn award(
        &mut self,
        side: Side,
        points: i32,
        why: impl Into<String>,
        rule: &str,
        reader: Reader,
    ) {
        if points == 0 {
            return;
        }
        let turn = self.turn;
        self.ledger.push(Award {
            side,
            points,
            why: why.into(),
            rule: rule.into(),
            turn,
            reader,
            pending: None,
        });
    }

    /// Points `side` has, counting only what `reader` may read (None: all).
    pub fn points(&self, side: Side, reader: Option<Side>) -> i32 {
        self.ledger
            .iter()
            .filter(|a| a.side == side && a.pending.is_none())
            .filter(|a| match (reader, a.reader) {
                (None, _) | (_, Reader::Both) => true,
                (Some(r), Reader::Only(s)) => r == s,
            })
            .map(|a| a.points)
            .sum()
    }
}
