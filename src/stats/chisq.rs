//! Upper tails of the chi-square and Student t distributions: the p-values
//! of the likelihood-ratio, log-rank and correlation tests.
//!
//! Both come from regularized incomplete functions written as in Numerical
//! Recipes (Press et al., 3rd ed., sections 6.1, 6.2 and 6.4):
//!
//! - the upper incomplete gamma ratio `Q(a, x)` by its power series below
//!   `x = a + 1` and by Legendre's continued fraction above it, so a tiny
//!   upper tail is computed directly rather than as `1 - P` (relative error
//!   near 1e-14 down to p = 1e-300);
//! - the incomplete beta ratio `I_x(a, b)` by its continued fraction, on the
//!   side of `x` where the fraction converges quickly;
//! - `ln Γ` by Lanczos's approximation (g = 7, nine terms; error near 1e-15).
//!
//! The continued fractions run by the modified Lentz method.

/// Lanczos's `g` for [`LANCZOS`].
const LANCZOS_G: f64 = 7.0;

/// Lanczos's coefficients for `g = 7` (the usual nine-term set).
#[rustfmt::skip]
const LANCZOS: [f64; 9] = [
    0.999_999_999_999_809_9,
    676.520_368_121_885_1,
    -1_259.139_216_722_402_8,
    771.323_428_777_653_1,
    -176.615_029_162_140_6,
    12.507_343_278_686_905,
    -0.138_571_095_265_720_12,
    9.984_369_578_019_572e-6,
    1.505_632_735_149_311_6e-7,
];

/// A series or continued fraction stops when a term changes the sum by less
/// than this, relative.
const EPSILON: f64 = 1e-16;

/// Lentz's method replaces a zero denominator by this.
const TINY: f64 = 1e-300;

/// The most terms of a series or continued fraction. Convergence takes
/// about `sqrt(a)` terms; the arguments here (half the degrees of freedom
/// of a test on at most a few hundred thousand rows) stay far inside it.
const MAX_TERMS: usize = 100_000;

/// `ln Γ(x)` for `x > 0`.
pub fn ln_gamma(x: f64) -> f64 {
    debug_assert!(x > 0.0, "ln_gamma needs x > 0, got {x}");
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 - x) = π / sin(π x).
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let z = x - 1.0;
    let mut sum = LANCZOS[0];
    for (k, c) in LANCZOS.iter().enumerate().skip(1) {
        sum += c / (z + k as f64);
    }
    let t = z + LANCZOS_G + 0.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (z + 0.5) * t.ln() - t + sum.ln()
}

/// The regularized upper incomplete gamma function
/// `Q(a, x) = Γ(a, x) / Γ(a)`, for `a > 0` and `x >= 0`. None for
/// arguments outside that domain (NaN included).
pub fn gamma_q(a: f64, x: f64) -> Option<f64> {
    if !(a > 0.0 && a.is_finite() && x >= 0.0) {
        return None;
    }
    if x == 0.0 {
        return Some(1.0);
    }
    if x.is_infinite() {
        return Some(0.0);
    }
    // The common factor e^-x x^a / Γ(a), in logs so large x cannot overflow.
    let ln_front = -x + a * x.ln() - ln_gamma(a);
    if x < a + 1.0 {
        Some((1.0 - lower_series(a, x) * ln_front.exp()).max(0.0))
    } else {
        Some(upper_fraction(a, x) * ln_front.exp())
    }
}

/// `P(a, x) Γ(a) e^x x^-a` by the series `Σ x^n / (a (a+1) ... (a+n))`,
/// which converges quickly for `x < a + 1`.
fn lower_series(a: f64, x: f64) -> f64 {
    let mut denominator = a;
    let mut term = 1.0 / a;
    let mut sum = term;
    for _ in 0..MAX_TERMS {
        denominator += 1.0;
        term *= x / denominator;
        sum += term;
        if term.abs() < sum.abs() * EPSILON {
            break;
        }
    }
    sum
}

/// `Q(a, x) Γ(a) e^x x^-a` by Legendre's continued fraction (the even
/// form, NR 6.2.7), which converges quickly for `x > a + 1`.
fn upper_fraction(a: f64, x: f64) -> f64 {
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / TINY;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..MAX_TERMS {
        let an = -(i as f64) * (i as f64 - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < TINY {
            d = TINY;
        }
        c = b + an / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let step = d * c;
        h *= step;
        if (step - 1.0).abs() < EPSILON {
            break;
        }
    }
    h
}

/// The regularized incomplete beta function `I_x(a, b)` for `a, b > 0`
/// and `0 <= x <= 1`. None outside that domain (NaN included).
pub fn beta_i(a: f64, b: f64, x: f64) -> Option<f64> {
    let domain = a > 0.0 && b > 0.0 && a.is_finite() && b.is_finite();
    if !(domain && (0.0..=1.0).contains(&x)) {
        return None;
    }
    if x == 0.0 || x == 1.0 {
        return Some(x);
    }
    let ln_front = ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln();
    // The fraction converges quickly below the mean (a + 1) / (a + b + 2);
    // above it, the symmetry I_x(a, b) = 1 - I_(1-x)(b, a).
    if x < (a + 1.0) / (a + b + 2.0) {
        Some(ln_front.exp() * beta_fraction(a, b, x) / a)
    } else {
        Some(1.0 - ln_front.exp() * beta_fraction(b, a, 1.0 - x) / b)
    }
}

/// The continued fraction for the incomplete beta function (NR 6.4.5).
fn beta_fraction(a: f64, b: f64, x: f64) -> f64 {
    let (sum, plus_one, minus_one) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - sum * x / plus_one;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..MAX_TERMS {
        let m = m as f64;
        let m2 = 2.0 * m;
        // The even step.
        let aa = m * (b - m) * x / ((minus_one + m2) * (a + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        h *= d * c;
        // The odd step.
        let aa = -(a + m) * (sum + m) * x / ((a + m2) * (plus_one + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let step = d * c;
        h *= step;
        if (step - 1.0).abs() < EPSILON {
            break;
        }
    }
    h
}

/// The probability that a chi-square variable with `df` degrees of freedom
/// exceeds `x` (R's `pchisq(x, df, lower.tail = FALSE)`). None unless
/// `df > 0` and `x` is a number; a negative `x` gives 1.
pub fn chi_square_upper(x: f64, df: f64) -> Option<f64> {
    if x.is_nan() {
        return None;
    }
    gamma_q(df / 2.0, (x / 2.0).max(0.0))
}

/// The two-sided p-value of a t statistic with `df` degrees of freedom
/// (R's `2 * pt(-abs(t), df)`). None unless `df > 0` and `t` is a number.
pub fn student_t_two_sided(t: f64, df: f64) -> Option<f64> {
    if t.is_nan() {
        return None;
    }
    if t.is_infinite() {
        return (df > 0.0).then_some(0.0);
    }
    beta_i(df / 2.0, 0.5, df / (df + t * t))
}

#[cfg(test)]
// Constants carry R's 17 printed digits, as in expected.txt, so the two
// can be compared by eye.
#[allow(clippy::excessive_precision)]
mod tests {
    use super::*;

    /// `(x, df, pchisq(x, df, lower.tail = FALSE))` from R 4.2.2, printed by
    /// `tests/fixtures/r/make_fixtures.R` (section 6 of `expected.txt`).
    #[rustfmt::skip]
    const PCHISQ: [(f64, f64, f64); 42] = [
        (0.001, 1.0, 9.74772879369960377e-01), (0.5, 1.0, 4.79500122186953481e-01),
        (1.0, 1.0, 3.17310507862914148e-01), (3.84, 1.0, 5.00435212487052236e-02),
        (10.0, 1.0, 1.56540225800255186e-03), (50.0, 1.0, 1.53745979442803433e-12),
        (200.0, 1.0, 2.08848758376254488e-45), (0.001, 2.0, 9.99500124979169291e-01),
        (0.5, 2.0, 7.78800783071404878e-01), (1.0, 2.0, 6.06530659712633424e-01),
        (3.84, 2.0, 1.46606962130350155e-01), (10.0, 2.0, 6.73794699908546700e-03),
        (50.0, 2.0, 1.38879438649640209e-11), (200.0, 2.0, 3.72007597602083612e-44),
        (0.001, 3.0, 9.99991592080942016e-01), (0.5, 3.0, 9.18891411654675916e-01),
        (1.0, 3.0, 8.01251956901200768e-01), (3.84, 3.0, 2.79267617118610312e-01),
        (10.0, 3.0, 1.85661354630432332e-02), (50.0, 3.0, 7.98917924495147041e-11),
        (200.0, 3.0, 4.21854110719204176e-43), (0.001, 5.0, 9.99999998318512273e-01),
        (0.5, 5.0, 9.92123293232629599e-01), (1.0, 5.0, 9.62565773247296419e-01),
        (3.84, 5.0, 5.72674459832088756e-01), (10.0, 5.0, 7.52352461465121969e-02),
        (50.0, 5.0, 1.38579733670095934e-09), (200.0, 5.0, 2.84062289864153151e-41),
        (0.001, 10.0, 1.00000000000000000e+00), (0.5, 10.0, 9.99993388289438956e-01),
        (1.0, 10.0, 9.99827884370044107e-01), (3.84, 10.0, 9.54276304320735846e-01),
        (10.0, 10.0, 4.40493285065212459e-01), (50.0, 10.0, 2.66908342490449566e-07),
        (200.0, 10.0, 1.61393053369773091e-37), (0.001, 30.0, 1.00000000000000000e+00),
        (0.5, 30.0, 1.00000000000000000e+00), (1.0, 30.0, 1.00000000000000000e+00),
        (3.84, 30.0, 9.99999997739364543e-01), (10.0, 30.0, 9.99773746323823209e-01),
        (50.0, 30.0, 1.24020607189005826e-02), (200.0, 30.0, 4.95273352900319080e-27),
    ];

    /// `(t, df, 2 * pt(t, df, lower.tail = FALSE))` from R 4.2.2, as above.
    #[rustfmt::skip]
    const PT: [(f64, f64, f64); 20] = [
        (0.1, 1.0, 9.36548965138892853e-01), (1.0, 1.0, 4.99999999999999556e-01),
        (2.5, 1.0, 2.42237883181686708e-01), (6.0, 1.0, 1.05136913422506847e-01),
        (40.0, 1.0, 1.59121798240516241e-02), (0.1, 3.0, 9.26652348800805825e-01),
        (1.0, 3.0, 3.91002218955770531e-01), (2.5, 3.0, 8.77066470080655053e-02),
        (6.0, 3.0, 9.27271489228466070e-03), (40.0, 3.0, 3.43806807891585398e-05),
        (0.1, 10.0, 9.22320718564408337e-01), (1.0, 10.0, 3.40893132302060087e-01),
        (2.5, 10.0, 3.14468442366087758e-02), (6.0, 10.0, 1.32108860354785681e-04),
        (40.0, 10.0, 2.28085774308574746e-12), (0.1, 57.0, 9.20695218271180060e-01),
        (1.0, 57.0, 3.21536935264267465e-01), (2.5, 57.0, 1.53211371019471871e-02),
        (6.0, 57.0, 1.43838328907623615e-07), (40.0, 57.0, 2.09497689158624418e-43),
    ];

    fn assert_relative(got: f64, want: f64, tolerance: f64, what: &str) {
        let error = ((got - want) / want).abs();
        assert!(
            error < tolerance,
            "{what}: got {got:e}, R gives {want:e} (relative {error:e})"
        );
    }

    #[test]
    fn the_chi_square_upper_tail_matches_r_to_1e_12() {
        for (x, df, want) in PCHISQ {
            let got = chi_square_upper(x, df).unwrap();
            assert_relative(got, want, 1e-12, &format!("pchisq({x}, {df})"));
        }
    }

    #[test]
    fn the_t_two_sided_p_matches_r_to_1e_12() {
        for (t, df, want) in PT {
            let got = student_t_two_sided(t, df).unwrap();
            assert_relative(got, want, 1e-12, &format!("pt({t}, {df})"));
            let mirrored = student_t_two_sided(-t, df).unwrap();
            assert_relative(mirrored, want, 1e-12, &format!("pt(-{t}, {df})"));
        }
    }

    #[test]
    fn ln_gamma_gives_factorials_and_the_half() {
        for (n, factorial) in [(1.0, 1.0), (2.0, 1.0), (5.0, 24.0), (11.0, 3_628_800.0_f64)] {
            assert!((ln_gamma(n) - factorial.ln()).abs() < 1e-13, "ln Γ({n})");
        }
        let half = std::f64::consts::PI.sqrt().ln();
        assert!((ln_gamma(0.5) - half).abs() < 1e-14);
        assert!((ln_gamma(0.25) - 1.288_022_524_698_077_5).abs() < 1e-13);
    }

    #[test]
    fn edges_and_bad_arguments() {
        assert_eq!(chi_square_upper(0.0, 3.0), Some(1.0));
        assert_eq!(chi_square_upper(-2.0, 3.0), Some(1.0));
        assert_eq!(chi_square_upper(f64::INFINITY, 3.0), Some(0.0));
        assert_eq!(chi_square_upper(f64::NAN, 3.0), None);
        assert_eq!(chi_square_upper(1.0, 0.0), None);
        assert_eq!(student_t_two_sided(0.0, 4.0), Some(1.0));
        assert_eq!(student_t_two_sided(f64::INFINITY, 4.0), Some(0.0));
        assert_eq!(student_t_two_sided(1.0, -1.0), None);
        assert_eq!(beta_i(2.0, 3.0, 1.5), None);
    }
}
