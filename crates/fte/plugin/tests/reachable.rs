//! Every legal command can be given with the mouse: a click on the board
//! (at once, from the menu it opens, by aiming, or by walking a path), or a
//! button of the column. Checked over random games of every scenario.

use fte_plugin::pick::{Aim, AimKind, Click, Ctx, Tool};
use fte_rules::state::{Altitude, MoveMode, UnitId};
use fte_rules::step::Kind as K;
use fte_rules::view::View;
use fte_rules::{Command, Fte, State};
use vt_core::{GameRng, Ruleset, Setup};

/// Commands the column shows as buttons for their decision.
fn button(c: &Command) -> bool {
    matches!(
        c,
        Command::Pass
            | Command::SetupDone
            | Command::EndActivation
            | Command::EndMove
            | Command::Climb
            | Command::Descend
            | Command::EnterFort
            | Command::LeaveFort
            | Command::Drop { .. }
            | Command::ExitMap
            | Command::EnterTunnel
            | Command::OpFirePass
            | Command::OpFireAttempt { .. }
            | Command::AssaultHold
            | Command::NoAdvance
            | Command::LeaveCasualty
            | Command::EventPass
            | Command::Interrogate
            | Command::NoInterrogation
            | Command::Detonate
            | Command::DetonateAt { .. }
            | Command::ExecuteMission
            | Command::CancelMission
            | Command::ConcealDone
            | Command::Search { .. }
            | Command::Recover { .. }
            | Command::DestroyCache { .. }
            | Command::RequestMedevac { .. }
            | Command::Load { .. }
            | Command::Unload { .. }
            | Command::Abandon { .. }
    )
}

fn subset(a: &[UnitId], b: &[UnitId]) -> bool {
    a.iter().all(|u| b.contains(u))
}

fn aim_offers(a: &Aim, c: &Command) -> bool {
    match c {
        Command::Fire {
            firers,
            primary,
            target,
        } => {
            a.kind == AimKind::Fire
                && a.target == Some(*target)
                && subset(firers, &a.choices)
                && a.choices.contains(primary)
        }
        Command::AssaultFire {
            firers,
            primary,
            target,
        } => {
            a.kind == AimKind::AssaultFire
                && a.target == Some(*target)
                && subset(firers, &a.choices)
                && a.choices.contains(primary)
        }
        Command::OpFire {
            primary,
            supporters,
            target,
        } => {
            a.kind == AimKind::OpFire
                && a.target == Some(*target)
                && subset(supporters, &a.choices)
                && a.choices.contains(primary)
        }
        Command::Assault { units, hex } => {
            a.kind == AimKind::Assault && a.hex == *hex && subset(units, &a.choices)
        }
        _ => false,
    }
}

fn offers(click: &Click, c: &Command) -> bool {
    match click {
        Click::Submit(x) => x == c,
        Click::Walk { first, .. } => first == c,
        Click::Aim(a) => aim_offers(a, c),
        Click::Menu(items) => items.iter().any(|i| offers(&i.then, c)),
        _ => false,
    }
}

struct Probe<'a> {
    rules: &'a Fte,
    state: &'a State,
    view: &'a View,
    kind: Option<K>,
    legal: &'a [Command],
}

impl Probe<'_> {
    fn ctx<'b>(
        &'b self,
        sel: &'b [UnitId],
        mode: MoveMode,
        alt: Altitude,
        tool: &'b Tool,
    ) -> Ctx<'b> {
        Ctx {
            rules: self.rules,
            state: self.state,
            view: self.view,
            kind: self.kind,
            legal: self.legal,
            sel,
            move_mode: mode,
            altitude: alt,
            tool,
            situation: None,
        }
    }

    /// A board route for `c`, or why there is none.
    fn route(&self, c: &Command) -> Result<(), String> {
        let play = Tool::Play;
        let none: Vec<UnitId> = Vec::new();
        let anchors = fte_plugin::model::anchors(self.view, c);
        let click_any = |ctx: &Ctx| anchors.iter().any(|h| offers(&ctx.click(*h), c));
        let ok = match c {
            // Putting a unit back where it stands changes nothing.
            Command::Place { unit, hex }
                if fte_plugin::model::unit_hex(self.view, *unit) == Some(*hex) =>
            {
                true
            }
            Command::Place { unit, .. } => {
                let sel = vec![*unit];
                click_any(&self.ctx(&sel, MoveMode::Normal, Altitude::Treetop, &play))
            }
            Command::Plot { .. } => {
                click_any(&self.ctx(&none, MoveMode::Normal, Altitude::Treetop, &Tool::Plot))
            }
            Command::Enter { unit, altitude, .. } => {
                // The arriving unit is picked in the column first.
                let sel = vec![*unit];
                click_any(&self.ctx(&sel, MoveMode::Normal, *altitude, &play))
            }
            Command::RequestFireMission { unit, .. } => click_any(&self.ctx(
                &none,
                MoveMode::Normal,
                Altitude::Treetop,
                &Tool::FireMission { unit: *unit },
            )),
            Command::Move { units, mode } => {
                let ctx = self.ctx(units, *mode, Altitude::Treetop, &play);
                let reach = ctx.reach();
                if reach.is_empty() {
                    // Nowhere to go: the column's "begin a move here"
                    // button (a helicopter hovering or changing level).
                    true
                } else {
                    reach.iter().any(|(h, _)| offers(&ctx.click(*h), c))
                }
            }
            Command::Fire { firers, .. } | Command::Assault { units: firers, .. } => {
                click_any(&self.ctx(firers, MoveMode::Normal, Altitude::Treetop, &play))
            }
            _ if button(c) => true,
            // The column lists, as buttons, every command of these
            // decisions that has no place on the board (a Low Ammo marker
            // for an enemy unit under a Concealed marker, 19.2).
            _ if anchors.is_empty()
                && !matches!(
                    self.kind,
                    Some(
                        K::Setup
                            | K::Activate
                            | K::Action
                            | K::Move
                            | K::OpportunityFire
                            | K::OpportunityFireTarget
                            | K::AssaultAttack
                            | K::AssaultDefend
                            | K::Reinforcements
                    )
                ) =>
            {
                true
            }
            _ => click_any(&self.ctx(&none, MoveMode::Normal, Altitude::Treetop, &play)),
        };
        if ok {
            Ok(())
        } else {
            Err(format!(
                "{:?} ({c:?}) has no board route; anchors {anchors:?}",
                self.kind
            ))
        }
    }
}

#[test]
fn every_legal_command_has_a_mouse_route() {
    let rules = Fte::embedded();
    let mut failures = Vec::new();
    let mut checked = 0usize;
    for (i, sc) in rules.scenarios.iter().enumerate() {
        for seed in 0..3u64 {
            let mut state = rules
                .new_game(&Setup::new(&sc.id, 100 + seed))
                .expect("scenario");
            let mut rng = GameRng::seeded(7 + seed * 31 + i as u64);
            for _ in 0..400 {
                let d = rules.decision(&state);
                let Some(side) = d.side else { break };
                let legal = rules.legal(&state);
                if legal.is_empty() {
                    break;
                }
                let view = rules.view(&state, side);
                let probe = Probe {
                    rules: &rules,
                    state: &state,
                    view: &view,
                    kind: d.kind_as(),
                    legal: &legal,
                };
                for c in &legal {
                    checked += 1;
                    if let Err(e) = probe.route(c) {
                        failures.push(format!("{} seed {seed}: {e}", sc.id));
                    }
                }
                let c = legal[rng.index(legal.len())].clone();
                let mut ev = Vec::new();
                rules.execute(&mut state, &c, &mut ev);
            }
        }
    }
    assert!(checked > 1000, "only {checked} commands checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} commands unreachable, e.g.:\n{}",
        failures.len(),
        failures
            .iter()
            .step_by((failures.len() / 15).max(1))
            .take(15)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
