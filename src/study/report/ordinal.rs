//! The ordinal model of a MISC study's ratings, [`rscript::ORDINAL_MODEL`]:
//! the cumulative link mixed model with M1's terms, `rating ~ condition +
//! position + t_min + (1 | participant)` (logit link, Laplace
//! approximation), fitted on the answered prompts exactly as `analysis.R`
//! gives them to `ordinal::clmm`. The MISC's levels are ordered labels of
//! symptoms, not equal steps, so this model, not M1's linear one, is its
//! headline.
//!
//! The model matrix is built here rather than by the linear model's
//! design: a cumulative link model has no intercept column (the
//! thresholds are its intercepts).

use super::model::{condition_term, position_term, Prompt};
use super::text::num;
use super::Study;
use crate::stats::clmm::{self, ClmmError, ClmmFit, OrdinalData};
use crate::stats::lmm::Z_95;
use crate::study::rscript;
use nalgebra::DMatrix;
use std::fmt::Write as _;

/// Why the report fits no ordinal model.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub(super) enum OrdinalError {
    /// A rating is not a whole number of the scale.
    #[error("a rating of {0} is not a whole step of the scale")]
    NotWhole(f64),
    /// The fit failed.
    #[error("{0}")]
    Fit(#[from] ClmmError),
}

/// The answered prompts as the model's data: treatment dummies of the
/// conditions and positions that have answered prompts (the first of each
/// the reference, as R's factors with their unused levels dropped), then
/// `t_min`.
fn data(conditions: &[String], prompts: &[Prompt]) -> Result<OrdinalData, OrdinalError> {
    let answered: Vec<&Prompt> = prompts.iter().filter(|p| p.rating.is_some()).collect();
    let used: Vec<&String> = conditions
        .iter()
        .filter(|c| answered.iter().any(|p| p.condition == **c))
        .collect();
    let mut positions: Vec<usize> = answered.iter().map(|p| p.position).collect();
    positions.sort_unstable();
    positions.dedup();
    let mut columns: Vec<String> = Vec::new();
    let mut values: Vec<Vec<f64>> = Vec::new();
    let dummy = |hit: &dyn Fn(&Prompt) -> bool| {
        answered
            .iter()
            .map(|p| f64::from(u8::from(hit(p))))
            .collect()
    };
    for c in used.iter().skip(1) {
        columns.push(condition_term(c));
        values.push(dummy(&|p: &Prompt| p.condition == **c));
    }
    for &position in positions.iter().skip(1) {
        columns.push(position_term(position));
        values.push(dummy(&|p: &Prompt| p.position == position));
    }
    columns.push("t_min".into());
    values.push(answered.iter().map(|p| p.t_s / 60.0).collect());
    let response = answered
        .iter()
        .map(|p| {
            let r = p.rating.unwrap_or(f64::NAN);
            match r.is_finite() && r == r.round() {
                true => Ok(r as i64),
                false => Err(OrdinalError::NotWhole(r)),
            }
        })
        .collect::<Result<_, _>>()?;
    Ok(OrdinalData {
        x: DMatrix::from_fn(answered.len(), columns.len(), |r, c| values[c][r]),
        columns,
        response,
        clusters: answered.iter().map(|p| p.participant.clone()).collect(),
    })
}

/// The ordinal model of `prompts` in a study of `conditions` (the
/// protocol's order).
pub(super) fn fit(conditions: &[String], prompts: &[Prompt]) -> Result<ClmmFit, OrdinalError> {
    Ok(clmm::fit(&data(conditions, prompts)?)?)
}

/// The model's rows of `model.csv`: the thresholds, the coefficients,
/// then [`rscript::GROUP_SD`]; each line ends in a newline.
pub(super) fn model_rows(fit: &ClmmFit) -> String {
    let mut out = String::new();
    for e in fit.thresholds.iter().chain(&fit.coefficients) {
        out += &rscript::estimate_row(rscript::ORDINAL_MODEL, &e.name, e.estimate, Some(e.se));
    }
    out + &rscript::estimate_row(rscript::ORDINAL_MODEL, rscript::GROUP_SD, fit.sd, None)
}

/// Writes the ordinal model's section of `report.md` (MISC studies only).
pub(super) fn section(md: &mut String, s: &Study) {
    let Some(fit) = &s.ordinal else { return };
    let _ = writeln!(
        md,
        "### {}, the MISC's headline model: `rating ~ condition + position + t_min + (1 | \
         participant)`, ordinal\n\n\
         The MISC's levels are named symptoms, not equal steps, so its ratings are modelled as \
         ordered categories: a cumulative link mixed model (logit link, a random intercept per \
         participant, the Laplace approximation, as `ordinal::clmm` fits it; `analysis.R` fits \
         it too). A coefficient is a log odds ratio: `exp(estimate)` is how many times the odds \
         of a rating above any given level are multiplied, against the reference. The \
         thresholds `a|b` are the cut points between adjacent levels on the logit scale.\n",
        rscript::ORDINAL_MODEL
    );
    let fit = match fit {
        Ok(fit) => fit,
        Err(e) => {
            let _ = writeln!(md, "Not fitted: {e}.\n");
            return;
        }
    };
    md.push_str("| term | estimate | SE | 95% CI | odds ratio |\n|---|---|---|---|---|\n");
    let rows = fit.thresholds.iter().map(|e| (e, false));
    for (e, coefficient) in rows.chain(fit.coefficients.iter().map(|e| (e, true))) {
        let (low, high) = (e.estimate - Z_95 * e.se, e.estimate + Z_95 * e.se);
        let odds = match coefficient {
            true => num(e.estimate.exp()),
            false => "-".into(),
        };
        let _ = writeln!(
            md,
            "| `{}` | {} | {} | [{}, {}] | {odds} |",
            e.name,
            num(e.estimate),
            num(e.se),
            num(low),
            num(high)
        );
    }
    let _ = writeln!(
        md,
        "\nBetween participants the latent scale's SD is {} logits (`{}`); {} ratings of {} \
         participants, log-likelihood {}.\n",
        num(fit.sd),
        rscript::GROUP_SD,
        fit.observations,
        fit.clusters,
        num(fit.log_likelihood)
    );
}
