//! The engine contract on random games of every scenario.

use crate::PlatoonCards;
use std::sync::Arc;
use vt_core::engine::Setup;
use vt_core::testing::check_contract;

fn game() -> Arc<PlatoonCards> {
    Arc::new(PlatoonCards::embedded())
}

#[test]
fn embedded_data_loads() {
    let g = PlatoonCards::embedded();
    assert_eq!(g.scenarios.len(), 4);
    assert!(!g.all_source_notes().is_empty());
    assert!(!g.table_views().is_empty());
}

fn contract(scenario: &str, games: u64) {
    let g = game();
    let results = check_contract(g, &Setup::new(scenario, 11), games, 20_000);
    assert_eq!(results.len() as u64, games);
}

#[test]
fn contract_hamlet_sweep() {
    contract("hamlet-sweep", 6);
}

#[test]
fn contract_route_13_ambush() {
    contract("route-13-ambush", 6);
}

#[test]
fn contract_firebase_night() {
    contract("firebase-night", 6);
}

#[test]
fn contract_hot_lz() {
    contract("hot-lz", 6);
}
