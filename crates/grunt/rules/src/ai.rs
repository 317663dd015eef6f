//! What the computer player needs from Grunt ([`vt_core::AiRules`]): the
//! NLF's face-down counters dealt again, the US's unseen calls and strikes
//! taken back, the other side's secret awards estimated, a position's
//! chance, and how to play on.
//!
//! What a side may not know (see [`crate::view`]): to the US, what each
//! face-down NLF counter is (B4: a numbered marker, and what the US saw
//! happen to it); to the NLF, the US's written calls (D6) and air strikes
//! (O9.1) until they arrive; to each side, the awards only the other side
//! reads until the end (D0-D4, C1-C3: the points for the order of battle,
//! the deployment, the orders, the casualty schedule, the calls); and the
//! dice to come.
//!
//! Not sampled (the NLF's search reads them as they are): the US orders
//! and deployment (C1-C3, D1-D5: they shape the forces the NLF sees land),
//! the battery's plot (O7) and how many on-call strikes are left (O9.2).

use crate::Grunt;
use crate::command::Command;
use crate::data::{Column, Deployment, Optional, OrderId, Role, Terrain};
use crate::map::Hex;
use crate::state::*;
use crate::step::Step;
use vt_core::sort::StableSort;
use vt_core::{AiRules, GameRng, SideIdx};

/// Iterations of the search a second on one core of the 2-core reference
/// machine, per scenario: a level's seconds become this many iterations
/// (the same on every machine). Calibrated with `cargo run --release -p
/// vt-games --example search_rate` (CPU seconds of the searching thread,
/// the mean of 4 mid-game positions a scenario; the figure measured is in
/// the comment), 2 December 2026: each scenario keeps its measured ratio
/// to the game's median, and the median stays at the 260 of the
/// game's first calibration (this loaded run measured 345), the lower,
/// so that a level does not overrun its seconds.
pub(crate) const SEARCH_RATES: &[(&str, u32)] = &[
    ("solitaire", 318),         // 422
    ("basic", 260),             // 345
    ("standard", 193),          // 256
    ("standard-optional", 188), // 250
    ("chain-of-command", 298),  // 395
];

/// A scenario not in [`SEARCH_RATES`] (edited data): the median of the
/// game's scenarios.
const SEARCH_RATE_USUAL: u32 = 260;

impl AiRules for Grunt {
    /// B10: the points lead (secret awards included), twenty points a
    /// step of the curve.
    fn margin(&self, s: &State, side: SideIdx) -> f64 {
        let me = Side::from_idx(side);
        let lead = s.points(me, None) - s.points(me.other(), None);
        vt_core::ai::lead_score(lead as f64, 20.0)
    }

    fn determinize(&self, state: &State, side: SideIdx, rng: &mut GameRng) -> State {
        let me = Side::from_idx(side);
        let mut s = state.clone();
        match me {
            Side::Us => {
                self.resample_column(&mut s, rng);
                self.redeal_face_down(&mut s, rng);
            }
            Side::Nlf => self.unwrite_us_plans(&mut s),
        }
        self.estimate_secret_awards(&mut s, me);
        s.rng = GameRng::seeded(rng.next_u64());
        s
    }

    /// B10: more points wins, and the US may not win once its company
    /// commander is destroyed. The points margin (secret awards included,
    /// as the sample has them), with a share of the fighting strength each
    /// side still has, read as a chance through a logistic curve.
    fn evaluate(&self, s: &State, side: SideIdx) -> f64 {
        let me = Side::from_idx(side);
        if let Some(r) = &s.result {
            let won = match r.as_str() {
                "us" => Some(Side::Us),
                "nlf" => Some(Side::Nlf),
                _ => None,
            };
            return match won {
                Some(w) if w == me => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        if s.commander_lost() || self.day_to_day_lost(s) {
            return if me == Side::Us { 0.0 } else { 1.0 };
        }
        // B3.5: a cache a US unit sits on is taken at the end of its next
        // full Player Turn, beyond most rollouts' horizon: counted at
        // most of its points, so that the search sees why a squad steps
        // onto a cache and stays there.
        let taking: i32 = s
            .counters
            .iter()
            .filter(|c| c.side == Side::Us && c.on_map())
            .map(|c| self.cache_at_stake(s, c.id))
            .sum();
        // O11: points waiting for a US unit to pass over count at half
        // (the NLF may carry its casualties off first).
        let waiting: i32 = self.pending(s).iter().map(|(_, p)| p).sum();
        // O4d: casualties left unevacuated and without a medic at the end
        // cost 10 points each (290 points to the NLF in 20 watched
        // Standard-optional games): counted at most of that now, so a
        // medevac or a medic is worth its moves.
        let abandoned = if s.has(Optional::CasualtyCrt) {
            let (us, nlf) = self.abandoned(s);
            0.7 * ((nlf - us) * self.tables.points.abandoned.value) as f64
        } else {
            0.0
        };
        let margin = (s.points(Side::Us, None) - s.points(Side::Nlf, None)) as f64
            + 0.8 * taking as f64
            + 0.5 * waiting as f64
            + abandoned;
        let mut strength = [0.0f64; 2];
        for c in s
            .counters
            .iter()
            .filter(|c| c.on_map() && c.role.is_person())
        {
            let w = self.attack(c.role) as f64 / 2.0;
            strength[c.side.idx() as usize] += w;
        }
        let total = strength[0] + strength[1];
        let share = if total > 0.0 {
            (strength[0] - strength[1]) / total
        } else {
            0.0
        };
        // B10: the US cannot win without its company commander, so a
        // commander the NLF can see and shoot at good odds is a danger the
        // points do not show yet: less the US's chance by how exposed he
        // is (his hex's defence against the NLF units face up near him).
        let danger = self.commander_danger(s);
        // Points come in fives to twenty-fives (the Points CRT, 2.2 of the
        // reading notes): one wound (5) is worth about a third of the way
        // from even to sure, a kill (15) most of it.
        let x = margin + 8.0 * share - 12.0 * danger;
        let us = 1.0 / (1.0 + (-x / 10.0).exp());
        if me == Side::Us { us } else { 1.0 - us }
    }

    /// Iterations a second of one core of the 2-core reference machine in
    /// `scenario` ([`SEARCH_RATES`]).
    fn search_rate(&self, scenario: &str) -> u32 {
        vt_core::ai::rate_of(SEARCH_RATES, scenario, SEARCH_RATE_USUAL)
    }

    /// A game is hundreds of commands: rollouts stop after this many and
    /// read the position with [`AiRules::evaluate`].
    fn rollout_horizon(&self) -> Option<usize> {
        Some(60)
    }

    /// How strongly a company commander's rules of thumb favour each of
    /// `legal` (0 for what it never does while anything else is legal:
    /// `vt_core::ai::weighted_index` draws a 0 only when all are 0): fire
    /// where the odds score (B3, the Points CRT),
    /// probe, challenge and call the guns, move towards the enemy (the
    /// US, which must find the NLF, B0) or into cover near the US (the
    /// NLF), keep the company commander out of harm (B10), finish the
    /// set-up; ending a phase last.
    ///
    /// The search's rollouts and the scripted player draw from them, and
    /// the search starts from them (its prior) and lets its samples
    /// overrule them. Uniform play ends phases with its units unused,
    /// wanders and fires at odds that cannot score. Without the prior
    /// (before issue 13's prior for Grunt) US mcts:50 won 70 % of 10
    /// Basic games against random play, random play itself 73 %.
    fn rollout_weights(&self, s: &State, legal: &[Command]) -> Option<Vec<u32>> {
        let moves = legal
            .iter()
            .any(|c| matches!(c, Command::Move { .. } | Command::Enter { .. }));
        let mut goals = if moves {
            self.goals(s)
        } else {
            Goals::default()
        };
        if legal
            .iter()
            .any(|c| matches!(c, Command::Select { .. } | Command::Stay))
        {
            goals.shooters = self.shooters(s);
        }
        let mut w: Vec<u32> = legal.iter().map(|c| self.weight(s, &goals, c)).collect();
        // O10, A6: with only markers round the landing to shoot at, the
        // guns hold (a watched game: the door guns' first burst at a
        // marker was 30 points to the NLF; at 1 to 1 with ending, a small
        // search still fired, its samples dealing the markers as enemies
        // as often as peasants).
        let aimed = legal
            .iter()
            .zip(&w)
            .any(|(c, &x)| matches!(c, Command::Suppress { .. }) && x > 1);
        if !aimed {
            for (c, x) in legal.iter().zip(w.iter_mut()) {
                if matches!(c, Command::EndSuppress) {
                    *x = 100;
                }
            }
        }
        self.weigh_landings(s, legal, &mut w);
        Some(w)
    }
}

impl Grunt {
    /// B5, B7e, O6: every hard-core unit in range of a landing hex fires
    /// at the helicopter at 6-1 (they defend at ½ whatever the terrain),
    /// and the US cannot tell which markers hide one: it lands where the
    /// fewest markers are in range (a watched Standard-optional game: a
    /// group set down among five markers lost 80 points to two hidden
    /// hard-core units before it moved, and 90 more in the NLF's turn).
    /// With 390 hexes to choose from a search of 60 samples cannot tell
    /// them apart, so the rule of thumb does. The landing's hexes are
    /// weighed by rank: 200 within one marker of the fewest, 20 within
    /// three, 1 beyond (open ground counting three more).
    fn weigh_landings(&self, s: &State, legal: &[Command], w: &mut [u32]) {
        if !legal.iter().any(|c| matches!(c, Command::Land { .. })) {
            return;
        }
        // C0-C3: under orders the US must make up the NLF's award (65 to
        // 90 points) by fighting, and the Eagle Flight Ranger lands to be
        // engaged (the company is committed only then): it lands where the
        // search and the other rules of thumb take it. Scripted Chain of
        // Command games with the landings kept off the markers (seed 2,
        // 400 games): 29 US wins, 45 without.
        if s.order.is_some() {
            return;
        }
        let range = self.tables.range.value;
        let mut markers: Vec<Hex> = s
            .on_map()
            .filter(|c| c.side == Side::Nlf && (c.face_down || c.role == Role::HardCore))
            .filter_map(|c| c.hex)
            .collect();
        markers.sort_unstable();
        markers.dedup();
        let exposure = |h: Hex| {
            markers
                .iter()
                .filter(|m| crate::map::distance(**m, h) <= range)
                .count()
        };
        // B3: once down, the units defend by the ground (open 1, broken
        // 2) in the NLF's turn, the landing units unable to move first:
        // open ground counts as three markers more.
        let map = self.map_of(s);
        let open = |h: Hex| {
            if self.tables.terrain(map.terrain(h)).defence.value.halves() <= 2 {
                3
            } else {
                0
            }
        };
        let lands: Vec<Option<usize>> = legal
            .iter()
            .map(|c| match c {
                Command::Land { hex, .. } => Some(exposure(*hex) + open(*hex)),
                _ => None,
            })
            .collect();
        let Some(least) = lands.iter().flatten().min().copied() else {
            return;
        };
        // O8: fire at one of a row of units runs on down the row (a
        // watched game: one hard-core unit's fire at a group landed in a
        // line along a hex row hit three of its five units at 6-1). The
        // group keeps out of rows of three along the six hex lines, and
        // out of the kill zone (`Grunt::zone_hexes`) of fire from any
        // marker in range at one of its units or at the new one: an
        // east-west row zigzags across flat-topped hexes and is no hex
        // line (a watched Standard-optional game: five units down from
        // 35.25 to 32.26, one shot from a hard-core unit at 30.25 hit
        // three of them, 140 points).
        let group: &[Hex] = match s.step() {
            Step::Landing { group, .. } if s.has(Optional::FieldsOfFire) => group,
            _ => &[],
        };
        let straight = |h: Hex| {
            let a = crate::map::axial(h);
            group.iter().any(|g| {
                let d = crate::map::axial(*g) - a;
                crate::map::distance(h, *g) == 1
                    && (group.contains(&crate::map::from_axial(a + d + d))
                        || group.contains(&crate::map::from_axial(a - d)))
            })
        };
        let in_row = |h: Hex| {
            straight(h)
                || markers
                    .iter()
                    .filter(|m| crate::map::distance(**m, h) <= range)
                    .any(|m| {
                        let zone = |at: Hex| self.zone_hexes(s, *m, at);
                        zone(h).iter().any(|(z, _)| group.contains(z))
                            || group.iter().any(|g| {
                                crate::map::distance(*m, *g) <= range
                                    && zone(*g).iter().any(|(z, _)| *z == h)
                            })
                    })
        };
        for ((x, e), c) in w.iter_mut().zip(&lands).zip(legal) {
            if let (Some(e), Command::Land { hex, .. }) = (e, c) {
                *x = if in_row(*hex) {
                    1
                } else if *e <= least + 1 {
                    200
                } else if *e <= least + 3 {
                    20
                } else {
                    1
                };
            }
        }
    }

    /// How strongly the rules of thumb favour `c`.
    fn weight(&self, s: &State, goals: &Goals, c: &Command) -> u32 {
        match c {
            Command::Fire { firers, hex } => {
                // B3.5: a unit that fires in the Player Turn it sits on a
                // cache does not take it: the fire must be worth more
                // than the cache's sure points (the same scale as
                // `fire_weight`'s 1.5 a point).
                let w = self.fire_weight(s, firers, *hex, false);
                let cache = firers
                    .iter()
                    .map(|&(id, _)| self.cache_at_stake(s, id))
                    .max()
                    .unwrap_or(0);
                if cache > 0 && w as i32 <= cache * 3 / 2 + 1 {
                    0
                } else {
                    w
                }
            }
            // O3b, O10, A6: fire into a marker's hex, or the door guns'
            // and Cobras' suppression round a landing, hits whoever is
            // there, and hits on peasants score for the NLF (a watched
            // game: the door guns' first burst at a marker was 30 points
            // to the NLF). As the sample deals the markers.
            Command::ReconByFire { firers, hex } => {
                let side = firers.first().map_or(Side::Us, |f| s.c(f.0).side);
                self.blind_fire_weight(s, side, *hex, 3)
            }
            Command::Suppress { hex, .. } => {
                // A6: most markers near a landing are peasants or nothing
                // (Day-to-Day: 12 peasant counters to 4 fighting ones,
                // assets/grunt/oob.ron): the guns are for NLF units seen.
                if s.at(*hex).any(|c| c.side == Side::Nlf && c.face_down) {
                    1
                } else {
                    self.blind_fire_weight(s, Side::Us, *hex, 8)
                }
            }
            Command::HeliFire { firers, hex } => {
                let f: Vec<(CounterId, u8)> = firers.iter().map(|&f| (f, 1)).collect();
                self.fire_weight(s, &f, *hex, true)
            }
            // D5: without orders every strike flown gives the NLF 15
            // points, and its eight hexes hit the peasants under the
            // markers too (A6): the US does not plan or ask for strikes,
            // and calls off one that comes. Under orders they are free.
            Command::PlanStrike { .. } | Command::RequestAirStrike if s.order.is_none() => 0,
            Command::Strike { .. } if s.order.is_none() => 1,
            Command::CancelStrike if s.order.is_none() => 12,
            Command::Strike { .. } => 12,
            Command::RequestArtillery { .. } => {
                if self.enemy_seen_near(s, None) {
                    12
                } else {
                    1
                }
            }
            Command::Artillery { coi, .. } => {
                if self.enemy_seen_near(s, Some(*coi)) {
                    12
                } else {
                    1
                }
            }
            Command::Probe { .. } | Command::Challenge { .. } | Command::Interrogate { .. } => 8,
            // B3.5: the points are the same; a unit that captures
            // carries the cache, may not fire and takes no other, so it
            // destroys unless the cache is records its orders want flown
            // out (C1A).
            Command::DestroyCache => 10,
            Command::CaptureCache => match s.step() {
                Step::CacheChoice { cache, .. } if self.records_wanted(s, *cache) => 20,
                _ => 1,
            },
            // B5: a unit lifted off leaves the game: worth it only for
            // records its orders score when flown out (C1A), not for a
            // cache it carries (a watched game: a squad flew out with a
            // rice cache in turn 9).
            Command::Lift { units } => {
                let records = units
                    .iter()
                    .any(|&u| s.c(u).carrying.is_some_and(|x| self.records_wanted(s, x)));
                if records { 20 } else { 1 }
            }
            Command::Move { unit, path } | Command::Enter { unit, path } => match path.last() {
                // S6: a booby trap the US has sprung stays in its hex and
                // attacks every unit that enters it again (a watched
                // game: the Medical Aid Team walked back into one).
                Some(_) if path.iter().any(|h| goals.traps.contains(h)) => 1,
                // O8: a unit moving into the enemy's live field of fire
                // stops there and is attacked at the firer's strength (35
                // such attacks scored 920 points for the NLF in 100
                // scripted Standard-optional games).
                Some(_)
                    if !goals.zones.is_empty()
                        && path.iter().skip(1).any(|h| goals.zones.contains(h)) =>
                {
                    1
                }
                // O11: the points for NLF casualties and materiel wait on
                // their hex until a US unit passes over it (a watched
                // game lost 35 to 40 with 50 points left lying).
                Some(_) if path.iter().any(|h| goals.pending.contains(h)) => 40,
                Some(&to) => self.move_weight(s, goals, *unit, to),
                None => 1,
            },
            Command::Land { .. } => 6,
            Command::CallHelicopter { job, hex } => self.helicopter_weight(s, *job, *hex),
            Command::Call { group, .. } => self.call_weight(s, *group),
            // C0-C3: the NLF's award for the orders and its points for
            // each US casualty are what the US must make up: the NLF's
            // fire scores most of its points (B3), 10 to 60 a casualty
            // under the other orders, and Eagle Flight offers it one
            // Ranger unit until the company is committed. Scripted US
            // against random play, 60 games: the points behind by 292
            // under Eagle Flight, 354 Secure Landing Zone, 392 Search and
            // Destroy No. Two.
            Command::ChooseOrders { order } => match order {
                OrderId::EagleFlight => 12,
                _ => 1,
            },
            Command::DrawOrders => 1,
            Command::ChooseDeployment { deployment } => match deployment {
                // D1-D3: the NLF's award for the deployment is points the
                // US must make up by fire before it is even: Bait's 10
                // against Assault's 75 (the platoon finds and fights; the
                // rest may still be called, D2).
                Deployment::Bait => 12,
                Deployment::GroundBait => 3,
                Deployment::Assault | Deployment::GroundAssault => 1,
            },
            Command::Uncover { .. } => 5,
            // B3.5: a unit on a cache it is taking stays put through its
            // next full Player Turn, or the cache is not taken (a watched
            // Standard game: a squad sat on two caches in turn and walked
            // off each before its turn was out, and the US scored 0).
            Command::Select { unit } if self.cache_at_stake(s, *unit) > 0 => 1,
            // B3 (Standard Game): a unit that moves may not fire in the
            // same Player Turn; one with a shot that scores where it
            // stands keeps it (a watched game: two squads walked away from
            // the face-up hard-core unit that had shot two of their own).
            Command::Select { unit } if goals.shooters.contains(unit) => 1,
            Command::Select { .. } => 5,
            Command::Stay => match s.step() {
                Step::Moving { unit, .. }
                    if self.cache_at_stake(s, *unit) > 0 || goals.shooters.contains(unit) =>
                {
                    30
                }
                _ => 1,
            },
            Command::Hide { .. } => 8,
            Command::PlaceRest | Command::PlacementDone | Command::PlanDone => 20,
            Command::EndMovement
            | Command::EndDiscovery
            | Command::EndCombat
            | Command::EndTurn
            | Command::EndGroup
            | Command::EndSuppress
            | Command::HoldFire
            | Command::CancelStrike => 1,
            // D0: a wrong declaration loses the game, and so does a
            // Day-to-Day set-up left undeclared: declare at once when the
            // count of markers says Day-to-Day, never otherwise.
            Command::DeclareDayToDay => {
                if self.looks_like_day_to_day(s) {
                    1000
                } else {
                    0
                }
            }
            _ => 4,
        }
    }

    /// O7, A6: whether an NLF unit that fights is face up (within a hex
    /// of `at`, or anywhere): the guns' pattern hits every counter near
    /// the Center of Impact, and a marker may be peasants, whose hits
    /// score for the NLF; fire on a unit seen is worth the risk.
    fn enemy_seen_near(&self, s: &State, at: Option<Hex>) -> bool {
        s.on_map().any(|c| {
            c.side == Side::Nlf
                && !c.face_down
                && c.role.is_nlf_combat()
                && match (at, c.hex) {
                    (None, _) => true,
                    (Some(a), Some(h)) => crate::map::distance(a, h) <= 1,
                    _ => false,
                }
        })
    }

    /// O4, O4d, O3a: a helicopter for a hex of US units. Each one may be
    /// shot at landing (B5: a helicopter hit scores for the NLF): a
    /// medevac only where US casualties lie (O4d: each one left at the
    /// end costs 10), ammunition only where a unit has fired most of its
    /// load. Before, 4 for every hex of US units, and the scripted US
    /// called helicopters it had no use for.
    fn helicopter_weight(&self, s: &State, job: HeliJob, hex: Hex) -> u32 {
        match job {
            HeliJob::Medevac => {
                let here = s
                    .casualties
                    .iter()
                    .filter(|x| x.side == Side::Us && !x.evacuated && x.hex == Some(hex))
                    .count() as u32;
                if here > 0 { 10 + 5 * here } else { 0 }
            }
            HeliJob::Ammo => {
                let full = self.tables.ammunition.us.value;
                let low = s.at(hex).any(|c| {
                    c.side == Side::Us
                        && self.attack(c.role) > 0
                        && u32::from(c.ammo) * 3 < u32::from(full)
                });
                if low { 10 } else { 0 }
            }
        }
    }

    /// D2, D4, C0: a written call. Without orders each call gives the NLF
    /// points at once: a second company 100 (D4), more than a company
    /// scores in a game, so never; the rest of a Bait company 40 (D2),
    /// seldom. Under orders a call costs nothing and brings the force the
    /// orders are carried out with (C1-C3): call it.
    fn call_weight(&self, s: &State, group: Group) -> u32 {
        match (s.order.is_some(), group) {
            (true, _) => 30,
            (false, Group::Company) => 0,
            (false, _) => 0,
        }
    }

    /// D0: whether the NLF set-up is Day-to-Day, as the US can tell it:
    /// the US saw every marker placed (B4), and the number of counters in
    /// a Standard column is the column's own (Day-to-Day is the smallest by
    /// seven, assets/grunt/oob.ron); ambush counters (O5), laid only in
    /// play, are two in every column. True when Day-to-Day is the only
    /// Standard column with this many NLF counters.
    pub(crate) fn looks_like_day_to_day(&self, s: &State) -> bool {
        if !s.standard() {
            return false;
        }
        let n = s.counters.iter().filter(|c| c.side == Side::Nlf).count();
        let ambush = s.has(Optional::Ambush);
        let mut fits = self.oob.nlf.iter().filter(|c| c.standard).filter(|c| {
            let total: usize = c
                .counts
                .iter()
                .filter(|(r, _)| ambush || *r != Role::Ambush)
                .map(|(_, k)| k.value as usize)
                .sum();
            total == n
        });
        fits.next().is_some_and(|c| c.column == Column::DayToDay) && fits.next().is_none()
    }

    /// D0: the game is lost to the US by its Day-to-Day declaration, wrong
    /// or missing after its fourth Player Turn. The column read is the
    /// sample's, which to the US is the real one as far as this verdict
    /// goes ([`Grunt::looks_like_day_to_day`]: the marker count tells
    /// Day-to-Day from every other column).
    fn day_to_day_lost(&self, s: &State) -> bool {
        if !s.standard() {
            return false;
        }
        let dtd = s.column == Some(Column::DayToDay);
        match s.day_to_day {
            Some(_) => !dtd,
            None => dtd && s.turn > 4,
        }
    }

    /// B3: a fire attack's weight from what it is expected to score: the
    /// odds of the firers' attack against the target hex's defence (a
    /// helicopter's ½ for fire at one, B5), rounded to the defender's
    /// column, and the points of each roll of that column for every enemy
    /// person in the hex; peasants hit score for the other side (A6). An
    /// attack below the first column cannot score and weighs as little as
    /// passing. Firing on the enemy's company commander is worth more than
    /// its points (B10: his loss decides the game).
    fn fire_weight(&self, s: &State, firers: &[(CounterId, u8)], hex: Hex, heli: bool) -> u32 {
        let Some(side) = firers.first().map(|f| s.c(f.0).side) else {
            return 1;
        };
        let attack: u16 = firers
            .iter()
            .map(|&(id, u)| self.attack(s.c(id).role) * u.max(1) as u16)
            .sum();
        let defence = if heli {
            self.tables.helicopter_defence.value.halves()
        } else {
            let t = self.map_of(s).terrain(hex);
            self.tables.terrain(t).defence.value.halves()
        };
        let Some((per_hit, kill)) = self.expected_hit(s, attack, defence) else {
            return 1;
        };
        let (mut net, mut commander) = (0.0, false);
        if heli {
            net = 1.0;
        } else {
            for c in s.at(hex).filter(|c| c.role.is_person()) {
                if c.side == side && c.role != Role::Peasants {
                    continue;
                }
                net += self.target_worth(c, side);
                commander |= c.role == Role::Commander && c.side != side;
            }
        }
        let mut value = per_hit * net;
        if commander {
            value += 60.0 * kill;
        }
        if !heli && s.has(Optional::FieldsOfFire) {
            value += self.zone_value(s, firers, hex, side);
        }
        // A6: where the hits are expected to score for the other side
        // (more peasants than enemies), not at all.
        if value < 0.0 {
            return 0;
        }
        (3.0 + 1.5 * value).clamp(1.0, 60.0) as u32
    }

    /// The points one hit is expected to be worth at `attack` against
    /// `defence` (half points), and the chance of a kill.
    fn expected_hit(&self, s: &State, attack: u16, defence: u16) -> Option<(f64, f64)> {
        let col = crate::odds::column(&self.tables.columns.value, attack, defence)?;
        let casualty = s.has(Optional::CasualtyCrt);
        let mut per_hit = 0.0;
        let mut kill = 0.0;
        for d in 1..=6 {
            let (points, k) = match self.tables.cell(casualty, col, d) {
                crate::data::CrtResult::NE => (0.0, 0.0),
                crate::data::CrtResult::P => (1.0, 0.0),
                crate::data::CrtResult::W(p) => (p as f64, 0.0),
                crate::data::CrtResult::K(p) => (p as f64, 1.0),
                crate::data::CrtResult::C(k, w) => (10.0 * k as f64 + 5.0 * w as f64, k as f64),
            };
            per_hit += points / 6.0;
            kill += k / 6.0;
        }
        Some((per_hit, kill))
    }

    /// O8: each firer's fire runs on beyond the target and attacks
    /// everyone in its kill zone, friend or foe, at the firer's own
    /// strength (half in the further band): the enemies there count for
    /// the shot, the peasants against it, and the firer's own side twice
    /// against it (a US wound is worth about twice an NLF one to the
    /// other side, B3, O4; a watched game: a squad's field of fire ran
    /// through a squad beside it, 60 points to the NLF).
    fn zone_value(&self, s: &State, firers: &[(CounterId, u8)], hex: Hex, side: Side) -> f64 {
        let map = self.map_of(s);
        let mut value = 0.0;
        for &(id, units) in firers {
            let Some(from) = s.c(id).hex else { continue };
            let strength = self.attack(s.c(id).role) * units.max(1) as u16;
            for (h, half) in self.zone_hexes(s, from, hex) {
                let mut net = 0.0;
                for c in s.at(h).filter(|c| c.role.is_person() && c.id != id) {
                    net += if c.side == side && c.role != Role::Peasants {
                        -2.0
                    } else {
                        self.target_worth(c, side)
                    };
                }
                if net == 0.0 {
                    continue;
                }
                let attack = if half {
                    (strength / 2).max(1)
                } else {
                    strength
                };
                let defence = self.tables.terrain(map.terrain(h)).defence.value.halves();
                if let Some((per_hit, _)) = self.expected_hit(s, attack, defence) {
                    value += per_hit * net;
                }
            }
        }
        value
    }

    /// Where the side that decides wants its units (B0): the US towards
    /// the NLF's counters (it must find them, B4, B8, A6), the NLF towards
    /// the US (it scores only by fire, B3); and the hexes the enemy can
    /// see face up (its firers).
    fn goals(&self, s: &State) -> Goals {
        let Some(me) = (match s.step() {
            Step::Movement { side } | Step::Moving { side, .. } => Some(*side),
            _ => None,
        }) else {
            return Goals::default();
        };
        let mut g = Goals {
            side: Some(me),
            ..Goals::default()
        };
        for c in s.on_map() {
            let Some(h) = c.hex else { continue };
            if c.side == me || c.carried_by.is_some() {
                continue;
            }
            match me {
                // A marker the US has seen to hold nothing worth finding
                // is a dummy taken off (A6): every marker still on the map
                // is worth a look. What it has turned up and has no use
                // for is not: peasants (A6: only hits on them score, and
                // for the NLF), a sprung trap (S6: it attacks again), an
                // ambush laid bare, a cache a US unit is already taking.
                Side::Us if !c.face_down && c.role == Role::BoobyTrap => g.traps.push(h),
                Side::Us
                    if !c.face_down
                        && (matches!(c.role, Role::Peasants | Role::Ambush)
                            || (c.role.is_cache() && self.cache_taken(s, c.id))) => {}
                Side::Us => {
                    g.towards.push(h);
                    if !c.face_down && c.role.is_cache() {
                        g.caches.push(h);
                    }
                }
                Side::Nlf => {
                    if c.role.is_person() {
                        g.towards.push(h);
                    }
                }
            }
            if !c.face_down && self.attack(c.role) > 0 {
                g.threats.push(h);
            }
        }
        g.towards.sort_unstable();
        g.towards.dedup();
        let pt = s.pt();
        for z in s.zones.iter().filter(|z| z.side != me && z.until == pt) {
            g.zones.extend(z.hexes.iter().map(|(h, _)| *h));
        }
        if me == Side::Us {
            g.pending = self.pending(s).into_iter().map(|(h, _)| h).collect();
            // O4: where the US's casualties wait for a medic, and where
            // its fighting units are (a medic follows them, it does not
            // lead: it cannot fire, B3).
            for x in &s.casualties {
                if x.side == Side::Us && !x.evacuated && x.with.is_none() {
                    g.casualties.extend(x.hex);
                }
            }
            for c in s.on_map() {
                if c.side == Side::Us && self.attack(c.role) > 0 && c.role != Role::Commander {
                    g.friends.extend(c.hex);
                }
            }
        }
        g
    }

    /// B3.5: the points of the cache `unit` is taking (it sits on it,
    /// face up, and has not moved or fired since it began), else 0.
    fn cache_at_stake(&self, s: &State, unit: CounterId) -> i32 {
        let c = s.c(unit);
        let Some(w) = c.work else { return 0 };
        let cache = s.c(w.cache);
        if c.side == Side::Us && cache.on_map() && !cache.face_down && cache.hex == c.hex {
            self.cache_points(s, cache.role)
        } else {
            0
        }
    }

    /// B3: the deciding side's units that could fire from where they
    /// stand, at a face-up enemy, at odds worth a shot (a third of the
    /// way up [`Grunt::fire_weight`]'s scale: about 3-1 at one unit), if
    /// they did not move first. Only in the Standard Game, where moving
    /// forfeits the fire (Move and Fire, an option, allows both).
    fn shooters(&self, s: &State) -> Vec<CounterId> {
        let side = match s.step() {
            Step::Movement { side } | Step::Moving { side, .. } => *side,
            _ => return Vec::new(),
        };
        if !s.standard() || s.has(crate::data::Optional::MoveAndFire) {
            return Vec::new();
        }
        let targets: Vec<Hex> = s
            .on_map()
            .filter(|c| c.side != side && !c.face_down && c.role.is_person())
            .filter(|c| c.role != Role::Peasants)
            .filter_map(|c| c.hex)
            .filter(|&h| self.check_target(s, side, h).is_ok())
            .collect();
        if targets.is_empty() {
            return Vec::new();
        }
        let blockers = self.blockers(s);
        s.on_map()
            .filter(|c| c.side == side && c.moved != s.pt() && self.can_fire(s, c.id, 1).is_ok())
            .filter(|c| {
                let Some(from) = c.hex else { return false };
                targets.iter().any(|&t| {
                    t != from
                        && self
                            .line(s, &blockers, from, t, crate::line_of_sight::Sight::Fire)
                            .is_ok()
                        && self.fire_weight(s, &[(c.id, 1)], t, false) >= SHOT_WORTH
                })
            })
            .map(|c| c.id)
            .collect()
    }

    /// O11: the hexes where points wait for a US unit to pass over, and
    /// how many: NLF casualties the NLF has not carried off, materiel
    /// destroyed from the air.
    fn pending(&self, s: &State) -> Vec<(Hex, i32)> {
        let mut v: Vec<(Hex, i32)> = s
            .ledger
            .iter()
            .filter(|a| a.side == Side::Us)
            .filter_map(|a| a.pending.map(|h| (h, a.points)))
            .collect();
        for x in &s.casualties {
            let carried = x.with.is_some_and(|_| !x.held_by_enemy);
            if x.side == Side::Nlf
                && x.pending
                && !carried
                && let Some(h) = x.hex
            {
                v.push((h, x.points));
            }
        }
        v
    }

    /// A6: `hit` for fire at a hex that holds the enemy and no more
    /// peasants than enemies, 1 at an empty hex, 0 where the peasants
    /// outnumber the enemy (their hits score for the other side).
    fn blind_fire_weight(&self, s: &State, side: Side, hex: Hex, hit: u32) -> u32 {
        let (mut net, mut people) = (0.0, false);
        for c in s.at(hex).filter(|c| c.role.is_person()) {
            if c.side == side && c.role != Role::Peasants {
                continue;
            }
            people = true;
            net += self.target_worth(c, side);
        }
        if net < 0.0 {
            0
        } else if !people {
            1
        } else {
            hit
        }
    }

    /// A6: what one person hit in a hex the `side` fires into is worth to
    /// it, in hits on the enemy: an enemy 1, peasants -1 (their hits score
    /// for the other side). A US sample deals the markers, and drawing
    /// its rules of thumb from the deal fired at every marker the deal
    /// made an enemy and held at the rest: 37 of the 83 shots the
    /// scripted US fired at markers in 60 Standard-optional games hit
    /// peasants. So the US weighs a marker by what it knows, not by the
    /// deal: one that has moved holds no peasants (B2), one that fired at
    /// a helicopter is hard-core (B5), and each counts as the deal says; one that has not may be peasants as likely as fighters,
    /// and a peasant's hit costs more than a guerrilla's gains (10 points
    /// a casualty against 5-10, O4): a quarter of a hit against.
    fn target_worth(&self, c: &Counter, side: Side) -> f64 {
        if side == Side::Us && c.face_down && c.moved == 0 && c.heli_fired == 0 {
            -0.25
        } else if c.role == Role::Peasants {
            -1.0
        } else {
            1.0
        }
    }

    /// C1A: whether `cache` is records the US's orders score when they
    /// are flown out.
    fn records_wanted(&self, s: &State, cache: CounterId) -> bool {
        s.c(cache).role == Role::Records
            && s.order
                .is_some_and(|o| self.order(o).records_evacuated.value > 0)
    }

    /// B3.5: whether a US unit is taking `cache` (it sits on it).
    fn cache_taken(&self, s: &State, cache: CounterId) -> bool {
        s.counters
            .iter()
            .any(|c| c.side == Side::Us && c.on_map() && c.work.is_some_and(|w| w.cache == cache))
    }

    /// B2: a move's weight. Towards the goals and into cover (B3: the
    /// target hex's terrain is all the defence a unit has); the company
    /// commander keeps to cover and away from the enemy's firers (B10);
    /// NLF units that do not fight keep still.
    fn move_weight(&self, s: &State, goals: &Goals, unit: CounterId, to: Hex) -> u32 {
        let w = self.move_weight_alone(s, goals, unit, to);
        // B2 (stacking): combat results apply to every unit in the hex,
        // and under the Casualty CRT each takes the whole result (O4b): a
        // US unit keeps out of a hex another holds while an enemy, or a
        // marker that may hide one, is within range (a watched game: three
        // squads stacked with peasants took 1K1W and then 2W each, 120
        // points). A medic goes where the casualties are.
        let c = s.c(unit);
        let stacked = goals.side == Some(Side::Us)
            && c.role != Role::Medic
            && s.on_map().any(|o| {
                o.id != unit && o.side == Side::Us && o.role.is_person() && o.hex == Some(to)
            })
            && goals
                .towards
                .iter()
                .any(|g| crate::map::distance(*g, to) <= self.tables.range.value);
        if stacked { (w / 3).max(1) } else { w }
    }

    /// [`Grunt::move_weight`] as if the unit were alone in the hex.
    fn move_weight_alone(&self, s: &State, goals: &Goals, unit: CounterId, to: Hex) -> u32 {
        let c = s.c(unit);
        let Some(from) = c.hex else {
            return 6;
        };
        let map = self.map_of(s);
        let cover = |h: Hex| self.tables.terrain(map.terrain(h)).defence.value.halves() as i32;
        let gain = (cover(to) - cover(from)).clamp(-4, 4);
        let near = |list: &[Hex], h: Hex| list.iter().map(|g| crate::map::distance(*g, h)).min();
        if c.role == Role::Commander {
            let away = match (near(&goals.threats, from), near(&goals.threats, to)) {
                (Some(a), Some(b)) if b < a && b <= 8 => -3,
                (Some(a), Some(b)) if b > a => 2,
                _ => 0,
            };
            return (4 + gain + away).max(1) as u32;
        }
        if goals.side == Some(Side::Nlf) && !c.role.is_nlf_combat() {
            return 2;
        }
        // B3.5: a unit taking a cache stays on it.
        if self.cache_at_stake(s, unit) > 0 {
            return 1;
        }
        // O4: a medic goes to the US's casualties, else keeps with its
        // fighting units.
        // B3.5, B10: a cache found is points for the taking, sure ones
        // against a marker's chance: the units that may take one go for it
        // first (a watched game: a challenge turned up a cache nobody
        // went to).
        if c.role.is_us_unit() && c.role != Role::Medic && c.carrying.is_none() {
            // The further a move takes it, the more it weighs (a watched
            // game: a squad took five turns to reach a cache turned up
            // seven hexes off, and was on it too late to take it).
            match (near(&goals.caches, from), near(&goals.caches, to)) {
                (_, Some(0)) => return 40,
                (Some(a), Some(b)) if b < a && b <= 12 => return (6 + 6 * (a - b)).min(36),
                _ => {}
            }
        }
        if let (Some(a), Some(b)) = (near(&goals.pending, from), near(&goals.pending, to))
            && b < a
            && b <= 12
        {
            return (6 + 6 * (a - b)).min(36);
        }
        let towards: &[Hex] = match c.role {
            Role::Medic if !goals.casualties.is_empty() => &goals.casualties,
            Role::Medic => &goals.friends,
            _ => &goals.towards,
        };
        let closer = match (near(towards, from), near(towards, to)) {
            // A medic beside its squads keeps there.
            (Some(a), Some(b)) if c.role == Role::Medic && b <= 1 && b <= a => 9,
            (Some(_), Some(b)) if c.role == Role::Medic && b <= 1 => 3,
            // The NLF's firers stop at range (B3: 8 hexes), in cover.
            (Some(a), Some(b)) if goals.side == Some(Side::Nlf) && b < 2 => {
                if b < a {
                    2
                } else {
                    1
                }
            }
            (Some(a), Some(b)) if b < a => (3 + 3 * (a - b) as i32).min(18),
            (Some(a), Some(b)) if b == a => 3,
            (Some(_), Some(_)) => 1,
            _ => 3,
        };
        let base = (closer + gain).max(1);
        // B3: open ground defends at 1, and a hard-core unit's 6 makes
        // 6-1 against it (66 of the 150 NLF shots that scored in 60
        // scripted Standard-optional games were at 4-1 or better): the US
        // keeps out of the open within range of an NLF firer it can see.
        let exposed = cover(to) <= 2
            && goals.side == Some(Side::Us)
            && near(&goals.threats, to).is_some_and(|d| d <= self.tables.range.value);
        if exposed {
            (base / 3).max(1) as u32
        } else {
            base as u32
        }
    }

    /// B10: how exposed the US company commander is, 0 to 1: the best
    /// odds column an NLF unit face up within range could fire at him on,
    /// as a share of the table's columns (0 out of sight of them all).
    fn commander_danger(&self, s: &State) -> f64 {
        let Some(cc) = s
            .on_map()
            .find(|c| c.role == Role::Commander && c.side == Side::Us)
        else {
            return 0.0;
        };
        let Some(h) = cc.hex else { return 0.0 };
        let defence = self
            .tables
            .terrain(self.map_of(s).terrain(h))
            .defence
            .value
            .halves();
        let cols = &self.tables.columns.value;
        let mut attack = 0u16;
        for c in s.on_map() {
            if c.side == Side::Nlf
                && !c.face_down
                && c.role.is_nlf_combat()
                && c.hex.is_some_and(|x| crate::map::distance(x, h) <= 8)
            {
                attack += self.attack(c.role);
            }
        }
        match crate::odds::column(cols, attack, defence) {
            Some(col) => (col + 1) as f64 / cols.len() as f64,
            None => 0.0,
        }
    }

    /// B4: the US sees a face-down NLF counter as a numbered marker in a
    /// hex, and what has happened to that marker in its sight: whether it
    /// has been found to hold people (A6, O3b), moved, been attacked or
    /// pinned, how far it moved this Player Turn. What each marker is
    /// (type, casualties, what it did unseen) is dealt again among the markers of the same look, those
    /// known to hold people among themselves and the rest among
    /// themselves, keeping to what the US can tell:
    /// - a marker that has moved holds something that moves (B2: caches,
    ///   traps and peasants never do);
    /// - a marker never moved in forest was not placed there as peasants
    ///   (B7b; solitaire scatters them anywhere, B6);
    /// - a unit the US saw turn face down (S3) and an ambush counter it
    ///   saw laid in play (O5) are known, and stay as they are.
    ///
    /// Only markers alone in their hex and carrying nothing are dealt (a
    /// stack's make-up follows rules of its own, S6).
    fn redeal_face_down(&self, s: &mut State, rng: &mut GameRng) {
        let map = self.map_of(s);
        let placed = !s.solitaire();
        for people in [false, true] {
            let ids = redeal_pool(s, people);
            if ids.len() < 2 {
                continue;
            }
            let mut inside: Vec<Counter> = ids.iter().map(|&i| identity(s.c(i))).collect();
            // A canonical order first, so the sample does not depend on
            // which marker held which counter.
            inside.sort_by_cached_key(vt_core::digest::digest);
            rng.shuffle(&mut inside);
            // The most constrained markers take their pick first: each the
            // first of the shuffled contents it may hold. The real deal
            // shows one exists, and taking movers for moved markers first
            // leaves enough of the rest for the forest ones.
            let rank = |id: CounterId| {
                let c = s.c(id);
                let forest = c.hex.is_some_and(|h| map.terrain(h) == Terrain::Forest);
                if c.moved != 0 {
                    0
                } else if forest && placed {
                    1
                } else {
                    2
                }
            };
            let mut slots = ids.clone();
            slots.stable_sort_by_key(|&id| (rank(id), id));
            let mut dealt: Vec<(CounterId, Counter)> = Vec::with_capacity(slots.len());
            for id in slots {
                let may = |r: Role| match rank(id) {
                    0 => r.moves(),
                    1 => r != Role::Peasants,
                    _ => true,
                };
                let k = inside.iter().position(|x| may(x.role)).unwrap_or(0);
                dealt.push((id, inside.remove(k)));
            }
            for (id, x) in dealt {
                let shell = s.c(id).clone();
                *s.cm(id) = with_shell(&x, &shell);
            }
        }
    }

    /// D0: which Standard order of battle the NLF chose is the NLF's
    /// secret. The US can rule out a column only by what it has seen: the
    /// number of NLF counters (Day-to-Day's count is its own, but Mobile
    /// Base Camp and Mobile Training Camp have 59 each,
    /// assets/grunt/oob.ron), every counter it has seen face up or taken,
    /// and the markers known to hold people or to have moved. The sample's
    /// column is drawn evenly among those that fit, and the markers
    /// [`Grunt::redeal_face_down`] deals hold that column's counters less
    /// the ones seen, so neither the column nor its make-up (six Hard Core
    /// or two?) reaches the search through the sample; the column's award
    /// follows it ([`Grunt::estimate_secret_awards`]).
    ///
    /// Markers left out of the deal (stacks, hidden units, ambushes laid in
    /// the US's sight) keep what they hold and count as seen: their
    /// make-up follows rules of their own (S6), and the real column always
    /// fits them.
    fn resample_column(&self, s: &mut State, rng: &mut GameRng) {
        if !s.standard() || s.column.is_none() {
            return;
        }
        let pool: Vec<CounterId> = [false, true]
            .into_iter()
            .flat_map(|people| redeal_pool(s, people))
            .collect();
        let known = pool.iter().filter(|&&id| s.c(id).people_known).count();
        let moved = pool.iter().filter(|&&id| s.c(id).moved != 0).count();
        let known_moved = pool
            .iter()
            .filter(|&&id| s.c(id).people_known && s.c(id).moved != 0)
            .count();
        let seen: Vec<Role> = s
            .counters
            .iter()
            .filter(|c| c.side == Side::Nlf && !pool.contains(&c.id))
            .map(|c| c.role)
            .collect();
        let ambush = s.has(Optional::Ambush);
        // Each fitting column with what its markers would hold.
        let fits: Vec<(Column, Vec<Role>)> = self
            .oob
            .nlf
            .iter()
            .filter(|c| c.standard)
            .filter_map(|c| {
                let mut left: Vec<Role> = c
                    .counts
                    .iter()
                    .filter(|(r, _)| ambush || *r != Role::Ambush)
                    .flat_map(|(r, n)| std::iter::repeat_n(*r, n.value as usize))
                    .collect();
                for r in &seen {
                    let k = left.iter().position(|x| x == r)?;
                    left.swap_remove(k);
                }
                let people = left.iter().filter(|r| r.is_person()).count();
                let movers = left.iter().filter(|r| r.moves()).count();
                let both = left.iter().filter(|r| r.is_person() && r.moves()).count();
                (left.len() == pool.len()
                    && people >= known
                    && movers >= moved
                    && both >= known_moved)
                    .then_some((c.column, left))
            })
            .collect();
        if fits.is_empty() {
            // Cannot happen (the real column fits); keep the real deal.
            return;
        }
        let (column, mut left) = fits[rng.index(fits.len())].clone();
        left.stable_sort();
        rng.shuffle(&mut left);
        // The most constrained markers take their pick first, each the
        // first of the shuffled counters it may hold (as in
        // [`Grunt::redeal_face_down`], which then deals them again among
        // markers of the same look).
        let map = self.map_of(s);
        let placed = !s.solitaire();
        let mut slots: Vec<(CounterId, (bool, bool, bool))> = pool
            .iter()
            .map(|&id| {
                let c = s.c(id);
                let forest = c.hex.is_some_and(|h| map.terrain(h) == Terrain::Forest);
                (id, (c.moved != 0, c.people_known, forest && placed))
            })
            .collect();
        slots.stable_sort_by_key(|&(id, (moved, people, forest))| {
            (!(moved && people), !moved, !people, !forest, id)
        });
        for (id, (moved, people, forest)) in slots {
            let may = |r: Role| {
                (!moved || r.moves())
                    && (!people || r.is_person())
                    && (!forest || r != Role::Peasants)
            };
            let k = left.iter().position(|&r| may(r)).unwrap_or(0);
            let inside = identity(&Counter::new(0, left.remove(k), Side::Nlf));
            let shell = s.c(id).clone();
            *s.cm(id) = with_shell(&inside, &shell);
        }
        s.column = Some(column);
    }

    /// D6, O9.1: to the NLF, the US's written calls for the rest of its
    /// company (or a second one) and its air strikes are unknown until
    /// they arrive. The sample has none written: calls not yet answered are
    /// taken back (the force waits to be called again) and strikes not yet
    /// flown are struck out. Under orders the commitment moves the game's
    /// end, which the NLF sees (C3), so those calls stay.
    fn unwrite_us_plans(&self, s: &mut State) {
        let turn = s.turn;
        if s.order.is_none() {
            let pending: Vec<(Group, u8)> = s
                .calls
                .iter()
                .filter(|c| c.arrives > turn)
                .map(|c| (c.group, c.arrives))
                .collect();
            for c in s.counters.iter_mut() {
                if c.status == Status::Waiting
                    && let Some(w) = c.waiting.as_mut()
                    && w.turn.is_some_and(|t| pending.contains(&(w.group, t)))
                {
                    w.turn = None;
                    w.entry = None;
                }
            }
            s.calls.retain(|c| c.arrives <= turn);
        }
        // Strikes due this turn or earlier have come in (or been called
        // off) in sight; a step placing one names it by its index.
        let keep: Vec<bool> = s.strikes.iter().map(|x| x.turn <= turn).collect();
        let new_index = |i: usize| keep[..i].iter().filter(|k| **k).count() as u8;
        for st in s.steps.iter_mut() {
            if let Step::AirStrike { strike } = st {
                *strike = new_index(*strike as usize);
            }
        }
        let mut k = keep.iter();
        s.strikes.retain(|_| k.next().copied().unwrap_or(true));
    }

    /// D0-D4, C1-C3: the awards only the other side reads are dropped from
    /// the sample, and what this side can reckon put in their place: to
    /// the US, the mean award for the NLF's order of battle; to the NLF,
    /// the mean award for the US deployment and orders, and (under orders,
    /// whose casualty schedule is secret) the usual points for the US
    /// casualties it has seen.
    fn estimate_secret_awards(&self, s: &mut State, me: Side) {
        let other = me.other();
        let secret = Reader::Only(other);
        if !s.ledger.iter().any(|a| a.reader == secret) {
            return;
        }
        s.ledger.retain(|a| a.reader != secret);
        let mean = |v: Vec<i32>| {
            if v.is_empty() {
                0
            } else {
                v.iter().sum::<i32>() / v.len() as i32
            }
        };
        let add = |s: &mut State, to: Side, points: i32, why: &str| {
            if points != 0 {
                s.award(to, points, why.to_string(), "issue 13", secret);
            }
        };
        match me {
            // The sample's column (drawn among those that fit,
            // [`Grunt::resample_column`]; the Basic Game has one).
            Side::Us => match s.column.and_then(|c| self.oob.column(c)) {
                Some(c) => add(s, Side::Us, c.award.value, "NLF order of battle (sampled)"),
                None => {
                    let standard = s.standard();
                    let v = mean(
                        self.oob
                            .nlf
                            .iter()
                            .filter(|c| c.standard == standard)
                            .map(|c| c.award.value)
                            .collect(),
                    );
                    add(s, Side::Us, v, "NLF order of battle (estimated)");
                }
            },
            Side::Nlf => {
                if s.deployment_choice && s.turn > 0 {
                    let v = mean(self.oob.deployments.iter().map(|d| d.award.value).collect());
                    add(s, Side::Nlf, v, "US deployment (estimated)");
                }
                if s.chain_of_command && s.turn > 0 {
                    let v = mean(self.orders.iter().map(|o| o.award.value).collect());
                    add(s, Side::Nlf, v, "US orders (estimated)");
                    let p = &self.tables.points;
                    let wia = s
                        .casualties
                        .iter()
                        .filter(|x| x.side == Side::Us && !x.kia)
                        .count();
                    let kia = s
                        .casualties
                        .iter()
                        .filter(|x| x.side == Side::Us && x.kia)
                        .count();
                    let v = wia as i32 * p.us_wia.value + kia as i32 * p.us_kia.value;
                    add(s, Side::Nlf, v, "US casualties (estimated)");
                }
            }
        }
    }
}

/// Where the side moving wants its units.
#[derive(Default)]
struct Goals {
    side: Option<Side>,
    /// Hexes to move towards.
    towards: Vec<Hex>,
    /// Hexes of the enemy's face-up firers.
    threats: Vec<Hex>,
    /// The US: hexes of booby traps it has sprung (S6).
    traps: Vec<Hex>,
    /// The US: hexes of caches it has found and nobody is taking (B3.5).
    caches: Vec<Hex>,
    /// The US: hexes where points wait for a US unit to pass (O11).
    pending: Vec<Hex>,
    /// The US: hexes of its casualties no medic has taken (O4).
    casualties: Vec<Hex>,
    /// The US: hexes of its units that fire (B3).
    friends: Vec<Hex>,
    /// Units with a shot worth keeping where they stand (B3).
    shooters: Vec<CounterId>,
    /// Hexes of the enemy's live fields of fire (O8).
    zones: Vec<Hex>,
}

/// [`Grunt::fire_weight`] of a shot worth not moving for.
const SHOT_WORTH: u32 = 9;

/// `inside` under the marker `shell`: the marker keeps what the US has
/// seen of it (where it is, its number, whether it moved and how far, was
/// attacked, pinned, turned up or hid, probed or challenged, found to hold
/// people, fired at helicopters, its load of fire); the rest (type,
/// casualties, fire spent unseen, what it laid or waits for) comes from
/// `inside`.
fn with_shell(inside: &Counter, shell: &Counter) -> Counter {
    Counter {
        id: shell.id,
        side: shell.side,
        status: shell.status,
        gone: shell.gone,
        hex: shell.hex,
        face_down: shell.face_down,
        marker: shell.marker,
        carried_by: shell.carried_by,
        carrying: shell.carrying,
        pinned_through: shell.pinned_through,
        moved: shell.moved,
        attacked: shell.attacked,
        arrived: shell.arrived,
        revealed: shell.revealed,
        probed: shell.probed,
        challenged: shell.challenged,
        people_known: shell.people_known,
        exposed: shell.exposed,
        locked_by: shell.locked_by.clone(),
        search_from: shell.search_from,
        may_uncover: shell.may_uncover,
        trapped: shell.trapped,
        hid: shell.hid,
        // One movement allowance for every unit (B2) and one load of fire
        // for every NLF counter (O3): what is left of them changes only
        // by what the marker was seen to do (move, fire at a landing
        // helicopter face down, B5), so it stays with the marker.
        mp_turn: shell.mp_turn,
        mp_left: shell.mp_left,
        ammo: shell.ammo,
        heli_fired: shell.heli_fired,
        ..inside.clone()
    }
}

/// The face-down NLF markers a US sample deals again
/// ([`Grunt::redeal_face_down`]), those known to hold people (`people`) or
/// the rest.
fn redeal_pool(s: &State, people: bool) -> Vec<CounterId> {
    s.counters
        .iter()
        .filter(|c| {
            c.side != Side::Us
                && c.status == Status::OnMap
                && c.face_down
                && c.people_known == people
                && c.hid == 0
                && c.ambusher.is_none()
                && c.carried_by.is_none()
                && c.carrying.is_none()
                && c.hex.is_some_and(|h| s.at(h).count() == 1)
        })
        .map(|c| c.id)
        .collect()
}

/// What a face-down counter is, apart from its marker: the counter under
/// a blank shell.
fn identity(c: &Counter) -> Counter {
    with_shell(c, &Counter::new(0, c.role, c.side))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use vt_core::digest::digest;
    use vt_core::{Ruleset, Setup};

    // B10: how well a side did, beyond who won, for the search's
    // finished games: in [0, 1], the two sides' adding up to one.
    #[test]
    fn the_margin_reads_a_finished_game() {
        vt_core::testing::check_margin(std::sync::Arc::new(Grunt::embedded()), 5, 2);
    }

    const SCENARIOS: [&str; 5] = [
        "basic",
        "standard",
        "standard-optional",
        "chain-of-command",
        "solitaire",
    ];

    // B4, D0-D4, C1-C3: a sample looks the same to the side it is for,
    // and does not depend on what it may not know.
    // Each scenario thinks at its own measured rate (a level's seconds
    // become its iterations).
    #[test]
    fn every_scenario_has_its_search_rate() {
        vt_core::testing::check_search_rates(&Grunt::embedded(), SEARCH_RATES);
    }

    #[test]
    fn samples_keep_what_each_side_sees() {
        vt_core::testing::check_determinize_every_scenario(Arc::new(Grunt::embedded()), 3, 2, 9);
    }

    /// The basic game once the NLF has placed its counters.
    fn placed(rules: &Grunt) -> State {
        let mut s = rules.new_game(&Setup::new("basic", 6)).unwrap();
        let mut ev = Vec::new();
        for _ in 0..200 {
            let legal = rules.legal(&s);
            if let Some(c) = legal.iter().find(|c| matches!(c, Command::PlaceRest)) {
                rules.execute(&mut s, c, &mut ev);
                break;
            }
            rules.execute(&mut s, &legal[0], &mut ev);
        }
        s
    }

    // B4: two games that differ only in what lies under two face-down
    // markers give the US the same samples.
    #[test]
    fn the_sampler_never_reads_face_down_counters() {
        let rules = Grunt::embedded();
        let a = placed(&rules);
        let alone: Vec<CounterId> = a
            .counters
            .iter()
            .filter(|c| c.side != Side::Us && c.on_map() && c.face_down && !c.people_known)
            .filter(|c| c.hex.is_some_and(|h| a.at(h).count() == 1) && c.carrying.is_none())
            .map(|c| c.id)
            .collect();
        let (i, j) = alone
            .iter()
            .flat_map(|&i| alone.iter().map(move |&j| (i, j)))
            .find(|&(i, j)| a.c(i).role != a.c(j).role)
            .unwrap();
        let mut b = a.clone();
        let (ri, rj) = (a.c(i).role, a.c(j).role);
        b.cm(i).role = rj;
        b.cm(j).role = ri;
        assert_ne!(digest(&a), digest(&b));
        let json = |s: &State| serde_json::to_string(&rules.view(s, 0)).unwrap();
        assert_eq!(json(&a), json(&b));
        for seed in 0..5 {
            let sa = rules.determinize(&a, 0, &mut GameRng::seeded(seed));
            let sb = rules.determinize(&b, 0, &mut GameRng::seeded(seed));
            assert_eq!(digest(&sa), digest(&sb), "seed {seed}");
        }
        // The NLF know their own counters.
        let own = rules.determinize(&a, 1, &mut GameRng::seeded(1));
        assert_eq!(own.counters, a.counters);
    }

    // B3 and the Points CRT (reading notes 2.2): an attack at 3-1 or
    // better on a hex of enemy units only (it scores on four rolls in six)
    // weighs far more than ending the Combat Phase, and of two attacks on
    // the same such hex the one at the better column never weighs less
    // (on a hex with more peasants than enemies, A6, it is the other way
    // round: their hits score for the other side). Both
    // cases come up in the games the rollout policy plays.
    #[test]
    fn prior_fires_at_odds_that_score() {
        let rules = Grunt::embedded();
        let cols = &rules.tables.columns.value;
        let three_to_one = cols.iter().position(|c| c.label == "3-1").unwrap();
        let (mut good, mut pairs) = (0, 0);
        for (sc, seed) in [("basic", 1), ("basic", 2), ("standard", 3)] {
            let mut s = rules.new_game(&Setup::new(sc, seed)).unwrap();
            let mut rng = GameRng::seeded(seed);
            let mut ev = Vec::new();
            while !s.is_over() {
                let legal = rules.legal(&s);
                let w = rules.prior(&s, &legal).unwrap();
                assert_eq!(w.len(), legal.len());
                let end = legal
                    .iter()
                    .zip(&w)
                    .find(|(c, _)| matches!(c, Command::EndCombat))
                    .map(|(_, w)| *w);
                let mut fires: Vec<(Hex, usize, f64)> = Vec::new();
                for (c, &wc) in legal.iter().zip(&w) {
                    let (Command::Fire { firers, hex }, Some(e)) = (c, end) else {
                        continue;
                    };
                    let attack: u16 = firers
                        .iter()
                        .map(|&(id, u)| rules.attack(s.c(id).role) * u as u16)
                        .sum();
                    let t = rules.map_of(&s).terrain(*hex);
                    let defence = rules.tables.terrain(t).defence.value.halves();
                    let side = s.c(firers[0].0).side;
                    // What the firer knows: a face-down marker may be
                    // peasants (A6), whatever it is.
                    let only_enemies = s
                        .at(*hex)
                        .filter(|x| x.role.is_person())
                        .all(|x| x.side != side && x.role != Role::Peasants && !x.face_down);
                    let col = crate::odds::column(cols, attack, defence).unwrap();
                    // B3.5: a firer taking a cache gives it up by firing;
                    // such fire weighs less by the cache's points.
                    let on_cache = firers
                        .iter()
                        .any(|&(id, _)| rules.cache_at_stake(&s, id) > 0);
                    if on_cache {
                        let plain = rules.fire_weight(&s, firers, *hex, false) as f64;
                        assert!(
                            wc == plain || wc == 0.0,
                            "{sc} {seed}: {wc} on a cache, {plain}"
                        );
                        continue;
                    }
                    if col >= three_to_one && only_enemies {
                        assert!(wc > 4.0 * e, "{sc} {seed}: fire at 3-1 {wc}, end {e}");
                        good += 1;
                    }
                    for &(h, c2, w2) in &fires {
                        if h == *hex && c2 != col && only_enemies {
                            let ok = if c2 < col { w2 <= wc } else { w2 >= wc };
                            assert!(ok, "{sc} {seed}: column {c2} {w2}, column {col} {wc}");
                            pairs += 1;
                        }
                    }
                    fires.push((*hex, col, wc));
                }
                let k = rules.rollout(&s, &legal, &mut rng);
                ev.clear();
                rules.execute(&mut s, &legal[k], &mut ev);
            }
        }
        assert!(good > 0 && pairs > 0, "{good} good, {pairs} pairs");
    }

    // B10: more points wins, and the US may not win once its company
    // commander is destroyed: ten points up reads as a better chance for
    // the US than even, even better than ten down, and a game whose
    // commander is gone as lost whatever the points. A commander in the
    // open within range of NLF units face up (he defends with the
    // terrain's 1, B3) is worth less to the US than one out of their
    // sight.
    #[test]
    fn evaluation_follows_the_points_and_the_commander() {
        let rules = Grunt::embedded();
        let s = placed(&rules);
        let with = |us: i32, nlf: i32| {
            let mut t = s.clone();
            t.award(Side::Us, us, "test", "B10", Reader::Both);
            t.award(Side::Nlf, nlf, "test", "B10", Reader::Both);
            t
        };
        let up = rules.evaluate(&with(20, 10), 0);
        let even = rules.evaluate(&with(10, 10), 0);
        let down = rules.evaluate(&with(10, 20), 0);
        assert!(up > even + 0.1 && even > down + 0.1, "{up} {even} {down}");
        assert!((rules.evaluate(&s, 0) + rules.evaluate(&s, 1) - 1.0).abs() < 1e-12);
        let mut lost = with(40, 0);
        let cc = lost
            .counters
            .iter()
            .position(|c| c.role == Role::Commander)
            .unwrap();
        lost.counters[cc].status = Status::Gone;
        lost.counters[cc].gone = Some(Gone::Killed);
        assert_eq!(rules.evaluate(&lost, 0), 0.0);
        assert_eq!(rules.evaluate(&lost, 1), 1.0);
        // The commander on an open hex, two hard-core units face up two
        // hexes off, against the same with them face down.
        let map = rules.map_of(&s);
        let open = map
            .hexes()
            .find(|&h| map.terrain(h) == Terrain::Open && map.edge_distance(h) > 3)
            .unwrap();
        let mut exposed = s.clone();
        exposed.counters[cc].status = Status::OnMap;
        exposed.counters[cc].hex = Some(open);
        let near = (0..6)
            .map(|d| crate::map::step(crate::map::step(open, d), d))
            .find(|h| map.contains(*h))
            .unwrap();
        let hc: Vec<usize> = exposed
            .counters
            .iter()
            .enumerate()
            .filter(|(_, c)| c.role == Role::HardCore)
            .map(|(i, _)| i)
            .take(2)
            .collect();
        for &i in &hc {
            exposed.counters[i].status = Status::OnMap;
            exposed.counters[i].hex = Some(near);
            exposed.counters[i].face_down = true;
        }
        let hidden = rules.evaluate(&exposed, 0);
        for &i in &hc {
            exposed.counters[i].face_down = false;
        }
        let seen = rules.evaluate(&exposed, 0);
        assert!(seen < hidden, "{seen} {hidden}");
    }

    /// The Standard Game at a US Movement Phase with at least two units
    /// free to move, reached by the rollout policy from `seed`.
    fn us_movement(rules: &Grunt, seed: u64) -> State {
        let mut s = rules.new_game(&Setup::new("standard", seed)).unwrap();
        let mut rng = GameRng::seeded(seed);
        let mut ev = Vec::new();
        for _ in 0..20_000 {
            let legal = rules.legal(&s);
            let selects = legal
                .iter()
                .filter(|c| matches!(c, Command::Select { .. }))
                .count();
            let on_map = legal.iter().any(|c| {
                matches!(c, Command::Select { unit }
                    if s.c(*unit).on_map() && s.c(*unit).role == Role::Infantry)
            });
            if *s.step() == (Step::Movement { side: Side::Us }) && selects >= 2 && on_map {
                return s;
            }
            let k = rules.rollout(&s, &legal, &mut rng);
            ev.clear();
            rules.execute(&mut s, &legal[k], &mut ev);
        }
        panic!("no US Movement Phase with units to move (seed {seed})");
    }

    /// The weights of the rules of thumb, by command.
    fn weights(rules: &Grunt, s: &State) -> Vec<(Command, u32)> {
        let legal = rules.legal(s);
        let w = rules.rollout_weights(s, &legal).unwrap();
        legal.into_iter().zip(w).collect()
    }

    /// The first counter of `role` on the map at `h`, face up.
    fn put(s: &mut State, role: Role, h: Hex) -> CounterId {
        let id = s.counters.iter().find(|c| c.role == role).unwrap().id;
        let c = s.cm(id);
        c.status = Status::OnMap;
        c.hex = Some(h);
        c.face_down = false;
        id
    }

    /// A US unit free to move, and the Moving step after picking it.
    fn pick(rules: &Grunt, s: &State) -> (CounterId, State) {
        let unit = rules
            .legal(s)
            .iter()
            .find_map(|c| match c {
                Command::Select { unit }
                    if s.c(*unit).role == Role::Infantry && s.c(*unit).on_map() =>
                {
                    Some(*unit)
                }
                _ => None,
            })
            .unwrap();
        let mut t = s.clone();
        rules.execute(&mut t, &Command::Select { unit }, &mut Vec::new());
        (unit, t)
    }

    /// The legal moves of the unit picked in `t` two hexes long or more.
    fn long_paths(rules: &Grunt, t: &State) -> Vec<Vec<Hex>> {
        rules
            .legal(t)
            .into_iter()
            .filter_map(|c| match c {
                Command::Move { path, .. } if path.len() >= 3 => Some(path),
                _ => None,
            })
            .collect()
    }

    // B3.5: a unit sitting on a cache it is taking is not picked to move
    // (the others are, first), and picked, it stays: the cache is taken
    // only after a full Player Turn on it without moving or firing.
    #[test]
    fn a_unit_taking_a_cache_stays_on_it() {
        let rules = Grunt::embedded();
        for seed in 1..4 {
            let mut s = us_movement(&rules, seed);
            let (unit, _) = pick(&rules, &s);
            let h = s.c(unit).hex.unwrap();
            let cache = put(&mut s, Role::Rice, h);
            let pt = s.pt();
            s.cm(unit).work = Some(Work {
                cache,
                since: pt - 1,
            });
            let w = weights(&rules, &s);
            let mine = w
                .iter()
                .find(|(c, _)| *c == Command::Select { unit })
                .unwrap()
                .1;
            let others = w
                .iter()
                .filter(|(c, _)| matches!(c, Command::Select { unit: u } if *u != unit))
                .map(|(_, w)| *w)
                .max()
                .unwrap();
            assert!(mine < others, "seed {seed}: {mine} against {others}");
            let mut t = s.clone();
            rules.execute(&mut t, &Command::Select { unit }, &mut Vec::new());
            let w = weights(&rules, &t);
            let stay = w.iter().find(|(c, _)| *c == Command::Stay).unwrap().1;
            let best_move = w
                .iter()
                .filter(|(c, _)| matches!(c, Command::Move { .. }))
                .map(|(_, w)| *w)
                .max()
                .unwrap();
            assert!(
                stay > 10 * best_move,
                "seed {seed}: stay {stay}, move {best_move}"
            );
        }
    }

    // S6: a sprung trap stays and attacks every US unit that enters it
    // again: no path through it weighs more than the least move. O11:
    // points waiting on a hex for a US unit to pass over it draw the
    // moves that pass over it above every other.
    #[test]
    fn moves_keep_off_sprung_traps_and_collect_the_body_count() {
        let rules = Grunt::embedded();
        for seed in 1..4 {
            let s = us_movement(&rules, seed);
            let (unit, t) = pick(&rules, &s);
            let from = t.c(unit).hex.unwrap();
            let trap_hex = long_paths(&rules, &t)[0][1];
            let mut u = t.clone();
            put(&mut u, Role::BoobyTrap, trap_hex);
            // Where the moves still go with the trap in sight.
            let body_hex = rules
                .legal(&u)
                .into_iter()
                .filter_map(|c| match c {
                    Command::Move { path, .. } if !path.contains(&trap_hex) => Some(path),
                    _ => None,
                })
                .flat_map(|p| p[1..].to_vec())
                .find(|h| *h != from)
                .unwrap();
            u.award(Side::Us, 15, "test", "O11", Reader::Both);
            u.ledger.last_mut().unwrap().pending = Some(body_hex);
            let w = weights(&rules, &u);
            let least = w.iter().map(|(_, w)| *w).min().unwrap();
            let mut through_trap = 0;
            let mut over_body = 0;
            for (c, wc) in &w {
                let Command::Move { path, .. } = c else {
                    continue;
                };
                if path.contains(&trap_hex) {
                    assert_eq!(*wc, least.max(1), "seed {seed}: {path:?} crosses the trap");
                    through_trap += 1;
                } else if path.contains(&body_hex) {
                    let others = w
                        .iter()
                        .filter(|(x, _)| {
                            matches!(x, Command::Move { path, .. } if !path.contains(&body_hex))
                        })
                        .map(|(_, w)| *w)
                        .max()
                        .unwrap_or(0);
                    assert!(
                        *wc > others,
                        "seed {seed}: {wc} over the body count, {others}"
                    );
                    over_body += 1;
                }
            }
            assert!(
                through_trap > 0 && over_body > 0,
                "seed {seed}: {through_trap} through the trap, {over_body} over the body count"
            );
        }
    }

    /// A US unit free to move in a Standard game and an empty hex two
    /// from it, to put a target in.
    fn a_unit_and_an_empty_hex(rules: &Grunt, seed: u64) -> (State, CounterId, Hex) {
        let s = us_movement(rules, seed);
        let (unit, _) = pick(rules, &s);
        let from = s.c(unit).hex.unwrap();
        let h = rules
            .map_of(&s)
            .hexes()
            .find(|&h| crate::map::distance(h, from) == 2 && s.at(h).next().is_none())
            .unwrap();
        (s, unit, h)
    }

    // A6: hits on peasants score for the side that did not fire: fire at
    // a hex of peasants alone never weighs anything, the door guns do not
    // fire blind at a marker, and fire at the same hex with an NLF unit
    // in it does weigh.
    #[test]
    fn no_fire_that_scores_for_the_other_side() {
        let rules = Grunt::embedded();
        let (mut s, unit, h) = a_unit_and_an_empty_hex(&rules, 1);
        let peasants = put(&mut s, Role::Peasants, h);
        assert_eq!(rules.fire_weight(&s, &[(unit, 1)], h, false), 0);
        assert_eq!(rules.blind_fire_weight(&s, Side::Us, h, 8), 0);
        s.cm(peasants).face_down = true;
        let guns = rules.weight(
            &s,
            &Goals::default(),
            &Command::Suppress { hex: h, guns: 1 },
        );
        assert_eq!(guns, 1, "a marker is not the guns' target");
        put(&mut s, Role::HardCore, h);
        s.cm(peasants).face_down = false;
        assert!(rules.blind_fire_weight(&s, Side::Us, h, 8) > 1);
    }

    // A6, B2, B5: the US's sample deals the markers, but it fires by what
    // it knows: at a marker that has never moved (peasants as likely as
    // fighters) not at all, at one that has moved (B2: peasants never do)
    // or fired at a helicopter (B5: hard-core) as at the unit dealt.
    #[test]
    fn markers_are_fired_at_by_what_the_us_knows() {
        let rules = Grunt::embedded();
        let (mut s, unit, h) = a_unit_and_an_empty_hex(&rules, 2);
        let vc = put(&mut s, Role::HardCore, h);
        assert!(rules.fire_weight(&s, &[(unit, 1)], h, false) > 1);
        s.cm(vc).face_down = true;
        assert_eq!(rules.fire_weight(&s, &[(unit, 1)], h, false), 0);
        assert_eq!(rules.blind_fire_weight(&s, Side::Us, h, 3), 0);
        s.cm(vc).moved = 1;
        assert!(rules.fire_weight(&s, &[(unit, 1)], h, false) > 1);
        s.cm(vc).moved = 0;
        s.cm(vc).heli_fired = 1;
        assert!(rules.fire_weight(&s, &[(unit, 1)], h, false) > 1);
    }

    /// A game of `scenario` at its first landing, the group still empty.
    fn first_landing(rules: &Grunt, scenario: &str, seed: u64) -> State {
        let mut s = rules.new_game(&Setup::new(scenario, seed)).unwrap();
        let mut rng = GameRng::seeded(seed);
        for _ in 0..20_000 {
            if matches!(s.step(), Step::Landing { group, .. } if group.is_empty()) {
                return s;
            }
            let legal = rules.legal(&s);
            // D1: the Bait company lands by helicopter in Game Turn 1.
            let bait = Command::ChooseDeployment {
                deployment: Deployment::Bait,
            };
            let c = if legal.contains(&bait) {
                bait
            } else {
                legal[rules.rollout(&s, &legal, &mut rng)].clone()
            };
            rules.execute(&mut s, &c, &mut Vec::new());
        }
        panic!("no landing (seed {seed})");
    }

    // B5, B7e, O6: a landing is weighed by the markers in range of its
    // hex (any may hide a hard-core unit firing at 6-1), open ground
    // counting three more (B3: the units defend by the ground in the
    // NLF's turn); O8: the group keeps out of rows of three.
    #[test]
    fn landings_keep_off_the_markers_and_out_of_rows() {
        let rules = Grunt::embedded();
        for seed in 1..4 {
            let s = first_landing(&rules, "standard-optional", seed);
            let range = rules.tables.range.value;
            let map = rules.map_of(&s);
            let markers: Vec<Hex> = s
                .on_map()
                .filter(|c| c.side == Side::Nlf && c.face_down)
                .filter_map(|c| c.hex)
                .collect();
            let key = |h: Hex| {
                let mut m: Vec<Hex> = markers
                    .iter()
                    .copied()
                    .filter(|m| crate::map::distance(*m, h) <= range)
                    .collect();
                m.sort_unstable();
                m.dedup();
                let open = rules.tables.terrain(map.terrain(h)).defence.value.halves() <= 2;
                m.len() + if open { 3 } else { 0 }
            };
            let w = weights(&rules, &s);
            let lands: Vec<(Hex, u32)> = w
                .iter()
                .filter_map(|(c, x)| match c {
                    Command::Land { hex, .. } => Some((*hex, *x)),
                    _ => None,
                })
                .collect();
            let best = lands.iter().map(|(h, _)| key(*h)).min().unwrap();
            for (h, x) in &lands {
                let want = if key(*h) <= best + 1 {
                    200
                } else if key(*h) <= best + 3 {
                    20
                } else {
                    1
                };
                assert_eq!(*x, want, "seed {seed}: landing at {h:?}");
            }
            // Two down in a row: the third does not carry the row on.
            let (a, _) = lands.iter().find(|(_, x)| *x == 200).unwrap();
            let mut t = s.clone();
            let land = |t: &mut State, h: Hex| {
                let c = rules
                    .legal(t)
                    .into_iter()
                    .find(|c| matches!(c, Command::Land { hex, .. } if *hex == h))
                    .unwrap();
                rules.execute(t, &c, &mut Vec::new());
            };
            land(&mut t, *a);
            let d = (0..6)
                .find(|&d| {
                    let b = crate::map::step(*a, d);
                    let c = crate::map::step(b, d);
                    rules
                        .legal(&t)
                        .iter()
                        .any(|x| matches!(x, Command::Land { hex, .. } if *hex == b))
                        && map.contains(c)
                })
                .unwrap();
            let b = crate::map::step(*a, d);
            land(&mut t, b);
            let c = crate::map::step(b, d);
            let behind = crate::map::step(*a, (d + 3) % 6);
            for (cmd, x) in weights(&rules, &t) {
                if let Command::Land { hex, .. } = cmd
                    && (hex == c || hex == behind)
                {
                    assert_eq!(x, 1, "seed {seed}: {hex:?} carries the row on");
                }
            }
        }
    }

    // O8: the watched game's landing, five units along the offset row 35.25
    // to 32.26 (flat-topped hexes: no straight hex line runs east-west), a
    // hard-core unit's marker at 30.25: its fire at 33.26 ran on through
    // 34.26 and 35.26. With 35.25, 35.26, 34.26 down, 33.26 lies in the
    // zone of fire from the marker at 34.26 and weighs as little as a
    // landing can (it is the group's only hex left to land in: 200 before,
    // the hexes counted only along the six straight hex lines); without
    // the marker it weighs by the markers in range again.
    #[test]
    fn landings_keep_out_of_a_markers_kill_zone() {
        let rules = Grunt::embedded();
        let mut s = first_landing(&rules, "standard-optional", 1);
        let hex = |x: i32, y: i32| vt_core::hex::MapCoord::new(x, y);
        let centre = hex(33, 26);
        for c in s.counters.iter_mut() {
            if c.side == Side::Nlf
                && c.on_map()
                && c.hex.is_some_and(|h| crate::map::distance(h, centre) <= 12)
            {
                c.status = Status::Gone;
            }
        }
        let marker = s
            .counters
            .iter()
            .find(|c| c.side == Side::Nlf && c.role == Role::HardCore)
            .unwrap()
            .id;
        {
            let c = s.cm(marker);
            c.status = Status::OnMap;
            c.hex = Some(hex(30, 25));
            c.face_down = true;
        }
        let land = |t: &mut State, h: Hex| {
            let c = rules
                .legal(t)
                .into_iter()
                .find(|c| matches!(c, Command::Land { hex, .. } if *hex == h))
                .unwrap_or_else(|| panic!("no landing at {h:?}"));
            rules.execute(t, &c, &mut Vec::new());
        };
        for h in [hex(35, 25), hex(35, 26), hex(34, 26)] {
            land(&mut s, h);
        }
        let zone = rules.zone_hexes(&s, hex(30, 25), hex(33, 26));
        assert!(zone.iter().any(|(z, _)| *z == hex(34, 26)), "{zone:?}");
        let w = weights(&rules, &s);
        let at = |h: Hex| {
            w.iter()
                .find_map(|(c, x)| match c {
                    Command::Land { hex, .. } if *hex == h => Some(*x),
                    _ => None,
                })
                .unwrap_or_else(|| panic!("no landing at {h:?}"))
        };
        let hex_33_26 = hex(33, 26);
        assert_eq!(at(hex_33_26), 1, "33.26 is in the zone of fire at 34.26");
        // Without the marker the same hex weighs by the markers in range
        // (no straight row of three: the rule is the zone's).
        s.cm(marker).status = Status::Gone;
        let w = weights(&rules, &s);
        let x = w
            .iter()
            .find_map(|(c, x)| {
                matches!(c, Command::Land { hex, .. } if *hex == hex_33_26).then_some(*x)
            })
            .unwrap();
        assert!(x > 1, "33.26 without the marker weighs {x}");
    }

    // O10, A6: the door guns hold when nothing but markers is in their
    // reach (ending the suppression outweighs every burst at a marker);
    // with an NLF unit seen among them they fire.
    #[test]
    fn door_guns_hold_with_only_markers_in_reach() {
        let rules = Grunt::embedded();
        for seed in 1..4 {
            let mut s = first_landing(&rules, "standard-optional", seed);
            let near_marker = rules
                .legal(&s)
                .into_iter()
                .find(|c| match c {
                    Command::Land { hex, .. } => s.on_map().any(|m| {
                        m.side == Side::Nlf
                            && m.face_down
                            && m.hex.is_some_and(|h| crate::map::distance(h, *hex) == 2)
                    }),
                    _ => false,
                })
                .unwrap();
            rules.execute(&mut s, &near_marker, &mut Vec::new());
            rules.execute(&mut s, &Command::EndGroup, &mut Vec::new());
            assert!(matches!(s.step(), Step::Suppress { .. }), "seed {seed}");
            let w = weights(&rules, &s);
            let target = w
                .iter()
                .find_map(|(c, _)| match c {
                    Command::Suppress { hex, .. } => Some(*hex),
                    _ => None,
                })
                .expect("a marker in reach");
            for (c, x) in &w {
                match c {
                    Command::EndSuppress => assert_eq!(*x, 100, "seed {seed}"),
                    Command::Suppress { .. } => assert_eq!(*x, 1, "seed {seed}"),
                    _ => {}
                }
            }
            for c in s.counters.iter_mut() {
                if c.hex == Some(target) && c.side == Side::Nlf {
                    c.status = Status::Gone;
                    c.hex = None;
                }
            }
            put(&mut s, Role::HardCore, target);
            for (c, x) in weights(&rules, &s) {
                match c {
                    Command::EndSuppress => assert_eq!(x, 1, "seed {seed}"),
                    Command::Suppress { hex, .. } if hex == target => assert!(x > 1),
                    _ => {}
                }
            }
        }
    }

    // O8: a move into the enemy's live field of fire stops there and is
    // attacked: it weighs 1, and the moves that keep out do not.
    #[test]
    fn moves_keep_out_of_live_fields_of_fire() {
        let rules = Grunt::embedded();
        for seed in 1..4 {
            let s = us_movement(&rules, seed);
            let (_, mut t) = pick(&rules, &s);
            let zone = long_paths(&rules, &t)[0][1];
            let firer = t
                .counters
                .iter()
                .find(|c| c.side == Side::Nlf && c.role.is_nlf_combat())
                .unwrap()
                .id;
            t.zones.push(Zone {
                side: Side::Nlf,
                firer,
                strength: 12,
                hexes: vec![(zone, false)],
                until: t.pt(),
                struck: Vec::new(),
            });
            let mut outside = 0;
            for (c, x) in weights(&rules, &t) {
                if let Command::Move { path, .. } = c {
                    if path[1..].contains(&zone) {
                        assert_eq!(x, 1, "seed {seed}: {path:?} runs into the zone");
                    } else if x > 1 {
                        outside += 1;
                    }
                }
            }
            assert!(outside > 0, "seed {seed}: every move weighs 1");
        }
    }

    // B2 (stacking): combat results apply to every unit in a hex (under
    // the Casualty CRT each takes the whole result, O4b): a move onto
    // another US unit with an enemy marker within range weighs less than
    // the same move with the hex empty; with no enemy near, the same. A
    // watched Standard-optional game (seed 1, game 17): three squads
    // stacked with peasants at 33.18 took 1K1W and then 2W each, 120
    // points to the NLF.
    #[test]
    fn moves_keep_off_other_units_near_the_enemy() {
        let rules = Grunt::embedded();
        let range = rules.tables.range.value;
        let weight_of = |s: &State, cmd: &Command| {
            weights(&rules, s)
                .into_iter()
                .find(|(c, _)| c == cmd)
                .map(|(_, w)| w)
        };
        let clear = |s: &State| {
            let mut s = s.clone();
            for c in s.counters.iter_mut().filter(|c| c.side == Side::Nlf) {
                c.status = Status::Gone;
                c.hex = None;
            }
            s
        };
        for seed in 1..4 {
            let s = us_movement(&rules, seed);
            let (unit, t) = pick(&rules, &s);
            let markers: Vec<Hex> = t
                .on_map()
                .filter(|c| c.side == Side::Nlf)
                .filter_map(|c| c.hex)
                .collect();
            let (cmd, before, to) = weights(&rules, &t)
                .into_iter()
                .find_map(|(c, w)| {
                    let Command::Move { path, .. } = &c else {
                        return None;
                    };
                    let to = *path.last()?;
                    let near = markers
                        .iter()
                        .any(|m| crate::map::distance(*m, to) <= range);
                    let empty = !t.on_map().any(|o| o.side == Side::Us && o.hex == Some(to));
                    (w >= 3 && near && empty).then_some((c, w, to))
                })
                .expect("a move near a marker");
            let other = t
                .on_map()
                .find(|c| c.side == Side::Us && c.role == Role::Infantry && c.id != unit)
                .unwrap()
                .id;
            let mut u = t.clone();
            u.cm(other).hex = Some(to);
            let after = weight_of(&u, &cmd).expect("the move is still legal");
            assert!(after < before, "seed {seed}: {cmd:?} {before} -> {after}");
            assert_eq!(
                weight_of(&clear(&u), &cmd),
                weight_of(&clear(&t), &cmd),
                "seed {seed}: {cmd:?} with no enemy near"
            );
        }
    }

    // O8: fire whose kill zone runs on through the firer's own units
    // weighs less than the same fire with the zone clear; O4d: casualties
    // the US would abandon now lower its chances.
    #[test]
    fn fields_of_fire_and_abandoned_casualties_count() {
        let rules = Grunt::embedded();
        let mut s = us_movement(&rules, 1);
        s.options.on.push(Optional::FieldsOfFire);
        s.options.on.push(Optional::CasualtyCrt);
        let (unit, _) = pick(&rules, &s);
        let from = s.c(unit).hex.unwrap();
        let map = rules.map_of(&s);
        let (target, beyond) = map
            .hexes()
            .filter(|&h| crate::map::distance(h, from) == 2 && s.at(h).next().is_none())
            .find_map(|h| {
                let zone = rules.zone_hexes(&s, from, h);
                zone.iter()
                    .find(|(z, half)| !half && s.at(*z).next().is_none())
                    .map(|(z, _)| (h, *z))
            })
            .unwrap();
        put(&mut s, Role::HardCore, target);
        let clear = rules.fire_weight(&s, &[(unit, 1)], target, false);
        let friend = s
            .counters
            .iter()
            .find(|c| c.side == Side::Us && c.role == Role::Infantry && c.id != unit)
            .unwrap()
            .id;
        s.cm(friend).status = Status::OnMap;
        s.cm(friend).hex = Some(beyond);
        let through = rules.fire_weight(&s, &[(unit, 1)], target, false);
        assert!(through < clear, "{through} against {clear}");

        let before = rules.evaluate(&s, Side::Us.idx());
        s.casualties.push(Casualty {
            id: 999,
            side: Side::Us,
            kia: false,
            hex: Some(from),
            with: None,
            held_by_enemy: false,
            pending: false,
            points: 10,
            evacuated: false,
            on_trap: false,
        });
        assert!(rules.evaluate(&s, Side::Us.idx()) < before);
    }

    // The rollout policy plays whole games to an end, and the evaluation
    // gives the two sides chances that add up to one.
    #[test]
    fn rollouts_finish_games() {
        let rules = Grunt::embedded();
        for sc in SCENARIOS {
            let mut s = rules.new_game(&Setup::new(sc, 2)).unwrap();
            let mut rng = GameRng::seeded(2);
            let mut ev = Vec::new();
            let mut n = 0;
            while !s.is_over() && n < 50_000 {
                let e = rules.evaluate(&s, 0) + rules.evaluate(&s, 1);
                assert!((e - 1.0).abs() < 1e-9, "{sc}: {e}");
                let legal = rules.legal(&s);
                let k = rules.rollout(&s, &legal, &mut rng);
                rules.execute(&mut s, &legal[k], &mut ev);
                n += 1;
            }
            assert!(s.is_over(), "{sc}: {n} commands");
        }
    }

    // B4, B2, B3, S3, O5: what the US saw of a marker stays with it in
    // every sample: where it is, whether it moved, was attacked, pinned or
    // found to hold people; a marker that moved holds something that
    // moves; a unit seen to turn face down and an ambush seen laid stay.
    #[test]
    fn what_the_us_saw_stays_with_its_marker() {
        let rules = Grunt::embedded();
        let mut moved = 0;
        let mut attacked = 0;
        for (sc, seed) in [("standard-optional", 1), ("basic", 2), ("standard", 3)] {
            let mut s = rules.new_game(&Setup::new(sc, seed)).unwrap();
            let mut rng = GameRng::seeded(seed);
            let mut ev = Vec::new();
            for n in 0..1500 {
                if s.is_over() {
                    break;
                }
                if n % 25 == 0 {
                    let x = rules.determinize(&s, 0, &mut GameRng::seeded(n));
                    for (a, b) in s.counters.iter().zip(&x.counters) {
                        if !(a.side == Side::Nlf && a.on_map() && a.face_down) {
                            assert_eq!(a, b, "{sc} {n}: a counter the US sees");
                            continue;
                        }
                        assert_eq!(
                            (a.hex, a.marker, a.moved, a.attacked, a.pinned_through),
                            (b.hex, b.marker, b.moved, b.attacked, b.pinned_through),
                            "{sc} {n}: marker {}",
                            a.marker
                        );
                        assert_eq!(a.people_known, b.people_known);
                        if a.moved != 0 {
                            moved += 1;
                            assert!(
                                b.role.moves(),
                                "{sc} {n}: a moved marker holds {:?}",
                                b.role
                            );
                        }
                        if a.attacked != 0 {
                            attacked += 1;
                        }
                        if a.hid != 0 || a.ambusher.is_some() {
                            assert_eq!(a, b, "{sc} {n}: known marker {}", a.marker);
                        }
                    }
                }
                let legal = rules.legal(&s);
                let k = rules.rollout(&s, &legal, &mut rng);
                ev.clear();
                rules.execute(&mut s, &legal[k], &mut ev);
            }
        }
        assert!(
            moved > 20 && attacked > 0,
            "{moved} moved, {attacked} attacked"
        );
    }

    // B4: the samples do deal the markers again: over twenty samples a
    // marker is seen to hold several kinds of counter.
    #[test]
    fn samples_spread() {
        let rules = Grunt::embedded();
        let a = placed(&rules);
        let markers: Vec<CounterId> = a
            .counters
            .iter()
            .filter(|c| c.side == Side::Nlf && c.on_map() && c.face_down)
            .map(|c| c.id)
            .collect();
        let mut kinds: Vec<Vec<Role>> = vec![Vec::new(); markers.len()];
        for seed in 0..20 {
            let x = rules.determinize(&a, 0, &mut GameRng::seeded(seed));
            for (k, &id) in markers.iter().enumerate() {
                if !kinds[k].contains(&x.c(id).role) {
                    kinds[k].push(x.c(id).role);
                }
            }
        }
        let varied = kinds.iter().filter(|v| v.len() >= 3).count();
        assert!(
            varied * 2 >= markers.len(),
            "{varied} of {} markers vary",
            markers.len()
        );
    }

    /// A Standard game whose NLF set up `column`, at the first US
    /// Movement Phase (the set-up played with the first listed command,
    /// the end of a step where there is one).
    fn at_first_us_movement(rules: &Grunt, column: Column) -> State {
        let mut s = rules.new_game(&Setup::new("standard", 5)).unwrap();
        let mut ev = Vec::new();
        for _ in 0..3000 {
            let legal = rules.legal(&s);
            if legal.contains(&Command::DeclareDayToDay) {
                return s;
            }
            let pick = legal
                .iter()
                .find(|c| matches!(c, Command::ChooseOob { column: k } if *k == column))
                .or_else(|| {
                    legal.iter().find(|c| {
                        matches!(c, Command::PlaceRest | Command::PlacementDone) || c.is_end()
                    })
                })
                .unwrap_or(&legal[0])
                .clone();
            ev.clear();
            rules.execute(&mut s, &pick, &mut ev);
        }
        panic!("no US Movement Phase");
    }

    // D0: "if the NLF uses Day-to-Day and the US has not declared it by
    // the end of its fourth Player Turn, the US loses; a wrong declaration
    // also loses." The rules of thumb declare at once against Day-to-Day
    // (the marker count tells it) and never against another column, and
    // the evaluation reads a wrong declaration as the game lost.
    #[test]
    fn day_to_day_is_declared_exactly_when_the_count_says_so() {
        let rules = Grunt::embedded();
        let mut columns = 0;
        for c in rules.oob.nlf.iter().filter(|c| c.standard) {
            let s = at_first_us_movement(&rules, c.column);
            assert_eq!(s.column, Some(c.column));
            let legal = rules.legal(&s);
            let w = rules.rollout_weights(&s, &legal).unwrap();
            let at = |x: &Command| w[legal.iter().position(|c| c == x).unwrap()];
            let declare = at(&Command::DeclareDayToDay);
            let end = at(&Command::EndMovement);
            if c.column == Column::DayToDay {
                assert!(declare > 100 * end, "{:?}: {declare} {end}", c.column);
            } else {
                assert_eq!(declare, 0, "{:?}", c.column);
                let mut wrong = s.clone();
                rules.execute(&mut wrong, &Command::DeclareDayToDay, &mut Vec::new());
                assert_eq!(rules.evaluate(&wrong, 0), 0.0, "{:?}", c.column);
                assert_eq!(rules.evaluate(&wrong, 1), 1.0, "{:?}", c.column);
            }
            columns += 1;
        }
        assert_eq!(columns, 6);
    }

    // D0: the NLF's order of battle is its secret. Mobile Base Camp and
    // Mobile Training Camp both have 59 counters, so to the US either
    // could be on the map: its samples draw both, whichever the NLF
    // chose, each with that column's counters under the markers and that
    // column's award; Day-to-Day, whose count is its own, is always
    // itself. Two games that differ only in which of the two the NLF
    // chose give the US the same samples.
    #[test]
    fn the_us_samples_the_order_of_battle_it_cannot_tell() {
        let rules = Grunt::embedded();
        let camps = [Column::MobileBaseCamp, Column::MobileTrainingCamp];
        let counts = |col: Column| {
            let mut v: Vec<Role> = rules
                .oob
                .column(col)
                .unwrap()
                .counts
                .iter()
                .filter(|(r, _)| *r != Role::Ambush)
                .flat_map(|(r, n)| std::iter::repeat_n(*r, n.value as usize))
                .collect();
            v.stable_sort();
            v
        };
        let roles = |s: &State| {
            let mut v: Vec<Role> = s
                .counters
                .iter()
                .filter(|c| c.side == Side::Nlf)
                .map(|c| c.role)
                .collect();
            v.stable_sort();
            v
        };
        assert_ne!(counts(camps[0]), counts(camps[1]));
        let games = camps.map(|c| at_first_us_movement(&rules, c));
        let json = |s: &State| serde_json::to_string(&rules.view(s, 0)).unwrap();
        assert_eq!(json(&games[0]), json(&games[1]));
        for (real, s) in camps.iter().zip(&games) {
            assert_eq!(roles(s), counts(*real));
            let mut drawn = [0; 2];
            for seed in 0..40 {
                let x = rules.determinize(s, 0, &mut GameRng::seeded(seed));
                let col = x.column.unwrap();
                let k = camps.iter().position(|&c| c == col).unwrap();
                drawn[k] += 1;
                assert_eq!(roles(&x), counts(col), "{real:?} seed {seed}: {col:?}");
                let award: Vec<(i32, &str)> = x
                    .ledger
                    .iter()
                    .filter(|a| a.why.starts_with("NLF order of battle"))
                    .map(|a| (a.points, a.why.as_str()))
                    .collect();
                let value = rules.oob.column(col).unwrap().award.value;
                assert_eq!(award, vec![(value, "NLF order of battle (sampled)")]);
                let y = rules.determinize(
                    &games[1 - camps.iter().position(|c| c == real).unwrap()],
                    0,
                    &mut GameRng::seeded(seed),
                );
                assert_eq!(digest(&x), digest(&y), "{real:?} seed {seed}");
            }
            assert!(drawn[0] >= 8 && drawn[1] >= 8, "{real:?}: {drawn:?}");
        }
        let dtd = at_first_us_movement(&rules, Column::DayToDay);
        for seed in 0..10 {
            let x = rules.determinize(&dtd, 0, &mut GameRng::seeded(seed));
            assert_eq!(x.column, Some(Column::DayToDay));
            assert_eq!(roles(&x), roles(&dtd));
        }
        // The NLF's own samples keep its column.
        let own = rules.determinize(&games[0], 1, &mut GameRng::seeded(3));
        assert_eq!(own.column, Some(camps[0]));
    }

    // D4: a second company gives the NLF 100 points as it is called, and
    // D5: each air strike flown 15: without orders the rules of thumb
    // never call one or ask for one.
    #[test]
    fn no_second_company_or_strikes_without_orders() {
        let rules = Grunt::embedded();
        let s = at_first_call(&rules);
        assert!(s.order.is_none());
        let legal = rules.legal(&s);
        let w = rules.rollout_weights(&s, &legal).unwrap();
        let mut seen = 0;
        for (c, &wc) in legal.iter().zip(&w) {
            match c {
                Command::Call {
                    group: Group::Company,
                    ..
                }
                | Command::RequestAirStrike => {
                    assert_eq!(wc, 0, "{c:?}");
                    seen += 1;
                }
                _ => {}
            }
        }
        assert!(seen >= 1, "{seen} such commands");
    }

    // O4d: each US casualty left on the map at the end costs the US 10
    // points: a medevac to a hex where US casualties lie (the only hexes
    // one is offered for) weighs ten times the end of the phase or more.
    #[test]
    fn medevac_where_casualties_lie() {
        let rules = Grunt::embedded();
        let mut seen = 0;
        for seed in 1..3 {
            let mut s = rules
                .new_game(&Setup::new("standard-optional", seed))
                .unwrap();
            let mut rng = GameRng::seeded(seed);
            let mut ev = Vec::new();
            while !s.is_over() && seen < 20 {
                let legal = rules.legal(&s);
                let w = rules.rollout_weights(&s, &legal).unwrap();
                let end = legal.iter().position(|c| *c == Command::EndMovement);
                for (c, &wc) in legal.iter().zip(&w) {
                    if let (
                        Command::CallHelicopter {
                            job: HeliJob::Medevac,
                            hex,
                        },
                        Some(e),
                    ) = (c, end)
                    {
                        let lying = s
                            .casualties
                            .iter()
                            .any(|x| x.side == Side::Us && !x.evacuated && x.hex == Some(*hex));
                        assert!(lying, "{hex:?}");
                        assert!(wc >= 10 * w[e], "{hex:?}: {wc}, end {}", w[e]);
                        seen += 1;
                    }
                }
                let k = rules.rollout(&s, &legal, &mut rng);
                ev.clear();
                rules.execute(&mut s, &legal[k], &mut ev);
            }
        }
        assert!(seen > 0, "no medevac offered");
    }

    /// A Standard game with air strikes, Bait deployment, at the first US
    /// Movement Phase where the rest of the company may be called.
    fn at_first_call(rules: &Grunt) -> State {
        use crate::data::Deployment;
        let mut s = rules
            .new_game(&Setup::new("standard", 3).option("air-strikes", "on"))
            .unwrap();
        let mut ev = Vec::new();
        for _ in 0..3000 {
            let legal = rules.legal(&s);
            if legal.iter().any(|c| matches!(c, Command::Call { .. })) {
                return s;
            }
            let pick = legal
                .iter()
                .find(|c| {
                    matches!(c, Command::ChooseDeployment { deployment } if *deployment == Deployment::Bait)
                })
                .or_else(|| {
                    legal.iter().find(|c| {
                        matches!(c, Command::PlaceRest | Command::PlacementDone) || c.is_end()
                    })
                })
                .unwrap_or(&legal[0])
                .clone();
            ev.clear();
            rules.execute(&mut s, &pick, &mut ev);
        }
        panic!("no call offered");
    }

    // D6, O9.1: the US's written call and its planned strike are its
    // secrets: a game with them and one without give the NLF the same
    // samples.
    #[test]
    fn the_nlf_samples_never_read_us_calls_or_strikes() {
        let rules = Grunt::embedded();
        let a = at_first_call(&rules);
        let mut b = a.clone();
        let call = rules
            .legal(&b)
            .into_iter()
            .find(|c| matches!(c, Command::Call { .. }))
            .unwrap();
        rules.execute(&mut b, &call, &mut Vec::new());
        b.strikes.push(Strike {
            kind: StrikeKind::PrePlanned,
            turn: b.turn + 3,
            area: Vec::new(),
            done: false,
            cancelled: false,
            award: true,
        });
        assert!(!b.calls.is_empty());
        assert_ne!(digest(&a), digest(&b));
        let json = |s: &State| serde_json::to_string(&rules.view(s, 1)).unwrap();
        assert_eq!(json(&a), json(&b));
        for seed in 0..3 {
            let sa = rules.determinize(&a, 1, &mut GameRng::seeded(seed));
            let sb = rules.determinize(&b, 1, &mut GameRng::seeded(seed));
            assert_eq!(digest(&sa), digest(&sb), "seed {seed}");
        }
        // The US knows its own plans.
        let own = rules.determinize(&b, 0, &mut GameRng::seeded(1));
        assert_eq!((own.calls, own.strikes), (b.calls, b.strikes));
    }
}
