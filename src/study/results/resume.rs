//! A session resumed: what its files say was answered, and a condition
//! cut off written down as interrupted.

use super::*;
use crate::study::scales::FMS_MAX;

/// The most recordings looked for per condition when resuming.
const MAX_ATTEMPTS: usize = 100;

impl Results {
    /// The session of `participant` resumed: what was answered, read back
    /// from its files, and the order it runs in. The protocol must be the
    /// one it started with (by SHA-256). A condition whose play was cut off
    /// (its recording begun, or rated, but not ended) is written down as
    /// ended, `interrupted`, at the last moment known, and the session goes
    /// on after it. A `[[resumed]]` table is appended to `session.toml`.
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
        let mut done = progress(&dir, protocol, &names)?;
        done.visits = visits_of(&session, &session_path, protocol)?;
        // Before consent is given, the data's files still wait for it.
        let file = match protocol.procedure.consent.is_some() && done.consent != Some(true) {
            true => Appender::open_or_defer,
            false => Appender::open,
        };
        let mut results = Self::with_files(dir, protocol, participant, names, file)?;
        results.ratings_shape = ratings_shape(&results.dir.join(RATINGS))?;
        let cut = (0..order.len()).find(|p| !done.played.contains(p));
        let from = cut.map_or(order.len() + 1, |p| p + 1);
        results.log("session_resume", &from.to_string())?;
        let program = this_program();
        let mut note = format!(
            "\n[[resumed]]\nat_utc = \"{}\"\nprogram_commit = {}\nprogram_sha256 = {}\n",
            utc_now(),
            toml_quote(&program.commit),
            toml_quote(&program.sha256)
        );
        if let Some(position) = cut {
            let name = &results.names[position];
            note.push_str(&format!(
                "from_position = {}\ncondition = {}\ndiscarded_ratings = 0\n",
                position + 1,
                toml_quote(name)
            ));
            if let Some((recording, time_s)) = results.cut_off(position)? {
                results.started = Some((String::new(), recording));
                results.write(&Event::ConditionEnded {
                    position,
                    duration_s: time_s,
                    reason: EndReason::Interrupted,
                })?;
                let recording = results.started_recording();
                results.recorded(recording.as_deref())?;
                done.played.push(position);
                note.push_str(&format!("interrupted_s = {time_s:.3}\n"));
            }
        }
        results.append_session(&note)?;
        Ok((results, order, done))
    }

    /// The condition at `position` if its play was cut off: the newest
    /// recording begun for it and the seconds played (that recording's
    /// ticks, or its last prompt's time if later); None if it never began.
    fn cut_off(&self, position: usize) -> Result<Option<(String, f64)>, ResultsError> {
        let attempts = self.attempts(position);
        let mut last_prompt_s: Option<f64> = None;
        let ratings = self.dir.join(RATINGS);
        // No ratings.csv: consent not given yet, so nothing began.
        if ratings.symlink_metadata().is_err() {
            return Ok(None);
        }
        read_rows(&ratings, &mut |r| {
            if r.get(1) == Some(&self.names[position].as_str()) {
                let t: f64 = r.get(4)?.parse().ok()?;
                last_prompt_s = Some(last_prompt_s.map_or(t, |l| l.max(t)));
            }
            Some(())
        })?;
        let Some(newest) = attempts.last() else {
            return Ok(last_prompt_s.map(|t| (String::new(), t)));
        };
        let path = self.dir.join(newest);
        let ticks = crate::record::Recording::load(&path).map_or(0, |r| r.len_ticks());
        let played_s = ticks as f64 * crate::sim::TICK_DT;
        Ok(Some((
            newest.clone(),
            played_s.max(last_prompt_s.unwrap_or(0.0)),
        )))
    }

    /// The recordings begun for the condition at `position`, in the order
    /// made: `N-NAME.wrec`, `N-NAME-2.wrec`, ..., each finished or as its
    /// `.partial`.
    fn attempts(&self, position: usize) -> Vec<String> {
        let stem = format!("{}-{}", position + 1, self.names[position]);
        let names = std::iter::once(format!("{stem}.wrec"))
            .chain((2..MAX_ATTEMPTS).map(|n| format!("{stem}-{n}.wrec")));
        let mut found = Vec::new();
        for name in names {
            let path = self.dir.join(&name);
            let partial = files::partial_path(&path);
            if path.is_file() {
                found.push(name);
            } else if partial.is_file() {
                found.push(
                    partial
                        .file_name()
                        .map_or(name, |n| n.to_string_lossy().into()),
                );
            } else {
                break;
            }
        }
        found
    }

    /// The recording of the condition under way, as a path, if one was
    /// begun.
    fn started_recording(&self) -> Option<PathBuf> {
        let (_, name) = self.started.as_ref()?;
        (!name.is_empty()).then(|| self.dir.join(name))
    }
}

/// What the files in `dir` say was answered.
fn progress(dir: &Path, protocol: &Protocol, names: &[String]) -> Result<Progress, ResultsError> {
    let position_of = |name: &str| names.iter().position(|n| n == name);
    let mut done = Progress::default();
    let rows_of = |file: &str, f: &mut dyn FnMut(&[&str]) -> Option<()>| {
        let path = dir.join(file);
        match path.symlink_metadata() {
            Ok(_) => read_rows(&path, f),
            Err(_) => Ok(()),
        }
    };
    rows_of(CONDITIONS, &mut |r| {
        done.played.push(position_of(r.get(1)?)?);
        Some(())
    })?;
    rows_of(MSSQ_ITEMS, &mut |r| {
        let answer = match *r.get(3)? {
            "na" => None,
            v => Some(v.parse().ok().filter(|&v| v <= mssq::MAX_RATING)?),
        };
        done.mssq.push(answer);
        Some(())
    })?;
    rows_of(SSQ_ITEMS, &mut |r| {
        let rating: u8 = r.get(5)?.parse().ok().filter(|&v| v <= ssq::MAX_RATING)?;
        let by_position = match *r.get(3)? {
            "baseline" => {
                done.baseline.push(rating);
                return Some(());
            }
            "post" => &mut done.post,
            "pre" => &mut done.pre,
            _ => return None,
        };
        let p = position_of(r.get(1)?)?;
        match by_position.iter_mut().find(|(q, _)| *q == p) {
            Some((_, items)) => items.push(rating),
            None => by_position.push((p, vec![rating])),
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
    rows_of(before::CONSENT, &mut |r| {
        done.consent = Some(match *r.get(1)? {
            "given" => true,
            "refused" => false,
            _ => return None,
        });
        Some(())
    })?;
    rows_of(before::DEMOGRAPHICS, &mut |_| {
        done.demographics += 1;
        Some(())
    })?;
    let conditions = names.len();
    rows_of(before::RESTS, &mut |r| {
        if *r.get(4)? == "baseline" {
            let position = r.get(3)?.parse::<usize>().ok()?.checked_sub(1)?;
            let visit = protocol
                .procedure
                .visit_of(Some(position).filter(|&p| p < conditions)?, conditions);
            // The rest's rule compares with it: a rating off the scale is
            // a line this program did not write.
            let fms = r.get(6)?.parse().ok().filter(|&f| f <= FMS_MAX)?;
            done.baseline_fms.push((visit, fms));
        }
        Some(())
    })?;
    done.baseline.truncate(ssq::ITEMS.len());
    done.mssq.truncate(mssq::ITEMS);
    Ok(done)
}

/// The shape of the rows `ratings.csv` at `path` began with (the
/// newest if it is not made yet): a session started by an older program
/// goes on writing its rows.
fn ratings_shape(path: &Path) -> Result<ratings::Shape, ResultsError> {
    if path.symlink_metadata().is_err() {
        return Ok(ratings::Shape::Current);
    }
    let text = read(path)?;
    let header = text.lines().next().unwrap_or_default();
    ratings::Shape::of_header(header).ok_or_else(|| {
        let message = format!(
            "a header this program did not write: `{}`",
            truncate(header)
        );
        ResultsError::Unreadable(Located::new(path, Place::text(1, 1), message))
    })
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

/// The visits `session.toml`'s `[[visit]]` tables say began; a visit
/// `protocol` has not (outside 1 to its visits) is refused by its number,
/// so an edited file cannot send the session to a visit it lacks.
fn visits_of(text: &str, file: &Path, protocol: &Protocol) -> Result<Vec<usize>, ResultsError> {
    let of = protocol.procedure.visits;
    let visits: Vec<usize> = visit_starts(text).into_iter().map(|(v, _)| v).collect();
    match visits.iter().find(|v| !(1..=of).contains(*v)) {
        Some(v) => Err(ResultsError::Unreadable(Located::whole(
            file,
            format!("a `[[visit]]` table names visit {v}, but the protocol has {of} visit(s)"),
        ))),
        None => Ok(visits),
    }
}

/// The visits (from 1) `session.toml`'s text `text` says began, each with
/// its `started_utc`, in the order written; a table without them is
/// passed over.
pub fn visit_starts(text: &str) -> Vec<(usize, String)> {
    let Ok(doc) = toml::de::DeTable::parse(text) else {
        return Vec::new();
    };
    let visits = doc
        .get_ref()
        .get("visit")
        .and_then(|v| v.get_ref().as_array());
    let Some(tables) = visits else {
        return Vec::new();
    };
    tables
        .iter()
        .filter_map(|t| {
            let t = t.get_ref().as_table()?;
            let v = t
                .get("visit")?
                .get_ref()
                .as_integer()?
                .as_str()
                .parse()
                .ok()?;
            let at = t.get("started_utc")?.get_ref().as_str()?.to_string();
            Some((v, at))
        })
        .collect()
}

/// A top-level string of a TOML document.
pub(super) fn toml_string(text: &str, key: &str) -> Option<String> {
    let doc = toml::de::DeTable::parse(text).ok()?;
    let v = doc.get_ref().get(key)?;
    v.get_ref().as_str().map(str::to_string)
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
