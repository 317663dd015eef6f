//! O8 Fields of Fire: a unit's fire carries beyond its target along the
//! line from the firer, to the maximum effective range for the terrain (8
//! hexes over clear ground, 4 once broken ground is crossed, one hex into
//! forest); everyone in that kill zone, friend or foe, is attacked. The
//! zone lasts into the enemy's next Movement Phase: a unit moving into it
//! stops and is attacked, and goes on if there is no effect. The further
//! band (12/6/2 hexes) attacks at half strength.
//!
//! Reading (README): the zone runs along the extended line through hex
//! centres; broken ground on the way (target included) cuts the reach to
//! 4 (6); forest, treeline, buildings and berm (the forest class of cover)
//! take the fire one hex in (two with the further band) and stop it.

use crate::Grunt;
use crate::combat::AttackSpec;
use crate::data::Cover;
use crate::event::{AttackKind, Event, Term};
use crate::map::{Hex, axial, distance, from_axial};
use crate::state::*;
use vt_core::hex::{Hex as Axial, Step as LineStep, steps};

impl Grunt {
    /// The kill zone of fire from `from` at `target`: each hex with whether
    /// it lies in the further, half-strength band.
    pub fn zone_hexes(&self, s: &State, from: Hex, target: Hex) -> Vec<(Hex, bool)> {
        let d = distance(from, target);
        if d == 0 {
            return Vec::new();
        }
        let map = self.map_of(s);
        let f = &self.tables.fields_of_fire;
        let extended = s.options.extended_fields;
        let (a, b) = (axial(from), axial(target));
        let dir = b - a;
        let m = (f.extended_clear.value / d + 2) as i32;
        let end = a + Axial::new(dir.x * m, dir.y * m);
        let mut main = f.clear.value;
        let mut far = f.extended_clear.value;
        let mut forest = 0;
        let mut out = Vec::new();
        for st in steps(a, end) {
            let LineStep::Hex(x) = st else { continue };
            let h = from_axial(x);
            let k = distance(from, h);
            if k == 0 {
                continue;
            }
            if !map.contains(h) {
                break;
            }
            let cover = self.tables.terrain(map.terrain(h)).cover.value;
            match cover {
                Cover::Broken => {
                    main = main.min(f.broken.value);
                    far = far.min(f.extended_broken.value);
                }
                Cover::Forest => forest += 1,
                Cover::Clear => {}
            }
            if k <= d {
                if forest > 0 && k < d {
                    return Vec::new();
                }
                continue;
            }
            if k <= main && forest <= f.forest.value {
                out.push((h, false));
            } else if extended && k <= far && forest <= f.extended_forest.value {
                out.push((h, true));
            } else {
                break;
            }
        }
        out
    }

    /// The firer's fire sweeps its kill zone now, and the zone stays.
    pub(crate) fn field_of_fire(
        &self,
        s: &mut State,
        firer: CounterId,
        target: Hex,
        units: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(from) = s.c(firer).hex else { return };
        let hexes = self.zone_hexes(s, from, target);
        if hexes.is_empty() {
            return;
        }
        let strength = self.attack(s.c(firer).role) * units.max(1) as u16;
        let side = s.c(firer).side;
        ev.push(Event::ZoneSet {
            firer,
            hexes: hexes.clone(),
        });
        for &(h, half) in &hexes {
            let targets: Vec<CounterId> = self
                .everyone(s, h)
                .into_iter()
                .filter(|id| *id != firer)
                .collect();
            if targets.is_empty() {
                continue;
            }
            self.zone_attack(
                s,
                firer,
                side,
                strength,
                h,
                half,
                targets,
                AttackKind::KillZone,
                ev,
            );
        }
        s.zones.push(Zone {
            side,
            firer,
            strength,
            hexes,
            until: s.pt() + 1,
            struck: Vec::new(),
        });
    }

    #[allow(clippy::too_many_arguments)]
    fn zone_attack(
        &self,
        s: &mut State,
        firer: CounterId,
        side: Side,
        strength: u16,
        h: Hex,
        half: bool,
        targets: Vec<CounterId>,
        kind: AttackKind,
        ev: &mut Vec<Event>,
    ) -> crate::data::CrtResult {
        let halves = if half {
            (strength / 2).max(1)
        } else {
            strength
        };
        let mut spec = AttackSpec::new(kind, side, h);
        spec.firers = vec![firer];
        spec.attack = vec![Term {
            label: if half {
                format!("{}, half strength in the further band", self.who(s, firer))
            } else {
                self.who(s, firer)
            },
            halves,
            rule: "O8".into(),
        }];
        spec.targets = targets;
        self.resolve(s, spec, ev)
    }

    /// A unit moving into a live field of fire stops and is attacked; true
    /// if it must stop (O8).
    pub(crate) fn zone_attacks(
        &self,
        s: &mut State,
        mover: CounterId,
        h: Hex,
        ev: &mut Vec<Event>,
    ) -> bool {
        let pt = s.pt();
        for i in 0..s.zones.len() {
            let z = &s.zones[i];
            if z.until != pt || z.firer == mover || z.struck.contains(&mover) {
                continue;
            }
            let Some(&(_, half)) = z.hexes.iter().find(|(x, _)| *x == h) else {
                continue;
            };
            let (firer, side, strength) = (z.firer, z.side, z.strength);
            s.zones[i].struck.push(mover);
            let r = self.zone_attack(
                s,
                firer,
                side,
                strength,
                h,
                half,
                vec![mover],
                AttackKind::KillZoneMove,
                ev,
            );
            if r != crate::data::CrtResult::NE || !s.c(mover).in_play() {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::data::{Level, Optional, Role, Terrain};
    use crate::tests::util::*;

    // Grunt O8 example: a US squad in a treeline fires at a VC squad four
    // hexes away; a VC unit six hexes away in line is in the kill zone.
    #[test]
    fn o8_example_second_unit_in_the_kill_zone() {
        let (mut g, mut s) = bare(Level::Standard, &["..."; 24]);
        s.options.on.push(Optional::FieldsOfFire);
        set_terrain(&mut g, "02.02", Terrain::Treeline);
        let zone = g.zone_hexes(&s, h("02.02"), h("02.06"));
        assert!(zone.contains(&(h("02.08"), false)), "{zone:?}");
        // Eight hexes over clear ground, no more.
        assert!(zone.contains(&(h("02.10"), false)));
        assert!(!zone.iter().any(|(x, _)| *x == h("02.11")));
        let _ = Role::HardCore;
    }

    // Grunt O8: 4 hexes once broken ground is crossed; one hex into forest;
    // the further band 12/6/2 at half strength.
    #[test]
    fn o8_ranges_by_terrain() {
        let (mut g, mut s) = bare(Level::Standard, &["..."; 24]);
        set_terrain(&mut g, "02.04", Terrain::Broken);
        let zone = g.zone_hexes(&s, h("02.02"), h("02.04"));
        assert_eq!(zone.last().map(|z| z.0), Some(h("02.06")), "{zone:?}");
        s.options.extended_fields = true;
        let zone = g.zone_hexes(&s, h("02.02"), h("02.04"));
        assert_eq!(zone.last(), Some(&(h("02.08"), true)), "{zone:?}");

        let (mut g, mut s) = bare(Level::Standard, &["..."; 24]);
        set_terrain(&mut g, "02.06", Terrain::Forest);
        set_terrain(&mut g, "02.07", Terrain::Forest);
        set_terrain(&mut g, "02.08", Terrain::Forest);
        let zone = g.zone_hexes(&s, h("02.02"), h("02.04"));
        assert_eq!(zone.last(), Some(&(h("02.06"), false)), "{zone:?}");
        s.options.extended_fields = true;
        let zone = g.zone_hexes(&s, h("02.02"), h("02.04"));
        assert_eq!(zone.last(), Some(&(h("02.07"), true)), "{zone:?}");
        // Open ground to twelve hexes in the further band.
        let (g, mut s) = bare(Level::Standard, &["..."; 24]);
        s.options.extended_fields = true;
        let zone = g.zone_hexes(&s, h("02.02"), h("02.04"));
        assert_eq!(zone.last(), Some(&(h("02.14"), true)), "{zone:?}");
        assert_eq!(zone.iter().filter(|z| !z.1).count(), 6);
    }
}
