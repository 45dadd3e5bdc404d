//! The mix's levels, measured with an independent meter (the `ebur128`
//! crate, BS.1770's momentary loudness): every clip rendered alone through
//! the mixer plays at its row of `audio::mix_levels` (within 1 LU), the
//! level falls with distance by the formula typed here (the squared fade
//! to silence at `FAR`), a stress scene at volume 1 never passes full
//! scale (the limiter), and the committed clips are at the reference
//! loudness, end in
//! silence (or loop without a seam), and carry their energy above 150 Hz
//! where the brief asks (a DFT typed here).

use std::path::Path;
use std::sync::Arc;
use wobblecaster::audio::mix_levels::level;
use wobblecaster::audio::{
    wav_bytes, Bank, Clip, Heard, Levels, Mixer, Voiced, CEILING, CLIP_RATE, FAR, HALVING, NEAR,
    RATE, REFERENCE_LUFS,
};
use wobblecaster::map::Map;
use wobblecaster::sim::sound::{Cue, Sound};
use wobblecaster::sim::{Pose, TICK_RATE};

fn bank() -> Arc<Bank> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    Arc::new(Bank::load(&dir).expect("the committed sounds load"))
}

/// Full volume, full effects, and nothing but the clips (no music,
/// ambience, wind, reverb or variation).
fn full() -> Levels {
    Levels {
        volume: 1.0,
        effects: 1.0,
        mute: false,
        ..Levels::legacy()
    }
}

/// The loudest momentary loudness of `frames` (interleaved, `channels`
/// to a frame) by the `ebur128` crate, read every 20 ms, the frames
/// followed by 400 ms of silence (so a short clip is measured whole).
fn momentary_max(frames: &[f32], channels: usize, rate: u32) -> f64 {
    let mut meter = ebur128::EbuR128::new(channels as u32, rate, ebur128::Mode::M).unwrap();
    let hop = rate as usize / 50 * channels;
    let mut padded = frames.to_vec();
    padded.resize(frames.len() + 2 * 10 * hop, 0.0);
    let mut loudest = f64::NEG_INFINITY;
    for chunk in padded.chunks(hop) {
        meter.add_frames_f32(chunk).unwrap();
        loudest = loudest.max(meter.loudness_momentary().unwrap());
    }
    loudest
}

/// `seconds` of `voiced` alone through a fresh mixer at [`RATE`]: a
/// one-shot started once, a loop told every tick as the world tells it.
fn render_alone(bank: &Arc<Bank>, voiced: Voiced, seconds: f64) -> Vec<f32> {
    let mut mixer = Mixer::new(bank.clone(), RATE, full());
    let per_tick = (RATE / TICK_RATE) as usize;
    let ticks = (seconds * f64::from(TICK_RATE)) as usize;
    let mut heard = Heard::default();
    heard.push(voiced);
    let mut out = vec![0.0f32; 2 * per_tick * ticks];
    for (tick, block) in out.chunks_mut(2 * per_tick).enumerate() {
        if voiced.looped || tick == 0 {
            mixer.hear(&heard);
        } else {
            mixer.hear(&Heard::default());
        }
        mixer.render(block);
    }
    out
}

#[test]
fn every_clip_rendered_alone_plays_at_its_row_of_the_level_table() {
    let bank = bank();
    let mut faults = Vec::new();
    for clip in Clip::all() {
        let voiced = Voiced {
            looped: clip.is_loop(),
            ..Voiced::centred(clip, 1.0, clip == Clip::Click)
        };
        let seconds = (bank.samples(clip).len() as f64 / f64::from(CLIP_RATE)).max(0.5) * 2.0;
        let frames = render_alone(&bank, voiced, seconds);
        // A loop glides in over its first tick: measure from its second.
        let skip = if voiced.looped { 2 * 400 } else { 0 };
        let heard = momentary_max(&frames[skip..], 2, RATE);
        let row = level(clip);
        if (heard - row.lufs).abs() > 1.0 {
            faults.push(format!(
                "{}: {heard:.2} LUFS, its row says {} ({})",
                clip.file_name(),
                row.lufs,
                row.sound
            ));
        }
    }
    assert!(faults.is_empty(), "{faults:#?}");
}

/// A long open hall: 40 tiles east to west, 3 north to south, no wall
/// inside.
fn hall() -> Map {
    let inner = |c: char| format!("#{c}{}#", ".".repeat(37));
    Map::from_rows(&[
        &"#".repeat(40),
        &inner('>'),
        &inner('.'),
        &inner('.'),
        &"#".repeat(40),
    ])
}

/// The gain at `d` tiles, typed from `audio::hear`'s doc: full within
/// `NEAR`, then `1 / (1 + (d - NEAR) / HALVING)`, times the fade to
/// silence `1 - (d / FAR)^2`.
fn expected_gain(d: f64) -> f64 {
    let near = 1.0 / (1.0 + (d - NEAR).max(0.0) / HALVING);
    near * (1.0 - (d / FAR).powi(2))
}

#[test]
fn the_level_falls_with_distance_by_the_squared_fade() {
    let map = hall();
    let bank = bank();
    let ear = Pose {
        x: 1.5,
        y: 2.5,
        z: 0.5,
        yaw: 0.0,
        ..Pose::default()
    };
    let gun_at = |d: f64| Sound {
        cue: Cue::Gun,
        at: [1.5 + d, 2.5],
        gain: 1.0,
        pitch: 1.0,
        source: 0,
    };
    let measured = |d: f64| {
        let mut heard = Heard::default();
        heard.hear(&map, &ear, &[gun_at(d)]);
        let voiced = heard.as_slice()[0];
        let frames = render_alone(&bank, voiced, 1.0);
        momentary_max(&frames, 2, RATE)
    };
    let at_hand = measured(0.5);
    assert!((at_hand - level(Clip::Sim(Cue::Gun)).lufs).abs() < 1.0);
    // A linear fade (1 - d / FAR) would read 1.2 dB louder at 6 tiles, 2.9
    // at 12 and 6.6 at 20.
    for d in [2.0, 6.0, 12.0, 16.0, 20.0] {
        let want = at_hand + 20.0 * expected_gain(d).log10();
        let got = measured(d);
        assert!(
            (got - want).abs() < 0.2,
            "{d} tiles: {got:.2} LUFS, the formula says {want:.2}"
        );
    }
    let mut heard = Heard::default();
    heard.hear(&map, &ear, &[gun_at(FAR + 0.1)]);
    assert!(heard.as_slice().is_empty(), "nothing heard beyond FAR");
}

/// The loudest sample's magnitude.
fn peak(frames: &[f32]) -> f32 {
    frames.iter().fold(0.0f32, |m, x| m.max(x.abs()))
}

/// A sound at `at` told from `source`, full gain, recorded pitch.
fn sound(cue: Cue, at: [f64; 2], source: u16) -> Sound {
    Sound {
        cue,
        at,
        gain: 1.0,
        pitch: 1.0,
        source,
    }
}

/// One second of a scene at volume 1 heard from the middle of the hall:
/// three tanks' engines, a tank firing, a shell bursting, the player's
/// gun and the player hurt, all within three tiles, each told `copies`
/// times (copies of a loop from sources of their own). The loops are told
/// every tick, the one-shots on the first, as the world tells them;
/// `only` keeps the one sound of that index (in the order above, copies
/// after) to render it alone.
fn stress(bank: &Arc<Bank>, copies: u16, only: Option<usize>) -> Vec<f32> {
    let map = hall();
    let ear = Pose {
        x: 3.5,
        y: 2.5,
        z: 0.5,
        yaw: 0.0,
        ..Pose::default()
    };
    let mut loops = Vec::new();
    let mut shots = Vec::new();
    for copy in 0..copies {
        let s = 3 * copy;
        loops.extend([
            sound(Cue::Engine, [5.5, 1.5], s),
            sound(Cue::Engine, [6.0, 3.5], s + 1),
            sound(Cue::Engine, [4.5, 3.5], s + 2),
        ]);
        shots.extend([
            sound(Cue::TankFire, [5.5, 1.5], copy),
            sound(Cue::Blast, [4.0, 2.5], copy),
            sound(Cue::Gun, [3.5, 2.5], copy),
            sound(Cue::Hurt, [3.5, 2.5], copy),
        ]);
    }
    let all: Vec<Sound> = loops.iter().chain(&shots).copied().collect();
    let per_tick = (RATE / TICK_RATE) as usize;
    let mut mixer = Mixer::new(bank.clone(), RATE, full());
    let mut out = vec![0.0f32; 2 * per_tick * TICK_RATE as usize];
    let mut heard = Heard::default();
    for (tick, block) in out.chunks_mut(2 * per_tick).enumerate() {
        let mut told = loops.clone();
        if tick == 0 {
            told.extend(&shots);
        }
        if let Some(i) = only {
            told.retain(|s| *s == all[i]);
        }
        heard.hear(&map, &ear, &told);
        mixer.hear(&heard);
        mixer.render(block);
    }
    out
}

#[test]
fn a_stress_scene_at_full_volume_never_passes_full_scale() {
    let bank = bank();
    let mixed = stress(&bank, 1, None);
    assert!(peak(&mixed) <= CEILING, "{}", peak(&mixed));
    assert!(peak(&mixed) > 0.25, "the scene sounds: {}", peak(&mixed));
    // Through the WAV writer: no sample at full scale.
    let bytes = wav_bytes(&mixed, RATE).unwrap();
    let reader = hound::WavReader::new(std::io::Cursor::new(bytes)).unwrap();
    let loudest = reader
        .into_samples::<i16>()
        .map(|s| s.unwrap().unsigned_abs())
        .max();
    assert!(loudest < Some(32_767), "{loudest:?}");
}

#[test]
fn the_limiter_holds_a_scene_twice_as_busy_under_full_scale() {
    let bank = bank();
    let mixed = stress(&bank, 2, None);
    assert!(peak(&mixed) <= CEILING, "{}", peak(&mixed));
    // The same sounds each rendered alone and summed: what the bus holds
    // before the limiter, over full scale.
    let mut sum = vec![0.0f32; mixed.len()];
    for i in 0..2 * 7 {
        for (s, x) in sum.iter_mut().zip(stress(&bank, 2, Some(i))) {
            *s += x;
        }
    }
    assert!(peak(&sum) > 1.0, "the scene is a stress: {}", peak(&sum));
    // Limited, not silenced: the loudest frames stay near the ceiling.
    assert!(peak(&mixed) > 0.9 * CEILING, "{}", peak(&mixed));
}

/// The share of `samples`' energy above 150 Hz, by a DFT of the bins
/// under it (Parseval: the rest is above).
fn share_above_150(samples: &[f32]) -> f64 {
    let n = samples.len();
    let total: f64 = samples.iter().map(|&x| f64::from(x).powi(2)).sum();
    let top_bin = (150.0 * n as f64 / f64::from(CLIP_RATE)).floor() as usize;
    let mut below = 0.0;
    for k in 0..=top_bin {
        let w = std::f64::consts::TAU * k as f64 / n as f64;
        let (mut re, mut im) = (0.0, 0.0);
        for (i, &x) in samples.iter().enumerate() {
            let (s, c) = (w * i as f64).sin_cos();
            re += f64::from(x) * c;
            im -= f64::from(x) * s;
        }
        let both_sides = if k == 0 { 1.0 } else { 2.0 };
        below += both_sides * (re * re + im * im) / n as f64;
    }
    1.0 - below / total
}

#[test]
fn the_clips_are_at_the_reference_end_in_silence_and_carry_above_150_hz() {
    let bank = bank();
    let mut faults = Vec::new();
    for clip in Clip::all() {
        let s = bank.samples(clip);
        let name = clip.file_name();
        // The generator sets the reference as the mixer plays a clip (the
        // table's test above holds that); stored, a clip reads up to 1.5 LU
        // over it, the mixer's linear interpolation dulling its highs.
        let lufs = momentary_max(s, 1, CLIP_RATE);
        if !(-0.5..=2.0).contains(&(lufs - REFERENCE_LUFS)) {
            faults.push(format!("{name}: {lufs:.2} LUFS"));
        }
        if peak(s) > 0.99 {
            faults.push(format!("{name}: peak {}", peak(s)));
        }
        if clip.is_loop() {
            // Seamless: the jump from the last sample to the first is no
            // bigger than the biggest step inside the clip.
            let inside = s
                .windows(2)
                .map(|w| (w[1] - w[0]).abs())
                .fold(0.0, f32::max);
            let seam = (s[0] - s[s.len() - 1]).abs();
            if seam > inside {
                faults.push(format!("{name}: seam {seam}, steps up to {inside}"));
            }
        } else if s[s.len() - 8..].iter().any(|x| x.abs() > 1e-3) {
            faults.push(format!("{name}: ends at {:?}", &s[s.len() - 8..]));
        }
    }
    // Enemies and engines: at least 40 % of their energy above 150 Hz.
    let cues = [
        Cue::WalkerStep,
        Cue::WalkerAlert,
        Cue::WalkerDeath,
        Cue::TankFire,
        Cue::Engine,
        Cue::Thrust,
        Cue::Hover,
        Cue::Blast,
        Cue::Landing,
    ];
    let variants =
        (0..wobblecaster::audio::STEP_VARIANTS).map(|variant| Clip::WalkerStep { variant });
    for clip in cues.map(Clip::Sim).into_iter().chain(variants) {
        let share = share_above_150(bank.samples(clip));
        if share < 0.4 {
            faults.push(format!(
                "{}: {:.0} % above 150 Hz",
                clip.file_name(),
                100.0 * share
            ));
        }
    }
    assert!(faults.is_empty(), "{faults:#?}");
}

/// The zero-lag correlation of two clips over the shorter one's length.
fn correlation(a: &[f32], b: &[f32]) -> f64 {
    let n = a.len().min(b.len());
    let dot = |x: &[f32], y: &[f32]| -> f64 {
        x[..n]
            .iter()
            .zip(&y[..n])
            .map(|(&p, &q)| f64::from(p) * f64::from(q))
            .sum()
    };
    dot(a, b) / (dot(a, a) * dot(b, b)).sqrt()
}

#[test]
fn the_takes_of_a_step_are_different_sounds() {
    use wobblecaster::audio::{Surface, STEP_VARIANTS};
    let bank = bank();
    let takes = |clip: &dyn Fn(u8) -> Clip| {
        let all: Vec<&[f32]> = (0..STEP_VARIANTS).map(|v| bank.samples(clip(v))).collect();
        for i in 0..all.len() {
            for j in i + 1..all.len() {
                let c = correlation(all[i], all[j]);
                assert!(c < 0.9, "{:?} and {:?}: {c}", clip(i as u8), clip(j as u8));
            }
        }
    };
    for surface in Surface::ALL {
        takes(&|variant| Clip::Footstep { surface, variant });
    }
    takes(&|variant| Clip::WalkerStep { variant });
    // The cues' own clips are the first takes until the cues play takes.
    let first = Clip::Footstep {
        surface: Surface::Stone,
        variant: 0,
    };
    assert_eq!(bank.samples(Clip::Sim(Cue::Footstep)), bank.samples(first));
}
