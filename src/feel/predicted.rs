//! The predicted-sickness section of `feel compare`: the course driven by
//! the bot once for each model with each comfort option, repeated from its
//! start until [`MINUTES`] have passed (each jump back a cut, as `feel
//! predict --minutes` does), and run through the 6DoF SVC model (IN1)
//! under both pathways: the published vestibular reading and the visual
//! one, which is a hypothesis ([`svc::visual`]). The MSI curve and its end
//! value stand beside the course's dose and flow figures from one drive.

use super::bot::BotTunables;
use super::comfort::{ComfortOption, OPTIONS};
use super::course::CourseRun;
use super::course::{self, DEFAULT_LIMIT_S};
use super::maneuvers::{Variant, VARIANTS};
use super::report::FIGURES as SIGNIFICANT;
use super::results::{CompareError, CourseResult, COURSE_MAP};
use super::svc::head::head_motion;
use super::svc::visual::{self, Pathway, View, VisualTunables};
use super::svc::{self, Motion, Predictor, SvcTunables, Tally};
use super::{Metric, Sample, Scale};
use crate::map;
use crate::short;
use crate::sim::{Tunables, World, TICK_DT};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

/// How long the course is driven for the prediction, minutes.
pub const MINUTES: f64 = 20.0;
/// The longest drive a comparison takes, minutes: a working day.
pub const MAX_MINUTES: f64 = 8.0 * 60.0;
/// The models the section compares: the polar model along the velocity
/// and along the heading, the classic model and the Quake model.
pub const MODELS: [Variant; 4] = [VARIANTS[0], VARIANTS[1], VARIANTS[2], VARIANTS[3]];
/// The MSI curve is kept every this many seconds for the plot.
pub const CURVE_STEP_S: f64 = 5.0;
/// The course's figures shown beside the prediction (from one drive): the
/// dose, the flow at the visible edge, the visible field, the yaw rate.
pub const BESIDE: [(&str, &str); 4] = [
    ("msdv_total", "dose (one drive)"),
    ("edge_flow_deg_s_mean", "edge flow"),
    ("visible_fov_mean_deg", "visible field"),
    ("yaw_rate_rms", "yaw rate"),
];

/// What the model says of one pathway over the whole drive.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// The pathway.
    pub pathway: Pathway,
    /// `(minutes, MSI %)` every [`CURVE_STEP_S`], from the start to the end.
    pub msi: Vec<(f64, f64)>,
    /// MSI at the end, %; the conflict's peak and RMS, m/s^2 (as
    /// [`svc::summary`] names them).
    pub summary: Vec<Metric>,
}

impl Curve {
    /// MSI at the end, %.
    pub fn msi_end(&self) -> Option<f64> {
        self.figure("msi_end_pct")
    }

    /// A figure of [`Self::summary`] by name.
    pub fn figure(&self, name: &str) -> Option<f64> {
        self.summary
            .iter()
            .find(|m| m.name == name)
            .and_then(|m| m.value)
    }
}

/// One model with one comfort option: the course's figures and a curve
/// per pathway.
#[derive(Clone, Debug)]
pub struct PredictedResult {
    /// The model and coupling.
    pub variant: Variant,
    /// The comfort option on.
    pub option: ComfortOption,
    /// One drive of the course, seconds.
    pub drive_s: f64,
    /// How long it was driven for the prediction, minutes.
    pub minutes: f64,
    /// True if the bot reached the finish within the time limit.
    pub finished: bool,
    /// The figures of [`BESIDE`], from one drive, in order.
    pub beside: Vec<Option<f64>>,
    /// One curve per pathway, in [`Pathway::ALL`] order.
    pub curves: Vec<Curve>,
}

/// Drives the course of `root/maps/`[`COURSE_MAP`] for each of
/// [`MODELS`] with each comfort option of [`OPTIONS`], from `base`
/// tunables, repeated to `minutes`, the view `fov_deg` wide; predicts each
/// under both pathways (the visual one with `visual`'s weights and the
/// viewing geometry unknown), the pairs spread over every core. The plain
/// option's drives are `course`'s ([`super::compare::run_course`] with the
/// same `base`, `scale` and `fov_deg`), not driven again.
pub fn run_all(
    root: &Path,
    base: &Tunables,
    (scale, fov_deg): (Scale, f64),
    (minutes, course): (f64, &[CourseResult]),
    visual: &VisualTunables,
) -> Result<Vec<PredictedResult>, CompareError> {
    let map = map::load(&root.join("maps").join(COURSE_MAP))?.map;
    let predictor = Predictor::new(SvcTunables::default(), TICK_DT);
    let pairs: Vec<(Variant, ComfortOption)> = MODELS
        .iter()
        .flat_map(|&variant| OPTIONS.map(|option| (variant, option)))
        .collect();
    // Each pair on any core; rayon's collect keeps their order, so the
    // report is the same bytes on any thread count.
    pairs
        .into_par_iter()
        .map(|(variant, option)| {
            let mut tunables = variant.tunables(base);
            option.set(&mut tunables);
            let drive = Drive {
                predictor: &predictor,
                view: View::of(&tunables, fov_deg),
                scale,
                minutes,
                visual,
            };
            let plain = course
                .iter()
                .find(|c| c.variant == variant && option.name == OPTIONS[0].name);
            let driven;
            let (run, metrics) = match plain {
                Some(c) => (&c.run, &c.metrics),
                None => {
                    let mut world = World::new(map.clone(), tunables, 1);
                    let bot = BotTunables::default();
                    let run = course::drive(&mut world, bot, DEFAULT_LIMIT_S, fov_deg, scale)?;
                    let metrics = super::compute(&run.trajectory, scale);
                    driven = (run, metrics);
                    (&driven.0, &driven.1)
                }
            };
            Ok(drive.predict(run, metrics, variant, option))
        })
        .collect()
}

/// What every pair's prediction shares.
struct Drive<'a> {
    predictor: &'a Predictor,
    view: View,
    scale: Scale,
    minutes: f64,
    visual: &'a VisualTunables,
}

impl Drive<'_> {
    /// Repeats one drive of the course, `run` with its feel `metrics`, to
    /// the minutes and predicts it under both pathways.
    fn predict(
        &self,
        run: &CourseRun,
        metrics: &[Metric],
        variant: Variant,
        option: ComfortOption,
    ) -> PredictedResult {
        let samples = &run.trajectory.samples;
        let ticks = (self.minutes * 60.0 / TICK_DT).round() as usize;
        let cycle = Cycle::new(samples, self.scale);
        let curves = Pathway::ALL
            .iter()
            .map(|&pathway| {
                let inputs = (0..cycle.ticks(ticks)).map(|i| {
                    let reach = || cycle.reach(i);
                    visual::input(pathway, &cycle.motion(i), reach, &self.view, self.visual)
                });
                let predictions = visual::predict_each(self.predictor, inputs);
                curve(pathway, predictions)
            })
            .collect();
        let beside = BESIDE
            .iter()
            .map(|(name, _)| {
                metrics
                    .iter()
                    .find(|m| m.name == *name)
                    .and_then(|m| m.value)
            })
            .collect();
        PredictedResult {
            variant,
            option,
            drive_s: samples.len().saturating_sub(1) as f64 * TICK_DT,
            minutes: self.minutes,
            finished: run.progress.finished().is_some(),
            beside,
            curves,
        }
    }
}

/// One drive's head-frame motion run again from its start, without
/// building the long run: the motion [`head_motion`] gives the samples of
/// [`repeated`](super::svc::head::repeated) (and its jumps), tick by tick and to the bit. A pass of
/// `n` samples is `n - 1` ticks of the drive and a jump back, at rest; a
/// later pass's first tick has no acceleration (it follows a cut).
struct Cycle<'s> {
    /// The drive's samples, one pass.
    samples: &'s [Sample],
    /// The motion of the drive's ticks, the first from rest.
    once: Vec<Motion>,
    /// The motion of the first tick after a jump back.
    resumed: Motion,
}

impl<'s> Cycle<'s> {
    /// The drive `samples` at `scale`.
    fn new(samples: &'s [Sample], scale: Scale) -> Self {
        let mpt = scale.metres_per_tile;
        let once = head_motion(samples, &[], TICK_DT, mpt);
        let resumed = match samples {
            [.., last] if samples.len() > 1 => {
                let back = [*last, samples[0], samples[1]];
                head_motion(&back, &[0], TICK_DT, mpt)[1]
            }
            _ => Motion::REST,
        };
        Self {
            samples,
            once,
            resumed,
        }
    }

    /// How many of `ticks` there are: none without a sample.
    fn ticks(&self, ticks: usize) -> usize {
        if self.samples.is_empty() {
            0
        } else {
            ticks
        }
    }

    /// The motion of tick `i` of the repeated run.
    fn motion(&self, i: usize) -> Motion {
        let n = self.samples.len();
        match i % n {
            at if at == n - 1 => Motion::REST,
            0 if i >= n => self.resumed,
            at => self.once[at],
        }
    }

    /// How far the view reaches at the end of tick `i`, tiles.
    fn reach(&self, i: usize) -> f64 {
        self.samples[(i + 1) % self.samples.len()].visible_reach
    }
}

/// The curve of `predictions` (one a tick, as they are stepped) under
/// `pathway`.
fn curve(pathway: Pathway, predictions: impl Iterator<Item = svc::Prediction>) -> Curve {
    let every = (CURVE_STEP_S / TICK_DT).round() as usize;
    let mut msi: Vec<(f64, f64)> = vec![(0.0, 0.0)];
    let mut tally = Tally::default();
    let mut last = None;
    for (k, p) in predictions.enumerate() {
        let tick = k + 1;
        tally.add(&p);
        if tick % every == 0 {
            msi.push((tick as f64 * TICK_DT / 60.0, p.msi_pct));
            last = None;
        } else {
            last = Some((tick as f64 * TICK_DT / 60.0, p.msi_pct));
        }
    }
    msi.extend(last);
    Curve {
        pathway,
        msi,
        summary: tally.summary(),
    }
}

/// The result of `variant` with the option called `option`.
pub fn find<'a>(
    results: &'a [PredictedResult],
    variant: Variant,
    option: &str,
) -> Option<&'a PredictedResult> {
    results
        .iter()
        .find(|r| r.variant == variant && r.option.name == option)
}

/// `v` to the report's significant figures.
fn fig(v: Option<f64>) -> String {
    short::figures(v, SIGNIFICANT)
}

/// Appends the predicted-sickness section to `md`, naming the plot
/// `plot`: what was run, the hypothesis said plainly, and a table with a
/// row per model and option. Nothing without results.
pub fn section(md: &mut String, results: &[PredictedResult], plot: &str) {
    let Some(minutes) = results.first().map(|r| r.minutes) else {
        return;
    };
    let _ = writeln!(
        md,
        "## Predicted sickness ({minutes} minutes of the course)\n\n\
         The course of `{COURSE_MAP}` driven once by the bot with each model and each comfort \
         option, then run again from its start until {minutes} minutes have passed (each jump \
         back a cut carrying no motion), the camera turned into the head frame and fed to the \
         6DoF subjective-vertical-conflict model with the IN1 parameters (Inoue, Liu & Wada \
         2023). Two readings of the same motion:\n\n\
         - **{}**.\n- **{}**. Its form and weights are a stated hypothesis \
         (`docs/feel-lab.md`), not a validated prediction: read its column for the order of the \
         conditions under its assumptions, not as an incidence to expect.\n\n\
         MSI is the predicted share of people who would vomit (%); the dose, flow, visible \
         field and yaw rate are the feel metrics of one drive. Plot: `{plot}`.\n",
        Pathway::Vestibular.about(),
        Pathway::Visual.about(),
    );
    let beside: Vec<String> = BESIDE
        .iter()
        .map(|(name, what)| format!("{what} `{name}`"))
        .collect();
    let _ = writeln!(
        md,
        "| model | option | drive (s) | {} | MSI end, vestibular (%) | MSI end, visual \
         hypothesis (%) | peak conflict, vestibular | peak conflict, visual hypothesis |\n|{}",
        beside.join(" | "),
        "---|".repeat(7 + BESIDE.len()),
    );
    for r in results {
        let cells: Vec<String> = r.beside.iter().map(|&v| fig(v)).collect();
        let (vest, seen) = (&r.curves[0], &r.curves[1]);
        let drive = format!(
            "{}{}",
            fig(Some(r.drive_s)),
            if r.finished { "" } else { " (not finished)" }
        );
        let _ = writeln!(
            md,
            "| `{}` | {} | {drive} | {} | {} | {} | {} | {} |",
            r.variant.label(),
            r.option.name,
            cells.join(" | "),
            fig(vest.msi_end()),
            fig(seen.msi_end()),
            fig(vest.figure("conflict_peak")),
            fig(seen.figure("conflict_peak")),
        );
    }
    let _ = writeln!(md);
}

#[cfg(test)]
#[path = "predicted_tests.rs"]
mod tests;
