//! `study report`: every participant's session in one study's results
//! folders read and checked, each condition's recording checked to be the
//! one played and measured by the feel lab, and the study written up:
//! `summary.csv` (a row per participant and condition), `report.md` (the
//! answers from the mixed model of the ratings and the survival of each
//! condition first; then per condition, how play ended, paired
//! comparisons, the order effect, which metrics track the ratings, the
//! questions and the ranking), the long tables of [`long`] for an analysis
//! elsewhere, the models' and tests' numbers (`model.csv`, `tests.csv`,
//! `survival.csv`), `analysis.R` that fits them again in R, and the plots.
//!
//! A study run at several sites (or on several computers) is reported
//! from all its results folders at once: the participants must all have
//! run the same protocol, and no ID may be met twice.
//!
//! - `table`, `session_file`, `conditions` and `mssq_file`: the files
//!   `study run` writes (and older versions wrote), read bounded with
//!   every fault placed (file, line, column); `rows` checks whose row
//!   each is.
//! - `folders` and `participant`: the results folders, and one
//!   participant's folder, its tables checked against its session.
//! - `measure`: the recordings checked and replayed, in parallel.
//! - `summary` and `long`: the observations, `summary.csv` and the long
//!   tables.
//! - [`model`] and `still_playing`: the mixed models of the ratings and
//!   the survival of each condition, with the files R's are compared with.
//! - `prediction` and `predicted`: the SVC model's prediction at each
//!   prompt (the visual pathway, a hypothesis) and how well it tracks the
//!   ratings, with its section of `report.md`.
//! - `analysis`: spreads, paired tests, correlations.
//! - `markdown`, `answers`, `fits`, `stops` and `figures`: `report.md`
//!   and the plots; `text`: how its numbers are written.
//! - `output`: the report's folder, written whole, never over a user's
//!   files.

mod analysis;
mod answers;
mod codebook;
mod conditions;
mod display;
mod events_log;
mod figures;
mod fits;
#[cfg(test)]
mod fixture;
mod folders;
pub mod long;
mod markdown;
mod measure;
pub mod model;
mod mssq_file;
mod ordinal;
mod output;
mod participant;
mod predicted;
mod prediction;
#[cfg(test)]
mod r_fixture_tests;
mod rows;
mod session_file;
mod shown;
mod still_playing;
mod stops;
mod summary;
mod table;
mod text;

use crate::feel::{Metric, Scale};
use crate::files::ReadError;
use crate::located::{Faults, Located};
use crate::record::RecordingError;
use crate::study::protocol::ProtocolErrors;
use crate::study::rscript;
use crate::study::scales::InPlayScale;
use participant::Participant;
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use summary::Observation;

pub use summary::{columns, COLUMNS};
pub use table::{MAX_ROWS, MAX_SECONDS};

/// The report's folder inside the results folder when `--out` is not
/// given.
pub const DEFAULT_OUT: &str = "report";

/// The most entries a results folder may hold: participants, and other
/// files the report ignores.
pub const MAX_ENTRIES: usize = 10_000;

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
    /// A participant met in two places.
    #[error(
        "participant `{id}` is in {} and in {}: one study's folders must not share an ID \
         (two people given one ID, or one folder copied into both); keep the one that is \
         theirs",
        .first.display(),
        .second.display()
    )]
    SameParticipant {
        /// The ID.
        id: String,
        /// The folder met first.
        first: PathBuf,
        /// The other.
        second: PathBuf,
    },
    /// Participants who ran different protocols.
    #[error(
        "the protocol differs between {} and {} (their protocol_sha256): the participants of \
         one report must all have run the same protocol file; report each protocol's results \
         on their own",
        .first.display(),
        .second.display()
    )]
    TwoProtocols {
        /// The session.toml met first.
        first: PathBuf,
        /// One with another protocol.
        second: PathBuf,
    },
    /// A recording that is not the one played.
    #[error(
        "{} is not the recording played: its SHA-256 is {found}, but {}:{line} gives \
         {played} (a recording swapped or edited since the session); restore the recording \
         played",
        .recording.display(),
        .conditions.display()
    )]
    NotPlayed {
        /// The recording.
        recording: PathBuf,
        /// The `conditions.csv` that names it.
        conditions: PathBuf,
        /// The line of its row there, from 1.
        line: usize,
        /// The SHA-256 the row gives.
        played: String,
        /// The file's.
        found: String,
    },
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
        "{} is not empty; pass --force to write the report there anyway (only the report's \
         own files are replaced: report.md, summary.csv, the long tables, model.csv, \
         tests.csv, survival.csv, analysis.R, design.toml and the plots)",
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
    /// The results folders, as given.
    results_dirs: Vec<&'a Path>,
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
    /// Each metric's correlation with the highest rating, strongest
    /// first.
    correlations: Vec<analysis::Correlation>,
    /// The mixed models of the in-play ratings.
    models: model::Models,
    /// The survival of each condition.
    still: still_playing::StillPlaying,
    /// The ordinal model of a MISC study's ratings (None on other
    /// scales).
    ordinal: Option<Result<crate::stats::clmm::ClmmFit, ordinal::OrdinalError>>,
    /// How the SVC model's prediction tracks the ratings.
    tracking: prediction::Tracking,
    /// Doubts about the data, for the top of the report.
    notes: Vec<String>,
    /// The in-play scale every rating is on.
    scale: InPlayScale,
    /// Seconds between in-play prompts.
    interval_s: f64,
    /// What each participant was shown and which program showed it.
    shown: Vec<shown::Shown>,
    /// The participants who withdrew, left out of everything else.
    withdrawals: Vec<events_log::Withdrawal>,
    /// The report's `events.csv`: every participant's events.
    events: String,
}

impl Study<'_> {
    /// True if any participant was simulated.
    fn simulated(&self) -> bool {
        self.participants
            .iter()
            .any(|p| p.session.simulated.is_some())
    }

    /// The metric that tracks the highest rating best, if any correlation
    /// is defined.
    fn best(&self) -> Option<&'static str> {
        let best = self.correlations.first().filter(|c| c.r().is_some());
        best.map(|c| self.metrics[c.metric].name)
    }

    /// True if the protocol asked the MSSQ-short.
    fn mssq_collected(&self) -> bool {
        self.participants[0].session.protocol.mssq
    }
}

/// Reports on every participant in the folders `results_dirs` (one
/// study's; usually one folder, or one per site) into the folder `out`
/// (which must be empty or absent unless `force`; then only the report's
/// own files are replaced). The recordings are measured at the feel lab's
/// default scale, each at its condition's field of view.
pub fn report(
    results_dirs: &[impl AsRef<Path>],
    out: &Path,
    force: bool,
) -> Result<Summary, ReportError> {
    let dirs: Vec<&Path> = results_dirs.iter().map(AsRef::as_ref).collect();
    let folders::Found {
        mut participants,
        skipped,
        withdrawals,
    } = folders::read(&dirs, out)?;
    let name = participants[0].session.study.clone();
    let metrics = measure::metric_list();
    let mut observations = summary::observations(&participants, metrics.len());
    let mut notes = data_notes(&participants, &skipped);
    // What was shown first: the stated screen's angle enters the
    // predictions.
    let (shown, shown_notes) = shown::read(&participants);
    measure_into(&mut participants, &shown, &mut observations, &mut notes)?;
    notes.extend(shown_notes);
    let conditions = folders::condition_names(&participants);
    let protocol = &participants[0].session.protocol;
    let prompts = long::prompts(&participants);
    let models = model::fit(&conditions, &prompts, protocol.mssq);
    let still = still_playing::analyse(&conditions, &stops(&observations));
    let ordinal =
        (protocol.in_play_scale == InPlayScale::Misc).then(|| ordinal::fit(&conditions, &prompts));
    let texts = participants.iter().map(|p| (p.events.as_deref(), p.id()));
    let events = events_log::concatenate(texts, &mut notes);
    let study = Study {
        name,
        results_dirs: dirs,
        participants: &participants,
        positions: conditions.len(),
        conditions,
        observations: &observations,
        metrics: &metrics,
        correlations: analysis::correlations(&observations, metrics.len()),
        models,
        still,
        ordinal,
        tracking: prediction::track(&predicted::points(&participants)),
        notes,
        scale: protocol.in_play_scale,
        interval_s: protocol.fms_interval_s,
        shown,
        withdrawals,
        events,
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
    let summary = summary::csv(study.observations, study.scale, &names);
    let long = long::tables(study.participants);
    let owned = |(name, text): (&'static str, String)| (name, Cow::Owned(text));
    let texts = [
        ("summary.csv", Cow::Owned(summary)),
        ("report.md", Cow::Owned(markdown::report(study))),
        // Written as it was gathered, not copied.
        ("events.csv", Cow::Borrowed(study.events.as_str())),
        ("display.csv", Cow::Owned(shown::display_csv(&study.shown))),
        (
            "frame_times.csv",
            Cow::Owned(shown::frame_times_csv(&study.shown)),
        ),
        (codebook::FILE, Cow::Owned(codebook::json(study))),
    ]
    .into_iter()
    .chain(
        long::FILES
            .iter()
            .map(|(name, _)| *name)
            .zip(long)
            .map(owned),
    )
    .chain(model_files(study).map(owned))
    .chain([design_file(study)].map(owned));
    let mut written = Vec::new();
    for (name, text) in texts {
        let path = dir.join(name);
        crate::files::write_bytes(&path, false, text.as_bytes())
            .map_err(|e| output::write_error(&path, e))?;
        written.push(name.to_string());
    }
    written.extend(figures::draw(dir, study)?);
    Ok(written)
}

/// `design.toml`: the protocol's design, for `study power`.
fn design_file(s: &Study) -> (&'static str, String) {
    let protocol = &s.participants[0].session.protocol;
    let design = crate::study::power::design::Design::of_protocol(protocol);
    (crate::study::power::design::FILE, design.to_toml())
}

/// Each observation's play as a row of `stops.csv`: a stop is the event.
fn stops(observations: &[Observation]) -> Vec<still_playing::Stop<'_>> {
    observations
        .iter()
        .map(|o| still_playing::Stop {
            participant: &o.participant,
            condition: &o.condition,
            spell: crate::stats::survival::Spell {
                time_s: o.time_s,
                event: o.end_reason.is_stop(),
            },
        })
        .collect()
}

/// `model.csv`, `tests.csv`, `survival.csv` and `analysis.R`: the
/// models' and tests' numbers, and the script that computes them again in
/// R.
fn model_files(s: &Study) -> [(&'static str, String); 4] {
    let mut numbers = numbers(&s.models, &s.still, &s.conditions);
    if let Some(Ok(fit)) = &s.ordinal {
        numbers.model += &ordinal::model_rows(fit);
    }
    [
        (rscript::MODEL_FILE, numbers.model),
        (rscript::TESTS_FILE, numbers.tests),
        (rscript::SURVIVAL_FILE, numbers.survival),
        (
            rscript::SCRIPT_FILE,
            rscript::analysis_r(&s.conditions, s.mssq_collected()),
        ),
    ]
}

/// The texts of `model.csv`, `tests.csv` and `survival.csv` for `models`
/// and `still` of a study of `conditions`.
fn numbers(
    models: &model::Models,
    still: &still_playing::StillPlaying,
    conditions: &[String],
) -> crate::study::agree::Files {
    crate::study::agree::Files {
        model: format!(
            "{}\n{}{}",
            rscript::MODEL_HEADER,
            models.model_rows(),
            still.model_rows(conditions)
        ),
        tests: format!(
            "{}\n{}{}",
            rscript::TESTS_HEADER,
            models.test_rows(),
            still.test_rows()
        ),
        survival: still.survival_csv(),
    }
}

/// What the report should say about the data before any number: folders
/// left out, sessions not finished, files cut, tables of an older
/// program.
fn data_notes(participants: &[Participant], skipped: &[String]) -> Vec<String> {
    let mut notes: Vec<String> = skipped.iter().map(|s| format!("left out: {s}")).collect();
    notes.extend(participants.iter().flat_map(|p| p.notes.iter().cloned()));
    let older: Vec<&str> = participants
        .iter()
        .filter(|p| p.older_conditions)
        .map(|p| p.id())
        .collect();
    if !older.is_empty() {
        notes.push(format!(
            "the conditions.csv of {} is an older program's, without end reasons or recording \
             hashes: an end is read as the participant's own stop when `ended_early` is true \
             and as completed when not, and the recordings measured are not checked against \
             those played",
            older.join(", ")
        ));
    }
    notes
}

/// Measures every observation's recording into its metrics, and its
/// predicted sickness into the participant's [`conditions::Played`],
/// adding what the measuring found doubtful to `notes`. Each
/// participant's predictions take the angle their screen fills at the eye
/// where `shown` (theirs, in order) states it.
fn measure_into(
    participants: &mut [Participant],
    shown: &[shown::Shown],
    observations: &mut [Observation],
    notes: &mut Vec<String>,
) -> Result<(), ReportError> {
    let mut jobs = Vec::new();
    let mut measured_at = Vec::new();
    let angles = shown
        .iter()
        .map(|s| s.display.as_ref().and_then(display::Display::angle_deg));
    let played = participants
        .iter()
        .zip(angles)
        .flat_map(|(p, angle)| p.played.iter().map(move |c| (p, angle, c)));
    for (i, (p, screen_deg, c)) in played.enumerate() {
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
        let file = recording.file_name().unwrap_or_default().to_string_lossy();
        jobs.push(measure::Job {
            recording: recording.clone(),
            shown: format!("{}/{file}", p.id()),
            played: c.played.clone(),
            fov_deg: condition.fov_deg,
            tunables: condition.tunables,
            screen_deg,
            prompts_s: c.ratings.iter().map(|r| r.t_s).collect(),
        });
        measured_at.push(i);
    }
    let measured = measure::measure(&jobs, Scale::default())?;
    let mut predicted = vec![Vec::new(); observations.len()];
    for (i, m) in measured_at.into_iter().zip(measured) {
        observations[i].metrics = m.values;
        predicted[i] = m.predicted;
        notes.extend(m.notes);
    }
    let played = participants.iter_mut().flat_map(|p| p.played.iter_mut());
    for (c, p) in played.zip(predicted) {
        c.predicted = p;
    }
    Ok(())
}
