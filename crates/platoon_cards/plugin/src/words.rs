//! Orders, shots and results in a player's words.

use platoon_cards_rules::PlatoonCards;
use platoon_cards_rules::command::{Aim, AirTarget, Command};
use platoon_cards_rules::event::{Check, Effect, Event, Pool};
use platoon_cards_rules::fire::{Plan, Shot};
use platoon_cards_rules::small_arms::Takes;
use platoon_cards_rules::view::View;
use vt_core::tabletop::Point;

fn stand(view: &View, id: u16) -> String {
    view.stands
        .iter()
        .find(|s| s.id == id)
        .map_or(format!("stand {id}"), |s| s.name.clone())
}

fn platoon(view: &View, id: u16) -> String {
    view.platoons
        .iter()
        .find(|p| p.id == id)
        .map_or(format!("platoon {id}"), |p| p.name.clone())
}

fn at(p: Point) -> String {
    format!("({:.1}, {:.1})", p.x, p.y)
}

fn aim(view: &View, a: &Aim) -> String {
    match a {
        Aim::Stand(t) => stand(view, *t),
        Aim::Mine(m) => format!("mine strip {m}"),
        Aim::Wire(w) => format!("wire {w}"),
        Aim::Point(p) => at(*p),
    }
}

fn weapon(
    view: &View,
    rules: Option<&platoon_cards_rules::PlatoonCards>,
    st: u16,
    w: u8,
) -> String {
    let unit = view
        .stands
        .iter()
        .find(|s| s.id == st)
        .map(|s| s.unit.as_str());
    rules
        .and_then(|r| r.types.iter().find(|t| Some(t.id.as_str()) == unit))
        .and_then(|t| t.weapons.get(w as usize))
        .map_or(format!("weapon {w}"), |w| w.name.clone())
}

/// A legal command in words, for the column's list.
pub fn words(
    view: &View,
    rules: Option<&platoon_cards_rules::PlatoonCards>,
    c: &Command,
) -> String {
    use Command as C;
    match c {
        C::PlaceCard { marker, at: p } => format!("Place card {marker} at {}", at(*p)),
        C::PlaceStand { stand: s, at: p } => format!("Place {} at {}", stand(view, *s), at(*p)),
        C::PlaceMine { marker, at: p } => format!("Place mine strip {marker} at {}", at(*p)),
        C::PlaceSniper { sniper, at: p } => format!("Place sniper {sniper} at {}", at(*p)),
        C::SetupDone => "Set-up done".into(),
        C::Bombard { aim: a } => format!("Bombard {}", aim(view, a)),
        C::BombardDone => "Bombardment plotted".into(),
        C::PlotCounter { at: p } => format!("Plot a counter at {}", at(*p)),
        C::AssignBattery { battery, counter } => {
            format!("Battery {battery} fires on counter {counter}")
        }
        C::MoveObserver { stand: s, to } => format!("Move {} to {}", stand(view, *s), at(*to)),
        C::PlotDone => "Plotting done".into(),
        C::Activate { platoon: p } => format!("Activate {}", platoon(view, *p)),
        C::RollMorale { company_commander } => {
            if *company_commander {
                "Morale check with the company commander's rating".into()
            } else {
                "Morale check".into()
            }
        }
        C::SkipMorale => "No morale check (nothing fired, not fired upon)".into(),
        C::Choose { action } => action.name().into(),
        C::Move { stand: s, to } => format!("Move {} to {}", stand(view, *s), at(*to)),
        C::Pivot { stand: s, facing } => format!("Turn {} to {facing:.0}°", stand(view, *s)),
        C::Fire {
            stand: s,
            weapon: w,
            target,
        } => format!(
            "{} fires {} at {}",
            stand(view, *s),
            weapon(view, rules, *s, *w),
            aim(view, target)
        ),
        C::Rockets {
            stand: s,
            target,
            pairs,
        } => format!(
            "{} fires {} at {}",
            stand(view, *s),
            vt_core::words::counted(*pairs as u64, "rocket pair", "rocket pairs"),
            aim(view, target)
        ),
        C::Charge { stand: s, target } => {
            format!("{} charges {}", stand(view, *s), stand(view, *target))
        }
        C::CallFire {
            stand: s,
            battery,
            aim: a,
            smoke,
        } => format!(
            "{} calls battery {battery} ({}) on {}",
            stand(view, *s),
            if *smoke { "smoke" } else { "HE" },
            aim(view, a)
        ),
        C::CallAirStrike {
            stand: s,
            strike,
            aim: a,
        } => format!(
            "{} calls air strike {strike} on {}",
            stand(view, *s),
            aim(view, a)
        ),
        C::CutWire { stand: s, wire } => format!("{} cuts wire {wire}", stand(view, *s)),
        C::ClearMines { stand: s, marker } => {
            format!("{} clears mine strip {marker}", stand(view, *s))
        }
        C::Embark {
            stand: s,
            carrier,
            on_top,
        } => format!(
            "{} boards {}{}",
            stand(view, *s),
            stand(view, *carrier),
            if *on_top { " (riding on top)" } else { "" }
        ),
        C::Disembark { stand: s, to } => {
            format!("{} dismounts at {}", stand(view, *s), at(*to))
        }
        C::Land { stand: s } => format!("{} lands", stand(view, *s)),
        C::TakeOff { stand: s } => format!("{} takes off", stand(view, *s)),
        C::ExitTable { stand: s } => format!("{} leaves the table", stand(view, *s)),
        C::EndActivation => "End the activation".into(),
        C::SniperFire { sniper, target } => {
            format!("Sniper {sniper} fires at {}", stand(view, *target))
        }
        C::OverwatchFire {
            stand: s,
            weapon: w,
            target,
        } => format!(
            "Overwatch: {} fires {} at {}",
            stand(view, *s),
            weapon(view, rules, *s, *w),
            aim(view, target)
        ),
        C::PointBlank {
            stand: s,
            weapon: w,
            target,
        } => format!(
            "Point blank: {} fires {} at {}",
            stand(view, *s),
            weapon(view, rules, *s, *w),
            stand(view, *target)
        ),
        C::AirDefence { stand: s, target } => format!(
            "{} fires at {}",
            stand(view, *s),
            match target {
                AirTarget::Helicopter(h) => stand(view, *h),
                AirTarget::Strike(a) => format!("air strike {a}"),
            }
        ),
        C::Pass => "No fire now".into(),
        C::HoldFire => "Hold fire for the rest of this activation".into(),
        C::EndOverwatch => "End overwatch (no fire)".into(),
        C::Support { stand: s } => format!("{} joins the close combat", stand(view, *s)),
        C::NoSupport => "No one joins".into(),
        C::Lose { stand: s } => format!("Lose {}", stand(view, *s)),
        C::Advance => "Advance into the place".into(),
        C::NoAdvance => "Stay".into(),
    }
}

pub fn effect(e: Effect) -> &'static str {
    match e {
        Effect::None => "no effect",
        Effect::Suppressed => "Suppressed",
        Effect::Disrupted => "Disrupted",
        Effect::Killed => "Killed",
    }
}

/// Where a shot's result shows and in what words.
pub fn shot_result(e: &Event) -> Option<(u16, String)> {
    match e {
        Event::SmallArms {
            target,
            pool,
            effect: ef,
            ..
        } => Some((*target, format!("{} hits: {}", pool.hits, effect(*ef)))),
        Event::GunFire {
            target, effect: ef, ..
        } => Some((*target, effect(*ef).to_string())),
        _ => None,
    }
}

fn mods(ms: &[vt_core::Modifier]) -> Vec<String> {
    ms.iter()
        .map(|m| format!("{:+} {} ({})", m.value, m.label, m.rule))
        .collect()
}

/// A D6 pool before the roll: the weapon's dice at this range, each die
/// added or taken away and why, and the score each die needs.
pub fn pool_lines(p: &Pool, effects: &str) -> Vec<String> {
    let mut v = vec![format!("{}D6 for the weapon at this range", p.base)];
    for m in &p.dice_mods {
        v.push(format!("{:+}D6 {} ({})", m.value, m.label, m.rule));
    }
    for m in &p.pip_mods {
        v.push(format!(
            "{:+} on each die: {} ({})",
            m.value, m.label, m.rule
        ));
    }
    let need = p.needed();
    v.push(if need > 6 {
        format!("{}D6: no die can hit", p.dice())
    } else {
        format!(
            "{}D6, each {}{} hits; {effects}",
            p.dice(),
            need,
            if need < 6 { "+" } else { "" }
        )
    });
    v
}

/// A D10 check before the roll (to hit, penetration).
pub fn check_lines(what: &str, c: &Check) -> Vec<String> {
    let mut v = vec![format!("{what}: 1D{}", c.die)];
    v.extend(mods(&c.mods));
    let sum: i32 = c.mods.iter().map(|m| m.value).sum();
    v.push(format!(
        "needs {} or more on the die ({} with the modifiers)",
        c.need - sum,
        c.need
    ));
    v
}

/// A shot before the roll, in lines.
pub fn shot_lines(s: &Shot, effects: &str) -> Vec<String> {
    let mut v = vec![format!("{} at {:.1}\" ({:?})", s.name, s.range, s.mode)];
    match &s.plan {
        Plan::Pool { pool, takes_hidden } => {
            v.extend(pool_lines(pool, effects));
            if *takes_hidden {
                v.push("also hits what hides under the card".into());
            }
        }
        Plan::Gun {
            to_hit,
            penetration,
        } => {
            v.extend(check_lines("To hit", to_hit));
            if let Some(p) = penetration {
                v.extend(check_lines("Penetration", p));
            }
        }
        Plan::Area { aim } => v.push(format!(
            "a 5\" template aimed at {}; the scatter die may move it",
            at(*aim)
        )),
    }
    v
}

/// A call for fire before it is made: what lands and how it scatters
/// (Chart: AREA FIRE; Notes: INDIRECT FIRING and SMOKE).
pub fn call_lines(view: &View, rules: &PlatoonCards, sup: crate::Support) -> Vec<String> {
    let a = &rules.charts.area_fire;
    let scatter = format!(
        "scatter die: {} of {} faces on target, else the arrow and 1D6\"",
        a.scatter_hit_faces.value, a.scatter_faces.value
    );
    match sup {
        crate::Support::Battery { id, smoke } => {
            let Some(b) = view.batteries.iter().find(|b| b.id == id) else {
                return vec![];
            };
            let left = b.models.saturating_sub(b.fired);
            if smoke {
                vec![
                    format!("{}: a smoke screen at the point clicked", b.name),
                    scatter,
                ]
            } else {
                vec![
                    format!(
                        "{}: {} left, each a 5\" template on the target",
                        b.name,
                        vt_core::words::counted(left as u64, "gun", "guns")
                    ),
                    format!(
                        "{}D6 each against what is under it (one fewer in cover), 5-6 hits",
                        rules.charts.area_dice(b.band)
                    ),
                    scatter,
                ]
            }
        }
        crate::Support::Strike(id) => {
            let name = view
                .strikes
                .iter()
                .find(|a| a.id == id)
                .map_or("the strike", |a| a.name.as_str());
            vec![format!("{name}: aimed at the target clicked"), scatter]
        }
    }
}

/// What 1, 2, 3... hits do to a target that takes them as `takes`, in
/// the chart's words ("1 hit Suppressed, 2 Disrupted, 3+ Killed"; a PC or
/// FO alone: "1 hit no effect, 2+ Killed").
pub fn effects_line(rules: &PlatoonCards, takes: Takes) -> String {
    let mut groups: Vec<(u8, Effect)> = vec![];
    for n in 1..=4u8 {
        let e = rules.effect_of(n, takes);
        if groups.last().is_none_or(|(_, last)| *last != e) {
            groups.push((n, e));
        }
    }
    let k = groups.len();
    groups
        .iter()
        .enumerate()
        .map(|(i, (n, e))| {
            let hits = if *n == 1 {
                "1 hit".to_string()
            } else {
                format!("{n}")
            };
            let more = if i + 1 == k && *n < 4 { "+" } else { "" };
            format!("{hits}{more} {}", effect(*e))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Ground-to-air fire before the roll: the dice and what the hits do
/// (Chart: GROUND TO AIR FIRE).
pub fn air_defence_lines(rules: &PlatoonCards, dice: u8) -> Vec<String> {
    let g = &rules.charts.ground_to_air;
    vec![
        format!(
            "Ground to air: {dice}D6, each {}+ hits (PCM Chart: GROUND TO AIR FIRE)",
            g.hit_on.value
        ),
        format!(
            "{} suppress, {} damage, {} bring it down; {} crash it",
            vt_core::words::counted(g.suppress_at.value as u64, "hit", "hits"),
            g.damage_at.value,
            g.explode_at.value,
            vt_core::words::counted(g.damages_to_crash.value as u64, "damage", "damages")
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shot_preview_names_what_the_hits_do_to_this_target() {
        let rules = PlatoonCards::embedded();
        // Chart: SMALL ARMS SHOOTING: 1 hit Suppressed, 2 Disrupted, 3+
        // Killed.
        assert_eq!(
            effects_line(&rules, Takes::Squad),
            "1 hit Suppressed, 2 Disrupted, 3+ Killed"
        );
        // Notes: a PC or FO alone: two hits kill, a suppression does
        // nothing.
        assert_eq!(
            effects_line(&rules, Takes::SingleFigure),
            "1 hit no effect, 2+ Killed"
        );
    }
}
