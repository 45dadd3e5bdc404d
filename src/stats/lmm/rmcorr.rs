//! The repeated-measures correlation (Bakdash & Marusich 2017).

use super::*;
use std::collections::BTreeMap;

/// A repeated-measures correlation (Bakdash & Marusich 2017): the
/// correlation of two measures within subjects, the subjects' own levels
/// taken out.
#[derive(Clone, Debug, PartialEq)]
pub struct RepeatedCorrelation {
    /// `r_rm`, from -1 to 1.
    pub r: f64,
    /// Residual degrees of freedom: rows - subjects - 1.
    pub df: usize,
    /// The two-sided p-value (the F test of the common slope).
    pub p: f64,
    /// The 95% interval by Fisher's z with standard error
    /// `1 / sqrt(df - 3)`, as the rmcorr package gives it; None for
    /// `df <= 3`.
    pub ci: Option<(f64, f64)>,
    /// Rows used (both measures present).
    pub observations: usize,
    /// Subjects with rows.
    pub subjects: usize,
}

/// The repeated-measures correlation between `x` and `y` measured on
/// `subject` (R's `rmcorr(subject, x, y)`, which fits
/// `lm(y ~ factor(subject) + x)`). Rows where `x` or `y` is NaN are
/// skipped, as rmcorr's `na.omit`.
pub fn repeated_measures_correlation<S: Ord>(
    subject: &[S],
    x: &[f64],
    y: &[f64],
) -> Result<RepeatedCorrelation, LmmError> {
    if subject.len() != x.len() || x.len() != y.len() {
        return Err(LmmError::NoCorrelation(
            "the three columns differ in length",
        ));
    }
    let mut by_subject: BTreeMap<&S, Vec<(f64, f64)>> = BTreeMap::new();
    for ((s, &x), &y) in subject.iter().zip(x).zip(y) {
        if x.is_finite() && y.is_finite() {
            by_subject.entry(s).or_default().push((x, y));
        }
    }
    let observations: usize = by_subject.values().map(Vec::len).sum();
    let subjects = by_subject.len();
    let df = observations
        .checked_sub(subjects + 1)
        .filter(|&df| df > 0)
        .ok_or(LmmError::NoCorrelation("too few rows for the subjects"))?;
    // The slope's sums of squares after each subject's own means.
    let (mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0);
    for pairs in by_subject.values() {
        let count = pairs.len() as f64;
        let mean_x = pairs.iter().map(|p| p.0).sum::<f64>() / count;
        let mean_y = pairs.iter().map(|p| p.1).sum::<f64>() / count;
        for (x, y) in pairs {
            sxx += (x - mean_x).powi(2);
            syy += (y - mean_y).powi(2);
            sxy += (x - mean_x) * (y - mean_y);
        }
    }
    if sxx <= 0.0 || syy <= 0.0 {
        return Err(LmmError::NoCorrelation(
            "a measure does not vary within subjects",
        ));
    }
    let r = (sxy / (sxx * syy).sqrt()).clamp(-1.0, 1.0);
    let t = r * (df as f64 / (1.0 - r * r)).sqrt();
    let p = chisq::student_t_two_sided(t, df as f64)
        .ok_or(LmmError::NoCorrelation("the statistic is not a number"))?;
    let ci = (df > 3).then(|| {
        let (z, half) = (r.atanh(), Z_95 / ((df - 3) as f64).sqrt());
        ((z - half).tanh(), (z + half).tanh())
    });
    Ok(RepeatedCorrelation {
        r,
        df,
        p,
        ci,
        observations,
        subjects,
    })
}
