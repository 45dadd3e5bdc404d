//! A study condition's frame times: the frames presented from its start to
//! its end, written as `--pacing` writes them (`pacing::CSV_HEADER`) to
//! `N-CONDITION.pacing.csv` beside its recording, so the report can say
//! how smoothly each condition was shown. `frame` and `present_ms` count
//! from the window's first frame, as the session's whole run does.

use super::pacing::{self, Meter};
use std::path::{Path, PathBuf};

/// What a study's game tells the runner about its conditions' frames.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum PacingMark {
    /// A condition starts, recording to this file.
    Start(PathBuf),
    /// The condition under way ended (or the session did).
    Stop,
}

/// The condition whose frames are being kept: its frame times' file and
/// the first of its rows.
#[derive(Debug, Default)]
pub(super) struct ConditionPacing {
    open: Option<(PathBuf, usize)>,
}

/// The frame times' file of the recording at `recording`:
/// `1-polar.wrec` has `1-polar.pacing.csv`.
pub fn pacing_path(recording: &Path) -> PathBuf {
    recording.with_extension("pacing.csv")
}

impl ConditionPacing {
    /// Follows `marks` against the frames `meter` has kept: a stop writes
    /// the rows since its start. A file that cannot be written is told on
    /// the terminal (the participant's screen names no file).
    pub fn follow(&mut self, marks: Vec<PacingMark>, meter: &Meter) {
        for mark in marks {
            match mark {
                PacingMark::Start(recording) => {
                    self.open = Some((pacing_path(&recording), meter.rows().len()));
                }
                PacingMark::Stop => {
                    if let Some((path, from)) = self.open.take() {
                        let rows = meter.rows().get(from..).unwrap_or_default();
                        let written = crate::files::write_whole(&path, false, |out| {
                            pacing::write_csv(out, rows)
                        });
                        if let Err(e) = written {
                            eprintln!("cannot write the frame times {}: {e}", path.display());
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_times_go_beside_the_recording() {
        assert_eq!(
            pacing_path(Path::new("r/P01/1-polar.wrec")),
            Path::new("r/P01/1-polar.pacing.csv")
        );
        assert_eq!(
            pacing_path(Path::new("2-a-2.wrec")),
            Path::new("2-a-2.pacing.csv")
        );
    }
}
