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

    // 6.2: set-up areas of both sides may not share a hex (set-up would
    // stack enemies), nor may a force start in the other side's area.
    let mut f = good.clone();
    let t = good
        .text("fte/scenarios/hot-lz.ron")
        .unwrap()
        .replace("radius: 4, min_radius: 2", "radius: 4");
    f.insert("fte/scenarios/hot-lz.ron", t);
    let e = Fte::from_files(&f).unwrap_err();
    assert_eq!(e.file, "assets/fte/scenarios/hot-lz.ron");
    assert!(e.message.contains("(6.2)"), "{e}");
    let mut f = good.clone();
    let t = good.text("fte/scenarios/hot-lz.ron").unwrap().replace(
        "(unit: \"nva-mortar\", hex: Some(\"13.10\"))",
        "(unit: \"nva-mortar\", hex: Some(\"19.10\"))",
    );
    assert!(t.contains("Some(\"19.10\"))"));
    f.insert("fte/scenarios/hot-lz.ron", t);
    let e = Fte::from_files(&f).unwrap_err();
    assert!(e.message.contains("nva-mortar at 19.10"), "{e}");

    let mut f = good;
    f.insert("fte/units.ron", "[".into());
    assert_eq!(
        Fte::from_files(&f).unwrap_err().file,
        "assets/fte/units.ron"
    );
}

// Hidden information in the log: in random games, a Concealed target or
// checker is never named by its counter type to the other side.
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
                    // As the enemy reads it (its owner reads it all).
                    let entry = r.describe_in(&s, e);
                    let (text, rolls) = entry.read_by(vt_core::Reader::Public);
                    assert!(!text.contains(name.as_str()), "{text}");
                    for a in rolls {
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

// FTE 18.0: a side reads its own units by name even while they fire from
// under Concealed markers and keep them; only the enemy reads the marker.
// Random games of every scenario.
#[test]
fn the_firers_owner_reads_its_concealed_firers_by_name() {
    use crate::Event;
    use vt_core::Reader;
    use vt_core::playout::{Policy, RandomPolicy};
    let r = Fte::embedded();
    let mut seen = 0;
    for sc in r.info().scenarios {
        for seed in 1..=3 {
            let mut s = r.new_game(&Setup::new(&sc.id, seed)).unwrap();
            let mut p = RandomPolicy::new(seed + 7);
            while r.outcome(&s).result.is_none() {
                let legal = r.legal(&s);
                let k = Policy::<Fte>::choose(&mut p, &r, &s, &legal);
                let mut ev = Vec::new();
                r.execute(&mut s, &legal[k], &mut ev);
                for e in &ev {
                    let Event::Attack {
                        firers,
                        marked: Some(m),
                        ..
                    } = e
                    else {
                        continue;
                    };
                    for &x in firers {
                        if m.marker(x).is_none() {
                            continue;
                        }
                        seen += 1;
                        let u = s.unit(x);
                        let owner = u.side.idx() as vt_core::SideIdx;
                        let name = r.who(x, u.ty);
                        let entry = r.describe_in(&s, e);
                        let (mine, _) = entry.read_by(Reader::Side(owner));
                        assert!(mine.contains(name.as_str()), "{mine}");
                        let (theirs, _) = entry.read_by(Reader::Side(1 - owner));
                        assert!(!theirs.contains(name.as_str()), "{theirs}");
                    }
                }
            }
        }
    }
    assert!(seen > 0, "no unit ever fired from under a Concealed marker");
}

// FTE 18.0, 22.0: the log is read by both players of a hot-seat game, so a
// unit under a Concealed marker (or a Dummy) is named to the enemy only by
// its marker, and the modifiers a Concealed target keeps from the firer
// stay out of the firer's copy of the roll. Random games of every scenario:
// no entry the enemy reads names a unit that was Concealed before and after
// the command, and its owner still reads the unit's number.
#[test]
fn the_enemy_reads_concealed_units_only_by_their_marker() {
    use crate::event::Drm;
    use crate::state::Side;
    use vt_core::{GameRng, Reader};
    let rules = Fte::embedded();
    let secret_drms = [Drm::Defense, Drm::Sapper].map(|d| (d.label(), d.rule()));
    let (mut private_entries, mut owner_named) = (0, 0);
    let mut leaks = std::collections::BTreeSet::new();
    for sc in rules.info().scenarios {
        for seed in 1..=3 {
            let mut s = rules.new_game(&Setup::new(&sc.id, seed)).unwrap();
            let mut pick = GameRng::seeded(seed + 100);
            for _ in 0..3000 {
                let legal = rules.legal(&s);
                if legal.is_empty() || rules.outcome(&s).is_finished() {
                    break;
                }
                let concealed_before: Vec<(u16, Side)> = s
                    .units
                    .iter()
                    .filter(|u| u.concealed)
                    .map(|u| (u.id, u.side))
                    .collect();
                let c = legal[pick.index(legal.len())].clone();
                let events = rules.apply(&mut s, &c).unwrap();
                let still: Vec<(u16, Side)> = concealed_before
                    .into_iter()
                    .filter(|(id, _)| s.unit(*id).concealed)
                    .collect();
                for e in &events {
                    let entry = rules.describe_in(&s, e);
                    if entry.private.is_some() {
                        private_entries += 1;
                    }
                    for &(id, side) in &still {
                        let name = format!("#{id}");
                        let names = |t: &str| {
                            t.match_indices(&name).any(|(i, _)| {
                                !t[i + name.len()..].starts_with(|c: char| c.is_ascii_digit())
                            })
                        };
                        let (text, rolls) = entry.read_by(Reader::Side(side.other().idx() as u8));
                        if names(text) {
                            leaks.insert(text.to_string());
                        }
                        for a in rolls {
                            assert!(!names(&a.purpose), "{}: {}", sc.id, a.purpose);
                        }
                        if names(entry.read_by(Reader::Side(side.idx() as u8)).0) {
                            owner_named += 1;
                        }
                    }
                    if let crate::event::Event::Attack {
                        target_concealed: true,
                        firers,
                        ..
                    } = e
                        && let Some(&f) = firers.first()
                    {
                        let firer = Reader::Side(s.unit(f).side.idx() as u8);
                        for a in entry.read_by(firer).1 {
                            assert!(
                                a.modifiers.iter().all(|m| !secret_drms
                                    .iter()
                                    .any(|(l, r)| *l == m.label && *r == m.rule)),
                                "{}: the firer reads the target's own modifiers: {a:?}",
                                sc.id
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(leaks.is_empty(), "events naming Concealed units: {leaks:?}");
    assert!(
        private_entries > 50,
        "only {private_entries} private entries"
    );
    assert!(
        owner_named > 50,
        "the owner read his units' numbers {owner_named} times"
    );
}

// The log names a unit the enemy can see by its type and number ("Rifle
// Fire Team #2 move ..."), a Concealed one by number to its owner with its
// marker, and by marker alone to the enemy.
#[test]
fn the_log_names_units_by_type() {
    use crate::event::Event;
    use vt_core::{GameRng, Reader};
    let rules = Fte::embedded();
    let mut s = rules.new_game(&Setup::new("hamlet-search", 3)).unwrap();
    let mut pick = GameRng::seeded(5);
    let (mut open_moves, mut hidden_moves) = (0, 0);
    for _ in 0..3000 {
        let legal = rules.legal(&s);
        if legal.is_empty() || rules.outcome(&s).is_finished() {
            break;
        }
        let c = legal[pick.index(legal.len())].clone();
        for e in rules.apply(&mut s, &c).unwrap() {
            if let Event::Moved { units, marked, .. } = &e {
                let u = s.unit(units[0]);
                let name = format!("{} #{}", rules.types[u.ty as usize].name, u.id);
                let entry = rules.describe_in(&s, &e);
                match marked {
                    None if !u.concealed => {
                        open_moves += 1;
                        assert!(entry.text.starts_with(&name), "{}", entry.text);
                    }
                    Some(m) => {
                        hidden_moves += 1;
                        let k = m.marker(u.id).unwrap();
                        let owner = Reader::Side(m.side.idx() as u8);
                        let enemy = Reader::Side(m.side.other().idx() as u8);
                        assert!(
                            entry
                                .read_by(owner)
                                .0
                                .contains(&format!("{name} (Concealed marker {k})")),
                            "{}",
                            entry.text
                        );
                        let public = entry.read_by(enemy).0;
                        // A Visible unit moving with it is named as usual.
                        assert!(
                            public.contains(&format!("Concealed marker {k}"))
                                && !public.contains(&name),
                            "{public}"
                        );
                    }
                    None => {}
                }
            }
        }
    }
    assert!(
        open_moves > 5 && hidden_moves > 5,
        "{open_moves} {hidden_moves}"
    );
}

// A loaded game's log reads as it did during play: each entry told with the
// game as it stood right after its command (a unit Concealed later is still
// named as it was then).
#[test]
fn a_replayed_log_reads_as_played() {
    use vt_core::GameRng;
    use vt_core::session::Session;
    let rules = Arc::new(Fte::embedded());
    let mut session = Session::new(rules.clone(), Setup::new("hamlet-search", 3)).unwrap();
    let mut live = Vec::new();
    let mut pick = GameRng::seeded(5);
    for _ in 0..400 {
        let legal = rules.legal(&session.state);
        if legal.is_empty() {
            break;
        }
        let c = legal[pick.index(legal.len())].clone();
        let events = session.apply(c).unwrap().to_vec();
        live.extend(events.iter().map(|e| rules.describe_in(&session.state, e)));
    }
    let now: Vec<_> = session
        .events
        .iter()
        .map(|e| rules.describe_in(&session.state, e))
        .collect();
    assert_eq!(session.log(), live);
    assert_ne!(
        now, live,
        "this game must name someone differently by the end"
    );
}

// `legal` skips checks its lists already made (the set-up areas, the fire
// and Opportunity Fire lists, a Random Event's choices): in random games
// of every scenario it is still exactly the candidates `check` accepts, in
// the same order.
#[test]
fn legal_is_the_checked_candidates() {
    use vt_core::playout::{Policy, RandomPolicy};
    let r = Fte::embedded();
    // The shortcuts in `legal` must be met: reinforcements entering.
    let mut entering = 0;
    for sc in r.info().scenarios {
        let mut states = 0;
        for seed in 0..6u64 {
            let mut s = r.new_game(&Setup::new(&sc.id, 40 + seed)).unwrap();
            let mut p = RandomPolicy::new(seed);
            while r.outcome(&s).result.is_none() {
                let legal = r.legal(&s);
                let checked: Vec<_> = r
                    .candidates(&s)
                    .into_iter()
                    .filter(|c| r.check_command(&s, c).is_ok())
                    .collect();
                assert_eq!(legal, checked, "{} seed {seed}: {:?}", sc.id, s.step());
                states += 1;
                if matches!(s.step(), crate::step::Step::Reinforcements { .. }) && !legal.is_empty()
                {
                    entering += 1;
                }
                let k = Policy::<Fte>::choose(&mut p, &r, &s, &legal);
                let mut ev = Vec::new();
                r.execute(&mut s, &legal[k], &mut ev);
            }
        }
        assert!(states > 500, "{}: {states} states", sc.id);
    }
    assert!(entering > 10, "{entering} reinforcement lists");
}
