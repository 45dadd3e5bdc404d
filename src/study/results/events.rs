//! `events.csv`: one row per study event, as it happens (consent, a
//! session's start and resumption, each condition's start and end with its
//! letter, each in-play prompt and its answer, each stop, each
//! questionnaire finished, each visit, a withdrawal), appended and synced
//! through the same seam as the answers. Each row is also pushed as a
//! marker, `event detail`, to the [`Streams`] set, if any (Lab Streaming
//! Layer's outlets), and the marker's time on that stream's clock is the
//! row's `lsl_time`.
//!
//! Columns: `participant`; `utc`, the wall clock in UTC to the
//! millisecond (`YYYY-MM-DDTHH:MM:SS.sssZ`); `t_s`, seconds on the
//! session's own clock since this run of it began (the `session_start` or
//! `session_resume` row before it: the world's clock in play, the
//! simulated clock of a simulated participant); `lsl_time`, seconds on
//! LSL's `local_clock` when the marker was pushed (empty without LSL);
//! `event`, a lower-case name ([`EVENT_NAMES`]); `detail`, words and
//! numbers separated by spaces, quoted as CSV when they hold a comma or a
//! quote.

use super::{Appender, ResultsError, Sync};
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

/// The header of `events.csv`.
pub const EVENTS_HEADER: &str = "participant,utc,t_s,lsl_time,event,detail";

/// The events this program writes, with what each row's `detail` holds;
/// the codebook lists them as the `event` column's levels. Events logged
/// through [`super::Results::log`] by other parts take names of the same
/// shape (lower case, `_`).
pub const EVENT_NAMES: [(&str, &str); 18] = [
    ("session_start", "the participant's sequence number"),
    (
        "session_resume",
        "the position the session goes on from (1 is the first condition)",
    ),
    ("condition_start", "the condition's letter and name"),
    (
        "prompt",
        "an in-play prompt shown: the letter and the scale (fms or misc), then `tone` when the protocol's prompt tone sounded with it",
    ),
    (
        "rating",
        "an in-play prompt closed: the letter, the scale and the rating (none: unanswered)",
    ),
    (
        "stop",
        "play stopped early: the letter and who stopped it (participant or stop_rule)",
    ),
    (
        "condition_end",
        "the letter, the end reason and the seconds played",
    ),
    (
        "ssq",
        "an SSQ finished: baseline, or post and the letter; the total score",
    ),
    (
        "mssq",
        "the MSSQ-short finished: its raw score (empty: none)",
    ),
    (
        "answer",
        "a custom question: the letter, its id and the answer",
    ),
    (
        "rank",
        "a place of the ranking: the rank (1 best) and the letter",
    ),
    ("session_end", "the session finished (no detail)"),
    ("withdrawn", "the participant withdrew: the reason given"),
    (
        "consent",
        "the consent screen answered (given or refused), where the protocol asks it",
    ),
    (
        "demographics",
        "the demographic items answered (demographics.csv): how many",
    ),
    (
        "rest_fms",
        "an FMS outside play: the next condition's letter, baseline (the visit's, before it) \
         or rest, the seconds into the rest, the rating (none: unanswered)",
    ),
    (
        "rest_end",
        "a rest with a rule ended: the next letter, why (fms_back or timer), its seconds",
    ),
    ("visit_start", "a visit of several began: its number from 1"),
];

/// Where each event goes besides `events.csv`: Lab Streaming Layer's
/// outlets when the session streams (`--lsl`). Implemented outside the
/// study (the outlets are loaded at run time), so the study's files and
/// tests need no library.
pub trait Streams {
    /// Pushes `marker` (`event detail`) now; the time it was stamped with
    /// on the stream's clock (seconds), if the stream keeps one.
    fn marker(&mut self, marker: &str) -> Option<f64>;
    /// Pushes one tick's camera: x, y, z in metres, then yaw, pitch and
    /// roll in degrees ([`camera_sample`]).
    fn camera(&mut self, sample: [f64; 6]);
}

/// The session's event log: `events.csv`, and the streams.
pub(super) struct Log {
    file: Appender,
    participant: String,
    /// Seconds on the session's clock since this run began.
    t_s: f64,
    streams: Option<Box<dyn Streams>>,
    /// The markers of the rows written before the streams were set (the
    /// session's start), pushed when they are; at most [`MAX_PENDING`].
    pending: Vec<String>,
}

/// The most markers kept for streams not yet set: a session's opening
/// rows. A session that never streams keeps no more.
const MAX_PENDING: usize = 8;

impl std::fmt::Debug for Log {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Log")
            .field("file", &self.file.path)
            .field("t_s", &self.t_s)
            .field("streams", &self.streams.is_some())
            .finish()
    }
}

impl Log {
    /// The log of `participant` in `file`.
    pub(super) fn new(file: Appender, participant: &str) -> Self {
        Self {
            file,
            participant: participant.to_string(),
            t_s: 0.0,
            streams: None,
            pending: Vec::new(),
        }
    }

    /// Sends every event from now on to `streams` too, after the markers
    /// of the rows already written (their `lsl_time` stays empty).
    pub(super) fn set_streams(&mut self, mut streams: Box<dyn Streams>) {
        for marker in self.pending.drain(..) {
            streams.marker(&marker);
        }
        self.streams = Some(streams);
    }

    /// The session's clock moved on by `dt` seconds.
    pub(super) fn advance(&mut self, dt: f64) {
        self.t_s += dt;
    }

    /// One tick's camera to the streams, if any.
    pub(super) fn camera(&mut self, sample: [f64; 6]) {
        if let Some(s) = self.streams.as_mut() {
            s.camera(sample);
        }
    }

    /// Appends the row of `event` with `detail`, durably, and pushes it
    /// as a marker.
    pub(super) fn log(
        &mut self,
        event: &str,
        detail: &str,
        sync: &mut Sync,
    ) -> Result<(), ResultsError> {
        let marker = match detail.is_empty() {
            true => event.to_string(),
            false => format!("{event} {detail}"),
        };
        let lsl = match self.streams.as_mut() {
            Some(s) => s.marker(&marker),
            None => {
                if self.pending.len() < MAX_PENDING {
                    self.pending.push(marker);
                }
                None
            }
        };
        let line = format!(
            "{},{},{:.3},{},{},{}",
            self.participant,
            utc_now_ms(),
            self.t_s,
            lsl.map_or(String::new(), |t| format!("{t:.6}")),
            csv_field(event),
            csv_field(detail)
        );
        self.file.line(&line, sync)
    }
}

/// Opens (or makes) `events.csv` at `path` and appends one row to it
/// without a session: what `study withdraw` writes.
pub fn append_row(
    path: PathBuf,
    participant: &str,
    event: &str,
    detail: &str,
) -> Result<(), ResultsError> {
    let mut sync = Sync::default();
    let file = Appender::open(path, EVENTS_HEADER, &mut sync)?;
    Log::new(file, participant).log(event, detail, &mut sync)
}

/// `field` as a CSV field: quoted (quotes doubled) when it holds a comma,
/// a quote or a line break.
pub fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

/// Now in UTC to the millisecond, `YYYY-MM-DDTHH:MM:SS.sssZ`.
pub fn utc_now_ms() -> String {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    utc_ms(now.as_millis() as u64)
}

/// `ms` milliseconds after the Unix epoch as `YYYY-MM-DDTHH:MM:SS.sssZ`.
pub fn utc_ms(ms: u64) -> String {
    let secs = crate::calendar::utc(ms / 1000);
    format!("{}.{:03}Z", secs.trim_end_matches('Z'), ms % 1000)
}

/// A camera pose as LSL's camera stream carries it: x and y on the map
/// (x east, y south) and z the eye's height, in metres at
/// [`crate::feel::DEFAULT_METRES_PER_TILE`]; yaw (0 east, growing towards
/// south, as the map's angles), pitch (down positive) and roll (right
/// positive) in degrees.
pub fn camera_sample(pose: &crate::sim::Pose) -> [f64; 6] {
    let m = crate::feel::DEFAULT_METRES_PER_TILE;
    [
        pose.x * m,
        pose.y * m,
        pose.z * m,
        pose.yaw.to_degrees(),
        pose.pitch.to_degrees(),
        pose.roll.to_degrees(),
    ]
}

#[cfg(test)]
#[path = "events_tests.rs"]
mod tests;
