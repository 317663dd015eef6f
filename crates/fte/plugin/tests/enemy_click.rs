//! A click on an enemy with units selected (issue 14): a player clicking an
//! enemy means to fire (or assault). The selection walked into the hex of
//! Civilians or of a lone Medic, which the rules allow, without asking, and
//! the reason a fire was impossible showed only where no walk was. Now the
//! click fires; where the rules also let the selection move in, it asks
//! which; where no fire is possible it says why, with the rule.

use fte_plugin::pick::{AimKind, Click, Ctx, Tool};
use fte_rules::geo::{Hex, HexExt};
use fte_rules::state::{Altitude, MoveMode, Side, State, UnitId, UnitStatus};
use fte_rules::step::Kind as K;
use fte_rules::{Command, Fte};
use vt_core::Ruleset;

fn h(s: &str) -> Hex {
    Hex::parse(s).expect("hex")
}

/// An empty game on the flat south-west corner of the examples map with
/// `units` (type, side, hex), all Visible; the first unit is activated.
fn activated(rules: &Fte, units: &[(&str, Side, &str)]) -> (State, Vec<UnitId>) {
    let mut s = rules.empty_game("examples");
    let ids: Vec<UnitId> = units
        .iter()
        .map(|(ty, side, hex)| {
            let id = rules.spawn(&mut s, ty, *side).expect("unit type");
            let u = s.unit_mut(id);
            u.status = UnitStatus::OnMap;
            u.hex = Some(h(hex));
            id
        })
        .collect();
    let c = Command::ActivateUnit { unit: ids[0] };
    rules.apply(&mut s, &c).expect("activation");
    (s, ids)
}

/// What a click on `hex` does with `sel` selected.
fn click(rules: &Fte, s: &State, sel: &[UnitId], hex: &str) -> Click {
    let view = rules.view(s, Side::Us.idx() as u8);
    let legal = rules.legal(s);
    let ctx = Ctx {
        rules,
        state: s,
        view: &view,
        kind: rules.decision(s).kind_as::<K>(),
        legal: &legal,
        sel,
        move_mode: MoveMode::Normal,
        altitude: Altitude::Treetop,
        tool: &Tool::Play,
        situation: None,
    };
    assert_eq!(ctx.kind, Some(K::Action));
    ctx.click(h(hex))
}

fn labels(c: &Click) -> Vec<String> {
    match c {
        Click::Menu(items) => items.iter().map(|i| i.label.clone()).collect(),
        other => panic!("not a menu: {other:?}"),
    }
}

// FTE 28.0: a US unit may enter the Civilians' hex; 17.1: any unit may
// enter a lone enemy Medic's. A click there offers the fire first and the
// move with its reason, and walks nowhere by itself.
#[test]
fn a_click_on_enemies_one_may_enter_asks_fire_or_move() {
    let rules = Fte::embedded();
    for (ty, why) in [
        ("civilians", "(US units may enter Civilians' hex, 28.0)"),
        ("nva-medic", "(an enemy Medic alone is eliminated, 17.1)"),
    ] {
        let (s, ids) = activated(
            &rules,
            &[("us-rifle", Side::Us, "20.24"), (ty, Side::Nva, "21.24")],
        );
        let c = click(&rules, &s, &ids[..1], "21.24");
        let l = labels(&c);
        // Fire (and an Assault, where one is legal) first, the move last.
        assert!(l.len() >= 2, "{ty}: {l:?}");
        assert!(
            l[0].starts_with("Fire at") || l[0].starts_with("No fire at"),
            "{ty}: fire comes first: {l:?}"
        );
        let last = l.len() - 1;
        assert_eq!(l[last], format!("Move into 21.24 {why}"), "{ty}");
        let Click::Menu(items) = c else {
            unreachable!()
        };
        assert!(
            matches!(&items[last].then, Click::Walk { first: Command::Move { .. }, rest } if rest == &vec![h("21.24")]),
            "{ty}: {:?}",
            items[last].then
        );
        if l[0].starts_with("Fire at") {
            assert!(matches!(&items[0].then, Click::Aim(a) if a.kind == AimKind::Fire));
        }
    }
}

// FTE 6.2: an enemy Fire Team's hex may not be entered: the click aims at
// it at once (no menu); with no line of sight (7.3, the rulebook's example:
// 20.20 does not see 22.18 past the Blocking Terrain of 21.19) it says why
// and names the rule.
#[test]
fn a_click_on_an_enemy_fires_or_says_why_not() {
    let rules = Fte::embedded();
    let (s, ids) = activated(
        &rules,
        &[
            ("us-rifle", Side::Us, "20.24"),
            ("nva-rifle", Side::Nva, "22.24"),
        ],
    );
    match click(&rules, &s, &ids[..1], "22.24") {
        Click::Aim(a) => assert_eq!(a.kind, AimKind::Fire),
        other => panic!("{other:?}"),
    }
    let (s, ids) = activated(
        &rules,
        &[
            ("us-rifle", Side::Us, "20.20"),
            ("nva-rifle", Side::Nva, "22.18"),
        ],
    );
    match click(&rules, &s, &ids[..1], "22.18") {
        Click::Hint(why) => assert!(
            why.starts_with("No fire at") && why.contains("FTE 7.3"),
            "{why}"
        ),
        other => panic!("{other:?}"),
    }
}
