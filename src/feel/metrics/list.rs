//! The ordered list of metrics: each name with its unit, its meaning and
//! where its value comes from. `feel --csv`, the report and docs/feel-lab.md
//! all use these names.

use super::{Metric, Values};

/// One entry of the list: name, unit, meaning, and the value of measured
/// values (None when the run does not define it).
type Entry = (
    &'static str,
    &'static str,
    &'static str,
    fn(&Values) -> Option<f64>,
);

/// Every metric, in report order.
const LIST: [Entry; 33] = [
    (
        "view_cuts",
        "count",
        "Ticks where the view turns over 15 deg at once: a flip, not a turn",
        |v| Some(v.yaw.cuts as f64),
    ),
    (
        "yaw_rate_rms",
        "deg/s",
        "RMS of the camera's yaw rate, view cuts left out",
        |v| Some(v.yaw.rate_rms),
    ),
    (
        "yaw_rate_p95",
        "deg/s",
        "95th percentile of the camera's absolute yaw rate, view cuts left out",
        |v| Some(v.yaw.rate_p95),
    ),
    (
        "yaw_rate_over_30_share",
        "share",
        "Share of smooth time the camera turns faster than 30 deg/s",
        |v| Some(v.yaw.rate_over_30_share),
    ),
    (
        "yaw_rate_over_60_share",
        "share",
        "Share of smooth time the camera turns faster than 60 deg/s",
        |v| Some(v.yaw.rate_over_60_share),
    ),
    (
        "yaw_accel_rms",
        "deg/s^2",
        "RMS of the camera's yaw acceleration, view cuts left out",
        |v| Some(v.yaw.accel_rms),
    ),
    (
        "yaw_jerk_rms",
        "deg/s^3",
        "RMS of the camera's yaw jerk, view cuts left out",
        |v| Some(v.yaw.jerk_rms),
    ),
    (
        "yaw_reversals_per_s",
        "1/s",
        "Sign changes of the yaw rate per second: the wobble",
        |v| Some(v.yaw.reversals_per_s),
    ),
    (
        "yaw_power_share_0_1_to_0_5_hz",
        "share",
        "Share of yaw-rate power in 0.1-0.5 Hz, the most nauseating band (runs of 10 s or more)",
        |v| v.yaw.provocative_share,
    ),
    (
        "yaw_dominant_hz",
        "Hz",
        "Frequency of a real peak in the yaw-rate spectrum (none without one)",
        |v| v.yaw.dominant_hz,
    ),
    (
        "yaw_lag_deg",
        "deg",
        "Camera turning off the commanded turn, summed while a turn is commanded",
        |v| Some(v.command.lag_deg),
    ),
    (
        "uncommanded_yaw_deg",
        "deg",
        "Camera turning while no turn is commanded and the push holds",
        |v| Some(v.command.uncommanded_deg),
    ),
    (
        "heading_overshoot_pct",
        "%",
        "Largest overshoot of the camera past a commanded heading step (none without a step)",
        |v| v.steps.map(|s| s.overshoot_pct),
    ),
    (
        "heading_undershoot_deg",
        "deg",
        "Largest shortfall left at the end of a hold after a heading step",
        |v| v.steps.map(|s| s.undershoot_deg),
    ),
    (
        "heading_settle_s",
        "s",
        "Longest time to settle within 2 deg after a heading step (a lower bound if censored)",
        |v| v.steps.map(|s| s.settle_s),
    ),
    (
        "heading_settle_censored",
        "flag",
        "1 when a hold ended before the camera settled, so heading_settle_s is a lower bound",
        |v| v.steps.map(|s| f64::from(u8::from(s.censored))),
    ),
    (
        "msdv_fore_aft",
        "m/s^1.5",
        "Pseudo sickness dose of Wf-weighted acceleration along the view (an analogy)",
        |v| Some(v.motion.msdv_fore_aft),
    ),
    (
        "msdv_lateral",
        "m/s^1.5",
        "Pseudo sickness dose of Wf-weighted acceleration across the view (an analogy)",
        |v| Some(v.motion.msdv_lateral),
    ),
    (
        "msdv_vertical",
        "m/s^1.5",
        "Pseudo sickness dose of Wf-weighted vertical acceleration (an analogy)",
        |v| Some(v.motion.msdv_vertical),
    ),
    (
        "msdv_total",
        "m/s^1.5",
        "Root sum of squares of the three doses",
        |v| Some(v.motion.msdv_total),
    ),
    (
        "head_bob_accel_rms",
        "m/s^2",
        "RMS of the eye's vertical acceleration, unweighted: the bob",
        |v| Some(v.motion.bob_accel_rms),
    ),
    (
        "head_bob_hz",
        "Hz",
        "Frequency of a real peak in the eye height (none without a bob)",
        |v| v.motion.bob_hz,
    ),
    (
        "speed_mean",
        "m/s",
        "Mean horizontal speed of the camera",
        |v| Some(v.motion.speed_mean),
    ),
    (
        "speed_max",
        "m/s",
        "Peak horizontal speed of the camera",
        |v| Some(v.motion.speed_max),
    ),
    (
        "speed_over_3ms_share",
        "share",
        "Share of time faster than 3 m/s, where nausea starts to rise",
        |v| Some(v.motion.speed_over_3_share),
    ),
    (
        "speed_over_10ms_share",
        "share",
        "Share of time faster than 10 m/s, where nausea is at its high",
        |v| Some(v.motion.speed_over_10_share),
    ),
    (
        "sideslip_over_25_share",
        "share",
        "Share of moving time looking over 25 deg away from the motion",
        |v| Some(v.motion.sideslip_over_25_share),
    ),
    (
        "edge_flow_deg_s_mean",
        "deg/s",
        "Mean angular speed of the scene at the left and right edges of the visible view",
        |v| Some(v.flow.edge_mean),
    ),
    (
        "edge_flow_deg_s_p95",
        "deg/s",
        "95th percentile of the scene's angular speed at the visible view's edges",
        |v| Some(v.flow.edge_p95),
    ),
    (
        "flow30_deg_s_mean",
        "deg/s",
        "Mean angular speed of the scene 30 deg either side of the view",
        |v| Some(v.flow.inner_mean),
    ),
    (
        "flow30_deg_s_p95",
        "deg/s",
        "95th percentile of the scene's angular speed 30 deg either side",
        |v| Some(v.flow.inner_p95),
    ),
    (
        "visible_fov_mean_deg",
        "deg",
        "Mean field of view the restrictor leaves visible across (the whole with it off)",
        |v| Some(v.flow.visible_mean),
    ),
    (
        "visible_fov_min_deg",
        "deg",
        "Narrowest field of view the restrictor left visible across",
        |v| Some(v.flow.visible_min),
    ),
];

/// Every metric's name, in order.
pub fn names() -> impl Iterator<Item = &'static str> {
    LIST.iter().map(|e| e.0)
}

/// The list with the values of `values`, or every value None without them.
pub(super) fn metrics(values: Option<&Values>) -> Vec<Metric> {
    LIST.iter()
        .map(|&(name, unit, meaning, get)| Metric {
            name,
            value: values.and_then(get),
            unit,
            meaning,
        })
        .collect()
}
