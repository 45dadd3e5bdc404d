//! Metrics of the camera's turning alone: view cuts, its smooth yaw rate,
//! acceleration and jerk, how often the rate reverses, and where the
//! rate's power lies in frequency.
//!
//! A view cut is a tick in which the view turns more than
//! [`CUT_DEG_PER_TICK`]: faster than any turn the walking models make (720
//! deg/s, the fastest heading speed, is 6 degrees a tick), so a flip, not
//! a turn. A snap turn that moves the view is a cut too, whatever its
//! angle (a 15-degree snap is not over the limit, and is still no turn).
//! Cuts are counted on their own and left out of every smooth
//! figure: a rate, acceleration or jerk is kept only when no cut lies in
//! the ticks it is taken over, and the spectrum holds the rate before a
//! cut through it.

use crate::feel::series::{quantile_or_zero, ratio_or_zero, rms, share};
use crate::feel::spectrum::Spectrum;

/// A view turning more than this in one tick is a cut, degrees.
pub const CUT_DEG_PER_TICK: f64 = 15.0;
/// Yaw rates above this are a moderate turn, deg/s (Lo & So 2001 found
/// 30 deg/s scene rotation nauseating).
const YAW_RATE_MODERATE_DEG_S: f64 = 30.0;
/// Yaw rates above this are a fast turn, deg/s.
const YAW_RATE_FAST_DEG_S: f64 = 60.0;
/// Quantile reported as the yaw rate's near-peak (0..1).
const YAW_RATE_QUANTILE: f64 = 0.95;
/// Rates within this of zero never count as a side for reversals, deg/s.
const REVERSAL_HYSTERESIS_DEG_S: f64 = 1.0;
/// The most provocative oscillation band, Hz (Golding et al. 2001; Diels &
/// Howarth 2013 for visual flow).
const PROVOCATIVE_LOW_HZ: f64 = 0.1;
/// Upper edge of the provocative band, Hz.
const PROVOCATIVE_HIGH_HZ: f64 = 0.5;
/// The shortest run whose spectrum resolves the band's lower edge: bins
/// are `1 / T` apart, so 10 s puts them 0.1 Hz apart.
pub const MIN_BAND_RUN_S: f64 = 10.0;
/// Highest frequency searched for the dominant yaw oscillation, Hz.
const SPECTRUM_MAX_HZ: f64 = 10.0;
/// A yaw rate varying less than this (RMS about its mean) is constant,
/// deg/s: rounding in unwrapped angles must not make a spectrum.
const YAW_RATE_NOISE_DEG_S: f64 = 1e-6;

/// Metrics of the camera's turning alone.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct YawValues {
    pub(super) cuts: usize,
    pub(super) rate_rms: f64,
    pub(super) rate_p95: f64,
    pub(super) rate_over_30_share: f64,
    pub(super) rate_over_60_share: f64,
    pub(super) accel_rms: f64,
    pub(super) jerk_rms: f64,
    pub(super) reversals_per_s: f64,
    /// None for a run too short to resolve the band.
    pub(super) provocative_share: Option<f64>,
    /// None when the spectrum has no real peak.
    pub(super) dominant_hz: Option<f64>,
}

impl YawValues {
    /// Yaw metrics from the unwrapped camera yaw (radians, one per tick)
    /// and, for each step between ticks, whether it snapped the view (a
    /// cut, as a step over [`CUT_DEG_PER_TICK`] is).
    pub(super) fn measure(yaw: &[f64], snapped: &[bool], dt: f64) -> Self {
        let steps_deg: Vec<f64> = yaw.windows(2).map(|w| (w[1] - w[0]).to_degrees()).collect();
        debug_assert_eq!(snapped.len(), steps_deg.len(), "a flag for each step");
        let cut: Vec<bool> = steps_deg
            .iter()
            .zip(snapped)
            .map(|(d, &snap)| snap || d.abs() > CUT_DEG_PER_TICK)
            .collect();
        let rate_deg: Vec<f64> = steps_deg.iter().map(|d| d / dt).collect();
        let smooth: Vec<f64> = kept(&rate_deg, &cut);
        let magnitude: Vec<f64> = smooth.iter().map(|r| r.abs()).collect();
        let accel = differences(&rate_deg, dt);
        let accel_cut = widen(&cut);
        let jerk = differences(&accel, dt);
        let run_s = rate_deg.len() as f64 * dt;
        let held = hold_through(&rate_deg, &cut);
        let spectrum = Spectrum::of(&held, dt, SPECTRUM_MAX_HZ, YAW_RATE_NOISE_DEG_S);
        let long_enough = run_s >= MIN_BAND_RUN_S - dt / 2.0;
        Self {
            cuts: cut.iter().filter(|&&c| c).count(),
            rate_rms: rms(&smooth),
            rate_p95: quantile_or_zero(&magnitude, YAW_RATE_QUANTILE),
            rate_over_30_share: share(&magnitude, |r| r > YAW_RATE_MODERATE_DEG_S),
            rate_over_60_share: share(&magnitude, |r| r > YAW_RATE_FAST_DEG_S),
            accel_rms: rms(&kept(&accel, &accel_cut)),
            jerk_rms: rms(&kept(&jerk, &widen(&accel_cut))),
            reversals_per_s: ratio_or_zero(reversals(&smooth) as f64, run_s),
            provocative_share: long_enough
                .then(|| spectrum.band_share(PROVOCATIVE_LOW_HZ, PROVOCATIVE_HIGH_HZ)),
            dominant_hz: spectrum.peak_hz(),
        }
    }
}

/// The values whose flag is false.
fn kept(values: &[f64], cut: &[bool]) -> Vec<f64> {
    values
        .iter()
        .zip(cut)
        .filter(|(_, &c)| !c)
        .map(|(&v, _)| v)
        .collect()
}

/// Forward differences per second of `values` (flag them with [`widen`]).
fn differences(values: &[f64], dt: f64) -> Vec<f64> {
    values.windows(2).map(|w| (w[1] - w[0]) / dt).collect()
}

/// The flags of a difference series: one shorter, set where either of the
/// two values it spans is set.
fn widen(cut: &[bool]) -> Vec<bool> {
    cut.windows(2).map(|w| w[0] || w[1]).collect()
}

/// `values` with each flagged one replaced by the last unflagged value
/// before it (0 before any).
fn hold_through(values: &[f64], cut: &[bool]) -> Vec<f64> {
    let mut last = 0.0;
    values
        .iter()
        .zip(cut)
        .map(|(&v, &c)| {
            if !c {
                last = v;
            }
            last
        })
        .collect()
}

/// Sign changes of a rate (deg/s) with hysteresis: a reversal is the rate
/// going from above +1 deg/s to below -1 deg/s, or back.
fn reversals(rate_deg: &[f64]) -> usize {
    let mut side = 0.0;
    let mut count = 0;
    for &r in rate_deg {
        let now = if r > REVERSAL_HYSTERESIS_DEG_S {
            1.0
        } else if r < -REVERSAL_HYSTERESIS_DEG_S {
            -1.0
        } else {
            continue;
        };
        if now == -side {
            count += 1;
        }
        side = now;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::super::tests::{look, maybe, trajectory, value};
    use super::*;
    use crate::feel::metrics::{compute, Metric, Sample, Scale, Trajectory};
    use std::f64::consts::{PI, TAU};

    fn sine_yaw(hz: f64, amplitude_deg: f64) -> Vec<Metric> {
        let traj = trajectory(60.0, |t| {
            let yaw = amplitude_deg.to_radians() * (TAU * hz * t).sin();
            look(yaw, 0.0)
        });
        compute(&traj, Scale::default())
    }

    #[test]
    fn a_0_2_hz_yaw_wobble_is_found_at_0_2_hz_and_in_the_band() {
        let amplitude_deg = 30.0;
        let metrics = sine_yaw(0.2, amplitude_deg);
        let bin_hz = 1.0 / 60.0;
        assert!((value(&metrics, "yaw_dominant_hz") - 0.2).abs() <= bin_hz);
        let expected_rms = TAU * 0.2 * amplitude_deg / 2f64.sqrt();
        let rms = value(&metrics, "yaw_rate_rms");
        assert!(
            (rms / expected_rms - 1.0).abs() < 0.01,
            "{rms} vs {expected_rms}"
        );
        assert!((value(&metrics, "yaw_reversals_per_s") - 0.4).abs() < 0.01);
        assert!(value(&metrics, "yaw_power_share_0_1_to_0_5_hz") > 0.99);
        // The command never moved, so all of the turning is uncommanded.
        let turned = 4.0 * amplitude_deg * 0.2 * 60.0;
        assert!((value(&metrics, "uncommanded_yaw_deg") / turned - 1.0).abs() < 0.01);
    }

    #[test]
    fn snaps_are_cuts_and_left_out_of_the_smooth_figures() {
        // Still, but for a snap every second, flagged: 10 degrees, under
        // the cut limit, so that only the flag makes it a cut.
        let snap = 10f64.to_radians();
        let traj = trajectory(4.0, |t| Sample {
            snapped: t > 0.0 && (t * 120.0).round() as i64 % 120 == 0,
            ..look(snap * (t + 1e-9).floor(), 0.0)
        });
        let metrics = compute(&traj, Scale::default());
        assert_eq!(value(&metrics, "view_cuts"), 3.0);
        assert_eq!(value(&metrics, "yaw_rate_rms"), 0.0);
        assert_eq!(value(&metrics, "yaw_accel_rms"), 0.0);
        // Unflagged, the same steps are turns, not cuts.
        let unflagged = Trajectory {
            samples: traj
                .samples
                .iter()
                .map(|s| Sample {
                    snapped: false,
                    ..*s
                })
                .collect(),
            ..traj
        };
        let metrics = compute(&unflagged, Scale::default());
        assert_eq!(value(&metrics, "view_cuts"), 0.0);
        assert!(value(&metrics, "yaw_rate_rms") > 0.0);
    }

    #[test]
    fn a_2_hz_yaw_wobble_has_almost_no_power_in_the_band() {
        let metrics = sine_yaw(2.0, 5.0);
        assert!(value(&metrics, "yaw_power_share_0_1_to_0_5_hz") < 0.01);
        assert!((value(&metrics, "yaw_dominant_hz") - 2.0).abs() <= 1.0 / 60.0);
        assert!((value(&metrics, "yaw_reversals_per_s") - 4.0).abs() < 0.05);
    }

    #[test]
    fn a_constant_turn_through_2pi_is_steady() {
        let rate_deg: f64 = 90.0;
        let traj = trajectory(12.0, |t| look(1.0 + rate_deg.to_radians() * t, 0.0));
        let metrics = compute(&traj, Scale::default());
        assert_eq!(value(&metrics, "yaw_reversals_per_s"), 0.0);
        assert!(value(&metrics, "yaw_accel_rms") < 1e-6);
        assert!((value(&metrics, "yaw_rate_p95") - rate_deg).abs() < 1e-6);
        assert!((value(&metrics, "yaw_rate_rms") - rate_deg).abs() < 1e-6);
        assert_eq!(value(&metrics, "yaw_rate_over_60_share"), 1.0);
        assert_eq!(maybe(&metrics, "yaw_dominant_hz"), None);
        assert_eq!(value(&metrics, "yaw_power_share_0_1_to_0_5_hz"), 0.0);
        assert_eq!(
            value(&metrics, "view_cuts"),
            0.0,
            "a constant turn has no cut"
        );
        assert!(value(&metrics, "yaw_jerk_rms") < 1e-6);
    }

    #[test]
    fn reversals_need_to_cross_the_hysteresis_band() {
        assert_eq!(reversals(&[5.0, 0.5, -0.5, 0.8, 3.0]), 0);
        assert_eq!(reversals(&[5.0, -2.0, 0.0, 2.0, -2.0]), 3);
        assert_eq!(reversals(&[]), 0);
    }

    #[test]
    fn a_one_tick_flip_is_a_cut_and_the_smooth_figures_ignore_it() {
        // Turning steadily at 30 deg/s, with the view flipped by 180
        // degrees in one tick at t = 2 s.
        let traj = trajectory(4.0, |t| {
            let flip = if t >= 2.0 { PI } else { 0.0 };
            look((30f64 * t).to_radians() + flip, 0.0)
        });
        let metrics = compute(&traj, Scale::default());
        assert_eq!(value(&metrics, "view_cuts"), 1.0);
        assert!((value(&metrics, "yaw_rate_rms") - 30.0).abs() < 1e-6);
        assert!((value(&metrics, "yaw_rate_p95") - 30.0).abs() < 1e-6);
        assert!(value(&metrics, "yaw_accel_rms") < 1e-6);
        assert!(value(&metrics, "yaw_jerk_rms") < 1e-6);
        assert_eq!(value(&metrics, "yaw_reversals_per_s"), 0.0);
    }

    #[test]
    fn a_short_run_has_no_band_share_and_a_ramp_no_dominant_frequency() {
        // 4 s of a turn that speeds up: bins 0.25 Hz apart cannot resolve
        // the 0.1 Hz edge, and a ramp has no oscillation.
        let traj = trajectory(4.0, |t| look(0.2 * t * t, 0.0));
        let metrics = compute(&traj, Scale::default());
        assert_eq!(maybe(&metrics, "yaw_power_share_0_1_to_0_5_hz"), None);
        assert_eq!(maybe(&metrics, "yaw_dominant_hz"), None);
        // Jerk of a yaw of 0.2 t^2 rad: its rate rises linearly, so its
        // acceleration is constant and its jerk 0.
        assert!(value(&metrics, "yaw_jerk_rms") < 1e-3);
        assert!((value(&metrics, "yaw_accel_rms") - 0.4f64.to_degrees()).abs() < 1e-3);
    }
}
