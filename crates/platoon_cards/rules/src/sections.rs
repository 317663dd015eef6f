//! The text has no section numbers: a rule is named by its chart or its
//! note, as printed ("Chart: MORALE TABLE", "Notes: SPOTTING"). Refusals
//! and modifiers carry the book's short name in front ("PCM Chart: ...").

/// The book's short name in refusals and the log.
pub const BOOK: &str = "PCM";

pub const TURN: &str = "Chart: TURN SEQUENCE";
pub const TURN_NOTES: &str = "Notes: TURN SEQUENCE";
pub const MOVEMENT: &str = "Chart: MOVEMENT";
pub const MOVEMENT_NOTES: &str = "Notes: MOVEMENT";
pub const MORALE: &str = "Chart: MORALE TABLE";
pub const MORALE_CHECK: &str = "Chart: MORALE CHECK";
pub const MORALE_NOTES: &str = "Notes: MORALE";
pub const SPOTTING: &str = "Chart: SPOTTING TABLE";
pub const SPOTTING_NOTES: &str = "Notes: SPOTTING";
pub const SMALL_ARMS: &str = "Chart: SMALL ARMS SHOOTING";
pub const SMALL_ARMS_NOTES: &str = "Notes: SMALL ARMS SHOOTING";
pub const TANKS_V_INFANTRY: &str = "Notes: TANKS V INFANTRY";
pub const COMMANDERS_NOTES: &str = "Notes: PLATOON COMMANDERS & FORWARD OBSERVERS";
pub const AREA_FIRE: &str = "Chart: AREA FIRE";
pub const INDIRECT: &str = "Notes: INDIRECT FIRING";
pub const DIVISIONAL: &str = "Chart: DIVISIONAL ARTILLERY";
pub const DIVISIONAL_NOTES: &str = "Notes: DIVISIONAL ARTILLERY";
pub const BOMBARDMENT: &str = "Notes: PRE GAME BOMBARDMENT";
pub const GUN_TO_HIT: &str = "Chart: GUN TO HIT TABLE";
pub const TO_HIT_NOTES: &str = "Notes: TO HIT";
pub const PENETRATION: &str = "Chart: GUN PENETRATION TABLE";
pub const PENETRATION_NOTES: &str = "Notes: GUN PENETRATION";
pub const CLOSE_ASSAULT: &str = "Chart: CLOSE ASSAULT";
pub const CLOSE_COMBAT_MODS: &str = "Chart: CLOSE COMBAT MODIFIERS";
pub const CARRIERS: &str = "Chart: M113's & ACAV's";
pub const TERRAIN: &str = "Chart: TERRAIN CHART";
pub const TERRAIN_NOTES: &str = "Notes: TERRAIN CHART";
pub const LOS: &str = "Chart: LINE OF SIGHT";
pub const LOS_NOTES: &str = "Notes: LINE OF SIGHT";
pub const GROUND_TO_AIR: &str = "Chart: GROUND TO AIR FIRE";
pub const HELICOPTERS: &str = "Chart: HELICOPTERS";
pub const AIRCRAFT: &str = "Chart: AIRCRAFT";
pub const COMMANDERS: &str = "Chart: PLATOON & COMPANY COMMANDERS";
pub const MINES: &str = "Chart: MINES";
pub const WIRE: &str = "Chart: BARBED WIRE";
pub const SNIPERS: &str = "Chart: SNIPERS";
pub const UNIT_SCALES: &str = "Notes: UNIT SCALES";
pub const HIDDEN: &str = "Notes: HIDDEN DEPLOYMENT";
pub const SMOKE: &str = "Notes: SMOKE";
pub const FIRE_PRIORITY: &str = "Notes: FIRE PRIORITY";
/// Our own scenarios and tables.
pub const SCENARIO: &str = "Scenario";

/// A rule reference as the log and refusals print it.
pub fn book(section: &str) -> String {
    format!("{BOOK} {section}")
}
