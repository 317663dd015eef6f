//! Line of sight from every hex to every hex of a 60 x 40 map.
//!
//! `cargo run --release -p vt-core --example los_all_pairs`
//!
//! A fifth of the hexes block (placed by a seeded generator); a run along a
//! hexside blocks only when both hexes beside it do (FTE 7.3.1). Prints the
//! time for the `HexMap::los` pass (which stops at the first blocking hex),
//! and for full traces of every pair (every hex, hexside run and corner).

use std::time::Instant;
use vt_core::GameRng;
use vt_core::hex::{HexMap, MapCoord, Offset, SideRule, steps};

fn main() {
    let mut map = HexMap::new(
        Offset::EvenColumnsDown,
        MapCoord::new(1, 1),
        MapCoord::new(60, 40),
        false,
    )
    .expect("a 60 x 40 map");
    let mut rng = GameRng::seeded(7);
    let hexes: Vec<_> = map.hexes().collect();
    for h in &hexes {
        if rng.below(5) == 0 {
            map.set(*h, true);
        }
    }
    let n = hexes.len();
    println!(
        "map {}..{}: {} hexes, {} ordered pairs",
        map.first(),
        map.last(),
        n,
        n * n
    );

    let t = Instant::now();
    let mut clear = 0u64;
    for &a in &hexes {
        for &b in &hexes {
            if map
                .los(a, b, SideRule::BothBlock, |_, blocks| *blocks)
                .is_clear()
            {
                clear += 1;
            }
        }
    }
    let los = t.elapsed();
    println!(
        "los, all pairs:    {:.3} s ({:.0} ns a pair), {clear} clear",
        los.as_secs_f64(),
        los.as_nanos() as f64 / (n * n) as f64
    );

    let t = Instant::now();
    let mut total_steps = 0u64;
    for &a in &hexes {
        for &b in &hexes {
            total_steps += steps(a, b).count() as u64;
        }
    }
    let full = t.elapsed();
    println!(
        "full traces:       {:.3} s ({:.0} ns a pair), {total_steps} steps",
        full.as_secs_f64(),
        full.as_nanos() as f64 / (n * n) as f64
    );
}
