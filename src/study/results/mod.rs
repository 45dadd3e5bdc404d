//! A session's data as files, written as it happens: every answer is a
//! line appended, flushed and synced before the next is asked, so a crash
//! or a kill loses at most the answer being given. A participant's folder
//! is made new (a taken ID is refused); `--resume` reads what is there and
//! only ever appends.
//!
//! `RESULTS/STUDY/ID/`: `session.toml` (the protocol as run, its SHA-256,
//! the order and labels, the site, the start, the program version; a
//! `[[resumed]]` table for each resume), `conditions.csv` (with each
//! condition's end reason and its recording's SHA-256), `ratings.csv`,
//! `ssq.csv`, `ssq-items.csv` (each SSQ item as answered, so a
//! half-answered questionnaire survives a kill), `mssq-items.csv` and
//! `mssq.csv` (when the protocol asks the MSSQ-short), `answers.csv`, and
//! one recording per condition; `consent.csv`, `demographics.csv` and
//! `rests.csv` when the protocol asks consent, demographics or a rest
//! that ends on the FMS (`before`). With consent asked, nothing but
//! `session.toml`, `consent.csv` and `events.csv` is made until it is
//! given, so a refusal leaves the set-up, the refusal and when.
//!
//! Every line goes through one seam, [`Sync`]: written, then made durable
//! before the call returns, so a test can count the syncs and make them
//! fail.

use super::mssq;
use super::protocol::Protocol;
use super::session::{label, EndReason, Event, Progress, When};
use super::ssq;
use crate::files::{self, cap};
use crate::located::{Located, Place};
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

mod before;
mod events;
mod identify;
mod program;
mod ratings;
mod resume;

pub use before::{CONSENT_FILE, CONSENT_HEADER, DEMOGRAPHICS_HEADER, RESTS_HEADER};
pub use events::{
    append_row, camera_sample, csv_field, utc_ms, utc_now_ms, Streams, EVENTS_HEADER, EVENT_NAMES,
};
pub use identify::{identify, settings_sha256, RecordingId};
pub use program::{file_sha256, screen_angle_deg, Program, Shown, COMMIT, SIMULATED_REFRESH_HZ};
pub use resume::visit_starts;

/// The header of `conditions.csv`: `end_reason` is an
/// [`EndReason`]'s name, `time_s` the seconds from the condition's start
/// to its end (the time to event of the survival analysis), and the last
/// three identify the recording played: its SHA-256, its map's name and
/// the SHA-256 of its settings ([`settings_sha256`]).
pub const CONDITIONS_HEADER: &str = "participant,condition,label,position,started_utc,\
     duration_s,ended_early,recording,end_reason,time_s,recording_sha256,map,settings_sha256";
/// The header of `conditions.csv` before end reasons and recording
/// hashes (still read by the report).
pub const CONDITIONS_HEADER_V1: &str =
    "participant,condition,label,position,started_utc,duration_s,ended_early,recording";
/// The header of `ratings.csv`: `scale` is the in-play scale's name
/// (`fms` or `misc`), `rating` empty when the prompt went unanswered,
/// `latency_s` the seconds from the prompt's showing to the answer
/// (empty when unanswered).
pub const RATINGS_HEADER: &str = "participant,condition,label,position,t_s,scale,rating,latency_s";
/// The header of `ratings.csv` before response latencies (still read by
/// the report).
pub const RATINGS_HEADER_V2: &str = "participant,condition,label,position,t_s,scale,rating";
/// The header of `ratings.csv` before the MISC (every rating an FMS; still
/// read by the report).
pub const RATINGS_HEADER_V1: &str = "participant,condition,label,position,t_s,fms";
/// The header of `mssq-items.csv`: `section` is `child` or `adult`,
/// `item` the kind from 1 ([`mssq::KINDS`]), `answer` 0 to 3 or `na`
/// (never travelled that way).
pub const MSSQ_ITEMS_HEADER: &str = "participant,section,item,answer";
/// The header of `mssq.csv`: the sections' scores and the raw score
/// (empty where every kind was never travelled), and the kinds never
/// travelled in each section.
pub const MSSQ_HEADER: &str = "participant,child,adult,raw,child_not_travelled,adult_not_travelled";
/// The header of `ssq-items.csv`.
pub const SSQ_ITEMS_HEADER: &str = "participant,condition,label,when,item,rating";
/// The header of `answers.csv`.
pub const ANSWERS_HEADER: &str = "participant,condition,label,question,answer";

/// The header of `ssq.csv`: the 16 items, then the Kennedy scores.
pub fn ssq_header() -> String {
    let items: Vec<String> = (1..=ssq::ITEMS.len()).map(|i| format!("q{i}")).collect();
    format!(
        "participant,condition,label,when,{},nausea,oculomotor,disorientation,total",
        items.join(",")
    )
}

/// Who is taking part and how the session was started.
#[derive(Clone, Debug)]
pub struct Start {
    /// The participant's ID: letters, digits, `-` and `_`.
    pub participant: String,
    /// The participant's number: the Latin square's row.
    pub sequence: usize,
    /// The seed of a simulated participant; None for a person.
    pub simulated: Option<u64>,
    /// The protocol file as given.
    pub protocol_file: PathBuf,
    /// The protocol file's text, as read.
    pub protocol_text: String,
    /// The map file played.
    pub map: PathBuf,
    /// The site (lab or computer) the session runs at, if named.
    pub site: Option<String>,
}

/// Why the results could not be written or resumed.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// The participant's folder exists.
    #[error(
        "participant `{participant}` already has a session in {}; choose another ID, or \
         continue that session with --resume",
        dir.display()
    )]
    Taken {
        /// The ID.
        participant: String,
        /// Their folder.
        dir: PathBuf,
    },
    /// `--resume` with no session to resume.
    #[error("no session of participant `{participant}` to resume in {}", dir.display())]
    NothingToResume {
        /// The ID.
        participant: String,
        /// The folder looked in.
        dir: PathBuf,
    },
    /// The protocol differs from the one the session started with.
    #[error(
        "the protocol file changed since this session started (SHA-256 {was}, now {now}); \
         resume with the protocol as it was"
    )]
    ProtocolChanged {
        /// The hash in session.toml.
        was: String,
        /// The hash of the file given now.
        now: String,
    },
    /// A file of the session does not read as this program wrote it.
    #[error("{0}")]
    Unreadable(Located<String>),
    /// Writing failed.
    #[error("cannot write {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: io::Error,
    },
}

/// The session's files, open for appending.
#[derive(Debug)]
pub struct Results {
    dir: PathBuf,
    participant: String,
    /// Condition name at each position.
    names: Vec<String>,
    conditions: Appender,
    ratings: Appender,
    /// The header `ratings.csv` has, so a resumed session's rows match it.
    ratings_shape: ratings::Shape,
    ssq: Appender,
    ssq_items: Appender,
    /// `mssq-items.csv` and `mssq.csv`, when the protocol asks the
    /// MSSQ-short.
    mssq: Option<(Appender, Appender)>,
    answers: Appender,
    /// `consent.csv`, `demographics.csv` and `rests.csv`, when the
    /// protocol asks what they hold.
    before: before::Tables,
    /// `events.csv`, and the streams each event is pushed to.
    events: events::Log,
    /// The in-play scale's name, for `ratings.csv`.
    scale: &'static str,
    /// The custom questions' ids.
    questions: Vec<String>,
    /// When the condition under way started, and its recording's file
    /// name.
    started: Option<(String, String)>,
    /// A condition that has ended, its row waiting for its recording to
    /// be closed ([`Results::recorded`]).
    ended: Option<Ended>,
    /// How each line is made durable.
    sync: Sync,
}

/// A condition's end, before its recording is closed and hashed.
#[derive(Debug)]
struct Ended {
    position: usize,
    duration_s: f64,
    reason: EndReason,
    started: String,
}

/// The seam every line of the results goes through after it is written:
/// `sync_data` on the file, unless a test put a counter (or a failure) in
/// its place with [`Results::set_sync`].
pub struct Sync(Box<SyncFn>);

/// What makes a line durable: given the file just written to and its
/// path.
pub type SyncFn = dyn FnMut(&File, &Path) -> io::Result<()>;

impl Default for Sync {
    fn default() -> Self {
        Sync(Box::new(|file, _| file.sync_data()))
    }
}

impl std::fmt::Debug for Sync {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sync")
    }
}

/// One CSV file that every line is appended to, flushed and synced.
#[derive(Debug)]
struct Appender {
    path: PathBuf,
    /// The file; None until its first line for a file made only when
    /// there is something to put in it (`Appender::deferred`).
    file: Option<File>,
    /// The header a deferred file is made with.
    header: String,
}

impl Appender {
    /// A new file at `path` holding `header`.
    fn create(path: PathBuf, header: &str, sync: &mut Sync) -> Result<Self, ResultsError> {
        let mut a = Self::deferred(path, header, sync)?;
        a.make(sync)?;
        Ok(a)
    }

    /// The existing file at `path`, to append to; made with `header` if
    /// the session began before the file existed (an older program's, or
    /// one killed before writing it).
    fn open(path: PathBuf, header: &str, sync: &mut Sync) -> Result<Self, ResultsError> {
        if path.symlink_metadata().is_err() {
            return Self::create(path, header, sync);
        }
        let file = OpenOptions::new()
            .append(true)
            .open(&path)
            .map_err(|source| write_error(&path, source))?;
        Ok(Self {
            path,
            file: Some(file),
            header: String::new(),
        })
    }

    /// Appends `line` and makes it durable before returning (a deferred
    /// file is made first).
    fn line(&mut self, line: &str, sync: &mut Sync) -> Result<(), ResultsError> {
        if self.file.is_none() {
            self.make(sync)?;
        }
        let file = self.file.as_mut().expect("made above");
        let text = format!("{line}\n");
        file.write_all(text.as_bytes())
            .and_then(|()| (sync.0)(file, &self.path))
            .map_err(|source| write_error(&self.path, source))
    }
}

fn write_error(path: &Path, source: io::Error) -> ResultsError {
    ResultsError::Write {
        path: path.to_path_buf(),
        source,
    }
}

/// The files of a participant's folder, by name.
const CONDITIONS: &str = "conditions.csv";
const RATINGS: &str = "ratings.csv";
const SSQ: &str = "ssq.csv";
const SSQ_ITEMS: &str = "ssq-items.csv";
const MSSQ: &str = "mssq.csv";
const MSSQ_ITEMS: &str = "mssq-items.csv";
const ANSWERS: &str = "answers.csv";
const SESSION: &str = "session.toml";
/// The file of a participant's folder that every study event is
/// appended to.
pub const EVENTS: &str = "events.csv";

impl Results {
    /// The folder of participant `participant` of `protocol` under `root`.
    pub fn folder(root: &Path, protocol: &Protocol, participant: &str) -> PathBuf {
        root.join(&protocol.name).join(participant)
    }

    /// A new session's folder and files, `session.toml` first; a taken ID
    /// is refused and nothing is touched.
    pub fn create(
        root: &Path,
        protocol: &Protocol,
        order: &[usize],
        start: &Start,
    ) -> Result<Self, ResultsError> {
        let dir = Self::folder(root, protocol, &start.participant);
        let study = dir.parent().expect("a study folder");
        std::fs::create_dir_all(study).map_err(|source| write_error(study, source))?;
        match std::fs::create_dir(&dir) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                return Err(ResultsError::Taken {
                    participant: start.participant.clone(),
                    dir,
                })
            }
            Err(source) => return Err(write_error(&dir, source)),
        }
        let names = names(protocol, order);
        let text = session_toml(protocol, &names, start);
        let session = dir.join(SESSION);
        let mut file = files::create_new(&session).map_err(|e| write_error(&session, e))?;
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(|e| write_error(&session, e))?;
        // With consent asked, the data's files wait for it: a refusal
        // leaves only session.toml, consent.csv and its line in events.csv.
        let file = match protocol.procedure.consent {
            Some(_) => Appender::deferred,
            None => Appender::create,
        };
        let mut results = Self::with_files(dir, protocol, &start.participant, names, file)?;
        results.log("session_start", &start.sequence.to_string())?;
        Ok(results)
    }

    /// The results of a session in `dir`, its files made or opened by
    /// `file` (path, header, sync).
    fn with_files(
        dir: PathBuf,
        protocol: &Protocol,
        participant: &str,
        names: Vec<String>,
        file: fn(PathBuf, &str, &mut Sync) -> Result<Appender, ResultsError>,
    ) -> Result<Self, ResultsError> {
        let mut sync = Sync::default();
        let before = before::Tables::open(&dir, protocol, file, &mut sync)?;
        let mut open = |name: &str, header: &str| file(dir.join(name), header, &mut sync);
        let mssq = match protocol.mssq {
            true => Some((
                open(MSSQ_ITEMS, MSSQ_ITEMS_HEADER)?,
                open(MSSQ, MSSQ_HEADER)?,
            )),
            false => None,
        };
        Ok(Self {
            conditions: open(CONDITIONS, CONDITIONS_HEADER)?,
            ratings: open(RATINGS, RATINGS_HEADER)?,
            ratings_shape: ratings::Shape::Current,
            ssq: open(SSQ, &ssq_header())?,
            ssq_items: open(SSQ_ITEMS, SSQ_ITEMS_HEADER)?,
            answers: open(ANSWERS, ANSWERS_HEADER)?,
            before,
            events: events::Log::new(open(EVENTS, EVENTS_HEADER)?, participant),
            mssq,
            scale: protocol.in_play_scale.name(),
            questions: protocol.questions.iter().map(|q| q.id.clone()).collect(),
            participant: participant.to_string(),
            names,
            dir,
            started: None,
            ended: None,
            sync,
        })
    }

    /// Puts `sync` in place of `sync_data` for every line written from
    /// now on: the seam a test counts the syncs through, or fails them.
    pub fn set_sync(&mut self, sync: Box<SyncFn>) {
        self.sync = Sync(sync);
    }

    /// Appends a row to `events.csv` (`event`, a lower-case name with `_`;
    /// `detail`, words separated by spaces), durably, stamped with the
    /// wall clock, the session's clock and the streams' clock, and pushes
    /// it to the streams as the marker `event detail`. The one way every
    /// study event is logged: the session's own (written by
    /// [`Results::write`]) and any other part's (consent, visits).
    pub fn log(&mut self, event: &str, detail: &str) -> Result<(), ResultsError> {
        self.events.log(event, detail, &mut self.sync)
    }

    /// Sends every event from now on to `streams` as well (Lab Streaming
    /// Layer's markers), and each tick's camera given to
    /// [`Results::camera`].
    pub fn set_streams(&mut self, streams: Box<dyn Streams>) {
        self.events.set_streams(streams);
    }

    /// The session's clock moved on by `dt` seconds (the `t_s` of
    /// `events.csv`).
    pub fn advance_clock(&mut self, dt: f64) {
        self.events.advance(dt);
    }

    /// One tick of play's camera, pushed to the streams if any.
    pub fn camera(&mut self, pose: &crate::sim::Pose) {
        self.events.camera(camera_sample(pose));
    }

    /// Appends what the participant is shown on (`shown`) to
    /// `session.toml` as a `[[display]]` table, durably.
    pub fn shown(&mut self, shown: &Shown) -> Result<(), ResultsError> {
        self.append_session(&shown.toml_table())
    }

    /// Appends `text` to `session.toml` and syncs it.
    pub(super) fn append_session(&mut self, text: &str) -> Result<(), ResultsError> {
        let mut a = Appender::open(self.dir.join(SESSION), "", &mut self.sync)?;
        let file = a.file.as_mut().expect("an opened file");
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|e| write_error(&a.path, e))
    }

    /// The participant's folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The recording of the condition under way: its file name in the
    /// participant's folder, `N-CONDITION.wrec`, or `N-CONDITION-2.wrec`
    /// and so on when a name is taken (an older session's cut off attempt
    /// keeps its recording).
    pub fn recording_name(&self) -> Option<&str> {
        self.started.as_ref().map(|(_, name)| name.as_str())
    }

    /// A recording name for the condition at `position` that nothing in the
    /// folder has yet (nor its `.partial`).
    fn free_recording_name(&self, position: usize) -> String {
        let stem = format!("{}-{}", position + 1, self.names[position]);
        let taken = |name: &str| {
            let path = self.dir.join(name);
            path.symlink_metadata().is_ok() || files::partial_path(&path).symlink_metadata().is_ok()
        };
        let first = format!("{stem}.wrec");
        if !taken(&first) {
            return first;
        }
        (2..)
            .map(|n| format!("{stem}-{n}.wrec"))
            .find(|name| !taken(name))
            .expect("a free name")
    }

    /// Writes what `event` says, durably, before returning. A condition's
    /// end waits for [`Results::recorded`], which writes its row once its
    /// recording is closed.
    pub fn write(&mut self, event: &Event) -> Result<(), ResultsError> {
        let who = self.participant.clone();
        let at = |p: usize| format!("{who},{},{}", self.names[p], label(p));
        let sync = &mut self.sync;
        match *event {
            Event::ConditionStarted { position } => {
                self.started = Some((utc_now(), self.free_recording_name(position)));
            }
            Event::Rating {
                position,
                t_s,
                rating,
                latency_s,
            } => {
                let line = self.ratings_shape.row(&ratings::Rating {
                    at: &at(position),
                    position: position + 1,
                    t_s,
                    scale: self.scale,
                    rating,
                    latency_s,
                });
                self.ratings.line(&line, sync)?;
            }
            Event::ConditionEnded {
                position,
                duration_s,
                reason,
            } => {
                let started = self.started.as_ref().map(|(s, _)| s.clone());
                self.ended = Some(Ended {
                    position,
                    duration_s,
                    reason,
                    started: started.unwrap_or_default(),
                });
            }
            Event::MssqItem { item, answer } => {
                let (section, kind) = mssq::Section::of_item(item);
                let line = format!(
                    "{who},{},{},{}",
                    section.name(),
                    kind + 1,
                    mssq::answer_text(answer)
                );
                let (items, _) = self.mssq.as_mut().expect("the protocol asks the MSSQ");
                items.line(&line, sync)?;
            }
            Event::MssqDone { child, adult } => {
                let s = mssq::score(&child, &adult);
                let score = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v:.4}"));
                let line = format!(
                    "{who},{},{},{},{},{}",
                    score(s.child),
                    score(s.adult),
                    score(s.raw),
                    s.child_not_travelled,
                    s.adult_not_travelled
                );
                let (_, scores) = self.mssq.as_mut().expect("the protocol asks the MSSQ");
                scores.line(&line, sync)?;
            }
            Event::SsqItem { when, item, rating } => {
                let line = format!(
                    "{},{},{},{rating}",
                    self.whom(when),
                    when_name(when),
                    item + 1
                );
                self.ssq_items.line(&line, &mut self.sync)?;
            }
            Event::SsqDone { when, answers } => {
                let s = ssq::score(&answers);
                let items: Vec<String> = answers.iter().map(u8::to_string).collect();
                let line = format!(
                    "{},{},{},{:.2},{:.2},{:.2},{:.2}",
                    self.whom(when),
                    when_name(when),
                    items.join(","),
                    s.nausea,
                    s.oculomotor,
                    s.disorientation,
                    s.total
                );
                self.ssq.line(&line, &mut self.sync)?;
            }
            Event::Answer {
                position,
                index,
                value,
            } => {
                let line = format!("{},{},{value}", at(position), self.questions[index]);
                self.answers.line(&line, sync)?;
            }
            Event::Rank { rank, position } => {
                let line = format!("{},rank,{rank}", at(position));
                self.answers.line(&line, sync)?;
            }
            Event::Finished | Event::Prompted { .. } => {}
            Event::Consent { .. }
            | Event::Demographic { .. }
            | Event::RestRating { .. }
            | Event::RestEnded { .. }
            | Event::VisitStarted { .. } => self.write_before(event)?,
        }
        for (name, detail) in self.event_rows(event) {
            self.log(name, &detail)?;
        }
        Ok(())
    }

    /// The rows of `events.csv` that `event` makes (none for a single
    /// questionnaire item: its file has it).
    fn event_rows(&self, event: &Event) -> Vec<(&'static str, String)> {
        match *event {
            Event::ConditionStarted { position } => vec![(
                "condition_start",
                format!("{} {}", label(position), self.names[position]),
            )],
            Event::Rating {
                position, rating, ..
            } => {
                let rating = rating.map_or("none".to_string(), |v| v.to_string());
                let detail = format!("{} {} {rating}", label(position), self.scale);
                vec![("rating", detail)]
            }
            Event::ConditionEnded {
                position,
                duration_s,
                reason,
            } => {
                let mut rows = Vec::new();
                if reason.is_stop() {
                    rows.push(("stop", format!("{} {}", label(position), reason.name())));
                }
                let detail = format!("{} {} {duration_s:.3}", label(position), reason.name());
                rows.push(("condition_end", detail));
                rows
            }
            Event::SsqDone { when, answers } => {
                let total = ssq::score(&answers).total;
                let detail = match when {
                    When::Baseline => format!("baseline {total:.2}"),
                    When::Post(p) => format!("post {} {total:.2}", label(p)),
                    When::Pre(p) => format!("pre {} {total:.2}", label(p)),
                };
                vec![("ssq", detail)]
            }
            Event::MssqDone { child, adult } => {
                let raw = mssq::score(&child, &adult).raw;
                vec![("mssq", raw.map_or(String::new(), |v| format!("{v:.4}")))]
            }
            Event::Answer {
                position,
                index,
                value,
            } => vec![(
                "answer",
                format!("{} {} {value}", label(position), self.questions[index]),
            )],
            Event::Rank { rank, position } => vec![("rank", format!("{rank} {}", label(position)))],
            Event::Finished => vec![("session_end", String::new())],
            Event::SsqItem { .. } | Event::MssqItem { .. } => Vec::new(),
            Event::Prompted { position, tone, .. } => {
                let tone = if tone { " tone" } else { "" };
                let detail = format!("{} {}{tone}", label(position), self.scale);
                vec![("prompt", detail)]
            }
            Event::Consent { .. }
            | Event::Demographic { .. }
            | Event::RestRating { .. }
            | Event::RestEnded { .. }
            | Event::VisitStarted { .. } => self.before_rows(event),
        }
    }

    /// The condition that ended has its recording closed at `saved` (None
    /// if it has none): its row of `conditions.csv` written, with the
    /// recording's SHA-256, map and settings, so the report can tell the
    /// recording played from any other.
    pub fn recorded(&mut self, saved: Option<&Path>) -> Result<(), ResultsError> {
        let Some(end) = self.ended.take() else {
            return Ok(());
        };
        self.started = None;
        let (name, sha, map, settings) = match saved {
            Some(path) => {
                let id = identify(path)?;
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                (
                    name.unwrap_or_default(),
                    id.sha256,
                    id.map,
                    id.settings_sha256,
                )
            }
            None => Default::default(),
        };
        let p = end.position;
        let line = format!(
            "{},{},{},{},{},{:.3},{},{name},{},{:.3},{sha},{map},{settings}",
            self.participant,
            self.names[p],
            label(p),
            p + 1,
            end.started,
            end.duration_s,
            end.reason != EndReason::Completed,
            end.reason.name(),
            end.duration_s,
        );
        self.conditions.line(&line, &mut self.sync)
    }

    /// `participant,condition,label` of an SSQ given `when`.
    fn whom(&self, when: When) -> String {
        match when {
            When::Baseline => format!("{},,", self.participant),
            When::Post(p) | When::Pre(p) => {
                format!("{},{},{}", self.participant, self.names[p], label(p))
            }
        }
    }
}

fn when_name(when: When) -> &'static str {
    match when {
        When::Baseline => "baseline",
        When::Post(_) => "post",
        When::Pre(_) => "pre",
    }
}

/// The condition names at each position of `order`.
fn names(protocol: &Protocol, order: &[usize]) -> Vec<String> {
    order
        .iter()
        .map(|&i| protocol.conditions[i].name.clone())
        .collect()
}

/// The text of `session.toml`.
fn session_toml(protocol: &Protocol, names: &[String], start: &Start) -> String {
    let quoted = |v: &[String]| -> String {
        let items: Vec<String> = v.iter().map(|s| toml_quote(s)).collect();
        format!("[{}]", items.join(", "))
    };
    let labels: Vec<String> = (0..names.len()).map(label).collect();
    let mut simulated = match start.simulated {
        Some(seed) => format!("simulated = true\nsimulate_seed = {seed}\n"),
        None => "simulated = false\n".to_string(),
    };
    if let Some(site) = &start.site {
        simulated.push_str(&format!("site = {}\n", toml_quote(site)));
    }
    // A consent text from its own file is not in `protocol_text`.
    if let Some(consent) = &protocol.procedure.consent {
        let hash = toml_quote(&sha256_hex(consent.as_bytes()));
        simulated.push_str(&format!("consent_sha256 = {hash}\n"));
    }
    format!(
        "# A wobblecaster study session: written when it started, then only\n\
         # appended to ([[resumed]] tables).\n\
         study = {}\nparticipant = {}\nsequence = {}\n{simulated}\
         {}started_utc = {}\nprotocol_file = {}\n\
         protocol_sha256 = {}\nmap = {}\norder = {}\nlabels = {}\nprotocol_text = {}\n",
        toml_quote(&protocol.name),
        toml_quote(&start.participant),
        start.sequence,
        this_program().toml_keys(),
        toml_quote(&utc_now()),
        toml_quote(&start.protocol_file.display().to_string()),
        toml_quote(&sha256_hex(start.protocol_text.as_bytes())),
        toml_quote(&start.map.display().to_string()),
        quoted(names),
        quoted(&labels),
        toml_quote(&start.protocol_text),
    )
}

/// This program, worked out once (its binary is hashed).
pub fn this_program() -> &'static Program {
    static PROGRAM: std::sync::OnceLock<Program> = std::sync::OnceLock::new();
    PROGRAM.get_or_init(Program::this)
}

/// `text` as a TOML basic string.
fn toml_quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The lower-case hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A file of the session as text, bounded.
fn read(path: &Path) -> Result<String, ResultsError> {
    files::read_text(path, "study data file", cap::STUDY_TABLE)
        .map_err(|e| ResultsError::Unreadable(Located::new(&e.file, e.at, chain_of(&e.kind))))
}

fn chain_of(e: &dyn std::error::Error) -> String {
    crate::located::chain(e)
}

/// Now in UTC, `YYYY-MM-DDTHH:MM:SSZ`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    crate::calendar::utc(secs)
}

#[cfg(test)]
mod tests;
