//! Feel metrics from a camera trajectory sampled at a fixed tick.
//!
//! Every metric is computed from the trajectory alone, the same way for
//! every movement model. Rates and speeds are forward differences, one per
//! interval between ticks, each standing for `dt` seconds of the run;
//! accelerations are second differences centred on a tick. The run lasts
//! `(samples - 1) * dt` seconds.
//!
//! - `yaw`: the camera's turning: rates, reversals and the spectrum.
//! - `motion`: the camera's translation: speeds, sideslip and the motion
//!   sickness dose values.

mod motion;
mod yaw;

use self::motion::MotionValues;
use self::yaw::YawValues;
use super::series;
use super::steps::{step_response, StepResponse};

/// How many metres one tile stands for, by default: a tile is about a
/// two-metre corridor.
pub const DEFAULT_METRES_PER_TILE: f64 = 2.0;
/// Fewer samples than this give no second difference: every metric is 0.
pub const MIN_SAMPLES: usize = 3;

/// One tick of a camera trajectory.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// Camera position east, tiles.
    pub x: f64,
    /// Camera position south, tiles.
    pub y: f64,
    /// Eye height, tiles (0.5 when walking; varies with head bob or flight).
    pub z: f64,
    /// Camera view direction, radians in [0, 2pi) (0 = +x, pi/2 = +y).
    pub yaw: f64,
    /// The heading the player commands, radians in [0, 2pi).
    pub wish_heading: f64,
}

/// A camera trajectory: one sample per fixed tick.
#[derive(Debug, Clone, PartialEq)]
pub struct Trajectory {
    /// Seconds per sample (> 0).
    pub dt: f64,
    /// The samples in tick order.
    pub samples: Vec<Sample>,
}

/// How the world's tiles map to metres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    /// Metres per tile (> 0); [`DEFAULT_METRES_PER_TILE`] by default.
    pub metres_per_tile: f64,
}

impl Default for Scale {
    fn default() -> Self {
        Self {
            metres_per_tile: DEFAULT_METRES_PER_TILE,
        }
    }
}

/// One computed metric with its unit and a plain-English meaning.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Metric {
    /// Stable identifier, e.g. `yaw_rate_rms`.
    pub name: &'static str,
    /// The value in `unit`; always finite.
    pub value: f64,
    /// Unit of `value`, e.g. `deg/s`, `share` (0..1), `%`.
    pub unit: &'static str,
    /// One line saying what the number means.
    pub meaning: &'static str,
}

/// Computes every feel metric of `traj`, always the same list in the same
/// order, lengths turned into metres by `scale`:
///
/// - `yaw_rate_rms`, `yaw_rate_p95` (95th percentile of |rate|), deg/s;
///   `yaw_rate_over_30_share`, `yaw_rate_over_60_share`: share of time
///   with |rate| above 30 and 60 deg/s;
/// - `yaw_accel_rms`, deg/s²;
/// - `yaw_reversals_per_s`: sign changes of the yaw rate per second, each
///   counted going from above +1 deg/s to below -1 deg/s or back;
/// - `yaw_power_share_0_1_to_0_5_hz`, `yaw_dominant_hz`: from the yaw
///   rate's power spectrum (mean removed, one-sided DFT over the whole run,
///   bins `1 / T` apart), the share of the power above 0 Hz lying in
///   0.1-0.5 Hz, and the frequency of the strongest bin up to 10 Hz (both 0
///   if the rate is constant). A run shorter than 10 s has bins coarser
///   than 0.1 Hz: both are still computed, only coarsely;
/// - `msdv_fore_aft`, `msdv_vertical`, m/s^1.5: pseudo motion sickness dose
///   values of the Wf-weighted acceleration along the view direction and of
///   the eye height. For motion that is only seen, an analogy, not a
///   validated dose;
/// - `speed_mean`, `speed_max`, m/s, of the horizontal speed;
///   `speed_over_3ms_share`, `speed_over_10ms_share`: share of time above;
/// - `sideslip_over_25_share`: of the intervals moving faster than
///   0.1 m/s, the share where view and velocity differ by over 25 degrees;
/// - `heading_overshoot_pct`, `heading_settle_s`: the worst overshoot past,
///   and the longest settling within 2 degrees of, a new wish heading after
///   a step (a change of over 5 degrees followed by a hold of at least
///   1 s); 0 and 0 when the run has no step;
/// - `uncommanded_yaw_deg`: the integral of |yaw rate - wish rate|.
///
/// With fewer than [`MIN_SAMPLES`] samples every value is 0. Inputs must be
/// finite, `dt > 0` and the scale positive (asserted in debug builds; a
/// release build returns all zeros instead), so the output is NaN-free.
pub fn compute(traj: &Trajectory, scale: Scale) -> Vec<Metric> {
    let valid = is_valid(traj, scale);
    debug_assert!(valid, "feel metrics need finite samples, dt > 0, scale > 0");
    let values = if valid && traj.samples.len() >= MIN_SAMPLES {
        Values::measure(traj, scale)
    } else {
        Values::default()
    };
    values.to_metrics()
}

/// True when every input is finite and `dt` and the scale are positive.
fn is_valid(traj: &Trajectory, scale: Scale) -> bool {
    let positive = |v: f64| v.is_finite() && v > 0.0;
    let finite = |s: &Sample| {
        [s.x, s.y, s.z, s.yaw, s.wish_heading]
            .iter()
            .all(|v| v.is_finite())
    };
    positive(traj.dt) && positive(scale.metres_per_tile) && traj.samples.iter().all(finite)
}

/// Every metric's value, grouped as they are computed.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Values {
    yaw: YawValues,
    motion: MotionValues,
    steps: StepResponse,
    uncommanded_yaw_deg: f64,
}

impl Values {
    /// Measures a valid trajectory of at least [`MIN_SAMPLES`] samples.
    fn measure(traj: &Trajectory, scale: Scale) -> Self {
        let yaw = series::unwrap(traj.samples.iter().map(|s| s.yaw));
        let wish = series::unwrap(traj.samples.iter().map(|s| s.wish_heading));
        Self {
            yaw: YawValues::measure(&yaw, traj.dt),
            motion: MotionValues::measure(traj, &yaw, scale),
            steps: step_response(&yaw, &wish, traj.dt),
            uncommanded_yaw_deg: uncommanded_yaw_deg(&yaw, &wish),
        }
    }

    /// The values as the public, ordered list of metrics.
    fn to_metrics(self) -> Vec<Metric> {
        let Self {
            yaw: y,
            motion: m,
            steps: s,
            ..
        } = self;
        let metric = |name, value, unit, meaning| Metric {
            name,
            value,
            unit,
            meaning,
        };
        vec![
            metric(
                "yaw_rate_rms",
                y.rate_rms,
                "deg/s",
                "RMS of the camera's yaw rate",
            ),
            metric(
                "yaw_rate_p95",
                y.rate_p95,
                "deg/s",
                "95th percentile of the camera's absolute yaw rate",
            ),
            metric(
                "yaw_rate_over_30_share",
                y.rate_over_30_share,
                "share",
                "Share of time the camera turns faster than 30 deg/s",
            ),
            metric(
                "yaw_rate_over_60_share",
                y.rate_over_60_share,
                "share",
                "Share of time the camera turns faster than 60 deg/s",
            ),
            metric(
                "yaw_accel_rms",
                y.accel_rms,
                "deg/s^2",
                "RMS of the camera's yaw acceleration",
            ),
            metric(
                "yaw_reversals_per_s",
                y.reversals_per_s,
                "1/s",
                "Sign changes of the yaw rate per second: the wobble",
            ),
            metric(
                "yaw_power_share_0_1_to_0_5_hz",
                y.provocative_share,
                "share",
                "Share of yaw-rate power in 0.1-0.5 Hz, the most nauseating band",
            ),
            metric(
                "yaw_dominant_hz",
                y.dominant_hz,
                "Hz",
                "Frequency of the strongest yaw-rate oscillation (up to 10 Hz)",
            ),
            metric(
                "msdv_fore_aft",
                m.msdv_fore_aft,
                "m/s^1.5",
                "Pseudo sickness dose of Wf-weighted fore-aft acceleration (an analogy)",
            ),
            metric(
                "msdv_vertical",
                m.msdv_vertical,
                "m/s^1.5",
                "Pseudo sickness dose of Wf-weighted vertical acceleration (an analogy)",
            ),
            metric(
                "speed_mean",
                m.speed_mean,
                "m/s",
                "Mean horizontal speed of the camera",
            ),
            metric(
                "speed_max",
                m.speed_max,
                "m/s",
                "Peak horizontal speed of the camera",
            ),
            metric(
                "speed_over_3ms_share",
                m.speed_over_3_share,
                "share",
                "Share of time faster than 3 m/s, where nausea starts to rise",
            ),
            metric(
                "speed_over_10ms_share",
                m.speed_over_10_share,
                "share",
                "Share of time faster than 10 m/s, where nausea is at its high",
            ),
            metric(
                "sideslip_over_25_share",
                m.sideslip_over_25_share,
                "share",
                "Share of moving time looking over 25 deg away from the motion",
            ),
            metric(
                "heading_overshoot_pct",
                s.overshoot_pct,
                "%",
                "Largest overshoot of the camera past a commanded heading step",
            ),
            metric(
                "heading_settle_s",
                s.settle_s,
                "s",
                "Longest time to settle within 2 deg after a heading step (the whole hold if never)",
            ),
            metric(
                "uncommanded_yaw_deg",
                self.uncommanded_yaw_deg,
                "deg",
                "Total camera turning the player did not command",
            ),
        ]
    }
}

/// Integral of |camera yaw rate - wish heading rate| over the run, degrees,
/// from the unwrapped series (radians).
fn uncommanded_yaw_deg(yaw: &[f64], wish: &[f64]) -> f64 {
    let turned: f64 = yaw
        .windows(2)
        .zip(wish.windows(2))
        .map(|(y, w)| ((y[1] - y[0]) - (w[1] - w[0])).abs())
        .sum();
    turned.to_degrees()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::angle::wrap_positive;
    use std::f64::consts::{PI, TAU};

    pub(super) const RATE_HZ: f64 = 120.0;
    pub(super) const DT: f64 = 1.0 / RATE_HZ;

    /// A trajectory of `seconds` at 120 Hz; `at(t)` gives the sample at
    /// time t, with angles wrapped into [0, 2pi) as a model would store them.
    pub(super) fn trajectory(seconds: f64, at: impl Fn(f64) -> Sample) -> Trajectory {
        let n = (seconds * RATE_HZ).round() as usize;
        let samples = (0..n)
            .map(|i| {
                let s = at(i as f64 * DT);
                Sample {
                    yaw: wrap_positive(s.yaw),
                    wish_heading: wrap_positive(s.wish_heading),
                    ..s
                }
            })
            .collect();
        Trajectory { dt: DT, samples }
    }

    /// A standing camera at (2, 3) looking along `yaw`, commanding `wish`.
    pub(super) fn look(yaw: f64, wish: f64) -> Sample {
        Sample {
            x: 2.0,
            y: 3.0,
            z: 0.5,
            yaw,
            wish_heading: wish,
        }
    }

    pub(super) fn value(metrics: &[Metric], name: &str) -> f64 {
        metrics
            .iter()
            .find(|m| m.name == name)
            .unwrap_or_else(|| panic!("no metric {name}"))
            .value
    }

    #[test]
    fn names_come_in_the_documented_order() {
        let names: Vec<&str> = compute(&trajectory(1.0, |_| look(0.0, 0.0)), Scale::default())
            .iter()
            .map(|m| m.name)
            .collect();
        let expected = [
            "yaw_rate_rms",
            "yaw_rate_p95",
            "yaw_rate_over_30_share",
            "yaw_rate_over_60_share",
            "yaw_accel_rms",
            "yaw_reversals_per_s",
            "yaw_power_share_0_1_to_0_5_hz",
            "yaw_dominant_hz",
            "msdv_fore_aft",
            "msdv_vertical",
            "speed_mean",
            "speed_max",
            "speed_over_3ms_share",
            "speed_over_10ms_share",
            "sideslip_over_25_share",
            "heading_overshoot_pct",
            "heading_settle_s",
            "uncommanded_yaw_deg",
        ];
        assert_eq!(names, expected);
    }

    #[test]
    fn fewer_than_three_samples_give_all_zeros() {
        for n in 0..MIN_SAMPLES {
            let traj = Trajectory {
                dt: DT,
                samples: vec![look(1.0, 2.0); n],
            };
            let metrics = compute(&traj, Scale::default());
            assert_eq!(metrics.len(), 18);
            assert!(metrics.iter().all(|m| m.value == 0.0), "{n} samples");
        }
    }

    #[test]
    fn a_busy_run_gives_finite_values() {
        let traj = trajectory(7.3, |t| Sample {
            x: 3.0 * (0.7 * t).sin() + t,
            y: (3.1 * t).cos(),
            z: 0.5 + 0.02 * (TAU * 1.7 * t).sin(),
            yaw: 5.0 * t + (2.3 * t).sin(),
            wish_heading: (t * 0.8).floor() * 0.6,
        });
        for m in compute(&traj, Scale::default()) {
            assert!(m.value.is_finite(), "{} = {}", m.name, m.value);
        }
    }

    /// Camera yaw (degrees) after a 90 degree step at t = 0: rises to 100
    /// in half a second, then decays back to 90 with a 0.3 s time constant.
    fn overshooting_camera_deg(t: f64) -> f64 {
        if t < 0.0 {
            0.0
        } else if t < 0.5 {
            200.0 * t
        } else {
            90.0 + 10.0 * (-(t - 0.5) / 0.3).exp()
        }
    }

    #[test]
    fn a_camera_overshooting_a_90_degree_step_to_100() {
        let traj = trajectory(4.0, |t| {
            let wish = if t < 1.0 { 0.0 } else { PI / 2.0 };
            look(overshooting_camera_deg(t - 1.0).to_radians(), wish)
        });
        let metrics = compute(&traj, Scale::default());
        let overshoot = value(&metrics, "heading_overshoot_pct");
        assert!((overshoot - 100.0 / 9.0).abs() < 0.01, "{overshoot}");
        // Within 2 degrees once 10 e^(-(t - 0.5)/0.3) <= 2.
        let settle = value(&metrics, "heading_settle_s");
        let expected = 0.5 + 0.3 * 5f64.ln();
        assert!(settle >= expected && settle <= expected + DT, "{settle}");
        assert!(value(&metrics, "uncommanded_yaw_deg") > 20.0);
    }

    #[test]
    fn a_camera_following_its_command_exactly() {
        let traj = trajectory(4.0, |t| {
            let wish = if t < 1.0 { 0.0 } else { PI / 2.0 };
            look(wish, wish)
        });
        let metrics = compute(&traj, Scale::default());
        assert_eq!(value(&metrics, "heading_overshoot_pct"), 0.0);
        assert_eq!(value(&metrics, "heading_settle_s"), 0.0);
        assert!(value(&metrics, "uncommanded_yaw_deg").abs() < 1e-9);
    }

    #[test]
    fn a_run_without_a_step_reports_no_overshoot() {
        let traj = trajectory(4.0, |t| look(0.3 * t, 1.0));
        let metrics = compute(&traj, Scale::default());
        assert_eq!(value(&metrics, "heading_overshoot_pct"), 0.0);
        assert_eq!(value(&metrics, "heading_settle_s"), 0.0);
    }
}
