//! A4 Interrogation: an ARVN unit stacked with peasants (and with an
//! American unit of any type) may interrogate them; at the end of the next
//! complete Game Turn a die is rolled on the Interrogation Results Table.
//! One roll a Game Turn; at most one NLF unit of each type exposed a game;
//! a porter gives two rolls; exposed units may no longer be moved.

use crate::Grunt;
use crate::command::Command;
use crate::data::Role;
use crate::event::{Event, Shown};
use crate::map::NOWHERE;
use crate::map::distance;
use crate::state::*;
use crate::step::Step;
use vt_core::refusal::{Checked, ensure};

impl Grunt {
    /// Is the interrogation still set up: the ARVN unit with its subject and
    /// an American unit?
    fn interrogation_holds(&self, s: &State, arvn: CounterId, subject: CounterId) -> bool {
        let a = s.c(arvn);
        let Some(h) = a.hex.filter(|_| a.on_map()) else {
            return false;
        };
        let sub = s.c(subject);
        sub.in_play()
            && sub.hex == Some(h)
            && s.at(h)
                .any(|x| x.side == Side::Us && x.role.is_us_unit() && !x.role.is_arvn())
    }

    pub(crate) fn interrogation_candidates(&self, s: &State) -> Vec<Command> {
        let mut v = Vec::new();
        for a in s
            .on_map()
            .filter(|c| c.side == Side::Us && c.role.is_arvn())
        {
            let h = a.hex.unwrap_or(NOWHERE);
            for x in s.counters.iter() {
                let subject = (x.at(h) && x.role == Role::Peasants && !x.face_down)
                    || (x.role == Role::Porter && x.status == Status::Carried && x.hex == Some(h));
                if subject {
                    v.push(Command::Interrogate {
                        arvn: a.id,
                        subject: x.id,
                    });
                }
            }
        }
        v
    }

    pub(crate) fn check_interrogate(
        &self,
        s: &State,
        arvn: CounterId,
        subject: CounterId,
    ) -> Checked {
        ensure(
            *s.step() == Step::Discovery,
            "A4",
            "ARVN units stop to interrogate after moving.",
        )?;
        ensure(s.standard(), "A4", "A Standard Game rule.")?;
        ensure(
            (arvn as usize) < s.counters.len() && (subject as usize) < s.counters.len(),
            "A4",
            "No such counter.",
        )?;
        let a = s.c(arvn);
        ensure(
            a.side == Side::Us && a.role.is_arvn() && a.on_map(),
            "A4",
            "Only ARVN units interrogate.",
        )?;
        let x = s.c(subject);
        let ok = (x.role == Role::Peasants && x.on_map() && !x.face_down)
            || (x.role == Role::Porter && x.status == Status::Carried);
        ensure(ok, "A4", "Peasants, or captured porters, are interrogated.")?;
        ensure(
            x.hex == a.hex,
            "A4",
            "The ARVN unit must be stacked with them.",
        )?;
        ensure(
            self.interrogation_holds(s, arvn, subject),
            "A4",
            "The ARVN unit must be stacked with an American unit for the interrogation to work.",
        )?;
        ensure(
            !s.interrogations
                .iter()
                .any(|i| !i.done && (i.arvn == arvn || i.subject == subject)),
            "A4",
            "Already under way.",
        )
    }

    pub(crate) fn execute_interrogate(
        &self,
        s: &mut State,
        arvn: CounterId,
        subject: CounterId,
        ev: &mut Vec<Event>,
    ) {
        s.interrogations.push(Interrogation {
            arvn,
            subject,
            started: s.turn,
            done: false,
        });
        ev.push(Event::InterrogationStarted { arvn, subject });
    }

    /// End of a Game Turn: interrogations begun in the Game Turn before are
    /// rolled (one roll a Game Turn; the others wait).
    pub(crate) fn interrogations(&self, s: &mut State, ev: &mut Vec<Event>) {
        for i in 0..s.interrogations.len() {
            let it = s.interrogations[i].clone();
            if it.done || it.started >= s.turn {
                continue;
            }
            if !self.interrogation_holds(s, it.arvn, it.subject) {
                s.interrogations[i].done = true;
                ev.push(Event::InterrogationLapsed {
                    arvn: it.arvn,
                    subject: it.subject,
                });
                continue;
            }
            if s.interrogated == s.turn {
                continue;
            }
            s.interrogated = s.turn;
            s.interrogations[i].done = true;
            let rolls = if s.c(it.subject).role == Role::Porter {
                2
            } else {
                1
            };
            let h = s.c(it.arvn).hex.unwrap_or(NOWHERE);
            for k in 0..rolls {
                let die = s.rng.die(6);
                let row = self
                    .tables
                    .interrogation
                    .rows
                    .iter()
                    .find(|r| r.low <= die && die <= r.high);
                let kinds: Vec<Role> = row
                    .map(|r| r.exposes.clone())
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|r| !s.exposed.contains(r))
                    .collect();
                let target = s
                    .on_map()
                    .filter(|c| c.side == Side::Nlf && kinds.contains(&c.role))
                    .min_by_key(|c| (c.hex.map_or(u32::MAX, |x| distance(x, h)), c.id))
                    .map(|c| c.id);
                let why = match (&row, target) {
                    (Some(r), _) if r.exposes.is_empty() => "nothing learned".to_string(),
                    (_, None) if kinds.is_empty() => {
                        "that type was already exposed this game".to_string()
                    }
                    (_, None) => "no such unit on the map".to_string(),
                    (_, Some(_)) => "the nearest of its type".to_string(),
                };
                let mut exposed = None;
                let mut at = None;
                if let Some(t) = target {
                    let pt = s.pt();
                    let c = s.cm(t);
                    let marker = c.marker;
                    c.face_down = false;
                    c.exposed = true;
                    c.revealed = pt;
                    let role = c.role;
                    at = c.hex;
                    s.exposed.push(role);
                    if role.is_cache()
                        && role != Role::Rice
                        && s.order == Some(crate::data::OrderId::EagleFlight)
                    {
                        s.engaged = true;
                    }
                    exposed = Some(Shown {
                        counter: t,
                        role,
                        marker,
                    });
                }
                ev.push(Event::InterrogationRoll {
                    die,
                    second: k == 1,
                    exposed,
                    hex: at,
                    why,
                });
            }
        }
    }
}
