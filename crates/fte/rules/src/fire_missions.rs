//! 13.0 Action: Request Fire Mission (secret target, the Fire Request
//! Table, -1 for an FO, +1 per pending mission, the Aerial Observer's
//! shorter delay) and 16.0 Execute Fire Missions (accuracy, scatter by d6
//! direction and d10 distance, the 7- and 19-hex patterns, cancelling).

use crate::Fte;
use crate::command::Command;
use crate::counters::judge;
use crate::data::{MissionKind, Nation, Role, Terrain, Weapon};
use crate::describe::{Names, modifiers, total};
use crate::event::{AttackKind, Drm, Event, Mods};
use crate::fire::Attack;
use crate::geo::{Hex, HexExt};
use crate::state::*;
use vt_core::dice::{Adjudication, TableCell};
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure, refuse};
use vt_core::sort::StableSort;

/// [`Fte::spotting`]: the eyes and Visible enemies behind a target check.
pub(crate) struct Spotting<'a> {
    rules: &'a Fte,
    map: &'a crate::map::Map,
    visible: Vec<Hex>,
    eyes: Vec<crate::line_of_sight::Eye>,
}

impl Spotting<'_> {
    /// The hex holds or touches a Visible enemy, or one of the eyes sees
    /// it (the hex being in play is the caller's check).
    pub(crate) fn sees(&self, hex: Hex) -> bool {
        self.visible.iter().any(|&h| h == hex || h.is_adjacent(hex))
            || self.eyes.iter().any(|&e| {
                self.rules
                    .sight_on(self.map, e, crate::line_of_sight::Eye::ground(hex))
            })
    }
}

impl Fte {
    pub(crate) fn check_fire_mission(&self, s: &State, unit: UnitId, hex: Hex) -> Checked {
        self.may_act(s, unit, ActionKind::FireMission)?;
        let u = s.unit(unit);
        let role = self.role(u);
        let nation = self.nation(u);
        if !(role == Role::Leader || role == Role::ForwardObserver) {
            return refuse(
                "13.0",
                "only Leaders and Forward Observers request Fire Missions",
            );
        }
        if nation == Nation::Vc {
            return refuse("13.0 (errata)", "VC Leaders cannot request Fire Missions");
        }
        if u.broken || u.suppressed {
            return refuse(
                "13.0",
                "a Broken or Suppressed unit may not request a Fire Mission",
            );
        }
        self.target_hex_ok(s, u.side, Some(unit), hex)
    }

    /// 13.0, 19.9: the target is in the requester's LoS, or holds or is
    /// next to a Visible enemy unit.
    pub(crate) fn target_hex_ok(
        &self,
        s: &State,
        side: Side,
        by: Option<UnitId>,
        hex: Hex,
    ) -> Checked {
        if !self.map_of(s).in_play(hex) {
            return refuse("13.0", "the target hex must be on the map");
        }
        ensure(
            self.spots(s, side, by, hex),
            "13.0",
            "the target hex must be in the requester's LoS or hold or touch a Visible enemy unit",
        )
    }

    /// [`Spotting::sees`] for one hex, without gathering the eyes and the
    /// Visible enemies first: `legal` asks it of every enemy hex for every
    /// Leader and Forward Observer, and the gathering was most of the work.
    fn spots(&self, s: &State, side: Side, by: Option<UnitId>, hex: Hex) -> bool {
        let map = self.map_of(s);
        let sees = |e: crate::line_of_sight::Eye| {
            self.sight_on(map, e, crate::line_of_sight::Eye::ground(hex))
        };
        s.on_map().any(|e| {
            e.side != side
                && !e.concealed
                && !self.is_marker_only(e)
                && e.hex.is_some_and(|h| h == hex || h.is_adjacent(hex))
        }) || match by {
            Some(u) => self.eye(s, u).is_some_and(sees),
            None => s
                .on_map()
                .filter(|l| l.side == side && self.is_leader(l) && self.nation(l) == Nation::Nva)
                .filter_map(|l| self.eye(s, l.id))
                .any(sees),
        }
    }

    /// Who may call a mission onto which hexes (13.0, 19.9), looked up
    /// once for a list of hexes: `by`'s eye (None: every NVA Leader's, for
    /// the NVA Artillery event) and the enemy units Visible to `side`.
    pub(crate) fn spotting<'a>(
        &'a self,
        s: &State,
        side: Side,
        by: Option<UnitId>,
    ) -> Spotting<'a> {
        let visible = s
            .on_map()
            .filter(|e| e.side != side && !e.concealed && !self.is_marker_only(e))
            .filter_map(|e| e.hex)
            .collect();
        let eyes = match by {
            Some(u) => self.eye(s, u).into_iter().collect(),
            None => s
                .on_map()
                .filter(|l| l.side == side && self.is_leader(l) && self.nation(l) == Nation::Nva)
                .filter_map(|l| self.eye(s, l.id))
                .collect(),
        };
        Spotting {
            rules: self,
            map: self.map_of(s),
            visible,
            eyes,
        }
    }

    pub(crate) fn fire_mission_candidates(&self, s: &State, unit: UnitId, out: &mut Vec<Command>) {
        let u = s.unit(unit);
        if !matches!(self.role(u), Role::Leader | Role::ForwardObserver) {
            return;
        }
        let mut hexes: Vec<Hex> = s
            .on_map()
            .filter(|e| e.side != u.side)
            .filter_map(|e| e.hex)
            .collect();
        hexes.stable_sort();
        hexes.dedup();
        for h in hexes {
            out.push(Command::RequestFireMission { unit, hex: h });
        }
    }

    pub(crate) fn request_fire_mission(
        &self,
        s: &mut State,
        unit: UnitId,
        hex: Hex,
        ev: &mut Vec<Event>,
    ) {
        self.record_action(s, unit, ActionKind::FireMission);
        let u = s.unit(unit).clone();
        let side = u.side;
        let mut mods = Mods::new();
        if self.role(&u) == Role::ForwardObserver {
            mods.push((
                Drm::ForwardObserver,
                self.tables.fire_request_fo.value as i8,
            ));
        }
        let pending = s.missions.iter().filter(|m| m.side == side).count() as i32;
        if pending > 0 {
            mods.push((
                Drm::PendingMissions,
                (pending * self.tables.fire_request_pending.value) as i8,
            ));
        }
        let roll = s.d10();
        let result = if roll == 10 {
            None
        } else if roll == 1 {
            Some((MissionKind::BnMortar, 0))
        } else {
            let total = roll as i32 + crate::counters::mod_sum(&mods);
            if total > 10 {
                None
            } else {
                let row = total.clamp(1, 10) as u8;
                self.tables
                    .fire_request
                    .iter()
                    .find(|r| r.roll == row)
                    .and_then(|r| {
                        if side == Side::Us {
                            r.us.value
                        } else {
                            r.nva.value
                        }
                    })
            }
        };
        // 19.8: the Aerial Observer shortens new requests by a turn.
        let result = result.map(|(k, d)| {
            if side == Side::Us && s.aerial_observer {
                (k, d.saturating_sub(1))
            } else {
                (k, d)
            }
        });
        ev.push(Event::FireMissionRequested {
            side,
            roll,
            mods,
            result,
        });
        if let Some((kind, delay)) = result {
            s.missions.push(Mission {
                side,
                kind,
                target: hex,
                turn: s.turn + delay,
            });
        }
    }

    /// 16.0 Execute Fire Missions: once none is due, 17.0 Check
    /// Casualties and the Concealment Phase (18.0) follow; false while one
    /// is due (its owner executes or cancels it).
    pub(crate) fn settle_fire_missions(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        if s.missions.iter().any(|m| m.turn <= s.turn) {
            return false;
        }
        self.check_casualties(s, ev);
        s.set_phase(crate::step::Step::Concealment { side: Side::Us });
        true
    }

    pub(crate) fn execute_mission_choice(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let Some(i) = s.missions.iter().position(|m| m.turn <= s.turn) else {
            return;
        };
        let m = s.missions.remove(i);
        if matches!(c, Command::CancelMission) {
            ev.push(Event::MissionCancelled { side: m.side });
            return;
        }
        self.execute_mission(s, &m, ev);
    }

    /// 16.0: accuracy, scatter, then every unit in the pattern is attacked.
    pub(crate) fn execute_mission(&self, s: &mut State, m: &Mission, ev: &mut Vec<Event>) {
        let fm = &self.tables.fire_missions;
        let mut mods = Mods::new();
        if m.side == Side::Us && s.aerial_observer {
            mods.push((Drm::AerialObserver, fm.aerial_observer.value as i8));
        }
        let accuracy = s.d10();
        let accurate = accuracy != 10 && judge(accuracy, &mods, fm.accurate_max.value);
        let (landed, scatter, distance_roll) = if accurate {
            (m.target, None, None)
        } else {
            let dir = s.d6();
            let d = s.d10();
            let div = match m.kind {
                MissionKind::BnMortar => fm.mortar_scatter_divisor.value,
                MissionKind::Artillery => fm.artillery_scatter_divisor.value,
            };
            let dist = d.div_ceil(div.max(1));
            // The map's direction indicator: a 1 points `scatter_one`.
            let heading = (fm.scatter_one.value.index() + dir - 1) % 6 + 1;
            (
                m.target.step(heading, dist as u32),
                Some((dir, dist)),
                Some(d),
            )
        };
        ev.push(Event::MissionLands {
            side: m.side,
            kind: m.kind,
            target: m.target,
            accuracy,
            mods,
            scatter,
            distance_roll,
            landed,
        });
        let (radius, rating) = match m.kind {
            MissionKind::BnMortar => (fm.mortar_radius.value, fm.mortar_fire.value),
            MissionKind::Artillery => (fm.artillery_radius.value, fm.artillery_fire.value),
        };
        let hexes = landed.within(radius as u32);
        let targets: Vec<UnitId> = s
            .on_map()
            .filter(|u| u.hex.is_some_and(|h| hexes.contains(&h)))
            .filter(|u| !(self.is_heli(u) && u.altitude == Altitude::High))
            .map(|u| u.id)
            .collect();
        for t in targets {
            if s.unit(t).status != UnitStatus::OnMap {
                continue;
            }
            let a = Attack {
                kind: AttackKind::Mission(m.kind),
                firers: Vec::new(),
                primary: None,
                rating,
                weapon: Weapon::HE,
                target: t,
                from: Some(landed),
                observed: false,
                opfire: None,
                no_terrain: false,
                concealed_override: None,
            };
            if let Some(e) = self.roll_attack(s, &a, ev) {
                self.apply_effect(s, t, e, m.side, Some(landed), true, ev);
            }
        }
        let _ = Terrain::Clear;
    }

    /// 19.10 Check Fire!: a side's pending missions are all cancelled.
    pub(crate) fn cancel_missions(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        let n = s.missions.len();
        s.missions.retain(|m| m.side != side);
        for _ in s.missions.len()..n {
            ev.push(Event::MissionCancelled { side });
        }
    }
}

impl Fte {
    /// The log's words for this section's events (the dispatcher is
    /// [`crate::describe`]).
    pub(crate) fn describe_fire_missions(&self, n: &Names, e: &Event) -> LogEntry {
        match e {
            Event::FireMissionRequested {
                side,
                roll,
                mods,
                result,
            } => {
                // The requesting side's roll: low is a sooner mission (13.0).
                let mut a = Adjudication::new(format!("{} Fire Request", side.name()), "FTE 13.0")
                    .rolled_by(side.idx() as vt_core::SideIdx, true);
                a.rolled = vec![*roll as i32];
                a.modifiers = modifiers(mods);
                a.total = total(*roll, mods);
                // 13.0: a natural 1 or 10 decides without the table, so
                // the row read is the die's, and the result says why when
                // the modified total points at another row.
                let natural = matches!(roll, 1 | 10);
                let row = if natural {
                    *roll as i32
                } else {
                    a.total.clamp(1, 10)
                };
                a.table = Some(TableCell {
                    table: "Fire Request Table".into(),
                    row: row.to_string(),
                    column: Some(side.name().into()),
                });
                a.result = match result {
                    Some((k, d)) => format!(
                        "{} in {d} {}",
                        k.name(),
                        if *d == 1 { "turn" } else { "turns" }
                    ),
                    None => "Request Denied".into(),
                };
                let short = a.result.clone();
                if natural && a.total != *roll as i32 {
                    a.result += if *roll == 1 {
                        ": a roll of 1 is always an immediate BN Mortar Fire Mission (FTE 13.0)"
                    } else {
                        ": a roll of 10 is always Request Denied (FTE 13.0)"
                    };
                }
                LogEntry::with_rolls(
                    format!(
                        "{} requests a Fire Mission (target secret): {short}.",
                        side.name(),
                    ),
                    vec![a],
                )
            }
            Event::MissionCancelled { side } => LogEntry::text(format!(
                "A {} Fire Mission is cancelled (16.0, 19.10).",
                side.name()
            )),
            Event::MissionLands {
                side,
                kind,
                target,
                accuracy,
                mods,
                scatter,
                distance_roll,
                landed,
            } => {
                let fm = &self.tables.fire_missions;
                let mut a = Adjudication::new(
                    format!("{} {} accuracy", side.name(), kind.name()),
                    "FTE 16.0",
                )
                // The calling side's roll: low lands on target.
                .rolled_by(side.idx() as vt_core::SideIdx, true);
                a.rolled = vec![*accuracy as i32];
                a.modifiers = modifiers(mods);
                a.total = total(*accuracy, mods);
                a.needed = Some(format!(
                    "{} or less to land on target (10 always scatters)",
                    fm.accurate_max.value
                ));
                // The scatter dice are rolls of their own, not part of the
                // accuracy total (the shown numbers must add up).
                let mut rolls = Vec::new();
                a.result = match (scatter, distance_roll) {
                    (None, _) => "accurate".into(),
                    (Some((d, n)), Some(r)) => {
                        let div = match kind {
                            crate::data::MissionKind::BnMortar => fm.mortar_scatter_divisor.value,
                            crate::data::MissionKind::Artillery => {
                                fm.artillery_scatter_divisor.value
                            }
                        };
                        let mut dir = Adjudication::new("Scatter direction (d6)", "FTE 16.0");
                        dir.rolled = vec![*d as i32];
                        dir.total = *d as i32;
                        dir.result = format!("direction {d}");
                        let mut dist = Adjudication::new("Scatter distance (d10)", "FTE 16.0");
                        dist.rolled = vec![*r as i32];
                        dist.total = *r as i32;
                        dist.result = format!("{r}/{div} rounded up = {n} hex(es)");
                        rolls.extend([dir, dist]);
                        format!(
                            "scatters in direction {d} (d6) by {r}/{div} rounded up = {n} hex(es) (d10)"
                        )
                    }
                    (Some((d, n)), None) => format!("scatters {n} hex(es) in direction {d}"),
                };
                rolls.insert(0, a);
                LogEntry::with_rolls(
                    format!(
                        "{} {} aimed at {target} lands at {landed}.",
                        side.name(),
                        kind.name()
                    ),
                    rolls,
                )
            }
            other => n.misrouted(other),
        }
    }
}
