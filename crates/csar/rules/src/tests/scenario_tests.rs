//! CSAR 7.0-7.4 scenario set-ups and special rules; 8.0 the mini-campaign.

use super::*;
use crate::command::{Command, Dest, Purchase};
use crate::components::{AircraftKind, Place, SurvivorAt, Zone};
use crate::data::{Icon, MarkerValue, ZoneMarkerKind};
use crate::event::Event;
use crate::state::{EndReason, GameResult, PilotStatus};

fn at(s: &State, kind: AircraftKind, place: Place) -> usize {
    s.aircraft
        .iter()
        .filter(|a| a.kind == kind && a.place == place)
        .count()
}

#[test]
fn caged_tiger_setup() {
    // CSAR 7.0: 4 Sandys, FAC, 2 helicopters in the Orbit Box; 4 Fast Movers in
    // the Pool; a Healthy Survivor in the Center; an Enemy marker in each Outer
    // Zone, a Hidden and a Zone marker in every zone; Search and Abort at 0;
    // the player picks a Pilot/PJ and five different Aircraft cards.
    let c = csar();
    let mut s = new(&c, "caged-tiger", 21);
    assert_eq!(s.step, Step::ChoosePilot);
    assert_eq!(at(&s, AircraftKind::Sandy, Place::Orbit), 4);
    assert_eq!(at(&s, AircraftKind::Fac, Place::Orbit), 1);
    assert_eq!(at(&s, AircraftKind::Helicopter, Place::Orbit), 2);
    assert_eq!(at(&s, AircraftKind::FastMover, Place::Pool), 4);
    assert_eq!(s.survivors.len(), 1);
    assert_eq!(s.survivors[0].at, SurvivorAt::Stranded(Zone::Center));
    assert!(!s.survivors[0].injured);
    for z in Zone::ALL {
        assert!(s.zone(z).hidden.is_some());
        assert_eq!(s.zone(z).enemy.is_some(), z.is_outer());
        assert_eq!(s.zone(z).markers.count_ones(), 1);
    }
    assert_eq!((s.search, s.abort, s.turn, s.last_turn), (0, 0, 1, 10));
    assert_eq!(s.res.draw_pile.len(), 30);
    apply(&c, &mut s, Command::ChoosePilot(None));
    if let Step::PlacePilot { .. } = s.step {
        let cmd = c.legal(&s)[0];
        apply(&c, &mut s, cmd);
    }
    assert!(s.aircraft.iter().any(|a| a.pilot.is_some()));
    for _ in 0..5 {
        assert!(matches!(s.step, Step::ChooseHand { .. }));
        let cmd = c.legal(&s)[0];
        apply(&c, &mut s, cmd);
    }
    let mut kinds: Vec<u8> = s.hand.iter().map(|&h| c.card_kind(h)).collect();
    kinds.dedup();
    assert_eq!(kinds.len(), 5, "five cards, no two alike");
    assert_eq!(s.step, Step::Reserve);
}

#[test]
fn cauldron_of_fire_setup_and_reinforcements() {
    // CSAR 7.1: 2 Sandys and the FAC in orbit, one Fast Mover ENTER in orbit
    // and three in the Pool, 2 Sandys and 2 helicopters arriving on turn 3;
    // an Injured Survivor and an M38 in the Center; Villages West and North;
    // no Hidden markers; Search 1; the fixed hand; Wind Shift out.
    let c = csar();
    let mut s = new(&c, "cauldron-of-fire", 22);
    past_setup(&c, &mut s);
    assert_eq!(at(&s, AircraftKind::Sandy, Place::Orbit), 2);
    assert_eq!(at(&s, AircraftKind::FastMover, Place::Orbit), 1);
    assert_eq!(at(&s, AircraftKind::FastMover, Place::Pool), 3);
    assert_eq!(at(&s, AircraftKind::Helicopter, Place::Arriving(3)), 2);
    assert_eq!(at(&s, AircraftKind::Sandy, Place::Arriving(3)), 2);
    assert!(s.survivors[0].injured);
    assert_eq!(s.guns.len(), 1);
    assert_eq!(c.data.guns[s.guns[0].kind as usize].name, "M38");
    assert!(
        s.zone(Zone::West).has(ZoneMarkerKind::Village)
            && s.zone(Zone::North).has(ZoneMarkerKind::Village)
    );
    assert!(Zone::ALL.iter().all(|&z| s.zone(z).hidden.is_none()));
    for z in Zone::OUTER {
        assert!(s.zone(z).enemy.is_some_and(|v| v.at_least(1)));
    }
    assert_eq!(s.search, 1);
    let names: Vec<String> = s.hand.iter().map(|&h| c.card_name(h)).collect();
    assert_eq!(
        names,
        [
            "Troll for Fire",
            "Request Aircraft",
            "Suppress",
            "Mark Target",
            "Attack"
        ]
    );
    assert_eq!(s.action.removed.len(), 7);
    // Turn 3's Event Phase brings the reinforcements.
    s.turn = 3;
    s.step = Step::AutoEventPhase;
    let ev = run(&c, &mut s);
    assert_eq!(
        count(&ev, |e| matches!(e, Event::AircraftArrives { .. })),
        4
    );
    assert_eq!(at(&s, AircraftKind::Helicopter, Place::Orbit), 2);
}

#[test]
fn streetcar_down_setup() {
    // CSAR 7.2: two Healthy Survivors (Center, East); 2 M38 East, DShK and ZPU
    // Center; Coordinated Fire East, random Zone markers North, South, West;
    // 2 Fast Movers ENTER in orbit, 2 in the Pool.
    let c = csar();
    let mut s = new(&c, "streetcar-down", 23);
    past_setup(&c, &mut s);
    let zones: Vec<_> = s.survivors.iter().map(|v| v.at).collect();
    assert_eq!(
        zones,
        [
            SurvivorAt::Stranded(Zone::Center),
            SurvivorAt::Stranded(Zone::East)
        ]
    );
    let names = |z: Zone| {
        let mut v: Vec<&str> = s
            .guns
            .iter()
            .filter(|g| g.zone == z)
            .map(|g| c.data.guns[g.kind as usize].name.as_str())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(Zone::East), ["M38", "M38"]);
    assert_eq!(names(Zone::Center), ["DShK", "ZPU"]);
    assert!(s.zone(Zone::East).has(ZoneMarkerKind::CoordinatedFire));
    for z in [Zone::North, Zone::South, Zone::West] {
        assert_eq!(s.zone(z).markers.count_ones(), 1);
    }
    assert_eq!(s.zone(Zone::Center).markers, 0);
    assert_eq!(at(&s, AircraftKind::FastMover, Place::Orbit), 2);
    assert_eq!(at(&s, AircraftKind::FastMover, Place::Pool), 2);
}

#[test]
fn streetcar_arclight_and_end_draw() {
    // CSAR 7.2: aircraft leave the zones at the end of turn 5 and stay in the
    // Orbit Box on turn 6, when no Action cards are played; from turn 8 a
    // crosshairs card at the start of a turn ends the scenario.
    let c = csar();
    let mut s = new(&c, "streetcar-down", 24);
    past_setup(&c, &mut s);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    s.turn = 5;
    let mut ev = Vec::new();
    c.cleanup_and_adjust(&mut s, &mut ev);
    assert!(has(&ev, |e| *e == Event::ArcLightClears));
    assert_eq!(s.aircraft[SANDY1 as usize].place, Place::Orbit);
    assert_eq!(s.turn, 6);
    s.step = Step::Move;
    assert_eq!(
        c.check(
            &s,
            &Command::Move {
                aircraft: SANDY1,
                to: Dest::Zone(Zone::North)
            }
        )
        .unwrap_err()
        .rule,
        "CSAR 7.2"
    );
    let req = action(&c, &mut s, "Request Aircraft");
    s.hand = vec![req];
    s.step = Step::Commands;
    assert!(
        c.check(
            &s,
            &Command::PlayCommand {
                card: req,
                target: crate::CommandTarget::None
            }
        )
        .is_err()
    );
    assert!(c.check(&s, &Command::DiscardCommand(req)).is_ok());
    s.turn = 8;
    s.step = Step::AutoTurnStart;
    stack(&mut s, &[res(&c, Icon::Crosshairs)[0]]);
    run(&c, &mut s);
    assert_eq!(s.end, Some(EndReason::EndDraw));
}

#[test]
fn youve_got_your_troubles_setup_and_limits() {
    // CSAR 7.3: one helicopter; the "3" Enemy marker out; no S-60 in the cup;
    // Impassable East and North, Villages West and South; Search 1, Abort 1;
    // hand of four; hand 4 and Reserve 2; Search never beyond 3.
    let c = csar();
    let mut s = new(&c, "youve-got-your-troubles", 25);
    past_setup(&c, &mut s);
    assert_eq!(at(&s, AircraftKind::Helicopter, Place::Orbit), 1);
    let on_map_3 = Zone::ALL
        .iter()
        .any(|&z| s.zone(z).enemy == Some(MarkerValue::N(3)));
    assert!(!on_map_3 && !s.enemy_cup.contains(&MarkerValue::N(3)));
    let s60 = c.data.gun_index("S-60").unwrap();
    assert!(!s.gun_cup.chits.iter().any(
        |ch| matches!(ch, crate::markers::Chit::Gun(k) if c.data.gun_counters[*k as usize] == s60)
    ));
    assert!(
        s.zone(Zone::East).has(ZoneMarkerKind::Impassable)
            && s.zone(Zone::North).has(ZoneMarkerKind::Impassable)
    );
    assert!(
        s.zone(Zone::West).has(ZoneMarkerKind::Village)
            && s.zone(Zone::South).has(ZoneMarkerKind::Village)
    );
    assert_eq!((s.search, s.abort, s.hand.len()), (1, 1, 4));
    assert_eq!(
        (s.limits.hand, s.limits.reserve, s.limits.search_cap),
        (4, 2, 3)
    );
    s.search = 3;
    let mut ev = Vec::new();
    c.move_search(&mut s, &mut ev, 1);
    assert_eq!(s.search, 3);
}

#[test]
fn air_force_cross_setup_and_shuttle() {
    // CSAR 7.4: Sandy 1 carries Claws or Piney; Injured Survivor in the Center;
    // the player reveals two zones' Enemy markers, which get Coordinated Fire;
    // Search 1; Search Effectiveness on; Fast Mover shuttle for six turns.
    let c = csar();
    let mut s = new(&c, "air-force-cross", 26);
    assert_eq!(s.step, Step::ChoosePilot);
    let legal = c.legal(&s);
    let names: Vec<String> = legal
        .iter()
        .filter_map(|l| {
            if let Command::ChoosePilot(Some(p)) = l {
                Some(c.data.pilots[*p as usize].name.clone())
            } else {
                None
            }
        })
        .collect();
    assert_eq!(names, ["Claws", "Piney"]);
    apply(&c, &mut s, Command::ChoosePilot(Some(0)));
    assert_eq!(s.aircraft[SANDY1 as usize].pilot, Some(0));
    for _ in 0..5 {
        let cmd = c.legal(&s)[0];
        apply(&c, &mut s, cmd);
    }
    assert!(matches!(s.step, Step::RevealChoice { left: 2 }));
    apply(&c, &mut s, Command::RevealZone(Zone::North));
    apply(&c, &mut s, Command::RevealZone(Zone::South));
    assert!(s.zone(Zone::North).enemy_revealed && s.zone(Zone::South).enemy_revealed);
    assert!(s.zone(Zone::North).has(ZoneMarkerKind::CoordinatedFire));
    assert!(s.zone(Zone::South).has(ZoneMarkerKind::CoordinatedFire));
    assert!(!s.zone(Zone::East).enemy_revealed);
    assert!(s.survivors[0].injured && s.survivors[0].pinpointed);
    assert!(s.options.search_effectiveness);
    assert_eq!(s.search, 1);
    // Shuttle: the Fast Mover goes to the Pool at turn end and comes back.
    let fm = s
        .aircraft
        .iter()
        .position(|a| a.kind == AircraftKind::FastMover && a.place == Place::Orbit)
        .unwrap();
    let mut ev = Vec::new();
    c.cleanup_and_adjust(&mut s, &mut ev);
    assert_eq!(s.aircraft[fm].place, Place::Pool);
    s.step = Step::AutoTurnStart;
    let ev = run(&c, &mut s);
    assert!(has(&ev, |e| matches!(
        e,
        Event::AircraftArrives {
            to: Place::Orbit,
            ..
        }
    )));
    assert_eq!(at(&s, AircraftKind::FastMover, Place::Orbit), 1);
}

#[test]
fn air_force_cross_victory() {
    // CSAR 7.4: win with every Survivor rescued and nothing shot down; a loss
    // when both helicopters are down; anything else a draw.
    let c = csar();
    let mut s = new(&c, "air-force-cross", 27);
    past_setup(&c, &mut s);
    put(&mut s, HELO5, Place::Zone(Zone::Center));
    s.survivors[0].at = SurvivorAt::Aboard(HELO5);
    assert_eq!(c.mission_result(&s), GameResult::Win);
    s.tally.shot_down = 1;
    assert_eq!(c.mission_result(&s), GameResult::Draw);
    put(&mut s, HELO5, Place::Removed);
    put(&mut s, HELO6, Place::Removed);
    assert_eq!(c.mission_result(&s), GameResult::Loss);
    // 7.4: "both helicopters are shot down" is a loss at once, although
    // neither is destroyed (which alone ends a game under 5.0).
    s.survivors[0].at = SurvivorAt::Stranded(Zone::Center);
    let mut ev = Vec::new();
    c.check_end(&mut s, &mut ev);
    assert_eq!(s.end, Some(crate::state::EndReason::HelicoptersShotDown));
}

#[test]
fn campaign_purchases_morale_and_pilots() {
    // CSAR 8.0: start with 5 Morale Points; buy removed cards, a turn, pilots,
    // Fast Movers; nine-turn missions; no Fast Movers unless bought; scores.
    let c = csar();
    let mut s = new(&c, "campaign", 28);
    assert_eq!(s.step, Step::Purchase);
    assert_eq!(s.campaign.as_ref().unwrap().morale, 5);
    let napalm = c.campaign_cards()[0];
    apply(&c, &mut s, Command::Buy(Purchase::Card(napalm)));
    apply(&c, &mut s, Command::Buy(Purchase::ExtraTurn));
    apply(&c, &mut s, Command::Buy(Purchase::FastMover));
    assert_eq!(s.campaign.as_ref().unwrap().morale, 5 - 1 - 2 - 1);
    assert!(
        c.check(&s, &Command::Buy(Purchase::Pilot(0))).is_err(),
        "three points, one left"
    );
    apply(&c, &mut s, Command::Done);
    assert_eq!(s.last_turn, 10);
    assert_eq!(at(&s, AircraftKind::FastMover, Place::Pool), 1);
    assert!(s.action.draw_pile.contains(&napalm));
    assert_eq!(
        s.action.removed.len(),
        4,
        "2 Napalm, 1 CS Gas, 2 Request Aircraft less the one bought"
    );
    // Score a mission: Survivor rescued off the map, nothing lost, Abort 1.
    past_setup(&c, &mut s);
    s.survivors[0].at = SurvivorAt::OffMap;
    s.abort = 1;
    s.end = Some(EndReason::NoSurvivorsOnMap);
    let ev = run(&c, &mut s);
    assert!(has(&ev, |e| matches!(
        e,
        Event::MissionScored {
            mission: 1,
            morale: 3,
            result: GameResult::Win,
            ..
        }
    )));
    assert_eq!(s.step, Step::Purchase);
    let camp = s.campaign.as_ref().unwrap();
    assert_eq!(
        (camp.mission, camp.morale, camp.fast_movers, camp.extra_turn),
        (2, 3, 0, false)
    );
    apply(&c, &mut s, Command::Buy(Purchase::Pilot(2)));
    assert_eq!(s.campaign.as_ref().unwrap().pilots[2], PilotStatus::Roster);
}

#[test]
fn campaign_loses_a_pilot_killed_and_ends_after_three_missions() {
    // CSAR 8.0: a Pilot or PJ killed: -2 and gone for the campaign; the
    // campaign ends after the third mission, won with positive Morale.
    let c = csar();
    let mut s = new(&c, "campaign", 29);
    apply(&c, &mut s, Command::Done);
    past_setup(&c, &mut s);
    let p = s.aircraft.iter().find_map(|a| a.pilot).unwrap();
    s.tally.pilots_killed |= 1 << p;
    s.tally.destroyed = 1;
    s.survivors[0].at = SurvivorAt::Captured;
    s.end = Some(EndReason::NoSurvivorsOnMap);
    run(&c, &mut s);
    let camp = s.campaign.as_ref().unwrap();
    assert_eq!(camp.pilots[p as usize], PilotStatus::Lost);
    assert_eq!(camp.morale, 5 - 3 - 2);
    for m in 2..=3 {
        // With no Morale Points to spend the purchase step passes by itself.
        if s.step == Step::Purchase {
            apply(&c, &mut s, Command::Done);
        }
        past_setup(&c, &mut s);
        assert!(
            s.aircraft.iter().all(|a| a.pilot != Some(p)),
            "a lost pilot never flies again"
        );
        s.survivors[0].at = SurvivorAt::Captured;
        s.end = Some(EndReason::NoSurvivorsOnMap);
        run(&c, &mut s);
        assert_eq!(s.campaign.as_ref().unwrap().results.len(), m as usize);
    }
    assert_eq!(s.step, Step::Over);
    assert_eq!(s.result, Some(GameResult::Loss));
}

#[test]
fn air_force_cross_a_capture_loses_at_once() {
    // CSAR 7.4: the player immediately loses if any Survivor is captured,
    // even with another Survivor still on the map (5.0 alone plays on).
    let c = csar();
    let mut s = new(&c, "air-force-cross", 27);
    past_setup(&c, &mut s);
    s.survivors.push(crate::components::Survivor {
        at: SurvivorAt::Stranded(Zone::North),
        injured: false,
        pinpointed: true,
        pilot: None,
    });
    s.search_spared = true; // 6.5 already used: a rifle captures
    s.hand.clear();
    s.search = 1;
    stack(&mut s, &[res(&c, Icon::Rifle)[0]]);
    s.step = Step::AutoEndTurn;
    let ev = run(&c, &mut s);
    assert!(has(&ev, |e| matches!(e, Event::Captured { .. })));
    assert!(s.any_stranded(), "one Survivor is still on the map");
    assert!(s.end.is_some(), "the game is over at once");
    assert_eq!(s.result, Some(GameResult::Loss));
    assert!(!has(&ev, |e| matches!(e, Event::AbortCheck { .. })));
}

/// CSAR 7.0: a Pilot/PJ card may be chosen when the scenario allows its
/// name, the campaign has it available (8.0), and some aircraft of its
/// type in play has no counter yet (the scenario's aircraft if it names
/// one). The set of choices, made from one look at the aircraft for all
/// the cards, is held to that rule asked card by card, in every position
/// random games of every scenario reach (the mid-game ones vary the
/// counters carried and the aircraft removed).
#[test]
fn pilot_choices_are_the_cards_the_set_up_rule_allows() {
    use crate::data::PilotRule;
    use vt_core::playout::{Policy, RandomPolicy};
    let c = csar();
    let by_card = |s: &State| -> u64 {
        let sc = &c.data.scenarios[s.scenario as usize];
        let mut m = 0;
        for p in 0..c.data.pilots.len() as u8 {
            let ok_name = match &sc.pilot {
                PilotRule::NoPilot => false,
                PilotRule::Any => true,
                PilotRule::OneOf { names, .. } => names.contains(&c.data.pilots[p as usize].name),
            };
            let free = s
                .campaign
                .as_ref()
                .is_none_or(|k| k.pilots[p as usize] == PilotStatus::Available);
            if ok_name && free && c.pilot_aircraft(s, p).next().is_some() {
                m |= 1 << p;
            }
        }
        m
    };
    let (mut positions, mut some, mut none) = (0, 0, 0);
    for sc in c.info().scenarios {
        for seed in 0..10u64 {
            let mut s = new(&c, &sc.id, 300 + seed);
            let mut p = RandomPolicy::new(seed);
            while s.result.is_none() {
                let want = by_card(&s);
                assert_eq!(
                    c.pilot_choices(&s),
                    want,
                    "{} seed {seed} at {:?}",
                    sc.id,
                    s.step
                );
                positions += 1;
                if want == 0 {
                    none += 1
                } else {
                    some += 1
                }
                let legal = c.legal(&s);
                let k = Policy::<Csar>::choose(&mut p, &c, &s, &legal);
                apply(&c, &mut s, legal[k]);
            }
        }
    }
    assert!(
        positions > 2000 && some > 100 && none > 100,
        "{positions} {some} {none}"
    );
}

// A playout hands its finished games back (`Ruleset::recycle`) and the next
// set-up on the thread fills the old state's lists: every scenario, with
// the optional rules off and on, sets up and plays on exactly as from a
// new state, whatever game was recycled before it.
#[test]
fn a_recycled_state_sets_up_and_plays_as_a_new_one() {
    use vt_core::digest::digest;
    use vt_core::playout::{RandomPolicy, game_seeds, play_one};
    let rules = csar();
    let opts = [
        "bombing-effectiveness",
        "pinpointing",
        "danger-close",
        "recovering-pilots",
        "search-effectiveness",
    ];
    for sc in rules.info().scenarios {
        for on in [false, true] {
            for i in 0..6 {
                let (gs, ps) = game_seeds(5, i);
                let mut setup = Setup::new(&sc.id, gs);
                if on {
                    for k in opts {
                        setup = setup.option(k, "on");
                    }
                }
                // Set up once with nothing kept (a set-up takes what is
                // kept, and a state dropped is not kept), once after a
                // finished game was handed back (`play_one` hands back its
                // game: the game played here is set up from nothing kept).
                drop(rules.new_game(&setup).unwrap());
                let new = rules.new_game(&setup).unwrap();
                let played = play_one(&rules, &setup, &mut RandomPolicy::new(ps), 100_000);
                let reused = rules.new_game(&setup).unwrap();
                assert_eq!(digest(&new), digest(&reused), "{} set-up", sc.id);
                assert_eq!(
                    serde_json::to_string(&new).unwrap(),
                    serde_json::to_string(&reused).unwrap()
                );
                // Another game's end kept: the same game played again.
                let other = Setup::new(&sc.id, gs ^ 1);
                play_one(&rules, &other, &mut RandomPolicy::new(ps), 100_000).unwrap();
                let again = play_one(&rules, &setup, &mut RandomPolicy::new(ps), 100_000);
                assert_eq!(played.unwrap(), again.unwrap(), "{} game", sc.id);
            }
        }
    }
}
