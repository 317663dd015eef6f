//! The log: each event in words, with an [`Adjudication`] for every roll
//! listing each modifier with its rule section.

use crate::Fte;
use crate::event::{AttackKind, CasualtyResult, Drm, Event, Marked, Mods};
use crate::state::{Chit, Side, State};
use vt_core::dice::{Adjudication, Modifier, TableCell};
use vt_core::engine::{LogEntry, SideIdx};

fn modifiers(m: &Mods) -> Vec<Modifier> {
    m.iter()
        .map(|(d, v)| Modifier::new(d.label(), d.rule(), *v as i32))
        .collect()
}

fn total(roll: u8, m: &Mods) -> i32 {
    roll as i32 + crate::counters::mod_sum(m)
}

/// How the log names units: by type and number when the game is at hand
/// ("Rifle Fire Team #3"), by number alone otherwise, and by number alone
/// for a unit under a Concealed marker (its type is its owner's secret).
struct Names<'a> {
    fte: &'a Fte,
    state: Option<&'a State>,
}

impl Names<'_> {
    /// For every reader: the type only while the unit is not Concealed
    /// (the log may be written again later, from a later state).
    fn u(&self, id: u16) -> String {
        match self.state.and_then(|s| s.units.get(id as usize)) {
            Some(x) if !x.concealed => self.fte.who(id, x.ty),
            _ => format!("#{id}"),
        }
    }

    /// For the unit's owner only.
    fn owner_u(&self, id: u16) -> String {
        match self.state.and_then(|s| s.units.get(id as usize)) {
            Some(x) => self.fte.who(id, x.ty),
            None => format!("#{id}"),
        }
    }

    fn units(&self, v: &[u16]) -> String {
        v.iter().map(|x| self.u(*x)).collect::<Vec<_>>().join(", ")
    }

    /// A unit as the other side knows it: by its Concealed marker if it
    /// has one.
    fn shown(&self, id: u16, m: &Marked) -> String {
        match m.marker(id) {
            Some(n) => format!("Concealed marker {n}"),
            None => self.u(id),
        }
    }

    fn shown_units(&self, v: &[u16], m: &Marked) -> String {
        v.iter()
            .map(|x| self.shown(*x, m))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// An entry naming units: in full for their owner; for the other side
    /// with Concealed units by marker only (18.0), so the log tells no more
    /// than the board. `text` gets the names of `v` and of the extra unit
    /// `one`.
    fn naming(
        &self,
        marked: &Option<Marked>,
        v: &[u16],
        one: Option<u16>,
        text: impl Fn(&str, Option<String>) -> String,
    ) -> LogEntry {
        match marked {
            Some(m) => {
                let owner = |x: u16| match m.marker(x) {
                    Some(k) => format!("{} (Concealed marker {k})", self.owner_u(x)),
                    None => self.u(x),
                };
                let all: Vec<String> = v.iter().map(|x| owner(*x)).collect();
                LogEntry::text(text(&all.join(", "), one.map(owner))).private_to(
                    m.side.idx() as SideIdx,
                    text(&self.shown_units(v, m), one.map(|x| self.shown(x, m))),
                )
            }
            None => LogEntry::text(text(&self.units(v), one.map(|x| self.u(x)))),
        }
    }
}

/// The verb's "s" for one unit ("moves"), none for several ("move").
fn verb_s(units: usize) -> &'static str {
    if units == 1 { "s" } else { "" }
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
            None => format!("#{id}"),
        }
    }

    pub(crate) fn describe_event(&self, state: Option<&State>, e: &Event) -> LogEntry {
        let n = Names { fte: self, state };
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
                marked,
            } => {
                // The Leader is among the units he activates; name him once.
                let others: Vec<u16> = us.iter().copied().filter(|u| Some(*u) != *leader).collect();
                n.naming(marked, &others, *leader, |us, leader| match leader {
                    Some(l) if us.is_empty() => format!("{} activates {l} (5.1).", side.name()),
                    Some(l) => format!("{} activates {l} with {us} (5.1).", side.name()),
                    None => format!("{} activates {us} (5.1).", side.name()),
                })
            }
            Event::Passed { side } => LogEntry::text(format!("{} passes (5.1).", side.name())),
            Event::ActivationEnds { side } => {
                LogEntry::text(format!("{}'s activation is complete.", side.name()))
            }
            Event::Placed { unit, hex, hidden } => LogEntry::text(if *hidden {
                format!("A Concealed unit is placed at {hex}.")
            } else {
                format!("{} is placed at {hex}.", n.u(*unit))
            }),
            Event::Plotted { side } => {
                LogEntry::text(format!("{} plots a trap in secret (26.0).", side.name()))
            }
            Event::Entered { unit, hex } => {
                LogEntry::text(format!("{} enters at {hex} (4.0).", n.u(*unit)))
            }
            Event::MoveBegins {
                units: us,
                mode,
                marked,
            } => {
                let us_len = us.len();
                n.naming(marked, us, None, |us, _| {
                    format!("{us} begin{} a {mode:?} move (6.0).", verb_s(us_len))
                })
            }
            Event::Moved {
                units: us,
                from,
                to,
                cost,
                left,
                marked,
            } => {
                let us_len = us.len();
                n.naming(marked, us, None, |us, _| {
                    format!(
                        "{us} move{} {from} to {to} for {} ({} left) (6.4).",
                        verb_s(us_len),
                        crate::data::half_mp(*cost),
                        crate::data::half_mp(*left)
                    )
                })
            }
            Event::AltitudeChanged { unit, altitude } => LogEntry::text(format!(
                "{} goes to {:?} level (6.8).",
                n.u(*unit),
                altitude
            )),
            Event::FortChanged {
                units: us,
                entered,
                marked,
            } => {
                let us_len = us.len();
                n.naming(marked, us, None, |us, _| {
                    format!(
                        "{us} {}{} the Bunker/Foxholes (24.0, 25.0).",
                        if *entered { "enter" } else { "leave" },
                        verb_s(us_len)
                    )
                })
            }
            Event::Dropped { casualty, hex } => {
                LogEntry::text(format!("Casualty {casualty} is left at {hex} (7.5.2)."))
            }
            Event::ExitedMap { units: us } => LogEntry::text(format!(
                "{} leave{} the map.",
                n.units(us),
                verb_s(us.len())
            )),
            Event::Evacuated { side, kind, .. } => LogEntry::text(format!(
                "A {} {} is evacuated (7.5.3).",
                side.name(),
                kind.name()
            )),
            Event::LostConcealment { unit } => {
                LogEntry::text(format!("{} loses its Concealed marker (18.1).", n.u(*unit)))
            }
            Event::GainedConcealment { unit } => {
                LogEntry::text(format!("{} becomes Concealed (18.2).", n.u(*unit)))
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
                marked,
            } => {
                let (purpose, rule) = kind.name();
                // The owner reads which unit it was; the other side only
                // the marker and whether the check passed.
                let marker = marked.as_ref().and_then(|m| m.marker(*unit));
                let who = match marker {
                    Some(n) => format!("{} (Concealed marker {n})", self.who(*unit, *ty)),
                    None if *concealed => format!("Concealed unit #{unit}"),
                    None => self.who(*unit, *ty),
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
                let result = a.result.clone();
                let entry =
                    LogEntry::with_rolls(format!("{purpose} for {who}: {result}."), vec![a]);
                match (marked, marker) {
                    (Some(m), Some(n)) => entry.private_to(
                        m.side.idx() as SideIdx,
                        format!("{purpose} for Concealed marker {n}: {result}."),
                    ),
                    _ => entry,
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
                marked,
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
                // Firers still under Concealed markers are named by marker
                // to the other side, and their type stays unsaid.
                let by_marker = |x: u16| marked.as_ref().and_then(|m| m.marker(x));
                let firer_name = |x: u16, open: bool| match by_marker(x) {
                    Some(n) if !open => format!("Concealed marker {n}"),
                    _ => n.u(x),
                };
                let primary_name = |open: bool| match (primary, primary_ty) {
                    (Some(p), _) if !open && by_marker(*p).is_some() => {
                        format!(" of {}", firer_name(*p, false))
                    }
                    (Some(p), Some(t)) => format!(" of {}", self.who(*p, *t)),
                    (Some(p), None) => format!(" of {}", n.u(*p)),
                    _ => String::new(),
                };
                let result = match (hit, effect) {
                    (true, Some(ef)) => ef.label().to_string(),
                    (true, None) => "hit".into(),
                    _ => "miss".into(),
                };
                // `open`: the firers by number; `all_mods`: the target's own
                // modifiers too.
                let render = |open: bool, all_mods: bool| -> (String, Vec<Adjudication>) {
                    let mut adj = Vec::new();
                    if *kind != AttackKind::Passenger {
                        let mut a = Adjudication::new(format!("{what} at {tname}"), rule);
                        a.rolled = vec![*roll as i32];
                        a.modifiers = modifiers(mods);
                        a.total = total(*roll, mods);
                        a.needed = Some(format!(
                            "{} or less (Fire Rating {rating}{}; 1 always hits, 10 always misses)",
                            *rating as i32 - crate::counters::mod_sum(mods),
                            primary_name(open)
                        ));
                        // 18.0: a Concealed target keeps its own modifiers
                        // (its Defense, a Sapper's, a hidden Bunker's or
                        // Foxholes') from the firer.
                        if !all_mods {
                            let secret = [Drm::Defense, Drm::Sapper, Drm::Bunker, Drm::Foxholes];
                            let before = a.modifiers.len();
                            a.modifiers.retain(|m| {
                                !secret
                                    .iter()
                                    .any(|d| m.label == d.label() && m.rule == d.rule())
                            });
                            if a.modifiers.len() != before {
                                let open_sum: i32 = a.modifiers.iter().map(|m| m.value).sum();
                                a.total = *roll as i32 + open_sum;
                                a.needed = Some(format!(
                                    "{} or less before the modifiers the Concealed target keeps hidden (Fire Rating {rating}{})",
                                    *rating as i32 - open_sum,
                                    primary_name(open)
                                ));
                            }
                        }
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
                        let names: Vec<String> =
                            firers.iter().map(|x| firer_name(*x, open)).collect();
                        format!(" by {}", names.join(", "))
                    };
                    (format!("{what}{by} at {tname}: {result}."), adj)
                };
                if !*target_concealed && marked.is_none() {
                    let (text, adj) = render(true, true);
                    return LogEntry::with_rolls(text, adj);
                }
                // The side with the secret reads the whole roll: the
                // target's owner if it is Concealed (firers still Concealed
                // then named by marker to him too), else the firers'.
                let owner = if *target_concealed {
                    match self.types.get(*target_ty as usize).map(|t| t.nation) {
                        Some(crate::data::Nation::Us) => Side::Us,
                        _ => Side::Nva,
                    }
                } else {
                    marked.as_ref().map(|m| m.side).unwrap_or(Side::Us)
                };
                let (text, adj) = render(!*target_concealed, true);
                let (public, open) = render(false, !*target_concealed);
                LogEntry::with_rolls(text, adj).private_with_rolls(
                    owner.idx() as SideIdx,
                    public,
                    open,
                )
            }
            Event::Effect {
                unit,
                effect,
                outcome,
                marked,
            } => n.naming(marked, &[*unit], None, |who, _| {
                format!("{who} ({}): {outcome} (7.4).", effect.label())
            }),
            Event::CasualtyPlaced { kind, hex, .. } => LogEntry::text(format!(
                "A {} marker is placed at {hex} (7.5.1).",
                kind.name()
            )),
            Event::Carried {
                casualty,
                unit,
                marked,
            } => n.naming(marked, &[*unit], None, |who, _| {
                format!("{who} carries casualty {casualty} (7.5.2).")
            }),
            Event::Captured { .. } => LogEntry::text(
                "An enemy casualty alone with our units is captured or removed (7.5.3).",
            ),
            Event::Retreated { unit, to } => {
                LogEntry::text(format!("{} retreats to {to} (7.4).", n.u(*unit)))
            }
            Event::Eliminated { unit, why } => {
                LogEntry::text(format!("{} is removed from play: {why}.", n.u(*unit)))
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
            Event::Searched {
                unit,
                found,
                marked,
            } => n.naming(marked, &[*unit], None, |who, _| {
                if found.is_empty() {
                    format!("{who} searches (9.0).")
                } else {
                    format!(
                        "{who} searches and finds {} (9.0).",
                        found
                            .iter()
                            .map(|(_, k)| k.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            }),
            Event::CacheRevealed { kind, .. } => LogEntry::text(format!(
                "A hidden marker is revealed: {} (23.0).",
                kind.name()
            )),
            Event::CacheDestroyed { kind, .. } => {
                LogEntry::text(format!("{} destroyed (11.0).", kind.name()))
            }
            Event::Recovered {
                unit,
                removed,
                marked,
            } => n.naming(marked, &[*unit], None, |who, _| {
                format!(
                    "{who} recovers{} (10.0).",
                    if removed.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", removed.join(", "))
                    }
                )
            }),
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
                LogEntry::with_rolls(format!("Medevac requested: {}.", a.result), vec![a])
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
                LogEntry::with_rolls(
                    format!(
                        "{} requests a Fire Mission (target secret): {}.",
                        side.name(),
                        a.result
                    ),
                    vec![a],
                )
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
                distance_roll,
                landed,
            } => {
                let fm = &self.tables.fire_missions;
                let mut a = Adjudication::new(
                    format!("{} {} accuracy", side.name(), kind.name()),
                    "FTE 16.0",
                );
                a.rolled = vec![*accuracy as i32];
                a.modifiers = modifiers(mods);
                a.total = total(*accuracy, mods);
                a.needed = Some(format!(
                    "{} or less to land on target (10 always scatters)",
                    fm.accurate_max.value
                ));
                a.result = match (scatter, distance_roll) {
                    (None, _) => "accurate".into(),
                    (Some((d, n)), Some(r)) => {
                        a.rolled.extend([*d as i32, *r as i32]);
                        let div = match kind {
                            crate::data::MissionKind::BnMortar => fm.mortar_scatter_divisor.value,
                            crate::data::MissionKind::Artillery => {
                                fm.artillery_scatter_divisor.value
                            }
                        };
                        format!(
                            "scatters in direction {d} (d6) by {r}/{div} rounded up = {n} hex(es) (d10)"
                        )
                    }
                    (Some((d, n)), None) => format!("scatters {n} hex(es) in direction {d}"),
                };
                LogEntry::with_rolls(
                    format!(
                        "{} {} aimed at {target} lands at {landed}.",
                        side.name(),
                        kind.name()
                    ),
                    vec![a],
                )
            }
            Event::Loaded {
                carrier,
                units: us,
                casualties,
            } => LogEntry::text(format!(
                "{} loads {}{} (14.0).",
                n.u(*carrier),
                n.units(us),
                if casualties.is_empty() {
                    String::new()
                } else {
                    format!(" and {} casualties", casualties.len())
                }
            )),
            Event::Unloaded { carrier, units: us } => {
                LogEntry::text(format!("{} unloads {} (15.0).", n.u(*carrier), n.units(us)))
            }
            Event::AssaultDeclared { units: us, hex } => LogEntry::text(format!(
                "{} assault{} {hex} (8.0).",
                n.units(us),
                verb_s(us.len())
            )),
            Event::AssaultRound { round } => {
                LogEntry::text(format!("Assault round {round} (8.0)."))
            }
            Event::AssaultEnds => LogEntry::text("The assault ends (8.0)."),
            Event::Advanced { units: us, hex } => LogEntry::text(format!(
                "{} advance{} into {hex} (8.0).",
                n.units(us),
                verb_s(us.len())
            )),
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
                LogEntry::with_rolls(
                    format!("Random Event for {}: {}.", side.name(), event.name()),
                    vec![a, b],
                )
            }
            Event::EventApplied {
                event,
                unit,
                hex,
                marked,
            } => n.naming(marked, &[], *unit, |_, who| {
                format!(
                    "{}{}{}.",
                    event.name(),
                    who.map(|x| format!(": {x}")).unwrap_or_default(),
                    hex.map(|h| format!(" at {h}")).unwrap_or_default()
                )
            }),
            Event::BoobyTrap { hex } => {
                LogEntry::text(format!("A Booby Trap goes off at {hex} (26.0)."))
            }
            Event::Claymore { hex } => {
                LogEntry::text(format!("A Claymore is detonated at {hex} (26.0)."))
            }
            Event::Interrogated { unit, pass } => LogEntry::text(format!(
                "{} interrogates the Civilians: {} (28.0).",
                n.u(*unit),
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
                let cd = &self.tables.casualties;
                a.needed = Some(format!(
                    "{} or more dies of wounds, {} or less returns to duty",
                    cd.dow_min.value, cd.rtd_max.value
                ));
                a.result = match result {
                    CasualtyResult::DiedOfWounds => "DOW".into(),
                    CasualtyResult::ReturnedToDuty => "RTD".into(),
                    CasualtyResult::NoChange => "no change".into(),
                };
                LogEntry::with_rolls(format!("Casualty check: {}.", a.result), vec![a])
            }
            Event::Abandoned { vehicle, crew } => LogEntry::text(format!(
                "{} is abandoned; its crew becomes {} (6.10).",
                n.u(*vehicle),
                n.u(*crew)
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
