//! The rulebook's worked examples, on the examples map built to match them.

use super::util::*;
use crate::command::{Command, Target};
use crate::data::Effect;
use crate::event::{AttackKind, Drm, Event};
use crate::geo::{Hex, HexExt};
use crate::line_of_sight::Blocked;
use crate::map::{Map, MapFile};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::Ruleset;

// FTE 5.1 Activation Example: the Leader in 23.23 brings the Fire Teams in
// 22.22 and 22.23 and the Broken Leader in 23.22; not the MG team in 21.23
// (already Activation Complete) nor the two units in 20.24 (more than two
// hexes away); the Broken Leader alone activates only himself; the two units
// in 20.24 may be activated as a hex; the vehicle activates on its own.
#[test]
fn activation_example_5_1() {
    let r = rules();
    let mut s = sandbox("examples");
    let leader = add(&mut s, "us-leader", Side::Us, "23.23");
    let ft1 = add(&mut s, "us-rifle", Side::Us, "22.22");
    let ft2 = add(&mut s, "us-rifle", Side::Us, "22.23");
    let broken = add(&mut s, "us-leader", Side::Us, "23.22");
    s.unit_mut(broken).broken = true;
    let mg = add(&mut s, "us-mg", Side::Us, "21.23");
    s.unit_mut(mg).activated = true;
    let far1 = add(&mut s, "us-rifle", Side::Us, "20.24");
    let far2 = add(&mut s, "us-mg", Side::Us, "20.24");
    let acav = add(&mut s, "us-acav", Side::Us, "23.24");
    assert_eq!(h("23.23").distance(h("21.23")), 2);
    assert_eq!(h("23.23").distance(h("20.24")), 3);

    let mut g = r.leader_group(&s, leader).unwrap();
    g.sort();
    assert_eq!(g, vec![leader, ft1, ft2, broken]);

    // The Broken Leader activates only himself, for Recover or Move.
    assert_eq!(r.leader_group(&s, broken).unwrap(), vec![broken]);
    let mut s2 = s.clone();
    play(&mut s2, Command::ActivateLeader { leader: broken });
    assert_eq!(s2.activation.as_ref().unwrap().eligible, vec![broken]);
    assert_eq!(
        refused(&s2, Command::RequestMedevac { unit: broken }),
        "FTE 7.4"
    );
    assert!(
        r.check(
            &s2,
            &Command::Move {
                units: vec![broken],
                mode: MoveMode::Normal
            }
        )
        .is_ok()
    );

    // The two units in 20.24, and nothing else.
    let mut s3 = s.clone();
    play(&mut s3, Command::ActivateHex { hex: h("20.24") });
    let mut e = s3.activation.as_ref().unwrap().eligible.clone();
    e.sort();
    assert_eq!(e, vec![far1, far2]);

    // The vehicle on its own.
    let mut s4 = s.clone();
    play(&mut s4, Command::ActivateUnit { unit: acav });
    assert_eq!(s4.activation.as_ref().unwrap().eligible, vec![acav]);

    // The MG team is Activation Complete: it cannot be activated again.
    assert_eq!(refused(&s, Command::ActivateUnit { unit: mg }), "FTE 5.0");
}

// FTE 6.6 Movement Example: 19.17 to 19.18 and 19.19 for 1 MP each along the
// Trail, then 20.19 for 3 MP (Trail +2 Slope): all 5 MP. The unit in 21.17
// uses Double Time (9 MP): 22.17 for 4 (Jungle 2, Slope +2), 23.18 and 23.19
// for 1 1/2 each, 23.20 for 1: 8 of 9 spent; 22.20 (1 MP) is still possible,
// 23.21 (1 1/2 MP) is not. The Double Time unit is Exhausted afterwards.
#[test]
fn movement_example_6_6() {
    let r = rules();
    let mut s = sandbox("examples");
    let a = add(&mut s, "us-rifle", Side::Us, "19.17");
    let b = add(&mut s, "us-rifle", Side::Us, "21.17");

    play(&mut s, Command::ActivateUnit { unit: a });
    play(
        &mut s,
        Command::Move {
            units: vec![a],
            mode: MoveMode::Normal,
        },
    );
    let costs: Vec<u8> = ["19.18", "19.19", "20.19"]
        .iter()
        .map(|x| {
            let ev = play(&mut s, Command::Step { hex: h(x) });
            match ev.iter().find(|e| matches!(e, Event::Moved { .. })) {
                Some(Event::Moved { cost, .. }) => *cost,
                _ => panic!("no move"),
            }
        })
        .collect();
    assert_eq!(costs, vec![2, 2, 6], "half MP: 1, 1, 3");
    assert_eq!(s.moving().unwrap().left, 0);
    // Its one action done, the activation ends by itself.
    play(&mut s, Command::EndMove);
    assert!(s.activation.is_none());

    s.set_phase(Step::Activate { first: true });
    // The reachable-hexes display agrees: 22.17 for 4 MP, 23.20 within 8.
    let reach = r.reachable(&s, &[b], MoveMode::DoubleTime);
    assert!(reach.contains(&(h("22.17"), 8)), "{reach:?}");
    assert!(reach.iter().any(|(x, c)| *x == h("23.20") && *c <= 16));
    assert!(reach.iter().all(|(_, c)| *c <= 18));
    play(&mut s, Command::ActivateUnit { unit: b });
    play(
        &mut s,
        Command::Move {
            units: vec![b],
            mode: MoveMode::DoubleTime,
        },
    );
    assert_eq!(s.moving().unwrap().left, 18);
    let mut costs = Vec::new();
    for x in ["22.17", "23.18", "23.19", "23.20"] {
        let ev = play(&mut s, Command::Step { hex: h(x) });
        if let Some(Event::Moved { cost, .. }) =
            ev.iter().find(|e| matches!(e, Event::Moved { .. }))
        {
            costs.push(*cost);
        }
    }
    assert_eq!(costs, vec![8, 3, 3, 2], "half MP: 4, 1 1/2, 1 1/2, 1");
    let steps: Vec<Hex> = r.steps(&s).into_iter().map(|(h, _)| h).collect();
    assert!(steps.contains(&h("22.20")), "22.20 for 1 MP: {steps:?}");
    assert!(!steps.contains(&h("23.21")), "23.21 would cost 1 1/2 MP");
    assert_eq!(refused(&s, Command::Step { hex: h("23.21") }), "FTE 6.4");
    play(&mut s, Command::EndMove);
    assert!(s.activation.is_none());
    assert!(s.unit(b).exhausted, "6.6: Exhausted after Double Time");
    assert!(!s.unit(a).exhausted);
}

fn examples_file() -> MapFile {
    let files = crate::data_files();
    files.parse("fte/maps/examples.ron").unwrap()
}

// FTE 7.3.2 LoS Example, first situation.
#[test]
fn los_example_7_3_2_blocking_terrain() {
    let r = rules();
    let s = sandbox("examples");
    // Always a LoS between adjacent hexes.
    assert!(r.line_of_sight(&s, h("20.20"), h("20.19")).is_ok());
    // Along the hexside of one Blocking hex (20.19): clear.
    assert!(r.line_of_sight(&s, h("20.20"), h("19.19")).is_ok());
    // Through Blocking Terrain in 21.19: blocked.
    assert_eq!(
        r.line_of_sight(&s, h("20.20"), h("22.18")),
        Err(Blocked::Terrain(h("21.19")))
    );
    // Had 19.20 been Blocking Terrain, the hexside would block.
    let mut f = examples_file();
    let row = (19 - 15) as usize + 1; // row 20
    let col = (19 - 17) as usize;
    let mut chars: Vec<char> = f.terrain[row].chars().collect();
    chars[col] = 'G';
    f.terrain[row] = chars.into_iter().collect();
    let m = Map::build(f).unwrap();
    let blocked = crate::line_of_sight::los(
        r,
        &m,
        crate::line_of_sight::Eye::ground(h("20.20")),
        crate::line_of_sight::Eye::ground(h("19.19")),
        &|_| false,
    );
    assert_eq!(blocked, Err(Blocked::Hexside(h("19.20"), h("20.19"))));
}

// FTE 7.3.2 LoS Example, second situation (Slopes): 62.19 sees 60.18 (the
// Slope is on the higher hex's hexside) but not 59.19; a unit in 60.20 sees
// 59.20 and 60.19 but not 59.19 and 60.18.
#[test]
fn los_example_7_3_2_slopes() {
    let r = rules();
    let s = sandbox("examples");
    let los = |a: &str, b: &str| r.line_of_sight(&s, h(a), h(b));
    assert!(los("62.19", "60.18").is_ok());
    assert!(matches!(los("62.19", "59.19"), Err(Blocked::Crest(..))));
    assert!(los("60.20", "59.20").is_ok());
    assert!(los("60.20", "60.19").is_ok());
    assert!(matches!(los("60.20", "59.19"), Err(Blocked::Crest(..))));
    assert!(matches!(los("60.20", "60.18"), Err(Blocked::Crest(..))));
    // LoS is the same both ways.
    assert!(los("60.18", "62.19").is_ok());
    assert!(los("59.19", "62.19").is_err());
}

// FTE 7.3 Fire Example with the errata (+1 DRM for the Leader as observer):
// separately the Fire Team needs a 3 (4, Jungle +2, adjacent -1) and the
// Mortar a 3 (4, no Jungle for HE, observer +1); combined, either primary
// needs a 4. The Fire Team rolls 5 (miss); the Mortar rolls 3 (hit) and 1 on
// the Target Effects Table: KIA, the NVA unit is flipped and a KIA marker
// placed, and the US gains 3 VP.
#[test]
fn fire_example_7_3_with_errata() {
    let r = rules();
    let mut s = sandbox("examples");
    let leader = add(&mut s, "us-leader", Side::Us, "21.20");
    let ft = add(&mut s, "us-rifle", Side::Us, "20.20");
    let mortar = add(&mut s, "us-mortar", Side::Us, "22.18");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "20.19");
    play(&mut s, Command::ActivateLeader { leader });
    let t = Target::Unit(nva);

    let a = r.check_fire(&s, &[ft], ft, t).unwrap();
    let m = r.attack_mods(&s, &a);
    assert_eq!(needed(a.rating, &m), 3, "{m:?}");
    let a = r.check_fire(&s, &[mortar], mortar, t).unwrap();
    assert!(
        a.observed,
        "7.2: no LoS through 21.19, observed by the Leader"
    );
    let m = r.attack_mods(&s, &a);
    assert!(m.contains(&(Drm::ObservedMortar, 1)), "errata: +1, not -1");
    assert_eq!(needed(a.rating, &m), 3, "{m:?}");
    for p in [ft, mortar] {
        let a = r.check_fire(&s, &[ft, mortar], p, t).unwrap();
        assert_eq!(needed(a.rating, &r.attack_mods(&s, &a)), 4);
    }

    s.rng.force(&[5]);
    let ev = play(
        &mut s,
        Command::Fire {
            firers: vec![ft],
            primary: ft,
            target: t,
        },
    );
    // The log explains it: every modifier with its section, and the need.
    let entry = r.describe(attacks(&ev)[0]);
    assert!(entry.text.contains("NVA Fire Team"), "{}", entry.text);
    assert_eq!(
        entry.adjudications[0].summary(),
        "Fire at NVA Fire Team #3: rolled 5, Jungle +2 (FTE 6.1, 7.1), firing into an adjacent hex -1 (FTE 7.1) = 6; \
         needed 4 or less (Fire Rating 4 of Rifle Fire Team #1; 1 always hits, 10 always misses): miss"
    );
    assert!(matches!(
        attacks(&ev)[0],
        Event::Attack {
            hit: false,
            roll: 5,
            ..
        }
    ));
    s.rng.force(&[3, 1]);
    let ev = play(
        &mut s,
        Command::Fire {
            firers: vec![mortar],
            primary: mortar,
            target: t,
        },
    );
    assert!(matches!(
        attacks(&ev)[0],
        Event::Attack {
            hit: true,
            effect: Some(Effect::KIA),
            ..
        }
    ));
    assert!(s.unit(nva).reduced, "flipped to its reduced side");
    assert_eq!(s.unit(nva).status, UnitStatus::OnMap);
    assert!(s.casualties.iter().any(|c| c.side == Side::Nva
        && c.kind == CasualtyKind::Kia
        && s.casualty_hex(c) == Some(h("20.19"))));
    assert_eq!(s.vp, [3, 0]);
    assert!(s.unit(ft).activated && s.unit(mortar).activated);
}

// FTE 8.0 Assault Example, round by round.
#[test]
fn assault_example_8_0() {
    let r = rules();
    let mut s = sandbox("examples");
    let leader = add(&mut s, "us-leader", Side::Us, "21.20");
    let a1 = add(&mut s, "us-rifle", Side::Us, "20.20");
    let a2 = add(&mut s, "us-rifle", Side::Us, "19.19");
    let far = add(&mut s, "us-rifle", Side::Us, "22.19");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "20.19");
    conceal(&mut s, nva);
    let marker = s.unit(nva).marker;
    play(&mut s, Command::ActivateLeader { leader });
    // 22.19 is not adjacent: it cannot assault.
    assert_eq!(
        refused(
            &s,
            Command::Assault {
                units: vec![far],
                hex: h("20.19")
            }
        ),
        "FTE 8.0"
    );
    play(
        &mut s,
        Command::Assault {
            units: vec![a1, a2],
            hex: h("20.19"),
        },
    );
    // The NVA may Opportunity Fire at an assaulting unit; it does not.
    assert_eq!(r.decision(&s).kind, "opportunity-fire");
    assert_eq!(r.decision(&s).side, Some(1));
    // Troop Quality Checks: 1 and 3, both go in.
    s.rng.force(&[1, 3]);
    let ev = play(&mut s, Command::OpFirePass);
    let checks: Vec<bool> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Check {
                pass, quality: 4, ..
            } => Some(*pass),
            _ => None,
        })
        .collect();
    assert_eq!(checks, vec![true, true]);
    assert!(s.unit(nva).concealed, "it did not fire: still Concealed");

    // Round 1: combined fire needs 2 (4, +2 Jungle, +2 Concealed, -1
    // adjacent, -1 supporting); rolls 5, a miss.
    assert_eq!(r.decision(&s).kind, "assault-attack");
    let cmd = Command::AssaultFire {
        firers: vec![a1, a2],
        primary: a1,
        target: Target::Marker(marker),
    };
    // The preview before firing shows the same need, modifier by modifier.
    let p = r.preview(&s, &cmd).unwrap();
    assert_eq!(p.modifiers.len(), 4);
    assert!(
        p.needed
            .as_deref()
            .unwrap()
            .starts_with("a roll of 2 or less: 4 or less after the modifiers")
    );
    s.rng.force(&[5]);
    let ev = play(&mut s, cmd);
    assert_eq!(first_attack(&ev), (2, false, None));
    // The NVA fires at 19.19: 4 with -1 adjacent, no terrain in round 1;
    // rolls 2 (hit) and 5 on the table: Broken.
    assert_eq!(r.decision(&s).kind, "assault-defend");
    s.rng.force(&[2, 5]);
    let ev = play(
        &mut s,
        Command::AssaultFire {
            firers: vec![nva],
            primary: nva,
            target: Target::Unit(a2),
        },
    );
    assert_eq!(first_attack(&ev), (5, true, Some(Effect::B)));
    // The Broken unit retreats two hexes away from 20.19.
    assert!(s.unit(a2).broken);
    assert_eq!(r.decision(&s).kind, "retreat");
    for _ in 0..2 {
        let to = r.retreat_hexes(&s)[0];
        play(&mut s, Command::Retreat { hex: to });
        while r.decision(&s).kind.starts_with("opportunity-fire") {
            play(&mut s, Command::OpFirePass);
        }
    }
    assert_eq!(s.unit(a2).hex.unwrap().distance(h("20.19")), 3);
    assert!(
        !s.unit(nva).concealed,
        "defenders lose concealment after round 1"
    );

    // Round 2: the US needs 3 (+2 Jungle, -1 adjacent) and rolls 10; the NVA
    // needs 5 and rolls 6.
    s.rng.force(&[10]);
    let ev = play(
        &mut s,
        Command::AssaultFire {
            firers: vec![a1],
            primary: a1,
            target: Target::Unit(nva),
        },
    );
    assert_eq!(first_attack(&ev), (3, false, None));
    // 8.0 and its example: the unit that broke and retreated is out of the
    // assault; the NVA fires at the one still in it, never at the other.
    let at_a2 = Command::AssaultFire {
        firers: vec![nva],
        primary: nva,
        target: Target::Unit(a2),
    };
    assert_eq!(refused(&s, at_a2.clone()), "FTE 8.0");
    assert!(!r.legal(&s).contains(&at_a2));
    s.rng.force(&[6]);
    let ev = play(
        &mut s,
        Command::AssaultFire {
            firers: vec![nva],
            primary: nva,
            target: Target::Unit(a1),
        },
    );
    assert_eq!(first_attack(&ev), (5, false, None));
    // Round 3: the US rolls 2 (hit) and 8: Suppression, applied after the
    // NVA fires; the NVA rolls 2 and 9: Possible Suppression, and the US
    // unit's check of 3 passes.
    s.rng.force(&[2, 8]);
    play(
        &mut s,
        Command::AssaultFire {
            firers: vec![a1],
            primary: a1,
            target: Target::Unit(nva),
        },
    );
    assert!(!s.unit(nva).suppressed, "simultaneous: not yet applied");
    s.rng.force(&[2, 9, 3]);
    let ev = play(
        &mut s,
        Command::AssaultFire {
            firers: vec![nva],
            primary: nva,
            target: Target::Unit(a1),
        },
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Check {
            roll: 3,
            pass: true,
            ..
        }
    )));
    assert!(ev.iter().any(|e| matches!(e, Event::AssaultEnds)));
    assert!(s.unit(nva).suppressed);
    assert!(!s.unit(a1).suppressed && !s.unit(a1).broken);
    assert_eq!(s.unit(a1).hex, Some(h("20.20")));
    assert!(s.unit(a1).activated && s.unit(a2).activated);
    assert!(s.unit(a2).broken);
    // Back to the activation.
    assert_eq!(r.decision(&s).kind, "action");
    let _ = AttackKind::Fire;
}

// Errata clarifications, Casualty and Evacuations: the NVA causes a WIA
// (+4 NVA, net -4 for the US); case 1: it dies of wounds (US -2, net -6)
// and its KIA is evacuated (US +2, net -4); case 2: returned to duty (US +2,
// net -2); case 3: evacuated (US +3, net -1).
#[test]
fn casualty_cases_of_the_errata() {
    let r = rules();
    let base = {
        let mut s = sandbox("examples");
        s.vp = [10, 0];
        let us = add(&mut s, "us-rifle", Side::Us, "20.20");
        let nva = add(&mut s, "nva-rifle", Side::Nva, "21.20");
        s.active = Side::Nva;
        play(&mut s, Command::ActivateUnit { unit: nva });
        // The NVA fires and rolls a WIA (1 to hit, 3 on Small Arms); the
        // activation ends the turn and the Casualty Check (17.0) rolls a 5:
        // no change.
        s.rng.force(&[1, 3, 5]);
        let ev = play(
            &mut s,
            Command::Fire {
                firers: vec![nva],
                primary: nva,
                target: Target::Unit(us),
            },
        );
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Attack {
                effect: Some(Effect::WIA),
                ..
            }
        )));
        s
    };
    let net = |s: &State| s.vp[0] - s.vp[1] - 10;
    assert_eq!(net(&base), -4);
    let wia = base
        .casualties
        .iter()
        .find(|c| c.side == Side::Us && c.kind == CasualtyKind::Wia)
        .unwrap()
        .id;

    // Case 1.
    let mut s = base.clone();
    let mut ev = Vec::new();
    s.rng.force(&[9]);
    r.casualty_check(&mut s, wia, &mut ev);
    assert_eq!(s.casualties[wia as usize].kind, CasualtyKind::Kia);
    assert_eq!(net(&s), -6);
    r.evacuate(&mut s, wia, &mut ev);
    assert_eq!(net(&s), -4);

    // Case 2.
    let mut s = base.clone();
    s.rng.force(&[2]);
    r.casualty_check(&mut s, wia, &mut ev);
    assert!(s.casualties[wia as usize].gone);
    assert_eq!(net(&s), -2);

    // Case 3.
    let mut s = base.clone();
    r.evacuate(&mut s, wia, &mut ev);
    assert_eq!(net(&s), -1);
}

// FTE 8.0 with the errata: "Attacking Suppressed Units no longer
// participate in the Assault": one Suppressed in round 1 neither fires in
// round 2 nor is fired at; the defenders fire at the attacker still in it.
#[test]
fn a_suppressed_attacker_leaves_the_assault_8_0() {
    let r = rules();
    let mut s = sandbox("examples");
    let leader = add(&mut s, "us-leader", Side::Us, "21.20");
    let a1 = add(&mut s, "us-rifle", Side::Us, "20.20");
    let a2 = add(&mut s, "us-rifle", Side::Us, "19.19");
    let nva = add(&mut s, "nva-rifle", Side::Nva, "20.19");
    play(&mut s, Command::ActivateLeader { leader });
    play(
        &mut s,
        Command::Assault {
            units: vec![a1, a2],
            hex: h("20.19"),
        },
    );
    s.rng.force(&[1, 1]);
    play(&mut s, Command::OpFirePass);
    // Round 1: the US misses; the NVA hits the unit in 19.19 (2) and rolls
    // 8 on the Target Effects Table: Suppressed, applied after the round.
    s.rng.force(&[10]);
    play(
        &mut s,
        Command::AssaultFire {
            firers: vec![a1, a2],
            primary: a1,
            target: Target::Unit(nva),
        },
    );
    s.rng.force(&[2, 8]);
    play(
        &mut s,
        Command::AssaultFire {
            firers: vec![nva],
            primary: nva,
            target: Target::Unit(a2),
        },
    );
    assert!(s.unit(a2).suppressed && !s.unit(a2).broken);
    // Round 2: only the unit in 20.20 fires...
    assert_eq!(r.decision(&s).kind, "assault-attack");
    assert_eq!(
        refused(
            &s,
            Command::AssaultFire {
                firers: vec![a2],
                primary: a2,
                target: Target::Unit(nva),
            }
        ),
        "FTE 8.0"
    );
    s.rng.force(&[10]);
    play(
        &mut s,
        Command::AssaultFire {
            firers: vec![a1],
            primary: a1,
            target: Target::Unit(nva),
        },
    );
    // ...and only it may be fired at.
    assert_eq!(r.decision(&s).kind, "assault-defend");
    let at = |u| Command::AssaultFire {
        firers: vec![nva],
        primary: nva,
        target: Target::Unit(u),
    };
    assert_eq!(refused(&s, at(a2)), "FTE 8.0");
    let legal = r.legal(&s);
    assert!(legal.contains(&at(a1)) && !legal.contains(&at(a2)));
    let screen = r.situation(&s, Side::Nva);
    assert!(
        matches!(screen, Some(crate::screen::Situation::Assault { ref attackers, .. }) if *attackers == vec![Target::Unit(a1)]),
        "{screen:?}"
    );
}
