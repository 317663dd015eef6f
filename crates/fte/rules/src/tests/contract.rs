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

// Random playouts of every scenario finish (no stuck or unfinished game)
// and the same seed gives the same digest, whatever the thread count; the
// 2000-game runs are made with `vt playout` in release (see the report).
#[test]
fn playouts_finish_and_repeat() {
    let rules = Fte::embedded();
    for sc in rules.info().scenarios {
        let a = vt_core::playout::playout(&rules, &Setup::new(&sc.id, 5), 8, 1).unwrap();
        let b = vt_core::playout::playout(&rules, &Setup::new(&sc.id, 5), 8, 2).unwrap();
        let c = vt_core::playout::playout(&rules, &Setup::new(&sc.id, 6), 8, 1).unwrap();
        assert_eq!(a.digest, b.digest, "{}", sc.id);
        assert_ne!(a.digest, c.digest, "{}", sc.id);
        assert_eq!(a.outcomes.values().sum::<u64>(), 8);
        assert!(
            a.outcomes.keys().all(|k| k == "us" || k == "nva-vc"),
            "{}: {:?}",
            sc.id,
            a.outcomes
        );
    }
}

// Broken data gives an error naming the file (and the line where RON says).
#[test]
fn broken_data_names_the_file() {
    let good = crate::data_files();
    let mut f = good.clone();
    let t = good.text("fte/tables.ron").unwrap().replacen(
        "value: 2, source: Derived(\"6.6 movement example: 1 MP along the Trail\")",
        "value: \"two\", source: Derived(\"x\")",
        1,
    );
    f.insert("fte/tables.ron", t);
    let e = Fte::from_files(&f).unwrap_err();
    assert_eq!(e.file, "assets/fte/tables.ron");
    assert!(e.line > 0, "{e}");

    let mut f = good.clone();
    let t = good
        .text("fte/scenarios/hot-lz.ron")
        .unwrap()
        .replace("\"15.10\"", "\"99.99\"");
    f.insert("fte/scenarios/hot-lz.ron", t);
    let e = Fte::from_files(&f).unwrap_err();
    assert_eq!(e.file, "assets/fte/scenarios/hot-lz.ron");
    assert!(e.message.contains("99.99"), "{e}");

    let mut f = good;
    f.insert("fte/units.ron", "[".into());
    assert_eq!(
        Fte::from_files(&f).unwrap_err().file,
        "assets/fte/units.ron"
    );
}

// Hidden information in the log: in random games, a Concealed target or
// checker is never named by its counter type.
#[test]
fn the_log_does_not_name_concealed_units() {
    use crate::Event;
    use vt_core::playout::{Policy, RandomPolicy};
    let r = Fte::embedded();
    for sc in r.info().scenarios {
        let mut s = r.new_game(&Setup::new(&sc.id, 21)).unwrap();
        let mut p = RandomPolicy::new(3);
        let mut seen = 0;
        while r.outcome(&s).result.is_none() {
            let legal = r.legal(&s);
            let k = Policy::<Fte>::choose(&mut p, &r, &s, &legal);
            let mut ev = Vec::new();
            r.execute(&mut s, &legal[k], &mut ev);
            for e in &ev {
                let hidden_ty = match e {
                    Event::Attack {
                        target_concealed: true,
                        target_ty,
                        ..
                    } => Some(*target_ty),
                    Event::Check {
                        concealed: true,
                        ty,
                        ..
                    } => Some(*ty),
                    _ => None,
                };
                if let Some(t) = hidden_ty {
                    seen += 1;
                    let name = &r.types[t as usize].name;
                    let text = r.describe(e);
                    assert!(!text.text.contains(name.as_str()), "{}", text.text);
                    for a in &text.adjudications {
                        assert!(!a.purpose.contains(name.as_str()), "{}", a.purpose);
                    }
                }
            }
        }
        assert!(
            seen > 0,
            "{}: no concealed unit was ever checked or fired at",
            sc.id
        );
    }
}
