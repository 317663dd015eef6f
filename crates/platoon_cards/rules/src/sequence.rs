//! Chart: TURN SEQUENCE and Notes: TURN SEQUENCE: cards are turned one at
//! a time, each letting its side activate any one platoon; one card per
//! platoon (FOs included) plus the scenario's extras; once every platoon
//! of a side has had a go (those on overwatch excepted) further cards
//! reactivate, never more than twice a turn; a card is used at once; the
//! platoon takes its morale check, then one of the four actions. At the
//! end of the turn platoons still on overwatch have their go, divisional
//! fire lands and smoke clears.

use crate::PlatoonCards;
use crate::command::{Action, Command};
use crate::data::UnitClass;
use crate::event::Event;
use crate::sections::*;
use crate::state::*;
use crate::step::{MoraleWhy, Pending, Step};
use vt_core::deck::Deck;
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::sort::StableSort;

impl PlatoonCards {
    /// After both set-ups: the bombardment, or turn 1.
    pub(crate) fn begin_play(&self, s: &mut State, _ev: &mut [Event]) {
        s.steps.push(Step::Resolve(Pending::StartTurn));
        if let Some(b) = &self.scenario_of(s).bombardment {
            s.steps.push(Step::Bombardment {
                side: b.side,
                left: b.templates,
                aims: Vec::new(),
            });
        }
    }

    /// A platoon still has something in the game.
    pub fn platoon_alive(&self, s: &State, p: PlatoonId) -> bool {
        s.members(p).any(|st| st.alive())
    }

    pub(crate) fn start_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.turn >= s.turns {
            self.finish(s, ev);
            return;
        }
        s.turn += 1;
        let turn = s.turn;
        for p in s.platoons.iter_mut() {
            p.record = FireRecord {
                fired: false,
                fired_on: false,
                fired_last: p.record.fired,
                fired_on_last: p.record.fired_on,
            };
            p.activations = 0;
            p.overwatch = None;
            if p.arrives.is_some_and(|t| t <= turn) {
                p.arrives = None;
            }
        }
        for b in s.batteries.iter_mut() {
            b.fired = 0;
        }
        let mut arrived: Vec<(PlatoonId, StandId)> = Vec::new();
        for st in s.stands.iter_mut() {
            st.this_turn = TurnLog::default();
            st.act = ActivationLog::default();
            if st.arrives.is_some_and(|t| t <= turn) {
                st.arrives = None;
                if st.gone.is_none() {
                    arrived.push((st.platoon, st.id));
                }
            }
        }
        let mut by_platoon: Vec<(PlatoonId, Vec<StandId>)> = Vec::new();
        for (p, id) in arrived {
            match by_platoon.iter_mut().find(|x| x.0 == p) {
                Some(x) => x.1.push(id),
                None => by_platoon.push((p, vec![id])),
            }
        }
        for (platoon, stands) in by_platoon {
            ev.push(Event::Arrived { platoon, stands });
        }
        if s.options.divisional_next_turn {
            self.divisional_falls(s, ev);
        }
        // The deck: a card per platoon still in the game, and the extras.
        let sc = self.scenario_of(s);
        let mut cards = Vec::new();
        let mut count = [0u8; 2];
        for p in &s.platoons {
            if p.card && p.arrives.is_none() && self.platoon_alive(s, p.id) {
                cards.push(p.side);
                count[p.side.idx() as usize] += 1;
            }
        }
        for (side, extra) in [(Side::Us, sc.extra_cards.us), (Side::Vc, sc.extra_cards.vc)] {
            if count[side.idx() as usize] > 0 {
                for _ in 0..extra {
                    cards.push(side);
                    count[side.idx() as usize] += 1;
                }
            }
        }
        s.deck = Deck::shuffled(cards, &mut s.rng);
        s.card = None;
        ev.push(Event::TurnBegins {
            turn,
            us_cards: count[0],
            vc_cards: count[1],
        });
        self.reveal_check(s, ev);
        s.steps.push(Step::Resolve(Pending::Draw));
        for side in [Side::Vc, Side::Us] {
            if self.may_plot_divisional(s, side) {
                s.steps.push(Step::PlotDivisional { side });
            }
        }
    }

    /// Turns the next card; a side with nothing to activate wastes it.
    pub(crate) fn draw(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.card = None;
        let Some(side) = s.deck.draw() else {
            s.steps.push(Step::Resolve(Pending::EndTurn));
            return;
        };
        ev.push(Event::CardDrawn {
            side,
            left: s.deck.len() as u8,
        });
        s.card = Some(side);
        if !self.any_eligible(s, side) {
            ev.push(Event::CardWasted { side });
            s.deck.discard(side);
            s.card = None;
            s.steps.push(Step::Resolve(Pending::Draw));
            return;
        }
        s.steps.push(Step::Activate { side });
        self.resume_melees(s);
    }

    /// A drawn close combat goes on when either side gets its next card.
    fn resume_melees(&self, s: &mut State) {
        let drawn: Vec<u16> = s.melees.iter().filter(|m| m.drawn).map(|m| m.id).collect();
        for id in drawn {
            s.steps.push(Step::Resolve(Pending::Melee { melee: id }));
        }
    }

    pub fn any_eligible(&self, s: &State, side: Side) -> bool {
        s.platoons
            .iter()
            .any(|p| p.side == side && self.eligible(s, p.id))
    }

    /// May this platoon take the card in play (Chart: TURN SEQUENCE)?
    pub fn eligible(&self, s: &State, p: PlatoonId) -> bool {
        self.eligibility(s, p).is_ok()
    }

    pub fn eligibility(&self, s: &State, id: PlatoonId) -> Checked {
        let p = s.platoon(id);
        ensure(
            p.card,
            DIVISIONAL_NOTES,
            "Divisional FOs act outside the card sequence.",
        )?;
        ensure(
            p.arrives.is_none(),
            SCENARIO,
            "That platoon is not on the table yet.",
        )?;
        ensure(self.platoon_alive(s, id), TURN, "That platoon is gone.")?;
        ensure(
            p.activations < self.charts.sequence.max_activations.value,
            TURN,
            "No platoon may be activated more than twice in a turn.",
        )?;
        if let Some(o) = p.overwatch {
            let spent = o.stood_down || s.members(id).any(|st| st.this_turn.overwatch_fired);
            ensure(
                spent,
                TURN,
                "A platoon on overwatch is reactivated only after its overwatch is spent.",
            )?;
        }
        if p.activations >= 1 {
            let all = s.platoons.iter().all(|q| {
                q.side != p.side
                    || !q.card
                    || q.arrives.is_some()
                    || !self.platoon_alive(s, q.id)
                    || q.activations >= 1
            });
            ensure(
                all,
                TURN,
                "A platoon gets its second activation only once every platoon of its side has had one.",
            )?;
        }
        Ok(())
    }

    pub(crate) fn activate_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        for p in &s.platoons {
            if p.side == side {
                out.push(Command::Activate { platoon: p.id });
            }
        }
    }

    pub(crate) fn check_activate(&self, s: &State, platoon: PlatoonId) -> Checked {
        let Step::Activate { side } = s.step() else {
            return refuse(TURN, "No card is waiting for a platoon.");
        };
        let Some(p) = s.platoons.get(platoon as usize) else {
            return refuse(TURN, "No such platoon.");
        };
        ensure(
            p.side == *side,
            TURN,
            "The card turned is the other side's.",
        )?;
        self.eligibility(s, platoon)
    }

    /// The morale check is forced unless the platoon neither fired a
    /// direct-fire weapon nor was fired upon last turn (Notes: TURN
    /// SEQUENCE); we count this turn so far too.
    pub fn morale_optional(&self, s: &State, p: PlatoonId) -> bool {
        let r = s.platoon(p).record;
        !(r.fired || r.fired_on || r.fired_last || r.fired_on_last)
    }

    pub(crate) fn execute_activate(&self, s: &mut State, platoon: PlatoonId, ev: &mut Vec<Event>) {
        s.steps.pop();
        let hidden = s.platoon(platoon).card_marker.is_some();
        let p = s.platoon_mut(platoon);
        p.activations += 1;
        p.overwatch = None;
        let (side, activation) = (p.side, p.activations);
        for st in s.stands.iter_mut().filter(|st| st.platoon == platoon) {
            st.act = ActivationLog::default();
        }
        s.active = Some(platoon);
        s.holding_fire = None;
        ev.push(Event::Activated {
            platoon,
            side,
            activation,
            hidden,
        });
        let optional = self.morale_optional(s, platoon);
        s.steps.push(Step::Morale {
            platoon,
            why: MoraleWhy::Activation { optional },
        });
    }

    pub(crate) fn action_candidates(&self, out: &mut Vec<Command>) {
        for action in [
            Action::MoveAndFire,
            Action::MoveAndAssault,
            Action::StandAndFire,
            Action::Overwatch,
        ] {
            out.push(Command::Choose { action });
        }
    }

    pub(crate) fn check_choose(&self, s: &State, _action: Action) -> Checked {
        ensure(
            matches!(s.step(), Step::Action { .. }),
            TURN,
            "The platoon is not choosing its action now.",
        )
    }

    pub(crate) fn execute_choose(&self, s: &mut State, action: Action, ev: &mut Vec<Event>) {
        let Some(Step::Action { platoon }) = s.steps.pop() else {
            return;
        };
        let hidden = s.platoon(platoon).card_marker.is_some();
        ev.push(Event::ActionChosen {
            platoon,
            action,
            hidden,
        });
        if action == Action::Overwatch {
            s.overwatch_seq += 1;
            let seq = s.overwatch_seq;
            s.platoon_mut(platoon).overwatch = Some(OverwatchHold {
                seq,
                morale_taken: false,
                stood_down: false,
            });
            s.steps
                .push(Step::Resolve(Pending::EndActivation { platoon }));
            return;
        }
        // Hidden troops that move show themselves (our reading of Notes:
        // HIDDEN DEPLOYMENT: a card does not walk about the table).
        if hidden && action.may_move() {
            self.reveal_platoon(s, platoon, None, ev);
        }
        s.steps.push(Step::Orders { platoon, action });
        // Disrupted troops out of cover must retreat to find it (Notes: MORALE).
        let disrupted: Vec<StandId> = s
            .members(platoon)
            .filter(|st| {
                st.on_table()
                    && st.status == Status::Disrupted
                    && !st.hidden
                    && !self.unit(st).is_air()
                    && self.direct_cover(s, st.pos, st.pos).times() == 0
            })
            .map(|st| st.id)
            .collect();
        for id in disrupted {
            self.fall_back_stand(s, id, ev);
        }
    }

    /// The stand must be an element of the platoon giving orders.
    pub fn check_order_stand(&self, s: &State, stand: StandId) -> Checked {
        let Step::Orders { platoon, .. } = s.step() else {
            return refuse(TURN, "Orders are given in the platoon's activation.");
        };
        let Some(st) = s.stands.get(stand as usize) else {
            return refuse(TURN, "No such stand.");
        };
        ensure(
            st.platoon == *platoon,
            TURN,
            "That stand is not in the activated platoon.",
        )?;
        ensure(st.alive(), TURN, "That stand is no longer in the game.")?;
        Ok(())
    }

    pub(crate) fn check_end_activation(&self, s: &State) -> Checked {
        ensure(
            matches!(s.step(), Step::Orders { .. }),
            TURN,
            "No activation is under way.",
        )
    }

    pub(crate) fn execute_end_activation(&self, s: &mut State, _ev: &mut [Event]) {
        let Some(Step::Orders { platoon, .. }) = s.steps.pop() else {
            return;
        };
        s.steps
            .push(Step::Resolve(Pending::EndActivation { platoon }));
        // Close combats started in this activation are fought now.
        let fresh: Vec<u16> = s
            .melees
            .iter()
            .filter(|m| !m.drawn && m.attackers.iter().any(|a| s.stand(*a).platoon == platoon))
            .map(|m| m.id)
            .collect();
        for id in fresh.into_iter().rev() {
            s.steps.push(Step::Resolve(Pending::Melee { melee: id }));
        }
    }

    pub(crate) fn end_activation(&self, s: &mut State, platoon: PlatoonId, ev: &mut Vec<Event>) {
        if let Some(side) = s.card.take() {
            s.deck.discard(side);
        }
        s.active = None;
        s.holding_fire = None;
        for st in s.stands.iter_mut().filter(|st| st.platoon == platoon) {
            st.act.charged = None;
        }
        let _ = platoon;
        self.sudden_death(s, ev);
    }

    pub(crate) fn end_turn(&self, s: &mut State, _ev: &mut [Event]) {
        s.card = None;
        s.steps.push(Step::Resolve(Pending::CloseTurn));
        let mut ow: Vec<(u16, PlatoonId)> = s
            .platoons
            .iter()
            .filter_map(|p| p.overwatch.filter(|o| !o.stood_down).map(|o| (o.seq, p.id)))
            .filter(|(_, id)| self.platoon_alive(s, *id))
            .collect();
        ow.stable_sort();
        for (_, platoon) in ow.into_iter().rev() {
            s.steps.push(Step::EndOverwatch { platoon });
            if !s.platoon(platoon).overwatch.is_some_and(|o| o.morale_taken) {
                s.steps.push(Step::Morale {
                    platoon,
                    why: MoraleWhy::EndOfTurn,
                });
            }
        }
    }

    pub(crate) fn close_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !s.options.divisional_next_turn {
            self.divisional_falls(s, ev);
        }
        if !s.smoke.is_empty() {
            s.smoke.clear();
            ev.push(Event::SmokeClears);
            self.reveal_check(s, ev);
        }
        ev.push(Event::EndOfTurn { turn: s.turn });
        for p in s.platoons.iter_mut() {
            p.overwatch = None;
        }
        if s.winner.is_none() {
            s.steps.push(Step::Resolve(Pending::StartTurn));
        }
    }

    /// The company's attachments (company commander, mortars) count as one
    /// platoon (Chart: PLATOON & COMPANY COMMANDERS); a divisional FO's
    /// platoon has no card.
    pub fn is_commander(&self, st: &Stand) -> bool {
        matches!(
            self.unit(st).class,
            UnitClass::PlatoonCommander | UnitClass::CompanyCommander
        )
    }
}
