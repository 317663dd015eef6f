//! Bevy helpers every Vietnam Tactics game plugin is built on: one way to
//! write a game's board.
//!
//! | module | what it gives a plugin |
//! |---|---|
//! | [`sets`] | the named system sets every plugin puts its systems in ([`VtSet`]) |
//! | [`sync`] | the session kept in step with the screen: [`sync::Synced`] (the view, the decision, the legal commands) and [`sync::SessionChanged`] (what changed, with the events) |
//! | [`draw`] | [`draw::BoardDraw`] / [`draw::Painter`]: shapes and text, owned by the playing screen |
//! | [`pieces`] | counters, markers and stands that stay between changes and slide when they move |
//! | [`anim`] | short, skippable animations from a plugin's events: [`anim::Animate`], [`anim::AnimSpeed`] |
//! | [`camera`] | the camera fitted to the free board rectangle: [`camera::CameraFit`], [`camera::BoardInsets`] |
//! | [`layout`] | panels beside the board: [`layout::PanelLayout`], the panel frame, the decision header, the undo button |
//! | [`palette`] | every colour, for the board and the panels alike |
//! | [`overlay`] | the shared overlay (log, dice tray, tables, turn track, sources, help) and the card widget ([`overlay::cards`]) |
//! | [`hexmap`], [`counter`], [`highlight`], [`shapes`] | a hex map on hexx, procedural counters and markers, highlights, line of sight, flat meshes |
//! | [`board`] | pointer, clicks, pan and zoom, tooltips, Tab ([`board::CycleUnits`]) |
//! | [`guard`] | clicks held back for a moment after the decision changes, so a button cannot change under a click |
//! | [`testing`] | the headless test app |
//! | [`dev`] | where clickable things are drawn, written out with the `dev` feature |
//! | [`screen`], [`game`], [`generic`], [`store`] | the screens, the game being played, the generic screen, a plugin's files |
//!
//! # A game's plugin
//!
//! Every game is playable from day one on the generic screen (every legal
//! command a button, the view as a tree). A game's plugin crate
//! (`crates/<game>/plugin`, on `vt-ui` and its rules crate, never on the
//! launcher) draws a real board. It has the same few modules in every game:
//!
//! | module | holds |
//! |---|---|
//! | `lib.rs` | the plugin: registration and systems wired into the sets, nothing else |
//! | `screen.rs` | the screen's own state (selection, tool, aim, hint) and `follow`, which keeps it in step when the game changes |
//! | `input.rs` | clicks, menu lines and keys to commands |
//! | `board.rs` | drawing the board from the view; the events mapped to animations |
//! | `panels.rs` | the egui panels beside the board |
//! | `model.rs` | names and labels read off the view |
//!
//! ```ignore
//! use bevy::prelude::*;
//! use grunt_rules::Grunt;
//! use vt_ui::prelude::*;
//!
//! pub const GAME_ID: &str = "grunt";
//!
//! pub struct GruntPlugin;
//!
//! impl Plugin for GruntPlugin {
//!     fn build(&self, app: &mut App) {
//!         app.register_board(BoardRegistration {
//!             game_id: GAME_ID.into(),
//!             show_command_list: false,
//!         })
//!         .add_plugins(SyncPlugin::<Grunt>::default())
//!         .init_resource::<screen::GruntScreen>()
//!         .add_systems(
//!             Update,
//!             (input::hex_clicks, input::cycle)
//!                 .in_set(VtSet::Input)
//!                 .run_if(in_state(PlayMode::Board))
//!                 .run_if(board_visible(GAME_ID)),
//!         )
//!         .add_systems(
//!             Update,
//!             (board::animate_events, screen::follow).chain().in_set(VtSet::React),
//!         )
//!         .add_systems(Update, board::draw.in_set(VtSet::Draw).run_if(in_game(GAME_ID)));
//!         if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
//!             app.add_systems(
//!                 bevy_egui::EguiPrimaryContextPass,
//!                 panels::play_ui
//!                     .in_set(VtSet::Ui)
//!                     .run_if(in_state(PlayMode::Board))
//!                     .run_if(board_visible(GAME_ID)),
//!             );
//!         }
//!     }
//! }
//! ```
//!
//! Then the launcher adds the plugin in its `game_plugins()` (one line).
//!
//! ## The frame: sets
//!
//! Every system goes in one of the [`VtSet`]s, which run in this order each
//! frame: `Pointer` (vt-ui: pointer, hovered hex, pan and zoom), `Input` (the
//! plugin's clicks and keys become `SubmitCommand`s), `Rules` (the launcher
//! applies them; the computer moves), `Sync` (vt-ui compares the session with
//! the screen), `React` (the plugin follows the change and maps the events
//! to animations), `Draw` (the board from the view), `Animate` (vt-ui: the
//! camera and the animations); the egui panels in `Ui`. A click is applied,
//! synced and drawn in the frame it happens.
//!
//! ## The game on screen: sync
//!
//! [`sync::SyncPlugin::<R>`] keeps [`sync::Synced<R>`] in step with the
//! session: the viewing side's typed view (`None` while a hand-over screen
//! hides the board), the decision (read its kind typed with
//! [`sync::Synced::kind_as`]), whether a person at this screen decides now
//! (`to_decide`), and then the legal commands. It bumps
//! [`sync::Synced::generation`] at each change, so a drawing system redraws
//! by number, and writes one [`sync::SessionChanged<R>`]: a new game, the
//! commands played (with their events), an undo, another viewer, or the game
//! left. A plugin never diffs revisions or session lengths itself.
//!
//! Draw from the view only, never from the state. The typed session
//! ([`sync::typed_session`]) is for the rules' helpers that answer the
//! viewing side's questions about its own moves (reachable hexes, the number
//! needed), and for placing an event where the view already shows a piece.
//!
//! ## Drawing: painter, pieces, palette
//!
//! A drawing system takes [`draw::BoardDraw`] and its
//! [`draw::Painter`]: what it spawns is owned by the playing screen
//! (`DespawnOnExit(Screen::Playing)`), so leaving a game clears the board
//! with no system of the plugin's. Layers that follow every change (the
//! highlights, the sheet) are despawned and drawn again; the pieces are
//! not: the board lists them as [`pieces::Wanted`] (a stable
//! [`pieces::PieceKey`], a hash of their look, where they rest) and
//! [`pieces::plan`] says what to spawn, despawn and move. A piece that only
//! moved keeps its entity and slides there. Colours come from [`palette`]
//! only: a role (`palette::board::LIT`, `palette::ui::WARN`,
//! `palette::army::NVA`), for the board (`.color()`) and the panels
//! (`.ui()`) alike; a new role is a new constant there.
//!
//! ## What just happened: animations
//!
//! In `React`, a plugin turns the events of [`sync::SessionChanged`] into
//! [`anim::Animate`] messages, when [`sync::SessionChanged::animate`] says
//! so (commands played, the same side looking): a slide along a path
//! ([`anim::Animate::slide`], the events' path; pieces that rest elsewhere
//! without one slide straight by themselves), a flash with a word where a
//! hit, a miss or a loss happened ([`anim::Animate::flash`]). Events are the
//! whole record, hidden things included: animate only what the viewing
//! side's view shows (its piece, or a hex where it sees a piece). The
//! messages of one frame play together; frames play one after another, and
//! the computer waits until they are done ([`anim::animations_idle`]). A
//! click or Space skips them; [`anim::AnimSpeed`] (off, fast, normal) is the
//! player's setting. The dice tray tumbles new rolls by itself.
//!
//! ## The camera and the panels
//!
//! Set [`board::BoardBounds`] when the board is drawn, call
//! [`camera::CameraFit::new_game`] on a new game (with `readable_scale` when
//! the pieces must stay readable: the camera then opens on `interest`, the
//! viewing side's pieces), set `viewer` (each side keeps its own camera in
//! hot seat) and `focus` (brought into view when the decision happens
//! elsewhere). A panel system takes [`layout::Panels<R>`] and starts with
//! `let Some(open) = panels.open()? else { return Ok(()) };` (the egui
//! context, the game, the synced view and rules, the layout; `None` while
//! the board is hidden). Lay the panels out with [`layout::PanelLayout`]: its
//! `column` and `bottom_row` note the room they take in
//! [`camera::BoardInsets`], so the board is fitted into what is left (and
//! Home fits it there). [`layout::decision_header`], [`layout::undo_button`],
//! [`layout::wide_button`], [`layout::note_frame`] and the card widget
//! ([`overlay::cards`]: a hand, groups of cards, a deck, a discard pile,
//! drag and drop) are the same in every game.
//!
//! ## Keys
//!
//! The launcher turns E (end phase), U (undo), 1-9 (legal commands) and the
//! panel keys into actions; Tab arrives as [`board::CycleUnits`] for the
//! plugin to move its selection (and bring it into view with
//! [`camera::CameraFit::focus`]).
//!
//! ## Tests
//!
//! [`testing::board_app`] is the plugin with no window, no GPU and no egui,
//! and a stand-in launcher ([`testing::StandIn`]) that applies what the
//! plugin submits, in `Rules`; [`testing::start`] starts a game,
//! [`testing::settle`] runs the frames a click needs. Write the messages a
//! click writes (`HexClicked`, `BoardClick`, the plugin's own) and read
//! [`sync::Synced`] and the plugin's screen state. Animations are off in a
//! test app; switch them on (`AnimSpeed::Normal`) to test them.
//! [`testing::headless`] is the bare app the launcher's tests build on.

pub mod anim;
pub mod board;
pub mod board_text;
pub mod camera;
pub mod counter;
pub mod dev;
pub mod draw;
pub mod fonts;
pub mod game;
pub mod generic;
pub mod guard;
pub mod hexmap;
pub mod highlight;
pub mod labels;
pub mod layout;
pub mod overlay;
pub mod palette;
pub mod pieces;
pub mod screen;
pub mod sets;
pub mod shapes;
pub mod store;
pub mod sync;
pub mod tabletop;
pub mod testing;

pub use game::{
    ActiveGame, BoardRegistration, Boards, Controller, RegisterBoard, SubmitCommand, Suggested,
    board_visible, game_changed,
};
pub use screen::{PlayMode, Screen};
pub use sets::{VtSet, in_game};

use bevy::prelude::*;

/// What a game plugin usually needs.
pub mod prelude {
    pub use crate::anim::{AnimSpeed, Animate, animations_idle};
    pub use crate::board::{
        BoardBounds, BoardCamera, BoardClick, BoardPointer, BoardRect, CycleUnits, Tooltip,
    };
    pub use crate::camera::{BoardInsets, CameraFit, FitKind, free_board_rect};
    pub use crate::counter::{CounterSpec, StatusMarker, UnitSymbol, spawn_counter};
    pub use crate::draw::{BoardDraw, Painter};
    pub use crate::game::{
        ActiveGame, BoardRegistration, Boards, Controller, RegisterBoard, SubmitCommand,
        board_visible, game_changed,
    };
    pub use crate::hexmap::{
        ActiveMap, HexClicked, HexMapSpec, HexsideKind, MapCoord, MapGeometry, PathKind,
        default_terrain, spawn_hex_map,
    };
    pub use crate::highlight::{
        HighlightKind, clear_highlights, spawn_highlights, spawn_line_of_sight,
    };
    pub use crate::layout::{PanelLayout, panel_frame};
    pub use crate::overlay::cards::{CardDrag, CardEvents, CardFace, card_group, card_ui};
    pub use crate::overlay::track::{TurnTrack, TurnTrackSpec};
    pub use crate::palette::{self, Rgba};
    pub use crate::pieces::{PieceHome, PieceKey, PieceLook, Wanted, look_of};
    pub use crate::screen::{PlayMode, Screen};
    pub use crate::sets::{VtSet, in_game};
    pub use crate::shapes::ShapeBuilder;
    pub use crate::sync::{Change, SessionChanged, SyncPlugin, Synced};
}

/// The states, messages and resources the launcher and the game plugins
/// share; the system sets; the board's camera, pointer and animations.
///
/// `with_egui` adds the systems that draw egui tooltips; leave it off in
/// headless tests, which have no egui context.
pub struct VtUiPlugin {
    pub with_egui: bool,
}

impl Plugin for VtUiPlugin {
    fn build(&self, app: &mut App) {
        sets::configure(app, self.with_egui);
        board_text::add_to(app);
        app.init_state::<Screen>()
            .add_sub_state::<PlayMode>()
            .add_message::<SubmitCommand>()
            .add_message::<board::BoardClick>()
            .add_message::<board::CycleUnits>()
            .add_message::<hexmap::HexClicked>()
            .add_message::<anim::Animate>()
            .init_resource::<Boards>()
            .init_resource::<game::Suggested>()
            .init_resource::<overlay::OverlayState>()
            .init_resource::<overlay::track::TurnTrackSpec>()
            .init_resource::<board::BoardRect>()
            .init_resource::<board::BoardBounds>()
            .init_resource::<board::BoardPointer>()
            .init_resource::<camera::BoardInsets>()
            .init_resource::<camera::CameraFit>()
            .init_resource::<hexmap::ActiveMap>()
            .init_resource::<anim::Animations>()
            .init_resource::<anim::AnimSpeed>()
            .init_resource::<anim::StepThrough>()
            .init_resource::<dev::ClickTargets>()
            .init_resource::<guard::ClickGuard>()
            .add_systems(OnExit(Screen::Playing), forget_board)
            .add_systems(Update, guard::watch_decision.in_set(VtSet::Sync))
            .add_systems(
                Update,
                (
                    (board::update_pointer, hexmap::hex_pointer, board::pan_zoom)
                        .chain()
                        .run_if(in_state(PlayMode::Board)),
                    anim::skip_on_input,
                )
                    .in_set(VtSet::Pointer),
            )
            .add_systems(
                Update,
                (camera::fit_camera, anim::collect, anim::follow, anim::play)
                    .chain()
                    .in_set(VtSet::Animate),
            );
        if self.with_egui {
            fonts::add_to(app);
            app.add_systems(
                PostUpdate,
                guard::filter_egui_input.before(bevy_egui::EguiPostUpdateSet::EndPass),
            );
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                board::keys_stay_with_the_board
                    .after(VtSet::Ui)
                    .run_if(in_state(PlayMode::Board)),
            );
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                (board::tooltip_ui, hexmap::hex_label_ui)
                    .run_if(in_state(PlayMode::Board))
                    .in_set(VtSet::Ui),
            );
        }
    }
}

/// Leaving the playing screen: the board's entities go by their
/// `DespawnOnExit`; what the board told the kit goes here.
fn forget_board(mut commands: Commands) {
    commands.insert_resource(hexmap::ActiveMap::default());
    commands.insert_resource(board::BoardBounds::default());
    commands.insert_resource(overlay::track::TurnTrackSpec::default());
    commands.insert_resource(camera::BoardInsets::default());
    commands.insert_resource(camera::CameraFit::default());
    commands.insert_resource(anim::Animations::default());
    commands.insert_resource(dev::ClickTargets::default());
}
