//! Loudness as ITU-R BS.1770 measures it, for short clips: the
//! *momentary maximum*, the loudest 400 ms window of K-weighted power.
//!
//! Integrated loudness (EBU R128's programme figure) gates out blocks under
//! -70 LUFS and needs at least one 400 ms block; a footstep lasts 0.14 s and
//! a gunshot 0.3 s, so the clips are compared by their momentary maximum
//! instead: the K-weighted mean square over a 400 ms window, slid over the
//! clip [`HOPS_PER_WINDOW`] times a window (finer than the 100 ms hop EBU
//! Tech 3341 asks of a meter), the signal taken as silence before its start
//! and after its end (so a clip shorter than a window is measured
//! zero-padded to 400 ms). The K-weighting is the standard's two biquads
//! (a high shelf modelling the head, a high-pass under 38 Hz), their
//! coefficients derived for any sample rate the way libebur128 does, so the
//! figures match the `ebur128` crate's (a test holds them within 0.1 LU).
//!
//! Pure functions of the samples: no state, no clock, no allocation beyond
//! the filtered power of one channel.

/// The window of a momentary loudness, seconds.
pub const WINDOW_S: f64 = 0.4;
/// Window positions per window length: a 20 ms hop.
pub const HOPS_PER_WINDOW: usize = 20;
/// The loudness of silence, LUFS (what a clip of zeros measures).
pub const SILENCE_LUFS: f64 = -200.0;

/// One biquad section, direct form I, in `f64`.
#[derive(Clone, Copy, Debug)]
struct Biquad {
    b: [f64; 3],
    a: [f64; 2],
    x: [f64; 2],
    y: [f64; 2],
}

impl Biquad {
    fn new(b: [f64; 3], a: [f64; 2]) -> Self {
        Self {
            b,
            a,
            x: [0.0; 2],
            y: [0.0; 2],
        }
    }

    fn run(&mut self, x: f64) -> f64 {
        let y = self.b[0] * x + self.b[1] * self.x[0] + self.b[2] * self.x[1]
            - self.a[0] * self.y[0]
            - self.a[1] * self.y[1];
        self.x = [x, self.x[0]];
        self.y = [y, self.y[0]];
        y
    }
}

/// The K-weighting filter at `rate` Hz: BS.1770's pre-filter (the high
/// shelf, +4 dB above about 1.7 kHz) then its RLB high-pass.
fn k_weighting(rate: u32) -> [Biquad; 2] {
    let rate = f64::from(rate);
    // The shelf: the standard's 48 kHz coefficients' analogue prototype.
    let f0 = 1_681.974_450_955_533;
    let gain_db = 3.999_843_853_973_347;
    let q = 0.707_175_236_955_419_6;
    let k = (std::f64::consts::PI * f0 / rate).tan();
    let vh = 10f64.powf(gain_db / 20.0);
    let vb = vh.powf(0.499_666_774_154_541_6);
    let a0 = 1.0 + k / q + k * k;
    let shelf = Biquad::new(
        [
            (vh + vb * k / q + k * k) / a0,
            2.0 * (k * k - vh) / a0,
            (vh - vb * k / q + k * k) / a0,
        ],
        [2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0],
    );
    // The high-pass.
    let f0 = 38.135_470_876_024_44;
    let q = 0.500_327_037_323_877_3;
    let k = (std::f64::consts::PI * f0 / rate).tan();
    let a0 = 1.0 + k / q + k * k;
    let high_pass = Biquad::new(
        [1.0, -2.0, 1.0],
        [2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0],
    );
    [shelf, high_pass]
}

/// The K-weighted power of each sample of one channel of `frames`
/// (interleaved, `channels` to a frame).
fn weighted_power(frames: &[f32], channels: usize, channel: usize, rate: u32) -> Vec<f64> {
    let mut filter = k_weighting(rate);
    frames
        .iter()
        .skip(channel)
        .step_by(channels)
        .map(|&x| {
            let shelved = filter[0].run(f64::from(x));
            let y = filter[1].run(shelved);
            y * y
        })
        .collect()
}

/// LUFS from a mean square summed over channels (each weighted 1: the
/// front channels' weight).
fn lufs(mean_square: f64) -> f64 {
    if mean_square <= 0.0 {
        return SILENCE_LUFS;
    }
    (-0.691 + 10.0 * mean_square.log10()).max(SILENCE_LUFS)
}

/// The momentary maximum of `frames` (interleaved, `channels` to a frame,
/// at `rate` Hz), LUFS: the loudest 400 ms window's K-weighted loudness,
/// the windows ending every [`HOPS_PER_WINDOW`]th of a window from the
/// first hop until one reaches past both the clip's end and 400 ms;
/// [`SILENCE_LUFS`] for silence or no frames. Mono counts its one channel
/// once (as BS.1770 does).
///
/// # Panics
/// If `channels` or `rate` is 0.
pub fn momentary_max(frames: &[f32], channels: usize, rate: u32) -> f64 {
    assert!(channels > 0 && rate > 0, "a channel and a rate");
    let len = frames.len() / channels;
    let window = (WINDOW_S * f64::from(rate)).round() as usize;
    let hop = (window / HOPS_PER_WINDOW).max(1);
    // Per-frame power summed over channels.
    let mut power = vec![0.0f64; len];
    for channel in 0..channels {
        let p = weighted_power(&frames[..len * channels], channels, channel, rate);
        for (sum, x) in power.iter_mut().zip(p) {
            *sum += x;
        }
    }
    // Prefix sums make every window's sum one subtraction.
    let mut prefix = Vec::with_capacity(len + 1);
    prefix.push(0.0f64);
    let mut acc = 0.0;
    for x in &power {
        acc += x;
        prefix.push(acc);
    }
    let at = |end: usize| prefix[end.min(len)];
    let mut loudest = 0.0f64;
    let mut end = hop;
    loop {
        let sum = at(end) - at(end.saturating_sub(window));
        loudest = loudest.max(sum / window as f64);
        if end >= len.max(window) {
            break;
        }
        end += hop;
    }
    lufs(loudest)
}

/// The gain in decibels that takes `from` LUFS to `to` LUFS.
pub fn gain_db(from: f64, to: f64) -> f64 {
    to - from
}

/// Decibels as an amplitude factor.
pub fn amplitude(db: f64) -> f64 {
    10f64.powf(db / 20.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sine(freq: f64, amp: f64, seconds: f64, rate: u32) -> Vec<f32> {
        let n = (seconds * f64::from(rate)) as usize;
        (0..n)
            .map(|i| {
                (amp * (std::f64::consts::TAU * freq * i as f64 / f64::from(rate)).sin()) as f32
            })
            .collect()
    }

    /// What the `ebur128` crate reads as the loudest momentary loudness of
    /// `frames`, fed in hops of the same size and zero-padded to the same
    /// length as [`momentary_max`] measures.
    fn reference(frames: &[f32], channels: usize, rate: u32) -> f64 {
        let mut meter =
            ebur128::EbuR128::new(channels as u32, rate, ebur128::Mode::M).expect("a meter");
        let window = (WINDOW_S * f64::from(rate)).round() as usize;
        let hop = window / HOPS_PER_WINDOW;
        let len = frames.len() / channels;
        let hops = len.max(window).div_ceil(hop);
        let mut padded = frames.to_vec();
        padded.resize(hops * hop * channels, 0.0);
        let mut loudest = f64::NEG_INFINITY;
        for chunk in padded.chunks(hop * channels) {
            meter.add_frames_f32(chunk).expect("frames");
            loudest = loudest.max(meter.loudness_momentary().expect("a loudness"));
        }
        loudest
    }

    #[test]
    fn the_standard_tone_reads_its_level() {
        // BS.1770: a 0 dBFS 997 Hz sine in one channel reads -3.01 LUFS.
        let tone = sine(997.0, 1.0, 2.0, 48_000);
        let l = momentary_max(&tone, 1, 48_000);
        assert!((l + 3.01).abs() < 0.05, "{l}");
    }

    #[test]
    fn figures_match_the_ebur128_crate_within_a_tenth_of_a_lu() {
        let mut noise = 0x1234_5678_u32;
        let mut white = || {
            noise ^= noise << 13;
            noise ^= noise >> 17;
            noise ^= noise << 5;
            noise as f32 / u32::MAX as f32 - 0.5
        };
        let burst: Vec<f32> = (0..3000)
            .map(|i| white() * (-(i as f32) / 600.0).exp())
            .collect();
        let stereo: Vec<f32> = sine(440.0, 0.3, 1.0, 48_000)
            .iter()
            .zip(sine(60.0, 0.5, 1.0, 48_000))
            .flat_map(|(&l, r)| [l, r])
            .collect();
        let cases: [(&str, Vec<f32>, usize, u32); 5] = [
            ("1 kHz, 22050 Hz", sine(1000.0, 0.5, 1.5, 22_050), 1, 22_050),
            ("50 Hz hum", sine(50.0, 0.8, 0.7, 48_000), 1, 48_000),
            ("8 kHz", sine(8000.0, 0.2, 0.5, 44_100), 1, 44_100),
            ("a short burst", burst, 1, 22_050),
            ("stereo", stereo, 2, 48_000),
        ];
        for (name, frames, channels, rate) in cases {
            let ours = momentary_max(&frames, channels, rate);
            let theirs = reference(&frames, channels, rate);
            assert!((ours - theirs).abs() < 0.1, "{name}: {ours} vs {theirs}");
        }
    }

    #[test]
    fn a_short_clip_is_measured_zero_padded_and_silence_is_the_floor() {
        let long = sine(1000.0, 0.5, 0.4, 22_050);
        let short = sine(1000.0, 0.5, 0.1, 22_050);
        let (l, s) = (
            momentary_max(&long, 1, 22_050),
            momentary_max(&short, 1, 22_050),
        );
        // A quarter of the window's power: 6 dB down.
        assert!((l - s - 6.02).abs() < 0.1, "{l} {s}");
        assert_eq!(momentary_max(&[0.0; 100], 1, 22_050), SILENCE_LUFS);
        assert_eq!(momentary_max(&[], 2, 48_000), SILENCE_LUFS);
    }

    #[test]
    fn decibels_and_amplitudes() {
        assert!((amplitude(gain_db(-20.0, -14.0)) - 2.0).abs() < 0.01);
        assert_eq!(amplitude(0.0), 1.0);
    }
}
