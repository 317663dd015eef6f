//! The one palette every panel and board draws with, so that a colour means
//! the same thing everywhere: gold is what can be clicked now, cyan what is
//! selected, red a target or a loss, the army colours are the same on a
//! counter and in a panel's text. A colour is an [`Rgba`], usable on the
//! board ([`Rgba::color`], a Bevy `Color`) and in egui ([`Rgba::egui`]).
//!
//! Colour literals belong here and nowhere else: a plugin names the role
//! (`palette::ui::WARN`, `palette::board::LIT`, `palette::army::US`), and a
//! new role is a new constant here.
//!
//! The constants are the standard scheme. The player may choose another
//! [`Scheme`] (a setting): the sides and the highlights then come out in
//! the Okabe–Ito colours, which people with the common kinds of colour
//! blindness tell apart. The choice is applied where a colour is drawn:
//! [`Rgba::color`] (the board) and [`Rgba::ui`] (the panels) look the role
//! up in the chosen scheme; [`Rgba::egui`] stays the `const` literal for
//! `const` items.

use bevy::color::Color;
use bevy_egui::egui::Color32;
use std::sync::atomic::{AtomicU8, Ordering};

/// A set of colours for the roles that must be told apart: the sides, and
/// what the board lights up.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Scheme {
    #[default]
    Standard,
    /// Okabe–Ito: blue against vermillion, sky blue against orange,
    /// never red against green.
    ColourBlind,
}

impl Scheme {
    pub const ALL: [Scheme; 2] = [Scheme::Standard, Scheme::ColourBlind];

    pub fn label(self) -> &'static str {
        match self {
            Scheme::Standard => "Standard",
            Scheme::ColourBlind => "Colour-blind safe",
        }
    }
}

/// The scheme drawn with now (one for the whole app, like the window).
static SCHEME: AtomicU8 = AtomicU8::new(0);

/// Chooses the scheme every colour drawn from now on is looked up in.
pub fn set_scheme(s: Scheme) {
    SCHEME.store(s as u8, Ordering::Relaxed);
}

pub fn scheme() -> Scheme {
    match SCHEME.load(Ordering::Relaxed) {
        1 => Scheme::ColourBlind,
        _ => Scheme::Standard,
    }
}

/// The Okabe–Ito colours (Okabe & Ito, "Color Universal Design", 2008).
pub mod okabe_ito {
    use super::Rgba;
    pub const ORANGE: Rgba = Rgba::rgb(230, 159, 0);
    pub const SKY_BLUE: Rgba = Rgba::rgb(86, 180, 233);
    pub const BLUISH_GREEN: Rgba = Rgba::rgb(0, 158, 115);
    pub const YELLOW: Rgba = Rgba::rgb(240, 228, 66);
    pub const BLUE: Rgba = Rgba::rgb(0, 114, 178);
    pub const VERMILLION: Rgba = Rgba::rgb(213, 94, 0);
    pub const REDDISH_PURPLE: Rgba = Rgba::rgb(204, 121, 167);
}

/// Each role's colour in the colour-blind scheme (by its standard colour;
/// the alpha a caller gave is kept). Roles not listed keep their colour.
fn colour_blind(c: Rgba) -> Option<Rgba> {
    use okabe_ito as oi;
    let rgb = c.alpha(255);
    let to = |r: Rgba, role: Rgba| (rgb == role.alpha(255)).then_some(r);
    // The sides: US blue, NVA vermillion, VC reddish purple, ARVN sky
    // blue, a little darker than the pure hues so print reads on them.
    to(oi::BLUE, army::US)
        .or_else(|| to(oi::VERMILLION.scale(0.85), army::NVA))
        .or_else(|| to(oi::REDDISH_PURPLE.scale(0.75), army::VC))
        .or_else(|| to(oi::SKY_BLUE.scale(0.75), army::ARVN))
        // What can be clicked and what is selected.
        .or_else(|| to(oi::YELLOW, board::LIT))
        .or_else(|| to(oi::YELLOW, board::LEGAL))
        .or_else(|| to(oi::SKY_BLUE, board::SELECTED))
        .or_else(|| to(oi::BLUISH_GREEN, board::ACTIVE))
        // Threats against help: vermillion and orange against blue.
        .or_else(|| to(oi::VERMILLION, board::TARGET))
        .or_else(|| to(oi::ORANGE, board::ASSAULT))
        .or_else(|| to(oi::REDDISH_PURPLE, board::INTERRUPT))
        .or_else(|| to(oi::REDDISH_PURPLE, board::SUGGESTED))
        .or_else(|| to(oi::SKY_BLUE, board::LOS_CLEAR))
        .or_else(|| to(oi::VERMILLION, board::LOS_BLOCKED))
        .or_else(|| to(oi::VERMILLION, board::UNDER_FIRE))
        .or_else(|| to(oi::VERMILLION, board::FLASH_HIT))
        .or_else(|| to(oi::SKY_BLUE, board::FLASH_GOOD))
        .or_else(|| to(oi::SKY_BLUE, ui::GOOD))
        .or_else(|| to(oi::ORANGE, ui::BAD))
        .or_else(|| to(oi::SKY_BLUE, ui::WON))
        .or_else(|| to(oi::ORANGE, ui::LOST))
        .map(|r| r.alpha(c.3))
}

/// sRGB colour with straight alpha, 0-255 each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Rgba(r, g, b, 255)
    }

    /// The same colour with this opacity (0-255).
    pub const fn alpha(self, a: u8) -> Self {
        Rgba(self.0, self.1, self.2, a)
    }

    /// This role's colour in the scheme the player chose.
    pub fn shown(self) -> Rgba {
        match scheme() {
            Scheme::Standard => self,
            Scheme::ColourBlind => colour_blind(self).unwrap_or(self),
        }
    }

    /// For the board (meshes, 2D text), in the chosen scheme.
    pub fn color(self) -> Color {
        let c = self.shown();
        Color::srgba_u8(c.0, c.1, c.2, c.3)
    }

    /// For the panels, in the chosen scheme.
    pub fn ui(self) -> Color32 {
        self.shown().egui()
    }

    /// The standard colour as an egui colour, for `const` items (not
    /// looked up in the chosen scheme: draw with [`Rgba::ui`]).
    pub const fn egui(self) -> Color32 {
        Color32::from_rgba_unmultiplied_const(self.0, self.1, self.2, self.3)
    }

    /// `t` of the way from this colour to `other` (0 this, 1 the other).
    pub fn mix(self, other: Rgba, t: f32) -> Rgba {
        let t = t.clamp(0.0, 1.0);
        let m = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Rgba(
            m(self.0, other.0),
            m(self.1, other.1),
            m(self.2, other.2),
            m(self.3, other.3),
        )
    }

    /// Lighter (f > 1) or darker (f < 1), alpha kept.
    pub fn scale(self, f: f32) -> Rgba {
        let s = |a: u8| (a as f32 * f).round().clamp(0.0, 255.0) as u8;
        Rgba(s(self.0), s(self.1), s(self.2), self.3)
    }

    /// Perceived brightness, 0 to 1.
    pub fn luma(self) -> f32 {
        (0.299 * self.0 as f32 + 0.587 * self.1 as f32 + 0.114 * self.2 as f32) / 255.0
    }

    /// Ink that reads on this colour: dark on light, light on dark.
    pub fn ink(self) -> Rgba {
        if self.luma() > 0.5 { INK } else { PAPER }
    }

    /// From a Bevy colour (for code handed a `Color`).
    pub fn from_color(c: Color) -> Rgba {
        let s = c.to_srgba();
        let b = |x: f32| (x.clamp(0.0, 1.0) * 255.0).round() as u8;
        Rgba(b(s.red), b(s.green), b(s.blue), b(s.alpha))
    }
}

impl From<Rgba> for Color {
    fn from(c: Rgba) -> Color {
        c.color()
    }
}

impl From<Rgba> for Color32 {
    fn from(c: Rgba) -> Color32 {
        c.ui()
    }
}

pub const WHITE: Rgba = Rgba::rgb(255, 255, 255);
pub const BLACK: Rgba = Rgba::rgb(0, 0, 0);
pub const GRAY: Rgba = Rgba::rgb(160, 160, 160);
pub const LIGHT_GRAY: Rgba = Rgba::rgb(200, 200, 200);
pub const DARK_GRAY: Rgba = Rgba::rgb(60, 60, 60);
/// Dark print on counters and cards.
pub const INK: Rgba = Rgba::rgb(20, 20, 18);
/// Light print on dark counters; the colour of card stock.
pub const PAPER: Rgba = Rgba::rgb(242, 237, 219);
pub const CLEAR: Rgba = Rgba(0, 0, 0, 0);

/// The frame of the app and its panels.
pub mod ui {
    use super::Rgba;
    /// Behind the board (the window's clear colour) and the hand-over screen.
    pub const BACKGROUND: Rgba = Rgba::rgb(23, 28, 23);
    /// A plugin's column and card row.
    pub const PANEL: Rgba = Rgba::rgb(24, 28, 24);
    pub const PANEL_EDGE: Rgba = Rgba::rgb(70, 81, 64);
    /// A phase or step name, a group title.
    pub const HEADING: Rgba = Rgba::rgb(240, 200, 90);
    /// A hint: why a click did nothing.
    pub const WARN: Rgba = Rgba::rgb(240, 175, 90);
    /// A refusal, a loss, a threat.
    pub const BAD: Rgba = Rgba::rgb(240, 120, 100);
    /// A number needed, a success, a clear line of sight.
    pub const GOOD: Rgba = Rgba::rgb(150, 220, 140);
    /// A value the rulebook does not give (Sources and assumptions).
    pub const ASSUMED: Rgba = Rgba::rgb(230, 170, 80);
    /// A value read off a worked example.
    pub const DERIVED: Rgba = Rgba::rgb(130, 180, 230);
    /// Behind the selection being built.
    pub const SELECTION_FILL: Rgba = Rgba::rgb(30, 52, 60);
    /// Behind an attack being aimed.
    pub const AIM_FILL: Rgba = Rgba::rgb(52, 38, 30);
    /// Behind what the other side is doing (an interrupt, an assault).
    pub const SITUATION_FILL: Rgba = Rgba::rgb(60, 30, 40);
    pub const SITUATION_TEXT: Rgba = Rgba::rgb(255, 210, 220);
    /// The button that ends a step.
    pub const DONE_BUTTON: Rgba = Rgba::rgb(70, 90, 40);
    pub const BUTTON: Rgba = Rgba::rgb(50, 60, 70);
    /// A marker box of a track: the current one, an ordinary one, a bad one.
    pub const TRACK_NOW: Rgba = Rgba::rgb(215, 165, 40);
    pub const TRACK_NOW_EDGE: Rgba = Rgba::rgb(255, 210, 40);
    pub const TRACK_BOX: Rgba = Rgba::rgb(40, 46, 40);
    pub const TRACK_DANGER: Rgba = Rgba::rgb(90, 30, 30);
    /// The empty part of a bar.
    pub const BAR_EMPTY: Rgba = Rgba::rgb(40, 44, 40);
    /// The newest roll in the dice tray.
    pub const NEWEST_ROLL: Rgba = Rgba::rgb(52, 60, 48);
    /// A modifier that helps and one that hurts the side reading it
    /// (sky blue and orange: told apart by the colour-blind too).
    pub const MODIFIER_HELPS: Rgba = Rgba::rgb(110, 190, 240);
    pub const MODIFIER_HURTS: Rgba = Rgba::rgb(235, 160, 40);
    /// The tables viewer: the row and column an adjudication used, its cell.
    pub const TABLE_LINE: Rgba = Rgba::rgb(70, 70, 30);
    pub const TABLE_CELL: Rgba = Rgba::rgb(150, 120, 20);
    /// Notices at the bottom of the screen.
    pub const NOTICE_ERROR: Rgba = Rgba::rgb(120, 30, 25);
    pub const NOTICE_INFO: Rgba = Rgba::rgb(30, 70, 40);
    /// A warning box (built-in data in use).
    pub const CAUTION_FILL: Rgba = Rgba::rgb(70, 45, 20);
    pub const CAUTION_TEXT: Rgba = Rgba::rgb(250, 200, 120);
    /// A record of games: won, drawn, lost.
    pub const WON: Rgba = Rgba::rgb(90, 180, 90);
    pub const DRAWN: Rgba = Rgba::rgb(210, 190, 70);
    pub const LOST: Rgba = Rgba::rgb(200, 80, 70);
}

/// What the board lights up.
pub mod board {
    use super::Rgba;
    /// What can be clicked now.
    pub const LIT: Rgba = Rgba(255, 209, 38, 242);
    /// What is selected.
    pub const SELECTED: Rgba = Rgba::rgb(89, 230, 255);
    /// The selected unit's hex on a hex map.
    pub const SELECTED_HEX: Rgba = Rgba(255, 255, 255, 242);
    /// What Tab moved to.
    pub const FOCUS: Rgba = Rgba(255, 255, 255, 230);
    /// What the computer's suggested move would use.
    pub const SUGGESTED: Rgba = Rgba(214, 92, 255, 242);
    /// Units the decision can use.
    pub const ACTIVE: Rgba = Rgba(140, 255, 115, 230);
    /// Legal targets of a command.
    pub const LEGAL: Rgba = Rgba(255, 217, 26, 242);
    /// Where the selection can move: fill, edge, cost label.
    pub const REACH_FILL: Rgba = Rgba(89, 166, 255, 56);
    pub const REACH_EDGE: Rgba = Rgba(77, 153, 255, 204);
    pub const REACH_TEXT: Rgba = Rgba::rgb(13, 26, 64);
    pub const REACH_LABEL: Rgba = Rgba(217, 237, 255, 217);
    /// A path being walked.
    pub const PATH: Rgba = Rgba(77, 179, 255, 242);
    /// Units a menu line or a button would use.
    pub const HOVER_UNITS: Rgba = Rgba(102, 255, 255, 242);
    /// Fire targets and assault targets.
    pub const TARGET: Rgba = Rgba(242, 38, 26, 242);
    pub const ASSAULT: Rgba = Rgba(255, 140, 13, 242);
    /// Enemies the selection sees.
    pub const SIGHT: Rgba = Rgba(255, 217, 140, 204);
    /// Where the interrupt under way happens.
    pub const INTERRUPT: Rgba = Rgba(255, 51, 153, 242);
    /// Areas: set-up, secret plots, artillery targets.
    pub const AREA: Rgba = Rgba(153, 230, 255, 204);
    pub const PLOT: Rgba = Rgba(230, 204, 51, 204);
    pub const BARRAGE_AREA: Rgba = Rgba(255, 89, 51, 204);
    /// Line of sight: clear and blocked.
    pub const LOS_CLEAR: Rgba = Rgba(51, 242, 77, 230);
    pub const LOS_BLOCKED: Rgba = Rgba(242, 51, 51, 230);
    /// The tint of a zone under fire.
    pub const UNDER_FIRE: Rgba = Rgba(230, 38, 26, 56);
    /// A piece out of play (crossed out).
    pub const OUT_OF_PLAY: Rgba = Rgba(204, 13, 13, 230);
    /// The shadow under a counter.
    pub const SHADOW: Rgba = Rgba(0, 0, 0, 112);
    /// What a spent counter is mixed with.
    pub const SPENT: Rgba = Rgba::rgb(105, 105, 105);
    /// The count on a stack.
    pub const STACK_COUNT: Rgba = Rgba::rgb(26, 26, 26);
    /// Animations: a hit, a miss, a loss, a success, an explosion.
    pub const FLASH_HIT: Rgba = Rgba(255, 60, 40, 235);
    pub const FLASH_MISS: Rgba = Rgba(235, 235, 225, 200);
    pub const FLASH_LOSS: Rgba = Rgba(150, 10, 10, 240);
    pub const FLASH_GOOD: Rgba = Rgba(120, 240, 120, 230);
    pub const FLASH_BLAST: Rgba = Rgba(255, 150, 30, 240);
    pub const FLASH_INFO: Rgba = Rgba(120, 200, 255, 220);
}

/// The armies, on counters and in text.
pub mod army {
    use super::Rgba;
    pub const US: Rgba = Rgba::rgb(84, 120, 69);
    pub const NVA: Rgba = Rgba::rgb(140, 97, 56);
    pub const VC: Rgba = Rgba::rgb(133, 133, 128);
    pub const ARVN: Rgba = Rgba::rgb(110, 128, 150);
    /// The print on a Concealed marker.
    pub const MARKER_PRINT: Rgba = Rgba::rgb(242, 230, 166);
    pub const MARKER_EDGE: Rgba = Rgba::rgb(230, 217, 153);
    /// A Leader's Troop Quality box.
    pub const LEADER: Rgba = Rgba::rgb(38, 140, 51);
}

/// Weapon classes, on a counter's Fire Rating.
pub mod weapon {
    use super::Rgba;
    pub const SMALL_ARMS: Rgba = Rgba::rgb(199, 31, 26);
    pub const DUAL_PURPOSE: Rgba = Rgba::rgb(242, 242, 237);
    pub const HE: Rgba = Rgba::rgb(242, 204, 38);
}

/// Status markers stacked on counters.
pub mod status {
    use super::Rgba;
    pub const CONCEALED: Rgba = Rgba::rgb(51, 64, 89);
    /// The band round one's own Concealed unit.
    pub const CONCEALED_BAND: Rgba = Rgba(26, 31, 51, 217);
    pub const BROKEN: Rgba = Rgba::rgb(204, 38, 31);
    pub const SUPPRESSED: Rgba = Rgba::rgb(242, 204, 51);
    pub const EXHAUSTED: Rgba = Rgba::rgb(230, 128, 38);
    pub const LOW_AMMO: Rgba = Rgba::rgb(140, 102, 77);
    pub const HERO: Rgba = Rgba::rgb(242, 191, 51);
    pub const SEARCHING: Rgba = Rgba::rgb(140, 89, 179);
    pub const FIRED: Rgba = Rgba::rgb(51, 153, 153);
    pub const IMMOBILIZED: Rgba = Rgba::rgb(128, 128, 128);
    pub const DOWNED: Rgba = Rgba::rgb(153, 51, 51);
    pub const FOXHOLES: Rgba = Rgba::rgb(115, 102, 64);
    pub const BUNKER: Rgba = Rgba::rgb(89, 77, 51);
    pub const ALTITUDE: Rgba = Rgba::rgb(77, 128, 204);
    pub const CARRYING: Rgba = Rgba::rgb(230, 230, 230);
    pub const DONE: Rgba = Rgba::rgb(77, 77, 77);
    /// "+N more markers".
    pub const MORE: Rgba = Rgba::rgb(38, 38, 38);
    /// A reduced unit's stripe.
    pub const REDUCED: Rgba = Rgba(255, 255, 255, 230);
    pub const PINNED: Rgba = Rgba::rgb(217, 77, 64);
    /// Casualty markers.
    pub const KIA: Rgba = Rgba::rgb(38, 38, 38);
    pub const WIA: Rgba = Rgba::rgb(217, 51, 51);
    pub const INJURY: Rgba = Rgba::rgb(242, 153, 153);
    /// Caches and other hidden markers: own (still hidden), seen.
    pub const CACHE_OWN: Rgba = Rgba::rgb(140, 128, 97);
    pub const CACHE_SEEN: Rgba = Rgba::rgb(217, 199, 140);
    /// A secret plot (trap, mine).
    pub const PLOT: Rgba = Rgba::rgb(191, 166, 51);
    /// An artillery mission's target.
    pub const MISSION: Rgba = Rgba::rgb(230, 51, 26);
}

/// Terrain on hex maps and tables.
pub mod terrain {
    use super::Rgba;
    pub const CLEAR: Rgba = Rgba::rgb(200, 192, 138);
    pub const OPEN: Rgba = Rgba::rgb(196, 190, 140);
    pub const HAMLET: Rgba = Rgba::rgb(188, 158, 118);
    pub const GRASS: Rgba = Rgba::rgb(168, 178, 104);
    pub const PADDY: Rgba = Rgba::rgb(146, 180, 150);
    pub const JUNGLE: Rgba = Rgba::rgb(58, 104, 54);
    pub const BRUSH: Rgba = Rgba::rgb(150, 160, 96);
    pub const WOODS: Rgba = Rgba::rgb(92, 132, 70);
    pub const SWAMP: Rgba = Rgba::rgb(110, 140, 120);
    pub const HILL: Rgba = Rgba::rgb(170, 150, 100);
    pub const WATER: Rgba = Rgba::rgb(90, 130, 180);
    /// Higher ground is mixed towards this.
    pub const HIGH_GROUND: Rgba = Rgba::rgb(184, 153, 107);
    /// Ripples on water.
    pub const RIPPLE: Rgba = Rgba::rgb(217, 235, 255);
    pub const SLOPE: Rgba = Rgba::rgb(115, 77, 38);
    pub const STREAM: Rgba = Rgba::rgb(64, 115, 217);
    pub const CLIFF: Rgba = Rgba::rgb(64, 51, 51);
    pub const ROAD: Rgba = Rgba::rgb(140, 89, 51);
    pub const TRAIL: Rgba = Rgba::rgb(89, 64, 38);
    pub const UNKNOWN: Rgba = Rgba::rgb(153, 153, 153);
    pub const GRID: Rgba = Rgba(26, 26, 26, 153);
}

/// The table board of the miniatures games (`tabletop`): the cloth,
/// each kind of terrain, templates, and the tools' own colours.
pub mod table {
    use super::Rgba;
    /// The bare table: grass and earth.
    pub const GROUND: Rgba = Rgba::rgb(104, 120, 72);
    pub const GROUND_EDGE: Rgba = Rgba::rgb(60, 66, 44);
    pub const JUNGLE: Rgba = Rgba::rgb(30, 68, 36);
    pub const JUNGLE_CROWN: Rgba = Rgba::rgb(44, 92, 46);
    pub const JUNGLE_DARK: Rgba = Rgba::rgb(18, 44, 22);
    pub const SCRUB: Rgba = Rgba::rgb(98, 108, 58);
    pub const SCRUB_TUFT: Rgba = Rgba::rgb(70, 84, 40);
    pub const GRASS: Rgba = Rgba::rgb(158, 160, 78);
    pub const GRASS_BLADE: Rgba = Rgba::rgb(118, 124, 52);
    pub const WATER: Rgba = Rgba::rgb(96, 140, 132);
    pub const RICE: Rgba = Rgba::rgb(128, 176, 96);
    pub const DRY_PADDY: Rgba = Rgba::rgb(168, 156, 98);
    pub const MUD: Rgba = Rgba::rgb(110, 88, 56);
    pub const CLEARING: Rgba = Rgba::rgb(138, 156, 92);
    pub const HILL: Rgba = Rgba(196, 168, 110, 70);
    pub const CONTOUR: Rgba = Rgba::rgb(112, 84, 48);
    pub const YARD: Rgba = Rgba::rgb(170, 146, 104);
    pub const FENCE: Rgba = Rgba::rgb(96, 72, 44);
    pub const THATCH: Rgba = Rgba::rgb(200, 170, 104);
    pub const THATCH_LINE: Rgba = Rgba::rgb(150, 118, 62);
    pub const STONE: Rgba = Rgba::rgb(156, 150, 140);
    pub const STONE_LINE: Rgba = Rgba::rgb(96, 92, 86);
    pub const BUNKER: Rgba = Rgba::rgb(86, 72, 50);
    pub const SANDBAG: Rgba = Rgba::rgb(184, 164, 120);
    pub const SLIT: Rgba = Rgba::rgb(24, 20, 16);
    pub const TRENCH: Rgba = Rgba::rgb(62, 48, 34);
    pub const PARAPET: Rgba = Rgba::rgb(150, 126, 86);
    pub const STREAM: Rgba = Rgba::rgb(62, 112, 156);
    pub const STREAM_LIGHT: Rgba = Rgba::rgb(112, 162, 200);
    pub const BANK: Rgba = Rgba::rgb(80, 92, 60);
    pub const TRAIL: Rgba = Rgba::rgb(186, 160, 110);
    pub const TRAIL_EDGE: Rgba = Rgba::rgb(140, 114, 74);
    pub const ROAD: Rgba = Rgba::rgb(160, 150, 128);
    pub const ROAD_EDGE: Rgba = Rgba::rgb(110, 100, 84);
    pub const DYKE: Rgba = Rgba::rgb(128, 98, 60);
    pub const DYKE_TOP: Rgba = Rgba::rgb(168, 138, 92);
    pub const HEDGE: Rgba = Rgba::rgb(50, 96, 44);
    pub const WALL: Rgba = Rgba::rgb(140, 136, 128);
    pub const SMOKE: Rgba = Rgba(226, 226, 222, 170);
    pub const SMOKE_PUFF: Rgba = Rgba(246, 246, 244, 150);
    pub const NAPALM: Rgba = Rgba(240, 110, 30, 150);
    pub const BLAST: Rgba = Rgba(200, 40, 30, 80);
    pub const BLAST_EDGE: Rgba = Rgba(230, 60, 40, 230);
    pub const NAPALM_CORE: Rgba = Rgba(255, 200, 60, 150);
    pub const MINES: Rgba = Rgba(150, 60, 40, 120);
    pub const MINES_EDGE: Rgba = Rgba::rgb(190, 60, 40);
    pub const WIRE: Rgba = Rgba::rgb(60, 60, 64);
    /// The sight tool: a target there in cover, in dead ground (clear and
    /// blocked are the board's own line-of-sight colours).
    pub const LOS_COVER: Rgba = Rgba(255, 214, 40, 235);
    pub const LOS_DEAD: Rgba = Rgba(176, 96, 240, 235);
    /// A template's coverage of a base: wholly, at least half, a part.
    pub const UNDER_WHOLE: Rgba = Rgba(235, 40, 30, 200);
    pub const UNDER_HALF: Rgba = Rgba(250, 140, 20, 190);
    pub const UNDER_PART: Rgba = Rgba(250, 220, 60, 170);
}

/// An air war's sheet and counters: zones, boxes, aircraft, guns.
pub mod air {
    use super::Rgba;
    pub const SHEET: Rgba = Rgba::rgb(38, 46, 34);
    pub const RIM: Rgba = Rgba::rgb(20, 26, 18);
    pub const ZONE_NS: Rgba = Rgba::rgb(62, 86, 52);
    pub const ZONE_EW: Rgba = Rgba::rgb(70, 94, 56);
    pub const ZONE_CENTER: Rgba = Rgba::rgb(96, 116, 70);
    pub const ZONE_NAME: Rgba = Rgba::rgb(225, 230, 200);
    pub const BOX: Rgba = Rgba::rgb(30, 40, 52);
    pub const BOX_HEADER: Rgba = Rgba::rgb(44, 58, 76);
    pub const BOX_EDGE: Rgba = Rgba::rgb(120, 140, 160);
    pub const BOX_NAME: Rgba = Rgba::rgb(220, 228, 236);
    pub const SANDY: Rgba = Rgba::rgb(176, 196, 214);
    pub const FAC: Rgba = Rgba::rgb(196, 210, 170);
    pub const HELICOPTER: Rgba = Rgba::rgb(214, 200, 150);
    pub const FAST_MOVER: Rgba = Rgba::rgb(170, 176, 196);
    pub const SHAKEN: Rgba = Rgba::rgb(232, 138, 78);
    pub const GUN: Rgba = Rgba::rgb(150, 52, 40);
    pub const GUN_SUPPRESSED: Rgba = Rgba::rgb(128, 128, 124);
    pub const HIDDEN: Rgba = Rgba::rgb(44, 52, 60);
    pub const ENEMY: Rgba = Rgba::rgb(92, 34, 34);
    pub const ZONE_MARKER: Rgba = Rgba::rgb(204, 188, 140);
    pub const TARGET_OF_OPPORTUNITY: Rgba = Rgba::rgb(214, 170, 96);
    pub const SURVIVOR: Rgba = Rgba::rgb(240, 236, 220);
    pub const SURVIVOR_INJURED: Rgba = Rgba::rgb(236, 190, 180);
    pub const RULES_OF_ENGAGEMENT: Rgba = Rgba::rgb(230, 230, 240);
    pub const CS_GAS: Rgba = Rgba::rgb(226, 210, 80);
    pub const SMOKE: Rgba = Rgba::rgb(200, 204, 210);
    pub const CLUSTER: Rgba = Rgba::rgb(60, 58, 50);
    pub const CLUSTER_PRINT: Rgba = Rgba::rgb(250, 170, 60);
    pub const BARRAGE: Rgba = Rgba::rgb(210, 110, 40);
    /// Badges on counters.
    pub const BADGE_EXIT: Rgba = Rgba::rgb(240, 120, 60);
    pub const BADGE_ENTER: Rgba = Rgba::rgb(120, 210, 120);
    pub const BADGE_SHAKEN: Rgba = Rgba::rgb(200, 50, 30);
    pub const BADGE_ABOARD: Rgba = Rgba::rgb(250, 250, 250);
    pub const BADGE_CARDS: Rgba = Rgba::rgb(200, 60, 50);
    pub const BADGE_PILOT: Rgba = Rgba::rgb(250, 210, 60);
    pub const BADGE_TURN: Rgba = Rgba::rgb(120, 180, 240);
    pub const BADGE_HITS: Rgba = Rgba::rgb(230, 40, 40);
    pub const BADGE_MARK: Rgba = Rgba::rgb(250, 220, 60);
}

/// Cards, dice and the icons printed on them.
pub mod cards {
    use super::Rgba;
    /// A card that can be played, and one that cannot.
    pub const FACE: Rgba = Rgba::rgb(240, 234, 216);
    pub const FACE_DIM: Rgba = Rgba::rgb(196, 192, 180);
    pub const EDGE: Rgba = Rgba::rgb(90, 90, 90);
    pub const TITLE: Rgba = Rgba::rgb(20, 20, 20);
    pub const LINE: Rgba = Rgba::rgb(70, 60, 50);
    pub const FOOTER: Rgba = Rgba::rgb(120, 30, 20);
    pub const SLOT: Rgba = Rgba::rgb(80, 84, 80);
    /// The back of a card.
    pub const BACK: Rgba = Rgba::rgb(40, 62, 44);
    pub const BACK_EDGE: Rgba = Rgba::rgb(200, 190, 150);
    pub const BACK_LINE: Rgba = Rgba::rgb(100, 120, 90);
    /// Banners: an action on a unit, an order, a leader or a pilot.
    pub const BANNER_ACTION: Rgba = Rgba::rgb(170, 50, 40);
    pub const BANNER_COMMAND: Rgba = Rgba::rgb(50, 90, 170);
    pub const BANNER_LEADER: Rgba = Rgba::rgb(200, 160, 40);
    /// A die and a drawn resolution card.
    pub const DIE: Rgba = Rgba::rgb(240, 236, 222);
    pub const DIE_EDGE: Rgba = Rgba::rgb(60, 60, 60);
    pub const DIE_PIPS: Rgba = Rgba::rgb(30, 30, 30);
    /// Icons.
    pub const CROSSHAIRS: Rgba = Rgba::rgb(220, 60, 50);
    pub const ROUNDEL: Rgba = Rgba::rgb(60, 110, 220);
    pub const ROUNDEL_CENTRE: Rgba = Rgba::rgb(200, 40, 40);
    pub const RIFLE: Rgba = Rgba::rgb(150, 110, 60);
    pub const BLAST: Rgba = Rgba::rgb(240, 150, 30);
    pub const RESHUFFLE: Rgba = Rgba::rgb(160, 160, 160);
    pub const WILD: Rgba = Rgba::rgb(200, 90, 220);
    pub const AIRCRAFT_ID: Rgba = Rgba::rgb(30, 30, 90);
    /// An event chit still in the cup.
    pub const EVENT_CHIT: Rgba = Rgba::rgb(210, 180, 60);
    pub const USED_CHIT: Rgba = Rgba::rgb(50, 50, 50);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_colour_on_the_board_and_in_the_panels() {
        let c = ui::HEADING;
        let e = c.egui();
        assert_eq!((e.r(), e.g(), e.b(), e.a()), (240, 200, 90, 255));
        assert_eq!(Rgba::from_color(c.color()), c);
        assert_eq!(board::LIT.alpha(255), Rgba::rgb(255, 209, 38));
    }

    #[test]
    fn ink_reads_on_its_background() {
        assert_eq!(PAPER.ink(), INK);
        assert_eq!(INK.ink(), PAPER);
        assert_eq!(army::US.ink(), PAPER);
        assert_eq!(weapon::DUAL_PURPOSE.ink(), INK);
    }

    #[test]
    fn the_colour_blind_roles_are_okabe_ito_and_told_apart() {
        // Each remapped role has a standard colour no other role of the
        // same modules shares: the lookup by colour finds one role.
        let roles = [
            army::US,
            army::NVA,
            army::VC,
            army::ARVN,
            board::LIT,
            board::LEGAL,
            board::SELECTED,
            board::ACTIVE,
            board::TARGET,
            board::ASSAULT,
            board::INTERRUPT,
            board::SUGGESTED,
            board::LOS_CLEAR,
            board::LOS_BLOCKED,
            board::UNDER_FIRE,
            board::FLASH_HIT,
            board::FLASH_GOOD,
            ui::GOOD,
            ui::BAD,
            ui::WON,
            ui::LOST,
        ];
        let others = [
            ui::HEADING,
            ui::WARN,
            ui::ASSUMED,
            ui::DERIVED,
            ui::MODIFIER_HELPS,
            ui::MODIFIER_HURTS,
            ui::DRAWN,
            ui::TRACK_NOW,
            board::SELECTED_HEX,
            board::FOCUS,
            board::REACH_EDGE,
            board::PATH,
            board::HOVER_UNITS,
            board::SIGHT,
            board::AREA,
            board::PLOT,
            board::FLASH_MISS,
            board::FLASH_LOSS,
            board::FLASH_BLAST,
            board::FLASH_INFO,
            army::LEADER,
            army::MARKER_PRINT,
        ];
        for r in roles {
            assert!(colour_blind(r).is_some(), "{r:?} has a colour-blind colour");
            for o in others {
                assert_ne!(r.alpha(255), o.alpha(255), "{r:?} is also another role");
            }
        }
        // The sides are three different hues, none of them red or green.
        let sides = [army::US, army::NVA, army::VC].map(|c| colour_blind(c).unwrap());
        assert_ne!(sides[0], sides[1]);
        assert_ne!(sides[1], sides[2]);
        assert_eq!(colour_blind(army::US), Some(okabe_ito::BLUE));
        // The alpha a caller asked for is kept.
        assert_eq!(colour_blind(board::LIT).unwrap().3, board::LIT.3);
        assert_eq!(colour_blind(ui::HEADING), None);
    }

    #[test]
    fn mixing_goes_from_one_to_the_other() {
        assert_eq!(BLACK.mix(WHITE, 0.0), BLACK);
        assert_eq!(BLACK.mix(WHITE, 1.0), WHITE);
        assert_eq!(BLACK.mix(WHITE, 0.5), Rgba::rgb(128, 128, 128));
    }
}
