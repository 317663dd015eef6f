//! The computer player's hooks (`crate::ai`): Skirmish hides nothing but
//! the dice to come.

use super::{Skirmish, State};
use crate::ai::AiRules;
use crate::engine::SideIdx;
use crate::rng::GameRng;

impl AiRules for Skirmish {
    /// Skirmish 8: the kills lead.
    fn margin(&self, s: &State, side: SideIdx) -> f64 {
        let me = side as usize;
        crate::ai::lead_score(s.kills[me] as f64 - s.kills[1 - me] as f64, 2.0)
    }

    fn determinize(&self, s: &State, _side: SideIdx, rng: &mut GameRng) -> State {
        State {
            rng: GameRng::seeded(rng.next_u64()),
            ..s.clone()
        }
    }

    /// Skirmish 8: the side that killed more wins.
    fn evaluate(&self, s: &State, side: SideIdx) -> f64 {
        let me = side as usize;
        let lead = s.kills[me] as f64 - s.kills[1 - me] as f64;
        1.0 / (1.0 + (-lead).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Ruleset, Setup};
    use std::sync::Arc;

    #[test]
    fn samples_reseed_the_dice_only() {
        let rules = Arc::new(Skirmish::default());
        let scenario = rules.info().scenarios[0].id.clone();
        crate::testing::check_determinize(rules, &Setup::new(&scenario, 1), 2, 9);
    }
}
