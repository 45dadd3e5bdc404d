//! Playing in the window: the command with no subcommand.

use super::args::{DifficultyArgs, PacingArgs, TuningArgs, WindowArgs};
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
    /// Without it, the settings file's `[game] difficulty` (normal if it
    /// names none).
    #[command(flatten)]
    difficulty: DifficultyArgs,
    #[command(flatten)]
    pacing: PacingArgs,
    /// Stream the camera of every tick (wobblecaster-camera) and play's
    /// start and end (wobblecaster-markers) over Lab Streaming Layer:
    /// liblsl from LSL_LIB or the system (`pip install pylsl` has one).
    #[arg(long)]
    lsl: bool,
    /// With --lsl: wait up to S seconds for a consumer of both streams
    /// before play starts.
    #[arg(long, value_name = "S", requires = "lsl", value_parser = super::study::parse_wait)]
    lsl_wait: Option<f64>,
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
    let others = [
        args.record.as_deref(),
        settings_path.as_deref(),
        Some(map_file.as_path()),
    ];
    let pacing = args.pacing.log(&others)?;
    let mut tunables = settings.tunables;
    args.tuning.apply(&mut tunables);
    let difficulty = args.difficulty.difficulty;
    let difficulty = difficulty.unwrap_or(settings.game.difficulty);
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
        difficulty,
        seed: args.seed,
        title_menu,
        record: args.record,
        replay: None,
        pacing: pacing.clone(),
        mute: args.window.mute,
        lsl: super::study::open_lsl(args.lsl, args.lsl_wait, "play")?,
    })?;
    for path in &report.saved {
        say!("recording saved: {}", path.display());
    }
    for problem in &report.problems {
        eprintln!("warning: {problem}");
    }
    if let (Some(log), Some(summary)) = (pacing, report.pacing) {
        tell_pacing(&log.path, &summary)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints where the frame timings went and their percentiles.
#[cfg(feature = "window")]
fn tell_pacing(
    path: &std::path::Path,
    summary: &crate::app::PacingSummary,
) -> Result<(), CliError> {
    say!(
        "frame timings: {} frames written to {}",
        summary.frames,
        path.display()
    );
    if summary.paced_here {
        say!(
            "the presents did not wait for the display, so the game paced the frames at its refresh"
        );
    }
    for (name, p) in [
        ("frame_ms", summary.frame_ms),
        ("input_to_present_ms", summary.input_to_present_ms),
    ] {
        match p {
            Some(p) => say!(
                "{name}: p50 {:.2}  p95 {:.2}  p99 {:.2}  (n = {}; p99/p50 = {:.2})",
                p.p50,
                p.p95,
                p.p99,
                p.count,
                p.p99 / p.p50
            ),
            None => say!("{name}: none measured"),
        }
    }
    Ok(())
}

/// Without the window there is nothing to play in.
#[cfg(not(feature = "window"))]
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let _ = (
        args.map,
        args.seed,
        args.record,
        args.tuning,
        args.difficulty,
        args.window,
        args.pacing,
    );
    Err(CliError::NoWindow)
}
