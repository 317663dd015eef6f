//! The table as the viewing side knows it: our terrain pieces drawn by
//! kind (burning ones aflame), the stands on their bases with their
//! markers (pinned, suppressed, NO FIRE, hidden, withdrawing, carrying),
//! casualty and equipment markers on the ground, smoke, the objectives.

use crossfire_vn_rules::CrossfireVn;
use crossfire_vn_rules::command::Command;
use crossfire_vn_rules::data::{Kind, Role};
use crossfire_vn_rules::state::{MarkerKind, Side, Status};
use crossfire_vn_rules::view::{StandView, View};
use vt_core::tabletop::{Base, Circle, Feature, Point, Template};
use vt_ui::prelude::*;
use vt_ui::tabletop::{
    PlacedTemplate, StandMarker, Table, TableMarker, TableStand, TerrainInfo, TerrainLook,
};

pub const GAME_ID: &str = crossfire_vn_rules::GAME_ID;

/// Table marker keys: markers on the ground, then objectives.
const OBJECTIVE_KEY: u64 = 1 << 20;

/// How each kind of our terrain looks.
pub fn look(k: Kind) -> TerrainLook {
    match k {
        Kind::Jungle => TerrainLook::Jungle,
        Kind::Scrub => TerrainLook::Scrub,
        Kind::ElephantGrass => TerrainLook::Grass,
        Kind::WetPaddy => TerrainLook::Paddy,
        Kind::DryPaddy => TerrainLook::DryPaddy,
        Kind::Hootch => TerrainLook::Hootch,
        Kind::Masonry => TerrainLook::Building,
        Kind::Bunker => TerrainLook::Bunker,
        Kind::Trench => TerrainLook::Trench,
        Kind::Hill => TerrainLook::Hill,
        Kind::Dyke => TerrainLook::Dyke,
        Kind::TreeLine => TerrainLook::TreeLine,
        Kind::Trail => TerrainLook::Trail,
        Kind::Road => TerrainLook::Road,
        Kind::Stream => TerrainLook::Stream,
        Kind::Smoke => TerrainLook::Smoke,
    }
}

fn symbol(r: Role) -> UnitSymbol {
    match r {
        Role::FireTeam | Role::Porter => UnitSymbol::Infantry,
        Role::Command | Role::AidPost | Role::Medic => UnitSymbol::Headquarters,
        Role::Hmg | Role::Rcl | Role::Rpg | Role::Law | Role::Flame => UnitSymbol::Artillery,
        Role::Observer | Role::Sniper | Role::SniperTeam => UnitSymbol::Recon,
        Role::Vehicle => UnitSymbol::Armor,
        Role::Helicopter => UnitSymbol::Helicopter,
    }
}

/// The army colour of a stand: US and allies green, the NVA brown, the VC
/// grey.
pub fn army(st: &StandView) -> Rgba {
    match st.side {
        Side::FreeWorld => palette::army::US,
        Side::VcNva if st.unit.starts_with("nva") => palette::army::NVA,
        Side::VcNva => palette::army::VC,
    }
}

pub fn side_colour(side: Side) -> Rgba {
    match side {
        Side::FreeWorld => palette::army::US,
        Side::VcNva => palette::army::NVA,
    }
}

/// The stand's base on the table.
pub fn base_of(st: &StandView) -> Base {
    if st.round {
        Base::round(st.at, st.base.0 / 2.0)
    } else {
        let dir = st.facing - st.at;
        let dir = if dir.x.abs() + dir.y.abs() < 1e-9 {
            Point::new(0.0, 1.0)
        } else {
            dir
        };
        Base::rect(st.at, st.base.0, st.base.1, dir)
    }
}

/// "07:30".
pub fn clock(min: u16) -> String {
    format!("{:02}:{:02}", min / 60, min % 60)
}

/// The status markers a stand wears.
pub fn markers(st: &StandView) -> Vec<StandMarker> {
    let mut m = vec![];
    match st.status {
        Status::Pinned => m.push(StandMarker::new("PINNED", palette::status::EXHAUSTED)),
        Status::Suppressed => m.push(StandMarker::new("SUPPR.", palette::status::BROKEN)),
        Status::Ok => {}
    }
    if st.no_fire {
        m.push(StandMarker::new("NO FIRE", palette::status::IMMOBILIZED));
    }
    if st.hidden {
        m.push(StandMarker::new("HIDDEN", palette::status::CONCEALED));
    }
    if st.withdrawing {
        m.push(StandMarker::new("WITHDRAW", palette::status::SEARCHING));
    }
    if !st.carrying.is_empty() {
        m.push(StandMarker::new(
            format!("CAS x{}", st.carrying.len()),
            palette::status::LOW_AMMO,
        ));
    }
    m
}

/// A stand's lines for its tooltip and the column.
pub fn info(rules: &CrossfireVn, st: &StandView) -> Vec<String> {
    let mut v = vec![];
    if let Some(u) = rules.data.units.iter().find(|u| u.id == st.unit) {
        let mut l = st.status.name().to_string();
        if u.dice > 0 {
            l += &format!("; fires {} dice", u.dice);
        }
        if u.carry > 0 {
            l += &format!("; carries {}", u.carry);
        }
        if u.rating != 0 {
            l += &format!("; rating {:+}", u.rating);
        }
        v.push(l);
        if u.heavy {
            v.push("heavy weapon: leaves an equipment marker if killed (6.5)".into());
        }
    }
    if st.platoon > 0 {
        v.push(if st.squad > 0 {
            format!("platoon {}, squad {}", st.platoon, st.squad)
        } else {
            format!("platoon {}", st.platoon)
        });
    }
    if st.no_fire {
        v.push("NO FIRE: missed reactively, may not fire until the initiative changes".into());
    }
    if st.hidden {
        v.push("hidden: the enemy does not see it".into());
    }
    if st.withdrawing {
        v.push("withdrawing (6.9.1): reactive fire only, must leave by its edge".into());
    }
    if !st.carrying.is_empty() {
        v.push(format!(
            "carrying {} (6.5)",
            vt_ui::labels::count(st.carrying.len(), "marker", "markers")
        ));
    }
    v
}

/// The stands the side to decide may drag now: a move, a placement or a
/// medevac of it is among the legal commands.
pub fn draggable(legal: &[Command]) -> Vec<u16> {
    let mut v: Vec<u16> = legal
        .iter()
        .flat_map(|c| match c {
            Command::Move { moves } if moves.len() == 1 => vec![moves[0].stand],
            Command::Place { stand, .. } => vec![*stand],
            _ => vec![],
        })
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The table as the view has it.
pub fn table_of(rules: &CrossfireVn, view: &View, legal: &[Command], fresh: bool) -> Table {
    let Some(t) = rules.tables.iter().find(|t| t.id == view.table) else {
        return Table::default();
    };
    let features = t
        .features
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let burning = view.burning.contains(&(i as u16));
            let name = t.names.get(i).cloned().unwrap_or_default();
            Feature {
                kind: TerrainInfo {
                    look: if burning {
                        TerrainLook::Napalm
                    } else {
                        look(f.kind.kind)
                    },
                    name: if burning {
                        format!("{name} (burning, 6.12)")
                    } else {
                        name
                    },
                    sight: rules.sight_rule(&f.kind),
                },
                shape: f.shape.clone(),
                elevation: f.elevation,
            }
        })
        .collect();
    let movable = draggable(legal);
    let stands = view
        .stands
        .iter()
        .map(|st| TableStand {
            key: st.id as u64,
            side: st.side.idx() as u8,
            base: base_of(st),
            colour: army(st),
            symbol: symbol(st.role),
            label: st.label.clone(),
            name: format!("{} ({})", st.label, st.name),
            info: info(rules, st),
            markers: markers(st),
            eye: if st.role == Role::Helicopter {
                2.0
            } else {
                0.0
            },
            arc: None,
            rings: vec![],
            movable: movable.contains(&st.id),
            spent: false,
            active: false,
        })
        .collect();
    let mut markers: Vec<TableMarker> = view
        .markers
        .iter()
        .filter_map(|m| {
            let at = m.at?;
            let (text, colour, what) = match m.kind {
                MarkerKind::Casualty => (
                    "CAS",
                    palette::board::FLASH_LOSS.alpha(255),
                    "Casualty marker (6.5)",
                ),
                MarkerKind::Equipment => (
                    "EQUIP",
                    palette::status::LOW_AMMO,
                    "Equipment marker (6.5)",
                ),
            };
            Some(TableMarker {
                key: m.id as u64,
                at,
                text: text.into(),
                colour,
                name: format!("{what}: {}", m.side.name()),
                info: vec![match m.kind {
                    MarkerKind::Casualty => {
                        "to be carried off a friendly edge or lifted out; left on the table it scores for the enemy".into()
                    }
                    MarkerKind::Equipment => {
                        "an enemy stand of troops ending a move within a stand width captures it".into()
                    }
                }],
            })
        })
        .collect();
    if let Some(sc) = rules.scenario(&view.scenario) {
        for (i, o) in sc.objectives.iter().enumerate() {
            if o.area.is_empty() {
                continue;
            }
            let n = o.area.len() as f64;
            let c = o.area.iter().fold(Point::new(0.0, 0.0), |a, p| {
                Point::new(a.x + p.x / n, a.y + p.y / n)
            });
            markers.push(TableMarker {
                key: OBJECTIVE_KEY + i as u64,
                at: c,
                text: "OBJ".into(),
                colour: palette::status::HERO,
                name: format!("Objective: {}", o.name),
                info: vec![format!(
                    "held {} running",
                    vt_ui::labels::count(
                        view.held as usize,
                        "attacker initiative",
                        "attacker initiatives"
                    )
                )],
            });
        }
    }
    let templates = view
        .smoke
        .iter()
        .map(|(at, r)| PlacedTemplate {
            template: Template::Circle(Circle {
                centre: *at,
                radius: *r,
            }),
            look: TerrainLook::Smoke,
            label: "smoke: blocks sight until the enemy's initiative ends".into(),
        })
        .collect();
    Table {
        game: Some(GAME_ID),
        size: bevy::math::Vec2::new(t.size.0 as f32, t.size.1 as f32),
        features,
        dead_ground: None,
        stands,
        templates,
        markers,
        fresh,
    }
}
