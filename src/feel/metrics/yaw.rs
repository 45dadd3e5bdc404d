//! Metrics of the camera's turning alone: its yaw rate and acceleration,
//! how often the rate reverses, and where the rate's power lies in
//! frequency.

use crate::feel::series::{percentile, rate, ratio_or_zero, rms, share};
use crate::feel::spectrum::Spectrum;

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
/// Highest frequency searched for the dominant yaw oscillation, Hz.
const SPECTRUM_MAX_HZ: f64 = 10.0;
/// A yaw rate varying less than this (RMS about its mean) is constant,
/// deg/s: rounding in unwrapped angles must not make a spectrum.
const YAW_RATE_NOISE_DEG_S: f64 = 1e-6;

/// Metrics of the camera's turning alone.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct YawValues {
    pub(super) rate_rms: f64,
    pub(super) rate_p95: f64,
    pub(super) rate_over_30_share: f64,
    pub(super) rate_over_60_share: f64,
    pub(super) accel_rms: f64,
    pub(super) reversals_per_s: f64,
    pub(super) provocative_share: f64,
    pub(super) dominant_hz: f64,
}

impl YawValues {
    /// Yaw metrics from the unwrapped camera yaw (radians, one per tick).
    pub(super) fn measure(yaw: &[f64], dt: f64) -> Self {
        let rate_deg: Vec<f64> = rate(yaw, dt).iter().map(|r| r.to_degrees()).collect();
        let magnitude: Vec<f64> = rate_deg.iter().map(|r| r.abs()).collect();
        let run_s = rate_deg.len() as f64 * dt;
        let spectrum = Spectrum::of(&rate_deg, dt, SPECTRUM_MAX_HZ, YAW_RATE_NOISE_DEG_S);
        Self {
            rate_rms: rms(&rate_deg),
            rate_p95: percentile(&magnitude, YAW_RATE_QUANTILE),
            rate_over_30_share: share(&magnitude, |r| r > YAW_RATE_MODERATE_DEG_S),
            rate_over_60_share: share(&magnitude, |r| r > YAW_RATE_FAST_DEG_S),
            accel_rms: rms(&rate(&rate_deg, dt)),
            reversals_per_s: ratio_or_zero(reversals(&rate_deg) as f64, run_s),
            provocative_share: spectrum.band_share(PROVOCATIVE_LOW_HZ, PROVOCATIVE_HIGH_HZ),
            dominant_hz: spectrum.dominant_hz(),
        }
    }
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
    use super::super::tests::{look, trajectory, value};
    use super::*;
    use crate::feel::metrics::{compute, Metric, Scale};
    use std::f64::consts::TAU;

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
    fn a_2_hz_yaw_wobble_has_almost_no_power_in_the_band() {
        let metrics = sine_yaw(2.0, 5.0);
        assert!(value(&metrics, "yaw_power_share_0_1_to_0_5_hz") < 0.01);
        assert!((value(&metrics, "yaw_dominant_hz") - 2.0).abs() <= 1.0 / 60.0);
        assert!((value(&metrics, "yaw_reversals_per_s") - 4.0).abs() < 0.05);
    }

    #[test]
    fn a_constant_turn_through_2pi_is_steady() {
        let rate_deg: f64 = 90.0;
        let traj = trajectory(10.0, |t| look(1.0 + rate_deg.to_radians() * t, 0.0));
        let metrics = compute(&traj, Scale::default());
        assert_eq!(value(&metrics, "yaw_reversals_per_s"), 0.0);
        assert!(value(&metrics, "yaw_accel_rms") < 1e-6);
        assert!((value(&metrics, "yaw_rate_p95") - rate_deg).abs() < 1e-6);
        assert!((value(&metrics, "yaw_rate_rms") - rate_deg).abs() < 1e-6);
        assert_eq!(value(&metrics, "yaw_rate_over_60_share"), 1.0);
        assert_eq!(value(&metrics, "yaw_dominant_hz"), 0.0);
        assert_eq!(value(&metrics, "yaw_power_share_0_1_to_0_5_hz"), 0.0);
    }

    #[test]
    fn reversals_need_to_cross_the_hysteresis_band() {
        assert_eq!(reversals(&[5.0, 0.5, -0.5, 0.8, 3.0]), 0);
        assert_eq!(reversals(&[5.0, -2.0, 0.0, 2.0, -2.0]), 3);
        assert_eq!(reversals(&[]), 0);
    }
}
