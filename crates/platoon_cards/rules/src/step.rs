//! What the game waits for: one step enum, the only place that says who
//! decides what ([`PlatoonCards::current_decision`]), which section lists
//! the commands of a step ([`PlatoonCards::candidates`]) and which
//! procedures run by themselves between decisions ([`PlatoonCards::advance`]).

use crate::PlatoonCards;
use crate::command::{Action, Command};
use crate::event::Event;
use crate::state::*;
use serde::{Deserialize, Serialize};
use vt_core::engine::Decision;
use vt_core::tabletop::Point;

vt_core::decision_kinds! {
    /// The decisions of the card-driven game.
    pub enum Kind {
        /// Place hidden cards, mines, snipers and stands before the game.
        Setup = "setup",
        /// The attacker plots the pre-game bombardment (turn 0).
        Bombardment = "bombardment",
        /// Divisional FOs plot at the start of the turn.
        PlotDivisional = "plot-divisional",
        /// A card of this side was turned: pick a platoon.
        Activate = "activate",
        /// The platoon's morale check.
        Morale = "morale",
        /// One of the four actions.
        Action = "action",
        /// Orders for the platoon's elements.
        Orders = "orders",
        /// A chance while the enemy acts: overwatch, a sniper, point-blank
        /// fire, fire at aircraft.
        Reaction = "reaction",
        /// A second defender may join a close combat.
        Support = "support",
        /// The loser of a close combat picks the unit it loses.
        Loss = "choose-loss",
        /// The winner may advance into the defender's place.
        Advance = "advance",
        /// End of turn: a platoon on overwatch has its go.
        EndOverwatch = "end-overwatch",
    }
}

// The view names the decision by its typed kind; it crosses as its string.
impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use vt_core::DecisionKind;
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use vt_core::DecisionKind;
        let text = String::deserialize(d)?;
        Kind::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("no decision kind '{text}'")))
    }
}

/// Why a morale check is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoraleWhy {
    /// At the start of an activation; `optional` when the platoon neither
    /// fired nor was fired upon last turn.
    Activation { optional: bool },
    /// Before the first overwatch shot.
    Overwatch,
    /// End of turn: overwatch cannot dodge the check.
    EndOfTurn,
}

/// What gave the other side its chance.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TriggerKind {
    Moved,
    Fired,
    /// A stand charged into contact: point-blank fire.
    Charged {
        target: StandId,
    },
    /// A stand is entering a mine strip.
    Minefield {
        marker: u16,
    },
    /// A stand is about to cut wire.
    WireCutting {
        wire: u16,
    },
    /// A helicopter flew this path.
    Flew {
        path: Vec<Point>,
    },
    /// An air strike runs in along this line.
    AirStrike {
        strike: u16,
        path: Vec<Point>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trigger {
    pub kind: TriggerKind,
    /// The enemy element that acted (an FO calling a strike).
    pub by: StandId,
    pub at: Point,
}

/// A procedure that runs by itself once the decisions above it are made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Pending {
    StartTurn,
    Draw,
    EndActivation {
        platoon: PlatoonId,
    },
    EndTurn,
    /// After the overwatch platoons: divisional fire, smoke clears.
    CloseTurn,
    Melee {
        melee: u16,
    },
    MineRoll {
        stand: StandId,
        marker: u16,
        clearing: bool,
    },
    WireCut {
        stand: StandId,
        wire: u16,
    },
    /// The shot that waits for its platoon's overwatch check.
    OverwatchShot {
        stand: StandId,
        weapon: u8,
        target: crate::command::Aim,
    },
    AirStrike {
        strike: u16,
        fo: StandId,
        aim: Point,
        heading: Point,
    },
    /// A routed platoon falls back.
    Rout {
        platoon: PlatoonId,
    },
    /// After the pre-game bombardment is plotted.
    Bombardment,
    /// The step after the setups (bombardment or turn 1).
    BeginPlay,
}

/// What the game waits for. The current decision is the top of
/// `State::steps`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    Setup {
        side: Side,
    },
    Bombardment {
        side: Side,
        left: u8,
        aims: Vec<crate::command::Aim>,
    },
    PlotDivisional {
        side: Side,
    },
    Activate {
        side: Side,
    },
    Morale {
        platoon: PlatoonId,
        why: MoraleWhy,
    },
    Action {
        platoon: PlatoonId,
    },
    Orders {
        platoon: PlatoonId,
        action: Action,
    },
    Reaction {
        side: Side,
        trigger: Trigger,
    },
    Support {
        melee: u16,
    },
    Loss {
        melee: u16,
        side: Side,
        candidates: Vec<StandId>,
    },
    Advance {
        melee: u16,
        stand: StandId,
        to: Point,
    },
    EndOverwatch {
        platoon: PlatoonId,
    },
    /// Runs by itself.
    Resolve(Pending),
    Over,
}

impl PlatoonCards {
    /// Who decides what, from the top step.
    pub fn current_decision(&self, s: &State) -> Decision {
        use crate::sections::*;
        let side = |x: Side| x.idx();
        match s.step() {
            Step::Over | Step::Resolve(_) => Decision::game_over(),
            Step::Setup { side: x } => {
                Decision::new(side(*x), Kind::Setup, setup_prompt(s, *x), book(HIDDEN))
            }
            Step::Bombardment { side: x, left, .. } => Decision::new(
                side(*x),
                Kind::Bombardment,
                format!(
                    "Plot the pre-game bombardment: {} left.",
                    vt_core::words::counted(*left as u64, "template", "templates")
                ),
                book(BOMBARDMENT),
            ),
            Step::PlotDivisional { side: x } => Decision::new(
                side(*x),
                Kind::PlotDivisional,
                "Divisional artillery: place numbered counters and choose the real targets."
                    .to_string(),
                book(DIVISIONAL),
            ),
            Step::Activate { side: x } => Decision::new(
                side(*x),
                Kind::Activate,
                format!("A {} card: activate one of your platoons.", x.name()),
                book(TURN),
            ),
            Step::Morale { platoon, why } => {
                let p = s.platoon(*platoon);
                let d = Decision::new(
                    side(p.side),
                    Kind::Morale,
                    match why {
                        MoraleWhy::Activation { optional: true } => format!(
                            "{}: no fire given or taken last turn, so the morale check may be skipped.",
                            p.name
                        ),
                        MoraleWhy::Overwatch => {
                            format!("{} fires from overwatch: its morale check first.", p.name)
                        }
                        _ => format!("{}: morale check.", p.name),
                    },
                    book(MORALE),
                );
                d.interrupting(s.card != Some(p.side))
            }
            Step::Action { platoon } => Decision::new(
                side(s.platoon(*platoon).side),
                Kind::Action,
                format!("{}: choose its action.", s.platoon(*platoon).name),
                book(TURN),
            ),
            Step::Orders { platoon, action } => Decision::new(
                side(s.platoon(*platoon).side),
                Kind::Orders,
                format!(
                    "{} ({}): orders for its elements.",
                    s.platoon(*platoon).name,
                    action.name()
                ),
                book(TURN),
            ),
            Step::Reaction { side: x, trigger } => Decision::new(
                side(*x),
                Kind::Reaction,
                self.prompt(s, trigger),
                book(PlatoonCards::rule_of(trigger)),
            )
            .interrupting(true),
            Step::Support { melee } => {
                let d = s.melee(*melee).and_then(|m| m.defenders.first().copied());
                let x = d.map_or(Side::Vc, |d| s.stand(d).side);
                Decision::new(
                    side(x),
                    Kind::Support,
                    "Close assault: one more stand of the platoon within 2\" may come to the defender's aid."
                        .to_string(),
                    book(CLOSE_ASSAULT),
                )
                .interrupting(s.card != Some(x))
            }
            Step::Loss { side: x, .. } => Decision::new(
                side(*x),
                Kind::Loss,
                "You lost the close combat: choose the unit lost.".to_string(),
                book(CLOSE_ASSAULT),
            )
            .interrupting(s.card != Some(*x)),
            Step::Advance { stand, .. } => Decision::new(
                side(s.stand(*stand).side),
                Kind::Advance,
                "You won the close combat: advance into the defender's position?".to_string(),
                book(CLOSE_ASSAULT),
            ),
            Step::EndOverwatch { platoon } => Decision::new(
                side(s.platoon(*platoon).side),
                Kind::EndOverwatch,
                format!(
                    "End of turn: {} is still on overwatch and has its go.",
                    s.platoon(*platoon).name
                ),
                book(TURN_NOTES),
            ),
        }
    }

    /// The commands the top step might accept; `legal` keeps those
    /// `check` passes.
    pub fn candidates(&self, s: &State) -> Vec<Command> {
        let mut out = Vec::new();
        match s.step() {
            Step::Over | Step::Resolve(_) => {}
            Step::Setup { side } => self.setup_candidates(s, *side, &mut out),
            Step::Bombardment { side, .. } => self.bombard_candidates(s, *side, &mut out),
            Step::PlotDivisional { side } => self.plot_candidates(s, *side, &mut out),
            Step::Activate { side } => {
                self.activate_candidates(s, *side, &mut out);
                self.sniper_candidates(s, *side, &mut out);
            }
            Step::Morale { .. } => self.morale_candidates(s, &mut out),
            Step::Action { .. } => self.action_candidates(&mut out),
            Step::Orders { platoon, action } => {
                self.order_candidates(s, *platoon, *action, &mut out);
                self.sniper_candidates(s, s.platoon(*platoon).side, &mut out);
            }
            Step::Reaction { side, trigger } => {
                self.reaction_candidates(s, *side, trigger, &mut out)
            }
            Step::Support { melee } => self.support_candidates(s, *melee, &mut out),
            Step::Loss { candidates, .. } => {
                out.extend(candidates.iter().map(|&stand| Command::Lose { stand }))
            }
            Step::Advance { .. } => out.extend([Command::Advance, Command::NoAdvance]),
            Step::EndOverwatch { platoon } => self.end_overwatch_candidates(s, *platoon, &mut out),
        }
        out
    }

    /// Runs the procedures on top of the stack until a decision is waiting.
    pub fn advance(&self, s: &mut State, ev: &mut Vec<Event>) {
        let mut guard = 0;
        loop {
            guard += 1;
            if guard > 10_000 {
                // A rules bug must not hang a game: end it where it stands.
                s.steps = vec![Step::Over];
                self.finish(s, ev);
                return;
            }
            if s.winner.is_some() {
                s.steps = vec![Step::Over];
                return;
            }
            let Some(Step::Resolve(p)) = s.steps.last().cloned() else {
                if s.steps.is_empty() {
                    s.steps.push(Step::Resolve(Pending::Draw));
                    continue;
                }
                // A decision nobody can answer is skipped (a reaction with
                // nothing left to fire, an activation with nothing to do).
                if self.skip_if_empty(s, ev) {
                    continue;
                }
                return;
            };
            s.steps.pop();
            match p {
                Pending::StartTurn => self.start_turn(s, ev),
                Pending::Draw => self.draw(s, ev),
                Pending::EndActivation { platoon } => self.end_activation(s, platoon, ev),
                Pending::EndTurn => self.end_turn(s, ev),
                Pending::CloseTurn => self.close_turn(s, ev),
                Pending::Melee { melee } => self.resolve_melee(s, melee, ev),
                Pending::MineRoll {
                    stand,
                    marker,
                    clearing,
                } => self.mine_roll(s, stand, marker, clearing, ev),
                Pending::WireCut { stand, wire } => self.wire_cut(s, stand, wire, ev),
                Pending::OverwatchShot {
                    stand,
                    weapon,
                    target,
                } => self.overwatch_shot(s, stand, weapon, target, ev),
                Pending::AirStrike {
                    strike,
                    fo,
                    aim,
                    heading,
                } => self.run_air_strike(s, strike, fo, aim, heading, ev),
                Pending::Rout { platoon } => self.fall_back_platoon(s, platoon, ev),
                Pending::Bombardment => self.resolve_bombardment(s, ev),
                Pending::BeginPlay => self.begin_play(s, ev),
            }
        }
    }

    /// Pops a decision that has no command to offer. Only steps that may
    /// legitimately run dry are skipped; the rest stay (a contract test
    /// then finds the bug).
    fn skip_if_empty(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let skippable = matches!(
            s.step(),
            Step::Reaction { .. }
                | Step::Support { .. }
                | Step::EndOverwatch { .. }
                | Step::Activate { .. }
        );
        if !skippable {
            return false;
        }
        if !self.legal_commands(s).is_empty() {
            return false;
        }
        match s.steps.pop() {
            Some(Step::Support { melee }) => {
                if let Some(m) = s.melees.iter_mut().find(|m| m.id == melee) {
                    m.support_asked = true;
                }
            }
            Some(Step::EndOverwatch { platoon }) => self.overwatch_ends(s, platoon, ev),
            Some(Step::Activate { side }) => {
                // Nothing left to activate (a close combat took the last
                // platoon): the card is wasted.
                ev.push(Event::CardWasted { side });
                if let Some(c) = s.card.take() {
                    s.deck.discard(c);
                }
                s.steps.push(Step::Resolve(Pending::Draw));
            }
            _ => {}
        }
        true
    }
}

/// The set-up's prompt naming only what this side has to place: a side
/// with no hidden cards, mines or snipers is not told to place them (the
/// road ambush told the US column to place hidden cards it did not have).
fn setup_prompt(s: &State, side: Side) -> String {
    let mut what = vec![];
    if s.cards.iter().any(|c| c.side == side) {
        what.push("hidden cards");
    }
    if s.mines.iter().any(|m| m.side == side) {
        what.push("mine strips");
    }
    if s.snipers.iter().any(|m| m.side == side) {
        what.push("snipers");
    }
    what.push("stands");
    let list = match what.len() {
        1 => what[0].to_string(),
        n => format!("{} and {}", what[..n - 1].join(", "), what[n - 1]),
    };
    format!(
        "{}: place your {list}, then finish the set-up.",
        side.name()
    )
}
