//! Hidden information: two games that differ only in one side's secret
//! look the same to the other side: its view, its log reading, its legal
//! commands and its decision.

use super::util::*;
use crate::Command;
use crate::Grunt;
use crate::data::{Column, Deployment, OrderId, Role};
use crate::state::*;
use crate::step::Kind;
use vt_core::engine::{Reader, Ruleset, Setup};
use vt_core::playout::{Policy, RandomPolicy};

fn same_to(g: &Grunt, a: &State, b: &State, side: Side) {
    let va = serde_json::to_string(&g.view(a, side.idx())).unwrap();
    let vb = serde_json::to_string(&g.view(b, side.idx())).unwrap();
    assert_eq!(va, vb, "the {} view differs", side.name());
    assert_eq!(g.decision(a), g.decision(b));
    if g.decision(a).side == Some(side.idx()) {
        assert_eq!(
            g.legal(a),
            g.legal(b),
            "the {} legal list differs",
            side.name()
        );
    }
}

fn log_for(g: &Grunt, s: &State, events: &[crate::Event], side: Side) -> Vec<String> {
    events
        .iter()
        .map(|e| {
            g.describe_in(s, e)
                .read_by(Reader::Side(side.idx()))
                .0
                .to_string()
        })
        .collect()
}

// B4: what lies under a face-down counter is absent from the US view: swap
// two face-down counters' identities and nothing the US sees changes.
#[test]
fn b4_face_down_counters_are_markers() {
    let (g, a) = landing_game("basic", 9);
    let ids: Vec<CounterId> = a
        .counters
        .iter()
        .filter(|c| c.side == Side::Nlf && c.on_map())
        .map(|c| c.id)
        .collect();
    let dummy = *ids.iter().find(|x| a.c(**x).role == Role::Dummy).unwrap();
    let hc = *ids
        .iter()
        .find(|x| a.c(**x).role == Role::HardCore)
        .unwrap();
    let mut b = a.clone();
    let (rd, rh) = (b.c(dummy).role, b.c(hc).role);
    b.cm(dummy).role = rh;
    b.cm(hc).role = rd;
    same_to(&g, &a, &b, Side::Us);
    let v = g.view(&a, Side::Us.idx());
    assert!(v.counters.iter().all(|c| c.side == Side::Us));
    assert_eq!(v.markers.len(), ids.len());
}

// D1-D3, D0: the US deployment is absent from the NLF's view and log; the
// NLF's order of battle from the US's.
#[test]
fn d0_d3_secret_set_up_choices() {
    let g = Grunt::embedded();
    let s0 = g.new_game(&Setup::new("standard", 4)).unwrap();
    let mut a = s0.clone();
    let mut b = s0.clone();
    let ea = ok(
        &g,
        &mut a,
        Command::ChooseDeployment {
            deployment: Deployment::Assault,
        },
    );
    let eb = ok(
        &g,
        &mut b,
        Command::ChooseDeployment {
            deployment: Deployment::GroundBait,
        },
    );
    assert_eq!(g.decision(&a).kind_as::<Kind>(), Some(Kind::ChooseOob));
    same_to(&g, &a, &b, Side::Nlf);
    assert_eq!(
        log_for(&g, &a, &ea, Side::Nlf),
        log_for(&g, &b, &eb, Side::Nlf)
    );
    assert!(log_for(&g, &a, &ea, Side::Us)[0].contains("Assault"));

    let mut c = a.clone();
    let ea = ok(
        &g,
        &mut a,
        Command::ChooseOob {
            column: Column::InfantryCompany,
        },
    );
    let ec = ok(
        &g,
        &mut c,
        Command::ChooseOob {
            column: Column::DayToDay,
        },
    );
    // The NLF places next: the US sees no NLF counter, no column, no points.
    let va = serde_json::to_string(&g.view(&a, Side::Us.idx())).unwrap();
    let vc = serde_json::to_string(&g.view(&c, Side::Us.idx())).unwrap();
    assert_eq!(va, vc);
    assert_eq!(
        log_for(&g, &a, &ea, Side::Us),
        log_for(&g, &c, &ec, Side::Us)
    );
    assert_eq!(
        g.outcome(&a).score,
        g.outcome(&c).score,
        "scores shown reveal nothing"
    );
}

// C0: the orders are absent from the NLF's view and log until the end.
#[test]
fn c0_secret_orders() {
    let g = Grunt::embedded();
    let s0 = g.new_game(&Setup::new("chain-of-command", 4)).unwrap();
    let mut a = s0.clone();
    let mut b = s0.clone();
    let ea = ok(
        &g,
        &mut a,
        Command::ChooseOrders {
            order: OrderId::SearchDestroyOne,
        },
    );
    let eb = ok(
        &g,
        &mut b,
        Command::ChooseOrders {
            order: OrderId::EagleFlight,
        },
    );
    assert_eq!(g.decision(&a).kind_as::<Kind>(), Some(Kind::ChooseOob));
    same_to(&g, &a, &b, Side::Nlf);
    assert_eq!(
        log_for(&g, &a, &ea, Side::Nlf),
        log_for(&g, &b, &eb, Side::Nlf)
    );
    assert_eq!(g.outcome(&a).score, g.outcome(&b).score);
}

// B5, B7e: the NLF is asked after every landing group, even when no unit
// of its can fire, so a hot-seat hand-over gives nothing away.
#[test]
fn b7e_landing_fire_always_asked() {
    let (g, mut s) = landing_game("basic", 12);
    // No hard-core on the map at all.
    for c in s.counters.iter_mut() {
        if c.role == Role::HardCore {
            c.status = Status::Gone;
            c.gone = Some(Gone::Removed);
        }
    }
    for _ in 0..40 {
        if g.decision(&s).kind_as::<Kind>() != Some(Kind::Landing) {
            break;
        }
        let legal = g.legal(&s);
        let c = legal
            .iter()
            .find(|c| matches!(c, Command::Land { .. }))
            .cloned()
            .unwrap_or(Command::EndGroup);
        ok(&g, &mut s, c);
    }
    let d = g.decision(&s);
    assert_eq!(d.kind_as::<Kind>(), Some(Kind::LandingFire));
    assert!(d.interrupt);
    assert_eq!(g.legal(&s), vec![Command::HoldFire]);
}

// The log: in random games, a face-down counter's move is read by the US
// as a marker's move only, and nothing the US reads names the type of a
// counter while it is face down.
#[test]
fn the_log_keeps_face_down_counters_hidden() {
    let g = Grunt::embedded();
    for sc in ["basic", "standard"] {
        let mut s = g.new_game(&Setup::new(sc, 21)).unwrap();
        let mut p = RandomPolicy::new(3);
        let mut moves = 0;
        for _ in 0..3000 {
            if g.outcome(&s).is_finished() {
                break;
            }
            let legal = g.legal(&s);
            let k = Policy::<Grunt>::choose(&mut p, &g, &s, &legal);
            let before = s.clone();
            let mut ev = Vec::new();
            g.execute(&mut s, &legal[k], &mut ev);
            for e in &ev {
                if let crate::Event::Moved {
                    unit,
                    marker: Some(m),
                    ..
                } = e
                {
                    moves += 1;
                    let text = g.describe_in(&s, e);
                    let us = text.read_by(Reader::Side(Side::Us.idx())).0;
                    assert!(us.starts_with(&format!("Marker {m} ")), "{us}");
                    let name = &g.ty(before.c(*unit).role).name;
                    assert!(!us.contains(name.as_str()), "{us}");
                }
            }
        }
        assert!(moves > 0, "{sc}: some face-down moves");
    }
}
