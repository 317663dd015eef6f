//! The log: each event in words, with its rolls.

use super::*;
use crate::dice::Adjudication;

fn name(s: Option<&State>, id: u8) -> String {
    match s.and_then(|s| s.stand(id)) {
        Some(st) => st.label(),
        None => format!("stand {}", id + 1),
    }
}

fn at(p: Point) -> String {
    format!("({:.2}, {:.2})", p.x, p.y)
}

fn attack_roll(s: Option<&State>, a: &Attack, purpose: String, rule: &str) -> Adjudication {
    // A pool: each die is read alone against 5 (no sum; the total is the
    // hits); cover takes a die from the pool (said in the purpose, not as
    // a modifier).
    let pool = if a.cover {
        format!(
            "{purpose}, target in cover: {} of {} dice",
            a.rolled.len(),
            a.dice
        )
    } else {
        format!("{purpose}, {} dice", a.rolled.len())
    };
    let mut adj = Adjudication::new(pool, rule).pool(a.rolled.iter().map(|&d| d as i32), 5);
    adj.needed = Some("5 or 6 on each die".into());
    adj.result = format!(
        "{} hit{}: {} {}",
        a.hits,
        if a.hits == 1 { "" } else { "s" },
        name(s, a.target),
        a.result.name()
    );
    adj
}

pub fn event(s: Option<&State>, e: &Event) -> LogEntry {
    match e {
        Event::Moved {
            stand,
            from,
            to,
            spent,
        } => LogEntry::text(format!(
            "{} moves {:.1}\" from {} to {} ({:.1}\" of its movement).",
            name(s, *stand),
            from.distance(*to),
            at(*from),
            at(*to),
            spent
        )),
        Event::Faced { stand, facing } => LogEntry::text(format!(
            "{} turns to face {}.",
            name(s, *stand),
            compass(*facing)
        )),
        Event::Fired { stand, attack, .. } => {
            let adj = attack_roll(
                s,
                attack,
                format!("Fire at {}", name(s, attack.target)),
                "Skirmish 5",
            );
            LogEntry::with_rolls(
                format!(
                    "{} fires at {}: {} hit{}, {}.",
                    name(s, *stand),
                    name(s, attack.target),
                    attack.hits,
                    if attack.hits == 1 { "" } else { "s" },
                    attack.result.name()
                ),
                vec![adj],
            )
        }
        Event::Rallied {
            stand,
            roll,
            from,
            to,
        } => {
            let mut adj = Adjudication::new(format!("Rally {}", name(s, *stand)), "Skirmish 6");
            adj.rolled = vec![*roll as i32];
            adj.total = *roll as i32;
            adj.needed = Some("4 or more".into());
            adj.result = if from == to {
                format!("stays {}", to.name())
            } else {
                format!("now {}", to.name())
            };
            LogEntry::with_rolls(
                format!("{} rallies: {}.", name(s, *stand), adj.result),
                vec![adj],
            )
        }
        Event::Called {
            stand,
            support,
            aim,
            roll,
            scatter,
            landed,
            attacks,
        } => {
            let mut adj = Adjudication::new(
                format!("Scatter of the {} aimed at {}", support.name(), at(*aim)),
                "Skirmish 7",
            );
            adj.rolled = vec![*roll as i32];
            adj.total = *roll as i32;
            adj.needed = Some("1 or 2 to land on the aim".into());
            adj.result = match scatter {
                None => "on target".into(),
                Some((deg, d)) => {
                    format!("scatters {d}\" towards {deg}° (clockwise from up the table)")
                }
            };
            let mut rolls = vec![adj];
            for a in attacks {
                rolls.push(attack_roll(
                    s,
                    a,
                    format!(
                        "{} on {} ({:.0}% under)",
                        support.name(),
                        name(s, a.target),
                        a.under.unwrap_or(1.0) * 100.0
                    ),
                    "Skirmish 7",
                ));
            }
            let hit: Vec<String> = attacks
                .iter()
                .map(|a| format!("{} {}", name(s, a.target), a.result.name()))
                .collect();
            LogEntry::with_rolls(
                format!(
                    "{} calls {} on {}: it lands at {}{}.",
                    name(s, *stand),
                    support.name(),
                    at(*aim),
                    at(landed.centre()),
                    if hit.is_empty() {
                        String::new()
                    } else {
                        format!("; {}", hit.join(", "))
                    }
                ),
                rolls,
            )
        }
        Event::Passed { side } => LogEntry::text(format!(
            "{} ends its activations for the turn.",
            side_name(*side)
        )),
        Event::TurnEnded {
            turn,
            smoke_cleared,
        } => LogEntry::text(if *smoke_cleared > 0 {
            format!("Turn {turn} ends; the smoke clears.")
        } else {
            format!("Turn {turn} ends.")
        }),
    }
}

/// A direction as a compass point (up the table is north).
fn compass(d: Point) -> &'static str {
    const NAMES: [&str; 8] = [
        "north",
        "north-east",
        "east",
        "south-east",
        "south",
        "south-west",
        "west",
        "north-west",
    ];
    let deg = crate::tabletop::trig::atan2(d.x, d.y) * 180.0 / std::f64::consts::PI;
    let deg = if deg < 0.0 { deg + 360.0 } else { deg };
    NAMES[(((deg + 22.5) / 45.0) as usize) % 8]
}
