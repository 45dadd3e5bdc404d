//! Stabilising jets (article 004, "Angular Velocity is Simple"): a jet
//! fires only if its impulse opposes the current spin, and never so far
//! that it reverses it.

/// Applies one jet's `impulse` (its angular acceleration times the tick
/// length, any number of axes) to `velocity`, if it counters the spin. If a
/// full firing would overshoot, only the part of `velocity` perpendicular
/// to the jet is kept: the jet stopped at the right moment.
pub fn stabilize_with_jet<const N: usize>(velocity: &mut [f64; N], impulse: &[f64; N]) {
    let dot = |a: &[f64; N], b: &[f64; N]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    if dot(velocity, impulse) >= 0.0 {
        return;
    }
    let fired: [f64; N] = std::array::from_fn(|i| velocity[i] + impulse[i]);
    if dot(&fired, impulse) > 0.0 {
        let along = dot(velocity, impulse) / dot(impulse, impulse);
        for (v, j) in velocity.iter_mut().zip(impulse) {
            *v -= along * j;
        }
    } else {
        *velocity = fired;
    }
}

/// A one-axis gyro: counters `angular_velocity` (radians per second) with
/// `strength` (radians per second squared) for `dt` seconds, by a jet on
/// each side, without reversing it.
pub fn gyro(angular_velocity: f64, strength: f64, dt: f64) -> f64 {
    let mut v = [angular_velocity];
    stabilize_with_jet(&mut v, &[strength * dt]);
    stabilize_with_jet(&mut v, &[-strength * dt]);
    v[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jet_never_reverses_and_never_feeds_spin() {
        assert_eq!(gyro(1.0, 10.0, 0.01), 0.9);
        assert_eq!(gyro(-1.0, 10.0, 0.01), -0.9);
        assert_eq!(gyro(0.05, 10.0, 0.01), 0.0);
        assert_eq!(gyro(0.0, 10.0, 0.01), 0.0);
        let mut v = [1.0, 1.0, 0.0];
        stabilize_with_jet(&mut v, &[-5.0, 0.0, 0.0]);
        assert_eq!(v, [0.0, 1.0, 0.0], "overshoot keeps the perpendicular part");
        let mut v = [1.0, 0.0, 0.0];
        stabilize_with_jet(&mut v, &[1.0, 0.0, 0.0]);
        assert_eq!(v, [1.0, 0.0, 0.0], "a jet along the spin does not fire");
    }
}
