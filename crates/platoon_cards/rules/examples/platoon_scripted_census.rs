//! What the scripted player spends its decisions on against random play,
//! per scenario and side, and how the games end: where the rules of
//! thumb (src/ai.rs) leave a side weak.
//!
//! `cargo run --release -p platoon-cards-rules --example platoon_scripted_census [GAMES] [SCENARIO]`

use platoon_cards_rules::command::Command;
use platoon_cards_rules::state::Status;
use platoon_cards_rules::{PlatoonCards, Side};
use std::collections::BTreeMap;
use vt_core::digest::digest;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::game_seeds;
use vt_core::tabletop::point_in_polygon;
use vt_core::{AiRules, GameRng};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let only = std::env::args().nth(2);
    let rules = PlatoonCards::embedded();
    for sc in rules.info().scenarios {
        if only.as_ref().is_some_and(|o| *o != sc.id) {
            continue;
        }
        for me in 0..2u8 {
            let mut census: BTreeMap<String, u64> = BTreeMap::new();
            let mut results: BTreeMap<String, u64> = BTreeMap::new();
            for i in 0..games {
                let (gs, ps) = game_seeds(1, i);
                let mut s = rules.new_game(&Setup::new(&sc.id, gs)).expect("sets up");
                let mut rng = GameRng::seeded(ps);
                let mut ev = Vec::new();
                while let Some(side) = rules.to_move(&s) {
                    let legal = rules.legal(&s);
                    let k = if side == vt_core::SideIdx::from(me) && legal.len() > 1 {
                        let sample = rules.determinize(&s, side, &mut rng);
                        let seen = rules.legal(&sample);
                        let c = digest(&seen[rules.rollout(&sample, &seen, &mut rng)]);
                        let k = legal
                            .iter()
                            .position(|x| digest(x) == c)
                            .unwrap_or_else(|| rng.index(legal.len()));
                        let name = match &legal[k] {
                            Command::Choose { action } => format!("Choose {action:?}"),
                            c => {
                                let n = format!("{c:?}");
                                n.split([' ', '{', '(']).next().unwrap_or("").to_string()
                            }
                        };
                        *census.entry(name).or_default() += 1;
                        k
                    } else {
                        rng.index(legal.len())
                    };
                    ev.clear();
                    rules.execute(&mut s, &legal[k], &mut ev);
                    for e in &ev {
                        let n = format!("{e:?}");
                        let n = n.split([' ', '{', '(']).next().unwrap_or("").to_string();
                        *census.entry(format!("  ev {n}")).or_default() += 1;
                    }
                }
                let r = rules.outcome(&s).result.unwrap_or_default();
                *results.entry(r).or_default() += 1;
                // How it ended: objectives each side holds, each side's
                // losses (victory.rs).
                for o in &rules.scenario_of(&s).objectives {
                    let inside = |side: Side, ok: bool| {
                        s.stands
                            .iter()
                            .filter(|st| st.side == side && st.on_table() && !st.airborne)
                            .filter(|st| (st.status != Status::Disrupted) == ok)
                            .filter(|st| point_in_polygon(&o.area, st.pos))
                            .count()
                            .min(1)
                    };
                    let k = format!(
                        " end {}: us ok/dis {}{} vc ok/dis {}{}",
                        o.name,
                        inside(Side::Us, true),
                        inside(Side::Us, false),
                        inside(Side::Vc, true),
                        inside(Side::Vc, false)
                    );
                    *census.entry(k).or_default() += 1;
                }
                for side in [Side::Us, Side::Vc] {
                    let held = rules.objectives_held(&s, side).len();
                    let lost = rules.losses_percent(&s, side, false) / 10 * 10;
                    *census
                        .entry(format!(" end {side:?} holds {held}"))
                        .or_default() += 1;
                    *census
                        .entry(format!(" end {side:?} lost {lost:>2}%+"))
                        .or_default() += 1;
                }
            }
            println!("{} scripted side {me} ({games} games): {results:?}", sc.id);
            for (k, v) in census {
                println!("    {k:<28} {v}");
            }
        }
    }
}
