//! Hostile input for every registered game (new games are picked up from
//! the registry): mutated and malformed commands, commands of another phase
//! or side, truncated, bit-flipped and edited saves, huge files,
//! directories, broken data files and failed writes.
//!
//! What must hold: nothing panics; a refused command leaves the game as it
//! was; whatever a game accepted replays from its save; a broken save or
//! data file is refused with a message that names it and is of readable
//! length; a failed write leaves the old file whole.
//!
//! Bounded and seeded: the same inputs every run, a few seconds in all
//! (each test prints how many inputs it tried).

mod mutate;

use mutate::{Expect, Mutator};
use serde_json::Value;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use vt_core::dynamic::{ApplyError, DynGame, DynSession};
use vt_core::{GameRng, Setup};

/// No message built from input may be longer than this.
const MESSAGE_LIMIT: usize = 3000;

fn games() -> Vec<(vt_games::GameEntry, Arc<dyn DynGame>)> {
    vt_games::entries()
        .into_iter()
        .map(|e| {
            let g = vt_games::load(&e, None).unwrap_or_else(|err| panic!("{}: {err}", e.id));
            (e, g)
        })
        .collect()
}

/// A set-up with each option at a random one of its values.
fn random_setup(game: &dyn DynGame, scenario: &str, rng: &mut GameRng) -> Setup {
    let mut s = Setup::new(scenario, rng.next_u64());
    for o in game.info().options {
        if !o.values.is_empty() {
            let v = o.values[rng.index(o.values.len())].clone();
            s.options.insert(o.key, v);
        }
    }
    s
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("vt-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn short(v: &Value) -> String {
    vt_core::echo::clip_to(&v.to_string(), 300).into_owned()
}

/// Failures found, reported together at the end (the first few in full).
#[derive(Default)]
struct Findings(Vec<String>);

impl Findings {
    fn add(&mut self, s: String) {
        self.0.push(s);
    }

    fn assert_none(self, what: &str) {
        assert!(
            self.0.is_empty(),
            "{what}: {} failures; the first:\n{}",
            self.0.len(),
            self.0
                .iter()
                .take(8)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// Applies a hostile command and checks what must hold. Returns false if
/// the game can no longer be trusted (it panicked).
fn attempt(
    s: &mut Box<dyn DynSession>,
    cmd: &Value,
    expect: Expect,
    context: &str,
    found: &mut Findings,
    tally: &mut [u64; 3],
) -> bool {
    let before = (s.digest(), s.commands());
    match catch_unwind(AssertUnwindSafe(|| s.apply(cmd))) {
        Err(_) => {
            found.add(format!("{context}: PANIC on {}", short(cmd)));
            false
        }
        Ok(Err(e)) => {
            tally[0] += 1;
            if (s.digest(), s.commands()) != before {
                found.add(format!(
                    "{context}: refused but changed the game: {}",
                    short(cmd)
                ));
            }
            if expect == Expect::NotACommand && !matches!(e, ApplyError::BadCommand(_)) {
                found.add(format!(
                    "{context}: should not parse as a command, but the rules judged it ({e}): {}",
                    short(cmd)
                ));
            }
            if e.to_string().len() > MESSAGE_LIMIT {
                found.add(format!(
                    "{context}: a {}-byte message for {}",
                    e.to_string().len(),
                    short(cmd)
                ));
            }
            true
        }
        Ok(Ok(_)) => {
            tally[1] += 1;
            if expect == Expect::NotACommand {
                found.add(format!("{context}: accepted {}", short(cmd)));
            }
            if s.commands() != before.1 + 1 {
                found.add(format!(
                    "{context}: accepted but not recorded: {}",
                    short(cmd)
                ));
            }
            true
        }
    }
}

/// Random games of every scenario; at random moments, mutated commands and
/// commands seen at other moments (other phases, the other side).
#[test]
fn hostile_commands() {
    let mut found = Findings::default();
    let mut report = Vec::new();
    for (entry, game) in games() {
        let start = std::time::Instant::now();
        // refused, accepted, foreign tried
        let mut tally = [0u64; 3];
        let mut rng = GameRng::seeded(0x4057_11e5);
        let mut mutator = Mutator::new(rng.next_u64());
        // Commands seen, with the side that was to decide.
        let mut pool: Vec<(Option<u8>, Value)> = Vec::new();
        for sc in game.info().scenarios {
            for round in 0..2 {
                let setup = random_setup(&*game, &sc.id, &mut rng);
                let context = format!("{} {} seed {} ", entry.id, sc.id, setup.seed);
                let mut s = game
                    .new_session(setup.clone())
                    .unwrap_or_else(|e| panic!("{context}: {e}"));
                let steps = 40 + 40 * round;
                let mut trusted = true;
                for step in 0..steps {
                    let legal = s.legal();
                    if legal.is_empty() {
                        break;
                    }
                    let side = s.decision().side;
                    let before = s.commands();
                    let ctx = format!("{context}step {step}");
                    if rng.index(3) != 0 {
                        for _ in 0..2 {
                            let base = &legal[rng.index(legal.len())];
                            let (cmd, expect, _kind) = mutator.command(base);
                            trusted &= attempt(&mut s, &cmd, expect, &ctx, &mut found, &mut tally);
                        }
                        // Commands from other moments, the other side's first.
                        let other: Vec<&Value> = pool
                            .iter()
                            .filter(|(s2, _)| *s2 != side)
                            .map(|(_, c)| c)
                            .collect();
                        let from = if other.is_empty() || rng.index(2) == 0 {
                            pool.iter().map(|(_, c)| c).collect()
                        } else {
                            other
                        };
                        for _ in 0..1 {
                            if let Some(c) =
                                (!from.is_empty()).then(|| from[rng.index(from.len())].clone())
                            {
                                tally[2] += 1;
                                trusted &= attempt(
                                    &mut s,
                                    &c,
                                    Expect::Anything,
                                    &ctx,
                                    &mut found,
                                    &mut tally,
                                );
                            }
                        }
                        if !trusted {
                            break;
                        }
                    }
                    // Only a command accepted above changes what is legal.
                    let legal = if s.commands() == before {
                        legal
                    } else {
                        s.legal()
                    };
                    let Some(c) =
                        (!legal.is_empty()).then(|| legal[rng.index(legal.len())].clone())
                    else {
                        break;
                    };
                    if pool.len() < 400 {
                        pool.push((s.decision().side, c.clone()));
                    } else {
                        let i = rng.index(pool.len());
                        pool[i] = (s.decision().side, c.clone());
                    }
                    if let Err(e) = s.apply(&c) {
                        found.add(format!(
                            "{ctx}: a listed command was refused: {e}: {}",
                            short(&c)
                        ));
                        break;
                    }
                }
                if !trusted {
                    continue;
                }
                // Whatever was accepted replays from the save.
                match game.load(&s.save_ron(), "hostile.ron") {
                    Ok(back) if back.digest() == s.digest() => {}
                    Ok(_) => found.add(format!("{context}: the save loads to another state")),
                    Err(e) => found.add(format!("{context}: the save does not load: {e}")),
                }
            }
        }
        report.push(format!(
            "{}: {} hostile commands ({} refused, {} accepted; {} from other moments) in {:.1} s",
            entry.id,
            tally[0] + tally[1],
            tally[0],
            tally[1],
            tally[2],
            start.elapsed().as_secs_f64()
        ));
    }
    eprintln!("{}", report.join("\n"));
    found.assert_none("hostile commands");
}

/// Saves made mid-game, then truncated, bit-flipped and edited: each is
/// refused with a short message naming the file, or (an edit that changes
/// nothing that counts, like a space) loads to the very same game.
#[test]
fn hostile_saves() {
    let mut found = Findings::default();
    let mut report = Vec::new();
    for (entry, game) in games() {
        let start = std::time::Instant::now();
        let mut tried = 0u64;
        let mut loaded = 0u64;
        let mut rng = GameRng::seeded(0x5a7e_5a7e);
        let mut mutator = Mutator::new(rng.next_u64());
        for sc in game.info().scenarios {
            let setup = random_setup(&*game, &sc.id, &mut rng);
            let mut s = game.new_session(setup).unwrap();
            for depth in [8usize, 40] {
                while s.commands() < depth {
                    let legal = s.legal();
                    if legal.is_empty() {
                        break;
                    }
                    s.apply(&legal[rng.index(legal.len())]).unwrap();
                }
                let text = s.save_ron();
                let digest = s.digest();
                for _ in 0..40 {
                    let (bytes, kind) = mutator.file(text.as_bytes());
                    // A save that is not UTF-8 never reaches the parser:
                    // reading it is refused (tested below, through `vt`).
                    let Ok(t) = String::from_utf8(bytes) else {
                        continue;
                    };
                    tried += 1;
                    let name = format!("{}-{}-{depth}-{tried}.ron", entry.id, sc.id);
                    let ctx = format!("{} {} depth {depth}, {kind}", entry.id, sc.id);
                    match catch_unwind(AssertUnwindSafe(|| game.load(&t, &name))) {
                        Err(_) => found.add(format!("{ctx}: PANIC loading")),
                        Ok(Ok(back)) => {
                            loaded += 1;
                            if back.digest() != digest {
                                found.add(format!("{ctx}: loaded to another game"));
                            }
                        }
                        Ok(Err(e)) => {
                            let msg = e.in_file(&name);
                            if !msg.contains(&name) {
                                found.add(format!(
                                    "{ctx}: the message does not name the file: {msg}"
                                ));
                            }
                            if msg.len() > MESSAGE_LIMIT {
                                found.add(format!("{ctx}: a {}-byte message", msg.len()));
                            }
                        }
                    }
                }
                // Whole edits a player might make.
                let edits = [
                    ("format 99", text.replacen("format: 1", "format: 99", 1)),
                    (
                        "unknown game",
                        text.replacen(&format!("game: \"{}\"", entry.id), "game: \"chess\"", 1),
                    ),
                    (
                        "scenario renamed",
                        text.replacen(
                            &format!("scenario: \"{}\"", sc.id),
                            &format!("scenario: \"{}\"", "x".repeat(1 << 20)),
                            1,
                        ),
                    ),
                    ("seed changed", text.replacen("seed: ", "seed: 1", 1)),
                    (
                        "snapshot dropped",
                        text.split("snapshot:")
                            .next()
                            .unwrap_or_default()
                            .to_string()
                            + ")",
                    ),
                    ("empty", String::new()),
                    ("nested deep", "(".repeat(100_000)),
                    ("not RON", "{\"format\": 1}".to_string()),
                ];
                for (kind, t) in edits {
                    tried += 1;
                    let name = format!("{}-{}-{kind}.ron", entry.id, sc.id);
                    let ctx = format!("{} {} {kind}", entry.id, sc.id);
                    match catch_unwind(AssertUnwindSafe(|| game.load(&t, &name))) {
                        Err(_) => found.add(format!("{ctx}: PANIC loading")),
                        Ok(Ok(_)) => found.add(format!("{ctx}: loaded")),
                        Ok(Err(e)) => {
                            let msg = e.in_file(&name);
                            if !msg.contains(&name) || msg.len() > MESSAGE_LIMIT {
                                found.add(format!(
                                    "{ctx}: message {}",
                                    vt_core::echo::clip_to(&msg, 400)
                                ));
                            }
                        }
                    }
                }
            }
        }
        report.push(format!(
            "{}: {tried} broken saves ({loaded} harmless edits loaded unchanged) in {:.1} s",
            entry.id,
            start.elapsed().as_secs_f64()
        ));
    }
    eprintln!("{}", report.join("\n"));
    found.assert_none("hostile saves");
}

/// Through `vt` itself: saves that are directories, huge, binary or nested
/// past any parser's depth are refused with status 1 and the file named;
/// a write that fails (a directory in the way, a missing or read-only
/// folder) leaves the save as it was.
#[test]
fn hostile_files_through_vt() {
    let dir = scratch("files");
    let reg = vt_cli::Registry::builtin();
    let vt = |args: &[&str]| {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        vt_cli::run(&args, &reg)
    };
    let p = |n: &str| dir.join(n).display().to_string();
    let mut tried = 0;
    let mut refused = |args: &[&str], named: &str| {
        tried += 1;
        let out = vt(args);
        assert_eq!(
            out.status,
            1,
            "{args:?}: {}",
            vt_core::echo::clip_to(&out.stdout, 400)
        );
        let v: Value = serde_json::from_str(&out.stdout).expect("JSON");
        let msg = v["error"].as_str().unwrap_or_default();
        assert!(msg.contains(named), "{args:?}: {msg}");
        assert!(
            out.stdout.len() < MESSAGE_LIMIT,
            "{args:?}: {} bytes",
            out.stdout.len()
        );
    };
    std::fs::create_dir_all(dir.join("folder.ron")).unwrap();
    refused(&["replay", &p("folder.ron")], "folder.ron");
    refused(&["legal", &p("missing.ron")], "missing.ron");
    std::fs::write(dir.join("zeros.ron"), vec![0u8; 1 << 20]).unwrap();
    refused(&["replay", &p("zeros.ron")], "zeros.ron");
    std::fs::write(dir.join("binary.ron"), b"(format: 1, game: \"\xff\xfe\")").unwrap();
    refused(&["replay", &p("binary.ron")], "binary.ron");
    std::fs::write(dir.join("deep.ron"), "[".repeat(1 << 20)).unwrap();
    refused(&["replay", &p("deep.ron")], "deep.ron");
    std::fs::write(dir.join("big.ron"), "x".repeat(20 << 20)).unwrap();
    refused(&["replay", &p("big.ron")], "big.ron");
    let over = std::fs::File::create(dir.join("over.ron")).unwrap();
    over.set_len(vt_core::files::MAX_SAVE_BYTES + 1).unwrap();
    refused(&["replay", &p("over.ron")], "over.ron");

    // Failed writes, for every game: the save stays as it was.
    for (entry, game) in games() {
        let sc = &game.info().scenarios[0].id;
        let save = p(&format!("{}.ron", entry.id));
        assert_eq!(
            vt(&["new", entry.id, sc, "--seed", "5", "-o", &save]).status,
            0
        );
        let before = std::fs::read(&save).unwrap();
        let legal: Value = serde_json::from_str(&vt(&["legal", &save]).stdout).unwrap();
        let cmd = legal["legal"][0].to_string();
        let blocked = p(&format!("{}-blocked.ron", entry.id));
        std::fs::create_dir_all(&blocked).unwrap();
        refused(&["apply", &save, &cmd, "-o", &blocked], &blocked);
        let nowhere = p("no/such/folder/g.ron");
        refused(&["apply", &save, &cmd, "-o", &nowhere], &nowhere);
        if Path::new("/proc/self").exists() {
            refused(
                &["apply", &save, &cmd, "-o", "/proc/vt-hostile.ron"],
                "/proc/vt-hostile.ron",
            );
        }
        refused(&["new", entry.id, sc, "-o", &blocked], &blocked);
        assert!(
            std::fs::read(&save).unwrap() == before,
            "{}: the save changed",
            entry.id
        );
        assert_eq!(vt(&["replay", &save]).status, 0);
    }
    eprintln!("{tried} hostile files and failed writes through vt");
    let _ = std::fs::remove_dir_all(dir);
}

/// Every data file of every game, truncated, bit-flipped, edited, emptied
/// or replaced by a directory, read from an `--assets` folder: refused with
/// the file named, or (a harmless edit) a game that sets up and plays.
#[test]
fn broken_data_files() {
    let mut found = Findings::default();
    let mut report = Vec::new();
    for (entry, _) in games() {
        let start = std::time::Instant::now();
        let mut rng = GameRng::seeded(0xda7a);
        let mut mutator = Mutator::new(rng.next_u64());
        let files = (entry.data_files)();
        let paths: Vec<String> = files.paths().map(str::to_string).collect();
        let (mut tried, mut refused) = (0u64, 0u64);
        for path in &paths {
            let text = files.text(path).unwrap().to_string();
            for k in 0..8 {
                let dir = scratch(&format!("data-{}-{k}", entry.id));
                let target = dir.join(path);
                std::fs::create_dir_all(target.parent().unwrap()).unwrap();
                let kind = match k {
                    0 => {
                        std::fs::write(&target, "").unwrap();
                        "emptied"
                    }
                    1 => {
                        std::fs::create_dir_all(&target).unwrap();
                        "a directory"
                    }
                    _ => {
                        let (bytes, kind) = mutator.file(text.as_bytes());
                        std::fs::write(&target, bytes).unwrap();
                        kind
                    }
                };
                tried += 1;
                let ctx = format!("{} {path} {kind}", entry.id);
                match catch_unwind(AssertUnwindSafe(|| vt_games::load(&entry, Some(&dir)))) {
                    Err(_) => found.add(format!("{ctx}: PANIC loading the data")),
                    Ok(Err(e)) => {
                        refused += 1;
                        let msg = e.to_string();
                        let file_name = Path::new(path).file_name().unwrap().to_string_lossy();
                        if !msg.contains(&*file_name) || msg.len() > MESSAGE_LIMIT {
                            found.add(format!(
                                "{ctx}: message {}",
                                vt_core::echo::clip_to(&msg, 400)
                            ));
                        }
                    }
                    Ok(Ok(game)) => {
                        // Accepted: every scenario sets up (or is refused)
                        // and plays a while without a panic.
                        for sc in game.info().scenarios {
                            let r = catch_unwind(AssertUnwindSafe(|| {
                                let setup = random_setup(&*game, &sc.id, &mut rng);
                                if let Ok(mut s) = game.new_session(setup) {
                                    for _ in 0..30 {
                                        let legal = s.legal();
                                        if legal.is_empty() {
                                            break;
                                        }
                                        let _ = s.apply(&legal[rng.index(legal.len())]);
                                    }
                                }
                            }));
                            if r.is_err() {
                                found.add(format!("{ctx}: accepted, then PANIC playing {}", sc.id));
                            }
                        }
                    }
                }
                let _ = std::fs::remove_dir_all(&dir);
            }
        }
        report.push(format!(
            "{}: {tried} broken data files ({refused} refused, the rest harmless) in {:.1} s",
            entry.id,
            start.elapsed().as_secs_f64()
        ));
    }
    eprintln!("{}", report.join("\n"));
    found.assert_none("broken data");
}
