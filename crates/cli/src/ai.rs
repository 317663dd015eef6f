//! `vt playout --policy` with a computer player and `vt balance`: whole
//! games between players, with each side's win rate and its 95 % interval.

use crate::{Args, Failure, Registry, need};
use serde_json::{Value, json};
use vt_ai::{MatchSummary, Player, parse_players};
use vt_core::Setup;

/// Players other than random on every side need the game's computer player.
pub(crate) fn wants_players(policy: Option<&str>) -> bool {
    policy.is_some_and(|p| p.trim() != "random")
}

/// `vt playout GAME SCENARIO --policy SPEC`: the playout summary, plus each
/// side's player and record.
pub(crate) fn playout(a: &Args, games: &Registry, policy: &str) -> Result<Value, Failure> {
    let m = series(a, games, policy, 1)?;
    Ok(json!(m))
}

/// `vt balance GAME SCENARIO [--games N] [--policy SPEC]`: each side's win
/// rate with its 95 % interval (Wilson); the search on every side unless
/// `--policy` says otherwise.
pub(crate) fn balance(a: &Args, games: &Registry) -> Result<Value, Failure> {
    let policy = a.policy.as_deref().unwrap_or("mcts");
    let m = series(a, games, policy, 100)?;
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
    a: &Args,
    games: &Registry,
    policy: &str,
    default_games: u64,
) -> Result<MatchSummary, Failure> {
    let id = need(a, 1, "GAME")?;
    let (g, ai) = games.load_with_ai(id, a.assets.as_deref())?;
    let players: Vec<Player> = parse_players(policy, &g.info()).map_err(Failure::input)?;
    let ai = ai.ok_or_else(|| Failure::input(format!("game '{id}' has no computer player")))?;
    let setup = Setup {
        scenario: need(a, 2, "SCENARIO")?.to_string(),
        options: a.options.clone(),
        seed: a.seed.unwrap_or(1),
    };
    ai.play_matches(
        &setup,
        &players,
        a.games.unwrap_or(default_games),
        a.threads.unwrap_or(1),
    )
    .map_err(|e| Failure::input(e.to_string()))
}
