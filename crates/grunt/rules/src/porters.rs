//! A3 Porters: a porter that reached a cache, radio or records loads it in
//! its next turn and moves off with it; loading and unloading cost three
//! Movement Points. US fire at porters removes them; a US unit moving on
//! top of them captures them (they become prisoners, A4).

use crate::Grunt;
use crate::command::Command;
use crate::event::Event;
use crate::map::NOWHERE;
use crate::state::*;
use crate::step::Step;
use vt_core::refusal::{Checked, ensure, refuse};

impl Grunt {
    fn loadable(&self, s: &State, porter: CounterId) -> Option<CounterId> {
        let h = s.c(porter).hex?;
        s.at(h)
            .find(|x| x.side == Side::Nlf && x.role.is_cache())
            .map(|x| x.id)
    }

    pub(crate) fn porter_candidates(&self, s: &State) -> Vec<Command> {
        let mut v = Vec::new();
        for c in s.on_map() {
            if c.side != Side::Nlf || c.role != crate::data::Role::Porter {
                continue;
            }
            if c.carrying.is_some() {
                v.push(Command::Unload { porter: c.id });
            } else {
                v.push(Command::Load { porter: c.id });
            }
        }
        v
    }

    fn check_porter(&self, s: &State, porter: CounterId) -> Checked {
        ensure(
            *s.step() == Step::Movement { side: Side::Nlf },
            "A3",
            "Porters load and unload in the NLF Movement Phase.",
        )?;
        ensure(s.standard(), "A3", "A Standard Game rule.")?;
        ensure(
            (porter as usize) < s.counters.len(),
            "A3",
            "No such counter.",
        )?;
        let c = s.c(porter);
        ensure(
            c.side == Side::Nlf && c.role == crate::data::Role::Porter && c.on_map(),
            "A3",
            "Not a porter on the map.",
        )?;
        ensure(!c.pinned(), "B9", "Pinned porters may not work.")?;
        ensure(
            !c.exposed,
            "A4",
            "Exposed by interrogation: it may not move.",
        )?;
        ensure(
            s.mp_left(porter, self.ma()) >= self.tables.porter_cost.value,
            "A3",
            "Loading or unloading costs three Movement Points.",
        )
    }

    pub(crate) fn check_load(&self, s: &State, porter: CounterId) -> Checked {
        self.check_porter(s, porter)?;
        let c = s.c(porter);
        ensure(
            c.carrying.is_none(),
            "A3",
            "The porter already carries a load.",
        )?;
        ensure(
            c.moved != s.pt(),
            "A3",
            "A porter loads in the turn after it reached the cache.",
        )?;
        if self.loadable(s, porter).is_none() {
            return refuse("A3", "No cache, radio or records in the porter's hex.");
        }
        Ok(())
    }

    pub(crate) fn check_unload(&self, s: &State, porter: CounterId) -> Checked {
        self.check_porter(s, porter)?;
        ensure(
            s.c(porter).carrying.is_some(),
            "A3",
            "The porter carries nothing.",
        )
    }

    pub(crate) fn execute_load(&self, s: &mut State, porter: CounterId, ev: &mut Vec<Event>) {
        let Some(cache) = self.loadable(s, porter) else {
            return;
        };
        let ma = self.ma();
        s.spend_mp(porter, ma, self.tables.porter_cost.value);
        let marker = s.c(porter).face_down.then_some(s.c(porter).marker);
        let c = s.cm(cache);
        c.status = Status::Carried;
        c.carried_by = Some(porter);
        s.cm(porter).carrying = Some(cache);
        ev.push(Event::Loaded {
            porter,
            cache,
            marker,
        });
    }

    pub(crate) fn execute_unload(&self, s: &mut State, porter: CounterId, ev: &mut Vec<Event>) {
        let Some(cache) = s.cm(porter).carrying.take() else {
            return;
        };
        let ma = self.ma();
        s.spend_mp(porter, ma, self.tables.porter_cost.value);
        let hex = s.c(porter).hex;
        let face_down = s.c(porter).face_down;
        let marker = face_down.then_some(s.c(porter).marker);
        let c = s.cm(cache);
        c.status = Status::OnMap;
        c.carried_by = None;
        c.hex = hex;
        c.face_down = face_down || c.face_down;
        ev.push(Event::Unloaded {
            porter,
            cache,
            marker,
        });
    }

    /// A3: a US unit moving on top of porters captures them; what they
    /// carried is dropped face up.
    pub(crate) fn capture_porter(
        &self,
        s: &mut State,
        unit: CounterId,
        porter: CounterId,
        ev: &mut Vec<Event>,
    ) {
        let h = s.c(porter).hex.unwrap_or(NOWHERE);
        if s.c(porter).carrying.is_some() {
            self.drop_carried(s, porter, ev);
        }
        let points = self.tables.points.porter_captured.value;
        let c = s.cm(porter);
        c.status = Status::Carried;
        c.carried_by = Some(unit);
        c.face_down = false;
        c.pinned_through = None;
        s.award(Side::Us, points, "porters captured", "A3", Reader::Both);
        ev.push(Event::Captured {
            unit,
            counter: porter,
            role: crate::data::Role::Porter,
            hex: h,
            points,
        });
    }
}
