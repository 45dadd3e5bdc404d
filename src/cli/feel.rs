//! `feel`: the feel metrics of one run, and `feel compare` over every
//! standard maneuver.

use super::args::{ScaleArgs, TuningArgs};
use super::audio_out::{AudioArgs, HearingArgs};
use super::run_input::RunInput;
use super::CliError;
use crate::audio::Levels;
use crate::data;
use crate::feel::flight::{self, FlightManeuver, FLIGHT_MANEUVERS, FLIGHT_VARIANTS};
use crate::feel::svc::VisualTunables;
use crate::feel::{self, compare, LandingCue, Scale};
use crate::sim::tunable_table::{CLASSIC_TURN_SPEED, HEADING_SPEED, QUAKE_TURN_SPEED};
use crate::sim::{Change, Tunables, World};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Measure feel: run a script or a recording headless and print its
/// metrics (and, for a run that flies, the flown view's); `feel compare`
/// runs every standard maneuver with every model and the flight
/// maneuvers with the horizon tilting or level and the jets on or off.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    compare: Option<FeelCommand>,
    /// A script (lines of `SECONDS ACTIONS`) or a recording (made with
    /// `--record` or F9), told apart by the recording's first line.
    #[arg(value_name = "RUN", required = true)]
    run: Option<PathBuf>,
    /// The map (a file or a shipped map's name); default: a recording's
    /// own, a shipped flight maneuver's (maneuvers/flight/NAME.txt: the
    /// hangar, its enemies left out), else an open plane.
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// Print `metric,value,unit` rows.
    #[arg(long)]
    csv: bool,
    /// Also print the flown view's metrics (always done for a shipped
    /// flight maneuver, and with `--level-horizon` or `--land-cue`).
    #[arg(long)]
    flight: bool,
    /// In flight, measure the view with the horizon kept level (the
    /// comfort option `level_horizon`: the view's pitch held at zero).
    #[arg(long)]
    level_horizon: bool,
    /// Fly with the stabilising jets off (`[jetpack] stabilise = false`).
    #[arg(long)]
    no_jets: bool,
    /// The landing cue for `time_to_land_s`, seconds from the start;
    /// default: a shipped flight maneuver's own, else none.
    #[arg(long, value_name = "SECONDS", value_parser = parse_cue)]
    land_cue: Option<f64>,
    #[command(flatten)]
    scale: ScaleArgs,
    #[command(flatten)]
    tuning: TuningArgs,
    #[command(flatten)]
    audio: AudioArgs,
    #[command(flatten)]
    hearing: HearingArgs,
    /// Replace the `--audio` file if it exists.
    #[arg(long, requires = "audio")]
    force: bool,
}

#[derive(Subcommand)]
enum FeelCommand {
    /// Drive a map's course with the bot (keys on or off, a reaction time,
    /// a least hold time) and print the course's figures and every feel
    /// metric of the run.
    Course(super::feel_course::CourseArgs),
    /// Run a maneuver (or the course) over a grid of one or two tunables'
    /// values on every core; write DIR/sweep.csv and a plot per metric.
    Sweep(super::feel_sweep::SweepArgs),
    /// The spin study: spin rate x release action (let go, hold forward,
    /// counter-steer); write DIR/sweep.csv and two heat maps.
    Spin(super::feel_sweep::SpinArgs),
    /// Predicted sickness: the 6DoF subjective-vertical-conflict model
    /// (IN1) on a run's camera (turned into the head frame) or on a
    /// head-frame motion file; `t_s,msi_pct,conflict` a step, or a summary.
    Predict(super::feel_predict::PredictArgs),
    /// Run every standard maneuver (maneuvers/) with every model and
    /// coupling, and every flight maneuver (maneuvers/flight/) with the
    /// horizon tilting or level and the jets on or off; write
    /// DIR/report.md, DIR/flight.csv and a plot per maneuver.
    Compare {
        /// The folder for the report; it must be empty or absent.
        #[arg(long, value_name = "DIR", default_value = "feel-report")]
        out: PathBuf,
        /// Write into a folder that is not empty (only report.md,
        /// flight.csv and the plots are replaced; other files stay).
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        scale: ScaleArgs,
        /// One turn speed for every model's turn keys, degrees per second,
        /// for a controlled comparison (without it each model turns at its
        /// own: polar 150, classic 122.5, quake 140).
        #[arg(long, value_name = "DEG_PER_S", value_parser = |s: &str| HEADING_SPEED.parse_written(s))]
        heading_speed: Option<f64>,
        /// How long the course is driven for the predicted-sickness
        /// section, minutes (the run repeated as `feel predict --minutes`
        /// does); 0 leaves the section out.
        #[arg(long, value_name = "M", default_value_t = feel::predicted::MINUTES, value_parser = parse_predict_minutes)]
        predict_minutes: f64,
    },
}

/// `feel RUN` or `feel compare`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if let Some(FeelCommand::Course(course)) = args.compare {
        return super::feel_course::run(course);
    }
    if let Some(FeelCommand::Sweep(sweep)) = args.compare {
        return super::feel_sweep::run_sweep(sweep);
    }
    if let Some(FeelCommand::Spin(spin)) = args.compare {
        return super::feel_sweep::run_spin(spin);
    }
    if let Some(FeelCommand::Predict(predict)) = args.compare {
        return super::feel_predict::run(predict);
    }
    if let Some(FeelCommand::Compare {
        out,
        force,
        scale,
        heading_speed,
        predict_minutes,
    }) = args.compare
    {
        let mut base = Tunables::default();
        let mut command = "wobblecaster feel compare".to_string();
        if let Some(deg) = heading_speed {
            for n in [&HEADING_SPEED, &CLASSIC_TURN_SPEED, &QUAKE_TURN_SPEED] {
                (n.set)(&mut base, n.unit.to_stored(deg));
            }
            command += &format!(" --heading-speed {deg}");
        }
        let view = (scale.scale(), scale.fov()?);
        return run_compare(&out, force, view, (&base, command), predict_minutes);
    }
    let file = args
        .run
        .as_deref()
        .expect("clap asks for RUN without a subcommand");
    let fov = args.scale.fov()?;
    run_one(file, &args, (args.scale.scale(), fov))
}

/// `s` as a landing cue: seconds, finite and not negative.
fn parse_cue(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0)
        .ok_or_else(|| format!("`{s}` is not a number of seconds (0 or more)"))
}

/// `feel RUN`: the metrics of a script or recording, as a table or CSV;
/// for a run that flies, the flown view's metrics after them.
fn run_one(file: &Path, args: &Args, (scale, fov): (Scale, f64)) -> Result<ExitCode, CliError> {
    let root = data::shipped_root();
    let shipped = FlightManeuver::of_script(file, &root).filter(|_| args.map.is_none());
    let (mut world, ticks) = RunInput::either(file, args.map.clone(), &args.tuning)?.world();
    if let Some(m) = shipped {
        // A script's world, on the maneuver's map as `feel compare` flies it.
        world = World::new(m.load_map(&root)?, *world.tunables(), 1);
    }
    if args.no_jets {
        let mut t = *world.tunables();
        t.flight.stabilise = false;
        world.apply(Change::Tunables(Box::new(t)));
    }
    let t = *world.tunables();
    args.audio.check(args.force)?;
    let levels = args.hearing.levels(Levels::default())?;
    args.audio
        .render(world.clone(), &ticks, levels, args.force)?;
    let run = flight::fly(&mut world, ticks, fov, args.level_horizon);
    let trajectory = run.trajectory;
    let metrics = feel::compute(&trajectory, scale);
    let cue = LandingCue {
        at_s: args.land_cue.or(shipped.and_then(|m| m.land_cue_s)),
    };
    let flew = run.flown.samples.iter().any(|s| s.flying);
    let asked = args.flight || args.level_horizon || args.land_cue.is_some();
    let flight = (asked || shipped.is_some()).then(|| feel::compute_flight(&run.flown, scale, cue));
    if args.csv {
        let all: Vec<feel::Metric> = metrics
            .iter()
            .chain(flight.iter().flatten())
            .copied()
            .collect();
        say_text!(feel::format_csv(&all));
        return Ok(ExitCode::SUCCESS);
    }
    let seconds = (trajectory.samples.len() - 1) as f64 * trajectory.dt;
    let enemies = if shipped.is_some() {
        " (enemies left out)"
    } else {
        ""
    };
    say!(
        "{}: {seconds:.2} s on {}{enemies}, model {}, camera along {}, 1 tile = {} m, field of view {fov} deg",
        file.display(),
        world.map().name,
        t.model.name(),
        t.coupling.name(),
        scale.metres_per_tile
    );
    if trajectory.samples.len() < feel::MIN_SAMPLES {
        say!("(too short to measure: no metric has a value)");
    }
    say!();
    say_text!(feel::format_table(&metrics));
    if flew && flight.is_none() {
        say!();
        say!("(this run flies: --flight adds the flown view's metrics)");
    }
    if let Some(flight) = flight {
        let cue = cue.at_s.map_or("no landing cue".to_string(), |s| {
            format!("landing cue at {s} s")
        });
        say!();
        say!(
            "The flown view (the horizon {}, the stabilising jets {}, {cue}):",
            if args.level_horizon {
                "level"
            } else {
                "tilting"
            },
            if t.flight.stabilise { "on" } else { "off" },
        );
        say!();
        say_text!(feel::format_table(&flight));
    }
    Ok(ExitCode::SUCCESS)
}

/// `feel compare`: every maneuver with every model and coupling, written
/// up in `out`.
fn run_compare(
    out: &Path,
    force: bool,
    (scale, fov): (Scale, f64),
    (base, mut command): (&Tunables, String),
    predict_minutes: f64,
) -> Result<ExitCode, CliError> {
    let root = data::shipped_root();
    let started = std::time::Instant::now();
    let results = compare::run_all(&root, base, scale, fov)?;
    let course = compare::run_course(&root, base, scale, fov)?;
    let flight = flight::run_all(&root, base, scale, fov)?;
    let comfort = feel::comfort::run_all(&root, base, scale, fov)?;
    let predicting = std::time::Instant::now();
    let predicted = match predict_minutes > 0.0 {
        true => {
            let visual = VisualTunables::default();
            let drives = (predict_minutes, course.as_slice());
            feel::predicted::run_all(&root, base, (scale, fov), drives, &visual)?
        }
        false => Vec::new(),
    };
    let predicting = predicting.elapsed().as_secs_f64();
    if predict_minutes != feel::predicted::MINUTES {
        command += &format!(" --predict-minutes {predict_minutes}");
    }
    if scale.metres_per_tile != feel::DEFAULT_METRES_PER_TILE {
        command += &format!(" --metres-per-tile {}", scale.metres_per_tile);
    }
    command += &format!(" --fov {fov}");
    let sections = compare::Sections {
        maneuvers: &results,
        course: &course,
        flight: &flight,
        comfort: &comfort,
        predicted: &predicted,
    };
    let written = compare::write_sections(out, sections, force, &command)?;
    for path in &written {
        say!("wrote {}", path.display());
    }
    say!(
        "{} maneuvers x {} models and couplings in {:.1} s",
        results.len(),
        feel::maneuvers::VARIANTS.len(),
        started.elapsed().as_secs_f64()
    );
    say!(
        "and {} flight maneuvers x {} views and jets",
        FLIGHT_MANEUVERS.len(),
        FLIGHT_VARIANTS.len()
    );
    if !predicted.is_empty() {
        say!(
            "and the course driven {predict_minutes} min by {} models x {} comfort options, \
             predicted under both pathways (visual: a hypothesis) in {predicting:.1} s",
            feel::predicted::MODELS.len(),
            feel::comfort::OPTIONS.len(),
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Minutes for the predicted-sickness section: 0 (none) to a working day.
fn parse_predict_minutes(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    match (0.0..=feel::predicted::MAX_MINUTES).contains(&v) {
        true => Ok(v),
        false => Err(format!(
            "`{s}` is not a time from 0 to {} minutes",
            feel::predicted::MAX_MINUTES
        )),
    }
}
