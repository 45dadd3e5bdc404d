//! The mixed models of the in-play ratings ([`rscript::MODELS`]) and their
//! likelihood-ratio tests ([`rscript::TESTS`]), fitted on the rows of
//! `ratings_long.csv` exactly as `analysis.R` reads them: `condition` with
//! the protocol's first condition as reference, `position` a factor with
//! position 1 as reference, `previous_condition` with `none` as reference,
//! `t_min = t_s / 60`, and `mssq` the MSSQ-short raw score as
//! `participants.csv` writes it (to four decimals), `predicted_msi` the
//! SVC model's prediction as `ratings_long.csv` writes it. Unanswered
//! prompts take no part (R's `NA`).
//!
//! Besides the fits: what the report reads off them, each condition's
//! difference from another with its interval (a contrast of the fixed
//! effects, from their covariance) and the fitted line of a condition over
//! time.

use crate::stats::lmm::{self, Coefficient, Comparison, Criterion, Data, Design, Fit, LmmError};
use crate::study::rscript::{self, Model, Test, MODELS, TESTS};

/// The level of `previous_condition` at position 1.
pub const NO_PREVIOUS: &str = "none";

/// One in-play prompt as the models see it: a row of `ratings_long.csv`,
/// with its participant's MSSQ-short raw score.
#[derive(Clone, Debug, PartialEq)]
pub struct Prompt {
    /// The participant's ID (the random intercept's group).
    pub participant: String,
    /// The condition played.
    pub condition: String,
    /// Its position in the order played, from 1.
    pub position: usize,
    /// The condition played just before, or [`NO_PREVIOUS`].
    pub previous_condition: String,
    /// Seconds into the condition when the prompt was shown.
    pub t_s: f64,
    /// The rating; None when unanswered.
    pub rating: Option<f64>,
    /// The participant's MSSQ-short raw score (0 to 54), if any.
    pub mssq: Option<f64>,
    /// The SVC model's predicted MSI at the prompt, percent, under the
    /// visual pathway (a hypothesis); None with no recording.
    pub predicted_msi: Option<f64>,
}

/// The models fitted and the tests between them.
#[derive(Clone, Debug)]
pub struct Models {
    /// The conditions with an answered prompt, in the protocol's order:
    /// the first is the fits' reference level.
    pub conditions: Vec<String>,
    /// The positions with an answered prompt, in order.
    pub positions: Vec<usize>,
    /// Each model of [`MODELS`] fitted by REML, or why it could not be
    /// (those needing the MSSQ only when it was collected).
    pub fits: Vec<(Model, Result<Fit, LmmError>)>,
    /// Each test of [`TESTS`] (those needing the MSSQ only when it was
    /// collected), or why it could not be made.
    pub tests: Vec<(Test, Result<Comparison, LmmError>)>,
}

/// The model column of a condition's effect, as lme4 names it.
pub fn condition_term(condition: &str) -> String {
    format!("condition{condition}")
}

/// The model column of a position's effect, as lme4 names it.
pub fn position_term(position: usize) -> String {
    format!("position{position}")
}

/// Fits every model and test to `prompts` of a study whose conditions
/// are `conditions` (the protocol's order) and which collected the
/// MSSQ-short or not; those with the prediction when any prompt has one.
pub fn fit(conditions: &[String], prompts: &[Prompt], mssq_collected: bool) -> Models {
    let predicted = prompts.iter().any(|p| p.predicted_msi.is_some());
    let answered = || prompts.iter().filter(|p| p.rating.is_some());
    let present: Vec<String> = conditions
        .iter()
        .filter(|c| answered().any(|p| p.condition == **c))
        .cloned()
        .collect();
    let mut positions: Vec<usize> = answered().map(|p| p.position).collect();
    positions.sort_unstable();
    positions.dedup();
    let data = data(conditions, prompts);
    let wanted = |needs_mssq: bool, needs_prediction: bool| {
        (mssq_collected || !needs_mssq) && (predicted || !needs_prediction)
    };
    let fits = MODELS
        .iter()
        .filter(|m| wanted(m.needs_mssq, m.needs_prediction))
        .map(|m| {
            let fit = data.clone().and_then(|d| {
                let design = Design::build(&d, m.terms)?;
                lmm::fit(&design, Criterion::Reml)
            });
            (*m, fit)
        })
        .collect();
    let tests = TESTS
        .iter()
        .filter(|t| wanted(t.needs_mssq, t.needs_prediction))
        .map(|t| {
            let compared = data
                .clone()
                .and_then(|d| lmm::compare(&d, t.reduced, t.full));
            (*t, compared)
        })
        .collect();
    Models {
        conditions: present,
        positions,
        fits,
        tests,
    }
}

/// The prompts as a model's data, with R's factor levels.
fn data(conditions: &[String], prompts: &[Prompt]) -> Result<Data, LmmError> {
    let levels: Vec<&str> = conditions.iter().map(String::as_str).collect();
    let previous_levels: Vec<&str> = std::iter::once(NO_PREVIOUS).chain(levels.clone()).collect();
    let top = prompts.iter().map(|p| p.position).max().unwrap_or(0);
    let position_names: Vec<String> = (1..=top).map(|p| p.to_string()).collect();
    let position_levels: Vec<&str> = position_names.iter().map(String::as_str).collect();
    let each = |f: fn(&Prompt) -> &str| prompts.iter().map(|p| Some(f(p))).collect::<Vec<_>>();
    let positions: Vec<Option<&str>> = prompts
        .iter()
        .map(|p| Some(position_levels[p.position - 1]))
        .collect();
    Data::new(
        prompts.iter().map(|p| p.rating).collect(),
        prompts.iter().map(|p| p.participant.clone()).collect(),
    )?
    .with_factor("condition", &levels, &each(|p| &p.condition))?
    .with_factor("position", &position_levels, &positions)?
    .with_factor(
        "previous_condition",
        &previous_levels,
        &each(|p| &p.previous_condition),
    )?
    .with_numeric(
        "t_min",
        prompts.iter().map(|p| Some(p.t_s / 60.0)).collect(),
    )?
    .with_numeric("mssq", prompts.iter().map(|p| p.mssq).collect())?
    .with_numeric(
        "predicted_msi",
        prompts.iter().map(|p| p.predicted_msi).collect(),
    )
}

impl Models {
    /// The headline model, M1, or why it could not be fitted.
    pub fn headline(&self) -> Result<&Fit, &LmmError> {
        self.fit_of(MODELS[0].name)
            .expect("the headline model is always tried")
    }

    /// The model named `name`, if it was tried.
    pub fn fit_of(&self, name: &str) -> Option<Result<&Fit, &LmmError>> {
        let (_, fit) = self.fits.iter().find(|(m, _)| m.name == name)?;
        Some(fit.as_ref())
    }

    /// The test named `name`, if it was tried.
    pub fn test_of(&self, name: &str) -> Option<Result<&Comparison, &LmmError>> {
        let (_, test) = self.tests.iter().find(|(t, _)| t.name == name)?;
        Some(test.as_ref())
    }

    /// The reference level of `condition`, if any condition was rated.
    pub fn reference(&self) -> Option<&str> {
        self.conditions.first().map(String::as_str)
    }

    /// The weights of `condition`'s own column in a contrast: none for
    /// the reference level, whose effect is 0 by definition.
    fn condition_weights(&self, condition: &str, sign: f64) -> Vec<(String, f64)> {
        match self.reference() == Some(condition) {
            true => Vec::new(),
            false => vec![(condition_term(condition), sign)],
        }
    }

    /// In `fit`, how much higher `first` is rated than `second`, with its
    /// standard error and interval; None if either is not in the fit.
    pub fn difference(&self, fit: &Fit, first: &str, second: &str) -> Option<Coefficient> {
        let rated = |name: &str| self.conditions.iter().any(|c| c == name);
        if !(rated(first) && rated(second)) {
            return None;
        }
        let mut weights = self.condition_weights(first, 1.0);
        weights.extend(self.condition_weights(second, -1.0));
        let refs: Vec<(&str, f64)> = weights.iter().map(|(n, w)| (n.as_str(), *w)).collect();
        fit.combination(&format!("{first} - {second}"), &refs)
    }

    /// Each rated condition's effect in `fit`: its difference from the
    /// reference (0 for the reference itself), in the protocol's order;
    /// conditions whose column the fit lacks are left out.
    pub fn effects(&self, fit: &Fit) -> Vec<(String, f64)> {
        self.conditions
            .iter()
            .filter_map(|c| match self.reference() == Some(c.as_str()) {
                true => Some((c.clone(), 0.0)),
                false => fit
                    .coefficient(&condition_term(c))
                    .map(|k| (c.clone(), k.estimate)),
            })
            .collect()
    }

    /// `fit`'s expected rating in `condition` at `t_min` minutes, the
    /// positions weighted equally (as a balanced Latin square plays
    /// them), with its standard error and interval; None if the condition
    /// or `t_min` is not in the fit.
    pub fn line(&self, fit: &Fit, condition: &str, t_min: f64) -> Option<Coefficient> {
        if !self.conditions.iter().any(|c| c == condition) {
            return None;
        }
        let share = 1.0 / self.positions.len().max(1) as f64;
        let mut weights = vec![(lmm::INTERCEPT.to_string(), 1.0), ("t_min".into(), t_min)];
        weights.extend(self.condition_weights(condition, 1.0));
        // Position 1 is the reference: its effect is 0.
        let later = self.positions.iter().filter(|&&p| p != self.positions[0]);
        weights.extend(later.map(|&p| (position_term(p), share)));
        let refs: Vec<(&str, f64)> = weights.iter().map(|(n, w)| (n.as_str(), *w)).collect();
        fit.combination(condition, &refs)
    }

    /// The rows of every model fitted, in `model.csv`'s format (no header).
    pub fn model_rows(&self) -> String {
        let fitted = self
            .fits
            .iter()
            .filter_map(|(m, f)| Some((m, f.as_ref().ok()?)));
        fitted
            .map(|(m, f)| rscript::model_rows(m.name, f))
            .collect()
    }

    /// The rows of every test made, in `tests.csv`'s format (no header).
    pub fn test_rows(&self) -> String {
        let made = self
            .tests
            .iter()
            .filter_map(|(t, c)| Some((t, c.as_ref().ok()?)));
        made.map(|(t, c)| rscript::likelihood_ratio_row(t.name, &c.test))
            .collect()
    }
}

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
