//! A linear mixed model with one random intercept per group, fitted as
//! lme4's `lmer(y ~ terms + (1 | group))` fits it, and the
//! repeated-measures correlation of Bakdash and Marusich (2017).
//!
//! The model is `y = X b + Z u + e` with `u ~ N(0, s_b² I)` (one intercept
//! per group) and `e ~ N(0, s² I)`. Following Bates, Mächler, Bolker and
//! Walker (2015, "Fitting linear mixed-effects models using lme4", section
//! 3), the fixed effects and `s²` are profiled out, leaving a criterion in
//! the relative standard deviation `theta = s_b / s` alone:
//!
//! ```text
//! ML:   -2 l(theta)   = log|L|² + n (1 + log(2 pi r² / n))
//! REML: -2 l_R(theta) = log|L|² + log|R_X|² + (n - p) (1 + log(2 pi r² / (n - p)))
//! ```
//!
//! where `log|L|² = Σ_i log(1 + n_i theta²)` over the groups, `R_X' R_X =
//! X' W X`, `r²` is the penalized residual sum of squares `(y - X b)' W (y -
//! X b)` and `W = (V / s²)^-1`. With one intercept per group, `W` is block
//! diagonal and each block is compound-symmetric, so everything comes from
//! the group sizes, the group means of `[X y]` and the within-group
//! cross-products of `[X y]` (see [`Design`]): no `n x n` matrix, and each
//! evaluation costs `groups x p²`. On the block of group `i`,
//! `W_i = (I - P_i) + P_i / (1 + n_i theta²)` with `P_i` the projection on
//! the group's mean, so `[X y]' W [X y]` is the within-group cross-product
//! plus the group means' outer products weighted by `n_i / (1 + n_i
//! theta²)`: no subtraction of nearly equal sums.
//!
//! The criterion is minimized over `tau = theta² >= 0` by a grid, then
//! Brent's root finder on its derivative (written out in
//! `Profile::evaluate`), which places `theta` to about 1e-14 relative;
//! a minimum on the boundary gives `theta = 0` exactly, as lme4's bounded
//! optimizer does.
//!
//! The random intercept and slope `(1 + s | group)`, correlated, is
//! [`fit_slopes`] on a [`SlopeDesign`] (`slopes.rs`): lme4's profiled
//! criterion over the relative covariance factor, minimized by a simplex.
//!
//! Words used below: a *term* is a predictor as named in a formula
//! (`condition`, `t_min`); a *column* is one column of the model matrix
//! (`conditionclassic`), named exactly as R's `model.matrix` names it.

mod design;
mod rmcorr;
mod slopes;

use crate::stats::chisq;
use nalgebra::{Cholesky, DMatrix, DVector};

pub use design::{Data, Design};
pub use rmcorr::{repeated_measures_correlation, RepeatedCorrelation};
pub use slopes::{
    fit_slopes, slope_likelihood_ratio, slopes_likelihood_ratio, SlopeDesign, SlopeFit,
};

/// The standard normal quantile for two-sided 95% Wald intervals
/// (R's `qnorm(0.975)`).
pub const Z_95: f64 = 1.959_963_984_540_054;

/// R's tolerance for aliased columns: lme4 drops a column whose residual,
/// after the columns before it, is below this fraction of its own norm (R's
/// `qr(X, tol = 1e-7)`, LINPACK's limited pivoting).
pub const RANK_TOLERANCE: f64 = 1e-7;

/// The name R gives the intercept column.
pub const INTERCEPT: &str = "(Intercept)";

/// The search grid's `theta` values run from this...
const GRID_LOW: f64 = 1e-4;
/// ...to this, besides 0; a minimum at the top means the within-group
/// residual vanishes.
const GRID_HIGH: f64 = 1e4;
/// Grid points per factor of ten in `theta`.
const GRID_PER_DECADE: usize = 8;
/// Points of a finer grid laid over a bracket whose ends do not show the
/// derivative's change of sign (a bump smaller than the first grid's step).
const REFINE_POINTS: usize = 9;
/// How many times a bracket may be refined before giving up.
const MAX_REFINES: usize = 12;
/// Brent's root finder stops within this fraction of the bracket's top.
const ROOT_TOLERANCE: f64 = 1e-14;
/// Iterations of Brent's root finder; it needs a few dozen at most.
const MAX_ROOT_STEPS: usize = 200;
/// A penalized residual sum of squares below this fraction of the
/// response's weighted sum of squares is rounding noise: the fixed effects
/// fit the response exactly.
const RESIDUAL_FLOOR: f64 = 1e-14;

/// Why a model could not be set up or fitted.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LmmError {
    /// A column's length differs from the response's.
    #[error("column {name:?} has {got} rows, the response {want}")]
    Length {
        /// The column.
        name: String,
        /// Its rows.
        got: usize,
        /// The response's rows.
        want: usize,
    },
    /// Two columns, or two levels of one factor, share a name.
    #[error("{0:?} is named twice")]
    Duplicate(String),
    /// A formula names a column the data does not have.
    #[error("no column named {0:?}")]
    UnknownColumn(String),
    /// A factor's value is not among its levels.
    #[error("factor {name:?}, row {row}: {value:?} is not one of its levels")]
    UnknownLevel {
        /// The factor.
        name: String,
        /// The row, from 0.
        row: usize,
        /// The value.
        value: String,
    },
    /// A number is infinite or NaN (a missing value is `None`).
    #[error("{name:?}, row {row}: {value} is not a finite number")]
    NotFinite {
        /// The column (or `response`).
        name: String,
        /// The row, from 0.
        row: usize,
        /// The value.
        value: f64,
    },
    /// Too few complete rows for the fixed effects (REML needs more rows
    /// than columns).
    #[error("{observations} complete rows cannot estimate {columns} fixed effects")]
    TooFewObservations {
        /// Complete rows.
        observations: usize,
        /// Model-matrix columns kept.
        columns: usize,
    },
    /// A random intercept needs at least two groups (lme4 refuses one).
    #[error("{0} group(s) with data: a random intercept needs at least two")]
    TooFewGroups(usize),
    /// Every group has a single row, so the intercepts and the residual
    /// cannot be told apart (lme4 refuses this too).
    #[error("each of the {0} groups has one row: group and residual variance are confounded")]
    OneRowPerGroup(usize),
    /// The fixed effects fit the response exactly, or within the groups.
    #[error("the response has no residual variation left to model")]
    NoResidualVariation,
    /// The criterion's minimum could not be bracketed.
    #[error("the variance search found no minimum")]
    NoMinimum,
    /// Two fits cannot be compared by a likelihood-ratio test.
    #[error("likelihood-ratio test: {0}")]
    NotComparable(&'static str),
    /// A correlation is undefined: one measure does not vary within the
    /// subjects, or too few rows are left.
    #[error("repeated-measures correlation: {0}")]
    NoCorrelation(&'static str),
}

/// Which likelihood a fit maximizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Criterion {
    /// Restricted maximum likelihood: lme4's default, unbiased variances.
    Reml,
    /// Maximum likelihood: for likelihood-ratio tests of fixed effects.
    Ml,
}

/// One fixed effect.
#[derive(Clone, Debug, PartialEq)]
pub struct Coefficient {
    /// The model-matrix column, as lme4 names it (`conditionclassic`).
    pub name: String,
    /// The estimate, in response units per unit of the column.
    pub estimate: f64,
    /// Its standard error, from `s² (X' V⁻¹ X)⁻¹` (lme4's `vcov`).
    pub se: f64,
    /// The Wald 95% interval's lower end, `estimate - Z_95 se`.
    pub ci_low: f64,
    /// The Wald 95% interval's upper end, `estimate + Z_95 se`.
    pub ci_high: f64,
}

/// A fitted random-intercept model.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The likelihood maximized.
    pub criterion: Criterion,
    /// The fixed effects, in the model matrix's order.
    pub coefficients: Vec<Coefficient>,
    /// The fixed effects' covariance `s² (X' V⁻¹ X)⁻¹` (lme4's `vcov`),
    /// rows and columns in [`Fit::coefficients`] order.
    pub covariance: DMatrix<f64>,
    /// Columns dropped as aliased before fitting.
    pub dropped: Vec<String>,
    /// The group (random-intercept) variance `s_b²`, response units squared.
    pub group_variance: f64,
    /// The residual variance `s²`, response units squared.
    pub residual_variance: f64,
    /// `s_b / s` at the optimum (lme4's `theta`).
    pub theta: f64,
    /// The maximized log-likelihood as lme4's `logLik` gives it: the
    /// restricted one for a REML fit.
    pub log_likelihood: f64,
    /// `-2 log_likelihood`: lme4's `REMLcrit` for a REML fit, its
    /// `deviance` for an ML fit.
    pub deviance: f64,
    /// The ML log-likelihood at this fit's estimates (lme4's
    /// `-deviance(fit, REML = FALSE) / 2`); for an ML fit, the maximum.
    pub ml_log_likelihood: f64,
    /// Complete rows used.
    pub observations: usize,
    /// Groups with complete rows.
    pub groups: usize,
}

impl Fit {
    /// The intraclass correlation `s_b² / (s_b² + s²)`: the share of the
    /// variance between groups.
    pub fn icc(&self) -> f64 {
        self.group_variance / (self.group_variance + self.residual_variance)
    }

    /// The fixed effect named `name`, if the model has it.
    pub fn coefficient(&self, name: &str) -> Option<&Coefficient> {
        self.coefficients.iter().find(|c| c.name == name)
    }

    /// The linear combination `Σ weight × coefficient` of the fixed
    /// effects named in `weights`, with its standard error from
    /// [`Fit::covariance`] and its Wald 95% interval, named `name` (a
    /// difference between two conditions is `[(a, 1), (b, -1)]`, a level
    /// absent from the model contributing nothing). None if a name is not
    /// one of the fit's coefficients.
    pub fn combination(&self, name: &str, weights: &[(&str, f64)]) -> Option<Coefficient> {
        let mut w = DVector::zeros(self.coefficients.len());
        for &(column, weight) in weights {
            let j = self.coefficients.iter().position(|c| c.name == column)?;
            w[j] += weight;
        }
        let estimate = self
            .coefficients
            .iter()
            .zip(w.iter())
            .map(|(c, w)| c.estimate * w)
            .sum::<f64>();
        let se = (&self.covariance * &w).dot(&w).max(0.0).sqrt();
        Some(Coefficient {
            name: name.to_string(),
            estimate,
            se,
            ci_low: estimate - Z_95 * se,
            ci_high: estimate + Z_95 * se,
        })
    }
}

/// Fits `design` by REML or ML.
pub fn fit(design: &Design, criterion: Criterion) -> Result<Fit, LmmError> {
    let p = design.columns.len();
    let n = design.observations;
    let groups = design.groups();
    if groups < 2 {
        return Err(LmmError::TooFewGroups(groups));
    }
    if groups == n {
        return Err(LmmError::OneRowPerGroup(groups));
    }
    if n <= p {
        return Err(LmmError::TooFewObservations {
            observations: n,
            columns: p,
        });
    }
    let profile = Profile { design, criterion };
    let tau = profile.optimum()?;
    let at = profile.evaluate(tau).ok_or(LmmError::NoResidualVariation)?;
    let residual_variance = at.pwrss / profile.residual_df();
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
    Ok(Fit {
        criterion,
        coefficients,
        covariance,
        dropped: design.dropped.clone(),
        group_variance: tau * residual_variance,
        residual_variance,
        theta: tau.sqrt(),
        log_likelihood: -at.deviance / 2.0,
        deviance: at.deviance,
        ml_log_likelihood: -at.ml_deviance / 2.0,
        observations: n,
        groups,
    })
}

/// The profiled criterion of one design, as a function of `tau = theta²`.
struct Profile<'a> {
    design: &'a Design,
    criterion: Criterion,
}

/// The profiled criterion and what it was computed from, at one `tau`.
struct Evaluation {
    /// The criterion: `-2` times the (restricted) log-likelihood.
    deviance: f64,
    /// The ML deviance at the same `tau` and fixed effects.
    ml_deviance: f64,
    /// `d deviance / d tau`.
    slope: f64,
    /// The fixed effects.
    beta: DVector<f64>,
    /// The penalized residual sum of squares `r²`.
    pwrss: f64,
    /// The Cholesky factor of `X' W X`.
    l_x: DMatrix<f64>,
}

impl Evaluation {
    /// `(X' W X)⁻¹`, from its Cholesky factor: `(L L')⁻¹ = L'⁻¹ L⁻¹`.
    fn xtwx_inverse(&self) -> DMatrix<f64> {
        let p = self.l_x.nrows();
        let inverse = self
            .l_x
            .solve_lower_triangular(&DMatrix::identity(p, p))
            .unwrap_or_else(|| DMatrix::from_element(p, p, f64::NAN));
        inverse.tr_mul(&inverse)
    }
}

impl Profile<'_> {
    /// The residual degrees of freedom dividing `r²` into `s²`.
    fn residual_df(&self) -> f64 {
        let n = self.design.observations as f64;
        match self.criterion {
            Criterion::Ml => n,
            Criterion::Reml => n - self.design.columns.len() as f64,
        }
    }

    /// The criterion at `tau`, or None where `[X y]' W [X y]` is not
    /// positive definite (the response fitted exactly).
    fn evaluate(&self, tau: f64) -> Option<Evaluation> {
        let d = self.design;
        let p = d.columns.len();
        let n = d.observations as f64;
        // 1. w_i = 1 / (1 + n_i tau), and M = [X y]' W [X y].
        let weights: Vec<f64> = d.sizes.iter().map(|n_i| 1.0 / (1.0 + n_i * tau)).collect();
        let mut scaled = d.means.clone();
        for (g, mut column) in scaled.column_iter_mut().enumerate() {
            column *= (d.sizes[g] * weights[g]).sqrt();
        }
        let m = &d.within + &scaled * scaled.transpose();
        let m_yy = m[(p, p)];
        // 2. M = L L' with L = [L_X 0; l' r]: then X'WX = L_X L_X',
        //    b = L_X'⁻¹ l and r² is the penalized residual sum of squares.
        let l = Cholesky::new(m)?.l();
        let pwrss = l[(p, p)].powi(2);
        if pwrss <= RESIDUAL_FLOOR * m_yy {
            return None;
        }
        let l_x = l.view((0, 0), (p, p)).into_owned();
        let l_y: DVector<f64> = l.row(p).columns(0, p).transpose();
        let beta = l_x.transpose().solve_upper_triangular(&l_y)?;
        // 3. The criterion's three parts.
        let log_l2: f64 = d.sizes.iter().map(|n_i| (n_i * tau).ln_1p()).sum();
        let log_rx2: f64 = 2.0 * l_x.diagonal().iter().map(|v| v.ln()).sum::<f64>();
        let ml_deviance = log_l2 + n * (1.0 + (2.0 * std::f64::consts::PI * pwrss / n).ln());
        let df = self.residual_df();
        let deviance = match self.criterion {
            Criterion::Ml => ml_deviance,
            Criterion::Reml => {
                log_l2 + log_rx2 + df * (1.0 + (2.0 * std::f64::consts::PI * pwrss / df).ln())
            }
        };
        // 4. The slope: dw_i/dtau = -n_i w_i². By the envelope theorem
        //    dr²/dtau = -Σ n_i² w_i² e_i² with e_i the group's mean residual;
        //    d log|R_X|²/dtau = -Σ n_i² w_i² |L_X⁻¹ xbar_i|².
        let x_means = d.means.rows(0, p);
        let residual_means = d.means.row(p) - beta.transpose() * x_means;
        let whitened = l_x.solve_lower_triangular(&x_means.into_owned())?;
        let mut slope = 0.0;
        let mut pwrss_slope = 0.0;
        for (g, (&n_i, &w_i)) in d.sizes.iter().zip(&weights).enumerate() {
            let curvature = (n_i * w_i).powi(2);
            slope += n_i * w_i;
            pwrss_slope -= curvature * residual_means[g].powi(2);
            if self.criterion == Criterion::Reml {
                slope -= curvature * whitened.column(g).norm_squared();
            }
        }
        slope += df * pwrss_slope / pwrss;
        Some(Evaluation {
            deviance,
            ml_deviance,
            slope,
            beta,
            pwrss,
            l_x,
        })
    }

    fn deviance(&self, tau: f64) -> f64 {
        self.evaluate(tau).map_or(f64::INFINITY, |e| e.deviance)
    }

    fn slope(&self, tau: f64) -> f64 {
        self.evaluate(tau).map_or(f64::NAN, |e| e.slope)
    }

    /// The `tau` minimizing the criterion: the best point of a grid, then
    /// the root of the slope between its neighbours.
    fn optimum(&self) -> Result<f64, LmmError> {
        let mut grid = first_grid();
        for round in 0..MAX_REFINES {
            let values: Vec<f64> = grid.iter().map(|&t| self.deviance(t)).collect();
            let best = (0..grid.len())
                .min_by(|&a, &b| values[a].total_cmp(&values[b]))
                .unwrap_or(0);
            // Still falling at the first grid's top: the criterion falls
            // without bound as the within-group residual vanishes.
            let unbounded = round == 0 && best + 1 == grid.len();
            if values[best].is_infinite() || unbounded {
                return Err(LmmError::NoResidualVariation);
            }
            let (low, high) = (
                grid[best.saturating_sub(1)],
                grid[(best + 1).min(grid.len() - 1)],
            );
            let at_best = self.slope(grid[best]);
            if at_best == 0.0 || (grid[best] == 0.0 && at_best > 0.0) {
                return Ok(grid[best]);
            }
            let bracket = if at_best < 0.0 {
                (grid[best], high)
            } else {
                (low, grid[best])
            };
            let (f_low, f_high) = (self.slope(bracket.0), self.slope(bracket.1));
            if f_low < 0.0 && f_high > 0.0 {
                let tolerance = ROOT_TOLERANCE * bracket.1;
                return Ok(brent_root(
                    |t| self.slope(t),
                    bracket,
                    (f_low, f_high),
                    tolerance,
                ));
            }
            grid = (0..REFINE_POINTS)
                .map(|i| low + (high - low) * i as f64 / (REFINE_POINTS - 1) as f64)
                .collect();
        }
        Err(LmmError::NoMinimum)
    }
}

/// `tau = theta²` at 0 and at [`GRID_PER_DECADE`] points per decade of
/// `theta` from [`GRID_LOW`] to [`GRID_HIGH`].
fn first_grid() -> Vec<f64> {
    let decades = (GRID_HIGH / GRID_LOW).log10().round() as usize;
    let steps = decades * GRID_PER_DECADE;
    std::iter::once(0.0)
        .chain((0..=steps).map(|i| {
            let theta = GRID_LOW * 10f64.powf(i as f64 / GRID_PER_DECADE as f64);
            theta * theta
        }))
        .collect()
}

/// A root of `f` between `bracket.0` and `bracket.1`, where `f` takes the
/// values `ends` of opposite signs, to within `tolerance`: Brent's method
/// (inverse quadratic interpolation guarded by bisection), as Numerical
/// Recipes' `zbrent`.
fn brent_root(
    f: impl Fn(f64) -> f64,
    bracket: (f64, f64),
    ends: (f64, f64),
    tolerance: f64,
) -> f64 {
    let (mut a, mut b) = bracket;
    let (mut fa, mut fb) = ends;
    let (mut c, mut fc) = (b, fb);
    let (mut d, mut e) = (b - a, b - a);
    for _ in 0..MAX_ROOT_STEPS {
        if (fb > 0.0) == (fc > 0.0) {
            (c, fc) = (a, fa);
            d = b - a;
            e = d;
        }
        if fc.abs() < fb.abs() {
            (a, b, c) = (b, c, b);
            (fa, fb, fc) = (fb, fc, fb);
        }
        let tol = 2.0 * f64::EPSILON * b.abs() + 0.5 * tolerance;
        let half = 0.5 * (c - b);
        if half.abs() <= tol || fb == 0.0 {
            return b;
        }
        if e.abs() >= tol && fa.abs() > fb.abs() {
            let s = fb / fa;
            let (mut p, mut q) = if a == c {
                (2.0 * half * s, 1.0 - s)
            } else {
                let (q, r) = (fa / fc, fb / fc);
                (
                    s * (2.0 * half * q * (q - r) - (b - a) * (r - 1.0)),
                    (q - 1.0) * (r - 1.0) * (s - 1.0),
                )
            };
            if p > 0.0 {
                q = -q;
            }
            p = p.abs();
            if 2.0 * p < (3.0 * half * q - (tol * q).abs()).min((e * q).abs()) {
                e = d;
                d = p / q;
            } else {
                d = half;
                e = d;
            }
        } else {
            d = half;
            e = d;
        }
        (a, fa) = (b, fb);
        b += if d.abs() > tol { d } else { tol.copysign(half) };
        fb = f(b);
    }
    b
}

/// A likelihood-ratio test between two nested ML fits.
#[derive(Clone, Debug, PartialEq)]
pub struct LikelihoodRatio {
    /// `2 (l_full - l_reduced)`, floored at 0 as lme4's `anova` does.
    pub chi_square: f64,
    /// Fixed effects the full model adds.
    pub df: usize,
    /// The chi-square upper tail at `chi_square`.
    pub p: f64,
}

/// The likelihood-ratio test of `reduced` against `full`: both ML fits
/// on the same rows, `full` with more fixed effects (lme4's
/// `anova(reduced, full)`).
pub fn likelihood_ratio(reduced: &Fit, full: &Fit) -> Result<LikelihoodRatio, LmmError> {
    if reduced.criterion != Criterion::Ml || full.criterion != Criterion::Ml {
        return Err(LmmError::NotComparable("both fits must be ML fits"));
    }
    if reduced.observations != full.observations {
        return Err(LmmError::NotComparable("the fits use different rows"));
    }
    let df = full
        .coefficients
        .len()
        .checked_sub(reduced.coefficients.len())
        .filter(|&df| df > 0)
        .ok_or(LmmError::NotComparable(
            "the full model has no more fixed effects than the reduced one",
        ))?;
    let chi_square = (2.0 * (full.log_likelihood - reduced.log_likelihood)).max(0.0);
    let p = chisq::chi_square_upper(chi_square, df as f64)
        .ok_or(LmmError::NotComparable("the statistic is not a number"))?;
    Ok(LikelihoodRatio { chi_square, df, p })
}

/// A likelihood-ratio test and the two ML fits it compares.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The model without the tested terms.
    pub reduced: Fit,
    /// The model with them.
    pub full: Fit,
    /// The test.
    pub test: LikelihoodRatio,
}

/// Fits `reduced_terms` and `full_terms` by ML on the rows complete in
/// both and tests the difference (what lme4's `anova` does after refitting
/// REML fits by ML).
pub fn compare(
    data: &Data,
    reduced_terms: &[&str],
    full_terms: &[&str],
) -> Result<Comparison, LmmError> {
    let all: Vec<&str> = reduced_terms.iter().chain(full_terms).copied().collect();
    let reduced = fit(
        &Design::build_complete_in(data, reduced_terms, &all)?,
        Criterion::Ml,
    )?;
    let full = fit(
        &Design::build_complete_in(data, full_terms, &all)?,
        Criterion::Ml,
    )?;
    let test = likelihood_ratio(&reduced, &full)?;
    Ok(Comparison {
        reduced,
        full,
        test,
    })
}

#[cfg(test)]
mod tests;
