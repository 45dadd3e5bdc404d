//! Angle helpers shared by the movement models and the camera.
//!
//! Angles are radians. World angle 0 points along +x (east); angles grow
//! toward +y (south), so a positive turn is a turn to the right on the map.

use std::f64::consts::{PI, TAU};

/// Wraps `angle` into (-pi, pi]: the signed shortest turn it stands for.
pub fn wrap_signed(angle: f64) -> f64 {
    let wrapped = angle - TAU * (angle / TAU).round();
    // `round` leaves [-pi, pi]; -pi and pi are the same turn, and the
    // interval is closed at +pi.
    if wrapped <= -PI {
        wrapped + TAU
    } else if wrapped > PI {
        wrapped - TAU
    } else {
        wrapped
    }
}

/// Wraps `angle` into [0, 2pi), from either side.
pub fn wrap_positive(angle: f64) -> f64 {
    let wrapped = angle.rem_euclid(TAU);
    // rem_euclid of a tiny negative number rounds up to exactly TAU.
    if wrapped >= TAU {
        0.0
    } else {
        wrapped
    }
}

/// Interpolates from angle `a` to angle `b` the short way round; `t` in [0, 1].
pub fn lerp_short(a: f64, b: f64, t: f64) -> f64 {
    wrap_positive(a + wrap_signed(b - a) * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_wrap_is_half_open_at_minus_pi() {
        assert_eq!(wrap_signed(PI), PI);
        assert_eq!(wrap_signed(-PI), PI);
        assert!((wrap_signed(3.0 * PI / 2.0) + PI / 2.0).abs() < 1e-12);
        assert!((wrap_signed(-3.0 * PI / 2.0) - PI / 2.0).abs() < 1e-12);
        assert!((wrap_signed(7.0 * TAU + 0.25) - 0.25).abs() < 1e-9);
    }

    #[test]
    fn positive_wrap_stays_below_tau() {
        assert_eq!(wrap_positive(-1e-300), 0.0);
        assert!((wrap_positive(-0.5) - (TAU - 0.5)).abs() < 1e-12);
        assert!((wrap_positive(TAU + 0.5) - 0.5).abs() < 1e-12);
        assert_eq!(wrap_positive(TAU), 0.0);
    }

    #[test]
    fn lerp_takes_the_short_way() {
        let mid = lerp_short(TAU - 0.1, 0.1, 0.5);
        assert!(mid.abs() < 1e-12 || (mid - TAU).abs() < 1e-12);
    }
}
