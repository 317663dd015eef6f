//! The game being played, as every plugin sees it.
//!
//! The launcher owns the flow (whose turn, hand-over, computer players,
//! saves); a game's plugin reads [`ActiveGame`] to draw the board from the
//! viewing side's [`ActiveGame::view`] and writes [`SubmitCommand`] when the
//! player clicks. The launcher checks that the deciding side is a person at
//! this screen and applies the command through the rules, which refuse it
//! with the rule's section if it is not legal.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;
use vt_core::dynamic::{ApplyError, DynGame, DynSession};
use vt_core::provenance::SourceNote;
use vt_core::session::Session;
use vt_core::{GameInfo, LogEntry, Ruleset, SideIdx, TableView};

/// Who decides for a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    /// A person at this screen.
    #[default]
    Person,
    /// The computer: the game's search (`vt-ai`), from its side's knowledge.
    Computer,
    /// The scenario's own rules (a solitaire game's automatic side, see
    /// [`vt_core::ScenarioInfo::played_by_rules`]): the side never decides.
    Rules,
}

impl Controller {
    pub fn label(self) -> &'static str {
        match self {
            Controller::Person => "Person here",
            Controller::Computer => "Computer",
            Controller::Rules => "The rules (solitaire)",
        }
    }
}

/// The game in progress.
#[derive(Resource)]
pub struct ActiveGame {
    pub game: Arc<dyn DynGame>,
    pub session: Box<dyn DynSession>,
    pub info: GameInfo,
    /// One per side, in [`GameInfo::sides`] order.
    pub controllers: Vec<Controller>,
    /// The side whose view the board shows; `None` while a hand-over screen
    /// hides the board. Never the full state.
    pub viewer: Option<SideIdx>,
    /// While a hand-over screen hides the board: the side it was showing
    /// (a chance declined unseen goes straight back to it).
    pub hidden_from: Option<SideIdx>,
    /// The board still shows the side that just acted, with what its
    /// command rolled, before the screen goes to the next person
    /// ([`ActiveGame::hidden_from`] is that side). No command is taken
    /// until the player hands over.
    pub result_first: bool,
    /// Where in the log that result starts.
    pub result_from: usize,
    /// Per side, how much of the log there was when that side last handed
    /// the screen over: a hand-over screen tells the next player, in public
    /// words, what happened since (issue 14: after the other side's
    /// Opportunity Fire the hand-over said nothing of it).
    pub seen_upto: Vec<usize>,
    /// The game is over and the player has looked at the final board (and
    /// at what the last command set off): the game-over screen may come.
    /// Until then the board stays, with the result in a bar.
    pub end_seen: bool,
    /// The log as the player reads it (kept in step with the session).
    pub log: Vec<LogEntry>,
    /// Bumped at every change of the session (a command, an undo, a load).
    pub revision: u64,
    /// The last refusal, shown until the next command.
    pub refusal: Option<String>,
    /// Where it was last saved, if it was.
    pub save_name: Option<String>,
    /// How many commands the game had when it was last saved under a name
    /// or loaded (0 for a new game): more now is progress a player could
    /// lose by leaving.
    pub saved_at: usize,
    pub source_notes: Vec<SourceNote>,
    pub tables: Vec<TableView>,
}

impl ActiveGame {
    pub fn new(
        game: Arc<dyn DynGame>,
        session: Box<dyn DynSession>,
        controllers: Vec<Controller>,
    ) -> Self {
        let info = session.info();
        let mut controllers = controllers;
        controllers.resize(info.sides.len(), Controller::Person);
        for s in info.played_by_rules(&session.setup().scenario) {
            controllers[s as usize] = Controller::Rules;
        }
        let log = session.log();
        let sides = info.sides.len();
        let source_notes = game.source_notes();
        let tables = game.tables();
        let mut g = ActiveGame {
            game,
            session,
            info,
            controllers,
            viewer: None,
            hidden_from: None,
            result_first: false,
            result_from: 0,
            seen_upto: vec![log.len(); sides],
            end_seen: false,
            log,
            revision: 0,
            refusal: None,
            save_name: None,
            saved_at: 0,
            source_notes,
            tables,
        };
        g.viewer = g.natural_viewer(None);
        g
    }

    /// True if commands were given since the game was last saved under a
    /// name (or loaded) and it is not over: leaving would lose them but for
    /// the autosave.
    pub fn unsaved_progress(&self) -> bool {
        self.session.commands() != self.saved_at && !self.session.outcome().is_finished()
    }

    /// The side that must decide now, if any.
    pub fn deciding_side(&self) -> Option<SideIdx> {
        self.session.decision().side
    }

    /// True if the deciding side is played by a person at this screen.
    pub fn person_to_decide(&self) -> bool {
        self.deciding_side()
            .is_some_and(|s| self.controller(s) == Controller::Person)
    }

    /// Who plays `side`: the scenario's rules for a side they play (even
    /// if seats kept from an older save say otherwise), else its seat.
    pub fn controller(&self, side: SideIdx) -> Controller {
        if self
            .info
            .played_by_rules(&self.session.setup().scenario)
            .contains(&side)
        {
            return Controller::Rules;
        }
        self.controllers
            .get(side as usize)
            .copied()
            .unwrap_or(Controller::Person)
    }

    /// Whose view the board should show: the deciding side if a person plays
    /// it; otherwise the last person's side (`previous`), or the first side a
    /// person plays, or side 0 when the computer plays every side.
    pub fn natural_viewer(&self, previous: Option<SideIdx>) -> Option<SideIdx> {
        if let Some(s) = self.deciding_side()
            && self.controller(s) == Controller::Person
        {
            return Some(s);
        }
        if previous.is_some() {
            return previous;
        }
        let first_person = (0..self.info.sides.len() as SideIdx)
            .find(|&s| self.controller(s) == Controller::Person);
        Some(first_person.unwrap_or(0))
    }

    /// The viewing side's view as JSON; `None` while the board is hidden.
    pub fn view(&self) -> Option<Value> {
        self.viewer.map(|s| self.session.view(s))
    }

    pub fn side_name(&self, side: SideIdx) -> &str {
        self.info
            .sides
            .get(side as usize)
            .map(|s| s.name.as_str())
            .unwrap_or("?")
    }

    /// The typed session, for a game's own plugin.
    pub fn typed<R: Ruleset>(&self) -> Option<&Session<R>> {
        self.session.as_any().downcast_ref::<Session<R>>()
    }

    /// The viewing side's typed view; `None` while the board is hidden or if
    /// this is another game.
    pub fn typed_view<R: Ruleset>(&self) -> Option<R::View> {
        let s = self.typed::<R>()?;
        Some(s.rules.view(&s.state, self.viewer?))
    }

    /// Applies a command, keeping the log in step. Does not check who is
    /// asking; the launcher does.
    pub fn apply(&mut self, command: &Value) -> Result<Vec<LogEntry>, ApplyError> {
        match self.session.apply(command) {
            Ok(entries) => {
                self.log.extend(entries.iter().cloned());
                self.refusal = None;
                self.revision += 1;
                Ok(entries)
            }
            Err(e) => {
                self.refusal = Some(e.to_string());
                Err(e)
            }
        }
    }

    /// Takes back the last command if the rules allow it.
    pub fn undo(&mut self) -> bool {
        if !self.session.can_undo() {
            return false;
        }
        let ok = self.session.undo();
        if ok {
            // Keep the entries as they were written (names as they stood
            // then); only the undone command's entries go.
            let kept = self.session.log().len();
            self.log.truncate(kept);
            self.refusal = None;
            self.revision += 1;
        }
        ok
    }

    /// Who reads the log now: the viewing side (another side's private
    /// entries only as their public text), nobody while the board is hidden,
    /// everyone once the game is over.
    pub fn reader(&self) -> vt_core::Reader {
        if self.session.outcome().is_finished() {
            return vt_core::Reader::Referee;
        }
        match self.viewer {
            Some(s) => vt_core::Reader::Side(s),
            None => vt_core::Reader::Public,
        }
    }

    /// The most recent adjudications the reader may see, newest first.
    pub fn recent_adjudications(&self, n: usize) -> Vec<&vt_core::Adjudication> {
        let reader = self.reader();
        self.log
            .iter()
            .rev()
            .flat_map(|e| e.read_by(reader).1.iter().rev())
            .take(n)
            .collect()
    }
}

/// The command the computer suggested to the person deciding, while it
/// stands (the launcher keeps it; a board marks what the command would use,
/// so the suggestion is seen where it is made, not only read).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Suggested(pub Option<Value>);

/// A command for the game, from the generic screen or a game's plugin.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct SubmitCommand(pub Value);

impl SubmitCommand {
    /// From a typed command of the game's ruleset.
    pub fn typed<C: Serialize>(command: &C) -> Self {
        SubmitCommand(serde_json::to_value(command).unwrap_or(Value::Null))
    }
}

/// What a game's plugin tells the launcher about itself.
#[derive(Clone, Debug)]
pub struct BoardRegistration {
    pub game_id: String,
    /// Keep the generic list of legal commands beside the board (useful for
    /// decisions the board does not show, like "end phase").
    pub show_command_list: bool,
}

/// The games that have a board plugin; the others are played on the
/// generic screen.
#[derive(Resource, Default, Debug)]
pub struct Boards {
    pub by_game: BTreeMap<String, BoardRegistration>,
}

impl Boards {
    pub fn has_board(&self, game_id: &str) -> bool {
        self.by_game.contains_key(game_id)
    }
}

/// How a game's plugin registers its board.
pub trait RegisterBoard {
    fn register_board(&mut self, registration: BoardRegistration) -> &mut Self;
}

impl RegisterBoard for App {
    fn register_board(&mut self, registration: BoardRegistration) -> &mut Self {
        self.init_resource::<Boards>();
        self.world_mut()
            .resource_mut::<Boards>()
            .by_game
            .insert(registration.game_id.clone(), registration);
        self
    }
}

/// Run condition: a game with this id is being played and its board is
/// visible (not hidden by a hand-over screen).
pub fn board_visible(game_id: &'static str) -> impl FnMut(Option<Res<ActiveGame>>) -> bool + Clone {
    move |g: Option<Res<ActiveGame>>| g.is_some_and(|g| g.info.id == game_id && g.viewer.is_some())
}

/// Run condition: the game changed since the system last ran (a command,
/// an undo, a load, a hand-over).
pub fn game_changed(g: Option<Res<ActiveGame>>) -> bool {
    g.is_some_and(|g| g.is_changed())
}
