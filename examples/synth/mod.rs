//! The synthesiser's parts for `gen_sounds`: noise, band-limited tones,
//! biquad filters, struck modes, envelopes, mixing and seamless loops.
//! Every function returns a fresh buffer of samples at [`RATE`].

use std::f32::consts::TAU;
use wobblecaster::audio::CLIP_RATE;

/// Samples a second.
pub const RATE: f32 = CLIP_RATE as f32;
/// No harmonic at or above this share of the Nyquist frequency.
const HARMONIC_LIMIT: f32 = 0.9;
/// Seconds of the last fade to silence of every one-shot.
const TAIL_FADE_S: f32 = 0.012;
/// Seconds of a loop's seam cross-fade.
const SEAM_S: f32 = 0.08;

/// A splitmix64 generator of white noise in -1..1.
pub struct Noise(pub u64);

impl Noise {
    pub fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

/// Samples in `seconds`.
pub fn len(seconds: f32) -> usize {
    (seconds * RATE) as usize
}

/// `seconds` of samples, each `f(t)` at its time `t` in seconds.
pub fn render(seconds: f32, f: impl FnMut(f32) -> f32) -> Vec<f32> {
    (0..len(seconds)).map(|i| i as f32 / RATE).map(f).collect()
}

/// An envelope: a linear rise over `attack` seconds, then a fall by `e`
/// every `decay` seconds.
pub fn env(t: f32, attack: f32, decay: f32) -> f32 {
    let rise = (t / attack.max(1e-6)).min(1.0);
    rise * (-(t - attack).max(0.0) / decay).exp()
}

/// The harmonics of a band-limited wave: the amplitude of harmonic `k`
/// (from 1).
#[derive(Clone, Copy)]
pub enum Wave {
    /// Every harmonic at `1/k`: a sawtooth's spectrum.
    Saw,
    /// The odd harmonics at `1/k`: a square's.
    Square,
    /// The fundamental alone.
    Sine,
}

impl Wave {
    fn harmonic(self, k: u32) -> f32 {
        match self {
            Wave::Saw => 1.0 / k as f32,
            Wave::Square if k % 2 == 1 => 1.0 / k as f32,
            Wave::Square => 0.0,
            Wave::Sine if k == 1 => 1.0,
            Wave::Sine => 0.0,
        }
    }
}

/// A band-limited tone whose frequency at time `t` is `freq(t)` Hz:
/// additive, each harmonic under [`HARMONIC_LIMIT`] of Nyquist, so a
/// sweep never folds a harmonic back down.
pub fn tone(seconds: f32, wave: Wave, freq: impl Fn(f32) -> f32) -> Vec<f32> {
    let nyquist = RATE / 2.0 * HARMONIC_LIMIT;
    let mut phase = 0.0f64;
    render(seconds, |t| {
        let f = freq(t);
        phase = (phase + f64::from(f / RATE)).fract();
        let mut x = 0.0;
        let mut k = 1;
        while k as f32 * f < nyquist && k < 400 {
            let a = wave.harmonic(k);
            if a != 0.0 {
                x += a * (TAU * (phase * f64::from(k)).fract() as f32).sin();
            }
            k += 1;
        }
        x
    })
}

/// A tone gliding from `from` to `to` Hz over `seconds`, exponentially
/// (as a pitch falls or rises).
pub fn glide(seconds: f32, wave: Wave, from: f32, to: f32) -> Vec<f32> {
    tone(seconds, wave, move |t| from * (to / from).powf(t / seconds))
}

/// A biquad section (RBJ's audio EQ cookbook), direct form I.
pub struct Biquad {
    /// Feed-forward coefficients.
    pub b: [f32; 3],
    /// Feedback coefficients (a1, a2; a0 is 1).
    pub a: [f32; 2],
    x: [f32; 2],
    y: [f32; 2],
}

/// What a biquad passes.
#[derive(Clone, Copy)]
pub enum Pass {
    Low,
    High,
    /// A band at constant 0 dB peak gain.
    Band,
}

impl Biquad {
    pub fn new(pass: Pass, corner: f32, q: f32) -> Self {
        let w = TAU * corner.min(RATE * 0.45) / RATE;
        let (s, c) = w.sin_cos();
        let alpha = s / (2.0 * q);
        let b = match pass {
            Pass::Low => [(1.0 - c) / 2.0, 1.0 - c, (1.0 - c) / 2.0],
            Pass::High => [(1.0 + c) / 2.0, -(1.0 + c), (1.0 + c) / 2.0],
            Pass::Band => [alpha, 0.0, -alpha],
        };
        let a0 = 1.0 + alpha;
        Self {
            b: b.map(|b| b / a0),
            a: [-2.0 * c / a0, (1.0 - alpha) / a0],
            x: [0.0; 2],
            y: [0.0; 2],
        }
    }

    pub fn run(&mut self, x: f32) -> f32 {
        let y = self.b[0] * x + self.b[1] * self.x[0] + self.b[2] * self.x[1]
            - self.a[0] * self.y[0]
            - self.a[1] * self.y[1];
        self.x = [x, self.x[0]];
        self.y = [y, self.y[0]];
        y
    }
}

/// `samples` through a biquad.
pub fn filtered(samples: &[f32], pass: Pass, corner: f32, q: f32) -> Vec<f32> {
    let mut f = Biquad::new(pass, corner, q);
    samples.iter().map(|&x| f.run(x)).collect()
}

/// White noise from `seed`, `seconds` long.
pub fn white(seconds: f32, seed: u64) -> Vec<f32> {
    let mut n = Noise(seed);
    render(seconds, |_| n.next())
}

/// Noise from `seed` in a band around `centre` Hz (`q` its sharpness).
pub fn band(seconds: f32, seed: u64, centre: f32, q: f32) -> Vec<f32> {
    filtered(&white(seconds, seed), Pass::Band, centre, q)
}

/// Noise from `seed` under `corner` Hz (two poles).
pub fn low(seconds: f32, seed: u64, corner: f32) -> Vec<f32> {
    filtered(&white(seconds, seed), Pass::Low, corner, 0.707)
}

/// Noise from `seed` over `corner` Hz (two poles).
pub fn high(seconds: f32, seed: u64, corner: f32) -> Vec<f32> {
    filtered(&white(seconds, seed), Pass::High, corner, 0.707)
}

/// Struck modes: decaying sines, each `(Hz, weight, decay seconds)`, over
/// `seconds`; the click of the strike is the modes' sudden start.
pub fn modes(seconds: f32, parts: &[(f32, f32, f32)]) -> Vec<f32> {
    render(seconds, |t| {
        parts
            .iter()
            .map(|&(f, w, d)| w * (TAU * f * t).sin() * (-t / d).exp())
            .sum()
    })
}

/// `parts` summed with their weights, each sample times `shape(t)`.
pub fn mix(parts: &[(&[f32], f32)], shape: impl Fn(f32) -> f32) -> Vec<f32> {
    let n = parts.iter().map(|(p, _)| p.len()).max().unwrap_or(0);
    (0..n)
        .map(|i| {
            let x: f32 = parts
                .iter()
                .map(|(p, w)| p.get(i).unwrap_or(&0.0) * w)
                .sum();
            x * shape(i as f32 / RATE)
        })
        .collect()
}

/// A one-shot: `parts` under an `attack` / `decay` envelope.
pub fn shot(parts: &[(&[f32], f32)], attack: f32, decay: f32) -> Vec<f32> {
    mix(parts, |t| env(t, attack, decay))
}

/// `b` added into `a` from `at` seconds on, `a` grown as needed.
pub fn overlay(mut a: Vec<f32>, b: &[f32], at: f32) -> Vec<f32> {
    let start = len(at);
    if a.len() < start + b.len() {
        a.resize(start + b.len(), 0.0);
    }
    for (i, x) in b.iter().enumerate() {
        a[start + i] += x;
    }
    a
}

/// A loop of `seconds`: `tones` (each `(Hz, wave, weight)`, the frequency
/// rounded to whole cycles of the loop so they join) plus `noise` (a
/// filtered noise whose end is cross-faded into its start at equal power),
/// all times `shape(t)`, which must itself repeat over the loop.
pub fn looped(
    seconds: f32,
    tones: &[(f32, Wave, f32)],
    noise: impl Fn(f32) -> Vec<f32>,
    shape: impl Fn(f32) -> f32,
) -> Vec<f32> {
    let n = len(seconds);
    let seam = len(SEAM_S);
    let mut out = vec![0.0f32; n];
    for &(freq, wave, weight) in tones {
        let f = (freq * seconds).round() / seconds;
        let t = tone(seconds, wave, |_| f);
        for (x, y) in out.iter_mut().zip(t) {
            *x += y * weight;
        }
    }
    let long = noise((n + seam) as f32 / RATE);
    for (i, x) in out.iter_mut().enumerate() {
        let mut v = long[i];
        if i < seam {
            // The start cross-fades from the noise past the end, which the
            // loop's last sample leads into; equal power, the two being
            // uncorrelated.
            let w = (i as f32 / seam as f32) * std::f32::consts::FRAC_PI_2;
            v = long[i] * w.sin() + long[n + i] * w.cos();
        }
        *x += v;
    }
    out.iter()
        .enumerate()
        .map(|(i, x)| x * shape(i as f32 / RATE))
        .collect()
}

/// A periodic wobble over a loop of `seconds`: `1 + depth sin`, `cycles`
/// whole cycles a loop.
pub fn wobble(seconds: f32, cycles: f32, depth: f32) -> impl Fn(f32) -> f32 {
    move |t| 1.0 + depth * (TAU * cycles * t / seconds).sin()
}

/// A one-shot's end faded to silence over [`TAIL_FADE_S`], so its last
/// sample is exactly 0 (a cut would click).
pub fn faded(mut samples: Vec<f32>) -> Vec<f32> {
    let n = samples.len();
    let fade = len(TAIL_FADE_S).min(n);
    for (k, x) in samples[n - fade..].iter_mut().enumerate() {
        let w = 1.0 - (k + 1) as f32 / fade as f32;
        *x *= w * w;
    }
    samples
}

/// The share of `samples`' energy above 150 Hz (a fourth-order
/// Butterworth high-pass, run forwards and back).
pub fn share_above_150(samples: &[f32]) -> f32 {
    let total: f32 = samples.iter().map(|x| x * x).sum();
    let once = filtered(samples, Pass::High, 150.0, 0.707);
    let mut back: Vec<f32> = once.into_iter().rev().collect();
    back = filtered(&back, Pass::High, 150.0, 0.707);
    let above: f32 = back.iter().map(|x| x * x).sum();
    if total > 0.0 {
        above / total
    } else {
        0.0
    }
}
