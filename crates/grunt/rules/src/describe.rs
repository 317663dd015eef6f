//! The log: each event in words, every attack with an [`Adjudication`]
//! naming its strengths, the odds column, the die and each modifier with
//! its section. An entry that would tell the other side something hidden is
//! written twice: in full for the side that may know, in public words for
//! the other (`LogEntry::private_to`).

use crate::Grunt;
use crate::data::{Column, CrtResult, Deployment, OrderId, Role};
use crate::event::*;
use crate::map::Hex;
use crate::state::{CounterId, Group, HeliJob, Side, State, StrikeKind};
use vt_core::dice::{Adjudication, Modifier, TableCell};
use vt_core::engine::LogEntry;

/// How the log names counters.
struct Names<'a> {
    g: &'a Grunt,
    s: Option<&'a State>,
}

impl Names<'_> {
    fn role(&self, id: CounterId) -> Option<Role> {
        self.s
            .and_then(|s| s.counters.get(id as usize))
            .map(|c| c.role)
    }

    /// "VC hard-core guerrillas #41".
    fn full(&self, id: CounterId) -> String {
        match self.role(id) {
            Some(r) => format!("{} #{id}", self.g.ty(r).name),
            None => format!("#{id}"),
        }
    }

    fn role_name(&self, r: Role) -> &str {
        &self.g.ty(r).name
    }

    fn list(&self, ids: &[CounterId]) -> String {
        ids.iter()
            .map(|i| self.full(*i))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn us() -> u8 {
    Side::Us.idx()
}

fn nlf() -> u8 {
    Side::Nlf.idx()
}

fn path_text(path: &[Hex]) -> String {
    path.iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(" - ")
}

fn order_name(g: &Grunt, o: OrderId) -> String {
    let x = g.order(o);
    format!("{} ({})", x.name, x.situation)
}

fn column_name(g: &Grunt, c: Column) -> String {
    g.oob.column(c).map_or(format!("{c:?}"), |x| x.name.clone())
}

fn deployment_name(g: &Grunt, d: Deployment) -> String {
    g.oob
        .deployment(d)
        .map_or(format!("{d:?}"), |x| x.name.clone())
}

fn group_name(g: Group) -> &'static str {
    match g {
        Group::First => "the first lift",
        Group::Second => "the rest of the company",
        Group::Company => "the company on call",
    }
}

fn job_name(j: HeliJob) -> &'static str {
    match j {
        HeliJob::Ammo => "ammunition helicopter",
        HeliJob::Medevac => "medevac helicopter",
    }
}

fn stop_text(w: Option<StopWhy>) -> &'static str {
    match w {
        None => "",
        Some(StopWhy::Beside) => " (stops beside a face-down counter, B6)",
        Some(StopWhy::Search) => " (stops on face-down counters: search, S5)",
        Some(StopWhy::KillZone) => " (stopped by a field of fire, O8)",
        Some(StopWhy::Trap) => " (stopped by a booby trap, S6)",
        Some(StopWhy::Ambush) => " (ambushed, O5)",
        Some(StopWhy::Capture) => " (captures porters, A3)",
        Some(StopWhy::Killed) => " (killed on the way)",
    }
}

fn how_text(h: RevealHow) -> &'static str {
    match h {
        RevealHow::Adjacent => "turned up beside a US unit (B6)",
        RevealHow::Probe => "probed (B8)",
        RevealHow::Search => "uncovered by search (S5)",
        RevealHow::Challenge => "turned over (A6)",
        RevealHow::Fired => "turned face up to fire (B3)",
        RevealHow::Hit => "hit and shown (A6)",
        RevealHow::Interrogation => "exposed by interrogation (A4)",
        RevealHow::Trap => "sprung",
        RevealHow::ReconByFire => "shown by reconnaissance by fire (O3b)",
    }
}

/// Events that may be taken back: nothing random or hidden came of them.
pub fn undoable(events: &[Event]) -> bool {
    events.iter().all(|e| match e {
        Event::Moved { stopped, .. } | Event::Entered { stopped, .. } => matches!(
            stopped,
            None | Some(StopWhy::Beside) | Some(StopWhy::Search)
        ),
        Event::Landed { .. }
        | Event::Placed { .. }
        | Event::WorkBegins { .. }
        | Event::Hidden { .. }
        | Event::PickedUp { .. }
        | Event::MedicTook { .. }
        | Event::DayToDayDeclared { .. } => true,
        _ => false,
    })
}

impl Grunt {
    pub(crate) fn describe_event(&self, s: Option<&State>, e: &Event) -> LogEntry {
        let n = Names { g: self, s };
        match e {
            Event::OrdersChosen { order, drawn } => LogEntry::text(format!(
                "The US {} its orders: {}.",
                if *drawn { "draws" } else { "chooses" },
                order_name(self, *order)
            ))
            .private_to(us(), ""),
            Event::DeploymentChosen { deployment } => LogEntry::text(format!(
                "The US chooses its deployment: {} (D1-D3).",
                deployment_name(self, *deployment)
            ))
            .private_to(us(), ""),
            Event::StrikePlanned { turn, area } => LogEntry::text(if area.is_empty() {
                format!("Pre-planned air strike written down for Game Turn {turn} (O9.1).")
            } else {
                format!(
                    "Pre-planned air strike on the landing zone, Game Turn {turn}: {} (O9.1).",
                    path_text(area)
                )
            })
            .private_to(us(), ""),
            Event::OobChosen { column } => LogEntry::text(format!(
                "The NLF chooses its order of battle: {} (D0).",
                column_name(self, *column)
            ))
            .private_to(nlf(), ""),
            Event::Placed {
                counter,
                role,
                marker,
                hex,
            } => LogEntry::text(format!(
                "{} #{counter} placed face down at {hex} (marker {marker}).",
                n.role_name(*role)
            ))
            .private_to(
                nlf(),
                format!("A counter is placed face down at {hex} (marker {marker})."),
            ),
            Event::PlacedAtRandom { count } => LogEntry::text(format!(
                "The NLF places its other {count} counters face down at random."
            )),
            Event::Scattered { count } => LogEntry::text(format!(
                "{count} NLF, peasant and dummy counters are shuffled and scattered face down, one a hex, one in every building hex (B6)."
            )),
            Event::TurnBegins { turn, side } => LogEntry::text(format!(
                "Game Turn {turn}: the {} Player Turn begins.",
                side.name()
            )),
            Event::Arriving {
                group,
                called,
                units,
            } => LogEntry::text(format!(
                "{}{} arrives: {} units.",
                match group {
                    Group::First => "The first lift",
                    Group::Second => "The second lift (or the rest of the company)",
                    Group::Company => "The company",
                },
                called
                    .map(|t| format!(" (called on Game Turn {t}, D6)"))
                    .unwrap_or_default(),
                units.len()
            )),
            Event::Landed { units, hex } => LogEntry::text(format!(
                "A helicopter lands {} at {hex} (B5).",
                n.list(units)
            )),
            Event::GroupDown { hexes } => {
                LogEntry::text(format!("Landing group down at {} (B5).", path_text(hexes)))
            }
            Event::HeldFire { hexes } => LogEntry::text(format!(
                "The NLF is done firing at the helicopters at {}.",
                path_text(hexes)
            )),
            Event::HelicopterIn { job, hex } => {
                LogEntry::text(format!("A {} comes in at {hex}.", job_name(*job)))
            }
            Event::HelicopterOut {
                job,
                hex,
                evacuated,
            } => LogEntry::text(format!(
                "The {} lifts off from {hex}{}.",
                job_name(*job),
                if evacuated.is_empty() {
                    String::new()
                } else {
                    format!(" with {} casualties", evacuated.len())
                }
            )),
            Event::HelicopterDown { job, hex } => {
                LogEntry::text(format!("The {} at {hex} is shot down.", job_name(*job)))
            }
            Event::Lifted {
                units,
                hex,
                records,
            } => LogEntry::text(format!(
                "{} lifted out from {hex}{}.",
                n.list(units),
                if *records > 0 {
                    format!(" with {records} NLF records")
                } else {
                    String::new()
                }
            )),
            Event::Moved {
                unit,
                marker,
                path,
                cost,
                stopped,
            } => {
                let text = format!(
                    "{} moves {} ({cost} MP){}.",
                    n.full(*unit),
                    path_text(path),
                    stop_text(*stopped)
                );
                match marker {
                    Some(m) => LogEntry::text(format!("{text} [face down: marker {m}]"))
                        .private_to(nlf(), format!("Marker {m} moves {}.", path_text(path))),
                    None => LogEntry::text(text),
                }
            }
            Event::Entered {
                unit,
                path,
                cost,
                stopped,
            } => LogEntry::text(format!(
                "{} enters on the road: {} ({cost} MP){} (D3).",
                n.full(*unit),
                path_text(path),
                stop_text(*stopped)
            )),
            Event::SearchReport {
                unit,
                hex,
                combat_units,
                back_to,
            } => LogEntry::text(if *combat_units {
                format!(
                    "Search at {hex}: the NLF says there are combat units there; {} goes back to {} (S5).",
                    n.full(*unit),
                    back_to.map(|h| h.to_string()).unwrap_or_default()
                )
            } else {
                format!("Search at {hex}: no combat units there (S5).")
            }),
            Event::Uncovered { unit, hex, cost } => LogEntry::text(format!(
                "{} spends {cost} MP to uncover the counters at {hex} (S5).",
                n.full(*unit)
            )),
            Event::Revealed { hex, how, shown } => LogEntry::text(format!(
                "At {hex}, {}: {}.",
                how_text(*how),
                shown
                    .iter()
                    .map(|x| format!(
                        "marker {} is {} #{}",
                        x.marker,
                        n.role_name(x.role),
                        x.counter
                    ))
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
            Event::DummyRemoved { hex, marker, .. } => {
                LogEntry::text(format!("Marker {marker} at {hex} was nothing: removed."))
            }
            Event::People {
                hex,
                markers,
                people,
            } => LogEntry::text(if *people {
                format!(
                    "The NLF says there are people at {hex}: marker{} {} (A6).",
                    if markers.len() > 1 { "s" } else { "" },
                    markers
                        .iter()
                        .map(|m| m.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                format!("The NLF says there are no people at {hex} (A6).")
            }),
            Event::Captured {
                unit,
                counter,
                hex,
                points,
                ..
            } => LogEntry::text(format!(
                "{} captures {} at {hex}: {points} points to the US (A3).",
                n.full(*unit),
                n.full(*counter)
            )),
            Event::Resupplied { unit, ammo, from } => {
                let text = format!(
                    "{} takes {ammo} units of fire from {} (O3a).",
                    n.full(*unit),
                    n.full(*from)
                );
                if s.is_some_and(|s| s.c(*unit).side == Side::Nlf && s.c(*unit).face_down) {
                    LogEntry::text(text).private_to(nlf(), "")
                } else {
                    LogEntry::text(text)
                }
            }
            Event::Loaded {
                porter,
                cache,
                marker,
            }
            | Event::Unloaded {
                porter,
                cache,
                marker,
            } => {
                let verb = if matches!(e, Event::Loaded { .. }) {
                    "loads"
                } else {
                    "unloads"
                };
                let text = format!("{} {verb} {} (A3).", n.full(*porter), n.full(*cache));
                match marker {
                    Some(_) => LogEntry::text(text).private_to(nlf(), ""),
                    None => LogEntry::text(text),
                }
            }
            Event::CallWritten {
                group,
                turn,
                arrives,
                entry,
            } => LogEntry::text(format!(
                "Call written on Game Turn {turn}: {} to arrive on Game Turn {arrives}{} (D6).",
                group_name(*group),
                entry
                    .and_then(|e| s
                        .map(|s| self.map_of(s))
                        .and_then(|m| m.entries.get(e as usize)))
                    .map(|e| format!(" by {}", e.name))
                    .unwrap_or_default()
            ))
            .private_to(us(), ""),
            Event::AirStrikeRequested { die, turn } => LogEntry::with_rolls(
                format!("On-call air strike: it will come on Game Turn {turn} (O9.2)."),
                vec![{
                    let mut a = Adjudication::new("On-call air strike delay", "O9.2");
                    a.rolled = vec![*die as i32];
                    a.total = *die as i32;
                    a.result = format!("{die} Game Turns to wait");
                    a
                }],
            )
            .private_to(us(), ""),
            Event::HelicopterCalled { job, hex } => {
                LogEntry::text(format!("A {} is called to {hex}.", job_name(*job)))
            }
            Event::DayToDayDeclared { turn } => LogEntry::text(format!(
                "The US declares the NLF set-up to be Day-to-Day (Game Turn {turn}, D0)."
            )),
            Event::Probed { unit, hex } => {
                LogEntry::text(format!("{} probes {hex} (B8).", n.full(*unit)))
            }
            Event::Challenged { unit, hex } => LogEntry::text(format!(
                "{} makes the NLF turn over the counters at {hex} (A6).",
                n.full(*unit)
            )),
            Event::InterrogationStarted { arvn, subject } => LogEntry::text(format!(
                "{} begins to interrogate {} (A4).",
                n.full(*arvn),
                n.full(*subject)
            )),
            Event::InterrogationRoll {
                die,
                second,
                exposed,
                hex,
                why,
            } => {
                let mut a = Adjudication::new(
                    if *second {
                        "Interrogation (the porter's second roll)"
                    } else {
                        "Interrogation"
                    },
                    "A4",
                );
                a.rolled = vec![*die as i32];
                a.total = *die as i32;
                a.table = Some(TableCell {
                    table: "interrogation".into(),
                    row: die.to_string(),
                    column: None,
                });
                a.result = match (exposed, hex) {
                    (Some(x), Some(h)) => format!(
                        "exposes {} #{} at {h} (marker {}): {why}",
                        n.role_name(x.role),
                        x.counter,
                        x.marker
                    ),
                    _ => why.clone(),
                };
                LogEntry::with_rolls(format!("Interrogation: {}.", a.result), vec![a])
            }
            Event::InterrogationLapsed { arvn, subject } => LogEntry::text(format!(
                "{} and {} are no longer together with a US unit: the interrogation lapses (A4).",
                n.full(*arvn),
                n.full(*subject)
            )),
            Event::Attack(a) => self.describe_attack(&n, a),
            Event::SolitaireChoice { unit, hex, why } => LogEntry::text(format!(
                "{} must fire (B6): at {hex}, the {why}.",
                n.full(*unit)
            )),
            Event::ZoneSet { firer, hexes } => LogEntry::text(format!(
                "{}'s field of fire runs on to {} (O8).",
                n.full(*firer),
                hexes
                    .iter()
                    .map(|(h, half)| if *half {
                        format!("{h} (half)")
                    } else {
                        h.to_string()
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            Event::ArtilleryRequested {
                fo,
                die,
                turns,
                ready,
            } => {
                let mut a = Adjudication::new("Artillery adjustment", "O7.1");
                a.rolled = vec![*die as i32];
                a.total = *die as i32;
                a.table = Some(TableCell {
                    table: "adjustment".into(),
                    row: self
                        .tables
                        .adjustment
                        .iter()
                        .find(|r| r.low <= *die && *die <= r.high)
                        .map_or(die.to_string(), |r| format!("{}-{}", r.low, r.high)),
                    column: None,
                });
                a.result = format!(
                    "fire for effect in {}: Game Turn {ready}",
                    vt_core::words::counted(*turns as u64, "Game Turn", "Game Turns")
                );
                LogEntry::with_rolls(
                    format!(
                        "{} asks for fire: the battery may fire for effect from Game Turn {ready} (O7.1).",
                        n.full(*fo)
                    ),
                    vec![a],
                )
                .private_to(us(), "")
            }
            Event::ArtilleryFired {
                coi,
                intended,
                scatter,
                guns,
                hexes,
            } => {
                let mut text = format!("Artillery: {guns} guns fire for effect on {coi}");
                let mut rolls = Vec::new();
                if let Some((r, d, tie)) = scatter {
                    text.push_str(&format!(
                        " (aimed at {intended}, unobserved: {} {r}, {} {d}, O7.5)",
                        if r % 2 == 0 { "north" } else { "south" },
                        if d % 2 == 0 { "east" } else { "west" }
                    ));
                    let mut a = Adjudication::new("Unobserved fire: range and deflection", "O7.5");
                    a.rolled = vec![*r as i32, *d as i32];
                    if let Some(t) = tie {
                        a.rolled.push(*t as i32);
                    }
                    a.total = a.rolled.iter().sum();
                    a.result = format!("falls on {coi}");
                    rolls.push(a);
                }
                text.push_str(&format!(": {}.", path_text(hexes)));
                LogEntry::with_rolls(text, rolls)
            }
            Event::StrikeIn { kind, area } => LogEntry::text(format!(
                "{} air strike comes in on {} (O9.3).",
                match kind {
                    StrikeKind::PrePlanned => "A pre-planned",
                    StrikeKind::OnCall => "An on-call",
                },
                path_text(area)
            )),
            Event::StrikeCancelled { kind } => LogEntry::text(format!(
                "{} air strike is cancelled (O9).",
                match kind {
                    StrikeKind::PrePlanned => "A pre-planned",
                    StrikeKind::OnCall => "An on-call",
                }
            ))
            .private_to(us(), ""),
            Event::ReconByFire {
                hex,
                people,
                firers,
            } => LogEntry::text(format!(
                "{} fire into {hex} (reconnaissance by fire, O3b): {}.",
                n.list(firers),
                if *people {
                    "there are people there"
                } else {
                    "no one there; the units of fire are spent"
                }
            )),
            Event::WorkBegins { unit, cache } => LogEntry::text(format!(
                "{} sits on {}: at the end of its next full Player Turn it is taken (B3.5).",
                n.full(*unit),
                n.full(*cache)
            )),
            Event::CacheTaken {
                unit,
                role,
                hex,
                points,
                captured,
                ..
            } => LogEntry::text(format!(
                "{} {} the {} at {hex}: {points} points to the US (B3.5).",
                n.full(*unit),
                if *captured { "captures" } else { "destroys" },
                n.role_name(*role)
            )),
            Event::CacheLost {
                role,
                hex,
                points,
                trap,
                ..
            } => LogEntry::text(format!(
                "The {} at {hex} is destroyed{}: {points} points to the US.",
                n.role_name(*role),
                if *trap {
                    " with its booby trap (S6)"
                } else {
                    ""
                }
            )),
            Event::Dropped { unit, cache, hex } => LogEntry::text(format!(
                "{} drops {} at {hex} (B3.5).",
                n.full(*unit),
                n.full(*cache)
            )),
            Event::MedicTook {
                medic,
                count,
                enemy,
            } => LogEntry::text(format!(
                "{} takes {count} {} casualties (O4).",
                n.full(*medic),
                if *enemy { "NLF" } else { "US" }
            )),
            Event::PickedUp { unit, count } => {
                let text = format!("{} picks up {count} of its casualties (O4).", n.full(*unit));
                if s.is_some_and(|s| s.c(*unit).face_down) {
                    LogEntry::text(text).private_to(nlf(), "")
                } else {
                    LogEntry::text(text)
                }
            }
            Event::PendingScored { unit, hex, points } => LogEntry::text(format!(
                "{} passes over {hex}: {points} points confirmed for the US (O11, O9.3).",
                n.full(*unit)
            )),
            Event::Unpinned { units } => {
                LogEntry::text(format!("Pinned markers come off: {} (B9).", n.list(units)))
            }
            Event::Hidden { unit, marker } => LogEntry::text(format!(
                "{} turns face down again: marker {marker} (S3).",
                n.full(*unit)
            )),
            Event::AmbushLaid { unit, hex, marker } => LogEntry::text(format!(
                "{} lays an ambush at {hex} (marker {marker}, O5).",
                n.full(*unit)
            ))
            .private_to(
                nlf(),
                format!("A counter is placed face down at {hex} (marker {marker})."),
            ),
            Event::GameEnds { summary, .. } => LogEntry::text(format!("Game over. {summary}.")),
            Event::Award {
                side,
                points,
                why,
                rule,
            } => LogEntry::text(format!(
                "{points} points to the {}: {why} ({rule}).",
                side.name()
            )),
        }
    }

    fn describe_attack(&self, n: &Names, a: &Attack) -> LogEntry {
        let halves = |x: u16| crate::data::Strength(x).to_string();
        let firers = if a.firers.is_empty() {
            String::new()
        } else {
            format!("{}: ", n.list(&a.firers))
        };
        let attack_terms = a
            .attack
            .iter()
            .map(|t| format!("{} {} ({})", t.label, halves(t.halves), t.rule))
            .collect::<Vec<_>>()
            .join(" + ");
        let defence_terms = a
            .defence
            .iter()
            .map(|t| format!("{} {} ({})", t.label, halves(t.halves), t.rule))
            .collect::<Vec<_>>()
            .join(" + ");
        let odds = if a.kind.is_trap() {
            format!(
                "{} regardless of terrain ({})",
                a.column_label,
                a.kind.rule()
            )
        } else {
            format!(
                "{} against {} = {}{}",
                halves(a.attack_total),
                halves(a.defence_total),
                crate::odds::ratio_text(a.attack_total, a.defence_total),
                match a.column {
                    Some(_) => format!(
                        ", read on {} (rounded for the defender, B3)",
                        a.column_label
                    ),
                    None => " : worse than the first column, no effect".into(),
                }
            )
        };
        let effects = |owner: bool| -> String {
            let v: Vec<String> = a
                .effects
                .iter()
                .filter(|e| owner || e.marker.is_none() || e.hit != Hit::Nothing)
                .map(|e| {
                    let who = match e.marker {
                        Some(m) if !owner && e.hit == Hit::Removed => format!("marker {m}"),
                        Some(m) => format!("marker {m} ({})", n.full(e.counter)),
                        None => n.full(e.counter),
                    };
                    let mut w = match e.hit {
                        Hit::Nothing => "no effect".to_string(),
                        Hit::Pinned => "pinned".into(),
                        Hit::Wounded => {
                            if e.pinned {
                                "wounded and pinned".into()
                            } else {
                                "wounded".into()
                            }
                        }
                        Hit::Killed => "killed".into(),
                        Hit::Casualties { kia, wia } => format!(
                            "{kia} dead, {wia} wounded{}",
                            if e.pinned { ", pinned" } else { "" }
                        ),
                        Hit::Eliminated => "six casualties: gone".into(),
                        Hit::Removed => "nothing there: removed".into(),
                        Hit::Destroyed => "destroyed".into(),
                    };
                    if e.sniper {
                        w.push_str(", the sniper is removed (B3)");
                    }
                    if let Some(c) = e.dropped {
                        w.push_str(&format!(", drops {}", n.full(c)));
                    }
                    if e.points != 0 {
                        w.push_str(&format!(
                            ", {} points to the {}{}",
                            e.points,
                            e.to.name(),
                            if e.pending {
                                " when a US unit passes over (O11)"
                            } else {
                                ""
                            }
                        ));
                    }
                    format!("{who} {w}")
                })
                .collect();
            if v.is_empty() {
                "no one hit".into()
            } else {
                v.join("; ")
            }
        };
        let mut adj = Adjudication::new(format!("{} at {}", a.kind.name(), a.hex), a.kind.rule());
        let mut mods = Vec::new();
        if a.modifier != 0 {
            mods.push(Modifier::new("ambush", "O5", a.modifier as i32));
        }
        adj.rolled = if a.column.is_some() {
            vec![a.die as i32]
        } else {
            Vec::new()
        };
        adj.modifiers = mods;
        adj.total = a.total();
        adj.needed = Some(if a.kind.is_trap() {
            odds.clone()
        } else {
            format!("attack {attack_terms}; defence {defence_terms}; {odds}")
        });
        if let Some(col) = a.column {
            let _ = col;
            let rows = if a.casualty_table {
                self.tables.casualty_crt.rows.len()
            } else {
                self.tables.points_crt.rows.len()
            } as i32;
            adj.table = Some(TableCell {
                table: if a.casualty_table {
                    "casualty-crt".into()
                } else {
                    "points-crt".into()
                },
                row: a.total().clamp(1, rows).to_string(),
                column: Some(a.column_label.clone()),
            });
        }
        adj.result = format!("{} ({})", a.result.words(), a.result.label());
        if a.kind == AttackKind::BoobyTrap && a.result != CrtResult::NE {
            adj.result.push_str("; booby traps never pin (S6)");
        }
        let head = |firers: &str, owner: bool| {
            format!(
                "{} at {}: {firers}{}; {}.",
                a.kind.name(),
                a.hex,
                if a.column.is_some() {
                    format!(
                        "{}, rolled {}{}: {}",
                        a.column_label,
                        a.die,
                        if a.modifier != 0 {
                            format!(" {:+} = {}", a.modifier, a.total())
                        } else {
                            String::new()
                        },
                        a.result.label()
                    )
                } else {
                    "no effect possible".into()
                },
                effects(owner)
            )
        };
        let owner_text = head(&firers, true);
        if a.hidden_firers {
            let mut public = adj.clone();
            public.needed = Some(format!(
                "attack by hidden guerrillas; defence {defence_terms}; read on {}",
                a.column_label
            ));
            return LogEntry::with_rolls(owner_text, vec![adj]).private_with_rolls(
                nlf(),
                head("hidden hard-core guerrillas: ", false),
                vec![public],
            );
        }
        let hidden_targets = a
            .effects
            .iter()
            .any(|e| e.marker.is_some() && e.hit == Hit::Nothing);
        if hidden_targets {
            return LogEntry::with_rolls(owner_text, vec![adj.clone()]).private_with_rolls(
                nlf(),
                head(&firers, false),
                vec![adj],
            );
        }
        LogEntry::with_rolls(owner_text, vec![adj])
    }
}
