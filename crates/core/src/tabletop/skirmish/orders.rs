//! Orders: what each may do (checks), what happens (execution), and the
//! orders a policy is offered. Sections are those of the module docs.

use super::table::{Going, Sight, TABLE};
use super::*;
use crate::refusal::{Checked, ensure, ensure_with, refuse};
use crate::tabletop::{
    Direction, Eye, HUNDREDTH, MovePlan, UP_THE_TABLE, bases_crossed, line_of_sight, plan_move,
    scatter,
};

/// The longest shot (Skirmish 5), edge to edge.
pub const RANGE: f64 = 24.0;

/// A line of fire from one stand to another, as the rules judge it.
#[derive(Clone, Debug, PartialEq)]
pub struct FireLine {
    pub sight: crate::tabletop::Sight,
    /// Other stands the line passes over.
    pub crossed: Vec<u8>,
    /// Edge to edge, inches.
    pub range: f64,
    pub in_arc: bool,
}

impl FireLine {
    /// Seen, in range, in arc and over at most one stand.
    pub fn open(&self) -> bool {
        matches!(self.sight.seen, Seen::Clear | Seen::Cover)
            && self.range <= RANGE
            && self.in_arc
            && self.crossed.len() <= 1
    }
}

impl Skirmish {
    /// A move of `stand` straight to `to`, priced and cut short where it
    /// must end (Skirmish 3).
    pub fn plan(&self, s: Scene, stand: u8, to: Point) -> Option<MovePlan> {
        let st = s.stand(stand)?;
        let others: Vec<Base> = s
            .stands
            .iter()
            .filter(|o| o.id != stand && o.alive())
            .map(|o| o.base)
            .collect();
        Some(plan_move(
            &st.base,
            &[st.base.centre(), to],
            st.kind.allowance(),
            &self.features_now(s.smoke),
            &others,
            &Going,
        ))
    }

    /// What `stand` sees of the point `at` (a stand standing there).
    pub fn sight_to(&self, s: Scene, stand: u8, at: Point) -> Option<crate::tabletop::Sight> {
        let st = s.stand(stand)?;
        let fs = self.features_now(s.smoke);
        Some(line_of_sight(
            Eye::standing(st.base.centre(), 0.0, &fs),
            Eye::standing(at, 0.0, &fs),
            &fs,
            &Sight,
        ))
    }

    /// The line of fire from `firer` to `target` (Skirmish 4, 5).
    pub fn fire_line(&self, s: Scene, firer: u8, target: u8) -> Option<FireLine> {
        let (f, t) = (s.stand(firer)?, s.stand(target)?);
        let (a, b) = (f.base.centre(), t.base.centre());
        let others: Vec<(u8, Base)> = s
            .stands
            .iter()
            .filter(|o| o.id != firer && o.id != target && o.alive())
            .map(|o| (o.id, o.base))
            .collect();
        let bases: Vec<Base> = others.iter().map(|o| o.1).collect();
        let crossed = bases_crossed(a, b, &bases)
            .into_iter()
            .map(|c| others[c.base].0)
            .collect();
        Some(FireLine {
            sight: self.sight_to(s, firer, b)?,
            crossed,
            range: f.base.distance_to(&t.base),
            in_arc: f.base.front_arc(f.kind.arc()).reaches(&t.base),
        })
    }
}

fn on_table(p: Point) -> bool {
    p.is_finite() && (0.0..=TABLE.x).contains(&p.x) && (0.0..=TABLE.y).contains(&p.y)
}

fn snapped(p: Point) -> bool {
    p.snapped(HUNDREDTH) == p
}

/// The stand an order activates, if it may be activated now (Skirmish 1).
fn ready(s: &State, id: u8) -> Result<&Stand, Refusal> {
    let Step::Activate { side } = s.step else {
        return refuse("1", "The game is over.");
    };
    let Some(st) = s.stand(id) else {
        return refuse("2", "There is no such stand.");
    };
    ensure(st.side == side, "1", "That stand is the other side's.")?;
    ensure(st.alive(), "5", "That stand has been killed.")?;
    ensure(!st.acted, "1", "That stand has already acted this turn.")?;
    ensure(!s.passed[side as usize], "1", "This side has passed.")?;
    Ok(st)
}

pub(super) fn check(g: &Skirmish, s: &State, o: &Order) -> Checked {
    match *o {
        Order::Pass => match s.step {
            Step::Activate { .. } => Ok(()),
            Step::Over => refuse("1", "The game is over."),
        },
        Order::Move { stand, to } => {
            let st = ready(s, stand)?;
            ensure(
                st.status == Status::Ok,
                "3",
                "A pinned or suppressed stand cannot move.",
            )?;
            ensure(on_table(to), "3", "That point is off the table.")?;
            ensure(snapped(to), "3", "Positions are given to 1/100 inch.")?;
            ensure(
                to.distance(st.base.centre()) >= 0.1,
                "3",
                "That is no move at all.",
            )?;
            let plan = g.plan(s.scene(), stand, to).expect("the stand exists");
            match plan.halt {
                None => Ok(()),
                Some(crate::tabletop::Halt::OutOfMovement) => refuse(
                    "3",
                    format!(
                        "That needs {:.1}\" of movement; the {} has {}\".",
                        plan.needed.unwrap_or(f64::INFINITY),
                        st.kind.name(),
                        st.kind.allowance()
                    ),
                ),
                Some(crate::tabletop::Halt::Blocked { .. }) => {
                    refuse("3", "Another stand is in the way.")
                }
                Some(_) => refuse("3", "The stand cannot go there."),
            }
        }
        Order::Face { stand, toward } => {
            let st = ready(s, stand)?;
            ensure(
                st.status != Status::Suppressed,
                "2",
                "A suppressed stand can only rally.",
            )?;
            ensure(
                on_table(toward) && snapped(toward),
                "2",
                "Face a point on the table.",
            )?;
            ensure(
                toward.distance(st.base.centre()) >= 0.5,
                "2",
                "Face a point away from the stand.",
            )
        }
        Order::Fire { stand, target } => {
            let st = ready(s, stand)?;
            ensure(
                st.status != Status::Suppressed,
                "5",
                "A suppressed stand cannot fire.",
            )?;
            let Some(t) = s.stand(target) else {
                return refuse("5", "There is no such target.");
            };
            ensure(t.side != st.side, "5", "Fire at the enemy.")?;
            ensure(t.alive(), "5", "That stand is already killed.")?;
            let line = g.fire_line(s.scene(), stand, target).expect("both exist");
            ensure_with(line.range <= RANGE, "5", || {
                format!("It is {:.1}\" away; the longest shot is 24\".", line.range)
            })?;
            ensure(
                line.in_arc,
                "5",
                "The target is outside the HMG's front arc.",
            )?;
            match line.sight.seen {
                Seen::Blocked => refuse("4", "The target cannot be seen."),
                Seen::Dead => refuse("4", "The target is in dead ground."),
                _ => Ok(()),
            }?;
            ensure(
                line.crossed.len() <= 1,
                "4",
                "The line of fire passes over two stands or more.",
            )
        }
        Order::Rally { stand } => {
            let st = ready(s, stand)?;
            ensure(
                matches!(st.status, Status::Pinned | Status::Suppressed),
                "6",
                "Only a pinned or suppressed stand rallies.",
            )
        }
        Order::Call { stand, support, at } => {
            let st = ready(s, stand)?;
            ensure(
                st.kind == StandKind::Leader,
                "7",
                "Only a leader calls support.",
            )?;
            ensure(
                st.status != Status::Suppressed,
                "7",
                "A suppressed leader can only rally.",
            )?;
            ensure(
                s.support_left(st.side, support) > 0,
                "7",
                "None of that support is left.",
            )?;
            ensure(
                on_table(at) && snapped(at),
                "7",
                "Aim at a point on the table.",
            )?;
            let sight = g.sight_to(s.scene(), stand, at).expect("the stand exists");
            ensure(
                matches!(sight.seen, Seen::Clear | Seen::Cover),
                "7",
                "The leader must see the point.",
            )
        }
    }
}

/// The orders a policy is offered: a sample of the plane (Skirmish has
/// infinitely many moves) that the checks then filter.
pub(super) fn candidates(g: &Skirmish, s: &State) -> Vec<Order> {
    let Step::Activate { side } = s.step else {
        return vec![];
    };
    let mut out = vec![Order::Pass];
    let enemies: Vec<&Stand> = s
        .stands
        .iter()
        .filter(|t| t.side != side && t.alive())
        .collect();
    for st in s.ready(side) {
        let c = st.base.centre();
        out.push(Order::Rally { stand: st.id });
        for t in &enemies {
            out.push(Order::Fire {
                stand: st.id,
                target: t.id,
            });
            out.push(Order::Face {
                stand: st.id,
                toward: t.base.centre().snapped(HUNDREDTH),
            });
            if st.kind == StandKind::Leader {
                for (sup, left) in &s.support[side as usize] {
                    if *left > 0 {
                        out.push(Order::Call {
                            stand: st.id,
                            support: *sup,
                            at: t.base.centre().snapped(HUNDREDTH),
                        });
                    }
                }
            }
        }
        if st.status != Status::Ok {
            continue;
        }
        // Eight ways at full stretch, and towards each enemy: as far as the
        // move gets, a hundredth short so the rounded point is reachable.
        let mut aims: Vec<Point> = (0..8)
            .map(|k| {
                let d = crate::tabletop::heading(UP_THE_TABLE, Direction::Degrees(45.0 * k as f64));
                c + d * st.kind.allowance()
            })
            .collect();
        aims.extend(enemies.iter().map(|t| t.base.centre()));
        for aim in aims {
            let aim = Point::new(
                aim.x.clamp(0.5, TABLE.x - 0.5),
                aim.y.clamp(0.5, TABLE.y - 0.5),
            );
            let Some(plan) = g.plan(s.scene(), st.id, aim) else {
                continue;
            };
            let back = (plan.reach - 0.02).max(0.0);
            let to = c.toward(aim, back).snapped(HUNDREDTH);
            out.push(Order::Move { stand: st.id, to });
        }
    }
    out
}

fn roll_attack(s: &mut State, target: u8, dice: u8, cover: bool, under: Option<f64>) -> Attack {
    let n = dice.saturating_sub(cover as u8);
    let rolled: Vec<u8> = (0..n).map(|_| s.rng.die(6)).collect();
    let hits = rolled.iter().filter(|&&d| d >= 5).count() as u8;
    let hit = match hits {
        0 => Status::Ok,
        1 => Status::Pinned,
        2 => Status::Suppressed,
        _ => Status::Killed,
    };
    let t = &mut s.stands[target as usize];
    let before = t.status;
    t.status = before.max(hit);
    if t.status == Status::Killed && before != Status::Killed {
        let killer = 1 - t.side;
        s.kills[killer as usize] += 1;
    }
    Attack {
        target,
        dice,
        cover,
        rolled,
        hits,
        result: s.stands[target as usize].status,
        under,
    }
}

pub(super) fn execute(g: &Skirmish, s: &mut State, o: &Order, events: &mut Vec<Event>) {
    let Step::Activate { side } = s.step else {
        return;
    };
    match *o {
        Order::Pass => {
            s.passed[side as usize] = true;
            events.push(Event::Passed { side });
        }
        Order::Move { stand, to } => {
            let plan = g.plan(s.scene(), stand, to).expect("checked");
            let st = &mut s.stands[stand as usize];
            let from = st.base.centre();
            st.base = st.base.at(to).facing_dir(to - from);
            st.acted = true;
            events.push(Event::Moved {
                stand,
                from,
                to,
                spent: plan.spent,
            });
        }
        Order::Face { stand, toward } => {
            let st = &mut s.stands[stand as usize];
            st.base = st.base.facing_toward(toward);
            st.acted = true;
            events.push(Event::Faced {
                stand,
                facing: st.base.facing(),
            });
        }
        Order::Fire { stand, target } => {
            let line = g.fire_line(s.scene(), stand, target).expect("checked");
            let dice = s.stands[stand as usize].kind.dice();
            s.stands[stand as usize].acted = true;
            let attack = roll_attack(s, target, dice, line.sight.seen == Seen::Cover, None);
            events.push(Event::Fired {
                stand,
                sight: line.sight.seen,
                attack,
            });
        }
        Order::Rally { stand } => {
            let roll = s.rng.die(6);
            let st = &mut s.stands[stand as usize];
            let from = st.status;
            if roll >= 4 {
                st.status = match from {
                    Status::Suppressed => Status::Pinned,
                    _ => Status::Ok,
                };
            }
            st.acted = true;
            events.push(Event::Rallied {
                stand,
                roll,
                from,
                to: st.status,
            });
        }
        Order::Call { stand, support, at } => {
            let caller = s.stands[stand as usize].base.centre();
            s.stands[stand as usize].acted = true;
            if let Some(left) = s.support[side as usize]
                .iter_mut()
                .find(|(k, _)| *k == support)
            {
                left.1 -= 1;
            }
            let roll = s.rng.die(6);
            let (landed_at, scatter_by) = if roll <= 2 {
                (at, None)
            } else {
                let deg = s.rng.below(360);
                let dist = s.rng.die(6);
                (
                    scatter(
                        at,
                        UP_THE_TABLE,
                        Direction::Degrees(deg as f64),
                        dist as f64,
                    ),
                    Some((deg, dist)),
                )
            };
            let landed = support.template(caller, landed_at);
            let mut attacks = vec![];
            match (support.dice(), landed) {
                (None, Template::Rect(rect)) => s.smoke.push(Smoke {
                    rect,
                    until: s.turn + 1,
                }),
                (Some(dice), t) => {
                    let fs = g.features_now(&s.smoke);
                    let targets: Vec<(u8, f64, bool)> = s
                        .stands
                        .iter()
                        .filter(|x| x.alive())
                        .map(|x| {
                            let in_cover = fs.iter().any(|f| {
                                f.kind.sight().cover == crate::tabletop::Cover::Inside
                                    && f.contains(x.base.centre())
                            });
                            (x.id, x.base.fraction_under(&t), in_cover)
                        })
                        .filter(|(_, frac, _)| *frac >= 0.5)
                        .collect();
                    for (id, frac, in_cover) in targets {
                        let cover = in_cover && support.cover_counts();
                        attacks.push(roll_attack(s, id, dice, cover, Some(frac)));
                    }
                }
                (None, Template::Circle(_)) => {}
            }
            events.push(Event::Called {
                stand,
                support,
                aim: at,
                roll,
                scatter: scatter_by,
                landed,
                attacks,
            });
        }
    }
    advance(s, events);
}

/// After an order: the other side's turn to activate if it can, else this
/// side's again; the turn's end when neither can; the game's end.
fn advance(s: &mut State, events: &mut Vec<Event>) {
    let Step::Activate { side } = s.step else {
        return;
    };
    let wiped = |s: &State, side| !s.stands.iter().any(|x| x.side == side && x.alive());
    if wiped(s, US) || wiped(s, VC) {
        s.step = Step::Over;
        return;
    }
    let other = 1 - side;
    if s.ready(other).next().is_some() {
        s.step = Step::Activate { side: other };
        return;
    }
    if s.ready(side).next().is_some() {
        return;
    }
    let turn = s.turn;
    let before = s.smoke.len();
    s.smoke.retain(|m| m.until > turn);
    events.push(Event::TurnEnded {
        turn,
        smoke_cleared: (before - s.smoke.len()) as u8,
    });
    if turn >= TURNS {
        s.step = Step::Over;
        return;
    }
    s.turn += 1;
    s.passed = [false, false];
    for x in &mut s.stands {
        x.acted = false;
    }
    s.step = Step::Activate { side: US };
}
