use crate::Fte;
use std::sync::Arc;
use vt_core::engine::{Ruleset, Setup};
use vt_core::testing::check_contract;

#[test]
fn every_scenario_keeps_the_contract() {
    let rules = Arc::new(Fte::embedded());
    for sc in rules.info().scenarios {
        let results = check_contract(rules.clone(), &Setup::new(&sc.id, 7), 3, 200_000);
        assert_eq!(results.len(), 3, "{}", sc.id);
    }
}
