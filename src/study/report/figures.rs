//! The report's plots, drawn by [`crate::study::plot`]: FMS over time,
//! the SSQ change and the best-tracking metric against fms_max, one
//! figure per condition or point per observation. The plots' rating axis
//! is the FMS's, so a study rated on another scale (the MISC) has the SSQ
//! plot only, and the report says so.

use super::analysis;
use super::{ReportError, Study};
use crate::study::plot::{self, Band, Group};
use crate::study::scales::InPlayScale;
use std::collections::BTreeMap;
use std::path::Path;

/// The plots' file names, in the order they are drawn.
pub(super) const NAMES: [&str; 3] = ["fms.png", "ssq.png", "scatter.png"];

/// Draws every plot into the folder `dir`; their names.
pub(super) fn draw(dir: &Path, s: &Study) -> Result<Vec<String>, ReportError> {
    let prefix = match s.simulated() {
        true => "SIMULATED DATA - ",
        false => "",
    };
    let [fms, ssq, scatter] = NAMES;
    let plot_error = |name: &str| {
        let path = dir.join(name);
        move |source| ReportError::Plot { path, source }
    };
    let on_fms = s.scale == InPlayScale::Fms;
    if on_fms {
        let title = format!("{prefix}FMS over time ({}): median and Q1 to Q3", s.name);
        plot::fms_over_time(&dir.join(fms), &title, &bands(s)).map_err(plot_error(fms))?;
    }
    let title = format!("{prefix}SSQ total change per condition ({})", s.name);
    plot::ssq_change(&dir.join(ssq), &title, &groups(s)).map_err(plot_error(ssq))?;
    if !on_fms {
        return Ok(vec![ssq.to_string()]);
    }
    let (label, points, rho) = match s.correlations.first().filter(|c| c.rho.is_some()) {
        Some(c) => {
            let points: Vec<(f64, f64)> = s
                .observations
                .iter()
                .filter_map(|o| o.metrics[c.metric].zip(o.rating_max))
                .collect();
            let m = &s.metrics[c.metric];
            (format!("{} ({})", m.name, m.unit), points, c.rho)
        }
        None => ("no metric correlates".to_string(), Vec::new(), None),
    };
    let title = format!(
        "{prefix}fms_max against the metric that tracks it best ({})",
        s.name
    );
    plot::scatter(&dir.join(scatter), &title, &label, &points, rho).map_err(plot_error(scatter))?;
    Ok(NAMES.map(String::from).to_vec())
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
