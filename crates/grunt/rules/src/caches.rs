//! B3.5 (the text's "Combat 3.5"): caches. A unit moves onto a cache and
//! stops; it neither moves nor fires in its next full Player Turn; at the
//! end of that turn the cache is destroyed, or captured if the player
//! wishes. A captured cache is carried; a unit fired upon drops it; a
//! carrying unit may not fire. Caches never block fire.

use crate::Grunt;
use crate::data::Role;
use crate::event::Event;
use crate::map::NOWHERE;
use crate::state::*;
use crate::step::Step;
use vt_core::refusal::{Checked, refuse};

impl Grunt {
    /// Points for a cache (B10), halved under Secure Landing Zone (C2).
    pub fn cache_points(&self, s: &State, role: Role) -> i32 {
        let p = self.tables.points.cache(role);
        let half = s.order.is_some_and(|o| self.order(o).half_cache_points);
        if half { p / 2 } else { p }
    }

    /// A US unit that has sat on its cache through a full Player Turn.
    pub(crate) fn cache_due(&self, s: &State) -> Option<(CounterId, CounterId)> {
        let pt = s.pt();
        s.counters.iter().find_map(|c| {
            let w = c.work?;
            let ok = c.side == Side::Us
                && c.on_map()
                && w.since + 2 <= pt
                && c.moved != pt
                && c.fired != pt
                && s.c(w.cache).on_map()
                && s.c(w.cache).hex == c.hex
                && !s.c(w.cache).face_down;
            ok.then_some((c.id, w.cache))
        })
    }

    pub(crate) fn check_cache_choice(&self, s: &State) -> Checked {
        match s.step() {
            Step::CacheChoice { .. } => Ok(()),
            _ => refuse("B3.5", "No cache is ready to be destroyed or captured."),
        }
    }

    pub(crate) fn execute_cache_choice(&self, s: &mut State, capture: bool, ev: &mut Vec<Event>) {
        let Some(Step::CacheChoice { unit, cache }) = s.steps.pop() else {
            return;
        };
        s.cm(unit).work = None;
        let role = s.c(cache).role;
        let hex = s.c(cache).hex.unwrap_or(NOWHERE);
        let points = self.cache_points(s, role);
        if capture {
            let c = s.cm(cache);
            c.status = Status::Carried;
            c.carried_by = Some(unit);
            s.cm(unit).carrying = Some(cache);
        } else {
            let c = s.cm(cache);
            c.status = Status::Gone;
            c.gone = Some(Gone::Destroyed);
        }
        s.award(
            Side::Us,
            points,
            format!(
                "{} {}",
                self.ty(role).name,
                if capture { "captured" } else { "destroyed" }
            ),
            "B3.5",
            Reader::Both,
        );
        ev.push(Event::CacheTaken {
            unit,
            cache,
            role,
            hex,
            points,
            captured: capture,
        });
        self.end_us_turn(s, ev);
    }

    /// B3.5: the unit drops what it carries (fired upon, or killed).
    pub(crate) fn drop_carried(&self, s: &mut State, unit: CounterId, ev: &mut Vec<Event>) {
        let Some(cache) = s.cm(unit).carrying.take() else {
            return;
        };
        let hex = s.c(unit).hex;
        let c = s.cm(cache);
        c.carried_by = None;
        c.status = Status::OnMap;
        c.hex = hex;
        c.face_down = false;
        ev.push(Event::Dropped {
            unit,
            cache,
            hex: hex.unwrap_or(NOWHERE),
        });
    }
}
