//! Why a card the player may only discard cannot be played (issue 14: the
//! launcher offered "Discard" for an Attack card and said nothing of why).
//!
//! The answer reads only what the player sees: the guns, Barrages and
//! Targets of Opportunity in the card's zone, its Rules of Engagement, the
//! markers left in the counter mix, the Survivors and the Pool; never a
//! face-down marker's value or a deck's order. So it may be asked of the
//! full state and shown as it is.

use crate::command::{Command, Target};
use crate::data::ActionEffect;
use crate::state::State;
use crate::{BOOK, Csar};
use vt_core::{Checked, Refusal, RuleError};

impl Csar {
    /// Why `card` (assigned to an aircraft, or a Command card in the hand)
    /// cannot be played on any target now, with the rule; `None` when some
    /// target takes it, or the card is neither. Worded as [`Csar::check`]'s
    /// refusals ("CSAR 9.3").
    pub fn why_unplayable(&self, s: &State, card: u8) -> Option<RuleError> {
        self.unplayable(s, card).map(|r| r.in_book(BOOK))
    }

    fn unplayable(&self, s: &State, card: u8) -> Option<Refusal> {
        if let Some(x) = s.assigned.iter().find(|x| x.card == card) {
            let zone = x.zone;
            let mut tries = Vec::new();
            self.play_candidates(s, card, zone, &mut tries);
            let zs = s.zone(zone);
            let effect = self.card_def(card).effect;
            // A target the zone holds says more than one it does not ("no
            // Barrage in the zone" beside an Attack on a gun under Rules of
            // Engagement), so its refusal comes first.
            let present = |t: Target| match t {
                Target::Gun(_) | Target::None => true,
                Target::TargetOfOpportunity => zs.has_too(),
                Target::Barrage => zs.barrages > 0,
                Target::SearchMarker => matches!(effect, ActionEffect::Cbu { .. }),
            };
            let mut first_present = None;
            for c in tries {
                let Command::Play {
                    target,
                    pilot: false,
                    ..
                } = c
                else {
                    continue;
                };
                match self.check_play(s, card, target, false) {
                    Ok(()) => return None,
                    Err(r) if first_present.is_none() && present(target) => first_present = Some(r),
                    Err(_) => {}
                }
            }
            return Some(first_present.unwrap_or_else(|| nothing_to_aim_at(effect)));
        }
        if s.hand.contains(&card) && self.is_command_card(card) {
            let mut tries = Vec::new();
            self.command_card_candidates(s, &mut tries);
            let mut refusal = None;
            for c in tries {
                let Command::PlayCommand { card: k, target } = c else {
                    continue;
                };
                if k != card {
                    continue;
                }
                let r: Checked = self.check_command_card(s, card, target);
                match r {
                    Ok(()) => return None,
                    Err(r) => {
                        refusal.get_or_insert(r);
                    }
                }
            }
            return Some(refusal.unwrap_or_else(|| {
                Refusal::new("9.3", "no Survivor is stranded on the map to play it on")
            }));
        }
        None
    }
}

/// An aircraft card whose zone holds nothing it could be played on.
fn nothing_to_aim_at(effect: ActionEffect) -> Refusal {
    match effect {
        ActionEffect::Suppress => Refusal::new("4.3.4", "no active Enemy Gun in the card's zone"),
        ActionEffect::Attack { .. } => Refusal::new(
            "4.3.4",
            "no Enemy Gun, Target of Opportunity or Barrage in the card's zone",
        ),
        ActionEffect::MarkTarget => Refusal::new(
            "9.2",
            "no unmarked Enemy Gun or Target of Opportunity in the card's zone",
        ),
        _ => Refusal::new(
            "4.3.4",
            "no Enemy Gun or Target of Opportunity in the card's zone",
        ),
    }
}
