//! What one side may see. Concealed enemy units appear only as Concealed
//! markers (their number, hex and whether the marker is VC or NVA), and
//! not at all while their owner sets up behind its screen (3.0); enemy
//! Dummies are never told apart; enemy hidden caches, tunnels, bunkers and
//! foxholes show only as "?" markers; enemy plotted traps and the targets of
//! enemy fire missions are absent; who sits in an enemy's hidden Bunker or
//! Foxholes is absent too.

use crate::Fte;
use crate::data::{MissionKind, Nation, Weapon};
use crate::geo::Hex;
use crate::state::*;
use crate::step::Phase;
use serde::Serialize;
use vt_core::sort::StableSort;

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub side: Side,
    pub scenario: String,
    pub map: String,
    pub turn: u8,
    pub turns: u8,
    /// The phase of the turn, for the turn track.
    pub phase: Phase,
    pub active: Side,
    pub vp: [i32; 2],
    /// Chits left in the cup: (US, NVA/VC, Random Event chit still in).
    pub cup: (u8, u8, bool),
    /// Activation chits per turn for each side.
    pub chits: [u8; 2],
    pub units: Vec<UnitView>,
    pub concealed: Vec<ConcealedMarker>,
    pub casualties: Vec<CasualtyView>,
    pub caches: Vec<CacheView>,
    /// This side's own plotted traps that have not gone off.
    pub traps: Vec<Hex>,
    pub missions: Vec<MissionView>,
    pub aerial_observer: bool,
    pub higher_hq: [bool; 2],
    pub medevac_due: Option<u8>,
    /// Units of the current activation this side may name.
    pub activation: Vec<UnitId>,
    pub moving: Option<MovingView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct UnitView {
    pub id: UnitId,
    pub unit_type: String,
    pub name: String,
    pub side: Side,
    pub nation: Nation,
    pub hex: Option<Hex>,
    pub loaded_on: Option<UnitId>,
    pub altitude: Altitude,
    pub fire: Option<u8>,
    pub weapon: Weapon,
    pub range: Option<u8>,
    pub troop_quality: u8,
    pub troops: u8,
    pub defense: i32,
    pub reduced: bool,
    /// Own units only: whether it carries a Concealed marker.
    pub concealed: bool,
    pub suppressed: bool,
    pub broken: bool,
    pub exhausted: bool,
    pub low_ammo: bool,
    pub hero: bool,
    pub searching: u8,
    pub activated: bool,
    pub op_fired: bool,
    pub immobilized: bool,
    pub downed: bool,
    /// In a Bunker or Foxholes (absent for an enemy's hidden one).
    pub in_fort: bool,
    pub arrives: Option<u8>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ConcealedMarker {
    pub marker: u16,
    pub hex: Hex,
    /// VC markers differ from NVA ones (2.0).
    pub vc: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct CasualtyView {
    pub id: u16,
    pub side: Side,
    pub kind: CasualtyKind,
    pub hex: Option<Hex>,
    pub carried_by: Option<UnitId>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CacheView {
    pub hex: Hex,
    pub owner: Side,
    /// None: a "?" marker whose kind this side may not see.
    pub kind: Option<CacheKind>,
    pub id: Option<u16>,
    pub revealed: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct MissionView {
    pub side: Side,
    pub kind: Option<MissionKind>,
    /// Only for this side's own missions.
    pub target: Option<Hex>,
    pub turn: u8,
}

#[derive(Clone, Debug, Serialize)]
pub struct MovingView {
    pub units: Vec<UnitId>,
    pub mode: MoveMode,
    pub left_half_mp: u8,
}

impl Fte {
    /// May `side` see this unit as itself?
    pub fn sees_unit(&self, s: &State, side: Side, u: &Unit) -> bool {
        if u.side == side {
            return true;
        }
        match u.status {
            UnitStatus::OnMap => !u.concealed,
            UnitStatus::Loaded => u
                .carrier
                .is_some_and(|c| self.sees_unit(s, side, s.unit(c))),
            _ => false,
        }
    }

    pub(crate) fn make_view(&self, s: &State, side: Side) -> View {
        let mut units = Vec::new();
        let mut concealed = Vec::new();
        for u in &s.units {
            let own = u.side == side;
            if !own && !matches!(u.status, UnitStatus::OnMap | UnitStatus::Loaded) {
                continue;
            }
            if own && matches!(u.status, UnitStatus::Eliminated | UnitStatus::Exited) {
                continue;
            }
            if !self.sees_unit(s, side, u) {
                // Markers behind a screen still being set up show only once
                // their owner is done, under new numbers (3.0).
                if let (UnitStatus::OnMap, Some(h)) = (u.status, u.hex)
                    && !self.setting_up(s, u.side)
                {
                    concealed.push(ConcealedMarker {
                        marker: u.marker,
                        hex: h,
                        vc: self.nation(u) == Nation::Vc,
                    });
                }
                continue;
            }
            let t = self.ty(u);
            let in_fort = u.fort.is_some_and(|f| own || s.caches[f as usize].revealed);
            units.push(UnitView {
                id: u.id,
                unit_type: t.id.clone(),
                name: t.name.clone(),
                side: u.side,
                nation: t.nation,
                hex: u.hex,
                loaded_on: u.carrier,
                altitude: u.altitude,
                fire: self.fire_rating(u),
                weapon: t.weapon,
                range: t.range,
                troop_quality: self.troop_quality(u),
                troops: self.troops(u),
                defense: t.defense,
                reduced: u.reduced,
                concealed: own && u.concealed,
                suppressed: u.suppressed,
                broken: u.broken,
                exhausted: u.exhausted,
                low_ammo: u.low_ammo,
                hero: u.hero,
                searching: u.searching,
                activated: u.activated,
                op_fired: u.op_fired,
                immobilized: u.immobilized,
                downed: u.downed,
                in_fort,
                arrives: if own { u.arrives } else { None },
            });
        }
        concealed.stable_sort_by_key(|c| (c.hex, c.marker));
        let casualties = s
            .casualties
            .iter()
            .filter(|c| !c.gone)
            .filter(|c| match c.carrier {
                None => true,
                Some(u) => self.sees_unit(s, side, s.unit(u)),
            })
            .map(|c| CasualtyView {
                id: c.id,
                side: c.side,
                kind: c.kind,
                hex: s.casualty_hex(c),
                carried_by: c.carrier,
            })
            .collect();
        let caches = s
            .caches
            .iter()
            .filter(|c| !c.gone)
            .map(|c| {
                let known = c.owner == side || c.revealed;
                CacheView {
                    hex: c.hex,
                    owner: c.owner,
                    kind: known.then_some(c.kind),
                    id: known.then_some(c.id),
                    revealed: c.revealed,
                }
            })
            .collect::<Vec<_>>();
        // By hex, not in the scenario's order, which would tell a hidden
        // cache's kind (23.0).
        let mut caches = caches;
        caches.stable_sort_by_key(|c| (c.hex, c.owner, c.id));
        let traps = s
            .traps
            .iter()
            .filter(|t| t.owner == side && !t.used)
            .map(|t| t.hex)
            .collect();
        let missions = s
            .missions
            .iter()
            .map(|m| MissionView {
                side: m.side,
                kind: (m.side == side).then_some(m.kind),
                target: (m.side == side).then_some(m.target),
                turn: m.turn,
            })
            .collect();
        let us = s.cup.count(|c| *c == Chit::Side(Side::Us)) as u8;
        let nva = s.cup.count(|c| *c == Chit::Side(Side::Nva)) as u8;
        let ev = s.cup.contains(&Chit::RandomEvent);
        let activation = s
            .activation
            .as_ref()
            .map(|a| {
                a.eligible
                    .iter()
                    .copied()
                    .filter(|u| self.sees_unit(s, side, s.unit(*u)))
                    .collect()
            })
            .unwrap_or_default();
        let moving = s
            .moving()
            .filter(|m| m.units.iter().all(|u| self.sees_unit(s, side, s.unit(*u))))
            .map(|m| MovingView {
                units: m.units.clone(),
                mode: m.mode,
                left_half_mp: m.left,
            });
        View {
            side,
            scenario: s.scenario.clone(),
            map: s.map.clone(),
            turn: s.turn,
            turns: s.turns,
            phase: s.phase(),
            active: s.active,
            vp: s.vp,
            cup: (us, nva, ev),
            chits: s.chits,
            units,
            concealed,
            casualties,
            caches,
            traps,
            missions,
            aerial_observer: s.aerial_observer,
            higher_hq: s.higher_hq,
            medevac_due: s.medevac_due,
            activation,
            moving,
        }
    }
}
