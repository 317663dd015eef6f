//! Pieces on a board that stay put between changes: a board says which
//! pieces the view has, what each looks like and where it rests, and only
//! what changed is touched. A piece that only moved keeps its entity and
//! slides to its new place ([`crate::anim`]); one whose look changed (a new
//! marker, another stack position) is drawn again; one gone from the view
//! is despawned; nothing else is redrawn.
//!
//! A piece that comes to rest at another height (`z`, its place in a stack)
//! is drawn again too: Bevy 0.19 sorts a 2D mesh by the `z` it had when it
//! was first queued and does not sort it again when only its transform
//! moves, so a mesh lifted or lowered in place would keep drawing at its
//! old height (over the print of the piece above it). For the same reason
//! the animations move pieces in `x` and `y` only.
//!
//! ```ignore
//! let wanted = view.units.iter().map(|u| Wanted::new(
//!     PieceKey("unit", u.id as u64), look_of(u), hex_center(u.hex).extend(2.0)));
//! let plan = plan(pieces.iter(), wanted);
//! plan.apply(&mut painter, |p, w| spawn_unit(p, w), (!change.snap()).then_some(&mut anim));
//! ```

use crate::anim::Animate;
use crate::draw::Painter;
use bevy::prelude::*;
use std::collections::BTreeMap;
use std::hash::{DefaultHasher, Hash, Hasher};

/// Who a piece is, stable across changes: a kind and a number of the
/// game's own ("unit" 12, "marker" 3, "aircraft" 1).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceKey(pub &'static str, pub u64);

/// What a piece looks like, as a hash of what its drawing depends on.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceLook(pub u64);

/// Where a piece rests once its animations are done. The animation layer
/// puts the piece's `Transform` here (or on its way here).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct PieceHome(pub Vec3);

/// The look of anything printable: a hash of its `Debug` text (views are
/// `Debug`; the hash is only compared within one run), and of the colours
/// chosen (another scheme draws every piece again).
pub fn look_of(x: &impl std::fmt::Debug) -> u64 {
    let mut h = DefaultHasher::new();
    format!("{x:?}").hash(&mut h);
    crate::palette::scheme().hash(&mut h);
    h.finish()
}

/// A piece the view has.
#[derive(Clone, Debug, PartialEq)]
pub struct Wanted {
    pub key: PieceKey,
    pub look: u64,
    pub home: Vec3,
}

impl Wanted {
    pub fn new(key: PieceKey, look: u64, home: Vec3) -> Self {
        Wanted { key, look, home }
    }
}

/// What to do to the board's pieces.
#[derive(Debug, Default, PartialEq)]
pub struct Plan {
    /// New pieces, and pieces whose look changed (their old entity is in
    /// `despawn`).
    pub spawn: Vec<Wanted>,
    pub despawn: Vec<Entity>,
    /// Pieces that keep their entity but rest elsewhere now.
    pub rehome: Vec<(Entity, Vec3)>,
    /// Every piece whose resting place changed: (key, from, to).
    pub moved: Vec<(PieceKey, Vec3, Vec3)>,
}

/// Compares the pieces on the board with those the view has.
pub fn plan<'a>(
    existing: impl IntoIterator<Item = (Entity, &'a PieceKey, &'a PieceLook, &'a PieceHome)>,
    wanted: impl IntoIterator<Item = Wanted>,
) -> Plan {
    let mut have: BTreeMap<PieceKey, (Entity, u64, Vec3)> = BTreeMap::new();
    let mut out = Plan::default();
    for (e, k, l, h) in existing {
        if let Some((dup, ..)) = have.insert(*k, (e, l.0, h.0)) {
            out.despawn.push(dup);
        }
    }
    for w in wanted {
        match have.remove(&w.key) {
            Some((e, look, home)) => {
                if home != w.home {
                    out.moved.push((w.key, home, w.home));
                }
                if look != w.look || home.z != w.home.z {
                    out.despawn.push(e);
                    out.spawn.push(w);
                } else if home != w.home {
                    out.rehome.push((e, w.home));
                }
            }
            None => out.spawn.push(w),
        }
    }
    out.despawn.extend(have.into_values().map(|(e, ..)| e));
    out
}

impl Plan {
    /// Carries the plan out: `spawn` draws one piece at its home and returns
    /// its root (the plan adds the piece's key, look and home); moved pieces
    /// slide from their old place when `slides` is given (leave it out when
    /// drawing afresh: a new game, another side's view).
    pub fn apply(
        self,
        painter: &mut Painter,
        mut spawn: impl FnMut(&mut Painter, &Wanted) -> Entity,
        slides: Option<&mut MessageWriter<Animate>>,
    ) {
        for e in self.despawn {
            painter.commands.entity(e).try_despawn();
        }
        for (e, home) in self.rehome {
            painter.commands.entity(e).insert(PieceHome(home));
        }
        for w in &self.spawn {
            let e = spawn(painter, w);
            painter
                .commands
                .entity(e)
                .insert((w.key, PieceLook(w.look), PieceHome(w.home)));
        }
        if let Some(out) = slides {
            for (key, from, to) in self.moved {
                out.write(Animate::Slide {
                    piece: key,
                    path: vec![from.truncate(), to.truncate()],
                    auto: true,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_changed_is_touched() {
        let (a, b, c) = (
            Entity::from_raw_u32(1).unwrap(),
            Entity::from_raw_u32(2).unwrap(),
            Entity::from_raw_u32(3).unwrap(),
        );
        let unit = |n| PieceKey("unit", n);
        let on = [
            (a, unit(1), PieceLook(10), PieceHome(Vec3::ZERO)),
            (b, unit(2), PieceLook(20), PieceHome(Vec3::X)),
            (c, unit(3), PieceLook(30), PieceHome(Vec3::Y)),
        ];
        let p = plan(
            on.iter().map(|(e, k, l, h)| (*e, k, l, h)),
            vec![
                // 1 stays, 2 moves, 3 is gone, 4 is new.
                Wanted::new(unit(1), 10, Vec3::ZERO),
                Wanted::new(unit(2), 20, Vec3::new(5.0, 0.0, 0.0)),
                Wanted::new(unit(4), 40, Vec3::Z),
            ],
        );
        assert_eq!(p.rehome, vec![(b, Vec3::new(5.0, 0.0, 0.0))]);
        assert_eq!(p.moved, vec![(unit(2), Vec3::X, Vec3::new(5.0, 0.0, 0.0))]);
        assert_eq!(p.despawn, vec![c]);
        assert_eq!(p.spawn, vec![Wanted::new(unit(4), 40, Vec3::Z)]);
        // A new look is drawn again, and still slides if it moved.
        let p = plan(
            on.iter().map(|(e, k, l, h)| (*e, k, l, h)),
            vec![Wanted::new(unit(1), 11, Vec3::X)],
        );
        assert_eq!(p.spawn.len(), 1);
        assert!(p.despawn.contains(&a));
        assert_eq!(p.moved, vec![(unit(1), Vec3::ZERO, Vec3::X)]);
        // Another height in its stack: drawn again (2D meshes are sorted by
        // the height they were first drawn at).
        let p = plan(
            on.iter().map(|(e, k, l, h)| (*e, k, l, h)),
            vec![Wanted::new(unit(2), 20, Vec3::new(1.0, 0.0, 0.5))],
        );
        assert_eq!(p.spawn.len(), 1);
        assert!(p.despawn.contains(&b));
        assert!(p.rehome.is_empty());
    }
}
