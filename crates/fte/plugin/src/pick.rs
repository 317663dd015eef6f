//! Clicks to commands. A click on a hex means different things as the
//! decision changes: select your units, move them (the whole path, one hex
//! at a time so the enemy gets its Opportunity Fire at each), aim at a
//! target (the number needed shows before the roll), open a stack, or pick
//! from a short menu when the hex offers several commands. Every legal
//! command is reachable this way or by a button of the panel.
//!
//! Legality is the rules' own `check`; costs, reachable hexes and the
//! numbers needed come from the rules' helpers.

use crate::model::*;
use fte_rules::geo::{Hex, HexExt};
use fte_rules::screen::Situation;
use fte_rules::state::{Altitude, MoveMode, UnitId};
use fte_rules::step::Kind as K;
use fte_rules::view::View;
use fte_rules::{Command, Fte, State, Target};
use vt_core::Ruleset;
use vt_core::sort::StableSort;

/// What clicks on the board are for.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Tool {
    /// Play the game.
    #[default]
    Play,
    /// The line-of-sight tool: the first click fixes one end, the pointer
    /// (or a second click) the other.
    LineOfSight { from: Option<Hex>, to: Option<Hex> },
    /// Choosing the target hex of a Fire Mission request.
    FireMission { unit: UnitId },
    /// Plotting Booby Traps or Claymores in set-up.
    Plot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AimKind {
    Fire,
    OpFire,
    AssaultFire,
    Assault,
}

/// A fire attack or assault being declared: the units, the Primary Firing
/// Unit, the target. The panel shows its number needed and lets the
/// player change the units before confirming.
#[derive(Clone, Debug, PartialEq)]
pub struct Aim {
    pub kind: AimKind,
    pub hex: Hex,
    pub target: Option<Target>,
    pub units: Vec<UnitId>,
    pub primary: Option<UnitId>,
    /// The units that may take part.
    pub choices: Vec<UnitId>,
}

impl Aim {
    pub fn command(&self) -> Option<Command> {
        let target = self.target;
        let primary = self.primary;
        Some(match self.kind {
            AimKind::Fire => Command::Fire {
                firers: self.units.clone(),
                primary: primary?,
                target: target?,
            },
            AimKind::OpFire => Command::OpFire {
                primary: primary?,
                supporters: self
                    .units
                    .iter()
                    .copied()
                    .filter(|u| Some(*u) != primary)
                    .collect(),
                target: target?,
            },
            AimKind::AssaultFire => Command::AssaultFire {
                firers: self.units.clone(),
                primary: primary?,
                target: target?,
            },
            AimKind::Assault => Command::Assault {
                units: self.units.clone(),
                hex: self.hex,
            },
        })
    }

    /// Adds or removes a unit; the Primary Firing Unit stays one of them.
    pub fn toggle(&mut self, u: UnitId) {
        if let Some(i) = self.units.iter().position(|x| *x == u) {
            if self.units.len() > 1 {
                self.units.remove(i);
            }
        } else if self.choices.contains(&u) {
            self.units.push(u);
        }
        if self.kind != AimKind::Assault && !self.primary.is_some_and(|p| self.units.contains(&p)) {
            self.primary = self.units.first().copied();
        }
    }

    pub fn set_primary(&mut self, u: UnitId) {
        if self.kind == AimKind::Assault {
            return;
        }
        if !self.units.contains(&u) && self.choices.contains(&u) {
            self.units.push(u);
        }
        if self.units.contains(&u) {
            self.primary = Some(u);
        }
    }
}

/// One line of the menu a click opens: what choosing it does.
#[derive(Clone, Debug, PartialEq)]
pub struct MenuItem {
    pub label: String,
    pub then: Click,
    /// Units to light up while the pointer is on the line.
    pub units: Vec<UnitId>,
}

/// What a click on a hex does.
#[derive(Clone, Debug, PartialEq)]
pub enum Click {
    Submit(Command),
    /// Send `first`, then step along `rest` one hex at a time.
    Walk {
        first: Command,
        rest: Vec<Hex>,
    },
    /// Select these units (your activated units, or one to set up).
    Select(Vec<UnitId>),
    /// Add or remove these units from the selection.
    Toggle(Vec<UnitId>),
    OpenStack(Hex),
    Aim(Aim),
    Menu(Vec<MenuItem>),
    Hint(String),
}

/// Everything a click is judged against.
pub struct Ctx<'a> {
    pub rules: &'a Fte,
    pub state: &'a State,
    pub view: &'a View,
    /// The decision's kind (`None` at the end); the legal commands are
    /// empty unless the viewer is the side to decide.
    pub kind: Option<K>,
    pub legal: &'a [Command],
    pub sel: &'a [UnitId],
    pub move_mode: MoveMode,
    pub altitude: Altitude,
    pub tool: &'a Tool,
    pub situation: Option<&'a Situation>,
}

/// Commands that a single click may send without a menu.
fn direct(c: &Command) -> bool {
    matches!(
        c,
        Command::Place { .. }
            | Command::Plot { .. }
            | Command::Enter { .. }
            | Command::Step { .. }
            | Command::Retreat { .. }
            | Command::SetDown { .. }
            | Command::EventHex { .. }
            | Command::EventUnit { .. }
            | Command::Conceal { .. }
            | Command::Carry { .. }
            | Command::RevealUnit { .. }
            | Command::RevealCache { .. }
            | Command::RequestFireMission { .. }
    )
}

impl Ctx<'_> {
    pub fn ok(&self, c: &Command) -> bool {
        self.rules.check(self.state, c).is_ok()
    }

    fn rating(&self, u: UnitId) -> u8 {
        unit(self.view, u).and_then(|x| x.fire).unwrap_or(0)
    }

    fn best(&self, units: &[UnitId]) -> Option<UnitId> {
        // The highest Fire Rating leads; the first listed on a tie.
        units.iter().copied().rev().max_by_key(|u| self.rating(*u))
    }

    /// Own units the current decision's commands name (for "action": the
    /// activated units that still have something to do).
    pub fn actionable(&self) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = self
            .legal
            .iter()
            .filter(|c| !matches!(c, Command::EndActivation))
            .flat_map(command_units)
            .collect();
        v.stable_sort();
        v.dedup();
        v
    }

    /// The moving stack and its hex, while a move is under way.
    pub fn moving(&self) -> Option<(Vec<UnitId>, Hex)> {
        let m = self.view.moving.as_ref()?;
        let h = unit_hex(self.view, *m.units.first()?)?;
        Some((m.units.clone(), h))
    }

    /// Where the selection (or the stack under way) can get to, with the
    /// cost in half MP from where it stands now.
    pub fn reach(&self) -> Vec<(Hex, u8)> {
        match self.kind {
            Some(K::Action) if !self.sel.is_empty() => {
                let mv = Command::Move {
                    units: self.sel.to_vec(),
                    mode: self.move_mode,
                };
                if !self.ok(&mv) {
                    return Vec::new();
                }
                let start = unit_hex(self.view, self.sel[0]);
                self.rules
                    .reachable(self.state, self.sel, self.move_mode)
                    .into_iter()
                    .filter(|(h, _)| Some(*h) != start)
                    .collect()
            }
            Some(K::Move) => {
                let Some(m) = self.view.moving.as_ref() else {
                    return Vec::new();
                };
                let Some((units, start)) = self.moving() else {
                    return Vec::new();
                };
                let steps: Vec<(Hex, u8)> = self
                    .rules
                    .steps(self.state)
                    .into_iter()
                    .filter(|(h, _)| self.legal.contains(&Command::Step { hex: *h }))
                    .collect();
                if m.mode == MoveMode::Stealthy {
                    return steps;
                }
                let mut v: Vec<(Hex, u8)> = self
                    .rules
                    .reachable(self.state, &units, m.mode)
                    .into_iter()
                    .filter(|(h, c)| *h != start && *c <= m.left_half_mp)
                    .collect();
                // The next hexes as the rules give them now.
                for (h, c) in steps {
                    if let Some(x) = v.iter_mut().find(|(x, _)| *x == h) {
                        x.1 = c;
                    } else {
                        v.push((h, c));
                    }
                }
                v.stable_sort();
                v
            }
            _ => Vec::new(),
        }
    }

    fn step_cost(&self, units: &[UnitId], from: Hex, to: Hex) -> Option<u8> {
        let mut worst = 0;
        for &u in units {
            let c = self
                .rules
                .move_cost(self.state, self.state.unit(u), from, to)?;
            worst = worst.max(c);
        }
        Some(worst)
    }

    /// The cheapest path from `start` to `dest` through the reachable hexes.
    pub fn path(
        &self,
        units: &[UnitId],
        start: Hex,
        reach: &[(Hex, u8)],
        dest: Hex,
    ) -> Option<Vec<Hex>> {
        let cost = |h: Hex| {
            if h == start {
                Some(0u8)
            } else {
                reach.iter().find(|(x, _)| *x == h).map(|(_, c)| *c)
            }
        };
        let mut path = vec![dest];
        let mut cur = dest;
        while cur != start {
            if path.len() > reach.len() + 1 {
                return None;
            }
            let c = cost(cur)?;
            let prev = cur.neighbors().into_iter().find(|n| {
                cost(*n).is_some_and(|cn| {
                    self.step_cost(units, *n, cur)
                        .is_some_and(|s| cn as u32 + s as u32 == c as u32)
                })
            })?;
            path.push(prev);
            cur = prev;
        }
        path.pop();
        path.reverse();
        Some(path)
    }

    /// The attack on `t` the current decision allows by default: every
    /// selected unit that can join, the best-rated one as Primary.
    pub fn fire_aim(&self, t: Target) -> Option<Aim> {
        let hex = target_hex(self.view, t)?;
        let (kind, groups): (AimKind, Vec<Vec<UnitId>>) = match self.kind {
            Some(K::Action) => (
                AimKind::Fire,
                self.legal
                    .iter()
                    .filter_map(|c| match c {
                        Command::Fire { firers, target, .. } if *target == t => {
                            Some(firers.clone())
                        }
                        _ => None,
                    })
                    .collect(),
            ),
            Some(K::OpportunityFireTarget) => (
                AimKind::OpFire,
                self.legal
                    .iter()
                    .filter_map(|c| match c {
                        Command::OpFire {
                            primary,
                            supporters,
                            target,
                        } if *target == t => {
                            let mut v = vec![*primary];
                            v.extend(supporters.iter().copied());
                            Some(v)
                        }
                        _ => None,
                    })
                    .collect(),
            ),
            Some(K::AssaultAttack | K::AssaultDefend) => (
                AimKind::AssaultFire,
                self.legal
                    .iter()
                    .filter_map(|c| match c {
                        Command::AssaultFire { firers, target, .. } if *target == t => {
                            Some(firers.clone())
                        }
                        _ => None,
                    })
                    .collect(),
            ),
            _ => return None,
        };
        let mut choices: Vec<UnitId> = groups.iter().flatten().copied().collect();
        choices.stable_sort();
        choices.dedup();
        if kind == AimKind::Fire && !self.sel.is_empty() {
            choices.retain(|u| self.sel.contains(u));
        }
        if choices.is_empty() {
            return None;
        }
        let primary = self.best(&choices);
        let mut aim = Aim {
            kind,
            hex,
            target: Some(t),
            units: choices.clone(),
            primary,
            choices: choices.clone(),
        };
        if aim.command().is_some_and(|c| self.ok(&c)) {
            return Some(aim);
        }
        // The rules would not take them all together: the biggest listed
        // group among the choices.
        let g = groups
            .into_iter()
            .filter(|g| g.iter().all(|u| choices.contains(u)))
            .max_by_key(|g| g.len())?;
        aim.primary = self.best(&g);
        aim.units = g;
        aim.command().filter(|c| self.ok(c)).map(|_| aim)
    }

    /// An Assault on `hex` by the selected units that may take part.
    pub fn assault_aim(&self, hex: Hex) -> Option<Aim> {
        if self.kind != Some(K::Action) {
            return None;
        }
        let mut choices: Vec<UnitId> = self
            .legal
            .iter()
            .filter_map(|c| match c {
                Command::Assault { units, hex: h } if *h == hex => Some(units.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        choices.stable_sort();
        choices.dedup();
        if !self.sel.is_empty() {
            choices.retain(|u| self.sel.contains(u));
        }
        if choices.is_empty() {
            return None;
        }
        let aim = Aim {
            kind: AimKind::Assault,
            hex,
            target: None,
            units: choices.clone(),
            primary: None,
            choices,
        };
        aim.command().filter(|c| self.ok(c)).map(|_| aim)
    }

    /// Every attack the current decision allows, one per target: for the
    /// target rings and their numbers on the board.
    pub fn aims(&self) -> Vec<Aim> {
        let mut targets: Vec<Target> = Vec::new();
        for c in self.legal {
            let t = match c {
                Command::Fire { target, .. }
                | Command::OpFire { target, .. }
                | Command::AssaultFire { target, .. } => *target,
                _ => continue,
            };
            if !targets.contains(&t) {
                targets.push(t);
            }
        }
        let mut v: Vec<Aim> = targets
            .into_iter()
            .filter_map(|t| self.fire_aim(t))
            .collect();
        let mut hexes: Vec<Hex> = self
            .legal
            .iter()
            .filter_map(|c| match c {
                Command::Assault { hex, .. } => Some(*hex),
                _ => None,
            })
            .collect();
        hexes.stable_sort();
        hexes.dedup();
        v.extend(hexes.into_iter().filter_map(|h| self.assault_aim(h)));
        v
    }

    /// Every activation on offer, with the units it brings.
    pub fn activation_menu(&self) -> Vec<MenuItem> {
        let cmds: Vec<Command> = self
            .legal
            .iter()
            .filter(|c| !matches!(c, Command::Pass))
            .cloned()
            .collect();
        self.menu_of(cmds)
    }

    fn anchored(&self, hex: Hex) -> Vec<Command> {
        self.legal
            .iter()
            .filter(|c| anchors(self.view, c).contains(&hex))
            .cloned()
            .collect()
    }

    fn menu_of(&self, cmds: Vec<Command>) -> Vec<MenuItem> {
        cmds.into_iter()
            .map(|c| {
                let units = match &c {
                    Command::ActivateLeader { leader } => self
                        .rules
                        .leader_group(self.state, *leader)
                        .unwrap_or_else(|_| vec![*leader]),
                    Command::ActivateHex { hex } => own_units_at(self.view, *hex),
                    other => command_units(other),
                };
                let mut label = command_label(self.view, &c);
                if let Command::ActivateLeader { .. } | Command::ActivateHex { .. } = c {
                    label.push_str(&format!(
                        " ({})",
                        vt_ui::labels::count(units.len(), "unit", "units")
                    ));
                }
                MenuItem {
                    label,
                    then: Click::Submit(c),
                    units,
                }
            })
            .collect()
    }

    /// The commands anchored at the hex: one to send at once, several to
    /// choose from.
    fn fallback(&self, hex: Hex) -> Click {
        let cmds = self.anchored(hex);
        match cmds.len() {
            0 if !own_units_at(self.view, hex).is_empty()
                || !enemy_targets(self.view, hex).is_empty() =>
            {
                Click::OpenStack(hex)
            }
            0 => Click::Hint(format!("Nothing to do in {hex} now.")),
            1 if direct(&cmds[0]) => Click::Submit(cmds[0].clone()),
            _ => Click::Menu(self.menu_of(cmds)),
        }
    }

    /// What a click on `hex` does.
    pub fn click(&self, hex: Hex) -> Click {
        match self.tool {
            Tool::FireMission { unit } => {
                let c = Command::RequestFireMission { unit: *unit, hex };
                return if self.ok(&c) {
                    Click::Submit(c)
                } else {
                    Click::Hint(format!(
                        "{hex} is not a Fire Mission target: it needs the requester's LoS or a Visible enemy in or next to it (13.0)."
                    ))
                };
            }
            Tool::Plot => {
                let c = Command::Plot { hex };
                return if self.ok(&c) {
                    Click::Submit(c)
                } else {
                    Click::Hint(format!("{hex} cannot take a trap (26.0)."))
                };
            }
            Tool::LineOfSight { .. } | Tool::Play => {}
        }
        match self.kind {
            Some(K::Setup) => self.setup_click(hex),
            Some(K::Activate) => {
                let cmds = self.anchored(hex);
                if cmds.is_empty() {
                    self.fallback(hex)
                } else {
                    Click::Menu(self.menu_of(cmds))
                }
            }
            Some(K::Action) => self.action_click(hex),
            Some(K::Move) => self.move_click(hex),
            Some(K::Reinforcements) => {
                let cmds = self.anchored(hex);
                // The unit picked in the column, else the first to arrive.
                let arriving = |c: &&Command| match (c, self.sel) {
                    (Command::Enter { unit, .. }, [s]) => unit == s,
                    _ => true,
                };
                let unit = cmds
                    .iter()
                    .find(arriving)
                    .or(cmds.first())
                    .and_then(|c| match c {
                        Command::Enter { unit, .. } => Some(*unit),
                        _ => None,
                    });
                let pick = cmds
                    .iter()
                    .filter(|c| matches!(c, Command::Enter { unit: u, .. } if Some(*u) == unit))
                    .find(|c| {
                        matches!(c, Command::Enter { altitude, .. } if *altitude == self.altitude)
                    })
                    .or_else(|| {
                        cmds.iter().find(
                            |c| matches!(c, Command::Enter { unit: u, .. } if Some(*u) == unit),
                        )
                    });
                match pick {
                    Some(c) => Click::Submit(c.clone()),
                    None => self.fallback(hex),
                }
            }
            Some(K::OpportunityFire) => {
                let eligible = opfire_eligible(self.legal);
                let here: Vec<UnitId> = own_units_at(self.view, hex)
                    .into_iter()
                    .filter(|u| eligible.contains(u))
                    .collect();
                if here.is_empty() {
                    self.fallback(hex)
                } else {
                    Click::Toggle(here)
                }
            }
            Some(K::OpportunityFireTarget | K::AssaultAttack | K::AssaultDefend) => {
                let aims: Vec<Aim> = enemy_targets(self.view, hex)
                    .into_iter()
                    .filter_map(|t| self.fire_aim(t))
                    .collect();
                self.aims_click(aims, hex)
            }
            _ => self.fallback(hex),
        }
    }

    fn aims_click(&self, aims: Vec<Aim>, hex: Hex) -> Click {
        match aims.len() {
            0 => self.fallback(hex),
            1 => Click::Aim(aims.into_iter().next().expect("one")),
            _ => Click::Menu(
                aims.into_iter()
                    .map(|a| MenuItem {
                        label: match (a.kind, a.target) {
                            (AimKind::Assault, _) => format!("Assault {}", a.hex),
                            (_, Some(t)) => format!("Fire at {}", target_name(self.view, t)),
                            _ => "Fire".into(),
                        },
                        units: a.units.clone(),
                        then: Click::Aim(a),
                    })
                    .collect(),
            ),
        }
    }

    fn setup_click(&self, hex: Hex) -> Click {
        if let [u] = self.sel
            && unit_hex(self.view, *u) != Some(hex)
        {
            let c = Command::Place { unit: *u, hex };
            if self.ok(&c) {
                return Click::Submit(c);
            }
        }
        let placeable: Vec<UnitId> = own_units_at(self.view, hex)
            .into_iter()
            .filter(|u| self.ok(&Command::Place { unit: *u, hex }))
            .collect();
        if !placeable.is_empty() {
            // Clicking the same stack again picks the next unit in it.
            let next = match self.sel {
                [s] => placeable
                    .iter()
                    .position(|u| u == s)
                    .map(|i| placeable[(i + 1) % placeable.len()])
                    .unwrap_or(placeable[0]),
                _ => placeable[0],
            };
            return Click::Select(vec![next]);
        }
        if let [_] = self.sel {
            return Click::Hint(format!("{hex} is not in the selected unit's set-up area."));
        }
        match self.fallback(hex) {
            Click::Submit(Command::Place { .. }) | Click::Menu(_) => Click::Hint(
                "Click one of your units to pick it up, then a hex of its set-up area.".into(),
            ),
            other => other,
        }
    }

    fn action_click(&self, hex: Hex) -> Click {
        let actionable = self.actionable();
        let here: Vec<UnitId> = own_units_at(self.view, hex)
            .into_iter()
            .filter(|u| actionable.contains(u))
            .collect();
        let sel_here = !self.sel.is_empty()
            && self
                .sel
                .iter()
                .all(|u| unit_hex(self.view, *u) == Some(hex));
        if sel_here {
            return Click::OpenStack(hex);
        }
        if !here.is_empty() {
            // Onto friends: move there, or take those units instead.
            if let Some(walk) = self.walk_to(hex) {
                return Click::Menu(vec![
                    MenuItem {
                        label: format!("Move the selection into {hex}"),
                        then: walk,
                        units: self.sel.to_vec(),
                    },
                    MenuItem {
                        label: format!("Select the units in {hex}"),
                        units: here.clone(),
                        then: Click::Select(here),
                    },
                ]);
            }
            return Click::Select(here);
        }
        if !self.sel.is_empty() {
            let targets = enemy_targets(self.view, hex);
            let mut aims: Vec<Aim> = targets.iter().filter_map(|t| self.fire_aim(*t)).collect();
            aims.extend(self.assault_aim(hex));
            let walk = self.walk_to(hex);
            if !targets.is_empty() {
                return self.enemy_click(hex, aims, walk);
            }
            if !aims.is_empty() {
                return self.aims_click(aims, hex);
            }
            if let Some(walk) = walk {
                return walk;
            }
        }
        self.fallback(hex)
    }

    /// A click on a hex holding enemies: a player means to fire (or
    /// assault). Where the rules also let the selection walk in (an enemy
    /// Medic alone, 17.1; Civilians before a US unit, 28.0; a helicopter
    /// in the air above, 6.8), the click asks which; where no fire is
    /// possible it says why, with the rule, and never walks in unasked.
    fn enemy_click(&self, hex: Hex, aims: Vec<Aim>, walk: Option<Click>) -> Click {
        let why = self.why_no_fire(hex);
        let Some(walk) = walk else {
            return match (aims.is_empty(), why) {
                (false, _) => self.aims_click(aims, hex),
                (true, Some(why)) => Click::Hint(why),
                (true, None) => self.fallback(hex),
            };
        };
        let mut items: Vec<MenuItem> = match self.aims_click(aims, hex) {
            Click::Menu(items) => items,
            Click::Aim(a) => vec![MenuItem {
                label: match (a.kind, a.target) {
                    (AimKind::Assault, _) => format!("Assault {hex}"),
                    (_, Some(t)) => format!("Fire at {}", target_name(self.view, t)),
                    _ => "Fire".into(),
                },
                units: a.units.clone(),
                then: Click::Aim(a),
            }],
            _ => Vec::new(),
        };
        if items.is_empty() {
            // Chosen, it only shows the reason in the column; the menu
            // keeps two lines, so the walk is never taken unasked.
            let why = why.unwrap_or_else(|| format!("No fire at {hex} now."));
            items.push(MenuItem {
                label: why.clone(),
                units: Vec::new(),
                then: Click::Hint(why),
            });
        }
        items.push(MenuItem {
            label: format!("Move into {hex}{}", self.why_may_enter(hex)),
            units: self.sel.to_vec(),
            then: walk,
        });
        Click::Menu(items)
    }

    /// Why the selection may enter an enemy's hex, as far as the viewing
    /// side can see: nothing said of a Concealed marker.
    fn why_may_enter(&self, hex: Hex) -> &'static str {
        use fte_rules::data::Role;
        let enemies: Vec<&fte_rules::state::Unit> = (self.view.units.iter())
            .filter(|u| u.side != self.view.side && u.hex == Some(hex))
            .map(|u| self.state.unit(u.id))
            .collect();
        if enemies.is_empty() || self.view.concealed.iter().any(|c| c.hex == hex) {
            return "";
        }
        let all = |r: Role| enemies.iter().all(|u| self.rules.role(u) == r);
        if all(Role::Medic) {
            " (an enemy Medic alone is eliminated, 17.1)"
        } else if all(Role::Civilians) {
            " (US units may enter Civilians' hex, 28.0)"
        } else if enemies
            .iter()
            .all(|u| self.rules.is_heli(u) && u.altitude != Altitude::Ground)
        {
            " (a helicopter in the air does not hold the hex, 6.8)"
        } else {
            ""
        }
    }

    /// Why the selection may not fire at the first enemy in `hex`: the
    /// rules' own refusal of that shot.
    fn why_no_fire(&self, hex: Hex) -> Option<String> {
        let target = *enemy_targets(self.view, hex).first()?;
        let primary = self.best(self.sel)?;
        let c = Command::Fire {
            firers: self.sel.to_vec(),
            primary,
            target,
        };
        let e = self.rules.check(self.state, &c).err()?;
        Some(format!(
            "No fire at {} in {hex}: {} ({}).",
            target_name(self.view, target),
            e.message,
            e.rule
        ))
    }

    /// Moving the selection to `hex` along the cheapest path, if it can.
    fn walk_to(&self, hex: Hex) -> Option<Click> {
        if self.sel.is_empty() {
            return None;
        }
        let reach = self.reach();
        if !reach.iter().any(|(h, _)| *h == hex) {
            return None;
        }
        let start = unit_hex(self.view, self.sel[0])?;
        let path = self.path(self.sel, start, &reach, hex)?;
        Some(Click::Walk {
            first: Command::Move {
                units: self.sel.to_vec(),
                mode: self.move_mode,
            },
            rest: path,
        })
    }

    fn move_click(&self, hex: Hex) -> Click {
        let Some((units, start)) = self.moving() else {
            return self.fallback(hex);
        };
        if hex == start {
            let cmds = self.anchored(hex);
            return if cmds.is_empty() {
                Click::OpenStack(hex)
            } else {
                Click::Menu(self.menu_of(cmds))
            };
        }
        let step = Command::Step { hex };
        if self.legal.contains(&step) {
            return Click::Submit(step);
        }
        let reach = self.reach();
        if reach.iter().any(|(h, _)| *h == hex)
            && let Some(path) = self.path(&units, start, &reach, hex)
            && let Some((first, rest)) = path.split_first()
        {
            return Click::Walk {
                first: Command::Step { hex: *first },
                rest: rest.to_vec(),
            };
        }
        match self.fallback(hex) {
            Click::Hint(_) => Click::Hint(format!(
                "{hex} is out of reach: not enough movement points left, or the way is blocked."
            )),
            other => other,
        }
    }
}
