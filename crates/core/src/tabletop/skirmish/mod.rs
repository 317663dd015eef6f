//! Skirmish: a tiny two-sided game on a 48" x 36" table, only to exercise
//! the tabletop geometry and the table board in tests and by hand (as Pig
//! does for the engine). Not one of the five games; every rule is its own.
//!
//! The rules, by section (the refusals and the log quote them):
//! 1. Six turns. In each, the sides take turns activating one stand each
//!    (the US first); a side with no stand left to activate waits, and
//!    [`Order::Pass`] ends a side's activations for the turn. Smoke laid in
//!    one turn clears at the end of the next.
//! 2. An activated stand does one thing: move, face, fire, rally, or (a
//!    leader) call the side's support.
//! 3. Move: in a straight line, up to 6" (an HMG 4"), each inch costing as
//!    the ground under the stand's centre (jungle and the stream 2, a
//!    paddy 1.5, a trail 1 whatever it runs through); 2 to get into or out
//!    of a bunker, 1 for a trench, 1 to cross a dyke or a tree line. No
//!    stand may overlap another. A pinned or suppressed stand cannot move;
//!    the stand ends facing the way it went.
//! 4. Sight: jungle is seen 2" into and never through; a hootch into but
//!    not through; a tree line only by stands lining it (1"); smoke not at
//!    all. Jungle, hootches, bunkers and trenches give cover inside; dykes
//!    and tree lines to a stand lining them. The hill has two levels; the
//!    trees and hootches one; from higher up, the ground behind a lower
//!    obstacle is dead for half the distance to it. A line of fire may pass
//!    over one other stand, not two.
//! 5. Fire: at an enemy stand seen and within 24" (edge to edge); an HMG
//!    only in its 90° front arc. Roll the stand's dice (rifle 3, HMG 4,
//!    leader 2), one fewer at a target in cover; each 5 or 6 hits. 1 hit
//!    pins, 2 suppress, 3 kill; a stand keeps its worst result. A
//!    suppressed stand cannot fire.
//! 6. Rally: a pinned or suppressed stand rolls a die; 4 or more, one step
//!    better.
//! 7. Support: a leader calls it on a point it sees. It lands there on 1-2
//!    of a die, else scatters a die's inches in a random direction. US:
//!    one napalm strike (a 4" x 8" strip along the line from the leader,
//!    4 dice against every stand at least half under it, no cover), two
//!    smoke screens (3" x 1.5" across that line). VC: three mortar rounds
//!    (a 5" circle, 3 dice against every stand at least half under it,
//!    cover counts).
//! 8. The side that killed more stands wins; equal is a draw. A side with
//!    no stands left loses at once.

mod ai;
mod describe;
pub mod orders;
pub mod table;
#[cfg(test)]
mod tests;

use crate::engine::*;
use crate::refusal::Refusal;
use crate::rng::GameRng;
use crate::tabletop::{Base, Feature, Point, Rect, Seen, Template};
use serde::{Deserialize, Serialize};
pub use table::{Ground, StandKind, TABLE};

/// The game's id in the launcher (debug builds and the `test-game` feature).
pub const ID: &str = "skirmish";
/// Six turns (Skirmish 1).
pub const TURNS: u8 = 6;
pub const US: SideIdx = 0;
pub const VC: SideIdx = 1;

crate::decision_kinds! {
    /// What Skirmish waits for.
    pub enum Kind {
        /// A side activates one stand.
        Activate = "activate",
    }
}

/// The loaded game: its table.
pub struct Skirmish {
    pub features: Vec<Feature<Ground>>,
}

impl Default for Skirmish {
    fn default() -> Self {
        Skirmish {
            features: table::layout(),
        }
    }
}

/// A stand's state after fire (Skirmish 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Status {
    Ok,
    Pinned,
    Suppressed,
    Killed,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "in good order",
            Status::Pinned => "pinned",
            Status::Suppressed => "suppressed",
            Status::Killed => "killed",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stand {
    pub id: u8,
    pub side: SideIdx,
    pub kind: StandKind,
    pub base: Base,
    pub status: Status,
    /// Activated this turn.
    pub acted: bool,
}

impl Stand {
    pub fn alive(&self) -> bool {
        self.status != Status::Killed
    }

    /// "US rifle team 2": numbered within its side and kind, in the order
    /// of battle.
    pub fn label(&self) -> String {
        let n = table::order_of_battle()
            .iter()
            .take(self.id as usize)
            .filter(|(side, kind, ..)| *side == self.side && *kind == self.kind)
            .count();
        format!("{} {} {}", side_name(self.side), self.kind.name(), n + 1)
    }
}

/// The support a leader can call (Skirmish 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Support {
    Napalm,
    Smoke,
    Mortar,
}

impl Support {
    pub fn name(self) -> &'static str {
        match self {
            Support::Napalm => "napalm",
            Support::Smoke => "smoke",
            Support::Mortar => "mortar round",
        }
    }

    /// The template laid at `at`, along the line from `from` (the caller).
    pub fn template(self, from: Point, at: Point) -> Template {
        let along = match (at - from).normalized() {
            Some(d) => d,
            None => crate::tabletop::UP_THE_TABLE,
        };
        match self {
            Support::Napalm => Rect::strip(at - along * 4.0, at + along * 4.0, 4.0).into(),
            Support::Smoke => Rect::new(at, 3.0, 1.5, along).into(),
            Support::Mortar => crate::tabletop::Circle::of_diameter(at, 5.0).into(),
        }
    }

    /// Dice against each stand at least half under it; `None`: no attack.
    pub fn dice(self) -> Option<u8> {
        match self {
            Support::Napalm => Some(4),
            Support::Mortar => Some(3),
            Support::Smoke => None,
        }
    }

    /// Cover takes a die (Skirmish 7: not against napalm).
    pub fn cover_counts(self) -> bool {
        self == Support::Mortar
    }
}

/// A smoke screen on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Smoke {
    pub rect: Rect,
    /// It clears at the end of this turn.
    pub until: u8,
}

/// What the rules' geometry needs of a game, from the state or a view.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    pub stands: &'a [Stand],
    pub smoke: &'a [Smoke],
}

impl Scene<'_> {
    pub fn stand(&self, id: u8) -> Option<&Stand> {
        self.stands.get(id as usize)
    }
}

/// What the game waits for (one step: the game is simple).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    Activate { side: SideIdx },
    Over,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub rng: GameRng,
    pub turn: u8,
    pub step: Step,
    pub stands: Vec<Stand>,
    pub smoke: Vec<Smoke>,
    /// Supports left per side.
    pub support: [Vec<(Support, u8)>; 2],
    /// Enemy stands each side has killed.
    pub kills: [u8; 2],
    /// Sides that passed this turn.
    pub passed: [bool; 2],
}

impl State {
    pub fn scene(&self) -> Scene<'_> {
        Scene {
            stands: &self.stands,
            smoke: &self.smoke,
        }
    }

    pub fn stand(&self, id: u8) -> Option<&Stand> {
        self.stands.get(id as usize)
    }

    pub fn support_left(&self, side: SideIdx, s: Support) -> u8 {
        self.support[side as usize]
            .iter()
            .find(|(k, _)| *k == s)
            .map_or(0, |x| x.1)
    }

    /// The stands this side may still activate this turn.
    pub fn ready(&self, side: SideIdx) -> impl Iterator<Item = &Stand> {
        let passed = self.passed[side as usize];
        self.stands
            .iter()
            .filter(move |s| !passed && s.side == side && s.alive() && !s.acted)
    }
}

/// An order (Skirmish 2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Order {
    /// Move in a straight line to `to` (the stand's centre).
    Move {
        stand: u8,
        to: Point,
    },
    /// Turn to face a point.
    Face {
        stand: u8,
        toward: Point,
    },
    Fire {
        stand: u8,
        target: u8,
    },
    Rally {
        stand: u8,
    },
    /// A leader calls support on a point.
    Call {
        stand: u8,
        support: Support,
        at: Point,
    },
    /// No more activations this turn.
    Pass,
}

/// A stand's roll against one target, by fire or under a template.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attack {
    pub target: u8,
    /// The dice before cover.
    pub dice: u8,
    pub cover: bool,
    pub rolled: Vec<u8>,
    pub hits: u8,
    /// The target's state after it.
    pub result: Status,
    /// Under a template: the fraction of its base under it.
    pub under: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    Moved {
        stand: u8,
        from: Point,
        to: Point,
        spent: f64,
    },
    Faced {
        stand: u8,
        facing: Point,
    },
    Fired {
        stand: u8,
        sight: Seen,
        attack: Attack,
    },
    Rallied {
        stand: u8,
        roll: u8,
        from: Status,
        to: Status,
    },
    Called {
        stand: u8,
        support: Support,
        aim: Point,
        /// The scatter die; and, when it scattered, the direction in
        /// degrees clockwise from up the table and the inches.
        roll: u8,
        scatter: Option<(u32, u8)>,
        landed: Template,
        attacks: Vec<Attack>,
    },
    Passed {
        side: SideIdx,
    },
    TurnEnded {
        turn: u8,
        smoke_cleared: u8,
    },
}

/// What a side sees: everything (Skirmish hides nothing).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct View {
    pub turn: u8,
    pub step: Step,
    pub table: Point,
    pub features: Vec<Feature<Ground>>,
    pub stands: Vec<Stand>,
    pub smoke: Vec<Smoke>,
    pub support: [Vec<(Support, u8)>; 2],
    pub kills: [u8; 2],
    pub passed: [bool; 2],
}

impl View {
    pub fn scene(&self) -> Scene<'_> {
        Scene {
            stands: &self.stands,
            smoke: &self.smoke,
        }
    }

    /// The side to act, if the game goes on.
    pub fn to_act(&self) -> Option<SideIdx> {
        match self.step {
            Step::Activate { side } => Some(side),
            Step::Over => None,
        }
    }
}

pub fn side_name(side: SideIdx) -> &'static str {
    if side == US { "US" } else { "VC" }
}

impl Skirmish {
    /// The features a line of sight meets now: the table's and the smoke.
    pub fn features_now(&self, smoke: &[Smoke]) -> std::borrow::Cow<'_, [Feature<Ground>]> {
        if smoke.is_empty() {
            return std::borrow::Cow::Borrowed(&self.features);
        }
        let mut f = self.features.clone();
        f.extend(
            smoke
                .iter()
                .map(|m| Feature::area(Ground::Smoke, m.rect.corners().to_vec())),
        );
        std::borrow::Cow::Owned(f)
    }

    /// The check of an order on a side's view: Skirmish hides nothing, so
    /// its view holds all a check reads (the board checks a click before
    /// sending it, to say why not).
    pub fn check_in_view(&self, v: &View, o: &Order) -> Result<(), RuleError> {
        let s = State {
            rng: GameRng::seeded(0),
            turn: v.turn,
            step: v.step.clone(),
            stands: v.stands.clone(),
            smoke: v.smoke.clone(),
            support: v.support.clone(),
            kills: v.kills,
            passed: v.passed,
        };
        self.check(&s, o)
    }

    fn check_order(&self, s: &State, o: &Order) -> Result<(), Refusal> {
        orders::check(self, s, o)
    }
}

impl Ruleset for Skirmish {
    type State = State;
    type Command = Order;
    type Event = Event;
    type View = View;

    fn info(&self) -> GameInfo {
        GameInfo {
            id: ID.into(),
            name: "Skirmish (tabletop test game)".into(),
            sides: vec![
                SideInfo {
                    id: "us".into(),
                    name: "US".into(),
                },
                SideInfo {
                    id: "vc".into(),
                    name: "VC".into(),
                },
            ],
            scenarios: vec![ScenarioInfo {
                id: "hamlet".into(),
                name: "The hamlet".into(),
                description: "A US patrol against a VC squad dug in round a hamlet, on a 48\" x 36\" table: only to try the table board.".into(),
                played_by_rules: Vec::new(),
            }],
            options: vec![],
        }
    }

    fn new_game(&self, setup: &Setup) -> Result<State, SetupError> {
        if setup.scenario != "hamlet" {
            return Err(SetupError::UnknownScenario(setup.scenario.clone()));
        }
        let stands = table::order_of_battle()
            .into_iter()
            .enumerate()
            .map(|(i, (side, kind, at, facing))| Stand {
                id: i as u8,
                side,
                kind,
                base: kind.base(at, facing),
                status: Status::Ok,
                acted: false,
            })
            .collect();
        Ok(State {
            rng: GameRng::seeded(setup.seed),
            turn: 1,
            step: Step::Activate { side: US },
            stands,
            smoke: vec![],
            support: [
                vec![(Support::Napalm, 1), (Support::Smoke, 2)],
                vec![(Support::Mortar, 3)],
            ],
            kills: [0, 0],
            passed: [false, false],
        })
    }

    fn decision(&self, s: &State) -> Decision {
        match s.step {
            Step::Activate { side } => Decision::new(
                side,
                Kind::Activate,
                format!(
                    "Turn {}: {} activates a stand (or passes).",
                    s.turn,
                    side_name(side)
                ),
                "Skirmish 1",
            ),
            Step::Over => Decision::game_over(),
        }
    }

    fn legal(&self, s: &State) -> Vec<Order> {
        orders::candidates(self, s)
            .into_iter()
            .filter(|o| self.check_order(s, o).is_ok())
            .collect()
    }

    fn check(&self, s: &State, o: &Order) -> Result<(), RuleError> {
        self.check_order(s, o).map_err(|r| r.in_book("Skirmish"))
    }

    fn execute(&self, s: &mut State, o: &Order, events: &mut Vec<Event>) {
        orders::execute(self, s, o, events);
    }

    fn view(&self, s: &State, _side: SideIdx) -> View {
        View {
            turn: s.turn,
            step: s.step.clone(),
            table: TABLE,
            features: self.features.clone(),
            stands: s.stands.clone(),
            smoke: s.smoke.clone(),
            support: s.support.clone(),
            kills: s.kills,
            passed: s.passed,
        }
    }

    fn outcome(&self, s: &State) -> Outcome {
        let score = vec![
            ("US kills".to_string(), s.kills[0] as i32),
            ("VC kills".to_string(), s.kills[1] as i32),
            ("Turn".to_string(), s.turn as i32),
        ];
        if s.step != Step::Over {
            return Outcome {
                result: None,
                summary: format!(
                    "Turn {} of {TURNS}: US killed {}, VC killed {}.",
                    s.turn, s.kills[0], s.kills[1]
                ),
                score,
            };
        }
        let alive = |side| s.stands.iter().any(|x| x.side == side && x.alive());
        let (result, summary) = match (alive(US), alive(VC)) {
            (true, false) => ("us", "The VC are wiped out: US win.".to_string()),
            (false, true) => ("vc", "The US patrol is wiped out: VC win.".to_string()),
            _ if s.kills[0] > s.kills[1] => (
                "us",
                format!("US win, {} kills to {}.", s.kills[0], s.kills[1]),
            ),
            _ if s.kills[1] > s.kills[0] => (
                "vc",
                format!("VC win, {} kills to {}.", s.kills[1], s.kills[0]),
            ),
            _ => ("draw", format!("A draw, {} kills each.", s.kills[0])),
        };
        Outcome {
            result: Some(result.into()),
            summary,
            score,
        }
    }

    fn describe(&self, e: &Event) -> LogEntry {
        describe::event(None, e)
    }

    fn describe_in(&self, s: &State, e: &Event) -> LogEntry {
        describe::event(Some(s), e)
    }

    fn undoable(&self, events: &[Event]) -> bool {
        events
            .iter()
            .all(|e| matches!(e, Event::Moved { .. } | Event::Faced { .. }))
    }
}
