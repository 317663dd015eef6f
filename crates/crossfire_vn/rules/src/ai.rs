//! What the computer player needs from Crossfire Vietnam
//! ([`vt_core::AiRules`]): the enemy's hidden stands set up again where
//! they could be, a position's chance, and how to play on.
//!
//! What a side may not know (see [`crate::view`]): where the enemy's hidden
//! stands are (CF base: hidden deployment; the forces themselves are
//! public, only where they are is secret), how long the enemy's Dust Off
//! still takes (6.5: the VC/NVA hear the call, not the die), and the dice
//! to come.

use crate::CrossfireVn;
use crate::command::Command;
use crate::movement::centroid;
use crate::state::*;
use crate::step::Step;
use vt_core::tabletop::{Point, point_in_polygon};
use vt_core::{AiRules, GameRng, SideIdx};

/// Inches from a Hold objective's centre at which the attacker's nearest
/// stand starts to count towards taking it: Trail Contact's US start line
/// is about 25 inches short of the ford.
const APPROACH_RANGE: f64 = 30.0;

/// The chance of at least `k` successes in `n` tries of chance `p`.
fn at_least(n: u8, p: f64, k: u8) -> f64 {
    if k == 0 {
        return 1.0;
    }
    let mut below = 0.0;
    let mut binom = 1.0;
    for i in 0..k.min(n.saturating_add(1)) {
        if i > 0 {
            binom = binom * (n - i + 1) as f64 / i as f64;
        }
        below += binom * p.powi(i as i32) * (1.0 - p).powi((n - i) as i32);
    }
    (1.0 - below).max(0.0)
}

/// The chance of a suppression or kill at which the attacker fires
/// before it moves (CF base: a fire that does neither hands the
/// initiative over).
const SURE_SHOT: f64 = 0.45;

/// The chance of winning a close combat at which the defending Free
/// World assaults before its long shots (CF8.0).
const CLOSE_ODDS: f64 = 0.7;

/// The attacker's order of business in its initiative
/// ([`CrossfireVn::attack_weights`]), least urgent first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Tier {
    /// Handing the initiative over, and what is not worth doing.
    Last,
    /// Actions whose failure hands the initiative over.
    Gamble,
    /// Fighting stands closing on the objective.
    Advance,
    /// Fire likely to suppress or kill.
    Sure,
    /// The defender's first business, which cannot fail: the Aid Post
    /// and the Dust Off call (weights up to 100).
    First,
}

impl Tier {
    /// What a weight of this tier is multiplied by: each tier's commands
    /// outweigh the next tier's (weights up to 200) a hundred times over.
    fn scale(self) -> u32 {
        match self {
            Tier::Last => 1,
            Tier::Gamble => 10,
            Tier::Advance => 1_000,
            Tier::Sure => 100_000,
            Tier::First => 10_000_000,
        }
    }
}

/// The share of the points its exposed vehicles and helicopters stand to
/// lose ([`CrossfireVn::exposure`]) the search counts as lost: the enemy
/// must keep or win the initiative to take the shot, and the vehicle may
/// move first.
const EXPOSURE_SHARE: f64 = 0.5;

/// Tries for each hidden stand before it goes back to its scenario place.
const PLACE_TRIES: usize = 40;

/// Iterations of the search a second on one core of the 2-core reference
/// machine, per scenario: a level's seconds become this many iterations
/// (the same on every machine). Calibrated with `cargo run --release -p
/// vt-games --example search_rate` (CPU seconds of the searching thread,
/// the mean of 4 mid-game positions a scenario; the figure measured is in
/// the comment), 2 December 2026: each scenario keeps its measured ratio
/// to the game's median, and the median stays at the 240 of the
/// game's first calibration (this loaded run measured 318), the lower,
/// so that a level does not overrun its seconds.
pub(crate) const SEARCH_RATES: &[(&str, u32)] = &[
    ("trail-contact", 240),       // 318
    ("bunker-line", 57),          // 75
    ("dust-off-under-fire", 248), // 328
];

/// A scenario not in [`SEARCH_RATES`] (edited data): the median of the
/// game's scenarios.
const SEARCH_RATE_USUAL: u32 = 240;

impl AiRules for CrossfireVn {
    /// S13: the points lead, three points a step of the curve.
    fn margin(&self, s: &State, side: SideIdx) -> f64 {
        let me = Side::from_idx(side);
        let p = self.points(s);
        vt_core::ai::lead_score((p[me.idx()] - p[me.other().idx()]) as f64, 3.0)
    }

    fn determinize(&self, state: &State, side: SideIdx, rng: &mut GameRng) -> State {
        let me = Side::from_idx(side);
        let mut s = state.clone();
        self.replace_hidden(&mut s, me, rng);
        self.redraw_dust_off(&mut s, me, rng);
        s.rng = GameRng::seeded(rng.next_u64());
        s
    }

    /// The points race as it stands (S13: objectives, casualty markers,
    /// captured weapons, destroyed vehicles), an evacuation under way
    /// counted by the casualties already out ([`CrossfireVn::prospect`]),
    /// plus a share of the troops each side still has that counts for less
    /// as the clock runs out, read as a chance through a logistic curve.
    fn evaluate(&self, s: &State, side: SideIdx) -> f64 {
        let me = Side::from_idx(side);
        if s.is_over() {
            let p = self.points(s);
            return match p[me.idx()].cmp(&p[me.other().idx()]) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => 0.0,
                std::cmp::Ordering::Equal => 0.5,
            };
        }
        let mut p = self.prospect(s);
        // S13, 6.11: a vehicle or helicopter in an enemy anti-armour
        // weapon's sight is points the enemy may take at its next chance,
        // which a rollout that stops short does not reach.
        let exposed = self.exposure(s);
        for side in [Side::FreeWorld, Side::VcNva] {
            p[side.other().idx()] += EXPOSURE_SHARE * exposed[side.idx()];
        }
        // S13: a Hold objective is the attacker's only if it stands there
        // at the end; until then the points say "the defender's" however
        // near the attacker has come, and a search whose rollouts stop
        // short reads staying back, out of the enemy's fire, as no worse.
        // A share of the objective's points goes to the attacker by how
        // near its nearest stand of troops in good order is.
        let approach = self.approach(s);
        let sc = self.scenario_of(s);
        p[sc.attacker.idx()] += approach;
        p[sc.attacker.other().idx()] -= approach;
        let margin = p[me.idx()] - p[me.other().idx()];
        let clock = &self.scenario_of(s).clock;
        let span = (clock.end.saturating_sub(clock.start)).max(1) as f64;
        let left = (clock.end.saturating_sub(s.clock)) as f64 / span;
        let mut strength = [0.0f64; 2];
        for st in s.on_table() {
            let u = self.unit_type(st);
            let w = match (u.is_troops(), st.status) {
                (false, _) => 1.5,
                (true, Status::Ok) => 1.0,
                (true, Status::Pinned) => 0.7,
                (true, Status::Suppressed) => 0.4,
            };
            strength[st.side.idx()] += w;
        }
        let total = strength[0] + strength[1];
        let share = if total > 0.0 {
            (strength[me.idx()] - strength[me.other().idx()]) / total
        } else {
            0.0
        };
        let x = margin * (1.0 - 0.4 * left) + 12.0 * share * (0.3 + left);
        1.0 / (1.0 + (-x / 5.0).exp())
    }

    /// Iterations a second of one core of the 2-core reference machine in
    /// `scenario` ([`SEARCH_RATES`]).
    fn search_rate(&self, scenario: &str) -> u32 {
        vt_core::ai::rate_of(SEARCH_RATES, scenario, SEARCH_RATE_USUAL)
    }

    /// A game is a few hundred commands: rollouts stop after this many and
    /// read the position with [`AiRules::evaluate`].
    fn rollout_horizon(&self) -> Option<usize> {
        Some(60)
    }

    /// [`CrossfireVn::weight`] of each of `legal`: the search's rollouts
    /// and the scripted player draw from them, and the search starts from
    /// them (its prior) and lets its samples overrule them. Uniform play
    /// nudges stands about its set-up for ever, pivots and wanders instead
    /// of closing on the objective and firing. Without the prior (before
    /// issue 13's prior for Crossfire) Free World mcts:50 won 10 % of 10
    /// Trail Contact games against random play, random play 7 %.
    fn rollout_weights(&self, s: &State, legal: &[Command]) -> Option<Vec<u32>> {
        if matches!(s.step(), Step::DustOff { .. }) {
            return Some(self.dust_off_weights(s, legal));
        }
        if let Step::Initiative { side } = s.step()
            && *side == Side::FreeWorld
            && self.scenario_of(s).attacker != Side::FreeWorld
        {
            return Some(self.defend_weights(s, legal));
        }
        if let Step::Reaction(r) = s.step()
            && r.side == Side::FreeWorld
        {
            return Some(self.reaction_weights(s, legal));
        }
        let goal = self.goal(s);
        if let Some(g) = goal
            && self.scenario_of(s).attacker == Side::FreeWorld
        {
            return Some(self.attack_weights(s, g, legal));
        }
        Some(legal.iter().map(|c| self.weight(s, goal, c)).collect())
    }
}

impl CrossfireVn {
    /// The points as they stand, but for an evacuation not yet done: its
    /// objective is the VC/NVA's only if a Free World casualty is still on
    /// the table when the game ends (S13, the scenario's victory), so while
    /// the clock runs its points are shared by the casualties already out
    /// and those still in. Counted as the points are, the evacuation is the
    /// VC/NVA's until the last casualty lifts off, and a Dust Off game
    /// the Free World was winning read as a sure VC/NVA win all along.
    pub fn prospect(&self, s: &State) -> [f64; 2] {
        let p = self.points(s);
        let mut p = [p[0] as f64, p[1] as f64];
        let evacuate = self
            .scenario_of(s)
            .objectives
            .iter()
            .filter(|o| o.kind == crate::data::ObjectiveKind::Evacuate)
            .count();
        if evacuate == 0 || self.all_evacuated(s, Side::FreeWorld) {
            return p;
        }
        let casualties = || {
            s.markers
                .iter()
                .filter(|m| m.side == Side::FreeWorld && m.kind == MarkerKind::Casualty)
        };
        let out = casualties()
            .filter(|m| m.place == MarkerPlace::Evacuated)
            .count() as f64;
        let still = casualties()
            .filter(|m| matches!(m.place, MarkerPlace::Ground(_) | MarkerPlace::Carried(_)))
            .count() as f64;
        let share = out / (out + still);
        let v = (self.rules().victory.objective.value as usize * evacuate) as f64 * share;
        p[Side::FreeWorld.idx()] += v;
        p[Side::VcNva.idx()] -= v;
        p
    }

    /// S13, 6.11: the points each side's vehicles and helicopters stand
    /// to lose where they are now: each one's points (S13: an armoured
    /// vehicle, another vehicle, a helicopter) times the chance that at
    /// least one enemy anti-armour weapon able to fire at it (not
    /// suppressed, in sight, beyond its least range) destroys it with its
    /// die (a flank shot's bonus left out). Read on the search's sample,
    /// where a hidden RPG stands where the sample put it. Watched in
    /// Bunker Line: the Free World 18 points to none up at 1130, then the
    /// NVA RPG team, never found, destroyed the gunship and both ACAVs
    /// parked in its sight in the last initiative: 18 to 45.
    pub fn exposure(&self, s: &State) -> [f64; 2] {
        let v = &self.rules().victory;
        let mut out = [0.0f64; 2];
        for t in s.on_table() {
            let tu = self.unit_type(t);
            let (Some(_), false) = (tu.at_number, t.hidden) else {
                continue;
            };
            let worth = if tu.flies {
                v.aircraft.value
            } else if tu.armoured {
                v.armoured_vehicle.value
            } else {
                v.other_vehicle.value
            } as f64;
            out[t.side.idx()] += worth * self.at_risk(s, t, t.at, true);
        }
        out
    }

    /// The chance that at least one enemy anti-armour weapon able to fire
    /// at vehicle `t` standing at `at` (not suppressed, in sight, beyond
    /// its least range) destroys it with its die (6.11; a flank shot's
    /// bonus left out). `hidden`: count the enemy's hidden weapons too
    /// (where the search's sample put them); without, only those found.
    pub fn at_risk(&self, s: &State, t: &Stand, at: Point, hidden: bool) -> f64 {
        let Some(needed) = self.unit_type(t).at_number else {
            return 0.0;
        };
        let p = ((7.0 - needed as f64) / 6.0).clamp(0.0, 1.0);
        let shots = s
            .side_on_table(t.side.other())
            .filter(|e| {
                (hidden || !e.hidden)
                    && self
                        .check_anti_tank_firer(s, e, crate::event::FireMode::Direct)
                        .is_ok()
                    && self.check_at_target(s, e, t, at).is_ok()
            })
            .count();
        1.0 - (1.0 - p).powi(shots as i32)
    }

    /// 6.11: whether enemy stand `e` carries an anti-armour weapon able to
    /// fire now at one of its enemy's vehicles or helicopters in sight.
    fn threatens_our_vehicles(&self, s: &State, e: StandId) -> bool {
        let Some(e) = s.get(e) else {
            return false;
        };
        self.check_anti_tank_firer(s, e, crate::event::FireMode::Direct)
            .is_ok()
            && s.side_on_table(e.side.other()).any(|t| {
                self.unit_type(t).at_number.is_some() && self.check_at_target(s, e, t, t.at).is_ok()
            })
    }

    /// Where the side that decides wants its moving stands: the centre of
    /// the objective it attacks, or none (a defender holds still, hidden).
    fn goal(&self, s: &State) -> Option<Point> {
        let Step::Initiative { side } = s.step() else {
            return None;
        };
        let sc = self.scenario_of(s);
        if sc.attacker != *side {
            return None;
        }
        sc.objectives
            .iter()
            .find(|o| !o.area.is_empty())
            .map(|o| centroid(&o.area))
    }

    /// S13: the share of a Hold objective's points the attacker's approach
    /// is worth while it does not hold it: up to half the swing taking it
    /// makes (the attacker's points and the defender's for denying it) as
    /// its nearest stand of troops not suppressed comes from
    /// [`APPROACH_RANGE`] inches of the objective's centre to it; counted
    /// to one side and off the other, so a quarter of the swing each way.
    pub fn approach(&self, s: &State) -> f64 {
        let sc = self.scenario_of(s);
        let value = self.rules().victory.objective.value;
        let mut total = 0.0;
        for o in sc
            .objectives
            .iter()
            .filter(|o| o.kind == crate::data::ObjectiveKind::Hold && !o.area.is_empty())
        {
            if self.holds(s, &o.area) {
                continue;
            }
            let c = centroid(&o.area);
            let near = s
                .side_on_table(sc.attacker)
                .filter(|st| self.unit_type(st).is_troops() && st.status != Status::Suppressed)
                .map(|st| st.at.distance(c))
                .fold(f64::INFINITY, f64::min);
            let swing = (value + o.denied_value(value)) as f64;
            if near.is_finite() {
                total += 0.25 * swing * (1.0 - near / APPROACH_RANGE).max(0.0);
            }
        }
        total
    }

    /// A Fire command's shot judged (see [`Self::shot_chances`]): where the
    /// target stands, the chance of a kill and of a suppression. `None` if
    /// the target is gone or the shot is not one to judge.
    pub fn fire_chances(
        &self,
        s: &State,
        firers: &[StandId],
        target: StandId,
        support: &[StandId],
    ) -> Option<(Point, f64, f64)> {
        let at = s.get(target)?.at;
        let shot = crate::fire::Shot::direct(firers, target, at, support);
        let (kill, suppress) = self.shot_chances(s, &shot)?;
        Some((at, kill, suppress))
    }

    /// CF base, CF6.4-6.5: a fire group's chances: of a kill (three hits
    /// from one firer's dice, or a second suppression of a suppressed
    /// stand) and of a suppression, each firer's dice judged alone, the
    /// most severe result taken. `None` if the shot is not one to judge.
    pub fn shot_chances(&self, s: &State, shot: &crate::fire::Shot) -> Option<(f64, f64)> {
        let f = &self.rules().fire;
        let target = s.get(shot.target)?;
        let mut miss_kill = 1.0;
        let mut miss_suppress = 1.0;
        for d in self.shot_dice(s, shot) {
            if !d.sees {
                continue;
            }
            let p = (7.0 - d.hit_on as f64).clamp(0.0, 6.0) / 6.0;
            miss_kill *= 1.0 - at_least(d.dice, p, f.kill_hits.value);
            miss_suppress *= 1.0 - at_least(d.dice, p, f.suppress_hits.value);
        }
        let (mut kill, mut suppress) = (1.0 - miss_kill, 1.0 - miss_suppress - (1.0 - miss_kill));
        if target.status == Status::Suppressed && s.readings.second_suppression_kills {
            kill += suppress;
            suppress = 0.0;
        }
        Some((kill, suppress.max(0.0)))
    }

    /// A fire command's weight from its chances ([`CrossfireVn::shot_chances`]):
    /// CF base: direct fire that neither suppresses nor kills hands the
    /// initiative over, so a long shot weighs less than a move.
    /// A barrage called by `side` at `at` (CF7.1: the HE dice at every
    /// stand under it, friend or foe, more in cover, a bunker's own dice
    /// and number; CF6.5: suppressed from so many hits): the chance it
    /// suppresses or kills at least one enemy stand `side` can see, and
    /// how many of `side`'s own it is expected to suppress or kill.
    fn barrage_odds(&self, s: &State, side: Side, at: Point) -> (f64, f64) {
        let r = self.rules();
        let f = &r.fire;
        let radius = r.sw(r.indirect.radius.value);
        let (mut miss, mut own) = (1.0, 0.0);
        for t in s.on_table() {
            let u = self.unit_type(t);
            if u.flies || u.armoured || self.base(t).distance_to_point(at) >= radius {
                continue;
            }
            if t.side != side && t.hidden {
                continue;
            }
            let mut dice = r.indirect.he_dice.value as i32;
            let mut hit_on = f.hit_on.value;
            match self.barrage_cover(s, t) {
                crate::table::FireCover::Open => {}
                crate::table::FireCover::Cover => dice += f.cover_dice.value as i32,
                crate::table::FireCover::Bunker => {
                    dice += f.bunker_dice.value as i32;
                    hit_on = f.bunker_hit_on.value;
                }
            }
            let p = (7.0 - hit_on as f64).clamp(0.0, 6.0) / 6.0;
            let hurt = at_least(dice.max(0) as u8, p, f.suppress_hits.value);
            if t.side == side {
                own += hurt;
            } else {
                miss *= 1.0 - hurt;
            }
        }
        (1.0 - miss, own)
    }

    /// A barrage called by `observer`: its chance of hurting the enemy, and
    /// how much of its worth is left once the harm to the observer's side
    /// under it is taken off: all of it with none of ours under it,
    /// nothing when it is as likely to hurt ours as the enemy
    /// (1 - own / hit). Watched (`watch crossfire-vn bunker-line 1
    /// free-world=quick,vc-nva=random 0`): the Free World's FO called HE
    /// on an enemy fire team 1.5" from its own pinned command group and
    /// killed the command group.
    fn barrage_worth(&self, s: &State, observer: StandId, at: Point) -> (f64, f64) {
        let side = s.get(observer).map_or(Side::FreeWorld, |o| o.side);
        let (hit, own) = self.barrage_odds(s, side, at);
        let left = if own <= 0.0 {
            1.0
        } else if hit <= 0.0 {
            0.0
        } else {
            (1.0 - own / hit).clamp(0.0, 1.0)
        };
        (hit, left)
    }

    fn fire_weight(&self, s: &State, shot: &crate::fire::Shot) -> u32 {
        match self.shot_chances(s, shot) {
            Some((kill, suppress)) => (1.0 + 40.0 * kill + 16.0 * suppress).round() as u32,
            None => 1,
        }
    }

    /// How strongly a platoon leader's rules of thumb favour `c` (0
    /// never): set up and go, fire when the odds are good, rally, close
    /// on the objective through cover, get the wounded out; pivots,
    /// nudges and handing the initiative over last.
    fn weight(&self, s: &State, goal: Option<Point>, c: &Command) -> u32 {
        match c {
            Command::SetupDone => 30,
            Command::Place { .. } => 1,
            Command::Fire {
                firers,
                target,
                support,
            } => match s.get(*target) {
                Some(t) => self.fire_weight(
                    s,
                    &crate::fire::Shot::direct(firers, *target, t.at, support),
                ),
                None => 1,
            },
            Command::ReactiveFire {
                firers,
                point,
                support,
            } => match self.reaction(s) {
                Ok(r) => self.fire_weight(s, &self.reactive_shot(&r, firers, *point, support)),
                Err(_) => 1,
            },
            Command::AntiTank { .. } | Command::ReactiveAntiTank { .. } => 12,
            Command::Flame { .. } => 10,
            Command::CloseCombat { .. } => 5,
            Command::Rally { .. } => 10,
            Command::CallFire {
                smoke,
                at,
                observer,
                ..
            } => {
                if *smoke {
                    1
                } else {
                    (6.0 * self.barrage_worth(s, *observer, *at).1).round() as u32
                }
            }
            Command::ReconByFire { .. } => 3,
            Command::Medevac { .. } => 6,
            Command::RequestDustOff | Command::FormAidPost { .. } | Command::LandDustOff { .. } => {
                10
            }
            Command::Move { moves } => self.move_weight(s, goal, moves),
            Command::NoReaction => 4,
            Command::EndInitiative => 1,
            Command::Pivot { .. }
            | Command::WaveOff
            | Command::DetachSniper { .. }
            | Command::WithdrawSniper { .. } => 1,
        }
    }

    /// The Free World attacker's initiative, as a Crossfire platoon
    /// leader plays it (CF base: a side keeps the initiative until an
    /// action fails; a move fails only if reactive fire suppresses or
    /// kills the mover, a fire that only pins fails): first the fire that
    /// will more likely than not suppress or kill (a suppressed enemy
    /// cannot fire at the movers, CF6.5.2); then the fighting stands
    /// close on the objective, from cover to cover, while any still can;
    /// only then the gambles whose failure hands the initiative over
    /// (a long shot, a rally, a barrage, recon by fire, close combat),
    /// which cost nothing more when nothing is left to move; handing the
    /// initiative over last. Each tier outweighs the next many times
    /// over, so the scripted player keeps this order and the search
    /// starts from it.
    fn attack_weights(&self, s: &State, goal: Point, legal: &[Command]) -> Vec<u32> {
        let area: Vec<Point> = self
            .scenario_of(s)
            .objectives
            .iter()
            .find(|o| !o.area.is_empty())
            .map(|o| o.area.clone())
            .unwrap_or_default();
        legal
            .iter()
            .map(|c| {
                let (tier, w) = self.attack_tier(s, goal, &area, c);
                w.min(200) * tier.scale()
            })
            .collect()
    }

    fn attack_tier(&self, s: &State, goal: Point, area: &[Point], c: &Command) -> (Tier, u32) {
        let in_area = |p: Point| !area.is_empty() && point_in_polygon(area, p);
        match c {
            Command::Fire {
                firers,
                target,
                support,
            } => {
                let Some((at, kill, suppress)) = self.fire_chances(s, firers, *target, support)
                else {
                    return (Tier::Last, 1);
                };
                // 6.11: an anti-armour weapon with one of our vehicles in
                // its sight is silenced first, as is a stand denying the
                // objective.
                let urgent = in_area(at) || self.threatens_our_vehicles(s, *target);
                let bonus = if urgent { 25 } else { 0 };
                // S13: an enemy stand in the objective denies it; clearing
                // it comes before the advance at shorter odds.
                let sure = if urgent { SURE_SHOT / 2.0 } else { SURE_SHOT };
                if kill + suppress >= sure {
                    (Tier::Sure, (50.0 + 50.0 * (kill + suppress)) as u32 + bonus)
                } else {
                    (
                        Tier::Gamble,
                        (1.0 + 100.0 * (kill + suppress) + 50.0 * kill).round() as u32 + bonus,
                    )
                }
            }
            Command::Move { moves } => {
                // S13, 6.11: a vehicle in sight of a known enemy
                // anti-armour weapon able to fire gets out of it first;
                // one moves into such sight only as a gamble. (Never
                // into it: the search at Quick against random play in
                // Bunker Line won 20 of 32 games, seeds 1-4, against 26
                // of 32 with the gamble; the ACAVs' fire from the line
                // was lost.)
                if let Some(m) = moves.first()
                    && let Some(st) = s.get(m.stand)
                    && self.unit_type(st).at_number.is_some()
                {
                    let now = self.at_risk(s, st, st.at, false);
                    if now > 0.0 && self.at_risk(s, st, m.to, false) == 0.0 {
                        return (Tier::Sure, (50.0 + 50.0 * now) as u32);
                    }
                    // Reactive fire may come at any point of the move
                    // (watched, seed 6 game 6: the gunship flew 31.5"
                    // past the found RCL to a paddy out of its sight and
                    // was shot down on the way).
                    let on_the_way = self
                        .react_points(s, st.at, m.to)
                        .iter()
                        .map(|p| self.at_risk(s, st, p.at, false))
                        .fold(0.0, f64::max);
                    if on_the_way > now {
                        let (_, w) = self.advance_weight(s, goal, area, moves);
                        return (Tier::Gamble, w / 4);
                    }
                }
                self.advance_weight(s, goal, area, moves)
            }
            // CF base rally: a die and the helping commander's rating; the
            // likelier gamble first, and a pinned stand rallied can move
            // again this initiative.
            Command::Rally { stand } => match s.get(*stand) {
                Some(st) => {
                    let rating = self.rally_help(s, st).map_or(0, |h| h.1);
                    let needed = self.rules().rally.needed.value as i32;
                    let p = ((7 - needed + rating) as f64 / 6.0).clamp(0.0, 1.0);
                    let value = if st.status == Status::Pinned {
                        1.0
                    } else {
                        0.5
                    };
                    (Tier::Gamble, (1.0 + 100.0 * p * value).round() as u32)
                }
                None => (Tier::Last, 0),
            },
            // CF7.1: four dice at each stand under the barrage, a die off
            // in cover; it fails unless an enemy is suppressed or killed,
            // and it falls on our own stands under it as well.
            Command::CallFire {
                smoke: false,
                at,
                observer,
            } => {
                let (hit, left) = self.barrage_worth(s, *observer, *at);
                (Tier::Gamble, ((1.0 + 100.0 * hit) * left).round() as u32)
            }
            Command::CallFire { smoke: true, .. } => (Tier::Gamble, 2),
            Command::CloseCombat { moves, target } => match s.get(*target) {
                Some(t) => {
                    let p = self.assault_chance(s, moves, t);
                    if in_area(t.at) && p >= SURE_SHOT {
                        (Tier::Sure, (50.0 + 50.0 * p) as u32)
                    } else {
                        (Tier::Gamble, (1.0 + 60.0 * p) as u32)
                    }
                }
                None => (Tier::Last, 0),
            },
            // 6.7: one die, and somebody must be there to be found.
            Command::ReconByFire { .. } => (Tier::Gamble, 5),
            Command::AntiTank { .. } => (Tier::Gamble, 12),
            Command::Flame { .. } => (Tier::Gamble, 10),
            Command::Medevac { .. } => (Tier::Gamble, 4),
            // 6.5: a Dust Off is for casualties; an empty one only risks
            // 25 points for the enemy.
            Command::RequestDustOff => {
                let wounded = s.markers.iter().any(|m| {
                    m.side == Side::FreeWorld
                        && m.kind == MarkerKind::Casualty
                        && matches!(m.place, MarkerPlace::Ground(_) | MarkerPlace::Carried(_))
                });
                (Tier::Last, if wounded { 2 } else { 0 })
            }
            Command::EndInitiative => (Tier::Last, 1),
            _ => (Tier::Last, 0),
        }
    }

    /// 6.5: a Dust Off overhead lands where it lifts the most casualties
    /// (it takes those within a stand width of it, three at most), of
    /// those places the one farthest from the enemy stands in sight (the
    /// landing point is its one reactive point: killed, it is 25 points to
    /// the enemy); it is waved off only when it would lift nobody.
    fn dust_off_weights(&self, s: &State, legal: &[Command]) -> Vec<u32> {
        let Step::DustOff { side } = s.step() else {
            return vec![1; legal.len()];
        };
        let loads: Vec<usize> = legal
            .iter()
            .map(|c| match c {
                Command::LandDustOff { at } => self.dust_off_load_at(s, *at).len(),
                _ => 0,
            })
            .collect();
        let best = loads.iter().copied().max().unwrap_or(0);
        let post = s
            .side_on_table(*side)
            .find(|p| self.unit_type(p).role == crate::data::Role::AidPost)
            .map(|p| p.at);
        legal
            .iter()
            .zip(&loads)
            .map(|(c, &load)| match c {
                Command::LandDustOff { at } if best > 0 && load == best => {
                    let threat = self.landing_threat(s, side.other(), *at);
                    // The wounded by the Aid Post last: those carried
                    // in later are set down there and go with them.
                    let away = post.map_or(1.0, |p| 1.0 + p.distance(*at) / 3.0);
                    (1_000.0 * away * away / ((1.0 + threat) * (1.0 + threat))).max(1.0) as u32
                }
                Command::WaveOff if best == 0 => 1,
                _ => 0,
            })
            .collect()
    }

    /// CF base reactive fire, 6.5: how many enemy stands could fire at a
    /// Dust Off landing at `at` (its landing point is its one reactive
    /// point): those that see it and may fire reactively, a stand still
    /// hidden counted half (in a sample it stands where it might).
    fn landing_threat(&self, s: &State, enemy: Side, at: Point) -> f64 {
        s.side_on_table(enemy)
            .filter(|e| {
                e.status != Status::Suppressed
                    && self.fires_small_arms(e)
                    && (!e.no_fire || self.unit_type(e).role == crate::data::Role::Sniper)
                    && self.sees_point(s, e, at)
            })
            .map(|e| if e.hidden { 0.5 } else { 1.0 })
            .sum()
    }

    /// The Free World's initiative when it defends an evacuation (Dust
    /// Off under Fire), as a platoon leader with wounded plays it (CF
    /// base: a side keeps the initiative until an action fails; 6.5: the
    /// Aid Post takes 2 off the Dust Off roll, the delay counts the Free
    /// World's initiatives, one medevac action a carrier an initiative):
    /// first what cannot fail and wins the race (the Aid Post, the Dust
    /// Off call while a casualty is on the table, fire likely to suppress
    /// or kill an attacker, the nearer the better); then the wounded
    /// carried to the Aid Post and carriers going to fetch them; only then
    /// the gambles (a long shot, a rally, recon by fire); the stands keep
    /// their places in the LZ and in cover (a move out of them only hands
    /// the enemy the objective and its open ground); handing over last.
    fn defend_weights(&self, s: &State, legal: &[Command]) -> Vec<u32> {
        legal
            .iter()
            .map(|c| {
                let (tier, w) = self.defend_tier(s, c);
                w.min(200) * tier.scale()
            })
            .collect()
    }

    /// 6.5: two medics of the Free World not suppressed, within one base
    /// width of each other, could form an Aid Post.
    fn can_form_post(&self, s: &State) -> bool {
        let medics: Vec<&Stand> = s
            .side_on_table(Side::FreeWorld)
            .filter(|m| {
                self.unit_type(m).role == crate::data::Role::Medic && m.status != Status::Suppressed
            })
            .collect();
        let range = self.rules().medevac.aid_post_range.value;
        medics
            .iter()
            .enumerate()
            .any(|(i, a)| medics[i + 1..].iter().any(|b| self.within(a, b, range)))
    }

    /// CF base reactive fire by the Free World: a reactive shot that
    /// suppresses or kills the mover seizes the initiative and one that
    /// misses only marks its firers NO FIRE, so it fires, and the likelier
    /// the shot (the mover nearer, in the open, more firers) the much
    /// likelier it is taken. (Scripted Free World, 200 games a scenario,
    /// seeds 1 and 7: Trail Contact 91/80 -> 97/83 wins, Bunker Line
    /// 17/16 -> 20/24, Dust Off under Fire 93/100 of 400 -> 111/110.)
    fn reaction_weights(&self, s: &State, legal: &[Command]) -> Vec<u32> {
        legal
            .iter()
            .map(|c| match c {
                Command::ReactiveFire {
                    firers,
                    point,
                    support,
                } => match self.reaction(s) {
                    Ok(r) => {
                        let shot = self.reactive_shot(&r, firers, *point, support);
                        match self.shot_chances(s, &shot) {
                            Some((kill, suppress)) => {
                                let x = 100.0 * (kill + suppress) + 100.0 * kill;
                                (1.0 + x * x / 20.0).min(2_000.0) as u32
                            }
                            None => 1,
                        }
                    }
                    Err(_) => 1,
                },
                Command::NoReaction => 3,
                _ => self.weight(s, None, c),
            })
            .collect()
    }

    /// The Free World's casualty markers still on the ground.
    fn wounded_on_ground(&self, s: &State) -> Vec<Point> {
        s.markers
            .iter()
            .filter(|m| m.side == Side::FreeWorld && m.kind == MarkerKind::Casualty)
            .filter_map(|m| m.ground())
            .collect()
    }

    fn defend_tier(&self, s: &State, c: &Command) -> (Tier, u32) {
        let sc = self.scenario_of(s);
        let area: Vec<Point> = sc
            .objectives
            .iter()
            .find(|o| !o.area.is_empty())
            .map(|o| o.area.clone())
            .unwrap_or_default();
        let centre = if area.is_empty() {
            None
        } else {
            Some(centroid(&area))
        };
        let post = s
            .side_on_table(Side::FreeWorld)
            .find(|p| self.unit_type(p).role == crate::data::Role::AidPost)
            .map(|p| p.at);
        let wounded = || {
            s.markers.iter().any(|m| {
                m.side == Side::FreeWorld
                    && m.kind == MarkerKind::Casualty
                    && matches!(m.place, MarkerPlace::Ground(_) | MarkerPlace::Carried(_))
            })
        };
        match c {
            // 6.5: forming the Aid Post does not draw reactive fire and
            // takes 2 off every Dust Off roll to come.
            Command::FormAidPost { .. } => (Tier::First, 100),
            // 6.5: called once the Aid Post stands (or none can be
            // formed), the sooner the better: its delay counts the Free
            // World's initiatives whatever they do.
            Command::RequestDustOff => {
                match (wounded(), post.is_some() || !self.can_form_post(s)) {
                    (true, true) => (Tier::First, 100),
                    (true, false) => (Tier::Advance, 50),
                    _ => (Tier::Last, 0),
                }
            }
            Command::Fire {
                firers,
                target,
                support,
            } => {
                let Some((at, kill, suppress)) = self.fire_chances(s, firers, *target, support)
                else {
                    return (Tier::Last, 1);
                };
                // The nearer the attacker to the LZ, the more it matters.
                let near = centre.map_or(0.0, |c| (30.0 - at.distance(c)).max(0.0));
                let p = kill + suppress;
                if p >= SURE_SHOT {
                    // S13: a kill leaves a marker, a point to the Free World.
                    (Tier::Sure, (50.0 + 50.0 * p + 60.0 * kill + near) as u32)
                } else {
                    (Tier::Gamble, (1.0 + 100.0 * p + 50.0 * kill).round() as u32)
                }
            }
            Command::Medevac {
                carrier,
                pick_up,
                to,
                drop,
                ..
            } => {
                let Some(st) = s.get(*carrier) else {
                    return (Tier::Last, 0);
                };
                let load = pick_up.len() + st.carrying.len();
                match post {
                    // Carried to the Aid Post and set down there, where a
                    // Dust Off lifts three at a time.
                    Some(p) if *drop && to.distance(p) < 3.0 && load > 0 => {
                        let far = pick_up
                            .iter()
                            .filter_map(|m| s.markers[*m as usize].ground())
                            .any(|m| m.distance(p) > 3.5)
                            || !st.carrying.is_empty();
                        if far {
                            (Tier::Sure, 150 + 20 * load as u32)
                        } else {
                            (Tier::Last, 0)
                        }
                    }
                    _ => (Tier::Last, 0),
                }
            }
            Command::Move { moves } => self.defend_move(s, &area, post, moves),
            Command::Rally { stand } => match s.get(*stand) {
                Some(st) => {
                    let rating = self.rally_help(s, st).map_or(0, |h| h.1);
                    let needed = self.rules().rally.needed.value as i32;
                    let p = ((7 - needed + rating) as f64 / 6.0).clamp(0.0, 1.0);
                    // CF6.5.2: a suppressed stand suppressed again is
                    // killed, and its marker is one more to get out (6.5):
                    // it is rallied before any long shot.
                    // A pinned stand still fires (only a suppressed one
                    // may not, CF6.5.2) and a defender holding its place
                    // has nowhere to move it: a rally is the last gamble.
                    if st.status == Status::Suppressed {
                        (Tier::Advance, (50.0 + 100.0 * p).round() as u32)
                    } else {
                        (Tier::Gamble, (1.0 + 4.0 * p).round() as u32)
                    }
                }
                None => (Tier::Last, 0),
            },
            // CF8.0: every engaged stand of the loser is killed; at good
            // odds a close combat is the surest way to leave an enemy
            // marker on the table (S13).
            Command::CloseCombat { moves, target } => match s.get(*target) {
                Some(t) => {
                    let p = self.assault_chance(s, moves, t);
                    if p >= CLOSE_ODDS {
                        (Tier::Advance, (50.0 + 100.0 * p) as u32)
                    } else {
                        (Tier::Gamble, (1.0 + 60.0 * p) as u32)
                    }
                }
                None => (Tier::Last, 0),
            },
            Command::ReconByFire { .. } => (Tier::Gamble, 5),
            Command::AntiTank { .. } => (Tier::Gamble, 12),
            // Never on our own men (CF7.1: every stand under it is rolled
            // for).
            Command::CallFire {
                smoke: false,
                at,
                observer,
            } => (
                Tier::Gamble,
                (20.0 * self.barrage_worth(s, *observer, *at).1).round() as u32,
            ),
            Command::EndInitiative => (Tier::Last, 1),
            _ => (Tier::Last, 0),
        }
    }

    /// A defender's move: a carrier with nothing to carry going to fetch
    /// a casualty lying away from the Aid Post; every other move only
    /// takes a stand out of its place (and a stand that leaves the LZ
    /// hands it over, S13), so none is made while anything else is left.
    fn defend_move(
        &self,
        s: &State,
        area: &[Point],
        post: Option<Point>,
        moves: &[crate::command::StandMove],
    ) -> (Tier, u32) {
        let Some(m) = moves.first() else {
            return (Tier::Last, 0);
        };
        let Some(st) = s.get(m.stand) else {
            return (Tier::Last, 0);
        };
        let u = self.unit_type(st);
        let skip: Vec<StandId> = moves.iter().map(|x| x.stand).collect();
        let Ok(leg) = self.plan_leg(s, st, m, &skip, "base 4.0") else {
            return (Tier::Last, 0);
        };
        let in_area = |p: Point| !area.is_empty() && point_in_polygon(area, p);
        if in_area(st.at) && !in_area(leg.to) {
            return (Tier::Last, 0);
        }
        if u.carry > 0 && st.carrying.is_empty() && moves.len() == 1 {
            let reach = self.rules().sw(self.rules().medevac.pickup_range.value);
            let here = self.base(st);
            let there = self.base_at(st, leg.to, leg.facing);
            for w in self.wounded_on_ground(s) {
                let lonely = post.is_none_or(|p| w.distance(p) > 3.5);
                if lonely
                    && there.distance_to_point(w) < reach
                    && here.distance_to_point(w) >= reach
                {
                    return (Tier::Gamble, 150);
                }
            }
        }
        (Tier::Last, 0)
    }

    /// CF8.0 as we read it: the chance that `moves` win a close combat
    /// with `target` and the defender's stands within range of it, each
    /// side a die, +1 a stand past the first (crew-served not counted, -1
    /// each), the best commander's rating, -2 with a suppressed stand
    /// engaged or -1 with a pinned one, ties rolled again. The approach
    /// under reactive fire is left out.
    fn assault_chance(
        &self,
        s: &State,
        moves: &[crate::command::StandMove],
        target: &Stand,
    ) -> f64 {
        let cc = &self.rules().close_combat;
        let range = cc.range.value;
        let side_mod = |stands: &[&Stand]| -> i32 {
            let counted = stands
                .iter()
                .filter(|x| !self.unit_type(x).crew_served)
                .count() as i32;
            let crew = stands.len() as i32 - counted;
            let mut m = (counted - 1).max(0) * cc.extra_stand.value + crew * cc.crew_served.value;
            if stands
                .iter()
                .any(|x| self.unit_type(x).role == crate::data::Role::Command)
            {
                m += stands
                    .iter()
                    .map(|x| self.unit_type(x).rating)
                    .max()
                    .unwrap_or(0);
            }
            if stands.iter().any(|x| x.status == Status::Suppressed) {
                m += cc.suppressed.value;
            } else if stands.iter().any(|x| x.status == Status::Pinned) {
                m += cc.pinned.value;
            }
            m
        };
        let ours: Vec<&Stand> = moves.iter().filter_map(|m| s.get(m.stand)).collect();
        let theirs: Vec<&Stand> = s
            .side_on_table(target.side)
            .filter(|o| o.id == target.id || (!o.hidden && self.within(o, target, range)))
            .collect();
        let d = side_mod(&ours) - side_mod(&theirs);
        let (mut win, mut tie) = (0, 0);
        for a in 1..=6 {
            for b in 1..=6 {
                match (a + d).cmp(&b) {
                    std::cmp::Ordering::Greater => win += 1,
                    std::cmp::Ordering::Equal => tie += 1,
                    std::cmp::Ordering::Less => {}
                }
            }
        }
        if tie == 36 {
            0.5
        } else {
            win as f64 / (36 - tie) as f64
        }
    }

    /// A move by the attacker in its initiative: its fighting stands
    /// (fire teams, machine guns, command groups: CF4.0 needs the command
    /// group in sight, so it follows; armoured vehicles, whose machine
    /// guns small arms cannot silence (6.7, 6.11: only anti-tank weapons
    /// harm them); flamethrowers, which reach one base width and burn out
    /// a field defence's every occupant, 6.12) going nearer the objective
    /// are the advance, the more the nearer they end, more in cover
    /// (CF-F2: a die off each firer) and most in the objective itself
    /// (S13); a stand never leaves the objective it stands in. Medics,
    /// observers and helicopters move up only as gambles. (Scripted Free
    /// World against random play in Bunker Line, `vt balance --games 200`:
    /// with the vehicles and the flamethrower held back as gambles it won
    /// 10.0 % of seed 1 and 12.0 % of seed 7; advancing with the rest,
    /// 17.5 % and 13.5 %.)
    fn advance_weight(
        &self,
        s: &State,
        goal: Point,
        area: &[Point],
        moves: &[crate::command::StandMove],
    ) -> (Tier, u32) {
        let Some(m) = moves.first() else {
            return (Tier::Last, 0);
        };
        let Some(st) = s.get(m.stand) else {
            return (Tier::Last, 0);
        };
        let skip: Vec<StandId> = moves.iter().map(|x| x.stand).collect();
        let Ok(leg) = self.plan_leg(s, st, m, &skip, "base 4.0") else {
            return (Tier::Last, 0);
        };
        let in_area = |p: Point| !area.is_empty() && point_in_polygon(area, p);
        if in_area(st.at) && !in_area(leg.to) {
            return (Tier::Last, 0);
        }
        let gain = st.at.distance(goal) - leg.to.distance(goal);
        let enters = in_area(leg.to) && !in_area(st.at);
        if gain < 0.5 && !enters {
            return (Tier::Last, 0);
        }
        let cover = self.feature_at(s, leg.to).is_some() as u32;
        let w = 10 + gain.min(24.0) as u32 + 8 * cover + if in_area(leg.to) { 40 } else { 0 };
        use crate::data::Role;
        match self.unit_type(st).role {
            Role::FireTeam
            | Role::Hmg
            | Role::Command
            | Role::SniperTeam
            | Role::Law
            | Role::Flame => (Tier::Advance, w),
            Role::Vehicle if self.unit_type(st).armoured => (Tier::Advance, w),
            _ => (Tier::Gamble, w / 4),
        }
    }

    /// A move nearer the objective is liked by the attacker, the more if
    /// it ends in cover (CF-F2: a terrain piece takes a die off each
    /// firer); a hidden defender keeps still (moving shows it); a defender
    /// in sight makes for the objective it denies (S13: the attacker holds
    /// it only with no defender in it) or for cover; other moves are
    /// middling.
    fn move_weight(
        &self,
        s: &State,
        goal: Option<Point>,
        moves: &[crate::command::StandMove],
    ) -> u32 {
        let Some(m) = moves.first() else {
            return 1;
        };
        let Some(st) = s.get(m.stand) else {
            return 1;
        };
        if st.hidden {
            return 1;
        }
        if st.withdrawing {
            return 8;
        }
        let cover = |p: Point| self.feature_at(s, p).is_some() as u32;
        let into_cover = cover(m.to) > cover(st.at);
        let out_of_cover = cover(m.to) < cover(st.at);
        let base = match goal {
            // The further the better: a move keeps the initiative (only a
            // failed fire or the enemy's reactive fire takes it, CF base)
            // and the clock runs out on an attacker who edges forward.
            Some(g) if m.to.distance(g) + 1.0 < st.at.distance(g) => {
                let gain = st.at.distance(g) - m.to.distance(g);
                6 + (gain / 2.0).min(12.0) as u32
            }
            Some(_) => 2,
            None => {
                let sc = self.scenario_of(s);
                match sc.objectives.iter().find(|o| !o.area.is_empty()) {
                    Some(o) if st.side != sc.attacker => {
                        let c = centroid(&o.area);
                        if point_in_polygon(&o.area, st.at) {
                            1
                        } else if m.to.distance(c) + 1.0 < st.at.distance(c) {
                            5
                        } else {
                            2
                        }
                    }
                    _ => 3,
                }
            }
        };
        if into_cover {
            base + 4
        } else if out_of_cover {
            (base / 2).max(1)
        } else {
            base
        }
    }

    /// Each stand's scenario place and facing, by stand id (the stands of
    /// a scenario are numbered in the order of its forces, Free World
    /// first).
    fn scenario_place(&self, s: &State, id: StandId) -> Option<(Point, Option<Point>)> {
        let sc = self.scenario_of(s);
        let mut i = id as usize;
        for side in [Side::FreeWorld, Side::VcNva] {
            let forces = &sc.side(side)?.forces;
            if i < forces.len() {
                return Some((forces[i].at, forces[i].facing));
            }
            i -= forces.len();
        }
        None
    }

    /// CF base, hidden deployment: the enemy's hidden stands are set up
    /// again, each where it could have been set up and not been found:
    /// in its side's zone, not within spotting range of a stand of ours
    /// nor in a terrain piece one of ours stands in, nor in an objective
    /// one of ours stands in, and not on another stand. Half the tries
    /// start near the scenario's place for the stand (the forces and
    /// their suggested set-up are public), half anywhere in the zone.
    /// Which enemy stands are still hidden is known (the forces are
    /// public, the found and killed ones were seen); nothing of where
    /// they are is read.
    fn replace_hidden(&self, s: &mut State, me: Side, rng: &mut GameRng) {
        let enemy = me.other();
        let hidden: Vec<StandId> = s
            .side_on_table(enemy)
            .filter(|st| st.hidden)
            .map(|st| st.id)
            .collect();
        if hidden.is_empty() {
            return;
        }
        for &id in &hidden {
            s.stand_mut(id).presence = Presence::Waiting;
        }
        let t = self.table_of(s);
        let zone: Vec<Point> = self
            .scenario_side(s, enemy)
            .map(|ss| ss.zone.clone())
            .unwrap_or_default();
        let (lo, hi) = if zone.is_empty() {
            (Point::new(0.0, 0.0), Point::new(t.size.0, t.size.1))
        } else {
            zone.iter().fold(
                (
                    Point::new(f64::INFINITY, f64::INFINITY),
                    Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
                ),
                |(lo, hi), p| {
                    (
                        Point::new(lo.x.min(p.x), lo.y.min(p.y)),
                        Point::new(hi.x.max(p.x), hi.y.max(p.y)),
                    )
                },
            )
        };
        let mine: Vec<Stand> = s.side_on_table(me).cloned().collect();
        let range = self.rules().sw(self.rules().hidden.spot_range.value);
        let pieces_of_mine: Vec<usize> = mine
            .iter()
            .filter_map(|st| self.feature_at(s, st.at))
            .collect();
        let objectives_of_mine: Vec<Vec<Point>> = self
            .scenario_of(s)
            .objectives
            .iter()
            .filter(|o| !o.area.is_empty())
            .filter(|o| mine.iter().any(|st| point_in_polygon(&o.area, st.at)))
            .map(|o| o.area.clone())
            .collect();
        let default_facing = match enemy {
            Side::FreeWorld => Point::new(0.0, 1.0),
            Side::VcNva => Point::new(0.0, -1.0),
        };
        // Hundredths of an inch: whole numbers, the same on every machine.
        let between = |rng: &mut GameRng, a: f64, b: f64| {
            let n = ((b - a) * 100.0).max(0.0) as u32;
            a + rng.below(n + 1) as f64 / 100.0
        };
        for id in hidden {
            let place = self.scenario_place(s, id);
            let facing = place
                .and_then(|(_, f)| f)
                .and_then(|f| f.normalized())
                .unwrap_or(default_facing);
            let mut chosen = None;
            for k in 0..PLACE_TRIES {
                let p = match place {
                    Some((at, _)) if k % 2 == 0 => Point::new(
                        at.x + between(rng, -4.0, 4.0),
                        at.y + between(rng, -4.0, 4.0),
                    ),
                    _ => Point::new(between(rng, lo.x, hi.x), between(rng, lo.y, hi.y)),
                }
                .snapped(vt_core::tabletop::HUNDREDTH);
                if !self.in_zone(s, enemy, p) {
                    continue;
                }
                let st = s.stand(id);
                let base = self.base_at(st, p, facing);
                if mine.iter().any(|o| base.distance_to(&self.base(o)) < range) {
                    continue;
                }
                if self
                    .feature_at(s, p)
                    .is_some_and(|i| pieces_of_mine.contains(&i))
                {
                    continue;
                }
                if objectives_of_mine.iter().any(|a| point_in_polygon(a, p)) {
                    continue;
                }
                let st = st.clone();
                if self.check_standing(s, &st, p, facing, "").is_err() {
                    continue;
                }
                chosen = Some(p);
                break;
            }
            let st = s.stand_mut(id);
            st.presence = Presence::Table;
            st.facing = facing;
            st.at = chosen
                .or(place.map(|(at, _)| at))
                .unwrap_or(Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0));
        }
    }

    /// 6.5: the VC/NVA know a Dust Off is on its way, not its die: the
    /// wait left is drawn again.
    fn redraw_dust_off(&self, s: &mut State, me: Side, rng: &mut GameRng) {
        if me == Side::FreeWorld {
            return;
        }
        let die = self.rules().medevac.dust_off_die.value.max(1) as u32;
        if let Some(call) = s.dust_off.as_mut() {
            call.delay = 1 + rng.below(die) as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use vt_core::digest::digest;
    use vt_core::{Ruleset, Setup};

    // S13: how well a side did, beyond who won, for the search's
    // finished games: in [0, 1], the two sides' adding up to one.
    #[test]
    fn the_margin_reads_a_finished_game() {
        vt_core::testing::check_margin(std::sync::Arc::new(CrossfireVn::embedded()), 5, 2);
    }

    const SCENARIOS: [&str; 3] = ["trail-contact", "bunker-line", "dust-off-under-fire"];

    /// A Fire command's target and its chances (kill, suppress) as a direct
    /// shot, as the weights judge them; `None` for any other command.
    fn direct_fire_chances(
        rules: &CrossfireVn,
        s: &State,
        c: &Command,
    ) -> Option<(StandId, f64, f64)> {
        let Command::Fire {
            firers,
            target,
            support,
        } = c
        else {
            return None;
        };
        let (_, kill, suppress) = rules.fire_chances(s, firers, *target, support).unwrap();
        Some((*target, kill, suppress))
    }

    // CF base hidden deployment, 6.5: a sample looks the same to the side
    // it is for, and does not depend on where the enemy's hidden stands are.
    // Each scenario thinks at its own measured rate (a level's seconds
    // become its iterations).
    #[test]
    fn every_scenario_has_its_search_rate() {
        vt_core::testing::check_search_rates(&CrossfireVn::embedded(), SEARCH_RATES);
    }

    #[test]
    fn samples_keep_what_each_side_sees() {
        for sc in SCENARIOS {
            vt_core::testing::check_determinize(
                Arc::new(CrossfireVn::embedded()),
                &Setup::new(sc, 3),
                2,
                7,
            );
        }
    }

    // CF base: each die of 5 or 6 hits; of three dice, two or more hit
    // with chance 7/27 and all three with 1/27.
    #[test]
    fn at_least_counts_hits() {
        let third = 1.0 / 3.0;
        assert!((at_least(3, third, 2) - 7.0 / 27.0).abs() < 1e-12);
        assert!((at_least(3, third, 3) - 1.0 / 27.0).abs() < 1e-12);
        assert_eq!(at_least(2, 0.5, 3), 0.0);
        assert_eq!(at_least(2, 0.5, 0), 1.0);
    }

    // CF base, CF6.4-6.5: direct fire that neither suppresses nor kills
    // hands the initiative over, so the prior weighs a shot by its chances:
    // one that suppresses or kills more often than not outweighs handing
    // the initiative over many times, and of two shots at the same target
    // the likelier to suppress or kill never weighs less. Both come up in
    // the games the rollout policy plays.
    #[test]
    fn prior_fires_at_the_best_chances() {
        let rules = CrossfireVn::embedded();
        let (mut good, mut pairs) = (0, 0);
        for sc in SCENARIOS {
            for seed in 1..4 {
                let mut s = rules.new_game(&Setup::new(sc, seed)).unwrap();
                let mut rng = GameRng::seeded(seed);
                let mut ev = Vec::new();
                while rules.to_move(&s).is_some() {
                    let legal = rules.legal(&s);
                    let w = rules.prior(&s, &legal).unwrap();
                    assert_eq!(w.len(), legal.len());
                    let end = legal
                        .iter()
                        .zip(&w)
                        .find(|(c, _)| matches!(c, Command::EndInitiative))
                        .map(|(_, w)| *w);
                    let mut shots: Vec<(StandId, f64, f64)> = Vec::new();
                    for (c, &wc) in legal.iter().zip(&w) {
                        let (Some((target, kill, suppress)), Some(e)) =
                            (direct_fire_chances(&rules, &s, c), end)
                        else {
                            continue;
                        };
                        let p = kill + suppress;
                        if p > 0.5 {
                            assert!(wc > 8.0 * e, "{sc} {seed}: {p} {wc} {e}");
                            good += 1;
                        }
                        for &(t, p2, w2) in &shots {
                            if t == target && (p2 - p).abs() > 0.05 && kill < 0.05 {
                                let ok = if p2 < p { w2 <= wc } else { w2 >= wc };
                                assert!(ok, "{sc} {seed}: {p2} {w2}, {p} {wc}");
                                pairs += 1;
                            }
                        }
                        if kill < 0.05 {
                            shots.push((target, p, wc));
                        }
                    }
                    let k = rules.rollout(&s, &legal, &mut rng);
                    ev.clear();
                    rules.execute(&mut s, &legal[k], &mut ev);
                }
            }
        }
        assert!(good > 0 && pairs > 0, "{good} good, {pairs} pairs");
    }

    // S13: the ford is the Free World's only if it stands there at the
    // end: until then a US stand nearer it reads as a better chance for the
    // Free World (a search whose rollouts stop short needs that gradient
    // to go forward at all), and holding it better still.
    #[test]
    fn evaluation_rewards_the_approach_and_the_ford() {
        let rules = CrossfireVn::embedded();
        let mut s = set_up_with(&rules, "V1/3 A", Point::new(14.0, 34.5));
        // The VC out of the ford's way, so that holding it is the US's.
        for st in s.stands.iter_mut().filter(|x| x.side == Side::VcNva) {
            st.at = Point::new(st.at.x.min(20.0), st.at.y.max(40.0));
        }
        let ft = s.stands.iter().find(|x| x.label == "1/1 A").unwrap().id;
        let at = |y: f64| {
            let mut t = s.clone();
            t.stand_mut(ft).at = Point::new(36.0, y);
            rules.evaluate(&t, Side::FreeWorld.idx() as SideIdx)
        };
        let (start, halfway, near, on) = (at(8.0), at(18.0), at(25.0), at(32.0));
        assert!(
            start < halfway && halfway < near && near < on,
            "{start} {halfway} {near} {on}"
        );
        let vc = rules.evaluate(&s, Side::VcNva.idx() as SideIdx);
        let fw = rules.evaluate(&s, Side::FreeWorld.idx() as SideIdx);
        assert!((vc + fw - 1.0).abs() < 1e-12);
    }

    // S13, 6.11: an ACAV in sight of an enemy RPG team is points the
    // enemy may take (destroyed on the RPG's die at the ACAV's number,
    // 3 or more: 4 in 6), a second RPG in sight makes it likelier, a
    // suppressed one cannot fire (base 6.5.2); the search reads the
    // exposure as a share of those points already the enemy's.
    #[test]
    fn a_vehicle_in_an_rpgs_sight_is_points_at_risk() {
        use crate::tests::util::Lab;
        let mut l = Lab::new();
        let acav = l.add("m113-acav", Side::FreeWorld, 66.0, 30.0);
        let rpg = l.add("nva-rpg", Side::VcNva, 66.0, 40.0);
        let worth = l.g.rules().victory.armoured_vehicle.value as f64;
        let needed = l.g.unit_type(l.s.stand(acav)).at_number.unwrap() as f64;
        let p = (7.0 - needed) / 6.0;
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
        let e = l.g.exposure(&l.s);
        assert!(near(e[Side::FreeWorld.idx()], worth * p), "{e:?}");
        assert_eq!(e[Side::VcNva.idx()], 0.0);
        let second = l.add("nva-rpg", Side::VcNva, 69.0, 40.0);
        let e = l.g.exposure(&l.s);
        let two = worth * (1.0 - (1.0 - p) * (1.0 - p));
        assert!(near(e[Side::FreeWorld.idx()], two), "{e:?}");
        for id in [rpg, second] {
            l.s.stand_mut(id).status = Status::Suppressed;
        }
        assert_eq!(l.g.exposure(&l.s), [0.0, 0.0], "suppressed: no fire");
        l.s.stand_mut(second).status = Status::Ok;
        // Nearer than a stand's width (6.11's least range), or in the
        // jungle out of sight: nothing at risk.
        l.s.stand_mut(acav).at = Point::new(69.0, 38.5);
        assert_eq!(l.g.exposure(&l.s), [0.0, 0.0], "too near to fire at");
        // The search's reading: the same position but for where the ACAV
        // stands (nothing else it reads depends on it) is worse for its
        // side in the RPG's sight.
        let fw = Side::FreeWorld.idx() as SideIdx;
        l.s.stand_mut(acav).at = Point::new(15.0, 15.0);
        assert_eq!(l.g.exposure(&l.s), [0.0, 0.0], "out of sight");
        let hidden = l.g.evaluate(&l.s, fw);
        l.s.stand_mut(acav).at = Point::new(66.0, 30.0);
        let exposed = l.g.evaluate(&l.s, fw);
        assert!(exposed < hidden, "{exposed} {hidden}");
    }

    // 6.11: a found RPG with an ACAV in its sight is the attacker's first
    // target, as a stand in the objective is (its fire counts as sure at
    // half the odds), and the ACAV's first move is out of its sight; into
    // such sight it goes only as a gamble, even nearer the objective.
    // Scripted Free World against random play in Bunker Line (`scores ...
    // 200 S free-world=scripted,vc-nva=random`, seeds 1, 2, 3, 7): 525 of
    // 800 before, 565 after.
    #[test]
    fn an_rpg_with_our_vehicle_in_its_sight_is_silenced_first() {
        use crate::tests::util::Lab;
        let mut l = Lab::new();
        // The RPG north of the jungle D2 (57.5-62 x 30-40): it sees the
        // ACAV east of the jungle's corner, not south of the jungle.
        let rpg = l.add("nva-rpg", Side::VcNva, 59.75, 44.0);
        let (seen, unseen) = (Point::new(66.0, 36.0), Point::new(64.0, 22.0));
        let acav = l.add("m113-acav", Side::FreeWorld, seen.x, seen.y);
        let ft = l.add("us-ft", Side::FreeWorld, 70.0, 44.0);
        let acav_st = l.s.stand(acav).clone();
        assert!(l.g.at_risk(&l.s, &acav_st, seen, false) > 0.0, "seen");
        assert_eq!(l.g.at_risk(&l.s, &acav_st, unseen, false), 0.0, "unseen");
        let area = l.g.scenario_of(&l.s).objectives[0].area.clone();
        let goal = centroid(&area);
        let weight = |(t, w): (Tier, u32)| w.min(200) * t.scale();
        let shot = Command::Fire {
            firers: vec![ft],
            target: rpg,
            support: vec![],
        };
        let (_, kill, suppress) = l.g.fire_chances(&l.s, &[ft], rpg, &[]).unwrap();
        assert!(kill + suppress >= SURE_SHOT / 2.0, "{kill} {suppress}");
        let threatened = l.g.attack_tier(&l.s, goal, &area, &shot);
        assert_eq!(threatened.0, Tier::Sure, "{threatened:?}");
        // In sight of a found RPG, the ACAV's move out of it comes first.
        let step = |to: Point| Command::Move {
            moves: vec![crate::command::StandMove {
                stand: acav,
                to,
                facing: None,
            }],
        };
        let out = l.g.attack_tier(&l.s, goal, &area, &step(unseen));
        assert_eq!(out.0, Tier::Sure, "{out:?}");
        // Out of its sight, the RPG is fired at on the odds alone, and the
        // move back into its sight, though nearer the objective, is a
        // gamble.
        l.s.stand_mut(acav).at = unseen;
        let safe = l.g.attack_tier(&l.s, goal, &area, &shot);
        assert!(weight(threatened) > weight(safe), "{threatened:?} {safe:?}");
        assert!(seen.distance(goal) < unseen.distance(goal));
        let Command::Move { moves } = step(seen) else {
            unreachable!()
        };
        let advance = l.g.advance_weight(&l.s, goal, &area, &moves);
        assert_eq!(advance.0, Tier::Advance, "an advance but for the RPG");
        let back = l.g.attack_tier(&l.s, goal, &area, &step(seen));
        assert_eq!(back.0, Tier::Gamble, "{back:?}");
    }

    // 6.11, CF base 6.2: reactive fire may come at any point of a move, so
    // a vehicle's move that passes through a found RPG's sight is a gamble
    // though it starts and ends out of it.
    #[test]
    fn a_vehicle_does_not_drive_past_an_rpg_it_can_avoid() {
        use crate::tests::util::Lab;
        let mut l = Lab::new();
        // The RPG above the gap between the jungles D1 (50-55 x 30-40) and
        // D2 (57.5-62 x 30-40): it sees south through the gap only.
        l.add("nva-rpg", Side::VcNva, 56.25, 44.0);
        let (from, to) = (Point::new(60.0, 24.0), Point::new(52.0, 24.0));
        let acav = l.add("m113-acav", Side::FreeWorld, from.x, from.y);
        let st = l.s.stand(acav).clone();
        for p in [from, to] {
            assert_eq!(l.g.at_risk(&l.s, &st, p, false), 0.0, "{p:?} out of sight");
        }
        assert!(
            l.g.at_risk(&l.s, &st, Point::new(56.25, 24.0), false) > 0.0,
            "the gap"
        );
        let area = l.g.scenario_of(&l.s).objectives[0].area.clone();
        let goal = centroid(&area);
        let moves = vec![crate::command::StandMove {
            stand: acav,
            to,
            facing: None,
        }];
        assert_eq!(
            l.g.advance_weight(&l.s, goal, &area, &moves).0,
            Tier::Advance,
            "an advance but for the RPG"
        );
        let tier = l.g.attack_tier(&l.s, goal, &area, &Command::Move { moves });
        assert_eq!(tier.0, Tier::Gamble, "{tier:?}");
    }

    // CF7.1: a barrage rolls its dice at every stand under it, friend or
    // foe, so the attacker calls none onto its own men. Watched (Bunker
    // Line, seed 1, game 0, at Quick against random play): the FO called
    // HE on a fire team 1.5" from its own pinned command group and killed
    // the command group.
    #[test]
    fn no_barrage_falls_on_our_own_men() {
        let rules = CrossfireVn::embedded();
        let mut s = first_initiative(&rules);
        let fo = s.stands.iter().find(|x| x.label == "FO").unwrap().id;
        let vc = s.stands.iter().find(|x| x.label == "V1/3 A").unwrap().id;
        let ours = s.stands.iter().find(|x| x.label == "1/1 A").unwrap().id;
        // The enemy fire team seen in the open, our own far from it.
        let at = Point::new(40.0, 20.0);
        s.stand_mut(vc).hidden = false;
        s.stand_mut(vc).at = at;
        let call = Command::CallFire {
            observer: fo,
            at,
            smoke: false,
        };
        let weight_of = |s: &State| {
            rules
                .rollout_weights(s, &[call.clone(), Command::EndInitiative])
                .unwrap()[0]
        };
        let (hit, own) = rules.barrage_odds(&s, Side::FreeWorld, at);
        assert!(hit > 0.2 && own == 0.0, "{hit} {own}");
        let clear = weight_of(&s);
        assert!(clear > 20, "{clear}");
        // Our fire team a stand's width off the aim, under the barrage in
        // the same cover: as likely to be hurt as the enemy.
        s.stand_mut(ours).at = Point::new(41.5, 20.0);
        let (hit2, own2) = rules.barrage_odds(&s, Side::FreeWorld, at);
        assert_eq!(hit, hit2);
        assert!((own2 - hit).abs() < 1e-9, "{own2}");
        assert_eq!(weight_of(&s), 0, "as likely to hurt ours: never");
        // Hidden enemies count for nothing: the side does not know of them.
        s.stand_mut(ours).at = Point::new(10.0, 5.0);
        s.stand_mut(vc).hidden = true;
        assert_eq!(rules.barrage_odds(&s, Side::FreeWorld, at), (0.0, 0.0));
    }

    /// Trail Contact at the start of the Free World's first initiative.
    fn first_initiative(rules: &CrossfireVn) -> State {
        let mut s = set_up_with(rules, "V1/3 A", Point::new(14.0, 34.5));
        let mut ev = Vec::new();
        rules.execute(&mut s, &Command::SetupDone, &mut ev);
        assert!(matches!(
            s.step(),
            Step::Initiative {
                side: Side::FreeWorld
            }
        ));
        s
    }

    /// The weights of the attacker's legal commands, by command.
    fn attack_weights_of(rules: &CrossfireVn, s: &State) -> Vec<(Command, u32)> {
        let legal = rules.legal(s);
        let w = rules.rollout_weights(s, &legal).unwrap();
        let total: u64 = w.iter().map(|&x| x as u64).sum();
        // vt_core's weighted_index draws uniformly past u32::MAX.
        assert!(total > 0 && total <= u32::MAX as u64, "{total}");
        legal.into_iter().zip(w).collect()
    }

    // CF base: a side keeps the initiative until an action fails, and a
    // move fails only if reactive fire suppresses or kills the mover,
    // while a fire that does not suppress or kill, a failed rally, a
    // barrage or recon by fire that finds nothing hand it over. So the
    // attacker's fire teams close on the objective first, and every
    // gamble (and handing over) waits until nothing is left to advance.
    #[test]
    fn the_attacker_advances_before_it_gambles() {
        let rules = CrossfireVn::embedded();
        let s = first_initiative(&rules);
        let goal = rules.goal(&s).unwrap();
        let weights = attack_weights_of(&rules, &s);
        let mut advances = Vec::new();
        let mut gambles = Vec::new();
        for (c, w) in &weights {
            match c {
                Command::Move { moves } => {
                    let st = s.stand(moves[0].stand);
                    if rules.unit_type(st).role != crate::data::Role::FireTeam {
                        continue;
                    }
                    let leg = rules.plan_leg(&s, st, &moves[0], &[st.id], "t").unwrap();
                    if leg.to.distance(goal) + 1.0 < st.at.distance(goal) {
                        advances.push(*w);
                    }
                }
                Command::Fire { .. }
                | Command::Rally { .. }
                | Command::ReconByFire { .. }
                | Command::CallFire { .. }
                | Command::EndInitiative => gambles.push((c.clone(), *w)),
                _ => {}
            }
        }
        assert!(advances.len() >= 6, "{advances:?}");
        let least = *advances.iter().min().unwrap();
        for (c, w) in &gambles {
            assert!(*w * 10 < least, "{c:?} {w} against an advance of {least}");
        }
        assert!(
            gambles
                .iter()
                .any(|(c, _)| matches!(c, Command::EndInitiative))
        );
    }

    // 6.7, 6.11: small arms cannot harm an armoured vehicle, and its
    // machine gun fires as an HMG; 6.12: a flamethrower reaches one base
    // width and burns out every occupant of a field defence. So in Bunker
    // Line the ACAVs and the flamethrower close on the bunker line with
    // the fire teams, before any gamble that would hand the initiative
    // over, rather than staying on the start line.
    #[test]
    fn the_attackers_vehicles_and_flamethrower_advance_with_the_rest() {
        let rules = CrossfireVn::embedded();
        let mut s = rules.new_game(&Setup::new("bunker-line", 5)).unwrap();
        let mut ev = Vec::new();
        while !matches!(s.step(), Step::Initiative { .. }) {
            rules.execute(&mut s, &Command::SetupDone, &mut ev);
        }
        assert!(matches!(
            s.step(),
            Step::Initiative {
                side: Side::FreeWorld
            }
        ));
        let goal = rules.goal(&s).unwrap();
        let weights = attack_weights_of(&rules, &s);
        let gamble = weights
            .iter()
            .filter(|(c, _)| {
                matches!(
                    c,
                    Command::Fire { .. }
                        | Command::Rally { .. }
                        | Command::ReconByFire { .. }
                        | Command::CallFire { .. }
                        | Command::EndInitiative
                )
            })
            .map(|(_, w)| *w)
            .max()
            .unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for (c, w) in &weights {
            let Command::Move { moves } = c else {
                continue;
            };
            let st = s.stand(moves[0].stand);
            let role = rules.unit_type(st).role;
            if !matches!(role, crate::data::Role::Vehicle | crate::data::Role::Flame) {
                continue;
            }
            let leg = rules.plan_leg(&s, st, &moves[0], &[st.id], "t").unwrap();
            if leg.to.distance(goal) + 1.0 < st.at.distance(goal) {
                assert!(
                    *w > 10 * gamble,
                    "{} {w} against a gamble of {gamble}",
                    st.label
                );
                seen.insert(st.label.clone());
            }
        }
        assert!(
            seen.contains("ACAV 1") && seen.contains("ACAV 2") && seen.contains("Flame"),
            "{seen:?}"
        );
    }

    // CF6.5.2 (a suppressed stand suppressed again is killed) with CF
    // base fire: a shot likelier than not to suppress or kill keeps the
    // initiative, and a suppressed enemy cannot fire at the movers, so
    // the attacker takes it before it moves; a shot at longer odds waits.
    #[test]
    fn the_attacker_fires_first_when_the_odds_are_good() {
        let rules = CrossfireVn::embedded();
        let mut s = first_initiative(&rules);
        let id = s.stands.iter().find(|x| x.label == "V1/1 A").unwrap().id;
        let st = s.stand_mut(id);
        st.hidden = false;
        st.at = Point::new(36.0, 13.5);
        st.status = Status::Suppressed;
        let weights = attack_weights_of(&rules, &s);
        let most_move = weights
            .iter()
            .filter(|(c, _)| matches!(c, Command::Move { .. }))
            .map(|(_, w)| *w)
            .max()
            .unwrap();
        let (mut sure, mut long) = (0, 0);
        for (c, w) in &weights {
            let Some((_, kill, suppress)) = direct_fire_chances(&rules, &s, c) else {
                continue;
            };
            if kill + suppress >= SURE_SHOT {
                assert!(*w > most_move, "{c:?} {w} below a move {most_move}");
                sure += 1;
            } else {
                assert!(*w < most_move, "{c:?} {w} above a move {most_move}");
                long += 1;
            }
        }
        assert!(sure > 0 && long > 0, "{sure} sure, {long} long");
    }

    // Issue 13: the scripted Free World (these weights on a sample of what
    // it may know) against random VC play in Trail Contact. Before it kept
    // the order above it won 1 game in 40 (fire and rallies that failed
    // spent its initiatives); it must now take and hold the ford often.
    #[test]
    fn the_scripted_attacker_takes_the_ford() {
        let wins = scripted_free_world_wins("trail-contact", 40);
        assert!(wins >= 12, "{wins} of 40");
    }

    /// Games of `scenario` (seeds as `vt balance --seed 1`) the scripted
    /// Free World wins against random VC/NVA play, of `games`.
    fn scripted_free_world_wins(scenario: &str, games: u64) -> u32 {
        let rules = CrossfireVn::embedded();
        let mut wins = 0;
        for i in 0..games {
            let (gs, ps) = vt_core::playout::game_seeds(1, i);
            let mut s = rules.new_game(&Setup::new(scenario, gs)).unwrap();
            let mut rng = GameRng::seeded(ps);
            let mut ev = Vec::new();
            while let Some(side) = rules.to_move(&s) {
                let legal = rules.legal(&s);
                let k = if side == Side::FreeWorld.idx() as SideIdx && legal.len() > 1 {
                    scripted(&rules, &s, side, &legal, &mut rng)
                } else {
                    rng.index(legal.len())
                };
                ev.clear();
                rules.execute(&mut s, &legal[k], &mut ev);
            }
            let p = rules.points(&s);
            wins += (p[Side::FreeWorld.idx()] > p[Side::VcNva.idx()]) as u32;
        }
        wins
    }

    /// The scripted player's command for `side` (these weights on a
    /// sample of what it may know), as an index into the real `legal`.
    fn scripted(
        rules: &CrossfireVn,
        s: &State,
        side: SideIdx,
        legal: &[Command],
        rng: &mut GameRng,
    ) -> usize {
        let sample = rules.determinize(s, side, rng);
        let seen = rules.legal(&sample);
        let c = digest(&seen[rules.rollout(&sample, &seen, rng)]);
        // As vt_ai's scripted player: a command the sample offers and the
        // real game does not (a set-up place) gives way to a random one.
        legal
            .iter()
            .position(|x| digest(x) == c)
            .unwrap_or_else(|| rng.index(legal.len()))
    }

    /// Dust Off under Fire once both sides have set up: the Free World's
    /// first initiative.
    fn dust_off_first_initiative(rules: &CrossfireVn) -> State {
        let mut s = rules
            .new_game(&Setup::new("dust-off-under-fire", 3))
            .unwrap();
        let mut ev = Vec::new();
        while !matches!(s.step(), Step::Initiative { .. }) {
            rules.execute(&mut s, &Command::SetupDone, &mut ev);
        }
        assert!(matches!(
            s.step(),
            Step::Initiative {
                side: Side::FreeWorld
            }
        ));
        s
    }

    // CF 6.5: two medics form an Aid Post (no reactive fire), which takes
    // 2 off the Dust Off die; the Dust Off is requested during the
    // initiative and its delay counts initiatives. CF base: a side keeps
    // the initiative until an action fails. So the defending Free World
    // forms the Aid Post first, then calls the Dust Off for its wounded,
    // both before any gamble whose failure would hand the initiative over
    // (a long shot, a rally, recon by fire) and before handing it over.
    #[test]
    fn the_defender_forms_the_aid_post_and_calls_the_dust_off_before_it_gambles() {
        let rules = CrossfireVn::embedded();
        let mut s = dust_off_first_initiative(&rules);
        let first = |s: &State| -> (Command, u32, u32) {
            let legal = rules.legal(s);
            let w = rules.rollout_weights(s, &legal).unwrap();
            let total: u64 = w.iter().map(|&x| x as u64).sum();
            assert!(total > 0 && total <= u32::MAX as u64, "{total}");
            let (i, top) = w.iter().enumerate().max_by_key(|(_, w)| **w).unwrap();
            let gamble = legal
                .iter()
                .zip(&w)
                .filter(|(c, _)| {
                    matches!(
                        c,
                        Command::Rally { .. }
                            | Command::ReconByFire { .. }
                            | Command::EndInitiative
                            | Command::CallFire { .. }
                    ) || direct_fire_chances(&rules, s, c)
                        .is_some_and(|(_, k, p)| k + p < SURE_SHOT)
                })
                .map(|(_, w)| *w)
                .max()
                .unwrap_or(0);
            (legal[i].clone(), *top, gamble)
        };
        let (c, top, gamble) = first(&s);
        assert!(matches!(c, Command::FormAidPost { .. }), "{c:?}");
        assert!(top > 100 * gamble, "{top} against a gamble of {gamble}");
        let mut ev = Vec::new();
        rules.execute(&mut s, &c, &mut ev);
        assert!(rules.aid_post_on_table(&s, Side::FreeWorld));
        let (c, top, gamble) = first(&s);
        assert!(matches!(c, Command::RequestDustOff), "{c:?}");
        assert!(top > 100 * gamble, "{top} against a gamble of {gamble}");
    }

    // CF 6.5: a Dust Off takes the casualty markers within reach of it,
    // three at most, and only those lying on the ground: overhead, it
    // lands where it lifts the most, and never where it lifts nobody.
    #[test]
    fn the_dust_off_lands_where_it_lifts_the_most() {
        let rules = CrossfireVn::embedded();
        let mut s = dust_off_first_initiative(&rules);
        s.steps.push(Step::DustOff {
            side: Side::FreeWorld,
        });
        let legal = rules.legal(&s);
        let w = rules.rollout_weights(&s, &legal).unwrap();
        let load = |c: &Command| match c {
            Command::LandDustOff { at } => rules.dust_off_load_at(&s, *at).len(),
            _ => 0,
        };
        let best = legal.iter().map(load).max().unwrap();
        assert!(best >= 2, "{best}");
        for (c, w) in legal.iter().zip(&w) {
            if load(c) < best {
                assert_eq!(*w, 0, "{c:?} lifts {} of {best}", load(c));
            }
        }
        assert!(legal.iter().zip(&w).any(|(c, w)| load(c) == best && *w > 0));
    }

    // Dust Off under Fire: the scripted Free World (these weights on a
    // sample of what it may know) against random NVA play. CF 6.5: every
    // casualty evacuated wins it; played with the attacker's rules of
    // thumb (no Aid Post first, a Dust Off called only as a last resort
    // and landed anywhere, long shots before the wounded) it won none of
    // these 40 games (vt balance, seed 1); with its own it won 11 (27.5 %),
    // and 21 once a landing that lifts three of the five wounded was
    // offered (a Dust Off carries three, 6.5; before, the places offered
    // took two at most and five wounded needed all three Dust Offs) and
    // the NVA's RPG team was left out of the scenario. It must win 16.
    #[test]
    fn the_scripted_defender_gets_the_wounded_out() {
        let wins = scripted_free_world_wins("dust-off-under-fire", 40);
        assert!(wins >= 16, "{wins} of 40");
    }

    /// The game after the VC/NVA set up with one hidden stand at `at`.
    fn set_up_with(rules: &CrossfireVn, label: &str, at: Point) -> State {
        let mut s = rules.new_game(&Setup::new("trail-contact", 5)).unwrap();
        let id = s.stands.iter().find(|x| x.label == label).unwrap().id;
        let mut ev = Vec::new();
        rules.execute(
            &mut s,
            &Command::Place {
                stand: id,
                at,
                facing: Point::new(0.0, -1.0),
            },
            &mut ev,
        );
        rules.execute(&mut s, &Command::SetupDone, &mut ev);
        s
    }

    // Two games that differ only in where a hidden VC fire team stands
    // give the Free World the same samples: the sampler never reads it.
    #[test]
    fn the_sampler_never_reads_where_hidden_stands_are() {
        let rules = CrossfireVn::embedded();
        let a = set_up_with(&rules, "V1/3 A", Point::new(14.0, 34.5));
        let b = set_up_with(&rules, "V1/3 A", Point::new(66.0, 40.0));
        assert_ne!(digest(&a), digest(&b));
        for seed in 0..5 {
            let sa = rules.determinize(&a, 0, &mut GameRng::seeded(seed));
            let sb = rules.determinize(&b, 0, &mut GameRng::seeded(seed));
            assert_eq!(digest(&sa), digest(&sb), "seed {seed}");
        }
        // The VC/NVA know where their own stands are.
        let own = rules.determinize(&a, 1, &mut GameRng::seeded(1));
        assert_eq!(
            serde_json::to_string(&own.stands).unwrap(),
            serde_json::to_string(&a.stands).unwrap()
        );
    }

    // CF base hidden deployment: a re-placed hidden stand stands in its
    // zone, on no other stand, and out of the Free World's spotting range;
    // and the samples really spread it about.
    #[test]
    fn hidden_stands_are_set_up_where_they_could_be() {
        let rules = CrossfireVn::embedded();
        let s = set_up_with(&rules, "V1/3 A", Point::new(14.0, 34.5));
        let range = rules.rules().sw(rules.rules().hidden.spot_range.value);
        let mut places = std::collections::BTreeSet::new();
        for seed in 0..20 {
            let x = rules.determinize(&s, 0, &mut GameRng::seeded(seed));
            for st in x.side_on_table(Side::VcNva).filter(|st| st.hidden) {
                assert!(rules.in_zone(&x, Side::VcNva, st.at), "{}", st.label);
                for o in x.side_on_table(Side::FreeWorld) {
                    assert!(rules.base(st).distance_to(&rules.base(o)) >= range);
                }
                for o in x.on_table().filter(|o| o.id != st.id) {
                    assert!(
                        !rules.base(st).overlaps(&rules.base(o)),
                        "{} on {}",
                        st.label,
                        o.label
                    );
                }
                if st.label == "V1/3 A" {
                    places.insert(((st.at.x * 100.0) as i64, (st.at.y * 100.0) as i64));
                }
            }
        }
        assert!(places.len() > 10, "{places:?}");
    }

    // S13, Dust Off under Fire: while the clock runs, the evacuation's 10
    // points are shared by the casualties out and those still in, so each
    // casualty lifted off raises the Free World's chance, and the two
    // sides' chances still add up to one.
    #[test]
    fn an_evacuation_under_way_is_not_yet_the_enemys() {
        let rules = CrossfireVn::embedded();
        let mut s = rules
            .new_game(&Setup::new("dust-off-under-fire", 4))
            .unwrap();
        let wounded: Vec<usize> = (0..s.markers.len())
            .filter(|&i| {
                s.markers[i].side == Side::FreeWorld && s.markers[i].kind == MarkerKind::Casualty
            })
            .collect();
        assert_eq!(wounded.len(), 5, "five wounded Marines");
        let counted = rules.points(&s);
        assert_eq!(rules.prospect(&s), [counted[0] as f64, counted[1] as f64]);
        let mut last = rules.evaluate(&s, 0);
        for (n, &i) in wounded.iter().take(4).enumerate() {
            s.markers[i].place = MarkerPlace::Evacuated;
            let counted = rules.points(&s);
            let p = rules.prospect(&s);
            // 10 points times the share out go from the NVA to the Marines.
            let moved = 10.0 * (n + 1) as f64 / 5.0;
            assert_eq!(p, [counted[0] as f64 + moved, counted[1] as f64 - moved]);
            let now = rules.evaluate(&s, 0);
            assert!(now > last, "{n}: {now} after {last}");
            assert!((now + rules.evaluate(&s, 1) - 1.0).abs() < 1e-9);
            last = now;
        }
    }

    // The rollout policy plays whole games to an end.
    #[test]
    fn rollouts_finish_games() {
        let rules = CrossfireVn::embedded();
        for sc in SCENARIOS {
            let mut s = rules.new_game(&Setup::new(sc, 2)).unwrap();
            let mut rng = GameRng::seeded(2);
            let mut ev = Vec::new();
            let mut n = 0;
            while !s.is_over() && n < 20_000 {
                let legal = rules.legal(&s);
                let k = rules.rollout(&s, &legal, &mut rng);
                rules.execute(&mut s, &legal[k], &mut ev);
                n += 1;
            }
            assert!(s.is_over(), "{sc}: {n} commands");
            let e = rules.evaluate(&s, 0) + rules.evaluate(&s, 1);
            assert!((e - 1.0).abs() < 1e-9, "{sc}: {e}");
        }
    }
}
