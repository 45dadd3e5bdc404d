//! Metrics of the camera's translation: its horizontal speed, how far it
//! looks away from where it goes, the pseudo motion sickness dose values
//! of its accelerations along each axis of the view, and the eye's bob.

use super::{Scale, Trajectory};
use crate::angle::wrap_signed;
use crate::feel::series::{max_or_zero, mean, ratio_or_zero, rms, share};
use crate::feel::spectrum::Spectrum;
use crate::feel::wf::msdv;

/// Navigation speed where nausea starts rising, m/s (So, Lo & Ho 2001).
const SPEED_MODERATE_M_S: f64 = 3.0;
/// Navigation speed where nausea levels off at its high, m/s.
const SPEED_FAST_M_S: f64 = 10.0;
/// Slower than this the camera counts as standing for sideslip, m/s.
const SIDESLIP_MIN_SPEED_M_S: f64 = 0.1;
/// Sideslip beyond this counts as looking away from the motion, degrees.
const SIDESLIP_LIMIT_DEG: f64 = 25.0;
/// Highest frequency searched for the bob, Hz (a walking bob is 1-3 Hz).
const BOB_MAX_HZ: f64 = 10.0;
/// An eye height varying less than this (RMS, metres) does not bob.
const BOB_NOISE_M: f64 = 1e-9;

/// Metrics of the camera's translation.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct MotionValues {
    pub(super) msdv_fore_aft: f64,
    pub(super) msdv_lateral: f64,
    pub(super) msdv_vertical: f64,
    pub(super) msdv_total: f64,
    pub(super) bob_accel_rms: f64,
    /// None when the eye height has no real oscillation.
    pub(super) bob_hz: Option<f64>,
    pub(super) speed_mean: f64,
    pub(super) speed_max: f64,
    pub(super) speed_over_3_share: f64,
    pub(super) speed_over_10_share: f64,
    pub(super) sideslip_over_25_share: f64,
}

impl MotionValues {
    /// Translation metrics; `yaw` is the unwrapped camera yaw in radians.
    pub(super) fn measure(traj: &Trajectory, yaw: &[f64], scale: Scale) -> Self {
        let velocities = velocities(traj, scale);
        let speeds: Vec<f64> = velocities.iter().map(|v| v.0.hypot(v.1)).collect();
        let a = accelerations(traj, scale);
        let (fore_aft, lateral, vertical) = (
            msdv(&a.fore_aft, traj.dt),
            msdv(&a.lateral, traj.dt),
            msdv(&a.vertical, traj.dt),
        );
        let eye: Vec<f64> = traj
            .samples
            .iter()
            .map(|s| s.z * scale.metres_per_tile)
            .collect();
        Self {
            msdv_fore_aft: fore_aft,
            msdv_lateral: lateral,
            msdv_vertical: vertical,
            msdv_total: (fore_aft.powi(2) + lateral.powi(2) + vertical.powi(2)).sqrt(),
            bob_accel_rms: rms(&a.vertical),
            bob_hz: Spectrum::of(&eye, traj.dt, BOB_MAX_HZ, BOB_NOISE_M).peak_hz(),
            speed_mean: mean(&speeds),
            speed_max: max_or_zero(&speeds),
            speed_over_3_share: share(&speeds, |v| v > SPEED_MODERATE_M_S),
            speed_over_10_share: share(&speeds, |v| v > SPEED_FAST_M_S),
            sideslip_over_25_share: sideslip_share(&velocities, yaw),
        }
    }
}

/// The camera's accelerations at each inner tick, m/s², in the view's
/// frame: along the view, to its right, and up.
struct Accelerations {
    fore_aft: Vec<f64>,
    lateral: Vec<f64>,
    vertical: Vec<f64>,
}

/// Horizontal velocity over each interval, (east, south) in m/s.
fn velocities(traj: &Trajectory, scale: Scale) -> Vec<(f64, f64)> {
    let per_tile = scale.metres_per_tile / traj.dt;
    traj.samples
        .windows(2)
        .map(|w| ((w[1].x - w[0].x) * per_tile, (w[1].y - w[0].y) * per_tile))
        .collect()
}

/// The accelerations at each inner tick by second differences, turned
/// into the view's frame by the yaw at that tick (y grows south, so the
/// view's right is (-sin, cos) of the yaw).
fn accelerations(traj: &Trajectory, scale: Scale) -> Accelerations {
    let per_tile = scale.metres_per_tile / (traj.dt * traj.dt);
    let second = |a: f64, b: f64, c: f64| (c - 2.0 * b + a) * per_tile;
    let mut out = Accelerations {
        fore_aft: Vec::new(),
        lateral: Vec::new(),
        vertical: Vec::new(),
    };
    for w in traj.samples.windows(3) {
        let ax = second(w[0].x, w[1].x, w[2].x);
        let ay = second(w[0].y, w[1].y, w[2].y);
        let (sin, cos) = w[1].yaw.sin_cos();
        out.fore_aft.push(ax * cos + ay * sin);
        out.lateral.push(-ax * sin + ay * cos);
        out.vertical.push(second(w[0].z, w[1].z, w[2].z));
    }
    out
}

/// Share of the moving intervals where the view direction (yaw at the
/// interval's midpoint) is more than 25 degrees off the velocity; 0 if the
/// camera never moves.
fn sideslip_share(velocities: &[(f64, f64)], yaw: &[f64]) -> f64 {
    let limit = SIDESLIP_LIMIT_DEG.to_radians();
    let (mut moving, mut slipping) = (0usize, 0usize);
    for (i, &(vx, vy)) in velocities.iter().enumerate() {
        if vx.hypot(vy) <= SIDESLIP_MIN_SPEED_M_S {
            continue;
        }
        let view = (yaw[i] + yaw[i + 1]) / 2.0;
        moving += 1;
        if wrap_signed(vy.atan2(vx) - view).abs() > limit {
            slipping += 1;
        }
    }
    ratio_or_zero(slipping as f64, moving as f64)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{look, maybe, trajectory, value};
    use crate::feel::metrics::{compute, Sample, Scale, DEFAULT_METRES_PER_TILE};
    use std::f64::consts::{PI, TAU};

    #[test]
    fn straight_motion_at_constant_speed() {
        let tiles_per_s = 2.0;
        let traj = trajectory(10.0, |t| Sample {
            x: 1.0 + tiles_per_s * t,
            ..look(0.0, 0.0)
        });
        let metrics = compute(&traj, Scale::default());
        let speed = tiles_per_s * DEFAULT_METRES_PER_TILE;
        assert!((value(&metrics, "speed_mean") - speed).abs() < 1e-9);
        assert!((value(&metrics, "speed_max") - speed).abs() < 1e-9);
        assert_eq!(value(&metrics, "speed_over_3ms_share"), 1.0);
        assert_eq!(value(&metrics, "speed_over_10ms_share"), 0.0);
        assert_eq!(value(&metrics, "sideslip_over_25_share"), 0.0);
        assert!(value(&metrics, "msdv_fore_aft") < 1e-6);
        assert!(value(&metrics, "msdv_vertical") < 1e-6);
    }

    #[test]
    fn the_scale_converts_tiles_to_metres() {
        let traj = trajectory(2.0, |t| Sample {
            y: 2.0 * t,
            ..look(PI / 2.0, 0.0)
        });
        let scale = Scale {
            metres_per_tile: 3.0,
        };
        assert!((value(&compute(&traj, scale), "speed_mean") - 6.0).abs() < 1e-9);
    }

    #[test]
    fn moving_sideways_while_looking_ahead_is_all_sideslip() {
        let traj = trajectory(5.0, |t| Sample {
            y: 3.0 + 1.5 * t,
            ..look(0.0, 0.0)
        });
        let metrics = compute(&traj, Scale::default());
        assert_eq!(value(&metrics, "sideslip_over_25_share"), 1.0);
    }

    #[test]
    fn standing_still_has_no_sideslip_share() {
        let traj = trajectory(5.0, |_| look(1.0, 1.0));
        let metrics = compute(&traj, Scale::default());
        assert_eq!(value(&metrics, "sideslip_over_25_share"), 0.0);
        assert_eq!(value(&metrics, "speed_mean"), 0.0);
    }
    /// MSDV values (fore-aft, vertical) of a 60 s run whose camera, looking
    /// east, accelerates along `axis` as `amplitude * cos(2 pi hz t)` m/s².
    fn sine_acceleration_msdv(hz: f64, amplitude: f64, vertical: bool) -> (f64, f64) {
        let w = TAU * hz;
        let tiles = amplitude / (w * w) / DEFAULT_METRES_PER_TILE;
        let traj = trajectory(60.0, |t| {
            let offset = -tiles * (w * t).cos();
            let mut s = look(0.0, 0.0);
            if vertical {
                s.z += offset;
            } else {
                s.x += offset;
            }
            s
        });
        let metrics = compute(&traj, Scale::default());
        (
            value(&metrics, "msdv_fore_aft"),
            value(&metrics, "msdv_vertical"),
        )
    }

    #[test]
    fn fore_aft_msdv_is_larger_at_0_2_hz_than_at_4_hz() {
        let (slow, slow_vertical) = sine_acceleration_msdv(0.2, 1.0, false);
        let (fast, _) = sine_acceleration_msdv(4.0, 1.0, false);
        assert!(slow > 20.0 * fast, "{slow} vs {fast}");
        assert!(slow_vertical < 1e-9);
        // Wf is about 1 at 0.2 Hz: MSDV ~ (1 / sqrt 2) m/s² × sqrt(60 s).
        let expected = (0.5f64 * 60.0).sqrt();
        assert!((slow / expected - 1.0).abs() < 0.1, "{slow} vs {expected}");
    }

    #[test]
    fn vertical_msdv_comes_from_eye_height() {
        let (fore_aft, vertical) = sine_acceleration_msdv(0.2, 1.0, true);
        assert!(fore_aft < 1e-9);
        assert!(vertical > 4.0);
    }

    #[test]
    fn a_sideways_sway_has_its_analytic_lateral_dose() {
        // Looking east, swaying north-south with acceleration
        // A cos(2 pi f t): the weighted RMS is |Wf(f)| A / sqrt 2, and the
        // dose that times sqrt(T).
        let (hz, amplitude, seconds) = (0.25, 0.8, 60.0);
        let w = TAU * hz;
        let tiles = amplitude / (w * w) / DEFAULT_METRES_PER_TILE;
        let traj = trajectory(seconds, |t| Sample {
            y: 3.0 - tiles * (w * t).cos(),
            ..look(0.0, 0.0)
        });
        let metrics = compute(&traj, Scale::default());
        let gain = crate::feel::wf::WfFilter::new(traj.dt)
            .unwrap()
            .magnitude(hz);
        let expected = gain * amplitude / 2f64.sqrt() * seconds.sqrt();
        let lateral = value(&metrics, "msdv_lateral");
        assert!(
            (lateral / expected - 1.0).abs() < 0.02,
            "{lateral} vs {expected}"
        );
        assert!(value(&metrics, "msdv_fore_aft") < 1e-6 * lateral);
        let total = value(&metrics, "msdv_total");
        assert!((total / lateral - 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_bobbing_eye_has_its_acceleration_and_frequency() {
        // Eye height 0.5 + 0.01 sin(2 pi 2 t) tiles: acceleration amplitude
        // 0.01 (4 pi)^2 tiles/s^2, RMS that over sqrt 2.
        let traj = trajectory(20.0, |t| Sample {
            z: 0.5 + 0.01 * (TAU * 2.0 * t).sin(),
            ..look(0.0, 0.0)
        });
        let metrics = compute(&traj, Scale::default());
        let expected = 0.01 * (TAU * 2.0).powi(2) / 2f64.sqrt() * DEFAULT_METRES_PER_TILE;
        let rms = value(&metrics, "head_bob_accel_rms");
        assert!((rms / expected - 1.0).abs() < 0.01, "{rms} vs {expected}");
        assert!((value(&metrics, "head_bob_hz") - 2.0).abs() < 1e-9);
        // A steady eye has no bob frequency.
        let still = compute(&trajectory(20.0, |_| look(0.0, 0.0)), Scale::default());
        assert_eq!(maybe(&still, "head_bob_hz"), None);
        assert_eq!(value(&still, "head_bob_accel_rms"), 0.0);
    }
}
