//! The pilot's chosen model refitted on one simulated study, and the two
//! tests `study power` counts: the overall condition effect (the
//! likelihood-ratio test of the model against it without `condition`, ML
//! fits, chi-square at [`ALPHA`], as the report's `lrt_condition`) and
//! the primary contrast (the Wald z of the difference between its two
//! conditions in the REML fit, two-sided at [`ALPHA`]).

use super::design::Design;
use super::simulated::Rated;
use crate::stats::lmm::{self, Coefficient, Criterion, Data, LmmError, SlopeDesign, Z_95};
use nalgebra::{DMatrix, DVector};

/// The tests' level.
pub const ALPHA: f64 = 0.05;

/// How a refitted model's participants differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Random {
    /// A random intercept: `(1 | participant)`.
    Intercept,
    /// A correlated random intercept and slope in `t_min`: `(1 + t_min |
    /// participant)`.
    Slope,
}

/// A model study power refits: its fixed terms, those without the
/// condition effect, and its random effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Model {
    /// The fixed terms.
    pub full: &'static [&'static str],
    /// The fixed terms without the condition effect.
    pub reduced: &'static [&'static str],
    /// The random effects.
    pub random: Random,
}

/// The model named `model` (`M1`, `M1_slope`); None for one study power
/// cannot refit (`M1_ct` waits for the interaction term in `stats`).
pub fn model(model: &str) -> Option<Model> {
    let (full, reduced): (&[&str], &[&str]) =
        (&["condition", "position", "t_min"], &["position", "t_min"]);
    let random = match model {
        "M1" => Random::Intercept,
        "M1_slope" => Random::Slope,
        _ => return None,
    };
    Some(Model {
        full,
        reduced,
        random,
    })
}

/// What one simulated study's refit rejected; None where the fit failed
/// (counted as not rejecting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The overall condition effect.
    pub condition: Option<bool>,
    /// The primary contrast.
    pub primary: Option<bool>,
}

/// Refits `model` (and it without the condition) on `rows` of a study on
/// `design`, testing the condition effect and the contrast `primary`
/// (conditions by index, first minus second).
pub fn refit(rows: &[Rated], design: &Design, model: Model, primary: (usize, usize)) -> Outcome {
    let Ok(data) = data(rows, design) else {
        return Outcome::default();
    };
    let (full, reduced) = (model.full, model.reduced);
    let (condition, fixed) = match model.random {
        Random::Intercept => (
            lmm::compare(&data, reduced, full).ok().map(|c| c.test.p),
            lmm::Design::build(&data, full)
                .and_then(|d| lmm::fit(&d, Criterion::Reml))
                .ok()
                .map(|f| (f.coefficients, f.covariance)),
        ),
        Random::Slope => (
            slope_lrt(&data, reduced, full),
            SlopeDesign::build(&data, full, "t_min")
                .and_then(|d| lmm::fit_slopes(&d, Criterion::Reml))
                .ok()
                .map(|f| (f.coefficients, f.covariance)),
        ),
    };
    let primary = fixed.and_then(|(b, v)| contrast_rejects(&b, &v, design, primary));
    Outcome {
        condition: condition.map(|p| p < ALPHA),
        primary,
    }
}

/// The p of the likelihood-ratio test of `reduced` against `full`, both
/// with a random slope in `t_min`, ML fits on the rows complete in both.
fn slope_lrt(data: &Data, reduced: &[&str], full: &[&str]) -> Option<f64> {
    let all: Vec<&str> = reduced.iter().chain(full).copied().collect();
    let fit = |terms: &[&str]| {
        let design = SlopeDesign::build_complete_in(data, terms, "t_min", &all).ok()?;
        lmm::fit_slopes(&design, Criterion::Ml).ok()
    };
    let (r, f) = (fit(reduced)?, fit(full)?);
    lmm::slopes_likelihood_ratio(&r, &f).ok().map(|t| t.p)
}

/// Whether the Wald test of `primary` rejects, from the REML fit's fixed
/// effects `b` and their covariance `v`.
fn contrast_rejects(
    b: &[Coefficient],
    v: &DMatrix<f64>,
    design: &Design,
    (first, second): (usize, usize),
) -> Option<bool> {
    let mut w = DVector::zeros(b.len());
    // The reference level's effect is 0: it has no column.
    for (c, weight) in [(first, 1.0), (second, -1.0)]
        .into_iter()
        .filter(|&(c, _)| c > 0)
    {
        let name = format!("condition{}", design.conditions[c].name);
        w[b.iter().position(|k| k.name == name)?] += weight;
    }
    let estimate: f64 = b.iter().zip(w.iter()).map(|(k, w)| k.estimate * w).sum();
    let se = (v * &w).dot(&w).max(0.0).sqrt();
    (se > 0.0).then(|| (estimate / se).abs() > Z_95)
}

/// `rows` as a model's data: R's factor levels as the report sets them
/// (the design's first condition and position 1 the references).
fn data(rows: &[Rated], design: &Design) -> Result<Data, LmmError> {
    let conditions: Vec<&str> = design.conditions.iter().map(|c| c.name.as_str()).collect();
    let position_names: Vec<String> = (1..=conditions.len()).map(|p| p.to_string()).collect();
    let positions: Vec<&str> = position_names.iter().map(String::as_str).collect();
    Data::new(
        rows.iter().map(|r| r.rating).collect(),
        rows.iter().map(|r| r.participant.to_string()).collect(),
    )?
    .with_factor(
        "condition",
        &conditions,
        &rows
            .iter()
            .map(|r| Some(conditions[r.condition]))
            .collect::<Vec<_>>(),
    )?
    .with_factor(
        "position",
        &positions,
        &rows
            .iter()
            .map(|r| Some(positions[r.position - 1]))
            .collect::<Vec<_>>(),
    )?
    .with_numeric("t_min", rows.iter().map(|r| Some(r.t_min)).collect())
}
