//! The turn machine: where the sequence of play stands ([`Step`]), what the
//! player is asked (`decision`), and the dispatchers that hand each step and
//! command to its section (`candidates`, `check_command`, `execute_command`,
//! `done`, `advance`). This module is the only one that matches on [`Step`]
//! to say what is asked; no rule is decided here.

use crate::command::Command;
use crate::event::Event;
use crate::state::State;
use crate::{BOOK, Csar};
use serde::{Deserialize, Serialize};
use vt_core::Decision;
use vt_core::refusal::{Checked, refuse};

/// Where the sequence of play stands. The `Auto*` steps are procedures the
/// game carries out by itself; every other step waits for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Set-up: draw at random or choose a Pilot/PJ card (7.0).
    ChoosePilot,
    /// Set-up: the aircraft that carries this Pilot/PJ card's counter.
    PlacePilot {
        card: u8,
    },
    /// Set-up: pick Aircraft cards of different names for the starting hand (7.0, 7.4).
    ChooseHand {
        left: u8,
    },
    /// Set-up of 7.4: the zones whose Enemy markers are revealed.
    RevealChoice {
        left: u8,
    },
    /// 8.0: purchases before a mission.
    Purchase,
    AutoTurnStart,
    AutoEventPhase,
    AutoDraw,
    /// 4.2.1: Reserve cards may be discarded before drawing.
    DiscardBeforeDraw,
    /// 4.2.2.
    Reserve,
    /// 4.2.3.
    Commands,
    /// 4.3.1.
    Move,
    /// 4.3.2.
    Assign,
    AutoGunFire,
    /// Suppress may be played before the guns fire (4.3.4).
    FireWindow,
    /// 4.3.3 B: the player chooses the zone to resolve next.
    FireOrder,
    /// 4.3.3 D: burn Aircraft cards to cancel Hits.
    Burn,
    /// 4.3.3 E: a Wild card was drawn for a Hit: the player picks the aircraft.
    WildHit,
    /// 4.3.4.
    Play,
    /// 4.3.5.
    Rescue,
    AutoEndTurn,
    /// 4.4.2: burn cards to draw fewer.
    SearchBurn,
    AutoAbortCheck,
    /// 4.4.3: burn cards to draw fewer.
    AbortBurn,
    AutoCleanup,
    Over,
}

vt_core::decision_kinds! {
    /// What the player is asked; the string is the contract's `Decision::kind`.
    pub enum Kind {
        ChoosePilot = "choose-pilot",
        PlacePilot = "place-pilot",
        ChooseHand = "choose-hand",
        RevealZone = "reveal-zone",
        Purchase = "purchase",
        DiscardReserve = "discard-reserve",
        Reserve = "reserve",
        CommandCards = "command-cards",
        Move = "move",
        Assign = "assign",
        Suppress = "suppress",
        FireZone = "fire-zone",
        Burn = "burn",
        WildHit = "wild-hit",
        Play = "play",
        Rescue = "rescue",
        Wait = "wait",
    }
}

/// Candidate commands a decision usually offers at most.
const CANDIDATES: usize = 64;

impl Csar {
    /// The section that gives each step (bare: "4.3.3").
    pub(crate) fn step_rule(&self, step: Step) -> &'static str {
        match step {
            Step::ChoosePilot | Step::PlacePilot { .. } | Step::ChooseHand { .. } => "7.0",
            Step::RevealChoice { .. } => "7.4",
            Step::Purchase => "8.0",
            Step::AutoTurnStart => "3.0",
            Step::AutoEventPhase => "4.1",
            Step::AutoDraw | Step::DiscardBeforeDraw => "4.2.1",
            Step::Reserve => "4.2.2",
            Step::Commands => "4.2.3",
            Step::Move => "4.3.1",
            Step::Assign => "4.3.2",
            Step::AutoGunFire | Step::FireOrder | Step::Burn | Step::WildHit => "4.3.3",
            Step::FireWindow | Step::Play => "4.3.4",
            Step::Rescue => "4.3.5",
            Step::AutoEndTurn => "4.4.1",
            Step::SearchBurn => "4.4.2",
            Step::AutoAbortCheck | Step::AbortBurn => "4.4.3",
            Step::AutoCleanup => "4.4.4",
            Step::Over => "5.0",
        }
    }

    pub(crate) fn decision(&self, s: &State) -> Decision {
        if s.step == Step::Over {
            return Decision::game_over();
        }
        let (kind, prompt): (Kind, String) = match s.step {
            Step::ChoosePilot => (
                Kind::ChoosePilot,
                "Choose a Pilot/PJ card, or draw one at random.".into(),
            ),
            Step::PlacePilot { card } => (
                Kind::PlacePilot,
                format!(
                    "Put {}'s counter on an aircraft.",
                    self.data.pilots[card as usize].name
                ),
            ),
            Step::ChooseHand { left } => (
                Kind::ChooseHand,
                format!(
                    "Pick an Aircraft card for your starting hand ({left} to go, no two alike)."
                ),
            ),
            Step::RevealChoice { left } => (
                Kind::RevealZone,
                format!("Choose an Outer Zone whose Enemy marker is revealed ({left} to go)."),
            ),
            Step::Purchase => {
                let (m, mp) = s
                    .campaign
                    .as_ref()
                    .map(|c| (c.mission, c.morale))
                    .unwrap_or((1, 0));
                (
                    Kind::Purchase,
                    format!("Mission {m}: spend Morale Points ({mp} left), or done."),
                )
            }
            Step::DiscardBeforeDraw => (
                Kind::DiscardReserve,
                "Discard Reserve cards before drawing, or done.".into(),
            ),
            Step::Reserve => (
                Kind::Reserve,
                "Move Aircraft cards from your hand to the Reserve, or done.".into(),
            ),
            Step::Commands => (
                Kind::CommandCards,
                "Play or discard each Command card in your hand.".into(),
            ),
            Step::Move => (Kind::Move, "Move aircraft, or done.".into()),
            Step::Assign => (
                Kind::Assign,
                "Assign Aircraft cards to aircraft in the zones, or done.".into(),
            ),
            Step::FireWindow => (
                Kind::Suppress,
                "The guns are about to fire: play Suppress, or let them fire.".into(),
            ),
            Step::FireOrder => (
                Kind::FireZone,
                "Choose the zone whose fire is resolved next (or play Suppress first).".into(),
            ),
            Step::Burn => (
                Kind::Burn,
                format!(
                    "{} Hits in the {}: burn Aircraft cards from your hand to cancel them (one must stay), or done.",
                    s.fire.hits,
                    s.fire.zone.name()
                ),
            ),
            Step::WildHit => (
                Kind::WildHit,
                format!(
                    "Wild card: choose the aircraft in the {} that is hit.",
                    s.fire.zone.name()
                ),
            ),
            Step::Play => (
                Kind::Play,
                "Play or discard each assigned Aircraft card.".into(),
            ),
            Step::Rescue => (Kind::Rescue, "Attempt a rescue, or done.".into()),
            Step::SearchBurn => (
                Kind::Burn,
                format!(
                    "Enemy Search: {} draws. Burn cards from your hand to draw fewer, or done.",
                    s.search.saturating_sub(s.burned).max(1)
                ),
            ),
            Step::AbortBurn => (
                Kind::Burn,
                format!(
                    "Abort Check: {} draws. Burn cards from your hand to draw fewer, or done.",
                    s.abort.saturating_sub(s.burned).max(1)
                ),
            ),
            _ => (Kind::Wait, "The game carries out its procedures.".into()),
        };
        Decision::new(
            0,
            kind,
            prompt,
            format!("{BOOK} {}", self.step_rule(s.step)),
        )
    }

    pub(crate) fn legal_commands(&self, s: &State) -> Vec<Command> {
        // Room for the longest usual lists (Assign, Play) at once: growing
        // the vector was a quarter of a playout's time.
        let mut v = Vec::with_capacity(CANDIDATES);
        self.list_legal(s, &mut v);
        v
    }

    /// Puts the decision's legal commands in `v` (emptied first).
    fn list_legal(&self, s: &State, v: &mut Vec<Command>) {
        v.clear();
        if !self.candidates(s, v) {
            v.retain(|c| self.check_command(s, c).is_ok());
        }
    }

    /// True if the decision offers more than "done" (or has no "done").
    pub(crate) fn has_choice(&self, s: &State) -> bool {
        match s.step {
            // The commonest decision by far: answered without listing.
            Step::Move => return self.any_move(s),
            // Every set-up's first decision (7.0): the choices are a set
            // of bits, and any card to choose offers the random draw too.
            Step::ChoosePilot => return self.any_pilot_choice(s),
            _ => {}
        }
        // Asked after every command: one list per thread, kept, rather
        // than one allocated each time.
        thread_local! {
            static SCRATCH: std::cell::RefCell<Vec<Command>> =
                std::cell::RefCell::new(Vec::with_capacity(CANDIDATES));
        }
        SCRATCH.with(|v| match v.try_borrow_mut() {
            Ok(mut v) => {
                v.clear();
                self.any_choice(s, &mut v)
            }
            Err(_) => self.any_choice(s, &mut Vec::with_capacity(CANDIDATES)),
        })
    }

    fn any_choice(&self, s: &State, v: &mut Vec<Command>) -> bool {
        let checked = self.candidates(s, v);
        v.iter()
            .any(|c| *c != Command::Done && (checked || self.check_command(s, c).is_ok()))
    }

    /// Lists the step's candidate commands, from its section; returns true
    /// when they are already checked (the Move and Assign steps check each
    /// command against one look at the map).
    pub(crate) fn candidates(&self, s: &State, v: &mut Vec<Command>) -> bool {
        match s.step {
            // These lists are made as their checks accept them (each
            // candidate function says how); a test holds every list to
            // `check_command` over the whole command space.
            Step::ChoosePilot => {
                self.pilot_candidates(s, v);
                return true;
            }
            Step::DiscardBeforeDraw => {
                self.discard_before_draw_candidates(s, v);
                return true;
            }
            Step::Reserve => {
                self.reserve_candidates(s, v);
                return true;
            }
            Step::FireWindow => {
                self.fire_window_candidates(s, v);
                return true;
            }
            Step::FireOrder => {
                self.fire_order_candidates(s, v);
                return true;
            }
            Step::Burn => {
                self.burn_candidates(s, v);
                return true;
            }
            Step::WildHit => {
                self.wild_hit_candidates(s, v);
                return true;
            }
            Step::SearchBurn | Step::AbortBurn => {
                self.burn_draw_candidates(s, v);
                return true;
            }
            Step::PlacePilot { card } => {
                self.place_pilot_candidates(s, card, v);
                return true;
            }
            Step::ChooseHand { .. } => {
                // Exactly the kinds `check_pick_card` accepts.
                self.hand_candidates(s, v);
                return true;
            }
            Step::RevealChoice { .. } => self.reveal_zone_candidates(v),
            Step::Purchase => self.purchase_candidates(v),
            Step::Commands => {
                self.command_card_checked(s, v);
                return true;
            }
            Step::Move => {
                self.move_candidates(s, v);
                return true;
            }
            Step::Assign => {
                self.assign_candidates(s, v);
                return true;
            }
            Step::Play => {
                self.play_segment_candidates(s, v);
                return true;
            }
            Step::Rescue => {
                self.rescue_candidates(s, v);
                return true;
            }
            Step::AutoTurnStart
            | Step::AutoEventPhase
            | Step::AutoDraw
            | Step::AutoGunFire
            | Step::AutoEndTurn
            | Step::AutoAbortCheck
            | Step::AutoCleanup
            | Step::Over => {}
        }
        false
    }

    /// Accepts a command the current step allows, or names the rule that
    /// forbids it, through the section that owns the step.
    pub(crate) fn check_command(&self, s: &State, c: &Command) -> Checked {
        use Command as C;
        use Step as S;
        match (s.step, *c) {
            (S::Over, _) => refuse("5.0", "the game is over"),
            (S::ChoosePilot, C::ChoosePilot(p)) => self.check_choose_pilot(s, p),
            (S::PlacePilot { card }, C::PlacePilot { aircraft }) => {
                self.check_place_pilot(s, card, aircraft)
            }
            (S::ChooseHand { .. }, C::PickCard(k)) => self.check_pick_card(s, k),
            (S::RevealChoice { .. }, C::RevealZone(z)) => self.check_reveal_zone(s, z),
            (S::Purchase, C::Buy(p)) => self.check_buy(s, p),
            (S::DiscardBeforeDraw | S::Reserve, C::DiscardReserve(card)) => {
                self.check_discard_reserve(s, card)
            }
            (S::Reserve, C::Reserve(card)) => self.check_reserve(s, card),
            (S::Commands, C::DiscardCommand(card)) => self.check_discard_command(s, card),
            (S::Commands, C::PlayCommand { card, target }) => {
                self.check_command_card(s, card, target)
            }
            (S::Move, C::Move { aircraft, to }) => self.check_move(s, aircraft, to),
            (S::Assign, C::Assign { card, aircraft }) => self.check_assign(s, card, aircraft),
            (
                S::Assign | S::FireWindow | S::FireOrder | S::Play | S::Rescue,
                C::Play {
                    card,
                    target,
                    pilot,
                },
            ) => self.check_play(s, card, target, pilot),
            (S::FireOrder, C::ResolveZone(z)) => self.check_resolve_zone(s, z),
            (S::Burn, C::Burn(card)) => self.check_burn_hit(s, card),
            (S::Burn, C::UsePilot { aircraft }) => self.check_use_pilot(s, aircraft),
            (S::WildHit, C::WildHit { aircraft }) => self.check_wild_hit(s, aircraft),
            (S::Play, C::DiscardAssigned(card)) => self.check_discard_assigned(s, card),
            (
                S::Rescue,
                C::Rescue {
                    helicopter,
                    survivor,
                    pilot,
                },
            ) => self.check_rescue(s, helicopter, survivor, pilot),
            (S::SearchBurn | S::AbortBurn, C::Burn(card)) => self.check_burn_draw(s, card),
            (
                S::Purchase
                | S::DiscardBeforeDraw
                | S::Reserve
                | S::Commands
                | S::Move
                | S::Assign
                | S::FireWindow
                | S::Burn
                | S::Play
                | S::Rescue
                | S::SearchBurn
                | S::AbortBurn,
                C::Done,
            ) => Ok(()),
            _ => refuse(
                self.step_rule(s.step),
                "that is not an answer to the current decision",
            ),
        }
    }

    /// Carries out a checked command, then the procedures that follow.
    pub(crate) fn execute(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        self.execute_command(s, *c, ev);
        self.advance(s, ev);
    }

    /// Carries out one command through its section, without running the
    /// procedures that follow.
    pub(crate) fn execute_command(&self, s: &mut State, c: Command, ev: &mut Vec<Event>) {
        match c {
            Command::ChoosePilot(p) => self.choose_pilot(s, ev, p),
            Command::PlacePilot { aircraft } => self.place_pilot_on(s, ev, aircraft),
            Command::PickCard(k) => self.pick_hand_card(s, ev, k),
            Command::RevealZone(z) => self.reveal_zone(s, ev, z),
            Command::Buy(p) => self.buy(s, ev, p),
            Command::DiscardReserve(card) => self.discard_reserve(s, ev, card),
            Command::Reserve(card) => self.reserve_card(s, ev, card),
            Command::PlayCommand { card, target } => self.play_command(s, ev, card, target),
            Command::DiscardCommand(card) => self.discard_command(s, ev, card),
            Command::Move { aircraft, to } => self.move_aircraft(s, ev, aircraft, to),
            Command::Assign { card, aircraft } => self.assign(s, ev, card, aircraft),
            Command::Play {
                card,
                target,
                pilot,
            } => self.play_card(s, ev, card, target, pilot),
            Command::DiscardAssigned(card) => self.discard_assigned(s, ev, card),
            Command::ResolveZone(z) => self.resolve_zone(s, ev, z),
            Command::Burn(card) => {
                if s.step == Step::Burn {
                    self.burn_hit(s, ev, card);
                } else {
                    self.burn_draw(s, ev, card);
                }
            }
            Command::UsePilot { aircraft } => self.pilot_cancel(s, ev, aircraft),
            Command::WildHit { aircraft } => self.wild_hit(s, ev, aircraft),
            Command::Rescue {
                helicopter,
                survivor,
                pilot,
            } => self.declare_rescue(s, ev, helicopter, survivor, pilot),
            Command::Done => self.done(s, ev),
        }
    }

    /// "Done": the current step ends and the sequence of play moves on; what
    /// is left is discarded or passed by the step's section.
    pub(crate) fn done(&self, s: &mut State, ev: &mut Vec<Event>) {
        match s.step {
            Step::Purchase => self.start_mission(s, ev),
            Step::DiscardBeforeDraw => {
                self.draw_cards(s, ev);
                s.step = Step::Reserve;
            }
            Step::Reserve => s.step = Step::Commands,
            Step::Commands => self.end_command_cards(s, ev),
            Step::Move => s.step = Step::Assign,
            Step::Assign => s.step = Step::AutoGunFire,
            Step::FireWindow => self.fire_targets(s, ev),
            Step::Burn => self.implement_hits(s, ev),
            Step::Play => self.end_play_segment(s, ev),
            Step::Rescue => self.end_rescue_segment(s, ev),
            Step::SearchBurn => self.enemy_search(s, ev),
            Step::AbortBurn => self.abort_check(s, ev),
            // Steps without "done" that ended up with nothing to choose: move on.
            Step::ChoosePilot | Step::PlacePilot { .. } => self.after_pilot(s, ev),
            Step::ChooseHand { .. } => self.after_hand(s, ev),
            Step::RevealChoice { .. } => s.step = Step::AutoTurnStart,
            Step::FireOrder => {
                s.fire.pending = 0;
                self.next_fire_zone(s, ev, false);
            }
            Step::WildHit => self.implement_hits(s, ev),
            Step::AutoTurnStart
            | Step::AutoEventPhase
            | Step::AutoDraw
            | Step::AutoGunFire
            | Step::AutoEndTurn
            | Step::AutoAbortCheck
            | Step::AutoCleanup
            | Step::Over => {}
        }
    }

    /// Runs the automatic procedures until a decision is needed. A decision
    /// step with nothing to decide is passed over, as if the player had
    /// said "done".
    pub(crate) fn advance(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.advance_until(s, ev, |s| self.has_choice(s));
    }

    /// [`Csar::execute`], leaving the legal commands of the decision it
    /// stops at in `legal`: the list that tells whether a decision has a
    /// choice is the list the player is offered, made once.
    pub(crate) fn execute_and_list(
        &self,
        s: &mut State,
        c: &Command,
        ev: &mut Vec<Event>,
        legal: &mut Vec<Command>,
    ) {
        self.execute_command(s, *c, ev);
        let listed = self.advance_until(s, ev, |s| {
            self.list_legal(s, legal);
            // Something besides "done": every list holds "done" once at
            // most (each step's candidates push it last), so two
            // commands or one that is not "done" (rather than a look at
            // each command of the list, most of them Move lists).
            legal.len() > 1 || legal.first().is_some_and(|c| *c != Command::Done)
        });
        if !listed {
            self.list_legal(s, legal);
        }
    }

    /// The loop of [`Csar::advance`], with `has_choice` answering whether
    /// a decision step has something to decide. True when it stopped at
    /// a decision that `has_choice` said yes to.
    fn advance_until(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        mut has_choice: impl FnMut(&State) -> bool,
    ) -> bool {
        for _ in 0..10_000 {
            if s.end.is_some() && s.step != Step::Over && s.step != Step::Purchase {
                self.finish_mission(s, ev);
                continue;
            }
            match s.step {
                Step::Over => return false,
                Step::AutoTurnStart => self.turn_start(s, ev),
                Step::AutoEventPhase => self.event_phase(s, ev),
                Step::AutoDraw => self.draw_segment(s, ev),
                Step::AutoGunFire => {
                    self.begin_fire(s, ev, crate::state::FireReturn::Segment, false)
                }
                Step::AutoEndTurn => self.end_turn(s, ev),
                Step::AutoAbortCheck => self.abort_check_start(s, ev),
                Step::AutoCleanup => self.cleanup_and_adjust(s, ev),
                _ => {
                    // A decision: stop if there is something to decide.
                    if has_choice(s) {
                        return true;
                    }
                    self.done(s, ev);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{CommandTarget, Target};
    use crate::components::Zone;
    use std::collections::BTreeMap;
    use vt_core::playout::game_seeds;
    use vt_core::{GameRng, Ruleset, Setup};

    /// Every command of the kinds the decisions below take, for every card,
    /// aircraft, gun counter, Pilot/PJ card and zone: a superset of what
    /// any of them accepts.
    fn command_space(rules: &Csar, s: &State) -> Vec<Command> {
        let d = &rules.data;
        let mut v = vec![Command::Done, Command::ChoosePilot(None)];
        v.extend((0..d.pilots.len() as u8).map(|p| Command::ChoosePilot(Some(p))));
        for c in 0..d.action_cards.len() as u8 {
            v.extend([
                Command::DiscardReserve(c),
                Command::Reserve(c),
                Command::Burn(c),
            ]);
            let mut targets = vec![
                Target::None,
                Target::TargetOfOpportunity,
                Target::Barrage,
                Target::SearchMarker,
            ];
            targets.extend((0..d.gun_counters.len() as u8).map(Target::Gun));
            for target in targets {
                for pilot in [false, true] {
                    v.push(Command::Play {
                        card: c,
                        target,
                        pilot,
                    });
                }
            }
        }
        for a in 0..s.aircraft.len() as u8 {
            v.extend([
                Command::PlacePilot { aircraft: a },
                Command::UsePilot { aircraft: a },
                Command::WildHit { aircraft: a },
            ]);
        }
        v.extend(Zone::ALL.map(Command::ResolveZone));
        // The Commands, Play and Rescue decisions' kinds.
        for c in 0..d.action_cards.len() as u8 {
            v.extend([
                Command::DiscardCommand(c),
                Command::DiscardAssigned(c),
                Command::PlayCommand {
                    card: c,
                    target: CommandTarget::None,
                },
            ]);
            for survivor in 0..s.survivors.len() as u8 {
                for z in Zone::ALL {
                    v.push(Command::PlayCommand {
                        card: c,
                        target: CommandTarget::MoveSurvivor { survivor, to: z },
                    });
                    v.push(Command::PlayCommand {
                        card: c,
                        target: CommandTarget::Exfil {
                            survivor,
                            via: Some(z),
                        },
                    });
                }
                v.push(Command::PlayCommand {
                    card: c,
                    target: CommandTarget::Exfil {
                        survivor,
                        via: None,
                    },
                });
            }
        }
        // The Assign decision's: every card to every aircraft.
        for card in 0..d.action_cards.len() as u8 {
            for aircraft in 0..s.aircraft.len() as u8 {
                v.push(Command::Assign { card, aircraft });
            }
        }
        for helicopter in 0..s.aircraft.len() as u8 {
            for survivor in 0..s.survivors.len() as u8 {
                for pilot in [false, true] {
                    v.push(Command::Rescue {
                        helicopter,
                        survivor,
                        pilot,
                    });
                }
            }
        }
        v
    }

    // The decisions whose lists are made as their checks accept them
    // (`candidates` returns true, so nothing filters them): in every
    // position random play reaches, every scenario, with the optional
    // rules off and on, the list is exactly the commands of the whole
    // space that `check_command` accepts, each once.
    #[test]
    fn lists_made_checked_are_exactly_the_accepted_commands() {
        let rules = Csar::embedded();
        let all_on = [
            "bombing-effectiveness",
            "pinpointing",
            "danger-close",
            "recovering-pilots",
            "search-effectiveness",
        ];
        let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
        for sc in rules.info().scenarios {
            for on in [false, true] {
                for i in 0..40 {
                    let (gs, ps) = game_seeds(21, i);
                    let mut setup = Setup::new(&sc.id, gs);
                    if on {
                        for k in all_on {
                            setup = setup.option(k, "on");
                        }
                    }
                    let mut s = rules.new_game(&setup).unwrap();
                    let mut rng = GameRng::seeded(ps);
                    let mut ev = Vec::new();
                    while s.result.is_none() {
                        let legal = rules.legal(&s);
                        let mut v = Vec::new();
                        if rules.candidates(&s, &mut v) {
                            *seen.entry(rules.step_rule(s.step)).or_default() += 1;
                            let key = |c: &Command| format!("{c:?}");
                            let mut listed: Vec<String> = legal.iter().map(key).collect();
                            listed.sort();
                            let n = listed.len();
                            listed.dedup();
                            assert_eq!(n, listed.len(), "{}: a command listed twice", sc.id);
                            let space = if matches!(s.step, Step::Move | Step::ChooseHand { .. }) {
                                // Held to their checks by their own tests.
                                None
                            } else {
                                Some(command_space(&rules, &s))
                            };
                            if let Some(space) = space {
                                let mut accepted: Vec<String> = space
                                    .iter()
                                    .filter(|c| rules.check_command(&s, c).is_ok())
                                    .map(key)
                                    .collect();
                                accepted.sort();
                                assert_eq!(listed, accepted, "{} at {:?}", sc.id, s.step);
                            }
                        }
                        let k = rng.index(legal.len());
                        ev.clear();
                        rules.execute(&mut s, &legal[k], &mut ev);
                    }
                }
            }
        }
        // The decisions this test is about were all reached (the sections
        // of ChoosePilot, DiscardBeforeDraw, Reserve, Commands, Assign,
        // Suppress/FireOrder/Play, Burn, Rescue, the Search and Abort
        // burns).
        for section in [
            "7.0", "4.2.1", "4.2.2", "4.2.3", "4.3.2", "4.3.4", "4.3.3", "4.3.5", "4.4.2", "4.4.3",
        ] {
            assert!(
                seen.get(section).is_some_and(|&n| n > 0),
                "{section} never reached: {seen:?}"
            );
        }
    }
}
