//! O7 Artillery: a 105 mm battery of six guns on call to the Forward
//! Observers; one mission at a time.
//! - O7.1 Adjustment: a die says in which Game Turn's Combat Phase the F.O.
//!   may fire for effect (1-2 the next, 3-4 two, 5-6 three Game Turns on).
//! - O7.2 Fire effect: the Center of Impact in the F.O.'s sight (unlimited
//!   over open terrain); each gun attacks one hex at 6; every person in the
//!   hex, friend, foe or civilian, never materiel; a pinned F.O. may call.
//! - O7.3 Lifting and shifting: a second Center of Impact up to four hexes
//!   away in the same Combat Phase, the six guns shared.
//! - O7.4 Later missions: the Center of Impact moves up to 20 hexes without
//!   a new adjustment; never within six hexes of friendly troops in clear or
//!   broken terrain or four in forest (four and two when the F.O. is with or
//!   ahead of the forward-most unit).
//! - O7.5 Unobserved fire: two dice, range error north (even) or south
//!   (odd) and deflection east (even) or west (odd), a die settling which of
//!   two hexes is true east or west.

use crate::Grunt;
use crate::combat::AttackSpec;
use crate::command::Command;
use crate::data::{Cover, Optional, Role};
use crate::event::{AttackKind, Event, Term};
use crate::line_of_sight::Sight;
use crate::map::NOWHERE;
use crate::map::{Hex, distance, step};
use crate::state::*;
use crate::step::{Ctx, Step};
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::sort::StableSort;

impl Grunt {
    fn fos(&self, s: &State) -> Vec<CounterId> {
        s.on_map()
            .filter(|c| c.side == Side::Us && c.role == Role::ForwardObserver)
            .map(|c| c.id)
            .collect()
    }

    pub(crate) fn artillery_candidates(&self, s: &State, _ctx: &mut Ctx) -> Vec<Command> {
        let mut v = Vec::new();
        for fo in self.fos(s) {
            v.push(Command::RequestArtillery { fo });
        }
        if s.battery.ready.is_some_and(|r| r <= s.turn) {
            // Aiming points the US may know of: every face-down marker (B4:
            // the US cannot tell peasants from the NLF under it, so leaving
            // peasants out here told it which markers were people) and every
            // face-up NLF counter.
            let mut hexes: Vec<Hex> = s
                .on_map()
                .filter(|c| c.side == Side::Nlf && (c.face_down || c.role != Role::Peasants))
                .filter_map(|c| c.hex)
                .collect();
            hexes.stable_sort();
            hexes.dedup();
            for h in hexes {
                v.push(Command::Artillery {
                    coi: h,
                    shift: None,
                    shifted_guns: 0,
                });
            }
        }
        v
    }

    pub(crate) fn check_request_artillery(&self, s: &State, fo: CounterId) -> Checked {
        ensure(
            *s.step() == Step::Combat { side: Side::Us },
            "O7.1",
            "Fire is asked for in the US Combat Phase.",
        )?;
        ensure(
            s.has(Optional::Artillery),
            "O7",
            "The Artillery rule is not in play.",
        )?;
        ensure((fo as usize) < s.counters.len(), "O7", "No such unit.")?;
        let c = s.c(fo);
        ensure(
            c.side == Side::Us && c.role == Role::ForwardObserver && c.on_map(),
            "O7",
            "Only a Forward Observer on the map asks for fire.",
        )?;
        match s.battery.ready {
            Some(r) if r > s.turn => refuse(
                "O7",
                "The battery is already adjusting: one mission at a time.",
            ),
            Some(_) => {
                ensure(
                    s.battery.fired != s.pt(),
                    "O7",
                    "The battery fired this turn.",
                )?;
                ensure(
                    s.battery.coi.is_some(),
                    "O7.4",
                    "The battery is ready to fire for effect.",
                )
            }
            None => Ok(()),
        }
    }

    pub(crate) fn execute_request_artillery(
        &self,
        s: &mut State,
        fo: CounterId,
        ev: &mut Vec<Event>,
    ) {
        let die = s.rng.die(6);
        let turns = self
            .tables
            .adjustment
            .iter()
            .find(|r| r.low <= die && die <= r.high)
            .map(|r| r.turns.value)
            .unwrap_or(1);
        let ready = s.turn.saturating_add(turns);
        s.battery = Battery {
            ready: Some(ready),
            coi: None,
            fired: s.battery.fired,
            fo: Some(fo),
        };
        ev.push(Event::ArtilleryRequested {
            fo,
            die,
            turns,
            ready,
        });
    }

    /// The F.O. that observes for the battery.
    fn observer(&self, s: &State, near: Hex) -> Option<CounterId> {
        s.battery.fo.filter(|f| s.c(*f).on_map()).or_else(|| {
            self.fos(s)
                .into_iter()
                .min_by_key(|f| (distance(s.c(*f).hex.unwrap_or(NOWHERE), near), *f))
        })
    }

    /// O7.4: not within six hexes of friendly troops in clear or broken
    /// terrain, four in forest; four and two if the F.O. is with or ahead of
    /// the forward-most unit.
    fn check_coi_safety(&self, s: &State, coi: Hex) -> Checked {
        let a = &self.tables.artillery;
        let fo_d = self
            .observer(s, coi)
            .and_then(|f| s.c(f).hex)
            .map(|h| distance(h, coi));
        let units: Vec<&Counter> = s
            .on_map()
            .filter(|c| c.side == Side::Us && c.role.is_us_unit())
            .collect();
        let nearest = units
            .iter()
            .filter_map(|c| c.hex.map(|h| distance(h, coi)))
            .min();
        let forward = matches!((fo_d, nearest), (Some(f), Some(n)) if f <= n);
        for c in units {
            let h = c.hex.unwrap_or(NOWHERE);
            let cover = self.tables.terrain(self.map_of(s).terrain(h)).cover.value;
            let limit = match (cover, forward) {
                (Cover::Forest, false) => a.safety_forest.value,
                (Cover::Forest, true) => a.forward_forest.value,
                (_, false) => a.safety_open.value,
                (_, true) => a.forward_open.value,
            };
            let d = distance(h, coi);
            ensure_with(d > limit, "O7.4", || {
                format!(
                    "The Center of Impact may not be within {limit} hexes of {} ({d} away).",
                    self.who(s, c.id)
                )
            })?;
        }
        Ok(())
    }

    pub(crate) fn check_artillery(
        &self,
        s: &State,
        _ctx: &mut Ctx,
        coi: Hex,
        shift: Option<Hex>,
        shifted: u8,
    ) -> Checked {
        ensure(
            *s.step() == Step::Combat { side: Side::Us },
            "O7.2",
            "The battery fires in the US Combat Phase.",
        )?;
        ensure(
            s.has(Optional::Artillery),
            "O7",
            "The Artillery rule is not in play.",
        )?;
        let Some(ready) = s.battery.ready else {
            return refuse(
                "O7.1",
                "No fire has been asked for: an F.O. must ask first.",
            );
        };
        ensure_with(ready <= s.turn, "O7.1", || {
            format!("The battery fires for effect from Game Turn {ready}.")
        })?;
        ensure(
            s.battery.fired != s.pt(),
            "O7",
            "The battery has fired this Combat Phase.",
        )?;
        ensure(
            !self.fos(s).is_empty(),
            "O7",
            "No Forward Observer is on the map.",
        )?;
        let map = self.map_of(s);
        ensure(
            map.contains(coi),
            "O7.2",
            "The Center of Impact must be on the map.",
        )?;
        if let Some(prev) = s.battery.coi {
            let max = self.tables.artillery.subsequent_shift.value;
            ensure_with(distance(prev, coi) <= max, "O7.4", || {
                format!(
                    "More than {max} hexes from the last Center of Impact: ask for a new adjustment."
                )
            })?;
        }
        self.check_coi_safety(s, coi)?;
        let guns = self.tables.artillery.guns.value;
        match shift {
            None => ensure(shifted == 0, "O7.3", "No second Center of Impact."),
            Some(h2) => {
                ensure(
                    map.contains(h2),
                    "O7.3",
                    "The second Center of Impact must be on the map.",
                )?;
                let max = self.tables.artillery.shift.value;
                ensure_with(distance(coi, h2) <= max, "O7.3", || {
                    format!("Shift up to {max} hexes.")
                })?;
                ensure(
                    shifted >= 1 && shifted < guns,
                    "O7.3",
                    "Share the six guns between the two Centers of Impact.",
                )?;
                self.check_coi_safety(s, h2)
            }
        }
    }

    /// Can a US unit see this hex (O7.5)?
    fn observed(&self, s: &State, blockers: &[bool], h: Hex) -> bool {
        s.on_map()
            .filter(|c| c.side == Side::Us && c.role.is_us_unit())
            .any(|c| {
                let from = c.hex.unwrap_or(NOWHERE);
                let sight = if c.role == Role::ForwardObserver {
                    Sight::Observer
                } else {
                    Sight::Fire
                };
                self.line(s, blockers, from, h, sight).is_ok()
            })
    }

    /// O7.5: where an unobserved round really falls.
    fn fall_of_shot(&self, s: &mut State, aim: Hex) -> (Hex, (u8, u8, Option<u8>)) {
        let range = s.rng.die(6);
        let deflection = s.rng.die(6);
        let mut h = aim;
        let north = range.is_multiple_of(2);
        for _ in 0..range {
            h = step(h, if north { 0 } else { 3 });
        }
        let east = deflection.is_multiple_of(2);
        let (up, down) = if east { (1, 2) } else { (5, 4) };
        for _ in 0..deflection / 2 {
            h = step(step(h, up), down);
        }
        let mut tie = None;
        if deflection % 2 == 1 {
            let t = s.rng.die(6);
            tie = Some(t);
            h = step(
                h,
                if t <= self.tables.artillery.tie_low.value {
                    up
                } else {
                    down
                },
            );
        }
        (h, (range, deflection, tie))
    }

    /// The hexes of the pattern round a Center of Impact, the neighbour
    /// nearest the observer left out, `guns` long.
    pub fn pattern(&self, coi: Hex, observer: Option<Hex>, guns: u8) -> Vec<Hex> {
        let order = &self.tables.artillery.pattern.value;
        let skip =
            observer.and_then(|o| (0..6usize).min_by_key(|d| (distance(step(coi, *d), o), *d)));
        let mut v = vec![coi];
        v.extend(
            order
                .iter()
                .map(|d| *d as usize)
                .filter(|d| Some(*d) != skip)
                .map(|d| step(coi, d)),
        );
        v.truncate(guns as usize);
        v
    }

    pub(crate) fn execute_artillery(
        &self,
        s: &mut State,
        coi: Hex,
        shift: Option<Hex>,
        shifted: u8,
        ev: &mut Vec<Event>,
    ) {
        let pt = s.pt();
        let guns = self.tables.artillery.guns.value;
        let strength = self.tables.artillery.strength.value * 2;
        let mut aims = vec![(coi, guns - shifted)];
        if let Some(h2) = shift {
            aims.push((h2, shifted));
        }
        let mut last = coi;
        for (aim, n) in aims {
            let blockers = self.blockers(s);
            let (real, scatter) = if self.observed(s, &blockers, aim) {
                (aim, None)
            } else {
                let (h, dice) = self.fall_of_shot(s, aim);
                (h, Some(dice))
            };
            last = real;
            let obs = self.observer(s, real).and_then(|f| s.c(f).hex);
            let hexes = self.pattern(real, obs, n);
            ev.push(Event::ArtilleryFired {
                coi: real,
                intended: aim,
                scatter,
                guns: n,
                hexes: hexes.clone(),
            });
            for h in hexes {
                if !self.map_of(s).contains(h) {
                    continue;
                }
                let targets = self.everyone(s, h);
                if targets.is_empty() && s.at(h).next().is_none() {
                    continue;
                }
                let mut spec = AttackSpec::new(AttackKind::Artillery, Side::Us, h);
                spec.attack = vec![Term {
                    label: "one 105 mm gun".into(),
                    halves: strength,
                    rule: "O7.2".into(),
                }];
                spec.targets = targets;
                self.resolve(s, spec, ev);
            }
        }
        s.battery.coi = Some(last);
        s.battery.fired = pt;
    }
}
