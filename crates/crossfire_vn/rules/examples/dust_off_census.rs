//! Plays the Free World with the scripted player (the rules of thumb of
//! `AiRules::rollout_weights` on a sample of what it may know, as `vt
//! balance --policy free-world=scripted` does) against random VC/NVA play,
//! and reports what the Free World spends its commands on, how its
//! initiatives end, how many casualties it gets out and how games end.
//! To see why a defence (Dust Off under Fire) fails.
//!
//! `cargo run --release -p crossfire-vn-rules --example dust_off_census [GAMES] [SCENARIO] [SEED]`
//! (TRACE=1 prints every command and what came of it.)

#[path = "census_common/mod.rs"]
mod census_common;
use census_common::kind;
use crossfire_vn_rules::CrossfireVn;
use crossfire_vn_rules::event::Event;
use crossfire_vn_rules::state::{MarkerKind, MarkerPlace, Side};
use std::collections::BTreeMap;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::game_seeds;
use vt_core::{AiRules, GameRng};

/// Dust Offs that landed in the game (their stands stay in the list).
fn landings_in(s: &crossfire_vn_rules::state::State) -> u8 {
    s.stands.iter().filter(|x| x.label == "Dust Off").count() as u8
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(40);
    let sc = args.next().unwrap_or("dust-off-under-fire".into());
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let rules = CrossfireVn::embedded();
    let trace = std::env::var("TRACE").is_ok();
    let fw = Side::FreeWorld.idx() as u8;
    let mut chosen: BTreeMap<String, u64> = BTreeMap::new();
    let mut passes: BTreeMap<String, u64> = BTreeMap::new();
    let mut ends: BTreeMap<String, u64> = BTreeMap::new();
    let mut out_hist: BTreeMap<usize, u64> = BTreeMap::new();
    let mut lifts: BTreeMap<usize, u64> = BTreeMap::new();
    let mut landings = 0u64;
    // Landings by the VC/NVA stands that might fire at them: (tried, lifted).
    let mut by_shooters: BTreeMap<usize, (u64, u64)> = BTreeMap::new();
    let mut shooters_now = 0usize;
    let mut bad_total = 0u64;
    let mut requests_before_post = 0u64;
    let mut delays: BTreeMap<i32, u64> = BTreeMap::new();
    // Per lost game: (Dust Offs that lifted someone, that lifted nobody,
    // still on their way at the end, casualties left).
    let mut lost_how: BTreeMap<(u8, u8, bool, usize), u64> = BTreeMap::new();
    let (mut wins, mut losses) = (0u64, [0u64; 2]);
    let mut points = [0i64; 2];
    for i in 0..games {
        let (gs, ps) = game_seeds(seed, i);
        let mut s = rules.new_game(&Setup::new(&sc, gs)).expect("sets up");
        let mut rng = GameRng::seeded(ps);
        let mut ev = Vec::new();
        let (mut good, mut bad) = (0u8, 0u8);
        while let Some(side) = rules.to_move(&s) {
            let legal = rules.legal(&s);
            let k = census_common::choose(&rules, &s, side, &legal, side == fw, &mut rng);
            if side == fw && std::env::var("DUMP").is_ok() {
                for c in legal.iter().filter(|c| kind(c) == "Medevac") {
                    println!("  legal: {c:?}");
                }
            }
            if side == fw {
                *chosen.entry(kind(&legal[k])).or_default() += 1;
            }
            if matches!(
                legal[k],
                crossfire_vn_rules::command::Command::LandDustOff { .. }
            ) {
                shooters_now = s
                    .side_on_table(Side::VcNva)
                    .filter(|e| {
                        rules.unit_type(e).dice > 0
                            && e.status != crossfire_vn_rules::state::Status::Suppressed
                    })
                    .count();
                by_shooters.entry(shooters_now).or_default().0 += 1;
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
                    }
                    Event::Killed { stand, .. } | Event::AutoKilled { stand } => {
                        losses[s.stand(*stand).side.idx()] += 1;
                    }
                    Event::DustOffLands { .. } => landings += 1,
                    Event::DustOffLeaves { markers, .. } => {
                        *lifts.entry(markers.len()).or_default() += 1;
                        if markers.is_empty() {
                            bad += 1;
                        } else {
                            good += 1;
                            by_shooters.entry(shooters_now).or_default().1 += 1;
                        }
                    }
                    Event::DustOffRequested {
                        aid_post, delay, ..
                    } => {
                        requests_before_post += !aid_post as u64;
                        *delays.entry(*delay).or_default() += 1;
                    }
                    _ => {}
                }
            }
        }
        bad_total += bad as u64;
        let p = rules.points(&s);
        points[0] += p[0] as i64;
        points[1] += p[1] as i64;
        wins += (p[fw as usize] > p[1 - fw as usize]) as u64;
        *ends.entry(format!("{:?}", s.end)).or_default() += 1;
        let out = s
            .markers
            .iter()
            .filter(|m| {
                m.side == Side::FreeWorld
                    && m.kind == MarkerKind::Casualty
                    && m.place == MarkerPlace::Evacuated
            })
            .count();
        *out_hist.entry(out).or_default() += 1;
        if p[fw as usize] <= p[1 - fw as usize] {
            let left = s
                .markers
                .iter()
                .filter(|m| {
                    m.side == Side::FreeWorld
                        && m.kind == MarkerKind::Casualty
                        && m.place != MarkerPlace::Evacuated
                })
                .count();
            *lost_how
                .entry((
                    good,
                    landings_in(&s).saturating_sub(good),
                    s.dust_off.is_some(),
                    left,
                ))
                .or_default() += 1;
        }
        if trace {
            println!("== game {i}: {:?} points {p:?}", s.end);
        }
    }
    println!("{sc}, seed {seed}: Free World (scripted) wins {wins} of {games}");
    println!(
        "mean points FW {:.1} VC/NVA {:.1}",
        points[0] as f64 / games as f64,
        points[1] as f64 / games as f64
    );
    println!("stands killed: FW {} VC/NVA {}", losses[0], losses[1]);
    println!("FW casualties evacuated (count: games): {out_hist:?}");
    println!("ends: {ends:?}");
    println!(
        "Dust Offs: {landings} landed, lifted (markers: times) {lifts:?}, {requests_before_post} called with no Aid Post, delays {delays:?}"
    );
    println!(
        "lost games by (Dust Offs lifting, landed and lifting none or shot down, one still coming, casualties left): {lost_how:?}"
    );
    println!(
        "landings by VC/NVA stands able to fire (tried, lifted): {by_shooters:?}; {bad_total} lifted nobody"
    );
    println!("FW commands: {chosen:?}");
    println!("initiatives passed: {passes:?}");
}
