//! What the screen keeps of the game beside the synced view
//! ([`Synced<Fte>`]): the selection, the tool, the attack being aimed, the
//! path being walked, and what the board works out for them (where the
//! selection can go, whom it sees and can fire at with the number needed,
//! the line of sight); and [`follow`], which keeps all that in step when
//! the game changes.

use crate::model;
use crate::pick::{self, Aim, Ctx, MenuItem, Tool};
use bevy::prelude::*;
use fte_rules::geo::{Hex, HexExt};
use fte_rules::line_of_sight::Blocked;
use fte_rules::scenario::ScenarioFile;
use fte_rules::screen::{FirePreview, Situation};
use fte_rules::state::{Altitude, MoveMode, UnitId};
use fte_rules::step::{Kind as K, Phase};
use fte_rules::view::View;
use fte_rules::{Command, Fte, State};
use vt_core::Ruleset;
use vt_core::sort::StableSort;
use vt_ui::camera::CameraFit;
use vt_ui::overlay::track::{TurnTrack, TurnTrackSpec};
use vt_ui::prelude::*;
use vt_ui::sync::typed_session;

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
    /// Send these commands one after another ("Try to conceal all").
    Batch(Vec<Command>),
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

/// What the screen keeps of the game between frames.
#[derive(Resource)]
pub struct FteScreen {
    pub scenario: Option<ScenarioFile>,
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
    /// Where the click that gave the hint was (window pixels): the hint is
    /// then said on the board there, not in the column.
    pub hint_at: Option<Vec2>,
    /// Hexes still to walk, and whether to end the move after.
    pub plan: Vec<Hex>,
    pub plan_end: bool,
    pub(crate) plan_rev: Option<u64>,
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
    /// The unit Tab moved to, where Tab does not select.
    pub tabbed: Option<UnitId>,
    pub hovered_hex: Option<Hex>,
    /// Bumped when the highlights must be drawn again.
    pub generation: u64,
    pub hover_generation: u64,
    /// Where the decision at hand happens (the hex an Opportunity Fire
    /// chance, a retreat or a downed helicopter is about): the camera
    /// brings it into view.
    pub focus: Option<Hex>,
    /// The last change may be animated (pieces slide to their new places).
    pub slide: bool,
    /// Commands still to send one by one ([`crate::input::batch`]), and
    /// the game's revision when the last went.
    pub batch: Vec<Command>,
    pub(crate) batch_rev: Option<u64>,
}

impl Default for FteScreen {
    fn default() -> Self {
        FteScreen {
            scenario: None,
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
            hint_at: None,
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
            tabbed: None,
            hovered_hex: None,
            generation: 0,
            hover_generation: 0,
            focus: None,
            slide: false,
            batch: Vec::new(),
            batch_rev: None,
        }
    }
}

impl FteScreen {
    /// Redraw the board's highlights at the next chance.
    pub fn touch(&mut self) {
        self.generation += 1;
    }

    /// The context clicks are judged in.
    pub fn ctx<'a>(&'a self, g: &'a Synced<Fte>, state: &'a State) -> Option<Ctx<'a>> {
        Some(Ctx {
            rules: g.rules.as_deref()?,
            state,
            view: g.view.as_ref()?,
            kind: g.kind_as(),
            legal: &g.legal,
            sel: &self.sel,
            move_mode: self.move_mode,
            altitude: self.altitude,
            tool: &self.tool,
            situation: self.situation.as_ref(),
        })
    }

    /// Works out the board's highlights and previews for the selection.
    pub fn derive(&mut self, g: &Synced<Fte>, state: &State) {
        let Some(rules) = g.rules.as_deref() else {
            return;
        };
        let (reach, aims, in_sight, area, aim_preview, aim_hidden, activations) = {
            let Some(ctx) = self.ctx(g, state) else {
                return;
            };
            let reach = ctx.reach();
            let aims: Vec<(Aim, Option<FirePreview>)> = ctx
                .aims()
                .into_iter()
                .filter(|a| {
                    // In an activation, only the selection's attacks.
                    ctx.kind != Some(K::Action)
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
                (Tool::Plot, _, _) => g
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
                (_, Some(K::Setup), [u]) => rules
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
            let activations = if ctx.kind == Some(K::Activate) {
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
        self.checks = if g.kind_as() == Some(K::OpportunityFire) {
            let eligible = model::opfire_eligible(&g.legal);
            eligible
                .iter()
                .copied()
                .zip(rules.opfire_check_preview(state, &eligible))
                .collect()
        } else {
            Vec::new()
        };
        self.move_ok = !self.sel.is_empty()
            && g.kind_as() == Some(K::Action)
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
                x.side
                    == g.view
                        .as_ref()
                        .map(|v| v.side)
                        .unwrap_or(fte_rules::Side::Us)
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
    pub fn derive_los(&mut self, g: &Synced<Fte>, state: &State) {
        let Some(rules) = g.rules.as_deref() else {
            return;
        };
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
    v.stable_sort();
    v.dedup();
    v
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

/// Keeps [`FteScreen`] in step with the game: the selection kept to what
/// the decision still names, a walk stopped when the enemy reacts, the
/// highlights worked out again, the turn track, the camera's wishes.
#[allow(clippy::too_many_arguments)]
pub fn follow(
    mut changes: MessageReader<SessionChanged<Fte>>,
    g: Res<Synced<Fte>>,
    game: Option<Res<ActiveGame>>,
    mut st: ResMut<FteScreen>,
    mut track: ResMut<TurnTrackSpec>,
    mut fit: ResMut<CameraFit>,
    mut kind_seen: Local<Option<(Option<K>, Option<u8>)>>,
) {
    let Some(change) = changes.read().last() else {
        return;
    };
    let (Some(session), Some(rules)) = (typed_session::<Fte>(game.as_deref()), g.rules.clone())
    else {
        *st = FteScreen {
            generation: st.generation + 1,
            ..Default::default()
        };
        *kind_seen = None;
        return;
    };
    if change.change == Change::NewGame {
        *st = FteScreen {
            auto_end: st.auto_end,
            generation: st.generation + 1,
            ..Default::default()
        };
        *kind_seen = None;
        fit.new_game();
        fit.readable_scale = Some(crate::board::READABLE_SCALE);
        fit.focus_margin = crate::board::HEX * 1.2;
    }
    st.slide = change.animate();
    let state = &session.state;
    let to_decide = g.to_decide;
    let kind: Option<K> = g.kind_as();
    let now = (kind, g.viewer);
    let kind_changed = kind_seen.as_ref() != Some(&now);
    let viewer_changed = kind_seen.as_ref().is_none_or(|(_, v)| *v != now.1);
    *kind_seen = Some(now);
    if viewer_changed {
        // A hand-over: what the last player picked up, aimed at or
        // measured is theirs. Their set-up re-placements are secret (3.0):
        // the next player must not read "unit #12 picked up" in the column,
        // nor act on another side's selection. Where a walk was going stays
        // (the mover goes on after the enemy's chance; only its own column
        // offers that).
        st.sel.clear();
        st.aim = None;
        st.menu = None;
        // The stack window the last player opened stayed open over the
        // next player's board (seen: "Stack in 01.10" on the NVA/VC's
        // screen after the US passed): where they looked is theirs too.
        st.stack = None;
        st.tabbed = None;
        st.tool = Tool::Play;
    }
    if kind_changed {
        st.hint = None;
        // A movement mode belongs to one activation of one side: Double
        // Time chosen for the last unit must not carry over to the next
        // activation, nor to the other side's units after a hand-over.
        if kind == Some(K::Activate) || viewer_changed {
            st.move_mode = MoveMode::Normal;
        }
    }
    // A path being walked stops when anything but our next step is asked.
    if !st.plan.is_empty() || st.plan_end {
        let ours = to_decide && kind == Some(K::Move);
        if !ours {
            // Keep where it was going: the mover may go on after the
            // enemy's Opportunity Fire chance (a button in the column).
            st.resume = st.plan.last().copied().map(|h| (h, st.plan_end));
            st.plan.clear();
            st.plan_end = false;
        }
    }
    if to_decide && g.view.as_ref().is_some_and(|v| v.moving.is_none()) {
        st.resume = None;
    }
    let side = g.view.as_ref().map(|v| v.side);
    st.situation = side.and_then(|s| rules.situation(state, s));
    st.focus = if to_decide {
        st.situation.as_ref().and_then(|s| match s {
            Situation::OpFire { hex, .. }
            | Situation::Assault { hex, .. }
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
    if kind_changed {
        st.aim = None;
        st.menu = None;
        if !matches!(st.tool, Tool::LineOfSight { .. }) {
            st.tool = Tool::Play;
        }
    }
    st.sel = kept_selection(&st, &g, state);
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
    st.tabbed = None;
    if let Some(v) = &g.view {
        let now = phase_index(v.phase);
        track.0 = Some(TurnTrack::numbered(v.turns, v.turn, &PHASES, now));
        fit.viewer = Some(v.side.idx() as u8);
        fit.interest = crate::board::interest(v, &g.legal);
    }
    fit.focus = st.focus.map(crate::board::center);
    st.los = None;
    st.derive(&g, state);
    st.derive_los(&g, state);
}

/// The selection, kept to units the decision still names.
fn kept_selection(st: &FteScreen, g: &Synced<Fte>, state: &State) -> Vec<UnitId> {
    let kind: Option<K> = g.kind_as();
    match kind {
        Some(K::Setup) => st.sel.clone(),
        Some(K::Reinforcements) => (st.sel.iter().copied())
            .filter(|u| {
                (g.legal.iter()).any(|c| matches!(c, Command::Enter { unit, .. } if unit == u))
            })
            .collect(),
        Some(K::Move) => (g.view.as_ref())
            .and_then(|v| v.moving.as_ref())
            .map(|m| m.units.clone())
            .unwrap_or_default(),
        Some(K::Action | K::OpportunityFire) => {
            let act = st.ctx(g, state).map(|c| c.actionable()).unwrap_or_default();
            let kept: Vec<UnitId> = st.sel.iter().copied().filter(|u| act.contains(u)).collect();
            if kind == Some(K::Action) && kept.is_empty() {
                // A fresh activation: select its units if they share a hex.
                let v = g.view.as_ref();
                let hexes: Vec<Option<Hex>> = (act.iter())
                    .map(|u| v.and_then(|v| model::unit_hex(v, *u)))
                    .collect();
                if !act.is_empty() && hexes.windows(2).all(|w| w[0] == w[1]) {
                    return act;
                }
            }
            kept
        }
        _ => Vec::new(),
    }
}
