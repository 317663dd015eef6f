//! What the screen keeps of the game beside the synced view
//! ([`Synced<Grunt>`]): the attack being aimed, the menu a click opened,
//! the hint; what the board works out for the decision at hand (where the
//! unit picked can go with the Movement Points each hex leaves, the hexes
//! the decision offers, every target with the odds of the fire on offer);
//! and [`follow`], which keeps all that in step when the game changes.

use crate::model;
use bevy::prelude::*;
use grunt_rules::combat::FirePreview;
use grunt_rules::map::Hex;
use grunt_rules::state::{CounterId, Phase, State};
use grunt_rules::step::Kind as K;
use grunt_rules::view::View;
use grunt_rules::{Command, Grunt};
use vt_core::sort::StableSort;
use vt_ui::camera::CameraFit;
use vt_ui::overlay::track::{TurnTrack, TurnTrackSpec};
use vt_ui::prelude::*;
use vt_ui::sync::typed_session;

/// What the panels (or tests) ask of the board.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum GruntAction {
    /// Send this command.
    Submit(Command),
    /// A menu line was chosen.
    Choose(usize),
    CloseMenu,
    /// Aim at this hex with these firers (the preview follows).
    Aim(Hex, Vec<(CounterId, u8)>),
    /// Add or remove a firer of the attack being aimed.
    AimToggle(CounterId),
    /// Fire the attack being aimed.
    Confirm,
    CancelAim,
}

/// An attack being aimed: where, by whom, and what it would be.
#[derive(Clone, Debug, PartialEq)]
pub struct Aim {
    pub hex: Hex,
    pub firers: Vec<(CounterId, u8)>,
    /// Every unit that may join this attack.
    pub able: Vec<CounterId>,
    pub preview: Result<FirePreview, String>,
}

impl Aim {
    pub fn command(&self) -> Command {
        Command::Fire {
            firers: self.firers.clone(),
            hex: self.hex,
        }
    }
}

/// A line of the menu a click opened.
#[derive(Clone, Debug, PartialEq)]
pub struct MenuItem {
    pub label: String,
    pub command: Command,
    pub units: Vec<CounterId>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Menu {
    pub hex: Hex,
    pub items: Vec<MenuItem>,
    /// Window position of the click (logical pixels).
    pub at: Option<Vec2>,
}

/// A target on offer in the Combat Phase, with the odds of all the units
/// that can fire at it together.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub hex: Hex,
    pub firers: Vec<(CounterId, u8)>,
    pub column: Option<String>,
}

/// What the screen keeps of the game between frames.
#[derive(Resource, Default)]
pub struct GruntScreen {
    pub aim: Option<Aim>,
    pub menu: Option<Menu>,
    pub hint: Option<String>,
    /// Where the unit being moved can go, with the MP the move costs.
    pub reach: Vec<(Hex, u8)>,
    /// The unit being moved (B2).
    pub moving: Option<CounterId>,
    /// Hexes the decision offers a command in (landing, placing, probing,
    /// suppressive fire, helicopter fire, an ambush ...).
    pub offered: Vec<Hex>,
    /// Units the decision can use now (lit softly).
    pub usable: Vec<Hex>,
    /// Combat: every target on offer.
    pub targets: Vec<Target>,
    /// The landing group so far (B5) or the helicopters under fire.
    pub group: Vec<Hex>,
    /// Units lit by the pointer on a menu line or a button.
    pub hover_units: Vec<CounterId>,
    /// The hexes of an air strike area under the pointer.
    pub hover_area: Vec<Hex>,
    pub hovered_hex: Option<Hex>,
    /// Landing: a click opens the menu of loads (the commander, F.O.s,
    /// medics) instead of landing the next squad (B5).
    pub pick_loads: bool,
    /// Bumped when the highlights must be drawn again.
    pub generation: u64,
    pub hover_generation: u64,
    pub slide: bool,
}

impl GruntScreen {
    pub fn touch(&mut self) {
        self.generation += 1;
    }

    /// Works out the board's highlights for the decision at hand.
    pub fn derive(&mut self, g: &Synced<Grunt>, state: &State) {
        self.touch();
        self.reach.clear();
        self.moving = None;
        self.offered.clear();
        self.usable.clear();
        self.targets.clear();
        self.group.clear();
        let (Some(rules), Some(view)) = (g.rules.as_deref(), g.view.as_ref()) else {
            return;
        };
        self.group = view.step.hexes.clone();
        if !g.to_decide {
            self.aim = None;
            return;
        }
        let kind: Option<K> = g.kind_as();
        match kind {
            Some(K::MoveUnit) => {
                let unit = view.step.unit;
                self.moving = unit;
                if let Some(u) = unit {
                    let costs = rules.reachable(state, u);
                    for c in &g.legal {
                        if let Command::Move { path, .. } | Command::Enter { path, .. } = c
                            && let Some(last) = path.last()
                        {
                            let cost = costs
                                .iter()
                                .find(|(h, _, _)| h == last)
                                .map(|x| x.2)
                                .unwrap_or(path.len().saturating_sub(1) as u8);
                            self.reach.push((*last, cost));
                        }
                    }
                }
            }
            Some(K::Combat) => {
                let mut hexes: Vec<Hex> = Vec::new();
                for c in &g.legal {
                    if let Command::Fire { firers, hex } = c {
                        if let Some(t) = self.targets.iter_mut().find(|t| t.hex == *hex) {
                            if firers.len() > t.firers.len() {
                                t.firers = firers.clone();
                            }
                        } else {
                            self.targets.push(Target {
                                hex: *hex,
                                firers: firers.clone(),
                                column: None,
                            });
                        }
                        for (f, _) in firers {
                            if let Some(h) = model::counter_hex(view, *f) {
                                hexes.push(h);
                            }
                        }
                    }
                }
                for t in &mut self.targets {
                    t.column = rules
                        .fire_preview(state, &t.firers, t.hex)
                        .ok()
                        .map(|p| p.column_label);
                }
                hexes.stable_sort();
                hexes.dedup();
                self.usable = hexes;
                for c in &g.legal {
                    if !matches!(c, Command::Fire { .. })
                        && let Some(h) = model::anchor(view, c)
                    {
                        self.offered.push(h);
                    }
                }
            }
            _ => {
                for c in &g.legal {
                    let Some(h) = model::anchor(view, c) else {
                        continue;
                    };
                    match c {
                        Command::Select { .. }
                        | Command::Uncover { .. }
                        | Command::Resupply { .. }
                        | Command::Load { .. }
                        | Command::Unload { .. }
                        | Command::Hide { .. }
                        | Command::RequestArtillery { .. } => self.usable.push(h),
                        _ => self.offered.push(h),
                    }
                }
            }
        }
        self.offered.stable_sort();
        self.offered.dedup();
        self.usable.stable_sort();
        self.usable.dedup();
        if let Some(a) = self.aim.clone() {
            self.aim = aim(rules, state, &g.legal, a.hex, a.firers);
        }
    }
}

/// An aim at `hex` with `firers`, kept to the units that may fire there,
/// with its preview; `None` if nothing may fire at the hex now.
pub fn aim(
    rules: &Grunt,
    state: &State,
    legal: &[Command],
    hex: Hex,
    firers: Vec<(CounterId, u8)>,
) -> Option<Aim> {
    let mut able: Vec<CounterId> = Vec::new();
    for c in legal {
        if let Command::Fire { firers: f, hex: h } = c
            && *h == hex
        {
            for (id, _) in f {
                if !able.contains(id) {
                    able.push(*id);
                }
            }
        }
    }
    if able.is_empty() {
        return None;
    }
    let firers: Vec<(CounterId, u8)> = firers
        .into_iter()
        .filter(|(id, _)| able.contains(id))
        .collect();
    let preview = if firers.is_empty() {
        Err("Pick the units that fire.".to_string())
    } else {
        rules
            .fire_preview(state, &firers, hex)
            .map_err(|e| e.to_string())
    };
    Some(Aim {
        hex,
        firers,
        able,
        preview,
    })
}

pub const PHASES: [&str; 4] = ["US Move", "US Fire", "NLF Move", "NLF Fire"];

pub fn phase_index(p: Phase) -> Option<usize> {
    match p {
        Phase::UsMovement => Some(0),
        Phase::UsCombat => Some(1),
        Phase::NlfMovement => Some(2),
        Phase::NlfCombat => Some(3),
        Phase::SetUp | Phase::Over => None,
    }
}

/// Where the camera looks first: the viewing side's units on the map, or
/// the hexes the decision offers (a landing, a set-up).
pub fn interest(view: &View, st: &GruntScreen) -> Vec<Vec2> {
    let own: Vec<Vec2> = view
        .counters
        .iter()
        .filter(|c| c.side == view.side && model::fights(c.role))
        .filter_map(|c| c.hex)
        .map(crate::board::center)
        .collect();
    if !own.is_empty() {
        return own;
    }
    st.offered
        .iter()
        .copied()
        .map(crate::board::center)
        .collect()
}

/// Keeps [`GruntScreen`] in step with the game: the aim kept while the
/// rules still take it, the highlights worked out again, the turn track,
/// the camera's wishes.
pub fn follow(
    mut changes: MessageReader<SessionChanged<Grunt>>,
    g: Res<Synced<Grunt>>,
    game: Option<Res<ActiveGame>>,
    mut st: ResMut<GruntScreen>,
    mut track: ResMut<TurnTrackSpec>,
    mut fit: ResMut<CameraFit>,
) {
    let Some(change) = changes.read().last() else {
        return;
    };
    let Some(session) = typed_session::<Grunt>(game.as_deref()) else {
        *st = GruntScreen {
            generation: st.generation + 1,
            ..Default::default()
        };
        return;
    };
    if change.change == Change::NewGame {
        *st = GruntScreen {
            generation: st.generation + 1,
            ..Default::default()
        };
        fit.new_game();
        fit.readable_scale = Some(crate::board::READABLE_SCALE);
        fit.focus_margin = crate::board::HEX * 1.2;
    }
    st.slide = change.animate();
    st.menu = None;
    st.derive(&g, &session.state);
    if let Some(v) = &g.view {
        track.0 = Some(TurnTrack::numbered(
            v.last_turn,
            v.turn.max(1),
            &PHASES,
            phase_index(v.phase),
        ));
        fit.viewer = Some(v.side.idx());
        fit.interest = interest(v, &st);
        // A landing or a placement happens where the decision offers it.
        fit.focus = match g.kind_as::<K>() {
            Some(K::LandingFire | K::Suppress) if g.to_decide => {
                v.step.hexes.first().copied().map(crate::board::center)
            }
            _ => None,
        };
    }
}

/// The Combat Results Table column of the attack being aimed, lit in the
/// tables viewer before the die is rolled (the row waits for the die); the
/// viewer turns to that table when a new aim lights it.
pub fn crt_preview(st: Res<GruntScreen>, overlay: Option<ResMut<vt_ui::overlay::OverlayState>>) {
    let Some(mut overlay) = overlay else {
        return;
    };
    let cell = st
        .aim
        .as_ref()
        .and_then(|a| a.preview.as_ref().ok())
        .and_then(|p| {
            p.column.map(|_| vt_core::dice::TableCell {
                table: if p.casualty_table {
                    "casualty-crt".into()
                } else {
                    "points-crt".into()
                },
                row: String::new(),
                column: Some(p.column_label.clone()),
            })
        });
    if overlay.preview_cell != cell {
        if let Some(c) = &cell {
            overlay.table = Some(c.table.clone());
        }
        overlay.preview_cell = cell;
    }
}
