//! Plain helpers over sampled series: angle unwrapping, differences and
//! simple statistics. Every statistic of an empty series is 0, never NaN.

use crate::angle::wrap_signed;
use crate::quantile::quantile_of_sorted_by;

/// Unwraps an angle series (radians) so that consecutive values differ by
/// the shortest signed turn between them, in (-pi, pi]. The first value is
/// kept as it is.
pub fn unwrap(angles: impl IntoIterator<Item = f64>) -> Vec<f64> {
    let mut out: Vec<f64> = Vec::new();
    for angle in angles {
        let next = match out.last() {
            // `prev` equals the raw previous angle modulo 2pi, so wrapping
            // the raw difference gives the shortest turn.
            Some(&prev) => prev + wrap_signed(angle - prev),
            None => angle,
        };
        out.push(next);
    }
    out
}

/// Forward differences per second, `(v[i + 1] - v[i]) / dt` with `dt` in
/// seconds: one value per interval, so one shorter than `values`.
pub fn rate(values: &[f64], dt: f64) -> Vec<f64> {
    values.windows(2).map(|w| (w[1] - w[0]) / dt).collect()
}

/// `numerator / denominator`, or 0 when the denominator is 0.
pub fn ratio_or_zero(numerator: f64, denominator: f64) -> f64 {
    if denominator == 0.0 {
        0.0
    } else {
        numerator / denominator
    }
}

/// Arithmetic mean; 0 for an empty series.
pub fn mean(values: &[f64]) -> f64 {
    ratio_or_zero(values.iter().sum(), values.len() as f64)
}

/// Mean of the squares; 0 for an empty series.
pub fn mean_square(values: &[f64]) -> f64 {
    ratio_or_zero(values.iter().map(|v| v * v).sum(), values.len() as f64)
}

/// Root mean square; 0 for an empty series.
pub fn rms(values: &[f64]) -> f64 {
    mean_square(values).sqrt()
}

/// Largest value, or 0 for an empty series (meant for values >= 0).
pub fn max_or_zero(values: &[f64]) -> f64 {
    values.iter().copied().fold(0.0, f64::max)
}

/// Share (0..1) of the values for which `keep` holds; 0 for an empty series.
pub fn share(values: &[f64], keep: impl Fn(f64) -> bool) -> f64 {
    let kept = values.iter().filter(|&&v| keep(v)).count();
    ratio_or_zero(kept as f64, values.len() as f64)
}

/// The `fraction` (0..1, clamped) quantile by R's default rule (type 7:
/// [`quantile_of_sorted_by`]); 0 for an empty series.
pub fn quantile_or_zero(values: &[f64], fraction: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    quantile_of_sorted_by(sorted.len(), fraction.clamp(0.0, 1.0), |i| sorted[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::TAU;

    #[test]
    fn unwrap_removes_the_jump_through_zero() {
        let unwrapped = unwrap([TAU - 0.1, 0.05, 0.2, TAU - 0.05]);
        let expected = [TAU - 0.1, TAU + 0.05, TAU + 0.2, TAU - 0.05];
        for (u, e) in unwrapped.iter().zip(expected) {
            assert!((u - e).abs() < 1e-12, "{u} vs {e}");
        }
    }

    #[test]
    fn rate_is_one_shorter_and_per_second() {
        assert_eq!(rate(&[0.0, 1.0, 3.0], 0.5), vec![2.0, 4.0]);
        assert!(rate(&[1.0], 0.5).is_empty());
    }

    #[test]
    fn empty_statistics_are_zero() {
        assert_eq!(mean(&[]), 0.0);
        assert_eq!(rms(&[]), 0.0);
        assert_eq!(max_or_zero(&[]), 0.0);
        assert_eq!(share(&[], |_| true), 0.0);
        assert_eq!(quantile_or_zero(&[], 0.95), 0.0);
        assert_eq!(ratio_or_zero(1.0, 0.0), 0.0);
    }

    #[test]
    fn the_quantile_interpolates_between_ranks() {
        let values = [4.0, 0.0, 3.0, 1.0, 2.0];
        assert_eq!(quantile_or_zero(&values, 0.0), 0.0);
        assert_eq!(quantile_or_zero(&values, 1.0), 4.0);
        assert!((quantile_or_zero(&values, 0.95) - 3.8).abs() < 1e-12);
    }

    #[test]
    fn rms_and_share_of_a_small_series() {
        assert!((rms(&[3.0, -4.0]) - 12.5f64.sqrt()).abs() < 1e-12);
        assert_eq!(share(&[1.0, 5.0, 7.0, 2.0], |v| v > 4.0), 0.5);
    }
}
