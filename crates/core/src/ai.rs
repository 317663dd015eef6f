//! What a game supplies to the computer player (the search in `vt-ai`).
//!
//! The search plays any [`Ruleset`]; it only needs three things the rules
//! alone cannot tell it:
//!
//! - [`AiRules::determinize`]: a full state the deciding side could be in,
//!   given only what that side may know. The search never reads the real
//!   state: it hands the real state to this function and works on what
//!   comes back, so the function is where hidden information is kept from
//!   it. It re-deals every hidden thing from the pool the side cannot tell
//!   apart (shuffled draw piles, concealed identities, unseen traps) and
//!   reseeds the state's generator: the dice to come are hidden too.
//! - [`AiRules::evaluate`]: each side's chance of winning from a position,
//!   for searches that stop before the end of the game.
//! - [`AiRules::rollout_weights`]: how the search plays on from a
//!   position ([`AiRules::rollout`] draws from them) and which commands it
//!   tries first ([`AiRules::prior`]). The default is no preference:
//!   uniform over the legal commands; a game where random play is hopeless
//!   (a side that wastes its activations) supplies rules of thumb.
//!   The same policy, on a determinized state, is the "scripted" player.
//!
//! [`testing::check_determinize`](crate::testing::check_determinize) checks
//! a game's `determinize` keeps what the side sees and depends on nothing
//! else.

use crate::engine::{Ruleset, SideIdx};
use crate::rng::GameRng;
use std::borrow::Cow;

pub trait AiRules: Ruleset {
    /// A state consistent with everything `side` may know in `state`, the
    /// hidden rest drawn with `rng`:
    /// - `view(result, side)` equals `view(state, side)`, and so do the
    ///   decision and the legal commands when `side` decides;
    /// - the result depends on `state` only through what `side` may know:
    ///   two states `side` cannot tell apart give the same result for the
    ///   same `rng` (so re-deal hidden things from a canonical order, never
    ///   from their order in `state`);
    /// - the state's own generator is reseeded from `rng`.
    ///
    /// A game without hidden information clones the state and reseeds its
    /// generator.
    fn determinize(&self, state: &Self::State, side: SideIdx, rng: &mut GameRng) -> Self::State;

    /// `side`'s chance of winning from `state`, in `[0, 1]`, when the
    /// search stops before the end. The default knows nothing: one half.
    /// A search asks it for its own side only: in a two-sided game it
    /// takes the other side's chance as one less its own, so what a side's
    /// evaluation counts for what that side is after (FTE's US and the
    /// caches in reach) shapes that side's own search, not what the
    /// opponent's search expects of it.
    fn evaluate(&self, _state: &Self::State, _side: SideIdx) -> f64 {
        0.5
    }

    /// How well `side` did in a finished game, in `[0, 1]`, beyond who
    /// won: the victory points, casualties or survivors it came out with,
    /// read as a margin (one half for an even result). The search adds a
    /// little of it to a finished game's reward ([`MARGIN_WEIGHT`]) and,
    /// where every move it weighed wins (or every one loses), plays the
    /// one with the best margin: a side with the game in hand presses on
    /// instead of marking time, and a beaten side saves what it can
    /// instead of walking a unit back and forth. The default knows
    /// nothing: one half, so only who won counts.
    fn margin(&self, _state: &Self::State, _side: SideIdx) -> f64 {
        0.5
    }

    /// The position as far as the computer's loop guard goes (`vt-ai`'s
    /// `repeats`): a side's own run of commands that comes back to a
    /// position equal to one it was in leaves out what it played there
    /// before. The default is the whole state. A game whose moves are
    /// made a step at a time, each step spending movement points, gives
    /// the state with the points left put aside: a unit stepped out of a
    /// hex and back is where it was, only with fewer points to go on
    /// with, and stepping out again goes round the same loop (FTE Hot LZ,
    /// session 43: a VC Fire Team with nothing near walked 04.19, 04.20,
    /// 04.19, 03.20, 04.20, 04.19, 04.18, 04.19 in one move).
    fn loop_position<'a>(&self, state: &'a Self::State) -> Cow<'a, Self::State> {
        Cow::Borrowed(state)
    }

    /// How strongly the game's rules of thumb favour each of `legal` (the
    /// commands of `state`'s decision, not empty), one weight a command,
    /// or `None` for no preference (the default). Both
    /// [`AiRules::rollout`] and [`AiRules::prior`] read them, so a game
    /// with rules of thumb writes them once, here.
    fn rollout_weights(&self, _state: &Self::State, _legal: &[Self::Command]) -> Option<Vec<u32>> {
        None
    }

    /// Which of `legal` (the commands of `state`'s decision, not empty) the
    /// search plays when it plays on without searching. The default draws
    /// in proportion to [`AiRules::rollout_weights`] with
    /// [`weighted_index`], uniformly when there are none.
    fn rollout(&self, state: &Self::State, legal: &[Self::Command], rng: &mut GameRng) -> usize {
        match self.rollout_weights(state, legal) {
            Some(weights) => weighted_index(&weights, rng),
            None => rng.index(legal.len()),
        }
    }

    /// How strongly the rollout policy favours each of `legal` (the
    /// commands of `state`'s decision), one weight a command, or `None`
    /// for no preference. The search leans towards the
    /// favoured commands, less the more it has tried them (PUCT, in
    /// `vt-ai`): with a small budget and a noisy evaluation it would
    /// otherwise choose close to uniformly, as badly as random play, and
    /// with a large one follow the evaluation's noise.
    /// The default is [`AiRules::rollout_weights`]: the search starts from
    /// the rules of thumb its rollouts follow and lets its samples
    /// overrule them.
    fn prior(&self, state: &Self::State, legal: &[Self::Command]) -> Option<Vec<f64>> {
        self.rollout_weights(state, legal)
            .map(|w| w.into_iter().map(f64::from).collect())
    }

    /// The side that decides now, `None` once the game is over: what
    /// [`Ruleset::decision`] says, without its words. The search asks it at
    /// every command; a game whose `decision` builds text may answer faster.
    fn to_move(&self, state: &Self::State) -> Option<SideIdx> {
        self.decision(state).side
    }

    /// About how many iterations of the search one core of a 2-core
    /// laptop runs in a second on `scenario`'s usual positions: a time
    /// budget is turned into iterations with it, so that the search is
    /// the same for the same seed, scenario and budget on every machine (a
    /// faster machine just finishes sooner). Per scenario, because one
    /// game's scenarios differ several times over (a bunker line against
    /// a patrol); a scenario the game does not know (edited data) gets the
    /// game's usual rate. See [`rate_of`].
    fn search_rate(&self, _scenario: &str) -> u32 {
        1000
    }

    /// How many commands a rollout plays before it stops and asks
    /// [`AiRules::evaluate`]; `None` plays to the end of the game.
    fn rollout_horizon(&self) -> Option<usize> {
        None
    }
}

/// The part of a finished game's reward in the search that is the
/// margin ([`AiRules::margin`]), the rest being who won: small, so that a
/// surer win always counts for more than a bigger one (a win scores at
/// least `1 - MARGIN_WEIGHT`, a loss at most `MARGIN_WEIGHT`), yet enough
/// to rank moves that all win or all lose.
pub const MARGIN_WEIGHT: f64 = 0.05;

/// A margin read as a score in `[0, 1]`: one half for `lead` 0, about
/// 0.73 for a lead of `scale`, about 0.88 for twice it (a logistic curve,
/// so a bigger lead always counts for a little more).
pub fn lead_score(lead: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-lead / scale.max(f64::EPSILON)).exp())
}

/// `scenario`'s rate in a game's table of search rates (scenario id,
/// iterations a second), or `usual` for a scenario not in it: the usual
/// body of [`AiRules::search_rate`].
pub fn rate_of(rates: &[(&str, u32)], scenario: &str, usual: u32) -> u32 {
    rates
        .iter()
        .find(|(id, _)| *id == scenario)
        .map_or(usual, |&(_, r)| r)
        .max(1)
}

/// A random index into `weights`, each drawn in proportion to its weight
/// (uniform when they are all 0): what the default
/// [`AiRules::rollout`] draws with, from [`AiRules::rollout_weights`].
pub fn weighted_index(weights: &[u32], rng: &mut GameRng) -> usize {
    let total: u64 = weights.iter().map(|&w| w as u64).sum();
    if total == 0 || total > u32::MAX as u64 {
        return rng.index(weights.len());
    }
    let mut x = rng.below(total as u32);
    for (i, &w) in weights.iter().enumerate() {
        if x < w {
            return i;
        }
        x -= w;
    }
    weights.len() - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_gets_its_own_rate_and_others_the_usual() {
        let rates = [("patrol", 900), ("bunkers", 60), ("broken", 0)];
        assert_eq!(rate_of(&rates, "bunkers", 300), 60);
        assert_eq!(rate_of(&rates, "patrol", 300), 900);
        assert_eq!(rate_of(&rates, "edited", 300), 300);
        // Never zero: a budget is at least one iteration a second.
        assert_eq!(rate_of(&rates, "broken", 300), 1);
    }

    #[test]
    fn weighted_index_follows_the_weights() {
        let mut rng = GameRng::seeded(4);
        let mut n = [0u32; 3];
        for _ in 0..3000 {
            n[weighted_index(&[1, 0, 3], &mut rng)] += 1;
        }
        assert_eq!(n[1], 0);
        assert!(
            (600..900).contains(&n[0]) && (2100..2400).contains(&n[2]),
            "{n:?}"
        );
        // All zero: uniform, still in range.
        assert!(weighted_index(&[0, 0], &mut rng) < 2);
    }
}
