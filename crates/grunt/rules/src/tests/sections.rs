//! One test per rule, each quoting the section it checks (the
//! reconstructed ids of the README), with the numbers the text gives.

use super::util::*;
use crate::Command;
use crate::data::{CrtResult, Deployment, Level, Optional, OrderId, Role, Terrain};
use crate::event::{AttackKind, Hit};
use crate::map::Hex;
use crate::state::*;
use crate::step::Step;
use vt_core::engine::Ruleset;

const FIELD: [&str; 24] = ["..........."; 24];

fn column(from: u32, to: u32) -> Vec<Hex> {
    (from..=to).map(|r| h(&format!("06.{r:02}"))).collect()
}

// Grunt B2: six Movement Points, one a hex in the Basic Game; units pass
// through friends but do not stop on them; never through enemy units; a
// unit once moved is done for the phase.
#[test]
fn b2_movement() {
    let (g, mut s) = bare(Level::Basic, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    put(&g, &mut s, Role::Infantry, "06.05");
    let e = refused(
        &g,
        &s,
        Command::Move {
            unit: a,
            path: column(2, 9),
        },
    );
    assert_eq!(e, "Grunt B2", "seven hexes is one too many");
    let e = refused(
        &g,
        &s,
        Command::Move {
            unit: a,
            path: column(2, 5),
        },
    );
    assert_eq!(e, "Grunt B2", "one unit to a hex");
    let mut t = s.clone();
    let hc = put(&g, &mut t, Role::HardCore, "06.06");
    let _ = hc;
    let e = refused(
        &g,
        &t,
        Command::Move {
            unit: a,
            path: column(2, 8),
        },
    );
    assert_eq!(e, "Grunt B2", "not through enemy units");
    ok(
        &g,
        &mut s,
        Command::Move {
            unit: a,
            path: column(2, 8),
        },
    );
    assert_eq!(s.c(a).hex, Some(h("06.08")));
    let e = refused(
        &g,
        &s,
        Command::Move {
            unit: a,
            path: column(8, 9),
        },
    );
    assert_eq!(e, "Grunt B2", "moved once");
}

// Grunt B2: units may not move through enemy units, so a unit ringed by
// them has nowhere to go: it is not offered for picking (picking it could
// only end in staying put), and picking it is refused.
#[test]
fn b2_a_hemmed_in_unit_is_not_offered() {
    let (g, mut s) = bare(Level::Basic, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.06");
    let free = put(&g, &mut s, Role::Infantry, "06.02");
    let around: Vec<Hex> = g.map_of(&s).neighbours(h("06.06")).collect();
    assert_eq!(around.len(), 6);
    for n in around {
        put(&g, &mut s, Role::HardCore, &n.to_string());
    }
    let legal = g.legal(&s);
    assert!(!legal.contains(&Command::Select { unit: a }), "{legal:?}");
    assert!(legal.contains(&Command::Select { unit: free }));
    assert_eq!(refused(&g, &s, Command::Select { unit: a }), "Grunt B2");
}

// Grunt A2: forest and treeline 3, broken 2, open, buildings and roads 1;
// a river hexside one more. In the Basic Game every hex costs 1 (B2).
#[test]
fn a2_terrain_costs() {
    let (mut g, s) = bare(Level::Standard, &FIELD);
    for (t, c) in [
        (Terrain::Forest, 3),
        (Terrain::Treeline, 3),
        (Terrain::Broken, 2),
        (Terrain::Open, 1),
        (Terrain::Buildings, 1),
        (Terrain::Road, 1),
    ] {
        set_terrain(&mut g, "06.03", t);
        assert_eq!(g.step_cost(&s, Some(h("06.02")), h("06.03")), c, "{t:?}");
    }
    let (g, b) = bare(Level::Basic, &FIELD);
    assert_eq!(g.step_cost(&b, Some(h("06.02")), h("06.03")), 1);
    // A river on our map.
    let g = crate::Grunt::embedded();
    let s = g
        .new_game(&vt_core::engine::Setup::new("standard", 1))
        .unwrap();
    let map = g.map_of(&s);
    let (a, b) = map.rivers()[0];
    let base = g.costs[map.terrain(b) as usize];
    assert_eq!(g.step_cost(&s, Some(a), b), base + 1);
}

// Grunt B3: defence strengths: open 1, buildings 2, broken 2, treeline
// and forest 3; units on roads defend as on broken terrain; B5:
// helicopters ½.
#[test]
fn b3_defence_strengths() {
    let (mut g, s) = bare(Level::Standard, &FIELD);
    for (t, d) in [
        (Terrain::Open, 2),
        (Terrain::Buildings, 4),
        (Terrain::Broken, 4),
        (Terrain::Treeline, 6),
        (Terrain::Forest, 6),
        (Terrain::Road, 4),
    ] {
        set_terrain(&mut g, "06.06", t);
        let total: u16 = g
            .defence(&s, h("06.06"), &[], false)
            .iter()
            .map(|t| t.halves)
            .sum();
        assert_eq!(total, d, "{t:?} (in half points)");
    }
    let total: u16 = g
        .defence(&s, h("06.06"), &[], true)
        .iter()
        .map(|t| t.halves)
        .sum();
    assert_eq!(total, 1, "½");
}

// Grunt B3: several units firing at one hex add their strengths into one
// attack; a unit is attacked once an enemy Player Turn; a unit fires once
// a Combat Phase; only face-up units are fired upon.
#[test]
fn b3_combined_fire_once() {
    let (g, mut s) = bare(Level::Basic, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    let b = put(&g, &mut s, Role::Infantry, "07.02");
    let c = put(&g, &mut s, Role::Infantry, "05.02");
    let hc = put(&g, &mut s, Role::HardCore, "06.08");
    put(&g, &mut s, Role::Militia, "03.08");
    let hidden = put(&g, &mut s, Role::HardCore, "08.08");
    s.cm(hidden).face_down = true;
    at_step(&mut s, Step::Combat { side: Side::Us });
    let e = refused(
        &g,
        &s,
        Command::Fire {
            firers: vec![(c, 1)],
            hex: h("08.08"),
        },
    );
    assert_eq!(e, "Grunt B3", "only face-up units");
    s.rng.force(&[1]);
    let ev = ok(
        &g,
        &mut s,
        Command::Fire {
            firers: vec![(a, 1), (b, 1)],
            hex: h("06.08"),
        },
    );
    let at = &attacks(&ev)[0];
    assert_eq!(at.attack_total, 16, "4 + 4 (half points)");
    assert_eq!(at.column_label, "6-1", "8 against 1");
    assert_eq!(at.result, CrtResult::P);
    assert!(s.c(hc).pinned());
    let e = refused(
        &g,
        &s,
        Command::Fire {
            firers: vec![(c, 1)],
            hex: h("06.08"),
        },
    );
    assert_eq!(e, "Grunt B3", "one attack a target");
    let e = refused(
        &g,
        &s,
        Command::Fire {
            firers: vec![(a, 1)],
            hex: h("03.08"),
        },
    );
    assert_eq!(e, "Grunt B3", "fires once");
}

// Grunt B3: face-down NLF units may fire and are then turned face up; a
// sniper hit for points is destroyed as well.
#[test]
fn b3_face_down_firers_and_snipers() {
    let (g, mut s) = bare(Level::Basic, &FIELD);
    let hc = put(&g, &mut s, Role::HardCore, "06.02");
    s.cm(hc).face_down = true;
    put(&g, &mut s, Role::Infantry, "06.06");
    at_step(&mut s, Step::Combat { side: Side::Nlf });
    s.turn = 1;
    s.rng.force(&[1]);
    ok(
        &g,
        &mut s,
        Command::Fire {
            firers: vec![(hc, 1)],
            hex: h("06.06"),
        },
    );
    assert!(!s.c(hc).face_down, "turned face up");

    let (g, mut s) = bare(Level::Basic, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    let sn = put(&g, &mut s, Role::Sniper, "06.06");
    at_step(&mut s, Step::Combat { side: Side::Us });
    // 4 against 1 is 4-1; a 4 there is W10 on our table.
    s.rng.force(&[4]);
    let ev = ok(
        &g,
        &mut s,
        Command::Fire {
            firers: vec![(a, 1)],
            hex: h("06.06"),
        },
    );
    let at = &attacks(&ev)[0];
    assert_eq!(at.result, CrtResult::W(10));
    assert!(at.effects[0].sniper);
    assert_eq!(s.c(sn).gone, Some(Gone::Killed));
}

// Grunt B3.5: a unit stops on a cache; after its next full Player Turn
// without moving or firing the cache is destroyed or captured; a carrier
// may not fire, and drops the cache when fired upon.
#[test]
fn b3_5_caches() {
    let (g, mut s) = bare(Level::Basic, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    let rice = put(&g, &mut s, Role::Rice, "06.04");
    ok(
        &g,
        &mut s,
        Command::Move {
            unit: a,
            path: column(2, 4),
        },
    );
    assert_eq!(s.c(a).work.map(|w| w.cache), Some(rice));
    assert_eq!(g.cache_due(&s), None, "not yet: a full Player Turn first");
    s.turn = 2; // the US Player Turn of the next Game Turn
    assert_eq!(g.cache_due(&s), Some((a, rice)));
    at_step(
        &mut s,
        Step::CacheChoice {
            unit: a,
            cache: rice,
        },
    );
    ok(&g, &mut s, Command::CaptureCache);
    assert_eq!(s.c(a).carrying, Some(rice));
    assert_eq!(s.points(Side::Us, None), g.tables.points.cache_rice.value);
    put(&g, &mut s, Role::HardCore, "06.09");
    assert_eq!(
        g.can_fire(&s, a, 1).unwrap_err().section,
        "B3.5",
        "a carrier may not fire"
    );
    let hc = s.counters.len() as CounterId - 1;
    at_step(&mut s, Step::Combat { side: Side::Nlf });
    s.rng.force(&[1]);
    ok(
        &g,
        &mut s,
        Command::Fire {
            firers: vec![(hc, 1)],
            hex: h("06.04"),
        },
    );
    assert_eq!(s.c(a).carrying, None, "dropped");
    assert!(s.c(rice).at(h("06.04")));
}

// Grunt B5: open or broken ground only, not within four hexes of an edge
// on the first landing, one squad or two headquarters/F.O./medical units a
// helicopter, one load a hex, the chain continuous; B7d: no move in the
// landing turn (two-player).
#[test]
fn b5_landing() {
    let (g, mut s) = landing_game("basic", 2);
    assert_eq!(
        g.decision(&s).kind_as::<crate::step::Kind>(),
        Some(crate::step::Kind::Landing)
    );
    let due: Vec<CounterId> = g.due(&s, Arrival::Helicopter).collect();
    let sq = due[0];
    let sq2 = due[1];
    let cc = *due
        .iter()
        .find(|x| s.c(**x).role == Role::Commander)
        .unwrap();
    let map = g.map_of(&s);
    let free = |t: Terrain| {
        map.hexes()
            .find(|x| !g.in_edge_band(&s, *x) && map.terrain(*x) == t && s.at(*x).next().is_none())
            .unwrap()
    };
    let forest = free(Terrain::Forest);
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Land {
                hex: forest,
                units: vec![sq]
            }
        ),
        "Grunt B5"
    );
    let open = free(Terrain::Open);
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Land {
                hex: open,
                units: vec![sq, sq2]
            }
        ),
        "Grunt B5",
        "one squad a helicopter"
    );
    let edge = map
        .hexes()
        .find(|x| {
            g.in_edge_band(&s, *x) && map.terrain(*x) == Terrain::Open && s.at(*x).next().is_none()
        })
        .unwrap();
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Land {
                hex: edge,
                units: vec![sq]
            }
        ),
        "Grunt B4"
    );
    ok(
        &g,
        &mut s,
        Command::Land {
            hex: open,
            units: vec![sq],
        },
    );
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Land {
                hex: open,
                units: vec![cc]
            }
        ),
        "Grunt B5",
        "one load a hex"
    );
    let far = map
        .hexes()
        .find(|x| {
            crate::map::distance(*x, open) > 3
                && !g.in_edge_band(&s, *x)
                && map.terrain(*x) == Terrain::Open
                && s.at(*x).next().is_none()
        })
        .unwrap();
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Land {
                hex: far,
                units: vec![cc]
            }
        ),
        "Grunt B5",
        "a continuous chain"
    );
    // Two headquarters-sized units share a helicopter.
    let fo_like: Vec<CounterId> = s
        .counters
        .iter()
        .filter(|c| c.role == Role::Commander)
        .map(|c| c.id)
        .collect();
    assert_eq!(fo_like.len(), 1);
    // B5: the chain must take every unit in the Basic Game.
    assert_eq!(refused(&g, &s, Command::EndGroup), "Grunt B5");
}

// Grunt B5/B7e: hard-core guerrillas fire at the landing helicopters
// (defending at ½: 3 to ½ is 6-1) without being turned face up; the NLF
// is asked after every landing group (an interrupt).
#[test]
fn b7e_fire_at_helicopters() {
    let (g, mut s) = landing_game("basic", 5);
    let hc = s
        .counters
        .iter()
        .find(|c| c.role == Role::HardCore)
        .unwrap()
        .id;
    let land = |s: &State| {
        g.legal(s)
            .into_iter()
            .find(|c| matches!(c, Command::Land { .. }))
    };
    let Some(Command::Land { hex: first, units }) = land(&s) else {
        panic!("a load to land");
    };
    ok(&g, &mut s, Command::Land { hex: first, units });
    // A face-down hard-core beside the first landing hex.
    let spot = g
        .map_of(&s)
        .neighbours(first)
        .find(|x| s.at(*x).next().is_none())
        .unwrap();
    s.cm(hc).hex = Some(spot);
    while let Some(c) = land(&s) {
        ok(&g, &mut s, c);
    }
    ok(&g, &mut s, Command::EndGroup);
    let d = g.decision(&s);
    assert_eq!(d.side, Some(Side::Nlf.idx()));
    assert!(d.interrupt);
    s.rng.force(&[1]);
    let ev = ok(
        &g,
        &mut s,
        Command::HeliFire {
            firers: vec![hc],
            hex: first,
        },
    );
    let at = &attacks(&ev)[0];
    assert_eq!(at.column_label, "6-1");
    assert!(at.hidden_firers);
    assert!(s.c(hc).face_down, "not turned face up (B7e)");
    let entry = g.describe_in(&s, &ev[0]);
    let (public, _) = entry.read_by(vt_core::Reader::Side(Side::Us.idx()));
    assert!(!public.contains("hard-core guerrillas #"), "{public}");
}

// Grunt B8: a probe turns the hex's counters face up for good; the US may
// not fire into a hex it probed that turn; a probed booby trap attacks the
// prober at 3 to 1 whatever the terrain; a unit probes one hex a turn.
#[test]
fn b8_probe() {
    let (g, mut s) = bare(Level::Basic, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.05");
    let hc = put(&g, &mut s, Role::HardCore, "06.06");
    s.cm(hc).face_down = true;
    let trap = put(&g, &mut s, Role::BoobyTrap, "07.05");
    s.cm(trap).face_down = true;
    let b = put(&g, &mut s, Role::Infantry, "07.04");
    at_step(&mut s, Step::Discovery);
    ok(
        &g,
        &mut s,
        Command::Probe {
            unit: a,
            hex: h("06.06"),
        },
    );
    assert!(!s.c(hc).face_down);
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Probe {
                unit: a,
                hex: h("07.05")
            }
        ),
        "Grunt B8",
        "one hex a turn"
    );
    s.rng.force(&[6]);
    let ev = ok(
        &g,
        &mut s,
        Command::Probe {
            unit: b,
            hex: h("07.05"),
        },
    );
    let at = &attacks(&ev)[0];
    assert_eq!(at.kind, AttackKind::ProbedTrap);
    assert_eq!(at.column_label, "3-1");
    assert_eq!(at.result, CrtResult::K(15));
    at_step(&mut s, Step::Combat { side: Side::Us });
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Fire {
                firers: vec![(a, 1)],
                hex: h("06.06")
            }
        ),
        "Grunt B8"
    );
}

// Grunt B8: "Should the U.S. Player uncover an Anti-Personnel Trap in a
// Probe, the units involved immediately undergo an attack at '3 to 1' odds
// (regardless of Terrain)." That is a plain attack of the Basic Game: a "P"
// pins the prober (B9). Only the Standard Game's Booby-Traps rule (S6) says
// traps "do not suffer the pinning effect".
#[test]
fn b8_probed_trap_pins_in_the_basic_game() {
    let (g, mut s) = bare(Level::Basic, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.05");
    let trap = put(&g, &mut s, Role::BoobyTrap, "07.05");
    s.cm(trap).face_down = true;
    at_step(&mut s, Step::Discovery);
    s.rng.force(&[3]);
    let ev = ok(
        &g,
        &mut s,
        Command::Probe {
            unit: a,
            hex: h("07.05"),
        },
    );
    let at = &attacks(&ev)[0];
    assert_eq!(at.kind, AttackKind::ProbedTrap);
    assert_eq!(at.kind.rule(), "B8");
    assert_eq!(at.column_label, "3-1");
    assert_eq!(at.result, CrtResult::P);
    assert!(s.c(a).pinned(), "a probed trap's P pins in the Basic Game");
    let adj = ev
        .iter()
        .find_map(|e| {
            g.describe_event(Some(&s), e)
                .adjudications
                .into_iter()
                .next()
        })
        .expect("the trap's attack is explained");
    assert!(!adj.result.contains("never pin"), "{}", adj.result);
    assert!(adj.needed.unwrap_or_default().contains("(B8)"));
}

// Grunt B9: pinned units neither move nor fire in their next Player Turn;
// the marker comes off at the end of that turn.
#[test]
fn b9_pinning() {
    let (g, mut s) = bare(Level::Basic, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.05");
    put(&g, &mut s, Role::HardCore, "06.09");
    // Pinned in the NLF turn of Game Turn 1: through the US turn of Game Turn 2.
    s.active = Side::Nlf;
    g.pin(&mut s, a, 1);
    assert_eq!(s.c(a).pinned_through, Some(3));
    s.turn = 2;
    s.active = Side::Us;
    at_step(&mut s, Step::Movement { side: Side::Us });
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Move {
                unit: a,
                path: column(5, 6)
            }
        ),
        "Grunt B9"
    );
    assert_eq!(g.can_fire(&s, a, 1).unwrap_err().section, "B9");
    let mut ev = Vec::new();
    g.finish_player_turn(&mut s, Side::Us, &mut ev);
    assert!(!s.c(a).pinned());
}

// Grunt B10: the US may not declare victory once its company commander is
// destroyed; equal points: both may.
#[test]
fn b10_victory() {
    let (g, mut s) = bare(Level::Basic, &FIELD);
    let cc = put(&g, &mut s, Role::Commander, "06.05");
    s.award(Side::Us, 50, "test", "B10", Reader::Both);
    s.cm(cc).status = Status::Gone;
    s.cm(cc).gone = Some(Gone::Killed);
    let mut ev = Vec::new();
    g.end_game(&mut s, &mut ev);
    assert_eq!(s.result.as_deref(), Some("nlf"));

    let (g, mut s) = bare(Level::Basic, &FIELD);
    let mut ev = Vec::new();
    g.end_game(&mut s, &mut ev);
    assert_eq!(s.result.as_deref(), Some("draw"));
}

// Grunt S3: units that did not fire may hide again, except in open or
// broken ground in US sight.
#[test]
fn s3_hiding() {
    let (mut g, mut s) = bare(Level::Standard, &FIELD);
    put(&g, &mut s, Role::Infantry, "06.02");
    let open = put(&g, &mut s, Role::HardCore, "06.06");
    set_terrain(&mut g, "06.10", Terrain::Forest);
    let woods = put(&g, &mut s, Role::HardCore, "06.10");
    s.active = Side::Nlf;
    at_step(&mut s, Step::NlfEnd);
    assert_eq!(refused(&g, &s, Command::Hide { unit: open }), "Grunt S3");
    ok(&g, &mut s, Command::Hide { unit: woods });
    assert!(s.c(woods).face_down);
}

// Grunt S4: landing groups of a platoon or more (four squads).
#[test]
fn s4_landing_groups() {
    let (g, mut s) = landing_game("standard", 3);
    assert_eq!(
        g.decision(&s).kind_as::<crate::step::Kind>(),
        Some(crate::step::Kind::Landing)
    );
    let map = g.map_of(&s);
    let squads: Vec<CounterId> = g
        .due(&s, Arrival::Helicopter)
        .filter(|x| s.c(*x).role == Role::Infantry)
        .collect();
    let mut hx = map
        .hexes()
        .find(|x| {
            (0..6).all(|k| {
                let y = (0..k).fold(*x, |a, _| crate::map::step(a, 3));
                !g.in_edge_band(&s, y)
                    && g.tables.terrain(map.terrain(y)).landing.value
                    && s.at(y).next().is_none()
            })
        })
        .unwrap();
    for &u in squads.iter().take(3) {
        ok(
            &g,
            &mut s,
            Command::Land {
                hex: hx,
                units: vec![u],
            },
        );
        hx = crate::map::step(hx, 3);
    }
    assert_eq!(refused(&g, &s, Command::EndGroup), "Grunt S4");
    ok(
        &g,
        &mut s,
        Command::Land {
            hex: hx,
            units: vec![squads[3]],
        },
    );
    ok(&g, &mut s, Command::EndGroup);
}

// Grunt S5: a US unit may move on top of face-down counters; if they hold
// combat units it goes back to the hex it came from; if not it uncovers
// them for three Movement Points.
#[test]
fn s5_search() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    let hc = put(&g, &mut s, Role::HardCore, "06.04");
    s.cm(hc).face_down = true;
    ok(
        &g,
        &mut s,
        Command::Move {
            unit: a,
            path: column(2, 4),
        },
    );
    ok(&g, &mut s, Command::EndMovement);
    assert_eq!(
        s.c(a).hex,
        Some(h("06.03")),
        "back to the hex it entered from"
    );
    assert!(s.c(hc).face_down, "not identified");
    assert!(
        s.reports
            .iter()
            .any(|r| r.hex == h("06.04") && r.combat_units)
    );

    let (g, mut s) = bare(Level::Standard, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    let rice = put(&g, &mut s, Role::Rice, "06.04");
    s.cm(rice).face_down = true;
    // Open ground: two MP spent, four left: enough to uncover at once.
    ok(
        &g,
        &mut s,
        Command::Move {
            unit: a,
            path: column(2, 4),
        },
    );
    ok(&g, &mut s, Command::EndMovement);
    assert!(!s.c(rice).face_down);
    assert_eq!(s.mp_left(a, 6), 1);
}

// Grunt S6: a US unit entering a booby trap is attacked at 3 to 1 at once
// (never pinned); caches stacked with it are destroyed and scored the
// first time; units may not fire while on it; left there, they suffer it
// again.
#[test]
fn s6_booby_traps() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    let trap = put(&g, &mut s, Role::BoobyTrap, "06.04");
    let arms = put(&g, &mut s, Role::Arms, "06.04");
    s.cm(trap).face_down = true;
    s.cm(arms).face_down = true;
    s.rng.force(&[3]);
    let ev = ok(
        &g,
        &mut s,
        Command::Move {
            unit: a,
            path: column(2, 4),
        },
    );
    let at = &attacks(&ev)[0];
    assert_eq!(at.column_label, "3-1");
    assert_eq!(at.result, CrtResult::P);
    assert!(!s.c(a).pinned(), "traps never pin");
    assert_eq!(s.c(arms).gone, Some(Gone::Destroyed));
    assert_eq!(s.points(Side::Us, None), g.tables.points.cache_arms.value);
    put(&g, &mut s, Role::HardCore, "06.09");
    assert_eq!(g.can_fire(&s, a, 1).unwrap_err().section, "S6");
    // Next US Movement Phase, still there: attacked again.
    s.turn = 2;
    s.rng.force(&[1]);
    let mut ev = Vec::new();
    g.traps_bite_again(&mut s, &mut ev);
    assert_eq!(attacks(&ev).len(), 1);
}

// Grunt A1: a unit fires or moves in a Player Turn, never both; O2a: with
// Move and Fire, three Movement Points left are enough.
#[test]
fn a1_o2_fire_or_move() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    put(&g, &mut s, Role::HardCore, "06.09");
    ok(
        &g,
        &mut s,
        Command::Move {
            unit: a,
            path: column(2, 4),
        },
    );
    assert_eq!(g.can_fire(&s, a, 1).unwrap_err().section, "A1");
    s.options.on.push(Optional::MoveAndFire);
    assert!(g.can_fire(&s, a, 1).is_ok(), "four MP left");
    s.cm(a).mp_left = 2;
    assert_eq!(g.can_fire(&s, a, 1).unwrap_err().section, "A1");
}

// Grunt O2b: two units of fire double the strength, or go to two targets
// no more than one hex apart.
#[test]
fn o2b_two_units_of_fire() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    s.options.on.push(Optional::MoveAndFire);
    s.options.on.push(Optional::Ammunition);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    put(&g, &mut s, Role::HardCore, "06.08");
    put(&g, &mut s, Role::Militia, "06.10");
    put(&g, &mut s, Role::Militia, "06.11");
    at_step(&mut s, Step::Combat { side: Side::Us });
    s.rng.force(&[1]);
    let ev = ok(
        &g,
        &mut s,
        Command::Fire {
            firers: vec![(a, 2)],
            hex: h("06.08"),
        },
    );
    assert_eq!(attacks(&ev)[0].attack_total, 16, "doubled: 8");
    assert_eq!(s.c(a).ammo, 4, "six units of fire, two spent (O3a)");
    let (g, mut s) = bare(Level::Standard, &FIELD);
    s.options.on.push(Optional::MoveAndFire);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    put(&g, &mut s, Role::HardCore, "05.07");
    put(&g, &mut s, Role::Militia, "07.07");
    put(&g, &mut s, Role::Militia, "09.07");
    at_step(&mut s, Step::Combat { side: Side::Us });
    s.rng.force(&[1, 1]);
    ok(
        &g,
        &mut s,
        Command::Fire {
            firers: vec![(a, 1)],
            hex: h("05.07"),
        },
    );
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Fire {
                firers: vec![(a, 1)],
                hex: h("09.07")
            }
        ),
        "Grunt O2b",
        "four hexes apart"
    );
    ok(
        &g,
        &mut s,
        Command::Fire {
            firers: vec![(a, 1)],
            hex: h("07.07"),
        },
    );
}

// Grunt O3a: six units of fire for a US unit, four for an NLF unit; out of
// ammunition, no fire.
#[test]
fn o3_ammunition() {
    let g = crate::Grunt::embedded();
    assert_eq!(g.tables.ammunition.us.value, 6);
    assert_eq!(g.tables.ammunition.nlf.value, 4);
    assert_eq!(g.tables.ammunition.supply.value, 24);
    let (g, mut s) = bare(Level::Standard, &FIELD);
    s.options.on.push(Optional::Ammunition);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    s.cm(a).ammo = 0;
    assert_eq!(g.can_fire(&s, a, 1).unwrap_err().section, "O3a");
}

// Grunt A3: porters are captured by a US unit moving on top of them.
#[test]
fn a3_porters_captured() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    let p = put(&g, &mut s, Role::Porter, "06.04");
    s.cm(p).face_down = true;
    ok(
        &g,
        &mut s,
        Command::Move {
            unit: a,
            path: column(2, 4),
        },
    );
    assert_eq!(s.c(p).carried_by, Some(a));
    assert_eq!(
        s.points(Side::Us, None),
        g.tables.points.porter_captured.value
    );
}

// Grunt A5: NLF units move only within five hexes of a leader in open or
// broken terrain, three in forest; snipers need none.
#[test]
fn a5_command_control() {
    let (mut g, mut s) = bare(Level::Standard, &FIELD);
    put(&g, &mut s, Role::Leader, "06.02");
    let near = put(&g, &mut s, Role::Militia, "06.07");
    let far = put(&g, &mut s, Role::Militia, "06.08");
    let sniper = put(&g, &mut s, Role::Sniper, "06.12");
    set_terrain(&mut g, "04.05", Terrain::Forest);
    let woods = put(&g, &mut s, Role::Militia, "04.05");
    s.active = Side::Nlf;
    at_step(&mut s, Step::Movement { side: Side::Nlf });
    assert!(g.may_move(&s, near, false).is_ok(), "five hexes");
    assert_eq!(g.may_move(&s, far, false).unwrap_err().section, "A5");
    assert!(g.may_move(&s, sniper, false).is_ok());
    assert_eq!(
        crate::map::distance(h("04.05"), h("06.02")),
        4,
        "four hexes, in forest"
    );
    assert_eq!(g.may_move(&s, woods, false).unwrap_err().section, "A5");
}

// Grunt O1 example: a US unit in forest that did not move in its Game Turn
// Four Player Turn, attacked by the NLF, defends with six rather than three.
#[test]
fn o1_strengthened_defence_example() {
    let (mut g, mut s) = bare(Level::Standard, &FIELD);
    s.options.on.push(Optional::StrengthenedDefense);
    set_terrain(&mut g, "06.06", Terrain::Forest);
    let a = put(&g, &mut s, Role::Infantry, "06.06");
    s.cm(a).arrived = 1;
    s.turn = 4;
    s.active = Side::Nlf; // the NLF Player Turn of Game Turn 4
    let total: u16 = g
        .defence(&s, h("06.06"), &[a], false)
        .iter()
        .map(|t| t.halves)
        .sum();
    assert_eq!(total, 12, "six");
    s.cm(a).moved = 7; // moved in the US Player Turn of Game Turn 4
    let total: u16 = g
        .defence(&s, h("06.06"), &[a], false)
        .iter()
        .map(|t| t.halves)
        .sum();
    assert_eq!(total, 6, "three");
}

// Grunt O4: casualties pin two Player Turns, one within three hexes of the
// company commander or a medic; six casualties remove the unit; a US unit
// with casualties may not move until a medic takes them.
#[test]
fn o4_casualties() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    s.options.on.push(Optional::CasualtyCrt);
    let a = put(&g, &mut s, Role::Infantry, "06.06");
    s.active = Side::Nlf;
    let mut ev = Vec::new();
    let (hit, points, pinned, _) = g.take_casualties(&mut s, a, 1, 1, true, &mut ev);
    assert_eq!(hit, Hit::Casualties { kia: 1, wia: 1 });
    assert_eq!(points, 10 + 20, "our default schedule");
    assert!(pinned);
    assert_eq!(
        s.c(a).pinned_through,
        Some(5),
        "two US Player Turns: 3 and 5"
    );
    let b = put(&g, &mut s, Role::Infantry, "06.10");
    put(&g, &mut s, Role::Medic, "06.12");
    g.take_casualties(&mut s, b, 0, 1, true, &mut ev);
    assert_eq!(
        s.c(b).pinned_through,
        Some(3),
        "a medic two hexes away: one"
    );
    let (hit, ..) = g.take_casualties(&mut s, b, 3, 2, true, &mut ev);
    assert_eq!(hit, Hit::Eliminated, "six casualties");
    s.active = Side::Us;
    s.cm(a).pinned_through = None;
    at_step(&mut s, Step::Movement { side: Side::Us });
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Move {
                unit: a,
                path: column(6, 7)
            }
        ),
        "Grunt O4a"
    );
}

// Grunt O5: a US unit moving onto an ambush counter is fired on by the
// unit that laid it, two added to the die.
#[test]
fn o5_ambush() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    s.options.on.push(Optional::Ambush);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    let hc = put(&g, &mut s, Role::HardCore, "06.09");
    let amb = put(&g, &mut s, Role::Ambush, "06.04");
    s.cm(amb).face_down = true;
    s.cm(amb).ambusher = Some(hc);
    s.rng.force(&[5]);
    let ev = ok(
        &g,
        &mut s,
        Command::Move {
            unit: a,
            path: column(2, 4),
        },
    );
    let at = attacks(&ev);
    assert_eq!(at[0].kind, AttackKind::Ambush);
    assert_eq!(at[0].modifier, 2);
    assert_eq!(at[0].total(), 7);
    assert_eq!(at[0].result, CrtResult::K(15), "3-1, 7 on our table");
}

// Grunt O7.1: the adjustment roll: 1-2 the next Game Turn, 3-4 two Game
// Turns away, 5-6 three.
#[test]
fn o7_1_adjustment() {
    for (die, turns) in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)] {
        let (g, mut s) = bare(Level::Standard, &FIELD);
        s.options.on.push(Optional::Artillery);
        let fo = put(&g, &mut s, Role::ForwardObserver, "06.02");
        at_step(&mut s, Step::Combat { side: Side::Us });
        s.rng.force(&[die]);
        ok(&g, &mut s, Command::RequestArtillery { fo });
        assert_eq!(s.battery.ready, Some(1 + turns), "die {die}");
    }
}

// Grunt O7.2-O7.4: six guns at 6; never within six hexes of friendly troops
// in clear or broken terrain, four in forest; four and two when the F.O. is
// with or ahead of the forward-most unit.
// Grunt B4, O7.2: the US may not look under a face-down counter, so the
// aiming points its legal list offers the battery must not depend on what
// lies there (a peasant or a Hard-core unit).
#[test]
fn o7_aiming_points_keep_face_down_counters_secret() {
    let big = ["..........................."; 30];
    let (g, mut s) = bare(Level::Standard, &big);
    s.options.on.push(Optional::Artillery);
    let fo = put(&g, &mut s, Role::ForwardObserver, "10.10");
    s.battery.ready = Some(1);
    s.battery.fo = Some(fo);
    let a = put(&g, &mut s, Role::Peasants, "10.20");
    let b = put(&g, &mut s, Role::HardCore, "14.20");
    for id in [a, b] {
        s.cm(id).face_down = true;
    }
    at_step(&mut s, Step::Combat { side: Side::Us });
    let mut t = s.clone();
    t.cm(a).role = Role::HardCore;
    t.cm(b).role = Role::Peasants;
    let aims = |s: &State| -> Vec<Command> {
        g.legal(s)
            .into_iter()
            .filter(|c| matches!(c, Command::Artillery { .. }))
            .collect()
    };
    assert_eq!(aims(&s).len(), 2, "both markers are aiming points");
    assert_eq!(aims(&s), aims(&t));
}

#[test]
fn o7_fire_for_effect_and_safety() {
    let big = ["..........................."; 30];
    let (g, mut s) = bare(Level::Standard, &big);
    s.options.on.push(Optional::Artillery);
    let fo = put(&g, &mut s, Role::ForwardObserver, "10.10");
    put(&g, &mut s, Role::Infantry, "10.08");
    s.battery.ready = Some(1);
    s.battery.fo = Some(fo);
    at_step(&mut s, Step::Combat { side: Side::Us });
    // The infantry is nearer the target than the F.O.: six hexes apply.
    let e = refused(
        &g,
        &s,
        Command::Artillery {
            coi: h("10.02"),
            shift: None,
            shifted_guns: 0,
        },
    );
    assert_eq!(e, "Grunt O7.4");
    let hc = put(&g, &mut s, Role::HardCore, "10.20");
    s.rng.force(&[1; 6]);
    let ev = ok(
        &g,
        &mut s,
        Command::Artillery {
            coi: h("10.20"),
            shift: None,
            shifted_guns: 0,
        },
    );
    let at = attacks(&ev);
    assert_eq!(at.len(), 1, "one gun's hex holds a counter");
    assert_eq!(at[0].attack_total, 12, "one gun: 6");
    let _ = hc;
    // Forward F.O.: four hexes in the open.
    let (g, mut s) = bare(Level::Standard, &big);
    s.options.on.push(Optional::Artillery);
    let fo = put(&g, &mut s, Role::ForwardObserver, "10.10");
    put(&g, &mut s, Role::Infantry, "10.08");
    s.battery.ready = Some(1);
    s.battery.fo = Some(fo);
    at_step(&mut s, Step::Combat { side: Side::Us });
    assert!(
        g.check(
            &s,
            &Command::Artillery {
                coi: h("10.15"),
                shift: None,
                shifted_guns: 0
            }
        )
        .is_ok()
    );
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Artillery {
                coi: h("10.14"),
                shift: None,
                shifted_guns: 0
            }
        ),
        "Grunt O7.4"
    );
}

// Grunt O9.3: eight hexes each touching two others; four bomb runs at 9;
// not within four hexes of friendly units in the open, six in forest; a
// strike gives the NLF 15 points (D5).
#[test]
fn o9_air_strike() {
    let big = ["..........................."; 30];
    let (mut g, mut s) = bare(Level::Standard, &big);
    s.options.on.push(Optional::AirStrikes);
    let area = g.strike_shape(h("10.10"));
    assert_eq!(area.len(), 8);
    assert!(g.check_area(&s, &area).is_ok());
    let mut line: Vec<Hex> = (1..=8).map(|r| h(&format!("10.{r:02}"))).collect();
    assert_eq!(
        g.check_area(&s, &line).unwrap_err().section,
        "O9.3",
        "a line: ends touch one"
    );
    line.pop();
    assert!(g.check_area(&s, &line).is_err(), "seven hexes");
    let u = put(&g, &mut s, Role::Infantry, "10.16");
    assert!(g.check_area(&s, &area).is_ok(), "five from 10.11");
    s.cm(u).hex = Some(h("10.15"));
    assert_eq!(
        g.check_area(&s, &area).unwrap_err().section,
        "O9.3",
        "four away"
    );
    set_terrain(&mut g, "10.16", Terrain::Forest);
    s.cm(u).hex = Some(h("10.16"));
    assert!(
        g.check_area(&s, &area).is_err(),
        "six away from a unit in forest"
    );
    s.cm(u).hex = Some(h("10.20"));
    put(&g, &mut s, Role::HardCore, "10.10");
    s.strikes.push(Strike {
        kind: StrikeKind::OnCall,
        turn: 1,
        area: Vec::new(),
        done: false,
        cancelled: false,
        award: true,
    });
    at_step(&mut s, Step::AirStrike { strike: 0 });
    s.rng.force(&[1, 1, 1, 1]);
    let ev = ok(&g, &mut s, Command::Strike { area: area.clone() });
    let at = attacks(&ev);
    assert_eq!(at.len(), 4, "four runs on the one occupied hex");
    assert!(at.iter().all(|a| a.attack_total == 18));
    assert_eq!(s.points(Side::Nlf, None), 15);
}

// Grunt D1-D4: the NLF's points for the US deployment: Assault 75, Bait 10
// and 40 more for the rest of the company, Ground Drive 50, or 10 and 30;
// a second company 100; called reinforcements land three turns later (D6).
#[test]
fn d_deployment_awards_and_calls() {
    for (d, first, rest) in [
        (Deployment::Assault, 75, 0),
        (Deployment::Bait, 10, 40),
        (Deployment::GroundAssault, 50, 0),
        (Deployment::GroundBait, 10, 30),
    ] {
        let g = crate::Grunt::embedded();
        let mut s = g
            .new_game(&vt_core::engine::Setup::new("standard", 1))
            .unwrap();
        ok(&g, &mut s, Command::ChooseDeployment { deployment: d });
        assert_eq!(s.points(Side::Nlf, None), first, "{d:?}");
        assert_eq!(s.points(Side::Nlf, Some(Side::Nlf)), 0, "secret to the NLF");
        s.turn = 1;
        s.active = Side::Us;
        at_step(&mut s, Step::Movement { side: Side::Us });
        let entry = if matches!(d, Deployment::GroundAssault | Deployment::GroundBait) {
            Some(0)
        } else {
            None
        };
        if rest > 0 {
            ok(
                &g,
                &mut s,
                Command::Call {
                    group: Group::Second,
                    entry,
                },
            );
            assert_eq!(s.points(Side::Nlf, None), first + rest);
        } else {
            assert!(
                g.check(
                    &s,
                    &Command::Call {
                        group: Group::Second,
                        entry
                    }
                )
                .is_err()
            );
        }
        ok(
            &g,
            &mut s,
            Command::Call {
                group: Group::Company,
                entry,
            },
        );
        assert_eq!(s.points(Side::Nlf, None), first + rest + 100);
        assert_eq!(
            s.calls.last().unwrap().arrives,
            4,
            "written on Game Turn 1, lands on 4"
        );
    }
}

// Grunt C1-C3: the orders' awards to the NLF (80, 65, 70, 90) and their
// casualty schedules (30/60, 15/30, 10/20; Eagle Flight none printed), C1A's
// 100 points for evacuated records, C2's half points for caches.
#[test]
fn c_orders_schedules() {
    for (o, award, sched) in [
        (OrderId::SearchDestroyOne, 80, (30, 60)),
        (OrderId::SearchDestroyTwo, 65, (15, 30)),
        (OrderId::SecureLz, 70, (10, 20)),
        (OrderId::EagleFlight, 90, (10, 20)),
    ] {
        let g = crate::Grunt::embedded();
        let mut s = g
            .new_game(&vt_core::engine::Setup::new("chain-of-command", 1))
            .unwrap();
        ok(&g, &mut s, Command::ChooseOrders { order: o });
        assert_eq!(s.points(Side::Nlf, None), award, "{o:?}");
        assert_eq!(s.points(Side::Nlf, Some(Side::Nlf)), 0, "secret");
        assert_eq!(g.us_schedule(&s), sched, "{o:?}");
        let arms = g.tables.points.cache_arms.value;
        let expect = if o == OrderId::SecureLz {
            arms / 2
        } else {
            arms
        };
        assert_eq!(g.cache_points(&s, Role::Arms), expect);
    }
    let g = crate::Grunt::embedded();
    assert_eq!(
        g.order(OrderId::SearchDestroyTwo).records_evacuated.value,
        100
    );
    assert_eq!(g.order(OrderId::SearchDestroyTwo).on_call_strikes.value, 2);
}

// Grunt D0: if the NLF set up Day-to-Day and the US did not declare it by
// the end of its fourth Player Turn, the US loses; a wrong declaration
// loses too.
#[test]
fn d0_day_to_day() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    s.column = Some(crate::data::Column::DayToDay);
    s.award(Side::Us, 100, "test", "B10", Reader::Both);
    let mut ev = Vec::new();
    g.end_game(&mut s, &mut ev);
    assert_eq!(s.result.as_deref(), Some("nlf"));

    let (g, mut s) = bare(Level::Standard, &FIELD);
    s.column = Some(crate::data::Column::SupplyDepot);
    s.day_to_day = Some(2);
    s.award(Side::Us, 100, "test", "B10", Reader::Both);
    g.end_game(&mut s, &mut ev);
    assert_eq!(s.result.as_deref(), Some("nlf"));

    let (g, mut s) = bare(Level::Standard, &FIELD);
    s.turn = 5;
    at_step(&mut s, Step::Movement { side: Side::Us });
    assert_eq!(refused(&g, &s, Command::DeclareDayToDay), "Grunt D0");
}

// Grunt O7.3: a second Center of Impact up to four hexes away, the six guns
// shared; O7.5: unobserved, the range die goes north on an even number
// (south on an odd one) and the deflection east on an even, west on an odd,
// a die settling which of two hexes is true east or west.
#[test]
fn o7_shift_and_unobserved_fire() {
    let big = ["..........................."; 30];
    let (mut g, mut s) = bare(Level::Standard, &big);
    s.options.on.push(Optional::Artillery);
    let fo = put(&g, &mut s, Role::ForwardObserver, "10.25");
    s.battery.ready = Some(1);
    s.battery.fo = Some(fo);
    at_step(&mut s, Step::Combat { side: Side::Us });
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Artillery {
                coi: h("10.10"),
                shift: Some(h("10.15")),
                shifted_guns: 2
            }
        ),
        "Grunt O7.3",
        "five hexes: too far to shift"
    );
    assert!(
        g.check(
            &s,
            &Command::Artillery {
                coi: h("10.10"),
                shift: Some(h("10.14")),
                shifted_guns: 2
            }
        )
        .is_ok()
    );
    // Hidden from every US unit: forest all round the target.
    for x in [
        "10.09", "10.10", "10.11", "09.10", "11.10", "09.11", "11.11", "10.12", "10.13",
    ] {
        set_terrain(&mut g, x, Terrain::Forest);
    }
    // Range 4 (even): north 4; deflection 3 (odd): west 3, the tie die 2
    // (1-3: the northern of the two hexes).
    s.rng.force(&[4, 3, 2]);
    let ev = ok(
        &g,
        &mut s,
        Command::Artillery {
            coi: h("10.10"),
            shift: None,
            shifted_guns: 0,
        },
    );
    let fired = ev
        .iter()
        .find_map(|e| match e {
            crate::Event::ArtilleryFired { coi, scatter, .. } => Some((*coi, *scatter)),
            _ => None,
        })
        .unwrap();
    assert_eq!(fired.1, Some((4, 3, Some(2))));
    // North 4: 10.06; west: one NW+SW pair to 08.06, then NW (the tie, north).
    assert_eq!(fired.0, h("07.06"));
}

// Grunt O9.2: the on-call strike's secret die says how many Game Turns to
// wait; the strike comes then or is cancelled.
#[test]
fn o9_2_on_call_delay() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    s.options.on.push(Optional::AirStrikes);
    at_step(&mut s, Step::Movement { side: Side::Us });
    s.rng.force(&[3]);
    let ev = ok(&g, &mut s, Command::RequestAirStrike);
    assert_eq!(s.strikes[0].turn, 4);
    let entry = g.describe_in(&s, &ev[0]);
    assert_eq!(
        entry.read_by(vt_core::Reader::Side(Side::Nlf.idx())).0,
        "",
        "secret"
    );
    assert_eq!(
        refused(&g, &s, Command::RequestAirStrike),
        "Grunt O9.2",
        "one on its way"
    );
}

// Grunt A4: an ARVN unit with peasants and an American unit interrogates;
// the roll comes at the end of the next complete Game Turn; a porter gives
// two rolls; one roll a Game Turn; one unit of each type exposed a game,
// and an exposed unit may not be moved.
#[test]
fn a4_interrogation() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    let arvn = put(&g, &mut s, Role::ArvnIntel, "06.06");
    put(&g, &mut s, Role::Infantry, "06.06");
    let peasants = put(&g, &mut s, Role::Peasants, "06.06");
    let mil = put(&g, &mut s, Role::Militia, "06.10");
    s.cm(mil).face_down = true;
    let mil2 = put(&g, &mut s, Role::Militia, "06.14");
    s.cm(mil2).face_down = true;
    put(&g, &mut s, Role::Leader, "06.12");
    at_step(&mut s, Step::Discovery);
    ok(
        &g,
        &mut s,
        Command::Interrogate {
            arvn,
            subject: peasants,
        },
    );
    let mut ev = Vec::new();
    g.interrogations(&mut s, &mut ev);
    assert!(ev.is_empty(), "not at the end of the Game Turn it began");
    s.turn = 2;
    s.rng.force(&[4]);
    g.interrogations(&mut s, &mut ev);
    assert!(
        s.c(mil).exposed && !s.c(mil).face_down,
        "the nearest militia"
    );
    assert!(s.c(mil2).face_down);
    s.active = Side::Nlf;
    at_step(&mut s, Step::Movement { side: Side::Nlf });
    assert_eq!(g.may_move(&s, mil, false).unwrap_err().section, "A4");
    // A porter: two rolls; militia already exposed this game.
    let (g, mut s) = bare(Level::Standard, &FIELD);
    let arvn = put(&g, &mut s, Role::ArvnIntel, "06.06");
    let inf = put(&g, &mut s, Role::Infantry, "06.06");
    let porter = put(&g, &mut s, Role::Porter, "06.06");
    s.cm(porter).status = Status::Carried;
    s.cm(porter).carried_by = Some(inf);
    let trap = put(&g, &mut s, Role::BoobyTrap, "06.09");
    s.cm(trap).face_down = true;
    s.exposed.push(Role::Militia);
    put(&g, &mut s, Role::Militia, "06.04");
    at_step(&mut s, Step::Discovery);
    ok(
        &g,
        &mut s,
        Command::Interrogate {
            arvn,
            subject: porter,
        },
    );
    s.turn = 2;
    s.rng.force(&[4, 3]);
    let mut ev = Vec::new();
    g.interrogations(&mut s, &mut ev);
    assert_eq!(ev.len(), 2, "two rolls");
    assert!(s.c(trap).exposed, "the second roll: the nearest trap");
}

// Grunt O3b: reconnaissance by fire into a hex: no people, the units of
// fire are lost; people, they are revealed and the fire resolved.
#[test]
fn o3b_reconnaissance_by_fire() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    s.options.on.push(Optional::Ammunition);
    let a = put(&g, &mut s, Role::Infantry, "04.02");
    let rice = put(&g, &mut s, Role::Rice, "04.05");
    s.cm(rice).face_down = true;
    let hc = put(&g, &mut s, Role::HardCore, "06.08");
    s.cm(hc).face_down = true;
    let b = put(&g, &mut s, Role::Infantry, "06.02");
    at_step(&mut s, Step::Combat { side: Side::Us });
    let ev = ok(
        &g,
        &mut s,
        Command::ReconByFire {
            firers: vec![(a, 1)],
            hex: h("04.05"),
        },
    );
    assert!(attacks(&ev).is_empty());
    assert_eq!(s.c(a).ammo, 5);
    assert!(s.c(rice).face_down, "nothing shown");
    s.rng.force(&[1]);
    let ev = ok(
        &g,
        &mut s,
        Command::ReconByFire {
            firers: vec![(b, 1)],
            hex: h("06.08"),
        },
    );
    assert!(!s.c(hc).face_down);
    assert_eq!(attacks(&ev).len(), 1);
}

// Grunt A6: a counter in sight on open ground may be made to turn over: a
// dummy is removed, people are only said to be people.
#[test]
fn a6_civilians() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    let d = put(&g, &mut s, Role::Dummy, "06.05");
    s.cm(d).face_down = true;
    let p = put(&g, &mut s, Role::Peasants, "06.08");
    s.cm(p).face_down = true;
    let b = put(&g, &mut s, Role::Infantry, "07.02");
    at_step(&mut s, Step::Discovery);
    ok(
        &g,
        &mut s,
        Command::Challenge {
            unit: a,
            hex: h("06.05"),
        },
    );
    assert_eq!(s.c(d).gone, Some(Gone::Removed));
    ok(
        &g,
        &mut s,
        Command::Challenge {
            unit: b,
            hex: h("06.08"),
        },
    );
    assert!(s.c(p).face_down && s.c(p).people_known);
    // The US may now fire at the people (civilians: points to the NLF).
    at_step(&mut s, Step::Combat { side: Side::Us });
    s.rng.force(&[6]);
    let ev = ok(
        &g,
        &mut s,
        Command::Fire {
            firers: vec![(a, 1)],
            hex: h("06.08"),
        },
    );
    let e = &attacks(&ev)[0].effects[0];
    assert_eq!(e.to, Side::Nlf);
    assert!(e.points > 0);
}

// Grunt B4: the NLF sets up face down before the first Game Turn; the
// set-up is nobody's Player Turn, so the NLF's view of its placed counters
// shows none of them as moved, fired or landed, and no Movement Points.
#[test]
fn b4_set_up_counters_have_not_moved_fired_or_landed() {
    let g = crate::Grunt::embedded();
    let mut s = g
        .new_game(&vt_core::engine::Setup::new("basic", 3))
        .expect("sets up");
    ok(&g, &mut s, Command::PlaceRest);
    assert_eq!(s.turn, 0, "still setting up");
    let v = g.view(&s, Side::Nlf.idx());
    let placed: Vec<_> = v.counters.iter().filter(|c| c.hex.is_some()).collect();
    assert!(!placed.is_empty());
    for c in placed {
        assert!(!c.moved && !c.fired && !c.landed, "{} at set-up", c.name);
        assert_eq!(c.mp_left, None);
    }
}

// Grunt B3 and A6: in the Basic Game "Players may fire their weapons at
// enemy units"; civilians become something to fire on only with the
// Standard Game's addition A6 ("The U.S. unit can fire on the unidentified
// unit ... but if they hit civilians they give points to the NLF"), which
// the Basic and Solitaire Games do not have. Face-up peasants beside a US
// squad are no target there: no Fire command, and the fire is refused.
#[test]
fn b3_basic_game_peasants_are_no_target() {
    for level in [Level::Basic, Level::Standard] {
        let (g, mut s) = bare(level, &FIELD);
        let a = put(&g, &mut s, Role::Infantry, "06.02");
        put(&g, &mut s, Role::Peasants, "06.03");
        at_step(&mut s, Step::Combat { side: Side::Us });
        let fire = Command::Fire {
            firers: vec![(a, 1)],
            hex: h("06.03"),
        };
        let offered = g
            .legal(&s)
            .iter()
            .any(|c| matches!(c, Command::Fire { hex, .. } if *hex == h("06.03")));
        match level {
            Level::Basic => {
                assert!(!offered, "no fire at civilians in the Basic Game");
                assert_eq!(refused(&g, &s, fire), "Grunt B3");
            }
            Level::Standard => {
                assert!(offered, "A6: the US may fire on civilians");
                s.rng.force(&[6]);
                let ev = ok(&g, &mut s, fire);
                let e = &attacks(&ev)[0].effects[0];
                assert_eq!((e.to, e.points > 0), (Side::Nlf, true), "A6: to the NLF");
            }
        }
    }
}

// Grunt O10.1: door guns fire at 3 a helicopter into open, broken, building
// or treeline hexes within eight of the landing, never into forest.
#[test]
fn o10_door_guns() {
    let (mut g, mut s) = bare(Level::Standard, &FIELD);
    s.options.on.push(Optional::HelicopterFire);
    put(&g, &mut s, Role::Infantry, "06.02");
    put(&g, &mut s, Role::HardCore, "06.07");
    set_terrain(&mut g, "07.07", Terrain::Forest);
    put(&g, &mut s, Role::HardCore, "07.07");
    at_step(
        &mut s,
        Step::Suppress {
            around: vec![h("06.02")],
            strength: 6,
            guns: 2,
            cobras: false,
        },
    );
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Suppress {
                hex: h("07.07"),
                guns: 1
            }
        ),
        "Grunt O10.1"
    );
    s.rng.force(&[1]);
    let ev = ok(
        &g,
        &mut s,
        Command::Suppress {
            hex: h("06.07"),
            guns: 2,
        },
    );
    assert_eq!(attacks(&ev)[0].attack_total, 12, "two helicopters: 6");
}

// Grunt O11: with artillery or air strikes, NLF casualties score only when
// a US unit passes over them.
#[test]
fn o11_body_count() {
    let (g, mut s) = bare(Level::Standard, &FIELD);
    s.options.on.push(Optional::BodyCount);
    s.options.on.push(Optional::Artillery);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    let hc = put(&g, &mut s, Role::HardCore, "06.06");
    at_step(&mut s, Step::Combat { side: Side::Us });
    s.rng.force(&[6]);
    let ev = ok(
        &g,
        &mut s,
        Command::Fire {
            firers: vec![(a, 1)],
            hex: h("06.06"),
        },
    );
    assert!(attacks(&ev)[0].effects[0].pending);
    assert_eq!(s.points(Side::Us, None), 0, "not yet");
    assert_eq!(s.c(hc).gone, Some(Gone::Killed));
    s.turn = 2;
    at_step(&mut s, Step::Movement { side: Side::Us });
    ok(
        &g,
        &mut s,
        Command::Move {
            unit: a,
            path: column(2, 6),
        },
    );
    assert_eq!(s.points(Side::Us, None), 15, "K15 at 4-1 on a 6");
}

// Grunt C3: Eagle Flight: the company may be called once the Ranger is
// engaged, and lands two Game Turns after the call; the game runs ten
// Game Turns from the commitment.
#[test]
fn c3_eagle_flight() {
    let g = crate::Grunt::embedded();
    let mut s = g
        .new_game(&vt_core::engine::Setup::new("chain-of-command", 2))
        .unwrap();
    ok(
        &g,
        &mut s,
        Command::ChooseOrders {
            order: OrderId::EagleFlight,
        },
    );
    s.turn = 3;
    s.active = Side::Us;
    at_step(&mut s, Step::Movement { side: Side::Us });
    assert_eq!(
        refused(
            &g,
            &s,
            Command::Call {
                group: Group::Company,
                entry: None
            }
        ),
        "Grunt C3"
    );
    s.engaged = true;
    ok(
        &g,
        &mut s,
        Command::Call {
            group: Group::Company,
            entry: None,
        },
    );
    assert_eq!(s.calls[0].arrives, 5);
    assert_eq!(g.last_turn(&s), 12);
}

// Grunt B3: the odds shown before an attack are the odds it is resolved
// at: the same terms, totals and column, and the die's result read off the
// previewed column (what the screen shows must add up).
#[test]
fn b3_fire_preview_is_the_attack() {
    let (mut g, mut s) = bare(Level::Basic, &FIELD);
    set_terrain(&mut g, "06.08", Terrain::Forest);
    let a = put(&g, &mut s, Role::Infantry, "06.02");
    let b = put(&g, &mut s, Role::Infantry, "07.02");
    put(&g, &mut s, Role::HardCore, "06.08");
    at_step(&mut s, Step::Combat { side: Side::Us });
    let firers = vec![(a, 1), (b, 1)];
    let p = g.fire_preview(&s, &firers, h("06.08")).expect("may fire");
    assert_eq!(p.attack_total, 16, "4 + 4 (half points)");
    assert_eq!(p.defence_total, 6, "forest 3");
    assert_eq!(p.ratio, "8 to 3");
    assert_eq!(p.column_label, "2-1", "8 to 3 rounds down to 2 to 1");
    assert_eq!(p.results.len(), 6);
    s.rng.force(&[4]);
    let ev = ok(
        &g,
        &mut s,
        Command::Fire {
            firers: firers.clone(),
            hex: h("06.08"),
        },
    );
    let at = &attacks(&ev)[0];
    assert_eq!(at.attack, p.attack);
    assert_eq!(at.defence, p.defence);
    assert_eq!(at.column_label, p.column_label);
    assert_eq!(at.result, p.results[3], "die 4 on the previewed column");
    let e = g
        .fire_preview(&s, &[(a, 1)], h("06.08"))
        .expect_err("fired once");
    assert_eq!(e.rule, "Grunt B3");
}
