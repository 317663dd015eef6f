//! B1 Sequence of Play: a Game Turn is the US Player Turn (Movement Phase,
//! Combat Phase) then the NLF Player Turn; ten Game Turns (D0: longer by
//! agreement, never more than 80). The automatic procedures between the
//! decisions live here: what begins and ends each phase.

use crate::Grunt;
use crate::command::Command;
use crate::data::{Optional, OrderId};
use crate::event::Event;
use crate::state::{Arrival, Phase, Side, State, Status};
use crate::step::{Ctx, Step};
use vt_core::refusal::{Checked, ensure, refuse};

impl Grunt {
    /// Set-up is over: Game Turn 1 begins.
    pub(crate) fn begin_game(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.steps.clear();
        s.turn = 1;
        self.begin_player_turn(s, Side::Us, ev);
    }

    pub(crate) fn begin_player_turn(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        s.active = side;
        s.steps.clear();
        s.probed.clear();
        s.lifting.clear();
        ev.push(Event::TurnBegins { turn: s.turn, side });
        match side {
            Side::Us => {
                s.phase = Phase::UsMovement;
                s.strikes_this_turn = 0;
                s.steps.push(Step::Movement { side: Side::Us });
                self.arrivals(s, ev);
                self.medics_take_casualties(s, ev);
                if self.due(s, Arrival::Helicopter).next().is_some() {
                    s.steps.push(Step::Landing {
                        group: Vec::new(),
                        squads: 0,
                    });
                }
                self.grounded_helicopters_lift(s, ev);
                self.strikes_due(s, ev);
            }
            Side::Nlf => {
                s.phase = Phase::NlfMovement;
                if s.solitaire() {
                    // B6: NLF units never move; revealed ones must fire.
                    s.phase = Phase::NlfCombat;
                    self.solitaire_fire(s, ev);
                    self.finish_player_turn(s, Side::Nlf, ev);
                } else {
                    s.steps.push(Step::Movement { side: Side::Nlf });
                }
            }
        }
    }

    /// Waiting units due to arrive by `how` this Game Turn.
    pub(crate) fn due(
        &self,
        s: &State,
        how: Arrival,
    ) -> impl Iterator<Item = crate::state::CounterId> {
        let turn = s.turn;
        s.counters
            .iter()
            .filter(move |c| {
                c.status == Status::Waiting
                    && c.waiting
                        .is_some_and(|w| w.arrival == how && w.turn.is_some_and(|t| t <= turn))
            })
            .map(|c| c.id)
            .collect::<Vec<_>>()
            .into_iter()
    }

    pub(crate) fn check_end_movement(&self, s: &State) -> Checked {
        let Step::Movement { side } = *s.step() else {
            return refuse("B1", "Not a Movement Phase.");
        };
        if side == Side::Us {
            // D6: called ground reinforcements must appear.
            let due: Vec<_> = self.due(s, Arrival::Road).collect();
            let occ = crate::step::Occupancy::build(self, s);
            for id in due {
                if !self.entry_candidates(s, &occ, id).is_empty() {
                    return refuse(
                        "D6",
                        "Reinforcements due on the road must enter this Movement Phase.",
                    );
                }
            }
        }
        Ok(())
    }

    /// End of a Movement Phase: searches are answered, solitaire counters
    /// turned up, booby traps bite again, then the Combat Phase (via the
    /// US discovery step).
    pub(crate) fn end_movement(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(Step::Movement { side }) = s.steps.pop() else {
            return;
        };
        let pt = s.pt();
        // O8: fields of fire last through the enemy's Movement Phase.
        s.zones.retain(|z| z.until > pt);
        if side == Side::Us {
            self.resolve_searches(s, ev);
            if s.solitaire() {
                self.solitaire_reveal(s, ev);
            }
            self.traps_bite_again(s, ev);
            self.score_pending_under_units(s, ev);
            s.steps.push(Step::Discovery);
        } else {
            self.begin_combat(s, side);
        }
    }

    pub(crate) fn check_end_discovery(&self, s: &State) -> Checked {
        ensure(
            *s.step() == Step::Discovery,
            "B8",
            "Not between movement and combat.",
        )
    }

    pub(crate) fn end_discovery(&self, s: &mut State, _ev: &mut Vec<Event>) {
        if *s.step() == Step::Discovery {
            s.steps.pop();
        }
        self.begin_combat(s, Side::Us);
    }

    fn begin_combat(&self, s: &mut State, side: Side) {
        s.phase = if side == Side::Us {
            Phase::UsCombat
        } else {
            Phase::NlfCombat
        };
        s.steps.push(Step::Combat { side });
    }

    pub(crate) fn check_end_combat(&self, s: &State) -> Checked {
        ensure(
            matches!(s.step(), Step::Combat { .. }),
            "B1",
            "Not a Combat Phase.",
        )
    }

    pub(crate) fn end_combat(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(Step::Combat { side }) = s.steps.pop() else {
            return;
        };
        match side {
            Side::Us => self.end_us_turn(s, ev),
            Side::Nlf => s.steps.push(Step::NlfEnd),
        }
    }

    /// The end of the US Player Turn: caches sat on through a full Player
    /// Turn are taken (B3.5), one decision at a time; then the NLF turn.
    pub(crate) fn end_us_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some((unit, cache)) = self.cache_due(s) {
            s.steps.push(Step::CacheChoice { unit, cache });
            return;
        }
        self.finish_player_turn(s, Side::Us, ev);
    }

    pub(crate) fn check_end_turn(&self, s: &State) -> Checked {
        ensure(
            *s.step() == Step::NlfEnd,
            "B1",
            "Not the end of the NLF Player Turn.",
        )
    }

    pub(crate) fn end_nlf_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if *s.step() == Step::NlfEnd {
            s.steps.pop();
        }
        self.finish_player_turn(s, Side::Nlf, ev);
    }

    /// B9: pinned markers come off at the end of the pinned units' Player
    /// Turn; then the next Player Turn or Game Turn.
    pub(crate) fn finish_player_turn(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        let pt = s.pt();
        let mut freed = Vec::new();
        for c in s.counters.iter_mut() {
            if c.side == side
                && let Some(p) = c.pinned_through
                && p <= pt
            {
                c.pinned_through = None;
                if c.in_play() {
                    freed.push(c.id);
                }
            }
        }
        if !freed.is_empty() {
            ev.push(Event::Unpinned { units: freed });
        }
        if s.is_over() {
            return;
        }
        match side {
            Side::Us => self.begin_player_turn(s, Side::Nlf, ev),
            Side::Nlf => self.end_game_turn(s, ev),
        }
    }

    fn end_game_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.interrogations(s, ev);
        if s.turn >= self.last_turn(s) {
            self.end_game(s, ev);
            return;
        }
        s.turn += 1;
        self.begin_player_turn(s, Side::Us, ev);
    }

    /// The last Game Turn: ten (B1), longer by agreement (D0); Eagle
    /// Flight runs ten Game Turns from the commitment (C3, read in README).
    pub fn last_turn(&self, s: &State) -> u8 {
        let max = self.tables.max_turns.value;
        match (s.order, s.committed) {
            (Some(OrderId::EagleFlight), Some(c)) => {
                (c.saturating_add(s.turns).saturating_sub(1)).clamp(s.turns, max)
            }
            _ => s.turns.min(max),
        }
    }

    /// The automatic steps after a command: steps with nothing left to
    /// decide are passed over.
    pub(crate) fn settle(&self, s: &mut State, ev: &mut Vec<Event>) {
        for _ in 0..64 {
            if s.is_over() {
                s.steps.clear();
                return;
            }
            match s.step().clone() {
                Step::Landing { group, .. }
                    if group.is_empty() && self.due(s, Arrival::Helicopter).next().is_none() =>
                {
                    s.steps.pop();
                    continue;
                }
                Step::Landing { group, .. } if group.is_empty() && !self.has_choice(s) => {
                    // Nowhere left to land: the rest come next Game Turn.
                    let turn = s.turn + 1;
                    let due: Vec<_> = self.due(s, Arrival::Helicopter).collect();
                    for id in due {
                        if let Some(w) = s.cm(id).waiting.as_mut() {
                            w.turn = Some(turn);
                        }
                    }
                    s.steps.pop();
                    continue;
                }
                Step::Suppress { guns, .. } if guns == 0 || !self.has_choice(s) => {
                    s.steps.pop();
                    continue;
                }
                Step::Discovery if !self.has_choice(s) => {
                    self.end_discovery(s, ev);
                    continue;
                }
                Step::NlfEnd if !self.has_choice(s) => {
                    self.end_nlf_turn(s, ev);
                    continue;
                }
                Step::Over => {
                    s.steps.clear();
                }
                _ => {}
            }
            return;
        }
    }

    /// Anything to decide in the current step besides ending it.
    fn has_choice(&self, s: &State) -> bool {
        let mut ctx = Ctx::new(self, s);
        self.candidates(s, &mut ctx)
            .iter()
            .filter(|c| !c.is_end())
            .any(|c| self.check_in(s, c, &mut ctx).is_ok())
    }

    /// The commands of a Movement Phase, from every section that offers one.
    pub(crate) fn movement_candidates(&self, s: &State, side: Side) -> Vec<Command> {
        let mut v = vec![Command::EndMovement];
        v.extend(self.move_candidates(s, side));
        if side == Side::Us {
            v.extend(self.search_candidates(s));
            v.extend(self.call_candidates(s));
            v.extend(self.heli_job_candidates(s));
            v.extend(self.lift_candidates(s));
            v.push(Command::DeclareDayToDay);
            if s.has(Optional::AirStrikes) {
                v.push(Command::RequestAirStrike);
            }
        } else {
            v.extend(self.porter_candidates(s));
        }
        if s.has(Optional::Ammunition) {
            v.extend(self.resupply_candidates(s, side));
        }
        v
    }

    /// The commands of a Combat Phase.
    pub(crate) fn combat_candidates(&self, s: &State, side: Side, ctx: &mut Ctx) -> Vec<Command> {
        let mut v = vec![Command::EndCombat];
        v.extend(self.fire_candidates(s, side, ctx));
        if side == Side::Us {
            if s.has(Optional::Ammunition) {
                v.extend(self.recon_candidates(s, ctx));
            }
            if s.has(Optional::Artillery) {
                v.extend(self.artillery_candidates(s, ctx));
            }
        } else {
            v.extend(self.grounded_heli_candidates(s, ctx));
        }
        v
    }

    /// The end of the NLF Player Turn: hiding and ambushes.
    pub(crate) fn nlf_end_candidates(&self, s: &State, ctx: &mut Ctx) -> Vec<Command> {
        let mut v = vec![Command::EndTurn];
        if s.standard() {
            v.extend(self.hide_candidates(s));
        }
        if s.has(Optional::Ambush) {
            v.extend(self.ambush_candidates(s, ctx));
        }
        v
    }
}
