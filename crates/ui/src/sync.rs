//! One sync from the session to the screen for every game.
//!
//! A plugin adds [`SyncPlugin::<R>`] for its ruleset. Each frame, in
//! [`crate::VtSet::Sync`], the session is compared with what the screen last
//! showed; when it differs:
//!
//! - [`Synced<R>`] (a resource) holds what the screen shows: the viewing
//!   side's typed view, the decision, whether a person at this screen
//!   decides it now, and then the legal commands. Its change detection is
//!   "the view changed": a draw system can run `if synced.is_changed()`.
//! - a [`SessionChanged<R>`] message says what happened: a new or loaded
//!   game, commands played (with the events they produced, for animations
//!   and panels), an undo, the viewing side changed (a hand-over), or the
//!   game left.
//!
//! The events are the whole record, hidden things included: a plugin turns
//! them into animations only for what the viewing side's view shows (a
//! counter it sees, a hex where it sees a marker), never from the events
//! alone. After a hand-over ([`SessionChanged::viewer_changed`]) nothing is
//! animated: the positions before were another side's view.

use crate::game::ActiveGame;
use crate::sets::VtSet;
use bevy::prelude::*;
use std::marker::PhantomData;
use std::sync::Arc;
use vt_core::session::Session;
use vt_core::{Decision, Ruleset, SideIdx};

/// Keeps [`Synced<R>`] in step with the session of a game of ruleset `R`.
pub struct SyncPlugin<R>(PhantomData<fn() -> R>);

impl<R> Default for SyncPlugin<R> {
    fn default() -> Self {
        SyncPlugin(PhantomData)
    }
}

impl<R: Ruleset> Plugin for SyncPlugin<R>
where
    R::View: Send + Sync,
{
    fn build(&self, app: &mut App) {
        app.insert_resource(Synced::<R>::default())
            .add_message::<SessionChanged<R>>()
            .add_systems(Update, sync_session::<R>.in_set(VtSet::Sync));
    }
}

/// What the screen shows of a game of ruleset `R`; empty while another game
/// (or none) is played.
#[derive(Resource)]
pub struct Synced<R: Ruleset> {
    pub rules: Option<Arc<R>>,
    /// The viewing side's view; `None` while a hand-over hides the board.
    pub view: Option<R::View>,
    pub viewer: Option<SideIdx>,
    pub decision: Option<Decision>,
    /// A person at this screen decides now, and the board shows their view.
    pub to_decide: bool,
    /// The legal commands when [`Synced::to_decide`]; else empty.
    pub legal: Vec<R::Command>,
    /// The game is over.
    pub finished: bool,
    /// Bumped at every change (for plugins that redraw by number).
    pub generation: u64,
    seen: Option<Seen>,
}

impl<R: Ruleset> Default for Synced<R> {
    fn default() -> Self {
        Synced {
            rules: None,
            view: None,
            viewer: None,
            decision: None,
            to_decide: false,
            legal: Vec::new(),
            finished: false,
            generation: 0,
            seen: None,
        }
    }
}

impl<R: Ruleset> Synced<R> {
    /// The decision's stable kind string ("" when there is none). Read it
    /// typed with [`Synced::kind_as`] where the game declares its kinds.
    pub fn kind(&self) -> &str {
        self.decision.as_ref().map(|d| &*d.kind).unwrap_or("")
    }

    pub fn kind_as<K: vt_core::DecisionKind>(&self) -> Option<K> {
        self.decision.as_ref()?.kind_as()
    }

    /// True while a game of this ruleset is on.
    pub fn active(&self) -> bool {
        self.seen.is_some()
    }
}

/// What changed since the screen last looked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A new game, or a loaded one: draw from scratch, animate nothing.
    NewGame,
    /// Commands were applied; the message carries their events.
    Played,
    /// Commands were taken back.
    Undone,
    /// Only the viewing side changed (a hand-over hid or showed the board),
    /// or the colours it is drawn with: draw afresh.
    Viewer,
    /// The game was left (back to the menu, or another game started).
    Left,
}

/// The session changed: what, and the events of the commands played since.
#[derive(Message)]
pub struct SessionChanged<R: Ruleset> {
    pub change: Change,
    /// The events of the commands applied since the last look, in order.
    pub events: Vec<R::Event>,
    /// The viewing side is not the one the screen showed before.
    pub viewer_changed: bool,
}

impl<R: Ruleset> SessionChanged<R> {
    /// Events may be animated: commands played, and the same side looking
    /// before and after.
    pub fn animate(&self) -> bool {
        self.change == Change::Played && !self.viewer_changed
    }

    /// The board must be drawn from scratch (no slides from old places).
    pub fn snap(&self) -> bool {
        !self.animate()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen {
    session: usize,
    revision: u64,
    commands: usize,
    events: usize,
    viewer: Option<SideIdx>,
    /// The colours drawn with: a new choice redraws the board.
    scheme: crate::palette::Scheme,
}

fn session_id(game: &ActiveGame) -> usize {
    &*game.session as *const dyn vt_core::dynamic::DynSession as *const () as usize
}

/// The typed session of the game being played, if it is of ruleset `R`.
pub fn typed_session<R: Ruleset>(game: Option<&ActiveGame>) -> Option<&Session<R>> {
    game?.typed::<R>()
}

/// Compares the session with what the screen last showed; fills
/// [`Synced<R>`] and writes [`SessionChanged<R>`] when it differs.
pub fn sync_session<R: Ruleset>(
    game: Option<Res<ActiveGame>>,
    mut synced: ResMut<Synced<R>>,
    mut out: MessageWriter<SessionChanged<R>>,
) where
    R::View: Send + Sync,
{
    let session = game.as_deref().and_then(|g| g.typed::<R>());
    let (Some(game), Some(session)) = (game.as_ref(), session) else {
        if synced.seen.is_some() {
            let generation = synced.generation + 1;
            *synced = Synced {
                generation,
                ..Default::default()
            };
            out.write(SessionChanged {
                change: Change::Left,
                events: Vec::new(),
                viewer_changed: false,
            });
        }
        return;
    };
    let now = Seen {
        session: session_id(game),
        revision: game.revision,
        commands: session.commands.len(),
        events: session.events.len(),
        viewer: game.viewer,
        scheme: crate::palette::scheme(),
    };
    let before = synced.seen;
    if before == Some(now) && !game.is_added() {
        return;
    }
    let new_game = game.is_added() || before.is_none_or(|b| b.session != now.session);
    let (change, events) = match before {
        _ if new_game => (Change::NewGame, Vec::new()),
        Some(b) if now.commands < b.commands || now.events < b.events => {
            (Change::Undone, Vec::new())
        }
        Some(b) if now.commands > b.commands => {
            (Change::Played, session.events[b.events..].to_vec())
        }
        // An undo and a new command in one frame: the events are not ours
        // to tell apart; draw afresh.
        Some(b) if now.revision != b.revision => (Change::Undone, Vec::new()),
        _ => (Change::Viewer, Vec::new()),
    };
    let viewer_changed = !new_game && before.is_some_and(|b| b.viewer != now.viewer);
    synced.seen = Some(now);
    let rules = session.rules.clone();
    let state = &session.state;
    let decision = rules.decision(state);
    let to_decide =
        game.viewer.is_some() && decision.side == game.viewer && game.person_to_decide();
    synced.legal = if to_decide {
        rules.legal(state)
    } else {
        Vec::new()
    };
    synced.view = game.viewer.map(|v| rules.view(state, v));
    synced.viewer = game.viewer;
    synced.to_decide = to_decide;
    synced.finished = rules.outcome(state).is_finished();
    synced.decision = Some(decision);
    synced.rules = Some(rules);
    synced.generation += 1;
    out.write(SessionChanged {
        change,
        events,
        viewer_changed,
    });
}
