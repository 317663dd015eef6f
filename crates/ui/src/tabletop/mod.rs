//! The table board for the miniatures games: a top-down table at one world
//! unit per inch, its terrain drawn so each kind reads at a glance, stands
//! on their true bases with their unit symbols and markers, and the tools a
//! miniatures player reaches for: drag a stand to move it (the path shows
//! where the rules stop it), a measuring tape with range rings, a line of
//! sight coloured clear, cover, blocked and dead ground, and templates that
//! show how much of each base they cover.
//!
//! # How a game uses it
//!
//! A game's plugin adds [`TablePlugin`] and, from its synced view, fills the
//! [`Table`] resource (the size, the features with a [`TerrainLook`] and the
//! sight rule of their kind, the stands as [`TableStand`]s, the templates on
//! the table). The board does the rest of the drawing and the tools. For
//! what only the rules know, the board asks and the plugin answers in
//! [`TableSet::Respond`] (in [`crate::VtSet::Input`], after the board's
//! input):
//!
//! - when a stand that may move is selected, the plugin may say where it
//!   can get to ([`TablePreview::reach`]; [`Reach::by_rays`] asks the
//!   rules ray by ray);
//! - while a stand is dragged ([`TableTools::drag`]), the plugin prices the
//!   move with its rules into [`TablePreview::movement`]
//!   ([`MovePreview::from_plan`] turns a `vt_core::tabletop::MovePlan` into
//!   one);
//! - the board's [`TableAction`] messages (a stand dropped, a stand or the
//!   ground clicked, a template placed) become the game's commands.
//!
//! The line of sight and template tools need no help: they judge with the
//! features' sight rules and the table's [`DeadGround`] through
//! `vt_core::tabletop`, the same code the rules use.
//!
//! Keys: M the tape, V line of sight, B templates (again: the next shape),
//! R turns a template, and pressing a tool's key again goes back to moving;
//! Tab selects the next stand that may move; the right button lets go of
//! a dragged stand (it stays where it was), the tape and the sight line.
//! Everything is also on the tool bar at the top of the board.

mod draw;
mod input;
pub mod look;
pub mod mesh;
pub mod skirmish;
mod stand;
#[cfg(test)]
mod tests;
mod tools;

pub use look::TerrainLook;
pub use tools::{SightLine, StandDrag, Tape, TemplateKind, Tool};

use crate::prelude::*;
use bevy::prelude::*;
use vt_core::SideIdx;
use vt_core::tabletop::{Base, DeadGround, Feature, MovePlan, Point, SightRule, Template};

/// What a feature is, for the board: how it looks, its name, and the sight
/// rule of its kind (for the line-of-sight tool).
#[derive(Clone, Debug, PartialEq)]
pub struct TerrainInfo {
    pub look: TerrainLook,
    pub name: String,
    pub sight: SightRule,
}

/// A stand as the board shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct TableStand {
    /// The game's own number for it, stable across changes.
    pub key: u64,
    pub side: SideIdx,
    pub base: Base,
    pub colour: Rgba,
    pub symbol: UnitSymbol,
    /// A few letters on the base ("1", "HMG").
    pub label: String,
    /// The tooltip's title and lines.
    pub name: String,
    pub info: Vec<String>,
    pub markers: Vec<StandMarker>,
    /// Levels above the ground of its eyes, for the sight tool (0 for men).
    pub eye: f64,
    /// Half the front arc in degrees, drawn when it is selected (`None`:
    /// all round).
    pub arc: Option<f64>,
    /// Range rings in inches from its base's edge, drawn when it is
    /// selected or the tape starts on it (weapon bands, spotting).
    pub rings: Vec<f64>,
    /// A drag may move it now.
    pub movable: bool,
    /// Already activated (drawn dimmed).
    pub spent: bool,
    /// Of the unit acting now (the platoon a card activated): drawn with a
    /// band round its base and a frame round its plate.
    pub active: bool,
}

/// A status marker beside a stand (pinned, suppressed, NO FIRE).
#[derive(Clone, Debug, PartialEq)]
pub struct StandMarker {
    pub text: String,
    pub colour: Rgba,
}

impl StandMarker {
    pub fn new(text: impl Into<String>, colour: Rgba) -> Self {
        StandMarker {
            text: text.into(),
            colour,
        }
    }
}

/// A marker lying on the table, not a stand: a casualty, abandoned
/// equipment, an objective, an aid post, a hidden unit's card.
#[derive(Clone, Debug, PartialEq)]
pub struct TableMarker {
    /// The game's own number for it, stable across changes.
    pub key: u64,
    pub at: Point,
    /// A word or two on the chip.
    pub text: String,
    pub colour: Rgba,
    /// The tooltip's title and lines.
    pub name: String,
    pub info: Vec<String>,
}

/// A template lying on the table (smoke, a burning strip, a minefield).
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedTemplate {
    pub template: Template,
    pub look: TerrainLook,
    pub label: String,
}

/// What the table board shows. The game's plugin fills it from its view;
/// `game` says whose it is (the board draws nothing while it is `None`).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub game: Option<&'static str>,
    /// Width and depth in inches; the table's corner is at (0, 0).
    pub size: Vec2,
    pub features: Vec<Feature<TerrainInfo>>,
    pub dead_ground: Option<DeadGround>,
    pub stands: Vec<TableStand>,
    pub templates: Vec<PlacedTemplate>,
    pub markers: Vec<TableMarker>,
    /// Drawn afresh (a new game, another side's view): stands that moved
    /// do not slide.
    pub fresh: bool,
}

impl Table {
    pub fn stand(&self, key: u64) -> Option<&TableStand> {
        self.stands.iter().find(|s| s.key == key)
    }

    /// The stand whose base is under `p` (the last drawn wins).
    pub fn stand_at(&self, p: Point) -> Option<&TableStand> {
        self.stands.iter().rev().find(|s| s.base.contains(p))
    }

    /// The dead ground rule the sight tool uses.
    pub fn dead(&self) -> DeadGround {
        self.dead_ground.unwrap_or(DeadGround::Geometric)
    }
}

/// A move being dragged, as the game's rules price it.
#[derive(Clone, Debug, PartialEq)]
pub struct MovePreview {
    pub stand: u64,
    /// The path asked for (the stand's centre).
    pub path: Vec<Point>,
    /// Where the move would end.
    pub end: Point,
    /// The whole path may be moved (the drop would be a legal move).
    pub legal: bool,
    /// In words: the allowance used, or why it stops (its first line is
    /// written on the table, all of it in the tool bar).
    pub note: String,
    /// Stretches (inches along the path) slower than open ground.
    pub slow: Vec<(f64, f64)>,
    /// Points on the way to mark, with a word (Crossfire: where reactive
    /// fire may come).
    pub marks: Vec<(Point, String)>,
    /// Features to outline (the one the move ends in), by index.
    pub features: Vec<usize>,
}

impl MovePreview {
    /// From a plan of the rules: `rate` says what a leg costs per inch (the
    /// game's terrain), `allowance` what the stand has.
    pub fn from_plan(
        stand: u64,
        path: Vec<Point>,
        plan: &MovePlan,
        allowance: f64,
        rate: impl Fn(&vt_core::tabletop::Leg) -> Option<f64>,
        why: impl Fn(vt_core::tabletop::Halt) -> String,
    ) -> Self {
        let slow = plan
            .legs
            .iter()
            .filter(|l| rate(l).is_none_or(|r| r > 1.0 + 1e-9))
            .map(|l| (l.from, l.to))
            .collect();
        let used = if allowance.is_finite() {
            format!("{:.1}\" of {:.0}\"", plan.spent, allowance)
        } else {
            format!("{:.1}\"", plan.reach)
        };
        let note = match plan.halt {
            None => used,
            Some(h) => format!("stops after {used}: {}", why(h)),
        };
        MovePreview {
            stand,
            path,
            end: plan.end,
            legal: plan.complete(),
            note,
            slow,
            marks: vec![],
            features: vec![],
        }
    }
}

/// Where a selected stand can get to this move, as its rules say: the
/// outline its centre may reach (drawn shaded under the selection while no
/// stand is dragged).
#[derive(Clone, Debug, PartialEq)]
pub struct Reach {
    pub stand: u64,
    /// The outline of the ground its centre reaches, in order round it.
    pub outline: Vec<Point>,
    /// In words, written at the edge of the area ("moves 6\"").
    pub note: String,
}

impl Reach {
    /// The reach of a stand that moves straight to where it is sent: in
    /// each of `rays` directions, the end of the move toward a point
    /// `allowance` away (`end` asks the rules where it stops; `None`: it
    /// stays put), kept on the table.
    pub fn by_rays(
        stand: u64,
        from: Point,
        allowance: f64,
        rays: usize,
        table: Vec2,
        end: impl Fn(Point) -> Option<Point>,
        note: String,
    ) -> Self {
        let (w, h) = (table.x as f64, table.y as f64);
        let outline = (0..rays)
            .map(|i| {
                let a = std::f64::consts::TAU * i as f64 / rays as f64;
                let dir = Point::new(a.cos(), a.sin());
                // The way out of the table along this ray, if nearer.
                let mut reach = allowance;
                for (d, lo, hi, at) in [(dir.x, 0.0, w, from.x), (dir.y, 0.0, h, from.y)] {
                    if d > 1e-9 {
                        reach = reach.min((hi - at) / d);
                    } else if d < -1e-9 {
                        reach = reach.min((lo - at) / d);
                    }
                }
                let to = from + dir * reach.max(0.0);
                end(to).unwrap_or(from)
            })
            .collect();
        Reach {
            stand,
            outline,
            note,
        }
    }
}

/// What the game's plugin says about what the board is doing.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct TablePreview {
    pub movement: Option<MovePreview>,
    /// Where the selected stand can move to now (a game whose moves have
    /// no fixed allowance leaves it `None`).
    pub reach: Option<Reach>,
    /// A line for the tool bar: what a click would do now.
    pub hint: Option<String>,
    /// Why the last action was refused (the rule and the reason), until
    /// the next action or the next change of the game.
    pub refusal: Option<String>,
    /// What the computer's suggested command would use ([`crate::Suggested`],
    /// read by the game's plugin), so that it is seen on the table and
    /// not only read: its stands ringed, a line to where each goes or at
    /// what it aims.
    pub suggestion: Option<SuggestionMarks>,
}

/// Sets [`TablePreview::suggestion`] from the computer's suggestion
/// ([`crate::Suggested`]): `marks` reads the game's command on the viewing
/// side's `view`; nothing while there is no suggestion (or it is not a
/// command of this game). Each table game's plugin calls it from its own
/// system.
pub fn show_suggestion<V, C: serde::de::DeserializeOwned>(
    suggested: &crate::Suggested,
    view: Option<&V>,
    preview: &mut TablePreview,
    fit: &mut crate::camera::CameraFit,
    marks: impl Fn(&V, &C) -> SuggestionMarks,
) {
    let now = match (&suggested.0, view) {
        (Some(v), Some(view)) => serde_json::from_value::<C>(v.clone())
            .ok()
            .map(|c| marks(view, &c)),
        _ => None,
    };
    if preview.suggestion != now {
        // A new suggestion off the screen is brought into view, once: the
        // stand that would go or aim.
        if let Some((from, _)) = now.as_ref().and_then(|m| m.lines.first()) {
            fit.follow = Some(mesh::v2(*from));
        }
        preview.suggestion = now;
    }
}

/// The marks of a suggested command on the table (see
/// [`TablePreview::suggestion`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SuggestionMarks {
    /// The stands that act (their keys).
    pub stands: Vec<u64>,
    /// From a stand to where it goes, or to what it aims at.
    pub lines: Vec<(Point, Point)>,
}

/// What the player did on the table, for the game's plugin to turn into
/// commands.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum TableAction {
    /// A stand dragged and let go at `to` (its centre).
    Drop { stand: u64, to: Point },
    /// A click on a stand.
    Click { stand: u64 },
    /// A click on the table away from the stands.
    Ground { at: Point },
    /// A click with the template tool.
    Template {
        kind: TemplateKind,
        template: Template,
    },
}

/// The tools and what they hold; see [`Tool`].
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct TableTools {
    pub tool: Tool,
    pub template: TemplateKind,
    /// Degrees a template is turned (R) when no stand aims it.
    pub turn: f64,
    /// The stand selected (a click): the viewer of the sight tool, the aim
    /// of a strip template, the centre of its range rings.
    pub selected: Option<u64>,
    pub hovered: Option<u64>,
    /// The pointer on the table.
    pub pointer: Option<Point>,
    pub drag: Option<StandDrag>,
    pub tape: Option<Tape>,
    pub sight: Option<SightLine>,
}

/// The order of the board's systems within the kit's sets.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableSet {
    /// The pointer and keys become tool state and [`TableAction`]s.
    Input,
    /// The game's plugin answers: previews, commands.
    Respond,
}

/// The table board. Added by each game plugin that uses it (adding it
/// twice is harmless).
pub struct TablePlugin;

impl Plugin for TablePlugin {
    /// Each game that draws a table adds the board; the first one builds it.
    fn is_unique(&self) -> bool {
        false
    }

    fn build(&self, app: &mut App) {
        if app.world().contains_resource::<Table>() {
            return;
        }
        app.init_resource::<Table>()
            .init_resource::<TableTools>()
            .init_resource::<TablePreview>()
            .init_resource::<draw::Drawn>()
            .add_message::<TableAction>()
            .configure_sets(
                Update,
                (TableSet::Input, TableSet::Respond)
                    .chain()
                    .in_set(VtSet::Input),
            )
            .add_systems(
                Update,
                (input::keys, input::pointer, input::cycle)
                    .chain()
                    .in_set(TableSet::Input)
                    .run_if(in_state(PlayMode::Board))
                    .run_if(table_on),
            )
            .add_systems(
                Update,
                (
                    draw::camera,
                    draw::table,
                    draw::stands,
                    draw::overlay,
                    stand::keep_legible,
                )
                    .chain()
                    .in_set(VtSet::Draw)
                    .run_if(table_on),
            )
            .add_systems(OnExit(Screen::Playing), draw::leave);
        if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                tools::toolbar
                    .run_if(in_state(PlayMode::Board))
                    .run_if(table_on)
                    .in_set(VtSet::Ui),
            );
        }
    }
}

/// Run condition: a game that uses the table is being played.
pub fn table_on(table: Res<Table>, game: Option<Res<crate::ActiveGame>>) -> bool {
    table
        .game
        .is_some_and(|id| game.is_some_and(|g| g.info.id == id))
}
