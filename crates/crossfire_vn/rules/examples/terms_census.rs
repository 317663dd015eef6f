//! Plays a series of Bunker Line games (the attacker scripted, as `vt
//! --policy free-world=scripted` plays it, the defender random or
//! scripted), prints what each game ended with (casualty markers left,
//! weapons captured, vehicles and the gunship lost, the line held or not
//! and how many of its four bunker sections), and tallies who would have
//! won under several victory terms: how the scenario's terms (the NVA
//! score nothing for denying the line) were chosen. The scripted players
//! do not read the points, so the same games can be scored every way.
//!
//! `cargo run --release -p crossfire-vn-rules --example terms_census [GAMES] [SCENARIO] [SEED] [random|scripted]`
//!
//! ATT_RANDOM=1: the attacker plays at random too.

#[path = "census_common/mod.rs"]
#[allow(dead_code)]
mod census_common;
use crossfire_vn_rules::CrossfireVn;
use crossfire_vn_rules::state::*;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::game_seeds;
use vt_core::tabletop::{Point, point_in_polygon};
use vt_core::{AiRules, GameRng};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(40);
    let sc = args.next().unwrap_or("bunker-line".into());
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let def_scripted = args.next().as_deref() == Some("scripted");
    let att_random = std::env::var("ATT_RANDOM").is_ok();
    let rules = CrossfireVn::embedded();
    let sections: Vec<Vec<Point>> = [(10.0, 20.5), (20.5, 36.0), (36.0, 51.5), (51.5, 62.0)]
        .iter()
        .map(|&(a, b)| {
            vec![
                Point::new(a, 31.0),
                Point::new(b, 31.0),
                Point::new(b, 37.0),
                Point::new(a, 37.0),
            ]
        })
        .collect();
    let mut tally = std::collections::BTreeMap::<String, [u32; 3]>::new();
    for i in 0..games {
        let (gs, ps) = game_seeds(seed, i);
        let mut s = rules.new_game(&Setup::new(&sc, gs)).expect("sets up");
        let mut rng = GameRng::seeded(ps);
        let att = rules.scenario_of(&s).attacker;
        let mut ev = Vec::new();
        while let Some(side) = rules.to_move(&s) {
            let legal = rules.legal(&s);
            let scripted = if side == att.idx() as u8 {
                !att_random
            } else {
                def_scripted
            };
            let k = census_common::choose(&rules, &s, side, &legal, scripted, &mut rng);
            ev.clear();
            rules.execute(&mut s, &legal[k], &mut ev);
        }
        // Components.
        let cas = |side: Side| {
            s.markers
                .iter()
                .filter(|m| {
                    m.side == side
                        && m.kind == MarkerKind::Casualty
                        && matches!(m.place, MarkerPlace::Ground(_) | MarkerPlace::Carried(_))
                })
                .count() as i32
        };
        let cap = |side: Side| {
            s.markers
                .iter()
                .filter(|m| {
                    m.side == side
                        && m.kind == MarkerKind::Equipment
                        && m.place == MarkerPlace::Captured
                })
                .count() as i32
        };
        let killed = |side: Side, f: &dyn Fn(&crossfire_vn_rules::data::UnitType) -> bool| {
            s.stands
                .iter()
                .filter(|st| {
                    st.side == side && st.presence == Presence::Killed && f(rules.unit_type(st))
                })
                .count() as i32
        };
        let fw_cas = cas(Side::FreeWorld);
        let nva_cas = cas(Side::VcNva);
        let fw_cap = cap(Side::FreeWorld); // FW equipment captured by NVA
        let nva_cap = cap(Side::VcNva);
        let acav = killed(Side::FreeWorld, &|u| u.armoured && !u.flies);
        let air = killed(Side::FreeWorld, &|u| u.flies);
        let area = rules.scenario_of(&s).objectives[0].area.clone();
        let line = rules.holds(&s, &area);
        let held: i32 = sections.iter().filter(|a| rules.holds(&s, a)).count() as i32;
        let cleared: i32 = sections
            .iter()
            .filter(|a| {
                !s.side_on_table(Side::VcNva)
                    .any(|st| rules.unit_type(st).is_troops() && point_in_polygon(a, st.at))
            })
            .count() as i32;
        let nva_left = s
            .side_on_table(Side::VcNva)
            .filter(|st| rules.unit_type(st).is_troops())
            .count() as i32;
        let fw_left = s
            .side_on_table(Side::FreeWorld)
            .filter(|st| rules.unit_type(st).is_troops())
            .count() as i32;
        println!(
            "{i} end {:?} fwcas {fw_cas} nvacas {nva_cas} fwcap {fw_cap} nvacap {nva_cap} acav {acav} air {air} line {line} held {held} cleared {cleared} nva_left {nva_left} fw_left {fw_left} pts {:?}",
            s.end,
            rules.points(&s)
        );
        let base_fw = nva_cas + 5 * nva_cap;
        let base_nva = fw_cas + 5 * fw_cap + 10 * acav + 25 * air;
        let schemes: Vec<(&str, i32, i32)> = vec![
            (
                "A S13 as written: 10 for denying the line",
                base_fw + 10 * line as i32,
                base_nva + 10 * (!line) as i32,
            ),
            (
                "B the scenario's terms: nothing for denying it",
                base_fw + 10 * line as i32,
                base_nva,
            ),
            ("C 5/section held, no denial", base_fw + 5 * held, base_nva),
            (
                "D 5/section cleared, no denial",
                base_fw + 5 * cleared,
                base_nva,
            ),
            (
                "E 5/section held, 5 denied",
                base_fw + 5 * held,
                base_nva + 5 * (4 - held),
            ),
            (
                "F 3/section held, air 10",
                base_fw + 3 * held,
                fw_cas + 5 * fw_cap + 10 * acav + 10 * air,
            ),
            (
                "G 5/section held, air 10",
                base_fw + 5 * held,
                fw_cas + 5 * fw_cap + 10 * acav + 10 * air,
            ),
            (
                "H 5/section held, 2.5 denied, air10",
                2 * (base_fw + 5 * held),
                2 * (fw_cas + 5 * fw_cap + 10 * acav + 10 * air) + 5 * (4 - held),
            ),
        ];
        for (name, f, n) in schemes {
            let t = tally.entry(name.to_string()).or_default();
            t[match f.cmp(&n) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                _ => 2,
            }] += 1;
        }
    }
    for (k, v) in tally {
        println!("{k}: fw {} draw {} nva {}", v[0], v[1], v[2]);
    }
}
