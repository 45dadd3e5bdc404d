//! `feel predict`: predicted sickness from the 6DoF subjective-vertical-
//! conflict model (IN1), on a run's camera or on a head-frame motion file.

use super::args::{ScaleArgs, TuningArgs};
use super::run_input::RunInput;
use super::CliError;
use crate::feel;
use crate::feel::svc::head::{head_motion, repeated};
use crate::feel::svc::motion::{self, MotionFile};
use crate::feel::svc::visual::{self, Pathway, View, VisualTunables};
use crate::feel::svc::{self, Motion, Prediction, Predictor, SvcTunables};
use crate::files;
use crate::sim::TICK_DT;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The longest `--minutes`: a working day.
const MAX_MINUTES: f64 = 8.0 * 60.0;

/// The options of `feel predict`.
#[derive(clap::Args)]
pub struct PredictArgs {
    /// A script or a recording, as `feel` takes it: its camera, turned into
    /// the head frame, drives the model ("as if the body moved as the
    /// camera does").
    #[arg(value_name = "RUN", required_unless_present = "motion")]
    run: Option<PathBuf>,
    /// Run the model on a head-frame motion file instead: header
    /// `t_s,wx,wy,wz,fx,fy,fz` (x forward, y left, z up; rad/s; f = g + a
    /// in m/s^2, (0,0,9.81) at rest), one row a step at a constant step.
    #[arg(long, value_name = "FILE.csv", conflicts_with_all = ["run", "map", "minutes", "motion_out"])]
    motion: Option<PathBuf>,
    /// The map (a file or a shipped map's name); default: a recording's
    /// own, else an open plane.
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// Print the MSI at the end and the conflict's peak and RMS instead of
    /// a row a step.
    #[arg(long)]
    summary: bool,
    /// Write the head-frame motion fed to the model to FILE.csv, in the
    /// format `--motion` reads.
    #[arg(long, value_name = "FILE.csv")]
    motion_out: Option<PathBuf>,
    /// Replace the `--motion-out` file if it exists.
    #[arg(long, requires = "motion_out")]
    force: bool,
    /// Repeat the run from its start until this many minutes have passed
    /// (each jump back a cut, carrying no motion); default: the run once.
    #[arg(long, value_name = "M", value_parser = parse_minutes)]
    minutes: Option<f64>,
    /// How the motion drives the model: `vestibular`, the published model
    /// read as if the body moved as the camera does; or `visual`, a
    /// hypothesis (docs/feel-lab.md): the seated body at rest and the seen
    /// motion into the internal model, weighted by the visible field (the
    /// restrictor's, `--fov`, `--screen-deg`) and a fixed reference
    /// (`--reference`).
    #[arg(long, value_name = "NAME", default_value = "vestibular", value_parser = parse_pathway)]
    pathway: Pathway,
    /// The view's horizontal angle at the eye, degrees (from the screen's
    /// width and the viewing distance), for `--pathway visual`; default:
    /// unknown, the rendered field of view read as that angle.
    #[arg(long, value_name = "DEG", value_parser = parse_screen_deg)]
    screen_deg: Option<f64>,
    #[command(flatten)]
    scale: ScaleArgs,
    #[command(flatten)]
    tuning: TuningArgs,
}

/// Minutes, more than 0 and at most [`MAX_MINUTES`].
fn parse_minutes(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    match v > 0.0 && v <= MAX_MINUTES {
        true => Ok(v),
        false => Err(format!(
            "`{s}` is not a time from 0 to {MAX_MINUTES} minutes"
        )),
    }
}

/// A pathway by name.
fn parse_pathway(s: &str) -> Result<Pathway, String> {
    Pathway::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Pathway::ALL.iter().map(|p| p.name()).collect();
        format!("no pathway `{s}`: {}", names.join(", "))
    })
}

/// An angle at the eye, more than 0 and less than 180 degrees.
fn parse_screen_deg(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    match v > 0.0 && v < 180.0 {
        true => Ok(v),
        false => Err(format!(
            "`{s}` is not an angle at the eye between 0 and 180 degrees"
        )),
    }
}

/// `feel predict`: a row a step, or the summary.
pub fn run(args: PredictArgs) -> Result<ExitCode, CliError> {
    let (labels, inputs, title) = match (&args.motion, &args.run) {
        (Some(path), _) => {
            let file = MotionFile::load(path)?;
            let title = format!(
                "{}: {} steps of {} s",
                path.display(),
                file.inputs.len(),
                file.dt
            );
            let view = View {
                screen_deg: args.screen_deg,
                ..View::of(&args.tuning.tunables(), args.scale.fov()?)
            };
            let seen = Seen {
                reach: vec![1.0; file.inputs.len()],
                view,
            };
            (file.t_s, Timed::new(file.dt, file.inputs, seen), title)
        }
        (None, Some(path)) => camera_motion(path, &args)?,
        (None, None) => {
            return Err(CliError::refused(
                "feel predict wants a RUN or --motion FILE.csv",
            ))
        }
    };
    let predictor = Predictor::new(SvcTunables::default(), inputs.dt);
    let seen = &inputs.seen;
    let fed = visual::inputs_of(
        args.pathway,
        &inputs.motion,
        |k| seen.reach[k],
        &seen.view,
        &VisualTunables::default(),
    );
    let predictions = visual::predict(&predictor, &fed);
    if args.summary {
        say!("{title}; the 6DoF SVC model (IN1)");
        say!("pathway {}", pathway_words(args.pathway, &seen.view));
        say!();
        say_text!(feel::format_table(&svc::summary(&predictions)));
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!("pathway {}", pathway_words(args.pathway, &seen.view));
    say_text!(rows(&labels, &predictions, args.pathway));
    Ok(ExitCode::SUCCESS)
}

/// The pathway in words, with the view it weighs for the visual one.
fn pathway_words(pathway: Pathway, view: &View) -> String {
    match pathway {
        Pathway::Vestibular => pathway.about().to_string(),
        Pathway::Visual => format!(
            "{}; field of view {} deg, screen at the eye {}, reference {}",
            pathway.about(),
            view.fov_deg,
            view.screen_deg
                .map_or("unknown".to_string(), |d| format!("{d} deg")),
            view.reference.name(),
        ),
    }
}

/// Inputs at a constant step, and what they were seen through.
struct Timed {
    dt: f64,
    motion: Vec<Motion>,
    seen: Seen,
}

/// The view of each step, for the visual pathway.
struct Seen {
    /// The visible reach of each step (as `Sample::visible_reach`).
    reach: Vec<f64>,
    view: View,
}

impl Timed {
    fn new(dt: f64, motion: Vec<Motion>, seen: Seen) -> Self {
        Self { dt, motion, seen }
    }
}

/// The run at `path` (repeated to `--minutes`) as head-frame motion, a row
/// a tick labelled with the tick's start, written to `--motion-out` if
/// asked; and a title for the summary.
fn camera_motion(path: &Path, args: &PredictArgs) -> Result<(Vec<f64>, Timed, String), CliError> {
    if let Some(out) = &args.motion_out {
        if out.symlink_metadata().is_ok() && !args.force {
            return Err(CliError::refused(format!(
                "{} exists; pass --force to replace it",
                out.display()
            )));
        }
    }
    let fov = args.scale.fov()?;
    let (mut world, ticks) = RunInput::either(path, args.map.clone(), &args.tuning)?.world();
    let view = View {
        screen_deg: args.screen_deg,
        ..View::of(world.tunables(), fov)
    };
    let t = *world.tunables();
    let trajectory = feel::run::run(&mut world, ticks, fov);
    let once = trajectory.samples.len().saturating_sub(1);
    let total = args
        .minutes
        .map_or(once, |m| (m * 60.0 / TICK_DT).round() as usize);
    let (samples, jumps) = repeated(&trajectory.samples, total);
    let metres_per_tile = args.scale.scale().metres_per_tile;
    let motion = head_motion(&samples, &jumps, TICK_DT, metres_per_tile);
    let labels: Vec<f64> = (0..motion.len()).map(|k| k as f64 * TICK_DT).collect();
    let seen = Seen {
        reach: samples[1..].iter().map(|s| s.visible_reach).collect(),
        view,
    };
    if let Some(out) = &args.motion_out {
        let mut text = format!("{}\n", motion::HEADER);
        for (t_s, m) in labels.iter().zip(&motion) {
            motion::write_row(&mut text, *t_s, m);
        }
        files::write_bytes(out, args.force, text.as_bytes())?;
        eprintln!("wrote {} ({} rows)", out.display(), motion.len());
    }
    let repeats = match args.minutes {
        Some(m) => format!(", repeated to {m} min ({} jumps back)", jumps.len()),
        None => String::new(),
    };
    let title = format!(
        "{}: {:.2} s on {}{repeats}, model {}, camera along {}, 1 tile = {metres_per_tile} m",
        path.display(),
        once as f64 * TICK_DT,
        world.map().name,
        t.model.name(),
        t.coupling.name(),
    );
    Ok((labels, Timed::new(TICK_DT, motion, seen), title))
}

/// `t_s,msi_pct,conflict`, a row a step, each number in Rust's shortest
/// form that reads back to the same f64; under the visual pathway the
/// columns are named as the hypothesis' (`msi_pct_visual_hypothesis`,
/// `conflict_visual_hypothesis`).
fn rows(labels: &[f64], predictions: &[Prediction], pathway: Pathway) -> String {
    let mut text = String::with_capacity(48 * predictions.len() + 64);
    text += match pathway {
        Pathway::Vestibular => "t_s,msi_pct,conflict\n",
        Pathway::Visual => "t_s,msi_pct_visual_hypothesis,conflict_visual_hypothesis\n",
    };
    for (t, p) in labels.iter().zip(predictions) {
        // Writing to a String cannot fail.
        let _ = writeln!(text, "{t},{},{}", p.msi_pct, p.conflict);
    }
    text
}
