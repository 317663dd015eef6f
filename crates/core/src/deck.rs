//! A deck of cards: a draw pile, a discard pile and cards removed from play.
//!
//! Draw pile index 0 is the top. Nothing is ever dropped: every card is in
//! exactly one of the three piles (or in a hand the caller keeps), which the
//! tests check after every reshuffle.

use crate::rng::GameRng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck<C> {
    pub draw_pile: Vec<C>,
    pub discards: Vec<C>,
    pub removed: Vec<C>,
}

impl<C> Default for Deck<C> {
    fn default() -> Self {
        Deck {
            draw_pile: Vec::new(),
            discards: Vec::new(),
            removed: Vec::new(),
        }
    }
}

impl<C: Clone> Deck<C> {
    /// A deck shuffled from `cards`.
    pub fn shuffled(mut cards: Vec<C>, rng: &mut GameRng) -> Self {
        rng.shuffle(&mut cards);
        Deck {
            draw_pile: cards,
            ..Deck::default()
        }
    }

    /// A deck in the given order (top first), for set-ups and tests.
    pub fn stacked(cards: Vec<C>) -> Self {
        Deck {
            draw_pile: cards,
            ..Deck::default()
        }
    }

    pub fn len(&self) -> usize {
        self.draw_pile.len()
    }

    pub fn is_empty(&self) -> bool {
        self.draw_pile.is_empty()
    }

    /// Takes the top card, or `None` if the draw pile is empty.
    pub fn draw(&mut self) -> Option<C> {
        if self.draw_pile.is_empty() {
            None
        } else {
            Some(self.draw_pile.remove(0))
        }
    }

    /// Takes the top card; if the draw pile is empty, first shuffles the
    /// discards into it. `None` only when both are empty.
    pub fn draw_reshuffling(&mut self, rng: &mut GameRng) -> Option<C> {
        if self.draw_pile.is_empty() {
            self.reshuffle_discards(rng);
        }
        self.draw()
    }

    /// The top card without taking it.
    pub fn peek(&self) -> Option<&C> {
        self.draw_pile.first()
    }

    pub fn discard(&mut self, card: C) {
        self.discards.push(card);
    }

    /// Out of the game for good (a played Action card, a removed Wild card).
    pub fn remove_from_game(&mut self, card: C) {
        self.removed.push(card);
    }

    /// Shuffles the discards into the draw pile (the remaining draw pile is
    /// shuffled together with them).
    pub fn reshuffle_discards(&mut self, rng: &mut GameRng) {
        self.draw_pile.append(&mut self.discards);
        rng.shuffle(&mut self.draw_pile);
    }

    /// Shuffles every card not removed from the game back into one pile;
    /// cards held elsewhere (hands) must be given back first with `discard`.
    pub fn reshuffle_all(&mut self, rng: &mut GameRng) {
        self.reshuffle_discards(rng);
    }

    /// Takes the first card in the draw pile that matches, wherever it is
    /// (a scenario that starts with a named card in hand).
    pub fn take_where(&mut self, pred: impl Fn(&C) -> bool) -> Option<C> {
        let i = self.draw_pile.iter().position(pred)?;
        Some(self.draw_pile.remove(i))
    }

    /// How many cards of each kind are left in the draw pile, keyed by `key`.
    /// The card-counting a careful player does by hand.
    pub fn composition<K: Ord>(&self, key: impl Fn(&C) -> K) -> BTreeMap<K, usize> {
        let mut m = BTreeMap::new();
        for c in &self.draw_pile {
            *m.entry(key(c)).or_insert(0) += 1;
        }
        m
    }

    /// Every card the deck still owns, in any pile.
    pub fn all_cards(&self) -> impl Iterator<Item = &C> {
        self.draw_pile
            .iter()
            .chain(self.discards.iter())
            .chain(self.removed.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut v: Vec<u32>) -> Vec<u32> {
        v.sort();
        v
    }

    #[test]
    fn reshuffle_keeps_every_card_exactly_once() {
        let mut rng = GameRng::seeded(11);
        let all: Vec<u32> = (1..=30).collect();
        let mut deck = Deck::shuffled(all.clone(), &mut rng);
        let mut hand = Vec::new();
        for round in 0..200 {
            // Draw some, discard some, remove a few, reshuffle now and then.
            for _ in 0..(round % 7) {
                if let Some(c) = deck.draw_reshuffling(&mut rng) {
                    hand.push(c);
                }
            }
            while hand.len() > 3 {
                let c = hand.remove(0);
                if c % 13 == 0 && round % 5 == 0 {
                    deck.remove_from_game(c);
                } else {
                    deck.discard(c);
                }
            }
            if round % 9 == 0 {
                deck.reshuffle_discards(&mut rng);
            }
            let mut seen: Vec<u32> = deck.all_cards().copied().collect();
            seen.extend(hand.iter().copied());
            assert_eq!(sorted(seen), all, "round {round}");
        }
    }

    #[test]
    fn draw_from_empty_reshuffles_discards_only_when_asked() {
        let mut rng = GameRng::seeded(1);
        let mut deck = Deck::stacked(vec![1, 2]);
        assert_eq!(deck.draw(), Some(1));
        assert_eq!(deck.draw(), Some(2));
        deck.discard(1);
        deck.discard(2);
        assert_eq!(deck.draw(), None);
        let c = deck.draw_reshuffling(&mut rng).unwrap();
        assert!(c == 1 || c == 2);
        assert_eq!(deck.len(), 1);
        assert!(deck.discards.is_empty());
    }

    #[test]
    fn composition_counts_what_is_left() {
        let mut deck = Deck::stacked(vec!["x", "y", "x", "z", "x"]);
        deck.draw();
        let c = deck.composition(|c| *c);
        assert_eq!(c["x"], 2);
        assert_eq!(c["y"], 1);
        assert_eq!(c["z"], 1);
        assert_eq!(deck.peek(), Some(&"y"));
    }

    #[test]
    fn shuffled_deck_depends_on_seed_only() {
        let cards: Vec<u32> = (0..30).collect();
        let a = Deck::shuffled(cards.clone(), &mut GameRng::seeded(4));
        let b = Deck::shuffled(cards.clone(), &mut GameRng::seeded(4));
        let c = Deck::shuffled(cards, &mut GameRng::seeded(5));
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
