//! Stable sorts with one copy of the sorting code in the browser build.
//!
//! Every `sort_by` or `sort_by_key` call with a closure of its own is a copy
//! of the standard library's stable sort, and so is `sort` for each element
//! type: about 4 KB of the browser's .wasm each, 78 copies in all (issue 15).
//! In the browser build (wasm32) these methods sort a list of indices with
//! one comparator behind a `dyn` and then move the elements into that order,
//! so the program keeps one copy of the sort. Everywhere else they are the
//! standard library's sorts, so the rules run as fast as before natively.
//!
//! Both ways are stable (equal elements keep their order), so they give the
//! same order, and a game sorted in the browser is the same game as natively
//! (the replays' digests depend on it). `erased` is public so that the
//! native tests check the browser's way against the standard library's.

use core::cmp::Ordering;

/// `stable_sort`, `stable_sort_by` and `stable_sort_by_key`: the standard
/// library's `sort`, `sort_by` and `sort_by_key` (same order, same
/// stability), with one copy of the sorting code in the browser build.
pub trait StableSort<T> {
    /// As `slice::sort`.
    fn stable_sort(&mut self)
    where
        T: Ord;
    /// As `slice::sort_by`.
    fn stable_sort_by(&mut self, compare: impl FnMut(&T, &T) -> Ordering);
    /// As `slice::sort_by_key`.
    fn stable_sort_by_key<K: Ord>(&mut self, key: impl FnMut(&T) -> K);
}

impl<T> StableSort<T> for [T] {
    #[inline]
    fn stable_sort(&mut self)
    where
        T: Ord,
    {
        #[cfg(target_arch = "wasm32")]
        erased::sort_by(self, T::cmp);
        #[cfg(not(target_arch = "wasm32"))]
        self.sort();
    }

    #[inline]
    fn stable_sort_by(&mut self, compare: impl FnMut(&T, &T) -> Ordering) {
        #[cfg(target_arch = "wasm32")]
        erased::sort_by(self, compare);
        #[cfg(not(target_arch = "wasm32"))]
        self.sort_by(compare);
    }

    #[inline]
    fn stable_sort_by_key<K: Ord>(&mut self, key: impl FnMut(&T) -> K) {
        #[cfg(target_arch = "wasm32")]
        {
            let mut key = key;
            erased::sort_by(self, |a, b| key(a).cmp(&key(b)));
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.sort_by_key(key);
    }
}

/// The browser build's way: one sort of indices for every element type.
pub mod erased {
    use core::cmp::Ordering;

    /// Sorts `v` stably by `compare`: the indices are sorted (one copy of
    /// the standard library's stable sort, with `compare` behind a `dyn`),
    /// then the elements are moved into that order.
    pub fn sort_by<T>(v: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
        if v.len() < 2 {
            return;
        }
        let order = {
            let v: &[T] = v;
            sorted_indices(v.len(), &mut |a, b| compare(&v[a], &v[b]))
        };
        permute(v, order);
    }

    /// `0..len` sorted stably by `compare` on indices. Not generic: this is
    /// the one copy of the sort.
    #[inline(never)]
    fn sorted_indices(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
        let mut order: Vec<usize> = (0..len).collect();
        order.sort_by(|&a, &b| compare(a, b));
        order
    }

    /// Moves `v[order[i]]` to position `i` for every `i`, following each
    /// cycle of the permutation with swaps (`order` is used up as the
    /// record of what is in place).
    fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
        for start in 0..v.len() {
            let mut at = start;
            loop {
                let from = order[at];
                order[at] = at;
                if from == start {
                    break;
                }
                v.swap(at, from);
                at = from;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

    /// The browser's way gives the standard library's order, ties included
    /// (stability: the second field tells equal keys apart), for lists of
    /// every length up to 64 and every kind of disorder the generator makes.
    #[test]
    fn the_browser_sort_is_the_standard_stable_sort() {
        let mut rng = GameRng::seeded(7);
        for len in 0..64 {
            for round in 0..20 {
                let spread = 1 + (round % 5) as u32 * len as u32 / 4;
                let v: Vec<(u32, usize)> =
                    (0..len).map(|i| (rng.below(spread.max(1)), i)).collect();
                let mut want = v.clone();
                want.sort_by_key(|p| p.0);
                let mut got = v.clone();
                erased::sort_by(&mut got, |a, b| a.0.cmp(&b.0));
                assert_eq!(got, want, "len {len} round {round}");
                let mut trait_way = v.clone();
                trait_way.stable_sort_by_key(|p| p.0);
                assert_eq!(trait_way, want);
                let mut whole = v;
                whole.stable_sort();
                want.sort();
                assert_eq!(whole, want);
            }
        }
    }

    /// Elements that own memory are moved, not copied or dropped twice.
    #[test]
    fn owned_elements_move_into_place() {
        let mut v: Vec<String> = ["pear", "fig", "apple", "fig", "kiwi"]
            .map(String::from)
            .to_vec();
        erased::sort_by(&mut v, |a, b| a.len().cmp(&b.len()));
        assert_eq!(v, ["fig", "fig", "pear", "kiwi", "apple"]);
    }
}
