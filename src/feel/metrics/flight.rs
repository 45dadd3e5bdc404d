//! Metrics of the flown view: the view as the renderer is given it in
//! flight (its yaw, its pitch, which `level_horizon` holds at zero, and
//! its roll), the eye's motion in three dimensions, and the flier's
//! altitude, from which the landing figures come.
//!
//! - **View cuts** in 3D: a tick in which the line of sight (yaw and
//!   pitch together) turns more than [`CUT_DEG_PER_TICK`], or the roll
//!   changes by more than it. Like the yaw's cuts they are counted apart
//!   and left out of the rates.
//! - **Pitch and roll rates**: forward differences of the view's pitch
//!   and roll, in degrees per second, over the ticks with no cut: RMS,
//!   95th percentile and largest of the absolute rate.
//! - **Translational dose in 3D**: the eye's acceleration (second
//!   differences of its position, the height included) turned into the
//!   view's own frame, along the line of sight, to its right and up the
//!   picture, each through Wf into a motion sickness dose value, and their
//!   root sum of squares. With a level view (no pitch, no roll) the frame
//!   is the walking metrics' and the values are `msdv_fore_aft`,
//!   `msdv_lateral`, `msdv_vertical` and `msdv_total`.
//! - **Landing**: the touchdown is the first tick after the landing cue
//!   (or the start) at which the feet come down to the floor from above
//!   it; its speed is the feet's descent over the tick before it. The
//!   time to land runs from the cue to the first tick after it at which
//!   the flight is over (the flier walks again).

use super::yaw::CUT_DEG_PER_TICK;
use super::{Metric, Scale};
use crate::feel::series::{max_or_zero, quantile_or_zero, rms, share};
use crate::feel::wf::msdv;
use crate::sim::Pose;

/// The quantile reported as the pitch and roll rates' near-peak (0..1).
const RATE_QUANTILE: f64 = 0.95;
/// Rotation faster than this raised nausea in pitch and roll as in yaw
/// (Lo & So 2001), deg/s.
const RATE_MODERATE_DEG_S: f64 = 30.0;

/// One tick of the flown view.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct FlownSample {
    /// The eye and the view as the renderer is given them: its pitch 0
    /// with `level_horizon` on.
    pub view: Pose,
    /// The feet's altitude above the floor, tiles (0 walking).
    pub altitude: f64,
    /// True while the jetpack flies (from take-off until the flight ends).
    pub flying: bool,
}

/// The flown view, one sample per fixed tick.
#[derive(Debug, Clone, PartialEq)]
pub struct FlownTrajectory {
    /// Seconds per sample (> 0).
    pub dt: f64,
    /// The samples in tick order; the first is the state before any tick.
    pub samples: Vec<FlownSample>,
}

/// When the pilot is told to land, seconds from the start of the run.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LandingCue {
    /// The cue's time, seconds; None: no landing asked for, so no time to
    /// land (the first touchdown still has its speed).
    pub at_s: Option<f64>,
}

/// The flight metrics' values.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct FlightValues {
    cuts: usize,
    pitch: Rates,
    roll: Rates,
    /// Dose along the line of sight, to the right, up the picture.
    dose: [f64; 3],
    altitude_max_m: f64,
    airborne_s: f64,
    flying_s: f64,
    /// None without a cue, or without a landing after it.
    time_to_land_s: Option<f64>,
    /// Metres and tiles per second; None without a touchdown.
    touchdown: Option<(f64, f64)>,
}

/// RMS, near-peak and largest absolute rate, deg/s, and the share of the
/// smooth ticks over [`RATE_MODERATE_DEG_S`].
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Rates {
    rms: f64,
    p95: f64,
    max: f64,
    over_30_share: f64,
}

impl Rates {
    /// The rates of `angles` (radians, one per tick) over the intervals
    /// not marked in `cut`.
    fn of(angles: &[f64], cut: &[bool], dt: f64) -> Self {
        let smooth: Vec<f64> = angles
            .windows(2)
            .zip(cut)
            .filter(|(_, &c)| !c)
            .map(|(w, _)| ((w[1] - w[0]) / dt).to_degrees())
            .collect();
        let magnitude: Vec<f64> = smooth.iter().map(|r| r.abs()).collect();
        Self {
            rms: rms(&smooth),
            p95: quantile_or_zero(&magnitude, RATE_QUANTILE),
            max: max_or_zero(&magnitude),
            over_30_share: share(&magnitude, |r| r > RATE_MODERATE_DEG_S),
        }
    }
}

/// One entry of the list: name, unit, meaning, value.
type Entry = (
    &'static str,
    &'static str,
    &'static str,
    fn(&FlightValues) -> Option<f64>,
);

/// Every flight metric, in report order.
const LIST: [Entry; 19] = [
    (
        "view_cuts_3d",
        "count",
        "Ticks where the line of sight (yaw and pitch) turns, or the view rolls, over 15 deg at once",
        |v| Some(v.cuts as f64),
    ),
    (
        "pitch_rate_rms",
        "deg/s",
        "RMS of the view's pitch rate, view cuts left out",
        |v| Some(v.pitch.rms),
    ),
    (
        "pitch_rate_p95",
        "deg/s",
        "95th percentile of the view's absolute pitch rate, view cuts left out",
        |v| Some(v.pitch.p95),
    ),
    (
        "pitch_rate_max",
        "deg/s",
        "Largest absolute pitch rate of the view, view cuts left out",
        |v| Some(v.pitch.max),
    ),
    (
        "pitch_rate_over_30_share",
        "share",
        "Share of smooth time the view pitches faster than 30 deg/s",
        |v| Some(v.pitch.over_30_share),
    ),
    (
        "roll_rate_rms",
        "deg/s",
        "RMS of the view's roll rate, view cuts left out",
        |v| Some(v.roll.rms),
    ),
    (
        "roll_rate_p95",
        "deg/s",
        "95th percentile of the view's absolute roll rate, view cuts left out",
        |v| Some(v.roll.p95),
    ),
    (
        "roll_rate_max",
        "deg/s",
        "Largest absolute roll rate of the view, view cuts left out",
        |v| Some(v.roll.max),
    ),
    (
        "roll_rate_over_30_share",
        "share",
        "Share of smooth time the view rolls faster than 30 deg/s",
        |v| Some(v.roll.over_30_share),
    ),
    (
        "msdv_3d_sight",
        "m/s^1.5",
        "Pseudo motion sickness dose (Wf) of the eye's acceleration along the line of sight",
        |v| Some(v.dose[0]),
    ),
    (
        "msdv_3d_lateral",
        "m/s^1.5",
        "Pseudo motion sickness dose (Wf) of the eye's acceleration to the view's right",
        |v| Some(v.dose[1]),
    ),
    (
        "msdv_3d_up",
        "m/s^1.5",
        "Pseudo motion sickness dose (Wf) of the eye's acceleration up the picture",
        |v| Some(v.dose[2]),
    ),
    (
        "msdv_3d",
        "m/s^1.5",
        "Root sum of squares of the three: the translational dose in 3D, in the view's frame",
        |v| Some(v.dose.iter().map(|d| d * d).sum::<f64>().sqrt()),
    ),
    (
        "altitude_max_m",
        "m",
        "Highest altitude of the feet above the floor",
        |v| Some(v.altitude_max_m),
    ),
    (
        "airborne_s",
        "s",
        "Time with the feet above the floor",
        |v| Some(v.airborne_s),
    ),
    (
        "flying_s",
        "s",
        "Time with the jetpack flying, from take-off to the end of the flight",
        |v| Some(v.flying_s),
    ),
    (
        "time_to_land_s",
        "s",
        "From the landing cue to the end of the flight (none without a cue, or a landing after it)",
        |v| v.time_to_land_s,
    ),
    (
        "touchdown_speed_m_s",
        "m/s",
        "The feet's descent over the tick before the first touchdown after the cue (or the start)",
        |v| v.touchdown.map(|t| t.0),
    ),
    (
        "touchdown_speed_tiles_s",
        "tiles/s",
        "The same in tiles per second, to hold against the landing speed (1.2 by default)",
        |v| v.touchdown.map(|t| t.1),
    ),
];

/// The flight metrics' names, in order.
pub fn flight_names() -> impl Iterator<Item = &'static str> {
    LIST.iter().map(|e| e.0)
}

/// Computes every flight metric of `traj`, always the same list in the
/// same order, lengths in metres by `scale`, the time to land from `cue`.
///
/// With fewer than [`MIN_SAMPLES`](super::MIN_SAMPLES) samples, or inputs
/// that are not finite, `dt` or the scale not positive (asserted in debug
/// builds), every value is None.
pub fn compute_flight(traj: &FlownTrajectory, scale: Scale, cue: LandingCue) -> Vec<Metric> {
    let valid = is_valid(traj, scale, cue);
    debug_assert!(
        valid,
        "flight metrics need finite samples, dt > 0, scale > 0"
    );
    let values = (valid && traj.samples.len() >= super::MIN_SAMPLES)
        .then(|| FlightValues::measure(traj, scale, cue));
    LIST.iter()
        .map(|&(name, unit, meaning, value)| Metric {
            name,
            value: values.as_ref().and_then(value),
            unit,
            meaning,
        })
        .collect()
}

/// True when every input is finite and `dt` and the scale are positive.
fn is_valid(traj: &FlownTrajectory, scale: Scale, cue: LandingCue) -> bool {
    let positive = |v: f64| v.is_finite() && v > 0.0;
    let finite = |s: &FlownSample| {
        [
            s.view.x,
            s.view.y,
            s.view.z,
            s.view.yaw,
            s.view.pitch,
            s.view.roll,
            s.altitude,
        ]
        .iter()
        .all(|v| v.is_finite())
    };
    positive(traj.dt)
        && positive(scale.metres_per_tile)
        && cue.at_s.is_none_or(f64::is_finite)
        && traj.samples.iter().all(finite)
}

impl FlightValues {
    /// Measures a valid trajectory of at least three samples.
    fn measure(traj: &FlownTrajectory, scale: Scale, cue: LandingCue) -> Self {
        let s = &traj.samples;
        let dt = traj.dt;
        let cut: Vec<bool> = s.windows(2).map(|w| is_cut(&w[0], &w[1])).collect();
        let pitch: Vec<f64> = s.iter().map(|p| p.view.pitch).collect();
        let roll: Vec<f64> = s.iter().map(|p| p.view.roll).collect();
        let dose = view_frame_accelerations(traj, scale).map(|a| msdv(&a, dt));
        let after_tick =
            |keep: fn(&FlownSample) -> bool| s[1..].iter().filter(|p| keep(p)).count() as f64 * dt;
        let first = cue.at_s.map_or(0, |at| first_tick_at(at, dt));
        let touchdown = touchdown_descent(s, first).map(|tiles_per_tick| {
            let tiles_s = tiles_per_tick / dt;
            (tiles_s * scale.metres_per_tile, tiles_s)
        });
        let time_to_land_s = cue.at_s.and_then(|at| {
            let landed = (first.max(1)..s.len()).find(|&i| s[i - 1].flying && !s[i].flying)?;
            Some(landed as f64 * dt - at)
        });
        Self {
            cuts: cut.iter().filter(|&&c| c).count(),
            pitch: Rates::of(&pitch, &cut, dt),
            roll: Rates::of(&roll, &cut, dt),
            dose,
            altitude_max_m: max_or_zero(&s.iter().map(|p| p.altitude).collect::<Vec<_>>())
                * scale.metres_per_tile,
            airborne_s: after_tick(|p| p.altitude > 0.0),
            flying_s: after_tick(|p| p.flying),
            time_to_land_s,
            touchdown,
        }
    }
}

/// The index of the first sample at or after `at_s` seconds (sample `i`
/// is at `i * dt`), never before 0.
fn first_tick_at(at_s: f64, dt: f64) -> usize {
    // A cue on a tick's time, computed with rounding, is that tick.
    (at_s / dt - 1e-9).ceil().max(0.0) as usize
}

/// The feet's descent in tiles over the tick before the first touchdown
/// at or after sample `first`: a touchdown is a sample at altitude 0 whose
/// previous sample was above the floor. None without one.
fn touchdown_descent(s: &[FlownSample], first: usize) -> Option<f64> {
    let i = (first.max(1)..s.len()).find(|&i| s[i - 1].altitude > 0.0 && s[i].altitude == 0.0)?;
    // The tick before contact, or the contact tick itself at the very start.
    let before = i.saturating_sub(2);
    Some(s[before].altitude - s[before + 1].altitude)
}

/// The line of sight of a view looking along `yaw` and `pitch` down, a
/// unit vector (x east, y south, z up).
fn sight(yaw: f64, pitch: f64) -> [f64; 3] {
    let (sy, cy) = yaw.sin_cos();
    let (sp, cp) = pitch.sin_cos();
    [cp * cy, cp * sy, -sp]
}

/// True if the view jumps from `a` to `b` in one tick: the line of sight
/// turns, or the roll changes, by more than [`CUT_DEG_PER_TICK`].
fn is_cut(a: &FlownSample, b: &FlownSample) -> bool {
    let (u, v) = (
        sight(a.view.yaw, a.view.pitch),
        sight(b.view.yaw, b.view.pitch),
    );
    let dot: f64 = u.iter().zip(&v).map(|(p, q)| p * q).sum();
    let cross = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let turn = cross.iter().map(|c| c * c).sum::<f64>().sqrt().atan2(dot);
    let limit = CUT_DEG_PER_TICK.to_radians();
    turn > limit || (b.view.roll - a.view.roll).abs() > limit
}

/// The eye's acceleration at each inner tick, m/s², by second differences
/// of its position, in the view's frame at that tick: along the line of
/// sight, to the right and up the picture. With no pitch and no roll these
/// are the walking metrics' fore-aft, lateral and vertical accelerations.
fn view_frame_accelerations(traj: &FlownTrajectory, scale: Scale) -> [Vec<f64>; 3] {
    let per_tile = scale.metres_per_tile / (traj.dt * traj.dt);
    let second = |a: f64, b: f64, c: f64| (c - 2.0 * b + a) * per_tile;
    let mut out: [Vec<f64>; 3] = Default::default();
    for w in traj.samples.windows(3) {
        let ax = second(w[0].view.x, w[1].view.x, w[2].view.x);
        let ay = second(w[0].view.y, w[1].view.y, w[2].view.y);
        let az = second(w[0].view.z, w[1].view.z, w[2].view.z);
        let (sy, cy) = w[1].view.yaw.sin_cos();
        let (sp, cp) = w[1].view.pitch.sin_cos();
        let (sr, cr) = w[1].view.roll.sin_cos();
        // Level: along the view and up; then tilted down by the pitch and
        // turned about the line of sight by the roll (rolled right, the
        // view's right dips and its up leans right).
        let along = ax * cy + ay * sy;
        let right = -ax * sy + ay * cy;
        let up = sp * along + cp * az;
        out[0].push(cp * along - sp * az);
        out[1].push(right * cr - up * sr);
        out[2].push(up * cr + right * sr);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feel::metrics::tests::{look, trajectory as walked};
    use crate::feel::metrics::{compute, Trajectory};
    use std::f64::consts::PI;

    const DT: f64 = 1.0 / 120.0;

    /// A flown trajectory of `seconds` at 120 Hz; `at(t)` gives the sample.
    fn flown(seconds: f64, at: impl Fn(f64) -> FlownSample) -> FlownTrajectory {
        let n = (seconds * 120.0).round() as usize;
        FlownTrajectory {
            dt: DT,
            samples: (0..n).map(|i| at(i as f64 * DT)).collect(),
        }
    }

    /// Hovering still at (2, 3) at 1 tile, looking east and level.
    fn hovering() -> FlownSample {
        FlownSample {
            view: Pose {
                x: 2.0,
                y: 3.0,
                z: 1.5,
                ..Pose::default()
            },
            altitude: 1.0,
            flying: true,
        }
    }

    fn value(metrics: &[Metric], name: &str) -> Option<f64> {
        metrics.iter().find(|m| m.name == name).unwrap().value
    }

    fn near(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn a_steady_pitch_ramp_has_its_rate_and_no_cut() {
        // 30 deg/s down for 1 s, then held.
        let traj = flown(3.0, |t| FlownSample {
            view: Pose {
                pitch: (30.0 * t.min(1.0)).to_radians(),
                ..hovering().view
            },
            ..hovering()
        });
        let m = compute_flight(&traj, Scale::default(), LandingCue::default());
        // 120 of the 359 intervals at 30 deg/s: RMS 30 sqrt(120/359).
        let rms = value(&m, "pitch_rate_rms").unwrap();
        assert!(near(rms, 30.0 * (120.0f64 / 359.0).sqrt(), 1e-9), "{rms}");
        assert!(near(value(&m, "pitch_rate_max").unwrap(), 30.0, 1e-9));
        // The 95th percentile of 239 zeros and 120 thirties is 30; not one
        // is over 30 (rounding aside: 30 deg/s is the ramp's rate).
        assert!(near(value(&m, "pitch_rate_p95").unwrap(), 30.0, 1e-9));
        let faster = compute_flight(
            &flown(3.0, |t| FlownSample {
                view: Pose {
                    pitch: (45.0 * t.min(1.0)).to_radians(),
                    ..hovering().view
                },
                ..hovering()
            }),
            Scale::default(),
            LandingCue::default(),
        );
        let over = value(&faster, "pitch_rate_over_30_share").unwrap();
        assert!(near(over, 120.0 / 359.0, 1e-12), "{over}");
        assert_eq!(value(&faster, "roll_rate_over_30_share"), Some(0.0));
        assert_eq!(value(&m, "roll_rate_max"), Some(0.0));
        assert_eq!(value(&m, "view_cuts_3d"), Some(0.0));
        assert_eq!(value(&m, "time_to_land_s"), None, "no cue");
        assert_eq!(value(&m, "touchdown_speed_m_s"), None, "no touchdown");
    }

    #[test]
    fn a_pitch_jump_is_a_cut_left_out_of_the_rates() {
        // Level, then 40 degrees down at once (a flip of the horizon), with
        // a slow roll of 6 deg/s throughout.
        let traj = flown(2.0, |t| FlownSample {
            view: Pose {
                pitch: if t < 1.0 { 0.0 } else { 40f64.to_radians() },
                roll: (6.0 * t).to_radians(),
                ..hovering().view
            },
            ..hovering()
        });
        let m = compute_flight(&traj, Scale::default(), LandingCue::default());
        assert_eq!(value(&m, "view_cuts_3d"), Some(1.0));
        assert_eq!(value(&m, "pitch_rate_max"), Some(0.0), "the cut left out");
        let roll = value(&m, "roll_rate_rms").unwrap();
        assert!(near(roll, 6.0, 1e-9), "{roll}");
    }

    #[test]
    fn a_turn_looking_down_is_cut_by_its_line_of_sight() {
        // Looking 80 degrees down, a yaw step of 30 degrees moves the line
        // of sight by 2 asin(cos 80 sin 15) = 5.2 degrees: no cut. Level,
        // the same step is a cut.
        let step = |pitch_deg: f64| {
            flown(1.0, move |t| FlownSample {
                view: Pose {
                    yaw: if t < 0.5 { 0.0 } else { PI / 6.0 },
                    pitch: pitch_deg.to_radians(),
                    ..hovering().view
                },
                ..hovering()
            })
        };
        let cuts = |traj| {
            let m = compute_flight(&traj, Scale::default(), LandingCue::default());
            value(&m, "view_cuts_3d").unwrap()
        };
        assert_eq!(cuts(step(80.0)), 0.0);
        assert_eq!(cuts(step(0.0)), 1.0);
        let seen = 2.0 * (80f64.to_radians().cos() * 15f64.to_radians().sin()).asin();
        assert!(near(seen.to_degrees(), 5.15, 0.01));
    }

    #[test]
    fn a_level_view_gives_the_walking_doses() {
        // Any motion with a level view: the 3D dose is the walking one.
        let at = |t: f64| {
            (
                1.0 + 2.0 * t + (1.3 * t).sin(),
                3.0 + (0.4 * t).cos(),
                0.5 + 0.3 * (0.7 * t).sin(),
                0.2 * t,
            )
        };
        let walking: Trajectory = walked(8.0, |t| {
            let (x, y, z, yaw) = at(t);
            crate::feel::Sample {
                x,
                y,
                z,
                yaw,
                ..look(yaw, yaw)
            }
        });
        let traj = flown(8.0, |t| {
            let (x, y, z, yaw) = at(t);
            FlownSample {
                view: Pose {
                    x,
                    y,
                    z,
                    yaw,
                    ..hovering().view
                },
                ..hovering()
            }
        });
        let scale = Scale::default();
        let walked = compute(&walking, scale);
        let flew = compute_flight(&traj, scale, LandingCue::default());
        let w = |name| crate::feel::metrics::tests::value(&walked, name);
        for (flight, walk) in [
            ("msdv_3d_sight", "msdv_fore_aft"),
            ("msdv_3d_lateral", "msdv_lateral"),
            ("msdv_3d_up", "msdv_vertical"),
            ("msdv_3d", "msdv_total"),
        ] {
            let (f, k) = (value(&flew, flight).unwrap(), w(walk));
            assert!(
                k > 0.01 && near(f, k, 1e-12 * k),
                "{flight} {f} vs {walk} {k}"
            );
        }
    }

    #[test]
    fn pitching_turns_a_climb_into_the_line_of_sight() {
        // A pure vertical acceleration of 1 tile/s² for 2 s, seen level and
        // seen looking straight down: the dose moves from up the picture
        // onto the line of sight, and the total stays.
        let climb = |pitch: f64| {
            flown(4.0, move |t| {
                let z = 1.5 + 0.5 * t.min(2.0).powi(2) + 2.0 * (t - 2.0).max(0.0);
                FlownSample {
                    view: Pose {
                        z,
                        pitch,
                        ..hovering().view
                    },
                    ..hovering()
                }
            })
        };
        let scale = Scale::default();
        let cue = LandingCue::default();
        let level = compute_flight(&climb(0.0), scale, cue);
        let down = compute_flight(&climb(PI / 2.0), scale, cue);
        let up = value(&level, "msdv_3d_up").unwrap();
        assert!(up > 0.1 && value(&level, "msdv_3d_sight").unwrap() < 1e-12);
        assert!(near(value(&down, "msdv_3d_sight").unwrap(), up, 1e-9));
        assert!(value(&down, "msdv_3d_up").unwrap() < 1e-9);
        assert!(near(
            value(&down, "msdv_3d").unwrap(),
            value(&level, "msdv_3d").unwrap(),
            1e-9
        ));
    }

    #[test]
    fn a_landing_from_a_cue() {
        // Hover at 1.002 tiles until the cue at 1 s, sink at 0.5 tiles/s,
        // touch the floor at 3.004 s (in the tick to sample 361) and walk
        // from the tick after.
        let traj = flown(4.0, |t| {
            let altitude = (1.002 - 0.5 * (t - 1.0).max(0.0)).max(0.0);
            FlownSample {
                view: Pose {
                    z: altitude + 0.5,
                    ..hovering().view
                },
                altitude,
                flying: t < 3.0 + DT * 1.5,
            }
        });
        let scale = Scale {
            metres_per_tile: 2.0,
        };
        let m = compute_flight(&traj, scale, LandingCue { at_s: Some(1.0) });
        // Flight over at sample 362.
        let land = value(&m, "time_to_land_s").unwrap();
        assert!(near(land, 2.0 + 2.0 * DT, 1e-9), "{land}");
        let tiles = value(&m, "touchdown_speed_tiles_s").unwrap();
        assert!(near(tiles, 0.5, 1e-9), "{tiles}");
        assert!(near(value(&m, "touchdown_speed_m_s").unwrap(), 1.0, 1e-9));
        assert!(near(value(&m, "altitude_max_m").unwrap(), 2.004, 1e-12));
        // Airborne from sample 1 to 360, flying from 1 to 361.
        assert!(near(value(&m, "airborne_s").unwrap(), 360.0 * DT, 1e-9));
        assert!(near(value(&m, "flying_s").unwrap(), 361.0 * DT, 1e-9));
        // A cue after the touchdown finds neither.
        let late = compute_flight(&traj, scale, LandingCue { at_s: Some(3.5) });
        assert_eq!(value(&late, "time_to_land_s"), None);
        assert_eq!(value(&late, "touchdown_speed_m_s"), None);
    }

    #[test]
    fn too_short_a_run_defines_nothing() {
        let traj = flown(2.0 / 120.0, |_| hovering());
        assert_eq!(traj.samples.len(), 2);
        let m = compute_flight(&traj, Scale::default(), LandingCue { at_s: Some(0.0) });
        assert_eq!(m.len(), 19);
        assert!(m.iter().all(|m| m.value.is_none()));
        assert!(m.iter().map(|m| m.name).eq(flight_names()));
    }
}
