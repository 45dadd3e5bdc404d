//! `conditions.csv`: a row per condition played. As `study run` writes it
//! now, a row says why the condition ended (an [`EndReason`]), when, and
//! which recording was played (its SHA-256). Older rows say only whether
//! it ended early: read as the participant's own stop when it did and as
//! completed when not, the time played as the time to the end, and the
//! recording not identified.

use super::rows::{identify, WHO_AT};
use super::session_file::SessionFile;
use super::table::{self, Checker, Row, Table};
use super::ReportError;
use crate::study::results::{CONDITIONS_HEADER, CONDITIONS_HEADER_V1};
use crate::study::session::EndReason;
use crate::study::ssq;
use std::path::{Path, PathBuf};

/// The headers read, the newest first.
pub(super) const HEADERS: [&str; 2] = [CONDITIONS_HEADER, CONDITIONS_HEADER_V1];
/// The [`Table::version`] of the older format.
pub(super) const V1: usize = 1;

/// One condition as a participant played it.
#[derive(Clone, Debug)]
pub(super) struct Played {
    /// The condition's name.
    pub condition: String,
    /// The label the participant saw.
    pub label: String,
    /// Its place in the order run, from 1.
    pub position: usize,
    /// Seconds played.
    pub duration_s: f64,
    /// Ended before its exposure did (stopped, or cut off).
    pub ended_early: bool,
    /// Why it ended.
    pub end_reason: EndReason,
    /// Seconds from its start to its end: the time to event (a stop) or
    /// the censored time (completed, interrupted).
    pub time_s: f64,
    /// Its recording, if the row names one.
    pub recording: Option<PathBuf>,
    /// What the row says of the recording played; None in the older
    /// format or with no recording.
    pub played: Option<PlayedHash>,
    /// The in-play prompts of the attempt that counts, in time order.
    pub ratings: Vec<Rating>,
    /// The predicted MSI at each of `ratings` at each visual gain of
    /// [`super::prediction::GAINS`] (`[rating][gain]`), once its recording
    /// is measured; empty before, or with no recording.
    pub predicted: Vec<Vec<Option<f64>>>,
    /// The SSQ scores after it, if given.
    pub ssq_post: Option<ssq::Scores>,
    /// Its SSQ right before it (`ssq_before_each`, or a later visit's
    /// first condition), if asked.
    pub ssq_pre: Option<ssq::Scores>,
    /// Custom questions answered after it: (question id, answer 1 to 7,
    /// or 0 to [`crate::study::protocol::SLIDER_MAX`] on a slider).
    pub answers: Vec<(String, u8)>,
}

/// The SHA-256 a row of `conditions.csv` gives its recording, and where
/// the row is.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PlayedHash {
    /// Lower-case hex.
    pub sha256: String,
    /// The `conditions.csv` file.
    pub file: PathBuf,
    /// The row's line, from 1.
    pub line: usize,
}

/// One in-play prompt, on the protocol's scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Rating {
    /// Seconds into the condition when it was shown.
    pub t_s: f64,
    /// The answer, 0 to the scale's top; None when left unanswered.
    pub value: Option<u8>,
}

/// How a condition ended, from the newer columns.
struct End {
    reason: EndReason,
    time_s: f64,
    sha256: Option<String>,
}

/// The conditions the table `t` (read under [`HEADERS`]) lists as played
/// in session `s`, by position; recordings named in the folder `dir`.
pub(super) fn read(t: &Table, s: &SessionFile, dir: &Path) -> Result<Vec<Played>, ReportError> {
    let mut f = Checker::new(&t.file);
    let mut played: Vec<Played> = Vec::new();
    for row in &t.rows {
        let Some(c) = row_of(&mut f, t, row, s, dir) else {
            continue;
        };
        if played.iter().any(|p| p.condition == c.condition) {
            f.at_field(row, 1, format!("a second row for `{}`", c.condition));
            continue;
        }
        played.push(c);
    }
    played.sort_by_key(|c| c.position);
    f.finish().map(|()| played)
}

/// One row, every field checked; None after a fault.
fn row_of(f: &mut Checker, t: &Table, row: &Row, s: &SessionFile, dir: &Path) -> Option<Played> {
    let (condition, position) = identify(f, t, row, s, &WHO_AT)?;
    f.field(t, row, 4, utc);
    let duration_s = f.field(t, row, 5, table::seconds);
    let ended_early = f.field(t, row, 6, table::flag);
    let recording = f.field(t, row, 7, file_name);
    let end = match t.version {
        V1 => ended_early.zip(duration_s).map(|(early, time_s)| End {
            reason: match early {
                true => EndReason::Participant,
                false => EndReason::Completed,
            },
            time_s,
            sha256: None,
        }),
        _ => end_of(f, t, row, ended_early, recording.as_ref()),
    };
    let (duration_s, ended_early, recording, end) = (duration_s?, ended_early?, recording?, end?);
    let played = end.sha256.map(|sha256| PlayedHash {
        sha256,
        file: t.file.clone(),
        line: row.line,
    });
    Some(Played {
        label: s.labels[position - 1].clone(),
        condition,
        position,
        duration_s,
        ended_early,
        end_reason: end.reason,
        time_s: end.time_s,
        recording: recording.map(|name| dir.join(name)),
        played,
        ratings: Vec::new(),
        predicted: Vec::new(),
        ssq_post: None,
        ssq_pre: None,
        answers: Vec::new(),
    })
}

/// The newer columns of a row: why it ended, when, and the recording's
/// SHA-256, checked against `ended_early` and `recording` (the row's
/// older columns, None after a fault).
fn end_of(
    f: &mut Checker,
    t: &Table,
    row: &Row,
    ended_early: Option<bool>,
    recording: Option<&Option<String>>,
) -> Option<End> {
    const REASON: usize = 8;
    const TIME: usize = 9;
    const SHA: usize = 10;
    const SETTINGS: usize = 12;
    let reason = f.field(t, row, REASON, end_reason);
    let time_s = f.field(t, row, TIME, table::seconds);
    let sha256 = f.field(t, row, SHA, table::sha256);
    f.field(t, row, SETTINGS, table::sha256);
    let (reason, time_s, sha256) = (reason?, time_s?, sha256?);
    let early = ended_early?;
    if early != (reason != EndReason::Completed) {
        let message = format!(
            "`ended_early` is {early}, but `end_reason` is `{}`",
            reason.name()
        );
        f.at_field(row, 6, message);
        return None;
    }
    let message = match (recording?, &sha256) {
        (Some(_), None) => "`recording_sha256` is empty, but `recording` names a file",
        (None, Some(_)) => "`recording_sha256` is given, but `recording` names no file",
        _ => {
            return Some(End {
                reason,
                time_s,
                sha256,
            })
        }
    };
    f.at_field(row, SHA, message.into());
    None
}

/// An [`EndReason`] by its name.
fn end_reason(text: &str) -> Result<EndReason, String> {
    EndReason::from_name(text).ok_or_else(|| {
        let names: Vec<String> = EndReason::ALL
            .iter()
            .map(|r| format!("`{}`", r.name()))
            .collect();
        format!("one of {}", names.join(", "))
    })
}

/// A time as written (`2025-01-31T12:00:00Z`: ASCII letters, digits, `-`,
/// `:`, `.` and `+`), or nothing when the session did not note it.
fn utc(text: &str) -> Result<String, String> {
    let ok = text.len() <= 40
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-:.+".contains(c));
    match ok {
        true => Ok(text.to_string()),
        false => Err("a UTC time such as 2025-01-31T12:00:00Z, or nothing".into()),
    }
}

/// A recording's name in the participant's folder (no folders), or
/// nothing for none.
fn file_name(text: &str) -> Result<Option<String>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    let ok = text.len() <= 255
        && !text.starts_with('.')
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    match ok {
        true => Ok(Some(text.to_string())),
        false => Err("the name of a file in the participant's folder, or nothing".into()),
    }
}

#[cfg(test)]
#[path = "conditions_tests.rs"]
mod tests;
