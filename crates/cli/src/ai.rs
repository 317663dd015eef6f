//! `vt playout --policy` with a computer player and `vt balance`: whole
//! games between players, with each side's win rate and its 95 % interval.

use crate::{Failure, Registry};
use serde_json::{Value, json};
use std::path::Path;
use vt_ai::{MatchSummary, Player, parse_players};
use vt_core::Setup;
use vt_core::echo::{MESSAGE_CHARS, clip, clip_to};

/// `vt playout ... --policy SPEC`: the playout summary, plus each side's
/// player and record.
pub(crate) fn playout(
    games: &Registry,
    assets: Option<&Path>,
    game: &str,
    setup: &Setup,
    policy: &str,
    n: u64,
    threads: usize,
) -> Result<Value, Failure> {
    Ok(json!(series(
        games, assets, game, setup, policy, n, threads
    )?))
}

/// `vt balance`: the series, and each side's win rate with its interval in
/// words.
pub(crate) fn balance(
    games: &Registry,
    assets: Option<&Path>,
    game: &str,
    setup: &Setup,
    policy: &str,
    n: u64,
    threads: usize,
) -> Result<Value, Failure> {
    let m = series(games, assets, game, setup, policy, n, threads)?;
    let lines: Vec<String> = m
        .sides
        .iter()
        .map(|s| {
            format!(
                "{} ({}): {:.1} % [{:.1}, {:.1}] of {} games",
                s.side,
                s.player,
                100.0 * s.win_rate,
                100.0 * s.low,
                100.0 * s.high,
                m.playout.games
            )
        })
        .collect();
    let mut v = json!(m);
    v["balance"] = json!(lines);
    Ok(v)
}

fn series(
    games: &Registry,
    assets: Option<&Path>,
    game: &str,
    setup: &Setup,
    policy: &str,
    n: u64,
    threads: usize,
) -> Result<MatchSummary, Failure> {
    let (g, ai) = games.load_with_ai(game, assets)?;
    let ai =
        ai.ok_or_else(|| Failure::input(format!("game '{}' has no computer player", clip(game))))?;
    // A level (`normal`) is its seconds at this scenario's search rate.
    let players: Vec<Player> = parse_players(policy, &g.info(), &|seconds| {
        ai.iterations_for(&setup.scenario, seconds)
    })
    .map_err(|e| Failure::input(clip_to(&e, MESSAGE_CHARS).into_owned()))?;
    ai.play_matches(setup, &players, n, threads)
        .map_err(|e| Failure::input(e.to_string()))
}
