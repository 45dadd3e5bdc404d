//! One participant's folder read whole: `session.toml` and the tables,
//! every row checked against the session (the participant, the order run,
//! the labels) and against the other tables.

use super::session_file::{self, SessionFile};
use super::table::{self, Checker, Row, Table};
use super::ReportError;
use crate::study::protocol::QUESTION_POINTS;
use crate::study::results::{ssq_header, ANSWERS_HEADER, CONDITIONS_HEADER, RATINGS_HEADER};
use crate::study::ssq;
use std::path::{Path, PathBuf};

/// The highest FMS rating (frank sickness).
pub const FMS_TOP: u64 = 20;
/// The `question` of a ranking row in `answers.csv`.
pub const RANK: &str = "rank";
/// How far a written SSQ score may be from the items' score: the scores
/// are written rounded, and a larger gap means the row was changed.
const SCORE_TOLERANCE: f64 = 0.05;
/// The highest SSQ score a file may hold (the total's maximum is 235.62,
/// disorientation's 292.32).
const SCORE_TOP: f64 = 300.0;

/// A participant's session, read and checked.
#[derive(Clone, Debug)]
pub(super) struct Participant {
    /// What `session.toml` says.
    pub session: SessionFile,
    /// The conditions played (ended or stopped), in the order run.
    pub played: Vec<Played>,
    /// The baseline SSQ's total score, if given.
    pub baseline_ssq: Option<f64>,
    /// The final ranking: (condition, rank from 1, best).
    pub ranks: Vec<(String, usize)>,
    /// What the report should say about this session's files.
    pub notes: Vec<String>,
}

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
    /// Stopped before its exposure ended.
    pub ended_early: bool,
    /// Its recording, if the row names one.
    pub recording: Option<PathBuf>,
    /// The FMS prompts of the attempt that counts, in time order.
    pub ratings: Vec<Rating>,
    /// The SSQ total after it, if given.
    pub ssq_post: Option<f64>,
    /// Custom questions answered after it: (question id, answer 1 to 7).
    pub answers: Vec<(String, u8)>,
}

/// One FMS prompt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Rating {
    /// Seconds into the condition when it was shown.
    pub t_s: f64,
    /// The answer, 0 to 20; None when left unanswered.
    pub fms: Option<u8>,
}

impl Participant {
    /// The participant's ID.
    pub fn id(&self) -> &str {
        &self.session.participant
    }
}

/// Reads the participant folder `dir` named `id`.
pub(super) fn read(dir: &Path, id: &str) -> Result<Participant, ReportError> {
    let session = session_file::read(&dir.join("session.toml"), id)?;
    let mut p = Participant {
        session,
        played: Vec::new(),
        baseline_ssq: None,
        ranks: Vec::new(),
        notes: Vec::new(),
    };
    // In this order: each table is checked against the ones before.
    if let Some(t) = table_of(&mut p, dir, "conditions.csv", CONDITIONS_HEADER)? {
        played(&mut p, &t, dir)?;
    }
    if let Some(t) = table_of(&mut p, dir, "ratings.csv", RATINGS_HEADER)? {
        ratings_of(&mut p, &t)?;
    }
    if let Some(t) = table_of(&mut p, dir, "ssq.csv", &ssq_header())? {
        ssq_of(&mut p, &t)?;
    }
    if let Some(t) = table_of(&mut p, dir, "answers.csv", ANSWERS_HEADER)? {
        answers_of(&mut p, &t)?;
    }
    let (ran, of) = (p.played.len(), p.session.order.len());
    if ran < of {
        p.notes
            .push(format!("{id} played {ran} of the {of} conditions"));
    }
    Ok(p)
}

/// The table `name` of `p`'s folder `dir`, if there is one; a last line
/// cut off is noted.
fn table_of(
    p: &mut Participant,
    dir: &Path,
    name: &str,
    header: &str,
) -> Result<Option<Table>, ReportError> {
    let t = table::read(&dir.join(name), header)?;
    if t.as_ref().is_some_and(|t| t.cut) {
        p.notes.push(format!(
            "{}/{name}: the last line has no end (the session stopped while writing it) and \
             is left out",
            p.id()
        ));
    }
    Ok(t)
}

/// The columns that say whose row it is and of which condition.
struct Identity {
    /// The `label` column.
    label: usize,
    /// The `position` column, if the table has one.
    position: Option<usize>,
}

/// The first columns of every table: participant, condition, label.
const WHO: Identity = Identity {
    label: 2,
    position: None,
};
/// ... and position.
const WHO_AT: Identity = Identity {
    label: 2,
    position: Some(3),
};

/// The condition of `row` and its position in the order run (from 1),
/// after checking the participant, the label and the position against
/// the session; None after a fault.
fn identify(
    f: &mut Checker,
    t: &Table,
    row: &Row,
    s: &SessionFile,
    who: &Identity,
) -> Option<(String, usize)> {
    let participant = row.text(0);
    if participant != s.participant {
        let message = format!(
            "`participant` must be `{}` (the folder's), found {}",
            s.participant,
            table::shown(participant)
        );
        f.at_field(row, 0, message);
        return None;
    }
    let condition = f.field(t, row, 1, table::name)?;
    let Some(position) = s.position_of(&condition) else {
        let message = format!(
            "`condition` must be one of the session's ({}), found `{condition}`",
            s.order.join(", ")
        );
        f.at_field(row, 1, message);
        return None;
    };
    let label = &s.labels[position - 1];
    if row.text(who.label) != label {
        let message = format!("`label` of `{condition}` is `{label}` in session.toml");
        f.at_field(row, who.label, message);
        return None;
    }
    if let Some(i) = who.position {
        let n = s.order.len() as u64;
        let at = f.field(t, row, i, |v| table::whole(v, 1, n))?;
        if at != position as u64 {
            let message = format!("`position` of `{condition}` is {position} in session.toml");
            f.at_field(row, i, message);
            return None;
        }
    }
    Some((condition, position))
}

/// `conditions.csv` into [`Participant::played`].
fn played(p: &mut Participant, t: &Table, dir: &Path) -> Result<(), ReportError> {
    let mut f = Checker::new(&t.file);
    for row in &t.rows {
        let Some((condition, position)) = identify(&mut f, t, row, &p.session, &WHO_AT) else {
            continue;
        };
        f.field(t, row, 4, utc);
        let duration_s = f.field(t, row, 5, table::seconds);
        let ended_early = f.field(t, row, 6, table::flag);
        let recording = f.field(t, row, 7, file_name);
        if p.played.iter().any(|c| c.condition == condition) {
            f.at_field(row, 1, format!("a second row for `{condition}`"));
            continue;
        }
        let (Some(duration_s), Some(ended_early), Some(recording)) =
            (duration_s, ended_early, recording)
        else {
            continue;
        };
        p.played.push(Played {
            label: p.session.labels[position - 1].clone(),
            condition,
            position,
            duration_s,
            ended_early,
            recording: recording.map(|name| dir.join(name)),
            ratings: Vec::new(),
            ssq_post: None,
            answers: Vec::new(),
        });
    }
    p.played.sort_by_key(|c| c.position);
    f.finish()
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

/// `ratings.csv` into each played condition's ratings, the rows of
/// attempts cut off (session.toml's `[[resumed]]`) left out.
fn ratings_of(p: &mut Participant, t: &Table) -> Result<(), ReportError> {
    let mut f = Checker::new(&t.file);
    let mut seen = vec![0_usize; p.session.order.len()];
    let mut unplayed = 0;
    for row in &t.rows {
        let Some((condition, position)) = identify(&mut f, t, row, &p.session, &WHO_AT) else {
            continue;
        };
        let t_s = f.field(t, row, 4, table::seconds);
        let fms = f.field(t, row, 5, fms);
        let (Some(t_s), Some(fms)) = (t_s, fms) else {
            continue;
        };
        seen[position - 1] += 1;
        if seen[position - 1] <= p.session.discarded_ratings(&condition) {
            continue;
        }
        let Some(c) = p.played.iter_mut().find(|c| c.condition == condition) else {
            unplayed += 1;
            continue;
        };
        if let Some(last) = c.ratings.last().filter(|r| r.t_s >= t_s) {
            let message = format!(
                "`t_s` {t_s} is not after the prompt before it ({} s): is an attempt cut off \
                 missing from session.toml's [[resumed]]?",
                last.t_s
            );
            f.at_field(row, 4, message);
            continue;
        }
        c.ratings.push(Rating { t_s, fms });
    }
    let id = p.session.participant.clone();
    if unplayed > 0 {
        p.notes.push(format!(
            "{id}/ratings.csv: {unplayed} ratings of a condition not (yet) played to its end \
             are left out"
        ));
    }
    for (i, condition) in p.session.order.iter().enumerate() {
        let discarded = p.session.discarded_ratings(condition);
        if discarded > seen[i] {
            p.notes.push(format!(
                "{id}: session.toml leaves out {discarded} ratings of `{condition}`, but \
                 ratings.csv has {}",
                seen[i]
            ));
        }
    }
    f.finish()
}

/// An FMS rating, or nothing for a prompt left unanswered.
fn fms(text: &str) -> Result<Option<u8>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    let want = || format!("a whole number from 0 to {FMS_TOP}, or nothing when unanswered");
    let v = table::whole(text, 0, FMS_TOP).map_err(|_| want())?;
    Ok(Some(v as u8))
}

/// `ssq.csv` into the baseline and each played condition's SSQ total.
fn ssq_of(p: &mut Participant, t: &Table) -> Result<(), ReportError> {
    let mut f = Checker::new(&t.file);
    for row in &t.rows {
        let Some(total) = ssq_total(&mut f, t, row) else {
            continue;
        };
        match row.text(3) {
            "baseline" => {
                if !(row.text(1).is_empty() && row.text(2).is_empty()) {
                    let message = "a baseline SSQ has no condition and no label".into();
                    f.at_field(row, 1, message);
                } else if p.baseline_ssq.is_some() {
                    f.at_field(row, 3, "a second baseline SSQ".into());
                } else {
                    p.baseline_ssq = Some(total);
                }
            }
            "post" => {
                let Some((condition, _)) = identify(&mut f, t, row, &p.session, &WHO) else {
                    continue;
                };
                match p.played.iter_mut().find(|c| c.condition == condition) {
                    Some(c) if c.ssq_post.is_some() => {
                        f.at_field(row, 1, format!("a second SSQ after `{condition}`"));
                    }
                    Some(c) => c.ssq_post = Some(total),
                    None => {
                        let message = format!(
                            "an SSQ after `{condition}`, which conditions.csv does not list \
                             as played"
                        );
                        f.at_field(row, 1, message);
                    }
                }
            }
            _ => {
                f.field(t, row, 3, |_| {
                    Err::<(), _>("`baseline` or `post`".to_string())
                });
            }
        }
    }
    f.finish()
}

/// The total score of an SSQ row, recomputed from its items (Kennedy et
/// al. 1993), after checking the scores written beside them; None after a
/// fault.
fn ssq_total(f: &mut Checker, t: &Table, row: &Row) -> Option<f64> {
    const FIRST_ITEM: usize = 4;
    let top = u64::from(ssq::MAX_RATING);
    let mut answers = [0_u8; 16];
    let mut complete = true;
    for (i, answer) in answers.iter_mut().enumerate() {
        match f.field(t, row, FIRST_ITEM + i, |v| table::whole(v, 0, top)) {
            Some(v) => *answer = v as u8,
            None => complete = false,
        }
    }
    let written: Vec<Option<f64>> = (0..4)
        .map(|i| {
            f.field(t, row, FIRST_ITEM + 16 + i, |v| {
                table::number(v, 0.0, SCORE_TOP)
            })
        })
        .collect();
    if !complete {
        return None;
    }
    let s = ssq::score(&answers);
    let scored = [s.nausea, s.oculomotor, s.disorientation, s.total];
    let mut agree = true;
    for (i, (w, want)) in written.iter().zip(scored).enumerate() {
        let Some(w) = w else {
            agree = false;
            continue;
        };
        if (w - want).abs() > SCORE_TOLERANCE {
            let column = ["nausea", "oculomotor", "disorientation", "total"][i];
            let message = format!(
                "`{column}` is {w}, but the items score {}",
                (want * 100.0).round() / 100.0
            );
            f.at_field(row, FIRST_ITEM + 16 + i, message);
            agree = false;
        }
    }
    agree.then_some(s.total)
}

/// `answers.csv` into each played condition's answers and the ranking.
fn answers_of(p: &mut Participant, t: &Table) -> Result<(), ReportError> {
    let mut f = Checker::new(&t.file);
    let questions: Vec<String> = p
        .session
        .protocol
        .questions
        .iter()
        .map(|q| q.id.clone())
        .collect();
    let n = p.session.order.len();
    for row in &t.rows {
        let Some((condition, _)) = identify(&mut f, t, row, &p.session, &WHO) else {
            continue;
        };
        let question = row.text(3);
        if question == RANK {
            let Some(rank) = f.field(t, row, 4, |v| table::whole(v, 1, n as u64)) else {
                continue;
            };
            let rank = rank as usize;
            if p.ranks.iter().any(|(c, r)| *c == condition || *r == rank) {
                let message = format!("`{condition}` or rank {rank} is ranked twice");
                f.at_field(row, 4, message);
                continue;
            }
            p.ranks.push((condition, rank));
            continue;
        }
        if !questions.iter().any(|q| q == question) {
            let message = format!(
                "`question` must be `{RANK}` or one the protocol asks ({}), found {}",
                questions.join(", "),
                table::shown(question)
            );
            f.at_field(row, 3, message);
            continue;
        }
        let top = u64::from(QUESTION_POINTS);
        let Some(answer) = f.field(t, row, 4, |v| table::whole(v, 1, top)) else {
            continue;
        };
        let Some(c) = p.played.iter_mut().find(|c| c.condition == condition) else {
            let message = format!(
                "an answer after `{condition}`, which conditions.csv does not list as played"
            );
            f.at_field(row, 1, message);
            continue;
        };
        if c.answers.iter().any(|(q, _)| q == question) {
            f.at_field(
                row,
                3,
                format!("`{question}` answered twice after `{condition}`"),
            );
            continue;
        }
        c.answers.push((question.to_string(), answer as u8));
    }
    f.finish()
}
