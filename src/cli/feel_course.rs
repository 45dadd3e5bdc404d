//! `feel course`: the bot drives a map's course; its figures and every
//! feel metric of the run.

use super::args::{ScaleArgs, TuningArgs};
use super::run_input::load_map;
use super::CliError;
use crate::feel::bot::BotTunables;
use crate::feel::compare::CompareError;
use crate::feel::course::{self, DEFAULT_LIMIT_S};
use crate::feel::{self, Scale};
use crate::sim::World;
use std::path::PathBuf;
use std::process::ExitCode;

/// The options of `feel course`.
#[derive(clap::Args)]
pub struct CourseArgs {
    /// The map (a file or a shipped map's name) whose course is driven.
    #[arg(long, value_name = "FILE", default_value = "feel_course")]
    map: PathBuf,
    /// Print `metric,value,unit` rows.
    #[arg(long)]
    csv: bool,
    /// The bot's reaction time, seconds: it acts on what it saw this long
    /// ago.
    #[arg(long, value_name = "S", default_value_t = BotTunables::default().reaction_s, value_parser = parse_seconds)]
    reaction: f64,
    /// The least time the bot holds a key down or up, seconds.
    #[arg(long, value_name = "S", default_value_t = BotTunables::default().hold_s, value_parser = parse_seconds)]
    hold: f64,
    /// Seconds after which the run stops and counts as not finished.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_LIMIT_S, value_parser = parse_limit)]
    limit: f64,
    #[command(flatten)]
    scale: ScaleArgs,
    #[command(flatten)]
    tuning: TuningArgs,
}

/// Seconds from 0 to 2.
fn parse_seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    match (0.0..=2.0).contains(&v) {
        true => Ok(v),
        false => Err(format!("`{s}` is not a time from 0 to 2 seconds")),
    }
}

/// Seconds from 1 to 3600.
fn parse_limit(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    match (1.0..=3600.0).contains(&v) {
        true => Ok(v),
        false => Err(format!("`{s}` is not a time limit from 1 to 3600 seconds")),
    }
}

/// `feel course`: drives the course and prints the figures and metrics,
/// as a table or CSV. A run out of time is reported, not hidden.
pub fn run(args: CourseArgs) -> Result<ExitCode, CliError> {
    let fov = args.scale.fov()?;
    let scale: Scale = args.scale.scale();
    let (loaded, _, file) = load_map(Some(args.map))?;
    let tunables = args.tuning.tunables();
    let mut world = World::new(loaded.map, tunables, 1);
    let bot = BotTunables {
        reaction_s: args.reaction,
        hold_s: args.hold,
        ..BotTunables::default()
    };
    let run = course::drive(&mut world, bot, args.limit, fov, scale).map_err(CompareError::from)?;
    let mut metrics = run.figures.clone();
    metrics.extend(feel::compute(&run.trajectory, scale));
    if args.csv {
        say_text!(feel::format_csv(&metrics));
        return Ok(ExitCode::SUCCESS);
    }
    let outcome = match run.progress.finished() {
        Some(_) => "finished".to_string(),
        None => format!("did not finish within {} s", args.limit),
    };
    say!(
        "{}: the bot on {} ({outcome}), model {}, camera along {}, reaction {} s, hold {} s, 1 tile = {} m, field of view {fov} deg",
        file.display(),
        world.map().name,
        tunables.model.name(),
        tunables.coupling.name(),
        args.reaction,
        args.hold,
        scale.metres_per_tile
    );
    say!();
    say_text!(feel::format_table(&metrics));
    Ok(ExitCode::SUCCESS)
}
