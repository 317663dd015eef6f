//! Who plays a side: a random player, the game's scripted player, or the
//! search; and how `vt` names them (`random`, `scripted`, `mcts:500`, or
//! one of the launcher's levels, `quick`, `normal`, `strong`).

use crate::mcts::{Config, Search, Thought};
use crate::repeats::{Guard, Trail};
use std::fmt;
use std::sync::Arc;
use vt_core::digest::digest;
use vt_core::playout::Policy;
use vt_core::{AiRules, GameInfo, GameRng, SideIdx};

/// Iterations of `mcts` without a number.
pub const DEFAULT_ITERATIONS: u32 = 1000;

/// The launcher's levels of the search and their seconds of thought a
/// decision on one core of the 2-core reference machine. A level is a
/// number of iterations, its seconds at the scenario's
/// [`AiRules::search_rate`], so `vt --policy us=normal` plays as the
/// launcher's Normal does, on any machine.
pub const LEVELS: [(&str, f64); 3] = [("quick", 0.33), ("normal", 1.0), ("strong", 3.0)];

/// The seconds of the level named `name` ([`LEVELS`]).
pub fn level_seconds(name: &str) -> Option<f64> {
    LEVELS.iter().find(|(n, _)| *n == name).map(|&(_, s)| s)
}

/// A player of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Uniform over the legal commands.
    Random,
    /// The game's rollout policy ([`AiRules::rollout`]) on a sample of the
    /// hidden information: a player that follows the game's rules of thumb
    /// without looking ahead.
    Scripted,
    /// The search, with this many iterations per decision.
    Mcts { iterations: u32 },
}

impl Player {
    /// Reads a player's name; a level ([`LEVELS`]) becomes the search
    /// with `iterations_for(seconds)` iterations (the scenario's).
    pub fn parse(s: &str, iterations_for: &dyn Fn(f64) -> u32) -> Result<Player, String> {
        if let Some(seconds) = level_seconds(s) {
            return Ok(Player::Mcts {
                iterations: iterations_for(seconds).max(1),
            });
        }
        match s.split_once(':') {
            None if s == "random" => Ok(Player::Random),
            None if s == "scripted" => Ok(Player::Scripted),
            None if s == "mcts" => Ok(Player::Mcts {
                iterations: DEFAULT_ITERATIONS,
            }),
            Some(("mcts", n)) => match n.parse::<u32>() {
                Ok(iterations) if iterations > 0 => Ok(Player::Mcts { iterations }),
                _ => Err(format!(
                    "'{s}': mcts:N needs a whole number of iterations above 0"
                )),
            },
            _ => Err(format!(
                "unknown policy '{s}'; known: random, scripted, mcts, mcts:ITERATIONS, \
                 quick, normal, strong (the launcher's levels)"
            )),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Scripted => f.write_str("scripted"),
            Player::Mcts { iterations } => write!(f, "mcts:{iterations}"),
        }
    }
}

/// Reads `--policy`: one player for every side (`mcts`, `random`), or
/// `SIDE=PLAYER` pairs separated by commas (`us=mcts:500,nva-vc=random`);
/// a side not named plays at random. `iterations_for` gives a level's
/// iterations for its seconds in the scenario played
/// ([`vt_core::AiRules::search_rate`]; `DynAi::iterations_for`).
pub fn parse_players(
    spec: &str,
    info: &GameInfo,
    iterations_for: &dyn Fn(f64) -> u32,
) -> Result<Vec<Player>, String> {
    let sides = info.sides.len();
    if !spec.contains('=') {
        return Ok(vec![Player::parse(spec.trim(), iterations_for)?; sides]);
    }
    let mut players = vec![Player::Random; sides];
    for part in spec.split(',') {
        let (side, p) = part.split_once('=').ok_or_else(|| {
            format!("'{part}': expected SIDE=PLAYER (or one player for every side)")
        })?;
        let i = info.side_index(side.trim()).ok_or_else(|| {
            let ids: Vec<&str> = info.sides.iter().map(|s| s.id.as_str()).collect();
            format!("unknown side '{side}'; sides: {}", ids.join(", "))
        })?;
        players[i as usize] = Player::parse(p.trim(), iterations_for)?;
    }
    Ok(players)
}

/// Chooses for `side` in the real `state` (whose legal commands are
/// `legal`) as `player` would, drawing from `rng`. The search and the
/// scripted player only see samples of what `side` may not know, and
/// leave out what `guard` says would take the side round a loop again
/// ([`crate::repeats`]) unless nothing else is left; the random player
/// plays any. Returns the index into `legal` and the search's thought, if
/// it searched.
pub fn choose<R: AiRules>(
    rules: &Arc<R>,
    state: &R::State,
    side: SideIdx,
    legal: &[R::Command],
    player: Player,
    guard: &Guard,
    rng: &mut GameRng,
) -> (usize, Option<Thought<R::Command>>) {
    if legal.len() <= 1 {
        return (0, None);
    }
    match player {
        Player::Random => (rng.index(legal.len()), None),
        Player::Scripted => {
            let sample = rules.determinize(state, side, rng);
            let mut seen = rules.legal(&sample);
            if !guard.commands.is_empty() {
                let kept: Vec<R::Command> = seen
                    .iter()
                    .filter(|c| !guard.commands.contains(&digest(*c)))
                    .cloned()
                    .collect();
                if !kept.is_empty() {
                    seen = kept;
                }
            }
            if seen.is_empty() {
                return (rng.index(legal.len()), None);
            }
            // Drawn as the rules of thumb would, a draw the guard leaves
            // out ([`crate::repeats::left_out_after`]: back to a position
            // come back to, or paid for) set aside and drawn again; the
            // first draw if every one is.
            let checks = guard.checks_returns();
            let mut first = None;
            let pick = loop {
                let j = rules.rollout(&sample, &seen, rng);
                let c = seen.swap_remove(j);
                if !checks {
                    break c;
                }
                let mut t = sample.clone();
                rules.execute(&mut t, &c, &mut Vec::new());
                if !crate::repeats::left_out_after(&**rules, guard, t, side) {
                    break c;
                }
                first.get_or_insert(c);
                if seen.is_empty() {
                    break first.take().expect("set above");
                }
            };
            let k = digest(&pick);
            let i = legal.iter().position(|c| digest(c) == k);
            (i.unwrap_or_else(|| rng.index(legal.len())), None)
        }
        Player::Mcts { iterations } => {
            let config = Config {
                seed: rng.next_u64(),
                ..Config::default()
            };
            let mut search = Search::new(rules.clone(), state, side, config).avoiding(guard);
            search.run(iterations);
            match search.thought() {
                Some(t) => (t.index, Some(t)),
                None => (rng.index(legal.len()), None),
            }
        }
    }
}

/// Every side's player, as a playout [`Policy`].
pub struct Seats<R: AiRules> {
    pub rules: Arc<R>,
    pub players: Vec<Player>,
    pub rng: GameRng,
    /// The present run of one side's decisions, for the loop guard
    /// ([`crate::repeats`]).
    pub trail: Trail,
}

impl<R: AiRules> Seats<R> {
    pub fn new(rules: Arc<R>, players: Vec<Player>, rng: GameRng) -> Self {
        Seats {
            rules,
            players,
            rng,
            trail: Trail::default(),
        }
    }
}

impl<R: AiRules> Seats<R> {
    /// True if `command` played in `state` rolls, draws and reveals
    /// nothing ([`vt_core::Ruleset::transparent`]), so the run goes on.
    fn transparent(&self, state: &R::State, command: &R::Command) -> bool {
        let mut t = state.clone();
        let mut events = Vec::new();
        self.rules.execute(&mut t, command, &mut events);
        self.rules.transparent(&events)
    }
}

impl<R: AiRules> Policy<R> for Seats<R> {
    fn choose(&mut self, _rules: &R, state: &R::State, legal: &[R::Command]) -> usize {
        let side = self.rules.to_move(state).unwrap_or(0);
        let player = self
            .players
            .get(side as usize)
            .copied()
            .unwrap_or(Player::Random);
        if player == Player::Random {
            // The random player keeps no trail of its own, but a command
            // of its that rolls or reveals ends the others' runs.
            let none = Guard::default();
            let i = choose(
                &self.rules,
                state,
                side,
                legal,
                player,
                &none,
                &mut self.rng,
            )
            .0;
            if !self.trail.is_empty() && !self.transparent(state, &legal[i]) {
                self.trail.clear();
            }
            return i;
        }
        let position = crate::repeats::position_key(&*self.rules, state);
        let views = Guard::views(&*self.rules, state, side);
        let rules = &self.rules;
        let guard = self.trail.guard(side, position, views, || {
            crate::repeats::view_key(&**rules, state, side)
        });
        let i = choose(
            &self.rules,
            state,
            side,
            legal,
            player,
            &guard,
            &mut self.rng,
        )
        .0;
        let transparent = self.transparent(state, &legal[i]);
        self.trail
            .record(side, position, views, digest(&legal[i]), transparent);
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vt_core::Ruleset;
    use vt_core::testing::Pig;

    /// A search rate of 240 iterations a second.
    fn rate(seconds: f64) -> u32 {
        (240.0 * seconds) as u32
    }

    #[test]
    fn policies_read_as_vt_writes_them() {
        let info = Pig { goal: 30 }.info();
        let parse_players = |spec: &str, info: &GameInfo| parse_players(spec, info, &rate);
        assert_eq!(
            parse_players("mcts", &info).unwrap(),
            vec![Player::Mcts { iterations: 1000 }; 2]
        );
        assert_eq!(
            parse_players("second=mcts:50", &info).unwrap(),
            vec![Player::Random, Player::Mcts { iterations: 50 }]
        );
        assert_eq!(
            parse_players("first=scripted, second=random", &info).unwrap(),
            vec![Player::Scripted, Player::Random]
        );
        assert!(
            parse_players("third=mcts", &info)
                .unwrap_err()
                .contains("sides: first, second")
        );
        assert!(parse_players("mcts:0", &info).is_err());
        assert!(
            parse_players("clever", &info)
                .unwrap_err()
                .contains("known")
        );
        assert_eq!(Player::Mcts { iterations: 7 }.to_string(), "mcts:7");
    }

    #[test]
    fn a_level_is_its_seconds_at_the_scenarios_search_rate() {
        let info = Pig { goal: 30 }.info();
        assert_eq!(
            parse_players("first=quick,second=strong", &info, &rate).unwrap(),
            vec![
                Player::Mcts { iterations: 79 },
                Player::Mcts { iterations: 720 }
            ]
        );
        assert_eq!(
            parse_players("normal", &info, &rate).unwrap(),
            vec![Player::Mcts { iterations: 240 }; 2]
        );
        // A scenario so slow that a level's seconds give no whole
        // iteration still searches once.
        assert_eq!(
            parse_players("quick", &info, &|_| 0).unwrap(),
            vec![Player::Mcts { iterations: 1 }; 2]
        );
        assert!(
            parse_players("fast", &info, &rate)
                .unwrap_err()
                .contains("quick, normal, strong")
        );
    }
}
