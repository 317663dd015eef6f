use crate::Grunt;
use crate::data::Optional;
use std::sync::Arc;
use vt_core::engine::{Ruleset, Setup};
use vt_core::testing::check_contract;

#[test]
fn every_scenario_keeps_the_contract() {
    let rules = Arc::new(Grunt::embedded());
    for sc in rules.info().scenarios {
        let results = check_contract(rules.clone(), &Setup::new(&sc.id, 7), 3, 200_000);
        assert_eq!(results.len(), 3, "{}", sc.id);
    }
}

// Each optional rule alone on the Standard Game keeps the contract.
#[test]
fn every_optional_rule_keeps_the_contract() {
    let rules = Arc::new(Grunt::embedded());
    for o in Optional::ALL {
        let setup = Setup::new("standard", 11).option(o.key(), "on");
        let results = check_contract(rules.clone(), &setup, 2, 200_000);
        assert_eq!(results.len(), 2, "{o:?}");
    }
    let setup = Setup::new("standard-optional", 5).option("fields-of-fire", "extended");
    check_contract(rules.clone(), &setup, 2, 200_000);
}

// Random playouts finish, the same seed gives the same digest whatever the
// thread count, another seed another; the 2000-game runs are made with
// `vt playout` in release (see the README).
#[test]
fn playouts_finish_and_repeat() {
    let rules = Grunt::embedded();
    for sc in rules.info().scenarios {
        let a = vt_core::playout::playout(&rules, &Setup::new(&sc.id, 5), 6, 1).unwrap();
        let b = vt_core::playout::playout(&rules, &Setup::new(&sc.id, 5), 6, 2).unwrap();
        let c = vt_core::playout::playout(&rules, &Setup::new(&sc.id, 6), 6, 1).unwrap();
        assert_eq!(a.digest, b.digest, "{}", sc.id);
        assert_ne!(a.digest, c.digest, "{}", sc.id);
        assert!(
            a.outcomes
                .keys()
                .all(|k| k == "us" || k == "nlf" || k == "draw"),
            "{}: {:?}",
            sc.id,
            a.outcomes
        );
    }
}

// Broken data names the file (and the line where RON says).
#[test]
fn broken_data_names_the_file() {
    let good = crate::data_files();
    let mut f = good.clone();
    let t = good.text("grunt/tables.ron").unwrap().replacen(
        "movement_allowance: (value: 6",
        "movement_allowance: (value: \"six\"",
        1,
    );
    f.insert("grunt/tables.ron", t);
    let e = Grunt::from_files(&f).unwrap_err();
    assert_eq!(e.file, "assets/grunt/tables.ron");
    assert!(e.line > 0, "{e}");

    let mut f = good.clone();
    let t = good.text("grunt/maps/song-ve.ron").unwrap().replacen(
        "\"22.01\", edge: North",
        "\"22.05\", edge: North",
        1,
    );
    f.insert("grunt/maps/song-ve.ron", t);
    let e = Grunt::from_files(&f).unwrap_err();
    assert_eq!(e.file, "assets/grunt/maps/song-ve.ron");
    assert!(e.message.contains("22.05"), "{e}");

    let mut f = good;
    f.insert("grunt/units.ron", "[".into());
    assert_eq!(
        Grunt::from_files(&f).unwrap_err().file,
        "assets/grunt/units.ron"
    );
}
