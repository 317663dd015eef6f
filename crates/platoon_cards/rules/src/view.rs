//! What one side may see. Hidden things are absent: enemy platoons under
//! their cards appear only as cards with a number (a bogus one looks the
//! same), enemy snipers not at all, enemy mine strips without whether they
//! are real (and not at all when the scenario hides them), the enemy's
//! divisional counters without which are real.

use crate::PlatoonCards;
use crate::command::Action;
use crate::data::MoraleResult;
use crate::state::*;
use crate::step::{Kind, Step};
use serde::{Deserialize, Serialize};
use vt_core::DecisionKind;
use vt_core::sort::StableSort;
use vt_core::tabletop::Point;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandView {
    pub id: StandId,
    pub unit: String,
    pub name: String,
    pub short: String,
    pub side: Side,
    pub platoon: PlatoonId,
    pub pos: Point,
    pub facing: f64,
    pub width: f64,
    pub length: f64,
    pub status: Status,
    /// Aboard this stand (and on top of it).
    pub aboard: Option<(StandId, bool)>,
    pub airborne: bool,
    pub immobile: bool,
    /// Your own stand still under its card.
    pub hidden: bool,
    pub grenade_launcher: bool,
    pub rating: i8,
    /// Moved and fired this turn (spotting), allowance used this activation.
    pub moved: f64,
    pub fired: bool,
    pub activated: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlatoonView {
    pub id: PlatoonId,
    pub name: String,
    pub side: Side,
    pub quality: String,
    pub activations: u8,
    pub overwatch: bool,
    pub card: bool,
    pub morale: Option<MoraleResult>,
    /// Your own platoon still hidden.
    pub hidden: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardView {
    pub marker: u16,
    pub side: Side,
    pub pos: Point,
    pub large: bool,
    pub size: f64,
    /// Yours: the platoon under it (`None`: bogus). Absent for the enemy's.
    pub platoon: Option<Option<PlatoonId>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MineView {
    pub marker: u16,
    pub side: Side,
    pub pos: Point,
    pub size: f64,
    /// Known real (yours, or shown); `None`: unknown to you.
    pub real: Option<bool>,
    pub wreck: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlotView {
    pub number: u8,
    pub side: Side,
    pub pos: Point,
    /// Yours: the battery behind it.
    pub battery: Option<Option<u16>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub side: Side,
    pub scenario: String,
    pub tabletop: String,
    pub turn: u8,
    pub turns: u8,
    /// What the game waits for.
    pub kind: Option<Kind>,
    /// The card in play, and the cards left per side.
    pub card: Option<Side>,
    pub cards_left: [u8; 2],
    /// The platoon acting and its action.
    pub active: Option<PlatoonId>,
    pub action: Option<Action>,
    pub stands: Vec<StandView>,
    pub platoons: Vec<PlatoonView>,
    pub cards: Vec<CardView>,
    pub mines: Vec<MineView>,
    pub wire: Vec<WireStrip>,
    pub snipers: Vec<Sniper>,
    /// Enemy snipers not yet seen (the scenario says how many).
    pub enemy_snipers: u8,
    pub smoke: Vec<SmokeScreen>,
    pub plots: Vec<PlotView>,
    pub batteries: Vec<Battery>,
    pub strikes: Vec<AirStrike>,
    pub melees: Vec<Melee>,
    pub over: bool,
}

impl PlatoonCards {
    pub fn make_view(&self, s: &State, side: Side) -> View {
        let sees = |st: &Stand| st.side == side || !st.hidden;
        let stands = s
            .stands
            .iter()
            .filter(|st| st.gone.is_none() && st.arrives.is_none() && sees(st))
            .map(|st| {
                let t = self.unit(st);
                StandView {
                    id: st.id,
                    unit: t.id.clone(),
                    name: self.stand_name(s, st.id),
                    short: t.short.clone(),
                    side: st.side,
                    platoon: st.platoon,
                    pos: st.pos,
                    facing: st.facing,
                    width: t.width,
                    length: t.length,
                    status: st.status,
                    aboard: st.aboard.map(|a| (a.carrier, a.on_top)),
                    airborne: st.airborne,
                    immobile: st.immobile || st.stuck,
                    hidden: st.hidden,
                    grenade_launcher: st.grenade_launcher,
                    rating: st.rating,
                    moved: st.act.moved,
                    fired: st.this_turn.fired,
                    activated: st.act.done,
                }
            })
            .collect();
        let platoons = s
            .platoons
            .iter()
            .filter(|p| p.side == side || p.card_marker.is_none())
            .map(|p| PlatoonView {
                id: p.id,
                name: p.name.clone(),
                side: p.side,
                quality: p.quality.name().to_string(),
                activations: p.activations,
                overwatch: p.overwatch.is_some_and(|o| !o.stood_down || p.side == side),
                card: p.card,
                morale: p.last_morale,
                hidden: p.card_marker.is_some(),
            })
            .collect();
        let size = self.charts.hidden.card_size.value;
        let cards = s
            .cards
            .iter()
            .filter(|c| !c.revealed)
            .map(|c| CardView {
                marker: c.marker,
                side: c.side,
                pos: c.pos,
                large: c.large,
                size,
                platoon: (c.side == side).then_some(c.platoon),
            })
            .collect();
        let strip = self.charts.mines.strip.value;
        let mines = s
            .mines
            .iter()
            .filter(|m| m.state != MineState::Gone)
            .filter(|m| m.side == side || !m.hidden || m.state == MineState::Real)
            .map(|m| MineView {
                marker: m.marker,
                side: m.side,
                pos: m.pos,
                size: strip,
                real: if m.side == side {
                    Some(m.real)
                } else if m.state == MineState::Real {
                    Some(true)
                } else {
                    None
                },
                wreck: m.wreck,
            })
            .collect();
        let plots = s
            .plots
            .iter()
            .map(|c| PlotView {
                number: c.number,
                side: c.side,
                pos: c.pos,
                battery: (c.side == side).then_some(c.battery),
            })
            .collect();
        let action = match s
            .steps
            .iter()
            .rev()
            .find(|x| matches!(x, Step::Orders { .. }))
        {
            Some(Step::Orders { action, .. }) => Some(*action),
            _ => None,
        };
        let left = s.deck.composition(|c| c.idx());
        // The active platoon is shown unless it is the enemy's, hidden.
        let active = s
            .active
            .filter(|p| s.platoon(*p).side == side || s.platoon(*p).card_marker.is_none());
        View {
            side,
            scenario: s.scenario.clone(),
            tabletop: self.tabletop_of(s).id.clone(),
            turn: s.turn,
            turns: s.turns,
            kind: Kind::parse(&self.decision_kind(s)),
            card: s.card,
            cards_left: [
                left.get(&0).copied().unwrap_or(0) as u8,
                left.get(&1).copied().unwrap_or(0) as u8,
            ],
            active,
            action: if active.is_some() { action } else { None },
            stands,
            platoons,
            cards,
            mines,
            wire: s.wire.iter().filter(|w| !w.gone).cloned().collect(),
            snipers: s
                .snipers
                .iter()
                .filter(|x| x.side == side && !x.gone)
                .cloned()
                .collect(),
            enemy_snipers: self.snipers_left(s, side.other()) as u8,
            smoke: s.smoke.clone(),
            plots,
            batteries: s
                .batteries
                .iter()
                .filter(|b| b.side == side)
                .cloned()
                .collect(),
            strikes: s
                .strikes
                .iter()
                .filter(|a| a.side == side)
                .cloned()
                .collect(),
            melees: s.melees.clone(),
            over: s.is_over(),
        }
    }

    fn decision_kind(&self, s: &State) -> String {
        use vt_core::engine::Ruleset;
        self.decision(s).kind.to_string()
    }

    /// A stand's name as the log and the board give it ("2nd Platoon,
    /// Rifle 3").
    pub fn stand_name(&self, s: &State, id: StandId) -> String {
        let Some(st) = s.stands.get(id as usize) else {
            return format!("stand {id}");
        };
        let t = self.unit(st);
        format!("{} {} {}", s.platoon(st.platoon).name, t.short, st.number)
    }
}

impl PlatoonCards {
    /// The game as `side` may know it, for that side's checks and shot
    /// plans before the roll (the board asks these of it, never of the
    /// real state): the dice to come and the order of the card deck are
    /// unknown (a fixed generator, the pile sorted); enemy platoons under
    /// their cards are off the table with nothing of theirs kept (where
    /// they are, their state, which card is theirs, every card bogus);
    /// enemy snipers and air strikes are absent; enemy mine strips are
    /// dummies unless shown (absent when the scenario hides them); enemy
    /// plot counters have no battery. Two games that differ only in a
    /// secret of the enemy give the same known state.
    pub fn known_state(&self, s: &State, side: Side) -> State {
        let mut k = s.clone();
        k.rng = vt_core::GameRng::seeded(0);
        k.deck.draw_pile.stable_sort();
        let enemy = side.other();
        for st in k
            .stands
            .iter_mut()
            .filter(|st| st.side == enemy && st.hidden)
        {
            st.pos = Point::new(0.0, 0.0);
            st.facing = 0.0;
            st.status = Status::Ok;
            st.arrives = Some(u8::MAX);
            st.act = ActivationLog::default();
            st.this_turn = TurnLog::default();
        }
        for p in k
            .platoons
            .iter_mut()
            .filter(|p| p.side == enemy && p.card_marker.is_some())
        {
            p.card_marker = Some(0);
            p.activations = 0;
            p.overwatch = None;
            p.record = FireRecord::default();
            p.last_morale = None;
        }
        for c in k.cards.iter_mut().filter(|c| c.side == enemy) {
            c.platoon = None;
        }
        k.mines
            .retain(|m| m.side == side || !m.hidden || m.state == MineState::Real);
        for m in k.mines.iter_mut().filter(|m| m.side == enemy) {
            m.real = m.state == MineState::Real;
        }
        k.snipers.retain(|x| x.side == side || x.gone);
        k.strikes.retain(|a| a.side == side);
        for c in k.plots.iter_mut().filter(|c| c.side == enemy) {
            c.battery = None;
        }
        if k.active.is_some_and(|p| {
            let p = s.platoon(p);
            p.side == enemy && p.card_marker.is_some()
        }) {
            k.active = None;
        }
        k
    }
}
