//! What the game waits for: one [`Step`] enum, the top of `State::steps`.
//!
//! This is the only place that says who decides what ([`CrossfireVn::current_decision`]),
//! which section lists the commands of a step ([`CrossfireVn::candidates`]) and
//! how the automatic procedures run between decisions ([`CrossfireVn::advance`]).
//! A move is a [`Step::Moves`] procedure: each stand's leg in turn, each
//! offered to the other side as a [`Step::Reaction`] (reactive fire, CF6.2)
//! pushed on top, then what the move was for (close combat, recon by fire
//! from a moving vehicle, a carrier setting its casualties down).

use crate::CrossfireVn;
use crate::command::Command;
use crate::event::Event;
use crate::state::{Side, StandId, State};
use serde::{Deserialize, Serialize};
use vt_core::engine::Decision;
use vt_core::tabletop::Point;

vt_core::decision_kinds! {
    /// The decisions of a game of Crossfire.
    pub enum Kind {
        /// A side places its stands in its set-up zone (hidden where the
        /// scenario says).
        Setup = "setup",
        /// The side with the initiative acts, until an action fails or it
        /// hands the initiative over (CF base).
        Initiative = "initiative",
        /// The other side may fire at a moving stand at one of the points
        /// of its move (CF6.2.1, 6.10).
        ReactiveFire = "reactive-fire",
        /// A Dust Off has arrived: where it lands (6.5).
        DustOff = "dust-off",
    }
}

/// One stand's straight move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leg {
    pub stand: StandId,
    /// Where it starts and where it would end.
    pub from: Point,
    pub to: Point,
    /// The way it faces at the end.
    pub facing: Point,
    /// It leaves the table at the end (a withdrawing fire team, 6.9.1; a
    /// carrier leaving with its casualties, 6.5).
    pub exit: bool,
}

/// A point of a move where reactive fire may come.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReactPoint {
    pub at: Point,
    /// Inches from the start of the move.
    pub along: f64,
}

/// What a move is for, done when its legs are over.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Then {
    Nothing,
    /// The attackers close with the target (CF8.0).
    CloseCombat {
        target: StandId,
        attackers: Vec<StandId>,
    },
    /// An armoured vehicle recons by fire as it moves (6.7).
    Recon {
        stand: StandId,
        feature: u16,
    },
    /// A carrier sets its casualties down, or hands them to a vehicle (6.5).
    Medevac {
        carrier: StandId,
        drop: bool,
    },
    /// A Dust Off that reached the ground loads and takes off (6.5).
    DustOff {
        helicopter: StandId,
    },
}

/// Stands moving one after another.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Moves {
    pub side: Side,
    /// Legs still to move, in order.
    pub legs: Vec<Leg>,
    pub then: Then,
    /// A mover was suppressed or killed by reactive fire: the initiative
    /// passes once every member has moved (CF-M3, CF6.2).
    pub seized: bool,
}

/// A move under way, offered to the other side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reaction {
    /// The side that may fire.
    pub side: Side,
    pub leg: Leg,
    /// Every point of the move where reactive fire may come.
    pub points: Vec<ReactPoint>,
    /// The first point still ahead of the mover.
    pub next: u16,
}

/// What the game waits for. Each variant carries what its decision needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    Setup {
        side: Side,
    },
    Initiative {
        side: Side,
    },
    /// A procedure, never on top when a decision is asked.
    Moves(Moves),
    Reaction(Reaction),
    DustOff {
        side: Side,
    },
    Over,
}

impl CrossfireVn {
    pub(crate) fn current_decision(&self, s: &State) -> Decision {
        let mut d = self.decision_of(s);
        if !d.rule.is_empty() {
            d.rule = crate::describe::in_book(&d.rule);
        }
        d
    }

    fn decision_of(&self, s: &State) -> Decision {
        match s.step() {
            Step::Setup { side } => Decision::new(
                side.idx() as u8,
                Kind::Setup,
                if self.scenario_side(s, *side).is_some_and(|x| x.hidden) {
                    format!(
                        "{}: set up your stands in your zone; they are hidden from the enemy.",
                        side.name()
                    )
                } else {
                    format!("{}: set up your stands in your zone.", side.name())
                },
                "base hidden set-up",
            ),
            Step::Initiative { side } => Decision::new(
                side.idx() as u8,
                Kind::Initiative,
                format!(
                    "{} has the initiative ({}): act until an action fails, or hand it over.",
                    side.name(),
                    crate::initiative::clock_text(s.clock)
                ),
                "base initiative",
            ),
            Step::Reaction(r) => Decision::new(
                r.side.idx() as u8,
                Kind::ReactiveFire,
                format!(
                    "{} is moving: fire at it {}, or let it pass.",
                    self.stand_name(s, r.leg.stand),
                    match r.points.len() - r.next as usize {
                        1 => "at the last point of its move".to_string(),
                        n => format!("at one of the {n} points of its move still to come"),
                    }
                ),
                "base 6.2.1",
            )
            .interrupting(true),
            Step::DustOff { side } => Decision::new(
                side.idx() as u8,
                Kind::DustOff,
                "The Dust Off is overhead: choose where it lands, or wave it off.".to_string(),
                "6.5",
            ),
            Step::Moves(_) | Step::Over => Decision::game_over(),
        }
    }

    /// The commands a step might accept, before `check` filters them.
    pub(crate) fn candidates(&self, s: &State) -> Vec<Command> {
        let mut out = Vec::new();
        match s.step() {
            Step::Setup { side } => self.setup_candidates(s, *side, &mut out),
            Step::Initiative { side } => self.initiative_candidates(s, *side, &mut out),
            Step::Reaction(r) => self.reaction_candidates(s, r, &mut out),
            Step::DustOff { side } => self.dust_off_candidates(s, *side, &mut out),
            Step::Moves(_) | Step::Over => {}
        }
        out
    }

    /// Runs the automatic procedures until a decision is on top.
    pub(crate) fn advance(&self, s: &mut State, ev: &mut Vec<Event>) {
        loop {
            if s.end.is_some() {
                if !matches!(s.step(), Step::Over) {
                    s.steps.clear();
                    s.steps.push(Step::Over);
                }
                return;
            }
            let Some(Step::Moves(m)) = s.steps.last_mut() else {
                return;
            };
            if m.legs.is_empty() {
                let Some(Step::Moves(m)) = s.steps.pop() else {
                    return;
                };
                self.after_moves(s, m, ev);
                continue;
            }
            let leg = m.legs.remove(0);
            self.start_leg(s, leg, ev);
        }
    }

    /// A move's legs are over: what it was for, then the initiative passes
    /// if a mover was suppressed or killed.
    fn after_moves(&self, s: &mut State, m: Moves, ev: &mut Vec<Event>) {
        match m.then {
            Then::Nothing => {}
            Then::CloseCombat { target, attackers } => {
                if m.seized {
                    self.abort_close_combat(s, &attackers, target, ev);
                } else {
                    self.resolve_close_combat(s, m.side, &attackers, target, ev);
                }
            }
            Then::Recon { stand, feature } => {
                if !m.seized && self.stand_can_act(s, stand) {
                    self.recon_by_fire(s, stand, feature, ev);
                }
            }
            Then::Medevac { carrier, drop } => self.end_medevac(s, carrier, drop, ev),
            Then::DustOff { helicopter } => self.dust_off_lifts(s, helicopter, ev),
        }
        if m.seized {
            self.pass_initiative(s, m.side.other(), crate::event::Pass::Seized, ev);
        }
    }

    /// The side whose turn it is to decide, if any.
    pub fn deciding_side(&self, s: &State) -> Option<Side> {
        match s.step() {
            Step::Setup { side } | Step::Initiative { side } | Step::DustOff { side } => {
                Some(*side)
            }
            Step::Reaction(r) => Some(r.side),
            Step::Moves(_) | Step::Over => None,
        }
    }
}
