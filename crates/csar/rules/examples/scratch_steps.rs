use csar_rules::Csar;
use std::collections::BTreeMap;
use vt_core::playout::game_seeds;
use vt_core::{GameRng, Ruleset, Setup};
fn main() {
    let rules = Csar::embedded();
    let mut count: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    for i in 0..2000 {
        let (gs, ps) = game_seeds(1, i);
        let mut s = rules.new_game(&Setup::new("caged-tiger", gs)).unwrap();
        let mut rng = GameRng::seeded(ps);
        let mut ev = Vec::new();
        while s.result.is_none() {
            let l = rules.legal(&s);
            let e = count
                .entry(
                    format!("{:?}", s.step)
                        .split(' ')
                        .next()
                        .unwrap()
                        .to_string(),
                )
                .or_default();
            e.0 += 1;
            e.1 += l.len() as u64;
            let k = rng.index(l.len());
            ev.clear();
            rules.execute(&mut s, &l[k], &mut ev);
        }
    }
    for (k, (n, l)) in count {
        println!("{k:20} {n:8} mean legal {:.1}", l as f64 / n as f64);
    }
}
