//! Synthesised sound effects for wobblecaster: no recorded samples.
//!
//! Run with `cargo run --release --example gen_sounds`. It writes one mono
//! 16-bit WAV file at 22050 Hz a clip into `assets/sounds/` (the names
//! `audio::Clip::file_name` gives); that output is committed, so rerun
//! this only after changing it. Noise comes from fixed seeds through a
//! splitmix64 generator, so the files come out the same every run.
//!
//! Each clip is a few plain parts: tones (sine, square, sawtooth) with
//! pitch sweeps, noise through a one-pole low-pass, and an envelope (a
//! short attack, then an exponential decay). The loops (engine, thrust,
//! hover) are whole cycles of their tones, their noise cross-faded over
//! the seam, so they repeat without a click.

use std::error::Error;
use std::f32::consts::TAU;
use std::path::Path;
use wobblecaster::audio::{Clip, CLIP_RATE};
use wobblecaster::sim::sound::Cue;

/// Samples a second.
const RATE: f32 = CLIP_RATE as f32;
/// Peak of a one-shot, and of a loop (several loops sound at once).
const PEAK: f32 = 0.6;
const LOOP_PEAK: f32 = 0.35;
/// Seconds a loop lasts, and of its seam's cross-fade.
const LOOP_SECONDS: f32 = 0.5;
const SEAM_SECONDS: f32 = 0.05;

/// A splitmix64 generator of white noise in -1..1.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

/// `seconds` of samples, each `f(t)` at its time `t` in seconds.
fn render(seconds: f32, f: impl FnMut(f32) -> f32) -> Vec<f32> {
    let n = (seconds * RATE) as usize;
    (0..n).map(|i| i as f32 / RATE).map(f).collect()
}

/// An envelope: a linear rise over `attack` seconds, then a fall by `e`
/// every `decay` seconds.
fn env(t: f32, attack: f32, decay: f32) -> f32 {
    let rise = (t / attack.max(1e-6)).min(1.0);
    rise * (-(t - attack).max(0.0) / decay).exp()
}

/// A tone whose frequency glides from `from` to `to` Hz over `seconds`,
/// shaped by `wave` (a function of the phase in cycles).
fn sweep(seconds: f32, from: f32, to: f32, wave: Wave) -> Vec<f32> {
    let mut phase = 0.0f32;
    render(seconds, |t| {
        let f = from + (to - from) * (t / seconds).min(1.0);
        phase = (phase + f / RATE).fract();
        wave(phase)
    })
}

fn sine(p: f32) -> f32 {
    (TAU * p).sin()
}

fn square(p: f32) -> f32 {
    if p < 0.5 {
        1.0
    } else {
        -1.0
    }
}

fn saw(p: f32) -> f32 {
    2.0 * p - 1.0
}

/// White noise from `seed` through a one-pole low-pass at `corner` Hz.
fn noise(seconds: f32, seed: u64, corner: f32) -> Vec<f32> {
    let mut n = Noise(seed);
    let k = 1.0 - (-TAU * corner / RATE).exp();
    let mut y = 0.0;
    render(seconds, |_| {
        y += k * (n.next() - y);
        y
    })
}

/// `parts` summed with their weights, each sample times `shape(t)`.
fn mix(parts: &[(&[f32], f32)], shape: impl Fn(f32) -> f32) -> Vec<f32> {
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

/// A one-shot: `parts` under a `attack` / `decay` envelope.
fn shot(parts: &[(&[f32], f32)], attack: f32, decay: f32) -> Vec<f32> {
    mix(parts, |t| env(t, attack, decay))
}

/// Notes of `seconds` each, one after another, each decaying.
fn notes(freqs: &[f32], seconds: f32, decay: f32) -> Vec<f32> {
    freqs
        .iter()
        .flat_map(|&f| {
            let tone = sweep(seconds, f, f, sine);
            let over = sweep(seconds, 2.0 * f, 2.0 * f, sine);
            shot(&[(&tone, 1.0), (&over, 0.25)], 0.004, decay)
        })
        .collect()
}

/// A wave shape: a sample from the phase in cycles (0 to 1).
type Wave = fn(f32) -> f32;
/// A loop's tone: its frequency in Hz, its shape and its weight.
type Tone = (f32, Wave, f32);
/// A loop's noise: its seed, its low-pass corner in Hz and its weight.
type Hiss = (u64, f32, f32);

/// A loop of [`LOOP_SECONDS`]: tones at whole cycles of it (so they join)
/// and noise whose end is faded into its start.
fn looped(tones: &[Tone], noise_parts: &[Hiss]) -> Vec<f32> {
    let n = (LOOP_SECONDS * RATE) as usize;
    let seam = (SEAM_SECONDS * RATE) as usize;
    let mut out = vec![0.0f32; n];
    for &(freq, wave, weight) in tones {
        // Whole cycles in the loop: the frequency rounded to them.
        let cycles = (freq * LOOP_SECONDS).round();
        for (i, x) in out.iter_mut().enumerate() {
            *x += wave((cycles * i as f32 / n as f32).fract()) * weight;
        }
    }
    for &(seed, corner, weight) in noise_parts {
        let long = noise((n + seam) as f32 / RATE, seed, corner);
        for (i, x) in out.iter_mut().enumerate() {
            let mut v = long[i];
            if i < seam {
                // The start cross-fades from the noise past the end, which
                // the loop's last sample leads into.
                let w = i as f32 / seam as f32;
                v = long[i] * w + long[n + i] * (1.0 - w);
            }
            *x += v * weight;
        }
    }
    out
}

/// Every clip's samples.
fn clip(c: Clip) -> Vec<f32> {
    match c {
        Clip::Sim(cue) => cue_clip(cue),
        Clip::Checkpoint => notes(&[880.0, 1318.5], 0.14, 0.08),
        Clip::Finish => notes(&[523.3, 659.3, 784.0, 1046.5], 0.2, 0.12),
        Clip::Click => shot(&[(&sweep(0.03, 2400.0, 1800.0, sine), 1.0)], 0.001, 0.006),
    }
}

fn cue_clip(cue: Cue) -> Vec<f32> {
    match cue {
        // The guard's cues borrow other cues' files (`Cue::clip`).
        Cue::GuardShout | Cue::GuardFire | Cue::GuardDeath => cue_clip(cue.clip()),
        Cue::Footstep => {
            let thump = sweep(0.14, 110.0, 60.0, sine);
            shot(
                &[(&thump, 0.8), (&noise(0.14, 1, 1800.0), 1.2)],
                0.003,
                0.035,
            )
        }
        Cue::WalkerStep => {
            let thump = sweep(0.14, 90.0, 50.0, sine);
            shot(
                &[(&thump, 0.8), (&noise(0.14, 2, 1200.0), 1.0)],
                0.003,
                0.03,
            )
        }
        Cue::DoorOpen | Cue::DoorClose => door(cue == Cue::DoorClose),
        Cue::Locked => {
            let buzz = sweep(0.3, 110.0, 100.0, square);
            mix(&[(&buzz, 0.5)], |t| {
                // Two short clunks.
                let k = if t < 0.15 { t } else { t - 0.15 };
                env(k, 0.002, 0.03)
            })
        }
        Cue::Pickup => notes(&[659.3, 987.8, 1318.5], 0.07, 0.05),
        Cue::Gun => {
            let thump = sweep(0.3, 160.0, 50.0, sine);
            shot(&[(&noise(0.3, 3, 5000.0), 1.5), (&thump, 0.9)], 0.001, 0.05)
        }
        Cue::Hit => {
            let thud = sweep(0.18, 220.0, 90.0, square);
            shot(&[(&noise(0.18, 4, 2500.0), 1.0), (&thud, 0.3)], 0.001, 0.04)
        }
        Cue::Ricochet => shot(&[(&sweep(0.22, 2600.0, 1100.0, sine), 0.6)], 0.002, 0.06),
        Cue::Hurt => {
            let groan = sweep(0.32, 180.0, 110.0, saw);
            shot(&[(&groan, 0.6), (&noise(0.32, 5, 900.0), 0.5)], 0.01, 0.1)
        }
        Cue::WalkerAlert => {
            let bark = sweep(0.4, 280.0, 460.0, saw);
            shot(&[(&bark, 0.6)], 0.01, 0.18)
        }
        Cue::WalkerDeath => {
            let fall = sweep(0.7, 320.0, 70.0, saw);
            shot(&[(&fall, 0.6), (&noise(0.7, 6, 700.0), 0.4)], 0.01, 0.25)
        }
        Cue::TankFire => {
            let boom = sweep(0.6, 90.0, 35.0, sine);
            shot(&[(&noise(0.6, 7, 900.0), 2.5), (&boom, 1.0)], 0.002, 0.12)
        }
        Cue::Blast => {
            let boom = sweep(0.9, 70.0, 30.0, sine);
            shot(&[(&noise(0.9, 8, 600.0), 3.0), (&boom, 0.8)], 0.003, 0.22)
        }
        Cue::Engine => looped(
            &[(40.0, saw, 0.5), (80.0, sine, 0.3), (120.0, square, 0.1)],
            &[(9, 300.0, 1.5)],
        ),
        Cue::Thrust => looped(&[(60.0, sine, 0.2)], &[(10, 2200.0, 1.2), (11, 300.0, 1.5)]),
        Cue::Hover => looped(&[(220.0, sine, 0.15)], &[(12, 1200.0, 1.0)]),
        Cue::Landing => {
            let thud = sweep(0.3, 100.0, 45.0, sine);
            shot(&[(&thud, 1.0), (&noise(0.3, 13, 800.0), 0.8)], 0.002, 0.07)
        }
        Cue::Crash => {
            // A metal clang: partials that are no harmonic series.
            let partials = [523.0, 1187.0, 1873.0].map(|f| sweep(0.8, f, f, sine));
            shot(
                &[
                    (&noise(0.8, 14, 1500.0), 2.0),
                    (&partials[0], 0.4),
                    (&partials[1], 0.3),
                    (&partials[2], 0.2),
                ],
                0.001,
                0.2,
            )
        }
    }
}

/// A door's slide: a grinding rumble over a second; closing, a thud at the
/// end as the leaf meets the frame.
fn door(closing: bool) -> Vec<f32> {
    let seed = if closing { 15 } else { 16 };
    let grind = noise(1.0, seed, 500.0);
    let hum = sweep(1.0, 70.0, 55.0, square);
    let slide = mix(&[(&grind, 1.5), (&hum, 0.12)], |t| {
        (t / 0.05).min(1.0) * ((1.0 - t) / 0.1).clamp(0.0, 1.0)
    });
    if !closing {
        return slide;
    }
    let thud = sweep(0.3, 90.0, 40.0, sine);
    let thud = shot(&[(&thud, 1.0), (&noise(0.3, 17, 700.0), 1.0)], 0.002, 0.06);
    let mut out = slide;
    let at = (0.92 * RATE) as usize;
    out.resize(at + thud.len(), 0.0);
    for (i, x) in thud.iter().enumerate() {
        out[at + i] += x;
    }
    out
}

/// `samples` scaled to peak at `peak`.
fn normalised(samples: Vec<f32>, peak: f32) -> Vec<f32> {
    let top = samples.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    let k = if top > 0.0 { peak / top } else { 0.0 };
    samples.into_iter().map(|x| x * k).collect()
}

/// Writes `samples` as a mono 16-bit WAV file.
fn save(path: &Path, samples: &[f32]) -> Result<(), Box<dyn Error>> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: CLIP_RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut writer = hound::WavWriter::create(path, spec)?;
    for &x in samples {
        writer.write_sample((x.clamp(-1.0, 1.0) * 32767.0).round() as i16)?;
    }
    writer.finalize()?;
    Ok(())
}

/// Generates every clip and writes it into `assets/sounds/`.
fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    std::fs::create_dir_all(&dir)?;
    for c in Clip::all() {
        let looped = matches!(c, Clip::Sim(cue) if cue.is_loop());
        let samples = normalised(clip(c), if looped { LOOP_PEAK } else { PEAK });
        let path = dir.join(c.file_name());
        save(&path, &samples)?;
        println!("wrote {} ({} samples)", path.display(), samples.len());
    }
    Ok(())
}
