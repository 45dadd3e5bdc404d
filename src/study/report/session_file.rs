//! A participant's `session.toml`: who, which study, the site, the order
//! the conditions ran in, the protocol as run, and the resumes. Read with
//! every fault placed; keys this program does not know are left alone.
//!
//! Older sessions have no `site`, and their `[[resumed]]` tables always
//! name the condition played again; newer ones may name none (every
//! condition had been played) and may say how long the condition cut off
//! had played (`interrupted_s`).

use super::display::{self, Display};
use super::table::{self, Checker, MAX_ROWS};
use super::{DataFault, ReportError};
use crate::files::{self, cap};
use crate::located::Place;
use crate::study::protocol::{Protocol, MAX_NAME};
use crate::study::results::visit_starts;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// A TOML value with its place.
type Value<'i> = Spanned<DeValue<'i>>;

/// What `session.toml` says.
#[derive(Clone, Debug)]
pub(super) struct SessionFile {
    /// The file read.
    pub path: PathBuf,
    /// The study's name.
    pub study: String,
    /// The participant's ID (the folder's name).
    pub participant: String,
    /// The participant's number: the Latin square's row.
    pub sequence: u64,
    /// The site (lab or computer) of the session; None when not named.
    pub site: Option<String>,
    /// The seed of a simulated participant; None for a person.
    pub simulated: Option<u64>,
    /// The SHA-256 of the protocol file, as written.
    pub protocol_sha256: String,
    /// The condition names in the order run.
    pub order: Vec<String>,
    /// The label shown for each, in the same order.
    pub labels: Vec<String>,
    /// The protocol as run, read from `protocol_text`.
    pub protocol: Protocol,
    /// The times the session was resumed, in order.
    pub resumed: Vec<Resumed>,
    /// What the file says was shown and ran (its program keys and last
    /// `[[display]]` table), read with the rest.
    pub setup: Setup,
    /// When each visit began, `(visit, UTC)`, for a protocol of several
    /// visits (empty for one).
    pub visit_starts: Vec<(usize, String)>,
}

/// What `session.toml` says of the program and the screen, for
/// `display.csv` ([`super::shown`], read by [`super::display`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Setup {
    /// The program's version, commit, binary SHA-256 and OS.
    pub program: [Option<String>; 4],
    /// The last `[[display]]` table (the window the session ended in).
    pub display: Option<Display>,
}

/// A `[[resumed]]` table: the session started again after it stopped.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Resumed {
    /// The condition it went on from; None when every condition had been
    /// played.
    pub condition: Option<String>,
    /// How many of that condition's first rows in `ratings.csv` belong to
    /// attempts cut off, to be left out (0 when not given).
    pub discarded_ratings: usize,
    /// How long the condition cut off had played, seconds, if the resume
    /// wrote it down as interrupted.
    pub interrupted_s: Option<f64>,
}

impl SessionFile {
    /// The position (from 1) of `condition` in the order run.
    pub fn position_of(&self, condition: &str) -> Option<usize> {
        self.order
            .iter()
            .position(|c| c == condition)
            .map(|i| i + 1)
    }

    /// The rows of `ratings.csv` for `condition` to leave out: the largest
    /// count any of its resumes gives (each counts from the file's start).
    pub fn discarded_ratings(&self, condition: &str) -> usize {
        let resumes = self
            .resumed
            .iter()
            .filter(|r| r.condition.as_deref() == Some(condition));
        resumes.map(|r| r.discarded_ratings).max().unwrap_or(0)
    }
}

/// Reads the `session.toml` at `path` of the participant folder named
/// `folder`.
pub(super) fn read(path: &Path, folder: &str) -> Result<SessionFile, ReportError> {
    let text = files::read_text(path, "session file", cap::STUDY_TABLE)?;
    let mut r = Reader {
        text: &text,
        faults: Checker::new(path),
    };
    let doc = match DeTable::parse(&text) {
        Ok(doc) => doc,
        Err(e) => {
            let at = e.span().map_or(text.len(), |s| s.start);
            r.fault(at, format!("bad TOML: {}", e.message().trim_end()));
            return Err(r.faults.into_error());
        }
    };
    match r.session(doc.get_ref(), folder) {
        Some(session) if !r.faults.any() => {
            let doc = doc.get_ref();
            let keys = ["program_version", "program_commit", "program_sha256", "os"];
            let setup = Setup {
                program: keys.map(|k| doc.get(k).and_then(|v| display::string(v.get_ref()))),
                display: display::last_display(doc),
            };
            let several = session.protocol.procedure.visits >= 2;
            Ok(SessionFile {
                path: path.to_owned(),
                setup,
                visit_starts: match several {
                    true => visit_starts(&text),
                    false => Vec::new(),
                },
                ..session
            })
        }
        _ => Err(r.faults.into_error()),
    }
}

/// The walk over one file.
struct Reader<'a> {
    text: &'a str,
    faults: Checker,
}

impl Reader<'_> {
    /// A fault at byte `at` of the text.
    fn fault(&mut self, at: usize, message: String) {
        let place = Place::of_offset(self.text, at);
        self.faults.add(place.line(), place.col(), message);
    }

    fn session(&mut self, doc: &DeTable, folder: &str) -> Option<SessionFile> {
        let study = self.required(doc, "study").and_then(|v| self.name(v));
        let participant = self.required(doc, "participant").and_then(|v| self.name(v));
        if let (Some(p), Some(v)) = (&participant, doc.get("participant")) {
            if p != folder {
                let message = format!("`participant` is \"{p}\" in the folder `{folder}`");
                self.fault(v.span().start, message);
            }
        }
        let sequence = self
            .required(doc, "sequence")
            .and_then(|v| self.whole(v, 1, 1 << 32));
        let site = match doc.get("site") {
            Some(v) => self.site(v).map(Some),
            None => Some(None),
        };
        let simulated = self.required(doc, "simulated").and_then(|v| self.flag(v));
        let seed = match (simulated, doc.get("simulate_seed")) {
            (Some(true), Some(v)) => self.whole(v, 0, u64::MAX).map(Some),
            (Some(true), None) => {
                self.fault(
                    0,
                    "`simulate_seed` is missing for a simulated session".into(),
                );
                None
            }
            _ => Some(None),
        };
        let version = self
            .required(doc, "program_version")
            .and_then(|v| self.string(v));
        let sha = self
            .required(doc, "protocol_sha256")
            .and_then(|v| self.string(v));
        for key in ["started_utc", "protocol_file", "map"] {
            self.required(doc, key).and_then(|v| self.string(v));
        }
        let protocol = self
            .required(doc, "protocol_text")
            .and_then(|v| self.protocol(v));
        let order = self.required(doc, "order").and_then(|v| self.names(v));
        let labels = self.required(doc, "labels").and_then(|v| self.names(v));
        let (order, labels, protocol) = (order?, labels?, protocol?);
        // Checked, not used: the recordings say which version played them.
        let _ = version?;
        self.check_order(doc, &order, &labels, &protocol);
        let resumed = match doc.get("resumed") {
            Some(v) => self.resumed(v, &order),
            None => Some(Vec::new()),
        };
        Some(SessionFile {
            path: PathBuf::new(),
            study: study?,
            participant: participant?,
            sequence: sequence?,
            site: site?,
            simulated: seed?,
            protocol_sha256: sha?,
            order,
            labels,
            protocol,
            resumed: resumed?,
            setup: Setup::default(),
            visit_starts: Vec::new(),
        })
    }

    /// The value of `key`, or a fault at the file's start.
    fn required<'d, 'i>(&mut self, doc: &'d DeTable<'i>, key: &str) -> Option<&'d Value<'i>> {
        let v = doc.get(key);
        if v.is_none() {
            self.fault(0, format!("`{key}` is missing"));
        }
        v
    }

    fn wrong(&mut self, value: &Value, expected: &str) {
        let found = value.get_ref().type_str();
        self.fault(
            value.span().start,
            format!("expected {expected}, found {found}"),
        );
    }

    fn string(&mut self, value: &Value) -> Option<String> {
        let s = value.get_ref().as_str().map(str::to_string);
        if s.is_none() {
            self.wrong(value, "a string");
        }
        s
    }

    fn name(&mut self, value: &Value) -> Option<String> {
        let s = self.string(value)?;
        match super::table::name(&s) {
            Ok(s) => Some(s),
            Err(want) => {
                self.fault(
                    value.span().start,
                    format!("expected {want}, found \"{s}\""),
                );
                None
            }
        }
    }

    /// A site's name: 1 to [`MAX_NAME`] characters that a CSV field holds
    /// as they are (no comma, quote or control character).
    fn site(&mut self, value: &Value) -> Option<String> {
        let s = self.string(value)?;
        let plain = |c: char| !(c.is_control() || c == ',' || c == '"');
        match !s.is_empty() && s.chars().count() <= MAX_NAME && s.chars().all(plain) {
            true => Some(s),
            false => {
                let message = format!(
                    "expected a site's name: 1 to {MAX_NAME} characters, no comma, quote or \
                     control character; found {}",
                    table::shown(&s)
                );
                self.fault(value.span().start, message);
                None
            }
        }
    }

    /// A time from 0 to [`table::MAX_SECONDS`], seconds: a float or a whole
    /// number.
    fn seconds(&mut self, value: &Value) -> Option<f64> {
        let v = value.get_ref();
        let text = match (v.as_float(), v.as_integer()) {
            (Some(f), _) => Some(f.as_str()),
            (_, Some(i)) if i.radix() == 10 => Some(i.as_str()),
            _ => None,
        };
        let Some(text) = text else {
            self.wrong(value, "a number of seconds");
            return None;
        };
        match table::seconds(&text.replace('_', "")) {
            Ok(s) => Some(s),
            Err(want) => {
                self.fault(value.span().start, format!("expected {want}"));
                None
            }
        }
    }

    fn flag(&mut self, value: &Value) -> Option<bool> {
        let b = value.get_ref().as_bool();
        if b.is_none() {
            self.wrong(value, "true or false");
        }
        b
    }

    /// A whole number from `low` to `high`.
    fn whole(&mut self, value: &Value, low: u64, high: u64) -> Option<u64> {
        let Some(i) = value.get_ref().as_integer() else {
            self.wrong(value, "a whole number");
            return None;
        };
        let v = u64::from_str_radix(i.as_str(), i.radix()).ok();
        match v.filter(|v| (low..=high).contains(v)) {
            Some(v) => Some(v),
            None => {
                let message = format!("expected a whole number from {low} to {high}");
                self.fault(value.span().start, message);
                None
            }
        }
    }

    /// An array of names.
    fn names(&mut self, value: &Value) -> Option<Vec<String>> {
        let Some(items) = value.get_ref().as_array() else {
            self.wrong(value, "an array of names");
            return None;
        };
        let names: Vec<Option<String>> = items.iter().map(|v| self.name(v)).collect();
        names.into_iter().collect()
    }

    /// `protocol_text`, read as a protocol.
    fn protocol(&mut self, value: &Value) -> Option<Protocol> {
        let text = self.string(value)?;
        match Protocol::parse_copy(&text, Path::new("protocol_text")) {
            Ok(p) => Some(p),
            Err(e) => {
                let at = Place::of_offset(self.text, value.span().start);
                self.faults.add_at(at, DataFault::Protocol(e));
                None
            }
        }
    }

    /// The order is the protocol's conditions, each once; the labels one
    /// each, all different.
    fn check_order(&mut self, doc: &DeTable, order: &[String], labels: &[String], p: &Protocol) {
        let at = |key: &str| doc.get(key).map_or(0, |v| v.span().start);
        let (order_at, labels_at) = (at("order"), at("labels"));
        let mut names: Vec<&str> = p.conditions.iter().map(|c| c.name.as_str()).collect();
        let mut ran: Vec<&str> = order.iter().map(String::as_str).collect();
        names.sort_unstable();
        ran.sort_unstable();
        if names != ran {
            let message = format!(
                "`order` must name each of the protocol's conditions once ({})",
                names.join(", ")
            );
            self.fault(order_at, message);
        }
        let mut distinct = labels.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        if labels.len() != order.len() || distinct.len() != labels.len() {
            let message = "`labels` must give each condition in `order` its own label".into();
            self.fault(labels_at, message);
        }
    }

    /// The `[[resumed]]` tables.
    fn resumed(&mut self, value: &Value, order: &[String]) -> Option<Vec<Resumed>> {
        let tables = value.get_ref().as_array().map(|a| &a[..]);
        let Some(tables) = tables.filter(|t| t.iter().all(|v| v.get_ref().is_table())) else {
            self.wrong(value, "tables written [[resumed]]");
            return None;
        };
        let all: Vec<Option<Resumed>> = tables.iter().map(|t| self.resume(t, order)).collect();
        all.into_iter().collect()
    }

    /// One `[[resumed]]` table: `at_utc` always; `from_position` and
    /// `condition` together or neither; `discarded_ratings` and
    /// `interrupted_s` when given.
    fn resume(&mut self, table: &Value, order: &[String]) -> Option<Resumed> {
        let t = table.get_ref().as_table()?;
        let start = table.span().start;
        match t.get("at_utc") {
            Some(v) => self.string(v).map(|_| ())?,
            None => {
                self.fault(start, "a [[resumed]] without `at_utc`".into());
                return None;
            }
        }
        let discarded = match t.get("discarded_ratings") {
            Some(v) => self.whole(v, 0, MAX_ROWS as u64)? as usize,
            None => 0,
        };
        let interrupted_s = match t.get("interrupted_s") {
            Some(v) => Some(self.seconds(v)?),
            None => None,
        };
        let condition = match (t.get("from_position"), t.get("condition")) {
            (None, None) => None,
            (Some(from), Some(condition)) => Some(self.resumed_at(from, condition, order)?),
            (Some(_), None) | (None, Some(_)) => {
                let message =
                    "a [[resumed]] with one of `from_position` and `condition`: give both or \
                     neither"
                        .into();
                self.fault(start, message);
                return None;
            }
        };
        Some(Resumed {
            condition,
            discarded_ratings: discarded,
            interrupted_s,
        })
    }

    /// The condition a resume went on from, checked against its position
    /// in the order run.
    fn resumed_at(&mut self, from: &Value, condition: &Value, order: &[String]) -> Option<String> {
        let from = self.whole(from, 1, order.len() as u64);
        let name = self.name(condition);
        let (from, name) = (from?, name?);
        if order.get(from as usize - 1) != Some(&name) {
            let message = format!(
                "the condition at position {from} is `{}`, not `{name}`",
                order[from as usize - 1]
            );
            self.fault(condition.span().start, message);
            return None;
        }
        Some(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROTOCOL: &str = "name = \"s\"\nmap = \"m\"\n[[condition]]\nname = \"a\"\n\
                            [[condition]]\nname = \"b\"\n";

    /// A session.toml of participant P1 with `extra` appended.
    fn text(extra: &str) -> String {
        format!(
            "study = \"s\"\nparticipant = \"P1\"\nsequence = 2\nsimulated = true\n\
             simulate_seed = 7\nprogram_version = \"0\"\nstarted_utc = \"x\"\n\
             protocol_file = \"p\"\nprotocol_sha256 = \"ab\"\nmap = \"m\"\n\
             order = [\"b\", \"a\"]\nlabels = [\"A\", \"B\"]\nprotocol_text = {PROTOCOL:?}\n{extra}"
        )
    }

    /// Reads `text` as the session.toml of folder `P1`.
    fn read_text(name: &str, text: &str) -> Result<SessionFile, String> {
        let dir = crate::files::Scratch::new("session");
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        read(&path, "P1").map_err(|e| e.to_string())
    }

    /// Every fault of `text` as `line:col: message`.
    fn faults(name: &str, text: &str) -> Vec<String> {
        let e = read_text(name, text).expect_err("faults");
        e.lines()
            .map(|l| l.split_once(&format!("{name}:")).unwrap().1.to_string())
            .collect()
    }

    #[test]
    fn a_session_reads_with_its_resumes() {
        let resumed = "[[resumed]]\nat_utc = \"t\"\nfrom_position = 2\ncondition = \"a\"\n\
                       discarded_ratings = 3\n[[resumed]]\nat_utc = \"u\"\n\
                       from_position = 2\ncondition = \"a\"\ndiscarded_ratings = 5\n";
        let s = read_text("good.toml", &text(resumed)).unwrap();
        assert_eq!((s.study.as_str(), s.participant.as_str()), ("s", "P1"));
        assert_eq!(s.simulated, Some(7));
        assert_eq!(s.order, ["b", "a"]);
        assert_eq!(s.position_of("a"), Some(2));
        assert_eq!(s.protocol.conditions.len(), 2);
        // Each resume counts from the file's start: the largest stands.
        assert_eq!(s.discarded_ratings("a"), 5);
        assert_eq!(s.discarded_ratings("b"), 0);
        assert_eq!((s.sequence, s.site.as_deref()), (2, None));
        assert!(s.path.ends_with("good.toml"));
    }

    #[test]
    fn a_newer_session_has_a_site_and_resumes_that_name_no_condition() {
        let resumed = "site = \"Lab 2\"\n[[resumed]]\nat_utc = \"t\"\nfrom_position = 1\n\
                       condition = \"b\"\ndiscarded_ratings = 0\ninterrupted_s = 42.5\n\
                       [[resumed]]\nat_utc = \"u\"\n";
        let s = read_text("new.toml", &text(resumed)).unwrap();
        assert_eq!(s.site.as_deref(), Some("Lab 2"));
        assert_eq!(s.resumed.len(), 2);
        assert_eq!(s.resumed[0].condition.as_deref(), Some("b"));
        assert_eq!(s.resumed[0].interrupted_s, Some(42.5));
        assert_eq!(
            s.resumed[1],
            Resumed {
                condition: None,
                discarded_ratings: 0,
                interrupted_s: None
            }
        );
        assert_eq!(s.discarded_ratings("b"), 0);
    }

    #[test]
    fn faults_are_placed_and_named() {
        let t = text("").replace("participant = \"P1\"", "participant = \"P2\"");
        assert_eq!(
            faults("who.toml", &t),
            ["2:15: `participant` is \"P2\" in the folder `P1`"]
        );
        let t = text("").replace("simulate_seed = 7\n", "");
        assert_eq!(
            faults("seed.toml", &t),
            ["1:1: `simulate_seed` is missing for a simulated session"]
        );
        let t = text("").replace("order = [\"b\", \"a\"]", "order = [\"b\", \"c\"]");
        assert_eq!(
            faults("order.toml", &t),
            ["11:9: `order` must name each of the protocol's conditions once (a, b)"]
        );
        let t = text("[[resumed]]\nat_utc = \"t\"\nfrom_position = 1\ncondition = \"a\"\n");
        assert_eq!(
            faults("resume.toml", &t),
            ["17:13: the condition at position 1 is `b`, not `a`"]
        );
        let t = text("[[resumed]]\nat_utc = \"t\"\ncondition = \"a\"\n");
        assert_eq!(
            faults("half.toml", &t),
            ["14:1: a [[resumed]] with one of `from_position` and `condition`: give both or neither"]
        );
        let t = text("[[resumed]]\nfrom_position = 1\ncondition = \"b\"\n");
        assert_eq!(
            faults("when.toml", &t),
            ["14:1: a [[resumed]] without `at_utc`"]
        );
        let t = text("site = \"a,b\"\n");
        assert_eq!(
            faults("site.toml", &t),
            [
                "14:8: expected a site's name: 1 to 64 characters, no comma, quote or control \
                 character; found `a,b`"
            ]
        );
        assert_eq!(
            faults("toml.toml", "study = \n"),
            ["1:9: bad TOML: string values must be quoted, expected literal string"]
        );
    }

    #[test]
    fn a_protocol_text_that_does_not_read_keeps_its_faults() {
        let t = text("").replace("name = \\\"b\\\"", "nme = \\\"b\\\"");
        let e = read_text("protocol.toml", &t).unwrap_err();
        assert!(
            e.contains("protocol.toml:13:17: `protocol_text` does not read"),
            "{e}"
        );
        assert!(e.contains("protocol_text:6:1: unknown key `nme`"), "{e}");
    }
}
