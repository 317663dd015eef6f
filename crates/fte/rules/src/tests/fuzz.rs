//! Bad input never panics: commands with their numbers and hexes scrambled
//! are refused with a rule, or carried out without a panic when the rules
//! allow them.

use super::util::rules;
use crate::Command;
use serde_json::Value;
use vt_core::engine::{Ruleset, Setup};
use vt_core::rng::GameRng;

fn scramble(v: &mut Value, rng: &mut GameRng) {
    match v {
        Value::Number(_) if rng.below(3) == 0 => {
            *v = Value::from(rng.below(60));
        }
        Value::String(s) if s.contains('.') && rng.below(3) == 0 => {
            let c = rng.below(70) as i32 - 5;
            let r = rng.below(30) as i32 - 5;
            *s = format!("{c}.{r}");
        }
        Value::Array(a) => {
            for x in a.iter_mut() {
                scramble(x, rng);
            }
            if rng.below(5) == 0 {
                a.push(Value::from(rng.below(60)));
            }
        }
        Value::Object(o) => {
            for (_, x) in o.iter_mut() {
                scramble(x, rng);
            }
        }
        _ => {}
    }
}

#[test]
fn scrambled_commands_never_panic() {
    let r = rules();
    let mut rng = GameRng::seeded(99);
    for sc in r.info().scenarios {
        let mut s = r.new_game(&Setup::new(&sc.id, 4)).unwrap();
        for _ in 0..400 {
            if r.outcome(&s).result.is_some() {
                break;
            }
            let legal = r.legal(&s);
            for c in legal.iter().take(40) {
                let mut v = serde_json::to_value(c).unwrap();
                scramble(&mut v, &mut rng);
                let Ok(bad) = serde_json::from_value::<Command>(v) else {
                    continue;
                };
                if r.check(&s, &bad).is_ok() {
                    let mut copy = s.clone();
                    let mut ev = Vec::new();
                    r.execute(&mut copy, &bad, &mut ev);
                    for e in &ev {
                        r.describe(e);
                    }
                }
            }
            let k = rng.index(legal.len());
            let mut ev = Vec::new();
            r.execute(&mut s, &legal[k], &mut ev);
        }
    }
}
