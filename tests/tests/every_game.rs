//! Every registered game, every scenario: random games keep the contract,
//! saves reload, and the same seed gives the same playout digest.

use vt_core::Setup;

#[test]
fn every_scenario_plays_out_deterministically() {
    for entry in vt_games::entries() {
        let game = vt_games::load(&entry, None).unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        let info = game.info();
        for sc in &info.scenarios {
            let a = game
                .playout(&Setup::new(&sc.id, 11), 20, 1)
                .expect("sets up");
            let b = game
                .playout(&Setup::new(&sc.id, 11), 20, 2)
                .expect("sets up");
            assert_eq!(a.digest, b.digest, "{} {}", info.id, sc.id);
            assert_eq!(a.outcomes.values().sum::<u64>(), 20);
            for bad in ["stuck", "unfinished"] {
                assert!(
                    !a.outcomes.contains_key(bad),
                    "{} {}: {:?}",
                    info.id,
                    sc.id,
                    a.outcomes
                );
            }
        }
    }
}

#[test]
fn every_scenario_saves_and_reloads_mid_game() {
    for entry in vt_games::entries() {
        let game = vt_games::load(&entry, None).unwrap();
        for sc in &game.info().scenarios {
            let mut s = game.new_session(Setup::new(&sc.id, 5)).unwrap();
            for _ in 0..30 {
                let legal = s.legal();
                let Some(c) = legal.first() else { break };
                s.apply(c)
                    .unwrap_or_else(|e| panic!("{} {}: {e}", entry.id, sc.id));
            }
            let text = s.save_ron();
            let back = game
                .load(&text, "mid.ron")
                .unwrap_or_else(|e| panic!("{} {}: {e}", entry.id, sc.id));
            assert_eq!(back.digest(), s.digest());
            assert_eq!(back.commands(), s.commands());
        }
    }
}

#[test]
fn every_assumed_value_has_a_reason() {
    for entry in vt_games::entries() {
        let game = vt_games::load(&entry, None).unwrap();
        for n in game.source_notes() {
            assert!(
                !n.source.is_rulebook(),
                "{}: {} is listed but from the rulebook",
                entry.id,
                n.item
            );
            assert!(
                !n.source.detail().trim().is_empty(),
                "{}: {} has no reason",
                entry.id,
                n.item
            );
            assert!(!n.file.is_empty(), "{}: {} names no file", entry.id, n.item);
        }
    }
}
