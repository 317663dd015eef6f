//! Hidden information: what the enemy may not know is absent from its
//! view, its reading of the log and its legal commands, and whether it is
//! given a chance depends only on what it may know.

use super::util::*;
use crate::PlatoonCards;
use crate::command::{Action, Command};
use crate::state::*;
use crate::step::Step;
use vt_core::engine::{Reader, Ruleset, Setup};

fn hamlet(g: &PlatoonCards, seed: u64) -> State {
    let mut s = g.new_game(&Setup::new("hamlet-sweep", seed)).unwrap();
    apply(g, &mut s, Command::SetupDone);
    s
}

/// Swaps which platoon (or bogus card) sits under two VC cards, moving
/// the platoons' stands with them: the same table to the US eye.
fn swap_secret(s: &mut State, a: usize, b: usize) {
    let (pa, pb) = (s.cards[a].pos, s.cards[b].pos);
    for (card, from, to) in [(a, pa, pb), (b, pb, pa)] {
        if let Some(p) = s.cards[card].platoon {
            for st in s.stands.iter_mut().filter(|st| st.platoon == p) {
                st.pos = st.pos + (to - from);
            }
        }
    }
    let (x, y) = (s.cards[a].platoon, s.cards[b].platoon);
    s.cards[a].platoon = y;
    s.cards[b].platoon = x;
    let (m, n) = (s.cards[a].marker, s.cards[b].marker);
    for (card, marker) in [(a, m), (b, n)] {
        if let Some(p) = s.cards[card].platoon {
            s.platoons[p as usize].card_marker = Some(marker);
        }
    }
}

#[test]
fn the_us_cannot_tell_where_the_vc_platoons_are() {
    let g = PlatoonCards::embedded();
    let a = hamlet(&g, 5);
    let real = a
        .cards
        .iter()
        .position(|c| c.platoon.is_some() && !c.large)
        .unwrap();
    let bogus = a.cards.iter().position(|c| c.platoon.is_none()).unwrap();
    let mut b = a.clone();
    swap_secret(&mut b, real, bogus);
    assert_ne!(a, b);
    let us = Side::Us;
    let json = |s: &State| serde_json::to_string(&g.make_view(s, us)).unwrap();
    assert_eq!(json(&a), json(&b));
    assert_eq!(g.decision(&a), g.decision(&b));
    assert_eq!(g.legal(&a), g.legal(&b));
    // The VC see the difference.
    assert_ne!(
        serde_json::to_string(&g.make_view(&a, Side::Vc)).unwrap(),
        serde_json::to_string(&g.make_view(&b, Side::Vc)).unwrap()
    );
    // Cards carry no hint: no platoon, no type, the same size for platoons
    // and bogus ones.
    let v = g.make_view(&a, us);
    assert!(v.cards.iter().all(|c| c.platoon.is_none()));
    assert!(
        v.stands
            .iter()
            .all(|st| st.side == Side::Us || !a.stand(st.id).hidden)
    );
    let vc_platoons = v.platoons.iter().filter(|p| p.side == Side::Vc).count();
    assert_eq!(vc_platoons, 0, "every VC platoon is hidden");
}

#[test]
fn snipers_mines_and_plots_are_secret() {
    let g = PlatoonCards::embedded();
    let s = hamlet(&g, 5);
    let us = g.make_view(&s, Side::Us);
    let vc = g.make_view(&s, Side::Vc);
    assert!(us.snipers.is_empty());
    assert_eq!(us.enemy_snipers, 2);
    assert_eq!(vc.snipers.len(), 2);
    assert!(us.mines.iter().all(|m| m.real.is_none()));
    assert!(vc.mines.iter().all(|m| m.real.is_some()));
    assert_eq!(us.mines.len(), 6);
    // Hidden mines: absent altogether.
    let mut t = g
        .new_game(&Setup::new("hamlet-sweep", 5).option("hidden-mines", "on"))
        .unwrap();
    apply(&g, &mut t, Command::SetupDone);
    assert!(g.make_view(&t, Side::Us).mines.is_empty());
    assert_eq!(g.make_view(&t, Side::Vc).mines.len(), 6);
}

#[test]
fn a_hidden_platoons_activation_reads_as_public_text() {
    let g = PlatoonCards::embedded();
    let mut s = hamlet(&g, 5);
    apply(&g, &mut s, Command::SetupDone);
    while matches!(s.step(), Step::PlotDivisional { .. }) {
        apply(&g, &mut s, Command::PlotDone);
    }
    let p = s
        .platoons
        .iter()
        .find(|p| p.side == Side::Vc && p.card && p.card_marker.is_some())
        .unwrap()
        .id;
    s.steps = vec![Step::Activate { side: Side::Vc }];
    s.card = Some(Side::Vc);
    let mut ev = apply(&g, &mut s, Command::Activate { platoon: p });
    if g.legal(&s).contains(&Command::SkipMorale) {
        ev.extend(apply(&g, &mut s, Command::SkipMorale));
    } else {
        ev.extend(apply(
            &g,
            &mut s,
            Command::RollMorale {
                company_commander: false,
            },
        ));
    }
    ev.extend(apply(
        &g,
        &mut s,
        Command::Choose {
            action: Action::Overwatch,
        },
    ));
    let name = s.platoon(p).name.clone();
    for e in &ev {
        let entry = g.describe_in(&s, e);
        let (us_text, us_rolls) = entry.read_by(Reader::Side(Side::Us.idx()));
        assert!(!us_text.contains(&name), "{us_text}");
        assert!(us_rolls.is_empty());
        assert!(
            entry
                .read_by(Reader::Side(Side::Vc.idx()))
                .0
                .contains(&name)
                || !matches!(e, crate::Event::Activated { .. })
        );
    }
    // The US view does not name the active platoon.
    assert_eq!(g.make_view(&s, Side::Us).active, None);
}

#[test]
fn the_chance_to_react_depends_only_on_what_the_mover_knows() {
    // With a hidden VC platoon on overwatch, the US move gives the VC a
    // chance wherever that platoon is (in range or not).
    let g = PlatoonCards::embedded();
    let mut a = hamlet(&g, 5);
    apply(&g, &mut a, Command::SetupDone);
    while matches!(a.step(), Step::PlotDivisional { .. }) {
        apply(&g, &mut a, Command::PlotDone);
    }
    let real = a
        .cards
        .iter()
        .position(|c| c.platoon.is_some() && !c.large)
        .unwrap();
    let bogus = a.cards.iter().position(|c| c.platoon.is_none()).unwrap();
    let mut b = a.clone();
    swap_secret(&mut b, real, bogus);
    for s in [&mut a, &mut b] {
        let pid = s.cards[real].platoon.or(s.cards[bogus].platoon).unwrap();
        // Both: the same real platoon goes on overwatch, unseen.
        s.snipers.iter_mut().for_each(|x| x.gone = true);
        let name = s.platoon(pid).name.clone();
        activate(&g, s, &name, Action::Overwatch);
        activate(&g, s, "1st Plt", Action::MoveAndFire);
        let mover = s
            .stands
            .iter()
            .find(|st| st.platoon == platoon(s, "1st Plt") && g.unit(st).id == "us-rifle")
            .unwrap()
            .id;
        let to = g
            .reach_toward(s, s.stand(mover), s.stand(mover).pos + p(0.0, 3.0))
            .unwrap();
        apply(&g, s, Command::Move { stand: mover, to });
    }
    assert!(matches!(a.step(), Step::Reaction { .. }));
    assert_eq!(g.decision(&a), g.decision(&b));
    assert_eq!(
        serde_json::to_string(&g.make_view(&a, Side::Us)).unwrap(),
        serde_json::to_string(&g.make_view(&b, Side::Us)).unwrap()
    );
}

#[test]
fn markers_are_numbered_from_the_seed() {
    let g = PlatoonCards::embedded();
    let a = hamlet(&g, 5);
    let b = hamlet(&g, 6);
    let order =
        |s: &State| -> Vec<Option<PlatoonId>> { s.cards.iter().map(|c| c.platoon).collect() };
    assert_ne!(
        order(&a),
        order(&b),
        "the file's order does not give the cards away"
    );
}

// Chart: MORALE TABLE (routed: falls back) and Notes: HIDDEN DEPLOYMENT (our
// reading: moving shows a hidden platoon). A hidden platoon that routs at
// its activation is turned up and falls back; left under its card it would
// end its activation at once and tell the US it had routed, unseen (found
// by the paired-game test in `secrecy.rs`).
#[test]
fn a_hidden_platoon_that_routs_is_turned_up() {
    let g = PlatoonCards::embedded();
    let mut s = hamlet(&g, 5);
    apply(&g, &mut s, Command::SetupDone);
    while matches!(s.step(), Step::PlotDivisional { .. }) {
        apply(&g, &mut s, Command::PlotDone);
    }
    let p = s
        .platoons
        .iter()
        .find(|p| p.side == Side::Vc && p.card && p.card_marker.is_some())
        .unwrap()
        .id;
    let marker = s.platoon(p).card_marker.unwrap();
    for st in s.stands.iter_mut().filter(|st| st.platoon == p) {
        st.status = Status::Disrupted;
    }
    s.steps = vec![Step::Activate { side: Side::Vc }];
    s.card = Some(Side::Vc);
    apply(&g, &mut s, Command::Activate { platoon: p });
    s.rng.force(&[1]);
    let ev = apply(
        &g,
        &mut s,
        Command::RollMorale {
            company_commander: false,
        },
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        crate::Event::MoraleCheck {
            result: crate::data::MoraleResult::Routed,
            ..
        }
    )));
    assert!(ev.iter().any(
        |e| matches!(e, crate::Event::Revealed { marker: m, platoon: Some(x), .. } if *m == marker && *x == p)
    ));
    assert!(
        s.cards
            .iter()
            .find(|c| c.marker == marker)
            .unwrap()
            .revealed
    );
    assert!(s.members(p).all(|st| !st.hidden));
    assert!(g.make_view(&s, Side::Us).platoons.iter().any(|v| v.id == p));
}
