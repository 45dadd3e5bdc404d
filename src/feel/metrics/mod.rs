//! Feel metrics from a camera trajectory sampled at a fixed tick.
//!
//! Every metric is computed from the trajectory alone, the same way for
//! every movement model. Rates and speeds are forward differences, one per
//! interval between ticks, each standing for `dt` seconds of the run;
//! accelerations are second differences centred on a tick. The run lasts
//! `(samples - 1) * dt` seconds. A metric that a run cannot define (no
//! heading step to answer, no real peak in a spectrum, a run too short to
//! resolve a band) has no value rather than a number that reads as one.
//!
//! - `yaw`: the camera's turning: view cuts, smooth rates, reversals and
//!   the spectrum.
//! - `command`: how the view follows the player's turn keys and push.
//! - `motion`: the camera's translation: speeds, sideslip, the motion
//!   sickness dose values on each axis, the head bob.
//! - `flow`: the optic flow at the edges of the view.
//! - `list`: the ordered list of metrics, with units and meanings.
//! - `flight`: the flown view's own family, computed apart by
//!   [`compute_flight`] from a [`FlownTrajectory`]: pitch and roll rates,
//!   view cuts in 3D, the translational dose in the view's frame, and the
//!   landing.

mod command;
mod flight;
mod flow;
mod list;
mod motion;
mod yaw;

use self::command::CommandValues;
pub use self::flight::{compute_flight, flight_names, FlownSample, FlownTrajectory, LandingCue};
use self::flow::FlowValues;
pub use self::flow::{INNER_DEG, MAX_DEPTH};
pub use self::list::names;
use self::motion::MotionValues;
use self::yaw::YawValues;
pub use self::yaw::{CUT_DEG_PER_TICK, MIN_BAND_RUN_S};
use super::series;
use super::steps::{step_response, StepResponse};

/// How many metres one tile stands for, by default: a tile is about a
/// two-metre corridor.
pub const DEFAULT_METRES_PER_TILE: f64 = 2.0;
/// Fewer samples than this give no second difference: every metric is
/// then undefined.
pub const MIN_SAMPLES: usize = 3;
/// The field of view a trajectory's depths are taken at when nobody says,
/// degrees: the game's default.
pub const DEFAULT_FOV_DEG: f64 = 90.0;

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
    /// True when the tick that led here had a turn commanded (turn keys or
    /// a look).
    pub turning: bool,
    /// The tick's push: its forward and right axes, -1 to 1.
    pub push: [f64; 2],
    /// Depth, tiles, to the first wall along the rays at the left and right
    /// edges of the visible view and at [`INNER_DEG`] left and right, at
    /// most [`MAX_DEPTH`].
    pub depth: [f64; 4],
    /// How far across the view the field-of-view restrictor leaves it
    /// visible, as a share of the half-width: 1 all of it (the restrictor
    /// off or open). The visible edge lies at `atan(reach * tan(fov / 2))`
    /// either side.
    pub visible_reach: f64,
    /// True when the tick that led here snapped the view (a snap turn with
    /// the camera along the heading): a view cut whatever its angle.
    pub snapped: bool,
}

impl Sample {
    /// Half the visible field of view, radians, in a view `fov_deg` wide.
    pub fn visible_half(&self, fov_deg: f64) -> f64 {
        (self.visible_reach * (fov_deg / 2.0).to_radians().tan()).atan()
    }
}

/// A camera trajectory: one sample per fixed tick.
#[derive(Debug, Clone, PartialEq)]
pub struct Trajectory {
    /// Seconds per sample (> 0).
    pub dt: f64,
    /// The horizontal field of view the edge depths were taken at, degrees.
    pub fov_deg: f64,
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
    /// The value in `unit`, always finite; None when the run does not
    /// define it (see the meaning).
    pub value: Option<f64>,
    /// Unit of `value`, e.g. `deg/s`, `share` (0..1), `%`.
    pub unit: &'static str,
    /// One line saying what the number means.
    pub meaning: &'static str,
}

/// Computes every feel metric of `traj`, always the same list in the same
/// order ([`names`](list::names)), lengths turned into metres by `scale`.
///
/// With fewer than [`MIN_SAMPLES`] samples every value is None. Inputs must
/// be finite, `dt > 0` and the scale positive (asserted in debug builds; a
/// release build gives every value None instead), so no value is NaN.
pub fn compute(traj: &Trajectory, scale: Scale) -> Vec<Metric> {
    let valid = is_valid(traj, scale);
    debug_assert!(valid, "feel metrics need finite samples, dt > 0, scale > 0");
    let values = (valid && traj.samples.len() >= MIN_SAMPLES).then(|| Values::measure(traj, scale));
    list::metrics(values.as_ref())
}

/// True when every input is finite and `dt` and the scale are positive.
fn is_valid(traj: &Trajectory, scale: Scale) -> bool {
    let positive = |v: f64| v.is_finite() && v > 0.0;
    let finite = |s: &Sample| {
        [
            s.x,
            s.y,
            s.z,
            s.yaw,
            s.wish_heading,
            s.push[0],
            s.push[1],
            s.visible_reach,
        ]
        .iter()
        .chain(&s.depth)
        .all(|v| v.is_finite())
    };
    positive(traj.dt)
        && positive(scale.metres_per_tile)
        && positive(traj.fov_deg)
        && traj.samples.iter().all(finite)
}

/// Every metric's value, grouped as they are computed.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Values {
    yaw: YawValues,
    command: CommandValues,
    /// None when the run has no heading step.
    steps: Option<StepResponse>,
    motion: MotionValues,
    flow: FlowValues,
}

impl Values {
    /// Measures a valid trajectory of at least [`MIN_SAMPLES`] samples.
    fn measure(traj: &Trajectory, scale: Scale) -> Self {
        let yaw = series::unwrap(traj.samples.iter().map(|s| s.yaw));
        let wish = series::unwrap(traj.samples.iter().map(|s| s.wish_heading));
        // A step's snap is the snap of the sample it leads to.
        let snapped: Vec<bool> = traj.samples.iter().skip(1).map(|s| s.snapped).collect();
        Self {
            yaw: YawValues::measure(&yaw, &snapped, traj.dt),
            command: CommandValues::measure(&traj.samples, &yaw, &wish),
            steps: step_response(&yaw, &wish, traj.dt),
            motion: MotionValues::measure(traj, &yaw, scale),
            flow: FlowValues::measure(traj, &yaw),
        }
    }
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
        Trajectory {
            dt: DT,
            fov_deg: DEFAULT_FOV_DEG,
            samples,
        }
    }

    /// A standing camera at (2, 3) looking along `yaw`, commanding `wish`,
    /// no key held, on the open plane.
    pub(super) fn look(yaw: f64, wish: f64) -> Sample {
        Sample {
            x: 2.0,
            y: 3.0,
            z: 0.5,
            yaw,
            wish_heading: wish,
            turning: false,
            push: [0.0, 0.0],
            depth: [MAX_DEPTH; 4],
            visible_reach: 1.0,
            snapped: false,
        }
    }

    /// The value of metric `name`, which may be undefined.
    pub(super) fn maybe(metrics: &[Metric], name: &str) -> Option<f64> {
        metrics
            .iter()
            .find(|m| m.name == name)
            .unwrap_or_else(|| panic!("no metric {name}"))
            .value
    }

    /// The value of metric `name`, which must be defined.
    pub(super) fn value(metrics: &[Metric], name: &str) -> f64 {
        maybe(metrics, name).unwrap_or_else(|| panic!("{name} is undefined"))
    }

    #[test]
    fn names_come_in_the_documented_order() {
        let names: Vec<&str> = compute(&trajectory(1.0, |_| look(0.0, 0.0)), Scale::default())
            .iter()
            .map(|m| m.name)
            .collect();
        let expected = [
            "view_cuts",
            "yaw_rate_rms",
            "yaw_rate_p95",
            "yaw_rate_over_30_share",
            "yaw_rate_over_60_share",
            "yaw_accel_rms",
            "yaw_jerk_rms",
            "yaw_reversals_per_s",
            "yaw_power_share_0_1_to_0_5_hz",
            "yaw_dominant_hz",
            "yaw_lag_deg",
            "uncommanded_yaw_deg",
            "heading_overshoot_pct",
            "heading_undershoot_deg",
            "heading_settle_s",
            "heading_settle_censored",
            "msdv_fore_aft",
            "msdv_lateral",
            "msdv_vertical",
            "msdv_total",
            "head_bob_accel_rms",
            "head_bob_hz",
            "speed_mean",
            "speed_max",
            "speed_over_3ms_share",
            "speed_over_10ms_share",
            "sideslip_over_25_share",
            "edge_flow_deg_s_mean",
            "edge_flow_deg_s_p95",
            "flow30_deg_s_mean",
            "flow30_deg_s_p95",
            "visible_fov_mean_deg",
            "visible_fov_min_deg",
        ];
        assert_eq!(names, expected);
        assert!(names.iter().copied().eq(super::names()));
    }

    #[test]
    fn fewer_than_three_samples_define_nothing() {
        for n in 0..MIN_SAMPLES {
            let traj = Trajectory {
                dt: DT,
                fov_deg: DEFAULT_FOV_DEG,
                samples: vec![look(1.0, 2.0); n],
            };
            let metrics = compute(&traj, Scale::default());
            assert_eq!(metrics.len(), 33);
            assert!(metrics.iter().all(|m| m.value.is_none()), "{n} samples");
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
            turning: (t * 3.0).floor() % 2.0 == 0.0,
            push: [1.0, (t * 2.0).floor() % 3.0 - 1.0],
            depth: [1.5 + t.sin(), 2.0, 0.7, 30.0],
            visible_reach: 0.6 + 0.4 * (1.3 * t).cos().abs(),
            snapped: (t * 10.0).floor() % 7.0 == 0.0,
        });
        for m in compute(&traj, Scale::default()) {
            assert!(
                m.value.is_none_or(f64::is_finite),
                "{} = {:?}",
                m.name,
                m.value
            );
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
            Sample {
                // The tick of the jump is the commanded turn.
                turning: (1.0..1.0 + DT / 2.0).contains(&t),
                ..look(wish, wish)
            }
        });
        let metrics = compute(&traj, Scale::default());
        assert!(value(&metrics, "yaw_lag_deg").abs() < 1e-9);
        assert_eq!(value(&metrics, "heading_overshoot_pct"), 0.0);
        assert_eq!(value(&metrics, "heading_settle_s"), 0.0);
        assert!(value(&metrics, "uncommanded_yaw_deg").abs() < 1e-9);
    }

    #[test]
    fn a_run_without_a_step_reports_no_overshoot() {
        let traj = trajectory(4.0, |t| look(0.3 * t, 1.0));
        let metrics = compute(&traj, Scale::default());
        for name in [
            "heading_overshoot_pct",
            "heading_undershoot_deg",
            "heading_settle_s",
            "heading_settle_censored",
        ] {
            assert_eq!(maybe(&metrics, name), None, "{name}: no step to answer");
        }
    }
}
