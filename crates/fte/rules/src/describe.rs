//! The log: each event in words, with an [`Adjudication`] for every roll
//! listing each modifier with its rule section.

use crate::Fte;
use crate::event::{AttackKind, CasualtyResult, Event, Mods};
use crate::state::{Chit, Side};
use vt_core::dice::{Adjudication, Modifier, TableCell};
use vt_core::engine::LogEntry;

fn modifiers(m: &Mods) -> Vec<Modifier> {
    m.iter()
        .map(|(d, v)| Modifier::new(d.label(), d.rule(), *v as i32))
        .collect()
}

fn total(roll: u8, m: &Mods) -> i32 {
    roll as i32 + crate::counters::mod_sum(m)
}

fn u(id: u16) -> String {
    format!("#{id}")
}

fn units(v: &[u16]) -> String {
    v.iter().map(|x| u(*x)).collect::<Vec<_>>().join(", ")
}

/// True if these events revealed nothing random or hidden.
pub fn undoable(events: &[Event]) -> bool {
    !events.is_empty()
        && events.iter().all(|e| {
            matches!(
                e,
                Event::Activated { .. }
                    | Event::MoveBegins { .. }
                    | Event::Dropped { .. }
                    | Event::Placed { .. }
            )
        })
}

impl Fte {
    /// "Rifle Fire Team #3".
    fn who(&self, id: u16, ty: u16) -> String {
        match self.types.get(ty as usize) {
            Some(t) => format!("{} #{id}", t.name),
            None => u(id),
        }
    }

    pub(crate) fn describe_event(&self, e: &Event) -> LogEntry {
        match e {
            Event::TurnBegins { turn } => LogEntry::text(format!(
                "Turn {turn} begins: the chits go into the cup (20.0)."
            )),
            Event::ChitDrawn { chit } => LogEntry::text(match chit {
                Chit::Side(s) => format!("A {} Activation Chit is drawn (5.0).", s.name()),
                Chit::RandomEvent => "The Random Event Chit is drawn (19.0).".into(),
            }),
            Event::ChitReturned => {
                LogEntry::text("A helicopter activates: the chit goes back into the cup (5.1).")
            }
            Event::ChitLost { side, from_cup } => LogEntry::text(format!(
                "{} loses an Activation Chit for the rest of the scenario ({}) (5.1).",
                side.name(),
                if *from_cup {
                    "taken from the cup"
                } else {
                    "taken from the pool"
                }
            )),
            Event::Activated {
                side,
                units: us,
                leader,
            } => LogEntry::text(match leader {
                Some(l) => format!(
                    "{} activates Leader {} with {} (5.1).",
                    side.name(),
                    u(*l),
                    units(us)
                ),
                None => format!("{} activates {} (5.1).", side.name(), units(us)),
            }),
            Event::Passed { side } => LogEntry::text(format!("{} passes (5.1).", side.name())),
            Event::ActivationEnds { side } => {
                LogEntry::text(format!("{}'s activation is complete.", side.name()))
            }
            Event::Placed { unit, hex, hidden } => LogEntry::text(if *hidden {
                format!("A Concealed unit is placed at {hex}.")
            } else {
                format!("{} is placed at {hex}.", u(*unit))
            }),
            Event::Plotted { side } => {
                LogEntry::text(format!("{} plots a trap in secret (26.0).", side.name()))
            }
            Event::Entered { unit, hex } => {
                LogEntry::text(format!("{} enters at {hex} (4.0).", u(*unit)))
            }
            Event::MoveBegins { units: us, mode } => {
                LogEntry::text(format!("{} begin a {:?} move (6.0).", units(us), mode))
            }
            Event::Moved {
                units: us,
                from,
                to,
                cost,
                left,
            } => LogEntry::text(format!(
                "{} move {from} to {to} for {} ({} left) (6.4).",
                units(us),
                crate::data::half_mp(*cost),
                crate::data::half_mp(*left)
            )),
            Event::AltitudeChanged { unit, altitude } => {
                LogEntry::text(format!("{} goes to {:?} level (6.8).", u(*unit), altitude))
            }
            Event::FortChanged { units: us, entered } => LogEntry::text(format!(
                "{} {} the Bunker/Foxholes (24.0, 25.0).",
                units(us),
                if *entered { "enter" } else { "leave" }
            )),
            Event::Dropped { casualty, hex } => {
                LogEntry::text(format!("Casualty {casualty} is left at {hex} (7.5.2)."))
            }
            Event::ExitedMap { units: us } => {
                LogEntry::text(format!("{} leave the map.", units(us)))
            }
            Event::Evacuated { side, kind, .. } => LogEntry::text(format!(
                "A {} {} is evacuated (7.5.3).",
                side.name(),
                kind.name()
            )),
            Event::LostConcealment { unit } => {
                LogEntry::text(format!("{} loses its Concealed marker (18.1).", u(*unit)))
            }
            Event::GainedConcealment { unit } => {
                LogEntry::text(format!("{} becomes Concealed (18.2).", u(*unit)))
            }
            Event::DummyRemoved { .. } => LogEntry::text("A Dummy is revealed and removed (22.0)."),
            Event::Check {
                unit,
                ty,
                concealed,
                kind,
                quality,
                roll,
                mods,
                pass,
            } => {
                let (purpose, rule) = kind.name();
                let who = if *concealed {
                    format!("Concealed unit {}", u(*unit))
                } else {
                    self.who(*unit, *ty)
                };
                let mut a = Adjudication::new(format!("{purpose} for {who}"), rule);
                a.rolled = vec![*roll as i32];
                a.modifiers = modifiers(mods);
                a.total = total(*roll, mods);
                a.needed = Some(format!(
                    "{quality} or less (Troop Quality; 1 always passes, 10 always fails)"
                ));
                a.result = if *pass {
                    "passed".into()
                } else {
                    "failed".into()
                };
                LogEntry {
                    text: format!("{purpose} for {who}: {}.", a.result),
                    adjudications: vec![a],
                }
            }
            Event::Attack {
                kind,
                firers,
                primary,
                primary_ty,
                target,
                target_ty,
                target_concealed,
                rating,
                weapon,
                mods,
                roll,
                hit,
                effect_roll,
                effect,
            } => {
                let tname = if *target_concealed {
                    "a Concealed unit".to_string()
                } else {
                    self.who(*target, *target_ty)
                };
                let (what, rule) = match kind {
                    AttackKind::Fire => ("Fire", "FTE 7.1"),
                    AttackKind::OpFire => ("Opportunity Fire", "FTE 21.0"),
                    AttackKind::Assault { .. } => ("Assault fire", "FTE 8.0"),
                    AttackKind::Mission(_) => ("Fire Mission", "FTE 16.0"),
                    AttackKind::Claymore => ("Claymore", "FTE 26.0"),
                    AttackKind::Passenger => ("Passenger of a destroyed vehicle", "FTE 7.4"),
                    AttackKind::BoobyTrap => ("Booby Trap", "FTE 26.0"),
                };
                let mut adj = Vec::new();
                if *kind != AttackKind::Passenger {
                    let mut a = Adjudication::new(format!("{what} at {tname}"), rule);
                    a.rolled = vec![*roll as i32];
                    a.modifiers = modifiers(mods);
                    a.total = total(*roll, mods);
                    a.needed = Some(format!(
                        "{} or less (Fire Rating {rating}{}; 1 always hits, 10 always misses)",
                        *rating as i32 - crate::counters::mod_sum(mods),
                        match (primary, primary_ty) {
                            (Some(p), Some(t)) => format!(" of {}", self.who(*p, *t)),
                            (Some(p), None) => format!(" of {}", u(*p)),
                            _ => String::new(),
                        }
                    ));
                    a.result = if *hit { "hit".into() } else { "miss".into() };
                    adj.push(a);
                }
                if let (Some(r), Some(ef)) = (effect_roll, effect) {
                    let mut b = Adjudication::new(
                        format!("Target Effects Table, {}", weapon.name()),
                        "FTE 7.4",
                    );
                    b.rolled = vec![*r as i32];
                    b.total = *r as i32;
                    b.table = Some(TableCell {
                        table: "Target Effects Table".into(),
                        row: r.to_string(),
                        column: Some(weapon.name().into()),
                    });
                    b.result = ef.label().into();
                    adj.push(b);
                }
                let by = if firers.is_empty() {
                    String::new()
                } else {
                    format!(" by {}", units(firers))
                };
                LogEntry {
                    text: format!(
                        "{what}{by} at {tname}: {}.",
                        match (hit, effect) {
                            (true, Some(ef)) => ef.label().to_string(),
                            (true, None) => "hit".into(),
                            _ => "miss".into(),
                        }
                    ),
                    adjudications: adj,
                }
            }
            Event::Effect {
                unit,
                effect,
                outcome,
            } => LogEntry::text(format!(
                "{} ({}): {outcome} (7.4).",
                u(*unit),
                effect.label()
            )),
            Event::CasualtyPlaced { kind, hex, .. } => LogEntry::text(format!(
                "A {} marker is placed at {hex} (7.5.1).",
                kind.name()
            )),
            Event::Carried { casualty, unit } => {
                LogEntry::text(format!("{} carries casualty {casualty} (7.5.2).", u(*unit)))
            }
            Event::Captured { .. } => LogEntry::text(
                "An enemy casualty alone with our units is captured or removed (7.5.3).",
            ),
            Event::Retreated { unit, to } => {
                LogEntry::text(format!("{} retreats to {to} (7.4).", u(*unit)))
            }
            Event::Eliminated { unit, why } => {
                LogEntry::text(format!("{} is removed from play: {why}.", u(*unit)))
            }
            Event::Vp {
                side,
                event,
                change,
                total,
            } => LogEntry::text(if *change == 0 {
                format!(
                    "{}: {} would cost VP, but VP never fall below 0 (29.0).",
                    side.name(),
                    event.name()
                )
            } else {
                format!(
                    "{} {:+} VP for {} (now {total}) (29.0).",
                    side.name(),
                    change,
                    event.name()
                )
            }),
            Event::Searched { unit, found } => LogEntry::text(if found.is_empty() {
                format!("{} searches (9.0).", u(*unit))
            } else {
                format!(
                    "{} searches and finds {} (9.0).",
                    u(*unit),
                    found
                        .iter()
                        .map(|(_, k)| k.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }),
            Event::CacheRevealed { kind, .. } => LogEntry::text(format!(
                "A hidden marker is revealed: {} (23.0).",
                kind.name()
            )),
            Event::CacheDestroyed { kind, .. } => {
                LogEntry::text(format!("{} destroyed (11.0).", kind.name()))
            }
            Event::Recovered { unit, removed } => LogEntry::text(format!(
                "{} recovers{} (10.0).",
                u(*unit),
                if removed.is_empty() {
                    String::new()
                } else {
                    format!(": {}", removed.join(", "))
                }
            )),
            Event::MedevacRequested { roll, arrives } => {
                let mut a = Adjudication::new("Medevac Request", "FTE 12.0");
                a.rolled = vec![*roll as i32];
                a.total = *roll as i32;
                a.table = Some(TableCell {
                    table: "Medevac Request Table".into(),
                    row: roll.to_string(),
                    column: None,
                });
                a.result = match arrives {
                    Some(t) => format!("Slick arrives on turn {t}"),
                    None => "Request Denied".into(),
                };
                LogEntry {
                    text: format!("Medevac requested: {}.", a.result),
                    adjudications: vec![a],
                }
            }
            Event::FireMissionRequested {
                side,
                roll,
                mods,
                result,
            } => {
                let mut a = Adjudication::new(format!("{} Fire Request", side.name()), "FTE 13.0");
                a.rolled = vec![*roll as i32];
                a.modifiers = modifiers(mods);
                a.total = total(*roll, mods);
                a.table = Some(TableCell {
                    table: "Fire Request Table".into(),
                    row: a.total.clamp(1, 10).to_string(),
                    column: Some(side.name().into()),
                });
                a.result = match result {
                    Some((k, d)) => format!("{} in {d} turn(s)", k.name()),
                    None => "Request Denied".into(),
                };
                LogEntry {
                    text: format!(
                        "{} requests a Fire Mission (target secret): {}.",
                        side.name(),
                        a.result
                    ),
                    adjudications: vec![a],
                }
            }
            Event::MissionCancelled { side } => LogEntry::text(format!(
                "A {} Fire Mission is cancelled (16.0, 19.10).",
                side.name()
            )),
            Event::MissionLands {
                side,
                kind,
                target,
                accuracy,
                mods,
                scatter,
                landed,
            } => {
                let mut a = Adjudication::new(
                    format!("{} {} accuracy", side.name(), kind.name()),
                    "FTE 16.0",
                );
                a.rolled = vec![*accuracy as i32];
                a.modifiers = modifiers(mods);
                a.total = total(*accuracy, mods);
                a.needed = Some("6 or less to land on target (10 always scatters)".into());
                a.result = match scatter {
                    None => "accurate".into(),
                    Some((d, n)) => format!("scatters {n} hex(es) in direction {d}"),
                };
                LogEntry {
                    text: format!(
                        "{} {} aimed at {target} lands at {landed}.",
                        side.name(),
                        kind.name()
                    ),
                    adjudications: vec![a],
                }
            }
            Event::Loaded {
                carrier,
                units: us,
                casualties,
            } => LogEntry::text(format!(
                "{} loads {}{} (14.0).",
                u(*carrier),
                units(us),
                if casualties.is_empty() {
                    String::new()
                } else {
                    format!(" and {} casualties", casualties.len())
                }
            )),
            Event::Unloaded { carrier, units: us } => {
                LogEntry::text(format!("{} unloads {} (15.0).", u(*carrier), units(us)))
            }
            Event::AssaultDeclared { units: us, hex } => {
                LogEntry::text(format!("{} assault {hex} (8.0).", units(us)))
            }
            Event::AssaultRound { round } => {
                LogEntry::text(format!("Assault round {round} (8.0)."))
            }
            Event::AssaultEnds => LogEntry::text("The assault ends (8.0)."),
            Event::Advanced { units: us, hex } => {
                LogEntry::text(format!("{} advance into {hex} (8.0).", units(us)))
            }
            Event::OpFireDeclined { side } => {
                LogEntry::text(format!("{} holds its fire (21.0).", side.name()))
            }
            Event::RandomEvent {
                side_roll,
                side,
                roll,
                event,
            } => {
                let mut a = Adjudication::new("Random Event side", "FTE 19.0");
                a.rolled = vec![*side_roll as i32];
                a.total = *side_roll as i32;
                a.needed = Some("even: US event, odd: NVA/VC event".into());
                a.result = side.name().into();
                let mut b = Adjudication::new("Random Event Table", "FTE 19.0");
                b.rolled = vec![*roll as i32];
                b.total = *roll as i32;
                b.table = Some(TableCell {
                    table: "Random Event Table".into(),
                    row: roll.to_string(),
                    column: Some(if *side == Side::Us {
                        "US".into()
                    } else {
                        "NVA/VC".into()
                    }),
                });
                b.result = event.name().into();
                LogEntry {
                    text: format!("Random Event for {}: {}.", side.name(), event.name()),
                    adjudications: vec![a, b],
                }
            }
            Event::EventApplied { event, unit, hex } => LogEntry::text(format!(
                "{}{}{}.",
                event.name(),
                unit.map(|x| format!(": {}", u(x))).unwrap_or_default(),
                hex.map(|h| format!(" at {h}")).unwrap_or_default()
            )),
            Event::BoobyTrap { hex } => {
                LogEntry::text(format!("A Booby Trap goes off at {hex} (26.0)."))
            }
            Event::Claymore { hex } => {
                LogEntry::text(format!("A Claymore is detonated at {hex} (26.0)."))
            }
            Event::Interrogated { unit, pass } => LogEntry::text(format!(
                "{} interrogates the Civilians: {} (28.0).",
                u(*unit),
                if *pass {
                    "they talk"
                } else {
                    "nothing learned"
                }
            )),
            Event::Revealed { .. } => {
                LogEntry::text("The interrogation gives something away (28.0).")
            }
            Event::CasualtyCheck {
                casualty,
                side,
                roll,
                mods,
                result,
            } => {
                let mut a =
                    Adjudication::new(format!("{} WIA {casualty}", side.name()), "FTE 17.0");
                a.rolled = vec![*roll as i32];
                a.modifiers = modifiers(mods);
                a.total = total(*roll, mods);
                a.needed = Some("9-10 dies of wounds, 1-2 returns to duty".into());
                a.result = match result {
                    CasualtyResult::DiedOfWounds => "DOW".into(),
                    CasualtyResult::ReturnedToDuty => "RTD".into(),
                    CasualtyResult::NoChange => "no change".into(),
                };
                LogEntry {
                    text: format!("Casualty check: {}.", a.result),
                    adjudications: vec![a],
                }
            }
            Event::Abandoned { vehicle, crew } => LogEntry::text(format!(
                "{} is abandoned; its crew becomes {} (6.10).",
                u(*vehicle),
                u(*crew)
            )),
            Event::TurnEnds { turn } => LogEntry::text(format!("Turn {turn} ends (20.0).")),
            Event::ObjectiveHeld { name, side, vp } => {
                LogEntry::text(format!("{} holds {name}: {vp:+} VP.", side.name()))
            }
            Event::GameOver { winner, vp } => LogEntry::text(format!(
                "Game over: {} win, US {} VP to NVA/VC {} VP (29.0).",
                winner.name(),
                vp[0],
                vp[1]
            )),
        }
    }
}
