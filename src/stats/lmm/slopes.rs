//! A linear mixed model with a correlated random intercept and slope per
//! group, `y ~ terms + (1 + s | group)`, fitted as lme4 fits it.
//!
//! Group `i`'s random effects are `b_i = Λ u_i`, `u_i ~ N(0, s² I)`, with
//! the relative covariance factor `Λ = [θ1 0; θ2 θ3]` (lme4's `theta`, its
//! lower triangle column by column), so `Var(b_i) = s² Λ Λ'`. With `Z_i =
//! [1 s]` the group's random-effects matrix, Bates, Mächler, Bolker and
//! Walker (2015, section 3) profile out the fixed effects and `s²`:
//!
//! ```text
//! ML:   -2 l(θ)   = log|L|² + n (1 + log(2 pi r² / n))
//! REML: -2 l_R(θ) = log|L|² + log|R_X|² + (n - p) (1 + log(2 pi r² / (n - p)))
//! ```
//!
//! with `log|L|² = Σ_i log det(Λ' Z_i' Z_i Λ + I)`, `R_X' R_X = X' W X`,
//! `r² = min_b (y - X b)' W (y - X b)` and, group by group, `W_i = I - Z_i
//! Λ (Λ' Z_i' Z_i Λ + I)⁻¹ Λ' Z_i'`. Everything comes from each group's
//! `Z_i' Z_i` (2 x 2) and `Z_i' [X y]` and the total `[X y]' [X y]`: no
//! `n x n` matrix.
//!
//! The criterion depends on `θ` only through `Λ Λ'`, which is the same
//! for `Λ` with a column's sign flipped; so it is minimized over all of
//! `θ` by Nelder and Mead's simplex (derivative-free, as lme4's default
//! optimizers are), restarted from its best point until a restart no
//! longer improves it, and `θ` is then reported with a non-negative
//! diagonal, as lme4's bounds keep it.

use super::*;
use std::collections::BTreeMap;

/// The criterion at the simplex's points must agree to this fraction...
const SIMPLEX_VALUE_TOLERANCE: f64 = 1e-15;
/// ...or its points to this distance in `θ`, for the search to stop.
const SIMPLEX_SIZE_TOLERANCE: f64 = 1e-10;
/// Criterion evaluations allowed to one simplex search.
const MAX_EVALUATIONS: usize = 20_000;
/// Restarts from the best point; each re-opens a simplex around it.
const MAX_RESTARTS: usize = 6;
/// A restart that improves the criterion by less than this stops them.
const RESTART_GAIN: f64 = 1e-12;
/// lme4's starting `θ`: uncorrelated, each standard deviation `s`.
const START: [f64; 3] = [1.0, 0.0, 1.0];

/// A model matrix reduced to what the random-slope fit needs.
#[derive(Clone, Debug)]
pub struct SlopeDesign {
    /// The kept fixed-effect columns' names, as lme4 names them.
    pub columns: Vec<String>,
    /// Columns dropped as aliased, as lme4 drops them.
    pub dropped: Vec<String>,
    /// The numeric term whose slope varies by group.
    pub slope: String,
    /// Complete rows used.
    pub observations: usize,
    /// Each group's `Z_i' Z_i`, `Z_i = [1 s]`.
    ztz: Vec<DMatrix<f64>>,
    /// Each group's `Z_i' [X y]` (2 x `p + 1`).
    ztxy: Vec<DMatrix<f64>>,
    /// `[X y]' [X y]` over every row.
    xy_xy: DMatrix<f64>,
}

impl SlopeDesign {
    /// The model `response ~ terms + (1 + slope | group)` on the rows
    /// complete in the response and the terms; `slope` must be one of
    /// `terms`, numeric.
    pub fn build(data: &Data, terms: &[&str], slope: &str) -> Result<SlopeDesign, LmmError> {
        SlopeDesign::build_complete_in(data, terms, slope, &[])
    }

    /// As [`SlopeDesign::build`], on the rows complete in `also` as well,
    /// so that two models can be compared on the same rows.
    pub fn build_complete_in(
        data: &Data,
        terms: &[&str],
        slope: &str,
        also: &[&str],
    ) -> Result<SlopeDesign, LmmError> {
        let used: Vec<&design::Column> = terms
            .iter()
            .chain(also)
            .flat_map(|term| term.split(':'))
            .map(|name| data.column(name))
            .collect::<Result<_, _>>()?;
        let rows: Vec<usize> = (0..data.rows())
            .filter(|&row| data.complete(row, &used))
            .collect();
        let (names, x) = design::model_matrix(data, terms, &rows)?;
        let kept = design::unaliased(&x);
        let dropped = (0..names.len())
            .filter(|j| !kept.contains(j))
            .map(|j| names[j].clone())
            .collect();
        let columns: Vec<String> = kept.iter().map(|&j| names[j].clone()).collect();
        let slope_column = columns
            .iter()
            .position(|c| c == slope)
            .ok_or_else(|| LmmError::UnknownColumn(slope.to_string()))?;
        let x = x.select_columns(kept.iter());
        let p = columns.len();
        let mut index: BTreeMap<&str, usize> = BTreeMap::new();
        for &r in &rows {
            let next = index.len();
            index.entry(data.groups[r].as_str()).or_insert(next);
        }
        let groups = index.len();
        let mut ztz: Vec<DMatrix<f64>> = vec![DMatrix::zeros(2, 2); groups];
        let mut ztxy: Vec<DMatrix<f64>> = vec![DMatrix::zeros(2, p + 1); groups];
        let mut xy_xy: DMatrix<f64> = DMatrix::zeros(p + 1, p + 1);
        for (i, &r) in rows.iter().enumerate() {
            let g = index[data.groups[r].as_str()];
            let xy: DVector<f64> = DVector::from_fn(p + 1, |j, _| {
                if j < p {
                    x[(i, j)]
                } else {
                    data.response[r].unwrap_or(0.0)
                }
            });
            let z = DVector::from_vec(vec![1.0, x[(i, slope_column)]]);
            ztz[g] += &z * z.transpose();
            ztxy[g] += &z * xy.transpose();
            xy_xy += &xy * xy.transpose();
        }
        Ok(SlopeDesign {
            columns,
            dropped,
            slope: slope.to_string(),
            observations: rows.len(),
            ztz,
            ztxy,
            xy_xy,
        })
    }

    /// Groups with complete rows.
    pub fn groups(&self) -> usize {
        self.ztz.len()
    }
}

/// A fitted random-intercept-and-slope model.
#[derive(Clone, Debug, PartialEq)]
pub struct SlopeFit {
    /// The likelihood maximized.
    pub criterion: Criterion,
    /// The fixed effects, in the model matrix's order.
    pub coefficients: Vec<Coefficient>,
    /// The fixed effects' covariance `s² (X' W X)⁻¹` (lme4's `vcov`).
    pub covariance: DMatrix<f64>,
    /// Columns dropped as aliased before fitting.
    pub dropped: Vec<String>,
    /// The numeric term whose slope varies by group.
    pub slope: String,
    /// The random intercepts' variance, response units squared.
    pub intercept_variance: f64,
    /// The random slopes' variance, (response units per slope unit)².
    pub slope_variance: f64,
    /// The correlation of a group's intercept and slope; 0 where either
    /// variance is 0 (lme4 prints `NaN` then).
    pub correlation: f64,
    /// The residual variance `s²`.
    pub residual_variance: f64,
    /// lme4's `theta`: `Λ`'s lower triangle column by column, diagonal
    /// non-negative.
    pub theta: [f64; 3],
    /// The maximized log-likelihood (the restricted one for REML).
    pub log_likelihood: f64,
    /// `-2 log_likelihood`: lme4's `REMLcrit` or `deviance`.
    pub deviance: f64,
    /// The ML log-likelihood at this fit's `θ` (for an ML fit, the maximum).
    pub ml_log_likelihood: f64,
    /// Complete rows used.
    pub observations: usize,
    /// Groups with complete rows.
    pub groups: usize,
}

impl SlopeFit {
    /// The fixed effect named `name`, if the model has it.
    pub fn coefficient(&self, name: &str) -> Option<&Coefficient> {
        self.coefficients.iter().find(|c| c.name == name)
    }

    /// Variance parameters: three of the random effects and the residual.
    pub fn variance_parameters(&self) -> usize {
        4
    }
}

/// Fits `design` by REML or ML.
pub fn fit_slopes(design: &SlopeDesign, criterion: Criterion) -> Result<SlopeFit, LmmError> {
    let p = design.columns.len();
    let n = design.observations;
    let groups = design.groups();
    if groups < 2 {
        return Err(LmmError::TooFewGroups(groups));
    }
    // lme4 refuses as many random effects as rows: each group's line
    // would fit its rows exactly.
    if n <= 2 * groups {
        return Err(LmmError::TooFewObservations {
            observations: n,
            columns: 2 * groups,
        });
    }
    if n <= p {
        return Err(LmmError::TooFewObservations {
            observations: n,
            columns: p,
        });
    }
    let df = match criterion {
        Criterion::Ml => n as f64,
        Criterion::Reml => (n - p) as f64,
    };
    let criterion_at = |theta: &[f64; 3]| {
        evaluate(design, criterion, df, theta).map_or(f64::INFINITY, |e| e.deviance)
    };
    let mut best = START;
    let mut best_value = criterion_at(&best);
    for _ in 0..MAX_RESTARTS {
        let (theta, value) = nelder_mead(&criterion_at, best);
        let gain = best_value - value;
        if value < best_value {
            best = theta;
            best_value = value;
        }
        if gain.is_nan() || gain <= RESTART_GAIN * best_value.abs().max(1.0) {
            break;
        }
    }
    let theta = canonical(&best);
    let at = evaluate(design, criterion, df, &theta).ok_or(LmmError::NoResidualVariation)?;
    let residual_variance = at.pwrss / df;
    let covariance = at.xtwx_inverse() * residual_variance;
    let coefficients = design
        .columns
        .iter()
        .zip(at.beta.iter())
        .zip(covariance.diagonal().iter())
        .map(|((name, &estimate), &variance)| {
            let se = variance.sqrt();
            Coefficient {
                name: name.clone(),
                estimate,
                se,
                ci_low: estimate - Z_95 * se,
                ci_high: estimate + Z_95 * se,
            }
        })
        .collect();
    let [t1, t2, t3] = theta;
    let intercept_variance = residual_variance * t1 * t1;
    let slope_variance = residual_variance * (t2 * t2 + t3 * t3);
    let correlation = if intercept_variance > 0.0 && slope_variance > 0.0 {
        (t2 / (t2 * t2 + t3 * t3).sqrt()).clamp(-1.0, 1.0)
    } else {
        0.0
    };
    Ok(SlopeFit {
        criterion,
        coefficients,
        covariance,
        dropped: design.dropped.clone(),
        slope: design.slope.clone(),
        intercept_variance,
        slope_variance,
        correlation,
        residual_variance,
        theta,
        log_likelihood: -at.deviance / 2.0,
        deviance: at.deviance,
        ml_log_likelihood: -at.ml_deviance / 2.0,
        observations: n,
        groups,
    })
}

/// `θ` with `Λ`'s columns' signs chosen so the diagonal is non-negative:
/// the same `Λ Λ'`, as lme4 reports it.
fn canonical(theta: &[f64; 3]) -> [f64; 3] {
    let first = if theta[0] < 0.0 { -1.0 } else { 1.0 };
    [theta[0].abs(), first * theta[1], theta[2].abs()]
}

/// The profiled criterion and what it was computed from, at one `θ`.
struct Evaluation {
    deviance: f64,
    ml_deviance: f64,
    beta: DVector<f64>,
    pwrss: f64,
    /// The Cholesky factor of `X' W X`.
    l_x: DMatrix<f64>,
}

impl Evaluation {
    /// `(X' W X)⁻¹` from its Cholesky factor.
    fn xtwx_inverse(&self) -> DMatrix<f64> {
        let p = self.l_x.nrows();
        let inverse = self
            .l_x
            .solve_lower_triangular(&DMatrix::identity(p, p))
            .unwrap_or_else(|| DMatrix::from_element(p, p, f64::NAN));
        inverse.tr_mul(&inverse)
    }
}

/// The criterion at `theta` (`df` dividing `r²` into `s²`), or None where
/// `[X y]' W [X y]` is not positive definite (the response fitted exactly).
fn evaluate(
    design: &SlopeDesign,
    criterion: Criterion,
    df: f64,
    theta: &[f64; 3],
) -> Option<Evaluation> {
    let p = design.columns.len();
    let n = design.observations as f64;
    let lambda = DMatrix::from_row_slice(2, 2, &[theta[0], 0.0, theta[1], theta[2]]);
    let mut m = design.xy_xy.clone();
    let mut log_l2 = 0.0;
    for (ztz, ztxy) in design.ztz.iter().zip(&design.ztxy) {
        // G = Λ' Z'Z Λ + I = L_i L_i'; then W's part of [X y]'W[X y] is
        // -(L_i⁻¹ Λ' Z'[X y])' (L_i⁻¹ Λ' Z'[X y]).
        let g = lambda.tr_mul(ztz) * &lambda + DMatrix::identity(2, 2);
        let l_i = Cholesky::new(g)?.l();
        log_l2 += 2.0 * l_i.diagonal().iter().map(|v| v.ln()).sum::<f64>();
        let c = l_i.solve_lower_triangular(&lambda.tr_mul(ztxy))?;
        m -= c.tr_mul(&c);
    }
    let m_yy = design.xy_xy[(p, p)];
    let l = Cholesky::new(m)?.l();
    let pwrss = l[(p, p)].powi(2);
    if pwrss.is_nan() || pwrss <= RESIDUAL_FLOOR * m_yy {
        return None;
    }
    let l_x = l.view((0, 0), (p, p)).into_owned();
    let l_y: DVector<f64> = l.row(p).columns(0, p).transpose();
    let beta = l_x.transpose().solve_upper_triangular(&l_y)?;
    let log_rx2: f64 = 2.0 * l_x.diagonal().iter().map(|v| v.ln()).sum::<f64>();
    let two_pi = 2.0 * std::f64::consts::PI;
    let ml_deviance = log_l2 + n * (1.0 + (two_pi * pwrss / n).ln());
    let deviance = match criterion {
        Criterion::Ml => ml_deviance,
        Criterion::Reml => log_l2 + log_rx2 + df * (1.0 + (two_pi * pwrss / df).ln()),
    };
    Some(Evaluation {
        deviance,
        ml_deviance,
        beta,
        pwrss,
        l_x,
    })
}

/// The minimum of `f` near `start` by Nelder and Mead's simplex (Lagarias
/// et al. 1998's rules: reflect, expand, contract outside or inside,
/// shrink), the simplex opened with steps of a fifth of each coordinate
/// (0.2 at 0). Returns the best point and its value.
fn nelder_mead(f: &impl Fn(&[f64; 3]) -> f64, start: [f64; 3]) -> ([f64; 3], f64) {
    let mut points = vec![start];
    for k in 0..3 {
        let mut p = start;
        p[k] += if p[k] == 0.0 { 0.2 } else { 0.2 * p[k].abs() };
        points.push(p);
    }
    let mut values: Vec<f64> = points.iter().map(f).collect();
    let mut evaluations = points.len();
    let blend = |a: &[f64; 3], b: &[f64; 3], t: f64| -> [f64; 3] {
        [
            a[0] + t * (b[0] - a[0]),
            a[1] + t * (b[1] - a[1]),
            a[2] + t * (b[2] - a[2]),
        ]
    };
    while evaluations < MAX_EVALUATIONS {
        let mut order: Vec<usize> = (0..4).collect();
        order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
        points = order.iter().map(|&i| points[i]).collect();
        values = order.iter().map(|&i| values[i]).collect();
        let spread = values[3] - values[0];
        let first = points[0];
        let size = points[1..]
            .iter()
            .flat_map(|p| p.iter().zip(first).map(|(a, b)| (a - b).abs()))
            .fold(0.0, f64::max);
        if spread <= SIMPLEX_VALUE_TOLERANCE * values[0].abs().max(1.0)
            || size <= SIMPLEX_SIZE_TOLERANCE
        {
            break;
        }
        let mut centroid = [0.0; 3];
        for p in &points[..3] {
            for (c, v) in centroid.iter_mut().zip(p) {
                *c += v / 3.0;
            }
        }
        let worst = points[3];
        let reflected = blend(&centroid, &worst, -1.0);
        let f_r = f(&reflected);
        evaluations += 1;
        if f_r < values[0] {
            let expanded = blend(&centroid, &worst, -2.0);
            let f_e = f(&expanded);
            evaluations += 1;
            (points[3], values[3]) = if f_e < f_r {
                (expanded, f_e)
            } else {
                (reflected, f_r)
            };
            continue;
        }
        if f_r < values[2] {
            (points[3], values[3]) = (reflected, f_r);
            continue;
        }
        let (contracted, limit) = if f_r < values[3] {
            (blend(&centroid, &worst, -0.5), f_r)
        } else {
            (blend(&centroid, &worst, 0.5), values[3])
        };
        let f_c = f(&contracted);
        evaluations += 1;
        if f_c < limit {
            (points[3], values[3]) = (contracted, f_c);
            continue;
        }
        let kept = points[0];
        for (p, v) in points.iter_mut().zip(values.iter_mut()).skip(1) {
            *p = blend(&kept, p, 0.5);
            *v = f(p);
        }
        evaluations += 3;
    }
    let best = (0..points.len())
        .min_by(|&a, &b| values[a].total_cmp(&values[b]))
        .unwrap_or(0);
    (points[best], values[best])
}

/// The likelihood-ratio test of a random-intercept fit against a fit
/// adding the random slope (and perhaps fixed effects): both ML fits on
/// the same rows; the slope adds two variance parameters (its variance
/// and its correlation with the intercept). A plain chi-square, as lme4's
/// `anova` gives it (conservative for a variance on its boundary).
pub fn slope_likelihood_ratio(reduced: &Fit, full: &SlopeFit) -> Result<LikelihoodRatio, LmmError> {
    if reduced.criterion != Criterion::Ml || full.criterion != Criterion::Ml {
        return Err(LmmError::NotComparable("both fits must be ML fits"));
    }
    if reduced.observations != full.observations {
        return Err(LmmError::NotComparable("the fits use different rows"));
    }
    let reduced_parameters = reduced.coefficients.len() + 2;
    let full_parameters = full.coefficients.len() + full.variance_parameters();
    chi_square_test(
        reduced.log_likelihood,
        full.log_likelihood,
        reduced_parameters,
        full_parameters,
    )
}

/// The likelihood-ratio test between two nested random-slope ML fits on
/// the same rows, `full` with more fixed effects.
pub fn slopes_likelihood_ratio(
    reduced: &SlopeFit,
    full: &SlopeFit,
) -> Result<LikelihoodRatio, LmmError> {
    if reduced.criterion != Criterion::Ml || full.criterion != Criterion::Ml {
        return Err(LmmError::NotComparable("both fits must be ML fits"));
    }
    if reduced.observations != full.observations {
        return Err(LmmError::NotComparable("the fits use different rows"));
    }
    chi_square_test(
        reduced.log_likelihood,
        full.log_likelihood,
        reduced.coefficients.len(),
        full.coefficients.len(),
    )
}

/// `2 (l_full - l_reduced)` floored at 0, on the difference in parameters.
fn chi_square_test(
    reduced_log_likelihood: f64,
    full_log_likelihood: f64,
    reduced_parameters: usize,
    full_parameters: usize,
) -> Result<LikelihoodRatio, LmmError> {
    let df = full_parameters
        .checked_sub(reduced_parameters)
        .filter(|&df| df > 0)
        .ok_or(LmmError::NotComparable(
            "the full model has no more parameters than the reduced one",
        ))?;
    let chi_square = (2.0 * (full_log_likelihood - reduced_log_likelihood)).max(0.0);
    let p = chisq::chi_square_upper(chi_square, df as f64)
        .ok_or(LmmError::NotComparable("the statistic is not a number"))?;
    Ok(LikelihoodRatio { chi_square, df, p })
}

#[cfg(test)]
#[path = "slopes_tests.rs"]
mod tests;
