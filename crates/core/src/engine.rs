//! The engine contract: one trait every game implements.
//!
//! A game is a sequence of decisions. At each one, [`Ruleset::decision`] says
//! which side must choose and what; [`Ruleset::legal`] lists the commands it
//! accepts; [`Ruleset::check`] refuses anything else with the rule that
//! forbids it; [`Ruleset::execute`] carries a checked command out, rolling
//! through the state's own generator and reporting what happened as events.
//! An opportunity-fire prompt in the middle of a move is just another
//! decision, for the other side.
//!
//! The implementing type is the loaded ruleset (its tables, cards, maps and
//! scenarios); the state is plain serializable data.

use crate::dice::Adjudication;
use crate::echo::{MESSAGE_CHARS, clip, clip_to};
use crate::provenance::SourceNote;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::{self, Debug};

/// Index of a side in [`GameInfo::sides`].
pub type SideIdx = u8;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideInfo {
    /// Kebab-case id ("us", "vc", "player").
    pub id: String,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioInfo {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Ids of the sides the scenario's own rules play (a solitaire game's
    /// automatic opponent, as Grunt's B6 NLF): they never decide, so no
    /// person or computer is seated for them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played_by_rules: Vec<String>,
}

/// A game option the set-up screen offers (an optional rule, a variant).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionInfo {
    pub key: String,
    pub name: String,
    /// The rule section it switches on ("6.1").
    pub rule: String,
    pub default: String,
    /// The values it accepts; ["off", "on"] for a switch.
    pub values: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameInfo {
    /// "fte", "csar", "grunt", "crossfire-vn", "platoon-cards".
    pub id: String,
    pub name: String,
    pub sides: Vec<SideInfo>,
    pub scenarios: Vec<ScenarioInfo>,
    #[serde(default)]
    pub options: Vec<OptionInfo>,
}

impl GameInfo {
    pub fn side_index(&self, id: &str) -> Option<SideIdx> {
        self.sides
            .iter()
            .position(|s| s.id == id)
            .map(|i| i as SideIdx)
    }

    /// The sides the rules of `scenario` play themselves (see
    /// [`ScenarioInfo::played_by_rules`]).
    pub fn played_by_rules(&self, scenario: &str) -> Vec<SideIdx> {
        self.scenarios
            .iter()
            .find(|s| s.id == scenario)
            .map(|s| {
                s.played_by_rules
                    .iter()
                    .filter_map(|id| self.side_index(id))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// What a new game starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub scenario: String,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    pub seed: u64,
}

impl Setup {
    pub fn new(scenario: &str, seed: u64) -> Self {
        Setup {
            scenario: scenario.into(),
            options: BTreeMap::new(),
            seed,
        }
    }

    pub fn option(mut self, key: &str, value: &str) -> Self {
        self.options.insert(key.into(), value.into());
        self
    }

    /// True when a switch option is "on" (or "true"/"yes"/"1").
    pub fn is_on(&self, key: &str) -> bool {
        matches!(
            self.options.get(key).map(|s| s.as_str()),
            Some("on" | "true" | "yes" | "1")
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupError {
    UnknownScenario(String),
    BadOption { key: String, message: String },
    Data(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::UnknownScenario(s) => write!(f, "unknown scenario '{}'", clip(s)),
            SetupError::BadOption { key, message } => write!(
                f,
                "option '{}': {}",
                clip(key),
                clip_to(message, MESSAGE_CHARS)
            ),
            SetupError::Data(m) => write!(f, "data: {}", clip_to(m, MESSAGE_CHARS)),
        }
    }
}

impl std::error::Error for SetupError {}

/// A game table as the tables viewer shows it. Adjudications point into it
/// with [`crate::dice::TableCell`] (`table` = `id`, `row`/`column` = labels).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    pub id: String,
    pub name: String,
    /// The rule section that prints it ("7.4").
    pub rule: String,
    /// Column headers, the first one naming the row labels.
    pub columns: Vec<String>,
    /// Each row: its label, then one cell per remaining column.
    pub rows: Vec<Vec<String>>,
}

/// A refusal: which rule forbids the command and why, in a player's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleError {
    /// "CSAR 4.3.1", "FTE 6.8".
    pub rule: String,
    pub message: String,
}

impl RuleError {
    pub fn new(rule: impl Into<String>, message: impl Into<String>) -> Self {
        RuleError {
            rule: rule.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.rule)
    }
}

impl std::error::Error for RuleError {}

/// Who must choose, and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// `None` once the game is over.
    pub side: Option<SideIdx>,
    /// The stable string of the game's [`DecisionKind`] ("activate",
    /// "opportunity-fire", "burn"; "game-over" at the end). Code reads it
    /// back typed with [`Decision::kind_as`], never by comparing strings.
    pub kind: Cow<'static, str>,
    /// What the player is asked, in words.
    pub prompt: String,
    /// The rule section that gives this decision.
    pub rule: String,
    /// A chance the side is given while the other side acts (Opportunity
    /// Fire): a hot-seat screen may let it pass without showing its board.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupt: bool,
}

/// The stable string of [`Decision::game_over`].
pub const GAME_OVER: &str = "game-over";

impl Decision {
    /// `side` must choose `kind`: `prompt` says what, in words; `rule` is
    /// the section that gives the decision ("FTE 21.0").
    pub fn new<K: DecisionKind>(
        side: SideIdx,
        kind: K,
        prompt: impl Into<String>,
        rule: impl Into<String>,
    ) -> Self {
        Decision {
            side: Some(side),
            kind: Cow::Borrowed(kind.as_str()),
            prompt: prompt.into(),
            rule: rule.into(),
            interrupt: false,
        }
    }

    /// Marks the decision as a chance given while the other side acts.
    pub fn interrupting(mut self, interrupt: bool) -> Self {
        self.interrupt = interrupt;
        self
    }

    pub fn game_over() -> Self {
        Decision {
            side: None,
            kind: Cow::Borrowed(GAME_OVER),
            prompt: "The game is over.".into(),
            rule: String::new(),
            interrupt: false,
        }
    }

    pub fn is_game_over(&self) -> bool {
        self.side.is_none()
    }

    /// The kind as the game's enum; `None` at the end of the game or for a
    /// string the enum does not know.
    pub fn kind_as<K: DecisionKind>(&self) -> Option<K> {
        K::parse(&self.kind)
    }
}

/// A game's decision kinds, as an enum with a stable string each: the
/// string is what the contract carries (saves of views, `vt`, the
/// launcher's generic screen), the enum is what code matches, so renaming a
/// variant is a compile error where it is used, not a silent mismatch.
/// Declare one with [`decision_kinds!`](crate::decision_kinds).
pub trait DecisionKind: Copy + Eq + Debug + Send + Sync + 'static {
    /// Every kind, in declaration order.
    const ALL: &'static [Self];
    /// The stable, kebab-case string.
    fn as_str(self) -> &'static str;
    fn parse(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.as_str() == s)
    }
}

/// Declares a game's decision kinds:
///
/// ```
/// vt_core::decision_kinds! {
///     /// What the game waits for.
///     pub enum Kind {
///         /// A side activates a unit.
///         Activate = "activate",
///         OpportunityFire = "opportunity-fire",
///     }
/// }
/// use vt_core::DecisionKind;
/// assert_eq!(Kind::OpportunityFire.as_str(), "opportunity-fire");
/// assert_eq!(Kind::parse("activate"), Some(Kind::Activate));
/// ```
#[macro_export]
macro_rules! decision_kinds {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),*
        }

        impl $crate::engine::DecisionKind for $name {
            const ALL: &'static [Self] = &[$($name::$variant),*];
            fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text ),*
                }
            }
        }
    };
}

/// The running score and, at the end, the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `None` while the game goes on. At the end a short label that playouts
    /// count: "win", "loss", "draw" for a solitaire game, the winning side's
    /// id or "draw" for a two-sided one.
    pub result: Option<String>,
    /// In words: "Rescue complete on turn 6: 2 survivors recovered."
    pub summary: String,
    /// Named running totals (victory points, morale points, turn).
    pub score: Vec<(String, i32)>,
}

impl Outcome {
    pub fn ongoing(summary: impl Into<String>) -> Self {
        Outcome {
            result: None,
            summary: summary.into(),
            score: Vec::new(),
        }
    }

    pub fn is_finished(&self) -> bool {
        self.result.is_some()
    }
}

/// One entry of the game log as the player reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub text: String,
    /// The rolls and draws behind it, each with its modifiers.
    #[serde(default)]
    pub adjudications: Vec<Adjudication>,
    /// Set when only one side may read the entry in full (a Concealed
    /// unit's own check, a move under a Concealed marker): the log is shown
    /// to both players of a hot-seat game, so it may not tell more than the
    /// board does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private: Option<Private>,
}

/// The part of a [`LogEntry`] the other sides read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Private {
    /// The side that reads the entry in full.
    pub side: SideIdx,
    /// What the other sides read instead.
    pub public: String,
    /// The rolls they see, if any (a die whose modifiers are partly
    /// secret shows the open ones).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Adjudication>,
    /// Sides that read an entry of their own, whatever `side` is: where
    /// each side holds a secret of the other (a Concealed unit firing at a
    /// Concealed unit: each names its own unit and reads the enemy's by
    /// marker), no side reads the whole entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<Reading>,
}

/// One side's own reading of a [`LogEntry`] (see [`LogEntry::read_as`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    pub side: SideIdx,
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Adjudication>,
}

/// Who reads the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// A side during the game: its own private entries in full, the other
    /// sides' as their public text, and its own reading where an entry
    /// gives it one ([`LogEntry::read_as`]).
    Side(SideIdx),
    /// Nobody in particular (a hand-over screen): public texts only.
    Public,
    /// Everything, as after the game or from the save file.
    Referee,
}

impl LogEntry {
    pub fn text(text: impl Into<String>) -> Self {
        LogEntry {
            text: text.into(),
            adjudications: Vec::new(),
            private: None,
        }
    }

    pub fn with_rolls(text: impl Into<String>, adjudications: Vec<Adjudication>) -> Self {
        LogEntry {
            text: text.into(),
            adjudications,
            private: None,
        }
    }

    /// Only `side` reads this entry in full; the others read `public`.
    pub fn private_to(mut self, side: SideIdx, public: impl Into<String>) -> Self {
        let readings = self.private.take().map(|p| p.readings).unwrap_or_default();
        self.private = Some(Private {
            side,
            public: public.into(),
            rolls: Vec::new(),
            readings,
        });
        self
    }

    /// `side` reads `text` and `rolls`, not the whole entry nor the public
    /// text: for an entry where every side keeps something from the others
    /// (call it after [`LogEntry::private_to`] or
    /// [`LogEntry::private_with_rolls`], which give what the rest read).
    /// A second reading for the same side replaces the first.
    pub fn read_as(
        mut self,
        side: SideIdx,
        text: impl Into<String>,
        rolls: Vec<Adjudication>,
    ) -> Self {
        let p = self.private.get_or_insert_with(|| Private {
            side,
            public: self.text.clone(),
            rolls: self.adjudications.clone(),
            readings: Vec::new(),
        });
        p.readings.retain(|r| r.side != side);
        p.readings.push(Reading {
            side,
            text: text.into(),
            rolls,
        });
        self
    }

    /// As [`LogEntry::private_to`], the other sides seeing `rolls`.
    pub fn private_with_rolls(
        self,
        side: SideIdx,
        public: impl Into<String>,
        rolls: Vec<Adjudication>,
    ) -> Self {
        let mut e = self.private_to(side, public);
        if let Some(p) = e.private.as_mut() {
            p.rolls = rolls;
        }
        e
    }

    /// The text and rolls `reader` may read.
    pub fn read_by(&self, reader: Reader) -> (&str, &[Adjudication]) {
        match (&self.private, reader) {
            (None, _) | (_, Reader::Referee) => (&self.text, &self.adjudications),
            (Some(p), Reader::Side(s)) => match p.readings.iter().find(|r| r.side == s) {
                Some(r) => (&r.text, &r.rolls),
                None if s == p.side => (&self.text, &self.adjudications),
                None => (&p.public, &p.rolls),
            },
            (Some(p), Reader::Public) => (&p.public, &p.rolls),
        }
    }

    /// What `reader` may read of the entry, `None` when that is nothing
    /// (another side's secret with no public text: Grunt's order of
    /// battle chosen, a call written down). A log shows `reader` only the
    /// entries it may read something of, numbered among themselves: a
    /// blank line, or a gap in the numbers, would tell when the other side
    /// kept a secret and how many it keeps.
    pub fn readable_by(&self, reader: Reader) -> Option<(&str, &[Adjudication])> {
        let (text, rolls) = self.read_by(reader);
        (!text.trim().is_empty() || !rolls.is_empty()).then_some((text, rolls))
    }
}

pub trait Ruleset: Send + Sync + 'static {
    /// Everything needed to go on, the generator included.
    type State: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// A side's answer to the current decision.
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What happened; the log, the animations and the explanations read these.
    type Event: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What one side may see. Hidden things are absent, not flagged.
    type View: Serialize;

    fn info(&self) -> GameInfo;

    fn new_game(&self, setup: &Setup) -> Result<Self::State, SetupError>;

    fn decision(&self, state: &Self::State) -> Decision;

    /// The commands the current decision accepts, for a player or a policy
    /// to pick from. Empty once the game is over. Where a command names a
    /// subset of a group (which units of a stack fire together), a game may
    /// list each member alone and the whole group rather than every subset;
    /// `check` still accepts any legal subset.
    fn legal(&self, state: &Self::State) -> Vec<Self::Command>;

    /// Refuses an illegal command, naming the rule.
    fn check(&self, state: &Self::State, command: &Self::Command) -> Result<(), RuleError>;

    /// Carries out a command that passed [`Ruleset::check`], appending what
    /// happened to `events`.
    fn execute(
        &self,
        state: &mut Self::State,
        command: &Self::Command,
        events: &mut Vec<Self::Event>,
    );

    /// [`Ruleset::execute`], then the legal commands of the position it
    /// leads to, in `legal` (its old contents replaced): what a playout or
    /// a search's rollout asks after every command. A game that lists the
    /// commands while executing anyway (to pass over a decision with
    /// nothing to choose) overrides this to list them once.
    fn execute_and_list(
        &self,
        state: &mut Self::State,
        command: &Self::Command,
        events: &mut Vec<Self::Event>,
        legal: &mut Vec<Self::Command>,
    ) {
        self.execute(state, command, events);
        *legal = self.legal(state);
    }

    fn view(&self, state: &Self::State, side: SideIdx) -> Self::View;

    fn outcome(&self, state: &Self::State) -> Outcome;

    /// Whether the game is over: `outcome(state).result.is_some()`, which
    /// a game may answer without building the outcome's words and score
    /// (a playout asks after every command).
    fn finished(&self, state: &Self::State) -> bool {
        self.outcome(state).result.is_some()
    }

    /// `outcome(state).result` alone: what a playout keeps of each game,
    /// which a game may answer without building the outcome's words and
    /// score.
    fn result(&self, state: &Self::State) -> Option<String> {
        self.outcome(state).result
    }

    /// Hands back a game a playout is done with. A game may keep its
    /// buffers for the next `new_game` on the same thread (a playout sets
    /// up thousands of games, and allocating every list of every state
    /// anew was a noticeable part of a short game); the default drops it.
    /// Nothing the game does may depend on what it kept.
    fn recycle(&self, state: Self::State) {
        drop(state);
    }

    /// The event in words, with its adjudications.
    fn describe(&self, event: &Self::Event) -> LogEntry;

    /// As [`Ruleset::describe`], with the game as it is now at hand for what
    /// never changes once set (a unit's type, to name it). The log is built
    /// with this; the default ignores the state.
    fn describe_in(&self, _state: &Self::State, event: &Self::Event) -> LogEntry {
        self.describe(event)
    }

    /// Every data value whose provenance is not the rulebook, and the
    /// reason: the "Sources and assumptions" view.
    fn source_notes(&self) -> Vec<SourceNote> {
        Vec::new()
    }

    /// The game's tables, for the tables viewer.
    fn tables(&self) -> Vec<TableView> {
        Vec::new()
    }

    /// True if these events (of one command) revealed nothing random or
    /// hidden, so the command may be taken back. The default allows no undo.
    fn undoable(&self, _events: &[Self::Event]) -> bool {
        false
    }

    /// True if these events (of one command) rolled no die, drew nothing
    /// and changed nothing hidden, though the command may not be taken back
    /// (it told the side something: an FTE step that draws no Opportunity
    /// Fire check says no enemy watches the hex). The session keeps the
    /// state before such a command while the run lasts, for the computer's
    /// loop guard (`vt-ai`'s `repeats`: a unit stepped out of a hex and
    /// back). The default: what [`Ruleset::undoable`] says.
    fn transparent(&self, events: &[Self::Event]) -> bool {
        self.undoable(events)
    }

    /// Check, then execute.
    fn apply(
        &self,
        state: &mut Self::State,
        command: &Self::Command,
    ) -> Result<Vec<Self::Event>, RuleError> {
        self.check(state, command)?;
        let mut events = Vec::new();
        self.execute(state, command, &mut events);
        Ok(events)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // A private entry: its side reads it all, the others the public text
    // and the open rolls, the referee everything; a plain entry reads the
    // same for all.
    crate::decision_kinds! {
        enum Kind {
            Roll = "roll",
            Hold = "hold-dice",
        }
    }

    // The typed kind goes into the contract as its string and comes back.
    #[test]
    fn decision_kinds_round_trip() {
        let d = Decision::new(1, Kind::Hold, "Hold or roll?", "PIG 1");
        assert_eq!(d.kind, "hold-dice");
        assert_eq!(d.kind_as::<Kind>(), Some(Kind::Hold));
        let json = serde_json::to_string(&d).unwrap();
        let back: Decision = serde_json::from_str(&json).unwrap();
        assert_eq!(back.kind_as::<Kind>(), Some(Kind::Hold));
        assert_eq!(Decision::game_over().kind_as::<Kind>(), None);
        assert!(Decision::game_over().is_game_over());
        assert_eq!(Kind::ALL, &[Kind::Roll, Kind::Hold]);
    }

    #[test]
    fn private_entries_read_by_side() {
        let mut full = Adjudication::new("Stealthy Movement check", "FTE 6.7");
        full.rolled = vec![4];
        let e = LogEntry::with_rolls("Check for Rifle #3: passed.", vec![full.clone()])
            .private_to(1, "Check for Concealed marker 2: passed.");
        assert_eq!(e.read_by(Reader::Side(1)).0, "Check for Rifle #3: passed.");
        assert_eq!(e.read_by(Reader::Side(1)).1, std::slice::from_ref(&full));
        assert_eq!(
            e.read_by(Reader::Side(0)),
            ("Check for Concealed marker 2: passed.", &[][..])
        );
        assert_eq!(
            e.read_by(Reader::Public).0,
            "Check for Concealed marker 2: passed."
        );
        assert_eq!(e.read_by(Reader::Referee).0, "Check for Rifle #3: passed.");

        let mut open = full.clone();
        open.modifiers.clear();
        let e = e.private_with_rolls(
            1,
            "Check for Concealed marker 2: passed.",
            vec![open.clone()],
        );
        assert_eq!(e.read_by(Reader::Side(0)).1, std::slice::from_ref(&open));

        let plain = LogEntry::text("Turn 2 begins.");
        for r in [
            Reader::Side(0),
            Reader::Side(1),
            Reader::Public,
            Reader::Referee,
        ] {
            assert_eq!(plain.read_by(r).0, "Turn 2 begins.");
        }
        // Saves and `vt log` keep older entries readable (no private part).
        let old: LogEntry = serde_json::from_str(r#"{"text": "x"}"#).unwrap();
        assert_eq!(old.private, None);
        let old: LogEntry =
            serde_json::from_str(r#"{"text": "x", "private": {"side": 1, "public": "y"}}"#)
                .unwrap();
        assert_eq!(old.read_by(Reader::Side(0)).0, "y");
        assert_eq!(old.read_by(Reader::Side(1)).0, "x");
    }

    // Each side its own reading: a Concealed unit of side 0 fires at a
    // Concealed unit of side 1; each names its own unit and reads the
    // other's by marker, the hand-over screen reads markers only, the
    // referee the whole entry.
    #[test]
    fn each_side_may_read_its_own_version() {
        let mut all = Adjudication::new("Fire", "FTE 7.1");
        all.rolled = vec![3];
        let mut open = all.clone();
        open.purpose = "Fire (open)".into();
        let e = LogEntry::with_rolls("Rifle #3 fires at Rifle #40.", vec![all.clone()])
            .private_with_rolls(1, "Marker 2 fires at a Concealed unit.", vec![open.clone()])
            .read_as(0, "Rifle #3 fires at a Concealed unit.", vec![open.clone()])
            .read_as(1, "Marker 2 fires at Rifle #40.", vec![all.clone()]);
        assert_eq!(
            e.read_by(Reader::Side(0)),
            (
                "Rifle #3 fires at a Concealed unit.",
                std::slice::from_ref(&open)
            )
        );
        assert_eq!(
            e.read_by(Reader::Side(1)),
            ("Marker 2 fires at Rifle #40.", std::slice::from_ref(&all))
        );
        assert_eq!(
            e.read_by(Reader::Side(2)).0,
            "Marker 2 fires at a Concealed unit."
        );
        assert_eq!(
            e.read_by(Reader::Public).0,
            "Marker 2 fires at a Concealed unit."
        );
        assert_eq!(e.read_by(Reader::Referee).0, "Rifle #3 fires at Rifle #40.");
        // A reading survives a later `private_to`, and a second one for a
        // side replaces the first.
        let e = e
            .private_to(1, "Someone fires.")
            .read_as(0, "Rifle #3 fires.", Vec::new());
        assert_eq!(e.read_by(Reader::Side(0)).0, "Rifle #3 fires.");
        assert_eq!(e.read_by(Reader::Side(1)).0, "Marker 2 fires at Rifle #40.");
        assert_eq!(e.read_by(Reader::Public).0, "Someone fires.");
        let json = serde_json::to_string(&e).unwrap();
        let back: LogEntry = serde_json::from_str(&json).unwrap();
        assert_eq!(back, e);
    }

    // A secret with no public text (Grunt's order of battle chosen) is
    // nothing to the other side and the hand-over screen: the log leaves
    // it out for them rather than show a blank numbered line; its side
    // and the referee read it. A public text or open rolls are something.
    #[test]
    fn a_secret_without_public_text_is_nothing_to_the_others() {
        let e = LogEntry::text("The NLF chooses its order of battle: Day-to-Day (D0).")
            .private_to(1, "");
        assert_eq!(e.readable_by(Reader::Side(0)), None);
        assert_eq!(e.readable_by(Reader::Public), None);
        assert!(e.readable_by(Reader::Side(1)).is_some());
        assert!(e.readable_by(Reader::Referee).is_some());
        let mut a = Adjudication::new("Delay", "O9.2");
        a.rolled = vec![4];
        let rolls = LogEntry::text("x").private_with_rolls(1, " ", vec![a.clone()]);
        assert_eq!(
            rolls.readable_by(Reader::Side(0)),
            Some((" ", std::slice::from_ref(&a)))
        );
        let public = LogEntry::text("x").private_to(1, "Someone moves.");
        assert_eq!(
            public.readable_by(Reader::Public).unwrap().0,
            "Someone moves."
        );
    }
}
