//! `vt` end to end on the test game Pig (not in `vt list`), through the same
//! `run` the binary calls.

use serde_json::Value;
use std::sync::Arc;
use vt_cli::{Registry, run};
use vt_core::dynamic::Game;
use vt_core::testing::Pig;

fn reg() -> Registry {
    Registry::of(vec![Arc::new(Game::new(Pig { goal: 30 }))])
        .with_player("pig", vt_ai::for_game::<Pig>)
}

fn vt(args: &[&str]) -> (i32, Value) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let out = run(&args, &reg());
    let v = serde_json::from_str(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", out.stdout));
    (out.status, v)
}

fn tmp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("vt-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).display().to_string()
}

#[test]
fn list_shows_games_sides_and_scenarios() {
    let (st, v) = vt(&["list"]);
    assert_eq!(st, 0);
    assert_eq!(v["games"][0]["id"], "pig");
    assert_eq!(v["games"][0]["scenarios"][0]["id"], "race");
    assert_eq!(v["games"][0]["sides"][1]["id"], "second");
}

#[test]
fn new_legal_apply_replay() {
    let f = tmp("game.ron");
    let (st, v) = vt(&["new", "pig", "race", "--seed", "7", "-o", &f]);
    assert_eq!(st, 0, "{v}");
    assert_eq!(v["decision"]["side"], 0);
    let (st, v) = vt(&["legal", &f]);
    assert_eq!(st, 0);
    assert_eq!(v["legal"], serde_json::json!(["Roll"]));
    // A refusal: exit 2 with the rule.
    let (st, v) = vt(&["apply", &f, "\"Hold\""]);
    assert_eq!(st, 2);
    assert_eq!(v["rule"], "Pig 2");
    assert!(v["error"].as_str().unwrap().contains("roll"));
    let (st, v) = vt(&["apply", &f, "\"Roll\""]);
    assert_eq!(st, 0, "{v}");
    assert_eq!(v["commands"], 1);
    assert!(v["events"][0]["text"].as_str().unwrap().contains("rolls"));
    assert_eq!(v["events"][0]["adjudications"][0]["rule"], "Pig 2");
    let digest = v["digest"].clone();
    let (st, v) = vt(&["replay", &f]);
    assert_eq!(st, 0);
    assert_eq!(v["ok"], true);
    assert_eq!(v["commands"], 1);
    assert_eq!(v["digest"], digest);
    let (st, v) = vt(&["view", &f, "first"]);
    assert_eq!(st, 0);
    assert!(v["view"]["banked"].is_array());
    let (st, _) = vt(&["view", &f, "third"]);
    assert_eq!(st, 1);
}

#[test]
fn same_seed_same_game() {
    let a = tmp("a.ron");
    let b = tmp("b.ron");
    let (_, va) = vt(&["new", "pig", "race", "--seed", "3", "-o", &a]);
    let (_, vb) = vt(&["new", "pig", "race", "--seed", "3", "-o", &b]);
    assert_eq!(va["digest"], vb["digest"]);
    for _ in 0..5 {
        vt(&["apply", &a, "\"Roll\""]);
        vt(&["apply", &b, "\"Roll\""]);
    }
    assert_eq!(
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap()
    );
}

#[test]
fn playout_reports_and_is_deterministic() {
    let (st, v) = vt(&["playout", "pig", "race", "--seed", "1", "--games", "300"]);
    assert_eq!(st, 0);
    assert_eq!(v["games"], 300);
    let sum: u64 = v["outcomes"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(sum, 300);
    for k in ["mean_commands", "seconds", "games_per_second", "digest"] {
        assert!(!v[k].is_null(), "{k}");
    }
    let (_, again) = vt(&[
        "playout",
        "pig",
        "race",
        "--seed",
        "1",
        "--games",
        "300",
        "--threads",
        "2",
    ]);
    assert_eq!(v["digest"], again["digest"]);
    let (_, other) = vt(&["playout", "pig", "race", "--seed", "2", "--games", "300"]);
    assert_ne!(v["digest"], other["digest"]);
    let (st, v) = vt(&["playout", "pig", "race", "--policy", "smart"]);
    assert_eq!(st, 1);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("unknown policy 'smart'")
    );
}

// The search against random play: the summary names each side's player,
// its wins and the 95 % interval, and the same seed gives the same games.
#[test]
fn playout_with_players_reports_each_side() {
    let args = [
        "playout",
        "pig",
        "race",
        "--seed",
        "3",
        "--games",
        "20",
        "--policy",
        "second=mcts:100",
    ];
    let (st, v) = vt(&args);
    assert_eq!(st, 0, "{v}");
    assert_eq!(v["games"], 20);
    let sides = v["sides"].as_array().unwrap();
    assert_eq!(sides[0]["player"], "random");
    assert_eq!(sides[1]["player"], "mcts:100");
    let wins = sides[1]["wins"].as_u64().unwrap();
    assert_eq!(v["outcomes"]["second"].as_u64().unwrap_or(0), wins);
    let (lo, hi) = (
        sides[1]["low"].as_f64().unwrap(),
        sides[1]["high"].as_f64().unwrap(),
    );
    assert!(lo <= sides[1]["win_rate"].as_f64().unwrap() && hi >= lo);
    let (_, again) = vt(&args);
    assert_eq!(v["digest"], again["digest"]);
    let (st, v) = vt(&["playout", "pig", "race", "--policy", "fourth=mcts"]);
    assert_eq!(st, 1);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("sides: first, second")
    );
}

#[test]
fn balance_prints_each_sides_rate_with_its_interval() {
    let (st, v) = vt(&[
        "balance", "pig", "race", "--games", "10", "--policy", "mcts:50",
    ]);
    assert_eq!(st, 0, "{v}");
    let lines = v["balance"].as_array().unwrap();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].as_str().unwrap().starts_with("first (mcts:50): "),
        "{v}"
    );
    assert!(lines[1].as_str().unwrap().contains("% ["), "{v}");
}

// The launcher's levels by name: a level is its seconds at the scenario's
// search rate (the test game's is 100,000 iterations a second; a race to 2
// keeps its searches short).
#[test]
fn a_level_plays_the_launchers_iterations() {
    let short = Registry::of(vec![Arc::new(Game::new(Pig { goal: 2 }))])
        .with_player("pig", vt_ai::for_game::<Pig>);
    let args: Vec<String> = [
        "balance",
        "pig",
        "race",
        "--games",
        "1",
        "--policy",
        "first=quick,second=normal",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = run(&args, &short);
    assert_eq!(out.status, 0, "{}", out.stdout);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    let sides = v["sides"].as_array().unwrap();
    assert_eq!(sides[0]["player"], "mcts:33000", "{v}");
    assert_eq!(sides[1]["player"], "mcts:100000", "{v}");
    let (st, v) = vt(&["balance", "pig", "race", "--policy", "expert"]);
    assert_eq!(st, 1);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("quick, normal, strong"),
        "{v}"
    );
}

#[test]
fn bad_input_exits_1_and_names_the_file_and_line() {
    let (st, v) = vt(&["legal", "/nonexistent/save.ron"]);
    assert_eq!(st, 1);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("/nonexistent/save.ron")
    );
    let f = tmp("broken.ron");
    std::fs::write(&f, "(\n  format: 1,\n  game: \"pig\",\n  scenario: [\n").unwrap();
    let (st, v) = vt(&["replay", &f]);
    assert_eq!(st, 1);
    let msg = v["error"].as_str().unwrap();
    assert!(msg.contains(&format!("{f}:")), "{msg}");
    let (st, _) = vt(&["new", "nope", "race"]);
    assert_eq!(st, 1);
    let (st, _) = vt(&["new", "pig", "nope"]);
    assert_eq!(st, 1);
    let (st, _) = vt(&["frobnicate"]);
    assert_eq!(st, 1);
    let g = tmp("g.ron");
    vt(&["new", "pig", "race", "--seed", "1", "-o", &g]);
    let (st, _) = vt(&["apply", &g, "{\"Jump\": 3}"]);
    assert_eq!(st, 1);
    let (st, _) = vt(&["apply", &g, "not json"]);
    assert_eq!(st, 1);
}

#[test]
fn tampered_save_is_refused_on_replay() {
    let f = tmp("t.ron");
    vt(&["new", "pig", "race", "--seed", "9", "-o", &f]);
    vt(&["apply", &f, "\"Roll\""]);
    let text = std::fs::read_to_string(&f).unwrap();
    let tampered = text.replacen("turn_total: ", "turn_total: 1", 1);
    assert_ne!(text, tampered);
    std::fs::write(&f, tampered).unwrap();
    let (st, v) = vt(&["replay", &f]);
    assert_eq!(st, 1);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("does not give the state"),
        "{v}"
    );
}

fn vt_text(args: &[&str]) -> vt_cli::Output {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    run(&args, &reg())
}

#[test]
fn arguments_are_parsed_per_subcommand() {
    let f = tmp("args.ron");
    // `--seed=5` and `--seed 5` are the same game.
    let (st, a) = vt(&["new", "pig", "race", "--seed=5", "-o", &f]);
    assert_eq!(st, 0, "{a}");
    let (_, b) = vt(&["new", "pig", "race", "--seed", "5"]);
    assert_eq!(a["digest"], b["digest"]);
    assert_eq!(a["seed"], 5);
    // `--assets` is global: before or after the subcommand.
    let (st, _) = vt(&["--assets", "/nonexistent", "legal", &f]);
    assert_eq!(st, 0);
    let (st, _) = vt(&["legal", &f, "--assets=/nonexistent"]);
    assert_eq!(st, 0);
    // A flag of another subcommand is refused, as bad input.
    for args in [
        vec!["legal", f.as_str(), "--seed", "3"],
        vec!["replay", f.as_str(), "-o", "x.ron"],
        vec!["list", "--games", "3"],
        vec!["playout", "pig", "race", "-o", "x.ron"],
        vec!["new", "pig", "race", "--seed", "5", "--seed", "6"],
        vec!["new", "pig", "race", "--seed", "-1"],
        vec!["new", "pig", "race", "--option", "goal"],
        vec!["new", "pig"],
        vec!["frobnicate"],
    ] {
        let out = vt_text(&args);
        assert_eq!(out.status, 1, "{args:?}: {}", out.stdout);
        let v: Value = serde_json::from_str(&out.stdout).expect("JSON");
        assert!(v["error"].is_string(), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn help_is_printed_and_succeeds() {
    for args in [
        vec!["--help"],
        vec!["-h"],
        vec![],
        vec!["help"],
        vec!["help", "playout"],
    ] {
        let out = vt_text(&args);
        assert_eq!(out.status, 0, "{args:?}");
        assert!(out.stdout.contains("Usage: vt"), "{args:?}: {}", out.stdout);
    }
    let out = vt_text(&["playout", "--help"]);
    assert!(out.stdout.contains("--games"), "{}", out.stdout);
    assert!(!out.stdout.contains("--out"), "{}", out.stdout);
    let out = vt_text(&["apply", "--help"]);
    assert!(out.stdout.contains("--out"), "{}", out.stdout);
    assert!(!out.stdout.contains("--games"), "{}", out.stdout);
}

#[test]
fn playout_has_limits() {
    for args in [
        vec!["playout", "pig", "race", "--games", "0"],
        vec!["playout", "pig", "race", "--games", "10000001"],
        vec!["playout", "pig", "race", "--games", "18446744073709551616"],
        vec!["playout", "pig", "race", "--threads", "0"],
        vec!["playout", "pig", "race", "--threads", "100000"],
    ] {
        let (st, v) = vt(&args);
        assert_eq!(st, 1, "{args:?}: {v}");
    }
    let (st, v) = vt(&["playout", "pig", "race", "--games", "5", "--threads", "256"]);
    assert_eq!(st, 0, "{v}");
}

#[test]
fn load_errors_name_the_file() {
    let f = tmp("future.ron");
    vt(&["new", "pig", "race", "--seed", "2", "-o", &f]);
    let text = std::fs::read_to_string(&f).unwrap();
    std::fs::write(&f, text.replacen("format: 1", "format: 99", 1)).unwrap();
    let (st, v) = vt(&["replay", &f]);
    assert_eq!(st, 1);
    let msg = v["error"].as_str().unwrap();
    assert!(msg.starts_with(&format!("{f}: ")), "{msg}");
    assert!(msg.contains("newer"), "{msg}");
    let g = tmp("othergame.ron");
    std::fs::write(&g, text.replacen("game: \"pig\"", "game: \"chess\"", 1)).unwrap();
    let (st, v) = vt(&["legal", &g]);
    assert_eq!(st, 1);
    let msg = v["error"].as_str().unwrap();
    assert!(msg.starts_with(&format!("{g}: ")), "{msg}");
    assert!(msg.contains("'chess'"), "{msg}");
    // A directory is not a save.
    let d = tmp("a-folder.ron");
    let _ = std::fs::remove_file(&d);
    std::fs::create_dir_all(&d).unwrap();
    let (st, v) = vt(&["replay", &d]);
    assert_eq!(st, 1);
    assert!(v["error"].as_str().unwrap().contains("directory"), "{v}");
}

#[test]
fn huge_input_is_not_echoed_whole() {
    // One argument can be at most 128 kB on Linux (MAX_ARG_STRLEN); a file
    // can hold more: the save below carries a 50 MB scenario name.
    let long = "s".repeat(120_000);
    let huge = "s".repeat(50 << 20);
    for args in [
        vec!["new", "pig", long.as_str()],
        vec!["new", long.as_str(), "race"],
        vec!["playout", "pig", long.as_str()],
        vec!["new", "pig", "race", "--option", long.as_str()],
        vec![long.as_str()],
        vec!["legal", long.as_str()],
    ] {
        let out = vt_text(&args);
        assert_eq!(out.status, 1);
        assert!(
            out.stdout.len() < 4000 && out.stderr.len() < 4000,
            "{} and {} bytes",
            out.stdout.len(),
            out.stderr.len()
        );
    }
    // The same name inside a save.
    let f = tmp("huge-scenario.ron");
    vt(&["new", "pig", "race", "--seed", "2", "-o", &f]);
    let text = std::fs::read_to_string(&f).unwrap();
    std::fs::write(
        &f,
        text.replacen("scenario: \"race\"", &format!("scenario: \"{huge}\""), 1),
    )
    .unwrap();
    let out = vt_text(&["replay", &f]);
    assert_eq!(out.status, 1);
    assert!(out.stdout.len() < 4000, "{} bytes", out.stdout.len());
    let g = tmp("huge-cmd.ron");
    vt(&["new", "pig", "race", "--seed", "2", "-o", &g]);
    let out = vt_text(&["apply", &g, &format!("\"{long}\"")]);
    assert_eq!(out.status, 1);
    assert!(out.stdout.len() < 4000, "{} bytes", out.stdout.len());
}

#[test]
fn commands_must_be_written_as_the_game_writes_them() {
    let f = tmp("strict.ron");
    vt(&["new", "pig", "race", "--seed", "4", "-o", &f]);
    for bad in [
        "{\"Roll\": null}",
        "null",
        "{\"Roll\": {}}",
        "[\"Roll\"]",
        "\"roll\"",
    ] {
        let (st, v) = vt(&["apply", &f, bad]);
        assert_eq!(st, 1, "{bad}: {v}");
    }
    let (st, v) = vt(&["replay", &f]);
    assert_eq!((st, v["commands"].as_u64()), (0, Some(0)));
}

/// The `vt` binary itself, killed by a file-size limit half-way through
/// writing a save (as a full disk or a quota would stop it), leaves the old
/// save whole: it still loads, byte for byte as before.
#[cfg(unix)]
#[test]
fn a_write_cut_short_leaves_the_old_save() {
    use std::process::Command;
    let vt = env!("CARGO_BIN_EXE_vt");
    let dir = std::path::PathBuf::from(tmp("cut-short"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("g.ron");
    let s = save.to_str().unwrap();
    let ok = Command::new(vt)
        .args(["new", "fte", "hamlet-search", "--seed", "3", "-o", s])
        .output()
        .unwrap();
    assert!(ok.status.success(), "{ok:?}");
    let before = std::fs::read(&save).unwrap();
    assert!(before.len() > 8192, "the save must outgrow the limit below");
    let legal: Value =
        serde_json::from_slice(&Command::new(vt).args(["legal", s]).output().unwrap().stdout)
            .unwrap();
    let cmd = legal["legal"][0].to_string();
    // 4 kB limit (ulimit -f counts 1 kB blocks in bash). First with the
    // signal's default action (the process dies mid-write), then with it
    // ignored (the write fails with EFBIG and vt reports it).
    for (trap, killed) in [("", true), ("trap '' XFSZ; ", false)] {
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!(
                "{trap}ulimit -f 4; exec \"$0\" apply \"$1\" \"$2\""
            ))
            .args([vt, s, &cmd])
            .output()
            .unwrap();
        assert!(
            !out.status.success(),
            "the write should have been cut short"
        );
        if !killed {
            assert_eq!(out.status.code(), Some(1));
            let v: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert!(v["error"].as_str().unwrap().contains("g.ron"), "{v}");
        }
        assert!(
            std::fs::read(&save).unwrap() == before,
            "the old save changed"
        );
        let replay = Command::new(vt).args(["replay", s]).output().unwrap();
        assert!(replay.status.success(), "{replay:?}");
        // A killed writer may leave its temporary file, never a `.ron`.
        for e in std::fs::read_dir(&dir).unwrap() {
            let n = e.unwrap().file_name().to_string_lossy().into_owned();
            assert!(
                n == "g.ron" || (n.starts_with('.') && n.ends_with(".tmp")),
                "{n}"
            );
        }
    }
    // Without the limit the same command goes through.
    let out = Command::new(vt).args(["apply", s, &cmd]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
