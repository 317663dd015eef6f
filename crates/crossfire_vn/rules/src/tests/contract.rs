use crate::CrossfireVn;
use std::sync::Arc;
use vt_core::engine::{Ruleset, Setup};
use vt_core::testing::check_contract;

#[test]
fn every_scenario_keeps_the_contract() {
    let rules = Arc::new(CrossfireVn::embedded());
    for sc in rules.info().scenarios {
        let results = check_contract(rules.clone(), &Setup::new(&sc.id, 7), 3, 200_000);
        assert_eq!(results.len(), 3, "{}", sc.id);
    }
}

// Random playouts finish (no stuck or unfinished game) and the same seed
// gives the same digest whatever the thread count; the 2,000-game runs are
// made with `vt playout` in release (see the README).
#[test]
fn playouts_finish_and_repeat() {
    let rules = CrossfireVn::embedded();
    for sc in rules.info().scenarios {
        let a = vt_core::playout::playout(&rules, &Setup::new(&sc.id, 5), 6, 1).unwrap();
        let b = vt_core::playout::playout(&rules, &Setup::new(&sc.id, 5), 6, 2).unwrap();
        let c = vt_core::playout::playout(&rules, &Setup::new(&sc.id, 6), 6, 1).unwrap();
        assert_eq!(a.digest, b.digest, "{}", sc.id);
        assert_ne!(a.digest, c.digest, "{}", sc.id);
        assert!(
            a.outcomes
                .keys()
                .all(|k| k == "free-world" || k == "vc-nva" || k == "draw"),
            "{}: {:?}",
            sc.id,
            a.outcomes
        );
    }
}
