use super::orders::RANGE;
use super::*;
use crate::tabletop::{Halt, Seen};
use crate::testing::check_contract;
use std::sync::Arc;

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn game() -> (Skirmish, State) {
    let g = Skirmish::default();
    let s = g.new_game(&Setup::new("hamlet", 7)).unwrap();
    (g, s)
}

/// Puts stand `id` at `at`, facing up the table.
fn place(s: &mut State, id: u8, at: Point) {
    let st = &mut s.stands[id as usize];
    st.base = st.kind.base(at, p(0.0, 1.0));
}

#[test]
fn keeps_the_contract() {
    let results = check_contract(
        Arc::new(Skirmish::default()),
        &Setup::new("hamlet", 3),
        20,
        400,
    );
    assert_eq!(results.len(), 20);
    // Some games end with a winner, not all in draws.
    assert!(results.iter().any(|r| r != "draw"), "{results:?}");
}

// Skirmish 3: jungle costs 2 an inch, a paddy 1.5; a rifle team has 6".
#[test]
fn moves_are_priced_by_the_ground() {
    let (g, s) = game();
    // US rifle 1 at (17, 2.5) straight up into the paddy (y 5..15): 2.5"
    // of open ground, then 2" of paddy at 1.5: 5.5 of 6.
    let plan = g.plan(s.scene(), 0, p(17.0, 7.0)).unwrap();
    assert!((plan.spent - 5.5).abs() < 1e-9, "{}", plan.spent);
    assert!(
        g.check(
            &s,
            &Order::Move {
                stand: 0,
                to: p(17.0, 7.0)
            }
        )
        .is_ok()
    );
    // 3" into the paddy needs 7: refused, naming the rule.
    let e = g
        .check(
            &s,
            &Order::Move {
                stand: 0,
                to: p(17.0, 8.0),
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "Skirmish 3");
    assert!(e.message.contains("7.0\""), "{}", e.message);
    // Its plan stops where the movement runs out: 2.5 + 3.5/1.5 along.
    let plan = g.plan(s.scene(), 0, p(17.0, 12.0)).unwrap();
    assert_eq!(plan.halt, Some(Halt::OutOfMovement));
    assert!((plan.reach - (2.5 + 3.5 / 1.5)).abs() < 1e-9);
    // Not through another stand: rifle 1 at (17, 2.5) east towards the
    // leader at (21, 2): its edge at 20.5 stops the team's at 19.75.
    let plan = g.plan(s.scene(), 0, p(23.0, 2.5)).unwrap();
    assert_eq!(plan.halt, Some(Halt::Blocked { base: 3 }));
}

// Skirmish 4, 5: sight, range and the HMG's arc.
#[test]
fn lines_of_fire() {
    let (g, mut s) = game();
    // The US HMG on the hill (level 2) facing north-east sees the VC in the
    // trench 30" away: out of range.
    let line = g.fire_line(s.scene(), 3, 7).unwrap();
    assert!(line.range > RANGE);
    // Bring VC rifle 3 (stand 7) to (20, 17): in the open, in range.
    place(&mut s, 7, p(20.0, 17.0));
    let line = g.fire_line(s.scene(), 3, 7).unwrap();
    assert!(line.range < RANGE);
    assert!(line.in_arc);
    assert!(line.open(), "{line:?}");
    // Behind the HMG (south-west of it) is out of its 90° arc.
    place(&mut s, 7, p(3.0, 2.0));
    let line = g.fire_line(s.scene(), 3, 7).unwrap();
    assert!(!line.in_arc);
    let e = g
        .check(
            &s,
            &Order::Fire {
                stand: 3,
                target: 7,
            },
        )
        .unwrap_err();
    assert!(e.message.contains("arc"), "{}", e.message);
    // A target deep in the jungle (4" in) is not seen.
    place(&mut s, 7, p(40.0, 5.0));
    assert_eq!(
        g.sight_to(s.scene(), 2, p(40.0, 5.0)).unwrap().seen,
        Seen::Blocked
    );
}

// Skirmish 4: a line of fire may pass over one stand, not two.
#[test]
fn stands_in_the_way() {
    let (g, mut s) = game();
    place(&mut s, 0, p(20.0, 2.0));
    place(&mut s, 5, p(20.0, 16.0));
    place(&mut s, 1, p(20.0, 6.0));
    place(&mut s, 4, p(23.0, 2.0));
    let line = g.fire_line(s.scene(), 0, 5).unwrap();
    assert_eq!(line.crossed, vec![1]);
    assert!(
        g.check(
            &s,
            &Order::Fire {
                stand: 0,
                target: 5
            }
        )
        .is_ok()
    );
    place(&mut s, 2, p(20.0, 10.0));
    let line = g.fire_line(s.scene(), 0, 5).unwrap();
    assert_eq!(line.crossed, vec![1, 2]);
    let e = g
        .check(
            &s,
            &Order::Fire {
                stand: 0,
                target: 5,
            },
        )
        .unwrap_err();
    assert_eq!(e.rule, "Skirmish 4");
}

// Skirmish 5: dice, cover, results.
#[cfg(feature = "forced-dice")]
#[test]
fn fire_results() {
    let (g, mut s) = game();
    place(&mut s, 5, p(17.0, 14.0));
    // Rifle team: 3 dice at a target in the paddy (no cover): 5, 6, 2 is 2
    // hits, suppressed.
    s.rng.force(&[5, 6, 2]);
    let mut ev = vec![];
    g.execute(
        &mut s,
        &Order::Fire {
            stand: 0,
            target: 5,
        },
        &mut ev,
    );
    let Event::Fired { attack, .. } = &ev[0] else {
        panic!("{ev:?}")
    };
    assert_eq!((attack.rolled.len(), attack.hits), (3, 2));
    assert_eq!(s.stands[5].status, Status::Suppressed);
    let text = g.describe_in(&s, &ev[0]);
    assert!(text.text.contains("2 hits"), "{}", text.text);
    // Each die judged alone: the total is the hits, not a sum.
    let adj = &text.adjudications[0];
    assert_eq!(adj.rolled, [5, 6, 2]);
    assert_eq!((adj.each_die_needs, adj.total), (Some(5), 2));
    assert!(!adj.shows_total());
    assert!(adj.modifiers.is_empty());
    assert_eq!(adj.result, "2 hits: VC rifle team 1 suppressed");
    // A suppressed stand cannot fire; it can rally: 4 brings it to pinned.
    assert!(
        g.check(
            &s,
            &Order::Fire {
                stand: 5,
                target: 0
            }
        )
        .is_err()
    );
    s.rng.force(&[4]);
    let mut ev = vec![];
    g.execute(&mut s, &Order::Rally { stand: 5 }, &mut ev);
    assert_eq!(s.stands[5].status, Status::Pinned);
    // In the trench: one die fewer.
    let (g, mut s) = game();
    place(&mut s, 2, p(36.0, 16.0));
    s.rng.force(&[6, 6]);
    let mut ev = vec![];
    g.execute(
        &mut s,
        &Order::Fire {
            stand: 2,
            target: 7,
        },
        &mut ev,
    );
    let Event::Fired { attack, sight, .. } = &ev[0] else {
        panic!()
    };
    assert_eq!(*sight, Seen::Cover);
    assert_eq!((attack.cover, attack.rolled.len()), (true, 2));
    let adj = &g.describe_in(&s, &ev[0]).adjudications[0];
    assert!(
        adj.purpose.ends_with("target in cover: 2 of 3 dice"),
        "{}",
        adj.purpose
    );
    assert_eq!(s.stands[7].status, Status::Suppressed);
}

// Skirmish 7: napalm lands on 1-2, burns every stand at least half under
// its 4" x 8" strip, with no cover.
#[cfg(feature = "forced-dice")]
#[test]
fn napalm_and_smoke() {
    let (g, mut s) = game();
    // The leader at (21, 2) looks up the trail at two VC teams side by
    // side on the paddy at (24, 12) and (25.5, 12).
    place(&mut s, 5, p(24.0, 12.0));
    place(&mut s, 6, p(25.6, 12.0));
    s.rng.force(&[2, 6, 6, 6, 1, 1, 1, 1, 1]);
    let mut ev = vec![];
    let at = p(24.0, 12.0);
    assert!(
        g.check(
            &s,
            &Order::Call {
                stand: 4,
                support: Support::Napalm,
                at
            }
        )
        .is_ok()
    );
    g.execute(
        &mut s,
        &Order::Call {
            stand: 4,
            support: Support::Napalm,
            at,
        },
        &mut ev,
    );
    let Event::Called {
        scatter, attacks, ..
    } = &ev[0]
    else {
        panic!()
    };
    assert_eq!(*scatter, None);
    // The strip runs from the leader's direction, 4" wide: the first team
    // is wholly under, the second (1.6" to the side, 1.5" wide) partly.
    assert_eq!(attacks[0].target, 5);
    assert_eq!(attacks[0].under, Some(1.0));
    assert_eq!(attacks[0].result, Status::Killed);
    assert_eq!(s.kills[US as usize], 1);
    assert_eq!(s.support_left(US, Support::Napalm), 0);
    // Smoke now blocks the line from the leader across the paddy.
    let (g, mut s) = game();
    s.rng.force(&[1]);
    let mut ev = vec![];
    g.execute(
        &mut s,
        &Order::Call {
            stand: 4,
            support: Support::Smoke,
            at: p(21.0, 6.0),
        },
        &mut ev,
    );
    assert_eq!(s.smoke.len(), 1);
    assert_eq!(
        g.sight_to(s.scene(), 4, p(21.0, 12.0)).unwrap().seen,
        Seen::Blocked
    );
    assert_eq!(
        g.sight_to(s.scene(), 4, p(28.0, 2.0)).unwrap().seen,
        Seen::Clear
    );
}

#[test]
fn the_turn_passes_and_ends() {
    let (g, mut s) = game();
    let mut ev = vec![];
    g.execute(&mut s, &Order::Pass, &mut ev);
    assert_eq!(s.step, Step::Activate { side: VC });
    // VC activates all five; then the turn ends.
    for id in 5..10 {
        assert!(
            g.check(
                &s,
                &Order::Face {
                    stand: id,
                    toward: p(24.0, 0.0)
                }
            )
            .is_ok()
        );
        g.execute(
            &mut s,
            &Order::Face {
                stand: id,
                toward: p(24.0, 0.0),
            },
            &mut ev,
        );
    }
    assert_eq!(s.turn, 2);
    assert_eq!(s.step, Step::Activate { side: US });
    assert!(matches!(ev.last(), Some(Event::TurnEnded { turn: 1, .. })));
    assert!(g.undoable(&[Event::Moved {
        stand: 0,
        from: p(0.0, 0.0),
        to: p(1.0, 0.0),
        spent: 1.0
    }]));
    assert!(!g.undoable(&[Event::Passed { side: 0 }]));
}
