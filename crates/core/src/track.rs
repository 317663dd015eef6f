//! Bounded tracks: the turn track, a search or abort track, a score.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Track {
    pub value: i32,
    pub min: i32,
    pub max: i32,
}

/// What moving a marker did, so a game can react to reaching an end
/// (Auto Abort, the last turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackMove {
    pub from: i32,
    pub to: i32,
    /// How much of the requested move was lost at an end of the track.
    pub clipped: i32,
}

impl TrackMove {
    pub fn at_max(&self, t: &Track) -> bool {
        self.to == t.max
    }
}

impl Track {
    pub fn new(value: i32, min: i32, max: i32) -> Self {
        Track {
            value: value.clamp(min, max),
            min,
            max,
        }
    }

    /// Moves by `delta`, stopping at the ends.
    pub fn shift(&mut self, delta: i32) -> TrackMove {
        let from = self.value;
        let wanted = from.saturating_add(delta);
        self.value = wanted.clamp(self.min, self.max);
        TrackMove {
            from,
            to: self.value,
            clipped: wanted - self.value,
        }
    }

    pub fn set(&mut self, value: i32) -> TrackMove {
        let from = self.value;
        self.value = value.clamp(self.min, self.max);
        TrackMove {
            from,
            to: self.value,
            clipped: value - self.value,
        }
    }

    pub fn is_max(&self) -> bool {
        self.value == self.max
    }

    pub fn is_min(&self) -> bool {
        self.value == self.min
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_stops_at_the_ends() {
        let mut t = Track::new(0, 0, 9);
        let m = t.shift(4);
        assert_eq!((m.from, m.to, m.clipped), (0, 4, 0));
        let m = t.shift(7);
        assert_eq!((m.from, m.to, m.clipped), (4, 9, 2));
        assert!(t.is_max());
        let m = t.shift(-20);
        assert_eq!((m.to, m.clipped), (0, -11));
        assert!(t.is_min());
        assert_eq!(Track::new(12, 1, 10).value, 10);
    }
}
