//! A session's data as files, written as it happens: every answer is a
//! line appended, flushed and synced before the next is asked, so a crash
//! or a kill loses at most the answer being given. A participant's folder
//! is made new (a taken ID is refused); `--resume` reads what is there and
//! only ever appends.
//!
//! `RESULTS/STUDY/ID/`: `session.toml` (the protocol as run, its SHA-256,
//! the order and labels, the start, the program version; a `[[resumed]]`
//! table for each resume), `conditions.csv`, `ratings.csv`, `ssq.csv`,
//! `ssq-items.csv` (each SSQ item as answered, so a half-answered
//! questionnaire survives a kill), `answers.csv`, and one recording per
//! condition.

use super::protocol::Protocol;
use super::session::{label, Event, Progress, When};
use super::ssq;
use crate::files::{self, cap};
use crate::located::{Located, Place};
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The header of `conditions.csv`.
pub const CONDITIONS_HEADER: &str =
    "participant,condition,label,position,started_utc,duration_s,ended_early,recording";
/// The header of `ratings.csv`.
pub const RATINGS_HEADER: &str = "participant,condition,label,position,t_s,fms";
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
    ssq: Appender,
    ssq_items: Appender,
    answers: Appender,
    /// The custom questions' ids.
    questions: Vec<String>,
    /// When the condition under way started, and its recording's file
    /// name.
    started: Option<(String, String)>,
}

/// One CSV file that every line is appended to, flushed and synced.
#[derive(Debug)]
struct Appender {
    path: PathBuf,
    file: File,
}

impl Appender {
    /// A new file at `path` holding `header`.
    fn create(path: PathBuf, header: &str) -> Result<Self, ResultsError> {
        let file = files::create_new(&path).map_err(|source| write_error(&path, source))?;
        let mut a = Self { path, file };
        a.line(header)?;
        Ok(a)
    }

    /// The existing file at `path`, to append to.
    fn open(path: PathBuf) -> Result<Self, ResultsError> {
        let file = OpenOptions::new()
            .append(true)
            .open(&path)
            .map_err(|source| write_error(&path, source))?;
        Ok(Self { path, file })
    }

    /// Appends `line` and makes it durable before returning.
    fn line(&mut self, line: &str) -> Result<(), ResultsError> {
        let text = format!("{line}\n");
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.sync_data())
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
const ANSWERS: &str = "answers.csv";
const SESSION: &str = "session.toml";

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
        Ok(Self {
            conditions: Appender::create(dir.join(CONDITIONS), CONDITIONS_HEADER)?,
            ratings: Appender::create(dir.join(RATINGS), RATINGS_HEADER)?,
            ssq: Appender::create(dir.join(SSQ), &ssq_header())?,
            ssq_items: Appender::create(dir.join(SSQ_ITEMS), SSQ_ITEMS_HEADER)?,
            answers: Appender::create(dir.join(ANSWERS), ANSWERS_HEADER)?,
            questions: protocol.questions.iter().map(|q| q.id.clone()).collect(),
            participant: start.participant.clone(),
            names,
            dir,
            started: None,
        })
    }

    /// The session of `participant` resumed: what was answered, read back
    /// from its files, and the order it runs in. The protocol must be the
    /// one it started with (by SHA-256). A `[[resumed]]` table is appended
    /// to `session.toml`, saying which condition starts again and how many
    /// of its ratings belong to the attempt cut off.
    pub fn resume(
        root: &Path,
        protocol: &Protocol,
        protocol_text: &str,
        participant: &str,
    ) -> Result<(Self, Vec<usize>, Progress), ResultsError> {
        let dir = Self::folder(root, protocol, participant);
        let session_path = dir.join(SESSION);
        if !session_path.is_file() {
            return Err(ResultsError::NothingToResume {
                participant: participant.to_string(),
                dir,
            });
        }
        let session = read(&session_path)?;
        let was = toml_string(&session, "protocol_sha256").unwrap_or_default();
        let now = sha256_hex(protocol_text.as_bytes());
        if was != now {
            return Err(ResultsError::ProtocolChanged { was, now });
        }
        let order = order_of(&session, &session_path, protocol)?;
        let names = names(protocol, &order);
        let position_of = |name: &str| names.iter().position(|n| n == name);
        let mut done = Progress::default();
        let rows_of =
            |file: &str, f: &mut dyn FnMut(&[&str]) -> Option<()>| read_rows(&dir.join(file), f);
        rows_of(CONDITIONS, &mut |r| {
            done.played.push(position_of(r.get(1)?)?);
            Some(())
        })?;
        rows_of(SSQ_ITEMS, &mut |r| {
            let rating: u8 = r.get(5)?.parse().ok().filter(|&v| v <= ssq::MAX_RATING)?;
            match *r.get(3)? {
                "baseline" => done.baseline.push(rating),
                "post" => {
                    let p = position_of(r.get(1)?)?;
                    match done.post.iter_mut().find(|(q, _)| *q == p) {
                        Some((_, items)) => items.push(rating),
                        None => done.post.push((p, vec![rating])),
                    }
                }
                _ => return None,
            }
            Some(())
        })?;
        let questions: Vec<String> = protocol.questions.iter().map(|q| q.id.clone()).collect();
        let mut ranks = Vec::new();
        rows_of(ANSWERS, &mut |r| {
            let p = position_of(r.get(1)?)?;
            match *r.get(3)? {
                "rank" => ranks.push((r.get(4)?.parse::<usize>().ok()?, p)),
                q => done
                    .answered
                    .push((p, questions.iter().position(|id| id == q)?)),
            }
            Some(())
        })?;
        ranks.sort();
        done.ranked = ranks.into_iter().map(|(_, p)| p).collect();
        done.baseline.truncate(ssq::ITEMS.len());
        // The first condition not played starts again; its ratings so far
        // belong to the attempt that was cut off.
        let restart = (0..order.len()).find(|p| !done.played.contains(p));
        if let Some(position) = restart {
            let mut discarded = 0;
            read_rows(&dir.join(RATINGS), &mut |r| {
                if r.get(1) == Some(&names[position].as_str()) {
                    discarded += 1;
                }
                Some(())
            })?;
            let note = format!(
                "\n[[resumed]]\nat_utc = \"{}\"\nfrom_position = {}\ncondition = \"{}\"\n\
                 discarded_ratings = {discarded}\n",
                utc_now(),
                position + 1,
                names[position]
            );
            let mut a = Appender::open(session_path)?;
            a.file
                .write_all(note.as_bytes())
                .and_then(|()| a.file.sync_data())
                .map_err(|e| write_error(&a.path, e))?;
        }
        let results = Self {
            conditions: Appender::open(dir.join(CONDITIONS))?,
            ratings: Appender::open(dir.join(RATINGS))?,
            ssq: Appender::open(dir.join(SSQ))?,
            ssq_items: Appender::open(dir.join(SSQ_ITEMS))?,
            answers: Appender::open(dir.join(ANSWERS))?,
            questions,
            participant: participant.to_string(),
            names,
            dir,
            started: None,
        };
        Ok((results, order, done))
    }

    /// The participant's folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The recording of the condition under way: its file name in the
    /// participant's folder, `N-CONDITION.wrec`, or `N-CONDITION-2.wrec`
    /// and so on when a resumed session plays a condition again (the cut
    /// off attempt's recording stays).
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

    /// Writes what `event` says, durably, before returning.
    pub fn write(&mut self, event: &Event) -> Result<(), ResultsError> {
        let who = self.participant.clone();
        let at = |p: usize| format!("{who},{},{}", self.names[p], label(p));
        match *event {
            Event::ConditionStarted { position } => {
                self.started = Some((utc_now(), self.free_recording_name(position)));
            }
            Event::Fms { position, t_s, fms } => {
                let fms = fms.map_or(String::new(), |v| v.to_string());
                let line = format!("{},{},{t_s:.3},{fms}", at(position), position + 1);
                self.ratings.line(&line)?;
            }
            Event::ConditionEnded {
                position,
                duration_s,
                ended_early,
            } => {
                let (started, recording) = self.started.take().unwrap_or_default();
                let line = format!(
                    "{},{},{started},{duration_s:.3},{ended_early},{recording}",
                    at(position),
                    position + 1,
                );
                self.conditions.line(&line)?;
            }
            Event::SsqItem { when, item, rating } => {
                let line = format!(
                    "{},{},{},{rating}",
                    self.whom(when),
                    when_name(when),
                    item + 1
                );
                self.ssq_items.line(&line)?;
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
                self.ssq.line(&line)?;
            }
            Event::Answer {
                position,
                index,
                value,
            } => {
                let line = format!("{},{},{value}", at(position), self.questions[index]);
                self.answers.line(&line)?;
            }
            Event::Rank { rank, position } => {
                let line = format!("{},rank,{rank}", at(position));
                self.answers.line(&line)?;
            }
            Event::Finished => {}
        }
        Ok(())
    }

    /// `participant,condition,label` of an SSQ given `when`.
    fn whom(&self, when: When) -> String {
        match when {
            When::Baseline => format!("{},,", self.participant),
            When::Post(p) => format!("{},{},{}", self.participant, self.names[p], label(p)),
        }
    }
}

fn when_name(when: When) -> &'static str {
    match when {
        When::Baseline => "baseline",
        When::Post(_) => "post",
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
    let simulated = match start.simulated {
        Some(seed) => format!("simulated = true\nsimulate_seed = {seed}\n"),
        None => "simulated = false\n".to_string(),
    };
    format!(
        "# A wobblecaster study session: written when it started, then only\n\
         # appended to ([[resumed]] tables).\n\
         study = {}\nparticipant = {}\nsequence = {}\n{simulated}\
         program_version = {}\nstarted_utc = {}\nprotocol_file = {}\n\
         protocol_sha256 = {}\nmap = {}\norder = {}\nlabels = {}\nprotocol_text = {}\n",
        toml_quote(&protocol.name),
        toml_quote(&start.participant),
        start.sequence,
        toml_quote(env!("CARGO_PKG_VERSION")),
        toml_quote(&utc_now()),
        toml_quote(&start.protocol_file.display().to_string()),
        toml_quote(&sha256_hex(start.protocol_text.as_bytes())),
        toml_quote(&start.map.display().to_string()),
        quoted(names),
        quoted(&labels),
        toml_quote(&start.protocol_text),
    )
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

/// Calls `row` with the fields of every line of the CSV file at `path`
/// after its header; a line it cannot read (None) is a located error.
fn read_rows(path: &Path, row: &mut dyn FnMut(&[&str]) -> Option<()>) -> Result<(), ResultsError> {
    let text = read(path)?;
    for (i, line) in text.lines().enumerate().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        if row(&fields).is_none() {
            let message = format!("a line this program did not write: `{}`", truncate(line));
            let at = Place::text(i + 1, 1);
            return Err(ResultsError::Unreadable(Located::new(path, at, message)));
        }
    }
    Ok(())
}

fn truncate(line: &str) -> String {
    line.chars().take(80).collect()
}

/// A top-level string of a TOML document.
fn toml_string(text: &str, key: &str) -> Option<String> {
    let doc = toml::de::DeTable::parse(text).ok()?;
    let v = doc.get_ref().get(key)?;
    v.get_ref().as_str().map(str::to_string)
}

/// The order (protocol condition indices) a session's `order` names.
fn order_of(text: &str, file: &Path, protocol: &Protocol) -> Result<Vec<usize>, ResultsError> {
    let bad = |m: &str| ResultsError::Unreadable(Located::whole(file, m.to_string()));
    let doc = toml::de::DeTable::parse(text).map_err(|_| bad("not TOML as written"))?;
    let order = doc
        .get_ref()
        .get("order")
        .and_then(|v| v.get_ref().as_array())
        .ok_or_else(|| bad("no `order` list"))?;
    let mut indices = Vec::new();
    for name in order.iter() {
        let name = name
            .get_ref()
            .as_str()
            .ok_or_else(|| bad("`order` lists names"))?;
        let i = protocol.conditions.iter().position(|c| c.name == name);
        indices.push(i.ok_or_else(|| bad("`order` names a condition the protocol lacks"))?);
    }
    let mut sorted = indices.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != protocol.conditions.len() || indices.len() != sorted.len() {
        return Err(bad(
            "`order` does not list each condition of the protocol once",
        ));
    }
    Ok(indices)
}

/// Now in UTC, `YYYY-MM-DDTHH:MM:SSZ`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    crate::calendar::utc(secs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_matches_the_standard_vector() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn toml_quoting_survives_a_round_trip() {
        let text = "name = \"x\"\n# a \"quote\" and \\ back\tslash\u{7}";
        let doc = format!("v = {}\n", toml_quote(text));
        assert_eq!(toml_string(&doc, "v").as_deref(), Some(text));
    }
}
