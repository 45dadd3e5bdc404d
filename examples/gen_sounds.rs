//! Synthesised sound effects for wobblecaster: no recorded samples.
//!
//! Run with `cargo run --release --example gen_sounds`. It writes one mono
//! 16-bit WAV file at 22050 Hz a clip into `assets/sounds/` (the names
//! `audio::Clip::file_name` gives); that output is committed, so rerun
//! this only after changing it. Noise comes from fixed seeds through a
//! splitmix64 generator, so the files come out the same every run.
//!
//! The parts (`examples/synth/mod.rs`): band-limited tones (additive: each harmonic a sine, none at
//! or over 90 % of the Nyquist frequency, so a sweep never aliases), noise
//! through biquad filters (RBJ's cookbook), struck modes (decaying sines:
//! a knock, a clang, a chime), and envelopes that end in a decay with a
//! last fade to exact silence (no click at a clip's end). The loops
//! (engine, thrust, hover, wind) hold whole cycles of their tones and
//! their modulation, their noise cross-faded over the seam at equal
//! power, so they repeat without a click.
//!
//! Each clip is then scaled to one loudness,
//! `audio::REFERENCE_LUFS` (its BS.1770 momentary maximum,
//! `audio::loudness`); its level in the mix is the table in
//! `audio::mix_levels`. The run prints each clip's peak, its share of
//! energy above 150 Hz (small speakers carry little under it) and its
//! last sample, and fails if a clip would clip at the reference loudness.

use std::error::Error;
use std::f32::consts::TAU;
use std::path::Path;
use std::sync::Arc;
use wobblecaster::audio::loudness::{amplitude, momentary_max};
use wobblecaster::audio::{
    mix_levels, Bank, Clip, Heard, Levels, Mixer, Surface, Voiced, CLIP_RATE, RATE as RATE_OUT,
    REFERENCE_LUFS,
};
use wobblecaster::sim::sound::Cue;
use wobblecaster::sim::TICK_RATE;

#[path = "synth/mod.rs"]
mod synth;
use synth::*;

/// The highest peak a clip may have at the reference loudness.
const MAX_PEAK: f32 = 0.99;

/// Notes of `seconds` each, one after another, each ringing on with
/// `decay` under the next; the last rings for `ring` seconds more.
fn notes(freqs: &[f32], seconds: f32, decay: f32, ring: f32) -> Vec<f32> {
    let total = seconds * freqs.len() as f32 + ring;
    freqs.iter().enumerate().fold(Vec::new(), |out, (i, &f)| {
        let at = seconds * i as f32;
        // A bell-like note: the fundamental, its octave and a fifth above.
        let note = modes(
            total - at,
            &[
                (f, 1.0, decay),
                (2.0 * f, 0.3, decay * 0.5),
                (3.0 * f, 0.12, decay * 0.3),
            ],
        );
        overlay(out, &note, at)
    })
}

/// A footstep on `surface`, take `variant`: a heel then a toe, each the
/// surface's strike, the take's seed, timing and tuning its own.
fn footstep(surface: Surface, variant: u8) -> Vec<f32> {
    let v = f32::from(variant);
    let seed = 100 + 10 * surface as u64 + u64::from(variant);
    // The takes differ by a few per cent in tuning and a few ms in gait.
    let tune = 1.0 + 0.045 * (v - 1.5);
    let toe_at = 0.032 + 0.006 * v;
    let strike = |seed: u64, weight: f32| -> Vec<f32> {
        let s = match surface {
            Surface::Stone => {
                let grit = band(0.14, seed, 2400.0 * tune, 0.8);
                let thud = modes(
                    0.14,
                    &[(95.0 * tune, 0.5, 0.02), (240.0 * tune, 0.3, 0.015)],
                );
                shot(&[(&grit, 1.0), (&thud, 1.0)], 0.001, 0.022)
            }
            Surface::Wood => {
                let knock = modes(
                    0.2,
                    &[
                        (170.0 * tune, 0.6, 0.04),
                        (410.0 * tune, 0.5, 0.03),
                        (760.0 * tune, 0.25, 0.02),
                    ],
                );
                let scuff = band(0.2, seed, 1500.0, 1.0);
                shot(&[(&knock, 1.0), (&scuff, 0.5)], 0.001, 0.05)
            }
            Surface::Metal => {
                let clank = modes(
                    0.3,
                    &[
                        (610.0 * tune, 0.4, 0.08),
                        (1370.0 * tune, 0.35, 0.06),
                        (2290.0 * tune, 0.25, 0.045),
                        (3530.0 * tune, 0.15, 0.03),
                    ],
                );
                let tap = high(0.3, seed, 3000.0);
                shot(&[(&clank, 1.0), (&tap, 0.4)], 0.0005, 0.07)
            }
        };
        s.into_iter().map(|x| x * weight).collect()
    };
    let heel = strike(seed, 1.0);
    overlay(heel, &strike(seed + 1000, 0.45 + 0.05 * v), toe_at)
}

/// A walker's step, take `variant`: a heavy foot (a thud with a metal
/// clank of its joints and a hiss of hydraulics), most of its energy
/// above 150 Hz so small speakers carry it.
fn walker_step(variant: u8) -> Vec<f32> {
    let v = f32::from(variant);
    let tune = 1.0 + 0.05 * (v - 1.5);
    let thud = modes(0.3, &[(70.0 * tune, 0.6, 0.05), (190.0 * tune, 0.6, 0.04)]);
    let clank = modes(
        0.3,
        &[
            (430.0 * tune, 0.35, 0.06),
            (980.0 * tune, 0.25, 0.05),
            (1650.0 * tune, 0.12, 0.04),
        ],
    );
    let hiss = band(0.3, 200 + u64::from(variant), 2200.0, 1.2);
    let hiss = mix(&[(&hiss, 0.5)], |t| {
        env(t - 0.04, 0.02, 0.05) * f32::from(t > 0.04)
    });
    let step = shot(
        &[
            (&thud, 1.0),
            (&clank, 1.0),
            (&band(0.3, 210 + u64::from(variant), 700.0, 0.9), 0.6),
        ],
        0.002,
        0.06,
    );
    overlay(step, &hiss, 0.0)
}

/// The gunshot: a crack (a bright broadband click of a few ms), a body (a
/// punch falling from 180 Hz) and a tail (noise darkening as it decays,
/// the room answering).
fn gun() -> Vec<f32> {
    let crack = mix(&[(&high(0.02, 3, 1500.0), 1.0)], |t| env(t, 0.0003, 0.003));
    let body = mix(
        &[
            (&glide(0.12, Wave::Sine, 180.0, 70.0), 0.9),
            (&band(0.12, 31, 900.0, 0.7), 0.8),
        ],
        |t| env(t, 0.001, 0.025),
    );
    let tail_noise = white(0.45, 32);
    let mut darken = Biquad::new(Pass::Low, 5000.0, 0.707);
    let tail: Vec<f32> = tail_noise
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            let t = i as f32 / RATE;
            // The corner falls as the tail decays: 5 kHz to 600 Hz.
            if i % 64 == 0 {
                let corner = 600.0 + 4400.0 * (-t / 0.06).exp();
                let next = Biquad::new(Pass::Low, corner, 0.707);
                (darken.b, darken.a) = (next.b, next.a);
            }
            darken.run(x) * env(t, 0.004, 0.09) * 0.35
        })
        .collect();
    overlay(
        overlay(crack.iter().map(|x| x * 1.5).collect(), &body, 0.0),
        &tail,
        0.0,
    )
}

/// A shell bursting: a sharp report, a roar of mid noise and a rumble,
/// then falling debris crackle.
fn blast() -> Vec<f32> {
    let report = mix(&[(&high(0.03, 8, 800.0), 1.0)], |t| env(t, 0.0005, 0.006));
    let roar = shot(
        &[
            (&band(1.1, 81, 400.0, 0.6), 1.0),
            (&band(1.1, 82, 1200.0, 0.7), 0.5),
        ],
        0.004,
        0.22,
    );
    let rumble = shot(
        &[
            (&glide(1.1, Wave::Sine, 75.0, 38.0), 0.35),
            (&low(1.1, 83, 120.0), 0.6),
        ],
        0.01,
        0.3,
    );
    let mut crackle = Noise(84);
    let debris = render(1.1, |t| {
        let hit = crackle.next();
        // Sparse grains: a few hundred a second, fading.
        if hit > 0.985 {
            crackle.next() * env(t - 0.1, 0.05, 0.25)
        } else {
            0.0
        }
    });
    let debris = filtered(&debris, Pass::High, 1500.0, 0.707);
    let out = overlay(
        overlay(
            overlay(report.iter().map(|x| x * 1.4).collect(), &roar, 0.0),
            &rumble,
            0.0,
        ),
        &debris.iter().map(|x| x * 2.0).collect::<Vec<_>>(),
        0.0,
    );
    out
}

/// A tank's cannon: a hard metallic report (the breech's clang), a short
/// boom with its body in the low mids, and a shorter tail than a blast.
fn tank_fire() -> Vec<f32> {
    let report = mix(&[(&high(0.03, 7, 1200.0), 1.0)], |t| env(t, 0.0003, 0.005));
    let clang = modes(
        0.6,
        &[(330.0, 0.3, 0.08), (790.0, 0.2, 0.06), (1410.0, 0.12, 0.05)],
    );
    let boom = shot(
        &[
            (&glide(0.6, Wave::Saw, 140.0, 55.0), 0.35),
            (&band(0.6, 71, 350.0, 0.8), 1.0),
        ],
        0.002,
        0.1,
    );
    let tail = shot(&[(&band(0.6, 72, 800.0, 0.6), 0.4)], 0.02, 0.15);
    overlay(
        overlay(
            overlay(report.iter().map(|x| x * 1.4).collect(), &clang, 0.0),
            &boom,
            0.0,
        ),
        &tail,
        0.0,
    )
}

/// A shot landing on a walker: a dull meaty thwack over a clank of its
/// armour.
fn hit() -> Vec<f32> {
    let thwack = shot(
        &[
            (&band(0.2, 4, 700.0, 1.2), 1.0),
            (&glide(0.2, Wave::Sine, 240.0, 120.0), 0.6),
        ],
        0.001,
        0.03,
    );
    let armour = modes(0.2, &[(1180.0, 0.25, 0.04), (2710.0, 0.15, 0.025)]);
    overlay(thwack, &armour, 0.0)
}

/// A door's slide: a grinding rumble under a rattle of rollers. Opening,
/// its motor's hum rises and a latch clicks at the start; closing, the hum
/// falls and the leaf slams into the frame at the end.
fn door(closing: bool) -> Vec<f32> {
    let seed = if closing { 15 } else { 16 };
    let grind = band(1.0, seed, 420.0, 0.9);
    let (from, to) = if closing {
        (260.0, 170.0)
    } else {
        (160.0, 250.0)
    };
    let hum = glide(1.0, Wave::Square, from, to);
    let hum = filtered(&hum, Pass::Low, 1400.0, 0.707);
    let rattle_rate = if closing { 18.0 } else { 23.0 };
    let rattle = mix(&[(&band(1.0, seed + 100, 2600.0, 1.5), 1.0)], |t| {
        (0.5 + 0.5 * (TAU * rattle_rate * t).sin()).powi(4)
    });
    let slide = mix(&[(&grind, 1.0), (&hum, 0.12), (&rattle, 0.35)], |t| {
        (t / 0.06).min(1.0) * ((0.95 - t) / 0.15).clamp(0.0, 1.0)
    });
    if closing {
        let slam = shot(
            &[
                (
                    &modes(
                        0.4,
                        &[(95.0, 0.6, 0.06), (210.0, 0.7, 0.05), (520.0, 0.35, 0.04)],
                    ),
                    1.0,
                ),
                (&band(0.4, 17, 900.0, 0.8), 0.8),
            ],
            0.001,
            0.07,
        );
        overlay(slide, &slam, 0.88)
    } else {
        let latch = modes(0.1, &[(1900.0, 0.5, 0.012), (3100.0, 0.3, 0.01)]);
        overlay(slide, &latch, 0.0)
    }
}

/// Every clip's samples, before their loudness is set.
fn clip(c: Clip) -> Vec<f32> {
    match c {
        Clip::Sim(cue) => cue_clip(cue),
        Clip::Checkpoint => notes(&[880.0, 1318.5], 0.12, 0.12, 0.4),
        Clip::Finish => notes(&[523.3, 659.3, 784.0, 1046.5], 0.16, 0.25, 0.9),
        Clip::Click => modes(0.05, &[(2100.0, 1.0, 0.006), (3900.0, 0.4, 0.004)]),
        // One soft bell note (D5), short: it says a question is up.
        Clip::PromptTone => notes(&[587.3], 0.1, 0.15, 0.35),
        Clip::Footstep { surface, variant } => footstep(surface, variant),
        Clip::WalkerStep { variant } => walker_step(variant),
        Clip::Wind => {
            let s = 2.0;
            // Broadband: a hollow roar and a whistle, breathing in gusts.
            looped(
                s,
                &[],
                |secs| {
                    let roar = band(secs, 300, 500.0, 0.5);
                    let whistle = band(secs, 301, 1800.0, 2.0);
                    let air = high(secs, 302, 3000.0);
                    mix(&[(&roar, 1.0), (&whistle, 0.5), (&air, 0.15)], |_| 1.0)
                },
                move |t| wobble(s, 1.0, 0.25)(t) * wobble(s, 3.0, 0.12)(t),
            )
        }
    }
}

fn cue_clip(cue: Cue) -> Vec<f32> {
    match cue {
        // The guard's cues borrow other cues' files (`Cue::clip`).
        Cue::GuardShout | Cue::GuardFire | Cue::GuardDeath => cue_clip(cue.clip()),
        Cue::Footstep => footstep(Surface::Stone, 0),
        Cue::WalkerStep => walker_step(0),
        Cue::DoorOpen | Cue::DoorClose => door(cue == Cue::DoorClose),
        Cue::Locked => {
            // Two clunks of a bolt that will not move, with a buzz.
            let clunk = shot(
                &[
                    (&modes(0.15, &[(180.0, 0.6, 0.03), (640.0, 0.4, 0.02)]), 1.0),
                    (&glide(0.15, Wave::Square, 120.0, 110.0), 0.25),
                ],
                0.001,
                0.035,
            );
            overlay(clunk.clone(), &clunk, 0.14)
        }
        Cue::Pickup => notes(&[659.3, 987.8, 1318.5], 0.06, 0.1, 0.3),
        Cue::Gun => gun(),
        Cue::Hit => hit(),
        Cue::Ricochet => {
            let whine = tone(0.35, Wave::Sine, |t| {
                2800.0 * (0.45f32).powf(t / 0.35) * (1.0 + 0.02 * (TAU * 30.0 * t).sin())
            });
            let spark = mix(&[(&high(0.02, 41, 2500.0), 1.0)], |t| env(t, 0.0003, 0.004));
            overlay(shot(&[(&whine, 0.6)], 0.003, 0.08), &spark, 0.0)
        }
        Cue::Hurt => {
            // A grunt: a band-limited buzz falling in pitch through a vowel's
            // formants.
            let voice = glide(0.35, Wave::Saw, 170.0, 115.0);
            let a = filtered(&voice, Pass::Band, 700.0, 3.0);
            let b = filtered(&voice, Pass::Band, 1200.0, 4.0);
            shot(
                &[
                    (&a, 1.0),
                    (&b, 0.6),
                    (&voice, 0.15),
                    (&band(0.35, 5, 1500.0, 1.0), 0.1),
                ],
                0.012,
                0.09,
            )
        }
        Cue::WalkerAlert => {
            // A mechanical bark: a rising band-limited buzz through a
            // resonant horn, with a warble.
            let buzz = tone(0.5, Wave::Saw, |t| {
                (280.0 + 360.0 * (t / 0.18).min(1.0)) * (1.0 + 0.03 * (TAU * 14.0 * t).sin())
            });
            let horn = filtered(&buzz, Pass::Band, 1100.0, 2.0);
            shot(&[(&horn, 1.0), (&buzz, 0.25)], 0.01, 0.14)
        }
        Cue::WalkerDeath => {
            // A falling wail, then the frame collapsing: clanks and grit.
            let wail = glide(0.6, Wave::Saw, 420.0, 90.0);
            let wail = filtered(&wail, Pass::Band, 800.0, 1.0);
            let wail = shot(&[(&wail, 1.0)], 0.01, 0.2);
            let collapse = shot(
                &[
                    (
                        &modes(
                            0.5,
                            &[(250.0, 0.4, 0.08), (730.0, 0.35, 0.06), (1490.0, 0.2, 0.05)],
                        ),
                        1.0,
                    ),
                    (&band(0.5, 6, 1200.0, 0.8), 0.6),
                ],
                0.002,
                0.12,
            );
            overlay(wail, &collapse, 0.35)
        }
        Cue::TankFire => tank_fire(),
        Cue::Blast => blast(),
        Cue::Engine => {
            // A diesel: a 48 Hz firing rate whose harmonics, not the
            // fundamental, carry it (strongest around 200-500 Hz), a
            // rattle of mid noise pulsing with the firing.
            let s = 1.5;
            looped(
                s,
                &[
                    (48.0, Wave::Sine, 0.2),
                    (96.0, Wave::Sine, 0.3),
                    (192.0, Wave::Saw, 0.35),
                    (288.0, Wave::Sine, 0.25),
                    (432.0, Wave::Sine, 0.15),
                ],
                |secs| band(secs, 9, 450.0, 0.8),
                move |t| wobble(s, 36.0, 0.3)(t),
            )
        }
        Cue::Thrust => {
            // A jet's roar: broadband, mid-heavy, a little rumble.
            let s = 1.5;
            looped(
                s,
                &[(62.0, Wave::Sine, 0.1)],
                |secs| {
                    let roar = band(secs, 10, 900.0, 0.5);
                    let hiss = high(secs, 11, 2500.0);
                    let rumble = low(secs, 12, 180.0);
                    mix(&[(&roar, 1.0), (&hiss, 0.3), (&rumble, 0.6)], |_| 1.0)
                },
                wobble(s, 5.0, 0.06),
            )
        }
        Cue::Hover => {
            // A softer whine over an airy bed.
            let s = 1.5;
            looped(
                s,
                &[(220.0, Wave::Sine, 0.12), (440.0, Wave::Sine, 0.05)],
                |secs| band(secs, 13, 1200.0, 0.8),
                wobble(s, 3.0, 0.08),
            )
        }
        Cue::Landing => {
            // Boots and pack meeting the floor: a thud with a clatter.
            let thud = modes(0.35, &[(85.0, 0.6, 0.05), (210.0, 0.5, 0.04)]);
            let clatter = shot(
                &[
                    (&band(0.35, 14, 1100.0, 0.8), 1.0),
                    (
                        &modes(0.35, &[(880.0, 0.2, 0.05), (1730.0, 0.12, 0.04)]),
                        1.0,
                    ),
                ],
                0.001,
                0.05,
            );
            overlay(shot(&[(&thud, 1.0)], 0.002, 0.08), &clatter, 0.0)
        }
        Cue::Crash => {
            // A metal clang: partials that are no harmonic series.
            let clang = modes(
                0.9,
                &[
                    (523.0, 0.4, 0.25),
                    (1187.0, 0.3, 0.18),
                    (1873.0, 0.2, 0.12),
                    (2960.0, 0.1, 0.08),
                ],
            );
            shot(
                &[(&band(0.9, 18, 1500.0, 0.6), 1.2), (&clang, 1.0)],
                0.001,
                0.2,
            )
        }
    }
}

/// `samples` scaled to the reference loudness as the mixer plays it (see [`as_played`]).
fn normalised(clip: Clip, samples: Vec<f32>) -> Vec<f32> {
    // First as stored, so the mixer's limiter leaves it alone, then as
    // played.
    let stored = momentary_max(&samples, 1, CLIP_RATE);
    let scale = |samples: Vec<f32>, db: f64| {
        let k = amplitude(db) as f32;
        samples.into_iter().map(|x| x * k).collect::<Vec<f32>>()
    };
    let samples = scale(samples, REFERENCE_LUFS - stored);
    let played = as_played(clip, &samples);
    scale(samples, REFERENCE_LUFS - played)
}

/// The momentary maximum of `samples` as the mixer plays them as `clip`,
/// centred at gain 1, its row's gain of the mix taken back out, LUFS.
/// The mixer reads a clip at 22050 Hz by linear interpolation and through
/// its clear one-pole (`audio::Mixer`), which dulls the highs (a metal
/// footstep by over 1 LU), so the reference is set as heard, not as
/// stored; a loop is measured over two of its lengths, told every tick.
fn as_played(clip: Clip, samples: &[f32]) -> f64 {
    let bank = Arc::new(Bank::from_samples(vec![samples.to_vec(); Clip::COUNT]));
    let full = Levels {
        volume: 1.0,
        effects: 1.0,
        mute: false,
        ..Levels::legacy()
    };
    let mut mixer = Mixer::new(bank, RATE_OUT, full);
    let voiced = Voiced {
        looped: clip.is_loop(),
        ..Voiced::centred(clip, 1.0, false)
    };
    let mut heard = Heard::default();
    heard.push(voiced);
    let quiet = Heard::default();
    let per_tick = (RATE_OUT / TICK_RATE) as usize;
    let seconds = 2.0 * samples.len() as f64 / f64::from(CLIP_RATE);
    let ticks = (seconds * f64::from(TICK_RATE)).ceil() as usize + 1;
    let mut out = vec![0.0f32; 2 * per_tick * ticks];
    for (tick, block) in out.chunks_mut(2 * per_tick).enumerate() {
        mixer.hear(if voiced.looped || tick == 0 {
            &heard
        } else {
            &quiet
        });
        mixer.render(block);
    }
    // A loop glides in over its first tick.
    let from = if voiced.looped { 2 * per_tick } else { 0 };
    let lufs = momentary_max(&out[from..], 2, RATE_OUT);
    lufs - 20.0 * f64::from(mix_levels::gain(clip)).log10()
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
    println!(
        "{:<24} {:>6} {:>8} {:>7} {:>8}",
        "clip", "s", "peak", ">150Hz", "last"
    );
    let mut too_loud = Vec::new();
    for c in Clip::all() {
        let raw = clip(c);
        let raw = if c.is_loop() { raw } else { faded(raw) };
        let samples = normalised(c, raw);
        let peak = samples.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        if peak > MAX_PEAK {
            too_loud.push(format!(
                "{}: peak {peak} at the reference loudness",
                c.file_name()
            ));
        }
        let path = dir.join(c.file_name());
        save(&path, &samples)?;
        println!(
            "{:<24} {:>6.2} {:>8.3} {:>6.0}% {:>8.4}",
            c.file_name(),
            samples.len() as f32 / RATE,
            peak,
            100.0 * share_above_150(&samples),
            samples.last().copied().unwrap_or(0.0),
        );
    }
    if !too_loud.is_empty() {
        return Err(too_loud.join("\n").into());
    }
    Ok(())
}
