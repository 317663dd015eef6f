//! What one side may see. To the US a face-down NLF counter is a numbered
//! marker in a hex (and whether it has been found to hold people); its
//! type, id, load, casualties and ammunition are absent. The NLF's order of
//! battle, the US deployment, orders, calls, air strikes and battery, and
//! each side's secret points are absent from the other side's view until
//! the end.

use crate::Grunt;
use crate::data::{Column, Deployment, Level, Mode, Optional, OrderId, Role};
use crate::map::Hex;
use crate::state::*;
use crate::step::{Kind, Step};
use serde::Serialize;
use vt_core::DecisionKind;
use vt_core::sort::StableSort;

#[derive(Clone, Debug, Serialize)]
pub struct CounterView {
    pub id: CounterId,
    pub role: Role,
    pub name: String,
    pub short: String,
    pub side: Side,
    pub hex: Option<Hex>,
    pub carried_by: Option<CounterId>,
    pub carrying: Option<CounterId>,
    /// Own counters only: face down to the enemy.
    pub face_down: bool,
    pub marker: u16,
    pub pinned: bool,
    /// Attack Strength in half points.
    pub attack: u16,
    /// Own units only (O3).
    pub ammo: Option<u8>,
    pub casualties: u8,
    pub exposed: bool,
    pub moved: bool,
    pub fired: bool,
    pub landed: bool,
    /// Own units only: Movement Points left this Player Turn.
    pub mp_left: Option<u8>,
    /// Sitting on a cache since this Player Turn (B3.5).
    pub working: Option<CounterId>,
    /// Own waiting units: when and how they come.
    pub waiting: Option<WaitingFor>,
}

/// A face-down counter as the other side sees it.
#[derive(Clone, Debug, Serialize)]
pub struct MarkerView {
    pub marker: u16,
    pub hex: Hex,
    /// The US has been told there are people under it (A6, O3b).
    pub people: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct CasualtyView {
    pub id: u16,
    pub side: Side,
    pub kia: bool,
    pub hex: Option<Hex>,
    pub with: Option<CounterId>,
    pub on_trap: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct AwardView {
    pub side: Side,
    pub points: i32,
    pub why: String,
    pub rule: String,
    pub turn: u8,
    /// Waits for a US unit to pass over this hex (O11).
    pub pending: Option<Hex>,
    /// Read only by this side until the end.
    pub secret: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct ZoneView {
    pub side: Side,
    pub firer: CounterId,
    pub hexes: Vec<(Hex, bool)>,
}

/// What the current decision is about, for the screen.
#[derive(Clone, Debug, Default, Serialize)]
pub struct StepView {
    pub kind: Option<String>,
    /// The landing group so far (B5), or the hexes helicopters are at.
    pub hexes: Vec<Hex>,
    pub lifting: bool,
    pub guns: u8,
    pub unit: Option<CounterId>,
    pub cache: Option<CounterId>,
}

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub side: Side,
    pub scenario: String,
    pub map: String,
    pub level: Level,
    pub mode: Mode,
    pub options: Vec<Optional>,
    pub turn: u8,
    pub last_turn: u8,
    pub phase: Phase,
    pub active: Side,
    pub step: StepView,
    pub counters: Vec<CounterView>,
    pub markers: Vec<MarkerView>,
    pub casualties: Vec<CasualtyView>,
    /// What Search has told the US (S5).
    pub reports: Vec<Report>,
    pub zones: Vec<ZoneView>,
    /// Helicopters on the ground (O10.2).
    pub helicopters: Vec<Helicopter>,
    /// The ledger as this side may read it.
    pub ledger: Vec<AwardView>,
    /// Points as this side may know them: [US, NLF].
    pub points: [i32; 2],
    /// US casualties so far (what the NLF knows when their worth is secret).
    pub us_wia: u16,
    pub us_kia: u16,
    pub order: Option<OrderId>,
    pub column: Option<Column>,
    pub deployment: Option<Deployment>,
    pub calls: Vec<Call>,
    pub strikes: Vec<Strike>,
    pub strikes_left: Option<u8>,
    pub battery: Option<Battery>,
    pub day_to_day: Option<u8>,
    /// B10: the US company commander was destroyed; the US may not win.
    pub commander_lost: bool,
    pub result: Option<String>,
    pub summary: String,
}

impl Grunt {
    /// Does `side` see this counter as itself?
    pub fn sees(&self, s: &State, side: Side, c: &Counter) -> bool {
        if c.side == side || s.is_over() {
            return c.in_play() || c.status == Status::Waiting && c.side == side;
        }
        match c.status {
            Status::OnMap => !c.face_down,
            Status::Carried => c
                .carried_by
                .is_some_and(|x| s.c(x).side == side || self.sees(s, side, s.c(x))),
            _ => false,
        }
    }

    pub(crate) fn make_view(&self, s: &State, side: Side) -> View {
        let pt = s.pt();
        let over = s.is_over();
        let mut counters = Vec::new();
        let mut markers = Vec::new();
        for c in &s.counters {
            if !self.sees(s, side, c) {
                if c.status == Status::OnMap
                    && c.face_down
                    && let Some(h) = c.hex
                {
                    markers.push(MarkerView {
                        marker: c.marker,
                        hex: h,
                        people: c.people_known,
                    });
                }
                continue;
            }
            let own = c.side == side;
            let t = self.ty(c.role);
            counters.push(CounterView {
                id: c.id,
                role: c.role,
                name: t.name.clone(),
                short: t.short.clone(),
                side: c.side,
                hex: c.hex,
                carried_by: c.carried_by,
                carrying: c.carrying.filter(|x| own || self.sees(s, side, s.c(*x))),
                face_down: own && c.face_down,
                marker: c.marker,
                pinned: c.pinned(),
                attack: self.attack(c.role),
                ammo: (own || over).then_some(c.ammo),
                casualties: c.casualties,
                exposed: c.exposed,
                // Set-up (Player Turn 0) is nobody's turn: nothing has
                // moved, fired or landed yet.
                moved: pt != 0 && c.moved == pt,
                fired: pt != 0 && c.fired == pt,
                landed: pt != 0 && c.arrived == pt,
                mp_left: (own && pt != 0).then(|| s.mp_left(c.id, self.ma())),
                working: c.work.map(|w| w.cache),
                waiting: if own { c.waiting } else { None },
            });
        }
        markers.stable_sort_by_key(|m| (m.hex, m.marker));
        let visible_carrier = |w: Option<CounterId>| match w {
            None => true,
            Some(x) => self.sees(s, side, s.c(x)),
        };
        let casualties = s
            .casualties
            .iter()
            .filter(|x| !x.evacuated && x.hex.is_some() && visible_carrier(x.with))
            .map(|x| CasualtyView {
                id: x.id,
                side: x.side,
                kia: x.kia,
                hex: x.hex,
                with: x.with,
                on_trap: x.on_trap,
            })
            .collect();
        let reads = |a: &Award| match a.reader {
            Reader::Both => true,
            Reader::Only(r) => r == side,
        };
        let ledger = s
            .ledger
            .iter()
            .filter(|a| reads(a))
            .map(|a| AwardView {
                side: a.side,
                points: a.points,
                why: a.why.clone(),
                rule: a.rule.clone(),
                turn: a.turn,
                pending: a.pending,
                secret: a.reader != Reader::Both,
            })
            .collect();
        let points = [
            s.points(Side::Us, Some(side)),
            s.points(Side::Nlf, Some(side)),
        ];
        let us_wia = s
            .casualties
            .iter()
            .filter(|x| x.side == Side::Us && !x.kia)
            .count() as u16;
        let us_kia = s
            .casualties
            .iter()
            .filter(|x| x.side == Side::Us && x.kia)
            .count() as u16;
        let us = side == Side::Us || over;
        let nlf = side == Side::Nlf || over;
        View {
            side,
            scenario: s.scenario.clone(),
            map: s.map.clone(),
            level: s.level,
            mode: s.mode,
            options: s.options.on.clone(),
            turn: s.turn,
            last_turn: self.last_turn(s),
            phase: s.phase,
            active: s.active,
            step: self.step_view(s, side),
            counters,
            markers,
            casualties,
            reports: if us { s.reports.clone() } else { Vec::new() },
            zones: s
                .zones
                .iter()
                .map(|z| ZoneView {
                    side: z.side,
                    firer: z.firer,
                    hexes: z.hexes.clone(),
                })
                .collect(),
            helicopters: s.helicopters.iter().filter(|x| !x.gone).cloned().collect(),
            ledger,
            points,
            us_wia,
            us_kia,
            order: if us { s.order } else { None },
            column: if nlf { s.column } else { None },
            deployment: if us { s.deployment } else { None },
            calls: if us { s.calls.clone() } else { Vec::new() },
            strikes: if us {
                s.strikes.clone()
            } else {
                s.strikes.iter().filter(|x| x.done).cloned().collect()
            },
            strikes_left: if us { s.strikes_left } else { None },
            battery: if us { Some(s.battery.clone()) } else { None },
            day_to_day: s.day_to_day,
            commander_lost: s.commander_lost(),
            result: s.result.clone(),
            summary: s.summary.clone(),
        }
    }

    fn step_view(&self, s: &State, side: Side) -> StepView {
        let kind = self
            .current_decision(s)
            .kind_as::<Kind>()
            .map(|k| k.as_str().to_string());
        let mut v = StepView {
            kind,
            ..StepView::default()
        };
        match s.step() {
            Step::Landing { group, .. } => v.hexes = group.clone(),
            Step::LandingFire { hexes, lifting } => {
                v.hexes = hexes.clone();
                v.lifting = *lifting;
            }
            Step::Suppress { around, guns, .. } => {
                v.hexes = around.clone();
                v.guns = *guns;
            }
            Step::CacheChoice { unit, cache } => {
                v.unit = Some(*unit);
                v.cache = Some(*cache);
            }
            // The unit being moved, if this side sees it as itself (a
            // face-down NLF counter stays a marker to the US, B4).
            Step::Moving { unit, .. } if self.sees(s, side, s.c(*unit)) => {
                v.unit = Some(*unit);
            }
            _ => {}
        }
        v
    }
}
