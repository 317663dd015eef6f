//! The turn machine: what the game waits for ([`Step`]), who decides it
//! and what they are asked (`decision`), and the dispatchers that hand
//! each step and command to its section (`candidates`, `check_command`,
//! `execute_command`, `advance`).
//!
//! The state keeps a stack of steps. At the bottom is the phase of the turn
//! (3.0); above it, while a Move action is under way, the move (6.0); on
//! top, the interrupts still to answer: an Opportunity Fire chance of the
//! other side (21.0), a retreat (7.4), an assault (8.0), a Random Event's
//! choice (19.0) and the rest (a Claymore, 26.0, is fired from the
//! Opportunity Fire chance, so that being asked gives nothing away). The top is the current
//! decision; when it is answered it is popped and the step below goes on.
//! This module is the only one that matches on [`Step`] to say who
//! decides what; no rule is decided here.

use crate::Fte;
use crate::command::Command;
use crate::data::RandomEvent;
use crate::event::Event;
use crate::geo::Hex;
use crate::state::*;
use serde::{Deserialize, Serialize};
use vt_core::engine::Decision;
use vt_core::refusal::{Checked, refuse};

/// Room for the commands of most decisions (an action's list, a set-up or
/// a Random Event's hexes can be more; those grow). Small enough for the
/// allocator's fast per-thread cache: 64 cost more in slow-path mallocs
/// and frees than it saved in growth (callgrind, hamlet-search: 64 ->
/// 7.37 M, 16 -> 7.24 M, 8 -> 7.38 M instructions/game).
const CANDIDATES: usize = 16;

/// What the game waits for. Each variant carries what its decision needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    // The phases of the turn (3.0): the bottom of the stack.
    /// Secret plotting and free set-up before turn 1 (3.0, 26.0).
    Setup { side: Side },
    /// 4.0: the side places its arriving units; `refused` are entry hexes
    /// it tried and found held by Concealed enemy units (6.2), known held
    /// for the rest of the phase.
    Reinforcements {
        side: Side,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        refused: Vec<Hex>,
    },
    /// 5.0: a chit is drawn from the cup (no decision).
    DrawChit,
    /// 5.1: the active side activates or passes; `first` is the turn's
    /// first activation, made without a chit (5.0).
    Activate { first: bool },
    /// 5.1: the activated units take their actions.
    Acting,
    /// 16.0: the owner of the next due Fire Mission executes or cancels it.
    FireMissions,
    /// 18.0: the side checks for Concealment.
    Concealment { side: Side },
    /// 29.0: the game is over.
    Over,

    // Above the phase while a Move action is under way (6.0).
    /// The moving stack enters hexes one at a time.
    Moving(Moving),

    // Interrupts: steps of either side put on top, answered first.
    /// 21.0: the other side may attempt Opportunity Fire; once units have
    /// passed their check (`passed`), they choose their fire.
    OpportunityFire(OpFire),
    /// 7.4: a Broken unit retreats `left` more hexes away from `away`;
    /// `refused` are hexes it tried and found held by Concealed enemy
    /// units (6.2), known blocked for the rest of the retreat.
    Retreat {
        unit: UnitId,
        away: Hex,
        left: u8,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        refused: Vec<Hex>,
    },
    /// 7.5.2: a new KIA/WIA may be picked up at once.
    Carry { casualty: u16 },
    /// 7.4: a downed helicopter is set down within `radius` of `from`;
    /// `refused` as for [`Step::Retreat`].
    HeliDown {
        unit: UnitId,
        from: Hex,
        radius: u8,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        refused: Vec<Hex>,
    },
    /// 8.0: an assault, its round and stage inside.
    Assault(Assault),
    /// 19.x: a Random Event rolled by `side` that needs a choice; `placed`
    /// counts the pieces placed so far.
    RandomEvent {
        event: RandomEvent,
        side: Side,
        placed: u8,
        /// 19.7: the order the VC pieces come in, drawn at random when the
        /// event is rolled (indices into the event's pieces); empty for
        /// the other events.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        order: Vec<u8>,
    },
    /// 28.0: a US unit entered a Civilians hex and may interrogate.
    Interrogate { unit: UnitId, civilians: UnitId },
    /// 28.0: the NVA/VC player reveals what an interrogation gave away.
    Reveal { near: Hex, left: u8 },
    /// 14.0: a Load action waiting for the Opportunity Fire it drew (the
    /// enemy fires before the units are aboard); no decision.
    PendingLoad {
        carrier: UnitId,
        units: Vec<UnitId>,
        casualties: Vec<u16>,
    },
}

impl Step {
    /// A step put on top of the phase by something that happened, not the
    /// phase itself nor a Move under way.
    pub fn is_interrupt(&self) -> bool {
        !matches!(
            self,
            Step::Setup { .. }
                | Step::Reinforcements { .. }
                | Step::DrawChit
                | Step::Activate { .. }
                | Step::Acting
                | Step::FireMissions
                | Step::Concealment { .. }
                | Step::Over
                | Step::Moving(_)
        )
    }
}

/// The phase of the turn (3.0) the game is in, for a turn track: the
/// bottom of the step stack, whatever interrupts stand above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Set-up before turn 1, by this side (3.0, 26.0).
    Setup(Side),
    /// 4.0 Place Reinforcements, this side's.
    Reinforcements(Side),
    /// 5.0 Activation Phase: chits drawn, activations made.
    Activation,
    /// 16.0 Execute Fire Missions (17.0 Check Casualties follows at once).
    FireMissions,
    /// 18.0 Check for Concealment, this side's.
    Concealment(Side),
    GameOver,
}

impl Phase {
    /// In words, with its section and whose it is: "Check for Concealment
    /// (18.0), NVA/VC".
    pub fn words(self) -> String {
        let (w, side) = match self {
            Phase::Setup(s) => ("Set-up (3.0)", Some(s)),
            Phase::Reinforcements(s) => ("Place Reinforcements (4.0)", Some(s)),
            Phase::Activation => ("Activation Phase (5.0)", None),
            Phase::FireMissions => ("Execute Fire Missions (16.0)", None),
            Phase::Concealment(s) => ("Check for Concealment (18.0)", Some(s)),
            Phase::GameOver => ("Game over", None),
        };
        match side {
            Some(s) => format!("{w}, {}", s.name()),
            None => w.to_string(),
        }
    }
}

impl State {
    /// The phase of the turn: what the bottom step says.
    pub fn phase(&self) -> Phase {
        match self.phase_step() {
            Step::Setup { side } => Phase::Setup(*side),
            Step::Reinforcements { side, .. } => Phase::Reinforcements(*side),
            Step::FireMissions => Phase::FireMissions,
            Step::Concealment { side } => Phase::Concealment(*side),
            Step::Over => Phase::GameOver,
            _ => Phase::Activation,
        }
    }
}

vt_core::decision_kinds! {
    /// What a side is asked; the string is the contract's `Decision::kind`.
    pub enum Kind {
        Setup = "setup",
        Reinforcements = "reinforcements",
        Activate = "activate",
        Action = "action",
        Move = "move",
        OpportunityFire = "opportunity-fire",
        OpportunityFireTarget = "opportunity-fire-target",
        Retreat = "retreat",
        Carry = "carry",
        SetDown = "set-down",
        AssaultAttack = "assault-attack",
        AssaultDefend = "assault-defend",
        Advance = "advance",
        RandomEvent = "random-event",
        Interrogate = "interrogate",
        Reveal = "reveal",
        FireMission = "fire-mission",
        Concealment = "concealment",
    }
}

impl Fte {
    /// The side [`Fte::decision`] names, without its words: the computer
    /// player asks at every command of its playouts (a test holds the two
    /// together).
    pub(crate) fn decider(&self, s: &State) -> Option<Side> {
        Some(match s.step() {
            Step::Over => return None,
            Step::Setup { side }
            | Step::Reinforcements { side, .. }
            | Step::Concealment { side } => *side,
            Step::DrawChit
            | Step::Activate { .. }
            | Step::Acting
            | Step::PendingLoad { .. }
            | Step::Moving(_) => s.active,
            Step::OpportunityFire(o) => self.opfire_side(s, o),
            Step::Retreat { unit, .. } => s.unit(*unit).side,
            Step::Carry { casualty } => s.casualties[*casualty as usize].side,
            Step::HeliDown { .. } | Step::Interrogate { .. } => Side::Us,
            Step::Reveal { .. } => Side::Nva,
            Step::Assault(a) => match a.stage {
                AssaultStage::DefenderFire => a.side.other(),
                _ => a.side,
            },
            Step::RandomEvent { event, side, .. } => Self::event_chooser(*event, *side),
            Step::FireMissions => s
                .missions
                .iter()
                .find(|m| m.turn <= s.turn)
                .map(|m| m.side)
                .unwrap_or(Side::Us),
        })
    }

    /// Who must answer the current step, what, and under which rule.
    pub(crate) fn decision(&self, s: &State) -> Decision {
        use Kind as K;
        let (side, kind, prompt, rule): (Side, Kind, String, &str) = match s.step() {
            Step::Over => return Decision::game_over(),
            Step::Setup { side } => (
                *side,
                K::Setup,
                "Set up: place units in their areas and plot traps in secret, then finish.".into(),
                "3.0, 26.0",
            ),
            Step::Reinforcements { side, .. } => (
                *side,
                K::Reinforcements,
                "Place arriving units on their map edge.".into(),
                "4.0",
            ),
            // A chit is drawn before anyone is asked; the step is never
            // current once the game has moved on.
            Step::DrawChit | Step::Activate { first: false } => (
                s.active,
                K::Activate,
                "Your chit was drawn: activate a Leader, a hex or a unit, or pass.".into(),
                "5.1",
            ),
            Step::Activate { first: true } => (
                s.active,
                K::Activate,
                "First activation of the turn (no chit): activate a Leader, a hex or a unit, or pass.".into(),
                "5.1",
            ),
            // A pending Load settles before anyone is asked.
            Step::Acting | Step::PendingLoad { .. } => (
                s.active,
                K::Action,
                "Give the activated units their actions, or end the activation.".into(),
                "5.1",
            ),
            Step::Moving(_) => (
                s.active,
                K::Move,
                "Move on: enter the next hex, or end the move.".into(),
                "6.0",
            ),
            Step::OpportunityFire(o) => {
                let detail = format!(
                    " ({:?} at {}{}{})",
                    o.kind,
                    o.hex,
                    if o.stealthy { ", Stealthy" } else { "" },
                    if o.on_trail { ", along a trail" } else { "" }
                );
                let (kind, prompt) = if o.passed.is_empty() {
                    (
                        K::OpportunityFire,
                        "An enemy acts in sight: attempt Opportunity Fire with which units?",
                    )
                } else {
                    (
                        K::OpportunityFireTarget,
                        "Opportunity Fire: choose the firing units and the target, or hold fire.",
                    )
                };
                (
                    self.opfire_side(s, o),
                    kind,
                    format!("{prompt}{detail}"),
                    "21.0",
                )
            }
            Step::Retreat {
                unit, away, left, ..
            } => (
                s.unit(*unit).side,
                K::Retreat,
                format!(
                    "A Broken unit retreats: choose the next hex away from the enemy. (#{unit}, {left} hex(es) to go, away from {away})"
                ),
                "7.4",
            ),
            Step::Carry { casualty } => (
                s.casualties[*casualty as usize].side,
                K::Carry,
                "A new casualty: pick it up with a unit in the hex?".into(),
                "7.5.2",
            ),
            Step::HeliDown { .. } => (
                Side::Us,
                K::SetDown,
                "A downed helicopter: choose where it comes down.".into(),
                "7.4",
            ),
            Step::Assault(a) => {
                let (side, kind, prompt) = match a.stage {
                    AssaultStage::DefenderFire => (
                        a.side.other(),
                        K::AssaultDefend,
                        "Assault: the defenders fire back (one target per unit).",
                    ),
                    AssaultStage::Advance => (
                        a.side,
                        K::Advance,
                        "The hex is cleared: advance into it?",
                    ),
                    _ => (
                        a.side,
                        K::AssaultAttack,
                        "Assault: the attackers fire (one target per unit).",
                    ),
                };
                (
                    side,
                    kind,
                    format!("{prompt} ({}, round {})", a.hex, a.round),
                    "8.0",
                )
            }
            Step::RandomEvent { event, side, .. } => (
                Self::event_chooser(*event, *side),
                K::RandomEvent,
                format!(
                    "Random Event: make its choice. ({} for the {})",
                    event.name(),
                    side.name()
                ),
                event.section(),
            ),
            Step::Interrogate { .. } => (
                Side::Us,
                K::Interrogate,
                "Civilians here: attempt an Interrogation?".into(),
                "28.0",
            ),
            Step::Reveal { .. } => (
                Side::Nva,
                K::Reveal,
                "Interrogation: reveal Concealed units or Hidden Caches nearby.".into(),
                "28.0",
            ),
            Step::FireMissions => (
                s.missions
                    .iter()
                    .find(|m| m.turn <= s.turn)
                    .map(|m| m.side)
                    .unwrap_or(Side::Us),
                K::FireMission,
                "A Fire Mission is due: execute it or cancel it.".into(),
                "16.0",
            ),
            Step::Concealment { side } => (
                *side,
                K::Concealment,
                "Check for Concealment: choose units to conceal, then finish.".into(),
                "18.0",
            ),
        };
        Decision::new(side.idx() as u8, kind, prompt, format!("FTE {rule}"))
            // Chances given while the other side acts; declining needs no
            // look at the board.
            .interrupting(kind == K::OpportunityFire)
    }

    /// Candidate commands for the current step (before `check`), from the
    /// section that owns it.
    pub(crate) fn candidates(&self, s: &State) -> Vec<Command> {
        // Room for the usual lists at once: growing the vector push by
        // push was a twentieth of a playout's time.
        let mut out = Vec::with_capacity(CANDIDATES);
        match s.step() {
            Step::Over => {}
            Step::Setup { side } => self.setup_candidates(s, *side, &mut out),
            Step::Reinforcements { side, .. } => self.reinforcement_candidates(s, *side, &mut out),
            Step::DrawChit | Step::Activate { .. } => self.activation_candidates(s, &mut out),
            Step::Acting | Step::PendingLoad { .. } => self.action_candidates(s, &mut out),
            Step::Moving(_) => self.move_candidates(s, &mut out),
            Step::OpportunityFire(_) => self.opfire_candidates(s, &mut out),
            Step::Retreat { .. } => self.retreat_candidates(s, &mut out),
            Step::Carry { casualty } => self.carry_choices(s, *casualty, &mut out),
            Step::HeliDown { .. } => self.set_down_candidates(s, &mut out),
            Step::Assault(_) => self.assault_candidates(s, &mut out),
            Step::RandomEvent { .. } => self.event_candidates(s, &mut out),
            Step::Interrogate { .. } => {
                out.extend([Command::Interrogate, Command::NoInterrogation]);
            }
            Step::Reveal { near, .. } => out.extend(self.reveal_candidates(s, *near)),
            Step::FireMissions => out.extend([Command::ExecuteMission, Command::CancelMission]),
            Step::Concealment { side } => self.concealment_candidates(s, *side, &mut out),
        }
        out
    }

    /// Refuses a command the current step does not accept, through the
    /// section that owns the step.
    pub(crate) fn check_command(&self, s: &State, c: &Command) -> Checked {
        self.ids_exist(s, c)?;
        use Command as C;
        match (s.step(), c) {
            (Step::Over, _) => refuse("29.0", "the game is over"),
            (Step::Setup { side }, C::Place { unit, hex }) => {
                self.check_place(s, *side, *unit, *hex)
            }
            (Step::Setup { side }, C::Plot { hex }) => self.check_plot(s, *side, *hex),
            (Step::Setup { .. }, C::SetupDone) => Ok(()),
            (
                Step::Reinforcements { side, .. },
                C::Enter {
                    unit,
                    hex,
                    altitude,
                },
            ) => self.check_enter(s, *side, *unit, *hex, *altitude),
            (Step::DrawChit | Step::Activate { .. }, _) => self.check_activation(s, c),
            (Step::Acting | Step::PendingLoad { .. }, _) => self.check_action(s, c),
            (Step::Moving(_), _) => self.check_move_step(s, c),
            (Step::OpportunityFire(_), _) => self.check_opfire(s, c),
            (Step::Retreat { .. }, C::Retreat { hex }) => self.check_retreat(s, *hex),
            (Step::Carry { casualty }, C::Carry { unit }) => self.check_carry(s, *casualty, *unit),
            (Step::Carry { .. }, C::LeaveCasualty) => Ok(()),
            (Step::HeliDown { .. }, C::SetDown { hex }) => self.check_set_down(s, *hex),
            (Step::Assault(_), _) => self.check_assault_round(s, c),
            (Step::RandomEvent { .. }, _) => self.check_event_choice(s, c),
            (Step::Interrogate { .. }, C::Interrogate | C::NoInterrogation) => Ok(()),
            (Step::Reveal { .. }, _) => self.check_reveal(s, c),
            (Step::FireMissions, C::ExecuteMission | C::CancelMission) => Ok(()),
            (Step::Concealment { side }, C::Conceal { unit }) => {
                self.check_conceal(s, *side, *unit)
            }
            (Step::Concealment { .. }, C::ConcealDone) => Ok(()),
            _ => refuse(
                "3.0",
                format!(
                    "that is not an answer to the current decision ({})",
                    self.decision(s).kind
                ),
            ),
        }
    }

    /// Carries out a checked command through the section that owns the
    /// current step.
    pub(crate) fn execute_command(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        match s.step().clone() {
            Step::Over => {}
            Step::Setup { side } => self.execute_setup(s, side, c, ev),
            Step::Reinforcements { .. } => self.execute_enter(s, c, ev),
            Step::DrawChit | Step::Activate { .. } => self.execute_activation(s, c, ev),
            Step::Acting | Step::PendingLoad { .. } => self.execute_action(s, c, ev),
            Step::Moving(_) => self.execute_move_step(s, c, ev),
            Step::OpportunityFire(_) => self.execute_opfire(s, c, ev),
            Step::Retreat { .. } => self.execute_retreat(s, c, ev),
            Step::Carry { .. } => self.execute_carry(s, c, ev),
            Step::HeliDown { .. } => self.execute_set_down(s, c, ev),
            Step::Assault(_) => self.execute_assault_round(s, c, ev),
            Step::RandomEvent { .. } => self.execute_event_choice(s, c, ev),
            Step::Interrogate { .. } => self.execute_interrogate(s, c, ev),
            Step::Reveal { .. } => self.execute_reveal(s, c, ev),
            Step::FireMissions => self.execute_mission_choice(s, c, ev),
            Step::Concealment { side } => self.execute_concealment(s, side, c, ev),
        }
    }

    /// Runs the automatic procedures until a side must decide: each step's
    /// section either settles it (true: go on) or waits for its decision.
    pub(crate) fn advance(&self, s: &mut State, ev: &mut Vec<Event>) {
        for _ in 0..10_000 {
            let moved_on = match s.step().clone() {
                Step::Over => {
                    s.steps = vec![Step::Over];
                    return;
                }
                Step::Setup { side } => self.settle_setup(s, side, ev),
                Step::Reinforcements { side, .. } => self.settle_reinforcements(s, side),
                Step::DrawChit => {
                    self.draw_chit(s, ev);
                    true
                }
                Step::Activate { .. } | Step::Moving(_) => false,
                Step::Acting => self.settle_activation(s, ev),
                Step::FireMissions => self.settle_fire_missions(s, ev),
                Step::Concealment { side } => self.settle_concealment(s, side, ev),
                Step::OpportunityFire(o) => self.settle_opfire(s, &o),
                Step::Retreat { unit, .. } => self.settle_retreat(s, unit, ev),
                Step::Carry { casualty } => self.settle_carry(s, casualty),
                Step::HeliDown { unit, .. } => self.settle_heli_down(s, unit, ev),
                Step::Assault(_) => self.assault_step(s, ev),
                Step::RandomEvent { .. } => self.settle_event(s),
                Step::Interrogate { unit, civilians } => {
                    self.settle_interrogation(s, unit, civilians)
                }
                Step::Reveal { near, left } => self.settle_reveal(s, near, left),
                Step::PendingLoad {
                    carrier,
                    units,
                    casualties,
                } => {
                    s.pop();
                    self.complete_load(s, carrier, &units, &casualties, ev);
                    true
                }
            };
            if !moved_on {
                return;
            }
        }
    }

    /// Every unit, casualty and cache number in a command must exist.
    /// (Asked of every candidate `legal` checks: it looks at the numbers
    /// where they stand rather than gathering them.)
    pub(crate) fn ids_exist(&self, s: &State, c: &Command) -> Checked {
        use Command as C;
        let unit = |u: &UnitId| (*u as usize) < s.units.len();
        let units = |us: &[UnitId]| us.iter().all(unit);
        let cas = |k: &u16| (*k as usize) < s.casualties.len();
        let ok = match c {
            C::Place { unit: u, .. }
            | C::Enter { unit: u, .. }
            | C::ActivateUnit { unit: u }
            | C::Search { unit: u }
            | C::DestroyCache { unit: u }
            | C::RequestMedevac { unit: u }
            | C::RequestFireMission { unit: u, .. }
            | C::Carry { unit: u }
            | C::EventUnit { unit: u }
            | C::RevealUnit { unit: u }
            | C::Conceal { unit: u } => unit(u),
            C::ActivateLeader { leader } => unit(leader),
            C::Unload { carrier } => unit(carrier),
            C::Abandon { vehicle } => unit(vehicle),
            C::ActivateHelicopters { units: us }
            | C::Move { units: us, .. }
            | C::Assault { units: us, .. }
            | C::OpFireAttempt { units: us }
            | C::Advance { units: us } => units(us),
            C::Fire {
                firers, primary, ..
            }
            | C::AssaultFire {
                firers, primary, ..
            } => units(firers) && unit(primary),
            C::OpFire {
                primary,
                supporters,
                ..
            } => unit(primary) && units(supporters),
            C::Recover {
                unit: u,
                pick_up,
                transfer,
            } => {
                unit(u)
                    && pick_up.iter().all(cas)
                    && transfer.is_none_or(|(k, to)| cas(&k) && unit(&to))
            }
            C::Load {
                carrier,
                units: us,
                casualties,
            } => unit(carrier) && units(us) && casualties.iter().all(cas),
            C::Drop { casualty } => cas(casualty),
            C::RevealCache { cache } => (*cache as usize) < s.caches.len(),
            _ => true,
        };
        if !ok {
            return refuse("2.0", "no such unit, marker or cache");
        }
        Ok(())
    }
}
