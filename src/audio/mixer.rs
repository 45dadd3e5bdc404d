//! The mixer: voices playing clips, started and steered one tick of
//! [`Heard`] at a time, summed into interleaved stereo.
//!
//! Glossary: a *voice* plays one clip at a position that advances by its
//! *step* (the clip's rate over the output's, times the pitch) each output
//! frame, in 32.32 fixed point so its position is exact whatever the
//! buffer sizes; a *block* is what one [`Mixer::render`] call fills. A
//! voice's gains glide from the last block's to the newest over a block,
//! so a moving source or a loop's throttle never clicks. A muffled voice
//! runs through a one-pole low-pass whose corner falls with the walls
//! between.
//!
//! Everything is `f32` arithmetic in a fixed order on one thread: the
//! same ticks give the same samples, bit for bit, and rendering allocates
//! nothing (the voices are a fixed pool; the bank is shared, not copied).

use super::backdrop::{Backdrop, Score};
use super::clip::{Bank, CLIP_RATE};
use super::hear::{Heard, Voiced};
use super::levels::Levels;
use super::limiter::Limiter;
use super::mix_levels;
use std::sync::Arc;

/// Voices at once: Wolfenstein 3D mixed 8 digitised channels; the arena's
/// three engines, the walkers and the shots want more.
pub const MAX_VOICES: usize = 32;
/// The low-pass corner with no wall between, Hz.
const CLEAR_HZ: f32 = 16_000.0;
/// The corner falls by this factor for each wall between.
const CORNER_PER_WALL: f32 = 0.15;
/// One in 32.32 fixed point.
const ONE: u64 = 1 << 32;

/// One playing clip.
#[derive(Clone, Copy, Debug, Default)]
struct Voice {
    /// Playing at all.
    active: bool,
    /// Its clip's index in the bank.
    clip: usize,
    looped: bool,
    source: u16,
    interface: bool,
    /// A loop told this tick (one not told fades out and stops).
    told: bool,
    /// The one-shot's number for the ticks' updates ([`Voiced::id`]).
    id: u32,
    /// Its clip's gain in the mix ([`mix_levels`]), which the updates'
    /// gains are heard at too.
    level: f32,
    /// Position in the clip, 32.32 fixed point samples.
    pos: u64,
    /// Advance per output frame, 32.32 fixed point.
    step: u64,
    /// Gains at the start of the next block, and where they glide to.
    gains: [f32; 2],
    target: [f32; 2],
    /// The low-pass's coefficient and its state.
    smooth: f32,
    held: f32,
}

/// Voices started by ticks of [`Heard`] and rendered to stereo frames at
/// its output rate.
#[derive(Clone, Debug)]
pub struct Mixer {
    bank: Arc<Bank>,
    rate: u32,
    levels: Levels,
    voices: [Voice; MAX_VOICES],
    /// The master bus's limiter, last in [`Mixer::render`].
    limiter: Limiter,
    /// The music, ambience and reverb (`backdrop.rs`).
    backdrop: Backdrop,
}

impl Mixer {
    /// A silent mixer playing `bank` at `rate` frames a second.
    ///
    /// # Panics
    /// If `rate` is 0.
    pub fn new(bank: Arc<Bank>, rate: u32, levels: Levels) -> Self {
        assert!(rate > 0, "an output rate");
        Self {
            bank,
            rate,
            levels,
            voices: [Voice::default(); MAX_VOICES],
            limiter: Limiter::new(rate),
            backdrop: Backdrop::new(rate),
        }
    }

    /// The output rate, frames a second.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// Sets the levels (from the next block on).
    pub fn set_levels(&mut self, levels: Levels) {
        self.levels = levels;
    }

    /// Plays `score` (a map's music and ambience) from its start.
    pub fn set_score(&mut self, score: &Score) {
        self.backdrop.set_score(score);
    }

    /// The music, ambience and reverb behind the voices.
    pub fn backdrop(&self) -> &Backdrop {
        &self.backdrop
    }

    /// Voices playing now.
    pub fn playing(&self) -> usize {
        self.voices.iter().filter(|v| v.active).count()
    }

    /// One tick heard: its one-shots start, its loops carry on (or start)
    /// at their new gains and pitch, loops it does not tell fade out, and
    /// the one-shots of earlier ticks it places again glide to their new
    /// gains and muffling.
    pub fn hear(&mut self, heard: &Heard) {
        self.backdrop.set_space(heard.space());
        for v in self.voices.iter_mut().filter(|v| v.looped) {
            v.told = false;
        }
        for voiced in heard.as_slice() {
            self.play(voiced);
        }
        for v in self.voices.iter_mut().filter(|v| v.looped && !v.told) {
            v.target = [0.0; 2];
        }
        for f in heard.follows() {
            let smooth = self.smoothing(f.walls);
            let same = |v: &&mut Voice| v.active && !v.looped && v.id == f.id;
            if let Some(v) = self.voices.iter_mut().find(same) {
                (v.target, v.smooth) = (f.gains.map(|g| g * v.level), smooth);
            }
        }
    }

    /// Plays one sound at its level in the mix ([`mix_levels`]): a loop
    /// already playing is steered, anything else starts on a free voice (or
    /// the quietest one-shot's).
    pub fn play(&mut self, voiced: &Voiced) {
        let level = mix_levels::gain(voiced.clip);
        let voiced = &Voiced {
            gains: voiced.gains.map(|g| g * level),
            ..*voiced
        };
        let clip = voiced.clip.index();
        let step = self.step(voiced.pitch);
        let smooth = self.smoothing(voiced.walls);
        if voiced.looped {
            let same = |v: &&mut Voice| {
                v.active && v.looped && v.clip == clip && v.source == voiced.source
            };
            if let Some(v) = self.voices.iter_mut().find(same) {
                v.told = true;
                v.target = voiced.gains;
                (v.step, v.smooth) = (step, smooth);
                return;
            }
        }
        let Some(slot) = self.free_voice() else {
            return;
        };
        // A one-shot starts at its gains (its clip starts from silence); a
        // loop glides in from silence.
        let gains = if voiced.looped {
            [0.0; 2]
        } else {
            voiced.gains
        };
        self.voices[slot] = Voice {
            active: true,
            clip,
            looped: voiced.looped,
            source: voiced.source,
            interface: voiced.interface,
            told: true,
            id: voiced.id,
            level,
            pos: 0,
            step,
            gains,
            target: voiced.gains,
            smooth,
            held: 0.0,
        };
    }

    /// A free voice, else the quietest one-shot's.
    fn free_voice(&self) -> Option<usize> {
        if let Some(i) = self.voices.iter().position(|v| !v.active) {
            return Some(i);
        }
        let loudness = |v: &Voice| v.target[0] + v.target[1];
        (0..MAX_VOICES)
            .filter(|&i| !self.voices[i].looped)
            .min_by(|&a, &b| loudness(&self.voices[a]).total_cmp(&loudness(&self.voices[b])))
    }

    /// The 32.32 advance per output frame of a clip played at `pitch`.
    fn step(&self, pitch: f32) -> u64 {
        let ratio = f64::from(CLIP_RATE) / f64::from(self.rate) * f64::from(pitch.max(0.0));
        (ratio * ONE as f64) as u64
    }

    /// The one-pole low-pass coefficient behind `walls` walls:
    /// `1 - exp(-2 pi f / rate)` at the corner `f`.
    fn smoothing(&self, walls: f32) -> f32 {
        let corner = CLEAR_HZ * CORNER_PER_WALL.powf(walls);
        let w = std::f32::consts::TAU * corner / self.rate as f32;
        (1.0 - (-w).exp()).min(1.0)
    }

    /// Fills `out`, interleaved stereo (left, right), with the next
    /// `out.len() / 2` frames. Gains glide over the block to the last
    /// tick's; finished voices end; the sum goes through the master bus's
    /// limiter, so no sample is over its ceiling.
    ///
    /// # Panics
    /// If `out` has an odd length.
    pub fn render(&mut self, out: &mut [f32]) {
        assert!(out.len().is_multiple_of(2), "interleaved stereo frames");
        out.fill(0.0);
        let frames = out.len() / 2;
        if frames == 0 {
            return;
        }
        let levels = self.levels;
        // The game's voices, their reverb, then the menus' (dry), then the
        // music and ambience under them all.
        for interface in [false, true] {
            let voices = self.voices.iter_mut();
            for v in voices.filter(|v| v.active && v.interface == interface) {
                let samples = self.bank.samples_at(v.clip);
                mix_voice(v, samples, levels.gain(v.interface), out);
                let silent = v.target == [0.0; 2];
                if v.looped && silent {
                    v.active = false;
                }
            }
            if !interface {
                self.backdrop.effects(out, &levels);
            }
        }
        self.backdrop.beds(out, &levels);
        self.limiter.run(out);
    }
}

/// Adds one voice's next `out.len() / 2` frames into `out` at `level`,
/// its gains gliding to their targets.
fn mix_voice(v: &mut Voice, samples: &[f32], level: f32, out: &mut [f32]) {
    let frames = out.len() / 2;
    let len = samples.len() as u64;
    if len == 0 {
        v.active = false;
        return;
    }
    let glide = [
        (v.target[0] - v.gains[0]) / frames as f32,
        (v.target[1] - v.gains[1]) / frames as f32,
    ];
    let mut gains = v.gains;
    for frame in out.chunks_exact_mut(2) {
        let mut i = v.pos >> 32;
        if i >= len {
            if !v.looped {
                v.active = false;
                break;
            }
            v.pos %= len << 32;
            i = v.pos >> 32;
        }
        let a = samples[i as usize];
        // Past the clip's last sample a loop reads its first, a one-shot
        // silence.
        let b = match samples.get(i as usize + 1) {
            Some(&b) => b,
            None if v.looped => samples[0],
            None => 0.0,
        };
        let frac = (v.pos & (ONE - 1)) as f32 * (1.0 / ONE as f32);
        let x = a + (b - a) * frac;
        v.held += v.smooth * (x - v.held);
        gains[0] += glide[0];
        gains[1] += glide[1];
        frame[0] += v.held * gains[0] * level;
        frame[1] += v.held * gains[1] * level;
        v.pos += v.step;
    }
    v.gains = v.target;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::{Clip, Voiced};
    use crate::sim::sound::Cue;

    /// A bank whose clips are all a second of a steady square tone.
    fn bank() -> Arc<Bank> {
        let tone: Vec<f32> = (0..CLIP_RATE)
            .map(|i| if i % 50 < 25 { 0.5 } else { -0.5 })
            .collect();
        Arc::new(Bank::from_samples(vec![tone; Clip::COUNT]))
    }

    fn engine(source: u16, pitch: f32) -> Voiced {
        Voiced {
            clip: Clip::Sim(Cue::Engine),
            looped: true,
            source,
            gains: [0.5, 0.5],
            pitch,
            walls: 0.0,
            interface: false,
            at: None,
            id: 0,
        }
    }

    fn energy(mixer: &mut Mixer, frames: usize) -> f32 {
        let mut out = vec![0.0; 2 * frames];
        mixer.render(&mut out);
        out.iter().map(|x| x * x).sum()
    }

    #[test]
    fn a_loop_plays_while_told_and_fades_out_once_it_is_not() {
        let mut mixer = Mixer::new(bank(), 48_000, Levels::default());
        let mut heard = Heard::default();
        heard.push(engine(0, 1.0));
        heard.push(engine(1, 1.0));
        for _ in 0..30 {
            mixer.hear(&heard);
            assert!(energy(&mut mixer, 400) > 0.0);
        }
        assert_eq!(mixer.playing(), 2, "one voice a source");
        heard.clear();
        heard.push(engine(1, 1.0));
        mixer.hear(&heard);
        energy(&mut mixer, 400);
        assert_eq!(mixer.playing(), 1, "the untold loop faded and stopped");
        mixer.hear(&Heard::default());
        energy(&mut mixer, 400);
        assert_eq!(mixer.playing(), 0);
        assert_eq!(energy(&mut mixer, 400), 0.0);
    }

    #[test]
    fn a_one_shot_ends_with_its_clip_and_walls_muffle() {
        let clear = Voiced::centred(Clip::Sim(Cue::Gun), 1.0, false);
        let walled = Voiced {
            walls: 2.0,
            ..clear
        };
        let mut muffling = Mixer::new(bank(), 48_000, Levels::default());
        muffling.play(&walled);
        let muffled = energy(&mut muffling, 4800);
        let mut mixer = Mixer::new(bank(), 48_000, Levels::default());
        mixer.play(&clear);
        let open = energy(&mut mixer, 4800);
        assert!(muffled < 0.5 * open, "open {open}, muffled {muffled}");
        // A second of clip at 22050 Hz is 48000 frames at 48 kHz.
        energy(&mut mixer, 48_000);
        assert_eq!(mixer.playing(), 0);
    }

    #[test]
    fn pitch_steps_through_the_clip_faster() {
        let low = Mixer::new(bank(), 48_000, Levels::default());
        assert!(low.step(2.0).abs_diff(2 * low.step(1.0)) <= 1);
        assert_eq!(low.step(1.0), (22_050u64 << 32) / 48_000);
    }
}
