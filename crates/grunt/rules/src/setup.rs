//! B4 Setting Up the Game, B6 (the solitaire scatter), B7b (peasants): a new
//! game from a scenario and options, the order of the set-up decisions, and
//! the NLF's face-down placement.

use crate::Grunt;
use crate::command::Command;
use crate::data::{Column, Level, Mode, Optional, Role, Terrain};
use crate::event::Event;
use crate::map::{Hex, distance};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::{Setup, SetupError};
use vt_core::refusal::{Checked, ensure, ensure_with};
use vt_core::rng::GameRng;
use vt_core::sort::StableSort;

impl Grunt {
    pub(crate) fn start(&self, setup: &Setup) -> Result<State, SetupError> {
        let sc = self
            .scenario(&setup.scenario)
            .ok_or_else(|| SetupError::UnknownScenario(setup.scenario.clone()))?;
        let mut options = Options::default();
        let mut turns = self.tables.turns.value;
        for (k, v) in &setup.options {
            if k == "turns" {
                let n: u8 = v.parse().map_err(|_| SetupError::BadOption {
                    key: k.clone(),
                    message: format!("'{v}' is not a number of Game Turns"),
                })?;
                let max = self.tables.max_turns.value;
                if n == 0 || n > max {
                    return Err(SetupError::BadOption {
                        key: k.clone(),
                        message: format!("between 1 and {max} Game Turns (D0)"),
                    });
                }
                turns = n;
                continue;
            }
            let Some(o) = Optional::ALL.iter().find(|o| o.key() == k) else {
                return Err(SetupError::BadOption {
                    key: k.clone(),
                    message: "no such option".into(),
                });
            };
            let on = match v.as_str() {
                "off" | "false" | "no" | "0" => false,
                "on" | "true" | "yes" | "1" => true,
                "extended" if *o == Optional::FieldsOfFire => {
                    options.extended_fields = true;
                    true
                }
                _ => {
                    return Err(SetupError::BadOption {
                        key: k.clone(),
                        message: format!("'{v}': on or off"),
                    });
                }
            };
            if on && !options.on.contains(o) {
                options.on.push(*o);
            }
        }
        for o in &sc.optional {
            if !options.on.contains(o) {
                options.on.push(*o);
            }
        }
        options.on.stable_sort();
        if sc.level == Level::Basic {
            // The optional rules are added to the Standard Game; the Basic
            // and solitaire games play without them.
            options = Options::default();
        }
        let mut s = State {
            rng: GameRng::seeded(setup.seed),
            scenario: sc.id.clone(),
            map: sc.map.clone(),
            level: sc.level,
            mode: sc.mode,
            options,
            chain_of_command: sc.chain_of_command,
            deployment_choice: sc.deployment,
            turn: 0,
            turns,
            active: Side::Us,
            phase: Phase::SetUp,
            steps: Vec::new(),
            counters: Vec::new(),
            casualties: Vec::new(),
            ledger: Vec::new(),
            zones: Vec::new(),
            battery: Battery {
                ready: None,
                coi: None,
                fired: 0,
                fo: None,
            },
            strikes: Vec::new(),
            helicopters: Vec::new(),
            interrogations: Vec::new(),
            interrogated: 0,
            exposed: Vec::new(),
            reports: Vec::new(),
            calls: Vec::new(),
            heli_hexes: Vec::new(),
            heli_pt: 0,
            probed: Vec::new(),
            lifting: Vec::new(),
            next_marker: 1,
            next_casualty: 0,
            order: None,
            order_drawn: false,
            column: sc.nlf_column,
            deployment: None,
            day_to_day: None,
            committed: None,
            engaged: false,
            strikes_this_turn: 0,
            strikes_left: None,
            planned: false,
            placed: false,
            result: None,
            summary: String::new(),
        };
        if !sc.deployment && !sc.chain_of_command {
            let force = self
                .oob
                .force(sc.us_force)
                .map(|f| f.counts.clone())
                .unwrap_or_default();
            self.add_us(
                &mut s,
                &force,
                Group::First,
                Some(1),
                Arrival::Helicopter,
                None,
            );
        }
        if let Some(c) = sc.nlf_column {
            self.add_nlf(&mut s, c);
        }
        let mut ev = Vec::new();
        self.next_setup(&mut s, &mut ev);
        Ok(s)
    }

    /// Adds waiting US counters.
    pub(crate) fn add_us(
        &self,
        s: &mut State,
        counts: &[(Role, vt_core::provenance::Sourced<u8>)],
        group: Group,
        turn: Option<u8>,
        arrival: Arrival,
        entry: Option<u8>,
    ) {
        for (role, n) in counts {
            for _ in 0..n.value {
                let id = s.counters.len() as CounterId;
                let mut c = Counter::new(id, *role, Side::Us);
                c.waiting = Some(WaitingFor {
                    turn,
                    arrival,
                    group,
                    entry,
                });
                c.ammo = if *role == Role::AmmoSupply {
                    self.tables.ammunition.supply.value
                } else {
                    self.tables.ammunition.us.value
                };
                s.counters.push(c);
            }
        }
    }

    /// Adds the NLF counters of a column, in an order drawn from the seed
    /// (so neither ids nor marker numbers follow the data file).
    pub(crate) fn add_nlf(&self, s: &mut State, column: Column) {
        let Some(col) = self.oob.column(column) else {
            return;
        };
        let mut roles: Vec<Role> = Vec::new();
        for (r, n) in &col.counts {
            if *r == Role::Ambush && !s.has(Optional::Ambush) {
                continue;
            }
            for _ in 0..n.value {
                roles.push(*r);
            }
        }
        s.rng.shuffle(&mut roles);
        for r in roles {
            let id = s.counters.len() as CounterId;
            let mut c = Counter::new(id, r, Side::Nlf);
            c.marker = s.next_marker;
            s.next_marker += 1;
            c.face_down = true;
            c.ammo = self.tables.ammunition.nlf.value;
            s.counters.push(c);
        }
    }

    /// The next set-up decision, or the start of play.
    pub(crate) fn next_setup(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.steps.clear();
        let step = if s.chain_of_command && s.order.is_none() {
            Some(Step::ChooseOrders)
        } else if s.deployment_choice && s.deployment.is_none() {
            Some(Step::ChooseDeployment)
        } else if !s.planned && self.may_plan_strikes(s) {
            Some(Step::PlanStrikes)
        } else if s.column.is_none() {
            Some(Step::ChooseOob)
        } else if !s.placed {
            if s.mode == Mode::Solitaire {
                self.scatter(s, ev);
                None
            } else {
                Some(Step::PlaceNlf)
            }
        } else {
            None
        };
        match step {
            Some(st) => s.steps.push(st),
            None => self.begin_game(s, ev),
        }
    }

    /// Hexes where nothing may be set up or landed (B4): within four hexes
    /// of the map edges.
    pub fn in_edge_band(&self, s: &State, h: Hex) -> bool {
        self.map_of(s).edge_distance(h) < self.tables.edge_band.value
    }

    /// NLF counters still to be placed.
    pub(crate) fn to_place(&self, s: &State) -> impl Iterator<Item = CounterId> {
        s.counters
            .iter()
            .filter(|c| {
                c.side == Side::Nlf && c.status == Status::Waiting && c.role != Role::Ambush
            })
            .map(|c| c.id)
            .collect::<Vec<_>>()
            .into_iter()
    }

    pub(crate) fn place_candidates(&self, s: &State) -> Vec<Command> {
        let mut v = Vec::new();
        match self.to_place(s).next() {
            Some(next) => {
                v.push(Command::PlaceRest);
                for h in self.map_of(s).hexes() {
                    v.push(Command::Place {
                        counter: next,
                        hex: h,
                    });
                }
            }
            None => v.push(Command::PlacementDone),
        }
        v
    }

    /// B4, B7b, S6: may the NLF put this counter face down here?
    pub(crate) fn check_place(&self, s: &State, id: CounterId, h: Hex) -> Checked {
        ensure(*s.step() == Step::PlaceNlf, "B4", "Not the NLF set-up.")?;
        ensure((id as usize) < s.counters.len(), "B4", "No such counter.")?;
        let c = s.c(id);
        ensure(
            c.side == Side::Nlf,
            "B4",
            "The NLF places only its own counters.",
        )?;
        ensure(
            c.role != Role::Ambush,
            "O5",
            "Ambush counters are laid during play.",
        )?;
        ensure(
            matches!(c.status, Status::Waiting | Status::OnMap),
            "B4",
            "That counter is not to be placed.",
        )?;
        self.check_place_hex(s, id, h)
    }

    fn check_place_hex(&self, s: &State, id: CounterId, h: Hex) -> Checked {
        let map = self.map_of(s);
        ensure(map.contains(h), "B4", "That hex is not on the map.")?;
        ensure(
            !self.in_edge_band(s, h),
            "B4",
            "No counter may be placed within four hexes of the map edges.",
        )?;
        let c = s.c(id);
        let others = || s.at(h).filter(move |x| x.id != id);
        if s.level == Level::Basic {
            ensure(
                others().next().is_none(),
                "B2",
                "One counter to a hex in the Basic Game.",
            )?;
        }
        if c.role == Role::Peasants {
            let t = map.terrain(h);
            ensure(
                t != Terrain::Forest,
                "B7b",
                "Peasants may not be placed in forest.",
            )?;
            if t == Terrain::Treeline {
                let in_treeline = s
                    .on_map()
                    .filter(|x| x.role == Role::Peasants && x.id != id)
                    .filter(|x| x.hex.is_some_and(|xh| map.terrain(xh) == Terrain::Treeline))
                    .count();
                let max = self.tables.peasants_in_treeline.value as usize;
                ensure_with(in_treeline < max, "B7b", || {
                    format!("At most {max} peasant counters in treeline hexes.")
                })?;
            }
        }
        if s.standard() {
            let person = c.role.is_person();
            if person {
                ensure(
                    !others().any(|x| x.role == Role::BoobyTrap),
                    "S6",
                    "Peasants and NLF units may not be placed on a booby trap.",
                )?;
            }
            if c.role == Role::BoobyTrap {
                ensure(
                    !others().any(|x| x.role.is_person()),
                    "S6",
                    "A booby trap may not be placed under peasants or NLF units.",
                )?;
            }
        }
        Ok(())
    }

    pub(crate) fn execute_place(&self, s: &mut State, id: CounterId, h: Hex, ev: &mut Vec<Event>) {
        let c = s.cm(id);
        c.status = Status::OnMap;
        c.hex = Some(h);
        c.face_down = true;
        ev.push(Event::Placed {
            counter: id,
            role: c.role,
            marker: c.marker,
            hex: h,
        });
    }

    pub(crate) fn check_placement_end(&self, s: &State, c: &Command) -> Checked {
        ensure(*s.step() == Step::PlaceNlf, "B4", "Not the NLF set-up.")?;
        if *c == Command::PlacementDone {
            ensure(
                self.to_place(s).next().is_none(),
                "B4",
                "Every counter of the order of battle must be placed.",
            )?;
        } else {
            ensure(
                self.to_place(s).next().is_some(),
                "B4",
                "Everything is placed.",
            )?;
        }
        Ok(())
    }

    /// The rest placed at random on hexes where each may legally go.
    pub(crate) fn execute_place_rest(&self, s: &mut State, ev: &mut Vec<Event>) {
        let map = self.map_of(s);
        let hexes: Vec<Hex> = map.hexes().filter(|h| !self.in_edge_band(s, *h)).collect();
        let ids: Vec<CounterId> = self.to_place(s).collect();
        let mut n = 0;
        for id in ids {
            let mut cands: Vec<Hex> = hexes
                .iter()
                .copied()
                .filter(|h| self.check_place_hex(s, id, *h).is_ok())
                .collect();
            // Keep to empty hexes where there are some.
            let empty: Vec<Hex> = cands
                .iter()
                .copied()
                .filter(|h| s.at(*h).next().is_none())
                .collect();
            if !empty.is_empty() {
                cands = empty;
            }
            if cands.is_empty() {
                continue;
            }
            let h = cands[s.rng.index(cands.len())];
            let c = s.cm(id);
            c.status = Status::OnMap;
            c.hex = Some(h);
            c.face_down = true;
            n += 1;
        }
        ev.push(Event::PlacedAtRandom { count: n });
    }

    pub(crate) fn execute_placement_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.placed = true;
        self.next_setup(s, ev);
    }

    /// B6: every NLF, peasant and dummy counter face down, shuffled, one in
    /// each building hex and the rest one a hex, scattered.
    pub(crate) fn scatter(&self, s: &mut State, ev: &mut Vec<Event>) {
        let map = self.map_of(s);
        let mut ids: Vec<CounterId> = self.to_place(s).collect();
        s.rng.shuffle(&mut ids);
        let inner: Vec<Hex> = map.hexes().filter(|h| !self.in_edge_band(s, *h)).collect();
        let buildings: Vec<Hex> = inner
            .iter()
            .copied()
            .filter(|h| map.terrain(*h) == Terrain::Buildings)
            .collect();
        let mut used: Vec<Hex> = Vec::new();
        let mut queue = ids.into_iter();
        for h in buildings {
            let Some(id) = queue.next() else { break };
            used.push(h);
            let c = s.cm(id);
            c.status = Status::OnMap;
            c.hex = Some(h);
            c.face_down = true;
        }
        let spacing = self.tables.scatter_spacing.value;
        for id in queue {
            let free: Vec<Hex> = inner
                .iter()
                .copied()
                .filter(|h| !used.contains(h))
                .collect();
            let spaced: Vec<Hex> = free
                .iter()
                .copied()
                .filter(|h| used.iter().all(|u| distance(*u, *h) >= spacing))
                .collect();
            let pool = if spaced.is_empty() { &free } else { &spaced };
            if pool.is_empty() {
                break;
            }
            let h = pool[s.rng.index(pool.len())];
            used.push(h);
            let c = s.cm(id);
            c.status = Status::OnMap;
            c.hex = Some(h);
            c.face_down = true;
        }
        s.placed = true;
        ev.push(Event::Scattered {
            count: used.len() as u16,
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::tests::util::*;
    use crate::*;
    use vt_core::engine::{Ruleset, Setup};

    // Grunt B6: the solitaire counters are scattered one a hex, one in
    // every building hex, none within four hexes of an edge, all face down.
    #[test]
    fn b6_scatter_one_a_hex_and_every_building() {
        let g = Grunt::embedded();
        let s = g.new_game(&Setup::new("solitaire", 3)).unwrap();
        let map = g.map_of(&s);
        let nlf: Vec<_> = s.counters.iter().filter(|c| c.side == Side::Nlf).collect();
        assert!(nlf.iter().all(|c| c.face_down && c.on_map()));
        let mut hexes: Vec<_> = nlf.iter().map(|c| c.hex.unwrap()).collect();
        hexes.stable_sort();
        hexes.dedup();
        assert_eq!(hexes.len(), nlf.len(), "one counter a hex");
        assert!(hexes.iter().all(|h| !g.in_edge_band(&s, *h)));
        for h in map.hexes() {
            if map.terrain(h) == data::Terrain::Buildings && !g.in_edge_band(&s, h) {
                assert!(hexes.contains(&h), "building {h} empty");
            }
        }
        // The game waits for the US landing.
        assert_eq!(
            g.decision(&s).kind_as::<step::Kind>(),
            Some(step::Kind::Landing)
        );
    }

    // Grunt B4: nothing within four hexes of the map edges; B7b: peasants
    // not in forest, at most two in treeline hexes; B2: one a hex (Basic).
    #[test]
    fn b4_b7b_placement_limits() {
        let g = Grunt::embedded();
        let s = g.new_game(&Setup::new("basic", 3)).unwrap();
        assert_eq!(
            g.decision(&s).kind_as::<step::Kind>(),
            Some(step::Kind::PlaceNlf)
        );
        let peasant = s
            .counters
            .iter()
            .find(|c| c.role == data::Role::Peasants)
            .unwrap()
            .id;
        let edge = h("04.10");
        assert!(g.in_edge_band(&s, edge));
        let e = g
            .check(
                &s,
                &Command::Place {
                    counter: peasant,
                    hex: edge,
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "Grunt B4");
        let forest = first_hex(&g, &s, |t| t == data::Terrain::Forest);
        let e = g
            .check(
                &s,
                &Command::Place {
                    counter: peasant,
                    hex: forest,
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "Grunt B7b");
        let trees: Vec<_> = all_hexes(&g, &s, |t| t == data::Terrain::Treeline);
        let peasants: Vec<_> = s
            .counters
            .iter()
            .filter(|c| c.role == data::Role::Peasants)
            .map(|c| c.id)
            .collect();
        let mut s = s;
        for (i, p) in peasants.iter().take(2).enumerate() {
            g.apply(
                &mut s,
                &Command::Place {
                    counter: *p,
                    hex: trees[i],
                },
            )
            .unwrap();
        }
        let e = g
            .check(
                &s,
                &Command::Place {
                    counter: peasants[2],
                    hex: trees[2],
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "Grunt B7b");
        let other = s
            .counters
            .iter()
            .find(|c| c.role == data::Role::Rice)
            .unwrap()
            .id;
        let e = g
            .check(
                &s,
                &Command::Place {
                    counter: other,
                    hex: trees[0],
                },
            )
            .unwrap_err();
        assert_eq!(e.rule, "Grunt B2");
    }
}
