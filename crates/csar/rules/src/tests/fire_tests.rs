//! CSAR 4.3.3 Enemy Gun Fire.

use super::*;
use crate::command::Command;
use crate::components::{Place, SurvivorAt, Zone};
use crate::data::Icon;
use crate::event::{AbortWhy, Event};
use crate::state::{FireReturn, Step};

fn open_fire(c: &Csar, s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    c.begin_fire(s, &mut ev, FireReturn::Segment, false);
    c.fire_targets(s, &mut ev);
    ev
}

fn implement(c: &Csar, s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    c.implement_hits(s, &mut ev);
    ev
}

#[test]
fn a_gun_fires_into_its_own_zone_first() {
    // CSAR 4.3.3 A: first their own zone if there are aircraft there.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    put(&mut s, SANDY2, Place::Zone(Zone::Center));
    put(&mut s, SANDY3, Place::Zone(Zone::Center));
    let g = gun(&c, &mut s, "M38", Zone::North);
    let blanks = res(&c, Icon::Blast);
    stack(&mut s, &blanks[..2]);
    let ev = open_fire(&c, &mut s);
    assert!(has(&ev, |e| *e
        == Event::GunTargets {
            gun: g,
            zone: Zone::North
        }));
}

#[test]
fn a_gun_with_range_fires_at_the_zone_with_most_aircraft() {
    // CSAR 4.3.3 A: second, the zone in range with the most aircraft;
    // 9.5: a gun with two numbers fires into adjacent zones with the right one.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::East));
    put(&mut s, SANDY2, Place::Zone(Zone::Center));
    put(&mut s, SANDY3, Place::Zone(Zone::Center));
    let g = gun(&c, &mut s, "M38", Zone::North);
    let blanks = res(&c, Icon::Blast);
    stack(&mut s, &blanks[..1]);
    let ev = open_fire(&c, &mut s);
    assert!(has(&ev, |e| *e
        == Event::GunTargets {
            gun: g,
            zone: Zone::Center
        }));
    // M38 2/1: its far firepower, 1, is the ZFV.
    assert!(has(&ev, |e| matches!(
        e,
        Event::ZoneFire {
            zone: Zone::Center,
            zfv: 1,
            base: 1,
            ..
        }
    )));
}

#[test]
fn equal_zones_are_chosen_by_a_random_determination() {
    // CSAR 4.3.3 A: several zones tie: choose one with a Resolution card.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::East));
    put(&mut s, SANDY2, Place::Zone(Zone::West));
    gun(&c, &mut s, "M38", Zone::North);
    let ev = open_fire(&c, &mut s);
    assert!(has(&ev, |e| matches!(
        e,
        Event::RandomPick { options: 2, .. }
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::GunTargets {
            zone: Zone::East | Zone::West,
            ..
        }
    )));
}

#[test]
fn one_number_guns_fire_only_into_their_own_zone_and_the_asterisk_reaches_far() {
    // CSAR 9.5: one number, own zone only; two numbers, adjacent zones too;
    // an asterisk, non-adjacent zones as well.
    let c = csar();
    let dshk = c.data.gun_index("DShK").unwrap();
    let m38 = c.data.gun_index("M38").unwrap();
    let s60 = c.data.gun_index("S-60").unwrap();
    assert_eq!(c.firepower_into(dshk, Zone::North, Zone::North), Some(1));
    assert_eq!(c.firepower_into(dshk, Zone::North, Zone::Center), None);
    assert_eq!(c.firepower_into(m38, Zone::North, Zone::North), Some(2));
    assert_eq!(c.firepower_into(m38, Zone::North, Zone::East), Some(1));
    assert_eq!(c.firepower_into(m38, Zone::North, Zone::South), None);
    assert_eq!(c.firepower_into(s60, Zone::North, Zone::North), Some(1));
    assert_eq!(c.firepower_into(s60, Zone::North, Zone::South), Some(2));
}

#[test]
fn zone_firepower_is_the_best_gun_plus_one_per_other_gun() {
    // CSAR 4.3.3 B: highest firepower firing into the zone, plus one for each
    // other gun firing into it; fired guns are rotated.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    let a = gun(&c, &mut s, "ZPU", Zone::North);
    gun(&c, &mut s, "DShK", Zone::North);
    gun(&c, &mut s, "M38", Zone::East); // 1 into the adjacent North
    let blanks = res(&c, Icon::Blast);
    stack(&mut s, &blanks[..4]);
    let ev = open_fire(&c, &mut s);
    assert!(has(&ev, |e| matches!(
        e,
        Event::ZoneFire {
            zone: Zone::North,
            guns: 3,
            base: 2,
            zfv: 4,
            ..
        }
    )));
    assert!(s.guns.iter().all(|g| g.fired));
    assert!(s.guns.iter().any(|g| g.counter == a));
}

#[test]
fn coordinated_fire_adds_one_and_smoke_takes_one() {
    // CSAR 9.3 Coordinated Fire: +1 to the ZFV; 9.2 Smoke: -1.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    gun(&c, &mut s, "ZPU", Zone::North);
    s.zones[Zone::North.index()].markers |= crate::data::ZoneMarkerKind::CoordinatedFire.bit();
    let blanks = res(&c, Icon::Blast);
    stack(&mut s, &blanks[..3]);
    let ev = open_fire(&c, &mut s);
    assert!(has(&ev, |e| matches!(
        e,
        Event::ZoneFire {
            zfv: 3,
            coordinated: true,
            ..
        }
    )));
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    gun(&c, &mut s, "ZPU", Zone::North);
    s.zones[Zone::North.index()].smoke_one = 1;
    stack(&mut s, &blanks[..3]);
    let ev = open_fire(&c, &mut s);
    assert!(has(&ev, |e| matches!(
        e,
        Event::ZoneFire {
            zfv: 1,
            smoke: true,
            ..
        }
    )));
}

#[test]
fn crosshairs_are_hits_and_a_roundel_discards_the_hits_so_far() {
    // CSAR 4.3.3 C: crosshairs set aside as Hits; a roundel discards the Hits
    // drawn until then; drawing goes on.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    put(&mut s, SANDY2, Place::Zone(Zone::North));
    gun(&c, &mut s, "ZPU", Zone::North);
    gun(&c, &mut s, "ZPU", Zone::North);
    gun(&c, &mut s, "DShK", Zone::North);
    let x = res(&c, Icon::Crosshairs);
    let r = res(&c, Icon::Roundel);
    stack(&mut s, &[x[0], x[1], r[0], x[2]]); // ZFV 2 + 2 = 4
    let ev = open_fire(&c, &mut s);
    assert!(has(&ev, |e| matches!(
        e,
        Event::HitsDiscarded { hits: 2, .. }
    )));
    assert!(has(&ev, |e| matches!(e, Event::HitsScored { hits: 1, .. })));
    assert_eq!(s.res_aside, vec![x[2]]);
}

#[test]
fn the_reshuffle_card_does_not_count_and_keeps_the_hits_aside() {
    // CSAR 4.3.3 C and 2.2.1: reshuffle, but not the Hits set aside; the
    // Reshuffle card is not a counted draw.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    gun(&c, &mut s, "ZPU", Zone::North);
    let x = res(&c, Icon::Crosshairs);
    let rs = res(&c, Icon::Reshuffle)[0];
    // Some discards to shuffle back.
    let b = res(&c, Icon::Blast);
    s.res.draw_pile.retain(|&k| !b.contains(&k));
    s.res.discards.extend(b.iter().copied());
    stack(&mut s, &[x[0], rs]);
    let before = s.res.draw_pile.len() + s.res.discards.len();
    let ev = open_fire(&c, &mut s);
    assert!(has(&ev, |e| *e == Event::Reshuffled));
    // Two counted draws: the first crosshairs and one card after the reshuffle.
    let counted = count(&ev, |e| matches!(e, Event::Drawn { .. })) - 1;
    assert_eq!(counted, 2);
    assert!(s.res_aside.contains(&x[0]));
    assert_eq!(
        s.res.draw_pile.len() + s.res.discards.len() + s.res_aside.len(),
        before
    );
}

#[test]
fn a_draw_goes_on_through_any_number_of_reshuffles() {
    // CSAR 2.2.1: the Reshuffle card "does not count as a drawn card", so a
    // draw for resolution goes on until a card counts, however often it
    // comes up (with only it and one other card to draw it comes up four
    // times in a row one time in sixteen); a random determination likewise
    // draws until a card decides.
    let c = csar();
    let rs = res(&c, Icon::Reshuffle)[0];
    let x = res(&c, Icon::Crosshairs)[0];
    let mut reshuffles_in_a_row = 0;
    for seed in 0..200 {
        let mut s = blank(&c, 1);
        s.rng = vt_core::GameRng::seeded(seed);
        // Everything else is set aside (Hits waiting, 4.3.3 C).
        s.res_aside = s
            .res
            .draw_pile
            .drain(..)
            .chain(s.res.discards.drain(..))
            .filter(|&k| k != rs && k != x)
            .collect();
        s.res.draw_pile = vec![rs, x];
        let mut ev = Vec::new();
        let drawn = c.draw_counted(&mut s, &mut ev, crate::event::Purpose::ZoneFire);
        assert_eq!(drawn, Some(x), "seed {seed}");
        reshuffles_in_a_row = reshuffles_in_a_row.max(count(&ev, |e| *e == Event::Reshuffled));
        // Only the Reshuffle card left to draw: nothing can count.
        let mut s2 = s.clone();
        s2.res.draw_pile.retain(|&k| k != x);
        s2.res.discards.retain(|&k| k != x);
        assert_eq!(
            c.draw_counted(&mut s2, &mut ev, crate::event::Purpose::ZoneFire),
            None
        );
    }
    assert!(reshuffles_in_a_row > 4, "{reshuffles_in_a_row}");
}

#[test]
fn burning_cancels_hits_but_one_must_be_taken() {
    // CSAR 4.3.3 D: each Aircraft card burned from the hand cancels a Hit;
    // one Hit must be taken; Reserve cards may not be burned.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    put(&mut s, SANDY2, Place::Zone(Zone::North));
    gun(&c, &mut s, "ZPU", Zone::North);
    gun(&c, &mut s, "ZPU", Zone::North);
    let x = res(&c, Icon::Crosshairs);
    stack(&mut s, &[x[0], x[1], x[2]]);
    let a = action(&c, &mut s, "Attack");
    let b = action(&c, &mut s, "Suppress");
    let r = action(&c, &mut s, "Mark Target");
    s.hand = vec![a, b];
    s.reserve = vec![r];
    open_fire(&c, &mut s);
    assert_eq!(s.step, Step::Burn);
    assert_eq!(s.fire.hits, 3);
    assert_eq!(
        c.check(&s, &Command::Burn(r)).unwrap_err().rule,
        "CSAR 4.3.3"
    );
    apply_cmd(&c, &mut s, Command::Burn(a));
    assert_eq!(s.fire.hits, 2);
    let mut ev = Vec::new();
    c.execute_command(&mut s, Command::Burn(b), &mut ev);
    assert_eq!(s.fire.hits, 1);
    assert!(c.check(&s, &Command::Burn(b)).is_err());
}

fn apply_cmd(c: &Csar, s: &mut State, cmd: Command) {
    c.check(s, &cmd).unwrap();
    let mut ev = Vec::new();
    c.execute_command(s, cmd, &mut ev);
}

#[test]
fn fast_movers_are_hit_first_and_leave_the_game() {
    // CSAR 4.3.3 E: each Fast Mover in the zone takes a Hit before the others;
    // 2.1.3: hit Fast Movers do not go back to the Pool.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, FM8, Place::Zone(Zone::North));
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    s.fire.zone = Zone::North;
    s.fire.hits = 1;
    let ev = implement(&c, &mut s);
    assert!(has(&ev, |e| *e == Event::FastMoverLost { aircraft: FM8 }));
    assert_eq!(s.aircraft[FM8 as usize].place, Place::Removed);
    assert!(!s.aircraft[SANDY1 as usize].shaken);
}

#[test]
fn a_lone_aircraft_takes_the_hits_without_draws() {
    // CSAR 4.3.3 E: only one aircraft in the zone: no cards drawn to find it;
    // first Hit Shaken (its card discarded), second shot down.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    let card = action(&c, &mut s, "Attack");
    s.assigned.push(crate::state::Assigned {
        card,
        aircraft: SANDY1,
        zone: Zone::North,
    });
    let even_blastless = (0..30u8)
        .find(|&i| c.icon(i) == Icon::Roundel && c.number(i).is_multiple_of(2))
        .unwrap();
    stack(&mut s, &[even_blastless]);
    s.fire.zone = Zone::North;
    s.fire.hits = 2;
    let ev = implement(&c, &mut s);
    assert!(!has(&ev, |e| matches!(
        e,
        Event::Drawn {
            purpose: crate::event::Purpose::HitAllocation,
            ..
        }
    )));
    assert!(has(&ev, |e| *e == Event::Shaken { aircraft: SANDY1 }));
    assert!(has(&ev, |e| *e == Event::AssignedDiscarded { card }));
    assert!(has(&ev, |e| *e == Event::ShotDown { aircraft: SANDY1 }));
    // Even card: a Healthy Survivor in the zone; Abort one space.
    assert!(has(&ev, |e| matches!(
        e,
        Event::SurvivorPlaced {
            zone: Zone::North,
            injured: false,
            ..
        }
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::AbortMoved {
            from: 0,
            to: 1,
            why: AbortWhy::ShotDown
        }
    )));
}

#[test]
fn a_blast_destroys_the_aircraft_and_moves_abort_two() {
    // CSAR 4.3.3 E: a blast: destroyed, crew and Survivors aboard killed, Abort +2.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, HELO5, Place::Zone(Zone::Center));
    s.aircraft[HELO5 as usize].shaken = true;
    s.survivors[0].at = SurvivorAt::Aboard(HELO5);
    stack(&mut s, &[res(&c, Icon::Blast)[0]]);
    s.fire.zone = Zone::Center;
    s.fire.hits = 1;
    let ev = implement(&c, &mut s);
    assert!(has(&ev, |e| *e
        == Event::Destroyed {
            aircraft: HELO5,
            survivors_killed: 1
        }));
    assert_eq!(s.survivors[0].at, SurvivorAt::Killed);
    assert_eq!(s.abort, 2);
}

#[test]
fn odd_card_gives_an_injured_survivor() {
    // CSAR 4.3.3 E: not a blast and an odd number: an Injured Survivor.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    s.aircraft[SANDY1 as usize].shaken = true;
    let odd = (0..30u8)
        .find(|&i| c.icon(i) == Icon::Rifle && c.number(i) % 2 == 1)
        .unwrap();
    stack(&mut s, &[odd]);
    s.fire.zone = Zone::North;
    s.fire.hits = 1;
    let ev = implement(&c, &mut s);
    assert!(has(&ev, |e| matches!(
        e,
        Event::SurvivorPlaced {
            zone: Zone::North,
            injured: true,
            ..
        }
    )));
}

/// A Shaken helicopter in the Center with the Healthy Survivor aboard, about
/// to take one Hit; and an even non-blast card and an odd one.
fn shaken_helicopter_carrying_the_survivor(c: &Csar) -> (State, u8, u8) {
    let mut s = blank(c, 1);
    put(&mut s, HELO5, Place::Zone(Zone::Center));
    s.aircraft[HELO5 as usize].shaken = true;
    s.survivors[0].at = SurvivorAt::Aboard(HELO5);
    s.fire.zone = Zone::Center;
    s.fire.hits = 1;
    let even = (0..30u8)
        .find(|&i| c.icon(i) == Icon::Roundel && c.number(i).is_multiple_of(2))
        .unwrap();
    let odd = (0..30u8)
        .find(|&i| c.icon(i) == Icon::Crosshairs && c.number(i) % 2 == 1)
        .unwrap();
    (s, even, odd)
}

#[test]
fn helicopter_shot_down_with_a_survivor_puts_him_back() {
    // CSAR 4.3.3 E: a helicopter carrying a Survivor shot down: the Survivor
    // is down again; Injured stays Injured; Healthy is hurt on an odd card.
    let c = csar();
    let (mut s, even, odd) = shaken_helicopter_carrying_the_survivor(&c);
    stack(&mut s, &[even, odd]);
    let ev = implement(&c, &mut s);
    assert!(has(&ev, |e| *e == Event::ShotDown { aircraft: HELO5 }));
    assert_eq!(s.survivors.len(), 1, "no extra crew marker");
    assert_eq!(s.survivors[0].at, SurvivorAt::Stranded(Zone::Center));
    assert!(s.survivors[0].injured);
}

#[test]
fn hits_find_their_aircraft_by_the_card_id() {
    // CSAR 4.3.3 E: draw for each Hit; a card whose aircraft is not in the
    // zone is passed over.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    put(&mut s, SANDY2, Place::Zone(Zone::North));
    let miss = res_for(&c, Icon::Crosshairs, 5); // helicopter 5: not in the zone
    let hit2 = res_for(&c, Icon::Roundel, 2);
    stack(&mut s, &[miss, hit2]);
    s.fire.zone = Zone::North;
    s.fire.hits = 1;
    let ev = implement(&c, &mut s);
    assert_eq!(
        count(&ev, |e| matches!(
            e,
            Event::Drawn {
                purpose: crate::event::Purpose::HitAllocation,
                ..
            }
        )),
        2
    );
    assert!(s.aircraft[SANDY2 as usize].shaken);
    assert!(!s.aircraft[SANDY1 as usize].shaken);
}

#[test]
fn enough_hits_to_down_everyone_need_no_draws() {
    // CSAR 4.3.3 E: sufficient Hits to eliminate every aircraft: no draws to allocate.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    put(&mut s, SANDY2, Place::Zone(Zone::North));
    s.aircraft[SANDY2 as usize].shaken = true;
    let b = res(&c, Icon::Roundel);
    stack(&mut s, &b[..3]);
    s.fire.zone = Zone::North;
    s.fire.hits = 3;
    let ev = implement(&c, &mut s);
    assert!(!has(&ev, |e| matches!(
        e,
        Event::Drawn {
            purpose: crate::event::Purpose::HitAllocation,
            ..
        }
    )));
    assert_eq!(s.aircraft[SANDY1 as usize].place, Place::Removed);
    assert_eq!(s.aircraft[SANDY2 as usize].place, Place::Removed);
}

#[test]
fn the_wild_card_lets_the_player_choose_the_aircraft_hit() {
    // CSAR 2.2.1 Wild card: when drawing for aircraft hits, the player decides.
    let c = csar();
    let mut s = blank(&c, 1);
    put(&mut s, SANDY1, Place::Zone(Zone::North));
    put(&mut s, SANDY2, Place::Zone(Zone::North));
    stack(&mut s, &[res(&c, Icon::Wild)[0]]);
    s.fire.zone = Zone::North;
    s.fire.hits = 1;
    implement(&c, &mut s);
    assert_eq!(s.step, Step::WildHit);
    let legal = c.legal(&s);
    assert!(legal.contains(&Command::WildHit { aircraft: SANDY1 }));
    assert!(legal.contains(&Command::WildHit { aircraft: SANDY2 }));
    let mut ev = Vec::new();
    c.execute_command(&mut s, Command::WildHit { aircraft: SANDY2 }, &mut ev);
    assert!(s.aircraft[SANDY2 as usize].shaken);
}

#[test]
fn the_crash_draw_is_a_random_determination_that_uses_the_reshuffle_card() {
    // CSAR 4.3.3 E: a Healthy Survivor aboard a helicopter shot down: draw a
    // card, odd: Injured. CSAR 2.2.1: that is a random determination by the
    // card number, so a Reshuffle card drawn for it counts: its number (even)
    // is used, then the deck is reshuffled; no further card is drawn.
    let c = csar();
    let (mut s, even, odd) = shaken_helicopter_carrying_the_survivor(&c);
    let reshuffle = res(&c, Icon::Reshuffle)[0];
    assert!(
        c.number(reshuffle).is_multiple_of(2),
        "data: an even Reshuffle card"
    );
    stack(&mut s, &[even, reshuffle, odd]);
    let ev = implement(&c, &mut s);
    assert!(has(&ev, |e| *e == Event::ShotDown { aircraft: HELO5 }));
    assert!(has(&ev, |e| *e
        == Event::Drawn {
            purpose: crate::event::Purpose::CrashInjury,
            card: reshuffle
        }));
    assert!(has(&ev, |e| *e == Event::Reshuffled));
    assert_eq!(
        count(&ev, |e| matches!(
            e,
            Event::Drawn {
                purpose: crate::event::Purpose::CrashInjury,
                ..
            }
        )),
        1,
        "one card decides, the Reshuffle card included"
    );
    assert_eq!(s.survivors[0].at, SurvivorAt::Stranded(Zone::Center));
    assert!(!s.survivors[0].injured, "the Reshuffle card's even number");
}
