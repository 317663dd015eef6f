//! D0 the NLF orders of battle (and the Day-to-Day declaration), D1-D5 the
//! Deployment Options, D6 (and A7) reinforcement calls: written in secret,
//! arriving three US Movement Phases later, by helicopter or on the road
//! written on the slip.

use crate::Grunt;
use crate::command::Command;
use crate::data::{Column, Deployment, Force, Role};
use crate::event::Event;
use crate::state::*;
use crate::step::Step;
use vt_core::provenance::Sourced;
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};

impl Grunt {
    pub(crate) fn deployment_candidates(&self) -> Vec<Command> {
        self.oob
            .deployments
            .iter()
            .map(|d| Command::ChooseDeployment {
                deployment: d.deployment,
            })
            .collect()
    }

    pub(crate) fn check_deployment(&self, s: &State, d: Deployment) -> Checked {
        ensure(
            *s.step() == Step::ChooseDeployment,
            "D1-D3",
            "Not the time to choose a deployment.",
        )?;
        ensure(
            self.oob.deployment(d).is_some(),
            "D1-D3",
            "No such deployment.",
        )
    }

    /// The company less the platoon: the remainder of a Bait (D2).
    fn remainder(&self) -> Vec<(Role, Sourced<u8>)> {
        let company = self
            .oob
            .force(Force::Company)
            .map(|f| f.counts.clone())
            .unwrap_or_default();
        let platoon = self
            .oob
            .force(Force::Platoon)
            .map(|f| f.counts.clone())
            .unwrap_or_default();
        company
            .into_iter()
            .map(|(r, n)| {
                let less = platoon
                    .iter()
                    .find(|(pr, _)| *pr == r)
                    .map_or(0, |(_, p)| p.value);
                (
                    r,
                    Sourced {
                        value: n.value.saturating_sub(less),
                        source: n.source,
                    },
                )
            })
            .collect()
    }

    pub(crate) fn execute_deployment(&self, s: &mut State, d: Deployment, ev: &mut Vec<Event>) {
        let Some(row) = self.oob.deployment(d).cloned() else {
            return;
        };
        s.deployment = Some(d);
        let how = if row.ground {
            Arrival::Road
        } else {
            Arrival::Helicopter
        };
        let company = self
            .oob
            .force(Force::Company)
            .map(|f| f.counts.clone())
            .unwrap_or_default();
        if row.bait {
            let platoon = self
                .oob
                .force(Force::Platoon)
                .map(|f| f.counts.clone())
                .unwrap_or_default();
            self.add_us(s, &platoon, Group::First, Some(1), how, None);
            let rest = self.remainder();
            self.add_us(s, &rest, Group::Second, None, how, None);
        } else {
            self.add_us(s, &company, Group::First, Some(1), how, None);
        }
        // D4: a second company may be called in any option.
        self.add_us(s, &company, Group::Company, None, how, None);
        s.award(
            Side::Nlf,
            row.award.value,
            format!("deployment: {}", row.name),
            "D1-D3",
            Reader::Only(Side::Us),
        );
        ev.push(Event::DeploymentChosen { deployment: d });
        self.next_setup(s, ev);
    }

    pub(crate) fn oob_candidates(&self, s: &State) -> Vec<Command> {
        self.oob
            .nlf
            .iter()
            .filter(|c| c.standard == s.standard())
            .map(|c| Command::ChooseOob { column: c.column })
            .collect()
    }

    pub(crate) fn check_oob(&self, s: &State, column: Column) -> Checked {
        ensure(
            *s.step() == Step::ChooseOob,
            "D0",
            "Not the time to choose an order of battle.",
        )?;
        let Some(c) = self.oob.column(column) else {
            return refuse("D0", "No such order of battle.");
        };
        ensure(
            c.standard == s.standard(),
            "D0",
            "That order of battle belongs to the other game.",
        )
    }

    pub(crate) fn execute_oob(&self, s: &mut State, column: Column, ev: &mut Vec<Event>) {
        s.column = Some(column);
        self.add_nlf(s, column);
        if let Some(c) = self.oob.column(column) {
            s.award(
                Side::Us,
                c.award.value,
                format!("NLF order of battle: {}", c.name),
                "D0",
                Reader::Only(Side::Nlf),
            );
        }
        ev.push(Event::OobChosen { column });
        self.next_setup(s, ev);
    }

    // --- D6 calls ---

    /// May `group` be called now, and where may it enter?
    fn callable(&self, s: &State, group: Group) -> Checked {
        let waiting = s.counters.iter().any(|c| {
            c.status == Status::Waiting
                && c.waiting
                    .is_some_and(|w| w.group == group && w.turn.is_none())
        });
        ensure(
            waiting,
            "D6",
            "Nothing of that kind is waiting to be called.",
        )?;
        match (group, s.order) {
            (Group::First, _) => refuse("D6", "The first landing is not called."),
            (Group::Second, None) => ensure(
                s.deployment
                    .is_some_and(|d| matches!(d, Deployment::Bait | Deployment::GroundBait)),
                "D2",
                "Only a Bait deployment has the rest of its company on call.",
            ),
            (Group::Company, Some(crate::data::OrderId::EagleFlight)) => ensure(
                s.engaged,
                "C3",
                "The company is committed once the Rangers are engaged or uncover a cache other than rice.",
            ),
            (Group::Company, None) => Ok(()),
            _ => refuse("D6", "Not under these orders."),
        }
    }

    pub(crate) fn call_candidates(&self, s: &State) -> Vec<Command> {
        let mut v = Vec::new();
        let road = s.counters.iter().any(|c| {
            c.status == Status::Waiting && c.waiting.is_some_and(|w| w.arrival == Arrival::Road)
        });
        for g in [Group::Second, Group::Company] {
            if self.callable(s, g).is_err() {
                continue;
            }
            if road {
                for i in 0..self.map_of(s).entries.len() {
                    v.push(Command::Call {
                        group: g,
                        entry: Some(i as u8),
                    });
                }
            } else {
                v.push(Command::Call {
                    group: g,
                    entry: None,
                });
            }
        }
        v
    }

    pub(crate) fn check_call(&self, s: &State, group: Group, entry: Option<u8>) -> Checked {
        ensure(
            *s.step() == Step::Movement { side: Side::Us },
            "D6",
            "Calls are written in the US Movement Phase.",
        )?;
        self.callable(s, group)?;
        let road = s.counters.iter().any(|c| {
            c.status == Status::Waiting
                && c.waiting
                    .is_some_and(|w| w.group == group && w.arrival == Arrival::Road)
        });
        match (road, entry) {
            (true, Some(e)) => {
                ensure_with((e as usize) < self.map_of(s).entries.len(), "D6", || {
                    "No such road entry.".to_string()
                })
            }
            (true, None) => refuse("D6", "Write on the slip which road they enter by."),
            (false, Some(_)) => refuse("D6", "They come by helicopter: no road to name."),
            (false, None) => Ok(()),
        }
    }

    pub(crate) fn execute_call(
        &self,
        s: &mut State,
        group: Group,
        entry: Option<u8>,
        ev: &mut Vec<Event>,
    ) {
        let delay = match s.order {
            Some(o) => self
                .order(o)
                .commit_delay
                .as_ref()
                .map_or(self.tables.reinforcement_delay.value, |d| d.value),
            None => self.tables.reinforcement_delay.value,
        };
        let arrives = s.turn.saturating_add(delay);
        for c in s.counters.iter_mut() {
            if c.status == Status::Waiting
                && let Some(w) = c.waiting.as_mut()
                && w.group == group
                && w.turn.is_none()
            {
                w.turn = Some(arrives);
                w.entry = entry;
            }
        }
        s.calls.push(Call {
            group,
            turn: s.turn,
            arrives,
            entry,
        });
        if s.order.is_some() {
            s.committed = Some(s.turn);
        } else {
            let points = match group {
                Group::Second => s
                    .deployment
                    .and_then(|d| self.oob.deployment(d))
                    .map_or(0, |d| d.remainder.value),
                _ => self.oob.second_company.value,
            };
            let what = match group {
                Group::Second => "the rest of the company committed",
                _ => "a second company called in",
            };
            s.award(Side::Nlf, points, what, "D2-D4", Reader::Only(Side::Us));
        }
        ev.push(Event::CallWritten {
            group,
            turn: s.turn,
            arrives,
            entry,
        });
    }

    /// At the start of the US Player Turn: forces due now are announced
    /// (the call slip is shown, D6).
    pub(crate) fn arrivals(&self, s: &mut State, ev: &mut Vec<Event>) {
        for g in [Group::First, Group::Second, Group::Company] {
            let units: Vec<CounterId> = s
                .counters
                .iter()
                .filter(|c| {
                    c.status == Status::Waiting
                        && c.waiting
                            .is_some_and(|w| w.group == g && w.turn == Some(s.turn))
                })
                .map(|c| c.id)
                .collect();
            if units.is_empty() {
                continue;
            }
            let called = s
                .calls
                .iter()
                .find(|c| c.group == g && c.arrives == s.turn)
                .map(|c| c.turn);
            ev.push(Event::Arriving {
                group: g,
                called,
                units,
            });
        }
    }

    // --- D0 Day-to-Day ---

    pub(crate) fn check_declare(&self, s: &State) -> Checked {
        ensure(
            *s.step() == Step::Movement { side: Side::Us },
            "D0",
            "The US declares in its own Player Turn.",
        )?;
        ensure(s.standard(), "D0", "A Standard Game rule.")?;
        ensure(
            s.day_to_day.is_none(),
            "D0",
            "Day-to-Day has been declared already.",
        )?;
        ensure(
            s.turn <= 4,
            "D0",
            "Day-to-Day must be declared by the end of the fourth US Player Turn.",
        )
    }

    pub(crate) fn execute_declare(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.day_to_day = Some(s.turn);
        ev.push(Event::DayToDayDeclared { turn: s.turn });
    }
}
