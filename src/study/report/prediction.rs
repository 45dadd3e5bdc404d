//! The SVC model's prediction against the ratings: the test, for every
//! study, of the visual pathway's hypothesis ([`crate::study::predict`]).
//!
//! Each condition's recording is run through the model once for each
//! visual gain of [`GAINS`] (a grid, so the report fits the gain without
//! running the model again), and the predicted MSI is taken at every
//! in-play prompt. `ratings_long.csv` carries the prediction at the
//! hypothesis's default gain (`predicted_msi`); the report then asks how
//! well it tracks the ratings three ways:
//!
//! - within participants, the repeated-measures correlation of the
//!   prediction with the rating at each prompt;
//! - as a covariate in the mixed model (M4, M1 with `predicted_msi`; its
//!   likelihood-ratio test against M1; [`crate::study::rscript`]);
//! - leave one participant out: the gain chosen on the others (each with
//!   their own rating gain, `rating = k prediction`), the held-out
//!   person's `k` fitted on the condition they played first, and their
//!   other conditions predicted; the error set beside the same scheme
//!   with time alone (`rating = k t`), which knows nothing of the
//!   conditions.

use crate::feel::svc::visual::VisualTunables;
use crate::feel::svc::Predictor;
use crate::feel::Sample;
use crate::sim::{Tunables, TICK_DT};
use crate::stats::lmm::{repeated_measures_correlation, LmmError, RepeatedCorrelation};
use crate::study::predict;
use std::collections::BTreeMap;

/// The visual gains the report fits over ([`VisualTunables::gain`]):
/// halving and doubling around the hypothesis's default, 1.
pub const GAINS: [f64; 7] = [0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0];
/// The index in [`GAINS`] of the default gain, whose prediction
/// `ratings_long.csv` and the mixed model carry.
pub const DEFAULT_GAIN: usize = 3;

/// The predicted MSI, percent, at each prompt `prompts_s` seconds into a
/// run whose `samples` were played with `tunables` in a view `fov_deg`
/// wide, at each gain of [`GAINS`]: `[prompt][gain]`. A prompt more than
/// a tick past the last sample has none.
pub(super) fn at_prompts(
    predictor: &Predictor,
    samples: &[Sample],
    view: (&Tunables, f64),
    prompts_s: &[f64],
) -> Vec<Vec<Option<f64>>> {
    let mut out = vec![Vec::with_capacity(GAINS.len()); prompts_s.len()];
    if prompts_s.is_empty() {
        return out;
    }
    for gain in GAINS {
        let visual = VisualTunables {
            gain,
            ..VisualTunables::default()
        };
        let msi: Vec<f64> = predict::predict(predictor, samples, &[], view, &visual)
            .iter()
            .map(|p| p.msi_pct)
            .collect();
        for (row, &t_s) in out.iter_mut().zip(prompts_s) {
            row.push(msi_at(&msi, t_s));
        }
    }
    out
}

/// The MSI after the tick nearest `t_s` seconds (the state after tick `k`
/// is at `k` ticks), None past the last tick by more than one; at or
/// before the start, 0 (the settled state's).
fn msi_at(msi: &[f64], t_s: f64) -> Option<f64> {
    let k = (t_s / TICK_DT).round();
    if k < 1.0 {
        return Some(0.0);
    }
    let k = k as usize;
    match k.checked_sub(msi.len()) {
        Some(past) if past > 1 => None,
        _ => msi.get(k.min(msi.len()) - 1).copied(),
    }
}

/// One answered prompt with its predictions.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Point {
    /// The participant's ID.
    pub participant: String,
    /// The condition's position in their order, from 1.
    pub position: usize,
    /// Seconds into the condition.
    pub t_s: f64,
    /// The rating.
    pub rating: f64,
    /// The predicted MSI at each gain of [`GAINS`] (all or none).
    pub predicted: Vec<f64>,
}

/// How well the prediction tracks the ratings.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Tracking {
    /// The repeated-measures correlation of the default gain's prediction
    /// with the rating, over every answered prompt with a prediction.
    pub within: Result<RepeatedCorrelation, LmmError>,
    /// The gain that fits every participant best (index into [`GAINS`]),
    /// each with their own rating gain; None with no prediction.
    pub gain_all: Option<usize>,
    /// Leave one participant out; None when no participant can be held
    /// out (none with a first condition and a later one predicted).
    pub held_out: Option<HeldOut>,
}

/// The leave-one-participant-out error.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct HeldOut {
    /// Participants held out and scored.
    pub participants: usize,
    /// Prompts scored (their conditions after the first).
    pub prompts: usize,
    /// Root mean square error of the prediction, rating points.
    pub rmse: f64,
    /// The same of time alone.
    pub rmse_time: f64,
    /// How many held-out fits chose each gain of [`GAINS`].
    pub chosen: [usize; GAINS.len()],
}

/// The prediction against `points`.
pub(super) fn track(points: &[Point]) -> Tracking {
    let predicted: Vec<&Point> = points
        .iter()
        .filter(|p| p.predicted.len() == GAINS.len())
        .collect();
    let who: Vec<&str> = predicted.iter().map(|p| p.participant.as_str()).collect();
    let xs: Vec<f64> = predicted
        .iter()
        .map(|p| p.predicted[DEFAULT_GAIN])
        .collect();
    let ys: Vec<f64> = predicted.iter().map(|p| p.rating).collect();
    let mut by_person: BTreeMap<&str, Vec<&Point>> = BTreeMap::new();
    for p in &predicted {
        by_person.entry(p.participant.as_str()).or_default().push(p);
    }
    let people: Vec<&Vec<&Point>> = by_person.values().collect();
    // Each person's least squared error at each gain, their own k fitted.
    let errors: Vec<[f64; GAINS.len()]> = people
        .iter()
        .map(|ps| std::array::from_fn(|g| residual(ps.iter().map(|p| (p.predicted[g], p.rating)))))
        .collect();
    let best = |skip: Option<usize>| {
        let total = |g: usize| -> f64 {
            let each = errors.iter().enumerate().filter(|(i, _)| Some(*i) != skip);
            each.map(|(_, e)| e[g]).sum()
        };
        (0..GAINS.len()).min_by(|&a, &b| total(a).total_cmp(&total(b)))
    };
    Tracking {
        within: repeated_measures_correlation(&who, &xs, &ys),
        gain_all: best(None).filter(|_| !people.is_empty()),
        held_out: held_out(&people, |i| best(Some(i)).unwrap_or(DEFAULT_GAIN)),
    }
}

/// The least squared error of `rating = k x` over `(x, rating)` pairs,
/// `k` fitted: `sum r^2 - (sum x r)^2 / sum x^2`.
fn residual(pairs: impl Iterator<Item = (f64, f64)>) -> f64 {
    let (mut xx, mut xr, mut rr) = (0.0, 0.0, 0.0);
    for (x, r) in pairs {
        xx += x * x;
        xr += x * r;
        rr += r * r;
    }
    match xx > 0.0 {
        true => (rr - xr * xr / xx).max(0.0),
        false => rr,
    }
}

/// `k` of `rating = k x` fitted to `(x, rating)` pairs by least squares
/// (0 when every `x` is 0).
fn slope(pairs: impl Iterator<Item = (f64, f64)>) -> f64 {
    let (mut xx, mut xr) = (0.0, 0.0);
    for (x, r) in pairs {
        xx += x * x;
        xr += x * r;
    }
    if xx > 0.0 {
        xr / xx
    } else {
        0.0
    }
}

/// Each person held out in turn, the gain `gain_without(i)` chosen
/// without person `i`: their `k` fitted on their first position, their
/// later positions scored.
fn held_out(people: &[&Vec<&Point>], gain_without: impl Fn(usize) -> usize) -> Option<HeldOut> {
    let (mut squares, mut squares_time, mut prompts, mut scored) = (0.0, 0.0, 0, 0);
    let mut chosen = [0; GAINS.len()];
    for (i, ps) in people.iter().enumerate() {
        let first = ps.iter().map(|p| p.position).min().unwrap_or(1);
        let (calibration, later): (Vec<&&Point>, Vec<&&Point>) =
            ps.iter().partition(|p| p.position == first);
        if later.is_empty() {
            continue;
        }
        let g = gain_without(i);
        let k = slope(calibration.iter().map(|p| (p.predicted[g], p.rating)));
        let k_time = slope(calibration.iter().map(|p| (p.t_s, p.rating)));
        for p in &later {
            squares += (p.rating - k * p.predicted[g]).powi(2);
            squares_time += (p.rating - k_time * p.t_s).powi(2);
        }
        prompts += later.len();
        scored += 1;
        chosen[g] += 1;
    }
    (scored > 0).then(|| HeldOut {
        participants: scored,
        prompts,
        rmse: (squares / prompts as f64).sqrt(),
        rmse_time: (squares_time / prompts as f64).sqrt(),
        chosen,
    })
}

#[cfg(test)]
#[path = "prediction_tests.rs"]
mod tests;
