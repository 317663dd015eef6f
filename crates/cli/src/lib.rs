//! `vt`: the headless tool. Every command prints one JSON document on
//! stdout. Exit status 0 on success, 2 when the rules refuse a command, 1 on
//! bad input (unknown game, missing file, broken save).
//!
//! The logic lives here, not in `main`, so tests can run it against a
//! registry that holds a test game.

mod ai;

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use vt_core::Setup;
use vt_core::digest::hex;
use vt_core::dynamic::{ApplyError, DynGame, DynSession};
use vt_core::session::read_header;

pub const USAGE: &str = "\
vt: play Vietnam Tactics games without a window (prints JSON)

  vt list
  vt new GAME SCENARIO [--seed N] [--option KEY=VALUE]... [-o FILE]
  vt legal FILE
  vt apply FILE COMMAND_JSON [-o FILE]      (default: update FILE in place)
  vt view FILE SIDE
  vt log FILE
  vt playout GAME SCENARIO [--seed N] [--games K] [--policy POLICY] [--threads T] [--option KEY=VALUE]...
  vt balance GAME SCENARIO [--seed N] [--games K] [--policy POLICY] [--threads T] [--option KEY=VALUE]...
  vt replay FILE

  --assets DIR   read game data from DIR (edited RON files) instead of the built-in copy
  POLICY         one player for every side, or SIDE=PLAYER pairs (us=mcts:500,nva-vc=random;
                 a side not named plays at random); PLAYER is random, scripted (the game's
                 rules of thumb), mcts (the search, 1000 iterations a decision) or
                 mcts:ITERATIONS. balance prints each side's win rate with its 95 % interval
                 (default: mcts on every side, 100 games).
Exit status: 0 success, 2 a rules refusal, 1 bad input.";

/// The games `vt` can drive.
pub struct Registry {
    loaders: Vec<(String, Loader)>,
    players: Vec<(String, ComputerPlayer)>,
}

/// Finds a game's computer player (`vt_ai::for_game::<R>`).
pub type ComputerPlayer = fn(&dyn DynGame) -> Option<Arc<dyn vt_ai::DynAi>>;

type Loader = Box<dyn Fn(Option<&Path>) -> Result<Arc<dyn DynGame>, String> + Send + Sync>;

impl Registry {
    /// The games of this build (from `vt-games`).
    pub fn builtin() -> Self {
        let players = vt_games::entries()
            .into_iter()
            .map(|e| (e.id.to_string(), e.ai))
            .collect();
        let loaders = vt_games::entries()
            .into_iter()
            .map(|e| {
                let l: Loader =
                    Box::new(move |dir| vt_games::load(&e, dir).map_err(|err| err.to_string()));
                (e.id.to_string(), l)
            })
            .collect();
        Registry { loaders, players }
    }

    /// A registry of the given games (tests).
    pub fn of(games: Vec<Arc<dyn DynGame>>) -> Self {
        let loaders = games
            .into_iter()
            .map(|g| {
                let id = g.info().id;
                let l: Loader = Box::new(move |_| Ok(g.clone()));
                (id, l)
            })
            .collect();
        Registry {
            loaders,
            players: Vec::new(),
        }
    }

    /// Gives game `id` its computer player (tests).
    pub fn with_player(mut self, id: &str, player: ComputerPlayer) -> Self {
        self.players.push((id.to_string(), player));
        self
    }

    fn load_with_ai(
        &self,
        id: &str,
        assets: Option<&Path>,
    ) -> Result<(Arc<dyn DynGame>, Option<Arc<dyn vt_ai::DynAi>>), Failure> {
        let g = self.load(id, assets)?;
        let ai = self
            .players
            .iter()
            .find(|(i, _)| i == id)
            .and_then(|(_, f)| f(&*g));
        Ok((g, ai))
    }

    fn ids(&self) -> Vec<&str> {
        self.loaders.iter().map(|(id, _)| id.as_str()).collect()
    }

    fn load(&self, id: &str, assets: Option<&Path>) -> Result<Arc<dyn DynGame>, Failure> {
        let (_, l) = self.loaders.iter().find(|(i, _)| i == id).ok_or_else(|| {
            Failure::input(format!(
                "unknown game '{id}'; known: {}",
                self.ids().join(", ")
            ))
        })?;
        l(assets).map_err(Failure::input)
    }
}

/// What a run printed and how it exits.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

#[derive(Debug)]
struct Failure {
    status: i32,
    body: Value,
}

impl Failure {
    fn input(msg: impl Into<String>) -> Self {
        Failure {
            status: 1,
            body: json!({ "error": msg.into() }),
        }
    }
}

pub fn run(args: &[String], games: &Registry) -> Output {
    match dispatch(args, games) {
        Ok(v) => Output {
            status: 0,
            stdout: v.to_string(),
            stderr: String::new(),
        },
        Err(f) => Output {
            status: f.status,
            stderr: f.body["error"].as_str().unwrap_or_default().to_string(),
            stdout: f.body.to_string(),
        },
    }
}

/// Parsed arguments: positionals and flags.
struct Args {
    pos: Vec<String>,
    seed: Option<u64>,
    games: Option<u64>,
    threads: Option<usize>,
    policy: Option<String>,
    out: Option<PathBuf>,
    assets: Option<PathBuf>,
    options: BTreeMap<String, String>,
}

fn parse(args: &[String]) -> Result<Args, Failure> {
    let mut a = Args {
        pos: vec![],
        seed: None,
        games: None,
        threads: None,
        policy: None,
        out: None,
        assets: None,
        options: BTreeMap::new(),
    };
    let mut it = args.iter();
    while let Some(x) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| Failure::input(format!("{name} needs a value")))
        };
        let number = |name: &str, v: String| {
            v.parse::<u64>()
                .map_err(|_| Failure::input(format!("{name}: '{v}' is not a whole number")))
        };
        match x.as_str() {
            "--seed" => a.seed = Some(number("--seed", value("--seed")?)?),
            "--games" => a.games = Some(number("--games", value("--games")?)?),
            "--threads" => a.threads = Some(number("--threads", value("--threads")?)? as usize),
            "--policy" => a.policy = Some(value("--policy")?),
            "-o" | "--out" => a.out = Some(PathBuf::from(value("-o")?)),
            "--assets" => a.assets = Some(PathBuf::from(value("--assets")?)),
            "--option" => {
                let kv = value("--option")?;
                let (k, v) = kv.split_once('=').ok_or_else(|| {
                    Failure::input(format!("--option '{kv}': expected KEY=VALUE"))
                })?;
                a.options.insert(k.to_string(), v.to_string());
            }
            "-h" | "--help" => a.pos.insert(0, "help".into()),
            s if s.starts_with("--") => return Err(Failure::input(format!("unknown flag '{s}'"))),
            _ => a.pos.push(x.clone()),
        }
    }
    Ok(a)
}

fn need<'a>(a: &'a Args, i: usize, what: &str) -> Result<&'a str, Failure> {
    a.pos
        .get(i)
        .map(|s| s.as_str())
        .ok_or_else(|| Failure::input(format!("missing {what}\n{USAGE}")))
}

fn dispatch(args: &[String], games: &Registry) -> Result<Value, Failure> {
    let a = parse(args)?;
    let assets = a.assets.as_deref();
    match a.pos.first().map(|s| s.as_str()) {
        Some("list") => list(games, assets),
        Some("new") => {
            let g = games.load(need(&a, 1, "GAME")?, assets)?;
            let setup = Setup {
                scenario: need(&a, 2, "SCENARIO")?.to_string(),
                options: a.options.clone(),
                seed: a.seed.unwrap_or_else(random_seed),
            };
            let s = g
                .new_session(setup)
                .map_err(|e| Failure::input(e.to_string()))?;
            let mut v = state_json(&*s);
            v["seed"] = json!(s.setup().seed);
            match &a.out {
                Some(p) => {
                    write(p, &s.save_ron())?;
                    v["file"] = json!(p.display().to_string());
                }
                None => v["save"] = json!(s.save_ron()),
            }
            Ok(v)
        }
        Some("legal") => {
            let (_, s) = open(games, need(&a, 1, "FILE")?, assets)?;
            Ok(json!({ "decision": s.decision(), "legal": s.legal() }))
        }
        Some("apply") => {
            let file = need(&a, 1, "FILE")?;
            let (_, mut s) = open(games, file, assets)?;
            let text = need(&a, 2, "COMMAND_JSON")?;
            let cmd: Value = serde_json::from_str(text)
                .map_err(|e| Failure::input(format!("COMMAND_JSON is not JSON: {e}")))?;
            let events = match s.apply(&cmd) {
                Ok(ev) => ev,
                Err(ApplyError::Rule(e)) => {
                    return Err(Failure {
                        status: 2,
                        body: json!({ "error": e.message, "rule": e.rule }),
                    });
                }
                Err(e @ ApplyError::BadCommand(_)) => return Err(Failure::input(e.to_string())),
            };
            let out = a.out.clone().unwrap_or_else(|| PathBuf::from(file));
            write(&out, &s.save_ron())?;
            let mut v = state_json(&*s);
            v["events"] = json!(events);
            v["file"] = json!(out.display().to_string());
            Ok(v)
        }
        Some("view") => {
            let (g, s) = open(games, need(&a, 1, "FILE")?, assets)?;
            let side_id = need(&a, 2, "SIDE")?;
            let info = g.info();
            let side = info.side_index(side_id).ok_or_else(|| {
                let ids: Vec<&str> = info.sides.iter().map(|s| s.id.as_str()).collect();
                Failure::input(format!(
                    "unknown side '{side_id}'; sides: {}",
                    ids.join(", ")
                ))
            })?;
            Ok(json!({ "side": side_id, "view": s.view(side) }))
        }
        Some("log") => {
            let (_, s) = open(games, need(&a, 1, "FILE")?, assets)?;
            Ok(json!({ "log": s.log() }))
        }
        Some("playout") if ai::wants_players(a.policy.as_deref()) => {
            ai::playout(&a, games, a.policy.as_deref().unwrap_or("random"))
        }
        Some("balance") => ai::balance(&a, games),
        Some("playout") => {
            let g = games.load(need(&a, 1, "GAME")?, assets)?;
            let setup = Setup {
                scenario: need(&a, 2, "SCENARIO")?.to_string(),
                options: a.options.clone(),
                seed: a.seed.unwrap_or(1),
            };
            let sum = g
                .playout(&setup, a.games.unwrap_or(1), a.threads.unwrap_or(1))
                .map_err(|e| Failure::input(e.to_string()))?;
            Ok(json!(sum))
        }
        Some("replay") => {
            let (_, s) = open(games, need(&a, 1, "FILE")?, assets)?;
            Ok(json!({ "ok": true, "commands": s.commands(), "digest": hex(s.digest()) }))
        }
        Some("help") | None => Ok(json!({ "usage": USAGE })),
        Some(other) => Err(Failure::input(format!(
            "unknown command '{other}'\n{USAGE}"
        ))),
    }
}

fn list(games: &Registry, assets: Option<&Path>) -> Result<Value, Failure> {
    let mut out = vec![];
    for id in games.ids() {
        let info = games.load(id, assets)?.info();
        out.push(json!({
            "id": info.id,
            "name": info.name,
            "sides": info.sides,
            "scenarios": info.scenarios.iter().map(|s| json!({"id": s.id, "name": s.name})).collect::<Vec<_>>(),
            "options": info.options,
        }));
    }
    Ok(json!({ "games": out }))
}

fn state_json(s: &dyn DynSession) -> Value {
    json!({
        "game": s.info().id,
        "scenario": s.setup().scenario,
        "commands": s.commands(),
        "decision": s.decision(),
        "outcome": s.outcome(),
        "digest": hex(s.digest()),
    })
}

/// A save opened: its game and the replayed session.
type Opened = (Arc<dyn DynGame>, Box<dyn DynSession>);

fn open(games: &Registry, file: &str, assets: Option<&Path>) -> Result<Opened, Failure> {
    let text = std::fs::read_to_string(file).map_err(|e| Failure::input(format!("{file}: {e}")))?;
    let header = read_header(&text, file).map_err(|e| Failure::input(e.to_string()))?;
    let g = games.load(&header.game, assets)?;
    let s = g
        .load(&text, file)
        .map_err(|e| Failure::input(format!("{file}: {e}")))?;
    Ok((g, s))
}

fn write(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| Failure::input(format!("{}: {e}", path.display())))
}

/// A seed for `vt new` without `--seed`, printed back so the game can be
/// repeated. Wall-clock based: the only place a seed is not given.
fn random_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    vt_core::rng::splitmix64(t ^ std::process::id() as u64)
}
