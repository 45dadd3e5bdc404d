//! One simulated study drawn from a pilot's model: participant `k` plays
//! the Williams design's row for `k`, is prompted at the design's times,
//! and rates each prompt from the model (its fixed effects, their random
//! intercept and slope, a residual), rounded to a whole point and held to
//! the scale. A rating at or above the stop rule ends the condition after
//! it; a stop by the participant's own key comes at an exponential time
//! with the pilot's rate, and the prompts from then on are missing.
//!
//! The model's terms are read by R's names: `(Intercept)`, `t_min`,
//! `condition<name>`, `position<k>` and `condition<name>:t_min`.

use super::design::Design;
use super::pilot::Pilot;
use crate::rng::Rng;
use crate::study::simulate::population::normal;

/// One fixed effect's column, as a simulated prompt takes its value.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Column {
    /// Always 1.
    Intercept,
    /// Minutes into the condition.
    Time,
    /// 1 in condition `c` (by index).
    Condition(usize),
    /// 1 at position `p` (from 1).
    Position(usize),
    /// Minutes into condition `c`, 0 in the others.
    ConditionTime(usize),
}

/// The model ratings are drawn from.
#[derive(Clone, Debug, PartialEq)]
pub struct Truth {
    /// The fixed effects.
    columns: Vec<(Column, f64)>,
    /// The random intercept's standard deviation.
    sd_intercept: f64,
    /// The random slope's standard deviation (per minute).
    sd_slope: f64,
    /// Their correlation.
    correlation: f64,
    /// The residual's standard deviation.
    sd_residual: f64,
    /// Own-key stops per minute.
    own_stop_rate: f64,
}

/// A term of the pilot's model that a simulated study cannot give a
/// value.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error(
    "model {model}'s term `{term}` is not one study power simulates (the intercept, t_min, \
     condition, position and condition:t_min of the design's conditions)"
)]
pub struct UnknownTerm {
    /// The model.
    pub model: String,
    /// The term.
    pub term: String,
}

/// One prompt of a simulated study.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated {
    /// The participant, from 1.
    pub participant: usize,
    /// The condition, by index.
    pub condition: usize,
    /// The position played, from 1.
    pub position: usize,
    /// Minutes into the condition.
    pub t_min: f64,
    /// The rating; None when the condition had stopped before.
    pub rating: Option<f64>,
}

impl Truth {
    /// The model of `pilot` on `design`; with `null`, no condition
    /// effect (the condition and condition:t_min terms zero).
    pub fn new(pilot: &Pilot, design: &Design, null: bool) -> Result<Truth, UnknownTerm> {
        let mut columns = Vec::new();
        for (term, estimate) in &pilot.fixed {
            let column = column(term, design).ok_or_else(|| UnknownTerm {
                model: pilot.model.clone(),
                term: term.clone(),
            })?;
            let by_condition = matches!(column, Column::Condition(_) | Column::ConditionTime(_));
            let value = if null && by_condition { 0.0 } else { *estimate };
            columns.push((column, value));
        }
        Ok(Truth {
            columns,
            sd_intercept: pilot.var_participant.sqrt(),
            sd_slope: pilot.var_t_min.sqrt(),
            correlation: pilot.cor_participant_t_min,
            sd_residual: pilot.var_residual.sqrt(),
            own_stop_rate: pilot.own_stop_rate(),
        })
    }

    /// The fixed part of a rating in condition `c` at position `p`,
    /// `t_min` minutes in.
    fn fixed(&self, c: usize, p: usize, t_min: f64) -> f64 {
        let value = |column: Column| match column {
            Column::Intercept => 1.0,
            Column::Time => t_min,
            Column::Condition(k) => f64::from(u8::from(k == c)),
            Column::Position(k) => f64::from(u8::from(k == p)),
            Column::ConditionTime(k) => f64::from(u8::from(k == c)) * t_min,
        };
        self.columns.iter().map(|&(k, b)| value(k) * b).sum()
    }

    /// A study of `n` participants on `design`, drawn with `rng`.
    pub fn study(&self, design: &Design, n: usize, rng: &mut Rng) -> Vec<Rated> {
        let top = f64::from(design.scale.max());
        let stop = design.stop_rating.map(f64::from);
        let mut out = Vec::new();
        for k in 1..=n {
            // The participant's intercept and slope, correlated.
            let (z0, z1) = (normal(rng), normal(rng));
            let b0 = self.sd_intercept * z0;
            let r = self.correlation;
            let b1 = self.sd_slope * (r * z0 + (1.0 - r * r).max(0.0).sqrt() * z1);
            for (i, &c) in design.order(k).iter().enumerate() {
                let position = i + 1;
                let own_stop_min = match self.own_stop_rate > 0.0 {
                    true => -(1.0 - rng.next_f64()).ln() / self.own_stop_rate,
                    false => f64::INFINITY,
                };
                let mut stopped = false;
                for t_s in design.prompt_times(c) {
                    let t_min = t_s / 60.0;
                    stopped |= t_min >= own_stop_min;
                    let noise = self.sd_residual * normal(rng);
                    let rating = match stopped {
                        true => None,
                        false => {
                            let mean = self.fixed(c, position, t_min) + b0 + b1 * t_min;
                            Some((mean + noise).round().clamp(0.0, top))
                        }
                    };
                    stopped |= matches!((rating, stop), (Some(v), Some(s)) if v >= s);
                    out.push(Rated {
                        participant: k,
                        condition: c,
                        position,
                        t_min,
                        rating,
                    });
                }
            }
        }
        out
    }
}

/// The column R's `term` names in a model of `design`.
fn column(term: &str, design: &Design) -> Option<Column> {
    let condition = |name: &str| design.condition_index(name).filter(|&c| c > 0);
    if term == crate::stats::lmm::INTERCEPT {
        return Some(Column::Intercept);
    }
    if term == "t_min" {
        return Some(Column::Time);
    }
    if let Some(name) = term.strip_suffix(":t_min") {
        return condition(name.strip_prefix("condition")?).map(Column::ConditionTime);
    }
    if let Some(name) = term.strip_prefix("condition") {
        return condition(name).map(Column::Condition);
    }
    let position: usize = term.strip_prefix("position")?.parse().ok()?;
    (2..=design.conditions.len())
        .contains(&position)
        .then_some(Column::Position(position))
}
