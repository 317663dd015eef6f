//! CSAR 2.1 and 2.4: the map (Center Zone, four Outer Zones), the Orbit Box,
//! the Fast Mover Pool, the Card Reserve, the Information Track, aircraft and
//! Survivors.

use serde::{Deserialize, Serialize};

/// A zone of the map (2.1): the inner circle and the four Outer Zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Zone {
    Center,
    North,
    East,
    South,
    West,
}

impl Zone {
    pub const ALL: [Zone; 5] = [
        Zone::Center,
        Zone::North,
        Zone::East,
        Zone::South,
        Zone::West,
    ];
    pub const OUTER: [Zone; 4] = [Zone::North, Zone::East, Zone::South, Zone::West];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Zone {
        Zone::ALL[i % 5]
    }

    pub fn is_outer(self) -> bool {
        self != Zone::Center
    }

    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// Zones sharing a border: the Center touches every Outer Zone, and each
    /// Outer Zone touches its two neighbours on the ring. North and South (East
    /// and West) are not adjacent.
    pub fn adjacent(self, other: Zone) -> bool {
        if self == other {
            return false;
        }
        if self == Zone::Center || other == Zone::Center {
            return true;
        }
        let a = self as i8 - 1;
        let b = other as i8 - 1;
        (a - b).rem_euclid(4) == 1 || (b - a).rem_euclid(4) == 1
    }

    pub fn name(self) -> &'static str {
        match self {
            Zone::Center => "Center Zone",
            Zone::North => "North Zone",
            Zone::East => "East Zone",
            Zone::South => "South Zone",
            Zone::West => "West Zone",
        }
    }
}

/// The four kinds of aircraft (2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AircraftKind {
    Sandy,
    Fac,
    Helicopter,
    FastMover,
}

impl AircraftKind {
    pub fn name(self) -> &'static str {
        match self {
            AircraftKind::Sandy => "Sandy",
            AircraftKind::Fac => "FAC",
            AircraftKind::Helicopter => "helicopter",
            AircraftKind::FastMover => "Fast Mover",
        }
    }
}

/// Where an aircraft is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// The Orbit Box (2.1.2): safe, unlimited, no attacks or cards.
    Orbit,
    Zone(Zone),
    /// The Fast Mover Pool (2.1.3).
    Pool,
    /// Not yet arrived: comes to the Orbit Box at the start of this turn.
    Arriving(u8),
    /// Out of play: shot down, destroyed, or a Fast Mover hit (4.3.3 E).
    Removed,
    /// Not in this scenario.
    Unused,
}

impl Place {
    pub fn zone(self) -> Option<Zone> {
        match self {
            Place::Zone(z) => Some(z),
            _ => None,
        }
    }
}

/// One aircraft counter in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aircraft {
    /// The counter's ID (aircraft.ron), as printed on Resolution cards.
    pub id: u8,
    pub kind: AircraftKind,
    pub place: Place,
    /// Shaken side up (4.3.3 E); Cool otherwise.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub shaken: bool,
    /// Fast Movers: EXIT side up (2.1.3); ENTER otherwise.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub exit: bool,
    /// Moved in this turn's Move Aircraft Segment (4.3.5 needs it).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub moved: bool,
    /// Action cards assigned to it this turn (4.3.2).
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub cards: u8,
    /// Attempted a rescue in this Rescue Segment.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub rescued_this_turn: bool,
    /// The Pilot/PJ card whose counter rides on it.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub pilot: Option<u8>,
    /// Destroyed, as opposed to shot down (4.3.3 E, 5.0): out of play with
    /// its crew killed.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub destroyed: bool,
}

impl Aircraft {
    pub fn new(id: u8, kind: AircraftKind, place: Place) -> Self {
        Aircraft {
            id,
            kind,
            place,
            shaken: false,
            exit: false,
            moved: false,
            cards: 0,
            rescued_this_turn: false,
            pilot: None,
            destroyed: false,
        }
    }
    pub fn zone(&self) -> Option<Zone> {
        self.place.zone()
    }
    pub fn is_cool(&self) -> bool {
        !self.shaken
    }
}

/// Where a Survivor is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SurvivorAt {
    /// Stranded on the map.
    Stranded(Zone),
    /// Picked up: rides with this aircraft (index into the aircraft list).
    Aboard(u8),
    /// Moved off the map: safe (a helicopter reached the Orbit Box, or an Exfil Team).
    OffMap,
    Captured,
    Killed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Survivor {
    pub at: SurvivorAt,
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub injured: bool,
    /// 6.2: the team knows where he is.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub pinpointed: bool,
    /// The Pilot/PJ card, when this Survivor is that counter's crew.
    #[serde(default, skip_serializing_if = "crate::components::is_default")]
    pub pilot: Option<u8>,
}

impl Survivor {
    pub fn stranded_in(&self) -> Option<Zone> {
        match self.at {
            SurvivorAt::Stranded(z) => Some(z),
            _ => None,
        }
    }
}

/// For `skip_serializing_if`: leaves default fields out of saves and
/// digests, which keeps them short.
pub fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}
