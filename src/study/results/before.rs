//! The files of what comes before and between the conditions:
//! `consent.csv` (the answer and when), `demographics.csv` (participant,
//! item, answer), `rests.csv` (the FMS at a visit's start and during the
//! rests, and how each rest ended), and a `[[visit]]` table appended to
//! `session.toml` as each visit of several begins.

use super::*;

/// The header of `consent.csv`: `consent` is `given` or `refused`.
pub const CONSENT_HEADER: &str = "participant,consent,utc";
/// The header of `demographics.csv`: one row an item answered.
pub const DEMOGRAPHICS_HEADER: &str = "participant,item,answer";
/// The header of `rests.csv`: `kind` is `baseline` (the visit's FMS
/// before its first condition, that condition named), `rating` (an FMS
/// `t_s` seconds into the rest before the condition named, `fms` empty
/// when unanswered as the rest ended), or how the rest ended after `t_s`
/// seconds (`fms_back`, `timer`).
pub const RESTS_HEADER: &str = "participant,condition,label,position,kind,t_s,fms,latency_s";

pub(super) const CONSENT: &str = CONSENT_FILE;
/// The name of the consent's file in a participant's folder.
pub const CONSENT_FILE: &str = "consent.csv";
pub(super) const DEMOGRAPHICS: &str = "demographics.csv";
pub(super) const RESTS: &str = "rests.csv";

/// The files a protocol asks for beyond the conditions'.
#[derive(Debug)]
pub(super) struct Tables {
    consent: Option<Appender>,
    demographics: Option<Appender>,
    rests: Option<Appender>,
    /// The demographic items' ids, in the order asked.
    items: Vec<String>,
}

/// How a file of the session is made or opened: path, header, sync.
type Opener = fn(PathBuf, &str, &mut Sync) -> Result<Appender, ResultsError>;

impl Tables {
    /// The tables `protocol` asks for in `dir`, made or opened by `file`;
    /// `consent.csv` is made at once whatever `file` defers.
    pub(super) fn open(
        dir: &Path,
        protocol: &Protocol,
        file: Opener,
        sync: &mut Sync,
    ) -> Result<Self, ResultsError> {
        let p = &protocol.procedure;
        let consent = match p.consent {
            Some(_) => Some(Appender::open(dir.join(CONSENT), CONSENT_HEADER, sync)?),
            None => None,
        };
        let demographics = match p.demographics.is_empty() {
            true => None,
            false => Some(file(dir.join(DEMOGRAPHICS), DEMOGRAPHICS_HEADER, sync)?),
        };
        let rests = match p.rest_until_fms {
            Some(_) => Some(file(dir.join(RESTS), RESTS_HEADER, sync)?),
            None => None,
        };
        Ok(Self {
            consent,
            demographics,
            rests,
            items: p.demographics.iter().map(|i| i.id.clone()).collect(),
        })
    }
}

impl Appender {
    /// A file at `path` made with `header` only when a line is first
    /// written to it (or [`Appender::make`] is called).
    pub(super) fn deferred(
        path: PathBuf,
        header: &str,
        _: &mut Sync,
    ) -> Result<Self, ResultsError> {
        Ok(Self {
            path,
            file: None,
            header: header.to_string(),
        })
    }

    /// Makes the file with its header, if not made yet.
    pub(super) fn make(&mut self, sync: &mut Sync) -> Result<(), ResultsError> {
        if self.file.is_some() {
            return Ok(());
        }
        let file = files::create_new(&self.path).map_err(|e| write_error(&self.path, e))?;
        self.file = Some(file);
        let header = std::mem::take(&mut self.header);
        self.line(&header, sync)
    }

    /// The file at `path` to append to if it exists, else one made only
    /// when first written to.
    pub(super) fn open_or_defer(
        path: PathBuf,
        header: &str,
        sync: &mut Sync,
    ) -> Result<Self, ResultsError> {
        match path.symlink_metadata() {
            Ok(_) => Self::open(path, header, sync),
            Err(_) => Self::deferred(path, header, sync),
        }
    }
}

impl Results {
    /// Writes one of the events of before and between the conditions.
    pub(super) fn write_before(&mut self, event: &Event) -> Result<(), ResultsError> {
        let who = self.participant.clone();
        match *event {
            Event::Consent { given } => {
                let word = if given { "given" } else { "refused" };
                let line = format!("{who},{word},{}", utc_now());
                if let Some(a) = self.before.consent.as_mut() {
                    a.line(&line, &mut self.sync)?;
                }
                if given {
                    self.make_all()?;
                }
            }
            Event::Demographic { item, ref answer } => {
                let line = format!("{who},{},{answer}", self.before.items[item]);
                if let Some(a) = self.before.demographics.as_mut() {
                    a.line(&line, &mut self.sync)?;
                }
            }
            Event::RestRating {
                position,
                baseline,
                t_s,
                rating,
                latency_s,
            } => {
                let kind = if baseline { "baseline" } else { "rating" };
                let fms = rating.map_or(String::new(), |v| v.to_string());
                let latency = latency_s.map_or(String::new(), |v| format!("{v:.3}"));
                self.rest_line(position, kind, t_s, &format!("{fms},{latency}"))?;
            }
            Event::RestEnded {
                position,
                rest_s,
                reason,
            } => {
                self.rest_line(position, reason.name(), rest_s, ",")?;
            }
            Event::VisitStarted { visit } => {
                let note = format!(
                    "\n[[visit]]\nvisit = {visit}\nstarted_utc = \"{}\"\n",
                    utc_now()
                );
                self.append_session(&note)?;
            }
            // What the events file alone records (the prompt's opening).
            _ => {}
        }
        Ok(())
    }

    /// The rows of `events.csv` of an event of before and between the
    /// conditions (one for the demographics, at their last item).
    pub(super) fn before_rows(&self, event: &Event) -> Vec<(&'static str, String)> {
        match *event {
            Event::Consent { given } => {
                vec![("consent", if given { "given" } else { "refused" }.into())]
            }
            Event::Demographic { item, .. } if item + 1 == self.before.items.len() => {
                vec![("demographics", format!("{} items", self.before.items.len()))]
            }
            Event::RestRating {
                position,
                baseline,
                t_s,
                rating,
                ..
            } => {
                let rating = rating.map_or("none".to_string(), |v| v.to_string());
                let kind = if baseline { "baseline" } else { "rest" };
                let detail = format!("{} {kind} {t_s:.3} {rating}", label(position));
                vec![("rest_fms", detail)]
            }
            Event::RestEnded {
                position,
                rest_s,
                reason,
            } => {
                let detail = format!("{} {} {rest_s:.3}", label(position), reason.name());
                vec![("rest_end", detail)]
            }
            Event::VisitStarted { visit } => vec![("visit_start", visit.to_string())],
            _ => Vec::new(),
        }
    }

    /// A row of `rests.csv` about the condition at `position`; `tail` is
    /// its `fms,latency_s`.
    fn rest_line(
        &mut self,
        position: usize,
        kind: &str,
        t_s: f64,
        tail: &str,
    ) -> Result<(), ResultsError> {
        let line = format!(
            "{},{},{},{},{kind},{t_s:.3},{tail}",
            self.participant,
            self.names[position],
            label(position),
            position + 1
        );
        match self.before.rests.as_mut() {
            Some(a) => a.line(&line, &mut self.sync),
            None => Ok(()),
        }
    }

    /// Makes every file of the session not made yet (consent given).
    fn make_all(&mut self) -> Result<(), ResultsError> {
        let sync = &mut self.sync;
        for a in [
            &mut self.conditions,
            &mut self.ratings,
            &mut self.ssq,
            &mut self.ssq_items,
            &mut self.answers,
        ] {
            a.make(sync)?;
        }
        if let Some((items, scores)) = self.mssq.as_mut() {
            items.make(sync)?;
            scores.make(sync)?;
        }
        for a in [&mut self.before.demographics, &mut self.before.rests]
            .into_iter()
            .flatten()
        {
            a.make(sync)?;
        }
        Ok(())
    }
}
