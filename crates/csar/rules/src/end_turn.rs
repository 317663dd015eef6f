//! CSAR 4.4 End Turn Phase: Bomb Damage Assessment (4.4.1, or 6.1), Enemy
//! Search (4.4.2, with 6.5), Abort Check (4.4.3), Deck Cleanup (4.4.4) and
//! the Marker Adjustment Segment (4.4.5) step by step, then 6.4 and the turn
//! limit (5.0).

use crate::Csar;
use crate::command::Command;
use crate::components::{AircraftKind, Place, SurvivorAt};
use crate::data::{Icon, Special, ZoneMarkerKind};
use crate::describe::misrouted;
use crate::event::{AbortWhy, Adjust, Event, GunGone, Purpose, RandomFor};
use crate::state::{EndReason, State, Step};
use vt_core::dice::{Adjudication, Modifier};
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure, refuse};

impl Csar {
    /// 4.4.1, then on to the Enemy Search.
    pub(crate) fn end_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.options.bombing_effectiveness {
            self.bombing_effectiveness(s, ev);
        } else {
            let mut i = 0;
            while i < s.guns.len() && s.end.is_none() {
                let g = s.guns[i];
                if g.hits == 0 {
                    i += 1;
                    continue;
                }
                let entrenched = s.zone(g.zone).has(ZoneMarkerKind::Entrenchment);
                let draws = if entrenched {
                    g.hits.saturating_sub(1).max(1)
                } else {
                    g.hits
                };
                // The Wild card is read as a blast.
                let destroyed = self.draw_any(s, ev, Purpose::BombDamage, draws, |i| {
                    matches!(i, Icon::Blast | Icon::Wild)
                });
                ev.push(Event::BombDamage {
                    gun: g.counter,
                    draws,
                    destroyed,
                });
                if destroyed {
                    s.guns.remove(i);
                    s.tally.guns_destroyed += 1;
                    ev.push(Event::GunRemoved {
                        gun: g.counter,
                        zone: g.zone,
                        why: GunGone::BombDamage,
                    });
                    self.move_abort(s, ev, -1, AbortWhy::GunDestroyed);
                } else {
                    i += 1;
                }
            }
        }
        // Targets of Opportunity (9.3) are assessed the same way.
        for z in crate::components::Zone::ALL {
            let hits = s.zone(z).too_hits;
            if hits == 0 || !s.zone(z).has_too() || s.end.is_some() {
                continue;
            }
            let destroyed = self.draw_any(s, ev, Purpose::BombDamage, hits, |i| {
                matches!(i, Icon::Blast | Icon::Wild)
            });
            ev.push(Event::TargetDamage {
                zone: z,
                draws: hits,
                destroyed,
            });
            if destroyed {
                self.target_destroyed(s, ev, z);
            }
        }
        if s.end.is_some() {
            return;
        }
        // 4.4.2 Enemy Search.
        s.burned = 0;
        if s.any_stranded() && s.search > 0 {
            s.step = Step::SearchBurn;
        } else {
            s.step = Step::AutoAbortCheck;
        }
    }

    /// 6.1: one pool of draws for every Hit on a gun; each roundel removes a
    /// randomly determined gun that was hit.
    fn bombing_effectiveness(&self, s: &mut State, ev: &mut Vec<Event>) {
        let total: u8 = s.guns.iter().map(|g| g.hits).sum();
        if total == 0 {
            return;
        }
        let mut roundels = 0u8;
        for _ in 0..total {
            let Some(c) = self.draw_counted(s, ev, Purpose::BombDamage) else {
                break;
            };
            if matches!(self.icon(c), Icon::Roundel | Icon::Wild) {
                roundels += 1;
            }
            s.res.discard(c);
        }
        for _ in 0..roundels {
            let hit: Vec<usize> = (0..s.guns.len()).filter(|&i| s.guns[i].hits > 0).collect();
            if hit.is_empty() || s.end.is_some() {
                break;
            }
            let k = self.pick(s, ev, RandomFor::BombingGun, hit.len() as u8) as usize;
            let g = s.guns.remove(hit[k]);
            s.tally.guns_destroyed += 1;
            ev.push(Event::GunRemoved {
                gun: g.counter,
                zone: g.zone,
                why: GunGone::BombDamage,
            });
            self.move_abort(s, ev, -1, AbortWhy::GunDestroyed);
        }
    }

    /// 4.4.2: draws equal to the Search marker, less burned cards (never below
    /// one); a rifle captures a Survivor (6.5 spares the first).
    pub(crate) fn enemy_search(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.step = Step::AutoAbortCheck;
        if !s.any_stranded() || s.search == 0 {
            return;
        }
        let draws = s.search.saturating_sub(s.burned).max(1);
        ev.push(Event::SearchCheck {
            draws,
            burned: s.burned,
        });
        let mut rifle = false;
        let mut spared_now = false;
        for _ in 0..draws {
            let Some(c) = self.draw_counted(s, ev, Purpose::Search) else {
                break;
            };
            s.res.discard(c);
            // The Wild card is read as no rifle.
            if self.icon(c) == Icon::Rifle && !spared_now {
                if s.options.search_effectiveness && !s.search_spared {
                    s.search_spared = true;
                    spared_now = true;
                    ev.push(Event::SearchSpared);
                    self.remove_wild(s, ev, 5);
                } else {
                    rifle = true;
                }
            }
        }
        if rifle {
            let stranded: Vec<usize> = s.stranded().map(|(i, _)| i).collect();
            let k = self.pick(s, ev, RandomFor::Capture, stranded.len() as u8) as usize;
            let i = stranded[k];
            s.survivors[i].at = SurvivorAt::Captured;
            ev.push(Event::Captured { survivor: i as u8 });
            self.check_end(s, ev);
        }
    }

    /// 4.4.3: only with a Survivor on the map and the Abort marker above 0.
    pub(crate) fn abort_check_start(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.burned = 0;
        if s.any_stranded() && s.abort > 0 {
            s.step = Step::AbortBurn;
        } else {
            ev.push(Event::AbortCheckSkipped);
            s.step = Step::AutoCleanup;
        }
    }

    pub(crate) fn abort_check(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.step = Step::AutoCleanup;
        let draws = s.abort.saturating_sub(s.burned).max(1);
        ev.push(Event::AbortCheck {
            draws,
            burned: s.burned,
        });
        // The Wild card is read as no rifle.
        if self.draw_any(s, ev, Purpose::AbortCheck, draws, |i| i == Icon::Rifle) {
            ev.push(Event::MissionAborted);
            s.end = Some(EndReason::Aborted);
            ev.push(Event::GameEnds {
                reason: EndReason::Aborted,
            });
        }
    }

    /// 4.4.2, 4.4.3: burning a card from the hand draws one card fewer.
    pub(crate) fn burn_draw(&self, s: &mut State, ev: &mut Vec<Event>, card: u8) {
        if let Some(i) = s.hand.iter().position(|&c| c == card) {
            s.hand.remove(i);
            s.action.discard(card);
            s.burned += 1;
            ev.push(Event::Burned { card });
        }
    }

    /// 4.4.4 Deck Cleanup and 4.4.5 Marker Adjustment, in the printed order.
    pub(crate) fn cleanup_and_adjust(&self, s: &mut State, ev: &mut Vec<Event>) {
        // Drained, not taken: the lists keep their room for the next turn
        // (taking them freed it, and the next draw allocated it again).
        for x in s.assigned.drain(..) {
            s.action.discard(x.card);
        }
        let n = s.hand.len() as u8;
        for c in s.hand.drain(..) {
            s.action.discard(c);
        }
        if n > 0 {
            ev.push(Event::HandDiscarded { cards: n });
        }
        if let Some(card) = s.flags.event_in_play.take() {
            s.events.discard(card);
        }
        for z in s.zones.iter_mut() {
            z.roe = false;
        }
        let sc = &self.data.scenarios[s.scenario as usize];
        // 7.2: the ArcLight strike clears the zones at the end of the turn before it.
        for sp in &sc.specials {
            if let Special::ArcLight { turn } = sp
                && s.turn + 1 == *turn
            {
                ev.push(Event::ArcLightClears);
                for i in 0..s.aircraft.len() {
                    if let Place::Zone(_) = s.aircraft[i].place {
                        let from = s.aircraft[i].place;
                        s.aircraft[i].place = Place::Orbit;
                        ev.push(Event::Moved {
                            aircraft: i as u8,
                            from,
                            to: Place::Orbit,
                        });
                        if s.aircraft[i].kind == AircraftKind::Helicopter {
                            self.survivors_off_map(s, ev, i as u8);
                        }
                    }
                }
            }
        }
        let shuttle = sc
            .specials
            .iter()
            .any(|sp| matches!(sp, Special::FastMoverShuttle { turns } if s.turn <= *turns));
        self.adjust_markers_1_to_9(s, ev, shuttle);
        // 10. Barrages shake the aircraft in their zone (not Fast Movers).
        for i in 0..s.aircraft.len() {
            if let Place::Zone(z) = s.aircraft[i].place
                && s.zones[z.index()].barrages > 0
                && s.aircraft[i].kind != AircraftKind::FastMover
                && !s.aircraft[i].shaken
            {
                s.aircraft[i].shaken = true;
                ev.push(Event::Shaken { aircraft: i as u8 });
            }
        }
        ev.push(Event::Adjusted {
            step: Adjust::BarragesShake,
        });
        // 11. Search marker up with a Survivor stranded.
        if s.any_stranded() {
            self.move_search(s, ev, 1);
            ev.push(Event::Adjusted {
                step: Adjust::SearchAdvanced,
            });
        }
        // 12. Turn marker.
        s.turn += 1;
        ev.push(Event::Adjusted {
            step: Adjust::TurnAdvanced,
        });
        if s.options.recovering_pilots {
            self.recovering_pilots(s, ev);
        }
        self.check_end(s, ev);
        if s.end.is_none() && s.turn > s.last_turn {
            s.end = Some(EndReason::TurnLimit);
            ev.push(Event::GameEnds {
                reason: EndReason::TurnLimit,
            });
        }
        s.step = Step::AutoTurnStart;
    }
}

/// CSAR 4.4.5 steps 1 to 9 in one pass over the board. Each step
/// changes each zone, gun or aircraft by what that one piece shows (and a
/// gun by its own zone's CS Gas, which only steps 2 and 3 change), so
/// taking every step for a piece before the next piece ends the same as
/// taking every piece for a step before the next step: zones first (for
/// step 4's CS Gas), then guns, then aircraft. The segment was nine
/// passes over the same lists every turn. The step-by-step order is kept
/// in the log: the Adjusted events come in their printed order, with a
/// Fast Mover sent to the Pool (step 8) logged between steps 7 and 8. A
/// test holds this pass to the step-by-step segment over many positions.
impl Csar {
    pub(crate) fn adjust_markers_1_to_9(&self, s: &mut State, ev: &mut Vec<Event>, shuttle: bool) {
        for z in s.zones.iter_mut() {
            adjust_zone(z);
        }
        for i in 0..s.guns.len() {
            let cs = s.zones[s.guns[i].zone.index()].cs;
            adjust_gun(&mut s.guns[i], cs);
        }
        for step in [
            Adjust::HitMarkersRemoved,
            Adjust::TwoSidesRemoved,
            Adjust::OneSidesFlipped,
            Adjust::GunsActive,
            Adjust::GunsUnrotated,
            Adjust::ExitFastMoversToPool,
            Adjust::FastMoversToOrbit,
        ] {
            ev.push(Event::Adjusted { step });
        }
        for (i, a) in s.aircraft.iter_mut().enumerate() {
            if adjust_aircraft(a, shuttle) {
                ev.push(Event::FastMoverToPool { aircraft: i as u8 });
            }
        }
        ev.push(Event::Adjusted {
            step: Adjust::FastMoversToExit,
        });
        ev.push(Event::Adjusted {
            step: Adjust::OrbitAircraftCool,
        });
    }
}

/// 4.4.5 steps 1-3 for one zone: its Target of Opportunity's hits off (1);
/// CS Gas, Mark and Smoke TWO sides off (2); ONE sides flipped to TWO (3).
fn adjust_zone(z: &mut crate::markers::ZoneState) {
    z.too_hits = 0;
    if z.cs == 2 {
        z.cs = 0;
    }
    if z.too_mark == 2 {
        z.too_mark = 0;
    }
    if z.cs == 1 {
        z.cs = 2;
    }
    if z.too_mark == 1 {
        z.too_mark = 2;
    }
    z.smoke_two = z.smoke_one;
    z.smoke_one = 0;
}

/// 4.4.5 steps 1-5 for one gun, `cs` being its zone's CS Gas after steps
/// 2 and 3: hits off (1); a Mark TWO off (2), a Mark ONE to TWO (3);
/// active again unless CS Gas still lies in its zone (4, 9.2); unrotated (5).
fn adjust_gun(g: &mut crate::markers::Gun, cs: u8) {
    g.hits = 0;
    g.mark = match g.mark {
        2 => 0,
        1 => 2,
        m => m,
    };
    g.suppressed = cs > 0;
    g.fired = false;
}

/// 4.4.5 steps 6-9 for one aircraft: a Fast Mover on its EXIT side to the
/// Pool (6); a Fast Mover on the map to the Orbit Box (7); a Fast Mover in
/// the Orbit Box to EXIT, or to the Pool while 7.4's shuttle lasts (8); in
/// the Orbit Box, Cool again (9). True if step 8 sent it to the Pool.
fn adjust_aircraft(a: &mut crate::components::Aircraft, shuttle: bool) -> bool {
    let mut to_pool = false;
    if a.kind == AircraftKind::FastMover {
        if a.exit && matches!(a.place, Place::Orbit | Place::Zone(_)) {
            a.place = Place::Pool;
            a.exit = false;
        }
        if let Place::Zone(_) = a.place {
            a.place = Place::Orbit;
        }
        if a.place == Place::Orbit {
            if shuttle {
                a.place = Place::Pool;
                a.exit = false;
                to_pool = true;
            } else {
                a.exit = true;
            }
        }
    }
    if a.place == Place::Orbit {
        a.shaken = false;
    }
    to_pool
}

/// The burns before the Enemy Search and the Abort Check (4.4.2, 4.4.3).
impl Csar {
    /// Each card in hand while a burn leaves more than one draw, as
    /// `check_burn_draw` accepts them.
    pub(crate) fn burn_draw_candidates(&self, s: &State, v: &mut Vec<Command>) {
        let track = if s.step == Step::SearchBurn {
            s.search
        } else {
            s.abort
        };
        if track.saturating_sub(s.burned) > 1 {
            for &c in &s.hand {
                v.push(Command::Burn(c));
            }
        }
        v.push(Command::Done);
    }

    pub(crate) fn check_burn_draw(&self, s: &State, card: u8) -> Checked {
        if !s.hand.contains(&card) {
            return refuse("4.4.2", "only cards in your hand may be burned");
        }
        let track = if s.step == Step::SearchBurn {
            s.search
        } else {
            s.abort
        };
        ensure(
            track.saturating_sub(s.burned) > 1,
            "4.4.2",
            "the number of draws may not go below one",
        )
    }
}

impl Csar {
    /// The log's words for this section's events (the dispatcher is in
    /// [`crate::describe`]).
    pub(crate) fn describe_end_turn(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
            Event::BombDamage {
                gun,
                draws,
                destroyed,
            } => {
                let mut a = Adjudication::new(
                    format!("Bomb Damage on the {}", self.gun_name(gun)),
                    "CSAR 4.4.1",
                );
                a.rolled = vec![draws as i32];
                a.rolled_as = Some("Draws".into());
                a.total = draws as i32;
                a.needed = Some("any blast".into());
                a.result = if destroyed {
                    "destroyed".into()
                } else {
                    "survives".into()
                };
                LogEntry::with_rolls(
                    format!(
                        "{}: {}, {}.",
                        self.gun_name(gun),
                        draws_words(draws),
                        a.result
                    ),
                    vec![a],
                )
            }
            Event::TargetDamage {
                zone,
                draws,
                destroyed,
            } => t(format!(
                "Target of Opportunity in the {}: {}, {}.",
                zone.name(),
                draws_words(draws),
                if destroyed { "destroyed" } else { "survives" }
            )),
            Event::SearchCheck { draws, burned } => {
                let mut a = Adjudication::new("Enemy Search draws", "CSAR 4.4.2");
                a.rolled = vec![(draws + burned) as i32];
                a.rolled_as = Some("Draws".into());
                if burned > 0 {
                    a.modifiers.push(Modifier::new(
                        "cards burned",
                        "CSAR 4.4.2",
                        -(burned as i32),
                    ));
                }
                a.total = draws as i32;
                a.needed = Some("no rifle".into());
                LogEntry::with_rolls(format!("Enemy Search: {}.", draws_words(draws)), vec![a])
            }
            Event::SearchSpared => {
                t("A rifle, but Search Effectiveness spares the Survivor this once (6.5).".into())
            }
            Event::Captured { survivor } => t(format!("Survivor {} is captured!", survivor + 1)),
            Event::AbortCheck { draws, burned } => {
                let mut a = Adjudication::new("Abort Check draws", "CSAR 4.4.3");
                a.rolled = vec![(draws + burned) as i32];
                a.rolled_as = Some("Draws".into());
                if burned > 0 {
                    a.modifiers.push(Modifier::new(
                        "cards burned",
                        "CSAR 4.4.3",
                        -(burned as i32),
                    ));
                }
                a.total = draws as i32;
                a.needed = Some("no rifle".into());
                LogEntry::with_rolls(format!("Abort Check: {}.", draws_words(draws)), vec![a])
            }
            Event::AbortCheckSkipped => t("No Abort Check this turn (4.4.3).".into()),
            Event::MissionAborted => t("The mission is aborted.".into()),
            Event::HandDiscarded { cards } => t(format!(
                "{} left in hand {} discarded (4.4.4).",
                counted(cards, "card", "cards"),
                if cards == 1 { "is" } else { "are" }
            )),
            Event::Adjusted { step } => t(match step {
                Adjust::HitMarkersRemoved => "Hit markers removed.",
                Adjust::TwoSidesRemoved => "CS GAS TWO, SMOKE TWO and MARK TWO markers removed.",
                Adjust::OneSidesFlipped => "ONE-side markers flipped to TWO.",
                Adjust::GunsActive => {
                    "Suppressed guns flipped to Active (CS Gas zones stay suppressed)."
                }
                Adjust::GunsUnrotated => "Fired guns rotated back.",
                Adjust::ExitFastMoversToPool => "Fast Movers on EXIT return to the Pool.",
                Adjust::FastMoversToOrbit => "Fast Movers on the map return to the Orbit Box.",
                Adjust::FastMoversToExit => "Fast Movers in the Orbit Box flip to EXIT.",
                Adjust::OrbitAircraftCool => "Shaken aircraft in the Orbit Box flip to Cool.",
                Adjust::BarragesShake => "Aircraft with a Barrage in their zone are Shaken.",
                Adjust::SearchAdvanced => "A Survivor is still stranded: Search marker up one.",
                Adjust::TurnAdvanced => "Turn marker moves ahead.",
            }
            .into()),
            _ => misrouted(e),
        }
    }
}

/// "1 draw", "3 draws" (issue 14: "draw(s)").
fn draws_words(n: impl Into<u32>) -> String {
    counted(n, "draw", "draws")
}

/// A count in words: "1 Hit", "0 Hits", "2 cards" (issue 14: the log read
/// "1 card(s)", "0 Hit(s)").
pub(crate) fn counted(n: impl Into<u32>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}
