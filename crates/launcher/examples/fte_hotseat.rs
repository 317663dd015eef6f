//! Plays a whole Front Toward Enemy scenario in the launcher, hot seat
//! (both sides "Person here"), by synthetic input, and saves screenshots
//! along the way: the real app in a real window, board clicks sent as X
//! pointer clicks with `xdotool` at the hex's place on screen, the
//! column's buttons as the messages they write, the hand-over screen's
//! button as its action. Run it in a virtual display:
//!
//! ```text
//! Xvfb :93 -screen 0 1280x800x24 &
//! DISPLAY=:93 cargo run -p vietnam-tactics --example fte_hotseat -- \
//!     hamlet-search 11 /tmp/fte-shots 1500
//! ```
//!
//! Arguments: scenario, seed, screenshot folder, most commands to play.
//! The screenshots are taken of the whole display with `xwd` and
//! `convert`; the game's log goes to `log.txt` in the same folder.

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowPosition, WindowResolution};
use fte_plugin::fte_rules::geo::{Hex, HexExt};
use fte_plugin::fte_rules::state::{MoveMode, Side, UnitId};
use fte_plugin::fte_rules::step::Kind as K;
use fte_plugin::fte_rules::{Command, Fte};
use fte_plugin::pick::{AimKind, Tool};
use fte_plugin::{FteAction, FteScreen, board};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use vietnam_tactics::LauncherPlugin;
use vietnam_tactics::flow::{Action, NewGame};
use vt_core::Setup;
use vt_ui::board::{BoardCamera, BoardRect};
use vt_ui::camera::{BoardInsets, free_board_rect};
use vt_ui::hexmap::{HexClicked, MapCoord};
use vt_ui::sync::Synced;
use vt_ui::{ActiveGame, Controller, PlayMode, Screen};

/// Seconds between two of the director's moves (the renderer under Xvfb
/// is slow; the board must have drawn what the last move changed).
const PAUSE: f32 = 0.45;

#[derive(Resource)]
struct Director {
    scenario: String,
    seed: u64,
    out: PathBuf,
    max_commands: usize,
    started: bool,
    clock: f32,
    shots: usize,
    seen: BTreeSet<String>,
    /// (revision, times the director acted on it) to break loops.
    stuck: (u64, u32),
    demo_los: u8,
    demo_stack: u8,
    aims_shot: u32,
    handovers: u32,
    done: u32,
    clicks_direct: u32,
    clicks_x: u32,
    last_turn: u8,
    /// Frames since the last move, and a screenshot waiting for the
    /// screen to show what is asked.
    frames: u32,
    pending: Option<(String, u32)>,
    frame_time: (f32, u32),
    /// Hexes activated this turn (turn, side, hex): a unit that ends its
    /// activation without acting may be activated again, and a helicopter's
    /// chit goes back into the cup, so a director that always picks the
    /// same stack would never end the turn.
    activated: BTreeSet<(u8, bool, Hex)>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scenario = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "hamlet-search".into());
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(11);
    let out = PathBuf::from(
        args.get(3)
            .cloned()
            .unwrap_or_else(|| "/tmp/fte-shots".into()),
    );
    let max_commands = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1500);
    std::fs::create_dir_all(&out).expect("screenshot folder");
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    App::new()
        .insert_resource(ClearColor(vt_ui::palette::ui::BACKGROUND.color()))
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Vietnam Tactics".into(),
                        resolution: WindowResolution::new(1280, 800),
                        position: WindowPosition::At(IVec2::ZERO),
                        ..default()
                    }),
                    ..default()
                })
                .set(AssetPlugin {
                    file_path: assets.display().to_string(),
                    meta_check: AssetMetaCheck::Never,
                    ..default()
                }),
        )
        .add_plugins(bevy_egui::EguiPlugin::default())
        .add_plugins(LauncherPlugin::default())
        .insert_resource(Director {
            scenario,
            seed,
            out,
            max_commands,
            started: false,
            clock: 0.0,
            shots: 0,
            seen: BTreeSet::new(),
            stuck: (u64::MAX, 0),
            demo_los: 0,
            demo_stack: 0,
            aims_shot: 0,
            handovers: 0,
            done: 0,
            clicks_direct: 0,
            clicks_x: 0,
            last_turn: 0,
            frames: 0,
            pending: None,
            frame_time: (0.0, 0),
            activated: BTreeSet::new(),
        })
        .add_systems(Update, direct)
        .run();
}

impl Director {
    fn capture(&mut self, name: &str) {
        self.shots += 1;
        let path = self.out.join(format!("{:03}-{name}.png", self.shots));
        let cmd = format!("xwd -root -silent | convert xwd:- {}", path.display());
        match std::process::Command::new("sh")
            .arg("-c")
            .arg(&cmd)
            .status()
        {
            Ok(s) if s.success() => info!("screenshot {}", path.display()),
            other => warn!("screenshot failed: {other:?}"),
        }
    }

    /// Asks for a screenshot once the screen has caught up (a few frames);
    /// true if one was asked for: the caller waits for it.
    fn shot(&mut self, name: &str) -> bool {
        if self.pending.is_some() {
            return true;
        }
        self.pending = Some((name.to_string(), 4));
        true
    }

    /// A screenshot the first time `key` is seen.
    fn shot_once(&mut self, key: &str) -> bool {
        self.seen.insert(key.to_string()) && self.shot(key)
    }
}

/// Where a hex is in the window, if it is on the free part of the board.
fn hex_on_screen(world: &mut World, hex: Hex) -> Option<Vec2> {
    let p = board::center(hex).extend(0.0);
    let mut q = world.query_filtered::<(&Camera, &GlobalTransform), With<BoardCamera>>();
    let (cam, t) = q.iter(world).next()?;
    let v = cam.world_to_viewport(t, p).ok()?;
    let rect = world.resource::<BoardRect>().0?;
    let free = free_board_rect(Some(rect), world.resource::<BoardInsets>())?;
    let inner = Rect::from_corners(free.min + Vec2::splat(12.0), free.max - Vec2::splat(12.0));
    inner.contains(v).then_some(v)
}

/// A click on a hex: a real pointer click where it is on screen, else
/// (under the column, off screen) the hex click message the board's
/// pointer would have sent.
fn click(world: &mut World, d: &mut Director, hex: Hex) {
    if let Some(p) = hex_on_screen(world, hex) {
        let scale = world
            .query_filtered::<&Window, With<PrimaryWindow>>()
            .iter(world)
            .next()
            .map(|w| w.scale_factor())
            .unwrap_or(1.0);
        let (x, y) = ((p.x * scale).round(), (p.y * scale).round());
        let ok = std::process::Command::new("xdotool")
            .args([
                "mousemove",
                "--sync",
                &x.to_string(),
                &y.to_string(),
                "click",
                "1",
            ])
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            d.clicks_x += 1;
            info!("pointer click on {hex} at {x},{y}");
            return;
        }
    }
    d.clicks_direct += 1;
    info!("click on {hex} sent as a message (not on the free board)");
    world.write_message(HexClicked(MapCoord::new(hex.col, hex.row)));
}

fn act(world: &mut World, a: FteAction) {
    world.write_message(a);
}

/// Where a side wants to go: its scenario objectives, else the nearest
/// enemy it knows of.
fn goal(st: &FteScreen, g: &Synced<Fte>, from: Hex) -> Option<Hex> {
    let v = g.view.as_ref()?;
    let sc = st.scenario.as_ref()?;
    let own: Vec<Hex> = sc
        .objectives
        .iter()
        .filter(|o| o.side == v.side)
        .map(|o| o.hex)
        .collect();
    let mut enemies: Vec<Hex> = v
        .units
        .iter()
        .filter(|u| u.side != v.side)
        .filter_map(|u| u.hex)
        .collect();
    enemies.extend(v.concealed.iter().map(|c| c.hex));
    let caches: Vec<Hex> = v
        .caches
        .iter()
        .filter(|c| c.owner != v.side && c.kind.is_none())
        .map(|c| c.hex)
        .collect();
    let pool = if v.side == Side::Us && !caches.is_empty() {
        caches
    } else if !own.is_empty() && v.side == Side::Us {
        own
    } else if !enemies.is_empty() {
        enemies
    } else {
        own
    };
    pool.into_iter().min_by_key(|h| h.distance(from))
}

fn hex_of(g: &Synced<Fte>, u: UnitId) -> Option<Hex> {
    fte_plugin::model::unit_hex(g.view.as_ref()?, u)
}

fn direct(world: &mut World) {
    let dt = world.resource::<Time>().delta_secs();
    let mut d = world.remove_resource::<Director>().expect("director");
    d.clock += dt;
    d.frames += 1;
    d.frame_time.0 += dt;
    d.frame_time.1 += 1;
    if let Some((name, left)) = d.pending.take() {
        if left == 0 {
            d.capture(&name);
            d.clock = 0.0;
            d.frames = 0;
        } else {
            d.pending = Some((name, left - 1));
        }
    } else if d.clock >= PAUSE && d.frames >= 3 {
        d.clock = 0.0;
        d.frames = 0;
        step(world, &mut d);
    }
    world.insert_resource(d);
}

fn step(world: &mut World, d: &mut Director) {
    let screen = *world.resource::<State<Screen>>().get();
    match screen {
        Screen::Loading | Screen::Setup => return,
        Screen::Menu => {
            if !d.started {
                d.started = true;
                world.write_message(Action::Start(NewGame {
                    game: "fte".into(),
                    setup: Setup::new(&d.scenario, d.seed),
                    controllers: vec![Controller::Person, Controller::Person],
                }));
            }
            return;
        }
        Screen::GameOver => {
            d.done += 1;
            if d.done == 2 {
                d.shot("game-over");
                write_log(world, d);
                return;
            }
            if d.done > 3 {
                info!(
                    "done: {} pointer clicks, {} clicks sent as messages; mean frame {:.0} ms",
                    d.clicks_x,
                    d.clicks_direct,
                    1000.0 * d.frame_time.0 / d.frame_time.1.max(1) as f32
                );
                world.write_message(AppExit::Success);
            }
            return;
        }
        Screen::Playing => {}
    }
    let mode = world
        .get_resource::<State<PlayMode>>()
        .map(|m| *m.get())
        .unwrap_or_default();
    let (revision, commands) = {
        let g = world.resource::<ActiveGame>();
        (g.revision, g.session.commands())
    };
    if commands >= d.max_commands {
        if d.done == 0 {
            d.done = 1;
            d.shot("stopped");
            write_log(world, d);
        } else {
            world.write_message(AppExit::Success);
        }
        return;
    }
    if mode == PlayMode::HandOver {
        // The hand-over for a chance given while the other side acts
        // offers to decline it unseen; show that screen once.
        let interrupt = world
            .get_resource::<ActiveGame>()
            .is_some_and(|g| g.session.decision().interrupt);
        if interrupt && d.shot_once("hand-over-opportunity-fire") {
            return;
        }
        d.handovers += 1;
        if (d.handovers <= 2 || d.handovers.is_multiple_of(40)) && d.shot("hand-over") {
            d.handovers += 1000;
            return;
        }
        d.handovers %= 1000;
        world.write_message(Action::HandOverDone);
        return;
    }
    if mode != PlayMode::Board {
        return;
    }
    // The final board stays with the result in a bar until the player goes
    // on to the game-over screen.
    if (world.resource::<ActiveGame>().session.outcome()).is_finished() {
        if d.shot_once("final-board") {
            return;
        }
        world.write_message(Action::SeeResult);
        return;
    }
    // Break loops: the same position acted on again and again.
    if d.stuck.0 == revision {
        d.stuck.1 += 1;
    } else {
        d.stuck = (revision, 0);
    }
    let st = world.resource::<FteScreen>();
    let g = world.resource::<Synced<Fte>>();
    let Some(view) = g.view.clone() else { return };
    let kind: Option<K> = g.kind_as();
    // The kind's stable word, for the screenshots' names.
    let word = g.kind().to_string();
    let side = if view.side == Side::Us { "us" } else { "nva" };
    if view.turn != d.last_turn {
        d.last_turn = view.turn;
        let name = format!("turn-{}-{side}", view.turn);
        d.shot(&name);
        return;
    }
    if !g.to_decide {
        return;
    }
    if !st.plan.is_empty() {
        return;
    }
    let stuck = d.stuck.1;
    if stuck > 6 {
        // Whatever the board does not get on with: the first legal command
        // that ends something, else the first.
        let g = world.resource::<Synced<Fte>>();
        let end = g
            .legal
            .iter()
            .find(|c| {
                matches!(
                    c,
                    Command::EndActivation
                        | Command::EndMove
                        | Command::Pass
                        | Command::OpFirePass
                        | Command::AssaultHold
                        | Command::SetupDone
                        | Command::ConcealDone
                )
            })
            .or(g.legal.first())
            .cloned();
        warn!("stuck at revision {revision} ({word}): sending {end:?}");
        if let Some(c) = end {
            act(world, FteAction::Submit(c));
        }
        return;
    }
    let key = format!("{word}-{side}");
    if d.shot_once(&key) {
        return;
    }
    // A menu open: pick its line.
    if let Some(m) = st.menu.clone() {
        let pick = m
            .items
            .iter()
            .position(|i| i.label.starts_with("Activate Leader"))
            .or_else(|| m.items.iter().position(|i| i.label.starts_with("Fire at")))
            .or_else(|| {
                m.items
                    .iter()
                    .position(|i| i.label.starts_with("Activate the units"))
            })
            .unwrap_or(0);
        if d.shot_once(&format!("menu-{word}")) {
            return;
        }
        act(world, FteAction::Choose(pick));
        return;
    }
    // An attack aimed: look at the number needed, then fire.
    if let Some(a) = st.aim.clone() {
        let name = format!("aim-{:?}-{side}-{revision}", a.kind).to_lowercase();
        if (d.aims_shot < 8 || a.kind == AimKind::Assault) && d.seen.insert(name.clone()) {
            d.aims_shot += 1;
            d.shot(&name);
            return;
        }
        act(world, FteAction::Confirm);
        return;
    }
    let st = world.resource::<FteScreen>();
    let g = world.resource::<Synced<Fte>>();
    let legal = g.legal.clone();
    let first_anchor = legal
        .iter()
        .find_map(|c| fte_plugin::model::anchors(&view, c).first().copied());
    match kind {
        Some(K::Setup) => {
            let plots: Vec<Hex> = legal
                .iter()
                .filter_map(|c| match c {
                    Command::Plot { hex } => Some(*hex),
                    _ => None,
                })
                .collect();
            if !plots.is_empty() && st.tool != Tool::Plot {
                act(world, FteAction::SetTool(Tool::Plot));
            } else if let Some(h) = plots.get(plots.len() / 2).copied() {
                if d.shot_once(&format!("plot-{side}")) {
                    return;
                }
                click(world, d, h);
            } else {
                act(world, FteAction::Submit(Command::SetupDone));
            }
        }
        Some(K::Activate) => {
            // The biggest group first: a stack with a Leader, else any.
            let st = world.resource::<FteScreen>();
            let g = world.resource::<Synced<Fte>>();
            let mut best: Option<(usize, Hex)> = None;
            for c in &legal {
                let (n, h) = match c {
                    Command::ActivateLeader { leader } => {
                        (10 + st.activations.len(), hex_of(g, *leader))
                    }
                    Command::ActivateHex { hex } => (
                        fte_plugin::model::own_units_at(&view, *hex).len(),
                        Some(*hex),
                    ),
                    Command::ActivateUnit { unit } => (1, hex_of(g, *unit)),
                    _ => continue,
                };
                if let Some(h) = h
                    && !d.activated.contains(&(view.turn, view.side == Side::Us, h))
                    && best.is_none_or(|(b, _)| n > b)
                {
                    best = Some((n, h));
                }
            }
            match best {
                Some((_, h)) if stuck < 3 => {
                    d.activated.insert((view.turn, view.side == Side::Us, h));
                    click(world, d, h)
                }
                _ => act(world, FteAction::Submit(Command::Pass)),
            }
        }
        Some(K::Action) => action(world, d, &legal, side),
        Some(K::Move) => {
            if legal.contains(&Command::EndMove) {
                act(world, FteAction::Submit(Command::EndMove));
            } else if let Some(c) = legal.first() {
                act(world, FteAction::Submit(c.clone()));
            }
        }
        Some(K::OpportunityFire) => {
            let all = legal
                .iter()
                .filter_map(|c| match c {
                    Command::OpFireAttempt { units } => Some(units.clone()),
                    _ => None,
                })
                .max_by_key(|u| u.len());
            let st = world.resource::<FteScreen>();
            let g = world.resource::<Synced<Fte>>();
            let untick: Option<Hex> = all.as_ref().and_then(|u| {
                u.iter()
                    .find(|x| !st.sel.contains(x))
                    .and_then(|x| hex_of(g, *x))
            });
            match (all, untick) {
                // Tick them on the board first, as a player would.
                (Some(_), Some(h)) if stuck < 2 => click(world, d, h),
                (Some(units), _) => {
                    if !d.shot_once(&format!("opfire-ticked-{side}")) {
                        act(world, FteAction::Submit(Command::OpFireAttempt { units }))
                    }
                }
                (None, _) => act(world, FteAction::Submit(Command::OpFirePass)),
            }
        }
        Some(K::OpportunityFireTarget | K::AssaultAttack | K::AssaultDefend) => {
            let st = world.resource::<FteScreen>();
            match st.aims.first().map(|(a, _)| a.hex) {
                Some(h) if stuck < 2 => click(world, d, h),
                _ => {
                    let pass = legal
                        .iter()
                        .find(|c| matches!(c, Command::OpFirePass | Command::AssaultHold))
                        .cloned();
                    if let Some(c) = pass {
                        act(world, FteAction::Submit(c));
                    }
                }
            }
        }
        Some(
            K::Reinforcements
            | K::Retreat
            | K::SetDown
            | K::RandomEvent
            | K::Carry
            | K::Reveal
            | K::Concealment,
        ) => match first_anchor {
            Some(h) if stuck < 2 => click(world, d, h),
            _ => {
                let done = legal
                    .iter()
                    .find(|c| {
                        matches!(
                            c,
                            Command::ConcealDone | Command::EventPass | Command::LeaveCasualty
                        )
                    })
                    .or(legal.first())
                    .cloned();
                if let Some(c) = done {
                    act(world, FteAction::Submit(c));
                }
            }
        },
        _ => {
            let pick = legal
                .iter()
                .find(|c| {
                    matches!(
                        c,
                        Command::Interrogate
                            | Command::Detonate
                            | Command::ExecuteMission
                            | Command::Advance { .. }
                    )
                })
                .or(legal.first())
                .cloned();
            if let Some(c) = pick {
                act(world, FteAction::Submit(c));
            }
        }
    }
}

/// An activated group's actions: fire at a good target, else move towards
/// the side's goal, else search, recover, or end the activation. Shows the
/// line-of-sight tool and the stack window once along the way.
fn action(world: &mut World, d: &mut Director, legal: &[Command], side: &str) {
    let st = world.resource::<FteScreen>();
    let g = world.resource::<Synced<Fte>>();
    let view = g.view.clone().expect("view");
    let stuck = d.stuck.1;
    // The line-of-sight tool, once, from the selection to its goal.
    if d.demo_los < 5
        && let Some(&u) = st.sel.first()
        && let Some(from) = hex_of(g, u)
        && let Some(to) = goal(st, g, from)
    {
        match d.demo_los {
            0 => act(
                world,
                FteAction::SetTool(Tool::LineOfSight {
                    from: None,
                    to: None,
                }),
            ),
            1 => click(world, d, from),
            2 => {
                click(world, d, to);
            }
            3 => {
                d.shot("los-tool");
            }
            _ => act(world, FteAction::SetTool(Tool::Play)),
        }
        d.demo_los += 1;
        return;
    }
    if st.sel.is_empty() {
        let act_units: Vec<UnitId> = legal
            .iter()
            .filter(|c| !matches!(c, Command::EndActivation))
            .flat_map(fte_plugin::model::command_units)
            .collect();
        match act_units.first().and_then(|u| hex_of(g, *u)) {
            Some(h) if stuck < 3 => click(world, d, h),
            _ => act(world, FteAction::Submit(Command::EndActivation)),
        }
        return;
    }
    // The stack window, once, on a stack of two or more.
    if d.demo_stack == 0
        && st.sel.len() >= 2
        && let Some(h) = hex_of(g, st.sel[0])
    {
        d.demo_stack = 1;
        click(world, d, h);
        return;
    }
    if d.demo_stack == 1 {
        d.demo_stack = 2;
        d.shot("stack-window");
        return;
    }
    if d.demo_stack == 2 {
        d.demo_stack = 3;
        act(world, FteAction::OpenStack(None));
        return;
    }
    if d.shot_once(&format!("selected-{side}")) {
        return;
    }
    // Fire at the best target with a fair chance.
    let best = st
        .aims
        .iter()
        .filter(|(a, _)| a.kind != AimKind::Assault)
        .filter_map(|(a, p)| p.as_ref().map(|p| (a, p.needed)))
        .max_by_key(|(_, n)| *n);
    if let Some((a, n)) = best
        && n >= 3
        && stuck < 3
    {
        let h = a.hex;
        click(world, d, h);
        return;
    }
    // An assault when two or more can go in.
    if let Some((a, _)) = st
        .aims
        .iter()
        .find(|(a, _)| a.kind == AimKind::Assault && a.units.len() >= 2)
        && stuck < 3
    {
        let aim = a.clone();
        act(world, FteAction::SetAim(Box::new(aim)));
        return;
    }
    // Search where there may be something to find.
    let search = legal
        .iter()
        .find(|c| matches!(c, Command::Search { unit } if st.sel.contains(unit)))
        .cloned();
    if let Some(c) = search {
        act(world, FteAction::Submit(c));
        return;
    }
    // Move towards the goal.
    if st.move_mode != MoveMode::Normal {
        act(world, FteAction::SetMoveMode(MoveMode::Normal));
        return;
    }
    let from = hex_of(g, st.sel[0]);
    let target = from.and_then(|f| goal(st, g, f));
    if let (Some(f), Some(g)) = (from, target) {
        let here = f.distance(g);
        let best = st
            .reach
            .iter()
            .filter(|(h, _)| h.distance(g) < here)
            .min_by_key(|(h, c)| (h.distance(g), *c))
            .map(|(h, _)| *h);
        if let Some(h) = best
            && stuck < 3
        {
            if d.shot_once(&format!("reach-{side}")) {
                return;
            }
            click(world, d, h);
            return;
        }
    }
    let other = legal
        .iter()
        .find(|c| {
            matches!(
                c,
                Command::Recover { unit, pick_up: None, transfer: None }
                    if st.sel.contains(unit)
                        && fte_plugin::model::unit(&view, *unit)
                            .is_some_and(|u| u.suppressed || u.broken || u.exhausted)
            ) || matches!(c, Command::DestroyCache { unit } if st.sel.contains(unit))
        })
        .cloned();
    if let Some(c) = other {
        act(world, FteAction::Submit(c));
        return;
    }
    // This group is done: the next group of the activation, or the end.
    let others: Vec<UnitId> = legal
        .iter()
        .filter(|c| !matches!(c, Command::EndActivation))
        .flat_map(fte_plugin::model::command_units)
        .filter(|u| !st.sel.contains(u))
        .collect();
    let next = others.first().and_then(|u| hex_of(g, *u));
    match next {
        Some(h) if stuck < 2 => click(world, d, h),
        _ => act(world, FteAction::Submit(Command::EndActivation)),
    }
}

fn write_log(world: &mut World, d: &Director) {
    let g = world.resource::<ActiveGame>();
    let path = d.out.join("log.txt");
    if let Ok(mut f) = std::fs::File::create(&path) {
        for e in &g.log {
            let _ = writeln!(f, "{}", e.text);
            for a in &e.adjudications {
                let _ = writeln!(f, "    {}", a.summary());
            }
        }
        let o = g.session.outcome();
        let _ = writeln!(f, "\n{} commands; {}", g.session.commands(), o.summary);
        info!("log written to {}", path.display());
    }
}
