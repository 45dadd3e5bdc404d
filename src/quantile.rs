//! R's default quantile (type 7), the one rule every quantile of the crate
//! follows: the feel metrics' 95th percentiles, the study report's
//! statistics and the pacing graph's.

/// The `p` quantile (0 to 1) of `len` ascending values, value `i` being
/// `at(i)`: the order statistics around position `(len - 1) p` (0-based),
/// linearly interpolated. Taking the values through `at` serves values
/// kept in another type or place (the window's frame times, sorted in
/// place as `f32`).
///
/// # Panics
/// If `len` is 0.
pub fn quantile_of_sorted_by(len: usize, p: f64, at: impl Fn(usize) -> f64) -> f64 {
    let position = (len - 1) as f64 * p;
    let below = position.floor() as usize;
    let above = (below + 1).min(len - 1);
    at(below) + (position - below as f64) * (at(above) - at(below))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quantile_interpolates_between_order_statistics_as_r_does() {
        // R: quantile(c(0, 1, 2, 3, 4), c(0, 0.1, 0.5, 0.95, 1)) is
        // 0, 0.4, 2, 3.8, 4.
        let sorted = [0.0, 1.0, 2.0, 3.0, 4.0];
        let q = |p| quantile_of_sorted_by(sorted.len(), p, |i| sorted[i]);
        assert_eq!(q(0.0), 0.0);
        assert!((q(0.1) - 0.4).abs() < 1e-12);
        assert_eq!(q(0.5), 2.0);
        assert!((q(0.95) - 3.8).abs() < 1e-12);
        assert_eq!(q(1.0), 4.0);
        assert_eq!(quantile_of_sorted_by(1, 0.3, |_| 7.0), 7.0);
    }
}
