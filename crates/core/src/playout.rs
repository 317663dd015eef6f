//! Playing whole games without a person: policies and the playout runner.

use crate::digest::{Fnv64, digest};
use crate::engine::{Ruleset, Setup, SetupError};
use crate::rng::GameRng;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// Picks one of the legal commands.
pub trait Policy<R: Ruleset> {
    fn choose(&mut self, rules: &R, state: &R::State, legal: &[R::Command]) -> usize;
}

/// Uniform over the legal commands, from its own seeded stream (never the
/// game's: the policy must not change what the dice say).
pub struct RandomPolicy {
    pub rng: GameRng,
}

impl RandomPolicy {
    pub fn new(seed: u64) -> Self {
        RandomPolicy {
            rng: GameRng::seeded(seed),
        }
    }
}

impl<R: Ruleset> Policy<R> for RandomPolicy {
    fn choose(&mut self, _rules: &R, _state: &R::State, legal: &[R::Command]) -> usize {
        self.rng.index(legal.len())
    }
}

/// How one played-out game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedGame {
    /// The outcome's result label, or "stuck" (no legal command in an
    /// unfinished game: a rules bug) or "unfinished" (hit the command cap).
    pub result: String,
    pub commands: usize,
    pub digest: u64,
}

/// Commands after which a playout gives up; far above any real game.
pub const DEFAULT_MAX_COMMANDS: usize = 200_000;

pub fn play_one<R: Ruleset>(
    rules: &R,
    setup: &Setup,
    policy: &mut dyn Policy<R>,
    max_commands: usize,
) -> Result<PlayedGame, SetupError> {
    let mut state = rules.new_game(setup)?;
    let mut events = Vec::new();
    let mut commands = 0;
    // The list for the position at hand: each command's execution lists
    // the next (a game may share that work with its own execution).
    let mut legal = rules.legal(&state);
    let result = loop {
        if rules.finished(&state)
            && let Some(r) = rules.result(&state)
        {
            break r;
        }
        if commands >= max_commands {
            break "unfinished".to_string();
        }
        if legal.is_empty() {
            break "stuck".to_string();
        }
        let i = policy.choose(rules, &state, &legal);
        let command = legal.swap_remove(i);
        events.clear();
        rules.execute_and_list(&mut state, &command, &mut events, &mut legal);
        commands += 1;
    };
    let digest = digest(&state);
    rules.recycle(state);
    Ok(PlayedGame {
        result,
        commands,
        digest,
    })
}

/// The seeds of game `i` of a playout: the game's own and its policy's.
pub fn game_seeds(seed: u64, i: u64) -> (u64, u64) {
    (
        GameRng::derive_seed(seed, 2 * i),
        GameRng::derive_seed(seed, 2 * i + 1),
    )
}

#[derive(Clone, Debug, Serialize)]
pub struct PlayoutSummary {
    pub games: u64,
    pub outcomes: BTreeMap<String, u64>,
    pub mean_commands: f64,
    pub seconds: f64,
    pub games_per_second: f64,
    /// Hash of every final state in game order: the same for the same seed
    /// whatever the thread count.
    pub digest: String,
}

/// The most games one playout plays (`vt playout --games`): at the fastest
/// game's speed, minutes of work; each game keeps 8 bytes until the end.
pub const MAX_PLAYOUT_GAMES: u64 = 10_000_000;

/// The most threads one playout starts.
pub const MAX_PLAYOUT_THREADS: usize = 256;

/// What one thread of a playout found: outcomes counted, each game's final
/// digest in game order, commands in all.
#[derive(Default)]
struct Tally {
    outcomes: BTreeMap<String, u64>,
    digests: Vec<u64>,
    commands: u64,
}

impl Tally {
    fn add(&mut self, g: PlayedGame) {
        *self.outcomes.entry(g.result).or_insert(0) += 1;
        self.digests.push(g.digest);
        self.commands += g.commands as u64;
    }

    fn merge(&mut self, o: Tally) {
        for (k, n) in o.outcomes {
            *self.outcomes.entry(k).or_insert(0) += n;
        }
        self.digests.extend(o.digests);
        self.commands += o.commands;
    }
}

/// Plays `games` random games of `scenario`, on `threads` threads (at most
/// [`MAX_PLAYOUT_THREADS`]).
pub fn playout<R: Ruleset>(
    rules: &R,
    base: &Setup,
    games: u64,
    threads: usize,
) -> Result<PlayoutSummary, SetupError> {
    playout_with(rules, base, games, threads, RandomPolicy::new)
}

/// As [`playout`], each game played by the policy `policy(seed)` makes
/// from the game's policy seed (the computer player's matches).
pub fn playout_with<R: Ruleset, P: Policy<R>>(
    rules: &R,
    base: &Setup,
    games: u64,
    threads: usize,
    policy: impl Fn(u64) -> P + Sync,
) -> Result<PlayoutSummary, SetupError> {
    // Fail on a bad scenario or option before starting threads.
    rules.new_game(base)?;
    let start = Instant::now();
    let threads = threads
        .clamp(1, MAX_PLAYOUT_THREADS)
        .min(games.max(1).min(MAX_PLAYOUT_THREADS as u64) as usize);
    let run = |range: std::ops::Range<u64>| -> Result<Tally, SetupError> {
        let mut t = Tally::default();
        // One set-up for the thread, its seed changed game by game (a
        // clone a game was an allocation a game for the scenario's name).
        let mut setup = base.clone();
        for i in range {
            let (gs, ps) = game_seeds(base.seed, i);
            setup.seed = gs;
            let mut policy = policy(ps);
            t.add(play_one(rules, &setup, &mut policy, DEFAULT_MAX_COMMANDS)?);
        }
        Ok(t)
    };
    let all: Tally = if threads == 1 {
        run(0..games)?
    } else {
        let chunk = games.div_ceil(threads as u64);
        let parts: Vec<Result<Tally, SetupError>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads as u64)
                .map(|t| {
                    let lo = (t * chunk).min(games);
                    let hi = ((t + 1) * chunk).min(games);
                    let run = &run;
                    s.spawn(move || run(lo..hi))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|_| {
                        Err(SetupError::Data("a playout thread panicked".into()))
                    })
                })
                .collect()
        });
        let mut all = Tally::default();
        for p in parts {
            all.merge(p?);
        }
        all
    };
    let seconds = start.elapsed().as_secs_f64();
    let mut h = Fnv64::default();
    for d in &all.digests {
        h.u64(*d);
    }
    Ok(PlayoutSummary {
        games,
        outcomes: all.outcomes,
        mean_commands: if games == 0 {
            0.0
        } else {
            all.commands as f64 / games as f64
        },
        seconds,
        games_per_second: if seconds > 0.0 {
            games as f64 / seconds
        } else {
            0.0
        },
        digest: crate::digest::hex(h.0),
    })
}
