//! The statistics layer: numerical models and tests that know nothing of
//! studies or the game, each checked against R on a published data set.
//! The study report is their user; `tests/layers.rs` holds the boundary
//! (this layer imports only the base layer's `quantile`).
//!
//! - [`lmm`]: a random-intercept mixed model as lme4 fits it, its
//!   likelihood-ratio tests, and the repeated-measures correlation.
//! - [`chisq`]: chi-square and Student t upper tails for their p-values.
//! - [`survival`]: still-playing curves (Kaplan-Meier), the log-rank test
//!   and Cox's model.
//!
//! The rest of this file are the statistics a small within-subject study
//! report needs: medians and
//! quartiles for describing, the Wilcoxon signed-rank test for comparing two
//! conditions on the same participants, and Spearman's rank correlation.
//!
//! Missing values are the caller's business: every function here asserts that
//! its inputs are finite, so drop NaN (a skipped rating) before calling.
//!
//! No crate on crates.io was found that gives the exact signed-rank p-value
//! with tied ranks (stats-claw's exact path covers untied ranks only), so the
//! test is written here.

pub use crate::quantile::quantile_of_sorted_by;
use std::f64::consts::PI;

pub mod chisq;
pub mod lmm;
pub mod survival;

/// With at most this many non-zero differences the signed-rank p-value is
/// exact; above it, the normal approximation. R's `wilcox.test` uses the same
/// bound (`n < 50`), so untied results match R's; with ties R before 4.6 falls
/// back to the normal approximation, while this module stays exact.
pub const EXACT_MAX_PAIRS: usize = 49;

/// Spearman's correlation needs at least this many pairs to mean anything.
pub const SPEARMAN_MIN_PAIRS: usize = 3;

/// Where the normal upper tail switches from the central series to Laplace's
/// continued fraction, in standard deviations.
const SERIES_LIMIT: f64 = 3.0;

/// Depth of Laplace's continued fraction: enough for a relative error near
/// 1e-15 from [`SERIES_LIMIT`] outwards.
const FRACTION_TERMS: u32 = 80;

/// Panics unless every value is finite.
fn assert_finite(values: &[f64]) {
    if let Some(bad) = values.iter().find(|v| !v.is_finite()) {
        panic!("statistics need finite values (drop missing ones first), got {bad}");
    }
}

/// The values in ascending order, or None for no values.
fn sorted(values: &[f64]) -> Option<Vec<f64>> {
    assert_finite(values);
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    Some(sorted)
}

/// R's default quantile (type 7) of non-empty ascending values: the order
/// statistics around position `(n - 1) p` (0-based), linearly interpolated.
fn quantile_of_sorted(sorted: &[f64], p: f64) -> f64 {
    quantile_of_sorted_by(sorted.len(), p, |i| sorted[i])
}

/// Panics unless `p` is a probability.
fn assert_probability(p: f64) {
    assert!(
        (0.0..=1.0).contains(&p),
        "quantile level {p} is not in 0..=1"
    );
}

/// The `p` quantile (0 to 1) of `values` by R's default method (type 7, linear
/// interpolation between order statistics), in the values' units. None for
/// no values.
///
/// # Panics
/// If `p` is outside 0..=1 or any value is not finite.
pub fn quantile(values: &[f64], p: f64) -> Option<f64> {
    assert_probability(p);
    sorted(values).map(|s| quantile_of_sorted(&s, p))
}

/// The median of `values` (the mean of the middle two for an even count), in
/// the values' units. None for no values.
///
/// # Panics
/// If any value is not finite.
pub fn median(values: &[f64]) -> Option<f64> {
    quantile(values, 0.5)
}

/// The first and third quartiles `(q1, q3)` of `values`, R type 7 as for
/// [`quantile`]. None for no values.
///
/// # Panics
/// If any value is not finite.
pub fn quartiles(values: &[f64]) -> Option<(f64, f64)> {
    let s = sorted(values)?;
    Some((quantile_of_sorted(&s, 0.25), quantile_of_sorted(&s, 0.75)))
}

/// The 1-based rank of each value, in input order; tied values share the mean
/// of the ranks they span (R's `rank` with `ties.method = "average"`).
///
/// # Panics
/// If any value is not finite.
pub fn ranks(values: &[f64]) -> Vec<f64> {
    assert_finite(values);
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    for group in order.chunk_by(|&a, &b| values[a] == values[b]) {
        // Sorted positions start..start + len hold ranks start + 1..=start + len.
        let mid = start as f64 + (group.len() + 1) as f64 / 2.0;
        group.iter().for_each(|&i| ranks[i] = mid);
        start += group.len();
    }
    ranks
}

/// The result of a Wilcoxon signed-rank test on paired samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wilcoxon {
    /// Pairs with a non-zero difference: the pairs the test ranks.
    pub n: usize,
    /// Pairs with a zero difference, dropped before ranking.
    pub zeros: usize,
    /// The sum of the ranks of the positive differences `x - y` (R's `V`);
    /// a multiple of 0.5 when ties share mid-ranks.
    pub v: f64,
    /// Two-sided p-value: `min(1, 2 min(P(V <= v), P(V >= v)))` under the null
    /// hypothesis that every sign is equally likely.
    pub p: f64,
    /// Whether `p` is exact (at most [`EXACT_MAX_PAIRS`] pairs) rather than
    /// the normal approximation.
    pub exact: bool,
    /// Matched-pairs rank-biserial correlation `(T+ - T-) / (T+ + T-)`, from
    /// -1 (every `x` below its `y`) to 1 (every `x` above its `y`).
    pub effect: f64,
}

/// The Wilcoxon signed-rank test of paired samples `x[i]`, `y[i]` (one
/// participant each): are the differences `x - y` centred on zero?
///
/// Zero differences are dropped (Wilcoxon's method, R's default); the rest are
/// ranked by size, ties sharing mid-ranks. For up to [`EXACT_MAX_PAIRS`]
/// pairs the p-value is exact: the distribution of `V` over all `2^n` sign
/// assignments of the actual (mid-)ranks, conditional on the ties. Beyond
/// that it is the normal approximation with tie and continuity corrections,
/// as R's `wilcox.test(x, y, paired = TRUE, exact = FALSE)`.
///
/// None when the lengths differ or no difference is non-zero.
///
/// # Panics
/// If any value is not finite.
pub fn wilcoxon_signed_rank(x: &[f64], y: &[f64]) -> Option<Wilcoxon> {
    if x.len() != y.len() {
        return None;
    }
    assert_finite(x);
    assert_finite(y);
    let nonzero = nonzero_differences(x, y);
    let n = nonzero.len();
    if n == 0 {
        return None;
    }
    let doubled = doubled_magnitude_ranks(&nonzero);
    let positive = doubled.iter().zip(&nonzero).filter(|&(_, &d)| d > 0.0);
    let v2: u64 = positive.map(|(r, _)| r).sum();
    let exact = n <= EXACT_MAX_PAIRS;
    let p = if exact {
        exact_p(&doubled, v2)
    } else {
        normal_p(&doubled, v2)
    };
    let all2 = (n * (n + 1)) as f64;
    Some(Wilcoxon {
        n,
        zeros: x.len() - n,
        v: v2 as f64 / 2.0,
        p,
        exact,
        effect: (2.0 * v2 as f64 - all2) / all2,
    })
}

/// The differences `x[i] - y[i]` that are not zero, in pair order.
fn nonzero_differences(x: &[f64], y: &[f64]) -> Vec<f64> {
    let differences = x.iter().zip(y).map(|(a, b)| a - b);
    differences.filter(|&d| d != 0.0).collect()
}

/// Twice the mid-rank of each difference's size; see [`doubled_ranks`].
fn doubled_magnitude_ranks(differences: &[f64]) -> Vec<u64> {
    let magnitudes: Vec<f64> = differences.iter().map(|d| d.abs()).collect();
    doubled_ranks(&magnitudes)
}

/// Twice the mid-rank of each value: whole numbers, since a mid-rank is a
/// whole or half number, so sums of ranks can be counted exactly.
fn doubled_ranks(values: &[f64]) -> Vec<u64> {
    ranks(values).iter().map(|r| (2.0 * r) as u64).collect()
}

/// `counts[s]`: how many of the `2^n` sign assignments give the doubled ranks
/// marked positive a sum of `s`. A 0/1 knapsack count over the ranks.
///
/// # Panics
/// With 64 or more ranks, whose `2^n` patterns overflow the counts.
fn sign_sum_counts(doubled: &[u64]) -> Vec<u64> {
    assert!(doubled.len() < 64, "too many ranks to count sign patterns");
    let total: u64 = doubled.iter().sum();
    let mut counts = vec![0_u64; total as usize + 1];
    counts[0] = 1;
    let mut reach = 0;
    for &rank in doubled {
        let rank = rank as usize;
        reach += rank;
        // Downwards, so each rank joins a pattern at most once.
        for sum in (rank..=reach).rev() {
            counts[sum] += counts[sum - rank];
        }
    }
    counts
}

/// The exact tails `(P(V <= v), P(V >= v))` of the signed-rank statistic for
/// these doubled ranks, with `v2` twice the observed `V`.
fn exact_tails(doubled: &[u64], v2: u64) -> (f64, f64) {
    let counts = sign_sum_counts(doubled);
    let v2 = v2 as usize;
    // Counts stay below 2^64, and below 2^53 (exact in f64) up to 53 ranks.
    let patterns = counts.iter().sum::<u64>() as f64;
    let at_most = counts[..=v2].iter().sum::<u64>() as f64;
    let at_least = counts[v2..].iter().sum::<u64>() as f64;
    (at_most / patterns, at_least / patterns)
}

/// The exact two-sided signed-rank p-value; see [`exact_tails`].
fn exact_p(doubled: &[u64], v2: u64) -> f64 {
    let (at_most, at_least) = exact_tails(doubled, v2);
    (2.0 * at_most.min(at_least)).min(1.0)
}

/// The normal-approximation two-sided signed-rank p-value, as R computes it:
/// mean `n(n+1)/4`, variance `n(n+1)(2n+1)/24` less `sum(t^3 - t)/48` over
/// tie groups of size `t`, and `V` moved half a unit towards the mean.
fn normal_p(doubled: &[u64], v2: u64) -> f64 {
    let n = doubled.len() as f64;
    let mean = n * (n + 1.0) / 4.0;
    let variance = n * (n + 1.0) * (2.0 * n + 1.0) / 24.0 - tie_correction(doubled) / 48.0;
    let shift = v2 as f64 / 2.0 - mean;
    let corrected = if shift == 0.0 {
        0.0
    } else {
        shift - 0.5 * shift.signum()
    };
    let z = corrected / variance.sqrt();
    (2.0 * normal_upper_tail(z.abs())).min(1.0)
}

/// `sum(t^3 - t)` over the groups of tied ranks, `t` the group size. Equal
/// mid-ranks mark exactly the tied values.
fn tie_correction(doubled: &[u64]) -> f64 {
    let mut sorted = doubled.to_vec();
    sorted.sort_unstable();
    sorted
        .chunk_by(|a, b| a == b)
        .map(|group| (group.len().pow(3) - group.len()) as f64)
        .sum()
}

/// `P(Z >= z)` for a standard normal `Z` and `z >= 0`, to a relative error
/// near 1e-13.
fn normal_upper_tail(z: f64) -> f64 {
    let density = (-0.5 * z * z).exp() / (2.0 * PI).sqrt();
    if z < SERIES_LIMIT {
        0.5 - density * central_series(z)
    } else {
        density / laplace_fraction(z)
    }
}

/// `sum z^(2k+1) / (1 * 3 * ... * (2k+1))` over k >= 0, which times the
/// normal density is `P(0 <= Z <= z)`. All terms are positive, so no
/// cancellation.
fn central_series(z: f64) -> f64 {
    let (mut term, mut sum, mut k) = (z, z, 0_u32);
    while term > f64::EPSILON * sum {
        k += 1;
        term *= z * z / f64::from(2 * k + 1);
        sum += term;
    }
    sum
}

/// Laplace's continued fraction `z + 1/(z + 2/(z + 3/(z + ...)))`, which
/// divides the normal density into `P(Z >= z)`; it converges fast for large z.
fn laplace_fraction(z: f64) -> f64 {
    (1..=FRACTION_TERMS)
        .rev()
        .fold(z, |inner, k| z + f64::from(k) / inner)
}

/// Spearman's rank correlation of paired samples, from -1 to 1: the Pearson
/// correlation of their average ranks, so ties are handled.
///
/// None when the lengths differ, there are fewer than [`SPEARMAN_MIN_PAIRS`]
/// pairs, or either side is constant.
///
/// # Panics
/// If any value is not finite.
pub fn spearman(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.len() != y.len() || x.len() < SPEARMAN_MIN_PAIRS {
        return None;
    }
    pearson(&ranks(x), &ranks(y))
}

/// Pearson's correlation of equally long samples; None if either is constant.
fn pearson(x: &[f64], y: &[f64]) -> Option<f64> {
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (mx, my) = (mean(x), mean(y));
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        let (dx, dy) = (a - mx, b - my);
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if sxx == 0.0 || syy == 0.0 {
        return None;
    }
    // Rounding can carry a perfect correlation a hair past 1.
    Some((sxy / (sxx * syy).sqrt()).clamp(-1.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Agreement required of sums and quotients that are exact on paper.
    const TOLERANCE: f64 = 1e-12;

    fn assert_close(got: f64, want: f64, tolerance: f64) {
        assert!(
            (got - want).abs() <= tolerance,
            "got {got}, want {want} (within {tolerance})"
        );
    }

    /// A small deterministic generator of values with plenty of ties: whole
    /// numbers in `-spread..=spread`.
    fn tied_values(seed: u64, len: usize, spread: i64) -> Vec<f64> {
        let mut state = seed;
        (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                ((state >> 33) as i64 % (2 * spread + 1) - spread) as f64
            })
            .collect()
    }

    #[test]
    fn quantiles_match_r_type_7() {
        // R: quantile(c(1, 2, 3, 4), c(.25, .75)) gives 1.75 and 3.25.
        assert_eq!(quartiles(&[1.0, 2.0, 3.0, 4.0]), Some((1.75, 3.25)));
        // R: quantile(c(7, 1, 3), .25) gives 2 (halfway from 1 to 3).
        assert_eq!(quantile(&[7.0, 1.0, 3.0], 0.25), Some(2.0));
        // R: quantile(c(10, 20, 40), .9) = 20 + 0.8 * (40 - 20) = 36.
        assert_close(quantile(&[40.0, 10.0, 20.0], 0.9).unwrap(), 36.0, TOLERANCE);
        assert_eq!(quantile(&[5.0, -2.0, 9.0], 0.0), Some(-2.0));
        assert_eq!(quantile(&[5.0, -2.0, 9.0], 1.0), Some(9.0));
    }

    #[test]
    fn median_takes_the_middle_or_the_mean_of_the_middle_two() {
        assert_eq!(median(&[7.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[6.5]), Some(6.5));
        assert_eq!(quartiles(&[6.5]), Some((6.5, 6.5)));
    }

    #[test]
    fn no_values_have_no_summary() {
        assert_eq!(median(&[]), None);
        assert_eq!(quantile(&[], 0.3), None);
        assert_eq!(quartiles(&[]), None);
    }

    #[test]
    #[should_panic(expected = "drop missing ones first")]
    fn missing_values_are_refused() {
        median(&[1.0, f64::NAN, 3.0]);
    }

    #[test]
    #[should_panic(expected = "not in 0..=1")]
    fn quantile_levels_outside_zero_to_one_are_refused() {
        quantile(&[1.0, 2.0], 1.5);
    }

    #[test]
    fn ties_share_their_average_rank() {
        // Sorted: 10 10 | 20 20 20 | 30 -> ranks 1.5, 4, 6.
        let got = ranks(&[10.0, 20.0, 10.0, 30.0, 20.0, 20.0]);
        assert_eq!(got, vec![1.5, 4.0, 1.5, 6.0, 4.0, 4.0]);
        assert_eq!(ranks(&[]), Vec::<f64>::new());
    }

    #[test]
    fn ranks_agree_with_counting_smaller_and_equal_values() {
        // Mid-rank = (values below) + (equal values, itself included, + 1) / 2.
        for seed in 0..20 {
            let values = tied_values(seed, 15, 4);
            for (value, rank) in values.iter().zip(ranks(&values)) {
                let below = values.iter().filter(|v| *v < value).count();
                let equal = values.iter().filter(|v| *v == value).count();
                assert_eq!(rank, below as f64 + (equal + 1) as f64 / 2.0);
            }
        }
    }

    #[test]
    #[allow(clippy::approx_constant, reason = "3.14 is a score")]
    fn wilcoxon_matches_rs_documented_example() {
        // ?wilcox.test, Hollander & Wolfe (1973) p. 29, depression scale
        // before (x) and after (y): V = 40, exact two-sided p = 0.03906.
        let x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];
        let y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
        let test = wilcoxon_signed_rank(&x, &y).unwrap();
        assert_eq!((test.n, test.zeros, test.v, test.exact), (9, 0, 40.0, true));
        // P(V >= 40) = P(V <= 5): 10 of the 512 subsets of 1..9 sum to <= 5.
        assert_close(test.p, 20.0 / 512.0, TOLERANCE);
        // T+ = 40, T- = 45 - 40 = 5.
        assert_close(test.effect, 35.0 / 45.0, TOLERANCE);
    }

    #[test]
    fn lower_tail_matches_the_published_critical_values() {
        // Tables of the signed-rank statistic, n = 10, one-sided:
        // P(T <= 8) = 0.0244 (25 / 1024), P(T <= 10) = 0.0420 (43 / 1024).
        let untied: Vec<u64> = (1..=10).map(|r| 2 * r).collect();
        let lower = |t: u64| exact_tails(&untied, 2 * t).0;
        assert_close(lower(8), 25.0 / 1024.0, TOLERANCE);
        assert_close(lower(8), 0.0244, 0.00005);
        assert_close(lower(10), 43.0 / 1024.0, TOLERANCE);
        assert_close(lower(10), 0.0420, 0.00005);
    }

    #[test]
    fn six_pairs_all_one_way_give_two_in_sixty_four() {
        let x = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let zero = [0.0; 6];
        let down = wilcoxon_signed_rank(&zero, &x).unwrap();
        assert_eq!((down.v, down.effect), (0.0, -1.0));
        assert_close(down.p, 2.0 / 64.0, TOLERANCE);
        let up = wilcoxon_signed_rank(&x, &zero).unwrap();
        assert_eq!((up.v, up.effect), (21.0, 1.0));
        assert_close(up.p, 2.0 / 64.0, TOLERANCE);
    }

    /// Bortz, Lienert & Boehnke's paired example, from an r-help thread:
    /// 15 pairs, 5 zero differences, ties among the rest.
    const BORTZ_X: [f64; 15] = [
        9.0, 14.0, 8.0, 11.0, 14.0, 10.0, 8.0, 14.0, 12.0, 14.0, 13.0, 9.0, 15.0, 12.0, 9.0,
    ];
    /// The second sample of [`BORTZ_X`].
    const BORTZ_Y: [f64; 15] = [
        13.0, 15.0, 9.0, 12.0, 16.0, 10.0, 8.0, 13.0, 12.0, 16.0, 9.0, 10.0, 16.0, 12.0, 9.0,
    ];

    #[test]
    fn exact_p_with_ties_matches_exact_rank_tests() {
        // exactRankTests::wilcox.exact(x1, x2, paired = TRUE): V = 13,
        // p = 0.1367. Non-zero |d|: six 1s (rank 3.5), two 2s (7.5), two 4s
        // (9.5); positive: one 1 and one 4, V = 3.5 + 9.5 = 13.
        let test = wilcoxon_signed_rank(&BORTZ_X, &BORTZ_Y).unwrap();
        assert_eq!(
            (test.n, test.zeros, test.v, test.exact),
            (10, 5, 13.0, true)
        );
        assert_close(test.p, 0.1367, 0.00005);
    }

    #[test]
    fn normal_approximation_matches_r() {
        // wilcox.test(x1, x2, paired = TRUE) on the Bortz data (ties, so R
        // approximates): V = 13, p = 0.1436.
        let magnitudes: Vec<f64> = [4.0, 1.0, 1.0, 1.0, 2.0, 1.0, 2.0, 4.0, 1.0, 1.0].to_vec();
        assert_close(normal_p(&doubled_ranks(&magnitudes), 26), 0.1436, 0.00005);
        // wilcox.test(c(-0.2, -0.05, 0.1, 0.15, 0.2)): V = 9.5, p = 0.6845.
        let five = doubled_ranks(&[0.2, 0.05, 0.1, 0.15, 0.2]);
        assert_close(normal_p(&five, 19), 0.6845, 0.00005);
        // A 15-value one-sample case with ties; R's one-sided p = 0.007189
        // with V = 103.5, so two-sided 0.014378.
        let x = [
            -0.4, -0.3, -0.1, -0.1, 0.1, 0.2, 0.3, 0.5, 0.7, 0.7, 0.8, 0.8, 0.8, 1.0, 1.0,
        ];
        let test = wilcoxon_signed_rank(&x, &[0.0; 15]).unwrap();
        assert_eq!(test.v, 103.5);
        let doubled = doubled_ranks(&x.map(f64::abs));
        assert_close(normal_p(&doubled, 207), 0.014378, 0.000005);
    }

    #[test]
    fn normal_tail_matches_reference_values() {
        // 1 - pnorm(z) in R.
        let reference = [
            (0.0, 0.5),
            (0.5, 0.308_537_538_725_986_9),
            (1.0, 0.158_655_253_931_457_07),
            (1.959_963_984_540_054, 0.025),
            (3.0, 0.001_349_898_031_630_095_6),
            (5.0, 2.866_515_718_791_946e-7),
            (8.0, 6.220_960_574_271_819e-16),
        ];
        for (z, tail) in reference {
            assert_close(normal_upper_tail(z), tail, tail * 1e-12);
        }
    }

    #[test]
    fn large_samples_use_the_normal_approximation_close_to_exact() {
        let x = tied_values(7, 60, 9);
        let y = tied_values(8, 60, 9);
        let test = wilcoxon_signed_rank(&x, &y).unwrap();
        assert!(!test.exact && test.n > EXACT_MAX_PAIRS, "{test:?}");
        let doubled = doubled_magnitude_ranks(&nonzero_differences(&x, &y));
        let exact = exact_p(&doubled, (2.0 * test.v) as u64);
        assert_close(test.p, exact, 0.005);
    }

    /// Twice `V` for non-zero differences, each size's mid-rank counted as
    /// (smaller sizes) + (equal sizes, itself included, + 1) / 2.
    fn brute_force_v2(differences: &[f64]) -> usize {
        let doubled_rank = |d: f64| {
            let below = differences.iter().filter(|e| e.abs() < d.abs()).count();
            let equal = differences.iter().filter(|e| e.abs() == d.abs()).count();
            2 * below + equal + 1
        };
        differences
            .iter()
            .filter(|&&d| d > 0.0)
            .map(|&d| doubled_rank(d))
            .sum()
    }

    /// Counts of the positive doubled-rank sums over every sign pattern,
    /// enumerated one pattern at a time.
    fn brute_force_counts(doubled: &[u64]) -> Vec<u64> {
        let total: u64 = doubled.iter().sum();
        let mut counts = vec![0; total as usize + 1];
        for pattern in 0_u32..1 << doubled.len() {
            let positive = doubled
                .iter()
                .enumerate()
                .filter(|(i, _)| pattern >> i & 1 == 1);
            counts[positive.map(|(_, r)| r).sum::<u64>() as usize] += 1;
        }
        counts
    }

    #[test]
    fn exact_distribution_agrees_with_brute_force_on_tied_data() {
        for len in 1..=12 {
            for seed in 0..6 {
                let x = tied_values(seed * 31 + len as u64, len, 3);
                let y = tied_values(seed * 17 + 1000, len, 3);
                let Some(test) = wilcoxon_signed_rank(&x, &y) else {
                    continue;
                };
                let nonzero = nonzero_differences(&x, &y);
                let v2 = brute_force_v2(&nonzero);
                assert_eq!(test.v, v2 as f64 / 2.0, "len {len}, seed {seed}");
                let doubled = doubled_magnitude_ranks(&nonzero);
                let counts = brute_force_counts(&doubled);
                assert_eq!(sign_sum_counts(&doubled), counts, "len {len}, seed {seed}");
                let patterns = (1_u64 << test.n) as f64;
                let lower = counts[..=v2].iter().sum::<u64>() as f64 / patterns;
                let upper = counts[v2..].iter().sum::<u64>() as f64 / patterns;
                assert_close(test.p, (2.0 * lower.min(upper)).min(1.0), TOLERANCE);
            }
        }
    }

    #[test]
    fn wilcoxon_needs_matching_lengths_and_a_non_zero_difference() {
        assert_eq!(wilcoxon_signed_rank(&[1.0, 2.0], &[1.0]), None);
        assert_eq!(wilcoxon_signed_rank(&[1.0, 2.0], &[1.0, 2.0]), None);
        assert_eq!(wilcoxon_signed_rank(&[], &[]), None);
    }

    #[test]
    fn spearman_matches_wikipedias_worked_example() {
        // IQ against hours of TV per week: sum d^2 = 194, n = 10, so
        // rho = 1 - 6 * 194 / (10 * 99) = -29 / 165.
        let iq = [
            106.0, 100.0, 86.0, 101.0, 99.0, 103.0, 97.0, 113.0, 112.0, 110.0,
        ];
        let tv = [7.0, 27.0, 2.0, 50.0, 28.0, 29.0, 20.0, 12.0, 6.0, 17.0];
        assert_close(spearman(&iq, &tv).unwrap(), -29.0 / 165.0, TOLERANCE);
    }

    #[test]
    fn spearman_with_ties_is_pearson_on_mid_ranks() {
        // x = 1 1 2 3 3 -> ranks 1.5 1.5 3 4.5 4.5; y = 2 1 1 4 3 -> ranks
        // 3 1.5 1.5 5 4; both mean 3. Deviations: dx = -1.5 -1.5 0 1.5 1.5,
        // dy = 0 -1.5 -1.5 2 1; sum dx dy = 0 + 2.25 + 0 + 3 + 1.5 = 6.75,
        // sum dx^2 = 9, sum dy^2 = 9.5; rho = 6.75 / sqrt(85.5) = 0.72999...
        let x = [1.0, 1.0, 2.0, 3.0, 3.0];
        let y = [2.0, 1.0, 1.0, 4.0, 3.0];
        assert_close(spearman(&x, &y).unwrap(), 6.75 / 85.5_f64.sqrt(), TOLERANCE);
    }

    #[test]
    fn spearman_of_monotone_data_is_one_or_minus_one() {
        let x = [0.1, 0.4, 0.5, 2.0, 7.0];
        let rising = x.map(|v: f64| v.exp());
        let falling = x.map(|v| -v * v * v);
        assert_eq!(spearman(&x, &rising), Some(1.0));
        assert_eq!(spearman(&x, &falling), Some(-1.0));
    }

    #[test]
    fn spearman_needs_three_pairs_and_spread_on_both_sides() {
        assert_eq!(spearman(&[1.0, 2.0], &[2.0, 1.0]), None);
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[2.0, 1.0]), None);
        assert_eq!(spearman(&[1.0, 2.0, 3.0], &[4.0, 4.0, 4.0]), None);
    }
}
