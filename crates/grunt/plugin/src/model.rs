//! Names and labels read off the view: a counter as the log names it
//! ("US infantry squad #3"), a face-down counter by its marker, and every
//! command in a player's words.

use grunt_rules::data::{Deployment, Load, Role};
use grunt_rules::map::Hex;
use grunt_rules::state::{CounterId, Group, HeliJob, Side};
use grunt_rules::view::{CounterView, View};
use grunt_rules::{Command, Grunt};

pub fn counter(view: &View, id: CounterId) -> Option<&CounterView> {
    view.counters.iter().find(|c| c.id == id)
}

/// Where a counter of the view stands (a carried cache: its carrier's hex).
/// The load a click on a landing hex lands at once (B5): the next
/// infantry squad, or else the next other squad-sized unit. The commander,
/// F.O.s and medics are picked from the menu (the column's toggle).
pub fn default_load<'a>(rules: &Grunt, view: &View, cmds: &'a [Command]) -> Option<&'a Command> {
    let role = |c: &Command| match c {
        Command::Land { units, .. } if units.len() == 1 => view
            .counters
            .iter()
            .find(|x| x.id == units[0])
            .map(|x| x.role),
        _ => None,
    };
    cmds.iter()
        .find(|c| role(c) == Some(Role::Infantry))
        .or_else(|| {
            cmds.iter()
                .find(|c| role(c).is_some_and(|r| rules.ty(r).load == Load::Squad))
        })
}

/// The units a target's aim starts with: all that may fire, less those
/// sitting on a cache (firing would give it up, B3.5) unless no other
/// unit can fire.
pub fn default_firers(view: &View, firers: &[(CounterId, u8)]) -> Vec<(CounterId, u8)> {
    let working = |id: CounterId| {
        view.counters
            .iter()
            .any(|c| c.id == id && c.working.is_some())
    };
    let free: Vec<(CounterId, u8)> = firers
        .iter()
        .copied()
        .filter(|(id, _)| !working(*id))
        .collect();
    if free.is_empty() {
        firers.to_vec()
    } else {
        free
    }
}

pub fn counter_hex(view: &View, id: CounterId) -> Option<Hex> {
    let c = counter(view, id)?;
    c.hex
        .or_else(|| c.carried_by.and_then(|x| counter(view, x)?.hex))
}

/// "US infantry squad #3", as the log names it.
pub fn name(view: &View, id: CounterId) -> String {
    match counter(view, id) {
        Some(c) => format!("{} #{}", c.name, c.id),
        None => format!("#{id}"),
    }
}

/// "Inf 3": what fits on a counter.
pub fn short(c: &CounterView) -> String {
    format!("{} {}", c.short, c.id)
}

/// Strength from half points: "4", "½", "2½".
pub fn strength(halves: u16) -> String {
    grunt_rules::data::Strength(halves).to_string()
}

/// The board's font has no "½": "0.5".
pub fn strength_ascii(halves: u16) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

pub fn side_name(s: Side) -> &'static str {
    s.name()
}

pub fn deployment_name(d: Deployment) -> &'static str {
    match d {
        Deployment::Assault => "Assault: the company lands by helicopter (D1)",
        Deployment::Bait => "Bait: a platoon lands, the rest on call (D2)",
        Deployment::GroundAssault => "Ground Drive: the company walks in on a road (D3)",
        Deployment::GroundBait => "Ground Drive with a bait platoon (D3, D2)",
    }
}

fn group_name(g: Group) -> &'static str {
    match g {
        Group::First => "the first group",
        Group::Second => "the second lift",
        Group::Company => "the reinforcing company",
    }
}

fn units(view: &View, ids: &[CounterId]) -> String {
    ids.iter()
        .map(|id| name(view, *id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Is this counter a unit that fights (the counters the column lists)?
pub fn fights(r: Role) -> bool {
    r.is_us_unit() || r.is_nlf_combat()
}

/// The hex a command is about, where a click on the board chooses it.
pub fn anchor(view: &View, c: &Command) -> Option<Hex> {
    use Command::*;
    match c {
        Place { hex, .. }
        | Land { hex, .. }
        | Suppress { hex, .. }
        | HeliFire { hex, .. }
        | CallHelicopter { hex, .. }
        | Probe { hex, .. }
        | Challenge { hex, .. }
        | Fire { hex, .. }
        | ReconByFire { hex, .. }
        | PlaceAmbush { hex, .. } => Some(*hex),
        Artillery { coi, .. } => Some(*coi),
        Move { path, .. } | Enter { path, .. } => path.last().copied(),
        Select { unit }
        | Uncover { unit }
        | Resupply { unit }
        | Hide { unit }
        | Load { porter: unit }
        | Unload { porter: unit }
        | RequestArtillery { fo: unit } => counter_hex(view, *unit),
        Interrogate { arvn, .. } => counter_hex(view, *arvn),
        Lift { units } => units.first().and_then(|u| counter_hex(view, *u)),
        Strike { area } | PlanStrike { area, .. } => area.first().copied(),
        _ => None,
    }
}

/// The units a command uses (lit when its line is under the pointer).
pub fn command_units(c: &Command) -> Vec<CounterId> {
    use Command::*;
    match c {
        Select { unit }
        | Move { unit, .. }
        | Enter { unit, .. }
        | Uncover { unit }
        | Resupply { unit }
        | Hide { unit }
        | Probe { unit, .. }
        | Challenge { unit, .. }
        | PlaceAmbush { unit, .. } => vec![*unit],
        Load { porter } | Unload { porter } => vec![*porter],
        RequestArtillery { fo } => vec![*fo],
        Interrogate { arvn, subject } => vec![*arvn, *subject],
        Land { units, .. } | Lift { units } => units.clone(),
        HeliFire { firers, .. } => firers.clone(),
        Fire { firers, .. } | ReconByFire { firers, .. } => firers.iter().map(|f| f.0).collect(),
        Place { counter, .. } => vec![*counter],
        _ => Vec::new(),
    }
}

/// The hexes a command goes to or aims at, for the computer's suggestion
/// on the map: its [`anchor`] (where a move ends, a load lands, a counter
/// is placed, fire falls), or the whole area of an air strike.
pub fn command_hexes(view: &View, c: &Command) -> Vec<Hex> {
    match c {
        Command::Strike { area } | Command::PlanStrike { area, .. } => area.clone(),
        _ => anchor(view, c).into_iter().collect(),
    }
}

fn fire_list(view: &View, firers: &[(CounterId, u8)]) -> String {
    firers
        .iter()
        .map(|(id, n)| {
            if *n > 1 {
                format!("{} (two units of fire)", name(view, *id))
            } else {
                name(view, *id)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A command in a player's words.
pub fn command_label(rules: &Grunt, view: &View, c: &Command) -> String {
    use Command::*;
    match c {
        ChooseOrders { order } => format!("Orders: {}", rules.order(*order).name),
        DrawOrders => "Draw the orders at random (secret)".into(),
        ChooseDeployment { deployment } => deployment_name(*deployment).into(),
        PlanStrike { turn, area } => match area.first() {
            Some(h) if !area.is_empty() && *turn == 1 => {
                format!("Pre-plan the landing-zone strike around {h}")
            }
            _ => format!("Pre-plan an air strike for Game Turn {turn}"),
        },
        PlanDone => "No more pre-planned strikes".into(),
        ChooseOob { column } => match rules.oob.column(*column) {
            Some(col) => format!("Order of battle: {}", col.name),
            None => format!("Order of battle: {column:?}"),
        },
        Place { counter, hex } => format!("Place {} in {hex}", name(view, *counter)),
        PlaceRest => "Place the rest at random".into(),
        PlacementDone => "Set-up done".into(),
        Strike { area } => format!(
            "Air strike on {} hexes from {}",
            area.len(),
            area.first().map(|h| h.to_string()).unwrap_or_default()
        ),
        CancelStrike => "Cancel the air strike".into(),
        Land { hex, units: u } => format!("Land {} in {hex}", units(view, u)),
        EndGroup => "End the landing group".into(),
        Suppress { hex, guns } => match guns {
            1 => format!("1 gun fires at {hex}"),
            n => format!("{n} guns fire at {hex}"),
        },
        EndSuppress => "No more suppressive fire".into(),
        HeliFire { firers, hex } => {
            format!("{} fire at the helicopter in {hex}", units(view, firers))
        }
        HoldFire => "Hold fire".into(),
        Select { unit } => format!("Move {}", name(view, *unit)),
        Stay => "Do not move it after all".into(),
        Move { unit, path } => format!(
            "{} to {}",
            name(view, *unit),
            path.last().map(|h| h.to_string()).unwrap_or_default()
        ),
        Enter { unit, path } => format!(
            "{} enters by road to {}",
            name(view, *unit),
            path.last().map(|h| h.to_string()).unwrap_or_default()
        ),
        Uncover { unit } => format!("{} uncovers its hex (3 MP, S5)", name(view, *unit)),
        Resupply { unit } => format!("{} refills its ammunition (3 MP, O3a)", name(view, *unit)),
        Load { porter } => format!("{} loads the cache (A3)", name(view, *porter)),
        Unload { porter } => format!("{} unloads the cache (A3)", name(view, *porter)),
        Call { group, entry } => match entry {
            Some(e) => format!("Call {} by road, entry {e} (secret)", group_name(*group)),
            None => format!("Call {} by helicopter (secret)", group_name(*group)),
        },
        RequestAirStrike => "Request an on-call air strike (O9.2)".into(),
        CallHelicopter { job, hex } => match job {
            HeliJob::Ammo => format!("Call an ammunition helicopter to {hex} (O3a)"),
            HeliJob::Medevac => format!("Call a medevac helicopter to {hex} (O4)"),
        },
        Lift { units: u } => format!("Lift off {}", units(view, u)),
        DeclareDayToDay => "Declare the NLF set-up Day-to-Day (D0)".into(),
        EndMovement => "End the Movement Phase".into(),
        Probe { unit, hex } => format!("{} probes {hex} (B8)", name(view, *unit)),
        Challenge { unit, hex } => format!("{} challenges {hex} (A6)", name(view, *unit)),
        Interrogate { arvn, subject } => format!(
            "{} interrogates {} (A4)",
            name(view, *arvn),
            name(view, *subject)
        ),
        EndDiscovery => "Go on to the Combat Phase".into(),
        Fire { firers, hex } => format!("{} fire at {hex}", fire_list(view, firers)),
        ReconByFire { firers, hex } => {
            format!(
                "Reconnaissance by fire at {hex}: {}",
                fire_list(view, firers)
            )
        }
        RequestArtillery { fo } => format!("{} asks for artillery (O7.1)", name(view, *fo)),
        Artillery {
            coi,
            shift,
            shifted_guns,
        } => match shift {
            Some(s) => format!("Artillery on {coi}, {shifted_guns} guns shifted to {s}"),
            None => format!("Artillery fire for effect on {coi}"),
        },
        EndCombat => "End the Combat Phase".into(),
        DestroyCache => "Destroy the cache".into(),
        CaptureCache => "Capture the cache".into(),
        Hide { unit } => format!("{} goes face down again (S3)", name(view, *unit)),
        PlaceAmbush { unit, hex } => format!("{} lays an ambush in {hex} (O5)", name(view, *unit)),
        EndTurn => "End the NLF Player Turn".into(),
    }
}
