//! Numbers in messages: short enough to read, whatever a file held.

use std::fmt;

/// Displays a number the way a person writes it: `0.25`, `180`, and
/// scientific notation past a million or below a ten-thousandth, so a
/// hostile `1e308` shows as `1e308`, not as 309 digits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Short(pub f64);

impl fmt::Display for Short {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        let a = v.abs();
        if v.is_finite() && (a >= 1e6 || (a > 0.0 && a < 1e-4)) {
            write!(f, "{v:e}")
        } else {
            write!(f, "{v}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_numbers_print_as_written_and_extremes_in_short_form() {
        let shown = |v: f64| Short(v).to_string();
        assert_eq!(shown(0.25), "0.25");
        assert_eq!(shown(180.0), "180");
        assert_eq!(shown(-12.5), "-12.5");
        assert_eq!(shown(0.0), "0");
        assert_eq!(shown(999_999.0), "999999");
        assert_eq!(shown(1e308), "1e308");
        assert_eq!(shown(-2.5e7), "-2.5e7");
        assert_eq!(shown(1e-5), "1e-5");
        assert_eq!(shown(f64::NAN), "NaN");
        assert_eq!(shown(f64::INFINITY), "inf");
    }
}
