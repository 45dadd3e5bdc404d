//! A run listened to tick by tick: each tick's sounds placed, mixed and
//! rendered to exactly that tick's share of the output, as `replay
//! --audio` writes it.

use super::clip::{Bank, Clip};
use super::follow::Follower;
use super::hear::{Heard, Voiced};
use super::levels::Levels;
use super::mixer::Mixer;
use super::space::Space;
use super::vary::Variation;
use crate::map::Progress;
use crate::sim::{World, TICK_RATE};
use std::io::Cursor;
use std::sync::Arc;

/// The rate of rendered files, frames a second: 400 frames a tick.
pub const RATE: u32 = 48_000;

/// The frames of tick `tick` (from 0) at `rate`: `rate / TICK_RATE`,
/// the remainders carried so `n` ticks are always `n * rate / TICK_RATE`
/// frames, rounded down.
pub fn frames_in_tick(tick: u64, rate: u32) -> usize {
    let upto = |t: u64| t * u64::from(rate) / u64::from(TICK_RATE);
    (upto(tick + 1) - upto(tick)) as usize
}

/// The sounds of one world's ticks placed for its camera, followed as
/// the camera moves (with the wind of its motion: see `follow`), with the
/// course's checkpoints and finish chiming as they are passed: what a
/// [`Mixer`] is told each tick, here or on the sound device's thread.
#[derive(Clone, Debug)]
pub struct Hearing {
    heard: Heard,
    follower: Follower,
    course: Option<Progress>,
    /// Steps and impacts varied (the levels' `variation`), and how.
    varied: bool,
    variation: Box<Variation>,
}

impl Hearing {
    /// Hearing `world` (fresh, at tick 0) play `bank`'s clips at `levels`.
    pub fn new(world: &World, bank: &Bank, levels: Levels) -> Self {
        Self {
            heard: Heard::default(),
            follower: Follower::new(bank, levels),
            course: world.map().course.as_ref().map(Progress::new),
            varied: levels.variation,
            variation: Box::default(),
        }
    }

    /// Hears at `levels` from the next tick on (the footsteps' and the
    /// wind's levels are applied here, and `variation` says whether steps
    /// and impacts are varied: see `vary`).
    pub fn set_levels(&mut self, levels: Levels) {
        self.follower.set_levels(levels);
        self.varied = levels.variation;
    }

    /// The tick `world` just ran, heard from its camera. `restarted`: the
    /// tick started the map again; a world at its first tick is a new
    /// run too (the course starts again for both).
    pub fn hear(&mut self, world: &World, restarted: bool) -> &Heard {
        let ear = world.camera();
        let new_run = restarted || world.tick() == 1;
        let (map, sounds) = (world.map(), world.sounds().as_slice());
        if self.varied {
            if new_run {
                self.variation.reset();
            }
            let varied = self.variation.vary(map, world.tick(), sounds);
            self.heard.hear_clips(map, &ear, varied.iter().copied());
        } else {
            self.heard.hear(map, &ear, sounds);
        }
        self.follower
            .follow(world, &ear, &mut self.heard, restarted);
        let space = Space::measure(map, ear.x, ear.y);
        self.heard.set_space(Some(space));
        if new_run {
            self.course = world.map().course.as_ref().map(Progress::new);
        }
        if let Some(progress) = &mut self.course {
            let p = world.player();
            if let Some(i) = progress.update(world.tick(), [p.x, p.y]) {
                let last = i + 1 == progress.passed().len();
                let clip = if last { Clip::Finish } else { Clip::Checkpoint };
                self.heard.push(Voiced::centred(clip, 1.0, false));
            }
        }
        &self.heard
    }
}

/// A listener following one world: after each tick, [`Listening::tick`]
/// hears it ([`Hearing`]) and renders its frames.
#[derive(Clone, Debug)]
pub struct Listening {
    hearing: Hearing,
    mixer: Mixer,
    block: Vec<f32>,
}

impl Listening {
    /// A listener to `world` (fresh, at tick 0) playing `bank` at `rate`.
    pub fn new(world: &World, bank: Arc<Bank>, rate: u32, levels: Levels) -> Self {
        let most = frames_in_tick(0, rate) + 1;
        Self {
            hearing: Hearing::new(world, &bank, levels),
            mixer: Mixer::new(bank, rate, levels),
            block: Vec::with_capacity(2 * most),
        }
    }

    /// Hears the tick `world` just ran and renders its frames, interleaved
    /// stereo. `restarted`: the tick started the map again.
    pub fn tick(&mut self, world: &World, restarted: bool) -> &[f32] {
        self.mixer.hear(self.hearing.hear(world, restarted));
        let frames = frames_in_tick(world.tick() - 1, self.mixer.rate());
        self.block.resize(2 * frames, 0.0);
        self.mixer.render(&mut self.block);
        &self.block
    }

    /// Plays at `levels` from the next tick on.
    pub fn set_levels(&mut self, levels: Levels) {
        self.hearing.set_levels(levels);
        self.mixer.set_levels(levels);
    }

    /// The mixer (its voices, its levels).
    pub fn mixer(&mut self) -> &mut Mixer {
        &mut self.mixer
    }
}

/// A sample as 16-bit PCM: clipped to -1..1, rounded.
fn pcm(x: f32) -> i16 {
    (x.clamp(-1.0, 1.0) * 32767.0).round() as i16
}

/// Interleaved stereo frames at `rate` as a 16-bit PCM WAV file.
pub fn wav_bytes(frames: &[f32], rate: u32) -> Result<Vec<u8>, hound::Error> {
    let spec = hound::WavSpec {
        channels: 2,
        sample_rate: rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut out = Cursor::new(Vec::with_capacity(44 + frames.len() * 2));
    let mut writer = hound::WavWriter::new(&mut out, spec)?;
    for &x in frames {
        writer.write_sample(pcm(x))?;
    }
    writer.finalize()?;
    Ok(out.into_inner())
}
