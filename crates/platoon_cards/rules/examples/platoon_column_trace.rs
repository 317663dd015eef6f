//! How the scripted column plays Route 13: games of the scripted US
//! against random VC/NVA, a summary line per game (vehicles off, lost,
//! immobile, the turn), and with `-v` every US command with its weight
//! among the weights of its decision, and what happened.
//!
//! `cargo run --release -p platoon-cards-rules --example platoon_column_trace [GAMES] [SEED] [FIRST] [-v]`
//! (games FIRST.. of the series)
//!
//! The scripted player as `vt` plays it (vt-ai `choose`): a sample of what
//! the US may know, the rules of thumb drawn from on the sample, the
//! command found again among the real legal commands by its digest.

use platoon_cards_rules::PlatoonCards;
use platoon_cards_rules::command::Command;
use platoon_cards_rules::state::{Side, State};
use vt_core::digest::digest;
use vt_core::engine::{Ruleset, Setup};
use vt_core::playout::game_seeds;
use vt_core::{AiRules, GameRng};

fn on_road(rules: &PlatoonCards, s: &State, p: vt_core::tabletop::Point) -> bool {
    rules
        .features(s)
        .iter()
        .any(|f| f.kind == platoon_cards_rules::data::TerrainKind::Road && f.contains(p))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let all = args.iter().any(|a| a == "-vv");
    let verbose = all || args.iter().any(|a| a == "-v");
    // The VC/NVA do nothing they need not: set up as the scenario has
    // them, stand down every reaction, end every activation.
    let passive = args.iter().any(|a| a == "--passive");
    let nums: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let games = nums.first().copied().unwrap_or(10);
    let seed = nums.get(1).copied().unwrap_or(1);
    let scenario = "route-13-ambush";
    let rules = PlatoonCards::embedded();
    let (mut wins, mut total_off) = (0, 0);
    let (mut road_moves, mut off_moves, mut mine_entries) = (0u64, 0u64, 0u64);
    let first = nums.get(2).copied().unwrap_or(0);
    for i in first..first + games {
        let (gs, ps) = game_seeds(seed, i);
        let mut s = rules.new_game(&Setup::new(scenario, gs)).expect("sets up");
        let mut rng = GameRng::seeded(ps);
        let mut ev = Vec::new();
        let mut n = 0;
        while rules.outcome(&s).result.is_none() && n < 20_000 {
            n += 1;
            let legal = rules.legal(&s);
            if legal.is_empty() {
                break;
            }
            let side = rules.to_move(&s).unwrap_or(0);
            let k = if legal.len() <= 1 {
                0
            } else if side == 0 {
                let sample = rules.determinize(&s, 0, &mut rng);
                let seen = rules.legal(&sample);
                let j = rules.rollout(&sample, &seen, &mut rng);
                let d = digest(&seen[j]);
                let k = legal
                    .iter()
                    .position(|c| digest(c) == d)
                    .unwrap_or_else(|| rng.index(legal.len()));
                if verbose {
                    let w = rules.rollout_weights(&sample, &seen).unwrap_or_default();
                    let total: u32 = w.iter().sum();
                    let mut top: Vec<(u32, String)> = seen
                        .iter()
                        .zip(&w)
                        .map(|(c, w)| (*w, short(&rules, &s, c)))
                        .collect();
                    top.sort_by_key(|t| std::cmp::Reverse(t.0));
                    if !all {
                        top.truncate(4);
                    }
                    println!(
                        "  t{} US {} [w {}/{}] top {:?}",
                        s.turn,
                        short(&rules, &s, &legal[k]),
                        w.get(j).copied().unwrap_or(0),
                        total,
                        top
                    );
                }
                k
            } else if passive {
                Command::standing_by(&legal)
            } else {
                rng.index(legal.len())
            };
            let c = legal[k].clone();
            if let Command::Move { stand, to } = &c {
                let st = &s.stands[*stand as usize];
                if st.side == Side::Us && rules.unit(st).is_vehicle() {
                    if on_road(&rules, &s, *to) {
                        road_moves += 1;
                    } else {
                        off_moves += 1;
                    }
                }
            }
            ev.clear();
            rules.execute(&mut s, &c, &mut ev);
            for e in &ev {
                let t = rules.describe_event(Some(&s), e).text;
                if matches!(e, platoon_cards_rules::event::Event::MineEntered { .. }) {
                    mine_entries += 1;
                }
                if verbose
                    && !t.is_empty()
                    && !matches!(
                        e,
                        platoon_cards_rules::event::Event::ReactionOffered { .. }
                            | platoon_cards_rules::event::Event::ReactionDeclined { .. }
                    )
                {
                    println!("      {t}");
                }
            }
        }
        let off = rules.exited(&s, Side::Us);
        total_off += off;
        let us_vehicles = s
            .stands
            .iter()
            .filter(|st| st.side == Side::Us && rules.unit(st).is_vehicle() && !st.airborne);
        let lost = us_vehicles
            .clone()
            .filter(|st| {
                st.gone
                    .is_some_and(|g| g != platoon_cards_rules::state::Gone::Exited)
            })
            .count();
        let stuck = us_vehicles.clone().filter(|st| st.immobile).count();
        let xs: Vec<String> = us_vehicles
            .filter(|st| st.on_table())
            .map(|st| format!("{:.0},{:.0}{:?}", st.pos.x, st.pos.y, st.status))
            .collect();
        let result = rules.outcome(&s).result.unwrap_or_default();
        if result.contains("us") || result.starts_with("US") {
            wins += 1;
        }
        println!(
            "game {i}: {result} turn {} off {off} lost {lost} immobile {stuck} on table {xs:?}",
            s.turn
        );
    }
    println!(
        "{games} games: US wins {wins}, vehicles off {total_off}; US vehicle moves ending on the road {road_moves}, off it {off_moves}; mine strips entered {mine_entries}"
    );
}

fn short(rules: &PlatoonCards, s: &State, c: &Command) -> String {
    let name = |id: u16| {
        let st = &s.stands[id as usize];
        format!("{}#{id}@{:.1},{:.1}", rules.unit(st).id, st.pos.x, st.pos.y)
    };
    match c {
        Command::Move { stand, to } => format!("Move {} -> {:.1},{:.1}", name(*stand), to.x, to.y),
        Command::ExitTable { stand } => format!("Exit {}", name(*stand)),
        Command::Fire { stand, target, .. } => format!("Fire {} at {target:?}", name(*stand)),
        other => {
            let t = format!("{other:?}");
            t.chars().take(60).collect()
        }
    }
}
