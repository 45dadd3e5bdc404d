//! "Still playing" curves: Kaplan-Meier estimates of how long participants
//! keep playing a condition, their medians, the log-rank test across
//! conditions, and a Cox model of stopping by condition, as R's `survival`
//! package gives them (`survfit` with its defaults, `print.survfit`'s
//! median, `survdiff` with `rho = 0`, `coxph` with Efron's ties and a
//! robust variance clustered by participant).
//!
//! A *spell* is one participant's time in one condition: how long they
//! played, seconds, and whether it ended in the event (they stopped) or was
//! censored (the exposure ran out, or the session ended for another reason).
//!
//! Times are compared exactly; R's `survfit` first merges times that differ
//! by rounding only (`aeqSurv`), which times read from a file with a few
//! decimals never need.

use crate::stats::chisq;
use nalgebra::{Cholesky, DMatrix, DVector};
use std::collections::BTreeMap;

/// The standard normal quantile of R's default 95% intervals
/// (`qnorm(0.975)`).
const Z_95: f64 = 1.959_963_984_540_054;

/// `survival`'s tolerance when it reads a quantile off a curve
/// (`sqrt(.Machine$double.eps)`): a curve within this of 0.5 is at 0.5.
const QUANTILE_TOLERANCE: f64 = 1.490_116_119_384_765_6e-8;

/// The median's probability.
const HALF: f64 = 0.5;

/// One participant's time in one condition.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spell {
    /// How long they played, seconds.
    pub time_s: f64,
    /// True if they stopped (the event), false if censored.
    pub event: bool,
}

/// Why a curve or test could not be computed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SurvivalError {
    /// No spells.
    #[error("no spells")]
    Empty,
    /// A time is negative, infinite or NaN.
    #[error("spell {index}: time {time_s} s is not a finite time of at least 0")]
    BadTime {
        /// The spell's index in its list (within its group).
        index: usize,
        /// Its time.
        time_s: f64,
    },
    /// The log-rank test needs two groups with spells.
    #[error("{0} group(s) with spells: the log-rank test compares at least two")]
    TooFewGroups(usize),
    /// No group could be expected to have events (no event while two
    /// groups were at risk), so there is nothing to compare.
    #[error("the log-rank test has no events to compare")]
    NoEvents,
    /// A variance or information matrix is singular.
    #[error("a variance matrix is singular")]
    Singular,
    /// The groups and their clusters differ in shape.
    #[error("the clusters do not match the groups spell for spell")]
    Shape,
    /// A Cox coefficient runs off to infinity (a group with no events,
    /// or every event before the others start).
    #[error("a Cox coefficient may be infinite: the likelihood has no maximum")]
    Infinite,
    /// Groups with spells but no events (indices into the groups given):
    /// their hazard ratios have no finite estimate, so no Cox model is
    /// fitted.
    #[error("group(s) {0:?} have no events: their hazard ratios have no finite estimate")]
    NoEventsIn(Vec<usize>),
}

/// The curve at one distinct time (an event or a censoring time), as a
/// row of R's `survfit` object.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The time, seconds.
    pub time_s: f64,
    /// Spells still going just before this time.
    pub at_risk: usize,
    /// Spells ending in the event at this time.
    pub events: usize,
    /// Spells censored at this time.
    pub censored: usize,
    /// The Kaplan-Meier estimate of still playing after this time, 0 to 1.
    pub survival: f64,
    /// Greenwood's standard error of `log(survival)`,
    /// `sqrt(Σ d / (n (n - d)))` (R's `std.err` in the `survfit` object);
    /// infinite once the curve reaches 0.
    pub se_log: f64,
    /// The 95% interval's lower end, `exp(log S - 1.96 se_log)`; None
    /// where the curve is 0 (R's `NA`).
    pub ci_low: Option<f64>,
    /// The 95% interval's upper end, `exp(log S + 1.96 se_log)` capped at
    /// 1; None where the curve is 0.
    pub ci_high: Option<f64>,
}

impl Step {
    /// Greenwood's standard error of the survival itself,
    /// `survival * se_log` (R's `summary(fit)$std.err`); 0 where the
    /// curve is 0.
    pub fn se(&self) -> f64 {
        if self.survival == 0.0 {
            0.0
        } else {
            self.survival * self.se_log
        }
    }
}

/// A Kaplan-Meier curve and its median.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// One step per distinct time, in time order.
    pub steps: Vec<Step>,
    /// The median time, seconds, as `print.survfit` gives it: the first
    /// time the curve is at most 0.5; where it lies flat at exactly 0.5,
    /// the middle of that stretch (up to the next drop or the last time).
    /// None if the curve stays above 0.5.
    pub median_s: Option<f64>,
    /// The median's 95% interval, read the same way off the interval's
    /// upper and lower curves; an end is None where that curve stays above
    /// 0.5.
    pub median_ci_s: (Option<f64>, Option<f64>),
    /// Spells.
    pub spells: usize,
    /// Spells ending in the event.
    pub events: usize,
}

/// Checks that there are spells and that every time is a finite
/// non-negative number.
pub(crate) fn check(spells: &[Spell]) -> Result<(), SurvivalError> {
    if spells.is_empty() {
        return Err(SurvivalError::Empty);
    }
    match spells
        .iter()
        .enumerate()
        .find(|(_, s)| !(s.time_s.is_finite() && s.time_s >= 0.0))
    {
        Some((index, s)) => Err(SurvivalError::BadTime {
            index,
            time_s: s.time_s,
        }),
        None => Ok(()),
    }
}

/// The spells' times in order, each with its counts of events and
/// censorings: `(time, events, censored)`.
fn tally(spells: &[Spell]) -> Vec<(f64, usize, usize)> {
    let mut sorted = spells.to_vec();
    sorted.sort_by(|a, b| a.time_s.total_cmp(&b.time_s));
    let mut out: Vec<(f64, usize, usize)> = Vec::new();
    for s in sorted {
        match out.last_mut() {
            Some(last) if last.0 == s.time_s => {}
            _ => out.push((s.time_s, 0, 0)),
        }
        if let Some(last) = out.last_mut() {
            if s.event {
                last.1 += 1;
            } else {
                last.2 += 1;
            }
        }
    }
    out
}

/// The Kaplan-Meier curve of `spells` with Greenwood's variance and R's
/// default ("log") 95% intervals.
pub fn kaplan_meier(spells: &[Spell]) -> Result<Curve, SurvivalError> {
    check(spells)?;
    let mut at_risk = spells.len();
    let (mut survival, mut greenwood) = (1.0_f64, 0.0_f64);
    let mut steps = Vec::new();
    for (time_s, events, censored) in tally(spells) {
        let (n, d) = (at_risk as f64, events as f64);
        survival *= 1.0 - d / n;
        greenwood += if events == at_risk {
            f64::INFINITY
        } else {
            d / (n * (n - d))
        };
        let se_log = greenwood.sqrt();
        let (ci_low, ci_high) = if survival > 0.0 {
            let log_s = survival.ln();
            (
                Some((log_s - Z_95 * se_log).exp()),
                Some((log_s + Z_95 * se_log).exp().min(1.0)),
            )
        } else {
            (None, None)
        };
        steps.push(Step {
            time_s,
            at_risk,
            events,
            censored,
            survival,
            se_log,
            ci_low,
            ci_high,
        });
        at_risk -= events + censored;
    }
    let times: Vec<f64> = steps.iter().map(|s| s.time_s).collect();
    let curve = |value: fn(&Step) -> Option<f64>| -> Vec<Option<f64>> {
        steps.iter().map(|s| value(s).map(|v| 1.0 - v)).collect()
    };
    Ok(Curve {
        median_s: quantile(&times, &curve(|s| Some(s.survival)), HALF),
        median_ci_s: (
            quantile(&times, &curve(|s| s.ci_low), HALF),
            quantile(&times, &curve(|s| s.ci_high), HALF),
        ),
        spells: spells.len(),
        events: spells.iter().filter(|s| s.event).count(),
        steps,
    })
}

/// The time at which the cumulative curve `rising` (one minus survival,
/// None where undefined) reaches `p`, by `survival`'s own rule (its
/// internal `findq`): the curve is read from time 0, where it is 0; a
/// value within [`QUANTILE_TOLERANCE`] of `p` counts as `p`, and where the
/// curve sits at `p` the answer is the middle of that stretch.
fn quantile(times: &[f64], rising: &[Option<f64>], p: f64) -> Option<f64> {
    let tol = QUANTILE_TOLERANCE;
    let highest = rising.iter().flatten().fold(0.0_f64, |a, &b| a.max(b));
    if highest < p {
        return None;
    }
    let last_time = times.last().copied().unwrap_or(0.0);
    // Each value once, at its first time (R's `duplicated`).
    let mut points: Vec<(f64, Option<f64>)> = Vec::new();
    for (x, y) in
        std::iter::once((0.0, Some(0.0))).chain(times.iter().copied().zip(rising.iter().copied()))
    {
        if !points.iter().any(|q| q.1 == y) {
            points.push((x, y));
        }
    }
    let first_at = |level: f64| {
        points
            .iter()
            .find(|q| q.1.is_some_and(|y| y >= level))
            .map(|q| q.0)
    };
    let reached = first_at(p - tol)?;
    if let Some(Some(y_last)) = points.last().map(|q| q.1) {
        if (p - y_last).abs() < tol {
            return Some((reached + last_time) / 2.0);
        }
    }
    Some((reached + first_at(p + tol)?) / 2.0)
}

/// The log-rank test of equal curves across groups.
#[derive(Clone, Debug, PartialEq)]
pub struct LogRank {
    /// The chi-square statistic.
    pub chi_square: f64,
    /// Its degrees of freedom: groups with expected events, less one.
    pub df: usize,
    /// Its upper-tail p-value.
    pub p: f64,
    /// Events seen in each group given (0 for an empty group).
    pub observed: Vec<f64>,
    /// Events expected in each group were all curves equal.
    pub expected: Vec<f64>,
}

/// The log-rank test across `groups` (R's `survdiff(Surv(time, event) ~
/// group)`, `rho = 0`). Empty groups take no part, as R never sees them.
pub fn log_rank(groups: &[&[Spell]]) -> Result<LogRank, SurvivalError> {
    for group in groups.iter().filter(|g| !g.is_empty()) {
        check(group)?;
    }
    let present = groups.iter().filter(|g| !g.is_empty()).count();
    if present < 2 {
        return Err(SurvivalError::TooFewGroups(present));
    }
    let (observed, expected, variance) = observed_expected(groups);
    from_sums(observed, expected, &variance)
}

/// The log-rank test from each group's observed and expected events and
/// the covariance of their differences (summed over strata for the
/// stratified test): as survdiff, the groups with expected events, less
/// the first of them, whose deviation the others determine.
pub(crate) fn from_sums(
    observed: Vec<f64>,
    expected: Vec<f64>,
    variance: &DMatrix<f64>,
) -> Result<LogRank, SurvivalError> {
    let kept: Vec<usize> = (0..expected.len()).filter(|&g| expected[g] > 0.0).collect();
    if kept.len() < 2 {
        return Err(SurvivalError::NoEvents);
    }
    let rest = &kept[1..];
    let deviation =
        DVector::from_iterator(rest.len(), rest.iter().map(|&g| observed[g] - expected[g]));
    let v = DMatrix::from_fn(rest.len(), rest.len(), |i, j| variance[(rest[i], rest[j])]);
    let solved = v.lu().solve(&deviation).ok_or(SurvivalError::Singular)?;
    let chi_square = solved.dot(&deviation);
    let df = rest.len();
    let p = chisq::chi_square_upper(chi_square, df as f64).ok_or(SurvivalError::Singular)?;
    Ok(LogRank {
        chi_square,
        df,
        p,
        observed,
        expected,
    })
}

/// One group's coefficient in a Cox model, against the reference group.
#[derive(Clone, Debug, PartialEq)]
pub struct CoxCoefficient {
    /// The group, as an index into the groups given.
    pub group: usize,
    /// The log hazard ratio against the reference group (R's `coef`).
    pub log_hazard_ratio: f64,
    /// Its robust (sandwich) standard error, clustered (R's `robust se`).
    pub se: f64,
    /// Its model-based standard error (R's `se(coef)`).
    pub se_naive: f64,
    /// The robust Wald 95% interval's lower end, log scale.
    pub ci_low: f64,
    /// The robust Wald 95% interval's upper end, log scale.
    pub ci_high: f64,
}

/// A Cox proportional-hazards model of one factor (the group), Efron's
/// method for tied times, with a robust variance clustered as given: R's
/// `coxph(Surv(time, event) ~ group, cluster = cluster)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Cox {
    /// The reference group, an index into the groups given: the first
    /// with spells.
    pub reference: usize,
    /// One coefficient per other group with spells, in the groups' order.
    pub coefficients: Vec<CoxCoefficient>,
    /// The partial log-likelihood at the estimates.
    pub log_likelihood: f64,
    /// The partial log-likelihood with every coefficient 0.
    pub null_log_likelihood: f64,
    /// The robust Wald statistic of all coefficients being 0 (R's
    /// `wald.test` of a clustered fit).
    pub wald: f64,
    /// Its degrees of freedom: the coefficients.
    pub df: usize,
    /// Its upper-tail p-value.
    pub p: f64,
}

/// Newton-Raphson stops when no coefficient moves more than this.
const COX_STEP_TOLERANCE: f64 = 1e-12;
/// Newton-Raphson iterations allowed (R's `coxph` allows 20; it needs
/// about six).
const COX_MAX_ITERATIONS: usize = 60;
/// Halvings of a Newton step that lowered the likelihood.
const COX_MAX_HALVINGS: usize = 30;
/// A log hazard ratio beyond this means the likelihood keeps rising as
/// the coefficient runs off to infinity (e.g. a group with no events).
const COX_COEFFICIENT_LIMIT: f64 = 25.0;

/// The Cox model of the groups with spells, the first of them the
/// reference; `clusters` gives each spell's cluster (the participant), in
/// the same shape as `groups`.
pub fn cox<S: Ord>(groups: &[&[Spell]], clusters: &[&[S]]) -> Result<Cox, SurvivalError> {
    let shapes_match = groups.len() == clusters.len()
        && groups.iter().zip(clusters).all(|(g, c)| g.len() == c.len());
    if !shapes_match {
        return Err(SurvivalError::Shape);
    }
    let present: Vec<usize> = (0..groups.len())
        .filter(|&g| !groups[g].is_empty())
        .collect();
    if present.len() < 2 {
        return Err(SurvivalError::TooFewGroups(present.len()));
    }
    let spells: Vec<&[Spell]> = present.iter().map(|&g| groups[g]).collect();
    for group in &spells {
        check(group)?;
    }
    // Separation R would fit to a coefficient near -20 with an enormous
    // standard error: refused, as no finite estimate exists.
    let eventless: Vec<usize> = present
        .iter()
        .copied()
        .filter(|&g| groups[g].iter().all(|s| !s.event))
        .collect();
    if !eventless.is_empty() {
        return Err(SurvivalError::NoEventsIn(eventless));
    }
    let (rows, row_of) = risk_table(&spells);
    let p = present.len() - 1;
    let mut beta = DVector::zeros(p);
    let null = efron(&rows, &beta);
    let mut at = efron(&rows, &beta);
    let mut converged = false;
    for _ in 0..COX_MAX_ITERATIONS {
        let step = Cholesky::new(at.information.clone())
            .ok_or(SurvivalError::Singular)?
            .solve(&at.score);
        let (mut next, mut scale) = (efron(&rows, &(&beta + &step)), 1.0);
        for _ in 0..COX_MAX_HALVINGS {
            if next.log_likelihood >= at.log_likelihood {
                break;
            }
            scale /= 2.0;
            next = efron(&rows, &(&beta + &step * scale));
        }
        beta += &step * scale;
        at = next;
        if beta.amax() > COX_COEFFICIENT_LIMIT {
            return Err(SurvivalError::Infinite);
        }
        if (&step * scale).amax() < COX_STEP_TOLERANCE {
            converged = true;
            break;
        }
    }
    if !converged {
        return Err(SurvivalError::Infinite);
    }
    let naive = Cholesky::new(at.information.clone())
        .ok_or(SurvivalError::Singular)?
        .inverse();
    let scores = score_residuals(&spells, &rows, &row_of, &beta);
    let mut by_cluster: BTreeMap<&S, DVector<f64>> = BTreeMap::new();
    for (g, &original) in present.iter().enumerate() {
        for (i, cluster) in clusters[original].iter().enumerate() {
            *by_cluster
                .entry(cluster)
                .or_insert_with(|| DVector::zeros(p)) += &scores[g][i];
        }
    }
    let meat = by_cluster
        .values()
        .fold(DMatrix::zeros(p, p), |m, u| m + u * u.transpose());
    let robust = &naive * meat * &naive;
    let wald = robust
        .clone()
        .lu()
        .solve(&beta)
        .ok_or(SurvivalError::Singular)?
        .dot(&beta);
    let coefficients = (0..p)
        .map(|j| {
            let se = robust[(j, j)].sqrt();
            CoxCoefficient {
                group: present[j + 1],
                log_hazard_ratio: beta[j],
                se,
                se_naive: naive[(j, j)].sqrt(),
                ci_low: beta[j] - Z_95 * se,
                ci_high: beta[j] + Z_95 * se,
            }
        })
        .collect();
    Ok(Cox {
        reference: present[0],
        coefficients,
        log_likelihood: at.log_likelihood,
        null_log_likelihood: null.log_likelihood,
        wald,
        df: p,
        p: chisq::chi_square_upper(wald, p as f64).ok_or(SurvivalError::Singular)?,
    })
}

/// The partial log-likelihood and its first two derivatives.
struct Partial {
    log_likelihood: f64,
    /// The gradient.
    score: DVector<f64>,
    /// Minus the Hessian.
    information: DMatrix<f64>,
}

/// The risk score `exp(beta)` of each group, the reference's 1.
fn risk_scores(beta: &DVector<f64>) -> Vec<f64> {
    std::iter::once(1.0)
        .chain(beta.iter().map(|b| b.exp()))
        .collect()
}

/// The `m` steps of Efron's approximation at one event time with `m`
/// tied deaths: step `l` takes `l / m` of each dying spell out of the risk
/// set. Gives each step's denominator and mean covariate (one entry per
/// non-reference group).
fn efron_steps(row: &RiskRow, r: &[f64]) -> Vec<(f64, DVector<f64>)> {
    let m = row.deaths.iter().sum::<f64>();
    let s0: f64 = (0..r.len()).map(|g| row.at_risk[g] * r[g]).sum();
    let s0_dying: f64 = (0..r.len()).map(|g| row.deaths[g] * r[g]).sum();
    (0..m as usize)
        .map(|l| {
            let f = l as f64 / m;
            let denominator = s0 - f * s0_dying;
            let mean = DVector::from_fn(r.len() - 1, |j, _| {
                (row.at_risk[j + 1] - f * row.deaths[j + 1]) * r[j + 1] / denominator
            });
            (denominator, mean)
        })
        .collect()
}

/// The partial log-likelihood at `beta` with Efron's ties.
fn efron(rows: &[RiskRow], beta: &DVector<f64>) -> Partial {
    let p = beta.len();
    let r = risk_scores(beta);
    let mut out = Partial {
        log_likelihood: 0.0,
        score: DVector::zeros(p),
        information: DMatrix::zeros(p, p),
    };
    for row in rows
        .iter()
        .filter(|row| row.deaths.iter().any(|&d| d > 0.0))
    {
        for j in 0..p {
            out.log_likelihood += row.deaths[j + 1] * beta[j];
            out.score[j] += row.deaths[j + 1];
        }
        for (denominator, mean) in efron_steps(row, &r) {
            out.log_likelihood -= denominator.ln();
            out.score -= &mean;
            // With dummy covariates the second moment is diagonal.
            out.information += DMatrix::from_diagonal(&mean) - &mean * mean.transpose();
        }
    }
    out
}

/// Each spell's score residual at `beta` (R's `residuals(fit, "score")`
/// with Efron's ties): `Σ (x - mean) (dN - dΛ)` over the event times it
/// saw, each tied death counting `1 / m` at each of Efron's steps and
/// staying at risk with weight `1 - l / m`.
fn score_residuals(
    spells: &[&[Spell]],
    rows: &[RiskRow],
    row_of: &[Vec<usize>],
    beta: &DVector<f64>,
) -> Vec<Vec<DVector<f64>>> {
    let (k, p) = (row_of.len(), beta.len());
    let r = risk_scores(beta);
    let unit = |g: usize| DVector::from_fn(p, |j, _| if j + 1 == g { 1.0 } else { 0.0 });
    // Per row and group: the compensator of a spell still at risk after
    // the row, of one dying at it, and a death's own count.
    let zero = || vec![DVector::zeros(p); k];
    let mut staying = Vec::with_capacity(rows.len());
    let mut dying = Vec::with_capacity(rows.len());
    let mut own = Vec::with_capacity(rows.len());
    for row in rows {
        let (mut stay, mut die, mut count) = (zero(), zero(), zero());
        let steps = efron_steps(row, &r);
        let m = steps.len() as f64;
        for (l, (denominator, mean)) in steps.iter().enumerate() {
            for g in 0..k {
                let deviation = unit(g) - mean;
                stay[g] += &deviation * (r[g] / denominator);
                die[g] += &deviation * ((1.0 - l as f64 / m) * r[g] / denominator);
                count[g] += &deviation / m;
            }
        }
        staying.push(stay);
        dying.push(die);
        own.push(count);
    }
    // The compensator accumulated before each row, per group.
    let mut before = vec![zero()];
    for stay in &staying {
        let last = before.last().cloned().unwrap_or_else(zero);
        before.push(last.iter().zip(stay).map(|(a, b)| a + b).collect());
    }
    spells
        .iter()
        .enumerate()
        .map(|(g, group)| {
            group
                .iter()
                .zip(&row_of[g])
                .map(|(spell, &t)| {
                    if spell.event {
                        &own[t][g] - &before[t][g] - &dying[t][g]
                    } else {
                        -&before[t][g] - &staying[t][g]
                    }
                })
                .collect()
        })
        .collect()
}

/// The groups at one distinct time (an event or a censoring time).
struct RiskRow {
    /// Spells of each group still going just before the time.
    at_risk: Vec<f64>,
    /// Spells of each group ending in the event at the time.
    deaths: Vec<f64>,
}

/// The groups' risk sets at every distinct time, in time order, and for
/// each group the row at which each of its spells ends.
fn risk_table(groups: &[&[Spell]]) -> (Vec<RiskRow>, Vec<Vec<usize>>) {
    let k = groups.len();
    let mut all: Vec<(f64, bool, usize, usize)> = groups
        .iter()
        .enumerate()
        .flat_map(|(g, spells)| {
            spells
                .iter()
                .enumerate()
                .map(move |(i, s)| (s.time_s, s.event, g, i))
        })
        .collect();
    all.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut at_risk: Vec<f64> = groups.iter().map(|g| g.len() as f64).collect();
    let mut rows = Vec::new();
    let mut row_of: Vec<Vec<usize>> = groups.iter().map(|g| vec![0; g.len()]).collect();
    let mut start = 0;
    while start < all.len() {
        let time = all[start].0;
        let end = start + all[start..].iter().take_while(|s| s.0 == time).count();
        let mut deaths = vec![0.0; k];
        for &(_, event, g, i) in &all[start..end] {
            if event {
                deaths[g] += 1.0;
            }
            row_of[g][i] = rows.len();
        }
        rows.push(RiskRow {
            at_risk: at_risk.clone(),
            deaths,
        });
        for &(_, _, g, _) in &all[start..end] {
            at_risk[g] -= 1.0;
        }
        start = end;
    }
    (rows, row_of)
}

/// Observed and expected events per group and the covariance of their
/// differences, summed over the distinct event times.
pub(crate) fn observed_expected(groups: &[&[Spell]]) -> (Vec<f64>, Vec<f64>, DMatrix<f64>) {
    let k = groups.len();
    let (mut observed, mut expected) = (vec![0.0; k], vec![0.0; k]);
    let mut variance = DMatrix::zeros(k, k);
    for row in risk_table(groups).0 {
        let (n, d): (f64, f64) = (row.at_risk.iter().sum(), row.deaths.iter().sum());
        if d == 0.0 {
            continue;
        }
        for g in 0..k {
            observed[g] += row.deaths[g];
            expected[g] += d * row.at_risk[g] / n;
        }
        if n > 1.0 {
            let spread = d * (n - d) / (n * (n - 1.0));
            for i in 0..k {
                for j in 0..k {
                    let same = if i == j { 1.0 } else { 0.0 };
                    variance[(i, j)] += spread * row.at_risk[i] * (same - row.at_risk[j] / n);
                }
            }
        }
    }
    (observed, expected, variance)
}

#[cfg(test)]
#[path = "survival_tests.rs"]
mod tests;
