//! 6.9 Snipers and 6.9.1 Detaching snipers.
//!
//! A VC/NVA sniper fires as a fire team (pins apply) without losing the
//! initiative when it fails; it may fire reactively and seize the
//! initiative, and is never marked NO FIRE ([`crate::reactive_fire`],
//! [`crate::fire`]). It stays where it is placed; a withdrawn sniper leaves
//! play for good. Killed, it leaves a casualty marker; contacted in close
//! combat it dies. A USMC sniper team (one to a company) moves as a stand,
//! fires as a fire team with its pins read as suppressions, fires once an
//! initiative and only if it stays still, and loses the initiative when it
//! fails. Any sniper may always target a Command Group it sees.
//!
//! A VC/NVA fire team in terrain giving cover may detach one sniper during
//! its initiative; it must then withdraw off its own edge with what it
//! carries, firing only reactively.

use crate::CrossfireVn;
use crate::command::Command;
use crate::data::Role;
use crate::event::Event;
use crate::setup::role_type;
use crate::state::*;
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::tabletop::{HUNDREDTH, Point};

impl CrossfireVn {
    /// 6.9.1: the team stands in terrain that gives cover from fire.
    pub fn in_cover_terrain(&self, s: &State, p: Point) -> bool {
        let t = self.table_of(s);
        t.pieces_at(p)
            .any(|i| self.terrain_of(&t.features[i]).direct_cover)
    }

    pub(crate) fn check_detach_sniper(&self, s: &State, team: StandId, at: Point) -> Checked {
        self.in_initiative(s)?;
        let Some(st) = s.get(team) else {
            return refuse("6.9.1", "No such stand.");
        };
        ensure(
            st.side == s.initiative && st.side == Side::VcNva && st.on_table(),
            "6.9.1",
            "Only a VC/NVA fire team with the initiative detaches a sniper.",
        )?;
        ensure(
            self.unit_type(st).role == Role::FireTeam,
            "6.9.1",
            "Only a fire team detaches a sniper.",
        )?;
        ensure(
            !st.detached,
            "6.9.1",
            "A fire team detaches at most one sniper.",
        )?;
        ensure_with(st.status != Status::Suppressed, "base 6.5.2", || {
            format!("{} is suppressed.", st.label)
        })?;
        ensure(
            self.in_cover_terrain(s, st.at),
            "6.9.1",
            "The fire team must be in terrain that gives cover from fire.",
        )?;
        let Some(unit) = role_type(&self.data, Side::VcNva, Role::Sniper) else {
            return refuse("6.9.1", "No sniper stand in the data.");
        };
        let ghost = Stand {
            id: u16::MAX,
            unit,
            at,
            ..st.clone()
        };
        ensure(
            self.within(st, &ghost, self.rules().snipers.detach_range.value),
            "6.9.1",
            "Place the sniper within one stand width of its fire team.",
        )?;
        ensure(
            self.feature_at(s, at) == self.feature_at(s, st.at),
            "6.9.1",
            "Place the sniper in the same terrain as its fire team.",
        )?;
        self.check_standing(s, &ghost, at, st.facing, "6.9.1")
    }

    pub(crate) fn execute_detach_sniper(
        &self,
        s: &mut State,
        team: StandId,
        at: Point,
        ev: &mut Vec<Event>,
    ) {
        let Some(unit) = role_type(&self.data, Side::VcNva, Role::Sniper) else {
            return;
        };
        let st = s.stand(team).clone();
        let id = s.stands.len() as StandId;
        s.stands.push(Stand {
            id,
            unit,
            label: format!("{} sniper", st.label),
            squad: st.squad,
            at,
            carrying: Vec::new(),
            medevac_done: false,
            shots: 0,
            moved: false,
            no_fire: false,
            withdrawing: false,
            detached: false,
            status: Status::Ok,
            ..st.clone()
        });
        let x = s.stand_mut(team);
        x.detached = true;
        x.withdrawing = true;
        ev.push(Event::SniperDetached {
            team,
            sniper: id,
            at,
            hidden: st.hidden,
        });
    }

    pub(crate) fn check_withdraw_sniper(&self, s: &State, id: StandId) -> Checked {
        self.in_initiative(s)?;
        let Some(st) = s.get(id) else {
            return refuse("6.9", "No such stand.");
        };
        ensure(
            st.side == s.initiative && st.on_table() && self.unit_type(st).role == Role::Sniper,
            "6.9",
            "Withdraw only your own VC/NVA snipers.",
        )
    }

    pub(crate) fn execute_withdraw_sniper(&self, s: &mut State, id: StandId, ev: &mut Vec<Event>) {
        let dropped = self.drop_all(s, id, ev);
        let _ = dropped;
        let hidden = s.stand(id).hidden;
        s.stand_mut(id).presence = Presence::Withdrawn;
        ev.push(Event::SniperWithdrawn { sniper: id, hidden });
        self.check_end(s, ev);
    }

    pub(crate) fn sniper_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        for st in s.side_on_table(side) {
            match self.unit_type(st).role {
                Role::Sniper => out.push(Command::WithdrawSniper { sniper: st.id }),
                Role::FireTeam if side == Side::VcNva && !st.detached => {
                    let at = [(1.6, 0.0), (-1.6, 0.0), (0.0, 1.6), (0.0, -1.6)][st.id as usize % 4];
                    out.push(Command::DetachSniper {
                        team: st.id,
                        at: Point::new(st.at.x + at.0, st.at.y + at.1).snapped(HUNDREDTH),
                    });
                }
                _ => {}
            }
        }
    }
}

use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_snipers(&self, s: Option<&State>, e: &Event) -> LogEntry {
        match e {
            Event::SniperDetached { team, hidden, .. } => {
                let text = format!(
                    "{} detaches a sniper and withdraws (6.9.1).",
                    self.who(s, *team)
                );
                if *hidden {
                    LogEntry::text(text)
                        .private_to(Side::VcNva.idx() as u8, "VC/NVA act out of sight.")
                } else {
                    LogEntry::text(text)
                }
            }
            Event::SniperWithdrawn { sniper, hidden } => {
                let text = format!("{} is withdrawn from play (6.9).", self.who(s, *sniper));
                if *hidden {
                    LogEntry::text(text)
                        .private_to(Side::VcNva.idx() as u8, "VC/NVA act out of sight.")
                } else {
                    LogEntry::text(text)
                }
            }
            _ => LogEntry::text(format!("{e:?}")),
        }
    }
}
