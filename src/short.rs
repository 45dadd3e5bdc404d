//! Numbers shown short: in messages, whatever a file held, and in tables,
//! to a few significant figures. The one number formatter of the crate's
//! text (the CSV files keep Rust's shortest exact form, which reads back).

use std::fmt;

/// Displays a number the way a person writes it: `0.25`, `180`, and
/// scientific notation past a million or below a ten-thousandth, so a
/// hostile `1e308` shows as `1e308`, not as 309 digits.
///
/// With a precision (`{:.3}`), to that many significant figures (at least
/// one), trailing zeros dropped, and whole digits kept: `26.657` as
/// `26.7`, `1234.5` as `1234`, `0.00001234` as `1.23e-5`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Short(pub f64);

impl fmt::Display for Short {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        let a = v.abs();
        let scientific = v.is_finite() && (a >= 1e6 || (a > 0.0 && a < 1e-4));
        match f.precision() {
            None if scientific => write!(f, "{v:e}"),
            None => write!(f, "{v}"),
            Some(_) if v == 0.0 => f.write_str("0"),
            Some(figures) if scientific => {
                let text = format!("{:.*e}", figures.max(1) - 1, v);
                let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
                write!(f, "{}e{exponent}", without_zeros(mantissa))
            }
            Some(figures) => {
                // Digits before the point: 1 for 1 to 9.99, 0 for 0.1 to
                // 0.999, -1 for 0.01 to 0.0999 (a is at least 1e-4 here).
                let whole = a.log10().floor() as i64 + 1;
                let decimals = (figures.max(1) as i64 - whole).max(0) as usize;
                f.write_str(without_zeros(&format!("{v:.decimals$}")))
            }
        }
    }
}

/// `v` to `figures` significant figures ([`Short`]), or `-` where there is
/// none: a table's cell.
pub fn figures(v: Option<f64>, figures: usize) -> String {
    v.map_or("-".into(), |v| format!("{:.figures$}", Short(v)))
}

/// `text`, a number, without the zeros that end its decimals (and the
/// point, if nothing is left after it).
fn without_zeros(text: &str) -> &str {
    match text.contains('.') {
        true => text.trim_end_matches('0').trim_end_matches('.'),
        false => text,
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

    #[test]
    fn a_precision_keeps_that_many_significant_figures() {
        let four = |v: f64| format!("{:.4}", Short(v));
        assert_eq!(four(0.0), "0");
        assert_eq!(four(-0.0), "0");
        assert_eq!(four(0.12345), "0.1235");
        assert_eq!(four(3.0), "3");
        assert_eq!(four(-42.123), "-42.12");
        assert_eq!(four(26.657_123), "26.66");
        assert_eq!(four(1234.5678), "1235");
        assert_eq!(four(123_456.7), "123457");
        assert_eq!(four(9.99996), "10");
        assert_eq!(four(0.00001234), "1.234e-5");
        assert_eq!(four(0.000012), "1.2e-5");
        assert_eq!(four(2.5e7), "2.5e7");
        assert_eq!(four(f64::NAN), "NaN");
        assert_eq!(format!("{:.3}", Short(0.000_1)), "0.0001");
        assert_eq!(format!("{:.3}", Short(0.123_45)), "0.123");
        assert_eq!(format!("{:.1}", Short(0.96)), "1");
        assert_eq!(format!("{:.0}", Short(0.5)), "0.5");
        assert_eq!(figures(None, 3), "-");
        assert_eq!(figures(Some(150.26), 3), "150");
    }
}
