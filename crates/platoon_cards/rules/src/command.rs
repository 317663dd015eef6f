//! A side's answers to the decisions.

use crate::state::{PlatoonId, StandId};
use serde::{Deserialize, Serialize};
use vt_core::tabletop::Point;

/// The four things an activated platoon may do (Chart: TURN SEQUENCE,
/// ALLOWABLE ACTIONS), after its morale check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    MoveAndFire,
    MoveAndAssault,
    StandAndFire,
    Overwatch,
}

impl Action {
    pub fn name(self) -> &'static str {
        match self {
            Action::MoveAndFire => "Move & Fire",
            Action::MoveAndAssault => "Move & Close Assault",
            Action::StandAndFire => "Stand & Fire",
            Action::Overwatch => "Overwatch",
        }
    }
    pub fn may_move(self) -> bool {
        matches!(self, Action::MoveAndFire | Action::MoveAndAssault)
    }
}

/// What a shot or a barrage is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Aim {
    Stand(StandId),
    /// A mine strip, by its marker (artillery: no deviation).
    Mine(u16),
    /// A wire strip (artillery: no deviation).
    Wire(u16),
    /// A spot on the table (smoke, a plotted barrage).
    Point(Point),
}

/// An aircraft fired at from the ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AirTarget {
    Helicopter(StandId),
    Strike(u16),
}

/// Unknown fields are refused, not half-read (a hostile or mistyped
/// command names no rule it could mean).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    // Set-up (hidden deployment, mines, snipers, free deployment).
    PlaceCard {
        marker: u16,
        at: Point,
    },
    PlaceStand {
        stand: StandId,
        at: Point,
    },
    PlaceMine {
        marker: u16,
        at: Point,
    },
    PlaceSniper {
        sniper: u16,
        at: Point,
    },
    SetupDone,

    // Pre-game bombardment.
    Bombard {
        aim: Aim,
    },
    BombardDone,

    // Divisional artillery at the start of a turn.
    PlotCounter {
        at: Point,
    },
    AssignBattery {
        battery: u16,
        counter: u8,
    },
    MoveObserver {
        stand: StandId,
        to: Point,
    },
    PlotDone,

    // A card is turned.
    Activate {
        platoon: PlatoonId,
    },
    /// The morale check; with the company commander's rating instead of
    /// the platoon commander's.
    RollMorale {
        company_commander: bool,
    },
    /// Not forced to check (nothing fired or was fired upon last turn).
    SkipMorale,
    Choose {
        action: Action,
    },

    // Orders for the platoon's elements.
    Move {
        stand: StandId,
        to: Point,
    },
    Pivot {
        stand: StandId,
        facing: f64,
    },
    Fire {
        stand: StandId,
        weapon: u8,
        target: Aim,
    },
    Rockets {
        stand: StandId,
        target: Aim,
        pairs: u8,
    },
    Charge {
        stand: StandId,
        target: StandId,
    },
    CallFire {
        stand: StandId,
        battery: u16,
        aim: Aim,
        smoke: bool,
    },
    CallAirStrike {
        stand: StandId,
        strike: u16,
        aim: Aim,
    },
    CutWire {
        stand: StandId,
        wire: u16,
    },
    ClearMines {
        stand: StandId,
        marker: u16,
    },
    Embark {
        stand: StandId,
        carrier: StandId,
        on_top: bool,
    },
    Disembark {
        stand: StandId,
        to: Point,
    },
    Land {
        stand: StandId,
    },
    TakeOff {
        stand: StandId,
    },
    ExitTable {
        stand: StandId,
    },
    EndActivation,

    // Any time: a sniper fires (no card).
    SniperFire {
        sniper: u16,
        target: StandId,
    },

    // Chances while the other side acts.
    OverwatchFire {
        stand: StandId,
        weapon: u8,
        target: Aim,
    },
    PointBlank {
        stand: StandId,
        weapon: u8,
        target: StandId,
    },
    AirDefence {
        stand: StandId,
        target: AirTarget,
    },
    /// No fire now.
    Pass,
    /// No fire for the rest of the enemy's activation.
    HoldFire,
    /// End of turn: the platoon's overwatch ends.
    EndOverwatch,

    // Close combat.
    Support {
        stand: StandId,
    },
    NoSupport,
    Lose {
        stand: StandId,
    },
    Advance,
    NoAdvance,
}

use crate::PlatoonCards;
use crate::event::Event;
use crate::fire::FireCtx;
use crate::sections::*;
use crate::state::State;
use crate::step::Step;
use vt_core::refusal::{Checked, ensure, refuse};

impl PlatoonCards {
    /// Dispatches a command to its section's check.
    pub fn check_command(&self, s: &State, c: &Command) -> Checked {
        ensure(!s.is_over(), TURN, "The game is over.")?;
        match c {
            Command::PlaceCard { marker, at } => self.check_place_card(s, *marker, *at),
            Command::PlaceStand { stand, at } => self.check_place_stand(s, *stand, *at),
            Command::PlaceMine { marker, at } => self.check_place_mine(s, *marker, *at),
            Command::PlaceSniper { sniper, at } => self.check_place_sniper(s, *sniper, *at),
            Command::SetupDone => self.check_setup_done(s),
            Command::Bombard { aim } => self.check_bombard(s, *aim),
            Command::BombardDone => self.check_bombard_done(s),
            Command::PlotCounter { at } => self.check_plot_counter(s, *at),
            Command::AssignBattery { battery, counter } => self.check_assign(s, *battery, *counter),
            Command::MoveObserver { stand, to } => self.check_move_observer(s, *stand, *to),
            Command::PlotDone => self.check_plot_done(s),
            Command::Activate { platoon } => self.check_activate(s, *platoon),
            Command::RollMorale { company_commander } => {
                self.check_roll_morale(s, *company_commander)
            }
            Command::SkipMorale => self.check_skip_morale(s),
            Command::Choose { action } => self.check_choose(s, *action),
            Command::Move { stand, to } => self.check_move(s, *stand, *to),
            Command::Pivot { stand, facing } => self.check_pivot(s, *stand, *facing),
            Command::Fire {
                stand,
                weapon,
                target,
            } => {
                self.check_order_stand(s, *stand)?;
                let Step::Orders { action, .. } = s.step() else {
                    return refuse(TURN, "No activation is under way.");
                };
                ensure(
                    matches!(action, Action::MoveAndFire | Action::StandAndFire),
                    TURN,
                    "Under Move & Close Assault the platoon goes in; it does not fire.",
                )?;
                self.fire_check(s, *stand, *weapon, *target, FireCtx::Orders)
            }
            Command::Rockets {
                stand,
                target,
                pairs,
            } => self.check_rockets(s, *stand, *target, *pairs),
            Command::Charge { stand, target } => self.check_charge(s, *stand, *target).map(|_| ()),
            Command::CallFire {
                stand,
                battery,
                aim,
                smoke,
            } => self.check_call_fire(s, *stand, *battery, *aim, *smoke),
            Command::CallAirStrike { stand, strike, aim } => {
                self.check_air_strike(s, *stand, *strike, *aim)
            }
            Command::CutWire { stand, wire } => self.check_cut_wire(s, *stand, *wire),
            Command::ClearMines { stand, marker } => self.check_clear_mines(s, *stand, *marker),
            Command::Embark {
                stand,
                carrier,
                on_top,
            } => self.check_embark(s, *stand, *carrier, *on_top),
            Command::Disembark { stand, to } => self.check_disembark(s, *stand, *to),
            Command::Land { stand } => self.check_land(s, *stand),
            Command::TakeOff { stand } => self.check_take_off(s, *stand),
            Command::ExitTable { stand } => self.check_exit(s, *stand),
            Command::EndActivation => self.check_end_activation(s),
            Command::SniperFire { sniper, target } => self.check_sniper_fire(s, *sniper, *target),
            Command::OverwatchFire {
                stand,
                weapon,
                target,
            } => self.check_overwatch_fire(s, *stand, *weapon, *target),
            Command::PointBlank {
                stand,
                weapon,
                target,
            } => self.check_point_blank(s, *stand, *weapon, *target),
            Command::AirDefence { stand, target } => self.check_air_defence_cmd(s, *stand, *target),
            Command::Pass | Command::HoldFire => self.check_pass(s),
            Command::EndOverwatch => self.check_end_overwatch(s),
            Command::Support { stand } => self.check_support(s, Some(*stand)),
            Command::NoSupport => self.check_support(s, None),
            Command::Lose { stand } => self.check_lose(s, *stand),
            Command::Advance => self.check_advance(s, true),
            Command::NoAdvance => self.check_advance(s, false),
        }
    }

    /// Dispatches a checked command to its section's execution.
    pub fn execute_command(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        match c {
            Command::PlaceCard { marker, at } => self.execute_place_card(s, *marker, *at, ev),
            Command::PlaceStand { stand, at } => self.execute_place_stand(s, *stand, *at, ev),
            Command::PlaceMine { marker, at } => self.execute_place_mine(s, *marker, *at, ev),
            Command::PlaceSniper { sniper, at } => self.execute_place_sniper(s, *sniper, *at, ev),
            Command::SetupDone => self.execute_setup_done(s, ev),
            Command::Bombard { aim } => self.execute_bombard(s, *aim, ev),
            Command::BombardDone => self.bombardment_ready(s),
            Command::PlotCounter { at } => self.execute_plot_counter(s, *at, ev),
            Command::AssignBattery { battery, counter } => {
                self.execute_assign(s, *battery, *counter, ev)
            }
            Command::MoveObserver { stand, to } => self.execute_move_observer(s, *stand, *to, ev),
            Command::PlotDone => self.execute_plot_done(s, ev),
            Command::Activate { platoon } => self.execute_activate(s, *platoon, ev),
            Command::RollMorale { company_commander } => {
                self.execute_roll_morale(s, *company_commander, ev)
            }
            Command::SkipMorale => self.execute_skip_morale(s, ev),
            Command::Choose { action } => self.execute_choose(s, *action, ev),
            Command::Move { stand, to } => self.execute_move(s, *stand, *to, ev),
            Command::Pivot { stand, facing } => self.execute_pivot(s, *stand, *facing, ev),
            Command::Fire {
                stand,
                weapon,
                target: Aim::Stand(t),
            } => {
                if let Ok(shot) = self.plan_shot(s, *stand, *weapon, *t, FireCtx::Orders) {
                    let by = *stand;
                    self.fire_shot(s, shot, ev);
                    let at = s.stand(by).pos;
                    self.offer_reaction(
                        s,
                        crate::step::Trigger {
                            kind: crate::step::TriggerKind::Fired,
                            by,
                            at,
                        },
                        ev,
                    );
                }
            }
            Command::Fire { .. } => {}
            Command::Rockets {
                stand,
                target,
                pairs,
            } => self.execute_rockets(s, *stand, *target, *pairs, ev),
            Command::Charge { stand, target } => self.execute_charge(s, *stand, *target, ev),
            Command::CallFire {
                stand,
                battery,
                aim,
                smoke,
            } => self.execute_call_fire(s, *stand, *battery, *aim, *smoke, ev),
            Command::CallAirStrike { stand, strike, aim } => {
                self.execute_air_strike(s, *stand, *strike, *aim, ev)
            }
            Command::CutWire { stand, wire } => self.execute_cut_wire(s, *stand, *wire, ev),
            Command::ClearMines { stand, marker } => {
                self.execute_clear_mines(s, *stand, *marker, ev)
            }
            Command::Embark {
                stand,
                carrier,
                on_top,
            } => self.execute_embark(s, *stand, *carrier, *on_top, ev),
            Command::Disembark { stand, to } => self.execute_disembark(s, *stand, *to, ev),
            Command::Land { stand } => self.execute_land(s, *stand, ev),
            Command::TakeOff { stand } => self.execute_take_off(s, *stand, ev),
            Command::ExitTable { stand } => self.execute_exit(s, *stand, ev),
            Command::EndActivation => self.execute_end_activation(s, ev),
            Command::SniperFire { sniper, target } => {
                self.execute_sniper_fire(s, *sniper, *target, ev)
            }
            Command::OverwatchFire {
                stand,
                weapon,
                target,
            } => self.execute_overwatch_fire(s, *stand, *weapon, *target, ev),
            Command::PointBlank {
                stand,
                weapon,
                target,
            } => self.execute_point_blank(s, *stand, *weapon, *target, ev),
            Command::AirDefence { stand, target } => {
                self.execute_air_defence_cmd(s, *stand, *target, ev)
            }
            Command::Pass => self.execute_pass(s, false, ev),
            Command::HoldFire => self.execute_pass(s, true, ev),
            Command::EndOverwatch => self.execute_end_overwatch(s, ev),
            Command::Support { stand } => self.execute_support(s, Some(*stand), ev),
            Command::NoSupport => self.execute_support(s, None, ev),
            Command::Lose { stand } => self.execute_lose(s, *stand, ev),
            Command::Advance => self.execute_advance(s, true, ev),
            Command::NoAdvance => self.execute_advance(s, false, ev),
        }
    }
}

impl Command {
    /// A side standing by (for tests and traces of one side's play against
    /// an enemy that does nothing): of `legal`, the command that sets up as
    /// the scenario has it, passes, ends the activation or declines (no
    /// reaction, morale check, support, advance, bombardment or plot), else
    /// Stand & Fire as the action, else the first.
    pub fn standing_by(legal: &[Command]) -> usize {
        legal
            .iter()
            .position(|c| {
                matches!(
                    c,
                    Command::SetupDone
                        | Command::EndActivation
                        | Command::Pass
                        | Command::HoldFire
                        | Command::PlotDone
                        | Command::BombardDone
                        | Command::SkipMorale
                        | Command::NoSupport
                        | Command::NoAdvance
                )
            })
            .or_else(|| {
                legal.iter().position(|c| {
                    matches!(
                        c,
                        Command::Choose {
                            action: Action::StandAndFire
                        }
                    )
                })
            })
            .unwrap_or(0)
    }
}
