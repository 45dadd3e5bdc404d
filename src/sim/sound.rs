//! Sound events: what a tick did that can be heard, where, and how loud.
//!
//! The world fills a [`Sounds`] list every tick, as it moves its actors;
//! the audio module turns the list and the listener's pose into samples.
//! Nothing here feeds back into the simulation: the list and the
//! bookkeeping that makes it ([`Ears`]) are outside the state hash, so a
//! recording replays to the same hashes whether anyone listens or not.
//!
//! Two kinds of cue:
//! - **one-shots** (a footstep, a shot, a door) are told on the tick they
//!   happen;
//! - **loops** (a tank's engine, the jetpack's thrust and hover) are told on
//!   every tick they sound, with the tick's gain and pitch; a loop not told
//!   in a tick has stopped. `source` tells two loops of one cue apart (the
//!   tank's index).
//!
//! Most events are found by comparing the actors and doors after the tick
//! with a note of them taken before it (a walker whose state went from
//! standing to chasing has seen the player), so the actors' own code, which
//! runs on many cores, needs no sound of its own.

use super::actors::guard::{GuardState, FIRE_ROW};
use super::actors::tank::TankState;
use super::actors::walker::Frame;
use super::actors::walker::WalkerState;
use super::actors::Actors;
use crate::map::{DoorMotion, Map, PickupKind};

/// What is heard: one committed sound file each (see `audio::Clip`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// The player's footstep.
    Footstep,
    /// A door starts to slide open.
    DoorOpen,
    /// A door starts to slide shut.
    DoorClose,
    /// The use button on a door locked without its key.
    Locked,
    /// A pickup taken (pitch tells the kinds apart: `sim::loot::LOOT`).
    Pickup,
    /// The player's gun fired.
    Gun,
    /// A shot struck a walker or a tank.
    Hit,
    /// A bullet struck a wall.
    Ricochet,
    /// The player was hurt.
    Hurt,
    /// A walker's footfall.
    WalkerStep,
    /// A walker noticed the player.
    WalkerAlert,
    /// A walker died.
    WalkerDeath,
    /// A tank fired a shell.
    TankFire,
    /// A shell burst, or a tank was wrecked.
    Blast,
    /// A tank's engine (a loop; pitch follows its track speeds).
    Engine,
    /// The jetpack's full thrust (a loop).
    Thrust,
    /// The jetpack's hover or brake jets (a loop).
    Hover,
    /// The flier set down gently.
    Landing,
    /// The flier hit the floor hard enough to hurt.
    Crash,
    /// A guard noticed the player and shouts (the walker's alert clip,
    /// pitched down: see [`Cue::clip`]).
    GuardShout,
    /// A guard fired at the player (the gun's clip, pitched down).
    GuardFire,
    /// A guard died (the walker's death clip, pitched down).
    GuardDeath,
}

/// The pitch each guard cue plays its borrowed clip at: a deeper voice and
/// a heavier gun than the walkers' and the player's.
const GUARD_PITCH: f32 = 0.8;

impl Cue {
    /// The cue whose sound file this cue plays: itself, or for a cue with
    /// no file of its own (the guard's) the one it borrows, at the pitch
    /// the world tells.
    pub fn clip(self) -> Cue {
        match self {
            Cue::GuardShout => Cue::WalkerAlert,
            Cue::GuardFire => Cue::Gun,
            Cue::GuardDeath => Cue::WalkerDeath,
            other => other,
        }
    }

    /// True for the cues told on every tick they sound.
    pub fn is_loop(self) -> bool {
        matches!(self, Cue::Engine | Cue::Thrust | Cue::Hover)
    }
}

/// One thing heard in a tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sound {
    /// What.
    pub cue: Cue,
    /// Where, tiles.
    pub at: [f64; 2],
    /// How loud at the source, 0 to 1.
    pub gain: f32,
    /// Playback rate: 1 as recorded, 2 an octave up.
    pub pitch: f32,
    /// Which of several loops of one cue (a tank's index); 0 otherwise.
    pub source: u16,
}

impl Sound {
    /// A silent placeholder filling the unused slots of fixed lists.
    pub const NONE: Sound = Sound {
        cue: Cue::Footstep,
        at: [0.0; 2],
        gain: 0.0,
        pitch: 1.0,
        source: 0,
    };
}

/// The most sounds one tick tells; more are dropped (and counted).
pub const MAX_SOUNDS: usize = 128;

/// The sounds of one tick: a list of fixed size, so telling them never
/// allocates.
#[derive(Clone, Debug)]
pub struct Sounds {
    list: [Sound; MAX_SOUNDS],
    len: usize,
    dropped: u32,
}

impl Default for Sounds {
    fn default() -> Self {
        Self {
            list: [Sound::NONE; MAX_SOUNDS],
            len: 0,
            dropped: 0,
        }
    }
}

impl Sounds {
    /// The sounds told, in the order the tick made them.
    pub fn as_slice(&self) -> &[Sound] {
        &self.list[..self.len]
    }

    /// Sounds the tick made beyond [`MAX_SOUNDS`], not told.
    pub fn dropped(&self) -> u32 {
        self.dropped
    }

    /// Tells `sound`, unless the list is full.
    pub fn push(&mut self, sound: Sound) {
        if self.len < MAX_SOUNDS {
            self.list[self.len] = sound;
            self.len += 1;
        } else {
            self.dropped += 1;
        }
    }

    /// Tells a one-shot `cue` at `at`, `gain` loud, at its recorded pitch.
    pub fn tell(&mut self, cue: Cue, at: [f64; 2], gain: f32) {
        self.push(Sound {
            cue,
            at,
            gain,
            pitch: 1.0,
            source: 0,
        });
    }

    fn clear(&mut self) {
        self.len = 0;
        self.dropped = 0;
    }
}

/// Tiles walked between two footsteps unless set otherwise
/// ([`Ears::set_stride`], the `[audio]` stride): at the walking models' top
/// speed (4 tiles a second) about three steps a second.
pub const STRIDE: f64 = 1.25;
/// The speed at which a footstep is at its loudest, tiles per second.
const LOUDEST_STEP_SPEED: f64 = 4.0;
/// A step's gain at a crawl, before it grows with speed to 1.
const QUIETEST_STEP: f32 = 0.35;
/// A tank's engine idling, as a share of its full pitch and gain.
const ENGINE_IDLE: f32 = 0.6;

/// What the world notes before a tick to tell its sounds after it: the
/// list itself, the distance walked since the last footstep, and the
/// walkers', tanks' and doors' states as they were. Its buffers keep their
/// room from tick to tick, so steady play allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct Ears {
    sounds: Sounds,
    /// Tiles walked since the last footstep.
    stride: f64,
    /// Tiles walked between two footsteps.
    step_every: StepEvery,
    /// Each walker's state and health before the tick.
    walkers: Vec<(WalkerState, i32)>,
    /// Each guard's state and health before the tick.
    guards: Vec<(GuardState, i32)>,
    /// Each tank's health and reload before the tick.
    tanks: Vec<(i32, u32)>,
    /// Each door's motion before the tick.
    doors: Vec<DoorMotion>,
    /// The player's health before the tick.
    health: i32,
    /// A sound of the player's told before the tick's move (the locked
    /// door's clunk), to be placed where the move ends.
    own: Option<(Cue, f32)>,
}

/// Tiles walked between two footsteps: [`STRIDE`] unless set.
#[derive(Clone, Copy, Debug, PartialEq)]
struct StepEvery(f64);

impl Default for StepEvery {
    fn default() -> Self {
        Self(STRIDE)
    }
}

/// The player as the ears need them after a tick.
#[derive(Clone, Copy, Debug)]
pub struct Walked {
    /// Where the player stands now, tiles.
    pub at: [f64; 2],
    /// Tiles moved over the floor this tick (0 flying or dead).
    pub moved: f64,
    /// Speed this tick, tiles per second.
    pub speed: f64,
    /// Health after the tick.
    pub health: i32,
}

impl Ears {
    /// The sounds of the last tick.
    pub fn sounds(&self) -> &Sounds {
        &self.sounds
    }

    /// Tiles walked between two of the player's footsteps.
    pub fn stride(&self) -> f64 {
        self.step_every.0
    }

    /// Tells a footstep every `tiles` tiles walked from now on (the
    /// distance walked since the last one carries over).
    ///
    /// # Panics
    /// Unless `tiles` is finite and over 0: the settings and recordings
    /// that give it check its range where they are read.
    pub fn set_stride(&mut self, tiles: f64) {
        assert!(
            tiles.is_finite() && tiles > 0.0,
            "a stride of {tiles} tiles"
        );
        self.step_every = StepEvery(tiles);
    }

    /// Clears the list and notes the state the tick starts from.
    pub fn before(&mut self, actors: &Actors, map: &Map, health: i32) {
        self.sounds.clear();
        self.walkers.clear();
        self.walkers
            .extend(actors.walkers.iter().map(|w| (w.state, w.health)));
        self.guards.clear();
        self.guards
            .extend(actors.guards.iter().map(|g| (g.state, g.health)));
        self.tanks.clear();
        self.tanks
            .extend(actors.tanks.iter().map(|t| (t.health, t.reload_ticks)));
        self.doors.clear();
        self.doors.extend(map.doors.iter().map(|d| d.motion));
        self.health = health;
        self.own = None;
    }

    /// Tells a one-shot (the gun, a landing).
    pub fn tell(&mut self, cue: Cue, at: [f64; 2], gain: f32) {
        self.sounds.tell(cue, at, gain);
    }

    /// Tells a one-shot of the player's made before the tick's move (the
    /// locked door's clunk): it is placed where the player is after the
    /// tick, so a strafe does not leave it behind to one side.
    pub fn tell_at_player(&mut self, cue: Cue, gain: f32) {
        self.own = Some((cue, gain));
    }

    /// Tells the pickup of `kind` at `at`.
    pub fn picked(&mut self, kind: PickupKind, at: [f64; 2]) {
        self.sounds.push(Sound {
            cue: Cue::Pickup,
            at,
            gain: 1.0,
            pitch: super::loot::row(kind).pitch,
            source: 0,
        });
    }

    /// Tells a push wall starting to slide at `at`: the door's slide, lower
    /// (a whole wall of stone grinding).
    pub fn slid(&mut self, at: [f64; 2]) {
        /// The slide's pitch, as a share of a door's.
        const PUSH_WALL_PITCH: f32 = 0.6;
        self.sounds.push(Sound {
            cue: Cue::DoorOpen,
            at,
            gain: 1.0,
            pitch: PUSH_WALL_PITCH,
            source: 0,
        });
    }

    /// Tells the jetpack's loops: full thrust and hover (or brake) as they
    /// fired this tick.
    pub fn jets(&mut self, at: [f64; 2], thrust: bool, hover: bool) {
        for (on, cue) in [(thrust, Cue::Thrust), (hover, Cue::Hover)] {
            if on {
                self.sounds.push(Sound {
                    cue,
                    at,
                    gain: 1.0,
                    pitch: 1.0,
                    source: 0,
                });
            }
        }
    }

    /// Tells what changed over the tick: the player's footsteps and hurts,
    /// the walkers' steps, alerts, hits and deaths, the tanks' engines,
    /// shots, hits and wrecks, the shells' and bullets' strikes, and the
    /// doors set moving.
    pub fn after(&mut self, walked: Walked, actors: &Actors, map: &Map, max_track_speed: f64) {
        if let Some((cue, gain)) = self.own.take() {
            self.sounds.tell(cue, walked.at, gain);
        }
        self.footsteps(walked);
        if walked.health < self.health {
            self.sounds.tell(Cue::Hurt, walked.at, 1.0);
        }
        self.walkers(actors);
        self.guards(actors);
        self.tanks(actors, max_track_speed);
        for puff in &actors.puffs {
            // A shell's blast appears after the puffs age, a bullet's
            // before: each is new at its own age.
            let (cue, new_age) = if puff.size > 1.0 {
                (Cue::Blast, 0)
            } else {
                (Cue::Ricochet, 1)
            };
            if puff.age == new_age {
                self.sounds.tell(cue, [puff.x, puff.y], 1.0);
            }
        }
        for (door, before) in map.doors.iter().zip(&self.doors) {
            let at = [door.tile.0 as f64 + 0.5, door.tile.1 as f64 + 0.5];
            let cue = match (before, door.motion) {
                (DoorMotion::Still | DoorMotion::Closing, DoorMotion::Opening) => Cue::DoorOpen,
                (DoorMotion::Open(_) | DoorMotion::Opening, DoorMotion::Closing) => Cue::DoorClose,
                _ => continue,
            };
            self.sounds.tell(cue, at, 1.0);
        }
    }

    /// A footstep every stride walked ([`Ears::stride`]), louder the
    /// faster.
    fn footsteps(&mut self, walked: Walked) {
        if walked.moved <= 0.0 {
            return;
        }
        let every = self.step_every.0;
        self.stride += walked.moved;
        if self.stride >= every {
            self.stride -= every * (self.stride / every).floor();
            let share = (walked.speed / LOUDEST_STEP_SPEED).min(1.0) as f32;
            let gain = QUIETEST_STEP + (1.0 - QUIETEST_STEP) * share;
            self.sounds.tell(Cue::Footstep, walked.at, gain);
        }
    }

    fn walkers(&mut self, actors: &Actors) {
        use WalkerState as S;
        for (i, (w, &(state, health))) in actors.walkers.iter().zip(&self.walkers).enumerate() {
            let at = [w.x, w.y];
            let calm = matches!(state, S::Stand | S::Path1 | S::Path2 | S::Path3 | S::Path4);
            let hunting = matches!(
                w.state,
                S::Chase1 | S::Chase2 | S::Chase3 | S::Chase4 | S::Attack1 | S::Attack2
            );
            if w.health < health {
                let cue = if w.health <= 0 {
                    Cue::WalkerDeath
                } else {
                    Cue::Hit
                };
                self.sounds.tell(cue, at, 1.0);
            } else if calm && hunting {
                self.sounds.tell(Cue::WalkerAlert, at, 1.0);
            }
            let footfall = matches!(w.state, S::Path1 | S::Path3 | S::Chase1 | S::Chase3);
            if footfall && w.state != state {
                let gain = if hunting { 0.8 } else { 0.5 };
                // The walker's index tells its steps apart from the
                // others' (the audio side puts each walker out of step).
                self.sounds.push(Sound {
                    cue: Cue::WalkerStep,
                    at,
                    gain,
                    pitch: 1.0,
                    source: i as u16,
                });
            }
        }
    }

    /// The guards' hits and deaths (as the walkers' are found), shouts on
    /// the tick they start to hunt, and shots as they enter the firing
    /// frame.
    fn guards(&mut self, actors: &Actors) {
        for (g, &(state, health)) in actors.guards.iter().zip(&self.guards) {
            let at = [g.x, g.y];
            let mut tell = |cue| {
                self.sounds.push(Sound {
                    cue,
                    at,
                    gain: 1.0,
                    pitch: if cue == Cue::Hit { 1.0 } else { GUARD_PITCH },
                    source: 0,
                })
            };
            if g.health < health {
                tell(if g.health <= 0 {
                    Cue::GuardDeath
                } else {
                    Cue::Hit
                });
            }
            // Seen, heard or shot, it shouts as it starts to hunt.
            if state.calm() && g.state.hunting() {
                tell(Cue::GuardShout);
            }
            if g.state != state && g.frame() == Frame::Rotated(FIRE_ROW) {
                tell(Cue::GuardFire);
            }
        }
    }

    fn tanks(&mut self, actors: &Actors, max_track_speed: f64) {
        for (i, (t, &(health, reload))) in actors.tanks.iter().zip(&self.tanks).enumerate() {
            let at = [t.x, t.y];
            if t.health < health {
                let cue = if t.health <= 0 { Cue::Blast } else { Cue::Hit };
                self.sounds.tell(cue, at, 1.0);
            }
            if t.reload_ticks > reload {
                self.sounds.tell(Cue::TankFire, at, 1.0);
            }
            if t.state == TankState::Wreck {
                continue;
            }
            let tracks = (t.used.0.abs() + t.used.1.abs()) / (2.0 * max_track_speed.max(1e-9));
            let share = tracks.min(1.0) as f32;
            self.sounds.push(Sound {
                cue: Cue::Engine,
                at,
                gain: ENGINE_IDLE + (1.0 - ENGINE_IDLE) * share,
                pitch: ENGINE_IDLE + (1.0 - ENGINE_IDLE) * share * 1.5,
                source: i as u16,
            });
        }
    }
}

impl Ears {
    /// Visits the distance walked since the last footstep, for a save
    /// ([`crate::snapshot`]): the rest is the last tick's, told again by
    /// the next.
    pub fn visit_state(&mut self, v: &mut impl crate::snapshot::Visitor) {
        v.f64(&mut self.stride);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walked(moved: f64, speed: f64) -> Walked {
        Walked {
            at: [0.0; 2],
            moved,
            speed,
            health: 100,
        }
    }

    #[test]
    fn footsteps_come_every_stride_walked() {
        let mut ears = Ears {
            health: 100,
            ..Ears::default()
        };
        let mut steps = 0;
        // 4 tiles a second for 10 s at 120 ticks a second: 40 tiles (and a
        // hair, so rounding cannot lose the last step).
        for _ in 0..1203 {
            ears.sounds.clear();
            ears.footsteps(walked(4.0 / 120.0, 4.0));
            steps += ears.sounds.as_slice().len();
        }
        assert_eq!(steps, (40.0 / STRIDE) as usize);
    }

    #[test]
    fn a_stride_set_spaces_the_footsteps_by_it() {
        for stride in [0.5, 2.0] {
            let mut ears = Ears {
                health: 100,
                ..Ears::default()
            };
            ears.set_stride(stride);
            let mut steps = 0;
            // 40 tiles and a hair, as above.
            for _ in 0..1203 {
                ears.sounds.clear();
                ears.footsteps(walked(4.0 / 120.0, 4.0));
                steps += ears.sounds.as_slice().len();
            }
            assert_eq!(steps, (40.0 / stride) as usize, "stride {stride}");
        }
    }

    #[test]
    fn a_full_list_drops_and_counts() {
        let mut sounds = Sounds::default();
        for _ in 0..MAX_SOUNDS + 3 {
            sounds.tell(Cue::Gun, [0.0; 2], 1.0);
        }
        assert_eq!(sounds.as_slice().len(), MAX_SOUNDS);
        assert_eq!(sounds.dropped(), 3);
    }
}
