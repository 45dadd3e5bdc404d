//! The share of participants still playing each condition over time: a
//! Kaplan-Meier curve per condition as a step line over its translucent
//! 95% band, a tick on the curve at each censored time, and a dashed line
//! at one half, where a curve meets its median.

use super::*;

/// Where the curves start: everyone playing.
const START: f64 = 1.0;
/// The survival axis: 0 to 1 and a little over.
const SHARE_RANGE: (f64, f64) = (-0.02, 1.04);

/// One step of a curve: the estimate just after a distinct time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    /// The time, seconds from the condition's start.
    pub time_s: f64,
    /// The share still playing just after it, 0 to 1.
    pub survival: f64,
    /// The 95% interval's lower end, if defined.
    pub low: Option<f64>,
    /// The 95% interval's upper end, if defined.
    pub high: Option<f64>,
    /// How many plays were censored at this time (completed or cut off).
    pub censored: usize,
}

/// One condition's curve.
#[derive(Debug, Clone, PartialEq)]
pub struct Curve {
    /// The condition's name, shown in the key.
    pub label: String,
    /// Its steps in time order.
    pub steps: Vec<Step>,
}

impl Curve {
    /// The step line's corners, from the start at 1: across to each
    /// time, then down to its value.
    pub(super) fn corners(&self) -> Vec<(f64, f64)> {
        let mut at = START;
        let mut out = vec![(0.0, START)];
        for s in self.steps.iter().filter(|s| plottable(s.time_s)) {
            out.push((s.time_s, at));
            out.push((s.time_s, s.survival));
            at = s.survival;
        }
        out
    }

    /// The band's outlines, one per run of steps with both ends defined:
    /// each a polygon of the upper steps forward and the lower back, each
    /// step's interval held until the next time.
    pub(super) fn bands(&self) -> Vec<Vec<(f64, f64)>> {
        let ends: Vec<f64> = self.steps.iter().skip(1).map(|s| s.time_s).collect();
        let mut runs: Vec<Vec<(f64, f64, f64)>> = Vec::new();
        let mut open = false;
        for (s, &end) in self.steps.iter().zip(&ends) {
            match (s.low, s.high) {
                (Some(low), Some(high)) if plottable(low) && plottable(high) => {
                    if !open {
                        runs.push(Vec::new());
                    }
                    let run = runs.last_mut().expect("a run was opened");
                    run.push((s.time_s, low, high));
                    run.push((end, low, high));
                    open = true;
                }
                _ => open = false,
            }
        }
        runs.into_iter()
            .map(|run| {
                let upper = run.iter().map(|&(t, _, high)| (t, high));
                let lower = run.iter().rev().map(|&(t, low, _)| (t, low));
                upper.chain(lower).collect()
            })
            .collect()
    }
}

/// Plots each condition's share still playing over time to `path`: its
/// Kaplan-Meier steps from 1 at time 0, its 95% band, a tick at each
/// censored time, and a dashed line at one half. The time axis runs from
/// 0 to the last time of any curve. No curve, or none with a step, draws
/// empty axes with a note.
///
/// # Errors
/// Drawing and writing errors.
pub fn still_playing(path: &Path, title: &str, curves: &[Curve]) -> Result<(), PlotError> {
    let last = extent(curves.iter().flat_map(|c| c.steps.iter().map(|s| s.time_s)));
    let x = padded(
        (0.0, last.map_or(1.0, |(_, hi)| hi.max(1.0))),
        PAD_SHARE / 2.0,
    );
    let mut entries: Vec<(Swatch, String)> = curves
        .iter()
        .enumerate()
        .map(|(i, c)| (Swatch::Line(colour(i)), c.label.clone()))
        .collect();
    entries.push((Swatch::Tick, "censored (completed or cut off)".to_owned()));
    entries.push((Swatch::Zero, "one half (the median)".to_owned()));
    let subtitle = "Kaplan-Meier estimate of the share still playing (a stop is the event), \
                    with its 95% band";
    render(path, |root| {
        let body = key(&header(root, title, subtitle)?, &entries)?;
        let names = ("time in condition, s", "share still playing");
        let mut chart = axes(&body, names, (x, SHARE_RANGE), TICKS)?;
        let half = [(x.0, 0.5), (x.1, 0.5)];
        let dashes = DashedLineSeries::new(half, ZERO_DASH_PX, ZERO_GAP_PX, BLACK.stroke_width(1));
        chart.draw_series(dashes)?;
        if curves.iter().all(|c| c.steps.is_empty()) {
            note(&chart, "no plays to show")?;
        }
        // Every band before any line, so that no band dims another's line.
        for (i, c) in curves.iter().enumerate() {
            let fill = colour(i).mix(BAND_ALPHA);
            chart.draw_series(c.bands().into_iter().map(|b| Polygon::new(b, fill)))?;
        }
        for (i, c) in curves.iter().enumerate() {
            let style = colour(i).stroke_width(LINE_PX);
            chart.draw_series(LineSeries::new(c.corners(), style))?;
            draw_ticks(&mut chart, c)?;
        }
        Ok(())
    })
}

/// Draws a tick on `curve` at each censored time.
fn draw_ticks(chart: &mut Chart, curve: &Curve) -> Result<(), DrawError> {
    let censored = curve
        .steps
        .iter()
        .filter(|s| s.censored > 0 && plottable(s.time_s) && plottable(s.survival));
    chart.draw_series(censored.map(|s| {
        let tick = vec![(0, -TICK_HALF_PX), (0, TICK_HALF_PX)];
        EmptyElement::at((s.time_s, s.survival))
            + PathElement::new(tick, BLACK.stroke_width(BOX_LINE_PX))
    }))?;
    Ok(())
}
