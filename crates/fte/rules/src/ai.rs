//! What the computer player needs from Front Toward Enemy
//! ([`vt_core::AiRules`]): the enemy's secrets re-dealt, a position's
//! chance, and how to play on.
//!
//! What a side may not know (see [`crate::view`]): which enemy counter sits
//! under each Concealed marker (a Dummy or a Leader alike, 18.0, 22.0),
//! what each enemy "?" cache marker is (23.0-25.0), where the enemy plotted
//! its Booby Traps or Claymores (26.0), where the enemy's fire missions
//! will land (13.0), and the dice to come.

use crate::Fte;
use crate::command::Command;
use crate::data::{Nation, Role, VpEvent};
use crate::geo::{Hex, HexExt};
use crate::state::*;
use crate::step::Step;
use vt_core::{AiRules, GameRng, SideIdx};

/// Iterations of the search a second on one core of the 2-core reference
/// machine, per scenario: a level's seconds become this many iterations
/// (the same on every machine). Calibrated with `cargo run --release -p
/// vt-games --example search_rate` (CPU seconds of the searching thread,
/// the mean of 4 mid-game positions a scenario; the figure measured is in
/// the comment), 2 December 2026: each scenario keeps its measured ratio
/// to the game's median, and the median stays at the 4600 of the
/// game's first calibration (this loaded run measured 6528), the lower,
/// so that a level does not overrun its seconds.
pub(crate) const SEARCH_RATES: &[(&str, u32)] = &[
    ("hamlet-search", 4000), // 5740
    // Trail Ambush gained a forward observer on 5 December 2026: a run
    // after that measured it 12014 against Hamlet Search's 11058 (before
    // it, 13708 against 11694): within this loaded machine's noise, kept.
    ("trail-ambush", 4600), // 6528
    // Hot LZ changed on 5 December 2026 (the first lift on the ground,
    // two Slicks flying in): 12554 iterations/s against Trail Ambush's
    // 13708 in one run, the same ratio to Trail Ambush's 4600 here.
    ("hot-lz", 4200),          // 12554
    ("night-perimeter", 3800), // 5414
];

/// A scenario not in [`SEARCH_RATES`] (edited data): the median of the
/// game's scenarios.
const SEARCH_RATE_USUAL: u32 = 4600;

/// Hexes from an objective at which a side's nearest unit starts to
/// count towards it: about the long side of the scenario maps (Trail
/// Ambush's US objective is 22 hexes from the US start). At 8 hexes (the
/// first version) nothing rewarded the approach until the last 8 hexes, and
/// a search whose rollouts stop after a few activations kept its patrol
/// at the start line, out of the enemy's fire.
const APPROACH_RANGE: f64 = 24.0;

/// Hexes from a hidden cache at which the searching side's nearest
/// infantry unit starts to count towards it ([`Fte::caches_in_reach`]):
/// Song Tra's huts lie 7-10 hexes from Hamlet Search's US start line, so
/// the whole approach counts.
const CACHE_RANGE: f64 = 12.0;

/// The share of a cache's VP an infantry unit in its hex is worth
/// ([`Fte::caches_in_reach`]): the search still needs a Troop Quality
/// check (9.0) and the enemy may hold the hex (6.2).
const CACHE_SHARE: f64 = 0.4;

/// The infantry's cheapest way to a scenario objective: for every hex of
/// the map (by [`crate::map::Map::index`]), the half MP a unit in it
/// needs to reach `hex` (6.1, 6.4-6.6: a trail costs 1 MP a hex, the
/// jungle 2, a slope 2 more), `u16::MAX` where it cannot. Hex distance
/// alone does not find the trail: on these column maps a step
/// north-east or south-east is as near as one along the trail, and
/// patrols wandered into the jungle at half the speed.
#[derive(Clone, Debug)]
pub(crate) struct Route {
    scenario: String,
    hex: Hex,
    cost: Vec<u16>,
}

/// The rollout weight of a step along the cheapest way to an objective
/// not yet held ([`Route`]).
const ROUTE_STEP: u32 = 20;

impl AiRules for Fte {
    /// 6.0: a move is made a hex at a time, each hex spending Movement
    /// Points: a unit stepped out of a hex and back is where it was, with
    /// fewer points left. The points left and hexes entered are put aside,
    /// so the loop guard sees the return (and the move along a trail the
    /// last hex was entered by, 6.1 note a).
    fn loop_position<'a>(&self, s: &'a State) -> std::borrow::Cow<'a, State> {
        if s.moving().is_none() {
            return std::borrow::Cow::Borrowed(s);
        }
        let mut t = s.clone();
        if let Some(m) = t.moving_mut() {
            m.left = 0;
            m.hexes = 0;
            m.on_trail = false;
        }
        std::borrow::Cow::Owned(t)
    }

    /// 29.0: the Victory Points lead, ten points a step of the curve.
    fn margin(&self, s: &State, side: SideIdx) -> f64 {
        let us = vt_core::ai::lead_score((s.vp[0] - s.vp[1]) as f64, 10.0);
        if side == 0 { us } else { 1.0 - us }
    }

    fn determinize(&self, state: &State, side: SideIdx, rng: &mut GameRng) -> State {
        let me = Side::from_idx(side);
        let mut s = state.clone();
        self.redeal_concealed(&mut s, me, rng);
        self.redeal_caches(&mut s, me, rng);
        self.replot_traps(&mut s, me, rng);
        self.retarget_missions(&mut s, me, rng);
        s.rng = GameRng::seeded(rng.next_u64());
        s
    }

    /// The VP race with what is on the board: the VP each side has, the
    /// objectives each would score if the game ended now, and a share of
    /// the combat strength each still has, read as a chance through a
    /// logistic curve (a tie goes to the NVA/VC, 29.0).
    fn evaluate(&self, s: &State, side: SideIdx) -> f64 {
        if let Some(w) = s.result {
            return (w.idx() as SideIdx == side) as u8 as f64;
        }
        let mut margin = (s.vp[0] - s.vp[1]) as f64 - 0.5;
        if let Some(sc) = self.scenario(&s.scenario) {
            for o in &sc.objectives {
                let held = s.units_at(o.hex).any(|u| {
                    u.side == o.side && !u.broken && !self.is_marker_only(u) && !self.is_heli(u)
                });
                let contested = s
                    .units_at(o.hex)
                    .any(|u| u.side != o.side && !self.is_marker_only(u));
                // An objective not yet taken is worth more the nearer the
                // side's closest unit (aboard a helicopter too): without
                // it a rollout that stops short reads staying away, out
                // of the enemy's fire, as the better play.
                let nearest = s
                    .units
                    .iter()
                    .filter(|u| {
                        u.side == o.side
                            && !u.broken
                            && !self.is_marker_only(u)
                            && (!self.is_heli(u) || self.aboard(s, u.id) > 0)
                    })
                    .filter_map(|u| match u.status {
                        UnitStatus::OnMap => u.hex,
                        UnitStatus::Loaded => u.carrier.and_then(|c| s.unit(c).hex),
                        _ => None,
                    })
                    .map(|h| h.distance(o.hex))
                    .min();
                let close = nearest.map_or(0.0, |d| (1.0 - d as f64 / APPROACH_RANGE).max(0.0));
                // 29.0: a contested objective scores nothing at the end;
                // an enemy on it is worth little to its side while there.
                let share = if held && !contested {
                    0.8
                } else if contested {
                    0.1
                } else {
                    0.2 + 0.3 * close
                };
                let sign = if o.side == Side::Us { 1.0 } else { -1.0 };
                margin += sign * share * o.vp as f64;
            }
        }
        margin += self.caches_in_reach(s, Side::from_idx(side));
        let mut strength = [0.0f64; 2];
        for u in s.units.iter().filter(|u| {
            matches!(
                u.status,
                UnitStatus::OnMap | UnitStatus::Loaded | UnitStatus::Waiting
            )
        }) {
            if let Some(f) = self.fire_rating(u) {
                let mut w = f as f64;
                if u.broken {
                    w *= 0.4;
                } else if u.suppressed {
                    w *= 0.7;
                }
                strength[u.side.idx()] += w;
            }
        }
        let total = strength[0] + strength[1];
        if total > 0.0 {
            margin += 6.0 * (strength[0] - strength[1]) / total;
        }
        let us = 1.0 / (1.0 + (-margin / 4.0).exp());
        if side == 0 { us } else { 1.0 - us }
    }

    /// Iterations a second of one core of the 2-core reference machine in
    /// `scenario` ([`SEARCH_RATES`]).
    fn search_rate(&self, scenario: &str) -> u32 {
        vt_core::ai::rate_of(SEARCH_RATES, scenario, SEARCH_RATE_USUAL)
    }

    /// A whole game is several hundred commands: the rollouts stop after
    /// this many and read the position with [`AiRules::evaluate`].
    fn rollout_horizon(&self) -> Option<usize> {
        Some(40)
    }

    fn to_move(&self, s: &State) -> Option<SideIdx> {
        self.decider(s).map(|side| side.idx() as SideIdx)
    }

    /// The rules of thumb ([`Fte::thumb_weights`]) with fire pressed
    /// harder while no cache is left to find (9.0): the
    /// rollouts and the scripted player draw from these. Uniform play
    /// wastes the US's activations (passing, ending them unused,
    /// wandering): 85-98 % NVA/VC wins. A fire mission (13.0, 16.0) is the
    /// US's heaviest fire and fire (7.0) is how most VP are scored, so a
    /// rollout that takes them whenever it can reads a position nearer to
    /// how a player would play it on: the search (mcts:300) against random
    /// play won Trail Ambush 34 of 40 with the press, 26 without. Where
    /// the VP lie in caches to search (Hamlet Search, 9.0) rollouts that
    /// fire instead of searching, or an enemy that fires harder than it
    /// plays, misread the position: with the press there the search lost
    /// 6 of 40 games, none without it, and 7 of 40 with the press kept
    /// from the searching side only (session 21).
    /// The search does not start from these ([`AiRules::prior`]).
    fn rollout_weights(&self, s: &State, legal: &[Command]) -> Option<Vec<u32>> {
        let mut weights = self.thumb_weights(s, legal);
        let to_find = s
            .caches
            .iter()
            .any(|c| !c.kind.is_fort() && !c.revealed && !c.gone);
        if !to_find {
            for (w, c) in weights.iter_mut().zip(legal) {
                match c {
                    // Not one on the side's own units ([`Fte::danger_close`]).
                    Command::RequestFireMission { .. } | Command::ExecuteMission if *w > 1 => {
                        *w = FIRE_MISSION
                    }
                    Command::Fire { .. } if *w > 1 => *w *= 4,
                    _ => {}
                }
            }
        }
        Some(weights)
    }

    /// The search starts from the rules of thumb without the rollouts'
    /// press to fire: with the rollouts' weights as its prior the search
    /// tried little but fire missions and won Trail Ambush 3 of 10 at
    /// Quick against 8 of 10 (session 20).
    fn prior(&self, s: &State, legal: &[Command]) -> Option<Vec<f64>> {
        Some(
            self.thumb_weights(s, legal)
                .into_iter()
                .map(f64::from)
                .collect(),
        )
    }
}

/// Hexes from ground both sides score (29.0) within which its holder's
/// units keep ([`Goals::defend`]): a Battalion Mortar mission attacks a
/// hex and the six around it (16.0), so a perimeter a hex deep is one
/// mission's target (Night Perimeter: one mortar mission on the crest
/// attacked all seven US units). Two hexes is the crest's set-up area.
/// The US at Quick against random play won 36 of 40 games with a
/// perimeter a hex deep, 38 of 40 two hexes deep (`scores` example,
/// seeds 1 and 2).
const DEFEND_RADIUS: u32 = 2;

/// A fire mission's weight in the rollouts ([`Fte::rollout_weights`]).
const FIRE_MISSION: u32 = 200;

impl Fte {
    /// The VP still lying in enemy caches (9.0, 11.0, 29.0), as the US's
    /// margin: each marker not yet found worth what finding it (and, for
    /// the US, destroying it) scores, a found one what destroying it
    /// scores, by how near the searching side's nearest infantry unit is
    /// ([`CACHE_RANGE`], [`CACHE_SHARE`]). The kinds are the sample's
    /// ([`AiRules::determinize`] re-deals them). Without it a position
    /// with the patrol among Song Tra's huts read no better than one at
    /// the start line until a rollout happened to find something, and
    /// the search at Quick played Hamlet Search out with one-hex Stealthy
    /// moves and fire from outside the hamlet (a game lost 0-0: no
    /// search in eight turns).
    /// Only `only`'s own caches to find count (the evaluation for that
    /// side): counted in both sides' evaluations, the NVA/VC's search
    /// expected the US to make for the caches, which random play never
    /// does, and won 70 of 80 Hamlet Search games against random US play
    /// (77 before; 73 counted only for the searcher, whose US won 40 of
    /// 40 on seeds 11 and 14 against 37 counted for both). Since session
    /// 36 a search reads positions with its own side's evaluation only
    /// (`vt_ai::mcts`), so the NVA/VC's search no longer reads this at
    /// all: 154 of 160 against random US play (147 before).
    fn caches_in_reach(&self, s: &State, only: Side) -> f64 {
        let mut margin = 0.0;
        // Caches and tunnels only: a Bunker or Foxholes is a fighting
        // position (Hot LZ, Night Perimeter), taken by fighting for it.
        for c in s
            .caches
            .iter()
            .filter(|c| !c.gone && self.searched_for(c.kind))
        {
            let by = c.owner.other();
            if by != only {
                continue;
            }
            // 11.0: only the US destroys caches.
            let destroy = match c.kind {
                _ if by != Side::Us => 0,
                CacheKind::Tunnel => self.tables.vp(VpEvent::DestroyTunnel).0,
                _ => self.tables.vp(VpEvent::DestroyCache).0,
            };
            let value = match Self::reveal_vp(c.kind) {
                _ if c.revealed => destroy,
                Some(e) => {
                    let (us, nva) = self.tables.vp(e);
                    (if by == Side::Us { us } else { nva }) + destroy
                }
                None => 0,
            };
            if value <= 0 {
                continue;
            }
            let nearest = s
                .units
                .iter()
                .filter(|u| {
                    u.side == by && !u.broken && self.is_infantry(u) && !self.is_marker_only(u)
                })
                .filter_map(|u| match u.status {
                    UnitStatus::OnMap => u.hex,
                    UnitStatus::Loaded => u.carrier.and_then(|c| s.unit(c).hex),
                    _ => None,
                })
                .map(|h| h.distance(c.hex))
                .min();
            let close = nearest.map_or(0.0, |d| (1.0 - d as f64 / CACHE_RANGE).max(0.0));
            let sign = if by == Side::Us { 1.0 } else { -1.0 };
            margin += sign * CACHE_SHARE * close * value as f64;
        }
        margin
    }

    /// [`Fte::weight`] of each of `legal`, the entry hexes weighed
    /// together: the rules of thumb the search starts from (its prior)
    /// and lets its samples overrule.
    fn thumb_weights(&self, s: &State, legal: &[Command]) -> Vec<u32> {
        // Only moves and arrivals look at the goals.
        let goals = if legal.iter().any(|c| {
            matches!(
                c,
                Command::Step { .. } | Command::Enter { .. } | Command::Move { .. }
            )
        }) {
            self.goals(s)
        } else {
            Goals::default()
        };
        let mut weights: Vec<u32> = legal.iter().map(|c| self.weight(s, &goals, c)).collect();
        self.weigh_entries(s, &goals, legal, &mut weights);
        // A unit on its way to an objective stops short of it only
        // rarely: with a step along the cheapest way open, ending the
        // move is hardly tried.
        if legal
            .iter()
            .zip(&weights)
            .any(|(c, w)| matches!(c, Command::Step { .. }) && *w >= ROUTE_STEP)
        {
            for (w, c) in weights.iter_mut().zip(legal) {
                if matches!(c, Command::EndMove) {
                    *w = 1;
                }
            }
        }
        weights
    }
}

/// Where the side that decides wants its moving units.
#[derive(Default)]
struct Goals {
    /// Hexes to move towards.
    towards: Vec<Hex>,
    /// Objectives to stay on.
    hold: Vec<Hex>,
    /// The objectives to stay on that no unit of the side holds yet.
    open: Vec<Hex>,
    /// The side's objectives it holds where the enemy scores too (an
    /// enemy objective within two hexes): the perimeter to keep.
    defend: Vec<Hex>,
    /// The enemy's face-down markers may hold what scores when found
    /// (9.0, 29.0): the side goes to them and searches.
    searcher: bool,
}

impl Fte {
    /// A [`Route`] to every scenario objective, with the first infantry
    /// counter type as the walker (every infantry unit pays the same, 6.1).
    pub(crate) fn plan_routes(&self) -> Vec<Route> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let Some(ty) = self
            .types
            .iter()
            .position(|t| t.class == crate::data::MoveClass::Infantry)
        else {
            return Vec::new();
        };
        let walker = Unit::fresh(0, ty as u16, Side::Us, UnitStatus::OnMap, Altitude::Ground);
        let mut routes = Vec::new();
        for sc in &self.scenarios {
            let Some(map) = self.maps.iter().find(|m| m.id == sc.map) else {
                continue;
            };
            let (cols, rows) = map.size();
            for o in &sc.objectives {
                let mut cost = vec![u16::MAX; (cols * rows) as usize];
                let Some(i) = map.index(o.hex) else { continue };
                cost[i] = 0;
                let mut heap = BinaryHeap::new();
                heap.push(Reverse((0u16, o.hex)));
                while let Some(Reverse((d, to))) = heap.pop() {
                    if map.index(to).is_none_or(|i| cost[i] < d) {
                        continue;
                    }
                    for from in map.neighbors(to) {
                        let Some(step) = self.move_cost_on(map, &walker, from, to) else {
                            continue;
                        };
                        let Some(j) = map.index(from) else { continue };
                        let nd = d.saturating_add(step as u16);
                        if nd < cost[j] {
                            cost[j] = nd;
                            heap.push(Reverse((nd, from)));
                        }
                    }
                }
                routes.push(Route {
                    scenario: sc.id.clone(),
                    hex: o.hex,
                    cost,
                });
            }
        }
        routes
    }

    /// Half MP from `h` to the nearest of `targets` that has a
    /// [`Route`] in `s`'s scenario.
    fn route_cost(&self, s: &State, targets: &[Hex], h: Hex) -> Option<u16> {
        let i = self.map_of(s).index(h)?;
        self.routes
            .iter()
            .filter(|r| r.scenario == s.scenario && targets.contains(&r.hex))
            .map(|r| r.cost[i])
            .min()
    }

    /// Where the side that decides wants its moving units: the objectives
    /// it scores by holding (29.0) and the enemy's units (a side scores by
    /// the enemy's losses).
    fn goals(&self, s: &State) -> Goals {
        let mut g = Goals::default();
        let Some(me) = self.current_side(s) else {
            return g;
        };
        g.towards = s
            .on_map()
            .filter(|u| u.side != me && !self.is_marker_only(u) && !self.is_heli(u))
            .filter_map(|u| u.hex)
            .collect();
        // 9.0: a search finds only what lies in the searcher's own hex, so
        // the enemy's markers still face down are places to go while any
        // of them may be a cache or tunnel (VP when found, 29.0; Hamlet
        // Search's US had walked past them and never searched). Bunkers
        // and foxholes are fighting positions: Night Perimeter's NVA/VC
        // and Hot LZ's US are not drawn to them.
        let hidden = || {
            s.caches
                .iter()
                .filter(|c| c.owner != me && !c.revealed && !c.gone)
        };
        g.searcher = hidden().any(|c| self.searched_for(c.kind));
        if g.searcher {
            g.towards.extend(hidden().map(|c| c.hex));
        }
        if let Some(sc) = self.scenario(&s.scenario) {
            for o in sc.objectives.iter().filter(|o| o.side == me) {
                g.hold.push(o.hex);
                let held = s.units_at(o.hex).any(|u| {
                    u.side == me && !u.broken && !self.is_marker_only(u) && !self.is_heli(u)
                });
                // 29.0: one unit holds an objective; once it is held the
                // rest have no business there (Night Perimeter: the whole
                // platoon climbed into the crest hex, and one mortar
                // mission, 13.0, attacked all seven units).
                if !held {
                    g.towards.push(o.hex);
                    g.open.push(o.hex);
                } else if sc
                    .objectives
                    .iter()
                    .any(|e| e.side != me && e.hex.distance(o.hex) <= 2)
                {
                    g.defend.push(o.hex);
                }
            }
        }
        g
    }

    fn current_side(&self, s: &State) -> Option<Side> {
        self.decider(s)
    }

    /// Whether `hex` holds a face-down marker of `side`'s enemy that may
    /// be what a patrol searches for (9.0).
    fn wanted_cache_at(&self, s: &State, side: Side, hex: Hex) -> bool {
        s.caches.iter().any(|c| {
            c.hex == hex && c.owner != side && !c.revealed && !c.gone && self.searched_for(c.kind)
        })
    }

    /// Whether an assault under way is on such a hex ([`Fte::wanted_cache_at`]).
    fn assault_on_wanted_cache(&self, s: &State) -> bool {
        matches!(s.step(), crate::step::Step::Assault(a) if self.wanted_cache_at(s, a.side, a.hex))
    }

    /// How strongly a squad leader's rules of thumb favour `c` (0 never):
    /// use the activation rather than pass, fire when there is a target,
    /// move towards the enemy and the objectives, spring traps and Op Fire,
    /// take concealment.
    fn weight(&self, s: &State, goals: &Goals, c: &Command) -> u32 {
        match c {
            Command::SetupDone => 20,
            Command::Pass => 1,
            Command::ActivateLeader { .. } => 10,
            Command::ActivateHex { .. } | Command::ActivateUnit { .. } => 6,
            Command::ActivateHelicopters { .. } => 4,
            // 6.6, 6.7: on the way to an objective not yet held the
            // patrol needs its MP; a one-hex Stealthy move wastes them.
            Command::Move {
                mode: MoveMode::Stealthy,
                ..
            } if !goals.open.is_empty() => 1,
            Command::Move { .. } => 6,
            Command::Step { hex } => self.step_weight(s, goals, *hex),
            Command::EndMove => self.end_move_weight(s, goals),
            Command::Descend => self.descend_weight(s, goals),
            // 15.0: troops aboard fight only once they are out, and a
            // helicopter at Ground level with troops aboard is the
            // enemy's best target (a Destroyed one takes them with it,
            // 7.4): out at once.
            Command::Unload { carrier } if self.aboard(s, *carrier) > 0 => 60,
            Command::ExitMap => self.exit_weight(s),
            Command::Climb => self.climb_weight(s),
            // 12.0: a casualty flown out is no VP for the enemy; with no
            // casualty of its own to fly out, the request only spends the
            // Leader's action.
            Command::RequestMedevac { .. } => {
                if s.casualties.iter().any(|c| c.side == Side::Us && !c.gone) {
                    10
                } else {
                    1
                }
            }
            Command::Recover {
                pick_up: Some(_), ..
            } => 8,
            // 10.0: Recover is worth an action only with a marker to remove.
            Command::Recover { unit, .. } => {
                let u = s.unit(*unit);
                if u.suppressed || u.broken { 8 } else { 1 }
            }
            // 24.0, 25.0: cover.
            Command::EnterFort => 8,
            Command::LeaveFort => 1,
            // 15.0: a helicopter's action spent firing is one not spent
            // setting its troops down.
            Command::Fire { firers, .. }
                if firers
                    .iter()
                    .any(|f| self.is_heli(s.unit(*f)) && self.aboard(s, *f) > 0) =>
            {
                1
            }
            // 28.0, 29.0: a Civilians unit seen for what it is is no
            // target: a hit on it is 3 VP to the firer's enemy and no
            // enemy loss (the scripted US hit civilians 19 times in 60
            // Hamlet Search games, 4 of them by Op Fire at civilians seen;
            // one game at Quick was lost 0-2 with a -3 for civilians shot
            // in the open).
            Command::Fire { target, .. }
            | Command::AssaultFire { target, .. }
            | Command::OpFire { target, .. }
                if self.seen_civilians(s, target) =>
            {
                0
            }
            // 7.1: each additional firing unit is -1 to the roll to hit, so
            // the bigger groups fire at the better odds.
            Command::Fire { firers, .. } => 8 + 4 * firers.len().min(4) as u32,
            Command::AssaultFire { .. } | Command::OpFire { .. } => 12,
            Command::OpFireAttempt { .. } => 8,
            // 6.2, 8.0, 9.0: no unit enters a hex the enemy holds, so a
            // cache marker under enemy units is searched only once they
            // are cleared out, and the assault is the way in (Hamlet
            // Search's US, watched, fired at the VC in the hamlet's huts
            // from outside for eight turns and never searched).
            Command::Assault { units, hex }
                if goals.searcher && self.wanted_cache_at(s, s.active, *hex) =>
            {
                20 + 5 * units.len().min(3) as u32
            }
            Command::Assault { .. } => 5,
            // 8.0: into the cleared hex to search it.
            Command::Advance { .. } if self.assault_on_wanted_cache(s) => 30,
            Command::NoAdvance if self.assault_on_wanted_cache(s) => 1,
            Command::RequestFireMission { unit, hex } => {
                if self.danger_close(s, s.unit(*unit).side, *hex) || self.civilians_close(s, *hex) {
                    1
                } else {
                    8
                }
            }
            Command::ExecuteMission => 8,
            Command::CancelMission => 1,
            // 9.0, 11.0: a search is legal only where an enemy marker
            // lies (2 VP for a cache found, 29.0), a cache found is 3 more
            // destroyed: what the patrol came for.
            Command::Search { .. } if goals.searcher => 40,
            Command::DestroyCache { .. } => 40,
            Command::Detonate => 12,
            Command::DetonateAt { .. } => 1,
            Command::Conceal { .. } => 6,
            Command::EndActivation
            | Command::OpFirePass
            | Command::AssaultHold
            | Command::ConcealDone
            | Command::EventPass => 1,
            _ => 4,
        }
    }

    /// 4.0: reinforcements come on where the edge is nearest the side's
    /// own objectives (or the enemy): the entry hexes within a hex of the
    /// nearest are liked, the rest hardly tried.
    /// 7.3.3: a helicopter at High level is seen past the woods beside
    /// it (only blocking terrain beside the firer hides it), so it comes
    /// in at Treetop, and the enemy (with no printed range) fires at it as
    /// well at double the hexes.
    fn weigh_entries(&self, s: &State, goals: &Goals, legal: &[Command], weights: &mut [u32]) {
        let targets = if goals.hold.is_empty() {
            &goals.towards
        } else {
            &goals.hold
        };
        let near = |c: &Command| match c {
            Command::Enter { hex, .. } => targets.iter().map(|g| g.distance(*hex)).min(),
            _ => None,
        };
        let Some(best) = legal.iter().filter_map(near).min() else {
            return;
        };
        for (w, c) in weights.iter_mut().zip(legal) {
            if let Some(d) = near(c) {
                *w = if d <= best + 1 { 20 } else { 1 };
                if let Command::Enter {
                    unit,
                    altitude: Altitude::High,
                    ..
                } = c
                    && self.is_heli(s.unit(*unit))
                {
                    *w = (*w / 5).max(1);
                }
            }
        }
    }

    /// A helicopter whose work here is done: a Slick that has set its
    /// troops down (4.0, 15.0: it must leave), a Hog whose time is up, a
    /// Broken one (7.4: it may only fly off). Every turn it stays it may be
    /// shot down, 4 or 8 VP to the enemy (29.0).
    fn leaving(&self, s: &State, u: &Unit) -> bool {
        self.is_heli(u)
            && self.aboard(s, u.id) == 0
            && (u.move_only || u.broken || u.leave_by.is_some_and(|t| t <= s.turn))
    }

    /// 6.8: a leaving helicopter at Ground level takes off (it leaves the
    /// map only from the air); others stay where they are.
    fn climb_weight(&self, s: &State) -> u32 {
        match self.mover(s) {
            Some(u) if self.leaving(s, u) && u.altitude == Altitude::Ground => 30,
            _ => 1,
        }
    }

    /// The unit leading the move under way, if one is.
    fn mover<'a>(&self, s: &'a State) -> Option<&'a Unit> {
        let Some(Step::Moving(m)) = s.steps.last() else {
            return None;
        };
        m.units.first().map(|&u| s.unit(u))
    }

    /// A helicopter with troops aboard, the move under way's leader.
    fn loaded_heli<'a>(&self, s: &'a State) -> Option<&'a Unit> {
        self.mover(s)
            .filter(|u| self.is_heli(u) && self.aboard(s, u.id) > 0)
    }

    /// 6.8, 15.0: a helicopter unloads only at Ground level, so one with
    /// troops aboard comes down where they are wanted (on or beside an
    /// objective its side scores by holding, or anywhere once the side has
    /// none); high, it flies on.
    fn descend_weight(&self, s: &State, goals: &Goals) -> u32 {
        let Some(u) = self.loaded_heli(s) else {
            return 1;
        };
        let Some(h) = u.hex else {
            return 1;
        };
        // 5.1, 15.0: landing on its last action leaves it at Ground level,
        // troops aboard, until its next activation: the enemy's target.
        if self.actions_done(s, u.id) >= 2 {
            return 1;
        }
        if goals.hold.is_empty() || goals.hold.iter().any(|g| g.distance(h) <= 1) {
            25
        } else {
            1
        }
    }

    /// Actions `unit` has begun in the activation under way (the one
    /// under way counts).
    fn actions_done(&self, s: &State, unit: UnitId) -> usize {
        s.activation
            .as_ref()
            .and_then(|a| a.acted.iter().find(|x| x.unit == unit))
            .map_or(0, |x| x.actions.len())
    }

    /// A move ends when it will: but a helicopter with troops aboard
    /// flies on to where it may set them down (6.8, 15.0), and once at
    /// Ground level stays there for its Unload.
    fn end_move_weight(&self, s: &State, goals: &Goals) -> u32 {
        let Some(u) = self.loaded_heli(s) else {
            return 3;
        };
        if u.altitude == Altitude::Ground {
            return 30;
        }
        let far = u.hex.is_some_and(|h| {
            !goals.hold.is_empty() && goals.hold.iter().all(|g| g.distance(h) > 1)
        });
        if far { 1 } else { 3 }
    }

    /// 4.0, 15.0: a helicopter that must leave (a Slick that set its troops
    /// down, a Hog whose time is up) goes; others stay.
    fn exit_weight(&self, s: &State) -> u32 {
        match self.mover(s) {
            Some(u) if self.leaving(s, u) => 60,
            _ => 1,
        }
    }

    /// A step nearer the nearest goal is liked, one away from it is not,
    /// and a unit on an objective its side scores by holding stays. A
    /// helicopter with troops aboard heads for the objectives only: it
    /// fights by setting them down.
    fn step_weight(&self, s: &State, goals: &Goals, to: Hex) -> u32 {
        let Some(from) = self.mover(s).and_then(|u| u.hex) else {
            return 4;
        };
        if self.mover(s).is_some_and(|u| self.leaving(s, u)) {
            // The way out: the nearest map edge.
            let edges = self.map_of(s).all_edge_hexes();
            let near = |h: Hex| edges.iter().map(|e| e.distance(h)).min();
            return match (near(from), near(to)) {
                (Some(a), Some(b)) if b < a => 20,
                (Some(a), Some(b)) if b == a => 2,
                _ => 1,
            };
        }
        if goals.hold.contains(&from) && self.loaded_heli(s).is_none() {
            return 1;
        }
        if !goals.open.is_empty()
            && self.mover(s).is_some_and(|u| !self.is_heli(u))
            && let (Some(a), Some(b)) = (
                self.route_cost(s, &goals.open, from),
                self.route_cost(s, &goals.open, to),
            )
        {
            // 29.0: an objective scores only if held at the end, and the
            // enemy's units along the way are no reason to stop short of it
            // (Trail Ambush: 22 hexes of trail in 6 turns, little time to
            // spare for detours towards the ambushers). The cheapest way
            // there is liked most.
            let step = self
                .mover(s)
                .and_then(|u| self.move_cost(s, u, from, to))
                .map_or(u16::MAX, u16::from);
            return if b < a && b.saturating_add(step) <= a {
                ROUTE_STEP
            } else if b < a {
                6
            } else if b == a {
                2
            } else {
                1
            };
        }
        // 24.0, 25.0: a unit dug in while its side holds what it must
        // hold stays in its cover (Night Perimeter: the platoon left its
        // foxholes for the crest hex and met the NVA's mortars in the open).
        if goals.open.is_empty()
            && self
                .mover(s)
                .is_some_and(|u| !self.is_heli(u) && u.fort.is_some())
        {
            return 1;
        }
        // 29.0: ground both sides score by holding is the holder's to
        // keep: its units stay within [`DEFEND_RADIUS`] hexes of it, and
        // those outside come back (Night Perimeter: a rifle team that went out after the NVA
        // was assaulted by a sapper four hexes from the crest).
        // (Medics and FOs go their own ways, [`Fte::support_goals`].)
        if !goals.defend.is_empty()
            && self
                .mover(s)
                .is_some_and(|u| !self.is_heli(u) && !self.is_support(u))
        {
            let off = |h: Hex| {
                goals
                    .defend
                    .iter()
                    .map(|g| g.distance(h))
                    .min()
                    .unwrap_or(0)
            };
            let (a, b) = (off(from), off(to));
            if b > DEFEND_RADIUS && b >= a {
                return 1;
            }
            if a > DEFEND_RADIUS && b < a {
                return 16;
            }
        }
        let support;
        let targets = if self.loaded_heli(s).is_some() && !goals.hold.is_empty() {
            &goals.hold
        } else if let Some(u) = self.mover(s).filter(|u| self.is_support(u)) {
            support = self.support_goals(s, goals, u);
            &support
        } else {
            &goals.towards
        };
        let near = |h: Hex| targets.iter().map(|g| g.distance(h)).min();
        match (near(from), near(to)) {
            (Some(a), Some(b)) if b < a => {
                // 6.4, 6.5: the cheap way there (a trail, clear ground)
                // goes further on the same MP than the jungle.
                let cheap = self
                    .mover(s)
                    .and_then(|u| self.move_cost(s, u, from, to))
                    .is_some_and(|c| c <= 2);
                if cheap { 16 } else { 10 }
            }
            (Some(a), Some(b)) if b == a => 3,
            (Some(_), Some(_)) => 1,
            _ => 4,
        }
    }
}

impl Fte {
    /// A Medic or a Forward Observer: a unit that does not fight for
    /// ground (17.1: a Medic alone with the enemy is lost, 4 VP to the
    /// enemy as a KIA; 13.0: an FO's work is calling fire from where it
    /// sees). Towards the enemy it only gives points away.
    fn is_support(&self, u: &Unit) -> bool {
        matches!(self.role(u), Role::Medic | Role::ForwardObserver)
    }

    /// Where a support unit ([`Fte::is_support`]) goes: a Medic to its
    /// side's casualties on the map (17.1: -1 on their casualty check in
    /// its hex); else to the objectives its side holds or must take; else
    /// it stays with its side's fighting units.
    fn support_goals(&self, s: &State, goals: &Goals, u: &Unit) -> Vec<Hex> {
        let mut v = Vec::new();
        if self.role(u) == Role::Medic {
            v.extend(
                s.casualties
                    .iter()
                    .filter(|c| c.side == u.side && !c.gone && c.carrier.is_none())
                    .filter_map(|c| c.hex),
            );
        }
        if v.is_empty() {
            v.extend(goals.hold.iter().copied());
        }
        if v.is_empty() {
            v.extend(
                s.on_map()
                    .filter(|f| {
                        f.side == u.side
                            && f.id != u.id
                            && !self.is_support(f)
                            && !self.is_heli(f)
                            && !self.is_marker_only(f)
                    })
                    .filter_map(|f| f.hex),
            );
        }
        v
    }

    /// 13.0, 16.0: a Battalion Mortar mission attacks the target hex and
    /// the six around it (artillery twelve more), six in ten where it was
    /// aimed: one called on or beside the side's own units attacks them
    /// too (Night Perimeter: an FO called the mortars on the hex beside
    /// it, and they killed it, 4 VP to the NVA). Two hexes off is left
    /// to the search: held off that far too, the US called too few
    /// missions in Hamlet Search (it won 6 of 10 games at Quick against
    /// random play; with this rule 17 of 20 on two seeds, as with none).
    /// 28.0: `target` is a Civilians unit the firer sees as one (a
    /// Concealed marker may be anything: [`AiRules::determinize`] deals it).
    fn seen_civilians(&self, s: &State, target: &crate::command::Target) -> bool {
        match target {
            crate::command::Target::Unit(u) => s
                .units
                .get(*u as usize)
                .is_some_and(|u| self.role(u) == Role::Civilians && !u.concealed),
            crate::command::Target::Marker(_) => false,
        }
    }

    /// 16.0, 28.0: Civilians seen on or beside a fire mission's hex.
    fn civilians_close(&self, s: &State, hex: Hex) -> bool {
        s.on_map().any(|u| {
            self.role(u) == Role::Civilians
                && !u.concealed
                && u.hex.is_some_and(|h| h.distance(hex) <= 1)
        })
    }

    fn danger_close(&self, s: &State, side: Side, hex: Hex) -> bool {
        s.on_map().any(|u| {
            u.side == side
                && !self.is_marker_only(u)
                && !(self.is_heli(u) && u.altitude == Altitude::High)
                && u.hex.is_some_and(|h| h.distance(hex) <= 1)
        })
    }

    /// Units the decision under way names by id (the activation, a move,
    /// an interrupt): their identity stays, or the state would not hold
    /// together (a Leader activation led by a Dummy).
    fn busy_units(&self, s: &State) -> Vec<UnitId> {
        let mut v = Vec::new();
        if let Some(a) = &s.activation {
            v.extend(a.eligible.iter().copied());
            v.extend(a.acted.iter().map(|x| x.unit));
            match &a.kind {
                ActivationKind::Leader(u) | ActivationKind::Unit(u) => v.push(*u),
                ActivationKind::Helicopters(us) => v.extend(us.iter().copied()),
                ActivationKind::Hex(_) => {}
            }
        }
        for step in &s.steps {
            match step {
                Step::Moving(m) => v.extend(m.units.iter().copied()),
                Step::OpportunityFire(o) => {
                    v.extend(o.targets.iter().copied());
                    v.extend(o.only.iter().copied());
                    v.extend(o.passed.iter().copied());
                }
                Step::Retreat { unit, .. } | Step::HeliDown { unit, .. } => v.push(*unit),
                Step::Assault(a) => {
                    v.extend(a.attackers.iter().copied());
                    v.extend(a.fired.iter().copied());
                    v.extend(a.results.iter().map(|r| r.target));
                    v.extend(s.units_at(a.hex).map(|u| u.id));
                }
                Step::Interrogate { unit, civilians } => v.extend([*unit, *civilians]),
                Step::PendingLoad { carrier, units, .. } => {
                    v.push(*carrier);
                    v.extend(units.iter().copied());
                }
                _ => {}
            }
        }
        v
    }

    /// 18.0, 22.0: the counters under the enemy's Concealed markers are
    /// dealt again among the markers of the same look (VC or NVA): type,
    /// reduction, Low Ammo and Hero travel with the counter, the marker's
    /// hex, number and state stay.
    fn redeal_concealed(&self, s: &mut State, me: Side, rng: &mut GameRng) {
        let busy = self.busy_units(s);
        for nation in [Nation::Nva, Nation::Vc, Nation::Us] {
            let ids: Vec<UnitId> = s
                .units
                .iter()
                .filter(|u| {
                    u.side != me
                        && u.status == UnitStatus::OnMap
                        && u.concealed
                        && self.nation(u) == nation
                        && !busy.contains(&u.id)
                })
                .map(|u| u.id)
                .collect();
            if ids.len() < 2 {
                continue;
            }
            let mut counters: Vec<(u16, bool, bool, bool)> = ids
                .iter()
                .map(|&i| {
                    let u = s.unit(i);
                    (u.ty, u.reduced, u.low_ammo, u.hero)
                })
                .collect();
            counters.sort_unstable();
            rng.shuffle(&mut counters);
            for (&i, (ty, reduced, low_ammo, hero)) in ids.iter().zip(counters) {
                let u = s.unit_mut(i);
                u.ty = ty;
                u.reduced = reduced;
                u.low_ammo = low_ammo;
                u.hero = hero;
            }
        }
    }

    /// 23.0-25.0: the enemy's face-down cache markers are dealt again among
    /// themselves; the enemy's units then sit in whichever of them turned
    /// out to be Bunkers or Foxholes.
    fn redeal_caches(&self, s: &mut State, me: Side, rng: &mut GameRng) {
        let secret: Vec<usize> = s
            .caches
            .iter()
            .enumerate()
            .filter(|(_, c)| c.owner != me && !c.revealed && !c.gone)
            .map(|(i, _)| i)
            .collect();
        if secret.len() < 2 {
            return;
        }
        let mut kinds: Vec<CacheKind> = secret.iter().map(|&i| s.caches[i].kind).collect();
        kinds.sort_unstable_by_key(|k| *k as u8);
        rng.shuffle(&mut kinds);
        for (&i, k) in secret.iter().zip(kinds) {
            s.caches[i].kind = k;
        }
        let secret_ids: Vec<u16> = secret.iter().map(|&i| s.caches[i].id).collect();
        let enemies: Vec<UnitId> = s
            .units
            .iter()
            .filter(|u| {
                u.side != me
                    && u.status == UnitStatus::OnMap
                    && (u.fort.is_none_or(|f| secret_ids.contains(&f)))
            })
            .map(|u| u.id)
            .collect();
        for &u in &enemies {
            s.unit_mut(u).fort = None;
        }
        for u in enemies {
            self.dig_in(s, u);
            // Only into a secret one: who sits in a revealed fort is known.
            if s.unit(u).fort.is_some_and(|f| !secret_ids.contains(&f)) {
                s.unit_mut(u).fort = None;
            }
        }
    }

    /// 26.0: the enemy's unspent traps are plotted again where the enemy
    /// could have plotted them.
    fn replot_traps(&self, s: &mut State, me: Side, rng: &mut GameRng) {
        let mut secret: Vec<TrapKind> = Vec::new();
        s.traps.retain(|t| {
            if t.owner != me && !t.used {
                secret.push(t.kind);
                false
            } else {
                true
            }
        });
        if secret.is_empty() {
            return;
        }
        let owner = me.other();
        secret.sort_unstable_by_key(|k| *k as u8);
        let mut hexes: Vec<Hex> = self.plot_hexes(s, owner);
        hexes.sort_unstable();
        for kind in secret {
            if hexes.is_empty() {
                break;
            }
            let h = hexes.swap_remove(rng.index(hexes.len()));
            s.traps.push(Trap {
                owner,
                kind,
                hex: h,
                used: false,
            });
        }
    }

    /// 13.0: an enemy fire mission lands on one of this side's hexes, which
    /// one unknown.
    fn retarget_missions(&self, s: &mut State, me: Side, rng: &mut GameRng) {
        let mut mine: Vec<Hex> = s
            .on_map()
            .filter(|u| u.side == me && !self.is_marker_only(u))
            .filter_map(|u| u.hex)
            .collect();
        mine.sort_unstable();
        mine.dedup();
        if mine.is_empty() {
            return;
        }
        for m in s.missions.iter_mut().filter(|m| m.side != me) {
            m.target = mine[rng.index(mine.len())];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use vt_core::{Ruleset, Setup};

    // 6.0: a unit back in a hex it stepped out of is where it was for
    // the loop guard, whatever its Movement Points left; in another hex
    // it is not.
    #[test]
    fn a_move_back_is_the_same_position_for_the_loop_guard() {
        use vt_core::digest::digest;
        let rules = Fte::embedded();
        let mut s = rules.new_game(&Setup::new("hot-lz", 3)).unwrap();
        let mut rng = GameRng::seeded(3);
        let mut events = Vec::new();
        let mut n = 0;
        while s.moving().is_none() {
            let legal = rules.legal(&s);
            assert!(!legal.is_empty() && n < 5_000, "no move begun");
            let c = legal[rng.index(legal.len())].clone();
            rules.execute(&mut s, &c, &mut events);
            n += 1;
        }
        let key = |s: &State| digest(&*rules.loop_position(s));
        let mut fewer = s.clone();
        let m = fewer.moving_mut().unwrap();
        m.left = m.left.saturating_sub(2);
        m.hexes += 1;
        assert_ne!(digest(&fewer), digest(&s));
        assert_eq!(key(&fewer), key(&s));
        let mut elsewhere = s.clone();
        let id = elsewhere.moving().unwrap().units[0];
        let u = elsewhere.units.iter_mut().find(|u| u.id == id).unwrap();
        u.hex = u.hex.map(|h| h.neighbors()[0]);
        assert_ne!(key(&elsewhere), key(&s));
    }

    // 29.0: how well a side did, beyond who won, for the search's
    // finished games: in [0, 1], the two sides' adding up to one.
    #[test]
    fn the_margin_reads_a_finished_game() {
        vt_core::testing::check_margin(std::sync::Arc::new(Fte::embedded()), 5, 2);
    }

    // 18.0, 22.0, 23.0, 26.0, 13.0: a sample looks the same to the side
    // it is for, and does not depend on the enemy's secrets.
    // Each scenario thinks at its own measured rate (a level's seconds
    // become its iterations).
    #[test]
    fn every_scenario_has_its_search_rate() {
        vt_core::testing::check_search_rates(&Fte::embedded(), SEARCH_RATES);
    }

    #[test]
    fn samples_keep_what_each_side_sees() {
        for sc in ["hamlet-search", "trail-ambush", "hot-lz", "night-perimeter"] {
            vt_core::testing::check_determinize(
                Arc::new(Fte::embedded()),
                &Setup::new(sc, 2),
                2,
                11,
            );
        }
    }

    // The search's quick answer to "who decides" is the decision's side,
    // in every position random play reaches.
    #[test]
    fn decider_is_the_decisions_side() {
        let rules = Fte::embedded();
        for sc in ["hamlet-search", "trail-ambush", "hot-lz", "night-perimeter"] {
            for seed in 1..4 {
                let mut s = rules.new_game(&Setup::new(sc, seed)).unwrap();
                let mut rng = GameRng::seeded(seed);
                let mut ev = Vec::new();
                loop {
                    let d = Ruleset::decision(&rules, &s).side;
                    assert_eq!(rules.to_move(&s), d, "{sc} {seed}: {:?}", s.step());
                    if d.is_none() {
                        break;
                    }
                    let legal = rules.legal(&s);
                    let k = rules.rollout(&s, &legal, &mut rng);
                    rules.execute(&mut s, &legal[k], &mut ev);
                }
            }
        }
    }

    /// Trail Ambush once both sides have set up.
    fn trail_ambush_set_up(rules: &Fte) -> State {
        set_up(rules, "trail-ambush")
    }

    /// `scenario` (seed 1) once both sides have set up.
    fn set_up(rules: &Fte, scenario: &str) -> State {
        let mut s = rules.new_game(&Setup::new(scenario, 1)).unwrap();
        let mut ev = Vec::new();
        while matches!(s.step(), Step::Setup { .. }) {
            let c = rules.legal(&s).into_iter().last().unwrap();
            rules.execute(&mut s, &c, &mut ev);
        }
        s
    }

    /// A US rifle team (not a Leader) on the map.
    fn us_rifle(rules: &Fte, s: &State) -> UnitId {
        s.on_map()
            .find(|u| u.side == Side::Us && rules.fire_rating(u).is_some() && !rules.is_leader(u))
            .unwrap()
            .id
    }

    // 29.0: the US scores 8 VP for holding the trail's east end (26.10),
    // 22 hexes from its start: a step nearer it is better long before the
    // last 8 hexes (a search whose rollouts stop after a few activations
    // needs that gradient to advance at all), and standing on it better
    // still.
    #[test]
    fn evaluation_rewards_the_approach_and_the_objective() {
        let rules = Fte::embedded();
        let s = trail_ambush_set_up(&rules);
        let rifle = us_rifle(&rules, &s);
        let at = |hex: &str| {
            let mut t = s.clone();
            t.unit_mut(rifle).hex = Some(Hex::parse(hex).unwrap());
            rules.evaluate(&t, 0)
        };
        let (start, halfway, near, on) =
            (rules.evaluate(&s, 0), at("14.10"), at("20.10"), at("26.10"));
        assert!(
            start < halfway && halfway < near && near < on,
            "{start} {halfway} {near} {on}"
        );
        // The sides' chances add up to one.
        assert!((rules.evaluate(&s, 0) + rules.evaluate(&s, 1) - 1.0).abs() < 1e-12);
    }

    // 29.0: an objective held but contested scores nothing: a US team on
    // the crest (13.10) with the NVA is worth more to the US than the
    // NVA holding it alone.
    #[test]
    fn evaluation_rewards_contesting_the_enemy_objective() {
        let rules = Fte::embedded();
        let mut s = trail_ambush_set_up(&rules);
        let crest = Hex::parse("13.10").unwrap();
        let nva = s
            .on_map()
            .find(|u| {
                u.side == Side::Nva && rules.role(u) != Role::Dummy && !rules.is_marker_only(u)
            })
            .unwrap()
            .id;
        s.unit_mut(nva).hex = Some(crest);
        let held = rules.evaluate(&s, 0);
        let rifle = us_rifle(&rules, &s);
        // Beside the crest first, so that the gain is the contest, not
        // the approach.
        s.unit_mut(rifle).hex = Some(Hex::parse("12.10").unwrap());
        let beside = rules.evaluate(&s, 0);
        s.unit_mut(rifle).hex = Some(crest);
        let contested = rules.evaluate(&s, 0);
        assert!(
            held < contested && beside < contested,
            "{held} {beside} {contested}"
        );
    }

    // The search's prior is the rules of thumb: a fire order
    // outweighs ending the activation (but for a helicopter with troops
    // still aboard), and a Medevac with no US casualty
    // to fly out (it only spends the Leader's action, 12.0) weighs as
    // little as a pass; with one, it is wanted. The rollouts' weights are
    // the same but for fire (7.0) four times as heavy and a fire mission
    // (13.0, 16.0) weighed FIRE_MISSION, while no cache is left to find
    // (9.0: Hamlet Search's, until they are found).
    #[test]
    fn prior_fires_and_calls_medevac_only_for_casualties() {
        let rules = Fte::embedded();
        // Fire commands pressed, and fire commands left as they are while
        // a cache is still to be found.
        let (mut fired, mut medevac, mut pressed) = (0, [0, 0], [0, 0]);
        for sc in ["trail-ambush", "hot-lz", "hamlet-search"] {
            for seed in 1..6 {
                let mut s = rules.new_game(&Setup::new(sc, seed)).unwrap();
                let mut rng = GameRng::seeded(seed);
                let mut ev = Vec::new();
                while rules.to_move(&s).is_some() {
                    let legal = rules.legal(&s);
                    let w = rules.prior(&s, &legal).unwrap();
                    assert_eq!(w.len(), legal.len());
                    let weight = |f: &dyn Fn(&Command) -> bool| {
                        legal.iter().zip(&w).find(|(c, _)| f(c)).map(|(_, w)| *w)
                    };
                    // A helicopter with troops aboard sets them down
                    // before it fires (15.0).
                    let r = rules.rollout_weights(&s, &legal).unwrap();
                    let press = !s
                        .caches
                        .iter()
                        .any(|c| !c.kind.is_fort() && !c.revealed && !c.gone);
                    for ((c, &p), &r) in legal.iter().zip(&w).zip(&r) {
                        let r = r as f64;
                        match c {
                            Command::RequestFireMission { .. } | Command::ExecuteMission
                                if press && p > 1.0 =>
                            {
                                assert_eq!(r, FIRE_MISSION as f64, "{sc} {seed}: {c:?}");
                                pressed[0] += 1;
                            }
                            Command::Fire { .. } if press && p > 1.0 => {
                                assert_eq!(r, 4.0 * p, "{sc} {seed}: {c:?}");
                                pressed[0] += 1;
                            }
                            Command::RequestFireMission { .. }
                            | Command::ExecuteMission
                            | Command::Fire { .. } => {
                                assert_eq!(r, p, "{sc} {seed}: {c:?}");
                                pressed[1] += !press as usize;
                            }
                            _ => assert_eq!(r, p, "{sc} {seed}: {c:?}"),
                        }
                    }
                    // Civilians seen are no target (28.0).
                    let fire = weight(&|c| match c {
                        Command::Fire { firers, target, .. } => {
                            !rules.seen_civilians(&s, target)
                                && firers.iter().all(|f| {
                                    !rules.is_heli(s.unit(*f)) || rules.aboard(&s, *f) == 0
                                })
                        }
                        _ => false,
                    });
                    let end = weight(&|c| matches!(c, Command::EndActivation));
                    if let (Some(f), Some(e)) = (fire, end) {
                        assert!(f > 4.0 * e, "{sc} {seed}: fire {f}, end {e}");
                        fired += 1;
                    }
                    if let Some(m) = weight(&|c| matches!(c, Command::RequestMedevac { .. })) {
                        let wounded = s.casualties.iter().any(|c| c.side == Side::Us && !c.gone);
                        assert_eq!(m > 1.0, wounded, "{sc} {seed}: medevac {m}");
                        medevac[wounded as usize] += 1;
                    }
                    let k = rules.rollout(&s, &legal, &mut rng);
                    rules.execute(&mut s, &legal[k], &mut ev);
                }
            }
        }
        // Both cases came up.
        assert!(
            fired > 0 && medevac[0] > 0 && medevac[1] > 0 && pressed[0] > 0 && pressed[1] > 0,
            "{fired} {medevac:?} {pressed:?}"
        );
    }

    /// `unit` moving alone from `from` for `side`, with `legal` offered:
    /// the rollout weight of each.
    fn weights_moving(
        rules: &Fte,
        s: &State,
        unit: UnitId,
        from: &str,
        legal: &[Command],
    ) -> Vec<u32> {
        let mut s = s.clone();
        s.unit_mut(unit).hex = Hex::parse(from);
        s.unit_mut(unit).status = UnitStatus::OnMap;
        rules.rollout_weights(&moving(&s, unit), legal).unwrap()
    }

    /// `s` with `unit` alone starting a Normal move where it is.
    fn moving(s: &State, unit: UnitId) -> State {
        let mut s = s.clone();
        s.active = s.unit(unit).side;
        s.push(Step::Moving(Moving {
            units: vec![unit],
            mode: MoveMode::Normal,
            left: 10,
            hexes: 0,
            on_trail: false,
            fort_used: false,
            altitude_changed: false,
            refused: Vec::new(),
        }));
        s
    }

    /// [`weights_moving`] of a step to `a`, a step to `b` and ending the
    /// move.
    fn two_steps(rules: &Fte, s: &State, unit: UnitId, from: &str, a: &str, b: &str) -> Vec<u32> {
        weights_moving(rules, s, unit, from, &[step(a), step(b), Command::EndMove])
    }

    fn step(hex: &str) -> Command {
        Command::Step {
            hex: Hex::parse(hex).unwrap(),
        }
    }

    // 6.1 note d, 29.0: the US patrol heads for the trail's east end
    // along the trail (1 MP a hex) rather than into the jungle beside it
    // (2 MP), though both are as many hexes from the objective; and it
    // seldom ends its move with a step along the way open.
    #[test]
    fn the_patrol_keeps_to_the_trail() {
        let rules = Fte::embedded();
        let s = trail_ambush_set_up(&rules);
        let rifle = us_rifle(&rules, &s);
        let (trail, jungle) = (Hex::parse("6.10").unwrap(), Hex::parse("6.11").unwrap());
        let goal = Hex::parse("26.10").unwrap();
        assert_eq!(trail.distance(goal), jungle.distance(goal));
        let w = two_steps(&rules, &s, rifle, "5.11", "6.10", "6.11");
        assert!(w[0] > 2 * w[1] && w[0] > 10 * w[2], "{w:?}");
    }

    // 4.0, 15.0: a Slick that has set its troops down must leave: it
    // flies for the nearest map edge and off it, not on over the enemy.
    #[test]
    fn an_empty_slick_flies_off() {
        let rules = Fte::embedded();
        let mut s = rules.new_game(&Setup::new("hot-lz", 1)).unwrap();
        let slick = s
            .units
            .iter()
            .find(|u| rules.role(u) == Role::Slick)
            .unwrap()
            .id;
        for u in s.units.iter_mut().filter(|u| u.carrier == Some(slick)) {
            u.carrier = None;
            u.status = UnitStatus::Exited;
        }
        s.unit_mut(slick).move_only = true;
        s.unit_mut(slick).altitude = Altitude::Treetop;
        let w = two_steps(&rules, &s, slick, "24.10", "25.11", "23.11");
        assert!(w[0] > 5 * w[1] && w[0] > 5 * w[2], "{w:?}");
        let w = weights_moving(
            &rules,
            &s,
            slick,
            "26.10",
            &[Command::ExitMap, Command::EndMove],
        );
        assert!(w[0] > 10 * w[1], "{w:?}");
    }

    // 22.0: which Concealed marker is a Dummy is really unknown: across
    // samples for the US, the Dummy sits under more than one marker.
    #[test]
    fn dummies_move_between_markers() {
        let rules = Fte::embedded();
        let mut s = rules.new_game(&Setup::new("hamlet-search", 1)).unwrap();
        let mut ev = Vec::new();
        while matches!(s.step(), Step::Setup { .. }) {
            let c = rules.legal(&s).into_iter().last().unwrap();
            rules.execute(&mut s, &c, &mut ev);
        }
        let markers_of_dummies = |s: &State| -> Vec<u16> {
            s.units
                .iter()
                .filter(|u| u.concealed && rules.role(u) == Role::Dummy)
                .map(|u| u.marker)
                .collect()
        };
        let mut seen = std::collections::BTreeSet::new();
        let mut rng = GameRng::seeded(3);
        for _ in 0..30 {
            seen.insert(markers_of_dummies(&rules.determinize(&s, 0, &mut rng)));
        }
        assert!(seen.len() > 3, "{seen:?}");
        // The NVA/VC know their own Dummies.
        let own = rules.determinize(&s, 1, &mut rng);
        assert_eq!(markers_of_dummies(&own), markers_of_dummies(&s));
    }

    /// Night Perimeter once both sides have set up.
    fn night_perimeter_set_up(rules: &Fte) -> State {
        set_up(rules, "night-perimeter")
    }

    fn us_unit(rules: &Fte, s: &State, role: Role) -> UnitId {
        s.units
            .iter()
            .find(|u| u.side == Side::Us && rules.role(u) == role)
            .unwrap()
            .id
    }

    /// Moves every US unit but `keep` to `hex`; none is in a fort.
    fn gather_us(s: &mut State, keep: UnitId, hex: &str) {
        for u in s.units.iter_mut().filter(|u| u.side == Side::Us) {
            if u.id != keep {
                u.hex = Hex::parse(hex);
            }
            u.fort = None;
        }
    }

    // 24.0, 25.0, 29.0: with the crest held, a rifle team in its foxholes
    // stays in them; out of them it may step towards the enemy.
    #[test]
    fn a_dug_in_unit_stays_while_the_objective_is_held() {
        let rules = Fte::embedded();
        let mut s = night_perimeter_set_up(&rules);
        let rifle = us_unit(&rules, &s, Role::FireTeam);
        gather_us(&mut s, rifle, "13.10");
        let foxholes = s
            .caches
            .iter()
            .find(|c| c.owner == Side::Us && c.kind == CacheKind::Foxholes)
            .map(|c| (c.id, c.hex))
            .unwrap();
        s.caches[foxholes.0 as usize].hex = Hex::parse("13.08").unwrap();
        s.unit_mut(rifle).fort = Some(foxholes.0);
        let legal = [step("13.07"), step("13.09"), Command::EndMove];
        let w = weights_moving(&rules, &s, rifle, "13.08", &legal);
        assert!(w[0] == 1 && w[1] == 1 && w[2] > w[0], "{w:?}");
        // Out of them it moves (here back to the crest's hexes).
        s.unit_mut(rifle).fort = None;
        let w = two_steps(&rules, &s, rifle, "13.07", "13.06", "13.08");
        assert!(w[1] > w[2], "{w:?}");
    }

    // 29.0: once a unit holds the crest, the others are not drawn into
    // its hex (a fire mission, 16.0, attacks every unit there).
    #[test]
    fn a_held_objective_draws_no_more_units() {
        let rules = Fte::embedded();
        let mut s = night_perimeter_set_up(&rules);
        let rifle = us_unit(&rules, &s, Role::FireTeam);
        gather_us(&mut s, rifle, "13.10");
        let goals = rules.goals(&moving(&s, rifle));
        let crest = Hex::parse("13.10").unwrap();
        assert!(goals.hold.contains(&crest) && goals.open.is_empty());
        assert!(!goals.towards.contains(&crest), "{:?}", goals.towards);
        // The NVA scores the crest too: it is a perimeter to keep.
        assert_eq!(goals.defend, vec![crest]);
        // Nobody on the crest: it is where the side goes.
        gather_us(&mut s, rifle, "10.10");
        s.unit_mut(rifle).hex = Hex::parse("13.12");
        let w = two_steps(&rules, &s, rifle, "13.12", "13.11", "13.13");
        assert!(w[0] > 5 * w[1] && w[0] > 5 * w[2], "{w:?}");
    }

    // 17.1: a Medic alone with the enemy is lost (4 VP to the enemy), so
    // it keeps to the crest rather than walk towards the enemy, and goes
    // to a casualty on the map (-1 on its casualty check in its hex).
    #[test]
    fn the_medic_keeps_out_of_the_enemys_way() {
        let rules = Fte::embedded();
        let mut s = night_perimeter_set_up(&rules);
        let medic = us_unit(&rules, &s, Role::Medic);
        gather_us(&mut s, medic, "13.10");
        let nva = s.units.iter().position(|u| u.side == Side::Nva).unwrap();
        s.units[nva].hex = Hex::parse("13.04");
        s.units[nva].status = UnitStatus::OnMap;
        let (crestward, enemyward) = (step("13.09"), step("13.07"));
        let legal = [enemyward, crestward, Command::EndMove];
        let w = weights_moving(&rules, &s, medic, "13.08", &legal);
        assert!(w[1] > 3 * w[0], "{w:?}");
        // A rifle team comes back within two hexes of the crest too, and
        // inside that perimeter stays (29.0: the NVA scores the crest).
        let rifle = us_unit(&rules, &s, Role::FireTeam);
        let w = two_steps(&rules, &s, rifle, "13.07", "13.06", "13.08");
        assert!(w[1] > 3 * w[0], "{w:?}");
        let w = weights_moving(
            &rules,
            &s,
            rifle,
            "13.08",
            &[step("13.07"), Command::EndMove],
        );
        assert!(w[0] < w[1], "{w:?}");
        // A US casualty lies towards the enemy: the Medic goes to it.
        s.casualties.push(Casualty {
            id: s.casualties.len() as u16,
            side: Side::Us,
            kind: CasualtyKind::Wia,
            hex: Hex::parse("13.06"),
            carrier: None,
            gone: false,
        });
        let w = weights_moving(&rules, &s, medic, "13.08", &legal);
        assert!(w[0] > 3 * w[1], "{w:?}");
    }

    // 9.0: a search finds only what lies in the searcher's hex. In
    // Hamlet Search the VC's face-down markers are where the US goes, and
    // once on one it searches before anything else (2 VP a cache found,
    // 3 more destroyed, 29.0); Night Perimeter's NVA/VC is not drawn to
    // the US's foxholes and bunker, fighting positions.
    #[test]
    fn the_patrol_goes_to_the_markers_and_searches() {
        let rules = Fte::embedded();
        let s = set_up(&rules, "hamlet-search");
        let rifle = us_rifle(&rules, &s);
        let marker = s.caches.iter().find(|c| c.owner == Side::Nva).unwrap().hex;
        let goals = rules.goals(&moving(&s, rifle));
        assert!(goals.searcher && goals.towards.contains(&marker));
        let mut here = s.clone();
        here.unit_mut(rifle).hex = Some(marker);
        let search = Command::Search { unit: rifle };
        let vc = s.units.iter().find(|u| u.side == Side::Nva).unwrap().id;
        let fire = Command::Fire {
            firers: vec![rifle],
            primary: rifle,
            target: crate::command::Target::Unit(vc),
        };
        let w: Vec<u32> = [search, fire, Command::EndActivation]
            .iter()
            .map(|c| rules.weight(&here, &goals, c))
            .collect();
        assert!(w[0] > 3 * w[1] && w[0] > 3 * w[2], "{w:?}");
        // Night Perimeter: the NVA/VC to move; the US's markers are
        // foxholes and a bunker.
        let s = night_perimeter_set_up(&rules);
        let nva = s.units.iter().find(|u| u.side == Side::Nva).unwrap().id;
        let goals = rules.goals(&moving(&s, nva));
        assert!(!goals.searcher);
        for c in s.caches.iter().filter(|c| c.owner == Side::Us) {
            assert!(
                !goals.towards.contains(&c.hex) || s.units_at(c.hex).any(|u| u.side == Side::Us),
                "{:?}",
                c.hex
            );
        }
    }

    // 9.0, 11.0, 29.0: the VP lying in the VC's caches count for the US
    // by how near its nearest infantry unit is, so a patrol among the
    // huts reads better than one at the start line before anything is
    // found; a unit broken or a marker's worth nothing found no longer
    // counts, and a found cache counts only what destroying it scores.
    #[test]
    fn caches_in_reach_count_for_the_searcher() {
        let rules = Fte::embedded();
        let s = set_up(&rules, "hamlet-search");
        let rifle = us_rifle(&rules, &s);
        let marker = s
            .caches
            .iter()
            .find(|c| c.owner == Side::Nva && rules.searched_for(c.kind))
            .unwrap()
            .hex;
        let start = rules.caches_in_reach(&s, Side::Us);
        assert!(start > 0.0, "{start}");
        let mut near = s.clone();
        near.unit_mut(rifle).hex = Some(marker);
        let there = rules.caches_in_reach(&near, Side::Us);
        assert!(there > start + 1.0, "{start} -> {there}");
        assert!(rules.evaluate(&near, 0) > rules.evaluate(&s, 0));
        // Broken, it searches nothing (7.4): back to the start's worth.
        near.unit_mut(rifle).broken = true;
        assert!((rules.caches_in_reach(&near, Side::Us) - start).abs() < 1e-9);
        // Every marker a Dummy (nothing to find): nothing.
        let mut dummies = s.clone();
        for c in dummies.caches.iter_mut() {
            c.kind = CacheKind::Dummy;
        }
        assert_eq!(rules.caches_in_reach(&dummies, Side::Us), 0.0);
        // A found cache counts its 3 VP for destroying, no more.
        let mut found = s.clone();
        for c in found.caches.iter_mut() {
            c.kind = CacheKind::Rice;
            c.revealed = true;
        }
        let mut hidden = found.clone();
        for c in hidden.caches.iter_mut() {
            c.revealed = false;
        }
        let (f, h) = (
            rules.caches_in_reach(&found, Side::Us),
            rules.caches_in_reach(&hidden, Side::Us),
        );
        assert!(f > 0.0 && (f * 5.0 - h * 3.0).abs() < 1e-9, "{f} {h}");
        // Hot LZ's bunker and foxholes are fighting positions, found or not.
        let mut hot = set_up(&rules, "hot-lz");
        assert!(!hot.caches.is_empty());
        assert_eq!(rules.caches_in_reach(&hot, Side::Us), 0.0);
        for c in hot.caches.iter_mut() {
            c.revealed = true;
        }
        assert_eq!(rules.caches_in_reach(&hot, Side::Us), 0.0);
    }

    // 6.2, 8.0: no unit enters a hex the enemy holds, so a cache marker
    // under VC units is searched only after an assault clears them out:
    // an assault on such a hex, and the advance into it, are favoured;
    // an assault elsewhere is not.
    #[test]
    fn the_patrol_assaults_into_a_held_cache_hex() {
        let rules = Fte::embedded();
        let s = set_up(&rules, "hamlet-search");
        let rifle = us_rifle(&rules, &s);
        let marker = s
            .caches
            .iter()
            .find(|c| c.owner == Side::Nva && rules.searched_for(c.kind))
            .unwrap()
            .hex;
        let s = moving(&s, rifle);
        let goals = rules.goals(&s);
        let assault = |hex: Hex| Command::Assault {
            units: vec![rifle],
            hex,
        };
        let off = Hex::parse("15.15").unwrap();
        let on_cache = rules.weight(&s, &goals, &assault(marker));
        let elsewhere = rules.weight(&s, &goals, &assault(off));
        let end = rules.weight(&s, &goals, &Command::EndActivation);
        assert!(
            on_cache > 3 * elsewhere && on_cache > 3 * end,
            "{on_cache} {elsewhere} {end}"
        );
        // 8.0: the hex cleared, the attackers advance into it to search.
        let advance_weights = |s: &State, hex: Hex| {
            let mut s = s.clone();
            s.push(Step::Assault(crate::state::Assault {
                side: Side::Us,
                hex,
                attackers: vec![rifle],
                round: 1,
                stage: AssaultStage::Advance,
                fired: Vec::new(),
                results: Vec::new(),
            }));
            let goals = Goals::default();
            [Command::Advance { units: vec![rifle] }, Command::NoAdvance]
                .map(|c| rules.weight(&s, &goals, &c))
        };
        let [adv, stay] = advance_weights(&s, marker);
        assert!(adv > 10 * stay, "{adv} {stay}");
        let [adv, stay] = advance_weights(&s, off);
        assert_eq!(adv, stay);
        // With every marker a Dummy, no different from any assault.
        let mut dummies = s.clone();
        for c in dummies.caches.iter_mut() {
            c.kind = CacheKind::Dummy;
        }
        let goals = rules.goals(&dummies);
        assert_eq!(rules.weight(&dummies, &goals, &assault(marker)), elsewhere);
    }

    // 28.0, 29.0: a hit on Civilians is 3 VP to the firer's enemy and no
    // enemy loss. The US does not fire, Op Fire or assault-fire at a
    // Civilians unit it sees for one, nor call a fire mission on or beside
    // one; a Concealed marker may be anything and is fired on as before.
    #[test]
    fn civilians_seen_are_not_fired_on() {
        let rules = Fte::embedded();
        let mut s = set_up(&rules, "hamlet-search");
        let rifle = us_rifle(&rules, &s);
        let goals = Goals::default();
        let civ = s
            .units
            .iter()
            .find(|u| rules.role(u) == Role::Civilians)
            .unwrap()
            .id;
        let vc = s
            .units
            .iter()
            .find(|u| u.side == Side::Nva && rules.role(u) != Role::Civilians)
            .unwrap()
            .id;
        let at = |s: &State, t: crate::command::Target| {
            [
                Command::Fire {
                    firers: vec![rifle],
                    primary: rifle,
                    target: t,
                },
                Command::OpFire {
                    primary: rifle,
                    supporters: vec![],
                    target: t,
                },
                Command::AssaultFire {
                    firers: vec![rifle],
                    primary: rifle,
                    target: t,
                },
            ]
            .map(|c| rules.weight(s, &goals, &c))
        };
        use crate::command::Target;
        // Concealed: a marker, fired on like any other.
        s.unit_mut(civ).concealed = true;
        assert!(at(&s, Target::Marker(7)).iter().all(|&w| w > 1));
        s.unit_mut(civ).concealed = false;
        s.unit_mut(vc).concealed = false;
        assert_eq!(at(&s, Target::Unit(civ)), [0, 0, 0]);
        assert!(at(&s, Target::Unit(vc)).iter().all(|&w| w > 1));
        // A fire mission on the Civilians' hex or beside it: as on one's own.
        let fo = us_unit(&rules, &s, Role::ForwardObserver);
        let h = Hex::parse("11.05").unwrap();
        s.unit_mut(civ).hex = Some(h);
        let mission = |hex: &str| Command::RequestFireMission {
            unit: fo,
            hex: Hex::parse(hex).unwrap(),
        };
        assert_eq!(rules.weight(&s, &goals, &mission("11.05")), 1);
        assert_eq!(rules.weight(&s, &goals, &mission("11.04")), 1);
        assert!(rules.weight(&s, &goals, &mission("11.02")) > 1);
        s.unit_mut(civ).concealed = true;
        assert!(rules.weight(&s, &goals, &mission("11.05")) > 1);
    }

    // 13.0, 16.0: a fire mission lands on the target hex and the six
    // around it: the rules of thumb hardly call one on or beside the
    // side's own units, and the rollouts' press to call fire missions
    // leaves those out.
    #[test]
    fn fire_missions_are_not_called_on_the_callers() {
        let rules = Fte::embedded();
        let mut s = night_perimeter_set_up(&rules);
        let fo = us_unit(&rules, &s, Role::ForwardObserver);
        gather_us(&mut s, fo, "13.10");
        s.unit_mut(fo).hex = Hex::parse("9.12");
        let goals = Goals::default();
        let near = Command::RequestFireMission {
            unit: fo,
            hex: Hex::parse("8.12").unwrap(),
        };
        let far = Command::RequestFireMission {
            unit: fo,
            hex: Hex::parse("5.12").unwrap(),
        };
        assert_eq!(rules.weight(&s, &goals, &near), 1);
        assert!(rules.weight(&s, &goals, &far) > 1);
        // Beside the platoon on the crest too, but two hexes off is the
        // search's to judge.
        let crestside = Command::RequestFireMission {
            unit: fo,
            hex: Hex::parse("13.11").unwrap(),
        };
        assert_eq!(rules.weight(&s, &goals, &crestside), 1);
        let two_off = Command::RequestFireMission {
            unit: fo,
            hex: Hex::parse("13.12").unwrap(),
        };
        assert!(rules.weight(&s, &goals, &two_off) > 1);
        // The NVA's mortar mission on the crest is no danger to the NVA.
        let nva_leader = s
            .units
            .iter()
            .find(|u| u.side == Side::Nva && rules.role(u) == Role::Leader)
            .unwrap()
            .id;
        let on_the_crest = Command::RequestFireMission {
            unit: nva_leader,
            hex: Hex::parse("13.10").unwrap(),
        };
        assert!(rules.weight(&s, &goals, &on_the_crest) > 1);
    }
}
