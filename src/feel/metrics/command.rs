//! How the camera follows what the player commands: the lag behind a
//! commanded turn, the turning nobody commanded, and the answer to steps
//! of the commanded heading.

use super::Sample;

/// How the camera follows the player's commands.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct CommandValues {
    pub(super) lag_deg: f64,
    pub(super) uncommanded_deg: f64,
}

impl CommandValues {
    /// From the samples and their unwrapped camera yaw and wish heading
    /// (radians). Interval i (sample i to i + 1) was driven by the controls
    /// sample i + 1 records.
    pub(super) fn measure(samples: &[Sample], yaw: &[f64], wish: &[f64]) -> Self {
        let mut values = Self::default();
        for i in 0..samples.len().saturating_sub(1) {
            let (now, before) = (&samples[i + 1], &samples[i]);
            let turned = yaw[i + 1] - yaw[i];
            if now.turning {
                values.lag_deg += (turned - (wish[i + 1] - wish[i])).abs().to_degrees();
            } else if now.push == before.push {
                values.uncommanded_deg += turned.abs().to_degrees();
            }
        }
        values
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{look, trajectory, value};
    use crate::feel::metrics::{compute, Sample, Scale};

    #[test]
    fn a_view_that_trails_a_commanded_turn_lags_by_the_difference() {
        // The command turns at 90 deg/s for 2 s; the view turns at 60.
        let traj = trajectory(3.0, |t| Sample {
            turning: t > 0.0 && t <= 2.0,
            ..look(
                (60.0 * t.min(2.0)).to_radians(),
                (90.0 * t.min(2.0)).to_radians(),
            )
        });
        let metrics = compute(&traj, Scale::default());
        let lag = value(&metrics, "yaw_lag_deg");
        assert!((lag - 60.0).abs() < 1.0, "{lag}");
        assert_eq!(value(&metrics, "uncommanded_yaw_deg"), 0.0);
    }

    #[test]
    fn turning_with_no_turn_key_and_a_steady_push_is_uncommanded() {
        // The push held forward; the view swings 40 degrees each way and
        // back: 160 degrees of turning in all.
        // Samples from t = 0 to 2 s inclusive.
        let traj = trajectory(2.0 + 1.0 / 120.0, |t| Sample {
            push: [1.0, 0.0],
            ..look((40.0 * (std::f64::consts::PI * t).sin()).to_radians(), 0.0)
        });
        let metrics = compute(&traj, Scale::default());
        let turned = value(&metrics, "uncommanded_yaw_deg");
        assert!((turned - 160.0).abs() < 0.1, "{turned}");
        assert_eq!(value(&metrics, "yaw_lag_deg"), 0.0);
    }

    #[test]
    fn the_tick_the_push_changes_is_not_counted() {
        // A view that jumps 10 degrees on the tick the push turns.
        let traj = trajectory(1.0, |t| {
            let after = t >= 0.5;
            Sample {
                push: if after { [0.0, 1.0] } else { [1.0, 0.0] },
                ..look(if after { 0.1745 } else { 0.0 }, 0.0)
            }
        });
        let metrics = compute(&traj, Scale::default());
        assert_eq!(value(&metrics, "uncommanded_yaw_deg"), 0.0);
    }
}
