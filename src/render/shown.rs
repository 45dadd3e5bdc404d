//! Numbers as the HUD's readouts show them: rounded, with no negative
//! zero, and directions in (-180, 180] degrees.

/// `v` rounded to `places` decimals as the readout shows it, a negative
/// zero made plain zero (the HUD showed "-0.00" standing still).
pub(super) fn shown(v: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    let r = (v * k).round() / k;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// A direction in radians as the readout shows it: degrees to one place
/// in (-180, 180], as the simulation keeps it, so a direction rounding to
/// -180.0 reads +180.0, the same as the target it is reaching (the
/// readout said "direction -180.0 -> +180.0" for one direction).
pub(super) fn shown_direction(rad: f64) -> f64 {
    let d = shown(rad.to_degrees(), 1);
    if d <= -180.0 {
        d + 360.0
    } else {
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_direction_reads_the_same_on_both_sides_of_the_half_turn() {
        use std::f64::consts::PI;
        let deg = |d: f64| d.to_radians();
        assert_eq!(shown_direction(PI), 180.0);
        assert_eq!(shown_direction(deg(-179.97)), 180.0);
        assert_eq!(shown_direction(deg(-179.94)), -179.9);
        assert_eq!(shown_direction(deg(-90.0)), -90.0);
        assert_eq!(format!("{:+6.1}", shown_direction(deg(-0.01))), "  +0.0");
    }

    #[test]
    fn readouts_show_no_negative_zero() {
        assert_eq!(format!("{:6.2}", shown(-0.001, 2)), "  0.00");
        assert_eq!(format!("{:+.2}", shown(-0.004, 2)), "+0.00");
        assert_eq!(format!("{:6.1}", shown(-0.04, 1)), "   0.0");
        assert_eq!(format!("{:6.2}", shown(-0.006, 2)), " -0.01");
    }
}
