//! `feel sweep`: a maneuver or the course run over a grid of tunable
//! values on every core; `feel spin`: the spin study's grid of spin rate
//! x release action. Both write `sweep.csv` and a plot per measure.

use super::args::{ScaleArgs, TuningArgs};
use super::run_input::load_map;
use super::CliError;
use crate::data;
use crate::feel::bot::BotTunables;
use crate::feel::course::DEFAULT_LIMIT_S;
use crate::feel::flight::{FlightManeuver, FLIGHT_MANEUVERS};
use crate::feel::maneuvers::MANEUVERS;
use crate::feel::spin;
use crate::feel::sweep::{self, Drive, SetRange, Setup, Sweep};
use crate::map::{self, Map};
use crate::names;
use crate::script::Script;
use crate::short::Short;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// The options of `feel sweep`.
#[derive(clap::Args)]
pub struct SweepArgs {
    /// A standard maneuver (its script is maneuvers/NAME.txt), or a
    /// flight maneuver as `flight/NAME` (maneuvers/flight/NAME.txt, flown
    /// on its map with its enemies left out, measured with the flown
    /// view's metrics too).
    #[arg(
        long,
        value_name = "NAME",
        required_unless_present = "course",
        conflicts_with = "course"
    )]
    maneuver: Option<String>,
    /// The feel course (maps/feel_course.map), driven by the bot at every
    /// point (`feel course`'s figures can be measured too).
    #[arg(long)]
    course: bool,
    /// A tunable and its values: KEY=FROM..TO:N, KEY as the settings file
    /// or a recording names it (`turn_rate`, `quake_friction`), N values
    /// from FROM to TO in the settings file's unit. Once for a line plot,
    /// twice for a heat map.
    #[arg(long = "set", value_name = "KEY=FROM..TO:N", required = true)]
    sets: Vec<String>,
    /// With a flight maneuver, measure the view with the horizon kept
    /// level (the comfort option `level_horizon`).
    #[arg(long)]
    level_horizon: bool,
    /// The measures: feel metric names (see `feel RUN`), comma-separated.
    #[arg(long, value_name = "NAME[,NAME...]", required = true)]
    metric: String,
    /// The folder for sweep.csv and the plots; it must be empty or absent.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Write into a folder that is not empty (only sweep.csv and the plots
    /// are replaced; other files stay).
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    scale: ScaleArgs,
    #[command(flatten)]
    tuning: TuningArgs,
}

/// The options of `feel spin`.
#[derive(clap::Args)]
pub struct SpinArgs {
    /// The folder for sweep.csv and the two heat maps; it must be empty or
    /// absent.
    #[arg(long, value_name = "DIR", default_value = "spin-study")]
    out: PathBuf,
    /// Write into a folder that is not empty.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    scale: ScaleArgs,
    #[command(flatten)]
    tuning: TuningArgs,
}

/// `feel sweep`.
pub fn run_sweep(args: SweepArgs) -> Result<ExitCode, CliError> {
    // Every key and range is checked before anything runs.
    let sets = args
        .sets
        .iter()
        .map(|s| SetRange::parse(s))
        .collect::<Result<Vec<_>, _>>()?;
    sweep::check_keys(&sets)?;
    let fov = args.scale.fov()?;
    let base = args.tuning.tunables();
    let (map, controls, what) = match &args.maneuver {
        Some(name) => {
            let (map, script, flight) = maneuver(name)?;
            let what = format!("maneuver {name}");
            (
                map,
                Some((script.ticks().collect::<Vec<_>>(), flight)),
                what,
            )
        }
        None => (
            course_map()?,
            None,
            "the feel course, the bot driving".into(),
        ),
    };
    let drive = match &controls {
        Some((c, None)) => Drive::Script(c),
        Some((c, Some(m))) => Drive::Flight {
            controls: c,
            cue: m.cue(),
            level_horizon: args.level_horizon,
        },
        None => Drive::Course {
            bot: BotTunables::default(),
            limit_s: DEFAULT_LIMIT_S,
        },
    };
    let setup = Setup {
        map: &map,
        base: &base,
        drive,
        fov_deg: fov,
        scale: args.scale.scale(),
    };
    let columns = sweep::metric_columns(&args.metric, &setup.known())?;
    if columns.is_empty() {
        return Err(CliError::refused("--metric names no metric"));
    }
    let started = Instant::now();
    let result = sweep::tunables(&setup, &sets, columns);
    let what = format!("{what}, model {}", base.model.name());
    finish(&args.out, &result, &what, args.force, started)
}

/// `feel spin`.
pub fn run_spin(args: SpinArgs) -> Result<ExitCode, CliError> {
    let fov = args.scale.fov()?;
    let tunables = args.tuning.tunables();
    let started = Instant::now();
    let result = spin::study(&tunables, fov);
    let p = &tunables.polar;
    let what = format!(
        "spin study, model {} (swing {}, turn_law {}, swing_brake {}, coast {})",
        tunables.model.name(),
        p.swing.name(),
        p.turn_law.name(),
        p.swing_brake.name(),
        p.coast.name()
    );
    let code = finish(&args.out, &result, &what, args.force, started)?;
    for (c, column) in result.columns.iter().enumerate() {
        say!();
        say_text!(table(
            &result,
            c,
            &format!("{} ({})", column.name, column.unit)
        ));
    }
    Ok(code)
}

/// Writes the sweep and says what was written and how long it took.
fn finish(
    out: &std::path::Path,
    result: &Sweep,
    what: &str,
    force: bool,
    started: Instant,
) -> Result<ExitCode, CliError> {
    let ran = started.elapsed().as_secs_f64();
    let written = sweep::write(out, result, what, force)?;
    for path in &written {
        say!("wrote {}", path.display());
    }
    say!(
        "{} points x {} measure{} on {} threads: run in {ran:.2} s, written in {:.2} s",
        result.rows.len(),
        result.columns.len(),
        if result.columns.len() == 1 { "" } else { "s" },
        rayon::current_num_threads(),
        started.elapsed().as_secs_f64() - ran
    );
    Ok(ExitCode::SUCCESS)
}

/// Column `c` of a two-axis sweep as a text table: the second axis down,
/// the first across.
fn table(result: &Sweep, c: usize, title: &str) -> String {
    let [x, y] = &result.axes[..] else {
        return String::new();
    };
    let mut out = format!("{title}, {} across\n{:>14}", x.title(), "");
    for t in &x.ticks {
        out += &format!(" {:>6}", t.label);
    }
    for (j, t) in y.ticks.iter().enumerate() {
        out += &format!("\n{:>14}", t.label);
        for i in 0..x.ticks.len() {
            let row = result.rows.iter().find(|(p, _)| p[..] == [i, j]);
            let v = row.and_then(|(_, v)| v[c]);
            out += &format!(
                " {:>6}",
                v.map_or("-".into(), |v| Short((v * 100.0).round() / 100.0)
                    .to_string())
            );
        }
    }
    out + "\n"
}

/// The map and script of the standard maneuver `name`, or of the flight
/// maneuver `flight/NAME` (with the maneuver).
fn maneuver(name: &str) -> Result<(Map, Script, Option<FlightManeuver>), CliError> {
    let root = data::shipped_root();
    let flying = FLIGHT_MANEUVERS
        .into_iter()
        .find(|m| name.strip_prefix("flight/") == Some(m.name));
    if let Some(m) = flying {
        return Ok((
            m.load_map(&root)?,
            Script::load(&m.script_path(&root))?,
            Some(m),
        ));
    }
    let Some(m) = MANEUVERS.iter().find(|m| m.name == name) else {
        let flights = FLIGHT_MANEUVERS.map(|m| format!("flight/{}", m.name));
        let every = MANEUVERS
            .iter()
            .map(|m| m.name)
            .chain(flights.iter().map(String::as_str));
        let hint = names::nearest(name, every.clone())
            .map_or(String::new(), |h| format!(" (did you mean `{h}`?)"));
        let all: Vec<&str> = every.collect();
        return Err(CliError::refused(format!(
            "no standard or flight maneuver is called `{name}`{hint}; they are {}",
            all.join(", ")
        )));
    };
    let script = Script::load(&root.join("maneuvers").join(format!("{}.txt", m.name)))?;
    let map = match m.map {
        Some(file) => map::load(&root.join("maps").join(file))?.map,
        None => Map::open_plane(),
    };
    Ok((map, script, None))
}

/// The feel course's map, which must have a course.
fn course_map() -> Result<Map, CliError> {
    let (loaded, _, file) = load_map(Some(PathBuf::from("feel_course")))?;
    if loaded.map.course.is_none() {
        return Err(CliError::refused(format!(
            "{} has no course (checkpoints and a finish) to drive",
            file.display()
        )));
    }
    Ok(loaded.map)
}
