//! A side's answer to the current decision.
//!
//! Positions are in inches; `legal` lists them rounded to a hundredth of
//! an inch so saves read well, and `check` refuses a position that is not a
//! finite number.

use crate::state::{MarkerId, StandId};
use serde::{Deserialize, Serialize};
use vt_core::tabletop::Point;

/// One stand's straight move: where it ends and, optionally, the way it
/// faces there (a pivot at the end of the move).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandMove {
    pub stand: StandId,
    pub to: Point,
    #[serde(default)]
    pub facing: Option<Point>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    // ---- set-up ----
    /// Put a stand at a point of its side's zone.
    Place {
        stand: StandId,
        at: Point,
        facing: Point,
    },
    /// The side's set-up is done.
    SetupDone,

    // ---- the initiative (CF base) ----
    /// One stand, or a group within one stand width of each other, each
    /// in a straight line to its point (CF4.2).
    Move {
        moves: Vec<StandMove>,
    },
    /// Turn a stand where it stands (CF-M2).
    Pivot {
        stand: StandId,
        facing: Point,
    },
    /// Direct fire by a fire group at one enemy stand: each firer rolls
    /// alone (6.4); RPG/LAW teams in `support` add their die (6.11).
    Fire {
        firers: Vec<StandId>,
        target: StandId,
        #[serde(default)]
        support: Vec<StandId>,
    },
    /// Anti-armour fire at a vehicle (6.11).
    AntiTank {
        stand: StandId,
        target: StandId,
    },
    /// Try to rally a pinned or suppressed stand (CF base).
    Rally {
        stand: StandId,
    },
    /// Move into contact with an enemy stand and fight it (CF8.0).
    CloseCombat {
        moves: Vec<StandMove>,
        target: StandId,
    },
    /// Fire into a terrain piece to flush hidden enemy (6.7); an armoured
    /// vehicle may move first.
    ReconByFire {
        stand: StandId,
        feature: u16,
        #[serde(default)]
        moving_to: Option<Point>,
    },
    /// A carrier's one medevac action this initiative (6.5): pick up
    /// markers near it, move, and set them down at the end if `drop`.
    Medevac {
        carrier: StandId,
        pick_up: Vec<MarkerId>,
        to: Point,
        #[serde(default)]
        facing: Option<Point>,
        drop: bool,
    },
    /// Two medics form a Company Aid Post (6.5).
    FormAidPost {
        medics: [StandId; 2],
    },
    /// Call a Dust Off (6.5).
    RequestDustOff,
    /// A VC/NVA fire team detaches its sniper and withdraws (6.9.1).
    DetachSniper {
        team: StandId,
        at: Point,
    },
    /// A VC/NVA sniper leaves play (6.9).
    WithdrawSniper {
        sniper: StandId,
    },
    /// A flamethrower fires at a terrain piece (6.12).
    Flame {
        stand: StandId,
        feature: u16,
    },
    /// An observer calls a barrage or smoke on a point he sees (CF7.1).
    CallFire {
        observer: StandId,
        at: Point,
        smoke: bool,
    },
    /// Hand the initiative over.
    EndInitiative,

    // ---- reactive fire (the other side, during a move) ----
    /// Fire at the mover at one of the points of its move (CF6.2.1, 6.10).
    ReactiveFire {
        firers: Vec<StandId>,
        point: u16,
        #[serde(default)]
        support: Vec<StandId>,
    },
    /// Anti-armour fire at a moving vehicle (6.11).
    ReactiveAntiTank {
        stand: StandId,
        point: u16,
    },
    /// Let the move go on.
    NoReaction,

    // ---- a Dust Off overhead (6.5) ----
    LandDustOff {
        at: Point,
    },
    WaveOff,
}

impl Command {
    /// Every position the command names.
    pub fn points(&self) -> Vec<Point> {
        match self {
            Command::Place { at, facing, .. } => vec![*at, *facing],
            Command::Move { moves } | Command::CloseCombat { moves, .. } => moves
                .iter()
                .flat_map(|m| std::iter::once(m.to).chain(m.facing))
                .collect(),
            Command::Pivot { facing, .. } => vec![*facing],
            Command::ReconByFire { moving_to, .. } => moving_to.iter().copied().collect(),
            Command::Medevac { to, facing, .. } => std::iter::once(*to).chain(*facing).collect(),
            Command::DetachSniper { at, .. }
            | Command::CallFire { at, .. }
            | Command::LandDustOff { at } => vec![*at],
            _ => Vec::new(),
        }
    }
}

use crate::CrossfireVn;
use crate::event::Event;
use crate::state::State;
use vt_core::refusal::{Checked, ensure};

impl CrossfireVn {
    /// Dispatches a command to its section's check.
    pub(crate) fn check_command(&self, s: &State, c: &Command) -> Checked {
        ensure(
            c.points()
                .iter()
                .all(|p| p.x.is_finite() && p.y.is_finite()),
            "base",
            "A position must be a number of inches.",
        )?;
        match c {
            Command::Place { stand, at, facing } => self.check_place(s, *stand, *at, *facing),
            Command::SetupDone => self.check_setup_done(s),
            Command::Move { moves } => self.check_move(s, moves),
            Command::Pivot { stand, facing } => self.check_pivot(s, *stand, *facing),
            Command::Fire {
                firers,
                target,
                support,
            } => self.check_fire(s, firers, *target, support),
            Command::AntiTank { stand, target } => self.check_anti_tank(s, *stand, *target),
            Command::Rally { stand } => self.check_rally(s, *stand),
            Command::CloseCombat { moves, target } => self.check_close_combat(s, moves, *target),
            Command::ReconByFire {
                stand,
                feature,
                moving_to,
            } => self.check_recon(s, *stand, *feature, *moving_to),
            Command::Medevac {
                carrier,
                pick_up,
                to,
                facing,
                drop,
            } => self.check_medevac(s, *carrier, pick_up, *to, *facing, *drop),
            Command::FormAidPost { medics } => self.check_form_aid_post(s, *medics),
            Command::RequestDustOff => self.check_request_dust_off(s),
            Command::DetachSniper { team, at } => self.check_detach_sniper(s, *team, *at),
            Command::WithdrawSniper { sniper } => self.check_withdraw_sniper(s, *sniper),
            Command::Flame { stand, feature } => self.check_flame(s, *stand, *feature),
            Command::CallFire {
                observer,
                at,
                smoke,
            } => self.check_call_fire(s, *observer, *at, *smoke),
            Command::EndInitiative => self.check_end_initiative(s, s.initiative),
            Command::ReactiveFire {
                firers,
                point,
                support,
            } => self.check_reactive_fire(s, firers, *point, support),
            Command::ReactiveAntiTank { stand, point } => {
                self.check_reactive_anti_tank(s, *stand, *point)
            }
            Command::NoReaction => self.check_no_reaction(s),
            Command::LandDustOff { at } => self.check_land_dust_off(s, *at),
            Command::WaveOff => self.check_wave_off(s),
        }
    }

    /// Dispatches a checked command to its section's execution.
    pub(crate) fn execute_command(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        match c {
            Command::Place { stand, at, facing } => self.execute_place(s, *stand, *at, *facing, ev),
            Command::SetupDone => self.execute_setup_done(s, ev),
            Command::Move { moves } => self.execute_move(s, moves, ev),
            Command::Pivot { stand, facing } => self.execute_pivot(s, *stand, *facing, ev),
            Command::Fire {
                firers,
                target,
                support,
            } => self.execute_fire(s, firers, *target, support, ev),
            Command::AntiTank { stand, target } => self.execute_anti_tank(s, *stand, *target, ev),
            Command::Rally { stand } => self.execute_rally(s, *stand, ev),
            Command::CloseCombat { moves, target } => {
                self.execute_close_combat(s, moves, *target, ev)
            }
            Command::ReconByFire {
                stand,
                feature,
                moving_to,
            } => self.execute_recon(s, *stand, *feature, *moving_to, ev),
            Command::Medevac {
                carrier,
                pick_up,
                to,
                facing,
                drop,
            } => self.execute_medevac(s, *carrier, pick_up, *to, *facing, *drop, ev),
            Command::FormAidPost { medics } => self.execute_form_aid_post(s, *medics, ev),
            Command::RequestDustOff => self.execute_request_dust_off(s, ev),
            Command::DetachSniper { team, at } => self.execute_detach_sniper(s, *team, *at, ev),
            Command::WithdrawSniper { sniper } => self.execute_withdraw_sniper(s, *sniper, ev),
            Command::Flame { stand, feature } => self.execute_flame(s, *stand, *feature, ev),
            Command::CallFire {
                observer,
                at,
                smoke,
            } => self.execute_call_fire(s, *observer, *at, *smoke, ev),
            Command::EndInitiative => self.execute_end_initiative(s, ev),
            Command::ReactiveFire {
                firers,
                point,
                support,
            } => self.execute_reactive_fire(s, firers, *point, support, ev),
            Command::ReactiveAntiTank { stand, point } => {
                self.execute_reactive_anti_tank(s, *stand, *point, ev)
            }
            Command::NoReaction => self.execute_no_reaction(s, ev),
            Command::LandDustOff { at } => self.execute_land_dust_off(s, *at, ev),
            Command::WaveOff => self.execute_wave_off(s, ev),
        }
    }
}
