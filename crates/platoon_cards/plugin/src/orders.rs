//! What an action on the table means as orders, for the decision under
//! way: the board tries them in order and sends the first the rules take
//! (a refusal names its rule). Everything here is also in the column's
//! list; the table is the quick way.
//!
//! - Set-up: drag a stand into the zone (a hidden platoon's stand carries
//!   its card and the whole platoon); click a card, sniper or mine strip
//!   of yours to pick it up, then click where it goes.
//! - Divisional plots: click the plot point; drag a divisional FOO.
//! - Pre-game bombardment: click the aim point (a mine strip: on it).
//! - Orders: drag to move; select a stand and click an enemy to fire the
//!   weapon chosen in the column, to charge it (Move & Close Assault), or
//!   to call the battery or strike chosen for an FO on it; the ground (or
//!   a template placed with B) is the aim point of smoke and of fire at a
//!   mine or wire strip; a selected carrier's next passenger gets off
//!   where the ground is clicked.
//! - Chances: the selected stand fires at the enemy clicked (overwatch,
//!   point-blank, ground-to-air at an aircraft).

use platoon_cards_rules::PlatoonCards;
use platoon_cards_rules::command::{Action, Aim, AirTarget, Command};
use platoon_cards_rules::data::Control;
use platoon_cards_rules::step::Kind;
use platoon_cards_rules::view::{StandView, View};
use vt_core::tabletop::{HUNDREDTH, Point};

/// A battery or an air strike an FO calls instead of firing a weapon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    Battery { id: u16, smoke: bool },
    Strike(u16),
}

/// Something of the side's own picked up in the set-up, to be put down
/// with the next click on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    Card(u16),
    Sniper(u16),
    Mine(u16),
}

impl Picked {
    pub fn name(self) -> String {
        match self {
            Picked::Card(m) => format!("card {m}"),
            Picked::Sniper(x) => format!("sniper {x}"),
            Picked::Mine(m) => format!("mine strip {m}"),
        }
    }
}

fn stand(view: &View, id: u16) -> Option<&StandView> {
    view.stands.iter().find(|s| s.id == id)
}

fn snap(p: Point) -> Point {
    p.snapped(HUNDREDTH)
}

/// May `s` be dragged now: the activated platoon's stands under orders
/// that allow a move, every stand of the side in its set-up, divisional
/// FOOs while plotting.
pub fn draggable(rules: &PlatoonCards, view: &View, to_decide: bool, s: &StandView) -> bool {
    if !to_decide || s.side != view.side || s.aboard.is_some() {
        return false;
    }
    match view.kind {
        Some(Kind::Orders) => {
            Some(s.platoon) == view.active
                && view.action.is_some_and(|a| a.may_move())
                && !s.immobile
        }
        Some(Kind::Setup) => true,
        Some(Kind::PlotDivisional) => rules
            .types
            .iter()
            .find(|t| t.id == s.unit)
            .is_some_and(|t| t.observer == Some(Control::Divisional)),
        _ => false,
    }
}

/// A stand dropped at `to`.
pub fn drop_orders(view: &View, id: u16, to: Point) -> Vec<Command> {
    let to = snap(to);
    match view.kind {
        Some(Kind::Setup) => {
            let Some(st) = stand(view, id) else {
                return vec![];
            };
            // A stand under a hidden card moves with its card.
            let card = view
                .cards
                .iter()
                .find(|c| c.side == view.side && c.platoon == Some(Some(st.platoon)));
            match card {
                Some(c) if st.hidden => vec![Command::PlaceCard {
                    marker: c.marker,
                    at: snap(c.pos + (to - st.pos)),
                }],
                _ => vec![Command::PlaceStand { stand: id, at: to }],
            }
        }
        Some(Kind::PlotDivisional) => vec![Command::MoveObserver { stand: id, to }],
        _ => vec![Command::Move { stand: id, to }],
    }
}

/// The selected stand `sel` and the enemy `target` clicked.
pub fn click_orders(
    view: &View,
    sel: u16,
    weapon: u8,
    support: Option<Support>,
    target: u16,
    rockets: Option<u8>,
) -> Vec<Command> {
    let airborne = stand(view, target).is_some_and(|t| t.airborne);
    match view.kind {
        Some(Kind::Orders) => {
            let mut v = vec![];
            match support {
                Some(Support::Battery { id, smoke }) => v.push(Command::CallFire {
                    stand: sel,
                    battery: id,
                    aim: Aim::Stand(target),
                    smoke,
                }),
                Some(Support::Strike(id)) => v.push(Command::CallAirStrike {
                    stand: sel,
                    strike: id,
                    aim: Aim::Stand(target),
                }),
                None => {}
            }
            // The rockets chosen in the column: as many pairs as the
            // chart allows an activation, else one (Chart: HELICOPTERS).
            if let Some(most) = rockets {
                for pairs in (1..=most).rev() {
                    v.push(Command::Rockets {
                        stand: sel,
                        target: Aim::Stand(target),
                        pairs,
                    });
                }
            }
            if view.action == Some(Action::MoveAndAssault) {
                v.push(Command::Charge { stand: sel, target });
            }
            v.push(Command::Fire {
                stand: sel,
                weapon,
                target: Aim::Stand(target),
            });
            v
        }
        Some(Kind::Reaction) | Some(Kind::EndOverwatch) => {
            let mut v = vec![];
            if airborne {
                v.push(Command::AirDefence {
                    stand: sel,
                    target: AirTarget::Helicopter(target),
                });
            }
            v.push(Command::OverwatchFire {
                stand: sel,
                weapon,
                target: Aim::Stand(target),
            });
            v.push(Command::PointBlank {
                stand: sel,
                weapon,
                target,
            });
            v
        }
        _ => vec![],
    }
}

/// The strip of the table's mines or wire at `at`, as an aim (artillery
/// on a strip does not deviate).
fn strip_at(view: &View, at: Point) -> Vec<Aim> {
    let mut v = vec![];
    for m in view.mines.iter().filter(|m| m.side != view.side) {
        let h = m.size / 2.0;
        if (m.pos.x - at.x).abs() <= h && (m.pos.y - at.y).abs() <= h {
            v.push(Aim::Mine(m.marker));
        }
    }
    for w in view.wire.iter().filter(|w| !w.gone) {
        if w.pos.distance(at) <= 1.0 {
            v.push(Aim::Wire(w.id));
        }
    }
    v
}

/// Something of the side's own lying at `at` in the set-up: a card, a
/// sniper or a mine strip (the nearest).
pub fn pick_at(view: &View, at: Point) -> Option<Picked> {
    let mut best: Option<(f64, Picked)> = None;
    let mut consider = |d: f64, reach: f64, p: Picked| {
        if d <= reach && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, p));
        }
    };
    for c in view.cards.iter().filter(|c| c.side == view.side) {
        consider(
            c.pos.distance(at),
            (c.size / 2.0).max(0.8),
            Picked::Card(c.marker),
        );
    }
    for s in view.snipers.iter().filter(|s| s.side == view.side) {
        consider(s.pos.distance(at), 0.8, Picked::Sniper(s.id));
    }
    for m in view.mines.iter().filter(|m| m.side == view.side) {
        consider(
            m.pos.distance(at),
            m.size / 2.0 + 0.2,
            Picked::Mine(m.marker),
        );
    }
    best.map(|(_, p)| p)
}

/// A click on the table at `at` away from the stands (or a template
/// placed there, `under` the enemy stand at its centre): the set-up's
/// placing, a plot, a barrage's aim, smoke, a passenger getting off.
pub fn ground_orders(
    view: &View,
    sel: Option<u16>,
    support: Option<Support>,
    picked: Option<Picked>,
    at: Point,
    under: Option<u16>,
) -> Vec<Command> {
    let at = snap(at);
    let mut aims: Vec<Aim> = under.map(Aim::Stand).into_iter().collect();
    aims.extend(strip_at(view, at));
    match view.kind {
        Some(Kind::Setup) => match picked {
            Some(Picked::Card(marker)) => vec![Command::PlaceCard { marker, at }],
            Some(Picked::Sniper(sniper)) => vec![Command::PlaceSniper { sniper, at }],
            Some(Picked::Mine(marker)) => vec![Command::PlaceMine { marker, at }],
            None => vec![],
        },
        Some(Kind::PlotDivisional) => vec![Command::PlotCounter { at }],
        Some(Kind::Bombardment) => {
            aims.push(Aim::Point(at));
            aims.into_iter()
                .map(|aim| Command::Bombard { aim })
                .collect()
        }
        Some(Kind::Orders) => {
            let Some(sel) = sel else { return vec![] };
            let mut v = vec![];
            match support {
                Some(Support::Battery { id, smoke }) => {
                    if !smoke {
                        // High explosive: on a squad, a vehicle or a strip.
                        v.extend(aims.iter().map(|&aim| Command::CallFire {
                            stand: sel,
                            battery: id,
                            aim,
                            smoke: false,
                        }));
                    } else {
                        v.push(Command::CallFire {
                            stand: sel,
                            battery: id,
                            aim: Aim::Point(at),
                            smoke: true,
                        });
                    }
                }
                Some(Support::Strike(id)) => {
                    aims.push(Aim::Point(at));
                    v.extend(aims.iter().map(|&aim| Command::CallAirStrike {
                        stand: sel,
                        strike: id,
                        aim,
                    }));
                }
                None => {}
            }
            // A carrier's (or helicopter's) next passenger gets off here.
            if let Some(p) = view
                .stands
                .iter()
                .filter(|p| p.aboard.is_some_and(|(c, _)| c == sel))
                .map(|p| p.id)
                .min()
            {
                v.push(Command::Disembark { stand: p, to: at });
            }
            v
        }
        _ => vec![],
    }
}

/// The tool bar's line for what a click on the table does now.
pub fn click_hint(
    view: &View,
    sel: Option<&StandView>,
    support: Option<Support>,
    picked: Option<Picked>,
) -> Option<String> {
    Some(match view.kind? {
        Kind::Setup => match picked {
            Some(p) => format!("{} picked up: click where it goes.", p.name()),
            None => "Drag a stand into your zone (a hidden platoon moves with its card); click a card, sniper or mine strip, then where it goes.".into(),
        },
        Kind::PlotDivisional => {
            "Click the table to plot a numbered counter there; drag a divisional FOO to move it."
                .into()
        }
        Kind::Bombardment => {
            "Click each barrage's aim point (on a mine strip: no scatter); B shows the 5\" template."
                .into()
        }
        Kind::Orders => match (sel, support) {
            (Some(_), Some(Support::Battery { smoke: true, .. })) => {
                "Click the aim point of the smoke screen (it may scatter).".into()
            }
            (Some(_), Some(Support::Battery { .. })) => {
                "Click the enemy (or a mine or wire strip) to call the battery on it: a 5\" template each gun, scattering unless the die shows a hit.".into()
            }
            (Some(_), Some(Support::Strike(_))) => {
                "Click the enemy or the aim point of the strike.".into()
            }
            (Some(s), None)
                if view
                    .stands
                    .iter()
                    .any(|p| p.aboard.is_some_and(|(c, _)| c == s.id)) =>
            {
                "Click an enemy to fire; click the ground where the next passenger gets off."
                    .into()
            }
            _ => return None,
        },
        _ => return None,
    })
}
