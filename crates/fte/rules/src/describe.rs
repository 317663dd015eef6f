//! The log: each event in words, with an [`Adjudication`] for every roll
//! listing each modifier with its rule section. This module holds the
//! dispatcher (each event family to the section that owns it, whose
//! `describe_*` gives the words) and how the log names units.

use crate::Fte;
use crate::event::{Event, Marked, Mods};
use crate::state::State;
use vt_core::dice::Modifier;
use vt_core::engine::{LogEntry, SideIdx};

pub(crate) fn modifiers(m: &Mods) -> Vec<Modifier> {
    m.iter()
        .map(|(d, v)| Modifier::new(d.label(), d.rule(), *v as i32))
        .collect()
}

pub(crate) fn total(roll: u8, m: &Mods) -> i32 {
    roll as i32 + crate::counters::mod_sum(m)
}

/// How the log names units: by type and number when the game is at hand
/// ("Rifle Fire Team #3"), by number alone otherwise, and by number alone
/// for a unit under a Concealed marker (its type is its owner's secret).
pub(crate) struct Names<'a> {
    fte: &'a Fte,
    state: Option<&'a State>,
}

impl Names<'_> {
    /// An event sent to a section that does not own it: the dispatcher
    /// never does, but the log still gets words rather than a panic.
    pub(crate) fn misrouted(&self, e: &Event) -> LogEntry {
        LogEntry::text(format!("{e:?}"))
    }

    /// For every reader: the type only while the unit is not Concealed
    /// (the log may be written again later, from a later state); a
    /// Concealed unit by its marker, as both sides see it on the board (its
    /// number in the scenario's order would tell the other side what it is).
    pub(crate) fn u(&self, id: u16) -> String {
        match self.state.and_then(|s| s.units.get(id as usize)) {
            Some(x) if !x.concealed => self.fte.who(id, x.ty),
            Some(x) => format!("Concealed marker {}", x.marker),
            None => format!("#{id}"),
        }
    }

    /// For the unit's owner only.
    pub(crate) fn owner_u(&self, id: u16) -> String {
        match self.state.and_then(|s| s.units.get(id as usize)) {
            Some(x) => self.fte.who(id, x.ty),
            None => format!("#{id}"),
        }
    }

    /// The side that owns a unit, if the game is at hand.
    pub(crate) fn owner(&self, id: u16) -> Option<SideIdx> {
        let s = self.state?;
        s.units.get(id as usize).map(|x| x.side.idx() as SideIdx)
    }

    /// For the unit's owner only: its name, and its marker while it has one
    /// ("Rifle Fire Team #2 (Concealed marker 15)").
    pub(crate) fn owner_marked(&self, id: u16) -> String {
        match self.state.and_then(|s| s.units.get(id as usize)) {
            Some(x) if x.concealed => {
                format!("{} (Concealed marker {})", self.fte.who(id, x.ty), x.marker)
            }
            _ => self.owner_u(id),
        }
    }

    pub(crate) fn units(&self, v: &[u16]) -> String {
        v.iter().map(|x| self.u(*x)).collect::<Vec<_>>().join(", ")
    }

    /// A unit as the other side knows it: by its Concealed marker if it
    /// has one.
    pub(crate) fn shown(&self, id: u16, m: &Marked) -> String {
        match m.marker(id) {
            Some(n) => format!("Concealed marker {n}"),
            None => self.u(id),
        }
    }

    pub(crate) fn shown_units(&self, v: &[u16], m: &Marked) -> String {
        v.iter()
            .map(|x| self.shown(*x, m))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// An entry naming units: in full for their owner; for the other side
    /// with Concealed units by marker only (18.0), so the log tells no more
    /// than the board. `text` gets the names of `v` and of the extra unit
    /// `one`.
    pub(crate) fn naming(
        &self,
        marked: &Option<Marked>,
        v: &[u16],
        one: Option<u16>,
        text: impl Fn(&str, Option<String>) -> String,
    ) -> LogEntry {
        match marked {
            Some(m) => {
                let owner = |x: u16| match m.marker(x) {
                    Some(k) => format!("{} (Concealed marker {k})", self.owner_u(x)),
                    None => self.u(x),
                };
                let all: Vec<String> = v.iter().map(|x| owner(*x)).collect();
                LogEntry::text(text(&all.join(", "), one.map(owner))).private_to(
                    m.side.idx() as SideIdx,
                    text(&self.shown_units(v, m), one.map(|x| self.shown(x, m))),
                )
            }
            None => LogEntry::text(text(&self.units(v), one.map(|x| self.u(x)))),
        }
    }
}

/// The verb's "s" for one unit ("moves"), none for several ("move").
pub(crate) fn verb_s(units: usize) -> &'static str {
    if units == 1 { "s" } else { "" }
}

/// True if these events revealed nothing random or hidden.
pub fn undoable(events: &[Event]) -> bool {
    !events.is_empty() && events.iter().all(|e| quiet(e, false))
}

/// A step that drew no check, rolled nothing and revealed nothing: not
/// undoable (it told the mover no enemy watches the hex it entered), but
/// nothing random or hidden changed, so the computer's loop guard may see a
/// unit step out of a hex and back (6.0).
pub fn transparent(events: &[Event]) -> bool {
    !events.is_empty() && events.iter().all(|e| quiet(e, true))
}

/// An event that rolls and reveals nothing (`step`: a step taken counts).
fn quiet(e: &Event, step: bool) -> bool {
    match e {
        Event::Activated { .. }
        | Event::MoveBegins { .. }
        | Event::Dropped { .. }
        | Event::Placed { .. } => true,
        // 21.0: an Opportunity Fire chance let pass, as after a step.
        Event::Moved { .. } | Event::OpFireDeclined { .. } => step,
        _ => false,
    }
}

impl Fte {
    /// "Rifle Fire Team #3".
    /// The side of a counter type, by its nation (US is side 0, the NVA and
    /// the VC side 1), for whose roll an adjudication is.
    pub(crate) fn side_of_type(&self, ty: u16) -> Option<vt_core::SideIdx> {
        self.types.get(ty as usize).map(|t| match t.nation {
            crate::data::Nation::Us => 0,
            crate::data::Nation::Nva | crate::data::Nation::Vc => 1,
        })
    }

    pub(crate) fn who(&self, id: u16, ty: u16) -> String {
        match self.types.get(ty as usize) {
            Some(t) => format!("{} #{id}", t.name),
            None => format!("#{id}"),
        }
    }

    pub(crate) fn describe_event(&self, state: Option<&State>, e: &Event) -> LogEntry {
        use Event as E;
        let n = Names { fte: self, state };
        // Each event family to the section that owns it.
        match e {
            E::TurnBegins { .. } | E::TurnEnds { .. } => self.describe_sequence(&n, e),
            E::ChitDrawn { .. }
            | E::ChitReturned
            | E::ChitLost { .. }
            | E::Activated { .. }
            | E::Passed { .. }
            | E::ActivationEnds { .. } => self.describe_activation(&n, e),
            E::Placed { .. } | E::Plotted { .. } => self.describe_setup(&n, e),
            E::Entered { .. } => self.describe_reinforcements(&n, e),
            E::MoveBegins { .. }
            | E::Moved { .. }
            | E::EntryRefused { .. }
            | E::AltitudeChanged { .. }
            | E::FortChanged { .. }
            | E::Dropped { .. }
            | E::ExitedMap { .. } => self.describe_movement(&n, e),
            E::Evacuated { .. }
            | E::CasualtyPlaced { .. }
            | E::Carried { .. }
            | E::Captured { .. }
            | E::CasualtyCheck { .. } => self.describe_casualties(&n, e),
            E::LostConcealment { .. } | E::GainedConcealment { .. } => {
                self.describe_concealment(&n, e)
            }
            E::DummyRemoved { .. } => self.describe_dummies(&n, e),
            E::Check { .. } => self.describe_counters(&n, e),
            E::Attack { .. } => self.describe_fire(&n, e),
            E::Effect { .. } | E::Retreated { .. } | E::Eliminated { .. } => {
                self.describe_target_effects(&n, e)
            }
            E::Vp { .. } | E::ObjectiveHeld { .. } | E::GameOver { .. } => {
                self.describe_victory(&n, e)
            }
            E::Searched { .. } => self.describe_search(&n, e),
            E::CacheRevealed { .. } | E::CacheDestroyed { .. } => {
                self.describe_caches_tunnels(&n, e)
            }
            E::Recovered { .. } => self.describe_recover(&n, e),
            E::MedevacRequested { .. } => self.describe_medevac(&n, e),
            E::FireMissionRequested { .. }
            | E::MissionCancelled { .. }
            | E::MissionLands { .. } => self.describe_fire_missions(&n, e),
            E::Loaded { .. } | E::Unloaded { .. } | E::Abandoned { .. } => {
                self.describe_transport(&n, e)
            }
            E::AssaultDeclared { .. }
            | E::AssaultRound { .. }
            | E::AssaultEnds
            | E::Advanced { .. } => self.describe_assault(&n, e),
            E::OpFireDeclined { .. } => self.describe_opportunity_fire(&n, e),
            E::RandomEvent { .. } | E::EventApplied { .. } => self.describe_random_events(&n, e),
            E::BoobyTrap { .. } | E::Claymore { .. } => self.describe_booby_traps(&n, e),
            E::Interrogated { .. } | E::Revealed { .. } => self.describe_civilians(&n, e),
        }
    }
}
