//! O9 Air Strikes.
//! - O9.1 Pre-planned: the US writes down the Game Turn (on Game Turn 1,
//!   the landing-zone preparation, also the impact area); it comes then or
//!   never, before the troops land.
//! - O9.2 On-call: a secret die gives the Game Turns to wait; it comes then
//!   or is cancelled.
//! - O9.3 Procedure: eight hexes, each touching at least two others; four
//!   bomb runs, each attacking every hex at 9 against its terrain; a kill
//!   destroys the materiel in the hex (ammunition explodes and scores at
//!   once, the rest scores when US units pass through); none of it within
//!   four hexes of a friendly unit in open, broken, building or treeline
//!   terrain or six of one in forest, or three when a stream lies between.
//! - D5: each strike used gives the NLF 15 points (not under orders, C0).

use crate::Grunt;
use crate::combat::AttackSpec;
use crate::command::Command;
use crate::data::{Cover, Optional, OrderId, Role};
use crate::event::{AttackKind, Effect, Event, Hit, Term};
use crate::map::NOWHERE;
use crate::map::{Hex, distance, step};
use crate::state::*;
use crate::step::Step;
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::sort::StableSort;

impl Grunt {
    /// A standard impact area: the hex, its six neighbours and one more.
    pub fn strike_shape(&self, centre: Hex) -> Vec<Hex> {
        let mut v = vec![centre];
        v.extend((0..6).map(|d| step(centre, d)));
        v.push(step(step(centre, 0), 1));
        v
    }

    /// O9.3: eight hexes on the map, each beside two others, all joined;
    /// and clear of friendly units.
    pub fn check_area(&self, s: &State, area: &[Hex]) -> Checked {
        let t = &self.tables.air_strike;
        let n = t.hexes.value;
        let map = self.map_of(s);
        ensure_with(area.len() == n, "O9.3", || format!("Point out {n} hexes."))?;
        for (i, h) in area.iter().enumerate() {
            ensure(map.contains(*h), "O9.3", "Every hex must be on the map.")?;
            ensure(!area[..i].contains(h), "O9.3", "A hex is named twice.")?;
            let touching = area.iter().filter(|x| distance(**x, *h) == 1).count();
            ensure_with(touching >= t.neighbours.value, "O9.3", || {
                format!("{h} must touch at least two other hexes of the strike.")
            })?;
        }
        // One impact area: all joined.
        let mut seen = vec![area[0]];
        let mut i = 0;
        while i < seen.len() {
            let h = seen[i];
            for x in area {
                if distance(*x, h) == 1 && !seen.contains(x) {
                    seen.push(*x);
                }
            }
            i += 1;
        }
        ensure(
            seen.len() == area.len(),
            "O9.3",
            "The impact area must be one joined area.",
        )?;
        for c in s
            .on_map()
            .filter(|c| c.side == Side::Us && c.role.is_us_unit())
        {
            let u = c.hex.unwrap_or(NOWHERE);
            let cover = self.tables.terrain(map.terrain(u)).cover.value;
            let limit = if cover == Cover::Forest {
                t.safety_forest.value
            } else {
                t.safety_open.value
            };
            for h in area {
                let d = distance(u, *h);
                if d > limit {
                    continue;
                }
                let across = d >= t.safety_stream.value && map.river_across(u, *h);
                ensure_with(across, "O9.3", || {
                    format!(
                        "{h} is within {limit} hexes of {}, with no stream between.",
                        self.who(s, c.id)
                    )
                })?;
            }
        }
        Ok(())
    }

    // --- O9.1 pre-planned strikes, written at set-up ---

    pub(crate) fn may_plan_strikes(&self, s: &State) -> bool {
        match s.order {
            Some(o) => self.order(o).lz_strike,
            None => s.deployment_choice && s.has(Optional::AirStrikes),
        }
    }

    fn lz_required(&self, s: &State) -> bool {
        s.order.is_some_and(|o| self.order(o).lz_strike)
    }

    pub(crate) fn plan_candidates(&self, s: &State) -> Vec<Command> {
        let mut v = vec![Command::PlanDone];
        if !self.lz_required(s) {
            for t in 2..=s.turns.min(10) {
                v.push(Command::PlanStrike {
                    turn: t,
                    area: Vec::new(),
                });
            }
        }
        let map = self.map_of(s);
        let centres: Vec<Hex> = match map.area("battalion-lz") {
            Some(a) if self.lz_required(s) => a.hexes.clone(),
            _ => map
                .hexes()
                .filter(|h| h.col % 4 == 0 && h.row % 4 == 0)
                .collect(),
        };
        for c in centres {
            v.push(Command::PlanStrike {
                turn: 1,
                area: self.strike_shape(c),
            });
        }
        v
    }

    pub(crate) fn check_plan_strike(&self, s: &State, turn: u8, area: &[Hex]) -> Checked {
        ensure(
            *s.step() == Step::PlanStrikes,
            "O9.1",
            "Not the time to plan air strikes.",
        )?;
        ensure(
            turn >= 1 && turn <= s.turns,
            "O9.1",
            "A Game Turn of the game.",
        )?;
        ensure(
            !s.strikes.iter().any(|x| x.turn == turn),
            "O9",
            "One air strike a Game Turn.",
        )?;
        if self.lz_required(s) {
            ensure(
                turn == 1,
                "C2",
                "The order gives one strike: on the landing zone before the assault.",
            )?;
        }
        if turn == 1 {
            self.check_area(s, area)?;
            if self.lz_required(s) {
                let lz = self
                    .map_of(s)
                    .area("battalion-lz")
                    .map(|a| a.hexes.clone())
                    .unwrap_or_default();
                ensure(
                    area.iter().any(|h| lz.contains(h)),
                    "C2",
                    "The strike is on the landing zone.",
                )?;
            }
        } else {
            ensure(
                area.is_empty(),
                "O9.1",
                "Only the landing-zone preparation on Game Turn 1 has its area written in advance.",
            )?;
        }
        Ok(())
    }

    pub(crate) fn execute_plan_strike(
        &self,
        s: &mut State,
        turn: u8,
        area: &[Hex],
        ev: &mut Vec<Event>,
    ) {
        let award = s.order.is_none();
        s.strikes.push(Strike {
            kind: StrikeKind::PrePlanned,
            turn,
            area: area.to_vec(),
            done: false,
            cancelled: false,
            award,
        });
        ev.push(Event::StrikePlanned {
            turn,
            area: area.to_vec(),
        });
    }

    pub(crate) fn check_plan_done(&self, s: &State) -> Checked {
        ensure(
            *s.step() == Step::PlanStrikes,
            "O9.1",
            "Not the time to plan air strikes.",
        )?;
        if self.lz_required(s) {
            ensure(
                s.strikes.iter().any(|x| x.turn == 1),
                "C2",
                "Write down the landing-zone strike's eight hexes first.",
            )?;
        }
        Ok(())
    }

    pub(crate) fn execute_plan_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.planned = true;
        self.next_setup(s, ev);
    }

    // --- O9.2 on-call strikes ---

    pub(crate) fn check_request_strike(&self, s: &State) -> Checked {
        ensure(
            *s.step() == Step::Movement { side: Side::Us },
            "O9.2",
            "Air strikes are asked for in the US Movement Phase.",
        )?;
        ensure(
            s.has(Optional::AirStrikes),
            "O9",
            "The Air Strike rule is not in play.",
        )?;
        match s.strikes_left {
            Some(0) => refuse("O9.2", "No air strike is allotted."),
            _ => ensure(
                !s.strikes
                    .iter()
                    .any(|x| x.kind == StrikeKind::OnCall && !x.done && !x.cancelled),
                "O9.2",
                "An air strike is already on its way.",
            ),
        }
    }

    pub(crate) fn execute_request_strike(&self, s: &mut State, ev: &mut Vec<Event>) {
        let die = s.rng.die(self.tables.on_call_die.value);
        let turn = s.turn.saturating_add(die);
        if let Some(n) = s.strikes_left.as_mut() {
            *n = n.saturating_sub(1);
        }
        let award = s.order.is_none();
        s.strikes.push(Strike {
            kind: StrikeKind::OnCall,
            turn,
            area: Vec::new(),
            done: false,
            cancelled: false,
            award,
        });
        ev.push(Event::AirStrikeRequested { die, turn });
    }

    // --- O9.3 the strike ---

    /// At the start of the US Player Turn: strikes due this Game Turn come
    /// in (one a Game Turn; the rest are cancelled).
    pub(crate) fn strikes_due(&self, s: &mut State, ev: &mut Vec<Event>) {
        let per_turn = self.tables.air_strike.per_turn.value;
        for i in 0..s.strikes.len() {
            let x = s.strikes[i].clone();
            if x.done || x.cancelled || x.turn != s.turn {
                continue;
            }
            if s.strikes_this_turn >= per_turn {
                s.strikes[i].cancelled = true;
                ev.push(Event::StrikeCancelled { kind: x.kind });
                continue;
            }
            s.strikes_this_turn += 1;
            if !x.area.is_empty() {
                if self.check_area(s, &x.area).is_ok() {
                    self.bomb(s, i, &x.area, ev);
                } else {
                    s.strikes[i].cancelled = true;
                    ev.push(Event::StrikeCancelled { kind: x.kind });
                }
            } else {
                s.steps.push(Step::AirStrike { strike: i as u8 });
            }
        }
    }

    pub(crate) fn strike_candidates(&self, s: &State) -> Vec<Command> {
        let mut v = vec![Command::CancelStrike];
        let mut centres: Vec<Hex> = s
            .on_map()
            .filter(|c| c.side == Side::Nlf)
            .filter_map(|c| c.hex)
            .collect();
        centres.stable_sort();
        centres.dedup();
        for c in centres {
            v.push(Command::Strike {
                area: self.strike_shape(c),
            });
        }
        v
    }

    pub(crate) fn check_strike(&self, s: &State, area: &[Hex]) -> Checked {
        ensure(
            matches!(s.step(), Step::AirStrike { .. }),
            "O9.3",
            "No air strike is coming in now.",
        )?;
        self.check_area(s, area)
    }

    pub(crate) fn check_cancel_strike(&self, s: &State) -> Checked {
        ensure(
            matches!(s.step(), Step::AirStrike { .. }),
            "O9.3",
            "No air strike is coming in now.",
        )
    }

    pub(crate) fn execute_strike(&self, s: &mut State, area: &[Hex], ev: &mut Vec<Event>) {
        let Some(Step::AirStrike { strike }) = s.steps.pop() else {
            return;
        };
        self.bomb(s, strike as usize, area, ev);
    }

    pub(crate) fn execute_cancel_strike(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(Step::AirStrike { strike }) = s.steps.pop() else {
            return;
        };
        if let Some(x) = s.strikes.get_mut(strike as usize) {
            x.cancelled = true;
            ev.push(Event::StrikeCancelled { kind: x.kind });
        }
    }

    /// Four bomb runs over the eight hexes.
    fn bomb(&self, s: &mut State, i: usize, area: &[Hex], ev: &mut Vec<Event>) {
        let kind = s.strikes[i].kind;
        s.strikes[i].done = true;
        s.strikes[i].area = area.to_vec();
        ev.push(Event::StrikeIn {
            kind,
            area: area.to_vec(),
        });
        if s.strikes[i].award {
            let points = self.tables.air_strike.award.value;
            s.award(Side::Nlf, points, "air strike used", "D5", Reader::Both);
        }
        let t = &self.tables.air_strike;
        for run in 0..t.runs.value {
            for &h in area {
                if s.at(h).next().is_none() {
                    continue;
                }
                let mut spec = AttackSpec::new(AttackKind::AirStrike, Side::Us, h);
                spec.attack = vec![Term {
                    label: format!("bomb run {}", run + 1),
                    halves: t.strength.value * 2,
                    rule: "O9.3".into(),
                }];
                spec.targets = self.everyone(s, h);
                spec.materiel = true;
                self.resolve(s, spec, ev);
            }
        }
    }

    /// A kill in an air strike destroys the materiel in the hex: ammunition
    /// explodes and scores at once; the rest scores when US units pass
    /// through (O9.3, O11).
    pub(crate) fn destroy_materiel(
        &self,
        s: &mut State,
        id: CounterId,
        ev: &mut Vec<Event>,
    ) -> Effect {
        let c = s.c(id).clone();
        let marker = c.face_down.then_some(c.marker);
        self.remove(s, id, Gone::Destroyed, ev);
        let mut e = Effect {
            counter: id,
            role: c.role,
            side: c.side,
            marker,
            hit: Hit::Destroyed,
            pinned: false,
            points: 0,
            to: Side::Us,
            pending: false,
            sniper: false,
            dropped: None,
        };
        if c.side == Side::Nlf && c.role.is_cache() {
            let points = self.cache_points(s, c.role);
            e.points = points;
            let what = format!("{} destroyed from the air", self.ty(c.role).name);
            s.award(Side::Us, points, what, "O9.3", Reader::Both);
            if c.role != Role::Ammo
                && let Some(a) = s.ledger.last_mut()
            {
                a.pending = c.hex;
                e.pending = true;
            }
        }
        e
    }

    /// Strikes allotted by the order (C1A: two on call; others none).
    pub(crate) fn order_strikes(&self, o: OrderId) -> u8 {
        self.order(o).on_call_strikes.value
    }
}
