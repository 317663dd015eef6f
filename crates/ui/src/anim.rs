//! Short animations, so a player can follow what just happened (above all
//! when the computer moves): a piece slides along its path, a hit flashes
//! where it landed, dice roll in the tray.
//!
//! A plugin maps its events to [`Animate`] messages (in
//! [`crate::VtSet::React`], from [`crate::sync::SessionChanged`]), and only
//! for what the viewing side's view shows; the board's pieces slide by
//! themselves when they come to rest elsewhere ([`crate::pieces`]). All the
//! messages of one frame form one beat; beats play one after another, so a
//! string of the computer's commands plays in order, each piece held where
//! it was until its turn. The computer waits while a beat plays
//! ([`animations_idle`]). A click, a key (Space) or the Off setting skips
//! them; [`AnimSpeed`] is the player's setting.

use crate::camera::CameraFit;
use crate::draw::BoardDraw;
use crate::game::ActiveGame;
use crate::palette::Rgba;
use crate::pieces::{PieceHome, PieceKey};
use crate::shapes::{ShapeBuilder, circle_points};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// How fast animations play (a setting kept between runs).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnimSpeed {
    Off,
    Fast,
    #[default]
    Normal,
}

impl AnimSpeed {
    pub const ALL: [AnimSpeed; 3] = [AnimSpeed::Off, AnimSpeed::Fast, AnimSpeed::Normal];

    pub fn label(self) -> &'static str {
        match self {
            AnimSpeed::Off => "Off",
            AnimSpeed::Fast => "Fast",
            AnimSpeed::Normal => "Normal",
        }
    }

    /// Seconds at this speed for `normal` seconds at normal speed.
    pub fn seconds(self, normal: f32) -> f32 {
        match self {
            AnimSpeed::Off => 0.0,
            AnimSpeed::Fast => normal * 0.4,
            AnimSpeed::Normal => normal,
        }
    }
}

/// Stop after each segment of the sequence of play that ran by itself and
/// in which something happened, for the player to step through (a setting
/// kept between runs). A game whose one command can set off a long chain
/// of automatic procedures shows them one at a time while it is on.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepThrough(pub bool);

impl Default for StepThrough {
    fn default() -> Self {
        StepThrough(true)
    }
}

/// Seconds a piece takes per leg of its path, at normal speed.
pub const SLIDE_LEG: f32 = 0.3;
/// The longest slide, however long the path.
pub const SLIDE_MOST: f32 = 1.5;
/// Seconds a flash lasts.
pub const FLASH: f32 = 0.8;
/// Seconds dice roll in the tray.
pub const DICE_ROLL: f32 = 0.6;

/// Something to show, from a plugin.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Animate {
    /// The piece moves along `path` (world points) to where it rests; the
    /// path's last point is where its hex or zone is (the piece's offset in
    /// a stack is kept). `auto`: made by the pieces layer for a piece that
    /// rests elsewhere; a plugin's own slide for the piece wins.
    Slide {
        piece: PieceKey,
        path: Vec<Vec2>,
        auto: bool,
    },
    /// A ring flashes at `at`, with a word rising from it.
    Flash {
        at: Vec2,
        radius: f32,
        color: Rgba,
        label: Option<String>,
    },
}

impl Animate {
    pub fn slide(piece: PieceKey, path: Vec<Vec2>) -> Self {
        Animate::Slide {
            piece,
            path,
            auto: false,
        }
    }

    pub fn flash(at: Vec2, radius: f32, color: Rgba, label: impl Into<String>) -> Self {
        let label = label.into();
        Animate::Flash {
            at,
            radius,
            color,
            label: (!label.is_empty()).then_some(label),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Slide {
    piece: PieceKey,
    path: Vec<Vec2>,
    auto: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
struct Beat {
    slides: Vec<Slide>,
    flashes: Vec<Animate>,
    /// Seconds into the beat; `None` until it starts.
    clock: Option<f32>,
    length: f32,
}

/// The beats waiting and playing.
#[derive(Resource, Default)]
pub struct Animations {
    beats: VecDeque<Beat>,
    /// The viewing side the beats were made for.
    viewer: Option<Option<u8>>,
    skip: bool,
}

impl Animations {
    /// Something is playing or waiting.
    pub fn busy(&self) -> bool {
        !self.beats.is_empty()
    }

    /// Ends everything at once: pieces go to rest, flashes go.
    pub fn skip(&mut self) {
        self.skip = true;
    }

    fn add(&mut self, msgs: Vec<Animate>, speed: AnimSpeed) {
        let mut beat = Beat::default();
        for m in msgs {
            match m {
                Animate::Slide { piece, path, auto } => {
                    if path.len() < 2 {
                        continue;
                    }
                    match beat.slides.iter_mut().find(|s| s.piece == piece) {
                        // A plugin's path wins over the pieces layer's.
                        Some(s) if s.auto && !auto => *s = Slide { piece, path, auto },
                        Some(s) if !s.auto && !auto => {
                            let joins = s.path.last() == path.first();
                            s.path.extend(path.into_iter().skip(joins as usize));
                        }
                        Some(_) => {}
                        None => beat.slides.push(Slide { piece, path, auto }),
                    }
                }
                f @ Animate::Flash { .. } => beat.flashes.push(f),
            }
        }
        let slide = beat
            .slides
            .iter()
            .map(|s| (SLIDE_LEG * (s.path.len() - 1) as f32).min(SLIDE_MOST))
            .fold(0.0, f32::max);
        let flash = if beat.flashes.is_empty() { 0.0 } else { FLASH };
        beat.length = speed.seconds(slide + flash * 0.75);
        if beat.length > 0.0 {
            self.beats.push_back(beat);
        }
    }
}

impl Beat {
    /// Where the beat happens: its first flash (a shot's target, a landing),
    /// else where a plugin's slide ends (a move), else any slide's end.
    fn place(&self) -> Option<Vec2> {
        let flash = self.flashes.iter().find_map(|f| match f {
            Animate::Flash { at, .. } => Some(*at),
            Animate::Slide { .. } => None,
        });
        let end = |auto: bool| {
            self.slides
                .iter()
                .find(|s| s.auto == auto)
                .and_then(|s| s.path.last().copied())
        };
        flash.or_else(|| end(false)).or_else(|| end(true))
    }
}

/// The camera follows the play: as a beat starts, the place where it happens
/// is brought into view if it is off screen ([`CameraFit::follow`]). The
/// computer's moves played out where the board was not showing (session 27:
/// the US company landed and searched off screen while the computer played
/// Grunt), so a player saw its log but not its pieces move.
pub fn follow(anims: Res<Animations>, fit: Option<ResMut<CameraFit>>) {
    let Some(mut fit) = fit else { return };
    if anims.skip {
        return;
    }
    if let Some(beat) = anims.beats.front()
        && beat.clock.is_none()
        && let Some(p) = beat.place()
    {
        fit.follow = Some(p);
    }
}

/// Run condition: nothing is animating (the computer waits for it).
pub fn animations_idle(a: Option<Res<Animations>>) -> bool {
    a.is_none_or(|a| !a.busy())
}

/// A flash on the board, fading.
#[derive(Component)]
pub struct FlashFx {
    material: Handle<ColorMaterial>,
    label: Option<Entity>,
    color: Color,
}

/// Collects the frame's messages into a beat.
pub fn collect(
    mut msgs: MessageReader<Animate>,
    speed: Res<AnimSpeed>,
    game: Option<Res<ActiveGame>>,
    mut anims: ResMut<Animations>,
) {
    let viewer = game.and_then(|g| g.viewer);
    if anims.viewer != Some(viewer) {
        // Another side looks now (or the game went): what was shown to
        // the last one is not for it.
        anims.viewer = Some(viewer);
        if anims.busy() {
            anims.skip();
        }
    }
    let list: Vec<Animate> = msgs.read().cloned().collect();
    if list.is_empty() || *speed == AnimSpeed::Off || viewer.is_none() {
        return;
    }
    anims.add(list, *speed);
}

/// A click or Space ends what is playing.
pub fn skip_on_input(
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut anims: ResMut<Animations>,
) {
    if anims.busy()
        && (mouse.any_just_pressed([MouseButton::Left, MouseButton::Right])
            || keys.just_pressed(KeyCode::Space))
    {
        anims.skip();
    }
}

fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The point `t` (0 to 1) of the way along a path.
pub fn along(path: &[Vec2], t: f32) -> Vec2 {
    let legs = path.len().saturating_sub(1);
    if legs == 0 {
        return path.first().copied().unwrap_or_default();
    }
    let x = t.clamp(0.0, 1.0) * legs as f32;
    let i = (x.floor() as usize).min(legs - 1);
    path[i].lerp(path[i + 1], ease(x - i as f32))
}

/// Plays the beats: moves the pieces, spawns and fades the flashes.
pub fn play(
    time: Res<Time>,
    speed: Res<AnimSpeed>,
    mut anims: ResMut<Animations>,
    mut pieces: Query<(&PieceKey, &PieceHome, &mut Transform), Without<FlashFx>>,
    mut flashes: Query<(Entity, &FlashFx, &mut Transform), Without<PieceKey>>,
    mut texts: Query<&mut crate::board_text::BoardText>,
    mut draw: BoardDraw,
) {
    let anims = &mut *anims;
    if anims.skip {
        anims.skip = false;
        anims.beats.clear();
    }
    let mut painter = draw.painter();
    // The first beat runs; its flashes appear as it starts.
    let mut finished = false;
    if let Some(beat) = anims.beats.front_mut() {
        let clock = match beat.clock {
            Some(c) => c + time.delta_secs(),
            None => {
                if let Some(p) = painter.as_mut() {
                    for f in &beat.flashes {
                        spawn_flash(p, f);
                    }
                }
                0.0
            }
        };
        beat.clock = Some(clock);
        finished = clock >= beat.length;
    }
    let running = if finished {
        anims.beats.pop_front();
        None
    } else {
        anims.beats.front().cloned()
    };
    let clock = running.as_ref().and_then(|b| b.clock).unwrap_or(0.0);
    // Pieces: on their way, held where they were until their beat, or home.
    for (key, home, mut tf) in pieces.iter_mut() {
        let now = running
            .as_ref()
            .and_then(|b| b.slides.iter().find(|s| s.piece == *key))
            .map(|s| {
                let legs = (SLIDE_LEG * (s.path.len() - 1) as f32).min(SLIDE_MOST);
                (s, along(&s.path, clock / speed.seconds(legs).max(0.001)))
            });
        let waiting = || {
            anims
                .beats
                .iter()
                .skip(usize::from(running.is_some()))
                .find_map(|b| b.slides.iter().find(|s| s.piece == *key))
                .map(|s| (s, s.path[0]))
        };
        let at = match now.or_else(waiting) {
            // Keep the piece's place in its stack: its offset from the
            // path's end.
            // In x and y only: a 2D mesh keeps the height it was first
            // sorted at (see crate::pieces).
            Some((s, pos)) => {
                let end = s.path.last().copied().unwrap_or(pos);
                (pos + home.0.truncate() - end).extend(home.0.z)
            }
            None => home.0,
        };
        if tf.translation != at {
            tf.translation = at;
        }
    }
    // Flashes grow and fade; they go with their beat.
    let t = running
        .as_ref()
        .map(|b| clock / b.length.max(0.001))
        .unwrap_or(1.0);
    for (e, fx, mut tf) in flashes.iter_mut() {
        let Some(p) = painter.as_mut() else { break };
        if running.is_none() {
            p.commands.entity(e).try_despawn();
            if let Some(l) = fx.label {
                p.commands.entity(l).try_despawn();
            }
            continue;
        }
        let k = (t / 0.9).clamp(0.0, 1.0);
        tf.scale = Vec3::splat(0.6 + 0.7 * ease(k));
        let alpha = if k < 0.6 { 1.0 } else { 1.0 - (k - 0.6) / 0.4 };
        if let Some(mut m) = p.materials.get_mut(&fx.material) {
            m.color = Color::WHITE.with_alpha(alpha);
        }
        if let Some(l) = fx.label
            && let Ok(mut c) = texts.get_mut(l)
        {
            c.color = fx.color.with_alpha(alpha);
        }
    }
}

fn spawn_flash(p: &mut crate::draw::Painter, f: &Animate) {
    let Animate::Flash {
        at,
        radius,
        color,
        label,
    } = f
    else {
        return;
    };
    let mut b = ShapeBuilder::new();
    b.polygon(
        &circle_points(Vec2::ZERO, *radius, *radius, 28),
        color.alpha(color.3 / 4),
    );
    b.ring(
        &circle_points(Vec2::ZERO, *radius, *radius, 28),
        radius * 0.16,
        *color,
    );
    let (e, material) = p.fading_shape(&b, at.extend(20.0));
    let label = label.as_ref().map(|l| {
        p.text(
            l,
            (*at + Vec2::new(0.0, radius * 1.25)).extend(20.5),
            (radius * 0.42).clamp(14.0, 30.0),
            color.alpha(255),
        )
    });
    p.commands.entity(e).insert(FlashFx {
        material,
        label,
        color: color.alpha(255).color(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_walked_leg_by_leg() {
        let path = [Vec2::ZERO, Vec2::new(10.0, 0.0), Vec2::new(10.0, 10.0)];
        assert_eq!(along(&path, 0.0), Vec2::ZERO);
        assert_eq!(along(&path, 0.5), Vec2::new(10.0, 0.0));
        assert_eq!(along(&path, 1.0), Vec2::new(10.0, 10.0));
        assert_eq!(along(&path, 0.25), Vec2::new(5.0, 0.0));
    }

    #[test]
    fn a_plugins_path_wins_and_off_plays_nothing() {
        let k = PieceKey("unit", 1);
        let mut a = Animations::default();
        a.add(
            vec![
                Animate::Slide {
                    piece: k,
                    path: vec![Vec2::ZERO, Vec2::X],
                    auto: true,
                },
                Animate::slide(k, vec![Vec2::ZERO, Vec2::Y, Vec2::X]),
            ],
            AnimSpeed::Normal,
        );
        assert_eq!(a.beats.len(), 1);
        assert_eq!(a.beats[0].slides.len(), 1);
        assert_eq!(a.beats[0].slides[0].path.len(), 3);
        assert!((a.beats[0].length - 0.6).abs() < 1e-5);
        a.add(
            vec![Animate::flash(Vec2::ZERO, 10.0, Rgba::rgb(1, 2, 3), "Hit")],
            AnimSpeed::Off,
        );
        assert_eq!(a.beats.len(), 1, "Off adds nothing");
        a.add(
            vec![Animate::flash(Vec2::ZERO, 10.0, Rgba::rgb(1, 2, 3), "Hit")],
            AnimSpeed::Fast,
        );
        assert_eq!(a.beats.len(), 2);
        assert!(a.beats[1].length < FLASH);
    }

    // Session 27: the computer's Grunt company landed and searched off
    // screen. Each beat, as it starts, asks the camera to show where it
    // happens: a shot's flash first, else where a plugin's slide ends; once
    // (a beat already playing asks nothing), and nothing while skipping.
    #[test]
    fn each_beat_asks_the_camera_to_show_where_it_happens() {
        let mut app = App::new();
        app.init_resource::<Animations>()
            .init_resource::<CameraFit>()
            .add_systems(Update, follow);
        let asked = |app: &mut App| {
            app.update();
            app.world_mut().resource_mut::<CameraFit>().follow.take()
        };
        let k = PieceKey("unit", 1);
        let end = Vec2::new(900.0, 40.0);
        let shot = Vec2::new(-300.0, 70.0);
        let add = |app: &mut App, msgs: Vec<Animate>| {
            let mut a = app.world_mut().resource_mut::<Animations>();
            a.add(msgs, AnimSpeed::Normal);
        };
        // A move: where the plugin's slide ends (not the pieces layer's).
        add(
            &mut app,
            vec![
                Animate::Slide {
                    piece: PieceKey("unit", 2),
                    path: vec![Vec2::ZERO, Vec2::new(5.0, 5.0)],
                    auto: true,
                },
                Animate::slide(k, vec![Vec2::ZERO, Vec2::X, end]),
            ],
        );
        assert_eq!(asked(&mut app), Some(end));
        // A shot with a piece moving in the same beat: the flash.
        add(
            &mut app,
            vec![
                Animate::slide(k, vec![end, Vec2::ZERO]),
                Animate::flash(shot, 10.0, Rgba::rgb(1, 2, 3), "Hit"),
            ],
        );
        // Still the first beat at the front: asked nothing more until it
        // has started (`play` starts its clock) and gone.
        app.world_mut().resource_mut::<Animations>().beats[0].clock = Some(0.1);
        assert_eq!(asked(&mut app), None, "a beat playing asks nothing");
        app.world_mut()
            .resource_mut::<Animations>()
            .beats
            .pop_front();
        assert_eq!(asked(&mut app), Some(shot));
        // Skipping: nothing.
        app.world_mut().resource_mut::<Animations>().skip();
        assert_eq!(asked(&mut app), None);
    }
}
