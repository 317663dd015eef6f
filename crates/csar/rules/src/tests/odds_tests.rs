//! The card-counting odds against brute-force enumeration of every order of
//! explicit cards (not compositions), including the Reshuffle card.

use crate::data::Icon;
use crate::odds::{self, Comp};

/// Enumerates every draw sequence card by card. Returns (probability of
/// the outcome, probability mass cut off by the depth limit).
fn brute_any(
    pile: &[Icon],
    disc: &[Icon],
    k: u8,
    m: u8,
    good: &dyn Fn(Icon) -> bool,
    depth: u8,
) -> (f64, f64) {
    if m == 0 {
        return (1.0, 0.0);
    }
    if k == 0 {
        return (0.0, 0.0);
    }
    if depth == 0 {
        return (0.0, 1.0);
    }
    let (pile, disc): (Vec<Icon>, Vec<Icon>) = if pile.is_empty() {
        (disc.to_vec(), vec![])
    } else {
        (pile.to_vec(), disc.to_vec())
    };
    if pile.is_empty() {
        return (0.0, 0.0);
    }
    let n = pile.len() as f64;
    let mut p = 0.0;
    let mut cut = 0.0;
    for i in 0..pile.len() {
        let card = pile[i];
        let mut rest = pile.clone();
        rest.remove(i);
        let (a, b) = if card == Icon::Reshuffle {
            let mut np = rest.clone();
            np.push(card);
            np.extend(disc.iter().copied());
            brute_any(&np, &[], k, m, good, depth - 1)
        } else {
            let mut nd = disc.clone();
            nd.push(card);
            brute_any(
                &rest,
                &nd,
                k - 1,
                if good(card) { m - 1 } else { m },
                good,
                depth - 1,
            )
        };
        p += a / n;
        cut += b / n;
    }
    (p, cut)
}

fn brute_fire(
    pile: &[Icon],
    disc: &[Icon],
    aside: u8,
    k: u8,
    depth: u8,
    out: &mut [f64],
    weight: f64,
) -> f64 {
    if k == 0 {
        out[aside as usize] += weight;
        return 0.0;
    }
    if depth == 0 {
        return weight;
    }
    let (pile, disc): (Vec<Icon>, Vec<Icon>) = if pile.is_empty() {
        (disc.to_vec(), vec![])
    } else {
        (pile.to_vec(), disc.to_vec())
    };
    if pile.is_empty() {
        out[aside as usize] += weight;
        return 0.0;
    }
    let w = weight / pile.len() as f64;
    let mut cut = 0.0;
    for i in 0..pile.len() {
        let card = pile[i];
        let mut rest = pile.clone();
        rest.remove(i);
        cut += match card {
            Icon::Reshuffle => {
                let mut np = rest.clone();
                np.push(card);
                np.extend(disc.iter().copied());
                brute_fire(&np, &[], aside, k, depth - 1, out, w)
            }
            Icon::Crosshairs => brute_fire(&rest, &disc, aside + 1, k - 1, depth - 1, out, w),
            Icon::Roundel | Icon::Wild => {
                let mut nd = disc.clone();
                nd.push(card);
                nd.extend(std::iter::repeat_n(Icon::Crosshairs, aside as usize));
                brute_fire(&rest, &nd, 0, k - 1, depth - 1, out, w)
            }
            _ => {
                let mut nd = disc.clone();
                nd.push(card);
                brute_fire(&rest, &nd, aside, k - 1, depth - 1, out, w)
            }
        };
    }
    cut
}

use Icon::*;

/// As deep as about 300,000 leaves allow, and at least the counted draws.
fn depth(pile: &[Icon], disc: &[Icon], k: u8) -> u8 {
    let n = (pile.len() + disc.len()).max(2) as f64;
    ((3.0e5f64).ln() / n.ln()).floor().max(k as f64 + 1.0) as u8
}

fn decks() -> Vec<(Vec<Icon>, Vec<Icon>)> {
    vec![
        (vec![Crosshairs, Roundel, Rifle, Blast, Blast], vec![]),
        (
            vec![Crosshairs, Roundel, Rifle, Reshuffle],
            vec![Roundel, Roundel],
        ),
        (vec![Rifle, Reshuffle, Blast], vec![]),
        (
            vec![Crosshairs, Crosshairs, Wild, Reshuffle, Blast],
            vec![Rifle, Crosshairs],
        ),
        (vec![Roundel, Rifle], vec![Crosshairs, Reshuffle]),
    ]
}

#[test]
fn any_icon_matches_brute_force() {
    // Exact hypergeometric-with-reshuffle odds: rescue (roundel/Wild),
    // search and abort (rifle), bomb damage (blast/Wild), 1 to 4 draws.
    let goods: Vec<Box<dyn Fn(Icon) -> bool>> = vec![
        Box::new(|i| matches!(i, Roundel | Wild)),
        Box::new(|i| i == Rifle),
        Box::new(|i| matches!(i, Blast | Wild)),
    ];
    for (pile, disc) in decks() {
        let (cp, cd) = (
            Comp::from_icons(pile.iter().copied()),
            Comp::from_icons(disc.iter().copied()),
        );
        for good in &goods {
            for k in 1..=4u8 {
                for m in 1..=2u8 {
                    let exact = odds::p_at_least(cp, cd, k, m, good);
                    let (b, cut) =
                        brute_any(&pile, &disc, k, m, good.as_ref(), depth(&pile, &disc, k));
                    assert!(
                        exact >= b - 1e-12 && exact <= b + cut + 1e-12,
                        "{pile:?}/{disc:?} k={k} m={m}: exact {exact}, brute {b} (+{cut} cut)"
                    );
                }
            }
        }
    }
}

#[test]
fn fire_hits_match_brute_force() {
    // 4.3.3 C: the distribution of Hits from a ZFV.
    for (pile, disc) in decks() {
        let (cp, cd) = (
            Comp::from_icons(pile.iter().copied()),
            Comp::from_icons(disc.iter().copied()),
        );
        for k in 1..=4u8 {
            let exact = odds::fire_hits(cp, cd, k);
            let mut b = vec![0.0; k as usize + 1];
            let cut = brute_fire(&pile, &disc, 0, k, depth(&pile, &disc, k), &mut b, 1.0);
            assert!(cut < 0.25, "enough of the tree enumerated: {cut}");
            let total: f64 = exact.iter().sum();
            assert!((total - 1.0).abs() < 1e-9, "{total}");
            for h in 0..=k as usize {
                assert!(
                    exact[h] >= b[h] - 1e-12 && exact[h] <= b[h] + cut + 1e-12,
                    "{pile:?}/{disc:?} zfv {k} hits {h}: exact {}, brute {} (+{cut})",
                    exact[h],
                    b[h]
                );
            }
        }
    }
}

#[test]
fn without_reshuffle_it_is_the_hypergeometric() {
    // 30-card style check by formula: P(no roundel in 3 of 10 with 4 roundels) = C(6,3)/C(10,3).
    let pile = Comp([3, 4, 2, 1, 0, 0]);
    let p = odds::rescue(pile, Comp::default(), 3);
    let expect = 1.0 - 20.0 / 120.0;
    assert!((p - expect).abs() < 1e-12, "{p}");
}
