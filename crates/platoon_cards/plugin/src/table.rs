//! The table as one side's view has it: the tabletop's features with the
//! chart's sight rule of each kind, the stands on their bases with their
//! morale state, hidden cards as cards the enemy cannot tell apart, mine
//! and wire strips, smoke and divisional counters.

use bevy::prelude::*;
use platoon_cards_rules::PlatoonCards;
use platoon_cards_rules::data::{TerrainKind, UnitClass, WeaponKind, WeaponSpec};
use platoon_cards_rules::state::{Side, Status};
use platoon_cards_rules::view::{StandView, View};
use vt_core::sort::StableSort;
use vt_core::tabletop::{Base, Cover, DeadGround, Feature, Point, Rect, SightRule, Template};
use vt_ui::palette;
use vt_ui::prelude::*;
use vt_ui::tabletop::{
    PlacedTemplate, StandMarker, Table, TableMarker, TableStand, TerrainInfo, TerrainLook,
};

/// How each kind of the chart's ground looks on the board.
pub fn look(k: TerrainKind) -> TerrainLook {
    use TerrainKind as K;
    match k {
        K::River | K::Stream => TerrainLook::Stream,
        K::Building => TerrainLook::Building,
        K::DenseJungle => TerrainLook::Jungle,
        K::OpenJungle | K::RoughScrub => TerrainLook::Scrub,
        K::Bunker => TerrainLook::Bunker,
        K::Road => TerrainLook::Road,
        K::HillCrest | K::Hill => TerrainLook::Hill,
        K::Trench => TerrainLook::Trench,
        K::Wall => TerrainLook::Wall,
        K::Hedge => TerrainLook::Hedge,
        K::RicePaddy => TerrainLook::Paddy,
        K::PaddyDyke => TerrainLook::Dyke,
        K::ElephantGrass => TerrainLook::Grass,
        K::Hootch => TerrainLook::Hootch,
        K::Trail => TerrainLook::Trail,
        K::TreeLine => TerrainLook::TreeLine,
    }
}

pub fn army(side: Side) -> palette::Rgba {
    match side {
        Side::Us => palette::army::US,
        Side::Vc => palette::army::NVA,
    }
}

fn symbol(c: UnitClass) -> UnitSymbol {
    match c {
        UnitClass::Squad => UnitSymbol::Infantry,
        UnitClass::PlatoonCommander | UnitClass::CompanyCommander => UnitSymbol::Headquarters,
        UnitClass::ForwardObserver => UnitSymbol::Recon,
        UnitClass::Hmg => UnitSymbol::Infantry,
        UnitClass::Mortar => UnitSymbol::Mortar,
        UnitClass::Recoilless | UnitClass::Gun => UnitSymbol::Artillery,
        UnitClass::Vehicle => UnitSymbol::Mechanized,
        UnitClass::Helicopter => UnitSymbol::Helicopter,
    }
}

/// The range bands of a weapon, from the charts: small arms their dice
/// bands (assault rifles 5", 16") and the close band up to the 40" limit;
/// guns where the long-range modifier starts and their longest range.
pub fn rings(rules: &PlatoonCards, w: &WeaponSpec) -> Vec<f64> {
    let mut v: Vec<f64> = match &w.kind {
        WeaponKind::SmallArms(a) => {
            let c = &rules.charts.small_arms;
            let mut v: Vec<f64> = rules
                .charts
                .small_arm(*a)
                .map(|r| r.dice.value.iter().map(|b| b.up_to).collect())
                .unwrap_or_default();
            v.push(c.close_band.value);
            v.push(c.max_range.value);
            v
        }
        WeaponKind::Gun { class, he, .. } => {
            let g = &rules.charts.gun_to_hit;
            let mut v = vec![g.long_from.value];
            if let Some(a) = rules.charts.accuracy(*class) {
                v.push(a.max_range.value);
            }
            if he.is_some() {
                v.push(rules.charts.small_arms.max_range.value);
            }
            v
        }
        WeaponKind::Mortar { .. } | WeaponKind::Rockets => vec![],
    };
    let top = rules
        .charts
        .small_arms
        .max_range
        .value
        .max(rules.charts.gun_to_hit.long_to.value);
    v.retain(|r| r.is_finite() && *r > 0.0 && *r <= top + 1e-9);
    v.stable_sort_by(f64::total_cmp);
    v.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
    v
}

/// The stand's base as the rules draw it.
pub fn base_of(s: &StandView) -> Base {
    Base::rect(
        s.pos,
        s.width,
        s.length,
        platoon_cards_rules::geometry::facing_vec(s.facing),
    )
}

/// Markers for a stand's state: the chart's Suppressed and Disrupted, and
/// the rest a player looks for (overwatch, hidden, immobile).
fn markers(view: &View, s: &StandView) -> Vec<StandMarker> {
    let mut m = vec![];
    match s.status {
        Status::Suppressed => m.push(StandMarker::new("SUPP", palette::status::SUPPRESSED)),
        Status::Disrupted => m.push(StandMarker::new("DISR", palette::status::BROKEN)),
        Status::Ok => {}
    }
    if view
        .platoons
        .iter()
        .any(|p| p.id == s.platoon && p.overwatch)
    {
        m.push(StandMarker::new("OVW", palette::cards::BANNER_COMMAND));
    }
    // One tab for a hidden platoon, on its first stand: a tab on every
    // stand of a platoon standing together ran into one another
    // ("HIDDENHIDDEN"). Every hidden stand says so in its tooltip.
    if s.hidden && first_hidden_of_platoon(view, s) {
        m.push(StandMarker::new("HIDDEN", palette::status::CONCEALED));
    }
    if s.immobile {
        m.push(StandMarker::new("IMMOB", palette::status::EXHAUSTED));
    }
    m
}

/// `s` is the first hidden stand of its platoon (the one that carries the
/// platoon's HIDDEN tab).
fn first_hidden_of_platoon(view: &View, s: &StandView) -> bool {
    let first = (view.stands.iter())
        .filter(|o| o.platoon == s.platoon && o.hidden)
        .map(|o| o.id)
        .min();
    first == Some(s.id)
}

/// The stand's weapons and state in words, for the tooltip.
fn info(rules: &PlatoonCards, view: &View, s: &StandView) -> Vec<String> {
    let mut v = vec![s.status.name().to_string()];
    if s.hidden {
        v.push("hidden (its platoon is not yet seen by the enemy)".into());
    }
    if let Some(t) = rules.types.iter().find(|t| t.id == s.unit) {
        let w: Vec<&str> = t.weapons.iter().map(|w| w.name.as_str()).collect();
        if !w.is_empty() {
            v.push(format!("weapons: {}", w.join(", ")));
        }
    }
    if s.grenade_launcher {
        v.push("grenade launcher (+1D6 at 5\"-16\" v infantry)".into());
    }
    if s.rating != 0 {
        v.push(format!("commander rating {:+}", s.rating));
    }
    let aboard: Vec<&str> = view
        .stands
        .iter()
        .filter(|o| o.aboard.is_some_and(|(c, _)| c == s.id))
        .map(|o| o.name.as_str())
        .collect();
    if !aboard.is_empty() {
        v.push(format!("carrying {}", aboard.join(", ")));
    }
    if s.moved > 0.0 {
        v.push(format!("moved {:.1}\" this activation", s.moved));
    }
    if s.fired {
        v.push("fired this turn".into());
    }
    if s.activated {
        v.push("done this activation".into());
    }
    v
}

/// The key of the marker a set-up piece is drawn as (mine strips are
/// templates: none).
pub fn marker_key(p: crate::Picked) -> Option<u64> {
    match p {
        crate::Picked::Card(m) => Some(CARD_KEYS + m as u64),
        crate::Picked::Sniper(x) => Some(SNIPER_KEYS + x as u64),
        crate::Picked::Mine(_) => None,
    }
}

const CARD_KEYS: u64 = 10_000;
const PLOT_KEYS: u64 = 20_000;
const SNIPER_KEYS: u64 = 30_000;
const ZONE_KEYS: u64 = 40_000;

/// The table of `view`, drawn for its side.
pub fn table_of(
    rules: &PlatoonCards,
    view: &View,
    movable: &dyn Fn(&StandView) -> bool,
    weapon_of: &dyn Fn(&StandView) -> u8,
    fresh: bool,
) -> Table {
    let top = rules
        .tabletops
        .iter()
        .find(|t| t.id == view.tabletop)
        .unwrap_or(&rules.tabletops[0]);
    let depth = rules.charts.spotting.see_into.value;
    let features = top
        .features
        .iter()
        .map(|f| {
            let row = rules.row(f.kind);
            Feature {
                kind: TerrainInfo {
                    look: look(f.kind),
                    name: f.kind.name().into(),
                    sight: if row.blocks_los.value {
                        SightRule::blocking(depth, Cover::None)
                    } else {
                        SightRule::OPEN
                    },
                },
                shape: f.shape.clone(),
                elevation: f.elevation,
            }
        })
        .collect();
    let stands = view
        .stands
        .iter()
        .filter(|s| s.aboard.is_none())
        .map(|s| {
            let t = rules.types.iter().find(|t| t.id == s.unit);
            let arc = t
                .and_then(|t| t.weapons.iter().filter_map(|w| w.arc).reduce(f64::max))
                .filter(|a| *a < 180.0);
            TableStand {
                key: s.id as u64,
                side: s.side.idx(),
                base: base_of(s),
                colour: army(s.side),
                symbol: t.map_or(UnitSymbol::Infantry, |t| symbol(t.class)),
                label: s.short.clone(),
                name: s.name.clone(),
                info: info(rules, view, s),
                markers: markers(view, s),
                eye: if s.airborne { 3.0 } else { 0.0 },
                arc,
                // The bands of the weapon chosen in the column.
                rings: t
                    .and_then(|t| t.weapons.get(weapon_of(s) as usize))
                    .map_or(vec![], |w| rings(rules, w)),
                movable: movable(s),
                spent: s.activated,
                // The platoon the card turned activated (Chart: TURN SEQUENCE).
                active: view.active == Some(s.platoon),
            }
        })
        .collect();
    let mut markers: Vec<TableMarker> = vec![];
    for c in &view.cards {
        let (text, info) = match c.platoon {
            Some(Some(p)) => (
                "CARD".to_string(),
                vec![format!(
                    "your hidden {}",
                    view.platoons
                        .iter()
                        .find(|x| x.id == p)
                        .map_or("platoon", |x| x.name.as_str())
                )],
            ),
            Some(None) => ("BOGUS".into(), vec!["your bogus card".into()]),
            None => (
                "?".into(),
                vec!["a hidden card: a platoon, or a bogus card".into()],
            ),
        };
        markers.push(TableMarker {
            key: CARD_KEYS + c.marker as u64,
            at: c.pos,
            text,
            colour: palette::status::CONCEALED,
            name: format!("{} card {}", c.side.name(), c.marker),
            info,
        });
    }
    for p in &view.plots {
        markers.push(TableMarker {
            key: PLOT_KEYS + p.number as u64,
            at: p.pos,
            text: format!("{}", p.number),
            colour: palette::board::FLASH_BLAST,
            name: format!("divisional counter {}", p.number),
            info: vec![match p.battery {
                Some(Some(b)) => format!("battery {b} will fire here"),
                Some(None) => "a decoy".into(),
                None => "the enemy's counter: real or a decoy".into(),
            }],
        });
    }
    for s in &view.snipers {
        markers.push(TableMarker {
            key: SNIPER_KEYS + s.id as u64,
            at: s.pos,
            text: "SNIPER".into(),
            colour: army(s.side),
            name: "your sniper (hidden)".into(),
            info: vec!["3D6, 24\"; the enemy spots it within 3\" of a move".into()],
        });
    }
    // In the set-up, the corners of the side's deployment zones, so a
    // player sees where a stand, card or strip may go.
    if view.kind == Some(platoon_cards_rules::step::Kind::Setup)
        && let Some(sc) = rules.scenarios.iter().find(|sc| sc.id == view.scenario)
    {
        for (z, zone) in sc
            .zones
            .iter()
            .enumerate()
            .filter(|(_, z)| z.side == view.side)
        {
            let n = zone.area.len().max(1) as f64;
            let mid = zone.area.iter().fold(Point::new(0.0, 0.0), |a, p| a + *p) * (1.0 / n);
            for (i, corner) in zone.area.iter().enumerate() {
                // A little inside, so the chip sits on the zone.
                let inward = (mid - *corner).normalized().unwrap_or(Point::new(0.0, 0.0));
                markers.push(TableMarker {
                    key: ZONE_KEYS + (z * 16 + i) as u64,
                    at: *corner + inward * 1.0,
                    text: "ZONE".into(),
                    colour: army(view.side),
                    name: format!("your set-up zone: {}", zone.name),
                    info: vec!["stands and hidden cards are set up inside it".into()],
                });
            }
        }
    }
    let mut templates = vec![];
    let up = Point::new(0.0, 1.0);
    for m in &view.mines {
        templates.push(PlacedTemplate {
            template: Template::Rect(Rect::new(m.pos, m.size, m.size, up)),
            look: TerrainLook::Mines,
            label: match (m.wreck, m.real) {
                (true, _) => "wreck on a mine strip".into(),
                (_, Some(true)) => "mine strip (real)".into(),
                (_, Some(false)) => "mine strip (dummy)".into(),
                (_, None) => "mine strip: real or dummy".into(),
            },
        });
    }
    for w in &view.wire {
        templates.push(PlacedTemplate {
            template: Template::Rect(Rect::new(
                w.pos,
                0.5,
                2.0,
                platoon_cards_rules::geometry::facing_vec(w.angle),
            )),
            look: TerrainLook::Wire,
            label: "barbed wire".into(),
        });
    }
    for s in &view.smoke {
        templates.push(PlacedTemplate {
            template: Template::Rect(Rect::new(
                s.centre,
                s.width,
                s.depth,
                platoon_cards_rules::geometry::facing_vec(s.angle + 90.0),
            )),
            look: TerrainLook::Smoke,
            label: "smoke (clears at the end of the turn)".into(),
        });
    }
    Table {
        game: Some(crate::GAME_ID),
        size: Vec2::new(top.width as f32, top.height as f32),
        features,
        dead_ground: Some(DeadGround::Fraction(
            rules.charts.line_of_sight.dead_zone_share.value,
        )),
        stands,
        templates,
        markers,
        fresh,
    }
}
