//! Front Toward Enemy on the launcher's screen.
//!
//! - [`board`]: the hex map (terrain, hill levels, slopes with their high
//!   side, trails, roads, streams, objectives), the counters with their
//!   Fire Rating in its weapon-class colour, Troop Quality, Range and troops,
//!   stacks you can open, status markers, Concealed markers, KIA/WIA and
//!   "?" caches, and the highlights: where the selection can move with the
//!   cost of each hex, whom it sees and can fire at with the number needed,
//!   the line-of-sight tool;
//! - [`pick`]: clicks to commands (select, move along a path hex by hex,
//!   aim and confirm fire and assaults, menus where a hex offers several
//!   commands);
//! - [`panels`]: the egui column: turn, VP and the chit cup, the decision
//!   and its buttons, the number needed with every modifier and its section
//!   before any fire or assault, the Opportunity Fire prompt, the hex under
//!   the pointer with its Terrain Effects Chart row, the scenario, and every
//!   legal command as a fallback; the stack window and the click menu;
//! - [`model`]: names and labels read off the view.
//!
//! The board is drawn from the viewing side's [`fte_rules::view::View`]
//! only. The rules' helpers (`reachable`, `fire_preview`, `check`) answer
//! the viewing side's questions about its own moves; nothing else is read
//! from the whole state.

pub use fte_rules;

pub mod board;
pub mod model;
pub mod panels;
pub mod pick;

use bevy::prelude::*;
use fte_rules::geo::{Hex, HexExt};
use fte_rules::line_of_sight::Blocked;
use fte_rules::scenario::ScenarioFile;
use fte_rules::screen::{FirePreview, Situation};
use fte_rules::state::{Altitude, MoveMode, Side, UnitId};
use fte_rules::step::Phase;
use fte_rules::view::View;
use fte_rules::{Command, Fte, State};
use pick::{Aim, Click, Ctx, MenuItem, Tool};
use std::sync::Arc;
use vt_core::session::Session;
use vt_core::{Decision, Ruleset};
use vt_ui::board::BoardPointer;
use vt_ui::hexmap::{ActiveMap, HexClicked};
use vt_ui::overlay::track::{TurnTrack, TurnTrackSpec};
use vt_ui::{
    ActiveGame, BoardRegistration, Controller, PlayMode, RegisterBoard, Screen, SubmitCommand,
};

/// The game's id in the launcher.
pub const GAME_ID: &str = "fte";

pub struct FtePlugin;

impl Plugin for FtePlugin {
    fn build(&self, app: &mut App) {
        app.register_board(BoardRegistration {
            game_id: GAME_ID.into(),
            // The plugin's column keeps the full list as a fallback.
            show_command_list: false,
        })
        .init_resource::<FteScreen>()
        .add_message::<FteAction>()
        .add_systems(
            Update,
            (
                sync,
                hex_clicks
                    .run_if(in_state(PlayMode::Board))
                    .run_if(vt_ui::board_visible(GAME_ID)),
                apply_actions,
                walk.run_if(in_state(PlayMode::Board)),
                hover,
                board::redraw,
                board::redraw_hover,
                board::fit_camera.run_if(in_state(Screen::Playing)),
            )
                .chain(),
        )
        .add_systems(OnExit(Screen::Playing), forget);
        if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                panels::play_ui
                    .run_if(in_state(PlayMode::Board))
                    .run_if(vt_ui::board_visible(GAME_ID)),
            );
        }
    }
}

/// What the panels (or tests) ask of the board.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum FteAction {
    /// Send this command.
    Submit(Command),
    /// A menu line was chosen.
    Choose(usize),
    CloseMenu,
    /// Aim this attack or assault (from the list of targets).
    SetAim(Box<Aim>),
    /// Confirm the attack or assault being aimed.
    Confirm,
    CancelAim,
    /// Add or remove a unit from the attack being aimed.
    AimToggle(UnitId),
    AimPrimary(UnitId),
    /// Select these units (or none).
    Select(Vec<UnitId>),
    /// Add or remove a unit from the selection.
    Toggle(UnitId),
    OpenStack(Option<Hex>),
    SetTool(Tool),
    SetMoveMode(MoveMode),
    SetAltitude(Altitude),
    SetAutoEnd(bool),
    /// Go on with a walk the enemy's reaction stopped.
    Resume,
}

/// A line of sight shown by the tool.
#[derive(Clone, Debug, PartialEq)]
pub struct LosShown {
    pub from: Hex,
    pub to: Hex,
    /// The hexes whose inside the line crosses, in order.
    pub trace: Vec<Hex>,
    pub blocked: Option<Blocked>,
}

/// The menu a click opened, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Menu {
    pub hex: Hex,
    pub items: Vec<MenuItem>,
    /// Window position of the click (logical pixels).
    pub at: Option<Vec2>,
}

/// What the screen shows of the game, refreshed when the game changes.
#[derive(Resource)]
pub struct FteScreen {
    key: Option<(u64, usize, u64, Option<u8>)>,
    pub rules: Option<Arc<Fte>>,
    pub view: Option<View>,
    pub scenario: Option<ScenarioFile>,
    pub decision: Option<Decision>,
    /// A person at this screen is to decide, and the board shows their view.
    pub to_decide: bool,
    /// The legal commands when [`FteScreen::to_decide`]; else empty.
    pub legal: Vec<Command>,
    pub situation: Option<Situation>,
    pub sel: Vec<UnitId>,
    pub tool: Tool,
    pub move_mode: MoveMode,
    pub altitude: Altitude,
    /// End the move by itself when a path clicked on is walked.
    pub auto_end: bool,
    pub aim: Option<Aim>,
    pub menu: Option<Menu>,
    pub stack: Option<Hex>,
    pub hint: Option<String>,
    /// Hexes still to walk, and whether to end the move after.
    pub plan: Vec<Hex>,
    pub plan_end: bool,
    plan_rev: Option<u64>,
    /// A walk the enemy's reaction stopped: where it was going, and
    /// whether to end the move there.
    pub resume: Option<(Hex, bool)>,
    /// Worked out for the board: where the selection can go (half MP).
    pub reach: Vec<(Hex, u8)>,
    /// Every attack on offer, with its preview.
    pub aims: Vec<(Aim, Option<FirePreview>)>,
    /// The preview of the attack being aimed (or each unit's assault check).
    pub aim_preview: Result<Vec<vt_core::Adjudication>, String>,
    pub aim_hidden: bool,
    /// Enemy hexes the selection sees (fire or not).
    pub in_sight: Vec<Hex>,
    /// Activation choices, with the units each brings (5.1).
    pub activations: Vec<MenuItem>,
    /// The selection may begin a move in the chosen mode.
    pub move_ok: bool,
    /// Opportunity Fire: each eligible unit's check to fire (21.0).
    pub checks: Vec<(UnitId, vt_core::Adjudication)>,
    /// The selection holds a helicopter (it may hover or change level).
    pub sel_heli: bool,
    /// Set-up: where the selected unit may be placed; plotting: where a
    /// trap may go; a Fire Mission: the hexes it may target.
    pub area: Vec<Hex>,
    pub los: Option<LosShown>,
    /// Units lit up by the pointer on a menu line or a button.
    pub hover_units: Vec<UnitId>,
    pub hovered_hex: Option<Hex>,
    pub generation: u64,
    pub hover_generation: u64,
    /// Fit the camera to the map at the next chance.
    pub needs_fit: bool,
    /// Where the decision at hand happens (the hex an Opportunity Fire
    /// chance, a retreat or a downed helicopter is about): the camera
    /// brings it into view.
    pub focus: Option<Hex>,
    fresh: bool,
}

impl Default for FteScreen {
    fn default() -> Self {
        FteScreen {
            key: None,
            rules: None,
            view: None,
            scenario: None,
            decision: None,
            to_decide: false,
            legal: Vec::new(),
            situation: None,
            sel: Vec::new(),
            tool: Tool::Play,
            move_mode: MoveMode::Normal,
            altitude: Altitude::Treetop,
            auto_end: true,
            aim: None,
            menu: None,
            stack: None,
            hint: None,
            plan: Vec::new(),
            plan_end: false,
            plan_rev: None,
            resume: None,
            reach: Vec::new(),
            aims: Vec::new(),
            aim_preview: Ok(Vec::new()),
            aim_hidden: false,
            in_sight: Vec::new(),
            activations: Vec::new(),
            move_ok: false,
            checks: Vec::new(),
            sel_heli: false,
            area: Vec::new(),
            los: None,
            hover_units: Vec::new(),
            hovered_hex: None,
            generation: 0,
            hover_generation: 0,
            needs_fit: true,
            focus: None,
            fresh: false,
        }
    }
}

impl FteScreen {
    /// Redraw the board at the next chance.
    pub fn touch(&mut self) {
        self.generation += 1;
    }

    pub fn kind(&self) -> &str {
        self.decision.as_ref().map(|d| &*d.kind).unwrap_or("")
    }

    pub fn side(&self) -> Option<Side> {
        self.view.as_ref().map(|v| v.side)
    }

    /// The context clicks are judged in.
    pub fn ctx<'a>(&'a self, rules: &'a Fte, state: &'a State) -> Option<Ctx<'a>> {
        Some(Ctx {
            rules,
            state,
            view: self.view.as_ref()?,
            kind: self.kind(),
            legal: &self.legal,
            sel: &self.sel,
            move_mode: self.move_mode,
            altitude: self.altitude,
            tool: &self.tool,
            situation: self.situation.as_ref(),
        })
    }

    /// Works out the board's highlights and previews for the selection.
    pub fn derive(&mut self, rules: &Fte, state: &State) {
        let (reach, aims, in_sight, area, aim_preview, aim_hidden, activations) = {
            let Some(ctx) = self.ctx(rules, state) else {
                return;
            };
            let reach = ctx.reach();
            let aims: Vec<(Aim, Option<FirePreview>)> = ctx
                .aims()
                .into_iter()
                .filter(|a| {
                    // In an activation, only the selection's attacks.
                    ctx.kind != "action"
                        || ctx.sel.is_empty()
                        || a.units.iter().all(|u| ctx.sel.contains(u))
                })
                .map(|a| {
                    let p = a
                        .command()
                        .filter(|_| a.kind != pick::AimKind::Assault)
                        .and_then(|c| rules.fire_preview(state, &c).ok());
                    (a, p)
                })
                .collect();
            let in_sight = sight(rules, state, ctx.view, ctx.sel);
            let area = match (&self.tool, ctx.kind, ctx.sel) {
                (Tool::Plot, _, _) => self
                    .legal
                    .iter()
                    .filter_map(|c| match c {
                        Command::Plot { hex } => Some(*hex),
                        _ => None,
                    })
                    .collect(),
                (Tool::FireMission { unit }, _, _) => rules
                    .map_of(state)
                    .hexes()
                    .iter()
                    .copied()
                    .filter(|h| {
                        ctx.ok(&Command::RequestFireMission {
                            unit: *unit,
                            hex: *h,
                        })
                    })
                    .collect(),
                (_, "setup", [u]) => rules
                    .map_of(state)
                    .hexes()
                    .iter()
                    .copied()
                    .filter(|h| ctx.ok(&Command::Place { unit: *u, hex: *h }))
                    .collect(),
                _ => Vec::new(),
            };
            let (aim_preview, aim_hidden) = match &self.aim {
                None => (Ok(Vec::new()), false),
                Some(a) => aim_preview(rules, state, a),
            };
            let activations = if ctx.kind == "activate" {
                ctx.activation_menu()
            } else {
                Vec::new()
            };
            (
                reach,
                aims,
                in_sight,
                area,
                aim_preview,
                aim_hidden,
                activations,
            )
        };
        self.activations = activations;
        self.checks = if self.kind() == "opportunity-fire" {
            let mut eligible: Vec<UnitId> = self
                .legal
                .iter()
                .filter_map(|c| match c {
                    Command::OpFireAttempt { units } => Some(units.clone()),
                    _ => None,
                })
                .flatten()
                .collect();
            eligible.sort();
            eligible.dedup();
            eligible
                .iter()
                .copied()
                .zip(rules.opfire_check_preview(state, &eligible))
                .collect()
        } else {
            Vec::new()
        };
        self.move_ok = !self.sel.is_empty()
            && self.kind() == "action"
            && rules
                .check(
                    state,
                    &Command::Move {
                        units: self.sel.clone(),
                        mode: self.move_mode,
                    },
                )
                .is_ok();
        self.sel_heli = self.sel.iter().any(|u| {
            state.units.get(*u as usize).is_some_and(|x| {
                x.side == self.side().unwrap_or(fte_rules::Side::Us)
                    && rules.class(x) == fte_rules::data::MoveClass::Helicopter
            })
        });
        self.reach = reach;
        self.aims = aims;
        self.in_sight = in_sight;
        self.area = area;
        self.aim_preview = aim_preview;
        self.aim_hidden = aim_hidden;
        self.touch();
    }

    /// Works out the line of sight the tool shows.
    pub fn derive_los(&mut self, rules: &Fte, state: &State) {
        let Tool::LineOfSight { from, to } = &self.tool else {
            self.los = None;
            return;
        };
        let (Some(from), Some(to)) = (*from, to.or(self.hovered_hex)) else {
            self.los = None;
            return;
        };
        if self
            .los
            .as_ref()
            .is_some_and(|l| l.from == from && l.to == to)
        {
            return;
        }
        let trace = vt_core::hex::trace(from.axial(), to.axial())
            .hexes()
            .map(Hex::from_axial)
            .collect();
        let blocked = rules.line_of_sight(state, from, to).err();
        self.los = Some(LosShown {
            from,
            to,
            trace,
            blocked,
        });
        self.hover_generation += 1;
    }
}

/// The number needed for an attack being aimed, as the firer may know it;
/// for an assault, each unit's check to go in.
pub fn aim_preview(
    rules: &Fte,
    state: &State,
    aim: &Aim,
) -> (Result<Vec<vt_core::Adjudication>, String>, bool) {
    let Some(c) = aim.command() else {
        return (Err("choose a Primary Firing Unit".into()), false);
    };
    if aim.kind == pick::AimKind::Assault {
        return (
            rules
                .assault_preview(state, &aim.units, aim.hex)
                .map_err(|e| e.to_string()),
            false,
        );
    }
    match rules.fire_preview(state, &c) {
        Ok(p) => (Ok(vec![p.adjudication]), p.hidden),
        Err(e) => (Err(e.to_string()), false),
    }
}

/// Enemy hexes the selected units see (7.3; sighting ignores units).
fn sight(rules: &Fte, state: &State, view: &View, sel: &[UnitId]) -> Vec<Hex> {
    use fte_rules::line_of_sight::Eye;
    let eyes: Vec<Eye> = sel
        .iter()
        .filter_map(|u| model::unit(view, *u))
        .filter(|u| u.loaded_on.is_none())
        .filter_map(|u| {
            Some(Eye {
                hex: u.hex?,
                alt: u.altitude,
            })
        })
        .collect();
    if eyes.is_empty() {
        return Vec::new();
    }
    let mut enemies: Vec<Eye> = view
        .units
        .iter()
        .filter(|u| u.side != view.side && u.loaded_on.is_none())
        .filter_map(|u| {
            Some(Eye {
                hex: u.hex?,
                alt: u.altitude,
            })
        })
        .collect();
    enemies.extend(view.concealed.iter().map(|c| Eye::ground(c.hex)));
    let mut v: Vec<Hex> = enemies
        .into_iter()
        .filter(|e| eyes.iter().any(|a| rules.sight(state, *a, *e)))
        .map(|e| e.hex)
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The session's game, if it is this one.
pub fn fte_session(game: &ActiveGame) -> Option<&Session<Fte>> {
    if game.info.id != GAME_ID {
        return None;
    }
    game.typed::<Fte>()
}

/// The sequence of play (3.0) for the turn track.
pub const PHASES: [&str; 6] = [
    "Reinforcements",
    "Activation",
    "Fire Missions",
    "Casualties",
    "Concealment",
    "End of Turn",
];

fn phase_index(phase: Phase) -> Option<usize> {
    Some(match phase {
        Phase::Reinforcements(_) => 0,
        Phase::Activation => 1,
        Phase::FireMissions => 2,
        Phase::Concealment(_) => 4,
        Phase::Setup(_) | Phase::GameOver => return None,
    })
}

/// Keeps [`FteScreen`] in step with the game.
pub fn sync(
    game: Option<Res<ActiveGame>>,
    mut st: ResMut<FteScreen>,
    mut track: ResMut<TurnTrackSpec>,
) {
    st.fresh = false;
    let Some(game) = game else {
        if st.key.is_some() {
            *st = FteScreen {
                generation: st.generation + 1,
                ..Default::default()
            };
        }
        return;
    };
    let Some(session) = fte_session(&game) else {
        return;
    };
    let key = (
        game.revision,
        session.commands.len(),
        session.setup.seed,
        game.viewer,
    );
    let new_game = game.is_added() || st.key.is_none();
    if !new_game && st.key == Some(key) {
        return;
    }
    let old_key = st.key;
    st.key = Some(key);
    st.fresh = true;
    let rules = session.rules.clone();
    let state = &session.state;
    let decision = rules.decision(state);
    let side = game.viewer.map(Side::from_idx);
    let view = game.viewer.map(|v| rules.view(state, v));
    let to_decide = game.viewer.is_some()
        && decision.side == game.viewer
        && decision
            .side
            .is_some_and(|s| game.controller(s) == Controller::Person);
    let legal = if to_decide {
        rules.legal(state)
    } else {
        Vec::new()
    };
    if new_game || old_key.is_some_and(|k| k.2 != key.2) {
        let keep = (st.auto_end, st.generation);
        *st = FteScreen {
            auto_end: keep.0,
            generation: keep.1 + 1,
            ..Default::default()
        };
        st.key = Some(key);
        st.fresh = true;
        st.needs_fit = true;
    }
    let kind_changed = st.decision.as_ref().map(|d| &d.kind) != Some(&decision.kind)
        || old_key.is_some_and(|k| k.3 != key.3);
    if kind_changed {
        st.hint = None;
    }
    // A path being walked stops when anything but our next step is asked.
    if !st.plan.is_empty() || st.plan_end {
        let ours = to_decide && decision.kind == "move";
        if !ours {
            // Keep where it was going: the mover may go on after the
            // enemy's Opportunity Fire chance (a button in the column).
            st.resume = st.plan.last().copied().map(|h| (h, st.plan_end));
            st.plan.clear();
            st.plan_end = false;
        }
    }
    if to_decide && view.as_ref().is_some_and(|v| v.moving.is_none()) {
        st.resume = None;
    }
    st.situation = side.and_then(|s| rules.situation(state, s));
    st.focus = if to_decide {
        st.situation.as_ref().and_then(|s| match s {
            Situation::OpFire { hex, .. }
            | Situation::Assault { hex, .. }
            | Situation::Claymore { hex }
            | Situation::Reveal { near: hex, .. } => Some(*hex),
            Situation::Retreat { away, .. } => Some(*away),
            Situation::HeliDown { from, .. } => Some(*from),
            Situation::Carry { hex, .. } | Situation::Interrogate { hex, .. } => *hex,
            Situation::Mission { target, .. } => *target,
            _ => None,
        })
    } else {
        None
    };
    st.scenario = rules.scenario(&state.scenario).cloned();
    st.view = view;
    // Redraw: a new position, or the board hidden for a hand-over.
    st.touch();
    st.legal = legal;
    st.to_decide = to_decide;
    st.decision = Some(decision);
    st.rules = Some(rules.clone());
    if kind_changed {
        st.aim = None;
        st.menu = None;
        if !matches!(st.tool, Tool::LineOfSight { .. }) {
            st.tool = Tool::Play;
        }
    }
    // Keep the selection to units the decision still names.
    let keep_sel: Vec<UnitId> = {
        let kind = st.kind().to_string();
        match kind.as_str() {
            "setup" => st.sel.clone(),
            "reinforcements" => st
                .sel
                .iter()
                .copied()
                .filter(|u| {
                    st.legal
                        .iter()
                        .any(|c| matches!(c, Command::Enter { unit, .. } if unit == u))
                })
                .collect(),
            "move" => st
                .view
                .as_ref()
                .and_then(|v| v.moving.as_ref())
                .map(|m| m.units.clone())
                .unwrap_or_default(),
            "action" | "opportunity-fire" => {
                let ctx = st.ctx(&rules, state);
                let act = ctx.map(|c| c.actionable()).unwrap_or_default();
                let kept: Vec<UnitId> =
                    st.sel.iter().copied().filter(|u| act.contains(u)).collect();
                if kind == "action" && kept.is_empty() {
                    // A fresh activation: select its units if they share a hex.
                    let v = st.view.as_ref();
                    let hexes: Vec<Option<Hex>> = act
                        .iter()
                        .map(|u| v.and_then(|v| model::unit_hex(v, *u)))
                        .collect();
                    if !act.is_empty() && hexes.windows(2).all(|w| w[0] == w[1]) {
                        act
                    } else {
                        kept
                    }
                } else {
                    kept
                }
            }
            _ => Vec::new(),
        }
    };
    st.sel = keep_sel;
    if let Some(a) = st.aim.clone() {
        // Drop an aim the rules no longer take.
        let ok = a
            .command()
            .is_some_and(|c| to_decide && rules.check(state, &c).is_ok());
        if !ok {
            st.aim = None;
        }
    }
    st.menu = None;
    if let Some(v) = &st.view {
        track.0 = Some(TurnTrack {
            turns: (1..=v.turns.max(v.turn)).map(|t| t.to_string()).collect(),
            current_turn: (v.turn >= 1).then(|| v.turn as usize - 1),
            phases: PHASES.iter().map(|p| p.to_string()).collect(),
            current_phase: phase_index(v.phase),
        });
    }
    st.los = None;
    st.derive(&rules, state);
    st.derive_los(&rules, state);
}

/// Clicks on the map's hexes.
pub fn hex_clicks(
    mut clicks: MessageReader<HexClicked>,
    game: Option<Res<ActiveGame>>,
    mut st: ResMut<FteScreen>,
    pointer: Res<BoardPointer>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    let Some(game) = game else {
        clicks.clear();
        return;
    };
    let Some(session) = fte_session(&game) else {
        clicks.clear();
        return;
    };
    for HexClicked(c) in clicks.read() {
        let hex = Hex::new(c.col, c.row);
        st.hint = None;
        st.menu = None;
        if let Tool::LineOfSight { from, to } = st.tool.clone() {
            st.tool = match (from, to) {
                (None, _) | (Some(_), Some(_)) => Tool::LineOfSight {
                    from: Some(hex),
                    to: None,
                },
                (Some(f), None) => Tool::LineOfSight {
                    from: Some(f),
                    to: Some(hex),
                },
            };
            st.los = None;
            st.derive_los(&session.rules, &session.state);
            continue;
        }
        let click = match st.ctx(&session.rules, &session.state) {
            Some(ctx) => ctx.click(hex),
            None => continue,
        };
        // Anything but looking needs the player to be deciding.
        let acts = !matches!(click, Click::OpenStack(_) | Click::Hint(_));
        if acts && !st.to_decide {
            st.hint = Some("It is not your decision now.".into());
            continue;
        }
        let at = pointer.window;
        apply_click(&mut st, click, hex, at, game.revision, &mut submit);
        st.derive(&session.rules, &session.state);
    }
}

/// Carries out what a click means.
pub fn apply_click(
    st: &mut FteScreen,
    click: Click,
    hex: Hex,
    at: Option<Vec2>,
    revision: u64,
    submit: &mut MessageWriter<SubmitCommand>,
) {
    match click {
        Click::Submit(c) => {
            st.aim = None;
            if matches!(c, Command::RequestFireMission { .. } | Command::Plot { .. }) {
                st.tool = Tool::Play;
            }
            submit.write(SubmitCommand::typed(&c));
        }
        Click::Walk { first, rest } => {
            st.aim = None;
            st.plan = rest;
            st.plan_end = st.auto_end;
            st.plan_rev = Some(revision);
            submit.write(SubmitCommand::typed(&first));
        }
        Click::Select(units) => {
            st.aim = None;
            st.sel = units;
        }
        Click::Toggle(units) => {
            for u in units {
                if let Some(i) = st.sel.iter().position(|x| *x == u) {
                    st.sel.remove(i);
                } else {
                    st.sel.push(u);
                }
            }
        }
        Click::OpenStack(h) => {
            st.stack = if st.stack == Some(h) { None } else { Some(h) };
        }
        Click::Aim(a) => st.aim = Some(a),
        Click::Menu(items) => {
            st.menu = Some(Menu { hex, items, at });
        }
        Click::Hint(h) => st.hint = Some(h),
    }
}

/// The panels' requests.
pub fn apply_actions(
    mut actions: MessageReader<FteAction>,
    game: Option<Res<ActiveGame>>,
    mut st: ResMut<FteScreen>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    let session = game.as_deref().and_then(fte_session);
    let mut changed = false;
    for a in actions.read() {
        changed = true;
        match a.clone() {
            FteAction::Submit(c) => {
                st.aim = None;
                st.menu = None;
                submit.write(SubmitCommand::typed(&c));
            }
            FteAction::Choose(i) => {
                let Some(m) = st.menu.take() else { continue };
                if let Some(then) = m.items.get(i).map(|x| x.then.clone()) {
                    let rev = game.as_ref().map(|g| g.revision).unwrap_or(0);
                    apply_click(&mut st, then, m.hex, m.at, rev, &mut submit);
                }
            }
            FteAction::CloseMenu => st.menu = None,
            FteAction::Confirm => {
                if let Some(c) = st.aim.take().and_then(|a| a.command()) {
                    submit.write(SubmitCommand::typed(&c));
                }
            }
            FteAction::CancelAim => st.aim = None,
            FteAction::SetAim(a) => st.aim = Some(*a),
            FteAction::AimToggle(u) => {
                if let Some(a) = st.aim.as_mut() {
                    a.toggle(u);
                }
            }
            FteAction::AimPrimary(u) => {
                if let Some(a) = st.aim.as_mut() {
                    a.set_primary(u);
                }
            }
            FteAction::Select(units) => {
                st.sel = units;
                st.aim = None;
            }
            FteAction::Toggle(u) => {
                if let Some(i) = st.sel.iter().position(|x| *x == u) {
                    st.sel.remove(i);
                } else {
                    st.sel.push(u);
                }
                st.aim = None;
            }
            FteAction::OpenStack(h) => st.stack = h,
            FteAction::SetTool(t) => {
                st.tool = t;
                st.los = None;
            }
            FteAction::SetMoveMode(m) => st.move_mode = m,
            FteAction::SetAltitude(a) => st.altitude = a,
            FteAction::SetAutoEnd(b) => st.auto_end = b,
            FteAction::Resume => {
                let (Some(s), Some((dest, end))) = (session, st.resume.take()) else {
                    continue;
                };
                let click = st.ctx(&s.rules, &s.state).map(|c| c.click(dest));
                let rev = game.as_ref().map(|g| g.revision).unwrap_or(0);
                match click {
                    Some(c @ (Click::Walk { .. } | Click::Submit(Command::Step { .. }))) => {
                        apply_click(&mut st, c, dest, None, rev, &mut submit);
                        st.plan_end = end;
                        st.plan_rev = Some(rev);
                    }
                    _ => st.hint = Some(format!("{dest} is out of reach now.")),
                }
            }
        }
    }
    if changed && let Some(s) = session {
        st.derive(&s.rules, &s.state);
        st.derive_los(&s.rules, &s.state);
    }
}

/// Walks a clicked path one hex at a time: each step is a command of its
/// own, so the enemy's Opportunity Fire chance comes at every hex.
pub fn walk(
    game: Option<Res<ActiveGame>>,
    mut st: ResMut<FteScreen>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    let Some(game) = game else { return };
    if st.plan.is_empty() && !st.plan_end {
        return;
    }
    if st.plan_rev == Some(game.revision) {
        // Still waiting for the last command; a refusal ends the walk.
        if game.refusal.is_some() {
            st.plan.clear();
            st.plan_end = false;
        }
        return;
    }
    if !st.to_decide || st.kind() != "move" {
        return;
    }
    if let Some(next) = st.plan.first().copied() {
        let step = Command::Step { hex: next };
        if st.legal.contains(&step) {
            st.plan.remove(0);
            st.plan_rev = Some(game.revision);
            submit.write(SubmitCommand::typed(&step));
        } else {
            st.plan.clear();
            st.plan_end = false;
            st.hint = Some(format!("The walk stopped before {next}."));
        }
        return;
    }
    if st.plan_end {
        st.plan_end = false;
        if st.legal.contains(&Command::EndMove) {
            st.plan_rev = Some(game.revision);
            submit.write(SubmitCommand::typed(&Command::EndMove));
        }
    }
}

/// Follows the hex under the pointer (for the LoS tool and the hex panel).
pub fn hover(map: Res<ActiveMap>, game: Option<Res<ActiveGame>>, mut st: ResMut<FteScreen>) {
    let h = map.hovered.map(|c| Hex::new(c.col, c.row));
    if h == st.hovered_hex {
        return;
    }
    st.hovered_hex = h;
    if let Some(s) = game.as_deref().and_then(fte_session) {
        st.derive_los(&s.rules, &s.state);
    }
}

fn forget(mut st: ResMut<FteScreen>) {
    let g = st.generation;
    *st = FteScreen {
        generation: g + 1,
        ..Default::default()
    };
}
