//! CSAR 8.0 Mini-Campaign: three missions on the Caged Tiger set-up, Morale
//! Points gained and lost, purchases between missions, Pilots and PJs kept
//! from mission to mission, and the campaign's result.

use crate::Csar;
use crate::command::Command;
use crate::command::Purchase;
use crate::components::SurvivorAt;
use crate::describe::misrouted;
use crate::event::Event;
use crate::state::{GameResult, MissionScore, PilotStatus, State, Step};
use vt_core::dice::{Adjudication, Modifier};
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure, refuse};

impl Csar {
    /// The Action cards the campaign took out of the deck (card ids): what may be bought.
    pub fn campaign_cards(&self) -> Vec<u8> {
        let d = &self.data;
        let mut v = Vec::new();
        for r in &d.campaign.removed_cards {
            let Some(kind) = d.action_kind(&r.name) else {
                continue;
            };
            let mut left = r.count.unwrap_or(u8::MAX);
            for (c, &k) in d.action_cards.iter().enumerate() {
                if left > 0 && k == kind {
                    v.push(c as u8);
                    left -= 1;
                }
            }
        }
        v
    }

    pub fn price(&self, p: Purchase) -> i32 {
        let c = &self.data.campaign;
        match p {
            Purchase::Card(_) => c.price_card.value,
            Purchase::ExtraTurn => c.price_turn.value,
            Purchase::Pilot(_) => c.price_pilot.value,
            Purchase::FastMover => c.price_fast_mover.value,
        }
    }

    pub(crate) fn buy(&self, s: &mut State, ev: &mut Vec<Event>, p: Purchase) {
        let cost = self.price(p);
        let Some(c) = s.campaign.as_mut() else { return };
        c.morale -= cost;
        match p {
            Purchase::Card(card) => c.bought_cards.push(card),
            Purchase::ExtraTurn => c.extra_turn = true,
            Purchase::Pilot(i) => c.pilots[i as usize] = PilotStatus::Roster,
            Purchase::FastMover => c.fast_movers += 1,
        }
        ev.push(Event::Bought { what: p, cost });
    }

    /// Purchases done: set up the mission.
    pub(crate) fn start_mission(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.setup_mission(s, ev);
        let turns = self.data.campaign.turns.value;
        if let Some(c) = s.campaign.as_ref() {
            s.last_turn = turns + c.extra_turn as u8;
            ev.push(Event::MissionBegins {
                mission: c.mission,
                turns: s.last_turn,
            });
        }
    }

    /// 8.0 Gaining and Losing Morale Points, then the next mission or the end.
    pub(crate) fn score_mission(&self, s: &mut State, ev: &mut Vec<Event>, result: GameResult) {
        let d = &self.data.campaign;
        let mut sc = MissionScore::default();
        if s.tally.shot_down == 0 && s.tally.destroyed == 0 {
            sc.no_losses = d.award_no_losses.value;
        }
        if s.survivors.iter().all(|v| v.at == SurvivorAt::OffMap) {
            sc.all_rescued = d.award_all_rescued.value;
        }
        let lost = s
            .survivors
            .iter()
            .filter(|v| {
                matches!(
                    v.at,
                    SurvivorAt::Captured | SurvivorAt::Killed | SurvivorAt::Stranded(_)
                )
            })
            .count() as i32;
        sc.survivors_lost = lost * d.penalty_survivor_lost.value;
        sc.abort = if s.tally.reached_auto_abort {
            d.penalty_auto_abort.value
        } else {
            s.abort as i32 * d.penalty_abort_space.value
        };
        let mut lost_pilots: Vec<u8> = Vec::new();
        let mut recovered: Vec<u8> = Vec::new();
        for p in 0..8u8 {
            if s.tally.pilots_killed & (1 << p) != 0 {
                lost_pilots.push(p);
            }
        }
        for v in &s.survivors {
            let Some(p) = v.pilot else { continue };
            match v.at {
                SurvivorAt::OffMap | SurvivorAt::Aboard(_) => recovered.push(p),
                _ => lost_pilots.push(p),
            }
        }
        sc.pilots_lost = lost_pilots.len() as i32 * d.penalty_pilot_lost.value;
        sc.pilots_recovered = recovered.len() as i32 * d.award_pilot_recovered.value;
        let missions = d.missions.value;
        let Some(c) = s.campaign.as_mut() else { return };
        for &p in &lost_pilots {
            if let Some(st) = c.pilots.get_mut(p as usize) {
                *st = PilotStatus::Lost;
            }
            ev.push(Event::PilotLost { card: p });
        }
        for &p in &recovered {
            ev.push(Event::PilotRecovered { card: p });
        }
        c.morale += sc.total();
        c.results.push((result, sc.total()));
        ev.push(Event::MissionScored {
            mission: c.mission,
            score: sc,
            morale: c.morale,
            result,
        });
        // Bought cards, the extra turn and Fast Movers last one mission.
        c.bought_cards.clear();
        c.extra_turn = false;
        c.fast_movers = 0;
        if c.mission >= missions {
            let r = if c.morale > 0 {
                GameResult::Win
            } else {
                GameResult::Loss
            };
            s.result = Some(r);
            ev.push(Event::Result { result: r });
            s.step = Step::Over;
        } else {
            c.mission += 1;
            s.step = Step::Purchase;
        }
    }
}

/// The purchases between missions (8.0): what is offered and refused.
impl Csar {
    pub(crate) fn purchase_candidates(&self, v: &mut Vec<Command>) {
        for c in self.campaign_cards() {
            v.push(Command::Buy(Purchase::Card(c)));
        }
        v.push(Command::Buy(Purchase::ExtraTurn));
        for p in 0..self.data.pilots.len() as u8 {
            v.push(Command::Buy(Purchase::Pilot(p)));
        }
        v.push(Command::Buy(Purchase::FastMover));
        v.push(Command::Done);
    }
}

impl Csar {
    pub(crate) fn check_buy(&self, s: &State, p: Purchase) -> Checked {
        let Some(c) = s.campaign.as_ref() else {
            return refuse("8.0", "not a campaign");
        };
        if self.price(p) > c.morale {
            return refuse("8.0", "not enough Morale Points");
        }
        match p {
            Purchase::Card(card) => ensure(
                self.campaign_cards().contains(&card) && !c.bought_cards.contains(&card),
                "8.0",
                "only the Action cards the campaign removed may be bought, each once",
            ),
            Purchase::ExtraTurn => ensure(
                !c.extra_turn,
                "8.0",
                "a mission may be extended by one turn only",
            ),
            Purchase::Pilot(i) => ensure(
                c.pilots.get(i as usize) == Some(&PilotStatus::Available),
                "8.0",
                "that Pilot/PJ is already yours or lost",
            ),
            Purchase::FastMover => ensure(
                c.fast_movers < self.data.campaign.max_fast_movers.value,
                "8.0",
                "no more Fast Movers to place in the Pool",
            ),
        }
    }
}

impl Csar {
    /// The log's words for this section's events (the dispatcher is in
    /// [`crate::describe`]).
    pub(crate) fn describe_campaign(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
            Event::MissionBegins { mission, turns } => t(format!(
                "Campaign mission {mission} begins: {turns} turns (8.0)."
            )),
            Event::Bought { what, cost } => t(format!(
                "Bought {} for {cost} Morale Points.",
                match what {
                    Purchase::Card(c) => self.card_name(c),
                    Purchase::ExtraTurn => "an extra turn".into(),
                    Purchase::Pilot(p) => self.data.pilots[p as usize].name.clone(),
                    Purchase::FastMover => "a Fast Mover".into(),
                }
            )),
            Event::MissionScored {
                mission,
                score,
                morale,
                result,
            } => {
                let mut a =
                    Adjudication::new(format!("Morale Points for mission {mission}"), "CSAR 8.0");
                for (label, v) in [
                    ("no CSAR aircraft lost", score.no_losses),
                    ("all Survivors rescued", score.all_rescued),
                    (
                        "Survivors captured, killed or abandoned",
                        score.survivors_lost,
                    ),
                    ("Abort marker", score.abort),
                    ("Pilots/PJs lost", score.pilots_lost),
                    ("Pilots/PJs recovered", score.pilots_recovered),
                ] {
                    if v != 0 {
                        a.modifiers.push(Modifier::new(label, "CSAR 8.0", v));
                    }
                }
                a.total = score.total();
                a.result = format!("{morale} Morale Points");
                LogEntry::with_rolls(
                    format!(
                        "Mission {mission}: {} ; {:+} Morale, now {morale}.",
                        result.label(),
                        score.total()
                    ),
                    vec![a],
                )
            }
            Event::PilotLost { card } => t(format!(
                "{} is lost for the campaign.",
                self.data.pilots[card as usize].name
            )),
            Event::PilotRecovered { card } => t(format!(
                "{} is recovered.",
                self.data.pilots[card as usize].name
            )),
            _ => misrouted(e),
        }
    }
}
