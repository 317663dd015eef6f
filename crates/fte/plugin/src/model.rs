//! What the screen reads off the viewing side's [`View`]: names as a player
//! says them, where things stand, what a command is about and which hex a
//! click on the board means it for. Nothing here decides a rule: legality
//! comes from the rules' `legal` and `check`, numbers from their helpers.

use fte_rules::Command;
use fte_rules::Target;
use fte_rules::geo::Hex;
use fte_rules::state::{Altitude, MoveMode, Side, UnitId};
use fte_rules::view::{CacheView, UnitView, View};
use vt_core::sort::StableSort;

/// The viewing side's own units and the enemy units it sees, by id.
pub fn unit(view: &View, id: UnitId) -> Option<&UnitView> {
    view.units.iter().find(|u| u.id == id)
}

/// Where a unit is: its hex, or its carrier's.
pub fn unit_hex(view: &View, id: UnitId) -> Option<Hex> {
    let u = unit(view, id)?;
    match (u.hex, u.loaded_on) {
        (Some(h), _) => Some(h),
        (None, Some(c)) => unit(view, c).and_then(|c| c.hex),
        _ => None,
    }
}

/// "Rifle Fire Team #3", as the log names it.
pub fn unit_name(view: &View, id: UnitId) -> String {
    match unit(view, id) {
        Some(u) => format!("{} #{}", u.name, u.id),
        None => format!("unit #{id}"),
    }
}

/// A target as the player sees it.
pub fn target_name(view: &View, t: Target) -> String {
    match t {
        Target::Unit(u) => unit_name(view, u),
        Target::Marker(m) => format!("Concealed marker {m}"),
    }
}

pub fn target_hex(view: &View, t: Target) -> Option<Hex> {
    match t {
        Target::Unit(u) => unit_hex(view, u),
        Target::Marker(m) => view.concealed.iter().find(|c| c.marker == m).map(|c| c.hex),
    }
}

/// Enemy units this side can point at in a hex: Visible units by id,
/// Concealed ones by marker.
pub fn enemy_targets(view: &View, hex: Hex) -> Vec<Target> {
    let mut v: Vec<Target> = view
        .units
        .iter()
        .filter(|u| u.side != view.side && u.hex == Some(hex) && u.loaded_on.is_none())
        .map(|u| Target::Unit(u.id))
        .collect();
    v.extend(
        view.concealed
            .iter()
            .filter(|c| c.hex == hex)
            .map(|c| Target::Marker(c.marker)),
    );
    v
}

/// The viewing side's own units on the map in a hex (not the loaded ones).
pub fn own_units_at(view: &View, hex: Hex) -> Vec<UnitId> {
    view.units
        .iter()
        .filter(|u| u.side == view.side && u.hex == Some(hex) && u.loaded_on.is_none())
        .map(|u| u.id)
        .collect()
}

pub fn cache_by_id(view: &View, id: u16) -> Option<&CacheView> {
    view.caches.iter().find(|c| c.id == Some(id))
}

fn units_word(view: &View, units: &[UnitId]) -> String {
    let names: Vec<String> = units.iter().map(|u| unit_name(view, *u)).collect();
    names.join(", ")
}

fn mode_word(m: MoveMode) -> &'static str {
    match m {
        MoveMode::Normal => "",
        MoveMode::DoubleTime => " at Double Time",
        MoveMode::Stealthy => " stealthily",
    }
}

pub fn altitude_word(a: Altitude) -> &'static str {
    match a {
        Altitude::Ground => "Ground",
        Altitude::Treetop => "Treetop",
        Altitude::High => "High",
    }
}

/// "Fire at Concealed marker 7: Rifle Fire Team #3 with 1 supporting".
fn fire_words(view: &View, what: &str, firers: usize, primary: UnitId, target: Target) -> String {
    let support = firers.saturating_sub(1);
    let with = if support > 0 {
        format!(" with {support} supporting")
    } else {
        String::new()
    };
    format!(
        "{what} at {}: {}{with}",
        target_name(view, target),
        unit_name(view, primary)
    )
}

/// A command in words, with the names of its units.
pub fn command_label(view: &View, c: &Command) -> String {
    let n = |u: &UnitId| unit_name(view, *u);
    match c {
        Command::Place { unit, hex } => format!("Set up {} in {hex}", n(unit)),
        Command::Plot { hex } => match view.side {
            Side::Us => format!("Plot a Claymore in {hex}"),
            Side::Nva => format!("Plot a Booby Trap in {hex}"),
        },
        Command::SetupDone => "Set-up done".into(),
        Command::Enter {
            unit,
            hex,
            altitude,
        } => {
            let alt = if *altitude == Altitude::Ground {
                String::new()
            } else {
                format!(" at {}", altitude_word(*altitude))
            };
            format!("Bring {} on in {hex}{alt}", n(unit))
        }
        Command::ActivateLeader { leader } => format!("Activate Leader {}", n(leader)),
        Command::ActivateHex { hex } => format!("Activate the units in {hex}"),
        Command::ActivateUnit { unit } => format!("Activate {} alone", n(unit)),
        Command::ActivateHelicopters { units } => {
            format!("Activate helicopters together: {}", units_word(view, units))
        }
        Command::Pass => "Pass".into(),
        Command::Move { units, mode } => {
            format!("Move {}{}", units_word(view, units), mode_word(*mode))
        }
        Command::Step { hex } => format!("Enter {hex}"),
        Command::Climb => "Climb one level".into(),
        Command::Descend => "Descend one level".into(),
        Command::EnterFort => "Enter the Bunker/Foxholes".into(),
        Command::LeaveFort => "Leave the Bunker/Foxholes".into(),
        Command::Drop { casualty } => format!("Drop casualty {casualty} here"),
        Command::ExitMap => "Exit the map".into(),
        Command::EnterTunnel => "Enter the Tunnel".into(),
        Command::EndMove => "End the move".into(),
        Command::Fire {
            firers,
            primary,
            target,
        } => fire_words(view, "Fire", firers.len(), *primary, *target),
        Command::Assault { units, hex } => {
            format!("Assault {hex} with {}", units_word(view, units))
        }
        Command::Search { unit } => format!("Search with {}", n(unit)),
        Command::Recover {
            unit,
            pick_up,
            transfer,
        } => {
            let mut s = format!("Recover {}", n(unit));
            if let Some(c) = pick_up {
                s.push_str(&format!(", picking up casualty {c}"));
            }
            if let Some((c, to)) = transfer {
                s.push_str(&format!(", handing casualty {c} to {}", n(to)));
            }
            s
        }
        Command::DestroyCache { unit } => format!("Destroy the cache with {}", n(unit)),
        Command::RequestMedevac { unit } => format!("Request a Medevac ({})", n(unit)),
        Command::RequestFireMission { unit, hex } => {
            format!("Request a Fire Mission on {hex} ({})", n(unit))
        }
        Command::Load {
            carrier,
            units,
            casualties,
        } => {
            let mut what: Vec<String> = units.iter().map(n).collect();
            what.extend(casualties.iter().map(|c| format!("casualty {c}")));
            format!("Load {} onto {}", what.join(", "), n(carrier))
        }
        Command::Unload { carrier } => format!("Unload {}", n(carrier)),
        Command::Abandon { vehicle } => format!("Abandon {}", n(vehicle)),
        Command::EndActivation => "End the activation".into(),
        Command::OpFireAttempt { units } => {
            format!("Attempt Opportunity Fire: {}", units_word(view, units))
        }
        Command::OpFire {
            primary,
            supporters,
            target,
        } => fire_words(
            view,
            "Opportunity Fire",
            supporters.len() + 1,
            *primary,
            *target,
        ),
        Command::OpFirePass => "Hold fire".into(),
        Command::AssaultFire {
            firers,
            primary,
            target,
        } => fire_words(view, "Assault fire", firers.len(), *primary, *target),
        Command::AssaultHold => "Hold fire this round".into(),
        Command::Advance { units } => format!("Advance: {}", units_word(view, units)),
        Command::NoAdvance => "Do not advance".into(),
        Command::Retreat { hex } => format!("Retreat into {hex}"),
        Command::Carry { unit } => format!("Carry it with {}", n(unit)),
        Command::LeaveCasualty => "Leave the casualty".into(),
        Command::SetDown { hex } => format!("Set the helicopter down in {hex}"),
        Command::EventUnit { unit } => format!("Choose {}", n(unit)),
        Command::EventHex { hex } => format!("Choose {hex}"),
        Command::EventPass => "No choice (no event)".into(),
        Command::Interrogate => "Interrogate the Civilians".into(),
        Command::NoInterrogation => "No interrogation".into(),
        Command::RevealUnit { unit } => format!("Reveal {}", n(unit)),
        Command::RevealCache { cache } => match cache_by_id(view, *cache) {
            Some(c) => format!(
                "Reveal the {} in {}",
                c.kind.map(|k| k.name()).unwrap_or("cache"),
                c.hex
            ),
            None => format!("Reveal cache {cache}"),
        },
        Command::Detonate => "Detonate the Claymore".into(),
        Command::DetonateAt { hex } => format!("Detonate the Claymore in {hex}"),
        Command::ExecuteMission => "Execute the Fire Mission".into(),
        Command::CancelMission => "Cancel the Fire Mission".into(),
        Command::Conceal { unit } => format!("Conceal {}", n(unit)),
        Command::ConcealDone => "Concealment done".into(),
    }
}

/// The viewing side's units a command names (firers, movers, carriers).
/// The units that may try Opportunity Fire (21.0), in order, each once.
pub fn opfire_eligible(legal: &[Command]) -> Vec<UnitId> {
    let mut v: Vec<UnitId> = (legal.iter())
        .filter_map(|c| match c {
            Command::OpFireAttempt { units } => Some(units.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    v.stable_sort();
    v.dedup();
    v
}

pub fn command_units(c: &Command) -> Vec<UnitId> {
    match c {
        Command::Place { unit, .. }
        | Command::Enter { unit, .. }
        | Command::ActivateUnit { unit }
        | Command::Search { unit }
        | Command::Recover { unit, .. }
        | Command::DestroyCache { unit }
        | Command::RequestMedevac { unit }
        | Command::RequestFireMission { unit, .. }
        | Command::Carry { unit }
        | Command::EventUnit { unit }
        | Command::RevealUnit { unit }
        | Command::Conceal { unit } => vec![*unit],
        Command::ActivateLeader { leader } => vec![*leader],
        Command::ActivateHelicopters { units }
        | Command::Move { units, .. }
        | Command::Assault { units, .. }
        | Command::OpFireAttempt { units }
        | Command::Advance { units } => units.clone(),
        Command::Fire { firers, .. } | Command::AssaultFire { firers, .. } => firers.clone(),
        Command::OpFire {
            primary,
            supporters,
            ..
        } => {
            let mut v = vec![*primary];
            v.extend(supporters.iter().copied());
            v
        }
        Command::Load { carrier, units, .. } => {
            let mut v = vec![*carrier];
            v.extend(units.iter().copied());
            v
        }
        Command::Unload { carrier } => vec![*carrier],
        Command::Abandon { vehicle } => vec![*vehicle],
        _ => Vec::new(),
    }
}

/// The hexes where a click on the board means this command; empty for
/// commands that only have a button (Pass, End the move, ...).
pub fn anchors(view: &View, c: &Command) -> Vec<Hex> {
    let at = |u: &UnitId| unit_hex(view, *u).into_iter().collect::<Vec<_>>();
    let moving_hex = || {
        view.moving
            .as_ref()
            .and_then(|m| m.units.first())
            .and_then(|u| unit_hex(view, *u))
            .into_iter()
            .collect::<Vec<_>>()
    };
    match c {
        Command::Place { hex, .. }
        | Command::Plot { hex }
        | Command::Enter { hex, .. }
        | Command::ActivateHex { hex }
        | Command::Step { hex }
        | Command::Assault { hex, .. }
        | Command::RequestFireMission { hex, .. }
        | Command::Retreat { hex }
        | Command::SetDown { hex }
        | Command::EventHex { hex }
        | Command::DetonateAt { hex } => vec![*hex],
        Command::ActivateLeader { leader } => at(leader),
        Command::ActivateUnit { unit }
        | Command::Search { unit }
        | Command::Recover { unit, .. }
        | Command::DestroyCache { unit }
        | Command::RequestMedevac { unit }
        | Command::Carry { unit }
        | Command::EventUnit { unit }
        | Command::RevealUnit { unit }
        | Command::Conceal { unit } => at(unit),
        Command::ActivateHelicopters { units } | Command::OpFireAttempt { units } => {
            let mut v: Vec<Hex> = units.iter().flat_map(at).collect();
            v.stable_sort();
            v.dedup();
            v
        }
        Command::Move { units, .. } | Command::Advance { units } => {
            units.first().map(at).unwrap_or_default()
        }
        Command::Fire { target, .. }
        | Command::OpFire { target, .. }
        | Command::AssaultFire { target, .. } => target_hex(view, *target).into_iter().collect(),
        Command::Load { carrier, .. }
        | Command::Unload { carrier }
        | Command::Abandon { vehicle: carrier } => at(carrier),
        Command::RevealCache { cache } => cache_by_id(view, *cache)
            .map(|c| vec![c.hex])
            .unwrap_or_default(),
        Command::Climb
        | Command::Descend
        | Command::EnterFort
        | Command::LeaveFort
        | Command::Drop { .. }
        | Command::ExitMap
        | Command::EnterTunnel
        | Command::EndMove => moving_hex(),
        _ => Vec::new(),
    }
}

/// A short name for the counter's face.
pub fn short_name(u: &UnitView) -> String {
    let known = [
        ("us-rifle", "Rifle"),
        ("us-mg", "M60"),
        ("us-mortar", "60mm"),
        ("us-leader", "Leader"),
        ("us-medic", "Medic"),
        ("us-fo", "FO"),
        ("us-acav", "ACAV"),
        ("us-slick", "Slick"),
        ("us-hog", "Hog"),
        ("us-cobra", "Cobra"),
        ("nva-rifle", "Rifle"),
        ("nva-mg", "RPD"),
        ("nva-rpg", "B40"),
        ("nva-mortar", "82mm"),
        ("nva-leader", "Leader"),
        ("nva-sniper", "Sniper"),
        ("nva-sapper", "Sapper"),
        ("nva-medic", "Medic"),
        ("nva-dummy", "Dummy"),
        ("vc-rifle", "Rifle"),
        ("vc-leader", "Cmdr"),
        ("vc-sniper", "Sniper"),
        ("vc-dummy", "Dummy"),
        ("civilians", "Civilians"),
    ];
    known
        .iter()
        .find(|(id, _)| *id == u.unit_type)
        .map(|(_, n)| n.to_string())
        .unwrap_or_else(|| {
            u.name
                .split_whitespace()
                .last()
                .unwrap_or(&u.name)
                .to_string()
        })
}

/// Half movement points as a player says them: "1½".
pub fn mp(halves: u8) -> String {
    match halves {
        1 => "½".into(),
        h if h.is_multiple_of(2) => (h / 2).to_string(),
        h => format!("{}½", h / 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_read_as_printed() {
        assert_eq!(mp(3), "1½");
        assert_eq!(mp(4), "2");
    }
}
