//! How the scripted player's games against random play end, per side:
//! the VP each side scored and for what, who held the objectives, how
//! near the side's nearest unit got to its objective: where the rules of
//! thumb (src/ai.rs) leave a side weak.
//!
//! `cargo run --release -p fte-rules --example fte_scripted_census [GAMES] [SCENARIO] [SIDE]`
//! (SIDE 0 the US, 1 the NVA/VC; the other side plays at random). With
//! `TRACE=1` it prints the first game's commands, with `WEIGHTS=1` the
//! rollout weights of each of the side's decisions in it. It also counts
//! the US helicopters shot down: type, troops aboard, altitude, and the
//! step that did it.

use fte_rules::state::{Side, UnitStatus};
use fte_rules::{Event, Fte};
use std::collections::BTreeMap;
use vt_core::digest::digest;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::game_seeds;
use vt_core::{AiRules, GameRng};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let only = std::env::args().nth(2);
    let me: u8 = std::env::args()
        .nth(3)
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    let rules = Fte::embedded();
    for sc in rules.info().scenarios {
        if only.as_ref().is_some_and(|o| *o != sc.id) {
            continue;
        }
        let mut vp: BTreeMap<String, i64> = BTreeMap::new();
        let mut census: BTreeMap<String, u64> = BTreeMap::new();
        let mut wins = 0;
        let mut margin: BTreeMap<String, u64> = BTreeMap::new();
        let mut lost: BTreeMap<String, u64> = BTreeMap::new();
        let mut heli: BTreeMap<String, u64> = BTreeMap::new();
        let mut dist_hist: BTreeMap<u32, u64> = BTreeMap::new();
        for i in 0..games {
            let (gs, ps) = game_seeds(1, i);
            let mut s = rules.new_game(&Setup::new(&sc.id, gs)).expect("sets up");
            let mut rng = GameRng::seeded(ps);
            let mut ev = Vec::new();
            let mut hist: Vec<String> = Vec::new();
            while let Some(side) = rules.to_move(&s) {
                let legal = rules.legal(&s);
                let k = if side == vt_core::SideIdx::from(me) && legal.len() > 1 {
                    let sample = rules.determinize(&s, side, &mut rng);
                    let seen = rules.legal(&sample);
                    if i == 0 && std::env::var("WEIGHTS").is_ok() {
                        let w = rules.rollout_weights(&sample, &seen).unwrap();
                        println!(
                            "   W {:?}",
                            seen.iter()
                                .zip(&w)
                                .map(|(c, w)| format!("{c:?}={w}"))
                                .collect::<Vec<_>>()
                        );
                    }
                    let c = digest(&seen[rules.rollout(&sample, &seen, &mut rng)]);
                    let k = legal
                        .iter()
                        .position(|x| digest(x) == c)
                        .unwrap_or_else(|| rng.index(legal.len()));
                    let n = format!("{:?}", legal[k]);
                    let n = n.split([' ', '{', '(']).next().unwrap_or("").to_string();
                    *census.entry(n).or_default() += 1;
                    k
                } else {
                    rng.index(legal.len())
                };
                ev.clear();
                hist.push(format!(
                    "t{} {:?} by{:?}: {:?}",
                    s.turn,
                    format!("{:?}", s.step())
                        .chars()
                        .take(40)
                        .collect::<String>(),
                    side,
                    legal[k]
                ));
                let before = s.clone();
                rules.execute(&mut s, &legal[k], &mut ev);
                for u in before
                    .units
                    .iter()
                    .filter(|u| u.side == Side::Us && rules.is_heli(u))
                {
                    let a = s.unit(u.id);
                    if (a.status != u.status && a.status == UnitStatus::Eliminated)
                        || (a.downed && !u.downed)
                    {
                        let aboard = before
                            .units
                            .iter()
                            .filter(|x| x.carrier == Some(u.id))
                            .count();
                        let k = format!(
                            "{} {} aboard{} alt {:?} move_only {} by {} t{}",
                            rules.ty(u).id,
                            if a.downed && !u.downed {
                                "downed"
                            } else {
                                "destroyed"
                            },
                            aboard,
                            u.altitude,
                            u.move_only,
                            format!("{:?}", before.step())
                                .split([' ', '{', '('])
                                .next()
                                .unwrap_or(""),
                            before.turn
                        );
                        *lost.entry(k).or_default() += 1;
                    }
                }
                for e in &ev {
                    match e {
                        Event::Vp {
                            side,
                            event,
                            change,
                            ..
                        } => {
                            *vp.entry(format!("{side:?} {event:?}")).or_default() += *change as i64;
                        }
                        Event::ObjectiveHeld { name, side, vp: v } => {
                            *vp.entry(format!("{side:?} held {name}")).or_default() += *v as i64;
                        }
                        _ => {}
                    }
                }
            }
            let st = &s;
            if i == 0 && std::env::var("TRACE").is_ok() {
                for h in &hist {
                    println!("   {h}");
                }
            }
            *margin
                .entry(format!("{:+}", st.vp[0] - st.vp[1]))
                .or_default() += 1;
            if st.vp[0] == 0 && st.vp[1] == 0 {
                *margin.entry("0-0".into()).or_default() += 1;
            }
            if st.result.map(|w| w.idx() as u8) == Some(me) {
                wins += 1;
            }
            if let Some(f) = rules.scenario(&st.scenario) {
                for o in f.objectives.iter().filter(|o| o.side.idx() as u8 == me) {
                    let d = st
                        .units
                        .iter()
                        .filter(|u| {
                            u.side == o.side && u.status == UnitStatus::OnMap && !rules.is_heli(u)
                        })
                        .filter_map(|u| u.hex)
                        .map(|h| fte_rules::geo::HexExt::distance(h, o.hex))
                        .min()
                        .unwrap_or(99);
                    *dist_hist.entry(d).or_default() += 1;
                }
            }
            for u in st
                .units
                .iter()
                .filter(|u| u.side == Side::Us && rules.is_heli(u))
            {
                let k = format!(
                    "{} {:?}{}{} t{}",
                    rules.ty(u).id,
                    u.status,
                    if u.downed { " downed" } else { "" },
                    if u.broken { " broken" } else { "" },
                    st.turn
                );
                *heli.entry(k).or_default() += 1;
            }
        }
        println!("== {} side {me}: {wins}/{games} wins", sc.id);
        println!("  US-NVA margin: {margin:?}");
        println!("  VP totals: {vp:#?}");
        println!("  nearest own unit to own objective at end: {dist_hist:?}");
        println!("  helicopters at the end: {heli:#?}");
        println!("  helicopters lost: {lost:#?}");
        println!("  commands: {census:?}");
    }
}
