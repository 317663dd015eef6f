//! Every line of every chart, each test naming the chart it checks. The
//! numbers are the text's; where a test reads a value the text does not
//! give, it says so.

use super::util::*;
use crate::data::*;
use crate::event::{Check, Effect};
use crate::guns::{PenInputs, ToHitInputs};
use crate::movement::going;
use crate::small_arms::{CarrierFire, PoolInputs, Takes};
use crate::state::*;

fn pool(g: &crate::PlatoonCards, i: PoolInputs) -> (u8, u8) {
    let p = g.small_arms_pool(&i).expect("in range");
    (p.dice(), p.needed())
}

fn arms(w: SmallArm, range: f64) -> PoolInputs {
    PoolInputs {
        weapon: Some(w),
        range,
        target_infantry: true,
        ..PoolInputs::default()
    }
}

// ---- Chart: MOVEMENT ----

#[test]
fn movement_allowances() {
    let g = game();
    let c = &g.charts;
    // Infantry 6"(+2), PCs and CCs 8"(+2), HMG or light gun pushed 6",
    // tank or APC 12"/18", truck 6"/18".
    assert_eq!(allowance(c, Mover::Infantry), (6.0, 6.0));
    assert_eq!(allowance(c, Mover::Commander), (8.0, 8.0));
    assert_eq!(allowance(c, Mover::PushedGun), (6.0, 6.0));
    assert_eq!(allowance(c, Mover::Tracked), (12.0, 18.0));
    assert_eq!(allowance(c, Mover::Wheeled), (6.0, 18.0));
    let bonus = |m| c.movement_row(m).unwrap().charge_bonus.value;
    assert_eq!(bonus(Mover::Infantry), 2.0);
    assert_eq!(bonus(Mover::Commander), 2.0);
    // Chart: HELICOPTERS: 3 feet a turn, or 18" and a landing or take-off.
    assert_eq!(allowance(c, Mover::Helicopter).0, 36.0);
    assert_eq!(c.movement.helicopter_with_landing.value, 18.0);
}

#[test]
fn road_speed_is_the_second_figure() {
    // Chart: MOVEMENT: the first speed is off road, the second on roads
    // only: 18" of road costs a tank its 12", a truck its 6".
    let g = game();
    let mut s = setup_done(&g, 1);
    clear_table(&mut s);
    let tank = stand(&g, &s, "US Armour", "m48", 0);
    let truck = stand(&g, &s, "US Armour", "truck", 0);
    put(&mut s, tank, 2.0, 5.0, 90.0);
    put(&mut s, truck, 2.0, 5.0, 90.0);
    let c = g
        .leg_cost(&s, s.stand(tank), p(2.0, 5.0), p(20.0, 5.0))
        .unwrap();
    assert!((c - 12.0).abs() < 1e-9, "{c}");
    let c = g
        .leg_cost(&s, s.stand(truck), p(2.0, 5.0), p(20.0, 5.0))
        .unwrap();
    assert!((c - 6.0).abs() < 1e-9, "{c}");
    // Off the road, inch for inch.
    let c = g
        .leg_cost(&s, s.stand(tank), p(2.0, 15.0), p(14.0, 15.0))
        .unwrap();
    assert!((c - 12.0).abs() < 1e-9, "{c}");
}

// ---- Chart: TERRAIN CHART ----

#[test]
fn terrain_chart_movement_column() {
    let g = game();
    let t = |id: &str| g.types.iter().find(|t| t.id == id).unwrap().clone();
    let (inf, tank, truck, gun) = (t("us-rifle"), t("m48"), t("truck"), t("us-hmg"));
    let row = |k| g.charts.terrain_row(k).unwrap();
    use Going::*;
    use TerrainKind::*;
    // River: 1/2 off-road speed for all.
    for u in [&inf, &tank, &truck, &gun] {
        assert_eq!(going(u, row(River)), Half);
    }
    // Building: 1/2, full for infantry.
    assert_eq!(going(&inf, row(Building)), Full);
    assert_eq!(going(&tank, row(Building)), Half);
    // Dense jungle: infantry half speed, impassable to vehicles.
    assert_eq!(going(&inf, row(DenseJungle)), Half);
    assert_eq!(going(&tank, row(DenseJungle)), Impassable);
    assert_eq!(going(&truck, row(DenseJungle)), Impassable);
    // Open jungle and rough scrub: 1/2, full for infantry.
    for k in [OpenJungle, RoughScrub] {
        assert_eq!(going(&inf, row(k)), Full);
        assert_eq!(going(&tank, row(k)), Half);
    }
    // Bunker and trench: half a turn to enter or exit.
    assert_eq!(going(&inf, row(Bunker)), HalfTurnInOut);
    assert_eq!(going(&inf, row(Trench)), HalfTurnInOut);
    // Road: road speed. Hill crest: full off-road speed.
    assert_eq!(going(&truck, row(TerrainKind::Road)), Going::Road);
    assert_eq!(going(&tank, row(HillCrest)), Full);
    // Wall: no delay for infantry and tracked; no guns, wheeled or half-tracks.
    assert_eq!(going(&inf, row(Wall)), Full);
    assert_eq!(going(&tank, row(Wall)), Full);
    assert_eq!(going(&truck, row(Wall)), Impassable);
    assert_eq!(going(&gun, row(Wall)), Impassable);
    assert_eq!(row(Wall).half_tracks.value, Impassable);
    // Hedge: no delay; no guns or wheeled.
    assert_eq!(going(&inf, row(Hedge)), Full);
    assert_eq!(going(&tank, row(Hedge)), Full);
    assert_eq!(going(&truck, row(Hedge)), Impassable);
    assert_eq!(going(&gun, row(Hedge)), Impassable);
}

#[test]
fn terrain_chart_cover_columns() {
    let g = game();
    let row = |k| g.charts.terrain_row(k).unwrap().clone();
    use crate::data::Cover::{Cover, Double, None};
    use TerrainKind::*;
    // (spotting cover, blocks LoS, direct-fire cover, indirect/close-combat cover)
    let expect = [
        (River, false, false, None, None),
        (Building, true, true, Cover, Cover),
        (DenseJungle, true, true, Cover, Cover),
        (OpenJungle, true, true, Cover, None),
        (Bunker, true, false, Double, Double),
        (Road, false, false, None, None),
        (HillCrest, false, false, Cover, None),
        (Trench, true, false, Cover, Cover),
        (Wall, true, false, Cover, None),
        (Hedge, true, false, None, None),
        (RoughScrub, true, true, Cover, None),
    ];
    for (k, spot, blocks, direct, indirect) in expect {
        let r = row(k);
        assert_eq!(r.spotting_cover.value, spot, "{k:?} spotting");
        assert_eq!(r.blocks_los.value, blocks, "{k:?} blocks");
        assert_eq!(r.direct_cover.value, direct, "{k:?} direct");
        assert_eq!(r.indirect_cover.value, indirect, "{k:?} indirect");
        assert!(r.spotting_cover.source.is_rulebook(), "{k:?}");
    }
    // Chart: LINE OF SIGHT: ground 0, trees and buildings 1, hills 2.
    assert_eq!(row(Building).level.value, 1);
    assert_eq!(row(DenseJungle).level.value, 1);
    assert_eq!(row(Hill).level.value, 2);
    assert_eq!(row(River).level.value, 0);
}

#[test]
fn terrain_costs_along_a_move() {
    let g = game();
    let mut s = setup_done(&g, 1);
    clear_table(&mut s);
    let rifle = stand(&g, &s, "US Plt", "us-rifle", 1);
    let truck = stand(&g, &s, "US Armour", "truck", 0);
    put(&mut s, rifle, 30.0, 28.0, 0.0);
    // 4" into dense jungle at half speed: 2" of open, then 4" costing 8.
    let c = g
        .leg_cost(&s, s.stand(rifle), p(35.0, 28.0), p(35.0, 34.0))
        .unwrap();
    assert!((c - 10.0).abs() < 1e-9, "{c}");
    // Into a bunker: half a turn (3") to enter, on top of the inches.
    let c = g
        .leg_cost(&s, s.stand(rifle), p(21.0, 28.0), p(21.0, 31.0))
        .unwrap();
    assert!((c - (3.0 + 3.0)).abs() < 1e-9, "{c}");
    // A truck may not enter dense jungle, nor cross a wall.
    put(&mut s, truck, 35.0, 28.0, 0.0);
    assert!(
        g.leg_cost(&s, s.stand(truck), p(35.0, 28.0), p(35.0, 33.0))
            .is_err()
    );
    assert!(
        g.leg_cost(&s, s.stand(truck), p(10.0, 18.0), p(10.0, 22.0))
            .is_err()
    );
    // Infantry crosses the wall with no delay.
    let c = g
        .leg_cost(&s, s.stand(rifle), p(10.0, 18.0), p(10.0, 22.0))
        .unwrap();
    assert!((c - 4.0).abs() < 1e-9, "{c}");
}

// ---- Chart: MORALE TABLE ----

#[test]
fn morale_table_bands() {
    let g = game();
    // 5+ OK, 3-4 Unsteady, 1-2 Shaken, below 1 Routed.
    for (t, r) in [
        (8, MoraleResult::Ok),
        (5, MoraleResult::Ok),
        (4, MoraleResult::Unsteady),
        (3, MoraleResult::Unsteady),
        (2, MoraleResult::Shaken),
        (1, MoraleResult::Shaken),
        (0, MoraleResult::Routed),
        (-3, MoraleResult::Routed),
    ] {
        assert_eq!(g.morale_result(t), r, "total {t}");
    }
}

#[test]
fn morale_results_on_the_squads() {
    let g = game();
    let mut s = setup_done(&g, 1);
    let pl = platoon(&s, "VC Plt");
    let ids: Vec<StandId> = s.members(pl).map(|x| x.id).collect();
    let set = |s: &mut State, st: [Status; 3]| {
        for (i, &x) in st.iter().enumerate() {
            s.stand_mut(ids[i + 1]).status = x;
        }
    };
    let get = |s: &State| -> Vec<Status> { (1..4).map(|i| s.stand(ids[i]).status).collect() };
    let mixed = [Status::Ok, Status::Suppressed, Status::Disrupted];
    let mut ev = Vec::new();
    // OK: every squad one suppression level better.
    set(&mut s, mixed);
    g.apply_morale(&mut s, pl, MoraleResult::Ok, &mut ev);
    assert_eq!(get(&s), [Status::Ok, Status::Ok, Status::Suppressed]);
    // Unsteady: they keep their levels.
    set(&mut s, mixed);
    g.apply_morale(&mut s, pl, MoraleResult::Unsteady, &mut ev);
    assert_eq!(get(&s), mixed);
    // Shaken: all at least suppressed, the disrupted stay disrupted.
    set(&mut s, mixed);
    g.apply_morale(&mut s, pl, MoraleResult::Shaken, &mut ev);
    assert_eq!(
        get(&s),
        [Status::Suppressed, Status::Suppressed, Status::Disrupted]
    );
    // Routed: all disrupted.
    set(&mut s, mixed);
    g.apply_morale(&mut s, pl, MoraleResult::Routed, &mut ev);
    assert_eq!(get(&s), [Status::Disrupted; 3]);
}

// ---- Chart: MORALE CHECK ----

fn mods_of(g: &crate::PlatoonCards, s: &State, p: PlatoonId, cc: bool) -> Vec<(String, i32)> {
    g.morale_mods(s, p, cc)
        .into_iter()
        .map(|m| (m.label, m.value))
        .collect()
}

fn has(m: &[(String, i32)], label: &str, v: i32) -> bool {
    m.iter().any(|(l, x)| l == label && *x == v)
}

#[test]
fn morale_check_modifiers() {
    let g = game();
    let mut s = setup_done(&g, 1);
    let pl = platoon(&s, "VC Plt");
    let m = mods_of(&g, &s, pl, false);
    // 0% disrupted +2; no friends within 10" -1; the PC's +1; VC are not
    // USA troops.
    assert!(has(&m, "no one disrupted", 2), "{m:?}");
    assert!(has(&m, "no friends within 10\"", -1), "{m:?}");
    assert!(has(&m, "platoon commander", 1), "{m:?}");
    assert!(!m.iter().any(|(l, _)| l == "USA troops"));
    assert_eq!(m.iter().map(|x| x.1).sum::<i32>(), 2);
    // Dead: <=33% -2, <=50% -3, >50% -4 (4 squads count: the PC does not).
    let squads: Vec<StandId> = s.members(pl).skip(1).map(|x| x.id).collect();
    s.stand_mut(squads[0]).gone = Some(Gone::Killed);
    assert!(has(&mods_of(&g, &s, pl, false), "25% dead", -2));
    s.stand_mut(squads[1]).gone = Some(Gone::Killed);
    assert!(has(&mods_of(&g, &s, pl, false), "50% dead", -3));
    s.stand_mut(squads[2]).gone = Some(Gone::Killed);
    assert!(has(&mods_of(&g, &s, pl, false), "75% dead", -4));
    // Whole platoon disrupted -2 (and no +2).
    s.stand_mut(squads[3]).status = Status::Disrupted;
    let m = mods_of(&g, &s, pl, false);
    assert!(has(&m, "whole platoon disrupted", -2), "{m:?}");
    assert!(!m.iter().any(|(l, _)| l == "no one disrupted"));
    // Quality: veteran +2, green -2, part veteran +1, part green -1.
    for (q, label, v) in [
        (Quality::Veteran, "veteran platoon", 2),
        (Quality::Green, "green platoon", -2),
        (Quality::PartVeteran, "part of platoon veteran", 1),
        (Quality::PartGreen, "part of platoon green", -1),
    ] {
        s.platoon_mut(pl).quality = q;
        assert!(has(&mods_of(&g, &s, pl, false), label, v), "{q:?}");
    }
    // USA troops -1.
    let us = platoon(&s, "US Plt");
    assert!(has(&mods_of(&g, &s, us, false), "USA troops", -1));
}

#[test]
fn morale_check_tanks_and_infantry() {
    let g = game();
    let mut s = setup_done(&g, 1);
    clear_table(&mut s);
    let tank = stand(&g, &s, "US Armour", "m48", 0);
    let rifle = stand(&g, &s, "VC Plt", "vc-rifle", 0);
    put(&mut s, tank, 30.0, 20.0, 0.0);
    put(&mut s, rifle, 30.0, 27.0, 180.0);
    let armour = platoon(&s, "US Armour");
    let vc = platoon(&s, "VC Plt");
    // Tanks within 10" of enemy infantry, no friendly infantry within 5": -1.
    assert!(has(
        &mods_of(&g, &s, armour, false),
        "tanks near enemy infantry, no infantry within 5\"",
        -1
    ));
    // Infantry within 10" of enemy tanks, no tanks, RPG or RR within 5": -2.
    assert!(has(
        &mods_of(&g, &s, vc, false),
        "infantry near enemy tanks, no tanks, RPG or RR within 5\"",
        -2
    ));
    // An RPG team beside the rifles steadies them; US infantry beside the
    // tank steadies it.
    let rpg = stand(&g, &s, "VC Plt", "vc-rpg", 0);
    put(&mut s, rpg, 32.0, 27.0, 180.0);
    let m = mods_of(&g, &s, vc, false);
    assert!(
        !m.iter().any(|(l, _)| l.starts_with("infantry near")),
        "{m:?}"
    );
    let us = stand(&g, &s, "US Plt", "us-rifle", 0);
    put(&mut s, us, 32.0, 20.0, 0.0);
    assert!(
        !mods_of(&g, &s, armour, false)
            .iter()
            .any(|(l, _)| l.starts_with("tanks near"))
    );
}

#[test]
fn commanders_rating_on_the_check() {
    // Chart: PLATOON & COMPANY COMMANDERS: the PC's rating to his whole
    // platoon; the company commander's to one platoon, instead of it.
    let g = game();
    let s = setup_done(&g, 1);
    let us = platoon(&s, "US Plt");
    assert!(has(&mods_of(&g, &s, us, false), "platoon commander", 1));
    let m = mods_of(&g, &s, us, true);
    assert!(has(&m, "company commander", 2), "{m:?}");
    assert!(!m.iter().any(|(l, _)| l == "platoon commander"));
}

#[test]
fn softskin_in_the_count() {
    // Notes: MORALE: 4 squads carried on 2 lorries count 4; a squad and a
    // lorry lost make 50%.
    let g = game();
    let mut s = setup_done(&g, 1);
    let pl = platoon(&s, "US Armour");
    // The armour platoon counts the tank and the ACAV and its squad: 3;
    // the truck does not count.
    assert_eq!(s.platoon(pl).strength, 3);
    let truck = stand(&g, &s, "US Armour", "truck", 0);
    let tank = stand(&g, &s, "US Armour", "m48", 0);
    s.stand_mut(truck).gone = Some(Gone::Destroyed);
    assert_eq!(g.dead_percent(&s, pl), 34);
    s.stand_mut(tank).gone = Some(Gone::Destroyed);
    assert_eq!(g.dead_percent(&s, pl), 67);
    // The example itself: 4 counted, a squad and a lorry lost.
    let lost = 2u32;
    assert_eq!((lost * 100).div_ceil(4), 50);
}

// ---- Chart: SPOTTING TABLE ----

#[test]
fn spotting_ranges() {
    let g = game();
    use SpotClass::*;
    for (c, open, cover) in [
        (LargeVehicle, 40.0, 20.0),
        (MediumVehicle, 30.0, 10.0),
        (SmallVehicle, 20.0, 5.0),
        (Infantry, 20.0, 5.0),
    ] {
        assert_eq!(g.base_spot_range(c, false), open, "{c:?}");
        assert_eq!(g.base_spot_range(c, true), cover, "{c:?}");
    }
    // 80/60/40/30/20/10/5/2: + moves left, - right, stopping at the ends.
    assert_eq!(g.shift_range(20.0, 1), 30.0);
    assert_eq!(g.shift_range(20.0, 2), 40.0);
    assert_eq!(g.shift_range(20.0, 4), 80.0);
    assert_eq!(g.shift_range(20.0, 9), 80.0);
    assert_eq!(g.shift_range(20.0, -1), 10.0);
    assert_eq!(g.shift_range(5.0, -1), 2.0);
    assert_eq!(g.shift_range(5.0, -3), 2.0);
    assert_eq!(g.shift_range(40.0, 0), 40.0);
    let c = &g.charts.spotting;
    assert_eq!(c.spotter_suppressed.value, -1);
    assert_eq!(c.through_smoke.value, -2);
    assert_eq!(c.target_moving.value, 2);
    assert_eq!(c.target_firing.value, 2);
    assert_eq!(c.spotter_higher.value, 1);
}

#[test]
fn spotting_in_play() {
    let g = game();
    let mut s = setup_done(&g, 1);
    clear_table(&mut s);
    let us = stand(&g, &s, "US Plt", "us-rifle", 0);
    let vc = stand(&g, &s, "VC Plt", "vc-rifle", 0);
    // In the open, an infantry squad is seen at 20" and not beyond.
    put(&mut s, us, 36.0, 2.0, 0.0);
    put(&mut s, vc, 36.0, 2.0 + 1.25 + 19.9, 180.0);
    assert!(g.spots(&s, s.stand(us), s.stand(vc)));
    put(&mut s, vc, 36.0, 2.0 + 1.25 + 20.2, 180.0);
    assert!(!g.spots(&s, s.stand(us), s.stand(vc)));
    // Moving (+2): two steps longer, 40".
    s.stand_mut(vc).this_turn.moved = 4.0;
    assert!(g.spots(&s, s.stand(us), s.stand(vc)));
    // A suppressed spotter (-1) of a moving target: 30".
    s.stand_mut(us).status = Status::Suppressed;
    let (seen, r, _) = g.spot_detail(&s, s.stand(us), s.stand(vc));
    assert!(seen);
    assert_eq!(r.range, 30.0);
    // Under cover (the open jungle), not moving: 5".
    s.stand_mut(us).status = Status::Ok;
    s.stand_mut(vc).this_turn.moved = 0.0;
    put(&mut s, vc, 55.0, 31.0, 180.0);
    put(&mut s, us, 55.0, 31.0 - 1.25 - 4.9, 0.0);
    let (seen, r, _) = g.spot_detail(&s, s.stand(us), s.stand(vc));
    assert!(r.cover);
    assert_eq!(r.range, 5.0);
    assert!(seen);
}

#[test]
fn spotting_in_dense_jungle_is_five_inches() {
    // Notes: SPOTTING: in dense jungle or a built-up area, within 5" only.
    let g = game();
    let mut s = setup_done(&g, 1);
    clear_table(&mut s);
    let us = stand(&g, &s, "US Plt", "us-rifle", 0);
    let vc = stand(&g, &s, "VC Plt", "vc-rifle", 0);
    put(&mut s, us, 35.0, 31.0, 0.0);
    put(&mut s, vc, 35.0, 31.0 + 1.25 + 4.8, 180.0);
    let (seen, r, _) = g.spot_detail(&s, s.stand(us), s.stand(vc));
    assert!(r.close);
    assert_eq!(r.range, 5.0);
    assert!(seen, "within 5\" in the same jungle");
    put(&mut s, vc, 35.0, 31.0 + 1.25 + 5.3, 180.0);
    assert!(!g.spots(&s, s.stand(us), s.stand(vc)));
}

// ---- Chart: SMALL ARMS SHOOTING ----

#[test]
fn small_arms_dice_by_weapon_and_range() {
    let g = game();
    use SmallArm::*;
    // Rifle 3D6; LMG 4D6; assault rifle 4D6 <=5", 3D6 <=16", 2D6 beyond;
    // minigun 5D6; .50 4D6; .30 3D6.
    assert_eq!(pool(&g, arms(Rifle, 10.0)), (3, 5));
    assert_eq!(pool(&g, arms(Lmg, 10.0)), (4, 5));
    assert_eq!(pool(&g, arms(AssaultRifle, 5.0)), (4, 5));
    assert_eq!(pool(&g, arms(AssaultRifle, 12.0)), (3, 5));
    assert_eq!(pool(&g, arms(AssaultRifle, 16.0)), (3, 5));
    assert_eq!(pool(&g, arms(AssaultRifle, 20.0)), (2, 6));
    assert_eq!(pool(&g, arms(Minigun, 10.0)), (5, 5));
    assert_eq!(pool(&g, arms(Cal50, 10.0)), (4, 5));
    assert_eq!(pool(&g, arms(Cal30, 10.0)), (3, 5));
    // Beyond 16" to 40": a 6 for AR, rifle and LMG; 5 or 6 for the
    // .30, .50 and minigun.
    assert_eq!(pool(&g, arms(Rifle, 30.0)), (3, 6));
    assert_eq!(pool(&g, arms(Lmg, 30.0)), (4, 6));
    assert_eq!(pool(&g, arms(Cal30, 30.0)), (3, 5));
    assert_eq!(pool(&g, arms(Cal50, 30.0)), (4, 5));
    assert_eq!(pool(&g, arms(Minigun, 40.0)), (5, 5));
    // Nothing beyond 40".
    assert!(g.small_arms_pool(&arms(Rifle, 40.5)).is_none());
    // Notes: TANKS V INFANTRY: tank MGs 3D6.
    assert_eq!(pool(&g, arms(TankMg, 10.0)), (3, 5));
}

#[test]
fn small_arms_modifiers() {
    let g = game();
    use SmallArm::*;
    // +1D6 with a grenade launcher against infantry beyond 5" to 16".
    let gl = |r| PoolInputs {
        grenade_launcher: true,
        ..arms(AssaultRifle, r)
    };
    assert_eq!(pool(&g, gl(10.0)), (4, 5));
    assert_eq!(pool(&g, gl(5.0)), (4, 5)); // 4D6 at 5" already, no launcher bonus
    assert_eq!(pool(&g, gl(17.0)), (2, 6));
    let mut not_men = gl(10.0);
    not_men.target_infantry = false;
    assert_eq!(pool(&g, not_men), (3, 5));
    // -1D6 for a target under cover; a bunker counts twice.
    assert_eq!(
        pool(
            &g,
            PoolInputs {
                cover: 1,
                ..arms(Lmg, 10.0)
            }
        ),
        (3, 5)
    );
    assert_eq!(
        pool(
            &g,
            PoolInputs {
                cover: 2,
                ..arms(Lmg, 10.0)
            }
        ),
        (2, 5)
    );
    // -1 on each die if the firer is suppressed.
    assert_eq!(
        pool(
            &g,
            PoolInputs {
                suppressed: true,
                ..arms(Lmg, 10.0)
            }
        ),
        (4, 6)
    );
    // Both if "proximity firing".
    assert_eq!(
        pool(
            &g,
            PoolInputs {
                proximity: true,
                ..arms(Lmg, 10.0)
            }
        ),
        (3, 6)
    );
    // Not cover against direct HE from a tank.
    let he = PoolInputs {
        weapon: None,
        direct_he: Some(4),
        range: 20.0,
        cover: 1,
        target_infantry: true,
        ..PoolInputs::default()
    };
    assert_eq!(pool(&g, he), (4, 5));
}

#[test]
fn small_arms_results() {
    let g = game();
    // 1 hit Suppressed, 2 Disrupted, 3+ Killed.
    assert_eq!(g.effect_of(0, Takes::Squad), Effect::None);
    assert_eq!(g.effect_of(1, Takes::Squad), Effect::Suppressed);
    assert_eq!(g.effect_of(2, Takes::Squad), Effect::Disrupted);
    assert_eq!(g.effect_of(3, Takes::Squad), Effect::Killed);
    assert_eq!(g.effect_of(5, Takes::Squad), Effect::Killed);
    // VC charging into close combat ignore Suppressed, Disrupted kills.
    assert_eq!(g.effect_of(1, Takes::ChargingVc), Effect::None);
    assert_eq!(g.effect_of(2, Takes::ChargingVc), Effect::Killed);
    // Softskin vehicles are destroyed if Disrupted.
    assert_eq!(g.effect_of(1, Takes::Softskin), Effect::Suppressed);
    assert_eq!(g.effect_of(2, Takes::Softskin), Effect::Killed);
    // Notes: PCs and FOs: 2 or 3 hits kill, a suppression does nothing;
    // under a barrage, killed if Disrupted or worse.
    assert_eq!(g.effect_of(1, Takes::SingleFigure), Effect::None);
    assert_eq!(g.effect_of(2, Takes::SingleFigure), Effect::Killed);
    assert_eq!(g.effect_of(3, Takes::SingleFigure), Effect::Killed);
    assert_eq!(g.effect_of(1, Takes::FigureUnderBarrage), Effect::None);
    assert_eq!(g.effect_of(2, Takes::FigureUnderBarrage), Effect::Killed);
}

#[test]
fn small_arms_worked_note() {
    // Notes: SMALL ARMS SHOOTING: a suppressed rifle squad at close range
    // against a squad in cover gets 2D6 and hits only on a 6; an
    // unsuppressed one against a squad in the open at close range 3D6,
    // hitting on 5 or 6.
    let g = game();
    let worse = PoolInputs {
        suppressed: true,
        cover: 1,
        ..arms(SmallArm::Rifle, 8.0)
    };
    assert_eq!(pool(&g, worse), (2, 6));
    assert_eq!(pool(&g, arms(SmallArm::Rifle, 8.0)), (3, 5));
    // And the chart's "effectively extending the 4D6 of the squad out to
    // 16"" with a launcher.
    let gl = PoolInputs {
        grenade_launcher: true,
        ..arms(SmallArm::AssaultRifle, 16.0)
    };
    assert_eq!(pool(&g, gl).0, 4);
}

#[test]
fn a_pool_is_shown_die_by_die() {
    // Chart: SMALL ARMS SHOOTING: a suppressed rifle squad at close range
    // against a squad in cover: 2D6, each hitting only on a 6 (the worked
    // note); every die is judged alone, so the log shows the hits, never
    // a sum of the dice.
    let g = game();
    let mut p = g
        .small_arms_pool(&PoolInputs {
            suppressed: true,
            cover: 1,
            ..arms(SmallArm::Rifle, 8.0)
        })
        .expect("in range");
    p.rolled = vec![6, 5];
    p.hits = 1;
    let shown =
        crate::describe::pool_rolls("Fire", "PCM Chart: SMALL ARMS SHOOTING", &p, "Suppressed");
    assert_eq!(shown.len(), 2);
    // How many dice: the weapon's dice and each die taken away add up.
    assert_eq!(shown[0].total, 2);
    assert_eq!(shown[0].result, "2D6");
    // The roll: 6 hits, 5 does not; one hit, not 11.
    let roll = &shown[1];
    assert_eq!(roll.each_die_needs, Some(6));
    assert_eq!(roll.total, 1);
    assert_eq!(roll.die_hits(0), Some(true));
    assert_eq!(roll.die_hits(1), Some(false));
    assert!(!roll.shows_total());
    assert!(
        roll.needed
            .as_deref()
            .unwrap()
            .starts_with("6 or more on each die")
    );
    assert!(
        roll.summary().contains("6 5 (6+ each: 1 hit)"),
        "{}",
        roll.summary()
    );
    assert!(roll.result.starts_with("1 hit:"));
}

// ---- Chart: M113's & ACAV's ----

#[test]
fn carrier_fire() {
    let g = game();
    let squad = |moved, suppressed, cover| PoolInputs {
        suppressed,
        cover,
        carrier: Some(CarrierFire { squad: true, moved }),
        ..arms(SmallArm::AssaultRifle, 10.0)
    };
    // An assault-rifle squad on top at 10": 3D6.
    assert_eq!(pool(&g, squad(false, false, 0)), (3, 5));
    // The vehicle moved over 2": one die fewer; the same die if
    // suppressed, not both.
    assert_eq!(pool(&g, squad(true, false, 0)), (2, 5));
    assert_eq!(pool(&g, squad(false, true, 0)), (2, 5));
    assert_eq!(pool(&g, squad(true, true, 0)), (2, 5));
    // A target under cover a further die, never below 2D6.
    assert_eq!(pool(&g, squad(true, true, 1)), (2, 5));
    let lmg = PoolInputs {
        carrier: Some(CarrierFire {
            squad: true,
            moved: true,
        }),
        cover: 1,
        ..arms(SmallArm::Lmg, 10.0)
    };
    assert_eq!(pool(&g, lmg), (2, 5));
    // The HMG fires at any speed: .50s 4D6, .30s 3D6.
    let hmg = PoolInputs {
        carrier: Some(CarrierFire {
            squad: false,
            moved: true,
        }),
        ..arms(SmallArm::Cal50, 10.0)
    };
    assert_eq!(pool(&g, hmg), (4, 5));
    let c = &g.charts.carriers;
    assert_eq!(c.weapons_per_activation.value, 2);
    assert_eq!(c.on_top_firers.value, 1);
    // Notes: UNIT SCALES: an M113 carries 2 squads; the ACAV chart 2 or 3.
    assert_eq!(c.m113_capacity.value, 2);
    assert_eq!(c.m113_capacity_acav.value, 3);
    assert_eq!(c.small_vehicle_capacity.value, 1);
    assert_eq!(c.lorry_capacity.value, 2);
    assert_eq!(c.large_truck_capacity.value, 3);
}

// ---- Chart: AREA FIRE ----

#[test]
fn area_fire_dice() {
    let g = game();
    // Guns <75mm 2D6; 50mm mortar, guns 75-85mm 3D6; 80mm mortar, guns
    // 88-122mm, aerial rockets 4D6; guns >122mm, 120mm mortars, 90mm
    // beehive 5D6.
    assert_eq!(g.charts.area_dice(AreaBand::Light), 2);
    assert_eq!(g.charts.area_dice(AreaBand::Medium), 3);
    assert_eq!(g.charts.area_dice(AreaBand::Heavy), 4);
    assert_eq!(g.charts.area_dice(AreaBand::VeryHeavy), 5);
    let a = &g.charts.area_fire;
    assert_eq!(a.indirect_cover_dice.value, -1);
    assert_eq!(a.template_diameter.value, 5.0);
    assert_eq!(a.hit_on.value, 5);
    assert_eq!(a.armour_hit_on.value, 6);
    assert_eq!(a.vehicle_share.value, 0.5);
    assert_eq!((a.scatter_hit_faces.value, a.scatter_faces.value), (2, 6));
}

// ---- Chart: GUN TO HIT TABLE ----

fn to_hit(g: &crate::PlatoonCards, i: ToHitInputs) -> i32 {
    let c = g.to_hit(&i).expect("may fire");
    assert_eq!(c.need, 6);
    c.mods.iter().map(|m| m.value).sum()
}

#[test]
fn gun_to_hit() {
    let g = game();
    let base = |gun| ToHitInputs {
        gun: Some(gun),
        range: 10.0,
        ..ToHitInputs::default()
    };
    // Accuracy: LAW/RPG -2, early 76.2mm and recoilless rifle -1, 85mm and
    // US 90mm 0.
    assert_eq!(to_hit(&g, base(GunClass::Rocket)), -2);
    assert_eq!(to_hit(&g, base(GunClass::Recoilless)), -1);
    assert_eq!(to_hit(&g, base(GunClass::Heavy)), 0);
    // Bazooka and RPG type weapons reach only 10".
    assert!(
        g.to_hit(&ToHitInputs {
            range: 10.5,
            ..base(GunClass::Rocket)
        })
        .is_err()
    );
    let h = base(GunClass::Heavy);
    // Range >18" & <=36" -2 (and nothing beyond 36").
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                range: 18.0,
                ..h.clone()
            }
        ),
        0
    );
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                range: 24.0,
                ..h.clone()
            }
        ),
        -2
    );
    assert!(
        g.to_hit(&ToHitInputs {
            range: 37.0,
            ..h.clone()
        })
        .is_err()
    );
    // Veterans +1, poor -1, suppressed -1, target under cover -1.
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                veteran: true,
                ..h.clone()
            }
        ),
        1
    );
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                poor: true,
                ..h.clone()
            }
        ),
        -1
    );
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                suppressed: true,
                ..h.clone()
            }
        ),
        -1
    );
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                cover: true,
                ..h.clone()
            }
        ),
        -1
    );
    // Per extra barrel +1: a quad +3.
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                barrels: 4,
                ..h.clone()
            }
        ),
        3
    );
    // Starred: target moved >3" -1, smoke -2, firing tank moved -2,
    // proximity -2: only the worst.
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                target_moved: 3.5,
                ..h.clone()
            }
        ),
        -1
    );
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                target_moved: 3.0,
                ..h.clone()
            }
        ),
        0
    );
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                target_moved: 5.0,
                smoke: true,
                proximity: true,
                ..h.clone()
            }
        ),
        -2
    );
    let moved = ToHitInputs {
        firer_vehicle: true,
        firer_moved: 1.5,
        ..h.clone()
    };
    assert_eq!(to_hit(&g, moved.clone()), -2, "a hull gun that moved");
    // Notes: TO HIT: a turreted vehicle counts as moving only over 2".
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                firer_turreted: true,
                ..moved.clone()
            }
        ),
        0
    );
    assert_eq!(
        to_hit(
            &g,
            ToHitInputs {
                firer_turreted: true,
                firer_moved: 2.5,
                ..moved
            }
        ),
        -2
    );
    assert_eq!(g.charts.gun_to_hit.rr_move_limit.value, 1.0);
}

// ---- Chart: GUN PENETRATION TABLE ----

fn pen(g: &crate::PlatoonCards, gun: GunClass, armour: Armour) -> Option<(i32, i32)> {
    g.penetration(&PenInputs {
        gun,
        armour,
        range: 10.0,
        barrels: 1,
        side_or_rear: false,
    })
    .map(|c| (c.need, c.mods.iter().map(|m| m.value).sum()))
}

#[test]
fn gun_penetration_table() {
    let g = game();
    use Armour::*;
    use GunClass::*;
    // .50: N/A against a medium tank, 7 against an APC.
    assert_eq!(pen(&g, Cal50, MediumTank), Option::None);
    assert_eq!(pen(&g, Cal50, Apc), Some((7, 0)));
    // RR, RPG, LAW, Russian 76.2mm: 6 and 3.
    assert_eq!(pen(&g, Recoilless, MediumTank), Some((6, 0)));
    assert_eq!(pen(&g, Recoilless, Apc), Some((3, 0)));
    assert_eq!(pen(&g, Rocket, MediumTank), Some((6, 0)));
    assert_eq!(pen(&g, Rocket, Apc), Some((3, 0)));
    // US 90mm, Russian 85mm: 4 and 1.
    assert_eq!(pen(&g, Heavy, MediumTank), Some((4, 0)));
    assert_eq!(pen(&g, Heavy, Apc), Some((1, 0)));
    // Softskin: the light tank column (assumed the APC's) and +3.
    assert_eq!(pen(&g, Rocket, Softskin), Some((3, 3)));
    // Range -2, extra barrels +1 each, tank (not APC) side or rear +1.
    let i = PenInputs {
        gun: Heavy,
        armour: MediumTank,
        range: 30.0,
        barrels: 2,
        side_or_rear: true,
    };
    let c = g.penetration(&i).unwrap();
    assert_eq!(c.mods.iter().map(|m| m.value).sum::<i32>(), -2 + 1 + 1);
    let apc = g.penetration(&PenInputs { armour: Apc, ..i }).unwrap();
    assert!(!apc.mods.iter().any(|m| m.label.contains("side")));
    // "No chance" stays no chance, whatever the bonus.
    assert!(
        g.penetration(&PenInputs {
            gun: Cal50,
            barrels: 4,
            ..i
        })
        .is_none()
    );
}

#[test]
fn penetration_outcomes() {
    let c = |total| Check {
        die: 10,
        roll: 0,
        mods: vec![],
        total,
        need: 6,
    };
    // Equal the score: destroyed; one less: disrupted; two less: suppressed.
    assert_eq!(
        crate::PlatoonCards::penetration_effect(&c(7)),
        Effect::Killed
    );
    assert_eq!(
        crate::PlatoonCards::penetration_effect(&c(6)),
        Effect::Killed
    );
    assert_eq!(
        crate::PlatoonCards::penetration_effect(&c(5)),
        Effect::Disrupted
    );
    assert_eq!(
        crate::PlatoonCards::penetration_effect(&c(4)),
        Effect::Suppressed
    );
    assert_eq!(crate::PlatoonCards::penetration_effect(&c(3)), Effect::None);
    let g = game();
    let p = &g.charts.penetration;
    // Passengers: 3,4 suppressed, 5 disrupted, 6 dead; -1 if the vehicle
    // was only disrupted.
    assert_eq!(p.passenger_suppressed.value, vec![3, 4]);
    assert_eq!(p.passenger_disrupted.value, vec![5]);
    assert_eq!(p.passenger_dead.value, vec![6]);
    assert_eq!(p.passenger_disrupted_vehicle.value, -1);
}

// ---- Chart: CLOSE COMBAT MODIFIERS ----

#[test]
fn close_combat_modifiers() {
    let g = game();
    let c = &g.charts.close_combat;
    assert_eq!(c.die.value, 10);
    for (v, want) in [
        (c.rocket_v_vehicle.value, 2),
        (c.m113.value, 1),
        (c.turreted_tank.value, 2),
        (c.armour_initiating.value, 1),
        (c.assault_rifle_v_inf.value, 1),
        (c.lmg.value, 0),
        (c.defender_cover.value, 1),
        (c.defender_suppressed.value, -1),
        (c.defender_disrupted.value, -2),
        (c.heavy_weapon.value, -2),
        (c.veterans.value, 1),
        (c.poor.value, -1),
    ] {
        assert_eq!(v, want);
    }
    let mut s = setup_done(&g, 1);
    clear_table(&mut s);
    let labels = |s: &State, a: StandId, b: StandId, attacking: bool| -> Vec<(String, i32)> {
        g.melee_mods(s, s.stand(a), s.stand(b), attacking, 0)
            .into_iter()
            .map(|m| (m.label, m.value))
            .collect()
    };
    let ak = stand(&g, &s, "VC Plt", "vc-ak", 0);
    let rpg = stand(&g, &s, "VC Plt", "vc-rpg", 0);
    let tank = stand(&g, &s, "US Armour", "m48", 0);
    let acav = stand(&g, &s, "US Armour", "acav", 0);
    let truck = stand(&g, &s, "US Armour", "truck", 0);
    let rifle = stand(&g, &s, "US Plt", "us-rifle", 0);
    // An assault-rifle squad against infantry +1; against a vehicle, not.
    assert!(
        labels(&s, ak, rifle, true)
            .contains(&("assault rifle squad against infantry or gun".into(), 1))
    );
    assert!(
        !labels(&s, ak, tank, true)
            .iter()
            .any(|l| l.0.starts_with("assault"))
    );
    // RPG against a vehicle +2.
    assert!(labels(&s, rpg, tank, true).contains(&("RPG or LAW against a vehicle".into(), 2)));
    // Turreted tank +2, and +1 when an armoured vehicle initiates.
    let t = labels(&s, tank, ak, true);
    assert!(
        t.contains(&("turreted tank".into(), 2))
            && t.contains(&("armoured vehicle initiating".into(), 1))
    );
    // M113 +1.
    assert!(labels(&s, acav, ak, false).contains(&("M113".into(), 1)));
    // Truck -2.
    assert!(labels(&s, truck, ak, false).contains(&("RR, HMG, gun, mortar or truck".into(), -2)));
    // Defender suppressed -1, disrupted -2, in cover +1.
    s.stand_mut(rifle).status = Status::Suppressed;
    assert!(labels(&s, rifle, ak, false).contains(&("defender suppressed".into(), -1)));
    s.stand_mut(rifle).status = Status::Disrupted;
    assert!(labels(&s, rifle, ak, false).contains(&("defender disrupted".into(), -2)));
    put(&mut s, rifle, 35.0, 35.0, 0.0);
    assert!(labels(&s, rifle, ak, false).contains(&("defender in cover".into(), 1)));
    // Veterans +1, poor -1 (a green platoon).
    let vc = platoon(&s, "VC Plt");
    s.platoon_mut(vc).quality = Quality::Veteran;
    assert!(labels(&s, ak, rifle, true).contains(&("veterans".into(), 1)));
    s.platoon_mut(vc).quality = Quality::Green;
    assert!(labels(&s, ak, rifle, true).contains(&("poor troops".into(), -1)));
    assert_eq!(c.support_within.value, 2.0);
    assert_eq!(c.retreat.value, 2.0);
}

// ---- Chart: GROUND TO AIR FIRE ----

#[test]
fn ground_to_air_chart() {
    let g = game();
    let c = &g.charts.ground_to_air;
    // Any unit within 10": 3D6; a dedicated AA HMG 4D6 within 20"; 5 or 6
    // hits; 1 hit nothing, 2 suppress, 3 damage (it leaves), 4 explode;
    // two damages crash it.
    assert_eq!((c.range.value, c.dice.value), (10.0, 3));
    assert_eq!((c.aa_range.value, c.aa_dice.value), (20.0, 4));
    assert_eq!(c.hit_on.value, 5);
    assert_eq!(
        (c.suppress_at.value, c.damage_at.value, c.explode_at.value),
        (2, 3, 4)
    );
    assert_eq!(c.damages_to_crash.value, 2);
}

// ---- Chart: HELICOPTERS, AIRCRAFT ----

#[test]
fn helicopters_and_aircraft_charts() {
    let g = game();
    let a = &g.charts.air;
    assert_eq!(a.rocket_pair_shift.value, 2.0);
    assert_eq!(a.rocket_band.value, AreaBand::Heavy);
    // Bombs: 150mm artillery, 1" less deviation.
    assert_eq!(a.bomb_band.value, AreaBand::VeryHeavy);
    assert_eq!(a.bomb_deviation.value, -1.0);
    // Napalm: 5D6, a 4" x 8" strip a plane.
    assert_eq!(a.napalm_dice.value, 5);
    assert_eq!((a.napalm_width.value, a.napalm_length.value), (4.0, 8.0));
}

// ---- Chart: MINES, BARBED WIRE, SNIPERS; Notes: SMOKE, HIDDEN DEPLOYMENT ----

#[test]
fn mines_wire_snipers_smoke_hidden_charts() {
    let g = game();
    let m = &g.charts.mines;
    assert_eq!(m.strip.value, 2.0);
    assert_eq!(m.bogus_per_real.value, 2);
    assert_eq!(m.tracked_destroyed.value, vec![5, 6]);
    assert_eq!(m.tracked_track.value, vec![3, 4]);
    assert_eq!(m.wheeled_destroyed.value, vec![3, 4, 5, 6]);
    assert_eq!(m.infantry_destroyed.value, vec![5, 6]);
    assert_eq!(m.infantry_pass.value, vec![3, 4]);
    assert_eq!(m.engineers_destroyed.value, vec![6]);
    assert_eq!(
        (
            m.riders_thrown_dice.value,
            m.track_inside_dice.value,
            m.wheeled_passenger_dice.value
        ),
        (2, 3, 4)
    );
    let w = &g.charts.wire;
    assert_eq!((w.length.value, w.depth.value), (2.0, 0.5));
    assert_eq!(w.half_track_stuck.value, vec![6]);
    assert_eq!(w.infantry_clears.value, vec![5, 6]);
    let s = &g.charts.snipers;
    assert_eq!(s.spotted_within.value, 3.0);
    assert_eq!(s.max_range.value, 24.0);
    assert_eq!(s.dice.value, 3);
    assert_eq!(s.hit_on.value, 5);
    assert_eq!((s.single_disrupt.value, s.single_kill.value), (1, 2));
    let sm = &g.charts.smoke;
    assert_eq!((sm.small_width.value, sm.small_depth.value), (3.0, 1.5));
    assert_eq!((sm.large_width.value, sm.large_depth.value), (5.0, 2.0));
    assert_eq!(sm.small_up_to_mm.value, 105);
    assert_eq!(g.charts.hidden.real_per_bogus.value, 2);
    assert_eq!(g.charts.hidden.commander_within.value, 2.0);
}

// ---- Chart: TURN SEQUENCE ----

#[test]
fn turn_sequence_chart() {
    let g = game();
    let c = &g.charts.sequence;
    // No platoon is activated more than twice; +1 card for the VC.
    assert_eq!(c.max_activations.value, 2);
    assert_eq!(c.extra_vc.value, 1);
}

// ---- Chart: DIVISIONAL ARTILLERY ----

#[test]
fn local_or_divisional() {
    let g = game();
    let o = Options::default();
    // US 81mm mortars and smaller local; all Vietnamese divisional.
    assert_eq!(g.control_of(&o, Side::Us, 81), Control::Local);
    assert_eq!(g.control_of(&o, Side::Us, 60), Control::Local);
    assert_eq!(g.control_of(&o, Side::Us, 105), Control::Divisional);
    assert_eq!(g.control_of(&o, Side::Us, 155), Control::Divisional);
    assert_eq!(g.control_of(&o, Side::Vc, 60), Control::Divisional);
    // The notes' reading, as an option: only the 155s divisional.
    let notes = Options {
        us_105_local: true,
        ..Options::default()
    };
    assert_eq!(g.control_of(&notes, Side::Us, 105), Control::Local);
    assert_eq!(g.control_of(&notes, Side::Us, 155), Control::Divisional);
    assert_eq!(g.charts.divisional.counters.value, 12);
    // Notes: PRE GAME BOMBARDMENT: always >105mm, 5D6.
    assert_eq!(
        g.charts
            .area_dice(g.charts.divisional.bombardment_band.value),
        5
    );
}

// ---- Sources ----

#[test]
fn every_assumed_value_is_in_sources_and_assumptions() {
    let g = game();
    let notes = g.all_source_notes();
    for item in [
        "recce or fo",
        "part roll green",
        "light tank",
        "slick capacity",
        "front half angle",
        "rocket pairs per activation",
        "Rice paddy",
        "Elephant grass",
    ] {
        assert!(
            notes
                .iter()
                .any(|n| n.item.to_lowercase().contains(&item.to_lowercase())),
            "{item} missing from {:#?}",
            notes.iter().map(|n| &n.item).collect::<Vec<_>>()
        );
    }
    assert!(notes.iter().all(|n| !n.source.is_rulebook()));
    // And the rulebook values are not listed.
    assert!(!notes.iter().any(|n| n.item == "morale / veteran"));
    assert!(notes.iter().any(|n| n.item == "morale / part roll veteran"));
}
