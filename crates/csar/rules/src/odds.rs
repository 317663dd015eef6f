//! Card counting (2.2.1 encourages it): the exact chance of each outcome of
//! a Resolution draw the player is about to make, from the cards left in the
//! draw pile and the discards the Reshuffle card would bring back.
//!
//! Drawing is modelled card by card: each card of the pile is equally likely
//! to come next; the Reshuffle card does not count as a draw and shuffles
//! the discards (and itself) back into the pile (2.2.1); an empty pile is
//! refilled from the discards, as the game does. A Reshuffle drawn with no
//! discards leaves the deck as it was, which the recursion solves in closed
//! form (P = rest / (1 - r)), so the answers are exact, not sampled.

use crate::data::Icon;
use serde::Serialize;
use std::collections::BTreeMap;

/// How many cards of each icon (indexed by [`Icon::index`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Comp(pub [u8; 6]);

impl Comp {
    pub fn from_icons(icons: impl IntoIterator<Item = Icon>) -> Comp {
        let mut c = Comp::default();
        for i in icons {
            c.0[i.index()] += 1;
        }
        c
    }
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
    pub fn get(&self, i: Icon) -> u8 {
        self.0[i.index()]
    }
    fn add(mut self, other: Comp) -> Comp {
        for k in 0..6 {
            self.0[k] += other.0[k];
        }
        self
    }
}

const RESHUFFLE: usize = 4;

/// Probability that `draws` counted draws show at least `m` cards for which
/// `good` holds (a rescue: a roundel; a search or abort check: a rifle).
pub fn p_at_least(
    pile: Comp,
    discards: Comp,
    draws: u8,
    m: u8,
    good: impl Fn(Icon) -> bool,
) -> f64 {
    let mut memo = BTreeMap::new();
    at_least(pile, discards, draws, m, &good, &mut memo)
}

/// Probability of at least one `good` card in `draws` counted draws.
pub fn p_any(pile: Comp, discards: Comp, draws: u8, good: impl Fn(Icon) -> bool) -> f64 {
    p_at_least(pile, discards, draws, 1, good)
}

fn at_least(
    pile: Comp,
    disc: Comp,
    k: u8,
    m: u8,
    good: &dyn Fn(Icon) -> bool,
    memo: &mut BTreeMap<(Comp, Comp, u8, u8), f64>,
) -> f64 {
    if m == 0 {
        return 1.0;
    }
    if k == 0 {
        return 0.0;
    }
    let (pile, disc) = if pile.total() == 0 {
        (disc, Comp::default())
    } else {
        (pile, disc)
    };
    let total = pile.total();
    if total == 0 {
        return 0.0;
    }
    if let Some(&p) = memo.get(&(pile, disc, k, m)) {
        return p;
    }
    let mut rest = 0.0;
    let mut self_loop = 0.0;
    for (idx, icon) in Icon::ALL.iter().enumerate() {
        let n = pile.0[idx];
        if n == 0 {
            continue;
        }
        let p = n as f64 / total as f64;
        if idx == RESHUFFLE {
            if disc.total() == 0 {
                self_loop += p;
            } else {
                rest += p * at_least(pile.add(disc), Comp::default(), k, m, good, memo);
            }
            continue;
        }
        let mut np = pile;
        np.0[idx] -= 1;
        let mut nd = disc;
        nd.0[idx] += 1;
        let nm = if good(*icon) { m - 1 } else { m };
        rest += p * at_least(np, nd, k - 1, nm, good, memo);
    }
    let v = if self_loop >= 1.0 {
        0.0
    } else {
        rest / (1.0 - self_loop)
    };
    memo.insert((pile, disc, k, m), v);
    v
}

/// 4.3.3 C: the chance of each number of Hits (index 0..=zfv) from a Zone
/// Firepower Value of `zfv`: crosshairs are set aside as Hits, a roundel
/// (or the Wild card, read as one) throws out the Hits so far, the Reshuffle
/// card brings back the discards but not the Hits set aside.
pub fn fire_hits(pile: Comp, discards: Comp, zfv: u8) -> Vec<f64> {
    let mut memo = BTreeMap::new();
    fire(pile, discards, 0, zfv, &mut memo)
}

fn fire(
    pile: Comp,
    disc: Comp,
    aside: u8,
    k: u8,
    memo: &mut BTreeMap<(Comp, Comp, u8, u8), Vec<f64>>,
) -> Vec<f64> {
    let len = aside as usize + k as usize + 1;
    let mut out = vec![0.0; len];
    if k == 0 {
        out[aside as usize] = 1.0;
        return out;
    }
    let (pile, disc) = if pile.total() == 0 {
        (disc, Comp::default())
    } else {
        (pile, disc)
    };
    let total = pile.total();
    if total == 0 {
        out[aside as usize] = 1.0;
        return out;
    }
    if let Some(v) = memo.get(&(pile, disc, aside, k)) {
        return v.clone();
    }
    let mut self_loop = 0.0;
    let acc = |out: &mut Vec<f64>, p: f64, v: Vec<f64>| {
        for (i, x) in v.into_iter().enumerate() {
            if i < out.len() {
                out[i] += p * x;
            }
        }
    };
    for (idx, icon) in Icon::ALL.iter().enumerate() {
        let n = pile.0[idx];
        if n == 0 {
            continue;
        }
        let p = n as f64 / total as f64;
        let mut np = pile;
        np.0[idx] -= 1;
        match icon {
            Icon::Reshuffle => {
                if disc.total() == 0 {
                    self_loop += p;
                } else {
                    let v = fire(pile.add(disc), Comp::default(), aside, k, memo);
                    acc(&mut out, p, v);
                }
            }
            Icon::Crosshairs => {
                let v = fire(np, disc, aside + 1, k - 1, memo);
                acc(&mut out, p, v);
            }
            Icon::Roundel | Icon::Wild => {
                let mut nd = disc;
                nd.0[idx] += 1;
                nd.0[Icon::Crosshairs.index()] += aside;
                let v = fire(np, nd, 0, k - 1, memo);
                acc(&mut out, p, v);
            }
            _ => {
                let mut nd = disc;
                nd.0[idx] += 1;
                let v = fire(np, nd, aside, k - 1, memo);
                acc(&mut out, p, v);
            }
        }
    }
    if self_loop < 1.0 {
        for x in out.iter_mut() {
            *x /= 1.0 - self_loop;
        }
    }
    memo.insert((pile, disc, aside, k), out.clone());
    out
}

/// Chance that a rescue with `draws` draws succeeds (4.3.5): any roundel
/// (the Wild card is read as one).
pub fn rescue(pile: Comp, discards: Comp, draws: u8) -> f64 {
    p_any(pile, discards, draws, |i| {
        matches!(i, Icon::Roundel | Icon::Wild)
    })
}

/// Chance that an Enemy Search with `draws` draws captures a Survivor
/// (4.4.2). With 6.5 not yet used, the first rifle is spared and no rifle
/// captures in the rest of that Search, so the chance is 0.
pub fn capture(pile: Comp, discards: Comp, draws: u8, spare_first: bool) -> f64 {
    if spare_first {
        return 0.0;
    }
    p_any(pile, discards, draws, |i| i == Icon::Rifle)
}

/// Chance that an Abort Check with `draws` draws aborts the mission (4.4.3).
pub fn abort(pile: Comp, discards: Comp, draws: u8) -> f64 {
    p_any(pile, discards, draws, |i| i == Icon::Rifle)
}

/// Chance that Bomb Damage Assessment with `draws` draws destroys the gun (4.4.1).
pub fn destroy(pile: Comp, discards: Comp, draws: u8) -> f64 {
    p_any(pile, discards, draws, |i| {
        matches!(i, Icon::Blast | Icon::Wild)
    })
}
