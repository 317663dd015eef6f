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
