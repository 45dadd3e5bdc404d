//! `study report`: every participant's session in a results folder read
//! and checked, each condition's recording measured by the feel lab, and
//! the study written up: `summary.csv` (a row per participant and
//! condition), `report.md` (per condition, paired comparisons, the order
//! effect, which metrics track the ratings, the questions and the
//! ranking) and three plots.
//!
//! - `table` and `session_file`: the files `study run` writes, read
//!   bounded with every fault placed (file, line, column).
//! - `participant`: one participant's folder, its tables checked against
//!   its session.
//! - `measure`: the recordings replayed and measured, in parallel.
//! - `summary`: the observations and `summary.csv`.
//! - `analysis`: spreads, paired tests, correlations.
//! - `markdown` and `figures`: `report.md` and the plots.
//! - `output`: the report's folder, written whole, never over a user's
//!   files.

mod analysis;
mod figures;
mod markdown;
mod measure;
mod output;
mod participant;
mod session_file;
mod summary;
mod table;

use crate::feel::{Metric, Scale};
use crate::files::ReadError;
use crate::located::{Faults, Located};
use crate::record::RecordingError;
use crate::study::protocol::ProtocolErrors;
use participant::Participant;
use std::path::{Path, PathBuf};
use summary::Observation;

pub use summary::COLUMNS;
pub use table::{MAX_ROWS, MAX_SECONDS};

/// The report's folder inside the results folder when `--out` is not
/// given.
pub const DEFAULT_OUT: &str = "report";

/// The most entries a results folder may hold: participants, and other
/// files the report ignores.
pub const MAX_ENTRIES: usize = 10_000;

/// The files of a participant's folder that hold the session's data: a
/// folder with any of them but no `session.toml` is refused.
const DATA_FILES: [&str; 5] = [
    "conditions.csv",
    "ratings.csv",
    "ssq.csv",
    "ssq-items.csv",
    "answers.csv",
];

/// What a report found and wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The participants read, by ID in folder-name order.
    pub participants: Vec<String>,
    /// How many of them were simulated.
    pub simulated: usize,
    /// Rows of `summary.csv`: conditions played over all participants.
    pub observations: usize,
    /// Folders left out (no `session.toml`, or not a participant's name).
    pub skipped: Vec<String>,
    /// Notes on the data, as listed at the top of `report.md`.
    pub notes: Vec<String>,
    /// The files written.
    pub written: Vec<PathBuf>,
}

/// Why a report could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A file that cannot be read (missing, not a file, too large, not
    /// UTF-8).
    #[error(transparent)]
    Read(#[from] Located<ReadError>),
    /// A file of the results with faults, each placed.
    #[error(transparent)]
    Data(Faults<DataFault>),
    /// A condition's recording does not load.
    #[error(transparent)]
    Recording(#[from] RecordingError),
    /// The results folder cannot be listed.
    #[error("cannot list the results folder {}", .dir.display())]
    List {
        /// The folder.
        dir: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// More entries than [`MAX_ENTRIES`].
    #[error("{} holds more than {MAX_ENTRIES} entries: not a study's results folder", .0.display())]
    TooManyEntries(PathBuf),
    /// No participant's folder.
    #[error(
        "no participant in {}: a study's results folder holds a folder per participant, each \
         with its session.toml (study run writes them under study-results/STUDY/)",
        .0.display()
    )]
    NoParticipants(PathBuf),
    /// A folder with a session's data but no `session.toml`.
    #[error(
        "{} holds a session's data but no session.toml: restore it, or move the folder out \
         of the results",
        .0.display()
    )]
    NoSession(PathBuf),
    /// Participants of different studies in one folder.
    #[error(
        "the results mix two studies: `{first}` ({first_by}) and `{second}` ({second_by}); \
         report each study's folder on its own"
    )]
    TwoStudies {
        /// One study.
        first: String,
        /// A participant of it.
        first_by: String,
        /// The other.
        second: String,
        /// A participant of it.
        second_by: String,
    },
    /// A recording's map is neither a file nor a shipped map.
    #[error("cannot find the map of {}", .recording.display())]
    NoMap {
        /// The recording.
        recording: PathBuf,
        /// What was looked for.
        #[source]
        source: crate::data::NoSuchMap,
    },
    /// A recording's map does not load.
    #[error("cannot load the map {} of {}", .map.display(), .recording.display())]
    BadMap {
        /// The map file.
        map: PathBuf,
        /// The recording.
        recording: PathBuf,
        /// Its faults.
        #[source]
        source: crate::map::MapErrors,
    },
    /// The output folder has files in it and `--force` was not given.
    #[error(
        "{} is not empty; pass --force to write the report there anyway (only report.md, \
         summary.csv and the plots are replaced)",
        .0.display()
    )]
    NotEmpty(PathBuf),
    /// Writing failed.
    #[error("cannot write {}", .path.display())]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// A plot could not be drawn.
    #[error("cannot draw {}", .path.display())]
    Plot {
        /// The plot's file.
        path: PathBuf,
        /// What failed.
        #[source]
        source: crate::study::plot::PlotError,
    },
}

/// What is wrong in a results file.
#[derive(Debug, thiserror::Error)]
pub enum DataFault {
    /// A field, row or key that is not what `study run` writes, in words.
    #[error("{0}")]
    Invalid(String),
    /// `session.toml`'s `protocol_text` is not a protocol this program
    /// reads.
    #[error("`protocol_text` does not read as a study protocol")]
    Protocol(#[source] ProtocolErrors),
    /// So many faults that the rest are not listed.
    #[error(
        "more than {} faults; the rest are not listed",
        crate::located::MAX_FAULTS
    )]
    TooMany,
}

/// A study as the report sees it: what every section and plot is drawn
/// from.
struct Study<'a> {
    /// The study's name.
    name: String,
    /// The results folder, as given.
    results_dir: &'a Path,
    /// Every participant, by ID.
    participants: &'a [Participant],
    /// Every condition's name, in the protocol's order.
    conditions: Vec<String>,
    /// The number of positions (conditions per session).
    positions: usize,
    /// One per participant and condition played.
    observations: &'a [Observation],
    /// The feel metrics' names and units (no values).
    metrics: &'a [Metric],
    /// Each metric's correlation with fms_max, strongest first.
    correlations: Vec<analysis::Correlation>,
    /// Doubts about the data, for the top of the report.
    notes: Vec<String>,
    /// Seconds between FMS prompts.
    fms_interval_s: f64,
}

impl Study<'_> {
    /// True if any participant was simulated.
    fn simulated(&self) -> bool {
        self.participants
            .iter()
            .any(|p| p.session.simulated.is_some())
    }

    /// The metric that tracks fms_max best, if any correlation is defined.
    fn best(&self) -> Option<&'static str> {
        let best = self.correlations.first().filter(|c| c.rho.is_some());
        best.map(|c| self.metrics[c.metric].name)
    }
}

/// Reports on every participant in `results_dir` into the folder `out`
/// (which must be empty or absent unless `force`; then only `report.md`,
/// `summary.csv` and the plots are replaced). The recordings are measured
/// at the feel lab's default scale, each at its condition's field of view.
pub fn report(results_dir: &Path, out: &Path, force: bool) -> Result<Summary, ReportError> {
    let (participants, skipped) = read_all(results_dir, out)?;
    let name = one_study(&participants)?;
    let metrics = measure::metric_list();
    let mut observations = summary::observations(&participants, metrics.len());
    let mut notes = data_notes(&participants, &skipped);
    measure_into(&participants, &mut observations, &mut notes)?;
    let conditions = condition_names(&participants);
    let study = Study {
        name,
        results_dir,
        participants: &participants,
        positions: conditions.len(),
        conditions,
        observations: &observations,
        metrics: &metrics,
        correlations: analysis::correlations(&observations, metrics.len()),
        notes,
        fms_interval_s: participants[0].session.protocol.fms_interval_s,
    };
    let written = output::write(out, force, |dir| build(dir, &study))?;
    Ok(Summary {
        participants: participants.iter().map(|p| p.id().to_string()).collect(),
        simulated: participants
            .iter()
            .filter(|p| p.session.simulated.is_some())
            .count(),
        observations: observations.len(),
        skipped,
        notes: study.notes,
        written,
    })
}

/// Writes every file of the report into the empty folder `dir`; their
/// names.
fn build(dir: &Path, study: &Study) -> Result<Vec<String>, ReportError> {
    let names: Vec<&str> = study.metrics.iter().map(|m| m.name).collect();
    let mut written = Vec::new();
    for (name, text) in [
        ("summary.csv", summary::csv(study.observations, &names)),
        ("report.md", markdown::report(study)),
    ] {
        let path = dir.join(name);
        crate::files::write_bytes(&path, false, text.as_bytes())
            .map_err(|e| output::write_error(&path, e))?;
        written.push(name.to_string());
    }
    written.extend(figures::draw(dir, study)?);
    Ok(written)
}

/// Every participant's folder in `results_dir` read, by name; and the
/// folders left out. The report's own folder `out` is passed over, as are
/// files and hidden entries.
fn read_all(
    results_dir: &Path,
    out: &Path,
) -> Result<(Vec<Participant>, Vec<String>), ReportError> {
    let list = |source| ReportError::List {
        dir: results_dir.to_owned(),
        source,
    };
    let out = std::fs::canonicalize(out).ok();
    let mut folders = Vec::new();
    for (i, entry) in std::fs::read_dir(results_dir).map_err(list)?.enumerate() {
        if i == MAX_ENTRIES {
            return Err(ReportError::TooManyEntries(results_dir.to_owned()));
        }
        let entry = entry.map_err(list)?;
        let is_folder = entry.file_type().map_err(list)?.is_dir();
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if !is_folder || name.starts_with('.') || std::fs::canonicalize(&path).ok() == out {
            continue;
        }
        folders.push((name, path));
    }
    folders.sort();
    let mut participants = Vec::new();
    let mut skipped = Vec::new();
    for (name, path) in folders {
        if !path.join("session.toml").exists() {
            if DATA_FILES.iter().any(|f| path.join(f).exists()) {
                return Err(ReportError::NoSession(path));
            }
            skipped.push(format!("{name}/ (no session.toml)"));
        } else if table::name(&name).is_err() {
            skipped.push(format!(
                "{name}/ (not a participant ID: letters, digits, - and _)"
            ));
        } else {
            participants.push(participant::read(&path, &name)?);
        }
    }
    if participants.is_empty() {
        return Err(ReportError::NoParticipants(results_dir.to_owned()));
    }
    Ok((participants, skipped))
}

/// The study every participant took part in, or the error naming two.
fn one_study(participants: &[Participant]) -> Result<String, ReportError> {
    let first = &participants[0].session;
    match participants.iter().find(|p| p.session.study != first.study) {
        None => Ok(first.study.clone()),
        Some(other) => Err(ReportError::TwoStudies {
            first: first.study.clone(),
            first_by: first.participant.clone(),
            second: other.session.study.clone(),
            second_by: other.session.participant.clone(),
        }),
    }
}

/// Every condition of the participants' protocols, in the first one's
/// order (others' extra conditions after).
fn condition_names(participants: &[Participant]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let all = participants
        .iter()
        .flat_map(|p| &p.session.protocol.conditions);
    for c in all {
        if !names.contains(&c.name) {
            names.push(c.name.clone());
        }
    }
    names
}

/// What the report should say about the data before any number: folders
/// left out, sessions not finished, files cut, protocols that differ.
fn data_notes(participants: &[Participant], skipped: &[String]) -> Vec<String> {
    let mut notes: Vec<String> = skipped.iter().map(|s| format!("left out: {s}")).collect();
    notes.extend(participants.iter().flat_map(|p| p.notes.iter().cloned()));
    let first = &participants[0].session;
    let differ: Vec<&str> = participants
        .iter()
        .filter(|p| p.session.protocol_sha256 != first.protocol_sha256)
        .map(|p| p.id())
        .collect();
    if !differ.is_empty() {
        notes.push(format!(
            "the protocol file differs from {}'s (SHA-256) for {}: check that the conditions \
             are the same",
            first.participant,
            differ.join(", ")
        ));
    }
    notes
}

/// Measures every observation's recording into its metrics, adding what
/// the measuring found doubtful to `notes`.
fn measure_into(
    participants: &[Participant],
    observations: &mut [Observation],
    notes: &mut Vec<String>,
) -> Result<(), ReportError> {
    let mut jobs = Vec::new();
    let mut measured_at = Vec::new();
    let played = participants
        .iter()
        .flat_map(|p| p.played.iter().map(move |c| (p, c)));
    for (i, (p, c)) in played.enumerate() {
        let condition = p
            .session
            .protocol
            .conditions
            .iter()
            .find(|k| k.name == c.condition);
        let (Some(recording), Some(condition)) = (&c.recording, condition) else {
            notes.push(format!(
                "{} `{}`: no recording, so no metrics",
                p.id(),
                c.condition
            ));
            continue;
        };
        jobs.push(measure::Job {
            recording: recording.clone(),
            fov_deg: condition.fov_deg,
            tunables: condition.tunables,
        });
        measured_at.push(i);
    }
    let measured = measure::measure(&jobs, Scale::default())?;
    for (i, m) in measured_at.into_iter().zip(measured) {
        observations[i].metrics = m.values;
        notes.extend(m.notes);
    }
    Ok(())
}
