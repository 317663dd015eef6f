//! O5 Ambush: the NLF may lay an ambush counter face down anywhere in the
//! line of sight of an NLF unit that stayed put (and not pinned) for its
//! Player Turn; a US unit moving onto it is fired on by that unit with two
//! added to the die, for one unit of fire.
//!
//! Readings (README): the counter is laid at the end of the NLF Player
//! Turn, within range eight; one live ambush a unit; the counter comes off
//! once sprung.

use crate::Grunt;
use crate::combat::AttackSpec;
use crate::command::Command;
use crate::data::{Optional, Role};
use crate::event::{AttackKind, Event, RevealHow, Shown};
use crate::line_of_sight::Sight;
use crate::map::Hex;
use crate::map::NOWHERE;
use crate::state::*;
use crate::step::{Ctx, Step};
use vt_core::refusal::{Checked, ensure, refuse};

impl Grunt {
    fn ambush_pool(&self, s: &State) -> Option<CounterId> {
        s.counters
            .iter()
            .find(|c| c.side == Side::Nlf && c.role == Role::Ambush && c.status == Status::Waiting)
            .map(|c| c.id)
    }

    fn may_ambush(&self, s: &State, id: CounterId) -> Checked {
        let c = s.c(id);
        ensure(
            c.side == Side::Nlf && c.on_map() && c.role.is_nlf_combat(),
            "O5",
            "Only an NLF fire unit on the map lays an ambush.",
        )?;
        ensure(
            c.moved != s.pt() && c.arrived != s.pt(),
            "O5",
            "The unit must have stayed put this Player Turn.",
        )?;
        ensure(!c.pinned(), "O5", "A pinned unit may not lay an ambush.")?;
        ensure(
            !s.on_map()
                .any(|x| x.role == Role::Ambush && x.ambusher == Some(id)),
            "O5",
            "This unit already has an ambush laid.",
        )
    }

    pub(crate) fn ambush_candidates(&self, s: &State, ctx: &mut Ctx) -> Vec<Command> {
        if self.ambush_pool(s).is_none() {
            return Vec::new();
        }
        let map = self.map_of(s);
        let blockers = ctx.blockers(self, s);
        let Some(unit) = s
            .on_map()
            .find(|c| self.may_ambush(s, c.id).is_ok())
            .map(|c| c.id)
        else {
            return Vec::new();
        };
        let from = s.c(unit).hex.unwrap_or(NOWHERE);
        let range = self.tables.range.value;
        map.hexes()
            .filter(|h| crate::map::distance(*h, from) <= range && *h != from)
            .filter(|h| self.line(s, blockers, from, *h, Sight::Fire).is_ok())
            .map(|h| Command::PlaceAmbush { unit, hex: h })
            .collect()
    }

    pub(crate) fn check_ambush(&self, s: &State, ctx: &mut Ctx, id: CounterId, h: Hex) -> Checked {
        ensure(
            *s.step() == Step::NlfEnd,
            "O5",
            "Ambushes are laid at the end of the NLF Player Turn.",
        )?;
        ensure(
            s.has(Optional::Ambush),
            "O5",
            "The Ambush rule is not in play.",
        )?;
        ensure((id as usize) < s.counters.len(), "O5", "No such unit.")?;
        ensure(
            self.ambush_pool(s).is_some(),
            "O5",
            "No ambush counter left.",
        )?;
        self.may_ambush(s, id)?;
        ensure(
            self.map_of(s).contains(h),
            "O5",
            "That hex is not on the map.",
        )?;
        ensure(
            !s.at(h).any(|x| x.side == Side::Us && x.role.is_us_unit()),
            "O5",
            "Not under US units.",
        )?;
        let from = s.c(id).hex.unwrap_or(NOWHERE);
        ensure(from != h, "O5", "Not in the unit's own hex.")?;
        let blockers = ctx.blockers(self, s);
        if let Err(b) = self.line(s, blockers, from, h, Sight::Fire) {
            return refuse(
                "O5",
                format!("Not in the unit's line of sight: {}.", b.words()),
            );
        }
        Ok(())
    }

    pub(crate) fn execute_ambush(&self, s: &mut State, id: CounterId, h: Hex, ev: &mut Vec<Event>) {
        let Some(a) = self.ambush_pool(s) else { return };
        let marker = s.next_marker;
        s.next_marker += 1;
        let c = s.cm(a);
        c.status = Status::OnMap;
        c.hex = Some(h);
        c.face_down = true;
        c.marker = marker;
        c.ambusher = Some(id);
        ev.push(Event::AmbushLaid {
            unit: id,
            hex: h,
            marker,
        });
    }

    /// A US unit moved onto an ambush: the unit that laid it fires with +2.
    pub(crate) fn spring_ambush(
        &self,
        s: &mut State,
        ambush: CounterId,
        victim: CounterId,
        ev: &mut Vec<Event>,
    ) {
        let Some(h) = s.c(ambush).hex else { return };
        let marker = s.c(ambush).marker;
        let by = s.c(ambush).ambusher;
        self.remove(s, ambush, Gone::Removed, ev);
        ev.push(Event::Revealed {
            hex: h,
            how: RevealHow::Trap,
            shown: vec![Shown {
                counter: ambush,
                role: Role::Ambush,
                marker,
            }],
        });
        let Some(by) = by else { return };
        let b = self.blockers(s);
        let from = s.c(by).hex.unwrap_or(NOWHERE);
        let able = s.c(by).on_map()
            && !s.c(by).pinned()
            && (!s.has(Optional::Ammunition) || s.c(by).ammo > 0)
            && self.line(s, &b, from, h, Sight::Fire).is_ok();
        if !able {
            return;
        }
        let pt = s.pt();
        if s.c(by).face_down {
            let c = s.cm(by);
            c.face_down = false;
            c.revealed = pt;
            let shown = vec![Shown {
                counter: by,
                role: c.role,
                marker: c.marker,
            }];
            ev.push(Event::Revealed {
                hex: from,
                how: RevealHow::Fired,
                shown,
            });
        }
        if s.has(Optional::Ammunition) {
            let c = s.cm(by);
            c.ammo = c.ammo.saturating_sub(1);
        }
        let mut spec = AttackSpec::new(AttackKind::Ambush, Side::Nlf, h);
        spec.firers = vec![by];
        spec.attack = self.fire_terms(s, &[(by, 1)]);
        spec.modifier = self.tables.ambush_modifier.value;
        let _ = victim;
        spec.targets = self.subjects(s, Side::Nlf, h, false);
        self.resolve(s, spec, ev);
    }
}
