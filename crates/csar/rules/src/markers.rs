//! CSAR 9.0 markers: Hit markers (9.1), Ordnance markers (9.2), Zone markers
//! (9.3), Hidden and Enemy markers with "1+" (9.4), Barrages and Enemy Guns
//! (9.5); and the revealing of markers that places guns.

use crate::Csar;
use crate::components::Zone;
use crate::data::{MarkerValue, ZoneMarkerKind};
use crate::describe::{marker, misrouted};
use crate::event::{Event, RevealCause};
use crate::state::State;
use serde::{Deserialize, Serialize};
use vt_core::engine::LogEntry;

/// A counter in the Enemy Guns cup (9.5): a gun or a Barrage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Chit {
    /// A gun counter (index into the data's physical gun counters).
    Gun(u8),
    Barrage,
}

/// An Enemy Gun on the map (9.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gun {
    /// The physical counter (unique): commands name guns by it.
    pub counter: u8,
    /// Its type (index into the data's gun list).
    pub kind: u8,
    pub zone: Zone,
    /// Suppressed side up (cannot fire).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub suppressed: bool,
    /// Rotated: fired this turn (4.3.3 B).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub fired: bool,
    /// Hit marker: hits this turn (9.1).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub hits: u8,
    /// MARK marker: 0 none, 1 MARK ONE, 2 MARK TWO (9.2).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub mark: u8,
    /// Placed and not yet had its chance to fire: newly placed guns fire at
    /// once when revealed by a card or a rescue (4.3.5, 9.5).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub fresh: bool,
    /// The zone it fires into this fire resolution (4.3.3 A).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub target: Option<Zone>,
}

/// What sits in one zone's boxes besides aircraft and Survivors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneState {
    /// The Hidden marker placed here (face down until revealed).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub hidden: Option<MarkerValue>,
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub hidden_revealed: bool,
    /// The Enemy marker placed here (Outer Zones).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub enemy: Option<MarkerValue>,
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub enemy_revealed: bool,
    /// Zone markers, as bits of [`ZoneMarkerKind::bit`].
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub markers: u8,
    /// Hits on the Target of Opportunity this turn.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub too_hits: u8,
    /// MARK on the Target of Opportunity: 0, 1 or 2.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub too_mark: u8,
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub barrages: u8,
    /// CS Gas marker: 0 none, 1 ONE side, 2 TWO side.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub cs: u8,
    /// Smoke markers on their ONE and TWO sides.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub smoke_one: u8,
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub smoke_two: u8,
    /// Cluster Munitions markers (stay for the game).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub cluster: u8,
    /// The Rules of Engagement Event card is in play here.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub roe: bool,
    /// Aircraft cards assigned here this turn (4.3.2: two at most).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub cards_assigned: u8,
}

impl ZoneState {
    pub fn has(&self, k: ZoneMarkerKind) -> bool {
        self.markers & k.bit() != 0
    }
    pub fn smoke(&self) -> bool {
        self.smoke_one + self.smoke_two > 0
    }
    pub fn has_too(&self) -> bool {
        self.has(ZoneMarkerKind::TargetOfOpportunity)
    }
    /// Blocks Move Survivor and Exfil Team (9.2 Cluster Munitions, 9.3 Impassable).
    pub fn blocks_survivor_moves(&self) -> bool {
        self.has(ZoneMarkerKind::Impassable) || self.cluster > 0
    }
    pub fn face_down(&self) -> bool {
        (self.hidden.is_some() && !self.hidden_revealed)
            || (self.enemy.is_some() && !self.enemy_revealed)
    }
}

/// Which markers a reveal turns up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RevealWhich {
    /// Only the Enemy marker (a helicopter enters, 4.3.1).
    Enemy,
    /// Only the Hidden marker.
    Hidden,
    /// Both (Troll for Fire, a rescue attempt, 4.3.5).
    Both,
}

impl Csar {
    /// 9.4: turns up a zone's face-down marker(s) and places the guns they call
    /// for. Returns how many counters were placed.
    pub(crate) fn reveal(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        zone: Zone,
        which: RevealWhich,
        cause: RevealCause,
    ) -> u8 {
        let mut placed = 0;
        let z = zone.index();
        if matches!(which, RevealWhich::Enemy | RevealWhich::Both)
            && !s.zones[z].enemy_revealed
            && let Some(v) = s.zones[z].enemy
        {
            s.zones[z].enemy_revealed = true;
            let (n, extra) = self.marker_total(s, v, false);
            ev.push(Event::MarkerRevealed {
                zone,
                hidden: false,
                value: v,
                extra,
                cause,
            });
            placed += self.place_guns(s, ev, zone, n);
        }
        if matches!(which, RevealWhich::Hidden | RevealWhich::Both)
            && !s.zones[z].hidden_revealed
            && let Some(v) = s.zones[z].hidden
        {
            s.zones[z].hidden_revealed = true;
            let (n, extra) = self.marker_total(s, v, true);
            ev.push(Event::MarkerRevealed {
                zone,
                hidden: true,
                value: v,
                extra,
                cause,
            });
            placed += self.place_guns(s, ev, zone, n);
        }
        placed
    }

    /// 9.4 "1+": one gun plus the number on another marker drawn from the same
    /// cup. An empty cup adds nothing.
    fn marker_total(
        &self,
        s: &mut State,
        v: MarkerValue,
        hidden: bool,
    ) -> (u8, Option<MarkerValue>) {
        match v {
            MarkerValue::N(n) => (n, None),
            MarkerValue::OnePlus => {
                let cup = if hidden {
                    &mut s.hidden_cup
                } else {
                    &mut s.enemy_cup
                };
                match cup.draw(&mut s.rng) {
                    Some(second) => {
                        let add = match second {
                            MarkerValue::N(n) => n,
                            // A second 1+ reads as its printed 1.
                            MarkerValue::OnePlus => 1,
                        };
                        (1 + add, Some(second))
                    }
                    None => (1, None),
                }
            }
        }
    }

    /// 9.5: draws `n` counters from the Enemy Guns cup into the zone. Guns go
    /// on their active side unless CS Gas is in the zone. An empty cup places
    /// nothing more (the counters are the limit).
    pub(crate) fn place_guns(&self, s: &mut State, ev: &mut Vec<Event>, zone: Zone, n: u8) -> u8 {
        let mut placed = 0;
        for _ in 0..n {
            let Some(chit) = s.gun_cup.draw(&mut s.rng) else {
                ev.push(Event::GunCupEmpty { zone });
                break;
            };
            placed += 1;
            match chit {
                Chit::Barrage => {
                    s.zones[zone.index()].barrages += 1;
                    ev.push(Event::BarragePlaced { zone });
                }
                Chit::Gun(counter) => {
                    self.put_gun(s, ev, counter, zone);
                }
            }
        }
        placed
    }

    pub(crate) fn put_gun(&self, s: &mut State, ev: &mut Vec<Event>, counter: u8, zone: Zone) {
        let suppressed = s.zones[zone.index()].cs > 0;
        let kind = self.data.gun_counters[counter as usize];
        s.guns.push(Gun {
            counter,
            kind,
            zone,
            suppressed,
            fired: false,
            hits: 0,
            mark: 0,
            fresh: true,
            target: None,
        });
        ev.push(Event::GunPlaced {
            gun: counter,
            zone,
            suppressed,
        });
    }

    /// Ordnance markers in play of one kind, for the piece limits of 9.2.
    pub(crate) fn marks_in_play(&self, s: &State) -> u8 {
        let g = s.guns.iter().filter(|g| g.mark > 0).count() as u8;
        let t = s.zones.iter().filter(|z| z.too_mark > 0).count() as u8;
        g + t
    }

    pub(crate) fn smoke_in_play(&self, s: &State) -> u8 {
        s.zones.iter().map(|z| z.smoke_one + z.smoke_two).sum()
    }

    pub(crate) fn cs_in_play(&self, s: &State) -> u8 {
        s.zones.iter().filter(|z| z.cs > 0).count() as u8
    }

    pub(crate) fn cluster_in_play(&self, s: &State) -> u8 {
        s.zones.iter().map(|z| z.cluster).sum()
    }

    pub(crate) fn gun_pos(&self, s: &State, counter: u8) -> Option<usize> {
        s.guns.iter().position(|g| g.counter == counter)
    }
}

impl Csar {
    /// The log's words for this section's events (the dispatcher is in
    /// [`crate::describe`]).
    pub(crate) fn describe_markers(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
            Event::ZoneMarkerPlaced { zone, kind } => {
                t(format!("{} marker in the {}.", kind.name(), zone.name()))
            }
            Event::MarkerRevealed {
                zone,
                hidden,
                value,
                extra,
                cause,
            } => {
                let kind = if hidden { "Hidden" } else { "Enemy" };
                let why = match cause {
                    RevealCause::Helicopter => " as a helicopter enters (4.3.1)",
                    RevealCause::TrollForFire => " by Troll for Fire",
                    RevealCause::Rescue => " by the rescue attempt (4.3.5)",
                    RevealCause::SetUp => " at set-up",
                    RevealCause::Event => " by an Event",
                };
                let extra = match extra {
                    Some(x) => format!(
                        "; a second {kind} marker shows {}, so {} guns (9.4)",
                        marker(x),
                        1 + match x {
                            MarkerValue::N(n) => n,
                            MarkerValue::OnePlus => 1,
                        }
                    ),
                    None => String::new(),
                };
                t(format!(
                    "{kind} marker in the {} revealed{why}: {}{extra}.",
                    zone.name(),
                    marker(value)
                ))
            }
            Event::GunPlaced {
                gun,
                zone,
                suppressed,
            } => t(format!(
                "{} placed in the {}{}.",
                self.gun_name(gun),
                zone.name(),
                if suppressed {
                    ", suppressed by CS Gas"
                } else {
                    ""
                }
            )),
            Event::BarragePlaced { zone } => {
                t(format!("A Barrage is placed in the {}.", zone.name()))
            }
            Event::GunCupEmpty { zone } => t(format!(
                "The Enemy Guns cup is empty: nothing more for the {}.",
                zone.name()
            )),
            _ => misrouted(e),
        }
    }
}
