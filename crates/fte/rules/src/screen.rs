//! Helpers for a screen that shows one side's view: what the game is in
//! the middle of, as that side may know it ([`Fte::situation`]), and the
//! numbers needed before a roll as the deciding side may know them
//! ([`Fte::fire_preview`], [`Fte::assault_preview`]).
//!
//! [`Fte::preview`] computes a fire attack's modifiers from the whole
//! state. Some of them depend on what the firer cannot see yet: the
//! Defensive Modifier of a unit under a Concealed marker, the -1 against a
//! Sapper, a hidden Bunker or Foxholes. [`Fte::fire_preview`] leaves those
//! out and says that hidden modifiers may apply; the roll itself uses them
//! all (and the log shows them).

use crate::Fte;
use crate::command::{Command, Target};
use crate::data::{MissionKind, RandomEvent, Role};
use crate::event::Drm;
use crate::geo::Hex;
use crate::state::*;
use crate::step::Step;
use serde::Serialize;
use vt_core::dice::{Adjudication, Modifier};
use vt_core::engine::{RuleError, Ruleset};
use vt_core::refusal::{Refusal, refuse};

/// The interrupt the game is in, as one side may see it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Situation {
    /// An Opportunity Fire chance (21.0) at `hex` against `targets`.
    OpFire {
        kind: TriggerKind,
        hex: Hex,
        /// The side that may fire.
        firing: Side,
        /// The units that may be fired on, named as this side sees them.
        targets: Vec<Target>,
        /// The firing side's units that passed their check (empty for the
        /// other side, which does not see the checks of Concealed units).
        passed: Vec<UnitId>,
        stealthy: bool,
        on_trail: bool,
        /// The US may also fire its plotted Claymore in `hex` (26.0);
        /// false for the NVA/VC, who may not know it is there.
        claymore: bool,
    },
    /// A Broken unit retreats away from `away` (7.4).
    Retreat { unit: Target, away: Hex, left: u8 },
    /// A new KIA/WIA that may be picked up at once (7.5.2).
    Carry {
        casualty: u16,
        kind: CasualtyKind,
        hex: Option<Hex>,
    },
    /// A downed helicopter comes down within `radius` of `from` (7.4).
    HeliDown { unit: UnitId, from: Hex, radius: u8 },
    /// An Assault (8.0) on `hex`.
    Assault {
        side: Side,
        hex: Hex,
        attackers: Vec<Target>,
        round: u8,
        stage: AssaultStage,
    },
    /// A Random Event waiting for its choice (19.x).
    Event {
        event: RandomEvent,
        side: Side,
        placed: u8,
        /// 19.7: the VC piece to place now, for the side placing it only
        /// (the order is drawn at random and is its secret).
        piece: Option<String>,
    },
    /// A US unit in a Civilians hex may interrogate (28.0).
    Interrogate { unit: UnitId, hex: Option<Hex> },
    /// The NVA/VC player reveals units or caches near `near` (28.0).
    Reveal { near: Hex, left: u8 },
    /// A Load action waiting for its Opportunity Fire (14.0).
    Load { carrier: UnitId },
    /// A Fire Mission is due (16.0); only its owner sees kind and target.
    Mission {
        side: Side,
        kind: Option<MissionKind>,
        target: Option<Hex>,
    },
}

/// A fire attack's number needed, as the firing side may know it.
#[derive(Clone, Debug, PartialEq)]
pub struct FirePreview {
    /// The attack's modifiers the firer can see, each with its section;
    /// `needed` says what to roll.
    pub adjudication: Adjudication,
    pub rating: u8,
    /// Roll this or less to hit (before the 1 and 10 rules).
    pub needed: i32,
    /// Modifiers the target hides may still apply (a Concealed unit's
    /// Defensive or Sapper modifier, a hidden Bunker or Foxholes).
    pub hidden: bool,
}

/// Before a roll: what the die must show, in numbers that add up with the
/// modifiers listed above it ("a roll of 2 or less: 4 or less after the
/// modifiers").
pub(crate) fn roll_needed(
    rating: u8,
    modifiers: i32,
    what: &str,
    pass: &str,
    fail: &str,
) -> String {
    let on_die = rating as i32 - modifiers;
    if modifiers == 0 {
        format!("{rating} or less ({what} {rating}; 1 always {pass}, 10 always {fail})")
    } else {
        format!(
            "a roll of {on_die} or less: {rating} or less after the modifiers ({what} {rating}; 1 always {pass}, 10 always {fail})"
        )
    }
}

impl Fte {
    /// How `side` names unit `u`: its own units and Visible enemies by id,
    /// Concealed enemies by their marker.
    pub fn seen_ref(&self, s: &State, side: Side, u: UnitId) -> Target {
        let x = s.unit(u);
        if x.side != side && x.concealed {
            Target::Marker(x.marker)
        } else {
            Target::Unit(u)
        }
    }

    /// The interrupt on top of the game, as `side` may see it.
    pub fn situation(&self, s: &State, side: Side) -> Option<Situation> {
        Some(match s.step() {
            Step::OpportunityFire(o) => {
                let firing = self.opfire_side(s, o);
                let targets = self
                    .live_targets(s, o)
                    .into_iter()
                    .map(|u| self.seen_ref(s, side, u))
                    .collect();
                Situation::OpFire {
                    kind: o.kind,
                    hex: o.hex,
                    firing,
                    targets,
                    passed: if side == firing {
                        o.passed.clone()
                    } else {
                        Vec::new()
                    },
                    stealthy: o.stealthy,
                    on_trail: o.on_trail,
                    claymore: side == firing && self.claymore_chance(s, o),
                }
            }
            Step::Retreat {
                unit, away, left, ..
            } => Situation::Retreat {
                unit: self.seen_ref(s, side, *unit),
                away: *away,
                left: *left,
            },
            Step::Carry { casualty } => {
                let c = &s.casualties[*casualty as usize];
                Situation::Carry {
                    casualty: *casualty,
                    kind: c.kind,
                    hex: s.casualty_hex(c),
                }
            }
            Step::HeliDown {
                unit, from, radius, ..
            } => Situation::HeliDown {
                unit: *unit,
                from: *from,
                radius: *radius,
            },
            Step::Assault(a) => Situation::Assault {
                side: a.side,
                hex: a.hex,
                // Those still in the fight (8.0).
                attackers: self
                    .attackers_in(s, a)
                    .into_iter()
                    .map(|u| self.seen_ref(s, side, u))
                    .collect(),
                round: a.round,
                stage: a.stage,
            },
            Step::RandomEvent {
                event,
                side: by,
                placed,
                ..
            } => Situation::Event {
                event: *event,
                side: *by,
                placed: *placed,
                piece: self
                    .vc_piece_now(s)
                    .filter(|_| side == Self::event_chooser(*event, *by))
                    .and_then(|ty| self.types.iter().find(|t| t.id == ty))
                    .map(|t| t.name.clone()),
            },
            Step::Interrogate { unit, .. } => Situation::Interrogate {
                unit: *unit,
                hex: s.unit(*unit).hex,
            },
            Step::Reveal { near, left } => Situation::Reveal {
                near: *near,
                left: *left,
            },
            Step::PendingLoad { carrier, .. } => Situation::Load { carrier: *carrier },
            Step::FireMissions => {
                let m = s.missions.iter().find(|m| m.turn <= s.turn)?;
                let own = m.side == side;
                Situation::Mission {
                    side: m.side,
                    kind: own.then_some(m.kind),
                    target: own.then_some(m.target),
                }
            }
            _ => return None,
        })
    }

    /// [`Fte::preview`] of a Fire, Opportunity Fire or Assault Fire
    /// command, without the modifiers the firer cannot know before the
    /// roll.
    pub fn fire_preview(&self, s: &State, c: &Command) -> Result<FirePreview, RuleError> {
        self.fire_preview_checked(s, c)
            .map_err(|r| r.in_book(crate::BOOK))
    }

    fn fire_preview_checked(&self, s: &State, c: &Command) -> Result<FirePreview, Refusal> {
        let mut adj = self.attack_preview(s, c)?;
        let (primary, target) = match c {
            Command::Fire {
                primary, target, ..
            }
            | Command::OpFire {
                primary, target, ..
            }
            | Command::AssaultFire {
                primary, target, ..
            } => (*primary, *target),
            _ => return refuse("7.1", "only fire commands have a preview"),
        };
        let side = s.unit(primary).side;
        let t = self
            .resolve_target(s, side, target)
            .ok_or_else(|| Refusal::new("7.1", "no such enemy unit in sight"))?;
        let tu = s.unit(t);
        let mut hidden_drms = Vec::new();
        if tu.concealed {
            hidden_drms.extend([Drm::Defense, Drm::Sapper]);
        }
        if tu
            .fort
            .and_then(|f| s.caches.get(f as usize))
            .is_some_and(|f| !f.revealed && f.owner != side)
        {
            hidden_drms.extend([Drm::Bunker, Drm::Foxholes]);
        }
        let is_hidden = |m: &Modifier| {
            hidden_drms
                .iter()
                .any(|d| m.label == d.label() && m.rule == d.rule())
        };
        let before = adj.modifiers.len();
        adj.modifiers.retain(|m| !is_hidden(m));
        let hidden = tu.concealed || adj.modifiers.len() != before;
        let rating = self.fire_rating(s.unit(primary)).unwrap_or(0);
        let needed = rating as i32 - adj.modifier_sum();
        let mut text = roll_needed(rating, adj.modifier_sum(), "Fire Rating", "hits", "misses");
        if hidden {
            text.push_str("; modifiers the target hides may change it");
        }
        adj.needed = Some(text);
        Ok(FirePreview {
            adjudication: adj,
            rating,
            needed,
            hidden,
        })
    }

    /// Before an Opportunity Fire attempt (21.0): each unit's Troop Quality
    /// Check, modified by its markers.
    pub fn opfire_check_preview(&self, s: &State, units: &[UnitId]) -> Vec<Adjudication> {
        units
            .iter()
            .map(|&u| {
                let x = s.unit(u);
                let (what, rule) = crate::event::CheckKind::OpFire.name();
                let mut adj = Adjudication::new(format!("{what}: {}", self.ty(x).name), rule)
                    .rolled_by(x.side.idx() as vt_core::SideIdx, true);
                adj.modifiers = self
                    .status_mods(s, x, false)
                    .iter()
                    .map(|(d, v)| Modifier::new(d.label(), d.rule(), *v as i32))
                    .collect();
                let q = self.troop_quality(x);
                adj.needed = Some(roll_needed(
                    q,
                    adj.modifier_sum(),
                    "Troop Quality",
                    "passes",
                    "fails",
                ));
                adj.result = "may fire on a pass".into();
                adj
            })
            .collect()
    }

    /// Before an Assault (8.0): each assaulting unit's Troop Quality Check
    /// to go in, or why it passes without one.
    pub fn assault_preview(
        &self,
        s: &State,
        units: &[UnitId],
        hex: Hex,
    ) -> Result<Vec<Adjudication>, RuleError> {
        self.check(
            s,
            &Command::Assault {
                units: units.to_vec(),
                hex,
            },
        )?;
        let leader_hexes: Vec<Hex> = units
            .iter()
            .map(|u| s.unit(*u))
            .filter(|u| self.is_leader(u))
            .filter_map(|u| u.hex)
            .collect();
        let mut out = Vec::new();
        for &u in units {
            let x = s.unit(u);
            let name = &self.ty(x).name;
            let mut adj = Adjudication::new(format!("Assault check: {name}"), "FTE 8.0")
                .rolled_by(x.side.idx() as vt_core::SideIdx, true);
            let auto = if self.role(x) == Role::Sapper {
                Some("a Sapper passes without a check (27.0)")
            } else if self.is_leader(x) {
                Some("a Leader passes without a check")
            } else if x.hex.is_some_and(|h| leader_hexes.contains(&h)) {
                Some("stacked with an assaulting Leader: passes without a check")
            } else {
                None
            };
            match auto {
                Some(why) => {
                    adj.result = why.to_string();
                }
                None => {
                    let mods = self.status_mods(s, x, false);
                    adj.modifiers = mods
                        .iter()
                        .map(|(d, v)| Modifier::new(d.label(), d.rule(), *v as i32))
                        .collect();
                    let q = self.troop_quality(x);
                    adj.needed = Some(roll_needed(
                        q,
                        adj.modifier_sum(),
                        "Troop Quality",
                        "passes",
                        "fails",
                    ));
                    adj.result = "goes in on a pass".into();
                }
            }
            out.push(adj);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::util::*;

    // FTE 18.1, 27.0, 24.0: a Concealed target's own modifiers are not known
    // before the roll; the preview leaves them out and says so.
    #[test]
    fn preview_hides_what_a_concealed_target_hides() {
        let r = rules();
        let mut s = sandbox("examples");
        let us = add(&mut s, "us-rifle", Side::Us, "20.20");
        let sapper = add(&mut s, "nva-sapper", Side::Nva, "20.19");
        conceal(&mut s, sapper);
        let marker = s.unit(sapper).marker;
        play(&mut s, Command::ActivateUnit { unit: us });
        let cmd = Command::Fire {
            firers: vec![us],
            primary: us,
            target: Target::Marker(marker),
        };
        let full = r.preview(&s, &cmd).unwrap();
        assert!(
            full.modifiers.iter().any(|m| m.rule == "FTE 27.0"),
            "the whole-state preview counts the Sapper's -1"
        );
        let seen = r.fire_preview(&s, &cmd).unwrap();
        assert!(seen.hidden);
        assert!(
            seen.adjudication
                .modifiers
                .iter()
                .all(|m| m.rule != "FTE 27.0")
        );
        assert!(
            seen.adjudication
                .modifiers
                .iter()
                .any(|m| m.rule == "FTE 18.1"),
            "the Concealed marker's +2 is plain to see"
        );
        assert_eq!(seen.needed, 4 - seen.adjudication.modifier_sum());
        // Revealed, the same target shows every modifier.
        s.unit_mut(sapper).concealed = false;
        let cmd = Command::Fire {
            firers: vec![us],
            primary: us,
            target: Target::Unit(sapper),
        };
        let seen = r.fire_preview(&s, &cmd).unwrap();
        assert!(!seen.hidden);
        assert!(
            seen.adjudication
                .modifiers
                .iter()
                .any(|m| m.rule == "FTE 27.0")
        );
    }

    // FTE 21.0: the side that may fire sees the trigger; the mover sees its
    // own unit by id and not the firer's checks.
    #[test]
    fn situation_of_an_opportunity_fire_chance() {
        let r = rules();
        let mut s = sandbox("examples");
        let us = add(&mut s, "us-rifle", Side::Us, "19.17");
        let nva = add(&mut s, "nva-rifle", Side::Nva, "19.19");
        conceal(&mut s, nva);
        play(&mut s, Command::ActivateUnit { unit: us });
        play(
            &mut s,
            Command::Move {
                units: vec![us],
                mode: MoveMode::Normal,
            },
        );
        play(&mut s, Command::Step { hex: h("19.18") });
        assert_eq!(r.decision(&s).kind, "opportunity-fire");
        match r.situation(&s, Side::Nva) {
            Some(Situation::OpFire {
                hex,
                firing,
                targets,
                ..
            }) => {
                assert_eq!(hex, h("19.18"));
                assert_eq!(firing, Side::Nva);
                assert_eq!(targets, vec![Target::Unit(us)]);
            }
            other => panic!("{other:?}"),
        }
        s.rng.force(&[1]);
        play(&mut s, Command::OpFireAttempt { units: vec![nva] });
        let passed = |side| match r.situation(&s, side) {
            Some(Situation::OpFire { passed, .. }) => passed,
            other => panic!("{other:?}"),
        };
        assert_eq!(passed(Side::Nva), vec![nva]);
        assert!(passed(Side::Us).is_empty());
    }

    // FTE 21.0, 1.2: the check to fire is the Troop Quality, modified by
    // the unit's markers (cumulative).
    #[test]
    fn opfire_check_preview_counts_the_markers() {
        let r = rules();
        let mut s = sandbox("examples");
        let u = add(&mut s, "nva-rifle", Side::Nva, "19.19");
        s.unit_mut(u).suppressed = true;
        s.unit_mut(u).exhausted = true;
        let p = r.opfire_check_preview(&s, &[u]);
        let sum: i32 = p[0].modifiers.iter().map(|m| m.value).sum();
        assert_eq!(p[0].modifiers.len(), 2);
        assert!(sum > 0);
        let need = 4 - sum;
        assert!(
            p[0].needed
                .as_deref()
                .unwrap()
                .starts_with(&format!("a roll of {need} or less"))
        );
        assert_eq!(p[0].rule, "FTE 21.0");
    }

    // FTE 8.0: Leaders, units stacked with an assaulting Leader and Sappers
    // go in without a check; the others need their Troop Quality.
    #[test]
    fn assault_preview_lists_each_check() {
        let r = rules();
        let mut s = sandbox("examples");
        let leader = add(&mut s, "us-leader", Side::Us, "20.20");
        let with = add(&mut s, "us-rifle", Side::Us, "20.20");
        let alone = add(&mut s, "us-rifle", Side::Us, "19.19");
        s.unit_mut(alone).exhausted = true;
        add(&mut s, "nva-rifle", Side::Nva, "20.19");
        play(&mut s, Command::ActivateLeader { leader });
        let p = r
            .assault_preview(&s, &[leader, with, alone], h("20.19"))
            .unwrap();
        assert_eq!(p.len(), 3);
        assert!(p[0].needed.is_none() && p[0].result.contains("Leader"));
        assert!(p[1].needed.is_none() && p[1].result.contains("stacked"));
        // Troop Quality 4, +1 Exhausted: 3 or less.
        assert!(
            p[2].needed
                .as_deref()
                .unwrap()
                .starts_with("a roll of 3 or less")
        );
        assert!(
            r.assault_preview(&s, &[with], h("25.25")).is_err(),
            "no assault on an empty hex"
        );
    }
}
