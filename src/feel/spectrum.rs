//! A one-sided power spectrum by a plain DFT, evaluated only at the bins
//! needed (the low frequencies), so no padding and no FFT.
//!
//! Bins sit at `k / T` Hz, `T = len * dt` the signal's duration: the
//! frequency resolution is `1 / T`. A signal shorter than 10 s therefore has
//! bins coarser than 0.1 Hz: band shares and peak frequencies are still
//! computed, but only to that resolution.

use super::series;
use std::f64::consts::TAU;

/// The least share of the total power a peak must hold.
pub const PEAK_SHARE: f64 = 0.05;
/// How many times the median evaluated bin a peak must be.
pub const PEAK_OVER_MEDIAN: f64 = 20.0;

/// Relative slack on the band edges, so a bin that lands on an edge up to
/// rounding counts as inside.
const EDGE_TOLERANCE: f64 = 1e-9;

/// Power per frequency bin of a mean-removed signal, one-sided.
///
/// Powers are in the signal's unit squared and sum, over every bin above
/// 0 Hz up to Nyquist, to the signal's variance (Parseval). Only bins up to
/// a chosen limit are evaluated, but the total is exact.
#[derive(Debug, Clone, PartialEq)]
pub struct Spectrum {
    /// Spacing of the bins, Hz: `1 / (len * dt)`.
    resolution_hz: f64,
    /// Power of bins 1, 2, ... (0 Hz excluded) up to the evaluated limit.
    power: Vec<f64>,
    /// Power of every bin above 0 Hz up to Nyquist: the variance.
    total_power: f64,
}

impl Spectrum {
    /// The spectrum of `signal`, one value every `dt` seconds, with its mean
    /// removed, evaluated at the bins from `1 / T` up to `max_hz` (or
    /// Nyquist, whichever is lower). A signal whose RMS about its mean is at
    /// most `noise_rms` (the signal's unit) counts as constant and has no
    /// power at all. Costs O(len × bins).
    pub fn of(signal: &[f64], dt: f64, max_hz: f64, noise_rms: f64) -> Self {
        let len = signal.len();
        let resolution_hz = series::ratio_or_zero(1.0, len as f64 * dt);
        let mean = series::mean(signal);
        let centred: Vec<f64> = signal.iter().map(|v| v - mean).collect();
        let total_power = series::mean_square(&centred);
        if len < 2 || total_power <= noise_rms * noise_rms {
            return Self {
                resolution_hz,
                power: Vec::new(),
                total_power: 0.0,
            };
        }
        let last_bin = ((max_hz / resolution_hz).floor() as usize).min(len / 2);
        let twiddles = twiddles(len);
        let power = (1..=last_bin)
            .map(|k| bin_power(&centred, &twiddles, k))
            .collect();
        Self {
            resolution_hz,
            power,
            total_power,
        }
    }

    /// Share (0..1) of the total power above 0 Hz that lies in bins with
    /// `low_hz <= f <= high_hz`; 0 for a constant signal. The band must lie
    /// below the evaluated limit.
    pub fn band_share(&self, low_hz: f64, high_hz: f64) -> f64 {
        let slack = self.resolution_hz * EDGE_TOLERANCE;
        let in_band: f64 = self
            .bins()
            .filter(|&(f, _)| f >= low_hz - slack && f <= high_hz + slack)
            .map(|(_, p)| p)
            .sum();
        series::ratio_or_zero(in_band, self.total_power)
    }

    /// Frequency of a real peak, Hz: the strongest evaluated bin, if it
    /// stands out. It must not be the lowest bin (`1 / T`, where a drift or
    /// a single swing puts its power, not an oscillation), must be above
    /// both neighbours, must hold at least [`PEAK_SHARE`] of the total power
    /// and at least [`PEAK_OVER_MEDIAN`] times the median evaluated bin (a
    /// flat spectrum's strongest of hundreds of bins is about 9 times its
    /// median). None for a constant signal or a spectrum with no such peak.
    pub fn peak_hz(&self) -> Option<f64> {
        let p = &self.power;
        let (k, &top) =
            p.iter()
                .enumerate()
                .fold(None, |best: Option<(usize, &f64)>, (i, v)| match best {
                    Some((_, b)) if b >= v => best,
                    _ => Some((i, v)),
                })?;
        let mut sorted = p.clone();
        sorted.sort_by(f64::total_cmp);
        let median = sorted[sorted.len() / 2];
        let above_next = p.get(k + 1).is_none_or(|&next| top >= next);
        let stands_out = k >= 1
            && top > p[k - 1]
            && above_next
            && top >= PEAK_SHARE * self.total_power
            && top >= PEAK_OVER_MEDIAN * median;
        stands_out.then(|| (k + 1) as f64 * self.resolution_hz)
    }

    /// The evaluated bins as (frequency in Hz, power).
    pub fn bins(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        let resolution_hz = self.resolution_hz;
        (1..)
            .zip(&self.power)
            .map(move |(k, &p)| (k as f64 * resolution_hz, p))
    }
}

/// `(cos, sin)` of `2 pi j / len` for j in 0..len: exact twiddles for every
/// product `k * n` taken modulo `len`.
fn twiddles(len: usize) -> Vec<(f64, f64)> {
    (0..len)
        .map(|j| {
            let (sin, cos) = (TAU * j as f64 / len as f64).sin_cos();
            (cos, sin)
        })
        .collect()
}

/// One-sided power of DFT bin `k` (0 < k <= len / 2) of `signal`, scaled so
/// that all bins together sum to the mean square.
fn bin_power(signal: &[f64], twiddles: &[(f64, f64)], k: usize) -> f64 {
    let len = signal.len();
    let (mut re, mut im) = (0.0, 0.0);
    let mut index = 0;
    for &value in signal {
        let (cos, sin) = twiddles[index];
        re += value * cos;
        im -= value * sin;
        // k < len, so one subtraction keeps the index in range.
        index += k;
        if index >= len {
            index -= len;
        }
    }
    // The Nyquist bin has no mirror image; every other bin has one.
    let sides = if 2 * k == len { 1.0 } else { 2.0 };
    sides * (re * re + im * im) / (len as f64 * len as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DT: f64 = 1.0 / 100.0;

    fn sine(hz: f64, seconds: f64) -> Vec<f64> {
        let n = (seconds / DT).round() as usize;
        (0..n)
            .map(|i| (TAU * hz * i as f64 * DT).sin() + 3.0)
            .collect()
    }

    #[test]
    fn an_on_bin_sine_has_its_peak_and_all_its_power_there() {
        let spectrum = Spectrum::of(&sine(0.25, 20.0), DT, 10.0, 1e-9);
        assert!((spectrum.peak_hz().unwrap() - 0.25).abs() < 1e-9);
        assert!((spectrum.band_share(0.25, 0.25) - 1.0).abs() < 1e-9);
        assert!(spectrum.band_share(1.0, 10.0) < 1e-9);
    }

    #[test]
    fn bins_sum_to_the_variance_up_to_nyquist() {
        let signal: Vec<f64> = (0..64).map(|i| ((i * i) % 7) as f64).collect();
        let spectrum = Spectrum::of(&signal, DT, 1e9, 0.0);
        assert_eq!(spectrum.power.len(), 32);
        let sum: f64 = spectrum.power.iter().sum();
        assert!((sum - spectrum.total_power).abs() < 1e-9 * spectrum.total_power);
    }

    #[test]
    fn power_above_the_evaluated_limit_still_counts_in_the_total() {
        let spectrum = Spectrum::of(&sine(20.0, 10.0), DT, 10.0, 1e-9);
        assert!(spectrum.band_share(0.0, 10.0) < 1e-6);
        assert!(spectrum.total_power > 0.4);
    }

    #[test]
    fn a_constant_signal_has_no_peak_and_no_share() {
        let spectrum = Spectrum::of(&[5.0; 300], DT, 10.0, 1e-9);
        assert_eq!(spectrum.peak_hz(), None);
        assert_eq!(spectrum.band_share(0.1, 0.5), 0.0);
    }

    #[test]
    fn a_ramp_or_noise_has_no_peak() {
        // A rate that rises once (no oscillation) puts its power in the
        // lowest bin, falling away above: no peak.
        let ramp: Vec<f64> = (0..1000).map(|i| i as f64).collect();
        assert_eq!(Spectrum::of(&ramp, DT, 10.0, 1e-9).peak_hz(), None);
        // Noise: an LCG, flat in frequency.
        let mut state = 12345u64;
        let noise: Vec<f64> = (0..6000)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 33) as f64 / (1u64 << 31) as f64
            })
            .collect();
        assert_eq!(Spectrum::of(&noise, DT, 10.0, 1e-9).peak_hz(), None);
        // The same noise with a sine on top has its peak.
        let with_sine: Vec<f64> = noise
            .iter()
            .zip(sine(1.5, 60.0))
            .map(|(n, s)| n + s)
            .collect();
        let peak = Spectrum::of(&with_sine, DT, 10.0, 1e-9).peak_hz().unwrap();
        assert!((peak - 1.5).abs() < 1e-9, "{peak}");
    }
}
