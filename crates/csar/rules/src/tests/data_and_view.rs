//! Data loading (errors name file and line), the Sources and assumptions
//! lines, and the player's view (what is hidden, what is counted).

use super::*;
use crate::components::{Place, SurvivorAt, Zone};
use crate::data::{Icon, MarkerValue};
use crate::view::MarkerView;
use vt_core::provenance::Provenance;

#[test]
fn broken_data_names_the_file_and_line() {
    let mut files = crate::data_files();
    let text = files
        .text(crate::data::ENEMY)
        .unwrap()
        .replace("near: 2, far: Some(1)", "near: two, far: Some(1)");
    files.insert(crate::data::ENEMY, text);
    let e = Csar::from_files(&files).unwrap_err();
    assert_eq!(e.file, "assets/csar/enemy.ron");
    assert!(e.line > 0, "{e}");
}

#[test]
fn a_scenario_naming_a_missing_card_is_refused() {
    let mut files = crate::data_files();
    let text = files
        .text(crate::data::SCENARIOS)
        .unwrap()
        .replace("\"Wind Shift\"]", "\"Wind Shear\"]");
    files.insert(crate::data::SCENARIOS, text);
    let e = Csar::from_files(&files).unwrap_err();
    assert!(e.to_string().contains("Wind Shear"), "{e}");
    assert!(e.file.ends_with("scenarios.ron"));
}

#[test]
fn an_edited_file_changes_the_game() {
    // A player may change an assumption by editing the data.
    let mut files = crate::data_files();
    let text = files.text(crate::data::RULES).unwrap().replace(
        "abort_last_numbered_space: (value: 5",
        "abort_last_numbered_space: (value: 7",
    );
    files.insert(crate::data::RULES, text);
    let c = Csar::from_files(&files).unwrap();
    let s = new(&c, "caged-tiger", 1);
    assert_eq!(s.limits.auto_abort, 8);
}

#[test]
fn sources_and_assumptions_list_every_reconstruction() {
    let c = csar();
    let notes = c.source_notes();
    assert!(notes.iter().all(|n| !n.source.is_rulebook()));
    assert!(notes.iter().any(
        |n| n.item.contains("Resolution card 1") && matches!(n.source, Provenance::Assumed(_))
    ));
    assert!(notes.iter().any(|n| n.item.contains("'Troll for Fire'")));
    assert!(
        notes
            .iter()
            .any(|n| n.item.contains("price of an extra turn"))
    );
    assert!(notes.iter().any(|n| n.file == "rules (code)"));
    // CSAR 2.2.1 names the Wild and Reshuffle cards but prints no card numbers,
    // and the numbers decide random determinations (odd or even): assumed.
    for icon in ["Wild", "Reshuffle"] {
        assert!(
            notes
                .iter()
                .any(|n| n.item.starts_with("Resolution card") && n.value == icon),
            "the {icon} card's number is listed"
        );
    }
    // CSAR 7.1-7.3 give the guns' firepower; how many counters of each is ours.
    for gun in ["M38", "DShK", "ZPU", "S-60"] {
        assert!(
            notes
                .iter()
                .any(|n| n.item.contains(gun) && n.value.contains("counters")),
            "the number of {gun} counters is listed"
        );
    }
    // CSAR 9.4 prints the 1+ marker, not how many each cup holds.
    assert!(notes.iter().any(|n| n.item == "Hidden markers showing 1+"));
    assert!(notes.iter().any(|n| n.item == "Enemy markers showing 1+"));
    // Read from the text: not listed.
    assert!(!notes.iter().any(|n| n.item == "hand size"));
}

#[test]
fn the_view_hides_face_down_markers_and_pile_order_but_counts_cards() {
    let c = csar();
    let mut s = blank(&c, 8);
    s.zones[Zone::North.index()].hidden = Some(MarkerValue::N(2));
    s.zones[Zone::East.index()].enemy = Some(MarkerValue::OnePlus);
    s.zones[Zone::East.index()].enemy_revealed = true;
    let v = c.view(&s, 0);
    assert_eq!(v.zones[Zone::North.index()].hidden, MarkerView::FaceDown);
    assert_eq!(
        v.zones[Zone::East.index()].enemy,
        MarkerView::Revealed(MarkerValue::OnePlus)
    );
    let json = serde_json::to_string(&v).unwrap();
    assert!(!json.contains("draw_pile\":["), "no pile order in the view");
    let total: u8 = v.resolution.remaining.iter().map(|(_, n)| n).sum();
    assert_eq!(total as usize, s.res.draw_pile.len());
    let rifles = v
        .resolution
        .remaining
        .iter()
        .find(|(i, _)| *i == Icon::Rifle)
        .unwrap()
        .1;
    assert_eq!(
        rifles as usize,
        s.res
            .draw_pile
            .iter()
            .filter(|&&k| c.icon(k) == Icon::Rifle)
            .count()
    );
}

#[test]
fn the_view_gives_the_odds_of_the_decision_at_hand() {
    let c = csar();
    let mut s = blank(&c, 8);
    put(&mut s, HELO5, Place::Zone(Zone::Center));
    put(&mut s, SANDY1, Place::Zone(Zone::Center));
    s.step = Step::Rescue;
    let v = c.view(&s, 0);
    assert_eq!(v.odds.len(), 1);
    let (pile, disc) = (
        crate::odds::Comp::from_icons(s.res.draw_pile.iter().map(|&k| c.icon(k))),
        crate::odds::Comp::from_icons(s.res.discards.iter().map(|&k| c.icon(k))),
    );
    assert_eq!(v.odds[0].draws, 2);
    assert!((v.odds[0].chance - crate::odds::rescue(pile, disc, 2)).abs() < 1e-12);
}

#[test]
fn rescue_odds_say_what_they_leave_out() {
    // CSAR 4.3.5: a rescue first reveals the Enemy and Hidden markers in and
    // beside its zone, and new guns fire before the rescue draw. With nothing
    // face down there the figure is exact; otherwise it says plainly that
    // those guns are left out.
    let c = csar();
    let mut s = blank(&c, 8);
    put(&mut s, HELO5, Place::Zone(Zone::North));
    s.survivors[0].at = SurvivorAt::Stranded(Zone::North);
    s.step = Step::Rescue;
    // Not beside the North: the rescue turns nothing up.
    s.zones[Zone::South.index()].hidden = Some(MarkerValue::N(2));
    let v = c.view(&s, 0);
    assert_eq!(v.odds.len(), 1);
    assert!(v.odds.iter().all(|o| o.leaves_out.is_none()));
    // Beside it: left out, and said so.
    s.zones[Zone::East.index()].enemy = Some(MarkerValue::N(1));
    let v = c.view(&s, 0);
    for o in &v.odds {
        let note = o.leaves_out.as_deref().expect("a note");
        assert!(note.contains("East") && note.contains("4.3.5"), "{note}");
        assert!(!note.contains("South"), "{note}");
        // Issue 14: no "(s)" plurals in what the player reads.
        assert!(!note.contains("(s)"), "{note}");
    }
}

#[test]
fn the_view_previews_the_fire_before_it_comes() {
    // 4.3.3 A-C as the player would work it out: ZPU (2) and DShK (1) in the
    // North with a Sandy there: ZFV 3.
    let c = csar();
    let mut s = blank(&c, 8);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    gun(&c, &mut s, "ZPU", Zone::North);
    gun(&c, &mut s, "DShK", Zone::North);
    s.step = Step::Assign;
    let v = c.view(&s, 0);
    assert_eq!(v.fire_odds.len(), 1);
    let f = &v.fire_odds[0];
    assert_eq!((f.zone, f.zfv, f.certain), (Zone::North, 3, true));
    assert!((f.hits.iter().sum::<f64>() - 1.0).abs() < 1e-9);
}
