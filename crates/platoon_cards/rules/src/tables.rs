//! The charts as the tables viewer shows them, from the loaded data.

use crate::PlatoonCards;
use crate::data::{Cover, Going};
use crate::sections::*;
use vt_core::engine::TableView;

fn going(g: Going) -> String {
    match g {
        Going::Full => "full".into(),
        Going::Half => "1/2".into(),
        Going::Road => "road speed".into(),
        Going::HalfTurnInOut => "1/2 turn in/out".into(),
        Going::Impassable => "no".into(),
    }
}

fn cover(c: Cover) -> String {
    match c {
        Cover::None => "no".into(),
        Cover::Cover => "yes".into(),
        Cover::Double => "yes x2".into(),
    }
}

fn yes(b: bool) -> String {
    if b { "yes".into() } else { "no".into() }
}

fn faces(v: &[u8]) -> String {
    v.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

impl PlatoonCards {
    pub fn table_views(&self) -> Vec<TableView> {
        let c = &self.charts;
        let s = |x: &str| x.to_string();
        let mut v = Vec::new();
        v.push(TableView {
            id: "movement".into(),
            name: "Movement".into(),
            rule: book(MOVEMENT),
            columns: vec![s("Unit"), s("Off road"), s("Road"), s("Charging")],
            rows: c
                .movement
                .rows
                .iter()
                .map(|r| {
                    vec![
                        format!("{:?}", r.mover),
                        format!("{}\"", r.off_road.value),
                        r.road.value.map_or(s("-"), |x| format!("{x}\"")),
                        format!("+{}\"", r.charge_bonus.value),
                    ]
                })
                .collect(),
        });
        v.push(TableView {
            id: "morale".into(),
            name: "Morale table".into(),
            rule: book(MORALE),
            columns: vec![s("1D6 + modifiers"), s("Result")],
            rows: c
                .morale
                .bands
                .iter()
                .map(|b| {
                    vec![
                        b.min.map_or(s("below"), |m| format!("{m}+")),
                        b.result.name().to_string(),
                    ]
                })
                .collect(),
        });
        let m = &c.morale;
        let mut mods = vec![vec![
            s("None of the platoon disrupted"),
            format!("{:+}", m.none_disrupted.value),
        ]];
        for b in &m.dead {
            mods.push(vec![
                format!("Dead up to {}%", b.up_to_percent),
                format!("{:+}", b.modifier.value),
            ]);
        }
        mods.extend([
            vec![
                s("No friends within 10\""),
                format!("{:+}", m.no_friends.value),
            ],
            vec![
                s("Tanks within 10\" of enemy infantry, no friendly infantry within 5\""),
                format!("{:+}", m.tanks_exposed.value),
            ],
            vec![
                s("Infantry within 10\" of enemy tanks, no tanks, RPG or RR within 5\""),
                format!("{:+}", m.infantry_exposed.value),
            ],
            vec![
                s("Whole platoon disrupted"),
                format!("{:+}", m.whole_platoon_disrupted.value),
            ],
            vec![
                s("Platoon or company commander"),
                m.commander_ratings
                    .value
                    .iter()
                    .map(|r| format!("{r:+}"))
                    .collect::<Vec<_>>()
                    .join(", "),
            ],
            vec![s("Veteran platoon"), format!("{:+}", m.veteran.value)],
            vec![s("Green platoon"), format!("{:+}", m.green.value)],
            vec![
                s("Part of platoon veteran"),
                format!("{:+}", m.part_veteran.value),
            ],
            vec![
                s("Part of platoon green"),
                format!("{:+}", m.part_green.value),
            ],
            vec![s("USA troops"), format!("{:+}", m.us_troops.value)],
        ]);
        v.push(TableView {
            id: "morale-check".into(),
            name: "Morale check modifiers".into(),
            rule: book(MORALE_CHECK),
            columns: vec![s("Modifier"), s("Value")],
            rows: mods,
        });
        let sp = &c.spotting;
        let mut rows: Vec<Vec<String>> = sp
            .base
            .iter()
            .map(|r| {
                vec![
                    r.target.name().to_string(),
                    format!("{}\"", r.open.value),
                    format!("{}\"", r.cover.value),
                ]
            })
            .collect();
        rows.push(vec![
            s("Ladder (+ moves left, - right)"),
            sp.ladder
                .value
                .iter()
                .map(|x| format!("{x}\""))
                .collect::<Vec<_>>()
                .join(" / "),
            s(""),
        ]);
        for (label, val) in [
            ("Spotter suppressed", sp.spotter_suppressed.value),
            ("Through smoke", sp.through_smoke.value),
            ("Target moving", sp.target_moving.value),
            ("Target firing", sp.target_firing.value),
            ("Spotter higher", sp.spotter_higher.value),
            ("Recce or FO (assumed)", sp.recce_or_fo.value),
        ] {
            rows.push(vec![s(label), format!("{val:+}"), s("")]);
        }
        v.push(TableView {
            id: "spotting".into(),
            name: "Spotting".into(),
            rule: book(SPOTTING),
            columns: vec![s("Target"), s("In the open"), s("Under cover")],
            rows,
        });
        let sa = &c.small_arms;
        v.push(TableView {
            id: "small-arms".into(),
            name: "Small arms".into(),
            rule: book(SMALL_ARMS),
            columns: vec![s("Weapon"), s("Dice by range"), s("Hits beyond 16\"")],
            rows: sa
                .weapons
                .iter()
                .map(|r| {
                    vec![
                        r.weapon.name().to_string(),
                        r.dice
                            .value
                            .iter()
                            .map(|b| format!("{}D6 to {}\"", b.dice, b.up_to))
                            .collect::<Vec<_>>()
                            .join(", "),
                        format!(
                            "{}+ ({}+ up to {}\")",
                            r.long_hit.value, sa.close_hit.value, sa.close_band.value
                        ),
                    ]
                })
                .chain([
                    vec![
                        s("Under cover"),
                        format!("{} die", sa.cover_dice.value),
                        s("not against direct HE"),
                    ],
                    vec![
                        s("Firer suppressed"),
                        format!("{} on each die", sa.suppressed_pips.value),
                        s(""),
                    ],
                    vec![s("Proximity"), s("both"), s("")],
                    vec![
                        s("Results"),
                        s("1 hit Suppressed, 2 Disrupted, 3+ Killed"),
                        s(""),
                    ],
                ])
                .collect(),
        });
        v.push(TableView {
            id: "area-fire".into(),
            name: "Area fire".into(),
            rule: book(AREA_FIRE),
            columns: vec![s("Weapon"), s("Dice")],
            rows: c
                .area_fire
                .bands
                .iter()
                .map(|b| vec![b.label.clone(), format!("{}D6", b.dice.value)])
                .chain([vec![
                    s("Target in indirect cover"),
                    format!("{} die", c.area_fire.indirect_cover_dice.value),
                ]])
                .collect(),
        });
        let g = &c.gun_to_hit;
        let mut rows: Vec<Vec<String>> = g
            .accuracy
            .iter()
            .map(|a| {
                vec![
                    a.gun.name().to_string(),
                    format!("{:+}", a.modifier.value),
                    format!("to {}\"", a.max_range.value),
                ]
            })
            .collect();
        for (label, val) in [
            ("Range >18\" & <=36\"", g.long.value),
            ("Veteran firers", g.veteran.value),
            ("Poor firers", g.poor.value),
            ("Firer suppressed", g.suppressed.value),
            ("Target under cover", g.cover.value),
            ("Per extra barrel", g.per_extra_barrel.value),
            ("Target moved >3\"*", g.target_moved.value),
            ("Through smoke*", g.smoke.value),
            ("Firer (tank) moved*", g.tank_moved.value),
            ("Proximity fire*", g.proximity.value),
        ] {
            rows.push(vec![s(label), format!("{val:+}"), s("")]);
        }
        v.push(TableView {
            id: "gun-to-hit".into(),
            name: format!("Gun to hit (1D10, {}+)", g.need.value),
            rule: book(GUN_TO_HIT),
            columns: vec![s("Gun / modifier"), s("Modifier"), s("Range")],
            rows,
        });
        let num = |x: Option<i32>| x.map_or(s("N/A"), |n| n.to_string());
        v.push(TableView {
            id: "penetration".into(),
            name: "Gun penetration (1D10)".into(),
            rule: book(PENETRATION),
            columns: vec![
                s("Gun"),
                s("Medium tank"),
                s("APC"),
                s("Light tank (assumed)"),
            ],
            rows: c
                .penetration
                .rows
                .iter()
                .map(|r| {
                    vec![
                        r.gun.name().to_string(),
                        num(r.medium_tank.value),
                        num(r.apc.value),
                        num(r.light_tank.value),
                    ]
                })
                .collect(),
        });
        let cc = &c.close_combat;
        v.push(TableView {
            id: "close-combat".into(),
            name: "Close combat modifiers (1D10)".into(),
            rule: book(CLOSE_COMBAT_MODS),
            columns: vec![s("Modifier"), s("Value")],
            rows: [
                ("RPG & LAW M72 v vehicles", cc.rocket_v_vehicle.value),
                ("M113", cc.m113.value),
                ("Turreted tank", cc.turreted_tank.value),
                ("Armoured vehicle initiating", cc.armour_initiating.value),
                (
                    "Assault rifle squad v inf/gun",
                    cc.assault_rifle_v_inf.value,
                ),
                ("LMG squad", cc.lmg.value),
                ("Defender in indirect cover", cc.defender_cover.value),
                ("Defender suppressed", cc.defender_suppressed.value),
                ("Defender disrupted", cc.defender_disrupted.value),
                ("RR, HMG, gun, mortar or truck", cc.heavy_weapon.value),
                ("Veterans", cc.veterans.value),
                ("Poor troops", cc.poor.value),
            ]
            .iter()
            .map(|(l, x)| vec![s(l), format!("{x:+}")])
            .collect(),
        });
        v.push(TableView {
            id: "terrain".into(),
            name: "Terrain".into(),
            rule: book(TERRAIN),
            columns: vec![
                s("Terrain"),
                s("Infantry"),
                s("Tracked"),
                s("Wheeled"),
                s("Spotting cover"),
                s("Blocks LOS"),
                s("Direct cover"),
                s("Indirect / CC cover"),
                s("Level"),
            ],
            rows: c
                .terrain
                .iter()
                .map(|r| {
                    vec![
                        r.kind.name().to_string(),
                        going(r.infantry.value),
                        going(r.vehicles.value),
                        going(r.wheeled.value),
                        yes(r.spotting_cover.value),
                        yes(r.blocks_los.value),
                        cover(r.direct_cover.value),
                        cover(r.indirect_cover.value),
                        r.level.value.to_string(),
                    ]
                })
                .collect(),
        });
        let ga = &c.ground_to_air;
        v.push(TableView {
            id: "ground-to-air".into(),
            name: "Ground to air".into(),
            rule: book(GROUND_TO_AIR),
            columns: vec![s("Firer / hits"), s("Value")],
            rows: vec![
                vec![
                    s("Any unit"),
                    format!("{}D6 within {}\"", ga.dice.value, ga.range.value),
                ],
                vec![
                    s("Dedicated AA HMG"),
                    format!("{}D6 within {}\"", ga.aa_dice.value, ga.aa_range.value),
                ],
                vec![s("Hit"), format!("{}+ on each die", ga.hit_on.value)],
                vec![s("1 hit"), s("no effect")],
                vec![format!("{} hits", ga.suppress_at.value), s("suppressed")],
                vec![
                    format!("{} hits", ga.damage_at.value),
                    s("damaged: leaves; 2 damages crash"),
                ],
                vec![format!("{} hits", ga.explode_at.value), s("explodes")],
            ],
        });
        let mi = &c.mines;
        v.push(TableView {
            id: "mines".into(),
            name: "Mines (1D6)".into(),
            rule: book(MINES),
            columns: vec![s("Unit"), s("Destroyed"), s("Other"), s("Cleared")],
            rows: vec![
                vec![
                    s("M113 or tank"),
                    faces(&mi.tracked_destroyed.value),
                    format!("{}: track lost", faces(&mi.tracked_track.value)),
                    s("1,2"),
                ],
                vec![
                    s("Truck or jeep"),
                    faces(&mi.wheeled_destroyed.value),
                    s("-"),
                    s("1,2"),
                ],
                vec![
                    s("Engineers"),
                    faces(&mi.engineers_destroyed.value),
                    s("-"),
                    s("1-5"),
                ],
                vec![
                    s("Other infantry"),
                    faces(&mi.infantry_destroyed.value),
                    format!("{}: through, still live", faces(&mi.infantry_pass.value)),
                    s("1,2"),
                ],
            ],
        });
        v
    }
}
