//! The contract with the game types erased, for code that handles any game
//! chosen at run time: `vt`, the launcher's menus, log, dice tray and saves.
//! Commands, events and views cross this boundary as JSON values.

use crate::echo::{MESSAGE_CHARS, clip_to};
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

/// A command from JSON, exactly as the game writes it: unknown fields are
/// refused by the games' `deny_unknown_fields`; a bare command written as
/// `{"Done": null}` (which serde takes for `"Done"`) is refused here, for
/// every game, at any depth.
pub fn parse_command<C: serde::de::DeserializeOwned + serde::Serialize>(
    command: &Value,
) -> Result<C, ApplyError> {
    let bad = |m: String| ApplyError::BadCommand(clip_to(&m, MESSAGE_CHARS).into_owned());
    let c: C = serde_json::from_value(command.clone()).map_err(|e| bad(e.to_string()))?;
    if let Some(name) = null_for_bare(command, &to_json(&c)) {
        return Err(bad(format!(
            "{{\"{name}\": null}} is not a command; a command without data is written \"{name}\""
        )));
    }
    Ok(c)
}

/// Where the input has `{"Name": null}` and the command read from it has
/// the bare `"Name"`, that name.
fn null_for_bare(input: &Value, read: &Value) -> Option<String> {
    match (input, read) {
        (Value::Object(m), Value::String(name))
            if m.len() == 1 && m.get(name).is_some_and(Value::is_null) =>
        {
            Some(name.clone())
        }
        (Value::Object(a), Value::Object(b)) => a
            .iter()
            .find_map(|(k, v)| b.get(k).and_then(|w| null_for_bare(v, w))),
        (Value::Array(a), Value::Array(b)) => {
            a.iter().zip(b).find_map(|(v, w)| null_for_bare(v, w))
        }
        _ => None,
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
        let c = parse_command::<R::Command>(command)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};
    use serde_json::json;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    enum Cmd {
        Done,
        Pick(Option<u8>),
        Move { unit: u8, mode: Mode },
        Many(Vec<Mode>),
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum Mode {
        Walk,
        Run,
    }

    fn parse(v: Value) -> Result<Cmd, ApplyError> {
        parse_command::<Cmd>(&v)
    }

    #[test]
    fn commands_are_read_as_written() {
        assert_eq!(parse(json!("Done")), Ok(Cmd::Done));
        // A newtype holding None is written with null: that stays.
        assert_eq!(parse(json!({"Pick": null})), Ok(Cmd::Pick(None)));
        assert_eq!(parse(json!({"Pick": 2})), Ok(Cmd::Pick(Some(2))));
        assert_eq!(
            parse(json!({"Move": {"unit": 1, "mode": "Run"}})),
            Ok(Cmd::Move {
                unit: 1,
                mode: Mode::Run
            })
        );
    }

    #[test]
    fn null_is_not_a_bare_command_at_any_depth() {
        for v in [
            json!({"Done": null}),
            json!({"Move": {"unit": 1, "mode": {"Run": null}}}),
            json!({"Many": ["Walk", {"Walk": null}]}),
        ] {
            let e = parse(v.clone()).unwrap_err();
            assert!(
                matches!(&e, ApplyError::BadCommand(m) if m.contains("without data")),
                "{v}: {e}"
            );
        }
        assert!(parse(Value::Null).is_err());
    }

    #[test]
    fn unknown_fields_and_huge_names_are_refused_briefly() {
        let e = parse(json!({"Move": {"unit": 1, "mode": "Run", "speed": 3}})).unwrap_err();
        assert!(e.to_string().contains("speed"), "{e}");
        let huge = "X".repeat(1 << 20);
        let e = parse(json!({ huge.clone(): 1 })).unwrap_err();
        assert!(e.to_string().len() < 1000, "{} bytes", e.to_string().len());
        let e = parse(json!(huge)).unwrap_err();
        assert!(e.to_string().len() < 1000);
    }
}
