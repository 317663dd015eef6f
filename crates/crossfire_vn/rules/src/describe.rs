//! The log: each event in words, with its rolls as adjudications. This is
//! only the dispatcher; each family of events is told by the section that
//! owns it. An entry about a stand still hidden is private to its owner.

use crate::CrossfireVn;
use crate::event::Event;
use crate::state::{StandId, State};
use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_event(&self, s: Option<&State>, e: &Event) -> LogEntry {
        let mut entry = self.describe_family(s, e);
        for a in entry
            .adjudications
            .iter_mut()
            .chain(entry.private.iter_mut().flat_map(|p| p.rolls.iter_mut()))
        {
            a.rule = in_book(&a.rule);
            for m in &mut a.modifiers {
                m.rule = in_book(&m.rule);
            }
        }
        entry
    }

    fn describe_family(&self, s: Option<&State>, e: &Event) -> LogEntry {
        match e {
            Event::Placed { .. } | Event::SetupDone { .. } => self.describe_setup(s, e),
            Event::InitiativeBegins { .. }
            | Event::InitiativePasses { .. }
            | Event::ClockRoll { .. } => self.describe_initiative(s, e),
            Event::Moved { .. } | Event::Pivoted { .. } | Event::Exited { .. } => {
                self.describe_movement(s, e)
            }
            Event::NoReaction { .. } | Event::NoFire { .. } => self.describe_reactive(s, e),
            Event::Fire { .. } => self.describe_fire(s, e),
            Event::Hit { .. }
            | Event::Killed { .. }
            | Event::Destroyed { .. }
            | Event::BrokeOff { .. }
            | Event::EquipmentCaptured { .. } => self.describe_results(s, e),
            Event::Revealed { .. } => self.describe_hidden(s, e),
            Event::Rally { .. } => self.describe_rally(s, e),
            Event::CloseCombat { .. } | Event::AutoKilled { .. } | Event::AssaultAborted { .. } => {
                self.describe_close_combat(s, e)
            }
            Event::AntiTank { .. } => self.describe_support(s, e),
            Event::ReconByFire { .. } => self.describe_recon(s, e),
            Event::PickedUp { .. }
            | Event::SetDown { .. }
            | Event::Evacuated { .. }
            | Event::AidPostFormed { .. }
            | Event::DustOffRequested { .. }
            | Event::DustOffArrives
            | Event::DustOffLands { .. }
            | Event::DustOffLeaves { .. }
            | Event::DustOffWavedOff => self.describe_medevac(s, e),
            Event::SniperDetached { .. } | Event::SniperWithdrawn { .. } => {
                self.describe_snipers(s, e)
            }
            Event::Flame { .. }
            | Event::Burning { .. }
            | Event::DrivenOut { .. }
            | Event::Removed { .. } => self.describe_flame(s, e),
            Event::Barrage { .. } | Event::SmokeLaid { .. } | Event::SmokeClears { .. } => {
                self.describe_indirect(s, e)
            }
            Event::ObjectiveHeld { .. } | Event::GameOver { .. } => self.describe_victory(s, e),
        }
    }

    /// A stand's name for the log: its label and type when the game is at
    /// hand, its number otherwise.
    pub(crate) fn who(&self, s: Option<&State>, id: StandId) -> String {
        match s {
            Some(s) => self.stand_name(s, id),
            None => format!("stand {id}"),
        }
    }

    /// A terrain piece's name.
    pub(crate) fn piece_name(&self, s: Option<&State>, i: u16) -> String {
        match s {
            Some(s) => self
                .table_of(s)
                .names
                .get(i as usize)
                .cloned()
                .unwrap_or_else(|| format!("piece {i}")),
            None => format!("terrain piece {i}"),
        }
    }
}

/// A section as the log prints it: "CF 6.5" for the amendments, "CF base
/// 8.0" for the base game as we read it.
pub fn in_book(section: &str) -> String {
    if section.starts_with("CF ") {
        section.to_string()
    } else {
        format!("CF {section}")
    }
}

/// Whether a command's events may be taken back: it rolled nothing,
/// found nothing and gave the other side no chance (a pivot, a set-up
/// placement, a move nobody could react to).
pub fn undoable(events: &[Event]) -> bool {
    !events.is_empty()
        && events.iter().all(|e| {
            matches!(
                e,
                Event::Moved { stopped: false, .. } | Event::Pivoted { .. } | Event::Placed { .. }
            )
        })
}
