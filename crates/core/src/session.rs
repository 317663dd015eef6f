//! A game in progress: the ruleset, the state, and the log of commands that
//! produced it; saves and replays.
//!
//! A save holds the set-up (scenario, options, seed), every command in order
//! and a snapshot of the state. Loading replays the commands from the seed
//! and refuses the file if the result is not the snapshot: a save edited by
//! hand, or made by rules that have since changed, is caught, not trusted.

use crate::digest::digest;
use crate::echo::clip;
use crate::engine::{LogEntry, RuleError, Ruleset, Setup, SetupError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// The save format this build writes. Bump when the shape of a save changes.
pub const SAVE_FORMAT: u32 = 1;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Save<C, S> {
    pub format: u32,
    pub game: String,
    pub scenario: String,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    pub seed: u64,
    pub commands: Vec<C>,
    pub snapshot: S,
}

/// A save without its snapshot: what loading parses (the snapshot is
/// compared as text; see [`Session::load`]).
#[derive(Clone, Debug, Deserialize)]
struct SaveLog<C> {
    scenario: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    seed: u64,
    commands: Vec<C>,
}

impl<C> SaveLog<C> {
    fn setup(&self) -> Setup {
        Setup {
            scenario: self.scenario.clone(),
            options: self.options.clone(),
            seed: self.seed,
        }
    }
}

/// The part of a save every build can read, to pick the game and refuse a
/// newer format before parsing the rest.
#[derive(Clone, Debug, Deserialize)]
pub struct SaveHeader {
    pub format: u32,
    pub game: String,
    /// The scenario's id (every save has one; read so that a list of
    /// saves can name it without parsing the rest).
    #[serde(default)]
    pub scenario: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The file is not a save we can parse; names the file, line and column.
    Parse(String),
    /// Written by a newer build.
    NewerFormat {
        file: String,
        found: u32,
        supported: u32,
    },
    WrongGame {
        file: String,
        found: String,
        expected: String,
    },
    Setup(SetupError),
    /// A command in the log was refused on replay.
    Illegal {
        index: usize,
        error: RuleError,
    },
    /// Replaying the log did not rebuild the snapshot.
    SnapshotMismatch {
        commands: usize,
    },
}

impl LoadError {
    /// True if the message already names the file (the others are about
    /// the game inside it: a caller puts the file's name in front).
    pub fn names_file(&self) -> bool {
        matches!(
            self,
            LoadError::Parse(_) | LoadError::NewerFormat { .. } | LoadError::WrongGame { .. }
        )
    }

    /// The message, with the file's name in front where it lacks one.
    pub fn in_file(&self, file: &str) -> String {
        if self.names_file() {
            self.to_string()
        } else {
            format!("{}: {self}", clip(file))
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Parse(m) => write!(f, "not a readable save: {m}"),
            LoadError::NewerFormat {
                file,
                found,
                supported,
            } => write!(
                f,
                "{}: this save is format {found}, written by a newer Vietnam Tactics; this build reads up to format {supported}",
                clip(file)
            ),
            LoadError::WrongGame {
                file,
                found,
                expected,
            } => {
                write!(
                    f,
                    "{}: this save is for game '{}', not '{expected}'",
                    clip(file),
                    clip(found)
                )
            }
            LoadError::Setup(e) => write!(f, "the save's set-up is refused: {e}"),
            LoadError::Illegal { index, error } => {
                write!(
                    f,
                    "command {} of the save is illegal on replay: {error}",
                    index + 1
                )
            }
            LoadError::SnapshotMismatch { commands } => write!(
                f,
                "replaying the save's {commands} commands does not give the state it was saved with (edited by hand, or saved by other rules)"
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// Reads the header of a save, refusing newer formats.
pub fn read_header(text: &str, file: &str) -> Result<SaveHeader, LoadError> {
    let h: SaveHeader =
        crate::data::parse_ron(file, text).map_err(|e| LoadError::Parse(e.to_string()))?;
    if h.format > SAVE_FORMAT {
        return Err(LoadError::NewerFormat {
            file: file.to_string(),
            found: h.format,
            supported: SAVE_FORMAT,
        });
    }
    Ok(h)
}

/// One step of the history: the command, what it did, and (while it can be
/// taken back, or while the run of commands that rolled and revealed
/// nothing lasts: [`Ruleset::transparent`]) the state before it.
struct Step<R: Ruleset> {
    before: Option<R::State>,
    /// The command may be taken back ([`Ruleset::undoable`]).
    undo: bool,
    events_len: usize,
}

impl<R: Ruleset> Clone for Step<R> {
    fn clone(&self) -> Self {
        Step {
            before: self.before.clone(),
            undo: self.undo,
            events_len: self.events_len,
        }
    }
}

pub struct Session<R: Ruleset> {
    pub rules: Arc<R>,
    pub setup: Setup,
    pub state: R::State,
    pub commands: Vec<R::Command>,
    pub events: Vec<R::Event>,
    steps: Vec<Step<R>>,
}

impl<R: Ruleset> Clone for Session<R> {
    fn clone(&self) -> Self {
        Session {
            rules: self.rules.clone(),
            setup: self.setup.clone(),
            state: self.state.clone(),
            commands: self.commands.clone(),
            events: self.events.clone(),
            steps: self.steps.clone(),
        }
    }
}

impl<R: Ruleset> Session<R> {
    pub fn new(rules: Arc<R>, setup: Setup) -> Result<Self, SetupError> {
        let state = rules.new_game(&setup)?;
        Ok(Session {
            rules,
            setup,
            state,
            commands: Vec::new(),
            events: Vec::new(),
            steps: Vec::new(),
        })
    }

    /// Checks and executes a command; returns the new events.
    pub fn apply(&mut self, command: R::Command) -> Result<&[R::Event], RuleError> {
        self.rules.check(&self.state, &command)?;
        let before = self.state.clone();
        let start = self.events.len();
        self.rules
            .execute(&mut self.state, &command, &mut self.events);
        let undoable = self.rules.undoable(&self.events[start..]);
        let transparent = undoable || self.rules.transparent(&self.events[start..]);
        if !transparent {
            // The run is over: no tail reaches the states kept for the
            // loop guard alone.
            for step in self.steps.iter_mut().rev() {
                if step.before.is_none() {
                    break;
                }
                if !step.undo {
                    step.before = None;
                }
            }
        }
        self.steps.push(Step {
            before: transparent.then_some(before),
            undo: undoable,
            events_len: start,
        });
        self.commands.push(command);
        Ok(&self.events[start..])
    }

    /// True if the last command can be taken back: it rolled no die, drew no
    /// card and revealed nothing hidden.
    pub fn can_undo(&self) -> bool {
        self.steps
            .last()
            .is_some_and(|s| s.undo && s.before.is_some())
    }

    /// The latest commands that rolled no die, drew no card and changed
    /// nothing hidden ([`Ruleset::transparent`]: those that could be taken
    /// back, and those that only told the side something), latest first,
    /// each with the state before it. The computer player reads it to see
    /// a loop of its own commands (`vt_ai::repeats`).
    pub fn undoable_tail(&self) -> impl Iterator<Item = (&R::State, &R::Command)> {
        self.steps
            .iter()
            .zip(&self.commands)
            .rev()
            .map_while(|(step, command)| step.before.as_ref().map(|b| (b, command)))
    }

    /// Takes back the last command if it can be; false otherwise.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        let step = self.steps.pop().expect("checked by can_undo");
        self.state = step.before.expect("checked by can_undo");
        self.events.truncate(step.events_len);
        self.commands.pop();
        true
    }

    pub fn digest(&self) -> u64 {
        digest(&self.state)
    }

    /// The log as it was written during play: each command's events told
    /// with the game as it stood right after that command (so a unit is
    /// named as the players knew it then, not as it is now). Replays the
    /// commands to get there.
    pub fn log(&self) -> Vec<LogEntry> {
        let Ok(mut state) = self.rules.new_game(&self.setup) else {
            return self
                .events
                .iter()
                .map(|e| self.rules.describe_in(&self.state, e))
                .collect();
        };
        let mut out = Vec::with_capacity(self.events.len());
        let mut events = Vec::new();
        for c in &self.commands {
            events.clear();
            self.rules.execute(&mut state, c, &mut events);
            out.extend(events.iter().map(|e| self.rules.describe_in(&state, e)));
        }
        out
    }

    pub fn to_save(&self) -> Save<R::Command, R::State> {
        Save {
            format: SAVE_FORMAT,
            game: self.rules.info().id,
            scenario: self.setup.scenario.clone(),
            options: self.setup.options.clone(),
            seed: self.setup.seed,
            commands: self.commands.clone(),
            snapshot: self.state.clone(),
        }
    }

    pub fn save_ron(&self) -> String {
        let cfg = crate::data::PrettyConfig::new().depth_limit(3);
        crate::data::to_ron(&self.to_save(), crate::data::Layout::Pretty(cfg))
            .unwrap_or_else(|e| format!("// save failed: {e}"))
    }

    /// Rebuilds a session from a save: replays every command from the seed and
    /// compares the result with the snapshot, as RON text: the replayed state
    /// is written as a save is and must have the same tokens as the file's
    /// snapshot (layout and comments aside; [`crate::ron_text`]). The state
    /// is never parsed back, so no game's state needs a deserializer.
    pub fn load(rules: Arc<R>, text: &str, file: &str) -> Result<Self, LoadError> {
        let header = read_header(text, file)?;
        let id = rules.info().id;
        if header.game != id {
            return Err(LoadError::WrongGame {
                file: file.to_string(),
                found: header.game,
                expected: id,
            });
        }
        // Every field but the snapshot (serde skips a field it does not
        // know, after ron has checked its syntax).
        let log: SaveLog<R::Command> =
            crate::data::parse_ron(file, text).map_err(|e| LoadError::Parse(e.to_string()))?;
        let snapshot = crate::ron_text::top_field(text, "snapshot").ok_or_else(|| {
            LoadError::Parse(
                crate::data::DataError::file(file, "missing field `snapshot`").to_string(),
            )
        })?;
        let s = Self::replay_log(rules, log.setup(), &log.commands)?;
        let again = s.save_ron();
        match crate::ron_text::top_field(&again, "snapshot") {
            Some(ours) if crate::ron_text::same_tokens(ours, snapshot) => Ok(s),
            _ => Err(LoadError::SnapshotMismatch {
                commands: log.commands.len(),
            }),
        }
    }

    /// The same check for a save in memory: the replayed state's digest
    /// against the snapshot's.
    pub fn replay(rules: Arc<R>, save: &Save<R::Command, R::State>) -> Result<Self, LoadError> {
        let setup = Setup {
            scenario: save.scenario.clone(),
            options: save.options.clone(),
            seed: save.seed,
        };
        let s = Self::replay_log(rules, setup, &save.commands)?;
        if digest(&s.state) != digest(&save.snapshot) {
            return Err(LoadError::SnapshotMismatch {
                commands: save.commands.len(),
            });
        }
        Ok(s)
    }

    /// A new game from `setup` with `commands` applied in order; the first
    /// refused one is named.
    fn replay_log(rules: Arc<R>, setup: Setup, commands: &[R::Command]) -> Result<Self, LoadError> {
        let mut s = Session::new(rules, setup).map_err(LoadError::Setup)?;
        for (index, c) in commands.iter().enumerate() {
            s.apply(c.clone())
                .map_err(|error| LoadError::Illegal { index, error })?;
        }
        Ok(s)
    }
}
