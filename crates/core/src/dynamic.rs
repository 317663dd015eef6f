//! The contract with the game types erased, for code that handles any game
//! chosen at run time: `vt`, the launcher's menus, log, dice tray and saves.
//! Commands, events and views cross this boundary as JSON values.

use crate::engine::{
    Decision, GameInfo, LogEntry, Outcome, RuleError, Ruleset, Setup, SetupError, SideIdx,
    TableView,
};
use crate::playout::{PlayoutSummary, playout};
use crate::provenance::SourceNote;
use crate::session::{LoadError, Session};
use serde_json::Value;
use std::any::Any;
use std::fmt;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApplyError {
    /// The JSON is not a command of this game.
    BadCommand(String),
    /// A legal-looking command the rules refuse.
    Rule(RuleError),
}

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApplyError::BadCommand(m) => write!(f, "not a command of this game: {m}"),
            ApplyError::Rule(e) => write!(f, "{e}"),
        }
    }
}

pub trait DynGame: Send + Sync {
    fn info(&self) -> GameInfo;
    fn new_session(&self, setup: Setup) -> Result<Box<dyn DynSession>, SetupError>;
    fn load(&self, text: &str, file: &str) -> Result<Box<dyn DynSession>, LoadError>;
    fn playout(
        &self,
        setup: &Setup,
        games: u64,
        threads: usize,
    ) -> Result<PlayoutSummary, SetupError>;
    fn source_notes(&self) -> Vec<SourceNote>;
    fn tables(&self) -> Vec<TableView>;
    /// The typed ruleset, for a game's own plugin to downcast.
    fn as_any(&self) -> &dyn Any;
}

pub trait DynSession: Send + Sync {
    fn info(&self) -> GameInfo;
    fn setup(&self) -> &Setup;
    fn decision(&self) -> Decision;
    fn legal(&self) -> Vec<Value>;
    fn apply(&mut self, command: &Value) -> Result<Vec<LogEntry>, ApplyError>;
    fn can_undo(&self) -> bool;
    fn undo(&mut self) -> bool;
    fn view(&self, side: SideIdx) -> Value;
    fn outcome(&self) -> Outcome;
    fn log(&self) -> Vec<LogEntry>;
    fn commands(&self) -> usize;
    fn digest(&self) -> u64;
    fn save_ron(&self) -> String;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// A ruleset behind the erased interface.
pub struct Game<R: Ruleset>(pub Arc<R>);

impl<R: Ruleset> Game<R> {
    pub fn new(rules: R) -> Self {
        Game(Arc::new(rules))
    }
}

fn to_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or_else(|e| Value::String(format!("unserializable: {e}")))
}

impl<R: Ruleset> DynGame for Game<R> {
    fn info(&self) -> GameInfo {
        self.0.info()
    }

    fn new_session(&self, setup: Setup) -> Result<Box<dyn DynSession>, SetupError> {
        Ok(Box::new(Session::new(self.0.clone(), setup)?))
    }

    fn load(&self, text: &str, file: &str) -> Result<Box<dyn DynSession>, LoadError> {
        Ok(Box::new(Session::load(self.0.clone(), text, file)?))
    }

    fn playout(
        &self,
        setup: &Setup,
        games: u64,
        threads: usize,
    ) -> Result<PlayoutSummary, SetupError> {
        playout(&*self.0, setup, games, threads)
    }

    fn source_notes(&self) -> Vec<SourceNote> {
        self.0.source_notes()
    }

    fn tables(&self) -> Vec<TableView> {
        self.0.tables()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl<R: Ruleset> DynSession for Session<R> {
    fn info(&self) -> GameInfo {
        self.rules.info()
    }

    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn decision(&self) -> Decision {
        self.rules.decision(&self.state)
    }

    fn legal(&self) -> Vec<Value> {
        self.rules.legal(&self.state).iter().map(to_json).collect()
    }

    fn apply(&mut self, command: &Value) -> Result<Vec<LogEntry>, ApplyError> {
        let c: R::Command = serde_json::from_value(command.clone())
            .map_err(|e| ApplyError::BadCommand(e.to_string()))?;
        let rules = self.rules.clone();
        let events = Session::apply(self, c).map_err(ApplyError::Rule)?.to_vec();
        Ok(events
            .iter()
            .map(|e| rules.describe_in(&self.state, e))
            .collect())
    }

    fn can_undo(&self) -> bool {
        Session::can_undo(self)
    }

    fn undo(&mut self) -> bool {
        Session::undo(self)
    }

    fn view(&self, side: SideIdx) -> Value {
        to_json(&self.rules.view(&self.state, side))
    }

    fn outcome(&self) -> Outcome {
        self.rules.outcome(&self.state)
    }

    fn log(&self) -> Vec<LogEntry> {
        Session::log(self)
    }

    fn commands(&self) -> usize {
        self.commands.len()
    }

    fn digest(&self) -> u64 {
        Session::digest(self)
    }

    fn save_ron(&self) -> String {
        Session::save_ron(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
