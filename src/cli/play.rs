//! Playing in the window: the command with no subcommand.

use super::args::{TuningArgs, WindowArgs};
use super::CliError;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options for playing in a window.
#[derive(clap::Args)]
pub struct Args {
    /// The map to play: a file, or a shipped map's name such as `bunker`
    /// (`wobblecaster maps` lists them); default: maps/default.map.
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    #[command(flatten)]
    window: WindowArgs,
    /// Seed of the world's random generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Record from the first tick into FILE (never over an existing file:
    /// a taken name gets a number, FILE-1, FILE-2, ...).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    #[command(flatten)]
    tuning: TuningArgs,
}

/// Plays the game in a window until the player quits.
#[cfg(feature = "window")]
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    use super::run_input::load_map;
    use crate::app::{self, AppConfig};
    let (settings, settings_path) = args.window.load_settings()?;
    // Started with no map named, a newcomer gets the title menu first.
    let title_menu = args.map.is_none() && args.record.is_none();
    let (map, map_path, map_file) = load_map(args.map)?;
    let mut tunables = settings.tunables;
    args.tuning.apply(&mut tunables);
    let report = app::run(AppConfig {
        map,
        map_file,
        map_path,
        video: args.window.video(&settings),
        art: super::run_input::load_art()?,
        settings,
        settings_path,
        frames: args.window.frames,
        tunables,
        seed: args.seed,
        title_menu,
        record: args.record,
        replay: None,
    })?;
    for path in &report.saved {
        say!("recording saved: {}", path.display());
    }
    for problem in &report.problems {
        eprintln!("warning: {problem}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Without the window there is nothing to play in.
#[cfg(not(feature = "window"))]
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let _ = (args.map, args.seed, args.record, args.tuning, args.window);
    Err(CliError::NoWindow)
}
