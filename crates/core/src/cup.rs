//! A chit cup: draw a chit at random, put it back, or take it out for good.

use crate::rng::GameRng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cup<T> {
    pub chits: Vec<T>,
    /// Chits taken out of play permanently (a chit lost with its leader).
    pub removed: Vec<T>,
}

impl<T> Default for Cup<T> {
    fn default() -> Self {
        Cup {
            chits: Vec::new(),
            removed: Vec::new(),
        }
    }
}

impl<T: Clone + PartialEq> Cup<T> {
    pub fn new(chits: Vec<T>) -> Self {
        Cup {
            chits,
            removed: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.chits.len()
    }

    pub fn is_empty(&self) -> bool {
        self.chits.is_empty()
    }

    /// Draws one chit at random; `None` when the cup is empty.
    pub fn draw(&mut self, rng: &mut GameRng) -> Option<T> {
        if self.chits.is_empty() {
            return None;
        }
        let i = rng.index(self.chits.len());
        // swap_remove would make later draws depend on the order of earlier
        // ones in a way that is hard to reason about in tests; remove keeps
        // the cup's contents in a stable order.
        Some(self.chits.remove(i))
    }

    /// Puts a chit (back) into the cup.
    pub fn put(&mut self, chit: T) {
        self.chits.push(chit);
    }

    /// Removes one chit equal to `chit` from the cup permanently; false if
    /// the cup holds none.
    pub fn remove_permanently(&mut self, chit: &T) -> bool {
        match self.chits.iter().position(|c| c == chit) {
            Some(i) => {
                let c = self.chits.remove(i);
                self.removed.push(c);
                true
            }
            None => false,
        }
    }

    pub fn count(&self, pred: impl Fn(&T) -> bool) -> usize {
        self.chits.iter().filter(|c| pred(c)).count()
    }

    pub fn contains(&self, chit: &T) -> bool {
        self.chits.contains(chit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_return_remove() {
        let mut rng = GameRng::seeded(8);
        let mut cup = Cup::new(vec!["US", "US", "VC", "Event"]);
        let a = cup.draw(&mut rng).unwrap();
        assert_eq!(cup.len(), 3);
        cup.put(a);
        assert_eq!(cup.len(), 4);
        assert!(cup.remove_permanently(&"VC"));
        assert!(!cup.remove_permanently(&"VC"));
        assert_eq!(cup.removed, vec!["VC"]);
        assert_eq!(cup.count(|c| *c == "US"), 2);
        let mut drawn = Vec::new();
        while let Some(c) = cup.draw(&mut rng) {
            drawn.push(c);
        }
        drawn.sort();
        assert_eq!(drawn, vec!["Event", "US", "US"]);
        assert_eq!(cup.draw(&mut rng), None);
    }

    #[test]
    fn draws_are_fair() {
        let mut rng = GameRng::seeded(12);
        let mut counts = [0u32; 4];
        for _ in 0..40_000 {
            let mut cup = Cup::new(vec![0usize, 1, 2, 3]);
            counts[cup.draw(&mut rng).unwrap()] += 1;
        }
        for &c in &counts {
            assert!((9_500..=10_500).contains(&c), "{counts:?}");
        }
    }
}
