//! Hostile variants of commands (JSON) and of files (bytes), drawn from a
//! seeded generator so that every run tries the same inputs.

use serde_json::{Map, Value, json};
use vt_core::GameRng;

/// What the rules must make of a mutated command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Not a command of the game whatever the state: `ApplyError::BadCommand`.
    NotACommand,
    /// Anything but a panic: refused (and the game untouched) or applied.
    Anything,
}

/// Strings a hostile player types where a name or a hex goes.
const STRINGS: &[&str] = &[
    "",
    " ",
    "-2147483648.-2147483648",
    "2147483647.2147483647",
    "1048577.00",
    "-1.-1",
    "99.99",
    "00.00",
    "01.01",
    "é",
    "\u{0}",
    "Center",
    "North",
    "Us",
    "Nva",
];

/// Numbers likewise (as JSON: some do not fit the fields they land in).
fn numbers() -> Vec<Value> {
    vec![
        json!(0),
        json!(1),
        json!(-1),
        json!(255),
        json!(256),
        json!(65535),
        json!(65536),
        json!(i32::MIN),
        json!(i64::MAX),
        json!(u64::MAX),
        json!(1.5),
        json!(-1e300),
    ]
}

/// Every node of a JSON value, by path (indices into arrays, keys into objects).
fn paths(v: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(at.clone());
    match v {
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                at.push(Step::Index(i));
                paths(x, at, out);
                at.pop();
            }
        }
        Value::Object(m) => {
            for (k, x) in m {
                at.push(Step::Key(k.clone()));
                paths(x, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum Step {
    Index(usize),
    Key(String),
}

fn node_mut<'a>(v: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(v, |v, s| match s {
        Step::Index(i) => &mut v[*i],
        Step::Key(k) => &mut v[k.as_str()],
    })
}

/// The nodes of `v` that `keep` accepts, by path.
fn nodes(v: &Value, keep: impl Fn(&Value) -> bool) -> Vec<Vec<Step>> {
    let mut all = Vec::new();
    paths(v, &mut Vec::new(), &mut all);
    let mut root = v.clone();
    all.into_iter()
        .filter(|p| keep(node_mut(&mut root, p)))
        .collect()
}

pub struct Mutator {
    pub rng: GameRng,
}

impl Mutator {
    pub fn new(seed: u64) -> Self {
        Mutator {
            rng: GameRng::seeded(seed),
        }
    }

    fn pick<'a, T>(&mut self, v: &'a [T]) -> Option<&'a T> {
        (!v.is_empty()).then(|| &v[self.rng.index(v.len())])
    }

    /// One hostile variant of a command the game listed, with what the
    /// rules must make of it and a word for the kind of mutation.
    pub fn command(&mut self, cmd: &Value) -> (Value, Expect, &'static str) {
        let mut v = cmd.clone();
        for _ in 0..4 {
            match self.rng.index(10) {
                0 => {
                    let ps = nodes(&v, Value::is_number);
                    if let Some(p) = self.pick(&ps).cloned() {
                        let n = numbers();
                        *node_mut(&mut v, &p) = self.pick(&n).cloned().unwrap_or_default();
                        return (v, Expect::Anything, "number");
                    }
                }
                1 => {
                    let ps = nodes(&v, Value::is_string);
                    if let Some(p) = self.pick(&ps).cloned() {
                        let s = if self.rng.index(8) == 0 {
                            "H".repeat(100_000)
                        } else {
                            self.pick(STRINGS).copied().unwrap_or_default().to_string()
                        };
                        *node_mut(&mut v, &p) = json!(s);
                        return (v, Expect::Anything, "string");
                    }
                }
                2 => {
                    let ps = nodes(&v, Value::is_object);
                    if let Some(p) = self.pick(&ps).cloned() {
                        if let Value::Object(m) = node_mut(&mut v, &p) {
                            m.insert("zz_unknown".into(), json!(1));
                        }
                        return (v, Expect::NotACommand, "unknown field");
                    }
                }
                3 => {
                    // A name written as {"Name": null}: never a command.
                    let ps = nodes(&v, Value::is_string);
                    if let Some(p) = self.pick(&ps).cloned() {
                        let node = node_mut(&mut v, &p);
                        let name = node.as_str().unwrap_or_default().to_string();
                        let mut m = Map::new();
                        m.insert(name, Value::Null);
                        *node = Value::Object(m);
                        return (v, Expect::NotACommand, "null for a bare name");
                    }
                }
                4 => {
                    let ps = nodes(&v, |n| n.as_object().is_some_and(|m| m.len() > 1));
                    if let Some(p) = self.pick(&ps).cloned() {
                        if let Value::Object(m) = node_mut(&mut v, &p) {
                            let keys: Vec<String> = m.keys().cloned().collect();
                            let k = &keys[self.rng.index(keys.len())];
                            m.remove(k);
                        }
                        return (v, Expect::Anything, "field dropped");
                    }
                }
                5 => {
                    let ps = nodes(&v, |_| true);
                    if let Some(p) = self.pick(&ps).cloned() {
                        let odd = [
                            json!([]),
                            json!({}),
                            json!(true),
                            Value::Null,
                            json!([1, 2]),
                        ];
                        let top = p.is_empty();
                        *node_mut(&mut v, &p) = self.pick(&odd).cloned().unwrap_or_default();
                        let expect = if top {
                            Expect::NotACommand
                        } else {
                            Expect::Anything
                        };
                        return (v, expect, "wrong type");
                    }
                }
                6 => {
                    let mut deep = v.clone();
                    for _ in 0..(64 + self.rng.index(400)) {
                        deep = json!([deep]);
                    }
                    return (deep, Expect::NotACommand, "nested deep");
                }
                7 => {
                    return (
                        json!({"NoSuchCommand": v}),
                        Expect::NotACommand,
                        "unknown command",
                    );
                }
                8 => {
                    let ps = nodes(&v, Value::is_array);
                    if let Some(p) = self.pick(&ps).cloned() {
                        if let Value::Array(a) = node_mut(&mut v, &p) {
                            let copy = a.clone();
                            a.extend(copy);
                            if a.is_empty() {
                                a.push(json!(0));
                            }
                        }
                        return (v, Expect::Anything, "list doubled");
                    }
                }
                _ => {
                    let ps = nodes(&v, Value::is_number);
                    if let Some(p) = self.pick(&ps).cloned() {
                        let node = node_mut(&mut v, &p);
                        *node = json!(node.to_string());
                        return (v, Expect::Anything, "number as text");
                    }
                }
            }
        }
        (json!([v]), Expect::NotACommand, "wrapped")
    }

    /// One hostile variant of a file's bytes, with a word for its kind.
    pub fn file(&mut self, bytes: &[u8]) -> (Vec<u8>, &'static str) {
        let len = bytes.len().max(1);
        match self.rng.index(8) {
            0 | 1 => {
                let at = self.rng.index(len);
                (bytes[..at.min(bytes.len())].to_vec(), "truncated")
            }
            2 | 3 => {
                let mut b = bytes.to_vec();
                if !b.is_empty() {
                    let at = self.rng.index(b.len());
                    b[at] ^= 1 << self.rng.index(8);
                }
                (b, "bit flipped")
            }
            4 => {
                // A number edited: the first digit of a random run of digits.
                let mut b = bytes.to_vec();
                let digits: Vec<usize> = (0..b.len()).filter(|&i| b[i].is_ascii_digit()).collect();
                if let Some(&i) = self.pick(&digits) {
                    b[i] = b'0' + ((b[i] - b'0' + 1 + self.rng.index(8) as u8) % 10);
                }
                (b, "number edited")
            }
            5 => {
                // A line deleted.
                let text = String::from_utf8_lossy(bytes);
                let mut lines: Vec<&str> = text.lines().collect();
                if !lines.is_empty() {
                    let i = self.rng.index(lines.len());
                    lines.remove(i);
                }
                (lines.join("\n").into_bytes(), "line deleted")
            }
            6 => {
                // A line doubled.
                let text = String::from_utf8_lossy(bytes);
                let mut lines: Vec<&str> = text.lines().collect();
                if !lines.is_empty() {
                    let i = self.rng.index(lines.len());
                    lines.insert(i, lines[i]);
                }
                (lines.join("\n").into_bytes(), "line doubled")
            }
            _ => {
                // Bytes that are not UTF-8, or a NUL, spliced in.
                let mut b = bytes.to_vec();
                let at = self.rng.index(len).min(b.len());
                let junk: &[u8] = if self.rng.index(2) == 0 {
                    b"\xff\xfe"
                } else {
                    b"\0"
                };
                b.splice(at..at, junk.iter().copied());
                (b, "junk spliced")
            }
        }
    }
}
