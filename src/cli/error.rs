//! What stops a command: every cause kept, so `main` prints the chain.

use crate::data::NoSuchMap;
use crate::feel::compare::CompareError;
use crate::files::ReadError;
use crate::located::Located;
use crate::map::MapErrors;
use crate::record::RecordingError;
use crate::script::ScriptError;
use crate::settings::SettingsErrors;
use crate::sprites::SpriteError;
use std::path::PathBuf;

/// Why a command failed. Each input's own error keeps its place (file,
/// line, column, tile); `main` prints this and every `source` below it.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A request the command refuses, explained in full (an output that
    /// exists without `--force`, a system with no config folder).
    #[error("{0}")]
    Refused(String),
    /// A map that is neither a file nor a shipped map.
    #[error(transparent)]
    NoSuchMap(#[from] NoSuchMap),
    /// A map file with faults.
    #[error(transparent)]
    Map(#[from] MapErrors),
    /// The map a recording is to be replayed on does not load.
    #[error(
        "cannot load the map {} to replay {} on (--map FILE chooses another)",
        map.display(),
        recording.display()
    )]
    ReplayMap {
        /// The map file.
        map: PathBuf,
        /// The recording.
        recording: PathBuf,
        /// The map's faults.
        #[source]
        source: MapErrors,
    },
    /// A recording that does not load.
    #[error(transparent)]
    Recording(#[from] RecordingError),
    /// A script that does not load.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// An input file that cannot be read (missing, not a file, too large,
    /// not text).
    #[error(transparent)]
    Read(#[from] Located<ReadError>),
    /// A settings file with faults.
    #[error(transparent)]
    Settings(#[from] SettingsErrors),
    /// The shipped sprite sheets do not load.
    #[error(transparent)]
    Art(#[from] SpriteError),
    /// The feel comparison could not run or be written.
    #[error(transparent)]
    Compare(#[from] CompareError),
    /// A head-frame motion file that does not load (`feel predict --motion`).
    #[error(transparent)]
    Motion(#[from] crate::feel::svc::motion::MotionError),
    /// A sweep refused before it ran (a key, range or metric).
    #[error(transparent)]
    Sweep(#[from] crate::feel::sweep::SweepError),
    /// A sweep's folder could not be written.
    #[error(transparent)]
    Folder(#[from] crate::feel::folder::FolderError),
    /// A study protocol with faults.
    #[error(transparent)]
    Protocol(#[from] crate::study::protocol::ProtocolErrors),
    /// A study's results could not be written or resumed.
    #[error(transparent)]
    StudyResults(#[from] crate::study::results::ResultsError),
    /// A study's report could not be made.
    #[error(transparent)]
    StudyReport(#[from] crate::study::report::ReportError),
    /// `study power` could not read its pilot or refit its model.
    #[error(transparent)]
    StudyPower(#[from] crate::study::power::PowerError),
    /// A simulated session could not finish.
    #[error(transparent)]
    Simulate(#[from] crate::study::simulate::SimulateError),
    /// A study's screens could not be written.
    #[error(transparent)]
    Screen(#[from] crate::study::screens::ScreenError),
    /// `--lsl` could not open Lab Streaming Layer's outlets.
    #[error(transparent)]
    Lsl(#[from] crate::lsl::LslError),
    /// A shipped sound effect does not load.
    #[error(transparent)]
    Sound(#[from] crate::audio::ClipError),
    /// Standard output cannot be written: a closed pipe, a full disk.
    #[error("cannot write the output")]
    Stdout(#[source] std::io::Error),
    /// Reading or writing a file or the terminal failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The window could not open or run.
    #[cfg(feature = "window")]
    #[error(transparent)]
    Window(#[from] crate::app::AppError),
    /// This program was built without the window (feature `window`).
    #[cfg(not(feature = "window"))]
    #[error(
        "this wobblecaster was built without its window (cargo feature `window`): \
         it runs the headless commands only (see `wobblecaster --help`)"
    )]
    NoWindow,
}

impl CliError {
    /// A refusal with its whole explanation.
    pub fn refused(message: impl Into<String>) -> Self {
        Self::Refused(message.into())
    }
}
