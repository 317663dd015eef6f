//! How the US finds what lies under the face-down counters: B8 Probe (Basic
//! two-player game), S5 Search (Standard game), A6 Civilians (making the NLF
//! turn over a counter in sight on open ground), O3b reconnaissance by fire.
//! B6's solitaire discovery is in [`crate::solitaire`].

use crate::Grunt;
use crate::combat::AttackSpec;
use crate::command::Command;
use crate::data::{Optional, Role, Terrain};
use crate::event::{AttackKind, Event, RevealHow, Shown};
use crate::line_of_sight::Sight;
use crate::map::NOWHERE;
use crate::map::{Hex, distance};
use crate::state::*;
use crate::step::{Ctx, Step};
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::sort::StableSort;

impl Grunt {
    /// Turns up the face-down NLF counters of `h` that `which` picks:
    /// dummies and ambush markers come off the map (A6). Returns the
    /// counters turned up.
    pub(crate) fn reveal(
        &self,
        s: &mut State,
        h: Hex,
        how: RevealHow,
        which: impl Fn(&Counter) -> bool,
        ev: &mut Vec<Event>,
    ) -> Vec<CounterId> {
        let pt = s.pt();
        let ids: Vec<CounterId> = s
            .at(h)
            .filter(|c| c.side == Side::Nlf && c.face_down && which(c))
            .map(|c| c.id)
            .collect();
        let mut shown = Vec::new();
        let mut out = Vec::new();
        for id in ids {
            let c = s.c(id).clone();
            if matches!(c.role, Role::Dummy | Role::Ambush) {
                self.remove(s, id, Gone::Removed, ev);
                ev.push(Event::DummyRemoved {
                    hex: h,
                    marker: c.marker,
                    counter: id,
                });
                continue;
            }
            let x = s.cm(id);
            x.face_down = false;
            x.revealed = pt;
            shown.push(Shown {
                counter: id,
                role: c.role,
                marker: c.marker,
            });
            out.push(id);
        }
        if !shown.is_empty() {
            ev.push(Event::Revealed { hex: h, how, shown });
        }
        out
    }

    // --- S5 Search ---

    /// After all US movement the NLF says, for each hex a US unit moved on
    /// top of, whether it holds combat units: if so the unit goes back to
    /// the hex it came from; if not it may uncover the counters for three
    /// Movement Points, at once if it has them left (S5).
    pub(crate) fn resolve_searches(&self, s: &mut State, ev: &mut Vec<Event>) {
        let ids: Vec<CounterId> = s
            .counters
            .iter()
            .filter(|c| c.side == Side::Us && c.on_map() && c.search_from.is_some())
            .map(|c| c.id)
            .collect();
        let cost = self.tables.search_cost.value;
        for id in ids {
            let Some(from) = s.cm(id).search_from.take() else {
                continue;
            };
            let Some(h) = s.c(id).hex else { continue };
            if !s.at(h).any(|x| x.side == Side::Nlf && x.face_down) {
                continue;
            }
            let combat = s
                .at(h)
                .any(|x| x.side == Side::Nlf && x.face_down && x.role.is_nlf_combat());
            s.reports.push(Report {
                hex: h,
                turn: s.turn,
                combat_units: combat,
            });
            if combat {
                self.place(s, id, from);
                s.cm(id).work = None;
                ev.push(Event::SearchReport {
                    unit: id,
                    hex: h,
                    combat_units: true,
                    back_to: Some(from),
                });
                continue;
            }
            ev.push(Event::SearchReport {
                unit: id,
                hex: h,
                combat_units: false,
                back_to: None,
            });
            s.cm(id).may_uncover = true;
            if s.mp_left(id, self.ma()) >= cost {
                self.uncover(s, id, ev);
            }
        }
    }

    pub(crate) fn search_candidates(&self, s: &State) -> Vec<Command> {
        s.counters
            .iter()
            .filter(|c| c.side == Side::Us && c.may_uncover && c.on_map())
            .map(|c| Command::Uncover { unit: c.id })
            .collect()
    }

    pub(crate) fn check_uncover(&self, s: &State, id: CounterId) -> Checked {
        ensure(
            *s.step() == Step::Movement { side: Side::Us },
            "S5",
            "Counters are uncovered in the US Movement Phase.",
        )?;
        ensure((id as usize) < s.counters.len(), "S5", "No such unit.")?;
        let c = s.c(id);
        ensure(
            c.side == Side::Us && c.on_map(),
            "S5",
            "Not a US unit on the map.",
        )?;
        ensure(
            c.may_uncover,
            "S5",
            "Only a unit told its hex holds no combat units may uncover it.",
        )?;
        ensure(!c.pinned(), "B9", "Pinned units may not uncover counters.")?;
        let cost = self.tables.search_cost.value;
        ensure(
            s.mp_left(id, self.ma()) >= cost,
            "S5",
            "Uncovering costs three Movement Points.",
        )
    }

    pub(crate) fn execute_uncover(&self, s: &mut State, id: CounterId, ev: &mut Vec<Event>) {
        self.uncover(s, id, ev);
    }

    fn uncover(&self, s: &mut State, id: CounterId, ev: &mut Vec<Event>) {
        let cost = self.tables.search_cost.value;
        let ma = self.ma();
        s.spend_mp(id, ma, cost);
        s.cm(id).may_uncover = false;
        let Some(h) = s.c(id).hex else { return };
        ev.push(Event::Uncovered {
            unit: id,
            hex: h,
            cost,
        });
        let shown = self.reveal(s, h, RevealHow::Search, |_| true, ev);
        let pt = s.pt();
        // S5: to destroy or capture a cache, another Player Turn in the hex.
        if let Some(cache) = shown.iter().copied().find(|x| s.c(*x).role.is_cache())
            && s.c(id).carrying.is_none()
            && s.c(id).work.is_none()
        {
            s.cm(id).work = Some(Work { cache, since: pt });
            ev.push(Event::WorkBegins { unit: id, cache });
        }
        // C3: the Ranger uncovered a cache other than rice.
        if s.c(id).role == Role::Ranger
            && shown
                .iter()
                .any(|x| s.c(*x).role.is_cache() && s.c(*x).role != Role::Rice)
        {
            s.engaged = true;
        }
    }

    // --- the discovery step: B8 Probe, A6 Civilians, A4 Interrogation ---

    pub(crate) fn discovery_candidates(&self, s: &State, ctx: &mut Ctx) -> Vec<Command> {
        let mut v = vec![Command::EndDiscovery];
        let map = self.map_of(s);
        let faced: Vec<Hex> = {
            let mut h: Vec<Hex> = s
                .on_map()
                .filter(|c| c.side == Side::Nlf && c.face_down)
                .filter_map(|c| c.hex)
                .collect();
            h.stable_sort();
            h.dedup();
            h
        };
        let us: Vec<(CounterId, Hex)> = s
            .on_map()
            .filter(|c| c.side == Side::Us && c.role.is_us_unit())
            .filter_map(|c| c.hex.map(|h| (c.id, h)))
            .collect();
        if s.standard() {
            let blockers = ctx.blockers(self, s);
            for &(id, from) in &us {
                for &h in &faced {
                    if map.terrain(h) == Terrain::Open
                        && self.line(s, blockers, from, h, Sight::Fire).is_ok()
                    {
                        v.push(Command::Challenge { unit: id, hex: h });
                    }
                }
            }
            v.extend(self.interrogation_candidates(s));
        } else if !s.solitaire() {
            for &(id, from) in &us {
                for &h in &faced {
                    if distance(from, h) == 1 {
                        v.push(Command::Probe { unit: id, hex: h });
                    }
                }
            }
        }
        v
    }

    pub(crate) fn check_probe(&self, s: &State, id: CounterId, h: Hex) -> Checked {
        ensure(
            *s.step() == Step::Discovery,
            "B8",
            "Probes come after the US Movement Phase.",
        )?;
        ensure(
            !s.standard() && !s.solitaire(),
            "B8",
            "Probing is the Basic two-player game's discovery; the Standard Game searches (S5).",
        )?;
        ensure((id as usize) < s.counters.len(), "B8", "No such unit.")?;
        let c = s.c(id);
        ensure(
            c.side == Side::Us && c.on_map() && c.role.is_us_unit(),
            "B8",
            "Only a US unit on the map probes.",
        )?;
        ensure(
            c.probed != s.pt(),
            "B8",
            "A unit probes one hex a Player Turn.",
        )?;
        ensure(
            c.hex.is_some_and(|x| distance(x, h) == 1),
            "B8",
            "A unit probes a hex beside it.",
        )?;
        ensure(
            s.at(h).any(|x| x.side == Side::Nlf && x.face_down),
            "B8",
            "There is no face-down counter there to probe.",
        )
    }

    pub(crate) fn execute_probe(&self, s: &mut State, id: CounterId, h: Hex, ev: &mut Vec<Event>) {
        let pt = s.pt();
        s.cm(id).probed = pt;
        if !s.probed.contains(&h) {
            s.probed.push(h);
        }
        ev.push(Event::Probed { unit: id, hex: h });
        let shown = self.reveal(s, h, RevealHow::Probe, |_| true, ev);
        for t in shown {
            if s.c(t).role == Role::BoobyTrap {
                self.spring_trap(s, t, vec![id], ev);
            }
        }
    }

    pub(crate) fn check_challenge(
        &self,
        s: &State,
        ctx: &mut Ctx,
        id: CounterId,
        h: Hex,
    ) -> Checked {
        ensure(
            *s.step() == Step::Discovery,
            "A6",
            "Counters are challenged after US movement.",
        )?;
        ensure(
            s.standard(),
            "A6",
            "A Standard Game rule (the Basic Game probes, B8).",
        )?;
        ensure((id as usize) < s.counters.len(), "A6", "No such unit.")?;
        let c = s.c(id);
        ensure(
            c.side == Side::Us && c.on_map() && c.role.is_us_unit(),
            "A6",
            "Only a US unit on the map may do it.",
        )?;
        ensure(
            c.challenged != s.pt(),
            "A6",
            "One challenge a unit each Player Turn.",
        )?;
        ensure(
            self.map_of(s).contains(h) && self.map_of(s).terrain(h) == Terrain::Open,
            "A6",
            "Only a counter in open terrain may be made to turn over (except by Search).",
        )?;
        ensure(
            s.at(h)
                .any(|x| x.side == Side::Nlf && x.face_down && !x.people_known),
            "A6",
            "No face-down counter there that the US has not already been told about.",
        )?;
        let from = c.hex.unwrap_or(NOWHERE);
        let blockers = ctx.blockers(self, s);
        if let Err(b) = self.line(s, blockers, from, h, Sight::Fire) {
            return refuse(
                "A6",
                format!("Not in the unit's line of sight: {}.", b.words()),
            );
        }
        Ok(())
    }

    /// A6: a dummy is turned over and removed; for people the NLF says only
    /// that there are people; materiel is turned over (README).
    pub(crate) fn execute_challenge(
        &self,
        s: &mut State,
        id: CounterId,
        h: Hex,
        ev: &mut Vec<Event>,
    ) {
        let pt = s.pt();
        s.cm(id).challenged = pt;
        ev.push(Event::Challenged { unit: id, hex: h });
        let people: Vec<CounterId> = s
            .at(h)
            .filter(|c| c.side == Side::Nlf && c.face_down && c.role.is_person())
            .map(|c| c.id)
            .collect();
        let markers: Vec<u16> = people.iter().map(|x| s.c(*x).marker).collect();
        for p in &people {
            s.cm(*p).people_known = true;
        }
        ev.push(Event::People {
            hex: h,
            markers,
            people: !people.is_empty(),
        });
        self.reveal(s, h, RevealHow::Challenge, |c| !c.role.is_person(), ev);
    }

    // --- O3b Reconnaissance by fire ---

    pub(crate) fn recon_candidates(&self, s: &State, ctx: &mut Ctx) -> Vec<Command> {
        let mut v = Vec::new();
        let mut hexes: Vec<Hex> = s
            .on_map()
            .filter(|c| c.side == Side::Nlf && c.face_down && !c.people_known)
            .filter_map(|c| c.hex)
            .collect();
        hexes.stable_sort();
        hexes.dedup();
        let blockers = ctx.blockers(self, s);
        for c in s.on_map().filter(|c| c.side == Side::Us) {
            if self.can_fire(s, c.id, 1).is_err() {
                continue;
            }
            let from = c.hex.unwrap_or(NOWHERE);
            for &h in &hexes {
                if h != from && self.line(s, blockers, from, h, Sight::Fire).is_ok() {
                    v.push(Command::ReconByFire {
                        firers: vec![(c.id, 1)],
                        hex: h,
                    });
                }
            }
        }
        v
    }

    pub(crate) fn check_recon(
        &self,
        s: &State,
        ctx: &mut Ctx,
        firers: &[(CounterId, u8)],
        h: Hex,
    ) -> Checked {
        ensure(
            *s.step() == Step::Combat { side: Side::Us },
            "O3b",
            "Reconnaissance by fire is US fire in its Combat Phase.",
        )?;
        ensure(
            s.has(Optional::Ammunition),
            "O3b",
            "An Ammunition and Supply rule.",
        )?;
        ensure(!firers.is_empty(), "O3b", "Name the units that fire.")?;
        ensure(
            self.map_of(s).contains(h),
            "O3b",
            "That hex is not on the map.",
        )?;
        ensure(
            self.check_target(s, Side::Us, h).is_err(),
            "O3b",
            "There are targets in sight there: fire at them.",
        )?;
        let blockers = ctx.blockers(self, s);
        for (i, &(id, units)) in firers.iter().enumerate() {
            ensure((id as usize) < s.counters.len(), "O3b", "No such unit.")?;
            ensure(
                !firers[..i].iter().any(|(x, _)| *x == id),
                "O3b",
                "A unit is named twice.",
            )?;
            ensure(s.c(id).side == Side::Us, "O3b", "Only US units fire.")?;
            self.can_fire(s, id, units)?;
            let from = s.c(id).hex.unwrap_or(NOWHERE);
            ensure(from != h, "O3b", "A unit does not fire into its own hex.")?;
            if let Err(b) = self.line(s, blockers, from, h, Sight::Fire) {
                return refuse(b.rule(), format!("{}: {}", self.who(s, id), b.words()));
            }
        }
        Ok(())
    }

    pub(crate) fn execute_recon(
        &self,
        s: &mut State,
        firers: &[(CounterId, u8)],
        h: Hex,
        ev: &mut Vec<Event>,
    ) {
        let pt = s.pt();
        for &(id, units) in firers {
            let c = s.cm(id);
            if c.fired != pt {
                c.fire_used = 0;
                c.first_target = Some(h);
            }
            c.fired = pt;
            c.fire_used += units;
            c.ammo = c.ammo.saturating_sub(units);
            c.work = None;
        }
        let people = s
            .at(h)
            .any(|c| c.side == Side::Nlf && c.face_down && c.role.is_person());
        ev.push(Event::ReconByFire {
            hex: h,
            people,
            firers: firers.iter().map(|f| f.0).collect(),
        });
        if !people {
            return;
        }
        self.reveal(s, h, RevealHow::ReconByFire, |c| c.role.is_person(), ev);
        let mut spec = AttackSpec::new(AttackKind::ReconByFire, Side::Us, h);
        spec.firers = firers.iter().map(|f| f.0).collect();
        spec.attack = self.fire_terms(s, firers);
        spec.targets = self.subjects(s, Side::Us, h, true);
        self.resolve(s, spec, ev);
    }
}
