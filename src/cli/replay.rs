//! `replay`: a recording played back in the window, or headless to check
//! every stored state hash.

use super::args::{ViewComfortArgs, WindowArgs};
use super::audio_out::AudioArgs;
use super::run_input::{load_recording, recording_map};
use super::CliError;
use crate::record::{self, Outcome, Playback};
use std::path::PathBuf;
use std::process::ExitCode;

/// Play a recording back in the window, or headless to check it.
#[derive(clap::Args)]
pub struct Args {
    /// The recording (made with `--record` or F9).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Replay on this map (a file or a shipped map's name) instead of the
    /// one the recording names.
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// No window: run every tick and check every stored state hash;
    /// exits 1 at a desync.
    #[arg(long)]
    headless: bool,
    /// Print only the final state hash, in hex.
    #[arg(long, requires = "headless")]
    hash: bool,
    #[command(flatten)]
    comfort: ViewComfortArgs,
    #[command(flatten)]
    audio: AudioArgs,
    /// Replace the `--audio` file if it exists.
    #[arg(long, requires = "audio")]
    force: bool,
    #[command(flatten)]
    window: WindowArgs,
}

/// Replays in the window, or headless with `--headless`; exits 1 at a desync.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let mut recording = load_recording(&args.file)?;
    // What is seen only: the simulation, and so every hash, is the same.
    args.comfort.apply(&mut recording.header.tunables);
    let map = recording_map(&recording, args.map.clone())?;
    if args.headless {
        args.audio.check(args.force)?;
        let outcome = record::replay(&recording, map.map.clone());
        if outcome.desync.is_none() {
            let world = Playback::new(recording.clone()).start(map.map);
            let ticks: Vec<_> = recording.ticks().collect();
            let levels = recording.header.levels;
            args.audio.render(world, &ticks, levels, args.force)?;
        }
        return tell(&outcome, args.hash);
    }
    if args.audio.audio.is_some() {
        return Err(CliError::refused(
            "--audio renders a replay with --headless",
        ));
    }
    in_window(args, recording, map)
}

/// The replay in the window, with its outcome told as headless runs tell it.
#[cfg(feature = "window")]
fn in_window(
    args: Args,
    recording: record::Recording,
    map: crate::map::Loaded,
) -> Result<ExitCode, CliError> {
    use crate::app::{self, AppConfig};
    let total = recording.len_ticks();
    let (settings, settings_path) = args.window.load_settings()?;
    let report = app::run(AppConfig {
        map,
        map_path: args.file.clone(),
        map_file: args.file.clone(),
        video: args.window.video(&settings),
        art: super::run_input::load_art()?,
        settings,
        settings_path,
        frames: args.window.frames,
        tunables: recording.header.tunables,
        difficulty: recording.header.difficulty,
        seed: recording.header.seed,
        record: None,
        title_menu: false,
        replay: Some(Playback::new(recording)),
        pacing: None,
        mute: args.window.mute,
        lsl: None,
    })?;
    let outcome = report.replay.expect("a replay reports its outcome");
    if outcome.ticks < total {
        say!("replay stopped at tick {} of {total}", outcome.ticks);
    }
    tell(&outcome, false)
}

/// Without the window, only `--headless` replays.
#[cfg(not(feature = "window"))]
fn in_window(_: Args, _: record::Recording, _: crate::map::Loaded) -> Result<ExitCode, CliError> {
    Err(CliError::NoWindow)
}

/// Prints how a replay ended: a desync (exit 1), else the final hash,
/// alone if `hash_only`.
fn tell(outcome: &Outcome, hash_only: bool) -> Result<ExitCode, CliError> {
    if let Some(desync) = outcome.desync {
        eprintln!("{desync}");
        return Ok(ExitCode::FAILURE);
    }
    if hash_only {
        say!("{:016x}", outcome.final_hash);
    } else {
        say!(
            "replayed {} ticks, final hash {:016x}: every stored hash matched",
            outcome.ticks,
            outcome.final_hash
        );
    }
    Ok(ExitCode::SUCCESS)
}
