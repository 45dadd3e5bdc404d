//! `--audio OUT.wav`: what a headless run sounded like, rendered to a
//! WAV file from the camera, tick by tick, as the window would play it.

use super::CliError;
use crate::audio::{wav_bytes, Bank, Levels, Listening, Score, RATE};
use crate::data;
use crate::files;
use crate::settings::Settings;
use crate::sim::{Change, Controls, Request, World};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The audio a headless run writes.
#[derive(Args, Clone)]
pub struct AudioArgs {
    /// Also render what the run sounded like, from the camera, to a WAV
    /// file (48 kHz 16-bit stereo, as long as the run; the same bytes
    /// every time).
    #[arg(long, value_name = "OUT.wav")]
    pub audio: Option<PathBuf>,
}

impl AudioArgs {
    /// Refuses, before anything runs, an `--audio` file that exists
    /// without `force` (the command's `--force`) or is not named `.wav`.
    pub fn check(&self, force: bool) -> Result<(), CliError> {
        let Some(path) = &self.audio else {
            return Ok(());
        };
        let wav = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("wav"));
        if !wav {
            return Err(CliError::refused(format!(
                "{}: the audio is a WAV file; name it OUT.wav",
                path.display()
            )));
        }
        if path.symlink_metadata().is_ok() && !force {
            return Err(CliError::refused(format!(
                "{} exists; pass --force to replace it",
                path.display()
            )));
        }
        Ok(())
    }

    /// Renders the run of `ticks` from `world` (fresh) at `levels` into the
    /// `--audio` file, if one was asked for, replacing one there only if
    /// `force`; the file is written whole, and the terminal's standard
    /// error says so (standard output may be the run's CSV or hash).
    pub fn render(
        &self,
        world: World,
        ticks: &[Controls],
        levels: Levels,
        force: bool,
    ) -> Result<(), CliError> {
        let Some(path) = &self.audio else {
            return Ok(());
        };
        let frames = render(world, ticks, levels)?;
        write(path, &frames, force)?;
        eprintln!(
            "wrote {} ({:.3} s of audio)",
            path.display(),
            (frames.len() / 2) as f64 / f64::from(RATE)
        );
        Ok(())
    }
}

/// `--settings FILE` of a headless command that renders `--audio`: the
/// levels it hears at.
#[derive(Args, Clone)]
pub struct HearingArgs {
    /// Render `--audio` at this settings file's `[audio]` levels (volume,
    /// effects, music, ambience, footsteps, wind, stride, mute). Only
    /// `[audio]` is used: the run is the script's or the recording's,
    /// whatever the file's other sections say (they are still checked).
    /// Default: a recording's own levels, else the defaults.
    #[arg(long, value_name = "FILE", requires = "audio")]
    pub settings: Option<PathBuf>,
}

impl HearingArgs {
    /// The `--settings` file's `[audio]` levels, else `own`.
    pub fn levels(&self, own: Levels) -> Result<Levels, CliError> {
        match &self.settings {
            Some(path) => Ok(Settings::load(path)?.audio),
            None => Ok(own),
        }
    }
}

/// Every tick of `ticks` run from `world` and heard: interleaved stereo
/// frames at [`RATE`], `ticks.len()` ticks long.
pub fn render(mut world: World, ticks: &[Controls], levels: Levels) -> Result<Vec<f32>, CliError> {
    let bank = Arc::new(Bank::load(&data::sounds_dir())?);
    world.apply(Change::Stride(levels.stride_tiles));
    let mut listening = Listening::new(&world, bank, RATE, levels);
    match Score::for_map(world.map()) {
        Ok(score) => listening.mixer().set_score(&score),
        Err(e) => eprintln!(
            "wobblecaster: playing without music or ambience: {}",
            crate::located::chain(&e)
        ),
    }
    let per_tick = 2 * RATE as usize / crate::sim::TICK_RATE as usize;
    let mut frames = Vec::with_capacity(ticks.len() * (per_tick + 2));
    for controls in ticks {
        world.step(controls);
        let restarted = controls.action == Some(Request::Restart);
        frames.extend_from_slice(listening.tick(&world, restarted));
    }
    Ok(frames)
}

/// Writes `frames` as a WAV file at `path`, whole.
fn write(path: &Path, frames: &[f32], force: bool) -> Result<(), CliError> {
    let bytes = wav_bytes(frames, RATE)
        .map_err(|e| CliError::refused(format!("cannot encode {}: {e}", path.display())))?;
    files::write_bytes(path, force, &bytes)?;
    Ok(())
}
