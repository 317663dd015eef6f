//! Shared pieces of the headless tests: an app with no window, and Secret,
//! a tiny two-sided game with hidden information.

#![allow(dead_code)]

use bevy::asset::AssetMetaCheck;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;
use vietnam_tactics::LauncherPlugin;
use vietnam_tactics::flow::Settings;
use vietnam_tactics::saves::SaveStore;
use vt_core::data::DataFiles;
use vt_core::dynamic::Game;
use vt_core::*;
use vt_games::GameEntry;
use vt_ui::Screen;

/// The launcher with no window and no egui: the screens are driven by
/// writing the actions their buttons write.
pub fn app(entries: Vec<GameEntry>, assets: &Path, saves: SaveStore) -> App {
    app_reading(entries, assets, saves, true)
}

/// The same app, reading the data files under `assets` (`data_files`, as
/// on the desktop) or only the copies embedded in the program (as in the
/// browser).
pub fn app_reading(
    entries: Vec<GameEntry>,
    assets: &Path,
    saves: SaveStore,
    data_files: bool,
) -> App {
    let mut app = vt_ui::testing::headless(AssetPlugin {
        file_path: assets.display().to_string(),
        meta_check: AssetMetaCheck::Never,
        ..default()
    });
    app.add_plugins(LauncherPlugin {
        entries,
        saves,
        settings: Settings {
            computer_delay: 0.0,
            ui_scale: 1.0,
            animations: vt_ui::anim::AnimSpeed::Off,
            last_new_game: None,
            ..Settings::default()
        },
        with_egui: false,
        data_files,
    });
    app
}

/// Updates until `done` holds, or panics after `max` frames.
pub fn run_until(app: &mut App, max: usize, what: &str, done: impl Fn(&mut World) -> bool) {
    for _ in 0..max {
        app.update();
        if done(app.world_mut()) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("after {max} frames: {what}");
}

/// Updates until the game is over, bounded by what the game does rather
/// than by how fast the machine is: at most `max_commands` commands, and
/// at most [`STALL_FRAMES`] frames in a row with no new command while no
/// search is under way. Frames spent waiting for the computer's search do
/// not count: the search ends by its own budget (a number of positions),
/// so a loaded machine only makes the wait longer, never the test fail.
pub fn run_game_to_end(app: &mut App, max_commands: usize) {
    let commands = |app: &App| {
        app.world()
            .get_resource::<vt_ui::ActiveGame>()
            .map_or(0, |g| g.session.commands())
    };
    let mut last = commands(app);
    let mut stalled = 0;
    loop {
        app.update();
        if screen(app) == Screen::GameOver {
            return;
        }
        // The final board stays until the player has looked at it.
        let over = app
            .world()
            .get_resource::<vt_ui::ActiveGame>()
            .is_some_and(|g| g.session.outcome().is_finished());
        if over {
            app.world_mut()
                .write_message(vietnam_tactics::flow::Action::SeeResult);
            continue;
        }
        let now = commands(app);
        assert!(
            now <= max_commands,
            "the game is not over after {now} commands"
        );
        let searching = app
            .world()
            .get_resource::<vietnam_tactics::computer::Computer>()
            .is_some_and(|c| c.thinking.is_some());
        if now != last {
            last = now;
            stalled = 0;
        } else if searching {
            std::thread::sleep(std::time::Duration::from_millis(2));
        } else {
            stalled += 1;
            assert!(
                stalled <= STALL_FRAMES,
                "{STALL_FRAMES} frames with no command and no search, at {now} commands"
            );
        }
    }
}

/// Frames a game may go without a command while nothing is searched
/// (animations are off in these tests: a command comes within a few).
pub const STALL_FRAMES: usize = 200;

pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

pub fn play_mode(app: &App) -> Option<vt_ui::PlayMode> {
    app.world()
        .get_resource::<State<vt_ui::PlayMode>>()
        .map(|s| *s.get())
}

pub fn act(app: &mut App, a: vietnam_tactics::flow::Action) {
    app.world_mut().write_message(a);
    // The action, the state change it asks for, and what that state's
    // systems ask for in turn.
    for _ in 0..3 {
        app.update();
    }
}

pub fn press(app: &mut App, key: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
    app.update();
}

/// Loading ends and the menu shows.
pub fn to_menu(app: &mut App) {
    run_until(app, 500, "the menu shows", |w| {
        *w.resource::<State<Screen>>().get() == Screen::Menu
    });
}

pub fn empty_assets() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("vt-empty-assets-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

pub fn pig() -> GameEntry {
    vietnam_tactics::pig_entry()
}

// ---------------------------------------------------------------- Secret

/// Two sides, each with a secret die only it sees. On its turn a side may
/// set a marker (1-3, any number of times, undoable), pass (undoable), or
/// call: both secrets are shown and the higher secret + marker wins. A side
/// may also shoot (a die roll, then the other side's turn); a stunning shot
/// leaves the other side nothing but to pass.
pub struct Secret;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SecretState {
    pub rng: GameRng,
    pub secret: [u8; 2],
    pub mark: [u8; 2],
    pub to_move: u8,
    pub passes: u8,
    pub called: bool,
    /// The side to move may only pass.
    #[serde(default)]
    pub stunned: bool,
    /// Scenario "ambush": a stunned side's pass is a chance offered while
    /// the other acts (an interrupt), as Grunt's landing fire is.
    #[serde(default)]
    pub ambush: bool,
    /// Scenario "cornered": a stunned side may only call (one legal
    /// command that is not a pass, as FTE's Injury event with one target).
    #[serde(default)]
    pub cornered: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SecretCommand {
    Mark(u8),
    Pass,
    Call,
    Shoot { stun: bool },
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum SecretEvent {
    Marked { side: u8, mark: u8 },
    Passed { side: u8 },
    Called { side: u8, secrets: [u8; 2] },
    Shot { side: u8, roll: u8 },
}

#[derive(Clone, Debug, Serialize)]
pub struct SecretView {
    pub my_secret: u8,
    pub marks: [u8; 2],
    pub revealed: Option<[u8; 2]>,
}

impl Ruleset for Secret {
    type State = SecretState;
    type Command = SecretCommand;
    type Event = SecretEvent;
    type View = SecretView;

    fn info(&self) -> GameInfo {
        GameInfo {
            id: "secret".into(),
            name: "Secret (test game)".into(),
            sides: vec![
                SideInfo {
                    id: "red".into(),
                    name: "Red".into(),
                },
                SideInfo {
                    id: "blue".into(),
                    name: "Blue".into(),
                },
            ],
            scenarios: vec![
                ScenarioInfo {
                    id: "duel".into(),
                    name: "Duel".into(),
                    description: String::new(),
                    played_by_rules: Vec::new(),
                },
                ScenarioInfo {
                    id: "ambush".into(),
                    name: "Ambush".into(),
                    description: String::new(),
                    played_by_rules: Vec::new(),
                },
                ScenarioInfo {
                    id: "cornered".into(),
                    name: "Cornered".into(),
                    description: String::new(),
                    played_by_rules: Vec::new(),
                },
            ],
            options: vec![],
        }
    }

    fn new_game(&self, setup: &Setup) -> Result<SecretState, SetupError> {
        let mut rng = GameRng::seeded(setup.seed);
        let secret = [rng.die(6), rng.die(6)];
        Ok(SecretState {
            rng,
            secret,
            mark: [0, 0],
            to_move: 0,
            passes: 0,
            called: false,
            stunned: false,
            ambush: setup.scenario == "ambush",
            cornered: setup.scenario == "cornered",
        })
    }

    fn decision(&self, s: &SecretState) -> Decision {
        if self.outcome(s).is_finished() {
            return Decision::game_over();
        }
        Decision {
            side: Some(s.to_move),
            kind: "bid".into(),
            prompt: "Mark, pass or call".into(),
            rule: "S1".into(),
            interrupt: s.ambush && s.stunned,
        }
    }

    fn legal(&self, s: &SecretState) -> Vec<SecretCommand> {
        if self.outcome(s).is_finished() {
            return vec![];
        }
        if s.stunned && s.cornered {
            return vec![SecretCommand::Call];
        }
        if s.stunned {
            return vec![SecretCommand::Pass];
        }
        vec![
            SecretCommand::Mark(1),
            SecretCommand::Mark(2),
            SecretCommand::Mark(3),
            SecretCommand::Pass,
            SecretCommand::Call,
            SecretCommand::Shoot { stun: false },
            SecretCommand::Shoot { stun: true },
        ]
    }

    fn check(&self, s: &SecretState, c: &SecretCommand) -> Result<(), RuleError> {
        if self.legal(s).contains(c) {
            Ok(())
        } else {
            Err(RuleError::new("S1", "not now"))
        }
    }

    fn execute(&self, s: &mut SecretState, c: &SecretCommand, ev: &mut Vec<SecretEvent>) {
        let side = s.to_move;
        match c {
            SecretCommand::Mark(m) => {
                s.mark[side as usize] = *m;
                ev.push(SecretEvent::Marked { side, mark: *m });
            }
            SecretCommand::Shoot { stun } => {
                let roll = s.rng.die(6);
                s.to_move = 1 - side;
                s.stunned = *stun;
                ev.push(SecretEvent::Shot { side, roll });
            }
            SecretCommand::Pass => {
                s.stunned = false;
                s.passes += 1;
                s.to_move = 1 - side;
                ev.push(SecretEvent::Passed { side });
            }
            SecretCommand::Call => {
                s.called = true;
                ev.push(SecretEvent::Called {
                    side,
                    secrets: s.secret,
                });
            }
        }
    }

    fn view(&self, s: &SecretState, side: SideIdx) -> SecretView {
        SecretView {
            my_secret: s.secret[side as usize],
            marks: s.mark,
            revealed: s.called.then_some(s.secret),
        }
    }

    fn outcome(&self, s: &SecretState) -> Outcome {
        if !s.called && s.passes < 6 {
            return Outcome::ongoing("bidding");
        }
        let a = s.secret[0] + s.mark[0];
        let b = s.secret[1] + s.mark[1];
        let result = match a.cmp(&b) {
            std::cmp::Ordering::Greater => "red",
            std::cmp::Ordering::Less => "blue",
            std::cmp::Ordering::Equal => "draw",
        };
        Outcome {
            result: Some(result.into()),
            summary: format!("{a} to {b}"),
            score: vec![],
        }
    }

    fn describe(&self, e: &SecretEvent) -> LogEntry {
        match e {
            SecretEvent::Shot { roll, .. } => {
                let mut a = Adjudication::new("Shot", "S2");
                a.rolled = vec![*roll as i32];
                a.total = *roll as i32;
                a.result = if *roll >= 4 { "hit" } else { "miss" }.into();
                LogEntry::with_rolls(format!("{e:?}"), vec![a])
            }
            _ => LogEntry::text(format!("{e:?}")),
        }
    }

    fn undoable(&self, events: &[SecretEvent]) -> bool {
        !events
            .iter()
            .any(|e| matches!(e, SecretEvent::Called { .. } | SecretEvent::Shot { .. }))
    }
}

/// The other side's die is unknown: a sample rolls it again.
impl vt_core::AiRules for Secret {
    fn determinize(&self, s: &SecretState, side: u8, rng: &mut GameRng) -> SecretState {
        let mut t = s.clone();
        if !s.called {
            t.secret[1 - side as usize] = rng.die(6);
        }
        t.rng = GameRng::seeded(rng.next_u64());
        t
    }
}

pub fn secret_entry() -> GameEntry {
    GameEntry {
        id: "secret",
        data_files: DataFiles::new,
        build: |_| Ok(Arc::new(Game::new(Secret))),
        ai: vt_ai::for_game::<Secret>,
    }
}

// ------------------------------------------------------- Pig from a file

/// Pig whose goal is read from `assets/pigdata/rules.ron`, to test loading
/// the data files and falling back to the embedded copy.
#[derive(Deserialize)]
struct PigRules {
    goal: u32,
}

pub const PIG_DATA_PATH: &str = "pigdata/rules.ron";

pub fn pig_data_entry() -> GameEntry {
    GameEntry {
        id: "pig",
        data_files: || DataFiles::new().with(PIG_DATA_PATH, "(goal: 30)"),
        build: |files| {
            let r: PigRules = files.parse(PIG_DATA_PATH)?;
            Ok(Arc::new(Game::new(vt_core::testing::Pig { goal: r.goal })))
        },
        ai: vt_ai::for_game::<vt_core::testing::Pig>,
    }
}
