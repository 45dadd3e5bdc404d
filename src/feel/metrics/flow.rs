//! Optic flow: how fast the scene moves across the eye where vection comes
//! from, the edges of the view.
//!
//! The scene point seen along a ray at bearing `b` (world frame) and depth
//! `d` moves, relative to a camera moving at velocity `v` and turning at
//! `w`, at the angular speed `|(v . n) / d + w|`, `n` the unit vector
//! across the ray (`(-sin b, cos b)`): the translation sweeps near points
//! past faster than far ones, the turning sweeps every point alike. It is
//! taken each tick at the left and right edges of the visible view (half
//! the field of view either side of the view, or less where the
//! field-of-view restrictor narrows it) and at 30 degrees either side,
//! with the depths the grid ray cast finds there ([`Sample::depth`]).

use super::{Sample, Trajectory};
use crate::feel::series::{mean, quantile_or_zero};

/// The farthest depth a ray looks, tiles: past it (or with nothing to hit,
/// on the open plane) the translation's share of the flow is negligible.
pub const MAX_DEPTH: f64 = 64.0;
/// The inner pair of rays, degrees either side of the view.
pub const INNER_DEG: f64 = 30.0;
/// Quantile reported as the flow's near-peak (0..1).
const FLOW_QUANTILE: f64 = 0.95;

/// The flow figures of a run, deg/s.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct FlowValues {
    pub(super) edge_mean: f64,
    pub(super) edge_p95: f64,
    pub(super) inner_mean: f64,
    pub(super) inner_p95: f64,
    /// The field of view left visible by the restrictor, degrees: its mean
    /// and least over the run's samples.
    pub(super) visible_mean: f64,
    pub(super) visible_min: f64,
}

impl FlowValues {
    /// From the trajectory and its unwrapped yaw (radians).
    pub(super) fn measure(traj: &Trajectory, yaw: &[f64]) -> Self {
        let inner = INNER_DEG.to_radians();
        let mut edge = Vec::new();
        let mut inner_flow = Vec::new();
        for (i, w) in traj.samples.windows(2).enumerate() {
            let turn = (yaw[i + 1] - yaw[i]) / traj.dt;
            // At the edge of the view the restrictor leaves visible (the
            // frame's edge with it off), where the depths were taken.
            let half = w[0].visible_half(traj.fov_deg);
            let offsets = [-half, half, -inner, inner];
            for (j, offset) in offsets.iter().enumerate() {
                let flow = point_flow(&w[0], &w[1], yaw[i] + offset, w[0].depth[j], turn, traj.dt);
                match j {
                    0 | 1 => edge.push(flow),
                    _ => inner_flow.push(flow),
                }
            }
        }
        let visible: Vec<f64> = traj
            .samples
            .iter()
            .map(|s| 2.0 * s.visible_half(traj.fov_deg).to_degrees())
            .collect();
        Self {
            edge_mean: mean(&edge),
            edge_p95: quantile_or_zero(&edge, FLOW_QUANTILE),
            inner_mean: mean(&inner_flow),
            inner_p95: quantile_or_zero(&inner_flow, FLOW_QUANTILE),
            visible_mean: mean(&visible),
            visible_min: visible.iter().copied().fold(f64::INFINITY, f64::min),
        }
    }
}

/// The angular speed, deg/s, of the point at `depth` tiles along bearing
/// `bearing` from `from`, as the camera moves to `to` in `dt` seconds
/// while turning at `turn` rad/s. Depths are in tiles, as the positions
/// are, so the scale does not enter.
fn point_flow(from: &Sample, to: &Sample, bearing: f64, depth: f64, turn: f64, dt: f64) -> f64 {
    let (vx, vy) = ((to.x - from.x) / dt, (to.y - from.y) / dt);
    let (sin, cos) = bearing.sin_cos();
    let across = -vx * sin + vy * cos;
    (across / depth.max(1e-6) + turn).abs().to_degrees()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{look, trajectory, value};
    use super::*;
    use crate::feel::metrics::{compute, Scale};

    #[test]
    fn turning_in_place_sweeps_every_point_at_the_turn_rate() {
        let traj = trajectory(2.0, |t| look((45.0 * t).to_radians(), 0.0));
        let metrics = compute(&traj, Scale::default());
        assert!((value(&metrics, "edge_flow_deg_s_mean") - 45.0).abs() < 1e-6);
        assert!((value(&metrics, "flow30_deg_s_p95") - 45.0).abs() < 1e-6);
    }

    #[test]
    fn walking_between_walls_flows_faster_at_the_edges_of_a_wider_view() {
        // Walking east at 2 tiles/s between walls 1 tile either side: the
        // edge rays at +-h meet a wall at depth 1 / sin h, so the edge flow
        // is v sin h / (1 / sin h) = v sin^2 h, in rad/s.
        let walk = |fov_deg: f64| {
            let h = (fov_deg / 2.0).to_radians();
            let inner = INNER_DEG.to_radians();
            let mut traj = trajectory(2.0, |t| Sample {
                x: 2.0 + 2.0 * t,
                depth: [
                    1.0 / h.sin(),
                    1.0 / h.sin(),
                    1.0 / inner.sin(),
                    1.0 / inner.sin(),
                ],
                ..look(0.0, 0.0)
            });
            traj.fov_deg = fov_deg;
            compute(&traj, Scale::default())
        };
        let (narrow, wide) = (walk(70.0), walk(110.0));
        let expected = |fov: f64| (2.0 * (fov / 2.0f64).to_radians().sin().powi(2)).to_degrees();
        let got = value(&narrow, "edge_flow_deg_s_mean");
        assert!((got - expected(70.0)).abs() < 1e-6, "{got}");
        assert!(value(&wide, "edge_flow_deg_s_mean") > got);
        // The inner rays do not depend on the field of view.
        let inner = value(&narrow, "flow30_deg_s_mean");
        assert!((inner - value(&wide, "flow30_deg_s_mean")).abs() < 1e-9);
    }

    #[test]
    fn a_restricted_view_is_measured_at_its_visible_edge() {
        // Walking east at 2 tiles/s between walls 1 tile either side, the
        // restrictor leaving half the half-width of a 90-degree view:
        // the visible edge is at atan(0.5) either side, and the flow there
        // is v sin^2 of it, as at the edge of a view that narrow.
        let h = 0.5f64.atan();
        let traj = trajectory(2.0, |t| Sample {
            x: 2.0 + 2.0 * t,
            depth: [1.0 / h.sin(), 1.0 / h.sin(), 2.0, 2.0],
            visible_reach: 0.5,
            ..look(0.0, 0.0)
        });
        let metrics = compute(&traj, Scale::default());
        let expected = (2.0 * h.sin().powi(2)).to_degrees();
        let got = value(&metrics, "edge_flow_deg_s_mean");
        assert!((got - expected).abs() < 1e-6, "{got} against {expected}");
        let visible = (2.0 * h).to_degrees();
        assert!((value(&metrics, "visible_fov_mean_deg") - visible).abs() < 1e-9);
        assert!((value(&metrics, "visible_fov_min_deg") - visible).abs() < 1e-9);
        // Unrestricted, the whole field.
        let open = compute(&trajectory(1.0, |_| look(0.0, 0.0)), Scale::default());
        assert_eq!(value(&open, "visible_fov_mean_deg"), 90.0);
    }
}
