//! Chart: DIVISIONAL ARTILLERY and Notes: DIVISIONAL ARTILLERY, PRE GAME
//! BOMBARDMENT: higher-echelon guns (all Vietnamese artillery; US guns
//! above 81mm) are plotted at the start of the turn by a divisional FOO
//! with a line of sight to the target, among 12 numbered counters the
//! enemy sees without knowing which are real, and land at the end of the
//! turn. The divisional FOO needs no card and may move instead of
//! plotting. A set-piece attack may open with a pre-game bombardment:
//! turn 0, 5D6 templates, deviation rolled, the defenders dug in.

use crate::PlatoonCards;
use crate::area_fire::{Barrage, CoverRule};
use crate::command::{Aim, Command};
use crate::data::Control;
use crate::event::{Event, Source};
use crate::geometry;
use crate::sections::*;
use crate::state::*;
use crate::step::{Pending, Step};
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::tabletop::Point;

impl PlatoonCards {
    fn divisional_observers<'a>(
        &'a self,
        s: &'a State,
        side: Side,
    ) -> impl Iterator<Item = &'a Stand> {
        s.stands.iter().filter(move |st| {
            st.side == side && st.on_table() && self.unit(st).observer == Some(Control::Divisional)
        })
    }

    pub fn may_plot_divisional(&self, s: &State, side: Side) -> bool {
        s.batteries
            .iter()
            .any(|b| b.side == side && b.control == Control::Divisional)
            && self.divisional_observers(s, side).next().is_some()
    }

    fn plot_side(&self, s: &State) -> Option<Side> {
        match s.step() {
            Step::PlotDivisional { side } => Some(*side),
            _ => None,
        }
    }

    pub(crate) fn plot_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        let mut spots: Vec<Point> = s
            .on_table()
            .filter(|e| e.side != side && !e.hidden)
            .map(|e| e.pos)
            .collect();
        spots.extend(
            s.cards
                .iter()
                .filter(|c| c.side != side && !c.revealed)
                .map(|c| c.pos),
        );
        spots.truncate(8);
        for at in spots {
            out.push(Command::PlotCounter {
                at: geometry::snap(at),
            });
        }
        for b in s
            .batteries
            .iter()
            .filter(|b| b.side == side && b.control == Control::Divisional)
        {
            for c in s.plots.iter().filter(|c| c.side == side) {
                out.push(Command::AssignBattery {
                    battery: b.id,
                    counter: c.number,
                });
            }
        }
        for fo in self.divisional_observers(s, side) {
            for k in 0..4 {
                let to = geometry::snap(fo.pos + geometry::facing_vec(90.0 * k as f64) * 3.0);
                out.push(Command::MoveObserver { stand: fo.id, to });
            }
        }
        out.push(Command::PlotDone);
    }

    pub(crate) fn check_plot_counter(&self, s: &State, at: Point) -> Checked {
        let Some(side) = self.plot_side(s) else {
            return refuse(
                DIVISIONAL,
                "Divisional fire is plotted at the start of the turn.",
            );
        };
        ensure(
            at.x.is_finite() && at.y.is_finite() && self.tabletop_of(s).contains(at),
            DIVISIONAL_NOTES,
            "Counters go on the table.",
        )?;
        let mine = s.plots.iter().filter(|c| c.side == side).count();
        ensure(
            mine < self.charts.divisional.counters.value as usize,
            DIVISIONAL_NOTES,
            "All 12 counters are down.",
        )?;
        ensure(
            !s.plots
                .iter()
                .any(|c| c.side == side && c.pos.distance(at) < 1.0),
            DIVISIONAL_NOTES,
            "A counter is there already.",
        )
    }

    pub(crate) fn execute_plot_counter(&self, s: &mut State, at: Point, ev: &mut Vec<Event>) {
        let Some(side) = self.plot_side(s) else {
            return;
        };
        let number = s.plots.iter().filter(|c| c.side == side).count() as u8 + 1;
        s.plots.push(PlotCounter {
            number,
            side,
            pos: at,
            battery: None,
        });
        ev.push(Event::Plotted {
            side,
            counter: number,
            at,
        });
    }

    pub(crate) fn check_assign(&self, s: &State, battery: u16, counter: u8) -> Checked {
        let Some(side) = self.plot_side(s) else {
            return refuse(
                DIVISIONAL,
                "Divisional fire is plotted at the start of the turn.",
            );
        };
        let Some(b) = s.batteries.iter().find(|b| b.id == battery) else {
            return refuse(DIVISIONAL, "No such battery.");
        };
        ensure(b.side == side, DIVISIONAL, "That battery is not yours.")?;
        ensure(
            b.control == Control::Divisional,
            DIVISIONAL,
            "Local artillery is called by a local FO in his activation.",
        )?;
        ensure(
            !s.plots.iter().any(|c| c.battery == Some(battery)),
            DIVISIONAL,
            "That battery is plotted already this turn.",
        )?;
        let Some(c) = s
            .plots
            .iter()
            .find(|c| c.side == side && c.number == counter)
        else {
            return refuse(DIVISIONAL_NOTES, "No such counter.");
        };
        let seen = self.divisional_observers(s, side).any(|fo| {
            fo.act.distance <= 1e-9 && {
                let level = self.ground_level(s, c.pos);
                self.sight_line(s, self.eye(s, fo), c.pos, level, None)
                    .clear
            }
        });
        ensure(
            seen,
            DIVISIONAL_NOTES,
            "A divisional FOO who has not moved must have a line of sight to the target.",
        )
    }

    pub(crate) fn execute_assign(
        &self,
        s: &mut State,
        battery: u16,
        counter: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(side) = self.plot_side(s) else {
            return;
        };
        if let Some(c) = s
            .plots
            .iter_mut()
            .find(|c| c.side == side && c.number == counter)
        {
            c.battery = Some(battery);
        }
        ev.push(Event::BatteryAssigned {
            side,
            battery,
            counter,
        });
    }

    pub(crate) fn check_move_observer(&self, s: &State, stand: StandId, to: Point) -> Checked {
        let Some(side) = self.plot_side(s) else {
            return refuse(
                DIVISIONAL_NOTES,
                "A divisional FOO moves at the start of the turn.",
            );
        };
        let Some(fo) = s.stands.get(stand as usize) else {
            return refuse(DIVISIONAL_NOTES, "No such FOO.");
        };
        ensure(
            fo.side == side && fo.on_table() && self.unit(fo).observer == Some(Control::Divisional),
            DIVISIONAL_NOTES,
            "Only a divisional FOO moves outside the card sequence.",
        )?;
        ensure(
            fo.act.distance <= 1e-9,
            DIVISIONAL_NOTES,
            "It may not be activated more than once a turn.",
        )?;
        ensure(
            !s.plots
                .iter()
                .any(|c| c.side == side && c.battery.is_some()),
            AREA_FIRE,
            "FOOs may not plot and move in the same activation: the plot is made.",
        )?;
        ensure(
            fo.status == Status::Ok,
            MORALE_NOTES,
            "Suppressed or disrupted: it does not move.",
        )?;
        self.check_place(s, fo, to)?;
        let cost = self.leg_cost(s, fo, fo.pos, to)?;
        ensure(
            cost <= self.allowance_of(s, fo) + 1e-6,
            MOVEMENT,
            "Beyond its move.",
        )?;
        self.check_wire_crossing(s, fo, fo.pos, to)
    }

    pub(crate) fn execute_move_observer(
        &self,
        s: &mut State,
        stand: StandId,
        to: Point,
        ev: &mut Vec<Event>,
    ) {
        let from = s.stand(stand).pos;
        let cost = self.leg_cost(s, s.stand(stand), from, to).unwrap_or(0.0);
        if s.stand(stand).hidden {
            self.reveal_platoon(s, s.stand(stand).platoon, None, ev);
        }
        self.place_stand(s, stand, to, ev, cost, false);
    }

    pub(crate) fn check_plot_done(&self, s: &State) -> Checked {
        ensure(
            self.plot_side(s).is_some(),
            DIVISIONAL,
            "No plot is under way.",
        )
    }

    /// Done: the counters not placed go down where the dice say, decoys.
    pub(crate) fn execute_plot_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(Step::PlotDivisional { side }) = s.steps.pop() else {
            return;
        };
        if !s
            .plots
            .iter()
            .any(|c| c.side == side && c.battery.is_some())
        {
            // Nothing plotted: no counters either.
            s.plots.retain(|c| c.side != side);
            return;
        }
        let t = self.tabletop_of(s).clone();
        let mut n = s.plots.iter().filter(|c| c.side == side).count();
        let want = self.charts.divisional.counters.value as usize;
        while n < want {
            let x = 1.0 + s.rng.below((t.width - 2.0) as u32) as f64;
            let y = 1.0 + s.rng.below((t.height - 2.0) as u32) as f64;
            n += 1;
            let at = Point::new(x, y);
            s.plots.push(PlotCounter {
                number: n as u8,
                side,
                pos: at,
                battery: None,
            });
            ev.push(Event::Plotted {
                side,
                counter: n as u8,
                at,
            });
        }
    }

    /// The plotted fire lands; the counters come off.
    pub(crate) fn divisional_falls(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.plots.is_empty() {
            return;
        }
        let plots = std::mem::take(&mut s.plots);
        for side in [Side::Us, Side::Vc] {
            let mine: Vec<&PlotCounter> = plots.iter().filter(|c| c.side == side).collect();
            if mine.is_empty() {
                continue;
            }
            ev.push(Event::DivisionalFalls {
                side,
                counters: mine.iter().map(|c| (c.number, c.battery)).collect(),
            });
            for c in mine {
                let Some(bid) = c.battery else { continue };
                let Some(b) = s.batteries.iter().find(|b| b.id == bid).cloned() else {
                    continue;
                };
                for _ in 0..b.models {
                    self.template_fire(
                        s,
                        Barrage {
                            source: Source::Divisional {
                                battery: bid,
                                counter: c.number,
                            },
                            aim: c.pos,
                            band: b.band,
                            scatter: true,
                            deviation: 0.0,
                            cover: CoverRule::Indirect,
                            line: None,
                        },
                        ev,
                    );
                }
            }
        }
    }

    // ---- Pre-game bombardment ----

    pub(crate) fn bombard_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        let mut spots: Vec<Point> = s
            .cards
            .iter()
            .filter(|c| c.side != side && !c.revealed)
            .map(|c| c.pos)
            .collect();
        spots.extend(
            s.on_table()
                .filter(|e| e.side != side && !e.hidden)
                .map(|e| e.pos),
        );
        for o in &self.scenario_of(s).objectives {
            let n = o.area.len().max(1) as f64;
            spots.push(o.area.iter().fold(Point::new(0.0, 0.0), |a, p| a + *p) * (1.0 / n));
        }
        spots.truncate(10);
        for at in spots {
            out.push(Command::Bombard {
                aim: Aim::Point(geometry::snap(at)),
            });
        }
        for m in s
            .mines
            .iter()
            .filter(|m| m.side != side && !m.hidden && m.state != MineState::Gone)
            .take(4)
        {
            out.push(Command::Bombard {
                aim: Aim::Mine(m.marker),
            });
        }
        out.push(Command::BombardDone);
    }

    pub(crate) fn check_bombard(&self, s: &State, aim: Aim) -> Checked {
        let Step::Bombardment { side, left, .. } = s.step() else {
            return refuse(BOMBARDMENT, "The bombardment is plotted before turn 1.");
        };
        ensure(*left > 0, BOMBARDMENT, "Every template is plotted.")?;
        match aim {
            Aim::Point(p) => ensure(
                p.x.is_finite() && p.y.is_finite() && self.tabletop_of(s).contains(p),
                BOMBARDMENT,
                "Aim at a point on the table.",
            ),
            Aim::Mine(m) => ensure(
                s.mines.iter().any(|x| {
                    x.marker == m && x.side != *side && !x.hidden && x.state != MineState::Gone
                }),
                BOMBARDMENT,
                "No such mine strip.",
            ),
            _ => refuse(BOMBARDMENT, "Aim at a point or a mine strip."),
        }
    }

    pub(crate) fn execute_bombard(&self, s: &mut State, aim: Aim, _ev: &mut [Event]) {
        if let Some(Step::Bombardment { left, aims, .. }) = s.steps.last_mut() {
            aims.push(aim);
            *left -= 1;
            if *left == 0 {
                self.bombardment_ready(s);
            }
        }
    }

    pub(crate) fn check_bombard_done(&self, s: &State) -> Checked {
        ensure(
            matches!(s.step(), Step::Bombardment { .. }),
            BOMBARDMENT,
            "No bombardment is being plotted.",
        )
    }

    pub(crate) fn bombardment_ready(&self, s: &mut State) {
        if let Some(Step::Bombardment { side, aims, .. }) = s.steps.pop() {
            s.bombard = aims;
            s.bombard_side = Some(side);
            s.steps.push(Step::Resolve(Pending::Bombardment));
        }
    }

    pub(crate) fn resolve_bombardment(&self, s: &mut State, ev: &mut Vec<Event>) {
        let aims = std::mem::take(&mut s.bombard);
        let Some(side) = s.bombard_side.take() else {
            return;
        };
        let points: Vec<Point> = aims.iter().filter_map(|a| self.aim_point(s, *a)).collect();
        ev.push(Event::BombardmentPlotted { side, aims: points });
        let band = self.charts.divisional.bombardment_band.value;
        let dug_in = self
            .scenario_of(s)
            .bombardment
            .as_ref()
            .is_some_and(|b| b.dug_in);
        for aim in aims {
            match aim {
                Aim::Mine(_) | Aim::Wire(_) => {
                    self.strip_fire(s, Source::Bombardment, aim, band, ev)
                }
                Aim::Point(p) => self.template_fire(
                    s,
                    Barrage {
                        source: Source::Bombardment,
                        aim: p,
                        band,
                        scatter: true,
                        deviation: 0.0,
                        cover: if dug_in {
                            CoverRule::DugIn(side.other())
                        } else {
                            CoverRule::Indirect
                        },
                        line: None,
                    },
                    ev,
                ),
                Aim::Stand(_) => {}
            }
        }
    }
}
