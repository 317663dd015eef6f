//! What the solitaire player sees. Face-down Hidden and Enemy markers show
//! no number, the draw piles show no order and the cups only their size;
//! the Resolution draw pile shows its make-up by icon (2.2.1 encourages
//! counting cards), and the odds of the draws the current decision leads to.

use crate::Csar;
use crate::components::{AircraftKind, Place, SurvivorAt, Zone};
use crate::data::{Icon, MarkerValue, ZoneMarkerKind};
use crate::odds::{self, Comp};
use crate::state::{GameResult, Options, State, Step, Tally};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum MarkerView {
    None,
    FaceDown,
    Revealed(MarkerValue),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GunView {
    pub counter: u8,
    pub name: String,
    pub near: u8,
    pub far: Option<u8>,
    pub any_range: bool,
    pub suppressed: bool,
    pub fired: bool,
    pub hits: u8,
    pub mark: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ZoneView {
    pub zone: Zone,
    pub hidden: MarkerView,
    pub enemy: MarkerView,
    pub markers: Vec<ZoneMarkerKind>,
    pub guns: Vec<GunView>,
    pub barrages: u8,
    pub cs_gas: u8,
    pub smoke_one: u8,
    pub smoke_two: u8,
    pub cluster: u8,
    pub target_hits: u8,
    pub target_mark: u8,
    pub rules_of_engagement: bool,
    pub cards_assigned: u8,
    /// Indices into [`View::aircraft`].
    pub aircraft: Vec<u8>,
    /// Indices into [`View::survivors`].
    pub survivors: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AircraftView {
    pub index: u8,
    pub id: u8,
    pub name: String,
    pub kind: AircraftKind,
    pub place: Place,
    pub shaken: bool,
    pub exit: bool,
    pub moved: bool,
    pub cards: u8,
    pub pilot: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SurvivorView {
    pub index: u8,
    pub at: SurvivorAt,
    pub injured: bool,
    pub pinpointed: bool,
    pub pilot: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardView {
    pub card: u8,
    pub name: String,
    pub command: bool,
    pub text: String,
    /// The aircraft it is assigned to, if any.
    pub aircraft: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResolutionView {
    pub draw_pile: u8,
    pub discards: u8,
    pub removed: u8,
    /// Hits set aside in the fire being resolved (4.3.3 C).
    pub aside: u8,
    /// Cards of each icon still in the draw pile.
    pub remaining: Vec<(Icon, u8)>,
    pub discarded: Vec<(Icon, u8)>,
}

/// The exact chance of a draw's outcomes (see [`crate::odds`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OddsLine {
    pub what: String,
    pub rule: String,
    pub draws: u8,
    /// Chance of success for a rescue; of capture/abort for a search/abort check.
    pub chance: f64,
    /// What the chance leaves out, when it is not exact over what the
    /// player does not know; `None` when it is exact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaves_out: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FireOdds {
    pub zone: Zone,
    /// False when some gun could also pick another zone (a tie, 4.3.3 A):
    /// such guns are left out of this preview.
    pub certain: bool,
    pub zfv: u8,
    /// Chance of 0, 1, 2, ... Hits.
    pub hits: Vec<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub scenario: String,
    pub scenario_name: String,
    pub turn: u8,
    pub last_turn: u8,
    pub search: u8,
    pub search_cap: u8,
    pub abort: u8,
    pub auto_abort: u8,
    pub step: Step,
    pub options: Options,
    pub zones: Vec<ZoneView>,
    pub orbit: Vec<u8>,
    pub pool: Vec<u8>,
    pub aircraft: Vec<AircraftView>,
    pub survivors: Vec<SurvivorView>,
    pub hand: Vec<CardView>,
    pub reserve: Vec<CardView>,
    pub assigned: Vec<CardView>,
    pub hand_limit: u8,
    pub reserve_limit: u8,
    pub resolution: ResolutionView,
    pub action_draw_pile: u8,
    pub action_discards: u8,
    pub action_removed: u8,
    pub event_draw_pile: u8,
    pub guns_in_cup: u8,
    pub hidden_in_cup: u8,
    pub enemy_in_cup: u8,
    /// The zone under fire and its Hits still to take (during 4.3.3).
    pub fire: Option<(Zone, u8)>,
    pub odds: Vec<OddsLine>,
    pub fire_odds: Vec<FireOdds>,
    pub tally: Tally,
    pub result: Option<GameResult>,
    pub morale: Option<i32>,
    pub mission: Option<u8>,
    /// 8.0: each mission played, with its result and Morale Points.
    pub missions: Vec<(GameResult, i32)>,
    /// 8.0: every Pilot/PJ card and whether it is free, bought or lost.
    pub pilots: Vec<(String, crate::state::PilotStatus)>,
}

impl Csar {
    fn comps(&self, s: &State) -> (Comp, Comp) {
        (
            Comp::from_icons(s.res.draw_pile.iter().map(|&c| self.icon(c))),
            Comp::from_icons(s.res.discards.iter().map(|&c| self.icon(c))),
        )
    }

    /// The Zone Firepower Value of the guns now aimed at a zone (4.3.3 B).
    pub fn pending_zfv(&self, s: &State, z: Zone) -> u8 {
        let mut base = 0;
        let mut n = 0u8;
        for g in s
            .guns
            .iter()
            .filter(|g| g.target == Some(z) && !g.suppressed)
        {
            base = base.max(self.firepower_into(g.kind, g.zone, z).unwrap_or(0));
            n += 1;
        }
        let coordinated = n > 0 && s.zone(z).has(ZoneMarkerKind::CoordinatedFire);
        (base + n.saturating_sub(1) + coordinated as u8).saturating_sub(s.zone(z).smoke() as u8)
    }

    /// A rescue's chance counts the draws as they stand. It is exact when
    /// the rescue turns nothing up; with a face-down marker in or beside
    /// the helicopter's zone, the rescue first reveals it and any new guns
    /// fire (4.3.5): their hits, the player's burns and the cards they take
    /// from the deck are left out, and this says so.
    fn rescue_leaves_out(&self, s: &State, heli: u8) -> Option<String> {
        let zone = s.aircraft[heli as usize].zone()?;
        let hidden: Vec<&str> = Zone::ALL
            .into_iter()
            .filter(|z| (*z == zone || z.adjacent(zone)) && s.zone(*z).face_down())
            .map(|z| z.name())
            .collect();
        (!hidden.is_empty()).then(|| {
            format!(
                "Leaves out the guns the rescue may turn up: what lies face down in the {} is revealed first and new guns fire before the draw (4.3.5); their hits can Shake or down aircraft and cut the draws.",
                hidden.join(", the ")
            )
        })
    }

    /// The odds of the draws the current decision leads to.
    pub fn decision_odds(&self, s: &State) -> (Vec<OddsLine>, Vec<FireOdds>) {
        let (pile, disc) = self.comps(s);
        let mut lines = Vec::new();
        let mut fire = Vec::new();
        match s.step {
            Step::Rescue => {
                for c in self.legal_commands(s) {
                    if let crate::Command::Rescue {
                        helicopter,
                        survivor,
                        pilot,
                    } = c
                    {
                        let n = self.rescue_draws(s, helicopter, survivor, pilot);
                        let leaves_out = self.rescue_leaves_out(s, helicopter);
                        lines.push(OddsLine {
                            what: format!(
                                "{} rescues Survivor {}{}",
                                self.aircraft_name(helicopter),
                                survivor + 1,
                                if pilot { " with the PJ card" } else { "" }
                            ),
                            rule: "CSAR 4.3.5".into(),
                            draws: n.draws,
                            chance: odds::rescue(pile, disc, n.draws),
                            leaves_out,
                        });
                    }
                }
            }
            Step::SearchBurn => {
                let spare = s.options.search_effectiveness && !s.search_spared;
                for burn in 0..=s.hand.len() as u8 {
                    let draws = s.search.saturating_sub(s.burned + burn).max(1);
                    lines.push(OddsLine {
                        what: format!("capture if {} burned", burned_words(burn)),
                        rule: "CSAR 4.4.2".into(),
                        draws,
                        chance: odds::capture(pile, disc, draws, spare),
                        leaves_out: None,
                    });
                    if draws == 1 {
                        break;
                    }
                }
            }
            Step::AbortBurn => {
                for burn in 0..=s.hand.len() as u8 {
                    let draws = s.abort.saturating_sub(s.burned + burn).max(1);
                    lines.push(OddsLine {
                        what: format!("mission aborted if {} burned", burned_words(burn)),
                        rule: "CSAR 4.4.3".into(),
                        draws,
                        chance: odds::abort(pile, disc, draws),
                        leaves_out: None,
                    });
                    if draws == 1 {
                        break;
                    }
                }
            }
            Step::FireOrder => {
                for z in Zone::ALL {
                    if s.fire.pending & z.bit() != 0 {
                        let zfv = self.pending_zfv(s, z);
                        fire.push(FireOdds {
                            zone: z,
                            certain: true,
                            zfv,
                            hits: odds::fire_hits(pile, disc, zfv),
                        });
                    }
                }
            }
            Step::Move | Step::Assign => fire = self.preview_fire(s, false),
            Step::FireWindow => fire = self.preview_fire(s, s.fire.fresh_only),
            _ => {}
        }
        (lines, fire)
    }

    /// What the guns would do if they fired now (4.3.3 A-C): per zone, its
    /// Zone Firepower Value and the chance of each number of Hits.
    pub fn preview_fire(&self, s: &State, fresh_only: bool) -> Vec<FireOdds> {
        let (pile, disc) = self.comps(s);
        let mut counts = [0u8; 5];
        for a in &s.aircraft {
            if let Place::Zone(z) = a.place {
                counts[z.index()] += 1;
            }
        }
        let mut best = [0u8; 5];
        let mut n = [0u8; 5];
        let mut uncertain = false;
        for g in &s.guns {
            if g.suppressed || g.fired || (fresh_only && !g.fresh) {
                continue;
            }
            let target = if counts[g.zone.index()] > 0 {
                Some(g.zone)
            } else {
                let mut top = 0;
                let mut tied = Vec::new();
                for z in Zone::ALL {
                    if z == g.zone
                        || counts[z.index()] == 0
                        || self.firepower_into(g.kind, g.zone, z).is_none()
                    {
                        continue;
                    }
                    if counts[z.index()] > top {
                        top = counts[z.index()];
                        tied.clear();
                    }
                    if counts[z.index()] == top {
                        tied.push(z);
                    }
                }
                if tied.len() > 1 {
                    uncertain = true;
                    None
                } else {
                    tied.first().copied()
                }
            };
            if let Some(z) = target {
                let fp = self.firepower_into(g.kind, g.zone, z).unwrap_or(0);
                best[z.index()] = best[z.index()].max(fp);
                n[z.index()] += 1;
            }
        }
        Zone::ALL
            .iter()
            .filter(|z| n[z.index()] > 0)
            .map(|&z| {
                let i = z.index();
                let coordinated = s.zone(z).has(ZoneMarkerKind::CoordinatedFire) as u8;
                let zfv =
                    (best[i] + n[i] - 1 + coordinated).saturating_sub(s.zone(z).smoke() as u8);
                FireOdds {
                    zone: z,
                    certain: !uncertain,
                    zfv,
                    hits: odds::fire_hits(pile, disc, zfv),
                }
            })
            .collect()
    }

    pub(crate) fn make_view(&self, s: &State) -> View {
        let d = &self.data;
        let sc = &d.scenarios[s.scenario as usize];
        let card_view = |c: u8, aircraft: Option<u8>| {
            let def = self.card_def(c);
            CardView {
                card: c,
                name: def.name.clone(),
                command: def.class == crate::data::CardClass::Command,
                text: def.text.clone(),
                aircraft,
            }
        };
        let marker_view = |v: Option<MarkerValue>, up: bool| match (v, up) {
            (None, _) => MarkerView::None,
            (Some(_), false) => MarkerView::FaceDown,
            (Some(v), true) => MarkerView::Revealed(v),
        };
        let zones = Zone::ALL
            .iter()
            .map(|&z| {
                let zs = s.zone(z);
                ZoneView {
                    zone: z,
                    hidden: marker_view(zs.hidden, zs.hidden_revealed),
                    enemy: marker_view(zs.enemy, zs.enemy_revealed),
                    markers: ZoneMarkerKind::ALL
                        .iter()
                        .copied()
                        .filter(|k| zs.has(*k))
                        .collect(),
                    guns: s
                        .guns
                        .iter()
                        .filter(|g| g.zone == z)
                        .map(|g| {
                            let gd = &d.guns[g.kind as usize];
                            GunView {
                                counter: g.counter,
                                name: gd.name.clone(),
                                near: gd.near,
                                far: gd.far,
                                any_range: gd.any_range,
                                suppressed: g.suppressed,
                                fired: g.fired,
                                hits: g.hits,
                                mark: g.mark,
                            }
                        })
                        .collect(),
                    barrages: zs.barrages,
                    cs_gas: zs.cs,
                    smoke_one: zs.smoke_one,
                    smoke_two: zs.smoke_two,
                    cluster: zs.cluster,
                    target_hits: zs.too_hits,
                    target_mark: zs.too_mark,
                    rules_of_engagement: zs.roe,
                    cards_assigned: zs.cards_assigned,
                    aircraft: s.aircraft_in(z).map(|(i, _)| i as u8).collect(),
                    survivors: s
                        .survivors
                        .iter()
                        .enumerate()
                        .filter(|(_, v)| v.at == SurvivorAt::Stranded(z))
                        .map(|(i, _)| i as u8)
                        .collect(),
                }
            })
            .collect();
        let aircraft = s
            .aircraft
            .iter()
            .enumerate()
            .filter(|(_, a)| a.place != Place::Unused)
            .map(|(i, a)| AircraftView {
                index: i as u8,
                id: a.id,
                name: self.aircraft_name(i as u8),
                kind: a.kind,
                place: a.place,
                shaken: a.shaken,
                exit: a.exit,
                moved: a.moved,
                cards: a.cards,
                pilot: a.pilot.map(|p| d.pilots[p as usize].name.clone()),
            })
            .collect();
        let survivors = s
            .survivors
            .iter()
            .enumerate()
            .map(|(i, v)| SurvivorView {
                index: i as u8,
                at: v.at,
                injured: v.injured,
                pinpointed: v.pinpointed || !s.options.pinpointing,
                pilot: v.pilot.map(|p| d.pilots[p as usize].name.clone()),
            })
            .collect();
        let (pile, disc) = self.comps(s);
        let by_icon = |c: Comp| Icon::ALL.iter().map(|&i| (i, c.get(i))).collect::<Vec<_>>();
        let (odds_lines, fire_odds) = self.decision_odds(s);
        let in_place = |p: Place| {
            s.aircraft
                .iter()
                .enumerate()
                .filter(|(_, a)| a.place == p)
                .map(|(i, _)| i as u8)
                .collect::<Vec<_>>()
        };
        View {
            scenario: if s.campaign.is_some() {
                crate::scenarios::CAMPAIGN_ID.into()
            } else {
                sc.id.clone()
            },
            scenario_name: sc.name.clone(),
            turn: s.turn,
            last_turn: s.last_turn,
            search: s.search,
            search_cap: s.limits.search_cap,
            abort: s.abort,
            auto_abort: s.limits.auto_abort,
            step: s.step,
            options: s.options,
            zones,
            orbit: in_place(Place::Orbit),
            pool: in_place(Place::Pool),
            aircraft,
            survivors,
            hand: s.hand.iter().map(|&c| card_view(c, None)).collect(),
            reserve: s.reserve.iter().map(|&c| card_view(c, None)).collect(),
            assigned: s
                .assigned
                .iter()
                .map(|x| card_view(x.card, Some(x.aircraft)))
                .collect(),
            hand_limit: s.limits.hand,
            reserve_limit: s.limits.reserve,
            resolution: ResolutionView {
                draw_pile: s.res.draw_pile.len() as u8,
                discards: s.res.discards.len() as u8,
                removed: s.res.removed.len() as u8,
                aside: s.res_aside.len() as u8,
                remaining: by_icon(pile),
                discarded: by_icon(disc),
            },
            action_draw_pile: s.action.draw_pile.len() as u8,
            action_discards: s.action.discards.len() as u8,
            action_removed: s.action.removed.len() as u8,
            event_draw_pile: s.events.draw_pile.len() as u8,
            guns_in_cup: s.gun_cup.len() as u8,
            hidden_in_cup: s.hidden_cup.len() as u8,
            enemy_in_cup: s.enemy_cup.len() as u8,
            fire: matches!(s.step, Step::Burn | Step::WildHit)
                .then_some((s.fire.zone, s.fire.hits)),
            odds: odds_lines,
            fire_odds,
            tally: s.tally,
            result: s.result,
            morale: s.campaign.as_ref().map(|c| c.morale),
            mission: s.campaign.as_ref().map(|c| c.mission),
            missions: s
                .campaign
                .as_ref()
                .map(|c| c.results.clone())
                .unwrap_or_default(),
            pilots: s
                .campaign
                .as_ref()
                .map(|c| {
                    c.pilots
                        .iter()
                        .enumerate()
                        .map(|(i, p)| (d.pilots[i].name.clone(), *p))
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// "no more cards are" / "1 more card is" / "2 more cards are": how many
/// more cards an odds line burns ("0 more cards are burned" read oddly).
fn burned_words(burn: u8) -> String {
    if burn == 0 {
        "no more cards are".into()
    } else {
        crate::end_turn::counted(burn, "more card is", "more cards are")
    }
}

#[cfg(test)]
mod tests {
    // The odds box's lines before a search or abort draw (CSAR 4.4.2,
    // 4.4.3) read "capture if no more cards are burned", not "0 more".
    #[test]
    fn burn_counts_read_in_words() {
        assert_eq!(super::burned_words(0), "no more cards are");
        assert_eq!(super::burned_words(1), "1 more card is");
        assert_eq!(super::burned_words(2), "2 more cards are");
    }
}
