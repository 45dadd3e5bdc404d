//! The game's recorder: started and stopped with F9 (or from the first
//! tick with `--record`), fed every tick the world steps, and closed
//! properly when the window closes.

use crate::audio::Levels;
use crate::record::{Header, Recorder, MAX_TICKS};
use crate::sim::{Controls, World, TICK_RATE};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The recorder of a game, if one runs, and what it needs to start one.
#[derive(Debug)]
pub(super) struct Tape {
    recorder: Option<Recorder>,
    /// The map file as given on the command line; None for the open plane.
    map_path: Option<PathBuf>,
    /// Seed of the world's random generator.
    seed: u64,
    /// Recordings closed so far, in order.
    saved: Vec<PathBuf>,
    /// The ticks at which a recording is closed: [`MAX_TICKS`], less in
    /// tests.
    limit: u64,
}

impl Tape {
    /// A tape for worlds on the map loaded from `map_path`, seeded with
    /// `seed`; not recording.
    pub fn new(map_path: Option<PathBuf>, seed: u64) -> Self {
        Self {
            recorder: None,
            map_path,
            seed,
            saved: Vec::new(),
            limit: MAX_TICKS,
        }
    }

    /// The seed a restarted world needs to match the recording's header.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The map file the game plays (as loaded); None for the open plane.
    pub fn map_path(&self) -> Option<&Path> {
        self.map_path.as_deref()
    }

    /// The file being recorded, if any.
    pub fn recording(&self) -> Option<&Path> {
        self.recorder.as_ref().map(Recorder::path)
    }

    /// Starts recording the fresh `world`, heard at `levels`, into a new
    /// file at `path` (or a numbered name beside it); returns the file's
    /// name.
    pub fn start(
        &mut self,
        path: &Path,
        world: &World,
        levels: Levels,
    ) -> std::io::Result<PathBuf> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        // A shipped map is named as its source path, which replays
        // anywhere.
        let map = self.map_path.as_deref().map(crate::data::as_recorded);
        let header = Header {
            levels,
            ..Header::new(world, map.as_deref(), self.seed)
        };
        let recorder = Recorder::create(path, &header, world)?;
        let used = recorder.path().to_path_buf();
        self.recorder = Some(recorder);
        Ok(used)
    }

    /// Records one tick if recording. A recording that reaches
    /// [`MAX_TICKS`] is closed, with a notice to say so. On a write error
    /// the recording stops (its partial file keeps its last complete
    /// second) and the error says so.
    pub fn record(&mut self, controls: &Controls, world: &World) -> Result<Option<String>, String> {
        let Some(recorder) = &mut self.recorder else {
            return Ok(None);
        };
        let Err(e) = recorder.record(controls, world) else {
            if recorder.ticks() < self.limit {
                return Ok(None);
            }
            let seconds = self.limit as f64 / f64::from(TICK_RATE);
            let held = if seconds >= 3600.0 {
                format!("{} hours", seconds / 3600.0)
            } else {
                format!("{seconds} s")
            };
            return match self.stop() {
                Some(Ok(path)) => Ok(Some(format!(
                    "{} closed at {held}, the most a recording holds; F9 starts another",
                    path.display()
                ))),
                Some(Err(e)) => Err(e),
                None => Ok(None),
            };
        };
        let partial = recorder.partial_path().display().to_string();
        self.recorder = None;
        Err(format!(
            "recording stopped: {e}; {partial} replays up to its last complete second"
        ))
    }

    /// Closes the recording, if one runs, with its end line; returns its
    /// file, or why it could not be closed.
    pub fn stop(&mut self) -> Option<Result<PathBuf, String>> {
        let recorder = self.recorder.take()?;
        let partial = recorder.partial_path().to_path_buf();
        Some(match recorder.finish() {
            Ok(path) => {
                self.saved.push(path.clone());
                Ok(path)
            }
            Err(e) => Err(format!("could not close {}: {e}", partial.display())),
        })
    }

    /// The same tape, closing recordings at `limit` ticks.
    #[cfg(test)]
    pub fn with_limit(self, limit: u64) -> Self {
        Self { limit, ..self }
    }

    /// Every recording closed so far.
    pub fn saved(&self) -> &[PathBuf] {
        &self.saved
    }
}

/// A new recording's name for a recording started at `now`:
/// `wobblecaster-YYYYMMDD-HHMMSS.wrec`, in UTC, in the folder `dir` (F9's
/// is `data::recordings_dir()`, in the per-user folder).
pub(super) fn new_recording_path(dir: &Path, now: SystemTime) -> PathBuf {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = crate::calendar::civil_date(secs / 86_400);
    let t = secs % 86_400;
    let name = format!(
        "wobblecaster-{y:04}{m:02}{d:02}-{:02}{:02}{:02}.wrec",
        t / 3600,
        t / 60 % 60,
        t % 60
    );
    dir.join(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn names_carry_the_utc_time() {
        let at = UNIX_EPOCH + Duration::from_secs(1_767_225_600 + 3_723);
        assert_eq!(
            new_recording_path(Path::new("recordings"), at),
            Path::new("recordings/wobblecaster-20260101-010203.wrec")
        );
    }
}
