//! The listener moves, sounds follow: what [`Hearing`](super::Hearing)
//! adds to a tick's placed sounds so they track the listener.
//!
//! - Every one-shot gets a number ([`Voiced::id`]); on each later tick it
//!   plays, it is placed again from the listener's pose then, and the
//!   mixer glides its voice to the new gains and muffling ([`Follow`]). A
//!   door's 1.2 s slide pans as the listener turns during it.
//! - The walls between a source and the listener glide toward their count
//!   ([`occlusion`]'s fractional one) with a time constant of
//!   [`OCCLUSION_GLIDE_S`], loops and one-shots alike: an engine passing
//!   behind a pillar fades through it, without steps or flicker.
//! - Self-motion: the wind of the camera's own speed, on foot and in
//!   flight, louder and higher the faster ([`wind`]); the jetpack's loops
//!   spool up and down with the jets and rise with the speed.
//! - `[audio] footsteps` scales the player's footsteps, `wind` the wind.
//!
//! All of it is plain arithmetic on the tick's state in a fixed order: a
//! replay hears the same every run.

use super::clip::{Bank, Clip, CLIP_RATE};
use super::hear::{occlusion, place_behind, Follow, Heard, Voiced, FAR, MAX_FOLLOWED, WALL_GAIN};
use super::levels::Levels;
use crate::map::Map;
use crate::sim::sound::Cue;
use crate::sim::{Pose, World, TICK_RATE};

/// Seconds the walls between take to glide most (63 %) of the way to a
/// new count: fast enough that a door shutting is heard shutting, slow
/// enough that a corner grazed for a tick does not flicker.
pub const OCCLUSION_GLIDE_S: f64 = 0.06;
/// The clip the wind plays (a broadband loop of its own).
pub const WIND_CLIP: Clip = Clip::Wind;
/// The wind's loop source (the only wind: any number would do).
pub const WIND_SOURCE: u16 = 0;
/// Below this camera speed the wind is silent, tiles per second (a still
/// camera hears none, nor the sway of a stop).
pub const WIND_START: f64 = 0.25;
/// At this camera speed and above the wind is at its loudest, tiles per
/// second: a fast flight; a walk (about 2.5) is a breath, a run (4) more.
pub const WIND_FULL: f64 = 12.0;
/// How the wind's gain grows with the speed's share of [`WIND_FULL`]:
/// `share ^ WIND_CURVE` (air noise grows steeply with speed).
pub const WIND_CURVE: f32 = 1.5;
/// The wind's pitch at a crawl and at [`WIND_FULL`].
pub const WIND_PITCH: [f32; 2] = [0.7, 1.4];
/// Seconds the camera's speed is smoothed over for the wind: a step's
/// lurch is not a gust.
pub const SPEED_GLIDE_S: f64 = 0.1;
/// A camera moving farther than this in one tick, tiles, jumped (a
/// restart, a teleport): the wind keeps the speed it had.
const JUMP_TILES: f64 = 0.5;
/// Seconds the jets take to spool up and down (63 %).
pub const SPOOL_S: [f64; 2] = [0.05, 0.12];
/// A jet's loop at rest and fully spooled, as a share of its pitch, and
/// how much the speed (its share of [`WIND_FULL`]) raises it more.
const JET_PITCH: [f32; 3] = [0.8, 1.0, 0.3];
/// A jet's gain, as a share, standing and at [`WIND_FULL`].
const JET_GAIN: [f32; 2] = [0.75, 1.0];
/// The jets' loops: the full thrust and the hover (or brake).
const JETS: [Cue; 2] = [Cue::Thrust, Cue::Hover];
/// A spool below this is off.
const SPOOL_OFF: f32 = 1e-3;
/// Loops followed at once (engines, jets).
const MAX_LOOPS: usize = 16;
/// A free entry of the loops' table.
const NO_LOOP: LoopWalls = LoopWalls {
    clip: usize::MAX,
    source: u16::MAX,
    walls: 0.0,
    told: false,
};

/// One playing one-shot of an earlier tick.
#[derive(Clone, Copy, Debug, Default)]
struct Followed {
    id: u32,
    at: [f64; 2],
    /// Its gain at the source (the sound's own, and its level).
    gain: f32,
    /// Walls between, gliding.
    walls: f32,
    /// Ticks it still plays.
    ticks_left: u32,
}

/// One loop's gliding walls, by clip and source.
#[derive(Clone, Copy, Debug)]
struct LoopWalls {
    clip: usize,
    source: u16,
    walls: f32,
    told: bool,
}

/// What follows the listener from tick to tick (see the module's notes).
#[derive(Clone, Debug)]
pub struct Follower {
    levels: Levels,
    /// Each clip's length in ticks at pitch 1, rounded up.
    clip_ticks: Vec<u32>,
    followed: [Followed; MAX_FOLLOWED],
    loops: [LoopWalls; MAX_LOOPS],
    next_id: u32,
    /// Where the camera was a tick ago (x, y, altitude), if known.
    last: Option<[f64; 3]>,
    /// The camera's speed, smoothed, tiles per second.
    speed: f64,
    /// Each jet's spool, 0 off to 1 full.
    spool: [f32; 2],
}

impl Follower {
    /// A follower of a fresh world playing `bank` at `levels`.
    pub fn new(bank: &Bank, levels: Levels) -> Self {
        let ticks = |clip: Clip| {
            let samples = bank.samples(clip).len() as u64;
            (samples * u64::from(TICK_RATE)).div_ceil(u64::from(CLIP_RATE)) as u32
        };
        Self {
            levels,
            clip_ticks: Clip::all().map(ticks).collect(),
            followed: [Followed::default(); MAX_FOLLOWED],
            loops: [NO_LOOP; MAX_LOOPS],
            next_id: 1,
            last: None,
            speed: 0.0,
            spool: [0.0; 2],
        }
    }

    /// Plays at `levels` from the next tick on.
    pub fn set_levels(&mut self, levels: Levels) {
        self.levels = levels;
    }

    /// The levels it plays at.
    pub fn levels(&self) -> Levels {
        self.levels
    }

    /// Adjusts `heard`, the tick `world` just ran placed for `ear`:
    /// glides the walls, numbers the one-shots and places the earlier
    /// ones again, scales the footsteps, and adds the wind and the jets'
    /// spooling. `restarted`: the tick started the map again.
    pub fn follow(&mut self, world: &World, ear: &Pose, heard: &mut Heard, restarted: bool) {
        let map = world.map();
        if restarted || world.tick() == 1 {
            self.followed = [Followed::default(); MAX_FOLLOWED];
            self.loops = [NO_LOOP; MAX_LOOPS];
            self.last = None;
            self.speed = 0.0;
            self.spool = [0.0; 2];
        }
        let k = glide(OCCLUSION_GLIDE_S);
        self.again(map, ear, heard, k);
        for l in &mut self.loops {
            l.told = false;
        }
        for v in heard.as_mut_slice() {
            // The cue's one clip, or a take of it (`vary`).
            if matches!(v.clip, Clip::Sim(Cue::Footstep) | Clip::Footstep { .. }) {
                let footsteps = self.levels.footsteps.clamp(0.0, 1.0);
                v.gains = v.gains.map(|g| g * footsteps);
            }
            let Some(at) = v.at else {
                continue;
            };
            if v.looped {
                let walls = self.loop_walls(v.clip.index(), v.source, v.walls, k);
                let change = WALL_GAIN.powf(walls - v.walls);
                v.gains = v.gains.map(|g| g * change);
                v.walls = walls;
            } else {
                v.id = self.start(ear, at, v);
            }
        }
        for l in self.loops.iter_mut().filter(|l| !l.told) {
            *l = NO_LOOP;
        }
        let speed = self.camera_speed(world);
        self.jets(heard, speed);
        if let Some(wind) = wind(speed, self.levels.wind) {
            heard.push(wind);
        }
    }

    /// Places the one-shots of earlier ticks again for `ear`, gliding
    /// their walls by `k`, and forgets those that have ended.
    fn again(&mut self, map: &Map, ear: &Pose, heard: &mut Heard, k: f32) {
        for f in self.followed.iter_mut().filter(|f| f.ticks_left > 0) {
            f.ticks_left -= 1;
            if f.ticks_left == 0 {
                continue;
            }
            let far = (f.at[0] - ear.x).hypot(f.at[1] - ear.y) >= FAR;
            let target = if far {
                f.walls
            } else {
                occlusion(map, [ear.x, ear.y], f.at)
            };
            f.walls += (target - f.walls) * k;
            let gains = place_behind(ear, f.at, f.walls).unwrap_or([0.0; 2]);
            heard.push_follow(Follow {
                id: f.id,
                gains: gains.map(|g| g * f.gain),
                walls: f.walls,
            });
        }
    }

    /// Numbers the one-shot `v`, heard from `ear` at `at`, and notes it to
    /// follow on the ticks it plays; its number.
    fn start(&mut self, ear: &Pose, at: [f64; 2], v: &Voiced) -> u32 {
        let id = self.next_id;
        self.next_id = self.next_id.checked_add(1).unwrap_or(1);
        let placed = place_behind(ear, at, v.walls).unwrap_or([0.0; 2]);
        let sum = placed[0] + placed[1];
        let gain = if sum > 1e-12 {
            (v.gains[0] + v.gains[1]) / sum
        } else {
            0.0
        };
        let length = self.clip_ticks.get(v.clip.index()).copied().unwrap_or(0);
        let ticks_left = (f64::from(length) / f64::from(v.pitch.max(0.05))).ceil() as u32 + 1;
        // The slot of an ended one, else of the one nearest its end.
        let slot = (0..MAX_FOLLOWED)
            .min_by_key(|&i| self.followed[i].ticks_left)
            .unwrap_or(0);
        self.followed[slot] = Followed {
            id,
            at,
            gain,
            walls: v.walls,
            ticks_left,
        };
        id
    }

    /// The gliding walls of the loop `clip` of `source`, now counted
    /// `walls`: the count itself the first tick it is heard.
    fn loop_walls(&mut self, clip: usize, source: u16, walls: f32, k: f32) -> f32 {
        let same = |l: &&mut LoopWalls| l.clip == clip && l.source == source;
        if let Some(l) = self.loops.iter_mut().find(same) {
            l.walls += (walls - l.walls) * k;
            l.told = true;
            return l.walls;
        }
        if let Some(l) = self.loops.iter_mut().find(|l| l.clip == NO_LOOP.clip) {
            *l = LoopWalls {
                clip,
                source,
                walls,
                told: true,
            };
        }
        walls
    }

    /// The camera's speed this tick, smoothed, tiles per second.
    fn camera_speed(&mut self, world: &World) -> f64 {
        let cam = world.camera();
        let now = [cam.x, cam.y, world.player().altitude()];
        if let Some(last) = self.last {
            let moved = ((now[0] - last[0]).powi(2)
                + (now[1] - last[1]).powi(2)
                + (now[2] - last[2]).powi(2))
            .sqrt();
            if moved <= JUMP_TILES {
                let raw = moved * f64::from(TICK_RATE);
                self.speed += (raw - self.speed) * f64::from(glide(SPEED_GLIDE_S));
            }
        }
        self.last = Some(now);
        self.speed
    }

    /// Spools the jets' loops up while the world tells them and down once
    /// it stops, their gain and pitch rising with the camera's `speed`.
    fn jets(&mut self, heard: &mut Heard, speed: f64) {
        let share = (speed / WIND_FULL).clamp(0.0, 1.0) as f32;
        let mut told = [false; 2];
        for v in heard.as_mut_slice() {
            let Some(j) = JETS.iter().position(|&c| v.clip == Clip::Sim(c)) else {
                continue;
            };
            if v.source != 0 {
                continue;
            }
            told[j] = true;
            let spool = spooled(self.spool[j], true);
            self.spool[j] = spool;
            v.gains = v.gains.map(|g| g * jet_gain(spool, share));
            v.pitch *= jet_pitch(spool, share);
        }
        for j in 0..JETS.len() {
            if told[j] || self.spool[j] < SPOOL_OFF {
                continue;
            }
            let spool = spooled(self.spool[j], false);
            self.spool[j] = if spool < SPOOL_OFF { 0.0 } else { spool };
            let mut v = Voiced::centred(Clip::Sim(JETS[j]), jet_gain(spool, share), false);
            v.looped = true;
            v.pitch = jet_pitch(spool, share);
            heard.push(v);
        }
    }
}

/// The share of the way a value glides in one tick with time constant
/// `seconds`: `1 - exp(-dt / seconds)`.
fn glide(seconds: f64) -> f32 {
    (1.0 - (-1.0 / (f64::from(TICK_RATE) * seconds)).exp()) as f32
}

/// A jet's spool one tick on from `spool`, firing or not.
fn spooled(spool: f32, firing: bool) -> f32 {
    let (target, k) = if firing {
        (1.0, glide(SPOOL_S[0]))
    } else {
        (0.0, glide(SPOOL_S[1]))
    };
    spool + (target - spool) * k
}

/// A jet's gain share at `spool`, the camera at `share` of full speed.
fn jet_gain(spool: f32, share: f32) -> f32 {
    spool * (JET_GAIN[0] + (JET_GAIN[1] - JET_GAIN[0]) * share)
}

/// A jet's pitch share at `spool`, the camera at `share` of full speed.
fn jet_pitch(spool: f32, share: f32) -> f32 {
    (JET_PITCH[0] + (JET_PITCH[1] - JET_PITCH[0]) * spool) * (1.0 + JET_PITCH[2] * share)
}

/// The wind for a camera moving at `speed` tiles per second at the
/// `[audio] wind` level `level`: a loop in the middle of the head, or
/// None when it is silent (slower than [`WIND_START`], or no wind).
pub fn wind(speed: f64, level: f32) -> Option<Voiced> {
    let share = ((speed - WIND_START) / (WIND_FULL - WIND_START)).clamp(0.0, 1.0) as f32;
    let gain = level.clamp(0.0, 1.0) * share.powf(WIND_CURVE);
    if gain <= 0.0 {
        return None;
    }
    let mut v = Voiced::centred(WIND_CLIP, gain, false);
    v.looped = true;
    v.source = WIND_SOURCE;
    v.pitch = WIND_PITCH[0] + (WIND_PITCH[1] - WIND_PITCH[0]) * share;
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wind_grows_with_the_speed_and_is_none_standing_or_off() {
        assert_eq!(wind(0.0, 1.0), None);
        assert_eq!(wind(WIND_START, 1.0), None);
        assert_eq!(wind(8.0, 0.0), None, "[audio] wind = 0");
        let walk = wind(2.5, 1.0).unwrap();
        let run = wind(4.0, 1.0).unwrap();
        let fly = wind(20.0, 1.0).unwrap();
        assert!(walk.gains[0] < run.gains[0] && run.gains[0] < fly.gains[0]);
        assert!(walk.pitch < run.pitch && run.pitch < fly.pitch);
        assert_eq!(fly.pitch, WIND_PITCH[1]);
        let half = wind(4.0, 0.5).unwrap();
        assert!((half.gains[0] - 0.5 * run.gains[0]).abs() < 1e-7);
    }

    #[test]
    fn jets_spool_up_and_down_and_rise_with_speed() {
        let mut spool = 0.0;
        let mut last = 0.0;
        for _ in 0..30 {
            spool = spooled(spool, true);
            assert!(spool > last);
            last = spool;
        }
        assert!(spool > 0.99);
        assert!(jet_gain(spool, 1.0) > jet_gain(spool, 0.0));
        assert!(jet_pitch(spool, 1.0) > jet_pitch(spool, 0.0));
        assert!(jet_pitch(0.2, 0.0) < jet_pitch(1.0, 0.0));
        let down = spooled(spool, false);
        assert!(down < spool && down > 0.5, "spools down over ticks: {down}");
    }
}
