//! Plays the attacker with the scripted player (the rules of thumb of
//! `AiRules::rollout_weights` on a sample of what it may know, as `vt
//! --policy free-world=scripted` does) against random play, and reports
//! what the attacker spends its initiatives on: the commands it chose,
//! how each side's initiatives ended, how near it came to its objective
//! and whether it held it at the end. To see why an attack fails.
//!
//! `cargo run --release -p crossfire-vn-rules --example attack_census [GAMES] [SCENARIO] [SEED]`

#[path = "census_common/mod.rs"]
mod census_common;
use census_common::kind;
use crossfire_vn_rules::CrossfireVn;
use crossfire_vn_rules::event::Event;
use crossfire_vn_rules::movement::centroid;
use std::collections::BTreeMap;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::game_seeds;
use vt_core::{AiRules, GameRng};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(40);
    let sc = args.next().unwrap_or("trail-contact".into());
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rules = CrossfireVn::embedded();
    // CLOCK_END=minutes, CLOCK_ROLL=n: try the scenario with another clock.
    for sd in rules.data.scenarios.iter_mut().filter(|x| x.id == sc) {
        if let Some(v) = std::env::var("CLOCK_END").ok().and_then(|v| v.parse().ok()) {
            sd.clock.end = v;
        }
        if let Some(v) = std::env::var("CLOCK_ROLL")
            .ok()
            .and_then(|v| v.parse().ok())
        {
            sd.clock.roll = v;
        }
    }
    // TRACE=1: print every command and what came of it.
    let trace = std::env::var("TRACE").is_ok();
    let mut chosen: BTreeMap<String, u64> = BTreeMap::new();
    let mut passes: BTreeMap<String, u64> = BTreeMap::new();
    let mut ends: BTreeMap<String, u64> = BTreeMap::new();
    let mut wins: BTreeMap<String, u64> = BTreeMap::new();
    let mut lost: BTreeMap<String, u64> = BTreeMap::new();
    let (mut nearest_sum, mut reached, mut held_at_end) = (0.0, 0, 0);
    let (mut att_inits, mut fw_commands, mut losses) = (0u64, 0u64, [0u64; 2]);
    for i in 0..games {
        let (gs, ps) = game_seeds(seed, i);
        let mut s = rules.new_game(&Setup::new(&sc, gs)).expect("sets up");
        let mut rng = GameRng::seeded(ps);
        let sc_data = rules.scenario_of(&s).clone();
        let att = sc_data.attacker;
        let goal = sc_data
            .objectives
            .iter()
            .find(|o| !o.area.is_empty())
            .map(|o| (o.area.clone(), centroid(&o.area)));
        let mut nearest = f64::INFINITY;
        let mut got_there = false;
        let mut ev = Vec::new();
        while let Some(side) = rules.to_move(&s) {
            let legal = rules.legal(&s);
            let k =
                census_common::choose(&rules, &s, side, &legal, side == att.idx() as u8, &mut rng);
            if side == att.idx() as u8 {
                *chosen.entry(kind(&legal[k])).or_default() += 1;
                fw_commands += 1;
            }
            ev.clear();
            rules.execute(&mut s, &legal[k], &mut ev);
            if trace {
                census_common::print_step(&rules, &s, side, legal.len(), &legal[k], &ev);
            }
            for e in &ev {
                match e {
                    Event::InitiativePasses { from, why, .. } => {
                        *passes.entry(format!("{from:?} {why:?}")).or_default() += 1;
                        if *from == att {
                            att_inits += 1;
                        }
                    }
                    Event::Killed { stand, .. } | Event::AutoKilled { stand } => {
                        losses[s.stand(*stand).side.idx()] += 1;
                    }
                    _ => {}
                }
            }
            if let Some((area, c)) = &goal {
                for st in s.side_on_table(att) {
                    if rules.unit_type(st).is_troops() {
                        nearest = nearest.min(st.at.distance(*c));
                        if vt_core::tabletop::point_in_polygon(area, st.at) {
                            got_there = true;
                        }
                    }
                }
            }
        }
        if let Some((area, _)) = &goal {
            if rules.holds(&s, area) {
                held_at_end += 1;
            } else if got_there {
                let inside = |side| {
                    s.side_on_table(side)
                        .filter(|st| {
                            rules.unit_type(st).is_troops()
                                && vt_core::tabletop::point_in_polygon(area, st.at)
                        })
                        .count()
                };
                *lost
                    .entry(format!(
                        "{} of ours, {} of theirs",
                        inside(att),
                        inside(att.other())
                    ))
                    .or_default() += 1;
            }
        }
        reached += got_there as u64;
        nearest_sum += nearest;
        *ends.entry(format!("{:?}", s.end)).or_default() += 1;
        let p = rules.points(&s);
        let w = match p[0].cmp(&p[1]) {
            std::cmp::Ordering::Greater => "free-world",
            std::cmp::Ordering::Less => "vc-nva",
            std::cmp::Ordering::Equal => "draw",
        };
        *wins.entry(w.to_string()).or_default() += 1;
    }
    let g = games as f64;
    println!("== {sc}: {games} games, attacker scripted, defender random");
    println!("  wins: {wins:?}");
    println!("  ends: {ends:?}");
    println!(
        "  attacker: {:.1} initiatives, {:.1} commands a game; reached the objective in {reached}, held it at the end in {held_at_end}; nearest {:.1} in",
        att_inits as f64 / g,
        fw_commands as f64 / g,
        nearest_sum / g
    );
    println!(
        "  stands killed a game: free world {:.2}, vc/nva {:.2}",
        losses[0] as f64 / g,
        losses[1] as f64 / g
    );
    println!("  reached but lost, in the objective at the end: {lost:?}");
    println!("  attacker chose: {chosen:?}");
    println!("  initiatives ended: {passes:?}");
}
