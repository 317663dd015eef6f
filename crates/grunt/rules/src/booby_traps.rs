//! S6 Booby-Traps (and B8: a probed trap): a US unit that enters a trap, or
//! probes or comes beside one in the Basic Game, is attacked at 3 to 1
//! whatever the terrain; in the Standard Game traps never pin (S6), in
//! the Basic Game a probed trap's attack is a plain attack that may pin
//! (B8); caches stacked with a trap are
//! destroyed, and scored, the first time it is sprung; a trap is never used
//! up, and units left on it suffer it again. NLF units never suffer their
//! own traps.

use crate::Grunt;
use crate::combat::AttackSpec;
use crate::data::{Optional, Role};
use crate::event::{AttackKind, Event, RevealHow, Shown, Term};
use crate::state::*;

impl Grunt {
    /// Springs the trap `trap` on these US units.
    pub(crate) fn spring_trap(
        &self,
        s: &mut State,
        trap: CounterId,
        victims: Vec<CounterId>,
        ev: &mut Vec<Event>,
    ) {
        let pt = s.pt();
        let Some(h) = s.c(trap).hex else { return };
        if s.c(trap).face_down {
            let c = s.cm(trap);
            c.face_down = false;
            c.revealed = pt;
            let shown = vec![Shown {
                counter: trap,
                role: Role::BoobyTrap,
                marker: c.marker,
            }];
            ev.push(Event::Revealed {
                hex: h,
                how: RevealHow::Trap,
                shown,
            });
        }
        // The first springing destroys the caches stacked with it.
        if s.c(trap).trapped == 0 {
            s.cm(trap).trapped = pt.max(1);
            let caches: Vec<CounterId> = s
                .at(h)
                .filter(|c| c.side == Side::Nlf && c.role.is_cache())
                .map(|c| c.id)
                .collect();
            for id in caches {
                let role = s.c(id).role;
                let points = self.cache_points(s, role);
                self.remove(s, id, Gone::Destroyed, ev);
                s.award(
                    Side::Us,
                    points,
                    format!("{} destroyed by its booby trap", self.ty(role).name),
                    "S6",
                    Reader::Both,
                );
                ev.push(Event::CacheLost {
                    cache: id,
                    role,
                    hex: h,
                    points,
                    trap: true,
                });
            }
        }
        let victims: Vec<CounterId> = victims
            .into_iter()
            .filter(|v| s.c(*v).at(h) || s.c(*v).on_map())
            .collect();
        if victims.is_empty() {
            return;
        }
        let col = self
            .tables
            .column_index(&self.tables.trap_column.value)
            .expect("validated: the trap column exists");
        // The no-pinning rule is the Standard Game's (S6); in the Basic and
        // Solitaire Games the probed trap simply attacks at 3 to 1 (B8).
        let standard = s.standard();
        let kind = if standard {
            AttackKind::BoobyTrap
        } else {
            AttackKind::ProbedTrap
        };
        let mut spec = AttackSpec::new(kind, Side::Nlf, h);
        spec.attack = vec![Term {
            label: format!(
                "booby trap at {} regardless of terrain",
                self.tables.trap_column.value
            ),
            halves: 0,
            rule: kind.rule().into(),
        }];
        spec.column = Some(col);
        spec.pins = !standard;
        // In a Probe or beside a trap (B6, B8) the victims stand next to it.
        let at = s.c(victims[0]).hex.unwrap_or(h);
        spec.hex = at;
        spec.targets = victims;
        self.resolve(s, spec, ev);
        if s.has(Optional::CasualtyCrt) {
            // Casualties taken on the trap stay on it (S6, O4); a medic's
            // burden does not.
            let medics: Vec<CounterId> = s
                .at(h)
                .filter(|c| c.role == Role::Medic)
                .map(|c| c.id)
                .collect();
            for x in s.casualties.iter_mut() {
                if x.side == Side::Us
                    && x.hex == Some(h)
                    && !x.evacuated
                    && !x.with.is_some_and(|w| medics.contains(&w))
                {
                    x.on_trap = true;
                }
            }
        }
    }

    /// S6: US units left on a known trap suffer it again at the end of the
    /// US Movement Phase (README: those that did not enter it this turn).
    pub(crate) fn traps_bite_again(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !s.standard() {
            return;
        }
        let pt = s.pt();
        let traps: Vec<CounterId> = s
            .on_map()
            .filter(|c| c.role == Role::BoobyTrap && !c.face_down)
            .map(|c| c.id)
            .collect();
        for t in traps {
            let Some(h) = s.c(t).hex else { continue };
            let left: Vec<CounterId> = s
                .at(h)
                .filter(|c| {
                    c.side == Side::Us && c.role.is_us_unit() && c.moved != pt && c.arrived != pt
                })
                .map(|c| c.id)
                .collect();
            if !left.is_empty() {
                self.spring_trap(s, t, left, ev);
            }
        }
    }
}
