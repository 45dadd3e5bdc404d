//! The cumulative link mixed model with a logit link and one random
//! intercept, fitted by the Laplace approximation as R's `ordinal::clmm`
//! fits it by default:
//!
//! `logit P(Y_ij <= k) = alpha_k - x_ij' beta - tau u_i`, `u_i ~ N(0, 1)`.
//!
//! Words: the *levels* are the response's categories that occur, in
//! order; the *thresholds* `alpha_1 < ... < alpha_{J-1}` cut the latent
//! scale between adjacent levels (named `a|b` as ordinal names them);
//! `tau` is the random intercept's standard deviation (`sd_participant`);
//! a *cluster* is one participant's rows.
//!
//! The approximation, as `ordinal`'s `getNLA`: for each cluster the mode
//! `u_i` of `sum_j log P_ij(u) - u^2 / 2` (Newton's method), then
//! `-log L = sum_i [ -sum_j log P_ij(u_i) + u_i^2 / 2 + log(D_i) / 2 ]`
//! with `D_i = 1 + tau^2 sum_j w_ij` the curvature at the mode (`w` the
//! negative second derivative of `log P` in the linear predictor). That is
//! minimised over `(alpha, beta, tau)` by damped Newton steps on a
//! central-difference Hessian; the standard errors come from the inverse
//! of the same Hessian at the optimum, with `ordinal`'s own step
//! (`deriv12`, 1e-4), so they are the numbers `summary(clmm)` prints.

use nalgebra::{Cholesky, DMatrix, DVector};

/// The step of the central differences (ordinal's `deriv12`).
const DELTA: f64 = 1e-4;
/// Newton iterations allowed for a cluster's mode.
const INNER_ITERATIONS: usize = 60;
/// A mode is found when Newton's step is below this times `1 + |u|`.
const INNER_TOLERANCE: f64 = 1e-14;
/// A step of a cluster's mode shorter than this is taken whole, without
/// checking that it lowers the objective (Newton's method converges
/// quadratically there).
const NEWTON_REGION: f64 = 1e-4;
/// Outer (damped Newton) iterations allowed.
const OUTER_ITERATIONS: usize = 200;
/// The fit has converged when no parameter moves more than this and the
/// gradient is below [`GRADIENT_TOLERANCE`].
const STEP_TOLERANCE: f64 = 1e-9;
/// The largest absolute gradient accepted at the optimum (ordinal's
/// `gradTol` is 1e-4; the central differences place it far better).
const GRADIENT_TOLERANCE: f64 = 1e-6;
/// The random intercept's SD below which it is taken to lie on its
/// boundary 0, where the Laplace fit is a plain `clm` and this module
/// declines.
const TAU_BOUNDARY: f64 = 1e-4;

/// Why a model could not be fitted.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ClmmError {
    /// The rows, responses and clusters differ in number.
    #[error("{rows} rows of the model matrix, {responses} responses, {clusters} clusters")]
    Shape {
        /// Rows of the model matrix.
        rows: usize,
        /// Responses.
        responses: usize,
        /// Cluster indices.
        clusters: usize,
    },
    /// A covariate is not finite.
    #[error("row {row}: a covariate is not finite")]
    NotFinite {
        /// The row, from 0.
        row: usize,
    },
    /// Fewer than two levels occur.
    #[error("{0} level(s) of the response occur: an ordinal model needs two")]
    TooFewLevels(usize),
    /// The optimum was not reached.
    #[error("the Laplace likelihood's optimum was not reached in {0} iterations")]
    NoConvergence(usize),
    /// The Hessian at the optimum is not positive definite.
    #[error("the Hessian at the optimum is singular or not positive definite")]
    Singular,
    /// The random intercept's SD went to 0.
    #[error("the random intercept's SD is at its boundary 0 (no variation between participants)")]
    Boundary,
}

/// The data of one fit.
#[derive(Clone, Debug)]
pub struct OrdinalData {
    /// The model matrix without an intercept (the thresholds are the
    /// intercepts), one row per observation.
    pub x: DMatrix<f64>,
    /// Its columns' names, as R names them.
    pub columns: Vec<String>,
    /// Each row's response.
    pub response: Vec<i64>,
    /// Each row's cluster, any label.
    pub clusters: Vec<String>,
}

/// One estimate with its standard error.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Its name as `ordinal` names it (`0|1`, `conditionpolar`).
    pub name: String,
    /// The estimate.
    pub estimate: f64,
    /// Its standard error.
    pub se: f64,
}

/// A fitted model.
#[derive(Clone, Debug, PartialEq)]
pub struct ClmmFit {
    /// The thresholds, in order.
    pub thresholds: Vec<Estimate>,
    /// The coefficients of the model matrix's columns.
    pub coefficients: Vec<Estimate>,
    /// The random intercept's standard deviation (logit units).
    pub sd: f64,
    /// The Laplace log-likelihood at the optimum (`logLik(clmm)`).
    pub log_likelihood: f64,
    /// Rows used.
    pub observations: usize,
    /// Clusters.
    pub clusters: usize,
}

/// The problem as the likelihood reads it.
struct Problem {
    x: DMatrix<f64>,
    /// Each row's level, 0 to `levels - 1`.
    level: Vec<usize>,
    levels: usize,
    /// The rows of each cluster.
    members: Vec<Vec<usize>>,
}

/// The logistic function and its first two derivatives at `eta`
/// (`F`, `f = F'`, `g = f'`), with the ends at infinity exact.
fn logistic(eta: f64) -> (f64, f64, f64) {
    if eta == f64::INFINITY {
        return (1.0, 0.0, 0.0);
    }
    if eta == f64::NEG_INFINITY {
        return (0.0, 0.0, 0.0);
    }
    let p = 1.0 / (1.0 + (-eta).exp());
    let f = p * (1.0 - p);
    (p, f, f * (1.0 - 2.0 * p))
}

impl Problem {
    /// The cut points below and above level `k`: `-inf` below the first
    /// level and `+inf` above the last.
    fn cuts(&self, alpha: &[f64], k: usize) -> (f64, f64) {
        let low = if k == 0 {
            f64::NEG_INFINITY
        } else {
            alpha[k - 1]
        };
        let high = if k + 1 == self.levels {
            f64::INFINITY
        } else {
            alpha[k]
        };
        (low, high)
    }

    /// For row `r` at linear predictor offset `shift` (`x'beta + tau u`):
    /// `log P`, its derivative in the shift's negative and the negative
    /// second derivative (`ordinal`'s `phi1` and `phi2`); None where `P`
    /// is not positive.
    fn row(&self, alpha: &[f64], r: usize, shift: f64) -> Option<(f64, f64, f64)> {
        let (low, high) = self.cuts(alpha, self.level[r]);
        let (f1, d1, g1) = logistic(high - shift);
        let (f2, d2, g2) = logistic(low - shift);
        let p = f1 - f2;
        if !(p > 0.0 && p.is_finite()) {
            return None;
        }
        let phi1 = (d1 - d2) / p;
        Some((p.ln(), phi1, phi1 * phi1 - (g1 - g2) / p))
    }

    /// A cluster's share of `-log L` at its mode.
    fn cluster(&self, alpha: &[f64], fixed: &[f64], rows: &[usize], tau: f64) -> Option<f64> {
        let sums = |u: f64| -> Option<(f64, f64, f64)> {
            let mut out = (0.0, 0.0, 0.0);
            for &r in rows {
                let (lp, phi1, phi2) = self.row(alpha, r, fixed[r] + tau * u)?;
                out.0 += lp;
                out.1 += phi1;
                out.2 += phi2;
            }
            Some(out)
        };
        let objective = |s: (f64, f64, f64), u: f64| -s.0 + u * u / 2.0;
        let mut u = 0.0;
        let mut at = sums(u)?;
        for _ in 0..INNER_ITERATIONS {
            let gradient = tau * at.1 + u;
            let curvature = 1.0 + tau * tau * at.2;
            if curvature <= 0.0 {
                return None;
            }
            let step = gradient / curvature;
            let (mut scale, mut next) = (1.0, None);
            for _ in 0..50 {
                // Near the mode a full step is always taken: there the
                // objective's change is below its rounding, but the
                // curvature term of the approximation still moves with
                // the mode, so it must be found to the last digits.
                let near = (scale * step).abs() < NEWTON_REGION;
                if let Some(s) = sums(u - scale * step) {
                    if near || objective(s, u - scale * step) <= objective(at, u) {
                        next = Some(s);
                        break;
                    }
                }
                scale /= 2.0;
            }
            let Some(s) = next else { break };
            u -= scale * step;
            at = s;
            if (scale * step).abs() <= INNER_TOLERANCE * (1.0 + u.abs()) {
                break;
            }
        }
        let curvature = 1.0 + tau * tau * at.2;
        (curvature > 0.0).then(|| objective(at, u) + curvature.ln() / 2.0)
    }

    /// `-log L` by the Laplace approximation at `theta = (alpha, beta,
    /// tau)`; infinite where the thresholds are out of order or `tau` is
    /// negative.
    fn negative_log_likelihood(&self, theta: &DVector<f64>) -> f64 {
        let (j, p) = (self.levels - 1, self.x.ncols());
        let alpha: Vec<f64> = theta.rows(0, j).iter().copied().collect();
        let beta = theta.rows(j, p);
        let tau = theta[j + p];
        if tau < 0.0 || alpha.windows(2).any(|w| w[0] >= w[1]) {
            return f64::INFINITY;
        }
        let fixed: Vec<f64> = (0..self.x.nrows())
            .map(|r| self.x.row(r).transpose().dot(&beta))
            .collect();
        let mut total = 0.0;
        for rows in &self.members {
            match self.cluster(&alpha, &fixed, rows, tau) {
                Some(v) => total += v,
                None => return f64::INFINITY,
            }
        }
        total
    }

    /// The gradient and Hessian by central differences with step
    /// [`DELTA`], as `ordinal`'s `deriv12`.
    fn derivatives(&self, theta: &DVector<f64>) -> (DVector<f64>, DMatrix<f64>) {
        let n = theta.len();
        let f = |t: &DVector<f64>| self.negative_log_likelihood(t);
        let moved = |moves: &[(usize, f64)]| {
            let mut t = theta.clone();
            for &(i, d) in moves {
                t[i] += d;
            }
            f(&t)
        };
        let fx = f(theta);
        let mut gradient = DVector::zeros(n);
        let mut hessian = DMatrix::zeros(n, n);
        for j in 0..n {
            let (up, down) = (moved(&[(j, DELTA)]), moved(&[(j, -DELTA)]));
            hessian[(j, j)] = (up - 2.0 * fx + down) / (DELTA * DELTA);
            gradient[j] = (up - down) / (2.0 * DELTA);
            for i in 0..j {
                let h = (moved(&[(i, DELTA), (j, DELTA)])
                    - moved(&[(i, DELTA), (j, -DELTA)])
                    - moved(&[(i, -DELTA), (j, DELTA)])
                    + moved(&[(i, -DELTA), (j, -DELTA)]))
                    / (4.0 * DELTA * DELTA);
                hessian[(i, j)] = h;
                hessian[(j, i)] = h;
            }
        }
        (gradient, hessian)
    }
}

/// `log(p / (1 - p))`.
fn logit(p: f64) -> f64 {
    (p / (1.0 - p)).ln()
}

/// Checks the data and orders the levels and clusters.
fn problem(data: &OrdinalData) -> Result<(Problem, Vec<i64>), ClmmError> {
    let n = data.x.nrows();
    if data.response.len() != n || data.clusters.len() != n {
        return Err(ClmmError::Shape {
            rows: n,
            responses: data.response.len(),
            clusters: data.clusters.len(),
        });
    }
    if let Some(row) = (0..n).find(|&r| data.x.row(r).iter().any(|v| !v.is_finite())) {
        return Err(ClmmError::NotFinite { row });
    }
    let mut levels = data.response.clone();
    levels.sort_unstable();
    levels.dedup();
    if levels.len() < 2 {
        return Err(ClmmError::TooFewLevels(levels.len()));
    }
    let level = data
        .response
        .iter()
        .map(|y| levels.partition_point(|l| l < y))
        .collect();
    let mut names: Vec<&String> = data.clusters.iter().collect();
    names.sort_unstable();
    names.dedup();
    let mut members = vec![Vec::new(); names.len()];
    for (r, c) in data.clusters.iter().enumerate() {
        members[names.partition_point(|n| *n < c)].push(r);
    }
    let problem = Problem {
        x: data.x.clone(),
        level,
        levels: levels.len(),
        members,
    };
    Ok((problem, levels))
}

/// The starting point: the thresholds at the logits of the cumulative
/// proportions, no effects, `tau` 1.
fn start(problem: &Problem) -> DVector<f64> {
    let n = problem.level.len() as f64;
    let j = problem.levels - 1;
    let mut theta = DVector::zeros(j + problem.x.ncols() + 1);
    let mut below = 0.0;
    for k in 0..j {
        below += problem.level.iter().filter(|&&l| l == k).count() as f64;
        theta[k] = logit(below / n);
    }
    theta[j + problem.x.ncols()] = 1.0;
    theta
}

/// One damped Newton step from `theta`: the Hessian plus `lambda` times
/// its diagonal scale, `lambda` raised until the step lowers `-log L`.
/// None when no step lowers it.
fn newton_step(problem: &Problem, theta: &DVector<f64>) -> Option<(DVector<f64>, f64)> {
    let here = problem.negative_log_likelihood(theta);
    let (gradient, hessian) = problem.derivatives(theta);
    let scale = hessian.diagonal().abs().max().max(1.0);
    let mut lambda = 0.0;
    for _ in 0..60 {
        let damped = &hessian + DMatrix::identity(theta.len(), theta.len()) * (lambda * scale);
        if let Some(ch) = Cholesky::new(damped) {
            let step = -ch.solve(&gradient);
            let next = theta + &step;
            let value = problem.negative_log_likelihood(&next);
            if value <= here {
                return Some((next, gradient.amax()));
            }
        }
        lambda = if lambda == 0.0 { 1e-6 } else { lambda * 4.0 };
    }
    None
}

/// Fits `response ~ x + (1 | cluster)` with the logit link by the
/// Laplace approximation, as `ordinal::clmm` does by default.
pub fn fit(data: &OrdinalData) -> Result<ClmmFit, ClmmError> {
    let (problem, levels) = problem(data)?;
    let mut theta = start(&problem);
    let mut converged = false;
    for _ in 0..OUTER_ITERATIONS {
        let Some((next, gradient)) = newton_step(&problem, &theta) else {
            // No step lowers the criterion: at the optimum to rounding,
            // if the gradient says so.
            converged = problem.derivatives(&theta).0.amax() < GRADIENT_TOLERANCE;
            break;
        };
        let moved = (&next - &theta).amax();
        theta = next;
        if moved < STEP_TOLERANCE && gradient < GRADIENT_TOLERANCE {
            converged = true;
            break;
        }
    }
    if !converged {
        return Err(ClmmError::NoConvergence(OUTER_ITERATIONS));
    }
    let (j, p) = (problem.levels - 1, problem.x.ncols());
    let tau = theta[j + p];
    if tau < TAU_BOUNDARY {
        return Err(ClmmError::Boundary);
    }
    let (_, hessian) = problem.derivatives(&theta);
    let covariance = Cholesky::new(hessian).ok_or(ClmmError::Singular)?.inverse();
    let estimate = |i: usize, name: String| Estimate {
        name,
        estimate: theta[i],
        se: covariance[(i, i)].sqrt(),
    };
    Ok(ClmmFit {
        thresholds: (0..j)
            .map(|k| estimate(k, format!("{}|{}", levels[k], levels[k + 1])))
            .collect(),
        coefficients: (0..p)
            .map(|c| estimate(j + c, data.columns[c].clone()))
            .collect(),
        sd: tau,
        log_likelihood: -problem.negative_log_likelihood(&theta),
        observations: problem.level.len(),
        clusters: problem.members.len(),
    })
}

#[cfg(test)]
#[path = "clmm_tests.rs"]
mod tests;
