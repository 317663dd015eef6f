//! Every adjudication a game shows adds up (issue 14): over the events of
//! random games of every registered game and scenario, each shown total is
//! the dice plus the shown modifiers, and each "N or less" / "N or more"
//! agrees with the shown result. A player checks these numbers by eye; a
//! modifier counted twice (once in the total and again in the number
//! needed) makes a hit read as a miss.

use vt_core::dice::Adjudication;
use vt_core::{GameRng, Reader, Setup};

/// How many random games of each scenario, and how long each may run.
const GAMES: u64 = 4;
const MAX_COMMANDS: usize = 3000;

/// "N or less" / "N or more" at the start of what was needed.
fn threshold(needed: &str) -> Option<(i32, bool)> {
    let mut words = needed.split_whitespace();
    let n: i32 = words.next()?.parse().ok()?;
    if words.next()? != "or" {
        return None;
    }
    match words.next()?.trim_end_matches([',', ';', ':']) {
        "less" => Some((n, true)),
        "more" => Some((n, false)),
        _ => None,
    }
}

/// The shown result as a success or a failure, where it says so.
fn succeeded(result: &str) -> Option<bool> {
    let r = result.to_ascii_lowercase();
    if ["hit", "pass", "accurate"].iter().any(|w| r.starts_with(w)) {
        Some(true)
    } else if ["miss", "fail", "scatter"].iter().any(|w| r.starts_with(w)) {
        Some(false)
    } else {
        None
    }
}

/// What is wrong with one adjudication as shown, if anything.
fn check(a: &Adjudication) -> Option<String> {
    check_counted(a, &mut 0)
}

/// [`check`], counting in `compared` the rolls whose result was compared
/// with the number needed.
fn check_counted(a: &Adjudication, compared: &mut usize) -> Option<String> {
    if a.rolled.is_empty() {
        return None;
    }
    if let Some(needs) = a.each_die_needs {
        return check_pool(a, needs, compared);
    }
    // The board and the log show a total when there are modifiers or more
    // than one die: it must be the dice plus the modifiers shown.
    let sum = a.rolled.iter().sum::<i32>() + a.modifier_sum();
    if a.shows_total() && a.total != sum {
        return Some(format!(
            "total {} is not the dice plus modifiers ({sum})",
            a.total
        ));
    }
    let (n, at_most) = threshold(a.needed.as_deref()?)?;
    let ok = succeeded(&a.result)?;
    let needed = a.needed.as_deref().unwrap_or_default();
    let die = a.rolled[0];
    let by_numbers = if at_most { a.total <= n } else { a.total >= n };
    // The natural rolls the text names ("1 always hits, 10 always misses"):
    // where one decided against the numbers shown, the result says so
    // ("hit: a roll of 1 always hits (FTE 7.1)"), or a hit reads as a miss.
    if needed.contains(&format!("{die} always")) {
        if by_numbers != ok && !a.result.contains("always") {
            return Some(format!(
                "total {} against \"{needed}\" reads as {}, and the result \"{}\" does not say the natural {die} decided it",
                a.total,
                if by_numbers { "a success" } else { "a failure" },
                a.result
            ));
        }
        return None;
    }
    *compared += 1;
    (by_numbers != ok).then(|| {
        format!(
            "total {} against \"{needed}\" reads as {}, but the result is \"{}\"",
            a.total,
            if by_numbers { "a success" } else { "a failure" },
            a.result
        )
    })
}

/// A pool judged die by die (Crossfire, 6.4): no sum is shown; the dice
/// are marked against the score each needs, so the hits shown must be the
/// dice that made it, the score in words must be that score, and a result
/// that counts hits ("2 hits: Suppressed", "no hits: Miss") must count
/// the same.
fn check_pool(a: &Adjudication, needs: i32, compared: &mut usize) -> Option<String> {
    let made = a.rolled.iter().filter(|&&d| d >= needs).count() as i32;
    if a.total != made || a.hits() != Some(made) {
        return Some(format!(
            "{} hits shown, but {made} of the dice score {needs} or more",
            a.total
        ));
    }
    if let Some(n) = a.needed.as_deref() {
        let said = match threshold(n) {
            Some((said, false)) => Some(said),
            // "6 on each die": only the one score.
            _ => n.split_whitespace().next().and_then(|w| w.parse().ok()),
        };
        if said.is_some_and(|said| said != needs) {
            return Some(format!(
                "needed \"{n}\" but each die is judged against {needs}"
            ));
        }
    }
    let r = a.result.to_ascii_lowercase();
    let counted = if r.starts_with("no hit") {
        Some(0)
    } else {
        r.split_whitespace()
            .next()
            .and_then(|w| w.parse::<i32>().ok())
            .filter(|_| {
                r.split_whitespace()
                    .nth(1)
                    .is_some_and(|w| w.starts_with("hit"))
            })
    };
    if let Some(c) = counted {
        *compared += 1;
        if c != made {
            return Some(format!(
                "the result \"{}\" counts {c} hits, but {made} dice score {needs} or more",
                a.result
            ));
        }
    }
    None
}

#[test]
fn every_shown_total_and_number_needed_adds_up() {
    let mut checked = 0usize;
    let mut wrong = Vec::new();
    for entry in vt_games::entries() {
        let mut compared = 0usize;
        let game = vt_games::load(&entry, None).unwrap();
        let info = game.info();
        for scenario in &info.scenarios {
            for seed in 1..=GAMES {
                let mut setup = Setup::new(&scenario.id, seed);
                for o in &info.options {
                    setup.options.insert(o.key.clone(), o.default.clone());
                }
                let mut session = game.new_session(setup).unwrap();
                let mut rng = GameRng::seeded(seed * 7919);
                for _ in 0..MAX_COMMANDS {
                    if session.outcome().is_finished() {
                        break;
                    }
                    let legal = session.legal();
                    if legal.is_empty() {
                        break;
                    }
                    let c = legal[rng.index(legal.len())].clone();
                    session.apply(&c).unwrap();
                }
                let sides = info.sides.len() as u8;
                for e in session.log() {
                    let readers = std::iter::once(Reader::Referee)
                        .chain((0..sides).map(Reader::Side))
                        .chain(std::iter::once(Reader::Public));
                    for reader in readers {
                        for a in e.read_by(reader).1 {
                            checked += 1;
                            if let Some(why) = check_counted(a, &mut compared) {
                                wrong.push(format!(
                                    "{} {} seed {seed}: {}: {why}\n  {}",
                                    entry.id,
                                    scenario.id,
                                    a.purpose,
                                    a.summary()
                                ));
                            }
                        }
                    }
                }
            }
        }
        println!(
            "{}: {compared} results compared with what was needed",
            entry.id
        );
        // FTE's fire and checks all say "N or less": random games must
        // have compared some, or the test checks nothing there.
        if entry.id == "fte" {
            assert!(compared > 50, "fte: only {compared} compared");
        }
        // Crossfire's fire is judged die by die: its hit counts must have
        // been checked against the dice.
        if entry.id == "crossfire-vn" {
            assert!(compared > 50, "crossfire-vn: only {compared} compared");
        }
    }
    assert!(checked > 100, "too few adjudications seen ({checked})");
    wrong.sort();
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "{} adjudications do not add up:\n{}",
        wrong.len(),
        wrong
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_checks_catch_a_modifier_counted_twice() {
    use vt_core::dice::Modifier;
    // The seen defect: roll 3, +1, total 4 against Fire Rating 4 is a hit,
    // but "needed" had the modifier taken off as well.
    let mut a = Adjudication::new("To hit", "FTE 7.1");
    a.rolled = vec![3];
    a.modifiers = vec![Modifier::new("Jungle", "FTE 6.1", 1)];
    a.total = 4;
    a.needed = Some("3 or less (Fire Rating 4; 1 always hits, 10 always misses)".into());
    a.result = "hit".into();
    assert!(check(&a).is_some());
    a.needed = Some("4 or less (Fire Rating 4; 1 always hits, 10 always misses)".into());
    assert_eq!(check(&a), None);
    a.total = 3;
    assert!(check(&a).is_some(), "a total that leaves out a modifier");
    // A natural 1 hits whatever the total, and the result says so: a bare
    // "hit" beside a total of 6 against "4 or less" reads as a miss.
    a.rolled = vec![1];
    a.modifiers = vec![Modifier::new("Jungle", "FTE 6.1", 5)];
    a.total = 6;
    assert!(check(&a).is_some(), "a natural 1 that does not say so");
    a.result = "hit: a roll of 1 always hits (FTE 7.1)".into();
    assert_eq!(check(&a), None);
}

#[test]
fn the_checks_catch_a_pool_added_up_or_miscounted() {
    // Crossfire 6.4: each die hits on 5 or 6, judged alone.
    let good = Adjudication::new("Fire", "CF 6.4").pool([6, 3, 5], 5);
    let mut a = good.clone();
    a.needed = Some("5 or more on each die, each die judged alone".into());
    a.result = "2 hits: Suppressed".into();
    assert_eq!(check(&a), None);
    // The old way: the dice summed into a "total".
    let mut summed = a.clone();
    summed.total = 14;
    assert!(check(&summed).is_some());
    // A result that counts other hits than the dice show.
    let mut miscounted = a.clone();
    miscounted.result = "1 hit: Pinned".into();
    assert!(check(&miscounted).is_some());
    let mut none = Adjudication::new("Fire", "CF 6.4").pool([6], 5);
    none.result = "no hits: Miss".into();
    assert!(check(&none).is_some());
    // A score in words that is not the one the dice were judged against.
    let mut wrong_score = a.clone();
    wrong_score.needed = Some("6 on each die".into());
    assert!(check(&wrong_score).is_some());
}
