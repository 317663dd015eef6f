//! 26.0 Booby Traps and Claymore Mines, plotted in secret at set-up.

use crate::Fte;
use crate::command::Command;
use crate::data::{Effect, Role, Weapon};
use crate::describe::Names;
use crate::event::{AttackKind, CheckKind, Event, Mods};
use crate::fire::Attack;
use crate::geo::{Hex, HexExt};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::LogEntry;
use vt_core::hex::{Hex as Axial, distance};
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::sort::StableSort;

impl Fte {
    /// The first enemy unit into a Booby Trap hex sets it off: a Troop
    /// Quality Check, failed means a WIA (26.0). A stack picks one at random.
    pub(crate) fn booby_trap(
        &self,
        s: &mut State,
        units: &[UnitId],
        hex: Hex,
        ev: &mut Vec<Event>,
    ) {
        let Some(side) = units.first().map(|u| s.unit(*u).side) else {
            return;
        };
        let Some(i) = s.traps.iter().position(|t| {
            !t.used && t.kind == TrapKind::BoobyTrap && t.hex == hex && t.owner != side
        }) else {
            return;
        };
        s.traps[i].used = true;
        let owner = s.traps[i].owner;
        ev.push(Event::BoobyTrap { hex });
        let victim = if units.len() > 1 {
            units[s.rng.index(units.len())]
        } else {
            units[0]
        };
        if !self.tq_check(s, victim, CheckKind::BoobyTrap, Mods::new(), ev) {
            self.apply_effect(s, victim, Effect::WIA, owner, Some(hex), true, ev);
        }
    }

    /// A plotted Claymore here can be fired: unused, an unbroken US
    /// Infantry Unit in or next to it, and enemies in or assaulting it.
    pub(crate) fn claymore_ready(&self, s: &State, hex: Hex) -> bool {
        let plotted = s
            .traps
            .iter()
            .any(|t| !t.used && t.kind == TrapKind::Claymore && t.hex == hex);
        plotted && self.claymore_manned(s, hex) && !self.claymore_targets(s, hex).is_empty()
    }

    fn claymore_manned(&self, s: &State, hex: Hex) -> bool {
        s.on_map().any(|u| {
            u.side == Side::Us
                && self.is_infantry(u)
                && !self.is_marker_only(u)
                && !u.broken
                && u.hex.is_some_and(|h| h == hex || h.is_adjacent(hex))
        })
    }

    fn claymore_targets(&self, s: &State, hex: Hex) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = s
            .units_at(hex)
            .filter(|u| u.side == Side::Nva && self.role(u) != Role::Civilians)
            .map(|u| u.id)
            .collect();
        for i in &s.steps {
            if let Step::Assault(a) = i
                && a.hex == hex
                && a.side == Side::Nva
            {
                v.extend(
                    a.attackers
                        .iter()
                        .copied()
                        .filter(|u| s.unit(*u).status == UnitStatus::OnMap),
                );
            }
        }
        v.stable_sort();
        v.dedup();
        v
    }

    /// 26.0: the US may fire a ready Claymore at any time; offered on its
    /// own decisions (activation choice and actions).
    pub(crate) fn claymore_candidates(&self, s: &State, out: &mut Vec<Command>) {
        if s.active != Side::Us {
            return;
        }
        for t in s
            .traps
            .iter()
            .filter(|t| !t.used && t.kind == TrapKind::Claymore)
        {
            if self.claymore_ready(s, t.hex) {
                out.push(Command::DetonateAt { hex: t.hex });
            }
        }
    }

    pub(crate) fn check_detonate_at(&self, s: &State, hex: Hex) -> Checked {
        if s.active != Side::Us {
            return refuse("26.0", "only the US fires Claymores");
        }
        if !self.claymore_ready(s, hex) {
            return refuse(
                "26.0",
                "no Claymore plotted there with unbroken US infantry in or next to it and enemies in it",
            );
        }
        Ok(())
    }

    /// 26.0: a Claymore with no US infantry in or next to its hex is lost.
    pub(crate) fn prune_claymores(&self, s: &mut State) {
        let hexes: Vec<(usize, Hex)> = s
            .traps
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.used && t.kind == TrapKind::Claymore)
            .map(|(i, t)| (i, t.hex))
            .collect();
        for (i, h) in hexes {
            let manned = s.on_map().any(|u| {
                u.side == Side::Us
                    && self.is_infantry(u)
                    && !self.is_marker_only(u)
                    && u.hex.is_some_and(|x| x == h || x.is_adjacent(h))
            });
            if !manned {
                s.traps[i].used = true;
            }
        }
    }

    /// 26.0: the Claymore at `hex` goes off against the NVA/VC in its hex
    /// and those assaulting it.
    pub(crate) fn detonate(&self, s: &mut State, hex: Hex, ev: &mut Vec<Event>) {
        for t in s.traps.iter_mut() {
            if !t.used && t.kind == TrapKind::Claymore && t.hex == hex {
                t.used = true;
            }
        }
        ev.push(Event::Claymore { hex });
        for t in self.claymore_targets(s, hex) {
            if s.unit(t).status != UnitStatus::OnMap {
                continue;
            }
            let a = Attack {
                kind: AttackKind::Claymore,
                firers: Vec::new(),
                primary: None,
                rating: self.tables.claymore_fire.value,
                weapon: Weapon::HE,
                target: t,
                from: Some(hex),
                observed: false,
                opfire: None,
                no_terrain: false,
                concealed_override: None,
            };
            if let Some(e) = self.roll_attack(s, &a, ev) {
                self.apply_effect(s, t, e, Side::Us, Some(hex), false, ev);
            }
        }
    }

    /// May `side` plot a trap in `hex` (26.0)?
    pub(crate) fn plot_ok(&self, s: &State, side: Side, hex: Hex) -> bool {
        self.plot_test(s, side)(hex)
    }

    /// [`Fte::plot_ok`] for many hexes: the map and the US infantry's hexes
    /// looked up once.
    fn plot_test<'a>(&'a self, s: &'a State, side: Side) -> impl Fn(Hex) -> bool + 'a {
        let map = self.map_of(s);
        // In axial terms, so each test converts the hex asked once rather
        // than both hexes of every pair (a set-up list asks every hex near
        // every US Infantry Unit).
        let infantry: Vec<Axial> = match side {
            Side::Us => self.claymore_men(s).map(|h| h.axial()).collect(),
            Side::Nva => Vec::new(),
        };
        move |hex: Hex| {
            if !map.in_play(hex) || s.traps.iter().any(|t| t.hex == hex) {
                return false;
            }
            match side {
                // NVA/VC Booby Traps only in Trail or Cache hexes.
                Side::Nva => map.has_trail(hex) || s.caches.iter().any(|c| c.hex == hex && !c.gone),
                // Claymores in or next to a US Infantry Unit.
                Side::Us => {
                    let hx = hex.axial();
                    infantry.iter().any(|&uh| distance(uh, hx) <= 1)
                }
            }
        }
    }

    /// The hexes of the US Infantry Units a Claymore goes in or next to (26.0).
    fn claymore_men<'a>(&'a self, s: &'a State) -> impl Iterator<Item = Hex> + 'a {
        s.on_map()
            .filter(|u| u.side == Side::Us && self.is_infantry(u) && !self.is_marker_only(u))
            .filter_map(|u| u.hex)
    }

    pub(crate) fn plot_hexes(&self, s: &State, side: Side) -> Vec<Hex> {
        let mut near: Vec<Hex> = match side {
            // Only Trail and cache hexes can pass the test: those, rather
            // than every hex of the map (a set-up list asks after each
            // trap plotted).
            Side::Nva => self.trap_sites(s).collect(),
            Side::Us => self.claymore_men(s).flat_map(|h| h.within(1)).collect(),
        };
        near.stable_sort();
        near.dedup();
        let ok = self.plot_test(s, side);
        near.retain(|h| ok(*h));
        near
    }

    /// The only hexes an NVA/VC Booby Trap may go in, Trail and cache
    /// hexes (26.0), before the test: those, rather than every hex of the
    /// map (a set-up list asks after each trap plotted). Unsorted, a hex
    /// may come twice.
    fn trap_sites<'a>(&'a self, s: &'a State) -> impl Iterator<Item = Hex> + 'a {
        let trails = self.map_of(s).trail_hexes().iter().copied();
        trails.chain(s.caches.iter().filter(|c| !c.gone).map(|c| c.hex))
    }

    /// Whether `plot_hexes` would list any hex, without listing them.
    pub(crate) fn any_plot_hex(&self, s: &State, side: Side) -> bool {
        let ok = self.plot_test(s, side);
        match side {
            Side::Nva => self.trap_sites(s).any(ok),
            Side::Us => self
                .claymore_men(s)
                .any(|h| h.within(1).into_iter().any(&ok)),
        }
    }

    /// 26.0: traps and Claymores are plotted in secret at set-up.
    pub(crate) fn check_plot(&self, s: &State, side: Side, hex: Hex) -> Checked {
        ensure(s.to_plot[side.idx()] > 0, "26.0", "nothing left to plot")?;
        ensure(
            self.plot_ok(s, side, hex),
            "26.0",
            match side {
                Side::Nva => "Booby Traps go in Trail or Cache hexes, one per hex",
                Side::Us => "Claymores go in or next to a US Infantry Unit, one per hex",
            },
        )
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_booby_traps(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::BoobyTrap { hex } => {
                LogEntry::text(format!("A Booby Trap goes off at {hex} (26.0)."))
            }
            Event::Claymore { hex } => {
                LogEntry::text(format!("A Claymore is detonated at {hex} (26.0)."))
            }
            other => n.misrouted(other),
        }
    }
}
