//! The music's voices: a small deterministic synthesizer in the manner of
//! the OPL2 Wolfenstein 3D's music played on. Each voice plays one
//! [`Instrument`] at a time: two-operator FM or a band-limited pulse or
//! sawtooth (PolyBLEP: the step at each wrap smoothed over a sample, so
//! no alias folds down), a triangle, or a drum made from a falling sine
//! and noise; an envelope (linear attack, exponential decay and release)
//! and a one-pole low-pass shape it.
//!
//! All `f32`, one voice after another in a fixed order; the sine is a
//! table read with linear interpolation (the OPL2 read a table too), so a
//! render is the same bytes everywhere, and nothing allocates per block.

use super::music::{Instrument, Wave};

/// Entries in one period of the sine table.
const TABLE: usize = 1024;
/// Below this an envelope is silence and its voice ends.
const SILENT: f32 = 1e-4;
/// The kick's pitch starts this many times over its own and falls to it.
const KICK_SWEEP: f32 = 3.0;
/// The kick's pitch falls to within 1/e of its own in this many seconds.
const KICK_DROP_S: f32 = 0.03;
/// A kick, snare and hat's own pitches, Hz (for a hit, `x`).
const KICK_HZ: f32 = 52.0;
const SNARE_HZ: f32 = 185.0;
/// The corner under which the snare's and hat's noise is cut, Hz.
const SNARE_NOISE_HZ: f32 = 1_500.0;
const HAT_NOISE_HZ: f32 = 7_000.0;
/// The level of an unaccented note against an accented one.
const UNACCENTED: f32 = 0.72;
/// How deep an FM voice's brightness follows its envelope: the modulation
/// index is `index * (1 - FM_FOLLOW + FM_FOLLOW * envelope)`.
const FM_FOLLOW: f32 = 0.6;

/// One period of a wave (a sine unless made of another), with the first
/// entry again at the end so the interpolation never wraps.
#[derive(Clone, Debug)]
pub struct SineTable(Box<[f32]>);

impl Default for SineTable {
    fn default() -> Self {
        Self::of(f64::sin)
    }
}

/// `x` less its whole turns, 0 to 1, for `x` from 0 up to 2^31 (a
/// truncating conversion, not a call to `floorf`).
#[inline]
pub fn wrap(x: f32) -> f32 {
    x - x as i32 as f32
}

impl SineTable {
    /// The period of `wave` (a function of radians, 0 to 2 pi).
    pub fn of(wave: impl Fn(f64) -> f64) -> Self {
        let step = std::f64::consts::TAU / TABLE as f64;
        Self((0..=TABLE).map(|i| wave(i as f64 * step) as f32).collect())
    }

    /// The wave at `cycles` whole turns (any value under 2^31 turns,
    /// negative too).
    #[inline]
    pub fn sin(&self, cycles: f32) -> f32 {
        let mut turn = wrap(cycles);
        if turn < 0.0 {
            turn += 1.0;
        }
        let x = turn * TABLE as f32;
        let i = (x as usize).min(TABLE - 1);
        let frac = x - i as f32;
        let a = self.0[i];
        a + (self.0[i + 1] - a) * frac
    }
}

/// A white-noise generator (xorshift32): the same numbers from the same
/// seed.
#[derive(Clone, Copy, Debug)]
pub struct Noise(u32);

impl Noise {
    /// A generator from `seed` (0 is taken as 1: xorshift never leaves 0).
    pub fn new(seed: u32) -> Self {
        Self(seed.max(1))
    }

    /// The next sample, -1 to 1.
    #[inline]
    pub fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x as i32 as f32 * (1.0 / 2_147_483_648.0)
    }
}

/// The one-pole low-pass coefficient for a corner of `hz` at `rate`.
pub fn one_pole(hz: f32, rate: f32) -> f32 {
    let w = std::f32::consts::TAU * hz / rate;
    (1.0 - (-w).exp()).min(1.0)
}

/// The frequency of MIDI note `note`, Hz (A4, 69, is 440).
pub fn note_hz(note: u8) -> f32 {
    440.0 * 2f32.powf((f32::from(note) - 69.0) / 12.0)
}

/// An instrument made ready for one output rate: its envelope as per-frame
/// steps and factors, its pan as gains.
#[derive(Clone, Copy, Debug)]
pub struct Voicing {
    wave: Wave,
    ratio: f32,
    index: f32,
    width: f32,
    attack_step: f32,
    decay_factor: f32,
    sustain: f32,
    release_factor: f32,
    gains: [f32; 2],
    smooth: f32,
    kick_factor: f32,
    noise_smooth: f32,
}

impl Voicing {
    /// `instrument` at `rate` frames a second.
    pub fn new(instrument: &Instrument, rate: u32) -> Self {
        let rate = rate as f32;
        let per = |seconds: f32| (-1.0 / (seconds * rate)).exp();
        let angle = std::f32::consts::FRAC_PI_4 * (1.0 + instrument.pan);
        let noise_hz = match instrument.wave {
            Wave::Hat => HAT_NOISE_HZ,
            _ => SNARE_NOISE_HZ,
        };
        Self {
            wave: instrument.wave,
            ratio: instrument.ratio,
            index: instrument.index / std::f32::consts::TAU,
            width: instrument.width,
            attack_step: 1.0 / (instrument.attack * rate).max(1.0),
            decay_factor: per(instrument.decay),
            sustain: if instrument.wave.is_drum() {
                0.0
            } else {
                instrument.sustain
            },
            release_factor: per(instrument.release),
            gains: [instrument.gain * angle.cos(), instrument.gain * angle.sin()],
            smooth: one_pole(instrument.cutoff.min(0.45 * rate), rate),
            kick_factor: per(KICK_DROP_S),
            noise_smooth: one_pole(noise_hz, rate),
        }
    }
}

/// Where a voice's envelope is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Stage {
    #[default]
    Off,
    Attack,
    Decay,
    Release,
}

/// One voice: the instrument it plays now and its state.
#[derive(Clone, Copy, Debug)]
pub struct Voice {
    voicing: Voicing,
    /// Which instrument (index in its track).
    instrument: usize,
    stage: Stage,
    env: f32,
    level: f32,
    /// Phases in turns, 0 to 1, and their steps a frame.
    phase: f32,
    step: f32,
    mod_phase: f32,
    /// The kick's pitch above its own, falling.
    sweep: f32,
    noise: Noise,
    /// The noise's low-pass state (what is cut from it) and the output's.
    noise_low: f32,
    held: f32,
}

impl Voice {
    /// A silent voice whose noise starts from `seed`.
    pub fn new(voicing: Voicing, seed: u32) -> Self {
        Self {
            voicing,
            instrument: usize::MAX,
            stage: Stage::Off,
            env: 0.0,
            level: 0.0,
            phase: 0.0,
            step: 0.0,
            mod_phase: 0.0,
            sweep: 0.0,
            noise: Noise::new(seed),
            noise_low: 0.0,
            held: 0.0,
        }
    }

    /// True while it sounds.
    pub fn is_playing(&self) -> bool {
        self.stage != Stage::Off
    }

    /// True while its note holds (not yet released).
    #[cfg(test)]
    pub fn is_held(&self) -> bool {
        matches!(self.stage, Stage::Attack | Stage::Decay)
    }

    /// The instrument it plays (or played last), its index in the track.
    pub fn instrument(&self) -> usize {
        self.instrument
    }

    /// Starts note `note` (MIDI) on `voicing`, instrument `instrument`;
    /// a hit (`x`, note 60) on a drum plays the drum's own pitch.
    pub fn start(
        &mut self,
        (voicing, instrument): (&Voicing, usize),
        note: u8,
        accent: bool,
        rate: u32,
    ) {
        let hz = match (voicing.wave, note) {
            (Wave::Kick, 60) => KICK_HZ,
            (Wave::Snare | Wave::Hat, 60) => SNARE_HZ,
            _ => note_hz(note),
        };
        self.voicing = *voicing;
        self.instrument = instrument;
        self.step = hz / rate as f32;
        self.level = if accent { 1.0 } else { UNACCENTED };
        self.stage = Stage::Attack;
        // A drum or a new note on a silent voice starts from zero; a legato
        // note glides on from the level it had, so it does not click.
        if voicing.wave.is_drum() {
            self.env = 0.0;
            self.phase = 0.0;
            self.mod_phase = 0.0;
        }
        self.sweep = KICK_SWEEP;
    }

    /// The note's end: the envelope releases.
    pub fn release(&mut self) {
        if self.stage != Stage::Off {
            self.stage = Stage::Release;
        }
    }

    /// Adds the next `out.len() / 2` frames into interleaved stereo `out`,
    /// scaled by `gain`.
    pub fn render(&mut self, table: &SineTable, gain: f32, out: &mut [f32]) {
        if self.stage == Stage::Off {
            return;
        }
        let v = self.voicing;
        let gains = [
            v.gains[0] * gain * self.level,
            v.gains[1] * gain * self.level,
        ];
        for frame in out.chunks_exact_mut(2) {
            self.envelope();
            if self.stage == Stage::Off {
                break;
            }
            let x = self.oscillate(table);
            self.held += v.smooth * (x - self.held);
            let y = self.held * self.env;
            frame[0] += y * gains[0];
            frame[1] += y * gains[1];
        }
    }

    /// One frame of the envelope.
    #[inline]
    fn envelope(&mut self) {
        let v = &self.voicing;
        match self.stage {
            Stage::Off => {}
            Stage::Attack => {
                self.env += v.attack_step;
                if self.env >= 1.0 {
                    self.env = 1.0;
                    self.stage = Stage::Decay;
                }
            }
            Stage::Decay => {
                self.env = v.sustain + (self.env - v.sustain) * v.decay_factor;
                if v.sustain == 0.0 && self.env < SILENT {
                    self.stage = Stage::Off;
                }
            }
            Stage::Release => {
                self.env *= v.release_factor;
                if self.env < SILENT {
                    self.stage = Stage::Off;
                }
            }
        }
        if self.stage == Stage::Off {
            self.env = 0.0;
            self.held = 0.0;
        }
    }

    /// One frame of the oscillator, -1 to 1 or about.
    #[inline]
    fn oscillate(&mut self, table: &SineTable) -> f32 {
        let v = &self.voicing;
        let (phase, step) = (self.phase, self.step);
        let advance = |p: f32, s: f32| wrap(p + s);
        let x = match v.wave {
            Wave::Fm => {
                let depth = v.index * (1.0 - FM_FOLLOW + FM_FOLLOW * self.env);
                let m = table.sin(self.mod_phase);
                self.mod_phase = advance(self.mod_phase, step * v.ratio);
                table.sin(phase + depth * m)
            }
            Wave::Pulse => {
                let high = if phase < v.width { 1.0 } else { -1.0 };
                let fall = advance(phase, 1.0 - v.width);
                high + blep(phase, step) - blep(fall, step) + (1.0 - 2.0 * v.width)
            }
            Wave::Saw => 2.0 * phase - 1.0 - blep(phase, step),
            Wave::Tri => 1.0 - 4.0 * (phase - 0.5).abs(),
            Wave::Kick => {
                self.sweep *= v.kick_factor;
                self.phase = advance(phase, step * (1.0 + self.sweep));
                return table.sin(phase);
            }
            Wave::Snare | Wave::Hat => {
                let n = self.noise.next();
                self.noise_low += v.noise_smooth * (n - self.noise_low);
                let hiss = n - self.noise_low;
                match v.wave {
                    Wave::Snare => 0.7 * hiss + 0.45 * table.sin(phase),
                    _ => hiss,
                }
            }
        };
        self.phase = advance(phase, step);
        x
    }
}

/// PolyBLEP: the correction that rounds a unit step at phase 0 over one
/// sample either side (`t` the phase, `dt` its step a sample).
#[inline]
fn blep(t: f32, dt: f32) -> f32 {
    if t < dt {
        let t = t / dt;
        t + t - t * t - 1.0
    } else if t > 1.0 - dt {
        let t = (t - 1.0) / dt;
        t * t + t + t + 1.0
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn instrument(wave: Wave) -> Instrument {
        Instrument {
            name: "i".into(),
            wave,
            ratio: 2.0,
            index: 1.0,
            width: 0.5,
            attack: 0.01,
            decay: 0.1,
            sustain: 0.5,
            release: 0.05,
            gain: 1.0,
            pan: 0.0,
            cutoff: 16_000.0,
        }
    }

    fn play(wave: Wave, note: u8, frames: usize, hold: usize) -> Vec<f32> {
        let table = SineTable::default();
        let voicing = Voicing::new(&instrument(wave), 48_000);
        let mut voice = Voice::new(voicing, 7);
        voice.start((&voicing, 0), note, true, 48_000);
        let mut out = vec![0.0; 2 * frames];
        voice.render(&table, 1.0, &mut out[..2 * hold]);
        voice.release();
        voice.render(&table, 1.0, &mut out[2 * hold..]);
        out
    }

    #[test]
    fn the_table_is_a_sine() {
        let t = SineTable::default();
        for i in -40..40 {
            let c = i as f32 * 0.0371;
            assert!((t.sin(c) - (c * std::f32::consts::TAU).sin()).abs() < 1e-4);
        }
    }

    #[test]
    fn a_note_rises_holds_and_ends_in_silence() {
        for wave in [Wave::Fm, Wave::Pulse, Wave::Saw, Wave::Tri] {
            let out = play(wave, 69, 48_000, 24_000);
            let peak = |r: std::ops::Range<usize>| {
                out[2 * r.start..2 * r.end]
                    .iter()
                    .fold(0f32, |m, x| m.max(x.abs()))
            };
            assert!(peak(0..100) < peak(2_000..4_000), "{wave:?} attacks");
            assert!(peak(20_000..24_000) > 0.2, "{wave:?} sustains");
            // Released at frame 24,000 from about 0.5, 0.05 s to 1/e: silent
            // (under 1e-4) 0.43 s later.
            assert_eq!(peak(46_000..48_000), 0.0, "{wave:?} ended");
        }
    }

    #[test]
    fn drums_decay_by_themselves() {
        for wave in [Wave::Kick, Wave::Snare, Wave::Hat] {
            let out = play(wave, 60, 48_000, 48_000);
            assert!(out[..4_000].iter().any(|x| x.abs() > 0.1), "{wave:?}");
            // A decay of 0.1 s to 1/e reaches 1e-4 in 0.92 s.
            assert!(out[2 * 46_000..].iter().all(|&x| x == 0.0), "{wave:?}");
        }
    }

    #[test]
    fn a_pitch_is_its_note() {
        // A4 on the triangle: count the upward zero crossings in a second.
        let out = play(Wave::Tri, 69, 48_000, 48_000);
        let left: Vec<f32> = out.iter().step_by(2).copied().collect();
        let ups = left
            .windows(2)
            .filter(|w| w[0] < 0.0 && w[1] >= 0.0)
            .count();
        assert!((438..=441).contains(&ups), "{ups}");
    }
}
