//! The engine contract (vt_core::testing::check_contract) for every scenario
//! and every optional rule, and random playouts that never get stuck.

use csar_rules::Csar;
use std::sync::Arc;
use vt_core::testing::check_contract;
use vt_core::{Ruleset, Setup};

fn scenarios() -> Vec<String> {
    Csar::embedded()
        .info()
        .scenarios
        .into_iter()
        .map(|s| s.id)
        .collect()
}

#[test]
fn every_scenario_keeps_the_contract() {
    let rules = Arc::new(Csar::embedded());
    for id in scenarios() {
        let results = check_contract(rules.clone(), &Setup::new(&id, 7), 12, 20_000);
        assert_eq!(results.len(), 12, "{id}");
        for r in &results {
            assert!(["win", "loss", "draw"].contains(&r.as_str()), "{id}: {r}");
        }
    }
}

#[test]
fn every_option_keeps_the_contract() {
    let rules = Arc::new(Csar::embedded());
    for opt in rules.info().options {
        for id in ["caged-tiger", "streetcar-down", "campaign"] {
            let setup = Setup::new(id, 11).option(&opt.key, "on");
            check_contract(rules.clone(), &setup, 6, 20_000);
        }
    }
    let mut all = Setup::new("caged-tiger", 3);
    for opt in rules.info().options {
        all = all.option(&opt.key, "on");
    }
    check_contract(rules, &all, 8, 20_000);
}

#[test]
fn random_playouts_never_get_stuck() {
    let rules = Csar::embedded();
    for id in scenarios() {
        let n = if id == "campaign" { 200 } else { 600 };
        let a = vt_core::playout::playout(&rules, &Setup::new(&id, 5), n, 1).unwrap();
        assert_eq!(a.outcomes.values().sum::<u64>(), n, "{id}");
        assert!(!a.outcomes.contains_key("stuck"), "{id}: {:?}", a.outcomes);
        assert!(
            !a.outcomes.contains_key("unfinished"),
            "{id}: {:?}",
            a.outcomes
        );
        let b = vt_core::playout::playout(&rules, &Setup::new(&id, 5), n, 2).unwrap();
        assert_eq!(a.digest, b.digest, "{id}: same seed, same digest");
    }
}
