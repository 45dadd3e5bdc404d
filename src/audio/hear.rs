//! Placing a tick's sounds for the listener: loudness falls with
//! distance, walls and closed doors between muffle, and the stereo pan
//! follows the view.
//!
//! The pan is equal-power: a sound straight ahead (or behind) reaches both
//! ears at 0.707 of its gain, one square to the right reaches the right
//! ear at `sin(pi/4 * (1 + PAN_WIDTH))` and the left at the cosine, so a
//! sound to one side is never silent in the other ear (Doom's stereo swing
//! and Wolfenstein 3D's table do the same). Within [`NEAR`] the pan
//! narrows to the middle: a sound at the listener's feet (their own step,
//! their own gun a tick after it fired) is in the middle of the head, not
//! hard to one side as a hundredth of a tile's offset would put it.
//!
//! Walls between are counted along a few rays spread over the source's
//! width ([`occlusion`]), so the count is fractional: a sound just around
//! a corner is softened, not cut, and a source sliding behind a pillar
//! fades through it rather than stepping. `follow` glides the count over
//! time and keeps the playing sounds placed as the listener moves.

use super::clip::Clip;
use super::space::Space;
use crate::map::raycast::Walk;
use crate::map::Map;
use crate::sim::sound::{Sound, MAX_SOUNDS};
use crate::sim::Pose;

/// Within this distance a sound is at its full gain, tiles.
pub const NEAR: f64 = 1.0;
/// Beyond `NEAR`, the gain halves every this many tiles more (roughly:
/// `1 / (1 + (d - NEAR) / HALVING)`).
pub const HALVING: f64 = 3.0;
/// Beyond this distance nothing is heard, tiles (Doom's clipping distance,
/// 1200 units, is about 19 of Wolfenstein 3D's tiles).
pub const FAR: f64 = 24.0;
/// How far to the sides the pan reaches, 0 (mono) to 1 (one ear only).
pub const PAN_WIDTH: f32 = 0.8;
/// The gain left after each wall (or shut door leaf) between, 0 to 1.
pub const WALL_GAIN: f32 = 0.35;
/// The most walls counted: beyond it, more walls muffle no further.
pub const MAX_WALLS: f32 = 3.0;
/// Half a source's width, tiles: the occlusion rays end across it, from
/// this far to one side to this far to the other (a walker or a tank is
/// most of a tile across).
pub const SOURCE_HALF_WIDTH: f64 = 0.35;
/// Rays [`occlusion`] casts to a source, across its width.
pub const OCCLUSION_RAYS: usize = 5;

/// One sound as the listener hears it this tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Voiced {
    /// Which clip.
    pub clip: Clip,
    /// True for a loop told every tick it sounds.
    pub looped: bool,
    /// Which of several loops of one clip.
    pub source: u16,
    /// Gain in each ear, `[left, right]`, 0 to 1.
    pub gains: [f32; 2],
    /// Playback rate, 1 as recorded.
    pub pitch: f32,
    /// Walls between source and listener: 0 clear, up to [`MAX_WALLS`].
    pub walls: f32,
    /// True for the menus' sounds: the effects level does not apply.
    pub interface: bool,
    /// Where the sound is, tiles; None for one heard in the middle of the
    /// head (the course's chimes, the menus' clicks, the wind).
    pub at: Option<[f64; 2]>,
    /// Which one-shot this is, for the updates of the ticks it plays on
    /// ([`Follow`]); 0 for one not followed.
    pub id: u32,
}

/// A playing one-shot placed again for where the listener is now: the
/// mixer glides it to these gains and this muffling.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Follow {
    /// The one-shot's [`Voiced::id`].
    pub id: u32,
    /// Gain in each ear now, `[left, right]`.
    pub gains: [f32; 2],
    /// Walls between now.
    pub walls: f32,
}

/// The most playing one-shots followed at once: as many as the mixer has
/// voices (`MAX_VOICES`, checked where both are known: `follow`).
pub const MAX_FOLLOWED: usize = 32;

impl Voiced {
    /// A one-shot `clip` in the middle of the head, `gain` loud (the
    /// course's chimes, the menus' clicks).
    pub fn centred(clip: Clip, gain: f32, interface: bool) -> Self {
        let g = gain * std::f32::consts::FRAC_1_SQRT_2;
        Self {
            clip,
            looped: false,
            source: 0,
            gains: [g, g],
            pitch: 1.0,
            walls: 0.0,
            interface,
            at: None,
            id: 0,
        }
    }
}

/// A tick's sounds as heard: a list of fixed size, so placing them never
/// allocates.
#[derive(Clone, Debug)]
pub struct Heard {
    list: [Voiced; MAX_SOUNDS],
    len: usize,
    follows: [Follow; MAX_FOLLOWED],
    follows_len: usize,
    /// The space around the listener (its reverb), if measured.
    space: Option<Space>,
}

impl Default for Heard {
    fn default() -> Self {
        Self {
            list: [Voiced::centred(Clip::Click, 0.0, true); MAX_SOUNDS],
            len: 0,
            follows: [Follow::default(); MAX_FOLLOWED],
            follows_len: 0,
            space: None,
        }
    }
}

impl Heard {
    /// The sounds, in the order told.
    pub fn as_slice(&self) -> &[Voiced] {
        &self.list[..self.len]
    }

    /// The sounds, to be adjusted after placing (`follow` glides their
    /// muffling and numbers the one-shots).
    pub fn as_mut_slice(&mut self) -> &mut [Voiced] {
        &mut self.list[..self.len]
    }

    /// The playing one-shots of earlier ticks placed again.
    pub fn follows(&self) -> &[Follow] {
        &self.follows[..self.follows_len]
    }

    /// Adds `follow` unless the list is full.
    pub fn push_follow(&mut self, follow: Follow) {
        if self.follows_len < MAX_FOLLOWED {
            self.follows[self.follows_len] = follow;
            self.follows_len += 1;
        }
    }

    /// The space around the listener this tick, if measured.
    pub fn space(&self) -> Option<Space> {
        self.space
    }

    /// Sets the space around the listener this tick.
    pub fn set_space(&mut self, space: Option<Space>) {
        self.space = space;
    }

    /// Empties the lists.
    pub fn clear(&mut self) {
        self.len = 0;
        self.follows_len = 0;
    }

    /// Adds `voiced` unless the list is full.
    pub fn push(&mut self, voiced: Voiced) {
        if self.len < MAX_SOUNDS {
            self.list[self.len] = voiced;
            self.len += 1;
        }
    }

    /// Places every one of `sounds` for a listener at `ear` on `map`,
    /// replacing what the list held. Sounds beyond [`FAR`] are left out.
    pub fn hear(&mut self, map: &Map, ear: &Pose, sounds: &[Sound]) {
        self.hear_clips(map, ear, sounds.iter().map(|s| (Clip::Sim(s.cue), *s)));
    }

    /// Places every one of `sounds`, each played with its own clip (a
    /// varied take: `vary`), as [`Heard::hear`] does.
    pub fn hear_clips(
        &mut self,
        map: &Map,
        ear: &Pose,
        sounds: impl IntoIterator<Item = (Clip, Sound)>,
    ) {
        self.clear();
        for (clip, s) in sounds {
            let Some((gains, walls)) = place(map, ear, s.at) else {
                continue;
            };
            self.push(Voiced {
                clip,
                looped: s.cue.is_loop(),
                source: s.source,
                gains: gains.map(|g| g * s.gain),
                pitch: s.pitch,
                walls,
                interface: false,
                at: Some(s.at),
                id: 0,
            });
        }
    }
}

/// The gains in each ear and the walls between for a sound at `at` heard
/// from `ear`; None beyond [`FAR`].
pub fn place(map: &Map, ear: &Pose, at: [f64; 2]) -> Option<([f32; 2], f32)> {
    if (at[0] - ear.x).hypot(at[1] - ear.y) >= FAR {
        return None;
    }
    let walls = occlusion(map, [ear.x, ear.y], at);
    Some((place_behind(ear, at, walls)?, walls))
}

/// The gains in each ear of a sound at `at` heard from `ear` through
/// `walls` walls; None beyond [`FAR`].
pub fn place_behind(ear: &Pose, at: [f64; 2], walls: f32) -> Option<[f32; 2]> {
    let (dx, dy) = (at[0] - ear.x, at[1] - ear.y);
    let d = dx.hypot(dy);
    if d >= FAR {
        return None;
    }
    let near = 1.0 / (1.0 + (d - NEAR).max(0.0) / HALVING);
    let fade = 1.0 - (d / FAR) * (d / FAR);
    let (s, c) = ear.yaw.sin_cos();
    // Right of the view (c, s) is (-s, c): y grows south. Within NEAR the
    // side narrows to the middle: (-dx s + dy c) / d * min(d / NEAR, 1).
    let side = (-dx * s + dy * c) / d.max(NEAR);
    let angle = std::f32::consts::FRAC_PI_4 * (1.0 + PAN_WIDTH * side as f32);
    let gain = (near * fade) as f32 * WALL_GAIN.powf(walls);
    Some([gain * angle.cos(), gain * angle.sin()])
}

/// How shut the way from `from` to a source at `to` is, on average over
/// [`OCCLUSION_RAYS`] rays ending across the source's width (2 x
/// [`SOURCE_HALF_WIDTH`], square to the line between): 0 clear, up to
/// [`MAX_WALLS`], fractional where some rays pass and some do not. A ray
/// whose end falls inside a wall tile (a source against a wall) counts as
/// the middle ray: the wall behind a source does not open the way to it.
pub fn occlusion(map: &Map, from: [f64; 2], to: [f64; 2]) -> f32 {
    let centre = walls_between(map, from, to);
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    let d = dx.hypot(dy);
    if map.is_open_plane() || d < 1e-9 {
        return centre;
    }
    let across = [-dy / d, dx / d];
    let own = Map::tile_of(to[0], to[1]);
    let mut sum = 0.0;
    for k in 0..OCCLUSION_RAYS {
        let share = 2.0 * k as f64 / (OCCLUSION_RAYS - 1) as f64 - 1.0;
        let offset = SOURCE_HALF_WIDTH * share;
        let end = [to[0] + across[0] * offset, to[1] + across[1] * offset];
        let tile = Map::tile_of(end[0], end[1]);
        let solid = map.door_at(tile.0, tile.1).is_none() && map.cell(tile.0, tile.1) != 0;
        sum += if k == OCCLUSION_RAYS / 2 || (solid && tile != own) {
            centre
        } else {
            walls_between(map, from, end)
        };
    }
    sum / OCCLUSION_RAYS as f32
}

/// How shut the way from `from` to `to` is: each wall tile crossed counts
/// 1, each door tile its leaf's shut share, at most [`MAX_WALLS`]. The
/// tiles the two ends stand in are not counted (a sound in a door's tile
/// comes from the door). The renderer's grid walk, from one end to the
/// other.
pub fn walls_between(map: &Map, from: [f64; 2], to: [f64; 2]) -> f32 {
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    let end = Map::tile_of(to[0], to[1]);
    if map.is_open_plane() || Map::tile_of(from[0], from[1]) == end {
        return 0.0;
    }
    // The ray parameter runs 0 to 1 from one end to the other.
    let mut walk = Walk::new(from[0], from[1], dx, dy);
    let mut walls = 0.0;
    while let Some(crossing) = walk.next_within(1.0) {
        let tile = crossing.tile;
        if tile == end {
            break;
        }
        walls += match map.door_at(tile.0, tile.1) {
            Some(d) => (1.0 - map.doors[d].open).clamp(0.0, 1.0) as f32,
            None if map.cell(tile.0, tile.1) != 0 => 1.0,
            None => 0.0,
        };
        if walls >= MAX_WALLS {
            return MAX_WALLS;
        }
    }
    walls
}
