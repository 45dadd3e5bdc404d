//! `feel`: the feel metrics of one run, and `feel compare` over every
//! standard maneuver.

use super::args::{ScaleArgs, TuningArgs};
use super::run_input::RunInput;
use super::CliError;
use crate::data;
use crate::feel::{self, compare, Scale};
use crate::sim::tunable_table::{CLASSIC_TURN_SPEED, HEADING_SPEED, QUAKE_TURN_SPEED};
use crate::sim::Tunables;
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Measure feel: run a script or a recording headless and print its
/// metrics; `feel compare` runs every standard maneuver with every model.
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
    /// own, else an open plane.
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// Print `metric,value,unit` rows.
    #[arg(long)]
    csv: bool,
    #[command(flatten)]
    scale: ScaleArgs,
    #[command(flatten)]
    tuning: TuningArgs,
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
    /// Run every standard maneuver (maneuvers/) with every model and
    /// coupling; write DIR/report.md and a plot per maneuver.
    Compare {
        /// The folder for the report; it must be empty or absent.
        #[arg(long, value_name = "DIR", default_value = "feel-report")]
        out: PathBuf,
        /// Write into a folder that is not empty (only report.md and the
        /// plots are replaced; other files stay).
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        scale: ScaleArgs,
        /// One turn speed for every model's turn keys, degrees per second,
        /// for a controlled comparison (without it each model turns at its
        /// own: polar 150, classic 122.5, quake 140).
        #[arg(long, value_name = "DEG_PER_S", value_parser = |s: &str| HEADING_SPEED.parse_written(s))]
        heading_speed: Option<f64>,
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
    if let Some(FeelCommand::Compare {
        out,
        force,
        scale,
        heading_speed,
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
        return run_compare(&out, force, (scale.scale(), scale.fov()?), (&base, command));
    }
    let file = args.run.expect("clap asks for RUN without a subcommand");
    let fov = args.scale.fov()?;
    run_one(
        &file,
        args.map,
        args.csv,
        (args.scale.scale(), fov),
        &args.tuning,
    )
}

/// `feel RUN`: the metrics of a script or recording, as a table or CSV.
fn run_one(
    file: &Path,
    map: Option<PathBuf>,
    csv: bool,
    (scale, fov): (Scale, f64),
    tuning: &TuningArgs,
) -> Result<ExitCode, CliError> {
    let (mut world, ticks) = RunInput::either(file, map, tuning)?.world();
    let t = *world.tunables();
    let trajectory = feel::run::run(&mut world, ticks, fov);
    let metrics = feel::compute(&trajectory, scale);
    if csv {
        say_text!(feel::format_csv(&metrics));
        return Ok(ExitCode::SUCCESS);
    }
    let seconds = (trajectory.samples.len() - 1) as f64 * trajectory.dt;
    say!(
        "{}: {seconds:.2} s on {}, model {}, camera along {}, 1 tile = {} m, field of view {fov} deg",
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
    Ok(ExitCode::SUCCESS)
}

/// `feel compare`: every maneuver with every model and coupling, written
/// up in `out`.
fn run_compare(
    out: &Path,
    force: bool,
    (scale, fov): (Scale, f64),
    (base, mut command): (&Tunables, String),
) -> Result<ExitCode, CliError> {
    let root = data::root_of("maneuvers");
    let started = std::time::Instant::now();
    let results = compare::run_all(&root, base, scale, fov)?;
    let course = compare::run_course(&root, base, scale, fov)?;
    if scale.metres_per_tile != feel::DEFAULT_METRES_PER_TILE {
        command += &format!(" --metres-per-tile {}", scale.metres_per_tile);
    }
    command += &format!(" --fov {fov}");
    let written = compare::write(out, &results, &course, force, &command)?;
    for path in &written {
        say!("wrote {}", path.display());
    }
    say!(
        "{} maneuvers x {} models and couplings in {:.1} s",
        results.len(),
        feel::maneuvers::VARIANTS.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}
