//! `trace`: the simulation run headless on a script or a recording, one
//! CSV row a tick.

use super::args::{DifficultyArgs, TuningArgs};
use super::audio_out::{AudioArgs, HearingArgs};
use super::run_input::RunInput;
use super::CliError;
use crate::files;
use std::path::PathBuf;
use std::process::ExitCode;

/// Run the simulation headless on a script or a recording and print CSV.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("input").required(true)))]
pub struct Args {
    /// The input script (lines of `SECONDS ACTIONS`).
    #[arg(long, value_name = "FILE", group = "input")]
    script: Option<PathBuf>,
    /// A recording: its ticks, on its map with its seed and tunables
    /// (each of which `--map` and the tuning options override).
    #[arg(long, value_name = "FILE", group = "input")]
    recording: Option<PathBuf>,
    /// The map (a file or a shipped map's name); without one, a script runs on an open plane with no walls.
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// Also write one CSV row per enemy per tick here:
    /// tick,id,kind,x,y,heading,track_left,track_right,half_width.
    #[arg(long, value_name = "OUT.csv")]
    actors: Option<PathBuf>,
    /// Replace `--actors` and `--audio` if they exist.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    audio: AudioArgs,
    #[command(flatten)]
    hearing: HearingArgs,
    #[command(flatten)]
    tuning: TuningArgs,
    /// Without it, a recording's own (hard for one that names none) or,
    /// for a script, hard.
    #[command(flatten)]
    difficulty: DifficultyArgs,
}

/// Runs every tick, printing the player's rows (and writing the actors').
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if let Some(path) = args.actors.as_deref().filter(|p| p.exists() && !args.force) {
        return Err(CliError::refused(format!(
            "{} exists; pass --force to replace it",
            path.display()
        )));
    }
    let input = match (args.script, args.recording) {
        (Some(script), _) => RunInput::script(&script, args.map, &args.tuning)?,
        (None, Some(file)) => RunInput::recording(&file, args.map, &args.tuning)?,
        (None, None) => unreachable!("clap asks for a script or a recording"),
    };
    args.audio.check(args.force)?;
    let levels = args.hearing.levels(input.levels())?;
    let (mut world, ticks) = input.at_difficulty(args.difficulty.difficulty).world();
    if args.audio.audio.is_some() {
        args.audio
            .render(world.clone(), &ticks, levels, args.force)?;
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let Some(path) = args.actors else {
        crate::trace::run_ticks(&mut world, ticks, &mut out, None).map_err(CliError::Stdout)?;
        return Ok(ExitCode::SUCCESS);
    };
    // Written whole, so an interrupted run never leaves half a file under
    // the name asked for.
    files::write_whole(&path, args.force, |rows| {
        crate::trace::run_ticks(&mut world, ticks, &mut out, Some(rows))
    })?;
    Ok(ExitCode::SUCCESS)
}
