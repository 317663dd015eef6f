//! S3 Hiding: the NLF may turn face down again any combat unit that did not
//! fire in its Player Turn, unless it stands in open or broken terrain in a
//! US unit's line of sight.

use crate::Grunt;
use crate::command::Command;
use crate::data::Terrain;
use crate::event::Event;
use crate::line_of_sight::Sight;
use crate::map::NOWHERE;
use crate::state::*;
use crate::step::{Ctx, Step};
use vt_core::refusal::{Checked, ensure, refuse};

impl Grunt {
    pub(crate) fn hide_candidates(&self, s: &State) -> Vec<Command> {
        s.on_map()
            .filter(|c| c.side == Side::Nlf && c.role.is_nlf_combat() && !c.face_down)
            .map(|c| Command::Hide { unit: c.id })
            .collect()
    }

    pub(crate) fn check_hide(&self, s: &State, ctx: &mut Ctx, id: CounterId) -> Checked {
        ensure(
            *s.step() == Step::NlfEnd,
            "S3",
            "Units hide at the end of the NLF Player Turn.",
        )?;
        ensure(s.standard(), "S3", "A Standard Game rule.")?;
        ensure((id as usize) < s.counters.len(), "S3", "No such unit.")?;
        let c = s.c(id);
        ensure(
            c.side == Side::Nlf && c.on_map() && c.role.is_nlf_combat() && !c.face_down,
            "S3",
            "Only a face-up NLF combat unit on the map may hide.",
        )?;
        ensure(
            !c.exposed,
            "A4",
            "A unit exposed by interrogation stays exposed.",
        )?;
        ensure(
            c.fired != s.pt(),
            "S3",
            "A unit that fired this Player Turn may not hide.",
        )?;
        let h = c.hex.unwrap_or(NOWHERE);
        let t = self.map_of(s).terrain(h);
        if matches!(t, Terrain::Open | Terrain::Broken) {
            let blockers = ctx.blockers(self, s);
            for u in s
                .on_map()
                .filter(|u| u.side == Side::Us && u.role.is_us_unit())
            {
                let from = u.hex.unwrap_or(NOWHERE);
                if self.line(s, blockers, from, h, Sight::Fire).is_ok() {
                    return refuse(
                        "S3",
                        format!(
                            "In {} ground in sight of {}: it may not hide.",
                            t.name().to_lowercase(),
                            self.who(s, u.id)
                        ),
                    );
                }
            }
        }
        Ok(())
    }

    pub(crate) fn execute_hide(&self, s: &mut State, id: CounterId, ev: &mut Vec<Event>) {
        let pt = s.pt();
        let c = s.cm(id);
        c.face_down = true;
        c.hid = pt;
        c.people_known = false;
        ev.push(Event::Hidden {
            unit: id,
            marker: c.marker,
        });
    }
}
