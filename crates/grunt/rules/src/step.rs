//! The turn machine: what the game waits for ([`Step`], the top of
//! [`State::steps`]), who decides it, and the dispatchers from a step to the
//! section that lists its commands and from a command to the section that
//! checks and carries it out. No rule is decided here.

use crate::Grunt;
use crate::command::Command;
use crate::event::Event;
use crate::map::Hex;
use crate::state::{CounterId, Side, State};
use serde::{Deserialize, Serialize};
use vt_core::engine::Decision;
use vt_core::refusal::{Checked, refuse};

vt_core::decision_kinds! {
    /// What a side is asked.
    pub enum Kind {
        ChooseOrders = "choose-orders",
        ChooseDeployment = "choose-deployment",
        PlanStrikes = "plan-strikes",
        ChooseOob = "choose-oob",
        PlaceNlf = "place-nlf",
        AirStrike = "air-strike",
        Landing = "landing",
        Suppress = "suppressive-fire",
        LandingFire = "landing-fire",
        Movement = "movement",
        MoveUnit = "move-unit",
        Discovery = "discovery",
        Combat = "combat",
        CacheChoice = "cache",
        EndOfTurn = "end-of-turn",
    }
}

/// What the game waits for. Each variant carries what its decision needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// C0: the US picks or draws its orders.
    ChooseOrders,
    /// D1-D3: the US picks its deployment.
    ChooseDeployment,
    /// O9.1: the US writes down pre-planned air strikes.
    PlanStrikes,
    /// D0: the NLF picks its order of battle.
    ChooseOob,
    /// B4: the NLF places its counters face down.
    PlaceNlf,
    /// O9.3: an air strike comes in (index into `State::strikes`).
    AirStrike {
        strike: u8,
    },
    /// B5, S4: the US lands its helicopter loads, group by group.
    Landing {
        group: Vec<Hex>,
        squads: u8,
    },
    /// O10: door guns (or Cobras) fire around the landing hexes.
    Suppress {
        around: Vec<Hex>,
        /// Strength of one gun, in half points.
        strength: u16,
        guns: u8,
        cobras: bool,
    },
    /// B5, B7e: the NLF may fire at the helicopters landing or lifting at
    /// these hexes; always asked in a two-player game (a hot-seat hand-over
    /// gives nothing away).
    LandingFire {
        hexes: Vec<Hex>,
        lifting: bool,
    },
    Movement {
        side: Side,
    },
    /// B2: one unit picked to move: where to.
    Moving {
        side: Side,
        unit: CounterId,
    },
    /// B8 Probe, A6 Civilians, A4 Interrogation: between the US Movement
    /// and Combat Phases.
    Discovery,
    Combat {
        side: Side,
    },
    /// B3.5: destroy or capture the cache the unit sat on.
    CacheChoice {
        unit: CounterId,
        cache: CounterId,
    },
    /// S3 hiding, O5 ambush: the end of the NLF Player Turn.
    NlfEnd,
    Over,
}

/// Lazily computed facts shared by the checks of one `legal` or `check`
/// call: the counters that block fire, the counters in each hex.
pub struct Ctx {
    blockers: Option<Vec<bool>>,
    occ: Option<Occupancy>,
}

impl Ctx {
    pub fn new(_g: &Grunt, _s: &State) -> Ctx {
        Ctx {
            blockers: None,
            occ: None,
        }
    }

    pub fn blockers(&mut self, g: &Grunt, s: &State) -> &[bool] {
        if self.blockers.is_none() {
            self.blockers = Some(g.blockers(s));
        }
        self.blockers.as_deref().unwrap_or(&[])
    }

    pub fn occ(&mut self, g: &Grunt, s: &State) -> &Occupancy {
        self.occ.get_or_insert_with(|| Occupancy::build(g, s))
    }
}

/// The counters on the map in each hex, by the map's dense index, and
/// what each hex means to a US or an NLF unit moving through it.
pub struct Occupancy {
    start: Vec<u32>,
    ids: Vec<CounterId>,
    pass: [Vec<crate::movement::Pass>; 2],
}

impl Occupancy {
    pub fn build(g: &Grunt, s: &State) -> Occupancy {
        let map = g.map_of(s);
        let mut pairs: Vec<(u32, CounterId)> = s
            .on_map()
            .filter_map(|c| c.hex.and_then(|h| map.index(h)).map(|i| (i as u32, c.id)))
            .collect();
        pairs.sort_unstable();
        let n = map.len();
        let mut start = vec![0u32; n + 1];
        for (i, _) in &pairs {
            start[*i as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut occ = Occupancy {
            start,
            ids: pairs.into_iter().map(|p| p.1).collect(),
            pass: [Vec::new(), Vec::new()],
        };
        occ.pass = [
            g.pass_table(s, &occ, Side::Us),
            g.pass_table(s, &occ, Side::Nlf),
        ];
        occ
    }

    /// What the hex of index `i` means to a unit of `side` moving.
    pub fn pass(&self, side: Side, i: usize) -> crate::movement::Pass {
        self.pass[side.idx() as usize][i]
    }

    /// The counters in the hex of index `i`.
    pub fn at(&self, i: usize) -> &[CounterId] {
        match (self.start.get(i), self.start.get(i + 1)) {
            (Some(a), Some(b)) => &self.ids[*a as usize..*b as usize],
            _ => &[],
        }
    }
}

impl Grunt {
    pub(crate) fn current_decision(&self, s: &State) -> Decision {
        if s.is_over() {
            return Decision::game_over();
        }
        let us = Side::Us.idx();
        let nlf = Side::Nlf.idx();
        match s.step() {
            Step::ChooseOrders => Decision::new(
                us,
                Kind::ChooseOrders,
                "Choose your orders from higher headquarters, or draw one at random (kept secret).",
                "C0",
            ),
            Step::ChooseDeployment => Decision::new(
                us,
                Kind::ChooseDeployment,
                "Choose your deployment: Assault, Bait or a Ground Drive (kept secret).",
                "D1-D3",
            ),
            Step::PlanStrikes => Decision::new(
                us,
                Kind::PlanStrikes,
                "Write down any pre-planned air strikes (the Game Turn; on Game Turn 1 the impact area).",
                "O9.1",
            ),
            Step::ChooseOob => Decision::new(
                nlf,
                Kind::ChooseOob,
                "Choose the NLF order of battle (kept secret until the end).",
                "D0",
            ),
            Step::PlaceNlf => Decision::new(
                nlf,
                Kind::PlaceNlf,
                "Place your counters face down, none within four hexes of a map edge.",
                "B4",
            ),
            Step::AirStrike { .. } => Decision::new(
                us,
                Kind::AirStrike,
                "An air strike comes in: point out its eight hexes, or cancel it.",
                "O9.3",
            ),
            Step::Landing { group, .. } => Decision::new(
                us,
                Kind::Landing,
                if group.is_empty() {
                    "Land a helicopter load (open or broken ground, one load a hex)."
                } else {
                    "Land the next load beside the group, or end the group."
                },
                "B5",
            ),
            Step::Suppress { cobras, guns, .. } => Decision::new(
                us,
                Kind::Suppress,
                if *cobras {
                    format!("The Cobras may fire ({guns} left).")
                } else {
                    format!("The door guns may fire ({guns} helicopters left).")
                },
                if *cobras { "O10.2" } else { "O10.1" },
            ),
            Step::LandingFire { lifting, .. } => Decision::new(
                nlf,
                Kind::LandingFire,
                if *lifting {
                    "Helicopters are lifting off: fire at them with hard-core units, or hold fire."
                } else {
                    "Helicopters are landing: fire at them with hard-core units, or hold fire."
                },
                "B5, B7e",
            )
            .interrupting(true),
            Step::Movement { side } => Decision::new(
                side.idx(),
                Kind::Movement,
                format!("{} Movement Phase: move your units.", side.name()),
                "B2",
            ),
            Step::Moving { side, unit } => Decision::new(
                side.idx(),
                Kind::MoveUnit,
                // Named as the other side sees it: the prompt is public.
                if s.c(*unit).face_down {
                    format!("Where does marker {} go?", s.c(*unit).marker)
                } else {
                    format!("Where does {} go?", self.who(s, *unit))
                },
                "B2",
            ),
            Step::Discovery => Decision::new(
                us,
                Kind::Discovery,
                if s.standard() {
                    "Challenge counters in sight on open ground, or interrogate peasants."
                } else {
                    "Probe hexes beside your units."
                },
                if s.standard() { "A6, A4" } else { "B8" },
            ),
            Step::Combat { side } => Decision::new(
                side.idx(),
                Kind::Combat,
                format!("{} Combat Phase: fire.", side.name()),
                "B3",
            ),
            Step::CacheChoice { .. } => Decision::new(
                us,
                Kind::CacheChoice,
                "The cache is yours: destroy it, or capture it and carry it.",
                "B3.5",
            ),
            Step::NlfEnd => Decision::new(
                nlf,
                Kind::EndOfTurn,
                "End of the NLF Player Turn: hide units, lay ambushes.",
                "S3, O5",
            ),
            Step::Over => Decision::game_over(),
        }
    }

    /// The commands the current step's section offers, before the checks.
    pub(crate) fn candidates(&self, s: &State, ctx: &mut Ctx) -> Vec<Command> {
        match s.step() {
            Step::ChooseOrders => self.order_candidates(),
            Step::ChooseDeployment => self.deployment_candidates(),
            Step::PlanStrikes => self.plan_candidates(s),
            Step::ChooseOob => self.oob_candidates(s),
            Step::PlaceNlf => self.place_candidates(s),
            Step::AirStrike { .. } => self.strike_candidates(s),
            Step::Landing { .. } => self.landing_candidates(s),
            Step::Suppress { .. } => self.suppress_candidates(s, ctx),
            Step::LandingFire { .. } => self.heli_fire_candidates(s, ctx),
            Step::Movement { side } => self.movement_candidates(s, *side),
            Step::Moving { unit, .. } => self.unit_move_candidates(s, *unit, ctx),
            Step::Discovery => self.discovery_candidates(s, ctx),
            Step::Combat { side } => self.combat_candidates(s, *side, ctx),
            Step::CacheChoice { .. } => vec![Command::DestroyCache, Command::CaptureCache],
            Step::NlfEnd => self.nlf_end_candidates(s, ctx),
            Step::Over => Vec::new(),
        }
    }

    /// Refuses a command, naming the section.
    pub(crate) fn check_in(&self, s: &State, c: &Command, ctx: &mut Ctx) -> Checked {
        if s.is_over() {
            return refuse("B10", "The game is over.");
        }
        match c {
            Command::ChooseOrders { .. } | Command::DrawOrders => self.check_orders(s, c),
            Command::ChooseDeployment { deployment } => self.check_deployment(s, *deployment),
            Command::PlanStrike { turn, area } => self.check_plan_strike(s, *turn, area),
            Command::PlanDone => self.check_plan_done(s),
            Command::ChooseOob { column } => self.check_oob(s, *column),
            Command::Place { counter, hex } => self.check_place(s, *counter, *hex),
            Command::PlaceRest | Command::PlacementDone => self.check_placement_end(s, c),
            Command::Strike { area } => self.check_strike(s, area),
            Command::CancelStrike => self.check_cancel_strike(s),
            Command::Land { hex, units } => self.check_land(s, *hex, units),
            Command::EndGroup => self.check_end_group(s),
            Command::Suppress { hex, guns } => self.check_suppress(s, ctx, *hex, *guns),
            Command::EndSuppress => self.check_end_suppress(s),
            Command::HeliFire { firers, hex } => self.check_heli_fire(s, ctx, firers, *hex),
            Command::HoldFire => self.check_hold_fire(s),
            Command::Select { unit } => self.check_select(s, ctx, *unit),
            Command::Stay => self.check_stay(s),
            Command::Move { unit, path } => self.check_move(s, ctx, *unit, path, false),
            Command::Enter { unit, path } => self.check_move(s, ctx, *unit, path, true),
            Command::Uncover { unit } => self.check_uncover(s, *unit),
            Command::Resupply { unit } => self.check_resupply(s, *unit),
            Command::Load { porter } => self.check_load(s, *porter),
            Command::Unload { porter } => self.check_unload(s, *porter),
            Command::Call { group, entry } => self.check_call(s, *group, *entry),
            Command::RequestAirStrike => self.check_request_strike(s),
            Command::CallHelicopter { job, hex } => self.check_call_helicopter(s, *job, *hex),
            Command::Lift { units } => self.check_lift(s, units),
            Command::DeclareDayToDay => self.check_declare(s),
            Command::EndMovement => self.check_end_movement(s),
            Command::Probe { unit, hex } => self.check_probe(s, *unit, *hex),
            Command::Challenge { unit, hex } => self.check_challenge(s, ctx, *unit, *hex),
            Command::Interrogate { arvn, subject } => self.check_interrogate(s, *arvn, *subject),
            Command::EndDiscovery => self.check_end_discovery(s),
            Command::Fire { firers, hex } => self.check_fire(s, ctx, firers, *hex),
            Command::ReconByFire { firers, hex } => self.check_recon(s, ctx, firers, *hex),
            Command::RequestArtillery { fo } => self.check_request_artillery(s, *fo),
            Command::Artillery {
                coi,
                shift,
                shifted_guns,
            } => self.check_artillery(s, ctx, *coi, *shift, *shifted_guns),
            Command::EndCombat => self.check_end_combat(s),
            Command::DestroyCache | Command::CaptureCache => self.check_cache_choice(s),
            Command::Hide { unit } => self.check_hide(s, ctx, *unit),
            Command::PlaceAmbush { unit, hex } => self.check_ambush(s, ctx, *unit, *hex),
            Command::EndTurn => self.check_end_turn(s),
        }
    }

    /// Carries out a checked command, then the automatic procedures up to
    /// the next decision.
    pub(crate) fn execute_command(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        match c {
            Command::ChooseOrders { .. } | Command::DrawOrders => self.execute_orders(s, c, ev),
            Command::ChooseDeployment { deployment } => self.execute_deployment(s, *deployment, ev),
            Command::PlanStrike { turn, area } => self.execute_plan_strike(s, *turn, area, ev),
            Command::PlanDone => self.execute_plan_done(s, ev),
            Command::ChooseOob { column } => self.execute_oob(s, *column, ev),
            Command::Place { counter, hex } => self.execute_place(s, *counter, *hex, ev),
            Command::PlaceRest => self.execute_place_rest(s, ev),
            Command::PlacementDone => self.execute_placement_done(s, ev),
            Command::Strike { area } => self.execute_strike(s, area, ev),
            Command::CancelStrike => self.execute_cancel_strike(s, ev),
            Command::Land { hex, units } => self.execute_land(s, *hex, units, ev),
            Command::EndGroup => self.execute_end_group(s, ev),
            Command::Suppress { hex, guns } => self.execute_suppress(s, *hex, *guns, ev),
            Command::EndSuppress => {
                s.steps.pop();
            }
            Command::HeliFire { firers, hex } => self.execute_heli_fire(s, firers, *hex, ev),
            Command::HoldFire => self.execute_hold_fire(s, ev),
            Command::Select { unit } => {
                let side = s.c(*unit).side;
                s.steps.push(Step::Moving { side, unit: *unit });
            }
            Command::Stay => {
                s.steps.pop();
            }
            Command::Move { unit, path } => self.execute_move(s, *unit, path, false, ev),
            Command::Enter { unit, path } => self.execute_move(s, *unit, path, true, ev),
            Command::Uncover { unit } => self.execute_uncover(s, *unit, ev),
            Command::Resupply { unit } => self.execute_resupply(s, *unit, ev),
            Command::Load { porter } => self.execute_load(s, *porter, ev),
            Command::Unload { porter } => self.execute_unload(s, *porter, ev),
            Command::Call { group, entry } => self.execute_call(s, *group, *entry, ev),
            Command::RequestAirStrike => self.execute_request_strike(s, ev),
            Command::CallHelicopter { job, hex } => self.execute_call_helicopter(s, *job, *hex, ev),
            Command::Lift { units } => self.execute_lift(s, units, ev),
            Command::DeclareDayToDay => self.execute_declare(s, ev),
            Command::EndMovement => self.end_movement(s, ev),
            Command::Probe { unit, hex } => self.execute_probe(s, *unit, *hex, ev),
            Command::Challenge { unit, hex } => self.execute_challenge(s, *unit, *hex, ev),
            Command::Interrogate { arvn, subject } => {
                self.execute_interrogate(s, *arvn, *subject, ev)
            }
            Command::EndDiscovery => self.end_discovery(s, ev),
            Command::Fire { firers, hex } => {
                self.execute_fire(s, firers, *hex, crate::event::AttackKind::Fire, ev)
            }
            Command::ReconByFire { firers, hex } => self.execute_recon(s, firers, *hex, ev),
            Command::RequestArtillery { fo } => self.execute_request_artillery(s, *fo, ev),
            Command::Artillery {
                coi,
                shift,
                shifted_guns,
            } => self.execute_artillery(s, *coi, *shift, *shifted_guns, ev),
            Command::EndCombat => self.end_combat(s, ev),
            Command::DestroyCache => self.execute_cache_choice(s, false, ev),
            Command::CaptureCache => self.execute_cache_choice(s, true, ev),
            Command::Hide { unit } => self.execute_hide(s, *unit, ev),
            Command::PlaceAmbush { unit, hex } => self.execute_ambush(s, *unit, *hex, ev),
            Command::EndTurn => self.end_nlf_turn(s, ev),
        }
        self.settle(s, ev);
    }
}
