//! Carrying out a checked command, and what each decision asks.

use crate::command::Command;
use crate::event::{Event, RandomFor};
use crate::state::{State, Step};
use crate::{BOOK, Csar};
use vt_core::Decision;

impl Csar {
    pub(crate) fn run(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        self.run_one(s, *c, ev);
        self.advance(s, ev);
    }

    /// Carries out one command without running the procedures that follow.
    pub(crate) fn run_one(&self, s: &mut State, c: Command, ev: &mut Vec<Event>) {
        match c {
            Command::ChoosePilot(p) => {
                let card = match p {
                    Some(p) => p,
                    None => {
                        let ch = self.pilot_choices(s);
                        let k = self.pick(s, ev, RandomFor::PilotCard, ch.len() as u8) as usize;
                        ch[k.min(ch.len().saturating_sub(1))]
                    }
                };
                ev.push(Event::PilotChosen {
                    card,
                    random: p.is_none(),
                });
                self.pilot_chosen(s, ev, card);
            }
            Command::PlacePilot { aircraft } => {
                if let Step::PlacePilot { card } = s.step {
                    self.place_pilot(s, ev, card, aircraft);
                    self.after_pilot(s, ev);
                }
            }
            Command::PickCard(k) => {
                self.pick_card(s, ev, k);
                if let Step::ChooseHand { left } = s.step {
                    if left > 1 && !self.hand_choices(s).is_empty() {
                        s.step = Step::ChooseHand { left: left - 1 };
                    } else {
                        self.after_hand(s, ev);
                    }
                }
            }
            Command::RevealZone(z) => {
                self.reveal_chosen(s, ev, z);
                if let Step::RevealChoice { left } = s.step {
                    s.step = if left > 1 {
                        Step::RevealChoice { left: left - 1 }
                    } else {
                        Step::AutoTurnStart
                    };
                }
            }
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

    /// "Done": the current step ends; what is left is discarded or passed.
    pub(crate) fn done(&self, s: &mut State, ev: &mut Vec<Event>) {
        match s.step {
            Step::Purchase => self.start_mission(s, ev),
            Step::DiscardBeforeDraw => {
                self.draw_cards(s, ev);
                s.step = Step::Reserve;
            }
            Step::Reserve => s.step = Step::Commands,
            Step::Commands => {
                let cmds: Vec<u8> = s
                    .hand
                    .iter()
                    .copied()
                    .filter(|&c| self.is_command_card(c))
                    .collect();
                for c in cmds {
                    self.discard_command(s, ev, c);
                }
                s.step = Step::Move;
            }
            Step::Move => s.step = Step::Assign,
            Step::Assign => s.step = Step::AutoGunFire,
            Step::FireWindow => self.fire_targets(s, ev),
            Step::Burn => self.implement_hits(s, ev),
            Step::Play => {
                // Suppress may still be played in the Rescue Segment (4.3.4):
                // it stays assigned; every other card is discarded.
                let (keep, drop): (Vec<_>, Vec<_>) =
                    std::mem::take(&mut s.assigned).into_iter().partition(|x| {
                        self.card_def(x.card).effect == crate::data::ActionEffect::Suppress
                    });
                for x in drop {
                    s.action.discard(x.card);
                    ev.push(Event::AssignedDiscarded { card: x.card });
                }
                s.assigned = keep;
                s.step = Step::Rescue;
            }
            Step::Rescue => {
                for x in std::mem::take(&mut s.assigned) {
                    s.action.discard(x.card);
                    ev.push(Event::AssignedDiscarded { card: x.card });
                }
                s.step = Step::AutoEndTurn;
            }
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
            _ => {}
        }
    }

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

    pub(crate) fn decision_for(&self, s: &State) -> Decision {
        if s.step == Step::Over {
            return Decision::game_over();
        }
        let (kind, prompt): (&str, String) = match s.step {
            Step::ChoosePilot => (
                "choose-pilot",
                "Choose a Pilot/PJ card, or draw one at random.".into(),
            ),
            Step::PlacePilot { card } => (
                "place-pilot",
                format!(
                    "Put {}'s counter on an aircraft.",
                    self.data.pilots[card as usize].name
                ),
            ),
            Step::ChooseHand { left } => (
                "choose-hand",
                format!(
                    "Pick an Aircraft card for your starting hand ({left} to go, no two alike)."
                ),
            ),
            Step::RevealChoice { left } => (
                "reveal-zone",
                format!("Choose an Outer Zone whose Enemy marker is revealed ({left} to go)."),
            ),
            Step::Purchase => {
                let (m, mp) = s
                    .campaign
                    .as_ref()
                    .map(|c| (c.mission, c.morale))
                    .unwrap_or((1, 0));
                (
                    "purchase",
                    format!("Mission {m}: spend Morale Points ({mp} left), or done."),
                )
            }
            Step::DiscardBeforeDraw => (
                "discard-reserve",
                "Discard Reserve cards before drawing, or done.".into(),
            ),
            Step::Reserve => (
                "reserve",
                "Move Aircraft cards from your hand to the Reserve, or done.".into(),
            ),
            Step::Commands => (
                "command-cards",
                "Play or discard each Command card in your hand.".into(),
            ),
            Step::Move => ("move", "Move aircraft, or done.".into()),
            Step::Assign => (
                "assign",
                "Assign Aircraft cards to aircraft in the zones, or done.".into(),
            ),
            Step::FireWindow => (
                "suppress",
                "The guns are about to fire: play Suppress, or let them fire.".into(),
            ),
            Step::FireOrder => (
                "fire-zone",
                "Choose the zone whose fire is resolved next (or play Suppress first).".into(),
            ),
            Step::Burn => (
                "burn",
                format!(
                    "{} Hits in the {}: burn Aircraft cards from your hand to cancel them (one must stay), or done.",
                    s.fire.hits,
                    s.fire.zone.name()
                ),
            ),
            Step::WildHit => (
                "wild-hit",
                format!(
                    "Wild card: choose the aircraft in the {} that is hit.",
                    s.fire.zone.name()
                ),
            ),
            Step::Play => (
                "play",
                "Play or discard each assigned Aircraft card.".into(),
            ),
            Step::Rescue => ("rescue", "Attempt a rescue, or done.".into()),
            Step::SearchBurn => (
                "burn",
                format!(
                    "Enemy Search: {} draws. Burn cards from your hand to draw fewer, or done.",
                    s.search.saturating_sub(s.burned).max(1)
                ),
            ),
            Step::AbortBurn => (
                "burn",
                format!(
                    "Abort Check: {} draws. Burn cards from your hand to draw fewer, or done.",
                    s.abort.saturating_sub(s.burned).max(1)
                ),
            ),
            _ => ("wait", "The game carries out its procedures.".into()),
        };
        Decision {
            side: Some(0),
            kind: kind.into(),
            prompt,
            rule: format!("{BOOK} {}", self.step_rule(s.step)),
            interrupt: false,
        }
    }
}
