//! The one source of randomness for a game: a portable, serializable generator.
//!
//! Xoshiro256++ gives the same stream on every platform and every rand 0.10.x,
//! which `StdRng`/`SmallRng` do not promise. Everything a game draws at random
//! (dice, shuffles, chit pulls, "pick one of the equals") goes through here so
//! that a seed and a command list rebuild a game exactly.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng(Xoshiro256PlusPlus);

impl GameRng {
    pub fn seeded(seed: u64) -> Self {
        GameRng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n` (Lemire's multiply-shift with rejection, so
    /// no modulo bias and the same answer on 32- and 64-bit targets).
    ///
    /// # Panics
    /// Never for `n > 0`; `n == 0` returns 0 rather than panicking so that a
    /// game bug shows as a wrong draw in a test, not a crash in front of a player.
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let n64 = n as u64;
        let threshold = (u32::MAX as u64 + 1 - n64) % n64;
        loop {
            let x = self.0.next_u32() as u64;
            let m = x * n64;
            if (m & 0xFFFF_FFFF) >= threshold {
                return (m >> 32) as u32;
            }
        }
    }

    /// A uniform index into a collection of `len` items.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).unwrap_or(u32::MAX)) as usize
    }

    /// One die with `sides` faces, 1..=sides.
    pub fn die(&mut self, sides: u8) -> u8 {
        self.below(sides as u32) as u8 + 1
    }

    /// Fisher-Yates with our own `below`, so a shuffle never depends on how a
    /// library samples `usize`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// A child seed, for things that need their own stream (a policy, game `i`
    /// of a playout) without touching this generator's sequence for the game.
    pub fn derive_seed(seed: u64, stream: u64) -> u64 {
        splitmix64(seed ^ splitmix64(stream.wrapping_add(0x9E37_79B9_7F4A_7C15)))
    }
}

pub fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_known_values() {
        let mut a = GameRng::seeded(42);
        let mut b = GameRng::seeded(42);
        let xs: Vec<u32> = (0..20).map(|_| a.below(10)).collect();
        let ys: Vec<u32> = (0..20).map(|_| b.below(10)).collect();
        assert_eq!(xs, ys);
        // Pinned so that a dependency upgrade that changes the stream (and so
        // breaks every saved game) fails here first.
        let mut c = GameRng::seeded(1);
        let pinned: Vec<u8> = (0..8).map(|_| c.die(10)).collect();
        assert_eq!(pinned, PINNED_D10_SEED1);
    }

    const PINNED_D10_SEED1: [u8; 8] = [9, 8, 2, 8, 2, 6, 10, 6];

    #[test]
    fn different_seeds_differ() {
        let mut a = GameRng::seeded(1);
        let mut b = GameRng::seeded(2);
        let xs: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..4).map(|_| b.next_u64()).collect();
        assert_ne!(xs, ys);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = GameRng::seeded(7);
        let mut v: Vec<u32> = (0..52).collect();
        rng.shuffle(&mut v);
        assert_ne!(v, (0..52).collect::<Vec<_>>());
        v.sort();
        assert_eq!(v, (0..52).collect::<Vec<_>>());
    }

    #[test]
    fn serde_round_trip_keeps_the_stream() {
        let mut a = GameRng::seeded(9);
        a.die(6);
        let text = ron::to_string(&a).unwrap();
        let mut b: GameRng = ron::from_str(&text).unwrap();
        assert_eq!(a.die(6), b.die(6));
        assert_eq!(a.next_u64(), b.next_u64());
    }
}
