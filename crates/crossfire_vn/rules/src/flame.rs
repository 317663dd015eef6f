//! 6.12 Flame weapons: direct fire only, never reactive. The target is one
//! vegetation terrain piece (holding or suspected of holding the enemy),
//! an identified enemy field defence (a bunker or trench with an enemy
//! stand seen in it), or a building. A vehicle flamethrower reaches one
//! hand width, a manpack one base width. One die: 3 or more is effective.
//! Effective fire destroys the occupants of a field defence (killed, or
//! removed without markers as an option), or sets vegetation or a building
//! on fire for the rest of the game: its occupants are put outside it in
//! contact, and no stand may enter it. Fire that is not effective is a
//! failed action (our reading).

use crate::CrossfireVn;
use crate::command::Command;
use crate::data::FlameKind;
use crate::event::{Event, Pass, RevealWhy};
use crate::state::*;
use vt_core::refusal::{Checked, ensure, ensure_with, refuse};
use vt_core::tabletop::{HUNDREDTH, Shape};

impl CrossfireVn {
    /// The flamethrower's reach in inches (6.12).
    pub fn flame_range(&self, st: &Stand) -> Option<f64> {
        match self.unit_type(st).flame? {
            FlameKind::Manpack => Some(self.rules().stand_width.value),
            FlameKind::Vehicle => Some(self.rules().flame.hand_width.value),
        }
    }

    pub(crate) fn check_flame(&self, s: &State, id: StandId, feature: u16) -> Checked {
        self.in_initiative(s)?;
        let Some(st) = s.get(id) else {
            return refuse("6.12", "No such stand.");
        };
        ensure(
            st.side == s.initiative && st.on_table(),
            "6.12",
            "Fire only your own flamethrowers.",
        )?;
        let Some(range) = self.flame_range(st) else {
            return refuse("6.12", "That stand has no flamethrower.");
        };
        ensure_with(st.status != Status::Suppressed, "base 6.5.2", || {
            format!("{} is suppressed.", st.label)
        })?;
        let t = self.table_of(s);
        let Some(f) = t.features.get(feature as usize) else {
            return refuse("6.12", "No such terrain piece.");
        };
        ensure(
            matches!(f.shape, Shape::Area(_)),
            "6.12",
            "Flame is fired at a piece of terrain.",
        )?;
        let k = self.terrain_of(f);
        ensure(
            !s.burning.contains(&feature),
            "6.12",
            "That terrain is burning already.",
        )?;
        let identified = k.field_defence
            && s.side_on_table(st.side.other())
                .any(|o| !o.hidden && f.contains(o.at));
        ensure(
            k.vegetation || k.building.is_some() || identified,
            "6.12",
            "Flame may be used only against vegetation, a building, or an identified enemy field defence.",
        )?;
        let near = self.nearest_point_of(s, feature as usize, st.at);
        let base = self.base(st);
        let reach = if f.contains(st.at) {
            0.0
        } else {
            near.map_or(f64::INFINITY, |p| base.distance_to_point(p))
        };
        ensure_with(reach <= range + 1e-9, "6.12", || {
            format!(
                "{} reaches {:.1} inches; {} is {:.1} away.",
                self.unit_type(st).name,
                range,
                t.names[feature as usize],
                reach
            )
        })?;
        ensure_with(
            near.is_some_and(|p| f.contains(st.at) || self.sees_point(s, st, p)),
            "6.12",
            || format!("{} cannot see {}.", st.label, t.names[feature as usize]),
        )
    }

    pub(crate) fn execute_flame(
        &self,
        s: &mut State,
        id: StandId,
        feature: u16,
        ev: &mut Vec<Event>,
    ) {
        let needed = self.rules().flame.effective.value;
        let die = s.rng.die(6);
        let effective = die >= needed;
        ev.push(Event::Flame {
            stand: id,
            feature,
            die,
            needed,
            effective,
        });
        self.reveal_firer(s, id, ev);
        if !effective {
            if s.end.is_none() {
                self.pass_initiative(s, s.initiative.other(), Pass::FlameFailed, ev);
            }
            return;
        }
        let t = self.table_of(s);
        let f = &t.features[feature as usize];
        let k = self.terrain_of(f);
        let occupants: Vec<StandId> = s
            .on_table()
            .filter(|o| f.contains(o.at) && !self.unit_type(o).flies)
            .map(|o| o.id)
            .collect();
        if k.field_defence {
            for o in occupants {
                if s.stand(o).side == s.stand(id).side {
                    continue;
                }
                if s.stand(o).hidden {
                    self.reveal(s, o, RevealWhy::Burnt, ev);
                }
                if s.readings.flame_leaves_casualties {
                    self.kill(s, o, ev);
                } else {
                    self.drop_all(s, o, ev);
                    s.stand_mut(o).presence = Presence::Killed;
                    ev.push(Event::Removed { stand: o });
                    self.check_end(s, ev);
                }
            }
            return;
        }
        s.burning.push(feature);
        ev.push(Event::Burning { feature });
        let Shape::Area(pts) = &f.shape else {
            return;
        };
        let mut ring = pts.clone();
        ring.push(pts[0]);
        for o in occupants {
            let st = s.stand(o).clone();
            let Some((_, edge, _)) = vt_core::tabletop::closest_approach(&ring, st.at) else {
                continue;
            };
            let out_dir = (edge - st.at).normalized().unwrap_or(st.facing);
            let half = self.base(&st).depth().max(self.base(&st).width()) / 2.0;
            let to = (edge + out_dir * (half + 0.02)).snapped(HUNDREDTH);
            if st.hidden {
                self.reveal(s, o, RevealWhy::Burnt, ev);
            }
            s.stand_mut(o).at = to;
            ev.push(Event::DrivenOut { stand: o, to });
        }
    }

    pub(crate) fn flame_candidates(&self, s: &State, side: Side, out: &mut Vec<Command>) {
        let t = self.table_of(s);
        for st in s.side_on_table(side) {
            let Some(range) = self.flame_range(st) else {
                continue;
            };
            for (i, f) in t.features.iter().enumerate() {
                if matches!(f.shape, Shape::Area(_)) && f.distance_to(st.at) <= range + 2.0 {
                    out.push(Command::Flame {
                        stand: st.id,
                        feature: i as u16,
                    });
                }
            }
        }
    }
}

use vt_core::dice::Adjudication;
use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_flame(&self, s: Option<&State>, e: &Event) -> LogEntry {
        let t = match e {
            Event::Flame {
                stand,
                feature,
                die,
                needed,
                effective,
            } => {
                let mut a = Adjudication::new(
                    format!(
                        "Flame: {} at {}",
                        self.who(s, *stand),
                        self.piece_name(s, *feature)
                    ),
                    "6.12",
                );
                a.rolled = vec![*die as i32];
                a.total = *die as i32;
                a.needed = Some(format!("{needed} or more"));
                a.result = if *effective {
                    "effective".into()
                } else {
                    "not effective".into()
                };
                return LogEntry::with_rolls(format!("{}: {}.", a.purpose, a.result), vec![a]);
            }
            Event::Burning { feature } => format!(
                "{} is on fire and burns for the rest of the game; nobody may enter it (6.12).",
                self.piece_name(s, *feature)
            ),
            Event::DrivenOut { stand, .. } => {
                format!(
                    "{} is driven out of the burning terrain (6.12).",
                    self.who(s, *stand)
                )
            }
            Event::Removed { stand } => format!(
                "{} is destroyed in its field defence and removed (6.12).",
                self.who(s, *stand)
            ),
            _ => format!("{e:?}"),
        };
        LogEntry::text(t)
    }
}
