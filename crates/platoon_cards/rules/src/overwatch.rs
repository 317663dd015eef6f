//! Notes: TURN SEQUENCE, overwatch: a platoon on overwatch may fire at any
//! point later in the turn, its sections at different moments as targets
//! appear; the first to fire triggers the platoon's morale check (a bad
//! one: no fire); at the end of the turn every platoon still on overwatch
//! has its go and takes its check even if it holds its fire.
//!
//! The moments are chances given to the other side while one side acts
//! (a [`Step::Reaction`], marked as an interrupt): after each element's
//! move or shot, as it enters a minefield or cuts wire, as it charges in
//! (point-blank fire, Chart: CLOSE ASSAULT), as an aircraft passes (Chart:
//! GROUND TO AIR FIRE); snipers may fire in any of them. Whether the chance
//! is offered depends only on what the acting side may know: that the
//! other side has snipers left, a hidden platoon on overwatch or hidden
//! cards under a helicopter's path; or else that one of its visible
//! stands really could fire.

use crate::PlatoonCards;
use crate::command::{Aim, AirTarget, Command};
use crate::data::WeaponKind;
use crate::event::Event;
use crate::fire::FireCtx;
use crate::sections::*;
use crate::state::*;
use crate::step::{MoraleWhy, Pending, Step, Trigger, TriggerKind};
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::sort::StableSort;

impl PlatoonCards {
    pub(crate) fn offer_reaction(&self, s: &mut State, trigger: Trigger, ev: &mut Vec<Event>) {
        if s.winner.is_some() || s.stands.get(trigger.by as usize).is_none() {
            return;
        }
        let reactor = s.stand(trigger.by).side.other();
        if s.holding_fire == Some(reactor) {
            return;
        }
        let air = matches!(
            trigger.kind,
            TriggerKind::Flew { .. } | TriggerKind::AirStrike { .. }
        );
        let public_maybe = self.snipers_left(s, reactor) > 0
            || s.platoons
                .iter()
                .any(|p| p.side == reactor && p.overwatch.is_some() && p.card_marker.is_some())
            || (air && self.hidden_cards(s, reactor) > 0);
        let step = Step::Reaction {
            side: reactor,
            trigger,
        };
        if !public_maybe && !self.any_reaction(s, reactor, &step) {
            return;
        }
        s.steps.push(step);
        ev.push(Event::ReactionOffered { side: reactor });
    }

    /// Could a visible stand of the reactor really fire now?
    fn any_reaction(&self, s: &State, reactor: Side, step: &Step) -> bool {
        let Step::Reaction { trigger, .. } = step else {
            return false;
        };
        for id in self.overwatch_stands(s, reactor, None) {
            let st = s.stand(id);
            for w in self.firing_weapons(st) {
                for t in self.nearest_enemies(s, st, 3) {
                    if self.plan_shot(s, id, w, t, FireCtx::Overwatch).is_ok() {
                        return true;
                    }
                }
            }
        }
        match &trigger.kind {
            TriggerKind::Charged { target } => {
                self.point_blank_firers(s, *target).iter().any(|&id| {
                    self.firing_weapons(s.stand(id)).into_iter().any(|w| {
                        self.plan_shot(s, id, w, trigger.by, FireCtx::PointBlank)
                            .is_ok()
                    })
                })
            }
            TriggerKind::Flew { path } => s.on_table().any(|st| {
                st.side == reactor
                    && self
                        .air_defence(s, st.id, AirTarget::Helicopter(trigger.by), path)
                        .is_ok()
            }),
            TriggerKind::AirStrike { strike, path } => s.on_table().any(|st| {
                st.side == reactor
                    && self
                        .air_defence(s, st.id, AirTarget::Strike(*strike), path)
                        .is_ok()
            }),
            _ => false,
        }
    }

    /// The chance in words (public: the hand-over screen shows it).
    pub fn prompt(&self, s: &State, t: &Trigger) -> String {
        let who = self.stand_name(s, t.by);
        let side = s.stand(t.by).side.other();
        let what = match &t.kind {
            TriggerKind::Moved => format!("{who} has moved"),
            TriggerKind::Fired => format!("{who} has fired"),
            TriggerKind::Charged { .. } => format!("{who} charges in: point-blank fire"),
            TriggerKind::Minefield { marker } => format!("{who} enters mine strip {marker}"),
            TriggerKind::WireCutting { .. } => format!("{who} is cutting wire"),
            TriggerKind::Flew { .. } => format!("{who} flies past: ground-to-air fire"),
            TriggerKind::AirStrike { .. } => {
                "An air strike runs in: ground-to-air fire".to_string()
            }
        };
        format!(
            "{what}. {}: fire from overwatch, snipers, or pass.",
            side.name()
        )
    }

    pub fn rule_of(t: &Trigger) -> &'static str {
        match t.kind {
            TriggerKind::Charged { .. } => CLOSE_ASSAULT,
            TriggerKind::Minefield { .. } => MINES,
            TriggerKind::WireCutting { .. } => WIRE,
            TriggerKind::Flew { .. } | TriggerKind::AirStrike { .. } => GROUND_TO_AIR,
            _ => TURN_NOTES,
        }
    }

    fn nearest_enemies(&self, s: &State, st: &Stand, n: usize) -> Vec<StandId> {
        let mut v: Vec<(f64, StandId)> = s
            .on_table()
            .filter(|e| e.side != st.side && !e.hidden && !e.airborne)
            .map(|e| (e.pos.distance(st.pos), e.id))
            .filter(|(d, _)| *d <= 42.0)
            .collect();
        v.stable_sort_by(|a, b| a.0.total_cmp(&b.0));
        v.into_iter().take(n).map(|x| x.1).collect()
    }

    fn firing_weapons(&self, st: &Stand) -> Vec<u8> {
        self.unit(st)
            .weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| !matches!(w.kind, WeaponKind::Rockets))
            .map(|(i, _)| i as u8)
            .collect()
    }

    /// Shots a stand could take now (a sample: its nearest enemies).
    pub(crate) fn fire_candidates(&self, s: &State, st: &Stand, out: &mut Vec<Command>) {
        if st.gone.is_some() || st.status == Status::Disrupted {
            return;
        }
        for w in self.firing_weapons(st) {
            for t in self.nearest_enemies(s, st, 4) {
                out.push(Command::Fire {
                    stand: st.id,
                    weapon: w,
                    target: Aim::Stand(t),
                });
            }
        }
    }

    fn overwatch_stands(&self, s: &State, side: Side, only: Option<PlatoonId>) -> Vec<StandId> {
        s.stands
            .iter()
            .filter(|st| {
                st.side == side
                    && st.alive()
                    && !st.this_turn.overwatch_fired
                    && only.is_none_or(|p| st.platoon == p)
                    && s.platoon(st.platoon)
                        .overwatch
                        .is_some_and(|o| !o.stood_down)
            })
            .map(|st| st.id)
            .collect()
    }

    pub(crate) fn reaction_candidates(
        &self,
        s: &State,
        side: Side,
        trigger: &Trigger,
        out: &mut Vec<Command>,
    ) {
        for id in self.overwatch_stands(s, side, None) {
            let st = s.stand(id);
            for w in self.firing_weapons(st) {
                for t in self.nearest_enemies(s, st, 3) {
                    out.push(Command::OverwatchFire {
                        stand: id,
                        weapon: w,
                        target: Aim::Stand(t),
                    });
                }
            }
        }
        match &trigger.kind {
            TriggerKind::Charged { target } if s.stands.get(*target as usize).is_some() => {
                for id in self.point_blank_firers(s, *target) {
                    for w in self.firing_weapons(s.stand(id)) {
                        out.push(Command::PointBlank {
                            stand: id,
                            weapon: w,
                            target: trigger.by,
                        });
                    }
                }
            }
            TriggerKind::Flew { .. } | TriggerKind::AirStrike { .. } => {
                let target = match trigger.kind {
                    TriggerKind::AirStrike { strike, .. } => AirTarget::Strike(strike),
                    _ => AirTarget::Helicopter(trigger.by),
                };
                for st in s.on_table() {
                    if st.side == side && !st.airborne {
                        out.push(Command::AirDefence {
                            stand: st.id,
                            target,
                        });
                    }
                }
            }
            _ => {}
        }
        self.sniper_candidates(s, side, out);
        out.push(Command::Pass);
        out.push(Command::HoldFire);
    }

    pub(crate) fn end_overwatch_candidates(
        &self,
        s: &State,
        platoon: PlatoonId,
        out: &mut Vec<Command>,
    ) {
        let side = s.platoon(platoon).side;
        for id in self.overwatch_stands(s, side, Some(platoon)) {
            let st = s.stand(id);
            for w in self.firing_weapons(st) {
                for t in self.nearest_enemies(s, st, 3) {
                    out.push(Command::OverwatchFire {
                        stand: id,
                        weapon: w,
                        target: Aim::Stand(t),
                    });
                }
            }
        }
        self.sniper_candidates(s, side, out);
        out.push(Command::EndOverwatch);
    }

    pub(crate) fn check_overwatch_fire(
        &self,
        s: &State,
        stand: StandId,
        weapon: u8,
        target: Aim,
    ) -> Checked {
        let side = match s.step() {
            Step::Reaction { side, .. } => *side,
            Step::EndOverwatch { platoon } => {
                let Some(st) = s.stands.get(stand as usize) else {
                    return refuse(TURN_NOTES, "No such stand.");
                };
                ensure(
                    st.platoon == *platoon,
                    TURN_NOTES,
                    "It is not in the platoon having its go.",
                )?;
                s.platoon(*platoon).side
            }
            _ => {
                return refuse(
                    TURN_NOTES,
                    "Overwatch fires while the enemy acts, or at the end of the turn.",
                );
            }
        };
        let Some(st) = s.stands.get(stand as usize) else {
            return refuse(TURN_NOTES, "No such stand.");
        };
        ensure(st.side == side, TURN_NOTES, "That stand is not yours.")?;
        let o = s.platoon(st.platoon).overwatch;
        ensure(o.is_some(), TURN_NOTES, "Its platoon is not on overwatch.")?;
        ensure(
            o.is_some_and(|o| !o.stood_down),
            TURN_NOTES,
            "Its platoon failed its morale check: no overwatch fire.",
        )?;
        ensure(
            !st.this_turn.overwatch_fired,
            TURN_NOTES,
            "It has fired from overwatch already.",
        )?;
        self.fire_check(s, stand, weapon, target, FireCtx::Overwatch)
    }

    pub(crate) fn execute_overwatch_fire(
        &self,
        s: &mut State,
        stand: StandId,
        weapon: u8,
        target: Aim,
        ev: &mut Vec<Event>,
    ) {
        let p = s.stand(stand).platoon;
        let taken = s.platoon(p).overwatch.is_some_and(|o| o.morale_taken);
        if taken {
            self.overwatch_shot(s, stand, weapon, target, ev);
        } else {
            // The first to fire triggers the platoon's check.
            s.steps.push(Step::Resolve(Pending::OverwatchShot {
                stand,
                weapon,
                target,
            }));
            s.steps.push(Step::Morale {
                platoon: p,
                why: MoraleWhy::Overwatch,
            });
        }
    }

    pub(crate) fn overwatch_shot(
        &self,
        s: &mut State,
        stand: StandId,
        weapon: u8,
        target: Aim,
        ev: &mut Vec<Event>,
    ) {
        let Aim::Stand(t) = target else {
            return;
        };
        let p = s.stand(stand).platoon;
        if s.platoon(p).overwatch.is_none_or(|o| o.stood_down) {
            return;
        }
        if let Ok(shot) = self.plan_shot(s, stand, weapon, t, FireCtx::Overwatch) {
            self.fire_shot(s, shot, ev);
        }
        s.stand_mut(stand).this_turn.overwatch_fired = true;
    }

    pub(crate) fn check_point_blank(
        &self,
        s: &State,
        stand: StandId,
        weapon: u8,
        target: StandId,
    ) -> Checked {
        let Step::Reaction { trigger, .. } = s.step() else {
            return refuse(CLOSE_ASSAULT, "No charge is coming in.");
        };
        let TriggerKind::Charged { target: defender } = trigger.kind else {
            return refuse(CLOSE_ASSAULT, "Point-blank fire is at a charge coming in.");
        };
        ensure(
            target == trigger.by,
            CLOSE_ASSAULT,
            "Point-blank fire is at the stand charging in.",
        )?;
        ensure(
            self.point_blank_firers(s, defender).contains(&stand),
            CLOSE_ASSAULT,
            "The stand charged, or one of its platoon within 2\", not yet in close combat this turn.",
        )?;
        self.plan_shot(s, stand, weapon, target, FireCtx::PointBlank)
            .map(|_| ())
    }

    pub(crate) fn execute_point_blank(
        &self,
        s: &mut State,
        stand: StandId,
        weapon: u8,
        target: StandId,
        ev: &mut Vec<Event>,
    ) {
        if let Ok(shot) = self.plan_shot(s, stand, weapon, target, FireCtx::PointBlank) {
            s.stand_mut(stand).this_turn.point_blank = true;
            self.fire_shot(s, shot, ev);
        }
    }

    pub(crate) fn check_air_defence_cmd(
        &self,
        s: &State,
        stand: StandId,
        target: AirTarget,
    ) -> Checked {
        self.air_defence_dice(s, stand, target).map(|_| ())
    }

    /// The D6 `stand` would roll at the aircraft passing now (the board's
    /// preview before the roll), or why it may not fire.
    pub fn air_defence_dice(
        &self,
        s: &State,
        stand: StandId,
        target: AirTarget,
    ) -> Result<u8, vt_core::Refusal> {
        let Step::Reaction { side, trigger } = s.step() else {
            return refuse(GROUND_TO_AIR, "No aircraft is passing.");
        };
        let (path, ok) = match (&trigger.kind, target) {
            (TriggerKind::Flew { path }, AirTarget::Helicopter(h)) => (path, h == trigger.by),
            (TriggerKind::AirStrike { path, strike }, AirTarget::Strike(k)) => (path, k == *strike),
            _ => return refuse(GROUND_TO_AIR, "No aircraft is passing."),
        };
        ensure(ok, GROUND_TO_AIR, "That is not the aircraft passing.")?;
        ensure(
            s.stands
                .get(stand as usize)
                .is_some_and(|st| st.side == *side),
            GROUND_TO_AIR,
            "That stand is not yours.",
        )?;
        self.air_defence(s, stand, target, path)
    }

    pub(crate) fn execute_air_defence_cmd(
        &self,
        s: &mut State,
        stand: StandId,
        target: AirTarget,
        ev: &mut Vec<Event>,
    ) {
        let path = match s.step() {
            Step::Reaction { trigger, .. } => match &trigger.kind {
                TriggerKind::Flew { path } | TriggerKind::AirStrike { path, .. } => path.clone(),
                _ => return,
            },
            _ => return,
        };
        self.execute_air_defence(s, stand, target, &path, ev);
    }

    pub(crate) fn check_pass(&self, s: &State) -> Checked {
        ensure(
            matches!(s.step(), Step::Reaction { .. }),
            TURN_NOTES,
            "There is no chance to pass on.",
        )
    }

    pub(crate) fn execute_pass(&self, s: &mut State, hold: bool, ev: &mut Vec<Event>) {
        if let Some(Step::Reaction { side, .. }) = s.steps.pop() {
            if hold {
                s.holding_fire = Some(side);
            }
            ev.push(Event::ReactionDeclined {
                side,
                for_activation: hold,
            });
        }
    }

    pub(crate) fn check_end_overwatch(&self, s: &State) -> Checked {
        ensure(
            matches!(s.step(), Step::EndOverwatch { .. }),
            TURN_NOTES,
            "No platoon is having its end-of-turn go.",
        )
    }

    pub(crate) fn execute_end_overwatch(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(Step::EndOverwatch { platoon }) = s.steps.pop() {
            self.overwatch_ends(s, platoon, ev);
        }
    }

    pub(crate) fn overwatch_ends(&self, s: &mut State, platoon: PlatoonId, ev: &mut Vec<Event>) {
        s.platoon_mut(platoon).overwatch = None;
        ev.push(Event::OverwatchEnded { platoon });
    }
}
