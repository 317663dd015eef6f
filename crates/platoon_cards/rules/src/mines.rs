//! Chart: MINES: 2" x 2" strips, two bogus for every real one, on the
//! defender's side of the table, real or bogus unknown until crossed. A
//! unit entering one stops; enemy overwatch may fire first (suppressed or
//! worse: it halts for the turn, unharmed, the strip unknown); then the
//! roll by type: M113s and tanks 5-6 destroyed / 3-4 track lost / 1-2
//! cleared; trucks and jeeps 3-6 destroyed / 1-2 cleared; engineers 6 lost,
//! otherwise cleared; other infantry 5-6 destroyed / 3-4 through, strip
//! still live / 1-2 cleared. Half a move to pass. A vehicle destroyed in a
//! strip stays there and no vehicle may enter it again.

use crate::PlatoonCards;
use crate::command::Command;
use crate::data::Mover;
use crate::event::{Check, Effect, Event, MineOutcome, Pool};
use crate::sections::*;
use crate::state::*;
use crate::step::{Pending, Step, Trigger, TriggerKind};
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::tabletop::{EPS, Feature, Point, sight};

impl PlatoonCards {
    pub fn strip_corners(&self, at: Point) -> Vec<Point> {
        let h = self.charts.mines.strip.value / 2.0;
        vec![
            Point::new(at.x - h, at.y - h),
            Point::new(at.x + h, at.y - h),
            Point::new(at.x + h, at.y + h),
            Point::new(at.x - h, at.y + h),
        ]
    }

    /// The first enemy strip a move enters, and the point just inside it.
    pub fn first_mine_on(
        &self,
        s: &State,
        stand: StandId,
        from: Point,
        to: Point,
    ) -> Option<(u16, Point)> {
        let st = s.stand(stand);
        if st.airborne {
            return None;
        }
        let len = from.distance(to);
        if len <= EPS {
            return None;
        }
        let mut best: Option<(f64, u16)> = None;
        for m in &s.mines {
            if m.state == MineState::Gone || m.side == st.side {
                continue;
            }
            let f = [Feature::area((), self.strip_corners(m.pos))];
            for h in sight(from, to, &f) {
                if let Some(&(a, _)) = h.spans.iter().find(|(a, _)| *a > EPS)
                    && best.is_none_or(|b| a < b.0)
                {
                    best = Some((a, m.marker));
                }
            }
        }
        best.map(|(a, marker)| {
            let at = from + (to - from) * ((a + 0.05).min(len) / len);
            (marker, crate::geometry::snap(at))
        })
    }

    /// A unit stopped at a strip: enemy overwatch may fire, then the roll.
    pub fn mine_entered(&self, s: &mut State, stand: StandId, marker: u16, ev: &mut Vec<Event>) {
        s.steps.push(Step::Resolve(Pending::MineRoll {
            stand,
            marker,
            clearing: false,
        }));
        let at = s.stand(stand).pos;
        self.offer_reaction(
            s,
            Trigger {
                kind: TriggerKind::Minefield { marker },
                by: stand,
                at,
            },
            ev,
        );
    }

    /// No vehicle may enter a strip with a wreck in it.
    pub fn check_wrecks(&self, s: &State, st: &Stand, from: Point, to: Point) -> Checked {
        if !self.unit(st).is_vehicle() {
            return Ok(());
        }
        for m in s.mines.iter().filter(|m| m.wreck) {
            let f = [Feature::area((), self.strip_corners(m.pos))];
            ensure(
                sight(from, to, &f).iter().all(|h| h.inside <= EPS),
                MINES,
                "A wrecked vehicle blocks that minefield square to vehicles for the rest of the game.",
            )?;
        }
        Ok(())
    }

    fn damage_pool(&self, s: &mut State, dice: u8) -> Pool {
        let pool = Pool {
            base: dice,
            dice_mods: Vec::new(),
            hit_on: self.charts.area_fire.hit_on.value,
            pip_mods: Vec::new(),
            rolled: Vec::new(),
            hits: 0,
        };
        self.roll_pool(s, pool)
    }

    /// "nD6 for damage": a pool of n dice hitting on 5-6, no cover
    /// (Assumed), the small-arms results.
    fn mine_damage(&self, s: &mut State, id: StandId, dice: u8, ev: &mut Vec<Event>) {
        let pool = self.damage_pool(s, dice);
        let e = self.effect_of(pool.hits, self.takes(s, s.stand(id)));
        ev.push(Event::SmallArms {
            firer: crate::event::Firer::Stand(id),
            weapon: format!("mine blast ({dice}D6)"),
            target: id,
            range: 0.0,
            mode: crate::event::Mode::Spotted,
            pool,
            effect: e,
            note: "damage from the mine".into(),
        });
        self.apply_effect(s, id, e, ev);
    }

    pub(crate) fn mine_roll(
        &self,
        s: &mut State,
        stand: StandId,
        marker: u16,
        clearing: bool,
        ev: &mut Vec<Event>,
    ) {
        let Some(mi) = s.mines.iter().position(|m| m.marker == marker) else {
            return;
        };
        let st = s.stand(stand).clone();
        if st.gone.is_some() {
            return;
        }
        let real = s.mines[mi].real;
        if st.status != Status::Ok {
            // Fire from overwatch stopped the clearer: no damage, no
            // clearing, the strip still unknown.
            s.stand_mut(stand).act.halted = true;
            ev.push(Event::MineRoll {
                stand,
                marker,
                real: false,
                check: None,
                outcome: MineOutcome::Halted,
            });
            return;
        }
        let full = self.allowance_of(s, &st);
        s.stand_mut(stand).act.moved += self.half_turn(full);
        if !real {
            s.mines[mi].state = MineState::Gone;
            ev.push(Event::MineRoll {
                stand,
                marker,
                real: false,
                check: None,
                outcome: MineOutcome::Bogus,
            });
            return;
        }
        s.mines[mi].state = MineState::Real;
        let c = self.charts.mines.clone();
        let roll = s.rng.die(6);
        let check = Check {
            die: 6,
            roll,
            mods: Vec::new(),
            total: roll as i32,
            need: 0,
        };
        let t = self.unit(&st);
        let outcome = if t.engineers {
            if c.engineers_destroyed.value.contains(&roll) {
                MineOutcome::EngineersLost
            } else {
                MineOutcome::Cleared
            }
        } else {
            match t.mover {
                Mover::Tracked | Mover::HalfTrack => {
                    if c.tracked_destroyed.value.contains(&roll) {
                        MineOutcome::Destroyed
                    } else if c.tracked_track.value.contains(&roll) {
                        MineOutcome::LostTrack
                    } else {
                        MineOutcome::Cleared
                    }
                }
                Mover::Wheeled => {
                    if c.wheeled_destroyed.value.contains(&roll) {
                        MineOutcome::Destroyed
                    } else {
                        MineOutcome::Cleared
                    }
                }
                _ => {
                    if c.infantry_destroyed.value.contains(&roll) {
                        MineOutcome::Destroyed
                    } else if c.infantry_pass.value.contains(&roll) {
                        MineOutcome::PassedActive
                    } else {
                        MineOutcome::Cleared
                    }
                }
            }
        };
        ev.push(Event::MineRoll {
            stand,
            marker,
            real: true,
            check: Some(check),
            outcome,
        });
        let _ = clearing;
        match outcome {
            MineOutcome::Cleared => s.mines[mi].state = MineState::Gone,
            MineOutcome::EngineersLost => self.lose_stand(s, stand, Gone::Killed, ev),
            MineOutcome::PassedActive | MineOutcome::Bogus | MineOutcome::Halted => {}
            MineOutcome::LostTrack => {
                s.stand_mut(stand).immobile = true;
                let riders: Vec<(StandId, bool)> = s
                    .passengers(stand)
                    .map(|p| (p.id, p.aboard.is_some_and(|a| a.on_top)))
                    .collect();
                for (id, on_top) in riders {
                    if !on_top {
                        self.mine_damage(s, id, c.track_inside_dice.value, ev);
                    }
                }
                // Riders on top get down unhurt.
                self.unload_where(s, stand, true, ev);
            }
            MineOutcome::Destroyed => {
                let vehicle = t.is_vehicle();
                let wheeled = t.mover == Mover::Wheeled;
                let riders: Vec<(StandId, bool)> = s
                    .passengers(stand)
                    .map(|p| (p.id, p.aboard.is_some_and(|a| a.on_top)))
                    .collect();
                self.lose_stand(s, stand, Gone::Destroyed, ev);
                if vehicle {
                    s.mines[mi].wreck = true;
                }
                for (id, on_top) in riders {
                    if wheeled {
                        self.mine_damage(s, id, c.wheeled_passenger_dice.value, ev);
                    } else if on_top {
                        self.mine_damage(s, id, c.riders_thrown_dice.value, ev);
                    } else {
                        self.lose_stand(s, id, Gone::Killed, ev);
                    }
                }
                self.unload_all(s, stand, ev);
            }
        }
        let _ = Effect::None;
    }

    pub(crate) fn check_clear_mines(&self, s: &State, stand: StandId, marker: u16) -> Checked {
        self.check_may_move(s, stand)?;
        let st = s.stand(stand);
        ensure(
            self.unit(st).engineers,
            MINES,
            "Only engineers clear a minefield square deliberately.",
        )?;
        let Some(m) = s
            .mines
            .iter()
            .find(|m| m.marker == marker && m.state != MineState::Gone)
        else {
            return refuse(MINES, "No such mine strip.");
        };
        ensure(m.side != st.side, MINES, "That strip is your own.")?;
        ensure(
            !m.hidden || m.state == MineState::Real,
            MINES,
            "No such mine strip.",
        )?;
        let b = crate::geometry::base(self.unit(st), st);
        let corners = self.strip_corners(m.pos);
        let near = corners
            .iter()
            .chain(std::iter::once(&m.pos))
            .any(|p| crate::geometry::gap_to_point(&b, *p) <= 1.0);
        ensure(
            near,
            MINES,
            "The engineers must be at the strip (within 1\").",
        )?;
        let full = self.allowance_of(s, st);
        ensure(
            self.remaining(s, st) + 1e-9 >= self.half_turn(full),
            MINES,
            "Clearing a square takes half a turn; not enough of the move is left.",
        )
    }

    pub(crate) fn execute_clear_mines(
        &self,
        s: &mut State,
        stand: StandId,
        marker: u16,
        ev: &mut Vec<Event>,
    ) {
        s.steps.push(Step::Resolve(Pending::MineRoll {
            stand,
            marker,
            clearing: true,
        }));
        let at = s.stand(stand).pos;
        self.offer_reaction(
            s,
            Trigger {
                kind: TriggerKind::Minefield { marker },
                by: stand,
                at,
            },
            ev,
        );
    }

    pub(crate) fn mine_candidates(&self, s: &State, st: &Stand, out: &mut Vec<Command>) {
        if !self.unit(st).engineers {
            return;
        }
        for m in &s.mines {
            if m.state != MineState::Gone
                && m.side != st.side
                && (!m.hidden || m.state == MineState::Real)
                && m.pos.distance(st.pos) <= 4.0
            {
                out.push(Command::ClearMines {
                    stand: st.id,
                    marker: m.marker,
                });
            }
        }
    }
}
