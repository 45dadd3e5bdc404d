//! The pilot's chosen model refitted on one simulated study, and the two
//! tests `study power` counts: the overall condition effect (the
//! likelihood-ratio test of the model against it without `condition`, ML
//! fits, chi-square at [`ALPHA`], as the report's `lrt_condition`) and
//! the primary contrast (the Wald z of the difference between its two
//! conditions in the REML fit, two-sided at [`ALPHA`]).

use super::design::Design;
use super::simulated::Rated;
use crate::stats::lmm::{self, Criterion, Data, LmmError, Z_95};

/// The tests' level.
pub const ALPHA: f64 = 0.05;

/// The chosen model's fixed terms, and those without the condition
/// effect, for the model named `model`; None for a model study power
/// cannot refit.
pub fn terms(model: &str) -> Option<(&'static [&'static str], &'static [&'static str])> {
    match model {
        "M1" => Some((&["condition", "position", "t_min"], &["position", "t_min"])),
        _ => None,
    }
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

/// Refits the model of `full` (and `reduced`, without the condition) on
/// `rows` of a study on `design`, testing the condition effect and the
/// contrast `primary` (conditions by index, first minus second).
pub fn refit(
    rows: &[Rated],
    design: &Design,
    (full, reduced): (&[&str], &[&str]),
    primary: (usize, usize),
) -> Outcome {
    let Ok(data) = data(rows, design) else {
        return Outcome::default();
    };
    let condition = lmm::compare(&data, reduced, full)
        .ok()
        .map(|c| c.test.p < ALPHA);
    let primary = contrast_rejects(&data, design, full, primary);
    Outcome { condition, primary }
}

/// Whether the Wald test of `primary` in the REML fit of `full` rejects.
fn contrast_rejects(
    data: &Data,
    design: &Design,
    full: &[&str],
    (a, b): (usize, usize),
) -> Option<bool> {
    let fit = lmm::fit(&lmm::Design::build(data, full).ok()?, Criterion::Reml).ok()?;
    let term = |c: usize| format!("condition{}", design.conditions[c].name);
    // The reference level's effect is 0: it has no column.
    let weights: Vec<(String, f64)> = [(a, 1.0), (b, -1.0)]
        .into_iter()
        .filter(|&(c, _)| c > 0)
        .map(|(c, w)| (term(c), w))
        .collect();
    let refs: Vec<(&str, f64)> = weights.iter().map(|(n, w)| (n.as_str(), *w)).collect();
    let contrast = fit.combination("primary", &refs)?;
    (contrast.se > 0.0).then(|| (contrast.estimate / contrast.se).abs() > Z_95)
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
