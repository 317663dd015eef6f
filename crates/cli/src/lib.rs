//! `vt`: the headless tool. Every command prints one JSON document on
//! stdout (`--help` prints the help as text). Exit status 0 on success, 2
//! when the rules refuse a command, 1 on bad input (unknown game, missing
//! file, broken save, an argument the parser refuses). Arguments are read
//! with clap: each subcommand takes only its own flags, `--seed=5` and
//! `--seed 5` both work.
//!
//! The logic lives here, not in `main`, so tests can run it against a
//! registry that holds a test game.

mod ai;

use clap::{Args, Parser, Subcommand};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use vt_core::Setup;
use vt_core::digest::hex;
use vt_core::dynamic::{ApplyError, DynGame, DynSession};
use vt_core::echo::{MESSAGE_CHARS, clip, clip_to};
use vt_core::files::{MAX_SAVE_BYTES, read_text, write_atomic};
use vt_core::playout::{MAX_PLAYOUT_GAMES, MAX_PLAYOUT_THREADS};
use vt_core::session::read_header;

/// The games `vt` can drive.
pub struct Registry {
    loaders: Vec<(String, Loader)>,
    players: Vec<(String, ComputerPlayer)>,
}

/// A game and its computer player, if it has one.
type WithPlayer = (Arc<dyn DynGame>, Option<Arc<dyn vt_ai::DynAi>>);

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

    /// A game and its computer player, if it has one.
    fn load_with_ai(&self, id: &str, assets: Option<&Path>) -> Result<WithPlayer, Failure> {
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
                "unknown game '{}'; known: {}",
                clip(id),
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
    let cli =
        match Cli::try_parse_from(std::iter::once("vt".to_string()).chain(args.iter().cloned())) {
            Ok(c) => c,
            Err(e) => return clap_output(e),
        };
    match dispatch(cli, games) {
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

/// Help asked for (`--help`, `help`, or no command) prints the help and
/// succeeds; any other complaint of the parser is bad input (status 1),
/// reported as JSON like every other.
fn clap_output(e: clap::Error) -> Output {
    use clap::error::ErrorKind;
    let text = e.render().to_string();
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Output {
            status: 0,
            stdout: text.trim_end().to_string(),
            stderr: String::new(),
        },
        _ => {
            // The parser quotes the offending argument, which may be huge.
            let msg = clip_to(text.trim_end(), 2000).into_owned();
            Output {
                status: 1,
                stdout: json!({ "error": msg }).to_string(),
                stderr: msg,
            }
        }
    }
}

/// vt: play Vietnam Tactics games without a window. Every command prints one
/// JSON document on stdout.
#[derive(Parser, Debug)]
#[command(
    name = "vt",
    arg_required_else_help = true,
    after_help = "Exit status: 0 success, 2 a rules refusal (the JSON names the rule), 1 bad input (the message names the file and line)."
)]
struct Cli {
    /// Read game data from DIR (edited RON files) instead of the built-in copy.
    #[arg(long, global = true, value_name = "DIR")]
    assets: Option<PathBuf>,
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// The games of this build: sides, scenarios, options.
    List,
    /// Start a game; print it, or save it with -o.
    New {
        /// The game's id, as `vt list` prints it.
        game: String,
        /// The scenario's id, as `vt list` prints it.
        scenario: String,
        /// The game's seed (random if not given; printed back).
        #[arg(long)]
        seed: Option<u64>,
        #[command(flatten)]
        options: Options,
        /// Save the game to FILE instead of printing the save.
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// The decision a save waits for and its legal commands.
    Legal {
        /// A save, as `new -o` and `apply` write it.
        file: PathBuf,
    },
    /// Apply one command (JSON, as `legal` prints them) and save.
    Apply {
        /// A save, as `new -o` and `apply` write it.
        file: PathBuf,
        /// One command, as `legal` lists them: '"EndSegment"', '{"Move": ...}'.
        #[arg(value_name = "COMMAND_JSON")]
        command: String,
        /// Write the result to FILE (default: replace the save in place).
        #[arg(short = 'o', long = "out", value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// What one side sees.
    View {
        /// A save.
        file: PathBuf,
        /// The side's id, as `vt list` prints it.
        side: String,
    },
    /// The referee's log.
    Log {
        /// A save.
        file: PathBuf,
    },
    /// Play games and count the outcomes (random play unless --policy says).
    Playout {
        /// The game's id, as `vt list` prints it.
        game: String,
        /// The scenario's id, as `vt list` prints it.
        scenario: String,
        /// The first game's seed; each game's seed derives from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many games.
        #[arg(long, default_value_t = 1,
              value_parser = clap::value_parser!(u64).range(1..=MAX_PLAYOUT_GAMES))]
        games: u64,
        /// Who plays: one player for every side, or SIDE=PLAYER pairs
        /// (us=mcts:500,nva-vc=random; a side not named plays at random).
        /// PLAYER is random, scripted (the game's rules of thumb), mcts (the
        /// computer player's search, 1000 iterations a decision),
        /// mcts:ITERATIONS, or quick, normal, strong (the launcher's levels:
        /// 0.33, 1 and 3 seconds of search a decision at the scenario's
        /// search rate, the same iterations on every machine).
        #[arg(long, default_value = "random", value_name = "POLICY")]
        policy: String,
        /// Threads to play on (the digest does not depend on it).
        #[arg(long, default_value_t = 1,
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new()
                  .range(1..=MAX_PLAYOUT_THREADS as u64))]
        threads: usize,
        #[command(flatten)]
        options: Options,
    },
    /// Each side's win rate with its 95 % interval (Wilson) over a series:
    /// the computer player against itself unless --policy says otherwise.
    Balance {
        /// The game's id, as `vt list` prints it.
        game: String,
        /// The scenario's id, as `vt list` prints it.
        scenario: String,
        /// The first game's seed; each game's seed derives from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many games.
        #[arg(long, default_value_t = 100,
              value_parser = clap::value_parser!(u64).range(1..=MAX_PLAYOUT_GAMES))]
        games: u64,
        /// Who plays, as for playout.
        #[arg(long, default_value = "mcts", value_name = "POLICY")]
        policy: String,
        /// Threads to play on (the results do not depend on it).
        #[arg(long, default_value_t = 1,
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new()
                  .range(1..=MAX_PLAYOUT_THREADS as u64))]
        threads: usize,
        #[command(flatten)]
        options: Options,
    },
    /// Replay a save from its seed and check it gives its snapshot.
    Replay {
        /// A save.
        file: PathBuf,
    },
}

#[derive(Args, Debug)]
struct Options {
    /// An optional rule (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = key_value)]
    options: Vec<(String, String)>,
}

impl Options {
    fn map(&self) -> BTreeMap<String, String> {
        self.options.iter().cloned().collect()
    }
}

fn key_value(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .ok_or_else(|| format!("'{}': expected KEY=VALUE", clip(s)))
}

fn dispatch(cli: Cli, games: &Registry) -> Result<Value, Failure> {
    let assets = cli.assets.as_deref();
    match cli.command {
        Cmd::List => list(games, assets),
        Cmd::New {
            game,
            scenario,
            seed,
            options,
            out,
        } => {
            let g = games.load(&game, assets)?;
            let setup = Setup {
                scenario,
                options: options.map(),
                seed: seed.unwrap_or_else(random_seed),
            };
            let s = g
                .new_session(setup)
                .map_err(|e| Failure::input(e.to_string()))?;
            let mut v = state_json(&*s);
            v["seed"] = json!(s.setup().seed);
            match &out {
                Some(p) => {
                    write(p, &s.save_ron())?;
                    v["file"] = json!(p.display().to_string());
                }
                None => v["save"] = json!(s.save_ron()),
            }
            Ok(v)
        }
        Cmd::Legal { file } => {
            let (_, s) = open(games, &file, assets)?;
            Ok(json!({ "decision": s.decision(), "legal": s.legal() }))
        }
        Cmd::Apply { file, command, out } => {
            let (_, mut s) = open(games, &file, assets)?;
            let cmd: Value = serde_json::from_str(&command).map_err(|e| {
                Failure::input(format!(
                    "COMMAND_JSON is not JSON: {}",
                    clip_to(&e.to_string(), MESSAGE_CHARS)
                ))
            })?;
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
            let out = out.unwrap_or(file);
            write(&out, &s.save_ron())?;
            let mut v = state_json(&*s);
            v["events"] = json!(events);
            v["file"] = json!(out.display().to_string());
            Ok(v)
        }
        Cmd::View { file, side } => {
            let (g, s) = open(games, &file, assets)?;
            let info = g.info();
            let idx = info.side_index(&side).ok_or_else(|| {
                let ids: Vec<&str> = info.sides.iter().map(|s| s.id.as_str()).collect();
                Failure::input(format!(
                    "unknown side '{}'; sides: {}",
                    clip(&side),
                    ids.join(", ")
                ))
            })?;
            Ok(json!({ "side": side, "view": s.view(idx) }))
        }
        Cmd::Log { file } => {
            let (_, s) = open(games, &file, assets)?;
            Ok(json!({ "log": s.log() }))
        }
        Cmd::Playout {
            game,
            scenario,
            seed,
            games: n,
            policy,
            threads,
            options,
        } if policy.trim() != "random" => {
            let setup = Setup {
                scenario,
                options: options.map(),
                seed,
            };
            ai::playout(games, assets, &game, &setup, &policy, n, threads)
        }
        Cmd::Balance {
            game,
            scenario,
            seed,
            games: n,
            policy,
            threads,
            options,
        } => {
            let setup = Setup {
                scenario,
                options: options.map(),
                seed,
            };
            ai::balance(games, assets, &game, &setup, &policy, n, threads)
        }
        Cmd::Playout {
            game,
            scenario,
            seed,
            games: n,
            threads,
            options,
            ..
        } => {
            let g = games.load(&game, assets)?;
            let setup = Setup {
                scenario,
                options: options.map(),
                seed,
            };
            let sum = g
                .playout(&setup, n, threads)
                .map_err(|e| Failure::input(e.to_string()))?;
            Ok(json!(sum))
        }
        Cmd::Replay { file } => {
            let (_, s) = open(games, &file, assets)?;
            Ok(json!({ "ok": true, "commands": s.commands(), "digest": hex(s.digest()) }))
        }
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

fn open(games: &Registry, path: &Path, assets: Option<&Path>) -> Result<Opened, Failure> {
    let file = path.display().to_string();
    let text = read_text(path, MAX_SAVE_BYTES).map_err(|e| Failure::input(e.to_string()))?;
    let header = read_header(&text, &file).map_err(|e| Failure::input(e.in_file(&file)))?;
    let g = games.load(&header.game, assets).map_err(|_| {
        Failure::input(format!(
            "{}: a save of game '{}', which this build does not have (known: {})",
            clip(&file),
            clip(&header.game),
            games.ids().join(", ")
        ))
    })?;
    let s = g
        .load(&text, &file)
        .map_err(|e| Failure::input(e.in_file(&file)))?;
    Ok((g, s))
}

/// Writes a save whole or not at all: a failed write leaves the old file.
fn write(path: &Path, text: &str) -> Result<(), Failure> {
    // What writers killed mid-write left beside it (issue 16).
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    vt_core::files::sweep_stale_temps(
        dir.unwrap_or(Path::new(".")),
        vt_core::files::STALE_TEMP_AGE,
    );
    write_atomic(path, text.as_bytes()).map_err(|e| Failure::input(e.to_string()))
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
