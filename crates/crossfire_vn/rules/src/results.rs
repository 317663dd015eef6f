//! 6.5 Fire effects and results: a miss, a pin, a suppression or a kill
//! (worked out as in base Crossfire: CF6.5.1-6.5.3). A killed stand leaves
//! play and a casualty marker takes its place; a killed heavy weapon
//! leaves an equipment marker as well, which the enemy may capture for
//! points. What a killed stand carried is put down where it fell.
//!
//! Vehicles and helicopters are no stands of troops: armour is harmed only
//! by anti-armour fire (6.11); a soft vehicle takes results as a stand; a
//! helicopter hit hard enough to suppress breaks off and one killed is
//! destroyed with its load put down (our reading).

use crate::CrossfireVn;
use crate::data::Role;
use crate::event::{Effect, Event, RevealWhy};
use crate::state::*;

impl CrossfireVn {
    /// Applies a result to a stand (6.5): a pin pins an unpinned stand
    /// (CF6.5.1), a suppression suppresses, or kills a stand already
    /// suppressed (an option, CF6.5.2), a kill kills.
    pub(crate) fn apply_effect(
        &self,
        s: &mut State,
        id: StandId,
        effect: Effect,
        ev: &mut Vec<Event>,
    ) {
        if effect == Effect::Miss || !s.stand(id).on_table() {
            return;
        }
        if s.stand(id).hidden {
            self.reveal(s, id, RevealWhy::Barrage, ev);
        }
        let u = self.unit_of(s, id);
        if u.flies {
            match effect {
                Effect::Kill => self.destroy(s, id, ev),
                Effect::Suppress => {
                    ev.push(Event::BrokeOff { stand: id });
                    self.drop_all(s, id, ev);
                    s.stand_mut(id).presence = Presence::Exited;
                }
                _ => {}
            }
            return;
        }
        if u.armoured {
            if effect == Effect::Kill {
                self.destroy(s, id, ev);
            }
            return;
        }
        let from = s.stand(id).status;
        let to = match (effect, from) {
            (Effect::Kill, _) => None,
            (Effect::Suppress, Status::Suppressed) if s.readings.second_suppression_kills => None,
            (Effect::Suppress, _) => Some(Status::Suppressed),
            (Effect::Pin, Status::Ok) => Some(Status::Pinned),
            (_, st) => Some(st),
        };
        match to {
            None if effect == Effect::Suppress => self.kill_as(s, id, true, ev),
            None => self.kill(s, id, ev),
            Some(to) => {
                s.stand_mut(id).status = to;
                ev.push(Event::Hit {
                    stand: id,
                    effect,
                    from,
                    to,
                });
            }
        }
    }

    /// 6.5: the stand leaves play; a casualty marker (and for a heavy
    /// weapon an equipment marker) is put where it stood. A vehicle or a
    /// helicopter is destroyed instead.
    pub(crate) fn kill(&self, s: &mut State, id: StandId, ev: &mut Vec<Event>) {
        self.kill_as(s, id, false, ev);
    }

    fn kill_as(&self, s: &mut State, id: StandId, again: bool, ev: &mut Vec<Event>) {
        let u = self.unit_of(s, id);
        if u.is_vehicle() || u.flies {
            self.destroy(s, id, ev);
            return;
        }
        let heavy = u.heavy;
        let st = s.stand(id).clone();
        let dropped = self.drop_all(s, id, ev);
        let casualty = Some(self.new_marker(s, MarkerKind::Casualty, st.side, st.at, Some(id)));
        let equipment =
            heavy.then(|| self.new_marker(s, MarkerKind::Equipment, st.side, st.at, Some(id)));
        let x = s.stand_mut(id);
        x.presence = Presence::Killed;
        x.hidden = false;
        x.status = Status::Ok;
        ev.push(Event::Killed {
            stand: id,
            at: st.at,
            again,
            casualty,
            equipment,
            dropped,
        });
        self.check_end(s, ev);
    }

    /// Medics, Aid Posts and snipers are eliminated outright when contacted
    /// in close combat (6.5, 6.9): killed as any stand (a casualty marker).
    pub(crate) fn auto_kill(&self, s: &mut State, id: StandId, ev: &mut Vec<Event>) {
        ev.push(Event::AutoKilled { stand: id });
        self.kill(s, id, ev);
    }

    /// A vehicle or helicopter destroyed: what it carried is put down.
    pub(crate) fn destroy(&self, s: &mut State, id: StandId, ev: &mut Vec<Event>) {
        let at = s.stand(id).at;
        let dropped = self.drop_all(s, id, ev);
        let x = s.stand_mut(id);
        x.presence = Presence::Killed;
        x.hidden = false;
        ev.push(Event::Destroyed {
            stand: id,
            at,
            dropped,
        });
        self.check_end(s, ev);
    }

    /// Puts down every marker a stand carries where it stands.
    pub(crate) fn drop_all(
        &self,
        s: &mut State,
        id: StandId,
        _ev: &mut Vec<Event>,
    ) -> Vec<MarkerId> {
        let at = s.stand(id).at;
        let carried = std::mem::take(&mut s.stand_mut(id).carrying);
        for m in &carried {
            s.markers[*m as usize].place = MarkerPlace::Ground(at);
        }
        carried
    }

    pub(crate) fn new_marker(
        &self,
        s: &mut State,
        kind: MarkerKind,
        side: Side,
        at: vt_core::tabletop::Point,
        from: Option<StandId>,
    ) -> MarkerId {
        let id = s.markers.len() as MarkerId;
        s.markers.push(Marker {
            id,
            kind,
            side,
            place: MarkerPlace::Ground(at),
            from,
        });
        id
    }

    /// 6.5 (our reading, C3): an enemy stand of troops ending a move within
    /// one stand width of an equipment marker captures it.
    pub(crate) fn capture_equipment(&self, s: &mut State, id: StandId, ev: &mut Vec<Event>) {
        let st = s.stand(id).clone();
        let u = self.unit_type(&st);
        if !st.on_table() || !u.is_troops() || matches!(u.role, Role::Sniper) {
            return;
        }
        let range = self.rules().sw(self.rules().equipment.capture_range.value);
        let base = self.base(&st);
        for m in 0..s.markers.len() {
            let mk = &s.markers[m];
            if mk.kind != MarkerKind::Equipment || mk.side == st.side {
                continue;
            }
            let Some(p) = mk.ground() else {
                continue;
            };
            if base.distance_to_point(p) < range {
                s.markers[m].place = MarkerPlace::Captured;
                ev.push(Event::EquipmentCaptured {
                    marker: m as MarkerId,
                    by: id,
                });
            }
        }
    }
}

use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_results(&self, s: Option<&State>, e: &Event) -> LogEntry {
        let t = match e {
            Event::Hit { stand, to, .. } => {
                format!("{} is {} (6.5).", self.who(s, *stand), to.name())
            }
            Event::Killed {
                stand,
                equipment,
                again,
                ..
            } => format!(
                "{}{} is killed: a casualty marker{} takes its place (6.5).",
                self.who(s, *stand),
                if *again {
                    ", suppressed and suppressed again (base 6.5.2),"
                } else {
                    ""
                },
                if equipment.is_some() {
                    " and an equipment marker"
                } else {
                    ""
                }
            ),
            Event::Destroyed { stand, dropped, .. } => format!(
                "{} is destroyed{}.",
                self.who(s, *stand),
                if dropped.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; {} casualty marker(s) it carried fall where it was",
                        dropped.len()
                    )
                }
            ),
            Event::BrokeOff { stand } => {
                format!("{} breaks off and leaves the table.", self.who(s, *stand))
            }
            Event::EquipmentCaptured { by, .. } => {
                format!("{} captures an enemy weapon (6.5).", self.who(s, *by))
            }
            _ => format!("{e:?}"),
        };
        LogEntry::text(t)
    }
}
