//! The report's plots, drawn by [`crate::study::plot`]: FMS over time
//! (all conditions, then a panel per condition with the mixed model's
//! fitted line), the share still playing each condition, the SSQ change,
//! and the best-tracking metric against fms_max within participants. The
//! rating plots' axis is the FMS's, so a study rated on another scale (the
//! MISC) has no rating plots, and the report says so.

use super::analysis;
use super::{ReportError, Study};
use crate::study::plot::{self, Band, Group};
use crate::study::rscript::MODELS;
use crate::study::scales::InPlayScale;
use std::collections::BTreeMap;
use std::path::Path;

/// The plots' file names, in the order they are drawn.
pub(super) const NAMES: [&str; 5] = [
    "fms.png",
    "fms_model.png",
    "survival.png",
    "ssq.png",
    "scatter.png",
];

/// Points of a fitted line across the exposure.
const LINE_POINTS: usize = 31;

/// Draws every plot into the folder `dir`; their names.
pub(super) fn draw(dir: &Path, s: &Study) -> Result<Vec<String>, ReportError> {
    let prefix = match s.simulated() {
        true => "SIMULATED DATA - ",
        false => "",
    };
    let [fms, model, survival, ssq, scatter] = NAMES;
    let plot_error = |name: &str| {
        let path = dir.join(name);
        move |source| ReportError::Plot { path, source }
    };
    let on_fms = s.scale == InPlayScale::Fms;
    if on_fms {
        let title = format!("{prefix}FMS over time ({}): median and Q1 to Q3", s.name);
        plot::fms_over_time(&dir.join(fms), &title, &bands(s)).map_err(plot_error(fms))?;
        let title = format!("{prefix}FMS over time per condition ({}), with M1", s.name);
        let panels = panels(s);
        plot::fms_with_model(&dir.join(model), &title, MODELS[0].name, &panels)
            .map_err(plot_error(model))?;
    }
    let title = format!("{prefix}Still playing each condition ({})", s.name);
    plot::still_playing(&dir.join(survival), &title, &curves(s)).map_err(plot_error(survival))?;
    let title = format!("{prefix}SSQ total change per condition ({})", s.name);
    plot::ssq_change(&dir.join(ssq), &title, &groups(s)).map_err(plot_error(ssq))?;
    if !on_fms {
        return Ok(vec![survival.to_string(), ssq.to_string()]);
    }
    let (x_name, points, r) = match s.correlations.first().filter(|c| c.r().is_some()) {
        Some(c) => {
            let m = &s.metrics[c.metric];
            (
                format!("{} ({}), minus the participant's mean", m.name, m.unit),
                centred(s, c.metric),
                c.r(),
            )
        }
        None => ("no metric correlates".to_string(), Vec::new(), None),
    };
    let title = format!(
        "{prefix}fms_max against the metric that tracks it best ({})",
        s.name
    );
    let names = (x_name.as_str(), "fms_max, minus the participant's mean");
    let correlation = r.map(|r| ("r_rm", r));
    plot::scatter(&dir.join(scatter), &title, names, &points, correlation)
        .map_err(plot_error(scatter))?;
    Ok(NAMES.map(String::from).to_vec())
}

/// Each observation's `metric` and fms_max, each less its participant's
/// mean over the observations with both: the points the repeated-measures
/// correlation is the correlation of.
fn centred(s: &Study, metric: usize) -> Vec<(f64, f64)> {
    let both: Vec<(&str, f64, f64)> = s
        .observations
        .iter()
        .filter_map(|o| {
            let (x, y) = o.metrics[metric].zip(o.rating_max)?;
            Some((o.participant.as_str(), x, y))
        })
        .collect();
    let mut sums: BTreeMap<&str, (f64, f64, f64)> = BTreeMap::new();
    for &(p, x, y) in &both {
        let sum = sums.entry(p).or_default();
        *sum = (sum.0 + x, sum.1 + y, sum.2 + 1.0);
    }
    both.iter()
        .map(|&(p, x, y)| {
            let (sx, sy, n) = sums[p];
            (x - sx / n, y - sy / n)
        })
        .collect()
}

/// Per condition, the ratings at each prompt across participants:
/// prompts are matched by their number (time over the rating interval,
/// rounded), unanswered ones left out.
fn bands(s: &Study) -> Vec<Band> {
    s.conditions
        .iter()
        .map(|c| {
            let mut at: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
            for p in s.participants {
                let interval = p.session.protocol.fms_interval_s;
                let played = p.played.iter().filter(|played| played.condition == *c);
                for r in played.flat_map(|played| &played.ratings) {
                    if let Some(value) = r.value {
                        let prompt = (r.t_s / interval).round() as u64;
                        at.entry(prompt).or_default().push(f64::from(value));
                    }
                }
            }
            let mut band = Band {
                label: c.clone(),
                t_s: Vec::new(),
                median: Vec::new(),
                q1: Vec::new(),
                q3: Vec::new(),
                n: Vec::new(),
            };
            for (prompt, values) in at {
                let Some(spread) = analysis::spread(&values) else {
                    continue;
                };
                band.t_s.push(prompt as f64 * s.interval_s);
                band.median.push(spread.median);
                band.q1.push(spread.q1);
                band.q3.push(spread.q3);
                band.n.push(spread.n);
            }
            band
        })
        .collect()
}

/// Per condition, its ratings and M1's line across the longest exposure
/// (none where M1 was not fitted or lacks the condition).
fn panels(s: &Study) -> Vec<plot::Panel> {
    let protocol = &s.participants[0].session.protocol;
    let longest = protocol
        .conditions
        .iter()
        .map(|c| c.exposure_s)
        .fold(0.0, f64::max);
    bands(s)
        .into_iter()
        .map(|ratings| {
            let line = match s.models.headline() {
                Ok(fit) => (0..LINE_POINTS)
                    .filter_map(|i| {
                        let t_s = longest * i as f64 / (LINE_POINTS - 1) as f64;
                        let at = s.models.line(fit, &ratings.label, t_s / 60.0)?;
                        Some(plot::Fitted {
                            t_s,
                            estimate: at.estimate,
                            low: at.ci_low,
                            high: at.ci_high,
                        })
                    })
                    .collect(),
                Err(_) => Vec::new(),
            };
            plot::Panel { ratings, line }
        })
        .collect()
}

/// Per condition, its Kaplan-Meier curve (no steps where nobody played
/// it).
fn curves(s: &Study) -> Vec<plot::Curve> {
    s.still
        .curves
        .iter()
        .map(|(label, curve)| plot::Curve {
            label: label.clone(),
            steps: curve.as_ref().map_or(Vec::new(), |c| {
                c.steps
                    .iter()
                    .map(|k| plot::Step {
                        time_s: k.time_s,
                        survival: k.survival,
                        low: k.ci_low,
                        high: k.ci_high,
                        censored: k.censored,
                    })
                    .collect()
            }),
        })
        .collect()
}

/// Per condition, every participant's ssq_delta.
fn groups(s: &Study) -> Vec<Group> {
    s.conditions
        .iter()
        .map(|c| Group {
            label: c.clone(),
            values: analysis::values(s.observations, |o| o.ssq_delta, |o| o.condition == *c),
        })
        .collect()
}
